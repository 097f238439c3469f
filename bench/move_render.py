"""Benchmark: a move answer's view patch (one core, CPU time).

    python bench/move_render.py [--games 12] [--rounds 5] [--root /other/checkout] [--profile]

Plays random 4-player games (as `bench/move_profile.py`), then times what the web layer does per
move for the board when this worker served the previous move: the new state's whole view, and
`diff` from the previous view (kept from the previous move) to it.
Prints the best round's CPU µs per move.  Figures are for notes, never asserted in tests.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--root", default=str(Path(__file__).resolve().parents[1]))
    parser.add_argument("--profile", action="store_true", help="a cProfile of one round")
    args = parser.parse_args()
    sys.path.insert(0, str(Path(args.root).resolve()))
    from api.games.asian_tigers import apply, is_over, legal_actions, load_edition, new_game, view
    from api.games.envelope import split_view
    from api.web.patch import diff

    edition = load_edition()
    players = [{"name": n, "color": c} for n, c in (("Ann", "red"), ("Bo", "blue"), ("Cy", "green"), ("Di", "yellow"))]
    games = []
    for seed in range(args.games):
        state, rng, states = new_game({"players": players}, edition, seed), random.Random(seed), []
        while True:
            states.append(state)
            if is_over(state):
                break
            state = apply(state, rng.choice(legal_actions(state))).state
        games.append(states)
    moves = sum(len(s) - 1 for s in games)

    def board(state) -> dict:
        return split_view(view(state), is_over(state))[1]

    def one_round() -> float:
        t0 = time.process_time()
        for states in games:
            held = board(states[0])
            for state in states[1:]:
                new = board(state)
                diff(held, new)
                held = new
        return (time.process_time() - t0) / moves

    if args.profile:
        import cProfile
        import pstats

        profile = cProfile.Profile(time.process_time)
        profile.runcall(one_round)
        pstats.Stats(profile).sort_stats("tottime").print_stats(30)
    rounds = [one_round() for _ in range(args.rounds)]
    print(f"served from {args.root}: {moves} moves, best {1e6 * min(rounds):.0f} µs per move "
          f"(rounds {', '.join(f'{1e6 * r:.0f}' for r in rounds)})")


if __name__ == "__main__":
    main()
