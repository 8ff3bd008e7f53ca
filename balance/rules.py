"""Rule fields: every number a game uses, with its default, valid range and provenance.

A game's ``Rules`` is a frozen dataclass whose fields are made with :func:`rule` (a number, a
flag, a named option or a table of numbers) or hold a nested rules dataclass (dotted keys such as
``monsters.mechoor.cost``).  Provenance is either ``rulebook="<section>"`` or
``assumed="<why this default>"``; the report lists every assumed value.
"""

from __future__ import annotations

import datetime
import difflib
import math
import textwrap
from dataclasses import dataclass, field, fields, is_dataclass, replace
from typing import Any, Sequence



@dataclass(frozen=True)
class RuleInfo:
    """What the rules say about one field: its range or choices, and where the default comes from."""

    doc: str
    source: str  # "rulebook" or "assumed"
    note: str  # the rulebook section, or why the default was assumed
    lo: float | None = None
    hi: float | None = None
    choices: tuple[str, ...] | None = None
    length: tuple[int, int] | None = None  # (min, max) length of a table

    def allowed(self, default: Any) -> str:
        """The allowed values in words, e.g. ``an integer from 1 to 10000``."""
        if self.choices:
            return "one of " + ", ".join(repr(c) for c in self.choices)
        kind = _kind(default)
        if kind == "bool":
            return "true or false"
        if kind == "str":
            return "a text"
        word = {"int": "an integer", "float": "a number"}.get(kind)
        span = _span(self.lo, self.hi)
        if word:
            return f"{word}{span}"
        elem = {"int": "integers", "float": "numbers", "str": "texts", "bool": "true/false values"}[
            _kind(default[0] if default else 0)]
        n = ""
        if self.length:
            lo, hi = self.length
            n = f" of {lo}" if lo == hi else f" of {lo} to {hi}"
        return f"a list{n} {elem}{span.replace(' from', ' each from')}"


def _num(x: float) -> str:
    return f"{int(x):,}" if float(x).is_integer() else f"{x:g}"


def _span(lo, hi) -> str:
    if lo is not None and hi is not None:
        return f" from {_num(lo)} to {_num(hi)}"
    if lo is not None:
        return f" of at least {_num(lo)}"
    if hi is not None:
        return f" of at most {_num(hi)}"
    return ""


def rule(
    default: Any,
    doc: str,
    *,
    rulebook: str | None = None,
    assumed: str | None = None,
    lo: float | None = None,
    hi: float | None = None,
    choices: tuple[str, ...] | None = None,
    length: tuple[int, int] | None = None,
):
    """A rules field.  Exactly one of ``rulebook`` (the section) or ``assumed`` (why) is given."""
    if (rulebook is None) == (assumed is None):
        raise TypeError(f"rule {doc!r}: give exactly one of rulebook= or assumed=")
    info = RuleInfo(
        doc=doc,
        source="rulebook" if rulebook is not None else "assumed",
        note=rulebook if rulebook is not None else assumed,
        lo=lo,
        hi=hi,
        choices=choices,
        length=length,
    )
    if isinstance(default, list):
        default = tuple(default)
    return field(default=default, metadata={"rule": info})


def section(cls):
    """A nested group of rules (e.g. one monster's numbers), addressed as ``group.field``."""
    return field(default_factory=cls)


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "float"
    if isinstance(value, str):
        return "str"
    if isinstance(value, tuple):
        return "table"
    raise TypeError(f"unsupported rule value {value!r}")


@dataclass(frozen=True)
class RuleValue:
    """One leaf of a rules object, as listed in ``run.json`` and the report."""

    key: str
    value: Any
    default: Any
    info: RuleInfo

    @property
    def changed(self) -> bool:
        return self.value != self.default


def rule_values(rules) -> list[RuleValue]:
    """Every leaf rule of ``rules`` with its dotted key, in declaration order."""
    defaults = type(rules)()
    out: list[RuleValue] = []

    def walk(obj, dflt, prefix):
        for f in fields(obj):
            value, default = getattr(obj, f.name), getattr(dflt, f.name)
            key = prefix + f.name
            if is_dataclass(value):
                walk(value, default, key + ".")
            else:
                out.append(RuleValue(key, value, default, f.metadata["rule"]))

    walk(rules, defaults, "")
    return out


def rule_keys(rules_cls) -> list[str]:
    return [rv.key for rv in rule_values(rules_cls())]


def did_you_mean(word: str, options) -> str:
    lower = {str(o).lower(): o for o in options}  # PIG is pig
    close = difflib.get_close_matches(str(word).lower(), list(lower), n=1, cutoff=0.6)
    return f" (did you mean {lower[close[0]]!r}?)" if close else ""


def shown(value: Any) -> str:
    """A value from a scenario as a message shows it: ``repr``, but TOML's spelling of booleans and dates."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (datetime.date, datetime.time)):
        return value.isoformat()
    return repr(value)


def check_value(value: Any, default: Any, info: RuleInfo) -> tuple[Any, str | None]:
    """Convert a TOML value to the field's type; return (value, problem or None)."""
    kind = _kind(default)
    bad = f"{shown(value)} is not allowed; expected {info.allowed(default)}"
    if kind == "bool":
        return (value, None) if isinstance(value, bool) else (value, bad)
    if kind == "str":
        if not isinstance(value, str) or (info.choices and value not in info.choices):
            hint = did_you_mean(value, info.choices or ()) if isinstance(value, str) else ""
            return value, bad + hint
        return value, None
    if kind == "table":
        if not isinstance(value, (list, tuple)):
            return value, bad
        elem_default = default[0] if default else 0
        out = []
        for v in value:
            v2, problem = check_value(v, elem_default, info)
            if problem:
                return value, bad
            out.append(v2)
        if info.length and not info.length[0] <= len(out) <= info.length[1]:
            return value, bad
        return tuple(out), None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return value, bad
    if isinstance(value, float) and not math.isfinite(value):
        return value, bad  # nan compares false with every bound: it would slip through the range check
    if kind == "int":
        if isinstance(value, float):
            if not value.is_integer():
                return value, bad
            value = int(value)
    else:
        value = float(value)
    if (info.lo is not None and value < info.lo) or (info.hi is not None and value > info.hi):
        return value, bad
    return value, None


def apply_overrides(rules_cls, overrides: dict[str, Any], where: str = "rules",
                    misplaced: Sequence[str] = ()) -> tuple[Any, list[str]]:
    """Build ``rules_cls`` with dotted-key overrides; return (rules, one problem line per bad key).  A key among
    ``misplaced`` (the scenario's own, written below its [rules] table) is said to be one."""
    defaults = {rv.key: rv for rv in rule_values(rules_cls())}
    problems: list[str] = []
    values: dict[str, Any] = {}
    for key, value in overrides.items():
        rv = defaults.get(key)
        if rv is None:
            moved = "; a scenario key written after [rules] belongs above it" if key in misplaced else ""
            problems.append(f"{where}.{key}: unknown rule{did_you_mean(key, defaults)}{moved}")
            continue
        value, problem = check_value(value, rv.default, rv.info)
        if problem:
            problems.append(f"{where}.{key}: {problem}")
        else:
            values[key] = value
    rules = _build(rules_cls, values)
    if not problems and hasattr(rules, "problems"):
        problems += [f"{where}: {p}" for p in rules.problems()]
    return rules, problems


def _build(cls, values: dict[str, Any], prefix: str = ""):
    obj = cls()
    changes = {}
    for f in fields(obj):
        sub = getattr(obj, f.name)
        key = prefix + f.name
        if is_dataclass(sub):
            if any(k.startswith(key + ".") for k in values):
                changes[f.name] = _build(type(sub), values, key + ".")
        elif key in values:
            changes[f.name] = values[key]
    return replace(obj, **changes) if changes else obj


def to_toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, tuple):
        return "[" + ", ".join(to_toml_value(v) for v in value) + "]"
    if isinstance(value, float):
        return repr(value)
    return str(value)


def rules_toml(rules_cls, title: str, readings: Sequence[str] = ()) -> str:
    """The full default rules as a commented ``[rules]`` table a designer can paste into a scenario, after the
    engine's readings of the rulebook (``GameSpec.readings``)."""
    lines = [f"# {title}: every rule value, as printed (rulebook) or assumed where the rulebook is silent."]
    if readings:
        lines.append("# How the engine reads the rulebook where it is silent or unclear (those with a number are below):")
        lines += [f"#   - {line}" if i == 0 else f"#     {line}" for r in readings
                  for i, line in enumerate(textwrap.wrap(r, 100))]
    lines += ["# Paste into a scenario and uncomment the lines you change.", "[rules]"]
    for rv in rule_values(rules_cls()):
        i = rv.info
        lines.append(f"# {i.doc}. Allowed: {i.allowed(rv.default)}.")
        lines.append(f"#   {i.source}: {i.note}")
        if isinstance(rv.default, tuple) and rv.default and isinstance(rv.default[0], str):
            # a drawn map or a list of names reads best one entry per line
            lines.append(f"# {rv.key} = [")
            lines += [f"#     {to_toml_value(v)}," for v in rv.default]
            lines.append("# ]")
        else:
            lines.append(f"# {rv.key} = {to_toml_value(rv.default)}")
    return "\n".join(lines) + "\n"


def rules_record(rules) -> list[dict[str, Any]]:
    """Every rule value with its provenance, as stored in ``run.json``."""
    return [
        {"key": rv.key, "value": rv.value, "default": rv.default, "changed": rv.changed,
         "source": rv.info.source, "note": rv.info.note, "doc": rv.info.doc}
        for rv in rule_values(rules)
    ]


__all__ = ["rule", "section", "RuleInfo", "RuleValue", "rule_values", "apply_overrides", "rules_toml",
           "rules_record", "did_you_mean"]
