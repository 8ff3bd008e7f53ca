"""Monsters on the Moon's rules of placement, crystals, spaceships and monster tiles, each set up and played."""

from dataclasses import replace

import numpy as np
import pytest

from balance.games.moon import decisions, engine
from balance.games.moon.decisions import PLACE_CARD, SHIP, TILE_ON, option_code
from balance.games.moon.rules import Cards, Rules, parse_card
from balance.games.moon.policies import CRYSTAL_RACE, GROUPER, MAX_PARAMS, RANDOM
from balance.games.moon.tables import (ARMSTRONG, BASE_CAMP, DOUBLE, GRID, HEAD, SHAPE_H, SHAPE_W, TABLES, VAMPIRE,
                                       WEREWOLF, WITCH, square_code)
from balance.kit.log import events
from balance.kit.rng import run_key
from balance.kit.script import script_choices, script_used
from balance.kit.state import start_game
from tests.games.moon.position import at, lay, legal_anchors, position, rng


def legal(s, t, shape, x, y):
    return bool(decisions.position_legal(s, t, shape, at(x, y)))


# ---------------------------------------------------------------- a reference of the placement rules

def reference_legal(s, shape, c, limit=2):
    """The placement rules read from the rulebook, square by square: no square of Armstrong, his base camp or a
    spaceship covered; no moon-wall under the card; at most ``limit`` squares of any one visible card covered; a
    card that covers nothing touches the layout edge to edge."""
    w, h = int(SHAPE_W[shape]), int(SHAPE_H[shape])
    squares = [c + dy * GRID + dx for dy in range(h) for dx in range(w)]
    per_card: dict[int, int] = {}
    for q in squares:
        if s.code[q] != 0:
            if s.code[q] in (ARMSTRONG, BASE_CAMP) or s.ship[q] != 0:
                return False
            per_card[int(s.top[q])] = per_card.get(int(s.top[q]), 0) + 1
    for dy in range(h):
        for dx in range(w):
            q = c + dy * GRID + dx
            if dx < w - 1 and s.wall[0, q]:
                return False
            if dy < h - 1 and s.wall[1, q]:
                return False
    if per_card:
        return max(per_card.values()) <= limit
    inside = set(squares)
    return any(s.code[q + d] != 0 and q + d not in inside for q in squares for d in (1, -1, GRID, -GRID))


def brute_force(s):
    """Every legal card position around the layout, by the reference."""
    x0, y0, x1, y1 = int(s.x0), int(s.y0), int(s.x1), int(s.y1)
    out = set()
    for shape in (0, 1):
        for y in range(y0 - 4, y1 + 2):
            for x in range(x0 - 4, x1 + 2):
                c = y * GRID + x
                if reference_legal(s, shape, c):
                    out.add((shape, c))
    return out


def played(players, seed, policy=RANDOM, **changes):
    """A whole game played by the engine (production state) from a seed."""
    rules = replace(Rules(), **changes)
    t = TABLES.python(rules, players)
    s = engine.LAYOUT.new()
    start_game(s, run_key(seed), 0, np.arange(players, dtype=np.int64), np.full(players, policy, np.int64),
               np.zeros((players, MAX_PARAMS)))
    won, reason, turns = engine.play_game(s, t)
    return s, t, int(won), int(reason), int(turns)


# ---------------------------------------------------------------- turning a card

@pytest.mark.parametrize("turns", range(4))
def test_a_card_turned_clockwise_shows_its_squares_turned(turns):
    text = "wch/vWc"
    s, t, _ = position([text])
    lay(s, t, 0, 0, 0, turns=turns)
    letters = parse_card(text)
    printed = np.array([[square_code(ch, False) for ch in letters[:3]], [square_code(ch, False) for ch in letters[3:]]])
    expected = np.rot90(printed, -turns)  # a quarter turn clockwise each
    h, w = expected.shape
    shown = np.array([[s.code[at(x, y)] for x in range(w)] for y in range(h)])
    assert (shown == expected).all(), (turns, shown, expected)
    assert s.code[at(w, 0)] == 0 and s.code[at(0, h)] == 0


# ---------------------------------------------------------------- beside and on top

def test_the_squares_a_card_already_groups_are_its_side_by_side_heads_of_one_monster_or_crystals():
    """``tables.face_linked`` (what the strategies count as a group already on a card): squares side by side across
    a row or down a column, the same monster (one head or two) or two crystals; never the end of the top row with
    the start of the bottom one."""
    from balance.games.moon.tables import face_linked

    cards = ("Wwc/whw", "cch/wWw", "hvw/hsc", "hvh/vhv", "hvv/wsc", "hvw/wsc")
    linked = face_linked(replace(Rules(), cards=replace(Rules().cards, deck=cards)), 3)
    assert [list(row) for row in linked[:6]] == [[1, 1, 0, 1, 0, 0], [1, 1, 0, 1, 1, 1], [1, 0, 0, 1, 0, 0],
                                                 [0, 0, 0, 0, 0, 0], [0, 1, 1, 0, 0, 0], [0, 0, 0, 0, 0, 0]]


def test_each_square_of_a_card_knows_its_sides_on_the_card_s_outline():
    """``tables.outer_bits``, bit 1 << side (north 0, east 1, south 2, west 3), square by square along the rows: a
    card lying 3 wide and 2 high, then 2 wide and 3 high."""
    from balance.games.moon.tables import outer_bits

    n, e, s, w = 1, 2, 4, 8
    assert outer_bits(Rules(), 3) == [[n | w, n, n | e, s | w, s, s | e], [n | w, n | e, w, e, s | w, s | e]]


def test_beside_the_layout_every_rotation_touching_edge_to_edge():
    s, t, _ = position(["www/www"])
    lay(s, t, 0, 0, 0)
    # beside: east of it in both shapes (example 1, and example 3: turned, touching two squares)
    assert legal(s, t, 0, 3, 0) and legal(s, t, 1, 3, 0) and legal(s, t, 1, 3, -2)
    assert legal(s, t, 0, 0, 2) and legal(s, t, 0, 2, 2) and legal(s, t, 1, -2, -2)  # touches one square
    assert not legal(s, t, 0, 4, 0) and not legal(s, t, 1, 3, -3)  # apart, or corner to corner only
    assert not legal(s, t, 0, 3, 2)  # corner to corner
    assert legal_anchors(s) == brute_force(s)


def test_beside_example_2_touching_one_square_of_card_1_and_two_of_card_2():
    """'The new card is adjacent to one square of Card 1 and with two squares on Card 2'."""
    s, t, _ = position(["www/www", "hhh/hhh"])
    lay(s, t, 0, 0, 0)  # card 1: x 0..2, y 0..1
    lay(s, t, 1, 4, 1)  # card 2: x 4..6, y 1..2
    assert legal(s, t, 0, 3, -1)  # x 3..5, y -1..0: beside (2,0) of card 1, and (4,1), (5,1) of card 2
    assert legal_anchors(s) == brute_force(s)


def test_on_top_at_most_2_squares_of_any_one_visible_card():
    s, t, _ = position(["www/www"])
    lay(s, t, 0, 0, 0)
    assert not legal(s, t, 0, 1, 0)  # 4 squares of the card
    assert not legal(s, t, 0, 0, 1)  # 3 squares: its lower row
    assert not legal(s, t, 1, 0, -1)  # turned: 2 x 3 over (0,0), (1,0), (0,1), (1,1)
    assert legal(s, t, 0, 1, 1)  # 2 squares
    assert legal(s, t, 1, 2, -2)  # turned: 1 square, (2,0)
    assert legal(s, t, 1, 2, 0)  # turned, 2 squares (2,0), (2,1)


def test_on_top_of_several_cards_two_two_and_one_squares():
    """The rulebook's example: 'two squares on Card 1, two squares on Card 2 and one square on Card 3'."""
    s, t, _ = position(["www/www", "hhh/hhh", "vvv/vvv"])
    lay(s, t, 0, 0, 0)  # card 1: x 0..2, y 0..1
    lay(s, t, 1, 3, 0)  # card 2: x 3..5, y 0..1
    lay(s, t, 2, 3, 2)  # card 3: x 3..5, y 2..3
    # x 1..3, y 1..2: card 1 (1,1) (2,1); card 2 (3,1); card 3 (3,2); (1,2), (2,2) on the table: 2 + 1 + 1
    assert legal(s, t, 0, 1, 1)
    # x 2..4, y 1..2: card 1 (2,1); card 2 (3,1) (4,1); card 3 (3,2) (4,2): 1 + 2 + 2
    assert legal(s, t, 0, 2, 1)
    # x 3..5, y 1..2: card 2 three squares
    assert not legal(s, t, 0, 3, 1)
    assert legal_anchors(s) == brute_force(s)


def test_the_limit_counts_the_visible_card_any_number_of_cards_deep():
    s, t, _ = position(["www/www", "hhh/hhh", "vvv/vvv"])
    lay(s, t, 0, 0, 0)
    lay(s, t, 1, 1, 1)  # card 2 on card 1's (1,1), (2,1)
    lay(s, t, 2, 2, 2)  # card 3 on card 2's (2,2), (3,2)
    assert s.top[at(2, 1)] == 1 and s.top[at(2, 2)] == 2 and s.card_visible[0] == 4 and s.card_visible[1] == 4
    # x 0..2, y 0..1: card 1's (0,0) (1,0) (2,0) (0,1): 4 squares of card 1
    assert not legal(s, t, 0, 0, 0)
    # x 1..3 y 0..1 covers card 1 (1,0) (2,0); card 2 (1,1) (2,1) (3,1): 3 of card 2
    assert not legal(s, t, 0, 1, 0)
    # x 2..3, y 0..2 turned: card 1 (2,0); card 2 (2,1) (3,1); card 3 (2,2) (3,2); (3,0) empty
    assert legal(s, t, 1, 2, 0)
    assert legal_anchors(s) == brute_force(s)


def test_the_per_card_reading_counts_every_square_a_card_ever_lost():
    s, t, _ = position(["www/www", "hhh/hhh"], cover_limit_scope="per_card")
    lay(s, t, 0, 0, 0)
    lay(s, t, 1, 2, -1)  # covers card 1's (2,0): it has lost 1 square
    assert s.card_lost[0] == 1
    assert not legal(s, t, 0, -1, 1)  # two more of card 1 ((0,1), (1,1)): 3 in its life
    s2, t2, _ = position(["www/www", "hhh/hhh"])
    lay(s2, t2, 0, 0, 0)
    lay(s2, t2, 1, 2, -1)
    assert legal(s2, t2, 0, -1, 1)  # per placement: 2 squares of it now


def test_the_per_card_reading_forbids_even_one_more_square_of_a_card_that_lost_two():
    s, t, _ = position(["www/www", "hhh/hhh", "vvv/vvv"], cover_limit_scope="per_card")
    lay(s, t, 0, 0, 0)
    lay(s, t, 1, 2, -1)  # covers card 1's (2,0)
    lay(s, t, 2, -2, 1)  # covers card 1's (0,1): it has lost 2 squares
    assert s.card_lost[0] == 2
    assert not legal(s, t, 0, -2, -1)  # x -2..0, y -1..0: one more, (0,0)
    s2, t2, _ = position(["www/www", "hhh/hhh", "vvv/vvv"])
    lay(s2, t2, 0, 0, 0)
    lay(s2, t2, 1, 2, -1)
    lay(s2, t2, 2, -2, 1)
    assert legal(s2, t2, 0, -2, -1)  # per placement: 1 square of it now


def test_the_per_card_reading_takes_off_the_list_a_position_over_the_far_squares_of_a_card_that_lost_one():
    """Under 'per_card' a card covered loses squares for good: a position over two more of its squares, at its far
    end from the card that covered it, leaves the engine's list of legal positions too."""
    s, t, _ = position(["www/www", "hhh/hhh"], cover_limit_scope="per_card")
    lay(s, t, 0, 0, 0)
    far = (1, at(-1, -1))  # turned: x -1..0, y -1..1, over card 1's (0,0) and (0,1)
    assert far in legal_anchors(s)
    lay(s, t, 1, 2, -1)  # x 2..4, y -1..0: covers card 1's (2,0) only
    assert s.card_lost[0] == 1 and not legal(s, t, 1, -1, -1)
    assert far not in legal_anchors(s)


def test_a_card_covering_one_square_or_more_is_placed_on_top_one_touching_only_beside():
    """'You can place your card next to other cards' or 'on top of other cards': one square covered is enough to be
    on top (the ``cards_on_top`` column)."""
    s, t, _ = position(["www/www", "hhh/hhh", "vvv/vvv"])
    lay(s, t, 0, 0, 0)
    lay(s, t, 1, 3, 0)  # beside
    assert s.cards_on_top == 0 and s.squares_covered == 0
    lay(s, t, 2, 5, -1)  # x 5..7, y -1..0: on top of card 2's (5,0) only
    assert s.cards_on_top == 1 and s.squares_covered == 1


def test_armstrong_and_his_base_camp_are_never_covered_lunar_cards_2_squares_at_most():
    s, t, _ = position()
    lay(s, t, int(t.armstrong_face), 0, 0)  # 'AB./...': Armstrong (0,0), base camp (1,0)
    assert s.code[at(0, 0)] == ARMSTRONG and s.code[at(1, 0)] == BASE_CAMP
    assert not legal(s, t, 1, -1, -2)  # turned: covers (0,0)
    assert not legal(s, t, 1, 1, -1)  # covers (1,0)
    assert legal(s, t, 1, 2, -1)  # (2,0), (2,1): empty lunar surface
    s, t, _ = position()
    lay(s, t, int(t.lunar_face), 0, 0)
    assert legal(s, t, 0, 1, 1) and not legal(s, t, 0, 0, 1)  # 2 squares, 3 squares of a lunar card


# ---------------------------------------------------------------- crystals

def test_crystals_covered_advance_the_crystal_board_whoever_shows_on_them():
    s, t, _ = position(["ccc/www", "hhh/hhh", "ccc/ccc"])
    lay(s, t, 0, 0, 0)
    assert lay(s, t, 1, 1, -1) == 2  # on (1,0), (2,0): two crystals covered
    assert lay(s, t, 2, -1, 1) == 0  # on werewolves (0,1), (1,1) and the table: nothing


def test_crystals_laid_on_empty_lunar_surface_advance_it_on_moonscape_only_under_any_empty():
    s, t, _ = position(["cc./...", "c../...", ".../..."])
    lay(s, t, int(t.lunar_face), 0, 0)
    assert lay(s, t, 0, 1, 1) == 2  # (1,1), (2,1): two crystals on empty lunar surface
    assert lay(s, t, 1, -2, 0) == 0  # (-2,0) (table); (0,0): '.' laid on lunar surface: heads or nothing, nothing
    s, t, _ = position(["cc./...", "c../...", ".../..."])
    lay(s, t, 2, 0, 0)  # a card of empty moonscape
    assert lay(s, t, 0, 1, 1) == 0
    s, t, _ = position(["cc./...", "c../...", ".../..."], crystal_on_empty="any_empty")
    lay(s, t, 2, 0, 0)
    assert lay(s, t, 0, 1, 1) == 2


# ---------------------------------------------------------------- the crystal board, monster tiles, spaceships

def test_reaching_the_red_bordered_space_puts_a_monster_tile_on_an_opponents_monster_of_the_card_just_placed():
    s, t, _ = position(["cwh/..."], players=3)  # tile spaces (3, 7) for 3 players
    s.policies.id[:] = GROUPER
    lay(s, t, 0, 0, 0)
    s.turn_card = 0
    s.track[0] = 2
    engine.advance(s, t, 0, 1)
    assert s.track[0] == 3 and s.tiles[0] == 1 and s.tiles_placed[0] == 1
    assert s.code[at(2, 0)] == HEAD + WEREWOLF  # the witch at (2,0) is now a werewolf; its own head untouched
    assert s.code[at(1, 0)] == HEAD + WEREWOLF


def test_the_monster_tile_goes_on_the_card_just_placed_not_an_older_one():
    s, t, _ = position(["hhh/hhh", "h../..."], players=3)
    s.policies.id[:] = GROUPER
    lay(s, t, 0, 0, 0)
    lay(s, t, 1, 3, 0)
    s.turn_card = 1
    s.track[0] = 2
    engine.advance(s, t, 0, 1)
    assert s.tiles_placed[0] == 1 and s.code[at(3, 0)] == HEAD + WEREWOLF
    assert all(s.code[at(x, y)] != HEAD + WEREWOLF for x in range(3) for y in range(2))


def test_passing_both_red_bordered_spaces_at_once_gives_two_tiles_and_the_marker_stops_on_the_last_space():
    s, t, _ = position(["hvh/...", "hvh/..."], players=3)
    s.policies.id[:] = GROUPER
    lay(s, t, 0, 0, 0)
    s.turn_card = 0
    engine.advance(s, t, 0, 7)
    assert s.tiles[0] == 2 and s.tiles_placed[0] == 2
    engine.advance(s, t, 0, 100)
    assert s.track[0] == t.track_spaces - 1


def test_the_marker_stops_on_the_last_space_and_a_red_bordered_space_left_behind_gives_no_second_tile():
    s, t, _ = position(["hvh/..."], players=3)
    s.policies.id[:] = GROUPER
    lay(s, t, 0, 0, 0)
    s.turn_card = 0
    s.track[0] = int(t.tile_spaces[0])  # on the red-bordered space: its tile taken
    engine.advance(s, t, 0, 1)
    assert s.tiles[0] == 0 and s.track[0] == t.tile_spaces[0] + 1
    s.track[0] = int(t.track_spaces) - 2
    engine.advance(s, t, 0, 2)  # one past the last space
    assert s.track[0] == t.track_spaces - 1


def test_a_monster_tile_may_go_on_an_opponents_werewolf():
    s, t, _ = position(["wvh/..."], players=2)
    lay(s, t, 0, 0, 0)
    assert decisions.tile_target(s, t, 1, at(0, 0))  # the witch's tile on the werewolf


def test_a_tile_with_no_opponents_monster_on_the_card_is_not_placed():
    s, t, _ = position(["vvv/vvv"], players=2)  # 2 players: nobody plays the vampire
    s.policies.id[:] = GROUPER
    lay(s, t, 0, 0, 0)
    s.turn_card = 0
    s.track[0] = int(t.tile_spaces[0]) - 1
    engine.advance(s, t, 0, 1)
    assert s.tiles[0] == 1 and s.tiles_placed[0] == 0 and s.tiles_waiting[0] == 1
    assert s.code[at(0, 0)] == HEAD + 2  # tile_on_neutral = false: the vampire stays


def test_a_spaceship_goes_on_a_visible_crystal_advances_one_space_and_its_square_is_never_covered():
    s, t, _ = position(["wcw/wwc"], players=3)
    s.policies.id[:] = CRYSTAL_RACE  # places its spaceships at once
    s.ships_left[0] = 2
    lay(s, t, 0, 0, 0)
    before = legal_anchors(s)
    s.turn_ships = 0
    engine.spaceships(s, t, 0)
    # on the crystal with most of its werewolves next to it; one a turn: the second waits
    assert s.ship[at(1, 0)] == 1 and s.ship[at(2, 1)] == 0 and s.track[0] == 1 and s.ships_left[0] == 1
    assert not legal(s, t, 0, 1, -1) and (0, at(1, -1)) in before
    assert legal_anchors(s) == brute_force(s)


def test_a_spaceship_goes_only_on_a_visible_crystal():
    placed = set()
    for seed in range(30):
        s, t, _ = position(["wcw/wwc"], players=3)
        s.policies.id[:] = RANDOM
        s.policies.rng[:] = rng(seed)
        s.ships_left[0] = 1
        lay(s, t, 0, 0, 0)
        s.turn_ships = 0
        engine.spaceships(s, t, 0)
        placed |= {c for c in range(len(s.ship)) if s.ship[c]}
    assert placed == {at(1, 0), at(2, 1)}  # both crystals, and nothing else


def test_a_spaceship_may_be_placed_before_the_card_and_a_tile_it_gains_goes_on_that_card():
    """'you may place one of your spaceships in addition to placing a card (before or after placing the card)';
    the tile 'on an opponent's monster on the card that you have just placed': the turn's card.  (A turn that asks
    for the card first cannot follow the script: the test fails.)"""
    s, t, _ = position(["wcw/www", "hvh/..."], players=2, scripted=True)  # the werewolf's turn; the witch plays
    lay(s, t, 0, 0, 0)  # a crystal at (1,0)
    s.track[0] = int(t.tile_spaces[0]) - 1  # one space short of a red-bordered one
    s.hand[0, 0], s.n_hand[0] = 1, 1
    script_choices(s, option_code(SHIP, 0, 0, at(1, 0)), option_code(PLACE_CARD, 0, 0, at(0, 2)),
                   option_code(TILE_ON, 0, 0, at(0, 2)))
    engine.play_turn(s, t, 0)
    kinds = [e[0] for e in events(s)]
    assert script_used(s) and kinds.index(engine.SPACESHIP_PLACED) < kinds.index(engine.CARD_PLACED)
    assert s.ship[at(1, 0)] == 1 and s.track[0] == t.tile_spaces[0] and s.tiles_placed[0] == 1
    assert s.code[at(0, 2)] == HEAD + WEREWOLF  # the witch of the card just placed


def test_a_spaceship_may_be_placed_after_the_card_on_a_crystal_the_card_laid():
    """'(before or after placing the card)': no crystal is visible before the card."""
    s, t, _ = position(["www/www", "vcv/vvv"], players=2, scripted=True)
    lay(s, t, 0, 0, 0)
    s.hand[0, 0], s.n_hand[0] = 1, 1
    script_choices(s, option_code(PLACE_CARD, 0, 0, at(0, 2)), option_code(SHIP, 0, 0, at(1, 2)))
    engine.play_turn(s, t, 0)
    assert script_used(s) and s.ship[at(1, 2)] == 1 and s.track[0] == 1 and s.ships_left[0] == 1


def test_a_card_on_top_counts_the_heads_of_opponents_monsters_it_covers_not_its_own_or_nobodys():
    """'You can place your card on top of other cards': the heads of the opponents' monsters it covers count (the
    ``rival_heads_covered`` column), two in a square of two heads; the player's own and nobody's do not."""
    s, t, _ = position(["wWh/v..", "ccc/ccc", "ccc/ccc"], players=2, scripted=True)  # nobody plays the vampire
    lay(s, t, 0, 0, 0)  # (0,0) werewolf, (1,0) two werewolves, (2,0) witch, (0,1) vampire
    s.hand[1, :2], s.n_hand[1] = (1, 2), 2  # the witch's turns (seat 1)
    script_choices(s, option_code(PLACE_CARD, 0, 0, at(1, -1)))  # over (1,0) and its own witch (2,0)
    engine.card_turn(s, t, 1)
    assert script_used(s) and s.rival_heads_covered[1] == 2
    script_choices(s, option_code(PLACE_CARD, 0, 0, at(-2, 0)))  # over the werewolf (0,0) and the vampire (0,1)
    engine.card_turn(s, t, 1)
    assert script_used(s) and s.rival_heads_covered[1] == 3 and s.rival_heads_covered[0] == 0


def test_the_solo_game_has_no_crystal_board_crystals_covered_move_no_marker():
    """Solo: 'You will just need these cards; please return all remaining game contents to the box'."""
    s, t, _ = position(["ccc/ccc", "hhh/hhh"], players=1, monsters=["vampire"], scripted=True)
    lay(s, t, 0, 0, 0)
    s.track[0] = int(t.tile_spaces[0]) - 1  # a marker left one space short of a red-bordered one
    s.hand[0, 0], s.n_hand[0] = 1, 1
    script_choices(s, option_code(PLACE_CARD, 0, 0, at(1, 1)))  # two crystals covered
    engine.card_turn(s, t, 0)
    assert script_used(s) and s.code[at(1, 1)] == HEAD + WITCH
    assert s.track[0] == t.tile_spaces[0] - 1 and s.tiles[0] == 0


@pytest.mark.parametrize("reading", ["lost", "next_card"])
def test_a_monster_tile_whose_card_shows_no_opponents_monster_is_lost_or_goes_on_the_next_card(reading):
    """'Immediately place that tile on an opponent's monster on the card that you have just placed': the card
    shows none.  ``tile_no_target``: the tile is lost at the end of the turn, or it waits for the next card."""
    s, t, _ = position(["hch/hhh", "vvv/vvv", "whw/..."], players=2, scripted=True, tile_no_target=reading)
    lay(s, t, 0, 0, 0)  # the witch's card, a crystal at (1,0)
    s.track[0] = int(t.tile_spaces[0]) - 1
    s.ships_left[0], s.n_pile = 0, 0
    s.hand[0, :2], s.n_hand[0] = (1, 2), 2
    script_choices(s, option_code(PLACE_CARD, 0, 0, at(1, -1)))  # the vampires (nobody's) over the crystal
    engine.play_turn(s, t, 0)
    assert s.tiles[0] == 1 and s.tiles_placed[0] == 0 and s.code[at(1, -1)] == HEAD + VAMPIRE
    script_choices(s, option_code(PLACE_CARD, 0, 0, at(0, 2)))  # the next card: a witch at (1,2), no crystal
    engine.play_turn(s, t, 0)
    if reading == "lost":
        assert s.tiles_placed[0] == 0 and s.code[at(1, 2)] == HEAD + WITCH
    else:
        assert s.tiles_placed[0] == 1 and s.code[at(1, 2)] == HEAD + WEREWOLF
    assert s.tiles_waiting[0] == 0


def test_a_turn_draws_a_card_the_last_one_drawn_starts_the_in_game_scoring_and_then_none_is_drawn():
    """'place exactly one card from your hand onto the table and immediately draw a new one'; 'As soon as the last
    card is drawn from the draw pile, the in-game scoring takes place'; 'From now on, no more cards can be drawn'."""
    s, t, _ = position(["www/www", "hhh/hhh", "vvv/vvv", "hvh/vhv"], players=2, scripted=True)
    lay(s, t, 0, 0, 0)
    s.ships_left[0] = 0
    s.hand[0, :2], s.n_hand[0] = (1, 2), 2
    s.pile[:2], s.n_pile = (3, 3), 2
    script_choices(s, *(option_code(PLACE_CARD, 0, 0, at(x, y)) for x, y in ((0, 2), (3, 0), (-3, 0))))
    last = [bool(engine.play_turn(s, t, 0)) for _ in range(3)]
    assert script_used(s) and s.cards_placed[0] == 3
    assert last == [False, True, False] and s.n_pile == 0 and s.n_hand[0] == 1


# ---------------------------------------------------------------- the setup

@pytest.mark.parametrize("players,hand", [(2, 5), (3, 3), (4, 3)])
def test_setup_hands_double_head_cards_passed_right_and_the_starting_formation(players, hand):
    t = TABLES.python(Rules(), players)
    for seed in range(5):
        s = engine.LAYOUT.new()
        start_game(s, run_key(seed), 0, np.arange(players, dtype=np.int64), np.full(players, GROUPER, np.int64),
                   np.ones((players, MAX_PARAMS)))
        engine.set_up(s, t)
        monsters = [int(m) for m in s.monster[:players]]
        assert len(set(monsters)) == players and (3 in monsters) == (players == 4)  # the skeleton with 4 only
        for p in range(players):
            faces = [int(f) for f in s.hand[p, : s.n_hand[p]]]
            assert len(faces) == hand
            doubles = [m for m in range(4) for f in faces if DOUBLE + m in t.face_code[f]]
            left = monsters[(p + 1) % players]  # the player on p's left passed to p (its right)
            assert monsters[p] in doubles and left in doubles, (p, doubles)
        deck = int(t.deck_cards)
        assert s.n_cards == 5 and s.n_pile == deck - players * hand - 2
        assert s.code[at(0, 0)] == ARMSTRONG  # Houston: Armstrong's card at the centre


def set_up(rules, players, seed=1):
    """A game's setup under ``rules``, every seat the grouper."""
    t = TABLES.python(rules, players)
    s = engine.LAYOUT.new()
    start_game(s, run_key(seed), 0, np.arange(players, dtype=np.int64), np.full(players, GROUPER, np.int64),
               np.ones((players, MAX_PARAMS)))
    engine.set_up(s, t)
    return s, t


def test_a_random_player_starts_the_game():
    """'Randomly choose who starts the game.': 3 players, the setups of seeds 0..19 each start a seat drawn at
    random; every seat starts one of them (a fair draw leaves a seat out of 20 with probability 3 * (2/3)**20,
    under 0.001)."""
    firsts = {int(set_up(Rules(), 3, seed)[0].first) for seed in range(20)}
    assert firsts == {0, 1, 2}


def test_each_player_finds_two_double_head_cards_though_the_deck_holds_more():
    """'Find two cards from the deck which depict two of your monster's heads in a single square'."""
    deck = tuple("Www/cwc" if card == "www/cwc" else card for card in Cards().deck)  # a third double werewolf
    s, t = set_up(replace(Rules(), cards=replace(Cards(), deck=deck), monster_choice="seat_order"), 2)
    assert s.monster[0] == WEREWOLF and list(s.n_hand[:2]) == [5, 5] and s.n_pile == 20 - 2 * 5 - 2


@pytest.mark.parametrize("choice", ["random", "seat_order"])
def test_the_monsters_are_dealt_at_random_or_in_seat_order(choice):
    dealt = {tuple(int(m) for m in set_up(replace(Rules(), monster_choice=choice), 3, seed)[0].monster[:3])
             for seed in range(8)}
    if choice == "seat_order":
        assert dealt == {(WEREWOLF, WITCH, VAMPIRE)}
    else:
        assert len(dealt) > 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_player_is_dealt_two_of_the_8_secret_missions_shuffled(players):
    """'shuffle all 8 "Mission" cards and deal two face-down cards to each player'."""
    t = TABLES.python(replace(Rules(), missions="secret"), players)
    deals = set()
    for seed in range(5):
        s = engine.LAYOUT.new()
        start_game(s, run_key(seed), 0, np.arange(players, dtype=np.int64), np.full(players, GROUPER, np.int64),
                   np.ones((players, MAX_PARAMS)))
        s.secret[:] = -1
        engine.set_up(s, t)
        dealt = [int(k) for k in s.secret[:players, :2].ravel()]
        assert len(set(dealt)) == 2 * players and set(dealt) <= set(range(8)), dealt  # 4 players: all 8
        assert (s.secret[:players, 2:] == -1).all()  # two, no more
        deals.add(tuple(dealt))
    assert len(deals) > 1  # shuffled: not the same missions every game


def test_the_solo_game_starts_with_the_top_card_of_the_20_face_up_and_no_hand():
    """Solo: 'Form a face-down draw pile and place the top card face-up on the table'; the vampire plays."""
    s, t = set_up(Rules(), 1)
    assert s.n_cards == 1 and s.n_pile == 19 and s.n_hand[0] == 0
    assert s.monster[0] == VAMPIRE and s.card_cell[0] == at(0, 0)


def test_the_solo_game_places_one_card_a_turn_and_ends_when_the_draw_pile_is_empty():
    """Solo: 'Now draw one card at a time and place it ... The game ends when the draw pile is empty'."""
    s, t = set_up(Rules(), 1)
    won, reason, turns = (int(v) for v in engine.play_solo(s, t))
    assert (won, reason, turns) == (0, engine.DECK_PLAYED, 19) and s.n_cards == 20 and s.n_pile == 0


def test_the_bulletin_board_shows_three_of_the_missions_1_to_6_shuffled():
    """'shuffle the "Mission" cards with numbers 1 to 6 and randomly place three of them face-up on the table'."""
    shown = set()
    for seed in range(5):
        s, t = set_up(replace(Rules(), missions="bulletin_board"), 3, seed)
        board = tuple(int(k) for k in s.bulletin[: s.n_bulletin])
        assert len(set(board)) == 3 and set(board) <= set(range(6)), board
        shown.add(board)
    assert len(shown) > 1


def test_a_game_ends_when_every_hand_is_played_or_in_advanced_mode_when_nobody_can_place():
    """'Play continues clockwise until all players have placed their remaining cards'; advanced mode: 'The game
    ends as soon as no player can place any more cards or moon-walls'."""
    players = 2
    s, t, won, reason, turns = played(players, 1)
    assert reason == engine.HANDS_PLAYED and s.ingame_done == 1 and s.n_pile == 0
    assert list(s.n_hand[:players]) == [0] * players and sum(s.cards_placed[:players]) == turns
    assert won == -1 or s.scores[won] == max(s.scores[:players])
    s, t, won, reason, turns = played(players, 1, mode="moon_walls")
    assert reason == engine.NOBODY_CAN_PLACE and engine.next_player(s, t, 0) == -1 and turns > 0
    s, t, won, reason, turns = played(1, 1)
    assert (won, reason, turns) == (0, engine.DECK_PLAYED, 19)


def test_a_game_cut_off_by_the_turn_cap_has_no_winner():
    for cap in (2, 3):  # the next to place: seat 0, seat 1
        s, t, won, reason, turns = played(2, 1, max_turns=cap)
        assert (won, reason, turns) == (-1, engine.TIMEOUT, cap)


def test_every_card_position_on_the_engines_list_is_legal_and_every_legal_one_is_on_it():
    """The legal positions kept up to date card by card, against the rules read square by square, after whole
    games of every mode."""
    for players, changes in ((2, {}), (4, {}), (3, {"mode": "moon_walls"}), (2, {"mode": "moon_walls"})):
        for seed in range(3):
            s, t, *_ = played(players, seed, **changes)
            assert legal_anchors(s) == brute_force(s), (players, changes, seed)


def test_a_monster_tile_goes_only_on_an_opponents_monster():
    s, t, _ = position(["wvh/..."], players=2)  # werewolf and witch play; nobody plays the vampire
    lay(s, t, 0, 0, 0)
    assert decisions.tile_target(s, t, 0, at(2, 0))  # the witch: an opponent's
    assert not decisions.tile_target(s, t, 0, at(0, 0))  # its own werewolf
    assert not decisions.tile_target(s, t, 0, at(1, 0))  # the vampire is nobody's
    s, t, _ = position(["wvh/..."], players=2, tile_on_neutral=True)
    lay(s, t, 0, 0, 0)
    assert decisions.tile_target(s, t, 0, at(1, 0))


@pytest.mark.parametrize("formation", ["houston", "naughty_neighbours", "escalating_conflict", "settlement",
                                       "long_distance"])
def test_each_starting_formation_lays_its_five_cards_side_by_side(formation):
    from balance.games.moon.rules import parse_formation
    from balance.games.moon.tables import LUNAR

    rules = replace(Rules(), starting_formation=formation)
    t = TABLES.python(rules, 3)
    s = engine.LAYOUT.new()
    start_game(s, run_key(1), 0, np.arange(3, dtype=np.int64), np.full(3, GROUPER, np.int64), np.ones((3, MAX_PARAMS)))
    engine.set_up(s, t)
    cards = parse_formation(getattr(rules.formations, formation))
    assert s.n_cards == len(cards) == 5 and s.squares_covered == 0
    assert sum(int(s.code[at(x, y)]) == ARMSTRONG for x in range(-12, 13) for y in range(-12, 13)) == 1
    lunar = sum(int(s.code[at(x, y)]) == LUNAR for x in range(-12, 13) for y in range(-12, 13))
    assert lunar == 2 * 6 + 4  # two lunar surface cards and Armstrong's four empty squares
    assert s.n_legal > 0


def test_a_starting_formation_of_one_card_from_the_draw_pile_draws_one_card():
    """``formation_cards = 1`` (a formation of the rules' own): the card drawn is laid; no second leaves the pile."""
    from balance.games.moon.rules import Formations

    rules = replace(Rules(), formation_cards=1,
                    formations=replace(Formations(), houston="1@0,-2,0 L@-3,0,0 A@0,0,0 L@3,0,0"))
    t = TABLES.python(rules, 3)
    s = engine.LAYOUT.new()
    start_game(s, run_key(1), 0, np.arange(3, dtype=np.int64), np.full(3, GROUPER, np.int64), np.ones((3, MAX_PARAMS)))
    engine.set_up(s, t)
    assert s.n_cards == 4 and s.n_pile == int(t.deck_cards) - 3 * 3 - 1


@pytest.mark.parametrize("players,short", [(2, 9), (3, 7), (4, 6)])
def test_each_player_gets_3_long_and_9_7_or_6_short_moon_walls(players, short):
    s, t, _ = position(players=players, mode="moon_walls")
    assert list(s.long_left[:players]) == [3] * players and list(s.short_left[:players]) == [short] * players
    s, t, _ = position(players=players)
    assert list(s.long_left[:players]) == [0] * players  # no walls in the standard game


def test_the_mission_chosen_is_the_one_that_scores_most_secret_or_bulletin_board():
    # missions 1 'largest_group 6 6', 2 'groups 3 5', 3 'heads 12 5', 4 'crystals 6 5'
    s, t, _ = position(["www/www", "h../..."], players=2, missions="secret")
    lay(s, t, 0, 0, 0)
    lay(s, t, 1, 4, 0)
    s.secret[0, :2] = [2, 0]  # heads 12 (6 heads: not completed), largest group 6 (completed: 6 VP)
    s.secret[1, :2] = [2, 3]  # neither completed
    engine.final_scoring(s, t)
    assert list(s.mission_vp[:2]) == [6, 0]
    s, t, _ = position(["www/www", "h../..."], players=2, missions="secret")
    lay(s, t, 0, 0, 0)
    lay(s, t, 1, 4, 0)
    s.track[0] = 6
    s.secret[0, :2] = [3, 0]  # crystals 6 (5 VP) and largest group 6 (6 VP), both completed: 'choose one'
    s.secret[1, :2] = [2, 3]
    engine.final_scoring(s, t)
    assert list(s.mission_vp[:2]) == [6, 0]
    s, t, _ = position(["www/www", "h../..."], players=2, missions="bulletin_board")
    lay(s, t, 0, 0, 0)
    lay(s, t, 1, 4, 0)
    s.track[1] = 6
    s.bulletin[:3] = [1, 2, 3]  # groups 3, heads 12, crystals 6: the witch has 6 on the crystal board
    s.n_bulletin = 3
    engine.final_scoring(s, t)
    assert list(s.mission_vp[:2]) == [0, 5]
    s.track[0] = 6  # 'players may choose and score the same mission'
    s.mission_vp[:2] = 0
    engine.final_scoring(s, t)
    assert list(s.mission_vp[:2]) == [5, 5]
