// Small pieces several screens use.
import { html } from "../html.js";
import { playerColor, playerName } from "../labels.js";
import { syncNow, gameTitle } from "../sync.js";

export function Dot({ view, id, color }) {
  const c = color || playerColor(view, id);
  return html`<span class=${`dot c-${c}`} aria-hidden="true"></span>`;
}

export function Who({ view, id }) {
  return html`<span><${Dot} view=${view} id=${id} /> ${playerName(view, id)}</span>`;
}

export function Problem({ error }) {
  if (!error) return null;
  return html`<div class="banner error" role="alert">
    <div>${error.detail}</div>
    ${(error.rule || error.code) && html`<div class="hint" style="color:inherit">
      ${error.rule ? html`Rule <strong>${error.rule}</strong>` : ""}${error.rule && error.code ? " · " : ""}${error.code || ""}</div>`}
  </div>`;
}

// Online/offline state and the sync button, shown on every game screen.
export function SyncBar({ s }) {
  const game = s.game;
  const waiting = s.outbox.filter((i) => i.status === "pending").length;
  const rejected = s.outbox.filter((i) => i.status === "rejected").length;
  const saved = game && game.saved_at ? new Date(game.saved_at).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }) : "";
  return html`
    ${s.online === false && html`<div class="banner warn" role="status" data-testid="offline-banner">
      Offline — showing the last known state (saved ${saved}). Moves you record are kept on this phone and sent when the server is back.</div>`}
    ${s.notice && html`<div class="banner ok" role="status" data-testid="notice">${s.notice}</div>`}
    <div class="row" style="justify-content:space-between">
      <span class="chip" data-testid="sync-state" data-live=${s.live ? "true" : "false"}>${s.syncing ? "Syncing…" : s.online === false ? "Offline" : "Online"}${s.live && !s.syncing ? " · live" : ""}
        ${waiting ? ` · ${waiting} waiting` : ""}${rejected ? ` · ${rejected} refused` : ""}</span>
      <button onClick=${() => syncNow()} disabled=${s.syncing}>Sync now</button>
    </div>`;
}

export function GameNav({ s, current }) {
  const id = s.game ? s.game.game_id : s.route.params.id;
  const link = (name, label) => html`<a href=${`#/g/${id}${name ? "/" + name : ""}`}
    aria-current=${current === name ? "page" : undefined}>${label}</a>`;
  return html`<nav class="nav" aria-label="Game screens">
    <a href="#/">Home</a>${link("", "Turn")}${link("log", "Log")}${link("manage", "Manage")}
    ${link("score", "Score")}${link("share", "Share")}</nav>`;
}

export function GameHeader({ s, current, title }) {
  const view = s.game && s.game.view;
  return html`<header>
    <${GameNav} s=${s} current=${current} />
    <h1 tabindex="-1">${title || gameTitle(view)}</h1>
    ${view && html`<p class="hint">Era ${view.view.era === 2 ? "II" : "I"} · ${view.view.phase} · version ${view.version}
      ${view.role === "spectator" ? " · watching (read-only)" : ""}</p>`}
    <${SyncBar} s=${s} />
  </header>`;
}
