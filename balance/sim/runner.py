"""Play a scenario's games in fixed-size batches on every core, writing each batch as it finishes.

The batch size depends only on the number of games, the game's ``batch_games`` and, under
``--until-ci``, the asked width (:mod:`balance.sim.precision`), never on ``--jobs``; every game
draws its random streams from the seed and its own index (:mod:`balance.kit.rng`): the same seed
gives the same records for any ``--jobs``, any backend and any batch size.  A run folder holds ``games/part-NNNNN.parquet`` and ``run.json``;
``resume=True`` plays only the missing parts.  A run holds its folder's lock while it writes, and
every part is checked against ``run.json`` before it is read (:mod:`balance.sim.parts`).
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
from balance.errors import BalanceError, flag, option
from balance.kit.columns import SCORES_BY_TURN
from balance.files import folder_name, write_text_atomic
from balance.registry import run_title
from balance.scenario import Scenario
from balance.sim import folder
from balance.sim.batch import play_and_write
from balance.sim.parts import PART, Parts, check_parts, has_parts
from balance.sim.precision import PrecisionRule, planned_games
from balance.sim.progress import GameProgress
from balance.sim.warmup import compile_engine, compiled

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
    """A run folder: its games as a lazy polars frame and its ``run.json``."""

    dir: Path

    @property
    def meta(self) -> dict[str, Any]:
        path = self.dir / "run.json"
        try:
            meta = json.loads(path.read_text(encoding="utf-8"))
            why = _meta_problem(meta)
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
            why = e.strerror if isinstance(e, OSError) else "not the JSON a run writes"
        if why:
            raise BalanceError(f"{path}: unreadable ({why}); run the scenario again into this folder "
                               f"with {flag('overwrite')}") from None
        return meta

    def parts(self) -> list[Path]:
        """The run's parts in batch order, each checked against ``run.json``; a damaged, foreign or
        (in a complete run) missing part is an error that names the file."""
        meta = self.meta
        parts = check_parts(self.dir / "games", meta)
        problems = part_problems(parts)
        if meta.get("status") == "complete":
            missing = [path for path in (self.dir / "games" / PART.format(k) for k in range(int(meta["batches"])))
                       if not os.path.lexists(path)]
            problems += [f"{path}: missing from this complete run; {flag('resume')} on this folder plays its "
                         f"batch again" for path in missing]
        if problems:
            raise BalanceError(*problems)
        return [parts.good[k] for k in sorted(parts.good)]

    @property
    def games(self) -> pl.LazyFrame:
        parts = self.parts()
        if not parts:
            raise BalanceError(f"{self.dir}: the run has no finished games yet")
        # the listed files themselves: a folder named like a glob (a[12], **) is read as it is named
        return pl.scan_parquet(parts, glob=False)

    def summary(self):
        from balance.analysis.summary import summarise

        return summarise(self.games, self.meta)


def part_problems(parts: Parts) -> list[str]:
    """One line for each part that is not this run's, or damaged."""
    return [f"{path}: {why}; it is not a part of this run: move it out of the folder" for path, why in parts.foreign] \
        + [f"{path}: damaged ({why}); {flag('resume')} on this folder plays its batch again"
           for path, why in parts.damaged.values()]


# what every run.json holds, and its type; then what it may hold (``until_ci`` may be null) (``_meta_problem``)
META_TYPES = {"scenario": dict, "fingerprint": str, "games": int, "batch_size": int, "batches": int, "columns": list}
META_OPTIONAL = {"until_ci": (int, float), "wall_seconds": (int, float), "versions": dict, "status": str,
                 "games_cap": int}


def _meta_problem(meta: Any) -> str | None:
    """What makes a parsed run.json unlike the one a run writes (None: nothing)."""
    if not isinstance(meta, dict):
        return "not the JSON a run writes"
    for key, kind in [*META_TYPES.items(), *META_OPTIONAL.items()]:
        value = meta.get(key)
        if key not in META_TYPES and (key not in meta or key == "until_ci" and value is None):
            continue
        if not isinstance(value, kind) or isinstance(value, bool):
            return f"'{key}' is missing" if key not in meta else f"'{key}' is of the wrong type"
    if meta["batch_size"] < 1 or meta["games"] < 0 or meta["batches"] < 0:
        return "'batch_size', 'games' or 'batches' is out of range"
    return None


def open_run(path: str | Path) -> Run:
    path = Path(path)
    if not (path / "run.json").is_file():
        raise BalanceError(f"{path}: not a run folder (no run.json); `balance run` makes one")
    return Run(path)


def default_folder(scenario: Scenario, kind: str = "") -> Path:
    """``reports/<scenario file's name><kind>-<seed>``, a name every operating system accepts (the
    scenario's ``name`` is free text: spaces, commas, colons, slashes)."""
    source = Path(scenario.path).stem if scenario.path and scenario.path.endswith(".toml") else scenario.name
    return Path("reports") / f"{folder_name(source, scenario.game)}{kind}-{scenario.seed}"


def default_out(scenario: Scenario) -> Path:
    return default_folder(scenario)


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
        raise BalanceError(f"{option('backend', backend)}: expected one of {', '.join(BACKENDS)}")
    if scheduler is not None and backend != "dask":
        raise BalanceError(f"{option('scheduler', scheduler)}: a scheduler is Dask's; add "
                           f"{option('backend', 'dask')} (loky plays on this machine's cores)")
    if jobs is not None and (isinstance(jobs, bool) or jobs < 1):
        raise BalanceError(f"{option('jobs', jobs)}: expected at least 1 worker process")
    if resume and overwrite:
        raise BalanceError(f"{flag('resume')} and {flag('overwrite')}: choose one: {flag('resume')} finishes the "
                           f"run in the folder, {flag('overwrite')} replaces it")
    if until_ci is not None and not 0 < until_ci < 0.5:
        raise BalanceError(f"{option('until_ci', until_ci)}: expected a half-width between 0 and 0.5, e.g. 0.005")
    if until_ci is not None and scenario.players == 1:
        raise BalanceError(f"{option('until_ci', until_ci)}: a solo game has no win rates to make precise; give "
                           f"the number of games ({option('games')})")
    if out is not None and not str(out).strip():
        raise BalanceError(f"{option('out', str(out))}: expected a folder, e.g. reports/my-run")
    spec = scenario.spec
    size = batch_size(planned_games(scenario.games, until_ci) if until_ci else scenario.games, spec.batch_games)
    out = Path(out) if out is not None else default_out(scenario)
    plan = batches(scenario.games, size)
    n_jobs = _workers(jobs, backend, scheduler, len(plan), progress)
    meta = {"scenario": scenario.resolved(), "fingerprint": scenario.fingerprint(), "games": scenario.games,
            "seed": scenario.seed, "batch_size": size, "batches": len(plan), "until_ci": until_ci,
            "columns": ["game_index", "batch", *spec.columns(scenario.players),
                        *[f"policy_{s}" for s in range(1, scenario.players + 1)], SCORES_BY_TURN],
            "end_reasons": list(spec.end_reasons), "score_components": list(spec.score_components),
            "versions": _versions()}
    folder.make(out)
    with folder.writing(out):  # one writer at a time: two runs never mix their games in a folder
        return _play(scenario, plan, out, meta, n_jobs, resume, overwrite, backend, scheduler, until_ci, progress)


def _play(scenario, plan, out, meta, n_jobs, resume, overwrite, backend, scheduler, until_ci, progress) -> Run:
    """Play the batches the folder lacks, writing each as it finishes (the folder is locked)."""
    spec = scenario.spec
    done, wall_before = _prepare_folder(out, meta, resume, overwrite, progress)
    meta.update(status="running", wall_seconds=wall_before)
    _write_json(out / "run.json", meta)
    if not compiled(spec):
        _compile_first(scenario, progress)

    rule = PrecisionRule(until_ci, len(plan)) if until_ci else None
    target = rule.first_round() if rule else len(plan)
    games_dir = str(out / "games")
    start = time.perf_counter()
    played = 0
    bar = GameProgress(_games_in(plan, target), _games_in(plan, target, done), enabled=progress,
                       label=run_title(spec.name, scenario.name))
    try:
        with bar, _backend(backend, scheduler, n_jobs):
            while True:
                todo = [b for b in plan[:target] if b[0] not in done]
                results = joblib.Parallel(n_jobs=max(1, min(n_jobs, len(todo))), return_as="generator_unordered")(
                    joblib.delayed(play_and_write)(scenario, k, first, n, games_dir, os.getpid())
                    for k, first, n in todo)
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
                           f"run again with {flag('resume')} to finish") from None
    except BalanceError:
        raise
    except OSError as e:  # a full disk, a folder made read-only: every finished part is kept
        _save_wall(out, meta, wall_before + time.perf_counter() - start)
        raise BalanceError(f"cannot write the games in {out} ({e.strerror or e}); {len(done)} of {len(plan)} "
                           f"batches are saved; make room (or make the folder writable) and run again with "
                           f"{flag('resume')}") from e
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
    folder.remove_temporary(out / "games")  # a Dask worker killed mid-write leaves its temporary part
    _write_json(out / "run.json", meta, f"; every game is saved: run again with {flag('resume')} to finish")
    return Run(out)


def _workers(jobs: int | None, backend: str, scheduler: str | None, n_batches: int, progress: bool) -> int:
    """Worker processes: ``jobs`` (default: every core), at most this machine's cores when the workers
    run on it (more only share the cores) and at most one per batch."""
    cores = joblib.cpu_count()
    n = jobs or cores
    if n > cores and (backend == "loky" or scheduler is None):
        _say(progress, f"{option('jobs', n)}: this machine has {cores} cores; playing on {cores} worker processes")
        n = cores
    return max(1, min(n, n_batches))


def _compile_first(scenario: Scenario, progress: bool) -> None:
    """Compile the game's kernels here, saying so, before the clock starts (see balance.sim.warmup)."""
    from rich.console import Console

    what = f"compiling the {scenario.spec.name} engine, first run only"
    console = Console(stderr=True)
    with console.status(what + " (a few minutes at most)...") if progress else nullcontext():
        seconds = compile_engine(scenario)
    if seconds >= 1:  # below, numba only loaded what it had compiled before: nothing to tell
        _say(progress, f"{what}: done in {seconds:,.0f} s")


def _say(progress: bool, text: str) -> None:
    """A note on stderr (not with ``progress=False``, the CLI's ``--quiet``)."""
    if progress:
        from rich.console import Console

        Console(stderr=True).print(text, markup=False, highlight=False, soft_wrap=True)


def _games_in(plan, target, only=None) -> int:
    return sum(n for k, _, n in plan[:target] if only is None or k in only)


def _versions() -> dict[str, str]:
    import numba
    import numpy

    return {"balance": __version__, "python": platform.python_version(), "numpy": numpy.__version__,
            "numba": numba.__version__, "polars": pl.__version__, "joblib": joblib.__version__}


def _write_json(path: Path, data: dict, hint: str = "") -> None:
    try:
        write_text_atomic(path, json.dumps(data, indent=2, default=str))
    except OSError as e:
        raise BalanceError(f"{path}: cannot write ({e.strerror or e}){hint}") from None


def _save_wall(out: Path, meta: dict, wall: float) -> None:
    """Record the time spent before an error is reported; the report of the error comes first (on a
    full disk this write fails too)."""
    meta.update(wall_seconds=round(wall, 3))
    try:
        _write_json(out / "run.json", meta)
    except BalanceError:
        pass


def _prepare_folder(out: Path, meta: dict, resume: bool, overwrite: bool, progress: bool) -> tuple[set[int], float]:
    """Check the run folder and return (finished batches, wall time already spent)."""
    games_dir = out / "games"
    old_path = out / "run.json"
    if overwrite:
        folder.clear(out)
        return set(), 0.0
    if old_path.exists():
        old = Run(out).meta
        parts = check_parts(games_dir, {**meta, **{k: old[k] for k in ("fingerprint", "batch_size") if k in old}})
        if not resume:
            state = "a complete run" if old.get("status") == "complete" else \
                f"an unfinished run ({len(parts.good)} of {old.get('batches', '?')} batches)"
            raise BalanceError(f"{out} already holds {state}; pass {flag('resume')} to finish it, {flag('overwrite')} "
                               f"to replace it, or {option('out')} for another folder")
        old_cap = old.get("games_cap", old.get("games"))
        differences = [k for k, was in (("fingerprint", old.get("fingerprint")), ("games", old_cap),
                                        ("batch_size", old.get("batch_size")), ("until_ci", old.get("until_ci")))
                       if was != meta[k]]
        if differences:
            what = ", ".join("the scenario (rules, seats or seed)" if k == "fingerprint" else k for k in differences)
            raise BalanceError(f"{flag('resume')}: {out} holds a different run ({what} differ); use {option('out')} "
                               f"for a new folder")
        if parts.foreign:
            raise BalanceError(*part_problems(Parts(foreign=parts.foreign)))
        for path, why in parts.damaged.values():
            _say(progress, f"{path}: damaged ({why}); playing its batch again")
        folder.remove_temporary(games_dir)
        return set(parts.good), float(old.get("wall_seconds") or 0.0)
    if resume:
        raise BalanceError(f"{flag('resume')}: {out} holds no run to resume")
    if has_parts(games_dir):
        raise BalanceError(f"{games_dir} holds parts but {out} has no run.json; pass {flag('overwrite')} to replace "
                           f"them, or use {option('out')} for another folder")
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
        raise BalanceError(f"{option('backend', 'dask')} needs Dask: pip install 'balance[dask]'") from None
    try:
        client = Client(scheduler) if scheduler else Client(processes=True, n_workers=n_jobs, threads_per_worker=1)
    except (OSError, ValueError) as e:  # no scheduler at that address, or not an address
        raise BalanceError(f"{option('scheduler', scheduler)}: cannot reach the Dask scheduler ({e})") from None
    try:
        with joblib.parallel_config(backend="dask"):
            yield
    finally:
        client.close()
