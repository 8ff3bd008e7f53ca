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

They index arrays with non-negative integers only: ``a[-1]`` is not the last item in them.  numba
makes every integer index ``i`` into ``i + len if i < 0 else i``, a compare and a select at each
array access, which games make by the thousand per decision (Moongha's scripted games ~6% faster
without).  Only the code of these functions (and what is inlined into them) is compiled so;
slices and every other compiled function keep numpy's meaning.  A negative index is a bug in a
kernel: with ``NUMBA_BOUNDSCHECK=1`` it raises ``IndexError`` (``tests/sim/test_kernel.py``).
"""

import contextvars
import hashlib
import importlib.util
import platform
from pathlib import Path

import llvmlite.binding
from numba import njit, types
from numba.core import lowering
from numba.np import arrayobj

if platform.machine().lower() in ("x86_64", "amd64"):  # an x86 option: elsewhere LLVM would reject it
    llvmlite.binding.set_option("balance", "-x86-cmov-converter=false")

_KERNELS: set[tuple[str, str]] = set()  # (module, qualified name) of every function decorated below
_lowering_a_kernel = contextvars.ContextVar("balance_lowering_a_kernel", default=False)


def _lower(self, _numba_lower=lowering.BaseLower.lower):
    token = _lowering_a_kernel.set((self.fndesc.modname, self.fndesc.qualname) in _KERNELS)
    try:
        return _numba_lower(self)
    finally:
        _lowering_a_kernel.reset(token)


def _fix_integer_index(context, builder, idxty, idx, size, _numba_fix=arrayobj.fix_integer_index):
    if idxty.signed and _lowering_a_kernel.get():  # no wraparound: the index as it is
        return context.cast(builder, idx, idxty, types.intp)
    return _numba_fix(context, builder, idxty, idx, size)


lowering.BaseLower.lower = _lower
arrayobj.fix_integer_index = _fix_integer_index


def _kernel(**options):
    decorate = njit(cache=True, _nrt=False, error_model="numpy", **options)

    def kernel(function):
        _KERNELS.add((function.__module__, function.__qualname__))
        return decorate(function)

    return kernel


jit = _kernel()
"""A game function that runs inside the game loop."""

jit_inline = _kernel(inline="always")
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
