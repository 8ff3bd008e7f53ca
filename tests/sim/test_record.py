"""The common record columns: ranks, winners, lead changes and when the winner took the lead."""

import numpy as np

from balance.sim.record import (LEAD_CHANGES, N_COMMON, NO_LEADER, WINNER, WINNER_LED_FROM, finish_record,
                                lead_tracker, leader_of, new_records, track_lead)


def test_leader_is_the_sole_highest_score():
    assert leader_of(np.array([3, 9, 4]), 3) == 1
    assert leader_of(np.array([9, 9, 4]), 3) == NO_LEADER


def test_lead_changes_count_only_when_another_seat_takes_the_sole_lead():
    lead = lead_tracker()
    # seat 0 leads, a tie, seat 1 leads (a change through the tie), seat 1 still, tie, seat 1 again
    history = [[5, 0], [5, 5], [5, 8], [6, 8], [8, 8], [8, 20]]
    for turn, scores in enumerate(history, start=1):
        track_lead(lead, np.array(scores), 2, turn)
    assert lead[2] == 1
    assert lead[0] == 1 and lead[1] == 6  # seat 1 has led alone since turn 6


def test_finish_record_ranks_share_ties_and_winner_is_one_based():
    rec = new_records(1, N_COMMON + 6)
    lead = np.array([2, 7, 3, 2])
    finish_record(rec, 0, 3, 2, 0, 9, np.array([10, 30, 30]), lead)
    assert rec[0, WINNER] == 3
    assert list(rec[0, N_COMMON: N_COMMON + 3]) == [10, 30, 30]
    assert list(rec[0, N_COMMON + 3: N_COMMON + 6]) == [3, 1, 1]
    assert rec[0, LEAD_CHANGES] == 3
    assert rec[0, WINNER_LED_FROM] == 7


def test_a_winner_who_never_led_led_from_the_last_turn():
    rec = new_records(1, N_COMMON + 4)
    finish_record(rec, 0, 2, 0, 0, 12, np.array([100, 90]), np.array([1, 4, 0, 1]))
    assert rec[0, WINNER_LED_FROM] == 12
    finish_record(rec, 0, 2, -1, 1, 12, np.array([50, 50]), np.array([NO_LEADER, 4, 0, 0]))
    assert rec[0, WINNER] == -1
