// The wizard's form checks before "Next" (missing, doubled), in words with the field to
// jump to; the rules stay on the server, whose refusal at "Create" is placed here too.
import { tigerName, words, workerName as workerLabel } from "../labels.js";

export const DRAWS = [
  ["prosperity_tokens", "Prosperity token on each Tiger"],
  ["region_tokens", "Region bonus token on each Tiger"],
  ["setup_workers", "Board workers on centres A, B and C"],
  ["turn_order", "Turn order (disc draw)"],
  ["starting_goods", "Starting good of each player"],
  ["workers", "Each player's set-aside pair and team sequence"],
];
const DRAW_LABEL = Object.fromEntries(DRAWS);
const who = (players, i) => `${(players[i].name || "").trim() || `Player ${i + 1}`}`;

// Step 1: [{id, text}], id = the field at fault.
export function checkPlayers(players) {
  const problems = [];
  players.forEach((p, i) => {
    const name = (p.name || "").trim();
    const same = players.findIndex((q, j) => j < i && (q.name || "").trim().toLowerCase() === name.toLowerCase());
    if (name && same >= 0) problems.push({ id: `name-${i}`, text: `Player ${i + 1}'s name: ${name} is already Player ${same + 1}'s name — choose another.` });
    const taken = players.findIndex((q, j) => j < i && q.color === p.color);
    if (taken >= 0) {
      problems.push({ id: `color-${i}`, text: `${who(players, i)}'s colour: ${p.color} is already ${who(players, taken)}'s — choose another colour for ${who(players, i)}.` });
    }
  });
  return problems;
}

// Every problem of the step at once, each naming the player or Tiger and the rule it breaks.
export function checkDraws(mode, draws, L, players, entry = "sequence") {
  const problems = [];
  const tigers = Object.keys(L.tigers);
  for (const [kind, label] of DRAWS) {
    if (mode[kind] !== "table") continue;
    const v = draws[kind] || {};
    if (kind === "prosperity_tokens" || kind === "region_tokens") {
      const seen = {};
      for (const t of tigers) {
        if (!v[t]) problems.push({ id: `${kind}-${t}`, text: `${label}: choose the token on ${tigerName(L, t)}.` });
        else if (seen[v[t]] && kind === "prosperity_tokens") {
          problems.push({ id: `${kind}-${t}`, text: `${label}: ${tigerName(L, t)} has the same token as ${tigerName(L, seen[v[t]])} — each Tiger has its own.` });
        } else seen[v[t]] = t;
      }
    } else if (kind === "setup_workers") {
      for (const c of ["A", "B", "C"]) if (!v[c]) problems.push({ id: `sw-${c}`, text: `${label}: choose the worker on centre ${c}.` });
    } else if (kind === "turn_order") {
      const list = Array.isArray(draws[kind]) ? draws[kind] : [];
      players.forEach((_, i) => {
        const seat = list[i];
        if (seat == null || seat === "") problems.push({ id: `to-${i}`, text: `${label}: who plays ${i + 1}${["st", "nd", "rd"][i] || "th"}?` });
        else if (list.slice(0, i).includes(seat)) problems.push({ id: `to-${i}`, text: `${label}: ${who(players, Number(seat))} is listed twice.` });
      });
    } else if (kind === "starting_goods") {
      players.forEach((_, i) => { if (!v[i]) problems.push({ id: `sg-${i}`, text: `${label}: choose ${who(players, i)}'s starting good.` }); });
    } else if (kind === "workers") {
      players.forEach((_, i) => {
        const w = v[i] || {};
        const aside = w.set_aside || [];
        if (aside.length < 2) problems.push({ id: `sa-${i}-0`, text: `${label}: choose ${who(players, i)}'s set-aside pair.` });
        else if (aside[0] === aside[1]) {
          problems.push({ id: `sa-${i}-0`, rule: "PSETUP-03", text: `${label}: ${who(players, i)}'s two set-aside workers must be of different types.` });
        }
        if (entry === "stated") return;  // each worker's type is said at placement
        const team = w.team || [];
        if (team.length !== L.team_slots) problems.push({ id: `team-add-${i}`, text: `${label}: ${who(players, i)}'s team area has ${team.length} of ${L.team_slots} workers.` });
        const over = L.worker_types.filter((t) => team.filter((x) => x === t).length > 4);
        if (over.length) {  // PSETUP-02: the bag holds 4 of each type
          problems.push({ id: `team-add-${i}`, rule: "PSETUP-02", text: `${label}: ${who(players, i)}'s team holds ${
            over.map((t) => `${team.filter((x) => x === t).length} × ${workerLabel(L, t)}`).join(" and ")}; the bag has only 4 of each type.` });
        } else if (team.length === L.team_slots && aside.length === 2) {  // PSETUP-03: 4 of each type, less the two set aside
          const wrong = L.worker_types.filter((t) => team.filter((x) => x === t).length !== 4 - aside.filter((x) => x === t).length);
          if (wrong.length) {
            problems.push({ id: `team-add-${i}`, rule: "PSETUP-03", text: `${label}: ${who(players, i)}'s team must hold ${
              L.worker_types.map((t) => `${4 - aside.filter((x) => x === t).length} × ${words(workerLabel(L, t))}`).join(", ")} (4 of each type, less the two set aside).` });
          }
        }
      });
    }
  }
  return problems;
}

export function placeProblem(problem, players) {
  const field = ((problem.engine || {}).details || {}).field || "";
  let detail = problem.detail || "";
  const kind = (field.match(/^setup\/([a-z_]+)/) || [])[1];
  if (kind) {
    for (const [k, label] of DRAWS) if (k.includes("_")) detail = detail.replace(new RegExp(`\\b${k}\\b`, "g"), label.toLowerCase());
    const seat = (field.match(/\/(\d+)(\/|$)/) || [])[1];
    const text = `${DRAW_LABEL[kind] || words(kind)}${seat != null && players[seat] ? ` (${who(players, Number(seat))})` : ""}: ${detail}`;
    return { step: 2, id: `draw-${kind}`, text, rule: problem.rule };
  }
  if (field.startsWith("players") || problem.code === "duplicate_color") {
    const dup = checkPlayers(players);
    return { step: 0, id: dup[0] ? dup[0].id : "name-0", text: dup[0] ? dup[0].text : `Players: ${detail}`, rule: problem.rule };
  }
  return null;
}
