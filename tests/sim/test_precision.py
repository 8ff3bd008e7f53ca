"""--until-ci: the stopping rule reaches the asked precision and its intervals keep their coverage."""

import polars as pl

from balance.analysis.stats import wilson
from balance.scenario import load_scenario
from balance.sim.batch import play
from balance.sim.precision import PrecisionRule
from balance.sim.runner import batch_size, batches, run
from tests.conftest import FULL_STATS
from tests.games.pig.exact import hold_win_probability

EXACT = hold_win_probability(20, 20)
RUNS = 1_000 if FULL_STATS else 100
CAP, HALF_WIDTH = 160_000, 0.004  # batches of 10,000: the rule must go past its first round


def stop_by_the_rule(scenario):
    """Play a scenario's batches as the runner does under --until-ci; return (games, first-seat wins)."""
    plan = batches(CAP, batch_size(CAP, scenario.spec.batch_games))
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
