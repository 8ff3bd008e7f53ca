"""The kernel decorators: a kernel's integer indices are taken as they are (no wraparound) while other
compiled code keeps numpy's meaning; stale compiled kernels are dropped when a game's source changes."""

import os
import subprocess
import sys
import textwrap

from balance.sim.kernel import drop_stale_kernels


def make_game(root, body):
    package = root / "fake_game_for_kernels"
    (package / "__pycache__").mkdir(parents=True, exist_ok=True)
    (package / "__init__.py").write_text("")
    (package / "policies.py").write_text(body)
    return package


def test_an_edit_to_any_file_of_the_game_drops_its_compiled_kernels(tmp_path, monkeypatch):
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

    (package / "policies.py").write_text("A = 2\n")
    drop_stale_kernels("fake_game_for_kernels")
    assert not compiled.exists() and not index.exists()
    assert bytecode.exists()  # only numba's files go
    sys.modules.pop("fake_game_for_kernels", None)


def test_a_kernel_takes_its_indices_as_they_are_and_other_compiled_code_counts_from_the_end(tmp_path):
    """With ``NUMBA_BOUNDSCHECK=1`` (a fresh cache: compiled code does not record the flag), ``a[-1]`` raises
    ``IndexError`` in a ``jit`` or ``jit_inline`` function, and is the last item in a plain ``njit`` one,
    also where it calls a kernel and where a kernel helper is inlined into it."""
    (tmp_path / "negative_index.py").write_text(textwrap.dedent("""
        import numpy as np
        from numba import njit
        from balance.sim.kernel import jit, jit_inline

        @jit_inline
        def helper(a, i):
            return a[i]

        @jit
        def kernel(a, i):
            return a[i] + helper(a, 0)

        @njit
        def plain(a, i):
            return a[i] + helper(a, i)

        a = np.arange(1, 6)
        print(plain(a, -1), plain(a, 4))
        for f in (kernel, helper):
            try:
                f(a, -1)
                print("wrapped")
            except IndexError:
                print("IndexError")
    """))
    env = {**os.environ, "NUMBA_BOUNDSCHECK": "1", "NUMBA_CACHE_DIR": str(tmp_path / "cache"),
           "PYTHONPATH": os.pathsep.join([str(tmp_path), os.getcwd()])}
    out = subprocess.run([sys.executable, "-W", "ignore", "-c", "import negative_index"], env=env,
                         capture_output=True, text=True, check=True).stdout.split()
    assert out == ["10", "10", "IndexError", "IndexError"]
