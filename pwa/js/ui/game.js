// The game screen: whose turn, the recorder, undo, what just happened, the board.
import { useEffect, useRef, useState } from "preact/hooks";
import { html } from "../html.js";
import { decisionPrompt, playerName, workerName } from "../labels.js";
import { undoLast } from "../sync.js";
import { Dot, GameDetails, GameHeader, Problem } from "./common.js";
import { Recorder, ManualAction } from "./recorder.js";
import { Outbox } from "./outboxview.js";
import { AutomaCard } from "./automa.js";
import { OfflineStatus } from "../offline/conflict.js";

function TurnCard({ s }) {
  const gv = s.game.view;
  const view = gv.view;
  const d = view.decision;
  const player = d && view.players.find((p) => p.id === d.seat);
  const prompt = useRef(null);
  // After an answer the buttons under the finger change meaning: focus moves to the new
  // prompt (unless the person is busy elsewhere, e.g. typing), so a screen reader reads it.
  useEffect(() => {
    const here = document.activeElement;
    const lost = !here || here === document.body || !here.isConnected || here.closest("[data-testid=recorder], [data-testid=automa]");
    if (prompt.current && lost && d) prompt.current.focus({ preventScroll: false });
  }, [d && d.id]);
  return html`<section class="card turn" aria-labelledby="turn-h" data-testid="turn">
    <h2 id="turn-h" class="who">${gv.over ? "Game over" : d ? html`<${Dot} view=${view} id=${d.seat} /> ${playerName(view, d.seat)}` : "—"}</h2>
    ${player && view.phase === "turns" && html`<p>Next worker: <strong>${player.next_worker ? workerName(s.labels, player.next_worker) : "stated at placement"}</strong> · worker ${player.workers_placed + 1}</p>`}
    <p data-testid="prompt" id="prompt" tabindex="-1" aria-live="polite" ref=${prompt}>${view.prompt || decisionPrompt(s.labels, d, view)}</p>
    ${view.phase === "management" && html`<p><a href=${`#/g/${gv.game_id}/manage`}>Management phase walkthrough →</a></p>`}
    ${gv.over && html`<p><a class="button primary" href=${`#/g/${gv.game_id}/score`}>See the final score</a></p>`}
  </section>`;
}

// Focus follows the question: the confirmation when it opens, the undo button when it is kept, the prompt
// (a live region: it reads the question the undo brings back) once the move is undone.
function Undo({ s }) {
  const [asking, setAsking] = useState(null); // null: never opened; true: asking; false: answered
  const box = useRef(null);
  const gv = s.game.view;
  useEffect(() => {
    if (asking === true && box.current) box.current.querySelector("button").focus();
    if (asking === false && box.current) box.current.querySelector("button").focus();
  }, [asking]);
  if (gv.role === "spectator" || (!gv.can_undo && !s.outbox.length)) return null;
  if (!asking) return html`<div class="stack" ref=${box}><button onClick=${() => setAsking(true)}>Undo last move</button></div>`;
  const undo = () => {
    setAsking(null);
    undoLast();
    const prompt = document.getElementById("prompt");
    if (prompt) prompt.focus();
  };
  return html`<div class="card" role="group" aria-label="Confirm undo" ref=${box}>
    <p>${s.outbox.length ? "Drop the last move recorded on this phone (not sent yet)?" : "Undo the last move on the server?"}</p>
    <div class="grid2"><button onClick=${() => setAsking(false)}>Keep it</button>
      <button class="danger" onClick=${undo}>Yes, undo</button></div></div>`;
}

// The game's last moves, whichever phone recorded them, each with the player's name
// (from the log); the phone's own last lines while the log cannot be read (offline).
function JustRecorded({ s }) {
  const view = s.game.view.view;
  const entries = s.recent;
  const who = (e) => {
    const p = (e.events || []).map((ev) => ev.participant).find((x) => x != null && x !== "setup");
    return p != null ? playerName(view, p) : "Table";
  };
  // The player's name leads each move (the engine's lines usually start with it already).
  const said = (e) => {
    const name = who(e);
    const text = e.lines.join(" · ");
    return html`${text.startsWith(name) ? "" : html`<strong>${name}</strong>: `}${text}${e.reverted ? " (undone)" : ""}`;
  };
  const has = entries ? entries.length > 0 : s.lastLines.length > 0;
  return html`<section aria-labelledby="last-h" class=${has ? "card" : ""} data-testid="just-recorded">
    <h2 id="last-h" class=${has ? "" : "sr-only"}>Just recorded</h2>
    <div aria-live="polite">${entries ? html`<ol class="log recent">${entries.map((e) => html`<li key=${e.seq} class=${e.reverted ? "reverted" : ""}>
        ${said(e)}</li>`)}</ol>`
      : html`<ul class="log">${s.lastLines.map((l) => html`<li>${l}</li>`)}</ul>`}</div></section>`;
}

// Whatever appears or goes away between moves (the setup checklist's offer, "Just recorded")
// sits below the recorder, so no button moves under a finger that is aiming at it.
export function GameScreen({ s }) {
  if (!s.game || !s.game.view) {
    return html`<main class="screen"><nav class="nav" aria-label="Back"><a href="#/">Home</a></nav>
      <h1 tabindex="-1">Game</h1><${Problem} error=${s.error} />
      <p>${s.online === false ? "Offline, and this phone has no saved copy of the game yet." : "Loading…"}</p></main>`;
  }
  return html`<main class="screen">
    <${GameHeader} s=${s} current="" />
    <${AutomaCard} s=${s} />
    <${TurnCard} s=${s} />
    <${Problem} error=${s.error} />
    <${Outbox} s=${s} />
    ${!s.game.view.over && html`<${Recorder} s=${s} />`}
    <${Undo} s=${s} />
    <${OfflineStatus} s=${s} />
    <${JustRecorded} s=${s} />
    ${(s.game.view.view.setup_instructions || s.game.view.live_actions === 0) && html`<p class="card" data-testid="layout-offer"><a href=${`#/g/${s.game.game_id}/layout`}>
      Lay out the table: what the app drew →</a></p>`}
    <p><a href=${`#/g/${s.game.game_id}/board`}>The board, the global market and the player boards →</a></p>
    ${s.game.view.role !== "spectator" && s.developer && html`<${ManualAction} />`}
    <${GameDetails} s=${s} />
  </main>`;
}
