// The Era II draw form (the server's view.era2_form): the table's own draws, not JSON.
import { useState } from "preact/hooks";
import { html } from "../html.js";
import { RuleLink } from "./rulelink.js";
import { record } from "../sync.js";

function put(target, name, value) {
  const path = name.split(".");
  let node = target;
  for (const key of path.slice(0, -1)) node = node[key] ||= {};
  node[path[path.length - 1]] = value;
  return target;
}

function Choice({ field, value, onChange, bad }) {
  const id = `e2-${field.name.replace(/\./g, "-")}`;
  return html`<div><label for=${id}>${field.label}</label>
    <select id=${id} value=${value || ""} onChange=${(e) => onChange(e.target.value)} aria-invalid=${bad ? "true" : undefined}>
      <option value="">—</option>${field.choices.map((c) => html`<option value=${c.value}>${c.label}</option>`)}</select></div>`;
}

function ChoiceList({ field, value, onChange, bad }) {
  const list = value || [];
  const id = `e2-${field.name.replace(/\./g, "-")}`;
  const name = (v) => (field.choices.find((c) => c.value === v) || { label: v }).label;
  return html`<div role="group" aria-labelledby=${`${id}-l`} id=${id} tabindex="-1" class=${bad ? "bad-group" : ""}>
    <p id=${`${id}-l`}><strong>${field.label}</strong> (${list.length}/${field.length}): <span data-testid=${id}>${list.map(name).join(", ") || "—"}</span></p>
    <div class="row">${field.choices.map((c) => html`<button type="button" class="small" disabled=${list.length >= field.length}
      onClick=${() => onChange([...list, c.value])} aria-label=${`Add ${c.label}: ${field.label}`}>+ ${c.label}</button>`)}
      <button type="button" class="small" disabled=${!list.length} onClick=${() => onChange(list.slice(0, -1))}
        aria-label=${`Remove the last: ${field.label}`}>⌫</button></div></div>`;
}

// Form checks only (missing, doubled): the rules are the server's.
function problems(form, values) {
  const out = [];
  const all = [...form.fields, ...form.seats.flatMap((s) => s.fields)];
  for (const f of all) {
    const v = values[f.name];
    if (f.type === "choice" && f.required && !v) out.push([f.name, `${f.label}: choose one.`]);
    if (f.type === "choice_list") {
      const n = (v || []).length;
      if ((f.required || n) && n !== f.length) out.push([f.name, `${f.label}: ${n} of ${f.length}.`]);
      if (f.distinct && new Set(v || []).size !== n) out.push([f.name, `${f.label}: two different ones.`]);
    }
  }
  return out;
}

export function Era2Form({ form }) {
  const [values, setValues] = useState({});
  const [bad, setBad] = useState([]);
  const set = (name) => (v) => setValues({ ...values, [name]: v });
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
  return html`<form class="card" onSubmit=${submit} data-testid="era2-form" novalidate>
    <h3>Era II: what the table drew</h3>
    <p class="hint">Or let the app draw them (the button below the form).${form.rule ? html` Rule <${RuleLink} id=${form.rule} />.` : ""}</p>
    ${bad.length > 0 && html`<div class="banner error" role="alert"><ul>${bad.map(([, t]) => html`<li>${t}</li>`)}</ul></div>`}
    <div class="grid3">${form.fields.map((f) => html`<${Choice} field=${f} value=${values[f.name]} onChange=${set(f.name)} bad=${isBad(f.name)} />`)}</div>
    ${form.seats.map((seat) => html`<fieldset key=${seat.seat}><legend>${seat.name}</legend>
      ${seat.fields.map((f) => html`<${ChoiceList} field=${f} value=${values[f.name]} onChange=${set(f.name)} bad=${isBad(f.name)} />`)}</fieldset>`)}
    <div class="stack"><button class="primary" type="submit">Record the Era II draws</button></div>
  </form>`;
}
