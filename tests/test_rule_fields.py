"""Rule fields (``balance.rules``) on a small rules class of their own: which values a scenario may give, how a
value that is not allowed is named, and what ``run.json`` and ``balance rules`` show."""

from dataclasses import dataclass, replace

from balance.rules import check_value, rule, rule_values, rules_record, rules_toml, section


@dataclass(frozen=True)
class Dice:
    sides: int = rule(6, "Sides of a die", rulebook="Components", lo=2, hi=20)
    colours: tuple = rule(("red", "blue"), "Colours of the dice", assumed="two dice", length=(1, 4))


@dataclass(frozen=True)
class Rules:
    dice: Dice = section(Dice)
    target: int = rule(100, "Points to win", rulebook="Winning", lo=10)
    odds: float = rule(0.5, "Chance to draw a bonus", assumed="even", hi=1.0)
    track: tuple = rule((1, 2, 3), "VP by turn", assumed="rises", lo=0, hi=9, length=(3, 3))
    mode: str = rule("fast", "Mode of play", assumed="the quick game", choices=("fast", "slow"))


def check(key, value):
    rv = next(rv for rv in rule_values(Rules()) if rv.key == key)
    return check_value(value, rv.default, rv.info)


def test_a_value_at_either_end_of_its_range_is_allowed_and_one_beyond_is_named():
    assert check("dice.sides", 2) == (2, None) and check("dice.sides", 20) == (20, None)
    for beyond in (1, 21):
        assert check("dice.sides", beyond)[1] == f"{beyond} is not allowed; expected an integer from 2 to 20"
    assert check("odds", 1.0) == (1.0, None)
    assert check("odds", 1.01)[1] == "1.01 is not allowed; expected a number of at most 1"
    assert check("target", 10) == (10, None)
    assert check("target", 9)[1] == "9 is not allowed; expected an integer of at least 10"


def test_a_whole_number_written_as_a_float_is_an_integer_and_a_fraction_is_not():
    value, problem = check("dice.sides", 8.0)
    assert (value, problem) == (8, None) and type(value) is int
    assert check("dice.sides", 8.5)[1] == "8.5 is not allowed; expected an integer from 2 to 20"


def test_a_list_is_named_by_its_length_and_each_entry_s_range():
    assert check("track", [0, 9, 4]) == ((0, 9, 4), None)
    for bad in ([0, 10, 4], [1, 2], [1, 2, 3, 4]):
        assert check("track", bad)[1] == f"{bad!r} is not allowed; expected a list of 3 integers each from 0 to 9"
    assert check("dice.colours", ["red"] * 4) == (("red",) * 4, None)
    assert check("dice.colours", [])[1] == "[] is not allowed; expected a list of 1 to 4 texts"


def test_a_named_option_not_among_the_choices_gets_the_nearest_one():
    assert check("mode", "slow") == ("slow", None)
    assert check("mode", "slwo")[1] == "'slwo' is not allowed; expected one of 'fast', 'slow' (did you mean 'slow'?)"
    assert check("mode", "medium")[1] == "'medium' is not allowed; expected one of 'fast', 'slow'"


def test_the_run_record_marks_the_rules_a_scenario_changed():
    rules = replace(Rules(), target=50, dice=replace(Dice(), sides=8))
    changed = {r["key"]: r["changed"] for r in rules_record(rules)}
    assert changed == {"dice.sides": True, "dice.colours": False, "target": True, "odds": False, "track": False,
                       "mode": False}


def test_balance_rules_writes_readings_wrapped_and_a_list_of_texts_one_entry_a_line():
    reading = "a reading of the rulebook long enough to be wrapped onto a second line of the listing " * 2
    text = rules_toml(Rules, "Toy", [reading.strip()])
    lines = text.splitlines()
    first = lines.index("# How the engine reads the rulebook where it is silent or unclear (those with a number are "
                        "below):") + 1
    assert lines[first].startswith("#   - a reading") and lines[first + 1].startswith("#     ")
    assert "# dice.colours = [" in lines and '#     "red",' in lines and '#     "blue",' in lines
    assert "# track = [1, 2, 3]" in lines and "# dice.sides = 6" in lines
