"""What the report says: the run's analysis turned into titled sections of text, tables and plots.

The same :class:`~balance.report.blocks.Document` is rendered to HTML and to PDF.  The answer comes
first (the verdict, then the sides when the seats play fixed roles), the results next, and the
scenario's facts and assumed rule values last, as an appendix.  Nothing here is specific to one game:
a game's own columns are shown from its GameSpec (``seat_columns``, ``score_components``,
``game_columns``, with their ``column_labels``), its roles from ``roles``, and its own sections come
from ``report_sections``.
"""

from __future__ import annotations

import math
from datetime import datetime, timezone
from functools import partial
from typing import Any

import numpy as np
import polars as pl

from balance.analysis.choices import ChoiceColumn
from balance.analysis.flags import THRESHOLDS, Flag, Thresholds
from balance.analysis.metrics import Analysis
from balance.analysis.stats import ALPHA, wilson
from balance.analysis.unfold import MIN_LEADS, Unfold, how_games_unfold
from balance.analysis.verdict import run_verdict
from balance.registry import run_title
from balance.report import figures as F
from balance.report.blocks import Callout, Document, KeyNumbers, Plot, Section, Table, Text, Verdict
from balance.report.fmt import count, mean_ci, num, p_value, pct, pct_ci, pct_digits, players, points, seconds, sig

PANELS_PER_PLOT = 12  # small multiples per figure (3 rows of 4): a figure never outgrows a page


def build_document(a: Analysis, flags: list[Flag], games: pl.LazyFrame | None = None, spec=None) -> Document:
    meta, sc = a.meta, a.meta["scenario"]
    game_name = spec.name if spec is not None else sc["game"]
    sections = [
        _at_a_glance(a, flags),
        *([_sides(a)] if a.has_sides else []),
        *([_seats(a)] if a.players > 1 else []),  # a solo game's one seat wins every decided game
        *([_strategies(a)] if len(a.strategies) > 1 else []),
        *[_choice(c) for c in a.choices],
        *([_winners(a)] if a.winners and a.players > 1 else []),
        _scores(a),
        _length(a),
        *([_balance(a)] if a.players > 1 else []),
        *_game_details(a),
        *_game_sections(spec, games, meta),
        *([_unfold(how_games_unfold(games, meta, spec), a)] if games is not None else []),
        _scenario(a, game_name, spec.readings if spec is not None else []),
        _method(a),
    ]
    for i, s in enumerate(sections):
        s.id = s.id or f"s{i + 1}"
    when = meta.get("finished") or datetime.now(timezone.utc).strftime("%Y-%m-%d")
    return Document(
        title=run_title(game_name, sc["name"]),
        subtitle=f"{players(a.players)} · {a.games:,} games · seed {sc['seed']} · reported {when}",
        sections=sections,
    )


# --- sections ---------------------------------------------------------------------------------

def _at_a_glance(a: Analysis, flags: list[Flag]) -> Section:
    kind, verdict = run_verdict(a, flags)
    items = []
    if a.has_sides:
        for side in a.sides:
            one = len(side.seats) == 1
            items.append((f"{side.name} win{'s' if one else ''}", pct(side.rate.value, pct_digits(side.rate)),
                          f"{pct(side.fair)} if every player had the same chance"))
    elif a.players == 1:
        mean, ci = mean_ci(a.seat_scores[0].mean_interval(), 1)
        items.append(("mean score", mean, f"95% interval {ci}"))
    else:
        items.append(("seat 1 wins", pct(a.seat_wins[0].value, pct_digits(a.seat_wins[0])),
                      f"fair share {pct(a.fair_share)}"))
    for role in dict.fromkeys(a.roles or [""]):
        seats = [s for s in range(1, a.players + 1) if (a.roles[s - 1] if a.roles else "") == role]
        if len(seats) < 2:
            continue
        best = max(seats, key=lambda s: a.seat_wins[s - 1].value)
        worst = min(seats, key=lambda s: a.seat_wins[s - 1].value)
        spread = a.seat_wins[best - 1].value - a.seat_wins[worst - 1].value
        items.append((f"{role} seat spread" if role else "seat spread", points(spread),
                      f"seat {best} best, seat {worst} worst"))
    if len(a.strategies) > 1:
        top = max(a.strategies.values(), key=lambda s: s.wins.value / s.fair if s.fair else s.wins.value)
        name, params = (top.label.split("(", 1) + [""])[:2]  # a card holds the name; its parameters go below
        items.append(("best strategy", name, (f"{params.removesuffix(')')}: " if params else "")
                      + f"wins {pct(top.wins.value)} of its seats" + (f", {pct(top.fair)} expected" if a.has_sides else "")))
    items.append(("game length", f"{a.turns.quantile(0.5):g} turns",
                  f"median; 90% between {a.turns.quantile(0.05):g} and {a.turns.quantile(0.95):g}"))
    if a.players > 1:
        items += [("lead changes", f"{a.lead_changes_mean.value:.2f}", "per game, on average"),
                  ("winner leads for good", pct(a.decisiveness.value, 0), "of the game, on average")]
    if a.draws.value or a.timeouts.value:
        items.append(("no winner", pct(a.draws.value + a.timeouts.value, 2),
                      f"draws {pct(a.draws.value, 2)}, timeouts {pct(a.timeouts.value, 2)}"))
    blocks: list = [Verdict(kind, verdict), KeyNumbers(items), Text(_what_was_played(a), "muted")]
    if flags:
        blocks.append(Text(f"{_findings(len(flags))} the report's thresholds (the thresholds are listed at the end):"))
        blocks += [Callout(f.severity, f.text, f"Raised by: {f.threshold}.") for f in flags]
    else:
        blocks.append(Callout("ok", "Nothing crosses the report's balance thresholds (listed at the end).", ""))
    return Section("At a glance", blocks, id="glance")


def _findings(n: int) -> str:
    return "1 finding crosses" if n == 1 else f"{n} findings cross"


def _seat_names(a: Analysis) -> str:
    roles = [f" ({a.roles[i]})" if a.has_sides else "" for i in range(a.players)]
    return "; ".join(f"{i}{roles[i - 1]}: {s['label']}" for i, s in enumerate(a.meta["scenario"]["seats"], start=1))


def _what_was_played(a: Analysis) -> str:
    """The scenario in one line: who sat where, and what changed from the printed rules (details at the end)."""
    rules = a.meta["scenario"].get("rules", [])
    changed = [r["key"] for r in rules if r.get("changed")]
    assumed = sum(1 for r in rules if r.get("source") == "assumed")
    order = "the strategies rotate through the seats" if a.rotate else "fixed seats"
    rule_words = (f"rules changed from the printed ones: {', '.join(changed)}" if changed
                  else "the printed rules")
    return (f"Seats: {_seat_names(a)} ({order}); {rule_words}"
            + (f"; {assumed} assumed rule values (where the rulebook is silent) are listed under Scenario" if assumed
               else "") + ".")


def _sides(a: Analysis) -> Section:
    """The side totals first: in a game of fixed roles, the first question is whether each side can win."""
    rows = []
    for side in a.sides:
        e = side.rate
        rows.append([side.name, ", ".join(str(s) for s in side.seats), f"{side.wins:,}", pct(e.value, pct_digits(e)),
                     pct_ci(e), pct(side.fair), points(e.value - side.fair, pct_digits(e)), p_value(side.p_holm)])
    chi2, p = a.side_fairness
    blocks: list = [
        Plot(partial(F.draw_sides, a=a), 0.5 * len(a.sides) + 0.9,
             caption="Share of the games each side won, with 95% Wilson intervals; the black tick is the side's "
                     "share of the games if every player had the same chance whatever the role."),
        Table(["side", "seats", "wins", "win rate", "95% interval", "seats' share", "difference",
               "p (Holm)"], rows, align=["l", "l"] + ["r"] * 6),
        Text(f"Each player plays to win alone, so an even game gives every player the same chance whatever the "
             f"role: a side's fair share is its seats' share of the {a.decided:,} games with a winner. "
             + (f"The sides' wins differ from those shares by more than chance would explain: chi-square "
                f"{num(chi2, 1)}, {p_value(p)}. " if math.isfinite(p) and p < 0.05 else
                f"The sides' wins are consistent with those shares: chi-square {num(chi2, 1)}, {p_value(p)}. ")
             + "Seats are compared only with the other seats of their role (below)."),
    ]
    return Section("Who wins: sides", blocks, id="sides")


def _scenario(a: Analysis, game_name: str, readings: list[str]) -> Section:
    meta, sc = a.meta, a.meta["scenario"]
    seats = "; ".join(f"{i}: {s['label']}" for i, s in enumerate(sc["seats"], start=1))
    rate = meta.get("games_per_second")
    facts = [
        ["game", f"{game_name} ({sc['game']}), {players(a.players)}"],
        ["scenario", f"{sc['name']}" + (f" ({sc['path']})" if sc.get("path") and not sc["path"].startswith("<")
                                        else "")],
        *([["description", sc["description"]]] if sc.get("description") else []),
        ["seats (strategy)", seats],
        ["seat order", "the strategies move one seat on every game, so each plays every seat equally often"
         if a.rotate else "fixed: each seat plays the same strategy in every game"],
        ["games played", f"{a.games:,}" + (f" (status: {meta['status']})" if meta.get("status") not in (None, "complete")
                                           else "")],
        ["seed", str(sc["seed"])],
        ["batches", f"{meta.get('batches', '–')} of {meta.get('batch_size', 0):,} games"],
        ["time", seconds(meta.get("wall_seconds"))
         + (f" on {count(meta['jobs'], 'process', 'processes')}" if meta.get("jobs") else "")],
        ["speed", f"{rate:,} games/s" if rate else "–"],
        ["versions", ", ".join(f"{k} {v}" for k, v in meta.get("versions", {}).items())],
    ]
    blocks: list = [Table(["", ""], facts, align=["l", "l"])]
    rules = sc.get("rules", [])
    changed = [r for r in rules if r.get("changed")]
    assumed = [r for r in rules if r.get("source") == "assumed"]
    if changed:
        blocks.append(Table(["rule", "value here", "printed value", "what it is"],
                            [[r["key"], _value(r["value"]), _value(r["default"]), r.get("doc", "")] for r in changed],
                            caption=f"Rules changed from the printed ones ({len(changed)})",
                            align=["l", "l", "l", "l"]))
    else:
        blocks.append(Text(f"All {len(rules)} rule values are as printed: no rule is changed in this scenario."))
    if assumed:
        blocks.append(Table(["rule", "value", "what it is", "why this value (the rulebook is silent or unclear)"],
                            [[r["key"], _value(r["value"]), r.get("doc", ""), r.get("note", "")] for r in assumed],
                            caption=f"Assumed rule values ({len(assumed)}): our reading where the rules do not say; "
                                    f"check them against the game you mean", align=["l", "l", "l", "l"]))
    else:
        blocks.append(Text("Every rule value comes from the rulebook: none is assumed."))
    if readings:
        blocks.append(Table(["reading"], [[_sentence(r)] for r in readings], align=["l"],
                            caption=f"How the engine reads the rulebook where it is silent or unclear ({len(readings)}; "
                                    f"those with a number are among the rule values above)"))
    blocks.append(Text(f"The run.json file next to this report lists every one of the {len(rules)} rule values "
                       f"with its source.", "muted"))
    return Section("Scenario", blocks, id="scenario")


def _sentence(text: str) -> str:
    """A reading as a sentence of its own, ending with a full stop; capitalised unless it starts with a rule's key
    (``max_rounds = 300``, ``options.heal_target = own``)."""
    text = text.rstrip(" ;.")
    first = text.split(" ", 1)[0]
    if "_" not in first and "." not in first:
        text = text[:1].upper() + text[1:]
    return text + "."


VALUE_CHARS = 600  # a rule value longer than this (a drawn board) is cut; run.json has it whole


def _value(v: Any) -> str:
    """A rule value as the designer wrote it; a list in full (it wraps at its commas), up to VALUE_CHARS."""
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, (list, tuple)):
        text = ", ".join(_value(x) for x in v)
        return f"[{text}]" if len(text) <= VALUE_CHARS else f"[{text[:VALUE_CHARS - 4]}…]"
    if isinstance(v, float):
        return f"{v:g}"
    return f"{v:,}" if isinstance(v, int) else str(v)


def _seats(a: Analysis) -> Section:
    mixed = not a.rotate and len(set(a.seat_labels)) > 1
    rows = []
    for s, e in enumerate(a.seat_wins, start=1):
        m, ci = mean_ci(a.seat_scores[s - 1].mean_interval(), 1)
        fair = a.seat_fair[s - 1]
        alone = len(a.role_seats(s)) < 2
        rows.append([f"seat {s}", *([a.roles[s - 1]] if a.has_sides else []), *([a.seat_labels[s - 1]] if mixed else []),
                     f"{round(e.value * a.games):,}", pct(e.value, pct_digits(e)), pct_ci(e),
                     "–" if alone else points(e.value - fair, pct_digits(e)), m])
    fair_col = "vs its role's even split" if a.has_sides else "vs fair share"
    cols = ["seat", *(["role"] if a.has_sides else []), *(["strategy"] if mixed else []), "wins", "win rate",
            "95% interval", fair_col, "mean score"]
    lead = 1 + a.has_sides + mixed
    if not a.has_sides:
        line = "; the dashed line is the fair share"
    elif any(len(a.role_seats(s)) > 1 for s in range(1, a.players + 1)):
        line = "; the dashed line is an even split of the role's wins between its seats"
    else:
        line = ""  # no role has two seats to split its wins (F.draw_seat_wins draws no line)
    blocks = [
        Plot(partial(F.draw_seat_wins, a=a), 2.6, caption=f"Win rate by seat, with 95% Wilson intervals{line}."),
        Table(cols, rows, align=["l"] * lead + ["r"] * 5),
    ]
    tests = []
    for role, (chi2, p) in a.role_fairness.items():
        seats = [s for s in range(1, a.players + 1) if (a.roles[s - 1] if a.roles else "") == role]
        what = f"The {role} seats' win rates" if role else "The seats' win rates"
        verdict = "differ by more than chance would explain" if math.isfinite(p) and p < 0.05 else \
            "are consistent with an even split"
        tests.append(f"{what} {verdict}: chi-square {num(chi2, 1)} with {len(seats) - 1} degree"
                     f"{'s' if len(seats) > 2 else ''} of freedom, {p_value(p)} (test that "
                     + (f"the {role} seats share the {role}s' wins equally)." if role else
                        f"every seat wins equally often, over the {a.decided:,} games with a winner)."))
    d, rival = a.first_vs_last, a.rival_seat
    if rival and math.isfinite(d.estimate.value):
        tests.append(f"Seat 1 against seat {rival}: {points(d.estimate.value, 2)} (95% interval "
                     f"{points(d.estimate.lo, 2)} to {points(d.estimate.hi, 2)}; exact binomial test that each of the "
                     f"two wins half of the games either wins, {p_value(d.p_value)}).")
    if a.has_sides and not a.role_fairness:
        tests.append("Every role has one seat: no seat shares its role, so no seat is compared with another.")
    blocks.append(Text(" ".join(tests)))
    if mixed:
        blocks.append(Text("The seats play different strategies and do not rotate, so a seat's win rate mixes "
                           "the seat with its strategy."
                           + ("" if a.has_sides else " Set rotate_seats = true in the scenario's [run] table to "
                                                     "separate them."), "muted"))
    return Section("Who wins: seats", blocks, id="seats")


def _strategies(a: Analysis) -> Section:
    rows = []
    for st in sorted(a.strategies.values(), key=lambda s: -s.wins.value):
        m, _ = mean_ci(st.scores.mean_interval(), 1)
        rows.append([st.label, *(["/".join(st.roles)] if a.has_sides else []), f"{st.played:,}",
                     f"{sum(st.seat_wins):,}", pct(st.wins.value, pct_digits(st.wins)), pct_ci(st.wins),
                     f"{st.wins.value / st.fair:.2f}×" if st.fair else "–", m])
    k = len(a.strategies)
    blocks = [
        Plot(partial(F.draw_strategy_wins, a=a), 0.42 * k + 0.9,
             caption="Win rate by strategy (share of the seats it played that won), with 95% Wilson intervals"
                     + ("; the black tick is what its seats win on average (its role's wins split evenly)."
                        if a.has_sides else ".")),
        Table(["strategy", *(["role"] if a.has_sides else []), "seats played", "wins", "win rate", "95% interval",
               "vs its seats' share" if a.has_sides else "vs fair share", "mean score"], rows,
              align=["l"] * (1 + a.has_sides) + ["r"] * 6),
    ]
    if any(sum(1 for p in st.seat_played if p) > 1 for st in a.strategies.values()):
        blocks.append(Plot(partial(F.draw_strategy_seats, a=a), 0.42 * k + 1.0,
                           caption="Win rate of each strategy at each seat; blue above the seat's fair share, "
                                   "red below."))
    if a.head_to_head:
        blocks += [
            Plot(partial(F.draw_head_to_head, a=a), 0.42 * k + 1.3,
                 caption="Strategy against strategy: of the games won by the row strategy or the column strategy, "
                         "the share the row strategy won (50% = equally strong; in a two-player game, the row's "
                         "win rate against the column)"
                         + ("; only strategies of the same role are compared." if a.has_sides else ".")),
        ]
        beats = _dominance(a)
        if beats:
            blocks.append(Text(beats))
    return Section("Who wins: strategies", blocks, id="strategies")


def _choice(c: ChoiceColumn) -> Section:
    """Who wins by a choice each seat makes (the monster it plays)."""
    rows = [[v.name, f"{v.seats:,}", f"{v.wins:,}", pct(v.rate.value, pct_digits(v.rate)), pct_ci(v.rate),
             p_value(v.p_holm), num(v.mean_score, 1)] for v in c.values]
    differ = ("the seats' chances differ with it" if c.p < ALPHA else
              "no difference beyond the noise") if math.isfinite(c.p) else "too few games to test"
    return Section(f"Who wins: by {c.label}", [
        Text(f"Each seat of each game counts once, under the {c.label} it played. All seats together won "
             f"{pct(c.fair)} of the time. Does the {c.label} matter? The chi-square test of 'it makes no "
             f"difference' gives {p_value(c.p)}: {differ}."),
        Plot(partial(F.draw_choice_wins, c=c), 0.42 * len(c.values) + 0.9,
             caption=f"Win rate by {c.label}, with 95% Wilson intervals; the dashed line is the share of all seats "
                     f"that won."),
        Table([c.label, "seats", "wins", "win rate", "95% interval", "p against all seats (Holm)", "mean score"],
              rows, align=["l"] + ["r"] * 6),
    ], id=f"choice-{c.column}")


def _dominance(a: Analysis) -> str:
    lines = []
    for lab in a.strategies:
        rivals = {y: h for (x, y), h in a.head_to_head.items() if x == lab}
        won = [y for y, h in rivals.items() if h.share.lo > 0.5]
        if rivals and len(won) == len(rivals):
            lines.append(f"`{lab}` beats every other strategy{' of its role' if a.has_sides else ''} head to head.")
    return " ".join(lines)


def _winners(a: Analysis) -> Section:
    """What winners did: every per-seat count, winners against the rest, and the win rate by amount."""
    rows = []
    for w in a.winners:
        rows.append([w.label, *([w.side] if a.has_sides else []), _mean_and_ci(w.winners.mean_interval()),
                     _mean_and_ci(w.rest.mean_interval()), _mean_and_ci(w.difference, sign=True)])
    sides = "the other seats of their side" if a.has_sides else "the seats that did not win"
    blocks: list = [
        Text(f"For every count the game records per seat: how much the seats that won had, against {sides}, and "
             f"how often a seat won with each amount. Sorted by how sharply the count sets the winners apart "
             f"(the difference in standard deviations)."),
        Table(["count", *(["side"] if a.has_sides else []), "winners: mean (95% interval)",
               "the rest: mean (95% interval)", "difference (95% interval)"], rows,
              caption="Winners against the rest", align=["l"] * (1 + a.has_sides) + ["r"] * 3),
    ]
    for side in dict.fromkeys(w.side for w in a.winners):
        panels = [w for w in a.winners if w.side == side]
        for start in range(0, len(panels), PANELS_PER_PLOT):
            chunk = panels[start:start + PANELS_PER_PLOT]
            rows_ = -(-len(chunk) // F.PANEL_COLUMNS)
            blocks.append(Plot(partial(F.draw_win_rate_by_amount, columns=chunk), 1.75 * rows_ + 0.2,
                               caption=f"Win rate by amount{f', {side}' if side else ''}: the share of the seats "
                                       f"with each amount that won, with 95% Wilson intervals; under each amount, "
                                       f"the share of the seats that had it. Dashed: the win rate per seat over "
                                       f"all games."))
    return Section("What winners did", blocks, id="winners")


def _mean_and_ci(e, sign: bool = False) -> str:
    """A mean with its interval, to three significant digits (0.000934, not 0.00), more when the interval needs them
    to show (36.41 to 36.45, not 36.4 to 36.4)."""
    if not math.isfinite(e.value):
        return "–"
    if not math.isfinite(e.lo):
        return sig(e.value, sign)
    digits = 3  # a zero-wide interval (every seat had the same) needs no more
    while e.lo != e.hi and digits < 7 and sig(e.lo, sign, digits) == sig(e.hi, sign, digits):
        digits += 1
    return f"{sig(e.value, sign, digits)} ({sig(e.lo, sign, digits)} to {sig(e.hi, sign, digits)})"


def _scores(a: Analysis) -> Section:
    def row(name, h):
        m, ci = mean_ci(h.mean_interval(), 1)
        return [name, m, ci, num(h.std, 1), num(h.quantile(0.05)), num(h.quantile(0.5)), num(h.quantile(0.95)),
                num(h.min), num(h.max)]

    rows = [row(f"seat {s}", h) for s, h in enumerate(a.seat_scores, start=1)]
    if len(a.strategies) > 1:
        rows += [row(lab, st.scores) for lab, st in a.strategies.items()]
    blocks: list = [
        Plot(partial(F.draw_distributions, hists={f"seat {s}": h for s, h in enumerate(a.seat_scores, start=1)},
                     xlabel="final score"), 2.5, caption="Final score distribution by seat."),
    ]
    if len(a.strategies) > 1:
        blocks.append(Plot(partial(F.draw_distributions, hists={lab: st.scores for lab, st in a.strategies.items()},
                                   xlabel="final score", what="seats played"), 2.5,
                           caption="Final score distribution by strategy."))
    blocks.append(Table(["", "mean", "95% interval", "sd", "5%", "median", "95%", "min", "max"], rows,
                        caption="Final scores" + (" (each role scores in its own way: compare seats of one role)"
                                                  if a.has_sides else "")))
    m = a.margin
    if m.n:
        median = m.quantile(0.5)
        blocks.append(Text(f"Winning margin (the winner's score minus the best other score): median {median:g}"
                           f" point{'' if abs(median) == 1 else 's'}, mean {m.mean:.1f}; 90% of the decided games are "
                           f"won by between "
                           f"{m.quantile(0.05):g} and {m.quantile(0.95):g} points."))
    if a.score_components:
        blocks.append(Plot(partial(F.draw_components, a=a), 2.6,
                           caption="Where the points come from: mean score components per game (points lost are drawn "
                                   "below 0)."))
        comp_rows = [[a.label(c), *[num(a.seat_columns[c][s].mean.value, 2) for s in range(a.players)]]
                     for c in a.score_components]
        blocks.append(Table(["component", *[f"seat {s}" for s in range(1, a.players + 1)]], comp_rows,
                            caption="Mean points per game from each score component"))
    return Section("Scores", blocks, id="scores")


def _length(a: Analysis) -> Section:
    t = a.turns
    m, ci = mean_ci(t.mean_interval(), 2)
    med = t.quantile_interval(0.5)
    rows = [[m, ci, num(t.quantile(0.05)), num(t.quantile(0.25)), f"{med.value:g} ({med.lo:g}–{med.hi:g})",
             num(t.quantile(0.75)), num(t.quantile(0.95)), f"{t.min:g}–{t.max:g}"]]
    reasons = a.summary.end_reasons
    spec_reasons = a.meta.get("end_reasons") or list(reasons)
    reason_rows = []
    for r in dict.fromkeys([*spec_reasons, *reasons]):
        k = reasons.get(r, 0)
        e = wilson(k, a.games)
        reason_rows.append([r.replace("_", " "), f"{k:,}", pct(e.value, 2), pct_ci(e) if k else "–"])
    return Section("Game length and how games end", [
        Plot(partial(F.draw_length, a=a), 2.4, caption="Game length in turns (share of games per length)."),
        Table(["mean", "95% interval", "5%", "25%", "median (95% interval)", "75%", "95%", "range"], rows,
              align=["r"] * 8),
        Table(["end reason", "games", "share", "95% interval"], reason_rows, caption="How the games ended"),
    ], id="length")


def _balance(a: Analysis) -> Section:
    fsa = a.first_seat_advantage
    lc, dec, mg = a.lead_changes_mean, a.decisiveness, a.margin_mean
    d = 2 if max(pct_digits(e) for e in a.seat_wins) > 1 else 1
    first = []
    if math.isfinite(fsa.value):
        role = a.roles[0] if a.has_sides else ""
        first = [[f"first {role} seat's advantage" if role else "first-seat advantage", points(fsa.value, d),
                  f"{points(fsa.lo, d)} to {points(fsa.hi, d)}",
                  f"seat 1's win rate minus an even split of the {role}s' wins" if role else
                  "seat 1's win rate minus the fair share"]]
    rows = [
        *first,
        *([["seat spread", points(a.seat_spread, d), "–", "best seat's win rate minus the worst seat's"]]
          if not a.has_sides else []),
        ["draw rate", pct(a.draws.value, 2), pct_ci(a.draws), "games that end with no winner (not timeouts)"],
        ["timeout rate", pct(a.timeouts.value, 2), pct_ci(a.timeouts), "games stopped by the turn cap"],
        ["lead changes per game", *mean_ci(lc, 2), "how often the sole lead passed from one seat to another"],
        ["decisiveness", pct(dec.value, 1), _pct_range(dec),
         "share of the game the eventual winner led for good (1 − winner_led_from / turns)"],
        ["late leads", pct(a.late_lead.value, 1), pct_ci(a.late_lead),
         "games the winner took the lead for good only in the last 10% of turns"],
        ["winning margin", *mean_ci(mg, 1), "winner's score minus the best other score (points)"],
    ]
    return Section("Balance metrics", [
        Table(["metric", "value", "95% interval", "what it measures"], rows, align=["l", "r", "r", "l"]),
        Plot(partial(F.draw_balance, a=a), 2.4,
             caption="Lead changes per game, decisiveness and winning margin (decided games for the last two)."),
        Text("High decisiveness with few lead changes means games are settled early (a runaway leader); low "
             "decisiveness means the winner often emerges only at the end.", "muted"),
    ], id="balance")


def _pct_range(e) -> str:
    return "–" if not math.isfinite(e.lo) else f"{100 * e.lo:.1f}–{100 * e.hi:.1f}%"


def _game_details(a: Analysis) -> list[Section]:
    """Every per-seat and per-game column the game records, by seat and by strategy."""
    blocks: list = []
    other = [c for c in a.seat_columns]
    if other:
        rows = [[a.label(c), *[num(a.seat_columns[c][s].mean.value, 2) for s in range(a.players)]] for c in other]
        blocks.append(Table(["mean per game", *[f"seat {s}" for s in range(1, a.players + 1)]], rows,
                            caption="The game's own per-seat counts, by seat"))
        if len(a.strategies) > 1:
            rows = [[a.label(c), *[num(a.strategy_columns[c].get(lab, math.nan), 2) for lab in a.strategies]]
                    for c in other]
            blocks.append(Table(["mean per game", *a.strategies], rows,
                                caption="The game's own per-seat counts, by strategy"))
    if a.game_columns:
        rows = [[a.label(c), *mean_ci(st.mean, 2), num(st.std, 2), f"{num(st.min)}–{num(st.max)}"]
                for c, st in a.game_columns.items()]
        blocks.append(Table(["per game", "mean", "95% interval", "sd", "range"], rows,
                            caption="The game's own per-game counts"))
    return [Section("Game details", blocks, id="details")] if blocks else []


def _game_sections(spec, games: pl.LazyFrame | None, meta: dict) -> list[Section]:
    if spec is None or games is None:
        return []
    out = []
    for rs in getattr(spec, "report_sections", ()) or ():
        try:
            blocks = list(rs.build(games, meta))
        except Exception as e:  # a game's own section must not stop the rest of the report
            blocks = [Callout("warning", f"This section could not be built: {type(e).__name__}: {e}")]
        out.append(Section(rs.title, blocks))
    return out


def _unfold(u: Unfold, a: Analysis) -> Section:
    """How games unfold: scores over time by strategy, the comeback curve, the seat advantage by step."""
    step, steps = u.step, f"{u.step}s"
    if not u.sampled:
        why = (f"the run kept no scores by {step} ([run] scores_by_turn = 0)" if "scores_by_turn" in
               a.meta["scenario"].get("run", {}) else "the run was played before games kept their scores by turn")
        return Section("How games unfold", [Text(
            f"Not shown: {why}. Set [run] scores_by_turn = N in the scenario (every Nth game keeps its scores after "
            f"each turn; 1: every game) and play it again.", "muted")], id="unfold")
    lengths = u.lengths
    median = int(np.searchsorted(np.cumsum(lengths), lengths.sum() / 2))
    every = "every game" if u.every == 1 else f"every {_ordinal(u.every)} game" if u.every else "a sample of games"
    blocks: list = [Text(
        f"Each seat's score after every {step} of {u.sampled:,} games ({every} of the run){f'; {u.note}' if u.note else ''}. "
        f"Games last {median} {steps} at the median; the charts stop after {step} {u.horizon}, by which 99% of them "
        f"had ended. A game that has ended keeps its final score in the score charts, so each curve ends at the "
        f"mean final score; the strip under the first chart shows the share of the games still being played.")]
    if u.scores:
        blocks.append(Plot(partial(F.draw_unfold_scores, u=u), 3.0,
                           caption=f"Mean score after each {step} by strategy"
                                   + (" (each role on its own scale: the roles score in their own ways)"
                                      if a.has_sides else "")
                                   + f", with 95% intervals (bands); below, the share of the sampled games still "
                                     f"being played after each {step}."))
    if u.comeback is not None:
        cb = u.comeback
        marks = sorted({1, *(max(1, round(q * median)) for q in (0.25, 0.5, 0.75)), median})
        rows = []
        for t in marks:
            if t > u.horizon or not cb.shown(t):
                continue
            e = cb.rate(t)
            rows.append([str(t), f"{int(cb.games[t - 1]):,}", pct(cb.tied[t - 1] / cb.games[t - 1], 1),
                         pct(e.value, 1), pct_ci(e)])
        blocks += [
            Plot(partial(F.draw_comeback, u=u, players=a.players), 2.5,
                 caption=f"The comeback curve: of the games still being played after each {step} that have a sole "
                         f"leader (the one highest score), the share the leader goes on to win, with 95% Wilson "
                         f"intervals; a draw or a timeout is a lead that did not win. Games whose lead is shared "
                         f"after the {step} have no leader and are left out of it; their share is the dash-dotted "
                         f"line. Low: comebacks are common; near 100% early: the game is decided early."),
        ]
        if rows:
            blocks.append(Table([f"after {step}", "games still played", "lead shared", "the leader wins",
                                 "95% interval"], rows, align=["r"] * 5,
                                caption=f"The comeback curve at a few {steps} (the median game lasts {median} {steps})"))
            first, mid = rows[0], next((r for r in rows if r[0] == str(max(1, round(0.5 * median)))), rows[-1])
            later = f"; halfway through a median game, after {step} {mid[0]}, {mid[3]} ({mid[4]})" if mid != first else ""
            blocks.append(Text(f"The leader after {step} {first[0]} goes on to win {first[3]} of the games "
                               f"({first[4]}){later}. A lead that meant nothing would win about 1 in {a.players}."))
        else:
            blocks.append(Text(f"Too few sampled games had a sole leader ({MIN_LEADS} at a {step} are needed) to "
                               f"draw the comeback curve.", "muted"))
    else:
        blocks.append(Text(f"No comeback curve: {u.why_no_comeback}.", "muted"))
    if u.seat_gap:
        within = "the mean of the seats of its role" if a.has_sides else "the mean of all the seats"
        blocks.append(Plot(partial(F.draw_seat_gap, u=u), 2.4,
                           caption=f"The seat advantage by {step}: each seat's score minus {within} in the same "
                                   f"game, averaged over the games, with 95% intervals; above 0 the seat is ahead. "
                                   f"A finished game keeps its final scores, so the curves end at the final "
                                   f"scores' gaps."
                                   + (" The seats play different strategies and do not rotate, so a seat's gap "
                                      "mixes the seat with its strategy." if not a.rotate and
                                      len(set(a.seat_labels)) > 1 else "")))
    return Section("How games unfold", blocks, id="unfold")


def _ordinal(k: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st, 100th."""
    suffix = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
    return f"{k:,}{suffix}"


def _method(a: Analysis, t: Thresholds = THRESHOLDS) -> Section:
    return Section("Thresholds and methods", [
        Table(["threshold", "value", "raises a flag when"], [list(r) for r in t.describe()],
              caption="Flag thresholds (balance.analysis.flags.THRESHOLDS). A flag also needs the difference to be "
                      "beyond the noise: a seat or strategy flag needs the chi-square test over all the seats "
                      "(strategies) and its own exact binomial test, Holm-adjusted across them, to reject at 5%, so "
                      "a fair game raises one in at most 1 run in 20; the other flags need the 95% interval to "
                      "exclude the balanced value.", align=["l", "r", "l"]),
        Text("Rates carry 95% Wilson score intervals; seat 1 against the last seat, two rates of the same games, "
             "Newcombe's interval for paired proportions (it counts the negative correlation of two seats' wins) and "
             "an exact binomial test; strategy against strategy a Wilson interval over the games, not the meetings; "
             "means Student-t intervals; the median of game length a distribution-free interval from order "
             "statistics. Seat fairness is a chi-square goodness-of-fit test of the seats' win counts against equal "
             "shares. The fair share is 1 / players of the games that have a winner. Every number is computed over "
             "all the games of the run; docs/results.md defines each column and metric.",
             "muted"),
    ], id="method")
