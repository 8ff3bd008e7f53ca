"""The board's mechanics: who may enter a square, what a step costs, eating, destroying, evac distances.

Every function works on the flat padded board of ``state.py``; ``cfg`` is the kernel's integer
configuration (indices below), ``cost`` the moves to destroy each structure (colours 0..5, then
the evac site).
"""

import numpy as np

from balance.games.angry_monsters.board import EVAC, INF, LAND, NONE, OFF
from balance.games.angry_monsters.state import (BLUE_VIOLET, EVAC_SITES, EVACUATED, ON_BOARD, PILE, RED_ORANGE,
                                                STANDING_SITES, YELLOW_GREEN)
from balance.sim.kernel import jit, jit_inline

# cfg indices
(WIDTH, HEIGHT, W2, N_CELLS, EACH_GAME, SIDE, DEPTH, ROUGH, GEN_EVAC, INLAND, SPREAD, MEEPLES, PER_SQUARE,
 MONSTER_DIE, BONUS, HUMAN_DICE, HUMAN_SIDES, CROSS, MONSTER_CROSS, CHIPS, PUT_BACK, REPLACE_ANY, NEEDS_EVACUATED,
 PUT_BACK_ANYWHERE, MONSTER_ENTERS_EVAC, EVAC_COUNTS, SHARE, DIAGONAL_SQUEEZE, MAX_ROUNDS, N_CFG) = range(30)

# price line of each structure: red, orange, yellow, green, blue, violet, evac site
PRICE_LINE = np.array([RED_ORANGE, RED_ORANGE, YELLOW_GREEN, YELLOW_GREEN, BLUE_VIOLET, BLUE_VIOLET, EVAC_SITES],
                      np.int64)


def directions(w2: int):
    """(8 king steps, 4 rook steps, and for each king step its two orthogonal parts, 0 for a rook step)."""
    king = np.array([-w2 - 1, -w2, -w2 + 1, -1, 1, w2 - 1, w2, w2 + 1], np.int64)
    rook = np.array([-w2, -1, 1, w2], np.int64)
    part_a = np.array([-w2, 0, -w2, 0, 0, w2, 0, w2], np.int64)
    part_b = np.array([-1, 0, 1, 0, 0, -1, 0, 1], np.int64)
    return king, rook, part_a, part_b


@jit_inline
def step_cost(terrain, a, b, crossing):
    """Moves to step from square a to square b: ``crossing`` between land and water, else 1."""
    return crossing if terrain[a] != terrain[b] else 1


@jit_inline
def monster_may_enter(structure, terrain, monster_at, c, k, nb, part_a, part_b, enters_evac, share, squeeze):
    """Monsters cannot traverse buildings (nor evac sites unless allowed), nor, by default, each other."""
    s = structure[nb]
    ok = terrain[nb] != OFF and (s == NONE or (s == EVAC and enters_evac)) and (share or monster_at[nb] < 0)
    if ok and not squeeze and part_a[k] != 0:
        ok = not (structure[c + part_a[k]] >= 0 and structure[c + part_b[k]] >= 0)
    return ok


@jit_inline
def meeple_may_enter(structure, terrain, monster_at, meeple_count, nb, per_square):
    """Meeples cannot traverse buildings or monsters; an evac site takes any number (they leave at once)."""
    s = structure[nb]
    if terrain[nb] == OFF or monster_at[nb] >= 0:
        return False
    if s == EVAC:
        return True
    return s == NONE and meeple_count[nb] < per_square


@jit_inline
def remove_meeples_at(state, c):
    """Take every meeple on square c off the board; return how many."""
    k = state.meeple_count[c]
    if k > 0:
        state.meeple_count[c] = 0
        n = state.tally[ON_BOARD]
        i = 0
        while i < n:
            if state.meeple_cell[i] == c:
                n -= 1
                state.meeple_cell[i] = state.meeple_cell[n]
            else:
                i += 1
        state.tally[ON_BOARD] = n
    return k


@jit_inline
def move_monster(state, seat, to):
    frm = state.monster_cell[seat]
    if frm >= 0 and state.monster_at[frm] == seat:
        state.monster_at[frm] = -1
    state.monster_at[to] = seat
    state.monster_cell[seat] = to


@jit_inline
def monster_enters(state, seat, to):
    """Move the monster onto square ``to`` and eat every meeple there; return meeples eaten."""
    move_monster(state, seat, to)
    k = remove_meeples_at(state, to)
    state.eaten[seat] += k
    return k


@jit
def destroy(state, seat, y, crossing, rook):
    """The monster destroys the structure on square y; the square becomes open ground."""
    s = state.structure[y]
    state.structure[y] = NONE
    state.destroyed[seat, PRICE_LINE[s]] += 1
    if s == EVAC:
        state.tally[STANDING_SITES] -= 1
        state.tally[PILE] += 1
        evac_distances(state, crossing, rook)
    else:
        open_square(state, y, crossing, rook)


@jit
def _relax(state, head, tail, crossing, rook):
    """Label-correcting shortest paths from the squares queued in ``state.queue[head:tail]`` (a ring)."""
    dist = state.evac_dist
    terrain = state.terrain
    structure = state.structure
    queue = state.queue
    in_queue = state.in_queue
    size = queue.shape[0]
    count = tail - head
    while count > 0:
        c = queue[head]
        head = head + 1 if head + 1 < size else 0
        count -= 1
        in_queue[c] = False
        dc = dist[c]
        for k in range(4):
            nb = c + rook[k]
            if terrain[nb] != OFF and (structure[nb] == NONE or structure[nb] == EVAC):
                nd = dc + (crossing if terrain[nb] != terrain[c] else 1)
                if nd < dist[nb]:
                    dist[nb] = nd
                    if not in_queue[nb]:
                        in_queue[nb] = True
                        queue[tail] = nb
                        tail = tail + 1 if tail + 1 < size else 0
                        count += 1


@jit
def evac_distances(state, crossing, rook):
    """Every square's cheapest meeple route to an evac site (monsters ignored), from scratch."""
    tail = 0
    for c in range(state.terrain.shape[0]):
        state.in_queue[c] = False
        if state.structure[c] == EVAC:
            state.evac_dist[c] = 0
            state.queue[tail] = c
            state.in_queue[c] = True
            tail += 1
        else:
            state.evac_dist[c] = INF
    _relax(state, 0, tail, crossing, rook)


@jit
def open_square(state, x, crossing, rook):
    """Square x became passable (a building fell) or an evac site: distances can only shrink."""
    if state.structure[x] == EVAC:
        state.evac_dist[x] = 0
    else:
        best = INF
        for k in range(4):
            nb = x + rook[k]
            d = state.evac_dist[nb] + (crossing if state.terrain[nb] != state.terrain[x] else 1)
            if state.terrain[nb] != OFF and d < best:
                best = d
        if best >= state.evac_dist[x]:
            return
        state.evac_dist[x] = best
    state.queue[0] = x
    state.in_queue[x] = True
    _relax(state, 0, 1, crossing, rook)


@jit_inline
def free_square(state, c, anywhere, limit):
    """A square an evac site (``limit`` 1: no meeple on it) or a put-back meeple (``limit``: meeples per
    square) may be placed on: land (or any square if ``anywhere``), no structure, no monster."""
    if state.terrain[c] == OFF or (state.terrain[c] != LAND and not anywhere):
        return False
    if state.structure[c] != NONE or state.monster_at[c] >= 0:
        return False
    return state.meeple_count[c] < limit


@jit_inline
def evacuate(state, i):
    """Meeple i reached an evac site: off the board, into the human's hand."""
    c = state.meeple_cell[i]
    state.meeple_count[c] -= 1
    n = state.tally[ON_BOARD] - 1
    state.meeple_cell[i] = state.meeple_cell[n]
    state.tally[ON_BOARD] = n
    state.tally[EVACUATED] += 1


@jit_inline
def move_meeple(state, i, to):
    """Meeple i steps onto square ``to``; return True if it was evacuated there."""
    frm = state.meeple_cell[i]
    state.meeple_count[frm] -= 1
    state.meeple_count[to] += 1
    state.meeple_cell[i] = to
    if state.structure[to] == EVAC:
        evacuate(state, i)
        return True
    return False
