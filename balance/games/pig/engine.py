"""Pig: roll to build a turn total, hold to bank it, lose it on the bust face; first to the target wins."""

import numpy as np
from numba import njit

from balance.games.pig.policies import (
    CATCH_UP,
    HOLD,
    HOLD_OPTION,
    OPTIMAL,
    RANDOM,
    choose,
    leading_rival,
)
from balance.games.pig.state import new_state, reset
from balance.sim.dice import die
from balance.sim.kernel import jit, jit_inline
from balance.sim.record import (
    N_COMMON,
    finish_record,
    new_records,
    seat_col,
    track_lead,
)

REACHED_TARGET, TIMEOUT = 0, 1
END_REASONS = ("reached_target", "timeout")
SEAT_COLUMNS = ("busts", "rolls")
BUSTS, ROLLS = 0, 1


@jit_inline
def turn_loop(policy, threshold, per_point_behind, mine, rival, target, sides, bust_face, roll_first, optimal, rng):
    """Roll until the bust face or a hold; return (points banked, dice rolled, busted).

    Everything the loop reads is a scalar but the dice and the optimal table: array arguments and
    stores inside the loop cost reference counting and memory traffic at every roll.
    """
    turn_total = 0
    rolls = 0
    busted = False
    while True:
        may_hold = turn_total > 0 or not roll_first
        if may_hold and choose(policy, threshold, per_point_behind, mine, rival, turn_total, target, optimal,
                               rng) == HOLD_OPTION:
            break
        rolls += 1
        face = die(sides, rng)
        if face == bust_face:
            turn_total = 0
            busted = True
            break
        turn_total += face
    return turn_total, rolls, busted


@jit_inline
def play_turn(policy, threshold, per_point_behind, mine, rival, target, sides, bust_face, roll_first, optimal, rng):
    """One player's turn.  Each policy gets its own compiled copy of the turn loop."""
    if policy == HOLD:
        return turn_loop(HOLD, threshold, per_point_behind, mine, rival, target, sides, bust_face, roll_first, optimal, rng)
    if policy == CATCH_UP:
        return turn_loop(CATCH_UP, threshold, per_point_behind, mine, rival, target, sides, bust_face, roll_first, optimal, rng)
    if policy == OPTIMAL:
        return turn_loop(OPTIMAL, threshold, per_point_behind, mine, rival, target, sides, bust_face, roll_first, optimal, rng)
    return turn_loop(RANDOM, threshold, per_point_behind, mine, rival, target, sides, bust_face, roll_first, optimal, rng)


@jit_inline
def play_game(state, n, policies, params, target, sides, bust_face, roll_first, max_turns, optimal, rng):
    """Play one game from ``state`` (seat 0 first).  Return (winner or -1, end reason, turns)."""
    scores = state.scores
    me = 0
    for turn in range(1, max_turns + 1):
        points, rolls, busted = play_turn(policies[me], params[me, 0], params[me, 1], scores[me],
                                          leading_rival(scores, n, me), target, sides, bust_face, roll_first,
                                          optimal, rng)
        scores[me] += points
        state.rolls[me] += rolls
        state.busts[me] += busted
        track_lead(state.lead, scores, n, turn)
        if scores[me] >= target:
            return me, REACHED_TARGET, turn
        me = me + 1 if me + 1 < n else 0
    return -1, TIMEOUT, max_turns


@njit(cache=True)
def play_batch(n_games, lineup, seat_policy, seat_params, target, sides, bust_face, roll_first, max_turns,
               optimal, rng):
    n = lineup.shape[1]
    rec = new_records(n_games, N_COMMON + 2 * n + len(SEAT_COLUMNS) * n)
    play_games(rec, new_state(n), np.empty(n, np.int64), np.empty((n, seat_params.shape[1]), np.float64),
               lineup, seat_policy, seat_params, target, sides, bust_face, roll_first, max_turns, optimal, rng)
    return rec


@jit
def play_games(rec, state, policies, params, lineup, seat_policy, seat_params, target, sides, bust_face, roll_first,
               max_turns, optimal, rng):
    """Play the batch's games into ``rec`` (the arrays are allocated by ``play_batch``)."""
    n = lineup.shape[1]
    for g in range(rec.shape[0]):
        for s in range(n):
            policies[s] = seat_policy[lineup[g, s]]
            for j in range(seat_params.shape[1]):
                params[s, j] = seat_params[lineup[g, s], j]
        reset(state)
        winner, reason, turns = play_game(state, n, policies, params, target, sides, bust_face, roll_first,
                                          max_turns, optimal, rng)
        finish_record(rec, g, n, winner, reason, turns, state.scores, state.lead)
        for s in range(n):
            rec[g, seat_col(BUSTS, s, n, 0)] = state.busts[s]
            rec[g, seat_col(ROLLS, s, n, 0)] = state.rolls[s]
