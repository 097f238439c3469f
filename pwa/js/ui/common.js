// Small pieces several screens use.
import { html } from "../html.js";
import { RuleLink } from "./rulelink.js";
import { playerColor, playerName } from "../labels.js";
import { syncNow, gameTitle } from "../sync.js";
import { lang, t, tn } from "../i18n.js";

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
      ${error.rule ? html`${t("Rule")} <strong><${RuleLink} id=${error.rule} /></strong>` : ""}${error.rule && error.code ? " · " : ""}${error.code || ""}</div>`}
  </div>`;
}

// Online/offline state and the sync button, shown on every game screen.  The
// notices ("In step with the server", …) are a fixed overlay (they never push the
// buttons down under a finger that is aiming at them).
export function SyncBar({ s }) {
  const waiting = s.outbox.filter((i) => i.status === "pending").length;
  const rejected = s.outbox.filter((i) => i.status === "rejected").length;
  return html`<div class="status-row">
      <span class="chip" data-testid="sync-state" data-live=${s.live ? "true" : "false"}>${s.syncing ? t("Syncing…") : s.online === false ? t("Offline") : t("Online")}${s.live && !s.syncing ? ` · ${t("live")}` : ""}
        ${waiting ? ` · ${tn("{n} waiting", "{n} waiting", waiting)}` : ""}${rejected ? ` · ${tn("{n} refused", "{n} refused", rejected)}` : ""}</span>
      <button class="small" onClick=${() => syncNow()} disabled=${s.syncing} aria-label=${t("Sync now")}>⟳ ${t("Sync")}</button>
    </div>`;
}

function Banners({ s }) {
  const game = s.game;
  const saved = game && game.saved_at ? new Date(game.saved_at).toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit" }) : "";
  return html`
    ${s.online === false && html`<div class="banner warn" role="status" data-testid="offline-banner">
      ${game && (game.local || (game.view && game.view.local) || s.offlineReady === game.game_id)
        ? t("Offline — this phone runs the rules: play on. Every move is kept here and sent when the server is back.")
        : t("Offline — showing the last known state (saved {time}). Moves you record are kept on this phone and sent when the server is back.", { time: saved })}</div>`}
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

const PHASES = { turns: t("turns"), management: t("management phase"), setup: t("setup"), over: t("over") };

// A compact header: the screens, the title with the era and phase, the sync state.
// The version number is for machines (data-version) and the details line at the foot.
export function GameHeader({ s, current, title }) {
  const view = s.game && s.game.view;
  return html`<header class="game-header" data-version=${view ? view.version : undefined}>
    <${GameNav} s=${s} current=${current} />
    <div class="title-row">
      <a href="#/" class="home-link" aria-label=${t("Home")} title=${t("Home")}><span aria-hidden="true">⌂</span></a>
      <div class="title"><h1 tabindex="-1">${title || gameTitle(view)}</h1>
        ${view && html`<p class="hint">${t("Era {era}", { era: view.view.era === 2 ? "II" : "I" })} · ${PHASES[view.view.phase] || view.view.phase}${view.role === "spectator" ? ` · ${t("watching (read-only)")}` : ""}</p>`}</div>
      <${SyncBar} s=${s} />
    </div>
    <${Banners} s=${s} />
  </header>`;
}

// The technical facts nobody needs at the table, out of the way at the foot of a screen.
export function GameDetails({ s }) {
  const view = s.game && s.game.view;
  if (!view) return null;
  return html`<details class="game-details" data-testid="game-details"><summary>${t("Game details")}</summary>
    <p class="hint">${t("Game {id} · version {version} (moves and undos so far)", { id: view.game_id, version: String(view.version) })}${view.edition && view.edition.content_hash
      ? ` · ${t("edition {hash}", { hash: String(view.edition.content_hash).slice(0, 12) })}` : ""}</p></details>`;
}
