"""Plain-words flags for what is out of balance, and the thresholds that raise them (one place).

A flag needs both: the estimate is beyond the threshold, and the difference is beyond the noise.
For seats and strategies, "beyond the noise" means that the whole table's chi-square test rejects
equal shares at 5% and that the seat's (strategy's) own exact binomial test, Holm-adjusted across
the seats (strategies), does too; so a fair game raises a seat flag in at most 5% of runs, however
many seats it has.  The other flags need their 95% interval to exclude the balanced value.
``docs/results.md`` lists the same thresholds; :data:`THRESHOLDS` is their single source.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

from balance.analysis.metrics import Analysis
from balance.analysis.stats import ALPHA


def threshold(default: float, doc: str):
    """A threshold and what it means (shown in the report and docs/results.md)."""
    return field(default=default, metadata={"doc": doc})


@dataclass(frozen=True)
class Thresholds:
    """When the report raises a flag.  Shares are relative to the fair share (1 / players of the decided games)."""

    seat_share: float = threshold(
        0.05, "A seat's win rate differs from the fair share by more than this share of it "
              "(2 players: outside 47.5-52.5%), and by more than the noise.")
    strategy_strong: float = threshold(
        0.25, "A strategy wins more than (1 + this) times the fair share of the seats it played, and by more "
              "than the noise.")
    strategy_weak: float = threshold(
        0.50, "A strategy wins less than (1 - this) times the fair share of the seats it played, and by more "
              "than the noise.")
    head_to_head: float = threshold(
        0.55, "A strategy takes more than this share of the games won by it or another strategy, "
              "against every other one.")
    draw_rate: float = threshold(
        0.05, "More than this share of the games end in a draw.")
    timeout_rate: float = threshold(
        0.001, "More than this share of the games hit the turn cap (the rules may not end the game).")
    runaway_leader: float = threshold(
        0.5, "Mean decisiveness above this: the eventual winner usually leads for good from before half-time.")
    lead_changes: float = threshold(
        1.0, "Fewer lead changes per game than this on average: the lead rarely changes hands.")
    length_tail: float = threshold(
        3.0, "The 95th percentile of game length is more than this many times the median.")

    @staticmethod
    def describe() -> list[tuple[str, str, str]]:
        """(name, value, meaning) for every threshold, for the report and the docs."""
        return [(f.name, f"{f.default:g}", f.metadata["doc"]) for f in fields(Thresholds)]


THRESHOLDS = Thresholds()


@dataclass(frozen=True)
class Flag:
    """One finding: ``severity`` is ``warning`` (balance) or ``note`` (game feel)."""

    severity: str
    text: str
    threshold: str  # the rule that raised it, in words


BEYOND_NOISE = (", and beyond the noise (the chi-square test over all the {what}s and this {what}'s exact binomial "
                "test, Holm-adjusted across the {what}s, both give p < 0.05)")


def _pm(e) -> str:
    return f"{100 * e.value:.1f}% ± {100 * e.half_width:.1f}%"


def find_flags(a: Analysis, t: Thresholds = THRESHOLDS) -> list[Flag]:
    """Every flag the run raises, warnings first."""
    flags: list[Flag] = []
    fair = a.fair_share
    mixed = not a.rotate and len(set(a.seat_labels)) > 1
    seats_differ = a.summary.fairness_p < ALPHA  # NaN (no decided game) compares False
    for seat, (e, q) in enumerate(zip(a.seat_wins, a.seat_p_holm), start=1):
        if seats_differ and q < ALPHA and abs(e.value - fair) > t.seat_share * fair:
            more = "more" if e.value > fair else "less"
            caveat = (" Seats play different strategies and do not rotate, so this mixes seat and strategy."
                      if mixed else "")
            flags.append(Flag("warning", f"Seat {seat} wins {_pm(e)} of the games, fair share "
                                         f"{100 * fair:.1f}%: it wins {more} often than its fair share.{caveat}",
                              f"a seat more than {100 * t.seat_share:g}% of its fair share away from it "
                              f"(outside {100 * fair * (1 - t.seat_share):.1f}-{100 * fair * (1 + t.seat_share):.1f}%)"
                              f"{BEYOND_NOISE.format(what='seat')}"))
    strategies_differ = a.strategy_fairness[1] < ALPHA
    if len(a.strategies) > 1:
        for label, st in a.strategies.items():
            e = st.wins
            if not (strategies_differ and st.p_holm < ALPHA):
                continue
            if e.value > (1 + t.strategy_strong) * fair:
                flags.append(Flag("warning", f"Strategy `{label}` wins {_pm(e)} of the seats it plays, fair share "
                                             f"{100 * fair:.1f}%: it is much stronger than the field.",
                                  f"a strategy winning more than {1 + t.strategy_strong:g}× the fair share"
                                  f"{BEYOND_NOISE.format(what='strategy')}"))
            elif e.value < (1 - t.strategy_weak) * fair:
                flags.append(Flag("note", f"Strategy `{label}` wins only {_pm(e)} of the seats it plays, fair share "
                                          f"{100 * fair:.1f}%: it is much weaker than the field.",
                                  f"a strategy winning less than {1 - t.strategy_weak:g}× the fair share"
                                  f"{BEYOND_NOISE.format(what='strategy')}"))
        for label in a.strategies:
            rivals = [h for (x, _), h in a.head_to_head.items() if x == label]
            if rivals and len(rivals) == len(a.strategies) - 1 and all(
                    h.share.value > t.head_to_head and h.share.excludes(0.5) for h in rivals):
                worst = min(h.share.value for h in rivals)
                flags.append(Flag("warning", f"Strategy `{label}` beats every other strategy: it takes at least "
                                             f"{100 * worst:.1f}% of the games won by it or its rival, "
                                             f"against each of them.",
                                  f"more than {100 * t.head_to_head:g}% against every other strategy"))
    if a.draws.value > t.draw_rate and a.draws.excludes(0):
        flags.append(Flag("warning", f"{_pm(a.draws)} of the games end in a draw.",
                          f"draws in more than {100 * t.draw_rate:g}% of the games"))
    if a.timeouts.value > t.timeout_rate:
        flags.append(Flag("warning", f"{_pm(a.timeouts)} of the games hit the turn cap before the rules ended them: "
                                     f"some strategies may stall, or the rules may not end the game.",
                          f"timeouts in more than {100 * t.timeout_rate:g}% of the games"))
    d = a.decisiveness
    if d.value > t.runaway_leader and d.lo > t.runaway_leader:
        flags.append(Flag("note", f"Runaway leader: on average the eventual winner leads for good over the last "
                                  f"{100 * d.value:.0f}% of the game, so games are often decided early.",
                          f"mean decisiveness above {t.runaway_leader:g}"))
    lc = a.lead_changes_mean
    if a.games and lc.value < t.lead_changes and not lc.lo <= t.lead_changes <= lc.hi:
        flags.append(Flag("note", f"The lead changes hands only {lc.value:.2f} times per game on average.",
                          f"fewer than {t.lead_changes:g} lead changes per game"))
    median, p95 = a.turns.quantile(0.5), a.turns.quantile(0.95)
    if median and p95 > t.length_tail * median:
        flags.append(Flag("note", f"Game length has a long tail: 1 game in 20 lasts {p95:g} turns or more, "
                                  f"against a median of {median:g}.",
                          f"95th percentile of length more than {t.length_tail:g}× the median"))
    return sorted(flags, key=lambda f: f.severity != "warning")
