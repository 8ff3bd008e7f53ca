"""The rules as Angry Monsters' kernel reads them: every rule by name (``balance.kit.Tables``), and the
tables derived from them, one function each.

A rule is ``t.<name>``: ``t.monster_die``, ``t.crossing_cost``, ``t.monster_crossing_cost``,
``t.replace_evac_site`` (the index of the reading among ``rules.REPLACE_MODES``) ...; ``TABLES.names()``
lists them.  The derived tables below give the board every game starts on (a map, or the generator's
board of its seed), its geometry, the steps a piece can take on it and what each structure costs to
destroy.  Their sizes are the largest the rules allow (60 x 60 squares and the border), so one compiled
kernel serves every scenario; loops run to ``t.n_cells``.
"""

from dataclasses import replace
from functools import lru_cache

import numpy as np

from balance.games.angry_monsters.board import (INF, MAX_CELLS, board_record, empty_board, generate, geometry,
                                                land_distance, parse_map, render)
from balance.games.angry_monsters.decisions import ROUTE_FIELDS, evac_distances
from balance.games.angry_monsters.rules import Generator, Rules
from balance.kit import Tables, table
from balance.kit.rng import new_rng
from balance.kit.state import python_record

MAX_PLAYERS = 5
MAX_MONSTERS = MAX_PLAYERS - 1


def generated_board(g, meeples: int, per_square: int, seed: int | None = None):
    """A generated board from the rules' ``generator`` section (its ``seed`` unless one is given):
    (terrain, structure, meeples, meeples placed), over the padded squares of its size."""
    rules = replace(Rules(), generator=g, meeples=meeples, meeples_per_square=per_square)
    b = board_record()
    rng = new_rng(np.random.SeedSequence(g.seed if seed is None else seed))
    placed = generate(rules_only(rules), b, rng)
    n = geometry(g.width, g.height)[1]
    return b.terrain[:n].copy(), b.structure[:n].copy(), b.meeple_count[:n].copy(), placed


@lru_cache(maxsize=16)
def starting_board(rules: Rules) -> tuple:
    """(terrain, structure, meeples, monster marks, width, height) of the board every game starts on
    (a map, or the generator's board of its seed); for 'generated_each_game' an empty board of the
    generator's size (each game draws its own)."""
    if rules.board_source == "map":
        return parse_map(rules.board)
    g = rules.generator
    if rules.board_source == "generated_fixed":
        t, s, m, _ = generated_board(g, rules.meeples, rules.meeples_per_square)
    else:
        t, s, m = empty_board(g.width, g.height)
    return t, s, m, np.zeros(0, np.int64), g.width, g.height


@table(np.int64)
def w2(rules, players):
    """Squares in a row of the padded board (its width and the border on either side)."""
    return starting_board(rules)[4] + 2


@table(np.int64)
def n_cells(rules, players):
    """Squares of the padded board (square ``c`` is 0..n_cells-1; the border squares are OFF)."""
    width, height = starting_board(rules)[4:6]
    return (width + 2) * (height + 2)


@table(np.int8, (MAX_CELLS,))
def start_terrain(rules, players):
    """The starting board's terrain: OFF, WATER or LAND per square."""
    return starting_board(rules)[0]


@table(np.int8, (MAX_CELLS,))
def start_structure(rules, players):
    """The starting board's structures: NONE, a building colour 0..5 or EVAC per square."""
    return starting_board(rules)[1]


@table(np.int32, (MAX_CELLS,))
def start_meeples(rules, players):
    """The starting board's meeples per square."""
    return starting_board(rules)[2]


@table(np.int64, (MAX_MONSTERS,))
def monster_marks(rules, players):
    """The squares the map marks M, in reading order, where the monsters start in seat order (-1: none)."""
    marks = np.full(MAX_MONSTERS, -1, np.int64)
    drawn = starting_board(rules)[3][:MAX_MONSTERS]
    marks[:len(drawn)] = drawn
    return marks


@table(np.int64, (MAX_CELLS,))
def land_dist(rules, players):
    """King moves from every square of the starting board to the nearest land (monsters start far out)."""
    terrain, _, _, _, width, height = starting_board(rules)
    b = board_record()
    b.terrain[:len(terrain)] = terrain
    land_distance(b, width + 2, len(terrain))
    return b.land_dist[:len(terrain)]


def _steps(rules):
    row = w2(rules, 0)
    king = [-row - 1, -row, -row + 1, -1, 1, row - 1, row, row + 1]
    rook = [-row, -1, 1, row]
    # a diagonal step passes between two squares: the step's vertical part and its horizontal part
    flank_a = [-row, 0, -row, 0, 0, row, 0, row]
    flank_b = [-1, 0, 1, 0, 0, -1, 0, 1]
    return king, rook, flank_a, flank_b


@table(np.int64, (8,))
def king_step(rules, players):
    """The 8 steps to a neighbouring square (a monster's)."""
    return _steps(rules)[0]


@table(np.int64, (4,))
def rook_step(rules, players):
    """The 4 steps to a cardinally adjacent square (a meeple's, and where a monster destroys)."""
    return _steps(rules)[1]


@table(np.int64, (8,))
def flank_a(rules, players):
    """For each king step, the first square a diagonal step passes between (0 for a straight step)."""
    return _steps(rules)[2]


@table(np.int64, (8,))
def flank_b(rules, players):
    """For each king step, the second square a diagonal step passes between (0 for a straight step)."""
    return _steps(rules)[3]


@table(np.int64, (7,))
def structure_cost(rules, players):
    """Moves to destroy each structure: the building colours 0..5, then the evac site (``board.EVAC``)."""
    return [*rules.building_costs, rules.evac_site_cost]


_GEOMETRY = Tables(Rules, w2, n_cells, rook_step)


@table(np.int64, (MAX_CELLS,))
def start_routes(rules, players):
    """The meeples' cheapest routes to an evac site on the starting board (``decisions.evac_distances``)."""
    terrain, structure = starting_board(rules)[:2]
    b = board_record()
    b.terrain[:len(terrain)] = terrain
    b.structure[:len(terrain)] = structure
    routes = python_record(np.zeros(1, np.dtype(ROUTE_FIELDS)))
    evac_distances(b, _GEOMETRY.python(rules, players), routes)
    return routes.evac_dist[:len(terrain)]


TABLES = Tables(Rules, w2, n_cells, start_terrain, start_structure, start_meeples, monster_marks, land_dist,
                start_routes, king_step, rook_step, flank_a, flank_b, structure_cost)
"""The kernel's rules record."""
_RULES_ALONE = Tables(Rules)


def rules_only(rules):
    """The kernel's rules record with the derived tables left empty, for the generator to draw a board
    from Python (the derived tables hold the board it draws)."""
    alone = _RULES_ALONE.python(rules, 0)
    t = python_record(np.zeros(1, TABLES.dtype))
    for name in _RULES_ALONE.dtype.names:
        t[name] = alone[name]
    return t

assert INF > MAX_CELLS * 13  # a route's cost (at most 12 a step) stays below 'no route'


if __name__ == "__main__":  # print a generated board to paste into a scenario
    import sys

    seed = int(sys.argv[1]) if len(sys.argv) > 1 else Generator().seed
    r = Rules()
    t, s, m, _ = generated_board(r.generator, r.meeples, r.meeples_per_square, seed)
    print("board = [\n" + "\n".join(f'  "{row}",' for row in render(t, s, m, r.generator.width, r.generator.height))
          + "\n]")
