"""The table's language on the phone (issue 37), in Chromium at 360×740, by taps: a Nippon game scored in
German (chosen in Settings) and an Asara game in Portuguese (the browser's language), each at normal size
and at 200 % text (longer words must not push the screen sideways), with the server's refusal in the
same language; screenshots in test-artifacts/pwa/lang-*.png."""
from __future__ import annotations

import re

import pytest
import requests

from tests.pwa.conftest import PHONE, axe_check, shot
from tests.pwa.test_scorer_modes import wait_result
from tests.pwa.test_scorers import fid, pad_row
from tests.pwa.test_zoom import SPILLS, WIDTHS, browser_font_size


def fits(page, name: str) -> None:
    """No sideways scroll and no text spilling out of its box; a screenshot to look at."""
    page.wait_for_timeout(150)  # the last render
    shot(page, name)
    width, inner = page.evaluate(WIDTHS)
    # A mobile page wider than the screen widens its layout viewport too (innerWidth follows): compare with the phone.
    assert width <= PHONE["width"] and inner <= PHONE["width"], f"{name}: {width} px wide on a {PHONE['width']} px phone"
    assert not page.evaluate(SPILLS), f"{name}: text spills out of {page.evaluate(SPILLS)[:4]}"


@pytest.fixture
def phone_in(browser):
    """Factory of phone-sized contexts whose browser speaks `locale`; each page must end without errors."""
    contexts, pages = [], []

    def make(locale: str = "en-GB"):
        ctx = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True, locale=locale)
        ctx.set_default_timeout(30_000)
        contexts.append(ctx)
        page = ctx.new_page()
        page.errors = []
        page.on("pageerror", lambda exc: page.errors.append(str(exc)))
        pages.append(page)
        return page

    yield make
    for ctx in contexts:
        ctx.close()
    assert not [e for p in pages for e in p.errors], [e for p in pages for e in p.errors][:3]


@pytest.mark.parametrize("text", [16, 32], ids=["normal-text", "200pc-text"])
def test_nippon_in_german_chosen_in_settings(server, phone_in, text):
    page = phone_in("en-GB")
    page.goto(server.url + "/#/settings")
    page.get_by_role("heading", name="Settings").wait_for()
    page.get_by_role("radio", name="Deutsch").click()  # the page draws itself again in German
    page.get_by_role("heading", name="Einstellungen").wait_for()
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.evaluate("localStorage.getItem('tablekeeper.language')") == "de"  # kept on this phone
    browser_font_size(page, text)
    fits(page, f"lang-de-settings-{text}")
    axe_check(page, "Settings in German")
    page.get_by_role("link", name="Start").click()
    page.get_by_role("link", name="Neue Partie").wait_for()
    fits(page, f"lang-de-home-{text}")
    page.get_by_role("link", name="Nippon-Wertung").click()
    page.get_by_role("navigation", name="Eingabemodus").get_by_role("link", name="Nur Ende").click()
    page.get_by_role("button", name="2 Personen").click()
    page.get_by_role("group", name="Platz 2: Rot").wait_for()
    page.locator(fid("/players/0/vp_track")).fill("55")
    page.get_by_role("button", name="Gelb hatte den letzten Zug").click()
    fits(page, f"lang-de-nippon-form-{text}")
    # Rot's VP track left empty: the server refuses it in German (NIP-SCORE-01)
    page.get_by_role("button", name="Wertung", exact=True).click()
    problem = page.locator("[data-testid=scorer-problem]")
    problem.wait_for()
    assert "Nicht gewertet: ein Wert muss angesehen werden." in problem.inner_text()
    error = page.locator(fid("/players/1/vp_track") + "-err")
    assert "hier gehört eine ganze Zahl hin: nichts eingegeben" in error.inner_text()
    error.scroll_into_view_if_needed()
    fits(page, f"lang-de-nippon-refused-{text}")
    page.locator(fid("/players/1/vp_track")).fill("48")
    page.get_by_role("button", name="Wertung", exact=True).click()
    page.get_by_role("heading", name="Nippon: Endstand").wait_for()
    page.locator("[data-testid=result]").wait_for()
    assert "Gelb gewinnt mit 55 SP" in page.locator("[data-testid=winner]").inner_text()  # NIP-SCORE-10
    assert pad_row(page, "Summe") == {"Gelb": "55", "Rot": "48"}
    result = page.locator("[data-testid=result]").inner_text()
    assert "Woher jede Zahl kommt" in result
    fits(page, f"lang-de-nippon-result-{text}")
    axe_check(page, "Nippon result in German")
    page.get_by_text("Gelb — 55").click()  # the explanation lines, in German
    assert page.get_by_text("SP-Leiste nach der 3. Wertung: 55").is_visible()
    fits(page, f"lang-de-nippon-lines-{text}")


def valid_prestige(server, body: dict) -> dict:
    """A prestige-track position for each player that their towers make possible (asked of the server, which
    checks the players in order: each one's first accepted position, the ones before it already settled)."""
    for player in body["players"]:
        player["prestige"] = 0
    for i, player in enumerate(body["players"]):
        for prestige in range(0, 100):
            player["prestige"] = prestige
            resp = requests.post(f"{server.url}/api/scorers/asara", json=body, timeout=20)
            if resp.status_code == 200 or f"/players/{i}/prestige" not in {
                    x["path"] for x in resp.json().get("problems", [])} | {resp.json().get("path")}:
                break
    assert requests.post(f"{server.url}/api/scorers/asara", json=body, timeout=20).status_code == 200
    return body


@pytest.mark.parametrize("text", [16, 32], ids=["normal-text", "200pc-text"])
def test_asara_in_portuguese_from_the_browser(server, phone_in, text):
    body = valid_prestige(server, {"mode": "end_only", "players": [
        {"name": "Jogador 1", "asari": 23, "towers": [{"color": "red", "sections": 5, "gold": 1}]},
        {"name": "Jogador 2", "asari": 7, "towers": [{"color": "brown", "sections": 3}]}]})
    expected = requests.post(f"{server.url}/api/scorers/asara", json=body, headers={"Accept-Language": "pt-PT"},
                             timeout=20).json()
    page = phone_in("pt-PT")
    page.goto(server.url + "/#/scorer/asara?m=end_only")
    browser_font_size(page, text)
    page.get_by_role("heading", name="Pontuação de Asara").wait_for()
    assert page.evaluate("document.documentElement.lang") == "pt"
    page.get_by_role("button", name="Retirar Jogador 4").click()
    page.get_by_role("button", name="Retirar Jogador 3").click()
    page.get_by_role("button", name="Adicionar torre (vermelho) de 5 a Jogador 1", exact=True).click()
    page.get_by_role("button", name="Adicionar torre (castanho) de 3 a Jogador 2", exact=True).click()
    page.get_by_role("button", name=re.compile("mais uma secção dourada na 1.ª torre de Jogador 1$")).click()
    page.get_by_role("list", name="Torres de Jogador 1").get_by_text("Vermelho 5 · 1 douradas").wait_for()
    fits(page, f"lang-pt-asara-towers-{text}")
    page.locator(fid("/players/0/asari")).click()  # the number pad walks Asari, prestige, Asari, prestige
    pad = page.locator("[data-testid=numpad]")
    page.get_by_role("group", name="Teclado numérico para Asari de Jogador 1").wait_for()
    fits(page, f"lang-pt-asara-numpad-{text}")
    for p in body["players"]:
        for value in (p["asari"], p["prestige"]):
            pad.get_by_role("button", name=str(value), exact=True).click()
    pad.wait_for(state="detached")
    page.get_by_role("button", name="Pontuação", exact=True).click()
    wait_result(page)
    page.get_by_role("heading", name="Asara: pontuação final").wait_for()
    page.locator("[data-testid=result]").wait_for()
    assert expected["winner_explanation"] in page.locator("[data-testid=winner]").inner_text()  # ASA-SCORE-14
    assert re.search(r" vence com \d+ de prestígio| partilham a vitória", expected["winner_explanation"])
    assert pad_row(page, "Total") == {p["id"]: str(p["total"]) for p in expected["players"]}
    fits(page, f"lang-pt-asara-result-{text}")
    axe_check(page, "Asara result in Portuguese")
    page.get_by_text(re.compile("^.Jogador 1 — ")).click()
    asari = next(line["explanation"] for line in expected["players"][0]["lines"] if line["category"] == "asari")
    assert asari.startswith("23 Asari → 2 (1 por cada 10, arredondado para baixo)")  # ASA-SCORE-09
    assert page.get_by_text(asari).is_visible()
    fits(page, f"lang-pt-asara-lines-{text}")
