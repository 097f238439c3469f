"""A bonus's short name inside refusals, in natural words in every language (issue 37).

English names a bonus by its catalogue word ("the influence upper 3 bonus (sector S5)"); the other languages
said it word for word ("Einfluss oben 3"), which reads like code.  They now say what it does, as the labels
do ("+3 Einfluss in einem Tiger des oberen Bereichs"): the amount first, as a gain.
"""
from __future__ import annotations

import random
import re

import pytest

from api.games import asian_tigers
from api.games.asian_tigers.engine import apply, legal_actions
from api.games.asian_tigers.errors import RulesError
from api.games.asian_tigers.turn.bonuses import BONUS_NAMES
from api.i18n import LANGUAGES, render

PLAYERS = [{"name": "Ann", "color": "red"}, {"name": "Bo", "color": "blue"}]


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_a_bonus_with_an_amount_says_it_as_a_gain(lang):
    # IBONUS-*: "influence upper 3", "energy 2" … end on their amount in English; a translation puts it first
    for code, message in BONUS_NAMES.items():
        said = render(message, lang)
        amount = re.search(r" (\d+)$", message.id)
        assert said != message.id, (lang, code)
        if amount:
            assert said.startswith(f"+{amount.group(1)} ") and not said.endswith(f" {amount.group(1)}"), (lang, said)


@pytest.mark.parametrize("lang, words, not_words", [
    ("de", "„Satellit in der Kraftwerk-Reihe“", "Satellit Kraftwerk"),
    ("pt", "«satélite na fila das centrais elétricas»", "satélite central elétrica"),
    ("fr", "« satellite dans la rangée des centrales »", "satellite centrale électrique"),
])
def test_a_refusal_names_the_bonus_in_words(lang, words, not_words):
    # IBONUS-02: an answer to a waiting bonus with a field it does not take names the bonus
    state, rng = asian_tigers.new_game({"players": PLAYERS}, asian_tigers.load_edition(), 2), random.Random(11)
    for _ in range(7):  # to a waiting "satellite in the power-plant row" bonus (as tests/i18n/test_why_not_labels.py)
        state = apply(state, rng.choice(legal_actions(state))).state
    action = next(a for a in legal_actions(state) if a["kind"] == "resolve_bonus")
    with pytest.raises(RulesError) as refused:
        apply(state, {**action, "tiger": "SK"})
    assert refused.value.message.startswith("The satellite power plant bonus (")  # English as it always read
    said = render(refused.value.text, lang)
    assert words in said and not_words not in said
