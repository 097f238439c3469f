"""Replay every stored game from its start and compare with what is stored."""
from __future__ import annotations

from dataclasses import dataclass, field

from api.storage.engines import state_hash
from api.storage.jsonio import digest_hex, loads
from api.storage.repository import GameRepository
from api.storage.snapshots import decode_state


@dataclass
class Verdict:
    """The result of replaying one game."""

    game_id: str
    actions: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when the replay matched every stored hash."""
        return not self.problems


def verify_game(repo: GameRepository, game_id: str) -> Verdict:
    """Rebuild `game_id` from options, seed and live actions; list every divergence."""
    verdict = Verdict(game_id)
    record = repo.record(game_id)
    try:
        engine = repo.engine(record.kind)
        _, edition = repo.edition_document(game_id)
        state = engine.new_game(record.options, edition, record.seed)
    except Exception as exc:  # report, never stop the whole check
        verdict.problems.append(f"cannot start replay: {type(exc).__name__}: {exc}")
        return verdict
    # Every snapshot a load may start from must be the replay at its seq, in content and in hash.
    snapshots = {seq: (data, digest) for seq, data, digest in repo.db.conn.execute(
        "SELECT seq, state, state_hash FROM snapshots WHERE game_id = ?", (game_id,)).fetchall()}
    if 0 not in snapshots:
        verdict.problems.append("no snapshot at seq 0")
    _check_snapshot(verdict, engine, snapshots, 0, state_hash(engine.state_to_dict(state)))
    rows = repo.db.conn.execute(
        "SELECT seq, payload, state_hash FROM actions WHERE game_id = ? AND reverted = 0 ORDER BY seq",
        (game_id,)).fetchall()
    for seq, payload, stored_hash in rows:
        stored = digest_hex(stored_hash)
        try:
            state, _ = engine.apply(state, loads(payload))
        except Exception as exc:
            verdict.problems.append(f"seq {seq}: the engine now refuses this action: {exc}")
            return verdict
        verdict.actions += 1
        h = state_hash(engine.state_to_dict(state))
        if h != stored:
            verdict.problems.append(f"seq {seq}: state differs (stored {stored[:12]}, replay {h[:12]})")
            return verdict
        _check_snapshot(verdict, engine, snapshots, seq, h)
    return verdict


def _check_snapshot(verdict: Verdict, engine, snapshots: dict, seq: int, replayed: str) -> None:
    if seq not in snapshots:
        return
    data, stored = snapshots[seq]
    digest = digest_hex(stored)
    content = state_hash(decode_state(data))
    if digest != replayed or content != replayed:
        verdict.problems.append(f"snapshot at seq {seq} differs from replay (stored {digest[:12]}, "
                                f"content {content[:12]}, replay {replayed[:12]})")


def verify_all(repo: GameRepository) -> list[Verdict]:
    """`verify_game` for every stored game."""
    return [verify_game(repo, gid) for gid in repo.game_ids()]
