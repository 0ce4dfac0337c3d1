// The page's few icons, drawn here (coloured by the text colour): parsed once, then cloned.

const ICONS = {
  bot: '<rect x="5" y="8" width="14" height="11" rx="3"/><circle cx="9.5" cy="13" r="1.6" fill="#fff"/><circle cx="14.5" cy="13" r="1.6" fill="#fff"/><path d="M12 4v4M9 4h6" stroke="currentColor" stroke-width="1.8" fill="none"/>',
  sound: '<path d="M4 9h4l5-4v14l-5-4H4z"/><path d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" stroke="currentColor" stroke-width="1.8" fill="none"/>',
  muted: '<path d="M4 9h4l5-4v14l-5-4H4z"/><path d="M16 9l6 6M22 9l-6 6" stroke="currentColor" stroke-width="1.8"/>',
  log: '<path d="M4 6h16M4 12h16M4 18h10" stroke="currentColor" stroke-width="2" fill="none"/>',
};

const ICON_NODES = new Map();

/** A small icon by name (bot, sound, muted, log): an <svg> hidden from screen readers. */
export function icon(name) {
  let svg = ICON_NODES.get(name);
  if (!svg) {
    svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("viewBox", "0 0 24 24");
    svg.setAttribute("fill", "currentColor");
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("focusable", "false");
    svg.innerHTML = ICONS[name];
    ICON_NODES.set(name, svg);
  }
  return svg.cloneNode(true);
}
