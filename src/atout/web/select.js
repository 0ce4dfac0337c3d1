// A selection on the card table matched against the listed moves, and nothing else: which listed
// moves hold the cards chosen so far, which choice (a colour, a player) is still to make. No
// rule of any game: what is legal is the `legal` list of the last update.

const PARAM_KEYS = ["colour", "target", "other"]; // a move's choices beyond its cards
const SUIT_ORDER = { S: 0, H: 1, C: 2, D: 3 };
const RANK_ORDER = { A: 1, J: 11, Q: 12, K: 13 };

/** The card codes a move names (its "cards" list, or any card-valued field). */
export function moveCards(m) {
  const out = [];
  for (const [k, v] of Object.entries(m || {})) {
    if (k === "type") continue;
    if (typeof v === "string" && /^(?:10|[2-9AJQK])[CDHS]|^JK[12]/.test(v) && k !== "colour") out.push(v);
    else if (Array.isArray(v)) out.push(...v.filter((x) => typeof x === "string"));
  }
  return out;
}

export const sameSet = (a, b) => a.length === b.length && a.every((x) => b.includes(x));
const within = (small, big) => small.every((x) => big.includes(x));

/** Whether a move asks for more than its cards (a colour, a player, a position). */
export const hasParams = (m) => PARAM_KEYS.some((k) => m[k] != null) || "position" in m;

/** Moves of ``legal`` whose cards hold every card of ``cards``. */
export function candidates(legal, cards) {
  return legal.filter((m) => {
    const mc = moveCards(m);
    return mc.length > 0 && within(cards, mc);
  });
}

/** Moves of ``legal`` naming exactly the selection's cards and agreeing with the parameters
 *  chosen so far (``sel``: {cards, params, pair}). */
export function exact(legal, sel) {
  const { cards, params } = sel;
  if (!cards.length) return [];
  const pair = sel.pair || [];
  return candidates(legal, cards).filter(
    (m) =>
      moveCards(m).length === cards.length &&
      Object.entries(params).every(([k, v]) => m[k] === v) &&
      pair.every((s) => s === m.target || s === m.other),
  );
}

/** The parameter still to choose among the ``exact`` moves (colour, target, or a pair of
 *  players) and its values, or null. */
export function nextParam(exact, sel) {
  if (exact.length < 2) return null;
  const distinct = (k) => [...new Set(exact.map((m) => m[k]).filter((v) => v != null))];
  const colours = distinct("colour");
  if (colours.length > 1) return { key: "colour", values: colours };
  if (exact.some((m) => m.other != null)) {
    // Two players to name (a swap): tapped in any order, as an unordered pair.
    const chosen = sel.pair || [];
    const values = [...new Set(exact.flatMap((m) => [m.target, m.other]))].filter((s) => !chosen.includes(s));
    return { key: "pair", values: values.sort((a, b) => a - b), chosen };
  }
  const targets = distinct("target");
  if (targets.length > 1) return { key: "target", values: targets };
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
