"""Each refusal issue 15 lists (validation from what the box holds, and the gaps it found), posted over HTTP as
the engine tests make it: a 422 problem naming the field in words, the catalogue rule and the JSON pointer."""
from __future__ import annotations

import pytest

from tests.web.test_scorers import ASARA, NIPPON, post, refused

# HTTP answers and wording: no api/storage line or branch PostgreSQL reaches here that other files miss (docs/testing.md)
BACKENDS = ("sqlite",)
# The scorers keep nothing between requests: the file's requests share one app (`file_client`).


def _issue_15_refusals():
    """Each refusal the issue lists (issue 15, "Validation from what the box holds" and the gaps it found), as
    the engine tests make it; over HTTP each must be a 422 naming the field in words and the rule."""
    from tests.games.asara import test_asara_end_only as asa
    from tests.games.nippon import test_nippon_input_errors as nip
    from tests.games.nippon import test_nippon_modes as modes

    def detailed_nippon(case_id):
        change, code, rule, path = next(c[1:5] for c in nip.CASES if c[0] == case_id)
        return NIPPON, lambda: change(nip.base()), code, rule, path

    def live(case_id):
        change, code, rule, path = next(c[1:5] for c in modes.LIVE_REFUSALS if c[0] == case_id)
        return NIPPON, lambda: change(modes.live()), code, rule, path

    def nippon_end(case_id):
        change, code, rule, path = next(c[1:5] for c in modes.END_ONLY_REFUSALS if c[0] == case_id)
        return NIPPON, lambda: change(modes.end_only(boards=True, in_play=True)), code, rule, path

    def asara_end(case_id):
        with_years, change, code, rule, path = next(c[1:6] for c in asa.REFUSALS if c[0] == case_id)
        return ASARA, lambda: change(asa.end_only(with_years)), code, rule, path

    def asara_detailed(case_id):
        change, code, rule, path = next(c[1:5] for c in asa.DETAILED_REFUSALS if c[0] == case_id)
        return ASARA, lambda: (lambda b: change(b) or b)(asa.detailed()), code, rule, path

    def remembered_lower_tile():  # the end-only scorings' detail is replayed like the live changes
        body = modes.end_only()
        body["scorings"] = modes.remembered(1, 2)
        body["scorings"][1]["placed"][0]["value"] = 3
        return body

    return {
        # Nippon: "an influence tile can vanish between scorings, a lower tile can replace a higher one, a tile
        # can move slots" (NIP-SCORE-04; rules, Local Market, "Available Influence Slot")
        "nippon: a tile vanishes": detailed_nippon("a tile vanishes"),
        "nippon: a lower tile replaces a higher": detailed_nippon("a lower tile replaces a higher"),
        "nippon: a tile moves slots": detailed_nippon("a tile moves slots"),
        "nippon end only: a tile vanishes": nippon_end("a tile vanishing between the boards"),
        "nippon live: a lower tile on a covered slot": live("a lower tile on a covered slot"),
        "nippon end only: a lower tile in the scorings remembered": (
            NIPPON, remembered_lower_tile, "slot_not_available", "NIP-SCORE-04", "/scorings/1/placed/0/value"),
        # "achievement units beyond what a player owns (13 for six trains + six ships)" (NIP-SCORE-09)
        "nippon: 13 trains and ships": detailed_nippon("13 trains and ships"),
        "nippon live: 13 trains and ships": live("13 trains and ships"),
        # "contract VP beyond the printed maximum", "a region bonus not in steps of two" (NIP-SCORE-08)
        "nippon: contract VP beyond the printed": detailed_nippon("contract VP beyond the printed ones"),
        "nippon: odd region bonus": detailed_nippon("odd region bonus"),
        "nippon end only: odd region bonus": nippon_end("an odd region bonus"),
        # "a 1-player game" (NIP-SCORE-01; rules, Setup)
        "nippon: one player": detailed_nippon("one player"),
        "nippon end only: one player": nippon_end("one player"),
        # "tiles per player and their values", "trains and ships per player" (NIP-SCORE-03/07)
        "nippon: a tile value not in the set": detailed_nippon("tile value not in the set"),
        "nippon live: the same 7 twice": live("the same 7 twice"),
        "nippon live: seven trains": live("seven trains"),
        "nippon live: nine pieces in a region": live("nine pieces in a region"),
        # Asara: "Asari of 2**63" (ASA-SCORE-09; rules, Components: 52 coins)
        "asara end only: Asari beyond the coins": asara_end("Asari together beyond the coins"),
        # "a tower of 200 sections, more sections in total than the box holds" (ASA-SCORE-04; 100 sections)
        "asara end only: a tower of 200 sections": asara_end("tower of 200 sections"),
        "asara end only: more sections than the box": asara_end("more sections than the box"),
        "asara: more sections than the box": asara_detailed("more sections than the box"),
        # "gold sections moving between towers" (ASA-SCORE-03; "Build Tower" rule 5)
        "asara: gold moving between towers": asara_detailed("gold moving between towers"),
        "asara end only: gold leaving the towers": asara_end("gold leaving the towers"),
        "asara end only: gold beyond the tower": asara_end("gold beyond the tower"),
        # "Colour is free text", "the Caliph's patronage silently defaults" (ASA-SCORE-04, ASA-SCORE-03)
        "asara end only: a colour not in the box": asara_end("a colour not in the box"),
        "asara end only: no Caliph holder": asara_end("no Caliph holder"),
        # "positions on each track" (ASA-SCORE-03: the prestige track holds what the towers earned)
        "asara end only: track beyond what the towers earn": asara_end("track beyond what the towers earn"),
    }


ISSUE_15_REFUSALS = _issue_15_refusals()


@pytest.mark.parametrize("case", list(ISSUE_15_REFUSALS))
def test_each_refusal_the_issue_lists_is_a_422_over_http(file_client, case):
    url, make, code, rule, path = ISSUE_15_REFUSALS[case]
    problem = refused(file_client, url, make())
    assert (problem["code"], problem["rule"], problem["path"]) == (code, rule, path)
    assert problem["field"] and problem["detail"].startswith(problem["field"])  # the field in words first


def test_asari_of_two_to_the_63_is_a_422_over_http(file_client):
    # ASA-SCORE-09: bigger than any JSON number the API takes, refused before the scorer (the generic bound)
    from tests.games.asara import test_asara_end_only as asa

    body = asa.end_only()
    body["players"][0]["asari"] = 2 ** 63
    status, problem = post(file_client, ASARA, body)
    assert status == 422 and problem["path"] == "/players/0/asari", problem
