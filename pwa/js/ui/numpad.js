// A number pad for the few numbers a scorer asks for (Asari, a track position): the
// numbers 0 to 100 as buttons, one tap each, and the pad moves on to the next field
// in the form's order, so a row of numbers costs one tap each.  Tapping a field opens
// it; "Keyboard" gives the phone's keyboard back (for bigger numbers, or by taste).
import { useState } from "preact/hooks";
import { html } from "../html.js";
import { Num, fieldId, getIn, useForm } from "./formkit.js";
import { t } from "../i18n.js";

const NUMBERS = Array.from({ length: 101 }, (_, n) => n);

// order: the fields' JSON pointers in the order the pad walks them.
export function usePad(order) {
  const [at, setAt] = useState(null);
  const [keyboard, setKeyboard] = useState(false);
  const focus = (path) => setTimeout(() => {
    const el = document.getElementById(fieldId(path));
    if (!el) return;
    const card = el.closest("details"); // the next field may be in a folded card: the pad unfolds it
    if (card && !card.open) card.open = true;
    el.focus({ preventScroll: true });
    el.scrollIntoView({ block: "start" });
    window.scrollBy(0, -96); // the field stays in sight above the pad
  }, 0);
  return {
    at, keyboard, order,
    open: (path) => { if (!keyboard && path !== at) { setAt(path); focus(path); } },
    next: () => { const n = order[order.indexOf(at) + 1]; if (n) { setAt(n); focus(n); } else { setAt(null); document.activeElement && document.activeElement.blur(); } },
    close: () => setAt(null),
    typeInstead: () => { const p = at; setKeyboard(true); setAt(null); setTimeout(() => { const el = document.getElementById(fieldId(p)); el && el.focus(); }, 0); },
  };
}

// A number field the pad fills (typing still works).
export function PadNum({ path, label, pad }) {
  return html`<${Num} path=${path} label=${label} inputmode=${pad.keyboard ? "numeric" : "none"} onFocus=${() => pad.open(path)} />`;
}

// The pad itself, over the bottom of the screen while a field is open; labels: pointer → the field in words.
export function NumberPad({ pad, labels }) {
  const f = useForm();
  if (!pad.at) return null;
  const what = labels[pad.at] || "";
  const value = getIn(f.body, pad.at);
  const pick = (n) => { f.set(pad.at, n); pad.next(); };
  const keep = (e) => e.preventDefault(); // a tap on the pad leaves the focus in the field
  return html`<div class="numpad-space" aria-hidden="true"></div><div class="numpad" role="group" aria-label=${t("Number pad for {what}", { what })} data-testid="numpad">
    <div class="row nowrap"><strong style="flex:1">${what}: ${value === "" || value == null ? "?" : value}</strong>
      <button type="button" class="small" onMouseDown=${keep} onClick=${pad.typeInstead}>${t("Keyboard")}</button>
      <button type="button" class="small" onMouseDown=${keep} onClick=${pad.close}>${t("Done")}</button></div>
    <div class="numgrid">${NUMBERS.map((n) => html`<button type="button" key=${n} class=${value === n ? "on" : ""}
      aria-pressed=${value === n ? "true" : "false"} onMouseDown=${keep} onClick=${() => pick(n)}>${n}</button>`)}</div>
  </div>`;
}
