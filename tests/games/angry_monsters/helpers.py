"""Small hand-drawn positions for the rule tests: a state set up on an ASCII board."""

from dataclasses import replace

import numpy as np

from balance.games.angry_monsters import kernel_args
from balance.games.angry_monsters.board import land_distance
from balance.games.angry_monsters.engine import place_monsters
from balance.games.angry_monsters.moves import CROSS, W2, evac_distances
from balance.games.angry_monsters.rules import Rules
from balance.games.angry_monsters.state import new_state, reset
from balance.sim.dice import new_rng


class Position:
    """A state on ``rows`` (monsters on the M squares in reading order) and the kernel's arrays."""

    def __init__(self, rows, players=3, **changes):
        meeples = sum(sum(int(ch) if ch.isdigit() else ch in "mw" for ch in row) for row in rows)
        self.rules = replace(Rules(), board=tuple(rows), meeples=max(meeples, 1), **changes)
        (self.cfg, self.mix, self.cost, terrain, structure, counts, self.marks, self.king, self.rook, self.part_a,
         self.part_b) = kernel_args(self.rules, players, None, None)
        self.width = len(rows[0])
        n = terrain.shape[0]
        self.state = new_state(players, n, 60)
        land = np.zeros(n, np.int64)
        land_distance(terrain, self.cfg[W2], land, np.zeros(n, np.int64))
        reset(self.state, terrain, structure, counts, np.zeros(n, np.int64), land)
        evac_distances(self.state, self.cfg[CROSS], self.rook)
        place_monsters(self.state, players - 1, self.marks, new_rng(np.random.SeedSequence(0)))

    def cell(self, r, c):
        return (r + 1) * (self.width + 2) + c + 1

    @property
    def kernel(self):
        return self.cfg, self.cost, self.king, self.rook, self.part_a, self.part_b


