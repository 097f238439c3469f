"""The phone's offline engine says the game view as the server does (issue 37): the same renderer fed the
same messages, with the phone's JSON catalogue instead of Babel's compiled one."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from api.games.asian_tigers import view
from api.games.asian_tigers.view import PLAIN
from api.games.messages import Message, say
from api.i18n import language
from api.offline import language as phone
from api.offline import table as local
from tests.games.asian_tigers.builders import random_walk

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = [{"name": "Ann", "color": "red"}, {"name": "Bo", "color": "blue"}, {"name": "Cy", "color": "green"}]


NAMES = re.compile(r"{(\w+)")
with (ROOT / "api" / "i18n" / "locale" / "messages.pot").open("rb") as pot:
    PLURALS = [m.id for m in read_po(pot) if isinstance(m.id, tuple)]


def phone_catalogue(lang: str) -> dict:
    return json.loads((ROOT / "pwa" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))


def _messages_in(tree):
    if isinstance(tree, Message):
        yield tree
    elif isinstance(tree, dict):
        for value in tree.values():
            yield from _messages_in(value)
    elif isinstance(tree, (list, tuple)):
        for value in tree:
            yield from _messages_in(value)


@pytest.fixture
def speaks():
    """Set the offline engine's language as the worker does; English again afterwards."""
    def set_to(lang: str) -> None:
        local.set_language_json(lang, json.dumps(phone_catalogue(lang)) if lang != "en" else "{}")
    yield set_to
    set_to("en")


@pytest.mark.parametrize("lang", ["de", "pt", "fr"])
def test_seeded_games_read_the_same_offline_as_on_the_server(lang):
    server, offline = language(lang), phone.catalogue_language(lang, phone_catalogue(lang))
    seen = 0
    for state in random_walk({"players": PLAYERS}, range(3), 40):
        messages = view(state, None)
        assert not list(_messages_in({key: messages[key] for key in PLAIN}))  # `say` skips these parts
        said = say(messages, server)
        assert said == say(messages, offline)
        seen += said != say(messages)  # not English: something was translated
    assert seen >= 100


def test_the_offline_table_answers_in_the_phones_language(speaks):
    answer = json.loads(local.open_json(json.dumps({"game_id": "g-de", "edition": None, "options": {"players": PLAYERS},
                                                    "seed": 5, "actions": [], "meta": {"version": 1}})))
    who = answer["view"]["view"]["players"][int(answer["view"]["current_seat"])]["name"]
    assert answer["view"]["view"]["prompt"] == f"{who}: place your next worker"  # TURN-01
    speaks("de")
    opened = json.loads(local.view_json("g-de", json.dumps({"version": 1})))["view"]
    assert opened["view"]["prompt"] == f"{who}: setze deinen nächsten Arbeiter ein"
    speaks("pt")
    action = json.dumps(opened["legal_actions"][0])
    after = json.loads(local.apply_json("g-de", action, json.dumps({"version": 2})))["view"]
    assert after["view"]["prompt"] == view(local.TABLES["g-de"].state, language("pt"))["prompt"]  # names too
    assert after["view"]["prompt"] != say(view(local.TABLES["g-de"].state, None))["prompt"]


def test_the_phones_plurals_lists_and_ordinals_are_the_servers():
    from api.games.messages import and_list, msg, msg_n, ordinal
    for lang in ("de", "pt", "es", "fr", "it"):
        offline = phone.catalogue_language(lang, phone_catalogue(lang))
        for one, many in PLURALS:  # every plural of the catalogue, at the counts where languages differ
            if ":f}" in str(offline.gettext(one)) + json.dumps(phone_catalogue(lang).get(one)):
                continue  # an ordinal's feminine form: its value is an ordinal, checked below
            for n in (0, 1, 2, 5):
                params = {name: n for name in NAMES.findall(one + many)} or {"count": n}
                value = msg_n(one, many, next(iter(params)), **params)
                assert say(value, offline) == say(value, language(lang)), (lang, one, n)
        value = msg_n("{n} thing not in a catalogue", "{n} things not in a catalogue", "n", n=0)
        assert say(value, offline) == say(value, language(lang)) == "0 things not in a catalogue"  # English
        for items in (["Ann"], ["Ann", "Bo"], ["Ann", "Bo", "Cy"]):
            line = msg("{who} tie for {place}", who=and_list(items), place=ordinal(2))
            assert say(line, offline) == say(line, language(lang))
