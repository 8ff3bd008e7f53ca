"""Writing the files of a run folder safely, and folder names that every operating system accepts."""

from __future__ import annotations

import os
import re
import secrets
from pathlib import Path
from typing import BinaryIO, Callable

# names Windows reserves in every folder, with or without an extension
_RESERVED = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)), *(f"lpt{i}" for i in range(10))}
NAME_LENGTH = 100  # characters of a default folder name taken from a scenario; the seed is added after


def write_atomic(path: str | Path, write: Callable[[BinaryIO], None]) -> Path:
    """Write ``path`` through ``write(file)``: a fresh temporary file beside it, then a rename.

    The temporary file is created exclusively under a random name (never through a link planted
    in a shared folder) and removed when writing fails (a full disk leaves no ``.tmp`` behind).
    Readers see the old file or the whole new one.
    """
    path = Path(path)
    fd, tmp = _create_beside(path)
    try:
        with os.fdopen(fd, "wb") as f:
            write(f)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


def write_text_atomic(path: str | Path, text: str) -> Path:
    return write_atomic(path, lambda f: f.write(text.encode("utf-8")))


def _create_beside(path: Path) -> tuple[int, str]:
    """A new file ``.NAME.RANDOM.tmp`` beside ``path``: created here and now (``O_EXCL``), never an
    existing file or a link to one, with the permissions the user's umask gives new files."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    while True:
        tmp = str(path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp"))
        try:
            return os.open(tmp, flags, 0o666), tmp
        except FileExistsError:
            continue


def folder_name(text: str, fallback: str = "run") -> str:
    """``text`` as a folder name that every operating system accepts: letters, digits, ``_`` and
    ``-`` (any other run of characters, ``/``, ``..`` and spaces included, becomes one ``-``), at most
    100 characters, never a name Windows reserves (``con``, ``nul``, ...), never empty (then ``fallback``)."""
    name = re.sub(r"[^A-Za-z0-9_]+", "-", text)[:NAME_LENGTH].strip("-_")
    if not name:
        return fallback
    return f"{name}_" if name.lower() in _RESERVED else name
