// The log: every action with its plain-language lines; undone ones struck through.
import { html } from "../html.js";
import { t } from "../i18n.js";
import { actionLabel } from "../labels.js";
import { GameHeader } from "./common.js";
import { useLog } from "./uselog.js";
import { tableLines } from "../loglines.js";

export function LogScreen({ s }) {
  const { log, offline } = useLog(s.game);
  const view = s.game && s.game.view && s.game.view.view;
  return html`<main class="screen">
    <${GameHeader} s=${s} current="log" title=${t("Log")} />
    ${offline && html`<p class="hint">${t("Showing the log saved on this phone.")}</p>`}
    ${!log ? html`<p>${t("Loading…")}</p>` : !log.length ? html`<p>${t("No moves yet.")}</p>` : html`
      <ol class="log" reversed data-testid="log">${[...log].reverse().map((e) => html`<li key=${e.seq} class=${e.reverted ? "reverted" : ""}>
        <strong>${actionLabel(s.labels, e.action, view)}</strong>${e.reverted ? ` ${t("(undone)")}` : ""}
        <ul>${tableLines(e).map((l) => html`<li>${l}</li>`)}</ul></li>`)}</ol>`}
  </main>`;
}
