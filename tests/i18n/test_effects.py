"""The effect sentences inside option labels and details are said in the reader's language (issue 37):
`effect_text`, `bonus_label`, `row_label` and `row_name` build messages (their `render` is `labels.keep` in
the view's options), and English reads as it did."""
from __future__ import annotations

import pytest

from api.games.asian_tigers import load_edition, view
from api.games.asian_tigers.presentation import labels as L
from api.games.messages import ENGLISH, render
from api.i18n import language
from tests.games.asian_tigers.builders import game, random_walk, rejects

PLAYERS = [{"name": "Ann", "color": "red"}, {"name": "Bo", "color": "blue"}, {"name": "Cy", "color": "green"}]


def _sentences(edition) -> list:
    """Every effect sentence a view may say, as messages, longest English first (a sentence may hold another)."""
    said = [L.effect_text(edition, space.bonus, L.keep) for tiger in edition.tigers.values()
            for space in tiger.spaces.values() if space.bonus is not None]
    said += [L.bonus_label(edition, bonus, table, L.keep) for table in L.BONUS_TABLES
             for bonus in edition.catalog.get(table, {})]
    said += [L.row_label(edition, row, L.keep) for row in edition.rows] + [L.row_name(edition, row, L.keep)
                                                                           for row in edition.rows]
    # "+2 science" alone is also how an option's gains are counted (not an effect sentence): left out
    return sorted((m for m in said if len(str(m).split()) > 2), key=lambda m: -len(str(m)))


def _texts(said: dict) -> list[str]:
    return [f"{choice['label']} || {choice.get('detail') or ''}" for choice in said.get("choices") or []]


@pytest.mark.parametrize("lang", ["de", "pt"])
def test_option_effect_sentences_are_said_in_the_language(lang):
    sentences, reader, checked = None, language(lang), set()
    for state in random_walk({"players": PLAYERS}, range(2), 60):
        sentences = sentences or _sentences(state.edition)
        reader_named = L.in_language(state.edition, reader)
        english, local = _texts(view(state, ENGLISH)), _texts(view(state, reader))
        assert len(english) == len(local)
        for en, there in zip(english, local):
            rest = en
            for sentence in sentences:
                if str(sentence) not in rest:
                    continue
                rest = rest.replace(str(sentence), "")
                translated = render(sentence, reader_named)
                assert translated != str(sentence), (lang, str(sentence))  # the catalogue has it
                assert translated in there and str(sentence) not in there, (lang, str(sentence), there)
                checked.add(str(sentence))
    assert checked, "the walk met no option with an effect sentence"


def test_german_and_portuguese_effects_and_rows():
    edition = load_edition()
    de, pt = L.in_language(edition, language("de")), L.in_language(edition, language("pt"))
    space = next(s for t in edition.tigers.values() for s in t.spaces.values()
                 if s.bonus is not None and s.bonus["do"] == "advance_influence")
    amount = space.bonus["amount"]
    assert render(L.effect_text(edition, space.bonus, L.keep), de) == f"+{amount} Einfluss hier"
    assert render(L.effect_text(edition, space.bonus, L.keep), pt) == f"+{amount} de influência aqui"
    row = next(r for r, data in edition.rows.items() if data.accepts != "any")
    said = render(L.row_label(edition, row, L.keep), de)
    assert said.startswith(f"Sektor {edition.rows[row].sector} Reihe ") and "; Bonus: " in said
    for nation in edition.rows[row].accepts:  # the nations by their German names
        assert L.name_of(edition, "nations", nation, "de") in said
    # a label opens with a capital in the language too, and a sentence inside a row label does not
    bonus = "satellite_any"
    assert render(L.bonus_label(edition, bonus, "infrastructure_bonuses", L.keep), de).startswith("Ein Satellit")


def test_english_reads_as_before():
    edition = load_edition()
    # The placeholder edition's printed effects, as the labels said them before they were messages.
    assert L.bonus_label(edition, "satellite_power_plant", "infrastructure_bonuses") == (
        "A satellite in the power-plant row on any Tiger; costs 2 funds there")
    assert L.bonus_label(edition, "influence_upper_3", "infrastructure_bonuses") == (
        "+3 influence on South Korea or Taiwan, then its region bonus; costs 1 fund there")
    assert L.performance_label(edition, "D1") == "$ +2 funds on South Korea and/or Taiwan"
    assert L.row_label(edition, "A2") == "sector A row 2 (Japan or Indonesia; bonus: +3 on the global market)"
    assert L.sector_label(edition, "S1") == (
        "Electronics factory sector 1 (bonus: +5 influence on any Tiger, then its region bonus; costs 1 fund there)")
    for table in L.BONUS_TABLES:  # the message, said in English, is the text
        for bonus in edition.catalog.get(table, {}):
            assert render(L.bonus_label(edition, bonus, table, L.keep), ENGLISH) == L.bonus_label(edition, bonus, table)


@pytest.mark.parametrize("lang,words", [("de", "die Wahl einer Platzierung"), ("pt", "escolha de uma colocação")])
def test_a_refusal_names_the_awaited_decision_in_the_language(lang, words):
    # TURN-04: the game waits for a placement; the refusal says which decision in the reader's words.
    refusal = rejects(game(2), {"kind": "end_turn"}, "unexpected_action", "TURN-04")
    assert refusal.message.startswith("The game is waiting for choose placement (")  # English as before
    said = render(refusal.text, language(lang))
    assert words in said and "choose placement" not in said
