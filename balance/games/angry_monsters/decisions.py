"""Angry Monsters' decisions, how their options are written, and the questions of the rules that both
the engine and the strategies ask (a strategy never restates a rule: it asks here).

The decisions, each asked of the seat whose turn it is:

- ``MONSTER_MOVE``: ``END`` the turn, ``STEP`` onto a neighbouring square (8 directions), or ``WRECK``
  (destroy) the structure on a cardinally adjacent square; asked while the monster has moves left.
- ``REPLACE_OR_ROLL``: at the start of the human's turn, when an evac site may be replaced: ``ROLL`` the
  dice and move meeples, or ``REPLACE`` a site.
- ``LIFT_SITE``: the chip to replace: ``FROM_PILE`` (a destroyed one) or, under the 'any_site' reading,
  ``LIFT`` a standing site off its square.
- ``PLACE_SITE``: ``PLACE`` the site on a free land square.
- ``MEEPLE_STEP``: ``END`` the turn, or ``STEP`` a meeple (by its index in ``s.meeple_cell``) onto a
  cardinally adjacent square; asked while the human has moves left.

An option is one int64 code (``option``): what is done, the square and the meeple, each a signed field.
The engine lists the legal options of a decision into ``s.options`` for whoever reads the list: the
``random`` policy, a test's scripted choice, and every option of the rare decisions (the human's
replacing).  A move of the scripted monsters and humans is instead answered with the code of the option
they take, found with the same questions the engine asks below: listing the 8 + 4 options of every
monster step, or the 4 steps of each of 50 meeples at every meeple step, costs more than the strategies'
whole plan.
"""

import numpy as np
from balance.games.angry_monsters.board import EVAC, INF, MAX_CELLS, NONE, OFF
from balance.kit import jit, jit_inline

MONSTER_MOVE, REPLACE_OR_ROLL, LIFT_SITE, PLACE_SITE, MEEPLE_STEP = range(5)
END, STEP, WRECK, ROLL, REPLACE, FROM_PILE, LIFT, PLACE = range(8)  # what an option does


# ---------------------------------------------------------------- options

@jit_inline
def option(what, square, meeple):
    """The code of an option: what it does, its square (-1: none) and its meeple (-1: none)."""
    return np.int64(what) | (np.int64(square) & 0xFFFF) << 16 | np.int64(meeple) << 32


@jit_inline
def what_of(code):
    return code & 0xFFFF


@jit_inline
def square_of(code):
    x = (code >> 16) & 0xFFFF
    return x - ((x & 0x8000) << 1)


@jit_inline
def meeple_of(code):
    return code >> 32


def option_code(what, square=-1, meeple=-1) -> int:
    """The code of an option (for Python code: tests' scripted choices)."""
    return int(getattr(option, "py_func", option)(what, square, meeple))


def option_fields(code) -> tuple[int, int, int]:
    """(what, square, meeple) of an option's code (for Python code: tests)."""
    code = int(code)
    square = (code >> 16) & 0xFFFF
    return code & 0xFFFF, square - ((square & 0x8000) << 1), code >> 32


# ---------------------------------------------------------------- questions of the rules

@jit_inline
def monster_step_cost(s, t, a, b):
    """Moves a monster pays to step from square a to b: the monster crossing cost between land and water."""
    return t.monster_crossing_cost if s.terrain[a] != s.terrain[b] else 1


@jit_inline
def meeple_step_cost(s, t, a, b):
    """Moves a meeple pays to step from square a to b: 'moving between a land square and a water square
    costs two moves' (``crossing_cost``), else 1."""
    return t.crossing_cost if s.terrain[a] != s.terrain[b] else 1


@jit_inline
def monster_may_enter(s, t, c, k):
    """A monster on square c may step to ``c + t.king_step[k]``: monsters cannot traverse buildings (nor
    evac sites unless allowed), nor, by default, each other, nor squeeze diagonally between two buildings
    when that is not allowed."""
    nb = c + t.king_step[k]
    x = s.structure[nb]
    ok = s.terrain[nb] != OFF and (x == NONE or (x == EVAC and t.monster_enters_evac_site)) and \
        (t.monsters_share_squares or s.monster_at[nb] < 0)
    if ok and not t.diagonal_between_buildings and t.flank_a[k] != 0:
        ok = not (s.structure[c + t.flank_a[k]] >= 0 and s.structure[c + t.flank_b[k]] >= 0)
    return ok


@jit_inline
def meeple_may_enter(s, t, nb):
    """A meeple may step onto square nb: not into a building or a monster, nor beyond the meeples a square
    holds; an evac site takes any number (they leave at once)."""
    if s.terrain[nb] == OFF or s.monster_at[nb] >= 0:
        return False
    x = s.structure[nb]
    if x == EVAC:
        return True
    return x == NONE and s.meeple_count[nb] < t.meeples_per_square


@jit_inline
def on_a_route(s, c):
    """A meeple's way to safety may pass square c: buildings stand where they are, monsters and meeples move."""
    return s.terrain[c] != OFF and (s.structure[c] == NONE or s.structure[c] == EVAC)


@jit_inline
def destroy_cost(t, structure):
    """Moves to destroy a structure (a building colour or EVAC)."""
    return t.structure_cost[structure]


# ---------------------------------------------------------------- the meeples' routes to safety

ROUTE_FIELDS = [  # a map of the meeples' routes, as fields of a record (the policies' own, or a Python one)
    ("evac_dist", np.int64, (MAX_CELLS,)),  # per square: a meeple's cheapest way to an evac site (moves), INF if none
    ("queue", np.int64, (MAX_CELLS + 1,)),  # scratch: a ring of squares to relax
    ("in_queue", np.uint8, (MAX_CELLS,)),  # 1: in the ring
]


@jit
def _relax(s, t, m, head, tail):
    """Label-correcting cheapest routes from the squares queued in ``m.queue[head:tail]`` (a ring)."""
    dist = m.evac_dist
    queue = m.queue
    in_queue = m.in_queue
    size = queue.shape[0]
    count = tail - head
    while count > 0:
        c = queue[head]
        head = head + 1 if head + 1 < size else 0
        count -= 1
        in_queue[c] = 0
        dc = dist[c]
        for k in range(4):
            nb = c + t.rook_step[k]
            if on_a_route(s, nb):
                nd = dc + meeple_step_cost(s, t, c, nb)
                if nd < dist[nb]:
                    dist[nb] = nd
                    if not in_queue[nb]:
                        in_queue[nb] = 1
                        queue[tail] = nb
                        tail = tail + 1 if tail + 1 < size else 0
                        count += 1


@jit
def evac_distances(s, t, m):
    """Every square's cheapest meeple route to an evac site (moves; INF if none), into ``m.evac_dist``
    (``m.queue``, ``m.in_queue``: its scratch).  Monsters and other meeples are ignored: they move."""
    tail = 0
    for c in range(t.n_cells):
        m.in_queue[c] = 0
        if s.structure[c] == EVAC:
            m.evac_dist[c] = 0
            m.queue[tail] = c
            m.in_queue[c] = 1
            tail += 1
        else:
            m.evac_dist[c] = INF
    _relax(s, t, m, 0, tail)


@jit
def open_square(s, t, m, x):
    """Square x became passable (a building fell) or an evac site: the routes in ``m.evac_dist`` can only
    get cheaper."""
    if s.structure[x] == EVAC:
        m.evac_dist[x] = 0
    else:
        best = INF
        for k in range(4):
            nb = x + t.rook_step[k]
            d = m.evac_dist[nb] + meeple_step_cost(s, t, nb, x)
            if s.terrain[nb] != OFF and d < best:
                best = d
        if best >= m.evac_dist[x]:
            return
        m.evac_dist[x] = best
    m.queue[0] = x
    m.in_queue[x] = 1
    _relax(s, t, m, 0, 1)
