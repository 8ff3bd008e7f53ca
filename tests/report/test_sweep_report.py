"""The sweep report reads for one and two varied values, in HTML and PDF."""

import pytest
from pypdf import PdfReader

from balance.analysis.sweep import sweep
from balance.report.sweep import write_sweep_report
from balance.scenario import load_scenario


@pytest.mark.parametrize("vary", [["seats.2.params.threshold=10,20,30"],
                                  ["rules.target_score=50,100", "seats.1.policy=hold,optimal"]])
def test_sweep_report_shows_every_metric_and_the_flags(tmp_path, vary):
    sc = load_scenario("scenarios/pig/hold20.toml")
    result = sweep(sc, vary, games=20_000, jobs=1, out=tmp_path / "s", progress=False)
    paths = write_sweep_report(result)
    html = paths["html"].read_text()
    assert html.count("<svg") >= (4 if len(vary) == 1 else 3)
    text = "\n".join(page.extract_text() for page in PdfReader(paths["pdf"]).pages)
    for words in ("Sweep: hold20", "At a glance", "Every point", "Seat 1 wins more often than its fair share"):
        assert words in text
    if len(vary) == 2:
        assert "What changes with rules.target_score and seats.1.policy" in text
