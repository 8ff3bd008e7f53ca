"""The pattern numba 0.68 miscompiled: an overload it inlines at the IR level (``inline="always"``), then, in
the same loop, an inlined helper that writes the state inside an ``if`` (the write was dropped).  The kit's
tests of ``roll`` and ``log`` put each overload in front of ``write_in_an_if``."""

import numpy as np

from balance.kit.compile import jit_inline
from balance.kit.state import Layout

WRITES = Layout([("written", np.int64, (2,))], max_players=2)


@jit_inline
def write_in_an_if(s, p, v):
    if p != 11:
        s.written[p] = v
