"""What winners did: every per-seat count, winners against the rest and the win rate by amount, on a
hand-made run whose every number is worked out below."""

import dataclasses
import math

import numpy as np
import pytest

from balance import registry
from balance.analysis.flags import find_flags
from balance.analysis.metrics import analyse
from balance.analysis.stats import Z95, mean_interval
from balance.analysis.winners import amount_groups
from balance.report.content import build_document
from balance.report.html import render_html
from tests.analysis.runs import made_run

N = 1000


def coins_run(path, game="toy", labels=("A", "A")):
    """Seat 1 wins games 0-599 with 2 or 3 coins (alternately) while seat 2 has 0, 1 or 2 (in turn); seat 2 wins
    games 600-999 with 3 coins while seat 1 has none."""
    winners = [1 if g < 600 else 2 for g in range(N)]
    coins_1 = [2 + g % 2 if g < 600 else 0 for g in range(N)]
    coins_2 = [g % 3 if g < 600 else 3 for g in range(N)]
    run = made_run(path, game, winners, list(labels), {"coins": [coins_1, coins_2]})
    won = [c for g, c in enumerate(coins_1) if g < 600] + [c for g, c in enumerate(coins_2) if g >= 600]
    rest = [c for g, c in enumerate(coins_2) if g < 600] + [c for g, c in enumerate(coins_1) if g >= 600]
    return run, np.array(won, float), np.array(rest, float)


def test_winners_against_the_rest_with_intervals(tmp_path):
    (games, meta), won, rest = coins_run(tmp_path)
    a = analyse(games, meta)
    (w,) = a.winners
    assert (w.column, w.label, w.side) == ("coins", "coins", "")
    # winners: 300 x 2 + 300 x 3 + 400 x 3 -> mean 2.7; the rest: 200 each of 0, 1, 2 and 400 x 0 -> mean 0.6
    assert w.winners.mean == pytest.approx(2.7) and w.rest.mean == pytest.approx(0.6)
    assert w.winners.mean_interval() == mean_interval(won.mean(), won.std(ddof=1), N)
    d = w.difference
    se = math.sqrt(won.var(ddof=1) / N + rest.var(ddof=1) / N)
    assert (d.value, d.lo, d.hi) == pytest.approx((2.1, 2.1 - Z95 * se, 2.1 + Z95 * se))


def test_win_rate_by_amount(tmp_path):
    (games, meta), _, _ = coins_run(tmp_path)
    (w,) = analyse(games, meta).winners
    # seats with 0 coins: 200 + 400, none won; 1: 200, none; 2: 200 + 300, 300 won; 3: 300 + 400, all won
    assert [(g.label, g.seats, g.wins) for g in w.amounts] == [("0", 600, 0), ("1", 200, 0), ("2", 500, 300),
                                                             ("3", 700, 700)]
    assert w.amounts[2].rate.value == pytest.approx(0.6) and w.base_rate == pytest.approx(0.5)


def test_amounts_group_rare_tops_and_long_ranges():
    # five amounts, the top two held by 2% and 1% of the seats: 4 is rare (< 2%) and joins 3 as "3+"
    assert amount_groups(np.arange(5.0), np.array([500, 300, 170, 20, 10])) == [(0, 0), (1, 1), (2, 2), (3, math.inf)]
    # ... and a rare bottom amount joins the next: 1% of the seats with 0, the rest with 3, 6, 8 or 10
    assert amount_groups(np.array([0.0, 3, 6, 8, 10]), np.array([10, 300, 300, 200, 190])) == [(0, 3), (6, 6), (8, 8),
                                                                                            (10, 10)]
    # a hundred amounts, ten seats each: six ranges of about a sixth of the seats, covering every amount
    groups = amount_groups(np.arange(100.0), np.full(100, 10))
    assert len(groups) == 6 and groups[0][0] == 0 and groups[-1] == (groups[-1][0], math.inf)
    assert all(hi + 1 == lo for (_, hi), (lo, _) in zip(groups, groups[1:]))
    sizes = [(min(hi, 99) - lo + 1) for lo, hi in groups]
    assert max(sizes) - min(sizes) <= 1


def test_labels_are_declared_once_with_the_columns(tmp_path, monkeypatch):
    pig = registry.get_game("pig")
    monkeypatch.setitem(registry._GAMES, "pig", dataclasses.replace(pig, column_labels={"busts": "times busted"}))
    winners = [1 if g % 3 else 2 for g in range(300)]
    busts = [[g % 4 for g in range(300)], [g % 5 for g in range(300)]]
    rolls = [[g % 7 for g in range(300)], [g % 6 for g in range(300)]]
    a = analyse(*made_run(tmp_path, "pig", winners, ["hold", "hold"], {"busts": busts, "rolls": rolls}))
    assert {w.column: w.label for w in a.winners} == {"busts": "times busted", "rolls": "rolls"}
    html = render_html(build_document(a, find_flags(a), None, registry.get_game("pig")))
    assert ">times busted</td>" in html and ">busts</td>" not in html  # the details table uses the label too
    assert ">What winners did</h2>" in html


def test_a_count_that_one_side_never_has_says_nothing_about_it(tmp_path):
    labels = ["glutton", "wrecker", "nearest_exit"]
    winners = [g % 3 + 1 for g in range(600)]
    eaten = [[g % 5 for g in range(600)], [g % 4 for g in range(600)], [0] * 600]  # the human never eats
    evacuated = [[0] * 600, [0] * 600, [g % 6 for g in range(600)]]
    spec = registry.get_game("angry-monsters")
    zero = [[0] * 600] * 3
    columns = {c: zero for c in spec.seat_columns} | {"eaten": eaten, "evacuated": evacuated}
    a = analyse(*made_run(tmp_path, "angry-monsters", winners, labels, columns))
    found = {(w.side, w.column) for w in a.winners}
    assert found == {("the monsters", "eaten"), ("the human", "evacuated")}
