// The table's log: every sentence of the game in the drawer, and the last one under your hand.

import { S } from "./state.js";
import { tr } from "./names.js";
import { h } from "./dom.js";
import { sentenceNodes } from "./cards.js";

/** Appends the log's new lines (``S.log`` past ``parts.count``) to ``parts.log`` and says the
 *  last one in ``parts.last``; ``parts.count`` is how many are drawn. ``shown``: the log is on
 *  the screen, kept scrolled to its end if it was there (a hidden one is scrolled when opened:
 *  no layout to read for it now). */
export function drawLog(parts, shown = true) {
  if (S.log.length < parts.count) {
    parts.log.replaceChildren();
    parts.count = 0;
  }
  const box = parts.log.parentNode;
  const atBottom = shown && box.scrollHeight - box.scrollTop - box.clientHeight < 40;
  for (let i = parts.count; i < S.log.length; i++) {
    const e = S.log[i];
    parts.log.append(h("li", { class: "ev ev-" + e.kind, dataset: { seat: e.seat ?? "" } }, sentenceNodes(e.text, S.lang)));
  }
  if (S.log.length > parts.count) {
    const last = S.log[S.log.length - 1];
    // the line under your hand speaks to you: "Your turn.", not "P1's turn."
    const mine = last.kind === "turn" && S.at && S.at.seat != null && last.seat === S.at.seat;
    parts.last.replaceChildren(...sentenceNodes(mine ? tr("your_turn_line") : last.text, S.lang));
  }
  parts.count = S.log.length;
  if (atBottom) box.scrollTop = box.scrollHeight;
}

/** Empties the drawn log (a new table, or the same from its start). */
export function clearLog(parts) {
  if (!parts.log) return;
  parts.log.replaceChildren();
  parts.count = 0;
}
