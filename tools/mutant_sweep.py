"""Find the rules no test pins down: plant every small one-line bug in a source file, one at a time, in a scratch
copy of the package, and list those the given tests let through (not part of CI; a helper for writing tests).

The bugs are made, not listed: each comparison flipped (``<`` ``<=`` ``>`` ``>=`` ``==`` ``!=``), ``and`` and ``or``
swapped, a ``not`` dropped, an integer compared with one more or one less, ``True`` and ``False`` swapped.  The
tests run interpreted (``NUMBA_DISABLE_JIT=1``, ``pytest -x -q``, as ``tools/mutants.py`` runs its quick files),
so give test files that pass interpreted in seconds (a game's ``mutants.toml`` names them under ``interpreted``)::

    python tools/mutant_sweep.py balance/games/moon/engine.py tests/games/moon/test_rules.py \\
        tests/games/moon/test_scoring.py tests/games/moon/test_walls.py --lines 195-1005 --out survivors.toml

Each survivor is printed (file:line, the line, the bug) and written to ``--out`` as a ``[[mutant]]`` entry ready
for ``mutants.toml`` (its ``find`` grows by the lines before it until it is in the file once); its ``what`` is to be
written in the rulebook's words, or the entry dropped when the bug changes no rule (an equivalent mutant).

Usage: python tools/mutant_sweep.py SOURCE TEST [TEST ...] [--lines A-B[,C-D...]] [--limit N] [--out FILE] [--list]
"""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
import tempfile
import time
import tokenize
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from mutants import ROOT, copy_package, pytest  # noqa: E402  (tools/ is not a package)

FLIPS = {"<": ("<=", ">="), "<=": ("<", ">"), ">": (">=", "<="), ">=": (">", "<"), "==": ("!=",), "!=": ("==",)}
SWAPS = {"and": "or", "or": "and", "True": "False", "False": "True"}
SECONDS = 300  # a bug that makes a test loop for ever fails it (pytest-timeout) instead of hanging the sweep


def mutations(source: str) -> list[tuple[int, str, str]]:
    """Every one-line bug of ``source``: (line number, the line, the line with the bug), in the file's order."""
    lines = source.splitlines()
    tokens = [t for t in tokenize.generate_tokens(io.StringIO(source).readline)
              if t.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT, tokenize.INDENT, tokenize.DEDENT)]
    out = []

    def change(tok, new: str, drop_space: bool = False) -> None:
        (row, col), (end_row, end) = tok.start, tok.end
        if end_row != row:
            return
        line = lines[row - 1]
        if drop_space:
            end += len(line[end:]) - len(line[end:].lstrip(" "))
        out.append((row, line, line[:col] + new + line[end:]))

    for i, tok in enumerate(tokens):
        if tok.type == tokenize.OP and tok.string in FLIPS:
            for new in FLIPS[tok.string]:
                change(tok, new)
        elif tok.type == tokenize.NAME and tok.string in SWAPS:
            change(tok, SWAPS[tok.string])
        elif tok.type == tokenize.NAME and tok.string == "not" and not (i > 0 and tokens[i - 1].string == "is") \
                and not (i + 1 < len(tokens) and tokens[i + 1].string == "in"):
            change(tok, "", drop_space=True)
        elif tok.type == tokenize.NUMBER and tok.string.isdigit():
            beside = [tokens[j].string for j in (i - 1, i + 1) if 0 <= j < len(tokens)]
            if any(b in FLIPS for b in beside):
                n = int(tok.string)
                change(tok, str(n + 1))
                if n > 0:
                    change(tok, str(n - 1))
    return out


def find_text(lines: list[str], row: int, source: str) -> str:
    """The line, with as many lines before it as make it appear in ``source`` once."""
    for first in range(row - 1, -1, -1):
        text = "\n".join(lines[first:row])
        if source.count(text) == 1:
            return text
    return "\n".join(lines[:row])


def toml_string(text: str) -> str:
    if "\n" in text and '"""' not in text and "\\" not in text and not text.endswith('"'):
        return f'"""{text}"""'
    return json.dumps(text)


def entry(file: str, row: int, line: str, mutated: str, source: str) -> str:
    lines = source.splitlines()
    find = find_text(lines, row, source)
    replace = find[: len(find) - len(line)] + mutated
    return (f"[[mutant]]\nwhat = \"TODO\"  # {file}:{row}\nfile = \"{file}\"\n"
            f"find = {toml_string(find)}\nreplace = {toml_string(replace)}\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("source", help="the file to plant bugs in (from the repository's root)")
    parser.add_argument("tests", nargs="+", help="test files (or tests) that pass interpreted")
    parser.add_argument("--lines", default="", help="only lines A-B of the source (or A-B,C-D,...)")
    parser.add_argument("--limit", type=int, default=0, help="at most N bugs (after --lines)")
    parser.add_argument("--out", default="", help="write the survivors' [[mutant]] entries to FILE")
    parser.add_argument("--list", action="store_true", help="list the bugs, plant none")
    args = parser.parse_args()
    source = (ROOT / args.source).read_text()
    bugs = mutations(source)
    if args.lines:
        spans = [[int(v) for v in span.split("-")] for span in args.lines.split(",")]
        bugs = [m for m in bugs if any(a <= m[0] <= b for a, b in spans)]
    if args.limit:
        bugs = bugs[: args.limit]
    if args.list:
        for row, line, mutated in bugs:
            print(f"{args.source}:{row}: {line.strip()}  ->  {mutated.strip()}")
        print(f"{len(bugs)} bugs")
        return
    os.environ["PYTEST_ADDOPTS"] = f"--timeout={SECONDS} -W ignore::RuntimeWarning"
    survivors, killed = [], 0
    with tempfile.TemporaryDirectory(prefix="sweep-") as tmp:
        scratch = Path(tmp)
        copy_package(scratch)
        target = scratch / args.source
        passed, tail = pytest(scratch, args.tests, interpreted=True)
        if not passed:
            raise SystemExit(f"the tests fail interpreted with no bug planted ({tail})")
        print(f"{len(bugs)} bugs in {args.source}, tests: {' '.join(args.tests)}", flush=True)
        for k, (row, line, mutated) in enumerate(bugs, 1):
            start = time.monotonic()
            lines = source.splitlines(keepends=True)
            lines[row - 1] = mutated + lines[row - 1][len(line):]
            target.write_text("".join(lines))
            try:
                passed, tail = pytest(scratch, args.tests, interpreted=True)
            except RuntimeError as e:  # the bug breaks the import: no test passes
                passed, tail = False, f"ERROR {e}"
            mark = "SURVIVED" if passed else "killed"
            print(f"[{k}/{len(bugs)}] {mark:<8} {args.source}:{row}: {line.strip()}  ->  {mutated.strip()}"
                  f"  ({time.monotonic() - start:.0f} s)", flush=True)
            if passed:
                survivors.append(entry(args.source, row, line, mutated, source))
            else:
                killed += 1
            if args.out:  # as it goes: a long sweep stopped early keeps what it found
                Path(args.out).write_text("".join(f"{e}\n" for e in survivors))
        target.write_text(source)
    print(f"\n{len(bugs)} bugs: {killed} killed, {len(survivors)} survived\n")
    print("\n".join(survivors))


if __name__ == "__main__":
    main()
