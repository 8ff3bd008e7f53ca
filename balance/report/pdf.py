"""The report as an A4 PDF, laid out like the HTML by a layout library (reportlab's platypus).

reportlab flows the blocks onto pages: paragraphs and table cells wrap at spaces, tables split across
pages repeating their header, a heading stays with what follows it, a figure with its caption.  A
table's columns are sized like an HTML table's: each at least as wide as its longest word (so a key
such as ``options.bloob_excess_hits`` never breaks inside), the rest of the width shared in
proportion to what each column would take unwrapped.  The text is DejaVu Sans, the font matplotlib
ships and draws the figures with, so no system font is needed.

Figures stay vector graphics: platypus leaves a box of the figure's size where it goes, and once the
pages are laid out each figure is drawn by matplotlib as a one-page PDF of that size and stamped into
its box (pypdf), so the figures' text stays text.
"""

from __future__ import annotations

import io
import os
import re
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import BinaryIO
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (BaseDocTemplate, CondPageBreak, Flowable, Frame, KeepTogether, PageTemplate, Paragraph,
                                Spacer, Table as RLTable, TableStyle)

from balance import __version__
from balance.report.blocks import Callout, Document, KeyNumbers, Plot, Table, Text, Verdict
from balance.report.figures import style

PAGE_W, PAGE_H = A4  # points
MARGIN_X, MARGIN_TOP, MARGIN_BOTTOM = 15 * mm, 18 * mm, 16 * mm
WIDTH = PAGE_W - 2 * MARGIN_X  # the text column: 510 pt, the figures' width too
INK, MUTED, LINE, SOFT, ACCENT = "#1d2330", "#5d6470", "#dde1e6", "#f3f5f7", "#0173b2"
SEVERITY = {"warning": ("#b45309", "#fff7ed"), "note": ("#1e5f8c", "#eef6fc"), "ok": ("#1f7a4d", "#edf8f1")}
SANS, BOLD, MONO = "DejaVuSans", "DejaVuSans-Bold", "DejaVuSansMono"
TABLE_SIZE = 7.5
PAD = 3.5  # cell padding, left and right (points)
APPENDIX = ("scenario",)  # the appendix (the scenario's facts and assumed rules) starts on a fresh page


def _fonts() -> None:
    """Register DejaVu Sans (regular, bold, mono) from matplotlib's own font files, once."""
    if SANS in pdfmetrics.getRegisteredFontNames():
        return
    import matplotlib

    folder = os.path.join(matplotlib.get_data_path(), "fonts", "ttf")
    for name in (SANS, BOLD, MONO):
        pdfmetrics.registerFont(TTFont(name, os.path.join(folder, f"{name}.ttf")))
    pdfmetrics.registerFontFamily(SANS, normal=SANS, bold=BOLD, italic=SANS, boldItalic=BOLD)


def _styles() -> dict[str, ParagraphStyle]:
    base = ParagraphStyle("body", fontName=SANS, fontSize=9, leading=12.6, textColor=INK)
    return {
        "body": base,
        "muted": ParagraphStyle("muted", base, fontSize=8, leading=11, textColor=MUTED),
        "kicker": ParagraphStyle("kicker", base, fontName=BOLD, fontSize=8, textColor=ACCENT, leading=10),
        "title": ParagraphStyle("title", base, fontName=BOLD, fontSize=20, leading=24, spaceBefore=2, spaceAfter=2),
        "subtitle": ParagraphStyle("subtitle", base, textColor=MUTED, spaceAfter=6),
        "h2": ParagraphStyle("h2", base, fontName=BOLD, fontSize=13, leading=16),
        "caption": ParagraphStyle("caption", base, fontSize=7.5, leading=9.8, textColor=MUTED),
        "table_caption": ParagraphStyle("table_caption", base, fontName=BOLD, fontSize=8, leading=10.5, spaceAfter=2),
        "cell": ParagraphStyle("cell", base, fontSize=TABLE_SIZE, leading=TABLE_SIZE * 1.3),
        "fact": ParagraphStyle("fact", base, fontSize=TABLE_SIZE, leading=TABLE_SIZE * 1.3, textColor=MUTED),
        "cell_r": ParagraphStyle("cell_r", base, fontSize=TABLE_SIZE, leading=TABLE_SIZE * 1.3, alignment=TA_RIGHT),
        "head": ParagraphStyle("head", base, fontName=BOLD, fontSize=TABLE_SIZE - 0.5, leading=TABLE_SIZE * 1.25,
                               textColor=MUTED),
        "head_r": ParagraphStyle("head_r", base, fontName=BOLD, fontSize=TABLE_SIZE - 0.5, leading=TABLE_SIZE * 1.25,
                                 textColor=MUTED, alignment=TA_RIGHT),
        "card_label": ParagraphStyle("card_label", base, fontSize=6.5, leading=8, textColor=MUTED),
        "card_value": ParagraphStyle("card_value", base, fontName=BOLD, fontSize=13, leading=15.5),
        "card_note": ParagraphStyle("card_note", base, fontSize=6.5, leading=8, textColor=MUTED),
        "verdict": ParagraphStyle("verdict", base, fontSize=10, leading=14),
        "callout": ParagraphStyle("callout", base, fontSize=8.5, leading=11.5),
        "detail": ParagraphStyle("detail", base, fontSize=7, leading=9, textColor=MUTED),
    }


def markup(text: str) -> str:
    """The designer's text as platypus markup: escaped, `backticked` names in the mono font."""
    out = escape(str(text))
    return re.sub(r"`([^`]+)`", lambda m: f'<font name="{MONO}">{m.group(1)}</font>', out)


# --- tables ------------------------------------------------------------------------------------

def _words(text: str) -> list[tuple[str, str]]:
    """(word, font) pairs: a `backticked` name is measured in the mono font."""
    out = []
    for i, part in enumerate(str(text).split("`")):  # words break at spaces, never at a no-break space
        out += [(w, MONO if i % 2 else SANS) for w in re.split(r"[ \t\n]+", part) if w]
    return out


def _natural(text: str, font_size: float, bold: bool = False) -> tuple[float, float]:
    """(width of the longest word, width of the whole text on one line), in points, padding included."""
    words = _words(text)
    if not words:
        return 2 * PAD, 2 * PAD
    space = pdfmetrics.stringWidth(" ", SANS, font_size)
    widths = [pdfmetrics.stringWidth(w, BOLD if bold and f == SANS else f, font_size) for w, f in words]
    return max(widths) + 2 * PAD + 1, sum(widths) + space * (len(widths) - 1) + 2 * PAD + 1


def column_widths(columns: list[str], rows: list[list[str]], width: float, font_size: float = TABLE_SIZE) -> list[float]:
    """HTML's automatic table layout: every column at least its longest word, the rest shared in proportion
    to the room each column's text takes on one line; the table fills ``width``."""
    n = len(columns)
    lo, hi = [0.0] * n, [0.0] * n
    for cells, bold in [(columns, True), *[(r, False) for r in rows]]:
        for i, cell in enumerate(cells[:n]):
            a, b = _natural(cell, font_size - (0.5 if bold else 0), bold)
            lo[i], hi[i] = max(lo[i], a), max(hi[i], b)
    if sum(hi) <= width:  # everything fits unwrapped: share the spare room like a 100%-wide HTML table
        return [h + (width - sum(hi)) * h / sum(hi) for h in hi]
    if sum(lo) >= width:  # even the longest words do not fit side by side: shrink in proportion
        return [x * width / sum(lo) for x in lo]
    spare = (width - sum(lo)) / (sum(hi) - sum(lo))
    return [a + (b - a) * spare for a, b in zip(lo, hi)]


def _table(t: Table, st: dict[str, ParagraphStyle], width: float = WIDTH) -> list[Flowable]:
    align = t.alignment()
    header = any(t.columns)
    widths = column_widths(t.columns if header else [""] * len(t.columns), t.rows, width)

    def cell(text, i, head=False):
        if head:
            return Paragraph(markup(text), st["head_r" if align[i] == "r" else "head"])
        if not header and i == 0:  # a table of facts: the first column names them, like the HTML's
            return Paragraph(markup(text), st["fact"])
        return Paragraph(markup(text), st["cell_r" if align[i] == "r" else "cell"])

    data = ([[cell(c, i, True) for i, c in enumerate(t.columns)]] if header else []) + \
        [[cell(c, i) for i, c in enumerate(r)] for r in t.rows]
    if not data:
        return []
    commands = [("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), PAD),
                ("RIGHTPADDING", (0, 0), (-1, -1), PAD), ("TOPPADDING", (0, 0), (-1, -1), 2.2),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 2.6),
                ("LINEBELOW", (0, 0), (-1, -1), 0.4, colors.HexColor(LINE))]
    first = 1 if header else 0
    if header:
        commands.append(("LINEBELOW", (0, 0), (-1, 0), 1.0, colors.HexColor("#b9c0c8")))
    for i in range(first, len(data)):
        if (i - first) % 2:
            commands.append(("BACKGROUND", (0, i), (-1, i), colors.HexColor("#fafbfc")))
    table = _Table(data, colWidths=widths, repeatRows=1 if header else 0, style=TableStyle(commands), hAlign="LEFT")
    out: list[Flowable] = []
    if t.caption:
        cap = Paragraph(markup(t.caption), st["table_caption"])
        cap.keepWithNext = True  # no spacer after it: a spacer would be what it is kept with
        out.append(cap)
    return out + [table, Spacer(0, 8)]


class _Table(RLTable):
    """A table that splits across pages only when it is long: a short one moves whole to the next page."""

    KEEP_WHOLE = 12  # rows

    def split(self, avail_width, avail_height):
        fresh_page = avail_height > 0.9 * (PAGE_H - MARGIN_TOP - MARGIN_BOTTOM)  # where it must split, if it can
        if len(self._cellvalues) <= self.KEEP_WHOLE and not fresh_page:
            return []
        return super().split(avail_width, avail_height)


class _Keep(KeepTogether):
    """What ``keepWithNext`` groups (a heading, a table's caption, and the block after them): kept on one
    page when what must stay together fits, else moved whole to the next page.

    What must stay together is everything but a long table, and that table's header and first rows, so a
    heading or caption is never left alone at the foot of a page while a long table still starts under it.
    """

    FIRST_ROWS = 3

    def split(self, avail_width, avail_height):
        heights = [f.wrapOn(self.canv, avail_width, avail_height)[1] for f in self._content]
        last = self._content[-1]
        if isinstance(last, _Table) and len(last._cellvalues) > _Table.KEEP_WHOLE:
            needed = sum(heights[:-1]) + sum(last._rowHeights[:last.repeatRows + self.FIRST_ROWS])
            if needed <= avail_height:  # the start fits here: the table splits across the pages
                return list(self._content)
        return super().split(avail_width, avail_height)


# --- the other blocks --------------------------------------------------------------------------

@dataclass
class _Placed:
    page: int
    x: float
    y: float


class PlotBox(Flowable):
    """A figure's place on the page, with its caption below: remembers where the figure landed, for it
    to be stamped in once the pages are laid out.  One flowable, so a heading before it stays with it."""

    def __init__(self, plot: Plot, caption: Paragraph | None, width: float = WIDTH):
        super().__init__()
        self.plot, self.caption = plot, caption
        self.width, self.figure_height = width, plot.height * 72
        self.caption_height = 0.0
        self.placed: _Placed | None = None

    def wrap(self, avail_width, avail_height):
        self.caption_height = self.caption.wrap(self.width, avail_height)[1] + 3 if self.caption else 0.0
        self.height = self.figure_height + self.caption_height
        return self.width, self.height

    def draw(self):
        if self.caption:
            self.caption.drawOn(self.canv, 0, 0)
        x, y = self.canv.absolutePosition(0, self.caption_height)
        self.placed = _Placed(self.canv.getPageNumber(), x, y)


def _boxed(flowables: list[Flowable], edge: str, fill: str, left_rule: bool) -> RLTable:
    commands = [("BACKGROUND", (0, 0), (-1, -1), colors.HexColor(fill)), ("LEFTPADDING", (0, 0), (-1, -1), 9),
                ("RIGHTPADDING", (0, 0), (-1, -1), 9), ("TOPPADDING", (0, 0), (-1, -1), 6),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 7)]
    commands.append(("LINEBEFORE", (0, 0), (0, -1), 3, colors.HexColor(edge)) if left_rule else
                    ("BOX", (0, 0), (-1, -1), 0.8, colors.HexColor(edge)))
    return RLTable([[flowables]], colWidths=[WIDTH], style=TableStyle(commands), hAlign="LEFT")


def _verdict(b: Verdict, st) -> list[Flowable]:
    edge, fill = SEVERITY.get(b.kind, SEVERITY["note"])
    tag = Paragraph(f'<font name="{BOLD}" size="7" color="{edge}">VERDICT</font>', st["verdict"])
    return [_boxed([tag, Paragraph(markup(b.text), st["verdict"])], edge, fill, False), Spacer(0, 8)]


def _callout(b: Callout, st) -> list[Flowable]:
    edge, fill = SEVERITY.get(b.severity, SEVERITY["note"])
    body = [Paragraph(f'<font name="{BOLD}" size="6.5" color="{edge}">{b.severity.upper()}</font>&nbsp;&nbsp;'
                      + markup(b.text), st["callout"])]
    if b.detail:
        body.append(Paragraph(markup(b.detail), st["detail"]))
    return [_boxed(body, edge, fill, True), Spacer(0, 4)]


def _cards(b: KeyNumbers, st) -> list[Flowable]:
    per_row = 4
    gap = 5
    w = (WIDTH - (per_row - 1) * gap) / per_row
    cells = [[Paragraph(markup(label.upper()), st["card_label"]), Paragraph(markup(value), st["card_value"]),
              Paragraph(markup(note), st["card_note"])] for label, value, note in b.items]
    rows = [cells[i:i + per_row] for i in range(0, len(cells), per_row)]
    data, commands = [], [("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 7),
                          ("RIGHTPADDING", (0, 0), (-1, -1), 7), ("TOPPADDING", (0, 0), (-1, -1), 6),
                          ("BOTTOMPADDING", (0, 0), (-1, -1), 7)]
    for r, row in enumerate(rows):  # cards in the even columns; the odd columns are the gaps between them
        line = []
        for c in range(per_row):
            line.append(row[c] if c < len(row) else "")
            if c < len(row):
                commands.append(("BACKGROUND", (2 * c, 2 * r), (2 * c, 2 * r), colors.HexColor(SOFT)))
            if c < per_row - 1:
                line.append("")
        data.append(line)
        if r < len(rows) - 1:
            data.append([""] * (2 * per_row - 1))
            commands.append(("TOPPADDING", (0, 2 * r + 1), (-1, 2 * r + 1), 0))
            commands.append(("BOTTOMPADDING", (0, 2 * r + 1), (-1, 2 * r + 1), 0))
    widths = [w if i % 2 == 0 else gap for i in range(2 * per_row - 1)]
    heights = [None if i % 2 == 0 else gap for i in range(len(data))]
    commands += [("LEFTPADDING", (i, 0), (i, -1), 0) for i in range(1, 2 * per_row - 1, 2)]
    commands += [("RIGHTPADDING", (i, 0), (i, -1), 0) for i in range(1, 2 * per_row - 1, 2)]
    return [RLTable(data, colWidths=widths, rowHeights=heights, style=TableStyle(commands), hAlign="LEFT"),
            Spacer(0, 8)]


def _plot(b: Plot, st, boxes: list[PlotBox]) -> list[Flowable]:
    box = PlotBox(b, Paragraph(markup(b.caption), st["caption"]) if b.caption else None)
    boxes.append(box)
    return [box, Spacer(0, 9)]


def _flowables(block, st, boxes) -> list[Flowable]:
    if isinstance(block, Text):
        return [Paragraph(markup(block.text), st["muted" if block.kind == "muted" else "body"]), Spacer(0, 5)]
    if isinstance(block, Verdict):
        return _verdict(block, st)
    if isinstance(block, Callout):
        return _callout(block, st)
    if isinstance(block, KeyNumbers):
        return _cards(block, st)
    if isinstance(block, Plot):
        return _plot(block, st, boxes)
    if isinstance(block, Table):
        return _table(block, st)
    raise TypeError(f"unknown report block {type(block).__name__}")


class Heading(Flowable):
    """A section title with its rule, a PDF bookmark, and kept with what follows it."""

    def __init__(self, title: str, key: str, st):
        super().__init__()
        self.para = Paragraph(markup(title), st["h2"])
        self.title, self.key = title, key
        self.keepWithNext = True

    def wrap(self, avail_width, avail_height):
        _, h = self.para.wrap(avail_width, avail_height)
        self.width, self.height = avail_width, h + 14
        return self.width, self.height

    def draw(self):
        self.para.drawOn(self.canv, 0, 11)
        self.canv.setStrokeColor(colors.HexColor(LINE))
        self.canv.setLineWidth(0.8)
        self.canv.line(0, 6.5, self.width, 6.5)
        self.canv.bookmarkPage(self.key)
        self.canv.addOutlineEntry(self.title, self.key, level=0)


# --- pages -------------------------------------------------------------------------------------

def _canvas_class(doc: Document):
    """A canvas that draws each page's header and its "n / N" once the number of pages is known."""

    class NumberedCanvas(Canvas):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self._pages: list[dict] = []

        def showPage(self):
            self._pages.append(dict(self.__dict__))
            self._startPage()

        def save(self):
            for page in self._pages:
                self.__dict__.update(page)
                self._furniture(len(self._pages))
                super().showPage()
            super().save()

        def _furniture(self, pages: int) -> None:
            self.saveState()
            self.setFont(SANS, 7.5)
            self.setFillColor(colors.HexColor(MUTED))
            right = "balance report"
            room = WIDTH - pdfmetrics.stringWidth(right, SANS, 7.5) - 20
            self.drawString(MARGIN_X, PAGE_H - 11 * mm, _fit(doc.title, room, 7.5))
            self.drawRightString(PAGE_W - MARGIN_X, PAGE_H - 11 * mm, right)
            self.setFillColor(colors.HexColor(ACCENT))
            self.rect(MARGIN_X, PAGE_H - 13 * mm, WIDTH, 0.9, stroke=0, fill=1)
            self.setFillColor(colors.HexColor(MUTED))
            self.drawCentredString(PAGE_W / 2, 9 * mm, f"{self._pageNumber} / {pages}")
            self.restoreState()

    return NumberedCanvas


def _fit(text: str, width: float, size: float) -> str:
    """``text`` cut with an ellipsis to fit ``width`` points."""
    if pdfmetrics.stringWidth(text, SANS, size) <= width:
        return text
    while text and pdfmetrics.stringWidth(text + "…", SANS, size) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def _story(doc: Document, st, boxes: list[PlotBox]) -> list[Flowable]:
    story: list[Flowable] = [Paragraph("BALANCE REPORT", st["kicker"]), Paragraph(markup(doc.title), st["title"]),
                             Paragraph(markup(doc.subtitle), st["subtitle"]),
                             RLTable([[""]], colWidths=[WIDTH], rowHeights=[2.2],
                                     style=TableStyle([("BACKGROUND", (0, 0), (-1, -1), colors.HexColor(ACCENT))])),
                             Spacer(0, 10)]
    appendix = False
    for i, section in enumerate(doc.sections):
        if section.id in APPENDIX and not appendix and i:
            story.append(CondPageBreak(PAGE_H))  # the appendix starts on a fresh page
            appendix = True
        elif i:
            story.append(Spacer(0, 8))
        story.append(Heading(section.title, f"section-{i}", st))  # kept with the next flowable: no spacer between
        for block in section.blocks:
            story += _flowables(block, st, boxes)
    return story


def _figures_pdf(boxes: list[PlotBox]) -> list:
    """The boxes' plots drawn by matplotlib, each a page of exactly its box's size, as pypdf pages.

    One document for all of them: its fonts are subset and embedded once, not once a figure (that
    subsetting was most of the time a report took to draw its figures).
    """
    from matplotlib.backends.backend_pdf import PdfPages
    from matplotlib.figure import Figure
    from pypdf import PdfReader

    buf = io.BytesIO()
    with style(), PdfPages(buf, metadata={"Creator": None, "Producer": None, "CreationDate": None}) as pages:
        for box in boxes:
            fig = Figure(figsize=(box.width / 72, box.plot.height), layout="constrained")
            fig.get_layout_engine().set(w_pad=0.04, h_pad=0.04)
            box.plot.draw(fig)
            pages.savefig(fig)
    return list(PdfReader(io.BytesIO(buf.getvalue())).pages) if boxes else []


def render_pdf(doc: Document, path: Path | BinaryIO) -> int:
    """Write the document as a PDF (to a file name or a binary file); return the number of pages."""
    from pypdf import PdfReader, PdfWriter, Transformation

    _fonts()
    st = _styles()
    boxes: list[PlotBox] = []
    laid_out = io.BytesIO()
    template = BaseDocTemplate(laid_out, pagesize=A4, leftMargin=MARGIN_X, rightMargin=MARGIN_X,
                               topMargin=MARGIN_TOP, bottomMargin=MARGIN_BOTTOM, title=doc.title,
                               subject=doc.subtitle, creator=f"balance {__version__}", author="balance")
    frame = Frame(MARGIN_X, MARGIN_BOTTOM, WIDTH, PAGE_H - MARGIN_TOP - MARGIN_BOTTOM, id="body",
                  leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
    template.addPageTemplates([PageTemplate(id="page", frames=[frame])])
    template.keepTogetherClass = _Keep  # what keepWithNext groups: see _Keep
    template.build(_story(doc, st, boxes), canvasmaker=_canvas_class(doc))
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(laid_out.getvalue())))
    placed = [box for box in boxes if box.placed is not None]  # platypus draws every flowable it keeps
    for box, figure in zip(placed, _figures_pdf(placed)):
        writer.pages[box.placed.page - 1].merge_transformed_page(
            figure, Transformation().translate(box.placed.x, box.placed.y))
    writer.add_metadata({"/Title": doc.title, "/Subject": doc.subtitle, "/Creator": f"balance {__version__}",
                         "/CreationDate": datetime.now(timezone.utc).strftime("D:%Y%m%d%H%M%SZ")})
    if isinstance(path, (str, Path)):
        with open(path, "wb") as f:
            writer.write(f)
    else:
        writer.write(path)
    return len(writer.pages)


__all__ = ["column_widths", "render_pdf"]
