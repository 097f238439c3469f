// Asara end-game scorer: the players (Asari, optional building prestige) and, at
// the end of each year, who holds the Caliph's patronage and the towers standing.
// POST /api/scorers/asara checks and scores it; the form only assembles the body.
import { useEffect, useState } from "preact/hooks";
import { html } from "../html.js";
import * as db from "../db.js";
import { FieldError, FormProvider, Group, Num, ResultActions, ScorerFrame, Sel, SubmitBar, Text, ptr, useForm,
  useScorer } from "./formkit.js";
import { Sheet, playerResultModel, summary } from "./sheet.js";
import { ModeSwitch, useMode } from "./tapkit.js";
import { localize, t } from "../i18n.js";

const YEARS = 4; // one entry per year; the server names a missing or extra one
const HINTS = "scorer-hints:asara";
const LABELS = { building: t("Building prestige"), year_end: t("Year-end evaluations"), tower_colors: t("Tower colours"),
                 highest_tower: t("Highest tower"), most_towers: t("Most towers"), asari: t("Asari") };
const SECTIONS = [["base", t("Base")], ["trunk", t("Trunk")], ["window", t("Window")], ["turret", t("Turret")]];

export const blank = () => ({
  players: [1, 2, 3].map((n) => ({ id: t("Player {n}", { n }), asari: 0 })),
  years: Array.from({ length: YEARS }, () => ({ caliph: null, towers: {} })), // no default holder: the table says
});
const newTower = () => ({ color: "", sections: { base: 1, trunk: 0, window: 0, turret: 1 }, gold_sections: 0 });

// Every reference to a player id, rewritten by `fn` (rename) or dropped when fn returns null.
function mapPlayers(body, fn) {
  return {
    ...body,
    players: body.players.filter((p) => fn(p.id) != null).map((p) => ({ ...p, id: fn(p.id) })),
    years: body.years.map((y) => ({ caliph: y.caliph == null ? null : fn(y.caliph),
      towers: Object.fromEntries(Object.entries(y.towers || {}).flatMap(([k, v]) => (fn(k) == null ? [] : [[fn(k), v]]))) })),
  };
}

export const model = (answer) => {
  const r = localize(answer);
  return playerResultModel(r, LABELS, (r.winners || []).length > 1 ? [t("Tie rule: tied players share the victory.")] : []);
};

function Players() {
  const f = useForm();
  const { players } = f.body;
  const ids = players.map((p) => p.id);
  const rename = (old) => (name) => name && name !== old && !ids.includes(name)
    && f.replace(mapPlayers(f.body, (id) => (id === old ? name : id)));
  const add = () => {
    let n = players.length + 1;
    while (ids.includes(t("Player {n}", { n }))) n += 1;
    f.replace({ ...f.body, players: [...players, { id: t("Player {n}", { n }), asari: 0 }] });
  };
  return html`<h2>${t("Players")}</h2>
    ${players.map((p, i) => { const base = ptr("players", i); return html`<${Group} legend=${p.id} path=${base} key=${i}>
      <${Text} path=${base + "/id"} label=${t("Name")} onCommit=${rename(p.id)} />
      <div class="grid2"><${Num} path=${base + "/asari"} label=${t("Asari at the end")} />
        <${Num} path=${base + "/building_prestige"} label=${t("Building prestige (optional)")} empty=${undefined} /></div>
      ${players.length > 1 && html`<button type="button" class="danger"
        onClick=${() => f.replace(mapPlayers(f.body, (id) => (id === p.id ? null : id)))}>${t("Remove {player}", { player: p.id })}</button>`}
    </${Group}>`; })}
    <div class="stack"><button type="button" onClick=${add}>${t("+ Add a player")}</button></div>`;
}

function Towers({ y, pid }) {
  const f = useForm();
  const base = ptr("years", y, "towers", pid);
  const list = (f.body.years[y].towers || {})[pid] || [];
  const put = (next) => f.set(base, next.length ? next : undefined);
  return html`<${Group} legend=${t("{player}'s towers", { player: pid })} path=${base}>
    ${list.map((_, j) => { const at = `${base}/${j}`; return html`<div class="tile tower" role="group"
      aria-label=${t("Tower {n}", { n: j + 1 })} data-path=${at} key=${j}>
      <${Text} path=${at + "/color"} label=${t("Colour")} list="asa-colors" placeholder="red" />
      ${SECTIONS.slice(0, 2).map(([k, l]) => html`<${Num} path=${`${at}/sections/${k}`} label=${l} />`)}
      <button type="button" class="x" onClick=${() => put(list.filter((_, k) => k !== j))}
        aria-label=${t("Remove tower {n} of {player}, year {year}", { n: j + 1, player: pid, year: y + 1 })}>✕</button>
      ${SECTIONS.slice(2).map(([k, l]) => html`<${Num} path=${`${at}/sections/${k}`} label=${l} />`)}
      <${Num} path=${at + "/gold_sections"} label=${t("Gold")} />
      <${FieldError} path=${at} /></div>`; })}
    <button type="button" onClick=${() => put([...list, newTower()])} aria-label=${t("Add a tower for {player}, year {year}", { player: pid, year: y + 1 })}>${t("+ Tower")}</button>
  </${Group}>`;
}

function Year({ y }) {
  const f = useForm();
  const ids = f.body.players.map((p) => p.id);
  const copy = () => f.set(ptr("years", y, "towers"), JSON.parse(JSON.stringify(f.body.years[y - 1].towers || {})));
  return html`<${Group} legend=${t("End of year {n}", { n: y + 1 })} path=${ptr("years", y)}>
    <${Sel} path=${ptr("years", y, "caliph")} label=${t("Caliph's patronage")} blank="—" options=${ids.map((x) => [x, x])} />
    ${y > 0 && html`<button type="button" onClick=${copy}>${t("Copy the towers of year {n}", { n: y })}</button>`}
    ${ids.map((pid) => html`<${Towers} y=${y} pid=${pid} key=${pid} />`)}
  </${Group}>`;
}

// #/scorer/asara[?m=end_only|detailed]: end only (what lies on the table) unless the detailed mode is asked for.
export const MODES = [["end_only", t("End only")], ["detailed", t("Detailed")]];
const EndOnly = lazyEndOnly();
function lazyEndOnly() {
  let mod = null;
  return function AsaraEndOnlyLoader(props) {
    const [, setReady] = useState(false);
    useEffect(() => { if (!mod) import("./asara-end.js").then((m) => { mod = m; setReady(true); }); }, []);
    return mod ? html`<${mod.default} ...${props} />` : html`<${ScorerFrame} title=${t("Asara scorer")}><p>${t("Loading…")}</p></${ScorerFrame}>`;
  };
}

export default function AsaraScorer({ params }) {
  const mode = useMode("asara", params, "end_only");
  if (!mode) return html`<${ScorerFrame} title=${t("Asara scorer")}><p>${t("Loading…")}</p></${ScorerFrame}>`;
  // The modes go to the end-only screen as a prop: asara-end.js importing them from here would close a cycle.
  return mode === "end_only" ? html`<${EndOnly} params=${params} modes=${MODES} />` : html`<${AsaraDetailed} params=${params} />`;
}

export function AsaraDetailed({ params }) {
  const s = useScorer("asara", params, blank, (r) => summary(model(r)));
  const [colors, setColors] = useState([]);
  useEffect(() => { db.get("kv", HINTS).then((h) => h && setColors(h.colors)).catch(() => {}); }, []);
  // The server's answer names every tower colour of its edition: remember them as suggestions.
  useEffect(() => {
    const fe = s.result && s.result.final_evaluation;
    if (fe && fe.tower_colors) db.put("kv", { colors: Object.keys(fe.tower_colors) }, HINTS).catch(() => {});
  }, [s.result]);
  if (!s.body) return html`<${ScorerFrame} title=${t("Asara scorer")}><p>${t("Loading…")}</p></${ScorerFrame}>`;
  if (s.showResult) {
    return html`<${ScorerFrame} title=${t("Asara: final score")}><${Sheet} m=${model(s.result)} /><${ResultActions} s=${s} /></${ScorerFrame}>`;
  }
  return html`<${ScorerFrame} title=${t("Asara scorer")}>
    <${ModeSwitch} game="asara" modes=${MODES} current="detailed" />
    <${FormProvider} value=${s}><form onSubmit=${s.submit} novalidate>
      <${Players} />
      <h2>${t("Year ends")}</h2>
      <p class="hint">${t("Each year: the towers standing at its end (towers only grow, so copy the year before and add). The last year's towers are the ones the final evaluation ranks.")}</p>
      ${s.body.years.map((_, y) => html`<${Year} y=${y} key=${y} />`)}
      <datalist id="asa-colors">${colors.map((c) => html`<option value=${c} />`)}</datalist>
      <${SubmitBar} s=${s} />
    </form></${FormProvider}></${ScorerFrame}>`;
}
