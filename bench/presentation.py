"""Benchmark: the issue-12 presentation layer on random legal play, one core (CPU time).

Measures:
  * random games per second, plain and with every option described (label, cost, payoff) —
    what tests/games/asian_tigers/presentation/ does for 200 games;
  * the full `view` (choices, why_not, board_model …) in milliseconds, mean and worst;
  * a move's answer as the web layer renders it (issue 30): the new state's whole view and the patch
    from the previous one, when this worker rendered the previous state (its view at hand) and when
    another worker did (the previous view rendered again).
Run by hand:  python bench/presentation.py [--games 40]
Figures go in the closing note; tests never assert timings.
"""
import argparse
import pathlib
import random
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from api.games.asian_tigers import apply, is_over, legal_actions, load_edition, new_game, view  # noqa: E402
from api.games.asian_tigers.presentation.options import describe_choice  # noqa: E402

COLORS = ["red", "blue", "green", "yellow"]


def play(edition, seed: int, describe: bool, views: list | None) -> None:
    """One random game (2–4 players by seed) to its end."""
    state = new_game({"players": [{"color": c} for c in COLORS[:2 + seed % 3]]}, edition, seed)
    rng = random.Random(seed)
    while not is_over(state):
        legal = legal_actions(state)
        if describe:
            for action in legal:
                describe_choice(state, state.decisions[-1], action)
        if views is not None and rng.random() < 0.1:
            t0 = time.process_time()
            view(state)
            views.append(time.process_time() - t0)
        state = apply(state, rng.choice(legal)).state


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=40)
    args = parser.parse_args()
    edition = load_edition()
    for describe in (False, True):
        t0 = time.process_time()
        for seed in range(args.games):
            play(edition, seed, describe, None)
        spent = time.process_time() - t0
        print(f"{'described' if describe else 'plain'}: {args.games / spent:.1f} games/s")
    views: list = []
    for seed in range(max(4, args.games // 10)):
        play(edition, seed, False, views)
    print(f"view: mean {1000 * sum(views) / len(views):.1f} ms, worst {1000 * max(views):.1f} ms over {len(views)}")
    answers(edition, max(4, args.games // 10))


def answers(edition, games: int) -> None:
    """CPU ms per move of the answer's rendering: the whole views diffed (same / other worker)."""
    from api.games.envelope import split_view
    from api.web.patch import diff

    pairs = []  # (previous state, state) of every move
    for seed in range(games):
        state = new_game({"players": [{"color": c} for c in COLORS[:2 + seed % 3]]}, edition, seed)
        rng = random.Random(seed)
        while not is_over(state):
            new = apply(state, rng.choice(legal_actions(state))).state
            pairs.append((state, new))
            state = new

    def board(state) -> dict:
        return split_view(view(state), is_over(state))[1]

    def whole(other_worker: bool) -> float:
        t0 = time.process_time()
        held = None
        for old, new in pairs:
            before = held if held is not None and held[0] is old and not other_worker else (old, board(old))
            held = (new, board(new))
            diff(before[1], held[1])
        return 1000 * (time.process_time() - t0) / len(pairs)

    same, other = (min(f() for _ in range(3)) for f in (lambda: whole(False), lambda: whole(True)))
    print(f"move answer over {len(pairs)} moves: whole views diffed {same:.2f} ms (same worker), "
          f"{other:.2f} ms (other worker)")


if __name__ == "__main__":
    main()
