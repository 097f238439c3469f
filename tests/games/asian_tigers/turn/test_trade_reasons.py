"""TRADE-09 in the table's words (issue 33, item 11): a trade centre where no sale is possible says, nation
by nation, what is missing — which goods, no flag left, or no open row — not "goods, flags or a row"."""
from api.games.asian_tigers import apply
from api.games.asian_tigers.errors import RulesError
from tests.games.asian_tigers.builders import game, modified
from tests.games.asian_tigers.turn.test_trade_rules import with_goods


def refusal(state, center):
    try:
        apply(state, {"kind": "place_worker", "center": center})
    except RulesError as err:
        return err
    raise AssertionError("the placement was accepted")


def test_trade_09_names_what_each_nation_lacks():
    # TRADE-09: seat 0 holds one Finance; ITC1's nations: United States, Canada, Australia
    err = refusal(game(2), "ITC1")
    assert err.code == "no_possible_sale" and err.rule == "TRADE-09"
    text = str(err)
    assert "United States takes 1 Automobiles + 1 Electronics (you have no Automobiles and no Electronics)" in text
    assert "Canada takes 1 Machinery + 1 Finance (you have no Machinery)" in text
    assert "goods, flags or an open row" not in text


def test_trade_09_names_an_empty_flag_stack():
    # TRADE-08/09: the goods are there but the stack is empty
    state = modified(with_goods(game(2), Automobiles=1, Electronics=1),
                     lambda d: d["flag_stacks"].update(USA=[]))
    text = str(refusal(state, "ITC1"))
    assert "United States has no flag left" in text
