// The page's own words in English and French (game sentences come from the game master).
// The words themselves are data, [English, French] side by side, in words.json: translators edit
// that file alone. Its tables: texts (the page), values (well-known string values of views,
// results and options), options_en and options_fr (the games' options in a player's words: the
// game master describes them for developers) and moves (move types, as verbs).
// Fetched rather than imported `with { type: "json" }`: import attributes need Chrome 123,
// Safari 17.2 or Firefox 138, and the page would not start at all on older browsers (Firefox
// ESR 128); a module's top-level await works since Chrome 89, Safari 15 and Firefox 89.
const WORDS = await loadWords(new URL("./words.json", import.meta.url));

async function loadWords(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`atout: the page's words (${url}) could not be loaded: HTTP ${res.status}`);
  return res.json();
}

/** The word for `key` of `table` in `lang`, or `fallback` when the table does not know it. */
function word(table, key, lang, fallback) {
  const pair = WORDS[table][key];
  return pair ? pair[lang === "fr" ? 1 : 0] : fallback;
}

const spaced = (s) => String(s).replaceAll("_", " ");

// With a mouse (no touch screen at all) the words say "click", not "tap": the same sentences,
// the verb changed where they are shown.
export const MOUSE = typeof matchMedia === "function" && matchMedia("(any-pointer: fine)").matches && !matchMedia("(any-pointer: coarse)").matches;
const CLICK = [
  [/\bTap\b/g, "Click"],
  [/\btap\b/g, "click"],
  [/\btapping\b/g, "clicking"],
  [/\bTouchez\b/g, "Cliquez sur"],
  [/\btouchez\b/g, "cliquez sur"],
];

export function t(lang, key, vars = {}) {
  let s = word("texts", key, lang, key);
  if (MOUSE) for (const [re, by] of CLICK) s = s.replace(re, by);
  for (const [k, v] of Object.entries(vars)) s = s.replaceAll(`{${k}}`, String(v));
  return s;
}

/** A name given by the game master (a move's field, an option) tidied for reading
 *  ("max_turns" -> "Max turns"); the words of a game's view come with its view spec. */
export function label(key) {
  const s = spaced(key);
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export function valueWord(v, lang) {
  return word("values", v, lang, spaced(v));
}

/** An option's [label, help] in a player's words, when the page knows the option (the game
 *  master's own description, for developers, is the fallback: a new game's options). */
const optionWords = (spec, lang) => WORDS[lang === "fr" ? "options_fr" : "options_en"][spec.name];

export function optionLabel(spec, lang) {
  return optionWords(spec, lang)?.[0] ?? label(spec.name);
}

export function optionHelp(spec, lang) {
  return optionWords(spec, lang)?.[1] ?? (spec.description || "");
}

/** A move type as a verb; an unknown type is shown as it is. */
export function moveWord(type, lang) {
  return word("moves", type, lang, spaced(type));
}
