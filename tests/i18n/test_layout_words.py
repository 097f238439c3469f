"""The layout's steps name the starting goods and the region tokens beside the board in the reader's language
(issue 37; PSETUP-06 the starting goods, SETUP-05 the tokens left beside a 2-player board)."""
from __future__ import annotations

import pytest

from api.games import asian_tigers
from api.games.asian_tigers.presentation.labels import component_names, keep, region_token_label
from api.i18n import language, render

PLAYERS = [{"name": "Ann", "color": "red"}, {"name": "Bo", "color": "blue"}]


@pytest.fixture(scope="module")
def state():
    return asian_tigers.new_game({"players": PLAYERS}, asian_tigers.load_edition(), 2)


def steps(state, lang: str) -> list[str]:
    return asian_tigers.view(state, language(lang))["setup_instructions"]["steps"]


@pytest.mark.parametrize("lang", ["de", "pt", "fr"])
def test_the_starting_goods_are_named_in_the_readers_language(state, lang):
    # PSETUP-06: "{player}: take 1 Electronics" says the good by the edition's name in that language
    goods = component_names(state.edition, lang)["goods"]
    for player in state.players:
        (good, count), = ((g, n) for g, n in player.goods.items() if n)
        english = f"{player.name}: take {count} {good}"
        assert english in steps(state, "en")  # English word for word as before
        said = [s for s in steps(state, lang) if s.startswith(player.name) and f" {count} {goods[good]}" in s]
        assert len(said) == 1 and goods[good] != good and good not in said[0], said


def test_the_tokens_beside_the_board_are_said_in_german(state):
    # SETUP-05: a 2-player game leaves region bonus tokens beside the board, named by their effect
    assert state.leftover_region_tokens
    english = next(s for s in steps(state, "en") if s.startswith("Beside the board"))
    german = next(s for s in steps(state, "de") if s.startswith("Neben den Spielplan"))
    for token in state.leftover_region_tokens:
        assert f"“{region_token_label(state.edition, token)}”" in english
        assert f"„{render(region_token_label(state.edition, token, keep), 'de')}“" in german
