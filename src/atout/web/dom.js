// The element helper shared by the page's modules, and the focus kept across redraws.

/** An element: h("button", {class: "x", onclick: f, "aria-label": "..."}, child, "text"...).
 *  Props: class, text, on<event>, dataset, style (a CSS text); others become attributes (true:
 *  present, null/false: absent). Children: nodes, strings, arrays of them; null and false skipped. */
export function h(tag, props, ...kids) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(props || {})) {
    if (v == null || v === false) continue;
    if (k === "class") el.className = v;
    else if (k === "text") el.textContent = v;
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(el.dataset, v);
    else if (k === "style") el.style.cssText = v;
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const kid of kids.flat(Infinity)) {
    if (kid == null || kid === false) continue;
    el.append(kid instanceof Node ? kid : String(kid));
  }
  return el;
}

export const $ = (sel) => document.querySelector(sel);

export const reducedMotion = () => window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** Runs ``draw`` (which may replace elements) and gives the focus back to the element with the
 *  same data-key, so a redraw never throws a keyboard user back to the top of the page; unless
 *  ``draw`` returns true (it moved the focus itself). */
export function keepFocus(draw) {
  const a = document.activeElement;
  const key = a && a !== document.body && a.dataset ? a.dataset.key : null;
  const focusSet = draw() === true;
  if (key && !focusSet && !(document.activeElement && document.activeElement.dataset && document.activeElement.dataset.key === key)) {
    const el = document.querySelector(`[data-key="${CSS.escape(key)}"]`);
    if (el) el.focus({ preventScroll: true });
  }
}

/** Focus ``el`` when nothing has it (the control that had it is gone with the screen it was
 *  on): a keyboard or a screen reader goes on from there, not from the top of the page. */
export function landFocus(el) {
  const at = document.activeElement;
  if (el && (!at || at === document.body)) el.focus({ preventScroll: true });
}
