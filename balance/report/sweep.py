"""The sweep report: every metric against the varied values, with 95% bands, and the points where
the flags' thresholds are crossed, in words.  Rendered to HTML and PDF like a run's report."""

from __future__ import annotations

from datetime import datetime, timezone

import numpy as np
import polars as pl

from balance.analysis.flags import THRESHOLDS, Thresholds
from balance.analysis.stats import ALPHA, holm
from balance.report import figures as F
from balance.report.blocks import Callout, Document, KeyNumbers, Plot, Section, Table, Text

FORMATS = ("html", "pdf")


def _numeric(values: list) -> bool:
    return all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values)


def _columns(summary: pl.DataFrame, suffix: str, prefix: str = "") -> list[str]:
    return [c for c in summary.columns if c.endswith(suffix) and c.startswith(prefix)]


def _fair_share(row: dict, players: int) -> float:
    return (1 - row["draw or timeout rate"]) / players


def point_flags(summary: pl.DataFrame, keys: list[str], players: int, t: Thresholds = THRESHOLDS) -> list[Callout]:
    """Per flag rule, the points that cross its threshold beyond the noise.

    As in a run's report, a seat (strategy) at a point is flagged when the point's chi-square test
    over the seats (strategies) rejects, and the seat's own binomial test does too, Holm-adjusted;
    here across every seat (strategy) of every point, so a sweep of many points over a fair game
    raises a seat flag in at most 1 sweep in 20.
    """
    found: dict[str, list[str]] = {}
    seats = _columns(summary, " win rate", "seat ")
    strategies = _columns(summary, " win rate", "strategy ")
    rows = list(summary.iter_rows(named=True))
    tests = [(i, c) for c in seats + strategies for i, row in enumerate(rows) if row.get(f"{c} p") is not None]
    adjusted = dict(zip(tests, holm([rows[i][f"{c} p"] for i, c in tests])))

    def beyond_noise(i: int, c: str, table: str) -> bool:
        return rows[i][table] is not None and rows[i][table] < ALPHA and adjusted.get((i, c), 1.0) < ALPHA

    for i, row in enumerate(rows):
        where = ", ".join(f"{k} = {row[k]}" for k in keys)
        fair = _fair_share(row, players)
        for c in seats:
            v = row[c]
            if abs(v - fair) > t.seat_share * fair and beyond_noise(i, c, "seat fairness p"):
                side = "more" if v > fair else "less"
                found.setdefault(f"{c.removesuffix(' win rate').capitalize()} wins {side} often than its fair "
                                 f"share (threshold: more than {100 * t.seat_share:g}% of the fair share away)",
                                 []).append(f"{where} ({100 * v:.1f}%, fair {100 * fair:.1f}%)")
        for c in strategies:
            v = row[c]
            if v is None or not beyond_noise(i, c, "strategy fairness p"):
                continue
            name = c.removeprefix("strategy ").removesuffix(" win rate")
            if v > (1 + t.strategy_strong) * fair:
                found.setdefault(f"Strategy `{name}` is much stronger than the field (threshold: more than "
                                 f"{1 + t.strategy_strong:g}x the fair share)", []).append(
                    f"{where} ({100 * v:.1f}%)")
            elif v < (1 - t.strategy_weak) * fair:
                found.setdefault(f"Strategy `{name}` is much weaker than the field (threshold: less than "
                                 f"{1 - t.strategy_weak:g}x the fair share)", []).append(f"{where} ({100 * v:.1f}%)")
    total = summary.height
    out = []
    for finding, points in found.items():
        rule, _, threshold = finding.partition(" (threshold: ")
        share = "at every point" if len(points) == total else f"at {len(points)} of {total} points"
        out.append(Callout("warning", f"{rule} {share}: " + "; ".join(points) + ".",
                           f"Raised by: {threshold.rstrip(')')}, and beyond the noise (the point's chi-square test "
                           f"and the exact binomial test, Holm-adjusted across every point, both give p < 0.05)."))
    if not out:
        out.append(Callout("note", "No point crosses a flag threshold beyond the noise: seat win rates stay within "
                                   f"{100 * t.seat_share:g}% of the fair share (or within the noise) and no strategy "
                                   f"is far stronger or weaker than the field, at every point."))
    return out


def _draw_lines(summary: pl.DataFrame, key: str, columns: list[str], ylabel: str, rate: bool, fair=None):
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
            label = c.removesuffix(" win rate").removesuffix(" mean score").removeprefix("strategy ")
            if numeric:
                ax.plot(x, y, marker="o", markersize=3.5, color=F.color(i), label=label, linewidth=1.4)
                ax.fill_between(x, lo, hi, color=F.color(i), alpha=0.2, linewidth=0)
            else:
                ax.errorbar(x + 0.06 * (i - len(columns) / 2), y, yerr=[y - lo, hi - y], fmt="o", capsize=3,
                            color=F.color(i), label=label)
        if fair is not None:
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


def _draw_heatmap(summary: pl.DataFrame, keys: list[str], value, label: str, centre=None, rate=True):
    k1, k2 = keys
    rows = list(dict.fromkeys(summary[k2].to_list()))
    cols = list(dict.fromkeys(summary[k1].to_list()))
    grid = np.full((len(rows), len(cols)), np.nan)
    for row in summary.iter_rows(named=True):
        grid[rows.index(row[k2]), cols.index(row[k1])] = value(row)

    def draw(fig):
        finite = grid[np.isfinite(grid)]
        vmin, vmax = (finite.min(), finite.max()) if finite.size else (0, 1)
        if vmin == vmax:
            vmin, vmax = vmin - 1e-9, vmax + 1e-9
        ax = fig.subplots()
        F.annotated_heatmap(ax, grid, rows, cols, label, percent_cells=rate,
                            cmap="RdBu_r" if centre is not None else "viridis", vmin=vmin, vmax=vmax)
        ax.set_xlabel(k1)
        ax.set_ylabel(k2)

    return draw


def build_sweep_document(summary: pl.DataFrame, meta: dict) -> Document:
    sc = meta["scenario"]
    keys = [v["key"] for v in meta["vary"]]
    players = sc["players"]
    seats = _columns(summary, " win rate", "seat ")
    # strategies whose label changes with the varied values (a varied parameter) cannot be followed
    strategies = [c for c in _columns(summary, " win rate", "strategy ") if summary[c].null_count() == 0]
    scores = _columns(summary, " mean score", "seat ")
    glance = Section("At a glance", [
        KeyNumbers([("points", f"{summary.height}", " × ".join(f"{len(v['values'])} {v['key']}" for v in meta["vary"])),
                    ("games per point", f"{summary['games'].min():,}" + (
                        f"-{summary['games'].max():,}" if summary["games"].n_unique() > 1 else ""),
                     "until the asked precision" if meta.get("until_ci") else "same seed at every point"),
                    ("seed", str(sc["seed"]), "the same at every point")]),
        *point_flags(summary, keys, players),
    ])
    about = Section("The sweep", [
        Text(f"Scenario `{sc['name']}` ({sc['game']}, {players} players), run at every combination of the varied "
             f"values below. Every point plays with seed {sc['seed']}; points share their dice only until they first play "
             f"differently in a batch, so a difference between two points carries about the noise of two independent "
             f"runs. Bands and error bars are 95% intervals (Wilson for rates, normal for means)."),
        Table(["varied value", "values"], [[v["key"], ", ".join(str(x) for x in v["values"])] for v in meta["vary"]]),
    ])
    sections = [glance, about]
    fair = np.array([_fair_share(r, players) for r in summary.iter_rows(named=True)])
    if len(keys) == 1:
        key = keys[0]
        figs = [Plot(_draw_lines(summary, key, seats, "win rate", True, fair), 2.8,
                     f"Win rate by seat against {key}, with 95% bands; dashed: the fair share.")]
        if len(strategies) > 1:
            figs.append(Plot(_draw_lines(summary, key, strategies, "win rate (per seat played)", True, fair), 2.8,
                             f"Win rate by strategy against {key}, with 95% bands."))
        figs += [Plot(_draw_lines(summary, key, ["game length (turns)"], "mean game length (turns)", False), 2.3,
                      f"Mean game length against {key}, with its 95% band."),
                 Plot(_draw_lines(summary, key, scores, "mean final score", False), 2.6,
                      f"Mean final score by seat against {key}, with 95% bands."),
                 Plot(_draw_lines(summary, key, ["lead changes per game"], "lead changes per game", False), 2.3,
                      f"Lead changes per game against {key}, with its 95% band.")]
        sections.append(Section(f"What changes with {key}", figs))
    elif len(keys) == 2:
        spread = lambda r: max(r[c] for c in seats) - min(r[c] for c in seats)  # noqa: E731
        sections.append(Section(f"What changes with {keys[0]} and {keys[1]}", [
            Plot(_draw_heatmap(summary, keys, lambda r: r["seat 1 win rate"], "seat 1 win rate", centre=True), 3.0,
                 "Seat 1's win rate at each point (first-seat advantage)."),
            Plot(_draw_heatmap(summary, keys, spread, "seat spread"), 3.0,
                 "Seat spread: the best seat's win rate minus the worst seat's."),
            Plot(_draw_heatmap(summary, keys, lambda r: r["game length (turns)"], "mean turns", rate=False), 3.0,
                 "Mean game length (turns) at each point."),
        ]))
    else:
        sections.append(Section("What changes", [Text("With more than two varied values the points are listed in the "
                                                      "table below; sweep one or two values at a time for figures.")]))
    rows = []
    for r in summary.iter_rows(named=True):
        cells = [str(r[k]) for k in keys] + [f"{r['games']:,}"]
        cells += ["-" if r[c] is None else f"{100 * r[c]:.1f}% ±{50 * (r[c + ' hi'] - r[c + ' lo']):.1f}"
                  for c in seats + (strategies if len(strategies) > 1 else [])]
        cells.append(f"{r['game length (turns)']:.2f}")
        rows.append(cells)
    names = [c.removesuffix(" win rate").removeprefix("strategy ") for c in seats + (
        strategies if len(strategies) > 1 else [])]
    sections.append(Section("Every point", [Table([*keys, "games", *names, "turns"], rows,
                                                  caption="Win rates with the half-width of their 95% interval; "
                                                          "each point's run folder holds its full report data.")]))
    for i, s in enumerate(sections):
        s.id = f"s{i + 1}"
    when = datetime.now(timezone.utc).strftime("%Y-%m-%d")
    return Document(title=f"Sweep: {sc['name']}",
                    subtitle=f"{sc['game']} · {players} players · {summary.height} points · seed {sc['seed']} · "
                             f"reported {when}", sections=sections)


def write_sweep_report(sweep, formats=FORMATS) -> dict:
    """Write ``sweep.html`` / ``sweep.pdf`` into the sweep folder; return {format: path}."""
    from balance.report import write_document

    return write_document(build_sweep_document(sweep.summary, sweep.meta), sweep.dir, "sweep", formats)
