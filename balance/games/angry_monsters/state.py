"""Angry Monsters' game state: the board as flat padded arrays, the pieces and every scratch buffer.

Everything a game needs is allocated once per batch (``new_state``); ``reset`` copies the starting
board into it.
"""

from typing import NamedTuple

import numpy as np
from numba import njit

from balance.sim.kernel import jit
from balance.sim.record import lead_tracker, new_lead

# tally indices
ON_BOARD, EVACUATED, REPLACED, STANDING_SITES, PILE, STAMP, TURNS = range(7)
N_TALLY = 7
# destroyed columns: the rulebook's price lines
RED_ORANGE, YELLOW_GREEN, BLUE_VIOLET, EVAC_SITES = range(4)


class State(NamedTuple):
    terrain: np.ndarray  # per square: OFF, WATER, LAND
    structure: np.ndarray  # per square: NONE, a building colour 0..5, EVAC
    meeple_count: np.ndarray  # per square: meeples standing there
    monster_at: np.ndarray  # per square: the seat of the monster standing there, or -1
    meeple_cell: np.ndarray  # the squares of the meeples on the board (first tally[ON_BOARD] entries)
    monster_cell: np.ndarray  # per seat: the monster's square (the human's entry unused)
    eaten: np.ndarray  # per seat: meeples eaten
    destroyed: np.ndarray  # per seat x price line: buildings destroyed
    tally: np.ndarray  # ON_BOARD, EVACUATED, REPLACED, STANDING_SITES, PILE, STAMP, TURNS
    evac_dist: np.ndarray  # per square: a meeple's cheapest way to an evac site (moves), INF if none
    land_dist: np.ndarray  # per square: king moves from land (monster starts)
    # search scratch (monster planner)
    s_dist: np.ndarray
    s_seen: np.ndarray
    s_done: np.ndarray
    s_parent: np.ndarray
    bucket: np.ndarray
    pool_cell: np.ndarray
    pool_next: np.ndarray
    queue: np.ndarray
    in_queue: np.ndarray
    path: np.ndarray
    opt_a: np.ndarray  # decision options
    opt_b: np.ndarray
    priority: np.ndarray
    scores: np.ndarray
    standing: np.ndarray  # per seat: 1 for the seat that would win if the game ended now
    lead: np.ndarray


@njit(cache=True)
def new_state(players, n_cells, max_meeples):
    n_opt = max(4 * max_meeples + 16, n_cells + 16)
    return State(
        np.zeros(n_cells, np.int8), np.full(n_cells, -1, np.int8), np.zeros(n_cells, np.int32),
        np.full(n_cells, -1, np.int32), np.zeros(max_meeples + 1, np.int64), np.zeros(players, np.int64),
        np.zeros(players, np.int64), np.zeros((players, 4), np.int64), np.zeros(7, np.int64),
        np.zeros(n_cells, np.int64), np.zeros(n_cells, np.int64),
        np.zeros(n_cells, np.int64), np.zeros(n_cells, np.int64), np.zeros(n_cells, np.int64),
        np.zeros(n_cells, np.int64), np.full(n_cells * 13 + 64, -1, np.int64),
        np.zeros(n_cells * 9 + 16, np.int64), np.zeros(n_cells * 9 + 16, np.int64),
        np.zeros(n_cells + 1, np.int64), np.zeros(n_cells, np.bool_), np.zeros(n_cells + 1, np.int64),
        np.zeros(n_opt, np.int64), np.zeros(n_opt, np.int64), np.zeros(max_meeples + 1, np.float64),
        np.zeros(players, np.int64), np.zeros(players, np.int64), lead_tracker())


@jit
def reset(state, terrain, structure, meeple_count, evac_dist, land_dist):
    """Back to the start of a game on the given board: no monster placed, nothing eaten or destroyed."""
    on_board = 0
    sites = 0
    for c in range(terrain.shape[0]):
        state.terrain[c] = terrain[c]
        state.structure[c] = structure[c]
        state.meeple_count[c] = meeple_count[c]
        state.monster_at[c] = -1
        state.evac_dist[c] = evac_dist[c]
        state.land_dist[c] = land_dist[c]
        if structure[c] == 6:
            sites += 1
        for _ in range(meeple_count[c]):
            state.meeple_cell[on_board] = c
            on_board += 1
    for s in range(state.eaten.shape[0]):
        state.eaten[s] = 0
        state.monster_cell[s] = -1
        state.scores[s] = 0
        state.standing[s] = 0
        for j in range(4):
            state.destroyed[s, j] = 0
    state.tally[0] = on_board
    state.tally[1] = 0
    state.tally[2] = 0
    state.tally[3] = sites
    state.tally[4] = 0
    state.tally[6] = 0
    new_lead(state.lead)
