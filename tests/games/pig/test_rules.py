"""Pig's rules, one position at a time, with scripted dice (``balance.kit.script``)."""

import numpy as np
import pytest

from balance.games.pig import SPEC, engine
from balance.games.pig.decisions import HOLD, ROLL, leading_rival
from balance.games.pig.optimal import optimal_tables
from balance.games.pig.policies import CATCH_UP, HOLD_AT, OPTIMAL, RANDOM, choose
from balance.games.pig.rules import TABLES, Rules
from balance.games.pig.state import reset
from balance.kit.columns import new_timelines
from balance.kit.log import events
from balance.kit.rng import new_rng
from balance.kit.script import script_choices, script_dice, script_used
from balance.sim.batch import lineup

NO_TABLE = np.zeros((1, 1, 1), np.uint8)


def position(policy=HOLD_AT, threshold=20.0, per_point=0.0, scores=(0, 0), seed=0, **rules):
    """A scripted state at the start of seat 1's turn, and the tables."""
    t = TABLES.python(Rules(**rules), len(scores))
    s = engine.LAYOUT.new(traced=True)
    reset(s, len(scores))
    s.scores[: len(scores)] = scores
    s.policies.id[: len(scores)] = policy
    s.policies.param[: len(scores)] = threshold, per_point
    s.rng[:] = new_rng(np.random.SeedSequence(seed))
    s.policies.rng[:] = new_rng(np.random.SeedSequence(seed + 1))
    return s, t


def turn(s, t, optimal=NO_TABLE):
    return tuple(engine.play_turn(s, t, 0, optimal))


def test_rolling_the_bust_face_ends_the_turn_with_nothing():
    s, t = position(threshold=20)
    script_dice(s, 6, 5, 1)
    assert turn(s, t) == (0, 3, True) and script_used(s)


def test_holding_banks_the_turn_total():
    s, t = position(threshold=10)
    script_dice(s, 6, 5)
    assert turn(s, t) == (11, 2, False) and script_used(s)


def test_a_turn_starts_with_a_roll():
    s, t = position(threshold=1)  # would hold on any total, but a turn total of 0 may not be held
    script_dice(s, 3)
    assert turn(s, t) == (3, 1, False) and script_used(s)


def test_holding_at_zero_is_legal_when_the_rule_is_switched_off():
    s, t = position(threshold=0, roll_before_holding=False)
    assert turn(s, t) == (0, 0, False)


def test_hold_policy_holds_when_holding_wins():
    s, t = position(threshold=20, scores=(95, 0))
    script_dice(s, 6)
    assert turn(s, t) == (6, 1, False) and script_used(s)


def test_a_scripted_choice_overrides_the_policy():
    s, t = position(threshold=100)
    script_dice(s, 4, 4)
    script_choices(s, ROLL, HOLD)  # asked after the first roll and after the second
    assert turn(s, t) == (8, 2, False) and script_used(s)
    s, t = position(threshold=5)  # the policy would hold at 8: the script rolls on (its first option too)
    script_dice(s, 4, 4, 4)
    script_choices(s, ROLL, ROLL, HOLD)
    assert turn(s, t) == (12, 3, False) and script_used(s)


def test_each_policy_plays_its_own_turn():
    """A turn of 2s, 40 points behind: hold at 20 holds at 20, catch-up (0.25 a point behind) at 30, optimal where
    its table first says hold, random at its coin's first hold (the same coins, drawn here afresh); four different
    holds, so that a policy playing another's turn fails."""
    table = optimal_tables(100, 6, 1, True)[1]
    coins, _ = position(seed=5)
    holds = {HOLD_AT: 20, CATCH_UP: 30, OPTIMAL: next(total for total in range(2, 90, 2) if not table[10, 50, total]),
             RANDOM: next(total for total in range(2, 100, 2)
                          if choose(coins, RANDOM, 0.0, 0.0, 10, 50, total, 100, NO_TABLE) == HOLD)}
    assert len(set(holds.values())) == 4, holds
    for policy, held_at in holds.items():
        s, t = position(policy=policy, threshold=20, per_point=0.25, scores=(10, 50), seed=5)
        script_dice(s, *[2] * 50)
        assert turn(s, t, table) == (held_at, held_at // 2, False), policy


def test_the_replay_tells_each_roll_then_the_hold_or_the_bust():
    s, t = position(threshold=10)
    script_dice(s, 6, 5)
    turn(s, t)
    s2, _ = position(threshold=10)
    script_dice(s2, 3, 1)
    turn(s2, t)
    assert events(s) == [(engine.ROLLED, 6, 0, 0, 0), (engine.ROLLED, 5, 0, 0, 0), (engine.HELD, 11, 11, 0, 0)]
    assert events(s2) == [(engine.ROLLED, 3, 0, 0, 0), (engine.ROLLED, 1, 0, 0, 0), (engine.BUSTED, 3, 0, 0, 0)]


def test_catch_up_raises_the_threshold_by_the_points_behind():
    s, _ = position()
    # 40 behind at 0.25 per point: hold at 20 + 10 = 30
    assert choose(s, CATCH_UP, 20.0, 0.25, 10, 50, 29, 100, NO_TABLE) == ROLL
    assert choose(s, CATCH_UP, 20.0, 0.25, 10, 50, 30, 100, NO_TABLE) == HOLD
    # ahead: the plain threshold
    assert choose(s, CATCH_UP, 20.0, 0.25, 60, 50, 20, 100, NO_TABLE) == HOLD


def test_optimal_policy_follows_the_value_iteration_table():
    win, roll = optimal_tables(100, 6, 1, True)
    s, _ = position()
    for mine, rival, total in [(0, 0, 10), (0, 0, 30), (50, 90, 25), (90, 10, 5)]:
        expected = ROLL if roll[mine, rival, total] else HOLD
        assert choose(s, OPTIMAL, 0.0, 0.0, mine, rival, total, 100, roll) == expected
    # A turn total of 0 is never held; one roll from the target it rolls (5 in 6 to win at once).
    assert roll[:, :, 0].all()
    assert roll[95, 10, 4] == 1


def test_random_policy_rolls_and_holds_about_equally():
    s, _ = position(seed=1)
    picks = [choose(s, RANDOM, 0.0, 0.0, 0, 0, 5, 100, NO_TABLE) for _ in range(4000)]
    assert 0.45 < np.mean(picks) < 0.55  # 4000 draws: sd 0.008


def play_one(seed, max_turns=1000):
    s, t = position(seed=seed, max_turns=max_turns)
    return engine.play_game(s, t, NO_TABLE), s


def test_first_to_reach_the_target_wins_and_the_game_stops():
    (winner, reason, turns), s = play_one(3)
    assert reason == engine.REACHED_TARGET
    assert s.scores[winner] >= 100
    assert s.scores[1 - winner] < 100
    # seat 1 plays turns 1, 3, 5, ...: the winner played the last turn
    assert (turns % 2 == 1) == (winner == 0)


def test_the_turn_cap_ends_the_game_as_a_timeout():
    (winner, reason, turns), s = play_one(3, max_turns=4)
    assert (winner, reason, turns) == (-1, engine.TIMEOUT, 4)
    assert s.scores.max() < 100


def test_batch_records_busts_and_rolls_per_seat():
    n, games = 2, 50
    tables, columns = TABLES.build(Rules(), n), SPEC.column_index(n)
    rec = engine.play_batch(games, 0, lineup(n, 0, games, False), np.array([HOLD_AT, HOLD_AT]),
                            np.array([[20.0, 0.0]] * 2), tables, columns, np.arange(4, dtype=np.uint64), 0,
                            new_timelines(0, SPEC.max_players), NO_TABLE)
    names = SPEC.columns(n)
    column = {name: rec[:, names.index(name)] for name in names}
    for p in (1, 2):
        busts, rolls, score = column[f"busts_{p}"], column[f"rolls_{p}"], column[f"score_{p}"]
        assert (rolls >= busts).all() and (rolls > 0).all()
        # every point banked needs a roll: at most 6 points per roll that was not a bust
        assert (score <= 6 * (rolls - busts)).all()


def test_bust_face_and_die_size_are_rules():
    # a 2-sided die that busts on 2: every non-bust roll scores exactly 1
    s, t = position(threshold=5, die_sides=2, bust_face=2)
    script_dice(s, 1, 1, 2)
    assert turn(s, t) == (0, 3, True)


@pytest.mark.parametrize("sides", [2, 6, 13])
def test_unscripted_dice_show_every_face_of_the_die(sides):
    s, t = position(die_sides=sides, bust_face=sides)
    faces = {int(engine.roll(s, sides)) for _ in range(2000)}
    assert faces == set(range(1, sides + 1))


def test_reaching_the_target_exactly_holds_and_wins():
    """'The first player to bank the target score wins': a turn total that brings the banked score exactly to
    the target is held (holding wins), and the game ends at once with that player the winner."""
    s, t = position(threshold=100, target_score=4)
    script_dice(s, 2, 2)
    winner, reason, turns = engine.play_game(s, t, NO_TABLE)
    assert (winner, reason, turns) == (0, engine.REACHED_TARGET, 1)
    assert s.scores[0] == 4 and script_used(s)


def test_the_turn_cap_plays_exactly_max_turns_turns():
    """rules.max_turns turns are played, no fewer: four turns of one roll of 2 each, held at once."""
    s, t = position(threshold=2, max_turns=4)
    script_dice(s, 2, 2, 2, 2)
    assert engine.play_game(s, t, NO_TABLE) == (-1, engine.TIMEOUT, 4)
    assert tuple(s.scores[:2]) == (4, 4) and tuple(s.rolls[:2]) == (2, 2) and script_used(s)


def test_the_leading_rival_is_the_best_score_of_the_other_seats():
    """What the catch-up and optimal strategies read: a seat in the lead compares itself with the next best."""
    scores = np.array([50, 10, 30])
    assert leading_rival(scores, 3, 0) == 30
    assert leading_rival(scores, 3, 2) == 50
