// History: every play this phone knows (plays.js: saved scorings, finished recorded and solo games,
// imported plays), newest first, each with every player's final score and a way back to its score
// sheet; export of all plays (BG Stats JSON, CSV) and import of this app's own export.
import { useEffect, useState } from "preact/hooks";
import { html } from "../html.js";
import * as db from "../db.js";
import * as plays from "../plays.js";
import { download, fromJson, toCsv, toJson } from "../playsio.js";

export const GAMES = plays.GAMES;

const ordinal = (n) => (n === 1 ? "1st" : n === 2 ? "2nd" : n === 3 ? "3rd" : `${n}th`);
export const playTitle = (p) => `${GAMES[p.game] || p.game} · ${plays.MODES[p.mode] || p.mode} · ${new Date(p.date).toLocaleString()}`;

// A play's score sheet, while this phone still has it (the game, or the saved scoring).
function sheetOf(p, gameIds) {
  if (p.source && p.source.game_id) return gameIds.has(p.source.game_id) ? `#/g/${p.source.game_id}/score` : null;
  return p.imported ? null : p.sheet || null;
}

export function PlayCard({ p, gameIds, onDelete }) {
  const title = playTitle(p);
  const sheet = sheetOf(p, gameIds);
  return html`<li class="card" data-testid="play">
    <h2 class="h3">${title}</h2>
    <ul class="plain" aria-label="Final scores">${[...p.players].sort((a, b) => (a.rank ?? 99) - (b.rank ?? 99)).map((x) => html`
      <li data-player=${x.name}><strong>${x.name}</strong> ${x.score ?? "—"}${x.rank != null ? ` · ${ordinal(x.rank)}` : ""}${x.winner ? " · winner" : ""}${x.start ? " · started" : ""}</li>`)}</ul>
    <p class="hint">${[p.solo && `${p.solo.won ? "Won" : "Lost"} against the Automa · ${p.solo.rank_title}`,
      p.duration_min && `${p.duration_min} min`, p.imported && "imported"].filter(Boolean).join(" · ")}</p>
    <div class="row">${sheet && html`<a class="button" href=${sheet} aria-label=${`Reopen the score sheet of ${title}`}>Score sheet</a>`}
      <button class="danger" onClick=${() => onDelete(p)} aria-label=${`Delete ${title}`}>Delete</button></div>
  </li>`;
}

export default function History() {
  const [entries, setEntries] = useState(null);
  const [gameIds, setGameIds] = useState(new Set());
  const [note, setNote] = useState(null);
  const load = async () => {
    setEntries(await plays.list());
    setGameIds(new Set((await db.all("games")).map((g) => g.game_id)));
  };
  useEffect(() => {
    const h = document.querySelector("main h1"); h && h.focus();
    load().then(() => plays.keepFinished()).then(load).catch(() => {});
  }, []);
  const remove = async (p) => {
    if (!confirm(`Delete the play ${playTitle(p)}?`)) return;
    await plays.remove(p);
    await load();
  };
  const day = new Date().toISOString().slice(0, 10);
  const importFile = async (e) => {
    const file = e.target.files[0];
    e.target.value = "";
    if (!file) return;
    try {
      const added = await plays.keepImported(fromJson(await file.text()));
      setNote({ ok: true, text: `${added} play(s) imported.` });
      await load();
    } catch (err) { setNote({ ok: false, text: err.message }); }
  };
  return html`<main class="screen">
    <nav class="nav" aria-label="Back"><a href="#/">Home</a><a href="#/stats">Stats</a><a href="#/rules">Rules</a></nav>
    <h1 tabindex="-1">History</h1>
    <p class="hint">Every finished game on this phone: scorings, recorded and solo games, imported plays.</p>
    ${entries == null ? html`<p>Loading…</p>` : entries.length === 0 ? html`<p>No saved scorings yet. No finished game on this phone either.</p>`
      : html`<ul class="plain stack" data-testid="history">${entries.map((p) => html`<${PlayCard} key=${p.id} p=${p} gameIds=${gameIds} onDelete=${remove} />`)}</ul>`}
    <h2>Export and import</h2>
    <div class="stack">
      <button disabled=${!entries || !entries.length} onClick=${() => download(`tablekeeper-plays-${day}.json`, toJson(entries), "application/json")}>
        Export all plays (BG Stats JSON)</button>
      <button disabled=${!entries || !entries.length} onClick=${() => download(`tablekeeper-plays-${day}.csv`, toCsv(entries), "text/csv")}>
        Export all plays (CSV)</button>
      <label for="plays-import">Import plays (this app's JSON export)</label>
      <input id="plays-import" type="file" accept="application/json,.json" onChange=${importFile} />
      ${note && html`<p class=${`banner ${note.ok ? "ok" : "error"}`} role=${note.ok ? "status" : "alert"}>${note.text}</p>`}
    </div>
    <h2>Score a game</h2>
    <div class="stack"><a class="button" href="#/scorer/asian-tigers">Asian Tigers scorer</a>
      <a class="button" href="#/scorer/nippon">Nippon scorer</a><a class="button" href="#/scorer/asara">Asara scorer</a></div>
  </main>`;
}
