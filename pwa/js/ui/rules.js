// Rules: the text of every rule in the project's own short wording (pwa/data/rules.json, built from the
// rules catalogue by tools/build_rules.py; precached, so it opens offline) in the phone's language (the
// overlay pwa/i18n/rules.<lang>.json from the `rules` gettext domain, kept by the service worker once used;
// English where it cannot load), one rule with its cross-references and its neighbours (the rules of its
// area), and a search over all of them.
//   #/rules            the search (with ?q=words)
//   #/rules/<ID>       one rule
import { useEffect, useState } from "preact/hooks";
import { html } from "../html.js";
import { RuleLink, RuleText, ruleHref } from "./rulelink.js";
import { lang, t, tn } from "../i18n.js";

const json = (url) => fetch(url).then((r) => (r.ok ? r.json() : Promise.reject(new Error(`HTTP ${r.status}`))));

// The English document with each text, title and section title the overlay translates put in its place.
export function translated(doc, overlay) {
  if (!overlay) return doc;
  const areas = Object.fromEntries(Object.entries(doc.areas).map(([a, info]) => [a, { ...info, title: overlay.section[info.title] || info.title }]));
  const rules = doc.rules.map((r) => ({ ...r, text: overlay.text[r.id] || r.text, title: r.title && (overlay.title[r.id] || r.title) }));
  return { ...doc, areas, rules };
}

let loading = null;
export function loadRules() {
  loading ||= Promise.all([json("/data/rules.json"), lang === "en" ? null : json(`/i18n/rules.${lang}.json`).catch(() => null)])
    .then(([doc, words]) => {
      if (!words && lang !== "en") loading = null;  // English for now (offline, not kept yet): asked again next time
      return translated(doc, words);
    })
    .then((doc) => ({ ...doc, byId: Object.fromEntries(doc.rules.map((r) => [r.id, r])) }))
    .catch((err) => { loading = null; throw err; });
  return loading;
}

const GAME = { "asian-tigers": "Asian Tigers", nippon: "Nippon", asara: "Asara" };
const KIND = { rule: t("Rule"), ambiguity: t("Ruling"), data: t("Missing number") };
// The catalogue's tag: the rules engine checks it, the app records it, or the edition's data gives it.
const TAG = { engine: t("[engine]"), record: t("[record]"), data: t("[data]") };

// Every word of the query in the rule's id, title, area or text (in the phone's language, any case); an exact id first.
export function search(doc, query) {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [];
  const hay = (r) => `${r.id} ${r.title || ""} ${(doc.areas[r.area] || {}).title || ""} ${r.text}`.toLowerCase();
  const found = doc.rules.filter((r) => words.every((w) => hay(r).includes(w)));
  const exact = found.filter((r) => r.id.toLowerCase() === query.trim().toLowerCase());
  return [...exact, ...found.filter((r) => !exact.includes(r))];
}

const back = (e) => { if (history.length > 1) { e.preventDefault(); history.back(); } };

function IdList({ ids, label, doc }) {
  if (!ids.length) return null;
  return html`<h2 class="h3">${label}</h2><ul class="plain rule-list">${ids.map((id) => html`<li key=${id}>
    <${RuleLink} id=${id} /> <span class="hint">${(doc.byId[id].title || doc.byId[id].text).slice(0, 70)}…</span></li>`)}</ul>`;
}

function OneRule({ doc, id }) {
  const r = doc.byId[id];
  if (!r) return html`<p role="status">${t("No rule {id} in the catalogue.", { id })} <a href="#/rules">${t("Search the rules")}</a>.</p>`;
  // Its neighbours: the entries of its catalogue section (areas that share a section, e.g. TURN and PLACE), in catalogue order.
  const area = doc.areas[r.area];
  const near = doc.rules.filter((x) => doc.areas[x.area].title === area.title).map((x) => x.id);
  const i = near.indexOf(id);
  const prev = near[i - 1];
  const next = near[i + 1];
  return html`<article class="card" data-testid="rule" aria-labelledby="rule-h">
      <h2 id="rule-h">${id}${r.title ? `: ${r.title}` : ""}</h2>
      <p class="hint">${KIND[r.kind]} · ${GAME[r.game]} · ${area.title}${r.tag ? ` · ${TAG[r.tag] || r.tag}` : ""}</p>
      ${r.text.split("\n").map((line) => html`<p data-testid="rule-text"><${RuleText} text=${line} /></p>`)}
    </article>
    <${IdList} ids=${r.refs} label=${t("Cross-references")} doc=${doc} />
    <${IdList} ids=${r.cited_by} label=${t("Referred to by")} doc=${doc} />
    <nav class="row" aria-label=${t("Neighbouring rules")}>${prev && html`<a class="button" href=${ruleHref(prev)}>← ${prev}</a>`}
      ${next && html`<a class="button" href=${ruleHref(next)}>${next} →</a>`}</nav>
    <details><summary>${t("All of {area} ({n})", { area: area.title, n: near.length })}</summary>
      <${IdList} ids=${near.filter((x) => x !== id)} label=${t("Same section")} doc=${doc} /></details>`;
}

function Search({ doc, initial }) {
  const [q, setQ] = useState(initial || "");
  const found = search(doc, q);
  const put = (value) => { setQ(value); history.replaceState(null, "", `#/rules${value ? `?q=${encodeURIComponent(value)}` : ""}`); };
  return html`<label for="rules-q">${t("Search the rules")}</label>
    <input id="rules-q" type="search" value=${q} onInput=${(e) => put(e.target.value)} placeholder=${t("e.g. tie, satellite, TIE-07")}
      autocomplete="off" />
    <p class="hint" role="status">${q.trim() ? tn("{n} rule found", "{n} rules found", found.length) : t("{n} rules, rulings and missing numbers.", { n: doc.rules.length })}</p>
    ${found.length > 0 && html`<ul class="plain stack" data-testid="rule-results">${found.slice(0, 60).map((r) => html`<li class="card" key=${r.id}>
      <${RuleLink} id=${r.id} />${r.title ? ` · ${r.title}` : ""}<p class="hint">${r.text.slice(0, 160)}${r.text.length > 160 ? "…" : ""}</p></li>`)}</ul>`}
    ${!q.trim() && html`<h2 class="h3">${t("Areas")}</h2><ul class="plain rule-list">${Object.entries(doc.areas).map(([a, info]) => html`<li key=${a}>
      <a href=${ruleHref(info.ids[0])}>${a}</a> <span class="hint">${info.title} (${info.ids.length})</span></li>`)}</ul>`}`;
}

export default function Rules({ params }) {
  const [doc, setDoc] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => { loadRules().then(setDoc, () => setError(true)); }, []);
  useEffect(() => { const h = document.querySelector("main h1"); h && h.focus(); window.scrollTo(0, 0); }, [params.id]);
  return html`<main class="screen">
    <nav class="nav" aria-label=${t("Back")}><a href="#/" onClick=${back}>${t("Back")}</a><a href="#/rules">${t("Search the rules")}</a><a href="#/history">${t("History")}</a></nav>
    <h1 tabindex="-1">${params.id ? t("Rule {id}", { id: params.id }) : t("Rules")}</h1>
    ${error ? html`<p role="alert">${t("The rules could not be loaded.")}</p>` : !doc ? html`<p>${t("Loading…")}</p>`
      : params.id ? html`<${OneRule} doc=${doc} id=${params.id} />` : html`<${Search} doc=${doc} initial=${params.q} />`}
    ${doc && html`<p class="hint">${t("The project's own short wording of the rules (from its rules catalogue), not the publisher's text.")}</p>`}
  </main>`;
}
