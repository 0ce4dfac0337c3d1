// Drawing the page from the state: the header (language, connection, links) and the screen
// shown (connect, lobby, table, or a page outside the game), on the events the intents and the
// game master's messages tell (events.js).

import { S } from "./state.js";
import { Bindings, on } from "./events.js";
import { tr, gameTitle } from "./names.js";
import { nextLanguage } from "./i18n.js";
import { h, $, landFocus, reducedMotion } from "./dom.js";
import { logout } from "./session.js";
import { connectScreen } from "./welcome.js";
import { drawTables, lobbyScreen, showLobbyError } from "./lobby.js";
import { dropTableScreen, drawTable, drawn, resetLog, showReaction, tableScreen } from "./tablescreen.js";
import { firstVisit } from "./rules.js";
import { leaderboardPage, playerPage } from "./boards.js";
import { replayPage } from "./replay.js";

let replay = null; // the replay shown (its timer and table stop when the page goes)

/** The whole page from the state; ``land``: the focus lands on the screen if nothing has it. */
export function render({ land = false } = {}) {
  document.documentElement.lang = S.lang;
  document.body.classList.toggle("at-table", S.screen === "table" || (S.screen === "page" && S.page && S.page.page === "replay"));
  document.title = S.screen === "table" && S.at ? `${gameTitle(S.info && S.info.game)} · atout` : tr("title");
  // the next language, named in itself (as the game master's languages.json names it)
  const next = nextLanguage(S.lang);
  $("#lang").textContent = next.name;
  $("#lang").setAttribute("aria-label", next.switch);
  $("#lang").setAttribute("lang", next.lang);
  $("#lang").hidden = next.lang === S.lang; // one language only: nothing to switch to
  $("#skip").textContent = tr("skip_link");
  $("#skip").hidden = S.screen !== "table";
  drawStatus();
  const main = $("#main");
  const focusKey = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.key : null;
  dropTableScreen();
  if (replay) {
    replay.then((r) => r && r.destroy());
    replay = null;
  }
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
  if (land) landFocus(main);
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

const FALLBACK_GAMES = [{ id: "q2j" }, { id: "quinze" }, { id: "pouilleux" }];

function pageContext() {
  return { lang: S.lang, games: S.games.length ? S.games : FALLBACK_GAMES, gameTitle, reducedMotion: reducedMotion() };
}

/** A page outside the game: a replay, a leaderboard, a player's page. */
function drawPage(main) {
  const p = S.page;
  const box = h("div", { class: "page-box" });
  main.replaceChildren(box);
  if (p.page === "replay") replay = replayPage(box, p.id, pageContext());
  else if (p.page === "leaderboard") leaderboardPage(box, p.game, pageContext());
  else if (p.page === "player") playerPage(box, p.name, pageContext());
}

/** Binds drawing to what the state's changes tell; returns the Bindings (unbind to stop). */
export function bindRender() {
  const b = new Bindings();
  b.add(on("screen", render));
  b.add(on("status", drawStatus));
  b.add(on("table", drawTable));
  b.add(on("drawn", drawn));
  b.add(on("tables", drawTables));
  b.add(on("lobby-error", () => (S.screen === "lobby" ? showLobbyError() : render())));
  b.add(on("reaction", showReaction));
  b.add(on("reset", resetLog));
  b.add(on("first-update", firstVisit));
  return b;
}
