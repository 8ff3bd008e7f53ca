"""Angry Monsters' game state: the fields of the state record.

The board is flat padded arrays (``board.py``): square ``c`` is 0..t.n_cells-1, a neighbour is
``c + t.king_step[k]``.  Seats ``p`` 0..n-1: the monsters first, the human last (``t.players - 1``).
"""

import numpy as np

from balance.games.angry_monsters.board import BOARD_FIELDS, MAX_CELLS
from balance.games.angry_monsters.rules import MAX_MEEPLES
from balance.games.angry_monsters.tables import MAX_PLAYERS
from balance.kit import jit_inline

# the price lines of the rulebook, by which destroyed structures are counted
RED_ORANGE, YELLOW_GREEN, BLUE_VIOLET, EVAC_SITES = range(4)
PRICE_LINES = 4

# the most options a decision can have: a step of every meeple in each of 4 directions (and END), or
# every square for a new evac site
MAX_OPTIONS = max(4 * MAX_MEEPLES + 1, MAX_CELLS)

FIELDS = [
    ("monster_at", np.int32, (MAX_CELLS,)),  # per square: the seat of the monster standing there, or -1
    ("meeple_cell", np.int64, (MAX_MEEPLES,)),  # the squares of the meeples on the board (the first on_board)
    ("on_board", np.int64),  # meeples on the board
    ("evacuated", np.int64),  # meeples in the human's hand (evacuated, less those put back)
    ("standing_sites", np.int64),  # evac sites on the board
    ("pile", np.int64),  # destroyed evac site chips, to be replaced
    ("replaced", np.int64),  # evac sites replaced in the game
    ("monster_cell", np.int64, (MAX_PLAYERS,)),  # per seat: the monster's square (the human's entry unused)
    ("eaten", np.int64, (MAX_PLAYERS,)),  # per seat: meeples eaten
    ("destroyed", np.int64, (MAX_PLAYERS, PRICE_LINES)),  # per seat and price line: structures destroyed
    ("turns", np.int64),  # turns played (a monster's or the human's)
    ("moves", np.int64),  # moves left in the turn at hand
    ("scores", np.int64, (MAX_PLAYERS,)),  # buildings counted for a monster, meeples evacuated for the human
    ("standing", np.int64, (MAX_PLAYERS,)),  # 1 for the seat that would win if the game ended now (the lead)
    ("options", np.int64, (MAX_OPTIONS,)),  # the legal options of the decision at hand (decisions.option)
    # then the board (terrain, structure, meeple_count, land_dist) and the generator's scratch; not first: a
    # record that begins with another's fields is its 'subtype', which numba warns about as experimental
] + BOARD_FIELDS


# ---------------------------------------------------------------- the victory condition

@jit_inline
def counted(s, t, seat):
    """Buildings a monster destroyed, as the victory condition counts them."""
    n = s.destroyed[seat, RED_ORANGE] + s.destroyed[seat, YELLOW_GREEN] + s.destroyed[seat, BLUE_VIOLET]
    if t.evac_site_counts_as_building:
        n += s.destroyed[seat, EVAC_SITES]
    return n


@jit_inline
def eaten_by_all(s, t):
    eaten = 0
    for m in range(t.players - 1):
        eaten += s.eaten[m]
    return eaten


@jit_inline
def human_can_still_win(s, t):
    """The human may yet evacuate more meeples than the monsters eat: it holds its evacuated meeples and could
    save every one left on the board, while a meeple eaten never comes back (the three put back when a site
    is replaced come out of the human's hand, so they change nothing here)."""
    return s.evacuated + s.on_board > eaten_by_all(s, t)


@jit_inline
def winner_if_over(s, t, more):
    """The seat that wins were the game over now with ``more`` meeples eaten besides: the human if it evacuated
    more than the monsters ate, else the monster that destroyed the most buildings (-1: a tie)."""
    human = t.players - 1
    if s.evacuated > eaten_by_all(s, t) + more:
        return human
    winner, best = -1, -1
    for m in range(human):
        n = counted(s, t, m)
        if n > best:
            best, winner = n, m
        elif n == best:
            winner = -1
    return winner
