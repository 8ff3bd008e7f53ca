"""The report's board section: the board every game starts on, its counts, and the walled-in meeples ringed."""

from matplotlib.figure import Figure

from balance.games.angry_monsters.board import COLOUR_NAMES, COLOURS, EVAC
from balance.games.angry_monsters.report import board
from balance.games.angry_monsters.rules import Generator, Rules
from balance.games.angry_monsters.tables import generated_board
from balance.scenario import from_dict
from tests.games.angry_monsters.test_setup import WALLED_IN


def section(**rules):
    """The section's text and its figure, drawn, for a 2-player scenario with these rules."""
    sc = from_dict({"game": "angry-monsters", "players": 2, "rules": rules,
                    "seats": [{"policy": "glutton"}, {"policy": "flee"}]})
    text, plot = board(None, {"scenario": sc.resolved()})
    fig = Figure(figsize=(7, plot.height))
    plot.draw(fig)
    return text.text, fig.axes[0]


def drawn(ax, label: str) -> list[tuple[int, int]]:
    """The (row, column) squares marked with the legend's ``label``."""
    marks = next((c for c in ax.collections if c.get_label() == label), None)
    return [] if marks is None else sorted((int(y), int(x)) for x, y in marks.get_offsets())


def test_the_default_map_is_drawn_with_its_meeples_sites_and_buildings_counted():
    rows = Rules().board
    text, ax = section()
    buildings = ", ".join(f"{sum(r.count(k) for r in rows)} {name}" for k, name in zip(COLOURS, COLOUR_NAMES))
    assert text == (f"The board, {len(rows[0])} x {len(rows)} squares, drawn in the scenario: 50 meeples, 4 evac "
                    f"sites and {sum(r.count(k) for r in rows for k in COLOURS)} buildings ({buildings}).")
    assert drawn(ax, "evac site") == [(r, c) for r, row in enumerate(rows, 1) for c, x in enumerate(row, 1)
                                      if x == "E"]
    assert len(drawn(ax, "meeple (a number: that many)")) == 50 and drawn(ax, "walled in") == []


def test_a_walled_in_meeple_is_ringed_at_its_square_and_the_monsters_starts_marked():
    text, ax = section(board=list(WALLED_IN), meeples=2)
    assert text.endswith("Ringed: 1 meeple that no route over land and water takes to an evac site; only a "
                         "monster destroying the buildings round it can free it.")
    assert drawn(ax, "walled in") == [(3, 5)]
    assert [(t.get_text(), t.get_position()) for t in ax.texts] == [("M", (1, 1))]


def test_a_board_drawn_anew_every_game_shows_the_generators_board_of_its_seed():
    text, ax = section(board_source="generated_each_game", **{"generator.seed": 9})
    terrain, structure, meeples, _ = generated_board(Generator(seed=9), 50, 1)
    assert "one the generator draws (its seed 9); every game draws its own from the same settings" in text
    assert f"{int((structure == EVAC).sum())} evac sites" in text
    assert len(drawn(ax, "evac site")) == (structure == EVAC).sum()
    assert len(drawn(ax, "meeple (a number: that many)")) == (meeples > 0).sum()
