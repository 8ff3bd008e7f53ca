"""Intervals and tests: Wilson for proportions, Newcombe for differences of proportions, t for
means, order statistics for quantiles, chi-square for seat fairness.

Everything here works on counts (successes, trials, value counts), never on the games themselves,
so a run of any size is summarised from a few numbers polars computes over the parquet parts.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy import special  # the distribution functions; scipy.stats takes seconds to import

Z95 = 1.959963984540054  # the 97.5% quantile of the standard normal


@dataclass(frozen=True)
class Estimate:
    """A value with its 95% interval."""

    value: float
    lo: float
    hi: float

    @property
    def half_width(self) -> float:
        return (self.hi - self.lo) / 2

    def excludes(self, x: float) -> bool:
        """True when ``x`` lies outside the interval (the difference is significant at 5%)."""
        return x < self.lo or x > self.hi

    def pct(self) -> str:
        """e.g. ``53.4% (53.3-53.5)``."""
        return f"{100 * self.value:.1f}% ({100 * self.lo:.1f}-{100 * self.hi:.1f})"


def wilson(successes: float, trials: int, z: float = Z95) -> Estimate:
    """Wilson score interval for a proportion (Wilson 1927; Newcombe 1998, method 3)."""
    if trials <= 0:
        return Estimate(math.nan, 0.0, 1.0)
    p = successes / trials
    z2 = z * z
    denom = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denom
    half = z * math.sqrt(max(0.0, p * (1 - p)) / trials + z2 / (4 * trials * trials)) / denom
    # rounding can put the bound a hair past p at 0 or n successes; the interval always holds p
    return Estimate(p, max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


@dataclass(frozen=True)
class Difference:
    """A difference of two proportions with its 95% interval and a two-sided z test."""

    estimate: Estimate
    z: float
    p_value: float


def two_proportions(x1: float, n1: int, x2: float, n2: int) -> Difference:
    """p1 - p2 with Newcombe's hybrid score interval (Newcombe 1998, method 10) and the pooled z test."""
    if n1 <= 0 or n2 <= 0:
        return Difference(Estimate(math.nan, math.nan, math.nan), math.nan, math.nan)
    a, b = wilson(x1, n1), wilson(x2, n2)
    d = a.value - b.value
    lo = d - math.sqrt((a.value - a.lo) ** 2 + (b.hi - b.value) ** 2)
    hi = d + math.sqrt((a.hi - a.value) ** 2 + (b.value - b.lo) ** 2)
    pooled = (x1 + x2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    if se == 0:
        z, p = 0.0, 1.0
    else:
        z = d / se
        p = float(2 * special.ndtr(-abs(z)))
    return Difference(Estimate(d, lo, hi), z, p)


def mean_interval(mean: float, std: float, n: int) -> Estimate:
    """Student-t interval for a mean from its sample standard deviation."""
    if n < 2 or std is None or not math.isfinite(std):
        return Estimate(mean if mean is not None else math.nan, math.nan, math.nan)
    half = float(special.stdtrit(n - 1, 0.975)) * std / math.sqrt(n)
    return Estimate(mean, mean - half, mean + half)


def seat_fairness(wins: list[int], games_with_winner: int) -> tuple[float, float]:
    """Chi-square test that every seat wins equally often: (statistic, p-value)."""
    if games_with_winner == 0 or len(wins) < 2:
        return math.nan, math.nan
    expected = sum(wins) / len(wins)
    statistic = sum((w - expected) ** 2 for w in wins) / expected
    return float(statistic), float(special.chdtrc(len(wins) - 1, statistic))


def binom_ppf(q: float, n: int, p: float) -> int:
    """The smallest k with P(Binomial(n, p) <= k) >= q (bisection on the exact CDF)."""
    lo, hi = 0, n
    while lo < hi:
        mid = (lo + hi) // 2
        if special.bdtr(mid, n, p) >= q:
            hi = mid
        else:
            lo = mid + 1
    return lo


@dataclass(frozen=True)
class Histogram:
    """A distribution as value counts: sorted distinct ``values`` and how often each occurred.

    Its size depends on the number of distinct values, never on the number of games.
    """

    values: np.ndarray
    counts: np.ndarray

    @classmethod
    def from_counts(cls, values, counts) -> "Histogram":
        values = np.asarray(values, dtype=float)
        counts = np.asarray(counts, dtype=np.int64)
        keep = ~np.isnan(values) & (counts > 0)
        values, counts = values[keep], counts[keep]
        order = np.argsort(values, kind="stable")
        return cls(values[order], counts[order])

    @property
    def n(self) -> int:
        return int(self.counts.sum())

    @property
    def mean(self) -> float:
        return float(np.dot(self.values, self.counts) / self.n) if self.n else math.nan

    @property
    def std(self) -> float:
        """Sample standard deviation (n - 1 in the denominator)."""
        if self.n < 2:
            return math.nan
        dev = self.values - self.mean
        return float(math.sqrt(np.dot(dev * dev, self.counts) / (self.n - 1)))

    def mean_interval(self) -> Estimate:
        return mean_interval(self.mean, self.std, self.n)

    @property
    def min(self) -> float:
        return float(self.values[0]) if self.n else math.nan

    @property
    def max(self) -> float:
        return float(self.values[-1]) if self.n else math.nan

    def order_statistic(self, rank: int) -> float:
        """The ``rank``-th smallest value (1-based), clipped to the sample."""
        cum = np.cumsum(self.counts)
        rank = min(max(rank, 1), self.n)
        return float(self.values[np.searchsorted(cum, rank)])

    def quantile(self, q: float) -> float:
        """The ``q`` quantile by the nearest-rank rule: the smallest value with at least q*n games at or below it."""
        if not self.n:
            return math.nan
        return self.order_statistic(math.ceil(q * self.n))

    def quantile_interval(self, q: float) -> Estimate:
        """Distribution-free 95% interval for the ``q`` quantile from two order statistics.

        The ranks come from the binomial(n, q) distribution (e.g. Campbell & Gardner 1988: for the
        median of 100 values, the 40th and 61st smallest).
        """
        if not self.n:
            return Estimate(math.nan, math.nan, math.nan)
        lo_rank = binom_ppf(0.025, self.n, q)
        hi_rank = binom_ppf(0.975, self.n, q) + 1
        return Estimate(self.quantile(q), self.order_statistic(lo_rank), self.order_statistic(hi_rank))

    def share(self, predicate) -> float:
        """Share of the games whose value satisfies ``predicate`` (a vectorised function of the values)."""
        return float(self.counts[predicate(self.values)].sum() / self.n) if self.n else math.nan
