"""Compile a game's kernel afresh and say where the compile time goes, function by function
(``docs/performance.md``, "Numba's cache and edits")::

    .venv/bin/python tools/compile_times.py moongha

Each line: the seconds spent compiling the function itself (its callees' compiles excluded), how many copies
were compiled, and how many of those for a constant argument (a literal: see the kit's ``variable``).  Read
from numba's compile events; the kernels compile in a scratch cache, so this takes as long as a first run.

Usage: python tools/compile_times.py GAME [--top N]
"""

from __future__ import annotations

import argparse
import atexit
import os
import shutil
import tempfile
import time
from collections import Counter

os.environ["NUMBA_CACHE_DIR"] = tempfile.mkdtemp(prefix="compile-times-")  # before numba is imported
atexit.register(shutil.rmtree, os.environ["NUMBA_CACHE_DIR"], True)


def function_name(event) -> str:
    py_func = getattr(event.data.get("dispatcher"), "py_func", None)
    return f"{py_func.__module__}.{py_func.__qualname__}" if py_func else "?"


def own_times(events) -> tuple[dict[str, float], Counter, Counter]:
    """Seconds each function's compiles took less its callees' (compiles nest), copies, copies for a literal."""
    own: dict[str, float] = {}
    copies, literal = Counter(), Counter()
    stack = []  # [name, start, seconds in callees]
    for stamp, event in events:
        if event.is_start:
            name = function_name(event)
            stack.append([name, stamp, 0.0])
            copies[name] += 1
            literal[name] += "Literal" in str(event.data.get("args"))
            continue
        name, start, callees = stack.pop()
        took = stamp - start
        own[name] = own.get(name, 0.0) + took - callees
        if stack:
            stack[-1][2] += took
    return own, copies, literal


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args()

    import warnings

    from numba.core import event

    from balance.bench import bench_scenario
    from balance.registry import get_game
    from balance.sim.batch import play

    warnings.simplefilter("ignore")
    scenario = bench_scenario(get_game(args.game))
    start = time.perf_counter()
    with event.install_recorder("numba:compile") as compiles:
        play(scenario, 0, 0, 2)
    own, copies, literal = own_times(compiles.buffer)
    print(f"{args.game}: compiled in {time.perf_counter() - start:,.0f} s")
    print("   own s  copies  literal  function")
    for name, seconds in sorted(own.items(), key=lambda kv: -kv[1])[:args.top]:
        print(f"{seconds:8.1f}  {copies[name]:6d}  {literal[name]:7d}  {name}")


if __name__ == "__main__":
    main()
