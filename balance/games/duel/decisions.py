"""The two-player game's decisions, how an option is written, and the questions of the rules that the
engine and the strategies both ask: how far, who sees whom, what a shot needs and what it does.

An option is one int64: ``what | piece << 8 | arg << 16 | square << 24 | (target + 1) << 40``; a MOVE's target
says whether enemies hold the square it ends on (``move_option``).
"""

import numpy as np

from balance.games.duel.rules import COUNTERS, FAILED_BONUS_ENDS, HEROES, KIDDOO_CONCEALED, KIT, WEAPONS
from balance.games.duel.tables import BUILDING, FIRST_MONSTER, MAX_CELLS, PIECES, crosses, origin
from balance.kit import jit_inline

HEROES_SIDE, MONSTERS_SIDE = 0, 1
JOE, ARNIE, BILLY, SKULL, JADE = range(5)
KIDDOO, SHAGGOO, BLOOB, SPECTOOR, DRAKOOR, MOOGRE, MECHOOR = range(FIRST_MONSTER, PIECES)
DECIDING = (MOOGRE, MECHOOR, BLOOB)  # the heroes win when these three are dead (the whole Bloob)
(HANDGUN, BOW_TRACKER, BOW_EXPLOSIVE, SHRAPNEL, STUN, DYNAMITE, FLAME_THROWER, RADIO, SILVER_BULLET,
 EMP) = range(len(WEAPONS))
AMMO, BODY_ARMOUR, MED_KIT, ENERGY_DRINK, OXYGEN_TANKS = range(len(WEAPONS), len(COUNTERS))
N_WEAPONS, N_COUNTERS, N_KIT = len(WEAPONS), len(COUNTERS), len(KIT)
NO_RANGE_FIRE = KIDDOO_CONCEALED.index("no_range_fire")
WHOLE_TURN = FAILED_BONUS_ENDS.index("turn")
KIDDOO_CARRIES = len(HEROES)  # Kiddoo's row in ``s.carry`` (the heroes' rows first)
# the attacks counted in the record: the hero weapons, then the monsters' own
HEAT_RAY, ROCKS, LASER_EYE, HYPNO_RAY, JEEP_BOMB, TANKS_EXPLODE = range(N_WEAPONS, N_WEAPONS + 6)
ATTACKS = WEAPONS + ("heat_ray", "rocks", "laser_eye", "hypno_ray", "jeep_bomb", "oxygen_tanks")
N_ATTACKS = len(ATTACKS)

# decision kinds
(ACT,  # the side's next action (or END): a card's action, a bonus action, a free use of kit
 CARD,  # which card of the hand pays for the action
 PLUS_ONE,  # the hero player: play a +1 card on this roll (or not)
 DUCK,  # the hero player: play a Duck card to avoid the hit or the close-combat damage (or not)
 DUCK_TO,  # where the ducking hero goes
 PLACE_LOSER,  # the winner of a close combat: where the loser goes
 FIRST_DEFENDER,  # the attacker: which defender to fight first (a PICK of the defender, its arg the attacker)
 RUBBLE_AT,  # the monster player (heat ray) or the hero (dynamite): where the rubble goes
 LOSE_CARD,  # a stunned monster's (or a hero's) card to lose
 DISCARD,  # discards: END, or a card (the monster player: to the discard pile or out of the game)
 MORE_BLOOB,  # extending or retracting the Bloob: one more counter (or END)
 ) = range(11)
KINDS = ("act", "card", "plus_one", "duck", "duck_to", "place_loser", "first_defender", "rubble_at", "lose_card",
         "discard", "more_bloob")

# what an option does
(END, MOVE, FIRE, RUBBLE, EXTEND, RETRACT, CONCEAL, HEAL, DRINK, SWAP, DROP_TANKS, BONUS, JEEP_BOMB_RUN, PICK,
 YES, REMOVE) = range(16)

# P(2d6 >= n) * 36 for n = 0..14
AT_LEAST_36 = np.array([36, 36, 36, 35, 33, 30, 26, 21, 15, 10, 6, 3, 1, 0, 0], np.int64)


@jit_inline
def option(what, piece, arg, square, target):
    return what | (piece << 8) | (arg << 16) | (square << 24) | ((target + 1) << 40)


@jit_inline
def move_option(piece, mode, square, onto_enemies):
    """A MOVE to square, ending in ``mode`` (1: in the jeep; the extended Bloob: the counter moved); one onto
    enemies ends in a close combat (``attacks``), which the listing knows and a policy need not find again."""
    return option(MOVE, piece, mode, square, 0 if onto_enemies else -1)


@jit_inline
def attacks(code):
    """The MOVE ends on enemies: a close combat."""
    return target_of(code) == 0


@jit_inline
def what_of(code):
    return code & 0xFF


@jit_inline
def piece_of(code):
    return (code >> 8) & 0xFF


@jit_inline
def arg_of(code):
    return (code >> 16) & 0xFF


@jit_inline
def square_of(code):
    return (code >> 24) & 0xFFFF


@jit_inline
def target_of(code):
    return ((code >> 40) & 0xFF) - 1


@jit_inline
def side_of(piece):
    return HEROES_SIDE if piece < FIRST_MONSTER else MONSTERS_SIDE


@jit_inline
def first_and_last(side):
    """The side's pieces: ``range(first, last)``."""
    return (0, FIRST_MONSTER) if side == HEROES_SIDE else (FIRST_MONSTER, PIECES)


@jit_inline
def distance(t, a, b):
    """King moves between two squares (the range of a weapon is counted so)."""
    return np.int64(t.apart[a, b])


@jit_inline
def steps_apart(t, a, b, orthogonal=False):
    """The fewest steps from square a to square b around the thick lines (``tables.walk``): any step, or only
    orthogonal ones."""
    return np.int64(t.walk[1 if orthogonal else 0, a, b])


@jit_inline
def bears(t, side, card, piece):
    """The side's card bears the piece's symbol."""
    return t.cards[side, card, 0] == piece or t.cards[side, card, 1] == piece


@jit_inline
def bonus_allowed(s):
    """The hero player may try a bonus action: 'You cannot have a bonus action if you have no cards in your hand',
    nor (assumed) with no card left to draw."""
    return s.hand_n[HEROES_SIDE] > 0 and s.deck_n[HEROES_SIDE] + s.discards_n[HEROES_SIDE] > 0


@jit_inline
def draws_after_failed_bonus(t):
    """After a failed bonus action the hero player still discards and draws (``failed_bonus_ends``)."""
    return t.failed_bonus_ends != WHOLE_TURN


@jit_inline
def decides_the_game(piece):
    """One of the monsters the heroes must kill to win (``DECIDING``)."""
    return piece == MOOGRE or piece == MECHOOR or piece == BLOOB


@jit_inline
def big(piece):
    """Mechoor and Moogre: they block lines of sight, and rubble does not hide them."""
    return piece == MECHOOR or piece == MOOGRE


@jit_inline
def blocked(s, t, y0, x0, y1, x1, shooter_sq, target, target_big):
    """Rubble (unless the target is Mechoor or Moogre), Mechoor or Moogre lies across the line (the buildings
    are in ``t.sight``)."""
    for m in (MECHOOR, MOOGRE):
        c = s.at[m]
        if c >= 0 and c != shooter_sq and c != target and crosses(y0, x0, y1, x1, t.row[c], t.column[c]):
            return True
    if not target_big:
        for i in range(s.rubble_n):
            c = s.rubble_at[i]
            if c != shooter_sq and c != target and crosses(y0, x0, y1, x1, t.row[c], t.column[c]):
                return True
    return False


@jit_inline
def sees(s, t, shooter_sq, from_corners, target, target_big):
    """A line of sight from ``shooter_sq`` to the centre of ``target``, blocked by buildings, Mechoor, Moogre
    and rubble (unless the target is Mechoor or Moogre): from its centre (a monster), or from its centre or
    any of its corners (a hero, 'Heroes can fire from a corner').  A shot may go into a building square."""
    if shooter_sq == target:
        return True
    mask = t.sight[shooter_sq, target] if from_corners else t.sight[shooter_sq, target] & 1
    if mask == 0:
        return False
    y1, x1 = origin(t.row[target], t.column[target], 0)
    for k in range(5):
        if mask & (1 << k):
            y0, x0 = origin(t.row[shooter_sq], t.column[shooter_sq], k)
            if not blocked(s, t, y0, x0, y1, x1, shooter_sq, target, target_big):
                return True
    return False


@jit_inline
def in_range(t, a, b, reach):
    return reach == 0 or distance(t, a, b) <= reach


@jit_inline
def terrain_modifier(s, t, square):
    """The target's square: in a building -2, in rubble -1."""
    if t.building[square] == BUILDING:
        return t.in_building
    if s.rubble[square]:
        return t.in_rubble
    return 0


@jit_inline
def counters_of(piece):
    """How many counters the piece stands on the board with: the Bloob up to three (``counter_at``), the others one."""
    return 3 if piece == BLOOB else 1


@jit_inline
def counter_at(s, piece, i):
    """The square of the piece's counter i (-1: none)."""
    return s.bloob_at[i] if piece == BLOOB else s.at[piece]


@jit_inline
def heroes_at(s, c, but):
    """The heroes on square c but ``but``."""
    n = 0
    for h in range(FIRST_MONSTER):
        if h != but and s.at[h] == c:
            n += 1
    return n


@jit_inline
def needed(s, t, attack, target, square):
    """The 2d6 total an attack on ``target`` (a piece, or -1 for a square) in ``square`` needs before +1
    cards: the hit number less the modifiers that apply."""
    if attack == RADIO:  # its own number, and the tracker's bonus
        n = t.air_strike_hit_on - (t.tracker_bonus if target >= 0 and s.tracker[target] else 0)
    else:
        n = t.hit_on
    terrain = attack >= N_WEAPONS or t.weapon_terrain[attack]
    if attack == HEAT_RAY and target < 0 and heroes_at(s, square, -1) == 0:  # at a building (heroes: target -1 too)
        terrain = t.heat_ray_at_building_modifier
    if terrain:
        n -= terrain_modifier(s, t, square)
    if target == SHAGGOO and attack < N_WEAPONS and t.weapon_shaggoo[attack]:
        n -= t.shaggoo_modifier
    return n


@jit_inline
def attack_damage(s, t, attack, target):
    """Damage of a hit (before a natural 12 doubles it, body armour or the Bloob's skin)."""
    if attack == SILVER_BULLET and target == DRAKOOR:
        return t.capacity[DRAKOOR] - s.damage[DRAKOOR]  # 'automatically killed by silver bullet'
    if attack < N_WEAPONS:
        if attack == FLAME_THROWER:
            if target == MECHOOR:
                return t.flame_vs_mechoor
            if target == BLOOB:
                return t.flame_vs_bloob
        return t.weapon_damage[attack]
    if attack == HEAT_RAY:
        return t.heat_ray_damage
    if attack == ROCKS:
        return t.rocks_damage
    if attack == LASER_EYE:
        return t.laser_eye_damage
    if attack == JEEP_BOMB:
        return t.weapon_damage[DYNAMITE]
    if attack == TANKS_EXPLODE:
        return t.oxygen_damage
    return 0  # the hypno-ray takes cards, not health


@jit_inline
def attack_range(t, attack):
    """An attack's range in squares (0: any distance: the radio, the laser eye, the hypno-ray)."""
    if attack < N_WEAPONS:
        return t.weapon_range[attack]
    if attack == HEAT_RAY:
        return t.heat_ray_range
    if attack == ROCKS:
        return t.rocks_range
    return 0


@jit_inline
def monster_attack(piece):
    """A monster's own range attack, -1 for none: Mechoor's heat ray, Moogre's rocks (thrown from a rubble square
    only: ``engine.own_attack``), Shaggoo's laser eye, Spectoor's hypno-ray."""
    return HEAT_RAY if piece == MECHOOR else LASER_EYE if piece == SHAGGOO else HYPNO_RAY if piece == SPECTOOR else \
        ROCKS if piece == MOOGRE else -1


@jit_inline
def hidden_from_fire(s, t, piece):
    """Kiddoo concealed cannot be the target of range fire (``kiddoo_concealed``)."""
    return piece == KIDDOO and s.concealed and t.kiddoo_concealed == NO_RANGE_FIRE


@jit_inline
def mechoor_stopped(s):
    """The EMP hit Mechoor this round: it 'cannot move' in the monsters' turn."""
    return s.emp_round == s.current_round


@jit_inline
def hurts(attack, target):
    """An attack can hurt the target: Drakoor only by the silver bullet (it 'will only take damage as a result of
    close combat'); the EMP, the stun grenade and the hypno-ray do no damage."""
    if target == DRAKOOR:
        return attack == SILVER_BULLET
    return attack != EMP and attack != STUN and attack != HYPNO_RAY


@jit_inline
def chance_36(n):
    """36 x P(2d6 >= n)."""
    if n < 0:
        return 36
    if n > 14:
        return 0
    return AT_LEAST_36[n]


@jit_inline
def health(t, s, piece):
    """Damage a piece can still take."""
    return t.capacity[piece] - s.damage[piece]


MAX_OPTIONS = 4096
assert MAX_CELLS < 0xFFFF
