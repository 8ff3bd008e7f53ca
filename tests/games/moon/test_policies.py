"""Monsters on the Moon's strategies value what the rules give: a monster tile only where a card takes it, a crystal
board space only where the marker can go."""

import pytest

from balance.games.moon import SPEC, decisions, engine, policies
from balance.games.moon.decisions import a_of, b_of, groups_of, layout_points, square_of, tiles_passed, track_after
from balance.games.moon.rules import Cards, Missions
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


def mid_game(kind, threshold, seed):
    """Three random players 8 turns into a game with one secret mission each, 'kind threshold 99'; the seat to
    place next plays the grouper, whose mission weight 100 makes each count of the mission worth more than every
    other term of a placement together."""
    s, t, _ = position(Cards().deck, players=3, missions="secret",
                       mission_cards=Missions(cards=(f"{kind} {threshold} 99",) * 3, secret_dealt=1))
    s.setup_rng[:], s.rng[:], s.policies.rng[:] = rng(seed), rng(seed + 100), rng(seed + 200)
    engine.set_up(s, t)
    for turn in range(8):
        engine.play_turn(s, t, (s.first + turn) % 3)
    seat = (s.first + 8) % 3
    plays(s, seat, "grouper")
    s.policies.param[seat, 4] = 100.0
    return s, t, seat


def counts_after_each_placement(s, t, seat, kind):
    """The mission's count after each placement the seat may make (the card's squares laid, no more), by the
    engine."""
    k = getattr(decisions, "M_" + kind.upper())
    out = {}
    n = engine.list_placements(s, t, seat)
    before = s.base.copy()
    for o in range(n):
        code = int(s.options[o])
        gained = engine.put_card(s, t, s.hand[seat, a_of(code)], b_of(code), square_of(code))
        after = track_after(t, s.track[seat], gained)  # the marker moves after the card
        if kind == "crystals":
            out[code] = int(after)
        elif kind == "tiles":
            out[code] = int(s.tiles[seat] + tiles_passed(t, s.track[seat], after))
        else:
            out[code] = int(policies.mission_now(s, t, seat, k))
        s.base[...] = before
    return out


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("kind", ["heads", "singles", "crystals", "tiles", "armstrong"])
def test_a_mission_aimed_at_is_counted_exactly_for_each_placement(kind, seed):
    """'If you complete exactly one of these, you will receive bonus victory points': the scripted players play
    towards a mission, each placement valued by the share of the mission's threshold it counts.  For the visible
    monsters, the single monsters, the crystal board, the monster tiles and the monsters next to Armstrong the
    change of the count is exact (the singles outside areas enclosed by moon-walls): with the mission worth most,
    the placement taken counts the most any placement could."""
    s, t, seat = mid_game(kind, 99, seed)
    counts = counts_after_each_placement(s, t, seat, kind)
    assert counts[int(policies.choose_place(s, t, seat))] == max(counts.values())


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("kind", ["heads", "singles", "armstrong"])
def test_a_completed_mission_is_not_undone(kind, seed):
    """The final scoring counts a mission completed at its end: a player holding one keeps it.  With the mission
    just completed and worth most, the placement taken keeps its count at the threshold when any placement
    does."""
    s, t, seat = mid_game(kind, 99, seed)
    now = int(policies.mission_now(s, t, seat, getattr(decisions, "M_" + kind.upper())))
    if now == 0:
        pytest.skip("nothing to keep")
    s, t, seat = mid_game(kind, now, seed)
    counts = counts_after_each_placement(s, t, seat, kind)
    if max(counts.values()) >= now:
        assert counts[int(policies.choose_place(s, t, seat))] >= now


@pytest.mark.parametrize("weight", [0.0, 1.0])
def test_a_player_aiming_at_the_spaceships_mission_places_them(weight):
    """A mission of two spaceships placed: the grouper, which otherwise keeps its spaceships for a monster tile or
    the last cards, places one on the crystal at once."""
    s, t, _ = position(["hch/hhh", "hhh/hhh"], players=2, missions="secret",
                       mission_cards=Missions(cards=("spaceships 2 3", "spaceships 2 3"), secret_dealt=1))
    plays(s, 0, "grouper")
    plays(s, 1, "grouper")
    s.policies.param[0, 4] = weight
    lay(s, t, 0, 0, 0)  # a crystal at (1,0)
    s.rng[:] = rng(1)
    s.hand[0, 0], s.n_hand[0] = 1, 1
    engine.play_turn(s, t, 0)
    assert s.ships_left[0] == (2 if weight == 0 else 1)
