// A game's outcome (GET /outcome or /score) as the result sheet's model (ui/sheet.js).
// The Automa scores flag areas, not sectors A–F: rows are the union, a missing cell "—".
import { playerColor, playerName, tigerName } from "../labels.js";
import { lang, localize, t } from "../i18n.js";

// "AF2" (the Automa's flag area 2) and "A" (sector A) in words.
function sectorWords(key, outcome) {
  const m = /^AF(\d+)$/.exec(key);
  const difficulty = (outcome.solo || {}).difficulty;
  if (m) return difficulty ? t("Automa flag area {n} (stars × {difficulty})", { n: m[1], difficulty }) : t("Automa flag area {n} (stars × difficulty)", { n: m[1] });
  return t("Sector {sector} bonus", { sector: key });
}

// The catalogue rules behind the scorepad's rows (the sheet links each to its text).
const PAD_RULES = [[t("Prosperity from influence"), "MGMT2-04"], [t("Sector bonuses"), "SCORE-FSB-01"], [t("Nations"), "SCORE-NAT-01"],
                   [t("Total"), "SCORE-END-01"], [t("Equal totals"), "TIE-07"]];

const union = (objs) => [...new Set(objs.flatMap((o) => Object.keys(o || {})))];

// `sofar`: the score as if the game ended now — nobody "wins" before the end; the leader "leads so far".
// The lines and tie-breaks come in the phone's language from the server; the phone's own engine gives them as
// messages too (``text_message`` beside ``text``), said here.  English keeps the engine's own text.
export function outcomeModel(given, view, L, { goals = {}, sofar = false } = {}) {
  const outcome = lang === "en" ? given : localize(given);
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
    ...tigers.map((tg) => row(tigerName(L, tg), "part", (p) => p.prosperity_by_tiger[tg].points, "prosperity_from_influence", tg)),
    row(t("Prosperity from influence"), "subtotal", (p) => p.prosperity_from_influence, "prosperity_from_influence"),
    ...(hasEra1 ? [row(t("Prosperity after Era I"), "subtotal", (p) => p.prosperity_from_influence_era1, "prosperity_from_influence_era1")] : []),
    ...sectors.map((k) => row(sectorWords(k, outcome), "part", (p) => p.final_scoring_bonuses[k].points, "final_scoring_bonus", k)),
    row(t("Final scoring bonuses"), "subtotal", (p) => p.final_scoring_bonuses.total, "final_scoring_bonus"),
    row(t("Nations"), "subtotal", (p) => p.nations.points, "nations"),
    row(t("Total"), "total", (p) => p.total, "total"),
  ];
  const solo = outcome.solo;
  const all = [...ids, ...Object.keys(P).filter((id) => !ids.includes(id))];
  const notes = [];
  if ((outcome.final_turn_order || []).length > 1) {
    notes.push(t("Final turn order: {players} (rule {rule})", { players: outcome.final_turn_order.map((id) => playerName(view, id)).join(", "), rule: "MGMT2-02" }));
  }
  for (const tb of outcome.standings_tie_breaks || []) notes.push(tb.rule ? t("Tie-break: {detail} (rule {rule})", { detail: tb.detail, rule: tb.rule }) : t("Tie-break: {detail}", { detail: tb.detail }));
  const winners = outcome.winner && !sofar ? [outcome.winner] : [];
  const first = ids.filter((id) => P[id].rank === 1).map((id) => playerName(view, id));
  const leads = !first.length ? t("Nobody leads yet") : first.length > 1 ? t("{players} level in the lead so far", { players: { and: first } })
    : t("{player} leads so far", { player: first[0] });
  return {
    people, rows, winners,
    ranks: Object.fromEntries(ids.map((id) => [id, P[id].rank])),
    totals: Object.fromEntries(ids.map((id) => [id, P[id].total])),
    headline: sofar ? (solo ? (solo.human_wins ? t("{player} is ahead of the Automa so far", { player: playerName(view, solo.human) }) : t("The Automa is ahead so far")) : leads)
      : solo ? (solo.human_wins ? t("{player} wins", { player: playerName(view, solo.human) }) : t("The Automa wins")) : null,
    notes, rules: solo ? [...PAD_RULES.slice(0, 4), [t("The Automa's score"), "SOLO-SCORE-01"], [t("Winning"), "SOLO-SCORE-02"]] : PAD_RULES,
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
    t("{player}: {score} · the Automa: {automa} (difficulty ×{difficulty}: the stars of its flags count ×{difficulty})",
      { player: human, score: solo.human_total, automa: solo.automa_total, difficulty: solo.difficulty }),
    t("Rank title: {title} (rule {rule})", { title: solo.rank_title, rule: "SOLO-RANK-01" }),
  ];
  if (solo.high_score != null) {
    const v = { score: solo.high_score, rule: "SOLO-SCORE-03" };
    facts.push(solo.human_total > solo.high_score ? t("High score to beat: {score} — a new high score (rule {rule})", v) : t("High score to beat: {score} — not beaten (rule {rule})", v));
  }
  // A campaign tile has no printed code: it is named by its goal (the server's label, else the edition's words).
  const goalWords = (tile) => ((solo.goals || {})[tile] || {}).label || goals[tile] || t("the campaign tile's goal");
  if (solo.campaign_tile) {
    const g = (solo.goals || {})[solo.campaign_tile];
    const v = { goal: goalWords(solo.campaign_tile) };
    const met = g && g.met;
    facts.push(solo.variant === "campaign" ? (met ? t("This session's tile: {goal} — met", v) : t("This session's tile: {goal} — not met", v))
      : met ? t("Scenario goal: {goal} — met", v) : t("Scenario goal: {goal} — not met", v));
  }
  if (solo.session_won != null) facts.push(solo.session_won ? t("Session won: the goal is met and the Automa beaten")
    : t("Session lost: it needs the goal met and the Automa beaten"));
  if (solo.variant === "campaign" && (solo.goals_met || []).length) {
    facts.push(t("Goals met this session: {goals}", { goals: solo.goals_met.map(goalWords).join("; ") }));
  }
  return { won: !!solo.human_wins, title: solo.rank_title, facts };
}
