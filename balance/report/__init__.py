"""Reports: the terminal summary, figures, HTML and PDF.

``write_report(run)`` analyses a run folder and writes ``report.html`` and ``report.pdf`` into it::

    from balance.report import write_report
    paths = write_report("reports/four-players-2026")   # {"html": Path(...), "pdf": Path(...)}
"""

from __future__ import annotations

from pathlib import Path

FORMATS = ("html", "pdf")


def parse_formats(text: str | None) -> tuple[str, ...]:
    """``"html,pdf"`` -> ("html", "pdf"); raises BalanceError naming an unknown format."""
    from balance.errors import BalanceError

    if text is None:
        return FORMATS
    formats = tuple(dict.fromkeys(f.strip().lower() for f in text.split(",") if f.strip()))
    bad = [f for f in formats if f not in FORMATS]
    if bad or not formats:
        raise BalanceError(f"--format {text!r}: expected a comma-separated list of {', '.join(FORMATS)}")
    return formats


def write_report(run, formats=FORMATS, analysis=None) -> dict[str, Path]:
    """Write the run's report in ``formats`` into its folder; return {format: path}.

    ``run`` is a :class:`~balance.sim.runner.Run` or a run folder; ``analysis`` reuses an
    :func:`~balance.analysis.metrics.analyse` result already computed for this run.
    """
    from balance.analysis.flags import find_flags
    from balance.analysis.metrics import analyse
    from balance.errors import BalanceError
    from balance.registry import games
    from balance.report.content import build_document
    from balance.sim.runner import Run, open_run

    run = run if isinstance(run, Run) else open_run(run)
    meta = run.meta
    if not run.parts():  # checked against run.json: a damaged or foreign part is named, never reported on
        raise BalanceError(f"{run.dir}: the run has no finished games to report on")
    analysis = analysis or analyse(run.games, meta)
    spec = games().get(meta["scenario"]["game"])
    doc = build_document(analysis, find_flags(analysis), run.games, spec)
    return write_document(doc, run.dir, "report", formats)


def write_document(doc, folder: Path, stem: str, formats=FORMATS) -> dict[str, Path]:
    """Render ``doc`` as ``folder/stem.html`` and/or ``.pdf`` (a fresh temporary file, then a rename)."""
    from balance.errors import BalanceError
    from balance.files import write_atomic, write_text_atomic

    out = {}
    for fmt in formats:
        path = Path(folder) / f"{stem}.{fmt}"
        try:
            if fmt == "html":
                from balance.report.html import render_html

                write_text_atomic(path, render_html(doc))
            elif fmt == "pdf":
                from balance.report.pdf import render_pdf

                write_atomic(path, lambda f: render_pdf(doc, f))
            else:
                raise BalanceError(f"unknown report format {fmt!r}; allowed: {', '.join(FORMATS)}")
        except OSError as e:  # a full disk, a read-only folder: the games stay, the report can be made again
            raise BalanceError(f"{path}: cannot write the report ({e.strerror or e}); the games are kept: "
                               f"`balance report {folder}` writes it again") from None
        out[fmt] = path
    return out


__all__ = ["FORMATS", "parse_formats", "write_document", "write_report"]
