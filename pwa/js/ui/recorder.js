// The turn recorder: the pending decision's legal actions, grouped into a
// short guided sequence (centre → sale → space and sector → bonuses → end
// turn).  Every button sends exactly the action dict the server listed.
import { useEffect, useState } from "preact/hooks";
import { html } from "../html.js";
import { localize, t, tn } from "../i18n.js";
import { RuleLink } from "./rulelink.js";
import { actionLabel, bonusLabel, centerLabel, sectorLabel, serverLabel, spaceLabel, tigerName, workerName } from "../labels.js";
import { record } from "../sync.js";
import { whyNot } from "../offline/play.js";

const LAST = new Set(["end_turn", "finish_sales", "skip_local_sale", "skip_university_action", "decline_special_flag"]);
const TWO_LEVEL = new Set(["build", "build_department"]);  // space first, then the sector

// Group a decision's options into titled button lists (display only).
export function groupActions(L, view, actions, picked, choices = new Map()) {
  const named = (a, fallback) => (choices.get(a) || {}).label || fallback;
  const board = view.board || {};
  const player = (view.players || []).find((p) => p.id === (view.decision || {}).seat);
  const groups = [];
  const add = (title, buttons, hint, compact) => { if (buttons.length) groups.push({ title, buttons, hint, compact }); };

  const placements = actions.filter((a) => a.kind === "place_worker");
  const byTiger = {};
  for (const a of placements) {
    const tiger = a.center.includes(".") ? a.center.split(".")[0] : "trade";
    (byTiger[tiger] ||= []).push(a);
  }
  for (const [tiger, list] of Object.entries(byTiger)) {
    add(tiger === "trade" ? t("Trade centres") : tigerName(L, tiger), list.map((a) => {
      const c = (board.centers || {})[a.center];
      const fixed = c && c.worker_type ? ` · ${workerName(L, c.worker_type)}` : c ? ` · ${t("free")}` : "";
      // Inside the group named after the Tiger, "C · type 3 worker" reads "Hong Kong, C · type 3 worker".
      // A table that states worker types ("stated" entry) gets one button per type it may still hold.
      const stated = a.worker ? ` — ${t("with a {worker}", { worker: workerName(L, a.worker) })}` : "";
      return { label: `${tiger === "trade" ? centerLabel(L, a.center) : a.center.split(".")[1]}${fixed}${stated}`, action: a };
    }), undefined, tiger !== "trade");
  }

  const twoLevel = actions.filter((a) => TWO_LEVEL.has(a.kind));
  if (picked) {
    const sectors = twoLevel.filter((a) => a.space === picked);
    // What the space costs and brings, said once above its sectors (each button: what its sector leaves).
    const first = choices.get(sectors[0]);
    add(t("{space}: take the piece from which sector?", { space: spaceLabel(L, picked) }),
        sectors.map((a) => ({ label: sectorLabel(L, a.sector, player), action: a, sector: true })),
        first && first.space_detail || undefined);
  } else {
    const spaces = {};
    for (const a of twoLevel) (spaces[a.space] ||= []).push(a);
    const byTigerSpaces = {};
    for (const [space, list] of Object.entries(spaces)) (byTigerSpaces[space.split(".")[0]] ||= []).push([space, list]);
    for (const [tiger, list] of Object.entries(byTigerSpaces)) {
      add(t("Build in {tiger}", { tiger: tigerName(L, tiger) }), list.map(([space, opts]) => (opts.length === 1
        ? { label: `${spaceLabel(L, space)} — ${sectorLabel(L, opts[0].sector, player)}`, action: opts[0] }
        : { label: spaceLabel(L, space), pick: space, options: opts })));  // the space's name says "department"
    }
  }

  // Bonuses waiting this turn: resolve now, or ignore; leaving them is "later".
  for (const pending of view.pending_bonuses || []) {
    const mine = actions.filter((a) => a.bonus === pending.id);
    const resolve = mine.filter((a) => a.kind !== "ignore_bonus");
    add(t("Bonus: {bonus}", { bonus: pending.label || bonusLabel(pending) }), [
      ...resolve.map((a) => ({ label: t("Resolve now: {action}", { action: named(a, actionLabel(L, a, view)) }), action: a })),
      ...mine.filter((a) => a.kind === "ignore_bonus").map((a) => ({ label: t("Ignore it (gone for good)"), action: a, secondary: true })),
    ], t("Resolve it now, ignore it, or leave it for later this turn; ending the turn forfeits it."));
  }

  const rest = actions.filter((a) => a.kind !== "place_worker" && !TWO_LEVEL.has(a.kind) && a.bonus === undefined);
  add(t("Choose"), rest.filter((a) => !LAST.has(a.kind)).map((a) => ({ label: named(a, actionLabel(L, a, view)), action: a })));
  add(t("Or"), rest.filter((a) => LAST.has(a.kind)).map((a) => ({ label: named(a, actionLabel(L, a, view)), action: a, secondary: true })));
  return groups;
}

// view.choices[i] says what legal_actions[i] costs and brings: {label, detail, cost, payoff} (placeholder: true
// when it is); a build or department says its space's detail and its sector's apart (space_detail,
// sector_detail) and not the whole detail, which is those two joined (an older server sent it too).
const SEP = " — ";

// Each legal action (the very object of `actions`) -> its choice; nothing when the view's
// choices are not those of these actions (never a wrong cost under a button).
export function choiceIndex(view, actions) {
  const index = new Map();
  const list = view.choices || [];
  if (!actions || list.length !== actions.length) return index;
  actions.forEach((a, i) => { if (list[i]) index.set(a, list[i]); });
  return index;
}

// What the phone shows under an option's label.
export function costLine(choice) {
  if (!choice) return "";
  if (typeof choice.detail === "string") return choice.detail;
  if (typeof choice.space_detail === "string") return [choice.space_detail, choice.sector_detail].filter(Boolean).join(SEP);
  const s = choice.summary || "";  // a view kept from an older server: its summary begins with the label
  return s.startsWith(choice.label) ? s.slice(choice.label.length).replace(/^\s*—\s*/, "") : s;
}

// A space whose piece may come from several sectors: what the space costs and brings (the same for
// every one of its options), then the sector is chosen on the next screen.
export function spaceCostLine(options) {
  if (!options.length || options.some((c) => !c || typeof c.space_detail !== "string")) return "";
  const space = options[0].space_detail;
  if (!options.every((c) => c.space_detail === space)) return "";
  return [space, tn("then the piece from one of {n} sector", "then the piece from one of {n} sectors", options.length)].filter(Boolean).join(SEP);
}

// A sector button (the space chosen already): what taking the piece from that sector leaves.
const sectorLine = (choice) => (choice && typeof choice.sector_detail === "string" ? choice.sector_detail : costLine(choice));

function LazyEra2({ form }) {
  const [Form, setForm] = useState(null);
  useEffect(() => { import("./era2.js").then((m) => setForm(() => m.Era2Form)); }, []);
  return Form ? html`<${Form} form=${form} />` : html`<p>${t("Loading the Era II form…")}</p>`;
}

// Refused options, greyed: a tap shows the engine's reason and rule.  Asked once the options are on the
// screen (the server's GET /why-not, or the phone's own engine offline), not carried by every move; the
// section shows only when something is refused (no empty heading under the options).
function Unavailable({ game, L }) {
  const [open, setOpen] = useState(null);
  const [entries, setEntries] = useState(null);
  useEffect(() => {
    let live = true;
    // The labels and reasons said in the phone's language (the phone's engine answers with messages only).
    whyNot(game).then((r) => live && setEntries(localize(r.why_not || [])))
      .catch(() => live && setEntries([]));  // no answer (offline, no engine yet): nothing to list
    return () => { live = false; };
  }, []);
  if (!entries) return null;
  // Nothing refused: no section to see; a hidden one says the answer came (a test waits for it).
  if (!entries.length) return html`<details data-testid="why-not" data-count="0" hidden></details>`;
  return html`<details class="why-not" data-testid="why-not" data-count=${entries.length}>
    <summary>${t("Not available now ({count})", { count: entries.length })}</summary>
    <div class="stack">${entries.map((e, i) => html`<div key=${i}>
      <button class="unavailable" aria-expanded=${open === i} aria-controls=${`why-${i}`}
        onClick=${() => setOpen(open === i ? null : i)}><span class="option"><span>${refusedLabel(L, e)}</span><span class="cost">${t("not available — why?")}</span></span></button>
      ${open === i && html`<p class="why" id=${`why-${i}`} role="status">${e.reason.message}${e.reason.rule ? html` <span class="rule">(${t("rule")} <${RuleLink} id=${e.reason.rule} />)</span>` : ""}</p>`}
    </div>`)}</div></details>`;
}

// A refused candidate's name from the server's labels (GET /labels, in the phone's language) where they name it;
// else the why-not answer's own label (a sale, a bonus target: said from its message).
function refusedLabel(L, e) {
  const a = e.action || {};
  const named = a.kind === "place_worker" ? serverLabel(L, "centers", a.center)
    : a.kind === "build" || a.kind === "build_department" ? serverLabel(L, "spaces", a.space)
    : a.kind === "sell_local" ? serverLabel(L, "local_markets", a.market) : null;
  return named || e.label;
}

// What is paid and got reads first; the notes after them ("then a build in …") are smaller.
function Cost({ text }) {
  const parts = text.split(" — ");
  const n = parts.findIndex((p) => !/^(pays|gets|empties|sector)\b/.test(p));
  if (n <= 0) return html`<span class="cost">${text}</span>`;
  return html`<span class="cost">${parts.slice(0, n).join(" — ")}<span class="notes">${" — "}${parts.slice(n).join(" — ")}</span></span>`;
}

export function Recorder({ s }) {
  const view = s.game.view.view;
  const decision = view.decision;
  const [picked, setPicked] = useState(null);
  useEffect(() => setPicked(null), [decision && decision.id]);
  const choices = choiceIndex(view, s.game.view.legal_actions);
  if (s.game.role === "spectator" || s.game.view.role === "spectator") return html`<p class="hint">${t("Watching: read-only.")}</p>`;
  if (!decision) return null;
  const queued = s.outbox.length;
  if (queued && !s.game.view.local) {  // a local view already counts them (the phone's own engine)
    return html`<div class="card" role="status" data-testid="waiting">
      <p><strong>${tn("{n} move recorded on this phone, not yet confirmed by the server.", "{n} moves recorded on this phone, not yet confirmed by the server.", queued)}</strong></p>
      <p class="hint">${s.online === false
        ? tn("The next options come from the server once it is sent — when the connection is back.", "The next options come from the server once they are sent — when the connection is back.", queued)
        : tn("The next options come from the server once it is sent.", "The next options come from the server once they are sent.", queued)}</p>
    </div>`;
  }
  if (!s.labels && !s.labelsMissing) {  // the options wait for the board's names rather than flash their codes
    return html`<p class="hint" role="status" data-testid="recorder-waiting">${t("Getting the board's names…")}</p>`;
  }
  const groups = groupActions(s.labels, view, s.game.view.legal_actions, picked, choices);
  const detail = (b) => (b.sector ? sectorLine(choices.get(b.action)) : b.action ? costLine(choices.get(b.action))
    : b.options ? spaceCostLine(b.options.map((a) => choices.get(a))) : "");
  return html`<section aria-label=${t("Record the move")} data-testid="recorder">
    ${view.era2_form && html`<${LazyEra2} form=${view.era2_form} key=${decision.id} />`}
    ${picked && html`<button onClick=${() => setPicked(null)}>← ${t("Another space")}</button>`}
    ${groups.map((g) => html`<div role="group" aria-label=${g.title}>
      <h3>${g.title}</h3>${g.hint && html`<p class="hint">${g.hint}</p>`}
      <div class=${g.compact && !choices.size ? "grid3" : "stack"}>${g.buttons.map((b) => html`<button class=${b.secondary ? "" : "primary"}
        data-action=${b.action ? JSON.stringify(b.action) : undefined} data-pick=${b.pick}
        onClick=${() => (b.pick ? setPicked(b.pick) : record({ type: "action", action: b.action }))}>
        <span class="option"><span>${b.label}</span>${detail(b) && html`<${Cost} text=${detail(b)} />`}</span></button>`)}</div>
    </div>`)}
    ${!picked && html`<${Unavailable} game=${s.game} L=${s.labels} key=${`${s.game.game_id}:${s.game.view.version}`} />`}
  </section>`;
}

// For testing and odd cases: type an action as JSON (the server still judges it).
export function ManualAction() {
  const [text, setText] = useState("");
  const [bad, setBad] = useState(null);
  const submit = (e) => {
    e.preventDefault();
    let action;
    try { action = JSON.parse(text); } catch { return setBad(t("Not valid JSON.")); }
    setBad(null);
    record({ type: "action", action });
    setText("");
  };
  return html`<details><summary>${t("Manual action (advanced)")}</summary>
    <form onSubmit=${submit}>
      <label for="manual-action">${t("Action as JSON, e.g. {example}", { example: '{"kind": "place_worker", "center": "SK.A"}' })}</label>
      <textarea id="manual-action" value=${text} onInput=${(e) => setText(e.target.value)}></textarea>
      ${bad && html`<p class="banner error" role="alert">${bad}</p>`}
      <div class="stack"><button type="submit">${t("Send manual action")}</button></div>
    </form></details>`;
}
