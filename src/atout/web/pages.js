// The players' platform in the page: accounts, leaderboards, player pages and replays.
// Everything comes from the game master's JSON API (docs/API.md); the replay is drawn by the same
// card table as a live game, fed the public views the game master computed for each step.

import { CardTable } from "./table.js";
import { sentenceNodes } from "./cards.js";
import { t } from "./i18n.js";
import { h } from "./dom.js";

/** A refusal of the JSON API, in the same shape as the WebSocket's errors. */
export class ApiError extends Error {
  constructor(status, body) {
    const e = (body && body.error) || { code: "http." + status, message: `HTTP ${status}` };
    super(e.message);
    this.status = status;
    this.code = e.code;
    this.body = e;
  }
  text(lang) {
    return (lang === "fr" && this.body.message_fr) || this.body.message;
  }
}

/** GET (or POST with ``body``) a path of the API; resolves with the JSON, rejects with ApiError. */
export async function api(path, body = undefined, method = undefined) {
  const init = { method: method || (body === undefined ? "GET" : "POST"), credentials: "same-origin", headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const base = window.atoutHttpBase || "";
  const r = await fetch(base + path, init);
  if (r.status === 204) return null;
  let data = null;
  try {
    data = await r.json();
  } catch {
    data = null;
  }
  if (!r.ok) throw new ApiError(r.status, data);
  return data;
}


const fmt = (x) => (x == null ? "—" : (Math.round(x * 10) / 10).toFixed(1));
const date = (iso, lang) => (iso ? new Date(iso).toLocaleString(lang === "fr" ? "fr-FR" : "en-GB", { dateStyle: "medium", timeStyle: "short" }) : "");

// ------------------------------------------------------------------------------------ accounts

/** The sign-up / log-in form; ``done(name)`` once logged in. */
export function accountForm(ctx, done) {
  const tr = (k, v) => t(ctx.lang, k, v);
  const name = h("input", { id: "acc-name", name: "username", autocomplete: "username", required: true, maxlength: 24, value: ctx.name || "" });
  const pass = h("input", { id: "acc-pass", name: "password", type: "password", autocomplete: "current-password", required: true, minlength: 8, maxlength: 256 });
  const msg = h("p", { class: "error", role: "alert", id: "acc-error" });
  const go = async (ev) => {
    ev.preventDefault();
    // both buttons submit, so the form's own checks come first; Enter logs in
    const path = ev.submitter && ev.submitter.id === "signup" ? "/api/signup" : "/api/login";
    msg.textContent = "";
    try {
      const r = await api(path, { name: name.value.trim(), password: pass.value });
      pass.value = "";
      done(r.name);
    } catch (e) {
      msg.textContent = e instanceof ApiError ? e.text(ctx.lang) : tr("cannot_reach_api");
    }
  };
  return h(
    "form",
    { class: "account-form", id: "account-form", onsubmit: go },
    h("h3", { text: tr("account_title") }),
    h("p", { class: "dim small", text: tr("account_help") }),
    h("p", {}, h("label", { for: "acc-name", text: tr("account_name") }), " ", name),
    h("p", {}, h("label", { for: "acc-pass", text: tr("password") }), " ", pass),
    msg,
    h(
      "p",
      { class: "actions" },
      h("button", { type: "submit", class: "primary", id: "login", text: tr("log_in") }),
      h("button", { type: "submit", id: "signup", text: tr("sign_up") }),
    ),
  );
}

// ------------------------------------------------------------------------------------ leaderboard

export async function leaderboardPage(root, game, ctx) {
  const tr = (k, v) => t(ctx.lang, k, v);
  root.replaceChildren(h("section", { class: "panel page" }, h("h2", { text: `${tr("leaderboard")} — ${ctx.gameTitle(game)}` }), h("p", { class: "dim", text: "…" })));
  const tabs = h("nav", { class: "tabs", "aria-label": tr("leaderboards") }, ctx.games.map((g) => h("a", { href: `/leaderboard/${g.id}`, "aria-current": g.id === game ? "page" : null, "data-nav": "", text: ctx.gameTitle(g.id) })));
  let data;
  try {
    data = await api(`/api/leaderboard/${encodeURIComponent(game)}?limit=100`);
  } catch (e) {
    root.replaceChildren(h("section", { class: "panel page" }, tabs, h("p", { class: "error", text: e instanceof ApiError ? e.text(ctx.lang) : String(e) })));
    return;
  }
  const rows = data.players.map((p) =>
    h(
      "tr",
      { class: p.kind === "bot" ? "bot" : "" },
      h("td", { class: "num", text: String(p.rank) }),
      h("th", { scope: "row" }, p.kind === "bot" ? h("span", { text: `${tr("bot")} · ${p.name}` }) : h("a", { href: `/players/${encodeURIComponent(p.name)}`, "data-nav": "", text: p.name })),
      h("td", { class: "num", text: fmt(p.rating) }),
      h("td", { class: "num", text: String(p.games) }),
      h("td", { class: "num", text: String(p.wins) }),
    ),
  );
  root.replaceChildren(
    h(
      "section",
      { class: "panel page", id: "leaderboard" },
      h("h2", { text: `${tr("leaderboard")} — ${ctx.gameTitle(game)}` }),
      tabs,
      data.players.length
        ? h(
            "table",
            { class: "scores board-table" },
            h("caption", { class: "dim small", text: tr("leaderboard_help") }),
            h("thead", {}, h("tr", {}, ["#", tr("player"), tr("rating"), tr("games_played"), tr("wins")].map((x, i) => h("th", { scope: "col", class: i === 1 ? "" : "num", text: x })))),
            h("tbody", {}, rows),
          )
        : h("p", { class: "dim", text: tr("no_rated_games") }),
    ),
  );
}

// ------------------------------------------------------------------------------------ player page

/** A small line chart of a rating over time (SVG drawn here). */
function ratingChart(points, label) {
  if (!points || points.length < 2) return null;
  const W = 320;
  const H = 120;
  const ys = points.map((p) => p[1]);
  const lo = Math.min(...ys);
  const hi = Math.max(...ys);
  const span = hi - lo || 1;
  const x = (i) => 8 + (i * (W - 16)) / (points.length - 1);
  const y = (v) => H - 10 - ((v - lo) * (H - 20)) / span;
  const d = points.map((p, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(p[1]).toFixed(1)}`).join(" ");
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.setAttribute("class", "chart");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", `${label}: ${fmt(ys[0])} → ${fmt(ys[ys.length - 1])}`);
  svg.innerHTML = `<line x1="8" x2="${W - 8}" y1="${H - 10}" y2="${H - 10}" stroke="#ccc"/><path d="${d}" fill="none" stroke="#1f6b45" stroke-width="2.5"/>`;
  return svg;
}

export async function playerPage(root, name, ctx) {
  const tr = (k, v) => t(ctx.lang, k, v);
  root.replaceChildren(h("section", { class: "panel page" }, h("h2", { text: name }), h("p", { class: "dim", text: "…" })));
  let p;
  try {
    p = await api(`/api/players/${encodeURIComponent(name)}`);
  } catch (e) {
    root.replaceChildren(h("section", { class: "panel page" }, h("h2", { text: name }), h("p", { class: "error", text: e instanceof ApiError ? e.text(ctx.lang) : String(e) })));
    return;
  }
  const games = Object.entries(p.games || {});
  root.replaceChildren(
    h(
      "section",
      { class: "panel page", id: "player" },
      h("h2", { text: p.name }),
      h("p", { class: "dim", text: tr("player_since", { date: date(p.since, ctx.lang) }) }),
      h(
        "div",
        { class: "player-games" },
        games.length
          ? games.map(([g, r]) =>
              h(
                "div",
                { class: "player-game", dataset: { game: g } },
                h("h3", {}, h("a", { href: `/leaderboard/${g}`, "data-nav": "", text: ctx.gameTitle(g) })),
                h("p", {}, tr("rating"), ": ", h("strong", { class: "rating", text: fmt(r.rating) }), ` · ${tr("games_n", { n: r.games })} · ${tr("wins_n", { n: r.wins })}`),
                ratingChart((p.history || {})[g], `${tr("rating")} ${ctx.gameTitle(g)}`),
              ),
            )
          : h("p", { class: "dim", text: tr("no_rated_games") }),
      ),
      h("h3", { text: tr("recent_games") }),
      (p.recent || []).length
        ? h(
            "ul",
            { class: "recent" },
            p.recent.map((g) =>
              h(
                "li",
                {},
                h("span", { class: g.won ? "won" : "lost", text: g.won ? tr("won") : tr("lost") }),
                ` ${ctx.gameTitle(g.game)} · ${date(g.ended, ctx.lang)} · ${(g.players || []).join(", ")}`,
                g.rating_after != null ? ` · ${tr("rating")} ${fmt(g.rating_after)}` : ` · ${tr("unrated")}`,
                " · ",
                h("a", { href: `/replay/${encodeURIComponent(g.table)}`, "data-nav": "", text: tr("replay") }),
              ),
            ),
          )
        : h("p", { class: "dim", text: tr("no_games_yet") }),
    ),
  );
}

// ------------------------------------------------------------------------------------ replay

/** The replay of a finished game on the card table: play/pause, step, seek, speed, the log. */
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
  const short = (i) => `${ctx.lang === "fr" ? "J" : "P"}${i + 1}`;
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
      const li = h("li", { value: i + 1, dataset: { step: i } }, sentenceNodes((ctx.lang === "fr" ? e.text_fr : e.text) || e.kind, ctx.lang));
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
  return { go, get at() { return at; }, last, stop };
}
