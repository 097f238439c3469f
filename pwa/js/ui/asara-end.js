// Asara, end only: what lies on the table when the game is over, in few taps.  Per
// player: the name (typed, or one tap on a name this phone scored before, or the whole
// last table at once), the towers (one tap on its number of sections in its colour's
// row; a tap on a tower per gold section) and, on the number pad, their Asari and
// prestige-track position.  The four year-end evaluations are optional (towers, gold,
// the Caliph's holder, never defaulted).  The body is POST /api/scorers/asara's end-only input.
import { useState } from "preact/hooks";
import { html } from "../html.js";
import { FieldError, FormProvider, Group, Num, ResultActions, ScorerFrame, SubmitBar, Text, ptr, useForm,
  useScorer } from "./formkit.js";
import { Sheet, playerResultModel, summary } from "./sheet.js";
import { Chips, EditionPending, ModeSwitch, focusSoon, useEdition, verificationNotes } from "./tapkit.js";
import { NumberPad, PadNum, usePad } from "./numpad.js";
import { isPlaceholderName, useRecentPlayers } from "./recent.js";
import { localize, ordinal, t } from "../i18n.js";

const LABELS = { prestige_track: t("Prestige track"), building: t("Building prestige"), year_end: t("Year-end evaluations"),
                 tower_colors: t("Tower colours"), highest_tower: t("Highest tower"), most_towers: t("Most towers"),
                 asari: t("Asari") };
// The shipped edition's colours in words (an edition's other colours are said as it names them).
const COLOURS = { brown: t("Brown"), green: t("Green"), red: t("Red"), black: t("Black"), white: t("White") };
const cap = (s) => COLOURS[s] || s.charAt(0).toUpperCase() + s.slice(1);

export const blank = () => ({
  mode: "end_only",
  players: [1, 2, 3, 4].map((n) => ({ name: t("Player {n}", { n }), asari: "", prestige: "", towers: [] })),
});

export const model = (answer) => {
  const r = localize(answer);
  return { ...playerResultModel(r, LABELS, (r.winners || []).length > 1 ? [t("Tie rule: tied players share the victory.")] : []),
           extra: verificationNotes(r) };
};

// Every mention of a player's name, rewritten by `fn` (rename) or dropped when fn returns null.
function mapNames(body, fn) {
  const keys = (o) => Object.fromEntries(Object.entries(o || {}).flatMap(([k, v]) => (fn(k) == null ? [] : [[fn(k), v]])));
  const next = { ...body, players: body.players.filter((p) => fn(p.name) != null).map((p) => ({ ...p, name: fn(p.name) })) };
  if (body.years) next.years = body.years.map((y) => ({ caliph: y.caliph == null ? null : fn(y.caliph), towers: keys(y.towers), gold: keys(y.gold) }));
  return next;
}

const HEIGHTS = [2, 3, 4, 5, 6, 7]; // a tower's sections, base and turret included; taller ones by "+"

// The towers before the player, and the grid that adds one: a tap on its height in its colour's row.
// A tower removed by mistake can be put back (with its gold) until the next removal.
function Towers({ i, colors }) {
  const f = useForm();
  const [removed, setRemoved] = useState(null); // {j, tower, what}
  const p = f.body.players[i];
  const base = ptr("players", i, "towers");
  const add = (color, sections) => f.set(base, [...p.towers, { color, sections }]);
  const remove = (j, what) => {
    setRemoved({ j, tower: p.towers[j], what });
    f.set(base, p.towers.filter((_, k) => k !== j));
    focusSoon(`undo-${i}`);
  };
  const putBack = () => {
    const towers = [...p.towers];
    towers.splice(Math.min(removed.j, towers.length), 0, removed.tower);
    f.set(base, towers);
    setRemoved(null);
    focusSoon(`towers-${i}`);
  };
  return html`<div data-path=${base}>
    <ul class="log towerlist" id=${`towers-${i}`} tabindex="-1" aria-label=${t("{player}'s towers", { player: p.name })}>${p.towers.map((tw, j) => { const at = `${base}/${j}`;
      const tower = t("{player}'s {place} tower", { player: p.name, place: ordinal(j + 1) });
      const what = t("{tower} ({color}, {sections})", { tower, color: cap(tw.color).toLowerCase(), sections: tw.sections });
      const gold = tw.gold || 0;
      const shown = gold ? t("{color} {sections} · {gold} gold", { color: cap(tw.color), sections: tw.sections, gold }) : `${cap(tw.color)} ${tw.sections}`;
      return html`<li key=${j} data-path=${at}><div class="row">
        <button type="button" class="tower-name" onClick=${() => f.set(at + "/gold", gold >= tw.sections ? undefined : gold + 1)}
            aria-label=${gold >= tw.sections ? t("{shown}: no gold on {tower}", { shown, tower }) : t("{shown}: one more gold section on {tower}", { shown, tower })}>
          <span class=${`dot a-${tw.color}`} aria-hidden="true"></span> ${shown}</button>
        <span class="tower-tools">
        <button type="button" class="small" aria-label=${t("One section fewer on {tower}", { tower: what })} disabled=${tw.sections <= 2}
          onClick=${() => f.set(at + "/sections", tw.sections - 1)}>−</button>
        <button type="button" class="small" aria-label=${t("One more section on {tower}", { tower: what })}
          onClick=${() => f.set(at + "/sections", tw.sections + 1)}>+</button>
        <button type="button" class="x" aria-label=${t("Remove {what}", { what })} onClick=${() => remove(j, shown)}>✕</button></span></div>
        <span data-path=${at + "/sections"}></span><${FieldError} path=${at + "/sections"} />
        <span data-path=${at + "/gold"}></span><${FieldError} path=${at + "/gold"} /><${FieldError} path=${at} /></li>`; })}
      ${!p.towers.length && html`<li>${t("No towers yet.")}</li>`}</ul>
    <div role="status">${removed && html`<p class="row">${t("Removed {player}'s {tower}.", { player: p.name, tower: removed.what })}
      <button type="button" id=${`undo-${i}`} onClick=${putBack}>${t("Put the {tower} back", { tower: removed.what })}</button></p>`}</div>
    <p class="hint">${t("Add a tower: tap its number of sections (base and turret included) in its colour's row; taller ones with + on the tower. Tap a tower for each gold section on it.")}</p>
    <div class="towergrid" role="group" aria-label=${t("Add a tower for {player}", { player: p.name })}>${colors.map((c) => html`
      <div class="towerrow" key=${c}><span class="swatch"><span class=${`dot a-${c}`} aria-hidden="true"></span> ${cap(c)}</span>
      ${HEIGHTS.map((h) => html`<button type="button" key=${c + h} aria-label=${t("Add a {color} tower of {sections} for {player}", { color: cap(c).toLowerCase(), sections: h, player: p.name })}
        onClick=${() => add(c, h)}>${h}</button>`)}</div>`)}</div>
    <${FieldError} path=${base} />
  </div>`;
}

// A player's name: typed, or one tap on a name this phone scored before.
function Name({ i, recent }) {
  const f = useForm();
  const p = f.body.players[i];
  const names = f.body.players.map((x) => x.name);
  const rename = (name) => name && name !== p.name && !names.includes(name) && f.replace(mapNames(f.body, (n) => (n === p.name ? name : n)));
  const offer = isPlaceholderName(p.name) ? recent.names.filter((n) => !names.includes(n)).slice(0, 6) : [];
  return html`<${Text} path=${ptr("players", i, "name")} label=${t("Name")} onCommit=${rename} />
    ${offer.length > 0 && html`<${Chips} label=${t("Recent players for seat {n}", { n: i + 1 })} options=${offer.map((n) => [n, n])}
      onPick=${rename} name=${(n) => t("{player} in seat {n}", { player: n, n: i + 1 })} />`}`;
}

function Player({ i, colors, recent }) {
  const f = useForm();
  const p = f.body.players[i];
  const base = ptr("players", i);
  return html`<${Group} legend=${p.name} path=${base}>
    <${Name} i=${i} recent=${recent} />
    <${Towers} i=${i} colors=${colors} />
    ${f.body.players.length > 2 && html`<button type="button" class="danger small"
      onClick=${() => f.replace(mapNames(f.body, (n) => (n === p.name ? null : n)))}>${t("Remove {player}", { player: p.name })}</button>`}
  </${Group}>`;
}

// Asari and the prestige track, one row a player, filled by the number pad in that order.
function Numbers({ pad }) {
  const f = useForm();
  return html`<h2>${t("Asari and the prestige track")}</h2>
    <p class="hint">${t("Each player's Asari and where their counter stands on the prestige track. Tap the first field: the pad then moves on by itself.")}</p>
    ${f.body.players.map((p, i) => html`<div class="grid2" key=${i}>
      <${PadNum} path=${ptr("players", i, "asari")} label=${t("{player}: Asari", { player: p.name })} pad=${pad} />
      <${PadNum} path=${ptr("players", i, "prestige")} label=${t("{player}: prestige", { player: p.name })} pad=${pad} /></div>`)}`;
}

function YearEnds({ years }) {
  const f = useForm();
  const names = f.body.players.map((p) => p.name);
  if (!f.body.years) {
    return html`<button type="button" onClick=${() => f.set("/years", Array.from({ length: years }, () => ({ caliph: null, towers: {}, gold: {} })))}>
      ${t("Also enter the {n} year-end evaluations (optional)", { n: years })}</button>`;
  }
  return html`<h2>${t("Year-end evaluations")}</h2>
    <p class="hint">${t("Per year: the towers and gold sections each player had, and who held the Caliph's patronage.")}</p>
    ${f.body.years.map((y, n) => html`<${Group} legend=${t("End of year {n}", { n: n + 1 })} path=${ptr("years", n)} key=${n}>
      <${Chips} label=${t("Caliph's patronage, year {n}", { n: n + 1 })} options=${names.map((x) => [x, x])} value=${y.caliph}
        onPick=${(x) => f.set(ptr("years", n, "caliph"), x)} name=${(x) => t("{player} held the Caliph's patronage in year {n}", { player: x, n: n + 1 })} />
      <${FieldError} path=${ptr("years", n, "caliph")} />
      ${names.map((x) => html`<div class="grid2" key=${x}>
        <${Num} path=${ptr("years", n, "towers", x)} label=${t("{player}: towers", { player: x })} empty=${undefined} />
        <${Num} path=${ptr("years", n, "gold", x)} label=${t("{player}: gold", { player: x })} empty=${undefined} /></div>`)}
    </${Group}>`)}
    <button type="button" class="danger small" onClick=${() => f.set("/years", undefined)}>${t("Leave out the year ends")}</button>`;
}

// The whole last table in one tap (names and number of players), when this phone has scored one.
function SameTable({ recent }) {
  const f = useForm();
  const now = f.body.players.map((p) => p.name);
  if (!recent.last || recent.last.join("\n") === now.join("\n")) return null;
  const take = () => {  // seat by seat: what was entered for a seat stays with the name now in it
    const kept = mapNames(f.body, (n) => { const i = now.indexOf(n); return i < recent.last.length ? recent.last[i] : null; });
    const players = recent.last.map((name, i) => kept.players[i] || { name, asari: "", prestige: "", towers: [] });
    f.replace({ ...kept, players });
  };
  return html`<div class="stack"><button type="button" onClick=${take}>${t("Same players as last time: {names}", { names: recent.last.join(", ") })}</button></div>`;
}

export default function AsaraEndOnly({ params, modes }) {
  const s = useScorer("asara", params, blank, (r) => summary(model(r)), "end_only");
  const edition = useEdition("asara");
  const recent = useRecentPlayers();
  const players = (s.body && s.body.players) || [];
  const pad = usePad(players.flatMap((_, i) => [ptr("players", i, "asari"), ptr("players", i, "prestige")]));
  const padLabels = Object.fromEntries(players.flatMap((p, i) => [[ptr("players", i, "asari"), t("{player}'s Asari", { player: p.name })],
    [ptr("players", i, "prestige"), t("{player}'s prestige track", { player: p.name })]]));

  if (!s.body || !edition) return html`<${ScorerFrame} title=${t("Asara scorer")}><${EditionPending} edition=${edition} /></${ScorerFrame}>`;
  if (s.showResult) {
    return html`<${ScorerFrame} title=${t("Asara: final score")}><${Sheet} m=${model(s.result)} /><${ResultActions} s=${s} /></${ScorerFrame}>`;
  }
  const add = () => {
    const names = s.body.players.map((p) => p.name);
    let n = names.length + 1;
    while (names.includes(t("Player {n}", { n }))) n += 1;
    s.replace({ ...s.body, players: [...s.body.players, { name: t("Player {n}", { n }), asari: "", prestige: "", towers: [] }] });
  };
  return html`<${ScorerFrame} title=${t("Asara scorer")}>
    <${ModeSwitch} game="asara" modes=${modes} current="end_only" />
    <p class="hint">${t("What lies on the table now: each player's towers, their Asari and where their counter stands on the prestige track. The final evaluation is added to the track.")}</p>
    <${FormProvider} value=${s}><form onSubmit=${s.submit} novalidate>
      <${SameTable} recent=${recent} />
      ${s.body.players.map((_, i) => html`<${Player} i=${i} colors=${edition.colors} recent=${recent} key=${i} />`)}
      ${s.body.players.length < edition.players.max && html`<div class="stack"><button type="button" onClick=${add}>${t("+ Add a player")}</button></div>`}
      <${Numbers} pad=${pad} />
      <${YearEnds} years=${edition.years} />
      <${SubmitBar} s=${s} />
      <${NumberPad} pad=${pad} labels=${padLabels} />
    </form></${FormProvider}></${ScorerFrame}>`;
}
