"""Play a game's kernel for a while and name its compiled functions for Linux ``perf``: where a game's
time goes, function by function (``docs/performance.md``)::

    perf record -F 999 -o /tmp/perf.data -- .venv/bin/python tools/perf_map.py moongha-duel
    perf report -i /tmp/perf.data --sort sym | grep balance   # the rest is mostly the compiler at work

``perf`` shows numba's code as bare addresses; at the end this writes ``/tmp/perf-<pid>.map`` (the
format ``perf`` reads for code made at run time), one line per compiled function.  The kernels are
compiled afresh in a scratch cache (about as long as a first run): code loaded from numba's cache keeps
no list of its functions.  Functions inlined into their caller (``jit_inline``) count as the caller's.

Usage: python tools/perf_map.py GAME [--seconds S]
"""

from __future__ import annotations

import argparse
import atexit
import os
import shutil
import sys
import tempfile

os.environ["NUMBA_CACHE_DIR"] = tempfile.mkdtemp(prefix="perf-map-")  # before numba is imported
atexit.register(shutil.rmtree, os.environ["NUMBA_CACHE_DIR"], True)


def compiled_functions() -> dict[int, str]:
    """Address -> name of every function compiled in this process."""
    from numba.core.registry import CPUDispatcher

    names = {}
    for module in list(sys.modules.values()):
        if not (getattr(module, "__name__", "") or "").startswith("balance"):
            continue
        for obj in vars(module).values():
            if not isinstance(obj, CPUDispatcher):
                continue
            for result in obj.overloads.values():
                library = result.library
                for function in library.get_defined_functions():
                    address = library.get_pointer_to_function(function.name)
                    if address:
                        names[address] = function.name
    return names


def write_map(names: dict[int, str], path: str) -> None:
    """One ``start size name`` line per function; a function ends where the next one starts."""
    starts = sorted(names)
    with open(path, "w") as out:
        for i, start in enumerate(starts):
            size = starts[i + 1] - start if i + 1 < len(starts) and starts[i + 1] - start < 1 << 20 else 4096
            out.write(f"{start:x} {size:x} {names[start]}\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--seconds", type=float, default=8.0, help="seconds of play (after compiling)")
    args = parser.parse_args()

    from balance.bench import bench_scenario, kernel_rate
    from balance.registry import get_game

    scenario = bench_scenario(get_game(args.game))
    best, median = kernel_rate(scenario, args.seconds / 3)
    path = f"/tmp/perf-{os.getpid()}.map"
    names = compiled_functions()
    write_map(names, path)
    print(f"{args.game}: {best:,.0f} games/s per core (best batch, median {median:,.0f}); "
          f"{len(names)} compiled functions named in {path}")


if __name__ == "__main__":
    main()
