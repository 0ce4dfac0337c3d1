// The players' platform: the leaderboards and a player's page (ratings over time, recent
// games), from the game master's JSON API (docs/API.md).

import { ApiError, api } from "./http.js";
import { t } from "./i18n.js";
import { h } from "./dom.js";

const fmt = (x) => (x == null ? "—" : (Math.round(x * 10) / 10).toFixed(1));
const date = (iso, lang) => (iso ? new Date(iso).toLocaleString(t(lang, "locale"), { dateStyle: "medium", timeStyle: "short" }) : "");

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
                h("p", {}, tr("label", { label: tr("rating") }), " ", h("strong", { class: "rating", text: fmt(r.rating) }), ` · ${tr("games_n", { n: r.games })} · ${tr("wins_n", { n: r.wins })}`),
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
