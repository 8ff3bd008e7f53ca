"""The one error type a user sees: a clear message, one line per problem, exit code 2."""

import contextvars
from contextlib import contextmanager

_ON_THE_COMMAND_LINE = contextvars.ContextVar("balance_on_the_command_line", default=False)


class BalanceError(Exception):
    """Bad input from the user: a scenario, an option, a run folder.

    Parameters
    ----------
    problems
        One line per problem; the CLI prints each on its own line and exits with code 2.
    """

    def __init__(self, *problems: str):
        self.problems = [p for p in problems if p]
        super().__init__("\n".join(self.problems))


@contextmanager
def command_line():
    """Inside this block, messages name options the command line's way (``--resume``, not ``resume=True``)."""
    token = _ON_THE_COMMAND_LINE.set(True)
    try:
        yield
    finally:
        _ON_THE_COMMAND_LINE.reset(token)


def flag(name: str) -> str:
    """A yes/no option as the user gives it: ``--resume`` on the command line, ``resume=True`` in Python."""
    return f"--{name.replace('_', '-')}" if _ON_THE_COMMAND_LINE.get() else f"{name}=True"


def option(name: str, value=...) -> str:
    """An option as the user gives it: ``--jobs 0`` / ``jobs=0``, or without a value ``--out`` / ``out=``."""
    if _ON_THE_COMMAND_LINE.get():
        cli = f"--{name.replace('_', '-')}"
        return cli if value is ... else f"{cli} {value!r}" if isinstance(value, str) else f"{cli} {value}"
    return f"{name}=" if value is ... else f"{name}={value!r}"
