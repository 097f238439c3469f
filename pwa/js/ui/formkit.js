// What the three scorer forms share.  The form's state IS the request body: every
// field is bound to the JSON pointer of its value, so when the server refuses the
// input (422 problem+json naming a `path`) the reason shows next to that field.
// No rules here: the server checks everything and explains every number.
import { createContext } from "preact";
import { useContext, useEffect, useState } from "preact/hooks";
import { html } from "../html.js";
import { RuleLink } from "./rulelink.js";
import { localize, t, tn } from "../i18n.js";
import * as db from "../db.js";
import { ApiError, api } from "../api.js";
import * as scorings from "../scorings.js";
import { phoneDefault } from "../editions.js";
import { call, canRunOffline, EngineStalled } from "../offline/engine.js";

// ------------------------------------------------------------------ JSON pointers
const esc = (k) => String(k).replace(/~/g, "~0").replace(/\//g, "~1");
export const ptr = (...keys) => keys.map((k) => "/" + esc(k)).join("");
const keysOf = (path) => path.split("/").slice(1).map((k) => k.replace(/~1/g, "/").replace(/~0/g, "~"));

export const getIn = (obj, path) => keysOf(path).reduce((o, k) => (o == null ? undefined : o[k]), obj);

// A copy of obj with the value at path replaced (an object key is removed when value is undefined).
export function setIn(obj, path, value) {
  const put = (o, [k, ...rest]) => {
    const copy = Array.isArray(o) ? [...o] : { ...(o || {}) };
    if (rest.length) copy[k] = put(copy[k], rest);
    else if (value === undefined && !Array.isArray(copy)) delete copy[k];
    else copy[k] = value;
    return copy;
  };
  return put(obj, keysOf(path));
}

export const fieldId = (path) => "f" + path.replace(/[^A-Za-z0-9]/g, (c) => "_" + c.charCodeAt(0).toString(16));

// ------------------------------------------------------------------ fields
const Ctx = createContext(null);
export const FormProvider = ({ value, children }) => html`<${Ctx.Provider} value=${value}>${children}</${Ctx.Provider}>`;
export const useForm = () => useContext(Ctx);

// The problems of a refusal, each {path, message, field, rule}: the server lists them all (`problems`);
// an older answer names one.
export function problemsOf(p) {
  if (!p) return [];
  if (Array.isArray(p.problems) && p.problems.length) return p.problems;
  const own = p.errors && p.errors[p.path];
  return p.path ? [{ path: p.path, message: (own && own[0]) || p.detail || "", field: p.field, rule: p.rule }] : [];
}

// One problem in words: the value it names (never a JSON pointer) when it is not the field itself.
const said = (x, path) => (x.path !== path && x.field ? `${x.field}: ${x.message}` : x.message);

// The server's reasons, under the field they name (or the closest enclosing group).
export function FieldError({ path }) {
  const f = useForm();
  const here = f && f.targets && f.targets[path];
  if (!here) return null;
  return html`<div class="field-error" id=${fieldId(path) + "-err"}>${here.map((x, k) => html`<p key=${k}>${said(x, path)}
    ${x.rule ? html` <span class="rule">(${t("rule")} <${RuleLink} id=${x.rule} />)</span>` : ""}</p>`)}</div>`;
}

function bind(path) {
  const f = useForm();
  const id = fieldId(path);
  const bad = !!(f.targets && f.targets[path]);
  return { f, id, cls: bad ? "field bad" : "field", value: getIn(f.body, path),
           attrs: { id, "data-path": path, "aria-invalid": bad ? "true" : undefined,
                    "aria-describedby": bad ? id + "-err" : undefined } };
}

// A whole number.  Blank stores `empty` ("" by default: the server then names the field).
// `onFocus` (also on a tap on the focused field) and `inputmode` let a form offer its own number pad (numpad.js).
export function Num({ path, label, empty = "", min = 0, max, onFocus, inputmode = "numeric" }) {
  const { f, id, cls, value, attrs } = bind(path);
  return html`<div class=${cls}><label for=${id}>${label}</label>
    <input ...${attrs} type="number" inputmode=${inputmode} min=${min} max=${max} value=${value ?? ""} onFocus=${onFocus} onClick=${onFocus}
      onInput=${(e) => f.set(path, e.target.value === "" ? empty : Number(e.target.value))} />
    <${FieldError} path=${path} /></div>`;
}

// Free text; `onCommit` (on change, i.e. when leaving the field) replaces the plain set, e.g. to rename an id everywhere.
export function Text({ path, label, onCommit, list, placeholder, autocomplete = "off" }) {
  const { f, id, cls, value, attrs } = bind(path);
  const [draft, setDraft] = useState(null);
  return html`<div class=${cls}><label for=${id}>${label}</label>
    <input ...${attrs} type="text" list=${list} placeholder=${placeholder} autocomplete=${autocomplete}
      value=${draft ?? value ?? ""} onInput=${(e) => (onCommit ? setDraft(e.target.value) : f.set(path, e.target.value))}
      onChange=${(e) => { if (onCommit) { onCommit(e.target.value.trim()); setDraft(null); } }} />
    <${FieldError} path=${path} /></div>`;
}

// options: [[value, label]]; the blank option (label `blank`) stores null.
export function Sel({ path, label, options, blank, parse = (v) => v }) {
  const { f, id, cls, value, attrs } = bind(path);
  return html`<div class=${cls}><label for=${id}>${label}</label>
    <select ...${attrs} value=${value == null ? "" : String(value)}
      onChange=${(e) => f.set(path, e.target.value === "" ? null : parse(e.target.value))}>
      ${blank != null && html`<option value="">${blank}</option>`}
      ${options.map(([v, l]) => html`<option value=${String(v)}>${l}</option>`)}
    </select><${FieldError} path=${path} /></div>`;
}

// One choice among a few, as big radio rows.
export function Radios({ path, legend, options, onPick }) {
  const { f, id, value } = bind(path);
  return html`<fieldset data-path=${path} id=${id}><legend>${legend}</legend>
    ${options.map(([v, l]) => html`<label class="radio"><input type="radio" name=${id} checked=${value === v}
      onChange=${() => (onPick ? onPick(v) : f.set(path, v))} /> ${l}</label>`)}
    <${FieldError} path=${path} /></fieldset>`;
}

// A fieldset that also receives the errors of its group (e.g. "/participants/Red/flags/A").
export function Group({ path, legend, children }) {
  const f = useForm();
  return html`<fieldset data-path=${path} id=${path ? fieldId(path) : undefined}
    aria-describedby=${path && f && f.targets && f.targets[path] ? fieldId(path) + "-err" : undefined}>
    <legend>${legend}</legend>${children}${path && html`<${FieldError} path=${path} />`}</fieldset>`;
}

// ------------------------------------------------------------------ the scoring cycle
// The closest field (or group) on screen for a JSON pointer: the pointer itself or a parent.
function closest(path) {
  for (let p = path || ""; p; p = p.slice(0, p.lastIndexOf("/"))) {
    if (document.querySelector(`[data-path="${CSS.escape(p)}"]`)) return p;
  }
  return null;
}

// State, submit, save and reopen of one scorer.  `blank()` is a fresh body; `game`
// names the endpoint; `params.h` reopens an entry of the history; `mode` (an entry
// mode such as "end_only") keeps a draft of its own and reopens only its own entries.
export function useScorer(game, params, blank, summarize, mode = null) {
  const draftKey = mode ? `scorer-draft:${game}:${mode}` : `scorer-draft:${game}`;
  const [body, setBody] = useState(null);
  const [result, setResult] = useState(null);
  const [problem, setProblem] = useState(null);
  const [target, setTarget] = useState(null); // the first problem's field: focus goes there
  const [targets, setTargets] = useState({});  // field path on screen → the problems shown under it
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(null);
  const [editing, setEditing] = useState(false);

  useEffect(() => {
    let live = true;
    (async () => {
      const entry = params.h ? await scorings.get(params.h) : null;
      if (entry && entry.game === game && ((entry.input && entry.input.mode) || null) === mode) {
        if (!live) return;
        setBody(entry.input); setResult(entry.result); setSaved(entry.id); setEditing(false);
        return;
      }
      const draft = await db.get("kv", draftKey);
      if (live) setBody(draft || blank());
    })();
    return () => { live = false; };
  }, [params.h]);

  // Move to the field the server named (opening its collapsed section).
  const show = () => {
    const el = target && document.querySelector(`[data-path="${CSS.escape(target)}"]`);
    if (!el) return;
    for (let d = el.closest("details"); d; d = d.parentElement && d.parentElement.closest("details")) d.open = true;
    el.scrollIntoView({ block: "center" });
    (el.matches("input, select") ? el : el.querySelector("input, select, button") || el).focus();
  };
  useEffect(() => { if (target) show(); }, [target, problem]);

  const replace = (next) => {
    setBody(next);
    db.put("kv", next, draftKey).catch(() => {});
  };
  // A refusal: every problem under the closest field on screen, the focus on the first.
  const refuse = (p) => {
    setProblem(p);
    const all = {};
    for (const x of problemsOf(p)) { const at = closest(x.path); if (at) (all[at] = all[at] || []).push(x); }
    setTargets(all);
    setTarget(Object.keys(all)[0] || null);
  };
  const set = (path, value) => {
    if (targets[path]) {  // changing a field clears its own reasons; the others stay
      const rest = { ...targets };
      delete rest[path];
      setTargets(rest);
      if (!Object.keys(rest).length) { setProblem(null); setTarget(null); }
    }
    replace(setIn(body, path, value));
  };

  // `override`: score another body than the form's (a live step before it joins the form); `keep` keeps the form open.
  const submit = async (e, override = null, keep = false) => {
    e && e.preventDefault && e.preventDefault();
    setBusy(true); setProblem(null); setTarget(null); setTargets({});
    try {
      const own = await phoneDefault(game).catch(() => null);
      const { data } = await api.score(game, override || body, own && own.edition_id);
      const sent = override || body; // its names are offered as one tap in the next scoring (recent.js, not in the shell)
      import("./recent.js").then((m) => m.rememberTable(m.namesOf(sent))).catch(() => {});
      setResult(data); setSaved(null); setEditing(keep);
      if (!keep) window.scrollTo(0, 0);
      return data;
    } catch (err) {
      if (err instanceof ApiError) {
        refuse({ ...err.problem, detail: err.detail, code: err.code, rule: err.rule });
      } else if (canRunOffline()) {  // no server: this phone's copy of the same scorer
        let stalled = null;
        const answer = await call("score_json", game, JSON.stringify(override || body))
          .catch((err) => { if (err instanceof EngineStalled) stalled = err; return null; });
        if (answer && answer.ok) { setResult(answer.result); setSaved(null); setEditing(keep); if (!keep) window.scrollTo(0, 0); return answer.result; }
        else if (answer) refuse(localize(answer.problem)); // the offline engine's reasons, in the phone's language
        else if (stalled) setProblem({ detail: t("No server answered. {reason} Your entries are kept.", { reason: stalled.message }) });
        else setProblem({ detail: t("No server answered and this phone's engine did not start. Your entries are kept.") });
      } else {
        setProblem({ detail: t("No server answered: scoring needs a connection (or this phone made ready for offline). Your entries are kept on this phone.") });
      }
      return null;
    } finally { setBusy(false); }
  };

  const save = async () => {
    setSaved(await scorings.save({ game, input: body, result, summary: summarize(result) }));
  };
  const restart = () => { replace(blank()); setResult(null); setSaved(null); setProblem(null); setTarget(null); setTargets({}); };
  return { body, set, replace, result, setResult, problem, target, targets, busy, saved, submit, save, restart, show,
           showResult: !!result && !editing, edit: () => { setEditing(true); setResult(null); window.scrollTo(0, 0); } };
}

// The submit bar at the bottom of a form.  A refusal lists every problem in words just above it, in the page (not
// sticky: a long list never covers the form); the sticky bar keeps one line, "3 values need a look — show", that
// jumps to the list.
export function SubmitBar({ s, label = t("Score") }) {
  const listed = problemsOf(s.problem);
  const go = (path) => { const el = document.querySelector(`[data-path="${CSS.escape(path)}"]`);
    if (el) { el.scrollIntoView({ block: "center" }); (el.matches("input, select") ? el : el.querySelector("input, select, button") || el).focus(); } };
  const toList = () => { const el = document.getElementById("scorer-problems"); if (el) { el.scrollIntoView({ block: "start" }); el.focus(); } };
  return html`${s.problem && s.target && html`<div class="banner error problem-list" role="alert" data-testid="scorer-problem"
      id="scorer-problems" tabindex="-1">
      <p>${tn("Not scored: one value needs a look.", "Not scored: {n} values need a look.", listed.length)}</p>
      <ul class="problems">${listed.map((x, k) => html`<li key=${k}>
        <button type="button" class="link" onClick=${() => go(Object.keys(s.targets).find((t) => s.targets[t].includes(x)) || s.target)}>
          ${x.field ? `${x.field}: ` : ""}${x.message}${x.rule ? ` (${t("rule")} ${x.rule})` : ""}</button></li>`)}</ul></div>`}
    <div class="sticky-bottom">
    ${s.problem && s.target && html`<button type="button" class="link problem-line" data-testid="problem-summary"
      onClick=${toList}>${tn("1 value needs a look — show", "{n} values need a look — show", listed.length)}</button>`}
    ${s.problem && !s.target && html`<div class="banner error" role="alert" data-testid="scorer-problem">
      <div>${s.problem.detail}</div>${s.problem.rule ? html`<div>${t("Rule")} <${RuleLink} id=${s.problem.rule} /></div>` : ""}</div>`}
    <button class="primary" type="submit" style="width:100%" disabled=${s.busy}>${s.busy ? t("Scoring…") : label}</button>
  </div>`;
}

// The result screen's actions: save to the history, back to the input, start again.
export function ResultActions({ s }) {
  return html`<div class="stack" style="margin-top:1rem">
    ${s.saved ? html`<p class="banner ok" role="status"><a href="#/history">${t("Saved in the table's history.")}</a></p>`
      : html`<button class="primary" onClick=${s.save}>${t("Save to history")}</button>`}
    <button onClick=${s.edit}>${t("Change the input")}</button>
    <button onClick=${() => confirm(t("Start a new scoring? The current input is cleared.")) && s.restart()}>${t("New scoring")}</button>
  </div>`;
}

// The frame of a scorer screen: back links and the heading (focused on arrival), and one live region
// that stays on screen from the form to the result, so the result is read out: `announce`, else the
// winner line of a result sheet once it shows.
export function ScorerFrame({ title, children, announce }) {
  const [said, setSaid] = useState("");
  useEffect(() => {
    const h = document.querySelector("main h1");
    h && h.focus();
    const winner = document.querySelector("main [data-testid=winner]");
    setSaid(winner ? winner.textContent.trim() : "");
  }, [title]);
  return html`<main class="screen scorer">
    <nav class="nav" aria-label=${t("Back")}><a href="#/">${t("Home")}</a><a href="#/history">${t("History")}</a></nav>
    <h1 tabindex="-1">${title}</h1><p class="sr-only" role="status" data-testid="scorer-announce">${announce || said}</p>
    ${children}</main>`;
}
