// Home: start, join, resume; the scorers and solo have their entries.  The first screen a phone
// shows, so it imports only what it renders (the games list, the offline card): every other screen
// and the sync machinery load on demand (see app.js and main.js).
import { html } from "../html.js";
import { gameTitle } from "../games.js";
import { ReadyCard } from "../offline/ready.js";

const forget = async (gameId) => (await import("../sync.js")).forgetGame(gameId);

export function Home({ s }) {
  return html`<main class="screen">
    <h1 tabindex="-1">tablekeeper</h1>
    <p class="hint">Asian Tigers companion: the phone records, the server referees.</p>
    <div class="stack">
      <a class="button primary" href="#/new">New game</a>
      <a class="button" href="#/join">Join a game with its code</a>
      <a class="button" href="#/solo">Solo game (Automa)</a>
      <a class="button" href="#/campaigns">Solo campaigns</a>
      <a class="button" href="#/editions">Editions: check the numbers against your box</a>
    </div>
    <${ReadyCard} s=${s} />
    <h2>Recent games</h2>
    ${s.games.length ? html`<ul class="plain stack" data-testid="recent-games">
      ${s.games.map((g) => html`<li class="card" key=${g.game_id}>
        <a class="button" style="width:100%" href=${`#/g/${g.game_id}`}>${gameTitle(g.view)}</a>
        <p class="hint">${g.view ? `Era ${g.view.view.era === 2 ? "II" : "I"}, ${g.view.over ? "finished" : g.view.view.phase}` : "not loaded yet"}
          ${g.role === "spectator" ? " · watching" : ""}${g.local ? " · on this phone only" : ""}${g.queued ? ` · ${g.queued} move(s) waiting to sync` : ""}
          ${" · saved "}${g.saved_at ? new Date(g.saved_at).toLocaleString() : "?"}</p>
        <button class="danger" onClick=${() => confirm("Forget this game on this phone? (It stays on the server.)") && forget(g.game_id)}
          aria-label=${`Forget ${gameTitle(g.view)}`}>Forget</button>
      </li>`)}
    </ul>` : html`<p>No games on this phone yet.</p>`}
    <h2>Score only</h2>
    <div class="stack">
      <a class="button" href="#/scorer">Asian Tigers end-game scorer</a>
      <a class="button" href="#/scorer/nippon">Nippon scorer</a>
      <a class="button" href="#/scorer/asara">Asara scorer</a>
      <a class="button" href="#/history">History of saved scorings</a>
      <a class="button" href="#/stats">Stats: plays, wins, best scores</a>
      <a class="button" href="#/rules">Rules: look one up</a>
    </div>
    <p><a href="#/settings">Settings</a></p>
  </main>`;
}
