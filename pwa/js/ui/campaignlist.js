// Campaigns: the ones this phone knows, and a new one (2 to 9 scenarios, drawn or chosen).
import { useEffect, useState } from "preact/hooks";
import { html } from "../html.js";
import { createCampaign, forgetCampaign, savedCampaigns, soloInfo } from "../campaigns.js";
import { go } from "../router.js";
import { NetworkError } from "../api.js";
import { canRunOffline } from "../offline/engine.js";
import { bundledEdition } from "../offline/play.js";
import { createCampaignOffline } from "../offline/campaign.js";
import { Problem } from "./common.js";
import { AutomaTiles, Choice, Difficulty } from "./solo.js";
import { formatDate, t, tn } from "../i18n.js";
import { colourName } from "./setupcheck.js";

const STATUS = { in_progress: t("in progress"), won: t("won"), lost: t("lost") };

function NewCampaign({ info }) {
  const [f, setF] = useState({ name: t("Player {n}", { n: 1 }), color: info.colors[0] || "red", difficulty: 1, how: "draw",
                               count: 3, chosen: [], tiles: "generated", showAll: false });
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);
  const put = (patch) => setF({ ...f, ...patch });
  const toggle = (t) => put({ chosen: f.chosen.includes(t) ? f.chosen.filter((x) => x !== t) : [...f.chosen, t] });
  const counts = [];
  for (let n = info.min; n <= info.max; n++) counts.push(n);

  const submit = async (e) => {
    e.preventDefault();
    setBusy(true); setError(null);
    const body = { player: { name: f.name.trim() || f.color, color: f.color }, difficulty: f.difficulty,
                   automa_tiles: f.tiles, show_all: f.showAll };
    if (f.how === "draw") body.count = f.count; else body.tiles = f.chosen;
    try {
      const data = await createCampaign(body);
      go(`#/c/${data.campaign_id}`);
    } catch (err) {
      if (err instanceof NetworkError && canRunOffline()) {  // no signal: this phone's engine starts the campaign
        const made = await createCampaignOffline(body).catch((e) => ({ problem: { detail: e.message } }));
        return made.problem ? setError(made.problem) : go(`#/c/${made.campaign_id}`);
      }
      setError(err.problem ? err : { detail: t("No server answered: a new campaign needs a connection.") });
    } finally { setBusy(false); }
  };

  return html`<form onSubmit=${submit} aria-labelledby="new-h">
    <h2 id="new-h">${t("New campaign")}</h2>
    <fieldset><legend>${t("You")}</legend>
      <label for="camp-name">${t("Name")}</label>
      <input id="camp-name" value=${f.name} maxlength="40" onInput=${(e) => put({ name: e.target.value })} />
      <label for="camp-color">${t("Colour")}</label>
      <select id="camp-color" value=${f.color} onChange=${(e) => put({ color: e.target.value })}>
        ${info.colors.map((c) => html`<option value=${c}>${colourName(c)}</option>`)}</select></fieldset>
    <${Difficulty} info=${info} value=${f.difficulty} onChange=${(d) => put({ difficulty: d })} />
    <fieldset><legend>${t("Scenarios")}</legend>
      <${Choice} name="how" value=${f.how} onChange=${(v) => put({ how: v })} options=${[
        ["draw", t("The app draws the campaign tiles")], ["choose", t("The table chose the tiles")]]} />
      ${f.how === "draw" ? html`<label for="camp-count">${t("How many scenarios")}</label>
        <select id="camp-count" value=${String(f.count)} onChange=${(e) => put({ count: Number(e.target.value) })}>
          ${counts.map((n) => html`<option value=${String(n)}>${n}</option>`)}</select>`
        : html`<p class="hint">${t("{min} to {max} tiles ({n} chosen).", { min: info.min, max: info.max, n: f.chosen.length })}</p>
        <div class="stack">${info.tiles.map((t) => html`<button type="button" class="choice" aria-pressed=${f.chosen.includes(t.tile)}
          onClick=${() => toggle(t.tile)}>${t.goal}</button>`)}</div>`}
      <label class="radio"><input type="checkbox" checked=${f.showAll} onChange=${(e) => put({ showAll: e.target.checked })} />
        ${t("Show the other tiles too (face down)")}</label></fieldset>
    <${AutomaTiles} value=${f.tiles} onChange=${(v) => put({ tiles: v })} />
    <${Problem} error=${error} />
    <div class="stack"><button class="primary" type="submit" disabled=${busy}>${t("Create the campaign")}</button></div>
  </form>`;
}

export default function Campaigns() {
  const [list, setList] = useState(null);
  const [info, setInfo] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => {
    savedCampaigns().then(setList);
    soloInfo().catch((err) => (canRunOffline() ? soloInfo(bundledEdition) : Promise.reject(err))).then(setInfo)
      .catch(() => setError({ detail: t("No server answered: a new campaign needs a connection.") }));
  }, []);
  const forget = async (c) => {
    if (!confirm(t("Forget “{title}” on this phone? (It stays on the server.)", { title: c.title }))) return;
    await forgetCampaign(c.campaign_id);
    setList(await savedCampaigns());
  };
  return html`<main class="screen">
    <nav class="nav" aria-label=${t("Back")}><a href="#/">${t("Home")}</a><a href="#/solo">${t("Solo game")}</a></nav>
    <h1 tabindex="-1">${t("Solo campaigns")}</h1>
    <p class="hint">${t("A series of scenarios against the Automa: in each, meet a face-up tile's goal and out-score the Automa. The server keeps the campaign: tiles achieved, failures and the next session's starting science. With no signal a phone ready for offline play keeps it itself and sends it when the connection is back.")}</p>
    <h2>${t("On this phone")}</h2>
    ${list && list.length ? html`<ul class="plain stack" data-testid="campaigns">${list.map((c) => html`<li class="card" key=${c.campaign_id}>
        <a class="button" style="width:100%" href=${`#/c/${c.campaign_id}`}>${c.title}</a>
        <p class="hint">${STATUS[c.status] || c.status}${c.local ? ` · ${t("on this phone only")}` : ""}${
          c.waiting && !c.local ? ` · ${tn("{n} session(s) on this phone only", "{n} session(s) on this phone only", c.waiting)}` : ""}${c.conflict ? ` · ${t("conflict with the server")}` : ""}
          · ${t("saved {when}", { when: formatDate(c.saved_at) })}</p>
        <button class="danger" onClick=${() => forget(c)} aria-label=${t("Forget {title}", { title: c.title })}>${t("Forget")}</button></li>`)}</ul>`
      : html`<p>${t("No campaign on this phone yet.")}</p>`}
    ${info ? html`<${NewCampaign} info=${info} />` : html`<${Problem} error=${error} />`}
  </main>`;
}
