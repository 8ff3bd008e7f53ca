"""Play a game's kernel for a while and name its compiled functions for Linux ``perf``: where a game's
time goes, function by function (``docs/performance.md``)::

    perf record -F 999 -o /tmp/perf.data -- .venv/bin/python tools/perf_map.py moongha-duel
    perf report -i /tmp/perf.data --sort sym | grep balance   # the rest is mostly the compiler at work

``perf`` shows numba's code as bare addresses; at the end this writes ``/tmp/perf-<pid>.map`` (the
format ``perf`` reads for code made at run time), one line per compiled function.  The kernels are
compiled afresh in a scratch cache (about as long as a first run): code loaded from numba's cache keeps
no list of its functions.  Functions inlined into their caller (``jit_inline``) count as the caller's.

Instruction by instruction: ``--code DIR`` also writes each function's machine code to ``DIR/<start>.bin``, and
``--annotate NAME`` (after the run, with the map and ``perf.data``) prints the instructions of the function whose
name contains NAME with the most samples, disassembled by ``objdump``::

    perf record -F 1999 -o /tmp/perf.data -- .venv/bin/python tools/perf_map.py moongha-duel --code /tmp/code
    .venv/bin/python tools/perf_map.py --annotate act_value --map /tmp/perf-PID.map --code /tmp/code \
        --data /tmp/perf.data

Usage: python tools/perf_map.py GAME [--seconds S] [--code DIR]
       python tools/perf_map.py --annotate NAME --map MAP --code DIR --data PERF_DATA [--top N]
"""

from __future__ import annotations

import argparse
import atexit
import collections
import ctypes
import os
import shutil
import subprocess
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


def extents(names: dict[int, str]) -> list[tuple[int, int, str]]:
    """(start, size, name) of each function; a function ends where the next one starts."""
    starts = sorted(names)
    return [(start, starts[i + 1] - start if i + 1 < len(starts) and starts[i + 1] - start < 1 << 20 else 4096,
             names[start]) for i, start in enumerate(starts)]


def write_map(names: dict[int, str], path: str, code: str | None) -> None:
    """One ``start size name`` line per function; with ``code``, each function's bytes in ``code/<start>.bin``."""
    with open(path, "w") as out:
        for start, size, name in extents(names):
            out.write(f"{start:x} {size:x} {name}\n")
            if code:
                with open(os.path.join(code, f"{start:x}.bin"), "wb") as f:
                    f.write(ctypes.string_at(start, size))


def annotate(name: str, map_path: str, code: str, data: str, top: int) -> None:
    """The hottest instructions of the function whose name contains ``name`` (the one with the most samples)."""
    functions = [(int(a, 16), int(n, 16), f.strip()) for a, n, f in (line.split(None, 2) for line in open(map_path))]
    script = subprocess.run(["perf", "script", "-i", data, "-F", "ip"], capture_output=True, text=True).stdout
    ips = collections.Counter(int(line, 16) for line in script.split())
    matching = [f for f in functions if name in f[2]]
    if not matching:
        sys.exit(f"no compiled function named like {name!r} in {map_path}")
    start, size, full = max(matching, key=lambda f: sum(c for ip, c in ips.items() if f[0] <= ip < f[0] + f[1]))
    hits = {ip - start: c for ip, c in ips.items() if start <= ip < start + size}
    listing = subprocess.run(["objdump", "-D", "-b", "binary", "-m", "i386:x86-64", "-M", "intel",
                              os.path.join(code, f"{start:x}.bin")], capture_output=True, text=True).stdout
    lines = {}
    for line in listing.splitlines():
        offset, _, rest = line.strip().partition(":")
        if rest and all(ch in "0123456789abcdef" for ch in offset):
            lines[int(offset, 16)] = rest.strip()
    total = sum(hits.values())
    print(f"{full}: {total} samples, {len(lines)} instructions")
    for offset, c in sorted(hits.items(), key=lambda h: -h[1])[:top]:
        print(f"{c:7d} {100 * c / total:5.1f}%  {offset:5x}  {lines.get(offset, '?')}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", nargs="?")
    parser.add_argument("--seconds", type=float, default=8.0, help="seconds of play (after compiling)")
    parser.add_argument("--code", help="write each function's machine code to this folder")
    parser.add_argument("--annotate", metavar="NAME", help="print the hottest instructions of this function")
    parser.add_argument("--map", help="the map a run wrote (--annotate)")
    parser.add_argument("--data", default="perf.data", help="perf's recording (--annotate)")
    parser.add_argument("--top", type=int, default=40, help="instructions to print (--annotate)")
    args = parser.parse_args()
    if args.annotate:
        if not (args.map and args.code):
            parser.error("--annotate needs the --map and the --code folder of a run")
        annotate(args.annotate, args.map, args.code, args.data, args.top)
        return
    if not args.game:
        parser.error("give a GAME to play, or --annotate NAME")
    if args.code:
        os.makedirs(args.code, exist_ok=True)

    from balance.bench import bench_scenario, kernel_rate
    from balance.registry import get_game

    scenario = bench_scenario(get_game(args.game))
    best, median = kernel_rate(scenario, args.seconds / 3)
    path = f"/tmp/perf-{os.getpid()}.map"
    names = compiled_functions()
    write_map(names, path, args.code)
    print(f"{args.game}: {best:,.0f} games/s per core (best batch, median {median:,.0f}); "
          f"{len(names)} compiled functions named in {path}")


if __name__ == "__main__":
    main()
