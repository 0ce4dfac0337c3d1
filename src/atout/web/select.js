// A selection on the card table matched against the listed moves, and nothing else: which listed
// moves hold the cards chosen so far, which choice (a colour, a player) is still to make. No
// rule of any game: what is legal is the `legal` list of the last update, and what each field of
// a move holds is the game's word (list_games' move_fields: its cards, its choices).

import { isCardCode } from "./cards.js";

const SUIT_ORDER = { S: 0, H: 1, C: 2, D: 3 };
const RANK_ORDER = { A: 1, J: 11, Q: 12, K: 13 };

/** What move ``m``'s fields hold ({cards, choices}: field names), as its game publishes it in
 *  ``fields`` (list_games' move_fields); read off the move itself for a game that publishes
 *  nothing (a card code or a list of them: cards; anything else: a choice). */
export function shape(m, fields) {
  const known = fields && fields[m.type];
  if (known) return known;
  const cards = [];
  const choices = [];
  for (const [k, v] of Object.entries(m || {})) {
    if (k === "type") continue;
    (isCardCode(v) || (Array.isArray(v) && v.every(isCardCode)) ? cards : choices).push(k);
  }
  return { cards, choices };
}

/** The card codes a move names (its card fields). */
export function moveCards(m, fields) {
  const out = [];
  if (!m) return out;
  for (const k of shape(m, fields).cards) {
    const v = m[k];
    if (typeof v === "string") out.push(v);
    else if (Array.isArray(v)) out.push(...v.filter((x) => typeof x === "string"));
  }
  return out;
}

export const sameSet = (a, b) => a.length === b.length && a.every((x) => b.includes(x));
const within = (small, big) => small.every((x) => big.includes(x));

/** Whether a move asks for more than its cards (a colour, a player, a position). */
export const hasParams = (m, fields) => shape(m, fields).choices.some((k) => m[k] != null);

/** Moves of ``legal`` whose cards hold every card of ``cards``. */
export function candidates(legal, cards, fields) {
  return legal.filter((m) => {
    const mc = moveCards(m, fields);
    return mc.length > 0 && within(cards, mc);
  });
}

/** Moves of ``legal`` naming exactly the selection's cards and agreeing with the choices made
 *  so far (``sel``: {cards, params, pair}: a pair is two players named in any order). */
export function exact(legal, sel, fields) {
  const { cards, params } = sel;
  if (!cards.length) return [];
  const pair = sel.pair || [];
  return candidates(legal, cards, fields).filter(
    (m) =>
      moveCards(m, fields).length === cards.length &&
      Object.entries(params).every(([k, v]) => m[k] === v) &&
      pair.every((s) => shape(m, fields).choices.some((k) => m[k] === s)),
  );
}

/** The choice still to make among the ``exact`` moves, or null: {key, values, kind} where kind
 *  is "choice" (a value to pick: a colour), "seat" (a player, one field) or "pair" (two
 *  players for two fields, named in any order: a swap). A choice whose values are all seats of
 *  the table (``players``) is one of players; "position" (a card of a hand, face down) is the
 *  blind hand's, not chosen here. */
export function nextParam(exact, sel, fields, players) {
  if (exact.length < 2) return null;
  const keys = [...new Set(exact.flatMap((m) => shape(m, fields).choices))].filter((k) => k !== "position");
  const distinct = (k) => [...new Set(exact.map((m) => m[k]).filter((v) => v != null))];
  const isSeat = (v) => Number.isInteger(v) && v >= 0 && v < players;
  const seats = keys.filter((k) => distinct(k).length > 0 && distinct(k).every(isSeat));
  for (const k of keys) {
    const values = distinct(k);
    if (!seats.includes(k) && values.length > 1) return { key: k, values, kind: "choice" };
  }
  if (seats.length >= 2 && exact.some((m) => seats.filter((k) => m[k] != null).length >= 2)) {
    // Two players to name (a swap): tapped in any order, as an unordered pair.
    const chosen = sel.pair || [];
    const values = [...new Set(exact.flatMap((m) => seats.map((k) => m[k])))].filter((s) => s != null && !chosen.includes(s));
    return { key: "pair", values: values.sort((a, b) => a - b), chosen, kind: "pair" };
  }
  for (const k of seats) {
    const values = distinct(k);
    if (values.length > 1) return { key: k, values, kind: "seat" };
  }
  return null;
}

function rankValue(code) {
  const r = code.replace(/#\d$/, "").slice(0, -1);
  return RANK_ORDER[r] || Number(r) || 0;
}

/** Sorting a hand: by suit then rank ("suit"), or by rank then suit ("rank"). */
export function sortHand(codes, by) {
  const key = (c) => {
    if (c.startsWith("JK")) return [9, 99, c];
    const suit = SUIT_ORDER[c.replace(/#\d$/, "").slice(-1)];
    return by === "rank" ? [rankValue(c), suit, c] : [suit, rankValue(c), c];
  };
  return [...codes].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
    return 0;
  });
}
