"""``balance compare``: is variant B really different from A?

Two runs of the same seed and number of games are compared game by game: the interval of each
difference comes from the per-game differences (B's game i minus A's game i), which is valid
whatever the two runs share and narrower when game i of A and of B are alike.  Every game draws its
own random streams from the seed and its index, with fresh dice for every turn (``balance.kit.rng``),
so game i of A and of B start alike and keep the same dice turn by turn after a decision that B
makes differently (see "what is paired" in ``docs/results.md``).  Runs that cannot be paired (other
seed, other number of games) are compared
as independent samples (Welch).  Each difference gets a 95% interval and a p-value; "significant"
means a Holm-adjusted p-value below 0.05 across all the metrics compared, so a long list of
metrics does not turn noise into findings.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import polars as pl

from balance.analysis.stats import ALPHA, Z95, Estimate, holm, normal_p


@dataclass(frozen=True)
class Difference:
    metric: str
    a: float
    b: float
    diff: Estimate  # B - A with its 95% interval
    p: float
    p_holm: float = math.nan  # adjusted across every metric of the comparison

    @property
    def significant(self) -> bool:
        return self.p_holm < ALPHA

    def words(self, percent: bool) -> str:
        fmt = (lambda x: f"{100 * x:.2f}%") if percent else (lambda x: f"{x:.3g}")
        fmt_d = (lambda x: f"{100 * x:+.2f} pts") if percent else (lambda x: f"{x:+.3g}")
        change = "significantly " + ("higher" if self.diff.value > 0 else "lower") if self.significant \
            else "no significant change"
        return (f"{self.metric}: {fmt(self.a)} -> {fmt(self.b)} ({fmt_d(self.diff.value)}, 95% "
                f"{fmt_d(self.diff.lo)} to {fmt_d(self.diff.hi)}; p = {self.p:.3g}): {change}")


@dataclass(frozen=True)
class Comparison:
    paired: bool
    games_a: int
    games_b: int
    differences: list[Difference]
    rates: set[str]  # metrics that are proportions (shown as percentages)

    @property
    def significant(self) -> list[Difference]:
        return [d for d in self.differences if d.significant]


def metric_expressions(meta: dict, suffix: str = "") -> dict[str, pl.Expr]:
    """One per-game value per metric: seat wins, no winner, game length, lead changes, scores.

    ``suffix`` names the columns of the second run in a joined frame (``winner_b``, ...).
    """
    def col(name: str) -> pl.Expr:
        return pl.col(name + suffix)

    players = meta["scenario"]["players"]
    seats = range(1, players + 1)
    metrics = {f"seat {s} win rate": (col("winner") == s).cast(pl.Float64) for s in seats}
    metrics["draw or timeout rate"] = (col("winner") < 0).cast(pl.Float64)
    metrics["game length (turns)"] = col("turns").cast(pl.Float64)
    metrics["lead changes per game"] = col("lead_changes").cast(pl.Float64)
    metrics.update({f"seat {s} mean score": col(f"score_{s}").cast(pl.Float64) for s in seats})
    return metrics


def strategy_expressions(meta: dict, suffix: str = "") -> dict[str, tuple[pl.Expr, pl.Expr]]:
    """Per strategy: (its wins in the game, the seats it played in the game)."""
    players = meta["scenario"]["players"]
    out = {}
    for label in dict.fromkeys(s["label"] for s in meta["scenario"]["seats"]):
        plays = [pl.col(f"policy_{s}{suffix}").cast(pl.String) == label for s in range(1, players + 1)]
        wins = [plays[s - 1] & (pl.col(f"winner{suffix}") == s) for s in range(1, players + 1)]
        out[f"strategy {label} win rate"] = (pl.sum_horizontal(*[w.cast(pl.Float64) for w in wins]),
                                             pl.sum_horizontal(*[p.cast(pl.Float64) for p in plays]))
    return out


def _estimate(diff: float, se: float) -> tuple[Estimate, float]:
    if se == 0 or not math.isfinite(se):
        return Estimate(diff, diff, diff), (1.0 if diff == 0 else 0.0)
    return Estimate(diff, diff - Z95 * se, diff + Z95 * se), normal_p(diff / se)


def can_pair(meta_a: dict, meta_b: dict) -> bool:
    return (meta_a["seed"] == meta_b["seed"] and meta_a["games"] == meta_b["games"]
            and meta_a["scenario"]["players"] == meta_b["scenario"]["players"])


def compare_frames(a: pl.LazyFrame, b: pl.LazyFrame, meta_a: dict, meta_b: dict) -> Comparison:
    """Every metric's difference B - A, paired game by game when the runs share their seeds."""
    metrics = metric_expressions(meta_a)
    strategies_b = strategy_expressions(meta_b)
    strategies = {k: v for k, v in strategy_expressions(meta_a).items() if k in strategies_b}
    if can_pair(meta_a, meta_b):
        rows, n = _paired(a, b, meta_b, metrics, strategies)
        games_a = games_b = n
        paired = True
    else:
        rows, games_a, games_b = _independent(a, b, metrics, strategies, strategies_b, meta_b)
        paired = False
    adjusted = holm([p for *_, p in rows])
    differences = [Difference(k, va, vb, est, p, q) for (k, va, vb, est, p), q in zip(rows, adjusted)]
    rates = {k for k, *_ in rows if k.endswith("rate")}
    return Comparison(paired, games_a, games_b, differences, rates)


def _paired(a, b, meta_b, metrics, strategies):
    on_b = metric_expressions(meta_b, "_b")
    strat_b = strategy_expressions(meta_b, "_b")
    products = {}  # per strategy: the sums of products a strategy's paired rates need (see _paired_rates)
    for k, (wa, pa) in strategies.items():
        wb, pb = strat_b[k]
        named = {"wa": wa, "pa": pa, "wb": wb, "pb": pb}
        for x, y in PRODUCTS:
            products[f"{x}{y}|{k}"] = (named[x] * named[y]).sum()
    stats = a.join(b, on="game_index", suffix="_b").select(
        pl.len().alias("n"),
        *[e.mean().alias(f"a|{k}") for k, e in metrics.items()],
        *[on_b[k].mean().alias(f"b|{k}") for k in metrics],
        *[(on_b[k] - e).mean().alias(f"d|{k}") for k, e in metrics.items()],
        *[(on_b[k] - e).std().alias(f"s|{k}") for k, e in metrics.items()],
        *[w.sum().alias(f"wa|{k}") for k, (w, _) in strategies.items()],
        *[strat_b[k][0].sum().alias(f"wb|{k}") for k in strategies],
        *[p.sum().alias(f"pa|{k}") for k, (_, p) in strategies.items()],
        *[strat_b[k][1].sum().alias(f"pb|{k}") for k in strategies],
        *[e.alias(name) for name, e in products.items()],
    ).collect().row(0, named=True)
    n = stats["n"]
    rows = []
    for k in metrics:
        est, p = _estimate(stats[f"d|{k}"], (stats[f"s|{k}"] or 0.0) / math.sqrt(n))
        rows.append((k, stats[f"a|{k}"], stats[f"b|{k}"], est, p))
    for k in strategies:
        rows.append((k, *_paired_rates({name.split("|")[0]: v for name, v in stats.items() if name.endswith(f"|{k}")},
                                       n)))
    return rows, n


PRODUCTS = [("wa", "wa"), ("wa", "pa"), ("pa", "pa"), ("wb", "wb"), ("wb", "pb"), ("pb", "pb"),
            ("wa", "wb"), ("wa", "pb"), ("pa", "wb"), ("pa", "pb")]


def _paired_rates(s: dict[str, float], n: int):
    """(A's rate, B's rate, B - A with its interval, p) for a strategy's win rate, paired game by game.

    A rate is wins / seats played, a ratio of two per-game sums; its paired difference has the
    per-game linearisation u = (wb - rb pb) / mean(pb) - (wa - ra pa) / mean(pa) (the delta
    method), whose variance comes from the sums of products ``s`` over the games.  With one seat per
    game it is the variance of the per-game difference of wins.
    """
    ra, rb = s["wa"] / s["pa"], s["wb"] / s["pb"]
    ma, mb = s["pa"] / n, s["pb"] / n
    sum_aa = s["wawa"] - 2 * ra * s["wapa"] + ra * ra * s["papa"]
    sum_bb = s["wbwb"] - 2 * rb * s["wbpb"] + rb * rb * s["pbpb"]
    sum_ab = s["wawb"] - rb * s["wapb"] - ra * s["pawb"] + ra * rb * s["papb"]
    sum_uu = max(0.0, sum_bb / mb ** 2 + sum_aa / ma ** 2 - 2 * sum_ab / (ma * mb))
    se = math.sqrt(sum_uu / (n * (n - 1))) if n > 1 else math.nan
    return (ra, rb, *_estimate(rb - ra, se))


def _independent(a, b, metrics, strategies, strategies_b, meta_b):
    metrics_b = metric_expressions(meta_b)

    def moments(frame, exprs, strats):
        return frame.select(
            pl.len().alias("n"),
            *[exprs[k].mean().alias(f"m|{k}") for k in metrics],
            *[exprs[k].var().alias(f"v|{k}") for k in metrics],
            *[strats[k][0].sum().alias(f"w|{k}") for k in strategies],
            *[strats[k][1].sum().alias(f"p|{k}") for k in strategies],
        )

    sa, sb = (f.row(0, named=True) for f in pl.collect_all([moments(a, metrics, strategies),
                                                              moments(b, metrics_b, strategies_b)]))
    rows = []
    for k in metrics:
        se = math.sqrt((sa[f"v|{k}"] or 0.0) / sa["n"] + (sb[f"v|{k}"] or 0.0) / sb["n"])
        rows.append((k, sa[f"m|{k}"], sb[f"m|{k}"], *_estimate(sb[f"m|{k}"] - sa[f"m|{k}"], se)))
    for k in strategies:
        ra, rb = sa[f"w|{k}"] / sa[f"p|{k}"], sb[f"w|{k}"] / sb[f"p|{k}"]
        se = math.sqrt(ra * (1 - ra) / sa[f"p|{k}"] + rb * (1 - rb) / sb[f"p|{k}"])
        rows.append((k, ra, rb, *_estimate(rb - ra, se)))
    return rows, sa["n"], sb["n"]


def compare_runs(run_a, run_b) -> Comparison:
    """Compare two run folders (``balance.open_run``)."""
    return compare_frames(run_a.games, run_b.games, run_a.meta, run_b.meta)
