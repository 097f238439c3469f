"""The Board and the turn card in table words (issue 33, items 4, 14, 18, 19).

A 3-player game with the neutral player: a nation's sale names every good it takes ("1 Automobiles +
1 Electronics", never "or"); open rows and satellite spaces are listed apart; the neutral's blocked
spaces say so (not "not in play"); an unset centre takes "any type", the special trade centre "any type,
always"; "1 fund", not "1 funds"; workers are "type N worker" on the centre buttons; the turn card does
not announce the next worker while the current one's build is being recorded.
"""
from __future__ import annotations

import re

from tests.pwa.conftest import shot
from tests.pwa.test_sync import join

SERVICE_WORKERS = "block"  # no test here needs the app's service worker (conftest.service_workers_of)


def test_board_and_turn_card_in_table_words(server, new_phone):
    g = server.create_game(names=("Ann", "Bob", "Cy"), seed=7)
    page = new_phone()
    join(page, server, g["join_code"])
    buttons = page.locator("[data-testid=recorder] button[data-action]").all_inner_texts()
    assert buttons and not any(re.search(r"\bW[123]\b", b) for b in buttons), buttons
    turn = page.get_by_test_id("turn")
    assert "Next worker:" in turn.inner_text()

    page.get_by_role("link", name="Board", exact=True).click()
    tiger = page.locator("[data-testid^=tiger-]").first
    tiger.wait_for()
    text = tiger.inner_text()
    assert "Open rows (∞, no limit)" in text and "Satellite spaces" in text
    assert "the neutral player's blocker" in text and "not in play" not in text
    assert "type not set" not in text and "1 funds" not in text and "(1 fund)" in text
    shot(page, "table-60-board-tiger-words")
    page.get_by_role("button", name="Global market").click()
    market = page.get_by_test_id("global-market").inner_text()
    assert "a sale takes 1 Automobiles + 1 Electronics" in market and " or " not in market
    assert "type not set" not in market and re.search(r"special trade cent(re|er)[^:]*: any type, always", market, re.I), market
    shot(page, "table-61-board-market-words")

    page.get_by_role("link", name="Turn", exact=True).click()
    page.locator("[data-testid=recorder] button[data-action]").first.click()  # a placement: now its build etc.
    page.wait_for_function("() => !document.querySelector('[data-testid=turn]').innerText.includes('Next worker:')")
    assert page.errors == []
