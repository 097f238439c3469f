"""The Asian Tigers scorer in the table's language (issue 37), in Chromium at 360×740, by taps: a game scored in
German and one in Portuguese (the browser's language), each first refused at its field in that language (the
prosperity tokens not tapped), then scored: the score sheet's rows, the explanation lines and the tie-breaks are
the server's messages said by the phone; at normal size and at 200 % text with no sideways scroll
(screenshots test-artifacts/pwa/lang-scorer-*.png)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import requests

from tests.pwa.test_lang import fits_both, phone_in  # noqa: F401 (phone_in: the fixture)
from tests.pwa.test_scorer_modes import wait_result
from tests.pwa.test_scorers import fid, pad_row

SERVICE_WORKERS = "block"  # no test here needs the app's service worker (conftest.service_workers_of)

EX1 = json.loads((Path(__file__).resolve().parents[1] / "data" / "examples" / "EX-1.json").read_text())["input"]
WORDS = {  # what each language calls the screen's parts (the catalogue), and its browser locale
    "de": {"locale": "de-DE", "title": "Asian-Tigers-Wertung", "score": "Wertung", "example": "Beispiel laden (EX-1)",
           "result": "Asian Tigers: Endwertung", "total": "Summe", "nations": "Nationen",
           "no_token": "kein Wohlstandsplättchen gewählt: tippe das an, das auf", "red": "Rot"},
    "pt": {"locale": "pt-PT", "title": "Pontuação de Asian Tigers", "score": "Pontuação",
           "example": "Carregar exemplo (EX-1)", "result": "Asian Tigers: pontuação final", "total": "Total",
           "nations": "Nações", "no_token": "nenhum marcador de prosperidade escolhido: toque no que está no Tigre",
           "red": "Vermelho"},
}


@pytest.mark.parametrize("lang", ["de", "pt"])
def test_asian_tigers_scored_in_the_phones_language(server, phone_in, lang):  # noqa: F811
    words = WORDS[lang]
    said = requests.post(f"{server.url}/api/scorers/asian-tigers", json=EX1, timeout=20,
                         headers={"Accept-Language": words["locale"]})
    assert said.headers["Content-Language"] == lang
    expected = said.json()
    page = phone_in(words["locale"])
    page.goto(server.url + "/#/scorer/asian-tigers")
    page.get_by_role("heading", name=words["title"]).wait_for()
    assert page.evaluate("document.documentElement.lang") == lang
    page.get_by_test_id(f"participant-{words['red']}").wait_for()  # a seat is named by its colour, in words
    fits_both(page, f"lang-scorer-{lang}-form")
    # Nothing tapped yet: the server refuses each Tiger's missing prosperity token at its field (SETUP-02).
    page.get_by_role("button", name=words["score"], exact=True).click()
    page.locator("[data-testid=scorer-problem]").wait_for()
    error = page.locator(fid("/tigers/SK/prosperity_token") + "-err")
    assert words["no_token"] in error.inner_text()
    error.scroll_into_view_if_needed()
    fits_both(page, f"lang-scorer-{lang}-refused")
    # The worked example, scored: the rows are the phone's words, the lines the server's messages said here.
    page.get_by_role("button", name=words["example"]).click()
    page.get_by_role("button", name=words["score"], exact=True).click()
    wait_result(page)
    page.get_by_role("heading", name=words["result"]).wait_for()
    totals = {pid: str(p["total"]) for pid, p in expected["participants"].items() if p["recorded"]}
    assert pad_row(page, words["total"]) == totals
    assert words["nations"] in page.locator("[data-testid=result]").inner_text()
    fits_both(page, f"lang-scorer-{lang}-result")
    winner = expected["winner"]
    page.get_by_text(f"{winner} — {totals[winner]}").click()  # the winner's explanation lines
    line = next(x["text"] for x in expected["lines"] if x["participant"] == winner and x["category"] == "total")
    assert line != next(x["text"] for x in requests.post(f"{server.url}/api/scorers/asian-tigers", json=EX1,
                                                          timeout=20).json()["lines"] if x["category"] == "total"
                        and x["participant"] == winner)  # really another language than English
    shown = page.locator("details[open] ul.log li").filter(has_text=line.split(" [")[0])  # the mark after it
    assert shown.count() == 1 and shown.is_visible()
    fits_both(page, f"lang-scorer-{lang}-lines")
