"""The record a kernel writes for each game, column by column, through indices resolved by name.

A run's columns (``GameSpec.columns``): the common ones below, ``score_1..n``, ``rank_1..n``, the
game's own per-game columns, then each per-seat column for seats 1..n.  The kernel never counts
positions: ``column_index`` builds, once per batch and outside the kernel, a record whose field of
each column's name holds its position (an array over the seats for a per-seat column), and the
kernel writes ``rec[g, col.actions]`` or ``rec[g, col.rubble_placed[p]]``.  Seats are numbered
from 1 in every record; ``winner`` is -1 for a draw or a timed-out game.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from balance.kit.compile import jit_inline

COMMON_COLUMNS = ("winner", "end_reason", "turns", "lead_changes", "winner_led_from")
SCORES_BY_TURN = "scores_by_turn"  # the column of the sampled games' scores after each turn (see turn_scores)
NO_LEADER = -1
NOT_SAMPLED = -1  # ``turns_scored`` of a game that keeps no scores by turn (``sample_turns``)
TURN_SCORES = 256  # turns whose scores a game keeps (a longer game's later turns are not in its timeline)


def columns_dtype(game_columns, seat_columns, max_players: int, column_groups=()) -> np.dtype:
    """The record type of a game's column index."""
    seats = [("score", np.int64, (max_players,)), ("rank", np.int64, (max_players,))]
    return np.dtype([("count", np.int64)] + [(c, np.int64) for c in COMMON_COLUMNS] + seats
                    + [(c, np.int64) for c in game_columns]
                    + [(c, np.int64, (max_players,)) for c in seat_columns]
                    + [(group, np.int64, (len(members),)) for group, members in column_groups])


def column_index(columns: list[str], game_columns, seat_columns, players: int, max_players: int,
                 column_groups=()) -> np.ndarray:
    """The one-record column index of a run whose record columns are ``columns`` (in order).  A column
    group ``(group, (member, ...))`` of game columns is also indexed as ``col.<group>[i]`` (the i-th
    member), for a kernel that writes a family of columns in a loop (one per piece, per weapon)."""
    where = {name: i for i, name in enumerate(columns)}
    index = np.zeros(1, columns_dtype(game_columns, seat_columns, max_players, column_groups))
    col = index[0]
    col["count"] = len(columns)
    for name in (*COMMON_COLUMNS, *game_columns):
        col[name] = where[name]
    for name in ("score", "rank", *seat_columns):
        col[name][:players] = [where[f"{name}_{s}"] for s in range(1, players + 1)]
    for group, members in column_groups:
        col[group][:] = [where[m] for m in members]
    return index


@njit(cache=True)
def new_records(n_games, n_columns):
    """The batch's record array, shape (games, columns), stored column by column.

    Column-major storage lets the Python side hand each column to polars without a copy.
    """
    return np.zeros((n_columns, n_games), np.int32).T


@jit_inline
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


@jit_inline
def new_lead(lead):
    """Reset a lead tracker, ``[sole leader, turn it took the lead, lead changes, last sole leader]``."""
    lead[0] = NO_LEADER
    lead[1] = 0
    lead[2] = 0
    lead[3] = NO_LEADER


@jit_inline
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


@jit_inline
def score_turn(s, scores, n, turn):
    """Keep the seats' ``scores`` after ``turn`` (1-based) for the game's timeline (``keep_turn_scores``);
    a game outside the sample (``sample_turns``) skips the copy."""
    if s.turns_scored != NOT_SAMPLED and turn <= TURN_SCORES:
        for p in range(n):
            s.turn_scores[turn - 1, p] = scores[p]
        s.turns_scored = turn


@jit_inline
def sample_turns(s, game, every):
    """After ``start_game``: whether game ``game`` keeps its scores by turn, only every ``every``-th game does
    (0: none).  The others skip ``score_turn``'s copy: on Pig's short turns it cost 4.5% of the kernel."""
    if every <= 0 or game % every != 0:
        s.turns_scored = NOT_SAMPLED


def sampled_games(first_game: int, n_games: int, every: int) -> int:
    """How many of games ``first_game ..`` keep their scores by turn: those whose index is a multiple of
    ``every`` (0: none)."""
    if every <= 0:
        return 0
    return (first_game + n_games + every - 1) // every - (first_game + every - 1) // every


def new_timelines(games: int, players: int) -> np.ndarray:
    """Room for ``games`` games' scores by turn (``keep_turn_scores``), ``players`` seats each."""
    return np.zeros((games, TURN_SCORES + 1, players), np.int32)


@jit_inline
def keep_turn_scores(s, timelines, game, first_game, every, n):
    """Copy game ``game``'s scores by turn into ``timelines`` when its index is a multiple of ``every``:
    row ``k`` is the batch's k-th such game (from ``first_game``), ``timelines[k, 0, 0]`` the turns
    kept, then a row per turn."""
    if every > 0 and game % every == 0:
        k = game // every - (first_game + every - 1) // every
        timelines[k, 0, 0] = s.turns_scored
        for turn in range(s.turns_scored):
            for p in range(n):
                timelines[k, turn + 1, p] = s.turn_scores[turn, p]


@jit_inline
def finish_record(rec, g, col, n, winner, end_reason, turns, scores, lead):
    """Write game ``g``'s common columns, scores and ranks (1 = best; tied scores share the better rank).

    ``winner`` is the 0-based seat or -1.  ``winner_led_from`` is the turn after which the winner
    held the sole lead to the end (``turns`` if it never led before the last turn).
    """
    rec[g, col.winner] = winner + 1 if winner >= 0 else -1
    rec[g, col.end_reason] = end_reason
    rec[g, col.turns] = turns
    rec[g, col.lead_changes] = lead[2]
    led_from = turns
    if winner >= 0 and lead[0] == winner:
        led_from = lead[1]
    rec[g, col.winner_led_from] = led_from
    for s in range(n):
        rec[g, col.score[s]] = scores[s]
        rank = 1
        for t in range(n):
            if scores[t] > scores[s]:
                rank += 1
        rec[g, col.rank[s]] = rank
