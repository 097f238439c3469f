"""Region bonus tokens (REGION-01..07, AMB-25, AMB-26).

A region bonus fires only when an effect says so (REGION-02): the
headquarters bonus, the +3/+5 influence purchases, a satellite relocation and
the ¥ "leftover tokens" effect.  Firing never uses a token up (REGION-07), so
the tokens stay in `state.region_tokens` / `state.leftover_region_tokens`.

Each firing is one step of a ``region_bonus`` frame.  Effects with nothing to
choose (science, energy, influence on the token's own Tiger) apply at once;
influence from a leftover token and goods ask ``choose_region_bonus``.
"""
from __future__ import annotations

from api.games.asian_tigers.decisions import new_decision, push_frame
from api.games.asian_tigers.errors import ActionShapeError, IllegalActionError, joined, msg
from api.games.asian_tigers.state import GameState
from api.games.asian_tigers.told import good_named, tiger_named, told
from api.games.asian_tigers.turn.effects import advance_influence, gain_goods, gain_resource


def activate(state: GameState, seat: str, tokens: list[tuple[str, str | None]], reason: str) -> None:
    """Fire each (token id, Tiger or None for a leftover token) in order, after the current answer."""
    push_frame(state, "region_bonus", ["region_bonus"] * len(tokens), seat=seat, reason=reason,
               tokens=[{"token": token, "tiger": tiger} for token, tiger in tokens])


def activate_for_tiger(state: GameState, seat: str, tiger: str, reason: str) -> None:
    """Fire the token lying on `tiger` (IBONUS-08..11, PERF-06)."""
    activate(state, seat, [(state.region_tokens[tiger], tiger)], reason)


def token_label(state: GameState, token: str, tiger: str | None):
    """``region bonus RB3 of Taiwan (good 1)`` / ``leftover region bonus RB5 (science 2)`` (a message)."""
    effect = state.edition.region_bonus_tokens[token].replace("_", " ")
    if tiger is None:
        return msg("leftover {token} ({effect})", token=f"region bonus {token}", effect=effect)
    return msg("{token} of {tiger} ({effect})", token=f"region bonus {token}", tiger=tiger_named(state, tiger),
               effect=effect)


def _spec(state: GameState, token: str) -> dict:
    effect = state.edition.region_bonus_tokens[token]
    return state.edition.catalog["region_bonus_effects"][effect]["effects"][0]


def goods_produced_on(state: GameState, tiger: str) -> list[str]:
    """AMB-26: good types of the factories (anyone's, the neutral's too) standing on `tiger`."""
    made = {state.edition.space(p.space).good for p in state.pieces if p.tiger == tiger and p.kind == "factory"}
    return [g for g in state.edition.goods if g in made]


def good_choices(state: GameState, tiger: str | None) -> list[str]:
    """REGION-04: goods a good token may give now; only types the supply still holds (AMB-37)."""
    eligible = list(state.edition.goods) if tiger is None else goods_produced_on(state, tiger)
    return [g for g in eligible if state.supply_goods[g] > 0]


def region_bonus_step(state: GameState, frame: dict, events: list[dict]) -> dict | None:
    """Fire the frame's next token; ask only when the token leaves a choice."""
    entry = frame["tokens"].pop(0)
    token, tiger, seat = entry["token"], entry["tiger"], frame["seat"]
    player = state.player(seat)
    spec = _spec(state, token)
    label = token_label(state, token, tiger)
    reason = msg("{token}, from {reason}", token=label, reason=frame["reason"])
    events.append({"kind": "region_bonus_activated", "participant": seat, "token": token, "tiger": tiger,
                   **told(msg("{player} activates the {token} — {reason}", player=player.name, token=label,
                              reason=frame["reason"]))})
    if spec["do"] == "gain" and spec["resource"] in ("energy", "science"):  # REGION-05/06
        events.extend(gain_resource(state.player(seat), spec["resource"], spec["amount"], reason))
        return None
    if spec["do"] == "advance_influence" and tiger is not None:  # REGION-03: the token's own Tiger
        events.extend(advance_influence(state, seat, tiger, spec["amount"], reason))
        return None
    if spec["do"] == "gain" and spec["resource"] == "good" and not good_choices(state, tiger):
        # REGION-04 / AMB-26 / AMB-37: nothing is produced there, or the supply is out of those goods.
        why = msg("no factory stands on {tiger}", tiger=tiger_named(state, tiger)) if tiger is not None and \
            not goods_produced_on(state, tiger) else msg("the supply has none of the goods it could give")
        events.append({"kind": "region_bonus_empty", "participant": seat, "token": token,
                       **told(msg("The {token} gives {player} nothing: {why}", token=label, player=player.name,
                                  why=why))})
        return None
    return new_decision(state, "choose_region_bonus", seat, declinable=False, token=token, tiger=tiger,
                        reason=str(reason))  # kept in the state: English, as the rules stored it


def check_region_choice(state: GameState, decision: dict, action: dict) -> dict:
    """Validate the Tiger (leftover influence token) or good (good token) chosen."""
    spec = _spec(state, decision["token"])
    if spec["do"] == "advance_influence":
        tiger = action.get("tiger")
        if tiger not in state.edition.tigers:
            raise ActionShapeError(msg("say which Tiger gains the influence (\"tiger\": one of {tigers})",
                                       tigers=', '.join(state.edition.tigers)), code="tiger_required", field="tiger",
                                   rule="REGION-03")
        extra = sorted(set(action) - {"kind", "decision", "tiger"})
        if extra:
            raise ActionShapeError(msg("an influence token takes only a \"tiger\""), code="unexpected_field",
                                   field=extra[0])
        return {"tiger": tiger, "amount": spec["amount"]}
    good = action.get("good")
    if good not in state.edition.goods:
        raise ActionShapeError(msg("say which good to take (\"good\": one of {goods})",
                                   goods=', '.join(state.edition.goods)), code="good_required", field="good",
                               rule="REGION-04")
    extra = sorted(set(action) - {"kind", "decision", "good"})
    if extra:
        raise ActionShapeError(msg("a good token takes only a \"good\""), code="unexpected_field", field=extra[0])
    tiger = decision["tiger"]
    if tiger is not None and good not in goods_produced_on(state, tiger):
        made = goods_produced_on(state, tiger)
        raise IllegalActionError(msg("This token gives only a good some factory on {tiger} makes ({made})",
                                     tiger=tiger_named(state, tiger), made=joined(list(map(good_named, made)), ", ")),
                                 code="good_not_produced_here", rule="REGION-04")
    if state.supply_goods[good] < 1:
        raise IllegalActionError(msg("The supply has no {good} left", good=good_named(good)), code="supply_empty",
                                 rule="AMB-37")
    return {"good": good, "amount": spec["amount"]}


def region_bonus_options(state: GameState, decision: dict) -> list[dict]:
    """Every Tiger (leftover influence token) or every good the token may give."""
    spec = _spec(state, decision["token"])
    if spec["do"] == "advance_influence":
        return [{"kind": "take_region_bonus", "tiger": t} for t in state.edition.tigers]
    return [{"kind": "take_region_bonus", "good": g} for g in good_choices(state, decision["tiger"])]


def take_region_bonus(state: GameState, action: dict, events: list[dict]) -> None:
    """REGION-03/04: influence on the chosen Tiger, or the chosen good."""
    decision = state.decisions[-1]
    choice = check_region_choice(state, decision, action)
    player = state.player(decision["seat"])
    if "tiger" in choice:
        events.extend(advance_influence(state, player.id, choice["tiger"], choice["amount"], decision["reason"]))
    else:
        events.extend(gain_goods(state, player, choice["good"], choice["amount"], decision["reason"]))
