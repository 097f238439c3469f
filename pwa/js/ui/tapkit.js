// Pieces the tap-first scorer forms share (Nippon live and end only, Asara end only):
// the edition facts they draw (from the server, cached for offline use), rows of big
// toggle buttons ("chips") instead of typed ids, the entry-mode switch, and the
// verification notes the server returns.  No rules here: the server checks everything.
import { useEffect, useState } from "preact/hooks";
import { html } from "../html.js";
import { t } from "../i18n.js";
import * as db from "../db.js";
import { api } from "../api.js";
import { getState } from "../store.js";
import { call, canRunOffline } from "../offline/engine.js";

// EditionPending's "Try again" asks the open form's useEdition once more.
const again = new EventTarget();

// GET /api/scorers/<game>/edition, remembered in IndexedDB so the form opens offline; with no
// server and nothing remembered, the phone's engine's copy.  null while loading, false when none
// can be had (no signal, never opened online, phone not made ready for offline, or its engine did not answer:
// the store's engine state says so then, EditionPending shows it).
export function useEdition(game) {
  const [edition, setEdition] = useState(null);
  const [tries, setTries] = useState(0);
  useEffect(() => {
    const retry = () => { setEdition(null); setTries((n) => n + 1); };
    again.addEventListener("retry", retry);
    return () => again.removeEventListener("retry", retry);
  }, []);
  useEffect(() => {
    const key = `scorer-edition:${game}`;
    let live = true;
    const cached = db.get("kv", key).then((found) => { if (live && found) setEdition(found); return found; })
      .catch(() => null);
    api.scorerEdition(game).then(({ data }) => {
      if (!live) return;
      setEdition(data);
      db.put("kv", data, key).catch(() => {});
    }).catch(async () => {
      // No server: a phone made ready for offline has the same edition in its engine, even if this
      // form was never opened online.
      if (await cached) return;
      const data = canRunOffline() ? await call("scorer_edition_json", game).catch(() => null) : null;
      if (live) setEdition(data || false);
    });
    return () => { live = false; };
  }, [game, tries]);
  return edition;
}

// What a form shows until its edition is there (`edition` as useEdition gives it): "Loading…", what the form
// needs, or the phone's engine that did not answer (or start) with "Try again".
export function EditionPending({ edition }) {
  const engine = getState().engine || {};
  if (edition === false && engine.status === "failed" && canRunOffline()) {
    return html`<div role="alert" data-testid="edition-engine-failed"><p>${engine.error}</p>
      <div class="stack"><button class="primary" onClick=${() => again.dispatchEvent(new Event("retry"))}>${t("Try again")}</button></div></div>`;
  }
  return edition === false
    ? html`<p role="alert" data-testid="edition-missing">${t("This form needs the game's map and limits from the server: connect once, or make this phone ready for offline on the home screen.")}</p>`
    : html`<p>${t("Loading…")}</p>`;
}

// One choice among a few as big buttons; `value` is pressed.  `name(v, l)` gives each button its accessible name.
export function Chips({ label, options, value, onPick, name, testid }) {
  return html`<div class="chiprow" role="group" aria-label=${label} data-testid=${testid}>
    ${options.map(([v, l]) => html`<button type="button" class=${`chip-btn ${value === v ? "on" : ""}`}
      aria-pressed=${value === v ? "true" : "false"} aria-label=${name ? name(v, l) : undefined}
      onClick=${() => onPick(v)}>${l}</button>`)}
  </div>`;
}

// The entry modes of a scorer, as links (each mode keeps its own draft).
export function ModeSwitch({ game, modes, current }) {
  return html`<nav class="modes" aria-label=${t("Entry mode")}>${modes.map(([m, label]) => html`
    <a href=${`#/scorer/${game}?m=${m}`} class=${`button ${m === current ? "primary" : ""}`}
      aria-current=${m === current ? "page" : undefined}>${label}</a>`)}</nav>`;
}

// The server's "what I could and could not verify", as sheet notes.
export const verificationNotes = (r) => (r.verification || []).map((v) => {
  const mark = { verified: t("Verified"), not_verified: t("Not verified"), mismatch: t("Does not add up") }[v.status] || v.status;
  return t("{mark}: {check} ({detail})", { mark, check: v.check, detail: v.detail });
});

// Focus the element with this id once it is on screen (after a tap that added a field).
export const focusSoon = (id) => setTimeout(() => { const el = document.getElementById(id); el && el.focus(); }, 0);

// Which entry mode a scorer screen shows: ?m=…, else the mode of the reopened history entry,
// else the one last used on this phone, else `fallback`.  null while it is being looked up.
export function useMode(game, params, fallback) {
  const [mode, setMode] = useState(params.m || null);
  useEffect(() => {
    let live = true;
    const key = `scorer-mode:${game}`;
    (async () => {
      let m = params.m;
      if (!m && params.h) {
        const entry = await db.get("kv", params.h).catch(() => null);
        m = entry && entry.input ? entry.input.mode || "detailed" : null;
      }
      if (!m) m = (await db.get("kv", key).catch(() => null)) || fallback;
      else db.put("kv", m, key).catch(() => {});
      if (live) setMode(m);
    })();
    return () => { live = false; };
  }, [game, params.m, params.h]);
  return mode;
}
