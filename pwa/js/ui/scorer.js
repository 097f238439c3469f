// ┌──────────────────────────────────────────────────────────────────────┐
// │ STUB — scorer-only mode (Asian Tigers end-game scoring form).         │
// │ The stateless scorer endpoint is not in openapi.yaml yet; the engine  │
// │ side exists (api/games/asian_tigers/scorer.py: score_table).           │
// │ TODO(lead): once e.g. POST /api/scorer/asian_tigers exists, replace   │
// │ the JSON box with a guided form and render the answer with            │
// │ ScoreSheet from ./score.js (same outcome shape as /outcome).          │
// └──────────────────────────────────────────────────────────────────────┘
import { html } from "../html.js";

export function Scorer() {
  return html`<main class="screen">
    <nav class="nav" aria-label="Back"><a href="#/">Home</a></nav>
    <h1 tabindex="-1">End-game scorer</h1>
    <div class="banner warn" role="status" data-testid="scorer-stub">
      Coming soon: this screen waits for the server's stateless scorer. Until then, record the game to get its score.
    </div>
    <p class="hint">It will score a table that did not record its game: for each player the influence per Tiger,
      investment points, infrastructure, flags and the global market at the end of Era II.</p>
    <label for="scorer-json">Table description (JSON, for later)</label>
    <textarea id="scorer-json" disabled></textarea>
    <div class="stack" style="margin-top:.6rem"><button disabled>Score</button></div>
  </main>`;
}
