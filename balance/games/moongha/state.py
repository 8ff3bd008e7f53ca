"""Moongha Invaders' game state: the fields of the state record, and the board index kept with it.

Indices used everywhere (kernels are 0-based):

- players ``p`` 0..n-1 (seats); a monster piece is ``(p, i)`` with ``i`` 0..t.n_pieces-1, its kind
  ``t.piece_kind[i]`` (the pieces of a kind are consecutive, from ``t.kind_first[k]``);
- cities ``c`` 0..t.n_cities-1 in ``board.cities`` order; ``city_rubble[n, c]`` is the neutral (brown) rubble;
- the six Action boxes ``BOX_ORANGE .. BOX_MILITARY_TWO`` (the Pass marker's positions);
- human pieces ``INFANTRY, ARMOUR, JET, A_BOMB, HERO`` (the military progressions use 1..4 for the
  first four).
"""

import numpy as np

from balance.games.moongha.tables import MAX_CITIES, MAX_PIECES, MAX_PLAYERS, N_KINDS
from balance.kit import jit, jit_inline

# monster kinds, in the order of rules.MONSTERS
MECHOOR, MOOGRE, SPECTOOR, KIDDOO, SHAGGOO, DRAKOOR, BLOOB = range(N_KINDS)
# where a monster piece is
AVAILABLE, ON_BOARD, CAPTURED, OUT_OF_GAME = range(4)
# tokens (stock and action boxes)
ORANGE, WHITE, PURPLE = range(3)
# human pieces (stock, cities); a military progression entry v means piece v - 1
INFANTRY, ARMOUR, JET, A_BOMB, HERO = range(5)
N_HUMANS = 5
# the six Action boxes (Pass marker positions); IN_HAND = the marker is in its owner's hand
BOX_ORANGE, BOX_WHITE, BOX_PURPLE, BOX_HERO, BOX_MILITARY_ONE, BOX_MILITARY_TWO = range(6)
IN_HAND = -1
# victory points by source
VP_TILES, VP_RUBBLE, VP_DRAKOOR, VP_MOOGRE = range(4)

MAX_WHITE = 10 * 500  # rules.Supplies sets_in_box x white_per_set bounds
# the most options a decision can have (every move of every piece, or every number of stored
# white tokens to spend), twice: a check for "any legal option" builds its own past the middle
MAX_OPTIONS = 2 * max(MAX_PIECES * MAX_CITIES, MAX_WHITE + 2)
P, C, K = MAX_PLAYERS, MAX_CITIES, MAX_PIECES
FIELDS = [
    ("turn", np.int64),  # 0-based
    ("first_player", np.int64),
    ("brown_rubble", np.int64),  # brown (neutral) rubble left in the stock
    ("brown_gone", np.int64),  # 1 once the last brown rubble piece went onto the board (the game ends)
    ("actions", np.int64),  # actions taken in the game
    ("stock_tokens", np.int64, (3,)),  # general stock of orange, white, purple
    ("box_tokens", np.int64, (3,)),  # tokens in Action boxes 1-3
    ("stock_humans", np.int64, (N_HUMANS,)),  # infantry, armour, jets, A-bombs, heroes by the board
    ("box_heroes", np.int64),  # heroes in Action box 4
    ("box_military", np.int64, (2, 4)),  # Military One / Two: infantry, armour, jets, A-bombs
    ("city_humans", np.int64, (C, N_HUMANS)),  # pieces in each city (A-bomb column unused)
    ("city_rubble", np.int64, (P + 1, C)),  # rubble per player in each city; row n (players) = neutral (brown)
    ("tile_owner", np.int64, (C,)),  # seat holding the secret City tile, -1 = back in the box
    ("pass_box", np.int64, (P,)),  # Action box of each Pass marker, IN_HAND
    ("pass_taken_back", np.int64, (P,)),  # 1: the Pass marker was taken back from a box this turn
    ("piece_city", np.int64, (P, K)),  # city, -1 off the board
    ("piece_hidden", np.int64, (P, K)),  # 1 = Hidden counter on the board
    ("piece_where", np.int64, (P, K)),  # AVAILABLE, ON_BOARD, CAPTURED, OUT_OF_GAME
    # an index of piece_where, kept by enter_board / leave_board / move_monster: the monsters on the board
    # (``monsters`` of them) in (player, piece) order, the order option lists follow
    ("monsters", np.int64),
    ("board_player", np.int64, (P * K,)),
    ("board_piece", np.int64, (P * K,)),
    # the same list for each city (city_monsters[c] of them), in the same order: most rules ask about one city
    ("city_player", np.int64, (C, P * K)),
    ("city_piece", np.int64, (C, P * K)),
    ("city_monsters", np.int64, (C,)),
    ("on_board", np.int64, (P, N_KINDS)),
    ("in_front", np.int64, (P, N_KINDS)),  # AVAILABLE pieces
    ("box_create", np.int64, (P, N_KINDS)),  # orange tokens in each Monster box
    ("box_attack", np.int64, (P, N_KINDS)),  # white tokens stored in each Monster box
    ("box_damage", np.int64, (P, N_KINDS)),  # damage (brown rubble) in each Monster box
    ("rubble_placed", np.int64, (P,)),  # own rubble pieces on the board
    ("moogre_vp", np.int64, (P,)),  # damage capacity of the monsters in the Moogre box
    ("vp", np.int64, (P, 4)),  # VP by source (tiles, rubble, Drakoor, Moogre), at the last scoring
    ("scores", np.int64, (P,)),
    ("created", np.int64, (P, N_KINDS)),  # monsters placed on the board
    ("lost", np.int64, (P, N_KINDS)),  # monsters destroyed
    ("kiddoo_joined", np.int64),  # Kiddoo joined the attack being resolved
    ("attack_kind", np.int64),  # the attack being declared: its Monster box and dice (for the policies)
    ("attack_dice", np.int64),
    ("target_player", np.int64),  # the monster the attack being resolved is aimed at (-1: the humans or a city)
    ("target_piece", np.int64),
    ("attacker", np.int64),  # the piece making the attack being resolved, and its target type (decisions.TT_*)
    ("target_type", np.int64),
    ("options", np.int64, (MAX_OPTIONS,)),  # the legal options of the decision at hand (decisions.pack_option)
    ("work", np.int64, (P * K, 4)),  # scratch (military assignments, monsters under an A-bomb)
    ("tile_deck", np.int64, (C,)),  # scratch for dealing the City tiles
    ("faces", np.int64, (6,)),  # scratch for the turn track's dice, by face
]
del P, C, K


# ---------------------------------------------------------------- board queries (engine and policies)

@jit_inline
def city_damage(s, c):
    """Rubble of every colour in city ``c``."""
    d = 0
    for r in range(s.city_rubble.shape[0]):
        d += s.city_rubble[r, c]
    return d


@jit_inline
def alive_at(s, p, i, c):
    return s.piece_where[p, i] == ON_BOARD and s.piece_city[p, i] == c


@jit_inline
def humans_in(s, c):
    return s.city_humans[c, INFANTRY] + s.city_humans[c, ARMOUR] + s.city_humans[c, JET] + s.city_humans[c, HERO]


@jit_inline
def monsters_in(s, c):
    """How many monsters city ``c`` holds (-1: the whole board)."""
    return s.monsters if c < 0 else s.city_monsters[c]


@jit_inline
def monster_in(s, c, x):
    """The ``x``-th monster (player, piece) of city ``c`` (-1: of the board), in (player, piece) order."""
    if c < 0:
        return s.board_player[x], s.board_piece[x]
    return s.city_player[c, x], s.city_piece[c, x]


# ---------------------------------------------------------------- the board index

@jit_inline
def insert_monster(players, pieces, m, p, i):
    """Put monster (p, i) into the list of ``m`` monsters ``players, pieces`` in (player, piece) order."""
    b = m
    while b > 0 and (players[b - 1] > p or (players[b - 1] == p and pieces[b - 1] > i)):
        players[b] = players[b - 1]
        pieces[b] = pieces[b - 1]
        b -= 1
    players[b] = p
    pieces[b] = i


@jit_inline
def remove_monster(players, pieces, m, p, i):
    """Take monster (p, i) out of the list of ``m`` monsters ``players, pieces``."""
    b = 0
    while players[b] != p or pieces[b] != i:
        b += 1
    while b < m - 1:
        players[b] = players[b + 1]
        pieces[b] = pieces[b + 1]
        b += 1


@jit_inline
def enter_city(s, p, i, c):
    """Monster (p, i) stands in city ``c`` and on its list."""
    s.piece_city[p, i] = c
    insert_monster(s.city_player[c], s.city_piece[c], s.city_monsters[c], p, i)
    s.city_monsters[c] += 1


@jit_inline
def leave_city(s, p, i):
    """Monster (p, i) leaves its city and its list."""
    c = s.piece_city[p, i]
    remove_monster(s.city_player[c], s.city_piece[c], s.city_monsters[c], p, i)
    s.city_monsters[c] -= 1
    s.piece_city[p, i] = -1


@jit_inline
def move_monster(s, p, i, c):
    """Monster (p, i) on the board moves to city ``c``."""
    leave_city(s, p, i)
    enter_city(s, p, i, c)


@jit_inline
def enter_board(s, t, p, i, c, hidden):
    """Available monster (p, i) goes on the board in city ``c``."""
    s.in_front[p, t.piece_kind[i]] -= 1
    s.on_board[p, t.piece_kind[i]] += 1
    s.piece_where[p, i] = ON_BOARD
    s.piece_hidden[p, i] = hidden
    insert_monster(s.board_player, s.board_piece, s.monsters, p, i)
    s.monsters += 1
    enter_city(s, p, i, c)


@jit_inline
def leave_board(s, t, p, i, where):
    """Monster (p, i) leaves the board: back in front of its owner (AVAILABLE), CAPTURED or OUT_OF_GAME."""
    s.on_board[p, t.piece_kind[i]] -= 1
    if where == AVAILABLE:
        s.in_front[p, t.piece_kind[i]] += 1
    s.piece_where[p, i] = where
    s.piece_hidden[p, i] = 0
    remove_monster(s.board_player, s.board_piece, s.monsters, p, i)
    s.monsters -= 1
    leave_city(s, p, i)


@jit
def reset(s, t):
    """Before setup: every supply full, the board empty, every monster in front of its owner."""
    n = t.players
    s.turn = 0
    s.first_player = 0
    s.actions = 0
    s.brown_rubble = t.brown_rubble
    s.brown_gone = 0
    s.stock_tokens[:] = t.stock_tokens
    s.box_tokens[:] = 0
    s.stock_humans[:] = t.stock_humans
    s.box_heroes = 0
    s.box_military[:, :] = 0
    s.city_humans[:, :] = 0
    s.city_rubble[:, :] = 0
    s.tile_owner[:] = -1
    s.pass_box[:] = IN_HAND
    s.pass_taken_back[:] = 0
    s.piece_city[:, :] = -1
    s.monsters = 0
    s.city_monsters[:] = 0
    s.piece_hidden[:, :] = 0
    s.piece_where[:, :] = AVAILABLE
    s.on_board[:, :] = 0
    s.in_front[:, :] = 0
    for p in range(n):
        for k in range(N_KINDS):
            s.in_front[p, k] = t.pieces[k]
    s.box_create[:, :] = 0
    s.box_attack[:, :] = 0
    s.box_damage[:, :] = 0
    s.rubble_placed[:] = 0
    s.moogre_vp[:] = 0
    s.vp[:, :] = 0
    s.scores[:] = 0
    s.created[:, :] = 0
    s.lost[:, :] = 0
    s.kiddoo_joined = 0
    s.target_player = -1
    s.target_piece = -1
    s.attacker = -1
    s.target_type = -1
