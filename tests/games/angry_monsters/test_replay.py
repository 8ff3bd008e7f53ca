"""The replay of an Angry Monsters game: the engine logs every rule point, and the lines say it in the rules' words.

Two kinds of test: a hand-drawn position played in the logged state, whose events and lines are known; and
whole games, whose events, played back on the starting board, must leave the board the engine left.
"""

import numpy as np
import pytest

from balance.games.angry_monsters import engine as E
from balance.games.angry_monsters import replay
from balance.games.angry_monsters.board import EVAC
from balance.games.angry_monsters.decisions import END, STEP, WRECK
from balance.games.angry_monsters.policies import NEAREST_EXIT, RANDOM
from balance.kit.log import events
from balance.scenario import from_dict
from balance.sim.replay import play_logged
from tests.games.angry_monsters.helpers import Position

SEATS = ["Seat 1 (glutton)", "Seat 2 (nearest_exit)"]


def turn_told(p, seat):
    """The events of the turn just played (after the set-up's), and its line, as the replay tells it."""
    logged = events(p.s)
    start = max(i for i, e in enumerate(logged) if e[0] == E.MONSTER_STARTS) + 1
    lines, _ = replay.tell(logged[:start] + [(E.TURN, 1, seat, 0, 0)] + logged[start:], SEATS, p.rules)
    return logged[start:], lines[-1]


def test_a_monster_turn_is_told_roll_walk_meal_wreck_and_stop():
    p = Position(["~~~~~~", "~M.mr.", "~~~.mE"], players=2)  # a meeple left: the turn goes on
    p.seat(0, RANDOM)
    p.dice(3)
    p.choices((STEP, p.cell(1, 2)), (STEP, p.cell(1, 3)), (WRECK, p.cell(1, 4)), (END, -1))
    E.monster_turn(p.s, p.t, 0)
    assert p.all_used()
    logged, line = turn_told(p, 0)
    assert logged == [(E.MONSTER_ROLLS, 0, 3, 0, 0), (E.MONSTER_STEPS, 0, p.cell(1, 2), 1, 0),
                      (E.MONSTER_STEPS, 0, p.cell(1, 3), 1, 0), (E.EATS, 0, p.cell(1, 3), 1, 2),
                      (E.DESTROYS, 0, p.cell(1, 4), 0, 1), (E.MONSTER_STOPS, 0, 2, 0, 0)]
    assert line == ("Round 1 — Seat 1 (glutton) rolls a 3: walks 2 squares to (2,4), eats a meeple "
                    "(+2 moves); destroys the red building at (2,5) (1 move); stops with 2 moves unused")


def test_the_humans_turn_is_told_dice_steps_and_evacuation():
    p = Position(["M~~~~", "~~m.E"], players=2)
    p.seat(1, NEAREST_EXIT, 1.0, 0.5)
    p.dice(1, 1)
    E.human_turn(p.s, p.t)
    assert p.all_used()
    logged, line = turn_told(p, 1)
    assert logged == [(E.HUMAN_ROLLS, 1, 0, 0, 0), (E.HUMAN_ROLLS, 1, 0, 0, 0),
                      (E.MEEPLE_MOVES, p.cell(1, 2), p.cell(1, 3), 1, 0),
                      (E.MEEPLE_MOVES, p.cell(1, 3), p.cell(1, 4), 1, 0), (E.EVACUATES, p.cell(1, 4), 0, 0, 0)]
    assert line == "Round 1 — the human, Seat 2 (nearest_exit), rolls 1 + 1 = 2: a meeple (2,3) to (2,5) " \
                   "(2 squares), evacuated"


def two_evacuated(rows, *dice):
    """The nearest-exit human's turn on ``rows`` with ``dice``, which evacuates two meeples: the position, the
    events logged and the line told."""
    p = Position(rows, players=2)
    p.seat(1, NEAREST_EXIT, 1.0, 0.5)
    p.dice(*dice)
    E.human_turn(p.s, p.t)
    assert p.all_used() and p.s.evacuated == 2
    return (p, *turn_told(p, 1))


def test_a_turn_that_evacuates_several_meeples_says_how_many_at_each_site():
    p, logged, line = two_evacuated(["M~~~~", "~~mmE"], 2, 1)
    assert [e for e in logged if e[0] == E.EVACUATES] == [(E.EVACUATES, p.cell(1, 4), 0, 0, 0)] * 2
    assert line.startswith("Round 1 — the human, Seat 2 (nearest_exit), rolls 2 + 1 = 3: ")
    assert line.endswith("; in all the human evacuates 2 meeples at the evac site (2,5)")


def test_a_turn_that_evacuates_at_several_sites_lists_them():
    _, _, line = two_evacuated(["M~~~~~", "~~EmmE"], 1, 1)
    assert line.endswith(("; in all the human evacuates 2 meeples: 1 at (2,3), 1 at (2,6)",
                          "; in all the human evacuates 2 meeples: 1 at (2,6), 1 at (2,3)"))


def test_a_replaced_evac_site_is_told_with_the_meeples_put_back():
    p = Position(["M~~~~~", "~~....", "~~.E.m", "~~...."], players=2)
    E.destroy(p.s, p.t, 0, p.cell(2, 3))
    p.s.evacuated = 3
    p.seat(1, NEAREST_EXIT, 1.0, 0.5)
    assert E.human_replaces(p.s, p.t)
    logged, line = turn_told(p, 1)
    site = int(np.flatnonzero(p.s.structure[:p.t.n_cells] == EVAC)[0])
    back = [e[1] for e in logged if e[0] == E.PUTS_BACK]
    assert logged[0] == (E.REPLACES, -1, site, 3, 0) and len(back) == 3 and len(logged) == 4
    board = replay.Board(p.rules, 1)
    assert line == (f"Round 1 — the human, Seat 2 (nearest_exit), replaces an evac site: puts it on "
                    f"{board.square(site)}; puts back 3 evacuated meeples at {', '.join(map(board.square, back))}")


GAMES = [
    ({}, ("random", "random", "random")),
    ({}, ("glutton", "wrecker", "nearest_exit")),
    ({}, ("wrecker", "wrecker", "random")),  # evac sites destroyed and replaced
    ({"board_source": "generated_each_game"}, ("blockade", "blockade", "flee")),
    ({"replace_evac_site": "any_site", "put_back_on": "any_square", "monster_crossing_cost": 2},
     ("random", "blockade", "flee")),
    ({"board_source": "generated_fixed", "meeples_per_square": 3, "generator.meeple_spread": "random"},
     ("glutton", "random", "random")),
]


@pytest.mark.parametrize("rules, lineup", GAMES)
def test_the_events_of_a_game_leave_the_board_the_engine_left(rules, lineup):
    """Every change to the board is logged: the events played on the starting board end where the game did."""
    sc = from_dict({"game": "angry-monsters", "players": 3, "seed": 4, "rules": rules,
                    "seats": [{"policy": p} for p in lineup]})
    seats = [f"Seat {k + 1} ({p})" for k, p in enumerate(lineup)]
    told = {"replaced": 0, "eaten": 0, "wrecked": 0}
    for game in range(8):
        s, t, _, _, (winner, reason, rounds) = play_logged(sc, game)
        logged = events(s)
        lines, board = replay.tell(logged, seats, sc.rules)
        n = t.n_cells
        assert np.array_equal(board.structure[:n], s.structure[:n])
        assert np.array_equal(board.meeples[:n], s.meeple_count[:n])
        assert board.monster == list(s.monster_cell[:2])
        assert sum(1 for line in lines if line.startswith("Round ")) == s.turns
        end = next(line for line in lines if line.startswith(("No meeple", "The game stops")))
        assert (f"{seats[winner]} wins" in end) == (winner >= 0)
        for kind, key in ((E.REPLACES, "replaced"), (E.EATS, "eaten"), (E.DESTROYS, "wrecked")):
            told[key] += sum(1 for e in logged if e[0] == kind)
    if lineup == ("wrecker", "wrecker", "random"):
        assert told["replaced"] > 0  # the test saw evac sites replaced
    assert told["eaten"] > 0 and told["wrecked"] > 0
