// The game screen: whose turn, the recorder, undo, what just happened, the board.
import { useEffect, useRef, useState } from "preact/hooks";
import { html } from "../html.js";
import { lang, t } from "../i18n.js";
import { actionLabel, decisionPrompt, playerName, workerName } from "../labels.js";
import { api, fullLog } from "../api.js";
import { Checklist } from "./layout.js";
import { tableLines } from "../loglines.js";
import { undoLast } from "../sync.js";
import { Dot, GameDetails, GameHeader, Problem } from "./common.js";
import { Recorder, ManualAction } from "./recorder.js";
import { Outbox } from "./outboxview.js";
import { AutomaCard } from "./automa.js";
import { OfflineStatus } from "../offline/conflict.js";

// When a person last tapped an answer (the recorder's or the Automa card's buttons).
let tappedAt = 0;
const ANSWER_MS = 10000;
document.addEventListener("click", (e) => {
  if (e.target.closest && e.target.closest("[data-testid=recorder], [data-testid=automa]")) tappedAt = Date.now();
}, true);

function TurnCard({ s }) {
  const gv = s.game.view;
  const view = gv.view;
  const d = view.decision;
  const player = d && view.players.find((p) => p.id === d.seat);
  const prompt = useRef(null);
  // After an answer the buttons under the finger change meaning: focus moves to the new
  // prompt (unless the person is busy elsewhere, e.g. typing), so a screen reader reads it.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) { first.current = false; return; }  // opening the screen: it starts at its top (the layout)
    // Only after this phone's own answer: a move from another phone leaves focus and scroll where they are.
    if (Date.now() - tappedAt > ANSWER_MS) return;
    const here = document.activeElement;
    const lost = !here || here === document.body || !here.isConnected || here.closest("[data-testid=recorder], [data-testid=automa]");
    if (prompt.current && lost && d) prompt.current.focus({ preventScroll: false });
  }, [d && d.id]);
  return html`<section class="card turn" aria-labelledby="turn-h" data-testid="turn">
    <h2 id="turn-h" class="who">${gv.over ? t("Game over") : d ? html`<${Dot} view=${view} id=${d.seat} /> ${playerName(view, d.seat)}` : "—"}</h2>
    ${player && view.phase === "turns" && d.kind === "choose_placement" && html`<p>${t("Next worker:")} <strong>${player.next_worker ? workerName(s.labels, player.next_worker) : t("stated at placement")}</strong> · ${t("worker {n}", { n: player.workers_placed + 1 })}</p>`}
    <p data-testid="prompt" id="prompt" tabindex="-1" aria-live="polite" ref=${prompt}>${view.prompt || decisionPrompt(s.labels, d, view)}</p>
    ${view.phase === "management" && html`<p><a href=${`#/g/${gv.game_id}/manage`}>${t("Management phase walkthrough →")}</a></p>`}
    ${gv.over && html`<p><a class="button primary" href=${`#/g/${gv.game_id}/score`}>${t("See the final score")}</a></p>`}
  </section>`;
}

// The last move still in force (not undone), from the log: the one an undo takes back.
async function lastLive(s) {
  const game = s.game;
  const live = (entries) => [...(entries || [])].reverse().find((e) => !e.reverted) || null;
  const near = live(s.recent);
  if (near) return near;
  const { data } = await api.log(game.game_id, game.token, Math.max(0, (game.view.head_seq || 0) - 12));
  return live(data.entries) || live(await fullLog(game.game_id, game.token));
}

// Undo says which move and what to put back on the table (the player's pieces and the Automa's);
// a finished game is final, so it is not offered there (the server refuses it too).
// Focus follows the question: the confirmation when it opens, the undo button when it is kept, the prompt
// (a live region: it reads the question the undo brings back) once the move is undone.
function Undo({ s }) {
  const [asking, setAsking] = useState(null);  // null, or {move, lines, queued}
  const [kept, setKept] = useState(false);
  const box = useRef(null);
  const gv = s.game.view;
  useEffect(() => {
    if ((asking || kept) && box.current) box.current.querySelector("button").focus();
  }, [asking, kept]);
  if (gv.role === "spectator" || gv.over || (!gv.can_undo && !s.outbox.length)) return null;
  const ask = async () => {
    setKept(false);
    const queued = s.outbox[s.outbox.length - 1];
    if (queued) {
      const move = queued.type === "undo" ? t("an undo") : actionLabel(s.labels, queued.action, gv.view);
      setAsking({ queued: true, move, lines: s.lastLines.map((l) => t("Reverse: {line}", { line: l })) });
      return;
    }
    setAsking({ move: "…", lines: [] });
    try {
      const { moveOwner, takeBack } = await import("./takeback.js");  // loaded when an undo is asked
      const entry = await lastLive(s);
      const owner = entry && moveOwner(gv.view, entry);
      const said = entry && (entry.lines[0] || t("the last move"));
      setAsking({ move: entry ? (said.startsWith(owner) ? said : `${owner}: ${said}`) : t("the last move"),
                  lines: entry ? takeBack(s.labels, gv.view, entry) : [] });
    } catch {
      setAsking({ move: t("the last move"), lines: [], offline: true });
    }
  };
  const undo = () => {
    setAsking(null);
    undoLast();
    const prompt = document.getElementById("prompt");
    if (prompt) prompt.focus();
  };
  if (!asking) return html`<div class="stack" ref=${box}><button onClick=${ask}>${t("Undo last move")}</button></div>`;
  return html`<div class="card" role="group" aria-label=${t("Confirm undo")} data-testid="undo-confirm" ref=${box}>
    <p><strong>${asking.queued ? t("Drop this move (recorded on this phone, not sent yet)?") : t("Undo this move?")}</strong></p>
    <p data-testid="undo-move">${asking.move}</p>
    ${asking.lines.length > 0 && html`<p>${t("Put back on the table:")}</p>
      <ul class="log" data-testid="undo-takeback">${asking.lines.map((l) => html`<li>${l}</li>`)}</ul>`}
    ${asking.offline && html`<p class="hint">${t("No connection: the log with its pieces could not be read.")}</p>`}
    <div class="grid2"><button onClick=${() => { setAsking(null); setKept(true); }}>${t("Keep it")}</button>
      <button class="danger" onClick=${undo}>${t("Yes, undo it")}</button></div></div>`;
}

// The game's last moves, whichever phone recorded them, each with the player's name
// (from the log); the phone's own last lines while the log cannot be read (offline).
function JustRecorded({ s }) {
  const view = s.game.view.view;
  const entries = s.recent;
  const who = (e) => {
    const p = (e.events || []).map((ev) => ev.participant).find((x) => x != null && x !== "setup");
    return p != null ? playerName(view, p) : t("Table");
  };
  // The player's name leads each move (the engine's lines usually start with it already).
  const said = (e) => {
    const name = who(e);
    const text = tableLines(e).join(" · ");
    return html`${text.startsWith(name) ? "" : html`<strong>${name}</strong>: `}${text}${e.reverted ? ` ${t("(undone)")}` : ""}`;
  };
  const has = entries ? entries.length > 0 : s.lastLines.length > 0;
  return html`<section aria-labelledby="last-h" class=${has ? "card" : ""} data-testid="just-recorded">
    <h2 id="last-h" class=${has ? "" : "sr-only"}>${t("Just recorded")}${s.fromOther === s.game.view.version
      ? html` <span class="hint" data-testid="other-phone">· ${t("by another phone")}</span>` : ""}</h2>
    <div aria-live="polite">${entries ? html`<ol class="log recent">${entries.map((e) => html`<li key=${e.seq} class=${e.reverted ? "reverted" : ""}>
        ${said(e)}</li>`)}</ol>`
      : html`<ul class="log">${s.lastLines.map((l) => html`<li>${l}</li>`)}</ul>`}</div></section>`;
}

// At an era's start (after Create, at Era II) the layout checklist is the first thing the screen shows,
// until "laid out" is tapped on this phone.  What it lists is kept (per game and era) when first shown,
// so a move from another phone neither takes it away nor moves the buttons under a finger.
const laidKey = (id, era) => `tablekeeper.laidout.${id}.${era}`;
const stored = (key) => { try { return localStorage.getItem(key); } catch { return null; } };
const store = (key, value) => { try { localStorage.setItem(key, value); } catch { /* private mode: not kept */ } };
function LayoutFirst({ s }) {
  const view = s.game.view.view;
  const key = laidKey(s.game.game_id, view.era);
  const [, bump] = useState(0);
  const saved = stored(key);
  if (s.game.view.role === "spectator" || saved === "1") return null;
  let shown = saved ? JSON.parse(saved) : null;
  // Kept again once a view in the phone's language holds the steps (after a switch in Settings the kept view,
  // and the steps kept from it, are in the other language until the view is drawn again).
  const said = s.game.view_lang;
  if (view.setup_instructions && (!shown || (said === lang && shown.lang !== lang))) {
    const { era, player_count, solo, players, setup_instructions, board, turn_order, options } = view;
    shown = { era, player_count, solo, players, setup_instructions, board, turn_order, options, lang: said };
    store(key, JSON.stringify(shown));
  }
  if (!shown) return null;
  return html`<section class="card" aria-labelledby="layout-first-h" data-testid="layout-first">
    <h2 id="layout-first-h">${shown.era === 2 ? t("Era II: lay out the table") : t("First, lay out the table")}</h2>
    <p class="hint">${t("What the app drew and what the box needs, to put on the table. Tick each line when it is done.")}</p>
    <${Checklist} s=${s} view=${shown} />
    <button class="primary" onClick=${() => { store(key, "1"); bump((n) => n + 1); }}>${t("The table is laid out: to the first turn")}</button>
  </section>`;
}

// Whatever appears or goes away between moves (the setup checklist's offer, "Just recorded")
// sits below the recorder, so no button moves under a finger that is aiming at it.
export function GameScreen({ s }) {
  if (!s.game || !s.game.view) {
    return html`<main class="screen"><nav class="nav" aria-label=${t("Back")}><a href="#/">${t("Home")}</a></nav>
      <h1 tabindex="-1">${t("Game")}</h1><${Problem} error=${s.error} />
      <p>${s.online === false ? t("Offline, and this phone has no saved copy of the game yet.") : t("Loading…")}</p></main>`;
  }
  return html`<main class="screen">
    <${GameHeader} s=${s} current="" />
    <${LayoutFirst} s=${s} />
    <${AutomaCard} s=${s} />
    <${TurnCard} s=${s} />
    <${Problem} error=${s.error} />
    <${Outbox} s=${s} />
    ${!s.game.view.over && html`<${Recorder} s=${s} />`}
    <${Undo} s=${s} />
    <${OfflineStatus} s=${s} />
    <${JustRecorded} s=${s} />
    ${(s.game.view.view.setup_instructions || s.game.view.live_actions === 0) && html`<p class="card" data-testid="layout-offer"><a href=${`#/g/${s.game.game_id}/layout`}>
      ${t("Lay out the table: what the app drew →")}</a></p>`}
    <p><a href=${`#/g/${s.game.game_id}/board`}>${t("The board, the global market and the player boards →")}</a></p>
    ${s.game.view.role !== "spectator" && s.developer && html`<${ManualAction} />`}
    <${GameDetails} s=${s} />
  </main>`;
}
