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
import { DRAWS, checkDraws, checkPlayers, placeProblem } from "./setupcheck.js";

const STEPS = ["Players", "Rules options", "Draws", "Create"];
const DEFAULT_NAMES = ["Player 1", "Player 2", "Player 3", "Player 4"];

const RULES = [
  { key: "tiebreak_era2_tiger_ties", label: "Era II ties on a Tiger",
    values: [["chain", "Chain: headquarters, then columns A, B, C, then final turn order"],
             ["turn_order", "Turn order: the player earlier in the final turn order wins"]] },
  { key: "milestone_counts_on_space", label: "Global-market milestone",
    values: [[true, "A marker on the milestone space counts as reaching it"],
             [false, "Only a marker beyond the milestone space counts"]] },
  { key: "prosperity_from_influence_rounds", label: "Prosperity from influence",
    values: [[1, "Scored once, at the end of the game"], [2, "Scored twice: also on the tracks right after Era I's influence step"]] },
];

// "24 · 12" (the printed values for this player count) and "+3 influence" for the tokens.
function tokenOptions(L, kind, count) {
  if (kind === "prosperity_tokens") {
    return L.prosperity_tokens.map((t) => {
      const v = ((L.prosperity_values || {})[t] || {})[String(count)];
      return [t, v ? v.join(" · ") : t];
    });
  }
  const seen = {};
  const all = L.region_tokens.map((t) => ((L.region_effects || {})[t] ? effectWords(L.region_effects[t]) : t));
  return L.region_tokens.map((t, i) => {
    const text = all[i];
    seen[text] = (seen[text] || 0) + 1;
    const total = all.filter((x) => x === text).length;
    return [t, total > 1 ? `${text} (token ${seen[text]} of ${total})` : text];
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
  const tigers = Object.keys(L.tigers).map((t) => ({ key: t, label: tigerName(L, t) }));
  const seats = players.map((p, seat) => ({ key: String(seat), label: p.name }));
  const worker = (w) => workerName(L, w);
  if (kind === "prosperity_tokens" || kind === "region_tokens") {
    return html`<${Assign} kind=${kind} rows=${tigers} options=${tokenOptions(L, kind, count)} value=${value} onChange=${onChange} />`;
  }
  if (kind === "setup_workers") {  // SETUP-06: one worker of each type, shuffled
    return html`<p class="hint">Centre A of the Tiger with the highest prosperity token, B of the second, C of the third.</p>
      <${Assign} kind="sw" rows=${["A", "B", "C"].map((c) => ({ key: c, label: `Centre ${c}` }))}
        options=${L.worker_types.map((w) => [w, worker(w)])} value=${value} onChange=${onChange} />`;
  }
  if (kind === "turn_order") {  // SETUP-11: tap the players as their discs come out of the bag
    const list = value || [];
    const add = (seat) => {
      const next = [...list, seat];
      const rest = seats.filter((p) => !next.includes(p.key));
      onChange(rest.length === 1 ? [...next, rest[0].key] : next);
    };
    return html`<p id="to-0" tabindex="-1">Tap the players in the order their discs were drawn:
      <strong data-testid="turn-order">${list.map((seat) => players[Number(seat)].name).join(", ") || "—"}</strong></p>
      <div class="row">${seats.map((p) => html`<button type="button" class="small" disabled=${list.includes(p.key)}
        onClick=${() => add(p.key)} aria-label=${`Disc drawn: ${p.label}`}>${p.label}</button>`)}
        <button type="button" class="small" disabled=${!list.length} onClick=${() => onChange([])} aria-label="Start the turn order again">Again</button></div>`;
  }
  if (kind === "starting_goods") {  // PSETUP-06: one each, dealt from the four
    return html`<${Assign} kind="sg" rows=${seats} options=${L.starting_goods.map((g) => [g, g])} value=${value}
      onChange=${onChange} />`;
  }
  // workers: per seat the set-aside pair (two different types, PSETUP-03) and, unless each worker's type is
  // said at placement, the team sequence tapped left to right (PSETUP-04).
  return html`${entry === "stated" && html`<p class="hint">Team areas: nothing to enter now — each worker's type is said when it is placed.</p>`}
  ${players.map((p, seat) => {
    const w = (value && value[seat]) || {};
    const setW = (patch) => onChange({ ...(value || {}), [String(seat)]: { ...w, ...patch } });
    const team = w.team || [];
    const pair = (w.set_aside || []).join("+");
    return html`<fieldset><legend>${p.name}</legend>
      <div role="group" id=${`sa-${seat}-0`} tabindex="-1" aria-label=${`${p.name}: the two set-aside workers`}><p>Set aside:</p>
        <div class="row">${PAIRS(L.worker_types).map(([a, b]) => html`<button type="button" class="small choice" aria-pressed=${pair === `${a}+${b}`}
          onClick=${() => setW({ set_aside: [a, b] })} aria-label=${`${p.name} set aside: ${worker(a)} + ${worker(b)}`}>${worker(a)} + ${worker(b)}</button>`)}</div></div>
      ${entry !== "stated" && html`<p><strong>Team area</strong> (${team.length}/${L.team_slots}): <span data-testid=${`team-${seat}`}>${team.map(worker).join(", ") || "—"}</span></p>
      <div class="row" id=${`team-add-${seat}`} tabindex="-1">${L.worker_types.map((t) => html`<button type="button" class="small" disabled=${team.length >= L.team_slots}
        onClick=${() => setW({ team: [...team, t] })} aria-label=${`Add ${worker(t)} to ${p.name}'s team`}>+ ${worker(t)}</button>`)}
        <button type="button" class="small" disabled=${!team.length} onClick=${() => setW({ team: team.slice(0, -1) })}
          aria-label=${`Remove the last worker of ${p.name}'s team`}>⌫</button></div>`}
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
    }).catch(() => setError({ detail: "No server answered: a new game needs a connection." }));
  }, []);
  if (!L) return html`<main class="screen"><nav class="nav" aria-label="Back"><a href="#/">Home</a></nav>
    <h1 tabindex="-1">New game</h1><${Problem} error=${error} />${!error && html`<p>Loading…</p>`}</main>`;

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
      else setError(err.problem ? err : { detail: "No server answered: a new game needs a connection." });
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
    html`<fieldset><legend>How many players?</legend><div class="grid3">
        ${[2, 3, 4].map((n) => html`<button type="button" class="choice" aria-pressed=${count === n} onClick=${() => setCount(n)}>${n}</button>`)}
      </div></fieldset>
      ${chosen.map((p, i) => html`<fieldset><legend>Player ${i + 1}</legend>
        <label for=${`name-${i}`}>Name</label>
        <input id=${`name-${i}`} value=${p.name} maxlength="40" onInput=${(e) => setPlayer(i, { name: e.target.value })} ...${inv(`name-${i}`)} />
        <label for=${`color-${i}`}>Colour</label>
        <select id=${`color-${i}`} value=${p.color} onChange=${(e) => setPlayer(i, { color: e.target.value })} ...${inv(`color-${i}`)}>
          ${L.player_colors.map((c) => html`<option value=${c}>${c}</option>`)}</select>
      </fieldset>`)}`,
    html`${RULES.map((r) => html`<fieldset><legend>${r.label}</legend>
        ${r.values.map(([v, text]) => html`<label class="radio"><input type="radio" name=${r.key} checked=${rules[r.key] === v}
          onChange=${() => setRules({ ...rules, [r.key]: v })} />${text}</label>`)}</fieldset>`)}
      ${count === 3 && html`<fieldset><legend>Neutral player (3 players)</legend>
        <label class="radio"><input type="checkbox" checked=${neutral} onChange=${(e) => setNeutral(e.target.checked)} />
          Advanced neutral: starts with more influence and parts factories</label></fieldset>`}
      <fieldset><legend>Worker entry</legend>
        <label class="radio"><input type="radio" name="entry" checked=${entry === "sequence"} onChange=${() => chooseEntry("sequence")} />
          Sequence: the team area's order is recorded (or drawn) once at setup</label>
        <label class="radio"><input type="radio" name="entry" checked=${entry === "stated"} onChange=${() => chooseEntry("stated")} />
          Stated: say each worker's type as it is placed</label></fieldset>`,
    html`<p class="hint">For each draw: let the app draw it, or enter what the table drew.</p>
      <div class="stack"><button type="button" class="choice" aria-pressed=${DRAWS.every(([k]) => mode[k] === "table")}
        onClick=${() => tableDrew(DRAWS.map(([k]) => k))}>The table drew everything</button></div>
      ${DRAWS.map(([kind, label]) => html`<fieldset id=${`draw-${kind}`} tabindex="-1"><legend>${label}</legend>
        <div class="grid2">
          <button type="button" class="choice" aria-pressed=${mode[kind] !== "table"} onClick=${() => setMode({ ...mode, [kind]: "app" })}>App draws</button>
          <button type="button" class="choice" aria-pressed=${mode[kind] === "table"} onClick=${() => tableDrew([kind])}>Table drew</button>
        </div>
        ${mode[kind] === "table" && html`<${DrawEntry} kind=${kind} L=${L} players=${chosen} value=${draws[kind]} count=${count}
          entry=${entry} onChange=${(v) => setDraws({ ...draws, [kind]: v })} />`}
      </fieldset>`)}
      <label for="seed">Seed for the app's draws (optional: the same seed gives the same draws)</label>
      <input id="seed" inputmode="numeric" value=${seed} onInput=${(e) => setSeed(e.target.value)} />`,
    html`<div class="card"><p><strong>${count} players:</strong> ${chosen.map((p) => `${p.name} (${p.color})`).join(", ")}</p>
      <ul data-testid="setup-summary">${RULES.map((r) => html`<li>${r.label}: ${(r.values.find(([v]) => v === rules[r.key]) || [null, String(rules[r.key])])[1]}</li>`)}
        ${count === 3 && html`<li>Neutral player: ${neutral ? "advanced (more influence, parts factories)" : "basic"}</li>`}
        <li>Workers: ${entry === "stated" ? "each one's type is said as it is placed" : "the team area's order is recorded at setup"}</li></ul>
      <p data-testid="setup-edition">Edition: ${edition ? edition.name : "the server's default"} (<a href="#/editions">change</a>)</p>
      <p>Draws entered by the table: ${DRAWS.filter(([k]) => mode[k] === "table").map(([, l]) => l).join("; ") || "none (the app draws everything)"}</p></div>`,
  ];

  return html`<main class="screen">
    <nav class="nav" aria-label="Back"><a href="#/">Home</a></nav>
    <h1 tabindex="-1">New game</h1>
    <p class="hint" aria-live="polite">Step ${step + 1} of ${STEPS.length}: <strong>${STEPS[step]}</strong></p>
    <form onSubmit=${(e) => { e.preventDefault(); next(); }} novalidate>
      ${problems.length > 0 && html`<div class="banner error" role="alert" id="step-problems" tabindex="-1" data-testid="step-problems">
        <p>${problems.length === 1 ? "Please fix this first:" : `Please fix these ${problems.length} first:`}</p>
        <ul>${problems.map((p) => html`<li><a href=${`#${p.id}`} onClick=${(e) => { e.preventDefault(); setFocusId(p.id); }}>${p.text}</a>${
          p.rule ? html` <span class="hint">(rule <${RuleLink} id=${p.rule} />)</span>` : ""}</li>`)}</ul></div>`}
      ${pages[step]}
      <${Problem} error=${error} />
      <div class="grid2 sticky-bottom">
        <button type="button" onClick=${() => { setProblems([]); step ? setStep(step - 1) : go("#/"); }}>${step ? "Back" : "Cancel"}</button>
        <button class="primary" type="submit" disabled=${busy}>${step < 3 ? "Next" : "Create game"}</button>
      </div>
    </form>
  </main>`;
}
