// An account on the game master (docs/API.md): the sign-up / log-in form.

import { ApiError, api } from "./http.js";
import { t } from "./i18n.js";
import { h } from "./dom.js";

/** The sign-up / log-in form; ``done(name)`` once logged in. */
export function accountForm(ctx, done) {
  const tr = (k, v) => t(ctx.lang, k, v);
  const name = h("input", { id: "acc-name", name: "username", autocomplete: "username", required: true, maxlength: 24, value: ctx.name || "" });
  const pass = h("input", { id: "acc-pass", name: "password", type: "password", autocomplete: "current-password", required: true, minlength: 8, maxlength: 256 });
  const msg = h("p", { class: "error", role: "alert", id: "acc-error" });
  const go = async (ev) => {
    ev.preventDefault();
    // both buttons submit, so the form's own checks come first; Enter logs in
    const path = ev.submitter && ev.submitter.id === "signup" ? "/api/signup" : "/api/login";
    msg.textContent = "";
    try {
      const r = await api(path, { name: name.value.trim(), password: pass.value });
      pass.value = "";
      done(r.name);
    } catch (e) {
      msg.textContent = e instanceof ApiError ? e.text(ctx.lang) : tr("cannot_reach_api");
    }
  };
  return h(
    "form",
    { class: "account-form", id: "account-form", onsubmit: go },
    h("h3", { text: tr("account_title") }),
    h("p", { class: "dim small", text: tr("account_help") }),
    h("p", {}, h("label", { for: "acc-name", text: tr("account_name") }), " ", name),
    h("p", {}, h("label", { for: "acc-pass", text: tr("password") }), " ", pass),
    msg,
    h(
      "p",
      { class: "actions" },
      h("button", { type: "submit", class: "primary", id: "login", text: tr("log_in") }),
      h("button", { type: "submit", id: "signup", text: tr("sign_up") }),
    ),
  );
}
