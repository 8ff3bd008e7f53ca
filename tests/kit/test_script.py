"""Scripted dice and choices: taken by the test variant of a state, absent from the production one."""

import numpy as np
import pytest

from balance.kit.compile import jit
from balance.kit.rng import new_rng
from balance.kit.script import roll, script_choices, script_dice, script_used, scripted_option
from balance.kit.state import Layout
from tests.kit.inlined_writes import WRITES, write_in_an_if

LAYOUT = Layout([("options", np.int64, (8,))], max_players=2)


@jit
def rolls(s, n):
    out = np.empty(n, np.int64)
    for i in range(n):
        out[i] = roll(s, 6)
    return out


@jit
def choose(s, n):
    return scripted_option(s, n)


def state(scripted):
    s = LAYOUT.new(traced=scripted)
    s.rng[:] = new_rng(np.random.SeedSequence(1))
    s.options[:4] = [10, 20, 30, 40]
    return s


def test_the_production_state_has_no_script():
    assert "script" not in LAYOUT.dtype.names
    assert choose(state(False), 4) == -1


def test_scripted_faces_come_first_then_random_ones():
    s = state(True)
    script_dice(s, 6, 6, 6)
    out = rolls(s, 3)
    assert list(out) == [6, 6, 6] and script_used(s)
    out = rolls(s, 40)
    assert len(set(out)) > 1


def test_a_die_rolled_past_the_script_is_told():
    """A rule test that scripts its dice learns that the engine rolled more than it scripted: the random dice that
    follow would otherwise let a wrong rule pass by chance."""
    s = state(True)
    script_dice(s, 6, 6)
    rolls(s, 3)
    assert not script_used(s)
    s = state(True)  # a test that scripts no dice lets them all be random
    rolls(s, 3)
    assert script_used(s)


def test_a_scripted_choice_takes_the_option_of_that_code():
    s = state(True)
    script_choices(s, 30, 10)
    assert (choose(s, 4), choose(s, 4), choose(s, 4)) == (2, 0, -1)
    assert script_used(s)


def test_a_scripted_choice_that_is_not_legal_is_an_error():
    s = state(True)
    script_choices(s, 99)
    with pytest.raises(ValueError, match="not among the legal options"):
        choose(s, 4)


@jit
def write_after_a_roll(s):
    for p in range(2):
        write_in_an_if(s, p, 30 + p + roll(s, 6) * 0)


@pytest.mark.parametrize("scripted", [False, True])
def test_a_write_after_a_roll_is_kept(scripted):
    """An inlined helper that writes the state inside an ``if``, after a roll in the same loop: numba 0.68
    dropped the write when the kit's overloads were IR-inlined (``inline="always"``)."""
    s = WRITES.new(traced=scripted)
    s.rng[:] = new_rng(np.random.SeedSequence(1))
    if scripted:
        script_dice(s, 1, 1)
    s.written[:] = -1
    write_after_a_roll(s)
    assert list(s.written) == [30, 31]
