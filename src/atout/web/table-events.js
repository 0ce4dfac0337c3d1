// The card table's listeners, bound when a table is made and unbound by its destroy(): the press
// that holds a redraw back, and a card dragged from the hand to a zone of the felt.

import { Bindings, listen } from "./events.js";

// The table a finger or a mouse button is down on: a model that comes meanwhile (a seat's
// connection, a spectator, the next update) waits for the release. Drawn at once, it would
// replace the pressed card, and a click needs its press and release on the same element (the
// tap was lost).
let pressed = null;

/** Whether a finger or a button is down on ``table`` now. */
export const isPressed = (table) => pressed === table;

/** Binds the table's listeners (its root, and the window's releases); returns their Bindings. */
export function bindTable(table) {
  const b = new Bindings();
  b.add(listen(table.p.root, "pointerdown", () => (pressed = table), true));
  const release = () => {
    if (pressed !== table) return;
    pressed = null;
    setTimeout(() => table.drawWaiting()); // after the click this release ends: its move's model wins
  };
  for (const type of ["pointerup", "pointercancel"]) b.add(listen(window, type, release, true));
  b.add(listen(window, "blur", release));
  return b;
}

/** A card of the hand pressed: dragged (beyond 8 px) to a zone with ``data-drop``, it is
 *  dropped there (``table.dropCard``); the click that follows a drag is not a tap. */
export function startDrag(table, ev, code, el) {
  if (!table.myTurn() || ev.button > 0) return;
  const start = { x: ev.clientX, y: ev.clientY };
  const drag = (table.drag = { code, el, moved: false, ghost: null });
  const zones = () => table.p.root.querySelectorAll("[data-drop]");
  const move = (e) => {
    const dx = e.clientX - start.x;
    const dy = e.clientY - start.y;
    if (!drag.moved && Math.hypot(dx, dy) < 8) return;
    if (!drag.moved) {
      drag.moved = true;
      const r = el.getBoundingClientRect();
      drag.ghost = el.cloneNode(true);
      drag.ghost.classList.add("ghost");
      drag.ghost.removeAttribute("data-k");
      drag.ghost.removeAttribute("data-card");
      drag.ghost.style.cssText = `position:fixed;left:${r.left}px;top:${r.top}px;width:${r.width}px;height:${r.height}px;margin:0;z-index:50;pointer-events:none`;
      drag.origin = r;
      document.body.append(drag.ghost);
      el.classList.add("dragging");
    }
    drag.ghost.style.transform = `translate(${dx}px, ${dy}px) rotate(4deg)`;
    const over = document.elementFromPoint(e.clientX, e.clientY);
    const zone = over && over.closest("[data-drop]");
    for (const z of zones()) z.classList.toggle("drop-over", z === zone);
  };
  const b = new Bindings();
  const up = (e) => {
    b.unbind();
    if (!drag.moved) {
      table.drag = null;
      return;
    }
    drag.ghost.remove();
    el.classList.remove("dragging");
    const over = document.elementFromPoint(e.clientX, e.clientY);
    const zone = over && over.closest("[data-drop]");
    for (const z of zones()) z.classList.remove("drop-over");
    setTimeout(() => (table.drag = null)); // the click that follows the drag is not a tap
    if (zone) table.dropCard(code, zone.dataset.drop);
  };
  b.add(listen(window, "pointermove", move));
  b.add(listen(window, "pointerup", up));
  b.add(listen(window, "pointercancel", up));
}
