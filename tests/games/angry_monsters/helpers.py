"""Small hand-drawn positions for the rule tests: a scripted state set up on an ASCII board, with scripted
dice and choices (``balance.kit.script``)."""

from dataclasses import replace

import numpy as np

from balance.games.angry_monsters import engine, policies
from balance.games.angry_monsters.decisions import option_code, option_fields
from balance.games.angry_monsters.rules import Rules
from balance.games.angry_monsters.tables import TABLES
from balance.kit.rng import new_rng
from balance.kit.script import script_choices, script_dice, script_used


def rng(seed=0):
    """A generator state (to put into one of the state's streams)."""
    return new_rng(np.random.SeedSequence(seed))


class Position:
    """The scripted state ``s`` set up on ``rows`` (monsters on the M squares in reading order, the others
    placed as the rules place them) and the tables ``t``."""

    def __init__(self, rows, players=3, **changes):
        meeples = sum(sum(int(ch) if ch.isdigit() else ch in "mw" for ch in row) for row in rows)
        self.rules = replace(Rules(), board=tuple(rows), meeples=max(meeples, 1), **changes)
        self.t = TABLES.python(self.rules, players)
        self.s = engine.LAYOUT.new(traced=True)
        self.seed(0)
        engine.set_up(self.s, self.t)
        self.width = len(rows[0])

    def seed(self, n):
        """Seed the state's dice, setup and policy streams from ``n``."""
        self.s.rng[:] = rng(n)
        self.s.setup_rng[:] = rng(n + 1)
        self.s.policies.rng[:] = rng(n + 2)

    def cell(self, r, c):
        return (r + 1) * (self.width + 2) + c + 1

    def seat(self, seat, policy, *params):
        """Seat ``seat`` plays ``policy`` with these parameters (the rest 0)."""
        self.s.policies.id[seat] = policy
        self.s.policies.param[seat] = 0.0
        self.s.policies.param[seat, :len(params)] = params

    def dice(self, *faces):
        """The next rolls show these faces."""
        script_dice(self.s, *faces)

    def choices(self, *options):
        """The next decisions take these options: (what, square[, meeple]) each."""
        script_choices(self.s, *[option_code(*o) for o in options])

    def all_used(self):
        return script_used(self.s)

    def options(self, n):
        """(what, square, meeple) of the first ``n`` options listed in ``s.options``."""
        return [option_fields(code) for code in self.s.options[:n]]

    @property
    def evac_dist(self):
        """Every square's cheapest meeple route to an evac site, as the policies read it."""
        return policies.routes(self.s, self.t)
