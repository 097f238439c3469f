"""Human-readable strings without component codes (issue 12).

The engine's event texts name things as it knows them (``SK.F2``, ``PT3``,
``sector S8``, ``flag JPN-1``, ``tile AT05``,
``campaign tile CT3``).  `humanize` rewrites every
code the edition defines into its label, so the log, the outcome and the
view read in words; the structured fields beside each text keep the codes for
machines.  One compiled pattern per edition and player count.
"""
from __future__ import annotations

import re
from dataclasses import replace

from api.games.asian_tigers.edition.load import CENTERS, Edition
from api.games.asian_tigers.presentation.cache import per_edition
from api.games.asian_tigers.presentation import labels as L
from api.games.asian_tigers.presentation.phrases import phrase
from api.games.asian_tigers.told import COLOURS
from api.games.messages import ENGLISH, Language, Message, msg, render


@per_edition
def _rewriter(edition: Edition, player_count: int):
    """(pattern, replacement table, second-mention table) for this edition and player count: a line names a
    space, a flag, a tile or a trade centre in full once; a later mention in the same line takes its short name
    from the second table (issue 33, item 8: no label said twice in one line)."""
    table: dict[str, str] = {}
    again: dict[str, str] = {}
    for tiger in edition.tigers.values():
        for space in tiger.spaces.values():
            table[space.id] = L.space_label(edition, space)
            again[space.id] = f"that {space.kind.replace('_', ' ')}"
            if space.kind == "university" and space.bonus is not None:  # the line says what the bonus gave
                bonus = " · " + L.effect_text(edition, space.bonus)
                table[f"university bonus on {space.id}"] = f"university bonus on {table[space.id].replace(bonus, '')}"
        for mid in tiger.local_markets:
            table[mid] = L.market_label(edition, mid)
        for sid in tiger.satellite_spaces:
            table[sid] = L.satellite_space_label(edition, sid)
        table[tiger.headquarters_slot] = f"{tiger.name} · headquarters"
        for letter in CENTERS:
            table[f"{tiger.id}.{letter}"] = L.center_label(edition, f"{tiger.id}.{letter}")
    for tc in edition.trade_centers:
        table[f"trade centre {tc}"] = table[tc] = L.trade_center_label(edition, tc)
        again[f"trade centre {tc}"] = again[tc] = table[tc].split(" (")[0]  # without its nations
    for nation in edition.nations.values():
        for flag in nation.flags:
            table[flag.id] = L.flag_label(edition, flag.id)
            again[flag.id] = nation.name
            for which in ("a new nation", "a repeat"):  # the Automa's flag: its words once, not twice
                phrase = f"flag {flag.id} ({nation.name}, {which}, value {flag.value})"
                table[phrase] = f"flag {table[flag.id]} ({which})"
    for token in edition.prosperity_tokens:
        table[f"token {token}"] = f"prosperity token {L.prosperity_label(edition, token, player_count)}"
        table[token] = f"prosperity token {L.prosperity_label(edition, token, player_count)}"
    for token in edition.region_bonus_tokens:
        table[f"region bonus {token}"] = f"region bonus “{L.region_token_label(edition, token)}”"
        table[token] = f"region bonus “{L.region_token_label(edition, token)}”"
    for token in (*edition.dollar_tokens, *edition.yen_tokens):
        table[f"token {token}"] = f"token “{L.performance_label(edition, token)}”"
    for sector in edition.sectors:  # short in a sentence; the labels document has the bonus too
        table[f"sector {sector}"] = f"sector {sector.lstrip('S')}"
    board = edition.solo.get("automa_board", {}) if edition.solo else {}
    for group in ("infrastructure_sectors", "final_scoring_sectors"):
        for sector in board.get(group, {}):
            table[f"sector {sector}"] = L.sector_label(edition, sector).split(" (")[0]
    for tiger in edition.tigers.values():
        table[tiger.id] = tiger.name
    for code, nation in edition.nations.items():
        table[code] = nation.name
    for index, worker in enumerate(edition.worker_types, start=1):
        table[worker] = f"type {index}"
    for tile in (edition.solo.get("action_tiles", {}) if edition.solo else {}):
        table[f"tile {tile}"] = f"tile “{L.automa_tile_label(edition, tile)}”"
        table[tile] = f"tile “{L.automa_tile_label(edition, tile)}”"
        again[f"tile {tile}"] = again[tile] = "the tile"
    for tile in (edition.solo.get("campaign_tiles", {}) if edition.solo else {}):
        table[f"campaign tile {tile}"] = f"campaign tile “{L.campaign_goal_label(edition, tile)}”"
        table[tile] = f"campaign tile “{L.campaign_goal_label(edition, tile)}”"
    for table_name in L.BONUS_TABLES:
        for bonus in edition.catalog.get(table_name, {}):
            label = f"“{L.bonus_label(edition, bonus, table_name)}”"
            table.setdefault(f"bonus {bonus.replace('_', ' ')}", f"bonus {label}")
            table.setdefault(f"the {bonus.replace('_', ' ')} bonus", f"the {label} bonus")
    # Engine phrases that say a thing twice, said once (issue 33, item 8).  Rewritten here, not at their
    # source: the Automa's instructions and the final score lines are part of the hashed state.
    table.update(_SAID_ONCE)
    for row, data in edition.rows.items():  # short in a sentence: the bonus it gives is its own line
        table[f"row {row}"] = f"sector {data.sector} row {row[len(data.sector):]}"
    # Longest first, so a code never gives way to a shorter one it starts with (``SK.F2`` before ``SK``); a
    # code inside a longer word or id is left alone.
    keys = sorted(table, key=len, reverse=True)
    pattern = re.compile(r"(?<![\w.:])(?:" + "|".join(re.escape(k) for k in keys) + r")(?![\w])")
    return pattern, table, again


_SAID_ONCE = {
    "the Automa Automa": "the Automa",  # "vs the Automa Automa (red)": its name is "Automa"
    "tie broken by your most investment points; tie broken by": "tie broken by your most investment points, then by",
}


def humanize(edition: Edition, player_count: int, text: str) -> str:
    """`text` with every edition code replaced by its label."""
    if not text:
        return text
    return _humanized(edition, player_count, text)


@per_edition
def _humanized(edition: Edition, player_count: int, text: str) -> str:
    # Memoised: the same refusals and event texts recur on every view and move (the pattern is long).
    pattern, table, again = _rewriter(edition, player_count)
    said: list[str] = []  # the labels put in so far (a tile's label may hold a trade centre's)

    def words(match) -> str:
        code = match.group(0)
        label = table[code]
        if code in again and any(label in before for before in said):
            return again[code]
        said.append(label)
        return label
    return pattern.sub(words, text)


def narrate(edition: Edition, player_count: int, events: list[dict]) -> list[dict]:
    """The events with each ``text`` in words (new dicts; codes stay in the other fields), and each ``message``
    (issue 37) as JSON with its codes in words too: a component the edition names is said as a label message
    or a name value (in the reader's language when said), any other code as its English label."""
    out = []
    for event in events:
        event = dict(event)
        if isinstance(event.get("text"), str):
            event["text"] = humanize(edition, player_count, event["text"])
        if isinstance(event.get("message"), Message):
            said = in_words(edition, player_count, event["message"])
            if event.get("kind") == "automa_turn" and str(said) != event["text"]:  # said otherwise: its English
                said = msg("Automa: {line}", line=event["text"].removeprefix("Automa: "))
            event["message"] = said.as_json()
            if event.get("kind") == "score_line" and str(said).replace(", token ", ", prosperity token ") != \
                    event["text"]:
                del event["message"]  # the scorer's message names a code its line says otherwise: English only
        out.append(event)
    return out


def event_lines(edition: Edition, events: list[dict], language: Language = ENGLISH) -> list[str]:
    """Each narrated event's line in `language` (the edition's names in it): English is the event's ``text`` as
    stored; an event without a message (stored before issue 37) keeps its English ``text``."""
    if language.code == "en":
        return [e.get("text", "") for e in events if isinstance(e, dict)]
    said = L.in_language(edition, language)
    if any(isinstance(e, dict) and e.get("forfeited") for e in events):  # the bonuses given up, by their effect
        said = replace(said, names={**said.names, "bonuses": {code: render(L.bonus_label(
            edition, code, table, L.keep), said) for table in L.BONUS_TABLES for code in edition.catalog.get(table, {})}})
    return [render(e["message"], said) if isinstance(e.get("message"), dict) else e.get("text", "")
            for e in events if isinstance(e, dict)]


def in_words(edition: Edition, player_count: int, message: Message) -> Message:
    """`message` with each value that is a code (or holds codes) in words, as `humanize` says them in English."""
    kept = _kept(edition)
    tokens = _tokens(edition, player_count)

    def english(v: str) -> str:
        return humanize(edition, player_count, v)

    again, said = _again(edition), set()  # a tile, a flag or a trade centre said once, then short (as `humanize`)

    def value(v):
        if isinstance(v, Message):
            return replace(v, params={k: value(x) for k, x in v.params.items()})
        if isinstance(v, str) and v in again:
            first, _ = v not in said, said.update((v, *again.get((v,), ())))  # a tile's label holds its centre
            return kept[v] if first else again[v]
        if isinstance(v, str):  # a code, a phrase the state keeps (`phrases`), else its English words
            return (kept.get(v) or tokens.get(v) or phrase(edition, player_count, v, value, english) or player(v)
                    or english(v))
        if isinstance(v, dict) and ("and" in v or "sum" in v):
            return {key: [value(x) for x in items] for key, items in v.items()}
        return v
    return value(message)


_PLAYER = re.compile(r"(.+) \((\w+)\)")  # a player's label as era2.display_labels writes it: "Ann (red)"


def player(v: str) -> Message | None:
    """A player's label ("Ann (red)") with the colour in the reader's words, the neutral player's seat, else None."""
    if v == "neutral":
        return msg("neutral")
    label = _PLAYER.fullmatch(v)
    return msg("{player} ({colour})", player=label[1], colour=COLOURS[label[2]]) if label and label[2] in COLOURS else None


@per_edition
def _again(edition: Edition) -> dict:
    """A code's short name when a line names it a second time (`_rewriter`'s second table): "the tile", a flag's
    nation, a trade centre without its nations."""
    table: dict = {}
    for tile in (edition.solo.get("action_tiles", {}) if edition.solo else {}):
        table[f"tile {tile}"] = msg("the tile")
    for tiger in edition.tigers.values():
        for space in tiger.spaces.values():
            table[space.id] = msg("that {building}", building=L.named(edition, "buildings", space.kind))
    for nation in edition.nations.values():
        for flag in nation.flags:
            table[flag.id] = L.named(edition, "nations", nation.code)
    kinds = {"special": msg("the special trade centre"), "regional": msg("the regional trade centre"),
             "international": msg("the international trade centre")}
    for tc, data in edition.trade_centers.items():
        if data["kind"] in kinds:
            table[f"trade centre {tc}"] = table[tc] = kinds[data["kind"]]
    for tile, data in (edition.solo.get("action_tiles", {}) if edition.solo else {}).items():
        if data["target"]["type"] == "trade_center":  # (code,): the codes its label says too
            table[(f"tile {tile}",)] = (data["target"]["trade_center"], f"trade centre {data['target']['trade_center']}")
    return table


@per_edition
def _tokens(edition: Edition, player_count: int) -> dict:
    """A prosperity token's code in a score line's message ("token {token}") said by its values."""
    return {token: L.prosperity_label(edition, token, player_count) for token in edition.prosperity_tokens}


@per_edition
def _kept(edition: Edition) -> dict:
    """Codes said as a label message whose names the reader's language says (a space, a centre, a flag…)."""
    table: dict = {}
    keep = L.keep
    for tiger in edition.tigers.values():
        table[tiger.id] = table[tiger.name] = L.named(edition, "tigers", tiger.id)
        for space in tiger.spaces.values():
            table[space.id] = L.space_label(edition, space, "en", keep)
        for mid in tiger.local_markets:
            table[mid] = L.market_label(edition, mid, "en", keep)
        for sid in tiger.satellite_spaces:
            table[sid] = L.satellite_space_label(edition, sid, "en", keep)
        for letter in CENTERS:
            table[f"{tiger.id}.{letter}"] = L.center_label(edition, f"{tiger.id}.{letter}", "en", keep)
    for tc in edition.trade_centers:
        table[f"trade centre {tc}"] = table[tc] = L.trade_center_label(edition, tc, "en", keep)
    for token in edition.region_bonus_tokens:  # as `_rewriter` says "region bonus RB3" and "performance token D1"
        table[f"region bonus {token}"] = msg("region bonus “{token}”", token=L.region_token_label(edition, token, keep))
    for token in (*edition.dollar_tokens, *edition.yen_tokens):
        table[f"performance token {token}"] = msg("performance token “{token}”",
                                                  token=L.performance_label(edition, token, keep))
    for tile in (edition.solo.get("action_tiles", {}) if edition.solo else {}):
        table[f"tile {tile}"] = msg("tile “{tile}”", tile=L.automa_tile_label(edition, tile, keep))
    table.update(_automa_words(edition))
    table.update(_ACTIONS)
    for good in edition.goods:  # a good chosen by name ("take region bonus Finance")
        table.setdefault(good, L.named(edition, "goods", good))
    for index, worker in enumerate(edition.worker_types, start=1):  # "a {worker} worker": "a type 1 worker"
        table[worker] = msg("type {number}", number=index)
    for nation in edition.nations.values():
        table[nation.code] = table[nation.name] = L.named(edition, "nations", nation.code)
        for flag in nation.flags:
            table[flag.id] = L.flag_label(edition, flag.id, "en", keep)
    return table


# An action's kind in words, as the engine's one-choice line says it ("Ann had one choice: end turn").
_ACTIONS = {m.id: m for m in (
    msg("accept special flag"), msg("advance with flag"), msg("attach parts factory"), msg("build"),
    msg("build department"), msg("choose automa region"), msg("decline special flag"), msg("draw era2 setup"),
    msg("end turn"), msg("finish sales"), msg("ignore bonus"), msg("place worker"), msg("resolve bonus"),
    msg("reveal automa tile"), msg("reveal automa"), msg("run factory"), msg("sell local"), msg("sell to nation"), msg("skip local sale"),
    msg("skip second production"), msg("skip university action"), msg("special advance"), msg("special sale"),
    msg("take region bonus"))}


def _automa_words(edition: Edition) -> dict:
    """The code phrases of the Automa's and the bonuses' lines as `_rewriter` says them, as label messages: an
    Automa sector (and its bonus, its being full), a campaign tile, a bonus by its effect, a university's bonus
    on its space, a region token's effect code ("influence 3")."""
    table: dict = {}
    board = edition.solo.get("automa_board", {}) if edition.solo else {}
    for index, (sector, data) in enumerate(board.get("infrastructure_sectors", {}).items(), start=1):
        table[f"sector {sector}"] = msg("Automa {good} sector", good=L.named(edition, "goods", data["factory"]))
    for index, sector in enumerate(board.get("final_scoring_sectors", {}), start=1):
        table[f"sector {sector}"] = msg("Automa flag sector {index}", index=index)
    for sector in list(table):  # the frames' sources ("sector AS1 bonus", "sector AF2 full")
        table[f"S{sector[1:]}"] = table[sector]  # "Sector AS1" starts a line: "Automa …" already does
        table[f"{sector} bonus"] = msg("{sector} bonus", sector=table[sector])
        table[f"{sector} full"] = msg("{sector} full", sector=table[sector])
    for tile in (edition.solo.get("campaign_tiles", {}) if edition.solo else {}):
        table[f"campaign tile {tile}"] = msg("campaign tile “{tile}”", tile=L.campaign_goal_label(edition, tile, L.keep))
    for table_name in L.BONUS_TABLES:
        for bonus in edition.catalog.get(table_name, {}):
            label = L.bonus_label(edition, bonus, table_name, L.keep)
            table.setdefault(f"bonus {bonus.replace('_', ' ')}", msg("bonus “{bonus}”", bonus=label))
            table.setdefault(f"the {bonus.replace('_', ' ')} bonus", msg("the “{bonus}” bonus", bonus=label))
    for tiger in edition.tigers.values():
        for space in tiger.spaces.values():
            if space.kind == "university" and space.bonus is not None:  # the line says what the bonus gave
                label = L.space_label(edition, space, "en", L.keep)
                effect = L.effect_text(edition, space.bonus)
                parts = [v for v in label.params.values() if str(v) != effect]
                table[f"university bonus on {space.id}"] = msg("university bonus on {space}", space=Message(
                    " · ".join(f"{{p{i}}}" for i in range(len(parts))), {f"p{i}": p for i, p in enumerate(parts)}))
    effects = {"advance_influence": lambda n: msg("influence {amount}", amount=n),
               "good": lambda n: msg("good {amount}", amount=n), "science": lambda n: msg("science {amount}", amount=n),
               "energy": lambda n: msg("energy {amount}", amount=n)}
    for code, data in edition.catalog.get("region_bonus_effects", {}).items():
        entry = data["effects"][0]
        said = effects.get(entry["do"] if entry["do"] != "gain" else entry.get("resource"))
        if said is not None and str(said(entry["amount"])) == code.replace("_", " "):  # else its English words
            table[code.replace("_", " ")] = said(entry["amount"])
    return table


def humanize_tree(edition: Edition, player_count: int, value, keys=("text", "label", "lines", "instructions", "automa_instructions")):
    """Humanize the strings under `keys` anywhere in a JSON-ready value (outcome, solo view)."""
    if isinstance(value, dict):
        return {k: (_strings(edition, player_count, v) if k in keys else humanize_tree(edition, player_count, v, keys))
                for k, v in value.items()}
    if isinstance(value, list):
        return [humanize_tree(edition, player_count, v, keys) for v in value]
    return value


def _strings(edition: Edition, player_count: int, value):
    if isinstance(value, str):
        return humanize(edition, player_count, value)
    if isinstance(value, list):
        return [_strings(edition, player_count, v) for v in value]
    return humanize_tree(edition, player_count, value)


def humanize_error(edition: Edition, player_count: int, exc) -> None:
    """Rewrite a `RulesError`'s message in words, in place (its code and rule stay)."""
    exc.message = humanize(edition, player_count, exc.message)
    exc.args = (exc.message,)
