"""Which physical component each edition value is printed on, in the order a person picks them up.

A component is an id, a title, a sentence saying what to look at, a `layout`
the phone knows how to draw (``prosperity_tokens``, ``local_markets`` or the
generic ``table``) and the JSON-pointer prefixes of the values on it.  Every
leaf of an edition belongs to exactly one component: the one with the longest
matching prefix (a catch-all ``other`` component takes the rest), so
calibration progress and diffs can be reported by component.

Pure data and functions; no web or storage imports.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Iterable

from api.games.editions.words import item_word, key_word
from api.games.messages import Message, msg, msg_n, name
from api.games.provenance import split_pointer


@dataclass(frozen=True)
class Component:
    """One physical component (or one part of one) and the values printed on it."""

    id: str
    # Said in the reader's language at the edge (issue 37); `str()` is the English.  Not compared (a message
    # holds a dict): the id names a component.
    title: Message = field(compare=False)
    group: Message = field(compare=False)
    look_at: Message = field(compare=False)
    prefixes: tuple[str, ...]
    layout: str = "table"

    def to_dict(self, say=str) -> dict:
        """JSON-ready description (without its values); `say` renders the title, group and what to look at."""
        return {"id": self.id, "title": say(self.title), "group": say(self.group), "look_at": say(self.look_at),
                "layout": self.layout}


_TIGERS = (("SK", "South Korea"), ("HK", "Hong Kong"), ("TW", "Taiwan"), ("SG", "Singapore"))


def _tiger_components() -> list[Component]:
    out = []
    for tid, english in _TIGERS:
        tiger = name("tigers", tid, english)  # said by the edition's name in the reader's language
        out += [
            Component(f"board-{tid}-markets", msg("{tiger}: local markets", tiger=tiger), msg("Board"),
                      msg("On the {tiger} part of the board, find the three local markets (one above each "
                          "investment centre A, B, C): the good each one buys and the influence it pays.", tiger=tiger),
                      (f"/tigers/{tid}/local_markets",), "local_markets"),
            Component(f"board-{tid}-spaces", msg("{tiger}: construction spaces", tiger=tiger), msg("Board"),
                      msg("On the {tiger} part of the board, go row by row (university, factory, power plant, "
                          "laboratory): each space's column, its dots (3 or 4 players), the good of each factory, "
                          "the department costs, which factories each power plant connects, and each bonus.",
                          tiger=tiger),
                      (f"/tigers/{tid}/spaces", f"/tigers/{tid}/infinite_spaces"), "spaces"),
            Component(f"board-{tid}-other", msg("{tiger}: satellites and headquarters", tiger=tiger), msg("Board"),
                      msg("On the {tiger} part of the board: the satellite space of each row and the headquarters "
                          "slot.", tiger=tiger),
                      (f"/tigers/{tid}/satellite_spaces", f"/tigers/{tid}/headquarters_slots", f"/tigers/{tid}")),
        ]
    return out


ASIAN_TIGERS: tuple[Component, ...] = (
    *_tiger_components(),
    Component("board-layout", msg("Board: areas and trade-centre order"), msg("Board"),
              msg("The whole board: which Tigers are in the upper and lower area, the order of the trade centres "
              "from top to bottom, and how the 2-player back side is laid out."),
              ("/board/areas", "/board/trade_center_order_top_to_bottom", "/board/two_player_side_model",
               "/board/investment_center_order_left_to_right", "/board/turn_order_track", "/board")),
    Component("influence-track", msg("Influence tracks"), msg("Board"),
              msg("The influence track of each Tiger: where the Tiger icons are printed."),
              ("/board/influence_track",)),
    Component("management-track", msg("Management track"), msg("Management track"),
              msg("The management track: the influence each investment-points rank gains, in Era I and Era II, "
              "for 2, 3 and 4 players."), ("/board/management_track",), "management_track"),
    Component("global-market-track", msg("Global-market track"), msg("Global-market track"),
              msg("The global-market track: its last printed space and the milestone spaces."),
              ("/board/global_market_track",)),
    Component("trade-centres", msg("Trade centres and flags"), msg("Trade centres and flags"),
              msg("Each trade centre and the flags of each nation: the value, stars and dots on each flag "
              "(top of the stack first) and the goods each nation demands; the special flag of each Tiger."),
              ("/global_market",), "trade_centres"),
    Component("player-board", msg("Player board"), msg("Player board"),
              msg("A player board: the infrastructure sectors and their bonuses, the final-scoring rows and which "
              "flags each accepts, and the nation bonuses."), ("/player_board",)),
    Component("pieces", msg("Pieces: colours and worker types"), msg("Player board"),
              msg("The player colours and the three worker types."), ("/player_colors", "/worker_types")),
    Component("prosperity-tokens", msg("Prosperity tokens"), msg("Prosperity tokens"),
              msg("Each prosperity token (PT1 to PT5), on the side for 2, 3 and 4 players: the big number at the "
              "top (its headline), then the points for 1st, 2nd, 3rd and 4th place."), ("/prosperity_tokens",),
              "prosperity_tokens"),
    Component("region-bonus-tokens", msg("Region bonus tokens"), msg("Region bonus tokens"),
              msg("Each region bonus token (RB1 to RB6): the bonus printed on it."), ("/region_bonus_tokens",)),
    Component("performance-tokens", msg("Performance tokens"), msg("Performance tokens"),
              msg("The $ and ¥ performance tokens: where each $ token scores and what each ¥ token gives."),
              ("/performance_tokens",)),
    Component("automa-board", msg("Automa board"), msg("Automa"),
              msg("The Automa board: its numbered generic spaces, factory spaces, sectors and their bonuses, "
              "final-scoring sectors and special-flag slots."), ("/solo/automa_board",)),
    Component("action-tiles", msg("Automa action tiles"), msg("Automa"),
              msg("Each Automa action tile (AT01 to AT10): its instructions, top to bottom."), ("/solo/action_tiles",)),
    Component("campaign-tiles", msg("Campaign tiles"), msg("Automa"),
              msg("Each campaign tile (CT1 to CT9): its requirement and what it changes."), ("/solo/campaign_tiles",)),
    Component("solo-rules", msg("Solo rules"), msg("Automa"), msg("The solo rules sheet."), ("/solo",)),
    Component("rules", msg("Rules and setup"), msg("Rules"), msg("Numbers from the rulebook and the setup."),
              ("/rules", "/rules_options", "/setup", "/neutral_player", "/components", "/goods",
               "/player_counts", "/catalog")),
)

NIPPON: tuple[Component, ...] = (
    Component("nippon-regions", msg("Map: regions and cities"), msg("Board"),
              msg("The map: each region's cities and the Overseas Companies' numbers on their influence slots."),
              ("/regions",)),
    Component("nippon-scoring-track", msg("Scoring track and region majority"), msg("Board"),
              msg("The scoring track and the victory points for 1st, 2nd and 3rd in each region scoring."),
              ("/scoring_track", "/region_majority")),
    Component("nippon-ships-trains", msg("Ships and trains"), msg("Pieces"),
              msg("The reverse side of the ships and trains."), ("/ships", "/trains")),
    Component("nippon-influence-tiles", msg("Influence tiles"), msg("Pieces"),
              msg("The influence tiles and their value table."), ("/influence_tiles", "/influence_tile_value_table")),
    Component("nippon-player-board", msg("Player board and contracts"), msg("Player board"),
              msg("The player board's achievement spaces, the contracts and the worker-slot rewards."),
              ("/achievements", "/contracts", "/worker_slot_reward_levels", "/reward_tiles", "/workforce")),
)

ASARA: tuple[Component, ...] = (
    Component("asara-board", msg("Board: section prices and tower points"), msg("Board"),
              msg("The board's table: the price of each tower-section colour and the points per colour at the end."),
              ("/section_prices", "/final")),
    Component("asara-building", msg("Building and prestige"), msg("Board"),
              msg("The prestige for the sections used in one build and for lit windows."),
              ("/building", "/professional", "/prestige_track")),
)

OTHER = Component("other", msg("Everything else"), msg("Other"), msg("Values not printed on one particular component."), ("",))

BY_GAME = {"asian_tigers": ASIAN_TIGERS, "nippon": NIPPON, "asara": ASARA}


def components_of(game: str) -> tuple[Component, ...]:
    """The components of `game`, in calibration order, ending with the catch-all."""
    return BY_GAME.get(game, ()) + (OTHER,)


@lru_cache(maxsize=512)
def _segments(prefix: str) -> tuple[str, ...]:
    # Split once: every value of an edition is compared with every prefix (a GET, a PATCH).
    return split_pointer(prefix)


def _prefix_len(prefix: str, path: tuple[str, ...]) -> int:
    segments = _segments(prefix)
    return len(segments) if path[:len(segments)] == segments else -1


@lru_cache(maxsize=16)
def _by_first_segment(game: str) -> dict[str, list[tuple[str, Component]]]:
    # A value is compared only with the prefixes that start like it, in listed order.
    index: dict[str, list[tuple[str, Component]]] = {}
    for comp in components_of(game):
        for prefix in comp.prefixes:
            segments = _segments(prefix)
            if segments:
                index.setdefault(segments[0], []).append((prefix, comp))
    return index


def component_of(game: str, ptr: str) -> Component:
    """The component the value at JSON pointer `ptr` is printed on (longest prefix wins; ties: first listed)."""
    path = split_pointer(ptr)
    if not path:
        return OTHER
    best, best_len = OTHER, 0
    for prefix, comp in _by_first_segment(game).get(path[0], []):
        n = _prefix_len(prefix, path)
        if n > best_len:
            best, best_len = comp, n
    return best

def label_of(ptr: str, component: Component, document: dict | None = None, say=str) -> str:
    """A short human label for a value: its path below the component, in words; `say` renders each word (the
    data file's keys through `words.key_word`), position and player count, a message each: English by default.

    List positions count from 1 (``ranks #2``); a player-count key reads
    ``3 players``.  With `document`, digit keys of objects stay keys.
    """
    path = split_pointer(ptr)
    longest = max((len(_segments(p)) for p in component.prefixes
                   if _prefix_len(p, path) >= 0), default=0)
    node: Any = document
    for segment in path[:longest]:
        node = _step(node, segment)
    words: list[str] = []
    trail = list(path[:longest])
    if len(component.prefixes) > 1 and trail and longest < len(path):  # which part of the component
        words.append(say(key_word(trail[-1])))
    for segment in path[longest:] or path[-1:]:
        previous = trail[-1] if trail else ""
        in_list = isinstance(node, list) if document is not None else segment.isdigit()
        if in_list and segment.isdigit():
            owner = next((k for k in reversed(trail) if not k.isdigit()), "")
            if previous.isdigit() or owner.startswith("era_"):
                n = int(segment) + 1
                words.append(say(msg("rank {n}", n=n) if "rank" in "/".join(trail) else msg("#{n}", n=n)))
            else:
                words.append(say(msg("{item} {n}", item=item_word(previous), n=int(segment) + 1)))
                if words[-2:-1] == [say(key_word(previous))]:
                    words.pop(-2)
        elif segment.isdigit() and ("player_count" in previous or previous.startswith("era_")):
            words.append(say(msg("solo") if segment == "1" else msg_n("{count} player", "{count} players", "count",
                                                                        count=int(segment))))
            if words[-2:-1] == [say(key_word(previous))] and "player_count" in previous:
                words.pop(-2)
        else:
            words.append(say(key_word(segment)))
        node = _step(node, segment)
        trail.append(segment)
    return " · ".join(words)


def _step(node: Any, segment: str) -> Any:
    if isinstance(node, dict):
        return node.get(segment)
    if isinstance(node, list) and segment.isdigit() and int(segment) < len(node):
        return node[int(segment)]
    return None


def group_paths(game: str, pointers: Iterable[str]) -> dict[Component, list[str]]:
    """Component → the pointers printed on it (components in calibration order, empty ones left out)."""
    found: dict[Component, list[str]] = {}
    for ptr in pointers:
        found.setdefault(component_of(game, ptr), []).append(ptr)
    return {c: found[c] for c in components_of(game) if c in found}
