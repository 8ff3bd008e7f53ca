"""The kit's event log: nothing in the production state, every event in the replay's logged state."""

import pytest

from balance.kit.compile import jit
from balance.kit.log import events, log, logged
from tests.kit.inlined_writes import WRITES, write_in_an_if


@jit
def write_after_a_log(s):
    for p in range(2):
        log(s, 7, p)
        write_in_an_if(s, p, 30 + p)
    return logged(s)


@pytest.mark.parametrize("on", [False, True])
def test_a_write_after_a_log_is_kept_and_the_log_is_kept_only_when_on(on):
    """An inlined helper that writes the state inside an ``if``, after a log in the same loop: with ``log``
    IR-inlined (``inline="always"``) numba 0.68 dropped such writes (Angry Monsters' default game never
    ended: the human's moves were never spent)."""
    s = WRITES.new(traced=on)
    s.written[:] = -1
    assert write_after_a_log(s) == on
    assert list(s.written) == [30, 31]
    if on:
        assert events(s) == [(7, 0, 0, 0, 0), (7, 1, 0, 0, 0)]
