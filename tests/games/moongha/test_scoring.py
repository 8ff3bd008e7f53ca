"""Scoring: City tiles by damage band, rubble majorities (brown rubble competes), Drakoors, Moogre, tie-breakers."""

import pytest

from balance.games.moongha import engine
from balance.games.moongha.decisions import rubble_vp
from balance.games.moongha.rules import Rules
from balance.games.moongha.state import DRAKOOR, MECHOOR, VP_DRAKOOR, VP_MOOGRE, VP_RUBBLE, VP_TILES
from balance.rules import apply_overrides
from tests.games.moongha.position import CITY, fresh, put

ROME, PARIS = CITY["Rome"], CITY["Paris"]
BROWN = 4  # the neutral rubble row with four players


def scored(s, t):
    engine.score(s, t)
    return s


def test_example_four_brown_and_three_red_gives_red_one_vp():
    """Rulebook: 'if there were four brown rubble pieces and three red rubble pieces in a city the red player
    would score 1 VP'."""
    s, t = fresh()
    red = 1
    s.city_rubble[BROWN, ROME] = 4
    s.city_rubble[red, ROME] = 3
    assert scored(s, t).vp[red, VP_RUBBLE] == 1
    assert s.vp[:, VP_RUBBLE].sum() == 1


def test_most_rubble_scores_four_and_second_one():
    s, t = fresh()
    s.city_rubble[0, ROME] = 3
    s.city_rubble[1, ROME] = 2
    s.city_rubble[2, ROME] = 1
    assert list(scored(s, t).vp[:, VP_RUBBLE]) == [4, 1, 0, 0]


def test_a_tie_for_most_scores_two_each_and_no_second():
    s, t = fresh()
    s.city_rubble[0, ROME] = 3
    s.city_rubble[2, ROME] = 3
    s.city_rubble[1, ROME] = 1
    assert list(scored(s, t).vp[:, VP_RUBBLE]) == [2, 0, 2, 0]


def test_a_tie_for_second_scores_nothing():
    s, t = fresh()
    s.city_rubble[0, ROME] = 3
    s.city_rubble[1, ROME] = 1
    s.city_rubble[BROWN, ROME] = 1
    assert list(scored(s, t).vp[:, VP_RUBBLE]) == [4, 0, 0, 0]


def test_a_tie_with_the_brown_rubble_for_most():
    s, t = fresh()
    s.city_rubble[3, ROME] = 2
    s.city_rubble[BROWN, ROME] = 2
    assert list(scored(s, t).vp[:, VP_RUBBLE]) == [0, 0, 0, 2]


def test_the_brown_rubble_in_second_place_leaves_the_player_below_it_nothing():
    s, t = fresh()
    s.city_rubble[0, ROME] = 3
    s.city_rubble[BROWN, ROME] = 2
    s.city_rubble[1, ROME] = 1
    assert list(scored(s, t).vp[:, VP_RUBBLE]) == [4, 0, 0, 0]


def test_a_player_level_with_the_brown_rubble_for_second_scores_nothing():
    s, t = fresh()
    s.city_rubble[0, ROME] = 5
    s.city_rubble[1, ROME] = 2
    s.city_rubble[BROWN, ROME] = 2
    s.city_rubble[2, ROME] = 1
    assert list(scored(s, t).vp[:, VP_RUBBLE]) == [4, 0, 0, 0]


def test_a_majority_is_reckoned_with_the_pieces_an_attack_would_add():
    """``decisions.rubble_vp`` with ``extra`` pieces of one player (what a strategy weighs before an attack) scores
    the city as if they stood there: yellow's 2 pieces against red's 3 take the majority with 2 more, red's
    lead grows with 2 more of its own."""
    s, t = fresh()
    s.city_rubble[0, ROME] = 2
    s.city_rubble[1, ROME] = 3
    assert [rubble_vp(s, t, ROME, r, -1, 0) for r in range(4)] == [1, 4, 0, 0]
    assert [rubble_vp(s, t, ROME, r, 0, 2) for r in range(4)] == [4, 1, 0, 0]
    assert [rubble_vp(s, t, ROME, r, 1, 2) for r in range(4)] == [1, 4, 0, 0]
    assert [rubble_vp(s, t, ROME, r, 2, 3) for r in range(4)] == [0, 2, 2, 0]  # green level with red: no second


@pytest.mark.parametrize("reading,most,second", [("level", [0, 2, 0, 0], [4, 0, 0, 0]),
                                                 ("brown_ahead", [0, 1, 0, 0], [4, 0, 0, 0]),
                                                 ("players_ahead", [0, 4, 0, 0], [4, 1, 0, 0])])
def test_a_player_level_with_the_brown_rubble(reading, most, second):
    """``options.brown_rubble_ties``: 'brown rubble pieces also figure when calculating scores', and 'If two or more
    players are tied for the most rubble pieces then they each score 2 VPs'.  Level (default): the brown is
    one more colour, so a player with as many pieces is tied with it (2 VP, and no second place); brown_ahead:
    the brown stands first, the player second (1 VP); players_ahead: the player has the most (4 VP) and the
    brown is second."""
    rules = apply_overrides(Rules, {"options.brown_rubble_ties": reading})[0]
    s, t = fresh(rules=rules)
    s.city_rubble[1, ROME] = 3  # red level with the brown for the most; blue below
    s.city_rubble[BROWN, ROME] = 3
    s.city_rubble[2, ROME] = 1
    assert list(scored(s, t).vp[:, VP_RUBBLE]) == most
    s, t = fresh(rules=rules)
    s.city_rubble[0, ROME] = 5  # red level with the brown for second
    s.city_rubble[1, ROME] = 2
    s.city_rubble[BROWN, ROME] = 2
    assert list(scored(s, t).vp[:, VP_RUBBLE]) == second


@pytest.mark.parametrize("damage,vp", [(0, 5), (1, 5), (2, 5), (3, 3), (7, 3), (8, 0)])
def test_city_tiles_by_damage_band(damage, vp):
    s, t = fresh()
    s.tile_owner[PARIS] = 2
    s.city_rubble[BROWN, PARIS] = damage
    assert scored(s, t).vp[2, VP_TILES] == vp
    assert s.vp[:, VP_TILES].sum() == vp


def test_untouched_tiles_in_the_box_score_nothing():
    s, t = fresh()
    assert scored(s, t).vp[:, VP_TILES].sum() == 0


@pytest.mark.parametrize("others,vp", [(0, 3), (1, 2), (2, 1), (3, 0), (5, 0)])
def test_a_drakoor_scores_three_less_one_per_other_monster(others, vp):
    s, t = fresh()
    put(s, t, 0, DRAKOOR, "Rome", hidden=True)
    for k in range(others):  # other players' monsters of any kind, revealed
        put(s, t, 1 + k % 3, k // 3, "Rome")
    assert scored(s, t).vp[0, VP_DRAKOOR] == vp


def test_two_drakoors_in_a_city_cost_each_other_a_point():
    s, t = fresh()
    put(s, t, 0, DRAKOOR, "Rome")
    put(s, t, 0, DRAKOOR, "Rome")
    put(s, t, 0, DRAKOOR, "Tokyo")
    assert scored(s, t).vp[0, VP_DRAKOOR] == 2 + 2 + 3


def test_moogre_trophies_score_their_damage_capacity():
    s, t = fresh()
    s.moogre_vp[3] = 6 + 3
    assert scored(s, t).vp[3, VP_MOOGRE] == 9 and s.scores[3] == 9


def test_the_score_is_the_sum_of_the_sources():
    s, t = fresh()
    s.tile_owner[ROME] = 0
    s.city_rubble[0, ROME] = 2
    put(s, t, 0, DRAKOOR, "Paris")
    s.moogre_vp[0] = 1
    assert scored(s, t).scores[0] == 5 + 4 + 3 + 1


def test_tie_breaker_cities_with_rubble_then_monsters_then_rubble_pieces():
    s, t = fresh()
    # seats 0 and 1 tie on VP (4 + 1 each); seat 0 has rubble in two cities, seat 1 in two as well
    s.city_rubble[0, ROME] = 2
    s.city_rubble[1, ROME] = 1
    s.city_rubble[1, PARIS] = 2
    s.city_rubble[0, PARIS] = 1
    engine.score(s, t)
    assert s.scores[0] == s.scores[1] == 5
    assert engine.winner(s, t) == -1  # same cities, no monsters, same rubble: a tie
    put(s, t, 1, MECHOOR, "Tokyo")
    assert engine.winner(s, t) == 1  # more monsters on the board


def test_tie_breaker_rubble_in_most_cities_comes_first():
    s, t = fresh()
    s.tile_owner[CITY["London"]] = 0
    s.city_rubble[0, ROME] = 2  # seat 0: 4 + a 5 VP tile, rubble in one city
    s.city_rubble[1, ROME] = 1  # seat 1: 1 + 4 + 4, rubble in three cities
    s.city_rubble[1, PARIS] = 1
    s.city_rubble[1, CITY["Moscow"]] = 1
    put(s, t, 0, MECHOOR, "Tokyo")  # seat 0 has more monsters, which counts only after the cities
    engine.score(s, t)
    assert s.scores[0] == s.scores[1] == 9
    assert engine.winner(s, t) == 1


def test_tie_breaker_rubble_pieces_on_the_board():
    s, t = fresh()
    s.city_rubble[0, ROME] = 2
    s.city_rubble[1, PARIS] = 1
    s.rubble_placed[0], s.rubble_placed[1] = 2, 1
    engine.score(s, t)
    assert s.scores[0] == s.scores[1] == 4
    assert engine.winner(s, t) == 0


def test_tie_breaker_monsters_on_the_board_come_before_rubble_pieces():
    """'If there is still a tie then the tied player with the most monsters on the board is the winner.  If there
    is still a tie then the player who has the most rubble pieces on the board is the winner.'"""
    s, t = fresh()
    s.city_rubble[0, ROME] = 2  # 4 VP, rubble in one city, 2 pieces
    s.city_rubble[1, PARIS] = 3  # 4 VP, rubble in one city, 3 pieces
    s.rubble_placed[0], s.rubble_placed[1] = 2, 3
    put(s, t, 0, MECHOOR, "Tokyo")
    engine.score(s, t)
    assert s.scores[0] == s.scores[1] == 4
    assert engine.winner(s, t) == 0


def test_tie_breaker_cities_with_rubble_come_before_rubble_pieces():
    s, t = fresh()
    s.tile_owner[CITY["London"]] = 0
    s.city_rubble[0, ROME] = 4  # seat 0: 4 + a 5 VP tile, rubble in one city, 4 pieces
    s.city_rubble[1, PARIS] = 1  # seat 1: 4 + 4 + 1, rubble in three cities, 3 pieces
    s.city_rubble[1, CITY["Moscow"]] = 1
    s.city_rubble[1, ROME] = 1
    s.rubble_placed[0], s.rubble_placed[1] = 4, 3
    engine.score(s, t)
    assert s.scores[0] == s.scores[1] == 9
    assert engine.winner(s, t) == 1
