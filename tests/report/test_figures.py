"""The report's figures read right in the corner cases a real game reaches."""

from types import SimpleNamespace

from matplotlib.figure import Figure

from balance.analysis.stats import Histogram
from balance.report.figures import draw_length, draw_strategy_seats


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
