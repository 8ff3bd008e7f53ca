"""The report's figures read right in the corner cases a real game reaches."""

from types import SimpleNamespace

import numpy as np
import pytest
from matplotlib.figure import Figure

from balance.analysis.stats import Histogram
from balance.report.figures import NOISE_SPAN, RATE_SPAN, colour_range, draw_length, draw_strategy_seats


def test_a_game_length_every_game_shares_has_one_line_one_label_and_whole_turns():
    """Every solo Moon game lasts 19 turns: the 5%, median and 95% lines were three labels printed over each other,
    on ticks of 18.6, 18.8 ... turns."""
    fig = Figure()
    draw_length(fig, SimpleNamespace(turns=Histogram.from_counts([19], [5000])))
    ax = fig.axes[0]
    assert [t.get_text() for t in ax.texts] == ["5%, median, 95% 19"]
    assert all(float(x).is_integer() for x in ax.get_xticks())


def test_a_game_length_with_three_quantiles_labels_each_once():
    fig = Figure()
    draw_length(fig, SimpleNamespace(turns=Histogram.from_counts([10, 20, 30], [10, 80, 10])))
    assert sorted(t.get_text() for t in fig.axes[0].texts) == ["5% 10", "95% 30", "median 20"]


def test_a_win_rate_heat_map_shows_no_rate_below_0_or_above_1():
    """Wrecker 61% and hunter 4% against a fair 25%: the colours are symmetric about 25%, so they reach -11%, but the
    colour bar stops at 0%."""
    fig = Figure()
    strategies = {"wrecker": SimpleNamespace(seat_played=[100, 100], seat_wins=[61, 61]),
                  "hunter": SimpleNamespace(seat_played=[100, 100], seat_wins=[4, 5])}
    draw_strategy_seats(fig, SimpleNamespace(strategies=strategies, players=2, has_sides=False, fair_share=0.25))
    bar = fig.axes[0].collections[0].colorbar
    lo, hi = bar.ax.get_ylim()
    assert lo == 0.0 and hi == 0.25 + (0.61 - 0.25)
    assert bar.norm.vmin < 0.0  # the colours themselves stay symmetric


def test_a_heat_map_keeps_the_noise_pale():
    """A sweep's four seats, 50,000 games a point: seat 1's rates 24.8-25.2% (95% half-width 0.4 points) are noise, and
    a scale stretched over them painted 24.8% deep blue and 25.2% deep red; the colours now span 3 half-widths either
    side of the fair share, so those cells stay within a third of the scale of white."""
    noise = 0.004
    lo, hi = colour_range(np.array([[0.248, 0.250], [0.249, 0.252]]), noise, centre=0.25)
    assert NOISE_SPAN == 3 and (lo, hi) == pytest.approx((0.238, 0.262))
    # a real difference spans the scale itself, white still at the fair share
    assert colour_range(np.array([0.05, 0.60, np.nan]), noise, centre=0.25) == pytest.approx((-0.10, 0.60))
    # and a rate spans at least 2 points, however many games make its noise small
    assert RATE_SPAN == 0.02 and colour_range(np.array([0.249, 0.251]), 0.0005, 0.25, least=RATE_SPAN) == \
        pytest.approx((0.23, 0.27))
    # a spread starts at 0 and reaches at least 6 half-widths; a mean with no fair value sits mid-scale
    assert colour_range(np.array([0.005, 0.0045]), noise, floor=0.0) == pytest.approx((0.0, 0.024))
    assert colour_range(np.array([0.0, 0.05]), noise, floor=0.0) == pytest.approx((0.0, 0.05))
    assert colour_range(np.array([7.920, 7.924]), 0.002) == pytest.approx((7.916, 7.928))
    assert colour_range(np.array([7.0, 9.0]), 0.002) == pytest.approx((7.0, 9.0))

