"""Monsters on the Moon's strategies value what the rules give: a monster tile only where a card takes it, a crystal
board space only where the marker can go."""

import pytest

from balance.games.moon import SPEC, engine, policies
from balance.games.moon.decisions import a_of, b_of, groups_of, layout_points, square_of
from tests.games.moon.position import lay, position, rng, three_rivals


def plays(s, seat, name):
    """The seat plays the policy ``name`` with its default weights."""
    policy = SPEC.policy(name)
    s.policies.id[seat] = policy.id
    s.policies.param[seat, :len(policy.params)] = [p.default for p in policy.params]


@pytest.mark.parametrize("tile", ["reached", "waiting"])
def test_a_card_counts_a_monster_tile_only_if_it_shows_an_opponents_monster_to_take_it(tile):
    """'Immediately place that tile on an opponent's monster on the card that you have just placed': with two
    players nobody plays the vampire, so a card of one werewolf and vampires loses the tile, and the crystal racer
    covers the crystal with the card of a witch instead.  The tile is reached by the crystal covered, or it waits
    from a spaceship placed before the card."""
    s, t, _ = position(["vcv/vvv", "wvv/vvv", "hvv/vvv"], players=2)  # the werewolf (seat 0) against the witch
    plays(s, 0, "crystal")
    lay(s, t, 0, 0, 0)  # a crystal at (1,0)
    s.hand[0, :2], s.n_hand[0] = (1, 2), 2  # a werewolf's head, a witch's head
    if tile == "reached":
        s.track[0] = int(t.tile_spaces[0]) - 1  # the crystal covered reaches the red-bordered space
    else:
        s.track[0] = int(t.tile_spaces[0])  # its tile gained by a spaceship, waiting for the card
        s.tiles[0], s.tiles_waiting[0] = 1, 1
    code = policies.choose_place(s, t, 0)
    assert s.hand[0, a_of(code)] == 2  # the witch's card: its tile is worth more than a lone werewolf's head


@pytest.mark.parametrize("turn", ["walls", "card"])
def test_a_spaceship_goes_for_a_monster_tile_in_a_card_turn_not_in_a_moon_wall_turn(turn):
    """A tile gained in a moon-wall turn has no card to go on and is lost (``tile_no_target = lost``): the grouper
    keeps its spaceship; in a card turn the spaceship goes first and the card takes the tile."""
    s, t, _ = position(["hch/hhh", "hhh/hhh"], players=2, mode="moon_walls")
    plays(s, 0, "grouper")
    plays(s, 1, "grouper")
    lay(s, t, 0, 0, 0)  # the witch's card, a crystal at (1,0)
    s.rng[:] = rng(1)  # the card drawn at the end of the turn
    s.track[0] = int(t.tile_spaces[0]) - 1  # one space short of a red-bordered one
    if turn == "card":
        s.hand[0, 0], s.n_hand[0] = 1, 1  # no group to wall in: the grouper places the card
    engine.play_turn(s, t, 0)
    if turn == "walls":
        assert s.walls_placed[0] >= 3 and s.ships_left[0] == 2 and s.tiles[0] == 0
    else:
        assert s.cards_placed[0] == 1 and s.ships_left[0] == 1 and s.tiles_placed[0] == 1


@pytest.mark.parametrize("face", [1, 2], ids=["vampires", "a_witch"])
def test_a_spaceship_after_the_card_goes_for_a_monster_tile_only_if_that_card_shows_an_opponents_monster(face):
    """No crystal is visible before the card; the card lays one.  With two players nobody plays the vampire: a
    tile gained after a card of vampires would be lost, so the grouper keeps its spaceship."""
    s, t, _ = position(["hhh/hhh", "vcv/vvv", "hcv/vvv"], players=2)
    plays(s, 0, "grouper")
    plays(s, 1, "grouper")
    lay(s, t, 0, 0, 0)
    s.rng[:] = rng(1)
    s.track[0] = int(t.tile_spaces[0]) - 1
    s.hand[0, 0], s.n_hand[0] = face, 1
    engine.play_turn(s, t, 0)
    taken = face == 2
    assert s.cards_placed[0] == 1 and s.ships_left[0] == 2 - taken
    assert s.tiles[0] == taken and s.tiles_placed[0] == taken


def test_the_crystal_racer_values_no_crystal_past_the_boards_last_space():
    """'Each number on the board corresponds to victory points': the marker stops on the last space, so a crystal
    beyond it scores nothing.  A lunar surface card takes the crystals laid on it; one space short of the last,
    the racer holds a card of two crystals and one of a crystal and a werewolf head: both reach the last space,
    and the head is worth more than a crystal that goes nowhere."""
    s, t, _ = position(["cc./...", "cw./..."])
    plays(s, 0, "crystal")
    lay(s, t, int(t.lunar_face), 0, 0)
    s.track[0] = int(t.track_spaces) - 2
    s.hand[0, :2], s.n_hand[0] = (0, 1), 2
    code = policies.choose_place(s, t, 0)
    assert s.hand[0, a_of(code)] == 1


@pytest.mark.parametrize("mode", ["standard", "moon_walls"])
def test_the_grouper_grows_its_largest_group_only_where_the_final_scoring_counts_it(mode):
    """Three werewolves in a row and a lone one; the card in hand shows two more.  Beside the row they make the
    largest group 5 (4 head points); beside the lone werewolf 4 head points and the lone one's second (5).  In
    standard mode the largest group's final VP are worth the point; with moon-walls 'You will receive no victory
    points for your largest monster group', and the grouper takes the head points."""
    s, t, _ = position(["www/...", ".../..w", "ww./..."], players=2, mode=mode)
    plays(s, 0, "grouper")
    lay(s, t, 0, 0, 0)
    lay(s, t, 1, 3, 0)  # the lone werewolf at (5,1)
    s.hand[0, 0], s.n_hand[0] = 2, 1
    m = s.monster[0]
    before = layout_points(s, t, False, m)
    code = policies.choose_place(s, t, 0)
    engine.lay_card(s, t, 2, b_of(code), square_of(code))
    largest, _, _ = groups_of(s, t, m)
    if mode == "standard":
        assert (largest, layout_points(s, t, False, m) - before) == (5, 4)
    else:
        assert (largest, layout_points(s, t, False, m) - before) == (3, 5)


@pytest.mark.parametrize("missions", ["none", "secret", "bulletin_board"])
def test_the_leading_rival_is_first_on_the_final_scoring_by_what_every_player_sees(missions):
    """The vampire has more head points (15 to 12), the witch the larger group (2 VP a monster at the final
    scoring): the witch leads (24 to 19).  A secret mission completed would put the vampire first (25), but the
    spoiler does not see it; on the bulletin board everybody does."""
    s, t = three_rivals(missions)
    plays(s, 0, "spoiler")
    assert list(s.public_standing[1:3]) == [24, 25 if missions == "bulletin_board" else 19]
    assert policies.leading_rival(s, t, 0) == (2 if missions == "bulletin_board" else 1)
