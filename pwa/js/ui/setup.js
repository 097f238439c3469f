// Setup wizard: players → rules options → draws → create.  The app never
// checks the draws itself: the server validates them and its answer (with the
// rule) is shown on the step it concerns.
import { useEffect, useState } from "preact/hooks";
import { html } from "../html.js";
import { RuleLink } from "./rulelink.js";
import { NetworkError, api } from "../api.js";
import { compact, effectWords, loadLabels, tigerName, workerName } from "../labels.js";
import { canRunOffline } from "../offline/engine.js";
import { bundledEdition, createOffline } from "../offline/play.js";
import { rememberGame } from "../sync.js";
import { go } from "../router.js";
import { Problem } from "./common.js";
import { phoneDefault } from "../editions.js";
import { DRAWS, checkDraws, checkPlayers, colourName, placeProblem } from "./setupcheck.js";
import { t, tn } from "../i18n.js";

const STEPS = [t("Players"), t("Rules options"), t("Draws"), t("Create")];
const DEFAULT_NAMES = [1, 2, 3, 4].map((n) => t("Player {n}", { n }));

const RULES = [
  { key: "tiebreak_era2_tiger_ties", label: t("Era II ties on a Tiger"),
    values: [["chain", t("Chain: headquarters, then columns A, B, C, then final turn order")],
             ["turn_order", t("Turn order: the player earlier in the final turn order wins")]] },
  { key: "milestone_counts_on_space", label: t("Global-market milestone"),
    values: [[true, t("A marker on the milestone space counts as reaching it")],
             [false, t("Only a marker beyond the milestone space counts")]] },
  { key: "prosperity_from_influence_rounds", label: t("Prosperity from influence"),
    values: [[1, t("Scored once, at the end of the game")], [2, t("Scored twice: also on the tracks right after Era I's influence step")]] },
];

// "24 · 12" (the printed values for this player count) and "+3 influence" for the tokens.
function tokenOptions(L, kind, count) {
  if (kind === "prosperity_tokens") {
    return L.prosperity_tokens.map((tok) => {
      const v = ((L.prosperity_values || {})[tok] || {})[String(count)];
      return [tok, v ? v.join(" · ") : tok];
    });
  }
  const seen = {};
  const all = L.region_tokens.map((tok) => ((L.region_effects || {})[tok] ? effectWords(L.region_effects[tok]) : tok));
  return L.region_tokens.map((tok, i) => {
    const text = all[i];
    seen[text] = (seen[text] || 0) + 1;
    const total = all.filter((x) => x === text).length;
    return [tok, total > 1 ? t("{token} (token {n} of {total})", { token: text, n: seen[text], total }) : text];
  });
}


// Tap to assign: one row of buttons per target (a Tiger, a centre, a player); a value taken by one
// row is not offered to another when each is unique, and the last row is filled by itself once only
// one value is left for it (the table has nothing to choose there).
function Assign({ kind, rows, options, value, onChange, unique = true }) {
  const v = value || {};
  const pick = (row, opt) => {
    const next = { ...v, [row]: opt };
    const open = rows.filter((r) => !next[r.key]);
    const left = options.filter((o) => !Object.values(next).includes(o[0]));
    if (unique && open.length === 1 && left.length === 1) next[open[0].key] = left[0][0];
    onChange(next);
  };
  return html`<div class="stack">${rows.map((r) => html`<div role="group" aria-labelledby=${`${kind}-${r.key}-l`} id=${`${kind}-${r.key}`} tabindex="-1">
    <p id=${`${kind}-${r.key}-l`}><strong>${r.label}</strong>: ${(options.find((o) => o[0] === v[r.key]) || [null, "—"])[1]}</p>
    <div class="row">${options.map(([val, text]) => html`<button type="button" class="small choice" aria-pressed=${v[r.key] === val}
      disabled=${unique && v[r.key] !== val && Object.values(v).includes(val)}
      onClick=${() => pick(r.key, val)} aria-label=${`${text}: ${r.label}`}>${text}</button>`)}</div></div>`)}</div>`;
}

const PAIRS = (types) => types.flatMap((a, i) => types.slice(i + 1).map((b) => [a, b]));

function DrawEntry({ kind, L, players, value, onChange, count, entry }) {
  const tigers = Object.keys(L.tigers).map((k) => ({ key: k, label: tigerName(L, k) }));
  const seats = players.map((p, seat) => ({ key: String(seat), label: p.name }));
  const worker = (w) => workerName(L, w);
  if (kind === "prosperity_tokens" || kind === "region_tokens") {
    return html`<${Assign} kind=${kind} rows=${tigers} options=${tokenOptions(L, kind, count)} value=${value} onChange=${onChange} />`;
  }
  if (kind === "setup_workers") {  // SETUP-06: one worker of each type, shuffled
    return html`<p class="hint">${t("Centre A of the Tiger with the highest prosperity token, B of the second, C of the third.")}</p>
      <${Assign} kind="sw" rows=${["A", "B", "C"].map((c) => ({ key: c, label: t("Centre {c}", { c }) }))}
        options=${L.worker_types.map((w) => [w, worker(w)])} value=${value} onChange=${onChange} />`;
  }
  if (kind === "turn_order") {  // SETUP-11: tap the players as their discs come out of the bag
    const list = value || [];
    const add = (seat) => {
      const next = [...list, seat];
      const rest = seats.filter((p) => !next.includes(p.key));
      onChange(rest.length === 1 ? [...next, rest[0].key] : next);
    };
    return html`<p id="to-0" tabindex="-1">${t("Tap the players in the order their discs were drawn:")}
      <strong data-testid="turn-order">${list.map((seat) => players[Number(seat)].name).join(", ") || "—"}</strong></p>
      <div class="row">${seats.map((p) => html`<button type="button" class="small" disabled=${list.includes(p.key)}
        onClick=${() => add(p.key)} aria-label=${t("Disc drawn: {player}", { player: p.label })}>${p.label}</button>`)}
        <button type="button" class="small" disabled=${!list.length} onClick=${() => onChange([])} aria-label=${t("Start the turn order again")}>${t("Again")}</button></div>`;
  }
  if (kind === "starting_goods") {  // PSETUP-06: one each, dealt from the four
    return html`<${Assign} kind="sg" rows=${seats} options=${L.starting_goods.map((g) => [g, (L.goods || {})[g] || g])} value=${value}
      onChange=${onChange} />`;
  }
  // workers: per seat the set-aside pair (two different types, PSETUP-03) and, unless each worker's type is
  // said at placement, the team sequence tapped left to right (PSETUP-04).
  return html`${entry === "stated" && html`<p class="hint">${t("Team areas: nothing to enter now — each worker's type is said when it is placed.")}</p>`}
  ${players.map((p, seat) => {
    const w = (value && value[seat]) || {};
    const setW = (patch) => onChange({ ...(value || {}), [String(seat)]: { ...w, ...patch } });
    const team = w.team || [];
    const pair = (w.set_aside || []).join("+");
    return html`<fieldset><legend>${p.name}</legend>
      <div role="group" id=${`sa-${seat}-0`} tabindex="-1" aria-label=${t("{player}: the two set-aside workers", { player: p.name })}><p>${t("Set aside:")}</p>
        <div class="row">${PAIRS(L.worker_types).map(([a, b]) => html`<button type="button" class="small choice" aria-pressed=${pair === `${a}+${b}`}
          onClick=${() => setW({ set_aside: [a, b] })} aria-label=${t("{player} set aside: {a} + {b}", { player: p.name, a: worker(a), b: worker(b) })}>${worker(a)} + ${worker(b)}</button>`)}</div></div>
      ${entry !== "stated" && html`<p><strong>${t("Team area")}</strong> (${team.length}/${L.team_slots}): <span data-testid=${`team-${seat}`}>${team.map(worker).join(", ") || "—"}</span></p>
      <div class="row" id=${`team-add-${seat}`} tabindex="-1">${L.worker_types.map((w) => html`<button type="button" class="small" disabled=${team.length >= L.team_slots}
        onClick=${() => setW({ team: [...team, w] })} aria-label=${t("Add {worker} to {player}'s team", { worker: worker(w), player: p.name })}>+ ${worker(w)}</button>`)}
        <button type="button" class="small" disabled=${!team.length} onClick=${() => setW({ team: team.slice(0, -1) })}
          aria-label=${t("Remove the last worker of {player}'s team", { player: p.name })}>⌫</button></div>`}
    </fieldset>`;
  })}`;
}

export function Setup() {
  const [L, setL] = useState(null);
  const [step, setStep] = useState(0);
  const [count, setCount] = useState(2);
  const [players, setPlayers] = useState([]);
  const [rules, setRules] = useState({});
  const [neutral, setNeutral] = useState(false);
  const [entry, setEntryState] = useState("sequence");
  const [entryChosen, setEntryChosen] = useState(false);  // the person picked the worker entry themselves
  const setEntry = (e) => setEntryState(e);
  const chooseEntry = (e) => { setEntryChosen(true); setEntryState(e); };
  const [mode, setMode] = useState({});  // draw kind -> "app" | "table"
  const [draws, setDraws] = useState({});
  const [error, setError] = useState(null);
  const [problems, setProblems] = useState([]);
  const [busy, setBusy] = useState(false);
  const [seed, setSeed] = useState("");
  const [edition, setEdition] = useState(null);  // this phone's own default edition (editions screen)
  // Jump to the field at fault once the step with it is on screen.
  const [focusId, setFocusId] = useState(null);
  useEffect(() => {
    if (!focusId) return;
    const el = document.getElementById(focusId) || document.getElementById("step-problems");
    if (el) { el.focus(); el.scrollIntoView({ block: "center" }); }
    setFocusId(null);
  }, [focusId, step]);

  useEffect(() => { phoneDefault("asian_tigers").then((d) => setEdition(d || null)); }, []);
  useEffect(() => {
    // Offline with nothing cached: the names come from the edition in this phone's engine bundle.
    loadLabels(null).catch((err) => (canRunOffline() ? bundledEdition().then(compact) : Promise.reject(err))).then((labels) => {
      setL(labels);
      setRules({ ...labels.rules_options });
      setPlayers(DEFAULT_NAMES.map((name, i) => ({ name, color: labels.player_colors[i] })));
    }).catch(() => setError({ detail: t("No server answered: a new game needs a connection.") }));
  }, []);
  if (!L) return html`<main class="screen"><nav class="nav" aria-label=${t("Back")}><a href="#/">${t("Home")}</a></nav>
    <h1 tabindex="-1">${t("New game")}</h1><${Problem} error=${error} />${!error && html`<p>${t("Loading…")}</p>`}</main>`;

  const chosen = players.slice(0, count);
  // A table that draws its own workers says each one's type as it is placed (the engine's "stated" entry):
  // no team sequence to tap in at setup, nor at Era II.  The rules options step can switch it back.
  const tableDrew = (kinds) => {
    setMode({ ...mode, ...Object.fromEntries(kinds.map((k) => [k, "table"])) });
    if (kinds.includes("workers") && !entryChosen) setEntry("stated");
  };
  const setPlayer = (i, patch) => setPlayers(players.map((p, j) => (j === i ? { ...p, ...patch } : p)));

  const body = () => {
    const setup = {};
    for (const [kind] of DRAWS) if (mode[kind] === "table" && draws[kind] !== undefined) setup[kind] = draws[kind];
    const options = { players: chosen.map((p) => ({ name: p.name.trim() || p.color, color: p.color })), rules_options: rules };
    if (count === 3) options.advanced_neutral = neutral;
    // "sequence" is the engine's default: only send the choice when it differs.
    if (entry !== "sequence") options.worker_entry = entry;
    if (Object.keys(setup).length) options.setup = setup;
    const req = { game: "asian_tigers", options };
    if (/^\d+$/.test(seed.trim())) req.seed = Number(seed.trim());
    if (edition) req.edition_id = edition.edition_id;
    return req;
  };

  const create = async () => {
    setBusy(true); setError(null); setProblems([]);
    try {
      const { data } = await api.createGame(body());
      await rememberGame({ game_id: data.game_id, token: data.table_token, join_code: data.join_code, view: data.game });
      go(`#/g/${data.game_id}`);
    } catch (err) {
      if (err instanceof NetworkError && canRunOffline()) {  // no signal: this phone's engine starts the game
        const made = await createOffline(body().options, body().seed).catch((e) => ({ problem: { detail: e.message } }));
        if (!made.problem) return go(`#/g/${made.game_id}`);
        return setError(made.problem);
      }
      const placed = err.problem && placeProblem(err.problem, chosen);
      if (placed) { setStep(placed.step); setProblems([placed]); setFocusId("step-problems"); }
      else setError(err.problem ? err : { detail: t("No server answered: a new game needs a connection.") });
    } finally { setBusy(false); }
  };

  // "Next": the step's checks first; the problems are listed and focus goes to the first field at fault.
  const next = () => {
    const found = step === 0 ? checkPlayers(chosen) : step === 2 ? checkDraws(mode, draws, L, chosen, entry) : [];
    setProblems(found);
    if (found.length) { setFocusId("step-problems"); return; }
    if (step < 3) setStep(step + 1); else create();
  };
  const bad = new Set(problems.map((p) => p.id));
  const inv = (id) => (bad.has(id) ? { "aria-invalid": "true", "aria-describedby": "step-problems" } : {});

  const pages = [
    html`<fieldset><legend>${t("How many players?")}</legend><div class="grid3">
        ${[2, 3, 4].map((n) => html`<button type="button" class="choice" aria-pressed=${count === n} onClick=${() => setCount(n)}>${n}</button>`)}
      </div></fieldset>
      ${chosen.map((p, i) => html`<fieldset><legend>${t("Player {n}", { n: i + 1 })}</legend>
        <label for=${`name-${i}`}>${t("Name")}</label>
        <input id=${`name-${i}`} value=${p.name} maxlength="40" onInput=${(e) => setPlayer(i, { name: e.target.value })} ...${inv(`name-${i}`)} />
        <label for=${`color-${i}`}>${t("Colour")}</label>
        <select id=${`color-${i}`} value=${p.color} onChange=${(e) => setPlayer(i, { color: e.target.value })} ...${inv(`color-${i}`)}>
          ${L.player_colors.map((c) => html`<option value=${c}>${colourName(c)}</option>`)}</select>
      </fieldset>`)}`,
    html`${RULES.map((r) => html`<fieldset><legend>${r.label}</legend>
        ${r.values.map(([v, text]) => html`<label class="radio"><input type="radio" name=${r.key} checked=${rules[r.key] === v}
          onChange=${() => setRules({ ...rules, [r.key]: v })} />${text}</label>`)}</fieldset>`)}
      ${count === 3 && html`<fieldset><legend>${t("Neutral player (3 players)")}</legend>
        <label class="radio"><input type="checkbox" checked=${neutral} onChange=${(e) => setNeutral(e.target.checked)} />
          ${t("Advanced neutral: starts with more influence and parts factories")}</label></fieldset>`}
      <fieldset><legend>${t("Worker entry")}</legend>
        <label class="radio"><input type="radio" name="entry" checked=${entry === "sequence"} onChange=${() => chooseEntry("sequence")} />
          ${t("Sequence: the team area's order is recorded (or drawn) once at setup")}</label>
        <label class="radio"><input type="radio" name="entry" checked=${entry === "stated"} onChange=${() => chooseEntry("stated")} />
          ${t("Stated: say each worker's type as it is placed")}</label></fieldset>`,
    html`<p class="hint">${t("For each draw: let the app draw it, or enter what the table drew.")}</p>
      <div class="stack"><button type="button" class="choice" aria-pressed=${DRAWS.every(([k]) => mode[k] === "table")}
        onClick=${() => tableDrew(DRAWS.map(([k]) => k))}>${t("The table drew everything")}</button></div>
      ${DRAWS.map(([kind, label]) => html`<fieldset id=${`draw-${kind}`} tabindex="-1"><legend>${label}</legend>
        <div class="grid2">
          <button type="button" class="choice" aria-pressed=${mode[kind] !== "table"} onClick=${() => setMode({ ...mode, [kind]: "app" })}>${t("App draws")}</button>
          <button type="button" class="choice" aria-pressed=${mode[kind] === "table"} onClick=${() => tableDrew([kind])}>${t("Table drew")}</button>
        </div>
        ${mode[kind] === "table" && html`<${DrawEntry} kind=${kind} L=${L} players=${chosen} value=${draws[kind]} count=${count}
          entry=${entry} onChange=${(v) => setDraws({ ...draws, [kind]: v })} />`}
      </fieldset>`)}
      <label for="seed">${t("Seed for the app's draws (optional: the same seed gives the same draws)")}</label>
      <input id="seed" inputmode="numeric" value=${seed} onInput=${(e) => setSeed(e.target.value)} />`,
    html`<div class="card"><p><strong>${tn("{n} player:", "{n} players:", count)}</strong> ${chosen.map((p) => `${p.name} (${colourName(p.color)})`).join(", ")}</p>
      <ul data-testid="setup-summary">${RULES.map((r) => html`<li>${r.label}: ${(r.values.find(([v]) => v === rules[r.key]) || [null, String(rules[r.key])])[1]}</li>`)}
        ${count === 3 && html`<li>${neutral ? t("Neutral player: advanced (more influence, parts factories)") : t("Neutral player: basic")}</li>`}
        <li>${entry === "stated" ? t("Workers: each one's type is said as it is placed") : t("Workers: the team area's order is recorded at setup")}</li></ul>
      <p data-testid="setup-edition">${edition ? t("Edition: {name}", { name: edition.name }) : t("Edition: the server's default")} (<a href="#/editions">${t("change")}</a>)</p>
      <p>${t("Draws entered by the table: {draws}", { draws: DRAWS.filter(([k]) => mode[k] === "table").map(([, l]) => l).join("; ") || t("none (the app draws everything)") })}</p></div>`,
  ];

  return html`<main class="screen">
    <nav class="nav" aria-label=${t("Back")}><a href="#/">${t("Home")}</a></nav>
    <h1 tabindex="-1">${t("New game")}</h1>
    <p class="hint" aria-live="polite">${t("Step {n} of {total}:", { n: step + 1, total: STEPS.length })} <strong>${STEPS[step]}</strong></p>
    <form onSubmit=${(e) => { e.preventDefault(); next(); }} novalidate>
      ${problems.length > 0 && html`<div class="banner error" role="alert" id="step-problems" tabindex="-1" data-testid="step-problems">
        <p>${tn("Please fix this first:", "Please fix these {n} first:", problems.length)}</p>
        <ul>${problems.map((p) => html`<li><a href=${`#${p.id}`} onClick=${(e) => { e.preventDefault(); setFocusId(p.id); }}>${p.text}</a>${
          p.rule ? html` <span class="hint">(${t("rule")} <${RuleLink} id=${p.rule} />)</span>` : ""}</li>`)}</ul></div>`}
      ${pages[step]}
      <${Problem} error=${error} />
      <div class="grid2 sticky-bottom">
        <button type="button" onClick=${() => { setProblems([]); step ? setStep(step - 1) : go("#/"); }}>${step ? t("Back") : t("Cancel")}</button>
        <button class="primary" type="submit" disabled=${busy}>${step < 3 ? t("Next") : t("Create game")}</button>
      </div>
    </form>
  </main>`;
}
