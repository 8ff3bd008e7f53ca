"""The short human summary printed at the end of ``balance run``."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from balance.analysis.summary import Summary


def print_summary(summary: Summary, run_dir, console: Console | None = None) -> None:
    console = console or Console()
    meta = summary.meta
    sc = meta["scenario"]
    rate = meta.get("games_per_second")
    console.print(f"[bold]{sc['name']}[/bold] ({sc['game']}, {summary.players} players): "
                  f"{summary.games:,} games, seed {sc['seed']}, {meta.get('wall_seconds', 0):.1f} s"
                  + (f", {rate:,} games/s" if rate else ""))
    fair = 1 / summary.players
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
        strategies.add_row(label, f"{played:,}", f"{100 * est.value:.2f}%", f"{100 * est.lo:.2f}-{100 * est.hi:.2f}%")
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
    console.print(f"Results: {run_dir}")
