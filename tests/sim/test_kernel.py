"""The kernel decorators' companion: stale compiled kernels are dropped when a game's source changes."""

import sys

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
