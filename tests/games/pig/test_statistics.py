"""Pig's simulated win rates against exact values.

Exact values: ``exact.py`` (dynamic programming over hold-at-threshold turns) and Neller & Presser
(2004), who report that the optimal first player wins 53.06% of games against an optimal opponent.
Tolerance: the simulated rate must lie within 4 standard errors of the exact value (a false alarm
about once in 16,000 runs); CI plays the smaller sample, BALANCE_FULL_STATS=1 the larger.
"""

import math

import pytest

from balance.games.pig.optimal import optimal_tables
from balance.scenario import from_dict
from balance.sim.batch import play
from tests.conftest import FULL_STATS
from tests.games.pig.exact import hold_game, hold_win_probability

GAMES = 2_000_000 if FULL_STATS else 200_000
SEED = 20_261_129


def scenario(seats, players=2, **rules):
    return from_dict({"game": "pig", "players": players, "games": GAMES, "seed": SEED, "rules": rules,
                      "seats": seats})


def first_seat_win_rate(sc) -> float:
    frame = play(sc, batch=0, first_game=0, n_games=GAMES)
    return (frame["winner"] == 1).mean()


def assert_close(rate: float, exact: float, n: int = GAMES, sigmas: float = 4.0):
    se = math.sqrt(exact * (1 - exact) / n)
    assert abs(rate - exact) < sigmas * se, f"{rate:.5f} vs exact {exact:.5f} (±{sigmas * se:.5f})"


def test_exact_dp_matches_neller_presser_hold_20():
    # Independent check of the DP itself: two hold-at-20 players, first player wins 53.47%.
    assert hold_win_probability(20, 20) == pytest.approx(0.5347, abs=1e-4)


def test_the_seat_by_seat_dp_agrees_with_the_two_player_dp():
    # hold_game (any number of seats, each bust cycle solved in closed form) against hold_win_probability
    # (two players, the pair of positions solved together): two derivations of the same numbers
    for first, second in [(20, 20), (25, 20), (15, 30)]:
        wins, _ = hold_game((first, second))
        assert wins == pytest.approx([hold_win_probability(first, second), 1 - hold_win_probability(first, second)],
                                     abs=1e-12)


@pytest.mark.parametrize("first, second", [(20, 20), (25, 20), (15, 30)])
def test_hold_players_win_as_often_as_the_exact_value(first, second):
    sc = scenario([{"policy": "hold", "params": {"threshold": first}},
                   {"policy": "hold", "params": {"threshold": second}}])
    assert_close(first_seat_win_rate(sc), hold_win_probability(first, second))


def test_smaller_target_changes_the_first_player_edge_exactly():
    sc = scenario([{"policy": "hold"}, {"policy": "hold"}], target_score=50)
    assert_close(first_seat_win_rate(sc), hold_win_probability(20, 20, target=50))


def test_optimal_value_iteration_reproduces_the_published_value():
    win, _ = optimal_tables(100, 6, 1, True)
    assert win[0, 0, 0] == pytest.approx(0.5306, abs=5e-5)


def test_optimal_against_itself_wins_as_often_as_its_value():
    sc = scenario([{"policy": "optimal"}, {"policy": "optimal"}])
    assert_close(first_seat_win_rate(sc), optimal_tables(100, 6, 1, True)[0][0, 0, 0])
