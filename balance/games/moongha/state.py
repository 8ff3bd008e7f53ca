"""Moongha Invaders' game state (one numpy record, ``STATE``) and the kernel's rule tables.

Indices used everywhere (kernels are 0-based):

- players ``p`` 0..n-1 (seats); a monster piece is ``(p, i)`` with ``i`` 0..pieces-1, its kind
  ``piece_kind[i]`` in the tables (the pieces of a kind are consecutive, from ``kind_first[k]``);
- cities ``c`` 0..C-1 in ``board.cities`` order; ``city_rubble[n, c]`` is the neutral (brown) rubble;
- the six Action boxes ``BOX_ORANGE .. BOX_MILITARY_TWO`` (the Pass marker's positions);
- human pieces ``INFANTRY, ARMOUR, JET, A_BOMB, HERO`` (the military progressions use 1..4 for the
  first four).
"""

import numpy as np
from numba import config, njit

from balance.sim.kernel import jit, jit_inline
from balance.sim.record import new_lead

# monster kinds, in the order of rules.MONSTERS
MECHOOR, MOOGRE, SPECTOOR, KIDDOO, SHAGGOO, DRAKOOR, BLOOB = range(7)
N_KINDS = 7
# monster table columns
M_COST, M_CAPACITY, M_MOVEMENT, M_DICE, M_DAMAGES_CITIES, M_PIECES = range(6)
# where a monster piece is
AVAILABLE, ON_BOARD, CAPTURED, OUT_OF_GAME = range(4)

# tokens (stock and action boxes)
ORANGE, WHITE, PURPLE = range(3)
# human pieces (stock, cities); a military progression entry v means piece v - 1
INFANTRY, ARMOUR, JET, A_BOMB, HERO = range(5)
N_HUMANS = 5
# the six Action boxes (Pass marker positions); -1 = the marker is in its owner's hand
BOX_ORANGE, BOX_WHITE, BOX_PURPLE, BOX_HERO, BOX_MILITARY_ONE, BOX_MILITARY_TWO = range(6)
IN_HAND = -1

# info slots
(I_TURN, I_FIRST, I_BROWN, I_PASSES, I_ACTIONS, I_FD_POS, I_FD_LEN, I_FC_POS, I_FC_LEN, I_KIDDOO_JOINED,
 I_ATTACK_KIND, I_ATTACK_DICE, I_MONSTERS, I_DECISIONS, I_STANDING, I_LEADERS_AT, I_BROWN_GONE, N_INFO) = range(18)
# I_ATTACK_*: the attack being declared (for the policies); I_MONSTERS: monsters on the board;
# I_DECISIONS: decisions asked so far in the game (the policies' memo of city values);
# I_STANDING: how often the public standing (VP scored, rubble placed) changed, and I_LEADERS_AT: that
# count + 1 when the policies' memo of each seat's leading rival (``leaders``) was taken; I_BROWN_GONE: 1 once
# the last brown rubble piece went onto the board (the game ends at the end of that action)

# R: the rules' scalars, by index (built by engine.to_arrays)
(R_PLAYERS, R_CITIES, R_CITY_CAP, R_TURNS, R_TILES, R_ORANGE, R_ORANGE_FIRST_FACTOR, R_PURPLE, R_HEROES_PER_TURN,
 R_INFANTRY_PER_TURN, R_SUP_ORANGE, R_SUP_WHITE, R_SUP_PURPLE, R_SUP_INFANTRY, R_SUP_ARMOUR, R_SUP_JET, R_SUP_A_BOMB,
 R_SUP_HERO, R_PLAYER_RUBBLE, R_BROWN_RUBBLE, R_HIT_ON, R_INFANTRY_DICE, R_ARMOUR_DICE, R_JET_DICE, R_JET_COLLATERAL,
 R_A_BOMB_DICE, R_REVEAL_DICE, R_REVEAL_PER_HERO, R_KIDDOO_MIN_DICE, R_BLOOB_SPAWN, R_DRAKOOR_STEP, R_MAJORITY_VP,
 R_TIED_VP, R_SECOND_VP, R_DRAKOOR_VP, R_DRAKOOR_PER_MONSTER, R_PIECES,
 O_BLACK_UNLIMITED, O_JET_STAYS, O_NEVER_PULL, O_PASS_STAYS, O_RUBBLE_END_OF_TURN, O_DRAKOOR_OUT, O_TOKENS_LAST_PIECE,
 O_HEAL_ANY, O_KIDDOO_REVEALED_ONLY, O_JET_WITH_MILITARY, O_BLOOB_SPILL_ALL, O_A_BOMB_HURTS_DRAKOOR, O_PASS_AGAIN,
 O_BLOOB_EXCESS_WASTED, O_SPECTOOR_NO_MOVE_BACK, O_BROWN_TIES, N_R) = range(54)
# O_BROWN_TIES: how the brown rubble stands against a player with as many pieces (options.brown_rubble_ties)
BROWN_LEVEL, BROWN_AHEAD, PLAYERS_AHEAD = range(3)

# score components
VP_TILES, VP_RUBBLE, VP_DRAKOOR, VP_MOOGRE = range(4)
# who inflicts damage: a monster kind 0..6, or one of these
SRC_HERO, SRC_MILITARY, SRC_A_BOMB = 7, 8, 9

CITY_EVAL_ROWS = 8  # the policies' per-city scratch (policies.E_*)
OPTION_WIDTH = 4  # an option is four signed 16-bit fields, packed in one int64 (``pack_option``, ``option``)
FORCED = 512  # room for scripted dice and choices (tests)


# The state is one numpy record (a structured dtype): numba passes it to a function as one
# pointer, where a NamedTuple of ~30 arrays cost ~300 arguments at every call.  Its sizes are the
# largest the rules allow, so one compiled kernel serves every board; loops run to the real counts
# (``R[R_PLAYERS]``, ``R[R_CITIES]``, ``R[R_PIECES]``) and the rest stays zero.
MAX_PLAYERS = 4
MAX_CITIES = 40  # rules.Board.cities length bound
MAX_PIECES = 42  # 7 kinds, at most 6 pieces each (rules.Monster.pieces bound)
MAX_PARAMS = 8
MAX_WHITE = 10 * 500  # rules.Supplies sets_in_box x white_per_set bounds
# the most options a decision can have (every move of every piece, or every number of stored
# white tokens to spend), twice: a check for "any legal option" builds its own past the middle
MAX_OPTIONS = 2 * max(MAX_PIECES * MAX_CITIES, MAX_WHITE + 2)
P, C, K = MAX_PLAYERS, MAX_CITIES, MAX_PIECES
STATE = np.dtype([
    ("info", np.int64, (N_INFO,)),
    ("stock_tokens", np.int64, (3,)),  # general stock of orange, white, purple
    ("box_tokens", np.int64, (3,)),  # tokens in Action boxes 1-3
    ("stock_humans", np.int64, (N_HUMANS,)),  # infantry, armour, jets, A-bombs, heroes by the board
    ("box_heroes", np.int64, (1,)),  # heroes in Action box 4
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
    # (info[I_MONSTERS] of them) in (player, piece) order, the order option lists follow, and counts by kind
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
    ("vp", np.int64, (P, 4)),  # VP by source (tiles, rubble, Drakoor, Moogre)
    ("scores", np.int64, (P,)),
    ("created", np.int64, (P, N_KINDS)),  # monsters placed on the board
    ("lost", np.int64, (P, N_KINDS)),  # monsters destroyed
    ("policy", np.int64, (P,)),  # policy id per seat in this game
    ("param", np.float64, (P, MAX_PARAMS)),  # the seat's policy parameters
    ("forced_dice", np.int64, (FORCED,)),  # faces the next rolls take (tests)
    ("forced_choice", np.int64, (FORCED, OPTION_WIDTH)),  # options the next decisions take (tests)
    ("options", np.int64, (MAX_OPTIONS,)),  # the legal options of the decision at hand, packed
    ("work", np.int64, (P * K, 4)),  # scratch (military assignments, monsters under an A-bomb)
    ("lead", np.int64, (4,)),  # lead tracker (balance.sim.record.lead_tracker)
    ("rubble_changes", np.int64, (C,)),  # how often the rubble in each city changed (for the policies' memo)
    ("rubble_memo", np.float64, (P, C)),  # the policies' memo: each seat's majority value of 3 rubble by city
    ("rubble_memo_at", np.int64, (P, C)),  # rubble_changes + 1 when the memo was computed (0: never)
    ("city_eval", np.float64, (CITY_EVAL_ROWS, C)),  # the policies' scratch: values by city (policies.E_*)
    ("city_best", np.float64, (4,)),  # the policies' scratch: the best city_eval of each of the first 4 rows
    ("city_eval_key", np.int64, (4,)),  # the policies' memo: decision, seat, leader and rows city_eval holds
    ("leaders", np.int64, (P,)),  # the policies' memo: each seat's leading rival by public VP
    ("tile_deck", np.int64, (C,)),  # scratch for dealing the City tiles
    ("faces", np.int64, (6,)),  # scratch for the turn track's dice, by face
    ("rng", np.uint64, (4,)),  # the random generator's state while a batch plays (balance.sim.dice)
])

MAX_TURNS = 40  # rules.TurnTrack bounds
MAX_PROGRESSION = 8  # rules.ActionBoxes.military_one/two length bound
MAX_CITY_CAP = 40  # rules.Board.city_damage_cap bound
TABLES = np.dtype([  # the rules as the kernel reads them (constant for a batch); built by engine.to_arrays
    ("R", np.int64, (N_R,)),  # the scalars, by R_* / O_* index
    ("monster", np.int64, (N_KINDS, 6)),  # M_* columns per kind
    ("dist", np.int64, (C, C)),  # connections on the shortest path (0 on the diagonal)
    ("moves", np.int8, (N_KINDS, C, C)),  # where a monster of each kind may move from each city, in board order
    ("move_count", np.int64, (N_KINDS, C)),  # how many (the rest of each moves row is unused)
    ("white", np.int64, (MAX_TURNS,)),  # turn track: white tokens per turn
    ("dice", np.int64, (MAX_TURNS,)),  # turn track: dice per turn
    ("progression", np.int64, (2, MAX_PROGRESSION)),  # Military One / Two: piece + 1, 0 past the end
    ("progression_len", np.int64, (2,)),
    ("tile_vp", np.int64, (MAX_CITY_CAP + 1,)),  # City tile VP by damage
    ("piece_kind", np.int64, (K,)),  # kind of piece i (pieces of a kind are consecutive)
    ("kind_first", np.int64, (N_KINDS,)),  # first piece of each kind
    ("wreckers", np.int64),  # the kinds that damage cities (bit k: kind k)
])
del P, C, K


@njit(cache=True)
def new_state():
    """Storage for one game state: a one-record array; the kernels take its record ``[0]``."""
    return np.zeros(1, STATE)


def python_record(array):
    """The record of a one-record array for Python code, its fields as attributes (through recarray)."""
    return array.view(np.recarray)[0]


@jit_inline
def record(array):
    """The record of a one-record array (the state's or the tables')."""
    return array[0]


if config.DISABLE_JIT:  # interpreted (NUMBA_DISABLE_JIT=1): a plain numpy record has no attributes
    record = python_record  # noqa: F811


def new_python_state(t):
    """A reset state for Python code (tests)."""
    s = python_record(new_state())
    reset(s, t)
    return s


# ---------------------------------------------------------------- options
# An option's four fields (cities, pieces, players, kinds, codes, tokens: the rules' bounds keep them
# within -32768..32767) are packed in one int64: writing an option is one store instead of four
# (~2-3% faster games), and a scripted choice (tests) is compared with an option in one instruction.

@jit_inline
def pack_option(a, b, c, d):
    """The four fields of an option, packed (as int64: a field may come from a smaller integer table)."""
    a, b, c, d = np.int64(a), np.int64(b), np.int64(c), np.int64(d)
    return (a & 0xFFFF) | (b & 0xFFFF) << 16 | (c & 0xFFFF) << 32 | d << 48


@jit_inline
def option(s, o, k):
    """Field ``k`` (0-3) of option ``o`` of the decision at hand."""
    x = (s.options[o] >> 16 * k) & 0xFFFF
    return x - ((x & 0x8000) << 1)


def option_row(s, o):
    """The four fields of option ``o`` (for Python code: tests)."""
    field = getattr(option, "py_func", option)  # the Python function (numba's, or itself without the JIT)
    return tuple(int(field(s, o, k)) for k in range(OPTION_WIDTH))


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
def can_hurt(t, k, src):
    """Only a Drakoor or a hero (and the A-bomb under its option) hurts a Drakoor (kind ``k``); ``src`` is
    a monster kind or one of ``SRC_*``."""
    if k != DRAKOOR:
        return True
    return src == DRAKOOR or src == SRC_HERO or (src == SRC_A_BOMB and t.R[O_A_BOMB_HURTS_DRAKOOR] == 1)


@jit_inline
def creation_cost(s, t, p, k):
    """Orange tokens that create a kind-``k`` monster of ``p``: a Drakoor costs one more for each of ``p``'s own
    Drakoors on the board."""
    if k == DRAKOOR:
        return t.monster[DRAKOOR, M_COST] + t.R[R_DRAKOOR_STEP] * s.on_board[p, DRAKOOR]
    return t.monster[k, M_COST]


@jit_inline
def rubble_standing(t, r, count):
    """Where ``count`` rubble pieces of colour ``r`` (a player, or ``R_PLAYERS``: the brown) stand in a city's
    majority (0: none): more pieces stand higher; at equal counts the brown stands level with the players, or
    ahead of them, or behind them (``options.brown_rubble_ties``)."""
    if count == 0:
        return 0
    brown = r == t.R[R_PLAYERS]
    ties = t.R[O_BROWN_TIES]
    ahead = (ties == BROWN_AHEAD and brown) or (ties == PLAYERS_AHEAD and not brown)
    return 2 * count + (1 if ahead else 0)


@jit_inline
def military_target(s, t, q, j):
    """Monster (q, j) on the board can be attacked by military (armour and infantry in its city, a jet)."""
    return s.piece_hidden[q, j] == 0 and can_hurt(t, t.piece_kind[j], SRC_MILITARY)


@jit_inline
def may_attack(s, t, k, q, j):
    """A monster of kind ``k`` may attack monster (q, j) in its city: Shaggoo any (it attacks hidden
    monsters too), the others a revealed one they can hurt (a Drakoor only if it is a Drakoor)."""
    return k == SHAGGOO or (s.piece_hidden[q, j] == 0 and can_hurt(t, t.piece_kind[j], k))


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
def monsters_in(s, c):
    """How many monsters city ``c`` holds (-1: the whole board)."""
    return s.info[I_MONSTERS] if c < 0 else s.city_monsters[c]


@jit_inline
def monster_in(s, c, x):
    """The ``x``-th monster (player, piece) of city ``c`` (-1: of the board), in (player, piece) order."""
    if c < 0:
        return s.board_player[x], s.board_piece[x]
    return s.city_player[c, x], s.city_piece[c, x]


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
    insert_monster(s.board_player, s.board_piece, s.info[I_MONSTERS], p, i)
    s.info[I_MONSTERS] += 1
    enter_city(s, p, i, c)


@jit_inline
def leave_board(s, t, p, i, where):
    """Monster (p, i) leaves the board: back in front of its owner (AVAILABLE), CAPTURED or OUT_OF_GAME."""
    s.on_board[p, t.piece_kind[i]] -= 1
    if where == AVAILABLE:
        s.in_front[p, t.piece_kind[i]] += 1
    s.piece_where[p, i] = where
    s.piece_hidden[p, i] = 0
    remove_monster(s.board_player, s.board_piece, s.info[I_MONSTERS], p, i)
    s.info[I_MONSTERS] -= 1
    leave_city(s, p, i)


@jit
def reset(s, t):
    """Before setup: every supply full, the board empty, every monster in front of its owner."""
    R = t.R
    n = R[R_PLAYERS]
    s.info[:] = 0
    s.info[I_BROWN] = R[R_BROWN_RUBBLE]
    s.stock_tokens[ORANGE] = R[R_SUP_ORANGE]
    s.stock_tokens[WHITE] = R[R_SUP_WHITE]
    s.stock_tokens[PURPLE] = R[R_SUP_PURPLE]
    s.box_tokens[:] = 0
    s.stock_humans[INFANTRY] = R[R_SUP_INFANTRY]
    s.stock_humans[ARMOUR] = R[R_SUP_ARMOUR]
    s.stock_humans[JET] = R[R_SUP_JET]
    s.stock_humans[A_BOMB] = R[R_SUP_A_BOMB]
    s.stock_humans[HERO] = R[R_SUP_HERO]
    s.box_heroes[0] = 0
    s.box_military[:, :] = 0
    s.city_humans[:, :] = 0
    s.city_rubble[:, :] = 0
    s.rubble_changes[:] = 0
    s.rubble_memo_at[:, :] = 0
    s.city_eval_key[0] = -2  # no decision's
    s.tile_owner[:] = -1
    s.pass_box[:] = IN_HAND
    s.pass_taken_back[:] = 0
    s.piece_city[:, :] = -1
    s.city_monsters[:] = 0
    s.piece_hidden[:, :] = 0
    s.piece_where[:, :] = AVAILABLE
    s.on_board[:, :] = 0
    s.in_front[:, :] = 0
    for p in range(n):
        for k in range(N_KINDS):
            s.in_front[p, k] = t.monster[k, M_PIECES]
    s.box_create[:, :] = 0
    s.box_attack[:, :] = 0
    s.box_damage[:, :] = 0
    s.rubble_placed[:] = 0
    s.moogre_vp[:] = 0
    s.vp[:, :] = 0
    s.scores[:] = 0
    s.created[:, :] = 0
    s.lost[:, :] = 0
    for p in range(n):
        s.policy[p] = 0
    new_lead(s.lead)
