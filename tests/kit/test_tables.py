"""The rules record: a named field per rule, options as codes, padded tables, derived tables."""

from dataclasses import dataclass

import numpy as np
import pytest

from balance.errors import BalanceError
from balance.kit.tables import Tables, table
from balance.rules import rule, section

SIDES = ("west", "east")


@dataclass(frozen=True)
class Beast:
    cost: int = rule(3, "Cost", assumed="x", lo=0, hi=9)
    fierce: bool = rule(True, "Fierce", assumed="x")


@dataclass(frozen=True)
class Other:
    cost: int = rule(5, "Cost", assumed="x", lo=0, hi=9)


@dataclass(frozen=True)
class Toy:
    hit_on: int = rule(4, "Hit on", assumed="x", lo=1, hi=6)
    weight: float = rule(0.5, "A weight", assumed="x", lo=0, hi=1)
    shore: str = rule("east", "Shore", assumed="x", choices=SIDES)
    dice: tuple = rule((3, 4), "Dice per turn", assumed="x", lo=0, hi=9, length=(1, 5))
    pair: tuple = rule((1, 2), "A pair", assumed="x", lo=0, hi=9, length=(2, 2))
    names: tuple = rule(("a", "b"), "Names", assumed="x", length=(1, 9))
    beast: Beast = section(Beast)
    other: Other = section(Other)


@table(np.int64, (4,))
def doubled(rules, players):
    return [2 * d for d in rules.dice] + [players]


TABLES = Tables(Toy, doubled)


def test_each_rule_is_named_by_the_shortest_end_of_its_key_no_other_rule_shares():
    assert TABLES.names() == {"hit_on": "hit_on", "weight": "weight", "shore": "shore", "dice": "dice",
                              "pair": "pair", "beast.cost": "beast_cost", "beast.fierce": "fierce",
                              "other.cost": "other_cost"}


def test_the_record_holds_every_value():
    t = TABLES.python(Toy(dice=(1, 2, 3)), 3)
    assert (t.players, t.hit_on, t.weight, t.beast_cost, t.other_cost, bool(t.fierce)) == (3, 4, 0.5, 3, 5, True)
    assert t.shore == SIDES.index("east")
    assert list(t.dice) == [1, 2, 3, 0, 0] and t.dice_len == 3
    assert list(t.pair) == [1, 2] and "pair_len" not in TABLES.dtype.names  # a fixed length needs no count
    assert "names" not in TABLES.dtype.names  # texts are for derived tables
    assert list(t.doubled) == [2, 4, 6, 3]


def test_the_record_type_does_not_depend_on_the_values():
    assert TABLES.build(Toy(dice=(1,)), 2).dtype == TABLES.build(Toy(dice=(1, 2, 3)), 4).dtype


def test_a_derived_table_larger_than_declared_is_refused():
    with pytest.raises(BalanceError, match="doubled"):
        TABLES.build(Toy(dice=(1, 2, 3, 4)), 2)


def test_a_derived_table_named_like_a_rule_is_refused():
    @table(np.int64)
    def hit_on(rules, players):
        return 1

    with pytest.raises(TypeError, match="hit_on"):
        Tables(Toy, hit_on)


def test_a_table_of_numbers_without_a_length_is_refused():
    @dataclass(frozen=True)
    class Loose:
        dice: tuple = rule((1, 2), "Dice", assumed="x", lo=0, hi=9)

    with pytest.raises(TypeError, match="length"):
        Tables(Loose)
