"""The kernel decorators: numba as released (no patched internals), numpy's indexing, stale kernels dropped, a
single compiled copy whatever constants go through ``variable``."""

import re
import sys
from pathlib import Path

import numpy as np
from numba import njit
from numba.core import config as numba_config

import balance
from balance.kit.compile import drop_stale_kernels, jit, jit_inline, kernel_cache, maximum, minimum, variable


def make_game(root, body):
    package = root / "fake_game_for_kernels"
    (package / "__pycache__").mkdir(parents=True, exist_ok=True)
    (package / "__init__.py").write_text("")
    (package / "policies.py").write_text(body)
    return package


def test_an_edit_to_a_kernel_file_of_the_game_drops_its_compiled_kernels(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(tmp_path))
    package = make_game(tmp_path, "A = 1\n")
    drop_stale_kernels("fake_game_for_kernels")
    compiled = package / "__pycache__" / "engine.play_batch-10.py311.1.nbc"
    index = package / "__pycache__" / "engine.play_batch-10.py311.nbi"
    bytecode = package / "__pycache__" / "policies.cpython-311.pyc"
    for f in (compiled, index, bytecode):
        f.write_bytes(b"old")

    drop_stale_kernels("fake_game_for_kernels")  # nothing changed: the kernels stay
    assert compiled.exists() and index.exists()

    (package / "__init__.py").write_text('LABELS = {"a": "words"}\n')  # the GameSpec holds no kernel code
    (package / "replay.py").write_text("WORDS = 1\n")
    drop_stale_kernels("fake_game_for_kernels")
    assert compiled.exists() and index.exists()

    (package / "policies.py").write_text("A = 2\n")
    drop_stale_kernels("fake_game_for_kernels")
    assert not compiled.exists() and not index.exists()
    assert bytecode.exists()  # only numba's files go
    sys.modules.pop("fake_game_for_kernels", None)


def test_with_numba_cache_dir_set_an_edit_drops_the_kernels_numba_cached_there(tmp_path, monkeypatch):
    """``NUMBA_CACHE_DIR`` moves numba's cache out of ``__pycache__``: the kernels a game compiles land in
    ``kernel_cache``, and an edit to a file they may inline drops them there."""
    monkeypatch.syspath_prepend(str(tmp_path / "src"))
    monkeypatch.setattr(numba_config, "CACHE_DIR", str(tmp_path / "cache"))
    package = make_game(tmp_path / "src", "from numba import njit\n\n\n@njit(cache=True)\ndef two():\n    return 2\n")
    drop_stale_kernels("fake_game_for_kernels")
    from fake_game_for_kernels.policies import two

    assert two() == 2
    kernels = sorted(kernel_cache(package).glob("policies.two-*.nb[ic]"))
    assert kernels and not list((package / "__pycache__").glob("*.nb[ic]"))
    drop_stale_kernels("fake_game_for_kernels")
    assert all(k.exists() for k in kernels)
    (package / "policies.py").write_text("A = 2\n")
    drop_stale_kernels("fake_game_for_kernels")
    assert not any(k.exists() for k in kernels)
    for name in ("fake_game_for_kernels", "fake_game_for_kernels.policies"):
        sys.modules.pop(name, None)


@jit_inline
def _last(a):
    return a[-1]


@jit
def _kernel(a, i):
    return a[i] + _last(a) + minimum(a[0], a[1]) + maximum(a[0], a[1])


def test_kernels_index_as_numpy_does():
    a = np.arange(1, 6)
    assert _kernel(a, -2) == 4 + 5 + 1 + 2


# not cached (the kit's ``jit`` is): a copy loaded from the cache would not be listed in ``signatures``
@njit
def _per_kind(kind):
    return 10 * kind


@njit
def _per_constant(kind):
    return 10 * kind


@njit
def _ask_every_kind():
    return _per_kind(variable(1)) + _per_kind(variable(2)) + _per_constant(1) + _per_constant(2)


def test_a_constant_passed_through_variable_compiles_one_copy():
    assert _ask_every_kind() == 60
    assert [str(args) for args in _per_kind.signatures] == ["(int64,)"]
    assert len(_per_constant.signatures) == 2  # numba's literals: a copy for each constant


def test_no_module_patches_numba_or_sets_llvm_options():
    """Kernels run on the compiler as released: no module of balance reaches into numba's lowering or sets
    process-wide LLVM options (they would change how a user's own code compiles in the same process)."""
    forbidden = re.compile(r"fix_integer_index|BaseLower|set_option|llvmlite\.binding|_nrt\s*=")
    offenders = [str(p) for p in Path(balance.__file__).parent.rglob("*.py") if forbidden.search(p.read_text())]
    assert offenders == []
