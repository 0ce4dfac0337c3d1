// A small DOM diff (chessground draws this way, without a framework): a part of the page is
// described anew with h() and the live elements are brought to match it, so that what did not
// change stays as it is (no new nodes to style, lay out and paint, no image decoded again, the
// focus where it was). Children are matched by key (data-k, else id), the others by place and
// tag. Listeners are not carried over: a part patched here takes its clicks by delegation
// (data-act on the element, one listener on the root: table-events.js). A card's image is made
// only for a card that appears (cards.js: data-face).

import { fillFace as fill } from "./cards.js";

const keyOf = (n) => (n.nodeType === 1 ? n.getAttribute("data-k") ?? (n.id || null) : null);

/** Makes ``parent``'s children match ``kids`` (nodes, not in the page: described anew), reusing
 *  and updating the children that match. */
export function patch(parent, kids) {
  const keyed = new Map();
  const loose = [];
  for (let n = parent.firstChild; n; n = n.nextSibling) {
    const k = keyOf(n);
    if (k != null) keyed.set(k, n);
    else loose.push(n);
  }
  let at = 0; // the next unkeyed old child to try
  let cur = parent.firstChild;
  for (const want of kids) {
    let got = null;
    const k = keyOf(want);
    if (k != null) {
      got = keyed.get(k) || null;
      if (got && got.nodeName === want.nodeName) keyed.delete(k);
      else got = null;
    } else {
      for (let i = at; i < loose.length && i < at + 3; i++) {
        if (loose[i] && loose[i].nodeName === want.nodeName) {
          got = loose[i];
          loose[i] = null;
          at = i + 1;
          break;
        }
      }
    }
    if (got) sync(got, want);
    else {
      got = want;
      fillAll(got);
    }
    if (got === cur) cur = cur.nextSibling;
    else parent.insertBefore(got, cur);
  }
  while (cur) {
    const next = cur.nextSibling;
    cur.remove();
    cur = next;
  }
}

/** Brings the live node ``old`` to match ``want`` (the same kind of node). */
function sync(old, want) {
  if (old.nodeType !== 1) {
    if (old.nodeValue !== want.nodeValue) old.nodeValue = want.nodeValue;
    return;
  }
  const face = want.getAttribute("data-face");
  const sameFace = face != null && old.firstChild && old.getAttribute("data-face") === face;
  for (const a of want.attributes) if (old.getAttribute(a.name) !== a.value) old.setAttribute(a.name, a.value);
  for (let i = old.attributes.length - 1; i >= 0; i--) {
    const name = old.attributes[i].name;
    // a <details> the player opened stays open
    if (!want.hasAttribute(name) && !(name === "open" && old.nodeName === "DETAILS")) old.removeAttribute(name);
  }
  if (face != null) {
    // a card's face: its image changes only with the face (another card, another language)
    if (!sameFace) {
      old.replaceChildren();
      fill(old);
    }
    return;
  }
  patch(old, [...want.childNodes]);
}

/** Fills every placeholder in a node about to be inserted. */
function fillAll(node) {
  if (node.nodeType !== 1) return;
  if (node.hasAttribute("data-face")) fill(node);
  else for (const el of node.querySelectorAll("[data-face]")) fill(el);
}
