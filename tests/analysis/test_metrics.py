"""Balance metrics and flags on a hand-made run whose every number is worked out below."""

import json
from pathlib import Path

import polars as pl
import pytest

from balance.analysis.flags import THRESHOLDS, Thresholds, find_flags
from balance.analysis.metrics import analyse
from balance.analysis.summary import summarise

REASONS = ["won", "stalemate", "timeout"]
LABELS = ["A", "B"]


def toy_run(path, winner, reason, turns, led_from, lead_changes, s1, s2, coins1=None, rotate=True, players=2):
    """A two-player run of an unregistered game 'toy' with one per-seat column (coins) and one game column."""
    n = len(winner)
    policy_1 = [LABELS[g % 2] if rotate else "A" for g in range(n)]
    policy_2 = [LABELS[(g + 1) % 2] if rotate else "B" for g in range(n)]
    coins1 = coins1 or [1] * n
    frame = pl.DataFrame({
        "game_index": list(range(n)), "batch": [0] * n, "winner": winner,
        "end_reason": pl.Series(reason, dtype=pl.Enum(REASONS)), "turns": turns, "lead_changes": lead_changes,
        "winner_led_from": led_from, "score_1": s1, "score_2": s2,
        "rank_1": [1 if a >= b else 2 for a, b in zip(s1, s2)], "rank_2": [1 if b >= a else 2 for a, b in zip(s1, s2)],
        "rounds": [t // 2 for t in turns], "coins_1": coins1, "coins_2": [2] * n,
        "policy_1": pl.Series(policy_1, dtype=pl.Enum(LABELS)), "policy_2": pl.Series(policy_2, dtype=pl.Enum(LABELS)),
    }, schema_overrides={c: pl.Int32 for c in ("winner", "turns", "lead_changes", "winner_led_from", "score_1",
                                              "score_2", "rank_1", "rank_2", "rounds", "coins_1", "coins_2")})
    (path / "games").mkdir(parents=True)
    frame.write_parquet(path / "games" / "part-00000.parquet")
    meta = {"scenario": {"name": "toy", "game": "toy", "players": players, "seed": 1, "games": n,
                         "seats": [{"policy": "a", "params": {}, "label": "A"}, {"policy": "b", "params": {}, "label": "B"}],
                         "run": {"rotate_seats": rotate}, "rules": []},
            "columns": [c for c in frame.columns if not c.startswith("policy")], "end_reasons": REASONS,
            "score_components": ["coins"], "games": n, "seed": 1}
    (path / "run.json").write_text(json.dumps(meta))
    return pl.scan_parquet(path / "games" / "*.parquet"), meta


@pytest.fixture
def toy(tmp_path):
    # game:        0   1   2   3   4   5   6   7
    # A sits at:   1   2   1   2   1   2   1   2   (rotation)
    return toy_run(
        tmp_path,
        winner=[1, 1, 1, 2, -1, -1, 1, 2],
        reason=["won", "won", "won", "won", "stalemate", "timeout", "won", "won"],
        turns=[10, 10, 20, 20, 5, 30, 10, 10],
        led_from=[5, 10, 0, 15, 5, 30, 2, 8],
        lead_changes=[0, 1, 2, 3, 0, 1, 0, 0],
        s1=[10, 12, 30, 5, 7, 7, 9, 1],
        s2=[4, 12, 20, 8, 7, 7, 3, 6],
        coins1=[1, 3, 1, 3, 1, 3, 1, 3],
    )


def test_metrics_of_the_toy_run(toy):
    games, meta = toy
    a = analyse(games, meta)
    assert (a.games, a.decided) == (8, 6)
    assert [e.value for e in a.seat_wins] == [4 / 8, 2 / 8]
    assert a.fair_share == pytest.approx(6 / 8 / 2)
    assert a.seat_spread == pytest.approx(2 / 8)
    assert a.first_seat_advantage.value == pytest.approx(4 / 8 - 3 / 8)
    assert (a.draws.value, a.timeouts.value) == (1 / 8, 1 / 8)
    # decisiveness 1 - led_from / turns over the decided games: .5, 0, 1, .25, .8, .2
    assert a.decisiveness.value == pytest.approx(2.75 / 6)
    assert a.late_lead.value == pytest.approx(1 / 6)  # only game 1 was taken in the last 10%
    assert a.lead_changes.mean == pytest.approx(7 / 8)
    # margins (winner minus the other seat) of the decided games: 6, 0, 10, 3, 6, 5
    assert sorted(a.margin.values.tolist()) == [0, 3, 5, 6, 10] and a.margin.n == 6
    assert a.margin.mean == pytest.approx(30 / 6)
    assert a.turns.quantile(0.5) == 10 and a.turns.max == 30
    # A won games 0, 2, 3, 6 and 7 from 8 seats; B only game 1
    assert a.strategies["A"].wins.value == pytest.approx(5 / 8)
    assert a.strategies["B"].wins.value == pytest.approx(1 / 8)
    assert a.strategies["A"].seat_played == [4, 4] and a.strategies["A"].seat_wins == [3, 2]
    assert a.strategies["A"].scores.n == 8 and a.strategies["A"].scores.mean == pytest.approx((10 + 12 + 30 + 8 + 7 + 7 + 9 + 6) / 8)
    h = a.head_to_head[("A", "B")]
    assert (h.meetings, h.a_wins, h.b_wins) == (8, 5, 1) and h.share.value == pytest.approx(5 / 6)
    assert a.head_to_head[("B", "A")].share.value == pytest.approx(1 / 6)
    # per-seat and per-game columns of a game the registry does not know are found from run.json
    assert list(a.seat_columns) == ["coins"] and list(a.game_columns) == ["rounds"]
    assert a.seat_columns["coins"][0].mean.value == pytest.approx(2.0)
    # A holds seat 1 in even games (coins 1) and seat 2 in odd games (coins 2)
    assert a.strategy_columns["coins"]["A"] == pytest.approx(1.5)
    assert a.strategy_columns["coins"]["B"] == pytest.approx((3 * 4 + 2 * 4) / 8)
    assert a.score_components == ["coins"]
    assert a.summary.end_reasons == {"won": 6, "stalemate": 1, "timeout": 1}


def test_summary_matches_the_analysis(toy):
    games, meta = toy
    s = summarise(games, meta)
    a = analyse(games, meta)
    assert s.seat_wins == a.seat_wins and s.strategy_wins == a.summary.strategy_wins
    assert s.turns_quantiles == a.summary.turns_quantiles and s.turns_range == (5, 30)


def test_flags_name_the_thresholds(toy):
    games, meta = toy
    a = analyse(games, meta)
    text = [f.text for f in find_flags(a)]
    # 8 games: every interval is wide, so no seat or strategy flag, but a 12.5% timeout rate is flagged
    assert not any("Seat" in t for t in text)
    assert any("turn cap" in t for t in text)
    assert any("draw" in t for t in text)


def test_flags_on_a_lopsided_run(tmp_path):
    n = 4000
    winner = [1 if g % 10 < 7 else 2 for g in range(n)]  # seat 1 wins 70%
    games, meta = toy_run(tmp_path, winner, ["won"] * n, [20] * n, [2] * n, [0] * n, [10] * n, [5] * n, rotate=False)
    a = analyse(games, meta)
    flags = find_flags(a)
    seat = [f for f in flags if f.text.startswith("Seat 1 wins 70.0%")]
    assert seat and seat[0].severity == "warning" and "fair share 50.0%" in seat[0].text
    assert "47.5-52.5%" in seat[0].threshold
    assert "do not rotate" in seat[0].text  # seats play different strategies: the flag says so
    assert any("`A` beats every other strategy" in f.text for f in flags)
    assert any("Runaway leader" in f.text for f in flags)  # the winner led from turn 2 of 20
    assert any("lead changes hands only" in f.text for f in flags)


def test_every_threshold_is_documented():
    rows = Thresholds.describe()
    assert [r[0] for r in rows] == [f for f in THRESHOLDS.__dataclass_fields__]
    assert all(r[2] for r in rows)
    with open(Path(__file__).parents[2] / "docs" / "results.md") as f:
        doc = f.read()
    for name, value, _ in rows:
        assert f"`{name}`" in doc and value in doc


def test_head_to_head_counts_games_not_meetings():
    # Three seats: A at seats 1 and 2, B at seat 3.  Seat 1 wins 20 games, seat 3 wins 30: A wins its meeting
    # with B in 20 games and B wins both of its meetings in 30, so A takes 20 of 80 meetings (25%), each of
    # its seats winning a third as often as B's.  The two meetings of a game end alike: the interval counts
    # the games' variance, (20 (1 - 1/4)^2 + 30 (0 - 2/4)^2) / 80^2 = 18.75 / 6400, which is r (1 - r) / 64:
    # Wilson's interval on 64 effective trials, not 80.
    from balance.analysis.metrics import _head_to_head
    from balance.analysis.stats import wilson

    lineups = pl.DataFrame({"policy_1": ["A", "A"], "policy_2": ["A", "A"], "policy_3": ["B", "B"],
                            "winner": [1, 3], "n": [20, 30]})
    h = _head_to_head(lineups, 3)[("A", "B")]
    assert (h.meetings, h.a_wins, h.b_wins) == (100, 20, 60)
    assert h.share.value == pytest.approx(0.25)
    assert (h.share.lo, h.share.hi) == (pytest.approx(wilson(16, 64).lo), pytest.approx(wilson(16, 64).hi))


def test_a_score_component_no_seat_ever_scored_is_left_out(tmp_path):
    n = 4  # a solo game scores none of the multiplayer components: they would fill the chart with zeros
    games, meta = toy_run(tmp_path, winner=[1] * n, reason=["won"] * n, turns=[10] * n, led_from=[0] * n,
                          lead_changes=[0] * n, s1=[3] * n, s2=[1] * n, coins1=[0] * n)
    frame = games.collect().with_columns(pl.lit(0, pl.Int32).alias("coins_2"))
    frame.write_parquet(tmp_path / "games" / "part-00000.parquet")
    assert analyse(pl.scan_parquet(tmp_path / "games" / "*.parquet"), meta).score_components == []
    frame.with_columns(pl.Series("coins_2", [0, 0, -1, 0], pl.Int32)).write_parquet(
        tmp_path / "games" / "part-00000.parquet")  # a point lost counts
    assert analyse(pl.scan_parquet(tmp_path / "games" / "*.parquet"), meta).score_components == ["coins"]
