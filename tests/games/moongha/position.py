"""Hand-made positions for the rule tests: a fresh state, pieces put on the board, scripted dice and choices."""

import numpy as np

from balance.games.moongha import engine
from balance.games.moongha.rules import CITIES, Rules
from balance.games.moongha.state import (I_FC_LEN, I_FC_POS, I_FD_LEN, I_FD_POS, enter_board, new_python_state,
                                         option_row)
from balance.sim.dice import new_rng

CITY = {name: i for i, name in enumerate(CITIES)}


def tables(players=4, rules=None):
    return engine.make_tables(rules or Rules(), players)


def fresh(players=4, rules=None):
    """(state, tables): supplies full, board empty, nothing in the Action boxes; the state's generator
    seeded with 0 (``rng()``)."""
    t = tables(players, rules)
    s = new_python_state(t)
    s.rng[:] = rng()
    return s, t


def rng(seed=0):
    """A generator state (to put into ``s.rng``)."""
    return new_rng(np.random.SeedSequence(seed))


def put(s, t, p, kind, city, hidden=False):
    """Put an available monster of ``kind`` of player ``p`` on the board; return its piece index."""
    i = engine.available_piece(s, t, p, kind)
    assert i >= 0, "no piece left"
    enter_board(s, t, p, i, CITY[city] if isinstance(city, str) else city, int(hidden))
    return i


def dice(s, *faces):
    """The next rolls show these faces."""
    s.forced_dice[: len(faces)] = faces
    s.info[I_FD_POS] = 0
    s.info[I_FD_LEN] = len(faces)


def choices(s, *rows):
    """The next decisions take these options (rows of up to 4 integers, padded with 0)."""
    for r, row in enumerate(rows):
        s.forced_choice[r, :] = 0
        s.forced_choice[r, : len(row)] = row
    s.info[I_FC_POS] = 0
    s.info[I_FC_LEN] = len(rows)


def all_used(s):
    """Every scripted die was rolled and every scripted choice taken."""
    return s.info[I_FD_POS] == s.info[I_FD_LEN] and s.info[I_FC_POS] == s.info[I_FC_LEN]


def options(s, n):
    return [option_row(s, o) for o in range(n)]
