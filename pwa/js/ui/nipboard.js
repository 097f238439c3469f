// Entering a Nippon board on the map, as the changes since the board shown: tap a slot,
// tap whose tile, tap its value (a higher tile pushes the lower one out); tap "+ Train"
// or "+ Ship" under a region, tap whose.  The live mode uses it before each scoring,
// the end-only mode for each scoring the table remembers.  The server replays and
// checks the changes; a refusal shows next to the change it names.
import { useState } from "preact/hooks";
import { html } from "../html.js";
import { FieldError, ptr } from "./formkit.js";
import { Chips } from "./tapkit.js";
import { NipponMap, slotName, slotsOf } from "./nipmap.js";
import { t, tn } from "../i18n.js";

export const noStep = () => ({ placed: [], trains: {}, ships: {} });

// A step with every player name passed through `fix` (a rename).
export function renamedStep(st, fix) {
  const keys = (o) => Object.fromEntries(Object.entries(o || {}).map(([k, v]) => [fix(k), v]));
  return { placed: (st.placed || []).map((t) => ({ ...t, player: fix(t.player) })), trains: keys(st.trains), ships: keys(st.ships) };
}

// A step without anything of player `name` (a seat removed).
export function droppedStep(st, name) {
  const keys = (o) => Object.fromEntries(Object.entries(o || {}).filter(([k]) => k !== name));
  return { placed: (st.placed || []).filter((t) => t.player !== name), trains: keys(st.trains), ships: keys(st.ships) };
}

// The board the changes of `steps` lead to, drawn as the server's board is (display only: the server checks them).
export function boardAfter(steps) {
  const board = { tiles: [], trains: {}, ships: {} };
  const slots = slotsOf(null, steps.flatMap((st) => st.placed || []));
  board.tiles = Object.entries(slots).map(([key, t]) => { const [city, slot] = key.split("/"); return { ...t, city, slot: Number(slot) }; });
  for (const st of steps) {
    for (const kind of ["trains", "ships"]) {
      for (const [player, regions] of Object.entries(st[kind] || {})) {
        for (const [region, c] of Object.entries(regions)) {
          const here = board[kind][region] || (board[kind][region] = {});
          here[player] = (here[player] || 0) + c;
        }
      }
    }
  }
  return board;
}

// st: the changes ({placed, trains, ships}); put(next) stores them; base: their JSON pointer (refusals name it).
export function BoardChanges({ edition, board, st, put, base, names, label, listTitle, testid }) {
  const [pick, setPick] = useState(null); // {slot: "city/slot"} | {kind, region}
  const [who, setWho] = useState(null);
  const values = [...new Set(edition.tile_values)].sort((a, b) => a - b);
  const place = (value) => {
    const [city, slot] = pick.slot.split("/");
    put({ ...st, placed: [...st.placed, { player: who, city, slot: Number(slot), value }] });
    setPick(null); setWho(null);
  };
  const addPiece = (player) => {
    const { kind, region } = pick;
    const mine = { ...(st[kind][player] || {}) };
    mine[region] = (mine[region] || 0) + 1;
    put({ ...st, [kind]: { ...st[kind], [player]: mine } });
    setPick(null); setWho(null);
  };
  const drop = (kind, i, player, region) => {
    if (kind === "placed") return put({ ...st, placed: st.placed.filter((_, k) => k !== i) });
    const mine = { ...st[kind][player] };
    if (mine[region] > 1) mine[region] -= 1; else delete mine[region];
    const all = { ...st[kind], [player]: mine };
    if (!Object.keys(mine).length) delete all[player];
    return put({ ...st, [kind]: all });
  };
  const count = (kind, region) => {
    const all = {};
    for (const [p, c] of Object.entries(((board || {})[kind] || {})[region.id] || {})) all[p] = c;
    for (const [p, regs] of Object.entries(st[kind])) if (regs[region.id]) all[p] = (all[p] || 0) + regs[region.id];
    return Object.entries(all).map(([p, c]) => `${p.slice(0, 4)} ${c}`).join(" ");
  };
  const pieces = (region) => {
    const tr = count("trains", region); const s = count("ships", region);
    return [tr && t("trains: {list}", { list: tr }), s && t("ships: {list}", { list: s })].filter(Boolean).join(" · ");
  };
  const region = (id) => edition.regions.find((r) => r.id === id);
  // Only a higher tile replaces one (rules, Local Market): the values offered for a covered slot.
  const cover = pick && pick.slot ? slotsOf(board, st.placed)[pick.slot] : null;
  const higher = values.filter((v) => !cover || v > cover.value);
  const pieceList = (kind) => Object.entries(st[kind]).flatMap(([p, regs]) => Object.entries(regs).map(([r, c]) => [p, r, c]));
  return html`<div data-testid=${testid}>
    <${NipponMap} edition=${edition} slots=${slotsOf(board, st.placed)} picked=${pick && pick.slot}
      onSlot=${(city, slot) => { setPick({ slot: `${city}/${slot}` }); setWho(null); }} pieces=${pieces} label=${label} />
    ${pick && html`<div class="picker" data-testid="picker" role="group" aria-label=${t("Enter the change")}>
      <p><strong>${pick.slot ? t("Tile on {slot}", { slot: slotName(edition, ...pick.slot.split("/").map((x, i) => (i ? Number(x) : x))) })
        : pick.kind === "trains" ? t("Train in {region}", { region: region(pick.region).name }) : t("Ship in {region}", { region: region(pick.region).name })}</strong></p>
      ${pick.slot && cover && html`<p data-testid="covered">${higher.length
        ? t("{player}'s {value} covers this slot: only a higher tile ({values}) can replace it.", { player: cover.player, value: cover.value, values: higher.join(", ") })
        : t("{player}'s {value} covers this slot: no tile is higher, so nothing can replace it.", { player: cover.player, value: cover.value })}</p>`}
      ${(!pick.slot || higher.length > 0) && html`<${Chips} label=${t("Whose")} options=${names.map((x) => [x, x])} value=${who}
        onPick=${(x) => (pick.slot ? setWho(x) : addPiece(x))}
        name=${(x) => (pick.slot ? t("{player}'s tile", { player: x }) : pick.kind === "trains" ? t("{player}'s train", { player: x })
          : t("{player}'s ship", { player: x }))} />`}
      ${pick.slot && who && html`<${Chips} label=${t("Value")} options=${higher.map((v) => [v, String(v)])}
        onPick=${place} name=${(v) => t("Value {value}", { value: v })} />`}
      <button type="button" class="small" onClick=${() => { setPick(null); setWho(null); }}>${t("Cancel")}</button>
    </div>`}
    <div class="stack">${edition.regions.map((r) => html`<div class="row" key=${r.id}>
      <span style="flex:1">${r.name}</span>
      <button type="button" class="small" aria-label=${t("Add a train in {region}", { region: r.name })} onClick=${() => { setPick({ kind: "trains", region: r.id }); setWho(null); }}>${t("+ Train")}</button>
      <button type="button" class="small" aria-label=${t("Add a ship in {region}", { region: r.name })} onClick=${() => { setPick({ kind: "ships", region: r.id }); setWho(null); }}>${t("+ Ship")}</button>
    </div>`)}</div>
    <h3>${listTitle}</h3>
    <ul class="log" data-testid="changes" data-path=${base}>
      ${st.placed.map((x, i) => { const said = t("{player}'s {value} on {slot}", { player: x.player, value: x.value, slot: slotName(edition, x.city, x.slot) });
        return html`<li key=${"t" + i} data-path=${base + ptr("placed", i)}>${said}
        <button type="button" class="x small" aria-label=${t("Remove {what}", { what: said })} onClick=${() => drop("placed", i)}>✕</button>
        <${FieldError} path=${base + ptr("placed", i)} /></li>`; })}
      ${["trains", "ships"].flatMap((kind) => pieceList(kind).map(([p, r, c]) => html`<li key=${kind + p + r}
          data-path=${base + ptr(kind, p, r)}>${kind === "trains" ? tn("{player}: {n} train in {region}", "{player}: {n} trains in {region}", c, { player: p, region: region(r).name })
            : tn("{player}: {n} ship in {region}", "{player}: {n} ships in {region}", c, { player: p, region: region(r).name })}
        <button type="button" class="x small" aria-label=${kind === "trains" ? t("Remove {player}'s train in {region}", { player: p, region: region(r).name })
          : t("Remove {player}'s ship in {region}", { player: p, region: region(r).name })}
          onClick=${() => drop(kind, 0, p, r)}>✕</button><${FieldError} path=${base + ptr(kind, p, r)} /></li>`))}
      ${!st.placed.length && !pieceList("trains").length && !pieceList("ships").length && html`<li>${t("Nothing yet.")}</li>`}
    </ul>
  </div>`;
}
