"""Benchmark: the rules engine on random legal play, one core.

Measures (CPU time of this process, so a busy machine skews it less):
  * legal-action generation + apply per second on random investment-centre turns;
  * complete random games (both eras, management, final scoring) per second.
Run by hand:  python bench/engine_turns.py [--games 30] [--players 4]
Figures go in the closing note; tests never assert timings.
"""
import argparse
import pathlib
import random
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from api.games.asian_tigers import apply, is_over, legal_actions, load_edition, new_game  # noqa: E402

COLORS = ["red", "blue", "green", "yellow"]


def play(edition, players: int, seed: int, stats: dict) -> None:
    """One random game to its end, timing legal_actions and apply separately."""
    state = new_game({"players": [{"color": c} for c in COLORS[:players]]}, edition, seed)
    rng = random.Random(seed)
    t0 = time.process_time()
    legal = legal_actions(state)  # then each step's own `legal`, as the engine listed them
    while True:
        t1 = time.process_time()
        stats["generate"] += t1 - t0
        if not legal:
            break
        action = rng.choice(legal)
        step = apply(state, action)
        state, legal = step.state, step.legal
        t2 = time.process_time()
        stats["apply"] += t2 - t1
        stats["actions"] += 1
        if action["kind"] in ("build", "place_worker") and state.era == 1:
            stats["investment_actions"] += 1
            stats["investment_time"] += t2 - t0
        t0 = t2
    assert is_over(state)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    edition = load_edition()
    stats = dict.fromkeys(("generate", "apply", "actions", "investment_actions", "investment_time"), 0)
    started = time.process_time()
    for seed in range(args.games):
        play(edition, args.players, seed, stats)
    total = time.process_time() - started
    print(f"{args.players} players, {args.games} complete random games, {stats['actions']} actions, "
          f"{total:.2f} s CPU")
    print(f"  complete games: {args.games / total:.1f} games/s")
    print(f"  legal_actions + apply: {stats['actions'] / (stats['generate'] + stats['apply']):,.0f} actions/s "
          f"(legal_actions {stats['generate'] / stats['actions'] * 1e6:.0f} µs, "
          f"apply {stats['apply'] / stats['actions'] * 1e6:.0f} µs)")
    print(f"  investment-centre actions (place/build, Era I): "
          f"{stats['investment_actions'] / stats['investment_time']:,.0f} actions/s")
    print(f"  whole random eras: {2 * args.games / total:.1f} eras/s")


if __name__ == "__main__":
    main()
