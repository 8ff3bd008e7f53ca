"""A designer's names are text wherever they are shown: not rich markup, not matplotlib math."""

from pypdf import PdfReader
from typer.testing import CliRunner

from balance.cli import app

SCENARIO = """name = "[/x] Pig [bold]"
game = "pig"
players = 2
games = 2000
seed = 4
[[seats]]
policy = "hold"
name = '$\\frac{1}{$ cautious [/b]'
[[seats]]
policy = "hold"
params = { threshold = 25 }
name = "[red]$5 bold"
"""


def test_names_that_look_like_markup_or_math_are_shown_as_written(tmp_path):
    path = tmp_path / "names.toml"
    path.write_text(SCENARIO)
    out = tmp_path / "[red]run"
    result = CliRunner().invoke(app, ["run", str(path), "-j", "1", "--out", str(out)])  # with its progress bar
    assert result.exit_code == 0, result.output
    for text in ("[/x] Pig [bold] (pig, 2 players)", "$\\frac{1}{$ cautious [/b]", "[red]$5 bold",
                 f"Results: {out}", f"Report (HTML): {out / 'report.html'}"):
        assert text in result.stdout, text
    html = (out / "report.html").read_text()
    assert "$\\frac{1}{$ cautious [/b]" in html and "[red]$5 bold" in html
    pdf = "".join(page.extract_text() for page in PdfReader(out / "report.pdf").pages)
    assert "cautious" in pdf and "$5 bold" in pdf


def test_the_report_title_names_the_game_once():
    from balance.registry import run_title

    assert run_title("Monsters on the Moon", "Monsters on the Moon, solo") == "Monsters on the Moon, solo"
    assert run_title("Pig", "hold20") == "Pig: hold20"
