"""A run's parquet parts: one per batch, named by the batch, each carrying the run it belongs to.

A part's file metadata holds the run's fingerprint (scenario, rules, seats and seed), its batch,
first game and number of games.  Before a part is read (a report, a comparison, ``--resume``) it is
checked against ``run.json``: a part that cannot be read is *damaged* (``--resume`` plays its batch
again); a part of another run, another seed, or a batch the run does not have is *foreign* and is
never counted.  Parts are found by listing the folder, never by a glob built from the folder's name
(a folder named ``a[12]`` is not the folder ``a1``).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

PART = "part-{:05d}.parquet"
_PART = re.compile(r"part-(\d+)\.parquet")
_KEYS = ("fingerprint", "batch", "first_game", "games")


def part_path(games_dir: str | Path, batch: int) -> Path:
    return Path(games_dir) / PART.format(batch)


def part_metadata(fingerprint: str, batch: int, first_game: int, n_games: int) -> dict[str, str]:
    """What a part says about itself, stored in its parquet file metadata."""
    return {f"balance.{k}": str(v) for k, v in zip(_KEYS, (fingerprint, batch, first_game, n_games))}


@dataclass
class Parts:
    """The part files of a run folder, sorted out against ``run.json``."""

    good: dict[int, Path] = field(default_factory=dict)  # batch -> part
    damaged: dict[int, tuple[Path, str]] = field(default_factory=dict)  # batch -> (part, what is wrong)
    foreign: list[tuple[Path, str]] = field(default_factory=list)  # (file, why it is not this run's)


def expected_batches(meta: dict[str, Any]) -> dict[int, tuple[int, int]]:
    """batch -> (first game, games) for every batch the run in ``meta`` may hold."""
    size = int(meta["batch_size"])
    cap = int(meta.get("games_cap") or meta["games"])
    return {k: (start, min(size, cap - start)) for k, start in enumerate(range(0, cap, size))}


def has_parts(games_dir: Path) -> bool:
    """Whether ``games_dir`` holds any file named like a part."""
    try:
        return any(e.name.startswith("part-") and e.name.endswith(".parquet") for e in os.scandir(games_dir))
    except FileNotFoundError:
        return False


def check_parts(games_dir: Path, meta: dict[str, Any]) -> Parts:
    """Check every ``part-*.parquet`` in ``games_dir`` against the run's ``meta`` (``run.json``)."""
    parts = Parts()
    plan = expected_batches(meta)
    try:
        entries = sorted(os.scandir(games_dir), key=lambda e: e.name)
    except FileNotFoundError:
        return parts
    for entry in entries:
        if not (entry.name.startswith("part-") and entry.name.endswith(".parquet")):
            continue
        path = Path(entry.path)
        match = _PART.fullmatch(entry.name)
        batch = int(match.group(1)) if match else -1
        if not match or entry.name != PART.format(batch):
            parts.foreign.append((path, "not a part name of balance (part-NNNNN.parquet)"))
            continue
        if batch not in plan:
            parts.foreign.append((path, f"batch {batch} is not in this run (its batches are 0 to {len(plan) - 1})"))
            continue
        if not entry.is_file(follow_symlinks=False):
            parts.foreign.append((path, "not a regular file"))
            continue
        info = entry.stat(follow_symlinks=False)
        if info.st_size == 0:
            parts.damaged[batch] = (path, "empty (0 bytes)")
            continue
        footer = _footer(path, info)
        if isinstance(footer, str):
            parts.damaged[batch] = (path, f"unreadable: {footer}")
            continue
        said, rows, columns = footer
        first, n = plan[batch]
        if said.get("balance.fingerprint") is None:
            parts.foreign.append((path, "it names no run (written by another program, or by a balance "
                                        "older than the run fingerprint in parts)"))
        elif said["balance.fingerprint"] != meta["fingerprint"]:
            parts.foreign.append((path, "from another run (another scenario, rules, seats or seed)"))
        elif said != {**said, **part_metadata(meta["fingerprint"], batch, first, n)}:
            parts.foreign.append((path, f"holds batch {said.get('balance.batch')} of "
                                        f"{said.get('balance.games')} games, not batch {batch} of {n}"))
        elif rows != n:
            parts.damaged[batch] = (path, f"holds {rows:,} games, not {n:,}")
        elif columns != list(meta["columns"]):
            parts.damaged[batch] = (path, "its columns are not the run's (see run.json)")
        else:
            parts.good[batch] = path
    return parts


_FOOTERS: dict[tuple, tuple | str] = {}  # a part's footer by (path, inode, size, mtime): read once per process


def _footer(path: Path, info: os.stat_result) -> tuple[dict[str, str], int, list[str]] | str:
    """(key-value metadata, rows, column names) of a parquet file, or why it cannot be read."""
    import pyarrow.parquet as pq

    key = (str(path), info.st_ino, info.st_size, info.st_mtime_ns)
    if key not in _FOOTERS:
        try:
            footer = pq.read_metadata(path)
            said = {k.decode(errors="replace"): v.decode(errors="replace") for k, v in (footer.metadata or {}).items()}
            _FOOTERS[key] = said, footer.num_rows, footer.schema.to_arrow_schema().names  # top level: lists nest
        except Exception as e:  # pyarrow's errors for a truncated or garbled file vary by version
            _FOOTERS[key] = str(e).splitlines()[0][:120] if str(e) else type(e).__name__
    return _FOOTERS[key]
