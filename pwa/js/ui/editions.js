// Editions: the list (#/editions), one edition (#/editions/ID: progress by component,
// save, share by link/QR, export, use on this phone), and the comparison of two
// editions (#/editions/ID/diff/OTHER).  The calibration screens are in calibrate.js.
import { useEffect, useState } from "preact/hooks";
import { html } from "../html.js";
import { go } from "../router.js";
import { qrSvg } from "../qr.js";
import { Problem } from "./common.js";
import { t } from "../i18n.js";
import { currentDraft, downloadEdition, editionsApi, importFile, phoneDefault, progressText, rememberToken,
         setDraft, setPhoneDefault, startDraft, tokenFor } from "../editions.js";

const offline = { detail: t("No server answered: editions need a connection.") };
const fail = (setError) => (err) => setError(err && (err.problem || err.detail) ? err : offline);
const GAME_NAMES = { asian_tigers: "Asian Tigers", nippon: "Nippon", asara: "Asara" };
const day = new Intl.DateTimeFormat(document.documentElement.lang || undefined, { dateStyle: "short" });

function List() {
  const [list, setList] = useState(null);
  const [draft, setDraftState] = useState(null);
  const [mine, setMine] = useState(null);
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);
  const [name, setName] = useState(t("Our box"));
  const [game, setGame] = useState("asian_tigers");
  useEffect(() => {
    editionsApi.list().then(({ data }) => setList(data.editions)).catch(fail(setError));
    currentDraft().then((d) => setDraftState(d || null));
    phoneDefault("asian_tigers").then((d) => setMine(d || null));
  }, []);
  const draftRecord = draft && list && list.find((x) => x.edition_id === draft.edition_id);
  const start = async () => {
    setBusy(true); setError(null);
    try { const data = await startDraft(name.trim() || t("Our box"), "default", game); go(`#/editions/${data.edition_id}`); }
    catch (err) { fail(setError)(err); } finally { setBusy(false); }
  };
  const onFile = async (e) => {
    const file = e.target.files && e.target.files[0];
    if (!file) return;
    setError(null);
    try { const data = await importFile(file, file.name.replace(/\.json$/i, "").slice(0, 80) || t("Imported")); go(`#/editions/${data.edition_id}`); }
    catch (err) { fail(setError)(err); }
  };
  return html`<main class="screen">
    <nav class="nav" aria-label=${t("Back")}><a href="#/">${t("Home")}</a></nav>
    <h1 tabindex="-1">${t("Editions: the numbers of your box")}</h1>
    <p class="hint">${t("The rulebook does not print the numbers on the board, tokens and tiles, so the app starts from invented ones (starred in scores). Check them once against your box, component by component, and every game uses them.")}</p>
    <${Problem} error=${error} />
    ${draftRecord && draftRecord.draft && html`<section class="card"><h2>${t("Your calibration")}</h2>
      <p><strong>${draftRecord.name}</strong>: ${progressText(draftRecord)}</p>
      <a class="button primary" href=${`#/editions/${draft.edition_id}`}>${t("Resume checking")}</a></section>`}
    <section class="card"><h2>${t("Start checking your box")}</h2>
      <label for="ed-name">${t("Name of your edition")}</label>
      <input id="ed-name" maxlength="80" value=${name} onInput=${(e) => setName(e.target.value)} />
      <label for="ed-game">${t("Game")}</label>
      <select id="ed-game" value=${game} onChange=${(e) => setGame(e.target.value)}>
        ${Object.entries(GAME_NAMES).map(([k, v]) => html`<option value=${k}>${v}</option>`)}</select>
      <div class="stack" style="margin-top:.5rem"><button class="primary" disabled=${busy} onClick=${start}>${t("Start checking the numbers")}</button></div>
      <label for="ed-file">${t("Or import an edition file someone shared")}</label>
      <input id="ed-file" type="file" accept="application/json,.json" onChange=${onFile} /></section>
    <p>${t("New games on this phone use:")} <strong data-testid="phone-default">${mine ? mine.name : t("the server's default edition")}</strong>
      ${mine && html` <button class="small" onClick=${() => setPhoneDefault("asian_tigers", null).then(() => setMine(null))}>${t("Use the server's default")}</button>`}</p>
    <h2>${t("All editions")}</h2>
    ${!list ? html`<p>${t("Loading…")}</p>` : list.length === 0 ? html`<p>${t("None yet.")}</p>` : html`<ul class="plain stack">
      ${list.map((x) => html`<li class="card" key=${x.edition_id}><a href=${`#/editions/${x.edition_id}`}>${x.name}</a>
        <p class="hint">${GAME_NAMES[x.game] || x.game} · ${progressText(x)} · ${x.draft ? t("draft") : t("saved")}${" · "}
          ${day.format(new Date(x.created_at))}${x.created_by ? ` · ${t("by {name}", { name: x.created_by })}` : ""}</p></li>`)}</ul>`}
  </main>`;
}

function Detail({ id }) {
  const [ed, setEd] = useState(null);
  const [token, setToken] = useState(null);
  const [svg, setSvg] = useState("");
  const [mine, setMine] = useState(null);
  const [others, setOthers] = useState([]);
  const [other, setOther] = useState("default");
  const [error, setError] = useState(null);
  const [notice, setNotice] = useState(null);
  const link = `${location.origin}/#/editions/${id}`;
  useEffect(() => {
    editionsApi.get(id).then(({ data }) => { setEd(data); return phoneDefault(data.game).then((d) => setMine(d || null)); })
      .catch(fail(setError));
    tokenFor(id).then(setToken);
    editionsApi.list().then(({ data }) => setOthers(data.editions.filter((x) => x.edition_id !== id))).catch(() => {});
    qrSvg(link, t("QR code that opens this edition")).then(setSvg).catch(() => {});
  }, [id]);
  if (!ed) return html`<main class="screen"><nav class="nav" aria-label=${t("Back")}><a href="#/editions">${t("Editions")}</a></nav>
    <h1 tabindex="-1">${t("Edition")}</h1><${Problem} error=${error} />${!error && html`<p>${t("Loading…")}</p>`}</main>`;
  const owner = !!token && ed.draft;
  const guard = (fn) => async () => { setError(null); setNotice(null); try { await fn(); } catch (err) { fail(setError)(err); } };
  // Publishing is for good: said before the tap, confirmed, and never needed to play with the edition.
  const save = guard(async () => {
    if (!confirm(t("Publish “{name}”? Nobody can change its values after this (a fix then needs a copy). Games already played keep the values they used. You do not need this to play with it.", { name: ed.name }))) return;
    const { data } = await editionsApi.patch(id, token, { draft: false });
    setEd(data);
    const draft = await currentDraft();
    if (draft && draft.edition_id === id) await setDraft(null);
    setNotice(t("Published: its values are fixed now."));
  });
  const useHere = guard(async () => {
    await setPhoneDefault(ed.game, { edition_id: id, name: ed.name });
    setMine({ edition_id: id, name: ed.name });
    setNotice(ed.game === "asian_tigers" ? t("New games on this phone will use this edition.")
      : t("The {game} scorer on this phone will use this edition.", { game: GAME_NAMES[ed.game] }));
  });
  const copy = guard(async () => {
    const { data } = await editionsApi.create({ name: t("{name} (my copy)", { name: ed.name }).slice(0, 80), base: id, draft: true,
                                                ...(ed.game !== "asian_tigers" ? { game: ed.game } : {}) });
    await rememberToken(data.edition_id, data.edition_token);
    await setDraft({ edition_id: data.edition_id, name: data.edition.name });
    go(`#/editions/${data.edition_id}`);
  });
  const groups = [];
  for (const c of ed.components.filter((x) => x.placeholder_count + x.checked_count > 0)) {
    const g = groups.find((x) => x.name === c.group) || (groups.push({ name: c.group, items: [] }), groups[groups.length - 1]);
    g.items.push(c);
  }
  return html`<main class="screen">
    <nav class="nav" aria-label=${t("Back")}><a href="#/">${t("Home")}</a><a href="#/editions">${t("Editions")}</a></nav>
    <h1 tabindex="-1">${ed.name}</h1>
    <p class="chip" data-testid="progress">${progressText(ed)}</p>
    <p class="hint">${GAME_NAMES[ed.game] || ed.game} · ${ed.draft ? t("draft, being checked") : t("published")} · ${t("version {n}", { n: ed.version })}
      ${mine && mine.edition_id === id ? ` · ${t("used for new games on this phone")}` : ""}</p>
    ${notice && html`<div class="banner ok" role="status" data-testid="notice">${notice}</div>`}
    <${Problem} error=${error} />
    <h2>${owner ? t("Check each component") : t("Components")}</h2>
    ${groups.map((g) => html`<h3>${g.name}</h3><ul class="plain stack">${g.items.map((c) => html`<li>
      <a class="button" style="width:100%;flex-wrap:wrap;justify-content:space-between;text-align:left" href=${`#/editions/${id}/check/${c.id}`}>
        <span style="overflow-wrap:anywhere">${c.title}</span><span class="hint">${c.checked_count}/${c.placeholder_count + c.checked_count}</span></a></li>`)}</ul>`)}
    <h2>${t("Use and share")}</h2>
    <div class="stack">
      <button class="primary" onClick=${useHere} disabled=${mine && mine.edition_id === id}>${t("Use for new games on this phone")}</button>
      ${ed.draft && html`<p class="hint">${t("You can play with it while you are still checking: each game keeps the exact values it started with.")}</p>`}
      ${owner && html`<button onClick=${save}>${t("Publish: no more changes…")}</button>`}
      <button onClick=${guard(() => downloadEdition(id, ed.name))}>${t("Export the edition file")}</button>
      <button onClick=${copy}>${t("Make my own copy to check")}</button>
    </div>
    <p>${!ed.draft ? t("Link to this edition (anyone can open it; nobody can change it: it is published):")
      : owner ? t("Link to this edition (anyone can open it; only this phone can change it):")
        : t("Link to this edition (anyone can open it; only the phone that started it can change it):")}</p>
    <p style="word-break:break-all"><a href=${link} data-testid="edition-link">${link}</a></p>
    <div class="qr" dangerouslySetInnerHTML=${{ __html: svg }}></div>
    <h2>${t("Compare")}</h2>
    <label for="cmp">${t("Compare with")}</label>
    <select id="cmp" value=${other} onChange=${(e) => setOther(e.target.value)}>
      <option value="default">${t("The server's default edition")}</option>
      ${others.filter((x) => x.game === ed.game).map((x) => html`<option value=${x.edition_id}>${x.name}</option>`)}
    </select>
    <div class="stack" style="margin-top:.5rem"><a class="button" href=${`#/editions/${id}/diff/${other}`}>${t("Show the differences")}</a></div>
  </main>`;
}

function Diff({ id, other }) {
  const [diff, setDiff] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => { editionsApi.diff(id, other).then(({ data }) => setDiff(data)).catch(fail(setError)); }, [id, other]);
  const show = (v) => (v === undefined || v === null ? "—" : typeof v === "object" ? JSON.stringify(v) : String(v));
  return html`<main class="screen">
    <nav class="nav" aria-label=${t("Back")}><a href="#/editions">${t("Editions")}</a><a href=${`#/editions/${id}`}>${t("This edition")}</a></nav>
    <h1 tabindex="-1">${t("Differences")}</h1>
    <${Problem} error=${error} />
    ${diff && html`<p data-testid="diff-count">${diff.count === 0 ? t("The two editions have the same values.")
      : t("{n} value(s) differ.", { n: diff.count })}</p>
      ${diff.components.map((c) => html`<section class="card"><h2>${c.title}</h2><table><thead><tr>
        <th scope="col">${t("Value")}</th><th scope="col">${t("This edition")}</th><th scope="col">${t("The other")}</th></tr></thead>
        <tbody>${c.changes.map((x) => html`<tr><th scope="row">${x.label}</th><td>${show(x.value)}</td><td>${show(x.other_value)}</td></tr>`)}</tbody>
      </table></section>`)}`}
  </main>`;
}

export default function EditionsRoute({ s, params }) {
  if (s.route.name === "edition-diff") return html`<${Diff} id=${params.id} other=${params.other} />`;
  if (s.route.name === "edition") return html`<${Detail} id=${params.id} />`;
  return html`<${List} />`;
}
