"""The report's figures: each ``draw_*(fig, analysis)`` draws into a matplotlib Figure or SubFigure.

Distributions come in as value counts (:class:`~balance.analysis.stats.Histogram`) and are binned
here, so drawing never touches the games themselves.
"""

from __future__ import annotations

import math

import matplotlib as mpl
import numpy as np
from matplotlib.ticker import FuncFormatter, MaxNLocator, PercentFormatter

from balance.analysis.metrics import Analysis
from balance.analysis.stats import Histogram, wilson

# seaborn's "colorblind" palette (Okabe-Ito based), spelled out: importing seaborn costs seconds
PALETTE = ["#0173b2", "#de8f05", "#029e73", "#d55e00", "#cc78bc", "#ca9161", "#fbafe4", "#949494", "#ece133",
           "#56b4e9"]
ACCENT = PALETTE[0]
FAIR = "#444444"
MAX_BARS = 60  # a distribution with more distinct values than this is binned
PANEL_COLUMNS = 3  # small multiples per row

RC = {
    "font.family": "sans-serif",  # DejaVu Sans first; the SVG names the whole fallback list
    "font.size": 8.5,
    "axes.titlesize": 9,
    "axes.titleweight": "bold",
    "axes.titlelocation": "left",
    "axes.labelsize": 8.5,
    "axes.edgecolor": "#888888",
    "axes.linewidth": 0.6,
    "axes.grid": True,
    "axes.axisbelow": True,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "grid.color": "#e6e6e6",
    "grid.linewidth": 0.6,
    "xtick.color": "#333333",
    "ytick.color": "#333333",
    "xtick.major.size": 0,
    "ytick.major.size": 0,
    "legend.frameon": False,
    "legend.fontsize": 8,
    "svg.fonttype": "none",  # text stays text in the HTML: smaller, sharper, searchable
    "svg.hashsalt": "balance",
    "pdf.fonttype": 42,
    "text.parse_math": False,  # names are the designer's text: "$1 ante" is not a formula
}

percent = FuncFormatter(lambda y, _: f"{100 * y:.0f}%")


def color(i: int):
    return PALETTE[i % len(PALETTE)]


def style():
    """The report's matplotlib style, as a context manager."""
    return mpl.rc_context(RC)


def draw_seat_wins(fig, a: Analysis) -> None:
    ax = fig.subplots()
    seats = np.arange(1, a.players + 1)
    rates = np.array([e.value for e in a.seat_wins])
    err = np.clip([[e.value - e.lo for e in a.seat_wins], [e.hi - e.value for e in a.seat_wins]], 0, None)
    ax.bar(seats, rates, width=0.62, color=ACCENT, yerr=err, capsize=4, error_kw={"elinewidth": 1, "ecolor": "#222"})
    fair = np.array(a.seat_fair if a.seat_fair else [a.fair_share] * a.players)
    if a.has_sides:  # each seat against an even split of its own role's wins: a dashed line over the role's seats
        for role in dict.fromkeys(a.roles):
            seats_of = [s for s in seats if a.roles[s - 1] == role]
            if len(seats_of) < 2:
                continue
            f = fair[seats_of[0] - 1]
            ax.hlines(f, seats_of[0] - 0.4, seats_of[-1] + 0.4, color=FAIR, linestyle="--", linewidth=1)
            ax.annotate(f"even split {100 * f:.1f}%", (seats_of[-1] + 0.4, f), xytext=(0, 3),
                        textcoords="offset points", ha="right", va="bottom", fontsize=7.5, color=FAIR)
    else:
        ax.axhline(a.fair_share, color=FAIR, linestyle="--", linewidth=1)
        ax.annotate(f"fair share {100 * a.fair_share:.1f}%", (1.0, a.fair_share), xycoords=("axes fraction", "data"),
                    xytext=(0, 3), textcoords="offset points", ha="right", va="bottom", fontsize=7.5, color=FAIR)
    top = max(rates.max(), np.nanmax(fair)) if rates.size else 1
    for x, r in zip(seats, rates):  # inside the bar when it is tall enough, else just above it
        inside = r > 0.12 * top
        ax.text(x, r / 2 if inside else r + err[1][x - 1], f"{100 * r:.1f}%", ha="center",
                va="center" if inside else "bottom", fontsize=8.5, color="white" if inside else "#222", weight="bold")
    ax.set_xticks(seats, [_seat_label(a, s) for s in seats])
    ax.set_ylabel("win rate")
    ax.yaxis.set_major_formatter(percent)
    ax.set_ylim(0, top * 1.15 if rates.size and top > 0 else 1)  # no seat won (every game a timeout): 0 to 100%
    ax.grid(axis="x", visible=False)


def _seat_label(a: Analysis, s: int) -> str:
    parts = [f"seat {s}"]
    if a.has_sides:
        parts.append(a.roles[s - 1])
    if not a.rotate and len(set(a.seat_labels)) > 1:
        parts.append(a.seat_labels[s - 1])
    return "\n".join(parts)


def draw_sides(fig, a: Analysis) -> None:
    """Each side's share of the games, with its interval and a tick at its seats' share."""
    ax = fig.subplots()
    sides = a.sides
    y = np.arange(len(sides))[::-1]
    rates = np.array([s.rate.value for s in sides])
    err = np.clip([[s.rate.value - s.rate.lo for s in sides], [s.rate.hi - s.rate.value for s in sides]], 0, None)
    ax.barh(y, rates, height=0.55, color=[color(i) for i in range(len(sides))], xerr=err, capsize=3,
            error_kw={"elinewidth": 1, "ecolor": "#222"})
    for yy, s, r in zip(y, sides, rates):
        ax.plot([s.fair, s.fair], [yy - 0.38, yy + 0.38], color="#111", linewidth=2)
        digits = 2 if s.rate.hi < 0.01 else 1
        ax.annotate(f"{100 * r:.{digits}f}%  (fair {100 * s.fair:.1f}%)", (max(r, s.fair), yy), xytext=(6, 0),
                    textcoords="offset points", va="center", fontsize=8, color="#222")
    ax.set_yticks(y, [f"{s.name} ({'seat' if len(s.seats) == 1 else 'seats'} "
                      f"{', '.join(str(x) for x in s.seats)})" for s in sides])
    ax.xaxis.set_major_formatter(percent)
    ax.set_xlim(0, 1.0)
    ax.set_xlabel("share of the games won")
    ax.grid(axis="y", visible=False)


def draw_strategy_wins(fig, a: Analysis) -> None:
    ax = fig.subplots()
    items = sorted(a.strategies.values(), key=lambda s: s.wins.value)
    y = np.arange(len(items))
    rates = np.array([s.wins.value for s in items])
    err = np.clip([[s.wins.value - s.wins.lo for s in items], [s.wins.hi - s.wins.value for s in items]], 0, None)
    ax.barh(y, rates, height=0.6, color=[color(list(a.strategies).index(s.label)) for s in items],
            xerr=err, capsize=3, error_kw={"elinewidth": 1, "ecolor": "#222"})
    fairs = np.array([s.fair for s in items])
    if a.has_sides:  # each strategy against what its seats win on average
        for yy, f in zip(y, fairs):
            ax.plot([f, f], [yy - 0.4, yy + 0.4], color="#111", linewidth=2)
    else:
        ax.axvline(a.fair_share, color=FAIR, linestyle="--", linewidth=1)
        ax.annotate(f"fair share {100 * a.fair_share:.1f}%", (a.fair_share, 1.0), xycoords=("data", "axes fraction"),
                    xytext=(3, 0), textcoords="offset points", ha="left", va="top", fontsize=7.5, color=FAIR)
    top = max(rates.max(), np.nanmax(fairs), a.fair_share) * 1.2
    _rate_labels(ax, y, [s.wins for s in items], top)
    ax.set_yticks(y, [s.label for s in items])
    ax.xaxis.set_major_formatter(percent)
    ax.set_xlabel("win rate (share of the seats it played that won)")
    ax.set_xlim(0, top)
    ax.grid(axis="y", visible=False)


def _rate_labels(ax, y, rates, top: float) -> None:
    """Each bar's rate, inside the bar, or past its error bar where the bar is short."""
    for yy, e in zip(y, rates):
        inside = e.value > 0.12 * top
        ax.text(e.value / 2 if inside else e.hi + 0.01 * top, yy, f"{100 * e.value:.1f}%",
                ha="center" if inside else "left", va="center", fontsize=8.5, color="white" if inside else "#222",
                weight="bold")


def draw_choice_wins(fig, c) -> None:
    """Win rate of each value of a choice (:class:`~balance.analysis.choices.ChoiceColumn`), first value on top,
    with 95% Wilson intervals and the share of all seats that won."""
    ax = fig.subplots()
    values = c.values[::-1]
    y = np.arange(len(values))
    rates = [v.rate for v in values]
    err = np.clip([[e.value - e.lo for e in rates], [e.hi - e.value for e in rates]], 0, None)
    ax.barh(y, [e.value for e in rates], height=0.6, color=[color(len(values) - 1 - i) for i in y],
            xerr=err, capsize=3, error_kw={"elinewidth": 1, "ecolor": "#222"})
    ax.axvline(c.fair, color=FAIR, linestyle="--", linewidth=1)
    ax.annotate(f"all seats {100 * c.fair:.1f}%", (c.fair, 1.0), xycoords=("data", "axes fraction"),
                xytext=(3, 0), textcoords="offset points", ha="left", va="top", fontsize=7.5, color=FAIR)
    top = max(max(e.hi for e in rates), c.fair) * 1.2
    _rate_labels(ax, y, rates, top)
    ax.set_yticks(y, [v.name for v in values])
    ax.xaxis.set_major_formatter(percent)
    ax.set_xlabel(f"win rate (share of the seats with this {c.label} that won)")
    ax.set_xlim(0, top)
    ax.grid(axis="y", visible=False)


def draw_strategy_seats(fig, a: Analysis) -> None:
    """Win rate of each strategy at each seat, coloured against the fair share."""
    labels = list(a.strategies)
    data = np.full((len(labels), a.players), np.nan)
    for i, lab in enumerate(labels):
        st = a.strategies[lab]
        for s in range(1, a.players + 1):
            if st.seat_played[s - 1]:
                data[i, s - 1] = st.seat_wins[s - 1] / st.seat_played[s - 1]
    seats = [f"seat {s}" + (f"\n{a.roles[s - 1]}" if a.has_sides else "") for s in range(1, a.players + 1)]
    noise = max((wilson(st.seat_wins[s], st.seat_played[s]).half_width for st in a.strategies.values()
                 for s in range(a.players) if st.seat_played[s]), default=0.0)
    if a.has_sides:  # coloured against each seat's own fair share (its role's wins split evenly)
        fair = np.array(a.seat_fair)[None, :]
        vmin, vmax = colour_range(data - fair, noise, 0.0, least=RATE_SPAN)
        annotated_heatmap(fig.subplots(), data - fair, labels, seats, "win rate minus the seat's fair share",
                          percent_cells=True, cmap=RATE_COLOURS, centre=0.0, vmin=vmin, vmax=vmax, text=data)
    else:
        _heatmap(fig, data, labels, seats, a.fair_share, "win rate", noise)
    fig.axes[0].set_xlabel("seat")


def draw_head_to_head(fig, a: Analysis) -> None:
    labels = [x for x in a.strategies if any(x in pair for pair in a.head_to_head)]  # those that met a rival
    data = np.full((len(labels), len(labels)), np.nan)
    for i, x in enumerate(labels):
        for j, y in enumerate(labels):
            h = a.head_to_head.get((x, y))
            if h is not None and h.a_wins + h.b_wins:
                data[i, j] = h.share.value
    noise = max((h.share.half_width for h in a.head_to_head.values() if h.a_wins + h.b_wins), default=0.0)
    _heatmap(fig, data, labels, labels, 0.5, "row's share of the pair's wins", noise, xrotate=True)
    fig.axes[0].set_ylabel("strategy (row)")
    fig.axes[0].set_xlabel("against (column)")


def _heatmap(fig, data, rows, cols, centre, label, noise, xrotate=False) -> None:
    """An annotated heatmap of rates, blue above ``centre`` and red below (``colour_range``), blank where there is no
    value."""
    vmin, vmax = colour_range(data, noise, centre, least=RATE_SPAN)
    ax = fig.subplots()
    annotated_heatmap(ax, data, rows, cols, label, percent_cells=True, cmap=RATE_COLOURS, centre=centre,
                      vmin=vmin, vmax=vmax, xrotate=xrotate)
    clip_rate_bar(ax, vmin, vmax)


# a rate against its fair value, in every report's heat maps: blue above, white at it, red below
RATE_COLOURS = "RdBu"
# a heat map's colours span at least this many 95% half-widths of its cells either side of its centre, so that a
# difference within the noise stays pale (a scale stretched over the values alone paints it from one end to the
# other), and a rate's at least 2 points (a difference beyond the noise of a million games may still be no news)
NOISE_SPAN = 3.0
RATE_SPAN = 0.02


def colour_range(values: np.ndarray, noise: float, centre: float | None = None, floor: float | None = None,
                 least: float = 0.0) -> tuple[float, float]:
    """The (vmin, vmax) of a heat map's colours: its values' range, centred on ``centre`` (a fair value: white) if
    given, and at least ``NOISE_SPAN`` times ``noise`` (the largest 95% half-width of a cell), and ``least``, either
    side of it; never below ``floor`` (a spread, which is never negative, starts at it)."""
    finite = values[np.isfinite(values)]
    lo, hi = (float(finite.min()), float(finite.max())) if finite.size else (0.0, 0.0)
    half = max(NOISE_SPAN * noise, least, 1e-9)
    if centre is not None:
        span = max(abs(lo - centre), abs(hi - centre), half)
        return centre - span, centre + span
    if floor is not None:
        return floor, max(hi, floor + 2 * half)
    mid = (lo + hi) / 2
    half = max((hi - lo) / 2, half)
    return mid - half, mid + half


def clip_rate_bar(ax, vmin: float, vmax: float) -> None:
    """The colours are symmetric about a fair value, but a rate is within 0..1: the bar shows no -10% or 110%."""
    ax.collections[0].colorbar.ax.set_ylim(max(vmin, 0.0), min(vmax, 1.0))


def annotated_heatmap(ax, data, rows, cols, label, percent_cells, cmap, centre=None, vmin=None, vmax=None,
                      xrotate=False, text=None) -> None:
    """``data[i, j]`` as coloured cells labelled with their values (seaborn's heatmap), blank where NaN.

    seaborn picks each label's colour from its cell's luminance and centres a diverging map on
    ``centre``; it is imported here, when a report draws its first heat map (the import takes about
    a second).
    """
    import seaborn as sns

    shown = data if text is None else text  # the cells' labels may show another value than their colour
    finite = np.abs(shown[np.isfinite(shown)])
    digits = 2 if finite.size and finite.max() < 0.01 else 1  # a rare event is not "0.0%"
    text = np.array([[(f"{100 * v:.{digits}f}%" if percent_cells else f"{v:.3g}") if np.isfinite(v) else ""
                      for v in row] for row in shown])
    sns.heatmap(np.where(np.isfinite(data), data, np.nan), ax=ax, mask=~np.isfinite(data), cmap=cmap, center=centre,
                vmin=vmin, vmax=vmax, annot=text, fmt="", annot_kws={"fontsize": 8}, linewidths=2, linecolor="white",
                xticklabels=[str(c) for c in cols], yticklabels=[str(r) for r in rows],
                cbar_kws={"label": label, "shrink": 0.9, "aspect": 15,
                          **({"format": PercentFormatter(1.0)} if percent_cells else {})})
    ax.grid(False)
    ax.tick_params(which="both", length=0)
    ax.set_yticklabels(ax.get_yticklabels(), rotation=0)
    ax.set_xticklabels(ax.get_xticklabels(), rotation=20 if xrotate else 0, ha="right" if xrotate else "center",
                       rotation_mode="anchor")


def _bins(hists: list[Histogram]) -> np.ndarray | None:
    """Shared bin edges for value-count histograms, or None to draw every value."""
    lo = min(h.min for h in hists if h.n)
    hi = max(h.max for h in hists if h.n)
    values = np.unique(np.concatenate([h.values for h in hists if h.n]))
    integer = np.all(values == np.round(values))
    if integer and hi - lo + 1 <= MAX_BARS:
        return np.arange(lo - 0.5, hi + 1.5)
    step = _nice((hi - lo) / 40)
    if integer:
        step = max(1.0, round(step))
    start = math.floor(lo / step) * step
    return np.arange(start, hi + step * 1.001, step)


def _nice(x: float) -> float:
    if x <= 0:
        return 1.0
    e = 10 ** math.floor(math.log10(x))
    return next(m * e for m in (1, 2, 2.5, 5, 10) if m * e >= x)


def _shares(h: Histogram, edges: np.ndarray) -> np.ndarray:
    counts, _ = np.histogram(h.values, bins=edges, weights=h.counts)
    return counts / max(h.n, 1)


def draw_distributions(fig, hists: dict[str, Histogram], xlabel: str, what: str = "games") -> None:
    """Overlaid step histograms (share of ``what`` per value or bin), one line per series."""
    ax = fig.subplots()
    hists = {k: h for k, h in hists.items() if h.n}
    if not hists:
        return
    edges = _bins(list(hists.values()))
    for i, (label, h) in enumerate(hists.items()):
        shares = _shares(h, edges)
        ax.stairs(shares, edges, color=color(i), linewidth=1.4, label=f"{label} (mean {h.mean:.1f})",
                  fill=len(hists) == 1, alpha=0.9 if len(hists) > 1 else 0.55)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(f"share of {what}")
    ax.yaxis.set_major_formatter(FuncFormatter(lambda y, _: f"{100 * y:.0f}%" if y >= 0.01 or y == 0
                                               else f"{100 * y:.1f}%"))
    ax.set_ylim(bottom=0)
    if len(hists) > 1:
        ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0))


def draw_length(fig, a: Analysis) -> None:
    draw_distributions(fig, {"all games": a.turns}, "game length (turns)")
    ax = fig.axes[0]
    ax.xaxis.set_major_locator(MaxNLocator(integer=True, min_n_ticks=1))  # whole turns, even when every game lasts 19
    lines: dict[float, list[str]] = {}  # one line and one label where quantiles coincide (they overprinted)
    for p in (0.05, 0.5, 0.95):
        lines.setdefault(a.turns.quantile(p), []).append({0.05: "5%", 0.5: "median", 0.95: "95%"}[p])
    for i, (v, names) in enumerate(lines.items()):
        ax.axvline(v, color=FAIR, linestyle="--" if "median" in names else ":", linewidth=1)
        ax.annotate(", ".join(names) + f" {v:g}", (v, 1.0), xycoords=("data", "axes fraction"),
                    xytext=(3, -2 - 10 * i), textcoords="offset points", va="top", fontsize=7.5, color=FAIR)


def draw_balance(fig, a: Analysis) -> None:
    """Lead changes, decisiveness and winning margin side by side."""
    axes = fig.subplots(1, 3)
    panels = [
        (a.lead_changes, "lead changes per game", "games", None),
        (a.decisiveness_hist, "decisiveness (share of the game\nthe winner led for good)", "decided games",
         1 / 20),
        (a.margin, "winning margin (points)", "decided games", None),
    ]
    for ax, (h, xlabel, what, width) in zip(axes, panels):
        if not h.n:
            ax.set_axis_off()
            ax.text(0.5, 0.5, "no decided games", ha="center", va="center", transform=ax.transAxes)
            continue
        if width:
            edges = np.linspace(0, 1, 21)
            ax.stairs(_shares(Histogram(h.values + width / 2, h.counts), edges), edges, color=ACCENT, fill=True,
                      alpha=0.55)
            ax.xaxis.set_major_formatter(percent)
        else:
            edges = _bins([h])
            ax.stairs(_shares(h, edges), edges, color=ACCENT, fill=True, alpha=0.55)
            ax.xaxis.set_major_locator(MaxNLocator(integer=True, nbins=6))
        ax.set_xlabel(xlabel)
        ax.yaxis.set_major_formatter(percent)
        ax.set_ylim(bottom=0)
    axes[0].set_ylabel("share of games")


def draw_components(fig, a: Analysis) -> None:
    """Stacked mean score components per seat and per strategy."""
    comps = a.score_components
    groups = [("by seat", [f"seat {s}" for s in range(1, a.players + 1)],
               [[a.seat_columns[c][s].mean.value for s in range(a.players)] for c in comps])]
    if len(a.strategies) > 1:
        groups.append(("by strategy", list(a.strategies),
                       [[a.strategy_columns[c].get(lab, 0.0) for lab in a.strategies] for c in comps]))
    axes = np.atleast_1d(fig.subplots(1, len(groups), sharey=True))
    for ax, (title, names, values) in zip(axes, groups):
        up, down = np.zeros(len(names)), np.zeros(len(names))  # points lost stack below 0, so a bar's net is its score
        for i, (c, v) in enumerate(zip(comps, values)):
            v = np.asarray(v, float)
            ax.bar(names, v, bottom=np.where(v < 0, down, up), color=color(i), width=0.62, label=a.label(c))
            up += np.maximum(v, 0)
            down += np.minimum(v, 0)
        if down.min() < 0:
            ax.axhline(0, color="black", linewidth=0.8)
        ax.set_title(title)
        ax.grid(axis="x", visible=False)
        ax.tick_params(axis="x", labelrotation=15 if title == "by strategy" else 0)
    axes[0].set_ylabel("mean points per game")
    axes[-1].legend(loc="upper left", bbox_to_anchor=(1.0, 1.0))


def _wrapped(ax, text: str, size: float) -> str:
    """``text`` in lines no wider than the panel: a long count's name must not run into its neighbour or off
    the page (an average glyph is about 0.55 em wide)."""
    import textwrap

    width_pt = ax.get_position().width * ax.figure.get_figwidth() * 72
    return "\n".join(textwrap.wrap(text, max(12, int(width_pt / (0.55 * size)))))


def draw_win_rate_by_amount(fig, columns) -> None:
    """Small multiples: for each count, the win rate of the seats with each amount of it
    (:class:`~balance.analysis.winners.WinnersColumn`), with 95% intervals and the overall rate per seat."""
    rows = -(-len(columns) // PANEL_COLUMNS)
    axes = np.atleast_1d(fig.subplots(rows, PANEL_COLUMNS, sharey=True)).ravel()
    top = max(max((g.rate.hi for g in w.amounts), default=0) for w in columns)
    for ax, w in zip(axes, columns):
        total = sum(g.seats for g in w.amounts)
        x = np.arange(len(w.amounts))
        rates = np.array([g.rate.value for g in w.amounts])
        err = np.clip([[g.rate.value - g.rate.lo for g in w.amounts], [g.rate.hi - g.rate.value for g in w.amounts]],
                      0, None)
        ax.bar(x, rates, width=0.66, color=ACCENT, alpha=0.85, yerr=err, capsize=2,
               error_kw={"elinewidth": 0.8, "ecolor": "#222"})
        ax.axhline(w.base_rate, color=FAIR, linestyle="--", linewidth=0.9)
        ax.set_xticks(x, [f"{g.label}\n{100 * g.seats / total:.0f}%" for g in w.amounts], fontsize=7)
        ax.set_title(_wrapped(ax, w.label, 8), fontsize=8)
        ax.grid(axis="x", visible=False)
        ax.yaxis.set_major_formatter(PercentFormatter(1.0))  # decimals as the range needs: 0.02% is not "0%"
        ax.set_ylim(0, min(1.0, top * 1.1) if top > 0 else 1)
    for ax in axes[len(columns):]:
        ax.set_axis_off()
    for i in range(0, len(axes), PANEL_COLUMNS):
        axes[i].set_ylabel("win rate")


# --- how games unfold (balance.analysis.unfold.Unfold) -------------------------------------------

def _band(ax, x, curve_mean, lo, hi, c, label, alpha=0.18):
    ax.fill_between(x, lo, hi, color=c, alpha=alpha, linewidth=0)
    ax.plot(x, curve_mean, color=c, linewidth=1.6, label=label)


def _steps_axis(ax, u, label=True):
    ax.set_xlim(0.5, u.horizon + 0.5)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True, nbins=10))
    if label:
        ax.set_xlabel(f"after {u.step}")


def draw_unfold_scores(fig, u) -> None:
    """Mean score after each step by strategy (one panel per role), with 95% bands; under it, the share of
    the sampled games still being played."""
    roles = list(dict.fromkeys(u.roles or [""]))
    grid = fig.add_gridspec(2, len(roles), height_ratios=[3.2, 1])
    x = u.turns
    labels = list(dict.fromkeys(label for _, label in u.scores))
    running = u.running / u.sampled
    for j, role in enumerate(roles):
        ax = fig.add_subplot(grid[0, j])
        for (r, label), c in u.scores.items():
            if r == role:
                _band(ax, x, c.mean, c.lo, c.hi, color(labels.index(label)), label)
        if role:
            ax.set_title(f"{role} seats" if u.roles.count(role) > 1 else f"the {role}")
        ax.set_ylabel("mean score" if j == 0 else "")
        lows = [c.lo[np.isfinite(c.lo)] for (r, _), c in u.scores.items() if r == role]  # a lone game has no interval
        ax.set_ylim(bottom=min(0, *(lo.min() for lo in lows if lo.size)))
        ax.legend(loc="upper left", fontsize=7.5)
        _steps_axis(ax, u, label=False)
        ax.tick_params(labelbottom=False)
        low = fig.add_subplot(grid[1, j], sharex=ax)
        low.fill_between(x, running, step="mid", color=FAIR, alpha=0.25, linewidth=0)
        low.step(x, running, where="mid", color=FAIR, linewidth=1)
        low.set_ylim(0, 1.05)
        low.set_yticks([0, 0.5, 1])
        low.yaxis.set_major_formatter(percent)
        low.set_ylabel("still played" if j == 0 else "")
        _steps_axis(low, u)


def draw_comeback(fig, u, players: int) -> None:
    """The share of the games with a sole leader after each step that the leader won (95% Wilson band), the
    share of the games still played whose lead was shared, and a lead's worth if it meant nothing (1 in n)."""
    ax = fig.subplots()
    from balance.analysis.unfold import MIN_LEADS

    cb = u.comeback
    x = u.turns
    shown = np.array([cb.shown(t) for t in x])
    rates = [cb.rate(t) for t in x]
    value = np.array([e.value if s else np.nan for e, s in zip(rates, shown)])
    lo = np.array([e.lo if s else np.nan for e, s in zip(rates, shown)])
    hi = np.array([e.hi if s else np.nan for e, s in zip(rates, shown)])
    _band(ax, x, value, lo, hi, ACCENT, "the leader goes on to win")
    enough = cb.games >= MIN_LEADS  # the share of games with a shared lead needs games, not leaders
    ax.plot(x, np.where(enough, cb.tied / np.maximum(cb.games, 1), np.nan), color=PALETTE[1], linewidth=1.2,
            linestyle="-.", label="lead shared (no leader)")
    ax.axhline(1 / players, color=FAIR, linestyle="--", linewidth=1)
    ax.annotate(f"a lead worth nothing: 1 in {players}", (1.0, 1 / players), xycoords=("axes fraction", "data"),
                xytext=(0, 3), textcoords="offset points", ha="right", va="bottom", fontsize=7.5, color=FAIR)
    ax.set_ylim(0, 1.02)
    ax.yaxis.set_major_formatter(percent)
    ax.set_ylabel("share of the games")
    ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0))
    _steps_axis(ax, u)


def draw_seat_gap(fig, u) -> None:
    """Each seat's mean score minus the mean of its role's seats in the same game, after each step (95% bands)."""
    ax = fig.subplots()
    x = u.turns
    for s, c in u.seat_gap.items():
        role = u.roles[s - 1] if u.roles and len(set(u.roles)) > 1 else ""
        _band(ax, x, c.mean, c.lo, c.hi, color(s - 1), f"seat {s}" + (f" ({role})" if role else ""),
              alpha=0.18 if len(u.seat_gap) <= 2 else 0.1)  # four bands overlap: lighter, so the lines show
    ax.axhline(0, color=FAIR, linewidth=0.9)
    ax.set_ylabel("points ahead of the table" if len(set(u.roles or [""])) == 1 else "points ahead of its role")
    ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0))
    _steps_axis(ax, u)


BOARD_WIDTH = 6.5  # inches a board is drawn across, at most
BOARD_SQUARE = 0.3  # inches: a small board's square is drawn no larger


def board_square(width: int) -> float:
    """The side in inches of a square of a board ``width`` squares across (a Plot's height: rows x this + legend)."""
    return min(BOARD_SQUARE, BOARD_WIDTH / max(width, 1))


def draw_board(fig, colours: list[list[str]]):
    """A board of squares, one colour each (``colours[row][column]``, rows from the top), numbered as a replay
    names its squares: (row, column) from 1 at the top left, a square's centre at (column, row) in data units.
    Returns the axes and a square's side in points, to size the markers drawn on it."""
    height, width = len(colours), len(colours[0])
    image = np.array([[mpl.colors.to_rgb(c) for c in row] for row in colours])
    ax = fig.subplots()
    ax.imshow(image, interpolation="nearest", extent=(0.5, width + 0.5, height + 0.5, 0.5))
    ax.set_xticks(range(1, width + 1, 1 if width <= 20 else 5))
    ax.set_yticks(range(1, height + 1, 1 if height <= 20 else 5))
    ax.tick_params(labelsize=6, length=0, labeltop=True, labelbottom=False)
    ax.grid(False)
    for side in ax.spines.values():
        side.set_visible(False)
    return ax, board_square(width) * 72 * 0.9  # the axes leave a margin
