"""Monsters on the Moon's scoring: the rulebook's examples, groups, moon-walls, the final scoring, tie-breakers, solo."""

import pytest

from balance.games.moon import decisions, engine
from balance.games.moon.rules import MISSION_KINDS
from balance.games.moon.state import new_stamp
from balance.games.moon.tables import WEREWOLF, WITCH
from tests.games.moon.position import at, enclose_block, lay, position, rng, three_rivals, wall


def points(s, t, m):
    return int(decisions.layout_points(s, t, False, m))


def test_the_in_game_scoring_example_werewolf_scores_11():
    """'3 single heads = 3 victory points; 4 heads forming a group = 8 victory points; total = 11'."""
    s, t, _ = position(["w.w/.w.", ".ww/.ww"])
    lay(s, t, 0, 0, 0)  # three single werewolves: (0,0), (2,0), (1,1)
    lay(s, t, 1, 3, 0)  # beside it, a group of four: (4,0), (5,0), (4,1), (5,1)
    assert points(s, t, WEREWOLF) == 3 * 1 + 4 * 2 == 11
    engine.all_points(s, t)
    assert s.standing[0] == 11 and s.standing[1] == 0


def test_two_heads_in_one_square_always_count_as_a_group():
    s, t, _ = position(["W../...", "W../w..", "..w/..."])
    lay(s, t, 0, 0, 0)
    assert points(s, t, WEREWOLF) == 2 * 2  # alone: still 2 VP per head
    assert decisions.groups_of(s, t, WEREWOLF) == (2, 1, 0)  # and a group of two for the final scoring's largest
    lay(s, t, 2, 3, 0)
    assert points(s, t, WEREWOLF) == 2 * 2 + 1  # a head apart from it is single
    s, t, _ = position(["W../...", "W../w..", "..w/..."])
    lay(s, t, 1, 0, 0)
    assert points(s, t, WEREWOLF) == 2 * 2 + 2  # the head next to it is in its group


def test_a_group_extends_over_several_cards():
    s, t, _ = position(["..w/...", "v../..."])
    lay(s, t, 0, 0, 0)
    assert points(s, t, WEREWOLF) == 1
    s2, t2, _ = position(["..w/...", "w../..."])
    lay(s2, t2, 0, 0, 0)
    lay(s2, t2, 1, 3, 0)
    assert points(s2, t2, WEREWOLF) == 4  # (2,0) and (3,0): adjacent edge to edge across the two cards


def moon_wall_example():
    """Two cards inside one area enclosed by moon-walls; a wall divides a werewolf from its group."""
    s, t, rules = position(["www/h.w", "hhh/cwc"], mode="moon_walls")
    lay(s, t, 0, 0, 0)
    lay(s, t, 1, 3, 0)
    wall(s, t, 0, 2, 0, "south")  # between (2,0) and (2,1)
    return s, t


def test_the_moon_wall_example_werewolf_16_witch_14():
    """'The werewolf scores 16 victory points (3x adjacent, 2x single).  The witch scores 14 (3x adjacent, 1x
    single)': inside an enclosed area 4 per monster in a group, 2 per single."""
    s, t = moon_wall_example()
    assert points(s, t, WEREWOLF) == 3 * 2 + 2 * 1  # not enclosed yet: the wall already divides the group
    assert points(s, t, WITCH) == 3 * 2 + 1
    enclose_block(s, t, 0, 0, 6, 2)
    assert s.n_areas == 1
    assert points(s, t, WEREWOLF) == 16
    assert points(s, t, WITCH) == 14


def test_the_in_game_scoring_doubles_the_heads_in_an_enclosed_area_and_the_fewest_points_choose():
    """The in-game scoring counts heads as the final scoring does, an enclosed area's doubled (the example's 16 and
    14); the player with the fewest points decides who starts."""
    s, t = moon_wall_example()
    enclose_block(s, t, 0, 0, 6, 2)
    s.policies.id[:] = 1
    engine.in_game_scoring(s, t, 0)
    assert list(s.ingame[:3]) == [16, 14, 0] and s.decider == 2


def test_a_moon_wall_divides_a_group():
    s, t, _ = position(["ww./...", "ww./..."])
    lay(s, t, 0, 0, 0)
    assert points(s, t, WEREWOLF) == 4
    wall(s, t, 0, 0, 0, "east")
    assert points(s, t, WEREWOLF) == 2  # 'a group of 2 monsters (= 4 victory points) is divided ... (= 2)'


def final_position(mode="standard"):
    s, t, _ = position(["www/...", "hh./..."], players=2, mode=mode)
    lay(s, t, 0, 0, 0)  # a werewolf group of 3
    lay(s, t, 1, 4, 0)  # a witch group of 2
    s.ingame[0], s.ingame[1] = 5, 9
    s.track[0], s.track[1] = 3, 1
    return s, t


def test_final_scoring_adds_heads_largest_group_and_crystals_to_the_in_game_scoring():
    s, t = final_position()
    engine.final_scoring(s, t)
    assert list(s.final_heads[:2]) == [6, 4]
    assert list(s.group_bonus[:2]) == [3 * t.largest_group_vp, 2 * t.largest_group_vp]
    assert list(s.crystal_vp[:2]) == [t.track_vp[3], t.track_vp[1]]
    assert s.scores[0] == 5 + 6 + 6 + t.track_vp[3]
    assert s.scores[1] == 9 + 4 + 4 + t.track_vp[1]


def test_the_largest_group_needs_monsters_side_by_side_and_counts_every_head():
    """'each monster needs to be adjacent to at least one of your other monsters'."""
    s, t, _ = position(["w.w/.w."])
    lay(s, t, 0, 0, 0)
    assert decisions.groups_of(s, t, WEREWOLF) == (0, 0, 3)  # three single heads, corner to corner: no group
    s, t, _ = position(["Ww./..w"])
    lay(s, t, 0, 0, 0)
    assert decisions.groups_of(s, t, WEREWOLF) == (3, 1, 1)  # two heads in one square and one beside it


def test_the_advanced_mode_has_no_largest_group_bonus():
    s, t = final_position("moon_walls")
    engine.final_scoring(s, t)
    assert list(s.group_bonus[:2]) == [0, 0]
    assert s.scores[0] == 5 + 6 + t.track_vp[3]


def test_a_tie_goes_to_the_crystal_board_then_is_a_draw():
    s, t = final_position()
    s.scores[0], s.scores[1] = 20, 20
    s.crystal_vp[0], s.crystal_vp[1] = 2, 5
    assert engine.winner(s, t) == 1 and s.tie_broken == 1
    s.crystal_vp[0] = 5
    assert engine.winner(s, t) == -1
    s.scores[0] = 21
    assert engine.winner(s, t) == 0


def test_the_most_points_win_whatever_the_crystal_board_which_breaks_a_tie_whoever_sits_first():
    s, t = final_position()
    s.scores[0], s.scores[1] = 21, 20
    s.crystal_vp[0], s.crystal_vp[1] = 2, 5
    assert engine.winner(s, t) == 0 and s.tie_broken == 0
    s.scores[0] = 20
    s.crystal_vp[0], s.crystal_vp[1] = 5, 2  # the first seat ahead on the crystal board
    assert engine.winner(s, t) == 0 and s.tie_broken == 1


def test_the_fewest_points_choose_who_starts_ties_to_the_furthest_behind_on_the_crystal_board():
    s, t, _ = position(["www/...", "hh./...", "v../..."], players=3)
    lay(s, t, 0, 0, 0)  # werewolf 6
    lay(s, t, 1, 4, 0)  # witch 4
    lay(s, t, 2, 8, 0)  # vampire 1
    s.policies.id[:] = 1  # grouper: names the seat on its left
    engine.in_game_scoring(s, t, 0)
    assert list(s.ingame[:3]) == [6, 4, 1] and s.decider == 2
    s, t, _ = position(["www/...", "h../...", "v../..."], players=3)
    lay(s, t, 0, 0, 0)
    lay(s, t, 1, 4, 0)
    lay(s, t, 2, 8, 0)
    s.track[1], s.track[2] = 4, 2  # witch and vampire both 1 VP: the vampire is further behind
    s.policies.id[:] = 1
    engine.in_game_scoring(s, t, 0)
    assert s.decider == 2
    s.track[2] = 6
    engine.in_game_scoring(s, t, 0)
    assert s.decider == 1


def test_the_fewest_points_choose_wherever_they_sit_and_a_full_tie_goes_to_the_next_in_turn():
    """A tie on points and on the crystal board: the rulebook says no more; ``decider_tie``'s default reads it as
    the first of them in turn order after the player who drew the last card."""
    s, t, _ = position(["w../...", "hh./...", "vvv/..."], players=3)
    lay(s, t, 0, 0, 0)  # werewolf 1
    lay(s, t, 1, 4, 0)  # witch 4
    lay(s, t, 2, 8, 0)  # vampire 6
    s.policies.id[:] = 1
    engine.in_game_scoring(s, t, 2)  # seat 0 is the first after the last card
    assert list(s.ingame[:3]) == [1, 4, 6] and s.decider == 0
    s, t, _ = position(["www/...", "h../...", "v../..."], players=3)
    lay(s, t, 0, 0, 0)
    lay(s, t, 1, 4, 0)
    lay(s, t, 2, 8, 0)
    s.track[1], s.track[2] = 3, 3  # witch and vampire: 1 VP each, side by side on the crystal board
    s.policies.id[:] = 1
    s.rng[:] = rng(1)  # were the tie drawn at random, twenty draws would not all go to the next in turn
    for last, decider in ((0, 1), (1, 2)) * 10:
        engine.in_game_scoring(s, t, last)
        assert s.decider == decider, last


def test_under_the_random_reading_a_full_tie_for_the_fewest_points_is_drawn_among_the_tied_players_alike():
    """``decider_tie = "random"``: the players tied on points and on the crystal board decide alike often; the
    werewolf, ahead on points or only on the crystal board, never."""
    for card, werewolf_track, tied in (("www/...", 2, {1, 2}), ("w../...", 5, {1, 2}), ("w../...", 2, {0, 1, 2})):
        s, t, _ = position([card, "h../...", "v../..."], players=3, decider_tie="random")
        lay(s, t, 0, 0, 0)
        lay(s, t, 1, 4, 0)
        lay(s, t, 2, 8, 0)
        s.track[:3] = werewolf_track, 2, 2
        s.policies.id[:] = 1
        s.rng[:] = rng(1)
        for last in (0, 2):  # turn order from seat 1, from seat 0
            deciders = []
            for _ in range(300):
                engine.in_game_scoring(s, t, last)
                deciders.append(int(s.decider))
            share = 300 // len(tied)
            assert set(deciders) == tied, (card, werewolf_track, last, set(deciders))
            assert all(share - 30 <= deciders.count(p) <= share + 30 for p in tied), (card, werewolf_track, last,
                                                                                      [deciders.count(p) for p in tied])


def test_solo_scores_vampires_and_crystals_in_groups_less_witches_and_werewolves():
    s, t, _ = position(["vvc/c.w", "h../v.."], players=1, monsters=["vampire"])
    lay(s, t, 0, 0, 0)
    lay(s, t, 1, 0, 2)
    # vampires (0,0)-(1,0) a group: 2; (0,3) single: 0; crystals (2,0)-(2,1)? (2,1) is 'w': no; (2,0)-(0,1)?
    # not adjacent: (2,0) touches (1,0) v and (2,1) w; (0,1) touches (0,0) v, (1,1) '.', (0,2) h: no group
    engine.solo_scoring(s, t)
    assert (s.solo_vampires, s.solo_crystals, s.solo_penalty) == (2, 0, -2)
    assert s.scores[0] == 0
    s, t, _ = position(["vcc/vcc"], players=1, monsters=["vampire"])
    lay(s, t, 0, 0, 0)
    engine.solo_scoring(s, t)
    assert (s.solo_vampires, s.solo_crystals, s.solo_penalty, s.scores[0]) == (2, 4, 0, 6)


def test_solo_counts_a_vampire_square_of_two_heads_as_a_group():
    s, t, _ = position(["V../...", "W../..."], players=1, monsters=["vampire"])
    lay(s, t, 0, 0, 0)
    lay(s, t, 1, 3, 0)
    engine.solo_scoring(s, t)
    assert (s.solo_vampires, s.solo_penalty) == (2, -2)


def test_enclosed_monsters_count_double_in_the_final_scoring_too():
    s, t, _ = position(["vv./..."], players=3, mode="moon_walls")
    lay(s, t, 0, 0, 0)
    enclose_block(s, t, 0, 0, 3, 2)
    engine.final_scoring(s, t)
    assert s.final_heads[2] == 2 * 2 * t.enclosed_factor and s.final_heads[0] == 0
    assert s.area[at(1, 1)] != 0 and s.area[at(3, 0)] == 0


def test_each_mission_counts_what_its_card_names():
    """'there are now also random missions you can complete': each mission card names what it counts (the rules'
    ``mission_cards``); here every count differs, so no mission counts another's."""
    s, t, _ = position(["www/www", "ww./..w", "ww./..w", "w../...", "w../..."], players=2)
    lay(s, t, 0, 0, 0)  # a group of 6
    lay(s, t, 1, 4, 0)  # a group of 2, (4,0) (5,0), and a single at (6,1)
    lay(s, t, int(t.armstrong_face), 3, -2, turns=2)  # the base camp at (4,-1), Armstrong at (5,-1): above the 2
    lay(s, t, 2, 0, 3)  # a group of 2, (0,3) (1,3), and a single at (2,4)
    lay(s, t, 3, 4, 3)  # a single at (4,3)
    lay(s, t, 4, 8, 0)  # a single at (8,0)
    s.track[0], s.ships_left[0], s.tiles[0] = 7, t.spaceships, 1

    def count(kind):
        return int(decisions.mission_count(s, t, 0, getattr(decisions, "M_" + kind.upper()), s.seen, s.queue,
                                           new_stamp(s)))

    assert {kind: count(kind) for kind in MISSION_KINDS} == {
        "largest_group": 6, "groups": 3, "heads": 14, "singles": 4, "crystals": 7, "spaceships": 0, "tiles": 1,
        "cards": 5, "armstrong": 2}
    s.ships_left[0] = t.spaceships - 2
    assert count("spaceships") == 2


def test_the_in_game_scoring_does_not_score_crystals():
    """'NOTE: Scoring crystals is not part of the in-game scoring process': a marker on a space worth victory
    points adds nothing to the in-game scoring, nor to who decides the next starter."""
    s, t, _ = position(["w../...", "hh./...", "v.v/.v."], players=3)
    lay(s, t, 0, 0, 0)  # werewolf 1
    lay(s, t, 1, 4, 0)  # witch 4
    lay(s, t, 2, 8, 0)  # vampire 3
    s.track[0] = 5
    assert t.track_vp[5] == 5  # counted, the werewolf would have 6: more than the vampire
    s.policies.id[:] = 1
    engine.in_game_scoring(s, t, 0)
    assert list(s.ingame[:3]) == [1, 4, 3] and s.decider == 0


def test_the_largest_group_bonus_counts_the_largest_group_not_the_last_found():
    """'Look for your largest monster group ... You will score 2 extra victory points for each monster in this
    group': a werewolf group of 3, then (further along the layout) a group of 2; the bonus is for the 3."""
    s, t, _ = position(["www/...", "ww./..."], players=2)
    lay(s, t, 0, 0, 0)  # a werewolf group of 3: (0,0) (1,0) (2,0)
    lay(s, t, 1, 4, 0)  # apart from it, a group of 2: (4,0) (5,0)
    engine.final_scoring(s, t)
    assert s.largest[0] == 3 and t.largest_group_vp == 2
    assert s.group_bonus[0] == 3 * 2
    assert s.scores[0] == (3 + 2) * 2 + 3 * 2 + t.track_vp[0]


@pytest.mark.parametrize("missions", ["none", "secret", "bulletin_board"])
def test_the_standing_is_what_the_final_scoring_would_give_if_the_game_ended_now(missions):
    """The lead and the scores by turn: head points, the largest group, the crystal board and the mission chosen
    (its secret missions too), as ``final_scoring`` sums them."""
    s, t = three_rivals(missions)
    assert list(s.standing[1:3]) == [24, 19 if missions == "none" else 25]
    s.ingame[:3] = (3, 4, 5)
    s.track[:3] = (1, 2, 3)
    engine.standings(s, t)
    standing = list(s.standing[:3])
    engine.final_scoring(s, t)
    assert list(s.scores[:3]) == standing
