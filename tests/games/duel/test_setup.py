"""The two-player game's setup, and the odds of a close combat against the exact ones."""

from dataclasses import replace

import numpy as np

from balance.games.duel import engine
from balance.games.duel.decisions import BONUS, what_of
from balance.games.duel.rules import COUNTERS, MAP, MAX_BONUS, MAX_SIDE, Rules, counter_list, rules_problems
from balance.games.duel.tables import STEPS, TABLES
from tests.games.duel.position import DRAKOOR, JOE, SPECTOOR, Position, rng


def test_setup_pieces_on_their_spots_six_cards_each_and_the_bonus_counters_face_down():
    rules = Rules()
    t = TABLES.python(rules, 2)
    s = engine.LAYOUT.new(traced=True)
    s.rng[:], s.setup_rng[:], s.policies.rng[:] = rng(0), rng(1), rng(2)
    engine.set_up(s, t)
    assert list(s.at[:5]) == list(t.blue_spots) and list(s.at[5:]) == list(t.red_spots)
    assert list(s.hand_n) == [6, 6]
    assert list(s.deck_n) == [len(rules.hero_deck) - 6, len(rules.monster_deck) - 6]
    faces = sorted(int(s.bonus[c]) for c in t.bonus_squares[:t.n_bonus_squares])
    assert faces == sorted(COUNTERS.index(name) for name in counter_list(rules.bonus_counters))  # the rules' list
    assert s.carry[4, 7] == 1  # Jade's radio (counter 7)


def test_thick_lines_name_their_squares_from_1_at_the_top_left_as_the_replay_does():
    """The default fences, '4,7|5,7' and '6,7|7,7', close the park's north and south entrances (column 7 of 13)."""
    t = TABLES.python(Rules(), 2)
    width = len(MAP[0])
    south = STEPS.index((1, 0))
    north_street, park_north = 3 * width + 6, 4 * width + 6  # cells count from 0
    park_south, south_street = 5 * width + 6, 6 * width + 6
    assert MAP[3][6] == "." and MAP[6][6] == "."
    assert t.step[north_street, south] == -1 and t.step[park_south, south] == -1
    assert t.step[park_north, south] == park_north + width  # inside the park: open
    assert t.step[south_street, south] == south_street + width
    off = rules_problems(replace(Rules(), thick_lines=("0,7|1,7",)))
    assert off == ["thick line '0,7|1,7': a square is off the 10x13 map (rows 1-10, columns 1-13)"]
    assert rules_problems(replace(Rules(), thick_lines=("10,13|10,12",))) == []


def test_the_rules_check_accepts_maps_decks_and_counters_up_to_their_limits_and_names_what_is_beyond():
    def problems(**changes):
        return rules_problems(replace(Rules(), **changes))

    spots = "bbbbb" + "rrrrrrr"  # the 5 heroes' and 7 monsters' start spots
    narrowest = tuple(spots[i:i + 2] for i in range(0, 12, 2))
    assert problems(map=narrowest, thick_lines=()) == []
    sizes = f"map: every row must have the same length, 2 to {MAX_SIDE} squares"
    assert problems(map=tuple(spots), thick_lines=()) == [sizes]
    widest = (spots.ljust(MAX_SIDE, "."), "." * MAX_SIDE)
    assert problems(map=widest, thick_lines=()) == []
    assert problems(map=tuple(row + "." for row in widest), thick_lines=()) == [sizes]
    assert problems(map=("bbbbb", "rrrrrrr"), thick_lines=()) == [sizes + " (row 2 has 7, row 1 5)"]
    assert problems(map=(spots + "J", ".J" + "." * 11), thick_lines=()) == ["map: at most one jeep (J)"]
    assert problems(map=(spots + "J", "." * 13), thick_lines=()) == []
    # the default thick lines fence the default map's park only
    assert problems() == [] and problems(thick_lines=()) == []
    assert len(problems(map=narrowest)) == 1 and problems(map=narrowest)[0].startswith("thick_lines: the default")
    assert problems(map=narrowest, thick_lines=("1,1|1,2",)) == []
    # a hero card may be marked, a monster card not
    assert problems(hero_deck=("joe/arnie duck", "joe/arnie +1")) == []
    assert problems(monster_deck=("kiddoo/shaggoo +1",)) == ["monster_deck: monster cards carry no Duck or +1 mark"]
    assert problems(bonus_counters=", ".join(["ammo"] * MAX_BONUS)) == []
    assert problems(bonus_counters=", ".join(["ammo"] * (MAX_BONUS + 1))) == [f"bonus_counters: at most {MAX_BONUS}"]


def test_no_bonus_action_without_a_card_in_hand():
    p = Position(["1.."])
    n = engine.list_actions(p.s, p.t, 0)
    assert not any(what_of(c) == BONUS for c in p.options(n))
    p.hand(0, p.card(0, "billy/skull"))
    n = engine.list_actions(p.s, p.t, 0)
    assert sum(what_of(c) == BONUS for c in p.options(n)) == 5  # one for each hero


def exact_win(modifier):
    """P(2d6 + modifier > 2d6), ties re-rolled: from the 1,296 rolls."""
    faces = np.add.outer(np.arange(1, 7), np.arange(1, 7)).ravel()
    diff = np.subtract.outer(faces + modifier, faces).ravel()
    return (diff > 0).sum() / (diff != 0).sum()


def test_close_combat_odds_match_the_exact_ones():
    """20,000 fights of Joe (no modifier) against Spectoor (none) and Drakoor (+1); seed 3; within 4 standard
    errors (about 1.4 points) of the exact 1/2 and 0.3763."""
    p = Position(["1pd"])
    p.s.rng[:] = rng(3)
    n = 20_000
    for defender, modifier in ((SPECTOOR, 0), (DRAKOOR, -1)):
        won = sum(engine.fight(p.s, p.t, JOE, defender) for _ in range(n))
        expected = exact_win(modifier)
        assert abs(won / n - expected) < 4 * np.sqrt(expected * (1 - expected) / n), (defender, won / n, expected)
