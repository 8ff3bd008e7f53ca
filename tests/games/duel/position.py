"""Small hand-drawn positions for the two-player game's rule tests: a scripted state on an ASCII map,
with scripted dice and choices (``balance.kit.script``).

A test map marks the pieces where they stand: 1-5 the heroes (Joe, Arnie, Billy, Skull, Jade), and k
Kiddoo, s Shaggoo, b the Bloob, p Spectoor, d Drakoor, o Moogre, m Mechoor; # a building, % rubble,
. a street, J the jeep.  The pieces not drawn wait in a parking row below a wall of buildings, where
they see nothing and nobody sees them.
"""

from dataclasses import replace

import numpy as np

from balance.games.duel import engine
from balance.games.duel.decisions import FIRE, MOVE, PICK, option
from balance.games.duel.policies import RANDOM
from balance.games.duel.rules import Rules
from balance.games.duel.tables import TABLES
from balance.kit.rng import new_rng
from balance.kit.script import script_choices, script_dice, script_used

MARKS = "12345ksbpdom"  # the pieces in their order (heroes 0-4, monsters 5-11)
JOE, ARNIE, BILLY, SKULL, JADE, KIDDOO, SHAGGOO, BLOOB, SPECTOOR, DRAKOOR, MOOGRE, MECHOOR = range(12)


def rng(seed=0):
    return new_rng(np.random.SeedSequence(seed))


class Position:
    """The scripted state ``s`` on the map ``rows`` and the tables ``t``; the hands are empty and every
    hero's display is bare (``give`` puts counters on it)."""

    def __init__(self, rows, thick_lines=(), **changes):
        width = max(12, len(rows[0]))
        area = [row.ljust(width, ".") for row in rows]
        plain = ["".join("#" if ch == "#" else "J" if ch == "J" else "." for ch in row) for row in area]
        parking = "bbbbbrrrrrrr".ljust(width, ".")
        self.width = width
        self.rules = replace(Rules(), map=tuple(plain + ["#" * width, parking]), thick_lines=tuple(thick_lines),
                             **changes)
        self.t = TABLES.python(self.rules, 2)
        self.s = engine.LAYOUT.new(traced=True)
        self.s.rng[:] = rng(0)
        self.s.setup_rng[:] = rng(1)
        self.s.policies.rng[:] = rng(2)
        self.s.policies.id[:] = RANDOM
        engine.set_up(self.s, self.t)
        self.s.current_round = 1
        self.s.hand_n[:] = 0
        self.s.carry[:] = 0
        for r, row in enumerate(area):
            for c, ch in enumerate(row):
                if ch in MARKS:
                    self.put(MARKS.index(ch), r, c)
                elif ch == "%":
                    engine.place_rubble(self.s, self.t, self.cell(r, c))

    def cell(self, r, c):
        return r * self.width + c

    def put(self, piece, r, c):
        self.s.at[piece] = self.cell(r, c)
        if piece == BLOOB:
            self.s.bloob_at[0] = self.cell(r, c)

    def give(self, hero, *counters):
        """Counters (by index, ``decisions``) on a hero's display (or Kiddoo's, hero = 5)."""
        for k in counters:
            self.s.carry[hero, k] += 1

    def hand(self, side, *cards):
        """The side's hand: cards by their number in the deck (``rules.hero_deck``, ``monster_deck``)."""
        self.s.hand_n[side] = len(cards)
        self.s.hand[side, :len(cards)] = cards

    def card(self, side, text):
        """The number of the first card of the side's deck printed as ``text``."""
        deck = self.rules.hero_deck if side == 0 else self.rules.monster_deck
        return deck.index(text)

    def dice(self, *faces):
        script_dice(self.s, *faces)

    def choices(self, *codes):
        script_choices(self.s, *codes)

    def all_used(self):
        return script_used(self.s)

    def options(self, n):
        return list(self.s.options[:n])


def move(piece, square, mode=0):
    """The MOVE option of a piece to a square (mode 1: ending in the jeep; the Bloob's counter moved)."""
    return option(MOVE, piece, mode, square, -1)


def fire(piece, attack, square, target=-1):
    return option(FIRE, piece, attack, square, target)


def pick(square, piece=0, arg=0):
    """A PICK option: a square (placing, rubble), a card (``arg``: its place in the hand), a defender (``arg``: the
    attacker)."""
    return option(PICK, piece, arg, square, -1)
