// Taking a seat and leaving the lobby: the open tables, joining, watching, quick play, a new
// table, an invitation. Each intent changes the state and tells what to draw (events.js).

import { ServerError } from "./net.js";
import { S, store, saveSeat, resetTable } from "./state.js";
import { emit } from "./events.js";
import { defaultForm, gameOf, levelOr } from "./games.js";
import { refused } from "./refusals.js";

/** The lobby, with ``message`` in its error line; its tables fetched again. */
export async function toLobby(message = "") {
  S.screen = "lobby";
  S.error = message;
  emit("screen", { land: true });
  await refreshTables();
}

export async function refreshTables() {
  if (!S.conn || S.status !== "online") return;
  try {
    const r = await S.conn.request("list_tables", {});
    S.tables = r.body.tables;
    S.tablesNext = r.body.next || null;
  } catch {
    return;
  }
  if (S.screen === "lobby") emit("tables");
}

/** The next page of open tables (the game master sends them a page at a time). */
export async function moreTables() {
  if (!S.conn || !S.tablesNext) return;
  try {
    const r = await S.conn.request("list_tables", { after: S.tablesNext });
    S.tables = [...S.tables, ...r.body.tables];
    S.tablesNext = r.body.next || null;
  } catch (e) {
    lobbyError(e);
    return;
  }
  emit("tables");
}

/** A refusal said in the lobby's error line. */
export function lobbyError(e) {
  S.error = refused(e);
  emit("lobby-error");
}

async function enter(at, info) {
  S.at = at;
  saveSeat();
  resetTable();
  S.info = info || null;
  S.screen = "table";
  emit("screen");
}

export async function joinTable(table, seat = null) {
  try {
    const r = await S.conn.request("join", { table, seat });
    await enter({ table, seat: r.body.seat, token: r.body.token });
  } catch (e) {
    lobbyError(e);
  }
}

/** A table where our account holds a seat (taken on another device, or before a reload). */
export function mine(tb) {
  return !!S.account && tb.seats.some((x) => x.account && x.name === S.account);
}

/** Takes our account's seat back from this device: the game master issues a new token. */
export async function resumeMine(table) {
  resetTable();
  S.at = { table, seat: null, token: null }; // the catch-up that follows the reply is ours
  await toTable("resume", table, (r) => {
    S.at = { table, seat: r.body.seat, token: r.body.token };
  });
}

export async function watchTable(table) {
  S.at = { table, seat: null, token: null };
  saveSeat();
  resetTable();
  S.info = null;
  await toTable("watch", table, () => {});
}

/** Resume or watch ``table`` from its start, then show it; a refusal goes back to the lobby. */
async function toTable(cmd, table, then) {
  try {
    then(await S.conn.request(cmd, { table, version: -1 }));
    saveSeat();
    S.screen = "table";
    emit("screen");
  } catch (e) {
    S.at = null;
    saveSeat();
    lobbyError(e);
  }
}

/** "Play now": a seat at a waiting public table of that game and size (or a new one), the empty
 *  seats filled with bots at once or after waiting for people (``S.quickFill``). */
export async function quickPlay(game, players) {
  const fill = S.quickFill;
  const level = levelOr(gameOf(game), S.quickLevel);
  store.set("atout.quickFill", fill);
  store.set("atout.quickLevel", level);
  try {
    const r = await S.conn.request("quick_play", { game, players, fill, wait: S.quickWait, level });
    S.waitUntil = fill === "wait" ? performance.now() + S.quickWait * 1000 : null;
    await enter({ table: r.body.table, seat: r.body.seat, token: r.body.token });
    return;
  } catch (e) {
    if (!(e instanceof ServerError) || !/unknown|bad_command|not_supported/.test(e.code)) {
      lobbyError(e);
      return;
    }
  }
  // a game master without quick play: a table of our own with bots in the other seats
  const f = defaultForm(game);
  f.players = players;
  f.seats = Array.from({ length: players }, (_, i) => (i === 0 ? "human" : "bot"));
  await createTable(f);
}

/** A new table from the create form's values (``S.form``), and a seat at it (or watching it
 *  when every seat is a bot's). */
export async function createTable(form = null) {
  const f = form || S.form;
  const g = gameOf(f.game);
  const options = {};
  for (const spec of g.options || []) {
    const v = f.options[spec.name];
    if (v !== undefined && v !== spec.default) options[spec.name] = v;
  }
  const bots = f.seats.map((kind, i) => (kind === "bot" ? i : -1)).filter((i) => i >= 0);
  const body = {
    game: f.game,
    players: f.players,
    options,
    bots,
    bot_kind: f.botKind,
    bot_delay: f.botDelay,
    turn_seconds: f.turnSeconds,
    private: f.private,
    autostart: true,
  };
  try {
    const r = await S.conn.request("create_table", body);
    const info = r.body;
    const human = f.seats.indexOf("human");
    if (human < 0) await watchTable(info.table);
    else {
      const j = await S.conn.request("join", { table: info.table, seat: human });
      await enter({ table: info.table, seat: j.body.seat, token: j.body.token }, info);
    }
  } catch (e) {
    lobbyError(e);
  }
}

/** An invitation link (/t/<table>): a free seat if there is one, else watch. */
export async function takeInvitation() {
  const id = S.invite;
  S.invite = null;
  history.replaceState(null, "", "/");
  try {
    const r = await S.conn.request("join", { table: id, seat: null });
    await enter({ table: id, seat: r.body.seat, token: r.body.token });
  } catch (e) {
    if (e instanceof ServerError && /full|no_free|started|seat/.test(e.code)) await watchTable(id);
    else lobbyError(e);
  }
}
