"""Sweeps and comparisons against answers known exactly."""

import math

import pytest

from balance.analysis.compare import compare_runs
from balance.analysis.sweep import parse_vary, sweep
from balance.errors import BalanceError
from balance.scenario import load_scenario
from balance.sim.runner import run
from tests.conftest import FULL_STATS
from tests.games.pig.exact import hold_win_probability

GAMES = 1_000_000 if FULL_STATS else 100_000


def test_parse_vary_lists_ranges_and_tables():
    assert parse_vary("rules.target_score=50..100:25") == ("rules.target_score", [50, 75, 100])
    assert parse_vary("seats.2.params.per_point_behind=0.1..0.3:0.1") == (
        "seats.2.params.per_point_behind", [0.1, 0.2, 0.3])
    assert parse_vary("seats.1.policy=hold,optimal") == ("seats.1.policy", ["hold", "optimal"])
    assert parse_vary("track=[1,2],[3,4]") == ("track", [[1, 2], [3, 4]])
    with pytest.raises(BalanceError, match="LO <= HI"):
        parse_vary("x=5..1")


def test_a_bad_point_is_reported_before_anything_runs(tmp_path):
    sc = load_scenario("scenarios/pig/hold20.toml")
    with pytest.raises(BalanceError, match=r"--vary point rules.target_score=1: .*expected an integer from 2"):
        sweep(sc, ["rules.target_score=1,50"], games=1000, out=tmp_path / "s", progress=False)
    assert not (tmp_path / "s").exists()


def test_sweeping_the_hold_threshold_follows_the_exact_first_player_win_probability(tmp_path):
    # Seed 2026, GAMES games per point; each point's first-seat win rate within 4 standard errors
    # of the exact value (dynamic programming in tests/games/pig/exact.py).
    sc = load_scenario("scenarios/pig/hold20.toml")
    result = sweep(sc, ["seats.2.params.threshold=15..30:5"], games=GAMES, jobs=2, out=tmp_path / "s", progress=False)
    summary = result.summary
    assert summary["seats.2.params.threshold"].to_list() == [15, 20, 25, 30]
    for row in summary.iter_rows(named=True):
        exact = hold_win_probability(20, row["seats.2.params.threshold"])
        se = math.sqrt(exact * (1 - exact) / GAMES)
        assert abs(row["seat 1 win rate"] - exact) < 4 * se
        assert row["seat 1 win rate lo"] < row["seat 1 win rate"] < row["seat 1 win rate hi"]
    assert (tmp_path / "s" / "points" / "0003" / "run.json").exists()


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("compare")
    sc = load_scenario("scenarios/pig/hold20.toml")
    a = run(sc, games=GAMES, jobs=2, out=folder / "a", progress=False)
    again = run(sc, games=GAMES, jobs=1, out=folder / "again", progress=False)
    other_seed = run(sc, games=GAMES, seed=7, jobs=2, out=folder / "seed7", progress=False)
    b = run(sc.with_changes(["seats.2.params.threshold=25"]), games=GAMES, jobs=2, out=folder / "b", progress=False)
    return a, again, other_seed, b


def test_a_run_compared_with_itself_differs_in_nothing(runs):
    a, again, _, _ = runs
    result = compare_runs(a, again)
    assert result.paired and not result.significant
    assert all(d.diff.value == 0 for d in result.differences)


def test_independent_runs_of_the_same_scenario_show_no_significant_difference(runs):
    a, _, other_seed, _ = runs
    result = compare_runs(a, other_seed)
    assert not result.paired
    assert not result.significant


def test_a_real_change_is_significant_and_its_interval_holds_the_exact_difference(runs):
    a, _, _, b = runs
    result = compare_runs(a, b)
    seat1 = next(d for d in result.differences if d.metric == "seat 1 win rate")
    exact = hold_win_probability(20, 25) - hold_win_probability(20, 20)  # -0.0147
    assert seat1.significant and seat1.diff.lo < exact < seat1.diff.hi
    # pairing: the interval is narrower than two independent samples' would be
    independent = 1.96 * math.sqrt(2 * 0.25 / GAMES)
    assert seat1.diff.half_width < independent


def test_significance_is_holm_adjusted_across_the_metrics(runs):
    a, _, _, b = runs
    result = compare_runs(a, b)
    ps = sorted(d.p for d in result.differences)
    m = len(ps)
    # Holm's adjusted p of the k-th smallest p is max over j <= k of (m - j + 1) p_(j), capped at 1
    by_hand = [min(1.0, max((m - j) * ps[j] for j in range(k + 1))) for k in range(m)]
    assert sorted(d.p_holm for d in result.differences) == pytest.approx(by_hand)
    assert all(d.significant == (d.p_holm < 0.05) for d in result.differences)


def test_a_sweep_folder_named_like_a_glob_reads_its_own_summary(tmp_path):
    sc = load_scenario("scenarios/pig/hold20.toml")
    sweep(sc, ["rules.target_score=50,60"], games=2_000, jobs=1, out=tmp_path / "s1", progress=False)
    odd = sweep(sc, ["rules.target_score=70,80,90"], games=2_000, jobs=1, out=tmp_path / "s[12]", progress=False)
    assert odd.summary["rules.target_score"].to_list() == [70, 80, 90]


def test_a_sweep_says_its_games_before_playing_and_refuses_a_huge_one_without_yes(tmp_path):
    sc = load_scenario("scenarios/pig/hold20.toml")
    heard = []
    with pytest.raises(BalanceError, match=r"sweep: 951 points x 1,000,000 games = 951,000,000 games: more than "
                                           r"100,000,000; pass yes=True"):
        sweep(sc, ["rules.target_score=50..1000"], games=1_000_000, out=tmp_path / "huge", on_plan=heard.append)
    assert not heard and not (tmp_path / "huge").exists()
    sweep(sc, ["rules.target_score=50,60"], games=2_000, jobs=1, out=tmp_path / "small", progress=False,
          on_plan=heard.append)
    assert heard == ["sweep: 2 points x 2,000 games = 4,000 games"]
