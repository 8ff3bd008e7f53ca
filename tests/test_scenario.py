"""Scenario files: loading, --set, and one clear line for each kind of mistake."""

import json
import re
import textwrap

import pytest

from balance.errors import BalanceError
from balance.games.pig import THRESHOLD
from balance.scenario import MAX_DEPTH, MAX_NAME, MAX_SCORES_BY_TURN, TOP_KEYS, from_resolved, load_scenario

GOOD = """
game = "pig"
players = 2
games = 1000
seed = 5
[rules]
target_score = 50
[[seats]]
policy = "hold"
params = { threshold = 15 }
[[seats]]
policy = "catch_up"
"""


def write(tmp_path, text, name="s.toml"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text))
    return path


def problems(tmp_path, text, sets=None):
    with pytest.raises(BalanceError) as e:
        load_scenario(write(tmp_path, text), sets)
    return e.value.problems


def test_a_good_scenario_loads_with_defaults_filled_in(tmp_path):
    sc = load_scenario(write(tmp_path, GOOD))
    assert (sc.game, sc.players, sc.games, sc.seed, sc.name) == ("pig", 2, 1000, 5, "s")
    assert sc.rules.target_score == 50 and sc.rules.die_sides == 6
    assert sc.seats[0].params == {"threshold": 15.0}
    assert sc.seats[1].params == {"threshold": 20.0, "per_point_behind": 0.25}
    assert [s.label for s in sc.seats] == ["hold", "catch_up"]
    assert not sc.rotate_seats


def test_set_changes_rules_seats_and_run_values(tmp_path):
    sc = load_scenario(write(tmp_path, GOOD), ["rules.die_sides=8", "bust_face=2", "seats.2.params.threshold=30",
                                               "games=77", "run.rotate_seats=true"])
    assert (sc.rules.die_sides, sc.rules.bust_face, sc.games, sc.rotate_seats) == (8, 2, 77, True)
    assert sc.seats[1].params["threshold"] == 30
    assert sc.overrides["rules.bust_face"] == 2


def test_same_policy_with_other_params_gets_distinct_labels(tmp_path):
    sc = load_scenario(write(tmp_path, GOOD), ["seats.2.policy=hold"])
    assert [s.label for s in sc.seats] == ["hold(threshold=15)", "hold(threshold=20)"]


def test_misspelt_keys_get_did_you_mean(tmp_path):
    lines = problems(tmp_path, GOOD.replace("seed = 5", "sede = 5").replace("target_score", "target_scor"))
    assert len(lines) == 2
    assert any("sede: unknown key (did you mean 'seed'?)" in line for line in lines)
    assert any("rules.target_scor: unknown rule (did you mean 'target_score'?)" in line for line in lines)
    assert all(line.startswith(str(tmp_path / "s.toml")) for line in lines)


def test_wrong_type_and_out_of_range_values_say_what_is_allowed(tmp_path):
    lines = problems(tmp_path, GOOD.replace("target_score = 50", "target_score = \"fifty\"\ndie_sides = 1")
                     .replace("games = 1000", "games = -3"))
    assert len(lines) == 3
    text = "\n".join(lines)
    assert "rules.target_score: 'fifty' is not allowed; expected an integer from 2 to 1,000" in text
    assert "rules.die_sides: 1 is not allowed; expected an integer from 2 to 100" in text
    assert "games: -3 is not allowed; expected an integer from 1" in text


def test_a_whole_number_written_as_a_float_is_taken_as_the_rules_take_it(tmp_path):
    path = tmp_path / "s.toml"
    path.write_text(GOOD.replace("games = 1000", "games = 1e5"))
    assert load_scenario(path).games == 100_000
    lines = problems(tmp_path, GOOD.replace("games = 1000", "games = 1.5"))
    assert lines == [f"{path}: games: 1.5 is not allowed; expected an integer from 1 to 1,000,000,000,000"]


def test_unknown_policy_and_parameter(tmp_path):
    lines = problems(tmp_path, GOOD.replace('policy = "catch_up"', 'policy = "hodl"')
                     .replace("threshold = 15", "treshold = 15"))
    text = "\n".join(lines)
    assert "seats.2.policy: unknown policy 'hodl' (did you mean 'hold'?); allowed: random, hold, catch_up, optimal" in text
    assert "seats.1.params.treshold: policy 'hold' has no such parameter (did you mean 'threshold'?)" in text


def test_unknown_game(tmp_path):
    lines = problems(tmp_path, 'game = "pgi"\n')
    assert len(lines) == 1 and "game: unknown game 'pgi' (did you mean 'pig'?)" in lines[0]


def test_players_and_seats_must_agree(tmp_path):
    lines = problems(tmp_path, GOOD.replace("players = 2", "players = 3"))
    assert lines == [f"{tmp_path / 's.toml'}: seats: 2 [[seats]] tables for 3 players; give one per seat"]
    lines = problems(tmp_path, GOOD.replace("players = 2", "players = 9"))
    assert "players: 9 is not allowed; expected an integer from 2 to 6" in lines[0]


def test_rules_cross_checks_and_policy_limits(tmp_path):
    lines = problems(tmp_path, GOOD, ["bust_face=7"])
    assert "bust_face 7 is not a face of a 6-sided die" in lines[0]
    lines = problems(tmp_path, GOOD, ["seats.2.policy=optimal", "target_score=500"])
    assert "policy 'optimal' needs rules.target_score <= 200" in lines[0]


def test_bad_toml_and_bad_set(tmp_path):
    lines = problems(tmp_path, "game = pig\n")
    assert len(lines) == 1 and "not valid TOML" in lines[0]
    with pytest.raises(BalanceError, match="expected key=value"):
        load_scenario(write(tmp_path, GOOD), ["target_score"])
    lines = problems(tmp_path, GOOD, ["seats.5.policy=hold"])
    assert "expected seats.N.policy or seats.N.params.NAME with N from 1 to 2" in lines[0]


def test_every_shipped_scenario_is_valid():
    from pathlib import Path

    files = sorted(Path("scenarios").glob("*/*.toml"))
    assert files
    for path in files:
        load_scenario(path)


def test_games_with_fixed_seat_roles_refuse_rotation(tmp_path):
    text = 'game = "angry-monsters"\nplayers = 3\n[run]\nrotate_seats = true\n'
    lines = problems(tmp_path, text)
    assert len(lines) == 1 and "run.rotate_seats: not for Angry Monsters: its seats play fixed roles" in lines[0]


def test_changing_a_seats_policy_resets_its_parameters(tmp_path):
    sc = load_scenario(write(tmp_path, GOOD), ["seats.1.params.threshold=30", "seats.1.policy=catch_up"])
    assert sc.seats[0].policy == "catch_up"
    assert sc.seats[0].params == {"threshold": 30.0, "per_point_behind": 0.25}
    sc = load_scenario(write(tmp_path, GOOD), ["seats.1.policy=optimal"])
    assert sc.seats[0].params == {}


def test_a_three_player_moongha_game_may_shorten_the_turn_track_below_the_four_player_turns(tmp_path):
    from balance.sim.batch import play

    text = ('game = "moongha"\nplayers = 3\n[rules]\nturn_track.turns_3_players = 1\n'
            'turn_track.white = [0]\nturn_track.dice = [0]\n')
    sc = load_scenario(write(tmp_path, text))
    assert sc.rules.turn_track.turns_4_players == 8  # the 4-player game's turns do not matter here
    games = play(sc, 0, 0, 200)
    assert (games["turns"] == 1).all() and (games["end_reason"] == "turns_played").all()
    path = tmp_path / "s.toml"
    assert problems(tmp_path, text.replace("players = 3", "players = 4")) == [
        f"{path}: turn_track.white: has 1 turns; 4 players play turn_track.turns_4_players = 8 turns",
        f"{path}: turn_track.dice: has 1 turns; 4 players play turn_track.turns_4_players = 8 turns"]


def test_set_game_chooses_the_game_before_anything_else(tmp_path):
    sc = load_scenario(write(tmp_path, 'game = "pig"\nplayers = 3\n'), ["game=moongha"])
    assert sc.game == "moongha" and sc.spec.name == "Moongha Invaders" and sc.overrides["game"] == "moongha"


def test_seats_may_share_a_name_only_when_they_play_the_same_strategy(tmp_path):
    seats = '[[seats]]\npolicy = "hold"\nname = "A"\n[[seats]]\npolicy = "hold"\nname = "A"\n'
    sc = load_scenario(write(tmp_path, 'game = "pig"\nplayers = 2\n' + seats))
    assert [s.label for s in sc.seats] == ["A", "A"]
    lines = problems(tmp_path, 'game = "pig"\nplayers = 2\n' + seats.replace('policy = "hold"\nname = "A"\n[[',
                                                                             'policy = "random"\nname = "A"\n[[', 1))
    assert lines == [f"{tmp_path / 's.toml'}: seats.2.name: 'A' already names seats.1, which plays random, not "
                     f"hold(threshold=20); give each strategy its own name"]
    lines = problems(tmp_path, 'game = "pig"\nplayers = 2\n[[seats]]\npolicy = "hold"\nname = "random"\n'
                               '[[seats]]\npolicy = "random"\n')
    assert "seats.2.name: 'random' already names seats.1, which plays hold(threshold=20), not random" in lines[0]


def test_a_text_rule_says_a_text_is_expected(tmp_path):
    """A rule whose value is one text (a card face, a starting formation) is not described as a list."""
    lines = problems(tmp_path, 'game = "moon"\nplayers = 2\n[rules.formations]\nhouston = 5\n')
    assert lines == [f"{tmp_path / 's.toml'}: rules.formations.houston: 5 is not allowed; expected a text"]


def test_set_names_an_unknown_key_a_seat_beyond_the_table_and_keeps_the_other_parameters(tmp_path):
    assert problems(tmp_path, GOOD, ["sede=5"]) == [
        f"{tmp_path / 's.toml'}: sede: unknown key (did you mean 'seed'?); allowed: {', '.join(TOP_KEYS)}"]
    for key in ("seats.1", "seats.0.policy", "seats.x.policy"):
        assert problems(tmp_path, GOOD, [f"{key}=hold"]) == [
            f"{tmp_path / 's.toml'}: --set {key}: expected seats.N.policy or seats.N.params.NAME with N from 1 to 2"]
    text = GOOD.replace('policy = "catch_up"', 'policy = "catch_up"\nparams = { threshold = 30 }')
    sc = load_scenario(write(tmp_path, text), ["seats.2.params.per_point_behind=0.5"])
    assert sc.seats[1].params == {"threshold": 30.0, "per_point_behind": 0.5}
    for key in ("rules", "rules."):
        assert problems(tmp_path, GOOD, [f"{key}=3"]) == [
            f"{tmp_path / 's.toml'}: --set {key}: expected rules.KEY=VALUE, e.g. rules.target_score=..."]
    with pytest.raises(BalanceError) as e:  # a loaded scenario changed later still names its file
        load_scenario(write(tmp_path, GOOD)).with_changes(["die_sides=1"])
    assert e.value.problems[0].startswith(f"{tmp_path / 's.toml'}: rules.die_sides: 1 is not allowed")


@pytest.mark.parametrize("name, ok", [("x" * MAX_NAME, True), ("x" * (MAX_NAME + 1), False), ("", False),
                                      ("   ", False), ("a\tb", False), ("Hold at 20 (fast)", True)])
def test_a_name_is_one_short_line(tmp_path, name, ok):
    for text in (GOOD.replace("seed = 5", f"seed = 5\nname = {json.dumps(name)}"),
                 GOOD.replace('policy = "catch_up"', f'policy = "catch_up"\nname = {json.dumps(name)}')):
        if ok:
            load_scenario(write(tmp_path, text))
        else:
            assert len(problems(tmp_path, text)) == 1


def test_a_long_value_is_cut_in_its_message_and_a_short_one_is_shown_whole(tmp_path):
    whole, cut = "x" * 58, "x" * 59  # 60 and 61 characters with their quotes
    text = GOOD.replace("seed = 5", 'seed = 5\n[run]\nscores_by_turn = "VALUE"')
    assert f"scores_by_turn: '{whole}' is not allowed" in problems(tmp_path, text.replace("VALUE", whole))[0]
    assert f"scores_by_turn: '{cut[:56]}... is not allowed" in problems(tmp_path, text.replace("VALUE", cut))[0]


@pytest.mark.parametrize("every, ok", [(0, True), (MAX_SCORES_BY_TURN, True), (-1, False),
                                       (MAX_SCORES_BY_TURN + 1, False), ("true", False), (2.5, False)])
def test_scores_by_turn_is_a_whole_number_from_0_to_its_limit(tmp_path, every, ok):
    text = GOOD.replace("seed = 5", f"seed = 5\n[run]\nscores_by_turn = {every}")
    if ok:
        assert load_scenario(write(tmp_path, text)).scores_by_turn == every
    else:
        assert "run.scores_by_turn" in problems(tmp_path, text)[0]


@pytest.mark.parametrize("value, shown", [(f"{THRESHOLD.lo:g}", None), (f"{THRESHOLD.hi:g}", None),
                                          (f"{THRESHOLD.lo - 0.5:g}", f"{THRESHOLD.lo - 0.5:g}"),
                                          (f"{THRESHOLD.hi + 1:g}", f"{THRESHOLD.hi + 1:g}"),
                                          ("true", "True"), ('"ten"', "'ten'")])
def test_a_strategy_parameter_lies_within_its_range(tmp_path, value, shown):
    text = GOOD.replace("threshold = 15", f"threshold = {value}")
    if shown is None:
        assert load_scenario(write(tmp_path, text)).seats[0].params == {"threshold": float(value)}
    else:
        assert problems(tmp_path, text) == [f"{tmp_path / 's.toml'}: seats.1.params.threshold: {shown} is not "
                                            f"allowed; expected a number from {THRESHOLD.lo:g} to {THRESHOLD.hi:g}"]


def test_a_strategy_without_parameters_says_so_and_the_players_follow_the_seats(tmp_path):
    text = 'game = "pig"\n' + '[[seats]]\npolicy = "random"\n' * 3
    assert load_scenario(write(tmp_path, text)).players == 3
    lines = problems(tmp_path, text.replace('"random"', '"random"\nparams = { x = 1 }', 1))
    assert lines == [f"{tmp_path / 's.toml'}: seats.1.params.x: policy 'random' has no such parameter; allowed: none"]


def test_seats_and_description_of_the_wrong_kind_and_the_rules_checked_only_once_the_rest_is_right(tmp_path):
    for seats in ('"x"', "[]"):
        assert "is not allowed; expected one [[seats]] table per seat" in \
            problems(tmp_path, f'game = "pig"\nseats = {seats}\n')[0]
    assert "description: 5 is not allowed; expected a text" in problems(tmp_path, 'game = "pig"\ndescription = 5\n')[0]
    assert problems(tmp_path, GOOD.replace("seed = 5", "sede = 5"), ["seats.2.policy=optimal", "target_score=500"]) == [
        f"{tmp_path / 's.toml'}: sede: unknown key (did you mean 'seed'?); allowed: {', '.join(TOP_KEYS)}"]


def test_a_scenario_nests_tables_and_lists_and_its_file_grows_up_to_their_limits(tmp_path):
    from balance.scenario import MAX_FILE_BYTES, from_dict, parse_toml

    def lists(depth):  # lists nested ``depth`` deep, in a table one deeper
        value = []
        for _ in range(depth - 1):
            value = [value]
        return value

    deepest = MAX_DEPTH - 1  # lists in the top table
    assert parse_toml("x = " + "[" * deepest + "]" * deepest, "s.toml") == {"x": lists(deepest)}
    with pytest.raises(BalanceError, match=f"nested more than {MAX_DEPTH} deep"):
        parse_toml("x = " + "[" * (deepest + 1) + "]" * (deepest + 1), "s.toml")
    with pytest.raises(BalanceError, match=f"nested more than {MAX_DEPTH} deep"):
        from_dict({"game": "pig", "seats": lists(deepest + 1)})
    with pytest.raises(BalanceError) as e:
        from_dict({"game": "pig", "seats": lists(deepest)})
    assert "deep" not in str(e.value)
    head = 'game = "pig"\n#'
    path = write(tmp_path, head + "x" * (MAX_FILE_BYTES - len(head) - 1) + "\n")
    assert path.stat().st_size == MAX_FILE_BYTES and load_scenario(path).game == "pig"
    path.write_text(path.read_text() + "\n")
    with pytest.raises(BalanceError, match="bytes is not a scenario"):
        load_scenario(path)


def test_a_scenario_read_back_from_a_run_is_the_one_played_and_its_messages_name_its_file_else_its_name(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text('game = "pig"\nplayers = 2\nname = "My Pig"\n[rules]\ntarget_score = 50\n'
                    '[[seats]]\npolicy = "hold"\n[[seats]]\npolicy = "random"\n')
    sc = load_scenario(path)
    resolved = json.loads(json.dumps(sc.resolved()))  # as run.json keeps it
    back = from_resolved(resolved)
    assert back.fingerprint() == sc.fingerprint() and back.rules == sc.rules and back.path == str(path)
    resolved["seats"][0]["policy"] = "hold_on"  # a run of a version whose policy has since been renamed
    with pytest.raises(BalanceError, match="^" + re.escape(f"{path}: seats.1.policy: unknown policy 'hold_on'")):
        from_resolved(resolved)
    resolved["path"] = None  # a scenario made in a notebook, from a dict
    with pytest.raises(BalanceError, match="^My Pig: seats.1.policy: unknown policy 'hold_on'"):
        from_resolved(resolved)
