// The player's intents at the table: a move, a hint, bots for the empty seats, a phrase, a
// rematch, leaving. Each changes the state and tells the table to be drawn (events.js).

import { RETRYABLE, ServerError } from "./net.js";
import { S, saveSeat, resetTable, myTurn } from "./state.js";
import { emit } from "./events.js";
import { tr } from "./names.js";
import { play, unlock } from "./sound.js";
import { refused, retryMs, sleep, waitText } from "./refusals.js";
import { toLobby } from "./seating.js";

/** Sends a move of the last update (the table component only ever hands us one of those, or a
 *  selection to judge when the list was truncated). */
export async function sendMove(move) {
  const u = S.update;
  if (!u || !S.at || !S.conn || S.pending || S.over || !myTurn()) return;
  unlock();
  S.pending = true;
  S.message = "";
  S.hint = null;
  emit("table");
  try {
    for (let tries = 0; ; tries++) {
      try {
        await S.conn.request("move", { table: S.at.table, version: u.version, move });
        break;
      } catch (e) {
        // nothing was done (the table's node or the database is away): said, and sent again
        if (!(e instanceof ServerError) || !RETRYABLE.has(e.code) || tries >= 30 || !S.conn) throw e;
        S.message = waitText(e);
        emit("table");
        await sleep(retryMs(e));
        S.message = "";
      }
    }
  } catch (e) {
    S.message = refused(e);
    play("refuse");
  } finally {
    S.pending = false;
    emit("table");
  }
}

/** Asks the game master what the heuristic bot would play here, and why (our turn only). */
export async function askHint() {
  const u = S.update;
  const at = S.at;
  if (!S.conn || S.status !== "online" || !myTurn() || S.pending || S.hinting) return;
  S.hinting = true;
  emit("table");
  try {
    const rep = await S.conn.request("hint", { table: at.table });
    if (S.at === at && rep.body.table === at.table && S.update && S.update.version === rep.body.version) {
      S.hint = rep.body;
      S.focusHint = true;
    }
  } catch (e) {
    if (S.at === at && S.update === u) S.message = refused(e); // not if the turn moved on
  } finally {
    S.hinting = false;
    emit("table");
  }
}

/** The empty seats of our waiting table get bots, and the game starts. */
export async function fillBots() {
  if (!S.at) return;
  try {
    await S.conn.request("fill_bots", { table: S.at.table });
  } catch (e) {
    S.message = refused(e);
    emit("table");
  }
}

/** A fixed phrase said at the table (the game master rate-limits them). */
export async function react(phrase) {
  if (!S.at || !S.conn) return;
  try {
    await S.conn.request("react", { table: S.at.table, phrase });
  } catch (e) {
    S.message = refused(e);
    emit("table");
  }
}

export async function leave() {
  const at = S.at;
  const playing = at && at.token && S.update && !S.over;
  if (playing && !window.confirm(tr("leave_confirm"))) return;
  S.at = null;
  saveSeat();
  resetTable();
  if (at && S.conn) S.conn.request("leave", { table: at.table }).catch(() => {});
  await toLobby();
}

export async function rematch() {
  if (!S.at) return;
  try {
    await S.conn.request("rematch", { table: S.at.table });
    S.message = tr("rematch_asked");
  } catch (e) {
    S.message = refused(e);
  }
  emit("table");
}
