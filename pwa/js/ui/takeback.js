// What the table puts back when a move is undone, in the words of the pieces on the table:
// "Take Ann's laboratory off Hong Kong · laboratory · column C; it goes back to sector 10 of her board".
// Read from the move's events (the log keeps them), newest first, the way one unpicks a move by hand.
// An event with no rule of its own here is named by its own line ("Reverse: …"), never left out.
import { centerLabel, effectWords, nationName, playerName, spaceLabel, tigerName, words, workerName } from "../labels.js";

const sector = (id) => `sector ${String(id).replace(/^A?S/, "")}`;
const tigerOf = (L, space) => tigerName(L, String(space).split(".")[0]);
const back = (from, to) => (from != null && to != null ? ` from ${to} back to ${from}` : "");
// "(0 → 1)" in an influence line: the marker's two positions.
const arrow = (text) => { const m = /\((\d+) → (\d+)\)/.exec(text || ""); return m ? [m[1], m[2]] : [null, null]; };

// One event → the table's instruction to reverse it (null: nothing to put back).
function reverse(L, view, e) {
  const who = e.participant != null ? playerName(view, e.participant) : "";
  const where = (space) => {  // the server's space names start with their Tiger already
    const named = spaceLabel(L, space);
    return named.startsWith(tigerOf(L, space)) ? named : `${tigerOf(L, space)} · ${named}`;
  };
  const home = (id) => (id ? `${sector(id)} of ${who}'s board` : `${who}'s board`);
  switch (e.kind) {
    case "worker_placed":
      return `Take ${who}'s ${workerName(L, e.worker).replace(/ worker$/, "")} worker back from ${centerLabel(L, e.center)}${
        e.funds_paid ? ` and give back the ${e.funds_paid} funds paid` : ""}.`;
    case "infrastructure_built":
      return `Take ${who}'s ${words(e.infrastructure)} off ${where(e.space)}; it goes back to ${home(e.sector)}.`;
    case "satellite_built":
      return `Take ${who}'s satellite off ${where(e.space)}${e.funds_paid ? `; ${e.funds_paid} funds back to ${who} there` : ""}.`;
    case "generic_removed":
      return `Put the generic piece back on ${sector(e.sector)} of ${who}'s board.`;
    case "science_gained": return `${who}: science down ${e.amount}.`;
    case "science_paid": return `${who}: science up ${e.amount}.`;
    case "energy_gained": return `${who}: energy down ${e.amount}.`;
    case "energy_paid": return `${who}: energy up ${e.amount}.`;
    case "funds_paid": return `Give ${who} back ${e.amount} funds in ${tigerName(L, e.tiger)}.`;
    case "goods_gained": return `Take ${e.amount} ${e.good} back from ${who}.`;
    case "global_market_advanced":
      return `Move ${who}'s global-market marker back ${e.amount}${back(e.from, e.to)}.`;
    case "influence_gained": {
      const [from, to] = arrow(e.text);
      return `Move ${who}'s influence marker on ${tigerName(L, e.tiger)} back ${e.amount}${back(from, to)}.`;
    }
    case "local_sale_made":
      return `Take the ${e.good} off ${tigerOf(L, e.market)}'s market and give it back to ${who}.`;
    case "sale_made":
      return `Give ${who} back ${(e.goods || []).join(" + ")}; flag ${nationName(L, e.nation)} goes back from ${who}'s board to its nation.`;
    case "bonus_unlocked": return `${who}: ${sector(e.sector)}'s bonus is not unlocked yet (its piece is back).`;
    case "bonus_resolved": return `${who}: the ${effectWords(e.bonus)} bonus is not used yet.`;
    case "bonus_ignored": return `${who}: the ${effectWords(e.bonus)} bonus is still open.`;
    case "region_bonus_activated": return `${who}: the region bonus of ${tigerName(L, e.tiger)} is not taken (undo what it gave).`;
    case "automa_tile_revealed": return "Automa: put its tile back face down on top of the pile.";
    case "automa_flag_taken": return `Automa: flag ${nationName(L, e.nation)} goes back from its flag sector to the nation.`;
    case "automa_global_market": return `Automa: global-market marker back ${e.amount}.`;
    case "automa_university_bonus": return `Automa: global-market marker back ${e.amount} (university bonus).`;
    case "automa_influence": return `Automa: influence marker on ${tigerName(L, e.tiger)} back ${e.amount}.`;
    case "automa_satellite": return `Automa: take its satellite off ${where(e.space)}.`;
    case "automa_parts_factory": return `Automa: take its parts factory off ${where(e.space)}.`;
    case "automa_bonus_unlocked": return `Automa: ${sector(e.sector)}'s bonus is not unlocked yet.`;
    case "auto_resolved": case "turn_ended": case "automa_turn": case "automa_no_department": case "score_line":
      return null;  // nothing on the table (an Automa turn's pieces are its own events)
    default:
      return e.text ? `Reverse: ${e.text}` : null;
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
  return p != null ? playerName(view, p) : "the table";
}
