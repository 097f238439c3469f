// The phone's language and its texts (docs/languages.md): the gettext catalogues as /i18n/<lang>.json,
// the platform's Intl for plurals, numbers, lists and dates.  Top-level await: a screen first draws in
// its language; a catalogue that cannot load (offline, not cached yet) leaves English.

export const LANGUAGES = [["en", "English"], ["de", "Deutsch"], ["pt", "Português"], ["es", "Español"],
                          ["fr", "Français"], ["it", "Italiano"]];
const CODES = LANGUAGES.map(([code]) => code);
export const LANGUAGE_KEY = "tablekeeper.language";

// "de-AT" → "de"; English when none matches.
export function bestLanguage(wanted) {
  for (const tag of wanted || []) {
    const code = String(tag).toLowerCase().split("-")[0];
    if (CODES.includes(code)) return code;
  }
  return "en";
}

function stored() {
  try { return localStorage.getItem(LANGUAGE_KEY); } catch { return null; }
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
const lists = new Intl.ListFormat(lang === "en" ? "en-GB" : lang); // en-GB: "a, b and c", as the server
const dates = new Intl.DateTimeFormat(lang, { dateStyle: "short", timeStyle: "short" });

// As api/i18n writes places; {place:f}: the feminine form (1.ª torre, 1re tour).
const ORDINALS = {
  en: (n) => `${n}${n % 100 >= 10 && n % 100 <= 20 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" })[n % 10] || "th"}`,
  de: (n) => `${n}.`, pt: (n, f) => `${n}.${f === "f" ? "ª" : "º"}`, es: (n, f) => `${n}.${f === "f" ? "ª" : "º"}`,
  fr: (n, f) => (n === 1 ? (f === "f" ? "1re" : "1er") : `${n}e`), it: (n, f) => `${n}${f === "f" ? "ª" : "º"}`,
};

const fill = (text, params = {}) => text.replace(/\{(\w+)(?::(\w+))?\}/g, (whole, name, form) => (name in params ? value(params[name], form) : whole));

function value(v, form) {
  if (typeof v === "number") return numbers.format(v);
  if (v && typeof v === "object") return "ordinal" in v ? (ORDINALS[lang] || ORDINALS.en)(v.ordinal, form) : say(v);
  return v == null ? "" : String(v);
}

// `id` in this language, its {values} filled in.
export function t(id, params) {
  const text = catalogue[id];
  return fill(typeof text === "string" ? text : id, params);
}

// The form for `n` (Intl.PluralRules; "other" when a form is missing).
export function tn(one, other, n, params = {}) {
  const forms = catalogue[one];
  const all = { n, ...params };
  if (forms && typeof forms === "object") return fill(forms[plurals.select(n)] || forms.other, all);
  return fill(n === 1 ? one : other, all);
}

// A message of the server or the offline engine, or one of its forms (api/games/messages.py).
export function say(m) {
  if (m == null || typeof m !== "object") return value(m);
  if ("ordinal" in m) return (ORDINALS[lang] || ORDINALS.en)(m.ordinal);
  if ("and" in m) return lists.format(m.and.map(value));
  if ("sum" in m) return m.sum.map(value).join(" + ").replaceAll("+ -", "− ");
  if (m.plural) return tn(m.id, m.plural, Number(m.params[m.count]), m.params);
  return t(m.id, m.params);
}

// A copy of a scorer's answer with each `x` beside an `x_message` said in this language.
export function localize(doc) {
  if (Array.isArray(doc)) return doc.map(localize);
  if (!doc || typeof doc !== "object") return doc;
  const out = {};
  for (const [k, v] of Object.entries(doc)) out[k] = localize(v);
  for (const [k, v] of Object.entries(doc)) if (k.endsWith("_message") && v && v.id) out[k.slice(0, -8)] = say(v);
  return out;
}

export const ordinal = (n) => ({ ordinal: n });
export const formatDate = (when) => dates.format(new Date(when));

// Kept on this phone; the reload draws every screen again in it.
export function setLanguage(code) {
  try { localStorage.setItem(LANGUAGE_KEY, code); } catch { /* private mode */ }
  location.reload();
}
