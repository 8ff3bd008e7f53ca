"""The Angry Monsters rulebook scenario end to end: the verdict and the side totals lead, in the terminal,
the report and a sweep, and no figure calls a monster's or the human's rate a first-seat advantage."""

import html as html_lib
import re

from typer.testing import CliRunner

from balance.cli import app


def test_the_rulebook_run_leads_with_the_human(tmp_path):
    # The rulebook board with a glutton and a wrecker against nearest_exit: the human wins about 0.01% of the
    # games (2 of 20,000 at seed 2026), so in 2,000 games it (almost) never wins.
    out = tmp_path / "run"
    result = CliRunner().invoke(app, ["run", "scenarios/angry-monsters/rulebook.toml", "--games", "2000", "--jobs", "1",
                                      "-q", "--out", str(out)])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    verdict = next(line for line in lines if line.startswith("Verdict: "))
    assert re.match(r"Verdict: Not balanced\. The largest problem: the human (almost )?never wins: \d+ of 2,000 games",
                    verdict)
    assert result.stdout.index("Win rate by side") < result.stdout.index("Win rate by seat")
    html = (out / "report.html").read_text()
    body = html[html.index("<main>"):]
    assert body.index(">Who wins: sides</h2>") < body.index(">Who wins: seats</h2>")
    cards = re.findall(r'<div class="label">(.*?)</div>', body)
    assert cards[:2] == ["the human wins", "the monsters win"]
    assert "first-seat advantage" not in html
    assert "the dashed line is an even split of the role's wins between its seats." in html_lib.unescape(html)


def test_an_angry_monsters_sweep_judges_the_sides_and_never_says_first_seat_advantage(tmp_path):
    result = CliRunner().invoke(app, ["sweep", "scenarios/angry-monsters/rulebook.toml", "--vary",
                                      "rules.monster_die=4,6", "--vary", "seats.2.policy=wrecker,blockade",
                                      "--games", "600", "--jobs", "1", "-q", "--out", str(tmp_path / "s")])
    assert result.exit_code == 0, result.output
    assert re.search(r"^Verdict: Out of balance at \d of 4 points\. The largest problem: the human", result.stdout,
                     re.M)
    html = (tmp_path / "s" / "sweep.html").read_text()
    assert "first-seat advantage" not in html
    assert "The share of the games the human won at each point" in html
    assert "compare with the other monster seats" in html
