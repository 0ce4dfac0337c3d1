// The page's own addresses: the lobby (/), an invitation (/t/ID), a replay (/replay/ID), a
// leaderboard (/leaderboard/GAME), a player (/players/NAME); links with data-nav stay in the page.

import { S } from "./state.js";
import { emit, Bindings, listen } from "./events.js";
import { takeInvitation, toLobby } from "./seating.js";

export function routeOf(path) {
  const m = /^\/(t|replay|leaderboard|players)\/([^/]+)\/?$/.exec(path);
  if (!m) return { page: "lobby" };
  const id = decodeURIComponent(m[2]);
  return { t: { page: "invite", id }, replay: { page: "replay", id }, leaderboard: { page: "leaderboard", game: id }, players: { page: "player", name: id } }[m[1]];
}

/** Goes to ``path`` inside the page (history kept): a page, the lobby or an invitation. */
export function navigate(path, push = true) {
  if (push) history.pushState(null, "", path);
  const route = routeOf(location.pathname);
  if (route.page === "lobby") {
    S.page = null;
    if (S.conn && S.status === "online" && !S.at) toLobby();
    else {
      S.screen = S.at ? "table" : "connect";
      emit("screen");
    }
    return;
  }
  if (route.page === "invite") {
    S.invite = route.id;
    S.page = null;
    if (S.conn && S.status === "online") takeInvitation();
    else {
      S.screen = "connect";
      emit("screen");
    }
    return;
  }
  S.page = route;
  S.screen = "page";
  emit("screen");
}

/** Links marked data-nav and the browser's back and forward, routed here. */
export function bindRouter() {
  const b = new Bindings();
  b.add(
    listen(document, "click", (ev) => {
      const a = ev.target.closest && ev.target.closest("a[data-nav]");
      if (!a || ev.ctrlKey || ev.metaKey || ev.shiftKey || ev.button) return;
      ev.preventDefault();
      navigate(a.getAttribute("href"));
    }),
  );
  b.add(listen(window, "popstate", () => navigate(location.pathname, false)));
  return b;
}
