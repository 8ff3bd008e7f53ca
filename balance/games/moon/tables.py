"""The rules as Monsters on the Moon's kernel reads them: every rule by name (``balance.kit.Tables``), and the
tables derived from them, one function each.

A rule is ``t.<name>``: ``t.cover_limit``, ``t.group_vp``, ``t.mode`` (the index of the reading among
``rules.MODES``) ...; ``TABLES.names()`` lists them.  The derived tables give the card faces as square
codes, the grid geometry of a card in each of its four turns, the starting formation, the crystal board
and the moon-walls of this player count, and the mission cards.

The layout lies on a grid of ``GRID`` x ``GRID`` squares, square ``c = y * GRID + x``; the starting
formation is laid around ``CENTRE``.  The grid holds every layout the rules allow: each card placed
reaches at most 3 squares further out, and the deck's bound keeps every card placed, and every square
next to one, off the grid's edge.
"""

from __future__ import annotations

import numpy as np

from balance.games.moon.rules import (CARD_SHAPES, FORMATION_REACH, MAX_DECK, MAX_FOUR_PLAYER_CARDS, MAX_MISSIONS,
                                      MAX_TRACK, MONSTERS, Rules, parse_card, parse_formation, parse_mission)
from balance.kit import Tables, table

MAX_PLAYERS = 4
N_MONSTERS = len(MONSTERS)
WEREWOLF, WITCH, VAMPIRE, SKELETON = range(N_MONSTERS)

GRID = 256
CENTRE = GRID // 2 * GRID + GRID // 2
MAX_FACES = MAX_DECK + MAX_FOUR_PLAYER_CARDS + 2  # the deck, the 4-player cards, the lunar surface, Armstrong
MAX_CARDS = MAX_DECK + MAX_FOUR_PLAYER_CARDS + 3  # cards on the table: two lunar surface cards
MAX_FORMATION = 5
# every card placed reaches at most 3 squares beyond the layout, and a search for card positions around it at most
# 7 squares (a position 5 out, and the squares beyond it): they stay on the grid
assert FORMATION_REACH + 3 + 3 * (MAX_DECK + MAX_FOUR_PLAYER_CARDS - 1) + 7 <= GRID // 2

# square codes: what a square of the layout shows
NONE, MOONSCAPE, LUNAR, CRYSTAL, ARMSTRONG, BASE_CAMP = range(6)
HEAD = 8  # HEAD + m: one head of monster m
DOUBLE = 12  # DOUBLE + m: two heads of monster m in one square
N_CODES = 16

# the four sides of a square, and the grid step to the square beyond each
NORTH, EAST, SOUTH, WEST = range(4)
STEP = np.array([-GRID, 1, GRID, -1], np.int64)
# a card's footprint, wide and high, by shape (``rules.CARD_SHAPES``): shape 0 for turns 0 and 2, shape 1 for 1 and 3
SHAPE_W = np.array([w for w, _ in CARD_SHAPES], np.int64)
SHAPE_H = np.array([h for _, h in CARD_SHAPES], np.int64)


def _square_at():
    """For each turn, the card square (row * 3 + col, as printed) at each footprint position (row-major)."""
    at = np.zeros((4, 6), np.int64)
    for i in range(6):
        row, col = divmod(i, 3)
        for turns, (x, y, w) in enumerate([(col, row, 3), (1 - row, col, 2), (2 - col, 1 - row, 3),
                                           (row, 2 - col, 2)]):
            at[turns, y * w + x] = i
    return at


SQUARE_AT = _square_at()


def _footprint():
    """For each shape, the grid step from the card's top-left square to each footprint position."""
    off = np.zeros((2, 6), np.int64)
    for shape in range(2):
        w = SHAPE_W[shape]
        for j in range(6):
            off[shape, j] = (j // w) * GRID + j % w
    return off


FOOTPRINT = _footprint()


def _outer_sides():
    """For each shape and footprint position, the sides of the square on the card's outline (-1: none)."""
    out = np.full((2, 6, 2), -1, np.int64)
    for shape in range(2):
        w, h = SHAPE_W[shape], SHAPE_H[shape]
        for j in range(6):
            x, y = j % w, j // w
            sides = [d for d, edge in ((NORTH, y == 0), (EAST, x == w - 1), (SOUTH, y == h - 1), (WEST, x == 0))
                     if edge]
            out[shape, j, :len(sides)] = sides
    return out


OUTER_SIDES = _outer_sides()


# ---------------------------------------------------------------- the squares' codes

def square_code(letter: str, lunar: bool) -> int:
    """The code of a square letter; an empty square of a lunar surface or Armstrong card is LUNAR."""
    if letter == ".":
        return LUNAR if lunar else MOONSCAPE
    simple = {"c": CRYSTAL, "A": ARMSTRONG, "B": BASE_CAMP}
    if letter in simple:
        return simple[letter]
    m = "whvs".index(letter.lower())
    return (DOUBLE if letter.isupper() else HEAD) + m


def _faces(rules: Rules) -> list[list[int]]:
    c = rules.cards
    faces = [[square_code(ch, False) for ch in parse_card(card)] for card in (*c.deck, *c.four_player_cards)]
    faces.append([square_code(ch, True) for ch in parse_card(c.lunar_surface)])
    faces.append([square_code(ch, True) for ch in parse_card(c.armstrong, armstrong=True)])
    return faces


def deck_size(rules: Rules, players: int) -> int:
    """Monster cards in the deck of this player count (solo: the 2-3 player deck)."""
    return len(rules.cards.deck) + (len(rules.cards.four_player_cards) if players == 4 else 0)


def monsters_in_play(players: int) -> int:
    """Monsters the players choose from: the skeleton only with 4 players."""
    return N_MONSTERS if players == 4 else N_MONSTERS - 1


def hand_draw(rules: Rules, players: int) -> int:
    return rules.draw_2_players if players == 2 else rules.draw_3_4_players


def check_deck(rules: Rules, players: int) -> list[str]:
    """The deck of this player count holds each monster's double-head cards and enough cards to deal."""
    if players == 1:
        return [] if len(rules.cards.deck) >= 2 else ["cards.deck: the solo game needs at least 2 cards"]
    faces = _faces(rules)[:deck_size(rules, players)]
    out = []
    for m in range(monsters_in_play(players)):
        doubles = sum(1 for f in faces if DOUBLE + m in f)
        if doubles < rules.double_head_cards:
            out.append(f"cards: {doubles} cards show two {MONSTERS[m]} heads in one square; each player finds "
                       f"{rules.double_head_cards} (double_head_cards)")
    dealt = players * (rules.double_head_cards + hand_draw(rules, players)) + rules.formation_cards
    if dealt >= len(faces):
        out.append(f"cards: {len(faces)} cards for {players} players: the hands and the starting formation take "
                   f"{dealt}, leaving no draw pile")
    return out


# ---------------------------------------------------------------- derived tables

@table(np.int8, (MAX_FACES, 6))
def face_code(rules, players):
    """Each card face's squares as printed (row-major): the deck, the 4-player cards, lunar surface, Armstrong."""
    return _faces(rules)


@table(np.int8, (MAX_FACES, 6))
def face_linked(rules, players):
    """For each face and square: 1 if a square next to it on the card is of its kin, the same monster or (solo)
    both a crystal: on the card, they are a group."""
    def kin(code):
        return ("head", (code - HEAD) % 4) if code >= HEAD else ("crystal",) if code == CRYSTAL else None

    out = []
    for codes in _faces(rules):
        row = []
        for i, code in enumerate(codes):
            r, col = divmod(i, 3)
            nbrs = [j for j, ok in ((i - 1, col > 0), (i + 1, col < 2), (i - 3, r > 0), (i + 3, r < 1)) if ok]
            row.append(int(kin(code) is not None and any(kin(codes[j]) == kin(code) for j in nbrs)))
        out.append(row)
    return out


@table(np.int64)
def deck_cards(rules, players):
    """Monster cards in the deck of this player count (faces 0..deck_cards-1)."""
    return deck_size(rules, players)


@table(np.int64)
def lunar_face(rules, players):
    return len(rules.cards.deck) + len(rules.cards.four_player_cards)


@table(np.int64)
def armstrong_face(rules, players):
    return len(rules.cards.deck) + len(rules.cards.four_player_cards) + 1


@table(np.int64)
def monsters_playable(rules, players):
    """Monsters the seats are dealt from (werewolf, witch, vampire; the skeleton too with 4 players)."""
    return monsters_in_play(players)


@table(np.int64)
def hand_extra(rules, players):
    """Further cards each player draws at the start."""
    return hand_draw(rules, players)


@table(np.int64, (4, 6))
def square_at(rules, players):
    """For each number of quarter turns, the card square at each footprint position."""
    return SQUARE_AT


@table(np.int64, (2, 6))
def footprint(rules, players):
    """For each shape (0: 3 wide, 1: 2 wide), the grid step from the top-left square to each footprint position."""
    return FOOTPRINT


@table(np.int64, (2, 6, 2))
def outer_sides(rules, players):
    """For each shape and footprint position, the sides on the card's outline (-1: none)."""
    return OUTER_SIDES


@table(np.int64, (2, 6))
def outer_bits(rules, players):
    """For each shape and footprint position, its sides on the card's outline as bits (1 << side)."""
    return [[sum(1 << int(d) for d in OUTER_SIDES[shape, j] if d >= 0) for j in range(6)] for shape in range(2)]


@table(np.int64, (4,))
def step(rules, players):
    """The grid step to the square beyond each side (north, east, south, west)."""
    return STEP


@table(np.int64, (MAX_FORMATION, 4))
def formation(rules, players):
    """The starting formation's cards: (card, x, y, turns); card ``rules.DRAWN_1``, ``DRAWN_2``, ``LUNAR_CARD`` or
    ``ARMSTRONG_CARD``."""
    return parse_formation(getattr(rules.formations, rules.starting_formation))


@table(np.int64)
def formation_size(rules, players):
    return len(parse_formation(getattr(rules.formations, rules.starting_formation)))


def _side(rules, players):
    return max(2, min(players, 4))


@table(np.int64, (MAX_TRACK,))
def track_vp(rules, players):
    """Victory points of each space of the crystal board's side for this player count."""
    return getattr(rules.crystal_track, f"vp_{_side(rules, players)}_players")


@table(np.int64)
def track_spaces(rules, players):
    return len(getattr(rules.crystal_track, f"vp_{_side(rules, players)}_players"))


@table(np.int64, (4,))
def tile_spaces(rules, players):
    """The red-bordered spaces of this side, where the monster tiles wait."""
    return getattr(rules.crystal_track, f"tile_spaces_{_side(rules, players)}_players")


@table(np.int64)
def n_tile_spaces(rules, players):
    return len(getattr(rules.crystal_track, f"tile_spaces_{_side(rules, players)}_players"))


@table(np.int64)
def short_walls(rules, players):
    """Short moon-walls each player gets."""
    return getattr(rules.moon_walls, f"short_walls_{_side(rules, players)}_players")


@table(np.int64, (MAX_MISSIONS, 3))
def missions_table(rules, players):
    """The mission cards: (kind, threshold, VP), kind an index into rules.MISSION_KINDS."""
    return [parse_mission(m) for m in rules.mission_cards.cards]


@table(np.int64)
def n_missions(rules, players):
    return len(rules.mission_cards.cards)


@table(np.int64, (N_CODES,))
def code_monster(rules, players):
    """The monster a square code shows (-1: none)."""
    return [(c - HEAD) % 4 if c >= HEAD else -1 for c in range(N_CODES)]


@table(np.int64, (N_CODES,))
def code_heads(rules, players):
    """Monster heads a square code shows."""
    return [2 if c >= DOUBLE else 1 if c >= HEAD else 0 for c in range(N_CODES)]


TABLES = Tables(Rules, face_code, face_linked, deck_cards, lunar_face, armstrong_face, monsters_playable,
                hand_extra, square_at, footprint, outer_sides, outer_bits, step, formation, formation_size, track_vp,
                track_spaces, tile_spaces, n_tile_spaces, short_walls, missions_table, n_missions, code_monster,
                code_heads)
"""The kernel's rules record."""
