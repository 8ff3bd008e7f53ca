"""The two-player game's own report sections: which weapons and kit are used and hit, and what each does to
the heroes' chance; which pieces die, when, and what a death does to the outcome."""

from __future__ import annotations

import numpy as np
import polars as pl

from balance.games.duel.decisions import ATTACKS
from balance.games.duel.rules import HEROES, KIT, MAP, MONSTERS, parse_line
from balance.report.blocks import Plot, ReportSection, Table, Text
from balance.report.figures import board_square, draw_board
from balance.report.fmt import count, num, pct
from balance.scenario import from_resolved

HEROES_WIN = pl.col("winner") == 1


def _words(name: str) -> str:
    return name.replace("_", " ")


MONSTER_ATTACKS = ("heat_ray", "rocks", "laser_eye", "hypno_ray")


def _by(attack: str) -> str:
    return "monsters" if attack in MONSTER_ATTACKS else "heroes"


def _rate(won, n) -> str:
    return pct(won / n) if n else "—"


def weapons(games: pl.LazyFrame, meta: dict) -> list:
    """Shots, hits and hit rate of every attack, and the heroes' win rate in games where it hit or not."""
    aggs = [pl.len().alias("games"), HEROES_WIN.sum().alias("won")]
    for a in ATTACKS:
        aggs += [pl.col(f"shots_{a}").mean().alias(f"s_{a}"), pl.col(f"hits_{a}").mean().alias(f"h_{a}"),
                 pl.col(f"shots_{a}").sum().alias(f"S_{a}"), pl.col(f"hits_{a}").sum().alias(f"H_{a}"),
                 (pl.col(f"hits_{a}") > 0).sum().alias(f"g_{a}"),
                 ((pl.col(f"hits_{a}") > 0) & HEROES_WIN).sum().alias(f"w_{a}")]
    for k in KIT:
        aggs += [pl.col(f"used_{k}").mean().alias(f"u_{k}"), (pl.col(f"used_{k}") > 0).sum().alias(f"ug_{k}"),
                 ((pl.col(f"used_{k}") > 0) & HEROES_WIN).sum().alias(f"uw_{k}")]
    r = games.select(aggs).collect().row(0, named=True)
    n, won = r["games"], r["won"]
    rows, shown = [], []
    for a in ATTACKS:
        if not r[f"S_{a}"]:
            continue
        g = r[f"g_{a}"]
        shown.append((_words(a), r[f"s_{a}"], r[f"h_{a}"]))
        rows.append([_words(a), _by(a), num(r[f"s_{a}"], 2), num(r[f"h_{a}"], 2), pct(r[f"H_{a}"] / r[f"S_{a}"]),
                     pct(g / n), _rate(r[f"w_{a}"], g), _rate(won - r[f"w_{a}"], n - g)])
    kit_rows = [[_words(k), num(r[f"u_{k}"], 2), pct(r[f"ug_{k}"] / n), _rate(r[f"uw_{k}"], r[f"ug_{k}"]),
                 _rate(won - r[f"uw_{k}"], n - r[f"ug_{k}"])] for k in KIT if r[f"ug_{k}"]]

    def draw(fig):
        ax = fig.subplots()
        names = [x[0] for x in shown][::-1]
        ax.barh(names, [x[1] for x in shown][::-1], color="#c8d3e0", label="shots")
        ax.barh(names, [x[2] for x in shown][::-1], color="#3d6fa8", label="hits")
        ax.set_xlabel("per game")
        ax.legend(loc="lower right", frameon=False)
        ax.spines[["top", "right"]].set_visible(False)

    return [
        Text(f"The heroes win {pct(won / n)} of {n:,} games. Each attack's shots and hits a game; the heroes' win rate "
             "in the games where it hit at least once, against the games where it did not (a weapon that hits in "
             "the games the heroes win anyway is not proof that it wins them: it is used more in long games)."),
        Plot(draw, height=0.25 * len(shown) + 0.8, caption="Shots and hits per game, by attack"),
        Table(["attack", "by", "shots a game", "hits a game", "hit rate", "games with a hit", "heroes win: hit",
               "heroes win: no hit"], rows, align=["l", "l"] + ["r"] * 6,
              caption="Weapons and the monsters' own attacks (Kiddoo's shots with a dead hero's weapon count with "
                      "the weapon)"),
        *([Table(["kit", "used a game", "games used", "heroes win: used", "heroes win: not used"], kit_rows,
                 caption="Kit used (body armour: a hit it stopped; ammo: a weapon reclaimed or a 2 ignored)")]
          if kit_rows else []),
    ]


def losses(games: pl.LazyFrame, meta: dict) -> list:
    """Each piece: how often it dies, in which round, and the heroes' win rate when it does."""
    pieces = HEROES + MONSTERS
    aggs = [pl.len().alias("games"), HEROES_WIN.sum().alias("won")]
    for p in pieces:
        dead = pl.col(f"killed_{p}") > 0
        aggs += [dead.sum().alias(f"d_{p}"), pl.col(f"killed_{p}").filter(dead).mean().alias(f"r_{p}"),
                 (dead & HEROES_WIN).sum().alias(f"w_{p}")]
    r = games.select(aggs).collect().row(0, named=True)
    n, won = r["games"], r["won"]
    rows = [[p.title(), "hero" if p in HEROES else "monster", pct(r[f"d_{p}"] / n),
             num(r[f"r_{p}"], 1) if r[f"d_{p}"] else "—", _rate(r[f"w_{p}"], r[f"d_{p}"]),
             _rate(won - r[f"w_{p}"], n - r[f"d_{p}"])] for p in pieces]
    return [
        Text("How often each piece is eliminated, the mean round it dies in (of the games it dies), and the heroes' "
             "win rate in the games it dies and the games it lives. The heroes must kill Moogre, Mechoor and the "
             "Bloob; the monsters all five heroes."),
        Table(["piece", "side", "dies in", "round", "heroes win: dies", "heroes win: lives"], rows,
              align=["l", "l"] + ["r"] * 4, caption="Pieces eliminated"),
    ]


STREET, BUILDING = "#f1eee6", "#6f6f6f"
SPOTS = (("b", "#2f6fd0", "o", "blue start spot (a hero)"), ("r", "#d62728", "o", "red start spot (a monster)"),
         ("?", "#e0a800", "D", "bonus square"), ("J", "#3a9a48", "s", "the jeep"))  # (map letter, colour, marker, legend)


def the_map(games, meta: dict) -> list:
    """The map the games are played on: streets, buildings, start spots, bonus squares, the jeep, the thick lines."""
    rules = from_resolved(meta["scenario"]).rules
    rows = rules.map
    width, height = len(rows[0]), len(rows)
    letters = np.array([list(row) for row in rows])
    lines = [divmod(a, width) + divmod(b, width) for a, b in (parse_line(x, width, height) for x in rules.thick_lines)]
    what = "the default (assumed: the draft gives no map)" if rows == MAP else "drawn in the scenario"
    text = (f"The map, {width} x {height} squares, {what}: {count(int(np.sum(letters == '#')), 'building square')}, "
            f"{count(int(np.sum(letters == '?')), 'bonus square')}, {'a jeep' if 'J' in letters else 'no jeep'} and "
            f"{count(len(lines), 'thick line')}. A piece entering a building square stops there; no piece moves "
            f"across a thick line.")

    def draw(fig):
        ax, size = draw_board(fig, [[BUILDING if x == "#" else STREET for x in row] for row in rows])
        for letter, colour, marker, label in SPOTS:
            r, c = np.nonzero(letters == letter)
            if len(r):
                ax.scatter(c + 1, r + 1, s=(0.55 * size) ** 2, c=colour, marker=marker, label=label)
        for r1, c1, r2, c2 in lines:  # the edge between two squares side by side (rows and columns from 0)
            if r1 == r2:
                x = max(c1, c2) + 0.5
                ax.plot([x, x], [r1 + 0.5, r1 + 1.5], color="black", linewidth=3, solid_capstyle="butt")
            else:
                y = max(r1, r2) + 0.5
                ax.plot([c1 + 0.5, c1 + 1.5], [y, y], color="black", linewidth=3, solid_capstyle="butt")
        ax.plot([], [], color="black", linewidth=3, label="thick line")
        ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.02), ncol=3, frameon=False, fontsize=7, markerscale=0.7)

    return [Text(text), Plot(draw, height=height * board_square(width) + 1.0,
                             caption="The map (row, column as in a replay)")]


SECTIONS = (ReportSection("The map", the_map), ReportSection("Weapons and kit", weapons),
            ReportSection("Pieces lost", losses))
