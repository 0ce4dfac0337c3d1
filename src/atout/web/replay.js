// The replay of a finished game, drawn by the same card table as a live game, fed the public
// views the game master computed for each step (docs/API.md /api/replay).

import { CardTable } from "./table.js";
import { sentenceNodes } from "./cards.js";
import { ApiError, api } from "./http.js";
import { said, t } from "./i18n.js";
import { h } from "./dom.js";

/** The replay of a finished game on the card table: play/pause, step, seek, speed, the log;
 *  resolves with its controls ({go, at, last, stop, destroy}), or null if it is not found. */
export async function replayPage(root, table, ctx) {
  const tr = (k, v) => t(ctx.lang, k, v);
  root.replaceChildren(h("section", { class: "panel page" }, h("h2", { text: tr("replay") }), h("p", { class: "dim", text: "…" })));
  let r;
  try {
    r = await api(`/api/replay/${encodeURIComponent(table)}`);
  } catch (e) {
    root.replaceChildren(h("section", { class: "panel page" }, h("h2", { text: tr("replay") }), h("p", { class: "error", text: e instanceof ApiError ? e.text(ctx.lang) : String(e) })));
    return null;
  }
  const seats = r.seats || [];
  const short = (i) => tr("seat_short", { n: i + 1 });
  const pname = (i) => (seats[i] ? seats[i].name || (seats[i].bot ? `${tr("bot")} ${seats[i].bot}` : "") : "");
  const seatName = (i) => (i == null ? tr("game_master") : pname(i) ? `${short(i)} (${pname(i)})` : short(i));
  const last = r.steps.length; // the index past the last step: every hand open
  const parts = {};
  const screen = h(
    "div",
    { class: "table-screen replay", id: "replay", dataset: { game: r.game } },
    h(
      "div",
      { class: "tbar" },
      h("a", { class: "icon-link", href: "/", "data-nav": "", "aria-label": tr("back_to_lobby"), text: "←" }),
      h("h2", {}, ctx.gameTitle(r.game), h("span", { class: "tid", text: ` · ${tr("replay")}` })),
      h("a", { class: "icon-link", href: `/api/record/${encodeURIComponent(table)}`, download: `${table}.json`, text: tr("download_record") }),
      h("button", { type: "button", class: "icon", id: "share", onclick: () => share(), text: tr("share") }),
    ),
    (parts.seats = h("section", { id: "seats", class: "opponents", "aria-label": tr("players") })),
    (parts.felt = h("section", { id: "felt", class: "felt", "aria-label": tr("board") })),
    h(
      "section",
      { class: "dock replay-dock" },
      (parts.step = h("p", { id: "replay-step", class: "status-line", role: "status", "aria-live": "polite" })),
      (parts.prompt = h("p", { id: "prompt", class: "prompt" })),
      (parts.actions = h("div", { id: "actions", class: "actions" })),
      (parts.hand = h("div", { id: "hand", class: "hand" })),
      h(
        "div",
        { class: "replay-controls", role: "group", "aria-label": tr("replay_controls") },
        h("button", { type: "button", id: "r-first", "aria-label": tr("r_first"), onclick: () => go(0), text: "«" }),
        h("button", { type: "button", id: "r-back", "aria-label": tr("r_back"), onclick: () => go(at - 1), text: "‹" }),
        (parts.play = h("button", { type: "button", id: "r-play", class: "primary", onclick: () => toggle() })),
        h("button", { type: "button", id: "r-next", "aria-label": tr("r_next"), onclick: () => go(at + 1), text: "›" }),
        h("button", { type: "button", id: "r-last", "aria-label": tr("r_last"), onclick: () => go(last), text: "»" }),
        (parts.seek = h("input", { type: "range", id: "r-seek", min: 0, max: last, value: 0, "aria-label": tr("r_seek"), oninput: (ev) => go(Number(ev.target.value)) })),
        h(
          "label",
          { class: "speed" },
          tr("r_speed"),
          " ",
          (parts.speed = h("select", { id: "r-speed" }, [0.5, 1, 2, 4].map((x) => h("option", { value: x, selected: x === 1, text: `×${x}` })))),
        ),
      ),
    ),
    h("aside", { class: "replay-log", "aria-labelledby": "replay-log-h" }, h("h3", { id: "replay-log-h", text: tr("log") }), (parts.log = h("ol", { id: "log", class: "log" }))),
  );
  root.replaceChildren(screen);
  const T = new CardTable({ root: screen, seats: parts.seats, felt: parts.felt, prompt: parts.prompt, actions: parts.actions, hand: parts.hand }, { onMove: () => {} });
  let at = 0;
  let timer = null;
  const lines = [];
  r.steps.forEach((s, i) => {
    for (const e of s.events || []) {
      const li = h("li", { value: i + 1, dataset: { step: i } }, sentenceNodes(said(e, ctx.lang, "text") || e.kind, ctx.lang));
      li.addEventListener("click", () => go(i));
      lines.push(li);
    }
  });
  parts.log.replaceChildren(...lines);

  function draw() {
    const step = at < last ? r.steps[at] : null;
    const view = step ? step.view : r.final;
    T.set({
      game: r.game,
      lang: ctx.lang,
      me: null,
      turn: view.turn ?? null,
      players: r.players,
      seats: seats.map((s, i) => ({ seat: i, taken: true, name: s.name, bot: s.bot })),
      view,
      legal: null,
      legalTotal: null,
      version: at,
      pending: false,
      over: at >= last,
      events: step ? step.events || [] : [],
      seatName,
      shortName: short,
      playerName: pname,
      podName: pname,
      reducedMotion: ctx.reducedMotion,
    });
    parts.step.textContent = at >= last ? tr("r_end") : tr("r_step", { n: at + 1, total: last });
    parts.seek.value = String(at);
    parts.play.textContent = timer ? "❚❚" : "▶";
    parts.play.setAttribute("aria-label", tr(timer ? "r_pause" : "r_play"));
    for (const li of lines) li.classList.toggle("current", Number(li.dataset.step) === at);
    for (const li of lines) li.classList.toggle("future", Number(li.dataset.step) > at);
    const cur = lines.find((li) => Number(li.dataset.step) === at);
    if (cur) cur.scrollIntoView({ block: "nearest" });
  }
  function go(i) {
    at = Math.max(0, Math.min(last, i));
    if (at >= last) stop();
    draw();
  }
  function stop() {
    clearInterval(timer);
    timer = null;
  }
  function toggle() {
    if (timer) stop();
    else {
      if (at >= last) at = 0;
      timer = setInterval(() => go(at + 1), 900 / Number(parts.speed.value));
    }
    draw();
  }
  async function share() {
    const url = `${location.origin}/replay/${encodeURIComponent(table)}`;
    try {
      await navigator.clipboard.writeText(url);
      parts.prompt.textContent = tr("link_copied");
    } catch {
      parts.prompt.textContent = url;
    }
  }
  draw();
  const destroy = () => {
    stop();
    T.destroy();
  };
  return { go, get at() { return at; }, last, stop, destroy };
}
