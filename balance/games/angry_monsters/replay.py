"""One game of Angry Monsters told in the rules' words, from the events its engine logs (``balance replay``).

The board is drawn at the start and at the end in the map's legend; a square is (row, column), counted
from 1 at the map's top left, as a designer reads the map.  One line per turn: a monster's roll, its walks,
the meeples it eats and the buildings it destroys; the human's roll and the meeples moved and evacuated, or
the evac site replaced and the meeples put back.  After each round the count so far, and at the end why
the game ended and who won by the victory condition.
"""

from __future__ import annotations

import numpy as np

from balance.games.angry_monsters.board import COLOUR_NAMES, EVAC, NONE, render
from balance.games.angry_monsters.engine import (
    DESTROYS, EATS, EVACUATES, FINAL, GAME_ENDS, HUMAN_ROLLS, HUMAN_STOPS, MEEPLE_MOVES, MONSTER_ROLLS,
    MONSTER_STARTS, MONSTER_STEPS, MONSTER_STOPS, MONSTERS_TIED, PUTS_BACK, REPLACES, SQUARE, TIMEOUT, TURN,
)
from balance.games.angry_monsters.tables import starting_board
from balance.kit.log import LOG_LENGTH
from balance.report.fmt import count

LEGEND = "~ water, . land, r o y g b v buildings (red, orange, yellow, green, blue, violet), E evac sites, " \
         "m a meeple (w in water, 2-9 that many), M the monsters"


def _a(face: int) -> str:
    """'a 6', 'an 8': a die's face with its article."""
    return ("an " if str(face).startswith("8") or face in (11, 18) else "a ") + str(face)


def _meeples(k: int) -> str:
    return "a meeple" if k == 1 else f"{k} meeples"


def _moves(k: int) -> str:
    return count(k, "move")


class Board:
    """The board as the events leave it: terrain, structures, meeples and the monsters' squares."""

    def __init__(self, rules, monsters: int):
        self.width, self.height = starting_board(rules)[4:6]
        self.w2 = self.width + 2
        n = self.w2 * (self.height + 2)
        self.terrain = np.zeros(n, np.int8)
        self.structure = np.full(n, NONE, np.int8)
        self.meeples = np.zeros(n, np.int64)
        self.monster = [-1] * monsters

    def square(self, c: int) -> str:
        r, col = divmod(c, self.w2)
        return f"({r},{col})"

    def building(self, c: int) -> str:
        x = int(self.structure[c])
        return f"the evac site at {self.square(c)}" if x == EVAC else \
            f"the {COLOUR_NAMES[x]} building at {self.square(c)}"

    def drawn(self) -> list[str]:
        """The map's rows, numbered, under a ruler of column numbers."""
        rows = render(self.terrain, self.structure, self.meeples, self.width, self.height,
                      marks=[c for c in self.monster if c >= 0])
        cols = range(1, self.width + 1)
        ruler = ["     " + "".join(str(c // 10) if c % 10 == 0 else " " for c in cols),
                 "     " + "".join(str(c % 10) for c in cols)]
        return ruler + [f"  {r:>2} {row}" for r, row in enumerate(rows, 1)]


def describe(events, seats: list[str], rules) -> list[str]:
    """The lines of a replayed game: the board, one line per turn, the count after each round, the end."""
    return tell(events, seats, rules)[0]


def tell(events, seats: list[str], rules) -> tuple[list[str], Board]:
    """The lines of a replayed game, and the board as its events leave it."""
    n = len(seats)
    human = n - 1
    board = Board(rules, human)
    lines: list[str] = []
    parts: list[str] = []  # what the turn at hand did, one part each
    walk = [0, 0, -1]  # the monster's walk being told: squares, moves paid, where it ends
    path: list[int] = []  # the meeple being moved: the squares it stepped through
    dice: list[int] = []
    put_back: list[int] = []  # the meeples to put back as an evac site is replaced, then the squares they land on
    eaten = [0] * n
    wrecked = [[0, 0] for _ in range(n)]  # per seat: buildings, evac sites destroyed
    evacuated = 0
    rnd = 0
    final: dict[int, tuple[int, int]] = {}
    short = [label.split(" (")[0] for label in seats]  # 'Seat 2', in counts
    turn = [0, 0]  # the monster's turn at hand: meals, buildings destroyed
    saved: dict[int, int] = {}  # the human's turn at hand: meeples evacuated, by evac site

    def end_walk():
        if walk[0]:
            said = f"walks {count(walk[0], 'square')} to {board.square(walk[2])}"
            parts.append(said + (f" ({_moves(walk[1])})" if walk[1] != walk[0] else ""))
            walk[0] = walk[1] = 0

    def end_path(evacuated_at: int = -1):
        if path:
            steps = len(path) - 1
            said = f"a meeple {board.square(path[0])} to {board.square(path[-1])}"
            said += f" ({count(steps, 'square')})" if steps > 1 else ""
            parts.append(said + (", evacuated" if evacuated_at >= 0 else ""))
            path.clear()

    def end_turn():
        end_walk()
        end_path()
        if put_back:
            asked, squares = put_back[0], put_back[1:]
            parts.append(f"puts back {count(len(squares), 'evacuated meeple')}"
                         + (f" at {', '.join(map(board.square, squares))}" if squares else "")
                         + (f" ({asked} due; no free square or evacuated meeple for the rest)"
                            if len(squares) < asked else ""))
            put_back.clear()
        if turn[0] + turn[1] > 2:  # a long turn: what it came to
            parts.append("in all " + " and ".join(x for x in (
                f"{_meeples(turn[0])} eaten" if turn[0] else "",
                f"{count(turn[1], 'building')} destroyed" if turn[1] else "") if x))
        if sum(saved.values()) > 1:
            parts.append(f"in all the human evacuates {_meeples(sum(saved.values()))}: "
                         + ", ".join(f"{k} at {board.square(c)}" for c, k in saved.items())
                         if len(saved) > 1 else
                         f"in all the human evacuates {_meeples(sum(saved.values()))} at the evac site "
                         f"{board.square(next(iter(saved)))}")
        turn[0] = turn[1] = 0
        saved.clear()
        if parts:
            lines[-1] += ": " + "; ".join(parts)
            parts.clear()

    def after_round():
        on_board = int(board.meeples.sum())
        destroyed = ", ".join(f"{short[m]} {b}" + (f" (and {count(e, 'evac site')})" if e else "")
                              for m, (b, e) in enumerate(wrecked[:human]))
        lines.append(f"  after round {rnd}: {on_board} meeples on the board, {sum(eaten)} eaten, "
                     f"{evacuated} evacuated; buildings destroyed: {destroyed}")

    start: list[str] = []
    for kind, a, b, c, d in events:
        if kind == SQUARE:
            board.terrain[a], board.structure[a], board.meeples[a] = b, c, d
        elif kind == MONSTER_STARTS:
            board.monster[a] = b
            start.append(f"{seats[a]} starts at {board.square(b)}" if b >= 0 else
                         f"{seats[a]} finds no free water square and stays off the board")
            if a == human - 1:
                meeples, sites = int(board.meeples.sum()), int((board.structure == EVAC).sum())
                buildings = int(((board.structure >= 0) & (board.structure != EVAC)).sum())
                lines.append(f"The city: {count(meeples, 'meeple')}, {count(buildings, 'building')}, "
                             f"{count(sites, 'evac site')}. Squares are (row, column) from the map's top left "
                             f"({LEGEND}):")
                lines += board.drawn()
                lines.append("; ".join(start) + f"; {seats[human]} is the human.")
        elif kind == TURN:
            end_turn()
            if a != rnd and rnd:
                after_round()
            rnd = a
            lines.append(f"Round {a} — " + (f"the human, {seats[b]}," if b == human else seats[b]))
            dice.clear()
        elif kind == MONSTER_ROLLS:
            lines[-1] += f" rolls {_a(b)}"
        elif kind == MONSTER_STEPS:
            board.monster[a] = b
            walk[0] += 1
            walk[1] += c
            walk[2] = b
        elif kind == EATS:
            end_walk()
            parts[-1] += f", eats {_meeples(c)} (+{_moves(d)})"
            turn[0] += c
            board.meeples[b] -= c
            eaten[a] += c
        elif kind == DESTROYS:
            end_walk()
            parts.append(f"destroys {board.building(b)} ({_moves(d)})")
            wrecked[a][c == EVAC] += 1
            turn[1] += 1
            board.structure[b] = NONE
        elif kind == MONSTER_STOPS:
            end_walk()
            parts.append(f"stops with {_moves(b)} unused" if parts else f"stays where it is ({_moves(b)} unused)")
        elif kind == REPLACES:
            lines[-1] += " replaces an evac site"
            if a >= 0:
                board.structure[a] = NONE
                parts.append(f"lifts the evac site at {board.square(a)}")
            board.structure[b] = EVAC
            parts.append(f"puts it on {board.square(b)}")
            put_back[:] = [c]
        elif kind == PUTS_BACK:
            board.meeples[a] += 1
            evacuated -= 1
            put_back.append(a)
        elif kind == HUMAN_ROLLS:
            dice.append(a)
            head = lines[-1].split(" rolls ")[0]
            lines[-1] = head + " rolls " + (f"{' + '.join(map(str, dice))} = {sum(dice)}" if len(dice) > 1
                                            else _a(dice[0]))
        elif kind == MEEPLE_MOVES:
            if not path or path[-1] != a:
                end_path()
                path.append(a)
            path.append(b)
            board.meeples[a] -= 1
            board.meeples[b] += 1
        elif kind == EVACUATES:
            board.meeples[a] -= 1
            evacuated += 1
            saved[a] = saved.get(a, 0) + 1
            end_path(a)
        elif kind == HUMAN_STOPS:
            end_path()
            parts.append(f"{_moves(a)} unused")
        elif kind == FINAL:
            final[a] = (b, c)
        elif kind == GAME_ENDS:
            end_turn()
            after_round()
            lines += ending(a, b, c, d, final, seats, short, rules)
            lines.append("The city at the end:")
            lines += board.drawn()
    end_turn()
    if len(events) >= LOG_LENGTH:
        lines.append(f"(the replay's log holds {LOG_LENGTH} events: the rest of the game is not told)")
    return lines, board


def ending(reason: int, rounds: int, winner: int, left: int, final: dict, seats: list[str], short: list[str],
           rules) -> list[str]:
    """Why the game ended, and the victory condition read on the standings (a monster's score is the buildings
    the victory condition counts, the human's the meeples evacuated)."""
    human = len(seats) - 1
    evacuated = final[human][0]
    eaten = sum(final[m][1] for m in range(human))
    by = ", ".join(f"{short[m]} {final[m][1]}" for m in range(human))
    if reason == TIMEOUT:
        return [f"The game stops after {rounds} rounds (rules.max_rounds) with {count(left, 'meeple')} still on "
                f"the board: no winner (evacuated {evacuated}, eaten {eaten})"]
    said = f"No meeple is left on the board after round {rounds}. The human evacuated {evacuated}, the monsters " \
           f"ate {eaten} ({by})"
    if winner == human:
        return [said + f": more evacuated than eaten, {seats[human]} wins"]
    scores = ", ".join(f"{short[m]} {final[m][0]}" for m in range(human))
    scores += ", evac sites included" if rules.evac_site_counts_as_building else ", evac sites not counted"
    verdict = f"{seats[winner]} wins" if winner >= 0 else "a tie between monsters: a draw"
    if reason == MONSTERS_TIED and winner >= 0:
        verdict = f"a tie between monsters, and {seats[winner]} wins the Darth Vader imitation (each tied monster " \
                  f"with the same chance)"
    return [said + f": not more evacuated than eaten, so the monster that destroyed the most buildings wins "
                   f"({scores}): {verdict}"]
