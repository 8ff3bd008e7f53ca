"""Each game's random streams: a function of the run's seed, the game's index and the stream alone."""

import numpy as np
from scipy import stats

from balance.kit.compile import jit
from balance.kit.rng import DICE, POLICY, SETUP, below, die, run_key, seed_stream


@jit
def first_draws(key, game, stream, n):
    rng = np.zeros(4, np.uint64)
    seed_stream(rng, key, game, stream)
    out = np.empty(n, np.int64)
    for i in range(n):
        out[i] = below(1 << 30, rng)
    return out


@jit
def faces(key, games, sides):
    rng = np.zeros(4, np.uint64)
    counts = np.zeros(sides, np.int64)
    for g in range(games):
        seed_stream(rng, key, g, DICE)
        counts[die(sides, rng) - 1] += 1
    return counts


def test_a_stream_depends_on_the_seed_the_game_and_the_purpose_only():
    key = run_key(7)
    a = first_draws(key, 12, DICE, 8)
    assert (a == first_draws(run_key(7), 12, DICE, 8)).all()
    others = [first_draws(key, 13, DICE, 8), first_draws(key, 12, SETUP, 8), first_draws(key, 12, POLICY, 8),
              first_draws(run_key(8), 12, DICE, 8)]
    assert all(not (a == b).any() for b in others)


def test_the_first_roll_of_consecutive_games_is_uniform():
    """A chi-square test of 60,000 first rolls (one per game index) against a fair d6, at the 0.1% level."""
    counts = faces(run_key(2026), 60_000, 6)
    assert stats.chisquare(counts).pvalue > 0.001
