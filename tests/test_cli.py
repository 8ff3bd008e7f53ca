"""The balance command through typer's CliRunner."""

import shutil
import tomllib

from typer.testing import CliRunner

from balance import __version__
from balance.cli import app
from tests.analysis.runs import interrupt

runner = CliRunner()


def invoke(*args):
    return runner.invoke(app, list(args))


def test_version_and_help():
    assert __version__ in invoke("--version").stdout
    result = invoke("-h")
    assert result.exit_code == 0 and "run" in result.stdout and "bench" in result.stdout


def test_games_and_policies_list_what_is_registered():
    assert "pig" in invoke("games").stdout
    out = invoke("policies", "pig").stdout
    assert "optimal" in out and "threshold = 20" in out


def test_rules_prints_commented_toml_that_parses_as_the_defaults():
    out = invoke("rules", "pig").stdout
    assert "# target_score = 100" in out and "assumed:" in out
    uncommented = "\n".join(line[2:] for line in out.splitlines() if line.startswith("# ") and " = " in line
                            and not line.startswith("#   "))
    assert tomllib.loads(uncommented)["target_score"] == 100


def test_rules_lists_the_engines_readings_of_the_rulebook_first():
    out = invoke("rules", "angry-monsters").stdout
    head = out[:out.index("[rules]")]
    assert "# How the engine reads the rulebook where it is silent or unclear" in head
    assert "#   - A meeple may not step onto a monster's square" in head
    assert all(line.startswith("# ") for line in head.splitlines())  # comments, so the table still pastes


def test_validate_ok_and_every_problem_with_exit_code_2(tmp_path):
    result = invoke("validate", "scenarios/pig/hold20.toml")
    assert result.exit_code == 0 and "OK" in result.stdout
    bad = tmp_path / "bad.toml"
    bad.write_text('game = "pig"\nplayers = 2\nsede = 1\n[rules]\ntarget_score = 0\n'
                   '[[seats]]\npolicy = "hodl"\n[[seats]]\npolicy = "hold"\n')
    result = invoke("validate", str(bad))
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 3
    assert "Traceback" not in result.output


def test_unknown_game_is_one_line_exit_2():
    result = invoke("policies", "moonga")
    assert result.exit_code == 2 and "unknown game 'moonga'" in result.stderr


def test_run_prints_the_summary_with_intervals(tmp_path):
    result = invoke("run", "scenarios/pig/optimal-vs-hold20.toml", "--games", "20000", "--jobs", "1",
                    "--out", str(tmp_path / "r"), "-q", "--set", "seed=3")
    assert result.exit_code == 0, result.output
    out = result.stdout
    for text in ("Win rate by seat", "Win rate by strategy", "optimal", "hold", "Game length (turns): mean",
                 "End reasons: reached_target 100.00%", str(tmp_path / "r")):
        assert text in out
    again = invoke("run", "scenarios/pig/optimal-vs-hold20.toml", "--games", "20000", "--out", str(tmp_path / "r"),
                   "-q", "--set", "seed=3")
    assert again.exit_code == 2 and "--resume" in again.stderr


def test_run_rejects_bad_options_with_exit_2(tmp_path):
    result = invoke("run", "scenarios/pig/hold20.toml", "--games", "0", "--out", str(tmp_path / "x"))
    assert result.exit_code == 2 and "games: 0 is not allowed" in result.stderr
    result = invoke("run", "scenarios/pig/hold20.toml", "--backend", "spark", "--out", str(tmp_path / "x"))
    assert result.exit_code == 2 and "--backend 'spark'" in result.stderr
    result = invoke("run", "missing.toml")
    assert result.exit_code == 2 and "cannot read the scenario" in result.stderr


def test_sweep_and_compare_commands(tmp_path):
    result = invoke("sweep", "scenarios/pig/hold20.toml", "--vary", "rules.target_score=50,100", "--games", "5000",
                    "--out", str(tmp_path / "s"), "-q", "--jobs", "1")
    assert result.exit_code == 0, result.output
    assert "Sweep over rules.target_score (2 points, same seed)" in result.stdout
    result = invoke("compare", "scenarios/pig/hold20.toml", "--set", "rules.target_score=50", "--games", "20000",
                    "--out", str(tmp_path / "c"), "-q", "--jobs", "1")
    assert result.exit_code == 0, result.output
    assert "paired game by game" in result.stdout and "Changes that matter" in result.stdout
    assert result.stdout.index("Verdict: B differs from A") < result.stdout.index("B - A (rates in percentage points)")
    assert (tmp_path / "c" / "compare.html").exists() and (tmp_path / "c" / "compare.pdf").exists()
    result = invoke("compare", str(tmp_path / "c" / "a"), str(tmp_path / "c" / "a"), "--format", "html")
    assert result.exit_code == 0 and "Verdict: B plays like A" in result.stdout
    assert (tmp_path / "c" / "a-vs-a" / "compare.html").exists()
    result = invoke("compare", str(tmp_path / "c" / "a"), str(tmp_path / "c" / "a"), "--min-effect", "rates=x")
    assert result.exit_code == 2 and result.stderr.startswith("--min-effect 'rates=x': expected KEY=VALUE")
    result = invoke("compare", "scenarios/pig/hold20.toml")
    assert result.exit_code == 2 and "needs at least one --set" in result.stderr
    # an interruption while B played: --resume finishes B (and replays nothing of A); the report is the same
    interrupt(tmp_path / "c" / "b")
    again = ["compare", "scenarios/pig/hold20.toml", "--set", "rules.target_score=50", "--games", "20000", "--out",
             str(tmp_path / "c"), "-q", "--jobs", "1", "--format", "none"]
    result = invoke(*again)
    assert result.exit_code == 2 and "already holds a complete run; pass --resume" in result.stderr
    resumed = invoke(*again, "--resume")
    assert resumed.exit_code == 0 and "Changes that matter" in resumed.stdout
    shutil.rmtree(tmp_path / "c" / "b")  # the interruption came before B began
    assert invoke(*again, "--resume").stdout == resumed.stdout
    result = invoke("sweep", "scenarios/pig/hold20.toml", "--vary", "rules.target_score=9..1")
    assert result.exit_code == 2 and "LO <= HI" in result.stderr


def test_sweep_says_how_many_games_it_will_play_before_it_plays(tmp_path):
    result = invoke("sweep", "scenarios/pig/hold20.toml", "--vary", "rules.target_score=50,100", "--games", "3000",
                    "--out", str(tmp_path / "s"), "-q", "--jobs", "1", "--format", "html")
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines()[0] == "sweep: 2 points x 3,000 games = 6,000 games"


def test_a_huge_sweep_plays_with_yes(tmp_path, monkeypatch):
    import balance.analysis.sweep as sweep

    monkeypatch.setattr(sweep, "MAX_GAMES", 5_000)  # the same rule at a size a test can play
    args = ["sweep", "scenarios/pig/hold20.toml", "--vary", "rules.target_score=50,100", "--games", "3000",
            "--out", str(tmp_path / "s"), "-q", "--jobs", "1", "--format", "html"]
    refused = invoke(*args)
    assert refused.exit_code == 2 and "6,000 games: more than 5,000; pass --yes" in refused.stderr
    assert invoke(*args, "--yes").exit_code == 0


def test_tune_writes_the_tune_folder_and_prints_the_winner(tmp_path):
    out = tmp_path / "tune"
    result = invoke("tune", "scenarios/pig/hold20.toml", "--vary", "seats.2.params.threshold=15..30:1",
                    "--goal", "fair", "--trials", "4", "--games", "2000", "--validate", "1", "--out", str(out),
                    "--quiet", "--format", "html")
    assert result.exit_code == 0, result.output
    assert "Tuned values: seats.2.params.threshold =" in result.stdout
    for name in ("study.db", "trials.parquet", "best.toml", "tune.html"):
        assert (out / name).exists(), name
    assert invoke("validate", str(out / "best.toml")).exit_code == 0
    again = invoke("tune", "scenarios/pig/hold20.toml", "--vary", "seats.2.params.threshold=15..30:1",
                   "--goal", "fair", "--trials", "5", "--games", "2000", "--validate", "1", "--out", str(out),
                   "--quiet", "--format", "none", "--resume")
    assert again.exit_code == 0, again.output
    import polars as pl

    assert "5 trials" in again.stdout and pl.read_parquet(out / "trials.parquet")["trial"].to_list() == [0, 1, 2, 3, 4]


def test_tune_bad_vary_and_goal_are_one_line_and_exit_code_2(tmp_path):
    cases = [
        (["--vary", "rules.target_scor=50..60", "--goal", "fair"], "did you mean 'target_score'"),
        (["--vary", "rules.target_score=60..50", "--goal", "fair"], "LO < HI"),
        (["--vary", "rules.target_score=50..60", "--goal", "best:seat=9"], "N from 1 to 2"),
        (["--vary", "rules.target_score=50..60", "--goal", "target:lenght=3"], "unknown metric"),
        (["--vary", "rules.target_score=50..60"], "give a --goal"),
        (["--vary", "rules.target_score=50..60", "--goal", "fair", "--sampler", "cmaes"], "CMA-ES"),
    ]
    for args, message in cases:
        result = invoke("tune", "scenarios/pig/hold20.toml", *args, "--out", str(tmp_path / "x"), "--quiet")
        assert result.exit_code == 2, (args, result.output)
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and message in lines[0] and "Traceback" not in result.output, (args, result.stderr)


def test_a_solo_scenario_has_1_player(tmp_path):
    result = invoke("validate", "scenarios/moon/solo.toml")
    assert result.exit_code == 0 and "Monsters on the Moon, 1 player, 100,000 games" in " ".join(result.stdout.split())
    two = invoke("validate", "scenarios/pig/hold20.toml")
    assert "Pig, 2 players," in " ".join(two.stdout.split())
    bad = tmp_path / "bad.toml"
    bad.write_text('game = "moon"\nplayers = 1\n[[seats]]\npolicy = "solo"\n[[seats]]\npolicy = "solo"\n')
    assert "seats: 2 [[seats]] tables for 1 player; give one per seat" in invoke("validate", str(bad)).stderr


def test_balance_alone_shows_its_commands():
    result = invoke()
    assert result.exit_code == 2 and "Commands" in result.output and "bench" in result.output
