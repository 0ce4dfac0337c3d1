// The fairness check under a result: the deal's commitment, secret, nonces and seed, and whether
// they fit (docs/PROTOCOL.md "Fair deals": net.js's dealIsFair, in any page).

import { dealIsFair } from "./net.js";
import { S } from "./state.js";
import { tr, shortName } from "./names.js";
import { h } from "./dom.js";

/** The folded "Was the deal fair?" of game_over ``o``, checked at once. */
export function fairness(o) {
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

function verifySeed(o, el) {
  const ok = dealIsFair(o, S.at ? S.at.seat : null);
  el.textContent = tr(ok ? "seed_ok" : "seed_bad");
  el.className = "seed-check small " + (ok ? "ok" : "error");
}
