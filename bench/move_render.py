"""Benchmark: a move answer's view patch without the parts new with every move (one core, CPU time).

    python bench/move_render.py [--games 12] [--rounds 5] [--root /other/checkout] [--profile]

Plays random 4-player games (as `bench/move_profile.py`), then times what the web layer does per
move for the board: the previous state's sections as this worker rendered them for the previous
move (their keys worked out then), the new state's sections, and `diff_sections` between them —
leaving out the "whole" sections (``choices``, ``why_not``, ``legal_actions``: rendered whole with
every move, measured by `bench/presentation.py`).  One memo serves every move, as a worker's does.
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
    from api.games.asian_tigers import apply, is_over, legal_actions, load_edition, new_game
    from api.games.asian_tigers.view import view_sections
    from api.games.sections import SectionMemo
    from api.web.patch import diff_sections
    from api.web.views import SKIPPED

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

    def sent(state, memo):
        return [s for s in view_sections(state, memo) if s.path[0] not in SKIPPED and not s.whole]

    def one_round() -> float:
        memo = SectionMemo()
        t0 = time.process_time()
        for states in games:
            held = sent(states[0], memo)
            for state in states[1:]:
                new = sent(state, memo)
                diff_sections(held, new, None)
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
