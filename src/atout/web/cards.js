// Cards from their codes ("QH", "10S", "JK1", "QH#2"): glyphs, names and DOM elements.
// Mirrors src/atout/cards.py; the code is kept on every face-up card element as data-card.

import { faceSVG, backSVG } from "./deck.js";
import { t } from "./i18n.js";

const SUITS = {
  C: { symbol: "♣", red: false },
  D: { symbol: "♦", red: true },
  H: { symbol: "♥", red: true },
  S: { symbol: "♠", red: false },
};
const COURT = ["J", "Q", "K"];

const CODE = /^(?:(10|[2-9AJQK])([CDHS])|JK([12]))(?:#(\d))?$/;
// A card code inside a sentence (as the server's texts sometimes name cards by code).
export const CODE_IN_TEXT = /(?<![A-Za-z0-9#])(?:(?:10|[2-9AJQK])[CDHS]|JK[12])(?:#\d)?(?![A-Za-z0-9])/g;

/** The parts of a card code, or null when it is not one. */
export function parseCard(code) {
  if (typeof code !== "string") return null;
  const m = CODE.exec(code);
  if (!m) return null;
  if (m[3]) return { code, rank: "JK", suit: null, deck: Number(m[4] || 1) };
  return { code, rank: m[1], suit: m[2], deck: Number(m[4] || 1) };
}

export function isCardCode(x) {
  return parseCard(x) !== null;
}

export function isCardList(v) {
  return Array.isArray(v) && v.length > 0 && v.every(isCardCode);
}

// A card's words are the catalogue's (page-card-rank, page-card-name…), said once per card and
// language: a table says them at each update.
const SAID = new Map();

function once(key, make) {
  let got = SAID.get(key);
  if (got === undefined) SAID.set(key, (got = make()));
  return got;
}

/** How ``lang`` writes the court cards' ranks on a card ({J: "V", Q: "D", K: "R"} in French). */
export function rankTokens(lang) {
  return once(`ranks/${lang}`, () => Object.fromEntries(COURT.map((r) => [r, t(lang, "card_rank", { rank: r })])));
}

/** Short form: "Q♥" in English, "D♥" in French, "★" for a Joker. */
export function glyph(code, lang) {
  const c = parseCard(code);
  if (!c) return String(code);
  if (!c.suit) return "★";
  return (rankTokens(lang)[c.rank] || c.rank) + SUITS[c.suit].symbol;
}

/** Full name: "Queen of Hearts" / "Dame de cœur" (plus "(deck 2)" for a second copy). */
export function cardName(code, lang) {
  const c = parseCard(code);
  if (!c) return String(code);
  return once(`name/${code}/${lang}`, () => {
    const name = c.suit ? t(lang, "card_name", { rank: c.rank, suit: c.suit }) : t(lang, "card_joker");
    return c.deck > 1 ? t(lang, "card_copy", { card: name, deck: c.deck }) : name;
  });
}

export function isRed(code) {
  const c = parseCard(code);
  return !!(c && c.suit && SUITS[c.suit].red);
}

// Each face is drawn once per language into an image URL; a card on the table is then one <img>
// (no text in the page's DOM, so a card is named only by its label; cheap to redraw).
const FACES = new Map();

function imageUrl(key, make) {
  let url = FACES.get(key);
  if (!url) {
    url = URL.createObjectURL(new Blob([make()], { type: "image/svg+xml" }));
    FACES.set(key, url);
  }
  return url;
}

function cardImage(key, make) {
  const img = document.createElement("img");
  img.src = imageUrl(key, make);
  img.alt = "";
  img.draggable = false;
  img.decoding = "sync";
  return img;
}

/** One card as an element: rank and suit symbol, red suits in red, its name for screen readers.
 *  ``size`` "face" draws the real card (SVG) inside a ``tag`` element (span or button). */
export function cardEl(code, lang, size = "", tag = "span") {
  const c = parseCard(code);
  if (size === "face") {
    const el = document.createElement(tag);
    el.className = "card face" + (isRed(code) ? " red" : "");
    el.dataset.card = code;
    if (tag !== "button") el.setAttribute("role", "img");
    el.setAttribute("aria-label", cardName(code, lang));
    const base = c ? code.replace(/#\d$/, "") : code;
    el.append(cardImage(`${base}/${lang}`, () => faceSVG(base, rankTokens(lang))));
    return el;
  }
  const el = document.createElement("span");
  el.className = "card" + (isRed(code) ? " red" : "") + (c && !c.suit ? " joker" : "") + (size ? " " + size : "");
  el.dataset.card = code;
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", cardName(code, lang));
  const g = glyph(code, lang);
  const rank = document.createElement("span");
  rank.className = "rank";
  const suit = document.createElement("span");
  suit.className = "suit";
  if (c && c.suit) {
    rank.textContent = g.slice(0, -1);
    suit.textContent = g.slice(-1);
  } else {
    rank.textContent = g;
  }
  el.append(rank, suit);
  return el;
}

/** A card face, or a back (``code`` null), waiting for its image: a ``tag`` element with
 *  ``data-face`` whose <img> is made by fillFace once it is put in the page (morph.js), so a
 *  table described anew at each update makes no image for a card that is there already. */
export function faceEl(code, lang, tag = "span") {
  const el = document.createElement(tag);
  if (code == null) {
    el.className = "card back";
    if (tag === "span") el.setAttribute("aria-hidden", "true");
    el.dataset.face = "back";
    return el;
  }
  const c = parseCard(code);
  el.className = "card face" + (isRed(code) ? " red" : "");
  el.dataset.card = code;
  if (tag !== "button") el.setAttribute("role", "img");
  el.setAttribute("aria-label", cardName(code, lang));
  el.dataset.face = `${c ? code.replace(/#\d$/, "") : code}/${lang}`;
  return el;
}

/** Gives a faceEl its image (the face it names, drawn once per language; or the back). */
export function fillFace(el) {
  const face = el.dataset.face;
  if (face === "back") el.append(cardImage("back", () => backSVG()));
  else {
    const [base, lang] = face.split("/");
    el.append(cardImage(face, () => faceSVG(base, rankTokens(lang))));
  }
}

/** A row of cards; only the last ``limit`` when there are more, with "… +n" before them. */
export function cardsEl(codes, lang, limit = 0) {
  const row = document.createElement("span");
  row.className = "cards";
  let shown = codes;
  if (limit && codes.length > limit) {
    shown = codes.slice(-limit);
    const more = document.createElement("span");
    more.className = "more";
    more.textContent = `… +${codes.length - limit}`;
    row.append(more);
  }
  for (const code of shown) row.append(cardEl(code, lang));
  return row;
}

/** Draws every face of ``lang`` ahead of need (idle time), so a deal draws at once. */
export function prewarm(lang) {
  const codes = ["JK1", "JK2"];
  for (const s of "CDHS") for (const r of ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]) codes.push(r + s);
  const idle = window.requestIdleCallback || ((f) => setTimeout(() => f({ timeRemaining: () => 8 }), 50));
  const step = (deadline) => {
    while (codes.length && deadline.timeRemaining() > 1) {
      const code = codes.pop();
      imageUrl(`${code}/${lang}`, () => faceSVG(code, rankTokens(lang)));
    }
    if (codes.length) idle(step);
  };
  idle(step);
}

/** The card back's image URL, for CSS (small backs are painted, not images). */
export function backUrl() {
  return imageUrl("back", () => backSVG());
}

/** A face-down card (a card back): a span, hidden from screen readers, or a button. */
export function backEl(tag = "span") {
  const el = document.createElement(tag);
  el.className = "card back";
  if (tag === "span") el.setAttribute("aria-hidden", "true");
  el.append(cardImage("back", () => backSVG()));
  return el;
}

/** A sentence as nodes: card codes in it become cards, suit symbols of red suits turn red. */
export function sentenceNodes(text, lang) {
  const out = [];
  let pos = 0;
  for (const m of text.matchAll(CODE_IN_TEXT)) {
    if (!isCardCode(m[0])) continue;
    out.push(...suitNodes(text.slice(pos, m.index)));
    out.push(cardEl(m[0], lang, "small"));
    pos = m.index + m[0].length;
  }
  out.push(...suitNodes(text.slice(pos)));
  return out;
}

function suitNodes(text) {
  const out = [];
  let pos = 0;
  for (const m of text.matchAll(/[♥♦]/g)) {
    if (m.index > pos) out.push(document.createTextNode(text.slice(pos, m.index)));
    const s = document.createElement("span");
    s.className = "red";
    s.textContent = m[0];
    out.push(s);
    pos = m.index + 1;
  }
  if (pos < text.length) out.push(document.createTextNode(text.slice(pos)));
  return out;
}
