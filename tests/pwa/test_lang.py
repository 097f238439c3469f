"""The table's language on the phone (issue 37), in Chromium at 360×740, by taps: a Nippon game scored in
German (chosen in Settings) and an Asara game in Portuguese (the browser's language), each at normal size
and at 200 % text (longer words must not push the screen sideways), with the server's refusal in the
same language; screenshots in test-artifacts/pwa/lang-*.png.  (Joining a game by its code in Portuguese,
then German chosen in Settings, follow the Asara walk on its phone.)"""
from __future__ import annotations

import json
import re

import pytest
import requests
from playwright.sync_api import expect

from tests.pwa.conftest import PHONE, axe_check, service_workers_of, shot
from tests.pwa.test_scorer_modes import wait_result
from tests.pwa.test_scorers import fid, pad_row
from tests.pwa.test_zoom import SPILLS, WIDTHS, browser_font_size

SERVICE_WORKERS = "block"  # no test here needs the app's service worker (conftest.service_workers_of)


def fits(page, name: str) -> None:
    """No sideways scroll and no text spilling out of its box; a screenshot to look at."""
    page.wait_for_timeout(150)  # the last render
    shot(page, name)
    width, inner = page.evaluate(WIDTHS)
    # A mobile page wider than the screen widens its layout viewport too (innerWidth follows): compare with the phone.
    assert width <= PHONE["width"] and inner <= PHONE["width"], f"{name}: {width} px wide on a {PHONE['width']} px phone"
    assert not page.evaluate(SPILLS), f"{name}: text spills out of {page.evaluate(SPILLS)[:4]}"


def fits_both(page, name: str) -> None:
    """`fits` at normal text, then the same screen laid out again at 200 % text (the browser's font size),
    then back to normal for the rest of the flow: one walk checks both sizes."""
    fits(page, f"{name}-16")
    browser_font_size(page, 32)
    fits(page, f"{name}-32")
    browser_font_size(page, 16)


@pytest.fixture
def phone_in(browser, request):
    """Factory of phone-sized contexts whose browser speaks `locale`; each page must end without errors."""
    contexts, pages = [], []

    def make(locale: str = "en-GB", service_workers: str | None = None):
        service_workers = service_workers or service_workers_of(request)
        ctx = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True, locale=locale,
                                  service_workers=service_workers)
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


def nippon_in_german_chosen_in_settings(server, page):
    """test_nippon_in_german_chosen_in_settings before (an English phone of its own; now the Portuguese phone's
    last steps: German chosen in Settings wins over the browser's language as over English; the suite's time)."""
    page.goto(server.url + "/#/settings")
    page.get_by_role("heading", name="Definições").wait_for()
    page.get_by_role("radio", name="Deutsch").click()  # the page draws itself again in German
    page.get_by_role("heading", name="Einstellungen").wait_for()
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.evaluate("localStorage.getItem('tablekeeper.language')") == "de"  # kept on this phone
    fits_both(page, "lang-de-settings")
    axe_check(page, "Settings in German")
    page.get_by_role("link", name="Start").click()
    page.get_by_role("link", name="Neue Partie").wait_for()
    fits_both(page, "lang-de-home")
    page.get_by_role("link", name="Nippon-Wertung").click()
    page.get_by_role("navigation", name="Eingabemodus").get_by_role("link", name="Nur Ende").click()
    page.get_by_role("button", name="2 Personen").click()
    page.get_by_role("group", name="Platz 2: Rot").wait_for()
    page.locator(fid("/players/0/vp_track")).fill("55")
    page.get_by_role("button", name="Gelb hatte den letzten Zug").click()
    fits_both(page, "lang-de-nippon-form")
    # Rot's VP track left empty: the server refuses it in German (NIP-SCORE-01)
    page.get_by_role("button", name="Wertung", exact=True).click()
    problem = page.locator("[data-testid=scorer-problem]")
    problem.wait_for()
    assert "Nicht gewertet: ein Wert muss angesehen werden." in problem.inner_text()
    error = page.locator(fid("/players/1/vp_track") + "-err")
    assert "hier gehört eine ganze Zahl hin: nichts eingegeben" in error.inner_text()
    error.scroll_into_view_if_needed()
    fits_both(page, "lang-de-nippon-refused")
    page.locator(fid("/players/1/vp_track")).fill("48")
    page.get_by_role("button", name="Wertung", exact=True).click()
    page.get_by_role("heading", name="Nippon: Endstand").wait_for()
    page.locator("[data-testid=result]").wait_for()
    assert "Gelb gewinnt mit 55 SP" in page.locator("[data-testid=winner]").inner_text()  # NIP-SCORE-10
    assert pad_row(page, "Summe") == {"Gelb": "55", "Rot": "48"}
    result = page.locator("[data-testid=result]").inner_text()
    assert "Woher jede Zahl kommt" in result
    fits_both(page, "lang-de-nippon-result")
    axe_check(page, "Nippon result in German")
    page.get_by_text("Gelb — 55").click()  # the explanation lines, in German
    assert page.get_by_text("SP-Leiste nach der 3. Wertung: 55").is_visible()
    fits_both(page, "lang-de-nippon-lines")


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


def test_asara_in_portuguese_from_the_browser(server, phone_in):
    body = valid_prestige(server, {"mode": "end_only", "players": [
        {"name": "Jogador 1", "asari": 23, "towers": [{"color": "red", "sections": 5, "gold": 1}]},
        {"name": "Jogador 2", "asari": 7, "towers": [{"color": "brown", "sections": 3}]}]})
    expected = requests.post(f"{server.url}/api/scorers/asara", json=body, headers={"Accept-Language": "pt-PT"},
                             timeout=20).json()
    page = phone_in("pt-PT")
    page.goto(server.url + "/#/scorer/asara?m=end_only")
    page.get_by_role("heading", name="Pontuação de Asara").wait_for()
    assert page.evaluate("document.documentElement.lang") == "pt"
    page.get_by_role("button", name="Retirar Jogador 4").click()
    page.get_by_role("button", name="Retirar Jogador 3").click()
    page.get_by_role("button", name="Adicionar torre (vermelho) de 5 a Jogador 1", exact=True).click()
    page.get_by_role("button", name="Adicionar torre (castanho) de 3 a Jogador 2", exact=True).click()
    page.get_by_role("button", name=re.compile("mais uma secção dourada na 1.ª torre de Jogador 1$")).click()
    page.get_by_role("list", name="Torres de Jogador 1").get_by_text("Vermelho 5 · 1 douradas").wait_for()
    fits_both(page, "lang-pt-asara-towers")
    page.locator(fid("/players/0/asari")).click()  # the number pad walks Asari, prestige, Asari, prestige
    pad = page.locator("[data-testid=numpad]")
    page.get_by_role("group", name="Teclado numérico para Asari de Jogador 1").wait_for()
    fits_both(page, "lang-pt-asara-numpad")
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
    fits_both(page, "lang-pt-asara-result")
    axe_check(page, "Asara result in Portuguese")
    page.get_by_text(re.compile("^.Jogador 1 — ")).click()
    asari = next(line["explanation"] for line in expected["players"][0]["lines"] if line["category"] == "asari")
    assert asari.startswith("23 Asari → 2 (1 por cada 10, arredondado para baixo)")  # ASA-SCORE-09
    assert page.get_by_text(asari).is_visible()
    fits_both(page, "lang-pt-asara-lines")
    join_by_code_in_portuguese(server, page)
    nippon_in_german_chosen_in_settings(server, page)


def tap_next(page, name: str = "Weiter") -> None:
    """The wizard's button at the foot of the step, after scrolling down to it as a person would (at 200 % text
    the sticky bar of two stacked buttons moves while Playwright aims at it mid-page)."""
    page.mouse.wheel(0, 20_000)
    page.get_by_role("button", name=name).click()


def plays_export(tmp_path) -> str:
    """A plays export of this app (playsio.js's format) holding one finished Asian Tigers game of two players."""
    play = {"id": "play:game:lang-test", "game": "asian-tigers", "mode": "recorded", "date": "2026-11-28T19:30:00Z",
            "duration_min": 95, "players": [{"name": "Anna", "score": 151, "rank": 1, "winner": True, "start": True},
                                            {"name": "Ben", "score": 139, "rank": 2, "winner": False}]}
    path = tmp_path / "plays.json"
    path.write_text(json.dumps({"sourceName": "tablekeeper", "format": "tablekeeper-plays", "version": 1,
                                "plays": [{"tablekeeper": play}]}), encoding="utf-8")
    return str(path)


def test_new_game_history_and_stats_in_german(server, phone_in, tmp_path):
    # The browser speaks German: the setup wizard, its checks, the game's header, History and Stats say it too.
    page = phone_in("de-DE")
    page.goto(server.url + "/#/")
    page.get_by_role("link", name="Neue Partie").click()
    page.get_by_role("heading", name="Neue Partie").wait_for()
    main = page.locator("main")
    page.get_by_text("Schritt 1 von 4:").wait_for()  # the edition's names loaded
    assert page.get_by_label("Name").first.input_value() == "Person 1"  # the default names in German too
    assert "rot" in page.locator("#color-0 option").all_inner_texts()  # the colours in words
    page.get_by_label("Name").first.fill("Anna")
    page.get_by_label("Name").nth(1).fill("Ben")
    fits_both(page, "lang-de-setup-players")
    tap_next(page)
    page.get_by_text("Gleichstände in Ära II auf einem Tiger").wait_for()
    fits_both(page, "lang-de-setup-rules")
    tap_next(page)
    # The table drew the turn order but nobody tapped it in: the step's check says so in German (SETUP-11).
    order = page.locator("fieldset", has_text="Zugreihenfolge (Scheiben ziehen)")
    order.get_by_role("button", name="Tisch zog").click()
    tap_next(page)
    problems = page.locator("[data-testid=step-problems]")
    problems.wait_for()
    said = problems.inner_text()
    assert "Bitte zuerst diese 2 beheben:" in said
    assert "Zugreihenfolge (Scheiben ziehen): wer ist als 1. am Zug?" in said
    fits_both(page, "lang-de-setup-draws-refused")
    order.get_by_role("button", name="Scheibe gezogen: Ben").click()  # Ben first; Anna is then the last one left
    assert order.get_by_test_id("turn-order").inner_text() == "Ben, Anna"
    tap_next(page)
    summary = main.inner_text()
    assert "2 Spielende:" in summary and "Anna (rot)" in summary and "Ben (blau)" in summary
    fits_both(page, "lang-de-setup-summary")
    tap_next(page, "Partie anlegen")
    page.locator("[data-testid=turn]").wait_for()
    assert page.get_by_role("navigation", name="Spielansichten").is_visible()
    assert "Ära I" in page.locator(".game-header").inner_text()
    fits_both(page, "lang-de-game")

    # History: empty of finished games, then a plays export imported; Stats over it.
    page.get_by_role("link", name="Start").first.click()
    page.get_by_role("link", name="Verlauf gespeicherter Wertungen").click()
    page.get_by_role("heading", name="Verlauf").wait_for()
    page.get_by_text("Noch keine gespeicherten Wertungen.").wait_for()
    page.get_by_label("Partien importieren (JSON-Export dieser App)").set_input_files(plays_export(tmp_path))
    page.get_by_role("status").filter(has_text="1 Partie importiert.").wait_for()
    card = page.locator("[data-testid=play]")
    assert "Asian Tigers · aufgezeichnete Partie · " in card.inner_text()
    assert "151 · 1. · Sieg · hat begonnen" in card.locator("li[data-player=Anna]").inner_text()
    assert "95 Min. · importiert" in card.inner_text()
    fits_both(page, "lang-de-history")
    axe_check(page, "History in German")
    page.get_by_role("link", name="Statistik").click()
    page.get_by_role("heading", name="Statistik").wait_for()
    page.get_by_role("heading", name="Pro Spiel").wait_for()
    games = page.get_by_test_id("stats-games")
    assert games.locator("th").first.inner_text() == "Spiel"
    assert games.locator("tr[data-game=asian-tigers] td").first.get_attribute("data-label") == "Partien"
    anna = page.get_by_test_id("stats-players").locator("tr[data-player=Anna]")
    assert anna.locator("td[data-label=Siegquote]").inner_text() == "100 %"
    assert anna.get_by_role("button", name="Anna umbenennen").is_visible()
    fits_both(page, "lang-de-stats")
    axe_check(page, "Stats in German")


def join_by_code_in_portuguese(server, page):
    """test_join_by_code_in_portuguese before (a phone of its own; now the Asara test's Portuguese phone, next:
    the suite's time): joining by code, the game's header and Share in Portuguese."""
    host = server.create_game(names=("Ana", "Rui"))
    page.goto(server.url + "/#/")
    page.get_by_role("link", name="Entrar num jogo com o seu código").click()
    page.get_by_role("heading", name="Entrar num jogo").wait_for()
    assert page.get_by_role("button", name="Entrar", exact=True).is_disabled()  # no code typed yet
    page.get_by_label("Código de entrada (no ecrã Partilhar do telemóvel anfitrião)").fill(host["join_code"])
    fits_both(page, "lang-pt-join")
    page.get_by_role("button", name="Entrar", exact=True).click()
    page.locator("[data-testid=turn]").wait_for()
    assert page.get_by_role("navigation", name="Ecrãs do jogo").is_visible()
    expect(page.locator(".game-header")).to_contain_text("Online")  # "A sincronizar…" until the game's first sync
    header = page.locator(".game-header").inner_text()
    assert "Era I" in header and "Online" in header
    page.get_by_text("Detalhes do jogo").click()  # at the foot of the Turn screen
    assert re.search(r"Jogo \S+ · versão \d+ \(jogadas e anulações até agora\)", page.get_by_test_id("game-details").inner_text())
    fits_both(page, "lang-pt-joined")
    page.get_by_role("link", name="Partilhar", exact=True).click()
    page.get_by_role("heading", name="Partilhar e exportar").wait_for()
    page.get_by_role("heading", name="Outro telemóvel entra").wait_for()
    assert page.get_by_test_id("join-code").inner_text() == host["join_code"].upper()
    assert page.get_by_role("button", name="Criar uma ligação só de leitura").is_visible()
    fits_both(page, "lang-pt-share")
    axe_check(page, "Share in Portuguese")
