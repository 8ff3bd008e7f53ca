"""Who wins by choice (the monster a seat plays), on a hand-made run whose every number is worked out below."""

import dataclasses
import math

import pytest

from balance import registry
from balance.analysis.flags import find_flags
from balance.analysis.metrics import analyse
from balance.analysis.stats import wilson
from balance.report.content import build_document
from balance.report.html import render_html
from tests.analysis.runs import made_run


@pytest.fixture
def factions(tmp_path, monkeypatch):
    """Pig with a per-seat choice: 'faction' 1 red, 2 blue.  Games 0-59: red seat 1 beats blue seat 2; games
    60-79: blue seat 1 beats red seat 2; games 80-119: blue seat 1 and red seat 2 draw.  Red: 120 seats, 60 won;
    blue: 120 seats, 20 won."""
    pig = registry.get_game("pig")
    spec = dataclasses.replace(pig, seat_columns=(*pig.seat_columns, "faction"),
                               seat_choices={"faction": ("red", "blue")})
    monkeypatch.setitem(registry._GAMES, "pig", spec)
    winners = [1] * 80 + [-1] * 40
    faction = [[1 if g < 60 else 2 for g in range(120)], [2 if g < 60 else 1 for g in range(120)]]
    zero = [[0] * 120] * 2
    columns = {c: zero for c in pig.seat_columns} | {"faction": faction}
    return analyse(*made_run(tmp_path, "pig", winners, ["hold", "hold"], columns)), spec


def test_win_rate_by_choice_and_the_test_that_it_matters(factions):
    a, _ = factions
    (c,) = a.choices
    assert [(v.name, v.seats, v.wins) for v in c.values] == [("red", 120, 60), ("blue", 120, 20)]
    assert c.fair == pytest.approx(80 / 240) and c.values[0].rate == wilson(60, 120)
    # the 2 x 2 table [[60, 60], [20, 100]]: chi-square = N (ad - bc)^2 / (row and column totals) = 30, 1 degree
    # of freedom, whose tail is erfc(sqrt(30 / 2))
    assert c.p == pytest.approx(math.erfc(math.sqrt(15)), rel=1e-9)
    assert "faction" not in {w.column for w in a.winners}  # a choice is not a count


def test_a_choice_far_from_the_average_seat_is_flagged_and_reported(factions):
    a, spec = factions
    flags = [f for f in find_flags(a) if f.topic == "choice faction"]
    assert [f.headline for f in flags] == ["the red wins more often", "the blue wins less often"]
    html = render_html(build_document(a, flags, None, spec))
    assert ">Who wins: by faction</h2>" in html and ">blue</td>" in html
