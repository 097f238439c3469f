"""The Rules screen in the phone's language (issue 37, docs/rules.md), in Chromium at 360×740 with taps:
a German phone keeps its language's rule texts once it has started with the service worker (and no other
language's); the search finds a rule by a German word; a rule shows its German text, title, section and
cross-references, and a cross-reference opens in German too; with no signal after that first visit, the
rules still open and search in German.  A fresh phone keeps its rule texts from its very first visit on (before
any reload), so Rules reads German offline even if it was never opened online.  Screenshots: test-artifacts/pwa/lang-rules-*.png.
(One walk on one German phone: its first visit first, then the rest; the suite's time.)"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.pwa.conftest import PHONE, axe_check, shot

ROOT = Path(__file__).resolve().parents[2]
RULES = json.loads((ROOT / "pwa" / "data" / "rules.json").read_text(encoding="utf-8"))
DE = json.loads((ROOT / "pwa" / "i18n" / "rules.de.json").read_text(encoding="utf-8"))
BY_ID = {r["id"]: r for r in RULES["rules"]}

# Resolves to the list of `urls` in the service worker's caches (polled from the test: they fill in the background).
CACHED = "async (urls) => { const out = []; for (const u of urls) if (await caches.match(u)) out.push(u); return out; }"
OTHERS = [f"/i18n/rules.{lang}.json" for lang in ("pt", "es", "fr", "it")]


def german(rule_id: str) -> str:
    return DE["text"][rule_id]


def found_in_german(words: list[str]) -> list[str]:
    """The ids the search must list: every word in the id, German title, German section title or German text."""
    def hay(r):
        section = RULES["areas"][r["area"]]["title"]
        return f"{r['id']} {DE['title'].get(r['id'], '')} {DE['section'].get(section, section)} {german(r['id'])}".lower()
    return [r["id"] for r in RULES["rules"] if all(w in hay(r) for w in words)]


def wait_cached(page, urls: list[str]) -> None:
    for _ in range(150):
        if page.evaluate(CACHED, urls) == urls:
            return
        page.wait_for_timeout(200)
    raise AssertionError(f"not cached: {urls}")


@pytest.fixture
def german_phone(browser):
    """A phone whose browser speaks German, with its service worker; it must end without page errors."""
    ctx = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True,
                              locale="de-DE", service_workers="allow")
    ctx.set_default_timeout(30_000)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    ctx.close()
    assert not errors, errors[:3]


def a_fresh_german_phone_reads_the_rules_in_german_from_its_first_visit(page, url: str) -> None:
    """The very first visit: the page asked for its German catalogue before the service worker took over, so the
    worker never saw it asked; once it controls the page it is told to keep the German rule texts anyway, and
    a phone that then loses its signal before ever opening Rules still reads them in German.  (Its own test and
    phone before; now the start of test_rules_in_german_online_then_offline's walk, back online after it.)"""
    page.goto(url + "/")
    page.get_by_role("link", name="Regeln: nachschlagen").wait_for()
    wait_cached(page, ["/data/rules.json", "/i18n/rules.de.json"])  # no reload: still the first visit
    assert page.evaluate(CACHED, OTHERS) == []
    page.context.set_offline(True)
    page.get_by_role("link", name="Regeln: nachschlagen").tap()
    page.get_by_role("heading", name="Regeln", exact=True).wait_for()
    page.get_by_label("Regeln durchsuchen").fill("AMB-20")
    page.locator("[data-testid=rule-results]").get_by_role("link", name="AMB-20", exact=True).tap()
    page.get_by_role("heading", name="Regel AMB-20").wait_for()
    assert page.get_by_role("heading", name=f"AMB-20: {DE['title']['AMB-20']}").is_visible()
    assert [p.inner_text().strip() for p in page.locator("[data-testid=rule-text]").all()] == german("AMB-20").split("\n")
    shot(page, "lang-rules-de-first-visit-offline")
    page.context.set_offline(False)


def test_rules_in_german_online_then_offline(server, german_phone):
    page = german_phone
    a_fresh_german_phone_reads_the_rules_in_german_from_its_first_visit(page, server.url)  # first: its first visit
    page.goto(server.url + "/#/")
    page.get_by_role("link", name="Regeln: nachschlagen").wait_for()
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    # The next start asks for the German catalogue through the worker, which then keeps the German rule texts
    # (only those: the other languages' are never fetched) beside the English rules it precaches.
    page.reload()
    wait_cached(page, ["/data/rules.json", "/i18n/rules.de.json"])
    assert page.evaluate(CACHED, OTHERS) == []

    # -- the search finds a rule by German words -------------------------------------------------------------
    page.get_by_role("link", name="Regeln: nachschlagen").click()
    page.get_by_role("heading", name="Regeln", exact=True).wait_for()
    search = page.get_by_label("Regeln durchsuchen")
    search.fill("zulieferfabrik universität")
    expected = found_in_german(["zulieferfabrik", "universität"])
    assert "BUILD-UNI-01" in expected and len(expected) < 60
    results = page.locator("[data-testid=rule-results] > li")
    results.first.wait_for()
    assert [results.nth(i).get_by_role("link").first.inner_text() for i in range(results.count())] == expected
    assert page.get_by_text(f"{len(expected)} Regeln gefunden").is_visible()
    shot(page, "lang-rules-de-search")

    # -- one rule: German text, section and cross-references; a cross-reference opens in German -------------
    search.fill("MGMT1-03")  # an id finds its rule in any language, first
    results.first.get_by_role("link", name="MGMT1-03", exact=True).click()
    page.get_by_role("heading", name="Regel MGMT1-03").wait_for()  # MGMT1-03
    assert page.locator("[data-testid=rule-text]").first.inner_text().strip() == german("MGMT1-03")
    assert "Verwaltungsphase, Ära I (MGMT1)" in page.locator("[data-testid=rule] .hint").inner_text()
    refs = page.get_by_role("heading", name="Querverweise")
    refs.scroll_into_view_if_needed()
    cross = page.locator("ul.rule-list").first
    assert BY_ID["MGMT1-03"]["refs"] == [a.inner_text() for a in cross.get_by_role("link").all()]
    assert german("DATA-01")[:40] in cross.inner_text()  # each cross-reference's German beginning
    shot(page, "lang-rules-de-rule")
    cross.get_by_role("link", name="AMB-20", exact=True).click()
    page.get_by_role("heading", name="Regel AMB-20").wait_for()  # AMB-20
    assert page.get_by_role("heading", name=f"AMB-20: {DE['title']['AMB-20']}").is_visible()
    assert [p.inner_text().strip() for p in page.locator("[data-testid=rule-text]").all()] == german("AMB-20").split("\n")
    axe_check(page, "a rule in German")  # (its screen: lang-rules-de-first-visit-offline.png, byte for byte)

    # -- no signal: the rules still open and search in German ------------------------------------------------
    page.context.set_offline(True)
    page.goto(server.url + "/#/")
    page.reload()
    page.get_by_role("link", name="Regeln: nachschlagen").click()
    page.get_by_label("Regeln durchsuchen").fill("hauptsitz gleichstand")
    expected = found_in_german(["hauptsitz", "gleichstand"])
    assert "TIE-01" in expected
    results.first.wait_for()
    assert [results.nth(i).get_by_role("link").first.inner_text() for i in range(results.count())] == expected
    page.locator("[data-testid=rule-results]").get_by_role("link", name="TIE-01", exact=True).click()
    page.get_by_role("heading", name="Regel TIE-01").wait_for()  # TIE-01
    assert page.locator("[data-testid=rule-text]").first.inner_text().strip() == german("TIE-01")
    shot(page, "lang-rules-de-offline")
