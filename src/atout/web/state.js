// The page's one state: what the game master sent and where the player is. Changed only by the
// page's intents (session.js, seating.js, play.js) and by the game master's messages
// (receive.js); the screens read it and draw. The seat token lives in sessionStorage, so a
// reload resumes.

import { defaultUrls } from "./net.js";
import { emit } from "./events.js";

export const store = {
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

export const S = {
  lang: store.get("atout.lang"), // the language chosen here before (app.js settles it: i18n.pickLanguage)
  name: store.get("atout.name") || "",
  urls: defaultUrls(), // the nodes' addresses (?ws=a,b), tried in turn
  url: defaultUrls()[0],
  conn: null,
  status: "idle", // idle | connecting | online | reconnecting
  error: "",
  screen: "connect", // connect | lobby | table | page
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
  lastSeq: null, // the seq of the last frame of our table taken (null: counting anew)
  seqSkipped: 0, // seq numbers passed over (catch-ups sent to other members take numbers)
  seqRefused: 0, // frames of our table dropped: their seq was not above the last one
  catchUp: null, // "asked": a resume or watch is on its way; "answered": its catch-up comes next
  lastEvents: [], // the events of the last update (what to animate and highlight)
  deadlineTotal: null, // the turn's length when no time limit is listed in the table info
  autoDelay: 1200, // ms before a move with no choice plays itself
  drawTimes: [], // ms from an update received to the table drawn (bench/web.py reads them)
  account: null, // the logged-in account's name (null: a guest)
  page: null, // {page, id|game|name} for the pages outside the game (replay, leaderboard, player)
  invite: null, // a table id from an invitation link (/t/<table>) to join once connected
  quickFill: store.get("atout.quickFill") || "bots", // quick play: "bots" now, or "wait" for people
  quickLevel: store.get("atout.quickLevel"), // quick play: the bots' level (a bot_levels id; null: the game's default)
  waitUntil: null, // performance.now() when our quick-play table may be filled with bots
  quickWait: 30, // seconds a quick-play table waits for people before bots may fill it
  retries: 0,
  retryTimer: null, // the reconnection waiting its turn (a logout cancels it)
};

export function saveSeat() {
  store.set("atout.at", S.at ? { ...S.at, url: S.url, name: S.name } : null, sessionStorage);
}

/** Forgets the table we were at (its log, result, votes...): a new table, or the same from its
 *  start. Tells "reset" (the table screen empties its log). */
export function resetTable() {
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
  S.lastSeq = null;
  S.catchUp = null;
  S.lastEvents = [];
  emit("reset");
}

/** Whether a move of ours can be sent now (while the connection is down nothing can: the table
 *  waits, locked). */
export function myTurn() {
  const u = S.update;
  return !!(u && S.at && S.at.seat != null && u.turn === S.at.seat && u.seat === S.at.seat && !S.over && S.status === "online");
}
