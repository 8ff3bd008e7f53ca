"""``balance tune`` on Pig, against answers known exactly by dynamic programming (tests/games/pig/exact.py).

Sizes, seeds and why they are reliable are stated with each test.  The exact values are computed
here, never copied from the tuner's output.
"""

from functools import lru_cache

import polars as pl
import pytest

from balance.analysis.stats import wilson
from balance.analysis.tune import parse_goals, parse_varies, run_blocks, tune
from balance.errors import BalanceError
from balance.scenario import from_dict, load_scenario
from tests.conftest import FULL_STATS
from tests.games.pig.exact import hold_win_probability

THRESHOLDS = range(10, 41)


def pig(seats, *, target=100, rotate=False, seed=1):
    return from_dict({"game": "pig", "players": len(seats), "seed": seed, "rules": {"target_score": target},
                      "seats": [{"policy": "hold", "params": {"threshold": t}} for t in seats],
                      "run": {"rotate_seats": rotate}})


@lru_cache(maxsize=None)
def response_to_hold20(t: int) -> float:
    """Exact win rate of hold(t) against hold(20), each going first in half the games."""
    return 0.5 * (hold_win_probability(t, 20) + 1 - hold_win_probability(20, t))


def test_the_pig_landscape_is_what_makes_the_search_hard():
    """The exact best response to hold(20) is one threshold, with a local optimum at 20 itself."""
    rates = {t: response_to_hold20(t) for t in THRESHOLDS}
    best = max(rates, key=rates.get)
    assert rates[20] > rates[19] and rates[20] > rates[21]  # a local optimum at the starting point
    assert best != 20 and rates[best] > rates[20]


def _best_response(seed: int, tmp_path, trials=40, games=50_000, validate=4):
    sc = pig([20, 20], rotate=True, seed=seed)
    return tune(sc, ["seats.1.params.threshold=10..40:1"], ["best:seat=1"], trials=trials, games=games,
                validate=validate, out=tmp_path / f"t{seed}", progress=False)


def _check_best_response(result, z=1.959964):
    rates = {t: response_to_hold20(t) for t in THRESHOLDS}
    exact_best = max(rates, key=rates.get)
    winner = result.meta["winner"]
    assert winner["values"]["seats.1.params.threshold"] == exact_best
    b = run_blocks(result.run("winner"))
    tracked = result.meta["objective"]
    interval = wilson(int(b.sums[tracked].sum()), int(b.plays[tracked].sum()), z)
    assert interval.lo <= rates[exact_best] <= interval.hi
    assert result.meta["verdict"]["beyond_noise"]  # 1.2 points above hold(20) on 500,000 paired games


def test_best_response_of_hold_to_hold20_finds_the_exact_best_threshold(tmp_path):
    """Seed 1: 40 TPE trials of 50,000 games over thresholds 10..40 (31 points), the best 4 validated on
    500,000 games each.  The best threshold is 0.33 points above the next (24) and 0.55 above 26: on
    500,000 games the paired difference's standard error is at most 0.1 points, so the validation
    names the wrong one of them less than once in 2,000 tunes; a trial's standard error is 0.22
    points, so the best threshold misses the 4 validated points only if three others beat it."""
    _check_best_response(_best_response(1, tmp_path))


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(2, 7) if FULL_STATS else range(2, 4))
def test_best_response_is_found_for_other_seeds_too(seed, tmp_path):
    """The same tune on other seeds: the first was not a lucky one.  Over several seeds a 95% interval
    misses the exact value now and then by design (seed 5's does), so here the interval is 99.9%."""
    _check_best_response(_best_response(seed, tmp_path), z=3.290527)


def test_fair_finds_the_seat_2_threshold_that_balances_the_exact_win_rates(tmp_path):
    """Pig to 40, seat 1 holds at 10 and goes first; which threshold of seat 2 makes the game fairest?

    Exactly, the best seat-2 threshold is 1.5 points from a fair game and every other one at least
    2.9 points (computed below); 30 trials of 20,000 games (a gap's standard error about 0.35 points)
    and 200,000 validation games separate them many times over.  Seed 3.
    """
    gaps = {t: abs(hold_win_probability(10, t, 40) - 0.5) for t in range(5, 31)}
    exact = min(gaps, key=gaps.get)
    assert sorted(gaps.values())[1] - gaps[exact] > 0.02
    result = tune(pig([10, 20], target=40, seed=3), ["seats.2.params.threshold=5..30:1"], "fair", trials=30,
                  games=20_000, out=tmp_path / "fair", progress=False)
    winner = result.meta["winner"]
    assert winner["values"]["seats.2.params.threshold"] == exact
    half = 1.96 * winner["se"]
    assert winner["objective"] - half <= gaps[exact] <= winner["objective"] + half
    assert result.meta["direction"] == "minimize" and result.meta["at_range_edge"] == []
    assert result.best.seats[1].params["threshold"] == exact  # best.toml is the tuned scenario
    assert result.best.rules.target_score == 40


def test_resume_gives_the_same_study(tmp_path):
    """A tune stopped after 12 trials and resumed to 14 asks and plays what an uninterrupted 14-trial tune
    does (trials 10 on are TPE's own choices, after its 10 random ones)."""
    sc = pig([20, 20])
    options = dict(games=2_000, validate=1, progress=False)
    whole = tune(sc, ["rules.target_score=30..80", "seats.2.params.threshold=15..30:1"], "fair", trials=14,
                 out=tmp_path / "whole", **options)
    tune(sc, ["rules.target_score=30..80", "seats.2.params.threshold=15..30:1"], "fair", trials=12,
         out=tmp_path / "part", **options)
    resumed = tune(sc, ["rules.target_score=30..80", "seats.2.params.threshold=15..30:1"], "fair", trials=14,
                   out=tmp_path / "part", resume=True, **options)
    columns = ["trial", "rules.target_score", "seats.2.params.threshold", "objective", "objective se"]
    assert resumed.trials.select(columns).equals(whole.trials.select(columns))
    assert resumed.meta["trials_played_now"] == 2 - resumed.trials.filter(pl.col("trial") >= 12)["repeat of"] \
        .is_not_null().sum()
    assert len(resumed.study.trials) == 14
    with pytest.raises(BalanceError, match="holds a different tune"):
        tune(sc, ["rules.target_score=30..90"], "fair", trials=7, out=tmp_path / "part", resume=True, **options)
    study = tmp_path / "part" / "study.db"
    study.write_bytes(study.read_bytes()[:2000])  # cut short: a disk that filled up
    with pytest.raises(BalanceError, match=r"study.db: damaged \(.*malformed\); tune again with overwrite=True"):
        tune(sc, ["rules.target_score=30..80", "seats.2.params.threshold=15..30:1"], "fair", trials=16,
             out=tmp_path / "part", resume=True, **options)
    with pytest.raises(BalanceError, match="already holds a tune"):
        tune(sc, ["rules.target_score=30..80"], "fair", trials=7, out=tmp_path / "part", **options)


def test_trials_reuse_the_worker_processes(tmp_path, monkeypatch):
    """Worker start-up is paid once per tune: every trial plays on the same loky worker processes."""
    from joblib.externals.loky import reusable_executor

    import balance.analysis.tune as T

    seen = []

    def run_and_look(*args, **kwargs):
        result = real(*args, **kwargs)
        seen.append(frozenset(reusable_executor._executor._processes))
        return result

    real = T.run
    monkeypatch.setattr(T, "run", run_and_look)
    tune(pig([20, 20]), ["seats.2.params.threshold=10..40:1"], "fair", trials=4, games=8_000, jobs=2, validate=1,
         out=tmp_path / "w", progress=False)
    assert len(seen) >= 4 and len(seen[0]) == 2 and all(s == seen[0] for s in seen)


def test_declared_ranges_and_kinds():
    sc = pig([20, 20])
    threshold, target, roll = parse_varies(["seats.1.params.threshold", "target_score", "rules.roll_before_holding"], sc)
    assert (threshold.kind, threshold.lo, threshold.hi, threshold.step) == ("float", 1, 1000, None)
    assert (target.key, target.kind, target.lo, target.hi) == ("rules.target_score", "int", 2, 1000)
    assert (roll.kind, roll.choices) == ("choice", (False, True))
    stepped, listed = parse_varies(["seats.2.params.threshold=10..41:5", "rules.die_sides=4,6,8"], sc)
    assert (stepped.lo, stepped.hi, stepped.step) == (10, 40, 5)  # the last value is at most HI
    assert listed.choices == (4, 6, 8)


@pytest.mark.parametrize("vary, message", [
    ("rules.target_scor", "did you mean 'target_score'"),
    ("seats.3.params.threshold", "N from 1 to 2"),
    ("seats.1.params.treshold", "did you mean 'threshold'"),
    ("rules.target_score=50..20", "LO < HI"),
    ("rules.target_score=1..50", "rules.target_score"),  # 1 is below the rule's range
    ("rules.target_score=2.5..50", "whole number"),
    ("games=10..20", "not a value to tune"),
])
def test_bad_vary_is_one_clear_line(vary, message):
    with pytest.raises(BalanceError) as e:
        parse_varies([vary], pig([20, 20]))
    assert len(e.value.problems) == 1 and message in e.value.problems[0]


@pytest.mark.parametrize("goal, message", [
    ("fiar", "did you mean 'fair'"),
    ("best:seat=3", "N from 1 to 2"),
    ("best:strategy=holder", "no strategy 'holder'"),
    ("target:game_lenght=8", "did you mean 'game_length'"),
    ("target:draw_or_timeout_rate=150%", "a rate is from 0 to 1"),
    ("fair@0", "above 0"),
])
def test_bad_goal_is_one_clear_line(goal, message):
    with pytest.raises(BalanceError) as e:
        parse_goals([goal], pig([20, 20]))
    assert len(e.value.problems) == 1 and message in e.value.problems[0]


def test_goals_combine_fair_and_a_weighted_target():
    goals = parse_goals(["fair", "target:game_length=30@0.5", "target:draw_or_timeout_rate=1%"], pig([20, 20]))
    assert [(g.kind, g.weight, g.metric, g.value) for g in goals] == [
        ("fair", 1.0, None, None), ("target", 0.5, "game length (turns)", 30.0),
        ("target", 1.0, "draw or timeout rate", 0.01)]
    with pytest.raises(BalanceError, match="a goal of its own"):
        parse_goals(["fair", "best:seat=1"], pig([20, 20]))


def test_best_response_tunes_each_strategy_and_skips_what_has_nothing_to_tune(tmp_path):
    from balance.analysis.tune import best_response

    sc = from_dict({"game": "pig", "players": 2, "seed": 5, "rules": {"target_score": 40},
                    "seats": [{"policy": "hold", "params": {"threshold": 10}}, {"policy": "optimal"}],
                    "run": {"rotate_seats": True}})
    result = best_response(sc, vary=["seats.1.params.threshold=5..30:1"], trials=8, games=4_000, validate=1,
                           out=tmp_path / "br", progress=False)
    rows = {r["strategy"]: r for r in result.rows}
    assert rows["optimal"]["skipped"] == "has no parameters to tune"
    hold = rows["hold"]
    assert hold["tuned"] >= hold["default"] and hold["tuned lo"] <= hold["tuned"] <= hold["tuned hi"]
    assert set(hold["parameters"]) == {"threshold"}
    assert result.dir == tmp_path / "br" and (tmp_path / "br" / "best-response.json").exists()


def test_the_api_returns_the_trials_and_a_best_toml_that_runs_the_winner(tmp_path):
    import balance

    result = balance.tune(pig([20, 20], rotate=True), ["seats.1.params.threshold=15..30:1"], "best:seat=1", trials=4,
                          games=2_000, validate=1, out=tmp_path / "b", progress=False)
    assert isinstance(result.trials, pl.DataFrame) and result.trials.height == 4
    assert {"objective", "objective se", "games", "seats.1.params.threshold"} <= set(result.trials.columns)
    best = load_scenario(tmp_path / "b" / "best.toml")
    assert best.fingerprint() == result.best.fingerprint()
    assert best.seats[0].params["threshold"] == result.meta["winner"]["values"]["seats.1.params.threshold"]
    assert best.seats[1].params["threshold"] == 20 and best.rotate_seats and best.seed == 1


def test_a_winner_at_the_edge_of_its_range_is_said_to_be(tmp_path):
    """Hold(15) tuned over thresholds 10..18 against hold(20): exactly, 18 is the best of them (0.75
    points above the next, 16), at the top of the range.  Seed 2, 12 trials of 9 points, 20,000 games."""
    rates = {t: response_to_hold20(t) for t in range(10, 19)}
    assert max(rates, key=rates.get) == 18
    result = tune(pig([15, 20], rotate=True, seed=2), ["seats.1.params.threshold=10..18:1"], "best:seat=1",
                  trials=12, games=20_000, validate=2, out=tmp_path / "edge", progress=False)
    assert result.meta["winner"]["values"]["seats.1.params.threshold"] == 18
    assert result.meta["at_range_edge"] == ["seats.1.params.threshold"]
