"""Moongha Invaders' decisions, how their options are written, and the questions of the rules that
both the engine and the strategies ask (a strategy never restates a rule: it asks here).

At every decision the engine writes the legal options into ``s.options`` and asks the seat's policy
for one.  An option is four signed 16-bit fields packed in one int64 (``pack_option``; read a field
with ``option``); the fields by decision kind:

- ``ACTION``: (code, arg, 0, 0); codes ``A_*`` below (take a token or piece, Pass marker); the token
  boxes come first, the placements of the Pass marker (``A_PLACE_PASS``, one per box) last.
- ``CREATE_HEAL``: (0, kind, 0, 0) put the token in a Monster box; (1, player, kind, 0) heal.
- ``PLACE_MONSTER``: (city, kind, 0, 0) where a created monster's Hidden counter goes.
- ``BLOOB_SPAWN``: (city, 0, 0, 0) place a Bloob for the spawn cost; (-1, 0, 0, 0) wait for the full cost.
- ``ATTACK_BOX``: (kind, 0, 0, 0) the Monster box that gets the white token.
- ``ATTACK_SPEND``: (tokens, 0, 0, 0): 0 stores the token, j > 0 attacks expending j tokens
  (the box is ``s.attack_kind``).
- ``ATTACK_TARGET``: (piece, target type, player, piece/city): the attacker and its target
  (target types ``TT_*`` below); for Bloobs also (-1, 0, 0, 0): no further Bloob attacks.
- ``KIDDOO_JOIN``: (-1, hidden, 0, 0) Kiddoo stays out; (j, hidden, 0, 0) it joins expending j tokens (``hidden``: 1
  if Kiddoo is hidden, which joining reveals); the attack is ``s.attacker``'s on ``s.target_type`` (a monster:
  ``s.target_player``, ``s.target_piece``).
- ``MOVE``: (piece, city, 0, 0) a move; (piece, -1, 0, 0) hide the piece.
- ``CITY``: (city, purpose, 0, 0) where a hero, infantry, armour or the A-bomb goes (``FOR_*``).
- ``PULL``: (city, piece type, 0, 0) the city a hero or military piece is taken from.
- ``DRAKOOR_KILL``: (player, piece, 0, 0) the revealed Drakoor a hero's hit destroys.
- ``MILITARY_TARGET``: (player, piece, military type, dice) the monster a military piece attacks, and the dice
  already declared against it (all roll together).
"""

import numpy as np

from balance.games.moongha.rules import BROWN_RUBBLE_TIES, HEAL_TARGET
from balance.games.moongha.state import ARMOUR, DRAKOOR, HERO, INFANTRY, JET, KIDDOO, N_KINDS, SHAGGOO, city_damage
from balance.kit import jit_inline, maximum, minimum

(ACTION, CREATE_HEAL, PLACE_MONSTER, BLOOB_SPAWN, ATTACK_BOX, ATTACK_SPEND, ATTACK_TARGET, KIDDOO_JOIN, MOVE, CITY,
 PULL, DRAKOOR_KILL, MILITARY_TARGET) = range(13)

# top-level action codes (ACTION options: (code, arg, 0, 0))
A_ORANGE, A_WHITE, A_PURPLE, A_HERO, A_MILITARY, A_PLACE_PASS, A_REMOVE_PASS, A_NOTHING = range(8)
# attack target types (ATTACK_TARGET options: (piece, type, player, piece or city))
TT_MONSTER, TT_HUMANS, TT_CITY = range(3)
# CITY decision purposes
FOR_HERO, FOR_INFANTRY, FOR_ARMOUR, FOR_A_BOMB = 0, 1, 2, 4
# who inflicts damage: a monster kind 0..6, or one of these
SRC_HERO, SRC_MILITARY, SRC_A_BOMB = 7, 8, 9

# 'If there are a variety of pieces in the city then armor must be removed first, then infantry, and finally heroes'
# (jets staying in cities before the heroes): the order in which hits on the humans remove them
CASUALTY_ORDER = (ARMOUR, INFANTRY, JET, HERO)

OPTION_FIELDS = 4
HEAL_ANY = HEAL_TARGET.index("any")
BROWN_AHEAD = BROWN_RUBBLE_TIES.index("brown_ahead")
PLAYERS_AHEAD = BROWN_RUBBLE_TIES.index("players_ahead")


# ---------------------------------------------------------------- options
# An option's four fields (cities, pieces, players, kinds, codes, tokens: the rules' bounds keep them
# within -32768..32767) are packed in one int64: writing an option is one store instead of four, and a
# scripted choice (tests) is compared with an option in one instruction.

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
    return tuple(int(field(s, o, k)) for k in range(OPTION_FIELDS))


def option_code(*fields):
    """The packed code of an option given by up to four fields (for Python code: tests' scripted choices)."""
    fields = (*fields, 0, 0, 0, 0)[:OPTION_FIELDS]
    return int(getattr(pack_option, "py_func", pack_option)(*fields))


# ---------------------------------------------------------------- questions of the rules

@jit_inline
def creation_cost(s, t, p, k):
    """Orange tokens that create player ``p``'s next kind-``k`` monster: a Drakoor costs more for each of
    the player's own Drakoors on the board."""
    if k == DRAKOOR:
        return t.cost[DRAKOOR] + t.drakoor_cost_per_drakoor * s.on_board[p, DRAKOOR]
    return t.cost[k]


@jit_inline
def can_hurt(t, k, src):
    """Only a Drakoor or a hero (and the A-bomb under its option) hurts a Drakoor (kind ``k``); ``src`` is
    a monster kind or one of ``SRC_*``."""
    if k != DRAKOOR:
        return True
    return src == DRAKOOR or src == SRC_HERO or (src == SRC_A_BOMB and t.a_bomb_hurts_drakoor)


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
def may_heal(t, p, q):
    """Player ``p`` may heal player ``q``'s monsters: its own, or anyone's (option)."""
    return q == p or t.heal_target == HEAL_ANY


@jit_inline
def orange_uses(t):
    """How many uses an orange token could have (``orange_use``): create each kind, heal each player's each kind."""
    return N_KINDS * (1 + t.players)


@jit_inline
def orange_use(s, t, p, u):
    """Player ``p``'s use ``u`` (0 .. ``orange_uses``) of an orange token, as CREATE_HEAL's fields (a, b, c), and
    whether it is legal now: a token in the box of a kind the player has a piece of in front of it, or healing one
    damage of a monster box it may heal.  The one listing of an orange token's uses, in the order they are listed
    (creations by kind, then heals by player and kind), for the engine and the policies alike."""
    if u < N_KINDS:
        return 0, u, 0, s.in_front[p, u] > 0
    q, k = (u - N_KINDS) // N_KINDS, (u - N_KINDS) % N_KINDS
    return 1, q, k, may_heal(t, p, q) and s.box_damage[q, k] > 0


@jit_inline
def rubble_left(s, t, p):
    """Player ``p``'s rubble pieces not yet on the board; with none left the game ends (``all_rubble_placed``)."""
    return t.player_rubble - s.rubble_placed[p]


@jit_inline
def rubble_room(s, t, p, c, hits):
    """How many of ``hits`` city damage become player ``p``'s rubble in city ``c``: within the city's cap and the
    player's rubble pieces left."""
    return minimum(minimum(hits, t.city_damage_cap - city_damage(s, c)), rubble_left(s, t, p))


@jit_inline
def rubble_standing(t, r, count):
    """Where ``count`` rubble pieces of colour ``r`` (a player, or ``t.players``: the brown) stand in a city's
    majority (0: none): more pieces stand higher; at equal counts the brown stands level with the players, or
    ahead of them, or behind them (``options.brown_rubble_ties``)."""
    if count == 0:
        return 0
    brown = r == t.players
    ties = t.brown_rubble_ties
    ahead = (ties == BROWN_AHEAD and brown) or (ties == PLAYERS_AHEAD and not brown)
    return 2 * count + (1 if ahead else 0)


@jit_inline
def rubble_vp(s, t, c, r, q, extra):
    """The VP player ``r`` scores for the rubble majority of city ``c``, were ``extra`` more of player ``q``'s pieces
    there (``extra`` = 0: as it stands): the most pieces score ``majority_vp``, those tied for the most
    ``tied_majority_vp`` each and no second place, a clear second ``second_vp``; the brown rubble competes but
    scores nothing."""
    mine = rubble_standing(t, r, s.city_rubble[r, c] + (extra if r == q else 0))
    if mine == 0:
        return 0
    above, level = 0, 0
    for o in range(t.players + 1):
        if o != r:
            other = rubble_standing(t, o, s.city_rubble[o, c] + (extra if o == q else 0))
            above += 1 if other > mine else 0
            level += 1 if other == mine else 0
    if above == 0:
        return t.tied_majority_vp if level > 0 else t.majority_vp
    return t.second_vp if above == 1 and level == 0 else 0


@jit_inline
def tile_vp(t, damage):
    """The VP of a City tile whose city holds ``damage`` rubble (the cap's value beyond the cap)."""
    return t.city_tile_vp[damage if damage < t.city_damage_cap else t.city_damage_cap]


@jit_inline
def drakoor_vp(t, others):
    """The VP of a Drakoor on the board at the end with ``others`` other monsters in its city (down to 0)."""
    return maximum(0, t.drakoor_vp - t.drakoor_vp_per_monster * others)


@jit_inline
def all_rubble_placed(s, t):
    """A player has placed all its rubble pieces, which ends the game (``rubble_end_timing``: with the action, or
    with the turn)."""
    for p in range(t.players):
        if rubble_left(s, t, p) <= 0:
            return True
    return False


@jit_inline
def last_turn(s, t):
    """This is the game's last turn: the turn track's last, or a player has placed all its rubble (on the board for
    every player to see), which ends the game by the end of the turn."""
    return s.turn >= t.turns - 1 or all_rubble_placed(s, t)


@jit_inline
def kiddoo_dice(t, tokens):
    """The dice Kiddoo rolls joining an attack with ``tokens`` of its stored Attack tokens: a die per token (by its
    box), at least ``kiddoo_min_dice``."""
    return maximum(t.kiddoo_min_dice, tokens * t.attack_dice[KIDDOO])


@jit_inline
def kiddoo_wrecks(t, ttype):
    """A joining Kiddoo's hits beyond the humans damage the city: in an attack on the city (target type ``ttype``), and
    only if its Monster box shows the exploding-city symbol ('Only three monsters are powerful enough to damage a
    city')."""
    return ttype == TT_CITY and t.damages_cities[KIDDOO] == 1


@jit_inline
def military_dice(t, piece):
    """The dice one military ``piece`` (armour, infantry or a jet) rolls at a monster."""
    return t.armour_dice if piece == ARMOUR else (t.infantry_dice if piece == INFANTRY else t.jet_dice)


@jit_inline
def humans_left(s, c, hits, piece):
    """City ``c``'s humans of type ``piece`` left after ``hits`` on its humans (removed in ``CASUALTY_ORDER``)."""
    for x in CASUALTY_ORDER:
        left = s.city_humans[c, x] - hits
        if x == piece:
            return maximum(left, 0)
        hits = maximum(-left, 0)
    return s.city_humans[c, piece]


@jit_inline
def hit_chance(t):
    """The chance that one die hits."""
    return (7 - t.hit_on) / 6.0
