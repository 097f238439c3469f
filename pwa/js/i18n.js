// The phone's language: the browser's (navigator.languages) unless Settings chose one (kept on this
// phone).  The texts are the server's gettext catalogues (api/i18n/locale), compiled to
// /i18n/<lang>.json by `python tools/i18n.py compile`; the id of a text is its English wording with
// {named} values, as on the server.  Plurals, numbers, dates and lists follow the platform's Intl.
// The module waits for its catalogue before it exports (top-level await), so a screen's texts are
// ready when it first draws; a missing catalogue (offline before it was cached) leaves English.

export const LANGUAGES = [["en", "English"], ["de", "Deutsch"], ["pt", "Português"], ["es", "Español"],
                          ["fr", "Français"], ["it", "Italiano"]];
const CODES = LANGUAGES.map(([code]) => code);
export const LANGUAGE_KEY = "tablekeeper.language";

// The first of `wanted` (BCP 47 tags, best first) we have: "de-AT" → "de"; English when none is.
export function bestLanguage(wanted) {
  for (const tag of wanted || []) {
    const code = String(tag).toLowerCase().split("-")[0];
    if (CODES.includes(code)) return code;
  }
  return "en";
}

function stored() {
  try { return localStorage.getItem(LANGUAGE_KEY); } catch { return null; } // private mode: not kept
}

export const lang = CODES.includes(stored()) ? stored() : bestLanguage(globalThis.navigator && navigator.languages);

async function load(code) {
  if (code === "en") return {};
  try {
    const resp = await fetch(`/i18n/${code}.json`);
    return resp.ok ? await resp.json() : {};
  } catch { return {}; }
}
const catalogue = await load(lang);
if (globalThis.document) document.documentElement.lang = lang;

const plurals = new Intl.PluralRules(lang);
const numbers = new Intl.NumberFormat(lang);
const lists = new Intl.ListFormat(lang === "en" ? "en-GB" : lang, { type: "conjunction" }); // "a, b and c"
const dates = new Intl.DateTimeFormat(lang, { dateStyle: "short", timeStyle: "short" });

// How each language writes a place (as api/i18n does): 1st / 1. / 1.º / 1er, 2e / 1º; the form "f" where a
// translation asks for the feminine one with {place:f} (1.ª torre, 1re tour).
const ORDINALS = {
  en: (n) => `${n}${n % 100 >= 10 && n % 100 <= 20 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" })[n % 10] || "th"}`,
  de: (n) => `${n}.`, pt: (n, f) => `${n}.${f === "f" ? "ª" : "º"}`, es: (n, f) => `${n}.${f === "f" ? "ª" : "º"}`,
  fr: (n, f) => (n === 1 ? (f === "f" ? "1re" : "1er") : `${n}e`), it: (n, f) => `${n}${f === "f" ? "ª" : "º"}`,
};

const fill = (text, params = {}) => text.replace(/\{(\w+)(?::(\w+))?\}/g, (whole, name, form) => (name in params ? value(params[name], form) : whole));

// A value inside a text: a number in this language's digits, a server message or form said here.
function value(v, form) {
  if (typeof v === "number") return numbers.format(v);
  if (v && typeof v === "object") return "ordinal" in v ? (ORDINALS[lang] || ORDINALS.en)(v.ordinal, form) : say(v);
  return v == null ? "" : String(v);
}

// `id` said in this language, its {values} filled in.
export function t(id, params) {
  const text = catalogue[id];
  return fill(typeof text === "string" ? text : id, params);
}

// The singular or plural text for `n` (Intl.PluralRules picks the form; "other" when a form is missing).
export function tn(one, other, n, params = {}) {
  const forms = catalogue[one];
  const all = { n, ...params };
  if (forms && typeof forms === "object") return fill(forms[plurals.select(n)] || forms.other, all);
  return fill(n === 1 ? one : other, all);
}

// A message of the server or the offline engine ({id, params[, plural, count]}) or one of its forms
// ({ordinal}, {and: [...]}, {sum: [...]}, see api/games/messages.py), said in this language.
export function say(m) {
  if (m == null || typeof m !== "object") return value(m);
  if ("ordinal" in m) return (ORDINALS[lang] || ORDINALS.en)(m.ordinal);
  if ("and" in m) return lists.format(m.and.map(value));
  if ("sum" in m) return m.sum.map(value).join(" + ").replaceAll("+ -", "− ");
  if (m.plural) return tn(m.id, m.plural, Number(m.params[m.count]), m.params);
  return t(m.id, m.params);
}

// A scorer's answer with every `x` that has an `x_message` beside it said in this language (a copy).
export function localize(doc) {
  if (Array.isArray(doc)) return doc.map(localize);
  if (!doc || typeof doc !== "object") return doc;
  const out = {};
  for (const [k, v] of Object.entries(doc)) out[k] = localize(v);
  for (const [k, v] of Object.entries(doc)) if (k.endsWith("_message") && v && v.id) out[k.slice(0, -8)] = say(v);
  return out;
}

export const ordinal = (n) => ({ ordinal: n }); // a value for t(): {place} or {place:f} in the text
export const formatDate = (when) => dates.format(new Date(when));

// Remember `code` on this phone and draw every screen again in it.
export function setLanguage(code) {
  try { localStorage.setItem(LANGUAGE_KEY, code); } catch { /* private mode: this visit only */ }
  location.reload();
}
