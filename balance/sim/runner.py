"""Play a scenario's games in fixed-size batches on every core, writing each batch as it finishes.

The batch size depends only on the number of games, the game's ``batch_games`` and, under
``--until-ci``, the asked width (:mod:`balance.sim.precision`), never on ``--jobs``; batch
``k`` is seeded by child ``k`` of ``SeedSequence(seed)``: the same seed gives the same records for
any ``--jobs`` and any backend.  A run folder holds ``games/part-NNNNN.parquet`` and ``run.json``;
``resume=True`` plays only the missing parts.
"""

from __future__ import annotations

import json
import math
import os
import platform
import time
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

import joblib
import polars as pl

from balance import __version__
from balance.errors import BalanceError
from balance.scenario import Scenario
from balance.sim.batch import play_and_write
from balance.sim.precision import PrecisionRule, planned_games
from balance.sim.progress import GameProgress

MIN_BATCH = 1_000
TARGET_BATCHES = 16  # enough to keep every core busy and the progress bar moving
BACKENDS = ("loky", "dask")


def batch_size(games: int, batch_games: int) -> int:
    """Games per batch: about ``games / 16``, between 1,000 and the game's ``batch_games``."""
    return max(1, min(games, batch_games, max(MIN_BATCH, math.ceil(games / TARGET_BATCHES))))


def batches(games: int, size: int) -> list[tuple[int, int, int]]:
    """(batch, first game index, games in batch) for every batch of a run."""
    return [(k, start, min(size, games - start)) for k, start in enumerate(range(0, games, size))]


@dataclass
class Run:
    """A finished run folder: its games as a lazy polars frame and its ``run.json``."""

    dir: Path

    @property
    def meta(self) -> dict[str, Any]:
        return json.loads((self.dir / "run.json").read_text())

    @property
    def games(self) -> pl.LazyFrame:
        return pl.scan_parquet(self.dir / "games" / "part-*.parquet")

    def summary(self):
        from balance.analysis.summary import summarise

        return summarise(self.games, self.meta)


def open_run(path: str | Path) -> Run:
    path = Path(path)
    if not (path / "run.json").is_file():
        raise BalanceError(f"{path}: not a run folder (no run.json); `balance run` makes one")
    return Run(path)


def default_out(scenario: Scenario) -> Path:
    return Path("reports") / f"{scenario.name}-{scenario.seed}"


def run(
    scenario: Scenario,
    *,
    games: int | None = None,
    seed: int | None = None,
    jobs: int | None = None,
    out: str | Path | None = None,
    resume: bool = False,
    overwrite: bool = False,
    backend: str = "loky",
    scheduler: str | None = None,
    until_ci: float | None = None,
    progress: bool = True,
) -> Run:
    """Play the scenario's games (or ``games``) and return the run folder.

    With ``until_ci=W`` the number of games is a cap: batches are added in rounds until every win
    rate's 95% interval is at most ±W (see :mod:`balance.sim.precision`).  Raises
    :class:`BalanceError` for bad options or a folder holding another run.  On an interrupt or a
    failed batch, every finished batch stays on disk for ``resume=True``.
    """
    changes = [f"{key}={value}" for key, value in (("games", games), ("seed", seed)) if value is not None]
    if changes:
        scenario = scenario.with_changes(changes)
    if backend not in BACKENDS:
        raise BalanceError(f"--backend {backend!r}: expected one of {', '.join(BACKENDS)}")
    n_jobs = jobs or joblib.cpu_count()
    if n_jobs < 1:
        raise BalanceError(f"--jobs {jobs}: expected at least 1")
    if until_ci is not None and not 0 < until_ci < 0.5:
        raise BalanceError(f"--until-ci {until_ci}: expected a half-width between 0 and 0.5, e.g. 0.005")
    spec = scenario.spec
    size = batch_size(planned_games(scenario.games, until_ci) if until_ci else scenario.games, spec.batch_games)
    out = Path(out) if out else default_out(scenario)
    plan = batches(scenario.games, size)
    meta = {"scenario": scenario.resolved(), "fingerprint": scenario.fingerprint(), "games": scenario.games,
            "seed": scenario.seed, "batch_size": size, "batches": len(plan), "until_ci": until_ci,
            "columns": ["game_index", "batch", *spec.columns(scenario.players),
                        *[f"policy_{s}" for s in range(1, scenario.players + 1)]],
            "end_reasons": list(spec.end_reasons), "score_components": list(spec.score_components),
            "versions": _versions()}
    done, wall_before = _prepare_folder(out, meta, resume, overwrite)
    meta.update(status="running", wall_seconds=wall_before)
    _write_json(out / "run.json", meta)

    rule = PrecisionRule(until_ci, len(plan)) if until_ci else None
    target = rule.first_round() if rule else len(plan)
    games_dir = str(out / "games")
    start = time.perf_counter()
    played = 0
    bar = GameProgress(_games_in(plan, target), _games_in(plan, target, done), enabled=progress,
                       label=f"{scenario.name}: {spec.name}")
    try:
        with bar, _backend(backend, scheduler, n_jobs):
            while True:
                todo = [b for b in plan[:target] if b[0] not in done]
                results = joblib.Parallel(n_jobs=n_jobs, return_as="generator_unordered")(
                    joblib.delayed(play_and_write)(scenario, k, first, n, games_dir) for k, first, n in todo)
                for k, n in results:
                    done.add(k)
                    played += n
                    bar.advance(n)
                if rule is None:
                    break
                target = rule.next_target(Run(out).games.filter(pl.col("batch") < target), meta, target)
                if target is None:
                    break
                bar.set_total(_games_in(plan, target))
    except KeyboardInterrupt:
        _save_wall(out, meta, wall_before + time.perf_counter() - start)
        raise BalanceError(f"interrupted: {len(done)} of {len(plan)} batches are saved in {out}; "
                           f"run again with --resume to finish") from None
    except BalanceError:
        raise
    except Exception as e:
        _save_wall(out, meta, wall_before + time.perf_counter() - start)
        raise BalanceError(f"a batch failed ({type(e).__name__}: {e}); {len(done)} of {len(plan)} batches "
                           f"are saved in {out}") from e
    wall = wall_before + time.perf_counter() - start
    total = _games_in(plan, len(plan), done)
    meta.update(status="complete", games=total, wall_seconds=round(wall, 3), jobs=n_jobs, backend=backend,
                games_per_second=round(total / wall) if wall > 0 else None, games_played_now=played)
    if rule:
        meta.update(games_cap=scenario.games, batches=len(done), stopping_rule=rule.describe(),
                    reached_precision=rule.reached)
    _write_json(out / "run.json", meta)
    return Run(out)


def _games_in(plan, target, only=None) -> int:
    return sum(n for k, _, n in plan[:target] if only is None or k in only)


def _versions() -> dict[str, str]:
    import numba
    import numpy

    return {"balance": __version__, "python": platform.python_version(), "numpy": numpy.__version__,
            "numba": numba.__version__, "polars": pl.__version__, "joblib": joblib.__version__}


def _write_json(path: Path, data: dict) -> None:
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(json.dumps(data, indent=2, default=str))
    os.replace(tmp, path)


def _save_wall(out: Path, meta: dict, wall: float) -> None:
    meta.update(wall_seconds=round(wall, 3))
    _write_json(out / "run.json", meta)


def finished_batches(games_dir: Path) -> set[int]:
    done = set()
    for part in games_dir.glob("part-*.parquet"):
        try:
            done.add(int(part.stem.split("-")[1]))
        except ValueError:
            pass
    return done


def _prepare_folder(out: Path, meta: dict, resume: bool, overwrite: bool) -> tuple[set[int], float]:
    """Check the run folder and return (finished batches, wall time already spent)."""
    games_dir = out / "games"
    old_path = out / "run.json"
    if old_path.exists() and not overwrite:
        try:
            old = json.loads(old_path.read_text())
        except (OSError, json.JSONDecodeError):
            raise BalanceError(f"{old_path}: unreadable; remove the folder or pass --overwrite") from None
        done = finished_batches(games_dir)
        if not resume:
            state = "a complete run" if old.get("status") == "complete" else \
                f"an unfinished run ({len(done)} of {old.get('batches', '?')} batches)"
            raise BalanceError(f"{out} already holds {state}; pass --resume to finish it, --overwrite to "
                               f"replace it, or --out for another folder")
        old_cap = old.get("games_cap", old.get("games"))
        differences = [k for k, was in (("fingerprint", old.get("fingerprint")), ("games", old_cap),
                                        ("batch_size", old.get("batch_size")), ("until_ci", old.get("until_ci")))
                       if was != meta[k]]
        if differences:
            what = ", ".join("the scenario (rules, seats or seed)" if k == "fingerprint" else k for k in differences)
            raise BalanceError(f"--resume: {out} holds a different run ({what} differ); use --out for a new folder")
        for stale in games_dir.glob(".part-*.tmp"):
            stale.unlink()
        return done, float(old.get("wall_seconds") or 0.0)
    if resume and not old_path.exists():
        raise BalanceError(f"--resume: {out} holds no run to resume")
    if overwrite and games_dir.exists():
        for part in games_dir.glob("*part-*"):
            part.unlink()
    games_dir.mkdir(parents=True, exist_ok=True)
    return set(), 0.0


@contextmanager
def _backend(backend: str, scheduler: str | None, n_jobs: int) -> Iterator[None]:
    if backend == "loky":
        with nullcontext():
            yield
        return
    try:
        from dask.distributed import Client
    except ImportError:
        raise BalanceError("--backend dask needs Dask: pip install 'balance[dask]'") from None
    client = Client(scheduler) if scheduler else Client(processes=True, n_workers=n_jobs, threads_per_worker=1)
    try:
        with joblib.parallel_config(backend="dask"):
            yield
    finally:
        client.close()
