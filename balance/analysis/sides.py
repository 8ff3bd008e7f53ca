"""Sides and roles: fairness judged where it means something.

A game whose seats play fixed roles declares them (``GameSpec.roles``; Angry Monsters: every seat
but the last is a monster, the last the human).  The seats of one role form a side.  Each player
still plays to win alone, so:

* **between sides**, a side's fair share is its seats' share of the games with a winner (every
  player equally likely to win, whatever the role): the human of a three-player game should win a
  third of the decided games; a chi-square test over the sides and an exact binomial test per side
  (Holm-adjusted across the sides) say whether the difference is beyond the noise;
* **within a role**, the seats of the role share the role's wins equally (seat 1 and seat 2, both
  monsters, differ only by turn order): a chi-square test over the role's seats and an exact
  binomial test per seat against an even split, Holm-adjusted across every seat tested.

A game without roles is one side of every seat, and the within-role tests are the usual seat
fairness tests (every seat against the fair share).  Everything here works on win counts.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from balance.analysis.stats import Estimate, binomial_p, goodness_of_fit, holm, wilson


@dataclass
class Side:
    """The seats of one role and how often one of them won."""

    role: str
    name: str  # "the human", "the monsters"
    seats: list[int]  # seat numbers, from 1
    wins: int
    rate: Estimate  # wins / games
    fair: float  # its seats' share of the decided games, as a share of all games
    p_holm: float = math.nan  # exact binomial test of its wins against its seats' share, Holm-adjusted across sides


@dataclass
class SeatTests:
    """Within-role seat fairness: per seat the fair rate (its role's wins split evenly) and the
    Holm-adjusted binomial test; per role with two or more seats the chi-square test over its seats."""

    fair: list[float]  # per seat: its role's wins / seats of the role / games
    p_holm: list[float]  # per seat; NaN for a role with one seat
    roles: dict[str, tuple[float, float]]  # role -> (chi-square, p) over its seats, roles of 2+ seats


def spec_of(meta: dict[str, Any]):
    """The run's GameSpec, or None when the game is not registered here."""
    from balance.registry import games

    return games().get(meta["scenario"]["game"])


def seat_roles(meta: dict[str, Any], spec=None) -> list[str]:
    """Each seat's role, from the game's declaration ("" for every seat of a game without roles)."""
    n = meta["scenario"]["players"]
    spec = spec if spec is not None else spec_of(meta)
    return spec.seat_roles_of(n) if spec is not None else [""] * n


def groups(roles: list[str]) -> dict[str, list[int]]:
    """Role -> its seats (from 1), roles in the order of their first seat."""
    out: dict[str, list[int]] = {}
    for seat, role in enumerate(roles, start=1):
        out.setdefault(role, []).append(seat)
    return out


def side_name(role: str, seats: int, spec=None) -> str:
    if spec is not None and spec.roles is not None:
        return spec.roles.side(role, seats)
    return "every seat" if not role else (f"the {role}" if seats == 1 else f"the {role}s")


def has_sides(roles: list[str]) -> bool:
    return len(set(roles)) > 1


def sides(seat_wins: list[int], games: int, roles: list[str], spec=None) -> tuple[list[Side], tuple[float, float]]:
    """Every side's wins against its seats' share of the decided games, and the chi-square test over the sides;
    the sides with the fewest seats first."""
    n = len(roles)
    decided = sum(seat_wins)
    out = []
    for role, seats in groups(roles).items():
        wins = sum(seat_wins[s - 1] for s in seats)
        share = len(seats) / n
        out.append(Side(role, side_name(role, len(seats), spec), seats, wins, wilson(wins, games),
                        share * decided / games if games else math.nan,
                        binomial_p(wins, decided, share) if decided else math.nan))
    if len(out) > 1 and decided:
        for side, q in zip(out, holm([s.p_holm for s in out])):
            side.p_holm = q
        test = goodness_of_fit([s.wins for s in out], [len(s.seats) for s in out])
    else:
        test = (math.nan, math.nan)
    return sorted(out, key=lambda side: len(side.seats)), test  # the lone side first: "the human" before "the monsters"


def seat_tests(seat_wins: list[int], games: int, roles: list[str]) -> SeatTests:
    """Within each role, every seat against an even split of the role's wins."""
    fair = [math.nan] * len(roles)
    raw: dict[int, float] = {}
    tests = {}
    for role, seats in groups(roles).items():
        wins = [seat_wins[s - 1] for s in seats]
        total = sum(wins)
        for s in seats:
            fair[s - 1] = total / len(seats) / games if games else math.nan
        if len(seats) > 1:
            tests[role] = goodness_of_fit(wins, [1.0] * len(seats)) if total else (math.nan, math.nan)
            for s, w in zip(seats, wins):
                raw[s] = binomial_p(w, total, 1 / len(seats)) if total else 1.0
    p_holm = [math.nan] * len(roles)
    for s, q in zip(raw, holm(list(raw.values()))):
        p_holm[s - 1] = q
    return SeatTests(fair, p_holm, tests)
