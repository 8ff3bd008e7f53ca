"""Balance metrics over a run's games: everything the report shows, from lazy polars queries.

Each distribution is kept as value counts (:class:`Histogram`), so memory depends on how many
distinct scores or lengths occur, never on how many games were played.  See ``docs/results.md``
for the definitions.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import polars as pl

from balance.analysis.choices import ChoiceColumn, choice_column, choice_query
from balance.analysis.sides import Side, has_sides, seat_roles, seat_tests, sides, spec_of
from balance.analysis.stats import (Difference, Estimate, Histogram, binomial_p, clustered_wilson, goodness_of_fit,
                                    holm, mean_interval, same_games_difference, wilson)
from balance.analysis.winners import WinnersColumn, what_winners_did
from balance.registry import readable
from balance.analysis.summary import (ENGINE, Summary, _counts, build_summary, length_query, lineup_query,
                                      strategy_seats)

TIMEOUT = "timeout"  # the end reason of a game stopped by the turn cap (the DESIGN's convention)
DECISIVENESS_BINS = 20  # histogram bins of width 0.05 over [0, 1]


@dataclass
class StrategyStats:
    """One strategy (a policy with its parameters) over every seat it played."""

    label: str
    played: int  # seats played: a game with the strategy at two seats counts twice
    wins: Estimate  # share of the seats played that won
    seat_played: list[int]  # per seat 1..n
    seat_wins: list[int]
    scores: Histogram
    fair: float = math.nan  # the rate its seats win on average (their roles' wins split evenly): what it should win
    roles: tuple[str, ...] = ()  # the roles of the seats it played
    p_holm: float = math.nan  # exact binomial test of its wins against its fair share, Holm-adjusted across strategies

    def seat_rate(self, seat: int) -> Estimate:
        return wilson(self.seat_wins[seat - 1], self.seat_played[seat - 1])


@dataclass
class HeadToHead:
    """Strategy A against strategy B over the games where both played (at different seats).

    ``share`` is A's share of the games that one of the two won: 50% when they are equally
    strong; in a two-player game it is A's win rate against B.  It counts meetings (a seat of A,
    a seat of B); a game where A or B holds two seats counts two meetings that end alike, so its
    interval counts games, not meetings (:func:`~balance.analysis.stats.clustered_wilson`).
    """

    meetings: int  # (game, seat of A, seat of B) triples
    a_wins: int
    b_wins: int
    share: Estimate


@dataclass
class ColumnStats:
    """Mean (95% t interval), spread and range of a numeric record column."""

    mean: Estimate
    std: float
    min: float
    max: float


@dataclass
class Analysis:
    """Every number of a run's report."""

    meta: dict[str, Any]
    summary: Summary
    players: int
    games: int
    decided: int
    fair_share: float
    rotate: bool
    seat_labels: list[str]  # the scenario's strategy at each seat (the first game's, with rotation)
    draws: Estimate  # no winner, not a timeout
    timeouts: Estimate
    turns: Histogram
    lead_changes: Histogram
    decisiveness: Estimate  # mean over decided games of 1 - winner_led_from / turns
    decisiveness_hist: Histogram  # bins of width 1/DECISIVENESS_BINS, by their lower edge
    late_lead: Estimate  # share of decided games whose winner took the lead for good in the last 10%
    margin: Histogram  # winner's score minus the best other score, decided games
    seat_scores: list[Histogram]
    strategies: dict[str, StrategyStats]
    head_to_head: dict[tuple[str, str], HeadToHead]
    first_vs_last: Difference  # seat 1's win rate minus the last seat's of its role (rates of the same games)
    seat_p_holm: list[float]  # per seat: exact binomial test against an even split of its role's wins, Holm-adjusted
    strategy_fairness: tuple[float, float]  # chi-square test that every strategy wins its fair share: (stat, p)
    seat_columns: dict[str, list[ColumnStats]]  # per-seat game column -> stats for seats 1..n
    strategy_columns: dict[str, dict[str, float]]  # per-seat column -> strategy -> mean
    game_columns: dict[str, ColumnStats]
    score_components: list[str] = field(default_factory=list)
    roles: list[str] = field(default_factory=list)  # each seat's role ("" for every seat of a game without roles)
    sides: list[Side] = field(default_factory=list)  # the seats of each role and their wins
    side_fairness: tuple[float, float] = (math.nan, math.nan)  # chi-square over the sides against their seats' share
    seat_fair: list[float] = field(default_factory=list)  # per seat: its role's wins split evenly, as a rate
    role_fairness: dict[str, tuple[float, float]] = field(default_factory=dict)  # chi-square over a role's seats
    winners: list[WinnersColumn] = field(default_factory=list)  # what winners did, per count and side
    choices: list[ChoiceColumn] = field(default_factory=list)  # who wins by choice (the monster played)
    column_labels: dict[str, str] = field(default_factory=dict)  # record column -> the words the report uses

    @property
    def seat_wins(self) -> list[Estimate]:
        return self.summary.seat_wins

    @property
    def labels(self) -> list[str]:
        """The distinct strategies, in seat order."""
        return list(self.strategies)

    @property
    def seat_spread(self) -> float:
        """Highest minus lowest seat win rate."""
        rates = [e.value for e in self.seat_wins]
        return max(rates) - min(rates)

    @property
    def has_sides(self) -> bool:
        """Whether the seats play fixed roles of more than one kind (Angry Monsters' monsters and human)."""
        return has_sides(self.roles)

    def role_seats(self, seat: int) -> list[int]:
        """The seats that play seat ``seat``'s role (every seat in a game without roles)."""
        role = self.roles[seat - 1] if self.roles else ""
        return [s for s in range(1, self.players + 1) if (self.roles[s - 1] if self.roles else "") == role]

    def side_of(self, seat: int) -> Side | None:
        return next((side for side in self.sides if seat in side.seats), None)

    def label(self, column: str) -> str:
        return self.column_labels.get(column) or readable(column)

    @property
    def rival_seat(self) -> int | None:
        """The seat that seat 1 is compared with: the last seat of its role (None when it plays its role alone)."""
        seats = self.role_seats(1)
        return seats[-1] if len(seats) > 1 else None

    @property
    def first_seat_advantage(self) -> Estimate:
        """Seat 1's win rate minus its fair share (its role's wins split evenly), with seat 1's interval;
        NaN when seat 1 plays its role alone (a rate of another role is no turn-order advantage)."""
        if self.rival_seat is None:
            return Estimate(math.nan, math.nan, math.nan)
        e, f = self.seat_wins[0], self.seat_fair[0] if self.seat_fair else self.fair_share
        return Estimate(e.value - f, e.lo - f, e.hi - f)

    @property
    def lead_changes_mean(self) -> Estimate:
        return self.lead_changes.mean_interval()

    @property
    def margin_mean(self) -> Estimate:
        return self.margin.mean_interval()


def _score(s: int) -> pl.Expr:
    return pl.col(f"score_{s}")


def analyse(games: pl.LazyFrame, meta: dict[str, Any]) -> Analysis:
    """All of a run's report numbers from a handful of grouped queries over the parquet parts."""
    sc = meta["scenario"]
    n = sc["players"]
    seats = range(1, n + 1)
    names = set(games.collect_schema().names())
    seat_cols = _seat_columns(meta, names)
    game_cols = _game_columns(meta, names)
    decided = pl.col("winner") >= 1
    winner_score = pl.coalesce(*[pl.when(pl.col("winner") == s).then(_score(s)) for s in seats])
    runner_up = pl.max_horizontal(*[pl.when(pl.col("winner") != s).then(_score(s)) for s in seats])
    decisiveness = 1 - pl.col("winner_led_from").cast(pl.Float64) / pl.col("turns").clip(lower_bound=1)
    dec_bin = (decisiveness * DECISIVENESS_BINS).floor().clip(0, DECISIVENESS_BINS - 1) / DECISIVENESS_BINS

    totals = games.select(
        decisiveness.filter(decided).mean().alias("dec_mean"),
        decisiveness.filter(decided).std().alias("dec_std"),
        (decisiveness.filter(decided) < 0.1).sum().alias("late_lead"),
        *[getattr(pl.col(f"{c}_{s}"), agg)().alias(f"{agg}:{c}_{s}")
          for c in seat_cols for s in seats for agg in ("std", "min", "max")],
        *[getattr(pl.col(c), agg)().alias(f"{agg}:{c}") for c in game_cols for agg in ("mean", "std", "min", "max")],
    )
    finishes = games.filter(decided).group_by(dec_bin.alias("decisiveness"), (winner_score - runner_up).alias("margin")
                                              ).agg(pl.len().alias("n"))
    scores = [games.group_by(pl.col(f"policy_{s}").alias("label"), _score(s).alias("value")).agg(pl.len().alias("n"))
              .with_columns(pl.col("label").cast(pl.String)) for s in seats]
    sums = [f"{c}_{s}" for c in seat_cols for s in seats]
    lineups, lengths, tot, fin, *score_c = pl.collect_all(
        [lineup_query(games, n, sums), length_query(games), totals, finishes, *scores], engine=ENGINE)
    summary = build_summary(lineups, lengths, meta)
    row = tot.row(0, named=True)
    games_n = summary.games
    decided_n = int(lineups.filter(pl.col("winner") >= 1)["n"].sum())
    seat_wins = [int(lineups.filter(pl.col("winner") == s)["n"].sum()) for s in seats]
    timeouts = int(lengths.filter(pl.col("end_reason") == TIMEOUT)["n"].sum())

    spec = spec_of(meta)
    roles = seat_roles(meta, spec)
    side_list, side_test = sides(seat_wins, games_n, roles, spec)
    within = seat_tests(seat_wins, games_n, roles)
    labels = list(dict.fromkeys(s["label"] for s in sc["seats"]))
    by_seat = strategy_seats(lineups, n)
    strategy_scores = pl.concat(score_c).group_by("label", "value").agg(pl.col("n").sum())
    strategies = {}
    for label in labels:
        played = [_lookup(by_seat, label, s, "played") for s in seats]
        wins = [_lookup(by_seat, label, s, "wins") for s in seats]
        rows = strategy_scores.filter(pl.col("label") == label)
        expected = sum(p * f for p, f in zip(played, within.fair) if p)
        strategies[label] = StrategyStats(label, sum(played), wilson(sum(wins), sum(played)), played, wins,
                                          Histogram.from_counts(rows["value"], rows["n"]),
                                          fair=expected / sum(played) if sum(played) else math.nan,
                                          roles=tuple(dict.fromkeys(roles[s - 1] for s in seats if played[s - 1])))
    strategy_fairness = _strategy_tests(strategies, decided_n)
    column_labels = {c: spec.label(c) for c in [*seat_cols, *game_cols]} if spec is not None else {}
    winners = what_winners_did(games, seat_cols, {side.name if len(side_list) > 1 else "": side.seats
                                                  for side in side_list},
                               {c: column_labels.get(c) or readable(c) for c in seat_cols})
    choices = _choices(games, spec, n, names)
    rival = next((s for s in reversed(seats) if s != 1 and roles[s - 1] == roles[0]), None)
    strategy_columns = {}
    for c in seat_cols:
        total = {lab: 0.0 for lab in labels}
        for s in seats:
            for lab, v in lineups.group_by(f"policy_{s}").agg(pl.col(f"{c}_{s}").sum()).iter_rows():
                total[lab] = total.get(lab, 0.0) + v
        strategy_columns[c] = {lab: v / strategies[lab].played for lab, v in total.items()
                               if lab in strategies and strategies[lab].played}
    seat_columns = {
        c: [ColumnStats(mean_interval(lineups[f"{c}_{s}"].sum() / games_n if games_n else math.nan,
                                      row[f"std:{c}_{s}"], games_n),
                        row[f"std:{c}_{s}"], row[f"min:{c}_{s}"], row[f"max:{c}_{s}"]) for s in seats]
        for c in seat_cols
    }
    game_columns = {
        c: ColumnStats(mean_interval(row[f"mean:{c}"], row[f"std:{c}"], games_n), row[f"std:{c}"],
                       row[f"min:{c}"], row[f"max:{c}"])
        for c in game_cols
    }
    return Analysis(
        meta=meta, summary=summary, players=n, games=games_n, decided=decided_n,
        fair_share=summary.fair_share, rotate=bool(sc.get("run", {}).get("rotate_seats")),
        seat_labels=[s["label"] for s in sc["seats"]],
        draws=wilson(games_n - decided_n - timeouts, games_n), timeouts=wilson(timeouts, games_n),
        turns=Histogram.from_counts(*_counts(lengths, "turns")),
        lead_changes=Histogram.from_counts(*_counts(lengths, "lead_changes")),
        decisiveness=mean_interval(_num(row["dec_mean"]), _num(row["dec_std"]), decided_n),
        decisiveness_hist=Histogram.from_counts(*_counts(fin, "decisiveness")),
        late_lead=wilson(row["late_lead"] or 0, decided_n),
        margin=Histogram.from_counts(*_counts(fin, "margin")),
        seat_scores=[Histogram.from_counts(f["value"], f["n"]) for f in
                     (c.group_by("value").agg(pl.col("n").sum()) for c in score_c)],
        strategies=strategies, head_to_head=_same_role(_head_to_head(lineups, n), strategies)
        if len(labels) > 1 else {},
        first_vs_last=same_games_difference(seat_wins[0], seat_wins[rival - 1], games_n) if rival else
        Difference(Estimate(math.nan, math.nan, math.nan), math.nan),
        seat_p_holm=within.p_holm,
        strategy_fairness=strategy_fairness,
        seat_columns=seat_columns, strategy_columns=strategy_columns, game_columns=game_columns,
        # a component no seat ever scored (the multiplayer scoring in a solo game) says nothing
        score_components=[c for c in meta.get("score_components", []) if c in seat_cols
                          and any(cs.min or cs.max for cs in seat_columns[c])],
        roles=roles, sides=side_list, side_fairness=side_test, seat_fair=within.fair, role_fairness=within.roles,
        winners=winners, choices=choices, column_labels=column_labels,
    )


def _choices(games: pl.LazyFrame, spec, players: int, names: set[str]) -> list[ChoiceColumn]:
    """Who wins by each choice the game records per seat (``GameSpec.seat_choices``)."""
    chosen = {c: values for c, values in (spec.seat_choices.items() if spec is not None and players > 1 else ())
              if all(f"{c}_{s}" in names for s in range(1, players + 1))}
    if not chosen:
        return []
    counts = pl.collect_all([choice_query(games, c, players) for c in chosen], engine=ENGINE)
    return [choice_column(c, spec.label(c), values, k) for (c, values), k in zip(chosen.items(), counts)]


def _same_role(pairs: dict[tuple[str, str], HeadToHead], strategies: dict[str, StrategyStats]):
    """The strategy pairs that played a role in common: a monster's strategy against the human's compares sides."""
    return {(a, b): h for (a, b), h in pairs.items() if set(strategies[a].roles) & set(strategies[b].roles)}


def _strategy_tests(strategies: dict[str, StrategyStats], decided: int) -> tuple[float, float]:
    """Whether the strategies win their fair shares: the chi-square test over all of them, and per strategy
    an exact binomial test (Holm-adjusted, stored in ``p_holm``).

    A strategy's fair share of the decided games is what its seats win on average: each decided game
    has one winning seat, and if no strategy is stronger, each seat is as likely as the other seats of
    its role to hold it (seat advantages average out when the strategies rotate through the seats).  In
    a game without roles that is the share of all seats it played; with roles (Angry Monsters), a
    monster strategy is judged against the monsters' wins and the human's against the human's, so a
    strategy is never called weak for the side it plays.  With roles the test is conservative: the
    roles' totals are fixed by the data, so it has fewer degrees of freedom than it counts.
    """
    played = {k: st for k, st in strategies.items() if st.played}
    if len(played) < 2 or not decided:
        return math.nan, math.nan
    wins = [sum(st.seat_wins) for st in played.values()]
    total = sum(st.played * st.fair for st in played.values())
    shares = [st.played * st.fair / total if total else 0.0 for st in played.values()]
    adjusted = holm([binomial_p(w, decided, share) if 0 < share < 1 else 1.0 for w, share in zip(wins, shares)])
    for st, q in zip(played.values(), adjusted):
        st.p_holm = q
    kept = [(w, share) for w, share in zip(wins, shares) if share > 0]
    return goodness_of_fit([w for w, _ in kept], [share for _, share in kept])


def _head_to_head(lineups: pl.DataFrame, players: int) -> dict[tuple[str, str], HeadToHead]:
    """Every ordered pair of different strategies that met, from the lineup counts.

    In a game where A holds ``m_a`` seats and B ``m_b``, they meet ``m_a * m_b`` times; when a seat
    of A wins, A wins the ``m_b`` meetings of that seat, and likewise for B.
    """
    rows: dict[tuple[str, str], list[tuple[int, int, int]]] = {}  # (a, b) -> [(a wins, b wins, games)]
    meetings: dict[tuple[str, str], int] = {}
    for row in lineups.iter_rows(named=True):
        labels = [row[f"policy_{s}"] for s in range(1, players + 1)]
        seats = {lab: labels.count(lab) for lab in labels}
        won = labels[row["winner"] - 1] if row["winner"] >= 1 else None
        for a in seats:
            for b in seats:
                if a != b:
                    meetings[a, b] = meetings.get((a, b), 0) + row["n"] * seats[a] * seats[b]
                    rows.setdefault((a, b), []).append(
                        (seats[b] if won == a else 0, seats[a] if won == b else 0, row["n"]))
    out = {}
    for pair, tally in rows.items():
        a_wins, b_wins, games = (np.array(x) for x in zip(*tally))
        out[pair] = HeadToHead(meetings[pair], int(a_wins @ games), int(b_wins @ games),
                               clustered_wilson(a_wins, a_wins + b_wins, games))
    return out


def _num(x) -> float:
    return math.nan if x is None else float(x)


def _lookup(frame: pl.DataFrame, label: str, seat: int, column: str) -> int:
    hit = frame.filter((pl.col("label") == label) & (pl.col("seat") == seat))[column]
    return int(hit.sum()) if hit.len() else 0


_spec = spec_of


def _seat_columns(meta: dict[str, Any], names: set[str]) -> list[str]:
    """The game's own per-seat columns (``name_1 .. name_n`` in the records)."""
    n = meta["scenario"]["players"]
    spec = _spec(meta)
    if spec is not None:
        return [c for c in spec.seat_columns if c not in spec.seat_choices
                and all(f"{c}_{s}" in names for s in range(1, n + 1))]
    common = {"score", "rank", "policy"}
    found = []
    for col in meta.get("columns", []):
        base, _, seat = col.rpartition("_")
        if seat == "1" and base not in common and all(f"{base}_{s}" in names for s in range(1, n + 1)):
            found.append(base)
    return found


def _game_columns(meta: dict[str, Any], names: set[str]) -> list[str]:
    """The game's own per-game columns: every record column that is neither common nor per seat, nor in a
    column group (a family the game's own report sections present)."""
    from balance.kit.columns import COMMON_COLUMNS

    spec = _spec(meta)
    if spec is not None:
        grouped = {m for _, members in spec.column_groups for m in members}
        return [c for c in spec.game_columns if c in names and c not in grouped]
    seat_cols = set(_seat_columns(meta, names))
    n = meta["scenario"]["players"]
    per_seat = {f"{c}_{s}" for c in [*seat_cols, "score", "rank", "policy"] for s in range(1, n + 1)}
    skip = {"game_index", "batch", *COMMON_COLUMNS, *per_seat}
    return [c for c in meta.get("columns", []) if c not in skip and c in names]
