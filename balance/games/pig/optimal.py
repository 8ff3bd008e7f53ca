"""The optimal two-player Pig policy, by value iteration (Neller & Presser 2004, section 2).

``P[i, j, k]`` is the probability that the player to move wins with a banked score ``i``, the
opponent's ``j`` and a turn total ``k``.  Rolling gives the average over the faces; holding hands
the opponent the move at ``(j, i + k, 0)``.  States are solved in layers of equal ``i + j`` from
the end of the game backwards: within a layer only the bust face links ``(i, j, 0)`` and
``(j, i, 0)``, so each layer converges on its own.
"""

import functools
import os
from pathlib import Path

import numpy as np
from numba import njit

MAX_TARGET = 200  # the tables are target**3 entries


@njit(cache=True)
def _solve(target, sides, bust_face, roll_first, tol):
    win = np.zeros((target, target, target), np.float64)
    roll = np.zeros((target, target, target), np.uint8)
    p = 1.0 / sides
    for layer in range(2 * (target - 1), -1, -1):
        lo = max(0, layer - (target - 1))
        hi = min(layer, target - 1)
        while True:
            delta = 0.0
            for i in range(lo, hi + 1):
                j = layer - i
                for k in range(target - 1 - i, -1, -1):
                    roll_value = p * (1.0 - win[j, i, 0])
                    for face in range(1, sides + 1):
                        if face != bust_face:
                            roll_value += p * (1.0 if i + k + face >= target else win[i, j, k + face])
                    best, rolls = roll_value, 1
                    if k > 0 or not roll_first:
                        hold_value = 1.0 - win[j, i + k, 0] if i + k < target else 1.0
                        if hold_value >= roll_value:
                            best, rolls = hold_value, 0
                    delta = max(delta, abs(best - win[i, j, k]))
                    win[i, j, k] = best
                    roll[i, j, k] = rolls
            if delta < tol:
                break
    return win, roll


def _cache_dir() -> Path:
    return Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "balance"


@functools.lru_cache(maxsize=4)
def optimal_tables(target: int, sides: int, bust_face: int, roll_first: bool) -> tuple[np.ndarray, np.ndarray]:
    """(win probability, roll decision) tables, computed once and cached in memory and on disk."""
    path = _cache_dir() / f"pig-optimal-{target}-{sides}-{bust_face}-{int(roll_first)}.npz"
    try:
        with np.load(path) as saved:
            return saved["win"], saved["roll"]
    except (OSError, KeyError, ValueError):
        pass
    win, roll = _solve(target, sides, bust_face, roll_first, 1e-12)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp.npz")
        np.savez_compressed(tmp, win=win, roll=roll)
        os.replace(tmp, path)
    except OSError:
        pass  # a read-only home only costs the recomputation
    return win, roll
