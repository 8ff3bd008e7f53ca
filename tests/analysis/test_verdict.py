"""The verdict: one paragraph in plain words, built from the flags, the largest problem first with its size
and interval."""

import polars as pl
import pytest

from balance.analysis.flags import Flag, find_flags
from balance.analysis.metrics import analyse
from balance.analysis.stats import wilson
from balance.analysis.verdict import run_verdict
from tests.analysis.runs import made_run, spread


def test_a_lopsided_game_is_not_balanced_and_says_by_how_much(tmp_path):
    # 4,000 two-player games of an unregistered game, seat 1 winning 2,800 (70%): its interval is Wilson's
    a = analyse(*made_run(tmp_path, "toy", spread({1: 2800, 2: 1200}), ["A", "B"]))
    flags = find_flags(a)
    kind, text = run_verdict(a, flags)
    e = wilson(2800, 4000)
    assert kind == "warning"
    assert text.startswith(f"Not balanced. The largest problem: seat 1 wins more often than its fair share: 70.0% "
                           f"(95% interval {100 * e.lo:.1f}-{100 * e.hi:.1f}%) of the games against 50.0%.")
    # seat 2 winning less is the same story as seat 1 winning more: told once
    assert "seat 2" not in text
    # the strategies sit at fixed seats: their flags are the other thing that stands out, told once (`A` being much
    # stronger and beating every rival head to head is one story, told by its win rate)
    assert text.endswith("Also out of balance: strategy `A` is much stronger than the field.")


def test_a_fair_game_is_balanced_and_says_how_close_and_how_sure(tmp_path):
    a = analyse(*made_run(tmp_path, "toy", spread({1: 2010, 2: 1990}), ["A", "A"]))
    flags = find_flags(a)
    kind, text = run_verdict(a, flags)
    e = wilson(2010, 4000)
    assert [f for f in flags if f.severity == "warning"] == []
    assert kind == "ok"
    assert text.startswith("No balance problem found beyond the noise of these 4,000 games. The seat furthest from "
                           f"the fair share is seat 1: 50.2% (95% interval {100 * e.lo:.1f}-{100 * e.hi:.1f}%) against "
                           f"50.0%.")


def test_notes_are_worth_knowing_not_problems(tmp_path):
    # every game is won by the player who led from the start (winner_led_from = turns // 2 of 10 turns, one lead
    # change): decisiveness 0.5 is not above the 0.5 threshold, but 1 lead change per game... is at it: no notes.
    a = analyse(*made_run(tmp_path, "toy", spread({1: 2000, 2: 2000}), ["A", "A"], turns=[40] * 4000))
    notes = [Flag("note", "n", "t", "the lead rarely changes hands", "0.50 lead changes per game", 2.0)]
    kind, text = run_verdict(a, notes)
    assert kind == "ok" and text.endswith("Worth knowing: the lead rarely changes hands.")


def test_the_largest_problem_is_named_first_and_the_rest_are_listed_once():
    class A:  # what the verdict reads of an analysis when there are warnings
        decided, games, players = 100, 100, 4

    flags = [Flag("warning", "x", "t", "draws", "5% of the games", 1.2, "draws"),
             Flag("warning", "x", "t", "seat 2 wins less", "20% against 25%", 4.0, "seats"),
             Flag("warning", "x", "t", "seat 1 wins more", "40% against 25%", 12.0, "seats"),
             Flag("warning", "x", "t", "strategy `s` is much stronger", "40% against 25%", 2.4, "strategy s"),
             Flag("warning", "x", "t", "games hit the turn cap", "1%", 10.0, "timeouts"),
             Flag("warning", "x", "t", "a fifth", "1%", 1.1, "fifth"),
             Flag("note", "x", "t", "a few games run very long", "1 in 20", 1.5)]
    kind, text = run_verdict(A(), flags)
    assert text == ("Not balanced. The largest problem: seat 1 wins more: 40% against 25%. Also out of balance: games "
                    "hit the turn cap; strategy `s` is much stronger; draws; and 1 more. Worth knowing: a few games "
                    "run very long.")


def test_no_decided_game_no_verdict(tmp_path):
    a = analyse(*made_run(tmp_path, "toy", spread({-1: 50}), ["A", "B"]))
    kind, text = run_verdict(a, find_flags(a))
    assert kind == "note" and text.startswith("No verdict: none of the 50 games has a winner")


@pytest.mark.parametrize("scenario", ["scenarios/pig/optimal-vs-hold20.toml"])
def test_the_terminal_prints_the_verdict_and_the_flags_before_the_tables(tmp_path, scenario):
    from typer.testing import CliRunner

    from balance.cli import app

    result = CliRunner().invoke(app, ["run", scenario, "--games", "200000", "--jobs", "1", "--out",
                                      str(tmp_path / "r"), "-q", "--format", "none"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    verdict = next(i for i, line in enumerate(lines) if line.startswith("Verdict: "))
    table = next(i for i, line in enumerate(lines) if line.startswith("Win rate by seat"))
    assert verdict < table
    assert lines[verdict].startswith("Verdict: Not balanced. The largest problem: seat 1 wins more often than its "
                                     "fair share")
    assert any(line.startswith("  warning: Seat 1 wins") for line in lines[verdict:table])


def test_a_solo_game_has_no_fairness_test_and_gives_its_score(tmp_path):
    # 2,000 solo games scoring 30 or 40 (1,000 each), the one seat leading from the first turn (no lead change):
    # two players' run with these counts would say 'the lead rarely changes hands' and 'runaway leader'
    games, meta = made_run(tmp_path, "toy", [1] * 2000, ["solo"])
    frame = games.collect().with_columns(score_1=pl.Series([30, 40] * 1000, dtype=pl.Int32),
                                         lead_changes=pl.lit(0, pl.Int32), winner_led_from=pl.lit(0, pl.Int32))
    frame.write_parquet(tmp_path / "games" / "part-00000.parquet")
    a = analyse(pl.scan_parquet(tmp_path / "games" / "*.parquet"), meta)
    flags = find_flags(a)
    assert flags == []
    kind, text = run_verdict(a, flags)
    half = 1.96 * 5 * (2000 / 1999) ** 0.5 / 2000 ** 0.5  # the mean's normal interval: sd 5, 2,000 games
    assert kind == "note"
    assert text == (f"A solo game: one seat, so there is no fairness between seats to test. Its mean score is 35.0 "
                    f"(95% interval {35 - half:.1f}-{35 + half:.1f}) over these 2,000 games.")
