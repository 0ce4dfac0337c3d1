// The game master's messages into the state: the table's info, its updates, the result, votes,
// reactions and chat. Each one tells what to draw (events.js); nothing here draws.
//
// A table's frames are checked as the client library checks them (atout.client's take_seq): one
// whose seq is not above the last is dropped (twice, or out of order), a gap is normal (the
// catch-ups sent to other members take numbers). An update whose version skips one the page
// never saw is not drawn: the page catches up instead (a resume or a watch from its last
// version), as it does after a reconnection, so that the log misses no event.

import { ServerError } from "./net.js";
import { S, saveSeat, resetTable, myTurn } from "./state.js";
import { emit } from "./events.js";
import { tr, seatName } from "./names.js";
import { toLobby } from "./seating.js";
import { play } from "./sound.js";

/** One message from the game master (every one comes here first, replies included). */
export function receive(msg) {
  const t0 = performance.now();
  const b = msg.body || {};
  if (msg.cmd === "error") {
    if (msg.id == null) notice(b);
    return;
  }
  if (!S.at || b.table !== S.at.table || !takeSeq(msg.seq)) return;
  switch (msg.cmd) {
    case "table":
      S.info = b;
      // a quick-play table says when bots may fill it (the opener's wait counts, not ours)
      if (b.fill_in != null) S.waitUntil = performance.now() + b.fill_in * 1000;
      else if (b.status !== "waiting") S.waitUntil = null;
      break;
    case "started":
      S.info = { ...(S.info || {}), commitment: b.commitment, seats: b.seats, status: "playing" };
      break;
    case "update":
      if (!update(b)) return;
      break;
    case "game_over":
      S.over = b;
      S.deadlineAt = null;
      break;
    case "rematch":
      S.votes = b.votes;
      break;
    case "reaction":
      emit("reaction", b.seat, tr("phrase_" + b.phrase));
      return;
    case "chat":
      S.log.push({ text: tr("said", { who: seatName(b.seat), text: b.text }), kind: "chat", seat: b.seat });
      emit("table");
      return;
    case "rematch_ready":
      // The same seats at a new table: follow it (a player with its new token).
      S.at = { table: b.new_table, seat: b.seat ?? null, token: b.token ?? null };
      saveSeat();
      resetTable();
      S.info = null;
      break;
    default:
      return;
  }
  emit("table");
  if (msg.cmd === "update") emit("drawn", t0);
}

/** An error that answers no request: another window took our seat, or news (the server
 *  stopping, the table moving) that the page reconnects after, or a refusal to show. */
function notice(b) {
  if (b.code === "table.seat_taken_over" && S.at && b.detail && b.detail.table === S.at.table) {
    S.at = null;
    saveSeat();
    toLobby(tr("seat_taken_over"));
    return;
  }
  S.message = b.code === "server.shutting_down" ? tr("server_stopping") : b.code === "table.moved" ? tr("table_moved") : tr("refused", { text: new ServerError(b).text(S.lang) });
  emit("table");
}

/** Whether a frame of our table numbered ``seq`` is new (noted), or comes twice or out of order
 *  (dropped, counted). A frame with no seq (a reply) is always taken. */
function takeSeq(seq) {
  if (seq == null) return true;
  const last = S.lastSeq;
  if (last != null) {
    if (seq <= last) {
      S.seqRefused += 1;
      console.warn(`atout: table frame seq ${seq} after ${last}: dropped`);
      return false;
    }
    S.seqSkipped += seq - last - 1;
  }
  S.lastSeq = seq;
  return true;
}

/** Asks for what the page missed since its last version (a resume for a seat, else a watch): one
 *  update carrying every event since, its seq counted anew. Until it comes, updates are not
 *  drawn (it carries their events). */
export async function catchUp(from = S.lastVersion) {
  const at = S.at;
  if (!at || !S.conn) return;
  S.catchUp = "asked";
  S.lastSeq = null;
  try {
    if (at.token) await S.conn.request("resume", { table: at.table, token: at.token, version: from });
    else await S.conn.request("watch", { table: at.table, version: from });
    // the reply is in: the catch-up is the next update (each frame is a task of its own; this
    // runs before the next one's)
    if (S.at === at && S.catchUp === "asked") S.catchUp = "answered";
  } catch (e) {
    if (S.at === at) S.catchUp = null;
    throw e;
  }
}

/** Takes update ``b`` into the state; false if it is not to be drawn: stale, or after a gap
 *  (then the page catches up), or while a catch-up is awaited. */
function update(b) {
  if (S.catchUp === "asked") return false; // the catch-up on its way carries these events
  if (S.catchUp === "answered") S.catchUp = null; // this is it: whatever its version
  else if (S.lastVersion >= 0 && b.version <= S.lastVersion) return false; // seen already
  else if (S.lastVersion >= 0 && b.version > S.lastVersion + 1) {
    catchUp().catch(() => {}); // a version never seen: its events would be missing from the log
    return false;
  }
  const wasMine = myTurn();
  for (const e of b.events) {
    S.log.push({ text: e.text || `${e.kind} ${JSON.stringify(e.data)}`, kind: e.kind, seat: e.seat });
  }
  if (!S.update) emit("first-update", b.view.game);
  S.update = b;
  S.lastEvents = b.events;
  S.lastVersion = b.version;
  S.deadlineAt = b.deadline != null ? performance.now() + b.deadline * 1000 : null;
  S.deadlineTotal = b.deadline;
  soundFor(b, wasMine);
  return true;
}

/** What this update deserves to be heard: a deal, a card played, our turn. */
function soundFor(body, wasMine) {
  if (S.screen !== "table") return;
  if (body.events.some((e) => e.kind === "deal")) play("deal");
  else if (body.events.some((e) => e.seat != null && e.seat !== (S.at && S.at.seat))) play("play");
  if (!wasMine && myTurn()) play("turn");
}
