"""Plant one-line rules bugs in a scratch copy of the package, one at a time, and report those that
every test of the game lets through (``make mutants``; not part of CI: each bug recompiles the engine).

Each game lists its bugs beside its tests, in ``tests/games/<game>/mutants.toml``::

    [[mutant]]
    what = "a die hits on 5+ instead of 4+"   # the rules bug, in the rulebook's words
    file = "balance/games/moongha/engine.py"
    find = "if roll(s, 6) >= t.hit_on:"      # exactly once in the file
    replace = "if roll(s, 6) > t.hit_on:"

A bug is killed when the game's tests fail with it planted.  A ``find`` that is not in its file
exactly once is an error (the code changed: update the list).

Compiling an engine takes minutes (Moongha's up to half an hour on a loaded machine), so the list may
name test files quick enough to run with the engine interpreted (``NUMBA_DISABLE_JIT=1``, the same
Python the kernels compile from; the conformance suite checks they play the same games)::

    interpreted = ["test_rules.py", "test_flow.py::test_the_end"]  # files, or single tests

A bug those files catch is killed in seconds; the others are then up against every test of the game,
compiled.  The listed files must pass interpreted without a bug planted (checked first).

Usage: python tools/mutants.py [GAME ...] [--jobs N] [--only TEXT]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def mutants(game: str) -> tuple[list[dict], list[str]]:
    """The game's planted bugs, and its test files quick enough to run interpreted."""
    path = ROOT / "tests" / "games" / game / "mutants.toml"
    raw = tomllib.loads(path.read_text())
    listed = raw["mutant"]
    for m in listed:
        source = (ROOT / m["file"]).read_text()
        if source.count(m["find"]) != 1:
            raise SystemExit(f"{path}: {m['what']!r}: {m['find']!r} is in {m['file']} "
                             f"{source.count(m['find'])} times, not once; update the list")
    return listed, [f"tests/games/{game}/{name}" for name in raw.get("interpreted", [])]


def pytest(folder: Path, tests: list[str], interpreted: bool) -> tuple[bool, str]:
    """Run ``tests`` on the package in ``folder``: (passed, the last line pytest printed)."""
    env = {**os.environ, "PYTHONPATH": str(folder), "NUMBA_CACHE_DIR": str(folder / ".numba"),
           **({"NUMBA_DISABLE_JIT": "1"} if interpreted else {})}
    done = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests],
                          cwd=folder, env=env, capture_output=True, text=True)
    tail = (done.stdout + done.stderr).strip().splitlines()[-1:] or [""]
    if done.returncode not in (0, 1):  # 1: a test failed; anything else (an error collecting them...) kills nothing
        raise RuntimeError(f"pytest {' '.join(tests)} could not run the tests (exit {done.returncode}): {tail[0]}")
    return done.returncode == 0, tail[0]


def copy_package(scratch: Path) -> None:
    """The package, its tests and scenarios, without compiled caches, into ``scratch`` (to plant bugs in)."""
    for folder in ("balance", "tests", "scenarios"):
        shutil.copytree(ROOT / folder, scratch / folder, ignore=shutil.ignore_patterns("__pycache__", "*.nbi", "*.nbc"))
    shutil.copy(ROOT / "pyproject.toml", scratch / "pyproject.toml")


def plant(mutant: dict | None, tests: list[str], quick: list[str]) -> tuple[dict | None, str | None, float, str]:
    """Copy the package and the tests, plant the bug (None: none), run the ``quick`` tests interpreted, then, if
    they pass, ``tests`` compiled: (mutant, how it was killed: "interpreted", "compiled" or None, seconds, tail)."""
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="mutant-") as tmp:
        scratch = Path(tmp)
        copy_package(scratch)
        if mutant is not None:
            target = scratch / mutant["file"]
            target.write_text(target.read_text().replace(mutant["find"], mutant["replace"]))
        try:
            if quick:
                passed, tail = pytest(scratch, quick, interpreted=True)
                if not passed:
                    return mutant, "interpreted", time.monotonic() - start, tail
                if mutant is None:  # the baseline: the quick files pass interpreted
                    return mutant, None, time.monotonic() - start, tail
            passed, tail = pytest(scratch, tests, interpreted=False)
        except RuntimeError as e:  # not a kill: say so, and count the bug with the survivors
            return mutant, None, time.monotonic() - start, f"ERROR {e}"
        return mutant, None if passed else "compiled", time.monotonic() - start, tail


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="games (folders of tests/games); default: every game with a list")
    parser.add_argument("--jobs", type=int, default=2, help="bugs tested at once (default 2)")
    parser.add_argument("--only", default="", help="only the bugs whose description contains TEXT")
    args = parser.parse_args()
    games = args.games or sorted(p.parent.name for p in (ROOT / "tests" / "games").glob("*/mutants.toml"))
    total_killed = total = 0
    for game in games:
        planted, quick = mutants(game)
        listed = [m for m in planted if args.only.lower() in m["what"].lower()]
        tests = [f"tests/games/{game}"]
        print(f"{game}: {len(listed)} planted bugs, tests: {' '.join(tests)}"
              + (f" (first, interpreted: {' '.join(quick)})" if quick else ""), flush=True)
        if quick:
            _, failed, _, tail = plant(None, tests, quick)
            if failed or tail.startswith("ERROR"):
                raise SystemExit(f"{game}: {' '.join(quick)} fail interpreted with no bug planted ({tail}): "
                                 f"fix them or take them off the list's `interpreted`")
        survivors = []
        with ThreadPoolExecutor(args.jobs) as pool:
            # a bug planted in the kit is also up against the kit's own tests
            for mutant, killed, seconds, tail in pool.map(
                    lambda m: plant(m, tests + (["tests/kit"] if m["file"].startswith("balance/kit/") else []), quick),
                    listed):
                mark = f"killed ({killed})" if killed else "SURVIVED"
                print(f"  {mark:<22} {mutant['what']}  ({seconds:.0f} s: {tail})", flush=True)
                if not killed:
                    survivors.append(mutant["what"])
        total += len(listed)
        total_killed += len(listed) - len(survivors)
        print(f"{game}: killed {len(listed) - len(survivors)} of {len(listed)}", flush=True)
    print(f"kill rate: {total_killed} of {total}")
    if total_killed < total:
        sys.exit(1)


if __name__ == "__main__":
    main()
