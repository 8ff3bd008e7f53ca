"""One game of Moongha Invaders: Two Player told in the rules' words, from the events its engine logs
(``balance replay``).

A square is (row, column), counted from 1 at the map's top left, as a designer reads the map.  The map is
drawn at the start and at the end; one paragraph per turn: the cards played and what each action did.
"""

from __future__ import annotations

from balance.games.duel.decisions import ATTACKS, BLOOB
from balance.games.duel.engine import (
    BONUS_TRY, CLAIMS, DAMAGED, DIES, DISCARDS, DRAWS, DUCKS, END_REASONS, FIGHT, GAME_ENDS, HIT, MOVES, OUT_OF_AMMO,
    PLACED, PLAYS, POWER, ROLLED, RUBBLED, SETUP_BONUS, SETUP_PIECE, SHOOTS, SHRINKS, TANKS, TURN,
)
from balance.games.duel.decisions import (CONCEAL, DRINK, DROP_TANKS, EXTEND, HEAL, JEEP_BOMB_RUN, RETRACT, RUBBLE,
                                          SWAP)
from balance.games.duel.rules import COUNTERS, HEROES, MONSTERS, parse_card
from balance.kit.log import LOG_LENGTH
from balance.report.fmt import count

NAMES = [p.title() for p in HEROES + MONSTERS]
SIDES = ("the hero player", "the monster player")
POWERS = {RUBBLE: "makes rubble on {sq}", EXTEND: "extends the Bloob to {sq}",
          RETRACT: "retracts a Bloob counter from {sq}", CONCEAL: "hides on {sq}", HEAL: "uses the med kit on {sq}",
          DRINK: "drinks the energy drink on {sq} (no action)", SWAP: "hands over the {counter} on {sq} (no action)",
          DROP_TANKS: "puts the oxygen tanks down on {sq} (no action)", JEEP_BOMB_RUN: "drives the jeep at {sq}"}


def _words(name: str) -> str:
    return name.replace("_", " ")


class Map:
    """The map as the events leave it: the pieces' squares, the Bloob's counters, rubble, face-down counters."""

    def __init__(self, rules):
        self.rows = rules.map
        self.width = len(self.rows[0])
        self.at = [-1] * len(NAMES)
        self.bloob: list[int] = []
        self.rubble: set[int] = set()
        self.bonus: set[int] = set()

    def move(self, piece: int, frm: int, to: int) -> None:
        """The piece (the Bloob: its counter on ``frm``) goes to square ``to``."""
        self.at[piece] = to
        if piece == BLOOB:
            self.bloob = [to if c == frm else c for c in self.bloob] if frm in self.bloob else [to]

    def square(self, c: int) -> str:
        r, col = divmod(c, self.width)
        return f"({r + 1},{col + 1})"

    def drawn(self) -> list[str]:
        grid = [[ch if ch in ".#" else "." for ch in row] for row in self.rows]
        for c in self.rubble:
            grid[c // self.width][c % self.width] = "%"
        for c in self.bonus:
            grid[c // self.width][c % self.width] = "?"
        for p, c in enumerate(self.at):
            for sq in (self.bloob if p == BLOOB else [c] if c >= 0 else []):
                grid[sq // self.width][sq % self.width] = MARKS[p]
        return ["    " + "".join(row) for row in grid]


MARKS = "12345ksbpdom"  # the heroes by number, the monsters by a letter of their name
LEGEND = ("Map: . street, # building, % rubble, ? a face-down bonus counter; heroes 1 Joe, 2 Arnie, 3 Billy, 4 Skull, "
          "5 Jade; monsters k Kiddoo, s Shaggoo, b the Bloob, p Spectoor, d Drakoor, o Moogre, m Mechoor. A square is "
          "(row, column), counted from 1 at the top left, as the rules' thick_lines name them.")


def describe(events, seats: list[str], rules) -> list[str]:
    """The lines of a replayed game: the map, one paragraph per turn, the end."""
    board = Map(rules)
    cards = ([parse_card(c, HEROES) for c in rules.hero_deck],
             [parse_card(c, MONSTERS) for c in rules.monster_deck])
    lines: list[str] = []
    parts: list[str] = []
    shot = None

    def card_name(s: int, card: int) -> str:
        names = HEROES if s == 0 else MONSTERS
        a, b, mark = cards[s][card]
        return f"{names[a].title()}/{names[b].title()}" + ("" if mark == 0 else " (Duck)" if mark == 1 else " (+1)")

    def flush():
        if parts:
            lines.append("  " + "; ".join(parts) + ".")
            parts.clear()

    started = False
    for kind, a, b, c, d in events:
        if kind == SETUP_PIECE:
            board.move(a, -1, b)
        elif kind == SETUP_BONUS:
            board.bonus.add(a)
        elif kind == TURN:
            if not started:
                lines += [LEGEND, "The start:"] + board.drawn()
                started = True
            flush()
            lines.append(f"Round {a}, {SIDES[b]} ({seats[b]}), {count(c, 'card')} in hand:")
        elif kind == PLAYS:
            how = "a bonus action" if c == -1 else f"the card {card_name(a, c)}"
            parts.append(f"{how} for {NAMES[b]}")
        elif kind == MOVES:
            counter = " a counter" if a == BLOOB and len(board.bloob) > 1 else ""  # the extended Bloob crawls
            board.move(a, b, c)
            parts.append(f"{NAMES[a]} moves{counter} from {board.square(b)} to {board.square(c)}" +
                         (" in the jeep" if d else ""))
        elif kind == CLAIMS:
            board.bonus.discard(c)
            parts.append(f"{NAMES[a]} picks up the {_words(COUNTERS[b])}")
        elif kind == SHOOTS:
            target = "the oxygen tanks" if c == TANKS else ("the square" if c < 0 else NAMES[c])
            shot = f"{NAMES[a]} fires the {_words(ATTACKS[b])} at {target} on {board.square(d)}"
        elif kind == ROLLED:
            parts.append(f"{shot}: {a} against {b}+, " + ("a hit" if a >= b else "a miss"))
        elif kind == HIT:
            parts.append(f"{NAMES[a]} is hit for {b}" + (" (a natural 12: double)" if c else ""))
        elif kind == FIGHT:
            if c < 0:
                parts.append(f"{NAMES[a]} fights {NAMES[b]}: the Bloob always wins")
            else:
                parts.append(f"{NAMES[a]} fights {NAMES[b]}: {c} against {d}")
        elif kind == PLACED:
            board.at[a] = b
            parts.append(f"{NAMES[a]} is put on {board.square(b)}")
        elif kind == DUCKS:
            board.at[a] = b
            parts.append(f"{NAMES[a]} ducks (a Duck card) to {board.square(b)}")
        elif kind == DAMAGED:
            if d == 1:
                parts.append(f"{NAMES[a]}'s body armour takes the {b}")
            elif d == 2:
                parts.append(f"the Bloob ignores a hit of {b}")
            else:
                parts.append(f"{NAMES[a]} takes {b} (damage {c})")
        elif kind == DIES:
            board.at[a] = -1
            if a == BLOOB:
                board.bloob.clear()
            parts.append(f"{NAMES[a]} is eliminated on {board.square(b)}")
        elif kind == RUBBLED:
            board.rubble.add(a)
            parts.append(f"rubble on {board.square(a)}")
        elif kind == OUT_OF_AMMO:
            parts.append(f"a natural 2: {NAMES[a]}'s {_words(ATTACKS[b])} is out of ammunition")
        elif kind == POWER:
            if b == EXTEND:
                board.bloob.append(c)
            elif b == RETRACT and c in board.bloob:
                board.bloob.remove(c)
            counter = _words(COUNTERS[d]) if b == SWAP else ""  # the counter handed over
            told = POWERS.get(b, "acts on {sq}").format(sq=board.square(c), counter=counter)
            parts.append(f"{NAMES[a]} {told}")
        elif kind == SHRINKS:
            if a in board.bloob:
                board.bloob.remove(a)
            parts.append(f"the Bloob loses its counter on {board.square(a)} for good")
        elif kind == BONUS_TRY:
            parts.append(f"bonus action for {NAMES[a]}: draws {card_name(0, b)}, " +
                         ("it acts" if c else "not on it: that card and one more discarded, the turn's play ends"))
        elif kind == DISCARDS:
            parts.append(f"{'removes' if c else 'discards'} {card_name(a, b)}")
        elif kind == DRAWS:
            parts.append(f"draws {count(b, 'card')}")
        elif kind == GAME_ENDS:
            flush()
            lines.append("The end:")
            lines += board.drawn()
            who = "nobody wins" if c < 0 else f"{SIDES[c]} ({seats[c]}) wins"
            lines.append(f"The game ends after {count(b, 'round')} ({_words(END_REASONS[a])}): {who}.")
    flush()
    if len(events) >= LOG_LENGTH:
        lines.append(f"(the replay's log holds {LOG_LENGTH} events: the rest of the game is not told)")
    return lines
