"""Intervals and tests against published values and hand calculations."""

import math

import numpy as np
import pytest

from balance.analysis.stats import (Histogram, binom_ppf, binomial_p, clustered_wilson, holm, mean_interval, normal_p,
                                    paired_difference, same_games_difference, seat_fairness, wilson)


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


def test_paired_difference_matches_fagerland_lydersen_laake_2017():
    # Fagerland, Lydersen & Laake, Statistical Analysis of Contingency Tables (2017), chapter 8: complete
    # response before and after consolidation therapy (Cavo et al. 2012), table [[59, 6], [16, 80]]:
    # Newcombe's square-and-add interval -0.0621 (-0.1186 to -0.0046)
    d = paired_difference(59, 6, 16, 80)
    assert round(d.estimate.value, 4) == -0.0621
    assert (round(d.estimate.lo, 4), round(d.estimate.hi, 4)) == (-0.1186, -0.0046)
    # McNemar's exact test: 6 of the 22 discordant pairs; P = 2 P(Binomial(22, 1/2) <= 6)
    assert d.p_value == pytest.approx(2 * sum(math.comb(22, k) for k in range(7)) / 2 ** 22)


def test_two_seats_of_the_same_games_get_the_multinomial_variance():
    # var(p1 - p2) = (p1(1-p1) + p2(1-p2) + 2 p1 p2) / n for two cells of one multinomial; the interval
    # tends to 1.96 of its square root (here 1.96 * sqrt(0.73 / 10000) = 0.016746)
    d = same_games_difference(3_000, 2_000, 10_000)
    assert d.estimate.value == pytest.approx(0.1)
    assert d.estimate.half_width == pytest.approx(1.959964 * math.sqrt((0.21 + 0.16 + 0.12) / 10_000), rel=2e-3)
    # two players and no draw: p2 = 1 - p1, so the difference 2 p1 - 1 has 4 p1 (1 - p1) / n, √2 times the
    # variance two independent samples would give
    d = same_games_difference(5_347, 4_653, 10_000)
    assert d.estimate.half_width == pytest.approx(1.959964 * math.sqrt(4 * 0.5347 * 0.4653 / 10_000), rel=2e-3)
    # the test: seat 1 won 3 and seat 2 won 7 of the games either won; P = 2 P(Binomial(10, 1/2) <= 3) = 352/1024
    assert same_games_difference(3, 7, 12).p_value == pytest.approx(352 / 1024)
    assert same_games_difference(0, 0, 8).p_value == 1.0


def test_binomial_and_normal_tails_by_hand():
    assert binomial_p(3, 10, 0.5) == pytest.approx(352 / 1024)
    assert binomial_p(0, 0, 0.25) == 1.0
    # 4 of 4 at p = 1/4: no other outcome is as unlikely as 4 (pmf 1/256), so P = 1/256
    assert binomial_p(4, 4, 0.25) == pytest.approx(1 / 256)
    assert normal_p(1.959963984540054) == pytest.approx(0.05)
    assert normal_p(-1.0) == pytest.approx(math.erfc(1 / math.sqrt(2)))


def test_clustered_wilson_counts_games_not_meetings():
    # A holds one seat and B two: when A wins it wins both meetings (2 trials, 20 games), when B wins,
    # B wins the one meeting (30 games); 50 games are won by neither.  r = 40/70 = 4/7; the variance between
    # games, (20 (2 - 8/7)^2 + 30 (4/7)^2) / 70^2 = 1200 / 240100, is r (1 - r) / 49: 49 effective trials
    e = clustered_wilson([2, 0, 0], [2, 1, 0], [20, 30, 50])
    w = wilson(28, 49)
    assert e.value == pytest.approx(4 / 7) and (e.lo, e.hi) == (pytest.approx(w.lo), pytest.approx(w.hi))
    # one trial per game at most: Wilson's interval itself
    assert clustered_wilson([1, 0, 0], [1, 1, 0], [5, 3, 2]) == wilson(5, 8)


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


def test_holm_adjusted_p_values_by_hand():
    # Holm (1979): sorted 0.01, 0.03, 0.04, 0.5 are multiplied by 4, 3, 2, 1 and made non-decreasing:
    # 0.04, max(0.04, 0.09) = 0.09, max(0.09, 0.08) = 0.09, 0.5
    assert holm([0.01, 0.04, 0.03, 0.5]) == pytest.approx([0.04, 0.09, 0.09, 0.5])
    assert holm([0.001, 0.01, 0.02]) == pytest.approx([0.003, 0.02, 0.02])
    assert holm([0.6, 0.9]) == pytest.approx([1.0, 1.0]) and holm([]) == []


def test_holm_agrees_with_statsmodels():
    from statsmodels.stats.multitest import multipletests

    rng = np.random.default_rng(3)
    for m in (1, 2, 5, 40):
        p = rng.uniform(0, 0.2, m) ** 2
        p[: m // 3] = p[0]  # ties
        assert holm(p.tolist()) == pytest.approx(multipletests(p, method="holm")[1].tolist())
