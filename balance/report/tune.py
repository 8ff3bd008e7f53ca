"""The tune report (``tune.html`` / ``tune.pdf``) and the tune's terminal summary.

The report shows the optimisation history, the objective against each varied value, which values
mattered most (Optuna's importance), the validation of the best points with intervals, the paired
comparison of the winner with the starting scenario, and the winner's win rates.  It is built from
the same blocks as a run's report and rendered the same way (:func:`balance.report.write_document`).
"""

from __future__ import annotations

import math
from datetime import datetime, timezone

import numpy as np
import polars as pl
from rich.console import Console
from rich.markup import escape
from rich.table import Table as RichTable

from balance.analysis.stats import Z95, wilson
from balance.report import figures as F
from balance.report.blocks import Callout, Document, KeyNumbers, Plot, Section, Table, Text
from balance.report.fmt import players

FORMATS = ("html", "pdf")


def _percent(meta: dict) -> bool:
    """Whether the objective reads in win-rate units (a best response, or fair alone)."""
    return meta["direction"] == "maximize" or meta["goals"] == ["fair"]


def fmt_objective(meta: dict, value: float, se: float | None = None) -> str:
    if value is None or not math.isfinite(value):
        return "-"
    if _percent(meta):
        text = f"{100 * value:.2f}%" if meta["direction"] == "maximize" else f"{100 * value:.2f} pts"
        return text + (f" ±{100 * Z95 * se:.2f}" if se is not None and math.isfinite(se) else "")
    return f"{value:.4g}" + (f" ±{Z95 * se:.2g}" if se is not None and math.isfinite(se) else "")


def fmt_diff(meta: dict, value: float, lo: float, hi: float) -> str:
    if _percent(meta):
        return f"{100 * value:+.2f} pts [{100 * lo:+.2f}, {100 * hi:+.2f}]"
    return f"{value:+.4g} [{lo:+.4g}, {hi:+.4g}]"


def _values(values: dict) -> str:
    return ", ".join(f"{k} = {_num(v)}" for k, v in values.items())


def _num(v) -> str:
    return f"{v:g}" if isinstance(v, float) else str(v)


# ---------------------------------------------------------------------------------------------------
# Terminal


def print_tune(result, console: Console | None = None) -> None:
    """The winner, its validation, the verdict against the start, and where the files are."""
    console = console or Console()
    meta = result.meta
    sc = meta["scenario"]
    console.print(f"[bold]{escape(sc['name'])}[/bold] ({sc['game']}): tuned {escape(meta['objective'])} "
                  f"({'maximised' if meta['direction'] == 'maximize' else 'minimised'}) with {meta['sampler'].upper()}: "
                  f"{meta['trials']} trials ({meta['distinct_points']} distinct points) of {meta['games']:,} games, "
                  f"seed {meta['seed']}; {meta['trials_played_now']} played now in {meta['trial_seconds']:.0f} s"
                  + (f" ({meta['trials_per_minute']:.1f} trials/min)" if meta.get("trials_per_minute") else ""),
                  soft_wrap=True)
    table = RichTable(title=f"Validation: {meta['validation_games']:,} games each, seed {meta['validation_seed']} "
                            f"(paired with each other)", title_justify="left")
    for col in ("point", "values", "trial objective", "validated ±95%", "vs start [95%]"):
        table.add_column(col, justify="right" if col != "values" else "left", overflow="fold")
    trials = result.trials
    for r in meta["validation"]:
        trial = "-" if r["trial"] is None else fmt_objective(meta, *trials.filter(
            pl.col("trial") == r["trial"]).select("objective", "objective se").row(0))
        mark = " (winner)" if r["name"] == meta["winner"]["name"] else ""
        table.add_row(escape(r["name"] + mark), escape(_values(r["values"])), trial,
                      fmt_objective(meta, r["objective"], r["se"]),
                      "-" if r["name"] == "start" else fmt_diff(meta, r["vs start"], r["vs start"] - Z95 * r[
                          "vs start se"], r["vs start"] + Z95 * r["vs start se"]))
    console.print(table)
    console.print(escape(meta["verdict"]["words"]), soft_wrap=True)
    close = [n for n in meta["within_noise_of_winner"]]
    if close:
        console.print(f"Within the noise of the winner: {escape(', '.join(close))}", soft_wrap=True)
    console.print(f"Tuned values: {escape(_values(meta['winner']['values']))}", soft_wrap=True)
    if meta.get("at_range_edge"):
        console.print(f"At the edge of its range: {escape(', '.join(meta['at_range_edge']))}: the best value may lie "
                      f"beyond it; widen the range and tune again", soft_wrap=True)
    for name in ("best.toml", "trials.parquet", "study.db", "tune.html", "tune.pdf"):
        if (result.dir / name).exists():
            console.print(f"{name}: {escape(str(result.dir / name))}", soft_wrap=True)


def print_best_response(result, console: Console | None = None) -> None:
    """strategy: default win rate -> tuned win rate (95% intervals), tuned parameters."""
    console = console or Console()
    rows = result.rows
    for r in rows:
        if "skipped" in r:
            console.print(f"{escape(r['strategy'])}: skipped ({r['skipped']})")
            continue
        changed = {k: v for k, v in r["parameters"].items() if v != r["defaults"].get(k)}
        console.print(f"[bold]{escape(r['strategy'])}[/bold]: {_rate(r, 'default')} -> {_rate(r, 'tuned')} "
                      f"({100 * r['difference']:+.2f} pts, paired 95% {100 * r['difference lo']:+.2f} to "
                      f"{100 * r['difference hi']:+.2f}: {'beyond' if r['beyond noise'] else 'within'} the noise); "
                      f"tuned parameters: {escape(_values(changed or r['parameters']))}", soft_wrap=True)
    folders = [r["folder"] for r in rows if "folder" in r]
    if folders:
        console.print(f"Each strategy's tune (report, best.toml): {escape(', '.join(folders))}", soft_wrap=True)


def _rate(r: dict, which: str) -> str:
    return f"{100 * r[which]:.2f}% ({100 * r[which + ' lo']:.2f}-{100 * r[which + ' hi']:.2f})"


# ---------------------------------------------------------------------------------------------------
# The document


def _draw_history(trials: pl.DataFrame, meta: dict):
    maximise = meta["direction"] == "maximize"
    scale = 100 if _percent(meta) else 1

    def draw(fig):
        ax = fig.subplots()
        t = trials["trial"].to_numpy()
        y = trials["objective"].to_numpy() * scale
        err = Z95 * np.nan_to_num(trials["objective se"].to_numpy()) * scale
        start = trials["start"].to_numpy()
        ax.errorbar(t[~start], y[~start], yerr=err[~start], fmt="o", markersize=3, color=F.color(0), alpha=0.8,
                    elinewidth=0.8, label="trial (±95%)")
        if start.any():
            ax.errorbar(t[start], y[start], yerr=err[start], fmt="s", markersize=4, color=F.color(3),
                        elinewidth=0.8, label="the starting scenario")
        best = np.maximum.accumulate(y) if maximise else np.minimum.accumulate(y)
        ax.step(t, best, where="post", color=F.FAIR, linewidth=1.2, label="best so far")
        ax.set_xlabel("trial")
        ax.set_ylabel(_axis(meta))
        ax.legend(loc="best")

    return draw


def _axis(meta: dict) -> str:
    if meta["direction"] == "maximize":
        return "win rate (%)"
    return "largest gap from fair share (pts)" if _percent(meta) else "objective (loss)"


def _draw_against(trials: pl.DataFrame, meta: dict, key: str, winner):
    scale = 100 if _percent(meta) else 1
    values = trials[key].to_list()
    numeric = all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values)

    def draw(fig):
        ax = fig.subplots()
        labels = list(dict.fromkeys(str(v) for v in values))
        x = np.array(values, float) if numeric else np.array([labels.index(str(v)) for v in values], float)
        y = trials["objective"].to_numpy() * scale
        err = Z95 * np.nan_to_num(trials["objective se"].to_numpy()) * scale
        ax.errorbar(x, y, yerr=err, fmt="o", markersize=3, color=F.color(0), alpha=0.7, elinewidth=0.8,
                    label="trial (±95%)")
        wx = float(winner) if numeric else labels.index(str(winner)) if str(winner) in labels else None
        if wx is not None:
            ax.axvline(wx, color=F.color(2), linewidth=1.2, linestyle="--", label="winner")
        start = trials.filter(pl.col("start"))
        if start.height:
            sx = float(start[key][0]) if numeric else labels.index(str(start[key][0]))
            ax.axvline(sx, color=F.color(3), linewidth=1, linestyle=":", label="start")
        if not numeric:
            ax.set_xticks(range(len(labels)), labels)
        ax.set_xlabel(key)
        ax.set_ylabel(_axis(meta))
        ax.legend(loc="best")

    return draw


def _draw_importance(importance: dict[str, float]):
    def draw(fig):
        ax = fig.subplots()
        keys = list(importance)[::-1]
        ax.barh(keys, [importance[k] for k in keys], color=F.ACCENT)
        ax.set_xlabel("importance (share of the total)")
        ax.xaxis.set_major_formatter(F.percent)

    return draw


def _draw_validation(meta: dict):
    scale = 100 if _percent(meta) else 1

    def draw(fig):
        ax = fig.subplots()
        rows = meta["validation"]
        names = [r["name"] for r in rows]
        y = np.array([r["objective"] for r in rows]) * scale
        err = np.array([Z95 * (r["se"] or 0) for r in rows]) * scale
        colors = [F.color(2) if r["name"] == meta["winner"]["name"] else F.color(3) if r["name"] == "start"
                  else F.color(0) for r in rows]
        for i in range(len(rows)):
            ax.errorbar([i], [y[i]], yerr=[err[i]], fmt="o", capsize=4, color=colors[i])
        ax.set_xticks(range(len(rows)), names)
        ax.set_ylabel(_axis(meta))

    return draw


def _draw_rates(rates: list[tuple[str, float, float, float]], fair: float):
    def draw(fig):
        ax = fig.subplots()
        names = [r[0] for r in rates]
        v = np.array([r[1] for r in rates])
        ax.bar(names, v, color=[F.color(i) for i in range(len(rates))], alpha=0.85)
        ax.errorbar(range(len(rates)), v, yerr=[v - np.array([r[2] for r in rates]),
                                                np.array([r[3] for r in rates]) - v],
                    fmt="none", ecolor="#222222", capsize=4)
        ax.axhline(fair, color=F.FAIR, linestyle="--", linewidth=1, label="fair share")
        ax.yaxis.set_major_formatter(F.percent)
        ax.set_ylabel("win rate")
        ax.legend(loc="best")

    return draw


def importances(result) -> dict[str, float]:
    """Optuna's importance of each varied value (its default evaluator, PED-ANOVA); empty when it
    cannot be told (one varied value, or too few distinct points)."""
    meta = result.meta
    if len(meta["vary"]) < 2 or meta["distinct_points"] < 4:
        return {}
    import optuna

    from balance.analysis.tune import _quiet_optuna

    import warnings

    with _quiet_optuna(), warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # "quantiles select the same trials": equal importances, shown
        study = result.study
        try:
            # Optuna's default evaluator (PED-ANOVA): it needs no scikit-learn, unlike fANOVA
            return dict(optuna.importance.get_param_importances(study))
        except (RuntimeError, ValueError, ImportError):
            return {}


def win_rates(run) -> tuple[list[tuple[str, float, float, float]], list[tuple[str, float, float, float]], float]:
    """(seat win rates, strategy win rates) of a run, each (name, rate, lo, hi), and the fair share."""
    from balance.analysis.compare import strategy_expressions

    meta = run.meta
    players = meta["scenario"]["players"]
    strategies = strategy_expressions(meta)
    row = run.games.select(
        pl.len().alias("n"), (pl.col("winner") < 0).sum().alias("none"),
        *[(pl.col("winner") == s).sum().alias(f"seat {s}") for s in range(1, players + 1)],
        *[w.sum().alias(f"w|{k}") for k, (w, _) in strategies.items()],
        *[p.sum().alias(f"p|{k}") for k, (_, p) in strategies.items()]).collect().row(0, named=True)
    n = row["n"]
    seats = []
    for s in range(1, players + 1):
        e = wilson(row[f"seat {s}"], n)
        seats.append((f"seat {s}", e.value, e.lo, e.hi))
    strats = []
    for k in strategies:
        e = wilson(int(row[f"w|{k}"]), int(row[f"p|{k}"]))
        strats.append((k.removeprefix("strategy ").removesuffix(" win rate"), e.value, e.lo, e.hi))
    return seats, strats, (1 - row["none"] / n) / players


def build_tune_document(result) -> Document:
    meta = result.meta
    sc = meta["scenario"]
    trials = result.trials
    verdict = meta["verdict"]
    winner = meta["winner"]
    keys = [v["key"] for v in meta["vary"]]
    glance = Section("At a glance", [
        KeyNumbers([
            ("trials", f"{meta['trials']}", f"{meta['distinct_points']} distinct points, {meta['sampler'].upper()}"),
            ("games per trial", f"{meta['games']:,}", f"seed {meta['seed']}, the same for every trial"),
            ("start, validated", fmt_objective(meta, meta["start"]["objective"], meta["start"]["se"]),
             f"{meta['validation_games']:,} games"),
            ("winner, validated", fmt_objective(meta, winner["objective"], winner["se"]), winner["name"]),
        ]),
        Callout("note" if verdict["beyond_noise"] else "warning", verdict["words"],
                "Paired on the same games (same seed and number of games); for a best response the difference "
                "is `balance compare`'s paired difference of the strategy's win rate, otherwise the jackknife "
                "difference of the objective over 32 blocks of games."),
        Text("Tuned values: " + _values(winner["values"]) + ". `best.toml` in the tune folder is the scenario with "
             "these values, ready for `balance run`."),
    ])
    if meta.get("at_range_edge"):
        glance.blocks.append(Callout("warning", "The winner sits at the edge of the range of "
                                     + ", ".join(f"`{k}`" for k in meta["at_range_edge"])
                                     + ": the best value may lie beyond it.", "Widen the range (--vary KEY=LO..HI) "
                                     "and tune again, if the rules allow it."))
    if meta["within_noise_of_winner"]:
        glance.blocks.append(Callout("warning", "The validation cannot tell the winner from "
                                     + ", ".join(f"`{n}`" for n in meta["within_noise_of_winner"])
                                     + ": their paired difference from the winner is within its 95% interval.",
                                     "Play more games per trial (--games) to separate them."))
    about = Section("The tune", [
        Text(f"Scenario `{sc['name']}` ({sc['game']}, {players(sc['players'])}"
             + (", seats rotated" if sc["run"]["rotate_seats"] else "") + "). " + meta["explain"]),
        Table(["varied value", "range", "start", "tuned"],
              [[v["key"] + (f" (and {', '.join(v['also'])})" if v["also"] else ""), v["range"], _num(v["start"]),
                _num(winner["values"][v["key"]])] for v in meta["vary"]]),
        Text(f"Search: Optuna's {meta['sampler'].upper()} sampler, {meta['trials']} trials of {meta['games']:,} games. "
             f"Every trial plays the same seed ({meta['seed']}), so trials differ by what they change rather than by "
             f"their dice (common random numbers); a point asked again plays the same games, so it takes the result "
             f"it has. Each trial's objective carries its standard error (jackknife over 32 blocks of games). The best "
             f"{len(meta['validation']) - 1} points and the starting scenario were then played again on "
             f"{meta['validation_games']:,} games with a fresh seed ({meta['validation_seed']}), the same for all "
             f"of them, and the winner is the best of them there.", "muted"),
    ])
    sections = [glance, about]
    history = [Plot(_draw_history(trials, meta), 2.8, "The objective of every trial with its 95% interval, and the "
                                                        "best so far.")]
    for key in keys:
        history.append(Plot(_draw_against(trials, meta, key, winner["values"][key]), 2.6,
                            f"The objective against {key}: every trial with its 95% interval."))
    sections.append(Section("The search", history))
    imp = importances(result)
    sections.append(Section("Which values mattered", [
        Plot(_draw_importance(imp), 0.5 + 0.35 * len(imp),
             "Optuna's importance of each varied value (PED-ANOVA: how much the value's distribution in the "
             "best trials differs from its distribution in all of them), normalised to sum to 100%.") if imp else
        Text("One varied value, or too few distinct points: no importance to tell apart." if len(keys) < 2 else
             "Too few distinct points to tell the values' importance apart.")]))
    rows = []
    for r in meta["validation"]:
        t = trials.filter(pl.col("trial") == r["trial"]) if r["trial"] is not None else None
        rows.append([r["name"] + (" (winner)" if r["name"] == winner["name"] else ""), _values(r["values"]),
                     "-" if t is None or not t.height else fmt_objective(meta, t["objective"][0], t["objective se"][0]),
                     fmt_objective(meta, r["objective"], r["se"]),
                     "-" if r["name"] == "start" else fmt_diff(meta, r["vs start"], r["vs start"] - Z95 * r["vs start se"],
                                                               r["vs start"] + Z95 * r["vs start se"]),
                     "-" if r["name"] == winner["name"] else fmt_diff(
                         meta, r["vs winner"], r["vs winner"] - Z95 * r["vs winner se"],
                         r["vs winner"] + Z95 * r["vs winner se"])])
    comparison = [[c["metric"], _cell(c, "start"), _cell(c, "winner"),
                   _cell(c, "difference", diff=True) + f" [{_cell(c, 'lo', diff=True)}, {_cell(c, 'hi', diff=True)}]",
                   f"{c['p']:.2g}", f"{c['p_holm']:.2g}", "yes" if c["significant"] else "no"]
                  for c in meta["comparison"]]
    sections.append(Section("Validation", [
        Plot(_draw_validation(meta), 2.4, "Each validated point's objective with its 95% interval (green: the winner, "
                                          "red: the starting scenario)."),
        Table(["point", "values", "in the search", "validated", "vs start, paired", "vs winner, paired"], rows,
              caption="Objectives with 95% intervals; differences paired on the validation games.",
              align=["l", "l", "r", "r", "l", "l"]),
        Text("The winner against the starting scenario, metric by metric, as `balance compare` gives it (paired "
             "game by game; significant = Holm-adjusted p < 0.05):"),
        Table(["metric", "start", "winner", "winner - start [95%]", "p", "p (Holm)", "sig."], comparison),
    ]))
    seats, strats, fair = win_rates(result.run("winner"))
    best_blocks = [Plot(_draw_rates(seats, fair), 2.4, "The winner's win rate by seat with 95% Wilson intervals; "
                                                       "dashed: the fair share.")]
    if len(strats) > 1:
        best_blocks.append(Plot(_draw_rates(strats, fair), 2.4, "The winner's win rate by strategy (per seat played)."))
    best_blocks.append(Table(["", "win rate", "95% interval"],
                             [[n, f"{100 * v:.2f}%", f"{100 * lo:.2f}-{100 * hi:.2f}%"] for n, v, lo, hi in
                              seats + (strats if len(strats) > 1 else [])]))
    sections.append(Section("The winner's win rates", best_blocks))
    for i, s in enumerate(sections):
        s.id = f"s{i + 1}"
    when = datetime.now(timezone.utc).strftime("%Y-%m-%d")
    return Document(title=f"Tune: {sc['name']}",
                    subtitle=f"{sc['game']} · {meta['objective']} · {meta['trials']} trials × {meta['games']:,} games · "
                             f"reported {when}", sections=sections)


def _cell(c: dict, k: str, diff: bool = False) -> str:
    rate = c["metric"].endswith("rate")
    v = c[k]
    if rate:
        return f"{100 * v:+.2f}" if diff else f"{100 * v:.2f}%"
    return f"{v:+.3g}" if diff else f"{v:.4g}"


def write_tune_report(result, formats=FORMATS) -> dict:
    """Write ``tune.html`` / ``tune.pdf`` into the tune folder; return {format: path}."""
    from balance.report import write_document

    return write_document(build_tune_document(result), result.dir, "tune", formats)


def write_best_response_report(result, name: str, formats=FORMATS) -> dict:
    """Write ``best-response.html`` / ``.pdf`` into the best-response folder; return {format: path}."""
    from balance.report import write_document

    return write_document(build_best_response_document(result.rows, name), result.dir, "best-response", formats)


def build_best_response_document(rows: list[dict], name: str) -> Document:
    table = []
    for r in rows:
        if "skipped" in r:
            table.append([r["strategy"], "-", "-", "-", f"skipped: {r['skipped']}"])
            continue
        table.append([r["strategy"], _rate(r, "default"), _rate(r, "tuned"),
                      f"{100 * r['difference']:+.2f} [{100 * r['difference lo']:+.2f}, {100 * r['difference hi']:+.2f}]"
                      + ("" if r["beyond noise"] else " (noise)"),
                      _values({k: v for k, v in r["parameters"].items()})])
    return Document(title=f"Best responses: {name}", subtitle="every strategy tuned in turn against the field as it is",
                    sections=[Section("Default -> tuned win rate", [
                        Table(["strategy", "default (95%)", "tuned (95%)", "difference, paired (pts)",
                               "tuned parameters"], table, align=["l", "r", "r", "r", "l"],
                              caption="Win rates per seat played, validated on 10x the games of a trial with a fresh "
                                      "seed; each strategy's own tune report is in its folder."),
                    ], id="s1")])
