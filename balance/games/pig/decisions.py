"""Pig's one decision and the questions both the engine and the strategies ask.

``ROLL_OR_HOLD`` is asked before every roll of a turn but the first (while holding is allowed);
its options are ``ROLL`` and ``HOLD``, which are also their codes in ``s.options``.
"""

from balance.kit import jit_inline

ROLL, HOLD = 0, 1


@jit_inline
def may_hold(turn_total, roll_first):
    """A turn total of 0 may not be held when a turn starts with a roll."""
    return turn_total > 0 or not roll_first


@jit_inline
def holding_wins(banked, turn_total, target):
    """Holding now banks the target score."""
    return banked + turn_total >= target


@jit_inline
def leading_rival(scores, n, me):
    """The highest banked score among the other seats (every score in Pig is public)."""
    best = 0
    for p in range(n):
        if p != me and scores[p] > best:
            best = scores[p]
    return best
