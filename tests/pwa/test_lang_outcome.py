"""The Score tab of a full Asian Tigers game in German (issue 37), in Chromium at 360×740, by taps.

A German phone joins a game by its code and taps Score: near the end (the provisional score) and once
the game is over (the final score), the lines under "where each number comes from" are the server's lines
in German (MGMT2-04 prosperity, SCORE-FSB-01 sectors, SCORE-NAT-01 nations, SCORE-END-01 totals), not the
English ones; on each of the two screens, at normal size and then at 200 % text, nothing scrolls sideways and no text spills out of its box (screenshots
test-artifacts/pwa/lang-outcome-*.png).  The games are the golden games' moves (tests/golden), recorded over HTTP.
"""
from __future__ import annotations

import json
import uuid
from pathlib import Path

import requests

from tests.pwa.conftest import bearer
from tests.pwa.test_lang import fits_both, phone_in  # noqa: F401  (phone_in: the fixture)

SERVICE_WORKERS = "block"  # no test here needs the app's service worker (conftest.service_workers_of)

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "asian-tigers-2p.json"


def _golden_game(server, drop: int) -> dict:
    """The 2-player golden game on the server, without its last `drop` moves."""
    golden = json.loads(GOLDEN.read_text())
    resp = requests.post(f"{server.url}/api/games", json={"game": "asian_tigers", "options": golden["options"],
                                                            "seed": golden["seed"]}, timeout=10)
    assert resp.status_code == 201, resp.text
    g = resp.json()
    actions = golden["actions"][:len(golden["actions"]) - drop]
    resp = requests.post(f"{server.url}/api/games/{g['game_id']}/batch", json={"actions": actions}, timeout=60,
                         headers={**bearer(g["table_token"]), "If-Match": '"1"', "Idempotency-Key": str(uuid.uuid4())})
    assert resp.status_code == 200, resp.text
    return g


def _lines(server, g: dict, path: str, key: str, lang: str) -> list[str]:
    resp = requests.get(f"{server.url}/api/games/{g['game_id']}/{path}", timeout=10,
                        headers={**bearer(g["table_token"]), "Accept-Language": lang})
    return [line["text"] for line in resp.json()[key]["lines"] if line["participant"] is not None]


def _score_tab(page, server, g: dict, heading: str) -> str:
    """Join `g` by its code, tap Score, open every player's lines; the lines' text."""
    page.goto(f"{server.url}/#/join/{g['join_code']}")
    page.wait_for_url(f"**/#/g/{g['game_id']}")  # not the Score tab of the game shown before (the same tabs)
    page.get_by_role("navigation", name="Spielansichten").get_by_role("link", name="Wertung").click()
    page.get_by_role("heading", name=heading).wait_for()
    page.get_by_role("heading", name="Woher jede Zahl kommt").wait_for()
    for summary in page.locator("[data-testid=result] details > summary").all()[:2]:
        summary.click()
    return page.locator("[data-testid=result] details ul.log").first.inner_text()


def test_the_score_tab_says_the_lines_in_german(server, phone_in):  # noqa: F811
    # One walk checks both text sizes on each screen (fits_both); the lines said do not depend on the size.
    page = phone_in("de-DE")

    near = _golden_game(server, drop=3)  # the last moves of Era II still to come
    shown = _score_tab(page, server, near, "Bisherige Wertung")
    german, english = _lines(server, near, "score", "score", "de"), _lines(server, near, "score", "score", "en")
    assert german and german != english
    firsts = [text for text in german if text.startswith(shown.splitlines()[0][:12])]
    assert any(text in shown for text in german), shown[:300]
    assert not any(text in shown for text in english if text not in german), shown[:300]
    assert "Wohlstand" in shown and "prosperity" not in shown, firsts
    fits_both(page, "lang-outcome-de-provisional")

    over = _golden_game(server, drop=0)
    shown = _score_tab(page, server, over, "Endwertung")
    german, english = _lines(server, over, "outcome", "outcome", "de"), _lines(server, over, "outcome", "outcome", "en")
    assert any(text in shown for text in german), shown[:300]
    assert not any(text in shown for text in english if text not in german), shown[:300]
    assert "Wohlstand" in shown and "prosperity" not in shown
    fits_both(page, "lang-outcome-de-final")
