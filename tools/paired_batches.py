"""Compare the speed of a game's kernel in two checkouts, batch against batch: a before/after claim that survives a
noisy machine (``docs/performance.md``)::

    git worktree add /tmp/before HEAD~1
    .venv/bin/python tools/paired_batches.py moongha-duel /tmp/before --pairs 160 --games 600

Each checkout plays in its own process (started once, its kernel compiled or loaded first); the two then play the
same batch of games in turn, A B, B A, ..., so that both meet the machine as it is at that moment, and the ratio of
their times is taken pair by pair.  A whole-process comparison (``farm-bench --vs``) pairs runs seconds apart; on a
shared machine whose speed drifts within seconds, a kernel's 5% is lost in that.  The median of the ratios is the
figure to quote, the quartiles its spread.

Usage: python tools/paired_batches.py GAME BEFORE_CHECKOUT [--pairs N] [--games N]  (A: this checkout)
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

WORKER = """
import sys, time
from balance.bench import bench_scenario
from balance.registry import get_game
from balance.sim.batch import play
scenario = bench_scenario(get_game(sys.argv[1]))
play(scenario, 0, 0, 10)
print("ready", flush=True)
for line in sys.stdin:
    first, n = map(int, line.split())
    start = time.perf_counter()
    play(scenario, 1, first, n)
    print(time.perf_counter() - start, flush=True)
"""


class Player:
    """One checkout's kernel in a process of its own, playing the batches it is asked for."""

    def __init__(self, checkout: Path, game: str):
        self.process = subprocess.Popen([sys.executable, "-c", WORKER, game], cwd=checkout, text=True,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        env={**os.environ, "PYTHONPATH": str(checkout)})
        if self.process.stdout.readline().strip() != "ready":
            raise SystemExit(f"{checkout}: the kernel did not start")

    def seconds(self, first: int, games: int) -> float:
        self.process.stdin.write(f"{first} {games}\n")
        self.process.stdin.flush()
        return float(self.process.stdout.readline())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("before", type=Path, help="the other checkout (B)")
    parser.add_argument("--pairs", type=int, default=100)
    parser.add_argument("--games", type=int, default=500, help="games a batch (about half a second of play)")
    args = parser.parse_args()

    a, b = Player(Path(__file__).resolve().parents[1], args.game), Player(args.before.resolve(), args.game)
    ratios, best_a, best_b = [], float("inf"), float("inf")
    for i in range(args.pairs):
        first = (i % 4) * args.games  # a few different batches, each played by both
        took = {player: player.seconds(first, args.games) for player in ((a, b) if i % 2 == 0 else (b, a))}
        ratios.append(took[a] / took[b])
        best_a, best_b = min(best_a, took[a]), min(best_b, took[b])
    low, _, high = statistics.quantiles(ratios, n=4)
    print(f"{args.game}: time A/B, median of {args.pairs} pairs {statistics.median(ratios):.3f} (quartiles "
          f"{low:.3f} to {high:.3f}); best batch A {args.games / best_a:,.0f} games/s, B {args.games / best_b:,.0f}")


if __name__ == "__main__":
    main()
