"""Hand-made positions for the rule tests: a fresh scripted state, pieces put on the board, scripted dice
and choices (``balance.kit.script``)."""

import numpy as np

from balance.games.moongha import engine
from balance.games.moongha.decisions import option_code, option_row
from balance.games.moongha.rules import CITIES, Rules
from balance.games.moongha.state import enter_board, reset
from balance.games.moongha.tables import TABLES
from balance.kit.rng import new_rng
from balance.kit.script import script_choices, script_dice, script_used

CITY = {name: i for i, name in enumerate(CITIES)}


def tables(players=4, rules=None):
    return TABLES.python(rules or Rules(), players)


def state(t):
    """A reset state for ``t`` (scripted dice and choices, its events logged), its random streams seeded with 0
    (``rng()``)."""
    s = engine.LAYOUT.new(traced=True)
    reset(s, t)
    seed(s, 0)
    return s


def seed(s, n):
    """Seed the state's dice, setup and policy streams from ``n``."""
    s.rng[:] = rng(n)
    s.setup_rng[:] = rng(n + 1)
    s.policies.rng[:] = rng(n + 2)


def fresh(players=4, rules=None):
    """(state, tables): supplies full, board empty, nothing in the Action boxes; scripted dice and choices."""
    t = tables(players, rules)
    return state(t), t


def rng(seed=0):
    """A generator state (to put into ``s.rng``)."""
    return new_rng(np.random.SeedSequence(seed))


def put(s, t, p, kind, city, hidden=False):
    """Put an available monster of ``kind`` of player ``p`` on the board; return its piece index."""
    i = engine.available_piece(s, t, p, kind)
    assert i >= 0, "no piece left"
    enter_board(s, t, p, i, CITY[city] if isinstance(city, str) else city, int(hidden))
    return i


def dice(s, *faces):
    """The next rolls show these faces."""
    script_dice(s, *faces)


def choices(s, *rows):
    """The next decisions take these options (rows of up to 4 integers, padded with 0)."""
    script_choices(s, *[option_code(*row) for row in rows])


def all_used(s):
    """Every scripted die was rolled, no die more, and every scripted choice taken."""
    return script_used(s)


def options(s, n):
    return [option_row(s, o) for o in range(n)]


def dice_rolled(s):
    """How many dice were rolled since the script was given (those past its end were random)."""
    return int(s.script.dice_at)


def choices_taken(s):
    """How many of the scripted choices were taken."""
    return int(s.script.choice_at)
