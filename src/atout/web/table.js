// The card table: a component with no game rules inside (chessground is the model).
//
// It is fed a model (the seat's view, the legal moves of the last update, names, whose turn)
// and draws seats, the felt and your hand; the player's taps and drags build a selection that is
// matched against the `legal` list only, and what is sent is always one of those moves (or, when
// the list is truncated, the selection itself for the game master to judge). Where each game puts
// its cards on the felt is presentation, described in layouts.js.

import { cardEl, backEl, glyph, cardName } from "./cards.js";
import { LAYOUTS, GENERIC } from "./layouts.js";
import { snapshot, animateFrom } from "./anim.js";
import { t } from "./i18n.js";
import { h } from "./dom.js";

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

const sameSet = (a, b) => a.length === b.length && a.every((x) => b.includes(x));
const within = (small, big) => small.every((x) => big.includes(x));
const hasParams = (m) => PARAM_KEYS.some((k) => m[k] != null) || "position" in m;

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

const ICONS = {
  bot: '<rect x="5" y="8" width="14" height="11" rx="3"/><circle cx="9.5" cy="13" r="1.6" fill="#fff"/><circle cx="14.5" cy="13" r="1.6" fill="#fff"/><path d="M12 4v4M9 4h6" stroke="currentColor" stroke-width="1.8" fill="none"/>',
  sound: '<path d="M4 9h4l5-4v14l-5-4H4z"/><path d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" stroke="currentColor" stroke-width="1.8" fill="none"/>',
  muted: '<path d="M4 9h4l5-4v14l-5-4H4z"/><path d="M16 9l6 6M22 9l-6 6" stroke="currentColor" stroke-width="1.8"/>',
  log: '<path d="M4 6h16M4 12h16M4 18h10" stroke="currentColor" stroke-width="2" fill="none"/>',
};

const ICON_NODES = new Map();

/** A small icon (drawn here, coloured by the text colour); parsed once, then cloned. */
export function icon(name) {
  let svg = ICON_NODES.get(name);
  if (!svg) {
    svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("viewBox", "0 0 24 24");
    svg.setAttribute("fill", "currentColor");
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("focusable", "false");
    svg.innerHTML = ICONS[name];
    ICON_NODES.set(name, svg);
  }
  return svg.cloneNode(true);
}


// The table a finger or a mouse button is down on: a model that comes meanwhile (a seat's
// connection, a spectator, the next update) waits for the release. Drawn at once, it would
// replace the pressed card, and a click needs its press and release on the same element (the
// tap was lost). One set of listeners for every table the page makes.
let pressed = null;
function release() {
  const t = pressed;
  pressed = null;
  if (t) setTimeout(() => t.drawWaiting()); // after the click this release ends: its move's model wins
}
for (const type of ["pointerup", "pointercancel"]) window.addEventListener(type, release, true);
window.addEventListener("blur", release);

export class CardTable {
  /** ``parts``: the elements to draw into ({seats, felt, status, actions, hand});
   *  ``onMove(move)`` sends a move; ``onSay(text)`` announces a sentence to screen readers. */
  constructor(parts, { onMove, onSay, onSortChange }) {
    this.p = parts;
    this.onMove = onMove;
    this.onSay = onSay || (() => {});
    this.onSortChange = onSortChange || (() => {});
    this.model = null;
    this.sel = { version: -1, cards: [], params: {} };
    this.sortBy = "suit";
    this.autoTimer = null;
    this.autoVersion = -1;
    this.drag = null;
    this.flash = "";
    this.drawnVersion = -1;
    this.waiting = null; // a model that came while this table was pressed (see `pressed`)
    parts.root.addEventListener("pointerdown", () => (pressed = this), true);
  }

  /** The model that waited for the press's release, drawn unless a newer one came since. */
  drawWaiting() {
    const m = this.waiting;
    this.waiting = null;
    if (m && pressed !== this) this.set(m);
  }

  get layout() {
    return (this.model && LAYOUTS[this.model.game]) || GENERIC;
  }

  tr(key, vars) {
    return t(this.model.lang, key, vars);
  }

  // ---------------------------------------------------------------- model and selection

  /** Draws ``model``; animates what moved when the version changed. */
  set(model) {
    if (pressed === this && this.model) {
      this.waiting = model;
      return;
    }
    this.waiting = null;
    const prev = this.model;
    const moved = !prev || prev.version !== model.version || prev.game !== model.game;
    // a new deal seen as it happens (not a catch-up after a reload): the cards fly in from the stock
    const events = model.events || [];
    const dealt = moved && !model.reducedMotion && events.some((e) => e.kind === "deal") && events.length <= 2 * model.players + 4;
    const snap = moved && !model.reducedMotion && (prev || dealt) ? (prev ? snapshot(this.p.root) : new Map()) : null;
    this.model = model;
    if (this.sel.version !== model.version) this.sel = { version: model.version, cards: [], params: {} };
    if (moved) this.flash = "";
    this.draw();
    if (snap) animateFrom(this.p.root, snap, (key, el) => this.origin(key, el));
    this.scheduleAuto();
  }

  /** Where a card that just appeared comes from: the stock, or the seat that played or gave it;
   *  at a deal, the hand's cards fly in one after the other. */
  origin(key, el) {
    const m = this.model;
    const root = this.p.root;
    const pod = (s) => (s === m.me ? this.p.hand : root.querySelector(`.pod[data-seat="${s}"]`));
    const stock = root.querySelector('[data-zone="stock"]') || this.p.felt;
    const events = m.events || [];
    if (events.some((e) => e.kind === "deal") && el.dataset.where === "hand") {
      const i = [...el.parentNode.children].indexOf(el);
      return { rect: stock.getBoundingClientRect(), delay: i * 45 };
    }
    if (!el.dataset.card) return null;
    const code = el.dataset.card;
    const ev = [...events].reverse().find((e) => JSON.stringify(e.data || {}).includes(`"${code}"`));
    if (!ev) return null;
    const d = ev.data || {};
    let from = null;
    if (d.from != null && d.from !== m.me) from = pod(d.from);
    else if (ev.kind === "draw" || ev.kind === "pick") from = d.from != null ? pod(d.from) : stock;
    else if (ev.seat != null && ev.seat !== m.me) from = pod(ev.seat);
    return from ? { rect: from.getBoundingClientRect() } : null;
  }

  myTurn() {
    const m = this.model;
    return !!m && m.me != null && m.turn === m.me && !m.over && !m.pending && Array.isArray(m.legal) && m.legal.length > 0;
  }

  legal() {
    return this.myTurn() ? this.model.legal : [];
  }

  truncated() {
    const m = this.model;
    return m.legalTotal != null && m.legal && m.legalTotal > m.legal.length;
  }

  /** Moves whose cards hold every selected card. */
  candidates(cards = this.sel.cards) {
    return this.legal().filter((m) => {
      const mc = moveCards(m);
      return mc.length > 0 && within(cards, mc);
    });
  }

  /** Moves naming exactly the selected cards and agreeing with the parameters chosen so far. */
  exact() {
    const { cards, params } = this.sel;
    if (!cards.length) return [];
    const pair = this.sel.pair || [];
    return this.candidates().filter(
      (m) =>
        moveCards(m).length === cards.length &&
        Object.entries(params).every(([k, v]) => m[k] === v) &&
        pair.every((s) => s === m.target || s === m.other),
    );
  }

  /** The parameter still to choose (colour, target, other) and its values, or null. */
  nextParam(exact) {
    if (exact.length < 2) return null;
    const distinct = (k) => [...new Set(exact.map((m) => m[k]).filter((v) => v != null))];
    const colours = distinct("colour");
    if (colours.length > 1) return { key: "colour", values: colours };
    if (exact.some((m) => m.other != null)) {
      // Two players to name (a swap): tapped in any order, as an unordered pair.
      const chosen = this.sel.pair || [];
      const values = [...new Set(exact.flatMap((m) => [m.target, m.other]))].filter((s) => !chosen.includes(s));
      return { key: "pair", values: values.sort((a, b) => a - b), chosen };
    }
    const targets = distinct("target");
    if (targets.length > 1) return { key: "target", values: targets };
    return null;
  }

  tapCard(code, where) {
    if (!this.myTurn()) return;
    const sel = this.sel;
    if (sel.cards.includes(code)) {
      sel.cards = sel.cards.filter((c) => c !== code);
      sel.params = {};
      sel.pair = [];
      this.draw();
      return;
    }
    let next = [...sel.cards, code];
    const free = this.truncated() && this.layout.freeSelection;
    if (!free && !this.candidates(next).length) {
      if (this.candidates([code]).length) next = [code];
      else {
        this.refuse(this.tr("not_playable", { card: glyph(code, this.model.lang) }), code);
        return;
      }
    }
    sel.cards = next;
    sel.params = {};
    sel.pair = [];
    this.autoExtend();
    const exact = this.exact();
    const bigger = this.candidates().some((m) => moveCards(m).length > sel.cards.length);
    if (this.layout.tapToSend && exact.length === 1 && !bigger && !hasParams(exact[0]) && where === "hand") {
      this.send(exact[0]);
      return;
    }
    this.draw();
  }

  /** When every candidate names the same cards (a pair), select them all (games whose layout
   *  asks for it: a Le Quinze player builds the fifteen card by card). */
  autoExtend() {
    if (!this.layout.autoExtend) return;
    const cand = this.candidates();
    if (!cand.length) return;
    const first = moveCards(cand[0]);
    if (first.length > this.sel.cards.length && cand.every((m) => sameSet(moveCards(m), first))) this.sel.cards = [...first];
  }

  choose(key, value) {
    if (key === "pair") this.sel.pair = [...(this.sel.pair || []), value];
    else this.sel.params[key] = value;
    this.draw();
  }

  clear() {
    this.sel.cards = [];
    this.sel.params = {};
    this.sel.pair = [];
    this.draw();
  }

  /** A card dropped on a zone that stands for a move type (the pile: play; the table: lay). */
  dropCard(code, type) {
    if (!this.myTurn()) return;
    const cards = this.sel.cards.includes(code) ? this.sel.cards : [code];
    const found = this.legal().filter((m) => m.type === type && sameSet(moveCards(m), cards));
    if (found.length === 1 && !hasParams(found[0])) this.send(found[0]);
    else if (found.length) {
      this.sel.cards = [...cards];
      this.draw();
    } else this.refuse(this.tr("not_playable", { card: glyph(code, this.model.lang) }), code);
  }

  send(move) {
    clearTimeout(this.autoTimer);
    this.sel = { version: this.model.version, cards: [], params: {} };
    this.onMove(move);
  }

  refuse(text, code) {
    this.flash = text;
    this.onSay(text);
    this.draw();
    if (code && !this.model.reducedMotion) {
      const el = this.p.root.querySelector(`[data-card="${CSS.escape(code)}"]`);
      if (el) el.animate([{ transform: "translateX(0)" }, { transform: "translateX(-6px)" }, { transform: "translateX(6px)" }, { transform: "translateX(0)" }], { duration: 240 });
    }
  }

  /** The only legal move, with nothing to choose (end the turn, deal, draw when nothing else
   *  can be played): sent by itself after a visible pause. */
  forced() {
    const legal = this.legal();
    if (legal.length !== 1) return null;
    const m = legal[0];
    return moveCards(m).length || hasParams(m) ? null : m;
  }

  scheduleAuto() {
    const m = this.forced();
    if (!m || this.autoVersion === this.model.version) return;
    this.autoVersion = this.model.version;
    clearTimeout(this.autoTimer);
    const version = this.model.version;
    this.autoTimer = setTimeout(() => {
      if (this.model.version === version && this.forced()) this.send(m);
      else this.autoVersion = -1; // not sent (the table was locked: a drop): the next draw tries again
    }, this.model.autoDelay ?? 1200);
  }

  // ---------------------------------------------------------------- drawing

  ctx() {
    const m = this.model;
    return {
      lang: m.lang,
      me: m.me,
      tr: (k, v) => t(m.lang, k, v),
      seatName: m.seatName,
      short: m.shortName,
      card: (code, opts) => this.cardNode(code, opts),
      back: (key) => this.backNode(key),
      table: this,
    };
  }

  draw() {
    const m = this.model;
    const L = this.layout;
    const ctx = this.ctx();
    const exact = this.exact();
    const need = exact.length ? this.nextParam(exact) : null;
    this.drawSeats(ctx, need);
    this.p.felt.replaceChildren(...[L.felt(m.view, ctx, this)].flat().filter(Boolean));
    this.p.felt.dataset.game = m.game;
    if (need && need.key === "colour") this.p.felt.append(this.colourChooser(need.values, ctx));
    const blind = this.blindHand(ctx);
    if (blind) this.p.felt.append(blind);
    this.drawHand(ctx);
    this.drawActions(ctx, exact, need);
    this.drawnVersion = m.version;
  }

  cardNode(code, { where = "", key = null, interactive = false, label = null, last = false } = {}) {
    const m = this.model;
    const sel = this.sel.cards.includes(code);
    const playable = interactive && this.myTurn() && (this.candidates([code]).length > 0 || (this.truncated() && this.layout.freeSelection));
    const el = cardEl(code, m.lang, "face", interactive ? "button" : "span");
    el.dataset.k = key || code;
    if (where) el.dataset.where = where;
    if (label) el.setAttribute("aria-label", label);
    if (sel) el.classList.add("selected");
    if (last) el.classList.add("last");
    if (interactive) {
      el.type = "button";
      el.dataset.key = `card-${where}-${code}`; // the focus survives a redraw
      el.setAttribute("aria-pressed", sel ? "true" : "false");
      if (playable) el.classList.add("playable");
      else if (this.myTurn()) el.classList.add("dim");
      el.addEventListener("click", (ev) => {
        if (this.drag && this.drag.moved) return;
        ev.preventDefault();
        this.tapCard(code, where);
      });
      if (where === "hand") el.addEventListener("pointerdown", (ev) => this.startDrag(ev, code, el));
    }
    return el;
  }

  backNode(key) {
    const el = backEl();
    el.dataset.k = key;
    return el;
  }

  drawSeats(ctx, need) {
    const m = this.model;
    const n = m.players;
    const order = [];
    const start = m.me == null ? 0 : m.me + 1;
    for (let i = 0; i < n; i++) {
      const s = (start + i) % n;
      if (s !== m.me) order.push(s);
    }
    const targets = need && (need.key === "target" || need.key === "pair") ? need.values : [];
    const chosen = [...(this.sel.pair || []), this.sel.params.target].filter((x) => x != null);
    const sizes = m.view.hand_sizes || [];
    const pods = order.map((s) => {
      const turn = m.turn === s && !m.over;
      const info = m.seats[s] || {};
      const pickable = targets.includes(s);
      const pod = h(pickable ? "button" : "div", {
        class: "pod" + (turn ? " turn" : "") + (pickable ? " targetable" : "") + (chosen.includes(s) ? " chosen" : ""),
        dataset: { seat: s, k: "pod:" + s },
        type: pickable ? "button" : null,
        "aria-label": pickable ? this.tr("choose_player", { who: ctx.seatName(s) }) : null,
        onclick: pickable ? () => this.choose(need.key, s) : null,
      });
      const count = Number(sizes[s] ?? 0);
      // the seat's cards as small backs (one painted box each: cheap to redraw); at the end of a
      // game every hand is open, face up
      const open = Array.isArray(m.view.hands) && Array.isArray(m.view.hands[s]) ? m.view.hands[s] : null;
      const fan = open
        ? h("div", { class: "open-hand", role: "group", "aria-label": this.tr("hand_of", { who: ctx.seatName(s) }) }, open.map((c) => this.cardNode(c, { key: `open:${s}:${c}` })))
        : h("div", { class: "mini-fan", "aria-hidden": "true" });
      if (!open) for (let j = 0; j < Math.min(count, 14); j++) fan.append(h("i", { class: "mini-back" }));
      pod.append(
        h(
          "div",
          { class: "pod-head" },
          h("span", { class: "avatar" + (info.bot ? " bot" : ""), "aria-hidden": "true" }, info.bot ? icon("bot") : (m.playerName(s) || "?").slice(0, 1).toUpperCase(), turn && m.deadlineFraction != null ? h("span", { class: "ring", style: `--p:${m.deadlineFraction}` }) : null),
          h(
            "span",
            { class: "who" },
            h("strong", { class: "pname" }, h("span", { class: "seat-tag", text: ctx.short(s) }), h("wbr"), m.podName(s) || this.tr("free_seat")),
            h("span", { class: "count", text: `${count} ${this.tr(count === 1 ? "card" : "cards")}` }),
          ),
          turn ? h("span", { class: "sr-only", text: ` (${this.tr("turn_marker")})` }) : null,
          info.away ? h("span", { class: "badge off", text: this.tr("away_seat") }) : info.taken && !info.bot && info.connected === false ? h("span", { class: "badge off", text: this.tr("disconnected_seat") }) : null,
        ),
        fan,
        ...[this.layout.pod(m.view, s, ctx)].flat().filter(Boolean),
      );
      return pod;
    });
    this.p.seats.replaceChildren(...pods);
    this.p.seats.dataset.n = String(pods.length);
  }

  colourChooser(values, ctx) {
    const box = h("div", { class: "chooser", role: "group", "aria-label": this.tr("choose_colour") });
    box.append(h("p", { class: "chooser-title", text: this.tr("choose_colour") }));
    for (const v of values) {
      box.append(
        h(
          "button",
          { type: "button", class: "colour-chip " + v, dataset: { colour: v }, onclick: () => this.choose("colour", v) },
          h("span", { class: "suits", "aria-hidden": "true", text: v === "red" ? "♥♦" : "♠♣" }),
          " ",
          this.tr("colour_" + v),
        ),
      );
    }
    return box;
  }

  /** Moves that name a position in someone's hand (a blind draw): that hand's backs, each a button. */
  blindHand(ctx) {
    const pos = this.legal().filter((m) => "position" in m && !moveCards(m).length);
    if (!pos.length) return null;
    const type = pos[0].type;
    const seat = this.layout.positionSeat(this.model.view, type);
    const count = pos.length;
    const box = h("div", { class: "blind", role: "group", "aria-label": this.tr(type === "pick" ? "pick_from" : "draw_from", { who: seat != null ? ctx.seatName(seat) : "?" }) });
    box.append(h("p", { class: "blind-title", text: this.tr(type === "pick" ? "pick_from" : "draw_from", { who: seat != null ? ctx.seatName(seat) : "?" }) }));
    const fan = h("div", { class: "fan blind-fan", style: `--n:${count}` });
    for (const m of pos) {
      const b = backEl("button");
      b.type = "button";
      b.classList.add("playable");
      b.dataset.k = `b:${seat}:${m.position}`;
      b.dataset.position = m.position;
      b.dataset.key = `blind-${m.position}`;
      b.setAttribute("aria-label", this.tr("blind_card", { n: m.position + 1, total: count }));
      b.addEventListener("click", () => this.send(m));
      fan.append(b);
    }
    box.append(fan);
    return box;
  }

  drawHand(ctx) {
    const m = this.model;
    const hand = this.p.hand;
    if (m.me == null) {
      hand.replaceChildren(h("p", { class: "dim spectating", text: this.tr("spectator") }));
      if (this.p.sortSlot) this.p.sortSlot.replaceChildren();
      return;
    }
    const codes = sortHand(m.view.hand || [], this.sortBy);
    const fan = h("div", {
      class: "fan hand-fan",
      role: "group",
      id: "hand-cards",
      "aria-label": `${this.tr("hand")}: ${codes.length} ${this.tr(codes.length === 1 ? "card" : "cards")}`,
      style: `--n:${Math.max(codes.length, 1)}`,
    });
    for (const code of codes) fan.append(this.cardNode(code, { where: "hand", interactive: true, label: cardName(code, m.lang) }));
    const sortBtn = h("button", {
      type: "button",
      class: "sort",
      id: "sort",
      text: this.tr(this.sortBy === "suit" ? "sort_by_rank" : "sort_by_suit"),
      onclick: () => {
        this.sortBy = this.sortBy === "suit" ? "rank" : "suit";
        this.onSortChange(this.sortBy);
        this.draw();
      },
    });
    hand.replaceChildren(fan);
    if (this.p.sortSlot) this.p.sortSlot.replaceChildren(codes.length > 1 ? sortBtn : "");
    hand.classList.toggle("my-turn", this.myTurn());
  }

  drawActions(ctx, exact, need) {
    const m = this.model;
    const L = this.layout;
    const out = [];
    const prompt = [];
    const legal = this.legal();
    if (this.flash) prompt.push(h("span", { class: "flash", text: this.flash }));
    if (this.myTurn()) {
      const forced = this.forced();
      if (forced) {
        prompt.push(h("span", { class: "auto", text: this.tr("auto_move", { move: L.actText(forced, ctx) }) }));
      } else if (this.sel.cards.length) {
        const sum = L.selectionText ? L.selectionText(this.sel.cards, ctx) : null;
        if (sum) prompt.push(h("span", { class: "sum", id: "sum", text: sum }));
        if (need) {
          prompt.push(h("span", { class: "need", text: L.paramPrompt(need, exact, ctx) }));
          if (need.key !== "colour") {
            for (const v of need.values) {
              out.push(h("button", { type: "button", class: "target", dataset: { target: v }, onclick: () => this.choose(need.key, v), text: v === m.me ? this.tr("yourself") : ctx.seatName(v) }));
            }
          }
        } else if (exact.length) {
          for (const mv of exact) {
            const effect = L.effect ? L.effect(mv, ctx) : null;
            if (effect) prompt.push(h("span", { class: "effect", text: effect }));
            out.push(h("button", { type: "button", class: "primary act", dataset: { type: mv.type }, onclick: () => this.send(mv), text: L.actText(mv, ctx) }));
          }
        } else if (this.truncated() && L.freeMove) {
          const free = L.freeMove(this.sel.cards);
          if (free) out.push(h("button", { type: "button", class: "primary act", dataset: { type: free.type }, onclick: () => this.send(free), text: L.actText(free, ctx) }));
        } else if (L.tapMore) prompt.push(h("span", { class: "need", text: L.tapMore(this.candidates(), this.sel.cards, ctx) }));
        if (L.supersets) {
          for (const mv of this.candidates()) {
            if (moveCards(mv).length > this.sel.cards.length) out.push(h("button", { type: "button", class: "act", dataset: { type: mv.type }, onclick: () => this.send(mv), text: L.actText(mv, ctx) }));
          }
        }
        out.push(h("button", { type: "button", class: "quiet", id: "clear", onclick: () => this.clear(), text: this.tr("clear") }));
      } else {
        prompt.push(h("span", { class: "need", text: L.prompt(m.view, legal, ctx) }));
      }
      if (!forced) {
        for (const mv of legal) {
          if (moveCards(mv).length || "position" in mv) continue;
          if (L.onBoard && L.onBoard(mv)) continue;
          out.push(h("button", { type: "button", class: "act plain", dataset: { type: mv.type }, onclick: () => this.send(mv), text: L.actText(mv, ctx) }));
        }
      }
    }
    this.p.prompt.replaceChildren(...prompt);
    this.p.actions.replaceChildren(...out);
  }

  // ---------------------------------------------------------------- drag and drop

  startDrag(ev, code, el) {
    if (!this.myTurn() || ev.button > 0) return;
    const start = { x: ev.clientX, y: ev.clientY };
    const drag = (this.drag = { code, el, moved: false, ghost: null });
    const move = (e) => {
      const dx = e.clientX - start.x;
      const dy = e.clientY - start.y;
      if (!drag.moved && Math.hypot(dx, dy) < 8) return;
      if (!drag.moved) {
        drag.moved = true;
        const r = el.getBoundingClientRect();
        drag.ghost = el.cloneNode(true);
        drag.ghost.classList.add("ghost");
        drag.ghost.removeAttribute("data-k");
        drag.ghost.removeAttribute("data-card");
        drag.ghost.style.cssText = `position:fixed;left:${r.left}px;top:${r.top}px;width:${r.width}px;height:${r.height}px;margin:0;z-index:50;pointer-events:none`;
        drag.origin = r;
        document.body.append(drag.ghost);
        el.classList.add("dragging");
      }
      drag.ghost.style.transform = `translate(${dx}px, ${dy}px) rotate(4deg)`;
      const over = document.elementFromPoint(e.clientX, e.clientY);
      const zone = over && over.closest("[data-drop]");
      for (const z of this.p.root.querySelectorAll("[data-drop]")) z.classList.toggle("drop-over", z === zone);
    };
    const up = (e) => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      window.removeEventListener("pointercancel", up);
      if (!drag.moved) {
        this.drag = null;
        return;
      }
      drag.ghost.remove();
      el.classList.remove("dragging");
      const over = document.elementFromPoint(e.clientX, e.clientY);
      const zone = over && over.closest("[data-drop]");
      for (const z of this.p.root.querySelectorAll("[data-drop]")) z.classList.remove("drop-over");
      setTimeout(() => (this.drag = null)); // the click that follows the drag is not a tap
      if (zone) this.dropCard(code, zone.dataset.drop);
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
    window.addEventListener("pointercancel", up);
  }
}
