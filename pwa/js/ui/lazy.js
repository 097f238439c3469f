// Screens loaded on first use (dynamic import), so the home screen's first load fetches only its own
// modules; the service worker precaches them all the same, so they open offline.
import { useEffect, useState } from "preact/hooks";
import { html } from "../html.js";
import { t } from "../i18n.js";

const loaded = {};

export function lazy(key, load) {
  return function Lazy(props) {
    const [failed, setFailed] = useState(false);
    const [, bump] = useState(0);
    const Screen = loaded[key];
    useEffect(() => {
      if (!Screen) load().then((m) => {
        // The "Loading…" heading had the focus (a new screen focuses its heading): pass it on.
        const moveFocus = document.activeElement && document.activeElement.dataset.loading === "1";
        loaded[key] = m.default;
        bump((n) => n + 1);
        if (moveFocus) requestAnimationFrame(() => { const h = document.querySelector("main h1"); h && h.focus(); });
      }, () => setFailed(true));
    }, [Screen]);
    if (Screen) return html`<${Screen} ...${props} />`;
    // The heading takes the focus (main.js), so a screen reader says "Loading…"; aria-busy until it is there.
    return html`<main class="screen" aria-busy=${failed ? "false" : "true"}><h1 tabindex="-1" data-loading="1">${failed ? t("This screen could not be loaded") : t("Loading…")}</h1>
      ${failed && html`<p><a href="#/">${t("Home")}</a></p>`}</main>`;
  };
}

const SCORERS = {
  "asian-tigers": lazy("asian-tigers", () => import("./scorer.js")),
  nippon: lazy("nippon", () => import("./nippon.js")),
  asara: lazy("asara", () => import("./asara.js")),
};

// #/scorer[/asian-tigers|/nippon|/asara][?h=<history entry>]
export function ScorerRoute(props) {
  const Screen = SCORERS[props.params.game] || SCORERS["asian-tigers"];
  return html`<${Screen} ...${props} />`;
}

export const HistoryRoute = lazy("history", () => import("./history.js"));
