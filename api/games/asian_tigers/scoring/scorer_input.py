"""Reading a table's end-of-game JSON into an `EndPosition`, refusing anything inconsistent.

The format is the worked examples' (docs/scorers.md).  Every refusal is a `ScorerInputError` whose `path` is a JSON
pointer into the input.  This module checks shapes and identities; `scorer_checks` checks the facts against the rules.
"""
from __future__ import annotations

from typing import Any

from api.games.asian_tigers.edition.load import Edition
from api.games.asian_tigers.scoring.model import (AUTOMA, FACTS, KINDS, NEUTRAL, PLAYER, SOLO_VARIANTS, ColumnIP,
                                                  EndPosition, Era1Position, Leftovers, ParticipantPosition,
                                                  RulesOptions, SoloSettings, TigerFacts)
from api.games.asian_tigers.scoring.ranking import TIEBREAK_OPTIONS
from api.games.asian_tigers.scoring.scorer_derived import derived_turn_order, settle_stacks
from api.games.asian_tigers.scoring.scorer_errors import ScorerInputError, fail, ptr
from api.games.field_problems import refuse_field
from api.games.messages import Message, msg

THING = {"global_market": msg("global market"), "leftovers": msg("leftovers"), "flags": msg("flags"),
         "special_flags": msg("special flags")}  # what the neutral has none of (AMB-22)


def obj(value: Any, path: str, required: tuple = (), optional: tuple = (), what: Message = msg("an object"),
        free: bool = False) -> dict:
    """`value` as a dict with every `required` key and no key outside `required` + `optional`.

    With `free` any string key is allowed (objects keyed by ids).
    """
    if not isinstance(value, dict):
        fail("invalid_type", path, msg("expected {what}, got {type}", what=what, type=type(value).__name__))
    for key in value:
        if not isinstance(key, str) or not key:
            fail("invalid_type", path, msg("keys must be non-empty strings, got {key}", key=repr(key)))
        if not free and key not in required + optional:
            allowed = ", ".join(required + optional)
            fail("unknown_field", path + ptr(key), msg("unknown field {key}; allowed here: {allowed}", key=repr(key),
                                                        allowed=allowed))
    for key in required:
        if key not in value:
            fail("missing_field", path + ptr(key), msg("missing field {key}", key=repr(key)))
    return value


def integer(value: Any, path: str, minimum: int | None = 0, maximum: int | None = None, why: Message | None = None) -> int:
    """`value` as an int (not a bool) of at least `minimum` and at most `maximum` (`why`: the bound in words)."""
    if isinstance(value, bool) or not isinstance(value, int):
        said = msg("nothing was entered") if value in ("", None) else msg("{value} is not one", value=repr(value))
        refuse_field(ScorerInputError("invalid_type", path, msg("a whole number is needed here: {said}", said=said)))
        return minimum if minimum is not None else 0  # a stand-in while the other fields are read
    if minimum is not None and value < minimum:
        code = "negative_value" if minimum == 0 else "invalid_value"
        refuse_field(ScorerInputError(code, path, msg("{value} is below the minimum {minimum}", value=value,
                                                      minimum=minimum)))
        return minimum
    if maximum is not None and value > maximum:
        limit = why or msg("the game's components allow")
        refuse_field(ScorerInputError("value_too_large", path, msg("{value} is more than {limit} (at most {maximum})",
                                                                   value=value, limit=limit, maximum=maximum)))
        return maximum
    return value


# Tracks count past their printed end (I05), but in 20 worker placements (at most a flag's 2..7 spaces or a printed
# bonus a turn, plus the management steps) no game goes round twice: the bound is one lap more (issue 34).
BEYOND_PRINTED = 2
TRACK_WHY = {"position": msg("a game can reach on the global market track (one lap past its printed end at most)"),
             "influence": msg("a game can reach on an influence track (one lap past its printed end at most)")}


def limits(edition: Edition) -> dict[str, int]:
    """The largest value each number of a table's end position can take: supplies bound what a player can hold,
    tracks one lap past their printed end (BEYOND_PRINTED).  No scoring step loops over a number, but every number
    is still refused past these bounds (issue 16)."""
    c, board = edition.document["components"], edition.document["board"]
    colour = c["per_color"]
    pieces = colour["generic_infrastructures"] + colour["factories"] + colour["satellites"] + colour["headquarters"]
    return {
        "position": board["global_market_track"]["printed_max"] * BEYOND_PRINTED,
        "stack": c["colors"] + 1,  # every colour and the neutral on one space
        "influence": board["influence_track"]["printed_max"] * BEYOND_PRINTED,
        "ip": c["infrastructures_total"] * 4,  # every piece on a 4-dot space
        "goods": c["goods_total"], "energy": c["energy_tokens"], "science": c["science_tokens"],
        "satellites": colour["satellites"], "parts_factories": c["parts_factories"],
        "power_plants": colour["generic_infrastructures"], "laboratories": colour["generic_infrastructures"],
        "distinct_infrastructure_types": pieces,
        "high_score": 10_000,  # a score: far above any Asian Tigers total
    }


def string(value: Any, path: str) -> str:
    """`value` as a non-empty string."""
    if not isinstance(value, str) or not value:
        fail("invalid_type", path, msg("expected a non-empty string, got {value}", value=repr(value)))
    return value


def array(value: Any, path: str) -> list:
    """`value` as a list."""
    if not isinstance(value, list):
        fail("invalid_type", path, msg("expected a list, got {type}", type=type(value).__name__))
    return value


def per_tiger(value: Any, path: str, edition: Edition, what: Message) -> dict:
    """An object with exactly one entry per Tiger of the edition."""
    tigers = tuple(edition.tigers)
    value = obj(value, path, what=msg("an object of {what} per Tiger", what=what), free=True)
    for key in value:
        if key not in tigers:
            fail("unknown_tiger", path + ptr(key), msg("unknown Tiger {key}; the Tigers are {tigers}", key=repr(key),
                                                       tigers=", ".join(tigers)))
    for t in tigers:
        if t not in value:
            fail("missing_tiger", path + ptr(t), msg("missing {what} for {tiger} ({id})", what=what,
                                                     tiger=edition.tigers[t].name, id=t))
    return value


def participant_ref(value: Any, path: str, participants: dict, *, allow_neutral: bool = False) -> str:
    """A participant id that exists (and is not the neutral unless allowed)."""
    pid = string(value, path)
    if pid not in participants:
        fail("unknown_participant", path, msg("unknown participant {id}; participants: {all}", id=repr(pid),
                                              all=", ".join(participants)))
    if not allow_neutral and participants[pid]["kind"] == NEUTRAL:
        fail("neutral_not_allowed", path, msg("{id} is the neutral, which has no turn-order disc, headquarters or "
                                              "global-market marker", id=pid), "AMB-22")
    return pid


def turn_order(value: Any, path: str, participants: dict) -> tuple[str, ...]:
    """Every participant but the neutral, each once."""
    order = array(value, path)
    seen: list[str] = []
    for i, entry in enumerate(order):
        pid = participant_ref(entry, path + ptr(i), participants)
        if pid in seen:
            fail("duplicate_participant", path + ptr(i), msg("{id} appears twice in the turn order", id=pid))
        seen.append(pid)
    missing = [p for p, d in participants.items() if d["kind"] != NEUTRAL and p not in seen]
    if missing:
        fail("missing_participant", path, msg("the turn order lacks {ids}", ids=", ".join(missing)))
    return tuple(seen)


def rules_options(value: Any, edition: Edition) -> RulesOptions:
    """SCORE-END-03: missing options take the edition's defaults."""
    defaults = dict(edition.rules_options)
    value = obj({} if value is None else value, "/rules_options", optional=tuple(defaults))
    merged = {**defaults, **value}
    checks = {"tiebreak_era2_tiger_ties": (lambda v: v in TIEBREAK_OPTIONS, '"chain" or "turn_order"'),
              "milestone_counts_on_space": (lambda v: isinstance(v, bool), msg("true or false")),
              "prosperity_from_influence_rounds": (lambda v: not isinstance(v, bool) and v in (1, 2), msg("1 or 2"))}
    for key, (ok, allowed) in checks.items():
        if not ok(merged[key]):
            fail("invalid_rules_option", ptr("rules_options", key), msg("{key} must be {allowed}, got {value}", key=key,
                 allowed=allowed, value=repr(merged[key])), "SCORE-END-03")
    return RulesOptions(**merged)


def solo_settings(data: dict, count: int, edition: Edition) -> SoloSettings | None:
    """SOLO-SETUP-07 difficulty, and the variant (solo, scenario, campaign, high_score)."""
    value = data.get("solo")
    if count != 1:
        if value is not None:
            fail("unexpected_solo", "/solo", msg("solo settings are only for a 1-player game, not {count} players",
                                                 count=count))
        return None
    if value is None:
        fail("missing_solo", "/solo", msg("a solo game needs {shape}", shape='{"difficulty": 1..4}'), "SOLO-SETUP-07")
    value = obj(value, "/solo", ("difficulty",), ("variant", "goal_met", "high_score"))
    allowed = list(edition.solo["difficulty_multipliers"])
    difficulty = value["difficulty"]
    if isinstance(difficulty, bool) or difficulty not in allowed:
        fail("invalid_difficulty", "/solo/difficulty", msg("difficulty must be one of {allowed}, got {value}",
             allowed=str(allowed), value=repr(difficulty)), "SOLO-SETUP-07")
    variant = value.get("variant", "solo")
    if variant not in SOLO_VARIANTS:
        fail("invalid_value", "/solo/variant", msg("variant must be one of {allowed}, got {value}",
                                                   allowed=", ".join(SOLO_VARIANTS), value=repr(variant)))
    goal_met = value.get("goal_met")
    if goal_met is not None and (variant not in ("scenario", "campaign") or not isinstance(goal_met, bool)):
        fail("invalid_value", "/solo/goal_met", msg("goal_met is true or false, and only for a scenario or campaign"))
    high_score = None
    if variant == "high_score":
        if "high_score" not in value:
            fail("missing_field", "/solo/high_score", msg("the high-score variant needs the previous high score"),
                 "SOLO-SCORE-03")
        high_score = integer(value["high_score"], "/solo/high_score", maximum=limits(edition)["high_score"])
    elif "high_score" in value:
        fail("unexpected_field", "/solo/high_score", msg("high_score is only for the high-score variant"))
    return SoloSettings(difficulty, variant, goal_met, high_score)


def kinds_and_counts(data: dict, count: int) -> dict:
    """The participants object, with the kinds the player count requires (NEUTRAL-01, SOLO-SETUP-01)."""
    parts = obj(data["participants"], "/participants", what=msg("an object of participants"), free=True)
    if not parts:
        fail("missing_participant", "/participants", msg("no participants"))
    for pid, p in parts.items():
        p = obj(p, ptr("participants", pid), ("kind",), ("global_market", "leftovers", "influence", "tigers",
                                                        "flags", "special_flags"))
        if p["kind"] not in KINDS:
            fail("invalid_kind", ptr("participants", pid, "kind"),
                 msg("kind must be one of {allowed}, got {value}", allowed=", ".join(KINDS), value=repr(p["kind"])))
    by_kind = {k: [pid for pid, p in parts.items() if p["kind"] == k] for k in KINDS}
    if by_kind[NEUTRAL] and count != 3:
        fail("neutral_mismatch", ptr("participants", by_kind[NEUTRAL][0], "kind"),
             msg("a neutral only takes part in a 3-player game, not with {count} player(s)", count=count), "NEUTRAL-01")
    if count == 3 and len(by_kind[NEUTRAL]) != 1:
        fail("neutral_mismatch", "/participants", msg("a 3-player game has exactly one neutral participant"),
             "NEUTRAL-01")
    if by_kind[AUTOMA] and count != 1:
        fail("automa_mismatch", ptr("participants", by_kind[AUTOMA][0], "kind"),
             msg("the Automa only plays in a solo game (player_count 1)"), "SOLO-SETUP-01")
    if count == 1 and len(by_kind[AUTOMA]) != 1:
        fail("automa_mismatch", "/participants", msg("a solo game has exactly one Automa"), "SOLO-SETUP-01")
    if len(by_kind[PLAYER]) != count:
        fail("participant_count_mismatch", "/participants",
             msg("player_count is {count} but {players} participants are players", count=count,
                 players=len(by_kind[PLAYER])))
    if "neutral" in data and data["neutral"] is not (count == 3):
        if not isinstance(data["neutral"], bool):
            fail("invalid_type", "/neutral", msg("neutral is true or false"))
        fail("neutral_mismatch", "/neutral", msg("neutral must be {value} with {count} player(s)",
                                                 value=str(count == 3).lower(), count=count), "NEUTRAL-01")
    return parts


def tiger_facts(value: Any, path: str, neutral: bool, bound: dict[str, int]) -> TigerFacts:
    """IP by column and the facts of one Tiger (the neutral needs only its IP)."""
    value = obj(value, path, ("ip",) + (() if neutral else FACTS), (FACTS if neutral else ()) + ("pieces",))
    ip = column_ip(value["ip"], path + ptr("ip"), bound)
    if "pieces" in value:
        array(value["pieces"], path + ptr("pieces"))  # informational only
    facts = {k: integer(value.get(k, 0), path + ptr(k), maximum=bound[k]) for k in FACTS}
    return TigerFacts(ip, **facts)


def column_ip(value: Any, path: str, bound: dict[str, int]) -> ColumnIP:
    """Investment points on one Tiger by column (A, B, C and none)."""
    ip = obj(value, path, ("A", "B", "C", "none"))
    return ColumnIP(**{k: integer(ip[k], path + ptr(k), maximum=bound["ip"]) for k in ("A", "B", "C", "none")})


def participant(pid: str, p: dict, edition: Edition) -> ParticipantPosition:
    """One participant's block, checked for the fields its kind needs."""
    base = ptr("participants", pid)
    kind = p["kind"]
    need = {PLAYER: ("global_market", "leftovers", "influence", "tigers"),
            AUTOMA: ("global_market", "influence", "tigers"), NEUTRAL: ("influence", "tigers")}[kind]
    for key in need:
        if key not in p:
            fail("missing_field", base + ptr(key), msg("{id} ({kind}) needs {key}", id=pid, kind=kind, key=repr(key)))
    if kind == NEUTRAL:
        for key in ("global_market", "leftovers", "flags", "special_flags"):
            if key in p:
                fail("not_for_neutral", base + ptr(key), msg("the neutral has no {what}: it has no global-market marker"
                     " or resources, and special flags it accepts leave the game", what=THING[key]), "AMB-22")
    influence = per_tiger(p["influence"], base + ptr("influence"), edition, msg("influence"))
    bound = limits(edition)
    influence = {t: integer(v, base + ptr("influence", t), maximum=bound["influence"], why=TRACK_WHY["influence"])
                 for t, v in influence.items()}
    tigers = per_tiger(p["tigers"], base + ptr("tigers"), edition, msg("facts"))
    tigers = {t: tiger_facts(v, base + ptr("tigers", t), kind == NEUTRAL, bound) for t, v in tigers.items()}
    position = stack = None
    if kind != NEUTRAL:
        gm = obj(p["global_market"], base + ptr("global_market"), ("position",), ("stack",))
        position = integer(gm["position"], base + ptr("global_market", "position"), maximum=bound["position"],
                           why=TRACK_WHY["position"])
        if gm.get("stack") not in (None, ""):  # left out: settled by `settle_stacks`
            stack = integer(gm["stack"], base + ptr("global_market", "stack"), maximum=bound["stack"])
    left = Leftovers()
    if "leftovers" in p:
        left = leftovers(p["leftovers"], base + ptr("leftovers"), bound)
        if kind == AUTOMA and left.total:
            fail("automa_leftovers", base + ptr("leftovers"), msg("the Automa never holds goods, energy or science"),
                 "SOLO-AUTOMA-08")
    flags = obj(p.get("flags", {}), base + ptr("flags"), what=msg("an object of flag lists per sector"), free=True)
    flags = {s: tuple(string(f, base + ptr("flags", s, i))
                      for i, f in enumerate(array(v, base + ptr("flags", s)))) for s, v in flags.items()}
    special = array(p.get("special_flags", []), base + ptr("special_flags"))
    special = tuple(string(t, base + ptr("special_flags", i)) for i, t in enumerate(special))
    return ParticipantPosition(pid, kind, influence, tigers, position, stack, left, flags, special)


def leftovers(value: Any, path: str, bound: dict[str, int]) -> Leftovers:
    """Goods, energy and science one by one, or only their sum (``{"total": n}``): MGMT2-02 counts them together."""
    if isinstance(value, dict) and "total" in value:
        raw = obj(value, path, ("total",))
        most = bound["goods"] + bound["energy"] + bound["science"]
        return Leftovers(combined=integer(raw["total"], path + "/total", maximum=most,
                                          why=msg("the goods, energy and science tokens in the box")))
    raw = obj(value, path, ("goods", "energy", "science"))
    return Leftovers(**{k: integer(raw[k], path + ptr(k), maximum=bound[k]) for k in raw})


def era1_block(value: Any, parts: dict, edition: Edition) -> Era1Position:
    """The Era I tracks for prosperity_from_influence_rounds = 2 (SCORE-INF-01)."""
    value = obj(value, "/era1", ("turn_order", "participants"), ("headquarters",))
    order = turn_order(value["turn_order"], "/era1/turn_order", parts)
    hq_raw = obj(value.get("headquarters", {}), "/era1/headquarters", free=True)
    headquarters = {}
    for t, holder in hq_raw.items():
        if t not in edition.tigers:
            fail("unknown_tiger", ptr("era1", "headquarters", t), msg("unknown Tiger {key}", key=repr(t)))
        headquarters[t] = None if holder is None else participant_ref(holder, ptr("era1", "headquarters", t), parts)
    block = obj(value["participants"], "/era1/participants", free=True)
    influence, ip = {}, {}
    for pid in block:
        if pid not in parts:
            fail("unknown_participant", ptr("era1", "participants", pid), msg("unknown participant {id}", id=repr(pid)))
    for pid, data in parts.items():
        base = ptr("era1", "participants", pid)
        if pid not in block:
            fail("missing_participant", base, msg("the Era I data lacks {id}", id=pid))
        neutral = data["kind"] == NEUTRAL
        entry = obj(block[pid], base, ("influence",) + (() if neutral else ("ip",)), ("ip",) if neutral else ())
        raw = per_tiger(entry["influence"], base + "/influence", edition, msg("influence"))
        bound = limits(edition)
        influence[pid] = {t: integer(v, base + ptr("influence", t), maximum=bound["influence"], why=TRACK_WHY["influence"])
                          for t, v in raw.items()}
        if "ip" in entry:
            raw = per_tiger(entry["ip"], base + "/ip", edition, msg("investment points"))
            ip[pid] = {t: column_ip(v, base + ptr("ip", t), bound) for t, v in raw.items()}
    return Era1Position(order, headquarters, influence, ip)


def read_position(data: Any, edition: Edition) -> EndPosition:
    """Shape and identity checks, then the `EndPosition` (no cross-checks: see `scorer_checks`)."""
    data = obj(data, "", ("player_count", "tigers", "participants"),
               ("neutral", "solo", "rules_options", "era1", "turn_order"), what=msg("a JSON object"))
    supported = list(edition.document["player_counts"]["supported"])
    count = data["player_count"]
    if isinstance(count, bool) or count not in supported:
        fail("invalid_player_count", "/player_count", msg("player_count must be one of {allowed}, got {value}",
                                                          allowed=str(supported), value=repr(count)))
    options = rules_options(data.get("rules_options"), edition)
    parts = kinds_and_counts(data, count)
    solo = solo_settings(data, count, edition)
    tigers = per_tiger(data["tigers"], "/tigers", edition, msg("a prosperity token and headquarters"))
    tokens, headquarters = {}, {}
    for t in edition.tigers:
        entry = obj(tigers[t], ptr("tigers", t), ("prosperity_token",), ("headquarters",))
        token = entry["prosperity_token"]
        path = ptr("tigers", t, "prosperity_token")
        # Field problems, noted with the others (field_problems.py): the reading goes on with a free token.
        if token in (None, ""):
            refuse_field(ScorerInputError("missing_prosperity_token", path, msg("no prosperity token was chosen: tap "
                                          "the one lying on {tiger}", tiger=edition.tigers[t].name), "SETUP-02"))
        elif not isinstance(token, str) or token not in edition.prosperity_tokens:
            refuse_field(ScorerInputError("unknown_prosperity_token", path, msg("unknown prosperity token {token}; "
                         "tokens: {all}", token=repr(token), all=", ".join(edition.prosperity_tokens)), "SETUP-02"))
        elif token in tokens.values():
            other = edition.tigers[next(u for u, x in tokens.items() if x == token)].name
            printed = " · ".join(map(str, edition.prosperity_tokens[token]["by_player_count"]
                                     .get(str(max(count, 2)), {}).get("ranks", ()))) or token
            refuse_field(ScorerInputError("duplicate_prosperity_token", path, msg("the token {token} already lies on "
                         "{tiger}; each Tiger gets its own token", token=printed, tiger=other), "SETUP-02"))
        else:
            tokens[t] = token
        holder = entry.get("headquarters")
        headquarters[t] = None if holder is None else participant_ref(holder, ptr("tigers", t, "headquarters"), parts)
        if holder is not None and list(headquarters.values()).count(holder) > 1:
            fail("duplicate_headquarters", ptr("tigers", t, "headquarters"),
                 msg("{id} has only one headquarters and it already stands on another Tiger", id=holder), "BUILD-HQ-02")
    for t in edition.tigers:  # stand-ins for the refused tokens (never scored: the refusal is raised at the end)
        tokens.setdefault(t, next(x for x in edition.prosperity_tokens if x not in tokens.values()))
    tokens = {t: tokens[t] for t in edition.tigers}
    given = data.get("turn_order")
    if isinstance(given, list) and given and all(x in (None, "") for x in given):
        given = None  # slots with no one tapped yet (a phone's draft): not given
    order = turn_order(given, "/turn_order", parts) if given is not None else None
    participants = settle_stacks({pid: participant(pid, p, edition) for pid, p in parts.items()}, edition)
    if order is None:
        order = derived_turn_order(participants, edition)
    era1 = None
    if data.get("era1") is not None:
        era1 = era1_block(data["era1"], parts, edition)
    elif options.prosperity_from_influence_rounds == 2:
        fail("missing_era1", "/era1", msg("prosperity_from_influence_rounds = 2 scores the Era I tracks too: give "
             "era1 (turn order, headquarters, influence and IP after the Era I Influence step)"), "SCORE-INF-01")
    return EndPosition(count, order, tokens, headquarters, participants, options, solo, era1)
