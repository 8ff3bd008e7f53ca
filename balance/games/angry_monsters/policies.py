"""Angry Monsters strategies.  The whole board is public, so every policy may read all of it.

At every decision (``decisions.py``) the engine asks ``choose`` for the code of the option the seat
takes.  ``random`` picks uniformly among the options the engine listed.  The scripted policies answer
a move with the option they take (the engine lists no options for them), planned with distance maps:

* monsters run one bounded Dijkstra search from their square (king steps, monster costs) and take
  the target with the best value per move within this turn's moves: a meeple (eaten by entering
  its square) or a building destroyed from a cardinally adjacent square; the nearest meal whose bonus
  moves repay the walk there and back comes first (``repays_walk``: it costs no target a move).  With
  nothing in reach, they walk towards the target of their kind the fewest moves away, walking and
  destroying.  The plan (``path``, then the structure to destroy) is walked step by step and made
  again after every meal or wreck, and at every turn.
  A monster with nothing to walk to while meeples are left breaks in: the meeples are walled in
  by buildings, so it goes for the cheapest wall on the way to the nearest one (``break_in``).
  A monster behind on buildings never eats the last meeples (nor walks through them): that ends the
  game and hands it to the monster ahead (``last_meal_to_spare``).
  Once the human can no longer win (``state.human_can_still_win``), a monster not ahead on buildings
  plays the monsters' race whatever its policy (``racing_for_buildings``): it wrecks, the cheapest
  per move first, and eats free meals only, for their bonus moves; with no building left to reach, or
  in the lead (its meals bring nearer the end that hands it the game), it plays as its policy says.
* the human reads ``evac_dist``, every square's cheapest meeple route to an evac site
  (``decisions.evac_distances``).  The policies keep it up to date with the board: when structures
  have changed since it was computed, incrementally where squares opened (a building fell, a site
  was placed), from scratch where a site went.

Their scratch and memos are the policies' record ``s.policies`` (``FIELDS``), which the engine never
writes.
"""

import numpy as np

from balance.games.angry_monsters.board import EVAC, INF, MAX_CELLS
from balance.games.angry_monsters.decisions import (
    END, FROM_PILE, LIFT_SITE, MEEPLE_STEP, MONSTER_MOVE, REPLACE, REPLACE_OR_ROLL, ROLL, ROUTE_FIELDS, STEP, WRECK,
    destroy_cost, evac_distances, meeple_may_enter, meeple_step_cost, monster_may_enter, monster_step_cost, open_square, option,
    square_of, what_of,
)
from balance.games.angry_monsters.rules import BOARD_SOURCES, MAX_MEEPLES
from balance.games.angry_monsters.state import human_can_still_win, winner_if_over
from balance.kit import below, jit, jit_inline, minimum

# STANDARD never reaches the kernel: a scenario resolves it to the policy its seat plays (see the GameSpec)
RANDOM, GLUTTON, WRECKER, BLOCKADE, NEAREST_EXIT, FLEE, STANDARD = range(7)
MONSTER_POLICIES = (GLUTTON, WRECKER, BLOCKADE)
HUMAN_POLICIES = (NEAREST_EXIT, FLEE)
MAX_PARAMS = 4  # flee: danger_radius, threat_weight, replace_at_most, site_safety
EACH_GAME = BOARD_SOURCES.index("generated_each_game")

# the monsters' search: a route's cost is at most 12 moves a square (Dijkstra's buckets), and each
# square enters the pool once and once more for each of its 8 neighbours that lowers its cost
MAX_BUCKETS = MAX_CELLS * 13 + 64
MAX_POOL = MAX_CELLS * 9 + 16
FREE_MEAL = 1e9  # a free meal's worth per move (``repays_walk``): more than any other target's

FIELDS = ROUTE_FIELDS + [  # the policies' record, ``s.policies`` (besides the kit's rng, id and param)
    # the meeples' routes to safety (evac_dist, decisions.ROUTE_FIELDS), and the board they were computed for
    ("evac_board", np.int8, (MAX_CELLS,)),  # the structures then
    ("evac_changes", np.int64),  # structures_changed then
    # the monsters' search
    ("stamp", np.int64),  # the search's number: a square was reached (seen) or settled (done) in this one
    ("dist", np.int64, (MAX_CELLS,)),
    ("seen", np.int64, (MAX_CELLS,)),
    ("done", np.int64, (MAX_CELLS,)),
    ("parent", np.int64, (MAX_CELLS,)),  # the square a square was reached from
    ("wrecked_in", np.uint8, (MAX_CELLS,)),  # break_in: 1 if the square was reached by destroying what stood on it
    ("bucket", np.int64, (MAX_BUCKETS,)),  # Dijkstra's buckets by cost: the first pool entry, -1 if empty
    ("buckets_ready", np.bool_),
    ("pool_cell", np.int64, (MAX_POOL,)),
    ("pool_next", np.int64, (MAX_POOL,)),
    # a monster's plan: the squares to walk (from path[path_left - 1] to path[0]), then the structure to destroy
    ("path", np.int64, (MAX_CELLS,)),
    ("path_left", np.int64),
    ("plan_wreck", np.int64),  # -1: none
    ("plan_turn", np.int64),  # the plan holds in this turn (-1: none) while the monster stands on plan_square
    ("plan_square", np.int64),  # having eaten plan_eaten, with the board's structures_changed plan_changes
    ("plan_eaten", np.int64),
    ("plan_changes", np.int64),
    ("priority", np.float64, (MAX_MEEPLES,)),  # flee: each meeple's urgency
    ("came_from", np.int64, (MAX_CELLS,)),  # the square the meeple on a square stepped from, in turn came_turn
    ("came_turn", np.int64, (MAX_CELLS,)),
]


@jit_inline
def new_game(s, t):
    """Forget the last game's plan, and take the routes of the starting board (called before each game,
    on the board set up)."""
    m = s.policies
    m.plan_turn = -1
    m.came_turn[:] = -1
    if t.board_source == EACH_GAME:
        m.evac_changes = -1  # not known yet: update_routes computes them
    else:
        for c in range(t.n_cells):
            m.evac_dist[c] = t.start_routes[c]
            m.evac_board[c] = s.structure[c]
        m.evac_changes = 0
    if not m.buckets_ready:  # the search leaves every bucket empty behind it
        m.bucket[:] = -1
        m.buckets_ready = True


@jit_inline
def choose(s, t, seat, kind, n):
    """The code of the option the seat's policy takes; ``s.options[:n]`` lists the legal options
    (for a move, only when the seat plays ``random``)."""
    if s.policies.id[seat] == RANDOM:
        return s.options[below(n, s.policies.rng)]
    if kind == MONSTER_MOVE:
        return monster_move(s, t, seat)
    if kind == MEEPLE_STEP:
        return meeple_step(s, t, seat)
    replace_at_most, safety = human_params(s, seat)[2:]
    if kind == REPLACE_OR_ROLL:
        return option(REPLACE, -1, -1) if wants_replace(s, t, replace_at_most) else option(ROLL, -1, -1)
    if kind == LIFT_SITE:
        return site_to_lift(s, t, n)
    return site_to_place(s, t, n, safety)  # PLACE_SITE


# ---------------------------------------------------------------- the board as the policies read it

@jit_inline
def structures_changed(s, t):
    """Structures destroyed and evac sites replaced so far: it grows whenever a structure changes."""
    k = s.replaced
    for p in range(t.players - 1):
        for j in range(s.destroyed.shape[1]):
            k += s.destroyed[p, j]
    return k


@jit
def update_routes(s, t, changes):
    """Bring ``evac_dist`` up to date with the board's structures: open each square that opened (a building
    fell, a site was placed), or compute them anew if a site went (routes can only get dearer)."""
    m = s.policies
    n = t.n_cells
    anew = m.evac_changes < 0  # a new board
    if not anew:
        for c in range(n):
            was = m.evac_board[c]
            if was != s.structure[c]:
                if was == EVAC:
                    anew = True
                    break
                m.evac_board[c] = s.structure[c]
                open_square(s, t, m, c)
    if anew:
        evac_distances(s, t, m)
        for c in range(n):
            m.evac_board[c] = s.structure[c]
    m.evac_changes = changes


@jit_inline
def routes(s, t):
    """``s.policies.evac_dist``, up to date: every square's cheapest meeple route to an evac site."""
    changes = structures_changed(s, t)
    if s.policies.evac_changes != changes:
        update_routes(s, t, changes)
    return s.policies.evac_dist


@jit_inline
def chebyshev(a, b, w2):
    ra = a // w2
    rb = b // w2
    dr = abs(ra - rb)
    dc = abs((a - ra * w2) - (b - rb * w2))
    return dr if dr > dc else dc


@jit_inline
def monster_distance(s, t, c):
    """King-move distance (as the crow flies) from square c to the nearest monster."""
    best = INF
    for p in range(t.players - 1):
        d = chebyshev(c, s.monster_cell[p], t.w2)
        if d < best:
            best = d
    return best


# ---------------------------------------------------------------- monsters

@jit_inline
def monster_weights(policy, p):
    """(meeple, guard, building, evac site) values and what to walk towards when nothing is in reach
    (meeples, buildings, evac sites) for a scripted monster with parameters ``p`` (see the GameSpec)."""
    if policy == WRECKER:  # meeple_weight, evac_weight
        return p[0], 0.0, 1.0, p[1], False, True, True
    if policy == BLOCKADE:  # evac_weight, guard_weight, meeple_weight
        return p[2], p[1], 0.0, p[0], False, False, True
    return 1.0, 0.0, p[0], p[0], True, False, False  # GLUTTON: building_weight


@jit_inline
def race_weights(t):
    """``monster_weights`` once the human can no longer win: the monster with the most buildings wins, so a
    building is all a target is worth, an evac site too if it counts as one, and a meeple only the bonus moves
    it gives (a free meal, ``repays_walk``); there is no evacuation left worth guarding against."""
    w_evac = 1.0 if t.evac_site_counts_as_building else 0.0
    return 0.0, 0.0, 1.0, w_evac, False, True, t.evac_site_counts_as_building


@jit_inline
def racing_for_buildings(s, t, seat):
    """The human can no longer win and this monster does not lead the monsters' race (behind or tied on
    buildings): ending the game now would not win it, so it wrecks rather than eats.  A monster in the lead
    plays on as its policy says: its meals bring nearer the end that hands it the game."""
    return not human_can_still_win(s, t) and winner_if_over(s, t, s.on_board) != seat


@jit
def monster_move(s, t, seat):
    """The scripted monster's next option: the next step of its plan, the wreck it ends with, or END.

    A plan holds while the monster walks it in the same turn with nothing eaten or destroyed;
    otherwise a new one is made: a meal next door if one is worth the most a target can be, else the
    best target of the search (or the way in to walled-in meeples), valued as the policy says or, for a
    monster racing for buildings (``racing_for_buildings``), by ``race_weights``."""
    m = s.policies
    here = s.monster_cell[seat]
    if m.plan_turn != s.turns or m.plan_square != here or m.plan_eaten != s.eaten[seat] or \
            m.plan_changes != structures_changed(s, t):
        m.plan_turn = -1
        changes = structures_changed(s, t)
        routes(s, t)
        spare = last_meal_to_spare(s, t, seat, False)
        x, y, within = -1, -1, False
        if racing_for_buildings(s, t, seat):
            w_meeple, w_guard, w_building, w_evac, far_meeple, far_building, far_evac = race_weights(t)
            tie = last_meal_to_spare(s, t, seat, True)
            meal = adjacent_meal(s, t, here, w_meeple, w_guard, w_building, w_evac, True, tie)
            if meal >= 0:
                return option(STEP, meal, -1)
            x, y, within = monster_search(s, t, here, w_meeple, w_guard, w_building, w_evac, True, far_meeple,
                                          far_building, far_evac, tie)
        if x < 0:  # in the race for the human's meeples, or no building left to reach: as the policy says
            w_meeple, w_guard, w_building, w_evac, far_meeple, far_building, far_evac = \
                monster_weights(m.id[seat], m.param[seat])
            meals = w_meeple > 0.0
            meal = adjacent_meal(s, t, here, w_meeple, w_guard, w_building, w_evac, meals, spare)
            if meal >= 0:
                return option(STEP, meal, -1)
            far_meeple = far_meeple or (far_evac and s.standing_sites == 0)
            x, y, within = monster_search(s, t, here, w_meeple, w_guard, w_building, w_evac, meals, far_meeple,
                                          far_building, far_evac, spare)
            if x < 0 and meals and spare < 0:  # nothing to walk to: the meeples left are walled in
                x, y, within = break_in(s, t, here)
        if x < 0:
            return option(END, -1, -1)
        length = 0
        c = x
        while c != here:
            m.path[length] = c
            length += 1
            c = m.parent[c]
        m.path_left = length
        m.plan_wreck = y if within else -1
        m.plan_turn, m.plan_square, m.plan_eaten, m.plan_changes = s.turns, here, s.eaten[seat], changes
    if m.path_left > 0:
        nb = m.path[m.path_left - 1]
        if monster_step_cost(s, t, here, nb) > s.moves:
            return option(END, -1, -1)
        m.path_left -= 1
        m.plan_square = nb
        return option(STEP, nb, -1)
    m.plan_turn = -1  # walked: destroy the structure, then plan again
    y = m.plan_wreck
    if y >= 0 and destroy_cost(t, s.structure[y]) <= s.moves:
        return option(WRECK, y, -1)
    return option(END, -1, -1)


@jit_inline
def last_meal_to_spare(s, t, seat, ties):
    """The square holding every meeple left, when eating them, which ends the game, would hand the win to another
    monster (one that destroyed more buildings), or with ``ties`` end it in a tie: the monster behind spares them
    and wrecks on, as a player would.  -1 otherwise (a meal that wins, or leaves the human ahead, is eaten as any
    other)."""
    if s.on_board == 0:
        return -1
    w = winner_if_over(s, t, s.on_board)
    if w == seat or w == t.players - 1 or (w < 0 and not ties):
        return -1
    c = s.meeple_cell[0]  # any meeple's square: the only one if it holds them all
    return c if s.meeple_count[c] == s.on_board else -1


@jit_inline
def adjacent_meal(s, t, start, w_meeple, w_guard, w_building, w_evac, meals, spare):
    """A neighbouring square whose meeples are worth as much per move as any target can be (a free meal,
    whose bonus moves repay the step there and back, or worth the most a target can be), or -1; none unless
    the monster eats (``meals``).

    The search would pick it too (it is the first best square at distance 1); this shortcut saves
    the search for most meals of a feeding frenzy.
    """
    bound = max(w_meeple * t.meeples_per_square * (1.0 + w_guard), w_building, w_evac)
    found = -1
    if meals and t.monster_crossing_cost == 1:
        evac_dist = s.policies.evac_dist
        for k in range(8):
            nb = start + t.king_step[k]
            n_here = s.meeple_count[nb]
            if n_here > 0 and nb != spare and monster_may_enter(s, t, start, k):
                if repays_walk(t, 1, n_here) or w_meeple * n_here * (1.0 + w_guard / (1.0 + evac_dist[nb])) >= bound:
                    found = nb
                    break
    return found


@jit_inline
def repays_walk(t, d, meeples):
    """Eating ``meeples`` d moves away is a free meal: their bonus moves repay the walk there and back, so from
    there no target is a move farther than from here."""
    return 2 * d <= t.bonus_moves_per_meeple * meeples


@jit_inline
def monster_search(s, t, start, w_meeple, w_guard, w_building, w_evac, meals, far_meeple, far_building, far_evac,
                   spare):
    """Dijkstra by buckets from ``start`` over the squares the monster may enter, but ``spare``
    (``last_meal_to_spare``: entering it would eat the last meeples and lose).  Meeples are eaten only if
    ``meals``: then worth ``w_meeple`` each, and a free meal more than any other target even at ``w_meeple`` 0.

    Returns (square, building square or -1, within reach).  Within the turn's moves the best target
    is the one with the highest value per move (eating a meeple on a square, or standing on a square
    and destroying a cardinally adjacent structure, paying its cost); the nearest free meal
    (``repays_walk``) comes first.  With none, the square is the one next to (or holding) a target of
    the ``far_*`` kinds that is the fewest moves away, walking and destroying, to walk towards.
    ``s.policies.parent`` then holds the path back to ``start``.
    """
    m = s.policies
    stamp = m.stamp + 1
    m.stamp = stamp
    dist = m.dist
    seen = m.seen
    done = m.done
    parent = m.parent
    bucket = m.bucket
    pool_cell = m.pool_cell
    pool_next = m.pool_next
    structure = s.structure
    meeple_count = s.meeple_count
    evac_dist = m.evac_dist
    budget = s.moves
    seen[start] = stamp
    dist[start] = 0
    parent[start] = -1
    fifo = t.monster_crossing_cost == 1  # unit costs: a plain breadth-first search; else Dijkstra by buckets
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
    far_moves = INF  # the moves to the far target at fx, walking and destroying
    # the most any target at distance d can be worth per move is bound / d, or a free meal's within its reach
    bound = max(w_meeple * t.meeples_per_square * (1.0 + w_guard), w_building, w_evac)
    # the farthest a free meal can be (repays_walk with a full square)
    free_reach = t.bonus_moves_per_meeple * t.meeples_per_square // 2 if meals else 0
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
        if (d > budget and (bx >= 0 or d >= far_moves)) or \
                (bx >= 0 and best * d >= (FREE_MEAL if d <= free_reach else bound)):
            break  # nothing farther can be worth more per move, or be fewer moves away
        if c == spare:
            continue
        far = INF  # the moves to a far target here
        k_here = meeple_count[c]
        if k_here > 0 and c != start:
            if far_meeple:
                far = d
            if d <= budget and meals:
                value = w_meeple * k_here * (1.0 + w_guard / (1.0 + evac_dist[c])) / d
                if repays_walk(t, d, k_here):
                    value = FREE_MEAL / d
                if value > best:
                    best = value
                    bx = c
                    by = -1
        for k in range(4):
            y = c + t.rook_step[k]
            sy = structure[y]
            if sy >= 0:
                total = d + destroy_cost(t, sy)
                if sy == EVAC:
                    w = w_evac
                    if far_evac:
                        far = minimum(far, total)
                else:
                    w = w_building
                    if far_building:
                        far = minimum(far, total)
                if total <= budget and w > 0.0:
                    value = w / max(total, 0.5)
                    if value > best:
                        best = value
                        bx = c
                        by = y
        if far < far_moves:
            fx = c
            far_moves = far
        for k in range(8):
            if monster_may_enter(s, t, c, k):
                nb = c + t.king_step[k]
                if fifo:
                    if seen[nb] != stamp:
                        seen[nb] = stamp
                        dist[nb] = d + 1
                        parent[nb] = c
                        pool_cell[n_pool] = nb
                        n_pool += 1
                else:
                    nd = d + monster_step_cost(s, t, c, nb)
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
def break_in(s, t, start):
    """The way to the nearest meeple, destroying buildings (or evac sites) where they stand in the way.

    For a monster that finds nothing to do (``monster_search`` returns no square) while meeples are
    left: they are walled in, and a player would break in.  The cheapest way counts the moves to
    walk (``monster_step_cost``) and, for a structure cardinally next to the monster's square, its
    price then a step onto the open ground it leaves.  Returns (the square to walk to, the structure
    to destroy from there or -1 if none stands in the way, True), or (-1, -1, False) if no meeple can
    be reached even so; ``s.policies.parent`` then holds the path back to ``start``.
    """
    m = s.policies
    dist = m.dist
    parent = m.parent
    wrecked_in = m.wrecked_in
    queue = m.queue
    in_queue = m.in_queue
    structure = s.structure
    size = queue.shape[0]
    for c in range(t.n_cells):
        dist[c] = INF
        in_queue[c] = 0
    dist[start] = 0
    parent[start] = -1
    queue[0] = start
    in_queue[start] = 1
    head = 0
    tail = 1
    count = 1
    while count > 0:  # label-correcting shortest moves (each square at most once in the ring)
        c = queue[head]
        head = head + 1 if head + 1 < size else 0
        count -= 1
        in_queue[c] = 0
        for k in range(12):
            if k < 8:  # walk
                if not monster_may_enter(s, t, c, k):
                    continue
                nb = c + t.king_step[k]
                nd = dist[c] + monster_step_cost(s, t, c, nb)
            else:  # destroy a cardinal neighbour, then step onto it
                nb = c + t.rook_step[k - 8]
                if structure[nb] < 0:
                    continue
                nd = dist[c] + destroy_cost(t, structure[nb]) + monster_step_cost(s, t, c, nb)
            if nd < dist[nb]:
                dist[nb] = nd
                parent[nb] = c
                wrecked_in[nb] = 1 if k >= 8 else 0
                if not in_queue[nb]:
                    in_queue[nb] = 1
                    queue[tail] = nb
                    tail = tail + 1 if tail + 1 < size else 0
                    count += 1
    target = -1
    for i in range(s.on_board):
        c = s.meeple_cell[i]
        if dist[c] < INF and (target < 0 or dist[c] < dist[target]):
            target = c
    if target < 0:
        return -1, -1, False
    wall = -1  # the structure on the way nearest the monster (not a site it may walk onto)
    c = target
    while c != start:
        if wrecked_in[c] == 1:
            wall = c
        c = parent[c]
    if wall < 0:
        return target, -1, True
    return parent[wall], wall, True


# ---------------------------------------------------------------- the human

@jit_inline
def human_params(s, seat):
    """(danger_radius, threat_weight, replace_at_most, site_safety) of the human's policy (0 where it has none)."""
    p = s.policies.param[seat]
    if s.policies.id[seat] == FLEE:
        return p[0], p[1], p[2], p[3]
    return 0.0, 0.0, p[0], p[1]  # NEAREST_EXIT


@jit
def meeple_step(s, t, seat):
    """The scripted human's next step: the code of (meeple, square), or END.

    ``nearest_exit`` moves the meeple closest to an evac site one step downhill on ``evac_dist``.
    ``flee`` first saves the meeples within ``danger_radius`` of a monster (priority
    ``threat_weight`` x closeness to the monster minus distance to safety): downhill if it can,
    else a step away from the monster, but not straight back where it just came from (it would step
    downhill again, to and fro); then it plays like ``nearest_exit``.
    """
    evac_dist = routes(s, t)
    budget = s.moves
    n = s.on_board
    best_i = -1
    best_to = -1
    if s.policies.id[seat] == FLEE:
        danger_radius, threat_weight = human_params(s, seat)[:2]
        pri = s.policies.priority
        for i in range(n):
            c = s.meeple_cell[i]
            threat = danger_radius - monster_distance(s, t, c)
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
            c = s.meeple_cell[top]
            here = monster_distance(s, t, c)
            down = -1
            away = -1
            away_d = here
            for k in range(4):
                nb = c + t.rook_step[k]
                if meeple_may_enter(s, t, nb) and meeple_step_cost(s, t, c, nb) <= budget:
                    if evac_dist[nb] < evac_dist[c]:
                        down = nb
                        break
                    md = monster_distance(s, t, nb)
                    back = s.policies.came_turn[c] == s.turns and s.policies.came_from[c] == nb
                    if md > away_d and not back:
                        away_d = md
                        away = nb
            if down >= 0 or away >= 0:
                best_i = top
                best_to = down if down >= 0 else away
                break
        if best_i >= 0:
            return step(s, best_i, best_to)
    best_d = INF
    for i in range(n):
        c = s.meeple_cell[i]
        dc = evac_dist[c]
        if dc < best_d:
            for k in range(4):
                nb = c + t.rook_step[k]
                if evac_dist[nb] < dc and meeple_step_cost(s, t, c, nb) <= budget and meeple_may_enter(s, t, nb):
                    best_d = dc
                    best_i = i
                    best_to = nb
                    break
    if best_i < 0:
        return option(END, -1, -1)
    return step(s, best_i, best_to)


@jit_inline
def step(s, i, to):
    """The option to step meeple ``i`` to square ``to``, remembered for ``flee`` (not to step straight back)."""
    s.policies.came_from[to] = s.meeple_cell[i]
    s.policies.came_turn[to] = s.turns
    return option(STEP, to, i)


@jit_inline
def wants_replace(s, t, replace_at_most):
    """Rule of thumb: replace an evac site when no meeple left can reach a standing one, or when this few (or
    fewer) stand, unless an average roll could take every meeple left to a standing site: that roll ends the
    game, where replacing would put three evacuated meeples back in the monsters' way.  The price is checked
    by the engine."""
    evac_dist = routes(s, t)
    steps = 0
    stranded = True
    for i in range(s.on_board):
        d = evac_dist[s.meeple_cell[i]]
        steps += d
        stranded = stranded and d >= INF
    average_roll = t.human_dice * (t.human_die_sides + 1) / 2
    return stranded or (s.standing_sites <= replace_at_most and steps > average_roll)


@jit
def site_to_lift(s, t, n):
    """The chip to replace: a destroyed one if any, else the standing site closest to a monster."""
    lift = 0
    best = INF
    for o in range(n):
        code = s.options[o]
        if what_of(code) == FROM_PILE:
            return code
        d = monster_distance(s, t, square_of(code))
        if d < best:
            best = d
            lift = o
    return s.options[lift]


@jit
def site_to_place(s, t, n, safety):
    """The listed square best for a new evac site (``site_score``)."""
    best = 0
    best_score = -1e18
    for o in range(n):
        score = site_score(s, t, square_of(s.options[o]), safety)
        if score > best_score:
            best_score = score
            best = o
    return s.options[best]


@jit
def site_score(s, t, x, safety):
    """How good square x is for a new evac site: close to the meeples on average, far from the monsters."""
    w2 = t.w2
    n = s.on_board
    rx = x // w2
    cx = x - rx * w2
    total = 0.0
    for i in range(n):
        c = s.meeple_cell[i]
        r = c // w2
        total += abs(r - rx) + abs(c - r * w2 - cx)
    mean = total / n if n > 0 else 0.0
    return -mean + safety * min(monster_distance(s, t, x), 8)
