// What a refusal or a lost request says to the player, and how long a retryable one waits.

import { ServerError } from "./net.js";
import { S } from "./state.js";
import { tr } from "./names.js";

export function errorText(e) {
  if (e instanceof ServerError) return e.text(S.lang);
  return tr("disconnected"); // a socket gone mid-request: never a script's own words
}

/** "Refused: …" for ``e``. */
export const refused = (e) => tr("refused", { text: errorText(e) });

/** What a retryable refusal means for the player (saving paused, the table's node away). */
export function waitText(e) {
  return tr(e.code === "store.unavailable" ? "saving_paused" : e.code === "node.unavailable" ? "node_away" : "refused", { text: e.text(S.lang) });
}

/** How long to wait before sending again what ``e`` refused (its retry_after, 0.25 to 10 s). */
export function retryMs(e) {
  const after = Number((e.body.detail || {}).retry_after);
  return Math.min(10000, Math.max(250, (Number.isFinite(after) ? after : 1) * 1000));
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
