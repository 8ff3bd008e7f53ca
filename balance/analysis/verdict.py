"""The verdict: one short paragraph in plain words that answers "is it balanced?" before any table.

Built from the flags (``balance.analysis.flags``): balanced or not; the largest problem with its size
and 95% interval; what else stands out.  The same words open the terminal summary and the report.
"""

from __future__ import annotations

import math

from balance.analysis.flags import Flag
from balance.analysis.metrics import Analysis

MORE = 3  # other findings named after the largest; the rest are counted


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _listing(items: list[str]) -> str:
    shown = items[:MORE]
    rest = len(items) - len(shown)
    return "; ".join(shown) + (f"; and {rest} more" if rest else "")


def run_verdict(a: Analysis, flags: list[Flag]) -> tuple[str, str]:
    """(kind, paragraph): ``warning`` when something is out of balance, else ``ok``; a solo game: ``note``."""
    if a.players == 1:
        found = _once(sorted(flags, key=lambda f: f.severity != "warning"))
        score = a.seat_scores[0].mean_interval() if a.seat_scores else None
        mean = (f" Its mean score is {score.value:.1f} (95% interval {score.lo:.1f}-{score.hi:.1f}) over these "
                f"{a.games:,} games." if score is not None and math.isfinite(score.lo) else "")
        return "note", (f"A solo game: one seat, so there is no fairness between seats to test.{mean}"
                        + (f" Worth knowing: {_listing([f.headline for f in found])}." if found else ""))
    if not a.decided:
        return "note", (f"No verdict: none of the {a.games:,} games has a winner, so there is no win rate to judge "
                        f"(see how the games end below).")
    # rounded: two seats of a two-player game are equally far from 50%, and the first seat comes first
    warnings = _once(sorted((f for f in flags if f.severity == "warning"), key=lambda f: -round(f.excess, 9)))
    notes = _once([f for f in flags if f.severity == "note"])
    noted = f" Worth knowing: {_listing([f.headline for f in notes])}." if notes else ""
    if warnings:
        top, others = warnings[0], warnings[1:]
        also = f" Also out of balance: {_listing([f.headline for f in others])}." if others else ""
        return "warning", f"Not balanced. The largest problem: {top.headline}: {top.size}.{also}{noted}"
    return "ok", f"No balance problem found beyond the noise of these {a.games:,} games. {_closest(a)}{noted}"


def _once(flags: list[Flag]) -> list[Flag]:
    """The first flag of each topic: seat 2 winning less than its share is the same story as seat 1 winning more."""
    seen, out = set(), []
    for f in flags:
        if not f.topic or f.topic not in seen:
            out.append(f)
        seen.add(f.topic)
    return out


def _closest(a: Analysis) -> str:
    """The sides' and the furthest seat's win rates, with their intervals: how close to fair, and how sure."""
    parts = []
    if a.has_sides:
        first, *rest = a.sides
        rates = f"{first.name} win{'s' if len(first.seats) == 1 else ''} {_rate(first.rate)}" + "".join(
            f", {s.name} {_rate(s.rate)}" for s in rest)
        shares = " and ".join(f"{100 * s.fair:.1f}%" for s in a.sides)
        parts.append(f"{_sentence(rates)}, against {shares} if every player had the same chance.")
    seats = [s for s in range(1, a.players + 1) if len(a.role_seats(s)) > 1]
    if seats:
        worst = max(seats, key=lambda s: round(abs(a.seat_wins[s - 1].value - a.seat_fair[s - 1]), 12))
        target = "an even split of its role's wins" if a.has_sides else "the fair share"
        parts.append(f"The seat furthest from {target} is seat {worst}: {_rate(a.seat_wins[worst - 1])} against "
                     f"{100 * a.seat_fair[worst - 1]:.1f}%.")
    return " ".join(parts)


def _rate(e) -> str:
    digits = 2 if e.hi < 0.01 or e.half_width < 0.001 else 1
    if not math.isfinite(e.value):
        return "–"
    return f"{100 * e.value:.{digits}f}% (95% interval {100 * e.lo:.{digits}f}-{100 * e.hi:.{digits}f}%)"


def compare_verdict(c) -> tuple[str, str]:
    """(kind, paragraph) for ``balance compare``: what changed by more than the minimum effect, largest first.

    ``kind`` is ``warning`` when B differs from A in a way that matters, ``ok`` when it plays like A,
    ``note`` when the runs are too small to tell.
    """
    from balance.report.fmt import p_value

    def size(d) -> str:
        rate = d.metric in c.rates
        f = (lambda x: f"{100 * x:+.2f} pts") if rate else (lambda x: f"{x:+.3g}")
        return f"{f(d.diff.value)} (95% interval {f(d.diff.lo)} to {f(d.diff.hi)}; Holm-adjusted {p_value(d.p_holm)})"

    changed = sorted(c.meaningful, key=lambda d: -abs(d.diff.value) / d.min_effect if d.min_effect else 0)
    small = [d for d in c.significant if not d.meaningful]
    unsure = [d for d in c.differences if not d.significant and not d.within_min_effect]
    rule = f"the minimum effect ({c.min_effect.describe()})"
    if changed:
        top, *rest = changed
        also = f" Also changed: {_listing([d.metric for d in rest])}." if rest else ""
        tiny = (f" {len(small)} other difference{'s are' if len(small) > 1 else ' is'} beyond the noise but smaller "
                f"than the minimum effect.") if small else ""
        return "warning", (f"B differs from A in {len(changed)} of {len(c.differences)} metrics by more than {rule}. "
                           f"The largest: {top.metric}, {size(top)}.{also}{tiny}")
    tiny = (f" {_sentence(_listing([d.metric for d in small]))} differ{'s' if len(small) == 1 else ''} beyond the "
            f"noise, but by less than the minimum effect." if small else "")
    if unsure:
        return "note", (f"No metric changes by more than {rule} beyond the noise, but the intervals of "
                        f"{_listing([d.metric for d in unsure])} are too wide to rule such a change out: play more "
                        f"games.{tiny}")
    return "ok", f"B plays like A: every metric's 95% interval lies within {rule}.{tiny}"
