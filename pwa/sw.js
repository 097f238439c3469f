// Service worker: a versioned precache of the app shell.
// - install: cache every shell file under VERSION (the page keeps running the old one);
// - activate: delete every other tablekeeper cache;
// - a new version waits until the page asks ("Update available — reload"), never forced;
// - /api is never cached here: game state lives in IndexedDB, written by the app.
// VERSION is a hash of the shell files: `python tests/pwa/shell.py --bump` updates it
// (a test fails when it is stale, so a changed file always reaches the phones).
const VERSION = "tk-40f20389e620";
const SHELL = [
  "/index.html",
  "/manifest.webmanifest",
  "/css/app.css",
  "/css/scorers.css",
  "/icons/icon-192.png",
  "/icons/icon-512.png",
  "/vendor/preact.module.js",
  "/vendor/hooks.module.js",
  "/vendor/htm.module.js",
  "/js/api.js",
  "/js/campaigns.js",
  "/js/db.js",
  "/js/editions.js",
  "/js/export.js",
  "/js/gamerecords.js",
  "/js/games.js",
  "/js/html.js",
  "/js/i18n.js",
  "/js/labels.js",
  "/js/loglines.js",
  "/js/main.js",
  "/js/outbox.js",
  "/js/router.js",
  "/js/store.js",
  "/js/swupdate.js",
  "/js/sync.js",
  "/js/ui/app.js",
  "/js/ui/automa.js",
  "/js/ui/board.js",
  "/js/ui/boardscreen.js",
  "/js/ui/common.js",
  "/js/ui/game.js",
  "/js/ui/home.js",
  "/js/ui/join.js",
  "/js/ui/layout.js",
  "/js/ui/lazy.js",
  "/js/ui/log.js",
  "/js/ui/management.js",
  "/js/ui/outboxview.js",
  "/js/ui/outcome.js",
  "/js/ui/recorder.js",
  "/js/ui/score.js",
  "/js/ui/settings.js",
  "/js/ui/sheet.js",
  "/js/ui/solo.js",
  "/js/ui/uselog.js",
  "/js/ui/rulelink.js",
  "/js/offline/conflict.js",
  "/js/offline/engine.js",
  "/js/offline/optimistic.js",
  "/js/offline/play.js",
  "/js/offline/ready.js",
];
// The offline engine is not part of the shell: Pyodide and the engine worker's script live in
// their own cache, filled when the phone gets ready for offline play, kept across shell versions.
const ENGINE_CACHE = "engine-pyodide-0.27.7";
// Kept in the engine cache too (network first: they change with the app): the worker and the local play.
const ENGINE_FILES = ["/engine-worker.js", "/js/offline/local.js"];

// The rule texts in the phone's language (/i18n/rules.<lang>.json, docs/rules.md): one language, not
// precached; kept on use in their own cache, answered from it and refreshed (stale-while-revalidate).
const RULES_CACHE = "rules-i18n";
const RULES_TEXTS = /^\/i18n\/rules\.[a-z]{2}\.json$/;
const LANGUAGE_CATALOGUE = /^\/i18n\/([a-z]{2})\.json$/;

async function rulesTexts(request, event) {
  const cache = await caches.open(RULES_CACHE);
  const hit = await cache.match(request);
  const fresh = fetch(request).then(async (resp) => {
    if (resp.status === 200) await cache.put(request, resp.clone());
    return resp;
  });
  if (!hit) return fresh;
  event.waitUntil(fresh.catch(() => {}));
  return hit;
}

// The phone's language is the one whose catalogue it loads: keep its rule texts, only those.
async function keepRulesTexts(code) {
  const cache = await caches.open(RULES_CACHE);
  const url = new URL(`/i18n/rules.${code}.json`, self.location.origin).href;
  for (const request of await cache.keys()) if (request.url !== url) await cache.delete(request);
  if (await cache.match(url)) return;
  const resp = await fetch(url);
  if (resp.status === 200) await cache.put(url, resp);
}

async function keep(request, resp) {
  if (resp.status === 200) await (await caches.open(ENGINE_CACHE)).put(request, resp.clone());
  return resp;
}

// Cached right after the shell (at activation), not before the first screen: the rarer screens (scorers,
// editions, campaigns, share and its QR code), loaded on demand by their routes.  Part of VERSION like the shell; offline once cached.
const LATER = [
  "/data/rules.json",
  "/i18n/de.json",
  "/i18n/es.json",
  "/i18n/fr.json",
  "/i18n/it.json",
  "/i18n/pt.json",
  "/js/plays.js",
  "/js/qr.js",
  "/js/scorings.js",
  "/js/playsio.js",
  "/js/ui/history.js",
  "/js/ui/scorer-example.js",
  "/js/ui/formkit.js",
  "/js/ui/rules.js",
  "/js/ui/stats.js",
  "/js/offline/campaign.js",
  "/js/ui/asara-end.js",
  "/js/ui/asara.js",
  "/js/ui/atboard.js",
  "/js/ui/atcards.js",
  "/js/ui/calibrate.js",
  "/js/ui/campaign.js",
  "/js/ui/campaignlist.js",
  "/js/ui/editions.js",
  "/js/ui/era2.js",
  "/js/ui/nipboard.js",
  "/js/ui/nipmap.js",
  "/js/ui/nippon-end.js",
  "/js/ui/nippon-live.js",
  "/js/ui/nippon.js",
  "/js/ui/numpad.js",
  "/js/ui/recent.js",
  "/js/ui/scorer.js",
  "/js/ui/setup.js",
  "/js/ui/setupcheck.js",
  "/js/ui/share.js",
  "/js/ui/takeback.js",
  "/js/ui/tapkit.js",
  "/vendor/qrcode.mjs",
];

// One request per file; cache: "reload" skips the HTTP cache so a new version gets the new files.
async function precache(cache, urls) {
  await cache.addAll(urls.map((url) => new Request(url, { cache: "reload" })));
}

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(VERSION).then((cache) => precache(cache, SHELL)));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("tk-") && name !== VERSION) await caches.delete(name);
    }
    await self.clients.claim(); // the first install controls the page at once (offline from the first visit)
    const cache = await caches.open(VERSION);
    await precache(cache, LATER).catch(() => {}); // retried next start
  })());
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
  // The page's first visit (its catalogue was asked for before this worker took over): keep its rule texts now.
  if (event.data && event.data.type === "keep-rules-texts" && /^[a-z]{2}$/.test(event.data.lang)) {
    event.waitUntil(keepRulesTexts(event.data.lang).catch(() => {}));
  }
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  if (url.pathname.startsWith("/vendor/pyodide/")) {  // immutable: the folder names the pinned version
    event.respondWith(caches.match(event.request, { cacheName: ENGINE_CACHE })
      .then((hit) => hit || fetch(event.request).then((resp) => keep(event.request, resp))));
    return;
  }
  if (ENGINE_FILES.includes(url.pathname)) {  // the network's when there is one (a new version), else the kept copy
    event.respondWith(fetch(event.request).then((resp) => keep(event.request, resp))
      .catch(() => caches.match(event.request, { cacheName: ENGINE_CACHE })));
    return;
  }
  if (RULES_TEXTS.test(url.pathname)) {
    event.respondWith(rulesTexts(event.request, event));
    return;
  }
  const language = url.pathname.match(LANGUAGE_CATALOGUE);
  if (language) event.waitUntil(keepRulesTexts(language[1]).catch(() => {})); // after the page's own answer
  if (event.request.mode === "navigate") {
    // Every screen is index.html (hash routes): serve the cached shell, online or not.
    event.respondWith(caches.match("/index.html", { cacheName: VERSION }).then((hit) => hit || fetch(event.request)));
    return;
  }
  event.respondWith(caches.match(event.request, { cacheName: VERSION }).then((hit) => hit || fetch(event.request)));
});
