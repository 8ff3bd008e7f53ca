"""Scripted dice and choices, for rule tests: a compile-time switch on the state's type.

A test builds the traced variant of a game's state (``Layout.new(traced=True)``), queues dice
faces and choices (``script_dice``, ``script_choices``) and calls the engine.  ``roll`` and
``scripted_option`` are resolved when a kernel is compiled: for the production state (no
``script`` field) ``roll`` is the plain die and ``scripted_option`` the constant -1, so the
production kernels contain no test branch.

A scripted choice is an option's code, as the engine writes it into ``s.options``: the engine
takes the option of that code when it is legal, and raises when it is not (the test is wrong).
"""

import numpy as np
from numba.extending import overload

from balance.kit.compile import jit
from balance.kit.rng import die


# Called, not inlined: these run in tests only, and inlining them into the inlined overloads below
# trips numba's SSA check.
@jit
def _scripted_roll(s, sides):
    """The next scripted face, or a random one when none is queued (counted past the script's end when a test
    scripted dice, so that ``script_used`` tells a test that more dice were rolled than it scripted)."""
    q = s.script.dice_at
    if q < s.script.dice_len:
        s.script.dice_at = q + 1
        return s.script.dice[q]
    if s.script.dice_len > 0:
        s.script.dice_at = q + 1
    return die(sides, s.rng)


@jit
def _next_option(s, n):
    """The index among ``s.options[:n]`` of the next scripted choice, or -1."""
    q = s.script.choice_at
    if q < s.script.choice_len:
        code = s.script.choice[q]
        for o in range(n):
            if s.options[o] == code:
                s.script.choice_at = q + 1
                return np.int64(o)
        if n > 1:
            raise ValueError("scripted choice is not among the legal options")
    return np.int64(-1)


def scripted(s) -> bool:
    """The state is the traced variant (the tests' and the replay's): a constant in a compiled kernel."""
    return "script" in (s.dtype.names or ())


def choices_scripted(s) -> bool:
    """A test's scripted choices wait to be taken: an engine may then do work that only a script needs (list
    options a policy would not read).  Always False in production, and in a replay (its script is empty), so
    that a replayed game is played as the run played it."""
    return scripted(s) and s.script.choice_at < s.script.choice_len


def roll(s, sides):
    """One die of ``sides`` faces: the next scripted face if a test queued one, else from ``s.rng``."""
    return _scripted_roll(s, sides) if scripted(s) else die(sides, s.rng)


def scripted_option(s, n):
    """The index among ``s.options[:n]`` of the next scripted choice, or -1 (without a script: always -1)."""
    return _next_option(s, n) if scripted(s) else -1


# The overloads are typed per state (production or scripted) and left to LLVM to inline: numba 0.68's own
# IR inlining of an overload (inline="always") made a later inlined helper of the same loop lose its writes
# to the state inside an ``if`` (tests/kit/test_script.py::test_a_write_after_a_roll_is_kept).
@overload(scripted)
def _scripted(s):
    listed = "script" in s.fields
    return lambda s: listed


@overload(choices_scripted)
def _choices_scripted(s):
    if "script" not in s.fields:
        return lambda s: False
    return lambda s: s.script.choice_at < s.script.choice_len


@overload(roll)
def _roll(s, sides):
    if "script" not in s.fields:
        return lambda s, sides: die(sides, s.rng)
    return lambda s, sides: _scripted_roll(s, sides)


@overload(scripted_option)
def _scripted_option(s, n):
    if "script" not in s.fields:
        return lambda s, n: np.int64(-1)
    return lambda s, n: _next_option(s, n)


# ---------------------------------------------------------------- for the tests (Python)

def script_dice(s, *faces):
    """The next rolls show these faces."""
    s.script.dice[: len(faces)] = faces
    s.script.dice_at = 0
    s.script.dice_len = len(faces)


def script_choices(s, *codes):
    """The next decisions take the options of these codes."""
    s.script.choice[: len(codes)] = codes
    s.script.choice_at = 0
    s.script.choice_len = len(codes)


def script_used(s) -> bool:
    """Every scripted die was rolled (and no die more, when the test scripted dice) and every scripted choice
    taken."""
    return s.script.dice_at == s.script.dice_len and s.script.choice_at == s.script.choice_len
