"""The numbers a run's summary and report start from, computed lazily over the parquet parts.

Two grouped queries carry the summary: games counted by lineup (the strategy at every seat) and
winner, and games counted by length and end reason.  Both results are small whatever the number
of games, and everything else (seat and strategy win rates, head-to-head records) is read off them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import polars as pl

from balance.analysis.stats import Estimate, Histogram, seat_fairness, wilson

LENGTH_QUANTILES = (0.05, 0.25, 0.5, 0.75, 0.95)
ENGINE = "streaming"  # polars engine: memory bounded by the number of groups, not of games


@dataclass
class Summary:
    games: int
    players: int
    seat_wins: list[Estimate]
    strategy_wins: dict[str, tuple[int, Estimate]]  # label -> (seats played, win rate)
    no_winner: Estimate
    turns_mean: Estimate
    turns_quantiles: dict[float, float]
    turns_range: tuple[int, int]
    end_reasons: dict[str, int]
    fairness_chi2: float
    fairness_p: float
    meta: dict[str, Any] = field(default_factory=dict)

    @property
    def fair_share(self) -> float:
        """The win rate every seat would have if the decided games were split evenly."""
        return (1 - self.no_winner.value) / self.players if self.games else float("nan")


def lineup_query(games: pl.LazyFrame, players: int, sums: list[str] = ()) -> pl.LazyFrame:
    """Games counted by lineup (``policy_1 .. policy_n``) and ``winner``, with sums of ``sums`` columns."""
    policies = [f"policy_{s}" for s in range(1, players + 1)]
    # group by the Enum codes and name the strategies in the small result: casting first is slow
    return games.group_by(*policies, "winner").agg(
        pl.len().alias("n"), *[pl.col(c).cast(pl.Float64).sum() for c in sums]
    ).with_columns(pl.col(policies).cast(pl.String))


def length_query(games: pl.LazyFrame) -> pl.LazyFrame:
    """Games counted by ``turns``, ``end_reason`` and ``lead_changes``."""
    return games.group_by("turns", "end_reason", "lead_changes").agg(pl.len().alias("n")).with_columns(
        pl.col("end_reason").cast(pl.String))


def strategy_seats(lineups: pl.DataFrame, players: int) -> pl.DataFrame:
    """(label, seat, played, wins) from the lineup counts."""
    return pl.concat([
        lineups.group_by(pl.col(f"policy_{s}").alias("label")).agg(
            pl.col("n").sum().alias("played"), pl.col("n").filter(pl.col("winner") == s).sum().alias("wins"))
        .with_columns(pl.lit(s).alias("seat"))
        for s in range(1, players + 1)
    ]).select("label", "seat", "played", "wins")


def build_summary(lineups: pl.DataFrame, lengths: pl.DataFrame, meta: dict[str, Any]) -> Summary:
    players = meta["scenario"]["players"]
    labels = list(dict.fromkeys(s["label"] for s in meta["scenario"]["seats"]))
    seats = range(1, players + 1)
    n = int(lineups["n"].sum())
    wins = [int(lineups.filter(pl.col("winner") == s)["n"].sum()) for s in seats]
    no_winner = int(lineups.filter(pl.col("winner") < 1)["n"].sum())
    by_strategy = strategy_seats(lineups, players).group_by("label").agg(pl.col("played", "wins").sum())
    strategy_wins = {}
    for label in labels:
        match = by_strategy.filter(pl.col("label") == label)
        played, won = (int(match["played"][0]), int(match["wins"][0])) if match.height else (0, 0)
        strategy_wins[label] = (played, wilson(won, played))
    chi2, p = seat_fairness(wins, n - no_winner)
    turns = Histogram.from_counts(*_counts(lengths, "turns"))
    reasons = lengths.group_by("end_reason").agg(pl.col("n").sum())
    return Summary(
        games=n, players=players,
        seat_wins=[wilson(w, n) for w in wins],
        strategy_wins=strategy_wins,
        no_winner=wilson(no_winner, n),
        turns_mean=turns.mean_interval(),
        turns_quantiles={q: turns.quantile(q) for q in LENGTH_QUANTILES},
        turns_range=(int(turns.min), int(turns.max)) if turns.n else (0, 0),
        end_reasons=dict(sorted(zip(reasons["end_reason"], reasons["n"]), key=lambda kv: -kv[1])),
        fairness_chi2=chi2, fairness_p=p, meta=meta,
    )


def _counts(frame: pl.DataFrame, column: str):
    c = frame.group_by(column).agg(pl.col("n").sum())
    return c[column].to_numpy(), c["n"].to_numpy()


def summarise(games: pl.LazyFrame, meta: dict[str, Any]) -> Summary:
    """The terminal summary's numbers: two grouped queries over the parts."""
    players = meta["scenario"]["players"]
    lineups, lengths = pl.collect_all([lineup_query(games, players), length_query(games)], engine=ENGINE)
    return build_summary(lineups, lengths, meta)
