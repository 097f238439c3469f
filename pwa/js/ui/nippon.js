// Nippon end-game scorer: the players (seat, VP gained in play, achievements), who
// took the last turn, and the board at each of the three scorings (influence tiles,
// trains, ships per region).  POST /api/scorers/nippon checks and scores it; the form
// only assembles the body (formkit.js) and the shared sheet lays out the answer.
import { useEffect, useState } from "preact/hooks";
import { html } from "../html.js";
import * as db from "../db.js";
import { FieldError, FormProvider, Group, Num, ResultActions, ScorerFrame, Sel, SubmitBar, Text, ptr, useForm,
  useScorer } from "./formkit.js";
import { Sheet, playerResultModel, summary } from "./sheet.js";
import { ModeSwitch, useMode } from "./tapkit.js";
import { localize, t } from "../i18n.js";

const MODES = [["live", t("Live")], ["end_only", t("End only")], ["detailed", t("Detailed")]];

const SCORINGS = 3; // the three scorings of the game; the server names a missing or extra one
const HINTS = "scorer-hints:nippon";
const LABELS = { starting_vp: t("Starting VP"), region_majority: t("Region majorities"), ships: t("Ships"),
                 contracts: t("Contract VP"), region_bonus: t("Region bonus VP"), workforce: t("Workforce"),
                 achievements: t("Achievements"), floor: t("Raised to 0") };

const blankPlayer = (id, seat) => ({ id, seat, vp_in_play: { contracts: 0, region_bonus: 0, workforce_lost: 0 }, achievements: [] });
export const blank = () => {
  const ids = [1, 2, 3].map((n) => t("Player {n}", { n }));
  return { players: ids.map((id, i) => blankPlayer(id, i + 1)), last_turn_player: ids[2],
           scorings: Array.from({ length: SCORINGS }, () => ({ regions: {} })) };
};

// Every reference to a player id, rewritten by `fn` (rename) or dropped when fn returns null.
function mapPlayers(body, fn) {
  const keys = (o) => Object.fromEntries(Object.entries(o || {}).flatMap(([k, v]) => (fn(k) == null ? [] : [[fn(k), v]])));
  return {
    ...body,
    players: body.players.filter((p) => fn(p.id) != null).map((p) => ({ ...p, id: fn(p.id) })),
    last_turn_player: body.last_turn_player == null ? null : fn(body.last_turn_player),
    scorings: body.scorings.map((s) => ({ ...s, regions: Object.fromEntries(Object.entries(s.regions || {}).map(([r, b]) => [r, {
      ...b, tiles: (b.tiles || []).filter((t) => fn(t.player) != null).map((t) => ({ ...t, player: fn(t.player) })),
      trains: keys(b.trains), ships: keys(b.ships) }])) })),
  };
}

export const model = (answer) => {
  const r = localize(answer);
  return playerResultModel(r, LABELS, r.ranking.filter((x) => x.tie_break).map((x) => t("Tie rule: {rule}", { rule: x.tie_break })));
};

function Players() {
  const f = useForm();
  const { players } = f.body;
  const ids = players.map((p) => p.id);
  const rename = (old) => (name) => name && name !== old && !ids.includes(name)
    && f.replace(mapPlayers(f.body, (id) => (id === old ? name : id)));
  const drop = (old) => {
    const next = mapPlayers(f.body, (id) => (id === old ? null : id));
    next.players = [...next.players].sort((a, b) => a.seat - b.seat).map((p, i) => ({ ...p, seat: i + 1 }));
    f.replace(next);
  };
  const add = () => {
    let n = players.length + 1;
    while (ids.includes(t("Player {n}", { n }))) n += 1;
    f.replace({ ...f.body, players: [...players, blankPlayer(t("Player {n}", { n }), players.length + 1)] });
  };
  const seats = players.map((_, i) => [i + 1, i === 0 ? t("Seat {n} (1st player)", { n: 1 }) : t("Seat {n}", { n: i + 1 })]);
  return html`<h2>${t("Players")}</h2>
    ${players.map((p, i) => { const base = ptr("players", i); return html`<${Group} legend=${p.id} path=${base} key=${i}>
      <div class="grid2"><${Text} path=${base + "/id"} label=${t("Name")} onCommit=${rename(p.id)} />
        <${Sel} path=${base + "/seat"} label=${t("Seat")} options=${seats} parse=${Number} /></div>
      <${Group} legend=${t("VP gained in play (totals)")} path=${base + "/vp_in_play"}><div class="grid3">
        <${Num} path=${base + "/vp_in_play/contracts"} label=${t("Contracts")} />
        <${Num} path=${base + "/vp_in_play/region_bonus"} label=${t("Region bonus")} />
        <${Num} path=${base + "/vp_in_play/workforce_lost"} label=${t("Lost (workforce)")} /></div></${Group}>
      <${Group} legend=${t("Achievements")} path=${base + "/achievements"}>
        ${p.achievements.map((a, j) => { const at = `${base}/achievements/${j}`; return html`<div class="grid3" key=${j}>
          <${Text} path=${at + "/space"} label=${t("Space")} placeholder="ACH1" />
          <${Num} path=${at + "/units"} label=${t("Units")} />
          <${Num} path=${at + "/multiplier"} label=${t("Multiplier")} empty=${null} min="1" />
          <button type="button" class="small span3" onClick=${() => f.set(base + "/achievements", p.achievements.filter((_, k) => k !== j))}
            aria-label=${t("Remove achievement {n} of {player}", { n: j + 1, player: p.id })}>${t("Remove achievement")}</button></div>`; })}
        <p class="hint">${t("Leave the multiplier blank for a space without a tile.")}</p>
        <button type="button" onClick=${() => f.set(base + "/achievements", [...p.achievements, { space: "", units: 0, multiplier: null }])}
          aria-label=${t("Add an achievement for {player}", { player: p.id })}>${t("+ Achievement")}</button></${Group}>
      ${players.length > 1 && html`<button type="button" class="danger" onClick=${() => drop(p.id)}>${t("Remove {player}", { player: p.id })}</button>`}
    </${Group}>`; })}
    <div class="stack"><button type="button" onClick=${add}>${t("+ Add a player")}</button></div>
    <${Sel} path="/last_turn_player" label=${t("Who played the last turn")} blank="—" options=${ids.map((x) => [x, x])} />`;
}

function Region({ n, rid }) {
  const f = useForm();
  const base = ptr("scorings", n, "regions", rid);
  const board = f.body.scorings[n].regions[rid];
  const ids = f.body.players.map((p) => p.id);
  const tiles = board.tiles || [];
  const remove = () => { const regions = { ...f.body.scorings[n].regions }; delete regions[rid]; f.set(ptr("scorings", n, "regions"), regions); };
  return html`<${Group} legend=${t("Region {region}", { region: rid })} path=${base}>
    ${tiles.map((_, j) => { const at = `${base}/tiles/${j}`; return html`<div class="tile" role="group" aria-label=${t("Tile {n}", { n: j + 1 })}
      data-path=${at} key=${j}>
      <${Sel} path=${at + "/player"} label=${t("Player")} blank="—" options=${ids.map((x) => [x, x])} />
      <${Text} path=${at + "/city"} label=${t("City")} list="nip-cities" placeholder=${`${rid}.C1`} />
      <button type="button" class="x" onClick=${() => f.set(base + "/tiles", tiles.filter((_, k) => k !== j))}
        aria-label=${t("Remove tile {n} of region {region}, scoring {scoring}", { n: j + 1, region: rid, scoring: n + 1 })}>✕</button>
      <${Num} path=${at + "/slot"} label=${t("Slot")} />
      <${Num} path=${at + "/value"} label=${t("Value")} min="1" />
      <${FieldError} path=${at} /></div>`; })}
    <button type="button" onClick=${() => f.set(base + "/tiles", [...tiles, { player: ids[0], city: "", slot: 0, value: 1 }])}
      aria-label=${t("Add a tile in region {region}, scoring {scoring}", { region: rid, scoring: n + 1 })}>${t("+ Tile")}</button>
    ${["trains", "ships"].map((kind) => html`<${Group} legend=${kind === "trains" ? t("Trains") : t("Ships")} path=${`${base}/${kind}`}>
      <div class="grid3">${ids.map((id) => html`<${Num} path=${ptr("scorings", n, "regions", rid, kind, id)} label=${id} empty=${undefined} />`)}</div>
    </${Group}>`)}
    <button type="button" class="danger small" onClick=${remove}>${t("Remove region {region}", { region: rid })}</button>
  </${Group}>`;
}

function Scoring({ n, hints }) {
  const f = useForm();
  const [rid, setRid] = useState("");
  const regions = f.body.scorings[n].regions || {};
  const add = () => {
    const id = rid.trim();
    if (!id || regions[id]) return;
    f.set(ptr("scorings", n, "regions", id), { tiles: [], trains: {}, ships: {} });
    setRid("");
  };
  const copy = () => f.set(ptr("scorings", n, "regions"), JSON.parse(JSON.stringify(f.body.scorings[n - 1].regions || {})));
  const addId = `nip-add-${n}`;
  return html`<${Group} legend=${t("Scoring {n}", { n: n + 1 })} path=${ptr("scorings", n)}>
    ${n > 0 && html`<button type="button" onClick=${copy}>${t("Copy the board of scoring {n}", { n })}</button>`}
    ${Object.keys(regions).map((r) => html`<${Region} n=${n} rid=${r} key=${r} />`)}
    <label for=${addId}>${t("Region with pieces at this scoring")}</label>
    <div class="row nowrap"><input id=${addId} list="nip-regions" value=${rid} placeholder="R1" autocomplete="off"
        onInput=${(e) => setRid(e.target.value)} onKeyDown=${(e) => e.key === "Enter" && (e.preventDefault(), add())} />
      <button type="button" onClick=${add} aria-label=${t("Add region to scoring {n}", { n: n + 1 })}>${t("Add")}</button></div>
  </${Group}>`;
}

function NipponForm({ s }) {
  const [hints, setHints] = useState({ regions: [] });
  useEffect(() => { db.get("kv", HINTS).then((h) => h && setHints(h)).catch(() => {}); }, []);
  const cities = [...new Set(s.body.scorings.flatMap((x) => Object.values(x.regions || {}).flatMap((b) => (b.tiles || []).map((t) => t.city))))];
  return html`<form onSubmit=${s.submit} novalidate>
    <${Players} />
    <h2>${t("The board at each scoring")}</h2>
    <p class="hint">${t("Only the regions with tiles, trains or ships. Region and city ids as on your edition's sheet (the server lists the valid ones if one is wrong); slot 0 is a city's first influence slot.")}</p>
    ${s.body.scorings.map((_, n) => html`<${Scoring} n=${n} hints=${hints} key=${n} />`)}
    <datalist id="nip-regions">${hints.regions.map((r) => html`<option value=${r} />`)}</datalist>
    <datalist id="nip-cities">${cities.filter(Boolean).map((c) => html`<option value=${c} />`)}</datalist>
    <${SubmitBar} s=${s} label=${t("Score")} />
  </form>`;
}

// #/scorer/nippon[?m=live|end_only|detailed]: live (recommended) unless another mode is asked for.
// A mode's screen, loaded on first use; one that cannot be loaded (no signal and not in the phone's cache) says so
// instead of "Loading…" for ever.
const loader = (load) => {
  let mod = null;
  return function Loader(props) {
    const [, setReady] = useState(false);
    const [failed, setFailed] = useState(false);
    useEffect(() => { if (!mod) load().then((m) => { mod = m; setReady(true); }, () => setFailed(true)); }, []);
    if (mod) return html`<${mod.default} ...${props} />`;
    return html`<${ScorerFrame} title=${t("Nippon scorer")}>${failed
      ? html`<p role="alert" data-testid="screen-not-loaded">${t("This screen could not be loaded")}</p>`
      : html`<p>${t("Loading…")}</p>`}</${ScorerFrame}>`;
  };
};
const SCREENS = { live: loader(() => import("./nippon-live.js")), end_only: loader(() => import("./nippon-end.js")) };

export default function NipponScorer({ params }) {
  const mode = useMode("nippon", params, "live");
  if (!mode) return html`<${ScorerFrame} title=${t("Nippon scorer")}><p>${t("Loading…")}</p></${ScorerFrame}>`;
  const Screen = SCREENS[mode] || NipponDetailed;
  return html`<${Screen} params=${params} />`;
}

export function NipponDetailed({ params }) {
  const s = useScorer("nippon", params, blank, (r) => summary(model(r)));
  // The server's answer lists every region of its edition: remember them as suggestions.
  useEffect(() => {
    const first = s.result && (s.result.scorings || [])[0];
    if (first) db.put("kv", { regions: first.regions.map((x) => x.region) }, HINTS).catch(() => {});
  }, [s.result]);
  if (!s.body) return html`<${ScorerFrame} title=${t("Nippon scorer")}><p>${t("Loading…")}</p></${ScorerFrame}>`;
  if (s.showResult) {
    return html`<${ScorerFrame} title=${t("Nippon: final score")}><${Sheet} m=${model(s.result)} /><${ResultActions} s=${s} /></${ScorerFrame}>`;
  }
  return html`<${ScorerFrame} title=${t("Nippon scorer")}>
    <${ModeSwitch} game="nippon" modes=${MODES} current="detailed" />
    <${FormProvider} value=${s}><${NipponForm} s=${s} /></${FormProvider}></${ScorerFrame}>`;
}
