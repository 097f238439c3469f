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
import { canRunOffline } from "../offline/engine.js";
import { campaignView, hasOfflineWork, recordSessionOffline, resolveConflict, startSessionOffline,
         syncCampaign } from "../offline/campaign.js";
import { Problem } from "./common.js";
import { progressText } from "./automa.js";
import * as db from "../db.js";
import { loadLabels } from "../labels.js";

const problemOf = (e) => ({ problem: { detail: e.message } });

const STATUS = { in_progress: "In progress", won: "Won", lost: "Lost" };

// A campaign tile has no printed code: a person knows it by its goal (the server's goal_text).
function goalOf(view, tile) {
  const t = [...view.tiles, ...view.other_tiles].find((x) => x.tile === tile);
  return t ? `“${t.goal_text}”` : "a tile";
}
const goalsList = (view, tiles) => tiles.map((t) => goalOf(view, t)).join(", ") || "none";

function Tiles({ view }) {
  return html`<section aria-labelledby="tiles-h"><h2 id="tiles-h">Tiles</h2>
    <ul class="plain stack" data-testid="campaign-tiles">${view.tiles.map((t) => html`<li key=${t.tile}
      class=${`card ctile ${t.face_up ? "up" : "down"}`}>
      <strong>${t.goal_text}</strong>
      <div>${t.face_up ? "Face up" : `Face down — achieved in session ${t.achieved_in_session}`}</div></li>`)}</ul>
    ${view.other_tiles.length > 0 && html`<details><summary>Not in this campaign (face down)</summary>
      <ul class="plain">${view.other_tiles.map((t) => html`<li key=${t.tile}>${t.goal_text}</li>`)}</ul></details>`}
  </section>`;
}

// Every reason a session failed (CAMPAIGN-02: out-score the Automa AND meet a face-up goal).
const failureReasons = (r) => [!r.out_scored && "the Automa was not out-scored",
  !(r.goals_met || []).length && "no face-up goal was met"].filter(Boolean).join(" and ") || "not won";

// What recording a finished session will do, before the tap (the server's dry run, `result.after`).
function consequence(view, r) {
  const a = r.after;
  if (!a) return "";
  const science = a.next_starting_science == null ? ""
    : a.next_starting_science === view.next_starting_science ? ` The next session still starts with ${a.next_starting_science} science.`
      : ` The next session starts with ${view.next_starting_science} → ${a.next_starting_science} science.`;
  if (r.session_won) {
    return `Recording it turns the goal face down${a.status === "won" ? ": the last one, so the campaign is won." : "."}${science}`;
  }
  return `Recording it counts a failure: ${view.failures} → ${a.failures} of ${view.failures_ending_campaign}${
    a.status === "lost" ? ", so the campaign is lost." : "."}${science}`;
}

function Sessions({ view }) {
  if (!view.sessions.length) return html`<p>No session recorded yet.</p>`;
  return html`<div class="scroll-x"><table data-testid="campaign-sessions"><caption>Sessions played</caption>
    <thead><tr><th scope="col">#</th><th scope="col">Result</th><th scope="col">Goals met</th><th scope="col" class="num">Science</th></tr></thead>
    <tbody>${view.sessions.map((s) => html`<tr key=${s.number}><td>${s.number}</td>
      <td>${s.won ? `Won — ${goalOf(view, s.turned_down)} turned down` : `Failed: ${failureReasons(s)}`}
        ${s.game_id && html` · <a href=${`#/g/${s.game_id}`}>game</a>`}</td>
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

function OpenSession({ view, busy, act }) {
  const open = view.open_session;
  const live = useLiveGoals(open);
  if (!open) return null;
  const r = open.result;
  return html`<section class="card turn" aria-labelledby="open-h" data-testid="open-session">
    <h2 id="open-h">Session ${view.sessions.length + 1}</h2>
    ${open.tile && html`<p>Automa behaviour from the tile ${goalOf(view, open.tile)}.</p>`}
    ${!open.over ? html`<p>Being played.</p>
      ${live && html`<p>Goals so far (the last move this phone saw):</p><ul data-testid="campaign-goal-progress">
        ${live.goals.map((g) => html`<li key=${g.tile}>${goalOf(view, g.tile)}: ${progressText(live.L, g)}${g.met ? " — met now" : ""}</li>`)}</ul>`}
      <div class="stack">
        <a class="button primary" href=${`#/g/${open.game_id}`}>Open the game</a>
        <button onClick=${() => confirm("Abandon this session's game and start another?") && act("start", { restart: true })}
          disabled=${busy}>Abandon it and start again</button></div>`
      : html`<p><strong>${r.session_won ? "Session won" : "Session failed"}</strong>${
        `: you ${r.human_total ?? "?"}, Automa ${r.automa_total ?? "?"}${r.out_scored ? " (out-scored)" : ""}; `
        + `goals met: ${goalsList(view, r.goals_met)}.`}${r.session_won ? "" : ` Failed because ${failureReasons(r)}.`}</p>
      <p data-testid="record-preview">${consequence(view, r)}</p>
      ${r.turn_down_choices.length > 1 ? html`<fieldset><legend>Which achieved goal do you turn face down?</legend>
          <div class="stack">${r.turn_down_choices.map((t) => html`<button class="primary" disabled=${busy}
            onClick=${() => act("record", { game_id: open.game_id, turn_down: t })}>Turn down ${goalOf(view, t)}</button>`)}</div></fieldset>`
        : html`<div class="stack"><button class="primary" disabled=${busy}
            onClick=${() => act("record", { game_id: open.game_id })}>Record this session</button></div>`}`}
  </section>`;
}

function NextSession({ view, busy, act }) {
  const [tile, setTile] = useState("");
  if (view.status !== "in_progress" || view.open_session) return null;
  const faceUp = view.tiles.filter((t) => t.face_up);
  return html`<section aria-labelledby="next-h"><h2 id="next-h">Next session</h2>
    <label for="next-tile">Tile whose Automa behaviour you play</label>
    <select id="next-tile" value=${tile} onChange=${(e) => setTile(e.target.value)}>
      <option value="">The app draws a face-up tile</option>
      ${faceUp.map((t) => html`<option value=${t.tile}>${t.goal_text}</option>`)}</select>
    <div class="stack" style="margin-top:.5rem"><button class="primary" disabled=${busy}
      onClick=${() => act("start", tile ? { tile } : {})}>Start session ${view.sessions.length + 1}</button></div>
  </section>`;
}

// Offline work of this phone: what waits for the server, or the conflict the server found.
function OfflineWork({ view, saved, busy, settle, sync }) {
  if (saved && saved.conflict) {
    const c = saved.conflict;
    // what the server holds now (the last view fetched), else what it held when it refused
    const srv = !saved.local && saved.view && saved.view.version > (c.current_version || 0)
      ? { sessions: saved.view.sessions.length, open: !!saved.view.open_session } : c.server;
    const what = !srv ? "another phone started or recorded a session"
      : [srv.sessions > c.known_sessions && `${srv.sessions - c.known_sessions} session${srv.sessions - c.known_sessions > 1 ? "s were" : " was"} recorded`,
         srv.open && "a session was started and is being played"].filter(Boolean).join(" and ") || "another phone wrote to it";
    const why = c.code === "version_mismatch" || c.status === 412 || c.code === "session_in_progress"
      ? `The campaign changed on the server while this phone was offline: on another phone ${what}${
        c.current_version ? ` (the server is at version ${c.current_version})` : ""}.`
      : c.detail;
    const n = (saved.pending || []).length;
    return html`<section class="card" role="alert" aria-labelledby="cconf-h" data-testid="campaign-conflict">
      <h2 id="cconf-h">The server did not take your session${n > 1 ? "s" : ""} played offline</h2>
      <p data-testid="campaign-conflict-why">${why}${c.rule ? html` (rule <strong><${RuleLink} id=${c.rule} /></strong>)` : ""}</p>
      <p class="hint">Nothing was merged. Keep your ${n > 1 ? `${n} sessions as separate solo games` : "session as a separate solo game"} (not counted
        in the campaign), replay ${n > 1 ? "them" : "it"} as the campaign's next session on the server (the phone's engine checks every move
        first), or drop ${n > 1 ? "them" : "it"}.</p>
      <div class="stack">
        ${n === 1 && html`<button class="primary" disabled=${busy} onClick=${() => settle("replay")}>Replay my session as the next session</button>`}
        <button disabled=${busy} onClick=${() => settle("separate")}>Keep it as a separate game</button>
        <button class="danger" disabled=${busy} onClick=${() => confirm("Drop the session(s) played offline?") && settle("drop")}>Drop it</button>
      </div></section>`;
  }
  if (!view.local && !view.waiting) {
    return saved && saved.verified ? html`<p class="hint" role="status" data-testid="campaign-verified">${saved.verified.same
      ? "Sent from this phone: the server has the same sessions and the same standing." : "The server's campaign differed from this phone's copy: showing the server's."}</p>` : null;
  }
  return html`<div class="banner warn" data-testid="campaign-offline"><p>${view.local ? "On this phone only: the campaign is created on the server when the connection is back."
    : `${view.waiting} session${view.waiting > 1 ? "s" : ""} played offline, on this phone only until the connection is back.`}</p>
    <button class="small" disabled=${busy} onClick=${sync}>⟳ Sync now</button></div>`;
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
    const record = await show().catch(() => null);
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
      setError(err.problem ? err : { detail: err.message.includes("phone") ? err.message : "Offline: showing the last known state." });
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
      setError(err.problem ? err : { detail: "No server answered: try again when the connection is back." });
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
      setError(err.problem ? err : { detail: "No server answered: try again when the connection is back." });
    } finally { setBusy(false); }
  };

  return html`<main class="screen">
    <nav class="nav" aria-label="Back"><a href="#/">Home</a><a href="#/campaigns">Campaigns</a></nav>
    <h1 tabindex="-1">Campaign${view ? ` — ${view.player.name}` : ""}</h1>
    <${Problem} error=${error} />
    ${view && html`
      <${OfflineWork} view=${view} saved=${saved} busy=${busy} settle=${settle} sync=${load} />
      <p class="row"><span class="chip" role="status" data-testid="campaign-status">${STATUS[view.status] || view.status}</span>
        <span>Difficulty ×${view.difficulty}</span></p>
      <div class="card" data-testid="campaign-summary" tabindex="-1" role="status" aria-label="Where the campaign stands">
        <p>Failures: <strong>${view.failures} of ${view.failures_ending_campaign}</strong>${view.status !== "in_progress" ? ""
          : view.failures_left <= 1 ? " (one more failure loses the campaign)"
            : ` (the campaign is lost at ${view.failures_ending_campaign})`}</p>
        <p>${view.next_starting_science == null ? "The campaign is over."
          : html`Next session starts with <strong>${view.next_starting_science} science</strong>.`}</p>
        <p>Sessions played: <strong>${view.sessions.length}</strong>${
          ` · tiles face down: ${view.tiles.filter((t) => !t.face_up).length} of ${view.tiles.length}`}</p></div>
      <${OpenSession} view=${view} busy=${busy} act=${act} />
      <${NextSession} view=${view} busy=${busy} act=${act} />
      <${Tiles} view=${view} />
      <h2>Sessions</h2>
      <${Sessions} view=${view} />`}
    ${!view && !error && html`<p>Loading…</p>`}
  </main>`;
}
