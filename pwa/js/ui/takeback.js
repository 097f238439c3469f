// What the table puts back when a move is undone, in the words of the pieces on the table:
// "Take Ann's laboratory off Hong Kong · laboratory · column C; it goes back to sector 10 of her board".
// Read from the move's events (the log keeps them), newest first, the way one unpicks a move by hand.
// An event with no rule of its own here is named by its own line ("Reverse: …"), never left out.
import { t } from "../i18n.js";
import { centerLabel, effectWords, nationName, playerName, spaceLabel, tigerName, words, workerName } from "../labels.js";

const sector = (id) => t("sector {n}", { n: String(id).replace(/^A?S/, "") });
const tigerOf = (L, space) => tigerName(L, String(space).split(".")[0]);
const back = (from, to) => (from != null && to != null ? t(" from {to} back to {from}", { from, to }) : "");
// "(0 → 1)" in an influence line: the marker's two positions.
const arrow = (text) => { const m = /\((\d+) → (\d+)\)/.exec(text || ""); return m ? [m[1], m[2]] : [null, null]; };

// One event → the table's instruction to reverse it (null: nothing to put back).
function reverse(L, view, e) {
  const player = e.participant != null ? playerName(view, e.participant) : "";
  const where = (space) => {  // the server's space names start with their Tiger already
    const named = spaceLabel(L, space);
    return named.startsWith(tigerOf(L, space)) ? named : `${tigerOf(L, space)} · ${named}`;
  };
  const home = (id) => (id ? t("{sector} of {player}'s board", { sector: sector(id), player }) : t("{player}'s board", { player }));
  const amount = e.amount;
  switch (e.kind) {
    case "worker_placed": {
      const v = { player, worker: workerName(L, e.worker).replace(/ worker$/, ""), center: centerLabel(L, e.center), funds: e.funds_paid };
      return e.funds_paid ? t("Take {player}'s {worker} worker back from {center} and give back the {funds} funds paid.", v)
        : t("Take {player}'s {worker} worker back from {center}.", v);
    }
    case "infrastructure_built":
      return t("Take {player}'s {piece} off {space}; it goes back to {home}.", { player, piece: words(e.infrastructure), space: where(e.space), home: home(e.sector) });
    case "satellite_built":
      return e.funds_paid ? t("Take {player}'s satellite off {space}; {funds} funds back to {player} there.", { player, space: where(e.space), funds: e.funds_paid })
        : t("Take {player}'s satellite off {space}.", { player, space: where(e.space) });
    case "generic_removed":
      return t("Put the generic piece back on {sector} of {player}'s board.", { sector: sector(e.sector), player });
    case "science_gained": return t("{player}: science down {amount}.", { player, amount });
    case "science_paid": return t("{player}: science up {amount}.", { player, amount });
    case "energy_gained": return t("{player}: energy down {amount}.", { player, amount });
    case "energy_paid": return t("{player}: energy up {amount}.", { player, amount });
    case "funds_paid": return t("Give {player} back {amount} funds in {tiger}.", { player, amount, tiger: tigerName(L, e.tiger) });
    case "goods_gained": return t("Take {amount} {good} back from {player}.", { amount, good: e.good, player });
    case "global_market_advanced":
      return t("Move {player}'s global-market marker back {amount}{path}.", { player, amount, path: back(e.from, e.to) });
    case "influence_gained": {
      const [from, to] = arrow(e.text);
      return t("Move {player}'s influence marker on {tiger} back {amount}{path}.", { player, tiger: tigerName(L, e.tiger), amount, path: back(from, to) });
    }
    case "local_sale_made":
      return t("Take the {good} off {tiger}'s market and give it back to {player}.", { good: e.good, tiger: tigerOf(L, e.market), player });
    case "sale_made":
      return t("Give {player} back {goods}; flag {nation} goes back from {player}'s board to its nation.", { player, goods: (e.goods || []).join(" + "), nation: nationName(L, e.nation) });
    case "bonus_unlocked": return t("{player}: {sector}'s bonus is not unlocked yet (its piece is back).", { player, sector: sector(e.sector) });
    case "bonus_resolved": return t("{player}: the {bonus} bonus is not used yet.", { player, bonus: effectWords(e.bonus) });
    case "bonus_ignored": return t("{player}: the {bonus} bonus is still open.", { player, bonus: effectWords(e.bonus) });
    case "region_bonus_activated": return t("{player}: the region bonus of {tiger} is not taken (undo what it gave).", { player, tiger: tigerName(L, e.tiger) });
    case "automa_tile_revealed": return t("Automa: put its tile back face down on top of the pile.");
    case "automa_flag_taken": return t("Automa: flag {nation} goes back from its flag sector to the nation.", { nation: nationName(L, e.nation) });
    case "automa_global_market": return t("Automa: global-market marker back {amount}.", { amount });
    case "automa_university_bonus": return t("Automa: global-market marker back {amount} (university bonus).", { amount });
    case "automa_influence": return t("Automa: influence marker on {tiger} back {amount}.", { tiger: tigerName(L, e.tiger), amount });
    case "automa_satellite": return t("Automa: take its satellite off {space}.", { space: where(e.space) });
    case "automa_parts_factory": return t("Automa: take its parts factory off {space}.", { space: where(e.space) });
    case "automa_bonus_unlocked": return t("Automa: {sector}'s bonus is not unlocked yet.", { sector: sector(e.sector) });
    case "auto_resolved": case "turn_ended": case "automa_turn": case "automa_no_department": case "score_line":
      return null;  // nothing on the table (an Automa turn's pieces are its own events)
    default:
      return e.text ? t("Reverse: {line}", { line: e.text }) : null;
  }
}

// The instructions for one log entry (newest event first); [] when it moved nothing.
export function takeBack(L, view, entry) {
  const out = [];
  for (const e of [...((entry && entry.events) || [])].reverse()) {
    const line = e && typeof e === "object" ? reverse(L, view, e) : null;
    if (line && !out.includes(line)) out.push(line);
  }
  return out;
}

// Whose move an entry was: the first event's participant that is a seat.
export function moveOwner(view, entry) {
  const p = ((entry && entry.events) || []).map((e) => e.participant).find((x) => x != null && x !== "setup");
  return p != null ? playerName(view, p) : t("the table");
}
