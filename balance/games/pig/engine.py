"""Pig: roll to build a turn total, hold to bank it, lose it on the bust face; first to the target wins."""

import numpy as np
from numba import njit

from balance.games.pig.decisions import HOLD, leading_rival, may_hold
from balance.games.pig import policies
from balance.games.pig.policies import CATCH_UP, HOLD_AT, OPTIMAL, RANDOM, choose
from balance.games.pig.state import FIELDS, MAX_PLAYERS, reset
from balance.kit import (Layout, finish_record, jit, jit_inline, new_records, record, roll, scripted_option,
                         start_game, start_turn, track_lead)
from balance.kit.columns import keep_turn_scores, sample_turns, score_turn
from balance.kit.log import log

LAYOUT = Layout(FIELDS, policies.FIELDS, max_players=MAX_PLAYERS, max_params=policies.MAX_PARAMS)
"""The kernel's state: the game's fields (``state.FIELDS``) and the policies' record (``policies.FIELDS``)."""
STATE = LAYOUT.dtype

REACHED_TARGET, TIMEOUT = 0, 1
END_REASONS = ("reached_target", "timeout")
SEAT_COLUMNS = ("busts", "rolls")
# what a replay tells (``balance.kit.log``; the words are in ``replay.py``)
TURN, ROLLED, BUSTED, HELD, WON, TIMED_OUT = range(6)


@jit_inline
def decide(s, policy, threshold, per_point_behind, mine, rival, turn_total, target, optimal):
    """ROLL_OR_HOLD: a scripted choice (tests), else the seat's policy."""
    o = scripted_option(s, 2)
    if o >= 0:
        return s.options[o]
    return choose(s, policy, threshold, per_point_behind, mine, rival, turn_total, target, optimal)


@jit_inline
def turn_loop(s, policy, threshold, per_point_behind, mine, rival, target, sides, bust_face, roll_first, optimal):
    """Roll until the bust face or a hold; return (points banked, dice rolled, busted).

    Everything the loop reads is a scalar but the dice and the optimal table: a value read from the
    state record inside the loop would be loaded again at every roll.
    """
    turn_total = 0
    rolls = 0
    busted = False
    while True:
        if may_hold(turn_total, roll_first) and decide(s, policy, threshold, per_point_behind, mine, rival,
                                                       turn_total, target, optimal) == HOLD:
            break
        rolls += 1
        face = roll(s, sides)
        log(s, ROLLED, face)
        if face == bust_face:
            log(s, BUSTED, turn_total)
            turn_total = 0
            busted = True
            break
        turn_total += face
    if not busted:
        log(s, HELD, turn_total, mine + turn_total)
    return turn_total, rolls, busted


@jit_inline
def play_turn(s, t, p, optimal):
    """Seat ``p``'s turn.  Each policy gets its own compiled copy of the turn loop."""
    policy = s.policies.id[p]
    threshold, per_point_behind = s.policies.param[p, 0], s.policies.param[p, 1]
    mine, rival = s.scores[p], leading_rival(s.scores, t.players, p)
    target, sides, bust_face, roll_first = t.target_score, t.die_sides, t.bust_face, t.roll_before_holding
    if policy == HOLD_AT:
        return turn_loop(s, HOLD_AT, threshold, per_point_behind, mine, rival, target, sides, bust_face, roll_first,
                         optimal)
    if policy == CATCH_UP:
        return turn_loop(s, CATCH_UP, threshold, per_point_behind, mine, rival, target, sides, bust_face, roll_first,
                         optimal)
    if policy == OPTIMAL:
        return turn_loop(s, OPTIMAL, threshold, per_point_behind, mine, rival, target, sides, bust_face, roll_first,
                         optimal)
    return turn_loop(s, RANDOM, threshold, per_point_behind, mine, rival, target, sides, bust_face, roll_first,
                     optimal)


@jit
def play_game(s, t, optimal):
    """Play one game (seat 1 first).  Return (winner or -1, end reason, turns)."""
    n = t.players
    reset(s, n)
    p = 0
    for turn in range(1, t.max_turns + 1):
        start_turn(s, turn)
        log(s, TURN, turn, p, s.scores[p])
        points, rolls, busted = play_turn(s, t, p, optimal)
        s.scores[p] += points
        s.rolls[p] += rolls
        s.busts[p] += busted
        track_lead(s.lead, s.scores, n, turn)
        score_turn(s, s.scores, n, turn)
        if s.scores[p] >= t.target_score:
            log(s, WON, p, s.scores[p])
            return p, REACHED_TARGET, turn
        p = p + 1 if p + 1 < n else 0
    log(s, TIMED_OUT, t.max_turns)
    return -1, TIMEOUT, t.max_turns


@jit_inline
def write_record(rec, g, col, s, t, winner, reason, turns):
    """Game ``g``'s row: the common columns, then the dice rolled and the turns lost, by name."""
    finish_record(rec, g, col, t.players, winner, reason, turns, s.scores, s.lead)
    for p in range(t.players):
        rec[g, col.busts[p]] = s.busts[p]
        rec[g, col.rolls[p]] = s.rolls[p]


@njit(cache=True)
def play_batch(n_games, first_game, lineup, seat_policy, seat_params, tables, columns, key, every, timelines,
               optimal):
    """Play games ``first_game ..`` of a run into their records (the kit's kernel contract)."""
    t, col = record(tables), record(columns)
    n = t.players
    rec = new_records(n_games, col.count)
    state = np.zeros(1, STATE)
    for g in range(n_games):
        s = record(state)
        start_game(s, key, first_game + g, lineup[g], seat_policy, seat_params)
        sample_turns(s, first_game + g, every)
        winner, reason, turns = play_game(s, t, optimal)
        write_record(rec, g, col, s, t, winner, reason, turns)
        keep_turn_scores(s, timelines, first_game + g, first_game, every, n)
    return rec
