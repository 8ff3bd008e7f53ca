"""Angry Monsters: monsters (seats 1..n-1, in seat order) rampage, then the human evacuates meeples.

A round is every monster's turn in seat order, then the human's.  The game ends the moment no
meeple is left on the board, or as a timeout after ``max_rounds`` rounds.
"""

import numpy as np
from numba import njit

from balance.games.angry_monsters.board import EVAC, INF, NONE, WATER, generate, land_distance
from balance.games.angry_monsters.moves import (BONUS, CROSS, DEPTH, DIAGONAL_SQUEEZE, EACH_GAME, EVAC_COUNTS,
                                                GEN_EVAC, HEIGHT, HUMAN_DICE, HUMAN_SIDES, INLAND, MAX_ROUNDS, MEEPLES,
                                                MONSTER_CROSS, MONSTER_DIE, MONSTER_ENTERS_EVAC, NEEDS_EVACUATED,
                                                PER_SQUARE, PUT_BACK, PUT_BACK_ANYWHERE, REPLACE_ANY, ROUGH, SHARE,
                                                SIDE, SPREAD, W2, WIDTH, destroy, evac_distances, free_square,
                                                meeple_may_enter, monster_enters, monster_may_enter, move_meeple,
                                                open_square)
from balance.games.angry_monsters.policies import (FLEE, RANDOM, adjacent_meal, break_in, chebyshev, meeple_step,
                                                   monster_search, monster_weights, site_score, wants_replace)
from balance.games.angry_monsters.state import (BLUE_VIOLET, EVAC_SITES, EVACUATED, ON_BOARD, PILE, RED_ORANGE,
                                                REPLACED, STANDING_SITES, TURNS, YELLOW_GREEN, new_state, reset)
from balance.sim.dice import below, die
from balance.sim.kernel import jit, jit_inline
from balance.sim.record import N_COMMON, finish_record, game_col, new_records, pick_random, seat_col, track_lead

MEEPLES_GONE, TIMEOUT = 0, 1
END_REASONS = ("meeples_gone", "timeout")
GAME_COLUMNS = ("rounds", "evac_sites_replaced", "meeples_left")
ROUNDS, SITES_REPLACED, MEEPLES_LEFT = range(3)
SEAT_COLUMNS = ("eaten", "destroyed_red_orange", "destroyed_yellow_green", "destroyed_blue_violet",
                "destroyed_evac_sites", "evacuated")
EATEN, D_RED_ORANGE, D_YELLOW_GREEN, D_BLUE_VIOLET, D_EVAC_SITES, EVACUATED_COL = range(6)
END, STEP, WRECK = 0, 1, 2  # a monster's options
ROLL, REPLACE = 0, 1  # the human's turn start


# ---------------------------------------------------------------- monsters

@jit_inline
def monster_options(state, seat, budget, cfg, cost, king, rook, part_a, part_b):
    """Enumerate a monster's legal options into (opt_a kind, opt_b square); END is option 0."""
    c = state.monster_cell[seat]
    enters_evac = cfg[MONSTER_ENTERS_EVAC] != 0
    share = cfg[SHARE] != 0
    squeeze = cfg[DIAGONAL_SQUEEZE] != 0
    crossing = cfg[MONSTER_CROSS]
    state.opt_a[0] = END
    state.opt_b[0] = -1
    n = 1
    for k in range(8):
        nb = c + king[k]
        if monster_may_enter(state.structure, state.terrain, state.monster_at, c, k, nb, part_a, part_b,
                             enters_evac, share, squeeze) and \
                (crossing if state.terrain[nb] != state.terrain[c] else 1) <= budget:
            state.opt_a[n] = STEP
            state.opt_b[n] = nb
            n += 1
    for k in range(4):
        y = c + rook[k]
        s = state.structure[y]
        if s >= 0 and cost[s] <= budget:
            state.opt_a[n] = WRECK
            state.opt_b[n] = y
            n += 1
    return n


@jit_inline
def apply_monster_option(state, seat, kind, square, budget, cfg, cost, rook):
    """Play one option; return the moves left (eating adds the bonus moves)."""
    if kind == STEP:
        c = state.monster_cell[seat]
        budget -= cfg[MONSTER_CROSS] if state.terrain[square] != state.terrain[c] else 1
        budget += cfg[BONUS] * monster_enters(state, seat, square)
    elif kind == WRECK:
        budget -= cost[state.structure[square]]
        destroy(state, seat, square, cfg[CROSS], rook)
    return budget


@jit
def monster_turn(state, seat, policy, p0, p1, p2, cfg, cost, king, rook, part_a, part_b, rng):
    """Roll the monster's die and spend the moves; the turn ends early when no meeple is left."""
    budget = die(cfg[MONSTER_DIE], rng)
    if policy == RANDOM:
        while budget > 0 and state.tally[ON_BOARD] > 0:
            n = monster_options(state, seat, budget, cfg, cost, king, rook, part_a, part_b)
            i = pick_random(n, rng)
            if state.opt_a[i] == END:
                break
            budget = apply_monster_option(state, seat, state.opt_a[i], state.opt_b[i], budget, cfg, cost, rook)
    else:
        w_meeple, w_guard, w_building, w_evac, far_meeple, far_building, far_evac = monster_weights(policy, p0, p1, p2)
        crossing = cfg[MONSTER_CROSS]
        while budget > 0 and state.tally[ON_BOARD] > 0:
            fm = far_meeple or (far_evac and state.tally[STANDING_SITES] == 0)
            start = state.monster_cell[seat]
            meal = adjacent_meal(state, start, budget, w_meeple, w_guard, w_building, w_evac, cfg, king, part_a, part_b)
            if meal >= 0:
                budget = apply_monster_option(state, seat, STEP, meal, budget, cfg, cost, rook)
                continue
            x, y, within = monster_search(state, start, budget, w_meeple, w_guard, w_building, w_evac, fm,
                                          far_building, far_evac, cfg, cost, king, rook, part_a, part_b)
            if x < 0 and w_meeple > 0.0:  # nothing to walk to: the meeples left are walled in
                x, y, within = break_in(state, start, cfg, cost, king, rook, part_a, part_b)
            if x < 0:
                break
            length = 0
            c = x
            while c != start:
                state.path[length] = c
                length += 1
                c = state.s_parent[c]
            ate = False
            walked = True
            for i in range(length - 1, -1, -1):
                nb = state.path[i]
                if (crossing if state.terrain[nb] != state.terrain[state.monster_cell[seat]] else 1) > budget:
                    walked = False
                    break
                before = state.eaten[seat]
                budget = apply_monster_option(state, seat, STEP, nb, budget, cfg, cost, rook)
                if state.eaten[seat] > before:
                    ate = True  # more moves and a changed board: plan again
                    break
            if not ate:
                if walked and within and y >= 0 and cost[state.structure[y]] <= budget:
                    budget = apply_monster_option(state, seat, WRECK, y, budget, cfg, cost, rook)
                else:
                    break


# ---------------------------------------------------------------- the human

@jit
def may_replace(state, cfg):
    """The human may replace an evac site: a chip to place (a destroyed one, or with 'any_site' a
    standing one to move) and, by default, enough evacuated meeples to put back."""
    chip = state.tally[PILE] > 0 or (cfg[REPLACE_ANY] != 0 and state.tally[STANDING_SITES] > 0)
    paid = cfg[NEEDS_EVACUATED] == 0 or state.tally[EVACUATED] >= cfg[PUT_BACK]
    return chip and paid


@jit
def site_squares(state):
    """Enumerate the squares a new evac site may go on (free land, no meeple, no monster) into opt_b."""
    n = 0
    for c in range(state.terrain.shape[0]):
        if free_square(state, c, False, 1):
            state.opt_b[n] = c
            n += 1
    return n


@jit
def put_back(state, k, anywhere, per_square, rng):
    """Put k evacuated meeples back on random free squares (land, or anywhere); return how many."""
    placed = 0
    for _ in range(k):
        n = 0
        for c in range(state.terrain.shape[0]):
            if free_square(state, c, anywhere, per_square):
                n += 1
        if n == 0 or state.tally[EVACUATED] == 0:
            break
        pick = below(n, rng)
        for c in range(state.terrain.shape[0]):
            if free_square(state, c, anywhere, per_square):
                if pick == 0:
                    state.meeple_count[c] += 1
                    state.meeple_cell[state.tally[ON_BOARD]] = c
                    state.tally[ON_BOARD] += 1
                    state.tally[EVACUATED] -= 1
                    placed += 1
                    break
                pick -= 1
    return placed


@jit
def replace_site(state, policy, lift, square, cfg, rook, rng):
    """Lift the site on square ``lift`` (or take a destroyed one from the pile when -1), place it on
    ``square``, then put evacuated meeples back at random."""
    if lift >= 0:
        state.structure[lift] = NONE
        evac_distances(state, cfg[CROSS], rook)
    else:
        state.tally[PILE] -= 1
        state.tally[STANDING_SITES] += 1
    state.structure[square] = EVAC
    open_square(state, square, cfg[CROSS], rook)
    state.tally[REPLACED] += 1
    put_back(state, cfg[PUT_BACK], cfg[PUT_BACK_ANYWHERE] != 0, cfg[PER_SQUARE], rng)


@jit
def human_replaces(state, policy, p_replace, p_safety, n_monsters, cfg, rook, rng):
    """The human's choice at the start of the turn; if it is to replace a site, do it.  True if replaced."""
    if not may_replace(state, cfg):
        return False
    n_sites = site_squares(state)
    if n_sites == 0:
        return False
    w2 = cfg[W2]
    # which chip: the pile (-1) or, with 'any_site', a standing site
    if policy == RANDOM:
        if pick_random(2, rng) == ROLL:
            return False
        n_lift = 0
        if state.tally[PILE] > 0:
            state.opt_a[n_lift] = -1
            n_lift += 1
        if cfg[REPLACE_ANY] != 0:
            for c in range(state.terrain.shape[0]):
                if state.structure[c] == EVAC:
                    state.opt_a[n_lift] = c
                    n_lift += 1
        lift = state.opt_a[pick_random(n_lift, rng)]
        square = state.opt_b[pick_random(n_sites, rng)]
    else:
        if not wants_replace(state, p_replace):
            return False
        lift = -1
        if state.tally[PILE] == 0:  # move the standing site closest to a monster
            best = INF
            for c in range(state.terrain.shape[0]):
                if state.structure[c] == EVAC:
                    d = INF
                    for m in range(n_monsters):
                        d = min(d, chebyshev(c, state.monster_cell[m], w2))
                    if d < best:
                        best = d
                        lift = c
        square = -1
        best_score = -1e18
        for i in range(n_sites):
            score = site_score(state, state.opt_b[i], n_monsters, w2, p_safety)
            if score > best_score:
                best_score = score
                square = state.opt_b[i]
    replace_site(state, policy, lift, square, cfg, rook, rng)
    return True


@jit_inline
def meeple_options(state, budget, cfg, rook):
    """Enumerate the human's legal steps (meeple index in opt_a, square in opt_b); END is option 0."""
    per_square = cfg[PER_SQUARE]
    crossing = cfg[CROSS]
    state.opt_a[0] = -1
    state.opt_b[0] = -1
    n = 1
    for i in range(state.tally[ON_BOARD]):
        c = state.meeple_cell[i]
        for k in range(4):
            nb = c + rook[k]
            if meeple_may_enter(state.structure, state.terrain, state.monster_at, state.meeple_count, nb,
                                per_square) and (crossing if state.terrain[nb] != state.terrain[c] else 1) <= budget:
                state.opt_a[n] = i
                state.opt_b[n] = nb
                n += 1
    return n


@jit
def human_turn(state, policy, p0, p1, p2, p3, n_monsters, cfg, rook, rng):
    """Replace an evac site, or roll the dice and make up to that many single-square meeple moves."""
    if policy == FLEE:
        danger, threat, p_replace, p_safety = p0, p1, p2, p3
    else:
        danger, threat, p_replace, p_safety = 0.0, 0.0, p0, p1
    if human_replaces(state, policy, p_replace, p_safety, n_monsters, cfg, rook, rng):
        return
    budget = 0
    for _ in range(cfg[HUMAN_DICE]):
        budget += die(cfg[HUMAN_SIDES], rng)
    crossing = cfg[CROSS]
    per_square = cfg[PER_SQUARE]
    w2 = cfg[W2]
    while budget > 0 and state.tally[ON_BOARD] > 0:
        if policy == RANDOM:
            n = meeple_options(state, budget, cfg, rook)
            pick = pick_random(n, rng)
            i = state.opt_a[pick]
            to = state.opt_b[pick]
        else:
            i, to = meeple_step(state, policy, budget, danger, threat, n_monsters, w2, per_square, crossing, rook)
        if i < 0:
            break
        budget -= crossing if state.terrain[to] != state.terrain[state.meeple_cell[i]] else 1
        move_meeple(state, i, to)


# ---------------------------------------------------------------- the game

@jit
def place_monsters(state, n_monsters, marks, rng):
    """Monsters start on the marked squares in seat order, the rest on random free water squares as
    far from land as possible."""
    for m in range(n_monsters):
        if m < marks.shape[0]:
            state.monster_at[marks[m]] = m
            state.monster_cell[m] = marks[m]
            continue
        far = -1
        count = 0
        for c in range(state.terrain.shape[0]):
            if state.terrain[c] == WATER and state.monster_at[c] < 0 and state.meeple_count[c] == 0:
                d = state.land_dist[c]
                if d > far:
                    far = d
                    count = 1
                elif d == far:
                    count += 1
        if count == 0:
            continue
        pick = below(count, rng)
        for c in range(state.terrain.shape[0]):
            if state.terrain[c] == WATER and state.monster_at[c] < 0 and state.meeple_count[c] == 0 and \
                    state.land_dist[c] == far:
                if pick == 0:
                    state.monster_at[c] = m
                    state.monster_cell[m] = c
                    break
                pick -= 1


@jit_inline
def counted(state, seat, evac_counts):
    """Buildings a monster destroyed, as the victory condition counts them."""
    n = state.destroyed[seat, RED_ORANGE] + state.destroyed[seat, YELLOW_GREEN] + state.destroyed[seat, BLUE_VIOLET]
    if evac_counts:
        n += state.destroyed[seat, EVAC_SITES]
    return n


@jit_inline
def standings(state, n, evac_counts):
    """Scores (buildings counted for a monster, meeples evacuated for the human) and the seat that
    would win now (1 in ``state.standing``): the human if evacuated > eaten, else the monster with
    the most buildings, nobody on a tie.  Returns that seat or -1."""
    human = n - 1
    eaten = 0
    for m in range(human):
        eaten += state.eaten[m]
        state.scores[m] = counted(state, m, evac_counts)
        state.standing[m] = 0
    state.scores[human] = state.tally[EVACUATED]
    state.standing[human] = 0
    winner = -1
    if state.tally[EVACUATED] > eaten:
        winner = human
    else:
        best = -1
        for m in range(human):
            if state.scores[m] > best:
                best = state.scores[m]
                winner = m
            elif state.scores[m] == best:
                winner = -1
    if winner >= 0:
        state.standing[winner] = 1
    return winner


@jit
def play_game(state, n, policies, params, cfg, cost, marks, king, rook, part_a, part_b, rng):
    """Play one game on the board already in ``state``.  Return (winner or -1, end reason, rounds)."""
    n_monsters = n - 1
    human = n - 1
    evac_counts = cfg[EVAC_COUNTS] != 0
    place_monsters(state, n_monsters, marks, rng)
    turn = 0
    for rnd in range(1, cfg[MAX_ROUNDS] + 1):
        for seat in range(n):  # the monsters in seat order, then the human
            if seat == human:
                human_turn(state, policies[human], params[human, 0], params[human, 1],
                           params[human, 2], params[human, 3], n_monsters, cfg, rook, rng)
            else:
                monster_turn(state, seat, policies[seat], params[seat, 0], params[seat, 1],
                             params[seat, 2], cfg, cost, king, rook, part_a, part_b, rng)
            turn += 1
            winner = standings(state, n, evac_counts)
            track_lead(state.lead, state.standing, n, turn)
            if state.tally[ON_BOARD] == 0:
                state.tally[TURNS] = turn
                return winner, MEEPLES_GONE, rnd
    state.tally[TURNS] = turn
    standings(state, n, evac_counts)
    return -1, TIMEOUT, cfg[MAX_ROUNDS]


@jit
def write_record(rec, g, state, n, winner, reason, rounds):
    finish_record(rec, g, n, winner, reason, state.tally[TURNS], state.scores, state.lead)
    # ranks: the human first if evacuated > eaten, else the monsters by buildings and the human last
    human = n - 1
    eaten = 0
    for m in range(human):
        eaten += state.eaten[m]
    human_ahead = state.tally[EVACUATED] > eaten
    for s in range(n):
        if s == human:
            rank = 1 if human_ahead else n
        else:
            rank = 2 if human_ahead else 1
            for m in range(human):
                if state.scores[m] > state.scores[s]:
                    rank += 1
        rec[g, N_COMMON + n + s] = rank
    n_game = len(GAME_COLUMNS)
    rec[g, game_col(ROUNDS, n)] = rounds
    rec[g, game_col(SITES_REPLACED, n)] = state.tally[REPLACED]
    rec[g, game_col(MEEPLES_LEFT, n)] = state.tally[ON_BOARD]
    for s in range(n):
        rec[g, seat_col(EATEN, s, n, n_game)] = state.eaten[s]
        rec[g, seat_col(D_RED_ORANGE, s, n, n_game)] = state.destroyed[s, RED_ORANGE]
        rec[g, seat_col(D_YELLOW_GREEN, s, n, n_game)] = state.destroyed[s, YELLOW_GREEN]
        rec[g, seat_col(D_BLUE_VIOLET, s, n, n_game)] = state.destroyed[s, BLUE_VIOLET]
        rec[g, seat_col(D_EVAC_SITES, s, n, n_game)] = state.destroyed[s, EVAC_SITES]
        rec[g, seat_col(EVACUATED_COL, s, n, n_game)] = state.tally[EVACUATED] if s == human else 0


@njit(cache=True)
def new_board(cfg, mix, terrain, structure, meeple_count, evac_dist, land_dist, scratch, rook, rng):
    """Draw a new board (board_source 'generated_each_game') into the given arrays."""
    n = terrain.shape[0]
    generate(cfg[WIDTH], cfg[HEIGHT], cfg[SIDE], cfg[DEPTH], cfg[ROUGH], mix[0], mix[1:], cfg[GEN_EVAC], cfg[INLAND],
             cfg[MEEPLES], cfg[PER_SQUARE], cfg[SPREAD], terrain, structure, meeple_count, scratch[0], scratch[1],
             scratch[2], rng)
    land_distance(terrain, cfg[W2], land_dist, scratch[1])
    # evac distances of the new board, through a scratch state-free pass
    return n


@njit(cache=True)
def play_batch(n_games, lineup, seat_policy, seat_params, cfg, mix, cost, terrain, structure, meeple_count, marks,
               king, rook, part_a, part_b, rng):
    n = lineup.shape[1]
    n_game = len(GAME_COLUMNS)
    rec = new_records(n_games, N_COMMON + 2 * n + n_game + len(SEAT_COLUMNS) * n)
    n_cells = terrain.shape[0]
    max_meeples = max(cfg[MEEPLES], np.sum(meeple_count))
    state = new_state(n, n_cells, max_meeples)
    policies = np.empty(n, np.int64)
    params = np.zeros((n, max(seat_params.shape[1], 4)), np.float64)
    board_t = terrain.copy()
    board_s = structure.copy()
    board_m = meeple_count.copy()
    evac_d = np.zeros(n_cells, np.int64)
    land_d = np.zeros(n_cells, np.int64)
    scratch = np.zeros((3, n_cells), np.int64)
    each_game = cfg[EACH_GAME] != 0
    no_marks = marks[:0]
    # the fixed board's distance maps, once
    land_distance(board_t, cfg[W2], land_d, scratch[1])
    reset(state, board_t, board_s, board_m, evac_d, land_d)
    evac_distances(state, cfg[CROSS], rook)
    evac_d[:] = state.evac_dist
    for g in range(n_games):
        for s in range(n):
            policies[s] = seat_policy[lineup[g, s]]
            for j in range(seat_params.shape[1]):
                params[s, j] = seat_params[lineup[g, s], j]
        if each_game:
            new_board(cfg, mix, board_t, board_s, board_m, evac_d, land_d, scratch, rook, rng)
            reset(state, board_t, board_s, board_m, evac_d, land_d)
            evac_distances(state, cfg[CROSS], rook)
            place_marks = no_marks
        else:
            reset(state, board_t, board_s, board_m, evac_d, land_d)
            place_marks = marks
        winner, reason, rounds = play_game(state, n, policies, params, cfg, cost, place_marks, king, rook, part_a,
                                           part_b, rng)
        write_record(rec, g, state, n, winner, reason, rounds)
    return rec
