"""The last English inside translated log and score lines (issue 37): an Automa flag sector's final score line
and the solo result's line are one message each, said in every language (the stored outcome keeps the lines it
always had, so stored games keep their state hashes); a trade centre's refusals name the centre once; the summary
of an Automa turn that waited for the human is said from the earlier lines it sums up."""
from __future__ import annotations

import copy
import json
import random
import re
from pathlib import Path

import pytest

from api.games import asian_tigers as engine
from api.games.asian_tigers.decisions import current_decision
from api.games.asian_tigers.engine import legal_actions
from api.games.asian_tigers.presentation.text import humanize
from api.games.asian_tigers.presentation.why_not import why_not
from api.games.messages import render as english
from api.i18n import localize, render
from api.offline import table as local
from api.web.events import version_event
from api.web.http import repo
from tests.games.asian_tigers.builders import random_walk
from tests.games.asian_tigers.presentation.test_presentation_random_games import _options
from tests.helpers import bearer
from tests.i18n.seeded import played_lines
from tests.i18n.test_view_offline import speaks  # noqa: F401 (the fixture: the phone's engine's language)

# The answers' language: no api/storage line or branch PostgreSQL reaches here that other files miss (docs/testing.md)
BACKENDS = ("sqlite",)

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


def test_a_score_lines_players_are_named_with_their_colour_in_the_language():
    # NEUTRAL-04 (the neutral ranked in the Influence step): the line names each player "Ann (red)" and the
    # neutral player by its seat; a German or Portuguese log says the colour and the neutral in its words
    lines = [(e, de, pt) for e, de, pt in played_lines(1) if e["kind"] == "influence_awarded"]
    assert lines
    event, de, pt = next((e, de, pt) for e, de, pt in lines if "neutral " in e["text"] and "Cat (green)" in e["text"])
    assert english(event["message"]) == event["text"]  # English: the line as the log always said it
    assert "Ann (rot)" in de and "Cat (grün)" in de and "Neutral " in de, de
    assert "Ann (vermelho)" in pt and "Cat (verde)" in pt and "neutro " in pt, pt
    every = " ".join(de + pt for _, de, pt in lines)
    assert not re.search(r"\((red|blue|green|yellow)\)|\bneutral \d", every), every


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
    lines = [(e, de, pt) for e, de, pt in played_lines(4)
             if e["kind"] == "score_line" and e["text"].startswith("Solo:")]
    assert len(lines) == 1
    event, de, pt = lines[0]
    assert english(event["message"]) == event["text"]  # English: the line as the log always said it
    assert re.fullmatch(r"Solo: Ann \(green\) \d+ vs the Automa \(red\) \d+ → .+ wins \(.+\)( \[.+\])?",
                        event["text"])
    points = re.findall(r"\d+", event["text"])[:2]
    assert re.match(rf"Solo: Ann \(grün\) {points[0]} gegen den Automa \(rot\) {points[1]} → .+ gewinnt", de), de
    assert re.match(rf"Solo: Ann \(verde\) {points[0]} contra o Automa \(vermelho\) {points[1]} → .+ vence", pt), pt
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


PAUSED = 9  # a seeded solo game (tiles recorded) whose Automa waits for the human's choice of Tiger once


def _paused_game():
    """The actions of seeded game `PAUSED` up to the move that closes the Automa turn that waited for the human
    (SOLO-AUTOMA-18: an Automa satellite's tie chosen by the human), and that summary's instructions."""
    state, actions = engine.new_game(_options(PAUSED), engine.load_edition(), seed=PAUSED), []
    rng = random.Random(PAUSED)
    while not engine.is_over(state):
        step = engine.apply(state, rng.choice(engine.legal_actions(state)))
        state = step.state
        actions.append(step.action)
        summary = next((e for e in step.events if e["kind"] == "automa_turn"), None)
        if summary is not None and isinstance(summary["message"]["params"]["line"], str):  # said in English
            return actions, summary["instructions"]  # (its first lines came from earlier moves)
    raise AssertionError("the seeded game never paused the Automa's turn")


def _english_left(line: str, instructions: list[str]) -> list[str]:
    """The instructions whose English (as the log says them) `line` still holds."""
    said = [humanize(engine.load_edition(), 2, f"Automa: {i}").removeprefix("Automa: ") for i in instructions]
    return [i for i in said if i in line]


def test_a_paused_automa_turns_summary_reads_in_german_over_http(client):  # the move's answer, the log, the stream
    # SOLO-AUTOMA-18: the Automa waits for the human's choice; SOLO-AUTOMA-08: its turn summed up in one line
    actions, instructions = _paused_game()
    resp = client.post("/api/games", json={"game": "asian_tigers", "options": _options(PAUSED), "seed": PAUSED})
    assert resp.status_code == 201
    game = resp.get_json()
    url, token, version = f"/api/games/{game['game_id']}", game["table_token"], game["game"]["version"]
    for start in range(0, len(actions) - 1, 200):
        resp = client.post(f"{url}/batch", json={"actions": actions[start:min(start + 200, len(actions) - 1)]},
                           headers={**bearer(token), "If-Match": f'"{version}"', "Idempotency-Key": f"paused-{start}"})
        assert resp.status_code == 200, resp.get_json()
        version = resp.get_json()["version"]
    choice = {**bearer(token), "If-Match": f'"{version}"', "Idempotency-Key": "paused-choice", "Accept-Language": "de"}
    answers = [client.post(f"{url}/actions", json={"action": actions[-1]}, headers=choice) for _ in "twice"[:2]]
    assert answers[1].headers.get("Idempotent-Replayed") == "true"  # the same move sent again: its answer replayed
    said = [next(line for e, line in zip(a["events"], a["lines"]) if e["kind"] == "automa_turn")
            for a in (resp.get_json()["applied"][0] for resp in answers)]
    answered = said[0]
    assert answered.startswith("Automa: ") and _english_left(answered, instructions) == [] and said[1] == answered
    head = len(actions)
    pages = {"whole": {"after": 0, "limit": 500}, "last move alone": {"after": head - 1}}
    for name, query in pages.items():
        said = {lang: client.get(f"{url}/log", query_string=query, headers={**bearer(token), "Accept-Language": lang})
                .get_json()["entries"][-1] for lang in ("en", "de")}
        assert said["de"]["seq"] == head
        english_line, german = (next(line for e, line in zip(entry["events"], entry["lines"])
                                     if e["kind"] == "automa_turn") for entry in (said["en"], said["de"]))
        assert english_line.startswith("Automa: ") and len(instructions) > 1
        assert _english_left(english_line, instructions)  # English: the stored text, as before
        assert german.startswith("Automa: ") and german != english_line, name
        assert _english_left(german, instructions) == [] and german == answered, (name, german)
    with client.application.app_context():  # the event stream's entries (the app's route and `api.streams`)
        event = version_event(repo(), game["game_id"], head - 1, "de")[0]
    [entry] = json.loads(event.split("data: ", 1)[1])["entries"]
    streamed = next(line for e, line in zip(entry["events"], entry["lines"]) if e["kind"] == "automa_turn")
    assert streamed == german and _english_left(streamed, instructions) == []


def test_the_phones_engine_says_a_paused_automa_turns_summary_in_its_language(speaks):
    # SOLO-AUTOMA-18, SOLO-AUTOMA-08: the phone's own engine, from its own earlier moves
    actions, instructions = _paused_game()
    local.open_json(json.dumps({"game_id": "g-paused", "edition": None, "options": _options(PAUSED), "seed": PAUSED,
                                "actions": actions[:-1], "meta": {"version": 1}}))
    speaks("pt")
    answer = json.loads(local.apply_json("g-paused", json.dumps(actions[-1]), json.dumps({"version": 2})))
    line = next(line for e, line in zip(answer["events"], answer["lines"]) if e["kind"] == "automa_turn")
    assert line.startswith("Automa: ") and line != next(e["text"] for e in answer["events"]
                                                        if e["kind"] == "automa_turn")
    assert _english_left(line, instructions) == [], line
