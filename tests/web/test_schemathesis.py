"""schemathesis against the Flask app in-process (WSGI): every operation of openapi.yaml.

Cases are generated from the spec (its examples, positive and negative data),
then aimed at real targets: a module fixture creates an Asian Tigers game in
progress, a finished game (imported from tests/golden/) and, when the API has
them, a solo campaign.  `Target.aim` follows a fixed plan per operation: most
cases get the right id, token and current version (If-Match), writes of the game
in progress carry its first legal action, and the others keep one deliberate
defect each (no token, a spectator or unknown token, no or a stale If-Match, the
generated ids) so the error answers are exercised too.

Checks: no 500, and the response conforms to the spec (status code documented,
content type, headers, body schema), then the project's own contract validator
(tests/contract.py) on the same response.  A second test walks the spec's
OpenAPI links (createGame → getGame, applyAction → applyAction → undo, …) as a
schemathesis state machine.

Budget: MAX_EXAMPLES cases per operation (env TABLEKEEPER_SCHEMATHESIS_EXAMPLES).
"""
from __future__ import annotations

import itertools
import json
import os
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import schemathesis
from flask.testing import FlaskClient
from hypothesis import HealthCheck, settings
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from werkzeug.datastructures import Headers

from api import create_app
from api.storage.engines import ModuleEngine
from tests.contract import CONTRACT, SPEC_PATH

# HTTP answers and wording: no api/storage line or branch PostgreSQL reaches here that other files miss (docs/testing.md)
BACKENDS = ("sqlite",)

MAX_EXAMPLES = int(os.environ.get("TABLEKEEPER_SCHEMATHESIS_EXAMPLES", "15"))
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_headers_conformance,
          response_schema_conformance]
SUPPRESS = [HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.filter_too_much,
            HealthCheck.data_too_large]
GOLDEN = sorted((Path(__file__).resolve().parents[1] / "golden").glob("*.json"))
PLAYERS = [{"name": "Ann", "color": "red"}, {"name": "Bo", "color": "blue"}]
CREATE = {"game": "asian_tigers", "seed": 11, "options": {"players": PLAYERS}}

pytestmark = pytest.mark.skipif(not ModuleEngine("asian_tigers", "api.games.asian_tigers").available(),
                                reason="api.games.asian_tigers is not importable")

schema = schemathesis.openapi.from_path(SPEC_PATH)
SEEN: defaultdict[str, Counter] = defaultdict(Counter)


@dataclass
class Table:
    """A game the cases are aimed at."""

    id: str
    token: str
    spectator: str


@dataclass
class Campaign:
    """A solo campaign the campaign operations are aimed at."""

    id: str
    token: str


@dataclass
class Target:
    """The app under test, its games and campaigns, and a case counter per operation (see `aim`)."""

    app: object
    games: list[Table]
    campaigns: list[Campaign] = field(default_factory=list)
    turns: dict[str, itertools.count] = field(default_factory=dict)

    def version(self, game_id: str) -> int:
        return self.app.extensions["tablekeeper"].repository().record(game_id).version

    def legal_action(self, game: Table) -> dict | None:
        view = FlaskClient(self.app).get(f"/api/games/{game.id}", headers={"Authorization": f"Bearer {game.token}"})
        legal = view.get_json().get("legal_actions") or []
        return legal[0] if legal else None

    def campaign_version(self, campaign: Campaign) -> str | None:
        resp = FlaskClient(self.app).get(f"/api/campaigns/{campaign.id}",
                                         headers={"Authorization": f"Bearer {campaign.token}"})
        return resp.headers.get("ETag")

    def aim(self, case) -> None:
        """Point `case` at a real game (or campaign) with credentials, following a plan per operation.

        The k-th case of an operation gets plan k % 8: 0 everything right (a write
        of the game in progress carries its first legal action, or undoes one), 1
        everything right on the other game (the finished one), 2 no token, 3 the
        spectator token (another secret on campaigns), 4 an unknown token, 5 no
        If-Match on writes / the current ETag as If-None-Match on reads, 6 a stale
        If-Match / If-None-Match, 7 the generated ids and headers as they are.
        """
        # The WSGI transport does not decompress: ask for identity (tests/web/test_compression.py covers the rest).
        case.headers = {**(case.headers or {}), "Accept-Encoding": "identity"}
        operation = case.operation.definition.raw
        op_id = operation.get("operationId")
        k = next(self.turns.setdefault(op_id, itertools.count()))
        plan = k % 8
        if plan == 7:
            return
        # Undo only the game in progress: the finished one stays finished (outcome 200, moves refused).
        game = self.games[1 % len(self.games)] if plan == 1 and op_id != "undo" else self.games[0]
        campaign = self.campaigns[0] if self.campaigns else None
        schemes = {name for requirement in operation.get("security", []) for name in requirement}
        path_parameters = dict(case.path_parameters or {})
        if "game_id" in path_parameters:
            path_parameters["game_id"] = game.id
        if "campaign_id" in path_parameters and campaign is not None:
            path_parameters["campaign_id"] = campaign.id
        case.path_parameters = path_parameters
        token, spectator = game.token, game.spectator
        if "campaignToken" in schemes and campaign is not None:
            token, spectator = campaign.token, game.token  # another secret: 403 or 401
        headers = dict(case.headers or {})
        if schemes:
            headers["Authorization"] = {3: f"Bearer {spectator}", 4: "Bearer " + "x" * 43}.get(
                plan, f"Bearer {token}")
            if plan == 2:
                del headers["Authorization"]
        params = {p.get("name") or p.get("$ref", "").rsplit("/", 1)[-1] for p in operation.get("parameters", [])}
        if params & {"IfMatch", "If-Match"}:
            headers["If-Match"] = '"999999"' if plan == 6 else f'"{self.version(game.id)}"'
            if plan == 5:
                del headers["If-Match"]
            if plan in (0, 1, 5, 6):  # a body of the right shape, so the precondition is what decides
                headers["Idempotency-Key"] = f"schemathesis-{op_id}-{k}-{self.version(game.id)}"
                action = self.legal_action(game) if plan in (0, 1) else None
                action = action or {"kind": "end_turn"}
                case.body = {"applyAction": {"action": action}, "applyBatch": {"actions": [action]}}.get(
                    op_id, {"count": 1})
        if "CampaignIfMatch" in params and campaign is not None:
            etag = self.campaign_version(campaign)
            if etag and plan != 5:
                headers["If-Match"] = '"999999"' if plan == 6 else etag
        if params & {"IfNoneMatch", "If-None-Match"} and plan in (5, 6):
            headers["If-None-Match"] = f'"{self.version(game.id) + (plan == 6)}"'  # 5: 304, 6: 200
        case.headers = headers


def _seed_games(app) -> list[Table]:
    client = FlaskClient(app)
    created = client.post("/api/games", json=CREATE)
    assert created.status_code == 201, created.get_json()
    body = created.get_json()
    active = Table(body["game_id"], body["table_token"], body["spectator_token"])
    version, legal = 1, body["game"]["legal_actions"]
    for _ in range(6):  # a few moves, so that undo has something to undo
        resp = client.post(f"/api/games/{active.id}/actions", json={"action": legal[0]},
                           headers={"Authorization": f"Bearer {active.token}", "If-Match": f'"{version}"',
                                    "Idempotency-Key": f"seed-{version}"})
        assert resp.status_code == 200, resp.get_json()
        version, legal = resp.get_json()["version"], resp.get_json()["game"]["legal_actions"]
    games = [active]
    if GOLDEN:  # a finished game: outcome 200, no legal actions
        imported = client.post("/api/imports", json=json.loads(GOLDEN[0].read_text()))
        if imported.status_code == 201:  # else tests/storage/test_golden.py says why it no longer replays
            data = imported.get_json()
            games.append(Table(data["game_id"], data["table_token"], data["spectator_token"]))
    return games


def _seed_campaigns(app) -> list[Campaign]:
    """A solo campaign made from the spec's own example, when the API has campaigns."""
    operation = CONTRACT.spec["paths"].get("/api/campaigns", {}).get("post")
    if not operation:
        return []
    example = operation["requestBody"]["content"]["application/json"].get("example")
    created = FlaskClient(app).post("/api/campaigns", json=example)
    if created.status_code != 201:  # the campaign tests say why; the cases then just meet 401/404
        return []
    body = created.get_json()
    return [Campaign(body["campaign_id"], body["campaign_token"])]


@pytest.fixture(scope="module")
def target(tmp_path_factory):
    """An app on its own database with real games to aim at (join throttle raised for the fuzzing)."""
    db = tmp_path_factory.mktemp("schemathesis") / "tablekeeper.db"
    app = create_app({"DATABASE": str(db), "TESTING": True, "JOIN_ATTEMPTS": 10_000, "STREAM_LIFETIME": 0.2,
                      "CREATES_PER_MINUTE": 0})
    return Target(app, _seed_games(app), _seed_campaigns(app))


def check(case, response) -> None:
    """schemathesis' conformance checks, then the project's own contract validator."""
    request = response.request
    SEEN[f"{request.method} {case.operation.path}"][response.status_code] += 1
    case.validate_response(response, checks=CHECKS)
    if request.method == "OPTIONS":  # Flask's automatic OPTIONS (Allow header, empty body) is not in the spec
        return
    headers = Headers([(name, value) for name, values in response.headers.items() for value in values])
    CONTRACT.check(request.method, urlsplit(request.url).path, response.status_code,
                   headers.get("Content-Type", ""), response.content, headers)


@schema.parametrize()
@settings(max_examples=MAX_EXAMPLES, deadline=None, database=None, suppress_health_check=SUPPRESS)
def test_every_operation_conforms(target, case):
    target.aim(case)
    check(case, case.call(app=target.app))


def test_links_as_a_state_machine(target):
    """Follow the spec's links from created games and writes, with each game's own token.

    Every scenario starts from its own games (createGame with a body the engine
    accepts), so what a step answers depends only on the steps before it in the
    same scenario (hypothesis requires that of a state machine).
    """
    created = Counter()

    class Links(schema.as_state_machine()):
        def setup(self):
            self.tokens: dict[str, str] = {}

        def before_call(self, case):
            case.headers = {**(case.headers or {}), "Accept-Encoding": "identity"}  # no decompression here
            operation = case.operation.definition.raw
            if operation.get("operationId") == "createGame":
                case.body = dict(CREATE)
            elif operation.get("operationId") == "createEdition":
                # createGame takes an edition_id, so schemathesis reaches it through a created edition.
                case.body = {"name": "fuzzed", "base": "default"}
            game_id = (case.path_parameters or {}).get("game_id")
            if operation.get("security") and game_id in self.tokens:
                case.headers = {**(case.headers or {}), "Authorization": f"Bearer {self.tokens[game_id]}"}

        def get_call_kwargs(self, case):
            return {"app": target.app}

        def after_call(self, response, case):
            super().after_call(response, case)
            if response.status_code == 201 and case.operation.definition.raw.get("operationId") == "createGame":
                body = json.loads(response.content)
                self.tokens[body["game_id"]] = body["table_token"]
                created["games"] += 1

        def validate_response(self, response, case, additional_checks=None, **kwargs):
            check(case, response)

    Links.run(settings=settings(max_examples=MAX_EXAMPLES, stateful_step_count=10, deadline=None,
                                database=None, suppress_health_check=SUPPRESS))
    assert created["games"], "no game was created while following the links"


def test_the_cases_reached_the_games(target):
    """The aiming worked: games were read, written and refused for the intended reasons."""
    if not SEEN:
        pytest.skip("run together with the schemathesis tests above")
    assert SEEN["GET /api/games/{game_id}"][200] and SEEN["GET /api/games/{game_id}"][304]
    if GOLDEN and len(target.games) > 1:
        assert SEEN["GET /api/games/{game_id}/outcome"][200] and SEEN["GET /api/games/{game_id}/outcome"][409]
    for write in ("actions", "batch", "undo"):
        statuses = SEEN[f"POST /api/games/{{game_id}}/{write}"]
        assert all(statuses[status] for status in (200, 401, 403, 412, 428)), (write, statuses)
    assert SEEN["POST /api/games"][201]
    for scorer in ("asian-tigers", "nippon", "asara"):
        assert SEEN[f"POST /api/scorers/{scorer}"][200] and SEEN[f"POST /api/scorers/{scorer}"][422]


@pytest.mark.parametrize("if_match", ['""', 'W/""', '"", "9"'])
def test_an_empty_entity_tag_is_a_stale_version_not_a_500(client, if_match):
    """Found by the state machine: `If-Match: ""` crashed the write (500) instead of answering 412."""
    created = client.post("/api/games", json={"game": "toy", "options": {"players": PLAYERS}, "seed": 1}).get_json()
    headers = {"Authorization": f"Bearer {created['table_token']}", "If-Match": if_match}
    for path, body in (("actions", {"action": {"kind": "take", "amount": 1}}), ("undo", {"count": 1})):
        resp = client.post(f"/api/games/{created['game_id']}/{path}", json=body, headers=headers)
        assert resp.status_code == 412 and resp.get_json()["current_version"] == 1


def test_a_log_cursor_beyond_sqlite_integers_is_422_not_a_500(client):
    """Found by schemathesis: `?after=` above 2**63 - 1 overflowed SQLite (500)."""
    created = client.post("/api/games", json={"game": "toy", "options": {"players": PLAYERS}, "seed": 1}).get_json()
    headers = {"Authorization": f"Bearer {created['table_token']}"}
    url = f"/api/games/{created['game_id']}/log"
    assert client.get(f"{url}?after={2**63}", headers=headers).status_code == 422
    assert client.get(f"{url}?after={2**63 - 1}", headers=headers).get_json()["entries"] == []
