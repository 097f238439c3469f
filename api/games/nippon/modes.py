"""The three ways into the Nippon scorer, chosen by the input's ``mode``.

* ``detailed`` (the default, the original format): the board at each of the three
  scorings and each player's VP gained in play (`api.games.nippon.inputs`).
* ``end_only``: the VP track and the achievement spaces as they lie at the end, the
  boards optional (`api.games.nippon.end_only`).
* ``live``: the changes before each scoring, scored as the game goes, with a
  running table (`api.games.nippon.live`).
"""
from __future__ import annotations

import os
from typing import Mapping

from api.games.field_problems import all_problems
from api.games.nippon.data import NipponData, load_nippon_data
from api.games.nippon.end_only import score_end_only
from api.games.nippon.live import score_live
from api.games.nippon.scoring import score_detailed
from api.games.scorekit import PlaceholderLog, ScoringInputError, name_the_field


def score(end_state: dict, data: NipponData | str | os.PathLike | Mapping | None = None) -> dict:
    """Score a game of Nippon in any of the three modes (see the module docstring).

    `data` is a loaded `NipponData`, or a path / dict / None handed to `load_nippon_data`.
    Raises `ScoringInputError` for impossible input and `EditionError` for a bad data file.
    """
    data = data if isinstance(data, NipponData) else load_nippon_data(data)
    try:  # every field problem at once (field_problems.py)
        return all_problems(_score_mode, end_state, data, errors=(ScoringInputError,))
    except ScoringInputError as error:
        raise name_the_field(error, end_state) from None


def _score_mode(end_state: dict, data: NipponData) -> dict:
    mode = end_state.get("mode") if isinstance(end_state, dict) else None
    if mode == "end_only":
        return score_end_only(end_state, data, PlaceholderLog(data.values))
    if mode == "live":
        return score_live(end_state, data, PlaceholderLog(data.values))
    result = score_detailed(end_state, data)
    result["mode"] = "detailed"
    return result
