"""Every registered game: random play ends, invariants hold, the same seed gives the same games,
--jobs 1 equals --jobs 2, and the spec pickles."""

import os
import pickle
import subprocess
import sys
from pathlib import Path

import numpy as np
import polars as pl

from balance.registry import games
from balance.sim.batch import play
from balance.sim.runner import run
from tests.conftest import random_scenario


def player_counts(spec):
    return sorted({spec.min_players, spec.max_players})


def test_random_play_ends_and_invariants_hold(game_id):
    spec = games()[game_id]
    for players in player_counts(spec):
        for seed in range(5):
            scenario = random_scenario(game_id, players, seed=seed)
            frame = play(scenario, batch=0, first_game=0, n_games=300)
            assert frame.height == 300
            assert frame["end_reason"].null_count() == 0
            assert (frame["turns"] >= 1).all()
            seats = range(1, players + 1)
            ranks = frame.select([pl.col(f"rank_{s}") for s in seats]).to_numpy()
            assert ((ranks >= 1) & (ranks <= players)).all()
            assert frame["winner"].is_in([-1, *seats]).all()
            winner_rank = frame.select(pl.coalesce(*[pl.when(pl.col("winner") == s).then(pl.col(f"rank_{s}"))
                                                     for s in seats])).to_series()
            assert (winner_rank.drop_nulls() == 1).all(), "the winner ranks first"
            if spec.invariants:
                assert spec.invariants(frame, scenario) == []


def test_same_seed_same_records(game_id):
    scenario = random_scenario(game_id)
    a = play(scenario, batch=3, first_game=0, n_games=200)
    b = play(scenario, batch=3, first_game=0, n_games=200)
    c = play(scenario, batch=4, first_game=0, n_games=200)
    assert a.equals(b)
    assert not a.equals(c)


def test_jobs_1_equals_jobs_2(game_id, tmp_path):
    scenario = random_scenario(game_id, games_=3_000)
    one = run(scenario, jobs=1, out=tmp_path / "one", progress=False)
    two = run(scenario, jobs=2, out=tmp_path / "two", progress=False)
    parts_one = sorted((one.dir / "games").glob("part-*.parquet"))
    parts_two = sorted((two.dir / "games").glob("part-*.parquet"))
    assert len(parts_one) == len(parts_two) > 1
    for p1, p2 in zip(parts_one, parts_two):
        assert p1.read_bytes() == p2.read_bytes()


def test_spec_and_scenario_pickle(game_id):
    spec = games()[game_id]
    assert pickle.loads(pickle.dumps(spec)).id == spec.id
    scenario = random_scenario(game_id)
    assert pickle.loads(pickle.dumps(scenario)) == scenario


def test_record_columns_match_the_kernel(game_id):
    spec = games()[game_id]
    scenario = random_scenario(game_id)
    frame = play(scenario, batch=0, first_game=0, n_games=10)
    expected = ["game_index", "batch", *spec.columns(scenario.players),
                *[f"policy_{s}" for s in range(1, scenario.players + 1)]]
    assert frame.columns == expected
    assert np.array_equal(frame["game_index"].to_numpy(), np.arange(10))


def test_the_kernel_runs_interpreted_and_plays_the_same_games(game_id, tmp_path):
    """``balance bench`` times the kernel as plain Python (NUMBA_DISABLE_JIT=1): it must run there too,
    and play the very games the compiled kernel plays."""
    scenario = random_scenario(game_id, games_=3)
    out = tmp_path / "interpreted.parquet"
    code = ("import warnings, numpy as np\n"
            "warnings.simplefilter('ignore')\n"
            "from tests.conftest import random_scenario\n"
            "from balance.sim.batch import play\n"
            f"with np.errstate(all='ignore'):\n"
            f"    play(random_scenario({game_id!r}, games_=3), 0, 0, 3).write_parquet({str(out)!r})\n")
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1"}
    subprocess.run([sys.executable, "-c", code], env=env, check=True, cwd=Path(__file__).parent.parent)
    assert pl.read_parquet(out).equals(play(scenario, 0, 0, 3))
