// The page's words for what is on the table: games, seats, players and bots, in the page's
// language (the game master's titles and level names; the page's own words in i18n.js).

import { S } from "./state.js";
import { gameOf, levelsOf } from "./games.js";
import { said, t, valueWord } from "./i18n.js";

export const tr = (key, vars) => t(S.lang, key, vars);

export function gameTitle(id) {
  const g = gameOf(id);
  // the game master's titles; on a page opened alone (a replay link) before any connection, ours
  return (g && g.titles && (g.titles[S.lang] || g.titles.en)) || (id && tr("title_" + id) !== "title_" + id ? tr("title_" + id) : id) || "";
}

/** "P2" in English, "J2" in French (J for joueur). */
export function shortName(i) {
  return tr("seat_short", { n: i + 1 });
}

/** "P2 (bob)" / "J2 (bob)": the seat and the player's name. */
export function seatName(i) {
  if (i == null) return tr("game_master");
  const name = playerName(i);
  return name ? `${shortName(i)} (${name})` : shortName(i);
}

/** The name on a seat's pod: the player's, or the bot's kind ("Heuristic"). */
export function podName(i) {
  const seat = S.info && S.info.seats ? S.info.seats[i] : null;
  if (!seat) return "";
  if (seat.bot) {
    const w = botWord(seat.bot);
    return w.charAt(0).toUpperCase() + w.slice(1);
  }
  return seat.name || "";
}

/** A bot kind in the page's language: a level by its name (the game master lists them), else
 *  the kind's word. */
export function botWord(kind, game = S.info && S.info.game) {
  const level = levelsOf(gameOf(game)).find((l) => l.id === kind);
  return level ? said(level, S.lang) : valueWord(kind, S.lang);
}

/** A bot in a sentence: "Intermediate bot", "robot moyen" (the level's word as it is, and in
 *  lower case: each language's sentence takes the one it needs). */
export function botNamed(kind, game) {
  const w = botWord(kind, game);
  return tr("bot_named", { level: w, low: w.toLowerCase() });
}

/** The player's name at seat ``i`` ("" while free), a bot by its kind. */
export function playerName(i) {
  const seat = S.info && S.info.seats ? S.info.seats[i] : null;
  if (!seat) return "";
  if (seat.bot) return botNamed(seat.bot);
  return seat.name || "";
}
