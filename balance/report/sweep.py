"""The sweep report: every metric against the varied values, with 95% bands, and the points where
the flags' thresholds are crossed, in words.  Rendered to HTML and PDF like a run's report."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timezone

import numpy as np
import polars as pl

from balance.analysis.flags import THRESHOLDS, Thresholds, past_threshold
from balance.analysis.sides import groups, has_sides, seat_roles, side_name, spec_of
from balance.analysis.stats import ALPHA, holm
from balance.report import figures as F
from balance.report.blocks import Callout, Document, KeyNumbers, Plot, Section, Table, Text, Verdict
from balance.report.fmt import players as players_text

FORMATS = ("html", "pdf")


def _numeric(values: list) -> bool:
    return all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values)


def _columns(summary: pl.DataFrame, suffix: str, prefix: str = "") -> list[str]:
    return [c for c in summary.columns if c.endswith(suffix) and c.startswith(prefix)]


def _fair_share(row: dict, players: int) -> float:
    return (1 - row["draw or timeout rate"]) / players


def _seat_fair(row: dict, seat: int, roles: list[str]) -> float:
    """An even split of the wins of the seat's role (every seat's, in a game without roles) between its seats."""
    seats = [s for s in range(1, len(roles) + 1) if roles[s - 1] == roles[seat - 1]]
    return sum(row[f"seat {s} win rate"] for s in seats) / len(seats)


@dataclass
class Finding:
    """One flag rule and the points where it holds, for the callouts and the verdict."""

    rule: str  # "Seat 1 wins more often than its fair share"
    threshold: str
    points: list[str] = field(default_factory=list)  # "threshold = 20 (53.1%, fair 50.0%)"
    details: list[tuple[float, float, str]] = field(default_factory=list)  # (excess, rate, "point: rate") per point
    side: bool = False  # a side's finding (with two sides, "the human ...", told first when it (almost) never wins)
    topic: str = ""  # findings of one topic tell one story (in a two-seat role, seat 1 more is seat 2 less)

    @property
    def values(self) -> list[float]:
        return [v for _, v, _ in self.details]

    @property
    def excess(self) -> float:
        """The largest over its points: how far past the threshold."""
        return max(e for e, _, _ in self.details)

    @property
    def worst(self) -> str:
        """The point furthest past the threshold, in words; for a side that (almost) never wins, its best point."""
        return max(self.details, key=lambda d: d[1] if self.never else d[0])[2]

    @property
    def never(self) -> bool:
        return self.side and max(self.values) < 0.01

    @property
    def headline(self) -> str:
        """The finding in words; a side that (almost) never wins at any point says so."""
        if self.never:
            subject, _, _ = self.rule.partition(" win")
            verb = "wins" if self.rule.startswith(f"{subject} wins") else "win"
            return f"{subject} {'never' if max(self.values) == 0 else 'almost never'} {verb}"
        return self.rule


def point_findings(summary: pl.DataFrame, keys: list[str], players: int, t: Thresholds = THRESHOLDS,
                   roles: list[str] | None = None, side_seats: dict[str, int] | None = None) -> list[Finding]:
    """Per flag rule, the points that cross its threshold beyond the noise (see :func:`point_flags`)."""
    roles = roles or [""] * players
    found: dict[str, Finding] = {}
    seats = _columns(summary, " win rate", "seat ")
    strategies = _columns(summary, " win rate", "strategy ")
    side_cols = _columns(summary, " win rate", "side ")
    rows = list(summary.iter_rows(named=True))
    tests = [(i, c) for c in seats + strategies for i, row in enumerate(rows) if row.get(f"{c} p") is not None
             and row[f"{c} p"] == row[f"{c} p"]]  # NaN: a seat alone in its role is not tested
    adjusted = dict(zip(tests, holm([rows[i][f"{c} p"] for i, c in tests])))
    side_tests = [(i, c) for c in side_cols for i, row in enumerate(rows) if row.get(f"{c} p") is not None]
    side_adjusted = dict(zip(side_tests, holm([rows[i][f"{c} p"] for i, c in side_tests])))
    sided = len(set(roles)) > 1

    def beyond_noise(i: int, c: str, table: str, adjusted=adjusted) -> bool:
        return rows[i].get(table) is not None and rows[i][table] < ALPHA and adjusted.get((i, c), 1.0) < ALPHA

    def add(rule: str, threshold: str, where: str, words: str, excess: float, value: float, side: bool = False,
            topic: str = ""):
        f = found.setdefault(rule, Finding(rule, threshold, side=side, topic=topic or rule))
        f.points.append(f"{where} ({words})")
        f.details.append((excess, value, f"{where}: {words}"))

    side_seats = side_seats or {}
    judged_sides = side_cols
    if len(side_cols) == 2:  # one story, told of the smaller side ("the human"), as in a run's report
        judged_sides = [min(side_cols, key=lambda c: side_seats.get(c, 1))]

    def rate(row, c, fair) -> str:
        digits = 2 if row[f"{c} hi"] < 0.01 else 1
        return (f"{100 * row[c]:.{digits}f}%, 95% interval {100 * row[f'{c} lo']:.{digits}f}-"
                f"{100 * row[f'{c} hi']:.{digits}f}%, fair {100 * fair:.1f}%")
    for i, row in enumerate(rows):
        where = ", ".join(f"{k} = {row[k]}" for k in keys)
        for c in judged_sides:
            v, seats_in = row[c], side_seats.get(c, 1)
            fair = (1 - row["draw or timeout rate"]) * seats_in / players
            if abs(v - fair) > t.seat_share * fair and beyond_noise(i, c, "side fairness p", side_adjusted):
                side = c.removeprefix("side ").removesuffix(" win rate")
                one = seats_in == 1
                rule = (f"{side[:1].upper()}{side[1:]} win{'s' if one else ''} "
                        + ("more" if v > fair else "less") + " often than " + ("its" if one else "their")
                        + " seats' share of the games")
                add(rule, f"more than {100 * t.seat_share:g}% of its seats' share away from it",
                    where, rate(row, c, fair), past_threshold(abs(v - fair) / fair, t.seat_share), v, side=True)
        for c in seats:
            seat = int(c.split()[1])
            v, fair = row[c], _seat_fair(row, seat, roles)
            if abs(v - fair) > t.seat_share * fair and beyond_noise(i, c, "seat fairness p"):
                side = "more" if v > fair else "less"
                name = c.removesuffix(' win rate').capitalize()
                rule = (f"{name} ({roles[seat - 1]}) wins {side} often than an even split of its role's wins" if sided
                        else f"{name} wins {side} often than its fair share")
                pair = roles.count(roles[seat - 1]) == 2
                add(rule, f"more than {100 * t.seat_share:g}% of the fair share away", where,
                    rate(row, c, fair), past_threshold(abs(v - fair) / fair, t.seat_share), v,
                    topic=f"seats {roles[seat - 1]}" if pair else "")
        for c in strategies:
            v = row[c]
            if v is None or not beyond_noise(i, c, "strategy fairness p"):
                continue
            fair = row.get(f"{c} fair") or _fair_share(row, players)
            name = c.removeprefix("strategy ").removesuffix(" win rate")
            if v > (1 + t.strategy_strong) * fair:
                add(f"Strategy `{name}` is much stronger than the field", f"more than {1 + t.strategy_strong:g}x the "
                    f"fair share", where, rate(row, c, fair), past_threshold(v / fair - 1, t.strategy_strong), v)
            elif v < (1 - t.strategy_weak) * fair:
                add(f"Strategy `{name}` is much weaker than the field", f"less than {1 - t.strategy_weak:g}x the fair "
                    f"share", where, rate(row, c, fair), past_threshold(1 - v / fair, t.strategy_weak), v)
    # a side that never wins comes first; rounded: two seats of a pair are equally far from an even split
    return sorted(found.values(), key=lambda f: (not f.never, -round(f.excess, 9)))


def point_flags(summary: pl.DataFrame, keys: list[str], players: int, t: Thresholds = THRESHOLDS,
                roles: list[str] | None = None, side_seats: dict[str, int] | None = None) -> list[Callout]:
    """Per flag rule, the points that cross its threshold beyond the noise.

    As in a run's report, a seat (strategy) at a point is flagged when the point's chi-square test
    over the seats (strategies) rejects, and the seat's own binomial test does too, Holm-adjusted;
    here across every seat (strategy) of every point, so a sweep of many points over a fair game
    raises a seat flag in at most 1 sweep in 20.  With fixed seat roles, a seat is judged against an
    even split of its role's wins and a side against its seats' share of the games.
    """
    total = summary.height
    out = []
    for f in point_findings(summary, keys, players, t, roles, side_seats):
        share = "at every point" if len(f.points) == total else f"at {len(f.points)} of {total} points"
        out.append(Callout("warning", f"{f.headline} {share}: " + "; ".join(f.points) + ".",
                           f"Raised by: {f.threshold}, and beyond the noise (the point's chi-square test "
                           f"and the exact binomial test, Holm-adjusted across every point, both give p < 0.05)."))
    if not out:
        out.append(Callout("note", "No point crosses a flag threshold beyond the noise: seat win rates stay within "
                                   f"{100 * t.seat_share:g}% of the fair share (or within the noise) and no strategy "
                                   f"is far stronger or weaker than the field, at every point."))
    return out


def sweep_verdict(findings: list[Finding], total: int) -> tuple[str, str]:
    """(kind, paragraph): where the sweep is out of balance, the largest problem first."""
    if not findings:
        return "ok", (f"No point of the {total} is out of balance beyond the noise: every seat and strategy stays "
                      f"within the report's thresholds of its fair share.")
    top, *rest = findings
    flagged = len({p.split(" (")[0] for f in findings for p in f.points})
    told_topics = {top.topic}
    rest = [f for f in rest if not (f.topic in told_topics or told_topics.add(f.topic))]

    def told(f: Finding) -> str:
        every = "at any point" if f.never else "at every point"
        at = every if len(f.points) == total else f"at {len(f.points)} point{'s' if len(f.points) > 1 else ''}"
        return f"{f.headline[:1].lower()}{f.headline[1:]} {at}"

    also = (" Also: " + "; ".join(told(f) for f in rest[:3]) + (f"; and {len(rest) - 3} more" if len(rest) > 3 else "")
            + ".") if rest else ""
    worst = "best" if top.never else "worst"
    return "warning", (f"Out of balance at {flagged} of {total} points. The largest problem: {told(top)}; {worst} at "
                       f"{top.worst}.{also}")


def _possessive(name: str) -> str:
    return name + ("'" if name.endswith("s") else "'s")


def _draw_lines(summary: pl.DataFrame, key: str, columns: list[str], ylabel: str, rate: bool, fair=None,
                names: dict[str, str] | None = None):
    """Each column against the varied value, with its 95% band (error bars for values that are not numbers)."""
    values = summary[key].to_list()
    numeric = _numeric(values)
    x = np.array(values, float) if numeric else np.arange(len(values))

    def draw(fig):
        ax = fig.subplots()
        for i, c in enumerate(columns):
            y = np.array([np.nan if v is None else v for v in summary[c].to_list()], float)
            lo = np.array([np.nan if v is None else v for v in summary[c + " lo"].to_list()], float)
            hi = np.array([np.nan if v is None else v for v in summary[c + " hi"].to_list()], float)
            label = (names or {}).get(c) or c.removesuffix(" win rate").removesuffix(" mean score").removeprefix(
                "strategy ").removeprefix("side ")
            if numeric:
                ax.plot(x, y, marker="o", markersize=3.5, color=F.color(i), label=label, linewidth=1.4)
                ax.fill_between(x, lo, hi, color=F.color(i), alpha=0.2, linewidth=0)
            else:
                ax.errorbar(x + 0.06 * (i - len(columns) / 2), y, yerr=[y - lo, hi - y], fmt="o", capsize=3,
                            color=F.color(i), label=label)
        if isinstance(fair, dict):  # one dashed line per role or side, in the order of the columns
            for j, (label, f) in enumerate(fair.items()):
                ax.plot(x, f, color=F.color(j) if len(fair) > 1 else F.FAIR, linestyle="--", linewidth=1,
                        label=label or None)
        elif fair is not None:
            ax.plot(x, fair, color=F.FAIR, linestyle="--", linewidth=1, label="fair share")
        if not numeric:
            ax.set_xticks(x, [str(v) for v in values])
        ax.set_xlabel(key)
        ax.set_ylabel(ylabel)
        if rate:
            ax.yaxis.set_major_formatter(F.percent)
        if len(columns) > 1 or fair is not None:
            ax.legend(loc="center left", bbox_to_anchor=(1.0, 0.5))

    return draw


def _widest_half_width(summary: pl.DataFrame, columns: list[str]) -> float:
    """The largest 95% half-width of the columns' values over the points (0 where no interval is kept)."""
    widths = [(summary[c + " hi"] - summary[c + " lo"]).max() / 2 for c in columns if c + " hi" in summary.columns]
    return max([w for w in widths if w is not None], default=0.0)


def _draw_heatmap(summary: pl.DataFrame, keys: list[str], value, label: str, noise: float, centre=None, floor=None,
                  rate=True):
    """The value at each point of a sweep over two keys, coloured by ``figures.colour_range``: about ``centre``, blue
    above and red below, as in a run's report."""
    k1, k2 = keys
    rows = list(dict.fromkeys(summary[k2].to_list()))
    cols = list(dict.fromkeys(summary[k1].to_list()))
    grid = np.full((len(rows), len(cols)), np.nan)
    for row in summary.iter_rows(named=True):
        grid[rows.index(row[k2]), cols.index(row[k1])] = value(row)

    def draw(fig):
        vmin, vmax = F.colour_range(grid, noise, centre, floor, least=F.RATE_SPAN if rate else 0.0)
        ax = fig.subplots()
        F.annotated_heatmap(ax, grid, rows, cols, label, percent_cells=rate,
                            cmap=F.RATE_COLOURS if centre is not None else "viridis", vmin=vmin, vmax=vmax)
        if rate and centre is not None:
            F.clip_rate_bar(ax, vmin, vmax)
        ax.set_xlabel(k1)
        ax.set_ylabel(k2)

    return draw


def build_sweep_document(summary: pl.DataFrame, meta: dict) -> Document:
    sc = meta["scenario"]
    keys = [v["key"] for v in meta["vary"]]
    players = sc["players"]
    spec = spec_of(meta)
    roles = seat_roles(meta, spec)
    sided = has_sides(roles)
    seats = _columns(summary, " win rate", "seat ")
    side_cols = _columns(summary, " win rate", "side ")
    side_seats = {f"side {side_name(role, len(s), spec)} win rate": len(s) for role, s in groups(roles).items()}
    # strategies whose label changes with the varied values (a varied parameter) cannot be followed
    strategies = [c for c in _columns(summary, " win rate", "strategy ") if summary[c].null_count() == 0]
    scores = _columns(summary, " mean score", "seat ")
    findings = point_findings(summary, keys, players, roles=roles, side_seats=side_seats)
    kind, verdict = sweep_verdict(findings, summary.height)
    glance = Section("At a glance", [
        Verdict(kind, verdict),
        KeyNumbers([("points", f"{summary.height}", " × ".join(f"{len(v['values'])} {v['key']}" for v in meta["vary"])),
                    ("games per point", f"{summary['games'].min():,}" + (
                        f"-{summary['games'].max():,}" if summary["games"].n_unique() > 1 else ""),
                     "until the asked precision" if meta.get("until_ci") else "same seed at every point"),
                    ("seed", str(sc["seed"]), "the same at every point")]),
        *point_flags(summary, keys, players, roles=roles, side_seats=side_seats),
    ])
    about = Section("The sweep", [
        Text(f"Scenario `{sc['name']}` ({sc['game']}, {players_text(players)}), run at every combination of the varied "
             f"values below. Every point plays with seed {sc['seed']}; points share their dice only until they first play "
             f"differently in a batch, so a difference between two points carries about the noise of two independent "
             f"runs. Bands and error bars are 95% intervals (Wilson for rates, normal for means)."
             + (" The seats play fixed roles: a side is judged against its seats' share of the games, a seat against "
                "an even split of its role's wins." if sided else "")),
        Table(["varied value", "values"], [[v["key"], ", ".join(str(x) for x in v["values"])] for v in meta["vary"]]),
    ])
    sections = [glance, about]
    points = list(summary.iter_rows(named=True))
    decided = np.array([1 - r["draw or timeout rate"] for r in points])
    if sided:  # each role's seats against an even split of the role's wins
        fair = {f"{role}s' even split" if len(s) > 1 else "": np.array([_seat_fair(r, s[0], roles) for r in points])
                for role, s in groups(roles).items() if len(s) > 1}
        side_fair = {_possessive(c.removeprefix("side ").removesuffix(" win rate")) + " share":
                     decided * side_seats.get(c, 1) / players for c in side_cols}
    else:
        fair = decided / players
    if len(keys) == 1:
        key = keys[0]
        figs = []
        if sided:
            figs.append(Plot(_draw_lines(summary, key, side_cols, "share of the games won", True, side_fair), 2.8,
                             f"Share of the games each side won against {key}, with 95% bands; dashed: each side's "
                             f"seats' share of the games (every player the same chance)."))
        seat_names = {c: f"{c.removesuffix(' win rate')} ({roles[int(c.split()[1]) - 1]})" for c in seats} if sided \
            else None
        figs.append(Plot(_draw_lines(summary, key, seats, "win rate", True, fair, seat_names), 2.8,
                         f"Win rate by seat against {key}, with 95% bands; dashed: "
                         + ("an even split of a role's wins between its seats." if sided else "the fair share.")))
        if len(strategies) > 1:
            figs.append(Plot(_draw_lines(summary, key, strategies, "win rate (per seat played)", True,
                                         None if sided else fair), 2.8,
                             f"Win rate by strategy against {key}, with 95% bands."))
        figs += [Plot(_draw_lines(summary, key, ["game length (turns)"], "mean game length (turns)", False), 2.3,
                      f"Mean game length against {key}, with its 95% band."),
                 Plot(_draw_lines(summary, key, scores, "mean final score", False), 2.6,
                      f"Mean final score by seat against {key}, with 95% bands."),
                 Plot(_draw_lines(summary, key, ["lead changes per game"], "lead changes per game", False), 2.3,
                      f"Lead changes per game against {key}, with its 95% band.")]
        sections.append(Section(f"What changes with {key}", figs))
    elif len(keys) == 2:
        maps = []
        above = "blue above, red below"
        noise = f"{F.NOISE_SPAN:.0f} times the widest 95% half-width of a point"
        faded = f"pale within {noise} or {100 * F.RATE_SPAN:.0f} points"
        shown = side_cols if len(side_cols) != 2 else [min(side_cols, key=lambda c: side_seats.get(c, 1))]
        for c in shown:  # with two sides, the smaller one ("the human"): the other is its complement
            name = c.removeprefix("side ").removesuffix(" win rate")
            share = float(np.mean(decided)) * side_seats.get(c, 1) / players
            maps.append(Plot(_draw_heatmap(summary, keys, lambda r, c=c: r[c], f"{name}: share of the games won",
                                           _widest_half_width(summary, [c]), centre=share), 3.0,
                             f"The share of the games {name} won at each point; white is its seats' share of the "
                             f"games ({100 * share:.1f}%, {side_seats.get(c, 1)} of {players} players), {above}, "
                             f"{faded}."))
        rival_seats = [s for s in range(1, players + 1) if roles[s - 1] == roles[0]]
        if len(rival_seats) > 1:
            role = f" ({roles[0]}: compare with the other {roles[0]} seats)" if sided else " (first-seat advantage)"
            first = float(np.mean(fair[f"{roles[0]}s' even split"] if sided else fair))
            white = "an even split of its role's wins" if sided else "the fair share"
            maps.append(Plot(_draw_heatmap(summary, keys, lambda r: r["seat 1 win rate"], "seat 1 win rate",
                                           _widest_half_width(summary, ["seat 1 win rate"]), centre=first), 3.0,
                             f"Seat 1's win rate at each point{role}; white is {white} ({100 * first:.1f}%), {above}, "
                             f"{faded}."))
        if len(strategies) > 1 and not sided:
            share = float(np.mean(fair))
            for c in strategies:
                name = c.removeprefix("strategy ").removesuffix(" win rate")
                maps.append(Plot(_draw_heatmap(summary, keys, lambda r, c=c: r[c], f"{name}: win rate",
                                               _widest_half_width(summary, [c]), centre=share), 3.0,
                                 f"Strategy {name}'s win rate (per seat played) at each point; white is the fair "
                                 f"share ({100 * share:.1f}%), {above}, {faded}."))
        widest = max(groups(roles).values(), key=len)
        if len(widest) > 1:
            cols = [f"seat {s} win rate" for s in widest]
            spread = lambda r: max(r[c] for c in cols) - min(r[c] for c in cols)  # noqa: E731
            widest_noise = _widest_half_width(summary, cols)
            maps.append(Plot(_draw_heatmap(summary, keys, spread, "seat spread", widest_noise, floor=0.0),
                             3.0, "Seat spread: the best seat's win rate minus the worst seat's"
                             + (f", among the {roles[widest[0] - 1]} seats" if sided else "")
                             + f"; the scale starts at 0 and reaches at least twice {noise} or "
                               f"{200 * F.RATE_SPAN:.0f} points (a spread of that order is noise)."))
        maps.append(Plot(_draw_heatmap(summary, keys, lambda r: r["game length (turns)"], "mean turns",
                                       _widest_half_width(summary, ["game length (turns)"]), rate=False),
                         3.0, f"Mean game length (turns) at each point, pale within {noise}."))
        sections.append(Section(f"What changes with {keys[0]} and {keys[1]}", maps))
    else:
        sections.append(Section("What changes", [Text("With more than two varied values the points are listed in the "
                                                      "table below; sweep one or two values at a time for figures.")]))
    rows = []
    for r in summary.iter_rows(named=True):
        cells = [str(r[k]) for k in keys] + [f"{r['games']:,}"]
        cells += ["-" if r[c] is None else f"{100 * r[c]:.1f}% ±{50 * (r[c + ' hi'] - r[c + ' lo']):.1f}"
                  for c in side_cols + seats + (strategies if len(strategies) > 1 else [])]
        cells.append(f"{r['game length (turns)']:.2f}")
        rows.append(cells)
    names = [c.removesuffix(" win rate").removeprefix("strategy ").removeprefix("side ") for c in side_cols + seats + (
        strategies if len(strategies) > 1 else [])]
    sections.append(Section("Every point", [Table([*keys, "games", *names, "turns"], rows,
                                                  caption="Win rates with the half-width of their 95% interval; "
                                                          "each point's run folder holds its full report data.")]))
    for i, s in enumerate(sections):
        s.id = f"s{i + 1}"
    when = datetime.now(timezone.utc).strftime("%Y-%m-%d")
    return Document(title=f"Sweep: {sc['name']}",
                    subtitle=f"{sc['game']} · {players_text(players)} · {summary.height} points · "
                             f"seed {sc['seed']} · reported {when}", sections=sections)


def write_sweep_report(sweep, formats=FORMATS) -> dict:
    """Write ``sweep.html`` / ``sweep.pdf`` into the sweep folder; return {format: path}."""
    from balance.report import write_document

    return write_document(build_sweep_document(sweep.summary, sweep.meta), sweep.dir, "sweep", formats)
