"""GET /api/games/{id}/labels: one cacheable labels document per edition (issue 12)."""
from __future__ import annotations

import random

import pytest

from api.storage.engines import ModuleEngine
from api.web import patch
from api.web.games import LABELS_FORMAT
from tests.helpers import PLAYERS, bearer
from tests.shared_app import client  # noqa: F401 (fixture: one app; each test works on games of its own)

# HTTP answers and wording: no api/storage line or branch PostgreSQL reaches here that other files miss (docs/testing.md)
BACKENDS = ("sqlite",)


pytestmark = pytest.mark.skipif(not ModuleEngine("asian_tigers", "api.games.asian_tigers").available(),
                                reason="api.games.asian_tigers is not importable yet")


def test_labels_name_components_by_what_is_printed_and_cache_by_edition_hash(client, game):
    gid, token = game["game_id"], game["spectator_token"]
    resp = client.get(f"/api/games/{gid}/labels", headers=bearer(token))
    assert resp.status_code == 200
    body = resp.get_json()
    labels = body["labels"]
    # strong: the edition's content hash and the document's format (a new format is a new document)
    assert resp.headers["ETag"] == f'"{body["edition_hash"]}.{LABELS_FORMAT}"'
    stale = client.get(f"/api/games/{gid}/labels", headers={**bearer(token), "If-None-Match": f'"{body["edition_hash"]}"'})
    assert stale.status_code == 200  # a copy of the format-1 document (tagged with the bare hash) is not revalidated
    assert "immutable" in resp.headers["Cache-Control"]
    # DATA-02: PT1 prints 24 / 16 / 9 / 3 for three players
    assert labels["prosperity_tokens"]["PT1"]["by_player_count"]["3"] == "24 · 16 · 9 · 3"
    assert labels["region_tokens"]["RB1"]["label"] == "+3 influence"
    assert labels["region_tokens"]["RB3"]["label"] == "1 good made here"
    assert labels["spaces"]["SK.F2"] == {"label": "South Korea · factory · column B · Electronics", "placeholder": True}
    assert labels["tigers"]["SK"] == {"label": "South Korea", "placeholder": False}  # names come from the rulebook
    assert labels["bonuses"]["infrastructure_bonuses"]["influence_any_5"]["label"] == (
        "+5 influence on any Tiger, then its region bonus; costs 1 fund there")
    assert labels["edition"]["bgg_id"]["placeholder"] is True
    # DATA-23: a campaign tile prints its goal, not a code: it is named by that goal
    assert labels["campaign_tiles"]["CT3"]["label"] == "build at least 5 laboratories"
    assert labels["campaign_tiles"]["CT7"]["label"] == "more investment points than the Automa in South Korea or Taiwan"
    again = client.get(f"/api/games/{gid}/labels", headers={**bearer(token), "If-None-Match": resp.headers["ETag"]})
    assert again.status_code == 304 and again.headers["ETag"] == resp.headers["ETag"]


def test_labels_need_a_token(client, game):
    assert client.get(f"/api/games/{game['game_id']}/labels").status_code == 401


def test_game_view_carries_choices_board_and_setup(client, game):
    # The per-move view: one choice per legal action (same order), the board as it lies and, before the first
    # placement, the setup to lay out (SETUP-02..12); what is refused is asked apart (tests/web/test_why_not.py).
    resp = client.get(f"/api/games/{game['game_id']}", headers=bearer(game["spectator_token"]))
    body = resp.get_json()
    view = body["view"]
    assert len(view["choices"]) == len(body["legal_actions"])  # choices[i] describes legal_actions[i]
    # each field when it says something (issue 30): no empty cost or payoff, no placeholder: false
    assert all({"label", "detail"} <= set(c) <= {"label", "detail", "cost", "payoff", "placeholder"} and c["label"]
               and all(c.get(k, True) for k in ("cost", "payoff", "placeholder")) for c in view["choices"])
    assert "why_not" not in view and body["links"]["why_not"] == f"/api/games/{game['game_id']}/why-not"
    assert len(view["board_model"]["tigers"]) == 4 and len(view["board_model"]["player_boards"]) == len(PLAYERS[:3])
    assert view["setup_instructions"]["era"] == 1 and view["setup_instructions"]["steps"]
    assert view["labels_version"] and body["links"]["labels"] == f"/api/games/{game['game_id']}/labels"


def test_the_answer_before_a_build_gives_each_option_whole_with_spaces_and_sectors_by_code(client):
    # Issue 30: a choose_build's options arrive whole (label, cost, payoff, and the space's and the sector's
    # words apart for the phone's two screens) in the patch that leads to it; spaces and
    # sectors are named by code (their printed names are in the labels document).
    created = client.post("/api/games", json={"game": "asian_tigers", "seed": 4,
                                              "options": {"players": PLAYERS[:3]}}).get_json()
    gid, token, held, rng = created["game_id"], created["table_token"], created["game"], random.Random(4)
    labels = client.get(f"/api/games/{gid}/labels", headers=bearer(token)).get_json()["labels"]
    while True:
        legal = held["legal_actions"]
        action = next((a for a in legal if a["kind"] == "place_worker" and a["center"].endswith(".A")), None)
        resp = client.post(f"/api/games/{gid}/actions", json={"action": action or rng.choice(legal)},
                           headers={**bearer(token), "If-Match": f'"{held["version"]}"'})
        assert resp.status_code == 200, resp.get_json()
        update = resp.get_json()["game"]
        held = {**held, **{k: v for k, v in update.items() if k not in ("base_version", "view_patch")},
                "view": patch.apply(held["view"], update["view_patch"])}
        if held["decision"]["kind"] == "choose_build" and len(held["legal_actions"]) > 20:
            break
    assert held["view"] == client.get(f"/api/games/{gid}", headers=bearer(token)).get_json()["view"]
    choices = held["view"]["choices"]
    assert len(choices) == len(held["legal_actions"])
    for action, choice in zip(held["legal_actions"], choices):
        # no whole detail: the phone joins the space's and the sector's (issue 30); placeholder only when true
        assert {"label", "payoff", "space_detail", "sector_detail"} <= set(choice) <= {
            "label", "cost", "payoff", "space_detail", "sector_detail", "placeholder"}
        assert choice.get("placeholder", True) is True and choice.get("cost", True)
        assert choice["payoff"]["space"] == action["space"] and choice["payoff"]["sector"]["id"] == action["sector"]
        assert action["space"] in labels["spaces"] and labels["sectors"][action["sector"]]["bonus"]

