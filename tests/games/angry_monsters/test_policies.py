"""The scripted strategies: each plays legal moves, and none throws away what the rules give it."""

import os
import subprocess
import sys
from pathlib import Path

from balance.games.angry_monsters import engine as E
from balance.games.angry_monsters import policies as P
from balance.games.angry_monsters.decisions import END, option_fields
from balance.games.angry_monsters.policies import FLEE, GLUTTON, NEAREST_EXIT, WRECKER
from balance.games.angry_monsters.state import RED_ORANGE
from tests.games.angry_monsters.helpers import Position


def test_the_human_rolls_when_an_average_roll_takes_the_last_meeples_to_safety():
    """Replacing the destroyed site would put 3 evacuated meeples back; the last meeple is one step from the
    standing site, and rolling takes it there: the game ends, the human ahead 4 to 2."""
    p = Position(["M~~~~~", "~~.E..", "~~.mEr", "M~...."])
    E.destroy(p.s, p.t, 0, p.cell(1, 3))  # one site destroyed, one standing
    p.s.evacuated, p.s.eaten[0], p.s.eaten[1] = 3, 1, 1
    p.seat(2, NEAREST_EXIT, 1.0, 0.5)
    p.dice(1, 1)
    E.human_turn(p.s, p.t)
    assert p.all_used() and p.s.replaced == 0
    assert p.s.on_board == 0 and p.s.evacuated == 4


def test_the_human_replaces_the_site_when_the_meeples_left_are_far_from_the_standing_one():
    """One site stands, one is destroyed, and the last meeple is 9 steps from the standing site: more than an
    average roll of 7, so the human replaces the destroyed site."""
    p = Position(["M~~~~~~~~~~", "~~.E.......", "~~.......Er", "M~m........"])
    E.destroy(p.s, p.t, 0, p.cell(1, 3))
    p.s.evacuated = 3
    p.seat(2, NEAREST_EXIT, 1.0, 0.5)
    E.human_turn(p.s, p.t)
    assert p.s.replaced == 1 and p.s.on_board == 4 and p.s.evacuated == 0


def test_the_human_replaces_a_site_when_no_meeple_left_can_reach_a_standing_one():
    """One site stands, so replace_at_most = 0 would roll; but the last meeple is walled in by buildings: a roll
    could move nothing, a site put back can be reached."""
    p = Position(["M~~~~~", "~~.r..", "~~rmr.", "~~.r.E", "~~...E"], players=2)
    E.destroy(p.s, p.t, 0, p.cell(4, 5))
    p.s.evacuated = 3
    p.seat(1, NEAREST_EXIT, 0.0, 0.5)
    E.human_turn(p.s, p.t)
    assert p.s.replaced == 1


def test_flee_does_not_step_a_threatened_meeple_to_and_fro():
    """The threatened meeple's way to safety runs through the monster: a step downhill, then nothing but straight
    back.  The moves left go to the meeple that can walk to safety, not to stepping to and fro."""
    p = Position(["bbbbbbb", "E.M.m..", "bbbbbbb", "E....m."], players=2)
    p.seat(1, FLEE, 3.0, 3.0, 1.0, 0.5)  # danger_radius 3: only the corridor's meeple is threatened
    p.dice(3, 3)
    E.human_turn(p.s, p.t)
    assert p.all_used()
    assert p.s.evacuated == 1  # one step for the first, the other five take the second to the site


def test_a_monster_breaking_in_wrecks_only_from_a_cardinal_neighbour():
    """With monsters allowed onto evac sites, the way in to the walled-in meeple walks over the site (one move);
    the glutton must not plan to wreck the site from the square diagonal to it (the rules allow cardinal
    neighbours only), and every option it takes is one the engine lists."""
    p = Position(["Mvvvvvv", "vE..vvv", "vv..rrr", "vvvvrmr", "vvvvrrr", "vvvvvvv"], players=2,
                 monster_enters_evac_site=True)
    p.seat(0, GLUTTON, 0.0)
    p.s.moves = 6
    while p.s.moves > 0 and p.s.on_board > 0:
        code = P.monster_move(p.s, p.t, 0)
        what, square, _ = option_fields(code)
        if what == END:
            break
        legal = {(w, q) for w, q, _ in p.options(E.monster_options(p.s, p.t, 0))}
        assert (what, square) in legal
        E.monster_acts(p.s, p.t, 0, code)
    assert p.s.eaten[0] == 1
    assert list(p.s.destroyed[0]) == [1, 0, 0, 0]  # a red wall; the evac site was walked over


def test_a_wrecker_eats_the_meal_next_door_that_repays_its_step_before_it_wrecks():
    """A roll of 1 beside a red and a meeple: eating it leaves 1 - 1 + 2 = 2 moves, enough to destroy the same
    red (now north of it) with one to spare; wrecking first would end the turn with the meeple left."""
    p = Position(["~~~~~~", "~Mr...", "~~m..E", "~~~..m", "M~~~~~"])
    p.seat(0, WRECKER, 0.5, 1.0)
    p.dice(1)
    E.monster_turn(p.s, p.t, 0)
    assert p.all_used()
    assert p.s.eaten[0] == 1 and list(p.s.destroyed[0]) == [1, 0, 0, 0]


def test_a_meal_two_squares_off_that_only_repays_the_walk_there_is_no_free_meal():
    """A roll of 2 beside a red, a meeple 2 squares off: its 2 bonus moves repay the walk there but not the way
    back, so it is valued per move walked (0.5 meeples a move against 1 building a move): the wrecker wrecks
    the red first.  Eating only meals that repay the walk there and back keeps the wrecker a wrecker."""
    p = Position(["~~~~~~~", "~M.m...", "~r.....", "~.....E", "~~....m"], players=2)
    p.seat(0, WRECKER, 0.5, 1.0)
    p.dice(2)
    E.monster_turn(p.s, p.t, 0)
    assert p.all_used()
    assert list(p.s.destroyed[0]) == [1, 0, 0, 0] and p.s.structure[p.cell(2, 1)] < 0


def test_with_nothing_in_reach_a_wrecker_walks_towards_the_fewest_moves_walking_and_wrecking():
    """A roll of 1 pays for neither building: the blue is 1 step and 3 moves away (4), the orange 2 steps and 1
    move (3).  The wrecker steps towards the orange, not to the nearer blue."""
    p = Position(["~~~~~~~~~", "~b.M..o..", "~........", "E.......m"], players=2)
    p.seat(0, WRECKER, 0.5, 1.0)
    p.dice(1)
    E.monster_turn(p.s, p.t, 0)
    assert p.all_used() and p.s.destroyed[0].sum() == 0
    assert (p.s.monster_cell[0] - p.cell(0, 0)) % (p.width + 2) == 4  # column 4, one step east


def test_a_monster_without_bonus_moves_does_not_detour_for_a_meal():
    """With no moves given back for a meal (bonus_moves_per_meeple = 0), the wrecker takes the red next door."""
    p = Position(["~~~~~~", "~Mr...", "~~m..E", "~~~..m", "M~~~~~"], bonus_moves_per_meeple=0)
    p.seat(0, WRECKER, 0.5, 1.0)
    p.dice(1)
    E.monster_turn(p.s, p.t, 0)
    assert p.s.eaten[0] == 0 and p.s.destroyed[0].sum() == 1


def test_a_monster_behind_on_buildings_spares_the_last_meeple_and_wrecks_on():
    """'The game ends when all Meeple are removed from the board', and then the monster with the most buildings wins:
    eating the last meeple while the other monster leads 1 to 0 would hand it the game.  The glutton leaves the
    meeple next door and wrecks the red four moves off (walking round the meeple, not through it); leading, it eats
    the meeple and ends the game."""
    rows = ["~~~~~~~~", "~Mm..r..", "~......E", "M~~~~~~~"]
    behind = Position(rows)
    behind.seat(0, GLUTTON, 0.2)
    behind.s.destroyed[1, RED_ORANGE] = 1
    behind.dice(4)
    E.monster_turn(behind.s, behind.t, 0)
    assert behind.all_used()
    assert behind.s.eaten[0] == 0 and behind.s.on_board == 1 and list(behind.s.destroyed[0]) == [1, 0, 0, 0]
    ahead = Position(rows)
    ahead.seat(0, GLUTTON, 0.2)
    ahead.s.destroyed[0, RED_ORANGE] = 2
    ahead.s.destroyed[1, RED_ORANGE] = 1
    ahead.dice(4)
    E.monster_turn(ahead.s, ahead.t, 0)
    assert ahead.s.eaten[0] == 1 and ahead.s.on_board == 0


def test_once_the_human_cannot_win_a_monster_behind_on_buildings_wrecks_rather_than_eats():
    """Two meeples are left, none evacuated, and the monsters ate 2: the human can at best tie, so it has lost, and
    the monster with the most buildings wins.  The glutton is behind 0 to 1: the meeple two squares off gives back
    only the walk there, so a player wrecks the red next door.  With one meeple fewer eaten the human could still
    win (2 to 1), and the glutton eats as it always does; so does a glutton ahead 1 to 0, whose meals bring nearer
    the end that hands it the game."""
    rows = ["~~~~~~~~~~", "~Mr.......", "~~......E.", "~~~m.....y", "M~~~~....m"]
    for eaten_by_other, glutton_reds, other_reds, eats in ((2, 0, 1, 0), (1, 0, 1, 1), (2, 1, 0, 1)):
        p = Position(rows)
        p.seat(0, GLUTTON, 0.2)
        p.s.destroyed[0, RED_ORANGE] = glutton_reds
        p.s.destroyed[1, RED_ORANGE] = other_reds
        p.s.eaten[1] = eaten_by_other
        p.dice(2)
        E.monster_turn(p.s, p.t, 0)
        assert p.all_used()
        assert p.s.eaten[0] == eats, (eaten_by_other, glutton_reds, other_reds)
        if not eats:
            assert list(p.s.destroyed[0]) == [1, 0, 0, 0] and p.s.on_board == 2


def test_once_the_human_cannot_win_a_monster_tied_on_buildings_spares_the_last_meeple():
    """A tie on buildings is no win: with the human out of the race (the last meeple left, one eaten), the glutton,
    tied 1 to 1, leaves the meeple next door, whose meal would end the game in a tie, and wrecks the red four moves
    off."""
    p = Position(["~~~~~~~~", "~Mm..r..", "~......E", "M~~~~~~~"])
    p.seat(0, GLUTTON, 0.2)
    p.s.destroyed[0, RED_ORANGE] = 1
    p.s.destroyed[1, RED_ORANGE] = 1
    p.s.eaten[1] = 1
    p.dice(4)
    E.monster_turn(p.s, p.t, 0)
    assert p.all_used()
    assert p.s.eaten[0] == 0 and p.s.on_board == 1 and list(p.s.destroyed[0]) == [2, 0, 0, 0]


def test_every_move_a_scripted_policy_takes_is_one_the_rules_list():
    """The engine lists no options for a scripted move (``engine.decide_move``), so it trusts the policy: whole
    games of every scripted policy under several rule options, each move checked against the engine's list
    (interpreted, where each move can be checked; ``legal_check``); and the routes the human's policies keep up
    to date as buildings fall and sites go and come, checked against routes worked out afresh."""
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1"}
    done = subprocess.run([sys.executable, "-W", "ignore", "-m", "tests.games.angry_monsters.legal_check", "2"],
                          env=env, capture_output=True, text=True, cwd=Path(__file__).parents[3])
    assert done.returncode == 0, done.stderr[-2000:]
    moves, routes = map(int, done.stdout.split())
    assert moves > 3000 and routes > 150  # boards walked (about 4,000 moves and 190 route maps)
