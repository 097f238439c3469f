// A game's outcome (GET /outcome or /score) as the result sheet's model (ui/sheet.js).
// The Automa scores flag areas, not sectors A–F: rows are the union, a missing cell "—".
import { playerColor, playerName, tigerName } from "../labels.js";

// "AF2" (the Automa's flag area 2) and "A" (sector A) in words.
function sectorWords(key, outcome) {
  const m = /^AF(\d+)$/.exec(key);
  if (m) return `Automa flag area ${m[1]} (stars × ${(outcome.solo || {}).difficulty || "difficulty"})`;
  return `Sector ${key} bonus`;
}

// The catalogue rules behind the scorepad's rows (the sheet links each to its text).
const PAD_RULES = [["Prosperity from influence", "MGMT2-04"], ["Sector bonuses", "SCORE-FSB-01"], ["Nations", "SCORE-NAT-01"],
                   ["Total", "SCORE-END-01"], ["Equal totals", "TIE-07"]];

const union = (objs) => [...new Set(objs.flatMap((o) => Object.keys(o || {})))];

// `sofar`: the score as if the game ended now — nobody "wins" before the end; the leader "leads so far".
export function outcomeModel(outcome, view, L, { goals = {}, sofar = false } = {}) {
  const P = outcome.participants || {};
  const ids = (outcome.standings || []).map((s) => s.participant).filter((id) => P[id] && P[id].recorded !== false);
  const lines = outcome.lines || [];
  const mark = (id, cat, key) => lines.some((l) => l.participant === id && l.category === cat
    && (key == null || l.key === key) && l.placeholder);
  const row = (label, kind, get, cat, key) => ({ label, kind, cells: Object.fromEntries(ids.map((id) => {
    let v;
    try { v = get(P[id]); } catch { v = undefined; }
    return [id, { v: v ?? "—", mark: v != null && mark(id, cat, key) }];
  })) });
  const people = ids.map((id) => ({ id, label: playerName(view, id), color: playerColor(view, id) }));
  const tigers = union(ids.map((id) => P[id].prosperity_by_tiger));
  const sectors = union(ids.map((id) => P[id].final_scoring_bonuses)).filter((k) => k !== "total");
  const hasEra1 = ids.some((id) => P[id].prosperity_from_influence_era1 != null);
  const rows = [
    ...tigers.map((t) => row(tigerName(L, t), "part", (p) => p.prosperity_by_tiger[t].points, "prosperity_from_influence", t)),
    row("Prosperity from influence", "subtotal", (p) => p.prosperity_from_influence, "prosperity_from_influence"),
    ...(hasEra1 ? [row("Prosperity after Era I", "subtotal", (p) => p.prosperity_from_influence_era1, "prosperity_from_influence_era1")] : []),
    ...sectors.map((k) => row(sectorWords(k, outcome), "part", (p) => p.final_scoring_bonuses[k].points, "final_scoring_bonus", k)),
    row("Final scoring bonuses", "subtotal", (p) => p.final_scoring_bonuses.total, "final_scoring_bonus"),
    row("Nations", "subtotal", (p) => p.nations.points, "nations"),
    row("Total", "total", (p) => p.total, "total"),
  ];
  const solo = outcome.solo;
  const all = [...ids, ...Object.keys(P).filter((id) => !ids.includes(id))];
  const notes = [];
  if ((outcome.final_turn_order || []).length > 1) {
    notes.push(`Final turn order: ${outcome.final_turn_order.map((id) => playerName(view, id)).join(", ")} (rule MGMT2-02)`);
  }
  for (const t of outcome.standings_tie_breaks || []) notes.push(`Tie-break: ${t.detail}${t.rule ? ` (rule ${t.rule})` : ""}`);
  const winners = outcome.winner && !sofar ? [outcome.winner] : [];
  const first = ids.filter((id) => P[id].rank === 1).map((id) => playerName(view, id));
  const leads = !first.length ? "Nobody leads yet" : first.length > 1 ? `${first.join(" and ")} level in the lead so far`
    : `${first[0]} leads so far`;
  return {
    people, rows, winners,
    ranks: Object.fromEntries(ids.map((id) => [id, P[id].rank])),
    totals: Object.fromEntries(ids.map((id) => [id, P[id].total])),
    headline: sofar ? (solo ? (solo.human_wins ? `${playerName(view, solo.human)} is ahead of the Automa so far` : "The Automa is ahead so far") : leads)
      : solo ? (solo.human_wins ? `${playerName(view, solo.human)} wins` : "The Automa wins") : null,
    notes, rules: solo ? [...PAD_RULES.slice(0, 4), ["The Automa's score", "SOLO-SCORE-01"], ["Winning", "SOLO-SCORE-02"]] : PAD_RULES,
    solo: solo ? soloFacts(solo, outcome, view, goals) : null,
    lines: Object.fromEntries(all.map((id) => [id, lines.filter((l) => l.participant === id)
      .map((l) => ({ text: l.text, mark: l.placeholder }))])),
    linesLabel: Object.fromEntries(all.map((id) => [id, playerName(view, id)])),
    extra: lines.filter((l) => !l.participant).map((l) => l.text),
    provisional: !!outcome.provisional,
    placeholders: outcome.placeholder_values || [],
  };
}

// The solo result in sentences.
function soloFacts(solo, outcome, view, goals) {
  const human = playerName(view, solo.human);
  const facts = [
    `${human}: ${solo.human_total} · the Automa: ${solo.automa_total} (difficulty ×${solo.difficulty}: the stars of its flags count ×${solo.difficulty})`,
    `Rank title: ${solo.rank_title} (rule SOLO-RANK-01)`,
  ];
  if (solo.high_score != null) {
    facts.push(`High score to beat: ${solo.high_score}${solo.human_total > solo.high_score ? " — a new high score" : " — not beaten"} (rule SOLO-SCORE-03)`);
  }
  // A campaign tile has no printed code: it is named by its goal (the server's label, else the edition's words).
  const goalWords = (tile) => ((solo.goals || {})[tile] || {}).label || goals[tile] || "the campaign tile's goal";
  if (solo.campaign_tile) {
    const g = (solo.goals || {})[solo.campaign_tile];
    const head = solo.variant === "campaign" ? "This session's tile" : "Scenario goal";
    facts.push(`${head}: ${goalWords(solo.campaign_tile)} — ${g && g.met ? "met" : "not met"}`);
  }
  if (solo.session_won != null) facts.push(solo.session_won ? "Session won: the goal is met and the Automa beaten"
    : "Session lost: it needs the goal met and the Automa beaten");
  if (solo.variant === "campaign" && (solo.goals_met || []).length) {
    facts.push(`Goals met this session: ${solo.goals_met.map(goalWords).join("; ")}`);
  }
  return { won: !!solo.human_wins, title: solo.rank_title, facts };
}
