"""Pig's rules, one position at a time.

Dice are drawn from the kernel's generator; ``rng_rolling`` finds a generator state whose next
rolls are the faces a test needs, so each test sets up an exact sequence of rolls.
"""

import numpy as np

from balance.games.pig import engine
from balance.games.pig.optimal import optimal_tables
from balance.games.pig.policies import CATCH_UP, HOLD, HOLD_OPTION, OPTIMAL, RANDOM, ROLL, choose
from balance.games.pig.state import new_state, reset
from balance.sim.dice import new_rng
from balance.sim.record import N_COMMON
from tests.conftest import rng_rolling

NO_TABLE = np.zeros((1, 1, 1), np.uint8)


def turn(policy, rng, mine=0, rival=0, threshold=20.0, per_point=0.0, target=100, roll_first=True,
         optimal=NO_TABLE):
    return engine.play_turn(policy, threshold, per_point, mine, rival, target, 6, 1, roll_first, optimal, rng)


def test_rolling_the_bust_face_ends_the_turn_with_nothing():
    points, rolls, busted = turn(HOLD, rng_rolling(6, 5, 1), threshold=20)
    assert (points, rolls, busted) == (0, 3, True)


def test_holding_banks_the_turn_total():
    points, rolls, busted = turn(HOLD, rng_rolling(6, 5, 4), threshold=10)
    assert (points, rolls, busted) == (11, 2, False)


def test_a_turn_starts_with_a_roll():
    # threshold 1 would hold on any total, but a turn total of 0 may not be held
    points, rolls, busted = turn(HOLD, rng_rolling(3, 6), threshold=1)
    assert (points, rolls, busted) == (3, 1, False)


def test_holding_at_zero_is_legal_when_the_rule_is_switched_off():
    points, rolls, busted = turn(HOLD, rng_rolling(3), threshold=0, roll_first=False)
    assert (points, rolls, busted) == (0, 0, False)


def test_hold_policy_holds_when_holding_wins():
    points, rolls, _ = turn(HOLD, rng_rolling(6, 6), mine=95, threshold=20)
    assert (points, rolls) == (6, 1)


def test_catch_up_raises_the_threshold_by_the_points_behind():
    rng = new_rng(np.random.SeedSequence(0))
    # 40 behind at 0.25 per point: hold at 20 + 10 = 30
    assert choose(CATCH_UP, 20.0, 0.25, 10, 50, 29, 100, NO_TABLE, rng) == ROLL
    assert choose(CATCH_UP, 20.0, 0.25, 10, 50, 30, 100, NO_TABLE, rng) == HOLD_OPTION
    # ahead: the plain threshold
    assert choose(CATCH_UP, 20.0, 0.25, 60, 50, 20, 100, NO_TABLE, rng) == HOLD_OPTION


def test_optimal_policy_follows_the_value_iteration_table():
    win, roll = optimal_tables(100, 6, 1, True)
    rng = new_rng(np.random.SeedSequence(0))
    for mine, rival, total in [(0, 0, 10), (0, 0, 30), (50, 90, 25), (90, 10, 5)]:
        expected = ROLL if roll[mine, rival, total] else HOLD_OPTION
        assert choose(OPTIMAL, 0.0, 0.0, mine, rival, total, 100, roll, rng) == expected
    # A turn total of 0 is never held; one roll from the target it rolls (5 in 6 to win at once).
    assert roll[:, :, 0].all()
    assert roll[95, 10, 4] == 1


def test_random_policy_rolls_and_holds_about_equally():
    rng = new_rng(np.random.SeedSequence(1))
    picks = [choose(RANDOM, 0.0, 0.0, 0, 0, 5, 100, NO_TABLE, rng) for _ in range(4000)]
    assert 0.45 < np.mean(picks) < 0.55


def play_one(policies, rng, target=100, max_turns=1000, n=2):
    state = new_state(n)
    reset(state)
    params = np.array([[20.0, 0.0]] * n)
    result = engine.play_game(state, n, np.array(policies), params, target, 6, 1, True, max_turns, NO_TABLE, rng)
    return result, state


def test_first_to_reach_the_target_wins_and_the_game_stops():
    (winner, reason, turns), state = play_one([HOLD, HOLD], new_rng(np.random.SeedSequence(3)))
    assert reason == engine.REACHED_TARGET
    assert state.scores[winner] >= 100
    assert state.scores[1 - winner] < 100
    # seat 0 plays turns 1, 3, 5, ...: the winner played the last turn
    assert (turns % 2 == 1) == (winner == 0)


def test_the_turn_cap_ends_the_game_as_a_timeout():
    (winner, reason, turns), state = play_one([HOLD, HOLD], new_rng(np.random.SeedSequence(3)), max_turns=4)
    assert (winner, reason, turns) == (-1, engine.TIMEOUT, 4)
    assert state.scores.max() < 100


def test_batch_records_busts_and_rolls_per_seat():
    rng = new_rng(np.random.SeedSequence(5))
    lineup = np.array([[0, 1]] * 50)
    rec = engine.play_batch(50, lineup, np.array([HOLD, HOLD]), np.array([[20.0, 0.0]] * 2), 100, 6, 1, True,
                            1000, NO_TABLE, rng)
    n = 2
    busts = rec[:, N_COMMON + 2 * n: N_COMMON + 3 * n]
    rolls = rec[:, N_COMMON + 3 * n: N_COMMON + 4 * n]
    assert (rolls >= busts).all() and (rolls > 0).all()
    # every point banked needs a roll: at most 6 points per roll that was not a bust
    scores = rec[:, N_COMMON: N_COMMON + n]
    assert (scores <= 6 * (rolls - busts)).all()


def test_bust_face_and_die_size_are_rules():
    # a 2-sided die that busts on 2: every non-bust roll scores exactly 1
    rng = rng_rolling(1, 1, 2, sides=2)
    points, rolls, busted = engine.play_turn(HOLD, 5.0, 0.0, 0, 0, 100, 2, 2, True, NO_TABLE, rng)
    assert (points, rolls, busted) == (0, 3, True)
