// Asian Tigers scorer-only mode: a table that did not record its game describes its
// position just before the Era II management phase (the worked examples' format)
// and POST /api/scorers/asian-tigers does the management phase and the final
// scoring.  The names, tokens, sectors and flags come from the server's edition;
// the form only assembles the body (formkit.js), the sheet only lays out the answer.
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import { html } from "../html.js";
import * as db from "../db.js";
import { api } from "../api.js";
import { FieldError, FormProvider, Group, Num, Radios, ResultActions, ScorerFrame, Sel, SubmitBar, fieldId, getIn, ptr,
  useForm, useScorer } from "./formkit.js";
import { Sheet, summary } from "./sheet.js";
import example from "./scorer-example.js";
import { Chips } from "./tapkit.js";
import { NumberPad, usePad } from "./numpad.js";
import { PaintPicker, TigerBoard, boardsOf, toBoards, toNumbers, usesBoards } from "./atboard.js";
import { COLUMNS, FACTS, LEFT_WORDS, Participant, colourOf, leftoverKeys, seatName } from "./atcards.js";
import { lang, localize, t, tn } from "../i18n.js";

const RULES = [
  ["tiebreak_era2_tiger_ties", t("Era II ties on a Tiger"), [["chain", t("Chain: headquarters, then columns A, B, C, then turn order")],
                                                             ["turn_order", t("Turn order only")]]],
  ["milestone_counts_on_space", t("Global-market milestone"), [[true, t("A marker on the milestone space counts")],
                                                               [false, t("Only a marker beyond it counts")]]],
  ["prosperity_from_influence_rounds", t("Prosperity from influence"), [[1, t("Scored once, at the end")],
                                                                        [2, t("Scored twice: also right after Era I's influence step")]]],
];
const NEUTRAL = "Neutral";

// The numbers the pad walks, in the order a person reads them off the table, one participant after another,
// each with its name in words: [pointer, label, participant].
function padEntries(E, body) {
  return Object.entries(body.participants).flatMap(([pid, p]) => [
    ...(p.kind === "neutral" ? [] : [[ptr("participants", pid, "global_market", "position"), t("{name}: global market space", { name: pid })],
      ...leftoverKeys(p).map((k) => [ptr("participants", pid, "leftovers", k), t("{name}: {what}", { name: pid, what: LEFT_WORDS[k] })])]),
    ...E.tigers.map(([x, name]) => [ptr("participants", pid, "influence", x), t("{name}: influence on {tiger}", { name: pid, tiger: name })])]
    .map(([path, label]) => [path, label, pid]));
}

// The few edition facts the form needs, from GET /api/edition (cached for offline use).
function compact(doc) {
  const nations = (doc.global_market || {}).nations || {};
  const names = (doc.names || {})[lang] || {};  // the edition's names in the phone's language (issue 37)
  const named = (family, id, english) => (names[family] || {})[id] || english || id;
  return {
    tigers: Object.entries(doc.tigers || {}).map(([id, t]) => [id, named("tigers", id, t.name)]),
    tokens: Object.keys(doc.prosperity_tokens || {}),
    // What is printed on each prosperity token, by player count (a person knows a token by its numbers)
    tokenRanks: Object.fromEntries(Object.entries(doc.prosperity_tokens || {}).map(([id, t]) => [id,
      Object.fromEntries(Object.entries(t.by_player_count || {}).map(([n, x]) => [n, x.ranks || []]))])),
    colors: doc.player_colors || ["red", "blue", "green", "yellow"],
    counts: ((doc.player_counts || {}).supported || [2, 3, 4]).filter((n) => n > 1),
    sectors: Object.entries((doc.player_board || {}).final_scoring_sectors || {}).map(([id, s]) => ({
      id, rows: (s.rows || []).length, any: (s.rows || []).some((r) => r.accepts === "any"),
      accepts: (s.rows || []).flatMap((r) => (r.accepts === "any" ? [] : r.accepts)) })),
    flags: Object.entries(nations).flatMap(([n, x]) => (x.flags || []).map((f) => ({ id: f.id, nation: n, name: named("nations", n, x.name),
      value: f.value, stars: f.stars, dots: f.dots }))),
    blockerDots: (doc.neutral_player || {}).blocker_space_dots || 4,
    rules: doc.rules_options || {},
    boards: boardsOf(doc),
  };
}

async function loadEdition() {
  const key = `scorer-edition:asian_tigers:v6:${lang}`; // v5: with the goods printed on the factories; v6: names per language
  const fresh = api.defaultEdition().then(async ({ data }) => {
    const E = compact(data.document || {});
    await db.put("kv", E, key);
    return E;
  });
  fresh.catch(() => {});  // handled at once: offline, the request may fail before IndexedDB answers
  const cached = await db.get("kv", key);
  return cached || fresh;
}

// ------------------------------------------------------------------ body assembly
const perTiger = (E, make) => Object.fromEntries(E.tigers.map(([t]) => [t, make(t)]));
const zeroIp = () => ({ A: 0, B: 0, C: 0, none: 0 });

// The neutral's investment points: its blockers on the 4-dot spaces, by column (the server derives the same).
const neutralIp = (E) => (t) => {
  const ip = zeroIp();
  for (const sp of E.boards[t].spaces) if (sp.min === E.blockerDots) ip[sp.column || "none"] += 1;
  return ip;
};

// A prosperity token as printed: its values for the player count, best rank first.
const tokenText = (E, id, n) => { const r = (E.tokenRanks[id] || {})[String(n)] || []; return r.length ? r.join(" · ") : id; };

// The numbers read off the table start empty ("" is refused at its field): a forgotten one is never scored as 0.
// The height on the global market is asked only where markers share a space and stay (the server says so).
function blankParticipant(E, kind) {
  if (kind === "neutral") return { kind, influence: perTiger(E, () => ""), tigers: perTiger(E, (t) => ({ ip: neutralIp(E)(t) })) };
  return { kind, global_market: { position: "", stack: "" }, leftovers: { total: "" },
           influence: perTiger(E, () => ""),
           tigers: perTiger(E, () => ({ ip: zeroIp(), ...Object.fromEntries(FACTS.map(([k]) => [k, 0])) })),
           flags: {}, special_flags: [] };
}

const orderOf = (old, players) => [...(old || []).filter((id) => players.includes(id)),
                                   ...players.filter((id) => !(old || []).includes(id))];

const playersOf = (body) => Object.keys(body.participants).filter((id) => body.participants[id].kind !== "neutral");

function era1For(E, body, old) {
  const players = playersOf(body);
  return { turn_order: orderOf(old && old.turn_order, players),
           headquarters: perTiger(E, (t) => (old && players.includes(old.headquarters[t]) ? old.headquarters[t] : null)),
           participants: Object.fromEntries(Object.keys(body.participants).map((id) => [id,
             (old && old.participants[id]) || { influence: perTiger(E, () => 0), ip: perTiger(E, zeroIp) }])) };
}

// A body for n players, keeping what was already entered for the participants that stay.
function withCount(E, body, n) {
  const players = E.colors.slice(0, n).map(seatName);
  const ids = n === 3 ? [...players, NEUTRAL] : players;
  const old = body || {};
  const next = {
    player_count: n, neutral: n === 3, solo: null,
    rules_options: old.rules_options || { ...E.rules },
    // Required choices start empty: a forgotten one is refused, never scored as a plausible default.  The turn
    // order is left out until tapped: the server asks for it only when the leftovers need it (two markers moving
    // onto one space).
    turn_order: (old.turn_order || []).every((x) => players.includes(x)) && (old.turn_order || []).length === n
      ? old.turn_order : undefined,
    tigers: perTiger(E, (t) => {
      const was = (old.tigers || {})[t] || {};
      return { prosperity_token: was.prosperity_token || null,
               headquarters: players.includes(was.headquarters) ? was.headquarters : null,
               ...(was.board ? { board: was.board } : {}) };
    }),
    participants: Object.fromEntries(ids.map((id) => [id, (old.participants || {})[id]
      || blankParticipant(E, id === NEUTRAL ? "neutral" : "player")])),
  };
  if (next.rules_options.prosperity_from_influence_rounds === 2) next.era1 = era1For(E, next, old.era1);
  return body && usesBoards(body) ? toBoards(next) : next;
}

// ------------------------------------------------------------------ result → sheet model
export function model(answer, E) {
  const r = localize(answer); // the server's (or the offline engine's) lines and tie-breaks in the phone's language
  const P = r.participants;
  const ids = r.standings.map((s) => s.participant).filter((id) => P[id] && P[id].recorded !== false);
  const lines = r.lines || [];
  const mark = (id, cat, key) => lines.some((l) => l.participant === id && l.category === cat
    && (key == null || l.key === key) && l.placeholder);
  const row = (label, get, cat, key, strong) => ({ label, strong,
    cells: Object.fromEntries(ids.map((id) => [id, { v: get(P[id]), mark: mark(id, cat, key) }])) });
  const name = (t) => (E.tigers.find(([x]) => x === t) || [t, t])[1];
  const first = P[ids[0]] || {};
  const sectors = Object.keys(first.final_scoring_bonuses || {}).filter((k) => k !== "total");
  const all = Object.keys(P);
  return {
    people: ids.map((id) => ({ id, label: id, color: colourOf(E, id) })),
    rows: [
      ...Object.keys(first.prosperity_by_tiger || {}).map((x) =>
        row(t("Prosperity: {tiger}", { tiger: name(x) }), (p) => p.prosperity_by_tiger[x].points, "prosperity_from_influence", x)),
      row(t("Prosperity from influence"), (p) => p.prosperity_from_influence, "prosperity_from_influence", null, true),
      ...(first.prosperity_from_influence_era1 != null
        ? [row(t("Prosperity after Era I"), (p) => p.prosperity_from_influence_era1, "prosperity_from_influence_era1", null, true)] : []),
      ...sectors.map((k) => row(t("Sector {sector} bonus", { sector: k }), (p) => p.final_scoring_bonuses[k].points, "final_scoring_bonus", k)),
      row(t("Final scoring bonuses"), (p) => p.final_scoring_bonuses.total, "final_scoring_bonus", null, true),
      row(t("Nations"), (p) => p.nations.points, "nations", null, true),
      row(t("Total"), (p) => p.total, "total", null, true),
      { label: t("Rank"), cells: Object.fromEntries(ids.map((id) => [id, { v: P[id].rank }])) },
    ],
    totals: Object.fromEntries(ids.map((id) => [id, P[id].total])),
    winners: r.winner ? [r.winner] : [],
    headline: null,
    notes: [t("Final turn order: {order}", { order: (r.final_turn_order || []).join(", ") }),
            ...(r.standings_tie_breaks || []).map((x) => (x.rule ? t("Tie-break: {detail} (rule {rule})", x) : t("Tie-break: {detail}", x)))],
    lines: Object.fromEntries(all.map((id) => [id, lines.filter((l) => l.participant === id)
      .map((l) => ({ text: l.text, mark: l.placeholder }))])),
    extra: lines.filter((l) => !l.participant).map((l) => l.text),
    provisional: !!r.provisional,
    placeholders: r.placeholder_values || [],
  };
}

// ------------------------------------------------------------------ form sections
// The participants' cards (name, numbers, flags, folding) are in atcards.js.
function Era1({ E }) {
  const { body } = useForm();
  const players = playersOf(body);
  return html`<h2>${t("Era I tracks")}</h2>
    <p class="hint">${t("Prosperity is scored twice: the tracks right after Era I's influence step.")}</p>
    <${Group} legend=${t("Era I turn order")} path="/era1/turn_order"><div class="grid2">
      ${body.era1.turn_order.map((_, i) => html`<${Sel} path=${ptr("era1", "turn_order", i)} label=${t("{n}. to play", { n: i + 1 })}
        options=${players.map((x) => [x, x])} />`)}</div></${Group}>
    <${Group} legend=${t("Headquarters at the end of Era I")} path="/era1/headquarters"><div class="grid2">
      ${E.tigers.map(([x, name]) => html`<${Sel} path=${ptr("era1", "headquarters", x)} label=${name} blank=${t("none")}
        options=${players.map((y) => [y, y])} />`)}</div></${Group}>
    ${Object.keys(body.era1.participants).map((pid) => html`<details class="card" key=${pid}><summary>${t("{name}: Era I", { name: pid })}</summary>
      <${Group} legend=${t("Influence")} path=${ptr("era1", "participants", pid, "influence")}><div class="grid2">
        ${E.tigers.map(([x, name]) => html`<${Num} path=${ptr("era1", "participants", pid, "influence", x)} label=${name} />`)}</div></${Group}>
      ${E.tigers.map(([x, name]) => html`<${Group} legend=${t("{tiger}: investment points", { tiger: name })} path=${ptr("era1", "participants", pid, "ip", x)}>
        <div class="grid4">${COLUMNS.map(([c, l]) => html`<${Num} path=${ptr("era1", "participants", pid, "ip", x, c)} label=${l} />`)}</div></${Group}>`)}
    </details>`)}`;
}

// The turn order as the players sit in it: tap them first to last (one tap each; a second tap takes one out).
// Only needed when two players' leftovers move them onto one global-market space (the later one goes on top):
// the server then asks for it here; otherwise it is left out (undefined, not sent).
function TurnOrder({ owners }) {
  const f = useForm();
  const order = f.body.turn_order || owners.map(() => null);
  const tap = (x) => {
    const next = order.map((y) => (y === x ? null : y));
    if (!order.includes(x)) next[next.indexOf(null)] = x;
    f.set("/turn_order", next.some((y) => y) ? next : undefined);
  };
  return html`<${Group} legend=${t("Turn order when the Era II management phase starts (if asked)")} path="/turn_order">
    <p class="hint">${t("Only when the app asks (two markers moving onto one space): tap the players, first to last.")}</p>
    <div class="chiprow" role="group" aria-label=${t("Players in turn order")}>${owners.map((x) => { const at = order.indexOf(x);
      return html`<button type="button" key=${x} class=${`chip-btn ${at >= 0 ? "on" : ""}`} aria-pressed=${at >= 0 ? "true" : "false"}
        onClick=${() => tap(x)}>${x}${at >= 0 ? ` · ${at + 1}.` : ""}</button>`; })}</div>
    <ol class="turn-order">${order.map((x, i) => html`<li key=${i} id=${fieldId(ptr("turn_order", i))} tabindex="-1"
      data-path=${ptr("turn_order", i)} data-testid=${`turn-${i}`}>${x || "—"}<${FieldError} path=${ptr("turn_order", i)} /></li>`)}</ol>
  </${Group}>`;
}

// A Tiger's prosperity token, one tap: the five tokens as printed for the player count; none is pressed at first.
function TokenChips({ E, tid, name }) {
  const f = useForm();
  const path = ptr("tigers", tid, "prosperity_token");
  const n = f.body.player_count;
  const elsewhere = (x) => E.tigers.find(([u]) => u !== tid && f.body.tigers[u].prosperity_token === x);
  return html`<div class="token-pick" data-path=${path} id=${fieldId(path)} tabindex="-1">
    <p class="chip-label">${t("Prosperity token (as printed)")}</p>
    <${Chips} label=${t("Prosperity token on {tiger}", { tiger: name })} value=${f.body.tigers[tid].prosperity_token} testid=${`token-${tid}`}
      options=${E.tokens.map((x) => [x, tokenText(E, x, n).replaceAll(" · ", "·")])} onPick=${(x) => f.set(path, x)}
      name=${(x) => (elsewhere(x) ? t("{tiger}: prosperity token {token} (also chosen for {other})", { tiger: name, token: tokenText(E, x, n), other: elsewhere(x)[1] })
        : t("{tiger}: prosperity token {token}", { tiger: name, token: tokenText(E, x, n) }))} />
    <${FieldError} path=${path} /></div>`;
}

function Form({ E, s }) {
  const body = s.body;
  const boards = usesBoards(body);
  const players = playersOf(body);
  const [paint, setPaintState] = useState(null); // whose pieces a tap on the board places (atboard.PaintPicker)
  const owners = Object.keys(body.participants).filter((x) => x !== NEUTRAL);
  const setPaint = (o) => setPaintState(o && owners.includes(o) ? o : null);
  const entries = padEntries(E, body);
  const padLabels = Object.fromEntries(entries);
  const pad = usePad(entries.map(([path]) => path));
  // A participant's card folds its numbers into one line once the pad walks on from them, all given (the page a
  // person scrolls stays short); a submit unfolds every card, so a refusal finds its fields.
  const [folded, setFolded] = useState({});
  const was = useRef(null);
  useLayoutEffect(() => {
    const whose = (path) => (entries.find(([x]) => x === path) || [])[2];
    const left = whose(was.current);
    was.current = pad.at;
    const done = (pid) => entries.every(([path, , q]) => q !== pid || ![null, undefined, ""].includes(getIn(body, path)));
    if (left && left !== whose(pad.at) && done(left)) setFolded((x) => ({ ...x, [left]: true }));
  }, [pad.at]);
  const submit = (e) => { setFolded({}); return s.submit(e); };
  // Moving on to another player's flags closes the card worked on before (its numbers in), and the neutral's once
  // its numbers are in (it has no flags): each reads as one line (its summary), and one tap opens it again.
  const lastFlags = useRef(null);
  const onWork = (pid) => {
    const done = [lastFlags.current, NEUTRAL].filter((q) => q && q !== pid && folded[q]);
    lastFlags.current = pid;
    for (const q of done) {
      const card = document.querySelector(`[data-testid="participant-${CSS.escape(q)}"]`);
      if (card) card.open = false;
    }
  };
  const setRule = (key, v) => {
    let next = { ...body, rules_options: { ...body.rules_options, [key]: v } };
    if (key === "prosperity_from_influence_rounds") {
      if (v === 2) next.era1 = era1For(E, next, body.era1);
      else { next = { ...next }; delete next.era1; }
    }
    s.replace(next);
  };
  return html`<form onSubmit=${submit} novalidate>
    <div class="row"><button type="button" onClick=${() => s.replace(JSON.parse(JSON.stringify(example)))}>${t("Load example (EX-1)")}</button>
      <button type="button" onClick=${() => s.replace(toBoards(withCount(E, null, body.player_count)))}>${t("Clear")}</button></div>
    <${Radios} path="/player_count" legend=${t("Players")} options=${E.counts.map((n) => [n, n === 3 ? t("3 players + the neutral") : tn("{n} player", "{n} players", n)])}
      onPick=${(n) => s.replace(withCount(E, body, n))} />
    <${TurnOrder} owners=${owners} />
    <h2>${t("Tigers")}</h2>
    <${Chips} label=${t("How to enter the Tigers")} value=${boards ? "board" : "numbers"} testid="tiger-entry"
      options=${[["board", t("Tap the board")], ["numbers", t("Type the numbers")]]}
      onPick=${(m) => s.replace(m === "board" ? toBoards(body) : toNumbers(body, E.tigers.map(([x]) => x), neutralIp(E)))} />
    ${boards ? html`<p class="hint">${t("Pick a player, then tap their spaces (or a row's \"Fill\": its empty spaces); a second tap empties a space. \"Anyone\": a space, then its owner (parts factories). The app works out the rest.")}</p>
      <${PaintPicker} owners=${owners} paint=${owners.includes(paint) ? paint : null} setPaint=${setPaint} />
      ${E.tigers.map(([tid, name]) => html`<${Group} legend=${name} path=${ptr("tigers", tid)} key=${tid}>
        <${TokenChips} E=${E} tid=${tid} name=${name} />
        <${TigerBoard} E=${E} tid=${tid} name=${name} paint=${owners.includes(paint) ? paint : null} /></${Group}>`)}`
    : html`<div class="grid2">${E.tigers.map(([tid, name]) => html`<${Group} legend=${name} path=${ptr("tigers", tid)} key=${tid}>
      <${TokenChips} E=${E} tid=${tid} name=${name} />
      <${Sel} path=${ptr("tigers", tid, "headquarters")} label=${t("Headquarters")} blank=${t("none")} options=${players.map((x) => [x, x])} />
    </${Group}>`)}</div>`}
    <h2>${t("Participants")}</h2>
    ${Object.keys(body.participants).map((pid, i) => html`<${Participant} E=${E} pid=${pid} open=${i === 0} pad=${pad} key=${pid}
      folded=${!!folded[pid]} onWork=${onWork} unfold=${() => { setFolded({ ...folded, [pid]: false }); pad.open(entries.find(([, , q]) => q === pid)[0]); }} />`)}
    <details class="card rules-options"><summary>${RULES.every(([key]) => body.rules_options[key] === E.rules[key])
      ? t("Rules options: as in the rulebook") : t("Rules options: a house rule is on")}</summary>
      ${RULES.map(([key, legend, options]) => html`<${Radios} path=${ptr("rules_options", key)} legend=${legend} options=${options}
        onPick=${(v) => setRule(key, v)} key=${key} />`)}</details>
    ${body.era1 && body.rules_options.prosperity_from_influence_rounds === 2 && html`<${Era1} E=${E} />`}
    <${SubmitBar} s=${s} />
    <${NumberPad} pad=${pad} labels=${padLabels} />
  </form>`;
}

function AtScorer({ E, params }) {
  // A new scoring starts on the board entry: the board as it lies, not 129 numbers.
  const s = useScorer("asian-tigers", params, () => toBoards(withCount(E, null, 2)), (r) => summary(model(r, E)));
  if (!s.body) return html`<${ScorerFrame} title=${t("Asian Tigers scorer")}><p>${t("Loading…")}</p></${ScorerFrame}>`;
  if (s.showResult) {
    return html`<${ScorerFrame} title=${t("Asian Tigers: final score")}><${Sheet} m=${model(s.result, E)} />
      <${ResultActions} s=${s} /></${ScorerFrame}>`;
  }
  return html`<${ScorerFrame} title=${t("Asian Tigers scorer")}>
    <p class="hint">${t("For a table that did not record its game: enter the position just before the Era II management phase; the server does the management phase and the final scoring, and explains every number.")}</p>
    <${FormProvider} value=${s}><${Form} E=${E} s=${s} /></${FormProvider}></${ScorerFrame}>`;
}

export default function Scorer({ params }) {
  const [E, setE] = useState(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => { loadEdition().then(setE, () => setFailed(true)); }, []);
  if (E) return html`<${AtScorer} E=${E} params=${params} />`;
  return html`<${ScorerFrame} title=${t("Asian Tigers scorer")}>${failed
    ? html`<div class="banner error" role="alert">${t("No server answered: the scorer needs the edition once (then it works from this phone's copy).")}</div>`
    : html`<p>${t("Loading…")}</p>`}</${ScorerFrame}>`;
}
