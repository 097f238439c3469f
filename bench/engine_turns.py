"""Benchmark: legal-action generation + apply per second on random investment turns.

Run by hand:  python bench/engine_turns.py [--games 40] [--players 4]
Figures go in the closing note; tests never assert timings.
"""
import argparse
import pathlib
import random
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from api.games.asian_tigers import apply, legal_actions, load_edition, new_game  # noqa: E402

COLORS = ["red", "blue", "green", "yellow"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    edition = load_edition()
    actions = generation_time = apply_time = 0.0
    eras = 0
    started = time.perf_counter()
    for seed in range(args.games):
        state = new_game({"players": [{"color": c} for c in COLORS[:args.players]]}, edition, seed)
        rng = random.Random(seed)
        while True:
            t0 = time.perf_counter()
            legal = legal_actions(state)
            t1 = time.perf_counter()
            generation_time += t1 - t0
            if not legal:
                break
            state = apply(state, rng.choice(legal)).state
            apply_time += time.perf_counter() - t1
            actions += 1
        eras += 1
    total = time.perf_counter() - started
    print(f"{args.players} players, {args.games} random Era I games, {int(actions)} actions in {total:.2f} s")
    print(f"  legal_actions + apply: {actions / (generation_time + apply_time):,.0f} actions/s "
          f"(legal_actions {generation_time / actions * 1e6:.0f} µs, apply {apply_time / actions * 1e6:.0f} µs)")
    print(f"  whole random eras: {eras / total:.1f} eras/s")


if __name__ == "__main__":
    main()
