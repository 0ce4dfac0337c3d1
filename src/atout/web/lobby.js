// The lobby: quick play per game (its tile), the open tables, a private table by its id, and
// the create form (create.js) below.

import { S, store } from "./state.js";
import { levelOr, levelsOf } from "./games.js";
import { tr, gameTitle, shortName, botNamed } from "./names.js";
import { has, optionLabel, said, valueWord } from "./i18n.js";
import { cardEl } from "./cards.js";
import { h, $, keepFocus } from "./dom.js";
import { joinTable, mine, moreTables, quickPlay, refreshTables, resumeMine, watchTable } from "./seating.js";
import { openRules } from "./rules.js";
import { createForm } from "./create.js";

export function lobbyScreen() {
  return h(
    "div",
    { class: "lobby" },
    h("p", { id: "lobby-error", class: "error", role: "alert", text: S.error }),
    h(
      "fieldset",
      { class: "fill-choice" },
      h("legend", { text: tr("fill_choice") }),
      ["bots", "wait"].map((v) =>
        h(
          "label",
          {},
          h("input", { type: "radio", name: "fill", value: v, id: `fill-${v}`, checked: S.quickFill === v, onchange: () => (S.quickFill = v) }),
          " ",
          tr(v === "bots" ? "fill_bots_now" : "fill_wait"),
        ),
      ),
      quickLevelChoice(),
    ),
    h("section", { class: "tiles", "aria-label": tr("games") }, S.games.map(gameTile)),
    h(
      "section",
      { class: "panel", "aria-labelledby": "tables-h" },
      h("div", { class: "row" }, h("h2", { id: "tables-h", text: tr("open_tables") }), h("button", { type: "button", id: "refresh", "data-key": "refresh", onclick: refreshTables, text: tr("refresh") })),
      h("div", { id: "tables" }),
      joinById(),
    ),
    createForm(),
  );
}

/** Shows the lobby's error line (``S.error``) without redrawing the lobby. */
export function showLobbyError() {
  const box = $("#lobby-error");
  if (box) box.textContent = S.error;
}

/** Quick play's bot level, by how hard it is (the levels the game master lists). */
function quickLevelChoice() {
  const levels = levelsOf(S.games[0]);
  if (!levels.length) return null;
  // none chosen yet, or a level kept from another version of the game master: the default
  S.quickLevel = levelOr(S.games[0], S.quickLevel);
  const current = S.quickLevel;
  return h(
    "label",
    { class: "quick-level" },
    tr("quick_level"),
    " ",
    h(
      "select",
      {
        id: "quick-level",
        "data-key": "quick-level",
        onchange: (ev) => {
          S.quickLevel = ev.target.value;
          store.set("atout.quickLevel", S.quickLevel);
        },
      },
      levels.map((l) => h("option", { value: l.id, selected: l.id === current, text: said(l, S.lang) })),
    ),
  );
}

const TILE_CARDS = { q2j: ["QH", "QS", "JC"], quinze: ["7H", "8S", "JK1"], pouilleux: ["JS", "KD", "KH"] };

/** One game: its cards, what it is in a line, play now against bots, its rules. */
function gameTile(g) {
  const counts = [...new Set([g.min_players, Math.min(3, g.max_players), Math.min(4, g.max_players)])].filter((n) => n >= g.min_players);
  const fan = h("div", { class: "tile-fan", "aria-hidden": "true" }, (TILE_CARDS[g.id] || []).map((c) => cardEl(c, S.lang, "face")));
  return h(
    "article",
    { class: "tile", dataset: { game: g.id }, "aria-labelledby": `tile-${g.id}` },
    fan,
    h("h2", { id: `tile-${g.id}`, text: gameTitle(g.id) }),
    has(S.lang, "game_tagline_" + g.id) ? h("p", { class: "tagline", text: tr("game_tagline_" + g.id) }) : null,
    h("p", { class: "dim small", text: tr("players_range", { min: g.min_players, max: g.max_players }) }),
    h(
      "div",
      { class: "tile-actions", role: "group", "aria-label": `${tr("play_now")} — ${gameTitle(g.id)}` },
      h("span", { class: "play-label", "aria-hidden": "true", text: tr("play_with") }),
      counts.map((n) =>
        h("button", { type: "button", class: "primary", "data-key": `quick-${g.id}-${n}`, dataset: { quick: `${g.id}-${n}` }, "aria-label": tr("quick_players", { n }), onclick: () => quickPlay(g.id, n) }, String(n)),
      ),
      h("button", { type: "button", class: "rules-link", "data-key": `rules-${g.id}`, onclick: () => openRules(g.id) }, tr("rules"), h("span", { class: "sr-only", text: ` — ${gameTitle(g.id)}` })),
    ),
  );
}

/** The open tables (``S.tables``), the focus kept on the button it was on. */
export function drawTables() {
  keepFocus(drawTablesNow);
}

function drawTablesNow() {
  const box = $("#tables");
  if (!box) return;
  if (!S.tables.length) {
    box.replaceChildren(h("p", { class: "dim", text: tr("no_tables") }));
    return;
  }
  const more = S.tablesNext ? h("button", { type: "button", id: "more-tables", "data-key": "more-tables", onclick: moreTables, text: tr("more_tables") }) : null;
  box.replaceChildren(h("ul", { class: "tables" }, S.tables.map(tableItem)), ...(more ? [more] : [])); // replaceChildren would write a null as the word "null"
}

function tableItem(tb) {
  const free = tb.seats.some((s) => !s.taken);
  const seats = tb.seats.map((s) => `${shortName(s.seat)} ${s.bot ? botNamed(s.bot, tb.game) : s.taken ? s.name : tr("free_seat")}`);
  const opts = Object.entries(tb.options || {}).map(([k, v]) => tr("labelled", { label: optionLabel({ name: k }, S.lang), value: fmtOption(v) }));
  return h(
    "li",
    { class: "table-item", dataset: { table: tb.table } },
    h("strong", { text: gameTitle(tb.game) }),
    " · ",
    h("span", { text: tr("table_id", { id: tb.table }) }),
    " · ",
    h("span", { class: "status " + tb.status, text: tr("status_" + tb.status) }),
    tb.spectators ? ` · ${tr("spectators", { n: tb.spectators })}` : "",
    h("div", { class: "dim", text: seats.join(" · ") }),
    opts.length ? h("div", { class: "dim small", text: opts.join(" · ") }) : null,
    h(
      "div",
      { class: "actions" },
      mine(tb) ? h("button", { type: "button", class: "primary", "data-key": "resume-" + tb.table, "aria-label": tr("resume_label", { id: tb.table }), onclick: () => resumeMine(tb.table), text: tr("resume") }) : null,
      !mine(tb) && free && tb.status === "waiting" ? h("button", { type: "button", class: "primary", "data-key": "join-" + tb.table, "aria-label": tr("join_label", { id: tb.table }), onclick: () => joinTable(tb.table), text: tr("join") }) : null,
      h("button", { type: "button", "data-key": "watch-" + tb.table, "aria-label": tr("watch_label", { id: tb.table }), onclick: () => watchTable(tb.table), text: tr("watch") }),
    ),
  );
}

function fmtOption(v) {
  if (typeof v === "boolean") return tr(v ? "yes" : "no");
  if (typeof v === "string") return valueWord(v, S.lang);
  return String(v);
}

function joinById() {
  const input = h("input", { id: "table-id", name: "table-id", maxlength: 64, autocomplete: "off", "data-key": "table-id", size: 14 });
  const go = (fn) => (ev) => {
    ev.preventDefault();
    const id = input.value.trim();
    if (id) fn(id);
  };
  return h(
    "form",
    { class: "by-id", onsubmit: go(joinTable) },
    h("h3", { text: tr("by_id") }),
    h("p", { class: "dim small", text: tr("by_id_help") }),
    h("label", { for: "table-id", text: tr("table_id_input") }),
    " ",
    input,
    " ",
    h("button", { type: "submit", text: tr("join") }),
    " ",
    h("button", { type: "button", onclick: go(watchTable), text: tr("watch") }),
  );
}
