"""Number formatting shared by the report's tables, figures and flags."""

from __future__ import annotations

import math

from balance.analysis.stats import Estimate


def count(n: int, one: str, many: str | None = None) -> str:
    """``1 player``, ``3 players``; ``many`` where adding an s is wrong (``processes``)."""
    return f"{n} {one if n == 1 else many or one + 's'}"


def players(n: int) -> str:
    """``1 player`` (solo), ``3 players``."""
    return count(n, "player")


def pct_digits(e: Estimate) -> int:
    """Decimals that show a rate to its precision: 1 for wide intervals, 2 when the interval is under 0.1 points."""
    hw = e.half_width if math.isfinite(e.half_width) else 1.0
    return 2 if 100 * hw < 0.1 else 1


def pct(x: float, digits: int = 1) -> str:
    return "–" if x is None or not math.isfinite(x) else f"{100 * x:.{digits}f}%"


def pct_ci(e: Estimate) -> str:
    d = pct_digits(e)
    if not math.isfinite(e.lo):
        return "–"
    return f"{100 * e.lo:.{d}f}–{100 * e.hi:.{d}f}%"


def pct_pm(e: Estimate) -> str:
    d = pct_digits(e)
    return f"{100 * e.value:.{d}f}% ± {100 * e.half_width:.{d}f}%"


def points(x: float, digits: int = 1) -> str:
    """A difference of rates in percentage points, with its sign."""
    if not math.isfinite(x):
        return "–"
    text = f"{100 * x:+.{digits}f}"
    return ("+" + text[1:] if text.startswith("-") and float(text) == 0 else text) + "\u00a0pts"  # not "-0.0"; the unit stays


def num(x: float, digits: int | None = None) -> str:
    """A plain number: integers as such, others with 2 decimals (or ``digits``)."""
    if x is None or (isinstance(x, float) and not math.isfinite(x)):
        return "–"
    if digits is None:
        if float(x).is_integer() and abs(x) < 1e15:
            return f"{int(x):,}"
        digits = 2 if abs(x) < 100 else 1
    return f"{x:,.{digits}f}"


def sig(x: float, sign: bool = False, digits: int = 3) -> str:
    """A number to ``digits`` significant digits, without an exponent: 27.5, 0.000934, 1,234."""
    if x is None or not math.isfinite(x):
        return "–"
    if x == 0:
        return "+0" if sign else "0"
    decimals = max(0, digits - 1 - math.floor(math.log10(abs(x))))
    text = f"{x:+,.{decimals}f}" if sign else f"{x:,.{decimals}f}"
    return text


def mean_ci(e: Estimate, digits: int = 2) -> tuple[str, str]:
    """(mean, interval) texts for a mean estimate: ``digits`` decimals, more when the interval needs them to show
    (4.18–4.23, not 4.2–4.2)."""
    if e.value is None or not math.isfinite(e.value):
        return "–", "–"
    if not math.isfinite(e.lo):
        return f"{e.value:.{digits}f}", "–"
    while e.lo != e.hi and digits < 6 and f"{e.lo:.{digits}f}" == f"{e.hi:.{digits}f}":
        digits += 1
    return f"{e.value:.{digits}f}", f"{e.lo:.{digits}f}–{e.hi:.{digits}f}"


def p_value(p: float) -> str:
    if p is None or not math.isfinite(p):
        return "–"
    if p < 1e-300:
        return "p < 10⁻³⁰⁰"
    if p < 0.001:
        exp = math.floor(math.log10(p))
        return f"p < 10{_sup(exp + 1)}"
    return f"p = {p:.3f}"


def _sup(k: int) -> str:
    return str(k).translate(str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹"))


def seconds(s: float | None) -> str:
    if s is None:
        return "–"
    if s < 60:
        return f"{s:.1f} s"
    m, sec = divmod(round(s), 60)
    return f"{m} min {sec:02d} s" if m < 60 else f"{m // 60} h {m % 60:02d} min"
