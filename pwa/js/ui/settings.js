// Settings on this phone: the language of every screen, and developer mode (the raw JSON action box).
import { html } from "../html.js";
import { DEVELOPER_KEY, set } from "../store.js";
import { LANGUAGES, lang, setLanguage, t } from "../i18n.js";

export function setDeveloperMode(on) {
  try { localStorage.setItem(DEVELOPER_KEY, on ? "1" : "0"); } catch { /* private mode: this session only */ }
  set({ developer: on });
}

export function Settings({ s }) {
  return html`<main class="screen">
    <nav class="nav" aria-label=${t("Back")}><a href="#/">${t("Home")}</a></nav>
    <h1 tabindex="-1">${t("Settings")}</h1>
    <fieldset data-testid="language"><legend>${t("Language")}</legend>
      ${LANGUAGES.map(([code, name]) => html`<label class="radio" key=${code} lang=${code}>
        <input type="radio" name="language" value=${code} checked=${code === lang}
          onChange=${() => code !== lang && setLanguage(code)} />${name}</label>`)}
      <p class="hint">${t("The phone follows the browser's language until you pick one here.")}</p></fieldset>
    <fieldset><legend>${t("Developer")}</legend>
      <label class="radio"><input type="checkbox" checked=${!!s.developer} data-testid="developer"
        onChange=${(e) => setDeveloperMode(e.target.checked)} />${t("Developer mode: type a move as JSON on the game screen")}</label>
      <p class="hint">${t("For testing and odd cases only; the server still judges every move.")}</p></fieldset>
  </main>`;
}
