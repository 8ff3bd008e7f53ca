"""The random numbers every kernel draws: xoshiro256++ on a 4-word state array.

A batch seeds the state from its ``SeedSequence`` child, so the same seed gives the same games on
any number of workers.  An inlined generator, rather than numpy's ``Generator`` passed into the
kernel, lets the compiler keep a game's state in registers around each draw; it measured about
1.5x faster on whole games of Pig here (see ``balance bench``).
"""

import numpy as np
from numba import njit

_TO_UNIT = 1.0 / 9007199254740992.0  # 2**-53


def new_rng(seed_seq: np.random.SeedSequence) -> np.ndarray:
    """The kernel's generator state for one batch."""
    state = seed_seq.generate_state(4, np.uint64)
    if not state.any():  # the all-zero state is the generator's one fixed point
        state[0] = 1
    return state


@njit(cache=True, inline="always")
def _rotl(x, k):
    return (x << np.uint64(k)) | (x >> np.uint64(64 - k))


@njit(cache=True, inline="always")
def uniform(rng):
    """A float in [0, 1) with 53 random bits."""
    s0, s1, s2, s3 = rng[0], rng[1], rng[2], rng[3]
    result = _rotl(s0 + s3, 23) + s0
    t = s1 << np.uint64(17)
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = _rotl(s3, 45)
    rng[0], rng[1], rng[2], rng[3] = s0, s1, s2, s3
    return (result >> np.uint64(11)) * _TO_UNIT


@njit(cache=True, inline="always")
def die(sides, rng):
    """One roll of a die with ``sides`` faces, 1..sides."""
    return np.int64(uniform(rng) * sides) + 1  # np.int64, not int(): see kernel.minimum


@njit(cache=True, inline="always")
def below(n, rng):
    """A uniform integer in 0..n-1."""
    return np.int64(uniform(rng) * n)
