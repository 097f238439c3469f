// Solo setup: one player against the Automa.  The choices become options.solo
// (difficulty, variant, high score, scenario tile, how the Automa's tiles are drawn);
// the server checks them and says why when it refuses.
import { useEffect, useState } from "preact/hooks";
import { html } from "../html.js";
import { api } from "../api.js";
import { rememberGame } from "../sync.js";
import { soloInfo } from "../campaigns.js";
import { go } from "../router.js";
import { Problem } from "./common.js";
import { NetworkError } from "../api.js";
import { canRunOffline } from "../offline/engine.js";
import { bundledEdition, createOffline } from "../offline/play.js";
import { t } from "../i18n.js";
import { colourName } from "../labels.js";

const VARIANTS = [
  ["solo", t("Solo: beat the Automa's score")],
  ["scenario", t("Scenario: a campaign tile's goal, and beat the Automa")],
  ["high_score", t("High score: beat the Automa and your best score")],
];

export function Choice({ name, value, options, onChange }) {
  return html`${options.map(([v, text]) => html`<label class="radio"><input type="radio" name=${name}
    checked=${value === v} onChange=${() => onChange(v)} />${text}</label>`)}`;
}

export function Difficulty({ info, value, onChange }) {
  return html`<fieldset><legend>${t("Difficulty")}</legend><div class="grid4">
    ${info.difficulties.map((d) => html`<button type="button" class="choice" aria-pressed=${value === d}
      onClick=${() => onChange(d)}>×${d}</button>`)}</div>
    <p class="hint">${t("The Automa's points are multiplied by this number.")}</p></fieldset>`;
}

export function AutomaTiles({ value, onChange }) {
  return html`<fieldset><legend>${t("The Automa's action tiles")}</legend>
    <${Choice} name="automa-tiles" value=${value} onChange=${onChange} options=${[
      ["generated", t("The app shuffles them (the table follows the app)")],
      ["recorded", t("The table shuffles them and tells the app each tile revealed")]]} /></fieldset>`;
}

export default function SoloSetup() {
  const [info, setInfo] = useState(null);
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);
  const [f, setF] = useState({ name: t("Player {n}", { n: 1 }), color: "", difficulty: 1, variant: "solo", high: "", tile: "", tiles: "generated" });
  const put = (patch) => setF({ ...f, ...patch });
  useEffect(() => {
    soloInfo().catch((err) => (canRunOffline() ? soloInfo(bundledEdition) : Promise.reject(err))).then((i) => { setInfo(i); setF((old) => ({ ...old, color: old.color || i.colors[0] || "red" })); })
      .catch(() => setError({ detail: t("No server answered: a new game needs a connection.") }));
  }, []);

  // SOLO-SCORE-03: the score to beat is this player's best solo score on record (plays.js), when there is one.
  useEffect(() => {
    if (f.variant !== "high_score" || f.high !== "") return;
    import("../plays.js").then((m) => m.soloHighScore(f.name)).then((best) => best != null && setF((old) => (old.high === "" ? { ...old, high: String(best), highFromRecord: true } : old)))
      .catch(() => {});
  }, [f.variant, f.name]);

  const create = async (e) => {
    e.preventDefault();
    setBusy(true); setError(null);
    const solo = { difficulty: f.difficulty, variant: f.variant, tiles: f.tiles };
    if (f.variant === "high_score") solo.high_score = Number(f.high);
    if (f.variant === "scenario" && f.tile) solo.campaign_tile = f.tile;
    const options = { players: [{ name: f.name.trim() || f.color, color: f.color }], solo };
    try {
      const { data } = await api.createGame({ game: "asian_tigers", options });
      await rememberGame({ game_id: data.game_id, token: data.table_token, join_code: data.join_code, view: data.game });
      go(`#/g/${data.game_id}`);
    } catch (err) {
      if (err instanceof NetworkError && canRunOffline()) {  // no signal: this phone's engine starts the game
        const made = await createOffline(options).catch((e) => ({ problem: { detail: e.message } }));
        setBusy(false);
        return made.problem ? setError(made.problem) : go(`#/g/${made.game_id}`);
      }
      setError(err.problem ? err : { detail: t("No server answered: a new game needs a connection.") });
    } finally { setBusy(false); }
  };

  return html`<main class="screen">
    <nav class="nav" aria-label=${t("Back")}><a href="#/">${t("Home")}</a><a href="#/campaigns">${t("Campaigns")}</a></nav>
    <h1 tabindex="-1">${t("Solo game")}</h1>
    <p class="hint">${t("You against the Automa. The app plays the Automa's turns and tells you what to do for it on the table.")}</p>
    ${!info ? html`<${Problem} error=${error} />${!error && html`<p>${t("Loading…")}</p>`}` : html`<form onSubmit=${create}>
      <fieldset><legend>${t("You")}</legend>
        <label for="solo-name">${t("Name")}</label>
        <input id="solo-name" value=${f.name} maxlength="40" onInput=${(e) => put({ name: e.target.value })} />
        <label for="solo-color">${t("Colour")}</label>
        <select id="solo-color" value=${f.color} onChange=${(e) => put({ color: e.target.value })}>
          ${info.colors.map((c) => html`<option value=${c}>${colourName(c)}</option>`)}</select></fieldset>
      <${Difficulty} info=${info} value=${f.difficulty} onChange=${(d) => put({ difficulty: d })} />
      <fieldset><legend>${t("Variant")}</legend>
        <${Choice} name="variant" value=${f.variant} options=${VARIANTS} onChange=${(v) => put({ variant: v })} />
        <p class="hint">${t("Several scenarios in a row?")} <a href="#/campaigns">${t("Play a campaign")}</a>.</p>
        ${f.variant === "high_score" && html`<label for="solo-high">${t("Your high score so far")}</label>
          <input id="solo-high" inputmode="numeric" pattern="[0-9]*" required value=${f.high}
            onInput=${(e) => put({ high: e.target.value, highFromRecord: false })} />
          ${f.highFromRecord && html`<p class="hint" data-testid="high-from-record">${t("Your best solo score on record")} (<a href="#/stats">${t("Stats")}</a>).</p>`}`}
        ${f.variant === "scenario" && html`<label for="solo-tile">${t("Campaign tile")}</label>
          <select id="solo-tile" value=${f.tile} onChange=${(e) => put({ tile: e.target.value })}>
            <option value="">${t("The app draws one")}</option>
            ${info.tiles.map((t) => html`<option value=${t.tile}>${t.goal}</option>`)}</select>`}
      </fieldset>
      <${AutomaTiles} value=${f.tiles} onChange=${(v) => put({ tiles: v })} />
      <${Problem} error=${error} />
      <div class="stack sticky-bottom"><button class="primary" type="submit" disabled=${busy}>${t("Start the solo game")}</button></div>
    </form>`}
  </main>`;
}
