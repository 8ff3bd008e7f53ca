"""A run folder: one writer at a time, and exactly what a run leaves in it.

A run holds a lock on its folder while it writes (``.balance.lock``, released by the operating
system when the process ends, however it ends), so two runs never mix their games in one folder.
``--overwrite`` removes what a run writes and nothing else.
"""

from __future__ import annotations

import os
import re
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from balance.errors import BalanceError, option

LOCK = ".balance.lock"
RUN_FILES = ("run.json", "report.html", "report.pdf")  # what a run writes beside its games/
_RUN_FILE = re.compile(r"part-\d{5,}\.parquet|\.part-\d{5,}\.parquet\..*\.tmp")  # in games/


def make(out: Path) -> None:
    """Create the run folder and its ``games/``, or say in one line why it cannot be (``refuse_others``)."""
    if out.exists() and not out.is_dir():
        raise BalanceError(f"{option('out', str(out))}: is a file, not a folder; give a folder for the run")
    if not (out / "run.json").exists():  # a run's folder may hold the designer's notes too
        refuse_others(out, RUN_FILES + ("games", LOCK), "run")
    make_folder(out / "games", "run", out)


def make_folder(path: Path, what: str, named: Path | None = None) -> None:
    """Create the folder (``what``'s: a run's, a tune's, a report's), or say in one line why it cannot be, naming the
    ``--out`` folder (``named``, default ``path``)."""
    named = path if named is None else named
    if path.exists() and not path.is_dir():
        raise BalanceError(f"{option('out', str(named))}: is a file, not a folder; give a folder for the {what}")
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise BalanceError(f"{option('out', str(named))}: cannot make the {what} folder ({e.strerror})") from None


def refuse_others(out: Path, own: tuple[str, ...], what: str) -> None:
    """A new run, sweep or tune (``what``) never writes among files that are not its kind's (``/``, the designer's,
    another command's): ``own`` names its files and folders (their temporary copies, ``.NAME...tmp``, too)."""
    if not out.is_dir():
        return
    others = sorted(e.name for e in os.scandir(out) if e.name not in own
                    and not any(e.name.startswith(f".{f}") and e.name.endswith(".tmp") for f in own))
    if others:
        shown = ", ".join(others[:3]) + (", ..." if len(others) > 3 else "")
        raise BalanceError(f"{option('out', str(out))}: holds files that are not a {what}'s ({shown}); give a new or "
                           f"empty folder for the {what}")


@contextmanager
def writing(out: Path) -> Iterator[None]:
    """Hold the folder's lock while a run writes into it; refuse when another process holds it."""
    try:
        fd = os.open(out / LOCK, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
    except OSError as e:
        raise BalanceError(f"{out}: cannot write into the run folder ({e.strerror})") from None
    try:
        if not _try_lock(fd):
            holder = os.read(fd, 32).decode(errors="replace").strip()
            who = f" (process {holder})" if holder.isdigit() else ""
            raise BalanceError(f"{out}: another balance run{who} is writing into this folder; wait for it to "
                               f"finish, or use {option('out')} for another folder")
        os.ftruncate(fd, 0)
        os.write(fd, str(os.getpid()).encode())
        yield
    finally:
        os.close(fd)  # releases the lock


def _try_lock(fd: int) -> bool:
    try:
        import fcntl
    except ImportError:  # Windows
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
            return True
        except OSError:
            return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except BlockingIOError:
        return False


def clear(out: Path) -> None:
    """Remove a run's files from its folder (``--overwrite``): its parts, ``run.json`` and reports."""
    for name in RUN_FILES:
        (out / name).unlink(missing_ok=True)
    games = out / "games"
    if games.is_dir():
        for entry in os.scandir(games):
            if _RUN_FILE.fullmatch(entry.name):
                os.unlink(entry.path)


def remove(out: Path) -> None:
    """Remove a run folder that holds nothing but a run's files (``clear``, then the emptied folders)."""
    clear(out)
    (out / LOCK).unlink(missing_ok=True)
    for path in (out / "games", out):
        try:
            path.rmdir()
        except OSError:  # not empty: something else is there, left alone
            return


def remove_temporary(games: Path) -> None:
    """Remove the temporary parts of batches that never finished (a killed worker's)."""
    for entry in os.scandir(games):
        if entry.name.startswith(".part-") and entry.name.endswith(".tmp"):
            os.unlink(entry.path)
