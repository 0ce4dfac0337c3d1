// What the page knows of the games: only what the game master's list_games said (titles, player
// counts, options, view specs, bot levels). Nothing here is one game's rule.

import { S } from "./state.js";

export const BOT_KINDS = ["heuristic", "ismcts", "random"];

export function gameOf(id) {
  return S.games.find((g) => g.id === id) || null;
}

/** The bot levels the game master lists for a game ({id, en, fr, kind}), easiest first. */
export function levelsOf(g) {
  return (g && g.bot_levels) || [];
}

/** The create form's first values for ``game``: you at P1, bots elsewhere, the options' defaults. */
export function defaultForm(game) {
  const g = gameOf(game) || S.games[0];
  const players = Math.max(g.min_players, Math.min(3, g.max_players));
  const options = {};
  for (const spec of g.options || []) options[spec.name] = spec.default;
  return {
    game: g.id,
    players,
    seats: Array.from({ length: players }, (_, i) => (i === 0 ? "human" : "bot")),
    botKind: levelsOf(g).some((l) => l.id === "moyen") ? "moyen" : "heuristic",
    botDelay: 0.6,
    turnSeconds: 0,
    private: false,
    options,
  };
}
