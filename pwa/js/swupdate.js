// Service-worker registration and the "Update available — reload" offer.
// A new version installs in the background and waits; it takes over only when
// the user taps reload, so nobody is interrupted in the middle of a turn.
import { set } from "./store.js";
import { lang } from "./i18n.js";

let registration = null;
let reloading = false;

export async function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  const first = !navigator.serviceWorker.controller;  // the very first visit: the page loaded without the worker
  try {
    registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  } catch {
    return; // no service worker (e.g. a plain-http LAN address): the app still works online
  }
  if (!registration) return; // registration blocked (some embedded browsers, test harnesses)
  const offer = () => { if (registration.waiting && navigator.serviceWorker.controller) set({ updateReady: true }); };
  offer();
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker && worker.addEventListener("statechange", () => { if (worker.state === "installed") offer(); });
  });
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (reloading) location.reload();
    // On the first visit the language's catalogue was fetched before the worker took over, so it never kept
    // the language's rule texts (sw.js keeps them when it sees the catalogue asked for): ask it now, so the
    // Rules screen reads in this language offline too, from the first visit on.
    else if (first && lang !== "en" && navigator.serviceWorker.controller) {
      navigator.serviceWorker.controller.postMessage({ type: "keep-rules-texts", lang });
    }
  });
  document.addEventListener("visibilitychange", () => { if (!document.hidden) registration.update().catch(() => {}); });
}

export function applyUpdate() {
  if (!registration || !registration.waiting) return location.reload();
  reloading = true;
  registration.waiting.postMessage({ type: "skip-waiting" });
}
