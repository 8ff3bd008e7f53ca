"""Angry Monsters' own report section: the board the games start on, drawn as the replay names its squares
(row, column from 1 at the top left), with the meeples that can never reach an evac site ringed."""

from __future__ import annotations

import numpy as np

from balance.games.angry_monsters.board import COLOUR_NAMES, EVAC, WATER
from balance.games.angry_monsters.checks import stuck_meeples
from balance.games.angry_monsters.tables import generated_board, starting_board
from balance.report.blocks import Plot, ReportSection, Text
from balance.report.figures import board_square, draw_board
from balance.report.fmt import count
from balance.scenario import from_resolved

SEA, GROUND = "#a9cce3", "#efe8d8"
PAINT = ("#d62728", "#ff8c1a", "#f2d22e", "#3a9a48", "#2f6fd0", "#8e4fb5")  # the buildings, in COLOUR_NAMES' order


def the_board(rules):
    """(terrain, structure, meeples, monster marks, width, height, what it is) of the board a report draws: the
    one every game starts on, or for a new board every game, the generator's board of its seed."""
    if rules.board_source != "generated_each_game":
        *board, width, height = starting_board(rules)
        what = "drawn in the scenario" if rules.board_source == "map" else \
            f"generated once for every game from generator seed {rules.generator.seed}"
        return (*board, width, height, what)
    g = rules.generator
    t, s, m, _ = generated_board(g, rules.meeples, rules.meeples_per_square)
    return t, s, m, np.zeros(0, np.int64), g.width, g.height, \
        f"one the generator draws (its seed {g.seed}); every game draws its own from the same settings"


def board(games, meta: dict) -> list:
    """The starting board, its counts, and a warning ring round every meeple walled in by buildings."""
    rules = from_resolved(meta["scenario"]).rules
    terrain, structure, meeples, marks, width, height, what = the_board(rules)
    w2 = width + 2
    terrain, structure, meeples = (a.reshape(height + 2, w2)[1:-1, 1:-1] for a in (terrain, structure, meeples))
    stuck = stuck_meeples(rules) if rules.board_source != "generated_each_game" else []
    buildings = [int(np.sum(structure == k)) for k in range(len(COLOUR_NAMES))]
    text = (f"The board, {width} x {height} squares, {what}: {count(int(meeples.sum()), 'meeple')}, "
            f"{count(int(np.sum(structure == EVAC)), 'evac site')} and {count(sum(buildings), 'building')} ("
            + ", ".join(f"{k} {name}" for k, name in zip(buildings, COLOUR_NAMES) if k) + ").")
    walled = sum(k for _, _, k in stuck)
    if walled:
        them = "it" if walled == 1 else "them"
        text += (f" Ringed: {count(walled, 'meeple')} that no route over land and water takes to an evac site; "
                 f"only a monster destroying the buildings round {them} can free {them}.")

    def draw(fig):
        colours = [[PAINT[x] if 0 <= x < len(PAINT) else SEA if t == WATER else GROUND
                    for x, t in zip(xs, ts)] for xs, ts in zip(structure, terrain)]
        ax, size = draw_board(fig, colours)
        r, c = np.nonzero(structure == EVAC)
        ax.scatter(c + 1, r + 1, s=(0.8 * size) ** 2, c="white", edgecolors="#333", linewidths=1, label="evac site")
        r, c = np.nonzero(meeples)
        ax.scatter(c + 1, r + 1, s=(0.35 * size) ** 2, c="#222", label="meeple (a number: that many)")
        for r, c in zip(*np.nonzero(meeples > 1)):
            ax.text(c + 1.3, r + 0.75, str(meeples[r, c]), fontsize=max(4, size * 0.35), ha="center", va="center")
        for mark in marks:
            r, c = divmod(int(mark), w2)
            ax.text(c, r, "M", fontsize=max(5, size * 0.6), ha="center", va="center", weight="bold", color="#7a1f1f")
        if stuck:
            ax.scatter([c for _, c, _ in stuck], [r for r, _, _ in stuck], s=(1.1 * size) ** 2, facecolors="none",
                       edgecolors="#c0392b", linewidths=1.6, label="walled in")
        ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.02), ncol=3, frameon=False, fontsize=7, markerscale=0.7)

    caption = "The starting board (row, column as in a replay; M: a monster's start)"
    return [Text(text), Plot(draw, height=height * board_square(width) + 0.9, caption=caption)]


SECTIONS = (ReportSection("The board", board),)
