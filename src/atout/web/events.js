// What happened, told to whoever listens: the page's modules never call the screens that draw
// them (the screens call them). A change of the state is announced by name ("table": the table
// screen needs drawing; "screen": the whole page), and every listener can be unbound again, as
// chessground's events are.

const LISTENERS = new Map(); // name -> Set of functions

/** Calls ``fn(...args)`` whenever ``name`` is emitted; returns the function that unbinds it. */
export function on(name, fn) {
  let set = LISTENERS.get(name);
  if (!set) LISTENERS.set(name, (set = new Set()));
  set.add(fn);
  return () => set.delete(fn);
}

/** Tells every listener of ``name``, in the order they were bound. */
export function emit(name, ...args) {
  for (const fn of [...(LISTENERS.get(name) || [])]) fn(...args);
}

/** ``target.addEventListener(type, fn, options)``; returns the function that removes it. */
export function listen(target, type, fn, options) {
  target.addEventListener(type, fn, options);
  return () => target.removeEventListener(type, fn, options);
}

/** Listeners bound together and unbound together (a screen's, a table's). */
export class Bindings {
  constructor() {
    this.offs = [];
  }

  /** Keeps an unbinding function (from on() or listen()); returns it. */
  add(off) {
    this.offs.push(off);
    return off;
  }

  unbind() {
    for (const off of this.offs.splice(0)) off();
  }
}
