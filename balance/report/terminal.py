"""The short human summary printed at the end of ``balance run``.

Names and folders are the designer's text, escaped: ``[red]`` in a seat's name is not markup.
"""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from balance.analysis.flags import Flag, find_flags
from balance.analysis.metrics import Analysis
from balance.analysis.verdict import run_verdict
from balance.report.fmt import players

VERDICT_COLOUR = {"warning": "red", "note": "yellow", "ok": "green"}


def print_summary(a: Analysis, run_dir, console: Console | None = None, flags: list[Flag] | None = None) -> None:
    """The verdict and the flags first, then the sides (in a game of fixed roles), seats and strategies."""
    console = console or Console()
    summary = a.summary
    meta = summary.meta
    sc = meta["scenario"]
    rate = meta.get("games_per_second")
    console.print(f"[bold]{escape(sc['name'])}[/bold] ({sc['game']}, {players(summary.players)}): "
                  f"{summary.games:,} games, seed {sc['seed']}, {meta.get('wall_seconds', 0):.1f} s"
                  + (f", {rate:,} games/s" if rate else ""))
    if meta.get("until_ci"):
        reached = "every win rate's 95% interval is within" if meta.get("reached_precision") else \
            "the cap was reached before every win rate's 95% interval was within"
        console.print(f"Stopped at {summary.games:,} of at most {meta['games_cap']:,} games: {reached} "
                      f"±{100 * meta['until_ci']:g} points", soft_wrap=True)
    flags = find_flags(a) if flags is None else flags
    kind, verdict = run_verdict(a, flags)
    console.print(f"[bold {VERDICT_COLOUR[kind]}]Verdict:[/] {escape(verdict)}", soft_wrap=True)
    for f in flags:
        console.print(f"  [{VERDICT_COLOUR[f.severity]}]{f.severity}:[/] {escape(f.text)}", soft_wrap=True)
    if a.has_sides:
        sides = Table(title="Win rate by side (95% Wilson interval)", title_justify="left")
        for col in ("side", "seats", "win rate", "95% interval", "seats' share"):
            sides.add_column(col, justify="right")
        for side in a.sides:
            sides.add_row(escape(side.name), ", ".join(map(str, side.seats)), f"{100 * side.rate.value:.2f}%",
                          f"{100 * side.rate.lo:.2f}-{100 * side.rate.hi:.2f}%", f"{100 * side.fair:.2f}%")
        console.print(sides)
    if a.players > 1:  # a solo game's one seat wins every decided game: the verdict gives its score
        seats = Table(title="Win rate by seat (95% Wilson interval)", title_justify="left")
        fair_col = "vs its role's even split" if a.has_sides else "vs fair share"
        for col in ("seat", *(["role"] if a.has_sides else []), "win rate", "95% interval", fair_col):
            seats.add_column(col, justify="right")
        for s, est in enumerate(summary.seat_wins, start=1):
            alone = len(a.role_seats(s)) < 2
            seats.add_row(str(s), *([escape(a.roles[s - 1])] if a.has_sides else []), f"{100 * est.value:.2f}%",
                          f"{100 * est.lo:.2f}-{100 * est.hi:.2f}%",
                          "-" if alone else f"{100 * (est.value - a.seat_fair[s - 1]):+.2f} pts")
        console.print(seats)
        for role, (chi2, p) in a.role_fairness.items():
            what = f"{role.capitalize()} seats' fairness" if role else "Seat fairness"
            console.print(f"{escape(what)}: chi-square {chi2:.1f}, p = {p:.3g}"
                          + (f" (fair share {100 * summary.fair_share:.1f}% each)" if not role else
                             f" (an even split of the {escape(role)}s' wins)"))
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
    """The verdict first, then the differences B - A, each with its interval, both p-values and the minimum effect."""
    from balance.analysis.verdict import compare_verdict

    console = console or Console()
    how = "paired game by game (same seeds)" if comparison.paired else \
        "as independent samples (the runs do not share seeds and game counts)"
    console.print(f"A: {escape(str(dir_a))} ({comparison.games_a:,} games)\nB: {escape(str(dir_b))} "
                  f"({comparison.games_b:,} games)\n"
                  f"Compared {how}; a change must be beyond the noise (Holm-adjusted p < 0.05 over "
                  f"{len(comparison.differences)} metrics) and at least the minimum effect "
                  f"({escape(comparison.min_effect.describe())}).", soft_wrap=True)
    kind, verdict = compare_verdict(comparison)
    console.print(f"[bold {VERDICT_COLOUR[kind]}]Verdict:[/] {escape(verdict)}", soft_wrap=True)
    table = Table(title="B - A (rates in percentage points)", title_justify="left")
    table.add_column("metric")
    for col in ("A", "B", "B - A [95% interval]", "p", "p (Holm)", "min. effect", "verdict"):
        table.add_column(col, justify="right" if col != "verdict" else "left")
    for d in comparison.differences:
        pct = d.metric in comparison.rates
        f = (lambda x: f"{100 * x:.2f}%") if pct else (lambda x: f"{x:.4g}")
        fd = (lambda x: f"{100 * x:+.2f}") if pct else (lambda x: f"{x:+.3g}")
        table.add_row(escape(d.metric), f(d.a), f(d.b), f"{fd(d.diff.value)} [{fd(d.diff.lo)}, {fd(d.diff.hi)}]",
                      f"{d.p:.2g}", f"{d.p_holm:.2g}", "±" + fd(d.min_effect).lstrip("+"), d.short_verdict)
    console.print(table)
    console.print("p: each metric's own test; p (Holm): adjusted for testing them all. (< min): beyond the noise but "
                  "smaller than the minimum effect; unclear: not beyond the noise, and the interval reaches past "
                  "the minimum effect.", soft_wrap=True)
    if comparison.meaningful:
        console.print("Changes that matter:")
        for d in comparison.meaningful:
            console.print("  " + escape(d.words(d.metric in comparison.rates)), soft_wrap=True)


def print_sweep(result, console: Console | None = None) -> None:
    """The verdict and the points out of balance first, then each point's win rates by side (in a game of
    fixed roles), seat and strategy, and game length, one row per point."""
    from balance.analysis.sides import groups, seat_roles, side_name, spec_of
    from balance.report.sweep import point_findings, sweep_verdict

    console = console or Console()
    summary = result.summary
    meta = result.meta
    spec = spec_of(meta)
    roles = seat_roles(meta, spec)
    side_seats = {f"side {side_name(role, len(s), spec)} win rate": len(s) for role, s in groups(roles).items()}
    findings = point_findings(summary, result.keys, meta["scenario"]["players"], roles=roles, side_seats=side_seats)
    kind, verdict = sweep_verdict(findings, summary.height)
    console.print(f"[bold {VERDICT_COLOUR[kind]}]Verdict:[/] {escape(verdict)}", soft_wrap=True)
    for f in findings:
        console.print(f"  [red]warning:[/] {escape(f.rule)} at {len(f.points)} of {summary.height} points",
                      soft_wrap=True)
    rates = [c for c in summary.columns if c.endswith("win rate")]
    sides = [c for c in rates if c.startswith("side ")]
    seats = sides + [c for c in rates if c.startswith("seat ")]
    strategies = [c for c in rates if c.startswith("strategy ")]

    def rate(row, c):  # a strategy that does not play at this point has no rate
        if row[c] is None:
            return "-"
        digits = 2 if row[c + " hi"] < 0.01 else 1
        return f"{100 * row[c]:.{digits}f}% ±{50 * (row[c + ' hi'] - row[c + ' lo']):.{digits}f}"

    for by, group in (("side and seat" if sides else "seat", seats), ("strategy", strategies)):
        if not group or (by == "strategy" and len(group) < 2):
            continue
        table = Table(title=f"Sweep over {escape(', '.join(result.keys))} ({summary.height} points, same seed): "
                            f"win rate by {by} ±95% interval", title_justify="left")
        for col in (*result.keys, "games", *[c.removesuffix(" win rate").removeprefix("strategy ").removeprefix("side ")
                                             for c in group], "turns"):
            table.add_column(escape(col), justify="right", overflow="fold")
        for row in summary.iter_rows(named=True):
            table.add_row(*[escape(str(row[k])) for k in result.keys], f"{row['games']:,}",
                          *[rate(row, c) for c in group],
                          f"{row['game length (turns)']:.1f}")
        console.print(table)
    console.print(f"Sweep folder: {escape(str(result.dir))} (summary.parquet, one run folder per point)")
