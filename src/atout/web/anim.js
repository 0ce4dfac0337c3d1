// Motion for the table, FLIP style: measure every keyed element (data-k) before a redraw, then
// after it play each one from where it was to where it is. A new element starts from the place
// its layout names (the stock, the seat that played it) or fades in. Transforms only: cheap.

const DURATION = 320;
const EASE = "cubic-bezier(.2,.7,.2,1)";

/** Where every keyed element is now: key -> DOMRect. */
export function snapshot(root) {
  const out = new Map();
  for (const el of root.querySelectorAll("[data-k]")) out.set(el.dataset.k, el.getBoundingClientRect());
  return out;
}

/** Plays the move from ``before`` to now. ``origin(key, el)`` gives a new element's starting
 *  rectangle and delay ({rect, delay}) or null. */
export function animateFrom(root, before, origin) {
  let n = 0;
  for (const el of root.querySelectorAll("[data-k]")) {
    if (n > 160) break; // a huge table: the rest simply appears
    const key = el.dataset.k;
    const now = el.getBoundingClientRect();
    if (!now.width) continue;
    const was = before.get(key);
    if (was && was.width) {
      const dx = was.left - now.left;
      const dy = was.top - now.top;
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
      n++;
      el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }], { duration: DURATION, easing: EASE });
      continue;
    }
    if (was) continue;
    const from = origin ? origin(key, el) : null;
    n++;
    if (from && from.rect && from.rect.width) {
      const r = from.rect;
      const dx = r.left + r.width / 2 - (now.left + now.width / 2);
      const dy = r.top + r.height / 2 - (now.top + now.height / 2);
      const s = Math.max(0.3, Math.min(1, r.width / now.width));
      el.animate([{ transform: `translate(${dx}px, ${dy}px) scale(${s})`, opacity: 0.6 }, { transform: "none", opacity: 1 }], {
        duration: DURATION + 80,
        easing: EASE,
        delay: from.delay || 0,
        fill: "backwards",
      });
    } else if (el.classList.contains("card")) {
      el.animate([{ opacity: 0, transform: "scale(.85)" }, { opacity: 1, transform: "none" }], { duration: 220, easing: EASE });
    }
  }
}
