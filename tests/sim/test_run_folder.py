"""Run folders: one writer at a time, every part checked against run.json, safe temporary files,
full disks and read-only folders, names that are not globs, and workers that die with their run."""

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import polars as pl
import pytest
from typer.testing import CliRunner

from balance.cli import app
from balance.errors import BalanceError
from balance.files import folder_name
from balance.report import write_report
from balance.scenario import load_scenario
from balance.sim.runner import default_out, open_run, run
from tests.conftest import random_scenario

ROOT = Path(__file__).resolve().parents[2]
HOLD20 = str(ROOT / "scenarios/pig/hold20.toml")
FOUR = str(ROOT / "scenarios/pig/four-players.toml")


def balance(*args):
    return [sys.executable, "-m", "balance.cli", *args]


def parts_of(folder):
    return sorted((Path(folder) / "games").glob("part-*.parquet"))


def wait_for(condition, seconds=120, what="the run"):
    deadline = time.time() + seconds
    while not condition():
        if time.time() > deadline:
            pytest.fail(f"{what} did not get there in {seconds} s")
        time.sleep(0.05)


def test_a_second_run_into_a_folder_being_written_is_refused(tmp_path):
    out = tmp_path / "shared"
    first = subprocess.Popen(balance("run", HOLD20, "-n", "40000000", "-j", "1", "-q", "--format", "none",
                                     "--out", str(out)), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=ROOT)
    try:
        wait_for(lambda: parts_of(out))
        other = load_scenario(FOUR)
        for kwargs in ({"overwrite": True}, {"resume": True}, {}):
            with pytest.raises(BalanceError, match=re.escape(f"{out}: another balance run (process {first.pid}) is "
                                                             f"writing into this folder; wait for it to finish")):
                run(other, games=2_000, jobs=1, out=out, progress=False, **kwargs)
    finally:
        first.send_signal(signal.SIGINT)
        first.communicate(timeout=60)
    assert open_run(out).meta["scenario"]["path"] == HOLD20
    assert open_run(out).parts() == parts_of(out)  # every part is the first run's
    # once the first run has stopped, the folder is free
    run(load_scenario(FOUR), games=2_000, jobs=1, out=out, progress=False, overwrite=True)
    assert open_run(out).games.select(pl.len()).collect().item() == 2_000


def test_parts_of_another_run_or_batch_are_never_counted(tmp_path):
    sc = random_scenario("pig", games_=8_000)  # 8 batches of 1,000
    mine = run(sc, jobs=1, out=tmp_path / "mine", progress=False)
    other = run(sc, seed=99, jobs=1, out=tmp_path / "other", progress=False)
    games = mine.dir / "games"
    shutil.copy(other.dir / "games" / "part-00003.parquet", games / "part-00003.parquet")  # another seed
    shutil.copy(games / "part-00001.parquet", games / "part-00099.parquet")  # a batch the run has not
    expected = [f"{games / 'part-00003.parquet'}: from another run (another scenario, rules, seats or seed); "
                f"it is not a part of this run: move it out of the folder",
                f"{games / 'part-00099.parquet'}: batch 99 is not in this run (its batches are 0 to 7); "
                f"it is not a part of this run: move it out of the folder"]
    with pytest.raises(BalanceError) as e:
        mine.games.collect()
    assert e.value.problems == expected
    with pytest.raises(BalanceError) as e:
        run(sc, jobs=1, out=mine.dir, progress=False, resume=True)
    assert e.value.problems == expected
    result = CliRunner().invoke(app, ["report", str(mine.dir), "--format", "html"])
    assert result.exit_code == 2 and result.stderr.strip().splitlines() == expected
    assert not (mine.dir / "report.html").exists()


def test_a_part_that_names_no_run_is_not_counted(tmp_path):
    mine = run(random_scenario("pig", games_=4_000), jobs=1, out=tmp_path / "mine", progress=False)
    part = mine.dir / "games" / "part-00001.parquet"
    pl.read_parquet(part, glob=False).write_parquet(part)  # the same games, rewritten by another program
    with pytest.raises(BalanceError, match=re.escape(f"{part}: it names no run (written by another program")):
        mine.games


def test_damaged_parts_are_named_and_played_again_on_resume(tmp_path):
    sc = random_scenario("pig", games_=8_000)
    reference = run(sc, jobs=1, out=tmp_path / "reference", progress=False)
    broken = run(sc, jobs=1, out=tmp_path / "broken", progress=False)
    empty, truncated = broken.dir / "games" / "part-00002.parquet", broken.dir / "games" / "part-00005.parquet"
    empty.write_bytes(b"")
    truncated.write_bytes(truncated.read_bytes()[:5_000])
    with pytest.raises(BalanceError) as e:
        write_report(broken, ("html",))
    first, second = e.value.problems
    assert first == f"{empty}: damaged (empty (0 bytes)); resume=True on this folder plays its batch again"
    assert second.startswith(f"{truncated}: damaged (unreadable: ")
    resumed = run(sc, jobs=1, out=broken.dir, progress=False, resume=True)
    assert resumed.meta["games_played_now"] == 2_000
    assert [p.name for p in parts_of(reference.dir)] == [p.name for p in parts_of(broken.dir)]
    for part in parts_of(reference.dir):
        assert part.read_bytes() == (broken.dir / "games" / part.name).read_bytes()
    assert resumed.games.select(pl.len()).collect().item() == 8_000


def test_a_complete_run_missing_a_part_says_which(tmp_path):
    result = run(random_scenario("pig", games_=4_000), jobs=1, out=tmp_path / "r", progress=False)
    (result.dir / "games" / "part-00002.parquet").unlink()
    with pytest.raises(BalanceError, match=re.escape(f"{result.dir / 'games' / 'part-00002.parquet'}: missing from "
                                                     f"this complete run")):
        result.games


def test_folders_named_like_globs_read_their_own_games(tmp_path):
    sc = random_scenario("pig", games_=2_000)
    a1 = run(sc, seed=1, jobs=1, out=tmp_path / "x" / "a1", progress=False)
    for name in ("a[12]", "b**", "c?"):
        odd = run(sc, seed=2, jobs=1, out=tmp_path / "x" / name, progress=False)
        own = pl.concat([pl.read_parquet(p, glob=False) for p in parts_of(odd.dir)])
        games = odd.games.collect()
        assert games.equals(own) and not games.equals(a1.games.collect()), name
        write_report(odd, ("html",))


def test_default_folders_come_from_the_scenario_file_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "run[1].toml"
    path.write_text('name = "Pig, two players: hold/../20"\n' + Path(HOLD20).read_text())
    sc = load_scenario(path)
    assert default_out(sc) == Path("reports/run-1-2026")
    result = CliRunner().invoke(app, ["run", str(path), "-n", "2000", "-j", "1", "-q", "--format", "html"])
    assert result.exit_code == 0, result.output
    assert open_run("reports/run-1-2026").meta["scenario"]["name"] == "Pig, two players: hold/../20"
    assert (tmp_path / "reports" / "run-1-2026" / "report.html").is_file()


@pytest.mark.parametrize("text, name", [
    ("Moongha Invaders, 3 balanced players", "Moongha-Invaders-3-balanced-players"),
    ("a/../../etc", "a-etc"), ("..", "game"), ("back\\slash", "back-slash"), ("line\nbreak\0nul", "line-break-nul"),
    ("con", "con_"), ("LPT1", "LPT1_"), ("café: 2", "caf-2"), ("x" * 300, "x" * 100)])
def test_folder_names_are_safe_on_every_operating_system(text, name):
    assert folder_name(text, "game") == name


def test_temporary_files_never_write_through_a_planted_link(tmp_path):
    out = tmp_path / "shared-run"
    (out / "games").mkdir(parents=True)
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    for name in (".run.json.tmp", ".report.html.tmp", ".report.pdf.tmp"):
        (out / name).symlink_to(victim)
    result = run(random_scenario("pig", games_=2_000), jobs=1, out=out, progress=False)
    write_report(result)
    assert victim.read_text() == "precious"
    assert (out / "report.html").is_file() and not (out / "report.html").is_symlink()


def test_overwrite_replaces_exactly_what_the_run_wrote(tmp_path):
    out = tmp_path / "r"
    args = ["run", HOLD20, "-n", "2000", "-j", "1", "-q", "--out", str(out)]
    assert CliRunner().invoke(app, args + ["--format", "html"]).exit_code == 0
    mine = [out / "notes-part-1.txt", out / "games" / "my-part-notes.txt"]
    for path in mine:
        path.write_text("the designer's")
    result = CliRunner().invoke(app, args + ["--overwrite", "--format", "none", "--set", "seed=5"])
    assert result.exit_code == 0, result.output
    assert not (out / "report.html").exists()  # the old run's report went with its games
    assert all(p.read_text() == "the designer's" for p in mine)
    assert open_run(out).meta["seed"] == 5


def test_more_jobs_than_cores_or_batches_start_no_more_workers(tmp_path):
    import joblib

    result = CliRunner().invoke(app, ["run", HOLD20, "-n", "1000", "--jobs", "1000", "--format", "none",
                                      "--out", str(tmp_path / "r")])
    assert result.exit_code == 0, result.output
    assert f"--jobs 1000: this machine has {joblib.cpu_count()} cores" in result.stderr
    assert open_run(tmp_path / "r").meta["jobs"] == 1  # one batch


def on_a_small_disk(tmp_path, script, size="64k"):
    """Run the shell ``script`` with a tmpfs of ``size`` at ``$DISK`` (a private mount namespace)."""
    unshare = shutil.which("unshare")
    probe = unshare and subprocess.run([unshare, "--user", "--map-root-user", "--mount", "true"],
                                       capture_output=True).returncode == 0
    if not probe:
        pytest.skip("needs unshare and user namespaces to mount a small disk")
    disk = tmp_path / "disk"
    disk.mkdir()
    env = {**os.environ, "DISK": str(disk), "BALANCE": " ".join(balance())}
    return subprocess.run([unshare, "--user", "--map-root-user", "--mount", "sh", "-c",
                           f"mount -t tmpfs -o size={size} tmpfs \"$DISK\" && {script}"],
                          capture_output=True, text=True, timeout=600, cwd=ROOT, env=env)


def test_a_full_disk_keeps_every_finished_batch_and_says_so_in_one_line(tmp_path):
    reference = run(load_scenario(HOLD20), games=8_000, jobs=1, out=tmp_path / "reference", progress=False)
    run_ = f"$BALANCE run {HOLD20} -n 8000 -j 1 -q --format none --out \"$DISK/run\""
    result = on_a_small_disk(tmp_path, f"""
        {run_} 2> "$DISK/../full.err"; echo "full: $?"
        ls -A "$DISK/run" "$DISK/run/games"
        mount -o remount,size=64m "$DISK"
        {run_} --resume; echo "resumed: $?"
        cp -r "$DISK/run" "$DISK/../copy"
    """)
    assert "full: 2" in result.stdout and "resumed: 0" in result.stdout, result.stdout + result.stderr
    assert ".tmp" not in result.stdout  # no temporary file left behind
    error = (tmp_path / "full.err").read_text()
    assert "Traceback" not in error and len(error.strip().splitlines()) == 1, error
    saved = re.search(r"No space left on device\); (\d) of 8 batches are saved; make room .* --resume$", error.strip())
    assert saved and 1 <= int(saved.group(1)) < 8, error
    copy = tmp_path / "copy"
    assert [p.name for p in parts_of(copy)] == [p.name for p in parts_of(reference.dir)]
    for part in parts_of(reference.dir):
        assert part.read_bytes() == (copy / "games" / part.name).read_bytes()
    assert json.loads((copy / "run.json").read_text())["status"] == "complete"


def test_a_read_only_folder_is_one_line_and_keeps_the_games(tmp_path):
    result = on_a_small_disk(tmp_path, f"""
        $BALANCE run {HOLD20} -n 2000 -j 1 -q --format none --out "$DISK/run" || exit 9
        mount -o remount,ro "$DISK"
        $BALANCE report "$DISK/run" --format html; echo "report: $?"
        $BALANCE run {HOLD20} -n 2000 -j 1 -q --format none --out "$DISK/run" --resume; echo "resume: $?"
    """, size="8m")
    lines = result.stderr.strip().splitlines()
    assert "report: 2" in result.stdout and "resume: 2" in result.stdout, result.stdout + result.stderr
    assert "Traceback" not in result.stderr and len(lines) == 2, result.stderr
    assert lines[0].endswith("report.html: cannot write the report (Read-only file system); the games are kept: "
                             f"`balance report {tmp_path / 'disk' / 'run'}` writes it again"), lines[0]
    assert lines[1] == f"{tmp_path / 'disk' / 'run'}: cannot write into the run folder (Read-only file system)"


def _children(pid):
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(stat.parent.name))
        except (OSError, ValueError, IndexError):
            pass
    return found


def _alive(pid):
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="finds the workers through /proc")
def test_workers_stop_soon_after_their_run_is_killed(tmp_path):
    out = tmp_path / "killed"
    proc = subprocess.Popen(balance("run", HOLD20, "-n", "20000000", "-j", "2", "-q", "--format", "none",
                                    "--out", str(out)), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
    try:
        wait_for(lambda: len(parts_of(out)) >= 2)
        workers = _children(proc.pid)
        assert workers
    finally:
        proc.kill()  # SIGKILL: the run has no chance to stop its workers
        proc.wait()
    killed_at = time.time()
    wait_for(lambda: not any(_alive(w) for w in workers), seconds=10, what="the workers")
    late = [p.name for p in parts_of(out) if p.stat().st_mtime > killed_at + 0.5]
    assert not late, f"parts written after the run was killed: {late}"
