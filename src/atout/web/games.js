// What the page knows of the games: only what the game master's list_games said — titles,
// player counts, options, view specs, what each move's fields hold (move_fields), the facts a
// client may help a player with (facts: Le Quinze's card values), the bots (bot_levels,
// bot_kinds, default_level). Nothing here is one game's rule.

import { S } from "./state.js";

export function gameOf(id) {
  return S.games.find((g) => g.id === id) || null;
}

/** The game at the table we are at (its info, else its view's), or null. */
export function tableGame() {
  return gameOf((S.info && S.info.game) || (S.update && S.update.view.game)) || null;
}

/** The bot levels the game master lists for a game ({id, en, fr, kind}), easiest first. */
export function levelsOf(g) {
  return (g && g.bot_levels) || [];
}

/** The raw bot kinds a table of ``g`` may seat besides its levels (for experts). */
export function botKinds(g) {
  return (g && g.bot_kinds) || [];
}

/** The bots' level when none is chosen: the game master's default, else its first level. */
export function defaultLevel(g) {
  const levels = levelsOf(g);
  if (g && g.default_level && levels.some((l) => l.id === g.default_level)) return g.default_level;
  return levels.length ? levels[0].id : botKinds(g)[0] || null;
}

/** A level ``id`` of ``g`` if it lists it, else its default. */
export function levelOr(g, id) {
  return levelsOf(g).some((l) => l.id === id) ? id : defaultLevel(g);
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
    botKind: defaultLevel(g),
    botDelay: 0.6,
    turnSeconds: 0,
    private: false,
    options,
  };
}
