"""Benchmark: the issue-12 presentation layer on random legal play, one core (CPU time).

Measures:
  * random games per second, plain and with every option described (label, cost, payoff) —
    what tests/games/asian_tigers/presentation/ does for 200 games;
  * the full `view` (choices, why_not, board_model …) in milliseconds, mean and worst;
  * a move's answer as the web layer renders it (issue 18): the new state's sections and the patch
    from the previous state's, when this worker rendered the previous state (its sections at hand)
    and when another worker did (the previous state's sections keyed again, changed ones found in
    this worker's memo or rendered) — against the whole view rendered twice and diffed.
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
    """CPU ms per move of the answer's rendering: sectioned (same / other worker) and whole views diffed."""
    from api.games.asian_tigers.view import view_sections
    from api.games.sections import SectionMemo
    from api.web.patch import diff, diff_sections
    from api.web.views import HOISTED, SKIPPED

    pairs = []  # (previous state, state) of every move
    for seed in range(games):
        state = new_game({"players": [{"color": c} for c in COLORS[:2 + seed % 3]]}, edition, seed)
        rng = random.Random(seed)
        while not is_over(state):
            new = apply(state, rng.choice(legal_actions(state))).state
            pairs.append((state, new))
            state = new

    def sent(state, memo):
        sections = view_sections(state, memo)
        for s in sections:  # the hoisted parts the answer carries beside the patch
            if s.path[0] in HOISTED:
                _ = s.value
        return [s for s in sections if s.path[0] not in SKIPPED]

    def sectioned(other_worker: bool) -> float:
        memo, t0 = SectionMemo(), time.process_time()
        held = None
        for old, new in pairs:
            before = held if held is not None and held[0] is old and not other_worker else (old, sent(old, memo))
            held = (new, sent(new, memo))
            diff_sections(before[1], held[1], None)
        return 1000 * (time.process_time() - t0) / len(pairs)

    def whole() -> float:
        t0 = time.process_time()
        held = None
        for old, new in pairs:
            before = held if held is not None and held[0] is old else (old, {k: v for k, v in view(old).items()
                                                                              if k not in SKIPPED})
            held = (new, {k: v for k, v in view(new).items() if k not in SKIPPED})
            diff(before[1], held[1])
        return 1000 * (time.process_time() - t0) / len(pairs)

    same, other, full = (min(f() for _ in range(3)) for f in (lambda: sectioned(False), lambda: sectioned(True), whole))
    print(f"move answer over {len(pairs)} moves: sectioned {same:.2f} ms (same worker), {other:.2f} ms (other worker); "
          f"whole views diffed {full:.2f} ms (same worker; another adds a view)")


if __name__ == "__main__":
    main()
