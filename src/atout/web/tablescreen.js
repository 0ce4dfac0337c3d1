// The table screen: its bar (leave, title, timer, rules, sound, log), the card table (table.js)
// fed a model built from the state, the dock (status, hint, prompt, actions, hand, phrases, the
// move list), the log drawer and the result layer. Drawn from the state on "table" (events.js).

import { S, store, myTurn } from "./state.js";
import { gameOf, tableGame } from "./games.js";
import { tr, gameTitle, seatName, shortName, playerName, podName } from "./names.js";
import { MOUSE, said } from "./i18n.js";
import { h, keepFocus, reducedMotion } from "./dom.js";
import { patch } from "./morph.js";
import { icon as iconSvg } from "./icons.js";
import { CardTable } from "./table.js";
import { moveCards } from "./select.js";
import { isMuted, setMuted, unlock } from "./sound.js";
import { askHint, fillBots, leave, react, sendMove } from "./play.js";
import { openRules } from "./rules.js";
import { drawMoves } from "./movelist.js";
import { clearLog, drawLog } from "./tablelog.js";
import { drawOver } from "./result.js";

export const ui = {}; // the table screen's persistent parts (live regions must not be replaced)

const PHRASES = ["hello", "well_played", "gg", "thanks", "oops", "wow"];

/** Forgets the screen's parts (the page is drawn anew), unbinding its card table. */
export function dropTableScreen() {
  if (ui.table) ui.table.destroy();
  for (const k of Object.keys(ui)) delete ui[k];
}

export function tableScreen() {
  const game = (S.info && S.info.game) || (S.update && S.update.view.game) || "";
  const icon = (id, glyph, label, onclick, extra = {}) => h("button", { type: "button", id, class: "icon", "aria-label": label, title: label, onclick, "data-key": id, ...extra }, typeof glyph === "string" ? h("span", { "aria-hidden": "true", text: glyph }) : glyph);
  const root = h(
    "div",
    { class: "table-screen", id: "table-screen", dataset: { game } },
    h(
      "div",
      { class: "tbar" },
      icon("leave", "←", tr("leave"), leave),
      (ui.title = h("h2", { id: "table-title" })),
      (ui.timer = h("span", { class: "timer", id: "timer", role: "timer", "aria-live": "off" })),
      icon("rules-btn", "?", tr("rules"), () => openRules(S.info && S.info.game)),
      (ui.mute = icon("mute", "", tr("sound"), toggleMute)),
      (ui.logBtn = icon("log-btn", iconSvg("log"), tr("log"), toggleLog, { "aria-expanded": "false", "aria-controls": "log-drawer" })),
    ),
    (ui.seats = h("section", { id: "seats", class: "opponents", "aria-label": tr("players") })),
    (ui.felt = h("section", { id: "felt", class: "felt", "aria-label": tr("board") })),
    dock(),
    (ui.drawer = h(
      "aside",
      { id: "log-drawer", class: "drawer", hidden: true, "aria-labelledby": "log-h" },
      h("div", { class: "drawer-head" }, h("h3", { id: "log-h", text: tr("log") }), h("button", { type: "button", class: "icon", "aria-label": tr("close"), onclick: toggleLog }, h("span", { "aria-hidden": "true", text: "✕" }))),
      h("div", { class: "log-box", role: "log", "aria-live": "off", tabindex: 0, "aria-labelledby": "log-h" }, (ui.log = h("ol", { id: "log", class: "log" }))),
    )),
    (ui.over = h("div", { id: "over", class: "over-layer", hidden: true })),
  );
  ui.logView = { log: ui.log, last: ui.last, count: 0 };
  ui.table = new CardTable(
    { root, seats: ui.seats, felt: ui.felt, prompt: ui.prompt, actions: ui.actions, hand: ui.hand, sortSlot: ui.sortSlot },
    {
      onMove: (move) => sendMove(move),
      onSay: (text) => (ui.last.textContent = text),
      onSortChange: (by) => store.set("atout.sort", by),
    },
  );
  ui.table.sortBy = store.get("atout.sort") || "suit";
  return root;
}

/** The dock under the felt: status and hint, prompt, actions, your hand, phrases, move list. */
function dock() {
  return h(
    "section",
    { class: "dock", id: "moves-anchor", "aria-label": tr("moves") },
    h("div", { class: "dock-head" }, (ui.status = h("p", { id: "status", class: "status-line", role: "status", "aria-live": "polite" })), (ui.hintBtn = h("button", { type: "button", id: "ask-hint", class: "quiet small-btn", "aria-keyshortcuts": "H", onclick: askHint }, h("kbd", { "aria-hidden": "true", text: "H" }), " " + tr("hint"))), (ui.sortSlot = h("span", { class: "sort-slot" }))),
    (ui.prompt = h("p", { id: "prompt", class: "prompt" })),
    (ui.message = h("p", { id: "message", class: "error", role: "alert" })),
    (ui.hint = h("p", { id: "hint", class: "hint", role: "status", "aria-live": "polite" })),
    (ui.actions = h("div", { id: "actions", class: "actions" })),
    (ui.hand = h("div", { id: "hand", class: "hand" })),
    (ui.last = h("p", { id: "last", class: "last-line", role: "status", "aria-live": "polite" })),
    (ui.reactions = h(
      "details",
      { class: "say", id: "say" },
      h("summary", { text: tr("say") }),
      h("div", { class: "reactions" }, PHRASES.map((p) => h("button", { type: "button", class: "quiet", dataset: { phrase: p }, onclick: () => react(p), text: tr("phrase_" + p) }))),
    )),
    // the moves as a list (screen readers, keyboards): a seat's only; keys named where there are keys
    (ui.movelist = h(
      "details",
      { id: "movelist", class: "movelist", hidden: S.at && S.at.seat == null },
      h("summary", { "data-key": "movelist-summary", text: tr(MOUSE ? "move_list" : "move_list_touch") }),
      (ui.moves = h("div", { id: "moves", class: "moves", tabindex: -1 })),
    )),
  );
}

/** Draws the table screen from the state (if it is the one shown), the focus kept. */
export function drawTable() {
  if (S.screen !== "table" || !ui.status) return;
  keepFocus(drawTableNow);
}

/** An update was handled at ``t0``: once the table's style and layout are done, the time it
 *  took is kept (``S.drawTimes``, read by bench/web.py). */
export function drawn(t0) {
  if (!ui.felt) return;
  void ui.felt.getBoundingClientRect(); // style and layout done: the table is drawn
  S.drawTimes.push(performance.now() - t0);
  if (S.drawTimes.length > 2000) S.drawTimes.splice(0, 1000);
}

/** The card table's model: the seat's view, the legal moves while we may play, names. */
function tableModel() {
  const u = S.update;
  const info = S.info || {};
  const view = (u && u.view) || {};
  const hint = S.hint && u && S.hint.version === u.version ? S.hint : null;
  return {
    game: view.game || info.game,
    spec: (gameOf(view.game || info.game) || {}).view_spec || null, // the game's published view fields
    moveFields: (gameOf(view.game || info.game) || {}).move_fields || null, // what each move's fields hold
    facts: (gameOf(view.game || info.game) || {}).facts || {}, // what the game lets a client help with
    lang: S.lang,
    me: S.at ? S.at.seat : null,
    turn: u ? u.turn : null,
    players: Number(view.players || info.players || (info.seats || []).length),
    seats: info.seats || [],
    view,
    legal: myTurn() && !S.pending ? u.legal : null,
    legalTotal: u ? u.legal_total : null,
    version: u ? u.version : -1,
    pending: S.pending,
    over: !!S.over,
    events: S.lastEvents,
    hint: hint ? hint.move : null,
    seatName,
    shortName,
    playerName,
    podName,
    deadlineFraction: deadlineFraction(),
    reducedMotion: reducedMotion(),
    autoDelay: S.autoDelay,
  };
}

function drawTableNow() {
  const info = S.info || {};
  const u = S.update;
  const view = (u && u.view) || {};
  const me = S.at ? S.at.seat : null;
  const title = gameTitle(info.game || view.game);
  document.title = (myTurn() ? "● " + tr("your_turn_title") + " · " : "") + `${title} · atout`;
  const who = me == null ? tr("spectator_short") : tr("you_are", { seat: seatName(me) });
  const whoShort = me == null ? tr("spectator_short") : shortName(me); // a phone: "· P1", not a cut sentence
  patch(ui.title, [h("span", { class: "gname", text: title }), h("span", { class: "tid dim", text: " · " + who }), h("span", { class: "tid-short dim", "aria-hidden": "true", text: " · " + whoShort })]);
  const muted = isMuted();
  if (ui.mute.dataset.muted !== String(muted)) {
    ui.mute.dataset.muted = String(muted);
    ui.mute.replaceChildren(iconSvg(muted ? "muted" : "sound"));
    ui.mute.setAttribute("aria-pressed", muted ? "true" : "false");
    ui.mute.setAttribute("aria-label", tr(muted ? "unmute" : "mute"));
    ui.mute.title = tr(muted ? "unmute" : "mute");
  }
  const status = statusLine(info, u, me);
  if (ui.status.textContent !== status) ui.status.textContent = status;
  ui.status.classList.toggle("mine", myTurn() && !S.pending);
  ui.message.textContent = S.message;
  ui.hintBtn.hidden = !myTurn();
  ui.reactions.hidden = !S.at || S.at.seat == null;
  ui.hintBtn.disabled = S.pending || S.hinting;
  const hint = S.hint && S.at && u && S.hint.table === S.at.table && S.hint.version === u.version ? S.hint : null;
  const why = hint ? tr("hint_text", { text: said(hint, S.lang, "why") }) : "";
  if (ui.hint.textContent !== why) ui.hint.textContent = why;
  drawTimer();
  if (u) ui.table.set(tableModel());
  else ui.felt.replaceChildren(...waitingTable().filter(Boolean));
  markHint(hint);
  const focusSet = drawMoves(ui.moves, ui.movelist);
  drawLog(ui.logView, !ui.drawer.hidden);
  drawOver(ui.over);
  return focusSet;
}

function statusLine(info, u, me) {
  if (S.over) return tr("over");
  if (info.status === "aborted" || info.status === "closed") return endedText(info);
  if (!u) return tr("waiting_short"); // the felt says the rest
  if (me == null) return u.turn != null ? tr("their_turn", { who: seatName(u.turn) }) : "";
  if (S.pending) return tr("sending");
  if (myTurn()) return tr("your_turn");
  return tr("their_turn", { who: seatName(u.turn) });
}

/** What a table that ended without a result says: called off because a seat withheld its part of
 *  the shuffle (never an error: docs/PROTOCOL.md "Fair deals"), stopped after an error, or closed. */
function endedText(info) {
  if (info.status === "aborted" && info.withheld && info.withheld.length) {
    return tr("status_withheld", { seats: info.withheld.map(seatName).join(", ") });
  }
  return tr("status_" + info.status);
}

/** A table still waiting for players: who is seated, the link to invite a friend, and bots to
 *  fill the empty seats (after the quick play's wait, or at once). */
function waitingTable() {
  const info = S.info || {};
  if (info.status === "aborted" || info.status === "closed") {
    return [h("p", { class: "banner info", role: "status", text: endedText(info) })];
  }
  const link = `${location.origin}/t/${encodeURIComponent(S.at ? S.at.table : "")}`;
  const free = (info.seats || []).filter((x) => !x.taken).length;
  const left = S.waitUntil != null ? Math.max(0, Math.ceil((S.waitUntil - performance.now()) / 1000)) : 0;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      ui.prompt.textContent = tr("link_copied");
    } catch {
      ui.prompt.textContent = link;
    }
  };
  return [
    h("p", { class: "banner info", text: tr("waiting_players", { id: S.at ? S.at.table : "" }) }),
    free ? h("p", { class: "banner quiet", text: tr("free_seats_n", { n: free }) }) : null,
    h("div", { class: "invite" }, h("span", { text: tr("invite_link") }), h("code", { id: "invite-link", text: link }), h("button", { type: "button", class: "quiet small-btn", id: "copy-invite", onclick: copy, text: tr("copy") })),
    S.at && S.at.seat != null && free
      ? h("p", {}, h("button", { type: "button", class: "primary", id: "fill-bots", disabled: left > 0, onclick: fillBots, text: left > 0 ? tr("fill_bots_in", { s: left }) : tr("fill_bots") }))
      : null,
  ];
}

/** The advised move: its cards (or the back to draw) outlined on the table. */
function markHint(hint) {
  for (const el of document.querySelectorAll(".hinted")) el.classList.remove("hinted");
  if (!hint || !hint.move) return;
  const fields = (tableGame() || {}).move_fields;
  for (const c of moveCards(hint.move, fields)) {
    const el = ui.felt.parentNode.querySelector(`.card[data-card="${CSS.escape(c)}"]`);
    if (el) el.classList.add("hinted");
  }
  if ("position" in hint.move) {
    const el = ui.felt.querySelector(`.blind [data-position="${hint.move.position}"]`);
    if (el) el.classList.add("hinted");
  }
  const type = hint.move.type;
  if (!moveCards(hint.move, fields).length && !("position" in hint.move)) {
    const el = ui.actions.querySelector(`[data-type="${CSS.escape(type)}"]`) || ui.felt.querySelector('[data-zone="stock"].playable');
    if (el) el.classList.add("hinted");
  }
}

function deadlineFraction() {
  if (S.deadlineAt == null || S.over) return null;
  const total = (S.info && S.info.turn_seconds) || S.deadlineTotal || 1;
  return Math.max(0, Math.min(1, (S.deadlineAt - performance.now()) / 1000 / total));
}

function drawTimer() {
  if (!ui.timer) return;
  if (S.deadlineAt == null || S.over) {
    ui.timer.textContent = "";
    ui.timer.hidden = true;
    ui.timer.closest(".table-screen")?.querySelector(".dock")?.classList.remove("timed");
    return;
  }
  ui.timer.hidden = false;
  const left = Math.max(0, Math.round((S.deadlineAt - performance.now()) / 1000));
  ui.timer.textContent = tr("time_left", { s: left }); // no ⏱: missing from common fonts (a box)
  ui.timer.classList.toggle("low", left <= 5);
  const dock = ui.timer.closest(".table-screen")?.querySelector(".dock");
  const f = deadlineFraction();
  const ring = document.querySelector(".pod.turn .ring");
  if (ring && f != null) ring.style.setProperty("--p", f);
  if (dock) {
    dock.classList.toggle("timed", myTurn());
    dock.style.setProperty("--turn-left", f == null ? 1 : f); // the dock's bar (not the whole page's style)
  }
}

/** Twice a second: the turn's timer, and a quick-play table's countdown to "fill with bots". */
export function tick() {
  drawTimer();
  if (!S.update && S.waitUntil != null && S.screen === "table" && ui.felt && !ui.felt.querySelector("#fill-bots:not([disabled])")) drawTable();
}

function toggleMute() {
  setMuted(!isMuted());
  if (!isMuted()) unlock();
  drawTable();
}

function toggleLog() {
  const open = ui.drawer.hidden;
  ui.drawer.hidden = !open;
  ui.logBtn.setAttribute("aria-expanded", open ? "true" : "false");
  if (open) {
    const box = ui.drawer.querySelector(".log-box");
    box.scrollTop = box.scrollHeight;
    box.focus();
  } else ui.logBtn.focus();
}

/** Someone said something: a bubble by their seat for a few seconds, and the same in words. */
export function showReaction(seat, text) {
  const anchor = seat === (S.at && S.at.seat) ? ui.hand : document.querySelector(`.pod[data-seat="${seat}"]`);
  if (ui.last) ui.last.textContent = tr("said", { who: seatName(seat), text });
  if (!anchor || !ui.felt) return;
  const root = ui.felt.closest(".table-screen");
  const a = anchor.getBoundingClientRect();
  const r = root.getBoundingClientRect();
  const bubble = h("div", { class: "bubble", "aria-hidden": "true", text, style: `left:${Math.max(4, a.left - r.left + 8)}px; top:${Math.max(4, a.top - r.top + 4)}px` });
  root.append(bubble);
  setTimeout(() => bubble.remove(), 3000);
}

/** The drawn log emptied (the state's was: "reset"). */
export function resetLog() {
  if (ui.logView) clearLog(ui.logView);
}

/** The table's keys: Escape (close the log, or clear the selection), H (a hint), 1-9 (a move
 *  of the list). */
export function tableKey(ev) {
  if (S.screen !== "table" || ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const tag = ev.target && ev.target.tagName;
  if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
  if (ev.key === "Escape") {
    if (ui.drawer && !ui.drawer.hidden) toggleLog();
    else if (ui.table) ui.table.clear();
    return;
  }
  if (ev.key === "h" || ev.key === "H") {
    const b = ui.hintBtn;
    if (b && !b.hidden && !b.disabled) {
      ev.preventDefault();
      b.click();
    }
    return;
  }
  if (/^[1-9]$/.test(ev.key)) {
    const b = ui.moves && ui.moves.querySelector(`button[data-move="${Number(ev.key) - 1}"]`);
    if (b && !b.disabled) {
      ev.preventDefault();
      b.click();
    }
  }
}
