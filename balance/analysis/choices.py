"""Who wins by choice: the win rate of each value of a per-seat choice the game records (the monster a
seat plays, the faction it picks), with the tests that say whether the choice makes a difference.

A choice is a per-seat column named in ``GameSpec.seat_choices`` whose value k (from 1) is the k-th
name.  A seat that played the choice counts once per game; its rate is the share of those seats that
won, against the fair rate: the share of all seats that won, whatever they chose.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import polars as pl

from balance.analysis.stats import Estimate, binomial_p, holm, wilson


@dataclass
class Chosen:
    """One value of a choice: how many seats played it, how many of them won, their total score."""

    name: str
    seats: int
    wins: int
    score_sum: float
    p_holm: float = math.nan  # its wins against the fair rate (exact binomial test, Holm-adjusted over the values)

    @property
    def rate(self) -> Estimate:
        return wilson(self.wins, self.seats)

    @property
    def mean_score(self) -> float:
        return self.score_sum / self.seats if self.seats else math.nan


@dataclass
class ChoiceColumn:
    """A choice's values that some seat played, and the chi-square test of 'the choice makes no difference'."""

    column: str
    label: str
    values: list[Chosen]
    fair: float  # share of all seats that won
    p: float  # chi-square test of independence of the value and winning (nan with fewer than two values)


def choice_query(games: pl.LazyFrame, column: str, players: int) -> pl.LazyFrame:
    """(value, seats, wins, score): every seat of every game once, grouped by the value it chose."""
    per_seat = [games.select(pl.col(f"{column}_{s}").alias("value"), (pl.col("winner") == s).alias("won"),
                             pl.col(f"score_{s}").cast(pl.Float64).alias("score")) for s in range(1, players + 1)]
    return pl.concat(per_seat).group_by("value").agg(pl.len().alias("seats"), pl.col("won").sum().alias("wins"),
                                                     pl.col("score").sum())


def choice_column(column: str, label: str, names: tuple[str, ...], counts: pl.DataFrame) -> ChoiceColumn:
    """The statistics of one choice from its :func:`choice_query` counts."""
    from scipy.stats import chi2_contingency

    by_value = {int(v): (int(n), int(w), float(sc)) for v, n, w, sc in counts.iter_rows()}
    values = [Chosen(name, *by_value[k]) for k, name in enumerate(names, start=1) if k in by_value]
    seats, wins = sum(v.seats for v in values), sum(v.wins for v in values)
    fair = wins / seats if seats else math.nan
    p = math.nan
    if len(values) > 1 and 0 < wins < seats:
        p = float(chi2_contingency([[v.wins, v.seats - v.wins] for v in values], correction=False).pvalue)
    if 0 < fair < 1:
        for v, q in zip(values, holm([binomial_p(v.wins, v.seats, fair) for v in values])):
            v.p_holm = q
    return ChoiceColumn(column, label, values, fair, p)
