// The moves as a list, for screen readers and keyboards (folded away by default): every legal
// move of the last update as a button, in words, keys 1 to 9 for the first nine.

import { S, myTurn } from "./state.js";
import { tr, seatName } from "./names.js";
import { label, moveWord, valueWord } from "./i18n.js";
import { cardName, cardsEl } from "./cards.js";
import { h } from "./dom.js";
import { moveCards, shape } from "./select.js";
import { tableGame } from "./games.js";
import { sendMove } from "./play.js";

/** The move in words for screen readers, and as a label: verb, cards, its choices (players by
 *  name: two of them a swap, one the player it is done to; a card of a hand by its place). */
export function moveParts(m) {
  const lang = S.lang;
  const word = moveWord(m.type, lang);
  const extras = [];
  const g = tableGame() || {};
  const fields = g.move_fields;
  const cards = moveCards(m, fields);
  const players = Number((S.update && S.update.view.players) || (S.info && S.info.players) || 0);
  const choices = shape(m, fields).choices.filter((k) => m[k] != null);
  const seats = choices.filter((k) => k !== "position" && Number.isInteger(m[k]) && m[k] >= 0 && m[k] < players);
  if (seats.length >= 2) extras.push(seats.map((k) => seatName(m[k])).join(" ↔ "));
  else if (seats.length === 1) extras.push(tr("move_from", { who: seatName(m[seats[0]]) }));
  for (const k of choices) {
    const v = m[k];
    if (seats.includes(k)) continue;
    if (k === "position" && Number.isInteger(v)) extras.push(tr("move_position", { n: v + 1 }));
    else if (typeof v === "string") extras.push(valueWord(v, lang));
    else extras.push(`${label(k, lang).toLowerCase()} ${typeof v === "object" ? JSON.stringify(v) : v}`);
  }
  const sentence = [word, cards.map((c) => cardName(c, lang)).join(" + "), ...extras].filter(Boolean).join(" ");
  return { word, cards, extras, sentence };
}

/** Draws the list into ``moves`` (inside the ``movelist`` details) when what it shows changed;
 *  returns true when it moved the focus itself (to the advised move). */
export function drawMoves(moves, movelist) {
  const u = S.update;
  if (!myTurn() || !u.legal || !u.legal.length) {
    if (moves.dataset.drawn !== "none") {
      moves.replaceChildren(h("p", { class: "dim", text: S.over ? tr("over") : tr("no_moves") }));
      moves.dataset.drawn = "none";
      moves.dataset.version = "";
    }
    return false;
  }
  const version = u.version;
  const hint = S.hint && S.hint.table === S.at.table && S.hint.version === version ? S.hint : null;
  const hinted = hint && hint.index != null ? hint.index : -1;
  const drawn = `${version}/${S.pending}/${hinted}/${S.lang}`;
  if (moves.dataset.drawn === drawn) return false;
  const hadFocus = moves.contains(document.activeElement);
  moves.dataset.version = String(version);
  moves.dataset.drawn = drawn;
  const buttons = u.legal.map((m, i) => {
    const p = moveParts(m);
    return h(
      "button",
      {
        type: "button",
        class: i === hinted ? "move hinted" : "move",
        disabled: S.pending,
        "aria-label": (i < 9 ? `${i + 1}. ` : "") + p.sentence,
        "aria-keyshortcuts": i < 9 ? String(i + 1) : null,
        dataset: { move: i, version, key: `move-${i}` },
        onclick: () => sendMove(m),
      },
      i < 9 ? h("kbd", { "aria-hidden": "true", text: String(i + 1) }) : null,
      h("span", { class: "verb", text: p.word }),
      p.cards.length ? cardsEl(p.cards, S.lang) : null,
      p.extras.length ? h("span", { class: "extra", text: p.extras.join(" ") }) : null,
    );
  });
  const list = [h("div", { class: "move-list" }, buttons)];
  if (u.legal_total != null && u.legal_total > u.legal.length) list.push(h("p", { class: "dim small", text: tr("more_moves", { shown: u.legal.length, total: u.legal_total }) }));
  moves.replaceChildren(...list);
  if (S.focusHint && hinted >= 0 && movelist.open) {
    S.focusHint = false;
    buttons[hinted].focus({ preventScroll: true });
    return true;
  }
  if (hadFocus && buttons.length) buttons[0].focus({ preventScroll: true });
  return false;
}
