// The connection's life: connect (trying each node's address in turn), the socket's end and the
// reconnection with backoff, taking the seat back, the language switch, logging in and out.

import { Connection, RETRYABLE, ServerError } from "./net.js";
import { S, store, saveSeat, resetTable } from "./state.js";
import { emit } from "./events.js";
import { tr } from "./names.js";
import { prewarm } from "./cards.js";
import { nextLanguage, useLanguage } from "./i18n.js";
import { api } from "./http.js";
import { catchUp, receive } from "./receive.js";
import { errorText, retryMs, sleep, waitText } from "./refusals.js";
import { takeInvitation, toLobby } from "./seating.js";

export async function connect(name) {
  S.name = name.trim().slice(0, 24); // a name has 24 characters at most (the server's rule)
  store.set("atout.name", S.name);
  S.status = S.at && S.retries ? "reconnecting" : "connecting";
  S.error = "";
  emit("status");
  const conn = new Connection(S.url, { onMessage: (m) => conn === S.conn && receive(m), onClose: (ev, byUs) => conn === S.conn && closed(byUs, ev) });
  S.conn = conn;
  try {
    await conn.open(S.name, S.lang);
    S.status = "online";
    S.retries = 0;
    S.urlTries = 0;
    const games = await conn.request("list_games", {});
    S.games = games.body.games;
    if (S.at) await rejoin(S.at.reconnectFrom ?? -1);
    else if (S.invite) {
      await toLobby();
      await takeInvitation();
    } else await toLobby();
  } catch (e) {
    if (conn !== S.conn) return;
    if (S.at && !(e instanceof ServerError)) {
      closed(false);
      return;
    }
    if (!(e instanceof ServerError) && (S.urlTries = (S.urlTries || 0) + 1) < S.urls.length) {
      S.url = S.urls[(S.urls.indexOf(S.url) + 1) % S.urls.length]; // that node is away: the next
      conn.close();
      S.conn = null;
      await connect(name);
      return;
    }
    S.status = "idle";
    S.error = tr("cannot_connect", { why: e instanceof ServerError ? e.text(S.lang) : S.url });
    S.conn = null;
    conn.close();
    S.screen = "connect";
    emit("screen");
  }
}

/** The socket ended: at a table, try again (with backoff) and resume from the last version.
 *  Closed 4001: its session was logged out (here or on another device): a guest again. */
function closed(byUs, ev) {
  if (byUs) return;
  if (ev && ev.code === 4001) {
    S.conn = null;
    endSession(tr("logged_out_elsewhere"));
    return;
  }
  S.conn = null;
  if (!S.at) {
    S.error = S.status === "connecting" ? tr("cannot_connect", { why: S.url }) : tr("disconnected");
    S.status = "idle";
    S.screen = "connect";
    emit("screen");
    return;
  }
  // a node that closed on its own (the table moved, it restarts) is tried again first; one that
  // went silent or refused the socket, the next address
  if (!ev || ![1012, 1013].includes(ev.code)) S.url = S.urls[(S.urls.indexOf(S.url) + 1) % S.urls.length];
  S.status = "reconnecting";
  S.pending = false;
  S.at.reconnectFrom = S.lastVersion;
  emit(S.screen === "table" ? "table" : "status");
  S.retries += 1;
  const wait = Math.min(10000, 500 * 2 ** Math.min(S.retries, 5));
  clearTimeout(S.retryTimer);
  S.retryTimer = setTimeout(() => {
    if (!S.conn) connect(S.name);
  }, wait);
}

/** Takes the seat back with its token (or watches again), receiving what was missed since
 *  ``version`` (-1: everything, to rebuild the log): receive.js's catch-up. */
async function rejoin(version) {
  const at = S.at;
  delete at.reconnectFrom;
  if (version < 0) resetTable();
  try {
    for (let tries = 0; ; tries++) {
      try {
        await catchUp(version);
        break;
      } catch (e) {
        if (!(e instanceof ServerError) || !RETRYABLE.has(e.code) || tries >= 30) throw e;
        S.message = waitText(e); // the node or the database is away: said, and tried again
        emit("status");
        await sleep(retryMs(e));
      }
    }
    S.message = ""; // what was said before the drop (the server stopping) is over
    S.screen = "table";
    emit("screen");
  } catch (e) {
    if (!(e instanceof ServerError)) throw e;
    S.at = null;
    saveSeat();
    await toLobby(tr("lost_table") + " " + errorText(e));
  }
}

/** The page in the next language the game master has words for (their file loaded first). */
export async function switchLang() {
  const next = nextLanguage(S.lang).lang;
  await useLanguage(next);
  S.lang = next;
  prewarm(S.lang);
  store.set("atout.lang", S.lang);
  if (S.conn && S.status === "online") {
    // The game master writes the log in the language given at hello: say hello again and
    // take the seat back from the start, so the whole log is rewritten in the new language
    // (meanwhile the table is locked, as while reconnecting: nothing of the old one to play).
    const old = S.conn;
    S.conn = null;
    old.close();
    S.status = "connecting";
    emit("screen");
    await connect(S.name);
  } else {
    emit("screen");
  }
}

/** Logged in (or signed up) as ``name``: play under the account's name. */
export async function loggedIn(name) {
  S.account = name;
  S.name = name;
  store.set("atout.name", name);
  await connect(name);
}

export async function logout() {
  try {
    await api("/api/logout", {});
  } catch {
    /* the session is gone either way */
  }
  endSession("");
}

/** The account's session is over: no seat, no reconnection under its name, the connect form. */
function endSession(why) {
  S.account = null;
  clearTimeout(S.retryTimer); // no reconnecting under the account's name as a guest
  S.at = null; // a seat is the account's: it stays with it, not with this page
  saveSeat();
  if (S.conn) {
    const old = S.conn;
    S.conn = null;
    old.close();
  }
  S.status = "idle";
  S.error = why;
  S.screen = "connect";
  emit("screen");
}
