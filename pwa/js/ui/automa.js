// Solo games: the Automa's last turn as plain instructions for the physical table
// (the server's view.solo.automa_instructions), and what the Automa waits for.
import { html } from "../html.js";
import { t, tn } from "../i18n.js";
import { serverLabel, tigerName } from "../labels.js";

const VARIANTS = { solo: t("Solo"), scenario: t("Scenario"), campaign: t("Campaign session"), high_score: t("High score") };

// A campaign tile has no printed code: it is named by its goal (the server's labels).
const goal = (L, tile) => { const label = serverLabel(L, "campaign_tiles", tile); return label ? t("goal: {goal}", { goal: label }) : t("the campaign tile's goal"); };
const facts = (solo, L) => [VARIANTS[solo.variant] || solo.variant,
  solo.campaign_tile && goal(L, solo.campaign_tile), solo.high_score != null && t("high score to beat {score}", { score: solo.high_score }),
  solo.tiles_mode === "recorded"
    ? tn("{n} action tile left (revealed at the table)", "{n} action tiles left (revealed at the table)", solo.tiles_left)
    : tn("{n} action tile left (shuffled by the app)", "{n} action tiles left (shuffled by the app)", solo.tiles_left),
].filter(Boolean);

// Each goal of this session and how far the player is now (the engine's solo.goals, CAMPAIGN-05).
const UNITS = { universities_built: (g) => t("{done} of {needed} universities", g),
                laboratories_built: (g) => t("{done} of {needed} laboratories", g),
                power_plants_built: (g) => t("{done} of {needed} power plants", g),
                distinct_factory_goods_built: (g) => t("{done} of {needed} different factory goods", g),
                distinct_flags_in_final_scoring_rows: (g) => t("{done} of {needed} different flags", g) };
const PARTS = { headquarters: t("headquarters"), factory: t("factory-row satellite"), power_plant: t("power-plant-row satellite"),
                laboratory: t("laboratory-row satellite") };
export function progressText(L, g) {
  if (g.metric === "global_market_position") return t("space {done} of {needed} on the global market (with the move your leftovers make at the end)", { done: g.done, needed: g.needed });
  if (g.metric === "more_investment_points_than_automa_in_one_of") {
    return g.parts.map((p) => t("{tiger}: you {mine}, Automa {automa} investment points", { tiger: tigerName(L, p.part), mine: p.mine, automa: p.automa })).join(" · ");
  }
  if (g.metric === "headquarters_and_satellite_rows") {
    const parts = g.parts.map((p) => (p.done ? t("{part} built", { part: PARTS[p.part] || p.part }) : t("{part} not yet", { part: PARTS[p.part] || p.part })));
    return t("{done} of {needed}: {parts}", { done: g.done, needed: g.needed, parts: parts.join(", ") });
  }
  return UNITS[g.metric] ? UNITS[g.metric](g) : t("{done} of {needed}", { done: g.done, needed: g.needed });
}

function Goals({ solo, L, over }) {
  const goals = solo.goals || [];
  if (!goals.length) return null;
  return html`<h3 id="goals-h">${goals.length === 1 ? t("This session's goal") : t("This session's goals (meet one)")}</h3>
    <ul class="plain stack" aria-labelledby="goals-h" data-testid="goal-progress">${goals.map((g) => html`<li key=${g.tile}>
      <strong>${serverLabel(L, "campaign_tiles", g.tile) || t("the campaign tile's goal")}</strong><br />
      <span data-testid="goal-progress-value">${progressText(L, g)}</span>
      ${g.met ? html` <span class="chip">${over ? t("met") : t("met now")}</span>` : ""}
      ${g.needed > 1 && html`<progress max=${g.needed} value=${Math.min(g.done, g.needed)} aria-hidden="true"
        style="display:block;width:100%"></progress>`}</li>`)}</ul>`;
}

export function AutomaCard({ s }) {
  const gv = s.game.view;
  const solo = gv.view.solo;
  if (!solo) return null;
  // Said in the phone's language by the server (its Accept-Language) or by the phone's engine (issue 37).
  const lines = solo.automa_instructions || [];
  const kind = gv.view.decision && gv.view.decision.kind;
  return html`<section class="card automa" aria-labelledby="automa-h" data-testid="automa">
    <h2 id="automa-h">Automa ×${solo.difficulty}${lines.length ? ` — ${t("do this on the table")}` : ""}</h2>
    ${kind === "record_automa_tile" && html`<p class="banner warn">${t("Reveal the top tile of the Automa's pile and tap it below.")}</p>`}
    ${kind === "choose_automa_region" && html`<p class="banner warn">${t("The Automa has a tie: choose its Tiger below.")}</p>`}
    <div aria-live="polite">${lines.length
      ? html`<ol class="log" data-testid="automa-instructions">${lines.map((l) => html`<li>${l}</li>`)}</ol>`
      : kind !== "record_automa_tile" && html`<p class="hint">${t("The Automa has not played yet.")}</p>`}</div>
    <p class="hint">${facts(solo, s.labels).join(" · ")}</p>
    <${Goals} solo=${solo} L=${s.labels} over=${gv.over} />
    ${s.game.campaign_id && gv.over && html`<p><a class="button primary" href=${`#/c/${s.game.campaign_id}`}>${t("Record this session in the campaign")}</a></p>`}
  </section>`;
}
