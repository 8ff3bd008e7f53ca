"""How the report writes its numbers and the engines' readings of their rulebooks."""

from balance.analysis.stats import Estimate
from balance.report.content import _findings, _mean_and_ci, _sentence
from balance.registry import bullets, games
from balance.report.fmt import mean_ci


def test_a_mean_shows_as_many_digits_as_its_interval_needs():
    assert _mean_and_ci(Estimate(36.43, 36.41, 36.44)) == "36.43 (36.41 to 36.44)"  # not 36.4 (36.4 to 36.4)
    assert _mean_and_ci(Estimate(0.000934, 0.0009, 0.00097)) == "0.000934 (0.000900 to 0.000970)"
    assert _mean_and_ci(Estimate(5.0, 5.0, 5.0)) == "5.00 (5.00 to 5.00)"  # every winner killed 5: not 5.000000
    assert _mean_and_ci(Estimate(2.15, 2.11, 2.18), sign=True) == "+2.15 (+2.11 to +2.18)"


def test_a_mean_and_its_interval_get_more_decimals_only_when_the_interval_needs_them():
    assert mean_ci(Estimate(4.204, 4.18, 4.23), 1) == ("4.20", "4.18–4.23")  # not 4.2, 4.2–4.2
    assert mean_ci(Estimate(51.31, 50.73, 51.89), 2) == ("51.31", "50.73–51.89")
    assert mean_ci(Estimate(5.0, 5.0, 5.0), 1) == ("5.0", "5.0–5.0")
    assert mean_ci(Estimate(3.0, float("nan"), float("nan")), 1) == ("3.0", "–")


def test_the_findings_are_counted_in_words():
    assert [_findings(n) for n in (1, 2, 3)] == ["1 finding crosses", "2 findings cross", "3 findings cross"]


def test_a_games_readings_are_the_items_of_its_assumptions_lists():
    doc = """Assumptions (each a named rule):
  * one: first line
    and its second;
  * two ``code`` here.
- three, at another indent
  with more.

Policies: not a reading.
  * nor is this indented line after the paragraph
"""
    assert bullets(doc) == ["one: first line and its second;", "two code here.", "three, at another indent with more."]
    for spec in games().values():  # every game's list reads whole: no item swallowed the paragraph after it
        assert all("Policies" not in r and len(r) < 2_000 for r in spec.readings)


def test_a_reading_is_a_sentence_but_a_rules_key_keeps_its_case():
    assert _sentence("the map: Manhattan's streets;") == "The map: Manhattan's streets."
    assert _sentence("max_rounds = 300 turn cap") == "max_rounds = 300 turn cap."
    assert _sentence("options.heal_target = own.") == "options.heal_target = own."
