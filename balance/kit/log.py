"""A game's events, for ``balance replay``: a compile-time switch on the state's type, like the script.

The engine says what happens where it happens, in the rules' terms: ``log(s, EVENT, a, b, c, d)``
with an event kind of the game's and up to four integers (a seat, a city, a count...).  For the
production state ``log`` compiles to nothing, so logging costs nothing in a run; for the traced
variant of the state (``Layout.new(traced=True)``, used by the replay and the tests) each event is
appended to ``s.log``.  The game's ``replay.py`` turns the events into the rulebook's words.
"""

import numpy as np
from numba.extending import overload

from balance.kit.compile import jit

LOG_LENGTH = 20_000  # events a replayed game may log
LOG = np.dtype([("events", np.int64, (LOG_LENGTH, 5)), ("count", np.int64)])


@jit
def _append(s, kind, a, b, c, d):
    k = s.log.count
    if k < LOG_LENGTH:
        e = s.log.events[k]
        e[0], e[1], e[2], e[3], e[4] = kind, a, b, c, d
        s.log.count = k + 1


def logged(s) -> bool:
    """The state is the traced variant, the replay's and the tests' (a constant in a compiled kernel)."""
    return "log" in (s.dtype.names or ())


def log(s, kind, a=0, b=0, c=0, d=0):
    """Note event ``kind`` with its integers (a replay's state only; nothing in a run)."""
    if logged(s):
        _append(s, kind, a, b, c, d)


# Left to LLVM to inline, like the script's overloads: numba 0.68's IR inlining of an overload can make a
# later inlined helper in the same loop lose its writes to the state (docs/performance.md).
@overload(logged)
def _logged(s):
    on = "log" in s.fields
    return lambda s: on


@overload(log)
def _log(s, kind, a=0, b=0, c=0, d=0):
    if "log" not in s.fields:
        return lambda s, kind, a=0, b=0, c=0, d=0: None
    return lambda s, kind, a=0, b=0, c=0, d=0: _append(s, kind, a, b, c, d)


def events(s) -> list[tuple[int, ...]]:
    """The events a logged state holds, as tuples (kind, a, b, c, d)."""
    return [tuple(int(x) for x in e) for e in s.log.events[: s.log.count]]
