// The management phase, step by step, from the log's events: turn order,
// influence per Tiger with the tie-break that decided it, special-flag offers
// (answered here with the legal actions), funds reset.
import { useState } from "preact/hooks";
import { html } from "../html.js";
import { t } from "../i18n.js";
import { RuleText } from "./rulelink.js";
import { actionLabel, playerName, tigerName } from "../labels.js";
import { record } from "../sync.js";
import { GameHeader } from "./common.js";
import { useLog } from "./uselog.js";
import { useOutcome } from "./score.js";

const OUTCOME_TITLES = { global_market: t("Global market: leftover resources"), turn_order: t("Final turn order"),
  influence: t("Influence"), prosperity_from_influence: t("Prosperity from influence"), final_scoring_bonus: t("Final scoring bonuses"),
  nations: t("Nations"), total: t("Totals"), winner: t("Winner") };
// The walkthrough's step titles (the Era II scoring's steps are found again by title: "Game over").
const TITLES = { turnOrder: t("Turn order"), funds: t("Funds reset"), era2Setup: t("Era II setup"), era2: t("Era II begins"),
  final: t("Final scoring"), over: t("Game over") };

// Walkthrough steps of every management phase, from the log's live events;
// the Era II phase (the final scoring) from the outcome's lines when the server gives them.
export function managementSteps(log, L, outcome) {
  const events = [];
  for (const e of log || []) if (!e.reverted) e.events.forEach((ev, i) => events.push({ ...ev, text: plain(said(e, i)) }));
  const steps = [];
  const push = (title, lines, key, phaseStart) => {
    const last = steps[steps.length - 1];
    if (key && last && last.key === key) last.lines.push(...lines);
    else steps.push({ title, lines: [...lines], key, phaseStart });
  };
  const tieLines = (ev) => ((ev.ranking && ev.ranking.tie_breaks) || []).map(tieLine);
  let inPhase = false;
  for (const ev of events) {
    if (ev.kind === "era_ended") { inPhase = true; push(t("Era {era} ends: management", { era: ev.era === 2 ? "II" : "I" }), [ev.text], null, true); continue; }
    if (!inPhase) continue;
    if (ev.kind === "turn_order_set") push(TITLES.turnOrder, [ev.text, ...tieLines(ev)]);
    else if (ev.kind === "influence_awarded") push(t("Influence: {tiger}", { tiger: tigerName(L, ev.tiger) }), [ev.text, ...tieLines(ev)]);
    else if (ev.kind.startsWith("special_flag")) push(t("Special flag: {tiger}", { tiger: tigerName(L, ev.tiger) }), [ev.text], `flag-${ev.tiger}`);
    else if (ev.kind === "funds_reset") push(TITLES.funds, [ev.text], "funds");
    else if (ev.kind === "era2_prepared") push(TITLES.era2Setup, [ev.text]);
    else if (ev.kind === "era_started") { push(TITLES.era2, [ev.text]); inPhase = false; }
    else if (ev.kind === "score_line" && !outcome) push(TITLES.final, [ev.text], "final");
    else if (ev.kind === "game_over") push(TITLES.over, [ev.text]);
  }
  if (outcome) {
    const at = steps.findIndex((st) => st.title === TITLES.over);
    const scoring = [];
    for (const line of outcome.lines || []) {
      const perTiger = ["influence", "prosperity_from_influence"].includes(line.category) && line.key;
      const named = OUTCOME_TITLES[line.category] || line.category;
      const title = perTiger ? t("{title}: {tiger}", { title: named, tiger: tigerName(L, line.key) }) : named;
      const last = scoring[scoring.length - 1];
      if (last && last.title === title) last.lines.push(line.text);
      else scoring.push({ title, lines: [line.text] });
    }
    steps.splice(at < 0 ? steps.length : at, 0, ...scoring);
  }
  return steps;
}

// An event's line in the phone's language: the log entry's lines, one per event, are said in it (issue 37);
// the event's own text is the English the rules wrote (an older server's log has no lines).
const said = (entry, i) => (entry.lines && entry.lines.length === entry.events.length ? entry.lines[i] : entry.events[i].text);

// Player text without rule ids ("(AMB-22)"): the rules are the table's, the ids the app's.
const RULE_ID = /\s*\((?:\p{L}+ )?[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*-\d+\)/gu;  // "(rule …)", "(Regel …)", "(regra …)"
const plain = (text) => String(text || "").replace(RULE_ID, "");
const tieLine = (tie) => t("Tie: {detail}", { detail: plain(tie.detail) });

// The special-flag offer in numbers: influence now → at the previous Tiger icon (AMB-23), and the
// global-market advance, so the table need not count.
function offerNumbers(L, view, offer) {
  const p = (view.players || []).find((x) => x.id === offer.seat);
  if (!p || !L || !L.icon_every) return null;
  const now = p.influence[offer.tiger];
  const after = now <= 0 ? 0 : Math.floor((now - 1) / L.icon_every) * L.icon_every;
  const gm = L.special_gm;
  return { now, after, gm, gmNow: p.global_market };
}

export function Management({ s }) {
  const { log } = useLog(s.game);
  const [chosen, setAt] = useState(null);
  const gv = s.game && s.game.view;
  const view = gv && gv.view;
  const { outcome } = useOutcome(s.game);
  const steps = managementSteps(log, s.labels, outcome);
  // Open at the start of the latest management phase.
  const latest = steps.map((st) => !!st.phaseStart).lastIndexOf(true);
  const at = chosen ?? Math.max(latest, 0);
  const offer = view && view.decision && view.decision.kind === "choose_special_flag" ? view.decision : null;
  const i = Math.min(at, Math.max(steps.length - 1, 0));
  return html`<main class="screen">
    <${GameHeader} s=${s} current="manage" title=${t("Management phase")} />
    ${offer && gv.role !== "spectator" && html`<section class="card turn" aria-labelledby="offer-h">
      <h2 id="offer-h">${t("{player}: take the {tiger} special flag?", { player: playerName(view, offer.seat), tiger: tigerName(s.labels, offer.tiger) })}</h2>
      ${(() => {
        const n = offerNumbers(s.labels, view, offer);
        const tiger = tigerName(s.labels, offer.tiger);
        return n ? html`<ul data-testid="offer-numbers"><li>${t("Accept: influence on {tiger}", { tiger })} <strong>${n.now} → ${n.after}</strong>${n.gm
          ? html`; ${t("global market")} <strong>+${n.gm}</strong> (${t("space {from} → {to}", { from: n.gmNow, to: n.gmNow + n.gm })})` : ""}; ${t("the flag goes on your board.")}</li>
          <li>${t("Decline: influence on {tiger} stays", { tiger })} <strong>${n.now}</strong>; ${t("the flag is offered to the next player.")}</li></ul>`
          : html`<p class="hint">${t("Accepting drops your influence there to the previous Tiger icon and advances you on the global market.")}</p>`;
      })()}
      <div class="grid2">${gv.legal_actions.map((a) => html`<button class=${a.kind.startsWith("accept") ? "primary" : ""}
        onClick=${() => record({ type: "action", action: a })}>${actionLabel(s.labels, a, view)}</button>`)}</div>
    </section>`}
    ${!log ? html`<p>${t("Loading…")}</p>` : !steps.length ? html`<p>${t("The management phase has not started yet: it follows the last worker of the era.")}</p>` : html`
      <section class="card" aria-live="polite" data-testid="mgmt-step">
        <p class="hint">${t("Step {n} of {count}", { n: i + 1, count: steps.length })}</p>
        <h2>${steps[i].title}</h2>
        <ul>${steps[i].lines.map((l) => html`<li><${RuleText} text=${l} /></li>`)}</ul>
      </section>
      <div class="grid2"><button onClick=${() => setAt(Math.max(0, i - 1))} disabled=${i === 0}>${t("Previous step")}</button>
        <button class="primary" onClick=${() => setAt(Math.min(steps.length - 1, i + 1))} disabled=${i >= steps.length - 1}>${t("Next step")}</button></div>
      <details><summary>${t("All steps")}</summary>${steps.map((st) => html`<h3>${st.title}</h3><ul>${st.lines.map((l) => html`<li><${RuleText} text=${l} /></li>`)}</ul>`)}</details>`}
  </main>`;
}
