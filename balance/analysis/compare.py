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

"Significant" says the difference is beyond the noise, not that it matters: with a million games a
+0.02-turn change in game length is significant.  So every metric also has a **minimum meaningful
effect** (:class:`MinEffect`; ``balance compare --min-effect``): by default 1 percentage point for a
rate and 2% of A's value for a mean (game length, lead changes, scores).  A difference is called a
change (higher or lower) only when it is significant *and* at least that large; a significant
difference smaller than it is reported as too small to matter, and a difference whose whole interval
lies within it as none.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import polars as pl

from balance.analysis.stats import ALPHA, Z95, Estimate, holm, normal_p
from balance.errors import BalanceError


@dataclass(frozen=True)
class MinEffect:
    """The smallest difference that matters: ``rates`` in proportion (0.01 = 1 percentage point),
    ``means`` relative to A's value (0.02 = 2%), and ``metrics`` by name, in the metric's own units."""

    rates: float = 0.01
    means: float = 0.02
    metrics: tuple[tuple[str, float], ...] = ()

    def of(self, metric: str, rate: bool, a: float) -> float:
        """The minimum effect of one metric, in its own units (a rate's in proportion)."""
        named = dict(self.metrics)
        if metric in named:
            return named[metric]
        return self.rates if rate else self.means * abs(a) if a is not None and math.isfinite(a) else math.nan

    def describe(self) -> str:
        named = "".join(f"; {k}: {v:g}" for k, v in self.metrics)
        points = 100 * self.rates
        return (f"rates ±{points:g} percentage point{'' if points == 1 else 's'}, means ±{100 * self.means:g}% of "
                f"A's value{named}")


MIN_EFFECT_KEYS = ("rates", "means")
MIN_GAMES = 30  # in each run: fewer make the normal approximation of the intervals and p-values meaningless


def parse_min_effect(texts: list[str] | None, metrics: list[str] = ()) -> MinEffect:
    """``["rates=0.02", "means=0.05", "game length (turns)=0.5"]`` -> MinEffect; one line per bad entry."""
    values: dict[str, float] = {}
    problems = []
    for text in texts or []:
        key, sep, raw = (part.strip() for part in text.partition("="))
        try:
            value = float(raw)
        except ValueError:
            value = math.nan
        if not sep or not key or not (math.isfinite(value) and value >= 0):
            problems.append(f"--min-effect {text!r}: expected KEY=VALUE with a number of at least 0, e.g. rates=0.01 "
                            f"(1 point), means=0.02 (2% of A's value) or 'game length (turns)=0.5'")
        elif key not in MIN_EFFECT_KEYS and metrics and key not in metrics:
            problems.append(f"--min-effect {text!r}: unknown key {key!r}; allowed: {', '.join(MIN_EFFECT_KEYS)} or a "
                            f"metric: {', '.join(metrics)}")
        else:
            values[key] = value
    if problems:
        raise BalanceError(*problems)
    defaults = MinEffect()
    return MinEffect(values.pop("rates", defaults.rates), values.pop("means", defaults.means), tuple(values.items()))


@dataclass(frozen=True)
class Difference:
    metric: str
    a: float
    b: float
    diff: Estimate  # B - A with its 95% interval
    p: float
    p_holm: float = math.nan  # adjusted across every metric of the comparison
    min_effect: float = 0.0  # the smallest difference that matters, in the metric's units

    @property
    def significant(self) -> bool:
        """Beyond the noise: the Holm-adjusted p-value is below 0.05 (whatever the size)."""
        return self.p_holm < ALPHA

    @property
    def meaningful(self) -> bool:
        """Significant and at least the minimum effect: a change that matters."""
        return self.significant and abs(self.diff.value) >= self.min_effect

    @property
    def within_min_effect(self) -> bool:
        """The whole interval lies within ± the minimum effect: B plays like A on this metric."""
        return -self.min_effect < self.diff.lo and self.diff.hi < self.min_effect

    @property
    def verdict(self) -> str:
        way = "higher" if self.diff.value > 0 else "lower"
        if self.meaningful:
            return way
        if self.significant:
            return f"{way}, but by less than the minimum effect"
        if self.within_min_effect:
            return "no change that matters"
        return "not significant (the interval cannot rule out the minimum effect)"

    @property
    def short_verdict(self) -> str:
        """The verdict in a table cell: higher, lower, higher (< min), lower (< min), no change, unclear."""
        way = "higher" if self.diff.value > 0 else "lower"
        if self.meaningful:
            return way
        if self.significant:
            return f"{way}\u00a0(<\u00a0min)"  # no-break spaces: the cell wraps as one word
        return "no\u00a0change" if self.within_min_effect else "unclear"

    def words(self, percent: bool) -> str:
        fmt = (lambda x: f"{100 * x:.2f}%") if percent else (lambda x: f"{x:.3g}")
        fmt_d = (lambda x: f"{100 * x:+.2f} pts") if percent else (lambda x: f"{x:+.3g}")
        return (f"{self.metric}: {fmt(self.a)} -> {fmt(self.b)} ({fmt_d(self.diff.value)}, 95% "
                f"{fmt_d(self.diff.lo)} to {fmt_d(self.diff.hi)}; p = {self.p:.3g}, Holm-adjusted "
                f"{self.p_holm:.3g}; minimum effect ±{fmt_d(self.min_effect).lstrip('+')}): {self.verdict}")


@dataclass(frozen=True)
class Comparison:
    paired: bool
    games_a: int
    games_b: int
    differences: list[Difference]
    rates: set[str]  # metrics that are proportions (shown as percentages)
    min_effect: MinEffect = MinEffect()

    @property
    def significant(self) -> list[Difference]:
        """Differences beyond the noise (Holm-adjusted), large or not."""
        return [d for d in self.differences if d.significant]

    @property
    def meaningful(self) -> list[Difference]:
        """Differences beyond the noise and at least the minimum effect: what changed."""
        return [d for d in self.differences if d.meaningful]


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


def comparable(meta_a: dict, meta_b: dict) -> None:
    """Two runs of one game with as many players: their metrics (seat by seat) mean the same things."""
    sa, sb = meta_a["scenario"], meta_b["scenario"]
    for key, what in (("game", "game"), ("players", "number of players")):
        if sa.get(key) != sb.get(key):
            raise BalanceError(f"compare: A and B differ in their {what} ({sa.get(key)} and {sb.get(key)}); compare "
                               f"two runs of one game with as many players")


def can_pair(meta_a: dict, meta_b: dict) -> bool:
    return (meta_a["seed"] == meta_b["seed"] and meta_a["games"] == meta_b["games"]
            and meta_a["scenario"]["players"] == meta_b["scenario"]["players"])


def compare_frames(a: pl.LazyFrame, b: pl.LazyFrame, meta_a: dict, meta_b: dict,
                   min_effect: MinEffect = MinEffect()) -> Comparison:
    """Every metric's difference B - A, paired game by game when the runs share their seeds."""
    comparable(meta_a, meta_b)
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
    if min(games_a, games_b) < MIN_GAMES:
        raise BalanceError(f"compare: {min(games_a, games_b):,} games is too few to tell a difference from chance; "
                           f"play at least {MIN_GAMES} games in each run")
    adjusted = holm([p for *_, p in rows])
    rates = {k for k, *_ in rows if k.endswith("rate")}
    differences = [Difference(k, va, vb, est, p, q, min_effect.of(k, k in rates, va))
                   for (k, va, vb, est, p), q in zip(rows, adjusted)]
    return Comparison(paired, games_a, games_b, differences, rates, min_effect)


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


def metric_names(meta: dict) -> list[str]:
    """Every metric a comparison of this run reports, by name (for ``--min-effect NAME=VALUE``)."""
    return [*metric_expressions(meta), *strategy_expressions(meta)]


def compare_runs(run_a, run_b, min_effect: MinEffect | None = None) -> Comparison:
    """Compare two run folders (``balance.open_run``)."""
    return compare_frames(run_a.games, run_b.games, run_a.meta, run_b.meta, min_effect or MinEffect())


def scenario_diff(meta_a: dict, meta_b: dict) -> list[tuple[str, str, str]]:
    """What differs between the two runs' scenarios and plans: (what, A's value, B's value), one row each."""
    def text(v) -> str:
        if v is None:
            return "–"
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, (list, tuple)):
            return "[" + ", ".join(text(x) for x in v) + "]"
        if isinstance(v, dict):
            return "{" + ", ".join(f"{k} = {text(x)}" for k, x in v.items()) + "}"
        return f"{v:,}" if isinstance(v, int) else str(v)

    sa, sb = meta_a["scenario"], meta_b["scenario"]
    rows = []
    for key in ("game", "players"):
        if sa.get(key) != sb.get(key):
            rows.append((key, text(sa.get(key)), text(sb.get(key))))
    for key in ("seed", "games", "batch_size"):
        if meta_a.get(key) != meta_b.get(key):
            rows.append((key, text(meta_a.get(key)), text(meta_b.get(key))))
    if sa.get("run", {}).get("rotate_seats") != sb.get("run", {}).get("rotate_seats"):
        rows.append(("run.rotate_seats", text(sa["run"].get("rotate_seats")), text(sb["run"].get("rotate_seats"))))
    seats_a, seats_b = sa.get("seats", []), sb.get("seats", [])
    for i in range(max(len(seats_a), len(seats_b))):
        a = seats_a[i] if i < len(seats_a) else {}
        b = seats_b[i] if i < len(seats_b) else {}
        if a.get("policy") != b.get("policy"):
            rows.append((f"seats.{i + 1}.policy", text(a.get("policy")), text(b.get("policy"))))
        pa, pb = a.get("params", {}), b.get("params", {})
        for k in dict.fromkeys([*pa, *pb]):
            if pa.get(k) != pb.get(k):
                rows.append((f"seats.{i + 1}.params.{k}", text(pa.get(k)), text(pb.get(k))))
    rules_a = {r["key"]: r["value"] for r in sa.get("rules", [])}
    rules_b = {r["key"]: r["value"] for r in sb.get("rules", [])}
    for k in dict.fromkeys([*rules_a, *rules_b]):
        if rules_a.get(k) != rules_b.get(k):
            rows.append((f"rules.{k}", text(rules_a.get(k)), text(rules_b.get(k))))
    return rows
