// Nippon, live (the recommended way): at each scoring the map shows the board as it
// was at the scoring before, and the table enters only what changed: tap a slot, tap
// whose tile, tap its value (a higher tile pushes the lower one out); tap "+ Train" or
// "+ Ship" under a region, tap whose.  "Score scoring N" sends every change so far
// (the server keeps nothing) and shows that scoring at once with the running table.
// After the 3rd scoring: who took the last turn, VP gained in play and achievements.
import { useEffect, useState } from "preact/hooks";
import { html } from "../html.js";
import { FieldError, FormProvider, Group, Num, ResultActions, ScorerFrame, SubmitBar, ptr, useForm,
  useScorer } from "./formkit.js";
import { RunningTable, Sheet, summary } from "./sheet.js";
import { Chips, EditionPending, ModeSwitch, useEdition } from "./tapkit.js";
import { BoardChanges, droppedStep, noStep, renamedStep } from "./nipboard.js";
import { Achievements, COLOURS, MODES, PlayerNames, model } from "./nippon-end.js";
import { t } from "../i18n.js";

export const blank = () => ({ mode: "live", players: COLOURS.map((name, i) => ({ name, seat: i + 1 })),
                              scorings: [], pending: noStep() });

// The request body: everything but the step being entered (`pending`), or with it as the next scoring.
const request = (body, withPending) => {
  const { pending, ...rest } = body;
  return withPending ? { ...rest, scorings: [...rest.scorings, pending] } : rest;
};

function renamed(body, old, name) {
  const fix = (n) => (n === old ? name : n);
  const keys = (o) => Object.fromEntries(Object.entries(o || {}).map(([k, v]) => [fix(k), v]));
  const step = (st) => renamedStep(st, fix);
  const next = { ...body, players: body.players.map((p) => ({ ...p, name: fix(p.name) })),
                 scorings: body.scorings.map(step), pending: step(body.pending || noStep()) };
  if (body.end) next.end = { ...body.end, last_turn_player: fix(body.end.last_turn_player), players: keys(body.end.players) };
  return next;
}

// Every mention of player `name` gone (a seat removed before the first scoring).
function dropped(body, name) {
  const step = (st) => droppedStep(st, name);
  const next = { ...body, players: body.players.filter((p) => p.name !== name),
                 scorings: body.scorings.map(step), pending: step(body.pending || noStep()) };
  if (body.end) {
    const players = { ...(body.end.players || {}) };
    delete players[name];
    next.end = { ...body.end, players, last_turn_player: body.end.last_turn_player === name ? null : body.end.last_turn_player };
  }
  return next;
}
const newSeat = (name, seat) => ({ name, seat });

function Changes({ edition, board }) {
  const f = useForm();
  const n = f.body.scorings.length;
  return html`<section aria-labelledby="step-h" data-testid="live-step">
    <h2 id="step-h" tabindex="-1">${n ? t("Before scoring {n}: what changed since scoring {before}", { n: n + 1, before: n })
      : t("Before scoring {n}: what changed", { n: n + 1 })}</h2>
    <p class="hint">${n ? t("The map shows the board as it was at scoring {n}.", { n }) : t("The map shows the empty board.")}
      ${t("Tap a slot where a tile was placed, then whose it is and its value.")}</p>
    <${BoardChanges} edition=${edition} board=${board} st=${f.body.pending || noStep()} put=${(next) => f.set("/pending", next)}
      base=${ptr("scorings", n)} names=${f.body.players.map((p) => p.name)} label=${t("Map of Nippon before scoring {n}", { n: n + 1 })}
      listTitle=${t("Entered for scoring {n}", { n: n + 1 })} />
  </section>`;
}

function End({ edition }) {
  const f = useForm();
  const names = f.body.players.map((p) => p.name);
  const end = f.body.end || { last_turn_player: null, players: {} };
  return html`<h2 id="end-h" tabindex="-1">${t("The end of the game")}</h2>
    <div data-path="/end/last_turn_player"><${Chips} label=${t("Who took the last turn")} options=${names.map((n) => [n, n])}
      value=${end.last_turn_player} onPick=${(n) => f.set("/end", { ...end, last_turn_player: n })}
      name=${(n) => t("{player} took the last turn", { player: n })} /><${FieldError} path="/end/last_turn_player" /></div>
    ${names.map((n) => { const base = ptr("end", "players", n); return html`<${Group} legend=${n} path=${base} key=${n}>
      <div class="grid3"><${Num} path=${base + "/vp_in_play/contracts"} label=${t("Contract VP")} empty=${undefined} />
        <${Num} path=${base + "/vp_in_play/region_bonus"} label=${t("Region bonus")} empty=${undefined} />
        <${Num} path=${base + "/vp_in_play/workforce_lost"} label=${t("Lost (workforce)")} empty=${undefined} /></div>
      <${Achievements} base=${base + "/achievements"} who=${n} edition=${edition} /></${Group}>`; })}`;
}

export default function NipponLive({ params }) {
  const s = useScorer("nippon", params, blank, (r) => summary(model(r)), "live");
  const [said, setSaid] = useState("");
  const edition = useEdition("nippon");
  // After a reload the board and the running table come back from the changes kept on the phone.
  useEffect(() => { if (s.body && !s.result && s.body.scorings.length) s.submit(null, request(s.body, false), true); }, [!!s.body]);
  if (!s.body || !edition) return html`<${ScorerFrame} title=${t("Nippon scorer")}><${EditionPending} edition=${edition} /></${ScorerFrame}>`;
  if (s.showResult) {
    return html`<${ScorerFrame} title=${t("Nippon: final score")}><${Sheet} m=${model(s.result)} />
      <${RunningTable} running=${s.result.running} /><${ResultActions} s=${s} /></${ScorerFrame}>`;
  }
  const n = s.body.scorings.length;
  const over = n >= edition.scorings;
  const scoreStep = async (e) => {
    e.preventDefault();
    const data = await s.submit(null, request(s.body, true), true);
    if (!data) return;
    s.replace({ ...s.body, scorings: [...s.body.scorings, s.body.pending], pending: noStep() });
    // Read out what the scoring gave, then the focus on the next question (the next step or the end).
    const row = data.running[data.running.length - 1];
    setSaid(t("Scoring {n}: {scores}.", { n: row.scoring, scores: row.players.map((x) => `${x.player} ${x.vp_so_far} (+${x.gained})`).join(", ") }));
    setTimeout(() => { const h = document.getElementById(row.scoring >= edition.scorings ? "end-h" : "step-h"); h && h.focus(); }, 0);
  };
  const finish = (e) => { e.preventDefault(); s.submit(null, { ...request(s.body, false), end: s.body.end || {} }); };
  const board = s.result && s.result.board;
  return html`<${ScorerFrame} title=${t("Nippon scorer")} announce=${said}>
    <${ModeSwitch} game="nippon" modes=${MODES} current="live" />
    <${FormProvider} value=${s}><form onSubmit=${over ? finish : scoreStep} novalidate>
      ${n === 0 ? html`<details open><summary>${t("Players, in turn order")}</summary>
          <${PlayerNames} rename=${renamed} drop=${dropped} seat=${newSeat} limits=${edition.players} /></details>`
        : html`<p class="hint">${t("Players in turn order: {names}.", { names: s.body.players.map((p) => p.name).join(", ") })}</p>`}
      ${s.result && s.result.running && s.result.running.length > 0 && html`<${RunningTable} running=${s.result.running} />`}
      ${over ? html`<${End} edition=${edition} />` : html`<${Changes} edition=${edition} board=${board} />`}
      <${SubmitBar} s=${s} label=${over ? t("Final score") : t("Score scoring {n}", { n: n + 1 })} />
      ${n > 0 && html`<button type="button" class="small" onClick=${() => {
        const back = { ...s.body, pending: s.body.scorings[n - 1], scorings: s.body.scorings.slice(0, -1) };
        s.replace(back);
        s.submit(null, request(back, false), true); // the board as it was before that scoring
      }}>${t("Reopen scoring {n}", { n })}</button>`}
    </form></${FormProvider}></${ScorerFrame}>`;
}
