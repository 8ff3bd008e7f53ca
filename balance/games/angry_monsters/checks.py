"""What a board must be, and what a designer should know about one: the problems that refuse a scenario's map
or generator (``board_problems``) and the meeples it walls in (``board_warnings``).  They read the board as the
kernel's tables build it, so they are the game's checks (``GameSpec.check`` and ``warnings``), not the rules'.
"""

from __future__ import annotations

import numpy as np

from balance.games.angry_monsters.board import INF, LEGEND, WATER, board_record, geometry, land_distance, parse_map
from balance.games.angry_monsters.rules import MAX_SIDE
from balance.games.angry_monsters.tables import TABLES

MAX_WARNED = 10  # squares of walled-in meeples named one by one; the rest are counted


def board_problems(rules) -> list[str]:
    """Every problem of the rules' board, one line each (the game's ``check``)."""
    if rules.board_source == "map":
        return map_problems(rules.board, rules)
    return generator_problems(rules)


def map_problems(rows, rules) -> list[str]:
    out = []
    width = len(rows[0])
    for r, row in enumerate(rows):
        if len(row) != width:
            out.append(f"board row {r + 1} has {len(row)} squares, row 1 has {width}; every row must be as long")
        bad = sorted({ch for ch in row if ch not in LEGEND})
        if bad:
            out.append(f"board row {r + 1}: unknown square(s) {' '.join(map(repr, bad))}; the legend is "
                       f"~ water, . land, r o y g b v buildings, E evac site, m meeple, 2-9 meeples, "
                       f"w meeple in water, M monster start")
    if out:
        return out
    if width < 2:
        return [f"board rows have {width} square; at least 2 are needed"]
    if width > MAX_SIDE or len(rows) > MAX_SIDE:
        return [f"board is {width} x {len(rows)} squares; at most {MAX_SIDE} x {MAX_SIDE}"]
    terrain, structure, meeples, marks, width, height = parse_map(rows)
    text = "".join(rows)
    n_meeples = int(meeples.sum())
    if "~" not in text and "M" not in text and "w" not in text:
        out.append("board has no water square (~); the monsters start in water")
    if not any(ch not in "~Mw" for ch in text):
        out.append("board has no land square")
    if n_meeples != rules.meeples:
        fix = f"set meeples = {n_meeples} or draw {rules.meeples}" if n_meeples else \
            f"draw {rules.meeples} (m, or a digit for several on a square)"
        out.append(f"board holds {n_meeples} meeples but rules.meeples is {rules.meeples}; {fix}")
    if int(meeples.max()) > rules.meeples_per_square:
        out.append(f"board has a square with {int(meeples.max())} meeples but meeples_per_square is "
                   f"{rules.meeples_per_square}")
    n_evac = text.count("E")
    if n_evac == 0:
        out.append("board has no evac site (E); no meeple could ever be evacuated")
    if n_evac > rules.evac_site_chips:
        out.append(f"board has {n_evac} evac sites but there are only evac_site_chips = {rules.evac_site_chips}")
    if len(marks):
        w2, n = geometry(width, height)
        b = board_record()
        b.terrain[:n] = terrain
        land_distance(b, w2, n)
        dist = b.land_dist[:n]
        # the k marks must be the k farthest free water squares (as ``engine.place_monsters`` fills them)
        farthest = np.sort(dist[(terrain == WATER) & (meeples == 0)])[::-1]
        for k, cell in enumerate(sorted(marks, key=lambda cell: -dist[cell])):
            if k < farthest.size and dist[cell] < farthest[k]:
                r, c = divmod(int(cell), w2)
                out.append(f"board monster start M at row {r}, column {c} is {dist[cell]} squares from land; monsters "
                           f"start as far from land as possible ({farthest[k]} squares here)")
    return out


def stuck_meeples(rules) -> list[tuple[int, int, int]]:
    """(row, column, meeples) from 1, as a designer reads the map, of every square of the starting board
    whose meeples cannot reach an evac site over land and water: every way out passes through a building.

    The meeples' own routes decide it (``decisions.evac_distances``, the map ``nearest_exit`` follows);
    monsters and other meeples move, so they wall nothing in.
    """
    t = TABLES.python(rules, 2)
    n, w2 = t.n_cells, t.w2
    meeples, routes = t.start_meeples[:n], t.start_routes[:n]
    return [(*divmod(int(c), w2), int(meeples[c])) for c in np.flatnonzero((meeples > 0) & (routes >= INF))]


def board_warnings(rules) -> list[str]:
    """What a designer should know about a valid board, one line each (the game's ``warnings``): the board or
    generator set but not played (``board_source``), every meeple that can never be evacuated unless a monster
    destroys the buildings round it."""
    unused = unused_board(rules)
    if unused:
        return [unused]
    if rules.board_source == "map":
        where = "rules.board: "
    elif rules.board_source == "generated_fixed":
        where = f"rules.generator: on the board of seed {rules.generator.seed}, "
    else:
        return []  # a new board every game: nothing fixed to check
    stuck = stuck_meeples(rules)
    out = []
    for r, c, k in stuck[:MAX_WARNED]:
        who = "the meeple" if k == 1 else f"the {k} meeples"
        out.append(f"{where}{who} at row {r}, column {c} cannot reach any evac site over land and water: every "
                   f"way out passes through a building, so only a monster destroying buildings can free it")
    if len(stuck) > MAX_WARNED:
        rest = sum(k for _, _, k in stuck[MAX_WARNED:])
        out.append(f"{where}{rest} more meeples on {len(stuck) - MAX_WARNED} more squares are walled in "
                   f"like these")
    return out


def unused_board(rules) -> str | None:
    """The board or the generator a scenario changed that its ``board_source`` does not play."""
    default = type(rules)()
    if rules.board_source != "map" and rules.board != default.board:
        return f"rules.board: drawn, but board_source = {rules.board_source!r} plays the generator's board; set " \
               f"board_source = \"map\" to play it"
    if rules.board_source == "map" and rules.generator != default.generator:
        return "rules.generator: changed, but board_source = \"map\" plays rules.board; set board_source = " \
               "\"generated_fixed\" or \"generated_each_game\" to play the generator's"
    return None


def generator_problems(rules) -> list[str]:
    g = rules.generator
    out = []
    depth_axis = g.width if g.shore_side in ("west", "east") else g.height
    length = g.height if g.shore_side in ("west", "east") else g.width
    if g.shore_depth >= depth_axis:
        out.append(f"generator.shore_depth {g.shore_depth} leaves no land on a board {depth_axis} squares deep "
                   f"from the {g.shore_side} edge; use at most {depth_axis - 1}")
    if sum(g.colour_mix) <= 0 and g.building_density > 0:
        out.append("generator.colour_mix is all zero; give at least one colour a weight")
    if g.evac_sites > rules.evac_site_chips:
        out.append(f"generator.evac_sites {g.evac_sites} is more than evac_site_chips {rules.evac_site_chips}")
    # the least land the shore's random walk can leave: every row as deep as it may go
    deepest = min(depth_axis - 1, g.shore_depth + 2 * g.shore_roughness)
    land = length * (depth_axis - deepest)
    if (land - g.evac_sites) * rules.meeples_per_square < rules.meeples:
        out.append(f"generator: {land} land squares (with the shore at its deepest) cannot hold {rules.meeples} "
                   f"meeples and {g.evac_sites} evac sites; make the board bigger or the shore shallower")
    return out
