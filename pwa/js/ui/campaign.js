// One campaign: its tiles face up / face down, failures, the next session's starting
// science, the sessions played; start the next session; record a finished one
// (choosing the tile to turn down when several goals were met).  Every number and
// choice comes from the server, or with no signal from the phone's copy of its engine
// (offline/campaign.js), which also shows what waits for the server and any conflict.
import { useEffect, useRef, useState } from "preact/hooks";
import { html } from "../html.js";
import { RuleLink } from "./rulelink.js";
import { newKey, recordSession, refreshCampaign, savedCampaign, startSession } from "../campaigns.js";
import { NetworkError } from "../api.js";
import { go } from "../router.js";
import { canRunOffline, EngineStalled } from "../offline/engine.js";
import { campaignView, hasOfflineWork, recordSessionOffline, resolveConflict, startSessionOffline,
         syncCampaign } from "../offline/campaign.js";
import { Problem } from "./common.js";
import { progressText } from "./automa.js";
import * as db from "../db.js";
import { loadLabels } from "../labels.js";
import { say, t, tn } from "../i18n.js";

const problemOf = (e) => ({ problem: { detail: e.message } });

const STATUS = { in_progress: t("In progress"), won: t("Won"), lost: t("Lost") };

// A campaign tile has no printed code: a person knows it by its goal (the server's goal_text).
function goalOf(view, tile) {
  const found = [...view.tiles, ...view.other_tiles].find((x) => x.tile === tile);
  return found ? t("“{goal}”", { goal: found.goal_text }) : t("a tile");
}
const goalsList = (view, tiles) => tiles.map((tile) => goalOf(view, tile)).join(", ") || t("none");

function Tiles({ view }) {
  return html`<section aria-labelledby="tiles-h"><h2 id="tiles-h">${t("Tiles")}</h2>
    <ul class="plain stack" data-testid="campaign-tiles">${view.tiles.map((tile) => html`<li key=${tile.tile}
      class=${`card ctile ${tile.face_up ? "up" : "down"}`}>
      <strong>${tile.goal_text}</strong>
      <div>${tile.face_up ? t("Face up") : t("Face down — achieved in session {n}", { n: tile.achieved_in_session })}</div></li>`)}</ul>
    ${view.other_tiles.length > 0 && html`<details><summary>${t("Not in this campaign (face down)")}</summary>
      <ul class="plain">${view.other_tiles.map((tile) => html`<li key=${tile.tile}>${tile.goal_text}</li>`)}</ul></details>`}
  </section>`;
}

// Every reason a session failed (CAMPAIGN-02: out-score the Automa AND meet a face-up goal).
const failureReasons = (r) => {
  const reasons = [!r.out_scored && t("the Automa was not out-scored"), !(r.goals_met || []).length && t("no face-up goal was met")]
    .filter(Boolean);
  return reasons.length ? say({ and: reasons }) : t("not won");
};

// What recording a finished session will do, before the tap (the server's dry run, `result.after`).
function consequence(view, r) {
  const a = r.after;
  if (!a) return "";
  const science = a.next_starting_science == null ? ""
    : a.next_starting_science === view.next_starting_science
      ? ` ${t("The next session still starts with {science} science.", { science: a.next_starting_science })}`
      : ` ${t("The next session starts with {before} → {after} science.", { before: view.next_starting_science, after: a.next_starting_science })}`;
  if (r.session_won) {
    return (a.status === "won" ? t("Recording it turns the goal face down: the last one, so the campaign is won.")
      : t("Recording it turns the goal face down.")) + science;
  }
  const counts = { before: view.failures, after: a.failures, limit: view.failures_ending_campaign };
  return (a.status === "lost" ? t("Recording it counts a failure: {before} → {after} of {limit}, so the campaign is lost.", counts)
    : t("Recording it counts a failure: {before} → {after} of {limit}.", counts)) + science;
}

function Sessions({ view }) {
  if (!view.sessions.length) return html`<p>${t("No session recorded yet.")}</p>`;
  return html`<div class="scroll-x"><table data-testid="campaign-sessions"><caption>${t("Sessions played")}</caption>
    <thead><tr><th scope="col">#</th><th scope="col">${t("Result")}</th><th scope="col">${t("Goals met")}</th><th scope="col" class="num">${t("Science")}</th></tr></thead>
    <tbody>${view.sessions.map((s) => html`<tr key=${s.number}><td>${s.number}</td>
      <td>${s.won ? t("Won — {goal} turned down", { goal: goalOf(view, s.turned_down) }) : t("Failed: {reasons}", { reasons: failureReasons(s) })}
        ${s.game_id && html` · <a href=${`#/g/${s.game_id}`}>${t("game")}</a>`}</td>
      <td>${goalsList(view, s.goals_met)}</td><td class="num">${s.starting_science}</td></tr>`)}</tbody></table></div>`;
}

// The goals' progress in the open session, as this phone last saw its game (the engine's solo.goals).
function useLiveGoals(open) {
  const [live, setLive] = useState(null);
  const id = open && !open.over ? open.game_id : null;
  useEffect(() => {
    if (!id) return;
    db.get("games", id).then(async (rec) => {
      const goals = rec && rec.view && rec.view.view && rec.view.view.solo && rec.view.view.solo.goals;
      if (goals && goals.length) setLive({ goals, L: await loadLabels(rec).catch(() => null) });
    });
  }, [id]);
  return id ? live : null;
}

const scores = (view, r) => ({ you: r.human_total ?? "?", automa: r.automa_total ?? "?", goals: goalsList(view, r.goals_met) });

function OpenSession({ view, busy, act }) {
  const open = view.open_session;
  const live = useLiveGoals(open);
  if (!open) return null;
  const r = open.result;
  return html`<section class="card turn" aria-labelledby="open-h" data-testid="open-session">
    <h2 id="open-h">${t("Session {n}", { n: view.sessions.length + 1 })}</h2>
    ${open.tile && html`<p>${t("Automa behaviour from the tile {goal}.", { goal: goalOf(view, open.tile) })}</p>`}
    ${!open.over ? html`<p>${t("Being played.")}</p>
      ${live && html`<p>${t("Goals so far (the last move this phone saw):")}</p><ul data-testid="campaign-goal-progress">
        ${live.goals.map((g) => html`<li key=${g.tile}>${goalOf(view, g.tile)}: ${progressText(live.L, g)}${g.met ? ` — ${t("met now")}` : ""}</li>`)}</ul>`}
      <div class="stack">
        <a class="button primary" href=${`#/g/${open.game_id}`}>${t("Open the game")}</a>
        <button onClick=${() => confirm(t("Abandon this session's game and start another?")) && act("start", { restart: true })}
          disabled=${busy}>${t("Abandon it and start again")}</button></div>`
      : html`<p><strong>${r.session_won ? t("Session won") : t("Session failed")}</strong>${": "}${
        (r.out_scored ? t("you {you}, Automa {automa} (out-scored); goals met: {goals}.", scores(view, r))
          : t("you {you}, Automa {automa}; goals met: {goals}.", scores(view, r)))}${r.session_won ? ""
        : ` ${t("Failed because {reasons}.", { reasons: failureReasons(r) })}`}</p>
      <p data-testid="record-preview">${consequence(view, r)}</p>
      ${r.turn_down_choices.length > 1 ? html`<fieldset><legend>${t("Which achieved goal do you turn face down?")}</legend>
          <div class="stack">${r.turn_down_choices.map((tile) => html`<button class="primary" disabled=${busy}
            onClick=${() => act("record", { game_id: open.game_id, turn_down: tile })}>${t("Turn down {goal}", { goal: goalOf(view, tile) })}</button>`)}</div></fieldset>`
        : html`<div class="stack"><button class="primary" disabled=${busy}
            onClick=${() => act("record", { game_id: open.game_id })}>${t("Record this session")}</button></div>`}`}
  </section>`;
}

function NextSession({ view, busy, act }) {
  const [tile, setTile] = useState("");
  if (view.status !== "in_progress" || view.open_session) return null;
  const faceUp = view.tiles.filter((t) => t.face_up);
  return html`<section aria-labelledby="next-h"><h2 id="next-h">${t("Next session")}</h2>
    <label for="next-tile">${t("Tile whose Automa behaviour you play")}</label>
    <select id="next-tile" value=${tile} onChange=${(e) => setTile(e.target.value)}>
      <option value="">${t("The app draws a face-up tile")}</option>
      ${faceUp.map((x) => html`<option value=${x.tile}>${x.goal_text}</option>`)}</select>
    <div class="stack" style="margin-top:.5rem"><button class="primary" disabled=${busy}
      onClick=${() => act("start", tile ? { tile } : {})}>${t("Start session {n}", { n: view.sessions.length + 1 })}</button></div>
  </section>`;
}

// Offline work of this phone: what waits for the server, or the conflict the server found.
function OfflineWork({ view, saved, busy, settle, sync }) {
  if (saved && saved.conflict) {
    const c = saved.conflict;
    // what the server holds now (the last view fetched), else what it held when it refused
    const srv = !saved.local && saved.view && saved.view.version > (c.current_version || 0)
      ? { sessions: saved.view.sessions.length, open: !!saved.view.open_session } : c.server;
    const happened = srv ? [srv.sessions > c.known_sessions && tn("{n} session was recorded", "{n} sessions were recorded", srv.sessions - c.known_sessions),
      srv.open && t("a session was started and is being played")].filter(Boolean) : [];
    const what = !srv ? t("another phone started or recorded a session")
      : happened.length ? say({ and: happened }) : t("another phone wrote to it");
    const why = c.code === "version_mismatch" || c.status === 412 || c.code === "session_in_progress"
      ? (c.current_version ? t("The campaign changed on the server while this phone was offline: on another phone {what} (the server is at version {version}).", { what, version: c.current_version })
        : t("The campaign changed on the server while this phone was offline: on another phone {what}.", { what }))
      : c.detail;
    const n = (saved.pending || []).length;
    return html`<section class="card" role="alert" aria-labelledby="cconf-h" data-testid="campaign-conflict">
      <h2 id="cconf-h">${n > 1 ? t("The server did not take your sessions played offline") : t("The server did not take your session played offline")}</h2>
      <p data-testid="campaign-conflict-why">${why}${c.rule ? html` (${t("rule")} <strong><${RuleLink} id=${c.rule} /></strong>)` : ""}</p>
      <p class="hint">${tn("Nothing was merged. Keep your session as a separate solo game (not counted in the campaign), replay it as the campaign's next session on the server (the phone's engine checks every move first), or drop it.",
        "Nothing was merged. Keep your {n} sessions as separate solo games (not counted in the campaign), replay them as the campaign's next session on the server (the phone's engine checks every move first), or drop them.", n)}</p>
      <div class="stack">
        ${n === 1 && html`<button class="primary" disabled=${busy} onClick=${() => settle("replay")}>${t("Replay my session as the next session")}</button>`}
        <button disabled=${busy} onClick=${() => settle("separate")}>${t("Keep it as a separate game")}</button>
        <button class="danger" disabled=${busy} onClick=${() => confirm(t("Drop the session(s) played offline?")) && settle("drop")}>${t("Drop it")}</button>
      </div></section>`;
  }
  if (!view.local && !view.waiting) {
    return saved && saved.verified ? html`<p class="hint" role="status" data-testid="campaign-verified">${saved.verified.same
      ? t("Sent from this phone: the server has the same sessions and the same standing.") : t("The server's campaign differed from this phone's copy: showing the server's.")}</p>` : null;
  }
  return html`<div class="banner warn" data-testid="campaign-offline"><p>${view.local ? t("On this phone only: the campaign is created on the server when the connection is back.")
    : tn("{n} session played offline, on this phone only until the connection is back.", "{n} sessions played offline, on this phone only until the connection is back.", view.waiting)}</p>
    <button class="small" disabled=${busy} onClick=${sync}>⟳ ${t("Sync now")}</button></div>`;
}

export default function CampaignScreen({ params }) {
  const id = params.id;
  const [view, setView] = useState(null);
  const [saved, setSaved] = useState(null);
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);
  const keys = useRef({});  // one Idempotency-Key per intended write, reused by a retry

  // Show what this phone holds (its engine's view over offline work), send that work, then ask the server.
  const show = async () => {
    const record = await savedCampaign(id);
    setSaved(record);
    if (record) setView(await campaignView(record));
    return record;
  };
  const load = async () => {
    setError(null);
    let stalled = null;  // the phone's engine did not answer: it says so, with "Try again" (a fresh one answers it)
    const record = await show().catch((err) => { if (err instanceof EngineStalled) stalled = err; return null; });
    if (stalled) return setError({ detail: stalled.message, stalled: true });
    if (record && hasOfflineWork(record) && !record.conflict) {
      const sent = await syncCampaign(id);
      if (sent.campaign_id && sent.campaign_id !== id) return;  // created on the server: the screen moves to its id
      await show();
    }
    if (record && record.local) return;
    try {
      await refreshCampaign(id);
      await show();
    } catch (err) {
      setError(err.problem ? err : { detail: err.message === t("This phone does not know that campaign.") ? err.message : t("Offline: showing the last known state.") });
    }
  };
  useEffect(() => { load(); }, [id]);

  const act = async (what, body) => {
    const sig = `${what}:${JSON.stringify(body)}`;
    keys.current[sig] ||= newKey();
    setBusy(true); setError(null);
    const record = await savedCampaign(id);
    try {
      if (what === "start") {
        const mine = record.local || record.conflict || (record.pending || []).length;
        const data = mine ? await startSessionOffline(id, body) : await startSession(id, body, keys.current[sig]);
        if (data.problem) return setError(data.problem);
        go(`#/g/${data.game_id}`);
      } else {
        const here = await recordSessionOffline(id, body);
        if (here && here.problem) return setError(here.problem);
        if (here) { await show(); recorded(); return; }
        setView((await recordSession(id, body, keys.current[sig])).campaign);
        recorded();
      }
      delete keys.current[sig];
    } catch (err) {
      if (err instanceof NetworkError && what === "start" && canRunOffline()) {  // no signal: this phone's engine starts it
        const data = await startSessionOffline(id, body).catch((e) => problemOf(e));
        if (data.problem) setError(data.problem); else go(`#/g/${data.game_id}`);
        return;
      }
      if (err instanceof EngineStalled) return setError({ detail: err.message });  // the phone's engine did not answer
      setError(err.problem ? err : { detail: t("No server answered: try again when the connection is back.") });
      if (err.problem && err.status === 409) refreshCampaign(id).then(setView).catch(() => {});
    } finally { setBusy(false); }
  };

  // After recording, the focus goes to where the campaign now stands (the summary is a live region too).
  const recorded = () => setTimeout(() => { const el = document.querySelector("[data-testid=campaign-summary]"); el && el.focus(); }, 0);

  const settle = async (how) => {
    setBusy(true); setError(null);
    try {
      const done = await resolveConflict(id, how);
      if (done.problem) setError(done.problem);
      await show();
    } catch (err) {
      if (err instanceof EngineStalled) return setError({ detail: err.message });  // the phone's engine did not answer
      setError(err.problem ? err : { detail: t("No server answered: try again when the connection is back.") });
    } finally { setBusy(false); }
  };

  return html`<main class="screen">
    <nav class="nav" aria-label=${t("Back")}><a href="#/">${t("Home")}</a><a href="#/campaigns">${t("Campaigns")}</a></nav>
    <h1 tabindex="-1">${view ? t("Campaign — {player}", { player: view.player.name }) : t("Campaign")}</h1>
    <${Problem} error=${error} />
    ${error && error.stalled && html`<div class="stack"><button class="primary" disabled=${busy} onClick=${load}>${t("Try again")}</button></div>`}
    ${view && html`
      <${OfflineWork} view=${view} saved=${saved} busy=${busy} settle=${settle} sync=${load} />
      <p class="row"><span class="chip" role="status" data-testid="campaign-status">${STATUS[view.status] || view.status}</span>
        <span>${t("Difficulty ×{n}", { n: view.difficulty })}</span></p>
      <div class="card" data-testid="campaign-summary" tabindex="-1" role="status" aria-label=${t("Where the campaign stands")}>
        <p>${t("Failures:")} <strong>${t("{n} of {limit}", { n: view.failures, limit: view.failures_ending_campaign })}</strong>${view.status !== "in_progress" ? ""
          : view.failures_left <= 1 ? ` ${t("(one more failure loses the campaign)")}`
            : ` ${t("(the campaign is lost at {limit})", { limit: view.failures_ending_campaign })}`}</p>
        <p>${view.next_starting_science == null ? t("The campaign is over.")
          : html`${t("Next session starts with")} <strong>${t("{n} science", { n: view.next_starting_science })}</strong>.`}</p>
        <p>${t("Sessions played:")} <strong>${view.sessions.length}</strong>${
          ` · ${t("tiles face down: {n} of {total}", { n: view.tiles.filter((x) => !x.face_up).length, total: view.tiles.length })}`}</p></div>
      <${OpenSession} view=${view} busy=${busy} act=${act} />
      <${NextSession} view=${view} busy=${busy} act=${act} />
      <${Tiles} view=${view} />
      <h2>${t("Sessions")}</h2>
      <${Sessions} view=${view} />`}
    ${!view && !error && html`<p>${t("Loading…")}</p>`}
  </main>`;
}
