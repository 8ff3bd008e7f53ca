"""The report's figures read right in the corner cases a real game reaches."""

from types import SimpleNamespace

from matplotlib.figure import Figure

from balance.analysis.stats import Histogram
from balance.report.figures import draw_length


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
