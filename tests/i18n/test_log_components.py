"""Component words inside translated log lines (issue 37): an Automa tile's and an Automa sector's label, a
region token's effect code, "university bonus on …", the frames' sources and the state's reasons are said in
the reader's language (the labels' messages, the edition's names), English byte for byte as stored."""
from __future__ import annotations


import pytest

from api.games.asian_tigers.presentation.phrases import phrase
from api.games.asian_tigers.presentation.text import event_lines, humanize, in_words
from api.games.messages import render
from api.i18n import language
from tests.games.asian_tigers.builders import edition
from tests.i18n.seeded import played_lines

GAMES = (4, 9, 14, 19, 0, 1)  # solo (basic, scenario, campaign tiles, recorded tiles) and 2–3 players

# English words a label of each kind says, which a German line must not say.
ENGLISH = {
    "automa_tile_revealed": ("invest in", "trade:", "sell on a local market"),  # SOLO-AUTOMA-08: a tile's label
    "automa_influence": ("invest in", "trade:", "sector bonus"),  # SOLO-AUTOMA-09
    "automa_flag_taken": ("Automa flag sector",),  # SOLO-AUTOMA-11: the Automa board's flag sectors
    "automa_bonus_unlocked": ("Automa Finance", "Automa Electronics", "Automa Chemicals", " sector", "bonus “"),  # SOLO-AUTOMA-14: a sector and its bonus
    "automa_university_bonus": ("university bonus on", "column"),  # AMB-44: the space the bonus is printed on
    "region_bonus_activated": ("(influence ", "(good ", "(science ", "(energy ",  # REGION-02: the token's effect
                               "” bonus (sector", "the “"),  # and the state's reason: the bonus that fired it
    "automa_satellite": ("most ", "tie broken by", "tie chosen by", "flag sector", " full"),  # SOLO-AUTOMA-15/18
    "automa_turn": ("reveal tile", "invest in", "worker to"),  # SOLO-AUTOMA-08: the turn's one-line summary
}


@pytest.fixture(scope="module")
def played():
    """(event, its German line, its Portuguese line) of seeded games played to their end."""
    return [line for game in GAMES for line in played_lines(game)]


def test_component_words_are_said_in_german(played):
    seen = {kind: 0 for kind in ENGLISH}
    # An Automa turn that waited for the human's choice (SOLO-AUTOMA-18) is summed up from lines of an earlier
    # move, whose messages this move does not hold: its summary stays English (the phone shows the Automa's lines).
    summaries = [german == event["text"] for event, german, _ in played if event["kind"] == "automa_turn"]
    assert sum(summaries) * 10 < len(summaries)
    for event, german, _ in played:
        if event["kind"] == "automa_turn" and german == event["text"]:
            continue
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
        if event["kind"] in ENGLISH and german != event["text"]:
            assert german != event["text"] != portuguese != german
            # English: the stored text, and the message says the same (codes in words as narration says them)
            assert render(event["message"]) == event["text"]
            assert event_lines(edition(), [event], language("en")) == [event["text"]]
    assert any("setor de bandeiras 1 do Automa" in p for _, _, p in played)


def test_a_kept_phrase_is_read_only_when_its_english_is_the_same():
    ed, german = edition(), language("de")
    said = lambda text: in_words(ed, 2, text)  # noqa: E731 - the narration's value function
    english = lambda text: humanize(ed, 2, text)  # noqa: E731
    why = "sector AF1 full; most laboratories (0); tie broken by your most investment points; " \
          "tie broken by your most investment funds"  # SOLO-AUTOMA-16/18, as the state keeps it
    message = phrase(ed, 1, why, said, english)
    assert str(message) == english(why)
    assert render(message, german) == ("Automa-Flaggensektor 1 voll; meiste Labore (0); Gleichstand entschieden durch "
                                       "deine meisten Investitionspunkte, dann durch deine meisten Investitionsfonds")
    reason = "the influence upper 3 bonus (sector S8)"  # IBONUS-08: a bonus's reason, as the state keeps it
    assert render(phrase(ed, 2, reason, said, english), german).startswith("den Bonus „+3 Einfluss")
    for unknown in ("the nonsense 7 bonus (sector S8)", "most glory (3)", "region bonus RB3 of Atlantis (good 1)"):
        assert phrase(ed, 2, unknown, said, english) is None  # never a guess: English words stay
