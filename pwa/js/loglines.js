// What a move's events say to the table (pure: used by the Log, "Just recorded" and the sync services).
// A move's lines as the table reads them: no "Only one choice: …" filler (the app answered a question
// with one answer), no Automa summary repeating the Automa's lines just listed, and a line said several
// times once, with its count.  tests/games/asian_tigers/presentation/test_log_lines.py keeps the same.
export function tableLines(entry) {
  const events = entry.events && entry.events.length === entry.lines.length ? entry.events : null;
  const kind = (i) => events && events[i] && events[i].kind;
  const automaSaid = events && events.some((e) => e && e.kind && e.kind.startsWith("automa_") && e.kind !== "automa_turn");
  const kept = entry.lines.filter((l, i) => l && kind(i) !== "auto_resolved" && !(automaSaid && kind(i) === "automa_turn"));
  const counts = new Map();
  for (const l of kept) counts.set(l, (counts.get(l) || 0) + 1);
  return [...counts].map(([l, n]) => (n > 1 ? `${l} (×${n})` : l));
}
