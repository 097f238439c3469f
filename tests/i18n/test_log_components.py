"""Component words inside translated log lines (issue 37): an Automa tile's and an Automa sector's label, a
region token's effect code, "university bonus on …", the frames' sources and the state's reasons are said in
the reader's language (the labels' messages, the edition's names), English byte for byte as stored."""
from __future__ import annotations

import random

import pytest

from api.games import asian_tigers as engine
from api.games.asian_tigers.presentation.text import event_lines
from api.games.messages import render
from api.i18n import language
from tests.games.asian_tigers.builders import edition
from tests.games.asian_tigers.presentation.test_presentation_random_games import _options

GAMES = (4, 9, 14, 19, 0, 1)  # solo (basic, scenario, campaign tiles, recorded tiles) and 2–3 players

# English words a label of each kind says, which a German line must not say.
ENGLISH = {
    "automa_tile_revealed": ("invest in", "trade:", "sell on a local market"),  # SOLO-AUTOMA-08: a tile's label
    "automa_influence": ("invest in", "trade:", "sector bonus"),  # SOLO-AUTOMA-09
    "automa_flag_taken": ("Automa flag sector",),  # SOLO-AUTOMA-11: the Automa board's flag sectors
    "automa_bonus_unlocked": ("Automa Finance", "Automa Electronics", "Automa Chemicals", " sector", "bonus “"),  # SOLO-AUTOMA-14: a sector and its bonus
    "automa_university_bonus": ("university bonus on", "column"),  # AMB-44: the space the bonus is printed on
    "region_bonus_activated": ("(influence ", "(good ", "(science ", "(energy "),  # REGION-02: the token's effect
}


@pytest.fixture(scope="module")
def played():
    """(event, its German line, its Portuguese line) of seeded games played to their end."""
    ed, german, portuguese = edition(), language("de"), language("pt")
    out = []
    for game in GAMES:
        rng = random.Random(game)
        state = engine.new_game(_options(game), ed, seed=game)
        while not engine.is_over(state):
            step = engine.apply(state, rng.choice(engine.legal_actions(state)))
            state = step.state
            out += zip(step.events, event_lines(ed, step.events, german), event_lines(ed, step.events, portuguese))
    return out


def test_component_words_are_said_in_german(played):
    seen = {kind: 0 for kind in ENGLISH}
    for event, german, _ in played:
        for word in ENGLISH.get(event["kind"], ()):
            assert word not in german, (event["text"], german)
        seen[event["kind"]] = seen.get(event["kind"], 0) + 1
    assert all(seen[kind] for kind in ENGLISH), seen  # every kind came up
    lines = [german for _, german, _ in played]
    assert any("Plättchen „" in line and "investieren" in line for line in lines)  # a tile by its instruction
    assert any("Automa-Flaggensektor 1" in line for line in lines)
    assert any("Universitätsbonus auf " in line for line in lines)
    assert any("(Einfluss 3)" in line for line in lines)


def test_the_words_follow_the_reader_and_english_stays_the_text(played):
    for event, german, portuguese in played:
        if event["kind"] in ENGLISH:
            assert german != event["text"] != portuguese != german
            # English: the stored text, and the message says the same (codes in words as narration says them)
            assert render(event["message"]) == event["text"]
            assert event_lines(edition(), [event], language("en")) == [event["text"]]
    assert any("setor de bandeiras 1 do Automa" in p for _, _, p in played)
