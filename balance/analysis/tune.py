"""``balance tune``: the rule values that balance a game, or the strongest play of a strategy.

A tune searches the varied values (``--vary``) with Optuna for the best objective (``--goal``):

- every trial plays the same number of games with the same seed (common random numbers), so two
  trials differ by what they change and far less by their dice; a point played again would play
  the same games, so a repeated point takes the result it already has;
- each trial's objective carries its standard error, by the jackknife over 32 blocks of games
  (delete one block, recompute; it serves rates, ratios and the largest gap alike);
- the best few points (and the starting scenario) are played again with 10x the games on a fresh
  seed, all with that one seed, so they are paired with each other; the winner is the best of them
  there, and it is compared, paired game by game, with the starting scenario (``balance compare``'s
  machinery); the verdict says whether the improvement is larger than the noise.

The tune folder holds ``study.db`` (the Optuna study, in SQLite: ``--resume`` continues it, and
Optuna's own tools read it), ``trials.parquet``, ``validation/`` (the re-played runs), ``best.toml``
(the winner as a complete scenario) and ``tune.json``; the report is ``tune.html`` / ``tune.pdf``.
"""

from __future__ import annotations

import json
import math
import re
import shutil
import time
import warnings
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, Callable

import numpy as np
import polars as pl

from balance.analysis.compare import Comparison, compare_runs, metric_expressions, strategy_expressions
from balance.analysis.stats import Z95, normal_p
from balance.analysis.sweep import RANGE, _split_top_level, point_scenarios
from balance.errors import BalanceError, flag, option
from balance.files import folder_name, write_atomic, write_text_atomic
from balance.rules import did_you_mean, rule_values, to_toml_value
from balance.scenario import Scenario, parse_value, scenario_toml
from balance.sim import folder as sim_folder
from balance.sim.runner import Run, default_folder, open_run, run

BLOCKS = 32  # blocks of games for the jackknife: an error within about 13% of itself
STARTUP = 10  # TPE's random trials before it models (fixed: a resumed tune asks what an uninterrupted one does)
VALIDATION_FACTOR = 10  # the best points are played again with this many times the games
SAMPLERS = ("auto", "tpe", "cmaes", "random")
TUNE_FILES = ("study.db", "trials.parquet", "best.toml", "tune.json", "tune.html", "tune.pdf")
TUNE_FOLDERS = ("validation", "trial")


# ---------------------------------------------------------------------------------------------------
# What is varied


@dataclass(frozen=True)
class Varied:
    """One varied scenario value: its key, its kind (``int``, ``float`` or ``choice``) and its range.

    ``also`` are further keys set to the same value (a strategy that plays several seats).
    A choice's values are kept as TOML text where they are tables (Optuna stores plain values).
    """

    key: str
    kind: str
    lo: float | None = None
    hi: float | None = None
    step: float | None = None
    choices: tuple = ()
    start: Any = None
    also: tuple[str, ...] = ()
    tables: bool = False  # the choices are tables, kept as their TOML text

    def actual(self, value: Any) -> Any:
        """A value as the scenario takes it (a table from its TOML text)."""
        return tuple(parse_value(value, self.key)) if self.tables else value

    def distribution(self):
        import optuna.distributions as d

        if self.kind == "int":
            return d.IntDistribution(int(self.lo), int(self.hi), step=int(self.step or 1))
        if self.kind == "float":
            return d.FloatDistribution(self.lo, self.hi, step=self.step)
        return d.CategoricalDistribution(self.choices)

    @property
    def continuous(self) -> bool:
        return self.kind == "float" and self.step is None

    def describe(self) -> str:
        if self.kind == "choice":
            return "one of " + ", ".join(str(c) for c in self.choices)
        step = f", step {self.step:g}" if self.step else (" (whole numbers)" if self.kind == "int" else "")
        return f"{self.lo:g} to {self.hi:g}{step}"

    def contains(self, value: Any) -> bool:
        if self.kind == "choice":
            return _choice(value) in self.choices
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not self.lo <= value <= self.hi:
            return False
        if self.step:
            k = (value - self.lo) / self.step
            return abs(k - round(k)) < 1e-9
        return self.kind != "int" or float(value).is_integer()

    def sets(self, value: Any) -> list[str]:
        actual = self.actual(value)
        text = json.dumps(actual) if isinstance(actual, str) else to_toml_value(actual)
        return [f"{k}={text}" for k in (self.key, *self.also)]


def _choice(value: Any) -> Any:
    """A value as a choice of a categorical distribution: tables as their TOML text."""
    return to_toml_value(tuple(value)) if isinstance(value, (list, tuple)) else value


def parse_varies(texts: list[str], scenario: Scenario, together: dict[int, tuple[int, ...]] | None = None
                 ) -> list[Varied]:
    """``--vary`` texts -> the varied values, every problem reported at once, one line each.

    ``KEY`` takes the range the rule or parameter declares; ``KEY=LO..HI`` a range (whole numbers for
    an integer rule, any number otherwise); ``KEY=LO..HI:STEP`` the values from LO in steps of STEP;
    ``KEY=V1,V2,...`` those values.  ``together`` maps a seat to the seats that share its
    parameters (the seats of one strategy, for ``best:strategy``).
    """
    if not texts:
        raise BalanceError("tune: give at least one --vary KEY (or KEY=LO..HI, KEY=V1,V2,...)")
    out, problems = [], []
    for text in texts:
        try:
            out.append(_parse_vary(text, scenario, together or {}))
        except BalanceError as e:
            problems += e.problems
    keys = [v.key for v in out]
    problems += [f"--vary {k}: given more than once; vary each value once" for k in dict.fromkeys(keys)
                 if keys.count(k) > 1]
    if problems:
        raise BalanceError(*dict.fromkeys(problems))
    return out


def _parse_vary(text: str, scenario: Scenario, together: dict[int, tuple[int, ...]]) -> Varied:
    key, sep, raw = (part.strip() for part in text.partition("="))
    if not key or (sep and not raw):
        raise BalanceError(f"--vary {text!r}: expected KEY, KEY=LO..HI[:STEP] or KEY=V1,V2,...")
    key, kind, lo, hi, choices, start, also = _declared(key, scenario, together)
    where = f"--vary {text!r}"
    step, match, tables = None, None, False
    if not sep:  # the declared range
        if kind != "choice" and (lo is None or hi is None):
            raise BalanceError(f"{where}: the rule declares no full range; give one: {key}=LO..HI")
        if kind == "choice" and not choices:
            raise BalanceError(f"{where}: the rule declares no choices; give them: {key}=V1,V2,...")
        if kind == "table":
            raise BalanceError(f"{where}: a table of numbers; give the tables to try: {key}=[...],[...]")
    else:
        match = RANGE.match(raw)
        if match:
            if kind in ("choice", "table"):
                raise BalanceError(f"{where}: {key} is not a number; give its values: {key}=V1,V2,...")
            try:
                lo, hi = (float(x) for x in match.groups()[:2])
                step = float(match.group(3)) if match.group(3) is not None else None
            except ValueError:
                raise BalanceError(f"{where}: expected KEY=LO..HI[:STEP] with numbers") from None
            if not lo < hi or (step is not None and step <= 0):
                raise BalanceError(f"{where}: expected LO < HI and STEP > 0")
            if kind == "int" and not all(float(x).is_integer() for x in (lo, hi, step or 1)):
                raise BalanceError(f"{where}: {key} is a whole number; give whole LO, HI and STEP")
            if step:
                hi = lo + math.floor((hi - lo) / step + 1e-9) * step  # the last value is at most HI
        else:
            values = [parse_value(v, f"{where} value {v!r}") for v in _split_top_level(raw)]
            if len(values) < 2:
                raise BalanceError(f"{where}: one value is nothing to tune; give LO..HI or V1,V2,...")
            tables = kind == "table"
            kind, choices = "choice", tuple(dict.fromkeys(_choice(v) for v in values))
    varied = Varied(key, kind, lo, hi, step, tuple(choices or ()), start, also, bool(tables))
    ends = [varied.lo, varied.hi] if kind != "choice" else [varied.actual(c) for c in varied.choices]
    if kind == "int":
        ends = [int(x) for x in ends]
    # every end of the range (every choice) must make a valid scenario, as sweep checks its points
    point_scenarios(scenario, [{key: e} for e in ends])
    return varied


def _declared(key: str, scenario: Scenario, together: dict[int, tuple[int, ...]]):
    """(canonical key, kind, lo, hi, choices, starting value, further keys) of a scenario value."""
    spec = scenario.spec
    rules = {rv.key: rv for rv in rule_values(scenario.rules)}
    parts = key.split(".")
    if parts[0] == "seats":
        n = len(scenario.seats)
        if len(parts) < 3 or not parts[1].isdigit() or not 1 <= int(parts[1]) <= n:
            raise BalanceError(f"--vary {key}: expected seats.N.params.NAME or seats.N.policy with N from 1 to {n}")
        seat_no = int(parts[1])
        seat = scenario.seats[seat_no - 1]
        if parts[2:] == ["policy"]:
            return key, "choice", None, None, tuple(spec.policy_names), seat.policy, ()
        if len(parts) != 4 or parts[2] != "params":
            raise BalanceError(f"--vary {key}: expected seats.{seat_no}.params.NAME or seats.{seat_no}.policy")
        played = spec.played(seat.policy, seat_no, scenario.players)
        param = played.param(parts[3])
        if param is None:
            allowed = ", ".join(p.name for p in played.params) or "none"
            raise BalanceError(f"--vary {key}: policy {played.name!r} has no parameter {parts[3]!r}"
                               f"{did_you_mean(parts[3], [p.name for p in played.params])}; allowed: {allowed}")
        also = tuple(f"seats.{s}.params.{param.name}" for s in together.get(seat_no, ()) if s != seat_no)
        return key, "float", float(param.lo), float(param.hi), None, seat.params[param.name], also
    name = ".".join(parts[1:]) if parts[0] == "rules" else key
    rv = rules.get(name)
    if rv is None:
        if parts[0] in ("games", "seed", "players", "name", "description", "run", "game"):
            raise BalanceError(f"--vary {key}: not a value to tune; tune rules.KEY or seats.N.params.NAME")
        raise BalanceError(f"--vary {key}: unknown scenario value{did_you_mean(name, rules)}; expected rules.KEY "
                           f"(`balance rules {scenario.game}` lists them) or seats.N.params.NAME")
    key, info, default = f"rules.{name}", rv.info, rv.default
    if isinstance(default, bool):
        return key, "choice", None, None, (False, True), rv.value, ()
    if isinstance(default, str):
        return key, "choice", None, None, tuple(info.choices or ()), rv.value, ()
    if isinstance(default, tuple):
        return key, "table", None, None, None, _choice(rv.value), ()
    kind = "int" if isinstance(default, int) else "float"
    return key, kind, info.lo, info.hi, None, rv.value, ()


# ---------------------------------------------------------------------------------------------------
# The goal


@dataclass(frozen=True)
class Goal:
    """One part of the objective, as the user wrote it."""

    text: str
    kind: str  # fair, best or target
    weight: float = 1.0
    seat: int | None = None
    strategy: str | None = None
    metric: str | None = None
    value: float | None = None


@dataclass
class Objective:
    """What a tune maximises (a best response) or minimises (the weighted losses of fair and targets)."""

    goals: list[Goal]
    players: int
    rotate: bool
    tracked: str | None = None  # the metric a best response maximises
    strategies: list[str] = field(default_factory=list)

    @property
    def direction(self) -> str:
        return "maximize" if self.tracked else "minimize"

    @property
    def best(self) -> bool:
        return self.tracked is not None

    def better(self, a: float, b: float) -> bool:
        return a > b if self.best else a < b

    def value(self, m: dict[str, float]) -> float:
        if self.tracked:
            return m.get(self.tracked, math.nan)
        return sum(g.weight * self._loss(g, m) for g in self.goals)

    def _loss(self, g: Goal, m: dict[str, float]) -> float:
        if g.kind == "fair":
            return largest_gap(m, self.players, self.fair_over(m))[1]
        got = m.get(g.metric, math.nan)
        if g.metric.endswith("rate"):
            return abs(got - g.value)
        return abs(got - g.value) / (abs(g.value) or 1.0)

    def fair_over(self, m: dict[str, float]) -> list[str]:
        """The win rates ``fair`` balances: the strategies' with seat rotation (two or more), else the seats'."""
        strategies = [k for k in m if k.startswith("strategy ") and k.endswith(" win rate")]
        if self.rotate and len(strategies) > 1:
            return strategies
        return [f"seat {s} win rate" for s in range(1, self.players + 1)]

    def name(self) -> str:
        if self.tracked:
            return self.tracked
        parts = []
        for g in self.goals:
            w = "" if g.weight == 1 else f"{g.weight:g} x "
            parts.append(w + ("largest gap from the fair share" if g.kind == "fair" else
                              f"miss of {g.metric} = {_fmt_target(g)}"))
        return " + ".join(parts)

    def explain(self) -> str:
        """The objective in words, for ``--help``-level readers and the report."""
        if self.tracked:
            return (f"Maximise {self.tracked.removesuffix(' win rate')}'s win rate (per seat played): the strongest "
                    f"play within its parameters against the other seats as they are (a best response).")
        out = []
        for g in self.goals:
            w = "" if len(self.goals) == 1 else f" (weight {g.weight:g})"
            if g.kind == "fair":
                who = "every strategy's win rate (per seat played)" if self.rotate else "every seat's win rate"
                out.append(f"the largest gap between {who} and its fair share, (1 - draws and timeouts) / "
                           f"{self.players}, in win-rate units (0.03 is 3 points){w}")
            elif g.metric.endswith("rate"):
                out.append(f"the miss |{g.metric} - {_fmt_target(g)}|, in rate units{w}")
            else:
                out.append(f"the relative miss |{g.metric} - {g.value:g}| / {abs(g.value) or 1:g}{w}")
        return "Minimise " + (" plus ".join(out) if len(out) > 1 else out[0]) + "."


def _fmt_target(g: Goal) -> str:
    return f"{100 * g.value:g}%" if g.metric.endswith("rate") else f"{g.value:g}"


def largest_gap(m: dict[str, float], players: int, over: list[str]) -> tuple[str, float]:
    """(the win rate farthest from its fair share, that distance)."""
    fair = (1 - m.get("draw or timeout rate", 0.0)) / players
    gaps = {k: abs(m[k] - fair) for k in over if k in m and math.isfinite(m[k])}
    if not gaps:
        return "", math.nan
    worst = max(gaps, key=gaps.get)
    return worst, gaps[worst]


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


def metric_names(meta: dict) -> list[str]:
    """Every metric a tune measures in a run (the names of ``balance compare``)."""
    return [*metric_expressions(meta), *strategy_expressions(meta)]


def _metric(name: str, names: list[str], where: str) -> str:
    """A metric named as in the report, or its short form (``game_length``, ``seat_1_win_rate``)."""
    wanted = _slug(name)
    for n in names:
        if wanted in (_slug(n), _slug(re.sub(r"\(.*?\)", "", n))):
            return n
    shown = [_slug(re.sub(r"\(.*?\)", "", n)) for n in names]
    raise BalanceError(f"{where}: unknown metric {name!r}{did_you_mean(wanted, shown)}; allowed: {', '.join(shown)}")


def parse_goals(texts: list[str], scenario: Scenario) -> list[Goal]:
    """``--goal`` texts -> goals; every problem is reported at once, one line each."""
    if not texts:
        raise BalanceError("tune: give a --goal: fair, best:seat=N, best:strategy=NAME or target:METRIC=VALUE "
                           "(or --best-response)")
    goals, problems = [], []
    names = metric_names({"scenario": scenario.resolved()})
    for text in texts:
        try:
            goals.append(_parse_goal(text, scenario, names))
        except BalanceError as e:
            problems += e.problems
    if not problems:
        best = [g for g in goals if g.kind == "best"]
        if best and len(goals) > 1:
            problems.append(f"--goal {best[0].text!r}: a best response is a goal of its own; tune it alone")
        elif sum(g.kind == "fair" for g in goals) > 1:
            problems.append("--goal fair: given more than once")
    if problems:
        raise BalanceError(*problems)
    return goals


def _parse_goal(text: str, scenario: Scenario, names: list[str]) -> Goal:
    where = f"--goal {text!r}"
    body, at, weight_text = text.strip().rpartition("@") if "@" in text else (text.strip(), "", "")
    weight = 1.0
    if at:
        try:
            weight = float(weight_text)
        except ValueError:
            weight = math.nan
        if not math.isfinite(weight) or weight <= 0:
            raise BalanceError(f"{where}: the weight after @ must be a number above 0, e.g. fair@2")
    kind, _, rest = body.partition(":")
    kind = kind.strip().lower()
    if kind == "fair" and not rest:
        return Goal(text, "fair", weight)
    if kind == "best":
        if at:
            raise BalanceError(f"{where}: a best response takes no weight")
        what, eq, value = (p.strip() for p in rest.partition("="))
        if what == "seat" and eq:
            if not value.isdigit() or not 1 <= int(value) <= scenario.players:
                raise BalanceError(f"{where}: expected best:seat=N with N from 1 to {scenario.players}")
            return Goal(text, "best", seat=int(value))
        if what == "strategy" and eq and value:
            if value not in scenario.labels:
                raise BalanceError(f"{where}: no strategy {value!r} in the scenario"
                                   f"{did_you_mean(value, scenario.labels)}; strategies: {', '.join(scenario.labels)}")
            return Goal(text, "best", strategy=value)
        raise BalanceError(f"{where}: expected best:seat=N or best:strategy=NAME")
    if kind == "target":
        metric_text, eq, value_text = rest.rpartition("=")
        if not eq or not metric_text.strip() or not value_text.strip():
            raise BalanceError(f"{where}: expected target:METRIC=VALUE, e.g. target:game_length=8.5")
        metric = _metric(metric_text.strip(), names, where)
        value_text = value_text.strip()
        try:
            value = float(value_text[:-1]) / 100 if value_text.endswith("%") else float(value_text)
        except ValueError:
            raise BalanceError(f"{where}: {value_text!r} is not a number; expected e.g. 8.5 or 1%") from None
        if not math.isfinite(value) or (metric.endswith("rate") and not 0 <= value <= 1):
            raise BalanceError(f"{where}: a rate is from 0 to 1 (or 0% to 100%)" if math.isfinite(value)
                               else f"{where}: expected a finite number")
        return Goal(text, "target", weight, metric=metric, value=value)
    raise BalanceError(f"{where}: unknown goal{did_you_mean(kind, ['fair', 'best', 'target'])}; expected fair, "
                       f"best:seat=N, best:strategy=NAME or target:METRIC=VALUE")


# ---------------------------------------------------------------------------------------------------
# The tuned scenario: seats named so that a strategy keeps its name while its parameters change


def tuned_seats(scenario: Scenario, goals: list[Goal]) -> tuple[tuple[int, ...], str | None]:
    """(the scenario seats whose play a best response tunes, the name their strategy carries)."""
    best = next((g for g in goals if g.kind == "best"), None)
    if best is None:
        return (), None
    if best.strategy is not None:
        seats = tuple(i + 1 for i, s in enumerate(scenario.seats) if s.label == best.strategy)
        return seats, best.strategy
    label = scenario.seats[best.seat - 1].label
    shared = sum(s.label == label for s in scenario.seats) > 1
    return (best.seat,), f"{label} (seat {best.seat})" if shared else label


def pinned(scenario: Scenario, tuned: tuple[int, ...], name: str | None) -> Scenario:
    """The scenario with every seat named by its strategy's label (the tuned seats by ``name``), so
    that labels stay put while the varied values change them."""
    sets = [f"seats.{i + 1}.name={json.dumps(name if i + 1 in tuned else s.label)}"
            for i, s in enumerate(scenario.seats)]
    return scenario.with_changes(sets)


# ---------------------------------------------------------------------------------------------------
# A run's statistics, by blocks of games


@dataclass
class Blocks:
    """Per block of games: the count and every metric's per-game sum (strategies: wins and seats played)."""

    n: np.ndarray
    sums: dict[str, np.ndarray]  # metric -> per-block sum
    plays: dict[str, np.ndarray]  # strategy metric -> per-block seats played

    def metrics(self, drop: int | None = None) -> dict[str, float]:
        keep = slice(None) if drop is None else np.arange(len(self.n)) != drop
        n = self.n[keep].sum()
        out = {k: float(v[keep].sum() / n) for k, v in self.sums.items() if k not in self.plays}
        for k, p in self.plays.items():
            played = p[keep].sum()
            out[k] = float(self.sums[k][keep].sum() / played) if played else math.nan
        return out

    @property
    def games(self) -> int:
        return int(self.n.sum())


def run_blocks(result: Run, blocks: int = BLOCKS) -> Blocks:
    """A run's metrics summed per block of games (block b holds games ``b * games / blocks`` on)."""
    meta = result.meta
    games = int(meta["games"])
    blocks = max(2, min(blocks, games))
    metrics = metric_expressions(meta)
    strategies = strategy_expressions(meta)
    frame = result.games.group_by((pl.col("game_index") * blocks // games).alias("block")).agg(
        pl.len().alias("n"),
        *[e.sum().alias(f"m|{k}") for k, e in metrics.items()],
        *[w.sum().alias(f"w|{k}") for k, (w, _) in strategies.items()],
        *[p.sum().alias(f"p|{k}") for k, (_, p) in strategies.items()],
    ).collect()
    full = pl.DataFrame({"block": np.arange(blocks, dtype=np.int64)})
    frame = full.join(frame.with_columns(pl.col("block").cast(pl.Int64)), on="block", how="left").fill_null(0)
    sums = {k: frame[f"m|{k}"].to_numpy().astype(float) for k in metrics}
    sums.update({k: frame[f"w|{k}"].to_numpy().astype(float) for k in strategies})
    plays = {k: frame[f"p|{k}"].to_numpy().astype(float) for k in strategies}
    return Blocks(frame["n"].to_numpy().astype(float), sums, plays)


def jackknife(values: Callable[[int | None], float], blocks: int) -> tuple[float, float]:
    """(the estimate, its standard error by the delete-one-block jackknife)."""
    full = values(None)
    loo = np.array([values(b) for b in range(blocks)])
    loo = loo[np.isfinite(loo)]
    if len(loo) < 2:
        return full, math.nan
    return full, float(math.sqrt((len(loo) - 1) / len(loo) * ((loo - loo.mean()) ** 2).sum()))


def objective_of(objective: Objective, b: Blocks) -> tuple[float, float]:
    """The objective of one run, with its standard error."""
    return jackknife(lambda drop: objective.value(b.metrics(drop)), len(b.n))


def paired_difference(objective: Objective, a: Blocks, b: Blocks) -> tuple[float, float]:
    """(objective of B - objective of A, its standard error), blocks paired game by game."""
    return jackknife(lambda drop: objective.value(b.metrics(drop)) - objective.value(a.metrics(drop)), len(a.n))


# ---------------------------------------------------------------------------------------------------
# The tune


@dataclass
class Tune:
    """A tune folder: its trials, validation, winner and comparison with the starting scenario."""

    dir: Path

    @property
    def meta(self) -> dict[str, Any]:
        try:
            return json.loads((self.dir / "tune.json").read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError):
            raise BalanceError(f"{self.dir}: not a finished tune folder (no readable tune.json)") from None

    @property
    def trials(self) -> pl.DataFrame:
        """One row per trial: the varied values, the objective with its error and interval, the games."""
        return pl.read_parquet(self.dir / "trials.parquet", glob=False)

    @property
    def validation(self) -> pl.DataFrame:
        return pl.DataFrame(self.meta["validation"])

    @property
    def best(self) -> Scenario:
        """The winner as a scenario (``best.toml``), ready for ``balance run``."""
        from balance.scenario import load_scenario

        return load_scenario(self.dir / "best.toml")

    @property
    def study(self):
        """The Optuna study (``optuna.load_study``), for Optuna's own tools."""
        import optuna

        return optuna.load_study(study_name="tune", storage=_storage_url(self.dir / "study.db"))

    def comparison(self) -> Comparison:
        """The winner against the starting scenario, paired game by game (``balance compare``)."""
        v = self.meta["validation_runs"]
        return compare_runs(open_run(self.dir / v["start"]), open_run(self.dir / v["winner"]))

    def run(self, name: str) -> Run:
        """A validation run: ``start`` or ``winner`` (or a candidate's folder name)."""
        v = self.meta["validation_runs"]
        return open_run(self.dir / v.get(name, f"validation/{name}"))


def _storage_url(path: Path) -> str:
    from sqlalchemy.engine import URL

    return URL.create("sqlite", database=str(Path(path).resolve())).render_as_string(hide_password=False)


def default_trials(varies: list[Varied]) -> int:
    return max(30, 15 * len(varies))


def choose_sampler(name: str, varies: list[Varied]) -> str:
    if name not in SAMPLERS:
        raise BalanceError(f"{option('sampler', name)}: expected one of {', '.join(SAMPLERS)}")
    if name == "auto":
        return "cmaes" if len(varies) >= 2 and all(v.continuous for v in varies) else "tpe"
    if name == "cmaes" and not all(v.continuous for v in varies):
        bad = ", ".join(v.key for v in varies if not v.continuous)
        raise BalanceError(f"{option('sampler', name)}: CMA-ES searches continuous values; {bad} "
                           f"{'is' if ',' not in bad else 'are'} not (use tpe)")
    return name


def _sampler(kind: str, seed: int, number: int, varies: list[Varied], startup: int):
    """A sampler seeded by the tune's seed and the number of trials done: a resumed tune asks what an
    uninterrupted one would (the TPE and random samplers keep no state but the study)."""
    import optuna

    s = int(np.random.SeedSequence([seed, number]).generate_state(1)[0])
    if kind == "random":
        return optuna.samplers.RandomSampler(seed=s)
    if kind == "cmaes":  # from the centre of the ranges (the start is trial 0 all the same)
        return optuna.samplers.CmaEsSampler(seed=s)
    return optuna.samplers.TPESampler(seed=s, multivariate=True, n_startup_trials=startup)


@contextmanager
def _quiet_optuna():
    import optuna

    level = optuna.logging.get_verbosity()
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", optuna.exceptions.ExperimentalWarning)
        try:
            yield
        finally:
            optuna.logging.set_verbosity(level)


def tune(
    scenario: Scenario,
    vary: list[str] | tuple[str, ...] = (),
    goal: list[str] | tuple[str, ...] | str = ("fair",),
    *,
    trials: int | None = None,
    games: int = 20_000,
    seed: int | None = None,
    jobs: int | None = None,
    sampler: str = "auto",
    validate: int = 3,
    out: str | Path | None = None,
    resume: bool = False,
    overwrite: bool = False,
    progress: bool = True,
    backend: str = "loky",
    scheduler: str | None = None,
) -> Tune:
    """Search the varied values for the goal; validate the best points; return the tune folder.

    ``vary``: ``KEY``, ``KEY=LO..HI[:STEP]`` or ``KEY=V1,V2,...`` (see :func:`parse_varies`);
    ``goal``: ``fair``, ``best:seat=N``, ``best:strategy=NAME``, ``target:METRIC=VALUE``, with ``@W`` a weight (see ``balance tune --help``).  Each trial plays ``games`` games with the same seed; the best
    ``validate`` points and the starting scenario are played again with 10x the games on the seed
    after it.  ``balance.report.tune.write_tune_report`` writes its report.
    """
    goal = [goal] if isinstance(goal, str) else list(goal)
    _check_numbers(trials, games, validate, jobs)
    if resume and overwrite:
        raise BalanceError(f"{flag('resume')} and {flag('overwrite')}: choose one")
    if out is not None and not str(out).strip():
        raise BalanceError(f"{option('out', str(out))}: expected a folder, e.g. reports/my-tune")
    if seed is not None:
        scenario = scenario.with_changes([f"seed={seed}"])
    goals = parse_goals(goal, scenario)
    tuned, name = tuned_seats(scenario, goals)
    start = pinned(scenario, tuned, name) if name is not None else scenario
    varies = parse_varies(list(vary), start, {s: tuned for s in tuned})
    if name is not None:
        foreign = [v.key for v in varies if not _tunes_seats(v, tuned)]
        if foreign:
            raise BalanceError(f"--vary {foreign[0]}: a best response varies only the tuned strategy's own "
                               f"parameters (seats {', '.join(map(str, tuned))}: seats.N.params.NAME)")
    tracked = None
    if name is not None:
        best = goals[0]
        tracked = f"seat {best.seat} win rate" if best.seat and not scenario.rotate_seats else f"strategy {name} win rate"
    objective = Objective(goals, scenario.players, scenario.rotate_seats, tracked)
    kind = choose_sampler(sampler, varies)
    trials = trials or default_trials(varies)
    folder = Path(out) if out is not None else default_folder(scenario, "-tune")
    config = {"scenario": scenario.resolved(), "fingerprint": start.fingerprint(), "goals": [g.text for g in goals],
              "vary": [_varied_record(v) for v in varies], "games": games, "seed": scenario.seed,
              "sampler": kind, "tuned_seats": list(tuned), "tuned_name": name}
    _prepare(folder, config, resume, overwrite)
    with (_local_dask(jobs) if backend == "dask" and scheduler is None else nullcontext(scheduler)) as address:
        opts = dict(jobs=jobs, backend=backend, scheduler=address, progress=False)
        study, done, wall = _search(start, varies, objective, kind, trials, games, folder, config, opts, progress)
        frame = trials_frame(study, varies)
        write_atomic(folder / "trials.parquet", frame.write_parquet)
        validation = _validate(start, scenario, varies, objective, frame, validate, games, folder, opts, progress)
    winner = validation["winner"]
    best_sc = scenario.with_changes([s for v in varies for s in v.sets(winner["values"][v.key])])
    write_text_atomic(folder / "best.toml", scenario_toml(best_sc, _best_comment(scenario, objective, winner, config)))
    edges = [v.key for v in varies if v.kind != "choice" and winner["values"][v.key] in (v.lo, v.hi)]
    meta = {**config, "objective": objective.name(), "at_range_edge": edges, "explain": objective.explain(), "direction": objective.direction,
            "trials": frame.height, "distinct_points": int(frame["repeat of"].is_null().sum()),
            "trial_seconds": round(wall, 3), "trials_per_minute": round(60 * done / wall, 2) if wall > 0 else None,
            "trials_played_now": done, **validation}
    write_text_atomic(folder / "tune.json", json.dumps(meta, indent=2, default=_json_default))
    return Tune(folder)


def _json_default(x):
    if isinstance(x, (np.integer, np.floating)):
        return x.item()
    return str(x)


def _check_numbers(trials, games, validate, jobs) -> None:
    for name, value, lo in (("trials", trials, 1), ("games", games, 100), ("validate", validate, 1),
                            ("jobs", jobs, 1)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < lo):
            raise BalanceError(f"{option(name, value)}: expected a whole number of at least {lo}")


def _tunes_seats(v: Varied, tuned: tuple[int, ...]) -> bool:
    parts = v.key.split(".")
    return parts[0] == "seats" and parts[2] == "params" and int(parts[1]) in tuned


def _varied_record(v: Varied) -> dict:
    return {"key": v.key, "kind": v.kind, "lo": v.lo, "hi": v.hi, "step": v.step, "choices": list(v.choices),
            "start": v.start, "also": list(v.also), "range": v.describe()}


def _prepare(folder: Path, config: dict, resume: bool, overwrite: bool) -> None:
    """Make the tune folder; refuse to mix two tunes in it; on ``--resume`` check it holds this tune."""
    if folder.exists() and not folder.is_dir():  # before anything else is asked of it
        sim_folder.make_folder(folder, "tune")
    config_path = folder / "tune-config.json"
    if not config_path.exists() and not (folder / "study.db").exists():  # a tune's folder may hold notes too
        sim_folder.refuse_others(folder, (*TUNE_FILES, config_path.name, *TUNE_FOLDERS), "tune")
    if overwrite:
        for name in (*TUNE_FILES, "tune-config.json"):
            (folder / name).unlink(missing_ok=True)
        for name in TUNE_FOLDERS:
            shutil.rmtree(folder / name, ignore_errors=True)
    elif config_path.exists() or (folder / "study.db").exists():
        if not resume:
            raise BalanceError(f"{folder} already holds a tune; pass {flag('resume')} to continue it, "
                               f"{flag('overwrite')} to replace it, or {option('out')} for another folder")
        try:
            old = json.loads(config_path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError):
            raise BalanceError(f"{config_path}: unreadable; start again with {flag('overwrite')}") from None
        differ = [k for k in ("fingerprint", "goals", "vary", "games", "seed", "sampler") if old.get(k) !=
                  json.loads(json.dumps(config[k], default=_json_default))]
        if differ:
            what = ", ".join("the scenario" if k == "fingerprint" else k for k in differ)
            raise BalanceError(f"{flag('resume')}: {folder} holds a different tune ({what} differ); use "
                               f"{option('out')} for a new folder, or {flag('overwrite')}")
    elif resume:
        raise BalanceError(f"{flag('resume')}: {folder} holds no tune to resume")
    sim_folder.make_folder(folder, "tune")
    write_text_atomic(config_path, json.dumps(config, indent=2, default=_json_default))


@contextmanager
def _local_dask(jobs: int | None):
    """One local Dask cluster for the whole tune: its workers start once, not once per trial."""
    try:
        from dask.distributed import LocalCluster
    except ImportError:
        raise BalanceError(f"{option('backend', 'dask')} needs Dask: pip install 'balance[dask]'") from None
    import joblib

    with LocalCluster(n_workers=jobs or joblib.cpu_count(), threads_per_worker=1, processes=True) as cluster:
        yield cluster.scheduler_address


def _key(params: dict, varies: list[Varied]) -> tuple:
    return tuple(params.get(v.key) for v in varies)


def _open_study(path: Path, direction: str):
    """The tune's Optuna study in ``path``, made or continued; a damaged file is a one-line error."""
    import optuna
    from sqlalchemy.exc import SQLAlchemyError

    try:
        study = optuna.create_study(storage=_storage_url(path), study_name="tune", direction=direction,
                                    load_if_exists=True)
        study.trials  # read it now: a damaged file fails here, not halfway through
        return study
    except (SQLAlchemyError, ValueError) as e:
        why = str(e).strip().splitlines()[0][:120]
        raise BalanceError(f"{path}: damaged ({why}); tune again with {flag('overwrite')}") from None


def _search(start, varies, objective, kind, trials, games, folder, config, opts, progress):
    """Ask, play, tell until ``trials`` trials are complete; return (study, trials played now, seconds)."""
    import optuna

    with _quiet_optuna():
        study = _open_study(folder / "study.db", objective.direction)
        complete = [t for t in study.trials if t.state == optuna.trial.TrialState.COMPLETE]
        if not study.trials:
            study.set_user_attr("config", json.loads(json.dumps(config, default=_json_default)))
            if all(v.contains(v.start) for v in varies):
                study.enqueue_trial({v.key: _choice(v.start) for v in varies})
        seen = {_key(t.params, varies): t for t in complete}
        waiting = {_key(t.system_attrs.get("fixed_params", {}), varies) for t in study.trials
                   if t.state == optuna.trial.TrialState.WAITING}
        for t in study.trials:  # a trial cut short is played again first, as an uninterrupted tune would
            k = _key(t.params, varies) if set(t.params) == {v.key for v in varies} else None
            if t.state == optuna.trial.TrialState.FAIL and k and k not in seen and k not in waiting:
                study.enqueue_trial(t.params)
                waiting.add(k)
        distributions = {v.key: v.distribution() for v in varies}
        startup = STARTUP
        bar = TuneProgress(trials, len(complete), objective, enabled=progress,
                           label=f"tuning {start.name}")
        for t in complete:
            bar.best(t.value, t.user_attrs.get("se", math.nan))
        played, wall = 0, 0.0
        with bar:
            while len(complete) < trials:
                study.sampler = _sampler(kind, config["seed"], len(complete), varies, startup)
                trial = study.ask(distributions)
                key = _key(trial.params, varies)
                began = time.perf_counter()
                try:
                    if key in seen:  # the same point plays the same games: its result stands
                        first = seen[key]
                        for k, v in first.user_attrs.items():
                            trial.set_user_attr(k, v)
                        trial.set_user_attr("repeat_of", first.number)
                        value = first.value
                    else:
                        value = _play_trial(trial, start, varies, objective, games, folder, opts)
                        played += 1
                except (KeyboardInterrupt, BalanceError) as e:
                    study.tell(trial, state=optuna.trial.TrialState.FAIL)
                    if isinstance(e, BalanceError) and not str(e).startswith("interrupted"):
                        raise
                    # the runner reports an interrupt as its own: the tune's is what can be resumed
                    raise BalanceError(f"interrupted: {len(complete)} of {trials} trials are saved in {folder}; run "
                                       f"again with {flag('resume')} to finish") from None
                except BaseException:
                    study.tell(trial, state=optuna.trial.TrialState.FAIL)
                    raise
                wall += time.perf_counter() - began
                done = study.tell(trial, value)
                complete.append(done)
                seen.setdefault(key, done)
                bar.advance(value, done.user_attrs.get("se", math.nan))
        shutil.rmtree(folder / "trial", ignore_errors=True)
        return study, played, wall


def _play_trial(trial, start, varies, objective, games, folder, opts) -> float:
    sc = start.with_changes([s for v in varies for s in v.sets(trial.params[v.key])])
    result = run(sc, games=games, out=folder / "trial", overwrite=True, **opts)
    blocks = run_blocks(result)
    value, se = objective_of(objective, blocks)
    if not math.isfinite(value):
        raise BalanceError(f"trial {trial.number}: the objective cannot be measured ({objective.name()} is "
                           f"undefined: the strategy played no seat, or a metric is missing)")
    trial.set_user_attr("se", se)
    trial.set_user_attr("games", blocks.games)
    trial.set_user_attr("seconds", round(result.meta.get("wall_seconds") or 0.0, 3))
    trial.set_user_attr("metrics", blocks.metrics())
    return value


def trials_frame(study, varies: list[Varied]) -> pl.DataFrame:
    """One row per complete trial: the varied values, the objective with its error, the games, the metrics."""
    import optuna

    rows = []
    for t in study.trials:
        if t.state != optuna.trial.TrialState.COMPLETE:
            continue
        se = t.user_attrs.get("se", math.nan)
        row = {"trial": t.number, **{v.key: t.params[v.key] for v in varies}, "objective": t.value,
               "objective se": se, "objective lo": t.value - Z95 * se, "objective hi": t.value + Z95 * se,
               "games": t.user_attrs.get("games"), "seconds": t.user_attrs.get("seconds"),
               "repeat of": t.user_attrs.get("repeat_of"),
               "start": bool(all(t.params[v.key] == _choice(v.start) for v in varies))}
        row.update(t.user_attrs.get("metrics", {}))
        rows.append(row)
    return pl.DataFrame(rows, schema_overrides={"repeat of": pl.Int64}, infer_schema_length=None)


def _validate(start, scenario, varies, objective, frame, k, games, folder, opts, progress) -> dict:
    """Play the best ``k`` distinct points and the start again, with 10x the games on a fresh seed."""
    distinct = frame.filter(pl.col("repeat of").is_null())
    ordered = distinct.sort("objective", descending=objective.best)
    candidates = [("start", {v.key: _choice(v.start) for v in varies}, None)]
    for row in ordered.head(k).iter_rows(named=True):
        values = {v.key: row[v.key] for v in varies}
        if values == candidates[0][1]:
            candidates[0] = ("start", values, row["trial"])
        else:
            candidates.append((f"trial-{row['trial']:04d}", values, row["trial"]))
    n, seed = VALIDATION_FACTOR * games, start.seed + 1
    runs, rows = {}, []
    bar = TuneProgress(len(candidates), 0, objective, enabled=progress, label="validating (10x games, fresh seed)",
                       unit="points")
    with bar:
        for name, values, trial in candidates:
            sc = start.with_changes([f"seed={seed}", *[s for v in varies for s in v.sets(values[v.key])]])
            runs[name] = _validation_run(sc, n, folder / "validation" / name, opts)
            blocks = run_blocks(runs[name])
            value, se = objective_of(objective, blocks)
            rows.append({"name": name, "trial": trial, "values": values, "objective": value, "se": se,
                         "blocks": blocks})
            bar.advance(value, se)
    best = rows[0]
    for r in rows[1:]:
        if objective.better(r["objective"], best["objective"]):
            best = r
    base = rows[0]
    for r in rows:
        d, se = paired_difference(objective, base["blocks"], r["blocks"])
        r["vs start"], r["vs start se"] = d, se
        d, se = paired_difference(objective, best["blocks"], r["blocks"])
        r["vs winner"], r["vs winner se"] = d, se
    for r in rows:
        r["metrics"] = r.pop("blocks").metrics()
    comparison = compare_runs(runs["start"], runs[best["name"]])
    verdict = _verdict(objective, base, best, comparison)
    runner_up = [r for r in rows if r is not best]
    close = [r["name"] for r in runner_up if abs(r["vs winner"]) <= Z95 * r["vs winner se"]]
    return {"validation_games": n, "validation_seed": seed, "validation": rows,
            "winner": {k: best[k] for k in ("name", "trial", "values", "objective", "se", "metrics")},
            "start": {k: base[k] for k in ("objective", "se", "metrics")},
            "validation_runs": {"start": "validation/start", "winner": f"validation/{best['name']}",
                                **{r["name"]: f"validation/{r['name']}" for r in rows}},
            "verdict": verdict, "within_noise_of_winner": close,
            "comparison": [{"metric": d.metric, "start": d.a, "winner": d.b, "difference": d.diff.value,
                            "lo": d.diff.lo, "hi": d.diff.hi, "p": d.p, "p_holm": d.p_holm,
                            "significant": d.significant} for d in comparison.differences],
            "comparison_paired": comparison.paired}


def _validation_run(sc: Scenario, n: int, out: Path, opts: dict) -> Run:
    """The run, or the one already in the folder when it is this run, complete (a resumed tune)."""
    if (out / "run.json").exists():
        try:
            done = open_run(out)
            meta = done.meta
            if meta.get("status") == "complete" and meta.get("fingerprint") == sc.fingerprint() \
                    and meta.get("games") == n:
                return done
        except BalanceError:
            pass
    return run(sc, games=n, out=out, overwrite=True, **opts)


def _verdict(objective: Objective, base: dict, best: dict, comparison: Comparison) -> dict:
    """Is the winner better than the start beyond the noise?  For a best response, the paired
    difference of the strategy's win rate from ``balance compare``; otherwise the paired jackknife
    difference of the objective."""
    if best is base:
        return {"difference": 0.0, "lo": 0.0, "hi": 0.0, "p": 1.0, "beyond_noise": False,
                "words": "No point played better than the starting scenario in the validation: keep it."}
    diff = next((d for d in comparison.differences if d.metric == objective.tracked), None)
    if diff is not None:
        d, lo, hi, p = diff.diff.value, diff.diff.lo, diff.diff.hi, diff.p
    else:
        d, se = best["vs start"], best["vs start se"]
        lo, hi = d - Z95 * se, d + Z95 * se
        p = normal_p(d / se) if se and math.isfinite(se) and se > 0 else (1.0 if d == 0 else 0.0)
    improves = d > 0 if objective.best else d < 0
    beyond = improves and (lo > 0 if objective.best else hi < 0)
    what = "raises" if d > 0 else "lowers"
    in_points = objective.best or [g.kind for g in objective.goals] == ["fair"]
    pts = (lambda x: f"{100 * x:+.2f} points") if in_points else (lambda x: f"{x:+.4g}")
    words = (f"The winner {what} the objective: {pts(d)} (95% interval {pts(lo)} to {pts(hi)}, p = {p:.2g}, "
             f"paired on the same games): " + ("an improvement larger than the noise." if beyond else
                                                "not distinguishable from the noise of these games."))
    return {"difference": d, "lo": lo, "hi": hi, "p": p, "beyond_noise": bool(beyond), "words": words}


def _best_comment(scenario: Scenario, objective: Objective, winner: dict, config: dict) -> str:
    values = ", ".join(f"{k} = {v}" for k, v in winner["values"].items())
    return (f"Tuned by `balance tune` from {scenario.path or scenario.name}: {objective.name()} "
            f"({'maximised' if objective.best else 'minimised'}).\nTuned values: {values}.\n"
            f"Validated on {VALIDATION_FACTOR * config['games']:,} games: objective {winner['objective']:.4g} "
            f"(standard error {winner['se']:.2g}).")


# ---------------------------------------------------------------------------------------------------
# Best responses: every strategy in turn


@dataclass
class Response:
    strategy: str
    tune: Tune | None
    skipped: str = ""


@dataclass
class BestResponses:
    """A best-response folder: each strategy's tune in a folder of its own, and ``best-response.json``."""

    dir: Path
    responses: list[Response]

    @cached_property
    def rows(self) -> list[dict]:
        """``response_rows``: read from each strategy's validation runs once, for the JSON, the terminal and the
        report."""
        return response_rows(self.responses)


def best_response(scenario: Scenario, *, vary: list[str] | tuple[str, ...] = (), out: str | Path | None = None,
                  strategies: list[str] | None = None, on_strategy=None, on_tuned=None, **options) -> BestResponses:
    """Tune each strategy's own parameters against the field as it is, one strategy after another.

    ``vary`` narrows a parameter's range (``seats.N.params.NAME=LO..HI`` for a seat the strategy
    plays); every other parameter takes its declared range.  ``on_tuned`` is called with each strategy's
    :class:`Tune` as it is done (to write its report).  Returns the folder and one :class:`Response` per strategy
    (``tune`` None when it was skipped: no parameters, or it plays every seat).
    """
    if options.get("seed") is not None:
        scenario = scenario.with_changes([f"seed={options.pop('seed')}"])
    options.pop("seed", None)
    folder = Path(out) if out is not None else default_folder(scenario, "-best-response")
    overrides = {}
    for text in vary:
        key = text.partition("=")[0].strip()
        parts = key.split(".")
        if len(parts) != 4 or parts[0] != "seats" or parts[2] != "params" or not parts[1].isdigit():
            raise BalanceError(f"--vary {text!r}: with --best-response, narrow a strategy's parameter: "
                               f"seats.N.params.NAME=LO..HI")
        overrides[(int(parts[1]), parts[3])] = text
    labels = strategies or scenario.labels
    unknown = [s for s in labels if s not in scenario.labels]
    if unknown:
        raise BalanceError(f"--strategy {unknown[0]!r}: not in the scenario; strategies: {', '.join(scenario.labels)}")
    out_list = []
    folder.mkdir(parents=True, exist_ok=True)
    for label in labels:
        seats = [i + 1 for i, s in enumerate(scenario.seats) if s.label == label]
        params = {}
        for s in seats:
            for p in scenario.spec.played(scenario.seats[s - 1].policy, s, scenario.players).params:
                params.setdefault(p.name, s)
        if len(seats) == len(scenario.seats):
            out_list.append(Response(label, None, "plays every seat: there is no field to answer"))
            continue
        if not params:
            out_list.append(Response(label, None, "has no parameters to tune"))
            continue
        texts = []
        for pname, s in params.items():
            given = next((overrides[(t, pname)] for t in seats if (t, pname) in overrides), None)
            texts.append(given.replace(given.partition("=")[0].strip(), f"seats.{s}.params.{pname}", 1) if given
                         else f"seats.{s}.params.{pname}")
        if on_strategy:
            on_strategy(label)
        where = folder / folder_name(label, "strategy")
        # resumed: a strategy already tuned (or begun) continues, one not begun starts
        resume = bool(options.get("resume")) and (where / "tune-config.json").exists()
        result = tune(scenario, texts, [f"best:strategy={label}"], out=where, **{**options, "resume": resume})
        if on_tuned:
            on_tuned(result)
        out_list.append(Response(label, result))
    result = BestResponses(folder, out_list)
    write_text_atomic(folder / "best-response.json", json.dumps(result.rows, indent=2, default=_json_default))
    return result


def response_rows(responses: list[Response]) -> list[dict]:
    """The best-response table: default win rate -> tuned win rate (95% intervals), tuned parameters."""
    from balance.analysis.stats import wilson

    rows = []
    for r in responses:
        if r.tune is None:
            rows.append({"strategy": r.strategy, "skipped": r.skipped})
            continue
        meta = r.tune.meta
        tracked = meta["objective"]
        est = {}
        for which in ("start", "winner"):
            b = run_blocks(r.tune.run(which))
            wins, plays = b.sums[tracked].sum(), b.plays[tracked].sum()
            est[which] = wilson(int(round(wins)), int(round(plays)))
        rows.append({"strategy": r.strategy, "default": est["start"].value, "default lo": est["start"].lo,
                     "default hi": est["start"].hi, "tuned": est["winner"].value, "tuned lo": est["winner"].lo,
                     "tuned hi": est["winner"].hi, "difference": meta["verdict"]["difference"],
                     "difference lo": meta["verdict"]["lo"], "difference hi": meta["verdict"]["hi"],
                     "beyond noise": meta["verdict"]["beyond_noise"],
                     "parameters": {k.rsplit(".", 1)[-1]: v for k, v in meta["winner"]["values"].items()},
                     "defaults": {v["key"].rsplit(".", 1)[-1]: v["start"] for v in meta["vary"]},
                     "trials": meta["trials"], "games per trial": meta["games"],
                     "validation games": meta["validation_games"], "seconds": meta["trial_seconds"],
                     "folder": str(r.tune.dir)})
    return rows


# ---------------------------------------------------------------------------------------------------
# Progress


class TuneProgress:
    """A progress bar for a tune: trials done, the best objective so far (± its standard error), time left."""

    def __init__(self, total: int, done: int, objective: Objective, enabled: bool = True, label: str = "tuning",
                 unit: str = "trials"):
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, \
            TimeRemainingColumn

        self.objective = objective
        self.value, self.se = math.nan, math.nan
        self.progress = Progress(TextColumn("{task.description}", markup=False), BarColumn(), MofNCompleteColumn(),
                                 TextColumn(unit), TextColumn("{task.fields[best]}", markup=False),
                                 TimeElapsedColumn(), TextColumn("left"), TimeRemainingColumn(),
                                 console=Console(stderr=True), disable=not enabled)
        self.task = self.progress.add_task(label, total=total, completed=done, best="")

    def __enter__(self):
        self.progress.__enter__()
        return self

    def __exit__(self, *exc):
        return self.progress.__exit__(*exc)

    def best(self, value: float, se: float) -> None:
        if math.isnan(self.value) or self.objective.better(value, self.value):
            self.value, self.se = value, se
            self.progress.update(self.task, best=f"best {_show(self.objective, value, se)}")

    def advance(self, value: float, se: float) -> None:
        self.best(value, se)
        self.progress.advance(self.task, 1)


def _show(objective: Objective, value: float, se: float) -> str:
    if objective.best or (len(objective.goals) == 1 and objective.goals[0].kind == "fair"):
        return f"{100 * value:.2f}% ±{100 * Z95 * se:.2f}" if objective.best else \
            f"{100 * value:.2f} pts ±{100 * Z95 * se:.2f}"
    return f"{value:.4g} ±{Z95 * se:.2g}"
