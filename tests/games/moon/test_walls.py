"""Monsters on the Moon's advanced mode: moon-walls placed touching, never stacked, enclosing areas."""

import numpy as np

from balance.games.moon import decisions, engine
from balance.games.moon.decisions import STOP_WALLS, WALL_AT, option_fields
from balance.games.moon.policies import GROUPER
from balance.games.moon.tables import GRID, WEREWOLF, WITCH
from tests.games.moon.position import at, enclose_block, lay, position, wall


def corners(squares, border, c):
    """The corners along a moon-wall, each named by the square whose top-left corner it is."""
    return {c + 1 + i * GRID if border == 0 else c + GRID + i for i in range(squares + 1)}


def test_an_area_is_enclosed_only_when_completely_surrounded():
    s, t, _ = position(["www/hhh", "vvv/vvv"], mode="moon_walls")
    lay(s, t, 0, 0, 0)
    lay(s, t, 1, 3, 0)
    for x in range(3):
        wall(s, t, 0, x, -1, "south")
        wall(s, t, 0, x, 1, "south")
    wall(s, t, 0, -1, 0, "east")
    wall(s, t, 0, -1, 1, "east")
    wall(s, t, 0, 2, 0, "east")
    assert s.n_areas == 0  # (2,1) still opens east onto the vampires' card and round it to the table
    wall(s, t, 0, 2, 1, "east")
    assert s.n_areas == 1
    inside = {s.area[at(x, y)] for x in range(3) for y in range(2)}
    assert inside == {1} and s.area[at(3, 0)] == 0 and s.area[at(-1, 0)] == 0


def test_an_area_with_a_hole_inside_the_layout_is_enclosed_with_its_hole():
    s, t, _ = position(["www/www", "hhh/hhh"], mode="moon_walls")
    lay(s, t, 0, 0, 0)
    lay(s, t, 1, 4, 0)  # x 3 is a hole between the cards; the layout spans x 0..6
    enclose_block(s, t, 0, 0, 7, 2)
    assert s.n_areas == 1 and s.area[at(3, 0)] == 1 and s.area[at(3, 1)] == 1


def test_only_players_with_a_monster_inside_may_place_cards_there_and_no_walls_go_inside():
    s, t, _ = position(["www/w.w"], mode="moon_walls")
    lay(s, t, 0, 0, 0)
    enclose_block(s, t, 0, 0, 3, 2)
    area = int(s.area[at(1, 1)])
    owns = np.zeros(256, np.int8)
    decisions.areas_owned(s, t, WEREWOLF, owns)
    assert owns[area] == 1 and decisions.may_enter(s, t, 0, area, owns)
    decisions.areas_owned(s, t, WITCH, owns)
    assert owns[area] == 0 and not decisions.may_enter(s, t, 1, area, owns)
    assert decisions.may_enter(s, t, 1, 0, owns)  # outside every area: anyone
    assert not decisions.border_free(s, t, at(0, 0), 0)  # inside the area: no more walls


def test_a_card_is_never_laid_across_a_moon_wall():
    s, t, _ = position(["www/www"], mode="moon_walls")
    lay(s, t, 0, 0, 0)
    assert decisions.position_legal(s, t, 0, at(1, 1))
    assert decisions.border_free(s, t, at(1, 1), 0)
    wall(s, t, 0, 1, 1, "east")  # between (1,1) and (2,1)
    assert not decisions.border_free(s, t, at(1, 1), 0)  # walls are never stacked
    assert not decisions.position_legal(s, t, 0, at(1, 1))
    assert decisions.position_legal(s, t, 0, at(2, 1))  # right of the wall: allowed


def test_the_walls_of_a_turn_touch_each_other_and_at_least_the_fewest_are_placed():
    s, t, _ = position(["www/www", "hhh/hhh"], players=3, mode="moon_walls")
    lay(s, t, 0, 0, 0)
    lay(s, t, 1, 0, 2)
    s.n_turn_walls = 0
    first = (1, 0, at(0, 0))
    engine.put_wall(s, t, 0, *first)
    n = int(engine.wall_options(s, t, 0, 1))
    codes = [option_fields(c) for c in s.options[:n]]
    assert n > 0 and all(what == WALL_AT for what, *_ in codes)  # 1 of 3 placed: no stopping yet
    mine = corners(*first)
    for _, squares, border, c in codes:
        assert corners(squares, border, c) & mine, (squares, border, c)
    assert {(sq, b) for _, sq, b, _ in codes} >= {(1, 0), (1, 1), (2, 0), (2, 1)}  # short and long, both ways
    engine.put_wall(s, t, 0, *codes[0][1:])
    n = int(engine.wall_options(s, t, 0, 2))
    assert option_fields(s.options[0])[0] == WALL_AT
    engine.put_wall(s, t, 0, *option_fields(s.options[0])[1:])
    n = int(engine.wall_options(s, t, 0, 3))
    assert n > 1 and option_fields(s.options[0])[0] == STOP_WALLS  # the fewest are placed: it may stop


def test_a_wall_turn_places_three_to_five_touching_walls_and_draws_a_card():
    s, t, _ = position(["www/www", "hhh/hhh", "vvv/vvv", "ccc/ccc"], players=3, mode="moon_walls")
    s.policies.id[:] = GROUPER
    lay(s, t, 0, 0, 0)
    lay(s, t, 1, 3, 0)
    long_before, short_before = int(s.long_left[0]), int(s.short_left[0])
    engine.wall_turn(s, t, 0)
    placed = int(s.walls_placed[0])
    assert 3 <= placed <= 5 and s.n_turn_walls == placed
    assert long_before + short_before - placed == s.long_left[0] + s.short_left[0]
    walls = [tuple(int(v) for v in s.turn_walls[w]) for w in range(placed)]
    for i, w in enumerate(walls):  # each touches another of the turn
        assert any(corners(*w) & corners(*v) for j, v in enumerate(walls) if j != i)


def test_a_player_who_can_place_neither_a_card_nor_walls_is_skipped():
    s, t, _ = position(["www/www"], players=3, mode="moon_walls")
    lay(s, t, 0, 0, 0)
    s.n_hand[:3] = [1, 0, 1]
    s.long_left[1], s.short_left[1] = 0, 2  # fewer walls than the fewest of a turn
    assert engine.can_play(s, t, 0) and not engine.can_play(s, t, 1)
    assert engine.next_player(s, t, 1) == 2
    s.n_hand[:3] = [0, 0, 0]
    s.long_left[:3] = 0
    s.short_left[:3] = 0
    assert engine.next_player(s, t, 0) == -1  # nobody can place: the game ends
