"""Positions for Monsters on the Moon's rule tests: a table of chosen cards, laid where a test says.

A test names its cards (``'abc/def'`` as in ``rules.py``); they become the deck, so card ``i`` of the test is
face ``i``.  Squares are (x, y) from the table's centre (``at``).  The engine's own functions lay the cards,
walls and spaceships, so a test checks the rules the kernel plays.
"""

from dataclasses import replace

import numpy as np

from balance.games.moon import engine
from balance.games.moon.rules import MONSTERS, Cards, Missions, Rules
from balance.games.moon.tables import CENTRE, GRID, TABLES
from balance.kit.rng import new_rng

FILLER = ("Wwc/whw", "Wcw/wvw", "Hhc/hvh", "Hch/hwh")  # a deck holds 4 cards at least


def rng(seed: int = 0) -> np.ndarray:
    """A generator state (to put into one of the state's streams)."""
    return new_rng(np.random.SeedSequence(seed))


def at(x: int, y: int) -> int:
    """The grid square (x, y) from the table's centre."""
    return CENTRE + y * GRID + x


def xy(c: int) -> tuple[int, int]:
    return c % GRID - GRID // 2, c // GRID - GRID // 2


def make_rules(cards=(), **changes) -> Rules:
    """The default rules with the test's cards as the deck (and any other change)."""
    deck = tuple(cards) + FILLER[len(cards):] if len(cards) < 4 else tuple(cards)
    return replace(Rules(), cards=replace(Cards(), deck=deck), **changes)


def position(cards=(), players: int = 3, scripted: bool = False, monsters=None, **changes):
    """An empty table: (state, tables, rules).  Seat p plays ``monsters[p]`` (default: werewolf, witch, vampire,
    skeleton in seat order)."""
    rules = make_rules(cards, **changes)
    t = TABLES.python(rules, players)
    s = engine.LAYOUT.new(traced=scripted)
    engine.reset(s, t)
    names = monsters or MONSTERS[:players]
    for p, name in enumerate(names):
        m = MONSTERS.index(name)
        s.monster[p] = m
        s.seat_of[m] = p
    return s, t, rules


def lay(s, t, face: int, x: int, y: int, turns: int = 0) -> int:
    """Lay card ``face`` with its top-left square on (x, y); return the crystal board spaces it gains."""
    return int(engine.lay_card(s, t, face, turns, at(x, y)))


def wall(s, t, seat: int, x: int, y: int, border: str, squares: int = 1) -> None:
    """A moon-wall of ``seat`` on the east or south border of (x, y), running down or right over ``squares`` (a turn
    of its own: the engine keeps a turn's walls, at most ``rules.moon_walls.most_per_turn``)."""
    s.n_turn_walls = 0
    engine.put_wall(s, t, seat, squares, 0 if border == "east" else 1, at(x, y))


def enclose_block(s, t, x0: int, y0: int, w: int, h: int, seat: int = 0) -> None:
    """Short moon-walls all around the block of squares x0..x0+w-1, y0..y0+h-1."""
    for x in range(x0, x0 + w):
        wall(s, t, seat, x, y0 - 1, "south")
        wall(s, t, seat, x, y0 + h - 1, "south")
    for y in range(y0, y0 + h):
        wall(s, t, seat, x0 - 1, y, "east")
        wall(s, t, seat, x0 + w - 1, y, "east")


def letters(s, x0: int, y0: int, w: int, h: int) -> list[str]:
    """The codes of a block of squares, row by row (for messages)."""
    return [" ".join(f"{int(s.code[at(x, y)]):2d}" for x in range(x0, x0 + w)) for y in range(y0, y0 + h)]


def legal_anchors(s) -> set[tuple[int, int]]:
    """The card positions on the engine's legal list: (shape, square)."""
    from balance.games.moon.state import CELLS

    return {(int(a) // CELLS, int(a) % CELLS) for a in s.legal[: s.n_legal]}


def monster(name: str) -> int:
    return MONSTERS.index(name)


def three_rivals(missions):
    """Three players and their standings (``engine.standings``).  The witch (seat 1): one group of 6 heads, 12 head
    points and 12 VP for the largest group.  The vampire (seat 2): three squares of two heads and three single
    heads, 15 head points and 4 VP for its largest group; with missions, 'singles 3 6' completed (its secret
    mission, or on the bulletin board)."""
    s, t, _ = position(["hhh/hhh", "V.V/.V.", "v.v/.v."], missions=missions,
                       mission_cards=Missions(cards=("singles 3 6", "heads 99 5")))
    for face, x in enumerate((0, 4, 8)):
        lay(s, t, face, x, 0)
    s.secret[2, :2] = (0, 1)
    s.secret[1, :2] = (1, 1)
    s.bulletin[0], s.n_bulletin = 0, 1
    engine.standings(s, t)
    return s, t


__all__ = ["at", "xy", "make_rules", "position", "lay", "wall", "enclose_block", "letters", "legal_anchors",
           "monster", "three_rivals", "np"]
