"""The comparison report (``compare.html`` / ``compare.pdf``): the verdict, what differs between the two
scenarios, and every metric with its difference, interval, unadjusted and Holm-adjusted p-values and
minimum meaningful effect, side by side.  Rendered like a run's report."""

from __future__ import annotations

import math
from datetime import datetime, timezone
from functools import partial
from pathlib import Path

import numpy as np

from balance.analysis.compare import Comparison, scenario_diff
from balance.analysis.verdict import compare_verdict
from balance.report import figures as F
from balance.report.blocks import Document, KeyNumbers, Plot, Section, Table, Text, Verdict
from balance.report.fmt import p_value

FORMATS = ("html", "pdf")


def _fmt(c: Comparison, metric: str):
    """(value, difference) formatters: rates as percentages and points, means to 4 significant digits."""
    if metric in c.rates:
        return (lambda x: f"{100 * x:.2f}%"), (lambda x: f"{100 * x:+.2f}")
    return (lambda x: f"{x:,.4g}"), (lambda x: f"{x:+,.3g}")


def draw_differences(fig, c: Comparison) -> None:
    """Each difference in units of its minimum effect, with its interval; the band is "too small to matter"."""
    ds = [d for d in c.differences if d.min_effect and math.isfinite(d.min_effect)]
    ax = fig.subplots()
    y = np.arange(len(ds))[::-1]
    ax.axvspan(-1, 1, color="#e8eef4", zorder=0)
    ax.annotate("too small to matter", (0, 1.0), xycoords=("data", "axes fraction"), xytext=(0, 2),
                textcoords="offset points", ha="center", va="bottom", fontsize=7, color=F.FAIR)
    ax.axvline(0, color=F.FAIR, linewidth=0.8)
    for yy, d in zip(y, ds):
        m = d.min_effect
        colour = F.PALETTE[3] if d.meaningful else F.PALETTE[0] if d.significant else "#777777"
        ax.errorbar([d.diff.value / m], [yy], xerr=[[(d.diff.value - d.diff.lo) / m], [(d.diff.hi - d.diff.value) / m]],
                    fmt="o", color=colour, markersize=4, capsize=2.5, linewidth=1.1)
    ax.set_yticks(y, [d.metric for d in ds])
    span = max([3.0, *[max(abs(d.diff.lo), abs(d.diff.hi)) / d.min_effect for d in ds]])
    ax.set_xlim(-min(span * 1.1, 50), min(span * 1.1, 50))
    ax.set_xlabel("B − A, in multiples of the metric's minimum effect (intervals beyond ±50 are cut)")
    ax.grid(axis="y", visible=False)
    ax.tick_params(axis="y", labelsize=7.5)


def build_compare_document(c: Comparison, meta_a: dict, meta_b: dict, dir_a, dir_b) -> Document:
    kind, verdict = compare_verdict(c)
    sa, sb = meta_a["scenario"], meta_b["scenario"]
    how = ("paired game by game (same seed, games and batches): each interval comes from the per-game differences"
           if c.paired else "as independent samples (the runs differ in seed, games or batches): Welch intervals")
    glance = Section("At a glance", [
        Verdict(kind, verdict),
        KeyNumbers([
            ("changed", f"{len(c.meaningful)} of {len(c.differences)}", "metrics, by more than the minimum effect"),
            ("beyond the noise", f"{len(c.significant)}", "metrics with a Holm-adjusted p below 0.05"),
            ("games", f"{c.games_a:,}" + (f" / {c.games_b:,}" if c.games_b != c.games_a else ""),
             "in A" + (" and in B" if c.games_b == c.games_a else " / in B")),
            ("compared", "paired" if c.paired else "independent", "same seeds" if c.paired else "different seeds"),
        ]),
        Text(f"A: {sa['name']} ({dir_a}). B: {sb['name']} ({dir_b}). Compared {how}."),
    ], id="glance")
    diff = scenario_diff(meta_a, meta_b)
    what = Section("What differs between A and B", [
        Table(["setting", "A", "B"], [list(r) for r in diff], align=["l", "l", "l"],
              caption=f"{len(diff)} setting{'s differ' if len(diff) != 1 else ' differs'} (rules, seats, players, "
                      f"the plan)")
        if diff else Text("The two runs play the same scenario with the same plan: any difference is noise."),
    ], id="diff")
    rows = []
    for d in c.differences:
        f, fd = _fmt(c, d.metric)
        rows.append([d.metric, f(d.a), f(d.b), fd(d.diff.value), f"{fd(d.diff.lo)} to {fd(d.diff.hi)}",
                     p_value(d.p).removeprefix("p = ").removeprefix("p "),
                     p_value(d.p_holm).removeprefix("p = ").removeprefix("p "),
                     "±" + fd(d.min_effect).lstrip("+") if math.isfinite(d.min_effect) else "–", d.short_verdict])
    metrics = Section("Every metric", [
        Plot(partial(draw_differences, c=c), 0.24 * len(c.differences) + 0.9,
             caption="Each metric's difference B − A with its 95% interval, in multiples of its minimum meaningful "
                     "effect: inside the shaded band a change is too small to matter. Orange: a change that matters "
                     "(significant and at least the minimum effect); blue: significant but smaller; grey: not "
                     "significant."),
        Table(["metric", "A", "B", "B − A", "95% interval", "p (unadjusted)", "p (Holm-adjusted)", "minimum effect",
               "verdict"], rows, align=["l", "r", "r", "r", "r", "r", "r", "r", "l"],
              caption="Every metric, side by side (differences of rates in percentage points)"),
        Text("Verdict: higher or lower, a change that matters; (< min), beyond the noise but smaller than the minimum "
             "effect; no change, the whole interval within the minimum effect; unclear, not beyond the noise but the "
             "interval reaches past the minimum effect (more games would tell). "
             "p (unadjusted) is each metric's own test; p (Holm-adjusted) corrects it for testing "
             f"{len(c.differences)} metrics at once (Holm 1979), and a difference is beyond the noise when the "
             f"adjusted p is below 0.05. A change is called higher or lower only when it is beyond the noise and at "
             f"least the minimum effect: {c.min_effect.describe()} (set with --min-effect, e.g. --min-effect "
             f"rates=0.02 --min-effect means=0.05, or a metric by name, e.g. --min-effect 'game length (turns)=0.5')."
             , "muted"),
    ], id="metrics")
    method = Section("Method", [Text(
        "Metrics: each seat's and each strategy's win rate, the draw-or-timeout rate, game length, lead changes and "
        "each seat's mean score. Paired runs (same seed, games and batch size): the interval of each difference "
        "comes from the per-game differences (B's game i minus A's game i), a strategy's from the delta method; runs "
        "that cannot be paired are compared as independent samples (Welch). Today the games of a batch share one "
        "random stream, so a variant that plays differently soon plays different dice: the pairing then narrows "
        "the intervals little (docs/results.md, 'what is paired').", "muted")], id="method")
    when = datetime.now(timezone.utc).strftime("%Y-%m-%d")
    return Document(title=f"Compare: {sa['name']} against {sb['name']}",
                    subtitle=f"{sa['game']} · A {c.games_a:,} games, B {c.games_b:,} games · reported {when}",
                    sections=[glance, what, metrics, method])


def write_compare_report(c: Comparison, run_a, run_b, folder: Path, formats=FORMATS) -> dict:
    """Write ``compare.html`` / ``compare.pdf`` into ``folder``; return {format: path}."""
    from balance.report import write_document

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    doc = build_compare_document(c, run_a.meta, run_b.meta, run_a.dir, run_b.dir)
    return write_document(doc, folder, "compare", formats)
