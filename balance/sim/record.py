"""The columns every game's kernel writes, and numba helpers to write them.

Row layout (``GameSpec.columns``): the common columns below, ``score_1..n``, ``rank_1..n``, the
game's own per-game columns, then each per-seat column for seats 1..n.  Seats are numbered from 1
in every record; ``winner`` is -1 for a draw or a timed-out game.
"""

import numpy as np
from numba import njit

from balance.sim.dice import below

COMMON_COLUMNS = ("winner", "end_reason", "turns", "lead_changes", "winner_led_from")
WINNER, END_REASON, TURNS, LEAD_CHANGES, WINNER_LED_FROM = range(5)
N_COMMON = len(COMMON_COLUMNS)
NO_LEADER = -1


@njit(cache=True)
def new_records(n_games, n_columns):
    """The batch's record array, shape (games, columns), stored column by column.

    Column-major storage lets the Python side hand each column to polars without a copy.
    """
    return np.zeros((n_columns, n_games), np.int32).T


@njit(cache=True, inline="always")
def score_col(seat, n):
    return N_COMMON + seat


@njit(cache=True, inline="always")
def game_col(j, n):
    return N_COMMON + 2 * n + j


@njit(cache=True, inline="always")
def seat_col(j, seat, n, n_game_cols):
    """Column of per-seat column ``j`` for ``seat`` (0-based in the kernel)."""
    return N_COMMON + 2 * n + n_game_cols + j * n + seat


@njit(cache=True, inline="always")
def leader_of(scores, n):
    """The seat with the strictly highest score, or NO_LEADER when the top is shared."""
    best = 0
    for s in range(1, n):
        if scores[s] > scores[best]:
            best = s
    for s in range(n):
        if s != best and scores[s] == scores[best]:
            return NO_LEADER
    return best


@njit(cache=True)
def lead_tracker():
    """A lead tracker: [sole leader, turn it took the lead, lead changes, last sole leader]."""
    lead = np.empty(4, np.int64)
    new_lead(lead)
    return lead


@njit(cache=True, inline="always")
def new_lead(lead):
    """Reset a lead tracker for a new game."""
    lead[0] = NO_LEADER
    lead[1] = 0
    lead[2] = 0
    lead[3] = NO_LEADER


@njit(cache=True, inline="always")
def track_lead(lead, scores, n, turn):
    """Update the lead tracker after ``turn`` (1-based) has been played.

    A lead change is counted when a seat takes the sole lead and the last seat to hold it alone
    was another one (a tie in between does not hide the change).
    """
    leader = leader_of(scores, n)
    if leader != lead[0]:
        lead[0] = leader
        lead[1] = turn
        if leader != NO_LEADER:
            if lead[3] != NO_LEADER and lead[3] != leader:
                lead[2] += 1
            lead[3] = leader


@njit(cache=True, inline="always")
def finish_record(rec, row, n, winner, end_reason, turns, scores, lead):
    """Write the common columns, scores and ranks (1 = best; tied scores share the better rank).

    ``winner`` is the 0-based seat or -1.  ``winner_led_from`` is the turn after which the winner
    held the sole lead to the end (``turns`` if it never led before the last turn).
    """
    rec[row, WINNER] = winner + 1 if winner >= 0 else -1
    rec[row, END_REASON] = end_reason
    rec[row, TURNS] = turns
    rec[row, LEAD_CHANGES] = lead[2]
    led_from = turns
    if winner >= 0 and lead[0] == winner:
        led_from = lead[1]
    rec[row, WINNER_LED_FROM] = led_from
    for s in range(n):
        rec[row, N_COMMON + s] = scores[s]
        rank = 1
        for t in range(n):
            if scores[t] > scores[s]:
                rank += 1
        rec[row, N_COMMON + n + s] = rank


@njit(cache=True, inline="always")
def pick_random(n_options, rng):
    """Uniform choice among ``n_options`` legal options: the ``random`` policy of every game."""
    return below(n_options, rng)
