// Drawing the card table from its model and selection (table.js): the seats, the felt (the
// game's layout), a blind hand to draw from, your hand, the prompt and the action buttons.
//
// Each part is described anew and patched into the page (morph.js): only what changed is
// touched, so a card that stays is the same element (its image, its place, its focus). Nothing
// drawn here has a listener of its own: what a control does is in its data-act (a card to tap,
// a move to send by its index in ``T.sendable``, a choice, clear, sort), read by the table's one
// click listener (table-events.js).

import { faceEl, cardName } from "./cards.js";
import { t, label, valueWord } from "./i18n.js";
import { h } from "./dom.js";
import { icon } from "./icons.js";
import { patch } from "./morph.js";
import { sortHand } from "./select.js";

/** What a layout draws with: the language, names, and cards made by the table. */
function context(T) {
  const m = T.model;
  return {
    lang: m.lang,
    me: m.me,
    tr: (k, v) => t(m.lang, k, v),
    seatName: m.seatName,
    short: m.shortName,
    card: (code, opts) => cardNode(T, code, opts),
    back: (key) => backNode(key),
    send: (move) => sendable(T, move),
    table: T,
  };
}

/** The attributes of a control that sends ``move`` (by its index in this drawing's moves). */
function sendable(T, move) {
  T.sendable.push(move);
  return { act: "send", send: String(T.sendable.length - 1) };
}

/** The attributes of a control that chooses ``value`` for ``param`` (a colour, a player). */
const choice = (param, value) => ({ act: "choose", param, value: String(value), ...(typeof value === "number" ? { number: "" } : {}) });

/** Draws the table ``T`` from its model and selection: each part patched into the page. */
export function draw(T) {
  const m = T.model;
  const L = T.layout;
  T.sendable = [];
  const ctx = context(T);
  const exact = T.exact();
  const need = exact.length ? T.nextParam(exact) : null;
  drawSeats(T, ctx, need);
  const felt = [L.felt(m.view, ctx, T)].flat();
  if (need && need.kind === "choice") felt.push(chooser(T, ctx, need, exact));
  felt.push(blindHand(T, ctx));
  patch(T.p.felt, felt.filter(Boolean));
  T.p.felt.dataset.game = m.game;
  drawHand(T);
  drawActions(T, ctx, exact, need);
  T.drawnVersion = m.version;
}

function cardNode(T, code, { where = "", key = null, interactive = false, label = null, last = false } = {}) {
  const m = T.model;
  const sel = T.sel.cards.includes(code);
  const playable = interactive && T.myTurn() && (T.candidates([code]).length > 0 || (T.truncated() && T.layout.freeSelection));
  const el = faceEl(code, m.lang, interactive ? "button" : "span");
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
    else if (T.myTurn()) el.classList.add("dim");
    el.dataset.act = "card"; // a tap (table-events.js), and from the hand a drag
  }
  return el;
}

function backNode(key) {
  const el = faceEl(null);
  el.dataset.k = key;
  return el;
}

function drawSeats(T, ctx, need) {
  const m = T.model;
  const n = m.players;
  const order = [];
  const start = m.me == null ? 0 : m.me + 1;
  for (let i = 0; i < n; i++) {
    const s = (start + i) % n;
    if (s !== m.me) order.push(s);
  }
  const targets = need && need.kind !== "choice" ? need.values : [];
  const chosen = [...(T.sel.pair || []), ...Object.values(T.sel.params).filter(Number.isInteger)];
  const sizes = m.view.hand_sizes || [];
  const pods = order.map((s) => {
    const turn = m.turn === s && !m.over;
    const info = m.seats[s] || {};
    const pickable = targets.includes(s);
    const pod = h(pickable ? "button" : "div", {
      class: "pod" + (turn ? " turn" : "") + (pickable ? " targetable" : "") + (chosen.includes(s) ? " chosen" : ""),
      dataset: { seat: s, k: "pod:" + s, ...(pickable ? choice(need.key, s) : {}) },
      type: pickable ? "button" : null,
      "aria-label": pickable ? T.tr("choose_player", { who: ctx.seatName(s) }) : null,
    });
    const count = Number(sizes[s] ?? 0);
    // the seat's cards as small backs (one painted box each: cheap to redraw); at the end of a
    // game every hand is open, face up
    const open = Array.isArray(m.view.hands) && Array.isArray(m.view.hands[s]) ? m.view.hands[s] : null;
    const fan = open
      ? h("div", { class: "open-hand", role: "group", "aria-label": T.tr("hand_of", { who: ctx.seatName(s) }) }, open.map((c) => cardNode(T, c, { key: `open:${s}:${c}` })))
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
          h("strong", { class: "pname" }, h("span", { class: "seat-tag", text: ctx.short(s) }), h("wbr"), m.podName(s) || T.tr("free_seat")),
          h("span", { class: "count", text: T.tr("cards_n", { n: count }) }),
        ),
        turn ? h("span", { class: "sr-only", text: ` (${T.tr("turn_marker")})` }) : null,
        info.away ? h("span", { class: "badge off", text: T.tr("away_seat") }) : info.taken && !info.bot && info.connected === false ? h("span", { class: "badge off", text: T.tr("disconnected_seat") }) : null,
      ),
      fan,
      ...[T.layout.pod(m.view, s, ctx)].flat().filter(Boolean),
    );
    return pod;
  });
  patch(T.p.seats, pods);
  T.p.seats.dataset.n = String(pods.length);
}

const SUIT_GLYPHS = { red: "♥♦", black: "♠♣" }; // a colour of cards shown by its suits

/** The values of a choice still to make (a colour to impose), each a button on the felt. */
function chooser(T, ctx, need, exact) {
  const title = T.layout.paramPrompt(need, exact, ctx) || label(need.key);
  const box = h("div", { class: "chooser", role: "group", "aria-label": title });
  box.append(h("p", { class: "chooser-title", text: title }));
  for (const v of need.values) {
    const suits = SUIT_GLYPHS[v];
    box.append(
      h(
        "button",
        { type: "button", class: `choice-chip ${need.key}-chip ${v}`, dataset: { [need.key]: v, ...choice(need.key, v) } },
        suits ? h("span", { class: "suits", "aria-hidden": "true", text: suits }) : null,
        suits ? " " : null,
        valueWord(v, T.model.lang),
      ),
    );
  }
  return box;
}

/** Moves that name a position in someone's hand (a blind draw): that hand's backs, each a button. */
function blindHand(T, ctx) {
  const pos = T.legal().filter((m) => "position" in m && !T.cardsOf(m).length);
  if (!pos.length) return null;
  const type = pos[0].type;
  const seat = T.layout.positionSeat(T.model.view, type);
  const count = pos.length;
  const box = h("div", { class: "blind", id: "blind", role: "group", "aria-label": T.tr(type === "pick" ? "pick_from" : "draw_from", { who: seat != null ? ctx.seatName(seat) : "?" }) });
  box.append(h("p", { class: "blind-title", text: T.tr(type === "pick" ? "pick_from" : "draw_from", { who: seat != null ? ctx.seatName(seat) : "?" }) }));
  const fan = h("div", { class: "fan blind-fan", style: `--n:${count}` });
  for (const m of pos) {
    const b = faceEl(null, T.model.lang, "button");
    b.type = "button";
    b.classList.add("playable");
    b.dataset.k = `b:${seat}:${m.position}`;
    b.dataset.position = m.position;
    b.dataset.key = `blind-${m.position}`;
    Object.assign(b.dataset, sendable(T, m));
    b.setAttribute("aria-label", T.tr("blind_card", { n: m.position + 1, total: count }));
    fan.append(b);
  }
  box.append(fan);
  return box;
}

function drawHand(T) {
  const m = T.model;
  const hand = T.p.hand;
  if (m.me == null) {
    patch(hand, [h("p", { class: "dim spectating", text: T.tr("spectator") })]);
    if (T.p.sortSlot) patch(T.p.sortSlot, []);
    return;
  }
  const codes = sortHand(m.view.hand || [], T.sortBy);
  const fan = h("div", {
    class: "fan hand-fan",
    role: "group",
    id: "hand-cards",
    "aria-label": T.tr("hand_label", { n: codes.length }),
    style: `--n:${Math.max(codes.length, 1)}`,
  });
  for (const code of codes) fan.append(cardNode(T, code, { where: "hand", interactive: true, label: cardName(code, m.lang) }));
  const sortBtn = h("button", { type: "button", class: "sort", id: "sort", dataset: { act: "sort" }, text: T.tr(T.sortBy === "suit" ? "sort_by_rank" : "sort_by_suit") });
  patch(hand, [fan]);
  if (T.p.sortSlot) patch(T.p.sortSlot, codes.length > 1 ? [sortBtn] : []);
  hand.classList.toggle("my-turn", T.myTurn());
}

function drawActions(T, ctx, exact, need) {
  const m = T.model;
  const L = T.layout;
  const out = [];
  const prompt = [];
  const legal = T.legal();
  const act = (mv, cls) => h("button", { type: "button", class: cls, dataset: { type: mv.type, ...sendable(T, mv) }, text: L.actText(mv, ctx) });
  if (T.flash) prompt.push(h("span", { class: "flash", text: T.flash }));
  if (T.myTurn()) {
    const forced = T.forced();
    if (forced) {
      prompt.push(h("span", { class: "auto", text: T.tr("auto_move", { move: L.actText(forced, ctx) }) }));
    } else if (T.sel.cards.length) {
      const sum = L.selectionText ? L.selectionText(T.sel.cards, ctx) : null;
      if (sum) prompt.push(h("span", { class: "sum", id: "sum", text: sum }));
      if (need) {
        prompt.push(h("span", { class: "need", text: L.paramPrompt(need, exact, ctx) }));
        if (need.kind !== "choice") {
          for (const v of need.values) {
            out.push(h("button", { type: "button", class: "target", dataset: { target: v, ...choice(need.key, v) }, text: v === m.me ? T.tr("yourself") : ctx.seatName(v) }));
          }
        }
      } else if (exact.length) {
        for (const mv of exact) {
          const effect = L.effect ? L.effect(mv, ctx) : null;
          if (effect) prompt.push(h("span", { class: "effect", text: effect }));
          out.push(act(mv, "primary act"));
        }
      } else if (T.truncated() && L.freeMove) {
        const free = L.freeMove(T.sel.cards);
        if (free) out.push(act(free, "primary act"));
      } else if (L.tapMore) prompt.push(h("span", { class: "need", text: L.tapMore(T.candidates(), T.sel.cards, ctx) }));
      if (L.supersets) {
        for (const mv of T.candidates()) {
          if (T.cardsOf(mv).length > T.sel.cards.length) out.push(act(mv, "act"));
        }
      }
      out.push(h("button", { type: "button", class: "quiet", id: "clear", dataset: { act: "clear" }, text: T.tr("clear") }));
    } else {
      prompt.push(h("span", { class: "need", text: L.prompt(m.view, legal, ctx) }));
    }
    if (!forced) {
      for (const mv of legal) {
        if (T.cardsOf(mv).length || "position" in mv) continue;
        if (L.onBoard && L.onBoard(mv)) continue;
        out.push(act(mv, "act plain"));
      }
    }
  }
  patch(T.p.prompt, prompt);
  patch(T.p.actions, out);
}
