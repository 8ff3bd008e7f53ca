"""Intervals and tests against published values and hand calculations."""

import math

import numpy as np
import pytest

from balance.analysis.stats import (Histogram, binom_ppf, mean_interval, seat_fairness, two_proportions, wilson)


@pytest.mark.parametrize("successes, trials, lo, hi", [
    # Newcombe (1998), Two-sided confidence intervals for the single proportion, Stat Med 17:857, table I, method 3
    (81, 263, 0.2553, 0.3662),
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0, 0.1611),
    (1, 29, 0.0061, 0.1718),
])
def test_wilson_matches_newcombe_1998(successes, trials, lo, hi):
    e = wilson(successes, trials)
    assert e.value == pytest.approx(successes / trials)
    assert (round(e.lo, 4), round(e.hi, 4)) == (lo, hi)


def test_wilson_without_trials_is_uninformative():
    e = wilson(0, 0)
    assert math.isnan(e.value) and (e.lo, e.hi) == (0.0, 1.0)


@pytest.mark.parametrize("x1, n1, x2, n2, lo, hi", [
    # Newcombe (1998), Interval estimation for the difference between independent proportions,
    # Stat Med 17:873, table II, method 10 (score interval, no continuity correction)
    (56, 70, 48, 80, 0.0524, 0.3339),
    (9, 10, 3, 10, 0.1705, 0.8090),
    (5, 56, 0, 29, -0.0381, 0.1926),
])
def test_difference_interval_matches_newcombe_1998(x1, n1, x2, n2, lo, hi):
    d = two_proportions(x1, n1, x2, n2)
    assert d.estimate.value == pytest.approx(x1 / n1 - x2 / n2)
    assert (round(d.estimate.lo, 4), round(d.estimate.hi, 4)) == (lo, hi)


def test_two_proportion_z_test_by_hand():
    # pooled p = 104/150; se = sqrt(p(1-p)(1/70 + 1/80)); z = 0.2 / se
    pooled = 104 / 150
    z = 0.2 / math.sqrt(pooled * (1 - pooled) * (1 / 70 + 1 / 80))
    d = two_proportions(56, 70, 48, 80)
    assert d.z == pytest.approx(z)
    assert d.p_value == pytest.approx(math.erfc(z / math.sqrt(2)))
    assert two_proportions(5, 10, 5, 10).p_value == pytest.approx(1.0)


def test_seat_fairness_chi_square_on_constructed_counts():
    # (5² + 5² + 0 + 0) / 25 = 2 with 3 degrees of freedom; P(chi2_3 > 2) = 0.5724067 (tables)
    chi2, p = seat_fairness([30, 20, 25, 25], 100)
    assert chi2 == pytest.approx(2.0)
    assert p == pytest.approx(0.5724067, abs=1e-7)
    # one degree of freedom: chi2 = 4 is z = 2, p = erfc(sqrt(2))
    chi2, p = seat_fairness([60, 40], 100)
    assert (chi2, p) == (pytest.approx(4.0), pytest.approx(math.erfc(math.sqrt(2))))
    assert seat_fairness([25, 25, 25, 25], 100) == (0.0, pytest.approx(1.0))
    assert all(math.isnan(v) for v in seat_fairness([0, 0], 0))


def test_t_interval():
    # t(0.975, 24) = 2.0639 (tables): half width 2.0639 * 2 / 5
    e = mean_interval(10.0, 2.0, 25)
    assert e.half_width == pytest.approx(2.063899 * 2 / 5, rel=1e-6)
    assert math.isnan(mean_interval(1.0, 0.0, 1).lo)


def test_binomial_quantile_is_the_smallest_k_reaching_q():
    from scipy.special import bdtr

    for n, p in [(1, 0.5), (10, 0.5), (100, 0.5), (1000, 0.05), (37, 0.9)]:
        for q in (0.025, 0.5, 0.975):
            k = binom_ppf(q, n, p)
            assert bdtr(k, n, p) >= q and (k == 0 or bdtr(k - 1, n, p) < q)


def test_median_interval_matches_campbell_gardner_1988():
    # Campbell & Gardner (1988), BMJ 296:1454, table: for n = 100 the 95% interval of the median
    # runs from the 40th to the 61st smallest value
    h = Histogram.from_counts(np.arange(1, 101), np.ones(100))
    e = h.quantile_interval(0.5)
    assert (e.value, e.lo, e.hi) == (50, 40, 61)


def test_histogram_moments_and_quantiles_equal_the_expanded_sample():
    rng = np.random.default_rng(5)
    sample = rng.integers(-5, 40, 5_000)
    values, counts = np.unique(sample, return_counts=True)
    h = Histogram.from_counts(values[::-1], counts[::-1])  # any order in
    assert h.n == sample.size
    assert h.mean == pytest.approx(sample.mean())
    assert h.std == pytest.approx(sample.std(ddof=1))
    for q in (0.05, 0.25, 0.5, 0.9, 1.0):
        assert h.quantile(q) == np.quantile(sample, q, method="inverted_cdf")
    assert (h.min, h.max) == (sample.min(), sample.max())
    assert h.share(lambda v: v < 0) == pytest.approx((sample < 0).mean())
