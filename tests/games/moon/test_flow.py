"""Monsters on the Moon end to end: every mode and player count plays whole games by the rules."""

import polars as pl
import pytest

from balance.games.moon import SPEC, engine
from balance.games.moon.rules import Rules
from balance.kit.log import events
from balance.scenario import from_dict
from balance.sim.batch import play
from balance.sim.replay import play_logged

GAMES = 200


def games(players, policies, **rules):
    scenario = from_dict({"game": "moon", "players": players, "seed": 5, "rules": rules,
                          "seats": [{"policy": p} for p in policies]})
    frame = play(scenario, 0, 0, GAMES)
    assert SPEC.invariants(frame, scenario) == []
    return frame


def seats_sum(frame, col, players):
    return frame.select(pl.sum_horizontal(*[pl.col(f"{col}_{s}") for s in range(1, players + 1)])).to_series()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_standard_game_plays_every_card_and_scores_in_game_and_final(players):
    frame = games(players, ["random", "grouper", "crystal", "spoiler"][:players])
    assert (frame["end_reason"] == "hands_played").all()
    deck = 20 if players < 4 else 26
    assert (seats_sum(frame, "cards_placed", players) == deck - 2).all()
    assert (seats_sum(frame, "ingame_heads", players) > 0).all()
    assert (seats_sum(frame, "decided_starter", players) == 1).all()
    assert (seats_sum(frame, "monster_tiles", players) > 0).mean() > 0.3
    assert (frame["winner"] > 0).mean() > 0.95


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_advanced_mode_places_walls_encloses_areas_and_ends_when_nobody_can_place(players):
    frame = games(players, ["random", "grouper", "spoiler", "random"][:players], mode="moon_walls")
    assert (frame["end_reason"] == "nobody_can_place").all()
    assert (seats_sum(frame, "walls_placed", players) > 0).mean() > 0.9
    assert (seats_sum(frame, "wall_turns", players) > 0).mean() > 0.9  # each of 3 to 5 walls (the invariants)
    assert (frame["enclosed_areas"] > 0).mean() > 0.05
    assert (seats_sum(frame, "group_bonus", players) == 0).all()


@pytest.mark.parametrize("variant", ["secret", "bulletin_board"])
@pytest.mark.parametrize("mode", ["standard", "moon_walls"])
def test_missions_score_in_either_mode(variant, mode):
    frame = games(3, ["grouper", "crystal", "spoiler"], missions=variant, mode=mode)
    assert (seats_sum(frame, "mission_vp", 3) > 0).mean() > 0.3


def test_the_solo_game_places_the_20_cards_one_at_a_time_and_rates_the_score():
    frame = games(1, ["solo"])
    assert (frame["end_reason"] == "deck_played").all() and (frame["turns"] == 19).all()
    assert (frame["cards_placed_1"] == 19).all()
    assert frame["solo_band_1"].is_between(1, 5).all()
    assert (frame["solo_band_1"].cast(pl.Int64) == rated(frame["score_1"], Rules().solo.bands)).all()


def rated(scores, bands):
    """Each score's band: 1, and one more for each band's least points it reaches."""
    return scores.map_elements(lambda v: 1 + sum(v >= b for b in bands), return_dtype=pl.Int64)


def test_each_solo_rating_band_starts_at_its_least_points():
    """'13 points or less', '14-19 points', ...: with the assumed deck every solo game reaches the top band, so the
    bands are set inside the scores the solo strategy makes (28 to 45), a game scoring on each band's edge."""
    bands = [33, 35, 37, 39]
    frame = games(1, ["solo"], solo={"bands": bands})
    assert (frame["solo_band_1"].cast(pl.Int64) == rated(frame["score_1"], bands)).all()
    assert set(frame["solo_band_1"]) == {1, 2, 3, 4, 5} and set(bands) <= set(frame["score_1"])


@pytest.mark.parametrize("players, missions", [(1, "none"), (3, "none"), (3, "secret"), (4, "bulletin_board")])
def test_the_scores_by_turn_end_on_the_final_score(players, missions):
    """The score after a turn is what the final scoring would give if the game ended then (the largest group and
    the mission chosen included), so each seat's timeline ends on its final score."""
    scenario = from_dict({"game": "moon", "players": players, "seed": 9, "run": {"scores_by_turn": 1},
                          "rules": {"missions": missions}, "seats": [{"policy": "random"}] * players})
    frame = play(scenario, 0, 0, 50)
    for row in frame.iter_rows(named=True):
        last = row["scores_by_turn"][-1]
        assert len(row["scores_by_turn"]) == row["turns"]
        assert list(last[:players]) == [row[f"score_{s}"] for s in range(1, players + 1)]


@pytest.mark.parametrize("players", [3, 4])
def test_turns_go_clockwise_and_after_the_in_game_scoring_from_the_player_chosen_to_start(players):
    scenario = from_dict({"game": "moon", "players": players, "seed": 9,
                          "seats": [{"policy": p} for p in ("grouper", "random", "spoiler", "crystal")[:players]]})
    chosen = 0
    for game in range(10):
        s = play_logged(scenario, game)[0]
        due = None  # the seat whose turn comes next
        for kind, a, b, *_ in events(s):
            if kind in (engine.TURN, engine.SKIPPED):
                seat = b if kind == engine.TURN else a
                assert due is None or seat == due, (game, kind, seat, due)
                due = (seat + 1) % players  # clockwise
            elif kind == engine.STARTER_CHOSEN:
                due = b
                chosen += 1
    assert chosen >= 10  # every game had its in-game scoring


def test_moon_walls_or_mission_cards_the_mode_does_not_play_are_pointed_at():
    from dataclasses import replace

    from balance.games.moon import warnings
    from balance.games.moon.rules import Rules

    rules = Rules()
    walls = replace(rules, moon_walls=replace(rules.moon_walls, long_wall_squares=3))
    assert warnings(walls) == ["rules.moon_walls: changed, but mode = 'standard' plays no moon-walls; set mode = "
                               "\"moon_walls\" to play them"]
    assert warnings(replace(walls, mode="moon_walls")) == warnings(rules) == []
    cards = replace(rules, mission_cards=replace(rules.mission_cards, secret_dealt=1))
    assert warnings(cards)[0].startswith("rules.mission_cards: changed, but missions = \"none\" plays no missions")
    assert warnings(replace(cards, missions="secret")) == []


def test_the_deck_check_wants_each_monster_s_double_heads_and_a_draw_pile_left_after_the_deal():
    """3 players are dealt 3 x (2 double-head cards + a hand of 1) and the 2 formation cards, 11 in all: a deck of 12
    leaves a draw pile, one of 11 none; the skeleton's double heads are wanted only with 4 players; the solo game
    wants 2 cards and no double heads."""
    from dataclasses import replace

    from balance.games.moon.rules import Rules
    from balance.games.moon.tables import check_deck

    r = Rules()

    def deck(cards, four_player_cards=r.cards.four_player_cards):
        return replace(r, cards=replace(r.cards, deck=tuple(cards), four_player_cards=tuple(four_player_cards)))

    doubles = [c for c in r.cards.deck if c[0] in "WHV"]  # 2 for each of the werewolf, witch and vampire
    singles = [c for c in r.cards.deck if c[0] not in "WHV"]
    assert len(doubles) == 6 and all(check_deck(r, p) == [] for p in (1, 2, 3, 4))
    assert check_deck(deck(doubles + singles[:6]), 3) == []
    assert check_deck(deck(doubles + singles[:5]), 3) == [
        "cards: 11 cards for 3 players: the hands and the starting formation take 11, leaving no draw pile"]
    no_werewolf_pair = [c for c in r.cards.deck if c != "Wcw/wvw"]
    assert check_deck(deck(no_werewolf_pair), 3) == [
        "cards: 1 cards show two werewolf heads in one square; each player finds 2 (double_head_cards)"]
    one_skeleton_pair = [c for c in r.cards.four_player_cards if c != "Scs/shs"]
    assert check_deck(deck(r.cards.deck, one_skeleton_pair), 3) == []
    assert check_deck(deck(r.cards.deck, one_skeleton_pair), 4) == [
        "cards: 1 cards show two skeleton heads in one square; each player finds 2 (double_head_cards)"]
    assert check_deck(deck(singles[:2]), 1) == []
    assert check_deck(deck(singles[:1]), 1) == ["cards.deck: the solo game needs at least 2 cards"]


def test_the_rules_check_accepts_counts_up_to_their_limits_and_names_what_is_beyond():
    from dataclasses import replace

    from balance.games.moon.rules import Rules, rules_problems

    r = Rules()
    cards = len(r.mission_cards.cards)

    def problems(part=None, **changes):
        return rules_problems(replace(r, **{part: replace(getattr(r, part), **changes)}) if part else
                              replace(r, **changes))

    assert problems("mission_cards", bulletin_pool=cards, bulletin_shown=cards) == []
    assert problems("mission_cards", bulletin_pool=cards + 1) == [
        f"mission_cards.bulletin_pool: {cards + 1} missions of {cards} cards"]
    assert problems("mission_cards", bulletin_pool=3, bulletin_shown=4) == [
        "mission_cards.bulletin_shown: 4 shown of a pool of 3"]
    most = r.moon_walls.most_per_turn
    assert problems("moon_walls", fewest_per_turn=most) == []
    assert problems("moon_walls", fewest_per_turn=most + 1) == [
        f"moon_walls.fewest_per_turn: {most + 1} is more than most_per_turn {most}"]
    doubles = r.double_head_cards
    assert problems(passed_cards=doubles) == []
    assert problems(passed_cards=doubles + 1) == [f"passed_cards: {doubles + 1} of {doubles} double-head cards"]
    spaces = len(r.crystal_track.vp_3_players)
    assert problems("crystal_track", tile_spaces_3_players=(spaces - 1,)) == []
    assert problems("crystal_track", tile_spaces_3_players=(spaces,)) == [
        f"crystal_track.tile_spaces_3_players: space {spaces} is beyond the board's {spaces} spaces"]


def test_the_card_formation_and_mission_texts_are_read_or_what_is_wrong_is_named():
    """A card is two rows of three squares, Armstrong and his base camp on the Armstrong card alone; a formation's
    cards lie within -9..9, a quarter turn 0 to 3 times, at most 2 lunar surface cards and one Armstrong card; a
    mission's threshold lies within 0..200 and its VP within 0..100."""
    from balance.games.moon.rules import (
        ARMSTRONG_CARD, DRAWN_1, FORMATION_REACH, LUNAR_CARD, MISSION_KINDS, formation_problem, parse_card,
        parse_formation, parse_mission,
    )

    assert parse_card("wch/vWc") == list("wchvWc")
    for text in ("wch/vw", "wchv/Wc", "wch/vWc/ccc", "wchvWc"):
        assert parse_card(text) == f"{text!r} is not a card: expected two rows of three squares, 'abc/def'"
    assert parse_card(".A./.B.", armstrong=True) == list(".A..B.")
    assert parse_card(".A./.B.") == parse_card(".A./.B.", armstrong=False) == \
        "'.A./.B.': Armstrong (A) and his base camp (B) are on the Armstrong card only"

    reach = FORMATION_REACH
    for x, y in ((-reach, 0), (reach, 0), (0, -reach), (0, reach)):
        assert parse_formation(f"1@{x},{y},0") == [(DRAWN_1, x, y, 0)]
    for x, y in ((-reach - 1, 0), (reach + 1, 0), (0, -reach - 1), (0, reach + 1)):
        assert parse_formation(f"1@{x},{y},0") == f"'1@{x},{y},0': x and y lie within -{reach}..{reach}"
    assert [parse_formation(f"L@0,0,{turns}") for turns in range(4)] == [[(LUNAR_CARD, 0, 0, t)] for t in range(4)]
    for turns in (-1, 4):
        assert parse_formation(f"A@0,0,{turns}") == f"'A@0,0,{turns}': turns is 0, 1, 2 or 3"
    row = "1@-9,0,0 2@-6,0,0 L@-3,0,0 L@0,0,0 A@3,0,0"  # five cards 3 wide side by side
    assert parse_formation(row)[-1] == (ARMSTRONG_CARD, 3, 0, 0) and formation_problem(row, 2) is None
    for extra in ("L@6,0,0", "A@6,0,0"):
        assert formation_problem(f"{row} {extra}", 2) == \
            f"'{row} {extra}': at most 2 lunar surface cards (L) and one Armstrong card (A)"

    heads, crystals = MISSION_KINDS.index("heads"), MISSION_KINDS.index("crystals")
    assert parse_mission("heads 0 0") == (heads, 0, 0) and parse_mission("crystals 200 100") == (crystals, 200, 100)
    for text in ("heads -1 5", "heads 201 5", "heads 12 -1", "heads 12 101"):
        assert parse_mission(text) == f"{text!r}: threshold within 0..200, VP within 0..100"
    for text in ("heads 12", "heads 12 5 1", "eyes 12 5"):
        assert parse_mission(text).startswith(f"{text!r} is not a mission: expected 'kind threshold VP'")
