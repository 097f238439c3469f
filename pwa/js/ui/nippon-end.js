// Nippon, end only: what lies on the table when the game is over.  Per player (in
// turn order): their name, where their disc stands on the VP track, and their
// achievement spaces (tap the multiplier tile on it, type the units).  Who took the
// last turn is one tap.  Optionally, per scoring, what the table remembers of its
// board, tapped on the map as the live mode does (nipboard.js).  The body is POST
// /api/scorers/nippon's end-only input; the result says what the server could and
// could not verify.
import { html } from "../html.js";
import { FieldError, FormProvider, Group, Num, ResultActions, ScorerFrame, SubmitBar, Text, fieldId, getIn, ptr,
  useForm, useScorer } from "./formkit.js";
import { Sheet, playerResultModel, summary } from "./sheet.js";
import { Chips, EditionPending, ModeSwitch, focusSoon, useEdition, verificationNotes } from "./tapkit.js";
import { BoardChanges, boardAfter, droppedStep, noStep, renamedStep } from "./nipboard.js";
import { isPlaceholderName, useRecentPlayers } from "./recent.js";
import { localize, t, tn } from "../i18n.js";

export const MODES = [["live", t("Live")], ["end_only", t("End only")], ["detailed", t("Detailed")]];
export const COLOURS = [t("Yellow"), t("Red"), t("Purple"), t("Blue")]; // the player colours, as default names
export const LABELS = { starting_vp: t("Starting VP"), region_majority: t("Region majorities"), ships: t("Ships"),
                        contracts: t("Contract VP"), region_bonus: t("Region bonus VP"), workforce: t("Workforce"),
                        in_play: t("VP gained in play"), vp_track: t("VP track"), achievements: t("Achievements"),
                        floor: t("Raised to 0") };

export const model = (answer) => {
  const r = localize(answer);
  return { ...playerResultModel(r, LABELS, r.ranking.filter((x) => x.tie_break).map((x) => t("Tie rule: {rule}", { rule: x.tie_break }))),
           extra: verificationNotes(r) };
};

export const blank = () => ({
  mode: "end_only", last_turn_player: null,
  players: COLOURS.map((name, i) => ({ name, seat: i + 1, vp_track: "", achievements: [] })),
  scorings: [null, null, null], // per scoring: null (not remembered) or the changes since the one entered before
});

// The achievement spaces of one player board: per space, the multiplier tile on it (or none) and its units.
export function Achievements({ base, who, edition }) {
  const f = useForm();
  const list = getIn(f.body, base) || [];
  const chips = [[null, t("No")], ...edition.multipliers.map((m) => [m, `${m}×`])];
  const pick = (space, m) => {
    const at = list.findIndex((a) => a.space === space);
    if (at < 0) {
      f.set(base, [...list, { space, units: "", multiplier: m }]);
      focusSoon(fieldId(`${base}/${list.length}/units`));
    } else if (m === null && (list[at].units === "" || list[at].units === 0)) {
      f.set(base, list.filter((_, k) => k !== at));
    } else {
      f.set(`${base}/${at}/multiplier`, m);
      if (list[at].units === "") focusSoon(fieldId(`${base}/${at}/units`));
    }
  };
  return html`<div data-path=${base}>${edition.achievement_spaces.map((sp) => {
    const at = list.findIndex((a) => a.space === sp.id);
    const entry = at >= 0 ? list[at] : null;
    const title = `${sp.id}: ${sp.condition.replace(/_/g, " ")}`;
    return html`<div class="ach" key=${sp.id} data-path=${at >= 0 ? `${base}/${at}` : undefined}>
      <span class="ach-name">${title}<span class="hint"> ${t("({vp} VP each, up to {most})", { vp: sp.vp_per_unit, most: sp.max_units })}</span></span>
      ${entry ? html`<${Num} path=${`${base}/${at}/units`} label=${t("Units")} />` : html`<span></span>`}
      <${Chips} label=${t("Multiplier tile on {player}'s {space}", { player: who, space: sp.id })} options=${chips} value=${entry ? entry.multiplier : undefined}
        onPick=${(m) => pick(sp.id, m)} name=${(m) => (m ? t("{m}× tile on {player}'s {space}", { m, player: who, space: sp.id })
          : t("No tile on {player}'s {space}", { player: who, space: sp.id }))} />
      ${at >= 0 && html`<${FieldError} path=${`${base}/${at}/multiplier`} />`}
    </div>`;
  })}<${FieldError} path=${base} /></div>`;
}

// Names and turn order: the list is in seat order (first player first); ↑ moves a player one seat earlier.
// How many play is one tap (2, 3 or 4: the seats past it go, with everything entered for them); a seat
// can also be removed by name.  `drop(body, name)` removes every mention of a player, `seat(name, n)`
// makes a new seat.
export function PlayerNames({ rename, drop, seat, extra, limits = { min: 2, max: 4 } }) {
  const f = useForm();
  const recent = useRecentPlayers();
  const { players } = f.body;
  const names = players.map((p) => p.name);
  const offer = recent.names.filter((n) => !names.includes(n)).slice(0, 6);
  const reseat = (body) => ({ ...body, players: body.players.map((p, k) => ({ ...p, seat: k + 1 })) });
  const up = (i) => {
    const next = [...players];
    [next[i - 1], next[i]] = [next[i], next[i - 1]];
    f.replace(reseat({ ...f.body, players: next }));
  };
  const remove = (name) => f.replace(reseat(drop(f.body, name)));
  const count = (n) => {
    let next = f.body;
    for (const p of players.slice(n)) next = drop(next, p.name);
    const taken = next.players.map((p) => p.name);
    const free = COLOURS.filter((c) => !taken.includes(c));
    const added = free.slice(0, Math.max(0, n - next.players.length)).map((name, k) => seat(name, next.players.length + k + 1));
    f.replace(reseat({ ...next, players: [...next.players, ...added] }));
    focusSoon("seat-count-status");
  };
  const sizes = [];
  for (let n = limits.min; n <= limits.max; n += 1) sizes.push([n, String(n)]);
  return html`<div data-path="/players"><${Chips} label=${t("How many players")} options=${sizes} value=${players.length}
      onPick=${count} name=${(n) => tn("{n} player", "{n} players", n)} testid="seat-count" />
    <p class="hint" id="seat-count-status" tabindex="-1" role="status">${t("{count} players: {names}.", { count: players.length, names: names.join(", ") })}</p>
    <${FieldError} path="/players" /></div>
    ${players.map((p, i) => { const base = ptr("players", i); return html`<${Group} legend=${t("Seat {n}: {player}", { n: i + 1, player: p.name })} path=${base} key=${i}>
    <div class="row nowrap"><${Text} path=${base + "/name"} label=${t("Name")}
        onCommit=${(name) => name && name !== p.name && !names.includes(name) && f.replace(rename(f.body, p.name, name))} />
      ${i > 0 && html`<button type="button" class="small" aria-label=${t("Move {player} one seat earlier", { player: p.name })} onClick=${() => up(i)}>↑</button>`}</div>
    ${isPlaceholderName(p.name) && offer.length > 0 && html`<${Chips} label=${t("Recent players for seat {n}", { n: i + 1 })}
      options=${offer.map((n) => [n, n])} onPick=${(n) => f.replace(rename(f.body, p.name, n))} name=${(n) => t("{player} in seat {n}", { player: n, n: i + 1 })} />`}
    <${FieldError} path=${base + "/seat"} />
    ${extra && extra(p, i, base)}
    ${players.length > limits.min && html`<button type="button" class="danger small" onClick=${() => remove(p.name)}>${t("Remove {player}", { player: p.name })}</button>`}
  </${Group}>`; })}`;
}

const renamed = (body, old, name) => ({
  ...body, last_turn_player: body.last_turn_player === old ? name : body.last_turn_player,
  players: body.players.map((p) => (p.name === old ? { ...p, name } : p)),
  scorings: (body.scorings || []).map((st) => st && renamedStep(st, (n) => (n === old ? name : n))),
});

const dropped = (body, name) => ({
  ...body, last_turn_player: body.last_turn_player === name ? null : body.last_turn_player,
  players: body.players.filter((p) => p.name !== name),
  scorings: (body.scorings || []).map((st) => st && droppedStep(st, name)),
});
const newSeat = (name, seat) => ({ name, seat, vp_track: "", achievements: [] });

// Per scoring, collapsed until opened: its board, as the changes since the scoring entered before it.
function Remembered({ edition }) {
  const f = useForm();
  const steps = f.body.scorings || Array.from({ length: edition.scorings }, () => null);
  const names = f.body.players.map((p) => p.name);
  const set = (k, st) => f.set("/scorings", steps.map((x, j) => (j === k ? st : x)));
  return html`<h2 id="remembered-h">${t("Add what you remember of the scorings")}</h2>
    <p class="hint">${t("Optional. The scorer checks each scoring you enter and says what it gave each player; the board of scoring {n} is the one left on the table.", { n: edition.scorings })}</p>
    ${steps.map((st, k) => {
      const since = steps.slice(0, k).map((x, j) => (x ? j + 1 : 0)).filter(Boolean).pop();
      if (!st) {
        return html`<div class="stack" key=${k}><button type="button" aria-expanded="false"
          onClick=${() => set(k, noStep())}>${t("Scoring {n}: add what you remember", { n: k + 1 })}</button></div>`;
      }
      return html`<section key=${k} aria-labelledby=${`remembered-${k}`} data-testid=${`remembered-${k + 1}`}>
        <h3 id=${`remembered-${k}`}>${t("Scoring {n}", { n: k + 1 })}</h3>
        <p class="hint">${since ? t("The map shows the board as you entered it for scoring {since}: tap what changed by scoring {n}.", { since, n: k + 1 })
          : t("Tap every tile on the board at scoring {n}, then add its trains and ships.", { n: k + 1 })}</p>
        <${BoardChanges} edition=${edition} board=${boardAfter(steps.slice(0, k).filter(Boolean))} st=${st}
          put=${(next) => set(k, next)} base=${ptr("scorings", k)} names=${names}
          label=${t("Map of Nippon at scoring {n}", { n: k + 1 })} listTitle=${t("Entered for scoring {n}", { n: k + 1 })} />
        <button type="button" class="small" aria-expanded="true" onClick=${() => set(k, null)}>${t("Forget scoring {n}", { n: k + 1 })}</button>
      </section>`;
    })}`;
}

export default function NipponEndOnly({ params }) {
  const s = useScorer("nippon", params, blank, (r) => summary(model(r)), "end_only");
  const edition = useEdition("nippon");
  if (!s.body || !edition) return html`<${ScorerFrame} title=${t("Nippon scorer")}><${EditionPending} edition=${edition} /></${ScorerFrame}>`;
  if (s.showResult) {
    return html`<${ScorerFrame} title=${t("Nippon: final score")}><${Sheet} m=${model(s.result)} /><${ResultActions} s=${s} /></${ScorerFrame}>`;
  }
  const names = s.body.players.map((p) => p.name);
  return html`<${ScorerFrame} title=${t("Nippon scorer")}>
    <${ModeSwitch} game="nippon" modes=${MODES} current="end_only" />
    <p class="hint">${t("What lies on the table now: where each disc stands on the VP track (after the 3rd scoring) and the tiles on each player's achievement spaces. Players in turn order, first player first.")}</p>
    <${FormProvider} value=${s}><form onSubmit=${s.submit} novalidate>
      <h2>${t("Players, in turn order")}</h2>
      <${PlayerNames} rename=${renamed} drop=${dropped} seat=${newSeat} limits=${edition.players} extra=${(p, i, base) => html`
        <${Num} path=${base + "/vp_track"} label=${t("VP track")} min=${undefined} />
        <h3>${t("Achievement spaces")}</h3>
        <${Achievements} base=${base + "/achievements"} who=${p.name} edition=${edition} />`} />
      <h2 id="last-h">${t("Who took the last turn")}</h2>
      <div data-path="/last_turn_player"><${Chips} label=${t("Who took the last turn")} options=${names.map((n) => [n, n])}
        value=${s.body.last_turn_player} onPick=${(n) => s.set("/last_turn_player", n)}
        name=${(n) => t("{player} took the last turn", { player: n })} /><${FieldError} path="/last_turn_player" /></div>
      <${Remembered} edition=${edition} />
      <${SubmitBar} s=${s} />
    </form></${FormProvider}></${ScorerFrame}>`;
}
