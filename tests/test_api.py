"""The Python API: what ``dir(balance)`` shows, and errors in the API's own words."""

from pathlib import Path

import pytest

import balance

HOLD20 = str(Path(__file__).resolve().parents[1] / "scenarios/pig/hold20.toml")


def test_dir_shows_the_whole_api():
    assert set(balance.__all__) <= set(dir(balance))
    assert {"run", "load_scenario", "open_run", "sweep", "compare", "write_report", "Run"} <= set(dir(balance))


def test_errors_from_the_api_name_its_keyword_arguments_not_command_line_flags(tmp_path):
    scenario = balance.load_scenario(HOLD20)
    balance.run(scenario, games=1_000, jobs=1, out=tmp_path / "r", progress=False)
    cases = [
        (dict(out=tmp_path / "r"), "already holds a complete run; pass resume=True to finish it, overwrite=True to "
                                   "replace it, or out= for another folder"),
        (dict(out=tmp_path / "r", resume=True, overwrite=True), "resume=True and overwrite=True: choose one"),
        (dict(out=tmp_path / "s", jobs=0), "jobs=0: expected at least 1 worker process"),
        (dict(out=tmp_path / "s", scheduler="tcp://127.0.0.1:8786"), "scheduler='tcp://127.0.0.1:8786': a "
                                                                     "scheduler is Dask's; add backend='dask'"),
        (dict(out=tmp_path / "s", until_ci=0.7), "until_ci=0.7: expected a half-width"),
        (dict(out=tmp_path / "s", resume=True), "resume=True: "),
        (dict(out=""), "out='': expected a folder"),
    ]
    for options, message in cases:
        with pytest.raises(balance.BalanceError) as e:
            balance.run(scenario, **{"games": 1_000, "jobs": 1, "progress": False, **options})
        assert message in str(e.value) and "--" not in str(e.value), options
