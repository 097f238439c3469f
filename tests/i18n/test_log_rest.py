"""The last English inside translated log and score lines (issue 37): an Automa flag sector's final score line
is one message that says the sector in words in every language (its stored outcome keeps the line it always
had, so stored games keep their state hashes), and a trade centre's refusals name the centre once."""
from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest

from api.games import asian_tigers as engine
from api.games.asian_tigers.decisions import current_decision
from api.games.asian_tigers.engine import legal_actions
from api.games.asian_tigers.presentation.why_not import why_not
from api.games.messages import render as english
from api.i18n import localize, render
from tests.games.asian_tigers.builders import random_walk
from tests.i18n.seeded import played_lines

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "asian-tigers-solo-automa.json"
CODE = re.compile(r"\bA[FS]\d\b")  # an Automa board sector's code


def test_an_automa_flag_sectors_final_line_is_said_in_the_language():
    # SOLO-SCORE-01: each Automa flag sector scores its stars × the difficulty; the log says the sector in words
    lines = [(e, de, pt) for e, de, pt in played_lines(4) if e["kind"] == "score_line"
             and e["text"].startswith("Automa flag sector ")]
    assert len(lines) == 3  # the Automa board's three flag sectors
    for number, (event, de, pt) in enumerate(lines, start=1):
        assert english(event["message"]) == event["text"]  # English: the line as the log always said it
        assert event["text"].startswith(f"Automa flag sector {number}: ") and " × difficulty " in event["text"]
        assert de.startswith(f"Automa-Flaggensektor {number}: ") and " × Schwierigkeit " in de, de
        assert pt.startswith(f"Setor de bandeiras {number} do Automa: ") and " × dificuldade " in pt, pt
        assert not CODE.search(de + pt) and "difficulty" not in de + pt and "Sektor A" not in de, (de, pt)


def test_the_outcome_says_the_automa_flag_sectors_in_words_and_keeps_its_stored_lines():
    # SOLO-SCORE-01, SCORE-END-01: the outcome the state keeps (hashed) is the one every stored game has
    golden = json.loads(GOLDEN.read_text())
    state = engine.replay(golden["options"], engine.load_edition(golden["edition"]), golden["seed"],
                          golden["actions"])
    before = copy.deepcopy(state.management["outcome"])
    stored = [line["text"] for line in before["lines"] if line["key"] in ("AF1", "AF2", "AF3")]
    assert [text.split(":")[0] for text in stored] == ["Sector AF1", "Sector AF2", "Sector AF3"]
    said = {lang: [line["text"] for line in (localize(engine.outcome(state, messages=lang), lang) if lang != "en"
                                               else engine.outcome(state))["lines"]
                   if line["key"] in ("AF1", "AF2", "AF3")] for lang in ("en", "de", "pt")}
    for number, line in enumerate(stored, start=1):
        assert said["en"][number - 1].startswith(f"Automa flag sector {number}: ")
        assert said["en"][number - 1].split(" × ")[-1] == line.split(" × ")[-1]  # "difficulty 3 = 12 …"
        assert said["de"][number - 1].startswith(f"Automa-Flaggensektor {number}: ")
        assert said["pt"][number - 1].startswith(f"Setor de bandeiras {number} do Automa: ")
    assert not CODE.search(" ".join(said["en"] + said["de"] + said["pt"]))
    assert state.management["outcome"] == before  # reading the outcome changed nothing stored


@pytest.fixture(scope="module")
def trade_centre_refusals():
    """{code: (English, German, Portuguese)} of a trade centre's worker-type refusals met in seeded games."""
    players = [{"name": "Ann", "color": "red"}, {"name": "Bo", "color": "blue"}, {"name": "Cy", "color": "green"}]
    seen = {}
    for state in random_walk({"players": players}, range(4, 6), 150):
        for entry in why_not(state, current_decision(state), legal_actions(state), "de"):
            reason = entry["reason"]
            if reason["code"] in ("center_type_fixed", "worker_type_taken_at_market") and \
                    "trade centre" in str(entry["action"]) + reason["message"]:
                seen.setdefault(reason["code"], (reason["message"], render(reason["message_message"], "de"),
                                                 render(reason["message_message"], "pt")))
    return seen


def test_a_trade_centres_worker_type_refusal_names_the_centre_once(trade_centre_refusals):
    # PLACE-01: a trade centre keeps its worker type for the era; PLACE-03: no two trade centres take one type
    assert set(trade_centre_refusals) == {"center_type_fixed", "worker_type_taken_at_market"}
    fixed, taken = trade_centre_refusals["center_type_fixed"], trade_centre_refusals["worker_type_taken_at_market"]
    assert re.fullmatch(r"This era the \w+ trade centre \(.+\) already takes type \d workers; your next worker is "
                        r"type \d", fixed[0]), fixed[0]
    assert re.fullmatch(r"No two trade centres take the same type: the \w+ trade centre \(.+\) already takes "
                        r"type \d workers", taken[0]), taken[0]
    for english_line, de, pt in (fixed, taken):
        assert "Trade centre the" not in english_line and english_line.count("trade centre") == 1 + (
            english_line.startswith("No two"))
        assert "Handelszentrum das" not in de and de.count("Handelszentrum") == 1, de
        assert "trade centre" not in de + pt and pt.count("centro de comércio") == 1, pt


def test_the_solo_results_line_is_said_in_the_language():
    # SOLO-SCORE-02: the human's total against the Automa's, who wins and how a tie goes
    lines = [(e, de, pt) for e, de, pt in played_lines(4) if e["kind"] == "score_line" and e["text"].startswith("Solo:")]
    assert len(lines) == 1
    event, de, pt = lines[0]
    assert english(event["message"]) == event["text"]  # English: the line as the log always said it
    assert re.fullmatch(r"Solo: Ann \(green\) \d+ vs the Automa \(red\) \d+ → .+ wins \(.+\)( \[.+\])?", event["text"])
    points = re.findall(r"\d+", event["text"])[:2]
    assert re.match(rf"Solo: Ann \(green\) {points[0]} gegen den Automa \(red\) {points[1]} → .+ gewinnt", de), de
    assert re.match(rf"Solo: Ann \(green\) {points[0]} contra o Automa \(red\) {points[1]} → .+ vence", pt), pt
    assert "Automa Automa" not in de + pt and " vs " not in de + pt and " wins " not in de + pt


def test_the_golden_solo_outcome_says_the_automa_once_and_keeps_its_stored_line():
    # SOLO-SCORE-02, SCORE-END-01: the stored (hashed) outcome keeps the line every stored game has
    golden = json.loads(GOLDEN.read_text())
    state = engine.replay(golden["options"], engine.load_edition(golden["edition"]), golden["seed"],
                          golden["actions"])
    before = copy.deepcopy(state.management["outcome"])
    stored = [line["text"] for line in before["lines"] if line["text"].startswith("Solo: ")]
    assert len(stored) == 1 and " vs the Automa Automa (" in stored[0]
    said = {lang: [line["text"] for line in (localize(engine.outcome(state, messages=lang), lang) if lang != "en"
                                               else engine.outcome(state))["lines"] if line["category"] == "winner"]
            for lang in ("en", "de", "pt")}
    assert said["en"] == [stored[0].replace("the Automa Automa", "the Automa")]
    assert " gegen den Automa (" in said["de"][0] and " contra o Automa (" in said["pt"][0], said
    assert not [line for lines in said.values() for line in lines if "Automa Automa" in line]
    assert state.management["outcome"] == before  # reading the outcome changed nothing stored
