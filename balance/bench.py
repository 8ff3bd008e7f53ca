"""``balance bench``: games/s per core, speed-up over interpreted Python, parallel efficiency.

Per core: the game's kernel called in this process on equal batches of a few tenths of a second
each, for several seconds: the best batch (the code's speed) and the median one (what the machine's
other work left of it).  Interpreted: the same kernel with ``NUMBA_DISABLE_JIT=1`` in a subprocess,
on a small number of games.  Parallel: whole ``balance run``s (parquet parts and all) with
``--jobs 1`` and ``--jobs 2`` into a temporary folder, the worker start-up included.  The table names the
processor: a figure per core is that core's.
"""

from __future__ import annotations

import json
import math
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass

from rich.console import Console
from rich.table import Table

from balance.errors import BalanceError, option
from balance.registry import GameSpec
from balance.scenario import Scenario, from_dict
from balance.sim.batch import play
from balance.sim.runner import run

INTERPRETED_GAMES = 50
SECONDS = (0.1, 600.0)  # per measurement: shorter measures nothing, longer is not a benchmark


def check_seconds(seconds: float) -> None:
    """``seconds`` of play per measurement: a finite number from 0.1 to 600 (nan would never end)."""
    lo, hi = SECONDS
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not math.isfinite(seconds) \
            or not lo <= seconds <= hi:
        raise BalanceError(f"{option('seconds', seconds)}: expected a number of seconds from {lo:g} to {hi:g}")


def processor(cpuinfo: str, cores: int | None) -> str:
    """The processor as ``/proc/cpuinfo`` names it, its clock and the cores ('AMD EPYC, 2.6 GHz, 2 cores'): a figure
    per core is this core's, so it is quoted with it."""
    name = re.search(r"^model name\s*:\s*(.+)$", cpuinfo, re.M)
    mhz = re.search(r"^cpu MHz\s*:\s*([0-9.]+)", cpuinfo, re.M)
    parts = [name.group(1).strip() if name else platform.processor() or platform.machine() or "unknown processor"]
    if mhz:
        parts.append(f"{float(mhz.group(1)) / 1000:.1f} GHz")
    if cores:
        parts.append(f"{cores} cores")
    return ", ".join(parts)


def this_processor() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            cpuinfo = f.read()
    except OSError:  # not Linux
        cpuinfo = ""
    return processor(cpuinfo, os.cpu_count())


@dataclass
class BenchResult:
    game: str
    scenario: str
    processor: str
    per_core: float  # games/s, kernel only: the best batch
    per_core_median: float  # and the median batch
    interpreted: float  # games/s with NUMBA_DISABLE_JIT=1
    run_jobs1: float  # games/s through a whole run
    run_jobs2: float

    @property
    def speedup(self) -> float:
        return self.per_core / self.interpreted

    @property
    def efficiency(self) -> float:
        return self.run_jobs2 / (2 * self.run_jobs1)


def bench_scenario(spec: GameSpec, games: int = 1000) -> Scenario:
    players = spec.bench_players or spec.min_players
    return from_dict({"game": spec.id, "players": players, "games": games, "seed": 1, "name": f"bench-{spec.id}",
                      "seats": [{"policy": spec.bench_policy}] * players})


def kernel_rate(scenario: Scenario, seconds: float) -> tuple[float, float]:
    """Games/s of the kernel alone in this process (records to a polars frame included): the best and the
    median of equal batches of about a tenth of ``seconds`` each, played for 3 x ``seconds``.

    The best is the code's speed: other work on the machine (a busy neighbour on a shared core, in a VM)
    only ever slows a batch down, as ``timeit`` reasons; the median shows how much it did."""
    play(scenario, 0, 0, 10)  # compile or load the cache
    n = 100
    while True:
        t = time.perf_counter()
        play(scenario, 1, 0, n)
        if time.perf_counter() - t >= seconds / 10:
            break
        n *= 2
    rates = []
    budget = time.perf_counter() + 3 * seconds
    while time.perf_counter() < budget:
        t = time.perf_counter()
        play(scenario, 1, 0, n)
        rates.append(n / (time.perf_counter() - t))
    return max(rates), statistics.median(rates)


def interpreted_rate(scenario: Scenario, games: int = INTERPRETED_GAMES) -> float:
    code = (
        "import json, sys, time, warnings\n"
        "import numpy as np\n"
        "warnings.simplefilter('ignore')\n"
        "from balance.scenario import from_dict\n"
        "from balance.sim.batch import play\n"
        f"sc = from_dict(json.loads({json.dumps(json.dumps(_raw(scenario)))}))\n"
        "play(sc, 0, 0, 1)\n"
        "with np.errstate(all='ignore'):\n"
        "    t = time.perf_counter()\n"
        f"    play(sc, 1, 0, {games})\n"
        f"    print({games} / (time.perf_counter() - t))\n"
    )
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return float(out.stdout.strip().splitlines()[-1])


def _raw(scenario: Scenario) -> dict:
    return {"game": scenario.game, "players": scenario.players, "games": scenario.games, "seed": scenario.seed,
            "name": scenario.name, "seats": [{"policy": s.policy, "params": s.params} for s in scenario.seats]}


def run_rate(scenario: Scenario, games: int, jobs: int) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        result = run(scenario, games=games, jobs=jobs, out=f"{tmp}/run", progress=False)
        return games / result.meta["wall_seconds"]


def bench(spec: GameSpec, seconds: float = 3.0) -> BenchResult:
    check_seconds(seconds)
    scenario = bench_scenario(spec)
    per_core, per_core_median = kernel_rate(scenario, seconds)
    interpreted = interpreted_rate(scenario)
    # a run of about 2 x `seconds` on two cores: long enough that starting the workers (about a
    # second each: imports and loading the compiled kernels) is a small part of it, as in real use
    games = max(2_000, int(per_core * seconds * 4))
    from balance.report.fmt import players

    return BenchResult(spec.id, ", ".join(s.label for s in scenario.seats) + f" ({players(scenario.players)})",
                       this_processor(), per_core, per_core_median, interpreted, run_rate(scenario, games, 1),
                       run_rate(scenario, games, 2))


def print_bench(result: BenchResult, console: Console) -> None:
    table = Table(title=f"{result.game}: {result.scenario}", title_justify="left",
                  caption=f"on {result.processor}", caption_justify="left")
    table.add_column("measure")
    table.add_column("value", justify="right")
    table.add_row("games/s per core (kernel, best batch)", f"{result.per_core:,.0f}")
    table.add_row("games/s per core (kernel, median batch)", f"{result.per_core_median:,.0f}")
    table.add_row("games/s interpreted (NUMBA_DISABLE_JIT=1)", f"{result.interpreted:,.1f}")
    table.add_row("speed-up over interpreted", f"{result.speedup:,.0f}x")
    table.add_row("games/s, whole run, --jobs 1", f"{result.run_jobs1:,.0f}")
    table.add_row("games/s, whole run, --jobs 2", f"{result.run_jobs2:,.0f}")
    table.add_row("parallel efficiency of --jobs 2", f"{100 * result.efficiency:.0f}%")
    console.print(table)
