"""A whole turn of Asian Tigers in German and in Portuguese (issue 37), in Chromium at 360×740, by taps.

The browser speaks the language; the phone joins a two-player game by its code, lays out the table,
reads the question, places a worker, answers the local sale, builds (a space, then its sector), and so on
until the next player is asked; then it opens the undo question, the Board, Log, Manage and Score tabs.
Every screen says the phone's own words in that language (and not in English); on each screen, at normal
text size and then at 200 % text (the same screen laid out again), nothing scrolls sideways and no text spills
out of its box (screenshots test-artifacts/pwa/lang-turn-*-16.png and -32.png).  The rules engine's question comes from the engine in the phone's
language (`ENGINE` below), as are an option's cost line and a greyed option's reason.
"""
from __future__ import annotations

import json
import re
import time

import pytest
import requests

from tests.pwa.conftest import axe_check, bearer
from tests.pwa.test_lang import fits, phone_in  # noqa: F401  (phone_in: the fixture)
from tests.pwa.test_zoom import browser_font_size

SERVICE_WORKERS = "block"  # no test here needs the app's service worker (conftest.service_workers_of)

# The phone's own words on each screen of the turn, per language (pwa/i18n/<lang>.json), and the English
# they replace.  Each entry: (what the screen must say, the English it must not say).
WORDS = {
    "de": {
        "tabs": {"board": "Plan", "log": "Verlauf", "manage": "Verwalten", "score": "Wertung", "nav": "Spielansichten"},
        "layout": ("Zuerst den Tisch aufbauen", "Der Tisch ist aufgebaut: zum ersten Zug"),
        "turn": [("Nächster Arbeiter:", "Next worker:"), ("Handelszentren", "Trade centres"),
                 ("Der Plan, der Weltmarkt und die Spielertableaus →", "The board, the global market")],
        "recorder": "Zug erfassen",
        "why_not": re.compile(r"^Jetzt nicht möglich \(\d+\)$"),
        "pick_sector": ("das Teil aus welchem Sektor nehmen?", "take the piece from which sector?"),
        "another_space": "Anderes Feld",
        "sector": re.compile(r"^Sektor \d+ \(Bonus: "),
        "recorded": ("Gerade erfasst", "Just recorded"),
        "undo": ("Letzten Zug zurücknehmen", "Zurücknehmen bestätigen", "Diesen Zug zurücknehmen?", "Behalten"),
        "board": ("Zeigen", "Weltmarkt", "Was die App beim Aufbau gezogen hat →"),
        "log": [("Arbeiter einsetzen: ", "Place worker: "), ("Kein lokaler Verkauf", "No local sale"),
                ("bauen, aus Sektor ", "Build on ")],
        "manage": ("Verwaltungsphase", "Die Verwaltungsphase hat noch nicht begonnen", "The management phase has not started"),
        "score": ("Bisherige Wertung", "Vorläufig: die Wertung, als ob die Partie jetzt endete", "Provisional: the score"),
    },
    "pt": {
        "tabs": {"board": "Tabuleiro", "log": "Registo", "manage": "Gerir", "score": "Pontuação", "nav": "Ecrãs do jogo"},
        "layout": ("Primeiro, preparar a mesa", "A mesa está pronta: para o primeiro turno"),
        "turn": [("Próximo trabalhador:", "Next worker:"), ("Centros de comércio", "Trade centres"),
                 ("O tabuleiro, o mercado global e os tabuleiros dos jogadores →", "The board, the global market")],
        "recorder": "Registar a jogada",
        "why_not": re.compile(r"^Indisponível agora \(\d+\)$"),
        "pick_sector": ("tirar a peça de que setor?", "take the piece from which sector?"),
        "another_space": "Outra casa",
        "sector": re.compile(r"^Setor \d+ \(bónus: "),
        "recorded": ("Acabado de registar", "Just recorded"),
        "undo": ("Anular a última jogada", "Confirmar a anulação", "Anular esta jogada?", "Manter"),
        "board": ("Mostrar", "Mercado global", "O que a app sorteou na preparação →"),
        "log": [("Colocar trabalhador: ", "Place worker: "), ("Sem venda local", "No local sale"),
                (", do setor ", "Build on ")],
        "manage": ("Fase de gestão", "A fase de gestão ainda não começou", "The management phase has not started"),
        "score": ("Pontuação até agora", "Provisória: a pontuação como se o jogo acabasse agora", "Provisional: the score"),
    },
}
# What the rules engine asks (its prompt), rendered in the phone's language by the engine, not by the phone
# (api/games/asian_tigers/presentation, the view's prompt message): the translated words and the English msgid.
# An option's cost line (its choice's detail) is the engine's too; the option's label is still English (not converted).
ENGINE = {"de": ("setze deinen nächsten Arbeiter ein", "place your next worker"),
          "pt": ("coloca o teu próximo trabalhador", "place your next worker")}

TWO = {"players": [{"name": "Anna", "color": "red"}, {"name": "Ben", "color": "blue"}]}


# The game's tabs are links (not in SPILLS): a tab whose word runs out of its box.
TAB_SPILLS = "() => [...document.querySelectorAll('.nav.tabs a')].filter((a) => a.scrollWidth > a.clientWidth + 1).map((a) => a.textContent)"


def fits_turn(page, name: str) -> None:
    """fits() and every tab's word inside its tab, at normal text and then on the same screen laid out again at
    200 % text (the browser's font size), back to normal for the rest of the walk: one walk checks both sizes
    (the suite's time: a walk per size repeated the same taps and words for nothing new)."""
    for px in (16, 32):
        browser_font_size(page, px)
        fits(page, f"{name}-{px}")
        assert not page.evaluate(TAB_SPILLS), f"{name} at {px} px: a tab's word spills out of it: {page.evaluate(TAB_SPILLS)}"
    browser_font_size(page, 16)


def said(page) -> str:
    """Everything the screen says (its text)."""
    return page.locator("main").inner_text()


def says(page, words: list[tuple[str, str]], where: str) -> None:
    """The screen says each phrase in the language, and none of the English it replaces."""
    text = said(page)
    for local, english in words:
        assert local in text, f"{where}: {local!r} not said"
        assert english not in text, f"{where}: English {english!r} said"


def action_button(page, action: dict):
    """The recorder's button that sends exactly `action` (the server's legal action)."""
    return page.locator(f"button[data-action='{json.dumps(action, separators=(',', ':'), ensure_ascii=False)}']")


def next_question(server, g, before: int) -> dict:
    """The game once the server has taken the phone's answer to decision `before` (the phone sends it)."""
    for _ in range(100):
        view = server.game(g["game_id"], g["table_token"])
        if not view.get("decision") or view["decision"]["id"] != before:
            return view
        time.sleep(0.1)
    raise AssertionError(f"decision {before} still asked")


def play_the_turn(page, server, g, w: dict, name: str) -> None:
    """The first player's whole turn, tapped: a worker on an investment centre, no local sale, a build (space,
    then its sector), then whatever else the turn asks (the last option of each question) until the other is asked."""
    token = g["table_token"]
    view = server.game(g["game_id"], token)
    first_seat = view["decision"]["seat"]
    worker = next(a for a in view["legal_actions"] if a["kind"] == "place_worker" and "." in a["center"])
    action_button(page, worker).click()
    # The options' words are the engine's (its choices' labels); the phone's own name the rest.
    view = next_question(server, g, worker["decision"])
    skip = next(a for a in view["legal_actions"] if a["kind"] == "skip_local_sale")
    action_button(page, skip).click()
    build = next_question(server, g, skip["decision"])["decision"]
    # The build: a space whose piece may come from several sectors, then the sector (PLACE-01, BUILD-*).
    page.locator("button[data-pick]").first.wait_for()
    page.locator("button[data-pick]").first.click()
    heading = page.get_by_role("heading", name=re.compile(re.escape(w["pick_sector"][0])))
    heading.wait_for()
    assert w["pick_sector"][1] not in said(page)
    assert page.get_by_role("button", name=w["another_space"]).is_visible()
    sectors = page.get_by_role("group", name=re.compile(re.escape(w["pick_sector"][0]))).get_by_role("button")
    assert w["sector"].search(sectors.first.inner_text()), sectors.first.inner_text()
    fits_turn(page, f"lang-turn-{name}-sector")
    sectors.first.click()
    answered = build["id"]
    for _ in range(12):  # the rest of the turn: the last option of each question, until the next player is asked
        view = next_question(server, g, answered)
        d = view["decision"]
        answered = d["id"]
        if d["seat"] != first_seat or d["kind"] == "choose_placement":
            return
        last = view["legal_actions"][-1]
        # the server asks it already; the phone draws it once its answer came: wait, then read its buttons
        page.locator(f"header[data-version='{view['version']}']").wait_for()
        if last["kind"] in ("build", "build_department") and page.locator(f'button[data-pick="{last["space"]}"]').count():
            page.locator(f'button[data-pick="{last["space"]}"]').click()
        action_button(page, last).click()
    raise AssertionError("the turn did not end")


@pytest.mark.parametrize("lang,locale", [("de", "de-DE"), ("pt", "pt-PT")])
def test_a_whole_turn_in_the_phones_language(server, phone_in, lang, locale):  # noqa: F811
    w = WORDS[lang]
    name = lang
    g = server.create_game(names=("Anna", "Ben"))
    page = phone_in(locale)
    page.goto(f"{server.url}/#/join/{g['join_code']}")
    page.get_by_test_id("turn").wait_for()
    assert page.evaluate("document.documentElement.lang") == lang
    nav = page.get_by_role("navigation", name=w["tabs"]["nav"])

    # First the table is laid out (the checklist of what the app drew), then the first question.
    page.get_by_role("heading", name=w["layout"][0]).wait_for()
    fits_turn(page, f"lang-turn-{name}-layout")
    page.get_by_role("button", name=w["layout"][1]).click()
    prompt = page.get_by_test_id("prompt")
    assert prompt.inner_text().startswith("Anna") or prompt.inner_text().startswith("Ben")
    recorder = page.get_by_role("region", name=w["recorder"])
    recorder.wait_for()
    says(page, w["turn"], f"{name}: the first question")
    fits_turn(page, f"lang-turn-{name}-question")
    axe_check(page, f"the turn in {lang}")
    asked = prompt.inner_text()
    local, english = ENGINE[lang]
    assert asked.endswith(local) and english not in asked, asked
    # An option's cost line (the engine's choice detail) as the server says it in the language, not in English.
    url = f"{server.url}/api/games/{g['game_id']}"
    said_in = {tag: requests.get(url, headers={**bearer(g["table_token"]), "Accept-Language": tag}, timeout=10).json()
               for tag in (locale, "en")}
    first = said_in["en"]["legal_actions"][0]
    details = {tag: view["view"]["choices"][0]["detail"] for tag, view in said_in.items()}
    button = action_button(page, first).inner_text().replace("\n", " ")
    assert details[locale] != details["en"] and details[locale] in button and details["en"] not in button, button

    # A greyed option says why not: the phone's words around it, the engine's reason in the language (h37refuse's).
    why = page.get_by_test_id("why-not")
    summary = why.locator("summary")
    assert w["why_not"].search(summary.inner_text()), summary.inner_text()
    summary.click()
    why.locator("button.unavailable").first.click()
    shown = why.locator("p.why").first.inner_text()
    url = f"{server.url}/api/games/{g['game_id']}/why-not"
    reasons = {tag: requests.get(url, headers={**bearer(g["table_token"]), "Accept-Language": tag}, timeout=10)
               .json()["why_not"][0]["reason"]["message"] for tag in (locale, "en")}
    assert reasons[locale] != reasons["en"] and reasons[locale] in shown and reasons["en"] not in shown, shown
    fits_turn(page, f"lang-turn-{name}-why-not")
    summary.click()

    play_the_turn(page, server, g, w, name)
    # The next question (the next player's), and the moves just recorded, in the language.
    page.get_by_role("heading", name=w["recorded"][0]).wait_for()
    page.wait_for_function("(before) => document.getElementById('prompt').innerText !== before", arg=asked)
    says(page, [w["recorded"]], f"{name}: after the turn")
    assert prompt.inner_text().endswith(local) and english not in prompt.inner_text()  # the other player's question
    fits_turn(page, f"lang-turn-{name}-next-question")

    # Undo asks first; keeping the move changes nothing.
    undo, confirm, question, keep = w["undo"]
    page.get_by_role("button", name=undo).click()
    box = page.get_by_role("group", name=confirm)
    box.get_by_text(question).wait_for()
    fits_turn(page, f"lang-turn-{name}-undo")
    box.get_by_role("button", name=keep).click()
    box.wait_for(state="detached")

    # Board: one part of the table at a time; the global market.
    nav.get_by_role("link", name=w["tabs"]["board"], exact=True).click()
    show, market, drew = w["board"]
    page.get_by_role("group", name=show).get_by_role("button", name=market).click()
    assert page.get_by_role("link", name=drew).is_visible()
    fits_turn(page, f"lang-turn-{name}-board")

    # Log: each move in the phone's words (what the engine said under it is the engine's).
    nav.get_by_role("link", name=w["tabs"]["log"], exact=True).click()
    page.get_by_test_id("log").wait_for()
    says(page, w["log"], f"{name}: the log")
    fits_turn(page, f"lang-turn-{name}-log")

    # Manage: the walkthrough waits for the end of the era.
    nav.get_by_role("link", name=w["tabs"]["manage"], exact=True).click()
    title, waiting, english = w["manage"]
    page.get_by_role("heading", name=title, level=1).wait_for()
    page.get_by_text(waiting).wait_for()
    assert english not in said(page)
    fits_turn(page, f"lang-turn-{name}-manage")

    # Score: the score so far, provisional.
    nav.get_by_role("link", name=w["tabs"]["score"], exact=True).click()
    title, provisional, english = w["score"]
    page.get_by_role("heading", name=title, level=1).wait_for()
    page.get_by_test_id("provisional").wait_for()
    assert provisional in page.get_by_test_id("provisional").inner_text()
    assert english not in said(page)
    page.locator("[data-testid=result]").first.wait_for()
    fits_turn(page, f"lang-turn-{name}-score")
    axe_check(page, f"the score so far in {lang}")
