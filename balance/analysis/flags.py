"""Plain-words flags for what is out of balance, and the thresholds that raise them (one place).

A flag needs both: the estimate is beyond the threshold, and the difference is beyond the noise.
For seats and strategies, "beyond the noise" means that the whole table's chi-square test rejects
equal shares at 5% and that the seat's (strategy's) own exact binomial test, Holm-adjusted across
the seats (strategies), does too; so a fair game raises a seat flag in at most 5% of runs, however
many seats it has.  The other flags need their 95% interval to exclude the balanced value.
In a game whose seats play fixed roles (``GameSpec.roles``) the seats are judged within their role
and the sides against their seats' share of the games (``balance.analysis.sides``).
``docs/results.md`` lists the same thresholds; :data:`THRESHOLDS` is their single source.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field, fields

from balance.analysis.metrics import Analysis
from balance.analysis.stats import ALPHA, Estimate


def threshold(default: float, doc: str):
    """A threshold and what it means (shown in the report and docs/results.md)."""
    return field(default=default, metadata={"doc": doc})


@dataclass(frozen=True)
class Thresholds:
    """When the report raises a flag.  Shares are relative to the fair share (1 / players of the decided games)."""

    seat_share: float = threshold(
        0.05, "A seat's win rate differs from the fair share by more than this share of it "
              "(2 players: outside 47.5-52.5%), and by more than the noise. With fixed roles, a seat is "
              "compared with an even split of its role's wins, and a side (the seats of a role) with its "
              "seats' share of the games.")
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
    """One finding: ``severity`` is ``warning`` (balance) or ``note`` (game feel).

    ``headline`` and ``size`` are the finding in a few words and its size with its 95% interval, for
    the verdict; ``excess`` says how far past its threshold it is (the estimate's distance from the
    balanced value over the threshold's), so the verdict can name the largest problem first.
    """

    severity: str
    text: str
    threshold: str  # the rule that raised it, in words
    headline: str = ""
    size: str = ""
    excess: float = 1.0
    topic: str = ""  # flags of one topic tell one story (seat 1 wins more, seat 2 less): the verdict names it once


BEYOND_NOISE = (", and beyond the noise (the chi-square test over all the {whats} and this {what}'s exact binomial "
                "test, Holm-adjusted across the {whats}, both give p < 0.05)")


def _beyond_noise(what: str, whats: str = "") -> str:
    return BEYOND_NOISE.format(what=what, whats=whats or what + "s")


def _pm(e) -> str:
    digits = 2 if e.hi < 0.01 else 1
    return f"{100 * e.value:.{digits}f}% ± {100 * e.half_width:.{digits}f}%"


def _ci(e: Estimate) -> str:
    """A rate with its interval, at a precision that shows a rare event: "0.01% (95% interval 0.00-0.04%)"."""
    digits = 2 if e.hi < 0.01 or e.half_width < 0.001 else 1
    return f"{100 * e.value:.{digits}f}% (95% interval {100 * e.lo:.{digits}f}-{100 * e.hi:.{digits}f}%)"


def past_threshold(distance: float, threshold: float) -> float:
    """How far past its threshold a finding is, in multiples of the threshold (a threshold of 0: infinitely)."""
    return distance / threshold if threshold > 0 else math.inf


def _share_excess(value: float, fair: float, threshold: float) -> float:
    return past_threshold(abs(value - fair) / fair, threshold) if fair else math.inf


def find_flags(a: Analysis, t: Thresholds = THRESHOLDS) -> list[Flag]:
    """Every flag the run raises, warnings first."""
    flags: list[Flag] = []
    fair = a.fair_share
    mixed = not a.rotate and len(set(a.seat_labels)) > 1
    if a.has_sides:
        flags += _side_flags(a, t)
    for seat, (e, q) in enumerate(zip(a.seat_wins, a.seat_p_holm), start=1):
        role = a.roles[seat - 1] if a.roles else ""
        seats = a.role_seats(seat)
        chi2_p = a.role_fairness.get(role, (math.nan, math.nan))[1]
        share = a.seat_fair[seat - 1] if a.seat_fair else fair
        if not (len(seats) > 1 and chi2_p < ALPHA and q < ALPHA and abs(e.value - share) > t.seat_share * share):
            continue  # NaN (no decided game, a role of one seat) compares False
        more = "more" if e.value > share else "less"
        caveat = (" Seats play different strategies and do not rotate, so this mixes seat and strategy."
                  if mixed else "")
        outside = (f"outside {100 * share * (1 - t.seat_share):.1f}-{100 * share * (1 + t.seat_share):.1f}%")
        if a.has_sides:
            side = a.side_of(seat)
            text = (f"Seat {seat} ({role}) wins {_pm(e)} of the games; {side.name} win {100 * side.rate.value:.1f}%, "
                    f"{100 * share:.1f}% per seat if split evenly: it wins {more} often than the other "
                    f"{'seat' if len(seats) == 2 else 'seats'} of its role.{caveat}")
            rule = (f"a seat more than {100 * t.seat_share:g}% away from an even split of its role's wins ({outside})"
                    f"{_beyond_noise(f'{role} seat')}")
            headline = f"seat {seat} wins {more} often than the other {role} seat{'' if len(seats) == 2 else 's'}"
        else:
            text = (f"Seat {seat} wins {_pm(e)} of the games, fair share {100 * share:.1f}%: it wins {more} often "
                    f"than its fair share.{caveat}")
            rule = f"a seat more than {100 * t.seat_share:g}% of its fair share away from it ({outside})" \
                   f"{_beyond_noise('seat')}"
            headline = f"seat {seat} wins {more} often than its fair share"
        flags.append(Flag("warning", text, rule, headline, f"{_ci(e)} of the games against {100 * share:.1f}%",
                          _share_excess(e.value, share, t.seat_share), topic=f"seats {role}"))
    flags += _strategy_flags(a, t)
    flags += _choice_flags(a, t)
    if a.draws.value > t.draw_rate and a.draws.excludes(0):
        flags.append(Flag("warning", f"{_pm(a.draws)} of the games end in a draw.",
                          f"draws in more than {100 * t.draw_rate:g}% of the games",
                          "many games end in a draw", f"{_ci(a.draws)} of the games",
                          past_threshold(a.draws.value, t.draw_rate)))
    if a.timeouts.value > t.timeout_rate:
        flags.append(Flag("warning", f"{_pm(a.timeouts)} of the games hit the turn cap before the rules ended them: "
                                     f"some strategies may stall, or the rules may not end the game.",
                          f"timeouts in more than {100 * t.timeout_rate:g}% of the games",
                          "games hit the turn cap", f"{_ci(a.timeouts)} of the games",
                          past_threshold(a.timeouts.value, t.timeout_rate)))
    d, lc = a.decisiveness, a.lead_changes_mean
    lead = a.players > 1  # a solo game's one seat always leads
    if lead and d.value > t.runaway_leader and d.lo > t.runaway_leader:
        flags.append(Flag("note", f"Runaway leader: on average the eventual winner leads for good over the last "
                                  f"{100 * d.value:.0f}% of the game, so games are often decided early.",
                          f"mean decisiveness above {t.runaway_leader:g}",
                          "the eventual winner often leads from early on",
                          f"the last {100 * d.value:.0f}% of the game on average "
                          f"(95% interval {100 * d.lo:.0f}-{100 * d.hi:.0f}%)", past_threshold(d.value, t.runaway_leader)))
    if lead and a.games and lc.value < t.lead_changes and not lc.lo <= t.lead_changes <= lc.hi:
        flags.append(Flag("note", f"The lead changes hands only {lc.value:.2f} times per game on average.",
                          f"fewer than {t.lead_changes:g} lead changes per game",
                          "the lead rarely changes hands",
                          f"{lc.value:.2f} lead changes per game (95% interval {lc.lo:.2f}-{lc.hi:.2f})",
                          past_threshold(t.lead_changes, max(lc.value, 1e-9))))
    median, p95 = a.turns.quantile(0.5), a.turns.quantile(0.95)
    if median and p95 > t.length_tail * median:
        flags.append(Flag("note", f"Game length has a long tail: 1 game in 20 lasts {p95:g} turns or more, "
                                  f"against a median of {median:g}.",
                          f"95th percentile of length more than {t.length_tail:g}× the median",
                          "a few games run very long", f"1 game in 20 lasts {p95:g} turns or more, median {median:g}",
                          past_threshold(p95 / median, t.length_tail)))
    return sorted(flags, key=lambda f: f.severity != "warning")


def _choice_flags(a: Analysis, t: Thresholds) -> list[Flag]:
    """A value of a seat's choice that wins far from the share of all seats: "the skeleton wins more often"."""
    out = []
    for c in a.choices:
        for v in c.values:
            e = v.rate
            if not (c.p < ALPHA and v.p_holm < ALPHA and abs(e.value - c.fair) > t.seat_share * c.fair):
                continue
            more = "more" if e.value > c.fair else "less"
            out.append(Flag(
                "warning", f"Seats playing the {v.name} win {_pm(e)} of the time, all seats {100 * c.fair:.1f}%: "
                           f"the {v.name} wins {more} often than the average seat.",
                f"a {c.label} more than {100 * t.seat_share:g}% of the seats' win rate away from it"
                f"{_beyond_noise(c.label)}", f"the {v.name} wins {more} often", f"{_ci(e)} of its seats against "
                f"{100 * c.fair:.1f}%", _share_excess(e.value, c.fair, t.seat_share), topic=f"choice {c.column}"))
    return out


def _side_flags(a: Analysis, t: Thresholds) -> list[Flag]:
    """A side that wins far from its seats' share of the games: "the human never wins"."""
    out = []
    sides_differ = a.side_fairness[1] < ALPHA
    judged = a.sides
    if len(judged) == 2:  # one finding, told of the smaller side: "the human never wins", not also "the monsters..."
        judged = [min(judged, key=lambda side: len(side.seats))]
    for side in judged:
        e, share = side.rate, side.fair
        if not (sides_differ and side.p_holm < ALPHA and abs(e.value - share) > t.seat_share * share):
            continue
        seats = len(side.seats)
        who = f"{len(side.seats)} of {a.players} players" if seats > 1 else f"one of {a.players} players"
        if side.wins == 0:
            headline = f"{side.name} never win{'s' if seats == 1 else ''}"
        elif e.value < 0.01 and e.value < share:
            headline = f"{side.name} almost never win{'s' if seats == 1 else ''}"
        else:
            headline = f"{side.name} win{'s' if seats == 1 else ''} " + ("more" if e.value > share else "less") + \
                       " often than " + ("its" if seats == 1 else "their") + " seats' share"
        count = f"{side.wins:,} of {a.games:,} games"
        text = (f"{headline[0].upper()}{headline[1:]}: {count}, {_pm(e)}, where {who} would win "
                f"{100 * share:.1f}% if every player had the same chance whatever the role.")
        rule = (f"a side more than {100 * t.seat_share:g}% of its seats' share of the games away from it "
                f"(outside {100 * share * (1 - t.seat_share):.1f}-{100 * share * (1 + t.seat_share):.1f}%)"
                f"{_beyond_noise('side')}")
        out.append(Flag("warning", text, rule, headline,
                        f"{count}, {_ci(e)}, against {100 * share:.1f}% for {who}",
                        # a side that (almost) never wins is the largest problem a game can have
                        math.inf if "never" in headline else _share_excess(e.value, share, t.seat_share), "sides"))
    return out


def _strategy_flags(a: Analysis, t: Thresholds) -> list[Flag]:
    flags: list[Flag] = []
    if len(a.strategies) < 2:
        return flags
    strategies_differ = a.strategy_fairness[1] < ALPHA
    for label, st in a.strategies.items():
        e, fair = st.wins, st.fair
        if not (strategies_differ and st.p_holm < ALPHA) or not math.isfinite(fair):
            continue
        whose = (f"{100 * fair:.1f}% for its {'/'.join(st.roles)} seats" if a.has_sides
                 else f"fair share {100 * fair:.1f}%")
        field_ = "the other strategies of its role" if a.has_sides else "the field"
        if e.value > (1 + t.strategy_strong) * fair:
            flags.append(Flag("warning", f"Strategy `{label}` wins {_pm(e)} of the seats it plays, {whose}: it is "
                                         f"much stronger than {field_}.",
                              f"a strategy winning more than {1 + t.strategy_strong:g}× the fair share"
                              f"{_beyond_noise('strategy', 'strategies')}",
                              f"strategy `{label}` is much stronger than {field_}",
                              f"{_ci(e)} of its seats against {100 * fair:.1f}%",
                              past_threshold(e.value / fair - 1, t.strategy_strong), f"strategy {label}"))
        elif e.value < (1 - t.strategy_weak) * fair:
            flags.append(Flag("note", f"Strategy `{label}` wins only {_pm(e)} of the seats it plays, {whose}: it is "
                                      f"much weaker than {field_}.",
                              f"a strategy winning less than {1 - t.strategy_weak:g}× the fair share"
                              f"{_beyond_noise('strategy', 'strategies')}",
                              f"strategy `{label}` is much weaker than {field_}",
                              f"{_ci(e)} of its seats against {100 * fair:.1f}%",
                              past_threshold(1 - e.value / fair, t.strategy_weak), f"strategy {label}"))
    for label, st in a.strategies.items():
        rivals = [h for (x, _), h in a.head_to_head.items() if x == label]
        same_role = [k for k, other in a.strategies.items() if k != label and set(other.roles) & set(st.roles)]
        if rivals and len(rivals) == len(same_role) and all(
                h.share.value > t.head_to_head and h.share.excludes(0.5) for h in rivals):
            worst = min(rivals, key=lambda h: h.share.value)
            every = "every other strategy of its role" if a.has_sides else "every other strategy"
            flags.append(Flag("warning", f"Strategy `{label}` beats {every}: it takes at least "
                                         f"{100 * worst.share.value:.1f}% of the games won by it or its rival, "
                                         f"against each of them.",
                              f"more than {100 * t.head_to_head:g}% against every other strategy",
                              f"`{label}` beats {every} head to head",
                              f"at least {_ci(worst.share)} of the games won by it or its rival",
                              past_threshold(worst.share.value - 0.5, t.head_to_head - 0.5), f"strategy {label}"))
    # a strategy that is much stronger and beats every rival is one story: told by its win rate against its fair
    # share (the plainer number), ranked by the larger of the two
    rank: dict[str, float] = {}
    for f in flags:
        rank[f.topic] = max(rank.get(f.topic, 0.0), f.excess)
    return [dataclasses.replace(f, excess=rank[f.topic]) for f in flags]
