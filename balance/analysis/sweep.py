"""``balance sweep``: what happens to the win rates when a number changes.

Every combination of the varied values is a point; each point is a normal run with the same seed.
Game i of every point starts from the same random streams and draws the same dice turn by turn (see
"what is paired" in ``docs/results.md``), so the differences between points are measured on common
random numbers.  The sweep folder holds one run folder per point,
``sweep.json`` (what was varied, where each point is) and ``summary.parquet`` (one row per point:
the varied values and every metric with its 95% interval).
"""

from __future__ import annotations

import itertools
import json
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polars as pl

from balance.analysis.compare import metric_expressions, strategy_expressions
from balance.analysis.sides import groups, has_sides, seat_roles, sides, spec_of
from balance.analysis.stats import Z95, binomial_p, goodness_of_fit, wilson
from balance.errors import BalanceError, flag, option
from balance.files import write_atomic, write_text_atomic
from balance.scenario import Scenario, parse_value
from balance.sim import folder as sim_folder
from balance.sim.runner import Run, default_folder, run

RANGE = re.compile(r"^\s*(-?[\d.]+)\s*\.\.\s*(-?[\d.]+)\s*(?::\s*(-?[\d.]+))?\s*$")
MAX_POINTS = 10_000
SWEEP_FILES = ("points", "summary.parquet", "sweep.json", "sweep.html", "sweep.pdf")  # what a sweep writes
MAX_GAMES = 100_000_000  # in all, without yes=True (--yes): hours of Moongha Invaders on a laptop


@dataclass
class Sweep:
    dir: Path
    keys: list[str]

    @property
    def summary(self) -> pl.DataFrame:
        return pl.read_parquet(self.dir / "summary.parquet", glob=False)  # the folder may be named like a glob

    @property
    def meta(self) -> dict[str, Any]:
        return json.loads((self.dir / "sweep.json").read_text())


def parse_vary(text: str) -> tuple[str, list[Any]]:
    """``KEY=V1,V2,...`` or ``KEY=LO..HI:STEP`` (inclusive; STEP defaults to 1) -> (key, values)."""
    key, sep, raw = (part.strip() for part in text.partition("="))
    if not sep or not key or not raw:
        raise BalanceError(f"--vary {text!r}: expected KEY=V1,V2,... or KEY=LO..HI:STEP")
    match = RANGE.match(raw)
    if not match:
        return key, [_toml_value(v) for v in _split_top_level(raw)]
    number = int if all(re.fullmatch(r"-?\d+", x) for x in match.groups("1")) else float
    lo, hi, step = (number(x) for x in match.groups("1"))
    if step <= 0 or hi < lo:
        raise BalanceError(f"--vary {text!r}: expected LO..HI:STEP with LO <= HI and STEP > 0")
    count = int(math.floor((hi - lo) / step + 1e-9)) + 1
    if count > MAX_POINTS:  # before making the list: 1..100000000:1 would take gigabytes
        raise BalanceError(f"--vary {text!r}: {count:,} values is more than {MAX_POINTS:,} points; use a larger STEP")
    return key, [lo + i * step if number is int else round(lo + i * step, 10) for i in range(count)]


def _split_top_level(text: str) -> list[str]:
    """Split on commas that are not inside brackets or quotes (so list values such as [3,4] and strings such as
    "handgun, radio" stay whole)."""
    parts, depth, current, quote = [], 0, "", ""
    for ch in text:
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        else:
            depth += ch in "[{"
            depth -= ch in "]}"
        if ch == "," and depth == 0 and not quote:
            parts.append(current.strip())
            current = ""
        else:
            current += ch
    parts.append(current.strip())
    return parts


def _toml_value(text: str) -> Any:
    return parse_value(text, f"--vary value {text!r}")


def sweep_points(varies: list[tuple[str, list[Any]]]) -> list[dict[str, Any]]:
    keys = [k for k, _ in varies]
    if len(set(keys)) != len(keys):
        raise BalanceError(f"--vary: each key once; {', '.join(k for k in keys if keys.count(k) > 1)} repeats")
    count = math.prod(len(v) for _, v in varies)  # before making the grid
    if count > MAX_POINTS:
        raise BalanceError(f"--vary: {count:,} points is more than {MAX_POINTS:,}; use fewer values")
    return [dict(zip(keys, combo)) for combo in itertools.product(*[v for _, v in varies])]


def _set_text(key: str, value: Any) -> str:
    from balance.rules import to_toml_value

    return f"{key}={to_toml_value(tuple(value) if isinstance(value, list) else value)}"


def point_scenarios(scenario: Scenario, points: list[dict[str, Any]]) -> list[Scenario]:
    """Each point's validated scenario; every bad point is reported, one line each."""
    out, problems = [], []
    for point in points:
        try:
            out.append(scenario.with_changes([_set_text(k, v) for k, v in point.items()]))
        except BalanceError as e:
            where = ", ".join(f"{k}={v}" for k, v in point.items())
            problems += [f"--vary point {where}: {p.split(': ', 1)[-1]}" for p in e.problems]
    if problems:
        raise BalanceError(*dict.fromkeys(problems))
    return out


def point_metrics(result: Run) -> dict[str, float]:
    """Every metric of one run with its 95% interval: rates by Wilson, means by the normal interval.

    For the flags, each seat's and strategy's win rate also gets ``... p``, the exact binomial test of
    its wins against its fair share of the decided games, and the point gets ``seat fairness p`` and
    ``strategy fairness p``, the chi-square tests over all of them (as in a run's report).  In a game
    of fixed roles (``GameSpec.roles``) a seat's fair share is an even split of its role's wins (its p
    tests that; ``seat fairness p`` sums the roles' chi-squares), each side gets ``side NAME win
    rate`` with its interval and p against its seats' share, and the point gets ``side fairness p``.
    """
    meta = result.meta
    metrics = metric_expressions(meta)
    strategies = strategy_expressions(meta)
    players = meta["scenario"]["players"]
    row = result.games.select(
        pl.len().alias("n"),
        *[e.sum().alias(f"sum|{k}") for k, e in metrics.items()],
        *[e.std().alias(f"sd|{k}") for k, e in metrics.items()],
        *[w.sum().alias(f"w|{k}") for k, (w, _) in strategies.items()],
        *[p.sum().alias(f"p|{k}") for k, (_, p) in strategies.items()],
    ).collect().row(0, named=True)
    n = row["n"]
    out: dict[str, float] = {"games": n}
    for k in metrics:
        if k.endswith("rate"):
            est = wilson(int(round(row[f"sum|{k}"])), n)
            out[k], out[f"{k} lo"], out[f"{k} hi"] = est.value, est.lo, est.hi
        else:
            mean = row[f"sum|{k}"] / n
            half = Z95 * (row[f"sd|{k}"] or 0.0) / math.sqrt(n)
            out[k], out[f"{k} lo"], out[f"{k} hi"] = mean, mean - half, mean + half
    for k in strategies:
        est = wilson(int(row[f"w|{k}"]), int(row[f"p|{k}"]))
        out[k], out[f"{k} lo"], out[f"{k} hi"] = est.value, est.lo, est.hi
    seat_wins = [int(round(row[f"sum|seat {s} win rate"])) for s in range(1, players + 1)]
    decided = sum(seat_wins)
    roles = seat_roles(meta)
    if has_sides(roles):
        side_list, (_, side_p) = sides(seat_wins, n, roles, spec_of(meta))
        for side in side_list:
            k = f"side {side.name} win rate"
            out[k], out[f"{k} lo"], out[f"{k} hi"], out[f"{k} p"] = (side.rate.value, side.rate.lo, side.rate.hi,
                                                                     side.p_holm)
        out["side fairness p"] = side_p
    role_seats = groups(roles)
    for role, seats in role_seats.items():
        role_wins = sum(seat_wins[s - 1] for s in seats)
        for s in seats:
            out[f"seat {s} win rate p"] = binomial_p(seat_wins[s - 1], role_wins, 1 / len(seats)) \
                if len(seats) > 1 else math.nan
    out["seat fairness p"] = _summed_chi2([goodness_of_fit([seat_wins[s - 1] for s in seats], [1.0] * len(seats))
                                           for seats in role_seats.values() if len(seats) > 1],
                                          [len(seats) - 1 for seats in role_seats.values() if len(seats) > 1])
    # a strategy's fair share: what its seats win on average (an even split of their roles' wins)
    fair = {s: sum(seat_wins[x - 1] for x in role_seats[roles[s - 1]]) / len(role_seats[roles[s - 1]])
            for s in range(1, players + 1)}
    seat_share = [fair[s] / decided if decided else 0.0 for s in range(1, players + 1)]
    played = {k: (int(row[f"w|{k}"]), int(row[f"p|{k}"]), expected_share(meta, result.games, k, seat_share, n)
                  if has_sides(roles) else int(row[f"p|{k}"]) / (n * players))
              for k in strategies if row[f"p|{k}"]}
    for k, (w, p, share) in played.items():
        out[f"{k} p"] = binomial_p(w, decided, share) if 0 < share < 1 else math.nan
        out[f"{k} fair"] = share * decided / p  # the rate its seats win on average
    kept = [(w, share) for w, _, share in played.values() if share > 0]
    out["strategy fairness p"] = goodness_of_fit([w for w, _ in kept], [share for _, share in kept])[1]
    return out


def _summed_chi2(tests: list[tuple[float, float]], dfs: list[int]) -> float:
    """The p-value of independent chi-square tests taken together (their statistics and degrees of freedom add)."""
    stats = [t for t, _ in tests if math.isfinite(t)]
    if not stats:
        return math.nan
    from scipy.stats import chi2

    return float(chi2.sf(sum(stats), sum(d for (t, _), d in zip(tests, dfs) if math.isfinite(t))))


def expected_share(meta: dict, games: pl.LazyFrame, label: str, seat_share: list[float], n: int) -> float:
    """A strategy's share of the decided games if it wins what its seats win on average: the seats it
    played, each weighted by its seat's share of the wins (seat roles make seats unequal)."""
    players = meta["scenario"]["players"]
    played = games.select([(pl.col(f"policy_{s}").cast(pl.String) == label).sum().alias(str(s))
                           for s in range(1, players + 1)]).collect().row(0)
    return sum(p * seat_share[s] for s, p in enumerate(played)) / n if n else 0.0


def sweep(
    scenario: Scenario,
    vary: list[str],
    *,
    games: int | None = None,
    seed: int | None = None,
    jobs: int | None = None,
    out: str | Path | None = None,
    until_ci: float | None = None,
    resume: bool = False,
    overwrite: bool = False,
    progress: bool = True,
    on_point=None,
    yes: bool = False,
    on_plan=None,
) -> Sweep:
    """Run every point of the grid with the same seed; write the summary; return the sweep folder.

    A sweep of more than 100,000,000 games in all needs ``yes=True``; ``on_plan(text)`` hears the
    number of games before any is played.
    """
    if not vary:
        raise BalanceError("sweep: give at least one --vary KEY=V1,V2,...")
    if out is not None and not str(out).strip():
        raise BalanceError(f"{option('out', str(out))}: expected a folder, e.g. reports/my-sweep")
    changes = [f"{k}={v}" for k, v in (("games", games), ("seed", seed)) if v is not None]
    if changes:
        scenario = scenario.with_changes(changes)
    varies = [parse_vary(v) for v in vary]
    points = sweep_points(varies)
    scenarios = point_scenarios(scenario, points)
    total = sum(sc.games for sc in scenarios)  # a point may vary the games
    each = {sc.games for sc in scenarios}
    plan = ((f"sweep: {len(points):,} points x {min(each):,} games = {total:,} games" if len(each) == 1 else
             f"sweep: {len(points):,} points, {total:,} games in all")
            + (" at most (each point stops once its win rates are precise enough)" if until_ci else ""))
    if total > MAX_GAMES and not yes:
        raise BalanceError(f"{plan}: more than {MAX_GAMES:,}; pass {flag('yes')} to play them all, or use fewer "
                           f"points (LO..HI:STEP) or fewer games ({option('games')})")
    folder = Path(out) if out is not None else default_folder(scenario, "-sweep")
    if not (folder / "sweep.json").exists() and not (folder / "points").exists():  # a sweep's may hold notes too
        sim_folder.refuse_others(folder, SWEEP_FILES, "sweep")
    if on_plan:
        on_plan(plan)
    if overwrite:
        drop_points(folder, len(points))
    keys = [k for k, _ in varies]
    rows = []
    for i, (point, sc) in enumerate(zip(points, scenarios)):
        if on_point:
            on_point(i, len(points), point)
        at = folder / "points" / f"{i:04d}"
        # resumed, the points an interruption left unplayed start afresh
        result = run(sc, jobs=jobs, out=at, resume=resume and (at / "run.json").exists(), overwrite=overwrite,
                     until_ci=until_ci, progress=progress)
        rows.append({"point": i, **{k: _cell(v) for k, v in point.items()}, **point_metrics(result),
                     "folder": str(folder / "points" / f"{i:04d}")})
    frame = pl.DataFrame(rows)
    write_atomic(folder / "summary.parquet", frame.write_parquet)
    write_text_atomic(folder / "sweep.json", json.dumps(
        {"scenario": scenario.resolved(), "vary": [{"key": k, "values": v} for k, v in varies],
         "points": [{"point": i, "values": p, "folder": f"points/{i:04d}"} for i, p in enumerate(points)],
         "until_ci": until_ci}, indent=2, default=str))
    return Sweep(folder, keys)


def drop_points(folder: Path, keep: int) -> None:
    """``--overwrite``: remove the runs of an earlier sweep's points from ``keep`` on (this one has fewer)."""
    points = folder / "points"
    if points.is_dir():
        for entry in sorted(points.iterdir()):
            if entry.is_dir() and entry.name.isdigit() and int(entry.name) >= keep:
                sim_folder.remove(entry)


def _cell(value: Any) -> Any:
    """Summary cells are scalars: a table value is shown as its TOML text."""
    return str(value) if isinstance(value, (list, tuple)) else value
