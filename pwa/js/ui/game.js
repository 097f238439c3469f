// The game screen: whose turn, the recorder, undo, what just happened, the board.
import { useState } from "preact/hooks";
import { html } from "../html.js";
import { decisionPrompt, playerName } from "../labels.js";
import { undoLast } from "../sync.js";
import { Dot, GameHeader, Problem } from "./common.js";
import { Recorder, ManualAction } from "./recorder.js";
import { Outbox } from "./outboxview.js";
import { Board, GlobalMarket, Players } from "./board.js";
import { AutomaCard } from "./automa.js";
import { OfflineStatus } from "../offline/conflict.js";

function TurnCard({ s }) {
  const gv = s.game.view;
  const view = gv.view;
  const d = view.decision;
  const player = d && view.players.find((p) => p.id === d.seat);
  return html`<section class="card turn" aria-labelledby="turn-h" data-testid="turn">
    <h2 id="turn-h" class="who">${gv.over ? "Game over" : d ? html`<${Dot} view=${view} id=${d.seat} /> ${playerName(view, d.seat)}` : "—"}</h2>
    ${player && view.phase === "turns" && html`<p>Next worker: <strong>${player.next_worker || "stated at placement"}</strong> · worker ${player.workers_placed + 1}</p>`}
    <p data-testid="prompt">${decisionPrompt(s.labels, d, view)}</p>
    ${view.phase === "management" && html`<p><a href=${`#/g/${gv.game_id}/manage`}>Management phase walkthrough →</a></p>`}
    ${gv.over && html`<p><a class="button primary" href=${`#/g/${gv.game_id}/score`}>See the final score</a></p>`}
  </section>`;
}

function Undo({ s }) {
  const [asking, setAsking] = useState(false);
  const gv = s.game.view;
  if (gv.role === "spectator" || (!gv.can_undo && !s.outbox.length)) return null;
  if (!asking) return html`<div class="stack"><button onClick=${() => setAsking(true)}>Undo last move</button></div>`;
  return html`<div class="card" role="group" aria-label="Confirm undo">
    <p>${s.outbox.length ? "Drop the last move recorded on this phone (not sent yet)?" : "Undo the last move on the server?"}</p>
    <div class="grid2"><button onClick=${() => setAsking(false)}>Keep it</button>
      <button class="danger" onClick=${() => { setAsking(false); undoLast(); }}>Yes, undo</button></div></div>`;
}

export function GameScreen({ s }) {
  if (!s.game || !s.game.view) {
    return html`<main class="screen"><nav class="nav" aria-label="Back"><a href="#/">Home</a></nav>
      <h1 tabindex="-1">Game</h1><${Problem} error=${s.error} />
      <p>${s.online === false ? "Offline, and this phone has no saved copy of the game yet." : "Loading…"}</p></main>`;
  }
  const view = s.game.view.view;
  return html`<main class="screen">
    <${GameHeader} s=${s} current="" />
    <${AutomaCard} s=${s} />
    <${TurnCard} s=${s} />
    <${Problem} error=${s.error} />
    <${Outbox} s=${s} />
    ${!s.game.view.over && html`<${Recorder} s=${s} />`}
    <${Undo} s=${s} />
    <${OfflineStatus} s=${s} />
    ${s.lastLines.length > 0 && html`<section aria-labelledby="last-h" class="card"><h2 id="last-h">Just recorded</h2>
      <ul class="log">${s.lastLines.map((l) => html`<li>${l}</li>`)}</ul></section>`}
    <${Board} L=${s.labels} view=${view} />
    <${GlobalMarket} view=${view} />
    <${Players} view=${view} />
    ${s.game.view.role !== "spectator" && html`<${ManualAction} />`}
  </main>`;
}
