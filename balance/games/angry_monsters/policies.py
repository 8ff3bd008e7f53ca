"""Angry Monsters strategies.  The whole board is public, so every policy may read all of it.

Decision points: a monster's step (END, a step to one of the 8 neighbours, or destroying a building
in one of the 4 cardinal directions); the human's turn start (ROLL or REPLACE an evac site), the
site to lift (``any_site`` reading), the square for the site, and each meeple step (END or a meeple
and a cardinal direction).  ``random`` picks uniformly among the enumerated legal options.

The scripted policies score the same legal moves but plan with distance maps instead of listing
every option at every step:

* monsters run one bounded Dijkstra search from their square (king steps, monster costs) and take
  the target with the best value per move within this turn's moves: a meeple (eaten by entering
  its square) or a building destroyed from a cardinally adjacent square.  With nothing in reach,
  they walk towards the nearest target of their kind.  They re-plan after every meal or wreck.
  A monster with nothing to walk to while meeples are left breaks in: the meeples are walled in
  by buildings, so it goes for the cheapest wall on the way to the nearest one (``break_in``).
* the human reads ``evac_dist`` (every square's cheapest meeple route to an evac site), which is
  recomputed only when the board changes: incrementally when a building falls or a site is placed,
  from scratch when a site is destroyed or lifted.
"""


from balance.games.angry_monsters.board import EVAC, INF, NONE, OFF
from balance.games.angry_monsters.moves import MONSTER_CROSS, MONSTER_ENTERS_EVAC, PER_SQUARE, SHARE, DIAGONAL_SQUEEZE, \
    meeple_may_enter, monster_may_enter, step_cost
from balance.games.angry_monsters.state import ON_BOARD, STAMP, STANDING_SITES
from balance.sim.kernel import jit, jit_inline

# STANDARD never reaches the kernel: a scenario resolves it to the policy its seat plays (see the GameSpec)
RANDOM, GLUTTON, WRECKER, BLOCKADE, NEAREST_EXIT, FLEE, STANDARD = range(7)
MONSTER_POLICIES = (GLUTTON, WRECKER, BLOCKADE)
HUMAN_POLICIES = (NEAREST_EXIT, FLEE)


@jit_inline
def monster_weights(policy, p0, p1, p2):
    """(meeple, guard, building, evac site) values and what to walk towards when nothing is in reach
    (meeples, buildings, evac sites) for a scripted monster with parameters p0.. (see the GameSpec)."""
    if policy == WRECKER:  # meeple_weight, evac_weight
        return p0, 0.0, 1.0, p1, False, True, True
    if policy == BLOCKADE:  # evac_weight, guard_weight, meeple_weight
        return p2, p1, 0.0, p0, False, False, True
    return 1.0, 0.0, p0, p0, True, False, False  # GLUTTON: building_weight


@jit_inline
def adjacent_meal(state, start, budget, w_meeple, w_guard, w_building, w_evac, cfg, king, part_a, part_b):
    """A neighbouring square whose meeples are worth as much per move as any target can be, or -1.

    The search would pick it too (it is the first best square at distance 1); this shortcut saves
    the search for most meals of a feeding frenzy.
    """
    bound = max(w_meeple * cfg[PER_SQUARE] * (1.0 + w_guard), w_building, w_evac)
    found = -1
    if w_meeple > 0.0 and cfg[MONSTER_CROSS] == 1:
        enters_evac = cfg[MONSTER_ENTERS_EVAC] != 0
        share = cfg[SHARE] != 0
        squeeze = cfg[DIAGONAL_SQUEEZE] != 0
        for k in range(8):
            nb = start + king[k]
            n_here = state.meeple_count[nb]
            if n_here > 0 and monster_may_enter(state.structure, state.terrain, state.monster_at, start, k, nb,
                                                part_a, part_b, enters_evac, share, squeeze):
                if w_meeple * n_here * (1.0 + w_guard / (1.0 + state.evac_dist[nb])) >= bound:
                    found = nb
                    break
    return found


@jit_inline
def monster_search(state, start, budget, w_meeple, w_guard, w_building, w_evac, far_meeple, far_building, far_evac,
                   cfg, cost, king, rook, part_a, part_b):
    """Dijkstra by buckets from ``start`` over the squares the monster may enter.

    Returns (square, building square or -1, within reach).  Within the turn's ``budget`` the best
    target is the one with the highest value per move (eating a meeple on a square, or standing on
    a square and destroying a cardinally adjacent structure, paying its cost).  With none, the
    square is the nearest one next to (or holding) a target of the ``far_*`` kinds, to walk towards.
    ``state.s_parent`` then holds the path back to ``start``.
    """
    stamp = state.tally[STAMP] + 1
    state.tally[STAMP] = stamp
    dist = state.s_dist
    seen = state.s_seen
    done = state.s_done
    parent = state.s_parent
    bucket = state.bucket
    pool_cell = state.pool_cell
    pool_next = state.pool_next
    terrain = state.terrain
    structure = state.structure
    meeple_count = state.meeple_count
    monster_at = state.monster_at
    evac_dist = state.evac_dist
    crossing = cfg[MONSTER_CROSS]
    enters_evac = cfg[MONSTER_ENTERS_EVAC] != 0
    share = cfg[SHARE] != 0
    squeeze = cfg[DIAGONAL_SQUEEZE] != 0
    per_square = cfg[PER_SQUARE]
    seen[start] = stamp
    dist[start] = 0
    parent[start] = -1
    fifo = crossing == 1  # unit costs: a plain breadth-first search; else Dijkstra by buckets
    pool_cell[0] = start
    pool_next[0] = -1
    head = 0  # FIFO: next to pop
    n_pool = 1  # FIFO: the tail
    entry = 0  # buckets: the entry to pop next in bucket dd
    dd = 0
    hi = 0
    best = 0.0
    bx = -1
    by = -1
    fx = -1
    # the most any target at distance d can be worth per move is bound / d
    bound = max(w_meeple * per_square * (1.0 + w_guard), w_building, w_evac)
    while True:
        if fifo:
            if head >= n_pool:
                break
            c = pool_cell[head]
            head += 1
            d = dist[c]
        else:
            while entry < 0 and dd < hi:
                dd += 1
                entry = bucket[dd]
                bucket[dd] = -1
            if entry < 0:
                break
            c = pool_cell[entry]
            entry = pool_next[entry]
            if done[c] == stamp or dist[c] != dd:
                continue
            done[c] = stamp
            d = dd
        if (d > budget and (bx >= 0 or fx >= 0)) or (bx >= 0 and best * d >= bound):
            break  # nothing farther can be worth more per move
        far = False
        k_here = meeple_count[c]
        if k_here > 0 and c != start:
            far = far_meeple
            if d <= budget and w_meeple > 0.0:
                value = w_meeple * k_here * (1.0 + w_guard / (1.0 + evac_dist[c])) / d
                if value > best:
                    best = value
                    bx = c
                    by = -1
        for k in range(4):
            y = c + rook[k]
            sy = structure[y]
            if sy >= 0:
                if sy == EVAC:
                    w = w_evac
                    far = far or far_evac
                else:
                    w = w_building
                    far = far or far_building
                total = d + cost[sy]
                if total <= budget and w > 0.0:
                    value = w / max(total, 0.5)
                    if value > best:
                        best = value
                        bx = c
                        by = y
        if far and fx < 0:
            fx = c
            if d > budget:
                break
        tc = terrain[c]
        for k in range(8):
            nb = c + king[k]
            sn = structure[nb]
            tn = terrain[nb]
            if tn != OFF and (sn == NONE or (sn == EVAC and enters_evac)) and \
                    (share or monster_at[nb] < 0) and \
                    (squeeze or part_a[k] == 0 or structure[c + part_a[k]] < 0 or structure[c + part_b[k]] < 0):
                if fifo:
                    if seen[nb] != stamp:
                        seen[nb] = stamp
                        dist[nb] = d + 1
                        parent[nb] = c
                        pool_cell[n_pool] = nb
                        n_pool += 1
                else:
                    nd = d + (crossing if tn != tc else 1)
                    if seen[nb] != stamp or nd < dist[nb]:
                        seen[nb] = stamp
                        dist[nb] = nd
                        parent[nb] = c
                        pool_cell[n_pool] = nb
                        pool_next[n_pool] = bucket[nd]
                        bucket[nd] = n_pool
                        n_pool += 1
                        if nd > hi:
                            hi = nd
    if not fifo:
        for k in range(dd, hi + 1):
            bucket[k] = -1
    if bx >= 0:
        return bx, by, True
    return fx, -1, False


@jit
def break_in(state, start, cfg, cost, king, rook, part_a, part_b):
    """The way to the nearest meeple, destroying buildings (or evac sites) where they stand in the way.

    For a monster that finds nothing to do (``monster_search`` returns no square) while meeples are
    left: they are walled in, and a player would break in.  The cheapest way counts the moves to
    walk (``step_cost``) and, for a structure cardinally next to the monster's square, its price
    then a step onto the open ground it leaves.  Returns (the square to walk to, the structure to
    destroy from there or -1 if none stands in the way, True), or (-1, -1, False) if no meeple can
    be reached even so; ``state.s_parent`` then holds the path back to ``start``.
    """
    dist = state.s_dist
    parent = state.s_parent
    queue = state.queue
    in_queue = state.in_queue
    terrain = state.terrain
    structure = state.structure
    crossing = cfg[MONSTER_CROSS]
    enters_evac = cfg[MONSTER_ENTERS_EVAC] != 0
    share = cfg[SHARE] != 0
    squeeze = cfg[DIAGONAL_SQUEEZE] != 0
    size = queue.shape[0]
    for c in range(terrain.shape[0]):
        dist[c] = INF
        in_queue[c] = False
    dist[start] = 0
    parent[start] = -1
    queue[0] = start
    in_queue[start] = True
    head = 0
    tail = 1
    count = 1
    while count > 0:  # label-correcting shortest moves (each square at most once in the ring)
        c = queue[head]
        head = head + 1 if head + 1 < size else 0
        count -= 1
        in_queue[c] = False
        for k in range(12):
            if k < 8:  # walk
                nb = c + king[k]
                if not monster_may_enter(structure, terrain, state.monster_at, c, k, nb, part_a, part_b,
                                         enters_evac, share, squeeze):
                    continue
                nd = dist[c] + step_cost(terrain, c, nb, crossing)
            else:  # destroy a cardinal neighbour, then step onto it
                nb = c + rook[k - 8]
                if structure[nb] < 0:
                    continue
                nd = dist[c] + cost[structure[nb]] + step_cost(terrain, c, nb, crossing)
            if nd < dist[nb]:
                dist[nb] = nd
                parent[nb] = c
                if not in_queue[nb]:
                    in_queue[nb] = True
                    queue[tail] = nb
                    tail = tail + 1 if tail + 1 < size else 0
                    count += 1
    target = -1
    for i in range(state.tally[ON_BOARD]):
        c = state.meeple_cell[i]
        if dist[c] < INF and (target < 0 or dist[c] < dist[target]):
            target = c
    if target < 0:
        return -1, -1, False
    wall = -1  # the structure on the way nearest the monster
    c = target
    while c != start:
        if structure[c] >= 0:
            wall = c
        c = parent[c]
    if wall < 0:
        return target, -1, True
    return parent[wall], wall, True


@jit_inline
def chebyshev(a, b, w2):
    ra = a // w2
    rb = b // w2
    dr = abs(ra - rb)
    dc = abs((a - ra * w2) - (b - rb * w2))
    return dr if dr > dc else dc


@jit_inline
def monster_distance(state, c, n_monsters, w2):
    """King-move distance (as the crow flies) from square c to the nearest monster."""
    best = INF
    for m in range(n_monsters):
        d = chebyshev(c, state.monster_cell[m], w2)
        if d < best:
            best = d
    return best


@jit_inline
def meeple_step(state, policy, budget, danger_radius, threat_weight, n_monsters, w2, per_square, crossing, rook):
    """The scripted human's next step: (meeple index, square) or (-1, -1) to end the turn.

    ``nearest_exit`` moves the meeple closest to an evac site one step downhill on ``evac_dist``.
    ``flee`` first saves the meeples within ``danger_radius`` of a monster (priority
    ``threat_weight`` x closeness to the monster minus distance to safety): downhill if it can,
    else a step away from the monster; then it plays like ``nearest_exit``.
    """
    terrain = state.terrain
    structure = state.structure
    monster_at = state.monster_at
    meeple_count = state.meeple_count
    evac_dist = state.evac_dist
    n = state.tally[ON_BOARD]
    best_i = -1
    best_to = -1
    if policy == FLEE:
        pri = state.priority
        for i in range(n):
            c = state.meeple_cell[i]
            threat = danger_radius - monster_distance(state, c, n_monsters, w2)
            pri[i] = threat_weight * threat - min(evac_dist[c], 1000) if threat > 0 else -1e18
        while True:
            top = -1
            top_p = -1e17
            for i in range(n):
                if pri[i] > top_p:
                    top_p = pri[i]
                    top = i
            if top < 0:
                break
            pri[top] = -1e18
            c = state.meeple_cell[top]
            here = monster_distance(state, c, n_monsters, w2)
            down = -1
            away = -1
            away_d = here
            for k in range(4):
                nb = c + rook[k]
                if meeple_may_enter(structure, terrain, monster_at, meeple_count, nb, per_square) and \
                        (crossing if terrain[nb] != terrain[c] else 1) <= budget:
                    if evac_dist[nb] < evac_dist[c]:
                        down = nb
                        break
                    md = monster_distance(state, nb, n_monsters, w2)
                    if md > away_d:
                        away_d = md
                        away = nb
            if down >= 0 or away >= 0:
                best_i = top
                best_to = down if down >= 0 else away
                break
        if best_i >= 0:
            return best_i, best_to
    best_d = INF
    for i in range(n):
        c = state.meeple_cell[i]
        dc = evac_dist[c]
        if dc < best_d:
            for k in range(4):
                nb = c + rook[k]
                if evac_dist[nb] < dc and (crossing if terrain[nb] != terrain[c] else 1) <= budget and \
                        meeple_may_enter(structure, terrain, monster_at, meeple_count, nb, per_square):
                    best_d = dc
                    best_i = i
                    best_to = nb
                    break
    return best_i, best_to


@jit_inline
def wants_replace(state, replace_at_most):
    """Rule of thumb: replace an evac site when this few (or fewer) stand; the price is checked by the engine."""
    return state.tally[STANDING_SITES] <= replace_at_most


@jit
def site_score(state, x, n_monsters, w2, safety):
    """How good square x is for a new evac site: close to the meeples on average, far from the monsters."""
    n = state.tally[ON_BOARD]
    rx = x // w2
    cx = x - rx * w2
    total = 0.0
    for i in range(n):
        c = state.meeple_cell[i]
        r = c // w2
        total += abs(r - rx) + abs(c - r * w2 - cx)
    mean = total / n if n > 0 else 0.0
    return -mean + safety * min(monster_distance(state, x, n_monsters, w2), 8)
