"""The setup wizard checks each step before "Next" and says what is wrong in words, naming the
player and the field: a duplicate colour is refused at step 1; incomplete or doubled draws at
step 3; the server's refusal at "Create" jumps back to the step at fault (issue 12, item 11)."""
from __future__ import annotations

import json
import re

from tests.pwa.conftest import axe_check, shot

SERVICE_WORKERS = "block"  # no test here needs the app's service worker (conftest.service_workers_of)


def test_wizard_validates_each_step(server, new_phone):
    page = new_phone()
    page.goto(server.url + "/#/new")
    page.get_by_label("Name").first.fill("Ann")
    page.get_by_label("Name").nth(1).fill("Bob")
    page.locator("#color-1").select_option("red")  # Ann is red already
    page.get_by_role("button", name="Next").click()
    problems = page.locator("[data-testid=step-problems]")
    problems.wait_for()
    assert "Bob's colour: red is already Ann's" in problems.inner_text()
    assert page.locator("#color-1").get_attribute("aria-invalid") == "true"
    assert "Step 1 of 4" in page.locator("main").inner_text()
    page.wait_for_function("() => document.activeElement.id === 'step-problems'")
    axe_check(page, "wizard: duplicate colour"); shot(page, "30-setup-duplicate-colour")
    page.emulate_media(color_scheme="dark")
    axe_check(page, "wizard: duplicate colour, dark")
    page.emulate_media(color_scheme="light")
    problems.get_by_role("link").first.click()  # the problem's link jumps to the field
    page.wait_for_function("() => document.activeElement.id === 'color-1'")
    page.locator("#color-1").select_option("blue")
    page.get_by_role("button", name="Next").click()
    page.get_by_text("Era II ties on a Tiger").wait_for()
    page.get_by_role("button", name="Next").click()

    # Step 3: prosperity tokens named by their printed values, tapped per Tiger; one token per Tiger
    # (a token taken is not offered to another Tiger), and what is missing is listed all at once.
    tokens = page.locator("fieldset", has_text="Prosperity token on each Tiger")
    tokens.get_by_role("button", name="Table drew").click()
    options = page.locator("#prosperity_tokens-SK button").all_inner_texts()
    assert "24 · 12" in options and not any(re.fullmatch(r"PT\d", o) for o in options)
    page.locator("#prosperity_tokens-SK button", has_text="24 · 12").click()
    assert page.locator("#prosperity_tokens-HK button", has_text="24 · 12").is_disabled()
    page.get_by_role("button", name="Next").click()
    text = problems.inner_text()
    assert all(f"choose the token on {t}" in text for t in ("Hong Kong", "Taiwan", "Singapore"))
    shot(page, "31-setup-draws-incomplete")
    page.locator("#prosperity_tokens-HK button", has_text="21 · 10").click()
    page.locator("#prosperity_tokens-TW button", has_text="18 · 9").click()
    page.locator("#prosperity_tokens-SG button", has_text="15 · 7").click()

    # The workers: complete for the form; a refusal of the server at "Create" (here answered by a stand-in
    # for a rule the phone does not check) jumps back to this step, naming Ann and the rule.
    workers = page.locator("fieldset", has_text="Each player's set-aside pair and team sequence")
    workers.get_by_role("button", name="Table drew").click()
    for name in ("Ann", "Bob"):
        page.get_by_role("button", name=f"{name} set aside: type 1 worker + type 2 worker").click()
    page.get_by_role("button", name="Next").click()
    refusal = {"type": "about:blank", "title": "Unprocessable", "status": 422, "code": "sequence_does_not_fit_bag",
               "rule": "PSETUP-03", "detail": "the two set-aside workers must be of different types",
               "engine": {"details": {"field": "setup/workers/0/set_aside"}}}
    page.route("**/api/games", lambda route: route.fulfill(status=422, content_type="application/problem+json",
                                                           body=json.dumps(refusal)))
    page.get_by_role("button", name="Create game").click()
    problems.wait_for()
    text = problems.inner_text()
    assert "Step 3 of 4" in page.locator("main").inner_text()
    assert "Each player's set-aside pair and team sequence (Ann): the two set-aside workers must be" in text
    assert "rule PSETUP-03" in text
    axe_check(page, "wizard: server refusal placed"); shot(page, "32-setup-refusal-placed")
    assert page.errors == []
