"""The numbers a run's summary and report start from, computed lazily over the parquet parts."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import polars as pl

from balance.analysis.stats import Estimate, mean_interval, seat_fairness, wilson

LENGTH_QUANTILES = (0.05, 0.25, 0.5, 0.75, 0.95)


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


def summarise(games: pl.LazyFrame, meta: dict[str, Any]) -> Summary:
    players = meta["scenario"]["players"]
    labels = [s["label"] for s in meta["scenario"]["seats"]]
    seats = range(1, players + 1)
    totals = games.select(
        pl.len().alias("games"),
        *[(pl.col("winner") == s).sum().alias(f"wins_{s}") for s in seats],
        (pl.col("winner") < 0).sum().alias("no_winner"),
        pl.col("turns").mean().alias("mean"), pl.col("turns").std().alias("std"),
        pl.col("turns").min().alias("min"), pl.col("turns").max().alias("max"),
        *[pl.col("turns").quantile(q, "nearest").alias(f"q{q}") for q in LENGTH_QUANTILES],
    )
    by_strategy = [
        games.group_by(pl.col(f"policy_{s}").cast(pl.String).alias("label")).agg(
            pl.len().alias("played"), (pl.col("winner") == s).sum().alias("wins"))
        for s in seats
    ]
    reasons = games.group_by(pl.col("end_reason").cast(pl.String)).agg(pl.len().alias("n"))
    t, *strategy_frames, r = pl.collect_all([totals, *by_strategy, reasons])
    row = t.row(0, named=True)
    n = row["games"]
    strategies = pl.concat(strategy_frames).group_by("label").agg(pl.col("played").sum(), pl.col("wins").sum())
    strategy_wins = {}
    for label in dict.fromkeys(labels):
        match = strategies.filter(pl.col("label") == label)
        played, wins = (match["played"][0], match["wins"][0]) if match.height else (0, 0)
        strategy_wins[label] = (played, wilson(wins, played))
    wins = [row[f"wins_{s}"] for s in seats]
    chi2, p = seat_fairness(wins, n - row["no_winner"])
    return Summary(
        games=n, players=players,
        seat_wins=[wilson(w, n) for w in wins],
        strategy_wins=strategy_wins,
        no_winner=wilson(row["no_winner"], n),
        turns_mean=mean_interval(row["mean"], row["std"], n),
        turns_quantiles={q: row[f"q{q}"] for q in LENGTH_QUANTILES},
        turns_range=(row["min"], row["max"]),
        end_reasons=dict(sorted(zip(r["end_reason"], r["n"]), key=lambda kv: -kv[1])),
        fairness_chi2=chi2, fairness_p=p, meta=meta,
    )
