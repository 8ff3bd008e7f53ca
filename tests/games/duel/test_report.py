"""The report's map section: the map drawn as the replay names its squares, with its counts."""

from matplotlib.figure import Figure

from balance.games.duel.report import the_map
from balance.scenario import from_dict

# 13 x 3: the five blue start spots and the seven red ones on row 1; a building, a bonus square and the jeep
SMALL = ("bbbbbrrrrrrr.", "..#?.....J...", ".............")


def section(**rules):
    """The section's text and its figure, drawn, for the default seats with these rules."""
    sc = from_dict({"game": "moongha-duel", "players": 2, "rules": rules,
                    "seats": [{"policy": "sniper"}, {"policy": "hunter"}]})
    text, plot = the_map(None, {"scenario": sc.resolved()})
    fig = Figure(figsize=(7, plot.height))
    plot.draw(fig)
    return text.text, fig.axes[0]


def marked(ax, label: str) -> list[tuple[int, int]]:
    """The (row, column) squares marked with the legend's ``label``."""
    marks = next(c for c in ax.collections if c.get_label() == label)
    return sorted((int(y), int(x)) for x, y in marks.get_offsets())


def lines(ax) -> list[tuple]:
    """The thick lines drawn: ((x0, x1), (y0, y1)) in data units (a square's centre at column, row)."""
    return sorted((tuple(ln.get_xdata()), tuple(ln.get_ydata())) for ln in ax.lines if len(ln.get_xdata()))


def test_the_default_map_is_drawn_with_its_fences_across_the_park():
    text, ax = section()
    assert text.startswith("The map, 13 x 10 squares, the default (assumed: the draft gives no map): 44 building "
                           "squares, 8 bonus squares, a jeep and 2 thick lines.")
    assert marked(ax, "blue start spot (a hero)") == [(1, 1), (4, 1), (6, 1), (9, 1), (10, 1)]
    assert marked(ax, "the jeep") == [(7, 4)]
    # '4,7|5,7' and '6,7|7,7': under row 4 and under row 6, across column 7
    assert lines(ax) == [((6.5, 7.5), (4.5, 4.5)), ((6.5, 7.5), (6.5, 6.5))]


def test_a_map_of_the_scenarios_own_is_drawn_with_a_line_between_two_squares_of_a_row():
    text, ax = section(map=list(SMALL), thick_lines=["2,3|2,4"])
    assert text.startswith("The map, 13 x 3 squares, drawn in the scenario: 1 building square, 1 bonus square, a "
                           "jeep and 1 thick line.")
    assert marked(ax, "bonus square") == [(2, 4)] and marked(ax, "red start spot (a monster)") == \
        [(1, c) for c in range(6, 13)]
    assert lines(ax) == [((3.5, 3.5), (1.5, 2.5))]
