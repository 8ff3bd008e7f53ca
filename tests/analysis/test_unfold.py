"""How games unfold: the curves' numbers on three hand-made games whose every value is worked out below."""

import math

import numpy as np
import polars as pl
import pytest
from scipy import stats

from balance.analysis.unfold import MIN_LEADS, horizon_of, how_games_unfold
from balance.registry import Timeline

# Two seats; strategy x at seat 1 and y at seat 2 in games A and C, swapped in game B; game D kept no timeline.
#   A: won by seat 2; after turns 1-3: (1, 0), (3, 2), (5, 6)
#   B: won by seat 1; after turns 1-2: (2, 2), (4, 1)
#   C: a draw;        after turns 1-3: (0, 1), (3, 3), (4, 4)
#   D: won by seat 1, not sampled (null)
TIMELINES = [[[1, 0], [3, 2], [5, 6]], [[2, 2], [4, 1]], [[0, 1], [3, 3], [4, 4]], None]


def hand_made(path, every=2, winners=(2, 1, -1, 1)):
    frame = pl.DataFrame({
        "game_index": [0, 1, 2, 3], "winner": list(winners),
        "policy_1": pl.Series(["x", "y", "x", "x"], dtype=pl.Enum(["x", "y"])),
        "policy_2": pl.Series(["y", "x", "y", "y"], dtype=pl.Enum(["x", "y"])),
        "scores_by_turn": pl.Series(TIMELINES, dtype=pl.List(pl.List(pl.Int32))),
    }, schema_overrides={"winner": pl.Int32})
    frame.write_parquet(path / "part-00000.parquet")
    meta = {"scenario": {"game": "hand-made", "players": 2, "run": {"scores_by_turn": every},
                         "seats": [{"label": "x"}, {"label": "y"}]}}
    return pl.scan_parquet(path / "part-00000.parquet"), meta


class Spec:
    """What the analysis reads of a GameSpec: the timeline's declaration and the seats' roles."""

    def __init__(self, timeline=Timeline()):
        self.timeline = timeline

    def seat_roles_of(self, players):
        return [""] * players


def t_interval(values):
    values = np.array(values, float)
    half = stats.t.ppf(0.975, len(values) - 1) * values.std(ddof=1) / math.sqrt(len(values))
    return values.mean() - half, values.mean() + half


def test_scores_over_time_carry_a_finished_game_forward(tmp_path):
    u = how_games_unfold(*hand_made(tmp_path), Spec())
    assert (u.sampled, u.horizon, u.every) == (3, 3, 2)  # 99% of 3 games had ended after turn 3
    assert u.running.tolist() == [3, 3, 2]  # B ended after turn 2
    x, y = u.scores[("", "x")], u.scores[("", "y")]
    # x: A seat 1, B seat 2, C seat 1; after turn 3 B counts with its final 1
    assert x.n.tolist() == [3, 3, 3]
    assert x.mean.tolist() == pytest.approx([(1 + 2 + 0) / 3, (3 + 1 + 3) / 3, (5 + 1 + 4) / 3])
    assert y.mean.tolist() == pytest.approx([(0 + 2 + 1) / 3, (2 + 4 + 3) / 3, (6 + 4 + 4) / 3])
    assert (x.lo[0], x.hi[0]) == pytest.approx(t_interval([1, 2, 0]))
    assert (y.lo[2], y.hi[2]) == pytest.approx(t_interval([6, 4, 4]))


def test_the_seat_advantage_is_each_seats_score_minus_the_tables_mean(tmp_path):
    u = how_games_unfold(*hand_made(tmp_path), Spec())
    one, two = u.seat_gap[1], u.seat_gap[2]
    # seat 1 minus the mean of both: A 0.5, 0.5, -0.5; B 0, 1.5, (1.5 carried); C -0.5, 0, 0
    assert one.mean.tolist() == pytest.approx([0, 2 / 3, 1 / 3])
    assert two.mean.tolist() == pytest.approx([0, -2 / 3, -1 / 3])
    assert (one.lo[1], one.hi[1]) == pytest.approx(t_interval([0.5, 1.5, 0]))


def test_the_comeback_curve_counts_the_games_still_played_and_the_ties_apart(tmp_path):
    cb = how_games_unfold(*hand_made(tmp_path), Spec()).comeback
    # turn 1: A led by seat 1 (lost), B tied, C led by seat 2 (a draw: a lead that did not win)
    # turn 2: A led by seat 1 (lost), B led by seat 1 (won), C tied
    # turn 3: A led by seat 2 (won), C tied; B had ended
    assert cb.games.tolist() == [3, 3, 2]
    assert cb.tied.tolist() == [1, 1, 1]
    assert cb.leader_won.tolist() == [0, 1, 1]
    assert cb.rate(2).value == 0.5 and cb.rate(3).value == 1.0
    assert not cb.shown(3) and MIN_LEADS > 1  # one game with a leader is too few to draw


def test_rounds_of_seat_turns_read_the_scores_after_each_round(tmp_path):
    u = how_games_unfold(*hand_made(tmp_path), Spec(Timeline("round", seat_turns=True)))
    # two seats: round 1 ends after turn 2; A's and C's round 2 is cut short after turn 3; B has one round
    assert (u.sampled, u.horizon, u.running.tolist()) == (3, 2, [3, 2])
    assert u.scores[("", "x")].mean.tolist() == pytest.approx([(3 + 1 + 3) / 3, (5 + 1 + 4) / 3])
    cb = u.comeback
    assert (cb.games.tolist(), cb.tied.tolist(), cb.leader_won.tolist()) == ([3, 2], [1, 1], [1, 1])


def test_a_game_whose_scores_do_not_say_who_leads_has_no_comeback_curve(tmp_path):
    spec = Spec(Timeline(comparable=False, why_not="the scores count different things"))
    u = how_games_unfold(*hand_made(tmp_path), spec)
    assert u.comeback is None and u.why_no_comeback == "the scores count different things"
    assert u.scores and u.seat_gap
    with pytest.raises(TypeError):
        Timeline(comparable=False)


def test_no_timelines_no_curves(tmp_path):
    games, meta = hand_made(tmp_path, every=0)
    u = how_games_unfold(games.with_columns(pl.lit(None, pl.List(pl.List(pl.Int32))).alias("scores_by_turn")),
                         meta, Spec())
    assert (u.sampled, u.horizon, u.scores, u.comeback) == (0, 0, {}, None)
    u = how_games_unfold(games.drop("scores_by_turn"), meta, Spec())  # a run played before timelines
    assert u.sampled == 0


def test_the_horizon_is_where_99_percent_had_ended():
    lengths = np.zeros(11, np.int64)
    lengths[[3, 5, 10]] = [50, 49, 1]  # 99 of 100 games had ended after turn 5
    assert horizon_of(lengths) == 5
    lengths[10] = 2
    assert horizon_of(lengths) == 10


def test_the_section_says_the_sample_and_when_too_few_games_lead(tmp_path):
    from types import SimpleNamespace

    from balance.report.blocks import Plot, Table, Text
    from balance.report.content import _unfold

    games, meta = hand_made(tmp_path)
    a = SimpleNamespace(meta=meta, has_sides=False, players=2, rotate=False, seat_labels=["x", "y"])
    blocks = _unfold(how_games_unfold(games, meta, Spec()), a).blocks
    words = " ".join(b.text for b in blocks if isinstance(b, Text))
    assert "of 3 games (every 2nd game of the run)" in words
    assert "Too few sampled games had a sole leader (20 at a turn are needed)" in words
    assert not any(isinstance(b, Table) for b in blocks) and sum(isinstance(b, Plot) for b in blocks) == 3
    meta["scenario"]["run"]["scores_by_turn"] = 0
    (none,) = _unfold(how_games_unfold(games.drop("scores_by_turn"), meta, Spec()), a).blocks
    assert "the run kept no scores by turn ([run] scores_by_turn = 0)" in none.text
