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


def mutants(game: str) -> list[dict]:
    path = ROOT / "tests" / "games" / game / "mutants.toml"
    listed = tomllib.loads(path.read_text())["mutant"]
    for m in listed:
        source = (ROOT / m["file"]).read_text()
        if source.count(m["find"]) != 1:
            raise SystemExit(f"{path}: {m['what']!r}: {m['find']!r} is in {m['file']} "
                             f"{source.count(m['find'])} times, not once; update the list")
    return listed


def plant(mutant: dict, game: str, tests: list[str]) -> tuple[dict, bool, float, str]:
    """Copy the package and the tests, plant the bug, run the game's tests; (mutant, killed, seconds, tail)."""
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="mutant-") as tmp:
        scratch = Path(tmp)
        for folder in ("balance", "tests"):
            shutil.copytree(ROOT / folder, scratch / folder,
                            ignore=shutil.ignore_patterns("__pycache__", "*.nbi", "*.nbc"))
        shutil.copy(ROOT / "pyproject.toml", scratch / "pyproject.toml")
        target = scratch / mutant["file"]
        target.write_text(target.read_text().replace(mutant["find"], mutant["replace"]))
        env = {**os.environ, "PYTHONPATH": str(scratch), "NUMBA_CACHE_DIR": str(scratch / ".numba")}
        done = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests],
                              cwd=scratch, env=env, capture_output=True, text=True)
        tail = (done.stdout + done.stderr).strip().splitlines()[-1:] or [""]
        return mutant, done.returncode != 0, time.monotonic() - start, tail[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="games (folders of tests/games); default: every game with a list")
    parser.add_argument("--jobs", type=int, default=2, help="bugs tested at once (default 2)")
    parser.add_argument("--only", default="", help="only the bugs whose description contains TEXT")
    args = parser.parse_args()
    games = args.games or sorted(p.parent.name for p in (ROOT / "tests" / "games").glob("*/mutants.toml"))
    total_killed = total = 0
    for game in games:
        listed = [m for m in mutants(game) if args.only.lower() in m["what"].lower()]
        tests = [f"tests/games/{game}"]
        print(f"{game}: {len(listed)} planted bugs, tests: {' '.join(tests)}", flush=True)
        survivors = []
        with ThreadPoolExecutor(args.jobs) as pool:
            # a bug planted in the kit is also up against the kit's own tests
            for mutant, killed, seconds, tail in pool.map(
                    lambda m: plant(m, game, tests + (["tests/kit"] if m["file"].startswith("balance/kit/") else [])),
                    listed):
                mark = "killed  " if killed else "SURVIVED"
                print(f"  {mark} {mutant['what']}  ({seconds:.0f} s: {tail})", flush=True)
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
