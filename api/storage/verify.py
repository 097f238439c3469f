"""Replay every stored game from its start and compare with what is stored."""
from __future__ import annotations

import json
from dataclasses import dataclass, field

from api.storage.engines import state_hash
from api.storage.repository import GameRepository


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
    stored0 = repo.db.conn.execute(
        "SELECT state_hash FROM snapshots WHERE game_id = ? AND seq = 0", (game_id,)).fetchone()
    h = state_hash(engine.state_to_dict(state))
    if stored0 and stored0[0] != h:
        verdict.problems.append(f"initial state differs (stored {stored0[0][:12]}, replay {h[:12]})")
    rows = repo.db.conn.execute(
        "SELECT seq, payload, state_hash FROM actions WHERE game_id = ? AND reverted = 0 ORDER BY seq",
        (game_id,)).fetchall()
    for seq, payload, stored in rows:
        try:
            state, _ = engine.apply(state, json.loads(payload))
        except Exception as exc:
            verdict.problems.append(f"seq {seq}: the engine now refuses this action: {exc}")
            return verdict
        verdict.actions += 1
        h = state_hash(engine.state_to_dict(state))
        if h != stored:
            verdict.problems.append(f"seq {seq}: state differs (stored {stored[:12]}, replay {h[:12]})")
            return verdict
    head = repo.db.conn.execute(
        "SELECT state_hash FROM snapshots WHERE game_id = ? AND seq = ?", (game_id, record.tail_seq)).fetchone()
    if head is None:
        verdict.problems.append(f"no snapshot at the head (seq {record.tail_seq})")
    elif head[0] != h:
        verdict.problems.append(f"head snapshot differs from replay (stored {head[0][:12]}, replay {h[:12]})")
    return verdict


def verify_all(repo: GameRepository) -> list[Verdict]:
    """`verify_game` for every stored game."""
    return [verify_game(repo, gid) for gid in repo.game_ids()]
