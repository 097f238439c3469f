// History: the finished scorings this table saved (scorer screens), newest first,
// each reopened (input + the server's result, offline too) or deleted.
import { useEffect, useState } from "preact/hooks";
import { html } from "../html.js";
import * as scorings from "../scorings.js";
import { ScorerFrame } from "./formkit.js";

export const GAMES = { "asian-tigers": "Asian Tigers", nippon: "Nippon", asara: "Asara" };

export default function History() {
  const [entries, setEntries] = useState(null);
  const load = () => scorings.list().then(setEntries);
  useEffect(() => { load(); }, []);
  const remove = async (e) => {
    if (!confirm(`Delete the ${GAMES[e.game] || e.game} scoring of ${new Date(e.saved_at).toLocaleString()}?`)) return;
    await scorings.remove(e.id);
    await load();
  };
  return html`<${ScorerFrame} title="History">
    <p class="hint">Finished scorings saved on this phone.</p>
    ${entries == null ? html`<p>Loading…</p>` : entries.length === 0 ? html`<p>No saved scorings yet.</p>`
      : html`<ul class="plain stack" data-testid="history">${entries.map((e) => { const sm = e.summary || {}; const title = `${GAMES[e.game] || e.game} · ${new Date(e.saved_at).toLocaleString()}`; return html`
        <li class="card" key=${e.id}>
          <h2 class="h3">${title}</h2>
          <p>${(sm.people || []).map((p) => `${p.label} ${p.total}`).join(" · ")}</p>
          <p class="hint">${sm.headline || (sm.winners && sm.winners.length ? `${sm.winners.join(" and ")} ${sm.winners.length > 1 ? "share the win" : "wins"}` : "")}</p>
          <div class="row"><a class="button" href=${`#/scorer/${e.game}?h=${encodeURIComponent(e.id)}`}
              aria-label=${`Reopen ${title}`}>Reopen</a>
            <button class="danger" onClick=${() => remove(e)} aria-label=${`Delete ${title}`}>Delete</button></div>
        </li>`; })}</ul>`}
    <h2>Score a game</h2>
    <div class="stack"><a class="button" href="#/scorer/asian-tigers">Asian Tigers scorer</a>
      <a class="button" href="#/scorer/nippon">Nippon scorer</a><a class="button" href="#/scorer/asara">Asara scorer</a></div>
  </${ScorerFrame}>`;
}
