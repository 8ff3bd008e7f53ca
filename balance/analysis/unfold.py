"""How games unfold: scores over time, the comeback curve and the seat advantage, step by step.

Read from the record's ``scores_by_turn`` column: for a sample of games (every ``[run] scores_by_turn``-th
game; null for the others) each seat's score after every turn the kernel scored
(``balance.kit.columns.score_turn``).  The game's GameSpec says what a step is and whether the seats'
scores say who is ahead (``timeline``: :class:`~balance.registry.Timeline`): a turn of the whole table
(Moongha), or a round of the seats' turns (Pig, Angry Monsters: the scores after the round's last turn,
or after the game's last turn in a round cut short).

Games of different lengths are treated so that every curve answers one question:

* **mean score over time** (by strategy) and the **seat advantage** (each seat's score minus the mean of
  the seats of its role, in the same game) carry a finished game's final score forward: after step t a
  game that ended at step 5 < t counts with its final score, so a curve ends at the mean final score
  and never jumps when short games drop out;
* the **comeback curve** counts only the games still being played at step t (that played step t): the
  share of those with a sole leader after step t whose leader goes on to win.  A game whose lead is
  shared after step t has no leader and is counted apart (the share of games tied for the lead); a
  draw or a timed-out game counts as a lead that did not win.

Each curve stops at the horizon: the step by which 99% of the sampled games had ended (and at most the
turns a timeline holds, ``TURN_SCORES``), so its end is not drawn from a handful of long games.

One pass over the parts: the sampled games' timelines are exploded to one row per game and step and
grouped by step (and strategy, seat); a game's final score joins the steps after it ended through a
cumulative sum over game lengths.  Every result is a small table by step, so memory depends on the
steps and strategies, not on the games, and the unsampled games (null) cost nothing but their scan.
Steps are called ``turn`` in the code's columns and arrays, whatever the game calls them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import polars as pl

from balance.analysis.stats import Estimate, mean_interval, wilson
from balance.analysis.summary import ENGINE
from balance.kit.columns import SCORES_BY_TURN, TURN_SCORES

HORIZON_SHARE = 0.99  # curves stop at the turn by which this share of the sampled games had ended
MIN_LEADS = 20  # a comeback point needs this many games with a sole leader


@dataclass
class Curve:
    """A mean by turn (turns 1..horizon) with its 95% Student-t interval and the observations behind it."""

    n: np.ndarray
    mean: np.ndarray
    lo: np.ndarray
    hi: np.ndarray

    def at(self, turn: int) -> Estimate:
        i = turn - 1
        return Estimate(float(self.mean[i]), float(self.lo[i]), float(self.hi[i]))


@dataclass
class Comeback:
    """After each turn (1..horizon), of the games still being played: how many, how many with the lead
    shared, and how many whose sole leader went on to win."""

    games: np.ndarray
    tied: np.ndarray
    leader_won: np.ndarray

    @property
    def led(self) -> np.ndarray:
        return self.games - self.tied

    def rate(self, turn: int) -> Estimate:
        """The share of the games with a sole leader after ``turn`` that the leader won, with its Wilson interval."""
        i = turn - 1
        return wilson(int(self.leader_won[i]), int(self.led[i]))

    def shown(self, turn: int) -> bool:
        """Whether the point has enough games with a sole leader to be drawn (``MIN_LEADS``)."""
        return self.led[turn - 1] >= MIN_LEADS


@dataclass
class Unfold:
    """Everything the report's "How games unfold" section shows."""

    step: str  # what one turn of the timeline is, in the game's words ("turn")
    note: str  # one sentence on it
    every: int  # every ``every``-th game kept its timeline (0: none)
    sampled: int  # games with a timeline
    horizon: int  # turns 1..horizon are shown
    lengths: np.ndarray  # lengths[t]: sampled games whose timeline has t turns, t = 0..TURN_SCORES
    scores: dict[tuple[str, str], Curve] = field(default_factory=dict)  # (role, strategy) -> mean score
    seat_gap: dict[int, Curve] = field(default_factory=dict)  # seat -> its score minus its role's mean
    comeback: Comeback | None = None  # None when the scores do not say who is ahead
    why_no_comeback: str = ""
    roles: list[str] = field(default_factory=list)  # each seat's role ("" in a game without roles)

    @property
    def turns(self) -> np.ndarray:
        return np.arange(1, self.horizon + 1)

    @property
    def running(self) -> np.ndarray:
        """Sampled games still being played at turn t (that played turn t), t = 1..horizon."""
        still = self.sampled - np.cumsum(self.lengths)  # games longer than t
        return still[:self.horizon] if self.horizon else still[:0]


def _timeline_rows(games: pl.LazyFrame, n: int, seat_turns: bool = False) -> pl.LazyFrame:
    """One row per sampled game and step: ``turn`` (the step, from 1), ``last`` (the game's steps kept),
    the seats' scores ``s1..sn`` after that step, ``winner`` and the seats' strategies.

    With ``seat_turns`` the kernel's turns are the seats' turns in order, and a step is a round of ``n``
    of them: the scores after its last turn, or after the game's last turn in a round cut short."""
    sampled = games.filter(pl.col(SCORES_BY_TURN).list.len() > 0)  # null: not sampled (a game always plays a turn)
    per_game = sampled.select(
        pl.col("winner"), *[pl.col(f"policy_{s}").cast(pl.String) for s in range(1, n + 1)],
        pl.col(SCORES_BY_TURN).alias("row"),
        pl.col(SCORES_BY_TURN).list.len().cast(pl.Int32).alias("last"),
        pl.int_ranges(1, pl.col(SCORES_BY_TURN).list.len() + 1, dtype=pl.Int32).alias("turn"),
    )
    rows = per_game.explode("row", "turn")
    if seat_turns:
        rows = rows.filter((pl.col("turn") % n == 0) | (pl.col("turn") == pl.col("last"))).with_columns(
            ((pl.col("turn", "last") + (n - 1)) // n))
    return rows.select(
        "winner", "last", "turn", *[f"policy_{s}" for s in range(1, n + 1)],
        *[pl.col("row").list.get(s - 1).cast(pl.Int64).alias(f"s{s}") for s in range(1, n + 1)])


def _moments(value: pl.Expr, name: str) -> list[pl.Expr]:
    return [value.count().alias(f"n:{name}"), value.sum().alias(f"sum:{name}"),
            (value.cast(pl.Float64) ** 2).sum().alias(f"ss:{name}")]


def _by_turn(frame: pl.DataFrame, names: list[str], horizon: int) -> dict[str, np.ndarray]:
    """Columns ``n/sum/ss:<name>`` of ``frame`` summed by ``turn`` (1..), as arrays over turns 1..horizon."""
    out = {}
    k = frame["turn"].to_numpy() if frame.height else np.zeros(0, np.int64)
    inside = k <= horizon
    for name in names:
        for m in ("n", "sum", "ss"):
            a = np.zeros(horizon + 1)
            if frame.height:
                np.add.at(a, k[inside], frame[f"{m}:{name}"].fill_null(0).to_numpy()[inside])
            out[f"{m}:{name}"] = a[1:]
    return out


def _carried(frame: pl.DataFrame, names: list[str], horizon: int) -> dict[str, Curve]:
    """Curves over turns 1..horizon from moments by (``turn``, ``ended``): the games still being played at each
    turn (every row of the turn) plus the finished games' final values (the rows where they ``ended``) carried
    to every later turn."""
    r = _by_turn(frame, names, horizon)
    e = _by_turn(frame.filter(pl.col("ended")), names, horizon)
    out = {}
    for name in names:
        # a game that ended at turn L counts its final value from turn L + 1 on
        n, s, ss = (r[f"{m}:{name}"] + np.concatenate([[0], np.cumsum(e[f"{m}:{name}"])[:-1]])
                    for m in ("n", "sum", "ss"))
        out[name] = _curve(n, s, ss)
    return out


def _curve(n: np.ndarray, s: np.ndarray, ss: np.ndarray) -> Curve:
    mean, lo, hi = (np.full(len(n), math.nan) for _ in range(3))
    for i, k in enumerate(n):
        if k <= 0:
            continue
        m = s[i] / k
        var = max(0.0, (ss[i] - s[i] * m) / (k - 1)) if k > 1 else math.nan
        e = mean_interval(m, math.sqrt(var) if k > 1 else math.nan, int(k))
        mean[i], lo[i], hi[i] = e.value, e.lo, e.hi
    return Curve(n.astype(np.int64), mean, lo, hi)


def horizon_of(lengths: np.ndarray, share: float = HORIZON_SHARE) -> int:
    """The first turn by which ``share`` of the games had ended (``lengths[t]``: games of ``t`` turns)."""
    total = lengths.sum()
    if total <= 0:
        return 0
    ended = np.cumsum(lengths)
    return int(np.searchsorted(ended, share * total - 1e-9 * total))


def how_games_unfold(games: pl.LazyFrame, meta: dict, spec=None) -> Unfold:
    """The run's timelines summarised by turn (see the module docstring)."""
    from balance.analysis.sides import seat_roles
    from balance.registry import Timeline

    sc = meta["scenario"]
    n = sc["players"]
    seats = range(1, n + 1)
    timeline = getattr(spec, "timeline", None) or Timeline()
    if n == 1:  # a solo game's one seat always leads
        timeline = Timeline(timeline.step, timeline.note, timeline.seat_turns, False, "a solo game has one seat, "
                                                                                     "which always leads")
    roles = seat_roles(meta, spec)
    every = int(sc.get("run", {}).get("scores_by_turn", 0) or 0)
    base = Unfold(step=timeline.step, note=timeline.note, every=every, sampled=0, horizon=0,
                  lengths=np.zeros(TURN_SCORES + 1, np.int64), roles=roles,
                  why_no_comeback=timeline.why_not)
    if SCORES_BY_TURN not in games.collect_schema().names():
        return base

    rows = _timeline_rows(games, n, timeline.seat_turns).with_columns(
        (pl.col("turn") == pl.col("last")).alias("ended"))
    # a row per game, turn and seat (one query, so that polars does not keep the exploded rows for a second one)
    per_seat = rows.select("turn", "ended", pl.concat_list(*[pl.lit(s, pl.Int32) for s in seats]).alias("seat"),
                           pl.concat_list(*[f"policy_{s}" for s in seats]).alias("label"),
                           pl.concat_list(*[f"s{s}" for s in seats]).alias("score")).explode("seat", "label", "score")
    score_q = per_seat.group_by("seat", "label", "turn", "ended").agg(*_moments(pl.col("score"), "score"))
    # each seat's score minus the mean of its role's seats, in the same game; who leads
    gap_seats = [s for s in seats if roles.count(roles[s - 1]) > 1]
    gap = {s: pl.col(f"s{s}") - pl.mean_horizontal(*[pl.col(f"s{o}") for o in seats if roles[o - 1] == roles[s - 1]])
           for s in gap_seats}
    lead = []
    if timeline.comparable:
        top = pl.max_horizontal(*[pl.col(f"s{s}") for s in seats])
        at_top = pl.sum_horizontal(*[(pl.col(f"s{s}") == top).cast(pl.Int32) for s in seats])
        leader = pl.coalesce(*[pl.when(pl.col(f"s{s}") == top).then(pl.lit(s)) for s in seats])
        lead = [(at_top > 1).sum().alias("tied"), ((at_top == 1) & (leader == pl.col("winner"))).sum().alias("leader_won")]
    turn_q = rows.group_by("turn", "ended").agg(pl.len().alias("games"), *lead,
                                                *[e for s in gap_seats for e in _moments(gap[s], f"seat{s}")])
    by_turn = turn_q.collect(engine=ENGINE)  # two scans, each streamed: memory stays with the groups
    by_seat = score_q.collect(engine=ENGINE)

    lengths = np.zeros(TURN_SCORES + 1, np.int64)
    ends = by_turn.filter(pl.col("ended"))
    np.add.at(lengths, ends["turn"].to_numpy(), ends["games"].to_numpy())
    sampled = int(lengths.sum())
    horizon = horizon_of(lengths)
    out = Unfold(step=timeline.step, note=timeline.note, every=every, sampled=sampled, horizon=horizon,
                 lengths=lengths, roles=roles, why_no_comeback=timeline.why_not)
    if not sampled or not horizon:
        return out

    moments = pl.col("^(n|sum|ss):.*$")
    by_seat = by_seat.with_columns(pl.col("seat").replace_strict(list(seats), roles, return_dtype=pl.String)
                                   .alias("role"), moments.cast(pl.Float64))
    order = {s["label"]: i for i, s in enumerate(sc["seats"])}
    groups = by_seat.partition_by("role", "label", as_dict=True)
    for key in sorted(groups, key=lambda k: (roles.index(k[0]), order.get(k[1], len(order)), k[1])):
        frame = groups[key].group_by("turn", "ended").agg(moments.sum())  # the seats it played, together
        out.scores[key] = _carried(frame, ["score"], horizon)["score"]
    if gap_seats:
        curves = _carried(by_turn, [f"seat{s}" for s in gap_seats], horizon)
        out.seat_gap = {s: curves[f"seat{s}"] for s in gap_seats}
    if timeline.comparable:
        every_turn = by_turn.group_by("turn").agg(pl.col("games", "tied", "leader_won").sum())
        arrays = {}
        for name in ("games", "tied", "leader_won"):
            a = np.zeros(horizon + 1, np.int64)
            inside = every_turn["turn"].to_numpy() <= horizon
            np.add.at(a, every_turn["turn"].to_numpy()[inside], every_turn[name].to_numpy()[inside])
            arrays[name] = a[1:]
        out.comeback = Comeback(**arrays)
    return out
