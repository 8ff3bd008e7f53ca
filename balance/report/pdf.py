"""The report as a multi-page A4 PDF drawn with matplotlib only (no system libraries).

Blocks are laid out top to bottom on pages: text and tables are drawn as text at measured
positions (tables split across pages, repeating their header), each plot gets a subfigure of its
own height so matplotlib's constrained layout arranges its axes.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, BinaryIO

from matplotlib.backends.backend_pdf import PdfPages
from matplotlib.figure import Figure
from matplotlib.patches import FancyBboxPatch, Rectangle

from balance import __version__
from balance.report.blocks import Callout, Document, KeyNumbers, Plot, Table, Text
from balance.report.figures import style

PAGE_W, PAGE_H = 8.27, 11.69  # A4, inches
MARGIN_X, TOP, BOTTOM = 0.7, 0.75, 0.7
WIDTH = PAGE_W - 2 * MARGIN_X
INK, MUTED, LINE, SOFT, ACCENT = "#1d2330", "#5d6470", "#cdd3da", "#f3f5f7", "#0173b2"
SEVERITY = {"warning": ("#b45309", "#fff7ed"), "note": ("#1e5f8c", "#eef6fc"), "ok": ("#1f7a4d", "#edf8f1")}
CHAR = 0.58  # average glyph width of DejaVu Sans, in em: for wrapping text to a width
GAP = 0.12  # inches between blocks


def _chars(width_in: float, size: float) -> int:
    return max(4, int(width_in * 72 / (size * CHAR)))


def _lh(size: float) -> float:
    """Line height in inches."""
    return size * 1.4 / 72


def _wrap(text: str, width_in: float, size: float) -> list[str]:
    lines = []
    for para in str(text).replace("`", "").split("\n"):
        lines += textwrap.wrap(para, _chars(width_in, size), break_long_words=True) or [""]
    return lines


@dataclass
class Item:
    """A piece of a page: what to draw and how tall it is."""

    kind: str
    height: float
    data: Any


# --- measuring and splitting -------------------------------------------------------------------

def _items(block) -> list[Item]:
    """The block as page items (a table may give several, one per page-sized piece)."""
    if isinstance(block, Text):
        size = 8 if block.kind == "muted" else 9
        lines = _wrap(block.text, WIDTH, size)
        return [Item("text", len(lines) * _lh(size) + GAP, (lines, size, MUTED if block.kind == "muted" else INK))]
    if isinstance(block, Callout):
        text = _wrap(block.text, WIDTH - 0.35, 9)
        detail = _wrap(block.detail, WIDTH - 0.35, 7.5) if block.detail else []
        return [Item("callout", len(text) * _lh(9) + len(detail) * _lh(7.5) + 0.16 + 0.08, (block, text, detail))]
    if isinstance(block, KeyNumbers):
        rows = -(-len(block.items) // 4)
        return [Item("cards", rows * 0.86 + GAP, block.items)]
    if isinstance(block, Plot):
        cap = _wrap(block.caption, WIDTH, 7.5) if block.caption else []
        return [Item("plot", block.height + len(cap) * _lh(7.5) + GAP + 0.05, (block, cap))]
    if isinstance(block, Table):
        return _table_items(block)
    raise TypeError(f"unknown report block {type(block).__name__}")


TABLE_SIZE = 7.5
PAD = 0.05


def _table_layout(t: Table) -> tuple[list[float], list[list[list[str]]], list[list[str]]]:
    """Column widths (inches), each row's cells as wrapped lines, and the wrapped header."""
    ncol = len(t.columns)
    natural = [max([len(str(c))] + [len(str(r[i])) for r in t.rows]) + 2 for i, c in enumerate(t.columns)]
    budget = _chars(WIDTH, TABLE_SIZE)
    widths = list(natural)
    while sum(widths) > budget:  # shrink the widest column until the table fits
        i = max(range(ncol), key=lambda k: widths[k])
        widths[i] = max(8, widths[i] - 1)
        if all(w <= 8 for w in widths):
            break
    if sum(widths) < budget and any(len(c) > 0 for c in t.columns):
        extra = budget - sum(widths)
        widths = [w + extra * w / sum(widths) for w in widths]
    scale = WIDTH / sum(widths)
    inches = [w * scale for w in widths]
    rows = [[_wrap(cell, w - 2 * PAD, TABLE_SIZE) for cell, w in zip(r, inches)] for r in t.rows]
    header = [_wrap(c, w - 2 * PAD, TABLE_SIZE) for c, w in zip(t.columns, inches)]
    return inches, rows, header


def _row_h(cells: list[list[str]]) -> float:
    return max(len(c) for c in cells) * _lh(TABLE_SIZE) + 2 * PAD


def _table_items(t: Table) -> list[Item]:
    widths, rows, header = _table_layout(t)
    cap = _wrap(t.caption, WIDTH, 8) if t.caption else []
    show_header = any(t.columns)
    head_h = _row_h(header) if show_header else 0.0
    cap_h = len(cap) * _lh(8) + (0.04 if cap else 0)
    room = PAGE_H - TOP - BOTTOM - 0.6  # a piece never exceeds one page
    items, piece, h = [], [], cap_h + head_h
    for r in rows:
        rh = _row_h(r)
        if piece and h + rh > room:
            items.append(Item("table", h + GAP, (t, widths, header, piece, cap if not items else [])))
            piece, h = [], head_h
        piece.append(r)
        h += rh
    items.append(Item("table", h + GAP, (t, widths, header, piece, cap if not items else [])))
    return items


# --- drawing -----------------------------------------------------------------------------------

class _Page:
    def __init__(self, doc: Document, number: int):
        self.fig = Figure(figsize=(PAGE_W, PAGE_H), layout="constrained")
        self.fig.get_layout_engine().set(w_pad=0.03, h_pad=0.03, wspace=0, hspace=0)
        self.items: list[tuple[float, Item]] = []
        self.y = TOP
        self.doc, self.number = doc, number

    def room(self) -> float:
        return PAGE_H - BOTTOM - self.y

    def add(self, item: Item) -> None:
        self.items.append((self.y, item))
        self.y += item.height

    def text(self, x: float, y: float, s: str, size: float = 9, **kw):
        """Text at (x, y) inches from the page's top-left corner."""
        kw.setdefault("color", INK)
        kw.setdefault("va", "top")
        self.fig.text(x, PAGE_H - y, s, fontsize=size, transform=self.fig.dpi_scale_trans, **kw)

    def rect(self, x, y, w, h, **kw):
        self.fig.add_artist(Rectangle((x, PAGE_H - y - h), w, h, transform=self.fig.dpi_scale_trans,
                                      linewidth=0, **kw))

    def render(self, pdf: PdfPages, pages: int) -> None:
        fig = self.fig
        self.text(MARGIN_X, 0.38, self.doc.title, 7.5, color=MUTED)
        self.text(PAGE_W - MARGIN_X, 0.38, "balance report", 7.5, color=MUTED, ha="right")
        fig.add_artist(Rectangle((MARGIN_X, PAGE_H - 0.55), WIDTH, 0.012, transform=fig.dpi_scale_trans,
                                 color=ACCENT, linewidth=0))
        self.text(PAGE_W / 2, PAGE_H - 0.38, f"{self.number} / {pages}", 7.5, color=MUTED, ha="center")
        plots = [(y, it) for y, it in self.items if it.kind == "plot"]
        if plots:
            self._subfigures(plots)
        for y, it in self.items:
            getattr(self, f"_draw_{it.kind}")(y, it)
        pdf.savefig(fig)

    def _subfigures(self, plots: list[tuple[float, Item]]) -> None:
        """One subfigure per plot, at its place on the page, from a grid of row bands."""
        heights, kinds, y = [], [], 0.0
        for top, it in plots:
            block = it.data[0]
            if top > y:
                heights.append(top - y)
                kinds.append(None)
            heights.append(block.height)
            kinds.append(block)
            y = top + block.height
        heights.append(PAGE_H - y)
        kinds.append(None)
        grid = self.fig.subfigures(len(heights), 3, height_ratios=heights,
                                   width_ratios=[MARGIN_X, WIDTH, MARGIN_X], wspace=0, hspace=0)
        for row, block in zip(grid, kinds):
            if block is not None:
                block.draw(row[1])

    def _draw_plot(self, y: float, it: Item) -> None:
        block, cap = it.data
        for i, line in enumerate(cap):
            self.text(MARGIN_X, y + block.height + 0.03 + i * _lh(7.5), line, 7.5, color=MUTED)

    def _draw_heading(self, y: float, it: Item) -> None:
        self.text(MARGIN_X, y + 0.08, it.data, 13, weight="bold")
        self.rect(MARGIN_X, y + 0.38, WIDTH, 0.008, color=LINE)

    def _draw_title(self, y: float, it: Item) -> None:
        title, subtitle = it.data
        self.text(MARGIN_X, y, "BALANCE REPORT", 8, color=ACCENT, weight="bold")
        self.text(MARGIN_X, y + 0.2, title, 20, weight="bold")
        self.text(MARGIN_X, y + 0.62, subtitle, 9, color=MUTED)
        self.rect(MARGIN_X, y + 0.9, WIDTH, 0.03, color=ACCENT)

    def _draw_text(self, y: float, it: Item) -> None:
        lines, size, colour = it.data
        for i, line in enumerate(lines):
            self.text(MARGIN_X, y + i * _lh(size), line, size, color=colour)

    def _draw_callout(self, y: float, it: Item) -> None:
        block, text, detail = it.data
        edge, fill = SEVERITY.get(block.severity, SEVERITY["note"])
        h = it.height - 0.08
        self.rect(MARGIN_X, y, WIDTH, h, color=fill)
        self.rect(MARGIN_X, y, 0.05, h, color=edge)
        yy = y + 0.08
        self.text(MARGIN_X + 0.18, yy, block.severity.upper(), 6.5, color=edge, weight="bold", va="top")
        for line in text:
            self.text(MARGIN_X + 0.75, yy, line, 9)
            yy += _lh(9)
        for line in detail:
            self.text(MARGIN_X + 0.75, yy, line, 7.5, color=MUTED)
            yy += _lh(7.5)

    def _draw_cards(self, y: float, it: Item) -> None:
        w, h, gap = (WIDTH - 3 * 0.1) / 4, 0.78, 0.1
        for i, (label, value, note) in enumerate(it.data):
            x = MARGIN_X + (i % 4) * (w + gap)
            top = y + (i // 4) * (h + 0.08)
            self.fig.add_artist(FancyBboxPatch((x, PAGE_H - top - h), w, h, boxstyle="round,pad=0,rounding_size=0.05",
                                               transform=self.fig.dpi_scale_trans, color=SOFT, linewidth=0))
            self.text(x + 0.1, top + 0.08, label.upper(), 6.5, color=MUTED)
            size = 14 if len(value) <= 12 else 10
            self.text(x + 0.1, top + 0.24, value if len(value) <= 24 else value[:23] + "…", size, weight="bold")
            for j, line in enumerate(_wrap(note, w - 0.2, 6.5)[:2]):
                self.text(x + 0.1, top + 0.52 + j * _lh(6.5), line, 6.5, color=MUTED)

    def _draw_table(self, y: float, it: Item) -> None:
        t, widths, header, rows, cap = it.data
        align = t.alignment()
        for line in cap:
            self.text(MARGIN_X, y, line, 8, weight="bold")
            y += _lh(8)
        if cap:
            y += 0.04
        if any(t.columns):
            self._row(y, widths, header, align, MUTED, bold=True)
            y += _row_h(header)
            self.rect(MARGIN_X, y - 0.01, WIDTH, 0.012, color="#9aa3ad")
        for i, cells in enumerate(rows):
            rh = _row_h(cells)
            if i % 2:
                self.rect(MARGIN_X, y, WIDTH, rh, color="#f7f8fa")
            self._row(y, widths, cells, align, INK)
            y += rh
            self.rect(MARGIN_X, y - 0.004, WIDTH, 0.004, color=LINE)

    def _row(self, y, widths, cells, align, colour, bold=False) -> None:
        x = MARGIN_X
        for w, lines, a in zip(widths, cells, align):
            for j, line in enumerate(lines):
                xx, ha = (x + w - PAD, "right") if a == "r" else (x + PAD, "left")
                self.text(xx, y + PAD + j * _lh(TABLE_SIZE), line, TABLE_SIZE, color=colour, ha=ha,
                          weight="bold" if bold else "normal")
            x += w


def render_pdf(doc: Document, path: Path | BinaryIO) -> int:
    """Write the document as a PDF (to a file name or a binary file); return the number of pages."""
    with style():
        pages = _paginate(doc)
        meta = {"Title": doc.title, "Subject": doc.subtitle, "Creator": f"balance {__version__}",
                "CreationDate": datetime.now(timezone.utc)}
        with PdfPages(path, metadata=meta) as pdf:
            for p in pages:
                p.render(pdf, len(pages))
    return len(pages)


def _paginate(doc: Document) -> list[_Page]:
    pages = [_Page(doc, 1)]
    pages[0].add(Item("title", 1.1, (doc.title, doc.subtitle)))
    for section in doc.sections:
        items = [it for b in section.blocks for it in _items(b)]
        heading = Item("heading", 0.5, section.title)
        first = items[0].height if items else 0
        # a heading stays with the section's first block (a table's first piece is at most a page)
        if pages[-1].room() < heading.height + first or (section.id in BREAK_BEFORE and len(pages[-1].items) > 1):
            pages.append(_Page(doc, len(pages) + 1))
        elif pages[-1].items and pages[-1].items[-1][1].kind != "title":
            pages[-1].y += 0.15
        pages[-1].add(heading)
        for it in items:
            if it.height > pages[-1].room():
                pages.append(_Page(doc, len(pages) + 1))
            pages[-1].add(it)
    return pages


BREAK_BEFORE = {"method"}  # sections that start on a fresh page
