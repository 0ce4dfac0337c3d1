// The card table: a component with no game rules inside (chessground is the model).
//
// It is fed a model (the seat's view, the legal moves of the last update, names, whose turn)
// and draws seats, the felt and your hand; the player's taps and drags build a selection that is
// matched against the `legal` list only, and what is sent is always one of those moves (or, when
// the list is truncated, the selection itself for the game master to judge). Where each game puts
// its cards on the felt is presentation, described in layouts.js.
//
// In chessground's shape: this class is the api (set, clear, destroy) over the table's state
// (model, selection); select.js matches, table-events.js binds the listeners, table-draw.js
// renders by patching what changed (morph.js).

import { glyph } from "./cards.js";
import { LAYOUTS, GENERIC } from "./layouts.js";
import { snapshot, animateFrom } from "./anim.js";
import { t } from "./i18n.js";
import { candidates, exact, hasParams, moveCards, nextParam, sameSet } from "./select.js";
import { bindTable, isPressed } from "./table-events.js";
import { draw } from "./table-draw.js";

export class CardTable {
  /** ``parts``: the elements to draw into ({root, seats, felt, prompt, actions, hand, sortSlot});
   *  ``onMove(move)`` sends a move; ``onSay(text)`` announces a sentence to screen readers;
   *  ``onSortChange(by)`` keeps the hand's order. Call destroy() when the table goes. */
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
    this.waiting = null; // a model that came while this table was pressed (see table-events.js)
    this.sendable = []; // the moves the drawn controls send, by their data-send index
    this.bindings = bindTable(this);
  }

  /** Unbinds the table's listeners and stops its timer (the screen that held it is gone). */
  destroy() {
    this.bindings.unbind();
    clearTimeout(this.autoTimer);
  }

  /** The model that waited for the press's release, drawn unless a newer one came since. */
  drawWaiting() {
    const m = this.waiting;
    this.waiting = null;
    if (m && !isPressed(this)) this.set(m);
  }

  get layout() {
    return (this.model && LAYOUTS[this.model.game]) || GENERIC;
  }

  /** What each move type's fields hold, as the game publishes it (list_games' move_fields). */
  get fields() {
    return this.model && this.model.moveFields;
  }

  /** The cards move ``m`` names. */
  cardsOf(m) {
    return moveCards(m, this.fields);
  }

  /** Whether move ``m`` asks for more than its cards (a choice: a colour, a player, a position). */
  choosing(m) {
    return hasParams(m, this.fields);
  }

  tr(key, vars) {
    return t(this.model.lang, key, vars);
  }

  // ---------------------------------------------------------------- model and selection

  /** Draws ``model``; animates what moved when the version changed. */
  set(model) {
    if (isPressed(this) && this.model) {
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

  draw() {
    draw(this);
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
    return candidates(this.legal(), cards, this.fields);
  }

  /** Moves naming exactly the selected cards and agreeing with the parameters chosen so far. */
  exact() {
    return exact(this.legal(), this.sel, this.fields);
  }

  /** The choice still to make among ``moves`` (select.js nextParam), or null. */
  nextParam(moves) {
    return nextParam(moves, this.sel, this.fields, this.model.players);
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
    const found = this.exact();
    const bigger = this.candidates().some((m) => this.cardsOf(m).length > sel.cards.length);
    if (this.layout.tapToSend && found.length === 1 && !bigger && !this.choosing(found[0]) && where === "hand") {
      this.send(found[0]);
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
    const first = this.cardsOf(cand[0]);
    if (first.length > this.sel.cards.length && cand.every((m) => sameSet(this.cardsOf(m), first))) this.sel.cards = [...first];
  }

  /** A choice made: ``value`` for ``key`` (a colour, a player), or one more player of a pair. */
  choose(key, value) {
    if (key === "pair") this.sel.pair = [...(this.sel.pair || []), value];
    else this.sel.params[key] = value;
    this.draw();
  }

  /** The hand sorted the other way (by rank, by suit), kept by onSortChange. */
  toggleSort() {
    this.sortBy = this.sortBy === "suit" ? "rank" : "suit";
    this.onSortChange(this.sortBy);
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
    const found = this.legal().filter((m) => m.type === type && sameSet(this.cardsOf(m), cards));
    if (found.length === 1 && !this.choosing(found[0])) this.send(found[0]);
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
    return this.cardsOf(m).length || this.choosing(m) ? null : m;
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
}
