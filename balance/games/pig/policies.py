"""Pig strategies.  Every game state in Pig is public, so a policy may read all scores.

The decision is ROLL_OR_HOLD, asked before every roll but the first of a turn; its options are
ROLL and HOLD.  ``choose`` is inlined into one compiled turn loop per policy (see
``engine.play_turn``), so a policy costs no dispatch inside the loop.
"""

from balance.sim.kernel import jit_inline
from balance.sim.record import pick_random

RANDOM, HOLD, CATCH_UP, OPTIMAL = 0, 1, 2, 3
ROLL, HOLD_OPTION = 0, 1


@jit_inline
def leading_rival(scores, n, me):
    best = 0
    for s in range(n):
        if s != me and scores[s] > best:
            best = scores[s]
    return best


@jit_inline
def choose(policy, threshold, per_point_behind, mine, rival, turn_total, target, optimal, rng):
    """ROLL_OR_HOLD with a banked score ``mine``, the leading rival's ``rival`` and ``turn_total``.

    Returns ROLL or HOLD_OPTION.  The seat's parameters come in as scalars (threshold, per point
    behind), so the compiled turn loop reads no array but the dice.
    """
    if policy == RANDOM:
        return pick_random(2, rng)
    if mine + turn_total >= target:
        return HOLD_OPTION  # holding wins
    if policy == HOLD:
        return HOLD_OPTION if turn_total >= threshold else ROLL
    if policy == CATCH_UP:
        return HOLD_OPTION if turn_total >= threshold + per_point_behind * max(rival - mine, 0) else ROLL
    # OPTIMAL: the two-player table, against the leading rival when there are several
    return ROLL if optimal[mine, rival, turn_total] else HOLD_OPTION
