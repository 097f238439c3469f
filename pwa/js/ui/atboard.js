// Asian Tigers scorer-only, "the board as it lies": each Tiger drawn as its rows of
// construction spaces (university, factory, power plant, laboratory; columns A, B, C;
// the ∞ spaces, the satellite spaces and the headquarters slot).  Tap a space, tap its
// owner (a factory also takes a parts-factory toggle; an ∞ space counts pieces per
// owner).  "Painting": pick an owner once, then each tap on a space makes it theirs (a second
// tap empties it), one tap a piece, or one tap a row for its empty spaces ("fill").  The server derives the investment points by column, kinds built, satellites,
// parts factories, power plants and laboratories from it (board_input.py): no rules here.
import { useState } from "preact/hooks";
import { html } from "../html.js";
import { FieldError, ptr, useForm } from "./formkit.js";
import { Chips } from "./tapkit.js";
import { lang, t } from "../i18n.js";

const ROWS = [["university", t("Universities")], ["factory", t("Factories")], ["power_plant", t("Power plants")],
              ["laboratory", t("Laboratories")]];
const FACTS = ["distinct_infrastructure_types", "satellites", "parts_factories", "power_plants", "laboratories"];
const KIND = { university: t("university"), department: t("department"), factory: t("factory"), power_plant: t("power plant"),
               laboratory: t("laboratory") };
// A space's button in a few printed words: its kind (a factory by the good printed on it), its column and the dots
// that say from how many players it is used; the full words are its accessible name.
const SHORT = { university: t("Univ."), department: t("Dept."), factory: t("Factory"), power_plant: t("Plant"), laboratory: t("Lab") };
const ROW_WORD = { university: t("university"), factory: t("factory"), power_plant: t("power plant"), laboratory: t("laboratory") };
const dots = (n) => "•".repeat(n || 0);

// The spaces of each Tiger, from the edition document (GET /api/edition).
export function boardsOf(doc) {
  const goods = ((doc.names || {})[lang] || {}).goods || {};  // the goods' names in the phone's language (issue 37)
  return Object.fromEntries(Object.entries(doc.tigers || {}).map(([t, x]) => [t, {
    spaces: Object.entries(x.spaces || {}).map(([id, s]) => ({ id, kind: s.kind, row: s.row, column: s.column, min: s.min_players,
      good: s.good ? goods[s.good] || s.good : null })),
    infinite: Object.entries(x.infinite_spaces || {}).map(([id, s]) => ({ id, kind: s.kind, row: s.row, min: s.min_players })),
    satellites: Object.entries(x.satellite_spaces || {}).map(([id, s]) => ({ id, row: s.row })),
  }]));
}

export const usesBoards = (body) => Object.values(body.tigers || {}).some((t) => t && t.board);

// Switch a body to the board entry: every Tiger gets an empty board, players and the Automa lose their numbers.
export function toBoards(body) {
  const next = JSON.parse(JSON.stringify(body));
  for (const t of Object.values(next.tigers)) t.board = t.board || { spaces: {}, infinite: {}, satellites: {} };
  // The neutral's investment points are its blockers: the server derives them from the board too.
  for (const p of Object.values(next.participants)) delete p.tigers;
  return next;
}

// Back to typed numbers (blank facts for every Tiger; the neutral's blockers as `neutralIp(t)` gives them).
export function toNumbers(body, tigerIds, neutralIp = () => ({ A: 0, B: 0, C: 0, none: 0 })) {
  const next = JSON.parse(JSON.stringify(body));
  for (const t of Object.values(next.tigers)) delete t.board;
  for (const p of Object.values(next.participants)) {
    p.tigers = Object.fromEntries(tigerIds.map((t) => [t, { ip: p.kind === "neutral" ? neutralIp(t) : { A: 0, B: 0, C: 0, none: 0 },
      ...(p.kind === "neutral" ? {} : Object.fromEntries(FACTS.map((k) => [k, 0]))) }]));
  }
  return next;
}

// Every mention of a participant id rewritten (players have names, not only colours).
export function renamed(body, old, name) {
  const fix = (x) => (x === old ? name : x);
  const next = JSON.parse(JSON.stringify(body));
  if (next.turn_order) next.turn_order = next.turn_order.map(fix);
  next.participants = Object.fromEntries(Object.entries(next.participants).map(([k, v]) => [fix(k), v]));
  for (const t of Object.values(next.tigers)) {
    t.headquarters = fix(t.headquarters);
    if (!t.board) continue;
    for (const s of Object.values(t.board.spaces || {})) s.owner = fix(s.owner);
    t.board.satellites = Object.fromEntries(Object.entries(t.board.satellites || {}).map(([k, v]) => [k, fix(v)]));
    t.board.infinite = Object.fromEntries(Object.entries(t.board.infinite || {}).map(([k, v]) =>
      [k, Object.fromEntries(Object.entries(v).map(([o, n]) => [fix(o), n]))]));
  }
  if (next.era1) {
    next.era1.turn_order = next.era1.turn_order.map(fix);
    next.era1.headquarters = Object.fromEntries(Object.entries(next.era1.headquarters).map(([k, v]) => [k, fix(v)]));
    next.era1.participants = Object.fromEntries(Object.entries(next.era1.participants).map(([k, v]) => [fix(k), v]));
  }
  return next;
}

// Whose pieces a tap on the board places ("painting"), shared by every Tiger's board: null = tap a space, then its owner.
export function PaintPicker({ owners, paint, setPaint }) {
  return html`<${Chips} label=${t("Whose pieces you tap")} testid="paint" value=${paint}
    options=${[...owners.map((o) => [o, o]), [null, t("Anyone")]]}
    name=${(o) => (o ? t("Tap {name}'s pieces", { name: o }) : t("Anyone: tap a space, then its owner"))} onPick=${setPaint} />`;
}

// One Tiger's board: tap a space, then its owner; or, with `paint` set, tap each of that owner's spaces.
export function TigerBoard({ E, tid, name, paint = null }) {
  const f = useForm();
  const [open, setOpenState] = useState(null); // {kind: "space"|"infinite"|"satellite"|"hq", id}
  // The focus follows the taps: into the picker when it opens, back to its space when it closes
  // (a closed picker would otherwise leave it on the page body).
  const setOpen = (next) => {
    const was = open;
    setOpenState(next);
    setTimeout(() => {
      const el = next ? document.querySelector(".atboard .picker button")
        : was && document.querySelector(`[data-space="${CSS.escape(was.id)}"]`);
      el && el.focus();
    }, 0);
  };
  const tiger = f.body.tigers[tid];
  const board = tiger.board;
  const base = ptr("tigers", tid, "board");
  const owners = Object.entries(f.body.participants).filter(([, p]) => p.kind !== "neutral").map(([id]) => id);
  const layout = E.boards[tid];
  const n = f.body.player_count;
  const setBoard = (key, value) => f.set(`${base}/${key}`, value);
  const label = (o) => (o ? o : t("empty"));
  // A space as a player names it: the printed words on its button, then the full words ("South Korea Ships A
  // (factory, 3 dots)"), never its code (SK.F1).  The name starts with what the button shows (WCAG 2.5.3).
  const words = (id) => {
    const sp = layout.spaces.find((x) => x.id === id);
    if (sp) return t("{tiger} {space} {column} ({kind}, {dots} dots)", { tiger: name, space: sp.good || SHORT[sp.kind] || sp.kind, column: sp.column, kind: KIND[sp.kind] || sp.kind, dots: sp.min });
    const inf = layout.infinite.find((x) => x.id === id);
    if (inf) return t("{tiger} Open ∞ ({kind} space, no limit)", { tiger: name, kind: KIND[inf.kind] || inf.kind });
    const sat = layout.satellites.find((x) => x.id === id);
    return sat ? t("{tiger} Satellite (of the {row} row)", { tiger: name, row: ROW_WORD[sat.row] || sat.row }) : t("{tiger} Headquarters", { tiger: name });
  };
  // The button shows a few printed words (`text`; a space also its column, and its dots drawn by CSS) over its owner.
  const said = (id, owner, disabled, parts) => (disabled ? t("{space}: not in play (used with {n} players or more)", { space: words(id), n: disabled })
    : parts ? t("{space}: {owner} (with a parts factory)", { space: words(id), owner: label(owner) })
      : t("{space}: {owner}", { space: words(id), owner: label(owner) }));
  const cell = (kind, id, text, owner, disabled, parts = false, column = "", min = 0) => html`<button type="button" key=${id}
      class=${`space ${owner ? "owned" : ""} ${open && open.id === id ? "open" : ""}`} disabled=${disabled}
      aria-pressed=${open && open.id === id ? "true" : "false"} data-space=${id}
      aria-label=${said(id, owner, disabled, parts)}
      onClick=${() => (paint ? paintTap(kind, id) : setOpen(open && open.id === id ? null : { kind, id }))}>
    <span class="space-id">${text}</span>${column && html`${" "}<span class="space-col">${column}<span class="space-dots"
      data-dots=${dots(min)}></span></span>`}${" "}<span class="space-owner">${disabled ? "" : owner || ""}</span></button>`;
  // One tap a piece: the space becomes the painted owner's, or empty if it was already theirs
  // (an ∞ space takes one more of their pieces; a parts factory still needs the picker).
  const paintTap = (kind, id) => {
    if (kind === "hq") { f.set(ptr("tigers", tid, "headquarters"), tiger.headquarters === paint ? null : paint); return; }
    if (kind === "infinite") {
      const held = (board.infinite || {})[id] || {};
      setBoard("infinite", { ...(board.infinite || {}), [id]: { ...held, [paint]: (held[paint] || 0) + 1 } });
      return;
    }
    const key = kind === "space" ? "spaces" : "satellites";
    const all = { ...(board[key] || {}) };
    const owner = kind === "space" ? (all[id] || {}).owner : all[id];
    if (owner === paint) delete all[id];
    else all[id] = kind === "space" ? { owner: paint } : paint;
    setBoard(key, all);
  };
  // A whole row in one tap: every empty space of it in play becomes the painted owner's (spaces of other players
  // stay theirs; tap one to make it the painted owner's, tap again to empty it).
  const fillRow = (row) => {
    const all = { ...(board.spaces || {}) };
    for (const s of layout.spaces) if (s.row === row && s.min <= n && !all[s.id]) all[s.id] = { owner: paint };
    setBoard("spaces", all);
  };
  const picker = () => {
    if (!open || paint) return null;
    if (open.kind === "space") {
      const held = (board.spaces || {})[open.id];
      const space = layout.spaces.find((s) => s.id === open.id);
      const put = (owner) => {
        const spaces = { ...(board.spaces || {}) };
        if (owner) spaces[open.id] = { owner, ...(held && held.parts_factory ? { parts_factory: true } : {}) };
        else delete spaces[open.id];
        setBoard("spaces", spaces);
        if (!owner || space.kind !== "factory") setOpen(null);
      };
      return html`<div class="picker" role="group" aria-label=${t("Owner of {space}", { space: words(open.id) })}>
        <p><strong>${words(open.id)}</strong></p>
        <${Chips} label=${t("Owner")} options=${[...owners.map((o) => [o, o]), [null, t("Empty")]]} value=${held ? held.owner : null}
          onPick=${put} name=${(o) => (o ? t("{name} owns {space}", { name: o, space: words(open.id) }) : t("{space} is empty", { space: words(open.id) }))} />
        ${space.kind === "factory" && held && html`<label class="radio"><input type="checkbox" checked=${!!held.parts_factory}
          onChange=${(e) => setBoard("spaces", { ...board.spaces, [open.id]: { owner: held.owner, ...(e.target.checked ? { parts_factory: true } : {}) } })} />
          ${t("Parts factory under it")}</label>`}
        <button type="button" class="small" onClick=${() => setOpen(null)}>${t("Done")}</button></div>`;
    }
    if (open.kind === "infinite") {
      const held = (board.infinite || {})[open.id] || {};
      const bump = (o, d) => {
        const next = { ...held, [o]: Math.max(0, (held[o] || 0) + d) };
        if (!next[o]) delete next[o];
        const all = { ...(board.infinite || {}), [open.id]: next };
        if (!Object.keys(next).length) delete all[open.id];
        setBoard("infinite", all);
      };
      return html`<div class="picker" role="group" aria-label=${t("Pieces on {space}", { space: words(open.id) })}>
        <p><strong>${words(open.id)}</strong>: ${t("any number of pieces")}</p>
        ${owners.map((o) => html`<div class="row" key=${o}><span style="flex:1">${o}: ${held[o] || 0}</span>
          <button type="button" class="small" aria-label=${t("One piece fewer of {name} on {space}", { name: o, space: words(open.id) })} onClick=${() => bump(o, -1)}>−</button>
          <button type="button" class="small" aria-label=${t("One more piece of {name} on {space}", { name: o, space: words(open.id) })} onClick=${() => bump(o, 1)}>+</button></div>`)}
        <button type="button" class="small" onClick=${() => setOpen(null)}>${t("Done")}</button></div>`;
    }
    const isHq = open.kind === "hq";
    const current = isHq ? tiger.headquarters : (board.satellites || {})[open.id];
    const put = (o) => {
      if (isHq) f.set(ptr("tigers", tid, "headquarters"), o);
      else {
        const all = { ...(board.satellites || {}) };
        if (o) all[open.id] = o; else delete all[open.id];
        setBoard("satellites", all);
      }
      setOpen(null);
    };
    const what = isHq ? t("the headquarters of {tiger}", { tiger: name }) : t("the satellite on {space}", { space: words(open.id) });
    return html`<div class="picker" role="group" aria-label=${t("Owner of {space}", { space: what })}>
      <p><strong>${isHq ? t("{tiger}: headquarters", { tiger: name }) : words(open.id)}</strong></p>
      <${Chips} label=${t("Owner")} options=${[...owners.map((o) => [o, o]), [null, t("None")]]} value=${current || null}
        onPick=${put} name=${(o) => (o ? t("{name} owns {space}", { name: o, space: what }) : t("Nobody owns {space}", { space: what }))} /></div>`;
  };
  return html`<div class="atboard" data-path=${base} data-testid=${`board-${tid}`}>
    ${ROWS.map(([row, rowName]) => html`<div class="board-row" role="group" aria-label=${t("{tiger}: {row}", { tiger: name, row: rowName })} key=${row}>
      <span class="row-name">${rowName}${paint && html`<button type="button" class="fill"
        aria-label=${t("Fill with {name}: the empty {row} spaces of {tiger}", { name: paint, row: rowName.toLowerCase(), tiger: name })} onClick=${() => fillRow(row)}>${t("Fill")}</button>`}</span>
      ${layout.spaces.filter((s) => s.row === row).map((s) => { const held = (board.spaces || {})[s.id] || {};
        return cell("space", s.id, s.good || SHORT[s.kind] || s.kind,
          held.owner && (held.parts_factory ? t("{name} + parts", { name: held.owner }) : held.owner),
          s.min > n ? s.min : false, !!held.parts_factory, s.column, s.min); })}
      ${layout.infinite.filter((s) => s.row === row).map((s) => cell("infinite", s.id, t("Open ∞"),
        Object.entries((board.infinite || {})[s.id] || {}).map(([o, c]) => `${o} ${c}`).join(" "), false))}
      ${layout.satellites.filter((s) => s.row === row).map((s) => cell("satellite", s.id, t("Satellite"),
        (board.satellites || {})[s.id], false))}
    </div>`)}
    <div class="board-row">${cell("hq", `${tid}.HQ`, t("Headquarters"), tiger.headquarters, false)}</div>
    ${picker()}
    <${FieldError} path=${base} />
  </div>`;
}
