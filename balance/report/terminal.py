"""The short human summary printed at the end of ``balance run``.

Names and folders are the designer's text, escaped: ``[red]`` in a seat's name is not markup.
"""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from balance.analysis.summary import Summary


def print_summary(summary: Summary, run_dir, console: Console | None = None) -> None:
    console = console or Console()
    meta = summary.meta
    sc = meta["scenario"]
    rate = meta.get("games_per_second")
    console.print(f"[bold]{escape(sc['name'])}[/bold] ({sc['game']}, {summary.players} players): "
                  f"{summary.games:,} games, seed {sc['seed']}, {meta.get('wall_seconds', 0):.1f} s"
                  + (f", {rate:,} games/s" if rate else ""))
    if meta.get("until_ci"):
        reached = "every win rate's 95% interval is within" if meta.get("reached_precision") else \
            "the cap was reached before every win rate's 95% interval was within"
        console.print(f"Stopped at {summary.games:,} of at most {meta['games_cap']:,} games: {reached} "
                      f"±{100 * meta['until_ci']:g} points", soft_wrap=True)
    fair = summary.fair_share
    seats = Table(title="Win rate by seat (95% Wilson interval)", title_justify="left")
    for col in ("seat", "win rate", "95% interval", "vs fair share"):
        seats.add_column(col, justify="right")
    for s, est in enumerate(summary.seat_wins, start=1):
        seats.add_row(str(s), f"{100 * est.value:.2f}%", f"{100 * est.lo:.2f}-{100 * est.hi:.2f}%",
                      f"{100 * (est.value - fair):+.2f} pts")
    console.print(seats)
    console.print(f"Seat fairness: chi-square {summary.fairness_chi2:.1f}, p = {summary.fairness_p:.3g}"
                  f" (fair share {100 * fair:.1f}% each)")
    strategies = Table(title="Win rate by strategy (per seat played)", title_justify="left")
    for col in ("strategy", "seats played", "win rate", "95% interval"):
        strategies.add_column(col, justify="right")
    for label, (played, est) in summary.strategy_wins.items():
        strategies.add_row(escape(label), f"{played:,}", f"{100 * est.value:.2f}%",
                           f"{100 * est.lo:.2f}-{100 * est.hi:.2f}%")
    console.print(strategies)
    q = summary.turns_quantiles
    m = summary.turns_mean
    console.print(f"Game length (turns): mean {m.value:.2f} ({m.lo:.2f}-{m.hi:.2f}); "
                  f"5% {q[0.05]:g}, 25% {q[0.25]:g}, median {q[0.5]:g}, 75% {q[0.75]:g}, 95% {q[0.95]:g}; "
                  f"range {summary.turns_range[0]}-{summary.turns_range[1]}")
    reasons = ", ".join(f"{name} {100 * n / summary.games:.2f}% ({n:,})" for name, n in summary.end_reasons.items())
    console.print(f"End reasons: {reasons}")
    if summary.no_winner.value > 0:
        console.print(f"No winner (draw or timeout): {summary.no_winner.pct()}")
    console.print(f"Results: {escape(str(run_dir))}")


def print_comparison(comparison, dir_a, dir_b, console: Console | None = None) -> None:
    """The differences B - A, each with its interval and p-value, and the verdict in words."""
    console = console or Console()
    how = "paired game by game (same seeds)" if comparison.paired else \
        "as independent samples (the runs do not share seeds and game counts)"
    console.print(f"A: {escape(str(dir_a))} ({comparison.games_a:,} games)\nB: {escape(str(dir_b))} "
                  f"({comparison.games_b:,} games)\n"
                  f"Compared {how}; significant = Holm-adjusted p < 0.05 over {len(comparison.differences)} metrics.")
    table = Table(title="B - A (rates in percentage points)", title_justify="left")
    table.add_column("metric")
    for col in ("A", "B", "B - A [95% interval]", "p", "p (Holm)", "sig."):
        table.add_column(col, justify="right")
    for d in comparison.differences:
        pct = d.metric in comparison.rates
        f = (lambda x: f"{100 * x:.2f}%") if pct else (lambda x: f"{x:.4g}")
        fd = (lambda x: f"{100 * x:+.2f}") if pct else (lambda x: f"{x:+.3g}")
        table.add_row(escape(d.metric), f(d.a), f(d.b), f"{fd(d.diff.value)} [{fd(d.diff.lo)}, {fd(d.diff.hi)}]",
                      f"{d.p:.2g}", f"{d.p_holm:.2g}", "yes" if d.significant else "no")
    console.print(table)
    if comparison.significant:
        console.print("Significant differences:")
        for d in comparison.significant:
            console.print("  " + escape(d.words(d.metric in comparison.rates)))
    else:
        console.print("No significant difference: B plays like A within the noise of these games.")


def print_sweep(result, console: Console | None = None) -> None:
    """Each point's win rates by seat, then by strategy, and game length, one row per point."""
    console = console or Console()
    summary = result.summary
    rates = [c for c in summary.columns if c.endswith("win rate")]
    seats = [c for c in rates if not c.startswith("strategy ")]
    strategies = [c for c in rates if c.startswith("strategy ")]

    def rate(row, c):  # a strategy that does not play at this point has no rate
        if row[c] is None:
            return "-"
        return f"{100 * row[c]:.1f}% ±{50 * (row[c + ' hi'] - row[c + ' lo']):.1f}"

    for by, group in (("seat", seats), ("strategy", strategies)):
        if not group or (by == "strategy" and len(group) < 2):
            continue
        table = Table(title=f"Sweep over {escape(', '.join(result.keys))} ({summary.height} points, same seed): "
                            f"win rate by {by} ±95% interval", title_justify="left")
        for col in (*result.keys, "games", *[c.removesuffix(" win rate").removeprefix("strategy ") for c in group],
                    "turns"):
            table.add_column(escape(col), justify="right", overflow="fold")
        for row in summary.iter_rows(named=True):
            table.add_row(*[escape(str(row[k])) for k in result.keys], f"{row['games']:,}",
                          *[rate(row, c) for c in group],
                          f"{row['game length (turns)']:.1f}")
        console.print(table)
    console.print(f"Sweep folder: {escape(str(result.dir))} (summary.parquet, one run folder per point)")
