"""Setup and phase one: tiles, first player, the Action boxes, dice by face, supplies, progressions."""

import numpy as np
import pytest

from balance.games.moongha import engine
from balance.games.moongha.rules import CITIES, Rules
from balance.games.moongha.state import (
    ARMOUR, AVAILABLE, A_BOMB, HERO, INFANTRY, JET, N_KINDS, ORANGE, PURPLE, WHITE, enter_board, leave_board,
    monster_in, monsters_in, move_monster,
)
from balance.games.moongha.tables import TABLES
from balance.kit.log import events
from balance.rules import apply_overrides
from tests.games.moongha.position import CITY, all_used, choices, dice, fresh, seed


def test_default_rules_are_consistent():
    assert Rules().problems() == []


def test_a_bad_connection_is_reported():
    _, problems = apply_overrides(Rules, {"board.connections": ["London-Paris", "Paris-Atlantis"]})
    assert any("Paris-Atlantis" in p for p in problems)


def test_a_city_named_twice_or_cut_off_is_named():
    rules = Rules()
    cities = list(rules.board.cities)
    _, problems = apply_overrides(Rules, {"board.cities": cities[:-1] + ["Paris"],
                                          "board.connections": ["London-Paris"]})
    assert "rules: board.cities: 'Paris' is named twice" in problems
    _, problems = apply_overrides(Rules, {"board.connections": [c for c in rules.board.connections
                                                                if "Sydney" not in c]})
    assert problems == ["rules: board.connections: 'Sydney' cannot be reached from 'London'"]


def test_the_connections_read_city_names_with_dashes_and_reach_no_island_of_cities():
    """A connection is split at the dash whose halves are both cities ('Rio-de-Janeiro-London'); the first city,
    London, may stand on either side; two cities joined to each other alone are cut off from the rest."""
    board = {"board.cities": ["London", "Rio-de-Janeiro", "Paris", "Rome"]}
    rules, problems = apply_overrides(Rules, {**board, "board.connections": [
        "Rio-de-Janeiro-London", "Paris-London", "Rome-Paris"]})
    assert problems == [] and rules.connection_pairs() == [(1, 0), (2, 0), (3, 2)]
    _, problems = apply_overrides(Rules, {**board, "board.connections": ["Rio-de-Janeiro-London", "Paris-Rome"]})
    assert problems == ["rules: board.connections: 'Paris' cannot be reached from 'London'"]


def test_a_turn_may_roll_every_die_in_the_box_and_no_more():
    most = Rules().supplies.dice
    assert apply_overrides(Rules, {"turn_track.dice": [3, most]})[1] == []
    assert apply_overrides(Rules, {"turn_track.dice": [3, most + 1]})[1] == [
        f"rules: turn_track.dice: a turn rolls more than the {most} dice of supplies.dice"]


def test_tokens_are_one_pool_of_the_four_sets_by_default():
    s, t = fresh(3)
    assert list(t.stock_tokens) == [100, 120, 20] and list(s.stock_tokens) == [100, 120, 20]
    _, t = fresh(3, apply_overrides(Rules, {"supplies.token_supply": "players_sets"})[0])
    assert list(t.stock_tokens) == [75, 90, 15]


def test_the_board_connects_tokyo_and_los_angeles_and_measures_moves():
    _, t = fresh()
    assert t.dist[CITY["Tokyo"], CITY["Los Angeles"]] == 1
    assert t.dist[CITY["London"], CITY["London"]] == 0
    assert t.dist[CITY["London"], CITY["Rome"]] == 2


@pytest.mark.parametrize("players,tiles", [(3, 3), (4, 2)])
def test_each_player_draws_secret_city_tiles(players, tiles):
    s, t = fresh(players)
    seed(s, 1)
    engine.setup(s, t)
    owners = s.tile_owner[:12]
    for p in range(players):
        assert (owners == p).sum() == tiles
    assert (owners == -1).sum() == 12 - players * tiles


@pytest.mark.parametrize("players,turns", [(3, 9), (4, 8)])
def test_the_game_lasts_nine_turns_with_three_players_eight_with_four(players, turns):
    """End of the Game: 'With four players the game will end after eight turns. With three players ... nine'."""
    assert TABLES.python(Rules(), players).turns == turns


def test_the_first_player_is_random():
    s, t = fresh(4)
    seen = set()
    seed(s, 2)
    for _ in range(200):
        engine.setup(s, t)
        seen.add(int(s.first_player))
    assert seen == {0, 1, 2, 3}


def test_example_turn_five_dice():
    """Rulebook EXAMPLE: turn 5, four players, six dice give one extra Attack token, two extra Move/Hide
    tokens, one infantry and one armour in Military One and one armour in Military Two."""
    s, t = fresh(4)
    s.turn = 4
    assert t.turn_track_dice[4] == 6
    dice(s, 2, 3, 3, 5, 5, 6)
    engine.phase_one(s, t)
    assert all_used(s)
    assert s.box_tokens[ORANGE] == 10
    assert s.box_tokens[WHITE] == t.white[4] + 1
    assert s.box_tokens[PURPLE] == 2 + 2
    assert s.box_heroes == 1
    assert list(s.box_military[0]) == [1 + 1, 1, 0, 0]  # the fixed infantry, then infantry, armour
    assert list(s.box_military[1]) == [0, 1, 0, 0]


def test_first_turn_doubles_the_orange_tokens():
    s, t = fresh(3)
    dice(s, 4, 4, 4)
    engine.phase_one(s, t)
    assert s.box_tokens[ORANGE] == 14
    assert s.box_tokens[WHITE] == 2
    assert s.box_heroes == 1 + 3


def test_the_stock_limits_the_tokens():
    s, t = fresh(4)
    s.stock_tokens[PURPLE] = 3
    s.turn = 4
    dice(s, 3, 3, 3, 3, 3, 3)
    engine.phase_one(s, t)
    assert s.box_tokens[PURPLE] == 3 and s.stock_tokens[PURPLE] == 0


def test_military_two_six_dice_cycle_and_skip_the_missing_a_bomb():
    """Rulebook: 'if there were six dice in Military Two then you would place three armor, two jet
    fighters, and one A bomb'."""
    s, t = fresh()
    engine.fill_military(s, t, 1, 6, 0)
    assert list(s.box_military[1]) == [0, 3, 2, 1]
    assert s.stock_humans[A_BOMB] == 0 and s.stock_humans[ARMOUR] == 2 and s.stock_humans[JET] == 0


def test_military_one_three_dice():
    s, t = fresh()
    engine.fill_military(s, t, 0, 3, 0)
    assert list(s.box_military[0]) == [1, 1, 1, 0]


def test_missing_infantry_is_pulled_from_a_city_the_first_player_chooses():
    s, t = fresh()
    s.stock_humans[INFANTRY] = 0
    s.city_humans[CITY["Paris"], INFANTRY] = 1
    s.city_humans[CITY["Rome"], INFANTRY] = 2
    s.first_player = 2
    choices(s, (CITY["Rome"], INFANTRY))
    engine.fill_military(s, t, 0, 1, 2)
    assert all_used(s)
    assert s.box_military[0, INFANTRY] == 1 and s.city_humans[CITY["Rome"], INFANTRY] == 1


def test_never_pull_skips_to_the_next_piece():
    s, t = fresh(rules=apply_overrides(Rules, {"options.pull_from_board": "never"})[0])
    s.stock_humans[INFANTRY] = 0
    s.city_humans[CITY["Paris"], INFANTRY] = 1
    engine.fill_military(s, t, 0, 1, 0)
    assert list(s.box_military[0]) == [0, 1, 0, 0]  # infantry skipped, the die gives armour


def test_heroes_are_pulled_when_all_are_out():
    s, t = fresh()
    s.stock_humans[HERO] = 0
    s.city_humans[CITY["Tokyo"], HERO] = 5
    dice(s, 4, 1, 1)
    engine.phase_one(s, t)
    assert s.box_heroes == 2 and s.city_humans[CITY["Tokyo"], HERO] == 3


def test_no_piece_anywhere_leaves_the_demand_unmet():
    s, t = fresh()
    s.stock_humans[:4] = 0
    engine.fill_military(s, t, 1, 3, 0)
    assert s.box_military.sum() == 0


def test_the_state_record_holds_the_largest_game_the_rules_allow():
    """The state and tables have fixed sizes (one compiled kernel for every board): they must cover the
    rules' bounds, or a designer's bigger board would write past them."""
    from dataclasses import fields

    from balance.games.moongha import SPEC, state, tables
    from balance.games.moongha.rules import ActionBoxes, Board, Supplies

    def bound(cls, name, what="hi"):
        info = next(f for f in fields(cls) if f.name == name).metadata["rule"]
        return info.hi if what == "hi" else info.length[1]

    monsters = [type(m) for m in Rules().monsters.table()]
    assert tables.MAX_PIECES >= sum(bound(m, "pieces") for m in monsters)
    assert tables.MAX_CITIES >= bound(Board, "cities", "length")
    assert tables.MAX_PROGRESSION >= bound(ActionBoxes, "military_one", "length")
    assert tables.MAX_PROGRESSION >= bound(ActionBoxes, "military_two", "length")
    assert state.MAX_WHITE >= bound(Supplies, "sets_in_box") * bound(Supplies, "white_per_set")
    assert tables.MAX_PLAYERS >= SPEC.max_players


def test_the_first_player_picks_the_hero_and_infantry_pulled_from_the_board():
    """Phase One: 'the player who presently holds the first player marker must select one hero piece from the board'
    and 'the first player must select one infantry piece from the board'."""
    s, t = fresh()
    s.first_player = 2
    s.stock_humans[HERO] = 0
    s.stock_humans[INFANTRY] = 0
    s.city_humans[CITY["Tokyo"], HERO] = 1
    s.city_humans[CITY["Rome"], HERO] = 1
    s.city_humans[CITY["Paris"], INFANTRY] = 1
    s.city_humans[CITY["Cairo"], INFANTRY] = 1
    choices(s, (CITY["Rome"], HERO), (CITY["Paris"], INFANTRY))
    dice(s, 1, 2, 3)
    engine.phase_one(s, t)
    assert all_used(s) and s.box_heroes == 1 and s.box_military[0, INFANTRY] == 1
    pulled = [e[1:4] for e in events(s) if e[0] == engine.PULLED]
    assert pulled == [(2, HERO, CITY["Rome"]), (2, INFANTRY, CITY["Paris"])]


def test_military_one_is_filled_before_military_two():
    """Phase One: 'The demands of Military One should be dealt with before that of Military Two.'  The last
    armour goes to Military One; Military Two skips to a jet."""
    s, t = fresh()
    s.stock_humans[ARMOUR] = 1
    dice(s, 6, 5, 5)
    engine.phase_one(s, t)
    assert all_used(s)
    assert list(s.box_military[0]) == [1 + 1, 1, 0, 0]  # the fixed infantry, then infantry, armour
    assert list(s.box_military[1]) == [0, 0, 1, 0]


# ---------------------------------------------------------------- a mutation sweep's survivors (mutants.toml)

def test_a_jet_staying_in_a_city_is_pulled_from_the_board_when_none_is_in_the_stock():
    """``options.jet_after_attack = city``: a jet left in a city 'may be pulled from the board' like armour."""
    s, t = fresh(rules=apply_overrides(Rules, {"options.jet_after_attack": "city"})[0])
    s.stock_humans[JET] = 0
    s.city_humans[CITY["Tokyo"], JET] = 1
    choices(s, (CITY["Tokyo"], JET))
    engine.fill_military(s, t, 1, 2, 0)  # Military Two: armour, then a jet
    assert all_used(s) and list(s.box_military[1]) == [0, 1, 1, 0] and s.city_humans[CITY["Tokyo"], JET] == 0


def test_the_board_index_lists_the_monsters_of_the_board_and_of_each_city_in_player_piece_order():
    """The engine reads the monsters of a city, or of the whole board, from lists it keeps (``state.monster_in``),
    in (player, piece) order, so that every loop over them meets them in the same order: the lists follow 300
    random placements, moves and removals."""
    s, t = fresh()
    rng = np.random.default_rng(3)
    city_of = {}  # (player, piece) -> city
    for _ in range(300):
        c = int(rng.integers(len(CITIES)))
        if city_of and rng.random() < 0.5:
            p, i = list(city_of)[rng.integers(len(city_of))]
            if rng.random() < 0.5:
                move_monster(s, p, i, c)
                city_of[p, i] = c
            else:
                leave_board(s, t, p, i, AVAILABLE)
                del city_of[p, i]
        else:
            p = int(rng.integers(4))
            i = engine.available_piece(s, t, p, int(rng.integers(N_KINDS)))
            if i >= 0:
                enter_board(s, t, p, i, c, 0)
                city_of[p, i] = c
        for city in [-1, *range(len(CITIES))]:
            listed = [tuple(map(int, monster_in(s, city, x))) for x in range(monsters_in(s, city))]
            assert listed == sorted(k for k, at in city_of.items() if city in (-1, at))
