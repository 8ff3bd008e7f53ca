"""Sweeps and comparisons against answers known exactly."""

import math
import shutil

import pytest

from balance.analysis.compare import compare_runs
from balance.analysis.sweep import parse_vary, sweep
from balance.errors import BalanceError
from balance.scenario import load_scenario
from balance.sim.runner import run
from tests.analysis.runs import interrupt
from tests.conftest import FULL_STATS
from tests.games.pig.exact import hold_win_probability

GAMES = 1_000_000 if FULL_STATS else 100_000


def test_parse_vary_lists_ranges_and_tables():
    assert parse_vary("rules.target_score=50..100:25") == ("rules.target_score", [50, 75, 100])
    assert parse_vary("seats.2.params.per_point_behind=0.1..0.3:0.1") == (
        "seats.2.params.per_point_behind", [0.1, 0.2, 0.3])
    assert parse_vary("seats.1.policy=hold,optimal") == ("seats.1.policy", ["hold", "optimal"])
    assert parse_vary("track=[1,2],[3,4]") == ("track", [[1, 2], [3, 4]])
    with pytest.raises(BalanceError, match="LO <= HI"):
        parse_vary("x=5..1")


def test_a_bad_point_is_reported_before_anything_runs(tmp_path):
    sc = load_scenario("scenarios/pig/hold20.toml")
    with pytest.raises(BalanceError, match=r"--vary point rules.target_score=1: .*expected an integer from 2"):
        sweep(sc, ["rules.target_score=1,50"], games=1000, out=tmp_path / "s", progress=False)
    assert not (tmp_path / "s").exists()


def test_sweeping_the_hold_threshold_follows_the_exact_first_player_win_probability(tmp_path):
    # Seed 2026, GAMES games per point; each point's first-seat win rate within 4 standard errors
    # of the exact value (dynamic programming in tests/games/pig/exact.py).
    sc = load_scenario("scenarios/pig/hold20.toml")
    result = sweep(sc, ["seats.2.params.threshold=15..30:5"], games=GAMES, jobs=2, out=tmp_path / "s", progress=False)
    summary = result.summary
    assert summary["seats.2.params.threshold"].to_list() == [15, 20, 25, 30]
    for row in summary.iter_rows(named=True):
        exact = hold_win_probability(20, row["seats.2.params.threshold"])
        se = math.sqrt(exact * (1 - exact) / GAMES)
        assert abs(row["seat 1 win rate"] - exact) < 4 * se
        assert row["seat 1 win rate lo"] < row["seat 1 win rate"] < row["seat 1 win rate hi"]
    assert (tmp_path / "s" / "points" / "0003" / "run.json").exists()


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("compare")
    sc = load_scenario("scenarios/pig/hold20.toml")
    a = run(sc, games=GAMES, jobs=2, out=folder / "a", progress=False)
    again = run(sc, games=GAMES, jobs=1, out=folder / "again", progress=False)
    other_seed = run(sc, games=GAMES, seed=7, jobs=2, out=folder / "seed7", progress=False)
    b = run(sc.with_changes(["seats.2.params.threshold=25"]), games=GAMES, jobs=2, out=folder / "b", progress=False)
    return a, again, other_seed, b


def test_a_run_compared_with_itself_differs_in_nothing(runs):
    a, again, _, _ = runs
    result = compare_runs(a, again)
    assert result.paired and not result.significant
    assert all(d.diff.value == 0 for d in result.differences)


def test_independent_runs_of_the_same_scenario_show_no_significant_difference(runs):
    a, _, other_seed, _ = runs
    result = compare_runs(a, other_seed)
    assert not result.paired
    assert not result.significant


def test_a_real_change_is_significant_and_its_interval_holds_the_exact_difference(runs):
    a, _, _, b = runs
    result = compare_runs(a, b)
    seat1 = next(d for d in result.differences if d.metric == "seat 1 win rate")
    exact = hold_win_probability(20, 25) - hold_win_probability(20, 20)  # -0.0147
    assert seat1.significant and seat1.diff.lo < exact < seat1.diff.hi
    # pairing: the interval is narrower than two independent samples' would be
    independent = 1.96 * math.sqrt(2 * 0.25 / GAMES)
    assert seat1.diff.half_width < independent


def test_significance_is_holm_adjusted_across_the_metrics(runs):
    a, _, _, b = runs
    result = compare_runs(a, b)
    ps = sorted(d.p for d in result.differences)
    m = len(ps)
    # Holm's adjusted p of the k-th smallest p is max over j <= k of (m - j + 1) p_(j), capped at 1
    by_hand = [min(1.0, max((m - j) * ps[j] for j in range(k + 1))) for k in range(m)]
    assert sorted(d.p_holm for d in result.differences) == pytest.approx(by_hand)
    assert all(d.significant == (d.p_holm < 0.05) for d in result.differences)


def test_a_sweep_folder_named_like_a_glob_reads_its_own_summary(tmp_path):
    sc = load_scenario("scenarios/pig/hold20.toml")
    sweep(sc, ["rules.target_score=50,60"], games=2_000, jobs=1, out=tmp_path / "s1", progress=False)
    odd = sweep(sc, ["rules.target_score=70,80,90"], games=2_000, jobs=1, out=tmp_path / "s[12]", progress=False)
    assert odd.summary["rules.target_score"].to_list() == [70, 80, 90]


def test_a_sweep_says_its_games_before_playing_and_refuses_a_huge_one_without_yes(tmp_path):
    sc = load_scenario("scenarios/pig/hold20.toml")
    heard = []
    with pytest.raises(BalanceError, match=r"sweep: 951 points x 1,000,000 games = 951,000,000 games: more than "
                                           r"100,000,000; pass yes=True"):
        sweep(sc, ["rules.target_score=50..1000"], games=1_000_000, out=tmp_path / "huge", on_plan=heard.append)
    assert not heard and not (tmp_path / "huge").exists()
    sweep(sc, ["rules.target_score=50,60"], games=2_000, jobs=1, out=tmp_path / "small", progress=False,
          on_plan=heard.append)
    assert heard == ["sweep: 2 points x 2,000 games = 4,000 games"]


def test_an_interrupted_sweep_resumes_and_overwritten_keeps_none_of_the_old_points(tmp_path):
    sc = load_scenario("scenarios/pig/hold20.toml")
    out, vary = tmp_path / "s", ["rules.target_score=50,60,70"]
    whole = sweep(sc, vary, games=2_000, jobs=1, out=out, progress=False).summary
    interrupt(out / "points" / "0001")
    shutil.rmtree(out / "points" / "0002")  # the interruption came before it began
    resumed = sweep(sc, vary, games=2_000, jobs=1, out=out, resume=True, progress=False).summary
    assert resumed.drop("folder").equals(whole.drop("folder"))  # the same games: the same seed
    fewer = sweep(sc, ["rules.target_score=80,90"], games=2_000, jobs=1, out=out, overwrite=True, progress=False)
    assert sorted(p.name for p in (out / "points").iterdir()) == ["0000", "0001"]
    assert fewer.summary["rules.target_score"].to_list() == [80, 90]


def test_parse_vary_keeps_a_quoted_comma_and_refuses_a_huge_range_at_once():
    assert parse_vary('rules.heroes.joe.kit="handgun, radio","handgun"') == (
        "rules.heroes.joe.kit", ["handgun, radio", "handgun"])
    with pytest.raises(BalanceError, match="100,000,000 values is more than 10,000 points"):
        parse_vary("rules.target_score=1..100000000:1")  # at once: the list would take gigabytes


def made_pair(tmp_path, games=100_000, longer=2_000):
    """Two hand-made runs of the same seed and games: B's first ``longer`` games last a turn longer (+0.02 turns
    on average at the defaults), nothing else differs."""
    from tests.analysis.runs import made_run

    winners = [1 + g % 2 for g in range(games)]
    a = made_run(tmp_path / "a", "toy", winners, ["A", "A"], turns=[20] * games)
    b = made_run(tmp_path / "b", "toy", winners, ["A", "A"], turns=[21 if g < longer else 20 for g in range(games)])
    for _, meta in (a, b):
        meta["batch_size"] = games
    return a, b


def test_a_tiny_significant_difference_is_not_called_higher(tmp_path):
    from balance.analysis.compare import MinEffect, compare_frames

    (ga, ma), (gb, mb) = made_pair(tmp_path)
    result = compare_frames(ga, gb, ma, mb)
    turns = next(d for d in result.differences if d.metric == "game length (turns)")
    # +0.02 turns, per-game differences 1 in 2% of the games: sd 0.14, far beyond the noise of 100,000 games
    assert turns.diff.value == pytest.approx(0.02) and turns.significant
    assert turns.min_effect == pytest.approx(0.4)  # 2% of A's 20 turns, the default
    assert not turns.meaningful and result.meaningful == []
    assert turns.verdict == "higher, but by less than the minimum effect"
    assert "significantly" not in turns.words(False)
    # the same difference against a minimum effect of 0.01 turns is a change
    strict = compare_frames(ga, gb, ma, mb, MinEffect(metrics=(("game length (turns)", 0.01),)))
    assert [d.metric for d in strict.meaningful] == ["game length (turns)"]
    assert next(d for d in strict.differences if d.metric == "game length (turns)").verdict == "higher"
    # a rate whose whole interval lies within 1 point is no change
    seat1 = next(d for d in result.differences if d.metric == "seat 1 win rate")
    assert seat1.within_min_effect and seat1.verdict == "no change that matters"


def test_min_effect_is_parsed_with_its_defaults_stated():
    from balance.analysis.compare import MinEffect, parse_min_effect

    assert parse_min_effect(None) == MinEffect(0.01, 0.02, ())
    assert parse_min_effect(["rates=0.02", "game length (turns)=0.5"], ["game length (turns)"]) == MinEffect(
        0.02, 0.02, (("game length (turns)", 0.5),))
    assert MinEffect().describe() == "rates ±1 percentage point, means ±2% of A's value"
    with pytest.raises(BalanceError) as e:
        parse_min_effect(["rates=-1", "turns=0.5", "means"], ["game length (turns)"])
    assert len(e.value.problems) == 3 and "unknown key 'turns'" in e.value.problems[1]


def test_the_compare_report_shows_the_scenario_diff_and_both_p_values_side_by_side(runs, tmp_path):
    from pypdf import PdfReader

    from balance.report.compare import write_compare_report
    from balance.report.fmt import p_value

    a, _, _, b = runs
    result = compare_runs(a, b)
    paths = write_compare_report(result, a, b, tmp_path / "report")
    html = paths["html"].read_text()
    assert html.index(">Verdict<") < html.index(">What differs between A and B</h2>") < html.index(">Every metric</h2>")
    assert "<td class=\"l\">seats.2.params.threshold</td><td class=\"l\">20.0</td><td class=\"l\">25.0</td>" in html
    for header in ("p (unadjusted)", "p (Holm-adjusted)", "minimum effect", "95% interval", "B − A"):
        assert f">{header}</th>" in html
    for d in result.differences:
        row = html[html.index(f">{d.metric}</td>"):]
        row = row[:row.index("</tr>")]
        assert p_value(d.p_holm).removeprefix("p = ").removeprefix("p ").replace("<", "&lt;") in row
    assert "rates ±1 percentage point, means ±2% of A&#39;s value" in html
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(paths["pdf"]).pages).split())
    assert "p (Holm-adjusted)" in text and "seats.2.params.threshold" in text and "minimum effect" in text
