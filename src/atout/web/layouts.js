// Where each game's cards lie on the felt, and how its moves are said: presentation only.
// Nothing here decides what is legal: the table component matches taps against `legal`, and
// these functions only place what the view holds and put words on the moves listed. They
// describe the felt anew at each update (the table patches what changed: morph.js), and a
// control here has no listener: ``ctx.send(move)`` gives it the attributes that send a listed
// move when it is tapped (table-events.js).

import { glyph, isRed } from "./cards.js";
import { moveWord, said } from "./i18n.js";
import { h } from "./dom.js";


const glyphs = (codes, ctx) => codes.map((c) => glyph(c, ctx.lang)).join(" ");

/** A stack of backs with its count: the pioche. ``draw`` (a listed move) makes it a button
 *  that sends it. */
function stockZone(count, ctx, draw) {
  const label = ctx.tr("stock_label", { n: count });
  const zone = h(draw ? "button" : "div", {
    class: "zone stock" + (draw ? " playable" : ""),
    dataset: { zone: "stock", ...(draw ? ctx.send(draw) : {}) },
    type: draw ? "button" : null,
    "aria-label": draw ? ctx.tr("stock_draw", { n: count }) : label,
    role: draw ? null : "img",
  });
  const pile = h("span", { class: "stack", "aria-hidden": "true" });
  for (let i = 0; i < Math.min(3, count); i++) pile.append(ctx.back(`stock:${i}`));
  if (!count) pile.append(h("span", { class: "empty-slot" }));
  zone.append(pile, h("span", { class: "zone-label", "aria-hidden": "true", text: ctx.tr("stock_short", { n: count }) }));
  return zone;
}

function banner(text, kind = "") {
  return text ? h("p", { class: "banner " + kind, role: "note", text }) : null;
}

/** The move that was just played, to highlight: the cards of this update's last event of a kind. */
function lastCards(ctx, kinds) {
  const evs = ctx.table.model.events || [];
  for (let i = evs.length - 1; i >= 0; i--) {
    const e = evs[i];
    if (kinds.includes(e.kind) && e.data && Array.isArray(e.data.cards)) return e.data.cards;
  }
  return [];
}

// ------------------------------------------------------------------------------- Q²J

const Q2J = {
  tapToSend: true, // a card that is one move on its own is played at the first tap
  supersets: true, // a Queen with its pair: offer the Q² as well
  felt(view, ctx, table) {
    const draw = table.legal().find((m) => m.type === "draw");
    const top = view.top || [];
    const under = (view.discard || []).slice(0, Math.max(0, (view.discard || []).length - top.length)).slice(-3);
    const last = lastCards(ctx, ["play", "joe"]);
    const pile = h("div", {
      class: "zone pile",
      dataset: { zone: "pile", drop: "play" },
      role: "group",
      "aria-label": ctx.tr("discard_label", { n: (view.discard || []).length }),
    });
    const stack = h("div", { class: "stack pile-stack" });
    for (const c of under) stack.append(ctx.card(c, { key: `under:${c}`, where: "pile" }));
    for (const c of top) stack.append(ctx.card(c, { where: "pile", last: last.includes(c) }));
    pile.append(stack, h("span", { class: "zone-label", "aria-hidden": "true", text: ctx.tr("discard_short", { n: view.discard_size ?? 0 }) }));
    let note = null;
    if (view.q2_owner != null && view.q2_round) note = banner(ctx.tr("q2_banner", { who: ctx.seatName(view.q2_owner) }), "alert");
    else if (view.free_lead) note = banner(ctx.tr("free_lead_banner"), "info");
    return [note, h("div", { class: "zones" }, stockZone(view.stock_size ?? 0, ctx, draw), pile)];
  },
  pod(view, seat, ctx) {
    const shown = (view.shown || {})[String(seat)] || [];
    if (!shown.length) return null;
    // cards still in that hand that everyone saw (at the deal): said, not only drawn
    return h(
      "div",
      { class: "shown", "aria-label": ctx.tr("shown_cards", { cards: glyphs(shown, ctx) }) },
      shown.map((c) => ctx.card(c, { key: `shown:${seat}:${c}` })),
      h("span", { class: "shown-label", "aria-hidden": "true", text: ctx.tr("shown_label") }),
    );
  },
  positionSeat: () => null,
  prompt(view, legal, ctx) {
    if (view.q2_owner != null && view.q2_round) return ctx.tr("q2_prompt");
    return ctx.tr(view.free_lead ? "q2j_prompt_free" : "q2j_prompt");
  },
  actText(m, ctx) {
    if (m.type === "play" && m.cards.length === 2) return `${ctx.tr("play_q2")} ${glyphs(m.cards, ctx)}`;
    if (m.type === "play") return `${moveWord("play", ctx.lang)} ${glyphs(m.cards, ctx)}`;
    return moveWord(m.type, ctx.lang);
  },
  paramPrompt: () => "",
  tapMore(cands, sel, ctx) {
    return ctx.tr("tap_more");
  },
  // the result: what the score column counts
  result: { scoreWord: "cards_left" },
};

// ------------------------------------------------------------------------------- Le Quinze

/** A card's value in Le Quinze's sums as the game publishes it (list_games' facts.card_values,
 *  by rank, "JK" a Joker), never worked out here. */
function cardValue(code, values) {
  const rank = code.startsWith("JK") ? "JK" : code.replace(/#\d$/, "").slice(0, -1);
  return values[rank] ?? 0;
}

/** What a deal counted for each seat: its `scores` (out on one's own first turn in a match: −50,
 * nobody else scores), not the card `points` left in the hands. */
export function dealScores(d) {
  return d.scores || d.points || [];
}

function scoreboard(view, ctx) {
  const phase = view.phase || {};
  const totals = phase.totals || [];
  const deals = view.deals || [];
  const opts = view.options || {};
  const n = view.players || totals.length;
  const head = h("tr", {}, h("th", { scope: "col", text: ctx.tr("deal_short") }), Array.from({ length: n }, (_, i) => h("th", { scope: "col", class: i === ctx.me ? "me" : "", text: ctx.short(i) })));
  const rows = deals.map((d) =>
    h(
      "tr",
      {},
      h("th", { scope: "row", text: String(d.deal) }),
      dealScores(d).map((p, i) =>
        h("td", { class: "num" + (d.out === i ? " out" : ""), title: d.first_turn && d.out === i ? ctx.tr("bonus_title") : null, text: String(p) + (d.first_turn && d.out === i ? " ★" : "") }),
      ),
    ),
  );
  const total = h("tr", { class: "total" }, h("th", { scope: "row", text: ctx.tr("total") }), totals.map((p, i) => h("td", { class: "num", text: String(p) })));
  const strip = h(
    "div",
    { class: "score-strip", "aria-hidden": "true" },
    opts.match ? h("span", { class: "target-line", text: ctx.tr("target_line", { n: opts.target }) }) : h("span", { text: ctx.tr("single_deal") }),
    totals.map((p, i) => h("span", { class: "tot" + (i === ctx.me ? " me" : "") }, ctx.short(i), " ", h("b", { text: String(p) }))),
  );
  return h(
    "details",
    { class: "scoreboard", id: "scoreboard" },
    h("summary", {}, h("span", { class: "sr-only", text: ctx.tr("scoreboard") }), strip),
    h("table", { class: "scores" }, h("caption", { text: `${ctx.tr("scoreboard")} — ${opts.match ? ctx.tr("target_line", { n: opts.target }) : ctx.tr("single_deal")}` }), h("thead", {}, head), h("tbody", {}, rows, total)),
    h("p", { class: "small dim", text: ctx.tr("bonus_note") }),
  );
}

const QUINZE = {
  tapToSend: false,
  freeSelection: true, // when `legal` is truncated, any selection can be sent for the game master to judge
  felt(view, ctx, table) {
    const phase = view.phase || {};
    const tableCards = view.table || [];
    const lastLay = lastCards(ctx, ["lay"]);
    const zone = h("div", {
      class: "zone spread",
      dataset: { zone: "table", drop: "lay" },
      role: "group",
      "aria-label": ctx.tr("on_table_label", { n: tableCards.length }),
    });
    for (const c of tableCards) zone.append(ctx.card(c, { where: "table", interactive: true, last: lastLay.includes(c) }));
    if (!tableCards.length) zone.append(h("span", { class: "zone-empty", text: ctx.tr("table_empty") }));
    const lf = view.last_fifteen || [];
    const discard = h(
      "div",
      { class: "zone discard", dataset: { zone: "discard" }, role: "group", "aria-label": ctx.tr("discard_label", { n: view.discard_size ?? 0 }) },
      h("div", { class: "stack fifteen-stack" }, lf.length ? lf.map((c) => ctx.card(c, { key: `lf:${c}`, last: true })) : h("span", { class: "empty-slot" })),
      h("span", { class: "zone-label", "aria-hidden": "true", text: ctx.tr(lf.length ? "last_fifteen_short" : "discard_short", { n: view.discard_size ?? 0 }) }),
    );
    const note =
      phase.name === "scoring"
        ? banner(ctx.tr("deal_over_banner", { n: phase.deal }), "info")
        : banner(ctx.tr("deal_line", { n: phase.deal, dealer: ctx.seatName(phase.dealer) }), "quiet");
    return [scoreboard(view, ctx), note, h("div", { class: "felt-row" }, h("div", { class: "zones" }, stockZone(view.stock_size ?? 0, ctx, null), discard), zone)];
  },
  pod(view, seat, ctx) {
    const totals = (view.phase || {}).totals || [];
    return totals[seat] != null ? h("span", { class: "pts", text: ctx.tr("points_n", { n: totals[seat] }) }) : null;
  },
  positionSeat: () => null,
  selectionText(cards, ctx) {
    // the sum of the selection by the game's own values; an Ace counts low or high (the game's
    // ace_high): say which one makes the fifteen, or both sums while none does
    const facts = ctx.table.model.facts || {};
    const values = facts.card_values;
    if (!values) return null;
    const target = facts.fifteen;
    const sum = cards.reduce((s, c) => s + cardValue(c, values), 0);
    const aces = cards.some((c) => c.startsWith("A"));
    if (!aces || facts.ace_high == null) return ctx.tr("sum", { sum }) + (sum === target ? " ✓" : "");
    const bump = facts.ace_high - values.A;
    if (sum === target) return `${ctx.tr("sum_ace", { sum, ace: values.A })} ✓`;
    if (sum + bump === target) return `${ctx.tr("sum_ace", { sum: target, ace: facts.ace_high })} ✓`;
    return ctx.tr("sum_aces", { low: sum, high: sum + bump, one: values.A, ace: facts.ace_high });
  },
  freeMove(cards) {
    return cards.length >= 2 ? { type: "fifteen", cards: [...cards] } : null;
  },
  prompt(view, legal, ctx) {
    if ((view.phase || {}).name === "scoring") return ctx.tr("deal_over_banner", { n: view.phase.deal });
    return ctx.tr(view.made ? "quinze_prompt_more" : "quinze_prompt");
  },
  actText(m, ctx) {
    if (m.type === "fifteen") return `${ctx.tr("fifteen_btn")} ${glyphs(m.cards, ctx)}`;
    if (m.type === "lay") return ctx.tr("lay_btn", { cards: glyphs(m.cards, ctx) });
    return moveWord(m.type, ctx.lang);
  },
  paramPrompt: () => "",
  tapMore(cands, sel, ctx) {
    return ctx.tr("quinze_more");
  },
  // the result: points, and a match's deals one by one
  result: {
    scoreWord: "points",
    extra: (res, n, ctx) => ((res.detail || {}).history || []).length ? dealsTable(res.detail.history, n, ctx) : null,
  },
};

/** A match's deals on the result screen: each one's points by seat (★ out on the first turn),
 *  and the totals. */
function dealsTable(history, n, ctx) {
  return h(
    "table",
    { class: "scores deals" },
    h("caption", { text: ctx.tr("deals_caption") }),
    h("thead", {}, h("tr", {}, h("th", { scope: "col", text: ctx.tr("deal_short") }), Array.from({ length: n }, (_, i) => h("th", { scope: "col", class: "num", text: ctx.short(i) })))),
    h(
      "tbody",
      {},
      history.map((d) => h("tr", {}, h("th", { scope: "row", text: String(d.deal) }), dealScores(d).map((p, i) => h("td", { class: "num" + (d.out === i ? " out" : ""), text: String(p) + (d.first_turn && d.out === i ? " ★" : "") })))),
      h("tr", { class: "total" }, h("th", { scope: "row", text: ctx.tr("total") }), Array.from({ length: n }, (_, i) => h("td", { class: "num", text: String(history.reduce((s, d) => s + (dealScores(d)[i] || 0), 0)) }))),
    ),
    history.some((d) => d.first_turn) ? h("tfoot", {}, h("tr", {}, h("td", { colspan: n + 1, class: "dim small", text: ctx.tr("bonus_note") }))) : null,
  );
}

// ------------------------------------------------------------------------------- Le Pouilleux


function pairRank(cards) {
  return cards[0].replace(/#\d$/, "").slice(0, -1);
}

function pairsEl(pairs, ctx, key) {
  return h(
    "div",
    { class: "pairs", "aria-label": ctx.tr("laid_pairs_n", { n: pairs.length }) },
    pairs.map((p, i) =>
      h("span", { class: "pair-chip", dataset: { k: `pair:${key}:${i}` } }, p.map((c) => h("span", { class: isRed(c) ? "red" : "", text: glyph(c, ctx.lang) }))),
    ),
  );
}


const POUILLEUX = {
  tapToSend: false,
  autoExtend: true, // one tap on a special card selects its pair
  felt(view, ctx, table) {
    const dir = view.direction === -1;
    const parts = [];
    const line = h(
      "div",
      { class: "pou-state" },
      h("span", { class: "direction", title: ctx.tr(dir ? "ccw" : "cw") }, h("span", { class: "arrow", "aria-hidden": "true", text: dir ? "↺" : "↻" }), " ", ctx.tr(dir ? "ccw" : "cw")),
      view.imposed
        ? h("span", { class: "imposed " + view.imposed }, h("span", { "aria-hidden": "true", text: view.imposed === "red" ? "♥♦ " : "♠♣ " }), ctx.tr("imposed", { colour: view.imposed, who: ctx.seatName(view.imposed_by) }))
        : null,
    );
    parts.push(line);
    const me = ctx.me;
    if (me != null && view.laid && (view.laid[me] || []).length) parts.push(h("div", { class: "my-pairs" }, h("span", { class: "zone-label", text: ctx.tr("your_pairs") }), pairsEl(view.laid[me], ctx, me)));
    if (view.phase === "draw" && view.turn != null && view.turn !== me && view.draw_from != null)
      parts.push(banner(ctx.tr("drawing_from", { who: ctx.seatName(view.turn), from: ctx.seatName(view.draw_from) }), "quiet"));
    return parts;
  },
  pod(view, seat, ctx) {
    const pairs = (view.laid || [])[seat] || [];
    const known = (view.known || []).filter(([, s]) => s === seat).map(([c]) => c);
    return [
      pairs.length ? pairsEl(pairs, ctx, seat) : null,
      known.length ? h("div", { class: "known small", text: ctx.tr("known_cards", { cards: glyphs(known, ctx) }) }) : null,
    ];
  },
  positionSeat(view, type) {
    return type === "pick" ? view.pick_from : view.draw_from;
  },
  effect(m, ctx) {
    if (m.type !== "lay") return null;
    const r = pairRank(m.cards);
    const n = ctx.table.model.players;
    switch (r) {
      case "10":
        return ctx.tr(n === 2 ? "effect_10_two" : "effect_10");
      case "Q":
        return ctx.tr("effect_q");
      case "K":
        return ctx.tr("effect_k", { a: ctx.seatName(m.target), b: ctx.seatName(m.other) });
      case "J":
        return ctx.tr("effect_j", { who: ctx.seatName(m.target) });
      case "A":
        return ctx.tr("effect_a", { colour: m.colour });
      default:
        return null;
    }
  },
  paramPrompt(need, exact, ctx) {
    if (need.key === "colour") return ctx.tr("choose_colour");
    if (need.key === "pair") return need.chosen.length ? ctx.tr("choose_second", { who: ctx.seatName(need.chosen[0]) }) : ctx.tr("choose_two");
    return ctx.tr("choose_victim");
  },
  prompt(view, legal, ctx) {
    if (view.phase === "draw") return ctx.tr("pou_draw", { who: ctx.seatName(view.draw_from) });
    if (view.phase === "pick") return ctx.tr("pou_pick", { who: ctx.seatName(view.pick_from) });
    return ctx.tr("pou_act");
  },
  actText(m, ctx) {
    if (m.type === "lay") {
      const pair = ctx.tr("pair_rank", { rank: pairRank(m.cards), cards: glyphs(m.cards, ctx) });
      return `${ctx.tr("confirm")} — ${moveWord("lay", ctx.lang)} ${pair}`;
    }
    return moveWord(m.type, ctx.lang);
  },
  tapMore: (c, s, ctx) => ctx.tr("tap_more"),
  // the result: who holds the pouilleux is the big loser (when there is a loser at all)
  result: {
    scoreWord: "cards_left",
    loserWord: "grand_perdant",
    lost: (i, res) => (res.losers || []).includes(i) || ((res.detail || {}).pouilleux === i && (res.losers || []).length > 0),
    ending: (res, ctx) => {
      const d = res.detail || {};
      return d.pouilleux == null ? null : ctx.tr((res.losers || []).length ? "pouilleux_holder" : "pouilleux_holder_two", { who: ctx.seatName(d.pouilleux) });
    },
  },
};

// ------------------------------------------------------------------------------- any other game

/** The value at a dotted key of the view ("phase.dealer"). */
function at(view, key) {
  return key.split(".").reduce((v, k) => (v == null ? undefined : v[k]), view);
}

/** One field of a game's published view spec, drawn by its kind (no view key known here). */
function fieldEl(f, v, ctx, where) {
  const label = said(f, ctx.lang);
  const line = (...kids) => h("div", { class: "field-line", dataset: { key: f.key } }, h("span", { class: "field-label", text: `${label} ` }), ...kids);
  switch (f.kind) {
    case "cards":
      return Array.isArray(v) && v.length ? line(h("span", { class: "field-cards" }, v.slice(-12).map((c) => ctx.card(c, { key: `${where}:${f.key}:${c}` })))) : null;
    case "card_groups":
      return Array.isArray(v) && v.length ? line(h("span", { class: "pairs" }, v.map((g) => h("span", { class: "pair-chip", text: glyphs(g, ctx) })))) : null;
    case "card_seats":
      return Array.isArray(v) && v.length ? line(v.map(([c, s2]) => `${glyph(c, ctx.lang)} (${ctx.seatName(s2)})`).join(", ")) : null;
    case "card_count":
      return where === "pod" ? null : line(h("b", { text: String(v) }));
    case "flag":
      return v ? line() : null;
    case "seat":
      return v == null ? null : line(h("b", { text: ctx.seatName(v) }));
    case "seats":
      return Array.isArray(v) && v.length ? line(v.map((x) => ctx.seatName(x)).join(", ")) : null;
    case "choice":
      return v == null ? null : line(h("b", { text: f.values && f.values[v] ? said(f.values[v], ctx.lang) : String(v) }));
    case "direction":
      return v == null ? null : line(h("b", { text: v === -1 ? `↺ ${ctx.tr("ccw")}` : `↻ ${ctx.tr("cw")}` }));
    case "colour":
      return v ? line(h("b", { text: ctx.tr("colour_" + v) })) : null;
    case "score_table":
      return Array.isArray(v) && v.length ? line(h("span", { text: v.map((r, i) => `${r.deal ?? i + 1}: ${(r.scores || []).join(" · ")}`).join(" | ") })) : null;
    default:
      return v == null || v === "" ? null : line(h("b", { text: typeof v === "object" ? JSON.stringify(v) : String(v) }));
  }
}

/** A game without a layout of its own: its view drawn from the spec the game publishes. */
export const GENERIC = {
  tapToSend: false,
  felt(view, ctx) {
    const spec = ctx.table.model.spec || { fields: [] };
    const box = h("div", { class: "generic-board" });
    for (const f of spec.fields) {
      if (f.per_seat) continue;
      const el = fieldEl(f, at(view, f.key), ctx, "felt");
      if (el) box.append(el);
    }
    return box;
  },
  pod(view, seat, ctx) {
    const spec = ctx.table.model.spec || { fields: [] };
    return spec.fields
      .filter((f) => f.per_seat && f.key !== "hands")
      .map((f) => {
        const all = at(view, f.key);
        const v = Array.isArray(all) ? all[seat] : all ? all[String(seat)] : undefined;
        return v == null ? null : fieldEl(f, v, ctx, "pod");
      });
  },
  positionSeat: () => null,
  prompt: (view, legal, ctx) => ctx.tr("generic_prompt"),
  actText: (m, ctx) => [moveWord(m.type, ctx.lang), ...Object.entries(m).filter(([k]) => k !== "type").map(([, v]) => (Array.isArray(v) ? glyphs(v, ctx) : String(v)))].join(" "),
  paramPrompt: () => "",
  tapMore: (c, s, ctx) => ctx.tr("tap_more"),
  // the result: the score column, the losers, a sentence of ours when the game master sent none,
  // and anything more to show (a match's deals)
  result: { scoreWord: "score", loserWord: "loser", lost: (i, res) => (res.losers || []).includes(i), ending: () => null, extra: () => null },
};

/** What the result screen shows of ``game`` (its layout's, the generic one's for the rest). */
export function resultOf(game) {
  return { ...GENERIC.result, ...((LAYOUTS[game] || GENERIC).result || {}) };
}

export const LAYOUTS = { q2j: Q2J, quinze: QUINZE, pouilleux: POUILLEUX };
