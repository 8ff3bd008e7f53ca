"""What winners did: for every per-seat count a game records, the winners against the rest and the
win rate by amount.

Nothing here knows a game: the counts are the GameSpec's ``seat_columns`` (a score component, pieces
created, rubble placed), read as ``name_1 .. name_n``.  For each role (every seat, in a game without
roles) and each count:

* **winners against the rest**: the mean count of the seats that won and of the seats of the same
  role that did not, each with its Student-t interval, and the difference with Welch's interval;
* **win rate by amount**: the seats grouped by how much of it they had (each amount, or ranges of
  about equal numbers of seats when there are many; the rare top amounts merge into "k+", rare bottom ones into the next group), and the
  share of each group that won, with its Wilson interval.

One grouped query per count and role gives value counts by (amount, won), so memory depends on the
number of distinct amounts, never on the number of games.  A count that is the same for every seat
of a role (the human never eats a meeple) says nothing about it and is left out.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import polars as pl

from balance.analysis.stats import Z95, Estimate, Histogram, wilson

MAX_AMOUNTS = 6  # groups of a count with many distinct values
RARE = 0.02  # top amounts held by fewer than this share of the seats merge into "k+"


@dataclass
class Amount:
    """Seats that had between ``lo`` and ``hi`` (inclusive; ``hi`` inf for "lo+") of a count."""

    label: str
    lo: float
    hi: float
    seats: int
    wins: int

    @property
    def rate(self) -> Estimate:
        return wilson(self.wins, self.seats)


@dataclass
class WinnersColumn:
    """One count, for the seats of one role."""

    column: str
    label: str
    side: str  # the role's seats ("the monsters"), "" in a game without roles
    winners: Histogram  # the count's values at the seats that won
    rest: Histogram  # ... at the other seats of the role
    amounts: list[Amount]
    base_rate: float  # share of the role's seats that won (the line a panel compares with)

    @property
    def difference(self) -> Estimate:
        """Winners' mean minus the rest's, with Welch's normal 95% interval."""
        w, r = self.winners, self.rest
        if w.n < 2 or r.n < 2:
            return Estimate(w.mean - r.mean, math.nan, math.nan)
        d = w.mean - r.mean
        se = math.sqrt(w.std ** 2 / w.n + r.std ** 2 / r.n)
        return Estimate(d, d - Z95 * se, d + Z95 * se)

    @property
    def effect(self) -> float:
        """The difference in pooled standard deviations: how sharply the count sets winners apart."""
        w, r = self.winners, self.rest
        pooled = Histogram(np.concatenate([w.values, r.values]), np.concatenate([w.counts, r.counts])).std
        d = self.difference.value
        return abs(d) / pooled if pooled and math.isfinite(pooled) and pooled > 0 else 0.0


def value_counts_query(games: pl.LazyFrame, column: str, seats: list[int]) -> pl.LazyFrame:
    """(value, won, n): the count's values at ``seats``, each seat of each game once."""
    return pl.concat([games.select(pl.col(f"{column}_{s}").cast(pl.Float64).alias("value"),
                                   (pl.col("winner") == s).alias("won")) for s in seats]
                     ).group_by("value", "won").agg(pl.len().alias("n"))


def amount_groups(values: np.ndarray, counts: np.ndarray) -> list[tuple[float, float]]:
    """(lo, hi) amounts grouped for the win-rate-by-amount panels (see the module docstring)."""
    order = np.argsort(values)
    values, counts = values[order], counts[order]
    total = counts.sum()
    if len(values) <= MAX_AMOUNTS:
        groups = [[v, v, c] for v, c in zip(values, counts)]
    else:  # ranges of about equal numbers of seats, cut where the cumulative share passes k / MAX_AMOUNTS
        cum = np.cumsum(counts) / total
        cuts = sorted({int(np.searchsorted(cum, k / MAX_AMOUNTS, side="left")) for k in range(1, MAX_AMOUNTS)})
        starts = sorted({0, *[c + 1 for c in cuts if c + 1 < len(values)]})
        groups = []
        for i, start in enumerate(starts):
            end = starts[i + 1] - 1 if i + 1 < len(starts) else len(values) - 1
            groups.append([values[start], values[end], counts[start:end + 1].sum()])
    while len(groups) > 2 and groups[-1][2] < RARE * total:  # the rare top amounts go together
        last = groups.pop()
        groups[-1] = [groups[-1][0], last[1], groups[-1][2] + last[2]]
    while len(groups) > 2 and groups[0][2] < RARE * total:  # and so do the rare bottom ones
        first = groups.pop(0)
        groups[0] = [first[0], groups[0][1], first[2] + groups[0][2]]
    merged_top = len(groups) and groups[-1][1] > groups[-1][0]
    out = [(lo, hi) for lo, hi, _ in groups]
    if merged_top and len(values) > 1:
        out[-1] = (out[-1][0], math.inf)
    return out


def _label(lo: float, hi: float) -> str:
    def f(x):
        return f"{x:g}"

    if hi == math.inf:
        return f"{f(lo)}+"
    return f(lo) if lo == hi else f"{f(lo)}–{f(hi)}"


def winners_column(column: str, label: str, side: str, counts: pl.DataFrame) -> WinnersColumn | None:
    """One count's statistics from its (value, won, n) counts; None when every seat had the same amount."""
    won = counts.filter(pl.col("won"))
    lost = counts.filter(~pl.col("won"))
    values = counts.group_by("value").agg(pl.col("n").sum()).sort("value")
    if values.height < 2:
        return None
    v, n = values["value"].to_numpy(), values["n"].to_numpy()
    amounts = []
    for lo, hi in amount_groups(v, n):
        inside = (pl.col("value") >= lo) & (pl.col("value") <= hi)
        seats = int(counts.filter(inside)["n"].sum())
        wins = int(won.filter(inside)["n"].sum())
        amounts.append(Amount(_label(lo, hi), lo, hi, seats, wins))
    total = int(n.sum())
    return WinnersColumn(column, label, side, Histogram.from_counts(won["value"], won["n"]),
                         Histogram.from_counts(lost["value"], lost["n"]), amounts,
                         int(won["n"].sum()) / total if total else math.nan)


def what_winners_did(games: pl.LazyFrame, columns: list[str], sides: dict[str, list[int]],
                     labels: dict[str, str]) -> list[WinnersColumn]:
    """Every count for every side ({side name: seats}), sorted by how sharply it sets the winners apart."""
    from balance.analysis.summary import ENGINE

    keys = [(c, side) for side in sides for c in columns]
    if not keys:
        return []
    results = pl.collect_all([value_counts_query(games, c, sides[side]) for c, side in keys], engine=ENGINE)
    out = [winners_column(c, labels.get(c, c), side, r) for (c, side), r in zip(keys, results)]
    return sorted((w for w in out if w is not None), key=lambda w: -w.effect)
