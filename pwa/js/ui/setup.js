// Setup wizard: players → rules options → draws → create.  The app never
// checks the draws itself: the server validates them and its answer (with the
// rule) is shown on the step it concerns.
import { useEffect, useState } from "preact/hooks";
import { html } from "../html.js";
import { RuleLink } from "./rulelink.js";
import { NetworkError, api } from "../api.js";
import { compact, effectWords, loadLabels, tigerName } from "../labels.js";
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

// options: values, or [value, words] pairs (tokens are named by what is printed on them).
function Select({ id, label, value, options, onChange }) {
  return html`<div><label for=${id}>${label}</label>
    <select id=${id} value=${value ?? ""} onChange=${(e) => onChange(e.target.value)}>
      <option value="">—</option>${options.map((o) => (Array.isArray(o)
        ? html`<option value=${o[0]}>${o[1]}</option>` : html`<option value=${o}>${o}</option>`))}
    </select></div>`;
}

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


function DrawEntry({ kind, L, players, value, onChange, count }) {
  const tigers = Object.keys(L.tigers);
  const put = (k, v) => onChange({ ...(value || {}), [k]: v });
  if (kind === "prosperity_tokens" || kind === "region_tokens") {
    const tokens = tokenOptions(L, kind, count);
    return html`<div class="grid2">${tigers.map((t) => html`<${Select} id=${`${kind}-${t}`} label=${tigerName(L, t)}
      value=${value && value[t]} options=${tokens} onChange=${(v) => put(t, v)} />`)}</div>`;
  }
  if (kind === "setup_workers") {
    return html`<p class="hint">Centre A of the Tiger with the highest prosperity token, B of the second, C of the third.</p>
      <div class="grid3">${["A", "B", "C"].map((c) => html`<${Select} id=${`sw-${c}`} label=${`Centre ${c}`}
      value=${value && value[c]} options=${L.worker_types} onChange=${(v) => put(c, v)} />`)}</div>`;
  }
  if (kind === "turn_order") {
    const list = value || [];
    return html`<div class="stack">${players.map((_, i) => html`<div><label for=${`to-${i}`}>${i + 1}. to play</label>
      <select id=${`to-${i}`} value=${list[i] ?? ""} onChange=${(e) => { const next = [...list]; next[i] = e.target.value; onChange(next); }}>
        <option value="">—</option>${players.map((p, seat) => html`<option value=${String(seat)}>${p.name}</option>`)}
      </select></div>`)}</div>`;
  }
  if (kind === "starting_goods") {
    return html`<div class="grid2">${players.map((p, seat) => html`<${Select} id=${`sg-${seat}`} label=${p.name}
      value=${value && value[seat]} options=${L.starting_goods} onChange=${(v) => put(String(seat), v)} />`)}</div>`;
  }
  // workers: per seat the set-aside pair and the team sequence, tapped left to right.
  return html`${players.map((p, seat) => {
    const w = (value && value[seat]) || {};
    const setW = (patch) => put(String(seat), { ...w, ...patch });
    const team = w.team || [];
    return html`<fieldset><legend>${p.name}</legend>
      <div class="grid2">${[0, 1].map((i) => html`<${Select} id=${`sa-${seat}-${i}`} label=${`Set aside ${i + 1}`}
        value=${(w.set_aside || [])[i]} options=${L.worker_types}
        onChange=${(v) => { const sa = [...(w.set_aside || [])]; sa[i] = v; setW({ set_aside: sa }); }} />`)}</div>
      <p><strong>Team area</strong> (${team.length}/${L.team_slots}): <span data-testid=${`team-${seat}`}>${team.join(" ") || "—"}</span></p>
      <div class="row" id=${`team-add-${seat}`} tabindex="-1">${L.worker_types.map((t) => html`<button type="button" disabled=${team.length >= L.team_slots}
        onClick=${() => setW({ team: [...team, t] })} aria-label=${`Add ${t} to ${p.name}'s team`}>+ ${t}</button>`)}
        <button type="button" disabled=${!team.length} onClick=${() => setW({ team: team.slice(0, -1) })}
          aria-label=${`Remove the last worker of ${p.name}'s team`}>⌫</button></div>
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
  const [entry, setEntry] = useState("sequence");
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
    const found = step === 0 ? checkPlayers(chosen) : step === 2 ? checkDraws(mode, draws, L, chosen) : [];
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
        <label class="radio"><input type="radio" name="entry" checked=${entry === "sequence"} onChange=${() => setEntry("sequence")} />
          Sequence: the team area's order is recorded (or drawn) once at setup</label>
        <label class="radio"><input type="radio" name="entry" checked=${entry === "stated"} onChange=${() => setEntry("stated")} />
          Stated: say each worker's type as it is placed</label></fieldset>`,
    html`<p class="hint">For each draw: let the app draw it, or enter what the table drew.</p>
      ${DRAWS.map(([kind, label]) => html`<fieldset id=${`draw-${kind}`} tabindex="-1"><legend>${label}</legend>
        <div class="grid2">
          <button type="button" class="choice" aria-pressed=${mode[kind] !== "table"} onClick=${() => setMode({ ...mode, [kind]: "app" })}>App draws</button>
          <button type="button" class="choice" aria-pressed=${mode[kind] === "table"} onClick=${() => setMode({ ...mode, [kind]: "table" })}>Table drew</button>
        </div>
        ${mode[kind] === "table" && html`<${DrawEntry} kind=${kind} L=${L} players=${chosen} value=${draws[kind]} count=${count}
          onChange=${(v) => setDraws({ ...draws, [kind]: v })} />`}
      </fieldset>`)}
      <label for="seed">Seed for the app's draws (optional: the same seed gives the same draws)</label>
      <input id="seed" inputmode="numeric" value=${seed} onInput=${(e) => setSeed(e.target.value)} />`,
    html`<div class="card"><p><strong>${count} players:</strong> ${chosen.map((p) => `${p.name} (${p.color})`).join(", ")}</p>
      <p>${RULES.map((r) => `${r.label}: ${rules[r.key]}`).join(" · ")}</p>
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
