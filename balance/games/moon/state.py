"""Monsters on the Moon's game state: the fields of the state record, and the functions that keep the
layout's indices consistent with it.

Indices (kernels are 0-based):

- seats ``p`` 0..n-1, clockwise (seat p + 1 plays after seat p; the player on seat p's right is p - 1);
  monsters ``m`` 0..3 in ``rules.MONSTERS`` order, ``s.monster[p]`` the one seat p plays;
- squares ``c`` of the grid (``tables.GRID``), ``s.code[c]`` what the square shows (``tables`` square
  codes; NONE: no card there), ``s.top[c]`` the card on top there;
- cards on the table ``k`` 0..s.n_cards-1 in the order laid, ``s.card_face[k]`` the face (``t.face_code``);
- a card position (an *anchor*): ``shape * CELLS + c``, the card's top-left square ``c`` and its
  shape (0: 3 wide and 2 high, the card turned 0 or 2 quarter turns; 1: 2 x 3, 1 or 3 quarter turns);
- a square's east and south borders carry its moon-walls: ``s.wall[EAST_BORDER, c]``, ``s.wall[SOUTH_BORDER, c]``.

The layout keeps two indices up to date as cards, spaceships and walls are placed (``engine``): the
bounding box of the squares with a card (``x0 .. y1``), and the list of card positions that the rules
allow for every player (``legal``, with ``legal_at`` giving each position's place in it + 1, 0 if not
listed): placing a card changes which positions are legal only near it, so the list is updated there
instead of being rebuilt for each decision.
"""

import numpy as np

from balance.games.moon.rules import MAX_MISSIONS
from balance.games.moon.tables import GRID, MAX_CARDS, MAX_FACES, MAX_PLAYERS, N_MONSTERS, NONE
from balance.kit import jit

CELLS = GRID * GRID
EAST_BORDER, SOUTH_BORDER = 0, 1
MAX_HAND = 32  # 2 double-head cards + 8 drawn + one per wall turn
# card positions the list can hold: each position touches or overlaps a square with a card, and each
# square is touched or overlapped by 16 positions of each shape
MAX_LEGAL = 2 * 16 * 6 * MAX_CARDS
MAX_OPTIONS = 1 << 15
MAX_TURN_WALLS = 8  # rules.MoonWalls.most_per_turn bound
MAX_WALL_ROOM = 4096  # moon-walls touching a turn's, for each wall the search stands (engine.wall_room)
MAX_AREAS = 256  # each enclosed area takes 4 moon-walls at least

P = MAX_PLAYERS
FIELDS = [
    # the layout
    ("code", np.int8, (CELLS,)),  # what each square shows (NONE: no card)
    ("top", np.int16, (CELLS,)),  # the card on top of each square (where code != NONE)
    ("ship", np.int8, (CELLS,)),  # 1 + the seat whose spaceship stands on the square, 0: none
    ("wall", np.int8, (2, CELLS)),  # 1 + the seat whose moon-wall stands on the square's east / south border
    ("area", np.int16, (CELLS,)),  # the enclosed area the square lies in (0: none)
    ("n_areas", np.int64),
    ("x0", np.int64), ("y0", np.int64), ("x1", np.int64), ("y1", np.int64),  # bounding box of the squares with a card
    ("legal", np.int64, (MAX_LEGAL,)),  # the card positions every player may use (anchors)
    ("n_legal", np.int64),
    ("legal_at", np.int32, (2, CELLS)),  # per shape and top-left square: 1 + its place in ``legal``, 0: not legal
    # the cards on the table
    ("n_cards", np.int64),
    ("card_face", np.int64, (MAX_CARDS,)),
    ("card_cell", np.int64, (MAX_CARDS,)),  # top-left square
    ("card_turns", np.int64, (MAX_CARDS,)),  # quarter turns clockwise
    ("card_visible", np.int64, (MAX_CARDS,)),  # squares still showing
    ("card_lost", np.int64, (MAX_CARDS,)),  # squares covered since it was laid
    # the draw pile and the hands (card faces)
    ("pile", np.int64, (MAX_FACES,)),
    ("n_pile", np.int64),
    ("hand", np.int64, (P, MAX_HAND)),
    ("n_hand", np.int64, (P,)),
    # the players
    ("monster", np.int64, (P,)),  # the monster each seat plays
    ("seat_of", np.int64, (N_MONSTERS,)),  # the seat playing each monster, -1: nobody
    ("track", np.int64, (P,)),  # space on the crystal board
    ("ships_left", np.int64, (P,)),
    ("tiles", np.int64, (P,)),  # monster tiles gained
    ("tiles_placed", np.int64, (P,)),
    ("tiles_waiting", np.int64, (P,)),  # gained, not yet placed on a card
    ("long_left", np.int64, (P,)),
    ("short_left", np.int64, (P,)),
    ("walls_placed", np.int64, (P,)),
    ("wall_turns", np.int64, (P,)),  # turns that placed moon-walls instead of a card
    ("cards_placed", np.int64, (P,)),
    ("rival_heads_covered", np.int64, (P,)),  # heads of the other players' monsters its cards covered
    ("secret", np.int64, (P, 3)),  # secret missions dealt (mission numbers from 0)
    ("bulletin", np.int64, (MAX_MISSIONS,)),  # the bulletin board's missions
    ("n_bulletin", np.int64),
    # scoring
    ("ingame", np.int64, (P,)),  # in-game scoring: head points
    ("final_heads", np.int64, (P,)),  # final scoring: head points
    ("largest", np.int64, (P,)),  # monsters in the largest group at the end
    ("group_bonus", np.int64, (P,)),
    ("crystal_vp", np.int64, (P,)),
    ("mission_vp", np.int64, (P,)),
    ("solo_vampires", np.int64), ("solo_crystals", np.int64), ("solo_penalty", np.int64),
    ("scores", np.int64, (P,)),
    ("standing", np.int64, (P,)),  # the score each seat would have if the game ended now (the lead)
    ("public_standing", np.int64, (P,)),  # the same but for the secret missions: what every player sees
    # the game
    ("first", np.int64),  # the seat that began
    ("turns", np.int64),
    ("ingame_done", np.int64),  # the in-game scoring took place (the last card was drawn)
    ("decider", np.int64),  # the seat that chose who places next after it
    ("squares_covered", np.int64),
    ("cards_on_top", np.int64),  # cards placed covering at least one square
    ("tie_broken", np.int64),  # the winner was decided by the crystal board
    # the turn at hand
    ("turn_card", np.int64),  # the card placed this turn, -1: none yet
    ("turn_of_walls", np.int64),  # this turn places moon-walls: no card takes a monster tile
    ("turn_ships", np.int64),  # spaceships placed this turn
    ("turn_walls", np.int64, (MAX_TURN_WALLS, 3)),  # moon-walls placed this turn: (squares, border, first square)
    ("n_turn_walls", np.int64),
    ("wall_room", np.int64, (MAX_WALL_ROOM, 3)),
    ("room_from", np.int64, (MAX_TURN_WALLS + 1,)),  # engine.wall_room's search: each depth's candidates
    ("room_to", np.int64, (MAX_TURN_WALLS + 1,)),
    ("room_cursor", np.int64, (MAX_TURN_WALLS + 1,)),
    ("room_held", np.int64, (MAX_TURN_WALLS, 3)),  # the wall stood at each depth  # scratch: moon-walls touching this turn's (engine.wall_room)
    # scratch: a search over squares
    ("queue", np.int32, (CELLS,)),
    ("seen", np.int32, (CELLS,)),
    ("stamp", np.int64),
    ("cover_top", np.int64, (6,)),  # the cards under a card position's squares (decisions.position_legal)
    ("owns", np.int8, (MAX_AREAS,)),  # per enclosed area: the seat deciding may place a card in it
    ("options", np.int64, (MAX_OPTIONS,)),  # the legal options of the decision at hand (decisions.option)
]


@jit
def clear_layout(s):
    """Take every card, spaceship and moon-wall of the last game off the grid (only its squares were touched)."""
    if s.n_cards > 0:
        for y in range(s.y0 - 4, s.y1 + 5):
            for x in range(s.x0 - 4, s.x1 + 5):
                c = y * GRID + x
                s.code[c] = NONE
                s.top[c] = 0
                s.ship[c] = 0
                s.wall[0, c] = 0
                s.wall[1, c] = 0
                s.area[c] = 0
                s.legal_at[0, c] = 0
                s.legal_at[1, c] = 0
    s.n_cards = 0
    s.n_legal = 0
    s.n_areas = 0
    s.x0 = GRID
    s.y0 = GRID
    s.x1 = -1
    s.y1 = -1


@jit
def new_stamp(s):
    """A fresh mark for a search over squares (``s.seen[c] == stamp``: reached in this search)."""
    if s.stamp >= 2_000_000_000:
        s.seen[:] = 0
        s.stamp = 0
    s.stamp += 1
    return s.stamp


@jit
def list_position(s, anchor, shape, c):
    """Put a card position on the legal list (it is not on it)."""
    s.legal[s.n_legal] = anchor
    s.n_legal += 1
    s.legal_at[shape, c] = s.n_legal


@jit
def unlist_position(s, shape, c):
    """Take a card position off the legal list (it is on it): the last one takes its place."""
    i = s.legal_at[shape, c] - 1
    last = s.legal[s.n_legal - 1]
    s.legal[i] = last
    s.legal_at[last // CELLS, last % CELLS] = i + 1
    s.n_legal -= 1
    s.legal_at[shape, c] = 0
