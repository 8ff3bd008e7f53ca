"""Pig, the folk dice game (Neller & Presser 2004): the smallest real game with exactly known answers.

On a turn a player rolls a die as often as they like, adding the faces to a turn total.  Rolling
the bust face (1) ends the turn with nothing; holding banks the turn total.  The first player to
bank the target score (100) wins.  Seat 1 plays first.

Assumptions: the turn cap (``max_turns``) is ours; the rules have none because a game ends.
"""

import numpy as np

from balance.games.pig import engine, replay
from balance.games.pig.optimal import MAX_TARGET, optimal_tables
from balance.games.pig.policies import CATCH_UP, HOLD_AT, OPTIMAL, RANDOM
from balance.games.pig.rules import TABLES, Rules
from balance.registry import GameSpec, Param, Policy, Timeline, broken_invariants, engine_parts, register

THRESHOLD = Param("threshold", 20, 1, 1000, "Hold when the turn total reaches this")

POLICIES = (
    Policy("random", RANDOM, "Roll or hold with equal chance at every decision"),
    Policy("hold", HOLD_AT, "Hold when the turn total reaches the threshold, or when holding wins", (THRESHOLD,)),
    Policy("catch_up", CATCH_UP,
           "Hold at a threshold that grows with how far the seat is behind the leading rival",
           (THRESHOLD, Param("per_point_behind", 0.25, 0, 10, "Added to the threshold per point behind"))),
    Policy("optimal", OPTIMAL,
           "The exactly optimal two-player policy (value iteration); with more players it plays "
           "against the leading rival as if they were the only one"),
)


def optimal_table(rules: Rules, players: int, seat_policy: np.ndarray) -> tuple:
    """The optimal policy's roll-or-hold table (target**3 entries: passed beside the rules record)."""
    if OPTIMAL in seat_policy:
        return (optimal_tables(rules.target_score, rules.die_sides, rules.bust_face, rules.roll_before_holding)[1],)
    return (np.zeros((1, 1, 1), np.uint8),)


def check(rules: Rules, players: int, policies: list[str]) -> list[str]:
    if "optimal" in policies and rules.target_score > MAX_TARGET:
        return [f"policy 'optimal' needs rules.target_score <= {MAX_TARGET} (its table has target^3 entries)"]
    return []


def invariants(games, scenario) -> list[str]:
    """What every finished game of Pig must show in its record."""
    import polars as pl

    n, target = scenario.players, scenario.rules.target_score
    scores = [pl.col(f"score_{s}") for s in range(1, n + 1)]
    winner_score = pl.coalesce(*[pl.when(pl.col("winner") == s).then(scores[s - 1]) for s in range(1, n + 1)])
    checks = {
        "the winner banked the target": (pl.col("winner") < 1) | (winner_score >= target),
        "only the winner reached the target": pl.sum_horizontal(*[(c >= target).cast(pl.Int32) for c in scores])
        == (pl.col("winner") >= 1).cast(pl.Int32),
        "a winner unless the turn cap was hit": (pl.col("winner") >= 1) | (pl.col("end_reason") == "timeout"),
        "busts never exceed rolls": pl.all_horizontal(*[pl.col(f"busts_{s}") <= pl.col(f"rolls_{s}")
                                                        for s in range(1, n + 1)]),
        "scores are banked turn totals, never negative": pl.all_horizontal(*[c >= 0 for c in scores]),
    }
    return broken_invariants(games, checks)


SPEC = register(GameSpec(
    id="pig",
    name="Pig",
    min_players=2,
    max_players=6,
    rules_cls=Rules,
    policies=POLICIES,
    tables=TABLES,
    **engine_parts(engine),
    extra_tables=optimal_table,
    describe=replay.describe,
    check=check,
    invariants=invariants,
    seat_columns=engine.SEAT_COLUMNS,
    column_labels={"busts": "turns busted", "rolls": "dice rolled"},
    default_policy="hold",
    bench_policy="hold",
    batch_games=500_000,
    timeline=Timeline("round", "a round is every player's turn, seat 1 first; a game ends on the turn a "
                               "player reaches the target, so its last round may be cut short", seat_turns=True),
    description=__doc__.split("\n")[0],
))
