"""Browser tests of the PWA: the real server (gunicorn, temp database) and Debian's Chromium.

Playwright's own browser download does not work here: Chromium comes from
``apt-get install chromium`` (``make test`` installs it) and is launched by path.
Screenshots go to test-artifacts/pwa/ (gitignored) for a person to look at.
"""
from __future__ import annotations

import json
import shutil
import uuid
from pathlib import Path

import pytest
import requests
from playwright.sync_api import expect

from tests.live_server import LiveServer

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts" / "pwa"
AXE = Path(__file__).parent / "vendor" / "axe.min.js"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync"]
PHONE = {"width": 360, "height": 740}
# Playwright's auto-waiting assertions (`expect(locator).to_have_text(...)`, the way to read a screen that an
# answer, a timer or IndexedDB updates) as patient as the phones' locators below: its own default is 5 s.
expect.set_options(timeout=30_000)


class Server(LiveServer):
    """The app as the Procfile serves it, on a free port and a fresh database of its own; can be stopped
    and started again (same port, same data).  `env` may be changed before `start`."""

    def __init__(self, tmp: Path, workers: int = 2):
        # Each open phone holds one event stream (a thread); short heartbeats free a closed page's soon.
        super().__init__(env={"TABLEKEEPER_CREATES_PER_MINUTE": "0", "TABLEKEEPER_DATABASE": str(tmp / "pwa.db"), "TABLEKEEPER_STREAM_HEARTBEAT": "2",
                              "TABLEKEEPER_STREAMS_PER_SERVER": "12"},
                         args=["--workers", str(workers), "--threads", "16"], log=tmp / "server.log")
        # No `flask init-db` first: as deployed (the Procfile has no release step), gunicorn's master creates
        # and migrates the new database before its workers fork (gunicorn.conf.py on_starting).

    # -- HTTP helpers (the test's own client, to set up or speed up a game) ---------
    def create_game(self, names=("Ann", "Bob"), seed=2, **options) -> dict:
        colors = ["red", "blue", "green", "yellow"]
        body = {"options": {"players": [{"name": n, "color": colors[i]} for i, n in enumerate(names)], **options},
                "seed": seed}
        resp = requests.post(self.url + "/api/games", json=body, timeout=10)
        assert resp.status_code == 201, resp.text
        return resp.json()

    def game(self, game_id: str, token: str) -> dict:
        return requests.get(f"{self.url}/api/games/{game_id}", headers=bearer(token), timeout=10).json()

    def why_not(self, game_id: str, token: str) -> dict:
        return requests.get(f"{self.url}/api/games/{game_id}/why-not", headers=bearer(token), timeout=10).json()

    def log(self, game_id: str, token: str) -> list[dict]:
        return requests.get(f"{self.url}/api/games/{game_id}/log", headers=bearer(token), timeout=10).json()["entries"]

    def outcome(self, game_id: str, token: str) -> dict:
        return requests.get(f"{self.url}/api/games/{game_id}/outcome", headers=bearer(token), timeout=10).json()["outcome"]

    def act(self, game_id: str, token: str, action: dict, version: int) -> dict:
        resp = requests.post(f"{self.url}/api/games/{game_id}/actions", json={"action": action}, timeout=10,
                             headers={**bearer(token), "If-Match": f'"{version}"', "Idempotency-Key": str(uuid.uuid4())})
        assert resp.status_code == 200, resp.text
        return resp.json()["game"]


def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    srv = Server(tmp_path_factory.mktemp("pwa-server"))
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture
def own_server(tmp_path):
    """A server this test may stop and restart."""
    srv = Server(tmp_path)
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def browser(pw):
    b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    yield b
    b.close()


@pytest.fixture
def persistent_phone(pw, tmp_path):
    """A phone with a real profile (not incognito: Chromium will not install a PWA there)."""
    ctx = pw.chromium.launch_persistent_context(str(tmp_path / "profile"), executable_path=CHROMIUM, args=ARGS,
                                                viewport=PHONE)
    yield ctx.pages[0] if ctx.pages else ctx.new_page()
    ctx.close()


def service_workers_of(request) -> str:
    """Whether a test file's phones run the app's service worker: "allow" unless the file says
    ``SERVICE_WORKERS = "block"`` (none of its tests goes offline, reloads without a server or looks at
    updates): a phone without one skips the shell's precache, ~0.45 s of CPU a phone (the suite's time)."""
    return getattr(request.module, "SERVICE_WORKERS", "allow")


@pytest.fixture
def new_phone(browser, request):
    """Factory of phone-sized browser contexts (each is one phone); closed after the test."""
    contexts = []

    def make(service_workers: str | None = None):
        service_workers = service_workers or service_workers_of(request)
        ctx = browser.new_context(viewport=PHONE, device_scale_factor=1, service_workers=service_workers,
                                  is_mobile=True, has_touch=True)
        ctx.set_default_timeout(30_000)  # generous: a loaded 2-core CI machine, not a slow app
        contexts.append(ctx)
        page = ctx.new_page()
        page.errors = []
        page.on("pageerror", lambda exc: page.errors.append(str(exc)))
        page.csp_violations = []  # every browser test also proves the app lives within its CSP
        page.on("console", lambda msg: "Content Security Policy" in msg.text and page.csp_violations.append(msg.text))
        pages.append(page)
        return page

    pages = []
    yield make
    for page in pages:  # a route still answering a late request must not fail the next test
        page.unroute_all(behavior="ignoreErrors")
    for ctx in contexts:
        ctx.close()
    violations = [v for page in pages for v in page.csp_violations]
    assert not violations, f"the PWA broke its Content-Security-Policy: {violations[:3]}"
    errors = [e for page in pages for e in page.errors]  # and none of its screens threw
    assert not errors, f"page errors: {errors[:3]}"


def shot(page, name: str) -> Path:
    """Save a 360×740 screenshot (the visible screen) for review."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path


# axe's rules whose verdict depends on the colours: the dark scheme changes only colour variables (pwa/css/app.css,
# its one prefers-color-scheme block), so a screen axe-checked in the light scheme is checked in the dark one with
# these (the other rules would give the same findings again; the suite's time).
COLOUR_RULES = ("color-contrast", "link-in-text-block")


def axe_check(page, name: str, rules: tuple[str, ...] = ()) -> None:
    """axe-core on the current screen: no serious or critical violation (of `rules` only, if given)."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        # Evaluated through DevTools, not as an inline <script>: the app's CSP forbids those.
        page.evaluate(AXE.read_text(encoding="utf-8") + "\n;undefined")
    options = {"resultTypes": ["violations"], **({"runOnly": {"type": "rule", "values": list(rules)}} if rules else {})}
    result = page.evaluate("(options) => axe.run(document, options)", options)
    bad = [v for v in result["violations"] if v["impact"] in ("serious", "critical")]
    detail = json.dumps([{"id": v["id"], "impact": v["impact"], "help": v["help"],
                          "nodes": [n["target"] for n in v["nodes"][:5]]} for v in bad], indent=1)
    assert not bad, f"axe on {name}: {detail}"


def game_token(page, game_id: str) -> str:
    """The table token the app stored in IndexedDB."""
    return page.evaluate("""(id) => new Promise((resolve, reject) => {
        const r = indexedDB.open('tablekeeper');
        r.onsuccess = () => { const g = r.result.transaction('games').objectStore('games').get(id);
          g.onsuccess = () => resolve(g.result.token); g.onerror = () => reject(g.error); };
        r.onerror = () => reject(r.error); })""", game_id)


def app_version(page) -> int | None:
    """The game version the page holds (its header's data-version; people see it only under "Game details")."""
    value = page.locator("header").first.get_attribute("data-version")
    return int(value) if value else None


def click_action(page, action: dict, view: dict) -> None:
    """Click the recorder button(s) that send `action` (a space first for two-level builds)."""
    if action["kind"] in ("build", "build_department"):
        same_space = [a for a in view["legal_actions"] if a["kind"] == action["kind"] and a["space"] == action["space"]]
        if len(same_space) > 1:
            page.locator(f'button[data-pick="{action["space"]}"]').click()
    data = json.dumps(action, separators=(",", ":"), ensure_ascii=False)
    page.locator(f"button[data-action='{data}']").click()
