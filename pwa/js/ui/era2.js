// The Era II draw form (the server's view.era2_form): the table's own draws, not JSON.
import { useState } from "preact/hooks";
import { html } from "../html.js";
import { t } from "../i18n.js";
import { RuleLink } from "./rulelink.js";
import { record } from "../sync.js";
import { useStore } from "../store.js";
import { tigerName } from "../labels.js";

function put(target, name, value) {
  const path = name.split(".");
  let node = target;
  for (const key of path.slice(0, -1)) node = node[key] ||= {};
  node[path[path.length - 1]] = value;
  return target;
}

// The three board workers (one of each type, ERA2-05): a row of type buttons per centre, named by its
// Tiger; a type taken is not offered again, and the last centre fills itself.
function BoardWorkers({ fields, values, onPick, where }) {
  return html`${fields.map((f) => {
    const id = `e2-${f.name.replace(/\./g, "-")}`;
    const centre = f.name.split(".").pop();
    const taken = fields.filter((g) => g !== f).map((g) => values[g.name]);
    return html`<div role="group" aria-labelledby=${`${id}-l`} id=${id} tabindex="-1">
      <p id=${`${id}-l`}><strong>${where[centre] ? t("Centre {centre} of {tiger}", { centre, tiger: where[centre] }) : t("Centre {centre}", { centre })}</strong>: ${
        (f.choices.find((c) => c.value === values[f.name]) || { label: "—" }).label}</p>
      <div class="row">${f.choices.map((c) => html`<button type="button" class="small choice" aria-pressed=${values[f.name] === c.value}
        disabled=${taken.includes(c.value)} onClick=${() => onPick(f, c.value)} aria-label=${t("{choice}: centre {centre}", { choice: c.label, centre })}>${c.label}</button>`)}</div></div>`;
  })}`;
}

// A seat's set-aside pair (two different types, PSETUP-03): one tap on the pair.
function Pair({ field, value, onChange }) {
  const id = `e2-${field.name.replace(/\./g, "-")}`;
  const pairs = field.choices.flatMap((a, i) => field.choices.slice(i + 1).map((b) => [a, b]));
  const now = (value || []).join("+");
  return html`<div role="group" aria-labelledby=${`${id}-l`} id=${id} tabindex="-1"><p id=${`${id}-l`}>${field.label}</p>
    <div class="row">${pairs.map(([a, b]) => html`<button type="button" class="small choice" aria-pressed=${now === `${a.value}+${b.value}`}
      onClick=${() => onChange([a.value, b.value])}>${a.label} + ${b.label}</button>`)}</div></div>`;
}

function ChoiceList({ field, value, onChange, bad }) {
  const list = value || [];
  const id = `e2-${field.name.replace(/\./g, "-")}`;
  const name = (v) => (field.choices.find((c) => c.value === v) || { label: v }).label;
  return html`<div role="group" aria-labelledby=${`${id}-l`} id=${id} tabindex="-1" class=${bad ? "bad-group" : ""}>
    <p id=${`${id}-l`}><strong>${field.label}</strong> (${list.length}/${field.length}): <span data-testid=${id}>${list.map(name).join(", ") || "—"}</span></p>
    <div class="row">${field.choices.map((c) => html`<button type="button" class="small" disabled=${list.length >= field.length}
      onClick=${() => onChange([...list, c.value])} aria-label=${t("Add {choice}: {field}", { choice: c.label, field: field.label })}>+ ${c.label}</button>`)}
      <button type="button" class="small" disabled=${!list.length} onClick=${() => onChange(list.slice(0, -1))}
        aria-label=${t("Remove the last: {field}", { field: field.label })}>⌫</button></div></div>`;
}

// Centre A of the Tiger with the highest prosperity token, B of the second, C of the third (ERA2-05).
function centreTigers(L, view) {
  const tokens = (view && view.board && view.board.prosperity_tokens) || {};
  const value = (t) => (((L && L.prosperity_values) || {})[tokens[t]] || {})[String(view.player_count)] || [0];
  const order = Object.keys(tokens).sort((a, b) => value(b)[0] - value(a)[0]);
  return Object.fromEntries(["A", "B", "C"].map((c, i) => [c, order[i] ? tigerName(L, order[i]) : null]));
}

// Form checks only (missing, doubled): the rules are the server's.
function problems(form, values) {
  const out = [];
  const all = [...form.fields, ...form.seats.flatMap((s) => s.fields)];
  for (const f of all) {
    const v = values[f.name];
    if (f.type === "choice" && f.required && !v) out.push([f.name, t("{field}: choose one.", { field: f.label })]);
    if (f.type === "choice_list") {
      const n = (v || []).length;
      if ((f.required || n) && n !== f.length) out.push([f.name, t("{field}: {n} of {length}.", { field: f.label, n, length: f.length })]);
      if (f.distinct && new Set(v || []).size !== n) out.push([f.name, t("{field}: two different ones.", { field: f.label })]);
    }
  }
  return out;
}

export function Era2Form({ form }) {
  const s = useStore();
  const [values, setValues] = useState({});
  const [bad, setBad] = useState([]);
  const set = (name) => (v) => setValues({ ...values, [name]: v });
  const pickBoard = (field, value) => {
    const next = { ...values, [field.name]: value };
    const open = form.fields.filter((f) => !next[f.name]);
    const left = field.choices.filter((c) => !form.fields.some((f) => next[f.name] === c.value));
    if (open.length === 1 && left.length === 1) next[open[0].name] = left[0].value;
    setValues(next);
  };
  const submit = (e) => {
    e.preventDefault();
    const found = problems(form, values);
    setBad(found);
    if (found.length) return;
    const action = JSON.parse(JSON.stringify(form.action));
    for (const [name, v] of Object.entries(values)) if (v && (!Array.isArray(v) || v.length)) put(action, name, v);
    record({ type: "action", action });
  };
  const isBad = (name) => bad.some(([n]) => n === name);
  const where = centreTigers(s.labels, s.game && s.game.view && s.game.view.view);
  return html`<form class="card" onSubmit=${submit} data-testid="era2-form" novalidate>
    <h3>${t("Era II: what the table drew")}</h3>
    <p class="hint">${t("Or let the app draw them (the button below the form).")}${form.rule ? html` ${t("Rule")} <${RuleLink} id=${form.rule} />.` : ""}</p>
    ${bad.length > 0 && html`<div class="banner error" role="alert"><ul>${bad.map(([, t]) => html`<li>${t}</li>`)}</ul></div>`}
    <${BoardWorkers} fields=${form.fields} values=${values} onPick=${pickBoard} where=${where} />
    ${form.seats.map((seat) => html`<fieldset key=${seat.seat}><legend>${seat.name}</legend>
      ${seat.fields.map((f) => (f.distinct && f.length === 2
        ? html`<${Pair} field=${f} value=${values[f.name]} onChange=${set(f.name)} />`
        : f.required ? html`<${ChoiceList} field=${f} value=${values[f.name]} onChange=${set(f.name)} bad=${isBad(f.name)} />`
          : html`<p class="hint">${t("{seat}: team area — nothing to enter, each worker's type is said as it is placed.", { seat: seat.name })}</p>`))}</fieldset>`)}
    <div class="stack"><button class="primary" type="submit">${t("Record the Era II draws")}</button></div>
  </form>`;
}
