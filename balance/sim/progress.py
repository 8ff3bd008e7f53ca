"""A progress bar for long runs: games done, games per second, time left."""

from __future__ import annotations


from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, TextColumn, TimeElapsedColumn, \
    TimeRemainingColumn
from rich.text import Text


class RateColumn(ProgressColumn):
    def render(self, task) -> Text:
        speed = task.finished_speed or task.speed
        return Text(f"{speed:,.0f} games/s" if speed else "- games/s", style="progress.data.speed")


class GameProgress:
    """``with GameProgress(total, already_done) as bar: bar.advance(n)``; silent when disabled."""

    def __init__(self, total: int, done: int = 0, enabled: bool = True, label: str = "games"):
        self.enabled = enabled
        console = Console(stderr=True)
        self.progress = Progress(TextColumn("{task.description}", markup=False),  # a scenario's name is not markup
                                 BarColumn(), MofNCompleteColumn(), RateColumn(),
                                 TimeElapsedColumn(), TextColumn("left"), TimeRemainingColumn(),
                                 console=console, disable=not enabled, transient=False)
        self.task = self.progress.add_task(label, total=total, completed=done)

    def __enter__(self):
        self.progress.__enter__()
        return self

    def __exit__(self, *exc):
        return self.progress.__exit__(*exc)

    def advance(self, n: int) -> None:
        self.progress.advance(self.task, n)

    def set_total(self, total: int) -> None:
        self.progress.update(self.task, total=total)
