"""The report as one self-contained HTML file: a jinja2 template with every figure inline as SVG."""

from __future__ import annotations

import io
import re

import jinja2
from matplotlib.figure import Figure

from balance import __version__
from balance.report.blocks import Document, Plot
from balance.report.figures import style

WIDTH = 7.0  # inches: the figures' width, the same as on the PDF page


def svg(plot: Plot, key: str) -> str:
    """The plot as an inline ``<svg>`` element that scales to the column width."""
    with style():
        fig = Figure(figsize=(WIDTH, plot.height), layout="constrained")
        fig.get_layout_engine().set(w_pad=0.04, h_pad=0.04)
        plot.draw(fig)
        buf = io.StringIO()
        import matplotlib as mpl

        with mpl.rc_context({"svg.hashsalt": key, "svg.id": key}):
            fig.savefig(buf, format="svg", metadata={"Date": None, "Creator": None})
    text = buf.getvalue()
    text = text[text.index("<svg"):]
    # scale with the page; keep the aspect ratio from the viewBox
    text = re.sub(r'<svg([^>]*?) width="[^"]*" height="[^"]*"',
                  rf'<svg\1 role="img" aria-label="{jinja2.filters.escape(plot.caption)}"', text, count=1)
    return text


def render_html(doc: Document) -> str:
    env = jinja2.Environment(loader=jinja2.PackageLoader("balance.report", "templates"),
                             autoescape=jinja2.select_autoescape(["html"]), trim_blocks=True, lstrip_blocks=True)
    env.filters["code"] = _code
    env.filters["plot_id"] = id
    figures = {}
    for si, section in enumerate(doc.sections):
        for bi, block in enumerate(section.blocks):
            if isinstance(block, Plot):
                figures[id(block)] = svg(block, f"f{si}_{bi}")
    methods = any("method" in section.title.lower() for section in doc.sections)  # the footer points to them
    return env.get_template("report.html").render(doc=doc, figures=figures, kind=lambda b: type(b).__name__,
                                                   version=__version__, methods=methods)


def _code(text: str):
    """Escape, then show `backticked` names as code."""
    escaped = str(jinja2.filters.escape(text))
    return jinja2.filters.Markup(re.sub(r"`([^`]+)`", r"<code>\1</code>", escaped))
