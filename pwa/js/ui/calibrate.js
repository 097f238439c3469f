// Guided calibration, one physical component per screen (#/editions/ID/check/COMPONENT):
// what to look at, the values in the component's own layout, confirm or correct each.
// Every change is sent to the server's draft at once; a value the server refuses
// is shown under its field with the server's sentence and stays on this phone
// (IndexedDB) until it is fixed, so nothing typed is lost on a reload.
import { useEffect, useState } from "preact/hooks";
import { html } from "../html.js";
import { go } from "../router.js";
import { Problem } from "./common.js";
import { fieldId } from "./formkit.js";
import { lang, ordinal, say, t } from "../i18n.js";
import { cacheEdition, cachedEdition, editionsApi, keys, pendingEdits, progressText, savePending, tokenFor,
         valueAt } from "../editions.js";

const EDITABLE = new Set(["placeholder", "owner-checked"]);
const offlineProblem = { detail: t("No server answered, and this phone has no copy of this edition yet.") };
const ORDINAL = [1, 2, 3, 4, 5].map((n) => say(ordinal(n)));  // 1st, 2nd… in the phone's language

// A component's name in the phone's language from the edition's /names (docs/editions.md), else `fallback`.
const named = (doc, family, id, fallback) => ((((doc.names || {})[lang] || {})[family]) || {})[id] || fallback;
const goodName = (doc, g) => named(doc, "goods", g, g);

// Typed text → the value to send, or {error} in words (the server checks the rest).
function parse(text, original, path) {
  const blank = String(text).trim() === "";
  if (blank && path.endsWith("/dots")) return { value: null };  // a flag without dots
  if (original === null && /^-?\d+$/.test(String(text).trim())) return { value: Number(String(text).trim()) };
  if (typeof original === "number") {
    const n = Number(String(text).trim());
    if (String(text).trim() === "" || !Number.isInteger(n)) return { error: t("Type a whole number, as printed.") };
    return { value: n };
  }
  if (typeof original === "boolean") return { value: text === true || text === "true" };
  if (original === null && String(text).trim() === "") return { value: null };
  if (String(text).trim() === "") return { error: t("This cannot be empty.") };
  return { value: String(text).trim() };
}

function Mark({ word }) {
  if (word === "owner-checked") return html`<span class="cal-mark ok" title=${t("checked against the box")}>✓</span>`;
  if (word === "placeholder") return html`<span class="cal-mark todo" title=${t("not checked yet")}>?</span>`;
  return null;
}

// The refusals (server or typing) of some values, in words, under the block that holds them.
function Messages({ ctx, paths }) {
  const { problem, local, labels } = ctx;
  const bad = paths.filter((p) => local[p] || (problem && problem.path === p));
  return bad.map((p) => html`<p class="field-error" id=${`${fieldId(p)}-err`} role="alert">${labels[p] || p}:
    ${local[p] || problem.sentence}</p>`);
}

// One value: an input bound to its JSON pointer (read-only when the rules text states it).
// `wide` cells show their refusal under themselves; narrow ones leave it to `Messages`.
function Cell({ ctx, path, label, wide }) {
  const { ed, pending, onEdit, problem, local, canEdit, goods } = ctx;
  const original = valueAt(ed.document, path);
  const word = ed.provenance[path];
  const editable = canEdit && EDITABLE.has(word);
  const shown = path in pending ? pending[path] : original;
  const id = fieldId(path);
  const bad = (problem && problem.path === path) || !!local[path];
  const attrs = { id, "data-path": path, "aria-label": label, "aria-invalid": bad ? "true" : undefined,
                  "aria-describedby": bad ? `${id}-err` : undefined, disabled: !editable };
  let input;
  if (typeof original === "boolean") {
    input = html`<select ...${attrs} value=${String(shown)} onChange=${(e) => onEdit(path, e.target.value)}>
      <option value="true">${t("yes")}</option><option value="false">${t("no")}</option></select>`;
  } else if (goods && goods.includes(original)) {
    input = html`<select ...${attrs} value=${shown} onChange=${(e) => onEdit(path, e.target.value)}>
      ${goods.map((g) => html`<option value=${g}>${goodName(ed.document, g)}</option>`)}</select>`;
  } else if (ctx.choicesFor && ctx.choicesFor(path, original)) {
    input = html`<select ...${attrs} value=${shown} onChange=${(e) => onEdit(path, e.target.value)}>
      ${ctx.choicesFor(path, original).map((w) => html`<option value=${w}>${words(w)}</option>`)}</select>`;
  } else {
    input = html`<input ...${attrs} value=${shown ?? ""} inputmode=${typeof original === "number" ? "numeric" : "text"}
      class=${wide ? "" : "cal-num"} onChange=${(e) => onEdit(path, e.target.value)} />`;
  }
  return html`<div class=${`cal-cell${wide ? " wide" : ""}${path in pending ? " pending" : ""}`}>${input}<${Mark} word=${word} />
    ${bad && wide && html`<${Messages} ctx=${ctx} paths=${[path]} />`}</div>`;
}

// Each token as printed: one line per player count, the headline then 1st, 2nd, 3rd, 4th place.
function ProsperityTokens({ comp, ctx }) {
  const tokens = {};
  for (const p of comp.paths) {
    const [, token, , count, what, rank] = keys(p);
    const row = ((tokens[token] ||= {})[count] ||= {});
    row[what === "headline" ? "headline" : Number(rank)] = p;
  }
  return html`${Object.entries(tokens).map(([token, counts]) => {
    const width = Math.max(...Object.values(counts).map((r) => Object.keys(r).length - 1));
    const cols = `grid-template-columns: 2.6rem repeat(${width + 1}, minmax(0, 1fr))`;
    const paths = Object.values(counts).flatMap((r) => Object.values(r));
    const name = labelWords(token, ctx.ed.document);
    return html`<section class="card" aria-labelledby=${`h-${token}`}><h2 id=${`h-${token}`}>${name}</h2>
      <div class="cal-grid hint" style=${cols} aria-hidden="true"><span>${t("Pl.")}</span><span>${t("Big")}</span>
        ${ORDINAL.slice(0, width).map((o) => html`<span>${o}</span>`)}</div>
      ${Object.entries(counts).map(([count, row]) => html`<div class="cal-grid" style=${cols} role="group"
        aria-label=${t("{token}, {n} players", { token: name, n: Number(count) })}><strong>${count}</strong>
        ${row.headline ? html`<${Cell} ctx=${ctx} path=${row.headline} label=${t("{token}, {n} players, big number", { token: name, n: Number(count) })} />` : html`<span></span>`}
        ${ORDINAL.slice(0, width).map((o, i) => (row[i] ? html`<${Cell} ctx=${ctx} path=${row[i]}
          label=${t("{token}, {n} players, {place} place", { token: name, n: Number(count), place: ordinal(i + 1) })} />` : html`<span></span>`))}</div>`)}
      <${Messages} ctx=${ctx} paths=${paths} /></section>`;
  })}`;
}

function LocalMarkets({ comp, ctx }) {
  const markets = {};
  for (const p of comp.paths) {
    const k = keys(p);
    (markets[k[3]] ||= {})[k[4]] = p;
  }
  const doc = ctx.ed.document;
  // A card per market (a table's three columns pushed the screen sideways at 200 % text).
  return html`${Object.entries(markets).map(([id, f]) => html`<section class="card" aria-labelledby=${`m-${fieldId(id)}`}>
      <h2 id=${`m-${fieldId(id)}`}>${t("Above centre {column}", { column: valueAt(doc, f.column) ?? "?" })}</h2>
      <div class="grid2">
        ${f.good && html`<div class="field"><label for=${fieldId(f.good)}>${t("Buys")}</label>
          <${Cell} ctx=${{ ...ctx, goods: doc.goods }} path=${f.good} label=${t("{market}: buys", { market: labelWords(id, doc) })} wide /></div>`}
        ${f.influence && html`<div class="field"><label for=${fieldId(f.influence)}>${t("Influence")}</label>
          <${Cell} ctx=${ctx} path=${f.influence} label=${t("{market}: influence", { market: labelWords(id, doc) })} wide /></div>`}
      </div></section>`)}
    <${Messages} ctx=${ctx} paths=${comp.paths.filter((p) => !p.endsWith("/good") && !p.endsWith("/influence"))} />`;
}

// Any component: one row per value, labelled from the component → paths map.
// Codes of the data file ("advance_global_market") are picked in words from the codes the same field
// (its last name) holds on this component, never typed.
function codeChoices(comp, doc) {
  const field = (p) => keys(p).filter((k) => !/^\d+$/.test(k)).pop();
  const known = {};
  for (const p of comp.paths) {
    const v = valueAt(doc, p);
    if (typeof v === "string" && /^[a-z][a-z0-9_]*$/.test(v)) (known[field(p)] ||= new Set()).add(v);
  }
  const coded = (set) => set && [...set].some((v) => v.includes("_"));  // a field of codes, not of plain words
  return (path, original) => {
    const set = known[field(path)];
    return coded(set) && set.has(original) ? [...set].sort() : null;
  };
}

function Table({ comp, ctx, paths }) {
  const rows = (paths || comp.paths).filter((p) => ctx.showAll || EDITABLE.has(ctx.ed.provenance[p]));
  if (paths && !rows.length) return null;
  const sub = { ...ctx, choicesFor: codeChoices(comp, ctx.ed.document) };
  return html`<table class="cal"><tbody>${rows.map((p) => html`<tr>
    <th scope="row"><label for=${fieldId(p)} style="margin:0;font-weight:600;overflow-wrap:anywhere">${ctx.labels[p]}</label></th>
    <td><${Cell} ctx=${sub} path=${p} label=${ctx.labels[p]} wide /></td></tr>`)}</tbody></table>
    ${!paths && html`<label class="radio"><input type="checkbox" checked=${ctx.showAll} onChange=${(e) => ctx.setShowAll(e.target.checked)} />
      ${t("Also show the values the rulebook states")}</label>`}`;
}

// The management track: influence per investment-points rank, a line per era and player count.
function ManagementTrack({ comp, ctx }) {
  const grid = comp.paths.filter((p) => p.includes("/influence_by_rank/"));
  const lines = {};
  for (const p of grid) {
    const [, , , era, count, rank] = keys(p);
    ((lines[`${era}|${count}`] ||= { era, count, cells: [] }).cells)[Number(rank)] = p;
  }
  const width = Math.max(...Object.values(lines).map((l) => l.cells.length));
  const cols = `grid-template-columns: 4.2rem repeat(${width}, minmax(0, 1fr))`;
  const era = (l) => (l.era === "era_1" ? t("Era I") : t("Era II"));
  return html`<section class="card"><h2>${t("Influence by investment-points rank")}</h2>
    <div class="cal-grid hint" style=${cols} aria-hidden="true"><span></span>${ORDINAL.slice(0, width).map((o) => html`<span>${o}</span>`)}</div>
    ${Object.values(lines).map((l) => html`<div class="cal-grid" style=${cols} role="group"
      aria-label=${t("{era}, {n} players", { era: era(l), n: Number(l.count) })}><strong>${t("{era}, {n}p", { era: era(l), n: Number(l.count) })}</strong>
      ${l.cells.map((p, i) => html`<${Cell} ctx=${ctx} path=${p} label=${t("{era}, {n} players, {place} place", { era: era(l), n: Number(l.count), place: ordinal(i + 1) })} />`)}</div>`)}
    <${Messages} ctx=${ctx} paths=${grid} /></section>
    <${Table} comp=${comp} ctx=${ctx} paths=${comp.paths.filter((p) => !grid.includes(p))} />`;
}

// Trade centres and flags: each nation with the goods it demands and its flag stack (top first).
function TradeCentres({ comp, ctx }) {
  const doc = ctx.ed.document;
  const nations = Object.entries((doc.global_market || {}).nations || {});
  const used = new Set();
  const at = (p) => { used.add(p); return p; };
  const cards = nations.map(([code, n]) => {
    const base = `/global_market/nations/${code}`;
    const goods = ((n.demand || {}).goods || []).map((_, i) => at(`${base}/demand/goods/${i}`));
    const nation = named(doc, "nations", code, n.name);
    const flags = (n.flags || []).map((f, i) => ({ id: f.id, nth: say(ordinal(i + 1)), place: ordinal(i + 1), value: at(`${base}/flags/${i}/value`), stars: at(`${base}/flags/${i}/stars`),
                                                   dots: at(`${base}/flags/${i}/dots`) }));
    const own = [...goods, ...flags.flatMap((f) => [f.value, f.stars, f.dots])].filter((p) => comp.paths.includes(p));
    return html`<section class="card" aria-labelledby=${`h-${code}`}><h2 id=${`h-${code}`}>${t("{nation}, at the {centre}", { nation, centre: labelWords(n.trade_center, doc) })}</h2>
      ${goods.length > 0 && html`<p><strong>${t("Demands:")}</strong></p><div class="grid2">${goods.map((p, i) =>
        html`<${Cell} ctx=${{ ...ctx, goods: doc.goods }} path=${p} label=${t("{nation} demands, good {n}", { nation, n: i + 1 })} wide />`)}</div>`}
      <div class="cal-grid hint" style="grid-template-columns: 4.2rem repeat(3, minmax(0, 1fr))" aria-hidden="true">
        <span>${t("Flag")}</span><span>${t("Value")}</span><span>${t("Stars")}</span><span>${t("Dots")}</span></div>
      ${flags.map((f) => html`<div class="cal-grid" style="grid-template-columns: 4.2rem repeat(3, minmax(0, 1fr))" role="group" aria-label=${t("{nation}: {place} flag of the stack", { nation, place: f.place })}>
        <strong>${f.nth}</strong>
        <${Cell} ctx=${ctx} path=${f.value} label=${t("{nation}, {place} flag: value", { nation, place: f.place })} />
        <${Cell} ctx=${ctx} path=${f.stars} label=${t("{nation}, {place} flag: stars", { nation, place: f.place })} />
        <${Cell} ctx=${ctx} path=${f.dots} label=${t("{nation}, {place} flag: dots (empty: none)", { nation, place: f.place })} /></div>`)}
      <${Messages} ctx=${ctx} paths=${own} /></section>`;
  });
  return html`${cards}<${Table} comp=${comp} ctx=${ctx} paths=${comp.paths.filter((p) => !used.has(p))} />`;
}

// "advance_global_market" → "advance global market": codes of the data file read as words.
const words = (w) => String(w).replace(/_/g, " ");

// A value's label from the server, a path ("CT1 · automa era 1 · effect 1 · do"), in words a person finds on the
// component ("Campaign tile 1: the Automa in Era I, effect 1, what it does"): numbered ids by what they are,
// Tigers, nations and spaces by name, list words dropped.  The server says each key in the phone's language
// (api/games/editions/words.py), so the words below are looked up by the same catalogue ids.
const NUMBERED = { CT: t("Campaign tile {n}"), AT: t("Action tile {n}"), RB: t("Region bonus token {n}"),
                   PT: t("Prosperity token {n}"), ITC: t("Trade centre {n}"), S: t("Sector {n}"), AS: t("Automa sector {n}"),
                   AF: t("Automa scoring sector {n}"), D: t("Dollar token {n}"), Y: t("Yen token {n}") };
const DROP = new Set([t("spaces"), t("tokens"), t("nations"), t("trade centers"), t("infrastructure sectors"),
                      t("final scoring sectors"), t("satellite spaces"), t("infinite spaces"), t("local markets"),
                      t("rules options"), t("headquarters slots"), t("trade center rule")]);
const SAID = new Map([[t("do"), t("what it does")], [t("tiger"), t("Tiger")], [t("amount"), t("how many")],
  [t("min players"), t("from how many players (dots)")], [t("headline"), t("big number")], [t("id"), t("printed name")],
  [t("choose"), t("chosen")], [t("scope"), t("applies to")], [t("trigger"), t("when")], [t("requirement"), t("goal")],
  [t("automa era 1"), t("the Automa in Era I")], [t("automa era 2"), t("the Automa in Era II")], [t("era 1"), t("Era I")],
  [t("era 2"), t("Era II")], [t("automa"), t("the Automa")]]);
// The number in a part the server said from a message with {n} ("#2", "Nr. 2", "rank 2"), else null.
const numberIn = (said, part) => {
  const [before, after] = said.split("\u0000");
  const n = part.startsWith(before) && part.endsWith(after) ? part.slice(before.length, part.length - after.length) : "";
  return /^\d+$/.test(n) ? Number(n) : null;
};
const POSITION = t("#{n}", { n: "\u0000" });
const RANKS = [t("rank {n}", { n: "\u0000" }), t("{item} {n}", { item: t("rank"), n: "\u0000" })];
const TIGER_N = t("{item} {n}", { item: t("tiger"), n: "\u0000" });
const TOKEN_SETS = [t("dollar"), t("yen")];
const ORD = (n) => say(ordinal(n));
export function labelWords(label, doc) {
  const tigers = doc.tigers || {};
  const nations = (doc.global_market || {}).nations || {};
  const place = (tiger, id) => {
    const T = tigers[tiger];
    const name = named(doc, "tigers", tiger, T.name);
    const sp = T.spaces?.[id] || T.infinite_spaces?.[id];
    if (sp) {
      const at = { tiger: name, kind: kindName(doc, sp.kind), column: sp.column, good: goodName(doc, sp.good) };
      return sp.column ? (sp.good ? t("{tiger}, {kind} in column {column} ({good})", at) : t("{tiger}, {kind} in column {column}", at))
        : sp.good ? t("{tiger}, {kind} ∞ space ({good})", at) : t("{tiger}, {kind} ∞ space", at);
    }
    if (T.satellite_spaces?.[id]) return t("{tiger}, satellite space of the {row} row", { tiger: name, row: kindName(doc, T.satellite_spaces[id].row) });
    if (T.local_markets?.[id]) return t("{tiger}, market above centre {column}", { tiger: name, column: T.local_markets[id].column });
    if (T.headquarters_slots?.[id]) return t("{tiger}, headquarters", { tiger: name });
    return name;
  };
  const centres = (doc.global_market || {}).trade_centers || {};
  const raw = String(label).split(" · ");
  const parts = raw.filter((x, i) => !DROP.has(x) && !(TOKEN_SETS.includes(x) && raw[i + 1] === t("tokens"))).map((x) => {
    const before = raw[raw.indexOf(x) - 1];
    if (before === t("final scoring sectors") && /^[A-Z]$/.test(x)) return t("Scoring sector {letter}", { letter: x });
    if (centres[x]) {
      const n = x.replace(/\D/g, "");
      return centres[x].kind === "international" ? t("International trade centre {n}", { n })
        : centres[x].kind === "regional" ? t("Regional trade centre {n}", { n }) : t("Special trade centre");
    }
    let m = x.match(/^([A-Z]{2})\.(\w+)$/);
    if (m && tigers[m[1]]) return place(m[1], x);
    if (tigers[x]) return named(doc, "tigers", x, tigers[x].name);
    if (nations[x]) return named(doc, "nations", x, nations[x].name);
    m = x.match(/^([A-Z]{1,3})0*(\d+)$/);
    if (m && NUMBERED[m[1]]) return NUMBERED[m[1]].replace("{n}", m[2]);
    let n = numberIn(POSITION, x);
    if (n !== null) return ORD(n);
    n = RANKS.map((r) => numberIn(r, x)).find((v) => v !== null);
    if (n != null) return t("{place} place", { place: ordinal(n) });
    n = numberIn(TIGER_N, x);
    if (n !== null) return t("Tiger {n}", { n });
    return SAID.get(x) || x;
  });
  return parts.length > 1 ? `${parts[0]}: ${parts.slice(1).join(", ")}` : parts.join("");
}
// A building's name in the phone's language: the edition's /names, else the words here.
const KIND = { university: t("university"), department: t("department"), factory: t("factory"), power_plant: t("power plant"),
               laboratory: t("laboratory") };
const kindName = (doc, kind) => named(doc, "buildings", kind, KIND[kind] || words(kind || "space"));
const FIELD = { kind: t("kind"), row: t("row"), column: t("column"), position: t("position"), min_players: t("players (dots)"),
                "bonus/do": t("bonus"), "bonus/amount": t("bonus amount"), "bonus/tiger": t("bonus on Tiger"),
                science_cost: t("science cost"), good: t("good"), "connects/0": t("connects (1st)"), "connects/1": t("connects (2nd)") };

// What a space shows, in one line, from the values as they are now (to compare with the board at a glance).
function spaceLine(s, doc) {
  const parts = [kindName(doc, s.kind), s.column ? t("column {column}", { column: s.column }) : t("∞ space"),
    t("{n}+ players", { n: s.min_players })];
  if (s.bonus) {
    parts.push(s.bonus.amount != null ? t("bonus: {effect} +{n}", { effect: words(s.bonus.do), n: s.bonus.amount })
      : t("bonus: {effect}", { effect: words(s.bonus.do) }));
  }
  if (s.science_cost != null) parts.push(t("{n} science", { n: s.science_cost }));
  if (s.good) parts.push(goodName(doc, s.good));
  if (s.connects && s.connects.length) parts.push(t("connects {spaces}", { spaces: { and: s.connects } }));
  return parts.join(" · ");
}

// A Tiger's construction spaces as on its board: a card per row, each space with its values, named in words.
function Spaces({ comp, ctx }) {
  const doc = ctx.ed.document;
  const bySpace = {};
  for (const p of comp.paths) {
    const k = keys(p);
    const field = k.slice(4).join("/");
    if (!ctx.showAll && !EDITABLE.has(ctx.ed.provenance[p])) continue;  // as in Table: the rulebook's on request
    (bySpace[k[3]] ||= { fields: [] }).fields.push([field, p]);
  }
  // The words a field may take: every value that field has on any Tiger's spaces (kinds, bonuses, rows).
  const known = {};
  for (const t of Object.values(doc.tigers || {})) {
    for (const sp of [...Object.values(t.spaces || {}), ...Object.values(t.infinite_spaces || {})]) {
      for (const [f, v] of [["kind", sp.kind], ["row", sp.row], ["bonus/do", sp.bonus && sp.bonus.do]]) {
        if (typeof v === "string") (known[f] ||= new Set()).add(v);
      }
    }
  }
  const choicesFor = (path, original) => {
    const f = keys(path).slice(4).join("/");
    return known[f] && known[f].has(original) ? [...known[f]].sort() : null;
  };
  const rows = {};
  for (const [id, s] of Object.entries(bySpace)) {
    const value = valueAt(doc, s.fields[0][1].split("/").slice(0, 5).join("/"));  // /tigers/SK/spaces/SK.U1
    (rows[value.row || "other"] ||= []).push([id, s, value]);
  }
  const sub = { ...ctx, choicesFor, goods: doc.goods };
  // A field without its own word here: the server's label after the space's id, in the phone's language.
  const fieldName = (field, p, id) => {
    const said = String(comp.labels[p] || "").split(" · ");
    return FIELD[field] || (said.includes(id) ? said.slice(said.indexOf(id) + 1).join(" · ") : words(field));
  };
  return html`${Object.entries(rows).map(([row, spaces]) => html`<section class="card" aria-labelledby=${`row-${row}`}>
    <h2 id=${`row-${row}`}>${t("{building} row", { building: kindName(doc, row) })}</h2>
    ${spaces.map(([id, s, value]) => html`<div role="group" aria-labelledby=${`sp-${fieldId(id)}`} style="margin:.6rem 0 1rem">
      <p style="margin:0"><strong id=${`sp-${fieldId(id)}`}>${id}</strong> <span class="hint">${spaceLine(value, doc)}</span></p>
      <div class="grid2" style="grid-template-columns: repeat(auto-fit, minmax(min(100%, 5.4rem), 1fr))">${s.fields.map(([field, p]) => html`<div class="field"
        style=${choicesFor(p, valueAt(doc, p)) || (doc.goods || []).includes(valueAt(doc, p)) ? "grid-column: 1 / -1" : ""}>
        <label for=${fieldId(p)} style="margin:0">${fieldName(field, p, id)}</label>
        <${Cell} ctx=${sub} path=${p} label=${t("{space} ({id}): {field}", { space: labelWords(id, doc), id, field: fieldName(field, p, id) })} wide /></div>`)}</div></div>`)}</section>`)}
    <label class="radio"><input type="checkbox" checked=${ctx.showAll} onChange=${(e) => ctx.setShowAll(e.target.checked)} />
      ${t("Also show the values the rulebook states")}</label>`;
}

// The confirm and "Next" bar: no button narrower than its longest word (German at 200 % text); the bar
// wraps to two rows when they do not fit side by side.
const FIT = "min-width:min-content";

const LAYOUTS = { prosperity_tokens: ProsperityTokens, local_markets: LocalMarkets, management_track: ManagementTrack,
                  trade_centres: TradeCentres, spaces: Spaces, table: Table };

export default function Calibrate({ params }) {
  const [ed, setEd] = useState(null);
  const [token, setToken] = useState(null);
  const [pending, setPending] = useState({});
  const [local, setLocal] = useState({});
  const [problem, setProblem] = useState(null);
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(null);
  const [showAll, setShowAll] = useState(false);
  const [offline, setOffline] = useState(false);
  useEffect(() => {
    Promise.all([tokenFor(params.id), pendingEdits(params.id)]).then(async ([t, p]) => {
      setToken(t); setPending(p);
      try {
        const { data } = await editionsApi.get(params.id);
        setEd(data); await cacheEdition(data);
      } catch (err) {
        const copy = !err.problem && await cachedEdition(params.id);
        if (copy) { setEd(copy); setOffline(true); } else setError(err.problem ? err : offlineProblem);
      }
    });
  }, [params.id]);
  // A new component: what was said about the last one goes, the focus starts on its heading.
  useEffect(() => {
    setSaved(null); setProblem(null);
    const h = document.querySelector("main h1");
    if (h) { h.focus(); window.scrollTo(0, 0); }
  }, [params.component]);
  const comp = ed && ed.components.find((c) => c.id === params.component);
  if (!ed || !comp) return html`<main class="screen"><nav class="nav" aria-label=${t("Back")}><a href=${`#/editions/${params.id}`}>${t("Edition")}</a></nav>
    <h1 tabindex="-1">${t("Check the numbers")}</h1><${Problem} error=${error} />${!error && html`<p>${ed ? t("No such component.") : t("Loading…")}</p>`}</main>`;
  const canEdit = !!token && ed.draft;
  const labels = Object.fromEntries(Object.entries(comp.labels).map(([p, l]) => [p, labelWords(l, ed.document)]));

  // Send `ops` plus every pending edit; the server answers with the edition or the first bad value.
  const send = async (nextPending, extraOps = []) => {
    const edits = Object.entries(nextPending).map(([path, value]) => ({ op: "replace", path, value }));
    setBusy(true); setError(null); setSaved(null);
    try {
      const { data } = await editionsApi.patch(ed.edition_id, token, { patch: [...edits, ...extraOps] });
      // Kept on the phone before it is shown: a reload (or no signal) then finds what the screen said.
      await cacheEdition(data); await savePending(ed.edition_id, {});
      setEd(data); setOffline(false); setPending({}); setProblem(null);
      setSaved(extraOps.length ? t("Confirmed: these values match your box.") : t("Saved."));
    } catch (err) {
      if (err.problem && err.problem.path) {
        const p = err.problem;
        const sentence = (p.errors && p.errors[p.path] && p.errors[p.path][0]) || p.detail;
        const label = labels[p.path] || p.path;
        setProblem({ path: p.path, sentence, label });
        requestAnimationFrame(() => {
          const shown = document.getElementById(`${fieldId(p.path)}-err`) || document.querySelector("main .field-error");
          if (shown) shown.scrollIntoView({ block: "center" });
        });
      } else setError(err.problem ? err : { detail: t("No server answered: your change is kept on this phone; try again.") });
    } finally { setBusy(false); }
  };

  const onEdit = async (path, text) => {
    const parsed = parse(text, valueAt(ed.document, path), path);
    if (parsed.error) { setLocal({ ...local, [path]: parsed.error }); return; }
    const { [path]: _gone, ...rest } = local;
    setLocal(rest);
    const next = { ...pending };
    if (parsed.value === valueAt(ed.document, path) && ed.provenance[path] === "owner-checked") delete next[path];
    else next[path] = parsed.value;
    setPending(next);
    await savePending(ed.edition_id, next);
    if (Object.keys(next).length) await send(next);
  };

  const confirmAll = () => {
    const ops = comp.paths.filter((p) => EDITABLE.has(ed.provenance[p]) && !(p in pending))
      .map((p) => ({ op: "test", path: p, value: valueAt(ed.document, p) }));
    return send(pending, ops);
  };

  const order = ed.components.filter((c) => c.placeholder_count + c.checked_count > 0);
  const at = order.findIndex((c) => c.id === comp.id);
  const next = order[at + 1];
  const Layout = LAYOUTS[comp.layout] || Table;
  const ctx = { ed, pending, onEdit, problem, local, canEdit, showAll, setShowAll, labels };
  const misplaced = problem && !comp.paths.includes(problem.path);
  return html`<main class="screen">
    <nav class="nav" aria-label=${t("Back")}><a href="#/">${t("Home")}</a><a href=${`#/editions/${ed.edition_id}`} style="white-space:normal">${ed.name}</a></nav>
    <h1 tabindex="-1">${comp.title}</h1>
    <p class="chip" data-testid="progress" aria-live="polite">${progressText(ed)}</p>
    <p class="hint" data-testid="component-progress">${t("On this component: {checked} of {total} checked", { checked: comp.checked_count, total: comp.placeholder_count + comp.checked_count })}</p>
    <p><strong>${t("Look at:")}</strong> ${comp.look_at}</p>
    <p class="hint" data-testid="legend"><span class="cal-mark todo" aria-hidden="true">?</span> ${t("not checked yet (a value we made up: compare it with your box)")}${" · "}<span
      class="cal-mark ok" aria-hidden="true">✓</span> ${t("checked against your box")}${" · "}${t("a greyed value is stated by the rulebook and cannot differ · a dashed box: changed here, not accepted by the server yet.")}</p>
    ${offline && html`<div class="banner warn" role="status" data-testid="offline-banner">${t("Offline: this is the copy saved on this phone. What you change is kept here and sent when the server answers.")}</div>`}
    ${!canEdit && html`<div class="banner warn" role="status">${ed.draft ? t("This edition is being checked on the phone that started it: you can look here, not change.")
      : t("This edition is published: make your own copy to change it.")}</div>`}
    <${Layout} comp=${comp} ctx=${ctx} />
    ${misplaced && html`<p class="field-error" role="alert">${problem.label}: ${problem.sentence}</p>`}
    ${saved && html`<div class="banner ok" role="status">${saved}</div>`}
    <${Problem} error=${error} />
    ${Object.keys(pending).length > 0 && html`<p class="hint">${t("{n} change(s) kept on this phone, not accepted yet.", { n: Object.keys(pending).length })}</p>`}
    <div class="cal-actions sticky-bottom" style="flex-wrap:wrap">
      ${canEdit && html`<button class="primary" style=${FIT} disabled=${busy} onClick=${confirmAll}>${t("These values match my box")}</button>`}
      ${next ? html`<button style=${FIT} aria-label=${t("Next: {component}", { component: next.title })} onClick=${() => go(`#/editions/${ed.edition_id}/check/${next.id}`)}>${t("Next")}</button>`
        : html`<a class="button" style=${FIT} href=${`#/editions/${ed.edition_id}`}>${t("Back to the edition")}</a>`}
    </div>
  </main>`;
}
