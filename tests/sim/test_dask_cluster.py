"""The Dask backend on a cluster started the way users start one: ``dask scheduler`` and two
``dask worker`` processes on this machine, ``balance run --backend dask --scheduler ADDRESS``.

It plays the same games as loky, byte for byte, and a worker killed in the middle of the run loses
nothing: Dask plays its batch again on the other worker, and a batch played twice writes the same
part twice (the same seed gives the same bytes), so no game is lost or counted twice.
"""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import polars as pl
import pytest

from balance.scenario import load_scenario
from balance.sim.runner import open_run, run

pytest.importorskip("distributed")

ROOT = Path(__file__).resolve().parents[2]
HOLD20 = str(ROOT / "scenarios/pig/hold20.toml")
GAMES = 4_000_000  # 16 batches of 250,000 games, about half a second each
DASK = Path(sys.executable).with_name("dask")


def start(*args, log):
    """A dask command in its own process group (so that killing it kills its worker process too)."""
    return subprocess.Popen([str(DASK), *args], stdout=log, stderr=subprocess.STDOUT, cwd=ROOT,
                            start_new_session=True)


def stop(proc):
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)


def wait_for(condition, seconds, what):
    deadline = time.time() + seconds
    while not condition():
        if time.time() > deadline:
            pytest.fail(f"{what} did not happen in {seconds} s")
        time.sleep(0.1)


def parts_of(folder):
    return sorted((Path(folder) / "games").glob("part-*.parquet"))


@pytest.fixture
def cluster(tmp_path):
    """``dask scheduler`` and two ``dask worker``s (one process and one thread each) on localhost."""
    if not DASK.exists():
        pytest.skip("needs the dask command (pip install 'balance[dask]')")
    log = open(tmp_path / "dask.log", "w")
    info = tmp_path / "scheduler.json"
    procs = [start("scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
                   "--scheduler-file", str(info), log=log)]
    try:
        wait_for(lambda: info.exists() and info.stat().st_size > 0, 60, "the scheduler's start")
        address = json.loads(info.read_text())["address"]
        for name in ("w1", "w2"):
            procs.append(start("worker", address, "--name", name, "--nworkers", "1", "--nthreads", "1",
                               "--no-dashboard", "--host", "127.0.0.1", log=log))
        from distributed import Client

        with Client(address, timeout=60) as client:
            client.wait_for_workers(2, timeout=120)
        yield address, procs[1:]
    finally:
        for proc in reversed(procs):
            stop(proc)
        log.close()


def test_a_dask_cluster_plays_the_games_of_loky_and_survives_a_killed_worker(cluster, tmp_path):
    address, workers = cluster
    loky = run(load_scenario(HOLD20), games=GAMES, jobs=2, out=tmp_path / "loky", progress=False)
    out = tmp_path / "dask"
    proc = subprocess.Popen([sys.executable, "-m", "balance.cli", "run", HOLD20, "-n", str(GAMES), "-q",
                             "--format", "none", "--backend", "dask", "--scheduler", address, "--jobs", "2",
                             "--out", str(out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    try:
        wait_for(lambda: len(parts_of(out)) >= 4 or proc.poll() is not None, 300, "the first parts")
        assert proc.poll() is None, proc.communicate()
        stop(workers[0])  # SIGKILL, mid-batch: its batch is lost with it
        done_at_kill = len(parts_of(out))
        _, err = proc.communicate(timeout=600)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err.decode()
    assert done_at_kill < len(parts_of(loky.dir)), "the worker was killed after the last batch"
    meta = open_run(out).meta
    assert meta["status"] == "complete" and meta["games"] == GAMES and meta["backend"] == "dask"
    assert [p.name for p in parts_of(out)] == [p.name for p in parts_of(loky.dir)]
    for part in parts_of(loky.dir):
        assert part.read_bytes() == (out / "games" / part.name).read_bytes(), part.name
    index = open_run(out).games.select("game_index").collect()["game_index"]
    assert index.len() == GAMES and index.n_unique() == GAMES and index.max() == GAMES - 1
    assert not [p.name for p in (out / "games").iterdir() if p.name.endswith(".tmp")]
    assert pl.read_parquet(parts_of(out)[0], glob=False).height == meta["batch_size"]
