"""Pig's game state."""

from typing import NamedTuple

import numpy as np
from numba import njit

from balance.sim.kernel import jit_inline
from balance.sim.record import lead_tracker, new_lead


class State(NamedTuple):
    scores: np.ndarray  # banked score per seat
    busts: np.ndarray  # per seat: turns lost to the bust face
    rolls: np.ndarray  # per seat: dice rolled
    lead: np.ndarray  # lead tracker (see balance.sim.record.lead_tracker)


@njit(cache=True)
def new_state(players):
    return State(np.zeros(players, np.int64), np.zeros(players, np.int64), np.zeros(players, np.int64),
                 lead_tracker())


@jit_inline
def reset(state):
    """Back to the start of a game: no points, no dice rolled."""
    for s in range(len(state.scores)):
        state.scores[s] = 0
        state.busts[s] = 0
        state.rolls[s] = 0
    new_lead(state.lead)
