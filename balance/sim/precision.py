"""``--until-ci W``: play batches until every win rate's 95% interval is at most ±W.

The rule, applied to whole batches in index order (so the same seed stops at the same batch for
any ``--jobs``):

1. Size the batches from the width, not the cap: a rate of 1/2, the widest, needs
   ``n_W = Z² / (4 W²)`` games for a half-width of W (9,604 for ±1 point), so the batches are those
   of a run of ``min(cap, n_W)`` games (about n_W / 16 each, see ``runner.batch_size``).  The batch
   boundaries depend on the cap and W only, never on ``--jobs`` or the backend.
2. Play a first round of 4 batches (about a quarter of n_W).
3. After each round, compute the Wilson 95% half-width of every win rate the summary reports (each
   seat's, each strategy's).  Stop when the widest is at most W.
4. Otherwise plan the next round from the widest interval: half-widths shrink as 1/sqrt(games),
   so aim at ``games * (widest / W)**2`` games plus 10%, at least one more batch, and never past
   the cap (the run's number of games).  A run so stops within about 1.1 times the games it needs
   plus one batch (1/16 of n_W), whatever the cap.

The decision depends on the data only through the interval widths, that is through p(1-p) for
each rate, which hardly moves with the estimates themselves; the stopping adds no bias beyond
noise that the reported interval already covers (checked by ``tests/sim/test_precision.py``,
which measures the coverage of the final intervals over many runs against an exact value).
"""

from __future__ import annotations

import math

import polars as pl

from balance.analysis.stats import Z95, wilson

FIRST_ROUND = 4
MARGIN = 1.10


def win_rate_half_widths(games: pl.LazyFrame, players: int, labels: list[str]) -> tuple[int, list[float]]:
    """(games, half-width of every seat's and every strategy's win rate)."""
    seats = range(1, players + 1)
    plays = [pl.col(f"policy_{s}").cast(pl.String) for s in seats]
    row = games.select(
        pl.len().alias("n"),
        *[(pl.col("winner") == s).sum().alias(f"seat_{s}") for s in seats],
        *[pl.sum_horizontal(*[(plays[s - 1] == label).cast(pl.Int64) for s in seats]).sum().alias(f"plays_{i}")
          for i, label in enumerate(labels)],
        *[pl.sum_horizontal(*[((plays[s - 1] == label) & (pl.col("winner") == s)).cast(pl.Int64)
                              for s in seats]).sum().alias(f"wins_{i}") for i, label in enumerate(labels)],
    ).collect().row(0, named=True)
    n = row["n"]
    widths = [wilson(row[f"seat_{s}"], n).half_width for s in seats]
    widths += [wilson(row[f"wins_{i}"], row[f"plays_{i}"]).half_width for i in range(len(labels))]
    return n, widths


def planned_games(cap: int, half_width: float) -> int:
    """The number of games whose batches an ``--until-ci`` run plays: the cap, or fewer when a rate of 1/2
    reaches the half-width sooner."""
    return min(cap, math.ceil(Z95 * Z95 / (4 * half_width * half_width)))


class PrecisionRule:
    def __init__(self, half_width: float, total_batches: int):
        self.half_width = half_width
        self.total_batches = total_batches
        self.reached = False

    def describe(self) -> str:
        return (f"until every win rate's 95% Wilson half-width <= {self.half_width:g}: rounds of whole batches "
                f"in index order, batches sized from the half-width, first round {FIRST_ROUND} batches, next rounds "
                f"planned from the widest interval")

    def first_round(self) -> int:
        return min(FIRST_ROUND, self.total_batches)

    def next_target(self, games: pl.LazyFrame, meta: dict, target: int) -> int | None:
        """The number of batches to reach next, or None to stop."""
        sc = meta["scenario"]
        labels = list(dict.fromkeys(s["label"] for s in sc["seats"]))
        n, widths = win_rate_half_widths(games, sc["players"], labels)
        widest = max(widths)
        if widest <= self.half_width:
            self.reached = True
            return None
        if target >= self.total_batches:
            return None
        needed = n * (widest / self.half_width) ** 2 * MARGIN
        per_batch = n / target
        return min(self.total_batches, max(target + 1, math.ceil(needed / per_batch)))
