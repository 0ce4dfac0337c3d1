// The create form: a table of any game the game master lists, its seats (people or bots), the
// bots' level, pauses and time limit, the game's own options (from its option specs).

import { S } from "./state.js";
import { botKinds, defaultForm, gameOf, levelsOf } from "./games.js";
import { tr, gameTitle } from "./names.js";
import { optionHelp, optionLabel, said, valueWord } from "./i18n.js";
import { h, $ } from "./dom.js";
import { createTable } from "./seating.js";

export function createForm() {
  if (!S.form || !gameOf(S.form.game)) S.form = defaultForm(gameOf("q2j") ? "q2j" : S.games[0] && S.games[0].id);
  const f = S.form;
  const g = gameOf(f.game);
  // Redrawn after the event that changed the game or the player count has finished (a blur
  // during the replacement would fire on a node already gone).
  const redraw = (focusId) =>
    setTimeout(() => {
      const old = $("#create");
      if (!old || !old.isConnected) return;
      old.replaceWith(createForm());
      const el = document.getElementById(focusId);
      if (el) el.focus();
    });
  const field = (id, text, control, help) =>
    h("div", { class: "field" }, h("label", { for: id, text }), control, help ? h("p", { class: "help dim small", id: id + "-help", text: help }) : null);

  const game = h(
    "select",
    {
      id: "f-game",
      "data-key": "f-game",
      onchange: (ev) => {
        S.form = defaultForm(ev.target.value);
        redraw("f-game");
      },
    },
    S.games.map((x) => h("option", { value: x.id, selected: x.id === f.game, text: gameTitle(x.id) })),
  );
  const players = h("input", {
    id: "f-players",
    type: "number",
    min: g.min_players,
    max: g.max_players,
    value: f.players,
    "data-key": "f-players",
    onchange: (ev) => {
      const n = Math.max(g.min_players, Math.min(g.max_players, Number(ev.target.value) || g.min_players));
      if (n === f.players && f.seats.length === n) return;
      f.players = n;
      f.seats = Array.from({ length: n }, (_, i) => f.seats[i] || (i === 0 ? "human" : "bot"));
      redraw("f-players");
    },
  });
  const num = (id, key, min, max, step) =>
    h("input", { id, type: "number", min, max, step, value: f[key], "data-key": id, onchange: (ev) => (f[key] = Math.max(min, Math.min(max, Number(ev.target.value) || 0))) });
  const priv = h("input", { id: "f-private", type: "checkbox", checked: f.private, "data-key": "f-private", onchange: (ev) => (f.private = ev.target.checked) });
  const options = (g.options || []).map((spec) => optionField(f, spec, field));

  return h(
    "form",
    {
      id: "create",
      class: "panel create",
      "aria-labelledby": "create-h",
      onsubmit: (ev) => {
        ev.preventDefault();
        createTable();
      },
    },
    h("h2", { id: "create-h", text: tr("create") }),
    h("div", { class: "grid" }, field("f-game", tr("game"), game), field("f-players", tr("players"), players), field("f-bot-kind", tr("bot_kind"), botKindChoice(f, g)), field("f-bot-delay", tr("bot_delay"), num("f-bot-delay", "botDelay", 0, 60, "any")), field("f-turn-seconds", tr("turn_seconds"), num("f-turn-seconds", "turnSeconds", 0, 86400, "any"))),
    seatsChoice(f),
    options.length ? h("fieldset", { class: "options" }, h("legend", { text: tr("options") }), options) : null,
    h("div", { class: "field check" }, priv, " ", h("label", { for: "f-private", text: tr("private") })),
    h("p", {}, h("button", { type: "submit", class: "primary", id: "create-button", "data-key": "create-button", text: tr("create_button") })),
  );
}

/** Each seat: a person or a bot. */
function seatsChoice(f) {
  return h(
    "fieldset",
    { class: "seats" },
    h("legend", { text: tr("seats") }),
    f.seats.map((kind, i) =>
      h(
        "label",
        { class: "seat-choice" },
        tr("seat_n", { n: i + 1 }),
        " ",
        h(
          "select",
          { id: `f-seat-${i}`, "data-key": `f-seat-${i}`, onchange: (ev) => (f.seats[i] = ev.target.value) },
          h("option", { value: "human", selected: kind === "human", text: tr("human") }),
          h("option", { value: "bot", selected: kind === "bot", text: tr("bot") }),
        ),
      ),
    ),
  );
}

/** The bots: the levels the game master lists (by how hard they are), then the raw kinds for
 *  experts. */
function botKindChoice(f, g) {
  const kinds = () => botKinds(g).map((k) => h("option", { value: k, selected: k === f.botKind, text: valueWord(k, S.lang) }));
  return h(
    "select",
    { id: "f-bot-kind", "data-key": "f-bot-kind", onchange: (ev) => (f.botKind = ev.target.value) },
    levelsOf(g).length
      ? [
          h("optgroup", { label: tr("levels") }, levelsOf(g).map((l) => h("option", { value: l.id, selected: l.id === f.botKind, text: said(l, S.lang) }))),
          botKinds(g).length ? h("optgroup", { label: tr("bot_kinds_raw") }, kinds()) : null,
        ]
      : kinds(),
  );
}

/** One of the game's options, by its spec's type: a checkbox, a choice, a number or a text. */
function optionField(f, spec, field) {
  const id = `f-opt-${spec.name}`;
  const help = optionHelp(spec, S.lang);
  const value = f.options[spec.name];
  let control;
  if (spec.type === "boolean") {
    control = h("input", { id, type: "checkbox", checked: !!value, "data-key": id, "aria-describedby": id + "-help", onchange: (ev) => (f.options[spec.name] = ev.target.checked) });
    return h("div", { class: "field check" }, control, " ", h("label", { for: id, text: optionLabel(spec, S.lang) }), h("p", { class: "help dim small", id: id + "-help", text: help }));
  }
  if (spec.enum) {
    control = h(
      "select",
      { id, "data-key": id, "aria-describedby": id + "-help", onchange: (ev) => (f.options[spec.name] = ev.target.value) },
      spec.enum.map((v) => h("option", { value: v, selected: v === value, text: valueWord(v, S.lang) + (v === spec.default ? ` (${tr("default")})` : "") })),
    );
  } else if (spec.type === "integer" || spec.type === "number") {
    control = h("input", {
      id,
      type: "number",
      min: spec.minimum,
      max: spec.maximum,
      step: spec.type === "integer" ? 1 : "any",
      value,
      "data-key": id,
      "aria-describedby": id + "-help",
      onchange: (ev) => (f.options[spec.name] = Number(ev.target.value)),
    });
  } else {
    control = h("input", { id, value: value ?? "", "data-key": id, "aria-describedby": id + "-help", onchange: (ev) => (f.options[spec.name] = ev.target.value) });
  }
  return field(id, optionLabel(spec, S.lang), control, help);
}
