"""The decorators of the functions a game runs inside its game loop.

They are compiled without numba's reference counting (``_nrt=False``).  With it, every array
passed to a function or read from the state NamedTuple costs a call to increment and one to
decrement a reference count, and the calls make the compiler spill registers around them: on
Moongha Invaders a policy decision took 90 times longer.  The price: such a function may not
create arrays (``np.zeros`` ...) or return new ones.  Allocate everything once per batch, in
``play_batch`` (which keeps the ordinary ``njit``), and pass it down.

They also use numpy's error model: a float division by zero gives inf instead of a check for
zero before every division (a game's rules divide only by values the rules tables keep >= 1).

LLVM's x86 "cmov converter" is turned off for every kernel compiled in a process that imports
this module: it turns the selects of a policy's argmax and valuation (``v if c else w``) back
into branches, and which option is best, or whose monster stands in a city, is hard to predict
(Moongha's scripted games ~3-4% faster with branch-free valuations).
"""

import hashlib
import importlib.util
import platform
from pathlib import Path

import llvmlite.binding
from numba import njit

if platform.machine().lower() in ("x86_64", "amd64"):  # an x86 option: elsewhere LLVM would reject it
    llvmlite.binding.set_option("balance", "-x86-cmov-converter=false")

jit = njit(cache=True, _nrt=False, error_model="numpy")
"""A game function that runs inside the game loop."""

jit_inline = njit(cache=True, inline="always", _nrt=False, error_model="numpy")
"""A small helper, inlined where it is called (decisions, dice, board queries)."""


# numba's builtin ``min``, ``max`` and ``int`` are overloads: inside a large kernel LLVM leaves them
# as function calls (measured on Moongha, 3% of the time).  These are inlined.
@jit_inline
def minimum(a, b):
    return a if a < b else b


@jit_inline
def maximum(a, b):
    return a if a > b else b


def drop_stale_kernels(package: str) -> None:
    """Delete a game's compiled kernels when a source file they may inline has changed.

    numba's cache notices an edit to a function's own file only, but a game's kernels inline
    helpers from the game's other files and from ``balance.sim``: after an edit to
    ``policies.py`` they would silently run the old code.  Kernels in ``NUMBA_CACHE_DIR`` (when
    set) are not checked.
    """
    spec = importlib.util.find_spec(package)
    if spec is None or spec.origin is None:
        return
    folder = Path(spec.origin).parent
    sources = sorted(folder.glob("*.py")) + sorted(Path(__file__).parent.glob("*.py"))
    digest = hashlib.sha256(b"".join(p.read_bytes() for p in sources)).hexdigest()
    cache = folder / "__pycache__"
    stamp = cache / "kernels.sha256"
    try:
        if stamp.read_text() == digest:
            return
    except OSError:
        pass
    try:
        for compiled in cache.glob("*.nb[ic]"):
            compiled.unlink(missing_ok=True)
        cache.mkdir(exist_ok=True)
        stamp.write_text(digest)
    except OSError:  # a read-only install: numba then caches elsewhere or not at all
        pass
