"""Monsters on the Moon's advanced mode: moon-walls placed touching, never stacked, enclosing areas."""

from dataclasses import replace

import numpy as np
import pytest

from balance.games.moon import SPEC, decisions, engine, policies
from balance.games.moon.decisions import (CARD_TURN, PLACE_CARD, SHIP, STOP_WALLS, TILE_ON, WALL_AT, WALL_TURN,
                                          option_code, option_fields)
from balance.games.moon.policies import CRYSTAL_RACE, GROUPER, RANDOM, SPOILER
from balance.games.moon.rules import MoonWalls
from balance.games.moon.state import EAST_BORDER, SOUTH_BORDER
from balance.games.moon.tables import GRID, HEAD, NONE, WEREWOLF, WITCH
from balance.kit.script import script_choices, script_used
from tests.games.moon.position import at, enclose_block, lay, legal_anchors, position, rng, wall


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
    """Empty squares ringed by cards lie in the area that walls round the cards enclose; each wall stands where play
    lets it (a card on one side)."""
    s, t, _ = position(["www/www", "hhh/hhh"], mode="moon_walls")
    for face, x, y in ((0, 0, 0), (1, 4, 0), (0, 2, -2), (1, 2, 2)):  # the hole: x 3, y 0 and 1
        lay(s, t, face, x, y)
    cards = {(x, y) for x in range(-1, 8) for y in range(-3, 5) if s.code[at(x, y)] != NONE}
    inside = cards | {(3, 0), (3, 1)}
    for x, y in sorted(cards):
        for dx, dy in ((1, 0), (0, 1), (-1, 0), (0, -1)):
            if (x + dx, y + dy) in inside:
                continue
            wx, wy = (x, y) if dx + dy > 0 else (x + dx, y + dy)  # walls stand on a square's east or south border
            border = EAST_BORDER if dx else SOUTH_BORDER
            assert s.n_areas == 0 and decisions.border_free(s, t, at(wx, wy), border), (wx, wy, border)
            wall(s, t, 0, wx, wy, "east" if dx else "south")
    assert s.n_areas == 1 and s.area[at(3, 0)] == 1 and s.area[at(3, 1)] == 1 and s.area[at(0, 0)] == 1


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


def test_no_strategy_places_a_card_in_an_area_where_it_has_no_monster():
    s, t, _ = position(["www/www", "vvv/vvv", "hhh/hhh", "hhh/hhh"], mode="moon_walls")
    lay(s, t, 0, 0, 0)
    lay(s, t, 1, 4, 0)
    enclose_block(s, t, 0, 0, 7, 2)  # with the hole at x 3, where a card fits over two squares of each
    assert decisions.position_legal(s, t, 0, at(2, 0)) and s.area[at(2, 0)] != 0
    s.n_hand[1] = 2
    s.hand[1, :2] = (2, 3)
    for policy in (RANDOM, GROUPER, CRYSTAL_RACE, SPOILER):
        s.policies.id[:] = policy
        for seed in range(20 if policy == RANDOM else 1):
            s.policies.rng[:] = rng(seed)
            code = engine.decide_place(s, t, 1)  # the witch's seat: no witch inside
            assert s.area[decisions.square_of(code)] == 0, policy


def plays(s, seat, name):
    """The seat plays the policy ``name`` with its default weights."""
    policy = SPEC.policy(name)
    s.policies.id[seat] = policy.id
    s.policies.param[seat, :len(policy.params)] = [p.default for p in policy.params]


def crystals_walled_in():
    """The werewolf's and the vampire's cards walled in together with the hole between them, where the only card
    position inside covers four crystals; the witch (seat 1) holds a card of six witches, worth double inside."""
    s, t, _ = position(["wwc/wwc", "cvv/cvv", "hhh/hhh"], mode="moon_walls")
    lay(s, t, 0, 0, 0)
    lay(s, t, 1, 4, 0)
    enclose_block(s, t, 0, 0, 7, 2)
    s.hand[1, 0], s.n_hand[1] = 2, 1
    return s, t


@pytest.mark.parametrize("name", ["grouper", "crystal", "spoiler"])
def test_a_strategy_keeps_out_of_an_area_where_it_has_no_monster_even_its_best_placement(name):
    """'only players who have at least 1 monster in that area may place cards in it'."""
    s, t = crystals_walled_in()
    plays(s, 1, name)
    inside = at(2, 0)
    assert s.area[inside] != 0 and (0, inside) in legal_anchors(s)
    decisions.areas_owned(s, t, WITCH, s.owns)
    s.owns[s.area[inside]] = 1  # had the witch a monster inside, its card would go there
    assert decisions.square_of(policies.choose_place(s, t, 1)) == inside
    _, _, turns, c = option_fields(engine.decide_place(s, t, 1))
    assert s.area[c] == 0 and (turns & 1, c) in legal_anchors(s)


def test_the_random_strategy_draws_only_among_the_positions_outside_an_area_where_it_has_no_monster():
    """'only players who have at least 1 monster in that area may place cards in it'."""
    s, t = crystals_walled_in()
    plays(s, 1, "random")
    outside = {(shape, c) for shape, c in legal_anchors(s) if s.area[c] == 0}
    assert len(outside) == len(legal_anchors(s)) - 1  # all but (2,0)
    for seed in range(300):
        s.policies.rng[:] = rng(seed)
        _, _, turns, c = option_fields(engine.decide_place(s, t, 1))
        assert (turns & 1, c) in outside, seed


@pytest.mark.parametrize("outer", [True, False], ids=["outer_edges", "between_cards_only"])
def test_a_moon_wall_stands_between_two_squares_of_cards_and_on_the_layouts_outer_edge_only_if_the_rule_says(outer):
    """'You may place your moon-walls on any card(s) - remember to place them on a border of the respective
    square(s)': between two squares of cards always; on a border to the empty table only under
    ``walls_on_outer_edges``; never with the table on both sides."""
    s, t, _ = position(["www/www"], mode="moon_walls", moon_walls=replace(MoonWalls(), walls_on_outer_edges=outer))
    lay(s, t, 0, 0, 0)
    assert decisions.border_free(s, t, at(0, 0), 0)  # between (0,0) and (1,0)
    assert decisions.border_free(s, t, at(0, 0), 1)  # between (0,0) and (0,1)
    assert decisions.border_free(s, t, at(2, 0), 0) == outer  # between (2,0) and the table east of it
    assert decisions.border_free(s, t, at(0, -1), 1) == outer  # between the table and (0,0) south of it
    assert not decisions.border_free(s, t, at(4, 0), 0)  # the table on both sides


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


def test_every_free_wall_touching_the_turns_walls_is_offered_once():
    """'All moon-walls that you place during your turn must be in contact with each other': with room to spare,
    every short or long wall on free borders that touches the turn's walls is offered, and each once."""
    s, t, _ = position(["www/www", "hhh/hhh"], players=3, mode="moon_walls")
    lay(s, t, 0, 0, 0)
    lay(s, t, 1, 0, 2)
    s.n_turn_walls = 0
    for placed, first in enumerate([(1, 0, at(0, 0)), (1, 1, at(1, 0))], 1):
        engine.put_wall(s, t, 0, *first)
        mine = set().union(*(corners(*(int(v) for v in s.turn_walls[w])) for w in range(placed)))
        touching = {(WALL_AT, squares, border, y * GRID + x)
                    for y in range(int(s.y0) - 3, int(s.y1) + 2) for x in range(int(s.x0) - 3, int(s.x1) + 2)
                    for border in (0, 1) for squares in (1, 2)
                    if decisions.wall_free(s, t, y * GRID + x, border, squares)
                    and corners(squares, border, y * GRID + x) & mine}
        n = int(engine.wall_options(s, t, 0, placed))
        offered = [option_fields(c) for c in s.options[:n]]
        assert len(offered) == len(set(offered)) and set(offered) == touching, placed


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


@pytest.mark.parametrize("kind", [CARD_TURN, WALL_TURN], ids=["card", "walls"])
def test_a_turn_places_a_card_and_no_moon_walls_or_moon_walls_and_no_card_as_the_player_chooses(kind):
    """'On your turn, you must choose between ... Place a card (as usual) and no moon-walls.  Place exactly 3, 4 or
    5 of your moon-walls and no card.  In both cases, you draw a card'."""
    s, t, _ = position(["www/www", "hhh/hhh"], players=3, mode="moon_walls", scripted=True)
    s.policies.id[:] = GROUPER  # places the walls
    lay(s, t, 0, 0, 0)
    s.hand[0, 0], s.n_hand[0] = 1, 1
    script_choices(s, option_code(kind), *([option_code(PLACE_CARD, 0, 0, at(0, 2))] if kind == CARD_TURN else []))
    engine.play_turn(s, t, 0)
    assert script_used(s)
    if kind == CARD_TURN:
        assert s.cards_placed[0] == 1 and s.walls_placed[0] == 0 and s.code[at(0, 2)] == HEAD + WITCH
    else:
        assert s.cards_placed[0] == 0 and 3 <= s.walls_placed[0] <= 5 and s.n_cards == 1
    assert s.n_hand[0] == 1 + (kind == WALL_TURN)


@pytest.mark.parametrize("on_wall_turn", [True, False])
def test_a_spaceship_goes_with_a_card_and_with_moon_walls_unless_the_rule_says_not(on_wall_turn):
    """'Anytime during your turn, you may place one of your spaceships': in a turn of a card, and in a turn of
    moon-walls unless ``spaceship_on_wall_turn`` is off."""
    for kind in (CARD_TURN, WALL_TURN):
        s, t, _ = position(["wcw/www", "hhh/hhh"], players=3, mode="moon_walls", scripted=True,
                           moon_walls=replace(MoonWalls(), spaceship_on_wall_turn=on_wall_turn))
        s.policies.id[:] = CRYSTAL_RACE  # places its spaceships at once, when it may
        lay(s, t, 0, 0, 0)  # a crystal at (1,0)
        s.hand[0, 0], s.n_hand[0] = 1, 1
        ship = option_code(SHIP, 0, 0, at(1, 0))
        if kind == CARD_TURN:
            script_choices(s, option_code(kind), ship, option_code(PLACE_CARD, 0, 0, at(0, 2)))
        else:
            script_choices(s, option_code(kind), *([ship] if on_wall_turn else []))
        engine.play_turn(s, t, 0)
        assert script_used(s)
        assert (s.ship[at(1, 0)] != 0) == (kind == CARD_TURN or on_wall_turn), kind


def test_a_player_with_no_card_left_places_moon_walls_and_is_not_skipped():
    """'The game ends as soon as no player can place any more cards or moon-walls'."""
    s, t, _ = position(["www/www", "hhh/hhh"], players=3, mode="moon_walls")
    s.policies.id[:] = GROUPER
    lay(s, t, 0, 0, 0)
    lay(s, t, 1, 3, 0)
    s.n_hand[:3] = [0, 0, 0]
    s.long_left[1:3], s.short_left[1:3] = 0, 0  # the others have nothing left to place
    assert engine.can_play(s, t, 0) and engine.next_player(s, t, 1) == 0
    engine.play_turn(s, t, 0)
    assert s.wall_turns[0] == 1 and 3 <= s.walls_placed[0] <= 5


def test_a_short_moon_wall_is_one_of_the_players_short_ones_a_long_one_of_its_long_ones():
    s, t, _ = position(["www/www"], players=3, mode="moon_walls")  # 3 long and 7 short each
    lay(s, t, 0, 0, 0)
    wall(s, t, 0, 0, 0, "east")
    assert (s.long_left[0], s.short_left[0]) == (3, 6)
    wall(s, t, 0, 1, 0, "east", squares=2)
    assert (s.long_left[0], s.short_left[0]) == (2, 6)


@pytest.mark.parametrize("kind", ["long", "short"])
def test_a_player_with_only_long_or_only_short_moon_walls_left_is_offered_only_those(kind):
    """'each player gets 3 long and 7 short moon-walls': with none of one kind left, every wall of the turn offered,
    the first and those touching it, is of the other kind."""
    s, t, _ = position(["www/www", "hhh/hhh"], players=3, mode="moon_walls")
    lay(s, t, 0, 0, 0)
    lay(s, t, 1, 0, 2)
    s.long_left[0], s.short_left[0] = (3, 0) if kind == "long" else (0, 7)
    squares = int(t.long_wall_squares) if kind == "long" else 1
    assert engine.wall_turn_possible(s, t, 0)
    s.n_turn_walls = 0
    for placed in range(3):
        n = int(engine.wall_options(s, t, 0, placed))
        codes = [option_fields(c) for c in s.options[:n]]
        assert codes and all(what == WALL_AT and sq == squares for what, sq, _, _ in codes), (placed, codes)
        engine.put_wall(s, t, 0, *codes[0][1:])
    assert s.walls_placed[0] == 3 and min(s.long_left[0], s.short_left[0]) == 0


def test_a_player_with_exactly_three_moon_walls_left_may_place_all_three_in_one_turn():
    """'Place exactly 3, 4 or 5 of your moon-walls': with 3 left (1 long, 2 short) and room for them, the wall turn is
    possible and each of the three is offered in turn."""
    s, t, _ = position(["www/www", "hhh/hhh"], players=3, mode="moon_walls")
    lay(s, t, 0, 0, 0)
    lay(s, t, 1, 0, 2)
    s.long_left[0], s.short_left[0] = 1, 2
    assert engine.wall_turn_possible(s, t, 0)
    s.n_turn_walls = 0
    for placed in range(3):
        n = int(engine.wall_options(s, t, 0, placed))
        codes = [option_fields(c) for c in s.options[:n]]
        assert codes and codes[0][0] == WALL_AT, placed
        engine.put_wall(s, t, 0, *codes[0][1:])
    assert s.long_left[0] == 0 and s.short_left[0] == 0 and s.walls_placed[0] == 3


def test_a_player_with_four_moon_walls_left_may_place_all_four_in_one_turn():
    """'Place exactly 3, 4 or 5 of your moon-walls': with 4 left, the turn goes on to the fourth, the last."""
    s, t, _ = position(["www/www", "hhh/hhh"], players=3, mode="moon_walls", scripted=True)
    lay(s, t, 0, 0, 0)
    lay(s, t, 1, 0, 2)
    s.long_left[0], s.short_left[0] = 0, 4
    script_choices(s, *(option_code(WALL_AT, 1, 0, at(0, y)) for y in range(4)))  # a line down, x 0 | x 1
    engine.wall_turn(s, t, 0)
    assert script_used(s) and s.walls_placed[0] == 4 and s.short_left[0] == 0


def two_cards_free_only(free, scripted=False):
    """Two cards turned, x 0..1 and y 0..5, walls only between squares: another player's short walls on every
    border between their squares but ``free`` ((x, y, border) each)."""
    s, t, _ = position(["www/www", "www/www"], players=3, mode="moon_walls", scripted=scripted,
                       moon_walls=replace(MoonWalls(), walls_on_outer_edges=False))
    lay(s, t, 0, 0, 0, turns=1)  # x 0..1, y 0..2
    lay(s, t, 1, 0, 3, turns=1)  # x 0..1, y 3..5
    borders = [(0, y, "east") for y in range(6)] + [(x, y, "south") for x in range(2) for y in range(5)]
    pen_in(s, t, 1, [b for b in borders if b not in free])
    return s, t


def line_of_four_free_borders():
    """Another player's walls leave the werewolf (7 short walls, no long one) the four borders (0,y)|(1,y), y 0..3,
    of two cards (``two_cards_free_only``), a line down."""
    s, t = two_cards_free_only([(0, y, "east") for y in range(4)], scripted=True)
    s.long_left[0], s.short_left[0] = 0, 7
    return s, t, [(1, 0, at(0, y)) for y in range(4)]


def test_a_wall_turn_goes_on_to_a_fourth_wall_when_only_one_more_has_room():
    """'Place exactly 3, 4 or 5 of your moon-walls': the fewest placed down a line of four free borders, the fourth
    the only wall offered besides stopping, the player who takes it places it."""
    s, t, line = line_of_four_free_borders()
    s.n_turn_walls = 0
    for step in line[:3]:
        engine.put_wall(s, t, 0, *step)
    n = int(engine.wall_options(s, t, 0, 3))
    assert {option_fields(c) for c in s.options[:n]} == {(STOP_WALLS, 0, 0, 0), (WALL_AT, *line[3])}
    s, t, line = line_of_four_free_borders()
    script_choices(s, *(option_code(WALL_AT, *step) for step in line))
    engine.wall_turn(s, t, 0)
    assert script_used(s) and s.walls_placed[0] == 4 and s.short_left[0] == 3


def staircase(long_walls, short_walls):
    """One card, walls only between its squares (``walls_on_outer_edges`` off): another player's walls leave the
    werewolf a staircase of three free borders, (0,0)|(1,0), (1,0)/(1,1), (1,1)|(2,1), no two in a straight line."""
    s, t, _ = position(["www/www"], players=3, mode="moon_walls",
                       moon_walls=replace(MoonWalls(), walls_on_outer_edges=False))
    lay(s, t, 0, 0, 0)
    pen_in(s, t, 1, [(1, 0, "east"), (0, 1, "east"), (0, 0, "south"), (2, 0, "south")])
    s.long_left[0], s.short_left[0] = long_walls, short_walls
    return s, t


def test_three_short_walls_in_a_staircase_make_a_wall_turn_where_no_long_wall_fits():
    """A long moon-wall spans two square borders in a straight line, a short one a single border: the staircase
    takes the three short walls of a turn, each touching the one before, and no long wall."""
    s, t = staircase(0, 3)
    assert s.n_areas == 0  # every square is on the layout's outer edge: nothing is enclosed
    assert engine.wall_turn_possible(s, t, 0)
    s.n_turn_walls = 0
    n = int(engine.wall_options(s, t, 0, 0))
    steps = [(1, 0, at(0, 0)), (1, 1, at(1, 0)), (1, 0, at(1, 1))]
    assert {option_fields(c) for c in s.options[:n]} == {(WALL_AT, *step) for step in steps}
    for placed, step in enumerate(steps):  # down the staircase, each wall offered in its turn
        n = int(engine.wall_options(s, t, 0, placed))
        assert (WALL_AT, *step) in {option_fields(c) for c in s.options[:n]}, placed
        engine.put_wall(s, t, 0, *step)
    assert s.short_left[0] == 0
    s, t = staircase(0, 3)
    s.policies.id[:] = GROUPER
    engine.wall_turn(s, t, 0)  # one wall offered at a time down the staircase, the turn goes on to the third
    assert s.walls_placed[0] == 3
    for long_walls, short_walls in ((3, 0), (1, 2)):  # short walls too few, and no long wall fits
        s, t = staircase(long_walls, short_walls)
        assert not engine.wall_turn_possible(s, t, 0), (long_walls, short_walls)
        s.n_turn_walls = 0
        assert engine.wall_options(s, t, 0, 0) == 0, (long_walls, short_walls)  # no first wall offered either


def test_three_long_walls_need_six_free_borders_in_a_line_five_take_two_long_and_a_short_four_one_long():
    """A long moon-wall spans two square borders in a straight line: a line of five free borders (the others taken,
    walls only between squares) holds no turn of three long walls, but one of two long walls and a short one; a line
    of four, one long wall and two short ones."""
    for line, (long_walls, short_walls), possible in ((5, (3, 0), False), (5, (2, 1), True), (4, (1, 2), True)):
        s, t = two_cards_free_only([(0, y, "east") for y in range(line)])
        assert all(decisions.wall_free(s, t, at(0, y), 0, 1) for y in range(line)) and s.n_areas == 0
        s.long_left[0], s.short_left[0] = long_walls, short_walls
        assert bool(engine.wall_turn_possible(s, t, 0)) == possible, (line, long_walls, short_walls)


def test_a_long_wall_between_two_short_ones_makes_a_turn_of_a_players_last_three_walls():
    """A player's last 1 long and 2 short moon-walls: the only room is a short wall, a long one below it and a short
    one below that, each touching the one before (walls only between squares)."""
    free = [(0, 0, "south"), (0, 1, "east"), (0, 2, "east"), (1, 2, "south")]
    s, t = two_cards_free_only(free)
    s.long_left[0], s.short_left[0] = 1, 2
    assert s.n_areas == 0 and engine.wall_turn_possible(s, t, 0)


def test_a_free_border_apart_from_the_others_does_not_hide_a_staircase_of_three_short_walls():
    """Three touching short walls fit in a staircase lower down (walls only between squares): the free border at the
    top, touching no other, is tried first and given up, its short wall given back; the three short walls make a
    turn."""
    free = [(0, 0, "east"), (0, 2, "south"), (0, 3, "east"), (1, 3, "south")]
    s, t = two_cards_free_only(free)
    assert all(decisions.wall_free(s, t, at(x, y), 0 if b == "east" else 1, 1) for x, y, b in free)
    s.long_left[0], s.short_left[0] = 0, 3
    assert s.n_areas == 0 and engine.wall_turn_possible(s, t, 0)


def test_a_short_wall_given_up_in_the_search_for_room_does_not_hide_the_long_wall_tried_after_it():
    """'Place exactly 3, 4 or 5 of your moon-walls' with the fewest made 4, and 'walls may no longer be placed inside
    a surrounded area': with 1 long and 3 short walls left, the only turn is (0,1)|(1,1), then the long wall under
    (1,0) and (2,0), then (1,0)|(2,0), then the wall over (2,0).  After the first, the search tries the short wall
    under (1,0) (no long wall fits after it: the three shorts run out) and gives it up, the walls it listed after
    that one with it: the long wall comes next."""
    s, t, _ = position(["www/www"], players=3, mode="moon_walls", moon_walls=replace(MoonWalls(), fewest_per_turn=4))
    lay(s, t, 0, 0, 0)
    free = [(-1, 0, "east"), (0, 1, "east"), (1, 0, "east"), (1, 0, "south"), (2, 0, "south"), (2, -1, "south")]
    borders = [(x, y, "east") for x in range(-1, 3) for y in range(2)] + \
        [(x, y, "south") for x in range(3) for y in range(-1, 2)]
    pen_in(s, t, 1, [b for b in borders if b not in free])
    s.long_left[0], s.short_left[0] = 1, 3
    assert s.n_areas == 0 and engine.wall_turn_possible(s, t, 0)
    turn = [(1, 0, at(0, 1)), (2, 1, at(1, 0)), (1, 0, at(1, 0)), (1, 1, at(2, -1))]
    s.n_turn_walls = 0
    for placed, step in enumerate(turn):
        n = int(engine.wall_options(s, t, 0, placed))
        offered = {option_fields(c) for c in s.options[:n]} - {(STOP_WALLS, 0, 0, 0)}
        assert offered == {(WALL_AT, *step)}, (placed, offered)
        engine.put_wall(s, t, 0, *step)
    assert s.long_left[0] == 0 and s.short_left[0] == 0


def pen_in(s, t, seat, walls):
    """Moon-walls of another player, each a turn of its own: (x, y, border) short walls."""
    s.short_left[seat] = len(walls)
    for x, y, border in walls:
        wall(s, t, seat, x, y, border)


def top_row_with_one_gap():
    """One card; each square of its bottom row walled in; its top row walled in but for the north border of its
    middle square: the werewolf's only free borders are that gap and the two borders inside the top row, which
    do not touch each other."""
    s, t, _ = position(["www/www"], players=3, mode="moon_walls")
    lay(s, t, 0, 0, 0)
    pen_in(s, t, 1, [(0, -1, "south"), (2, -1, "south"), (-1, 0, "east"), (2, 0, "east"),
                     (0, 0, "south"), (1, 0, "south"), (2, 0, "south"),
                     (-1, 1, "east"), (0, 1, "east"), (1, 1, "east"), (2, 1, "east"),
                     (0, 1, "south"), (1, 1, "south"), (2, 1, "south")])
    return s, t


def square_with_one_gap():
    """One card; its right column walled in; its left 2 x 2 squares walled in but for the north border of the top
    left square: the werewolf may place walls on that gap and the four borders inside the 2 x 2 squares."""
    s, t, _ = position(["www/www"], players=3, mode="moon_walls")
    lay(s, t, 0, 0, 0)
    pen_in(s, t, 1, SQUARE_PEN)
    return s, t


SQUARE_PEN = [(1, -1, "south"), (-1, 0, "east"), (-1, 1, "east"), (0, 1, "south"), (1, 1, "south"),
              (1, 0, "east"), (1, 1, "east"),
              (2, -1, "south"), (2, 0, "east"), (2, 1, "east"), (2, 1, "south")]


def square_with_one_gap_mirrored():
    """``square_with_one_gap`` mirrored across the diagonal (x and y swapped, east borders for south ones): the card
    turned, its bottom row walled in, its top 2 x 2 squares walled in but for the west border of the top left
    square: the gap is a wall on an east border."""
    s, t, _ = position(["www/www"], players=3, mode="moon_walls")
    lay(s, t, 0, 0, 0, turns=1)
    pen_in(s, t, 1, [(y, x, "south" if border == "east" else "east") for x, y, border in SQUARE_PEN])
    return s, t


def test_no_wall_turn_when_every_three_touching_walls_would_wall_in_the_room_for_the_third():
    """'Place exactly 3, 4 or 5 of your moon-walls': the gap touches both inner borders, which touch nothing else;
    whichever goes first, the gap comes second (the turn's walls touch) and closes the top row around the third."""
    s, t = top_row_with_one_gap()
    assert s.n_areas == 3 and all(s.area[at(x, 0)] == 0 for x in range(3))  # the bottom squares; the top row open
    gap, left, right = (1, 1, at(1, -1)), (1, 0, at(0, 0)), (1, 0, at(1, 0))
    assert all(decisions.wall_free(s, t, c, border, squares) for squares, border, c in (gap, left, right))
    assert not engine.wall_turn_possible(s, t, 0)
    s.n_hand[:3] = [0, 1, 1]
    assert not engine.can_play(s, t, 0) and engine.next_player(s, t, 0) == 1  # no card either: skipped


@pytest.mark.parametrize("mirrored", [False, True], ids=["south_border", "east_border"])
def test_a_wall_that_would_close_an_area_around_the_only_room_left_is_not_offered(mirrored):
    """The gap a square's north border, or (mirrored) its west border, a wall on an east border.  'Walls may no longer
    be placed inside a surrounded area': the search for room sees the area a wall closes whichever end of it meets
    the other walls."""
    s, t = square_with_one_gap_mirrored() if mirrored else square_with_one_gap()
    across, along = (1, 0) if mirrored else (0, 1)  # the inner border touching the gap, the other one
    gap = (WALL_AT, 1, 0, at(-1, 0)) if mirrored else (WALL_AT, 1, 1, at(0, -1))
    s.n_turn_walls = 0
    n = int(engine.wall_options(s, t, 0, 0))
    first = {option_fields(c) for c in s.options[:n]}
    assert gap not in first  # it would close the 2 x 2 squares: no room for two more walls
    assert (WALL_AT, 1, across, at(0, 0)) in first and (WALL_AT, 2, along, at(0, 0)) in first  # inside: room for three
    engine.put_wall(s, t, 0, 1, across, at(0, 0))  # between two squares inside, touching the gap
    n = int(engine.wall_options(s, t, 0, 1))
    assert gap not in {option_fields(c) for c in s.options[:n]}
    engine.put_wall(s, t, 0, 1, along, at(0, 0))  # the second wall inside
    n = int(engine.wall_options(s, t, 0, 2))
    assert gap in {option_fields(c) for c in s.options[:n]}  # the third may close the area
    engine.put_wall(s, t, 0, *gap[1:])
    assert s.area[at(0, 0)] != 0 and int(engine.wall_options(s, t, 0, 3)) == 1  # only stopping is left


@pytest.mark.parametrize("mirrored", [False, True], ids=["south_border", "east_border"])
def test_a_wall_tried_in_the_search_for_room_closes_the_area_it_would_surround_and_is_taken_back(mirrored):
    """'Walls may no longer be placed inside a surrounded area': a wall tried for a moment (is there room for the
    turn's other walls?) closes the 2 x 2 squares it would surround, whichever border it stands on, and taking it
    back opens them again."""
    s, t = square_with_one_gap_mirrored() if mirrored else square_with_one_gap()
    squares, border, c = (1, 0, at(-1, 0)) if mirrored else (1, 1, at(0, -1))
    inside = [at(x, y) for x in range(2) for y in range(2)]
    s.n_turn_walls = 0
    engine.hold_wall(s, t, 0, squares, border, c)
    assert [int(s.area[q]) for q in inside] == [-1] * 4 and s.wall[border, c] == 1
    engine.lift_wall(s, squares, border, c)
    assert [int(s.area[q]) for q in inside] == [0] * 4 and s.wall[border, c] == 0 and s.n_turn_walls == 0


def clone(s):
    """A copy of a state, to try a wall on."""
    copy = np.zeros(1, s.dtype)
    copy[0] = s
    return copy.view(np.recarray)[0]


def turns_offered(s, t, seat, placed=0):
    """The number of walls of every wall turn the engine's options allow from here (each option tried on a copy)."""
    n = int(engine.wall_options(s, t, seat, placed))
    codes = [option_fields(c) for c in s.options[:n]]
    if not codes or codes == [(STOP_WALLS, 0, 0, 0)] or placed == t.most_per_turn:
        return {placed}
    ends = set()
    for what, squares, border, c in codes:
        if what == STOP_WALLS:
            ends.add(placed)
            continue
        after = clone(s)
        engine.put_wall(after, t, seat, squares, border, c)
        ends |= turns_offered(after, t, seat, placed + 1)
    return ends


def three_fit(s, t, seat, placed=0):
    """Some order of 3 touching walls can be placed, each on a free border when its turn comes (the rulebook's test,
    tried wall by wall with the engine's put_wall on copies, over every border of the layout)."""
    if placed == 3:
        return True
    mine = set().union(*(corners(*(int(v) for v in s.turn_walls[w])) for w in range(int(s.n_turn_walls))))
    for y in range(int(s.y0) - 1, int(s.y1) + 1):
        for x in range(int(s.x0) - 1, int(s.x1) + 1):
            c = y * GRID + x
            for border in (0, 1):
                for squares, left in ((1, s.short_left[seat]), (2, s.long_left[seat])):
                    if left == 0 or not decisions.wall_free(s, t, c, border, squares):
                        continue
                    if placed and not corners(squares, border, c) & mine:
                        continue
                    after = clone(s)
                    engine.put_wall(after, t, seat, squares, border, c)
                    if three_fit(after, t, seat, placed + 1):
                        return True
    return False


def test_every_wall_offered_leaves_room_for_three_and_the_turn_is_offered_when_three_fit():
    for s, t in (top_row_with_one_gap(), square_with_one_gap()):
        s.n_turn_walls = 0
        possible = bool(engine.wall_turn_possible(s, t, 0))
        assert possible == three_fit(clone(s), t, 0)
        if possible:
            s.n_turn_walls = 0
            assert min(turns_offered(s, t, 0)) >= 3


def test_walls_may_not_be_placed_on_top_of_each_other():
    """'Walls may not be placed on top of each other.': once a short wall stands on a border, no wall, short or
    long, is offered on it, neither as the turn's first nor touching the turn's walls."""
    s, t, _ = position(["www/www"], mode="moon_walls")
    lay(s, t, 0, 0, 0)
    taken = (0, at(0, 0))  # the east border of (0,0)
    assert decisions.wall_free(s, t, at(0, 0), 0, 1) and decisions.wall_free(s, t, at(0, 0), 0, 2)
    wall(s, t, 0, 0, 0, "east")
    assert not decisions.wall_free(s, t, at(0, 0), 0, 1)
    assert not decisions.wall_free(s, t, at(0, 0), 0, 2)  # a long wall down from (0,0)
    for n_turn_walls in (1, 0):  # touching this turn's wall; the turn's first, anywhere
        s.n_turn_walls = n_turn_walls
        n = int(engine.wall_options(s, t, 0, 3))  # the fewest placed: no search for room
        walls = [option_fields(c)[1:] for c in s.options[:n] if option_fields(c)[0] == WALL_AT]
        assert walls, n_turn_walls
        for squares, border, c in walls:
            spans = {(border, c + i * (GRID if border == 0 else 1)) for i in range(squares)}
            assert taken not in spans, (n_turn_walls, squares, border, c)


@pytest.mark.parametrize("reading", ["lost", "next_card"])
def test_a_monster_tile_gained_by_a_spaceship_in_a_moon_wall_turn_is_lost_or_goes_on_the_next_card(reading):
    """'take the tile with your monster's head on it.  Immediately place that tile on an opponent's monster on the
    card that you have just placed' (L126): a turn of moon-walls places no card, so the tile a spaceship gains in it
    ('Anytime during your turn, you may place one of your spaceships', L128) has no card.  ``tile_no_target``: it
    is lost at the end of the turn, or it waits and goes on the next card the player places."""
    s, t, _ = position(["hch/hhh", "hhh/hhh"], players=2, mode="moon_walls", scripted=True, tile_no_target=reading)
    lay(s, t, 0, 0, 0)  # the witch's card, a crystal at (1,0)
    s.track[0] = int(t.tile_spaces[0]) - 1  # one space short of a red-bordered one
    s.ships_left[0], s.n_pile = 1, 0
    s.hand[0, 0], s.n_hand[0] = 1, 1
    script_choices(s, option_code(WALL_TURN), option_code(SHIP, 0, 0, at(1, 0)),
                   option_code(WALL_AT, 1, 0, at(0, 0)), option_code(WALL_AT, 1, 0, at(0, 1)),
                   option_code(WALL_AT, 1, 1, at(0, 0)), option_code(STOP_WALLS))
    engine.play_turn(s, t, 0)
    assert script_used(s) and s.walls_placed[0] == 3 and s.cards_placed[0] == 0
    assert s.ship[at(1, 0)] == 1 and s.track[0] == t.tile_spaces[0] and s.tiles[0] == 1 and s.tiles_placed[0] == 0
    assert s.tiles_waiting[0] == (reading == "next_card")
    script_choices(s, option_code(CARD_TURN), option_code(PLACE_CARD, 0, 0, at(0, 2)),
                   *([option_code(TILE_ON, 0, 0, at(0, 2))] if reading == "next_card" else []))
    engine.play_turn(s, t, 0)  # the next card: witches at (0..2, 2..3)
    assert script_used(s) and s.cards_placed[0] == 1 and s.tiles_waiting[0] == 0
    if reading == "lost":
        assert s.tiles_placed[0] == 0 and s.code[at(0, 2)] == HEAD + WITCH
    else:
        assert s.tiles_placed[0] == 1 and s.code[at(0, 2)] == HEAD + WEREWOLF
