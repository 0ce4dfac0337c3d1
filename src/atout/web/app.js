// The browser client: connect, lobby, table. Generic over games.
//
// One state (state.js) holds what the game master sent; the screens are drawn from it (render.js
// and the screens it calls), and the player's clicks become intents (session.js, seating.js,
// play.js) that change it and go to the connection; the game master's messages come in through
// receive.js. Every change is told by name (events.js) and drawn by whoever listens. The page
// never decides legality: it only offers the moves the last update listed, on the version they
// were listed for, once. This module starts it all and binds the page's own listeners.

import { backUrl, prewarm, glyph } from "./cards.js";
import { S, store } from "./state.js";
import { listen } from "./events.js";
import { $ } from "./dom.js";
import { unlock } from "./sound.js";
import { loadLanguages, pickLanguage, useLanguage } from "./i18n.js";
import { ApiError, api } from "./http.js";
import { connect, switchLang } from "./session.js";
import { refreshTables } from "./seating.js";
import { bindRouter, navigate, routeOf } from "./router.js";
import { bindRender, render } from "./render.js";
import { bindRules } from "./rules.js";
import { drawTable, tableKey, tick, ui } from "./tablescreen.js";

/** The page's listeners: drawing, links, keys, the language button, the rules dialog, sound. */
function bind() {
  bindRender();
  bindRouter();
  bindRules();
  listen(document, "keydown", tableKey);
  listen($("#lang"), "click", switchLang);
  // Browsers let a page make sound only after a gesture: the first one opens the audio.
  listen(document, "pointerdown", unlock, { once: true });
  listen(document, "keydown", unlock, { once: true });
  setInterval(tick, 500);
  setInterval(() => S.screen === "lobby" && refreshTables(), 5000);
}

/** Who is here (an account's session), then where to go: a page of the platform, the seat of
 *  a reload, an invitation, or the lobby. */
async function start() {
  document.documentElement.style.setProperty("--back-img", `url("${backUrl()}")`);
  prewarm(S.lang);
  bind();
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

// The page's words first (a module's top-level await: the page is drawn before its load event):
// the languages the game master has them in, then this one's.
await loadLanguages();
S.lang = pickLanguage(S.lang, ...(navigator.languages || [navigator.language]));
await useLanguage(S.lang);
start();
