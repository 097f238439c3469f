// Asara, end only: what lies on the table when the game is over.  Per player: the
// towers (a colour tapped from the edition's colours, then the number of sections,
// base and turret included, and the gold sections), Asari and the prestige-track
// position.  The four year-end evaluations are optional (towers, gold, the Caliph's
// holder, never defaulted).  The body is POST /api/scorers/asara's end-only input.
import { html } from "../html.js";
import { FieldError, FormProvider, Group, Num, ResultActions, ScorerFrame, SubmitBar, Text, fieldId, ptr, useForm,
  useScorer } from "./formkit.js";
import { Sheet, playerResultModel, summary } from "./sheet.js";
import { Chips, ModeSwitch, focusSoon, useEdition, verificationNotes } from "./tapkit.js";
import { MODES } from "./asara.js";

const LABELS = { prestige_track: "Prestige track", building: "Building prestige", year_end: "Year-end evaluations",
                 tower_colors: "Tower colours", highest_tower: "Highest tower", most_towers: "Most towers",
                 asari: "Asari" };
const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

export const blank = () => ({
  mode: "end_only",
  players: [1, 2, 3, 4].map((n) => ({ name: `Player ${n}`, asari: "", prestige: "", towers: [] })),
});

export const model = (r) => ({
  ...playerResultModel(r, LABELS, (r.winners || []).length > 1 ? ["Tie rule: tied players share the victory."] : []),
  extra: verificationNotes(r),
});

// Every mention of a player's name, rewritten by `fn` (rename) or dropped when fn returns null.
function mapNames(body, fn) {
  const keys = (o) => Object.fromEntries(Object.entries(o || {}).flatMap(([k, v]) => (fn(k) == null ? [] : [[fn(k), v]])));
  const next = { ...body, players: body.players.filter((p) => fn(p.name) != null).map((p) => ({ ...p, name: fn(p.name) })) };
  if (body.years) next.years = body.years.map((y) => ({ caliph: y.caliph == null ? null : fn(y.caliph), towers: keys(y.towers), gold: keys(y.gold) }));
  return next;
}

function Towers({ i, colors }) {
  const f = useForm();
  const p = f.body.players[i];
  const base = ptr("players", i, "towers");
  const add = (color) => {
    const at = `${base}/${p.towers.length}/sections`;
    f.set(base, [...p.towers, { color, sections: "" }]);
    focusSoon(fieldId(at));
  };
  return html`<div data-path=${base}>
    ${p.towers.map((t, j) => { const at = `${base}/${j}`; return html`<div class="tile tower-end" key=${j} role="group"
        aria-label=${`${p.name}'s ${t.color} tower`} data-path=${at}>
      <span class="swatch"><span class=${`dot a-${t.color}`} aria-hidden="true"></span> ${cap(t.color)}</span>
      <${Num} path=${at + "/sections"} label="Sections" min="2" />
      <div class="field" data-path=${at + "/gold"}><span class="hint">Gold sections</span>
        <div class="row nowrap"><span aria-live="polite">${t.gold || 0}</span>
          <button type="button" class="small" aria-label=${`Add a gold section to ${p.name}'s ${t.color} tower`}
            onClick=${() => f.set(at + "/gold", (t.gold || 0) + 1)}>+</button>
          ${t.gold > 0 && html`<button type="button" class="small" aria-label=${`One gold section fewer on ${p.name}'s ${t.color} tower`}
            onClick=${() => f.set(at + "/gold", t.gold - 1 || undefined)}>−</button>`}</div>
        <${FieldError} path=${at + "/gold"} /></div>
      <button type="button" class="x" aria-label=${`Remove ${p.name}'s ${t.color} tower`}
        onClick=${() => f.set(base, p.towers.filter((_, k) => k !== j))}>✕</button>
      <${FieldError} path=${at} /></div>`; })}
    <p class="hint">Add a tower: tap its colour, then type its sections (base and turret included).</p>
    <${Chips} label=${`Add a tower for ${p.name}`} options=${colors.map((c) => [c, html`<span class=${`dot a-${c}`} aria-hidden="true"></span> ${cap(c)}`])}
      onPick=${add} name=${(c) => `Add a ${c} tower for ${p.name}`} />
    <${FieldError} path=${base} />
  </div>`;
}

function Player({ i, colors }) {
  const f = useForm();
  const p = f.body.players[i];
  const names = f.body.players.map((x) => x.name);
  const rename = (name) => name && name !== p.name && !names.includes(name) && f.replace(mapNames(f.body, (n) => (n === p.name ? name : n)));
  const base = ptr("players", i);
  return html`<${Group} legend=${p.name} path=${base}>
    <${Text} path=${base + "/name"} label="Name" onCommit=${rename} />
    <div class="grid2"><${Num} path=${base + "/asari"} label="Asari" />
      <${Num} path=${base + "/prestige"} label="Prestige track" /></div>
    <${Towers} i=${i} colors=${colors} />
    ${f.body.players.length > 2 && html`<button type="button" class="danger small"
      onClick=${() => f.replace(mapNames(f.body, (n) => (n === p.name ? null : n)))}>Remove ${p.name}</button>`}
  </${Group}>`;
}

function YearEnds({ years }) {
  const f = useForm();
  const names = f.body.players.map((p) => p.name);
  if (!f.body.years) {
    return html`<button type="button" onClick=${() => f.set("/years", Array.from({ length: years }, () => ({ caliph: null, towers: {}, gold: {} })))}>
      Also enter the ${years} year-end evaluations (optional)</button>`;
  }
  return html`<h2>Year-end evaluations</h2>
    <p class="hint">Per year: the towers and gold sections each player had, and who held the Caliph's patronage.</p>
    ${f.body.years.map((y, n) => html`<${Group} legend=${`End of year ${n + 1}`} path=${ptr("years", n)} key=${n}>
      <${Chips} label=${`Caliph's patronage, year ${n + 1}`} options=${names.map((x) => [x, x])} value=${y.caliph}
        onPick=${(x) => f.set(ptr("years", n, "caliph"), x)} name=${(x) => `${x} held the Caliph's patronage in year ${n + 1}`} />
      <${FieldError} path=${ptr("years", n, "caliph")} />
      ${names.map((x) => html`<div class="grid2" key=${x}>
        <${Num} path=${ptr("years", n, "towers", x)} label=${`${x}: towers`} empty=${undefined} />
        <${Num} path=${ptr("years", n, "gold", x)} label=${`${x}: gold`} empty=${undefined} /></div>`)}
    </${Group}>`)}
    <button type="button" class="danger small" onClick=${() => f.set("/years", undefined)}>Leave out the year ends</button>`;
}

export default function AsaraEndOnly({ params }) {
  const s = useScorer("asara", params, blank, (r) => summary(model(r)), "end_only");
  const edition = useEdition("asara");
  if (!s.body || !edition) return html`<${ScorerFrame} title="Asara scorer"><p>Loading…</p></${ScorerFrame}>`;
  if (s.showResult) {
    return html`<${ScorerFrame} title="Asara: final score"><${Sheet} m=${model(s.result)} /><${ResultActions} s=${s} /></${ScorerFrame}>`;
  }
  const add = () => {
    const names = s.body.players.map((p) => p.name);
    let n = names.length + 1;
    while (names.includes(`Player ${n}`)) n += 1;
    s.replace({ ...s.body, players: [...s.body.players, { name: `Player ${n}`, asari: "", prestige: "", towers: [] }] });
  };
  return html`<${ScorerFrame} title="Asara scorer">
    <${ModeSwitch} game="asara" modes=${MODES} current="end_only" />
    <p class="hint">What lies on the table now: each player's towers, their Asari and where their counter stands on
      the prestige track. The final evaluation is added to the track.</p>
    <${FormProvider} value=${s}><form onSubmit=${s.submit} novalidate>
      ${s.body.players.map((_, i) => html`<${Player} i=${i} colors=${edition.colors} key=${i} />`)}
      ${s.body.players.length < edition.players.max && html`<div class="stack"><button type="button" onClick=${add}>+ Add a player</button></div>`}
      <${YearEnds} years=${edition.years} />
      <${SubmitBar} s=${s} />
    </form></${FormProvider}></${ScorerFrame}>`;
}
