"""Pig's numbers."""

from dataclasses import dataclass

from balance.kit import Tables
from balance.rules import rule

SOURCE = "Neller & Presser, Optimal Play of the Dice Game Pig (2004), section 1"


@dataclass(frozen=True)
class Rules:
    target_score: int = rule(100, "Score a player must reach to win", rulebook=SOURCE, lo=2, hi=1000)
    die_sides: int = rule(6, "Faces on the die", rulebook=SOURCE, lo=2, hi=100)
    bust_face: int = rule(1, "Face that ends the turn and loses the turn total", rulebook=SOURCE, lo=1, hi=100)
    roll_before_holding: bool = rule(
        True, "A turn starts with a roll (no holding on a turn total of 0)",
        rulebook=SOURCE + ": 'each turn, a player repeatedly rolls a die until ...'")
    max_turns: int = rule(
        100_000, "Turn cap: a game still running after this many turns ends as a timeout",
        assumed="Pig always ends with a hold policy; the cap only stops pathological policies", lo=1,
        hi=10_000_000)

    def problems(self) -> list[str]:
        if self.bust_face > self.die_sides:
            return [f"bust_face {self.bust_face} is not a face of a {self.die_sides}-sided die"]
        return []


TABLES = Tables(Rules)
"""The kernel's rules record: ``t.target_score``, ``t.die_sides``, ``t.bust_face``, ``t.roll_before_holding``,
``t.max_turns`` and ``t.players``."""
