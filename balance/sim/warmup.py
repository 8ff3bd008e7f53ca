"""Compiling a game's engine before its first run.

numba compiles a game's kernels the first time they run and caches them beside the game's sources
(``balance/games/<game>/__pycache__``, or under ``NUMBA_CACHE_DIR``: ``kit.compile.kernel_cache``); Moongha
Invaders takes minutes.  A run whose game is not
compiled yet compiles it in its own process first, saying so, before its clock starts: workers
compiling it would sit at "0 games" with no word, and the compiler's minutes would count in the
games/s.  ``balance warmup`` (run by ``make demo``) compiles every game at once, in parallel.

That a game is compiled is recorded in that folder's ``kernels.compiled``: the digest of the sources
its kernels are built from (``balance.kit.compile.drop_stale_kernels`` keeps it), numba's and
Python's versions and the ``NUMBA_*`` settings of the code (not the thread settings), which all
make numba compile again when they change.
"""

from __future__ import annotations

import inspect
import json
import os
import platform
import time
from pathlib import Path

from balance.registry import GameSpec, get_game

STAMP = "kernels.compiled"
SOURCES = "kernels.sha256"  # written by balance.kit.compile.drop_stale_kernels
RUNTIME_ONLY = {"NUMBA_NUM_THREADS", "NUMBA_THREADING_LAYER"}  # joblib's workers set the first; no code changes


def _cache(spec: GameSpec) -> Path:
    from balance.kit.compile import kernel_cache

    return kernel_cache(Path(inspect.getfile(spec.rules_cls)).parent)


def _stamp(spec: GameSpec) -> str | None:
    """What the compiled kernels depend on, as recorded once they are compiled (None: unknown sources)."""
    import numba

    try:
        sources = (_cache(spec) / SOURCES).read_text()
    except OSError:
        return None
    return json.dumps({"sources": sources, "numba": numba.__version__, "python": platform.python_version(),
                       "machine": platform.machine(),
                       "settings": {k: v for k, v in sorted(os.environ.items())
                                    if k.startswith("NUMBA_") and k not in RUNTIME_ONLY}})


def compiled(spec: GameSpec) -> bool:
    """Whether the game's kernels are compiled for these sources, this numba and these settings."""
    stamp = _stamp(spec)
    try:
        return stamp is not None and (_cache(spec) / STAMP).read_text() == stamp
    except OSError:
        return False


def compile_engine(scenario) -> float:
    """Compile (or load) the scenario's game kernels in this process by playing one game; return seconds."""
    from balance.sim.batch import play

    start = time.perf_counter()
    play(scenario, 0, 0, 1)
    stamp = _stamp(scenario.spec)
    if stamp is not None:
        try:
            (_cache(scenario.spec) / STAMP).write_text(stamp)
        except OSError:  # a read-only install: the next run checks again
            pass
    return time.perf_counter() - start


def compile_game(game_id: str) -> float:
    """Compile one game's kernels on a one-game scenario of its own (the kernels serve every scenario)."""
    from balance.scenario import from_dict

    spec = get_game(game_id)
    scenario = from_dict({"game": spec.id, "players": spec.bench_players or spec.min_players, "games": 1,
                          "name": f"warmup-{spec.id}"}, f"warmup {spec.id}")
    return compile_engine(scenario)


def warm_up(game_ids: list[str], jobs: int | None = None) -> dict[str, float | None]:
    """Compile the games that are not compiled yet, each in its own process, all at once.

    Returns game id -> seconds it took (None: it was compiled already).
    """
    import joblib

    todo = [g for g in game_ids if not compiled(get_game(g))]
    out: dict[str, float | None] = {g: None for g in game_ids}
    if todo:
        n_jobs = min(len(todo), jobs or joblib.cpu_count())
        seconds = joblib.Parallel(n_jobs=n_jobs)(joblib.delayed(compile_game)(g) for g in todo)
        out.update(zip(todo, seconds))
    return out
