"""Instructions per recorded move, counted by callgrind: repeatable on a busy machine, unlike time.

    python bench/move_instructions.py                 # this checkout
    python bench/move_instructions.py --root /tmp/old # another checkout (before/after figures)

Plays the same seeded random 4-player games through the Flask test client (four tables, the
way `bench/move_profile.py` plays them: If-Match, Idempotency-Key, Chrome's Accept-Encoding) under
``valgrind --tool=callgrind`` twice, 40 and 240 timed moves after the same warm-up, and prints
the difference per move, so start-up and warm-up cancel out.  A native run first writes the
``.pyc`` files (a first run's compiling would be counted); ``PYTHONHASHSEED`` is fixed.  Repeat
runs of the same code still differ by up to ~0.1-0.2 M (the garbage collector runs at other moments).  Needs
valgrind (Debian's `valgrind`); takes ~3-5 minutes.
"""
from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

WARMUP, SHORT, LONG = 15, 40, 240


def play(root: str, moves: int) -> None:
    """In this process: warm four tables up, then play `moves` more moves (round robin)."""
    sys.path.insert(0, root)
    sys.path.insert(0, str(Path(root) / "bench"))
    os.environ["TABLEKEEPER_DATABASE"] = os.path.join(tempfile.mkdtemp(prefix="move-instr-"), "t.db")
    import move_profile
    from api import create_app

    client = create_app().test_client()
    players = [move_profile.Player([(client, None)], seed) for seed in range(4)]
    for player in players:
        for _ in range(WARMUP):
            player.move()
    import gc

    gc.freeze()  # as a gunicorn worker after its warm-up (gunicorn.conf.py)
    for _ in range(moves // len(players)):
        for player in players:
            player.move()
    print("moves done", sum(p.moves for p in players))


def counted(root: str, moves: int, env: dict) -> int:
    """Instructions of a whole run of `moves` moves under callgrind."""
    out = tempfile.mktemp(prefix="callgrind-")
    proc = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, __file__,
                           "--play", str(moves), "--root", root], capture_output=True, text=True, env=env)
    if os.path.exists(out):
        os.unlink(out)
    found = re.search(r"Collected : (\d+)", proc.stderr)
    if found is None or f"moves done {moves + 4 * WARMUP}" not in proc.stdout:
        raise SystemExit(f"the run under callgrind failed:\n{proc.stdout[-1000:]}\n{proc.stderr[-2000:]}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", default=str(Path(__file__).resolve().parents[1]), help="checkout whose `api` is played")
    parser.add_argument("--play", type=int, help=argparse.SUPPRESS)  # the child run
    args = parser.parse_args()
    root = str(Path(args.root).resolve())
    if args.play is not None:
        return play(root, args.play)
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    subprocess.run([sys.executable, __file__, "--play", "8", "--root", root], env=env, check=True, capture_output=True)
    short, long = counted(root, SHORT, env), counted(root, LONG, env)
    print(f"{root}: {(long - short) / (LONG - SHORT) / 1e6:.3f} M instructions per move "
          f"({LONG - SHORT} moves; runs {short / 1e9:.3f} / {long / 1e9:.3f} G)")


if __name__ == "__main__":
    main()
