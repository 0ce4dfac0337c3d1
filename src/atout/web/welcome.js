// The first screen: play as a guest under a name, or log in (an account's name), or, logged in
// already, play under the account's name.

import { S } from "./state.js";
import { tr } from "./names.js";
import { h } from "./dom.js";
import { accountForm } from "./account.js";
import { connect, loggedIn, logout } from "./session.js";

export function connectScreen() {
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
      h("p", { class: "dim" }, tr("server"), " ", h("code", { text: S.url })),
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
    h("p", { class: "dim small" }, tr("server"), " ", h("code", { text: S.url })),
  );
}
