"""One game of Monsters on the Moon told in the rules' words, from the events its engine logs (``balance replay``).

A square is (x, y): x counted to the right, y down, from the top-left square of the starting formation's
Armstrong card (the centre of the table).  A card is written as printed, two rows of three squares
(``rules.py``: ``.`` empty, ``c`` crystal, ``w h v s`` a werewolf, witch, vampire, skeleton head, capitals two
heads in one square, ``A``/``B`` Armstrong and his base camp), with the quarter turns it was turned clockwise
and the square its top-left corner lies on.  The layout is drawn after the setup and at the end: a square is
its letter (``^``: a spaceship on a crystal), a moon-wall is ``|`` or ``-`` between squares.
"""

from __future__ import annotations

from balance.games.moon.engine import (
    AREA_ENCLOSED, BULLETIN_MISSION, CARD_DRAWN, CARD_PASSED, CARD_PLACED, CRYSTALS, END_REASONS, FINAL_SCORE,
    FIRST_PLAYER, FORMATION_CARD, GAME_ENDS, IN_GAME_SCORE, LAST_CARD_DRAWN, MISSION_DEALT, MISSION_SCORED,
    MONSTER_DEALT, SKIPPED, SOLO_SCORE, SPACESHIP_PLACED, STARTER_CHOSEN, TILE_GAINED, TILE_LOST, TILE_PLACED,
    TURN, WALL_PLACED,
)
from balance.games.moon.rules import MONSTERS, parse_card
from balance.games.moon.state import EAST_BORDER
from balance.games.moon.tables import FOOTPRINT, GRID, SQUARE_AT
from balance.report.fmt import count

HEAD_LETTERS = "whvs"
RATINGS = ("The witch and the werewolf are partying hard! Poor little vampire ...",
           "Maybe get some more training at the SPIEL DAS! Space Academy.",
           "Almost there, my fanged friend - there's just a little more room for improvement.",
           "You're an absolute space ace! Or maybe you just got really lucky ...",
           "\"The Man In The Moon\" has finally found his champion!")


def square(c: int) -> str:
    """A grid square as (x, y) from the centre of the table."""
    return f"({c % GRID - GRID // 2}, {c // GRID - GRID // 2})"


def faces(rules) -> list[str]:
    """Every card face by its number in the kernel: the deck, the 4-player cards, lunar surface, Armstrong."""
    c = rules.cards
    return [*c.deck, *c.four_player_cards, c.lunar_surface, c.armstrong]


class Table:
    """The layout as the events leave it: each square's letter, spaceships and moon-walls."""

    def __init__(self, rules):
        self.faces = faces(rules)
        self.letter: dict[int, str] = {}
        self.ships: set[int] = set()
        self.walls: set[tuple[int, int]] = set()  # (border, square): the square's east or south border

    def card(self, face: int) -> str:
        return "'" + self.faces[face] + "'"

    def lay(self, face: int, turns: int, c: int) -> tuple[int, int]:
        """Lay a card; return (squares covered, crystals covered)."""
        letters = parse_card(self.faces[face], armstrong=True)
        shape = turns & 1
        covered = crystals = 0
        for j in range(6):
            f = c + int(FOOTPRINT[shape, j])
            if f in self.letter:
                covered += 1
                crystals += self.letter[f] == "c"
            self.letter[f] = letters[int(SQUARE_AT[turns, j])]
        return covered, crystals

    def wall(self, squares: int, border: int, c: int) -> str:
        step = GRID if border == EAST_BORDER else 1
        for i in range(squares):
            self.walls.add((border, c + i * step))
        last = c + (squares - 1) * step
        side = "east" if border == EAST_BORDER else "south"
        where = square(c) if squares == 1 else f"{square(c)} to {square(last)}"
        return f"a {'short' if squares == 1 else 'long'} moon-wall on the {side} side of {where}"

    def drawn(self) -> list[str]:
        """The layout, two characters a square: its letter, then the moon-wall east of it; a row of walls below."""
        if not self.letter:
            return []
        xs = [c % GRID for c in self.letter]
        ys = [c // GRID for c in self.letter]
        x0, x1, y0, y1 = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
        rows = []
        for y in range(y0, y1 + 1):
            line, under = [], []
            for x in range(x0, x1 + 1):
                c = y * GRID + x
                ch = self.letter.get(c, " ")
                line.append(("^" if c in self.ships else ch) + ("|" if (EAST_BORDER, c) in self.walls else " "))
                under.append(("-" if (1 - EAST_BORDER, c) in self.walls else " ") + " ")
            rows.append("    " + "".join(line).rstrip())
            if any(ch != " " for ch in "".join(under)):
                rows.append("    " + "".join(under).rstrip())
        return [r for r in rows if r.strip()] or []


def code_name(code: int) -> str:
    """What a square code shows, in words."""
    if code >= 12:
        return f"two {MONSTERS[code - 12]} heads"
    if code >= 8:
        return f"a {MONSTERS[code - 8]}"
    return ("nothing", "empty moonscape", "empty lunar surface", "a crystal", "Armstrong", "his base camp")[code]


def describe(events, seats: list[str], rules) -> list[str]:
    """The lines of a replayed game: the setup and the layout, one line per turn, the scorings, the end."""
    table = Table(rules)
    lines: list[str] = []
    setup_drawn = False
    solo = len(seats) == 1
    monster = {0: MONSTERS.index("vampire")} if solo else {}
    missions = rules.mission_cards.cards

    told = [0]  # things said on the last line
    final: list[bool] = []  # the final scoring has begun

    def say(text: str) -> None:
        """Add to the last line (a turn's, a scoring's) what happened next."""
        lines[-1] += ("; " if told[0] else ": ") + text
        told[0] += 1

    def new(text: str) -> None:
        lines.append(text)
        told[0] = 0

    for kind, a, b, c, d in events:
        if kind == MONSTER_DEALT:
            monster[a] = b
            lines.append(f"{seats[a]} plays the {MONSTERS[b]}")
        elif kind == CARD_PASSED:
            lines.append(f"{seats[a]} gives the double-head card {table.card(b)} to {seats[c]} (on its right)")
        elif kind == FORMATION_CARD:
            table.lay(a, b, c)
            lines.append(f"Starting formation: {table.card(a)} turned {b} at {square(c)}")
        elif kind == MISSION_DEALT:
            lines.append(f"{seats[a]} is dealt the secret mission {b + 1} ('{missions[b]}')")
        elif kind == BULLETIN_MISSION:
            lines.append(f"Bulletin board: mission {a + 1} ('{missions[a]}')")
        elif kind == FIRST_PLAYER:
            lines.append(f"{seats[a]} starts")
        elif kind == TURN:
            if not setup_drawn:
                lines += ["The table after the setup:", *table.drawn()]
                setup_drawn = True
            new(f"Turn {a}, {seats[b]}" + (f" ({MONSTERS[monster[b]]})" if b in monster else ""))
        elif kind == CARD_PLACED:
            covered, _ = table.lay(b, c, d)
            where = f"on top, covering {count(covered, 'square')}" if covered else "beside the layout"
            say(f"places {table.card(b)} turned {c} at {square(d)}, {where}")
        elif kind == CRYSTALS:
            say(f"+{b} on the crystal board (space {c})")
        elif kind == SPACESHIP_PLACED:
            table.ships.add(b)
            say(f"a spaceship on the crystal at {square(b)}")
        elif kind == TILE_GAINED:
            say(f"reaches a red-bordered space: {count(b, 'monster tile')}")
        elif kind == TILE_PLACED:
            table.letter[b] = HEAD_LETTERS[monster[a]]
            say(f"the monster tile turns {code_name(c)} at {square(b)} into a {MONSTERS[monster[a]]}")
        elif kind == TILE_LOST:
            say(f"no opponent's monster on the card: {count(b, 'monster tile')} lost")
        elif kind == WALL_PLACED:
            say(table.wall(b, c, d))
        elif kind == AREA_ENCLOSED:
            say(f"an area of {count(b, 'square')} is now enclosed by moon-walls")
        elif kind == CARD_DRAWN:
            say(f"draws a card ({c} left)")
        elif kind == LAST_CARD_DRAWN:
            say("draws the last card")
        elif kind == IN_GAME_SCORE:
            if not lines[-1].startswith("In-game scoring"):
                new("In-game scoring")
            say(f"{seats[a]} {b} VP (crystal board space {c})")
        elif kind == STARTER_CHOSEN:
            lines.append(f"{seats[a]}, with the fewest points, chooses {seats[b]} to place the next card")
        elif kind == SKIPPED:
            lines.append(f"{seats[a]} cannot place a card or moon-walls: skipped")
        elif kind == FINAL_SCORE:
            if not final:
                lines += ["The table at the end:", *table.drawn()]
                new("Final scoring")
                final.append(True)
            say(f"{seats[a]} heads {b} VP, largest group {c}, crystal board {d} VP")
        elif kind == MISSION_SCORED:
            say(f"{seats[a]}'s mission {b} VP")
        elif kind == SOLO_SCORE:
            band = sum(1 for least in rules.solo.bands if d >= least)
            lines += ["The table at the end:", *table.drawn(),
                      f"Solo scoring: vampires in groups {a}, crystals in groups {b}, witches and werewolves "
                      f"-{c}: {d} points. {RATINGS[band]}"]
        elif kind == GAME_ENDS:
            why = {"hands_played": "every hand is played out", "nobody_can_place":
                   "nobody can place a card or moon-walls", "deck_played": "the draw pile is empty",
                   "timeout": "the turn cap is reached (rules.max_turns)"}[END_REASONS[a]]
            tie = " (a tie on VP broken by the crystal board)" if c else ""
            lines.append(f"The game ends: {why}" + (f"; {seats[b]} wins{tie}" if b >= 0 and not solo else ""))
    return lines
