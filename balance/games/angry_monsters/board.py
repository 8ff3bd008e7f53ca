"""Boards: the ASCII map a designer draws and the seeded generator (the board every game starts on is
``tables.starting_board``; what a board must be, ``checks``).

A board is stored as flat arrays over the grid with a one-square border of OFF squares, so a
neighbour is ``cell + offset`` with no bounds test: ``cell = (row + 1) * (width + 2) + col + 1``.  In a
record (the game state, ``BOARD_FIELDS``) the arrays are as long as the largest board (``MAX_CELLS``)
and a board of another size uses their leading squares.

Legend of the map (one text per row, as in a scenario's ``[rules] board = [...]``)::

    ~  water                      .  land
    r o y g b v  building (red, orange, yellow, green, blue, violet), on land
    E  evac site (on land)        M  monster start (water)
    m  a meeple on land           2-9  that many meeples on one land square
    w  a meeple in water
"""

from __future__ import annotations

import numpy as np

from balance.games.angry_monsters.rules import MAX_SIDE, SHORE_SIDES, SPREADS
from balance.kit import below, jit, jit_inline, uniform
from balance.kit.state import python_record

OFF, WATER, LAND = 0, 1, 2  # terrain
NONE, EVAC = -1, 6  # structure: -1 none, 0..5 a building colour, 6 an evac site
COLOURS = "roygbv"
COLOUR_NAMES = ("red", "orange", "yellow", "green", "blue", "violet")
LEGEND = "~.roygbvEMmw23456789"
WEST, EAST, NORTH, SOUTH = (SHORE_SIDES.index(side) for side in ("west", "east", "north", "south"))
RANDOM_SPREAD = SPREADS.index("random")
MEEPLE_TILE = 4  # the 'even' spread deals meeples round tiles of 4x4 squares
INF = 1 << 28
MAX_W2 = MAX_SIDE + 2  # the longest padded row
MAX_CELLS = MAX_W2 * MAX_W2
MAX_TILES = ((MAX_SIDE + MEEPLE_TILE - 1) // MEEPLE_TILE) ** 2

BOARD_FIELDS = [  # a board being set up, as fields of a record (the game state's, or a Python one: board_record)
    ("terrain", np.int8, (MAX_CELLS,)),  # per square: OFF, WATER, LAND
    ("structure", np.int8, (MAX_CELLS,)),  # per square: NONE, a building colour 0..5, EVAC
    ("meeple_count", np.int32, (MAX_CELLS,)),  # per square: meeples standing there
    ("land_dist", np.int64, (MAX_CELLS,)),  # per square: king moves from land (monster starts)
    # the generator's scratch
    ("squares", np.int64, (MAX_CELLS,)),  # the land squares, shuffled
    ("water_dist", np.int64, (MAX_CELLS,)),  # per square: rook moves from the water
    ("queue", np.int64, (MAX_CELLS,)),
    ("tile_order", np.int64, (MAX_TILES,)),  # the 4x4 tiles in the order meeples are dealt
]


def geometry(width: int, height: int) -> tuple[int, int]:
    """(padded row length, padded cell count)."""
    return width + 2, (width + 2) * (height + 2)


def empty_board(width: int, height: int):
    w2, n = geometry(width, height)
    return np.zeros(n, np.int8), np.full(n, NONE, np.int8), np.zeros(n, np.int32)


def board_record():
    """A board record for Python code (the generator, the distance maps), its fields as attributes."""
    return python_record(np.zeros(1, np.dtype(BOARD_FIELDS)))


def parse_map(rows) -> tuple:
    """(terrain, structure, meeples, monster marks in reading order, width, height); assumes a valid map."""
    height, width = len(rows), len(rows[0])
    terrain, structure, meeples = empty_board(width, height)
    w2 = width + 2
    marks = []
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            cell = (r + 1) * w2 + c + 1
            terrain[cell] = WATER if ch in "~Mw" else LAND
            if ch in COLOURS:
                structure[cell] = COLOURS.index(ch)
            elif ch == "E":
                structure[cell] = EVAC
            elif ch in "mw":
                meeples[cell] = 1
            elif ch.isdigit():
                meeples[cell] = int(ch)
            elif ch == "M":
                marks.append(cell)
    return terrain, structure, meeples, np.array(marks, np.int64), width, height


def render(terrain, structure, meeples, width, height, marks=()) -> tuple[str, ...]:
    """The map texts of a board (the inverse of :func:`parse_map`)."""
    w2 = width + 2
    rows = []
    for r in range(height):
        line = []
        for c in range(width):
            cell = (r + 1) * w2 + c + 1
            if cell in marks:
                ch = "M"
            elif structure[cell] == EVAC:
                ch = "E"
            elif structure[cell] >= 0:
                ch = COLOURS[structure[cell]]
            elif meeples[cell] > 1:
                ch = str(min(int(meeples[cell]), 9))
            elif meeples[cell] == 1:
                ch = "m" if terrain[cell] == LAND else "w"
            else:
                ch = "." if terrain[cell] == LAND else "~"
            line.append(ch)
        rows.append("".join(line))
    return tuple(rows)


@jit
def land_distance(b, w2, n):
    """King-move distance of every water square from the nearest land square (land squares: 0), into
    ``b.land_dist``."""
    terrain, dist, queue = b.terrain, b.land_dist, b.queue
    head = 0
    tail = 0
    for c in range(n):
        if terrain[c] == LAND:
            dist[c] = 0
            queue[tail] = c
            tail += 1
        else:
            dist[c] = INF
    while head < tail:
        c = queue[head]
        head += 1
        for dr in (-w2, 0, w2):
            for dc in (-1, 0, 1):
                nb = c + dr + dc
                if terrain[nb] == WATER and dist[nb] == INF:
                    dist[nb] = dist[c] + 1
                    queue[tail] = nb
                    tail += 1


@jit
def water_distance(b, w2, n):
    """Rook-move distance of every square from the nearest water square, into ``b.water_dist``."""
    terrain, dist, queue = b.terrain, b.water_dist, b.queue
    head = 0
    tail = 0
    for c in range(n):
        if terrain[c] == WATER:
            dist[c] = 0
            queue[tail] = c
            tail += 1
        else:
            dist[c] = INF
    while head < tail:
        c = queue[head]
        head += 1
        for off in (-w2, -1, 1, w2):
            nb = c + off
            if terrain[nb] != OFF and dist[nb] == INF:
                dist[nb] = dist[c] + 1
                queue[tail] = nb
                tail += 1


@jit_inline
def _cell(i, j, side, width, height, w2):
    """Square at position i along the shore and j squares in from the sea edge."""
    if side == WEST:
        r, c = i, j
    elif side == EAST:
        r, c = i, width - 1 - j
    elif side == NORTH:
        r, c = j, i
    else:
        r, c = height - 1 - j, i
    return (r + 1) * w2 + c + 1


@jit
def generate(t, b, rng):
    """Draw a board by the rules' generator section into ``b.terrain``, ``b.structure`` and ``b.meeple_count``.

    The shore is a random walk of depths within ``shore_depth`` +- 2 x ``shore_roughness``; evac sites go
    first on free land at least ``evac_inland`` squares from the water (any free land if there is too
    little), then the buildings (a ``building_density`` share of the land, colours drawn by
    ``colour_mix``, always leaving room for the meeples), then the meeples, dealt round 4x4 tiles
    ('even') or at random ('random').  Returns the number of meeples placed (fewer than asked only if
    the land is full).
    """
    width, height, side, roughness = t.width, t.height, t.shore_side, t.shore_roughness
    n_meeples, per_square = t.meeples, t.meeples_per_square
    terrain, structure, meeples, cells = b.terrain, b.structure, b.meeple_count, b.squares
    w2 = width + 2
    n = w2 * (height + 2)
    length = height if side == WEST or side == EAST else width
    depth_axis = width if side == WEST or side == EAST else height
    for c in range(n):
        terrain[c] = OFF
        structure[c] = NONE
        meeples[c] = 0
    depth = min(max(t.shore_depth, 1), depth_axis - 1)
    for i in range(length):
        if i > 0 and roughness > 0:
            depth += below(2 * roughness + 1, rng) - roughness
            depth = min(max(depth, t.shore_depth - 2 * roughness, 1), t.shore_depth + 2 * roughness, depth_axis - 1)
        for j in range(depth_axis):
            terrain[_cell(i, j, side, width, height, w2)] = WATER if j < depth else LAND
    # the land squares, shuffled
    n_land = 0
    for c in range(n):
        if terrain[c] == LAND:
            cells[n_land] = c
            n_land += 1
    for k in range(n_land - 1, 0, -1):
        x = below(k + 1, rng)
        cells[k], cells[x] = cells[x], cells[k]
    # evac sites: inland first
    water_distance(b, w2, n)
    placed = 0
    for want_inland in (True, False):
        for k in range(n_land):
            c = cells[k]
            if placed < t.evac_sites and structure[c] == NONE and (b.water_dist[c] >= t.evac_inland or not want_inland):
                structure[c] = EVAC
                placed += 1
    # buildings on a density share of the land, leaving room for the meeples
    room = n_land - placed - (n_meeples + per_square - 1) // per_square
    density = t.building_density
    share = min(density, 1.0) if density > 0.0 else 0.0  # (not NaN, whatever the caller checked)
    n_buildings = min(int(share * n_land + 0.5), max(room, 0))
    mix = t.colour_mix
    total = 0.0
    for k in range(6):
        total += mix[k] if mix[k] > 0.0 else 0.0
    built = 0
    for k in range(n_land):
        c = cells[k]
        if built < n_buildings and structure[c] == NONE:
            x = uniform(rng) * total
            colour = 5
            for q in range(6):
                weight = mix[q] if mix[q] > 0.0 else 0.0
                if x < weight:
                    colour = q
                    break
                x -= weight
            structure[c] = colour
            built += 1
    # meeples
    placed_meeples = 0
    if t.meeple_spread == RANDOM_SPREAD:  # each meeple on a random free land square: one with room left
        free = 0
        for k in range(n_land):
            if structure[cells[k]] == NONE:
                cells[free] = cells[k]
                free += 1
        while placed_meeples < n_meeples and free > 0:
            i = below(free, rng)
            c = cells[i]
            meeples[c] += 1
            placed_meeples += 1
            if meeples[c] == per_square:  # full: out of the draw
                free -= 1
                cells[i] = cells[free]
    else:
        tiles_r = (height + MEEPLE_TILE - 1) // MEEPLE_TILE
        tiles_c = (width + MEEPLE_TILE - 1) // MEEPLE_TILE
        n_tiles = tiles_r * tiles_c
        order, free_squares = b.tile_order, b.queue
        for k in range(n_tiles):
            order[k] = k
        while placed_meeples < n_meeples:
            for k in range(n_tiles - 1, 0, -1):
                x = below(k + 1, rng)
                order[k], order[x] = order[x], order[k]
            progress = False
            for k in range(n_tiles):
                if placed_meeples >= n_meeples:
                    break
                tile = order[k]
                r0 = (tile // tiles_c) * MEEPLE_TILE
                c0 = (tile % tiles_c) * MEEPLE_TILE
                free = 0
                for r in range(r0, min(r0 + MEEPLE_TILE, height)):
                    for c in range(c0, min(c0 + MEEPLE_TILE, width)):
                        cell = (r + 1) * w2 + c + 1
                        if terrain[cell] == LAND and structure[cell] == NONE and meeples[cell] < per_square:
                            free_squares[free] = cell
                            free += 1
                if free > 0:
                    cell = free_squares[below(free, rng)]
                    meeples[cell] += 1
                    placed_meeples += 1
                    progress = True
            if not progress:
                break
    return placed_meeples
