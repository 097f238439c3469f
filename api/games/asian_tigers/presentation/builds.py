"""What a build or a department costs and gives, in words (issue 12), in parts remembered (issue 18).

A choose_build offers one build per space in reach and sector holding a
generic piece (dozens: most entries of a view's ``choices``), a university's
additional action one department per open space and sector; the same ones
recur move after move.  Such an option is made of two parts (joined by `options`):
its space's — what the space costs and gives — and its sector's — the piece
taken and what that leaves (a factory takes its own piece: a part of its own).
`Builds` describes the options of one decision in a row: it reads the player
once, checks each space once (`building.check_space` checks the space — the
same for every sector of one decision — and only then that the sector holds a
generic piece) and reads each sector's content once; each part is remembered
by what it depends on, so a move words none it worded before.
"""
from __future__ import annotations

from api.games.asian_tigers.presentation import labels as L
from api.games.asian_tigers.presentation.summary import sector_words, shown, worded
from api.games.asian_tigers.state import GameState, PlayerState
from api.games.asian_tigers.turn import building


def sector_payoff(state: GameState, player: PlayerState, sector: str, factory: bool) -> dict:
    """What taking one piece (a generic, or the factory) out of `sector` leaves, and whether it empties it.

    Codes only: the sector's label and its bonus are in the labels document (``sectors``).
    """
    content = player.sectors[sector]
    return _sector_payoff(sector, (content["generic"], bool(content["factory"]), bool(content.get("bonus_unlocked"))),
                          factory)


def _sector_payoff(sector: str, content: tuple, factory: bool) -> dict:
    generic, factory_at_hand, unlocked = content
    generic -= 0 if factory else 1
    factory_left = factory_at_hand and not factory
    return {"id": sector, "generic_left": generic, "factory_left": factory_left,
            "empties": generic == 0 and not factory_left and not unlocked}  # IBONUS-02


def build_payoff(state: GameState, player: PlayerState, info: dict) -> tuple[dict, dict]:
    """(cost, payoff) of placing the piece `info` describes (BUILD-LAB/PWR/FAC/UNI-*), sector included."""
    cost, payoff = space_payoff(state, info)
    payoff["sector"] = sector_payoff(state, player, info["sector"], info["space"].kind == "factory")
    return cost, payoff


def space_payoff(state: GameState, info: dict) -> tuple[dict, dict]:
    """(cost, payoff) of building on the space `info` names, whichever the sector (``space``: its id)."""
    space = info["space"]
    rules = state.edition.rules
    cost, payoff = {}, {"space": space.id}
    if space.kind == "factory":
        add(cost, "energy", info.get("energy", 0))
        add(cost, "science", info.get("science", 0))
        payoff["goods"] = {space.good: rules["factory"]["production_goods"]}
        base, off = rules["factory"]["base_cost_energy"], rules["factory"]["discount_per_connected_built_power_plant"]
        if "energy" in info and info["energy"] < base and off:  # BUILD-FAC-01: say why it is cheaper (issue 33)
            plants = (base - info["energy"]) // off
            payoff["notes"] = [f"energy {base} less {off} for {'each of the ' + str(plants) if plants > 1 else 'the'} "
                               f"power plant{'s' if plants > 1 else ''} built beside it (any owner's)"]
    elif space.kind == "laboratory":
        payoff["science"] = rules["laboratory"]["science_gain_infinite" if space.infinite else "science_gain"]
    elif space.kind == "power_plant":
        payoff["energy"] = rules["power_plant"]["energy_gain_infinite" if space.infinite else "energy_gain"]
    elif space.kind == "university":
        notes = []
        if space.bonus is not None:
            notes.append("university bonus: " + L.effect_text(state.edition, space.bonus))
            if space.bonus["do"] == "advance_global_market":
                payoff["global_market"] = space.bonus["amount"]
            elif space.bonus["do"] == "advance_influence":
                payoff["influence"] = {space.tiger: space.bonus["amount"]}
        notes.append("then a department here or a parts factory (optional)")
        payoff["notes"] = notes
    return cost, payoff


def add(bucket: dict, key: str, amount: int) -> None:
    """Add a non-zero `amount` to ``bucket[key]``."""
    if amount:
        bucket[key] = bucket.get(key, 0) + amount


def space_label(state: GameState, space) -> str:
    """``Laboratory on Hong Kong · laboratory · column C``: the space part's label."""
    return f"{L.KIND_NAMES[space.kind].capitalize()} on {L.space_label(state.edition, space)}"


def sector_label(sector: str, factory: bool) -> str:
    """``piece from sector 3`` (a factory takes its own piece: no words)."""
    return "" if factory else f"piece from sector {sector.lstrip('S')}"


def build_label(state: GameState, info: dict) -> str:
    """``Laboratory on … — piece from sector 3`` (a factory takes its own piece: no sector)."""
    space = info["space"]
    label = space_label(state, space)
    return label if space.kind == "factory" else f"{label} — {sector_label(info['sector'], False)}"


class Builds:
    """The builds and departments answering one decision, described one after the other.

    `parts(action)` is (space part, sector part) of a build or
    build_department (joined by `options._whole_build`), raising what `building.check_space` raises for it.  Valid for
    one state and decision: it keeps the player, the spaces checked and the sectors read.
    """

    __slots__ = ("state", "decision", "placeholder", "_edition_hash", "_player", "_spaces", "_contents", "_university")

    def __init__(self, state: GameState, decision: dict, placeholder):
        self.state, self.decision, self.placeholder = state, decision, placeholder  # `options.uses_placeholder`
        self._edition_hash = state.edition.content_hash
        self._player: PlayerState | None = None
        self._spaces: dict = {}  # space id -> (kind answered, the non-factory space that passed its checks)
        self._contents: dict = {}  # sector -> (generic pieces, factory at hand, bonus unlocked)
        self._university = None

    def parts(self, action: dict) -> tuple:
        """(space part, sector part) of the build or department `action`."""
        kind, space_id, sector = action["kind"], action["space"], action.get("sector")
        # A space that passed its checks for this kind, and a sector holding a piece: nothing else to check.
        passed = self._spaces.get(space_id) if type(space_id) is str else None
        content = None
        if passed is not None and passed[0] == kind and type(sector) is str:
            content = self._contents.get(sector)
            if content is None and sector in self._player.sectors:
                content = self._read(sector)
        if content is not None and content[0] >= 1:
            space = passed[1]
            energy = science = None
        else:
            info = self._check(kind, space_id, sector)
            space, sector = info["space"], info["sector"]
            energy, science = info.get("energy"), info.get("science")
            if space.kind != "factory" and type(space_id) is str:
                self._spaces[space_id] = (kind, space)
            content = self._contents.get(sector) or self._read(sector)
        # Once checked, the parts depend only on what the check named and the sector's content (see
        # `space_payoff`, `sector_payoff`), and whether a placeholder is named on the space or the sector.
        key = (self._edition_hash, kind, space.id, sector, energy, science, content)
        described = _WORDS.get(key)
        if described is None:
            described = self._worded(key, kind, space, sector, energy, science, content)
        return described

    def _worded(self, key: tuple, kind: str, space, sector: str, energy, science, content: tuple) -> tuple:
        if len(_WORDS) >= _WORDS_MAX:
            _WORDS.clear()
        factory = space.kind == "factory"
        spaced = self._space_part(kind, space, energy, science)
        sectored = self._sector_part(sector, content, factory)
        described = _WORDS[key] = (spaced, sectored)
        return described

    def _space_part(self, kind: str, space, energy, science) -> dict:
        """The space's part: what it costs and gives, whichever the sector (remembered apart: every
        sector of one space shares it)."""
        state = self.state
        key = (self._edition_hash, kind, space.id, energy, science)
        part = _PARTS.get(key)
        if part is None:
            if len(_PARTS) >= _WORDS_MAX:
                _PARTS.clear()
            info = {"space": space}
            if energy is not None:
                info.update(energy=energy, science=science)
            cost, payoff = space_payoff(state, info)
            if kind == "build_department":
                add(cost, "science", space.science_cost or 0)
            part = _PARTS[key] = {"label": space_label(state, space), "detail": worded(state, cost, payoff),
                                  "cost": cost, "payoff": shown(payoff),
                                  "placeholder": self.placeholder(state, {"space": space.id})}
        return part

    def _sector_part(self, sector: str, content: tuple, factory: bool) -> dict:
        """The sector's part: the piece taken and what that leaves (codes only: no cost, no label of the edition)."""
        key = (self._edition_hash, sector, content, factory)
        part = _PARTS.get(key)
        if part is None:
            if len(_PARTS) >= _WORDS_MAX:
                _PARTS.clear()
            state = self.state
            payoff = _sector_payoff(sector, content, factory)
            part = _PARTS[key] = {"label": sector_label(sector, factory), "detail": sector_words(state, payoff),
                                  "payoff": {"sector": payoff},
                                  "placeholder": self.placeholder(state, {"sector": sector})}
        return part

    def _check(self, kind: str, space_id, sector) -> dict:
        state, decision = self.state, self.decision
        if self._player is None:
            self._player = state.player(decision["seat"])
        if kind == "build":
            return building.check_space(state, self._player, space_id, sector, decision["center"],
                                        building.BUILDABLE_FROM_CENTER, decision["tiger"])
        if self._university is None:
            self._university = state.edition.space(decision["space"])
        return building.check_space(state, self._player, space_id, sector, None, ("department",),
                                    self._university.tiger)

    def _read(self, sector: str) -> tuple:
        """(generic pieces, factory at hand, bonus unlocked) of a sector the player has, read once."""
        content = self._player.sectors[sector]
        read = self._contents[sector] = (content["generic"], bool(content["factory"]),
                                         bool(content.get("bonus_unlocked")))
        return read


# (edition hash, kind, what a checked build names, the sector's content) -> (space part, sector part);
# shared: never mutate
_WORDS: dict = {}
_WORDS_MAX = 8192
# (edition hash, kind, space, energy, science) -> the space's part; (edition hash, sector, content, factory)
# -> the sector's part (tuples of different lengths: one dict); shared: never mutate
_PARTS: dict = {}
