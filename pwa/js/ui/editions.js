// Editions: the list (#/editions), one edition (#/editions/ID: progress by component,
// save, share by link/QR, export, use on this phone), and the comparison of two
// editions (#/editions/ID/diff/OTHER).  The calibration screens are in calibrate.js.
import { useEffect, useState } from "preact/hooks";
import { html } from "../html.js";
import { go } from "../router.js";
import { qrSvg } from "../qr.js";
import { Problem } from "./common.js";
import { currentDraft, downloadEdition, editionsApi, importFile, phoneDefault, progressText, rememberToken,
         setDraft, setPhoneDefault, startDraft, tokenFor } from "../editions.js";

const offline = { detail: "No server answered: editions need a connection." };
const fail = (setError) => (err) => setError(err && (err.problem || err.detail) ? err : offline);
const GAME_NAMES = { asian_tigers: "Asian Tigers", nippon: "Nippon", asara: "Asara" };

function List() {
  const [list, setList] = useState(null);
  const [draft, setDraftState] = useState(null);
  const [mine, setMine] = useState(null);
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);
  const [name, setName] = useState("Our box");
  const [game, setGame] = useState("asian_tigers");
  useEffect(() => {
    editionsApi.list().then(({ data }) => setList(data.editions)).catch(fail(setError));
    currentDraft().then((d) => setDraftState(d || null));
    phoneDefault("asian_tigers").then((d) => setMine(d || null));
  }, []);
  const draftRecord = draft && list && list.find((x) => x.edition_id === draft.edition_id);
  const start = async () => {
    setBusy(true); setError(null);
    try { const data = await startDraft(name.trim() || "Our box", "default", game); go(`#/editions/${data.edition_id}`); }
    catch (err) { fail(setError)(err); } finally { setBusy(false); }
  };
  const onFile = async (e) => {
    const file = e.target.files && e.target.files[0];
    if (!file) return;
    setError(null);
    try { const data = await importFile(file, file.name.replace(/\.json$/i, "").slice(0, 80) || "Imported"); go(`#/editions/${data.edition_id}`); }
    catch (err) { fail(setError)(err); }
  };
  return html`<main class="screen">
    <nav class="nav" aria-label="Back"><a href="#/">Home</a></nav>
    <h1 tabindex="-1">Editions: the numbers of your box</h1>
    <p class="hint">The rulebook does not print the numbers on the board, tokens and tiles, so the app starts from
      invented ones (starred in scores). Check them once against your box, component by component, and every game uses them.</p>
    <${Problem} error=${error} />
    ${draftRecord && draftRecord.draft && html`<section class="card"><h2>Your calibration</h2>
      <p><strong>${draftRecord.name}</strong>: ${progressText(draftRecord)}</p>
      <a class="button primary" href=${`#/editions/${draft.edition_id}`}>Resume checking</a></section>`}
    <section class="card"><h2>Start checking your box</h2>
      <label for="ed-name">Name of your edition</label>
      <input id="ed-name" maxlength="80" value=${name} onInput=${(e) => setName(e.target.value)} />
      <label for="ed-game">Game</label>
      <select id="ed-game" value=${game} onChange=${(e) => setGame(e.target.value)}>
        ${Object.entries(GAME_NAMES).map(([k, v]) => html`<option value=${k}>${v}</option>`)}</select>
      <div class="stack" style="margin-top:.5rem"><button class="primary" disabled=${busy} onClick=${start}>Start checking the numbers</button></div>
      <label for="ed-file">Or import an edition file someone shared</label>
      <input id="ed-file" type="file" accept="application/json,.json" onChange=${onFile} /></section>
    <p>New games on this phone use: <strong data-testid="phone-default">${mine ? mine.name : "the server's default edition"}</strong>
      ${mine && html` <button class="small" onClick=${() => setPhoneDefault("asian_tigers", null).then(() => setMine(null))}>Use the server's default</button>`}</p>
    <h2>All editions</h2>
    ${!list ? html`<p>Loading…</p>` : list.length === 0 ? html`<p>None yet.</p>` : html`<ul class="plain stack">
      ${list.map((x) => html`<li class="card" key=${x.edition_id}><a href=${`#/editions/${x.edition_id}`}>${x.name}</a>
        <p class="hint">${GAME_NAMES[x.game] || x.game} · ${progressText(x)} · ${x.draft ? "draft" : "saved"}
          · ${new Date(x.created_at).toLocaleDateString()}${x.created_by ? ` · by ${x.created_by}` : ""}</p></li>`)}</ul>`}
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
    qrSvg(link, "QR code that opens this edition").then(setSvg).catch(() => {});
  }, [id]);
  if (!ed) return html`<main class="screen"><nav class="nav" aria-label="Back"><a href="#/editions">Editions</a></nav>
    <h1 tabindex="-1">Edition</h1><${Problem} error=${error} />${!error && html`<p>Loading…</p>`}</main>`;
  const owner = !!token && ed.draft;
  const guard = (fn) => async () => { setError(null); setNotice(null); try { await fn(); } catch (err) { fail(setError)(err); } };
  // Publishing is for good: said before the tap, confirmed, and never needed to play with the edition.
  const save = guard(async () => {
    if (!confirm(`Publish “${ed.name}”? Nobody can change its values after this (a fix then needs a copy). `
      + "Games already played keep the values they used. You do not need this to play with it.")) return;
    const { data } = await editionsApi.patch(id, token, { draft: false });
    setEd(data);
    const draft = await currentDraft();
    if (draft && draft.edition_id === id) await setDraft(null);
    setNotice("Published: its values are fixed now.");
  });
  const useHere = guard(async () => {
    await setPhoneDefault(ed.game, { edition_id: id, name: ed.name });
    setMine({ edition_id: id, name: ed.name });
    setNotice(ed.game === "asian_tigers" ? "New games on this phone will use this edition."
      : `The ${GAME_NAMES[ed.game]} scorer on this phone will use this edition.`);
  });
  const copy = guard(async () => {
    const { data } = await editionsApi.create({ name: `${ed.name} (my copy)`.slice(0, 80), base: id, draft: true,
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
    <nav class="nav" aria-label="Back"><a href="#/">Home</a><a href="#/editions">Editions</a></nav>
    <h1 tabindex="-1">${ed.name}</h1>
    <p class="chip" data-testid="progress">${progressText(ed)}</p>
    <p class="hint">${GAME_NAMES[ed.game] || ed.game} · ${ed.draft ? "draft, being checked" : "published"} · version ${ed.version}
      ${mine && mine.edition_id === id ? " · used for new games on this phone" : ""}</p>
    ${notice && html`<div class="banner ok" role="status" data-testid="notice">${notice}</div>`}
    <${Problem} error=${error} />
    <h2>${owner ? "Check each component" : "Components"}</h2>
    ${groups.map((g) => html`<h3>${g.name}</h3><ul class="plain stack">${g.items.map((c) => html`<li>
      <a class="button" style="width:100%;justify-content:space-between" href=${`#/editions/${id}/check/${c.id}`}>
        <span>${c.title}</span><span class="hint">${c.checked_count}/${c.placeholder_count + c.checked_count}</span></a></li>`)}</ul>`)}
    <h2>Use and share</h2>
    <div class="stack">
      <button class="primary" onClick=${useHere} disabled=${mine && mine.edition_id === id}>Use for new games on this phone</button>
      ${ed.draft && html`<p class="hint">You can play with it while you are still checking: each game keeps the exact
        values it started with.</p>`}
      ${owner && html`<button onClick=${save}>Publish: no more changes…</button>`}
      <button onClick=${guard(() => downloadEdition(id, ed.name))}>Export the edition file</button>
      <button onClick=${copy}>Make my own copy to check</button>
    </div>
    <p>Link to this edition (anyone can open it; ${!ed.draft ? "nobody can change it: it is published"
      : owner ? "only this phone can change it" : "only the phone that started it can change it"}):</p>
    <p style="word-break:break-all"><a href=${link} data-testid="edition-link">${link}</a></p>
    <div class="qr" dangerouslySetInnerHTML=${{ __html: svg }}></div>
    <h2>Compare</h2>
    <label for="cmp">Compare with</label>
    <select id="cmp" value=${other} onChange=${(e) => setOther(e.target.value)}>
      <option value="default">The server's default edition</option>
      ${others.filter((x) => x.game === ed.game).map((x) => html`<option value=${x.edition_id}>${x.name}</option>`)}
    </select>
    <div class="stack" style="margin-top:.5rem"><a class="button" href=${`#/editions/${id}/diff/${other}`}>Show the differences</a></div>
  </main>`;
}

function Diff({ id, other }) {
  const [diff, setDiff] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => { editionsApi.diff(id, other).then(({ data }) => setDiff(data)).catch(fail(setError)); }, [id, other]);
  const show = (v) => (v === undefined || v === null ? "—" : typeof v === "object" ? JSON.stringify(v) : String(v));
  return html`<main class="screen">
    <nav class="nav" aria-label="Back"><a href="#/editions">Editions</a><a href=${`#/editions/${id}`}>This edition</a></nav>
    <h1 tabindex="-1">Differences</h1>
    <${Problem} error=${error} />
    ${diff && html`<p data-testid="diff-count">${diff.count === 0 ? "The two editions have the same values."
      : `${diff.count} value(s) differ.`}</p>
      ${diff.components.map((c) => html`<section class="card"><h2>${c.title}</h2><table><thead><tr>
        <th scope="col">Value</th><th scope="col">This edition</th><th scope="col">The other</th></tr></thead>
        <tbody>${c.changes.map((x) => html`<tr><th scope="row">${x.label}</th><td>${show(x.value)}</td><td>${show(x.other_value)}</td></tr>`)}</tbody>
      </table></section>`)}`}
  </main>`;
}

export default function EditionsRoute({ s, params }) {
  if (s.route.name === "edition-diff") return html`<${Diff} id=${params.id} other=${params.other} />`;
  if (s.route.name === "edition") return html`<${Detail} id=${params.id} />`;
  return html`<${List} />`;
}
