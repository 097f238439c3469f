// Share & export: the join code with its QR code (a link that opens #/join/CODE,
// so another phone's camera app is the scanner), a spectator link, the JSON
// export and the BG Stats link.
import { useEffect, useState } from "preact/hooks";
import { html } from "../html.js";
import { api } from "../api.js";
import { qrSvg } from "../qr.js";
import { rememberGame } from "../sync.js";
import { set } from "../store.js";
import { bggId } from "../labels.js";
import { bgStatsLink, downloadExport, startSeat } from "../export.js";
import { GameHeader, Problem } from "./common.js";
import { useOutcome } from "./score.js";
import { useLog } from "./uselog.js";
import { t } from "../i18n.js";

export function ShareScreen({ s }) {
  const game = s.game;
  const [svg, setSvg] = useState("");
  const [error, setError] = useState(null);
  const [spectator, setSpectator] = useState(null);
  const code = game && game.join_code;
  const link = code ? `${location.origin}/#/join/${code}` : null;
  const { outcome } = useOutcome(game);
  const { log } = useLog(outcome ? game : null);
  useEffect(() => { if (link) qrSvg(link, t("QR code to join with code {code}", { code })).then(setSvg); }, [link]);
  if (!game) return html`<main class="screen"><h1 tabindex="-1">${t("Share")}</h1><p>${t("Loading…")}</p></main>`;
  const guard = (fn) => async () => {
    setError(null);
    try { await fn(); } catch (err) { setError(err.problem ? err : { detail: t("No server answered: this needs a connection.") }); }
  };
  const newCode = guard(async () => {
    const { data } = await api.newJoinCode(game.game_id, game.token);
    const updated = await rememberGame({ ...game, join_code: data.join_code });
    set({ game: updated });
  });
  const newSpectator = guard(async () => {
    const { data } = await api.spectatorToken(game.game_id, game.token);
    setSpectator(`${location.origin}/${data.spectator_link.replace(/^\//, "")}`);
  });
  const table = game.role !== "spectator";
  const bgg = bggId(s.labels);
  return html`<main class="screen">
    <${GameHeader} s=${s} current="share" title=${t("Share & export")} />
    <${Problem} error=${error} />
    ${table && html`<section aria-labelledby="join-h"><h2 id="join-h">${t("Another phone joins")}</h2>
      ${code ? html`<p>${t("Join code")}</p><p class="code" data-testid="join-code">${code}</p>
        <div class="qr" dangerouslySetInnerHTML=${{ __html: svg }}></div>
        <p class="hint">${t("Scan with the camera app, or type the code on Home → Join.")}</p>`
        : html`<p>${t("This phone does not know the current join code.")}</p>`}
      <div class="stack"><button onClick=${newCode}>${t("Make a new join code (the old one stops working)")}</button></div>
      <h2>${t("Spectators")}</h2>
      <div class="stack"><button onClick=${newSpectator}>${t("Create a read-only link")}</button></div>
      ${spectator && html`<p style="word-break:break-all"><a href=${spectator}>${spectator}</a></p>`}
    </section>`}
    <section aria-labelledby="export-h"><h2 id="export-h">${t("Export")}</h2>
      <div class="stack">
        <button onClick=${guard(() => downloadExport(game))}>${t("Download the game (JSON)")}</button>
        ${outcome && log ? html`<a class="button" href=${bgStatsLink(game.view, outcome, { start: startSeat(game.view, log),
            bggId: bgg.value })} target="_blank" rel="noopener">${t("Push the play to BG Stats")}</a>
          ${bgg.value == null ? html`<p class="hint">${t("This edition does not give the game's BoardGameGeek id yet: BG Stats matches the play by the game's name.")}</p>`
            : bgg.placeholder && html`<p class="hint">${t("The BoardGameGeek id sent ({id}) is a placeholder: check it on boardgamegeek.com.", { id: String(bgg.value) })}</p>`}`
          : html`<button disabled aria-describedby="bg-hint">${t("Push the play to BG Stats")}</button>
            <p class="hint" id="bg-hint">${t("Available once the game is over and the server gives its final score.")}</p>`}
      </div></section>
  </main>`;
}
