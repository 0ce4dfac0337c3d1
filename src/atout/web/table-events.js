// The card table's listeners, bound when a table is made and unbound by its destroy(): one
// click listener for every control of the table (what each does is its data-act: table-draw.js),
// the press that holds a redraw back, and a card dragged from the hand to a zone of the felt.

import { Bindings, listen } from "./events.js";

// The table a finger or a mouse button is down on: a model that comes meanwhile (a seat's
// connection, a spectator, the next update) waits for the release. Drawn at once, it would
// replace the pressed card, and a click needs its press and release on the same element (the
// tap was lost).
let pressed = null;

/** Whether a finger or a button is down on ``table`` now. */
export const isPressed = (table) => pressed === table;

/** The control of ``table`` an event happened in: the closest element with data-act. */
function control(table, ev) {
  const el = ev.target.closest ? ev.target.closest("[data-act]") : null;
  return el && table.p.root.contains(el) ? el : null;
}

/** What a click on one of the table's controls does. */
function act(table, ev) {
  const el = control(table, ev);
  if (!el) return;
  const d = el.dataset;
  if (d.act === "card") {
    if (table.drag && table.drag.moved) return; // the click that ends a drag is not a tap
    ev.preventDefault();
    table.tapCard(d.card, d.where || "");
  } else if (d.act === "send") {
    const move = table.sendable[Number(d.send)];
    if (move) table.send(move);
  } else if (d.act === "choose") table.choose(d.param, "number" in d ? Number(d.value) : d.value);
  else if (d.act === "clear") table.clear();
  else if (d.act === "sort") table.toggleSort();
}

/** Binds the table's listeners (its root, and the window's releases); returns their Bindings. */
export function bindTable(table) {
  const b = new Bindings();
  const root = table.p.root;
  b.add(listen(root, "pointerdown", () => (pressed = table), true));
  b.add(listen(root, "click", (ev) => act(table, ev)));
  b.add(
    listen(root, "pointerdown", (ev) => {
      const el = control(table, ev);
      if (el && el.dataset.act === "card" && el.dataset.where === "hand") startDrag(table, ev, el.dataset.card, el);
    }),
  );
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
function startDrag(table, ev, code, el) {
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
