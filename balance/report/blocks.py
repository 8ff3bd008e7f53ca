"""The pieces a report is made of, rendered the same way to HTML and to PDF.

A game adds its own report sections through ``GameSpec.report_sections``: a tuple of
:class:`ReportSection`, each a title and a ``build(games, meta)`` callable that receives the run's
games as a polars LazyFrame and its ``run.json`` and returns a list of blocks (:class:`Text`,
:class:`Table`, :class:`Plot`).  Aggregate with polars (``group_by(...).agg(...)``) and draw
from the small result: never collect the games themselves.

Example::

    def busts_by_seat(games, meta):
        n = meta["scenario"]["players"]
        means = games.select([pl.col(f"busts_{s}").mean() for s in range(1, n + 1)]).collect().row(0)
        def draw(fig):
            ax = fig.subplots()
            ax.bar([f"seat {s}" for s in range(1, n + 1)], means)
        return [Text("Busts per game by seat."), Plot(draw, height=2.2, caption="Mean busts per game")]

    GameSpec(..., report_sections=(ReportSection("Busts", busts_by_seat),))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Union

import polars as pl


@dataclass
class Text:
    """A paragraph.  ``kind``: ``p`` (body text) or ``muted`` (a small explanatory note)."""

    text: str
    kind: str = "p"


@dataclass
class Table:
    """A table of already formatted cells; ``align`` is one of ``l``/``r`` per column (default: first left)."""

    columns: list[str]
    rows: list[list[str]]
    caption: str = ""
    align: list[str] | None = None

    def alignment(self) -> list[str]:
        return self.align or ["l"] + ["r"] * (len(self.columns) - 1)


@dataclass
class Plot:
    """A figure: ``draw(fig)`` draws into a matplotlib Figure or SubFigure (use ``fig.subplots``)
    that is ``height`` inches tall and the page's width (about 7 inches) wide."""

    draw: Callable[[Any], None]
    height: float
    caption: str = ""


@dataclass
class Callout:
    """A flag: ``severity`` ``warning`` or ``note``, the finding, and the threshold that raised it."""

    severity: str
    text: str
    detail: str = ""


@dataclass
class Verdict:
    """The answer first: one paragraph in plain words; ``kind`` ``warning`` (out of balance), ``ok`` or ``note``."""

    kind: str
    text: str


@dataclass
class KeyNumbers:
    """A row of headline numbers: (label, value, note)."""

    items: list[tuple[str, str, str]]


Block = Union[Text, Table, Plot, Callout, KeyNumbers, Verdict]


@dataclass
class Section:
    title: str
    blocks: list[Block] = field(default_factory=list)
    id: str = ""


@dataclass
class Document:
    title: str
    subtitle: str
    sections: list[Section]


@dataclass(frozen=True)
class ReportSection:
    """A game's own report section (see the module docstring): ``build(games, meta) -> [blocks]``."""

    title: str
    build: Callable[[pl.LazyFrame, dict[str, Any]], list[Block]]
