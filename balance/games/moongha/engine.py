"""Moongha Invaders: the rules as numba kernels over the state record (``state.FIELDS``).

A turn: phase one fills the six Action boxes (fixed contents, then the turn track's dice by face,
within the supplies); phase two goes clockwise from the first player, one action each, until every
player has passed in succession; phase three clears the boxes, checks the end and passes the First
Player marker left.  Every choice is a decision point: the legal options go into ``s.options`` and
``decide`` asks the seat's policy (or, in the tests' scripted state, takes the next scripted choice).
Dice come from ``kit.roll`` (the game's dice stream), the tiles' deal and the first player from the
setup stream.
"""

import numpy as np
from numba import njit

from balance.games.moongha import policies
from balance.games.moongha.decisions import (
    ACTION, A_HERO, A_MILITARY, A_NOTHING, A_ORANGE, A_PLACE_PASS, A_PURPLE, A_REMOVE_PASS, ATTACK_BOX, ATTACK_SPEND,
    ATTACK_TARGET, BLOOB_SPAWN, CASUALTY_ORDER, CITY, CREATE_HEAL, DRAKOOR_KILL, FOR_A_BOMB, FOR_ARMOUR, FOR_HERO,
    FOR_INFANTRY, KIDDOO_JOIN, MILITARY_TARGET, MOVE, PLACE_MONSTER, PULL, SRC_A_BOMB, SRC_HERO, SRC_MILITARY, TT_CITY,
    TT_HUMANS, TT_MONSTER, all_rubble_placed, can_hurt, creation_cost, drakoor_vp, kiddoo_dice, kiddoo_wrecks,
    may_attack, military_dice, military_target, option, orange_use, orange_uses, pack_option, rubble_left,
    rubble_room, rubble_vp, tile_vp,
)
from balance.games.moongha.rules import (
    ATTACK_TOKENS_ON_KILL, BLOOB_EXCESS_HITS, BROWN_RUBBLE_END, DRAKOOR_KILLED_BY_HERO, JET_AFTER_ATTACK,
    KIDDOO_AGAINST_MONSTERS, KIDDOO_JOINS, MONSTERS, NEUTRAL_RUBBLE, PASS_MARKER_END_OF_TURN, PULL_FROM_BOARD,
    RUBBLE_END_TIMING,
)
from balance.games.moongha.state import (
    ARMOUR, AVAILABLE, A_BOMB, BLOOB, BOX_HERO, BOX_MILITARY_ONE, BOX_PURPLE, CAPTURED, DRAKOOR, FIELDS, HERO,
    INFANTRY, IN_HAND, JET, KIDDOO, MAX_OPTIONS, MECHOOR, MOOGRE, N_KINDS, ON_BOARD, ORANGE, OUT_OF_GAME, PURPLE,
    SHAGGOO, SPECTOOR,
    VP_DRAKOOR, VP_MOOGRE, VP_RUBBLE, VP_TILES, WHITE, alive_at, city_damage, enter_board, humans_in, leave_board,
    monster_in, monsters_in, move_monster, reset,
)
from balance.games.moongha.tables import MAX_PLAYERS
from balance.kit import (Layout, below, finish_record, jit, jit_inline, maximum, minimum, new_records, record, roll,
                         scripted_option, start_game, start_turn, track_lead)
from balance.kit.columns import keep_turn_scores, sample_turns, score_turn
from balance.kit.log import log

LAYOUT = Layout(FIELDS, policies.FIELDS, max_players=MAX_PLAYERS, max_params=policies.MAX_PARAMS)
"""The kernel's state: the game's fields (``state.FIELDS``) and the policies' record (``policies.FIELDS``)."""
STATE = LAYOUT.dtype

# the readings of the named options, as the tables hold them
BLACK_UNLIMITED = NEUTRAL_RUBBLE.index("black_unlimited")
JET_STAYS = JET_AFTER_ATTACK.index("city")
NEVER_PULL = PULL_FROM_BOARD.index("never")
PASS_STAYS = PASS_MARKER_END_OF_TURN.index("stays")
AT_END_OF_TURN = RUBBLE_END_TIMING.index("end_of_turn")
BROWN_AT_ONCE = BROWN_RUBBLE_END.index("at_once")
OUT_OF_THE_GAME = DRAKOOR_KILLED_BY_HERO.index("out_of_game")
ON_LAST_PIECE = ATTACK_TOKENS_ON_KILL.index("last_piece")
REVEALED_ONLY = KIDDOO_JOINS.index("revealed_only")
MOOGRE_ONLY = KIDDOO_AGAINST_MONSTERS.index("moogre_only")
EXCESS_WASTED = BLOOB_EXCESS_HITS.index("wasted")

# ---------------------------------------------------------------- record columns and end reasons
END_REASONS = ("turns_played", "all_rubble_placed", "brown_rubble_gone")
TURNS_PLAYED, ALL_RUBBLE_PLACED, BROWN_RUBBLE_GONE = range(3)
NOT_OVER = -1
GAME_COLUMNS = ("actions",)
SEAT_COLUMNS = (("vp_city_tiles", "vp_rubble", "vp_drakoor", "vp_moogre", "rubble_placed")
                + tuple(f"created_{m}" for m in MONSTERS) + tuple(f"lost_{m}" for m in MONSTERS))
SCORE_COMPONENTS = ("vp_city_tiles", "vp_rubble", "vp_drakoor", "vp_moogre")
# what a replay tells (``balance.kit.log``; the words are in ``replay.py``): the event kinds and their integers
(TILE,  # player, city: a secret City tile dealt
 TURN,  # turn (from 1), first player
 TRACK_DICE,  # dice showing 1, 2, 3, 4 (the turn track's dice, by face)
 TRACK_DICE_MILITARY,  # dice showing 5, 6
 PULLED,  # chooser, piece (INFANTRY ..), city: a piece taken from the board for an Action box or an action
 BOXES,  # orange, white, purple tokens, heroes: the Action boxes after phase one
 MILITARY_BOX,  # box (0: One, 1: Two), infantry, armour, jets * 16 + A-bombs
 ACTION_TAKEN,  # player, action code (A_*), its argument, its second argument (the option's fields)
 CREATE_TOKEN,  # player, kind, orange tokens in its box, tokens that create it
 CREATED,  # player, piece, city, orange tokens returned to the stock
 BLOOB_WAITS,  # player: no Bloob for the spawn cost, the box waits for the full cost
 HEALED,  # player healed, kind, damage left
 WHITE_TOKEN,  # player, kind, white tokens stored in its box
 ATTACK,  # player, kind, tokens expended, dice per attacker
 ATTACKS,  # piece, target type (TT_*), target player, target piece or city
 REVEALED,  # player, piece: a Hidden counter replaced by the monster piece
 KIDDOO_JOINED,  # player, piece, tokens expended, dice
 MONSTER_ROLLS,  # player, kind, dice, hits
 ARMOUR_FIRES,  # city, armour pieces, dice, hits
 INFANTRY_FIRES,  # city, infantry pieces, dice, hits
 HUMANS_LOST,  # city, piece (INFANTRY ..), pieces removed
 RUBBLE,  # colour (a player; players: the brown), city, pieces placed, damage it was due
 DAMAGED,  # player, piece, damage recorded, damage in the Monster box now
 DAMAGE_LOST,  # player, piece, damage not recorded (no brown rubble left)
 UNHURT,  # player, piece, attacker (a kind or SRC_*): it cannot hurt this monster
 DESTROYED,  # player, piece, where it goes (AVAILABLE, CAPTURED, OUT_OF_GAME), the Moogre's player (-1: none)
 TOKENS_RETURNED,  # player, kind, white tokens back to the stock from its box
 MOVED,  # player, piece, from city, to city
 HIDDEN,  # player, piece, city
 HERO_ARRIVES,  # city, heroes there now
 REVEAL_ROLL,  # player, piece, dice, hits (one hit reveals)
 HEROES_FIRE,  # city, dice, hits (against revealed Drakoors)
 MILITARY_FIRE,  # player, piece, dice, hits: the armour and infantry in the city against one monster
 MILITARY_PLACED,  # piece (INFANTRY, ARMOUR), city
 JET_ATTACKS,  # player, piece, hits, ones (collateral damage)
 A_BOMB_FALLS,  # city, heroes and military removed
 A_BOMB_ROLL,  # player, piece, hits
 VP,  # player, City tiles, rubble, Drakoors: the scoring at the end of a turn
 VP_MORE,  # player, Moogre, total
 TIE,  # tie-breaker level (0 cities with rubble, 1 monsters, 2 rubble), player, its count
 GAME_ENDS,  # end reason, turns, winner (-1: a tie)
 ) = range(41)
# checks for "is there any legal option" enumerate here, past the options of the decision being built
SCRATCH = MAX_OPTIONS // 2
# the dice of each turn's phase one, and of each action, are a stream of their own (``kit.start_turn``):
# an action that rolls more or fewer dice in a variant of the scenario leaves the others' dice alone
ACTION_DICE = 1 << 20


# ---------------------------------------------------------------- dice and decisions

@jit_inline
def count_hits(s, t, n_dice):
    h = 0
    for _ in range(n_dice):
        if roll(s, 6) >= t.hit_on:
            h += 1
    return h


@jit_inline
def decide(s, t, seat, kind, n):
    """Index of the option taken among ``s.options[:n]`` (n >= 1): the next scripted choice (the tests'
    state only), else the seat's policy.  Inlined where it is asked: the kind is a constant there and
    the policies' dispatch on it folds away."""
    o = scripted_option(s, n)
    if o >= 0:
        return o
    return policies.choose(s, t, seat, kind, n)


@jit_inline
def put_option(s, o, a, b, c, d):
    s.options[o] = pack_option(a, b, c, d)
    return o + 1


# ---------------------------------------------------------------- board queries

@jit_inline
def available_piece(s, t, p, k):
    """A piece of kind ``k`` in front of its owner (not on the board, not captured), or -1."""
    for i in range(t.kind_first[k], t.kind_first[k] + t.pieces[k]):
        if s.piece_where[p, i] == AVAILABLE:
            return i
    return -1


@jit_inline
def any_on_board(s, p):
    for k in range(N_KINDS):
        if s.on_board[p, k] > 0:
            return True
    return False


@jit_inline
def any_military_target(s, t, c):
    for x in range(monsters_in(s, c)):
        q, j = monster_in(s, c, x)
        if military_target(s, t, q, j):
            return True
    return False


@jit_inline
def military_targets(s, t, c, piece, declared):
    """Options (player, piece, ``piece``, dice): the revealed monsters military can attack in city ``c`` (-1:
    anywhere), each with the dice already declared against it (the first ``declared`` rows of ``s.work``)."""
    n_opt = 0
    for x in range(monsters_in(s, c)):
        q, j = monster_in(s, c, x)
        if military_target(s, t, q, j):
            dice = 0
            for r in range(declared):
                dice += s.work[r, 2] if s.work[r, 0] == q and s.work[r, 1] == j else 0
            n_opt = put_option(s, n_opt, q, j, piece, dice)
    return n_opt


# ---------------------------------------------------------------- rubble

@jit_inline
def place_player_rubble(s, t, p, c, hits):
    """Own rubble for ``hits`` city damage, within the city's cap and the player's pieces.  Returns pieces placed."""
    k = rubble_room(s, t, p, c, hits)
    log(s, RUBBLE, p, c, maximum(k, 0), hits)
    if k > 0:
        s.city_rubble[p, c] += k
        s.rubble_placed[p] += k
        return k
    return 0


@jit_inline
def take_brown(s, k):
    """``k`` > 0 brown rubble pieces leave the stock for the board; when the last one goes the game ends
    (``ended_by_action``), whatever rubble comes back later in the action."""
    s.brown_rubble -= k
    if s.brown_rubble == 0:
        s.brown_gone = 1


@jit_inline
def brown_ends_it(s, t):
    """The last brown rubble piece is on the board and the game ends at that point (``brown_rubble_end``): the
    rest of the attack, fire or bombing is not played."""
    return s.brown_gone == 1 and t.brown_rubble_end == BROWN_AT_ONCE


@jit_inline
def place_neutral_rubble(s, t, c, hits):
    """Neutral rubble for collateral damage (jets, A-bomb), within the cap and (one supply) the brown stock."""
    n = t.players
    k = minimum(hits, t.city_damage_cap - city_damage(s, c))
    if t.neutral_rubble != BLACK_UNLIMITED:
        k = minimum(k, s.brown_rubble)
        if k > 0:
            take_brown(s, k)
    if hits > 0:
        log(s, RUBBLE, n, c, maximum(k, 0), hits)
    if k > 0:
        s.city_rubble[n, c] += k
        return k
    return 0


# ---------------------------------------------------------------- damage and destruction

@jit
def destroy(s, t, q, i, src, src_player):
    """Monster (q, i) leaves the board: to the attacking Moogre's box, out of the game, or back to q."""
    k = t.piece_kind[i]
    s.brown_rubble += s.box_damage[q, k]  # the damage's brown rubble returns to the stock
    s.box_damage[q, k] = 0
    if src == MOOGRE and src_player != q:
        log(s, DESTROYED, q, i, CAPTURED, src_player)
        leave_board(s, t, q, i, CAPTURED)
        s.moogre_vp[src_player] += t.damage_capacity[k]
    elif src == SRC_HERO and k == DRAKOOR and t.drakoor_killed_by_hero == OUT_OF_THE_GAME:
        log(s, DESTROYED, q, i, OUT_OF_GAME, -1)
        leave_board(s, t, q, i, OUT_OF_GAME)
    else:
        log(s, DESTROYED, q, i, AVAILABLE, -1)
        leave_board(s, t, q, i, AVAILABLE)
    if t.attack_tokens_on_kill != ON_LAST_PIECE or s.on_board[q, k] == 0:
        if s.box_attack[q, k] > 0:
            log(s, TOKENS_RETURNED, q, k, s.box_attack[q, k])
        s.stock_tokens[WHITE] += s.box_attack[q, k]
        s.box_attack[q, k] = 0
    s.lost[q, k] += 1


@jit
def damage_monster(s, t, q, i, hits, src, src_player):
    """Inflict ``hits`` damage on monster (q, i).  Returns the number of pieces destroyed.

    Damage is recorded with brown rubble in the Monster box; reaching the damage capacity destroys
    the piece (the brown rubble needed for that is assumed to exist).  Damage beyond a destroyed
    Bloob passes to another Bloob of the same owner in the city, hidden or not (``options.bloob_excess_hits``,
    for monsters' hits or every attacker's: ``options.bloob_spill_all_damage``); otherwise it is lost.
    """
    k = t.piece_kind[i]
    kills = 0
    if not can_hurt(t, k, src):
        log(s, UNHURT, q, i, src)
        return 0
    c = s.piece_city[q, i]
    spill = k == BLOOB and t.bloob_excess_hits != EXCESS_WASTED and (src <= BLOOB or t.bloob_spill_all_damage)
    while hits > 0:
        need = t.damage_capacity[k] - s.box_damage[q, k]
        if hits < need:
            add = minimum(hits, s.brown_rubble)
            if add > 0:
                s.box_damage[q, k] += add
                take_brown(s, add)
                log(s, DAMAGED, q, i, add, s.box_damage[q, k])
            if add < hits:
                log(s, DAMAGE_LOST, q, i, hits - add)
            break
        hits -= need
        destroy(s, t, q, i, src, src_player)
        kills += 1
        if not spill or hits == 0:
            break
        nxt = -1
        for j in range(t.kind_first[BLOOB], t.kind_first[BLOOB] + t.pieces[BLOOB]):
            if alive_at(s, q, j, c):
                nxt = j
                break
        if nxt < 0:
            break
        i = nxt
    return kills


# ---------------------------------------------------------------- setup

@jit
def setup(s, t):
    """Deal the secret City tiles (the rest go back unseen) and roll for the first player."""
    n = t.players
    C = t.n_cities
    tiles = s.tile_deck
    for c in range(C):
        tiles[c] = c
    for c in range(C - 1, 0, -1):  # Fisher-Yates
        j = below(c + 1, s.setup_rng)
        tiles[c], tiles[j] = tiles[j], tiles[c]
    k = 0
    for p in range(n):
        for _ in range(t.city_tiles):
            s.tile_owner[tiles[k]] = p
            log(s, TILE, p, tiles[k])
            k += 1
    s.first_player = below(n, s.setup_rng)
    s.turn = 0


# ---------------------------------------------------------------- phase one

@jit_inline
def fill_tokens(s, token, count):
    """Move up to ``count`` tokens from the stock to their Action box (the stock is the limit)."""
    k = minimum(count, s.stock_tokens[token])
    s.stock_tokens[token] -= k
    s.box_tokens[token] += k


@jit_inline
def human_available(s, t, piece):
    """A hero or military piece can be had: in the stock, or on the board where it may be pulled."""
    if s.stock_humans[piece] > 0:
        return True
    if t.pull_from_board == NEVER_PULL or piece == A_BOMB:
        return False
    if piece == JET and t.jet_after_attack != JET_STAYS:
        return False
    C = t.n_cities
    for c in range(C):
        if s.city_humans[c, piece] > 0:
            return True
    return False


@jit
def take_human(s, t, piece, chooser):
    """Take a hero or military piece from the stock, else pull one from a city of the chooser's choice.

    Returns False when none can be had.
    """
    if s.stock_humans[piece] > 0:
        s.stock_humans[piece] -= 1
        return True
    if not human_available(s, t, piece):
        return False
    C = t.n_cities
    n_opt = 0
    for c in range(C):
        if s.city_humans[c, piece] > 0:
            n_opt = put_option(s, n_opt, c, piece, 0, 0)
    c = option(s, decide(s, t, chooser, PULL, n_opt), 0)
    s.city_humans[c, piece] -= 1
    log(s, PULLED, chooser, piece, c)
    return True


@jit
def fill_military(s, t, box, dice, chooser):
    """Military box ``box`` (0 = One, 1 = Two) gets one piece per die along its progression.

    The progression cycles; a piece that cannot be had is skipped and the die goes to the next one.
    """
    L = t.progression_len[box]
    pos = 0
    for _ in range(dice):
        for _try in range(L):
            piece = t.progression[box, pos] - 1
            pos = pos + 1 if pos + 1 < L else 0
            if take_human(s, t, piece, chooser):
                s.box_military[box, piece] += 1
                break


@jit
def phase_one(s, t):
    """Fill the six Action boxes: fixed contents, then the turn track's dice placed by face."""
    turn = s.turn
    start_turn(s, turn + 1)
    first = s.first_player
    log(s, TURN, turn + 1, first)
    orange = t.orange * (t.orange_first_turn_factor if turn == 0 else 1)
    faces = s.faces
    faces[:] = 0
    for _ in range(t.turn_track_dice[turn]):
        faces[roll(s, 6) - 1] += 1
    log(s, TRACK_DICE, faces[0], faces[1], faces[2], faces[3])
    log(s, TRACK_DICE_MILITARY, faces[4], faces[5])
    fill_tokens(s, ORANGE, orange + faces[0])
    fill_tokens(s, WHITE, t.white[turn] + faces[1])
    fill_tokens(s, PURPLE, t.purple + faces[2])
    for _ in range(t.action_boxes_heroes + faces[3]):
        if take_human(s, t, HERO, first):
            s.box_heroes += 1
    for _ in range(t.action_boxes_infantry):
        if take_human(s, t, INFANTRY, first):
            s.box_military[0, INFANTRY] += 1
    fill_military(s, t, 0, faces[4], first)  # Military One before Military Two
    fill_military(s, t, 1, faces[5], first)
    log(s, BOXES, s.box_tokens[ORANGE], s.box_tokens[WHITE], s.box_tokens[PURPLE], s.box_heroes)
    m = s.box_military
    log(s, MILITARY_BOX, 0, m[0, INFANTRY], m[0, ARMOUR], m[0, JET] * 16 + m[0, A_BOMB])
    log(s, MILITARY_BOX, 1, m[1, INFANTRY], m[1, ARMOUR], m[1, JET] * 16 + m[1, A_BOMB])


# ---------------------------------------------------------------- Create/Heal

@jit_inline
def place_monster(s, t, p, k, c):
    """The Hidden counter of a kind-``k`` monster goes to city ``c``; the box's orange tokens return."""
    i = available_piece(s, t, p, k)
    enter_board(s, t, p, i, c, 1)
    log(s, CREATED, p, i, c, s.box_create[p, k])
    s.stock_tokens[ORANGE] += s.box_create[p, k]
    s.box_create[p, k] = 0
    s.created[p, k] += 1
    return i


@jit_inline
def create_token(s, t, p, k):
    """An orange token goes into Monster box ``k``; a monster whose cost is reached MUST be placed."""
    C = t.n_cities
    s.box_create[p, k] += 1
    tokens = s.box_create[p, k]
    log(s, CREATE_TOKEN, p, k, tokens, creation_cost(s, t, p, k))
    if tokens >= creation_cost(s, t, p, k):
        n_opt = 0
        for c in range(C):
            n_opt = put_option(s, n_opt, c, k, 0, 0)
        place_monster(s, t, p, k, option(s, decide(s, t, p, PLACE_MONSTER, n_opt), 0))
    elif k == BLOOB and tokens == t.bloob_spawn_cost and s.on_board[p, BLOOB] > 0:
        n_opt = put_option(s, 0, -1, 0, 0, 0)
        for c in range(C):
            near = False
            for i in range(t.kind_first[BLOOB], t.kind_first[BLOOB] + t.pieces[BLOOB]):
                if s.piece_where[p, i] == ON_BOARD and t.dist[s.piece_city[p, i], c] <= 1:
                    near = True
                    break
            if near:
                n_opt = put_option(s, n_opt, c, 0, 0, 0)
        c = option(s, decide(s, t, p, BLOOB_SPAWN, n_opt), 0)
        if c >= 0:
            place_monster(s, t, p, BLOOB, c)
        else:
            log(s, BLOOB_WAITS, p)


@jit_inline
def create_heal_options(s, t, p, n_opt):
    """Append the uses of an orange token from row ``n_opt`` on; return the next free row."""
    for u in range(orange_uses(t)):
        a, b, c, legal = orange_use(s, t, p, u)
        if legal:
            n_opt = put_option(s, n_opt, a, b, c, 0)
    return n_opt


@jit_inline
def can_create_or_heal(s, t, p):
    """An orange token has a use (``create_heal_options`` would list one)."""
    for u in range(orange_uses(t)):
        if orange_use(s, t, p, u)[3]:
            return True
    return False


@jit_inline
def do_create_heal(s, t, p):
    """Use one orange token (already taken from its box or the stock): create or heal."""
    n_opt = create_heal_options(s, t, p, 0)
    o = decide(s, t, p, CREATE_HEAL, n_opt)
    if option(s, o, 0) == 0:
        create_token(s, t, p, option(s, o, 1))
    else:
        q, k = option(s, o, 1), option(s, o, 2)
        s.stock_tokens[ORANGE] += 1
        s.box_damage[q, k] -= 1
        s.brown_rubble += 1
        log(s, HEALED, q, k, s.box_damage[q, k])


# ---------------------------------------------------------------- attacks

@jit_inline
def strike_humans(s, t, p, c, hits, at_city):
    """Hits remove armour, then infantry (then jets staying in cities), then heroes; the rest damage the city."""
    for piece in CASUALTY_ORDER:
        k = minimum(hits, s.city_humans[c, piece])
        s.city_humans[c, piece] -= k
        s.stock_humans[piece] += k
        hits -= k
        if k > 0:
            log(s, HUMANS_LOST, c, piece, k)
    if at_city and hits > 0:
        place_player_rubble(s, t, p, c, hits)


@jit
def target_options(s, t, p, i, n_opt):
    """Append the legal targets of monster (p, i): monsters, the humans, the city."""
    k = t.piece_kind[i]
    c = s.piece_city[p, i]
    for x in range(monsters_in(s, c)):
        q, j = monster_in(s, c, x)
        if q != p and may_attack(s, t, k, q, j):
            n_opt = put_option(s, n_opt, i, TT_MONSTER, q, j)
    if humans_in(s, c) > 0:
        n_opt = put_option(s, n_opt, i, TT_HUMANS, 0, c)
    if t.damages_cities[k] == 1:
        n_opt = put_option(s, n_opt, i, TT_CITY, 0, c)
    return n_opt


@jit_inline
def strike_monster(s, t, p, k, dice, q, j):
    """A monster of kind ``k`` rolls ``dice`` against monster (q, j)."""
    h = count_hits(s, t, dice)
    log(s, MONSTER_ROLLS, p, k, dice, h)
    damage_monster(s, t, q, j, h, k, p)


@jit_inline
def kiddoo_join(s, t, p, c):
    """Kiddoo may join an attack in its city, striking first.  Returns its dice (0: it stays out) and piece."""
    if s.kiddoo_joined == 1:
        return 0, -1
    kd = -1
    for i in range(t.kind_first[KIDDOO], t.kind_first[KIDDOO] + t.pieces[KIDDOO]):
        if alive_at(s, p, i, c) and (s.piece_hidden[p, i] == 0 or t.kiddoo_joins != REVEALED_ONLY):
            kd = i
            break
    if kd < 0:
        return 0, -1
    hidden = s.piece_hidden[p, kd]
    n_opt = put_option(s, 0, -1, hidden, 0, 0)
    for j in range(s.box_attack[p, KIDDOO] + 1):
        n_opt = put_option(s, n_opt, j, hidden, 0, 0)
    j = option(s, decide(s, t, p, KIDDOO_JOIN, n_opt), 0)
    if j < 0:
        return 0, -1
    s.kiddoo_joined = 1
    log(s, KIDDOO_JOINED, p, kd, j, kiddoo_dice(t, j))
    if s.piece_hidden[p, kd] == 1:
        log(s, REVEALED, p, kd)
    s.piece_hidden[p, kd] = 0
    s.box_attack[p, KIDDOO] -= j
    s.stock_tokens[WHITE] += j
    return kiddoo_dice(t, j), kd


@jit
def resolve_attack(s, t, p, i, ttype, q, j, dice):
    """Monster (p, i) attacks with ``dice`` dice: a monster (q, j), the humans, or the city (j = city)."""
    k = t.piece_kind[i]
    c = s.piece_city[p, i]
    log(s, ATTACKS, i, ttype, q, j)
    if s.piece_hidden[p, i] == 1:
        log(s, REVEALED, p, i)
    s.piece_hidden[p, i] = 0  # attacking reveals the monster
    s.attacker, s.target_type = i, ttype  # a joining Kiddoo's policy reads the attack
    s.target_player, s.target_piece = -1, -1
    if ttype == TT_MONSTER:
        s.target_player, s.target_piece = q, j
    kdice, kpiece = 0, -1
    joined = k != KIDDOO and (ttype != TT_MONSTER or k == MOOGRE or t.kiddoo_against_monsters != MOOGRE_ONLY)
    if joined:
        kdice, kpiece = kiddoo_join(s, t, p, c)
    if ttype == TT_MONSTER:
        if s.piece_hidden[q, j] == 1:
            log(s, REVEALED, q, j)
        s.piece_hidden[q, j] = 0  # a target is revealed (Shaggoo may attack a hidden one)
        if kdice > 0 and alive_at(s, q, j, c):
            strike_monster(s, t, p, KIDDOO, kdice, q, j)
        if alive_at(s, q, j, c) and not brown_ends_it(s, t):
            strike_monster(s, t, p, k, dice, q, j)
        return
    if kdice > 0:  # Kiddoo strikes first, even before armour fires
        h = count_hits(s, t, kdice)
        log(s, MONSTER_ROLLS, p, KIDDOO, kdice, h)
        strike_humans(s, t, p, c, h, kiddoo_wrecks(t, ttype))
    armour = s.city_humans[c, ARMOUR]
    if armour > 0:
        h = count_hits(s, t, armour * t.armour_dice)
        log(s, ARMOUR_FIRES, c, armour, armour * t.armour_dice, h)
        damage_monster(s, t, p, i, h, SRC_MILITARY, -1)
    if not alive_at(s, p, i, c) or brown_ends_it(s, t):
        return
    h = count_hits(s, t, dice)
    log(s, MONSTER_ROLLS, p, k, dice, h)
    strike_humans(s, t, p, c, h, ttype == TT_CITY)
    infantry = s.city_humans[c, INFANTRY]
    if infantry > 0:  # surviving infantry return fire
        h = count_hits(s, t, infantry * t.infantry_dice)
        log(s, INFANTRY_FIRES, c, infantry, infantry * t.infantry_dice, h)
        damage_monster(s, t, p, i, h, SRC_MILITARY, -1)


@jit_inline
def has_attack(s, t, p, k):
    """Some piece of kind ``k`` on the board has a legal target."""
    for i in range(t.kind_first[k], t.kind_first[k] + t.pieces[k]):
        if s.piece_where[p, i] == ON_BOARD and target_options(s, t, p, i, SCRATCH) > SCRATCH:
            return True
    return False


@jit
def do_attack(s, t, p):
    """Use one white token: store it in a Monster box with a piece on the board, then maybe attack."""
    n_opt = 0
    for k in range(N_KINDS):
        if s.on_board[p, k] > 0:
            n_opt = put_option(s, n_opt, k, 0, 0, 0)
    k = option(s, decide(s, t, p, ATTACK_BOX, n_opt), 0)
    s.box_attack[p, k] += 1
    log(s, WHITE_TOKEN, p, k, s.box_attack[p, k])
    s.attack_kind = k
    n_opt = put_option(s, 0, 0, 0, 0, 0)
    if has_attack(s, t, p, k):
        for j in range(1, s.box_attack[p, k] + 1):
            n_opt = put_option(s, n_opt, j, 0, 0, 0)
    spend = option(s, decide(s, t, p, ATTACK_SPEND, n_opt), 0)
    if spend == 0:
        return
    s.box_attack[p, k] -= spend
    s.stock_tokens[WHITE] += spend
    dice = spend * t.attack_dice[k]
    log(s, ATTACK, p, k, spend, dice)
    s.attack_dice = dice
    s.kiddoo_joined = 0
    if k != BLOOB:
        n_opt = 0
        for i in range(t.kind_first[k], t.kind_first[k] + t.pieces[k]):
            if s.piece_where[p, i] == ON_BOARD:
                n_opt = target_options(s, t, p, i, n_opt)
        o = decide(s, t, p, ATTACK_TARGET, n_opt)
        resolve_attack(s, t, p, option(s, o, 0), option(s, o, 1), option(s, o, 2), option(s, o, 3), dice)
        return
    # Bloobs: each Bloob on the board may attack once, with its own target, in an order of the owner's choosing
    attacked = 0  # bit mask of Bloob pieces that have attacked
    first = t.kind_first[BLOOB]
    while True:
        n_opt = 0
        if attacked != 0:
            n_opt = put_option(s, 0, -1, 0, 0, 0)
        for i in range(first, first + t.pieces[BLOOB]):
            if s.piece_where[p, i] == ON_BOARD and (attacked >> (i - first)) & 1 == 0:
                n_opt = target_options(s, t, p, i, n_opt)
        if n_opt == 0:
            break
        o = decide(s, t, p, ATTACK_TARGET, n_opt)
        i = option(s, o, 0)
        if i < 0:
            break
        attacked |= 1 << (i - first)
        resolve_attack(s, t, p, i, option(s, o, 1), option(s, o, 2), option(s, o, 3), dice)
        if s.brown_gone == 1:  # the game ends with this action: no further Bloob attacks
            break


# ---------------------------------------------------------------- Move/Hide

@jit_inline
def do_move_hide(s, t, p):
    """Use one purple token: move or hide one monster; twice with Spectoor on the board (the second move may
    bring a monster back where the first took it from, unless ``options.spectoor_move_back`` is false)."""
    times = 2 if s.on_board[p, SPECTOOR] > 0 else 1
    moved, start = -1, -1  # the piece moved first and the city it left, when it may not go back there
    for _ in range(times):
        n_opt = 0
        for b in range(s.monsters):  # the board index: the player's pieces in order
            if s.board_player[b] != p:
                continue
            i = s.board_piece[b]
            k, c0 = t.piece_kind[i], s.piece_city[p, i]
            for x in range(t.move_count[k, c0]):
                if i != moved or t.moves[k, c0, x] != start:
                    n_opt = put_option(s, n_opt, i, t.moves[k, c0, x], 0, 0)
            if s.piece_hidden[p, i] == 0:
                n_opt = put_option(s, n_opt, i, -1, 0, 0)
        if n_opt == 0:
            break
        o = decide(s, t, p, MOVE, n_opt)
        i, c = option(s, o, 0), option(s, o, 1)
        if c < 0:
            log(s, HIDDEN, p, i, s.piece_city[p, i])
            s.piece_hidden[p, i] = 1
        else:
            log(s, MOVED, p, i, s.piece_city[p, i], c)
            if not t.spectoor_move_back:
                moved, start = i, s.piece_city[p, i]
            move_monster(s, p, i, c)


# ---------------------------------------------------------------- heroes and military

@jit_inline
def choose_city(s, t, p, purpose):
    n_opt = 0
    for c in range(t.n_cities):
        n_opt = put_option(s, n_opt, c, purpose, 0, 0)
    return option(s, decide(s, t, p, CITY, n_opt), 0)


@jit
def military_attack(s, t, p, c):
    """Every armour and infantry piece in city ``c`` attacks a revealed monster the active player picks.

    The targets are declared before any die is rolled; dice against one target are rolled together.
    """
    if not any_military_target(s, t, c):
        return
    w = 0  # s.work rows: (player, piece, dice)
    for piece in (ARMOUR, INFANTRY):
        per = military_dice(t, piece)
        for _ in range(s.city_humans[c, piece]):
            o = decide(s, t, p, MILITARY_TARGET, military_targets(s, t, c, piece, w))
            q, j = option(s, o, 0), option(s, o, 1)
            found = False
            for r in range(w):
                if s.work[r, 0] == q and s.work[r, 1] == j:
                    s.work[r, 2] += per
                    found = True
            if not found:
                s.work[w, 0] = q
                s.work[w, 1] = j
                s.work[w, 2] = per
                w += 1
    for r in range(w):
        q, j = s.work[r, 0], s.work[r, 1]
        h = count_hits(s, t, s.work[r, 2])
        log(s, MILITARY_FIRE, q, j, s.work[r, 2], h)
        if alive_at(s, q, j, c):
            damage_monster(s, t, q, j, h, SRC_MILITARY, -1)
        if brown_ends_it(s, t):
            return


@jit
def place_hero(s, t, p, c):
    """A hero arrives in ``c``: reveal rolls, the heroes' attack on revealed Drakoors, then the military attack."""
    before = s.city_humans[c, HERO]
    s.city_humans[c, HERO] += 1
    log(s, HERO_ARRIVES, c, before + 1)
    dice = t.reveal_dice + t.reveal_dice_per_hero * before
    for x in range(monsters_in(s, c)):
        q, j = monster_in(s, c, x)
        if s.piece_hidden[q, j] == 1:
            h = count_hits(s, t, dice)
            log(s, REVEAL_ROLL, q, j, dice, h)
            if h > 0:
                s.piece_hidden[q, j] = 0
    h = count_hits(s, t, s.city_humans[c, HERO])
    log(s, HEROES_FIRE, c, s.city_humans[c, HERO], h)
    for _ in range(h):
        n_opt = 0
        for x in range(monsters_in(s, c)):
            q, j = monster_in(s, c, x)
            if t.piece_kind[j] == DRAKOOR and s.piece_hidden[q, j] == 0:
                n_opt = put_option(s, n_opt, q, j, 0, 0)
        if n_opt == 0:
            break
        o = decide(s, t, p, DRAKOOR_KILL, n_opt)
        destroy(s, t, option(s, o, 0), option(s, o, 1), SRC_HERO, -1)
    military_attack(s, t, p, c)


@jit
def fly_jet(s, t, p):
    """A jet attacks a revealed monster of the player's choice: 4 dice, each 1 is collateral city damage."""
    o = decide(s, t, p, MILITARY_TARGET, military_targets(s, t, -1, JET, 0))
    q, j = option(s, o, 0), option(s, o, 1)
    c = s.piece_city[q, j]
    h = 0
    collateral = 0
    for _ in range(t.jet_dice):
        f = roll(s, 6)
        if f >= t.hit_on:
            h += 1
        if f <= t.jet_collateral_face:
            collateral += 1
    log(s, JET_ATTACKS, q, j, h, collateral)
    damage_monster(s, t, q, j, h, SRC_MILITARY, -1)
    if not brown_ends_it(s, t):
        place_neutral_rubble(s, t, c, collateral)
    if t.jet_with_city_military and not brown_ends_it(s, t):
        military_attack(s, t, p, c)
    if t.jet_after_attack == JET_STAYS:
        s.city_humans[c, JET] += 1
    else:
        s.stock_humans[JET] += 1


@jit
def drop_a_bomb(s, t, p, c):
    """Clear the city's humans, 8 dice against each monster (hidden ones stay hidden), 8 dice against the city."""
    log(s, A_BOMB_FALLS, c, humans_in(s, c))
    for piece in (INFANTRY, ARMOUR, JET, HERO):
        s.stock_humans[piece] += s.city_humans[c, piece]
        s.city_humans[c, piece] = 0
    w = monsters_in(s, c)
    for x in range(w):  # a copy: the list changes as they are destroyed
        s.work[x, 0], s.work[x, 1] = monster_in(s, c, x)
    for r in range(w):
        q, j = s.work[r, 0], s.work[r, 1]
        if alive_at(s, q, j, c):
            h = count_hits(s, t, t.a_bomb_dice)
            log(s, A_BOMB_ROLL, q, j, h)
            damage_monster(s, t, q, j, h, SRC_A_BOMB, -1)
        if brown_ends_it(s, t):
            break
    if not brown_ends_it(s, t):
        place_neutral_rubble(s, t, c, count_hits(s, t, t.a_bomb_dice))
    s.stock_humans[A_BOMB] += 1


@jit
def use_military(s, t, p, piece):
    """Place the military piece just taken (it is in the player's hand)."""
    if piece == JET:
        fly_jet(s, t, p)
    elif piece == A_BOMB:
        drop_a_bomb(s, t, p, choose_city(s, t, p, FOR_A_BOMB))
    else:
        c = choose_city(s, t, p, FOR_INFANTRY if piece == INFANTRY else FOR_ARMOUR)
        s.city_humans[c, piece] += 1
        log(s, MILITARY_PLACED, piece, c)
        military_attack(s, t, p, c)


# ---------------------------------------------------------------- the action phase

@jit_inline
def can_use_token(s, t, p, token):
    if token == ORANGE:
        return can_create_or_heal(s, t, p)
    return any_on_board(s, p)


@jit_inline
def can_use_military(s, t, piece):
    return piece != JET or any_military_target(s, t, -1)


@jit_inline
def pass_action_possible(s, t, p, box):
    """The action of the box holding the Pass marker can be done from the stock (or the board, for military: Action
    Six pulls a missing piece 'in both latter cases', Military One and Two)."""
    if box <= BOX_PURPLE:
        return s.stock_tokens[box] > 0 and can_use_token(s, t, p, box)
    if box == BOX_HERO:
        return s.stock_humans[HERO] > 0
    return human_available(s, t, INFANTRY if box == BOX_MILITARY_ONE else ARMOUR)


@jit
def use_token(s, t, p, token):
    if token == ORANGE:
        do_create_heal(s, t, p)
    elif token == WHITE:
        do_attack(s, t, p)
    else:
        s.stock_tokens[PURPLE] += 1  # used at once, back to the stock
        do_move_hide(s, t, p)


@jit
def player_action(s, t, p):
    """One action of player ``p``.  Returns True when it counts as a pass."""
    n_opt = 0
    for token in (ORANGE, WHITE, PURPLE):  # the token boxes come first (the scripted policies rely on it)
        if s.box_tokens[token] > 0 and can_use_token(s, t, p, token):
            n_opt = put_option(s, n_opt, A_ORANGE + token, token, 0, 0)
    if s.box_heroes > 0:
        n_opt = put_option(s, n_opt, A_HERO, 0, 0, 0)
    for box in range(2):
        for piece in range(4):
            if s.box_military[box, piece] > 0 and can_use_military(s, t, piece):
                n_opt = put_option(s, n_opt, A_MILITARY, box, piece, 0)
    if s.pass_box[p] == IN_HAND:  # the placements come last (the scripted policies rely on it)
        if s.pass_taken_back[p] == 0 or t.pass_marker_again:  # taken back: not again this turn (option)
            for box in range(6):
                n_opt = put_option(s, n_opt, A_PLACE_PASS, box, 0, 0)
    elif pass_action_possible(s, t, p, s.pass_box[p]):
        n_opt = put_option(s, n_opt, A_REMOVE_PASS, s.pass_box[p], 0, 0)
    if n_opt == 0:  # the marker is out and its action impossible: a plain pass
        n_opt = put_option(s, n_opt, A_NOTHING, 0, 0, 0)
    o = decide(s, t, p, ACTION, n_opt)
    code, a, b = option(s, o, 0), option(s, o, 1), option(s, o, 2)
    log(s, ACTION_TAKEN, p, code, a, b)
    if code <= A_PURPLE:
        s.box_tokens[a] -= 1
        use_token(s, t, p, a)
        return False
    if code == A_HERO:
        s.box_heroes -= 1
        place_hero(s, t, p, choose_city(s, t, p, FOR_HERO))
        return False
    if code == A_MILITARY:
        s.box_military[a, b] -= 1
        use_military(s, t, p, b)
        return False
    if code == A_PLACE_PASS:
        s.pass_box[p] = a
        return True
    if code == A_REMOVE_PASS:  # the box's action, with a token or piece from the stock (or the board)
        s.pass_box[p] = IN_HAND
        s.pass_taken_back[p] = 1
        if a <= BOX_PURPLE:
            s.stock_tokens[a] -= 1
            use_token(s, t, p, a)
        elif a == BOX_HERO:
            take_human(s, t, HERO, p)
            place_hero(s, t, p, choose_city(s, t, p, FOR_HERO))
        else:
            piece = INFANTRY if a == BOX_MILITARY_ONE else ARMOUR
            take_human(s, t, piece, p)
            use_military(s, t, p, piece)
        return True
    return True


@jit_inline
def ended_by_action(s, t, p):
    """The game ends at once when the last brown rubble piece went onto the board in the action (even if some
    came back later in it), or (option) when ``p`` placed all its rubble."""
    if s.brown_gone == 1:
        return BROWN_RUBBLE_GONE
    if t.rubble_end_timing != AT_END_OF_TURN and rubble_left(s, t, p) <= 0:
        return ALL_RUBBLE_PLACED
    return NOT_OVER


@jit
def phase_two(s, t):
    """Clockwise from the first player until every player has passed in succession.  Returns an end reason."""
    n = t.players
    p = s.first_player
    passes = 0
    while passes < n:
        start_turn(s, ACTION_DICE + s.actions)
        passed = player_action(s, t, p)
        s.actions += 1
        passes = passes + 1 if passed else 0
        reason = ended_by_action(s, t, p)
        if reason != NOT_OVER:
            return reason
        p = p + 1 if p + 1 < n else 0
    return NOT_OVER


@jit
def phase_three(s, t):
    """Clear the Action boxes (Pass markers return unless they stay); True when a player placed all rubble."""
    for token in range(3):
        s.stock_tokens[token] += s.box_tokens[token]
        s.box_tokens[token] = 0
    s.stock_humans[HERO] += s.box_heroes
    s.box_heroes = 0
    for box in range(2):
        for piece in range(4):
            s.stock_humans[piece] += s.box_military[box, piece]
            s.box_military[box, piece] = 0
    if t.pass_marker_end_of_turn != PASS_STAYS:
        s.pass_box[:] = IN_HAND
    s.pass_taken_back[:] = 0
    return all_rubble_placed(s, t)


# ---------------------------------------------------------------- scoring

@jit
def score(s, t):
    """Victory points by source into ``s.vp`` and totals into ``s.scores``."""
    n = t.players
    C = t.n_cities
    s.vp[:, :] = 0
    for c in range(C):
        if s.tile_owner[c] >= 0:
            s.vp[s.tile_owner[c], VP_TILES] += tile_vp(t, city_damage(s, c))
        for r in range(n):
            s.vp[r, VP_RUBBLE] += rubble_vp(s, t, c, r, -1, 0)
    for p in range(n):
        for i in range(t.kind_first[DRAKOOR], t.kind_first[DRAKOOR] + t.pieces[DRAKOOR]):
            if s.piece_where[p, i] == ON_BOARD:
                others = monsters_in(s, s.piece_city[p, i]) - 1
                s.vp[p, VP_DRAKOOR] += drakoor_vp(t, others)
        s.vp[p, VP_MOOGRE] = s.moogre_vp[p]
        s.scores[p] = s.vp[p, VP_TILES] + s.vp[p, VP_RUBBLE] + s.vp[p, VP_DRAKOOR] + s.vp[p, VP_MOOGRE]
        log(s, VP, p, s.vp[p, VP_TILES], s.vp[p, VP_RUBBLE], s.vp[p, VP_DRAKOOR])
        log(s, VP_MORE, p, s.vp[p, VP_MOOGRE], s.scores[p])


@jit
def tie_key(s, t, p, level):
    """Tie-breakers in order: cities with own rubble, monsters on the board, rubble pieces on the board."""
    if level == 0:
        k = 0
        for c in range(t.n_cities):
            if s.city_rubble[p, c] > 0:
                k += 1
        return k
    if level == 1:
        k = 0
        for kind in range(N_KINDS):
            k += s.on_board[p, kind]
        return k
    return s.rubble_placed[p]


@jit
def winner(s, t):
    """The seat with the most VP after the tie-breakers, or -1 (a tie)."""
    n = t.players
    best = 0
    for p in range(n):
        best = maximum(best, s.scores[p])
    tied = 0  # bit p: seat p is still tied for the lead
    for p in range(n):
        if s.scores[p] == best:
            tied |= 1 << p
    for level in range(3):
        m = -1
        for p in range(n):
            if tied >> p & 1:
                key = tie_key(s, t, p, level)
                log(s, TIE, level, p, key)
                m = maximum(m, key)
        for p in range(n):
            if tied >> p & 1 and tie_key(s, t, p, level) < m:
                tied &= ~(1 << p)
    w = -1
    for p in range(n):
        if tied >> p & 1:
            if w >= 0:
                return -1
            w = p
    return w


# ---------------------------------------------------------------- the game

@jit
def play_game(s, t):
    """Play one game from the start.  Returns (winner or -1, end reason, turns played)."""
    n = t.players
    reset(s, t)
    policies.new_game(s)
    setup(s, t)
    reason = TURNS_PLAYED
    turns = 0
    for turn in range(t.turns):
        s.turn = turn
        turns = turn + 1
        phase_one(s, t)
        r = phase_two(s, t)
        all_rubble = phase_three(s, t)
        score(s, t)
        track_lead(s.lead, s.scores, n, turns)
        score_turn(s, s.scores, n, turns)
        if r != NOT_OVER:
            reason = r
            break
        if all_rubble:
            reason = ALL_RUBBLE_PLACED
            break
        s.first_player = s.first_player + 1 if s.first_player + 1 < n else 0
    w = winner(s, t)
    log(s, GAME_ENDS, reason, turns, w)
    return w, reason, turns


@jit_inline
def write_record(rec, g, col, s, t, w, reason, turns):
    """Game ``g``'s row: the common columns, then the game's own by name."""
    n = t.players
    finish_record(rec, g, col, n, w, reason, turns, s.scores, s.lead)
    rec[g, col.actions] = s.actions
    for p in range(n):
        rec[g, col.vp_city_tiles[p]] = s.vp[p, VP_TILES]
        rec[g, col.vp_rubble[p]] = s.vp[p, VP_RUBBLE]
        rec[g, col.vp_drakoor[p]] = s.vp[p, VP_DRAKOOR]
        rec[g, col.vp_moogre[p]] = s.vp[p, VP_MOOGRE]
        rec[g, col.rubble_placed[p]] = s.rubble_placed[p]
        rec[g, col.created_mechoor[p]] = s.created[p, MECHOOR]
        rec[g, col.created_moogre[p]] = s.created[p, MOOGRE]
        rec[g, col.created_spectoor[p]] = s.created[p, SPECTOOR]
        rec[g, col.created_kiddoo[p]] = s.created[p, KIDDOO]
        rec[g, col.created_shaggoo[p]] = s.created[p, SHAGGOO]
        rec[g, col.created_drakoor[p]] = s.created[p, DRAKOOR]
        rec[g, col.created_bloob[p]] = s.created[p, BLOOB]
        rec[g, col.lost_mechoor[p]] = s.lost[p, MECHOOR]
        rec[g, col.lost_moogre[p]] = s.lost[p, MOOGRE]
        rec[g, col.lost_spectoor[p]] = s.lost[p, SPECTOOR]
        rec[g, col.lost_kiddoo[p]] = s.lost[p, KIDDOO]
        rec[g, col.lost_shaggoo[p]] = s.lost[p, SHAGGOO]
        rec[g, col.lost_drakoor[p]] = s.lost[p, DRAKOOR]
        rec[g, col.lost_bloob[p]] = s.lost[p, BLOOB]


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
        w, reason, turns = play_game(s, t)
        write_record(rec, g, col, s, t, w, reason, turns)
        keep_turn_scores(s, timelines, first_game + g, first_game, every, t.players)
    return rec
