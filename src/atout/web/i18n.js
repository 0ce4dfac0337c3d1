// The page's own words, said from the catalogue (game sentences come from the game master):
// src/atout/locales/<lang>/page.ftl, in Project Fluent's format, the format the game master and
// the terminal read their own words in. Plurals, the colon's spacing, "click" for a mouse and
// "tap" for a finger are the catalogue's choices (its selectors), never the code's: the code
// passes numbers and ids, and each language's file says them as it must. A message id is "page-"
// then the page's key with _ written - (tr("your_turn") says page-your-turn).
//
// The languages the game master has words for the page in are in /static/locales/languages.json
// (each with its own name); a message a language lacks is said in English. Fluent's runtime is
// vendor/fluent-bundle (@fluent/bundle 0.19.1, unchanged: see its README).

import { FluentBundle, FluentResource } from "./vendor/fluent-bundle/index.js";

export const FALLBACK = "en";
const BASE = new URL("/static/locales/", import.meta.url);
const BUNDLES = new Map(); // lang -> FluentBundle (loaded)
const LOADING = new Map(); // lang -> Promise of its bundle
let LANGUAGES = [{ lang: FALLBACK, name: "English", switch: "Switch to English" }];

// With a mouse (no touch screen at all) the words say "click", not "tap": every message gets
// $pointer, which the ones that speak of tapping select on.
export const MOUSE = typeof matchMedia === "function" && matchMedia("(any-pointer: fine)").matches && !matchMedia("(any-pointer: coarse)").matches;
const POINTER = MOUSE ? "mouse" : "touch";

async function fetchText(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`atout: the page's words (${url}) could not be loaded: HTTP ${res.status}`);
  return res.text();
}

/** The languages the page can speak ({lang, name, switch}: its code, its own name, "Switch to
 *  …" in it), English first; read once from the game master. */
export async function loadLanguages() {
  try {
    const list = JSON.parse(await fetchText(new URL("languages.json", BASE)));
    if (Array.isArray(list) && list.length) LANGUAGES = list;
  } catch (e) {
    console.warn(String(e)); // English alone
  }
  return LANGUAGES;
}

/** The language of ``wanted`` (a code, or a browser's "fr-CA") that the page speaks, else English. */
export function pickLanguage(...wanted) {
  for (const w of wanted) {
    const code = String(w || "").toLowerCase();
    const found = LANGUAGES.find((l) => l.lang === code) || LANGUAGES.find((l) => l.lang === code.split("-")[0]);
    if (found) return found.lang;
  }
  return FALLBACK;
}

/** The language after ``lang`` in the list (the language button's), and its entry. */
export function nextLanguage(lang) {
  const i = LANGUAGES.findIndex((l) => l.lang === lang);
  return LANGUAGES[(i + 1) % LANGUAGES.length];
}

async function load(lang) {
  const bundle = new FluentBundle(lang, { useIsolating: false });
  const errors = bundle.addResource(new FluentResource(await fetchText(new URL(`${lang}/page.ftl`, BASE))));
  for (const e of errors) console.warn(`atout: ${lang}/page.ftl: ${e}`);
  BUNDLES.set(lang, bundle);
  return bundle;
}

/** Loads the words of ``lang`` (and English's, for what it lacks); call before saying anything
 *  in it. */
export async function useLanguage(lang) {
  await Promise.all([...new Set([FALLBACK, lang])].map((l) => {
    if (!LOADING.has(l)) LOADING.set(l, load(l));
    return LOADING.get(l);
  }));
}

const idOf = (key) => "page-" + key.replaceAll("_", "-");

/** The message ``key`` of ``lang`` (or English's), or null. */
function message(lang, key) {
  const id = idOf(key);
  for (const l of [lang, FALLBACK]) {
    const b = BUNDLES.get(l);
    if (b && b.hasMessage(id)) return [b, b.getMessage(id)];
  }
  return null;
}

function format(bundle, pattern, key, vars) {
  const errors = [];
  const text = bundle.formatPattern(pattern, { pointer: POINTER, ...vars }, errors);
  for (const e of errors) console.warn(`atout: page-${key}: ${e}`);
  return text;
}

/** The page's sentence ``key`` in ``lang`` with ``vars`` (numbers as numbers: the catalogue
 *  chooses their plurals); ``key`` itself when no catalogue has it. */
export function t(lang, key, vars = {}) {
  const found = message(lang, key);
  if (!found || !found[1].value) return key;
  return format(found[0], found[1].value, key, vars);
}

/** Whether the catalogue has a sentence ``key``. */
export function has(lang, key) {
  return message(lang, key) !== null;
}

const spaced = (s) => String(s).replaceAll("_", " ");

/** A name given by the game master (a move's field, an option) tidied for reading
 *  ("max_turns" -> "Max turns"); the words of a game's view come with its view spec. */
export function label(key) {
  const s = spaced(key);
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** A well-known string value of views, results and options in words, else as it is. */
export function valueWord(v, lang) {
  return has(lang, "value_" + v) ? t(lang, "value_" + v) : spaced(v);
}

/** A move type as a verb; an unknown type is shown as it is. */
export function moveWord(type, lang) {
  return has(lang, "verb_" + type) ? t(lang, "verb_" + type) : spaced(type);
}

/** An option's label in a player's words, when the page knows the option (else its name). */
export function optionLabel(spec, lang) {
  return has(lang, "option_" + spec.name) ? t(lang, "option_" + spec.name) : label(spec.name);
}

/** An option's help in a player's words (the game master's own description, for developers,
 *  is the fallback: a new game's options). */
export function optionHelp(spec, lang) {
  const found = message(lang, "option_" + spec.name);
  const help = found && found[1].attributes.help;
  return help ? format(found[0], help, "option_" + spec.name, {}) : spec.description || "";
}

/** Words the game master sends in several languages, in ``lang`` (else English): a record's
 *  ``name_<lang>`` field beside its English ``name`` (message_fr, text_fr, why_fr…); with no
 *  ``name``, an {en, fr} record (a bot level, a view field) or an [English, French] pair (a view
 *  spec's choice). */
export function said(obj, lang, name = null) {
  if (obj == null) return "";
  if (name) return obj[`${name}_${lang}`] || obj[name] || "";
  if (Array.isArray(obj)) return obj[PAIR_ORDER.indexOf(lang)] ?? obj[0];
  return obj[lang] ?? obj[FALLBACK];
}
// The order of the languages in the game master's pairs (a view spec's choice values).
const PAIR_ORDER = ["en", "fr"];
