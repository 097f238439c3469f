"""Property tests over random Era I games with bonuses (CASCADE-01..04, PERF-01, AMB-16, AMB-37).

Random legal play, preferring to resolve bonuses, from either the normal start or
a "bonus-rich" start (one generic per sector, more energy and goods, a special flag)
so that every kind of bonus and token comes up.  After every step:

* conservation: goods (supply + held + on local markets = 10 per type), parts
  factories, nation and special flags, workers, each player's 24 generics and 6
  factories (player board + built + removed), satellites and headquarters;
* nothing negative, funds within 0..10, performance tokens only ever leave;
* variants of the bonus answers are judged like the option lists say (listed ones
  apply, unlisted ones are refused and leave the state untouched);
* a saved and reloaded state offers the same actions.
"""
from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api.games.asian_tigers import RulesError, apply, legal_actions, load_edition, new_game, state_from_dict, \
    state_to_dict
from tests.games.asian_tigers.builders.bonus import bounds, totals

EDITION = load_edition()
COLORS = ["red", "blue", "green", "yellow"]
BONUS_ANSWERS = ("resolve_bonus", "take_region_bonus", "run_factory", "ignore_bonus")
TIGERS = list(EDITION.tigers)
POOLS = {
    "tiger": TIGERS + ["XX", None],
    "tigers": [["SK"], ["TW"], ["SK", "TW"], ["HK", "SG"], ["HK"], ["SK", "SK"], [], ["XX"]],
    "space": [s for t in EDITION.tigers.values() for s in list(t.spaces) + list(t.satellite_spaces)] + ["SK.ZZ", None],
    "satellite": [s for t in EDITION.tigers.values() for s in t.satellite_spaces] + ["SK.F2"],
    "sector": list(EDITION.sectors) + ["S99"],
    "token": list(EDITION.dollar_tokens) + list(EDITION.yen_tokens) + ["Z1"],
    "special_flag": TIGERS + ["XX"],
    "row": list(EDITION.rows) + ["Z9"],
    "nation": list(EDITION.nations) + ["ZZZ"],
    "goods": [["Automobiles", "Electronics"], ["Finance", "Machinery"], ["Ships", "Chemicals"], ["Finance"],
              ["Finance", "Ships", "Chemicals"], []],
    "good": list(EDITION.goods) + ["Gold"],
    "bonus": [0, 1, 2, 3, 5, 8, 999],
}
EXTRA_FIELDS = [("tiger", "SK"), ("space", "SK.SF"), ("token", "Y1"), ("sector", "S1"), ("good", "Finance")]


def _start(player_count: int, seed: int, rich: bool):
    state = new_game({"players": [{"color": c} for c in COLORS[:player_count]]}, EDITION, seed)
    if not rich:
        return state
    data = state_to_dict(state)
    for index, player in enumerate(data["players"]):
        for sector in player["sectors"].values():
            sector["generic"] = min(sector["generic"], 1)
        player["energy"], player["science"] = 10, 5
        for good in EDITION.goods:  # from the supply, so the goods stay conserved
            if data["supply_goods"][good] > 0:
                data["supply_goods"][good] -= 1
                player["goods"][good] += 1
        # A special flag already in Era I, so the ¥ token that relocates one comes up.
        player["special_flags"].append(data["special_flags_available"].pop(0))
    return state_from_dict(data, EDITION)


def _strip(action: dict) -> dict:
    """The action without its decision id, its lists read as sets (TRADE-04/05, PERF-03: sets are sets)."""
    return {k: sorted(v) if isinstance(v, list) else v for k, v in action.items() if k != "decision"}


def _variant(rng: random.Random, action: dict) -> dict:
    variant = _strip(action)
    # Only the bonus module's own answers refuse unexpected fields; ignore_bonus belongs to turns.py.
    if action["kind"] != "ignore_bonus" and rng.random() < 0.2:
        name, value = rng.choice(EXTRA_FIELDS)
        if name not in variant:
            variant[name] = value
            return variant
    field = rng.choice([k for k in variant if k != "kind"] or ["kind"])
    variant[field] = rng.choice(POOLS.get(field, [None]))
    return variant


def _judge_variants(rng: random.Random, state, legal: list[dict]) -> None:
    listed = [_strip(a) for a in legal]
    candidates = [a for a in legal if a["kind"] in BONUS_ANSWERS]
    for action in rng.sample(candidates, min(3, len(candidates))):
        variant = _variant(rng, action)
        before = state_to_dict(state)
        if _strip(variant) in listed:
            apply(state, variant)
        else:
            try:
                apply(state, variant)
            except RulesError as error:
                assert error.code and error.message
            else:
                raise AssertionError(f"unlisted action accepted: {variant}")
        assert state_to_dict(state) == before


def _pick(rng: random.Random, legal: list[dict]) -> dict:
    """Mostly resolve something: a bonus (then a token) drawn evenly, so rare tokens come up too."""
    groups: dict[tuple, list[dict]] = {}
    for action in legal:
        if action["kind"] in ("resolve_bonus", "take_region_bonus", "run_factory"):
            groups.setdefault((action["kind"], action.get("bonus"), action.get("token")), []).append(action)
    if groups and rng.random() < 0.85:
        return rng.choice(groups[rng.choice(sorted(groups, key=str))])
    return rng.choice(legal)


def _conserved(state) -> dict:
    counts = totals(state)
    counts.pop("performance_tokens")
    counts["special_flags"] = len(state.special_flags_available) + sum(
        len(p.special_flags) + sum(1 for f in p.rows.values() if f.startswith("special:")) for p in state.players)
    return counts


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(player_count=st.integers(2, 4), seed=st.integers(0, 10_000), rich=st.booleans())
def test_bonus_random_era_one_conserves_every_component(player_count, seed, rich):
    # CASCADE-01..04 / PERF-01 / FUNDS-01 / AMB-16 / AMB-37
    state = _start(player_count, seed, rich)
    base = _conserved(state)
    tokens = list(state.performance_tokens)
    rng = random.Random(seed)
    while state.phase == "turns":
        legal = legal_actions(state)
        assert legal
        _judge_variants(rng, state, legal)
        if rng.random() < 0.15:
            twin = state_from_dict(state_to_dict(state), EDITION)
            assert legal_actions(twin) == legal
        step = apply(state, _pick(rng, legal))
        assert all(isinstance(e.get("text"), str) and e["text"] for e in step.events)
        state = step.state
        assert bounds(state) == []
        if state.phase != "turns" or state.era != 1:
            break  # the last step also ran the Era I management phase (special flags, markets cleared)
        assert _conserved(state) == base
        assert set(state.performance_tokens) <= set(tokens)
        tokens = list(state.performance_tokens)
    assert state.phase != "turns" or state.era == 2
