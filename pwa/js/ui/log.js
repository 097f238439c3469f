// The log: every action with its plain-language lines; undone ones struck through.
import { html } from "../html.js";
import { actionLabel } from "../labels.js";
import { GameHeader } from "./common.js";
import { useLog } from "./uselog.js";

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

export function LogScreen({ s }) {
  const { log, offline } = useLog(s.game);
  const view = s.game && s.game.view && s.game.view.view;
  return html`<main class="screen">
    <${GameHeader} s=${s} current="log" title="Log" />
    ${offline && html`<p class="hint">Showing the log saved on this phone.</p>`}
    ${!log ? html`<p>Loading…</p>` : !log.length ? html`<p>No moves yet.</p>` : html`
      <ol class="log" reversed data-testid="log">${[...log].reverse().map((e) => html`<li key=${e.seq} class=${e.reverted ? "reverted" : ""}>
        <strong>${actionLabel(s.labels, e.action, view)}</strong>${e.reverted ? " (undone)" : ""}
        <ul>${tableLines(e).map((l) => html`<li>${l}</li>`)}</ul></li>`)}</ol>`}
  </main>`;
}
