// The rules dialog: a game's rules (or its "how to play", the first time a game is opened),
// from the rules pages the game master serves; links to another page open in the dialog.

import { S, store } from "./state.js";
import { tr, gameTitle } from "./names.js";
import { h, $, landFocus } from "./dom.js";
import { Bindings, listen } from "./events.js";

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
export async function openRules(game, short = false, lang = S.lang) {
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
    body.replaceChildren(fragment(await rulesHtml(game, lang, short)));
  } catch {
    body.replaceChildren(h("p", { class: "error", text: tr("rules_missing") }));
  }
  body.scrollTop = 0;
}

/** A rules page as nodes for the dialog: without the notes for developers, its links to other
 *  rules pages opened in the dialog, any other link in a new tab. */
function fragment(html) {
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
  return tpl.content;
}

/** The "how to play" of ``game``, the first time this browser opens it. */
export function firstVisit(game) {
  if (!game || store.get("atout.seen." + game)) return;
  store.set("atout.seen." + game, true);
  openRules(game, true);
}

/** The dialog's own listeners: its close button, and where the focus goes once it closed. */
export function bindRules() {
  const b = new Bindings();
  b.add(listen($("#rules-close"), "click", () => $("#rules").close()));
  // the rules opened by themselves (a first visit) had no button to give the focus back to: once
  // the dialog has given it back (to nothing), land it on the screen underneath
  b.add(listen($("#rules"), "close", () => setTimeout(() => landFocus(S.screen === "table" ? $("#hand .card.playable") || $("#rules-btn") : $("#main")))));
  return b;
}
