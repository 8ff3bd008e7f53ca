"""Intervals and tests: Wilson for proportions, t for means, chi-square for seat fairness."""

from __future__ import annotations

import math
from dataclasses import dataclass

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

    def pct(self) -> str:
        """e.g. ``53.4% (53.3-53.5)``."""
        return f"{100 * self.value:.1f}% ({100 * self.lo:.1f}-{100 * self.hi:.1f})"


def wilson(successes: int, trials: int, z: float = Z95) -> Estimate:
    """Wilson score interval for a proportion (Wilson 1927; Newcombe 1998, method 3)."""
    if trials <= 0:
        return Estimate(math.nan, 0.0, 1.0)
    p = successes / trials
    z2 = z * z
    denom = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denom
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(mean: float, std: float, n: int) -> Estimate:
    """Student-t interval for a mean from its sample standard deviation."""
    if n < 2 or not math.isfinite(std):
        return Estimate(mean, math.nan, math.nan)
    from scipy import stats  # imported here: scipy.stats costs a second at start-up

    half = stats.t.ppf(0.975, n - 1) * std / math.sqrt(n)
    return Estimate(mean, mean - half, mean + half)


def seat_fairness(wins: list[int], games_with_winner: int) -> tuple[float, float]:
    """Chi-square test that every seat wins equally often: (statistic, p-value)."""
    if games_with_winner == 0 or len(wins) < 2:
        return math.nan, math.nan
    from scipy import stats

    result = stats.chisquare(wins)
    return float(result.statistic), float(result.pvalue)
