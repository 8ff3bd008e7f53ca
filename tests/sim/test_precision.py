"""--until-ci: the stopping rule reaches the asked precision and its intervals keep their coverage."""

import polars as pl

from balance.analysis.stats import wilson
from balance.scenario import load_scenario
from balance.sim.batch import play
from balance.sim.precision import PrecisionRule, planned_games
from balance.sim.runner import batch_size, batches, run
from tests.conftest import FULL_STATS
from tests.games.pig.exact import hold_win_probability

EXACT = hold_win_probability(20, 20)
RUNS = 1_000 if FULL_STATS else 100
CAP, HALF_WIDTH = 160_000, 0.004  # batches of 3,752 (60,023 games / 16): the rule must go past its first round


def stop_by_the_rule(scenario):
    """Play a scenario's batches as the runner does under --until-ci; return (games, first-seat wins)."""
    plan = batches(CAP, batch_size(planned_games(CAP, HALF_WIDTH), scenario.spec.batch_games))
    rule = PrecisionRule(HALF_WIDTH, len(plan))
    meta = {"scenario": scenario.resolved()}
    frames, target = [], rule.first_round()
    while target is not None:
        frames += [play(scenario, k, first, n) for k, first, n in plan[len(frames):target]]
        target = rule.next_target(pl.concat(frames).lazy(), meta, target)
    games = pl.concat(frames)
    return games.height, int((games["winner"] == 1).sum()), len(frames)


def test_stopped_intervals_cover_the_exact_value_95_percent_of_the_time():
    # Seeds 0..RUNS-1; each run stops when its 95% interval is at most ±0.004.  The share of final
    # intervals holding the exact first-player win rate must be near 95%: with 100 runs, at least
    # 88 (3 standard deviations below 95); with 1,000 runs, at least 930.
    base = load_scenario("scenarios/pig/hold20.toml")
    covered, rounds = 0, set()
    for seed in range(RUNS):
        n, wins, n_batches = stop_by_the_rule(base.with_changes([f"seed={seed}", f"games={CAP}"]))
        est = wilson(wins, n)
        assert est.half_width <= HALF_WIDTH
        covered += est.lo <= EXACT <= est.hi
        rounds.add(n_batches)
    assert min(rounds) > 4, "the first round was already precise enough: the test would not test stopping"
    assert covered >= (930 if FULL_STATS else 88), f"{covered} of {RUNS}"


def test_run_until_ci_stops_early_and_says_why(tmp_path):
    sc = load_scenario("scenarios/pig/hold20.toml")
    result = run(sc, games=400_000, until_ci=0.01, jobs=1, out=tmp_path / "r", progress=False)
    meta = result.meta
    assert meta["reached_precision"] and meta["games"] < 400_000 and meta["games_cap"] == 400_000
    assert "half-width <= 0.01" in meta["stopping_rule"]
    assert result.games.select(pl.len()).collect().item() == meta["games"]
    # the same seed stops at the same batch with two workers
    again = run(sc, games=400_000, until_ci=0.01, jobs=2, out=tmp_path / "r2", progress=False)
    assert again.meta["games"] == meta["games"]


def test_the_summary_says_where_and_why_the_run_stopped(tmp_path):
    from typer.testing import CliRunner

    from balance.cli import app

    result = CliRunner().invoke(app, ["run", "scenarios/pig/hold20.toml", "--until-ci", "0.01", "--games", "400000",
                                      "--out", str(tmp_path / "r"), "-q", "--format", "none", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    assert "of at most 400,000 games: every win rate's 95% interval is within ±1 points" in result.stdout


def games_needed(p: float, half_width: float) -> float:
    """Games for a 95% interval of ±half_width around a rate p (normal approximation)."""
    return 1.959964 ** 2 * p * (1 - p) / half_width ** 2


def test_a_large_cap_does_not_make_the_run_overshoot(tmp_path):
    # Hold 20 against hold 20: both seats' win rates are 0.534698 and 0.465302 (exact), so ±1 point needs
    # 9,556 games.  The cap of a million must not size the rounds: the run stops within 1.5 times that.
    needed = games_needed(EXACT, 0.01)
    sc = load_scenario("scenarios/pig/hold20.toml")
    result = run(sc, games=1_000_000, until_ci=0.01, jobs=1, out=tmp_path / "r", progress=False)
    meta = result.meta
    assert meta["reached_precision"]
    assert needed * 0.9 < meta["games"] <= 1.5 * needed, f"{meta['games']:,} games for {needed:,.0f} needed"
    # the batches depend on the cap and the width only: two workers play the same batches and stop at the same one
    again = run(sc, games=1_000_000, until_ci=0.01, jobs=2, out=tmp_path / "r2", progress=False)
    assert (again.meta["games"], again.meta["batch_size"]) == (meta["games"], meta["batch_size"])


def test_batches_are_sized_from_the_width_and_the_cap_only():
    # ±0.2 points needs 1.959964² / (4 * 0.002²) = 240,092 games at a rate of 1/2: a run capped at 50 million
    # plays batches of 1/16 of that, the same as a run capped at 240,092 games; a smaller cap sizes the batches
    # as a plain run does
    assert planned_games(50_000_000, 0.002) == planned_games(240_092, 0.002) == 240_092
    assert batch_size(planned_games(50_000_000, 0.002), 1_000_000) == 15_006
    assert planned_games(20_000, 0.002) == 20_000
