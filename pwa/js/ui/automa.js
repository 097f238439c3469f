// Solo games: the Automa's last turn as plain instructions for the physical table
// (the server's view.solo.automa_instructions), and what the Automa waits for.
import { html } from "../html.js";
import { serverLabel, tigerName } from "../labels.js";

const VARIANTS = { solo: "Solo", scenario: "Scenario", campaign: "Campaign session", high_score: "High score" };

// A campaign tile has no printed code: it is named by its goal (the server's labels).
const goal = (L, tile) => { const label = serverLabel(L, "campaign_tiles", tile); return label ? `goal: ${label}` : "the campaign tile's goal"; };
const facts = (solo, L) => [VARIANTS[solo.variant] || solo.variant,
  solo.campaign_tile && goal(L, solo.campaign_tile), solo.high_score != null && `high score to beat ${solo.high_score}`,
  `${solo.tiles_left} action tile${solo.tiles_left === 1 ? "" : "s"} left (${solo.tiles_mode === "recorded" ? "revealed at the table" : "shuffled by the app"})`,
].filter(Boolean);

// Each goal of this session and how far the player is now (the engine's solo.goals, CAMPAIGN-05).
const UNITS = { universities_built: "universities", laboratories_built: "laboratories", power_plants_built: "power plants",
                distinct_factory_goods_built: "different factory goods", distinct_flags_in_final_scoring_rows: "different flags" };
const PARTS = { headquarters: "headquarters", factory: "factory-row satellite", power_plant: "power-plant-row satellite",
                laboratory: "laboratory-row satellite" };
export function progressText(L, g) {
  if (g.metric === "global_market_position") return `space ${g.done} of ${g.needed} on the global market (with the move your leftovers make at the end)`;
  if (g.metric === "more_investment_points_than_automa_in_one_of") {
    return g.parts.map((p) => `${tigerName(L, p.part)}: you ${p.mine}, Automa ${p.automa} investment points`).join(" · ");
  }
  if (g.metric === "headquarters_and_satellite_rows") {
    return `${g.done} of ${g.needed}: ${g.parts.map((p) => `${PARTS[p.part] || p.part} ${p.done ? "built" : "not yet"}`).join(", ")}`;
  }
  return `${g.done} of ${g.needed} ${UNITS[g.metric] || ""}`.trim();
}

function Goals({ solo, L, over }) {
  const goals = solo.goals || [];
  if (!goals.length) return null;
  return html`<h3 id="goals-h">${goals.length === 1 ? "This session's goal" : "This session's goals (meet one)"}</h3>
    <ul class="plain stack" aria-labelledby="goals-h" data-testid="goal-progress">${goals.map((g) => html`<li key=${g.tile}>
      <strong>${serverLabel(L, "campaign_tiles", g.tile) || "the campaign tile's goal"}</strong><br />
      <span data-testid="goal-progress-value">${progressText(L, g)}</span>
      ${g.met ? html` <span class="chip">${over ? "met" : "met now"}</span>` : ""}
      ${g.needed > 1 && html`<progress max=${g.needed} value=${Math.min(g.done, g.needed)} aria-hidden="true"
        style="display:block;width:100%"></progress>`}</li>`)}</ul>`;
}

export function AutomaCard({ s }) {
  const gv = s.game.view;
  const solo = gv.view.solo;
  if (!solo) return null;
  const lines = solo.automa_instructions || [];
  const kind = gv.view.decision && gv.view.decision.kind;
  return html`<section class="card automa" aria-labelledby="automa-h" data-testid="automa">
    <h2 id="automa-h">Automa ×${solo.difficulty}${lines.length ? " — do this on the table" : ""}</h2>
    ${kind === "record_automa_tile" && html`<p class="banner warn">Reveal the top tile of the Automa's pile and tap it below.</p>`}
    ${kind === "choose_automa_region" && html`<p class="banner warn">The Automa has a tie: choose its Tiger below.</p>`}
    <div aria-live="polite">${lines.length
      ? html`<ol class="log" data-testid="automa-instructions">${lines.map((l) => html`<li>${l}</li>`)}</ol>`
      : kind !== "record_automa_tile" && html`<p class="hint">The Automa has not played yet.</p>`}</div>
    <p class="hint">${facts(solo, s.labels).join(" · ")}</p>
    <${Goals} solo=${solo} L=${s.labels} over=${gv.over} />
    ${s.game.campaign_id && gv.over && html`<p><a class="button primary" href=${`#/c/${s.game.campaign_id}`}>Record this session in the campaign</a></p>`}
  </section>`;
}
