"""The decorators of the functions a game runs inside its game loop, and the helpers they share.

``jit`` and ``jit_inline`` are numba's ``njit`` with the compiled code cached on disk and numpy's
error model (a float division by zero gives inf instead of a check for zero before every
division: a game's rules divide only by values its rules bound away from zero).  ``jit_inline``
is for small helpers (dice, board queries, a decision's option values): inlined where they are
called, so a constant argument such as a decision kind folds away.

Nothing here changes how numba compiles: kernels run on the compiler as released.
"""

import hashlib
import importlib.util
from pathlib import Path

import numpy as np
from numba import njit
from numba.core import config
from numba.core.caching import UserProvidedCacheLocator

jit = njit(cache=True, error_model="numpy")
"""A game function that runs inside the game loop."""

jit_inline = njit(cache=True, error_model="numpy", inline="always")
"""A small helper, inlined where it is called (decisions, dice, board queries)."""


@jit_inline
def variable(x):
    """The integer ``x`` (or a flag, as 0 or 1) as a variable, not as the constant it may be where it is passed: numba
    compiles a ``jit`` function once more for every constant it is called with (a literal), the whole function each
    time, and for the first value of a loop's counter too.  A decision's kind or seat is a constant where the engine
    asks, so pass it through this to a ``jit`` function unless a copy per value is the point (``docs/performance.md``,
    "Numba's cache and edits")."""
    return np.int64(x)


# numba's builtin ``min``, ``max`` are overloads that LLVM may leave as calls in a large kernel
# (measured on Moongha: 3% of the time); these are inlined selects.
@jit_inline
def minimum(a, b):
    return a if a < b else b


@jit_inline
def maximum(a, b):
    return a if a > b else b


NO_KERNELS = ("__init__.py", "replay.py")


def kernel_cache(folder: Path) -> Path:
    """Where numba caches the kernels of the source files in ``folder``: beside them in ``__pycache__``, or, with
    ``NUMBA_CACHE_DIR`` set, in the folder numba names after them there."""
    if config.CACHE_DIR:
        return Path(config.CACHE_DIR) / UserProvidedCacheLocator.get_suitable_cache_subpath(str(folder / "x.py"))
    return folder / "__pycache__"


def drop_stale_kernels(package: str) -> None:
    """Delete a game's compiled kernels when a source file they may inline has changed.

    numba's cache notices an edit to a function's own file only, but a game's kernels inline
    helpers from the game's other files and from ``balance.kit``: after an edit to
    ``policies.py`` they would silently run the old code.  A package's ``__init__.py`` (the GameSpec:
    labels, docs) and ``replay.py`` (the replay's words) hold no kernel code, so editing them keeps
    the kernels.
    """
    spec = importlib.util.find_spec(package)
    if spec is None or spec.origin is None:
        return
    folder = Path(spec.origin).parent
    sources = [p for p in sorted(folder.glob("*.py")) + sorted(Path(__file__).parent.glob("*.py"))
               if p.name not in NO_KERNELS]
    digest = hashlib.sha256(b"".join(p.read_bytes() for p in sources)).hexdigest()
    cache = kernel_cache(folder)
    stamp = cache / "kernels.sha256"
    try:
        if stamp.read_text() == digest:
            return
    except OSError:
        pass
    try:
        for compiled in cache.glob("*.nb[ic]"):
            compiled.unlink(missing_ok=True)
        cache.mkdir(parents=True, exist_ok=True)
        stamp.write_text(digest)
    except OSError:  # a read-only install: numba then caches elsewhere or not at all
        pass
