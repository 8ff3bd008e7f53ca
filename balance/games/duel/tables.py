"""The rules as the two-player kernel reads them: every rule by name (``balance.kit.Tables``), and the
tables derived from them, one function each: the map's squares and steps, the decks' cards, the
pieces' and weapons' numbers as arrays indexed by piece and counter.

Squares are numbered ``row * width + col``.  Pieces: the heroes 0..4 (``rules.HEROES``), then the
monsters 5..11 (``rules.MONSTERS``).  Counters: ``rules.COUNTERS`` (the weapons first).
"""

from functools import lru_cache

import numpy as np

from balance.games.duel.rules import (
    COUNTERS, HEROES, MAX_BONUS, MAX_DECK, MAX_SIDE, MONSTERS, WEAPONS, Rules, counter_list, parse_card, parse_line,
)
from balance.kit import Tables, jit, table

MAX_CELLS = MAX_SIDE * MAX_SIDE
PIECES = len(HEROES) + len(MONSTERS)
FIRST_MONSTER = len(HEROES)
STREET, BUILDING = 0, 1
# the 8 steps (row, col): the 4 orthogonal first
STEPS = ((-1, 0), (0, -1), (0, 1), (1, 0), (-1, -1), (-1, 1), (1, -1), (1, 1))


def piece_index(name: str) -> int:
    return (HEROES + MONSTERS).index(name)


@lru_cache(maxsize=64)
def _map(rows: tuple):
    width, height = len(rows[0]), len(rows)
    terrain = np.zeros(width * height, np.int8)
    blue, red, bonus, jeep = [], [], [], -1
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            x = r * width + c
            terrain[x] = BUILDING if ch == "#" else STREET
            if ch == "b":
                blue.append(x)
            elif ch == "r":
                red.append(x)
            elif ch == "?":
                bonus.append(x)
            elif ch == "J":
                jeep = x
    return width, height, terrain, blue, red, bonus, jeep


@table(np.int64)
def width(rules, players):
    """Squares in a row of the map."""
    return _map(rules.map)[0]


@table(np.int64)
def n_cells(rules, players):
    """Squares of the map."""
    w, h = _map(rules.map)[:2]
    return w * h


@table(np.int8, (MAX_CELLS,))
def building(rules, players):
    """1 on a building square."""
    return _map(rules.map)[2]


@table(np.int64, (len(HEROES),))
def blue_spots(rules, players):
    """The heroes' start squares, in reading order (the heroes in display order)."""
    return _map(rules.map)[3]


@table(np.int64, (len(MONSTERS),))
def red_spots(rules, players):
    """The monsters' start squares, in reading order (the monsters in display order)."""
    return _map(rules.map)[4]


@table(np.int64, (MAX_CELLS,))
def bonus_squares(rules, players):
    """The squares marked for a bonus counter (``n_bonus_squares`` of them)."""
    return _map(rules.map)[5] or [0]


@table(np.int64)
def n_bonus_squares(rules, players):
    return len(_map(rules.map)[5])


@table(np.int64, (MAX_CELLS,))
def buildings(rules, players):
    """The building squares (``n_buildings`` of them), for the heat ray's targets."""
    return _building_squares(rules) or [0]


@table(np.int64)
def n_buildings(rules, players):
    return len(_building_squares(rules))


def _building_squares(rules):
    return np.flatnonzero(np.asarray(_map(rules.map)[2]) == BUILDING).tolist()


@table(np.int64)
def jeep_start(rules, players):
    """The jeep's square at the start (-1: no jeep)."""
    return _map(rules.map)[6]


def _walls(rules):
    w, h = _map(rules.map)[:2]
    walls = set()
    for text in rules.thick_lines:
        a, b = parse_line(text, w, h)
        walls |= {(a, b), (b, a)}
    return walls


@table(np.int64, (MAX_CELLS, 8))
def step(rules, players):
    """The square one step from each square in each of ``STEPS`` (-1: off the map or across a thick line;
    a diagonal step needs one of its two L-shaped routes open, or both with diagonal_past_thick_line
    'never' when a line touches the corner)."""
    w, h = _map(rules.map)[:2]
    walls = _walls(rules)
    out = np.full((w * h, 8), -1, np.int64)
    for r in range(h):
        for c in range(w):
            a = r * w + c
            for k, (dr, dc) in enumerate(STEPS):
                rr, cc = r + dr, c + dc
                if not (0 <= rr < h and 0 <= cc < w):
                    continue
                b = rr * w + cc
                if k < 4:
                    ok = (a, b) not in walls
                else:
                    v, u = (r + dr) * w + c, r * w + c + dc  # the squares it passes between
                    via_v = (a, v) not in walls and (v, b) not in walls
                    via_u = (a, u) not in walls and (u, b) not in walls
                    ok = (via_v and via_u) if rules.diagonal_past_thick_line == "never" else (via_v or via_u)
                out[a, k] = b if ok else -1
    return out


@jit
def crosses(y0, x0, y1, x1, r, c):
    """The segment from (y0, x0) to (y1, x1) (in half squares: square (r, c) spans [2r, 2r+2] x [2c, 2c+2])
    passes through the inside of square (r, c); touching its edge or corner does not count."""
    ry, rx = 2.0 * r, 2.0 * c
    if max(y0, y1) <= ry or min(y0, y1) >= ry + 2.0 or max(x0, x1) <= rx or min(x0, x1) >= rx + 2.0:
        return False
    dy, dx = y1 - y0, x1 - x0
    lo, hi = 0.0, 1.0
    for p, q in ((-dy, y0 - ry), (dy, ry + 2.0 - y0), (-dx, x0 - rx), (dx, rx + 2.0 - x0)):
        if p == 0.0:
            if q < 0.0:
                return False
        else:
            u = q / p
            if p < 0.0:
                lo = max(lo, u)
            else:
                hi = min(hi, u)
    if lo >= hi:
        return False
    m = 0.5 * (lo + hi)
    my, mx = y0 + m * dy, x0 + m * dx
    return ry < my < ry + 2.0 and rx < mx < rx + 2.0


@jit
def origin(row, column, k):
    """Where a line of sight from the square (row, column) starts (half squares): k 0 its centre, 1-4 its
    corners."""
    y, x = 2.0 * row, 2.0 * column
    if k == 0:
        return y + 1.0, x + 1.0
    return y + 2.0 * ((k - 1) // 2), x + 2.0 * ((k - 1) % 2)


@jit
def building_sight(building, width, n):
    """For each pair of squares, the origins (bit k: ``origin`` k) whose line to the target's centre crosses no
    building but the two squares'."""
    out = np.zeros((n, n), np.uint8)
    for a in range(n):
        for b in range(n):
            if a == b:
                out[a, b] = 31
                continue
            ra, ca, rb, cb = a // width, a % width, b // width, b % width
            y1, x1 = origin(rb, cb, 0)
            for k in range(5):
                y0, x0 = origin(ra, ca, k)
                clear = True
                for r in range(min(ra, rb), max(ra, rb) + 1):
                    for c in range(min(ca, cb), max(ca, cb) + 1):
                        sq = r * width + c
                        if sq != a and sq != b and building[sq] == BUILDING and crosses(y0, x0, y1, x1, r, c):
                            clear = False
                if clear:
                    out[a, b] |= 1 << k
    return out


@table(np.uint8, (MAX_CELLS, MAX_CELLS))
def sight(rules, players):
    """The lines of sight the buildings leave (``building_sight``); rubble, Mechoor and Moogre are checked in
    play."""
    width, height, terrain = _map(rules.map)[:3]
    return building_sight(terrain, width, width * height)


@table(np.int64, (MAX_CELLS,))
def row(rules, players):
    """Each square's row (from 0, north), looked up instead of divided out in a decision."""
    width, height = _map(rules.map)[:2]
    return np.arange(width * height) // width


@table(np.int64, (MAX_CELLS,))
def column(rules, players):
    """Each square's column (from 0, west)."""
    width, height = _map(rules.map)[:2]
    return np.arange(width * height) % width


@table(np.uint8, (MAX_CELLS, MAX_CELLS))
def apart(rules, players):
    """King moves between each pair of squares (``decisions.distance``), looked up instead of divided out in
    every decision."""
    rows, cols = row(rules, players), column(rules, players)
    return np.maximum(abs(rows[:, None] - rows[None, :]), abs(cols[:, None] - cols[None, :]))


FAR = 255  # the most steps ``walk`` counts (a square fenced off by thick lines is as far)


@jit
def walking_steps(step, n, directions):
    """For each pair of squares, the fewest steps from one to the other by the first ``directions`` of ``step``
    (around the thick lines), whatever stands or lies on the way; at most ``FAR``."""
    out = np.full((n, n), FAR, np.uint8)
    queue = np.empty(n, np.int64)
    for a in range(n):
        out[a, a] = 0
        queue[0] = a
        head, tail = 0, 1
        while head < tail:
            c = queue[head]
            head += 1
            for k in range(directions):
                b = step[c, k]
                if b >= 0 and out[a, b] == FAR and out[a, c] < FAR - 1:
                    out[a, b] = out[a, c] + 1
                    queue[tail] = b
                    tail += 1
    return out


@table(np.uint8, (2, MAX_CELLS, MAX_CELLS))
def walk(rules, players):
    """Steps between each pair of squares around the thick lines (``decisions.steps_apart``): how far a hunting
    monster has to go, where the king moves of ``apart`` would take it through a thick line.  [0] by any step,
    [1] by orthogonal steps (the extended Bloob's counters crawl so)."""
    width, height = _map(rules.map)[:2]
    steps = step(rules, players)
    return [walking_steps(steps, width * height, 8), walking_steps(steps, width * height, 4)]


def _kit(text):
    counts = np.zeros(len(COUNTERS), np.int64)
    for w in counter_list(text):
        counts[COUNTERS.index(w)] += 1
    return counts


@table(np.int64, (len(HEROES), len(COUNTERS)))
def start_kit(rules, players):
    """The counters on each hero display at the start."""
    return [_kit(getattr(rules.heroes, h).kit) for h in HEROES]


@table(np.int64, (MAX_BONUS,))
def bonus_pool(rules, players):
    """The bonus counters shuffled onto the bonus squares (``n_bonus_counters`` of them)."""
    return [COUNTERS.index(w) for w in counter_list(rules.bonus_counters)] or [0]


@table(np.int64)
def n_bonus_counters(rules, players):
    return len(counter_list(rules.bonus_counters))


def _cards(rules):
    hero = [parse_card(c, HEROES) for c in rules.hero_deck]
    monster = [(a + FIRST_MONSTER, b + FIRST_MONSTER, m) for a, b, m in
               (parse_card(c, MONSTERS) for c in rules.monster_deck)]
    return hero, monster


@table(np.int64, (2, MAX_DECK, 3))
def cards(rules, players):
    """Each side's cards (0 the heroes', 1 the monsters'): the two symbols (pieces) and the mark."""
    out = np.zeros((2, MAX_DECK, 3), np.int64)
    for side, deck in enumerate(_cards(rules)):
        out[side, :len(deck)] = deck
    return out


@table(np.int64, (2,))
def deck_size(rules, players):
    return [len(rules.hero_deck), len(rules.monster_deck)]


def _pieces(rules):
    return [getattr(rules.heroes, h) for h in HEROES] + [getattr(rules.monsters, m) for m in MONSTERS]


@table(np.int64, (PIECES,))
def capacity(rules, players):
    """Each piece's damage capacity."""
    return [p.capacity for p in _pieces(rules)]


@table(np.int64, (PIECES,))
def close_combat(rules, players):
    """Each piece's close-combat modifier."""
    return [p.combat for p in _pieces(rules)]


@table(np.int64, (PIECES,))
def movement(rules, players):
    """Each piece's squares per move."""
    return [p.movement for p in _pieces(rules)]


def _weapons(rules):
    return [getattr(rules.arms, w) for w in WEAPONS]


@table(np.int64, (len(WEAPONS),))
def weapon_range(rules, players):
    return [w.range for w in _weapons(rules)]


@table(np.int64, (len(WEAPONS),))
def weapon_damage(rules, players):
    return [w.damage for w in _weapons(rules)]


@table(np.int8, (len(WEAPONS),))
def weapon_one_use(rules, players):
    return [w.one_use for w in _weapons(rules)]


@table(np.int8, (len(WEAPONS),))
def weapon_terrain(rules, players):
    """The target's building and rubble modifiers apply to the weapon."""
    return [w.terrain for w in _weapons(rules)]


@table(np.int8, (len(WEAPONS),))
def weapon_shaggoo(rules, players):
    """Shaggoo's -2 applies to the weapon."""
    return [w.shaggoo_applies for w in _weapons(rules)]


TABLES = Tables(Rules, width, n_cells, building, sight, row, column, apart, walk, blue_spots, red_spots, bonus_squares, n_bonus_squares,
                buildings, n_buildings, jeep_start,
                step, start_kit, bonus_pool, n_bonus_counters, cards, deck_size, capacity, close_combat, movement,
                weapon_range, weapon_damage, weapon_one_use, weapon_terrain, weapon_shaggoo)
"""The kernel's rules record."""
