// The browser client: connect, lobby, table. Generic over games.
//
// One state object (S) holds what the game master sent; the screens are drawn from it, and the
// player's clicks become intents (join, play move i of version v...) that go to the connection.
// The page never decides legality: it only offers the moves the last update listed, on the
// version they were listed for, once. The seat token lives in sessionStorage, so a reload resumes.

import { backUrl, prewarm, cardEl, cardName, cardsEl, glyph, isCardCode, isCardList, sentenceNodes } from "./cards.js";
import { Connection, RETRYABLE, ServerError, dealIsFair, defaultUrls } from "./net.js";
import { t, label, valueWord, optionLabel, optionHelp, moveWord, MOUSE } from "./i18n.js";
import { CardTable, moveCards, icon as iconSvg } from "./table.js";
import { dealScores } from "./layouts.js";
import { isMuted, setMuted, unlock, play } from "./sound.js";
import { ApiError, accountForm, api, leaderboardPage, playerPage, replayPage } from "./pages.js";
import { h } from "./dom.js";

const BOT_KINDS = ["heuristic", "ismcts", "random"];

const store = {
  get(key, area = localStorage) {
    try {
      return JSON.parse(area.getItem(key));
    } catch {
      return null;
    }
  },
  set(key, value, area = localStorage) {
    try {
      if (value == null) area.removeItem(key);
      else area.setItem(key, JSON.stringify(value));
    } catch {
      /* storage refused (private mode): the page still works, without resuming */
    }
  },
};

// ------------------------------------------------------------------------------ state

const S = {
  lang: store.get("atout.lang") || ((navigator.language || "en").startsWith("fr") ? "fr" : "en"),
  name: store.get("atout.name") || "",
  urls: defaultUrls(), // the nodes' addresses (?ws=a,b), tried in turn
  url: defaultUrls()[0],
  conn: null,
  status: "idle", // idle | connecting | online | reconnecting
  error: "",
  screen: "connect", // connect | lobby | table
  games: [],
  tables: [],
  form: null, // the create-table form's values
  at: null, // {table, seat, token}: the table we sit at (token null: watching)
  info: null, // the table's TableInfo
  update: null, // the last update body
  log: [], // {text, kind, seat}
  over: null, // the game_over body
  votes: [],
  pending: false, // a move of ours is on its way
  hint: null, // the game master's advice for our turn: {table, version, move, index, why, why_fr}
  hinting: false, // a hint request is on its way
  focusHint: false, // move the focus to the advised move once it is drawn
  message: "",
  deadlineAt: null, // performance.now() when the turn's time runs out
  lastVersion: -1,
  lastEvents: [], // the events of the last update (what to animate and highlight)
  deadlineTotal: null, // the turn's length when no time limit is listed in the table info
  autoDelay: 1200, // ms before a move with no choice plays itself
  drawTimes: [], // ms from an update received to the table drawn (bench/web.py reads them)
  account: null, // the logged-in account's name (null: a guest)
  page: null, // {page, id|game|name} for the pages outside the game (replay, leaderboard, player)
  invite: null, // a table id from an invitation link (/t/<table>) to join once connected
  quickFill: store.get("atout.quickFill") || "bots", // quick play: "bots" now, or "wait" for people
  quickLevel: store.get("atout.quickLevel") || "moyen", // quick play: the bots' level (a bot_levels id)
  waitUntil: null, // performance.now() when our quick-play table may be filled with bots
  quickWait: 30, // seconds a quick-play table waits for people before bots may fill it
  retries: 0,
  retryTimer: null, // the reconnection waiting its turn (a logout cancels it)
};

function saveSeat() {
  store.set("atout.at", S.at ? { ...S.at, url: S.url, name: S.name } : null, sessionStorage);
}

// ------------------------------------------------------------------------------ DOM helpers


const $ = (sel) => document.querySelector(sel);

/** Runs ``draw`` (which may replace elements) and gives the focus back to the element with the
 *  same data-key, so a redraw never throws a keyboard user back to the top of the page. */
function keepFocus(draw) {
  const a = document.activeElement;
  const key = a && a !== document.body && a.dataset ? a.dataset.key : null;
  ui.focusSet = false;
  draw();
  if (key && !ui.focusSet && !(document.activeElement && document.activeElement.dataset && document.activeElement.dataset.key === key)) {
    const el = document.querySelector(`[data-key="${CSS.escape(key)}"]`);
    if (el) el.focus({ preventScroll: true });
  }
}
const tr = (key, vars) => t(S.lang, key, vars);
const colon = () => (S.lang === "fr" ? " : " : ": "); // French puts a space before the colon

function gameOf(id) {
  return S.games.find((g) => g.id === id) || null;
}

function gameTitle(id) {
  const g = gameOf(id);
  // the game master's titles; on a page opened alone (a replay link) before any connection, ours
  return (g && g.titles && (g.titles[S.lang] || g.titles.en)) || (id && tr("title_" + id) !== "title_" + id ? tr("title_" + id) : id) || "";
}

/** "P2 (bob)" / "J2 (bob)": the seat (J for joueur in French) and the player's name. */
function seatName(i) {
  if (i == null) return tr("game_master");
  const name = playerName(i);
  return name ? `${shortName(i)} (${name})` : shortName(i);
}

/** The name on a seat's pod: the player's, or the bot's kind ("Heuristic"). */
function podName(i) {
  const seat = S.info && S.info.seats ? S.info.seats[i] : null;
  if (!seat) return "";
  if (seat.bot) {
    const w = botWord(seat.bot);
    return w.charAt(0).toUpperCase() + w.slice(1);
  }
  return seat.name || "";
}

/** "P2" in English, "J2" in French. */
function shortName(i) {
  return `${S.lang === "fr" ? "J" : "P"}${i + 1}`;
}

/** A bot kind in the page's language: a level by its name (the game master lists them), else
 *  the kind's word. */
function botWord(kind, game = S.info && S.info.game) {
  const level = levelsOf(gameOf(game)).find((l) => l.id === kind);
  return level ? level[S.lang === "fr" ? "fr" : "en"] : valueWord(kind, S.lang);
}

/** A bot in a sentence: "Intermediate bot", "robot moyen". */
function botNamed(kind, game) {
  const w = botWord(kind, game);
  return tr("bot_named", { level: S.lang === "fr" ? w.toLowerCase() : w });
}

/** The player's name at seat ``i`` ("" while free), a bot by its kind. */
function playerName(i) {
  const seat = S.info && S.info.seats ? S.info.seats[i] : null;
  if (!seat) return "";
  if (seat.bot) return botNamed(seat.bot);
  return seat.name || "";
}

// ------------------------------------------------------------------------------ connection

async function connect(name) {
  S.name = name.trim().slice(0, 24); // a name has 24 characters at most (the server's rule)
  store.set("atout.name", S.name);
  S.status = S.at && S.retries ? "reconnecting" : "connecting";
  S.error = "";
  drawStatus();
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
    render();
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
    render();
    return;
  }
  // a node that closed on its own (the table moved, it restarts) is tried again first; one that
  // went silent or refused the socket, the next address
  if (!ev || ![1012, 1013].includes(ev.code)) S.url = S.urls[(S.urls.indexOf(S.url) + 1) % S.urls.length];
  S.status = "reconnecting";
  S.pending = false;
  S.at.reconnectFrom = S.lastVersion;
  if (S.screen === "table") drawTable();
  else drawStatus();
  S.retries += 1;
  const wait = Math.min(10000, 500 * 2 ** Math.min(S.retries, 5));
  clearTimeout(S.retryTimer);
  S.retryTimer = setTimeout(() => {
    if (!S.conn) connect(S.name);
  }, wait);
}

/** Takes the seat back with its token (or watches again), receiving what was missed since
 *  ``version`` (-1: everything, to rebuild the log). */
async function rejoin(version) {
  const at = S.at;
  delete at.reconnectFrom;
  if (version < 0) resetTable();
  try {
    for (let tries = 0; ; tries++) {
      try {
        if (at.token) await S.conn.request("resume", { table: at.table, token: at.token, version });
        else await S.conn.request("watch", { table: at.table, version });
        break;
      } catch (e) {
        if (!(e instanceof ServerError) || !RETRYABLE.has(e.code) || tries >= 30) throw e;
        S.message = waitText(e); // the node or the database is away: said, and tried again
        drawStatus();
        await sleep(retryMs(e));
      }
    }
    S.message = ""; // what was said before the drop (the server stopping) is over
    S.screen = "table";
    render();
  } catch (e) {
    if (!(e instanceof ServerError)) throw e;
    S.at = null;
    saveSeat();
    await toLobby(tr("lost_table") + " " + errorText(e));
  }
}

/** What a retryable refusal means for the player (saving paused, the table's node away). */
function waitText(e) {
  return tr(e.code === "store.unavailable" ? "saving_paused" : e.code === "node.unavailable" ? "node_away" : "refused", { text: e.text(S.lang) });
}

function retryMs(e) {
  const after = Number((e.body.detail || {}).retry_after);
  return Math.min(10000, Math.max(250, (Number.isFinite(after) ? after : 1) * 1000));
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function errorText(e) {
  if (e instanceof ServerError) return e.text(S.lang);
  return tr("disconnected"); // a socket gone mid-request: never a script's own words
}

async function switchLang() {
  S.lang = S.lang === "fr" ? "en" : "fr";
  prewarm(S.lang);
  store.set("atout.lang", S.lang);
  if (S.conn && S.status === "online") {
    // The game master writes the log in the language given at hello: say hello again and
    // take the seat back from the start, so the whole log is rewritten in the new language.
    const old = S.conn;
    S.conn = null;
    old.close();
    render();
    await connect(S.name);
  } else {
    render();
  }
}

// ------------------------------------------------------------------------------ messages

function receive(msg) {
  const t0 = performance.now();
  const b = msg.body || {};
  if (msg.cmd === "error") {
    if (msg.id == null) {
      // Not an answer to a request: another window took our seat, or the server is stopping.
      if (b.code === "table.seat_taken_over" && S.at && b.detail && b.detail.table === S.at.table) {
        S.at = null;
        saveSeat();
        toLobby(tr("seat_taken_over"));
        return;
      }
      // the server stopping or the table moving is news, not a refusal: the page reconnects
      S.message = b.code === "server.shutting_down" ? tr("server_stopping") : b.code === "table.moved" ? tr("table_moved") : tr("refused", { text: new ServerError(b).text(S.lang) });
      drawTable();
    }
    return;
  }
  if (!S.at || b.table !== S.at.table) return;
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
    case "update": {
      const wasMine = myTurn();
      for (const e of b.events) {
        S.log.push({ text: e.text || `${e.kind} ${JSON.stringify(e.data)}`, kind: e.kind, seat: e.seat });
      }
      if (!S.update) firstVisit(b.view.game);
      S.update = b;
      S.lastEvents = b.events;
      S.lastVersion = b.version;
      S.deadlineAt = b.deadline != null ? performance.now() + b.deadline * 1000 : null;
      S.deadlineTotal = b.deadline;
      soundFor(b, wasMine);
      break;
    }
    case "game_over":
      S.over = b;
      S.deadlineAt = null;
      break;
    case "rematch":
      S.votes = b.votes;
      break;
    case "reaction":
      showReaction(b.seat, tr("phrase_" + b.phrase));
      return;
    case "chat":
      S.log.push({ text: `${seatName(b.seat)}${colon()}${b.text}`, kind: "chat", seat: b.seat });
      if (S.screen === "table") drawTable();
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
  if (S.screen === "table") drawTable();
  if (msg.cmd === "update" && ui.felt) {
    void ui.felt.getBoundingClientRect(); // style and layout done: the table is drawn
    S.drawTimes.push(performance.now() - t0);
    if (S.drawTimes.length > 2000) S.drawTimes.splice(0, 1000);
  }
}

function resetTable() {
  S.update = null;
  S.log = [];
  S.over = null;
  S.votes = [];
  S.pending = false;
  S.hint = null;
  S.hinting = false;
  S.message = "";
  S.deadlineAt = null;
  S.lastVersion = -1;
  S.lastEvents = [];
  if (ui.log) {
    ui.log.replaceChildren();
    ui.logCount = 0;
  }
}

// ------------------------------------------------------------------------------ intents

async function toLobby(message = "") {
  S.screen = "lobby";
  S.error = message;
  render();
  landFocus($("#main"));
  await refreshTables();
}

/** Focus ``el`` when nothing has it (the control that had it is gone with the screen it was
 *  on): a keyboard or a screen reader goes on from there, not from the top of the page. */
function landFocus(el) {
  const at = document.activeElement;
  if (el && (!at || at === document.body)) el.focus({ preventScroll: true });
}

async function refreshTables() {
  if (!S.conn || S.status !== "online") return;
  try {
    const r = await S.conn.request("list_tables", {});
    S.tables = r.body.tables;
    S.tablesNext = r.body.next || null;
  } catch {
    return;
  }
  if (S.screen === "lobby") drawTables();
}

/** The next page of open tables (the game master sends them a page at a time). */
async function moreTables() {
  if (!S.conn || !S.tablesNext) return;
  try {
    const r = await S.conn.request("list_tables", { after: S.tablesNext });
    S.tables = [...S.tables, ...r.body.tables];
    S.tablesNext = r.body.next || null;
  } catch (e) {
    lobbyError(e);
    return;
  }
  drawTables();
}

async function enter(at, info) {
  S.at = at;
  saveSeat();
  resetTable();
  S.info = info || null;
  S.screen = "table";
  render();
}

async function joinTable(table, seat = null) {
  try {
    const r = await S.conn.request("join", { table, seat });
    await enter({ table, seat: r.body.seat, token: r.body.token });
  } catch (e) {
    lobbyError(e);
  }
}

/** A table where our account holds a seat (taken on another device, or before a reload). */
function mine(tb) {
  return !!S.account && tb.seats.some((x) => x.account && x.name === S.account);
}

/** Takes our account's seat back from this device: the game master issues a new token. */
async function resumeMine(table) {
  resetTable();
  S.at = { table, seat: null, token: null }; // the catch-up that follows the reply is ours
  await toTable("resume", table, (r) => {
    S.at = { table, seat: r.body.seat, token: r.body.token };
  });
}

async function watchTable(table) {
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
    render();
  } catch (e) {
    S.at = null;
    saveSeat();
    lobbyError(e);
  }
}

function lobbyError(e) {
  S.error = tr("refused", { text: errorText(e) });
  if (S.screen === "lobby") {
    const box = $("#lobby-error");
    if (box) box.textContent = S.error;
  } else render();
}

/** "Play against bots": a table of ``players`` with you at P1 and the default bots elsewhere. */
/** "Play now": a seat at a waiting public table of that game and size (or a new one), the empty
 *  seats filled with bots at once or after waiting for people (``S.quickFill``). */
async function quickPlay(game, players) {
  const fill = S.quickFill;
  const level = levelsOf(gameOf(game)).some((l) => l.id === S.quickLevel) ? S.quickLevel : "moyen";
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

/** The empty seats of our waiting table get bots, and the game starts. */
async function fillBots() {
  if (!S.at) return;
  try {
    await S.conn.request("fill_bots", { table: S.at.table });
  } catch (e) {
    S.message = tr("refused", { text: errorText(e) });
    drawTable();
  }
}

/** A fixed phrase said at the table (the game master rate-limits them). */
async function react(phrase) {
  if (!S.at || !S.conn) return;
  try {
    await S.conn.request("react", { table: S.at.table, phrase });
  } catch (e) {
    S.message = tr("refused", { text: errorText(e) });
    drawTable();
  }
}

const PHRASES = ["hello", "well_played", "gg", "thanks", "oops", "wow"];

/** Someone said something: a bubble by their seat for a few seconds, and the same in words. */
function showReaction(seat, text) {
  const anchor = seat === (S.at && S.at.seat) ? ui.hand : document.querySelector(`.pod[data-seat="${seat}"]`);
  if (ui.last) ui.last.textContent = `${seatName(seat)}${colon()}${text}`;
  if (!anchor || !ui.felt) return;
  const root = ui.felt.closest(".table-screen");
  const a = anchor.getBoundingClientRect();
  const r = root.getBoundingClientRect();
  const bubble = h("div", { class: "bubble", "aria-hidden": "true", text, style: `left:${Math.max(4, a.left - r.left + 8)}px; top:${Math.max(4, a.top - r.top + 4)}px` });
  root.append(bubble);
  setTimeout(() => bubble.remove(), 3000);
}

async function createTable(form = null) {
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

/** Asks the game master what the heuristic bot would play here, and why (our turn only). */
async function askHint() {
  const u = S.update;
  const at = S.at;
  if (!S.conn || S.status !== "online" || !myTurn() || S.pending || S.hinting) return;
  S.hinting = true;
  drawTable();
  try {
    const rep = await S.conn.request("hint", { table: at.table });
    if (S.at === at && rep.body.table === at.table && S.update && S.update.version === rep.body.version) {
      S.hint = rep.body;
      S.focusHint = true;
    }
  } catch (e) {
    if (S.at === at && S.update === u) S.message = tr("refused", { text: errorText(e) }); // not if the turn moved on
  } finally {
    S.hinting = false;
    drawTable();
  }
}

async function leave() {
  const at = S.at;
  const playing = at && at.token && S.update && !S.over;
  if (playing && !window.confirm(tr("leave_confirm"))) return;
  S.at = null;
  saveSeat();
  resetTable();
  if (at && S.conn) S.conn.request("leave", { table: at.table }).catch(() => {});
  await toLobby();
}

async function rematch() {
  if (!S.at) return;
  try {
    await S.conn.request("rematch", { table: S.at.table });
    S.message = tr("rematch_asked");
  } catch (e) {
    S.message = tr("refused", { text: errorText(e) });
  }
  drawTable();
}

// ------------------------------------------------------------------------------ screens

const ui = {}; // the table screen's persistent parts (live regions must not be replaced)

function render() {
  document.documentElement.lang = S.lang;
  document.body.classList.toggle("at-table", S.screen === "table" || (S.screen === "page" && S.page && S.page.page === "replay"));
  document.title = S.screen === "table" && S.at ? `${gameTitle(S.info && S.info.game)} · atout` : tr("title");
  $("#lang").textContent = tr("switch_lang");
  $("#lang").setAttribute("aria-label", tr("switch_lang_label"));
  $("#lang").setAttribute("lang", S.lang === "fr" ? "en" : "fr");
  $("#skip").textContent = tr("skip_link");
  $("#skip").hidden = S.screen !== "table";
  drawStatus();
  const main = $("#main");
  const focusKey = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.key : null;
  for (const k of Object.keys(ui)) delete ui[k];
  drawNav();
  if (S.screen === "connect") main.replaceChildren(connectScreen());
  else if (S.screen === "lobby") main.replaceChildren(lobbyScreen());
  else if (S.screen === "page") drawPage(main);
  else main.replaceChildren(tableScreen());
  if (S.screen === "table") drawTable();
  if (S.screen === "lobby") drawTables();
  if (focusKey) {
    const el = main.querySelector(`[data-key="${CSS.escape(focusKey)}"]`) || $(`[data-key="${CSS.escape(focusKey)}"]`);
    if (el) el.focus();
  }
}

function drawStatus() {
  const el = $("#conn");
  const text = {
    idle: tr("disconnected"),
    connecting: tr("connecting", { url: S.url }),
    online: tr("connected_as", { name: S.name }),
    reconnecting: tr("reconnecting"),
  }[S.status];
  el.textContent = text;
  el.className = "conn " + S.status;
}

// -- connect

function connectScreen() {
  if (S.account) {
    // logged in: play under the account's name
    return h(
      "div",
      { class: "panel connect" },
      h("h2", { text: tr("welcome_back", { name: S.account }) }),
      S.error ? h("p", { class: "error", role: "alert", text: S.error }) : null,
      h(
        "p",
        { class: "actions" },
        h("button", { type: "button", class: "primary", id: "connect", "data-key": "connect", onclick: () => connect(S.account), text: tr("play") }),
        h("button", { type: "button", id: "logout", onclick: logout, text: tr("log_out") }),
      ),
      h("p", { class: "dim" }, tr("server") + colon(), h("code", { text: S.url })),
    );
  }
  const input = h("input", { id: "name", name: "name", required: true, maxlength: 24, autocomplete: "nickname", value: S.name, "data-key": "name" });
  const guest = h(
    "form",
    {
      class: "guest-form",
      onsubmit: (ev) => {
        ev.preventDefault();
        if (input.value.trim()) connect(input.value);
      },
    },
    h("h3", { text: tr("as_guest") }),
    h("p", { class: "dim small", text: tr("guest_help") }),
    h("p", {}, h("label", { for: "name", text: tr("your_name") }), " ", input),
    h("p", {}, h("button", { type: "submit", class: "primary", id: "connect", "data-key": "connect", text: tr("play") })),
  );
  return h(
    "div",
    { class: "panel connect" },
    h("h2", { text: tr("connect") }),
    S.error ? h("p", { class: "error", role: "alert", text: S.error }) : null,
    h("div", { class: "connect-ways" }, guest, S.api !== false ? accountForm({ lang: S.lang, name: S.name }, loggedIn) : null),
    h("p", { class: "dim small" }, tr("server") + colon(), h("code", { text: S.url })),
  );
}

async function loggedIn(name) {
  S.account = name;
  S.name = name;
  store.set("atout.name", name);
  await connect(name);
}

async function logout() {
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
  render();
}

/** The links at the top: leaderboards, and who you are (your player page) when logged in. */
function drawNav() {
  const nav = $("#nav");
  if (!nav) return;
  const first = (S.games[0] && S.games[0].id) || "q2j";
  const links = [
    h("a", { href: "/", "data-nav": "", text: tr("lobby") }),
    h("a", { href: `/leaderboard/${first}`, "data-nav": "", id: "nav-leaderboard", text: tr("leaderboards") }),
  ];
  if (S.account) {
    links.push(h("a", { href: `/players/${encodeURIComponent(S.account)}`, "data-nav": "", id: "nav-me", text: S.account }));
    links.push(h("button", { type: "button", class: "nav-out", id: "nav-logout", onclick: logout, text: tr("log_out") }));
  }
  nav.replaceChildren(...links);
}

// -- pages outside the game: replays, leaderboards, player pages (pages.js), routed by path

function routeOf(path) {
  const m = /^\/(t|replay|leaderboard|players)\/([^/]+)\/?$/.exec(path);
  if (!m) return { page: "lobby" };
  const id = decodeURIComponent(m[2]);
  return { t: { page: "invite", id }, replay: { page: "replay", id }, leaderboard: { page: "leaderboard", game: id }, players: { page: "player", name: id } }[m[1]];
}

function pageContext() {
  return { lang: S.lang, games: S.games.length ? S.games : FALLBACK_GAMES, gameTitle, reducedMotion: reducedMotion() };
}

const FALLBACK_GAMES = [{ id: "q2j" }, { id: "quinze" }, { id: "pouilleux" }];

function drawPage(main) {
  const p = S.page;
  const box = h("div", { class: "page-box" });
  main.replaceChildren(box);
  if (p.page === "replay") ui.replay = replayPage(box, p.id, pageContext());
  else if (p.page === "leaderboard") leaderboardPage(box, p.game, pageContext());
  else if (p.page === "player") playerPage(box, p.name, pageContext());
}

/** Goes to ``path`` inside the page (history kept): a page, the lobby or an invitation. */
function navigate(path, push = true) {
  if (push) history.pushState(null, "", path);
  const route = routeOf(location.pathname);
  if (route.page === "lobby") {
    S.page = null;
    if (S.conn && S.status === "online" && !S.at) toLobby();
    else if (S.at) {
      S.screen = "table";
      render();
    } else {
      S.screen = "connect";
      render();
    }
    return;
  }
  if (route.page === "invite") {
    S.invite = route.id;
    S.page = null;
    if (S.conn && S.status === "online") takeInvitation();
    else {
      S.screen = "connect";
      render();
    }
    return;
  }
  S.page = route;
  S.screen = "page";
  render();
}

/** An invitation link (/t/<table>): a free seat if there is one, else watch. */
async function takeInvitation() {
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

// -- lobby

/** The bot levels the game master lists for a game ({id, en, fr, kind}), easiest first. */
function levelsOf(g) {
  return (g && g.bot_levels) || [];
}

function defaultForm(game) {
  const g = gameOf(game) || S.games[0];
  const players = Math.max(g.min_players, Math.min(3, g.max_players));
  const options = {};
  for (const spec of g.options || []) options[spec.name] = spec.default;
  return {
    game: g.id,
    players,
    seats: Array.from({ length: players }, (_, i) => (i === 0 ? "human" : "bot")),
    botKind: levelsOf(g).some((l) => l.id === "moyen") ? "moyen" : "heuristic",
    botDelay: 0.6,
    turnSeconds: 0,
    private: false,
    options,
  };
}

function lobbyScreen() {
  if (!S.form || !gameOf(S.form.game)) S.form = defaultForm(gameOf("q2j") ? "q2j" : S.games[0] && S.games[0].id);
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

/** Quick play's bot level, by how hard it is (the levels the game master lists). */
function quickLevelChoice() {
  const levels = levelsOf(S.games[0]);
  if (!levels.length) return null;
  // a level kept from another version of the game master and no longer listed: the default
  if (!levels.some((l) => l.id === S.quickLevel)) S.quickLevel = levels.some((l) => l.id === "moyen") ? "moyen" : levels[0].id;
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
      levels.map((l) => h("option", { value: l.id, selected: l.id === current, text: S.lang === "fr" ? l.fr : l.en })),
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
    h("p", { class: "tagline", text: tr("game_tagline_" + g.id) }),
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

function drawTables() {
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
  box.replaceChildren(
    h(
      "ul",
      { class: "tables" },
      S.tables.map((tb) => {
        const free = tb.seats.some((s) => !s.taken);
        const seats = tb.seats.map((s) => `${shortName(s.seat)} ${s.bot ? botNamed(s.bot, tb.game) : s.taken ? s.name : tr("free_seat")}`);
        const opts = Object.entries(tb.options || {}).map(([k, v]) => optionLabel({ name: k }, S.lang) + colon() + fmtOption(v));
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
      }),
    ),
    ...(more ? [more] : []), // replaceChildren would write a null as the word "null"
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

function createForm() {
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
  const seats = h(
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
  const botKind = h(
    "select",
    { id: "f-bot-kind", "data-key": "f-bot-kind", onchange: (ev) => (f.botKind = ev.target.value) },
    // the levels the game master lists (by how hard they are), then the raw kinds for experts
    levelsOf(g).length
      ? [
          h("optgroup", { label: tr("levels") }, levelsOf(g).map((l) => h("option", { value: l.id, selected: l.id === f.botKind, text: S.lang === "fr" ? l.fr : l.en }))),
          h("optgroup", { label: tr("bot_kinds_raw") }, BOT_KINDS.map((k) => h("option", { value: k, selected: k === f.botKind, text: valueWord(k, S.lang) }))),
        ]
      : BOT_KINDS.map((k) => h("option", { value: k, selected: k === f.botKind, text: valueWord(k, S.lang) })),
  );
  const num = (id, key, min, max, step) =>
    h("input", { id, type: "number", min, max, step, value: f[key], "data-key": id, onchange: (ev) => (f[key] = Math.max(min, Math.min(max, Number(ev.target.value) || 0))) });
  const priv = h("input", { id: "f-private", type: "checkbox", checked: f.private, "data-key": "f-private", onchange: (ev) => (f.private = ev.target.checked) });

  const options = (g.options || []).map((spec) => {
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
  });

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
    h("div", { class: "grid" }, field("f-game", tr("game"), game), field("f-players", tr("players"), players), field("f-bot-kind", tr("bot_kind"), botKind), field("f-bot-delay", tr("bot_delay"), num("f-bot-delay", "botDelay", 0, 60, "any")), field("f-turn-seconds", tr("turn_seconds"), num("f-turn-seconds", "turnSeconds", 0, 86400, "any"))),
    seats,
    options.length ? h("fieldset", { class: "options" }, h("legend", { text: tr("options") }), options) : null,
    h("div", { class: "field check" }, priv, " ", h("label", { for: "f-private", text: tr("private") })),
    h("p", {}, h("button", { type: "submit", class: "primary", id: "create-button", "data-key": "create-button", text: tr("create_button") })),
  );
}

// -- table

const reducedMotion = () => window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

function tableScreen() {
  const game = (S.info && S.info.game) || (S.update && S.update.view.game) || "";
  const icon = (id, glyph, label, onclick, extra = {}) => h("button", { type: "button", id, class: "icon", "aria-label": label, title: label, onclick, "data-key": id, ...extra }, typeof glyph === "string" ? h("span", { "aria-hidden": "true", text: glyph }) : glyph);
  const root = h(
    "div",
    { class: "table-screen", id: "table-screen", dataset: { game } },
    h(
      "div",
      { class: "tbar" },
      icon("leave", "←", tr("leave"), leave),
      (ui.title = h("h2", { id: "table-title" })),
      (ui.timer = h("span", { class: "timer", id: "timer", role: "timer", "aria-live": "off" })),
      icon("rules-btn", "?", tr("rules"), () => openRules(S.info && S.info.game)),
      (ui.mute = icon("mute", "", tr("sound"), toggleMute)),
      (ui.logBtn = icon("log-btn", iconSvg("log"), tr("log"), toggleLog, { "aria-expanded": "false", "aria-controls": "log-drawer" })),
    ),
    (ui.seats = h("section", { id: "seats", class: "opponents", "aria-label": tr("players") })),
    (ui.felt = h("section", { id: "felt", class: "felt", "aria-label": tr("board") })),
    h(
      "section",
      { class: "dock", id: "moves-anchor", "aria-label": tr("moves") },
      h("div", { class: "dock-head" }, (ui.status = h("p", { id: "status", class: "status-line", role: "status", "aria-live": "polite" })), (ui.hintBtn = h("button", { type: "button", id: "ask-hint", class: "quiet small-btn", "aria-keyshortcuts": "H", onclick: askHint }, h("kbd", { "aria-hidden": "true", text: "H" }), " " + tr("hint"))), (ui.sortSlot = h("span", { class: "sort-slot" }))),
      (ui.prompt = h("p", { id: "prompt", class: "prompt" })),
      (ui.message = h("p", { id: "message", class: "error", role: "alert" })),
      (ui.hint = h("p", { id: "hint", class: "hint", role: "status", "aria-live": "polite" })),
      (ui.actions = h("div", { id: "actions", class: "actions" })),
      (ui.hand = h("div", { id: "hand", class: "hand" })),
      (ui.last = h("p", { id: "last", class: "last-line", role: "status", "aria-live": "polite" })),
      (ui.reactions = h(
        "details",
        { class: "say", id: "say" },
        h("summary", { text: tr("say") }),
        h("div", { class: "reactions" }, PHRASES.map((p) => h("button", { type: "button", class: "quiet", dataset: { phrase: p }, onclick: () => react(p), text: tr("phrase_" + p) }))),
      )),
      // the moves as a list (screen readers, keyboards): a seat's only; keys named where there are keys
      (ui.movelist = h(
        "details",
        { id: "movelist", class: "movelist", hidden: S.at && S.at.seat == null },
        h("summary", { "data-key": "movelist-summary", text: tr(MOUSE ? "move_list" : "move_list_touch") }),
        (ui.moves = h("div", { id: "moves", class: "moves", tabindex: -1 })),
      )),
    ),
    (ui.drawer = h(
      "aside",
      { id: "log-drawer", class: "drawer", hidden: true, "aria-labelledby": "log-h" },
      h("div", { class: "drawer-head" }, h("h3", { id: "log-h", text: tr("log") }), h("button", { type: "button", class: "icon", "aria-label": tr("close"), onclick: toggleLog }, h("span", { "aria-hidden": "true", text: "✕" }))),
      h("div", { class: "log-box", role: "log", "aria-live": "off", tabindex: 0, "aria-labelledby": "log-h" }, (ui.log = h("ol", { id: "log", class: "log" }))),
    )),
    (ui.over = h("div", { id: "over", class: "over-layer", hidden: true })),
  );
  ui.logCount = 0;
  ui.table = new CardTable(
    { root, seats: ui.seats, felt: ui.felt, prompt: ui.prompt, actions: ui.actions, hand: ui.hand, sortSlot: ui.sortSlot },
    {
      onMove: (move) => sendMove(move),
      onSay: (text) => (ui.last.textContent = text),
      onSortChange: (by) => store.set("atout.sort", by),
    },
  );
  ui.table.sortBy = store.get("atout.sort") || "suit";
  return root;
}

function myTurn() {
  const u = S.update;
  // while the connection is down nothing can be sent: the table waits, locked
  return !!(u && S.at && S.at.seat != null && u.turn === S.at.seat && u.seat === S.at.seat && !S.over && S.status === "online");
}

function drawTable() {
  if (S.screen !== "table" || !ui.status) return;
  keepFocus(drawTableNow);
}

function tableModel() {
  const u = S.update;
  const info = S.info || {};
  const view = (u && u.view) || {};
  const hint = S.hint && u && S.hint.version === u.version ? S.hint : null;
  return {
    game: view.game || info.game,
    spec: (gameOf(view.game || info.game) || {}).view_spec || null, // the game's published view fields
    lang: S.lang,
    me: S.at ? S.at.seat : null,
    turn: u ? u.turn : null,
    players: Number(view.players || info.players || (info.seats || []).length),
    seats: info.seats || [],
    view,
    legal: myTurn() && !S.pending ? u.legal : null,
    legalTotal: u ? u.legal_total : null,
    version: u ? u.version : -1,
    pending: S.pending,
    over: !!S.over,
    events: S.lastEvents,
    hint: hint ? hint.move : null,
    seatName,
    shortName,
    playerName,
    podName,
    deadlineFraction: deadlineFraction(),
    reducedMotion: reducedMotion(),
    autoDelay: S.autoDelay,
  };
}

function drawTableNow() {
  const info = S.info || {};
  const u = S.update;
  const view = (u && u.view) || {};
  const me = S.at ? S.at.seat : null;
  const title = gameTitle(info.game || view.game);
  document.title = (myTurn() ? "● " + tr("your_turn_title") + " · " : "") + `${title} · atout`;
  const who = me == null ? tr("spectator_short") : tr("you_are", { seat: seatName(me) });
  const whoShort = me == null ? tr("spectator_short") : shortName(me); // a phone: "· P1", not a cut sentence
  ui.title.replaceChildren(h("span", { class: "gname", text: title }), h("span", { class: "tid dim", text: " · " + who }), h("span", { class: "tid-short dim", "aria-hidden": "true", text: " · " + whoShort }));
  const muted = isMuted();
  ui.mute.replaceChildren(iconSvg(muted ? "muted" : "sound"));
  ui.mute.setAttribute("aria-pressed", muted ? "true" : "false");
  ui.mute.setAttribute("aria-label", tr(muted ? "unmute" : "mute"));
  ui.mute.title = tr(muted ? "unmute" : "mute");

  let status;
  if (S.over) status = tr("over");
  else if (info.status === "aborted" || info.status === "closed") status = endedText(info);
  else if (!u) status = tr("waiting_short"); // the felt says the rest
  else if (me == null) status = u.turn != null ? tr("their_turn", { who: seatName(u.turn) }) : "";
  else if (S.pending) status = tr("sending");
  else if (myTurn()) status = tr("your_turn");
  else status = tr("their_turn", { who: seatName(u.turn) });
  if (ui.status.textContent !== status) ui.status.textContent = status;
  ui.status.classList.toggle("mine", myTurn() && !S.pending);
  ui.message.textContent = S.message;
  ui.hintBtn.hidden = !myTurn();
  ui.reactions.hidden = !S.at || S.at.seat == null;
  ui.hintBtn.disabled = S.pending || S.hinting;
  const hint = S.hint && S.at && u && S.hint.table === S.at.table && S.hint.version === u.version ? S.hint : null;
  const why = hint ? tr("hint_text", { text: S.lang === "fr" ? hint.why_fr : hint.why }) : "";
  if (ui.hint.textContent !== why) ui.hint.textContent = why;
  drawTimer();
  if (u) ui.table.set(tableModel());
  else {
    ui.felt.replaceChildren(...waitingTable().filter(Boolean));
  }
  markHint(hint);
  drawMoves();
  drawLog();
  drawOver();
}

/** What a table that ended without a result says: called off because a seat withheld its part of
 *  the shuffle (never an error: docs/PROTOCOL.md "Fair deals"), stopped after an error, or closed. */
function endedText(info) {
  if (info.status === "aborted" && info.withheld && info.withheld.length) {
    return tr("status_withheld", { seats: info.withheld.map(seatName).join(", ") });
  }
  return tr("status_" + info.status);
}

/** A table still waiting for players: who is seated, the link to invite a friend, and bots to
 *  fill the empty seats (after the quick play's wait, or at once). */
function waitingTable() {
  const info = S.info || {};
  if (info.status === "aborted" || info.status === "closed") {
    return [h("p", { class: "banner info", role: "status", text: endedText(info) })];
  }
  const link = `${location.origin}/t/${encodeURIComponent(S.at ? S.at.table : "")}`;
  const free = (info.seats || []).filter((x) => !x.taken).length;
  const left = S.waitUntil != null ? Math.max(0, Math.ceil((S.waitUntil - performance.now()) / 1000)) : 0;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      ui.prompt.textContent = tr("link_copied");
    } catch {
      ui.prompt.textContent = link;
    }
  };
  return [
    h("p", { class: "banner info", text: tr("waiting_players", { id: S.at ? S.at.table : "" }) }),
    free ? h("p", { class: "banner quiet", text: tr("free_seats_n", { n: free }) }) : null,
    h("div", { class: "invite" }, h("span", { text: tr("invite_link") }), h("code", { id: "invite-link", text: link }), h("button", { type: "button", class: "quiet small-btn", id: "copy-invite", onclick: copy, text: tr("copy") })),
    S.at && S.at.seat != null && free
      ? h("p", {}, h("button", { type: "button", class: "primary", id: "fill-bots", disabled: left > 0, onclick: fillBots, text: left > 0 ? tr("fill_bots_in", { s: left }) : tr("fill_bots") }))
      : null,
  ];
}

/** The advised move: its cards (or the back to draw) outlined on the table. */
function markHint(hint) {
  for (const el of document.querySelectorAll(".hinted")) el.classList.remove("hinted");
  if (!hint || !hint.move) return;
  for (const c of moveCards(hint.move)) {
    const el = ui.felt.parentNode.querySelector(`.card[data-card="${CSS.escape(c)}"]`);
    if (el) el.classList.add("hinted");
  }
  if ("position" in hint.move) {
    const el = ui.felt.querySelector(`.blind [data-position="${hint.move.position}"]`);
    if (el) el.classList.add("hinted");
  }
  const type = hint.move.type;
  if (!moveCards(hint.move).length && !("position" in hint.move)) {
    const el = ui.actions.querySelector(`[data-type="${CSS.escape(type)}"]`) || ui.felt.querySelector('[data-zone="stock"].playable');
    if (el) el.classList.add("hinted");
  }
}

function deadlineFraction() {
  if (S.deadlineAt == null || S.over) return null;
  const total = (S.info && S.info.turn_seconds) || S.deadlineTotal || 1;
  return Math.max(0, Math.min(1, (S.deadlineAt - performance.now()) / 1000 / total));
}

function drawTimer() {
  if (!ui.timer) return;
  if (S.deadlineAt == null || S.over) {
    ui.timer.textContent = "";
    ui.timer.hidden = true;
    ui.timer.closest(".table-screen")?.querySelector(".dock")?.classList.remove("timed");
    return;
  }
  ui.timer.hidden = false;
  const left = Math.max(0, Math.round((S.deadlineAt - performance.now()) / 1000));
  ui.timer.textContent = tr("time_left", { s: left }); // no ⏱: missing from common fonts (a box)
  ui.timer.classList.toggle("low", left <= 5);
  const dock = ui.timer.closest(".table-screen")?.querySelector(".dock");
  if (dock) dock.classList.toggle("timed", myTurn());
  const f = deadlineFraction();
  const ring = document.querySelector(".pod.turn .ring");
  if (ring && f != null) ring.style.setProperty("--p", f);
  document.documentElement.style.setProperty("--turn-left", f == null ? 1 : f);
}
setInterval(() => {
  drawTimer();
  // a quick-play table waiting for people: the countdown to "fill with bots"
  if (!S.update && S.waitUntil != null && S.screen === "table" && ui.felt && !ui.felt.querySelector("#fill-bots:not([disabled])")) drawTable();
}, 500);

function toggleMute() {
  setMuted(!isMuted());
  if (!isMuted()) unlock();
  drawTable();
}

function toggleLog() {
  const open = ui.drawer.hidden;
  ui.drawer.hidden = !open;
  ui.logBtn.setAttribute("aria-expanded", open ? "true" : "false");
  if (open) {
    const box = ui.drawer.querySelector(".log-box");
    box.scrollTop = box.scrollHeight;
    box.focus();
  } else ui.logBtn.focus();
}

/** Sends a move of the last update (the table component only ever hands us one of those, or a
 *  selection to judge when the list was truncated). */
async function sendMove(move) {
  const u = S.update;
  if (!u || !S.at || !S.conn || S.pending || S.over || !myTurn()) return;
  unlock();
  S.pending = true;
  S.message = "";
  S.hint = null;
  drawTable();
  try {
    for (let tries = 0; ; tries++) {
      try {
        await S.conn.request("move", { table: S.at.table, version: u.version, move });
        break;
      } catch (e) {
        // nothing was done (the table's node or the database is away): said, and sent again
        if (!(e instanceof ServerError) || !RETRYABLE.has(e.code) || tries >= 30 || !S.conn) throw e;
        S.message = waitText(e);
        drawTable();
        await sleep(retryMs(e));
        S.message = "";
      }
    }
  } catch (e) {
    S.message = tr("refused", { text: errorText(e) });
    playSound("refuse");
  } finally {
    S.pending = false;
    drawTable();
  }
}

/** The move in words for screen readers, and as a label: verb, cards, other fields. */
function moveParts(m) {
  const lang = S.lang;
  const fr = lang === "fr";
  const word = moveWord(m.type, lang);
  const extras = [];
  const cards = moveCards(m);
  if ("target" in m && "other" in m && m.other != null) extras.push(`${seatName(m.target)} ↔ ${seatName(m.other)}`);
  else if ("target" in m && m.target != null) extras.push(`${fr ? "chez" : "from"} ${seatName(m.target)}`);
  for (const [k, v] of Object.entries(m)) {
    if (k === "type" || k === "target" || k === "other" || v == null) continue;
    if (isCardCode(v) || isCardList(v)) continue;
    if (k === "position" && Number.isInteger(v)) extras.push(fr ? `la carte n° ${v + 1}` : `card #${v + 1}`);
    else if (typeof v === "string") extras.push(valueWord(v, lang));
    else extras.push(`${label(k, lang).toLowerCase()} ${typeof v === "object" ? JSON.stringify(v) : v}`);
  }
  const sentence = [word, cards.map((c) => cardName(c, lang)).join(" + "), ...extras].filter(Boolean).join(" ");
  return { word, cards, extras, sentence };
}

/** The accessible alternative: every legal move as a button, in a list folded away by default. */
function drawMoves() {
  const u = S.update;
  const mine = myTurn();
  if (!mine || !u.legal || !u.legal.length) {
    if (ui.moves.dataset.drawn !== "none") {
      ui.moves.replaceChildren(h("p", { class: "dim", text: S.over ? tr("over") : tr("no_moves") }));
      ui.moves.dataset.drawn = "none";
      ui.moves.dataset.version = "";
    }
    return;
  }
  const version = u.version;
  const hint = S.hint && S.hint.table === S.at.table && S.hint.version === version ? S.hint : null;
  const hinted = hint && hint.index != null ? hint.index : -1;
  const drawn = `${version}/${S.pending}/${hinted}/${S.lang}`;
  if (ui.moves.dataset.drawn === drawn) return;
  const hadFocus = ui.moves.contains(document.activeElement);
  ui.moves.dataset.version = String(version);
  ui.moves.dataset.drawn = drawn;
  const buttons = u.legal.map((m, i) => {
    const p = moveParts(m);
    return h(
      "button",
      {
        type: "button",
        class: i === hinted ? "move hinted" : "move",
        disabled: S.pending,
        "aria-label": (i < 9 ? `${i + 1}. ` : "") + p.sentence,
        "aria-keyshortcuts": i < 9 ? String(i + 1) : null,
        dataset: { move: i, version, key: `move-${i}` },
        onclick: () => sendMove(m),
      },
      i < 9 ? h("kbd", { "aria-hidden": "true", text: String(i + 1) }) : null,
      h("span", { class: "verb", text: p.word }),
      p.cards.length ? cardsEl(p.cards, S.lang) : null,
      p.extras.length ? h("span", { class: "extra", text: p.extras.join(" ") }) : null,
    );
  });
  const list = [h("div", { class: "move-list" }, buttons)];
  if (u.legal_total != null && u.legal_total > u.legal.length) list.push(h("p", { class: "dim small", text: tr("more_moves", { shown: u.legal.length, total: u.legal_total }) }));
  ui.moves.replaceChildren(...list);
  if (S.focusHint && hinted >= 0 && ui.movelist.open) {
    S.focusHint = false;
    buttons[hinted].focus({ preventScroll: true });
    ui.focusSet = true;
  } else if (hadFocus && buttons.length) buttons[0].focus({ preventScroll: true });
}

function drawLog() {
  if (S.log.length < ui.logCount) {
    ui.log.replaceChildren();
    ui.logCount = 0;
  }
  const box = ui.log.parentNode;
  const atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
  for (let i = ui.logCount; i < S.log.length; i++) {
    const e = S.log[i];
    ui.log.append(h("li", { class: "ev ev-" + e.kind, dataset: { seat: e.seat ?? "" } }, sentenceNodes(e.text, S.lang)));
  }
  if (S.log.length > ui.logCount) {
    const last = S.log[S.log.length - 1];
    // the line under your hand speaks to you: "Your turn.", not "P1's turn."
    const mine = last.kind === "turn" && S.at && S.at.seat != null && last.seat === S.at.seat;
    ui.last.replaceChildren(...sentenceNodes(mine ? tr("your_turn_line") : last.text, S.lang));
  }
  ui.logCount = S.log.length;
  if (atBottom) box.scrollTop = box.scrollHeight;
}

// -- the end of a game

const SCORE_WORD = { q2j: "cards_left", pouilleux: "cards_left", quinze: "points" };

function drawOver() {
  const o = S.over;
  if (!o) {
    ui.over.hidden = true;
    ui.over.replaceChildren();
    ui.overShown = false;
    return;
  }
  if (ui.overShown === S.votes.length + ":" + S.lang + ":" + S.message) return;
  const res = o.result || {};
  const winners = res.winners || [];
  const losers = res.losers || [];
  const scores = res.scores || [];
  const detail = res.detail || {};
  const game = (S.info && S.info.game) || (S.update && S.update.view.game);
  const me = S.at ? S.at.seat : null;
  const n = Math.max((S.info && S.info.seats ? S.info.seats.length : 0), scores.length);
  const lost = (i) => losers.includes(i) || (game === "pouilleux" && detail.pouilleux === i && losers.length > 0);
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
    if (lost(i)) badges.push(h("span", { class: "badge lose", text: tr(game === "pouilleux" ? "grand_perdant" : "loser") }));
    if (i === me) badges.push(h("span", { class: "badge you", text: tr("you") }));
    return h("tr", { class: won ? "won" : "" }, h("td", { class: "num", text: String(rank) }), h("th", { scope: "row" }, shortName(i), " ", h("span", { class: "pl", text: podName(i) || "" }), " ", badges), h("td", { class: "num", text: scores[i] != null ? fmtScore(scores[i]) : "" }));
  });
  let verdict = null;
  if (me != null) {
    const won = winners.includes(me);
    verdict = h("p", { class: "verdict " + (won ? "win" : "lose"), text: won ? tr(winners.length === 1 ? "you_win" : "you_share") : tr("you_lose") });
  } else verdict = h("p", { class: "verdict", text: tr(winners.length === 1 ? "winner_is" : "winners", { who: winners.map(seatName).join(", ") || "—" }) });
  const ending = S.log.filter((e) => e.kind === "game_over").map((e) => e.text);
  const parts = [
    h("h2", { id: "over-h", tabindex: -1, text: tr("game_over") }),
    verdict,
    // the game master's own sentence (who won, who holds the pouilleux), else ours
    ending.length
      ? h("p", { class: "ending" }, sentenceNodes(ending[ending.length - 1], S.lang))
      : game === "pouilleux" && detail.pouilleux != null
        ? h("p", { class: "ending" }, tr(losers.length ? "pouilleux_holder" : "pouilleux_holder_two", { who: seatName(detail.pouilleux) }))
        : null,
    h("table", { class: "scores ranking" }, h("caption", { class: "sr-only", text: tr("ranking") }), h("thead", {}, h("tr", {}, h("th", { scope: "col", class: "num", text: "#" }), h("th", { scope: "col", text: tr("player") }), h("th", { scope: "col", class: "num", text: tr(SCORE_WORD[game] || "score") }))), h("tbody", {}, rows)),
    game === "quinze" && detail.history && detail.history.length ? dealsTable(detail.history, n) : null,
    fairness(o),
    S.votes.length ? h("p", { class: "dim", text: tr("rematch_votes", { who: S.votes.map(seatName).join(", ") }) }) : null,
    S.message ? h("p", { class: "dim", text: S.message }) : null,
    h(
      "p",
      { class: "actions" },
      me != null ? h("button", { type: "button", class: "primary", id: "rematch", "data-key": "rematch", onclick: rematch, text: tr("rematch") }) : null,
      h("button", { type: "button", id: "lobby", "data-key": "lobby", onclick: leave, text: tr("back_to_lobby") }),
      peekButton(ui.over.classList.contains("peek")),
    ),
  ];
  const card = h("div", { class: "over-card", role: "dialog", "aria-modal": "false", "aria-labelledby": "over-h" }, parts.filter(Boolean));
  ui.over.replaceChildren(card);
  ui.over.hidden = false;
  const first = !ui.overShown;
  ui.overShown = S.votes.length + ":" + S.lang + ":" + S.message;
  if (first) {
    playSound(me != null && winners.includes(me) ? "win" : "end");
    card.querySelector("h2").focus();
  }
}

function fmtScore(x) {
  return Number.isInteger(x) ? String(x) : String(Math.round(x * 10) / 10);
}

/** "See the table" folds the result into a bar (peek); the same button then brings it back. */
function peekButton(peek) {
  const said = (btn, on) => {
    btn.textContent = tr(on ? "see_result" : "see_table");
    btn.setAttribute("aria-pressed", on ? "true" : "false");
  };
  const btn = h("button", { type: "button", id: "see-table", "data-key": "see-table", onclick: () => said(btn, ui.over.classList.toggle("peek")) });
  said(btn, peek);
  return btn;
}

function dealsTable(history, n) {
  return h(
    "table",
    { class: "scores deals" },
    h("caption", { text: tr("deals_caption") }),
    h("thead", {}, h("tr", {}, h("th", { scope: "col", text: tr("deal_short") }), Array.from({ length: n }, (_, i) => h("th", { scope: "col", class: "num", text: shortName(i) })))),
    h(
      "tbody",
      {},
      history.map((d) => h("tr", {}, h("th", { scope: "row", text: String(d.deal) }), dealScores(d).map((p, i) => h("td", { class: "num" + (d.out === i ? " out" : ""), text: String(p) + (d.first_turn && d.out === i ? " ★" : "") })))),
      h("tr", { class: "total" }, h("th", { scope: "row", text: tr("total") }), Array.from({ length: n }, (_, i) => h("td", { class: "num", text: String(history.reduce((s, d) => s + (dealScores(d)[i] || 0), 0)) }))),
    ),
    history.some((d) => d.first_turn) ? h("tfoot", {}, h("tr", {}, h("td", { colspan: n + 1, class: "dim small", text: tr("bonus_note") }))) : null,
  );
}

function fairness(o) {
  const check = h("p", { class: "seed-check small", id: "seed-check" });
  verifySeed(o, check);
  return h(
    "details",
    { class: "fairness small" },
    h("summary", { text: tr("fairness") }),
    h("p", { class: "dim", text: tr("fairness_help") }),
    h(
      "dl",
      { class: "seed" },
      h("div", { class: "line" }, h("dt", { text: tr("commitment") }), h("dd", {}, h("code", { id: "commitment", text: o.commitment }))),
      o.secret ? h("div", { class: "line" }, h("dt", { text: tr("secret") }), h("dd", {}, h("code", { id: "secret", text: o.secret }))) : null,
      o.nonces ? h("div", { class: "line" }, h("dt", { text: tr("nonces") }), h("dd", {}, o.nonces.map((x, i) => h("code", { class: "nonce", text: `${shortName(i)} ${x}` })))) : null,
      h("div", { class: "line" }, h("dt", { text: tr("seed") }), h("dd", {}, h("code", { id: "seed", text: o.seed }))),
    ),
    check,
  );
}

/** Checks the deal of game_over `o` (docs/PROTOCOL.md "Fair deals": net.js's dealIsFair, in any page). */
async function verifySeed(o, el) {
  const ok = dealIsFair(o, S.at ? S.at.seat : null);
  el.textContent = tr(ok ? "seed_ok" : "seed_bad");
  el.className = "seed-check small " + (ok ? "ok" : "error");
}

// -- rules

const RULES_CACHE = new Map();

async function rulesHtml(game, lang, short) {
  const key = `${game}.${lang}${short ? ".short" : ""}`;
  if (!RULES_CACHE.has(key)) {
    const r = await fetch(`/static/rules/${key}.html`);
    if (!r.ok) throw new Error(String(r.status));
    RULES_CACHE.set(key, await r.text());
  }
  return RULES_CACHE.get(key);
}

/** The rules of ``game`` in a dialog (``short``: the "how to play" shown the first time). */
async function openRules(game, short = false, lang = S.lang) {
  if (!game) return;
  const dlg = $("#rules");
  const body = dlg.querySelector(".rules-body");
  dlg.querySelector("#rules-h").textContent = `${short ? tr("how_to_play") : tr("rules")} — ${gameTitle(game)}`;
  const more = dlg.querySelector("#rules-more");
  more.hidden = !short;
  more.textContent = tr("full_rules");
  more.onclick = () => openRules(game, false);
  dlg.querySelector("#rules-close").textContent = short ? tr("got_it") : tr("close");
  body.replaceChildren(h("p", { class: "dim", text: "…" }));
  if (!dlg.open) dlg.showModal();
  try {
    const html = await rulesHtml(game, lang, short);
    const tpl = document.createElement("template");
    tpl.innerHTML = html; // our own files, served by the game master
    // a player reads the rules: the folded notes for developers stay on the rules pages
    for (const dev of tpl.content.querySelectorAll("details.rules-dev")) dev.remove();
    for (const a of tpl.content.querySelectorAll("a[href]")) {
      const page = /^\/rules\/([a-z0-9_]+)\.(en|fr)\.html$/.exec(a.getAttribute("href"));
      if (page) {
        // another page of the rules (the other language, another game): in this dialog
        a.addEventListener("click", (ev) => {
          ev.preventDefault();
          openRules(page[1], false, page[2]);
        });
      } else {
        a.target = "_blank"; // never away from the table
        a.rel = "noopener";
      }
    }
    body.replaceChildren(tpl.content);
  } catch {
    body.replaceChildren(h("p", { class: "error", text: tr("rules_missing") }));
  }
  body.scrollTop = 0;
}

function firstVisit(game) {
  if (!game || store.get("atout.seen." + game)) return;
  store.set("atout.seen." + game, true);
  openRules(game, true);
}

// -- sounds

function playSound(name) {
  play(name);
}

/** What this update deserves to be heard: a deal, a card played, our turn. */
function soundFor(body, wasMine) {
  if (S.screen !== "table") return;
  if (body.events.some((e) => e.kind === "deal")) playSound("deal");
  else if (body.events.some((e) => e.seat != null && e.seat !== (S.at && S.at.seat))) playSound("play");
  if (!wasMine && myTurn()) playSound("turn");
}

// ------------------------------------------------------------------------------ keys, start

document.addEventListener("keydown", (ev) => {
  if (S.screen !== "table" || ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const tag = ev.target && ev.target.tagName;
  if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
  if (ev.key === "Escape") {
    if (ui.drawer && !ui.drawer.hidden) toggleLog();
    else if (ui.table) ui.table.clear();
    return;
  }
  if (ev.key === "h" || ev.key === "H") {
    const b = ui.hintBtn;
    if (b && !b.hidden && !b.disabled) {
      ev.preventDefault();
      b.click();
    }
    return;
  }
  if (/^[1-9]$/.test(ev.key)) {
    const b = ui.moves && ui.moves.querySelector(`button[data-move="${Number(ev.key) - 1}"]`);
    if (b && !b.disabled) {
      ev.preventDefault();
      b.click();
    }
  }
});

$("#lang").addEventListener("click", switchLang);
// Browsers let a page make sound only after a gesture: the first one opens the audio.
document.addEventListener("pointerdown", unlock, { once: true });
document.addEventListener("keydown", unlock, { once: true });
$("#rules-close").addEventListener("click", () => $("#rules").close());
// the rules opened by themselves (a first visit) had no button to give the focus back to: once
// the dialog has given it back (to nothing), land it on the screen underneath
$("#rules").addEventListener("close", () => setTimeout(() => landFocus(S.screen === "table" ? $("#hand .card.playable") || $("#rules-btn") : $("#main"))));

async function start() {
  document.documentElement.style.setProperty("--back-img", `url("${backUrl()}")`);
  prewarm(S.lang);
  setInterval(() => S.screen === "lobby" && refreshTables(), 5000);
  document.addEventListener("click", (ev) => {
    const a = ev.target.closest && ev.target.closest("a[data-nav]");
    if (!a || ev.ctrlKey || ev.metaKey || ev.shiftKey || ev.button) return;
    ev.preventDefault();
    navigate(a.getAttribute("href"));
  });
  window.addEventListener("popstate", () => navigate(location.pathname, false));
  if (new URLSearchParams(location.search).get("ws")) {
    S.api = false; // a page pointed at another game master: its accounts live on its own origin
  } else if (/(?:^|;\s*)atout_account=1/.test(document.cookie)) {
    // signed in at some point (the game master's marker; the session itself is HttpOnly)
    try {
      const me = await api("/api/me");
      S.account = me.name;
    } catch (e) {
      // 401: the session ended; anything else: this game master has no accounts (an older one)
      if (!(e instanceof ApiError) || e.status !== 401) S.api = false;
      else document.cookie = "atout_account=; Path=/; Max-Age=0; SameSite=Lax";
    }
  }
  const route = routeOf(location.pathname);
  const saved = store.get("atout.at", sessionStorage);
  if (route.page !== "lobby" && route.page !== "invite") {
    navigate(location.pathname, false);
  } else if (saved && saved.url === S.url && saved.table && saved.name) {
    // A reload (or a new tab's copy of this one): take the seat back with its token.
    S.at = { table: saved.table, seat: saved.seat ?? null, token: saved.token ?? null };
    S.screen = "table";
    render();
    connect(saved.name);
  } else {
    if (route.page === "invite") S.invite = route.id;
    render();
    if (S.account || (S.invite && S.name)) connect(S.account || S.name);
  }
}

// Exposed for tests and for curious players in the console: the state, read-only by convention.
window.atout = { state: S, glyph, table: () => ui.table, redraw: () => drawTable() };

start();
