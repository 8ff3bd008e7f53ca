"""Every rule a scenario may change has a range that the kernels can hold."""

import math

import pytest

from balance.registry import games
from balance.rules import check_value, rule_values

INT32 = 2**31  # the kernels' records are int32 and their tables int32/int64: every allowed value fits


def numeric_rules(game_id):
    for rv in rule_values(games()[game_id].rules_cls()):
        value = rv.default[0] if isinstance(rv.default, tuple) and rv.default else rv.default
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            yield rv, type(value)


def test_every_numeric_rule_of_every_game_has_a_finite_range_the_kernels_can_hold(game_id):
    unbounded = []
    for rv, kind in numeric_rules(game_id):
        lo, hi = rv.info.lo, rv.info.hi
        if lo is None or hi is None or not (math.isfinite(lo) and math.isfinite(hi)) or not lo <= hi:
            unbounded.append(f"{rv.key}: lo={lo}, hi={hi}")
        elif kind is int and not (-INT32 < lo and hi < INT32):
            unbounded.append(f"{rv.key}: {lo} to {hi} does not fit in int32")
    assert not unbounded, f"{game_id}: rules without a safe range: {unbounded}"


@pytest.mark.parametrize("value", [2**62, 2**70, -2**70])
def test_a_huge_integer_is_refused_by_every_integer_rule(game_id, value):
    for rv, kind in numeric_rules(game_id):
        given = (value,) * len(rv.default) if isinstance(rv.default, tuple) else value
        _, problem = check_value(given, rv.default, rv.info)
        assert problem and "is not allowed" in problem, rv.key


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf])
def test_nan_and_infinity_are_refused_by_every_number_rule(game_id, value):
    for rv, kind in numeric_rules(game_id):
        given = (value,) * len(rv.default) if isinstance(rv.default, tuple) else value
        _, problem = check_value(given, rv.default, rv.info)
        assert problem and "is not allowed" in problem, rv.key
