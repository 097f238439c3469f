// Home: start, join, resume; the scorers and solo have their entries.
import { useEffect, useState } from "preact/hooks";
import { html } from "../html.js";
import { api } from "../api.js";
import { forgetGame, gameTitle, openGame, rememberGame } from "../sync.js";
import { go } from "../router.js";
import { Problem } from "./common.js";
import { ReadyCard } from "../offline/ready.js";

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
          · saved ${g.saved_at ? new Date(g.saved_at).toLocaleString() : "?"}</p>
        <button class="danger" onClick=${() => confirm("Forget this game on this phone? (It stays on the server.)") && forgetGame(g.game_id)}
          aria-label=${`Forget ${gameTitle(g.view)}`}>Forget</button>
      </li>`)}
    </ul>` : html`<p>No games on this phone yet.</p>`}
    <h2>Score only</h2>
    <div class="stack">
      <a class="button" href="#/scorer">Asian Tigers end-game scorer</a>
      <a class="button" href="#/scorer/nippon">Nippon scorer</a>
      <a class="button" href="#/scorer/asara">Asara scorer</a>
      <a class="button" href="#/history">History of saved scorings</a>
    </div>
    <p><a href="#/settings">Settings</a></p>
  </main>`;
}

// Join by code: typed, or opened from the host's QR code (a link to #/join/CODE:
// the phone's own camera app reads it, so no in-app scanner is needed).
export function Join({ params }) {
  const [code, setCode] = useState(params.code || "");
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e) => {
    e && e.preventDefault();
    setBusy(true); setError(null);
    try {
      const { data } = await api.join(code.trim());
      await rememberGame({ game_id: data.game_id, token: data.table_token, join_code: code.trim().toUpperCase() });
      go(`#/g/${data.game_id}`);
    } catch (err) {
      setError(err.problem ? err : { detail: "No server answered: joining needs a connection." });
    } finally { setBusy(false); }
  };
  useEffect(() => { if (params.code && params.code.length >= 4) submit(); }, [params.code]);
  return html`<main class="screen">
    <nav class="nav" aria-label="Back"><a href="#/">Home</a></nav>
    <h1 tabindex="-1">Join a game</h1>
    <form onSubmit=${submit}>
      <label for="join-code">Join code (on the host phone's Share screen)</label>
      <input id="join-code" name="join_code" autocomplete="off" autocapitalize="characters" inputmode="text"
        maxlength="16" value=${code} onInput=${(e) => setCode(e.target.value)} required />
      <p class="hint">Or point your camera app at the host's QR code: it opens this screen with the code filled in.</p>
      <div class="stack" style="margin-top:.6rem"><button class="primary" type="submit" disabled=${busy || code.trim().length < 4}>Join</button></div>
    </form>
    <${Problem} error=${error} />
  </main>`;
}

// Spectator link (#/watch/ID?token=…): keep the read-only token, open the game.
export function Watch({ params }) {
  useEffect(() => {
    if (!params.id || !params.token) return;
    rememberGame({ game_id: params.id, token: params.token, role: "spectator" })
      .then(() => { go(`#/g/${params.id}`); openGame(params.id); });
  }, [params.id, params.token]);
  return html`<main class="screen"><h1 tabindex="-1">Opening the game…</h1></main>`;
}
