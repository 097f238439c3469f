// History: every play this phone knows (plays.js: saved scorings, finished recorded and solo games,
// imported plays), newest first, each with every player's final score and a way back to its score
// sheet; export of all plays (BG Stats JSON, CSV) and import of this app's own export.
import { useEffect, useState } from "preact/hooks";
import { html } from "../html.js";
import * as db from "../db.js";
import * as plays from "../plays.js";
import { download, fromJson, toCsv, toJson } from "../playsio.js";
import { formatDate, ordinal as place, say, t, tn } from "../i18n.js";

export const GAMES = plays.GAMES;

const ordinal = (n) => say(place(n));
// How a play was kept, in words (plays.MODES keeps the English for the export files).
const MODES = { scored: t("scorer"), recorded: t("recorded game"), solo: t("solo game"), imported: t("imported") };
export const playTitle = (p) => `${GAMES[p.game] || p.game} · ${MODES[p.mode] || p.mode} · ${formatDate(p.date)}`;

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
    <ul class="plain" aria-label=${t("Final scores")}>${[...p.players].sort((a, b) => (a.rank ?? 99) - (b.rank ?? 99)).map((x) => html`
      <li data-player=${x.name}><strong>${x.name}</strong> ${x.score ?? "—"}${x.rank != null ? ` · ${ordinal(x.rank)}` : ""}${x.winner ? ` · ${t("winner")}` : ""}${x.start ? ` · ${t("started")}` : ""}</li>`)}</ul>
    <p class="hint">${[p.solo && `${p.solo.won ? t("Won against the Automa") : t("Lost against the Automa")} · ${p.solo.rank_title}`,
      p.duration_min && t("{n} min", { n: p.duration_min }), p.imported && t("imported")].filter(Boolean).join(" · ")}</p>
    <div class="row">${sheet && html`<a class="button" href=${sheet} aria-label=${t("Reopen the score sheet of {play}", { play: title })}>${t("Score sheet")}</a>`}
      <button class="danger" onClick=${() => onDelete(p)} aria-label=${t("Delete {play}", { play: title })}>${t("Delete")}</button></div>
  </li>`;
}

export default function History() {
  const [entries, setEntries] = useState(null);
  const [gameIds, setGameIds] = useState(new Set());
  const [note, setNote] = useState(null);
  const [checking, setChecking] = useState(true);  // the finished games' plays are still being looked for
  const load = async () => {
    setEntries(await plays.list());
    setGameIds(new Set((await db.all("games")).map((g) => g.game_id)));
  };
  useEffect(() => {
    const h = document.querySelector("main h1"); h && h.focus();
    load().then(() => plays.keepFinished()).then(load).catch(() => {}).finally(() => setChecking(false));
  }, []);
  const remove = async (p) => {
    if (!confirm(t("Delete the play {play}?", { play: playTitle(p) }))) return;
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
      setNote({ ok: true, text: tn("{n} play(s) imported.", "{n} play(s) imported.", added) });
      await load();
    } catch (err) { setNote({ ok: false, text: err.message }); }
  };
  return html`<main class="screen">
    <nav class="nav" aria-label=${t("Back")}><a href="#/">${t("Home")}</a><a href="#/stats">${t("Stats")}</a><a href="#/rules">${t("Rules")}</a></nav>
    <h1 tabindex="-1">${t("History")}</h1>
    <p class="hint">${t("Every finished game on this phone: scorings, recorded and solo games, imported plays.")}</p>
    ${entries == null ? html`<p>${t("Loading…")}</p>` : entries.length === 0 ? html`<p>${t("No saved scorings yet. No finished game on this phone either.")}</p>`
      : html`<ul class="plain stack" data-testid="history" aria-busy=${checking ? "true" : "false"}>${entries.map((p) => html`<${PlayCard} key=${p.id} p=${p} gameIds=${gameIds} onDelete=${remove} />`)}</ul>`}
    <h2>${t("Export and import")}</h2>
    <div class="stack">
      <button disabled=${!entries || !entries.length} onClick=${() => download(`tablekeeper-plays-${day}.json`, toJson(entries), "application/json")}>
        ${t("Export all plays (BG Stats JSON)")}</button>
      <button disabled=${!entries || !entries.length} onClick=${() => download(`tablekeeper-plays-${day}.csv`, toCsv(entries), "text/csv")}>
        ${t("Export all plays (CSV)")}</button>
      <label for="plays-import">${t("Import plays (this app's JSON export)")}</label>
      <input id="plays-import" type="file" accept="application/json,.json" onChange=${importFile} />
      ${note && html`<p class=${`banner ${note.ok ? "ok" : "error"}`} role=${note.ok ? "status" : "alert"}>${note.text}</p>`}
    </div>
    <h2>${t("Score a game")}</h2>
    <div class="stack"><a class="button" href="#/scorer/asian-tigers">${t("Asian Tigers scorer")}</a>
      <a class="button" href="#/scorer/nippon">${t("Nippon scorer")}</a><a class="button" href="#/scorer/asara">${t("Asara scorer")}</a></div>
  </main>`;
}
