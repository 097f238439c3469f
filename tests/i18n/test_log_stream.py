"""The event stream's lines in the reader's language (issue 37): ``GET …/events?lang=<code>`` (an EventSource
cannot send ``Accept-Language``), the same choice rules as ``Accept-Language``, ``Content-Language`` on the
answer; both the app's route and the stream service (`api.streams`), both backends."""
from __future__ import annotations

import http.client
import json

import pytest

from tests.helpers import PLAYERS, bearer, create, write_headers
from tests.streams.test_stream_service import SOON, streams  # noqa: F401 - the stream service fixture
from tests.web.test_events import FAST, Reader

GERMAN = " setzt einen Arbeiter vom Typ "  # TURN-01: a worker placed, in German
ENGLISH = " places a type "


def _moved(client):
    """An Asian Tigers game with one worker placed (TURN-01); (game, the move's English lines)."""
    game = create(client, "asian_tigers", PLAYERS)
    held = client.get(f"/api/games/{game.id}", headers=bearer(game.token)).get_json()
    resp = client.post(f"{game.url}/actions", json={"action": held["legal_actions"][0]},
                       headers=write_headers(game, held["version"]))
    assert resp.status_code == 200
    return game, resp.get_json()["applied"][0]["lines"]


def _stream(client, game, query="", **headers):
    resp = client.get(f"{game.url}/events{query}", headers={**bearer(game.token), **headers}, buffered=False)
    assert resp.status_code == 200
    return resp, Reader(resp)


@pytest.mark.parametrize("query, headers, said", [
    ("?lang=de", {}, "de"),
    ("?lang=de-AT", {}, "de"),  # a region: its language, as Accept-Language matches it
    ("?lang=xx,pt;q=0.5", {}, "pt"),  # a list with weights, as an Accept-Language value
    ("?lang=xx", {"Accept-Language": "de"}, "en"),  # ?lang= decides; nothing it names is spoken: English
    ("", {"Accept-Language": "pt-BR"}, "pt"),  # a client that can send the header (the phone's fetch)
    ("", {}, "en"),
])
def test_the_streams_lines_in_the_language_asked(make_app, query, headers, said):
    app = make_app(**FAST)
    client = app.test_client()
    game, english = _moved(client)
    resp, reader = _stream(client, game, query + ("&" if query else "?") + "last_event_id=1-0", **headers)
    assert resp.headers["Content-Language"] == said
    [entry] = reader.next_event()["data"]["entries"]  # the move missed since version 1
    assert all("message" not in e for e in entry["events"])
    if said == "en":
        assert entry["lines"] == english == [e["text"] for e in entry["events"]]  # the stored English
    else:
        log = client.get(f"{game.url}/log", headers={**bearer(game.token), "Accept-Language": said}).get_json()
        assert entry["lines"] == log["entries"][0]["lines"] != english  # the log endpoint's words
        assert (GERMAN in entry["lines"][0]) == (said == "de") and ENGLISH not in entry["lines"][0]
    reader.finish(app)


def test_a_move_reaches_a_german_stream_in_german(make_app):
    app = make_app(**FAST)
    client = app.test_client()
    game, _ = _moved(client)
    resp, reader = _stream(client, game, "?lang=de")
    assert reader.next_event()["data"]["entries"] == []  # the first event: the version only
    held = client.get(f"/api/games/{game.id}", headers=bearer(game.token)).get_json()
    moved = client.post(f"{game.url}/actions", json={"action": held["legal_actions"][0]},
                        headers={**write_headers(game, held["version"]), "Accept-Language": "de"})
    [entry] = reader.next_event(timeout=10)["data"]["entries"]
    assert entry["lines"] == moved.get_json()["applied"][0]["lines"]  # as the German move's answer said them
    reader.finish(app)


def _service_event(port: int, game, query: str):
    """The first ``version`` event of the stream service's stream, and the answer's Content-Language."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=SOON * 2)
    conn.request("GET", f"/api/games/{game.id}/events{query}", headers={"Authorization": f"Bearer {game.token}"})
    resp = conn.getresponse()
    assert resp.status == 200
    block: dict = {}
    while block.get("event") != "version":
        block = {}
        while (line := resp.readline().decode().rstrip("\n")) != "":
            field, _, value = line.partition(":")
            block[field] = value[1:] if value.startswith(" ") else value
    language = resp.getheader("Content-Language")
    conn.close()
    return json.loads(block["data"]), language


def test_the_stream_service_says_the_lines_in_the_language_asked(streams, make_app):  # noqa: F811
    port, _app = streams
    client = make_app().test_client()
    game, english = _moved(client)
    german, said = _service_event(port, game, "?lang=de-CH&last_event_id=1-0")
    assert said == "de" and GERMAN in german["entries"][0]["lines"][0]
    plain, said = _service_event(port, game, "?last_event_id=1-0")
    assert said == "en" and plain["entries"][0]["lines"] == english
