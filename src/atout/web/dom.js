// One helper to build elements, shared by the page's modules.

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
