"""Moongha Invaders' game state (a NamedTuple of numpy arrays) and the kernel's rule tables.

Indices used everywhere (kernels are 0-based):

- players ``p`` 0..n-1 (seats); a monster piece is ``(p, i)`` with ``i`` 0..pieces-1, its kind
  ``Tables.piece_kind[i]`` (the pieces of a kind are consecutive, from ``Tables.kind_first[k]``);
- cities ``c`` 0..C-1 in ``board.cities`` order; ``city_rubble[n, c]`` is the neutral (brown) rubble;
- the six Action boxes ``BOX_ORANGE .. BOX_MILITARY_TWO`` (the Pass marker's positions);
- human pieces ``INFANTRY, ARMOUR, JET, A_BOMB, HERO`` (the military progressions use 1..4 for the
  first four).
"""

from typing import NamedTuple

import numpy as np
from numba import config, njit
from numba.core import cgutils
from numba.extending import intrinsic

from balance.sim.record import lead_tracker, new_lead

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
 I_ATTACK_KIND, I_ATTACK_DICE, N_INFO) = range(13)  # I_ATTACK_*: the attack being declared (for the policies)

# R: the rules' scalars, by index (built by engine.to_arrays)
(R_PLAYERS, R_CITIES, R_CITY_CAP, R_TURNS, R_TILES, R_ORANGE, R_ORANGE_FIRST_FACTOR, R_PURPLE, R_HEROES_PER_TURN,
 R_INFANTRY_PER_TURN, R_SUP_ORANGE, R_SUP_WHITE, R_SUP_PURPLE, R_SUP_INFANTRY, R_SUP_ARMOUR, R_SUP_JET, R_SUP_A_BOMB,
 R_SUP_HERO, R_PLAYER_RUBBLE, R_BROWN_RUBBLE, R_HIT_ON, R_INFANTRY_DICE, R_ARMOUR_DICE, R_JET_DICE, R_JET_COLLATERAL,
 R_A_BOMB_DICE, R_REVEAL_DICE, R_REVEAL_PER_HERO, R_KIDDOO_MIN_DICE, R_BLOOB_SPAWN, R_DRAKOOR_STEP, R_MAJORITY_VP,
 R_TIED_VP, R_SECOND_VP, R_DRAKOOR_VP, R_DRAKOOR_PER_MONSTER, R_PIECES,
 O_BLACK_UNLIMITED, O_JET_STAYS, O_NEVER_PULL, O_PASS_STAYS, O_RUBBLE_END_OF_TURN, O_DRAKOOR_OUT, O_TOKENS_LAST_PIECE,
 O_HEAL_ANY, O_KIDDOO_REVEALED_ONLY, O_JET_WITH_MILITARY, O_BLOOB_SPILL_ALL, O_A_BOMB_HURTS_DRAKOOR, N_R) = range(50)

# score components
VP_TILES, VP_RUBBLE, VP_DRAKOOR, VP_MOOGRE = range(4)

MAX_OPTIONS = 1024
OPTION_WIDTH = 4
FORCED = 512  # room for scripted dice and choices (tests)


class Tables(NamedTuple):
    """The rules as arrays (constant for a batch)."""

    R: np.ndarray  # int64[N_R]
    monster: np.ndarray  # int64[N_KINDS, 6]
    dist: np.ndarray  # int64[C, C]: connections on the shortest path (0 on the diagonal)
    white: np.ndarray  # int64[turns]
    dice: np.ndarray  # int64[turns]
    progression: np.ndarray  # int64[2, L]: piece + 1, 0 past the end
    progression_len: np.ndarray  # int64[2]
    tile_vp: np.ndarray  # int64[cap + 1]
    piece_kind: np.ndarray  # int64[pieces]
    kind_first: np.ndarray  # int64[N_KINDS]


class State(NamedTuple):
    info: np.ndarray  # int64[N_INFO]
    stock_tokens: np.ndarray  # int64[3]: general stock of orange, white, purple
    box_tokens: np.ndarray  # int64[3]: tokens in Action boxes 1-3
    stock_humans: np.ndarray  # int64[5]: infantry, armour, jets, A-bombs, heroes by the board
    box_heroes: np.ndarray  # int64[1]: heroes in Action box 4
    box_military: np.ndarray  # int64[2, 4]: Military One / Two: infantry, armour, jets, A-bombs
    city_humans: np.ndarray  # int64[C, 5]: pieces in each city (A-bomb column unused)
    city_rubble: np.ndarray  # int64[n + 1, C]: rubble per player in each city; row n = neutral (brown)
    tile_owner: np.ndarray  # int64[C]: seat holding the secret City tile, -1 = back in the box
    pass_box: np.ndarray  # int64[n]: Action box of each Pass marker, IN_HAND
    piece_city: np.ndarray  # int64[n, pieces]: city, -1 off the board
    piece_hidden: np.ndarray  # int64[n, pieces]: 1 = Hidden counter on the board
    piece_where: np.ndarray  # int64[n, pieces]: AVAILABLE, ON_BOARD, CAPTURED, OUT_OF_GAME
    box_create: np.ndarray  # int64[n, kinds]: orange tokens in each Monster box
    box_attack: np.ndarray  # int64[n, kinds]: white tokens stored in each Monster box
    box_damage: np.ndarray  # int64[n, kinds]: damage (brown rubble) in each Monster box
    rubble_placed: np.ndarray  # int64[n]: own rubble pieces on the board
    moogre_vp: np.ndarray  # int64[n]: damage capacity of the monsters in the Moogre box
    vp: np.ndarray  # int64[n, 4]: VP by source (tiles, rubble, Drakoor, Moogre)
    scores: np.ndarray  # int64[n]
    created: np.ndarray  # int64[n, kinds]: monsters placed on the board
    lost: np.ndarray  # int64[n, kinds]: monsters destroyed
    policy: np.ndarray  # int64[n]: policy id per seat in this game
    param: np.ndarray  # float64[n, params]
    forced_dice: np.ndarray  # int64[FORCED]: faces the next rolls take (tests)
    forced_choice: np.ndarray  # int64[FORCED, OPTION_WIDTH]: options the next decisions take (tests)
    options: np.ndarray  # int64[MAX_OPTIONS, OPTION_WIDTH]: the legal options of the decision at hand
    work: np.ndarray  # int64[64, 4]: scratch (military assignments, monsters under an A-bomb)
    lead: np.ndarray  # lead tracker
    city_eval: np.ndarray  # float64[C, 4]: the policies' scratch (each city's value for a hero, military, A-bomb)


@njit(cache=True)
def new_state(players, cities, pieces, n_params):
    return State(
        np.zeros(N_INFO, np.int64), np.zeros(3, np.int64), np.zeros(3, np.int64), np.zeros(N_HUMANS, np.int64),
        np.zeros(1, np.int64), np.zeros((2, 4), np.int64), np.zeros((cities, N_HUMANS), np.int64),
        np.zeros((players + 1, cities), np.int64), np.full(cities, -1, np.int64), np.full(players, IN_HAND, np.int64),
        np.full((players, pieces), -1, np.int64), np.zeros((players, pieces), np.int64),
        np.zeros((players, pieces), np.int64), np.zeros((players, N_KINDS), np.int64),
        np.zeros((players, N_KINDS), np.int64), np.zeros((players, N_KINDS), np.int64), np.zeros(players, np.int64),
        np.zeros(players, np.int64), np.zeros((players, 4), np.int64), np.zeros(players, np.int64),
        np.zeros((players, N_KINDS), np.int64), np.zeros((players, N_KINDS), np.int64), np.zeros(players, np.int64),
        np.zeros((players, max(n_params, 1)), np.float64), np.zeros(FORCED, np.int64),
        np.zeros((FORCED, OPTION_WIDTH), np.int64), np.zeros((MAX_OPTIONS, OPTION_WIDTH), np.int64),
        np.zeros((64, 4), np.int64), lead_tracker(), np.zeros((cities, 4), np.float64))


@njit(cache=True)
def reset(s, t):
    """Before setup: every supply full, the board empty, every monster in front of its owner."""
    R = t.R
    n = s.pass_box.shape[0]
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
    s.tile_owner[:] = -1
    s.pass_box[:] = IN_HAND
    s.piece_city[:, :] = -1
    s.piece_hidden[:, :] = 0
    s.piece_where[:, :] = AVAILABLE
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


def _same(arr):
    return arr


@intrinsic
def _borrowed(typingctx, arr):
    """The same array without its memory-info pointer: passing it around costs no reference counting.

    Numba increments and decrements (atomically) the reference count of every array argument at
    every call; the state has ~40 arrays, so that dominated the run time.  A view without meminfo
    skips it.  The caller must keep the owning array alive while the view is used.
    """
    def codegen(context, builder, sig, args):
        view = cgutils.create_struct_proxy(sig.return_type)(context, builder, value=args[0])
        view.meminfo = cgutils.get_null_value(view.meminfo.type)
        view.parent = cgutils.get_null_value(view.parent.type)
        return view._getvalue()
    return arr(arr), codegen


if config.DISABLE_JIT:  # interpreted (NUMBA_DISABLE_JIT=1): no reference counting to save, no intrinsic
    _borrowed = _same  # noqa: F811


@njit(cache=True)
def borrowed_state(s):
    """``s`` with every array borrowed (see ``_borrowed``); ``s`` must outlive it."""
    return State(
        _borrowed(s.info), _borrowed(s.stock_tokens), _borrowed(s.box_tokens), _borrowed(s.stock_humans),
        _borrowed(s.box_heroes), _borrowed(s.box_military), _borrowed(s.city_humans), _borrowed(s.city_rubble),
        _borrowed(s.tile_owner), _borrowed(s.pass_box), _borrowed(s.piece_city), _borrowed(s.piece_hidden),
        _borrowed(s.piece_where), _borrowed(s.box_create), _borrowed(s.box_attack), _borrowed(s.box_damage),
        _borrowed(s.rubble_placed), _borrowed(s.moogre_vp), _borrowed(s.vp), _borrowed(s.scores),
        _borrowed(s.created), _borrowed(s.lost), _borrowed(s.policy), _borrowed(s.param), _borrowed(s.forced_dice),
        _borrowed(s.forced_choice), _borrowed(s.options), _borrowed(s.work), _borrowed(s.lead),
        _borrowed(s.city_eval))


@njit(cache=True)
def borrowed_tables(t):
    """``t`` with every array borrowed; ``t`` must outlive it."""
    return Tables(_borrowed(t.R), _borrowed(t.monster), _borrowed(t.dist), _borrowed(t.white), _borrowed(t.dice),
                  _borrowed(t.progression), _borrowed(t.progression_len), _borrowed(t.tile_vp),
                  _borrowed(t.piece_kind), _borrowed(t.kind_first))
