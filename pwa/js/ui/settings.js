// Settings on this phone: developer mode shows the raw JSON action box.
import { html } from "../html.js";
import { DEVELOPER_KEY, set } from "../store.js";

export function setDeveloperMode(on) {
  try { localStorage.setItem(DEVELOPER_KEY, on ? "1" : "0"); } catch { /* private mode: this session only */ }
  set({ developer: on });
}

export function Settings({ s }) {
  return html`<main class="screen">
    <nav class="nav" aria-label="Back"><a href="#/">Home</a></nav>
    <h1 tabindex="-1">Settings</h1>
    <fieldset><legend>Developer</legend>
      <label class="radio"><input type="checkbox" checked=${!!s.developer} data-testid="developer"
        onChange=${(e) => setDeveloperMode(e.target.checked)} />Developer mode: type a move as JSON on the game screen</label>
      <p class="hint">For testing and odd cases only; the server still judges every move.</p></fieldset>
  </main>`;
}
