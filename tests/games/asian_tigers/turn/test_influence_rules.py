"""Influence tracks: only special flags lower them (INFL-02); final rank on them pays prosperity (INFL-03)."""
import random

from api.games.asian_tigers import apply, legal_actions, outcome
from tests.games.asian_tigers.builders import game


def test_infl_02_influence_only_goes_down_when_a_special_flag_is_accepted():
    # INFL-02 / MGMT1-05: across whole random games, every drop comes with a special_flag_accepted event
    for seed, count in ((3, 2), (4, 3), (5, 4)):
        state, rng = game(count, seed=seed), random.Random(seed)
        drops_seen = 0
        while legal_actions(state):
            before = {p.id: dict(p.influence) for p in state.players}
            step = apply(state, rng.choice(legal_actions(state)))
            accepted = {(e["participant"], e["tiger"]) for e in step.events if e["kind"] == "special_flag_accepted"}
            for player in step.state.players:
                for tiger, value in player.influence.items():
                    if value < before[player.id][tiger]:
                        assert (player.id, tiger) in accepted, (seed, player.id, tiger)
                        drops_seen += 1
            state = step.state
        assert outcome(state) is not None


def test_infl_03_final_influence_rank_decides_prosperity_per_tiger():
    # INFL-03 / MGMT2-04: on each Tiger the prosperity token pays by rank on the final influence
    state, rng = game(3, seed=11), random.Random(11)
    while legal_actions(state):
        state = apply(state, rng.choice(legal_actions(state))).state
    result = outcome(state)
    for tiger, step in result["prosperity_from_influence"].items():
        final = result["influence_step"][tiger]["influence_after"]
        ranked = step["ranking"]
        assert all(final[a] >= final[b] for a, b in zip(ranked, ranked[1:]))
        ranks = state.edition.prosperity_tokens[step["token"]]["by_player_count"]["3"]["ranks"]
        assert [step["points"][p] for p in ranked] == list(ranks[:len(ranked)])
