// Solo games: the Automa's last turn as plain instructions for the physical table
// (the server's view.solo.automa_instructions), and what the Automa waits for.
import { html } from "../html.js";
import { serverLabel } from "../labels.js";

const VARIANTS = { solo: "Solo", scenario: "Scenario", campaign: "Campaign session", high_score: "High score" };

// A campaign tile has no printed code: it is named by its goal (the server's labels).
const goal = (L, tile) => { const label = serverLabel(L, "campaign_tiles", tile); return label ? `goal: ${label}` : "the campaign tile's goal"; };
const facts = (solo, L) => [VARIANTS[solo.variant] || solo.variant,
  solo.campaign_tile && goal(L, solo.campaign_tile), solo.high_score != null && `high score to beat ${solo.high_score}`,
  `${solo.tiles_left} action tile${solo.tiles_left === 1 ? "" : "s"} left (${solo.tiles_mode === "recorded" ? "revealed at the table" : "shuffled by the app"})`,
].filter(Boolean);

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
    ${s.game.campaign_id && gv.over && html`<p><a class="button primary" href=${`#/c/${s.game.campaign_id}`}>Record this session in the campaign</a></p>`}
  </section>`;
}
