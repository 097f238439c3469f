// The wizard's form checks before "Next" (missing, doubled), in words with the field to
// jump to; the rules stay on the server, whose refusal at "Create" is placed here too.
import { tigerName, words, workerName as workerLabel } from "../labels.js";
import { ordinal, t } from "../i18n.js";

export const DRAWS = [
  ["prosperity_tokens", t("Prosperity token on each Tiger")],
  ["region_tokens", t("Region bonus token on each Tiger")],
  ["setup_workers", t("Board workers on centres A, B and C")],
  ["turn_order", t("Turn order (disc draw)")],
  ["starting_goods", t("Starting good of each player")],
  ["workers", t("Each player's set-aside pair and team sequence")],
];
const DRAW_LABEL = Object.fromEntries(DRAWS);
// The edition's colour ids in words (an id this list does not know is shown as it is).
// The colour words live in labels.js: the game screen's layout checklist needs them, and it is precached.
export { colourName } from "../labels.js";
import { colourName } from "../labels.js";
const who = (players, i) => (players[i].name || "").trim() || t("Player {n}", { n: i + 1 });

// Step 1: [{id, text}], id = the field at fault.
export function checkPlayers(players) {
  const problems = [];
  players.forEach((p, i) => {
    const name = (p.name || "").trim();
    const same = players.findIndex((q, j) => j < i && (q.name || "").trim().toLowerCase() === name.toLowerCase());
    if (name && same >= 0) problems.push({ id: `name-${i}`, text: t("Player {n}'s name: {name} is already Player {m}'s name — choose another.", { n: i + 1, name, m: same + 1 }) });
    const taken = players.findIndex((q, j) => j < i && q.color === p.color);
    if (taken >= 0) {
      problems.push({ id: `color-${i}`, text: t("{player}'s colour: {colour} is already {other}'s — choose another colour for {player}.", { player: who(players, i), colour: colourName(p.color), other: who(players, taken) }) });
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
      for (const tg of tigers) {
        if (!v[tg]) problems.push({ id: `${kind}-${tg}`, text: t("{draw}: choose the token on {tiger}.", { draw: label, tiger: tigerName(L, tg) }) });
        else if (seen[v[tg]] && kind === "prosperity_tokens") {
          problems.push({ id: `${kind}-${tg}`, text: t("{draw}: {tiger} has the same token as {other} — each Tiger has its own.", { draw: label, tiger: tigerName(L, tg), other: tigerName(L, seen[v[tg]]) }) });
        } else seen[v[tg]] = tg;
      }
    } else if (kind === "setup_workers") {
      for (const c of ["A", "B", "C"]) if (!v[c]) problems.push({ id: `sw-${c}`, text: t("{draw}: choose the worker on centre {c}.", { draw: label, c }) });
    } else if (kind === "turn_order") {
      const list = Array.isArray(draws[kind]) ? draws[kind] : [];
      players.forEach((_, i) => {
        const seat = list[i];
        if (seat == null || seat === "") problems.push({ id: `to-${i}`, text: t("{draw}: who plays {place}?", { draw: label, place: ordinal(i + 1) }) });
        else if (list.slice(0, i).includes(seat)) problems.push({ id: `to-${i}`, text: t("{draw}: {player} is listed twice.", { draw: label, player: who(players, Number(seat)) }) });
      });
    } else if (kind === "starting_goods") {
      players.forEach((_, i) => { if (!v[i]) problems.push({ id: `sg-${i}`, text: t("{draw}: choose {player}'s starting good.", { draw: label, player: who(players, i) }) }); });
    } else if (kind === "workers") {
      players.forEach((_, i) => {
        const w = v[i] || {};
        const aside = w.set_aside || [];
        if (aside.length < 2) problems.push({ id: `sa-${i}-0`, text: t("{draw}: choose {player}'s set-aside pair.", { draw: label, player: who(players, i) }) });
        else if (aside[0] === aside[1]) {
          problems.push({ id: `sa-${i}-0`, rule: "PSETUP-03", text: t("{draw}: {player}'s two set-aside workers must be of different types.", { draw: label, player: who(players, i) }) });
        }
        if (entry === "stated") return;  // each worker's type is said at placement
        const team = w.team || [];
        if (team.length !== L.team_slots) problems.push({ id: `team-add-${i}`, text: t("{draw}: {player}'s team area has {n} of {total} workers.", { draw: label, player: who(players, i), n: team.length, total: L.team_slots }) });
        const over = L.worker_types.filter((w) => team.filter((x) => x === w).length > 4);
        if (over.length) {  // PSETUP-02: the bag holds 4 of each type
          problems.push({ id: `team-add-${i}`, rule: "PSETUP-02", text: t("{draw}: {player}'s team holds {workers}; the bag has only 4 of each type.", { draw: label, player: who(players, i),
            workers: { and: over.map((w) => `${team.filter((x) => x === w).length} × ${workerLabel(L, w)}`) } }) });
        } else if (team.length === L.team_slots && aside.length === 2) {  // PSETUP-03: 4 of each type, less the two set aside
          const wrong = L.worker_types.filter((w) => team.filter((x) => x === w).length !== 4 - aside.filter((x) => x === w).length);
          if (wrong.length) {
            problems.push({ id: `team-add-${i}`, rule: "PSETUP-03", text: t("{draw}: {player}'s team must hold {workers} (4 of each type, less the two set aside).", { draw: label, player: who(players, i),
              workers: L.worker_types.map((w) => `${4 - aside.filter((x) => x === w).length} × ${words(workerLabel(L, w))}`).join(", ") }) });
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
    return { step: 0, id: dup[0] ? dup[0].id : "name-0", text: dup[0] ? dup[0].text : t("Players: {detail}", { detail }), rule: problem.rule };
  }
  return null;
}
