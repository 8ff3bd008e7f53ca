"""Moongha Invaders: Two Player: the hero player (seat 1) against the monster player (seat 2).

A round is the heroes' turn, then the monsters'.  In a turn the side plays cards, each paying for one
action of a piece whose symbol it bears (the monsters: any monster Spectoor sees, with a Spectoor
card); the hero player may also try bonus actions and use kit that costs no action.  Then it may
discard, draws three and discards down to the hand limit.  The game ends the moment Moogre, Mechoor
and the whole Bloob are dead (the heroes win) or all five heroes are (the monsters win), or as a
timeout after ``max_rounds`` rounds.

Every choice is a decision (``decisions.py``): ``decide`` takes a scripted choice (the tests' state
only), else asks the side's policy.  Dice, reshuffles and everything else random in play come from
``kit.roll``/``s.rng``; the decks' first order and the bonus counters' squares are setup.
"""

import numpy as np
from numba import njit

from balance.games.duel import policies
from balance.games.duel.decisions import (
    ACT, AMMO, BLOOB, BODY_ARMOUR, BONUS, BOW_TRACKER, CARD, CONCEAL, DECIDING, DISCARD, DRAKOOR, DRINK, DROP_TANKS,
    DUCK, DUCK_TO, DYNAMITE, EMP, END, ENERGY_DRINK, EXTEND, FIRE, FIRST_DEFENDER, HANDGUN, HEAL, HEAT_RAY, HEROES_SIDE,
    HYPNO_RAY, JEEP_BOMB, JEEP_BOMB_RUN, KIDDOO, KIDDOO_CARRIES, LOSE_CARD, MECHOOR, MED_KIT, MONSTERS_SIDE, MOOGRE,
    MORE_BLOOB, MOVE, N_COUNTERS, N_WEAPONS, OXYGEN_TANKS, PICK, PLACE_LOSER, PLUS_ONE, RADIO, REMOVE, RETRACT, ROCKS,
    RUBBLE, RUBBLE_AT, SILVER_BULLET, SPECTOOR, STUN, SWAP, TANKS_EXPLODE, YES, arg_of, attack_damage, attack_range,
    bears, big, bonus_allowed, counter_at, counters_of, draws_after_failed_bonus, first_and_last, heroes_at,
    hidden_from_fire, hurts, in_range, mechoor_stopped, monster_attack, move_option, needed, option, piece_of, sees,
    side_of, square_of, target_of, what_of,
)
from balance.games.duel.rules import DUCK as DUCK_MARK, PLUS_ONE as PLUS_MARK, RUBBLE_NEXT_TO_BUILDING
from balance.games.duel.state import FIELDS
from balance.games.duel.tables import BUILDING, FIRST_MONSTER, PIECES
from balance.kit import Layout, below, finish_record, jit, jit_inline, new_records, record, roll, scripted_option, \
    start_game, start_turn, track_lead, variable
from balance.kit.columns import keep_turn_scores, sample_turns, score_turn
from balance.kit.log import log, logged
from balance.kit.script import choices_scripted

LAYOUT = Layout(FIELDS, policies.FIELDS, max_players=2, max_params=policies.MAX_PARAMS)
"""The kernel's state: the game's fields (``state.FIELDS``) and the policies' record (``policies.FIELDS``)."""
STATE = LAYOUT.dtype

ORTHOGONAL = RUBBLE_NEXT_TO_BUILDING.index("orthogonal")
TANKS = PIECES  # the target of a shot at oxygen tanks
N_HEROES = FIRST_MONSTER

MONSTERS_DEAD, HEROES_DEAD, TIMEOUT = 0, 1, 2
END_REASONS = ("monsters_dead", "heroes_dead", "timeout")

# what a replay tells (``balance.kit.log``; the words are in ``replay.py``)
(SETUP_PIECE,  # piece, square
 SETUP_BONUS,  # square (a face-down counter)
 TURN,  # round, side, cards in hand
 PLAYS,  # side, piece, card (-1: a bonus action's drawn card; -2: free)
 MOVES,  # piece, from, to, in the jeep (1) or on foot (0)
 CLAIMS,  # hero, counter, square
 SHOOTS,  # piece, attack, target piece (-1: the square, PIECES: oxygen tanks), square
 ROLLED,  # the shot's total (after +1 cards), the total needed
 HIT,  # target piece, damage (after doubling), critical (1)
 FIGHT,  # attacker, defender, attacker's total, defender's total (-1: the Bloob always wins)
 PLACED,  # piece, square
 DUCKS,  # hero, square
 DAMAGED,  # piece, damage taken, damage in all, absorbed (1: body armour, 2: the Bloob's skin)
 DIES,  # piece, square
 RUBBLED,  # square
 OUT_OF_AMMO,  # piece, weapon
 POWER,  # piece, what (RUBBLE, EXTEND, RETRACT, CONCEAL, HEAL, DRINK, SWAP, DROP_TANKS), square, arg
 BONUS_TRY,  # hero, card drawn, success (1)
 DISCARDS,  # side, card, removed from the game (1)
 DRAWS,  # side, cards drawn
 GAME_ENDS,  # end reason, rounds, winner side (-1: none)
 SHRINKS,  # square (a Bloob counter lost to damage, for good)
 ) = range(22)


# ---------------------------------------------------------------- decisions

@jit_inline
def decide(s, t, side, kind, n):
    """The code of the option taken among ``s.options[:n]``: the next scripted choice (the tests' state
    only), else the side's policy's."""
    o = scripted_option(s, n)
    if o < 0:
        o = policies.choose(s, t, variable(side), variable(kind), variable(n))  # compiled once, not per kind
    return s.options[o]


# ---------------------------------------------------------------- the cards

@jit_inline
def controlled(s, t, piece):
    """Spectoor sees the monster (any counter of the Bloob), so a Spectoor card may pay for its action."""
    if piece == SPECTOOR or s.at[SPECTOOR] < 0 or s.at[piece] < 0:
        return False
    for i in range(counters_of(piece)):
        c = counter_at(s, piece, i)
        if c >= 0 and sees(s, t, s.at[SPECTOOR], False, c, big(piece)):
            return True
    return False


@jit_inline
def pays(s, t, side, card, piece):
    """The card pays for an action of the piece: its symbol, or (a monster) Spectoor's when Spectoor sees it."""
    if bears(t, side, card, piece):
        return True
    return side == MONSTERS_SIDE and bears(t, side, card, SPECTOOR) and controlled(s, t, piece)


@jit_inline
def payable(s, t, side, piece):
    """A card in hand pays for an action of the piece (``pays``; Spectoor's sight asked once, not once a card)."""
    spectoor_card = False
    for i in range(s.hand_n[side]):
        card = s.hand[side, i]
        if bears(t, side, card, piece):
            return True
        spectoor_card |= bears(t, side, card, SPECTOOR)
    if side != MONSTERS_SIDE or not spectoor_card:
        return False
    return controlled(s, t, piece)


@jit
def draw_card(s, side):
    """The top card of the side's deck (the discards shuffled into a new deck when it is exhausted), -1 if none."""
    if s.deck_n[side] == 0:
        n = s.discards_n[side]
        if n == 0:
            return -1
        for i in range(n):
            s.deck[side, i] = s.discards[side, i]
        for i in range(n - 1, 0, -1):
            j = below(i + 1, s.rng)
            c = s.deck[side, i]
            s.deck[side, i] = s.deck[side, j]
            s.deck[side, j] = c
        s.deck_n[side] = n
        s.discards_n[side] = 0
    s.deck_n[side] -= 1
    return s.deck[side, s.deck_n[side]]


@jit
def draw(s, side, k):
    """Draw k cards into the hand; return how many were drawn."""
    got = 0
    for _ in range(k):
        c = draw_card(s, side)
        if c < 0:
            break
        s.hand[side, s.hand_n[side]] = c
        s.hand_n[side] += 1
        got += 1
    log(s, DRAWS, side, got)
    return got


@jit_inline
def take_from_hand(s, side, i):
    card = s.hand[side, i]
    n = s.hand_n[side] - 1
    s.hand[side, i] = s.hand[side, n]
    s.hand_n[side] = n
    return card


@jit_inline
def to_discards(s, side, card):
    s.discards[side, s.discards_n[side]] = card
    s.discards_n[side] += 1


@jit
def discard_from_hand(s, t, side, may_stop, may_remove):
    """A DISCARD decision: END (when ``may_stop``), or a card to the discard pile (or, the monster player,
    out of the game).  Return False when END was taken or the hand is empty."""
    n = 0
    if may_stop:
        s.options[0] = option(END, 0, 0, 0, -1)
        n = 1
    for i in range(s.hand_n[side]):
        s.options[n] = option(PICK, 0, i, 0, -1)
        n += 1
        if may_remove:
            s.options[n] = option(REMOVE, 0, i, 0, -1)
            n += 1
    if n == 0:
        return False
    code = decide(s, t, side, DISCARD, n)
    if what_of(code) == END:
        return False
    card = take_from_hand(s, side, arg_of(code))
    if what_of(code) == REMOVE:
        s.removed += 1
        log(s, DISCARDS, side, card, 1)
    else:
        to_discards(s, side, card)
        log(s, DISCARDS, side, card, 0)
    return True


@jit
def pay_with_card(s, t, side, piece):
    """The CARD decision: which card of the hand pays for the piece's action; it goes to the discards."""
    n = 0
    for i in range(s.hand_n[side]):
        if pays(s, t, side, s.hand[side, i], piece):
            s.options[n] = option(PICK, piece, i, 0, -1)
            n += 1
    code = decide(s, t, side, CARD, n)
    card = take_from_hand(s, side, arg_of(code))
    to_discards(s, side, card)
    s.cards_played[side] += 1
    log(s, PLAYS, side, piece, card)


@jit
def play_marked(s, t, kind, mark):
    """The hero player's PLUS_ONE or DUCK decision: play one of the cards in hand with the mark (YES, the card's
    place in hand) or none (END).  True if played."""
    s.options[0] = option(END, 0, 0, 0, -1)
    n = 1
    for i in range(s.hand_n[HEROES_SIDE]):
        if t.cards[HEROES_SIDE, s.hand[HEROES_SIDE, i], 2] == mark:
            s.options[n] = option(YES, 0, i, 0, -1)
            n += 1
    if n == 1:
        return False
    code = decide(s, t, HEROES_SIDE, kind, n)
    if what_of(code) == END:
        return False
    to_discards(s, HEROES_SIDE, take_from_hand(s, HEROES_SIDE, arg_of(code)))
    s.cards_played[HEROES_SIDE] += 1
    return True


@jit
def plus_ones(s, t, total, need):
    """After a hero's roll: +1 cards played one by one while the hero player wants; the new total."""
    s.roll_total = total
    s.roll_need = need
    while s.roll_total < need and play_marked(s, t, variable(PLUS_ONE), variable(PLUS_MARK)):
        s.roll_total += 1
    return s.roll_total


# ---------------------------------------------------------------- who stands where

@jit_inline
def bloob_counters_on_board(s):
    n = 0
    for i in range(3):
        if s.bloob_at[i] >= 0:
            n += 1
    return n


@jit_inline
def has_bloob(s, c):
    for i in range(3):
        if s.bloob_at[i] == c:
            return True
    return False


@jit_inline
def monster_at(s, m, c):
    """Monster m stands on square c (the Bloob: one of its counters)."""
    if m == BLOOB:
        return s.at[BLOOB] >= 0 and has_bloob(s, c)
    return s.at[m] == c


@jit_inline
def monsters_at(s, c, but):
    n = 0
    for m in range(FIRST_MONSTER, PIECES):
        if m != but and monster_at(s, m, c):
            n += 1
    return n


@jit_inline
def enemies_at(s, piece, c):
    if side_of(piece) == HEROES_SIDE:
        return monsters_at(s, c, -1)
    return heroes_at(s, c, -1)


@jit_inline
def loner(m):
    """Mechoor, Moogre and the Bloob never share a square with another monster (but Kiddoo)."""
    return m == MECHOOR or m == MOOGRE or m == BLOOB


@jit
def may_stand(s, t, piece, c):
    """The piece may end a move (or be placed) on square c: no enemy there, and the stacking limits: two
    heroes a square; two monsters, Mechoor, Moogre and the Bloob alone but for Kiddoo; Mechoor never in a
    building."""
    if c < 0:
        return False
    if side_of(piece) == HEROES_SIDE:
        return monsters_at(s, c, -1) == 0 and heroes_at(s, c, piece) < 2
    if heroes_at(s, c, -1) > 0:
        return False
    if piece == MECHOOR and t.building[c] == BUILDING:
        return False
    others = 0
    for m in range(FIRST_MONSTER, PIECES):
        if m != piece and monster_at(s, m, c):
            others += 1
            if piece != KIDDOO and m != KIDDOO and (loner(piece) or loner(m)):
                return False
    return others < 2


@jit_inline
def stops_on(s, t, c):
    """Entering a building or rubble square ends a move."""
    return t.building[c] == BUILDING or s.rubble[c] != 0


@jit_inline
def may_enter(s, t, piece, c):
    """A step of a move may go onto square c (passing through or stopping): not Mechoor into a building or
    onto Moogre."""
    if piece == MECHOOR and (t.building[c] == BUILDING or s.at[MOOGRE] == c):
        return False
    return True


@jit_inline
def adjacent_to_building(t, c, orthogonal):
    """A building is next to square c (orthogonally, or also diagonally); a thick line between them does not
    matter."""
    w = t.width
    r, col = c // w, c % w
    h = t.n_cells // w
    for dr in range(-1, 2):
        for dc in range(-1, 2):
            if (dr == 0 and dc == 0) or (orthogonal and dr != 0 and dc != 0):
                continue
            rr, cc = r + dr, col + dc
            if 0 <= rr < h and 0 <= cc < w and t.building[rr * w + cc] == BUILDING:
                return True
    return False


# ---------------------------------------------------------------- moves (searched, then walked)

@jit_inline
def occupy(s, c, side):
    if s.occ_stamp[c] != s.occ_now:
        s.occ_stamp[c] = s.occ_now
        s.occ[c, 0] = 0
        s.occ[c, 1] = 0
    s.occ[c, side] += 1


@jit
def count_occupants(s):
    """Count the heroes and the monsters on each square (``enemies_on``), for a search."""
    s.occ_now += 1
    for p in range(PIECES):
        if s.at[p] < 0:
            continue
        if p == BLOOB:
            for i in range(3):
                if s.bloob_at[i] >= 0:
                    occupy(s, s.bloob_at[i], MONSTERS_SIDE)
        else:
            occupy(s, s.at[p], side_of(p))


@jit_inline
def enemies_on(s, piece, c):
    """``enemies_at`` from the counts of ``count_occupants``."""
    if s.occ_stamp[c] != s.occ_now:
        return 0
    return s.occ[c, 1 - side_of(piece)]


@jit_inline
def occupied(s, c):
    """A piece stands on square c (by the counts of ``count_occupants``)."""
    return s.occ_stamp[c] == s.occ_now and s.occ[c, 0] + s.occ[c, 1] > 0


@jit_inline
def heroes_on(s, c):
    return s.occ[c, HEROES_SIDE] if s.occ_stamp[c] == s.occ_now else 0


@jit
def search_moves(s, t, piece):
    """Every square (and, for a hero, on foot or in the jeep) the piece can reach with one move action,
    with the cheapest cost and where it came from (``s.policies`` is not used: the engine's own scratch
    in ``reach_*``).  Costs are in units that make a foot step ``jeep_movement`` and a jeep step
    ``movement``; the budget is ``movement * jeep_movement``.  Return the number of states reached."""
    stamp = s.reach_stamp_now + 1
    s.reach_stamp_now = stamp
    s.reach_piece = piece
    start = s.at[piece]
    hero = side_of(piece) == HEROES_SIDE
    foot = t.jeep_movement if hero else 1
    drive = t.movement[piece]
    budget = t.movement[piece] * foot
    if piece == MECHOOR and mechoor_stopped(s):
        budget = 0
    mode0 = 1 if hero and s.in_jeep[piece] else 0
    head = 0
    tail = 0
    count_occupants(s)
    aboard = riders(s, piece) if hero else 0
    s.reach_stamp[start, mode0] = stamp
    s.reach_cost[start, mode0] = 0
    s.reach_from[start, mode0] = -1
    s.queue[tail] = start * 2 + mode0
    tail += 1
    while head < tail:
        st = s.queue[head]
        head += 1
        c, mode = st // 2, st % 2
        cost = s.reach_cost[c, mode]
        if c != start and (enemies_on(s, piece, c) > 0 or (mode == 0 and stops_on(s, t, c))):
            continue  # a fight or a building/rubble square ends the move
        other = 1 - mode  # get out of the jeep where it may stop, or into it where it stands
        may_switch = hero and (jeep_may_stop(s, piece, c, aboard) if other == 0 else
                               (s.jeep_at == c and jeep_room(s, piece)))
        if may_switch and (s.reach_stamp[c, other] != stamp or s.reach_cost[c, other] > cost):
            s.reach_stamp[c, other] = stamp
            s.reach_cost[c, other] = cost
            s.reach_from[c, other] = st
            if tail < s.queue.shape[0]:
                s.queue[tail] = c * 2 + other
                tail += 1
        price = drive if mode == 1 else foot
        if cost + price > budget:
            continue
        for k in range(8):
            nb = t.step[c, k]
            if nb < 0 or not may_enter(s, t, piece, nb):
                continue
            if mode == 1 and (stops_on(s, t, nb) or enemies_on(s, piece, nb) > 0):
                continue
            if s.reach_stamp[nb, mode] == stamp and s.reach_cost[nb, mode] <= cost + price:
                continue
            s.reach_stamp[nb, mode] = stamp
            s.reach_cost[nb, mode] = cost + price
            s.reach_from[nb, mode] = st
            if tail < s.queue.shape[0]:
                s.queue[tail] = nb * 2 + mode
                tail += 1
    return tail


@jit_inline
def passengers(s):
    n = 0
    for h in range(N_HEROES):
        if s.in_jeep[h] and s.at[h] >= 0:
            n += 1
    return n


@jit_inline
def passengers_at(s, c):
    """Heroes in the jeep counted among those on square c (they move with it)."""
    n = 0
    for h in range(N_HEROES):
        if s.in_jeep[h] and s.at[h] == c:
            n += 1
    return n


@jit_inline
def on_foot_at(s, piece, c):
    """The moving hero counted among those on square c but not in the jeep (it drives with it)."""
    return 1 if s.at[piece] == c and not s.in_jeep[piece] else 0


@jit_inline
def riders(s, piece):
    """The heroes in the jeep when the hero drives it: its passengers, the hero among them."""
    return passengers(s) + (0 if s.in_jeep[piece] else 1)


@jit_inline
def jeep_may_stop(s, piece, c, aboard):
    """The jeep driven by the hero with ``aboard`` heroes (``riders``) may stop on square c, in it or getting out: two
    heroes a square.  It drives through other heroes' squares, as a hero walks through them."""
    return heroes_on(s, c) - passengers_at(s, c) - on_foot_at(s, piece, c) + aboard <= 2


@jit_inline
def jeep_room(s, piece):
    return s.in_jeep[piece] or passengers(s) < 2


@jit
def list_moves(s, t, piece, n):
    """Append the piece's MOVE options (a square, and the mode it ends in) from ``s.options[n]``."""
    if piece == BLOOB and bloob_counters_on_board(s) > 1:
        return list_bloob_moves(s, t, n)
    reached = search_moves(s, t, piece)
    start = s.at[piece]
    hero = side_of(piece) == HEROES_SIDE
    mode0 = 1 if hero and s.in_jeep[piece] else 0
    aboard = riders(s, piece) if hero else 0
    for i in range(reached):
        st = s.queue[i]
        c, mode = st // 2, st % 2
        if (c == start and mode == mode0) or s.reach_stamp[c, mode] != s.reach_stamp_now:
            continue
        if s.listed[c, mode] == s.reach_stamp_now:
            continue
        s.listed[c, mode] = s.reach_stamp_now
        fights = enemies_on(s, piece, c) > 0
        if fights:
            if mode == 1:
                continue
        elif mode == 1:
            if not jeep_may_stop(s, piece, c, aboard):
                continue
        elif occupied(s, c) and not may_stand(s, t, piece, c):  # the search kept Mechoor out of buildings
            continue
        s.options[n] = move_option(piece, mode, c, fights)
        n += 1
    return n


@jit_inline
def bloob_connected(s, t, moved, to):
    """The Bloob's counters stay orthogonally adjacent to each other with counter ``moved`` on ``to``
    (``to`` -1: the counter taken off)."""
    cells = np.empty(3, np.int64)
    k = 0
    for i in range(3):
        c = to if i == moved else s.bloob_at[i]
        if c >= 0:
            cells[k] = c
            k += 1
    if k <= 1:
        return True
    # with at most three counters: connected when at least k - 1 pairs are side by side
    return side_pairs(t, cells, k) >= k - 1


@jit_inline
def side_pairs(t, cells, k):
    pairs = 0
    w = t.width
    for i in range(k):
        for j in range(i + 1, k):
            a, b = cells[i], cells[j]
            if (a // w == b // w and abs(a - b) == 1) or (a % w == b % w and abs(a - b) == w):
                pairs += 1
    return pairs


@jit
def list_bloob_moves(s, t, n):
    """The extended Bloob moves by taking one counter and putting it orthogonally next to another."""
    for i in range(3):
        if s.bloob_at[i] < 0:
            continue
        for j in range(3):
            if j == i or s.bloob_at[j] < 0:
                continue
            for k in range(4):
                to = t.step[s.bloob_at[j], k]
                if to < 0 or has_bloob(s, to) or not bloob_connected(s, t, i, to):
                    continue
                fights = heroes_at(s, to, -1) > 0
                if not fights and not may_stand_bloob_counter(s, t, to):
                    continue
                s.options[n] = move_option(BLOOB, i, to, fights)
                n += 1
    return n


@jit_inline
def may_stand_bloob_counter(s, t, c):
    """A Bloob counter may lie on c: no monster there but Kiddoo, no hero."""
    if heroes_at(s, c, -1) > 0:
        return False
    for m in range(FIRST_MONSTER, PIECES):
        if m != BLOOB and m != KIDDOO and s.at[m] == c:
            return False
    return True


@jit
def enter_square(s, t, piece, c):
    """A hero entering a square turns up its bonus counter and picks up the kit lying there, a dead hero's
    oxygen tanks too, but not tanks put down on purpose (left for a monster to walk onto); Kiddoo picks up
    the weapons."""
    if side_of(piece) == HEROES_SIDE:
        if s.bonus[c] >= 0:
            k = s.bonus[c]
            s.bonus[c] = -1
            s.claimed += 1
            log(s, CLAIMS, piece, k, c)
            gain(s, piece, k)
        for k in range(N_COUNTERS):
            lying = s.dropped[c, k] - (s.tanks_put_down[c] if k == OXYGEN_TANKS else 0)
            for _ in range(lying):
                log(s, CLAIMS, piece, k, c)
                gain(s, piece, k)
            s.dropped[c, k] -= lying
    elif piece == KIDDOO:
        for k in range(N_WEAPONS):
            if s.dropped[c, k] > 0:
                s.carry[KIDDOO_CARRIES, k] += s.dropped[c, k]
                s.dropped[c, k] = 0


@jit_inline
def gain(s, hero, k):
    """A hero gains counter k; an ammo counter reclaims a weapon out of ammunition at once, if there is one."""
    if k == AMMO:
        for w in range(N_WEAPONS):
            if s.empty[hero, w] > 0:
                s.empty[hero, w] -= 1
                s.carry[hero, w] += 1
                s.used[AMMO - N_WEAPONS] += 1
                return
    s.carry[hero, k] += 1


@jit
def move(s, t, side, code, searched=False):
    """Walk the move: the path the search found, square by square (claiming counters, moving the jeep and
    its passengers), then the close combat if it ended on an enemy.  ``searched``: the last search (the
    listing's, just made) was this piece's, so its paths are there."""
    piece = piece_of(code)
    to = square_of(code)
    if piece == BLOOB and bloob_counters_on_board(s) > 1:
        i = arg_of(code)
        frm = s.bloob_at[i]
        log(s, MOVES, piece, frm, to, 0)
        if heroes_at(s, to, -1) > 0:
            close_combat(s, t, variable(BLOOB), to, frm)
        else:
            s.bloob_at[i] = to
            s.at[BLOOB] = s.bloob_at[0]
        return
    if piece == KIDDOO:
        s.concealed = False
    mode = arg_of(code)
    if not searched:
        search_moves(s, t, piece)
    # the path, from the end back to the start
    k = 0
    st = to * 2 + mode
    while st >= 0:
        s.path[k] = st
        k += 1
        st = s.reach_from[st // 2, st % 2]
    frm = s.at[piece]
    log(s, MOVES, piece, frm, to, mode)
    for i in range(k - 2, -1, -1):
        c, m = s.path[i] // 2, s.path[i] % 2
        prev_c = s.path[i + 1] // 2
        if c == prev_c:  # in or out of the jeep
            s.in_jeep[piece] = m == 1
            continue
        if m == 1:  # the jeep drives with its passengers
            s.jeep_at = c
            for h in range(N_HEROES):
                if s.in_jeep[h] and s.at[h] >= 0:
                    s.at[h] = c
                    enter_square(s, t, h, c)
            continue
        if enemies_at(s, piece, c) > 0:
            close_combat(s, t, piece, c, frm)
            return
        set_square(s, piece, c)
        enter_square(s, t, piece, c)


@jit_inline
def set_square(s, piece, c):
    if piece == BLOOB:
        s.bloob_at[0] = c
    s.at[piece] = c


# ---------------------------------------------------------------- damage and death

@jit
def hurt(s, t, piece, amount, by_side, absorbed_by_bloob):
    """The piece takes ``amount`` damage: body armour takes the next damage of a hero, the Bloob ignores
    small hits and loses a counter per ``bloob_damage_per_counter``; at its capacity the piece dies."""
    if amount <= 0 or s.at[piece] < 0:
        return
    if piece < FIRST_MONSTER and s.carry[piece, BODY_ARMOUR] > 0:
        s.carry[piece, BODY_ARMOUR] -= 1
        s.used[BODY_ARMOUR - N_WEAPONS] += 1
        log(s, DAMAGED, piece, amount, s.damage[piece], 1)
        return
    if piece == BLOOB and amount <= t.bloob_ignores:
        log(s, DAMAGED, piece, amount, s.damage[piece], 2)
        return
    s.damage[piece] += amount
    s.damage_dealt[by_side] += amount
    log(s, DAMAGED, piece, amount, s.damage[piece], 0)
    if s.damage[piece] >= t.capacity[piece]:
        die(s, t, piece, absorbed_by_bloob)
    elif piece == BLOOB:
        lose_bloob_counters(s, t)


@jit
def lose_bloob_counters(s, t):
    """Every ``bloob_damage_per_counter`` damage removes a Bloob counter for good: a retracted one first,
    else the last on the board whose loss leaves the others side by side ('all Bloob counters must remain
    orthogonally adjacent'); one always stays while the Bloob lives."""
    lost = s.damage[BLOOB] // t.bloob_damage_per_counter
    left = t.bloob_counters - lost
    if left < 1:
        left = 1
    while bloob_counters_on_board(s) > left:
        lose = -1  # the last that keeps the others together (the first on the board should none)
        for i in range(3):
            if s.bloob_at[i] >= 0 and (lose < 0 or bloob_connected(s, t, i, -1)):
                lose = i
        log(s, SHRINKS, s.bloob_at[lose])
        s.bloob_at[lose] = -1
    compact_bloob(s)


@jit
def die(s, t, piece, absorbed_by_bloob):
    """The piece is eliminated: off the board; a hero's weapons and kit are left on its square (or absorbed
    by the Bloob that killed it), Kiddoo's weapons too.  A weapon out of ammunition was discarded: it is no
    longer the dead piece's, and nobody can reclaim it."""
    c = s.at[piece]
    log(s, DIES, piece, c)
    s.at[piece] = -1
    s.killed_round[piece] = s.current_round
    s.fell_at[piece] = c
    s.kills[1 - side_of(piece)] += 1
    if piece == BLOOB:
        for i in range(3):
            s.bloob_at[i] = -1
    if piece < FIRST_MONSTER:
        s.in_jeep[piece] = False
        for k in range(N_COUNTERS):
            if not absorbed_by_bloob:
                s.dropped[c, k] += s.carry[piece, k]
            s.carry[piece, k] = 0
            if k < N_WEAPONS:
                s.empty[piece, k] = 0
        if s.at[KIDDOO] == c:  # fallen in a fight with Kiddoo: it picks up the weapons
            enter_square(s, t, KIDDOO, c)
    if piece == KIDDOO:
        for k in range(N_WEAPONS):
            s.dropped[c, k] += s.carry[KIDDOO_CARRIES, k]
            s.carry[KIDDOO_CARRIES, k] = 0
            s.empty[KIDDOO_CARRIES, k] = 0
    check_victory(s)


@jit_inline
def check_victory(s):
    heroes_won = True
    for m in DECIDING:
        if s.at[m] >= 0:
            heroes_won = False
    if heroes_won:
        s.winner = HEROES_SIDE
        return
    for h in range(N_HEROES):
        if s.at[h] >= 0:
            return
    s.winner = MONSTERS_SIDE


# ---------------------------------------------------------------- rubble

@jit
def place_rubble(s, t, c):
    if c >= 0 and s.rubble[c] == 0 and t.building[c] != BUILDING:
        s.rubble[c] = 1
        s.rubble_at[s.rubble_n] = c
        s.rubble_n += 1
        s.rubble_made += 1
        log(s, RUBBLED, c)
        return True
    return False


@jit
def rubble_next_to(s, t, building_sq, side):
    """The RUBBLE_AT decision: a rubble counter on a square orthogonally next to the building (the side's
    choice); return the square, -1 if none is free."""
    n = 0
    for k in range(4):
        nb = t.step[building_sq, k]
        if nb >= 0 and t.building[nb] != BUILDING and s.rubble[nb] == 0:
            s.options[n] = option(PICK, 0, 0, nb, -1)
            n += 1
    if n == 0:
        return -1
    c = square_of(decide(s, t, side, RUBBLE_AT, n))
    place_rubble(s, t, c)
    return c


@jit
def air_strike_rubble(s, t, c):
    """'All spaces in and around monster that are orthogonally adjacent to buildings' get rubble."""
    w = t.width
    h = t.n_cells // w
    r0, c0 = c // w, c % w
    for dr in range(-1, 2):
        for dc in range(-1, 2):
            rr, cc = r0 + dr, c0 + dc
            if 0 <= rr < h and 0 <= cc < w:
                sq = rr * w + cc
                if t.building[sq] != BUILDING and adjacent_to_building(t, sq, True):
                    place_rubble(s, t, sq)


# ---------------------------------------------------------------- placing a piece next door

@jit
def place_next_to(s, t, piece, c, chooser, kind):
    """A PLACE_LOSER or DUCK_TO decision: ``chooser`` puts the piece on a square next to c where it may
    stand; it stays where it is when there is none.  Return the square."""
    n = 0
    for k in range(8):
        nb = t.step[c, k]
        if nb >= 0 and may_enter(s, t, piece, nb) and may_stand(s, t, piece, nb):
            s.options[n] = option(PICK, piece, 0, nb, -1)
            n += 1
    if n == 0:
        return s.at[piece]
    to = square_of(decide(s, t, chooser, kind, n))
    if piece == BLOOB:
        s.bloob_at[0] = to
    s.at[piece] = to
    log(s, PLACED if kind == PLACE_LOSER else DUCKS, piece, to)  # before what it picks up there, as it happens
    if side_of(piece) == HEROES_SIDE:
        s.in_jeep[piece] = False
    enter_square(s, t, piece, to)
    return to


@jit
def hero_ducks(s, t, hero, c):
    """The hero player may play a Duck card to move the hero next door unharmed; True if it did."""
    if not play_marked(s, t, variable(DUCK), variable(DUCK_MARK)):
        return False
    place_next_to(s, t, hero, c, variable(HEROES_SIDE), variable(DUCK_TO))
    return True


# ---------------------------------------------------------------- close combat

@jit
def fight(s, t, attacker, defender):
    """One close combat: both roll 2d6 plus modifiers (the hero player may add +1 cards after the roll),
    re-rolling ties; the Bloob always wins.  True if the attacker wins.  A Kiddoo that fights is seen."""
    s.close_combats += 1
    if attacker == KIDDOO or defender == KIDDOO:
        s.concealed = False
    if attacker == BLOOB or defender == BLOOB:
        log(s, FIGHT, attacker, defender, -1, -1)
        won = attacker == BLOOB
    else:
        while True:
            a = roll(s, 6) + roll(s, 6) + t.close_combat[attacker]
            d = roll(s, 6) + roll(s, 6) + t.close_combat[defender]
            if attacker < FIRST_MONSTER and a <= d:
                a = plus_ones(s, t, a, d + 1)
            elif defender < FIRST_MONSTER and d <= a:
                d = plus_ones(s, t, d, a + 1)
            log(s, FIGHT, attacker, defender, a, d)
            if a != d:
                break
        won = a > d
    winner = attacker if won else defender
    s.close_combats_won[side_of(winner)] += 1
    return won


@jit
def lose_fight(s, t, loser, winner, c):
    """The loser takes one damage (Mechoor none; a hero may Duck out instead) and the winner's player puts
    it next to the square of the fight.  Beaten, Mechoor stays: the hero that beat it is put next door."""
    loser_side = side_of(loser)
    if loser == MECHOOR:
        place_next_to(s, t, winner, c, variable(MONSTERS_SIDE), variable(PLACE_LOSER))
        return
    if loser_side == HEROES_SIDE and hero_ducks(s, t, loser, c):
        return
    hurt(s, t, loser, variable(1), 1 - loser_side, variable(winner == BLOOB))
    if s.at[loser] >= 0:
        place_next_to(s, t, loser, c, 1 - loser_side, variable(PLACE_LOSER))


@jit
def mechoor_beaten_attacking(s, t, hero, c, came_from):
    """Beaten in the square it moved into, Mechoor is not moved: the hero that beat it is put next door (by the
    monster player) and Mechoor holds the square.  With another hero still there (or none next door for this one),
    Mechoor goes back where its move began, kept clear of the hero put next door."""
    if heroes_at(s, c, hero) > 0:
        s.at[MECHOOR] = came_from
    lose_fight(s, t, variable(MECHOOR), hero, c)
    if heroes_at(s, c, -1) > 0:
        s.at[MECHOOR] = came_from


@jit
def close_combat(s, t, attacker, c, came_from):
    """The attacker moved into square c, held by enemies, from ``came_from`` (where its move began, which it may
    go back to): it fights them one by one (the first of its player's choice) until it loses; having beaten them
    all, it holds the square."""
    enemy = 1 - side_of(attacker)
    first = FIRST_MONSTER if enemy == MONSTERS_SIDE else 0
    last = PIECES if enemy == MONSTERS_SIDE else FIRST_MONSTER
    while s.winner < 0:
        n = 0
        for p in range(first, last):
            if (p >= FIRST_MONSTER and monster_at(s, p, c)) or (p < FIRST_MONSTER and s.at[p] == c):
                s.options[n] = option(PICK, p, attacker, c, -1)
                n += 1
        if n == 0:
            break
        defender = piece_of(s.options[0]) if n == 1 else piece_of(
            decide(s, t, side_of(attacker), FIRST_DEFENDER, n))
        if attacker != BLOOB:
            s.at[attacker] = c  # in the square of the fight while it lasts
        if fight(s, t, attacker, defender):
            lose_fight(s, t, defender, attacker, c)
            if defender == MECHOOR:
                if s.at[attacker] == c:
                    s.at[attacker] = came_from  # nowhere next door to put it: back where its move began
                return  # the attacker was put next door
            if s.at[defender] == c:
                break  # it could not be moved: the square stays shared
        else:
            if attacker == BLOOB:
                break
            if attacker == MECHOOR:
                mechoor_beaten_attacking(s, t, defender, c, came_from)
                return
            lose_fight(s, t, attacker, defender, c)
            if s.at[attacker] == c:
                s.at[attacker] = came_from  # nowhere next door to put it: back where its move began
            return
    if attacker == BLOOB and s.winner < 0:
        # the Bloob's counter moves in when the square is clear (an extended Bloob moves one counter)
        if heroes_at(s, c, -1) == 0:
            moved = False
            for i in range(3):
                if s.bloob_at[i] == came_from and not moved:
                    s.bloob_at[i] = c
                    moved = True
            s.at[BLOOB] = s.bloob_at[0]
    elif s.at[attacker] == c:  # a hero takes what lies there, Kiddoo the weapons (``enter_square``)
        enter_square(s, t, attacker, c)


# ---------------------------------------------------------------- range fire

@jit_inline
def carrier_of(piece):
    """The row of ``s.carry`` that holds the piece's counters (a hero's, or Kiddoo's), -1 for none."""
    if piece < FIRST_MONSTER:
        return piece
    return KIDDOO_CARRIES if piece == KIDDOO else -1


@jit_inline
def holds_weapon(s, piece, k):
    """The piece may fire weapon k: it holds the counter; a hero with no weapon at all still has a handgun."""
    row = carrier_of(piece)
    if row < 0:
        return False
    if s.carry[row, k] > 0:
        return True
    if k != HANDGUN or piece >= FIRST_MONSTER:
        return False
    for w in range(N_WEAPONS):
        if s.carry[row, w] > 0:
            return False
    return True


@jit_inline
def own_attack(s, piece):
    """The monster's own range attack where it stands (``monster_attack``), -1 for none: Moogre throws rocks from a
    rubble square only."""
    attack = monster_attack(piece)
    if attack == ROCKS and s.rubble[s.at[MOOGRE]] == 0:
        return -1
    return attack


@jit_inline
def worth_firing(attack, target):
    """A shot that can do something to the target: hurt it, track it, stun its cards, stop Mechoor."""
    if attack == EMP:
        return target == MECHOOR
    if attack == STUN or attack == BOW_TRACKER or attack == HYPNO_RAY:
        return True
    return hurts(attack, target)


@jit
def list_fires(s, t, piece, n, every_building=True):
    """Append the piece's FIRE options: each attack it has, at each target in range and in sight; the heat ray at
    the first building only unless ``every_building`` (a policy finds every building shot worth the same:
    ``choose_action`` takes the first of equals)."""
    c = s.at[piece]
    hero = piece < FIRST_MONSTER
    for a in range(HYPNO_RAY + 1):  # the hero weapons, then the monsters' own attacks
        if a < N_WEAPONS:
            if not holds_weapon(s, piece, a) or (not hero and (a == EMP or a == SILVER_BULLET)):
                continue
        elif a != own_attack(s, piece):
            continue
        reach = attack_range(t, a)
        if hero:
            for m in range(FIRST_MONSTER, PIECES):
                if s.at[m] < 0 or not worth_firing(a, m):
                    continue
                if hidden_from_fire(s, t, m):
                    continue
                for i in range(counters_of(m)):
                    sq = counter_at(s, m, i)
                    if sq >= 0 and in_range(t, c, sq, reach) and sees(s, t, c, True, sq, big(m)):
                        s.options[n] = option(FIRE, piece, a, sq, m)
                        n += 1
            if a != EMP and a != STUN:  # oxygen tanks with a monster on them
                for m in range(FIRST_MONSTER, PIECES):
                    for i in range(counters_of(m)):
                        sq = counter_at(s, m, i)
                        code = option(FIRE, piece, a, sq, TANKS)
                        if sq >= 0 and s.dropped[sq, OXYGEN_TANKS] > 0 and in_range(t, c, sq, reach) and \
                                sees(s, t, c, True, sq, False) and not listed(s, n, code):
                            s.options[n] = code
                            n += 1
        else:
            for h in range(N_HEROES):
                sq = s.at[h]
                if sq < 0 or heroes_at(s, sq, h) > 0 and first_hero_at(s, sq) != h and a != HYPNO_RAY:
                    continue  # one option per square of heroes (they all suffer the hit), per hero for the ray
                if in_range(t, c, sq, reach) and sees(s, t, c, False, sq, False):
                    s.options[n] = option(FIRE, piece, a, sq, h if a == HYPNO_RAY else -1)
                    n += 1
            if a == HEAT_RAY:  # the ray at a building: rubble next to it
                for i in range(t.n_buildings):
                    sq = t.buildings[i]
                    # most are hidden by other buildings (``t.sight``, the cheapest question, asked first)
                    if in_range(t, c, sq, reach) and t.sight[c, sq] & 1 != 0 and has_free_side(s, t, sq) and \
                            heroes_at(s, sq, -1) == 0 and sees(s, t, c, False, sq, False):
                        s.options[n] = option(FIRE, piece, a, sq, -1)
                        n += 1
                        if not every_building:
                            break
    return n


@jit_inline
def first_hero_at(s, c):
    for h in range(N_HEROES):
        if s.at[h] == c:
            return h
    return -1


@jit_inline
def has_free_side(s, t, c):
    for k in range(4):
        nb = t.step[c, k]
        if nb >= 0 and t.building[nb] != BUILDING and s.rubble[nb] == 0:
            return True
    return False


@jit
def use_up(s, t, piece, attack, natural):
    """After a shot: a one-use counter is discarded; a natural 2 runs a hero's (or Kiddoo's) weapon out of
    ammunition, unless an ammo counter is spent instead (handguns never run out)."""
    if attack >= N_WEAPONS:
        return
    row = carrier_of(piece)
    if s.carry[row, attack] == 0:
        return  # a hero's default handgun
    if t.weapon_one_use[attack]:
        s.carry[row, attack] -= 1
    elif natural == 2 and attack != HANDGUN:
        if row < N_HEROES and s.carry[row, AMMO] > 0:
            s.carry[row, AMMO] -= 1
            s.used[AMMO - N_WEAPONS] += 1
        else:
            s.carry[row, attack] -= 1
            s.empty[row, attack] += 1
            log(s, OUT_OF_AMMO, piece, attack)


@jit
def lose_card_with(s, t, side, piece):
    """The LOSE_CARD decision: the side loses a card bearing the piece (its player's choice), if it has one."""
    n = 0
    for i in range(s.hand_n[side]):
        if bears(t, side, s.hand[side, i], piece):
            s.options[n] = option(PICK, piece, i, 0, -1)
            n += 1
    if n == 0:
        return  # 'they must show you their hand': no strategy here reads it
    card = take_from_hand(s, side, arg_of(decide(s, t, side, LOSE_CARD, n)))
    to_discards(s, side, card)
    log(s, DISCARDS, side, card, 0)


@jit
def lose_all_cards_with(s, side, t, piece):
    i = 0
    while i < s.hand_n[side]:
        if bears(t, side, s.hand[side, i], piece):
            card = take_from_hand(s, side, i)
            to_discards(s, side, card)
            log(s, DISCARDS, side, card, 0)
        else:
            i += 1


@jit
def fire(s, t, side, code):
    """A range attack: 2d6 plus modifiers (a hero's +1 cards after the roll) against the number needed; a
    natural 12 doubles the damage."""
    piece, attack, sq, target = piece_of(code), arg_of(code), square_of(code), target_of(code)
    if piece == KIDDOO:
        s.concealed = False
    at_tanks = target == TANKS
    need = needed(s, t, attack, -1 if at_tanks else target, sq)
    d1 = roll(s, 6)
    d2 = roll(s, 6)
    natural = d1 + d2
    total = natural
    if side == HEROES_SIDE and total < need and (attack != RADIO or t.air_strike_plus_one):
        total = plus_ones(s, t, total, need)
    s.shots[TANKS_EXPLODE if at_tanks else attack] += 1
    log(s, SHOOTS, piece, attack, target, sq)
    log(s, ROLLED, total, need)
    use_up(s, t, piece, attack, natural)
    if total < need:
        return
    s.hits[TANKS_EXPLODE if at_tanks else attack] += 1
    if at_tanks:
        s.dropped[sq, OXYGEN_TANKS] -= 1
        if s.tanks_put_down[sq] > 0:  # the tanks put down for it go first
            s.tanks_put_down[sq] -= 1
        s.used[OXYGEN_TANKS - N_WEAPONS] += 1
        explode(s, t, sq, variable(TANKS_EXPLODE), t.oxygen_damage, side)
        return
    critical = natural == 12
    if side == HEROES_SIDE:
        hero_hits(s, t, attack, target, sq, critical)
    else:
        monster_hits(s, t, attack, target, sq, critical)


@jit
def explode(s, t, sq, attack, damage, by_side):
    """Every piece in the square takes the damage (oxygen tanks)."""
    for p in range(PIECES):
        if (p >= FIRST_MONSTER and monster_at(s, p, sq)) or (p < FIRST_MONSTER and s.at[p] == sq):
            if hurts(attack, p):
                log(s, HIT, p, damage, 0)
                hurt(s, t, p, damage, by_side, variable(False))


@jit
def hero_hits(s, t, attack, target, sq, critical):
    """A hero's hit on a monster, and what the weapon does besides."""
    damage = attack_damage(s, t, attack, target) * (2 if critical else 1)
    log(s, HIT, target, damage, 1 if critical else 0)
    if attack == BOW_TRACKER:
        s.tracker[target] = True
    if attack == STUN:
        draw(s, variable(HEROES_SIDE), t.stun_cards)
        lose_card_with(s, t, variable(MONSTERS_SIDE), target)
    if attack == EMP:
        s.emp_round = s.current_round
    if attack == RADIO:
        air_strike_rubble(s, t, sq)
    dynamite_in_building = attack == DYNAMITE and t.building[sq] == BUILDING
    if hurts(attack, target):
        hurt(s, t, target, damage, variable(HEROES_SIDE), variable(False))
    if dynamite_in_building and s.winner < 0:
        dynamite_rubble(s, t, sq, variable(HEROES_SIDE))


@jit
def dynamite_rubble(s, t, sq, side):
    """Dynamite thrown into a building leaves rubble next to it; whoever stands there takes damage."""
    c = rubble_next_to(s, t, sq, side)
    if c >= 0:
        explode(s, t, c, variable(DYNAMITE), t.dynamite_rubble_damage, side)


@jit
def monster_hits(s, t, attack, target, sq, critical):
    """A monster's hit on a square of heroes (every hero there suffers it, unless the hero player ducks it
    with a Duck card), or on a building (the heat ray: rubble next to it)."""
    damage = attack_damage(s, t, attack, -1) * (2 if critical else 1)
    if attack == STUN:
        draw(s, variable(MONSTERS_SIDE), t.stun_cards)
    for h in range(N_HEROES):
        if s.at[h] != sq or (target >= 0 and h != target) or s.winner >= 0:
            continue
        if hero_ducks(s, t, h, sq):
            continue
        log(s, HIT, h, damage, 1 if critical else 0)
        if attack == HYPNO_RAY:
            lose_all_cards_with(s, HEROES_SIDE, t, h)
        elif attack == STUN:
            lose_card_with(s, t, variable(HEROES_SIDE), h)
        else:
            hurt(s, t, h, damage, variable(MONSTERS_SIDE), variable(False))
    if s.winner >= 0:
        return
    if attack == RADIO:
        air_strike_rubble(s, t, sq)
    if t.building[sq] == BUILDING and attack == HEAT_RAY:
        rubble_next_to(s, t, sq, variable(MONSTERS_SIDE))
    if t.building[sq] == BUILDING and attack == DYNAMITE:
        dynamite_rubble(s, t, sq, variable(MONSTERS_SIDE))


# ---------------------------------------------------------------- the other actions

@jit
def list_powers(s, t, piece, n):
    """Append the piece's other actions: rubble (Moogre, Mechoor), extending and retracting the Bloob,
    Kiddoo's concealment, a med kit, the jeep driven at a monster with dynamite."""
    c = s.at[piece]
    if (piece == MOOGRE or piece == MECHOOR) and s.rubble[c] == 0 and t.building[c] != BUILDING and \
            adjacent_to_building(t, c, t.rubble_next_to_building == ORTHOGONAL):
        s.options[n] = option(RUBBLE, piece, 0, c, -1)
        n += 1
    if piece == BLOOB:
        n = list_extend(s, t, n)
        n = list_retract(s, t, n)
    if piece == KIDDOO and not s.concealed:
        s.options[n] = option(CONCEAL, piece, 0, c, -1)
        n += 1
    if piece < FIRST_MONSTER:
        if s.carry[piece, MED_KIT] > 0 and s.damage[piece] > 0:
            s.options[n] = option(HEAL, piece, 0, c, -1)
            n += 1
        if s.in_jeep[piece] and s.carry[piece, DYNAMITE] > 0:
            n = list_jeep_bomb(s, t, piece, n)
    return n


@jit
def list_extend(s, t, n):
    """EXTEND: a retracted Bloob counter put orthogonally next to one on the board."""
    if bloob_counters_on_board(s) >= bloob_counters_left(s, t):
        return n
    for i in range(3):
        if s.bloob_at[i] < 0:
            continue
        for k in range(4):
            to = t.step[s.bloob_at[i], k]
            if to >= 0 and not has_bloob(s, to) and may_stand_bloob_counter(s, t, to) and not listed_square(
                    s, n, EXTEND, to):
                s.options[n] = option(EXTEND, BLOOB, 0, to, -1)
                n += 1
    return n


@jit_inline
def listed(s, n, code):
    """The option is among ``s.options[:n]`` already."""
    for i in range(n):
        if s.options[i] == code:
            return True
    return False


@jit_inline
def listed_square(s, n, what, sq):
    for i in range(n):
        if what_of(s.options[i]) == what and square_of(s.options[i]) == sq:
            return True
    return False


@jit_inline
def bloob_counters_left(s, t):
    left = t.bloob_counters - s.damage[BLOOB] // t.bloob_damage_per_counter
    return left if left > 1 else 1


@jit
def list_retract(s, t, n):
    """RETRACT: a counter taken back, the rest staying together."""
    if bloob_counters_on_board(s) < 2:
        return n
    for i in range(3):
        if s.bloob_at[i] >= 0 and bloob_connected(s, t, i, -1):
            s.options[n] = option(RETRACT, BLOOB, i, s.bloob_at[i], -1)
            n += 1
    return n


@jit
def list_jeep_bomb(s, t, piece, n):
    """JEEP_BOMB_RUN: the jeep driven (with dynamite) at a monster it can reach."""
    search_moves(s, t, piece)
    for m in range(FIRST_MONSTER, PIECES):
        if m == DRAKOOR:
            continue
        for i in range(counters_of(m)):
            sq = counter_at(s, m, i)
            if sq >= 0 and not stops_on(s, t, sq) and jeep_drives_at(s, t, piece, sq):
                s.options[n] = option(JEEP_BOMB_RUN, piece, 0, sq, m)
                n += 1
                break  # one run at each monster
    return n


@jit_inline
def jeep_drives_at(s, t, driver, sq):
    """The jeep, as last searched for the driver, can reach a square next to ``sq`` with a step to spare."""
    for k in range(8):
        nb = t.step[sq, k]
        if nb >= 0 and s.reach_stamp[nb, 1] == s.reach_stamp_now and \
                s.reach_cost[nb, 1] + t.movement[driver] <= t.movement[driver] * t.jeep_movement:
            return True
    return False


@jit
def power(s, t, side, code):
    what, piece, sq = what_of(code), piece_of(code), square_of(code)
    log(s, POWER, piece, what, sq, arg_of(code))
    if what == RUBBLE:
        place_rubble(s, t, sq)
    elif what == EXTEND or what == RETRACT:
        while True:
            if what == EXTEND:
                for i in range(3):
                    if s.bloob_at[i] < 0:
                        s.bloob_at[i] = sq
                        break
            else:
                s.bloob_at[arg_of(code)] = -1
                compact_bloob(s)
            n = variable(1)
            s.options[0] = option(END, BLOOB, 0, 0, -1)
            n = list_extend(s, t, n) if what == EXTEND else list_retract(s, t, n)
            if n == 1:
                break
            code = decide(s, t, side, MORE_BLOOB, n)
            if what_of(code) == END:
                break
            sq = square_of(code)
            log(s, POWER, piece, what, sq, arg_of(code))
    elif what == CONCEAL:
        s.concealed = True
    elif what == HEAL:
        s.carry[piece, MED_KIT] -= 1
        s.used[MED_KIT - N_WEAPONS] += 1
        s.damage[piece] = max(0, s.damage[piece] - t.med_kit_heals)
    elif what == JEEP_BOMB_RUN:
        jeep_bomb(s, t, piece, sq, target_of(code))


@jit_inline
def compact_bloob(s):
    """The Bloob's counters on the board first (``s.at[BLOOB]`` is the first)."""
    k = 0
    for i in range(3):
        if s.bloob_at[i] >= 0:
            s.bloob_at[k] = s.bloob_at[i]
            k += 1
    for i in range(k, 3):
        s.bloob_at[i] = -1
    s.at[BLOOB] = s.bloob_at[0]


@jit
def jeep_bomb(s, t, driver, sq, target):
    """The jeep, dynamite aboard, driven at a monster: its passengers may bail out with a Duck card each
    (the others are hit too); 7+ (with +1 cards) and the monster takes the dynamite's damage.  The jeep and
    the dynamite are gone."""
    start = s.jeep_at
    s.carry[driver, DYNAMITE] -= 1
    s.shots[JEEP_BOMB] += 1
    aboard = np.zeros(N_HEROES, np.bool_)
    for h in range(N_HEROES):
        if s.in_jeep[h] and s.at[h] >= 0:
            s.in_jeep[h] = False
            aboard[h] = not play_marked(s, t, variable(DUCK), variable(DUCK_MARK))
            if not aboard[h]:
                log(s, DUCKS, h, start)
    s.jeep_at = -1
    natural = roll(s, 6) + roll(s, 6)
    total = plus_ones(s, t, natural, t.hit_on) if natural < t.hit_on else natural
    log(s, SHOOTS, driver, JEEP_BOMB, target, sq)
    log(s, ROLLED, total, t.hit_on)
    damage = t.weapon_damage[DYNAMITE]
    for h in range(N_HEROES):
        if aboard[h] and s.winner < 0:
            hurt(s, t, h, damage, variable(MONSTERS_SIDE), variable(False))
            if s.at[h] >= 0:
                place_next_to(s, t, h, sq, variable(MONSTERS_SIDE), variable(PLACE_LOSER))
    if total >= t.hit_on and s.winner < 0:
        s.hits[JEEP_BOMB] += 1
        log(s, HIT, target, damage, 0)
        hurt(s, t, target, damage, variable(HEROES_SIDE), variable(False))


@jit
def free_use(s, t, code):
    """Kit that costs no action: an energy drink, a weapon handed over, oxygen tanks put down."""
    what, piece = what_of(code), piece_of(code)
    log(s, POWER, piece, what, square_of(code), arg_of(code))
    if what == DRINK:
        s.carry[piece, ENERGY_DRINK] -= 1
        s.used[ENERGY_DRINK - N_WEAPONS] += 1
        draw(s, variable(HEROES_SIDE), t.energy_drink_cards)
    elif what == SWAP:  # handed over as picked up: an ammo counter reclaims the other hero's weapon out of ammunition
        k = arg_of(code)
        s.carry[piece, k] -= 1
        gain(s, target_of(code), k)
        s.swaps += 1
    elif what == DROP_TANKS:
        s.carry[piece, OXYGEN_TANKS] -= 1
        s.dropped[s.at[piece], OXYGEN_TANKS] += 1
        s.tanks_put_down[s.at[piece]] += 1


# ---------------------------------------------------------------- a turn

@jit
def list_piece_actions(s, t, piece, n):
    n = list_moves(s, t, piece, n)
    n = list_fires(s, t, piece, n)
    return list_powers(s, t, piece, n)


@jit
def list_actions(s, t, side):
    """The ACT options: END, every action of every piece a card in hand pays for, and (the hero player)
    the free uses of kit and the bonus actions."""
    s.options[0] = option(END, 0, 0, 0, -1)
    n = variable(1)  # not a constant: numba compiles the callees again for a constant
    first, last = first_and_last(side)
    for p in range(first, last):
        if s.at[p] >= 0 and payable(s, t, side, p):
            n = list_piece_actions(s, t, p, n)
    return list_free_actions(s, t, side, n)


@jit
def list_free_actions(s, t, side, n):
    """Append the hero player's uses of kit that cost no card, and the bonus actions."""
    if side != HEROES_SIDE:
        return n
    for h in range(N_HEROES):
        c = s.at[h]
        if c < 0:
            continue
        if s.carry[h, ENERGY_DRINK] > 0:
            s.options[n] = option(DRINK, h, 0, c, -1)
            n += 1
        if s.carry[h, OXYGEN_TANKS] > 0:
            s.options[n] = option(DROP_TANKS, h, 0, c, -1)
            n += 1
        if s.swaps < t.free_swaps:
            for o in range(N_HEROES):
                if o != h and s.at[o] == c:
                    for k in range(N_COUNTERS):
                        if s.carry[h, k] > 0:
                            s.options[n] = option(SWAP, h, k, c, o)
                            n += 1
        if bonus_allowed(s):
            s.options[n] = option(BONUS, h, 0, c, -1)
            n += 1
    return n


@jit
def choose_action(s, t, side):
    """A scripted policy's ACT decision, its options listed as they are valued: END, the free actions and every
    piece's fires and powers first, their best the bar; then the moves of each piece, the most promising first,
    searched only when the most a move of it could be worth reaches the bar (``policies.move_bound``).  The same
    option as ``list_actions`` and ``policies.choose`` take (``tests/games/duel/test_policies.py``), with half the
    searches (a search is the dearest part of a listing).  Return its code (END: the turn's actions end)."""
    s.options[0] = option(END, 0, 0, 0, -1)
    n, pieces = variable(1), variable(0)  # not constants: numba compiles the callees again for a constant
    first, last = first_and_last(side)
    for p in range(first, last):
        if s.at[p] >= 0 and payable(s, t, side, p):
            n = list_fires(s, t, p, n, False)
            n = list_powers(s, t, p, n)
            pieces |= 1 << p
    n = list_free_actions(s, t, side, n)
    policies.ready_to_act(s, t, side, pieces)
    best, pick, key = policies.best_but_moves(s, t, side, n)
    for p in range(first, last):
        if pieces & (1 << p):
            s.policies.bound[p] = policies.move_bound(s, t, p)
    while pieces:
        top, top_bound = variable(-1), -np.inf  # the most promising piece left
        for p in range(first, last):
            if pieces & (1 << p) and s.policies.bound[p] > top_bound:
                top, top_bound = p, s.policies.bound[p]
        if top_bound < best:
            break  # nor can the others
        pieces &= ~(1 << top)
        listed = n
        n = list_moves(s, t, top, n)
        best, pick, key = policies.best_act(s, t, side, listed, n, False, best, pick, key)  # the fights first
        best, pick, key = policies.best_act(s, t, side, listed, n, True, best, pick, key)
    return s.options[pick]


@jit
def act(s, t, side, code):
    what = what_of(code)
    if what == MOVE:  # the options were listed just now, searching each piece's moves in turn
        move(s, t, side, code, s.reach_piece == piece_of(code))
    elif what == FIRE:
        fire(s, t, side, code)
    else:
        power(s, t, side, code)


@jit
def bonus_action(s, t, hero):
    """Draw the top card: with the hero's symbol, the hero acts (the card pays); else it and one more card
    of the hand are discarded and the turn's actions end.  Return True if the turn goes on."""
    s.bonus_actions += 1
    card = draw_card(s, variable(HEROES_SIDE))
    ok = bears(t, HEROES_SIDE, card, hero)
    log(s, BONUS_TRY, hero, card, 1 if ok else 0)
    to_discards(s, HEROES_SIDE, card)
    if not ok:
        s.bonus_failed += 1
        discard_from_hand(s, t, variable(HEROES_SIDE), variable(False), variable(False))
        return False
    s.options[0] = option(END, hero, 0, 0, -1)
    n = list_piece_actions(s, t, hero, variable(1))
    code = decide(s, t, HEROES_SIDE, ACT, n)
    if what_of(code) != END:
        log(s, PLAYS, HEROES_SIDE, hero, -1)
        act(s, t, variable(HEROES_SIDE), code)
    return True


@jit
def bonus_or_end(s, t):
    """A scripted hero player's last look before its card play ends: the hero no card in hand pays for whose best
    action is most worth the gamble of a bonus action (``policies.bonus_odds``), as that BONUS option, else END.  A
    hero a card pays for is not asked: its best action was just found worth less than keeping the card.  A hero's
    actions are valued as in ``choose_action``, only as far as they could make its gamble the best so far."""
    pick, most = option(END, 0, 0, 0, -1), 0.0
    if not bonus_allowed(s):
        return pick
    heroes, first = variable(HEROES_SIDE), variable(1)  # the copies ``choose_action`` compiles, not more for constants
    for h in range(N_HEROES):
        if s.at[h] < 0 or payable(s, t, heroes, h):
            continue
        hit, cost = policies.bonus_odds(s, t, h)
        if hit == 0.0:
            continue
        need = (most + cost) / hit - 1e-9  # an action worth more may make this gamble the best so far (tested below)
        s.options[0] = option(END, h, 0, 0, -1)
        n = list_fires(s, t, h, first, False)
        n = list_powers(s, t, h, n)
        policies.ready_to_act(s, t, heroes, 1 << h)
        best, i, key = policies.best_act(s, t, heroes, first, n, False, need, variable(0), variable(policies.LAST_KEY))
        if policies.move_bound(s, t, h) >= best:
            listed = n
            n = list_moves(s, t, h, n)
            best, i, key = policies.best_act(s, t, heroes, listed, n, False, best, i, key)  # the fights first
            best, i, key = policies.best_act(s, t, heroes, listed, n, True, best, i, key)
        if i > 0 and hit * best - cost > most:
            pick, most = option(BONUS, h, 0, s.at[h], -1), hit * best - cost
    return pick


@jit
def play_cards(s, t, side):
    """Play cards (and bonus actions, and free kit) until the side stops, cannot go on or the game is won.  Return
    False when a failed bonus action ends the whole turn (``failed_bonus_ends``)."""
    while s.winner < 0:
        if choices_scripted(s) or s.policies.id[side] == policies.RANDOM:
            n = list_actions(s, t, side)
            if n == 1:
                return True
            code = decide(s, t, side, ACT, n)
        else:
            code = choose_action(s, t, side)
            if what_of(code) == END and side == HEROES_SIDE:
                code = bonus_or_end(s, t)
        what = what_of(code)
        if what == END:
            return True
        if what == DRINK or what == SWAP or what == DROP_TANKS:
            free_use(s, t, code)
        elif what == BONUS:
            if not bonus_action(s, t, piece_of(code)):
                return draws_after_failed_bonus(t)
        else:
            pay_with_card(s, t, side, piece_of(code))
            act(s, t, side, code)
    return True


@jit
def take_turn(s, t, side):
    """Play cards; then discard at will (the monster player may put cards back in the box), draw (not when a failed
    bonus action ended the whole turn), and keep to the hand limit."""
    log(s, TURN, s.current_round, side, s.hand_n[side])
    s.swaps = 0
    goes_on = play_cards(s, t, side)
    if s.winner >= 0:
        return
    remove = side == MONSTERS_SIDE and t.monster_removes_cards
    if goes_on:
        while discard_from_hand(s, t, side, variable(True), variable(remove)):
            pass
        draw(s, side, t.draw)
    while s.hand_n[side] > t.hand_limit:
        discard_from_hand(s, t, side, variable(False), variable(remove))


# ---------------------------------------------------------------- setup

@jit
def shuffle_deck(s, t, side):
    n = t.deck_size[side]
    for i in range(n):
        s.deck[side, i] = i
    for i in range(n - 1, 0, -1):
        j = below(i + 1, s.setup_rng)
        c = s.deck[side, i]
        s.deck[side, i] = s.deck[side, j]
        s.deck[side, j] = c
    s.deck_n[side] = n
    s.discards_n[side] = 0
    s.hand_n[side] = 0


@jit
def set_up(s, t):
    """Pieces on their spots, the kit on the hero displays, the bonus counters shuffled face down onto the
    bonus squares, both decks shuffled and six cards each."""
    s.rubble_n = 0
    for c in range(t.n_cells):
        s.rubble[c] = 0
        s.bonus[c] = -1
        s.tanks_put_down[c] = 0
        for k in range(N_COUNTERS):
            s.dropped[c, k] = 0
    for p in range(PIECES):
        s.at[p] = t.blue_spots[p] if p < FIRST_MONSTER else t.red_spots[p - FIRST_MONSTER]
        s.damage[p] = 0
        s.tracker[p] = False
        s.killed_round[p] = 0
        s.fell_at[p] = -1
    s.bloob_at[0] = s.at[BLOOB]
    s.bloob_at[1] = -1
    s.bloob_at[2] = -1
    for row in range(N_HEROES + 1):
        for k in range(N_COUNTERS):
            s.carry[row, k] = t.start_kit[row, k] if row < N_HEROES else 0
            if k < N_WEAPONS:
                s.empty[row, k] = 0
    for h in range(N_HEROES):
        s.in_jeep[h] = False
    s.jeep_at = t.jeep_start
    s.concealed = False
    s.emp_round = -1
    # the bonus counters: a random counter on each bonus square while they last
    pool = np.empty(t.n_bonus_counters, np.int64)
    for i in range(t.n_bonus_counters):
        pool[i] = t.bonus_pool[i]
    left = t.n_bonus_counters
    for i in range(t.n_bonus_squares):
        if left == 0:
            break
        j = below(left, s.setup_rng)
        s.bonus[t.bonus_squares[i]] = pool[j]
        left -= 1
        pool[j] = pool[left]
    for side in range(2):
        shuffle_deck(s, t, side)
        s.kills[side] = 0
        s.cards_played[side] = 0
        s.damage_dealt[side] = 0
        s.close_combats_won[side] = 0
        s.scores[side] = 0
        s.standing[side] = 0
    for i in range(s.shots.shape[0]):
        s.shots[i] = 0
        s.hits[i] = 0
    for i in range(s.used.shape[0]):
        s.used[i] = 0
    s.removed = 0
    s.rubble_made = 0
    s.claimed = 0
    s.bonus_actions = 0
    s.bonus_failed = 0
    s.close_combats = 0
    s.winner = -1
    s.current_round = 0
    s.turns = 0
    policies.new_game(s, t)
    if logged(s):
        for p in range(PIECES):
            log(s, SETUP_PIECE, p, s.at[p])
        for c in range(t.n_cells):
            if s.bonus[c] >= 0:
                log(s, SETUP_BONUS, c)
    for side in range(2):
        draw(s, side, t.opening_hand)


# ---------------------------------------------------------------- the game

@jit_inline
def progress(s, t):
    """Scores: enemy pieces eliminated.  ``s.standing``: the side further along its victory (the share of
    the damage the pieces it must kill can take that they took), 1 for the leader."""
    hero_way = 0.0
    for m in DECIDING:
        hero_way += min(s.damage[m], t.capacity[m]) / t.capacity[m] if s.at[m] >= 0 else 1.0
    monster_way = 0.0
    for h in range(N_HEROES):
        monster_way += min(s.damage[h], t.capacity[h]) / t.capacity[h] if s.at[h] >= 0 else 1.0
    hero_way /= len(DECIDING)
    monster_way /= N_HEROES
    s.scores[HEROES_SIDE] = s.kills[HEROES_SIDE]
    s.scores[MONSTERS_SIDE] = s.kills[MONSTERS_SIDE]
    s.standing[HEROES_SIDE] = 1 if hero_way > monster_way else 0
    s.standing[MONSTERS_SIDE] = 1 if monster_way > hero_way else 0


@jit
def play_game(s, t):
    """Play one game from the setup.  Return (winning side or -1, end reason, rounds)."""
    set_up(s, t)
    for rnd in range(1, t.max_rounds + 1):
        s.current_round = rnd
        for side in range(2):
            start_turn(s, s.turns + 1)
            take_turn(s, t, side)
            s.turns += 1
            progress(s, t)
            track_lead(s.lead, s.standing, 2, s.turns)
            score_turn(s, s.scores, 2, s.turns)
            if s.winner >= 0:
                reason = MONSTERS_DEAD if s.winner == HEROES_SIDE else HEROES_DEAD
                log(s, GAME_ENDS, reason, rnd, s.winner)
                return s.winner, reason, rnd
    log(s, GAME_ENDS, TIMEOUT, t.max_rounds, -1)
    return -1, TIMEOUT, t.max_rounds


@jit_inline
def write_record(rec, g, col, s, t, winner, reason, rounds):
    """Game ``g``'s row: the common columns (the winner ranks first), then the game's own by name."""
    finish_record(rec, g, col, 2, winner, reason, s.turns, s.scores, s.lead)
    for side in range(2):
        rec[g, col.rank[side]] = 1 if winner == side or winner < 0 else 2
        rec[g, col.kills[side]] = s.kills[side]
        rec[g, col.losses[side]] = s.kills[1 - side]
        rec[g, col.damage_dealt[side]] = s.damage_dealt[side]
        rec[g, col.cards_played[side]] = s.cards_played[side]
        rec[g, col.close_combats_won[side]] = s.close_combats_won[side]
    rec[g, col.rounds] = rounds
    rec[g, col.rubble_made] = s.rubble_made
    rec[g, col.cards_removed] = s.removed
    rec[g, col.bonus_counters_claimed] = s.claimed
    rec[g, col.bonus_actions] = s.bonus_actions
    rec[g, col.bonus_actions_failed] = s.bonus_failed
    rec[g, col.close_combats] = s.close_combats
    for p in range(PIECES):
        rec[g, col.killed[p]] = s.killed_round[p]
    for a in range(s.shots.shape[0]):
        rec[g, col.shots[a]] = s.shots[a]
        rec[g, col.hits[a]] = s.hits[a]
    for k in range(s.used.shape[0]):
        rec[g, col.used[k]] = s.used[k]


@njit(cache=True)
def play_batch(n_games, first_game, lineup, seat_policy, seat_params, tables, columns, key, every, timelines):
    """Play games ``first_game ..`` of a run into their records (the kit's kernel contract)."""
    t, col = record(tables), record(columns)
    rec = new_records(n_games, col.count)
    state = np.zeros(1, STATE)
    for g in range(n_games):
        s = record(state)
        start_game(s, key, first_game + g, lineup[g], seat_policy, seat_params)
        sample_turns(s, first_game + g, every)
        winner, reason, rounds = play_game(s, t)
        write_record(rec, g, col, s, t, winner, reason, rounds)
        keep_turn_scores(s, timelines, first_game + g, first_game, every, 2)
    return rec
