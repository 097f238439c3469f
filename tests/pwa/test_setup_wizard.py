"""The setup wizard checks each step before "Next" and says what is wrong in words, naming the
player and the field: a duplicate colour is refused at step 1; incomplete or doubled draws at
step 3; the server's refusal at "Create" jumps back to the step at fault (issue 12, item 11)."""
from __future__ import annotations

import re

from tests.pwa.conftest import axe_check, shot


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

    # Step 3: prosperity tokens named by their printed values, incomplete then doubled.
    tokens = page.locator("fieldset", has_text="Prosperity token on each Tiger")
    tokens.get_by_role("button", name="Table drew").click()
    options = tokens.get_by_label("South Korea").locator("option").all_inner_texts()
    assert "24 · 12" in options and not any(re.fullmatch(r"PT\d", o) for o in options)
    tokens.get_by_label("South Korea").select_option(label="24 · 12")
    tokens.get_by_label("Hong Kong").select_option(label="24 · 12")
    page.get_by_role("button", name="Next").click()
    text = problems.inner_text()
    assert "Hong Kong has the same token as South Korea" in text
    assert "choose the token on Taiwan" in text and "choose the token on Singapore" in text
    shot(page, "31-setup-draws-incomplete")
    tokens.get_by_label("Hong Kong").select_option(label="21 · 10")
    tokens.get_by_label("Taiwan").select_option(label="18 · 9")
    tokens.get_by_label("Singapore").select_option(label="15 · 7")

    # The workers: complete for the form, but against a rule only the server knows (two
    # set-aside workers of the same type): "Create" jumps back here, naming Ann and the rule.
    workers = page.locator("fieldset", has_text="Each player's set-aside pair and team sequence")
    workers.get_by_role("button", name="Table drew").click()
    for seat, name in enumerate(("Ann", "Bob")):
        pair = ("W1", "W1") if seat == 0 else ("W1", "W2")
        for i, worker in enumerate(pair):
            page.locator(f"#sa-{seat}-{i}").select_option(worker)
        for worker in ["W1", "W2", "W3"] * 3 + ["W3"]:
            workers.get_by_role("button", name=f"Add {worker} to {name}'s team").click()
    page.get_by_role("button", name="Next").click()
    page.get_by_role("button", name="Create game").click()
    problems.wait_for()
    text = problems.inner_text()
    assert "Step 3 of 4" in page.locator("main").inner_text()
    assert "Each player's set-aside pair and team sequence (Ann): the two set-aside workers must be" in text
    assert "rule PSETUP-03" in text
    axe_check(page, "wizard: server refusal placed"); shot(page, "32-setup-refusal-placed")
    assert page.errors == []
