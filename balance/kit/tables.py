"""The rules as the kernel reads them: one record with a named field per rule.

``Tables(Rules, derived...)`` turns a game's rules declaration into a numpy record type with

- one field per leaf rule, named by the shortest end of its dotted key that no other rule shares
  (``combat.hit_on`` -> ``hit_on``; ``monsters.mechoor.cost`` -> ``mechoor_cost``): numbers and
  flags as they are, a named option (``choices=``) as the index of its value among the choices
  (compare with ``choices.index("...")`` computed once at module level), a table of numbers as an
  array as long as its longest allowed value with the real length beside it (``<name>_len``)
  when the length may vary.  Texts (city names, a drawn map) are read by derived tables;
- ``players``, the number of players;
- one field per *derived* table: a function ``(rules, players) -> value`` decorated with
  ``@table(dtype, shape)``, named after the function (distances, move tables, the values that
  depend on the player count).  Its shape is the largest the rules allow; the value fills its
  leading part.

A new rule is declared once in ``rules.py`` and read once in the kernel, as ``t.<name>``.  The
record's type never depends on a scenario's values, so one compiled kernel serves them all.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from balance.errors import BalanceError
from balance.rules import rule_values
from balance.kit.state import python_record


def table(dtype, shape: tuple[int, ...] = ()):
    """Declare a derived table: a function ``(rules, players) -> value`` of this dtype and largest shape."""

    def declare(function: Callable) -> Callable:
        function.table = (np.dtype(dtype), tuple(shape))
        return function

    return declare


def _leaf_names(keys: list[str]) -> dict[str, str]:
    """Each dotted key's field name: the shortest end of the key (joined by ``_``) no other key ends with."""
    parts = {k: k.split(".") for k in keys}
    names = {}
    for key, p in parts.items():
        for n in range(1, len(p) + 1):
            end = p[-n:]
            if sum(1 for q in parts.values() if q[-n:] == end) == 1:
                names[key] = "_".join(end)
                break
    return names


class Tables:
    """The kernel's rules record of a game: every leaf rule by name, ``players``, and the derived tables."""

    def __init__(self, rules_cls: type, *derived: Callable):
        self.rules_cls = rules_cls
        self.derived = derived
        self._rules: list[tuple[str, str, Any]] = []  # (field, dotted key, how to store it)
        dtype: list[tuple] = [("players", np.int64)]
        leaves = [rv for rv in rule_values(rules_cls()) if self._kind(rv) is not None]
        names = _leaf_names([rv.key for rv in leaves])
        for rv in leaves:
            name, kind = names[rv.key], self._kind(rv)
            self._rules.append((name, rv.key, kind))
            if kind == "table":
                elem = np.float64 if any(isinstance(v, float) for v in rv.default) else np.int64
                longest = rv.info.length[1]
                dtype.append((name, elem, (longest,)))
                if rv.info.length[0] != longest:
                    dtype.append((name + "_len", np.int64))
            else:
                dtype.append((name, {"bool": np.bool_, "int": np.int64, "float": np.float64, "choice": np.int64}[kind]))
        for function in derived:
            d, shape = function.table
            dtype.append((function.__name__, d, shape) if shape else (function.__name__, d))
        taken = [f[0] for f in dtype]
        clash = sorted({n for n in taken if taken.count(n) > 1})
        if clash:
            raise TypeError(f"{rules_cls.__module__}: table fields named twice: {', '.join(clash)}")
        self.dtype = np.dtype(dtype)

    @staticmethod
    def _kind(rv) -> str | None:
        v = rv.default
        if isinstance(v, bool):
            return "bool"
        if isinstance(v, int):
            return "int"
        if isinstance(v, float):
            return "float"
        if isinstance(v, str):
            return "choice" if rv.info.choices else None
        if isinstance(v, tuple) and all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in v):
            if not rv.info.length:
                raise TypeError(f"rule {rv.key}: a table of numbers needs length=(shortest, longest)")
            return "table"
        return None  # texts: read by a derived table

    def names(self) -> dict[str, str]:
        """Dotted rule key -> the kernel's field name."""
        return {key: name for name, key, _ in self._rules}

    def build(self, rules, players: int) -> np.ndarray:
        """The one-record array the kernel takes."""
        tables = np.zeros(1, self.dtype)
        t = tables[0]
        t["players"] = players
        values = {rv.key: rv for rv in rule_values(rules)}
        for name, key, kind in self._rules:
            rv = values[key]
            if kind == "choice":
                t[name] = rv.info.choices.index(rv.value)
            elif kind == "table":
                t[name][: len(rv.value)] = rv.value
                if name + "_len" in self.dtype.names:
                    t[name + "_len"] = len(rv.value)
            else:
                t[name] = rv.value
        for function in self.derived:
            _store(t, function.__name__, function(rules, players))
        return tables

    def python(self, rules, players: int):
        """The tables for Python code (tests): the record, its fields as attributes."""
        return python_record(self.build(rules, players))


def _store(t, name: str, value) -> None:
    target = t[name]
    value = np.asarray(value)
    if np.ndim(target) == 0:
        t[name] = value
        return
    if value.ndim != target.ndim or any(v > m for v, m in zip(value.shape, target.shape)):
        raise BalanceError(f"table {name}: shape {value.shape} does not fit the largest the rules allow, "
                           f"{target.shape}")
    target[tuple(slice(0, d) for d in value.shape)] = value


__all__ = ["Tables", "table"]
