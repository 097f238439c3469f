// Home: start, join, resume; the scorers and solo have their entries.  The first screen a phone
// shows, so it imports only what it renders (the games list, the offline card): every other screen
// and the sync machinery load on demand (see app.js and main.js).
import { html } from "../html.js";
import { gameTitle } from "../games.js";
import { ReadyCard } from "../offline/ready.js";
import { formatDate, t, tn } from "../i18n.js";

const forget = async (gameId) => (await import("../sync.js")).forgetGame(gameId);

export function Home({ s }) {
  return html`<main class="screen">
    <h1 tabindex="-1">tablekeeper</h1>
    <p class="hint">${t("Asian Tigers companion: the phone records, the server referees.")}</p>
    <div class="stack">
      <a class="button primary" href="#/new">${t("New game")}</a>
      <a class="button" href="#/join">${t("Join a game with its code")}</a>
      <a class="button" href="#/solo">${t("Solo game (Automa)")}</a>
      <a class="button" href="#/campaigns">${t("Solo campaigns")}</a>
      <a class="button" href="#/editions">${t("Editions: check the numbers against your box")}</a>
    </div>
    <${ReadyCard} s=${s} />
    <h2>${t("Recent games")}</h2>
    ${s.games.length ? html`<ul class="plain stack" data-testid="recent-games">
      ${s.games.map((g) => html`<li class="card" key=${g.game_id}>
        <a class="button" style="width:100%" href=${`#/g/${g.game_id}`}>${gameTitle(g.view)}</a>
        <p class="hint">${g.view ? (g.view.over ? t("Era {era}, finished", { era: g.view.view.era === 2 ? "II" : "I" })
            : t("Era {era}, {phase}", { era: g.view.view.era === 2 ? "II" : "I", phase: g.view.view.phase })) : t("not loaded yet")}
          ${g.role === "spectator" ? ` · ${t("watching")}` : ""}${g.local ? ` · ${t("on this phone only")}` : ""}${g.queued
            ? ` · ${tn("{n} move waiting to sync", "{n} moves waiting to sync", g.queued)}` : ""}
          ${" · "}${t("saved {when}", { when: g.saved_at ? formatDate(g.saved_at) : "?" })}</p>
        <button class="danger" onClick=${() => confirm(t("Forget this game on this phone? (It stays on the server.)")) && forget(g.game_id)}
          aria-label=${t("Forget {game}", { game: gameTitle(g.view) })}>${t("Forget")}</button>
      </li>`)}
    </ul>` : html`<p>${t("No games on this phone yet.")}</p>`}
    <h2>${t("Score only")}</h2>
    <div class="stack">
      <a class="button" href="#/scorer">${t("Asian Tigers end-game scorer")}</a>
      <a class="button" href="#/scorer/nippon">${t("Nippon scorer")}</a>
      <a class="button" href="#/scorer/asara">${t("Asara scorer")}</a>
      <a class="button" href="#/history">${t("History of saved scorings")}</a>
      <a class="button" href="#/stats">${t("Stats: plays, wins, best scores")}</a>
      <a class="button" href="#/rules">${t("Rules: look one up")}</a>
    </div>
    <p><a href="#/settings">${t("Settings")}</a></p>
  </main>`;
}
