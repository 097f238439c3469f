"""The effect sentences inside option labels and details are said in the reader's language (issue 37):
`effect_text`, `bonus_label`, `row_label` and `row_name` build messages (their `render` is `labels.keep` in
the view's options), and English reads as it did."""
from __future__ import annotations

import pytest

from api.games.asian_tigers import load_edition, view
from api.games.asian_tigers.presentation import labels as L
from api.games.asian_tigers.presentation.document import edition_labels_in
from api.games.asian_tigers.turn import bonuses as B
from api.games.messages import ENGLISH, render
from api.i18n import language, render as render_in
from tests.games.asian_tigers.builders import game, random_walk, rejects

# The answers' language: no api/storage line or branch PostgreSQL reaches here that other files miss (docs/testing.md)
BACKENDS = ("sqlite",)

PLAYERS = [{"name": "Ann", "color": "red"}, {"name": "Bo", "color": "blue"}, {"name": "Cy", "color": "green"}]


def _sentences(edition) -> list:
    """Every effect sentence a view may say, as messages, longest English first (a sentence may hold another)."""
    said = [L.effect_text(edition, space.bonus, L.keep) for tiger in edition.tigers.values()
            for space in tiger.spaces.values() if space.bonus is not None]
    said += [L.bonus_label(edition, bonus, table, L.keep) for table in L.BONUS_TABLES
             for bonus in edition.catalog.get(table, {})]
    said += [L.row_label(edition, row, L.keep) for row in edition.rows] + [L.row_name(edition, row, L.keep)
                                                                           for row in edition.rows]
    # "+2 science" alone is also how an option's gains are counted (not an effect sentence): left out
    return sorted((m for m in said if len(str(m).split()) > 2), key=lambda m: -len(str(m)))


def _texts(said: dict) -> list[str]:
    # a build says its space's words and its sector's apart, without the whole detail (issue 30)
    return [f"{choice['label']} || " + " — ".join(choice.get(k) or "" for k in ("detail", "space_detail", "sector_detail"))
            for choice in said.get("choices") or []]


@pytest.mark.parametrize("lang", ["de", "pt"])
def test_option_effect_sentences_are_said_in_the_language(lang):
    sentences, reader, checked = None, language(lang), set()
    for state in random_walk({"players": PLAYERS}, range(2), 60):
        sentences = sentences or _sentences(state.edition)
        reader_named = L.in_language(state.edition, reader)
        english, local = _texts(view(state, ENGLISH)), _texts(view(state, reader))
        assert len(english) == len(local)
        for en, there in zip(english, local):
            rest = en
            for sentence in sentences:
                if str(sentence) not in rest:
                    continue
                rest = rest.replace(str(sentence), "")
                translated = render(sentence, reader_named)
                assert translated != str(sentence), (lang, str(sentence))  # the catalogue has it
                assert translated in there and str(sentence) not in there, (lang, str(sentence), there)
                checked.add(str(sentence))
    assert checked, "the walk met no option with an effect sentence"


def test_german_and_portuguese_effects_and_rows():
    edition = load_edition()
    de, pt = L.in_language(edition, language("de")), L.in_language(edition, language("pt"))
    space = next(s for t in edition.tigers.values() for s in t.spaces.values()
                 if s.bonus is not None and s.bonus["do"] == "advance_influence")
    amount = space.bonus["amount"]
    assert render(L.effect_text(edition, space.bonus, L.keep), de) == f"+{amount} Einfluss hier"
    assert render(L.effect_text(edition, space.bonus, L.keep), pt) == f"+{amount} de influência aqui"
    row = next(r for r, data in edition.rows.items() if data.accepts != "any")
    said = render(L.row_label(edition, row, L.keep), de)
    assert said.startswith(f"Sektor {edition.rows[row].sector} Reihe ") and "; Bonus: " in said
    for nation in edition.rows[row].accepts:  # the nations by their German names
        assert L.name_of(edition, "nations", nation, "de") in said
    # a label opens with a capital in the language too, and a sentence inside a row label does not
    bonus = "satellite_any"
    assert render(L.bonus_label(edition, bonus, "infrastructure_bonuses", L.keep), de).startswith("Ein Satellit")


def test_english_reads_as_before():
    edition = load_edition()
    # The placeholder edition's printed effects, as the labels said them before they were messages.
    assert L.bonus_label(edition, "satellite_power_plant", "infrastructure_bonuses") == (
        "A satellite in the power-plant row on any Tiger; costs 2 funds there")
    assert L.bonus_label(edition, "influence_upper_3", "infrastructure_bonuses") == (
        "+3 influence on South Korea or Taiwan, then its region bonus; costs 1 fund there")
    assert L.performance_label(edition, "D1") == "$ +2 funds on South Korea and/or Taiwan"
    assert L.row_label(edition, "A2") == "sector A row 2 (Japan or Indonesia; bonus: +3 on the global market)"
    assert L.sector_label(edition, "S1") == (
        "Electronics factory sector 1 (bonus: +5 influence on any Tiger, then its region bonus; costs 1 fund there)")
    for table in L.BONUS_TABLES:  # the message, said in English, is the text
        for bonus in edition.catalog.get(table, {}):
            assert render(L.bonus_label(edition, bonus, table, L.keep), ENGLISH) == L.bonus_label(edition, bonus, table)


@pytest.mark.parametrize("lang,words", [("de", "die Wahl einer Platzierung"), ("pt", "escolha de uma colocação")])
def test_a_refusal_names_the_awaited_decision_in_the_language(lang, words):
    # TURN-04: the game waits for a placement; the refusal says which decision in the reader's words.
    refusal = rejects(game(2), {"kind": "end_turn"}, "unexpected_action", "TURN-04")
    assert refusal.message.startswith("The game is waiting for choose placement (")  # English as before
    said = render(refusal.text, language(lang))
    assert words in said and "choose placement" not in said


@pytest.mark.parametrize("lang,words", [("de", "die Wahl einer Platzierung"), ("pt", "escolha de uma colocação")])
def test_a_stale_answer_names_the_current_decision_in_the_language(lang, words):
    # TURN-04: an answer to an earlier decision is refused; the refusal names the decision asked now.
    state = game(2)
    refusal = rejects(state, {"kind": "end_turn", "decision": -1}, "stale_decision", "TURN-04")
    assert refusal.message.endswith("(choose placement)")  # English as before
    said = render(refusal.text, language(lang))
    assert words in said and "choose placement" not in said


def _a_pending_bonus():
    """A state of a seeded game that asks for its pending bonuses, and one of them."""
    for state in random_walk({"players": PLAYERS}, range(6), 120):
        if state.pending_bonuses and state.decisions and state.decisions[-1]["kind"] == "choose_bonus":
            pending = next(b for b in state.pending_bonuses if b["seat"] == state.decisions[-1]["seat"])
            return state, pending
    raise AssertionError("the walk met no pending bonus")


@pytest.mark.parametrize("lang", ["de", "pt"])
def test_a_bonus_refusal_names_the_bonus_in_the_language(lang):
    # A malformed bonus answer (an unexpected field) names the bonus: its code word is a message.
    state, pending = _a_pending_bonus()
    refusal = rejects(state, {"kind": "resolve_bonus", "bonus": pending["id"], "colour": "red"}, "unexpected_field")
    english = pending["bonus"].replace("_", " ")
    assert refusal.message.startswith(f"The {english} bonus (")  # English as before: the code in words
    said = render(refusal.text, language(lang))
    assert render(B.bonus_name(pending["bonus"]), language(lang)) in said and f"“{english}”" not in said
    assert english not in said or english == render(B.bonus_name(pending["bonus"]), language(lang))


def test_every_bonus_of_the_players_has_a_translated_name():
    edition = load_edition()
    for table in ("infrastructure_bonuses", "nation_bonuses"):
        for bonus in edition.catalog[table]:
            assert str(B.bonus_name(bonus)) == bonus.replace("_", " ")  # English: the code in words
            assert render(B.bonus_name(bonus), language("de")) != bonus.replace("_", " "), bonus


@pytest.mark.parametrize("lang", ["de", "pt"])
def test_the_views_pending_bonuses_are_labelled_in_the_language(lang):
    state, _pending = _a_pending_bonus()
    english, local = view(state, ENGLISH)["pending_bonuses"], view(state, language(lang))["pending_bonuses"]
    assert [b["id"] for b in english] == [b["id"] for b in local]
    for en, there in zip(english, local):
        assert en["label"] == L.bonus_label(state.edition, en["bonus"], f"{en['type']}_bonuses")  # as before
        assert there["label"] != en["label"], there


SENTENCES = ("bonuses", "region_tokens", "performance_tokens", "rows", "sectors", "automa_tiles", "campaign_tiles",
             "automa_sectors")


@pytest.mark.parametrize("lang,korea", [("de", "Südkorea"), ("pt", "Coreia do Sul")])
def test_the_labels_documents_sentences_are_in_the_language(lang, korea):
    edition = load_edition()
    english, local = edition_labels_in(edition), edition_labels_in(edition, lang, lambda m: render_in(m, lang))
    said = []
    for family in SENTENCES:
        en_entries = english[family] if family != "bonuses" else {
            (t, b): e for t, entries in english[family].items() for b, e in entries.items()}
        here = local[family] if family != "bonuses" else {
            (t, b): e for t, entries in local[family].items() for b, e in entries.items()}
        assert en_entries.keys() == here.keys(), family
        for code, entry in en_entries.items():
            assert {k: v for k, v in here[code].items() if k != "label"} == {k: v for k, v in entry.items() if k != "label"}
            if any(c.isalpha() for c in entry["label"]):  # "+2 energy" and the like: words to say
                assert here[code]["label"] != entry["label"], (family, code, entry["label"])
            said.append(here[code]["label"])
    text = " ".join(said)
    assert korea in text and "South Korea" not in text  # the Tigers by the language's names
    for english_words in ("factory sector", "invest in", "build at least", "influence on", "trade:"):
        assert english_words not in text, english_words


def test_the_solo_labels_read_in_english_as_before():
    edition = load_edition()
    assert L.automa_tile_label(edition, "AT08") == (
        "invest in South Korea or Taiwan (the one with more investment points; tie: South Korea); +4 influence; "
        "trade: 1 flag")
    assert L.campaign_goal_label(edition, "CT5") == (
        "build the headquarters and a satellite in each row (factory, power plant, laboratory)")
    assert L.sector_label(edition, "AF3") == (
        "Automa flag sector 3 (bonus: your headquarters where the Automa has fewest investment points)")
    assert L.sector_label(edition, "S7") == "sector 7 (bonus: a parts factory on any Tiger (free))"


def test_the_calibration_components_are_titled_in_the_readers_language(client):
    # The calibration screens show the server's component table: titles and what to look at, in the language.
    made = client.post("/api/editions", json={"name": "Our box", "base": "default", "draft": True}).get_json()
    get = lambda lang: client.get(f"/api/editions/{made['edition_id']}", headers={"Accept-Language": lang})  # noqa: E731
    english, german = get("en"), get("de")
    assert german.headers["Content-Language"] == "de" and "Accept-Language" in german.headers["Vary"]
    en = {c["id"]: c for c in english.get_json()["components"]}
    de = {c["id"]: c for c in german.get_json()["components"]}
    assert en["board-SK-markets"]["title"] == "South Korea: local markets"  # English as before
    assert en["prosperity-tokens"]["look_at"].startswith("Each prosperity token (PT1 to PT5)")
    assert de["board-SK-markets"]["title"] == "Südkorea: lokale Märkte"  # the edition's German name
    assert de["prosperity-tokens"]["title"] == "Wohlstandsplättchen" and de["action-tiles"]["group"] == "Automa"
    assert en["pieces"]["group"] == "Player board" and de["pieces"]["group"] == "Spielertableau"
    for cid, comp in de.items():  # every title and sentence said, the rest as it was
        assert comp["title"] != en[cid]["title"] and comp["look_at"] != en[cid]["look_at"], cid
        said = ("title", "look_at", "group", "labels")  # the value labels: tests/i18n/test_edge_labels.py
        assert {k: v for k, v in comp.items() if k not in said} == {k: v for k, v in en[cid].items() if k not in said}
        assert set(comp.get("labels", {})) == set(en[cid].get("labels", {})), cid  # the same values, labelled
    diff = client.get(f"/api/editions/{made['edition_id']}/diff/default", headers={"Accept-Language": "de"})
    assert diff.status_code == 200 and diff.headers["Content-Language"] == "de"
