"""A game's first run says that it compiles the engine, and its games/s leave the compiler out;
``balance warmup`` (run by ``make demo``) compiles every game beforehand, all at once."""

import re
import subprocess
import time
from pathlib import Path

from typer.testing import CliRunner

from balance.cli import app
from balance.registry import get_game
from balance.sim import runner, warmup
from balance.sim.runner import open_run

ROOT = Path(__file__).resolve().parents[2]
HOLD20 = str(ROOT / "scenarios/pig/hold20.toml")


def forget_compiled(game_id):
    spec = get_game(game_id)
    (warmup._cache(spec) / warmup.STAMP).unlink(missing_ok=True)
    assert not warmup.compiled(spec)
    return spec


def test_a_first_run_says_it_compiles_and_leaves_the_compiler_out_of_games_per_second(tmp_path, monkeypatch):
    spec = forget_compiled("pig")
    compile_engine = warmup.compile_engine

    def slow_compile(scenario):  # as slow as the Moongha engine's minutes, in two seconds
        time.sleep(2.0)
        return 2.0 + compile_engine(scenario)

    monkeypatch.setattr(runner, "compile_engine", slow_compile)
    args = ["run", HOLD20, "-n", "2000", "-j", "1", "--format", "none"]
    first = CliRunner().invoke(app, args + ["--out", str(tmp_path / "first")])
    assert first.exit_code == 0, first.output
    assert re.search(r"compiling the Pig engine, first run only: done in [\d,]+ s", first.stderr), first.stderr
    meta = open_run(tmp_path / "first").meta
    assert meta["wall_seconds"] < 2.0 and meta["games_per_second"] > 1_000
    assert warmup.compiled(spec)
    second = CliRunner().invoke(app, args + ["--out", str(tmp_path / "second")])
    assert second.exit_code == 0 and "compiling" not in second.stderr


def test_a_changed_source_or_numba_setting_means_compiling_again(monkeypatch):
    spec = get_game("pig")
    warmup.compile_game("pig")
    assert warmup.compiled(spec)
    monkeypatch.setenv("NUMBA_BOUNDSCHECK", "1")  # numba compiles other code under it
    assert not warmup.compiled(spec)
    monkeypatch.delenv("NUMBA_BOUNDSCHECK")
    sources = warmup._cache(spec) / warmup.SOURCES
    digest = sources.read_text()
    try:
        sources.write_text("0" * 64)  # what balance.kit.compile.drop_stale_kernels writes after an edit
        assert not warmup.compiled(spec)
    finally:
        sources.write_text(digest)
    assert warmup.compiled(spec)


def test_warmup_compiles_the_games_not_compiled_yet():
    forget_compiled("pig")
    result = CliRunner().invoke(app, ["warmup", "pig"])
    assert result.exit_code == 0, result.output
    assert "compiling the engines of Pig: first time only" in result.stderr
    assert "Pig: compiled in" in result.stdout
    again = CliRunner().invoke(app, ["warmup", "pig"])
    assert again.exit_code == 0 and "Pig: compiled already" in again.stdout and "compiling" not in again.stderr


def test_games_compiled_by_warmup_workers_count_as_compiled_in_the_run(monkeypatch):
    for game_id in ("pig", "angry-monsters"):
        forget_compiled(game_id)
    took = warmup.warm_up(["pig", "angry-monsters"], jobs=2)  # one loky worker each (joblib sets their threads)
    assert set(took) == {"pig", "angry-monsters"} and None not in took.values()
    assert warmup.compiled(get_game("pig")) and warmup.compiled(get_game("angry-monsters"))
    monkeypatch.setenv("NUMBA_NUM_THREADS", "1")  # a thread setting: the same compiled code
    assert warmup.compiled(get_game("pig"))


def test_make_demo_compiles_every_game_before_its_run():
    plan = subprocess.run(["make", "-n", "demo"], cwd=ROOT, capture_output=True, text=True,
                          check=True).stdout.splitlines()
    warm = next(i for i, line in enumerate(plan) if line.endswith("balance warmup"))
    demo = next(i for i, line in enumerate(plan) if " run " in line)
    assert warm < demo
