// Joining a game: by its code, or as a spectator from a watch link (loaded on demand, see app.js).
import { useEffect, useState } from "preact/hooks";
import { html } from "../html.js";
import { api } from "../api.js";
import { openGame, rememberGame } from "../sync.js";
import { go } from "../router.js";
import { Problem } from "./common.js";
import { t } from "../i18n.js";

// Join by code: typed, or opened from the host's QR code (a link to #/join/CODE:
// the phone's own camera app reads it, so no in-app scanner is needed).
export function Join({ params }) {
  const [code, setCode] = useState(params.code || "");
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e) => {
    e && e.preventDefault();
    setBusy(true); setError(null);
    try {
      const { data } = await api.join(code.trim());
      await rememberGame({ game_id: data.game_id, token: data.table_token, join_code: code.trim().toUpperCase() });
      go(`#/g/${data.game_id}`);
    } catch (err) {
      setError(err.problem ? err : { detail: t("No server answered: joining needs a connection.") });
    } finally { setBusy(false); }
  };
  useEffect(() => { if (params.code && params.code.length >= 4) submit(); }, [params.code]);
  return html`<main class="screen">
    <nav class="nav" aria-label=${t("Back")}><a href="#/">${t("Home")}</a></nav>
    <h1 tabindex="-1">${t("Join a game")}</h1>
    <form onSubmit=${submit}>
      <label for="join-code">${t("Join code (on the host phone's Share screen)")}</label>
      <input id="join-code" name="join_code" autocomplete="off" autocapitalize="characters" inputmode="text"
        maxlength="16" value=${code} onInput=${(e) => setCode(e.target.value)} required />
      <p class="hint">${t("Or point your camera app at the host's QR code: it opens this screen with the code filled in.")}</p>
      <div class="stack" style="margin-top:.6rem"><button class="primary" type="submit" disabled=${busy || code.trim().length < 4}>${t("Join")}</button></div>
    </form>
    <${Problem} error=${error} />
  </main>`;
}

// Spectator link (#/watch/ID?token=…): keep the read-only token, open the game.
export function Watch({ params }) {
  useEffect(() => {
    if (!params.id || !params.token) return;
    rememberGame({ game_id: params.id, token: params.token, role: "spectator" })
      .then(() => { go(`#/g/${params.id}`); openGame(params.id); });
  }, [params.id, params.token]);
  return html`<main class="screen"><h1 tabindex="-1">${t("Opening the game…")}</h1></main>`;
}
