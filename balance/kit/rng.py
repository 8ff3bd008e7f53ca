"""Random numbers: xoshiro256++ on a 4-word state array, and one set of streams per game.

Every game draws from streams of its own, derived from the run's seed and the game's index alone
(``seed_game``): the same seed gives the same games on any number of workers, and two variants of
a scenario (``balance compare``, ``sweep``, ``tune``) play each game index from the same start.
Within a game the draws are split by purpose, so that where a variant changes one kind of draw
the others stay paired:

- ``SETUP``: shuffles and deals before the first turn (the state's ``setup_rng``);
- ``DICE``: the dice and other random events of play (the state's ``rng``), reseeded at the start
  of every turn (``seed_turn``): a variant that rolls more or fewer dice in one turn leaves the
  dice of the next turns as they were;
- ``POLICY``: the strategies' own draws, the ``random`` policy's and broken ties (``policies.rng``).

An inlined generator, rather than numpy's ``Generator`` passed into the kernel, lets the compiler
keep a game's state in registers around each draw (measured about 1.5x faster on Pig).
"""

import numpy as np

from balance.kit.compile import jit_inline

SETUP, DICE, POLICY = range(3)
STREAMS = 3
_TO_UNIT = 1.0 / 9007199254740992.0  # 2**-53
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_TURN_STEP = np.uint64(0xD1B54A32D192ED03)


def run_key(seed: int) -> np.ndarray:
    """The run's key: one 64-bit word per stream, from ``SeedSequence(seed)``."""
    return np.random.SeedSequence(seed).generate_state(STREAMS + 1, np.uint64)


def new_rng(seed_seq: np.random.SeedSequence) -> np.ndarray:
    """A generator state from a ``SeedSequence`` (for tests and tools that draw outside a game)."""
    state = seed_seq.generate_state(4, np.uint64)
    if not state.any():  # the all-zero state is the generator's one fixed point
        state[0] = 1
    return state


@jit_inline
def _mix(z):
    """SplitMix64's finaliser: a bijective scramble of a 64-bit word."""
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@jit_inline
def stream_key(key, game, stream):
    """The 64-bit key of stream ``stream`` of game ``game`` under the run's ``key``."""
    return _mix(key[stream] ^ _mix(np.uint64(game) + _GOLDEN))


@jit_inline
def fill(rng, x):
    """Seed ``rng`` from the 64-bit ``x``: SplitMix64 fills the four words, as xoshiro's authors advise."""
    for i in range(4):
        x += _GOLDEN
        rng[i] = _mix(x)
    if rng[0] == 0 and rng[1] == 0 and rng[2] == 0 and rng[3] == 0:
        rng[0] = np.uint64(1)


@jit_inline
def seed_stream(rng, key, game, stream):
    """Seed ``rng`` with stream ``stream`` of game ``game`` under the run's ``key``."""
    fill(rng, stream_key(key, game, stream))


@jit_inline
def seed_turn(rng, game_key, turn):
    """Seed ``rng`` with the dice of turn ``turn`` of the game whose dice key is ``game_key``.

    The turns' start words are the game key plus a multiple of a second odd constant: two turns'
    SplitMix sequences would overlap only if the turns were ~2**60 apart, so no hash is needed (the
    seeding runs at every turn: Pig's take ~20% of its games' time)."""
    fill(rng, game_key + np.uint64(turn) * _TURN_STEP)


@jit_inline
def _rotl(x, k):
    return (x << np.uint64(k)) | (x >> np.uint64(64 - k))


@jit_inline
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


@jit_inline
def die(sides, rng):
    """One roll of a die with ``sides`` faces, 1..sides."""
    return np.int64(uniform(rng) * sides) + 1


@jit_inline
def below(n, rng):
    """A uniform integer in 0..n-1."""
    return np.int64(uniform(rng) * n)
