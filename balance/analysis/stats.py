"""Intervals and tests: Wilson for proportions, Newcombe's paired interval for two rates of the same
games, t for means, order statistics for quantiles, chi-square and exact binomial tests for seat
fairness, Holm's adjustment across several tests.

Everything here works on counts (successes, trials, value counts), never on the games themselves,
so a run of any size is summarised from a few numbers polars computes over the parquet parts.
The distributions come from scipy.stats, imported on first use (it takes about a second to
import), so a worker that only plays games never loads it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy import special

Z95 = float(special.ndtri(0.975))  # the 97.5% quantile of the standard normal, 1.959964
ALPHA = 0.05  # the level of every test and flag (a 95% interval excludes what a 5% test rejects)


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


def wilson(successes: float, trials: float, z: float = Z95) -> Estimate:
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
    """A difference of two proportions with its 95% interval and a two-sided test that it is 0."""

    estimate: Estimate
    p_value: float


def paired_difference(both: int, first_only: int, second_only: int, neither: int) -> Difference:
    """p1 - p2 for two yes/no outcomes observed on the same trials (a paired 2x2 table).

    The interval is Newcombe's square-and-add interval for paired proportions (Newcombe 1998,
    Stat Med 17:2635, method 10): the two Wilson intervals combined with the outcomes' correlation,
    so two rates that move against each other get the wider interval they need.  The test is
    McNemar's exact test: ``first_only`` is Binomial(first_only + second_only, 1/2) when p1 = p2.
    """
    a, b, c, d = both, first_only, second_only, neither
    n = a + b + c + d
    if n <= 0:
        return Difference(Estimate(math.nan, math.nan, math.nan), math.nan)
    w1, w2 = wilson(a + b, n), wilson(a + c, n)
    p1, p2 = w1.value, w2.value
    # phi, the correlation of the two outcomes, with Newcombe's continuity correction of ad - bc
    margins = (a + b) * (c + d) * (a + c) * (b + d)
    ad_bc = a * d - b * c
    if margins == 0 or 0 <= ad_bc <= n / 2:
        phi = 0.0
    else:
        phi = (ad_bc - n / 2 if ad_bc > n / 2 else ad_bc) / math.sqrt(margins)
    lo1, hi1, lo2, hi2 = p1 - w1.lo, w1.hi - p1, p2 - w2.lo, w2.hi - p2
    delta = p1 - p2
    lo = delta - math.sqrt(max(0.0, lo1 ** 2 - 2 * phi * lo1 * hi2 + hi2 ** 2))
    hi = delta + math.sqrt(max(0.0, hi1 ** 2 - 2 * phi * hi1 * lo2 + lo2 ** 2))
    return Difference(Estimate(delta, max(-1.0, lo), min(1.0, hi)), binomial_p(b, b + c, 0.5))


def same_games_difference(x1: int, x2: int, n: int) -> Difference:
    """p1 - p2 for two rates of the same ``n`` games that no game counts for both (seat 1's wins and seat n's).

    Such rates are negatively correlated: var(p1 - p2) = (p1(1-p1) + p2(1-p2) + 2 p1 p2) / n, more
    than two independent samples' (√2 times the standard error with two players).  The test is the
    exact binomial test that x1 is half of x1 + x2.
    """
    return paired_difference(0, x1, x2, n - x1 - x2)


def binomial_p(successes: int, trials: int, p: float) -> float:
    """Two-sided exact binomial test that ``successes`` of ``trials`` come from rate ``p``."""
    if trials <= 0:
        return 1.0
    from scipy.stats import binomtest

    return float(binomtest(int(successes), int(trials), p).pvalue)


def normal_p(z: float) -> float:
    """Two-sided p-value of a standard normal statistic."""
    from scipy.stats import norm

    return float(2 * norm.sf(abs(z)))


def holm(p_values: list[float]) -> list[float]:
    """Holm's step-down adjusted p-values: reject every hypothesis whose adjusted p is below the level.

    The k-th smallest p is multiplied by (m - k + 1) and the results made non-decreasing, capped at 1
    (Holm 1979); the family-wise error rate then stays at the level however many tests there are.
    Written here rather than called from statsmodels (``multipletests(method="holm")``, which the tests
    check it against): statsmodels runs a full garbage collection on every Holm call, 0.2 s in a
    process holding a report, and a report makes two or more.
    """
    p = np.asarray(p_values, float)
    order = np.argsort(p, kind="stable")
    steps = p[order] * np.arange(len(p), 0, -1)
    adjusted = np.empty_like(p)
    adjusted[order] = np.minimum(1.0, np.maximum.accumulate(steps)) if len(p) else steps
    return adjusted.tolist()


def clustered_wilson(successes, trials, games) -> Estimate:
    """Wilson interval for sum(successes) / sum(trials) when one game may count several correlated trials.

    Row i stands for ``games[i]`` games that each count ``successes[i]`` of ``trials[i]`` trials (a
    strategy at two seats meets its rival twice in a game, and both meetings end the same way).  The
    interval is Wilson's on the effective number of trials: the trials divided by the design effect,
    the ratio's variance between games over the binomial variance (Korn & Graubard 1998).  When no
    game counts more than one trial, it is Wilson's interval on the trials themselves.
    """
    s, t, g = (np.asarray(x, float) for x in (successes, trials, games))
    total = float(np.dot(t, g))
    wins = float(np.dot(s, g))
    if total <= 0 or not (t > 1).any():
        return wilson(wins, int(round(total)))
    r = wins / total
    between_games = float(np.dot(g, (s - r * t) ** 2)) / total ** 2
    if not 0 < r < 1 or between_games <= 0:
        effective = float(g[t > 0].sum())  # every trial of a game ends alike: one trial per game
    else:
        effective = r * (1 - r) / between_games
    e = wilson(r * effective, effective)
    return Estimate(r, e.lo, e.hi)


def mean_interval(mean: float, std: float, n: int) -> Estimate:
    """Student-t interval for a mean from its sample standard deviation."""
    if n < 2 or std is None or not math.isfinite(std):
        return Estimate(mean if mean is not None else math.nan, math.nan, math.nan)
    half = float(special.stdtrit(n - 1, 0.975)) * std / math.sqrt(n)
    return Estimate(mean, mean - half, mean + half)


def seat_fairness(wins: list[int], games_with_winner: int) -> tuple[float, float]:
    """Chi-square test that every seat wins equally often: (statistic, p-value)."""
    return goodness_of_fit(wins, [1.0] * len(wins)) if games_with_winner else (math.nan, math.nan)


def goodness_of_fit(counts: list[int], weights: list[float]) -> tuple[float, float]:
    """Pearson's chi-square test that ``counts`` split in proportion to ``weights``: (statistic, p-value)."""
    total, weight = sum(counts), sum(weights)
    if total == 0 or len(counts) < 2:
        return math.nan, math.nan
    from scipy.stats import chisquare

    result = chisquare(counts, [total * w / weight for w in weights])
    return float(result.statistic), float(result.pvalue)


def binom_ppf(q: float, n: int, p: float) -> int:
    """The smallest k with P(Binomial(n, p) <= k) >= q."""
    from scipy.stats import binom

    return int(binom.ppf(q, n, p))


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
