"""Every kind of bad input ends in one line on stderr and exit code 2: no traceback, no hang.

Each case runs the ``balance`` command (typer's CliRunner in a thread, or a subprocess for inputs
that used to hang) under a timeout.
"""

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from typer.testing import CliRunner

from balance.cli import app

ROOT = Path(__file__).resolve().parents[1]
HOLD20 = str(ROOT / "scenarios/pig/hold20.toml")
GENERATED = str(ROOT / "scenarios/angry-monsters/generated-each-game.toml")
DUEL = str(ROOT / "scenarios/moongha-duel/standard.toml")
OPEN_DUEL_MAP = ["bbbbb.J.....", "............", "rrrrrrr....."]
MOON_SOLO = str(ROOT / "scenarios/moon/solo.toml")
PIG = 'game = "pig"\nplayers = 2\ngames = 2000\nseed = 3\n'
SEATS = '[[seats]]\npolicy = "hold"\n{a}\n[[seats]]\npolicy = "hold"\n{b}\n'
TIMEOUT = 120


def scenario(tmp, text=PIG, name="s.toml"):
    path = tmp / name
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    return str(path)


def a_file(tmp):
    path = tmp / "a-file"
    path.write_text("not a folder")
    return str(path)


def a_folder(tmp):
    """A folder of the designer's own."""
    path = tmp / "mine"
    path.mkdir()
    (path / "notes.txt").write_text("mine")
    return path


def played(tmp, game):
    """A small finished run of the game's bench scenario."""
    from balance.bench import bench_scenario
    from balance.registry import get_game
    from balance.sim.runner import run

    out = tmp / f"played-{game}"
    if not (out / "run.json").exists():
        run(bench_scenario(get_game(game), games=100), jobs=1, out=out, progress=False)
    return str(out)


def damaged_run(tmp, key, value):
    """A finished Pig run whose run.json has ``key`` set to ``value`` (None: taken out)."""
    import json

    out = Path(played(tmp, "pig"))
    meta = json.loads((out / "run.json").read_text())
    meta.pop(key) if value is None else meta.update({key: value})
    (out / "run.json").write_text(json.dumps(meta))
    return str(out)


# name -> (tmp_path -> (arguments, what the one line says))
CASES = {
    "binary scenario": lambda t: (["validate", scenario(t, bytes(range(256)) * 4)], "not a UTF-8 text file"),
    "Latin-1 scenario": lambda t: (["validate", scenario(t, 'game = "pig"\nname = "caf\xe9"\n'.encode("latin-1"))],
                                   "not a UTF-8 text file"),
    "UTF-16 scenario": lambda t: (["validate", scenario(t, PIG.encode("utf-16"))], "not a UTF-8 text file"),
    "scenario is a folder": lambda t: (["validate", str(t)], "cannot read the scenario (a folder)"),
    "deeply nested TOML": lambda t: (["validate", scenario(t, PIG + "x = " + "[" * 5000 + "]" * 5000 + "\n")],
                                     "nested too deeply"),
    "deeply dotted rule": lambda t: (["validate", scenario(t, PIG + "[rules]\n" + ".".join(["a"] * 3000) + " = 1\n")],
                                     "nested more than 32 deep"),
    "rules is a text": lambda t: (["validate", scenario(t, PIG + 'rules = "x"\n')],
                                  "rules: 'x' is not allowed; expected a table such as [rules] target_score = ..."),
    "rules is a list": lambda t: (["validate", scenario(t, PIG + "rules = [1]\n")], "rules: [1] is not allowed"),
    "seats is a text": lambda t: (["validate", scenario(t, PIG + 'seats = "x"\n')],
                                  "seats: 'x' is not allowed; expected one [[seats]] table per seat"),
    "--set below a seat's policy": lambda t: (["validate", HOLD20, "--set", "seats.1.policy.x=1"],
                                              "seats.1.policy is a value ('hold'), not a table"),
    "--set below games": lambda t: (["validate", HOLD20, "--set", "games.x=1"], "games is a value"),
    "--set below run.rotate_seats": lambda t: (["validate", HOLD20, "--set", "run.rotate_seats=true",
                                                "--set", "run.rotate_seats.x=1"],
                                               "run.rotate_seats is a value (True), not a table"),
    "--set rules itself": lambda t: (["validate", HOLD20, "--set", "rules=3"], "expected rules.KEY=VALUE"),
    "--set value with a line break": lambda t: (["validate", HOLD20, "--set", "target_score=50\nmax_turns = 1"],
                                                "holds a line break"),
    "--out names a file": lambda t: (["run", HOLD20, "-n", "1000", "-q", "--out", a_file(t)], "is a file, not a folder"),
    "--out under a file": lambda t: (["run", HOLD20, "-n", "1000", "-q", "--out", a_file(t) + "/run"],
                                     "cannot make the run folder (Not a directory)"),
    "--out unwritable": lambda t: (["run", HOLD20, "-n", "1000", "-q", "--out", "/proc/balance-test/run"],
                                   "cannot make the run folder"),
    "--out empty": lambda t: (["run", HOLD20, "-n", "1000", "-q", "--out", ""], "--out '': expected a folder"),
    "name with a NUL": lambda t: (["validate", scenario(t, PIG + 'name = "a\\u0000b"\n')],
                                  "name: 'a\\x00b' is not allowed; expected a text of 1 to 200 characters on one line"),
    "name with a line break": lambda t: (["validate", scenario(t, PIG + 'name = "a\\nb"\n')], "name: 'a\\nb' is not"),
    "name of 300 characters": lambda t: (["validate", scenario(t, PIG + f'name = "{"x" * 300}"\n')], "name: 'xxx"),
    "seat name with a line break": lambda t: (
        ["validate", scenario(t, PIG + SEATS.format(a='name = "a\\nb"', b=""))], "seats.1.name: 'a\\nb' is not"),
    "one seat name, two strategies": lambda t: (
        ["validate", scenario(t, PIG + SEATS.format(a='name = "A"\nparams = { threshold = 15 }',
                                                    b='name = "A"\nparams = { threshold = 25 }'))],
        "seats.2.name: 'A' already names seats.1, which plays hold(threshold=15), not hold(threshold=25)"),
    "max_turns 2**62": lambda t: (["validate", HOLD20, "--set", f"max_turns={2**62}"],
                                  "rules.max_turns: 4611686018427387904 is not allowed; expected an integer from 1 "
                                  "to 10,000,000"),
    "max_turns 2**70": lambda t: (["validate", scenario(t, PIG + f"[rules]\nmax_turns = {2**70}\n")],
                                  "rules.max_turns: 1180591620717411303424 is not allowed"),
    "building_density nan": lambda t: (["validate", GENERATED, "--set", "generator.building_density=nan"],
                                       "rules.generator.building_density: nan is not allowed; expected a number "
                                       "from 0 to 0.9"),
    "colour_mix with nan": lambda t: (["validate", GENERATED, "--set", "generator.colour_mix=[nan,1,1,1,1,1]"],
                                      "rules.generator.colour_mix: [nan, 1, 1, 1, 1, 1] is not allowed"),
    "bench --seconds 0": lambda t: (["bench", "pig", "--seconds", "0"], "--seconds 0.0: expected a number of seconds"),
    "bench --seconds -1": lambda t: (["bench", "pig", "--seconds", "-1"], "--seconds -1.0: expected"),
    "--jobs 0": lambda t: (["run", HOLD20, "-n", "1000", "-q", "--jobs", "0", "--out", str(t / "r")],
                           "--jobs 0: expected at least 1 worker process"),
    "--jobs -2": lambda t: (["run", HOLD20, "-n", "1000", "-q", "--jobs", "-2", "--out", str(t / "r")],
                            "--jobs -2: expected at least 1"),
    "--scheduler with loky": lambda t: (["run", HOLD20, "-n", "1000", "-q", "--scheduler", "tcp://127.0.0.1:8786",
                                         "--out", str(t / "r")], "--scheduler 'tcp://127.0.0.1:8786': a scheduler"),
    "empty --format": lambda t: (["run", HOLD20, "-n", "1000", "-q", "--format", "", "--out", str(t / "r")],
                                 "--format '': expected a comma-separated list of html, pdf"),
    "--overwrite with --resume": lambda t: (["run", HOLD20, "-n", "1000", "-q", "--overwrite", "--resume",
                                             "--out", str(t / "r")], "--resume and --overwrite: choose one"),
    "huge sweep without --yes": lambda t: (["sweep", HOLD20, "--vary", "target_score=50..1000", "-n", "1000000",
                                            "-q", "--out", str(t / "s")],
                                           "sweep: 951 points x 1,000,000 games = 951,000,000 games: more than "
                                           "100,000,000; pass --yes"),
    "report of a folder without a run": lambda t: (["report", str(t)], "not a run folder (no run.json)"),
    "--out holds the designer's files": lambda t: (["run", HOLD20, "-n", "1000", "-q", "--out", str(a_folder(t))],
                                                   "holds files that are not a run's (notes.txt); give a new or empty "
                                                   "folder"),
    "a sweep into a run's folder": lambda t: (["sweep", HOLD20, "--vary", "rules.target_score=50,60", "-n", "1000",
                                               "-q", "--out", played(t, "pig")],
                                              "holds files that are not a sweep's (.balance.lock, games, run.json)"),
    "a tune into a run's folder": lambda t: (["tune", HOLD20, "--vary", "seats.2.params.threshold=10..30", "--goal",
                                              "fair", "-n", "100", "-q", "--out", played(t, "pig")],
                                             "holds files that are not a tune's"),
    "--until-ci on a solo game": lambda t: (["run", MOON_SOLO, "--until-ci", "0.1", "-q", "--out", str(t / "r")],
                                            "a solo game has no win rates to make precise"),
    "a huge --vary range": lambda t: (["sweep", HOLD20, "--vary", "target_score=1..100000000:1", "-q",
                                       "--out", str(t / "s")], "100,000,000 values is more than 10,000 points"),
    "a huge --vary grid": lambda t: (["sweep", HOLD20, "--vary", "target_score=2..1000", "--vary",
                                      "seats.1.params.threshold=1..1000", "-q", "--out", str(t / "s")],
                                     "--vary: 999,000 points is more than 10,000"),
    "run.json without batch_size": lambda t: (["report", damaged_run(t, "batch_size", None)],
                                              "unreadable ('batch_size' is missing)"),
    "run.json with text games": lambda t: (["replay", damaged_run(t, "games", "x"), "0"],
                                           "unreadable ('games' is of the wrong type)"),
    "run.json with batch_size 0": lambda t: (["run", HOLD20, "-n", "1000", "-q", "--resume", "--out",
                                              damaged_run(t, "batch_size", 0)], "'batch_size', 'games' or 'batches' "
                                                                                 "is out of range"),
    "compare runs of two games": lambda t: (["compare", played(t, "pig"), played(t, "moongha-duel"), "--format",
                                             "none"], "compare: A and B differ in their game (pig and moongha-duel)"),
    "compare two games": lambda t: (["compare", HOLD20, "--set", "rules.target_score=50", "-n", "2", "-q",
                                     "--format", "none", "--out", str(t / "c")], "compare: 2 games is too few"),
    "compare's report into a file": lambda t: (["compare", played(t, "pig"), played(t, "pig"), "--out", a_file(t),
                                                "--format", "html"], "is a file, not a folder; give a folder for the "
                                                                     "report"),
    "a --vary range stepping down": lambda t: (["sweep", HOLD20, "--vary", "rules.target_score=10..20:-5", "-q",
                                                "--out", str(t / "s")], "expected LO..HI:STEP with LO <= HI and "
                                                                        "STEP > 0"),
    "compare two runs with --resume": lambda t: (["compare", played(t, "pig"), played(t, "pig"), "--resume"],
                                                 "compare: --resume goes with the scenario form"),
    "duel map of one's own under the default park's fences": lambda t: (
        ["validate", DUEL, "--set", "rules.map=" + repr(list(OPEN_DUEL_MAP)).replace("'", '"')],
        "thick_lines: the default ones fence the default map's park"),
    "a boolean where a number goes": lambda t: (["validate", scenario(t, 'game = "pig"\nplayers = true\n')],
                                                "players: true is not allowed; expected an integer from 2 to 6"),
    "a date where a number goes": lambda t: (["validate", HOLD20, "--set", "rules.target_score=1979-05-27"],
                                             "rules.target_score: 1979-05-27 is not allowed"),
    "no seats at all": lambda t: (["validate", scenario(t, 'game = "pig"\nseats = []\n')],
                                  "seats: [] is not allowed; expected one [[seats]] table per seat"),
    "a game in capitals": lambda t: (["rules", "PIG"], "unknown game 'PIG' (did you mean 'pig'?)"),
    "a scenario key below [rules]": lambda t: (["validate", scenario(t, PIG.replace("seed = 3", "[rules]\nseed = 3"))],
                                               "rules.seed: unknown rule; a scenario key written after [rules] "
                                               "belongs above it"),
    "a misspelt option": lambda t: (["run", HOLD20, "--gmaes", "10"], "No such option: --gmaes (Possible options: "
                                                                       "--games) (see "),
    "a word where a number goes on the command line": lambda t: (["run", HOLD20, "-n", "ten"],
                                                                 "Invalid value for '--games' / '-n'"),
    "a misspelt command": lambda t: (["runn", HOLD20], "No such command 'runn'. Did you mean 'run'?"),
    "a missing argument": lambda t: (["replay"], "Missing argument 'run_dir'."),
    "solo bands in the wrong order": lambda t: (["validate", MOON_SOLO, "--set", "rules.solo.bands=[29,25,20,14]"],
                                                "solo.bands: [29, 25, 20, 14]: each band starts above the one "
                                                "before"),
}


def invoke(args, timeout=TIMEOUT):
    """The command through CliRunner, in a thread: a command that hangs fails the test instead."""
    done = {}
    thread = threading.Thread(target=lambda: done.update(result=CliRunner().invoke(app, args)), daemon=True)
    thread.start()
    thread.join(timeout)
    if thread.is_alive():
        pytest.fail(f"balance {' '.join(args)!r} still running after {timeout} s")
    return done["result"]


def assert_one_line(exit_code, stderr, output, expected):
    assert "Traceback" not in output, output
    assert exit_code == 2, output
    lines = stderr.strip().splitlines()
    assert len(lines) == 1, stderr
    assert expected in lines[0], lines[0]


@pytest.mark.parametrize("case", CASES)
def test_bad_input_is_one_line_and_exit_code_2(case, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # a run that wrongly starts writes under tmp_path/reports
    args, expected = CASES[case](tmp_path)
    result = invoke(args)
    assert_one_line(result.exit_code, result.stderr, result.output, expected)


def balance(*args, timeout=TIMEOUT):
    """The command in a subprocess, killed (and the test failed) when it hangs."""
    try:
        return subprocess.run([sys.executable, "-m", "balance.cli", *args], capture_output=True, text=True,
                              timeout=timeout, cwd=ROOT)
    except subprocess.TimeoutExpired:
        pytest.fail(f"balance {' '.join(args)} still running after {timeout} s")


@pytest.mark.parametrize("seconds", ["nan", "inf"])
def test_bench_refuses_endless_seconds(seconds):
    result = balance("bench", "pig", "--seconds", seconds)
    assert_one_line(result.returncode, result.stderr, result.stdout + result.stderr,
                    f"--seconds {seconds}: expected a number of seconds from 0.1 to 600")


@pytest.mark.parametrize("command", ["validate", "run"])
def test_a_fifo_as_the_scenario_is_refused_without_waiting_for_a_writer(command, tmp_path):
    fifo = tmp_path / "scenario.toml"
    os.mkfifo(fifo)
    result = balance(command, str(fifo), "--out", str(tmp_path / "r"), timeout=60) if command == "run" else \
        balance(command, str(fifo), timeout=60)
    assert_one_line(result.returncode, result.stderr, result.stdout + result.stderr,
                    f"{fifo}: cannot read the scenario (not a regular file)")
