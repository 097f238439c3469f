"""The Board, the editions screen and a calibration step in German and Portuguese (issue 37), in Chromium at
360×740 by taps, at normal size and at 200 % text: the edition's component names in the phone's language
(Tigers, nations, goods, buildings from the edition's /names), the screens' own words from the catalogue, a
calibration field named in words; no sideways scroll; screenshots test-artifacts/pwa/lang-board-*.png."""
from __future__ import annotations

import random
import re

import pytest

from api.i18n import render
from tests.i18n.test_calibration_words import WORDS
from tests.pwa.test_lang import fits_both, phone_in  # noqa: F401  (phone_in: the fixture)

SERVICE_WORKERS = "block"  # no test here needs the app's service worker (conftest.service_workers_of)

# What each language must show: the edition's names (api/data/asian-tigers.placeholder.json, /names) and a
# few of the screens' words (api/i18n/locale/<lang>/LC_MESSAGES/messages.po).
SAYS = {
    "de": {"locale": "de-DE", "korea": "Südkorea", "column": "Spalte A", "university": "Universität",
           "usa": "Vereinigte Staaten", "funds": "Geld und Einfluss in Südkorea",
           "editions": "Editionen: die Zahlen deiner Schachtel", "start": "Mit dem Prüfen der Zahlen beginnen",
           "buys": "Südkorea, Markt über Zentrum A: kauft", "finance": "Finanzen",
           "match": "Diese Werte stimmen mit meiner Schachtel", "confirmed": "Bestätigt",
           "token": "Wohlstandsplättchen 1, 2 Spieler, 2. Platz"},
    "pt": {"locale": "pt-PT", "korea": "Coreia do Sul", "column": "Coluna A", "university": "universidade",
           "usa": "Estados Unidos", "funds": "Fundos e influência no Tigre Coreia do Sul",
           "editions": "Edições: os números da tua caixa", "start": "Começar a verificar os números",
           "buys": "Coreia do Sul, mercado acima do centro A: compra", "finance": "Finanças",
           "match": "Estes valores correspondem à minha caixa", "confirmed": "Confirmado",
           "token": "Marcador de prosperidade 1, 2 jogadores, 2.º lugar"},
}


@pytest.mark.parametrize("lang", ["de", "pt"])
def test_board_and_editions_in_the_phones_language(server, phone_in, lang):  # noqa: F811
    says = SAYS[lang]
    g = server.create_game(seed=6)
    gid, token, view = g["game_id"], g["table_token"], g["game"]
    rng = random.Random(4)
    while len(view["view"]["board"]["pieces"]) < 4:  # some pieces on the board (set up over HTTP)
        server.act(gid, token, rng.choice(view["legal_actions"]), view["version"])
        view = server.game(gid, token)
    page = phone_in(says["locale"])  # the browser's language picks the phone's
    page.goto(f"{server.url}/#/join/{g['join_code']}")
    page.locator("[data-testid=recorder]").wait_for()
    assert page.evaluate("document.documentElement.lang") == lang
    page.locator(f"nav a[href='#/g/{gid}/board']").first.tap()

    # A Tiger: its name, columns, buildings and goods in the phone's language (the labels follow Accept-Language).
    page.locator(".part-picker button", has_text=says["korea"]).tap()
    korea = page.locator("[data-testid=tiger-SK]")
    korea.get_by_role("heading", level=2, name=says["korea"]).wait_for()
    assert korea.get_by_role("group", name=says["column"]).count() == 1
    assert says["university"] in korea.inner_text() and says["funds"] in korea.inner_text()
    assert "South Korea" not in korea.inner_text() and "column" not in korea.inner_text().lower().split()
    fits_both(page, f"lang-board-{lang}-tiger")
    # The global market: the nations by their names in this language.
    page.locator(".part-picker button").nth(4).tap()
    market = page.locator("[data-testid=global-market]")
    market.wait_for()
    assert says["usa"] in market.inner_text() and "United States" not in market.inner_text()
    fits_both(page, f"lang-board-{lang}-market")

    # Editions: the list, a new calibration, then one step (local markets) with its fields named in words.
    page.goto(f"{server.url}/#/editions")
    page.get_by_role("heading", level=1, name=says["editions"]).wait_for()
    fits_both(page, f"lang-board-{lang}-editions")
    page.get_by_role("button", name=says["start"]).tap()
    page.locator("a[href$='/check/board-SK-markets']").wait_for()
    fits_both(page, f"lang-board-{lang}-edition")
    page.locator("a[href$='/check/board-SK-markets']").tap()
    buys = page.get_by_label(says["buys"], exact=True)
    buys.wait_for()
    assert buys.locator("option:checked").inner_text() == says["finance"]  # goods by their names here
    page.get_by_role("button", name=says["match"]).tap()
    page.get_by_role("status").filter(has_text=says["confirmed"]).wait_for()
    fits_both(page, f"lang-board-{lang}-calibration")
    # Prosperity tokens: each value's accessible name is words (token, player count, place), not a code.
    page.goto(page.url.replace("board-SK-markets", "prosperity-tokens"))
    page.get_by_label(says["token"], exact=True).wait_for()
    fits_both(page, f"lang-board-{lang}-tokens")
    # A table of values (the player board): each row named by the data file's keys said in this language
    # (api/games/editions/words.py: ids extracted from the data files), no English key word left ("final scoring
    # sectors", "slot", "bonus"…).
    page.locator("nav a[href^='#/editions/']").last.tap()
    page.locator("a[href$='/check/player-board']").tap()
    page.locator("main table th").first.wait_for()
    rows = page.locator("main table th").all_inner_texts()
    english = {str(w) for w in WORDS if str(w) != render(w, lang)}
    parts = {re.sub(r" \d+$", "", part) for row in rows for part in re.split(r": |, ", row)}
    assert rows and not parts & english, sorted(parts & english)
    page.locator("main table th").last.scroll_into_view_if_needed()  # the screenshot shows the longest words
    fits_both(page, f"lang-board-{lang}-table")
