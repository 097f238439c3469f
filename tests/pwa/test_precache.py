"""A fresh phone fills its offline copy file by file (the service worker's two lists, SHELL and LATER, each
fetched as the server serves it alone); then, with no signal, the rarer screens of the LATER list open when
tapped (the share screen with its QR code, the editions screen, a scorer), and the page served from the cache
still runs under the server's Content-Security-Policy.  Chromium, 360×740.
Then, on the same phone, test_first_load.py's offline points: History and the Nippon scorer's form open from the
cache, and a move queued offline is sent by itself when the signal returns (one phone, one offline reload for
both files' points: the suite's time)."""
from __future__ import annotations

import re

import requests

from tests.pwa.conftest import shot
from tests.pwa.shell import shell_urls
from tests.pwa.test_first_load import ALL_CACHED
from tests.pwa.test_first_load import lazy_screens_open_offline_and_a_queued_move_syncs_on_reconnect as lazy

CACHED_ENTRIES = """async (urls) => { const out = {}; for (const url of urls) { const r = await caches.match(url);
    out[url] = r && [r.headers.get("etag"), r.headers.get("content-type"), (await r.arrayBuffer()).byteLength]; }
    return out; }"""
# An inline script the page adds: its CSP (no 'unsafe-inline') refuses to run it.
INLINE_SCRIPT_RUNS = """() => { const s = document.createElement("script"); s.textContent = "window.inlineRan = true";
    document.head.append(s); s.remove(); return window.inlineRan === true; }"""


def first_visit(page, server) -> dict:
    """Open the app once online, wait until its service worker controls the page and has cached the
    shell; what the cache holds for each shell URL (`CACHED_ENTRIES`)."""
    page.goto(server.url + "/")
    page.get_by_role("heading", name="Not ready for offline play yet").wait_for()
    page.evaluate("""() => navigator.serviceWorker.controller || new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve))""")
    assert page.evaluate(ALL_CACHED, shell_urls())
    return page.evaluate(CACHED_ENTRIES, shell_urls())


def test_a_fresh_phone_precaches_every_file_and_the_later_screens_open_offline(server, new_phone):
    g = server.create_game(names=("Eve", "Fay"), seed=3)
    page = new_phone()
    # Each file is cached as the server sends it: its ETag, Content-Type and bytes.
    cached = first_visit(page, server)
    for url in shell_urls():
        alone = requests.get(server.url + url, timeout=10)
        assert cached[url] == [alone.headers["ETag"], alone.headers["Content-Type"], len(alone.content)], url
    index = requests.get(server.url + "/index.html", timeout=10).headers
    cached = page.evaluate("""async () => { const r = await caches.match('/index.html');
        return [r.headers.get('content-security-policy'), r.headers.get('content-type')]; }""")
    assert cached == [index["Content-Security-Policy"], index["Content-Type"]]
    assert index["Content-Type"].startswith("text/html")

    # Online once (the modules from the cache now): join the game, open the end-game scorer (it keeps the
    # edition's names it is sent); then no signal and a fresh start.
    page.get_by_role("link", name="Join a game with its code").tap()
    page.get_by_label(re.compile("^Join code")).fill(g["join_code"])
    page.get_by_role("button", name="Join").tap()
    page.locator("[data-testid=recorder]").wait_for()
    page.get_by_role("link", name="Home").tap()
    page.get_by_role("link", name="Asian Tigers end-game scorer").tap()
    page.get_by_role("button", name="Load example (EX-1)").wait_for()
    page.get_by_role("link", name="Home").tap()
    page.get_by_role("link", name="Nippon scorer").tap()  # its live form keeps the edition it was sent
    page.get_by_role("link", name="Detailed").wait_for()
    page.get_by_role("link", name="Home").tap()
    page.get_by_role("link", name="Eve · Fay").wait_for()
    page.context.set_offline(True)
    page.reload()
    page.get_by_role("link", name="Eve · Fay").wait_for()
    seen = len(page.csp_violations)
    assert page.evaluate(INLINE_SCRIPT_RUNS) is False  # the cached page runs under the CSP it was served with
    page.wait_for_function("(seen) => true", arg=seen)  # the console message of the refusal has arrived
    assert len(page.csp_violations) > seen
    del page.csp_violations[seen:]  # that violation was this test's own

    # The share screen (share.js, qr.js and the vendored QR code generator, all in LATER) draws the QR code.
    page.get_by_role("link", name="Eve · Fay").tap()
    page.locator("[data-testid=recorder]").wait_for()
    page.get_by_role("link", name="Share", exact=True).tap()
    assert page.get_by_test_id("join-code").inner_text() == g["join_code"]
    qr = page.locator(".qr svg")
    qr.wait_for()
    assert qr.get_attribute("role") == "img" or qr.locator("title").inner_text().startswith("QR code to join")
    shot(page, "precache-01-offline-share-qr")

    # The editions screen opens and says why it cannot list editions; the end-game scorer draws its form.
    page.get_by_role("link", name="Home").tap()
    page.get_by_role("link", name="Editions: check the numbers against your box").tap()
    page.get_by_role("heading", name="Editions: the numbers of your box").wait_for()
    page.get_by_text("No server answered: editions need a connection.").wait_for()
    shot(page, "precache-02-offline-editions")
    page.get_by_role("link", name="Home").tap()
    page.get_by_role("link", name="Asian Tigers end-game scorer").tap()
    page.get_by_role("button", name="Load example (EX-1)").tap()
    page.get_by_test_id("tiger-entry").wait_for()
    shot(page, "precache-03-offline-scorer")
    lazy(page, server, g, "Eve · Fay")  # test_first_load.py's offline points, on this phone
