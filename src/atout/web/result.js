// The end of a game, over the table: who won, the ranking with scores, the deals of a match, the
// fairness check, the rematch votes, and "see the table" to fold it away.

import { S } from "./state.js";
import { tr, seatName, shortName, podName } from "./names.js";
import { h } from "./dom.js";
import { sentenceNodes } from "./cards.js";
import { play } from "./sound.js";
import { resultOf } from "./layouts.js";
import { fairness } from "./fairness.js";
import { leave, rematch } from "./play.js";

const SHOWN = new WeakMap(); // the result layer -> what it shows (drawn again only when that changes)

/** Draws the result (``S.over``) into the layer ``over``, or hides it while the game goes on. */
export function drawOver(over) {
  const o = S.over;
  if (!o) {
    over.hidden = true;
    over.replaceChildren();
    SHOWN.delete(over);
    return;
  }
  const key = S.votes.length + ":" + S.lang + ":" + S.message;
  if (SHOWN.get(over) === key) return;
  const res = o.result || {};
  const winners = res.winners || [];
  const game = (S.info && S.info.game) || (S.update && S.update.view.game);
  const shown = resultOf(game); // what the game's layout shows of a result
  const ctx = { tr, seatName, short: shortName };
  const me = S.at ? S.at.seat : null;
  const n = Math.max(S.info && S.info.seats ? S.info.seats.length : 0, (res.scores || []).length);
  let verdict = null;
  if (me != null) {
    const won = winners.includes(me);
    verdict = h("p", { class: "verdict " + (won ? "win" : "lose"), text: won ? tr(winners.length === 1 ? "you_win" : "you_share") : tr("you_lose") });
  } else verdict = h("p", { class: "verdict", text: tr(winners.length === 1 ? "winner_is" : "winners", { who: winners.map(seatName).join(", ") || "—" }) });
  const ending = S.log.filter((e) => e.kind === "game_over").map((e) => e.text);
  const ours = shown.ending(res, ctx);
  const parts = [
    h("h2", { id: "over-h", tabindex: -1, text: tr("game_over") }),
    verdict,
    // the game master's own sentence (who won, who holds the pouilleux), else the layout's
    ending.length ? h("p", { class: "ending" }, sentenceNodes(ending[ending.length - 1], S.lang)) : ours ? h("p", { class: "ending", text: ours }) : null,
    ranking(res, shown, n, me),
    shown.extra(res, n, ctx),
    fairness(o),
    S.votes.length ? h("p", { class: "dim", text: tr("rematch_votes", { who: S.votes.map(seatName).join(", ") }) }) : null,
    S.message ? h("p", { class: "dim", text: S.message }) : null,
    h(
      "p",
      { class: "actions" },
      me != null ? h("button", { type: "button", class: "primary", id: "rematch", "data-key": "rematch", onclick: rematch, text: tr("rematch") }) : null,
      h("button", { type: "button", id: "lobby", "data-key": "lobby", onclick: leave, text: tr("back_to_lobby") }),
      peekButton(over),
    ),
  ];
  const card = h("div", { class: "over-card", role: "dialog", "aria-modal": "false", "aria-labelledby": "over-h" }, parts.filter(Boolean));
  over.replaceChildren(card);
  over.hidden = false;
  const first = !SHOWN.has(over);
  SHOWN.set(over, key);
  if (first) {
    play(me != null && winners.includes(me) ? "win" : "end");
    card.querySelector("h2").focus();
  }
}

/** The seats from first to last: winners, then by score, the loser(s) last; ties share a rank. */
function ranking(res, shown, n, me) {
  const winners = res.winners || [];
  const scores = res.scores || [];
  const lost = (i) => shown.lost(i, res);
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => winners.includes(b) - winners.includes(a) || lost(a) - lost(b) || (scores[a] ?? 0) - (scores[b] ?? 0));
  let rank = 0;
  let prev = null;
  const rows = order.map((i, k) => {
    const key = `${winners.includes(i)}/${lost(i)}/${scores[i]}`;
    if (key !== prev) rank = k + 1;
    prev = key;
    const won = winners.includes(i);
    const badges = [];
    if (won) badges.push(h("span", { class: "badge win", text: tr("winner") }));
    if (lost(i)) badges.push(h("span", { class: "badge lose", text: tr(shown.loserWord) }));
    if (i === me) badges.push(h("span", { class: "badge you", text: tr("you") }));
    return h("tr", { class: won ? "won" : "" }, h("td", { class: "num", text: String(rank) }), h("th", { scope: "row" }, shortName(i), " ", h("span", { class: "pl", text: podName(i) || "" }), " ", badges), h("td", { class: "num", text: scores[i] != null ? fmtScore(scores[i]) : "" }));
  });
  return h(
    "table",
    { class: "scores ranking" },
    h("caption", { class: "sr-only", text: tr("ranking") }),
    h("thead", {}, h("tr", {}, h("th", { scope: "col", class: "num", text: "#" }), h("th", { scope: "col", text: tr("player") }), h("th", { scope: "col", class: "num", text: tr(shown.scoreWord) }))),
    h("tbody", {}, rows),
  );
}

function fmtScore(x) {
  return Number.isInteger(x) ? String(x) : String(Math.round(x * 10) / 10);
}

/** "See the table" folds the result into a bar (peek); the same button then brings it back. */
function peekButton(over) {
  const said = (btn, on) => {
    btn.textContent = tr(on ? "see_result" : "see_table");
    btn.setAttribute("aria-pressed", on ? "true" : "false");
  };
  const btn = h("button", { type: "button", id: "see-table", "data-key": "see-table", onclick: () => said(btn, over.classList.toggle("peek")) });
  said(btn, over.classList.contains("peek"));
  return btn;
}
