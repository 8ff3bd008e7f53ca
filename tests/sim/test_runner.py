"""The runner: batch plan, seat rotation, run folders, resume after a kill, run.json."""

import json
import signal
import subprocess
import sys
import time

import numpy as np
import polars as pl
import pytest

from balance.errors import BalanceError
from balance.scenario import load_scenario
from balance.sim.batch import lineup
from balance.sim.runner import batch_size, batches, open_run, run
from tests.conftest import random_scenario

HOLD20 = "scenarios/pig/hold20.toml"


def test_batch_size_depends_on_the_number_of_games_only():
    assert batch_size(10_000_000, 500_000) == 500_000
    assert batch_size(1_000_000, 500_000) == 62_500
    assert batch_size(5_000, 500_000) == 1_000
    assert batch_size(300, 500_000) == 300
    plan = batches(2_500, 1_000)
    assert plan == [(0, 0, 1_000), (1, 1_000, 1_000), (2, 2_000, 500)]


def test_rotation_puts_each_policy_in_each_seat_equally_often():
    seats = lineup(3, first_game=7, n_games=300, rotate=True)
    for seat in range(3):
        assert np.bincount(seats[:, seat], minlength=3).tolist() == [100, 100, 100]
    assert (np.sort(seats, axis=1) == [0, 1, 2]).all()  # every game seats every policy once
    # the rotation follows the game's global index, so it does not depend on the batch split
    assert (lineup(3, 7, 300, True)[10:] == lineup(3, 17, 290, True)).all()
    assert (lineup(3, 0, 5, False) == [0, 1, 2]).all()


def test_run_writes_parts_and_run_json_with_every_rule_and_its_provenance(tmp_path):
    sc = load_scenario(HOLD20, ["rules.target_score=60"])
    result = run(sc, games=5_000, jobs=1, out=tmp_path / "r", progress=False)
    meta = result.meta
    assert meta["status"] == "complete" and meta["games"] == 5_000 and meta["seed"] == 2026
    assert meta["games_per_second"] > 0 and meta["wall_seconds"] > 0
    assert set(meta["versions"]) >= {"balance", "numba", "numpy", "polars", "python"}
    rules = {r["key"]: r for r in meta["scenario"]["rules"]}
    assert rules["target_score"]["value"] == 60 and rules["target_score"]["changed"]
    assert rules["target_score"]["source"] == "rulebook"
    assert rules["max_turns"]["source"] == "assumed" and rules["max_turns"]["note"]
    games = result.games.collect()
    assert games.height == 5_000
    assert games["game_index"].to_list() == list(range(5_000))
    assert games.columns == meta["columns"]
    assert games["policy_1"].dtype == pl.Enum(["hold"])
    assert (games.select(pl.max_horizontal("score_1", "score_2")) >= 60).to_series().all()


def test_a_folder_with_a_run_is_never_overwritten_silently(tmp_path):
    sc = random_scenario("pig", games_=2_000)
    run(sc, jobs=1, out=tmp_path / "r", progress=False)
    with pytest.raises(BalanceError, match="already holds a complete run; pass resume=True"):
        run(sc, jobs=1, out=tmp_path / "r", progress=False)
    with pytest.raises(BalanceError, match="holds a different run"):
        run(sc, seed=99, jobs=1, out=tmp_path / "r", progress=False, resume=True)
    with pytest.raises(BalanceError, match="holds no run to resume"):
        run(sc, jobs=1, out=tmp_path / "empty", progress=False, resume=True)
    run(sc, seed=99, jobs=1, out=tmp_path / "r", progress=False, overwrite=True)
    assert open_run(tmp_path / "r").meta["seed"] == 99


def test_resume_plays_only_the_missing_batches(tmp_path):
    sc = random_scenario("pig", games_=8_000)
    full = run(sc, jobs=1, out=tmp_path / "full", progress=False)
    part = run(sc, jobs=1, out=tmp_path / "part", progress=False)
    parts = sorted((part.dir / "games").glob("part-*.parquet"))
    for p in parts[1::2]:
        p.unlink()
    resumed = run(sc, jobs=2, out=tmp_path / "part", progress=False, resume=True)
    assert resumed.meta["games_played_now"] == 4_000
    for a, b in zip(sorted((full.dir / "games").glob("*.parquet")), sorted((part.dir / "games").glob("*.parquet"))):
        assert a.read_bytes() == b.read_bytes()


def test_killing_a_run_and_resuming_gives_the_same_records(tmp_path):
    args = [sys.executable, "-m", "balance.cli", "run", HOLD20, "--games", "3000000", "--jobs", "2", "-q"]
    reference = tmp_path / "reference"
    subprocess.run(args + ["--out", str(reference)], check=True, capture_output=True)
    killed = tmp_path / "killed"
    proc = subprocess.Popen(args + ["--out", str(killed)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.time() + 120
    while len(list((killed / "games").glob("part-*.parquet"))) < 3 and time.time() < deadline:
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    finished = len(list((killed / "games").glob("part-*.parquet")))
    assert 3 <= finished < 16, "the run was not interrupted half-way"
    assert proc.returncode == 2 and b"run again with --resume" in err
    subprocess.run(args + ["--out", str(killed), "--resume"], check=True, capture_output=True)
    ref_parts = sorted((reference / "games").glob("part-*.parquet"))
    assert [p.name for p in ref_parts] == [p.name for p in sorted((killed / "games").glob("part-*.parquet"))]
    for p in ref_parts:
        assert p.read_bytes() == (killed / "games" / p.name).read_bytes()
    assert json.loads((killed / "run.json").read_text())["status"] == "complete"


def test_dask_backend_gives_the_same_bytes_as_loky(tmp_path):
    pytest.importorskip("dask.distributed")
    sc = random_scenario("pig", games_=4_000)
    loky = run(sc, jobs=2, out=tmp_path / "loky", progress=False)
    dask = run(sc, jobs=2, out=tmp_path / "dask", progress=False, backend="dask")
    for a in sorted((loky.dir / "games").glob("*.parquet")):
        assert a.read_bytes() == (dask.dir / "games" / a.name).read_bytes()
