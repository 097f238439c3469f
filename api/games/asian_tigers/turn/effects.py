"""Small state operations shared by actions and bonuses (data ops, no choices).

Each returns the events it caused; the caller appends them to the step's log.
"""
from __future__ import annotations

from api.games.asian_tigers.state import NEUTRAL, GameState, PlayerState
from api.games.asian_tigers.told import good_named, tiger_named, told
from api.games.messages import msg

RESOURCES = {"energy": msg("energy"), "science": msg("science")}


def tiger_name(state: GameState, tiger: str) -> str:
    """Display name of a Tiger (``SK`` → ``South Korea``)."""
    return state.edition.tigers[tiger].name


def advance_global_market(state: GameState, participant: str, amount: int, reason: str) -> list[dict]:
    """Move a GM marker; a marker landing on an occupied space goes on top (GM-02)."""
    if amount <= 0:
        return []
    start = state.gm_position(participant)
    market = state.global_market
    market[str(start)].remove(participant)
    if not market[str(start)]:
        del market[str(start)]
    end = start + amount
    market.setdefault(str(end), []).append(participant)
    if participant == NEUTRAL:
        said = msg("The neutral player advances {amount} on the global market ({start} → {end}) — {reason}",
                   amount=amount, start=start, end=end, reason=reason)
    else:
        said = msg("{player} advances {amount} on the global market ({start} → {end}) — {reason}",
                   player=state.player(participant).name, amount=amount, start=start, end=end, reason=reason)
    return [{"kind": "global_market_advanced", "participant": participant, "amount": amount, "from": start, "to": end,
             **told(said)}]


def advance_influence(state: GameState, participant: str, tiger: str, amount: int, reason: str) -> list[dict]:
    """Raise influence on a Tiger (INFL-01: no maximum)."""
    player = state.player(participant)
    before = player.influence[tiger]
    player.influence[tiger] = before + amount
    return [{"kind": "influence_gained", "participant": participant, "tiger": tiger, "amount": amount,
             **told(msg("{player} gains {amount} influence in {tiger} ({start} → {end}) — {reason}",
                        player=player.name, amount=amount, tiger=tiger_named(state, tiger), start=before,
                        end=before + amount, reason=reason))}]


def gain_goods(state: GameState, player: PlayerState, good: str, amount: int, reason: str) -> list[dict]:
    """Take goods from the supply; a gain the supply cannot cover is reduced (AMB-37)."""
    given = min(amount, state.supply_goods[good])
    state.supply_goods[good] -= given
    player.goods[good] += given
    values = dict(player=player.name, given=given, good=good_named(good), reason=reason)
    said = msg("{player} receives {given} {good} — {reason}", **values) if given >= amount else msg(
        "{player} receives {given} {good} — {reason} (the supply had only {given} of {amount})", **values,
        amount=amount)
    return [{"kind": "goods_gained", "participant": player.id, "good": good, "amount": given, "requested": amount,
             **told(said)}]


def gain_resource(player: PlayerState, resource: str, amount: int, reason: str) -> list[dict]:
    """Energy and science are unlimited (AMB-37)."""
    setattr(player, resource, getattr(player, resource) + amount)
    return [{"kind": f"{resource}_gained", "participant": player.id, "amount": amount,
             **told(msg("{player} gains {amount} {resource} — {reason}", player=player.name, amount=amount,
                        resource=RESOURCES.get(resource, resource), reason=reason))}]


def pay_resource(player: PlayerState, resource: str, amount: int, reason: str) -> list[dict]:
    """Pay energy or science (the caller has checked it is affordable)."""
    if amount <= 0:
        return []
    setattr(player, resource, getattr(player, resource) - amount)
    return [{"kind": f"{resource}_paid", "participant": player.id, "amount": amount,
             **told(msg("{player} pays {amount} {resource} — {reason}", player=player.name, amount=amount,
                        resource=RESOURCES.get(resource, resource), reason=reason))}]


def apply_simple_effect(state: GameState, participant: str, effect, tiger: str | None, reason: str) -> list[dict]:
    """Apply an effect that needs no choice: GM or influence on the acting Tiger, energy, science."""
    verb = effect["do"]
    if verb == "advance_global_market":
        return advance_global_market(state, participant, effect["amount"], reason)
    if verb == "advance_influence" and effect.get("tiger") in ("this", "same"):
        return advance_influence(state, participant, tiger, effect["amount"], reason)
    if verb == "gain" and effect["resource"] in ("energy", "science"):
        return gain_resource(state.player(participant), effect["resource"], effect["amount"], reason)
    raise NotImplementedError(f"effect {verb} needs a choice")


def owner_name(state: GameState, participant: str) -> str:
    """A participant's name in a sentence: the player's, or "the neutral player"."""
    return "the neutral player" if participant == NEUTRAL else state.player(participant).name
