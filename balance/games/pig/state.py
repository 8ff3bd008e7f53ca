"""Pig's game state: the fields of the state record, reset before every game."""

import numpy as np

from balance.games.pig.decisions import HOLD, ROLL
from balance.kit import jit_inline

MAX_PLAYERS = 6

FIELDS = [
    ("scores", np.int64, (MAX_PLAYERS,)),  # banked score per seat
    ("busts", np.int64, (MAX_PLAYERS,)),  # per seat: turns lost to the bust face
    ("rolls", np.int64, (MAX_PLAYERS,)),  # per seat: dice rolled
    ("options", np.int64, (2,)),  # the decision's options: ROLL, HOLD
]


@jit_inline
def reset(s, n):
    """Back to the start of a game: no points, no dice rolled."""
    for p in range(n):
        s.scores[p] = 0
        s.busts[p] = 0
        s.rolls[p] = 0
    s.options[0] = ROLL
    s.options[1] = HOLD
