// "Ready for offline play": whether this phone has the engine, the button that
// downloads it, and the progress bar while it does (home and game screens).
// The home screen shows this card, so it imports no more than it draws: the engine, labels and
// solo options load when the phone gets ready (or must start its engine).
import { html } from "../html.js";
import * as db from "../db.js";
import { getState, set } from "../store.js";
import { t } from "../i18n.js";

const engine = () => import("./engine.js");
const patchEngine = (p) => set({ engine: { ...(getState().engine || { status: "none" }), ...p } });

// App start: whether this phone was made ready (kv "engine:ready", kept across reloads).  With no signal
// every game needs the engine: a prepared phone starts it in the background (under a second from its
// cache), so the first tap finds it running.  Online the server answers.
export async function loadReadiness() {
  const saved = await db.get("kv", "engine:ready");
  patchEngine({ prepared: saved || null });
  const startOffline = () => {
    if (getState().engine.prepared && !navigator.onLine) engine().then((e) => e.prepare()).catch(() => {});
  };
  startOffline();
  window.addEventListener("offline", startOffline);
  return saved;
}

// Starting the engine with no tap (issue 35): asked once on a game screen, kept like the other settings.
// engine.js's mayStartEngine reads the answer (the same key: this module does not load engine.js).
const BACKGROUND_KEY = "tablekeeper.engine-background";  // "yes" | "no"; unset: not asked yet
function backgroundChoice() {
  try { return localStorage.getItem(BACKGROUND_KEY); } catch { return null; }
}
function choose(answer) {
  try { localStorage.setItem(BACKGROUND_KEY, answer); } catch { /* private mode: this session only */ }
  patchEngine({ asked: answer });  // the card redraws
  if (answer === "yes") makeReady();
}

export async function makeReady() {
  patchEngine({ status: "loading", error: null, loaded: 0, total: 0 });  // the card says so at once
  let modules;
  try {
    modules = await Promise.all([import("../campaigns.js"), import("../labels.js"), engine()]);
  } catch {
    patchEngine({ status: "failed", error: t("This phone could not load the app's offline part: reload and try again.") });
    return;
  }
  const [{ soloInfo }, { loadLabels }, { prepare }] = modules;
  // What the setup screens need with no signal: the default edition's labels and solo options.
  await Promise.all([soloInfo(), loadLabels(null)]).catch(() => {});
  try { await prepare(); } catch { return; /* the card shows the error */ }
  // Made ready on a game screen: its copy of the game too, so the next tap is answered here (a game of this
  // phone only: drawn again, with the moves kept while its engine did not answer).
  const game = getState().game;
  if (game) {
    const play = await import("./play.js");
    (play.isLocalGame(game) ? play.present() : play.followGame(game)).catch(() => {});
  }
}

export function ReadyCard({ s, compact }) {
  const e = s.engine || {};
  // A prepared phone starting its engine from the cache is ready meanwhile; it shows a download only
  // if the browser dropped the cached files (the worker reports progress only while downloading).
  const downloading = e.status === "loading" && (!e.prepared || (e.loaded < e.total && e.total > 0));
  const ready = !downloading && (e.status === "ready" || (e.prepared && e.status !== "failed"));
  if (compact && !ready && !downloading && !e.prepared && e.status !== "failed" && !backgroundChoice()) {
    return html`<section class="card" aria-labelledby="ask-h" data-testid="engine-question">
      <h2 id="ask-h">${t("Answer moves at once on this phone?")}</h2>
      <p class="hint">${t("This phone can run the rules itself: the next question shows as soon as you tap, and games go on with no signal. It downloads about 6 MB once, in the background, only on a good connection that is not saving data.")}</p>
      <div class="grid2"><button onClick=${() => choose("no")}>${t("Not now")}</button>
        <button class="primary" onClick=${() => choose("yes")}>${t("Yes, get it ready")}</button></div>
    </section>`;
  }
  if (compact && ready) {
    return s.offlineReady === (s.game && s.game.game_id) || (s.game && s.game.local)
      ? html`<p class="hint" data-testid="game-offline-ready">${t("Ready to go on with no signal: this phone runs the rules.")}</p>` : null;
  }
  const pct = e.total ? Math.round((100 * e.loaded) / e.total) : 0;
  return html`<section class="card" aria-labelledby="offline-h" data-testid="offline-ready">
    <h2 id="offline-h">${ready ? t("Ready for offline play") : downloading ? t("Getting ready for offline play…")
      : e.prepared && e.status === "failed" ? t("This phone's rules engine stopped") : t("Not ready for offline play yet")}</h2>
    ${downloading && html`<progress max="100" value=${pct} aria-label=${t("Download of the rules engine")}
      style="width:100%">${pct} %</progress>
      <p class="hint">${e.total ? t("{progress} of about 6 MB — the rules engine, once; then games need no signal.", { progress: `${pct} %` })
        : t("Starting… — the rules engine, once; then games need no signal.")}</p>`}
    ${ready && html`<p class="hint">${e.status === "ready" && e.ms != null
        ? t("This phone runs the rules itself: whole games, solo and scorers work with no signal (engine started in {seconds} s).", { seconds: (e.ms / 1000).toFixed(1) })
        : t("This phone runs the rules itself: whole games, solo and scorers work with no signal.")}
      ${(e.version || (e.prepared && e.prepared.version)) && html` ${t("Engine")} <code>${(e.version || e.prepared.version).slice(0, 12)}</code>.`}</p>`}
    ${!ready && !downloading && html`
      ${!(e.prepared && e.status === "failed") && html`<p class="hint">${t("A one-time download of about 6 MB (the same rules engine the server runs).")}</p>`}
      ${e.status === "failed" && html`<p class="banner error" role="alert" data-testid="engine-failed">${e.error}</p>`}
      <div class="stack"><button class="primary" onClick=${makeReady}>${e.status === "failed" ? t("Try again")
        : t("Make this phone ready for offline")}</button></div>`}
  </section>`;
}
