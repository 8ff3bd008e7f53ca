"""Pig strategies.  Every game state in Pig is public, so a policy may read all scores.

``choose`` answers ROLL_OR_HOLD; it is inlined into one compiled turn loop per policy (see
``engine.play_turn``), so a policy costs no dispatch inside the loop.
"""

from balance.games.pig.decisions import HOLD, ROLL, holding_wins
from balance.kit import below, jit_inline

RANDOM, HOLD_AT, CATCH_UP, OPTIMAL = 0, 1, 2, 3
MAX_PARAMS = 2  # threshold, per_point_behind
FIELDS = []  # the policies keep no memo of their own (``s.policies`` holds only the kit's rng, id, param)


@jit_inline
def choose(s, policy, threshold, per_point_behind, mine, rival, turn_total, target, optimal):
    """ROLL_OR_HOLD with a banked score ``mine``, the leading rival's ``rival`` and ``turn_total``.

    The seat's parameters come in as scalars (threshold, per point behind), so the compiled turn
    loop reads no array but the dice.
    """
    if policy == RANDOM:
        return below(2, s.policies.rng)
    if holding_wins(mine, turn_total, target):
        return HOLD
    if policy == HOLD_AT:
        return HOLD if turn_total >= threshold else ROLL
    if policy == CATCH_UP:
        return HOLD if turn_total >= threshold + per_point_behind * max(rival - mine, 0) else ROLL
    # OPTIMAL: the two-player table, against the leading rival when there are several
    return ROLL if optimal[mine, rival, turn_total] else HOLD
