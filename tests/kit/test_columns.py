"""The record columns: written by name, ranks, winners, lead changes and when the winner took the lead."""

import numpy as np
import pytest

from balance.kit.columns import (COMMON_COLUMNS, NO_LEADER, column_index, finish_record, leader_of, new_lead,
                                 new_records, track_lead)

SEAT_COLUMNS = ("eaten", "busts")


def index(players, game_columns=("rounds",)):
    names = [*COMMON_COLUMNS, *[f"score_{s}" for s in range(1, players + 1)],
             *[f"rank_{s}" for s in range(1, players + 1)], *game_columns,
             *[f"{c}_{s}" for c in SEAT_COLUMNS for s in range(1, players + 1)]]
    return names, column_index(names, game_columns, SEAT_COLUMNS, players, 6)


def lead_tracker():
    lead = np.empty(4, np.int64)
    new_lead(lead)
    return lead


def test_each_column_is_found_by_its_name():
    names, idx = index(3)
    col = idx[0]
    assert col["count"] == len(names)
    assert names[col["winner"]] == "winner" and names[col["rounds"]] == "rounds"
    assert [names[i] for i in col["busts"][:3]] == ["busts_1", "busts_2", "busts_3"]
    assert [names[i] for i in col["rank"][:3]] == ["rank_1", "rank_2", "rank_3"]


def test_a_column_group_indexes_its_members_in_order():
    game_columns = ("rounds", "shots_bow", "shots_gun", "hits_bow")
    names, _ = index(2, game_columns)
    idx = column_index(names, game_columns, SEAT_COLUMNS, 2, 6, (("shots", ("shots_bow", "shots_gun")),))
    col = idx[0]
    assert [names[i] for i in col["shots"]] == ["shots_bow", "shots_gun"]
    assert names[col["hits_bow"]] == "hits_bow"


def test_a_column_without_a_name_in_the_run_is_refused():
    names, _ = index(2)
    with pytest.raises(KeyError):
        column_index(names[:-1], ("rounds",), SEAT_COLUMNS, 2, 6)


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


def finished(players, winner, turns, scores, lead):
    names, idx = index(players)
    rec = new_records(1, len(names))
    finish_record(rec, 0, idx[0], players, winner, 0, turns, np.array(scores), np.array(lead))
    return dict(zip(names, rec[0]))


def test_finish_record_ranks_share_ties_and_winner_is_one_based():
    row = finished(3, 2, 9, [10, 30, 30], [2, 7, 3, 2])
    assert row["winner"] == 3
    assert [row[f"score_{s}"] for s in (1, 2, 3)] == [10, 30, 30]
    assert [row[f"rank_{s}"] for s in (1, 2, 3)] == [3, 1, 1]
    assert row["lead_changes"] == 3
    assert row["winner_led_from"] == 7


def test_a_winner_who_never_led_led_from_the_last_turn():
    assert finished(2, 0, 12, [100, 90], [1, 4, 0, 1])["winner_led_from"] == 12
    assert finished(2, -1, 12, [50, 50], [NO_LEADER, 4, 0, 0])["winner"] == -1


def test_every_nth_game_keeps_its_scores_after_each_turn():
    from balance.kit.columns import sampled_games
    from balance.scenario import from_dict
    from balance.sim.batch import play

    assert [sampled_games(f, 10, 4) for f in (0, 1, 4, 7)] == [3, 2, 3, 3]
    assert sampled_games(0, 10, 0) == 0
    sc = from_dict({"game": "pig", "players": 2, "seed": 3, "seats": [{"policy": "hold"}] * 2,
                    "run": {"scores_by_turn": 5}})
    frame = play(sc, 0, 13, 40)
    kept = frame.filter(frame["scores_by_turn"].is_not_null())
    assert kept["game_index"].to_list() == [15, 20, 25, 30, 35, 40, 45, 50]
    for row in kept.iter_rows(named=True):
        turns = row["scores_by_turn"]
        assert len(turns) == row["turns"]
        assert turns[-1] == [row["score_1"], row["score_2"]]
        assert all(a <= b for before, after in zip(turns, turns[1:]) for a, b in zip(before, after))


def test_a_batch_played_in_several_calls_is_the_same_batch(monkeypatch):
    """Every game keeping its timeline: the batch is played in calls of at most TIMELINES_PER_CALL sampled
    games (bounded memory), and gives the same records and timelines as one call."""
    from balance.scenario import from_dict
    from balance.sim import batch

    sc = from_dict({"game": "pig", "players": 3, "seed": 5, "seats": [{"policy": "hold"}] * 3,
                    "run": {"scores_by_turn": 1, "rotate_seats": True}})
    whole = batch.play(sc, 0, 13, 40)
    monkeypatch.setattr(batch, "TIMELINES_PER_CALL", 7)
    parts = batch.play(sc, 0, 13, 40)
    assert parts.equals(whole)
    assert whole["scores_by_turn"].null_count() == 0
    assert [t[-1] for t in whole["scores_by_turn"].to_list()] == [[r["score_1"], r["score_2"], r["score_3"]]
                                                      for r in whole.iter_rows(named=True)]
