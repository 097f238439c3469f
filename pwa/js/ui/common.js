// Small pieces several screens use.
import { html } from "../html.js";
import { RuleLink } from "./rulelink.js";
import { playerColor, playerName } from "../labels.js";
import { syncNow, gameTitle } from "../sync.js";
import { t } from "../i18n.js";

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
      ${error.rule ? html`Rule <strong><${RuleLink} id=${error.rule} /></strong>` : ""}${error.rule && error.code ? " · " : ""}${error.code || ""}</div>`}
  </div>`;
}

// Online/offline state and the sync button, shown on every game screen.  The
// notices ("In step with the server", …) are a fixed overlay (they never push the
// buttons down under a finger that is aiming at them).
export function SyncBar({ s }) {
  const waiting = s.outbox.filter((i) => i.status === "pending").length;
  const rejected = s.outbox.filter((i) => i.status === "rejected").length;
  return html`<div class="status-row">
      <span class="chip" data-testid="sync-state" data-live=${s.live ? "true" : "false"}>${s.syncing ? "Syncing…" : s.online === false ? "Offline" : "Online"}${s.live && !s.syncing ? " · live" : ""}
        ${waiting ? ` · ${waiting} waiting` : ""}${rejected ? ` · ${rejected} refused` : ""}</span>
      <button class="small" onClick=${() => syncNow()} disabled=${s.syncing} aria-label="Sync now">⟳ Sync</button>
    </div>`;
}

function Banners({ s }) {
  const game = s.game;
  const saved = game && game.saved_at ? new Date(game.saved_at).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }) : "";
  return html`
    ${s.online === false && html`<div class="banner warn" role="status" data-testid="offline-banner">
      ${game && (game.local || (game.view && game.view.local) || s.offlineReady === game.game_id)
        ? "Offline — this phone runs the rules: play on. Every move is kept here and sent when the server is back."
        : `Offline — showing the last known state (saved ${saved}). Moves you record are kept on this phone and sent when the server is back.`}</div>`}
    <div class="toast-slot" role="status">${s.notice && html`<div class="toast" data-testid="notice">${s.notice}</div>`}</div>`;
}

export function GameNav({ s, current }) {
  const id = s.game ? s.game.game_id : s.route.params.id;
  const link = (name, label) => html`<a href=${`#/g/${id}${name ? "/" + name : ""}`}
    aria-current=${current === name ? "page" : undefined}>${label}</a>`;
  return html`<nav class="nav tabs" aria-label=${t("Game screens")}>
    ${link("", t("Turn"))}${link("board", t("Board"))}${link("log", t("Log"))}${link("manage", t("Manage"))}
    ${link("score", t("Score"))}${link("share", t("Share"))}</nav>`;
}

const PHASES = { turns: "turns", management: "management phase", setup: "setup", over: "over" };

// A compact header: the screens, the title with the era and phase, the sync state.
// The version number is for machines (data-version) and the details line at the foot.
export function GameHeader({ s, current, title }) {
  const view = s.game && s.game.view;
  return html`<header class="game-header" data-version=${view ? view.version : undefined}>
    <${GameNav} s=${s} current=${current} />
    <div class="title-row">
      <a href="#/" class="home-link" aria-label="Home" title="Home"><span aria-hidden="true">⌂</span></a>
      <div class="title"><h1 tabindex="-1">${title || gameTitle(view)}</h1>
        ${view && html`<p class="hint">Era ${view.view.era === 2 ? "II" : "I"} · ${PHASES[view.view.phase] || view.view.phase}${view.role === "spectator" ? " · watching (read-only)" : ""}</p>`}</div>
      <${SyncBar} s=${s} />
    </div>
    <${Banners} s=${s} />
  </header>`;
}

// The technical facts nobody needs at the table, out of the way at the foot of a screen.
export function GameDetails({ s }) {
  const view = s.game && s.game.view;
  if (!view) return null;
  return html`<details class="game-details" data-testid="game-details"><summary>Game details</summary>
    <p class="hint">Game ${view.game_id} · version ${view.version} (moves and undos so far)${view.edition && view.edition.content_hash
      ? ` · edition ${String(view.edition.content_hash).slice(0, 12)}` : ""}</p></details>`;
}
