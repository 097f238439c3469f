// The Asian Tigers scorer's participant cards: the name, the numbers read off the table (the number pad fills
// them; once it walks on they fold into one line), the flags as small chips beside their sector's letter, and
// the card's own summary line once the person has moved on.  The form (scorer.js) owns the body.
import { useState } from "preact/hooks";
import { html } from "../html.js";
import { FieldError, Group, Num, fieldId, ptr, useForm } from "./formkit.js";
import { Chips } from "./tapkit.js";
import { PadNum } from "./numpad.js";
import { renamed } from "./atboard.js";
import { colourName } from "./setupcheck.js";
import { t, tn } from "../i18n.js";

export const COLUMNS = [["A", "A"], ["B", "B"], ["C", "C"], ["none", t("None")]];
export const FACTS = [["distinct_infrastructure_types", t("Kinds built")], ["satellites", t("Satellites")],
               ["parts_factories", t("Parts factories")], ["power_plants", t("Power plants")], ["laboratories", t("Labs")]];
export const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
// A seat's name until the players rename it: its colour in the phone's language ("Red", "Rot"); the colour of a
// name (for its dot) is found back from it, an older body's English name included.
export const seatName = (c) => cap(colourName(c));
export const colourOf = (E, pid) => E.colors.find((c) => seatName(c) === pid || cap(c) === pid) || pid.toLowerCase();
const LEFTOVERS = ["goods", "energy", "science"];
// The Era II management counts goods, energy and science together (MGMT2-02): a new table enters their sum, one
// number; a body with the three (the worked examples) keeps them.
export const leftoverKeys = (p) => (p.leftovers && "total" in p.leftovers ? ["total"] : LEFTOVERS);
export const LEFT_WORDS = { total: t("goods, energy and science left"), goods: t("goods left"), energy: t("energy left"), science: t("science left") };
const LEFT_LABELS = { total: t("Goods, energy and science (together)"), goods: t("Goods"), energy: t("Energy"), science: t("Science") };

// A flag as printed: its nation, the spaces it moves on the global market, its stars and dots.
const flagText = (x) => `${x.name} ${x.value}${x.stars ? ` ${"★".repeat(x.stars)}` : ""}${x.dots ? ` ${"•".repeat(x.dots)}` : ""}`;
// The same on a small chip: a long nation name shortened as people do (the full words are the chip's accessible name).
const SHORT_NATION = { USA: t("USA"), GBR: t("UK"), DEU: t("W. Ger."), NLD: t("Neth.") }; // by nation code
const nationShort = (x) => SHORT_NATION[x.nation] || x.name;
const marks = (x) => `${x.value}${x.stars ? ` ${"★".repeat(x.stars)}` : ""}${x.dots ? ` ${"•".repeat(x.dots)}` : ""}`;
const flagChip = (x) => `${nationShort(x)} ${marks(x)}`;
// On two short lines (nation, then value and marks), so that four or five fit across a phone.
const chipLines = (x) => html`<span class="two-lines"><span>${nationShort(x)}</span>${" "}<span>${marks(x)}</span></span>`;
// A flag in words (a screen reader hears "2 stars", not "★★").
const flagWords = (x) => (x.dots ? tn("{nation} flag {value}, {n} star, {dots} dots", "{nation} flag {value}, {n} stars, {dots} dots", x.stars, { nation: x.name, value: x.value, dots: x.dots })
  : tn("{nation} flag {value}, {n} star", "{nation} flag {value}, {n} stars", x.stars, { nation: x.name, value: x.value }));

function Flags({ E, pid, onWork }) {
  const f = useForm();
  const [adding, setAdding] = useState(null); // the sector whose special-flag choices are open
  const p = f.body.participants[pid];
  const taken = new Set(Object.values(f.body.participants).flatMap((q) => Object.values(q.flags || {}).flat()));
  const specials = E.tigers.map(([x, name]) => [`special:${x}`, t("Special flag of {tiger}", { tiger: name })]);
  const flag = (id) => E.flags.find((x) => x.id === id);
  const flagName = (id) => (flag(id) ? flagWords(flag(id)) : (specials.find(([v]) => v === id) || [id, id])[1]);
  // Flags leave their stack from the top: each nation offers only its next flag (two flags printed alike
  // are then one choice, and a flag under another never comes first).
  const tops = {};
  for (const x of E.flags) if (!taken.has(x.id) && !tops[x.nation]) tops[x.nation] = x.id;
  const next = new Set(Object.values(tops));
  // The player board's sectors as rows, each with the flags it takes: one tap puts a flag there.
  return html`<${Group} legend=${t("Flags on the player board")} path=${ptr("participants", pid, "flags")}>
    ${E.sectors.map((s) => {
      const path = ptr("participants", pid, "flags", s.id);
      const list = (p.flags || {})[s.id] || [];
      const any = s.accepts === "any" || s.any;
      const options = E.flags.filter((x) => (any || s.accepts.includes(x.nation)) && next.has(x.id)).map((x) => [x.id, flagText(x)]);
      const setList = (all) => { f.set(path, all.length ? all : undefined); onWork && onWork(pid); };
      const full = s.rows && list.length >= s.rows;
      // A sector is one compact line: its letter, the flags in it (✕ takes one out), then one small chip a flag.
      return html`<div class="sector" data-path=${path} id=${fieldId(path)} key=${s.id} role="group" aria-label=${t("Sector {sector}", { sector: s.id })}>
        <strong class="sector-name" aria-hidden="true">${s.id}</strong><div class="sector-flags">
        ${list.length > 0 && html`<ul class="chips" aria-label=${t("Sector {sector} flags", { sector: s.id })}>${list.map((id, i) => html`<li key=${id}>${flag(id) ? flagChip(flag(id)) : flagName(id)}
          <button type="button" class="x" aria-label=${t("Remove {flag} from sector {sector}", { flag: flagName(id), sector: s.id })}
            onClick=${() => setList(list.filter((_, j) => j !== i))}>✕</button></li>`)}</ul>`}
        ${!full && html`<${Chips} label=${t("Flags for sector {sector}", { sector: s.id })} options=${options.map(([v]) => [v, chipLines(flag(v))])}
          onPick=${(v) => setList([...list, v])} name=${(v) => t("{chip} ({flag}), into sector {sector}", { chip: flagChip(flag(v)), flag: flagWords(flag(v)), sector: s.id })} />`}
        ${any && !full && html`<button type="button" class="chip-btn special" aria-expanded=${adding === s.id ? "true" : "false"}
            aria-label=${t("Add a special flag to sector {sector}", { sector: s.id })} onClick=${() => setAdding(adding === s.id ? null : s.id)}>${t("+ special")}</button>`}
        ${adding === s.id && !full && html`<${Chips} label=${t("Special flags for sector {sector}", { sector: s.id })} options=${specials.filter(([v]) => !taken.has(v))}
          onPick=${(v) => { setList([...list, v]); setAdding(null); }} name=${(v) => t("{flag} into sector {sector}", { flag: flagName(v), sector: s.id })} />`}
        </div><${FieldError} path=${path} /></div>`;
    })}
    <${Group} legend=${t("Special flags in the special-flag section")} path=${ptr("participants", pid, "special_flags")}>
      <div class="chiprow specials">${E.tigers.map(([tid, name]) => { const on = (p.special_flags || []).includes(tid); return html`<button type="button"
        key=${tid} class=${`chip-btn ${on ? "on" : ""}`} aria-pressed=${on ? "true" : "false"} aria-label=${t("Special flag of {tiger}", { tiger: name })}
        onClick=${() => f.set(ptr("participants", pid, "special_flags"),
          on ? p.special_flags.filter((x) => x !== tid) : [...(p.special_flags || []), tid])}>${name}</button>`; })}</div>
    </${Group}>
  </${Group}>`;
}

// A participant's name is their id in the body: renaming rewrites every mention (atboard.renamed).
function NameField({ pid }) {
  const f = useForm();
  const [draft, setDraft] = useState(null);
  const id = fieldId(ptr("participants", pid)) + "-name";
  const commit = (name) => {
    setDraft(null);
    if (name && name !== pid && !(name in f.body.participants)) f.replace(renamed(f.body, pid, name));
  };
  return html`<div class="field"><label for=${id}>${t("Name")}</label>
    <input id=${id} type="text" autocomplete="off" value=${draft ?? pid}
      onInput=${(e) => setDraft(e.target.value)} onChange=${(e) => commit(e.target.value.trim())} /></div>`;
}

// A folded card's line: its numbers and how many flags it holds.
function cardLine(E, p) {
  const flags = Object.values(p.flags || {}).flat().length + (p.special_flags || []).length;
  return p.kind === "neutral" ? numbersLine(E, p) : tn("{numbers} · {n} flag", "{numbers} · {n} flags", flags, { numbers: numbersLine(E, p) });
}

// "market 17 · left 3 · influence 9 6 4 7": a participant's numbers, short.
function numbersLine(E, p) {
  const left = p.kind === "neutral" ? [] : leftoverKeys(p).map((k) => p.leftovers[k]);
  const influence = E.tigers.map(([x]) => p.influence[x]).join(" ");
  return p.kind === "neutral" ? t("influence {influence}", { influence })
    : t("market {space} · left {left} · influence {influence}", { space: p.global_market.position, left: left.join("/"), influence });
}

// A participant's numbers once the pad has walked past them, as one line; one tap shows the fields again.
function Folded({ E, pid, unfold }) {
  const { body } = useForm();
  const p = body.participants[pid];
  const infl = E.tigers.map(([t]) => p.influence[t]);
  const left = p.kind === "neutral" ? [] : leftoverKeys(p).map((k) => p.leftovers[k]);
  const said = [...(p.kind === "neutral" ? [] : [t("global market space {space}", { space: p.global_market.position }),
    `${left.join(", ")} ${leftoverKeys(p).map((k) => LEFT_WORDS[k]).join(", ")}`]),
    t("influence {influence}", { influence: E.tigers.map(([, name], i) => `${name} ${infl[i]}`).join(", ") })].join("; ");
  const line = numbersLine(E, p);
  const shown = line.charAt(0).toUpperCase() + line.slice(1);
  return html`<button type="button" class="folded" data-testid=${`folded-${pid}`} aria-expanded="false"
      aria-label=${t("{line} ({name}: {said}) Change", { line: shown, name: pid, said })} onClick=${unfold}>
    <span>${shown}</span>${" "}<span class="change">${t("Change")}</span></button>`;
}

export function Participant({ E, pid, open, pad, folded, unfold, onWork }) {
  const f = useForm();
  const p = f.body.participants[pid];
  const neutral = p.kind === "neutral";
  return html`<details class="card" open=${open} data-testid=${`participant-${pid}`}>
    <summary><span class=${`dot c-${neutral ? "neutral" : colourOf(E, pid)}`} aria-hidden="true"></span>\u00a0${neutral ? t("{name} (neutral)", { name: pid }) : pid}${
      folded && html`<span class="card-sum">${cardLine(E, p)}</span>`}</summary>
    ${neutral && !p.tigers && html`<p class="hint">${t("Its investment points are its blockers (one on each 4-dot space of every Tiger): the app works them out.")}</p>`}
    ${folded ? html`<${Folded} E=${E} pid=${pid} unfold=${unfold} />` : html`<${Numbers} E=${E} pid=${pid} pad=${pad} />`}
    ${p.tigers && E.tigers.map(([tid, name]) => html`<${Group} legend=${name} path=${ptr("participants", pid, "tigers", tid)} key=${tid}>
      <${Group} legend=${t("Investment points")} path=${ptr("participants", pid, "tigers", tid, "ip")}><div class="grid4">
        ${COLUMNS.map(([c, l]) => html`<${Num} path=${ptr("participants", pid, "tigers", tid, "ip", c)} label=${l} />`)}</div></${Group}>
      ${!neutral && html`<fieldset><legend>${t("Infrastructure")}</legend><div class="grid3">${FACTS.map(([k, l]) =>
        html`<${Num} path=${ptr("participants", pid, "tigers", tid, k)} label=${l} />`)}</div></fieldset>`}
    </${Group}>`)}
    ${!neutral && html`<${Flags} E=${E} pid=${pid} onWork=${onWork} />`}
  </details>`;
}

// The name and the numbers read off the table (the pad fills them).
function Numbers({ E, pid, pad }) {
  const f = useForm();
  const p = f.body.participants[pid];
  const base = ptr("participants", pid);
  const neutral = p.kind === "neutral";
  return html`${!neutral && html`<${NameField} pid=${pid} />`}
    ${!neutral && html`<${Group} legend=${t("Global market")} path=${base + "/global_market"}><div class="grid2">
        <${PadNum} path=${base + "/global_market/position"} label=${t("Space")} pad=${pad} />
        <${Num} path=${base + "/global_market/stack"} label=${t("Height, if sharing the space (0 = bottom)")} /></div></${Group}>
      <${Group} legend=${t("Leftovers")} path=${base + "/leftovers"}><div class=${leftoverKeys(p).length > 1 ? "grid3" : ""}>
        ${leftoverKeys(p).map((k) => html`<${PadNum} path=${`${base}/leftovers/${k}`} pad=${pad}
          label=${LEFT_LABELS[k] || cap(k)} />`)}</div></${Group}>`}
    <${Group} legend=${t("Influence")} path=${base + "/influence"}><div class="grid2">
      ${E.tigers.map(([tid, name]) => html`<${PadNum} path=${ptr("participants", pid, "influence", tid)} label=${name} pad=${pad} />`)}</div></${Group}>`;
}
