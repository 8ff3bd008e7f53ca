"""Moongha Invaders: the rules as numba kernels over ``state.State``.

A turn: phase one fills the six Action boxes (fixed contents, then the turn track's dice by face,
within the supplies); phase two goes clockwise from the first player, one action each, until every
player has passed in succession; phase three clears the boxes, checks the end and passes the First
Player marker left.  Every choice is a decision point: the legal options go into ``s.options`` and
``decide`` asks the seat's policy (or takes the next scripted choice, for the tests).  Dice, the
tiles' shuffle and the policies' random choices draw from the generator in the state (``s.rng``):
``play_batch`` copies the batch's generator in before its games and back out after them.
"""

import numpy as np
from numba import njit

from balance.games.moongha import policies as P
from balance.games.moongha.state import (
    ARMOUR, AVAILABLE, A_BOMB, BLOOB, BOX_HERO, BOX_MILITARY_ONE, BOX_PURPLE, BROWN_AHEAD, BROWN_LEVEL, CAPTURED,
    DRAKOOR, HERO, INFANTRY, IN_HAND, I_ACTIONS, I_ATTACK_DICE, I_ATTACK_KIND, I_BROWN, I_BROWN_GONE, I_DECISIONS,
    I_FC_LEN, I_FC_POS, I_FD_LEN, I_FD_POS, I_FIRST, I_STANDING, I_KIDDOO_JOINED, I_MONSTERS, I_TURN, JET, KIDDOO,
    MAX_CITIES, MAX_OPTIONS, MAX_PARAMS, MAX_PIECES, MAX_PLAYERS, MOOGRE, M_CAPACITY, M_DAMAGES_CITIES, M_DICE,
    M_MOVEMENT, M_PIECES, N_KINDS, N_R, ON_BOARD, ORANGE, OUT_OF_GAME, O_A_BOMB_HURTS_DRAKOOR, O_BLACK_UNLIMITED,
    O_BLOOB_EXCESS_WASTED, O_BLOOB_SPILL_ALL, O_BROWN_TIES, O_DRAKOOR_OUT, O_HEAL_ANY, O_JET_STAYS, O_JET_WITH_MILITARY,
    O_KIDDOO_REVEALED_ONLY, O_NEVER_PULL, O_PASS_AGAIN, O_PASS_STAYS, O_RUBBLE_END_OF_TURN, O_SPECTOOR_NO_MOVE_BACK,
    O_TOKENS_LAST_PIECE, PLAYERS_AHEAD, PURPLE, R_ARMOUR_DICE, R_A_BOMB_DICE, R_BLOOB_SPAWN, R_BROWN_RUBBLE, R_CITIES,
    R_CITY_CAP, R_DRAKOOR_PER_MONSTER, R_DRAKOOR_STEP, R_DRAKOOR_VP, R_HEROES_PER_TURN, R_HIT_ON, R_INFANTRY_DICE,
    R_INFANTRY_PER_TURN, R_JET_COLLATERAL, R_JET_DICE, R_KIDDOO_MIN_DICE, R_MAJORITY_VP, R_ORANGE,
    R_ORANGE_FIRST_FACTOR, R_PIECES, R_PLAYERS, R_PLAYER_RUBBLE, R_PURPLE, R_REVEAL_DICE, R_REVEAL_PER_HERO,
    R_SECOND_VP, R_SUP_ARMOUR, R_SUP_A_BOMB, R_SUP_HERO, R_SUP_INFANTRY, R_SUP_JET, R_SUP_ORANGE, R_SUP_PURPLE,
    R_SUP_WHITE, R_TIED_VP, R_TILES, R_TURNS, SPECTOOR, SRC_A_BOMB, SRC_HERO, SRC_MILITARY, TABLES, VP_DRAKOOR,
    VP_MOOGRE, VP_RUBBLE, VP_TILES, WHITE, alive_at, city_damage, creation_cost, enter_board, may_attack, option,
    pack_option, monster_in, monsters_in, move_monster, humans_in, military_target, leave_board, new_state,
    python_record, record, reset, can_hurt, rubble_standing,
)
from balance.sim.dice import below, die
from balance.sim.kernel import jit, jit_inline, maximum, minimum
from balance.sim.record import N_COMMON, finish_record, new_records, seat_col, track_lead

# ---------------------------------------------------------------- record layout and end reasons
END_REASONS = ("turns_played", "all_rubble_placed", "brown_rubble_gone")
TURNS_PLAYED, ALL_RUBBLE_PLACED, BROWN_RUBBLE_GONE = range(3)
NOT_OVER = -1
MONSTER_NAMES = ("mechoor", "moogre", "spectoor", "kiddoo", "shaggoo", "drakoor", "bloob")
GAME_COLUMNS = ("actions",)
SEAT_COLUMNS = (("vp_city_tiles", "vp_rubble", "vp_drakoor", "vp_moogre", "rubble_placed")
                + tuple(f"created_{m}" for m in MONSTER_NAMES) + tuple(f"lost_{m}" for m in MONSTER_NAMES))
SCORE_COMPONENTS = ("vp_city_tiles", "vp_rubble", "vp_drakoor", "vp_moogre")

# top-level action codes A_*, attack target types TT_* and CITY purposes FOR_* (defined with the decisions)
from balance.games.moongha.policies import (  # noqa: E402
    A_HERO, A_MILITARY, A_NOTHING, A_ORANGE, A_PLACE_PASS, A_PURPLE, A_REMOVE_PASS, FOR_A_BOMB, FOR_ARMOUR,
    FOR_HERO, FOR_INFANTRY, TT_CITY, TT_HUMANS, TT_MONSTER,
)
# checks for "is there any legal option" enumerate here, past the options of the decision being built
SCRATCH = MAX_OPTIONS // 2


# ---------------------------------------------------------------- rules -> arrays

def to_arrays(rules, players):
    """The rules as the kernel's argument: ``(tables,)``, a one-record array of ``state.TABLES``."""
    from balance.games.moongha.rules import MONSTERS  # noqa: F401

    m, b, tt, ab, sup, cb, sc, op = (rules.monsters, rules.board, rules.turn_track, rules.action_boxes,
                                     rules.supplies, rules.combat, rules.scoring, rules.options)
    C = len(b.cities)
    monster = np.array([[x.cost, x.damage_capacity, x.movement, x.attack_dice, int(x.damages_cities), x.pieces]
                        for x in m.table()], np.int64)
    dist = np.full((C, C), 10**6, np.int64)
    for c in range(C):
        dist[c, c] = 0
    for a, c in rules.connection_pairs():
        dist[a, c] = dist[c, a] = min(dist[a, c], 1)
    for k in range(C):  # Floyd-Warshall: shortest paths are simple, so 1 <= dist <= movement is a legal move
        dist = np.minimum(dist, dist[:, k:k + 1] + dist[k:k + 1, :])
    sets = sup.sets_in_box if sup.token_supply == "all_sets" else players
    R = np.zeros(N_R, np.int64)
    R[R_PLAYERS] = players
    R[R_CITIES] = C
    R[R_CITY_CAP] = b.city_damage_cap
    R[R_TURNS] = tt.turns_3_players if players == 3 else tt.turns_4_players
    R[R_TILES] = rules.city_tiles_3_players if players == 3 else rules.city_tiles_4_players
    R[R_ORANGE] = ab.orange_3_players if players == 3 else ab.orange_4_players
    R[R_ORANGE_FIRST_FACTOR] = ab.orange_first_turn_factor
    R[R_PURPLE] = ab.purple_3_players if players == 3 else ab.purple_4_players
    R[R_HEROES_PER_TURN] = ab.heroes
    R[R_INFANTRY_PER_TURN] = ab.infantry
    R[R_SUP_ORANGE] = sets * sup.orange_per_set
    R[R_SUP_WHITE] = sets * sup.white_per_set
    R[R_SUP_PURPLE] = sets * sup.purple_per_set
    R[R_SUP_INFANTRY] = sup.infantry
    R[R_SUP_ARMOUR] = sup.armour
    R[R_SUP_JET] = sup.jets
    R[R_SUP_A_BOMB] = sup.a_bombs
    R[R_SUP_HERO] = sup.heroes
    R[R_PLAYER_RUBBLE] = sup.player_rubble
    R[R_BROWN_RUBBLE] = sup.brown_rubble
    R[R_HIT_ON] = cb.hit_on
    R[R_INFANTRY_DICE] = cb.infantry_dice
    R[R_ARMOUR_DICE] = cb.armour_dice
    R[R_JET_DICE] = cb.jet_dice
    R[R_JET_COLLATERAL] = cb.jet_collateral_face
    R[R_A_BOMB_DICE] = cb.a_bomb_dice
    R[R_REVEAL_DICE] = cb.reveal_dice
    R[R_REVEAL_PER_HERO] = cb.reveal_dice_per_hero
    R[R_KIDDOO_MIN_DICE] = cb.kiddoo_min_dice
    R[R_BLOOB_SPAWN] = m.bloob_spawn_cost
    R[R_DRAKOOR_STEP] = m.drakoor_cost_per_drakoor
    R[R_MAJORITY_VP] = sc.majority_vp
    R[R_TIED_VP] = sc.tied_majority_vp
    R[R_SECOND_VP] = sc.second_vp
    R[R_DRAKOOR_VP] = sc.drakoor_vp
    R[R_DRAKOOR_PER_MONSTER] = sc.drakoor_vp_per_monster
    R[R_PIECES] = int(monster[:, M_PIECES].sum())
    R[O_BLACK_UNLIMITED] = op.neutral_rubble == "black_unlimited"
    R[O_JET_STAYS] = op.jet_after_attack == "city"
    R[O_NEVER_PULL] = op.pull_from_board == "never"
    R[O_PASS_STAYS] = op.pass_marker_end_of_turn == "stays"
    R[O_RUBBLE_END_OF_TURN] = op.rubble_end_timing == "end_of_turn"
    R[O_DRAKOOR_OUT] = op.drakoor_killed_by_hero == "out_of_game"
    R[O_TOKENS_LAST_PIECE] = op.attack_tokens_on_kill == "last_piece"
    R[O_HEAL_ANY] = op.heal_target == "any"
    R[O_KIDDOO_REVEALED_ONLY] = op.kiddoo_joins == "revealed_only"
    R[O_JET_WITH_MILITARY] = op.jet_with_city_military
    R[O_BLOOB_SPILL_ALL] = op.bloob_spill_all_damage
    R[O_A_BOMB_HURTS_DRAKOOR] = op.a_bomb_hurts_drakoor
    R[O_PASS_AGAIN] = op.pass_marker_again
    R[O_BLOOB_EXCESS_WASTED] = op.bloob_excess_hits == "wasted"
    R[O_SPECTOOR_NO_MOVE_BACK] = not op.spectoor_move_back
    R[O_BROWN_TIES] = {"level": BROWN_LEVEL, "brown_ahead": BROWN_AHEAD,
                       "players_ahead": PLAYERS_AHEAD}[op.brown_rubble_ties]
    tables = np.zeros(1, TABLES)
    t = tables[0]
    t["R"] = R
    t["monster"] = monster
    t["dist"][:C, :C] = dist
    for k in range(N_KINDS):
        for c0 in range(C):
            to = [c for c in range(C) if c != c0 and dist[c0, c] <= monster[k, M_MOVEMENT]]
            t["moves"][k, c0, :len(to)] = to
            t["move_count"][k, c0] = len(to)
    t["white"][:len(tt.white)] = tt.white
    t["dice"][:len(tt.dice)] = tt.dice
    t["progression"][0, :len(ab.military_one)] = ab.military_one
    t["progression"][1, :len(ab.military_two)] = ab.military_two
    t["progression_len"] = len(ab.military_one), len(ab.military_two)
    t["tile_vp"][:len(sc.city_tile_vp)] = sc.city_tile_vp
    t["kind_first"] = np.cumsum(monster[:, M_PIECES]) - monster[:, M_PIECES]
    t["piece_kind"][:R[R_PIECES]] = np.repeat(np.arange(N_KINDS), monster[:, M_PIECES])
    t["wreckers"] = sum(1 << k for k in range(N_KINDS) if monster[k, M_DAMAGES_CITIES])
    return (tables,)


def make_tables(rules, players):
    """The tables for Python code (tests): the record, with its fields as attributes."""
    return python_record(to_arrays(rules, players)[0])


# ---------------------------------------------------------------- dice and decisions

@jit_inline
def roll(s):
    """One die: the next scripted face if a test set one, else a random face (from ``s.rng``)."""
    q = s.info[I_FD_POS]
    if q < s.info[I_FD_LEN]:
        s.info[I_FD_POS] = q + 1
        return s.forced_dice[q]
    return die(6, s.rng)


@jit_inline
def count_hits(s, t, n_dice):
    h = 0
    for _ in range(n_dice):
        if roll(s) >= t.R[R_HIT_ON]:
            h += 1
    return h


@jit_inline
def decide(s, t, seat, kind, n):
    """Index of the option taken among ``s.options[:n]`` (n >= 1).  Inlined where it is asked: the kind
    is a constant there and the policies' dispatch on it folds away (~2.5% faster games).

    A scripted choice (tests) is taken when it matches one of the options; a lone option is taken
    without asking; otherwise the seat's policy chooses.  Every call counts in ``I_DECISIONS``: the
    policies reuse the city values of an ACTION decision at the next decision (a hero's or a military
    piece's city, a pull), and the engine changes nothing a city's value reads between the two
    (only the Action boxes, the Pass marker and the stock).
    """
    s.info[I_DECISIONS] += 1
    q = s.info[I_FC_POS]
    if q < s.info[I_FC_LEN]:
        f = s.forced_choice[q]
        scripted = pack_option(f[0], f[1], f[2], f[3])
        for o in range(n):
            if s.options[o] == scripted:
                s.info[I_FC_POS] = q + 1
                return o
        if n > 1:
            raise ValueError("scripted choice is not among the legal options")
    if n == 1:
        return 0
    return P.choose(s, t, seat, kind, n)


@jit_inline
def put_option(s, o, a, b, c, d):
    s.options[o] = pack_option(a, b, c, d)
    return o + 1


# ---------------------------------------------------------------- board queries

@jit_inline
def available_piece(s, t, p, k):
    """A piece of kind ``k`` in front of its owner (not on the board, not captured), or -1."""
    for i in range(t.kind_first[k], t.kind_first[k] + t.monster[k, M_PIECES]):
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
def military_targets(s, t, c, piece):
    """Options (player, piece, ``piece``, 0): the revealed monsters military can attack in city ``c`` (-1: anywhere)."""
    n_opt = 0
    for x in range(monsters_in(s, c)):
        q, j = monster_in(s, c, x)
        if military_target(s, t, q, j):
            n_opt = put_option(s, n_opt, q, j, piece, 0)
    return n_opt


# ---------------------------------------------------------------- rubble

@jit_inline
def place_player_rubble(s, t, p, c, hits):
    """Own rubble for ``hits`` city damage, within the city's cap and the player's pieces.  Returns pieces placed."""
    room = t.R[R_CITY_CAP] - city_damage(s, c)
    left = t.R[R_PLAYER_RUBBLE] - s.rubble_placed[p]
    k = minimum(minimum(hits, room), left)
    if k > 0:
        s.city_rubble[p, c] += k
        s.rubble_changes[c] += 1
        s.rubble_placed[p] += k
        s.info[I_STANDING] += 1
        return k
    return 0


@jit_inline
def take_brown(s, k):
    """``k`` > 0 brown rubble pieces leave the stock for the board; when the last one goes the game will end
    at the end of the action (``ended_by_action``), whatever rubble comes back later in it."""
    s.info[I_BROWN] -= k
    if s.info[I_BROWN] == 0:
        s.info[I_BROWN_GONE] = 1


@jit_inline
def place_neutral_rubble(s, t, c, hits):
    """Neutral rubble for collateral damage (jets, A-bomb), within the cap and (one supply) the brown stock."""
    n = t.R[R_PLAYERS]
    k = minimum(hits, t.R[R_CITY_CAP] - city_damage(s, c))
    if t.R[O_BLACK_UNLIMITED] == 0:
        k = minimum(k, s.info[I_BROWN])
        if k > 0:
            take_brown(s, k)
    if k > 0:
        s.city_rubble[n, c] += k
        s.rubble_changes[c] += 1
        return k
    return 0


# ---------------------------------------------------------------- damage and destruction

@jit
def destroy(s, t, q, i, src, src_player):
    """Monster (q, i) leaves the board: to the attacking Moogre's box, out of the game, or back to q."""
    k = t.piece_kind[i]
    s.info[I_BROWN] += s.box_damage[q, k]  # the damage's brown rubble returns to the stock
    s.box_damage[q, k] = 0
    if src == MOOGRE and src_player != q:
        leave_board(s, t, q, i, CAPTURED)
        s.moogre_vp[src_player] += t.monster[k, M_CAPACITY]
    elif src == SRC_HERO and k == DRAKOOR and t.R[O_DRAKOOR_OUT]:
        leave_board(s, t, q, i, OUT_OF_GAME)
    else:
        leave_board(s, t, q, i, AVAILABLE)
    if t.R[O_TOKENS_LAST_PIECE] == 0 or s.on_board[q, k] == 0:
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
        return 0
    c = s.piece_city[q, i]
    spill = k == BLOOB and t.R[O_BLOOB_EXCESS_WASTED] == 0 and (src <= BLOOB or t.R[O_BLOOB_SPILL_ALL] == 1)
    while hits > 0:
        need = t.monster[k, M_CAPACITY] - s.box_damage[q, k]
        if hits < need:
            add = minimum(hits, s.info[I_BROWN])
            if add > 0:
                s.box_damage[q, k] += add
                take_brown(s, add)
            break
        hits -= need
        destroy(s, t, q, i, src, src_player)
        kills += 1
        if not spill or hits == 0:
            break
        nxt = -1
        for j in range(t.kind_first[BLOOB], t.kind_first[BLOOB] + t.monster[BLOOB, M_PIECES]):
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
    n = t.R[R_PLAYERS]
    C = t.R[R_CITIES]
    tiles = s.tile_deck
    for c in range(C):
        tiles[c] = c
    for c in range(C - 1, 0, -1):  # Fisher-Yates
        j = below(c + 1, s.rng)
        tiles[c], tiles[j] = tiles[j], tiles[c]
    k = 0
    for p in range(n):
        for _ in range(t.R[R_TILES]):
            s.tile_owner[tiles[k]] = p
            k += 1
    s.info[I_FIRST] = below(n, s.rng)
    s.info[I_TURN] = 0


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
    if t.R[O_NEVER_PULL] == 1 or piece == A_BOMB:
        return False
    if piece == JET and t.R[O_JET_STAYS] == 0:
        return False
    C = t.R[R_CITIES]
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
    C = t.R[R_CITIES]
    n_opt = 0
    for c in range(C):
        if s.city_humans[c, piece] > 0:
            n_opt = put_option(s, n_opt, c, piece, 0, 0)
    c = option(s, decide(s, t, chooser, P.PULL, n_opt), 0)
    s.city_humans[c, piece] -= 1
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
    turn = s.info[I_TURN]
    first = s.info[I_FIRST]
    orange = t.R[R_ORANGE] * (t.R[R_ORANGE_FIRST_FACTOR] if turn == 0 else 1)
    faces = s.faces
    faces[:] = 0
    for _ in range(t.dice[turn]):
        faces[roll(s) - 1] += 1
    fill_tokens(s, ORANGE, orange + faces[0])
    fill_tokens(s, WHITE, t.white[turn] + faces[1])
    fill_tokens(s, PURPLE, t.R[R_PURPLE] + faces[2])
    for _ in range(t.R[R_HEROES_PER_TURN] + faces[3]):
        if take_human(s, t, HERO, first):
            s.box_heroes[0] += 1
    for _ in range(t.R[R_INFANTRY_PER_TURN]):
        if take_human(s, t, INFANTRY, first):
            s.box_military[0, INFANTRY] += 1
    fill_military(s, t, 0, faces[4], first)  # Military One before Military Two
    fill_military(s, t, 1, faces[5], first)


# ---------------------------------------------------------------- Create/Heal

@jit_inline
def place_monster(s, t, p, k, c):
    """The Hidden counter of a kind-``k`` monster goes to city ``c``; the box's orange tokens return."""
    i = available_piece(s, t, p, k)
    enter_board(s, t, p, i, c, 1)
    s.stock_tokens[ORANGE] += s.box_create[p, k]
    s.box_create[p, k] = 0
    s.created[p, k] += 1
    return i


@jit_inline
def create_token(s, t, p, k):
    """An orange token goes into Monster box ``k``; a monster whose cost is reached MUST be placed."""
    C = t.R[R_CITIES]
    s.box_create[p, k] += 1
    tokens = s.box_create[p, k]
    if tokens >= creation_cost(s, t, p, k):
        n_opt = 0
        for c in range(C):
            n_opt = put_option(s, n_opt, c, k, 0, 0)
        place_monster(s, t, p, k, option(s, decide(s, t, p, P.PLACE_MONSTER, n_opt), 0))
    elif k == BLOOB and tokens == t.R[R_BLOOB_SPAWN] and s.on_board[p, BLOOB] > 0:
        n_opt = put_option(s, 0, -1, 0, 0, 0)
        for c in range(C):
            near = False
            for i in range(t.kind_first[BLOOB], t.kind_first[BLOOB] + t.monster[BLOOB, M_PIECES]):
                if s.piece_where[p, i] == ON_BOARD and t.dist[s.piece_city[p, i], c] <= 1:
                    near = True
                    break
            if near:
                n_opt = put_option(s, n_opt, c, 0, 0, 0)
        c = option(s, decide(s, t, p, P.BLOOB_SPAWN, n_opt), 0)
        if c >= 0:
            place_monster(s, t, p, BLOOB, c)


@jit_inline
def may_heal(t, p, q):
    """Player ``p`` may heal player ``q``'s monsters: its own, or anyone's (option)."""
    return q == p or t.R[O_HEAL_ANY] == 1


@jit_inline
def create_heal_options(s, t, p, n_opt):
    """Append the uses of an orange token from row ``n_opt`` on; return the next free row."""
    n = t.R[R_PLAYERS]
    for k in range(N_KINDS):
        if s.in_front[p, k] > 0:
            n_opt = put_option(s, n_opt, 0, k, 0, 0)
    for q in range(n):
        if may_heal(t, p, q):
            for k in range(N_KINDS):
                if s.box_damage[q, k] > 0:
                    n_opt = put_option(s, n_opt, 1, q, k, 0)
    return n_opt


@jit_inline
def can_create_or_heal(s, t, p):
    """An orange token has a use (``create_heal_options`` would list one)."""
    for k in range(N_KINDS):
        if s.in_front[p, k] > 0:
            return True
    for q in range(t.R[R_PLAYERS]):
        if may_heal(t, p, q):
            for k in range(N_KINDS):
                if s.box_damage[q, k] > 0:
                    return True
    return False


@jit_inline
def do_create_heal(s, t, p):
    """Use one orange token (already taken from its box or the stock): create or heal."""
    n_opt = create_heal_options(s, t, p, 0)
    o = decide(s, t, p, P.CREATE_HEAL, n_opt)
    if option(s, o, 0) == 0:
        create_token(s, t, p, option(s, o, 1))
    else:
        q, k = option(s, o, 1), option(s, o, 2)
        s.stock_tokens[ORANGE] += 1
        s.box_damage[q, k] -= 1
        s.info[I_BROWN] += 1


# ---------------------------------------------------------------- attacks

@jit_inline
def strike_humans(s, t, p, c, hits, at_city):
    """Hits remove armour, then infantry (then jets staying in cities), then heroes; the rest damage the city."""
    for piece in (ARMOUR, INFANTRY, JET, HERO):
        k = minimum(hits, s.city_humans[c, piece])
        s.city_humans[c, piece] -= k
        s.stock_humans[piece] += k
        hits -= k
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
    if t.monster[k, M_DAMAGES_CITIES] == 1:
        n_opt = put_option(s, n_opt, i, TT_CITY, 0, c)
    return n_opt


@jit_inline
def strike_monster(s, t, p, k, dice, q, j):
    """A monster of kind ``k`` rolls ``dice`` against monster (q, j)."""
    h = count_hits(s, t, dice)
    damage_monster(s, t, q, j, h, k, p)


@jit_inline
def kiddoo_join(s, t, p, c):
    """Kiddoo may join an attack in its city, striking first.  Returns its dice (0: it stays out) and piece."""
    if s.info[I_KIDDOO_JOINED] == 1:
        return 0, -1
    kd = -1
    for i in range(t.kind_first[KIDDOO], t.kind_first[KIDDOO] + t.monster[KIDDOO, M_PIECES]):
        if alive_at(s, p, i, c) and (s.piece_hidden[p, i] == 0 or t.R[O_KIDDOO_REVEALED_ONLY] == 0):
            kd = i
            break
    if kd < 0:
        return 0, -1
    n_opt = put_option(s, 0, -1, 0, 0, 0)
    for j in range(s.box_attack[p, KIDDOO] + 1):
        n_opt = put_option(s, n_opt, j, 0, 0, 0)
    j = option(s, decide(s, t, p, P.KIDDOO_JOIN, n_opt), 0)
    if j < 0:
        return 0, -1
    s.info[I_KIDDOO_JOINED] = 1
    s.piece_hidden[p, kd] = 0
    s.box_attack[p, KIDDOO] -= j
    s.stock_tokens[WHITE] += j
    return maximum(t.R[R_KIDDOO_MIN_DICE], j * t.monster[KIDDOO, M_DICE]), kd


@jit
def resolve_attack(s, t, p, i, ttype, q, j, dice):
    """Monster (p, i) attacks with ``dice`` dice: a monster (q, j), the humans, or the city (j = city)."""
    k = t.piece_kind[i]
    c = s.piece_city[p, i]
    s.piece_hidden[p, i] = 0  # attacking reveals the monster
    kdice, kpiece = 0, -1
    if k != KIDDOO:
        kdice, kpiece = kiddoo_join(s, t, p, c)
    if ttype == TT_MONSTER:
        s.piece_hidden[q, j] = 0  # a target is revealed (Shaggoo may attack a hidden one)
        if kdice > 0 and alive_at(s, q, j, c):
            strike_monster(s, t, p, KIDDOO, kdice, q, j)
        if alive_at(s, q, j, c):
            strike_monster(s, t, p, k, dice, q, j)
        return
    at_city = ttype == TT_CITY
    if kdice > 0:  # Kiddoo strikes first, even before armour fires; its hits damage the city only with the symbol
        strike_humans(s, t, p, c, count_hits(s, t, kdice), at_city and t.monster[KIDDOO, M_DAMAGES_CITIES] == 1)
    armour = s.city_humans[c, ARMOUR]
    if armour > 0:
        damage_monster(s, t, p, i, count_hits(s, t, armour * t.R[R_ARMOUR_DICE]), SRC_MILITARY, -1)
    if not alive_at(s, p, i, c):
        return
    strike_humans(s, t, p, c, count_hits(s, t, dice), at_city)
    infantry = s.city_humans[c, INFANTRY]
    if infantry > 0:  # surviving infantry return fire
        damage_monster(s, t, p, i, count_hits(s, t, infantry * t.R[R_INFANTRY_DICE]), SRC_MILITARY, -1)


@jit_inline
def has_attack(s, t, p, k):
    """Some piece of kind ``k`` on the board has a legal target."""
    for i in range(t.kind_first[k], t.kind_first[k] + t.monster[k, M_PIECES]):
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
    k = option(s, decide(s, t, p, P.ATTACK_BOX, n_opt), 0)
    s.box_attack[p, k] += 1
    s.info[I_ATTACK_KIND] = k
    n_opt = put_option(s, 0, 0, 0, 0, 0)
    if has_attack(s, t, p, k):
        for j in range(1, s.box_attack[p, k] + 1):
            n_opt = put_option(s, n_opt, j, 0, 0, 0)
    spend = option(s, decide(s, t, p, P.ATTACK_SPEND, n_opt), 0)
    if spend == 0:
        return
    s.box_attack[p, k] -= spend
    s.stock_tokens[WHITE] += spend
    dice = spend * t.monster[k, M_DICE]
    s.info[I_ATTACK_DICE] = dice
    s.info[I_KIDDOO_JOINED] = 0
    if k != BLOOB:
        n_opt = 0
        for i in range(t.kind_first[k], t.kind_first[k] + t.monster[k, M_PIECES]):
            if s.piece_where[p, i] == ON_BOARD:
                n_opt = target_options(s, t, p, i, n_opt)
        o = decide(s, t, p, P.ATTACK_TARGET, n_opt)
        resolve_attack(s, t, p, option(s, o, 0), option(s, o, 1), option(s, o, 2), option(s, o, 3), dice)
        return
    # Bloobs: each Bloob on the board may attack once, with its own target, in an order of the owner's choosing
    attacked = 0  # bit mask of Bloob pieces that have attacked
    first = t.kind_first[BLOOB]
    while True:
        n_opt = 0
        if attacked != 0:
            n_opt = put_option(s, 0, -1, 0, 0, 0)
        for i in range(first, first + t.monster[BLOOB, M_PIECES]):
            if s.piece_where[p, i] == ON_BOARD and (attacked >> (i - first)) & 1 == 0:
                n_opt = target_options(s, t, p, i, n_opt)
        if n_opt == 0:
            break
        o = decide(s, t, p, P.ATTACK_TARGET, n_opt)
        i = option(s, o, 0)
        if i < 0:
            break
        attacked |= 1 << (i - first)
        resolve_attack(s, t, p, i, option(s, o, 1), option(s, o, 2), option(s, o, 3), dice)
        if s.info[I_BROWN_GONE] == 1:  # the game ends with this action: no further Bloob attacks
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
        for b in range(s.info[I_MONSTERS]):  # the board index: the player's pieces in order
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
        o = decide(s, t, p, P.MOVE, n_opt)
        i, c = option(s, o, 0), option(s, o, 1)
        if c < 0:
            s.piece_hidden[p, i] = 1
        else:
            if t.R[O_SPECTOOR_NO_MOVE_BACK] == 1:
                moved, start = i, s.piece_city[p, i]
            move_monster(s, p, i, c)


# ---------------------------------------------------------------- heroes and military

@jit_inline
def choose_city(s, t, p, purpose):
    n_opt = 0
    for c in range(t.R[R_CITIES]):
        n_opt = put_option(s, n_opt, c, purpose, 0, 0)
    return option(s, decide(s, t, p, P.CITY, n_opt), 0)


@jit
def military_attack(s, t, p, c):
    """Every armour and infantry piece in city ``c`` attacks a revealed monster the active player picks.

    The targets are declared before any die is rolled; dice against one target are rolled together.
    """
    if not any_military_target(s, t, c):
        return
    w = 0  # s.work rows: (player, piece, dice)
    for piece in (ARMOUR, INFANTRY):
        per = t.R[R_ARMOUR_DICE] if piece == ARMOUR else t.R[R_INFANTRY_DICE]
        for _ in range(s.city_humans[c, piece]):
            o = decide(s, t, p, P.MILITARY_TARGET, military_targets(s, t, c, piece))
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
        if alive_at(s, q, j, c):
            damage_monster(s, t, q, j, h, SRC_MILITARY, -1)


@jit
def place_hero(s, t, p, c):
    """A hero arrives in ``c``: reveal rolls, the heroes' attack on revealed Drakoors, then the military attack."""
    before = s.city_humans[c, HERO]
    s.city_humans[c, HERO] += 1
    dice = t.R[R_REVEAL_DICE] + t.R[R_REVEAL_PER_HERO] * before
    for x in range(monsters_in(s, c)):
        q, j = monster_in(s, c, x)
        if s.piece_hidden[q, j] == 1:
            if count_hits(s, t, dice) > 0:
                s.piece_hidden[q, j] = 0
    h = count_hits(s, t, s.city_humans[c, HERO])
    for _ in range(h):
        n_opt = 0
        for x in range(monsters_in(s, c)):
            q, j = monster_in(s, c, x)
            if t.piece_kind[j] == DRAKOOR and s.piece_hidden[q, j] == 0:
                n_opt = put_option(s, n_opt, q, j, 0, 0)
        if n_opt == 0:
            break
        o = decide(s, t, p, P.DRAKOOR_KILL, n_opt)
        destroy(s, t, option(s, o, 0), option(s, o, 1), SRC_HERO, -1)
    military_attack(s, t, p, c)


@jit
def fly_jet(s, t, p):
    """A jet attacks a revealed monster of the player's choice: 4 dice, each 1 is collateral city damage."""
    o = decide(s, t, p, P.MILITARY_TARGET, military_targets(s, t, -1, JET))
    q, j = option(s, o, 0), option(s, o, 1)
    c = s.piece_city[q, j]
    h = 0
    collateral = 0
    for _ in range(t.R[R_JET_DICE]):
        f = roll(s)
        if f >= t.R[R_HIT_ON]:
            h += 1
        if f <= t.R[R_JET_COLLATERAL]:
            collateral += 1
    damage_monster(s, t, q, j, h, SRC_MILITARY, -1)
    place_neutral_rubble(s, t, c, collateral)
    if t.R[O_JET_WITH_MILITARY] == 1:
        military_attack(s, t, p, c)
    if t.R[O_JET_STAYS] == 1:
        s.city_humans[c, JET] += 1
    else:
        s.stock_humans[JET] += 1


@jit
def drop_a_bomb(s, t, p, c):
    """Clear the city's humans, 8 dice against each monster (hidden ones stay hidden), 8 dice against the city."""
    for piece in (INFANTRY, ARMOUR, JET, HERO):
        s.stock_humans[piece] += s.city_humans[c, piece]
        s.city_humans[c, piece] = 0
    w = monsters_in(s, c)
    for x in range(w):  # a copy: the list changes as they are destroyed
        s.work[x, 0], s.work[x, 1] = monster_in(s, c, x)
    for r in range(w):
        q, j = s.work[r, 0], s.work[r, 1]
        if alive_at(s, q, j, c):
            damage_monster(s, t, q, j, count_hits(s, t, t.R[R_A_BOMB_DICE]), SRC_A_BOMB, -1)
    place_neutral_rubble(s, t, c, count_hits(s, t, t.R[R_A_BOMB_DICE]))
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
    """The action of the box holding the Pass marker can be done from the stock (or the board)."""
    if box <= BOX_PURPLE:
        return s.stock_tokens[box] > 0 and can_use_token(s, t, p, box)
    if box == BOX_HERO:
        return human_available(s, t, HERO)
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
    if s.box_heroes[0] > 0:
        n_opt = put_option(s, n_opt, A_HERO, 0, 0, 0)
    for box in range(2):
        for piece in range(4):
            if s.box_military[box, piece] > 0 and can_use_military(s, t, piece):
                n_opt = put_option(s, n_opt, A_MILITARY, box, piece, 0)
    if s.pass_box[p] == IN_HAND:  # the placements come last (the scripted policies rely on it)
        if s.pass_taken_back[p] == 0 or t.R[O_PASS_AGAIN] == 1:  # taken back: not again this turn (option)
            for box in range(6):
                n_opt = put_option(s, n_opt, A_PLACE_PASS, box, 0, 0)
    elif pass_action_possible(s, t, p, s.pass_box[p]):
        n_opt = put_option(s, n_opt, A_REMOVE_PASS, s.pass_box[p], 0, 0)
    if n_opt == 0:  # the marker is out and its action impossible: a plain pass
        n_opt = put_option(s, n_opt, A_NOTHING, 0, 0, 0)
    o = decide(s, t, p, P.ACTION, n_opt)
    code, a, b = option(s, o, 0), option(s, o, 1), option(s, o, 2)
    if code <= A_PURPLE:
        s.box_tokens[a] -= 1
        use_token(s, t, p, a)
        return False
    if code == A_HERO:
        s.box_heroes[0] -= 1
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
    if s.info[I_BROWN_GONE] == 1:
        return BROWN_RUBBLE_GONE
    if t.R[O_RUBBLE_END_OF_TURN] == 0 and s.rubble_placed[p] >= t.R[R_PLAYER_RUBBLE]:
        return ALL_RUBBLE_PLACED
    return NOT_OVER


@jit
def phase_two(s, t):
    """Clockwise from the first player until every player has passed in succession.  Returns an end reason."""
    n = t.R[R_PLAYERS]
    p = s.info[I_FIRST]
    passes = 0
    while passes < n:
        passed = player_action(s, t, p)
        s.info[I_ACTIONS] += 1
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
    s.stock_humans[HERO] += s.box_heroes[0]
    s.box_heroes[0] = 0
    for box in range(2):
        for piece in range(4):
            s.stock_humans[piece] += s.box_military[box, piece]
            s.box_military[box, piece] = 0
    if t.R[O_PASS_STAYS] == 0:
        s.pass_box[:] = IN_HAND
    s.pass_taken_back[:] = 0
    for p in range(t.R[R_PLAYERS]):
        if s.rubble_placed[p] >= t.R[R_PLAYER_RUBBLE]:
            return True
    return False


# ---------------------------------------------------------------- scoring

@jit_inline
def colours_standing(s, t, c, n, standing):
    """How many rubble colours (the players' and the neutral one) stand at ``standing`` in city ``c``."""
    k = 0
    for r in range(n + 1):
        if rubble_standing(t, r, s.city_rubble[r, c]) == standing:
            k += 1
    return k


@jit
def score(s, t):
    """Victory points by source into ``s.vp`` and totals into ``s.scores``."""
    n = t.R[R_PLAYERS]
    C = t.R[R_CITIES]
    s.info[I_STANDING] += 1
    s.vp[:, :] = 0
    for c in range(C):
        d = minimum(city_damage(s, c), t.R[R_CITY_CAP])
        if s.tile_owner[c] >= 0:
            s.vp[s.tile_owner[c], VP_TILES] += t.tile_vp[d]
        # rubble majorities: the neutral rubble (row n) competes but scores nothing
        top = 0
        for r in range(n + 1):
            top = maximum(top, rubble_standing(t, r, s.city_rubble[r, c]))
        if top == 0:
            continue
        if colours_standing(s, t, c, n, top) > 1:
            for r in range(n):
                if rubble_standing(t, r, s.city_rubble[r, c]) == top:
                    s.vp[r, VP_RUBBLE] += t.R[R_TIED_VP]
            continue
        for r in range(n):
            if rubble_standing(t, r, s.city_rubble[r, c]) == top:
                s.vp[r, VP_RUBBLE] += t.R[R_MAJORITY_VP]
        second = 0
        for r in range(n + 1):
            standing = rubble_standing(t, r, s.city_rubble[r, c])
            if standing < top:
                second = maximum(second, standing)
        if second == 0:
            continue
        if colours_standing(s, t, c, n, second) == 1:
            for r in range(n):
                if rubble_standing(t, r, s.city_rubble[r, c]) == second:
                    s.vp[r, VP_RUBBLE] += t.R[R_SECOND_VP]
    for p in range(n):
        for i in range(t.kind_first[DRAKOOR], t.kind_first[DRAKOOR] + t.monster[DRAKOOR, M_PIECES]):
            if s.piece_where[p, i] == ON_BOARD:
                others = monsters_in(s, s.piece_city[p, i]) - 1
                s.vp[p, VP_DRAKOOR] += maximum(0, t.R[R_DRAKOOR_VP] - t.R[R_DRAKOOR_PER_MONSTER] * others)
        s.vp[p, VP_MOOGRE] = s.moogre_vp[p]
        s.scores[p] = s.vp[p, VP_TILES] + s.vp[p, VP_RUBBLE] + s.vp[p, VP_DRAKOOR] + s.vp[p, VP_MOOGRE]


@jit
def tie_key(s, t, p, level):
    """Tie-breakers in order: cities with own rubble, monsters on the board, rubble pieces on the board."""
    if level == 0:
        k = 0
        for c in range(t.R[R_CITIES]):
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
    n = t.R[R_PLAYERS]
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
                m = maximum(m, tie_key(s, t, p, level))
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
    """Play one game from a reset state, drawing from ``s.rng``.  Returns (winner or -1, end reason, turns played)."""
    n = t.R[R_PLAYERS]
    setup(s, t)
    reason = TURNS_PLAYED
    turns = 0
    for turn in range(t.R[R_TURNS]):
        s.info[I_TURN] = turn
        turns = turn + 1
        phase_one(s, t)
        r = phase_two(s, t)
        all_rubble = phase_three(s, t)
        score(s, t)
        track_lead(s.lead, s.scores, n, turns)
        if r != NOT_OVER:
            reason = r
            break
        if all_rubble:
            reason = ALL_RUBBLE_PLACED
            break
        s.info[I_FIRST] = s.info[I_FIRST] + 1 if s.info[I_FIRST] + 1 < n else 0
    return winner(s, t), reason, turns


@njit(cache=True)
def play_batch(n_games, lineup, seat_policy, seat_params, tables, rng):
    n = lineup.shape[1]
    t = record(tables)
    R = t.R
    n_seat_cols = len(SEAT_COLUMNS)
    n_game_cols = len(GAME_COLUMNS)
    rec = new_records(n_games, N_COMMON + 2 * n + n_game_cols + n_seat_cols * n)
    if n > MAX_PLAYERS or R[R_CITIES] > MAX_CITIES or R[R_PIECES] > MAX_PIECES or seat_params.shape[1] > MAX_PARAMS:
        raise ValueError("more players, cities, pieces or policy parameters than state.STATE holds")
    state = new_state()
    record(state).rng[:] = rng  # the games draw from the state's copy of the batch's generator
    for g in range(n_games):
        s = record(state)  # a record is a view: the array, used at every game, stays alive
        reset(s, t)
        for p in range(n):
            s.policy[p] = seat_policy[lineup[g, p]]
            for j in range(seat_params.shape[1]):
                s.param[p, j] = seat_params[lineup[g, p], j]
        w, reason, turns = play_game(s, t)
        finish_record(rec, g, n, w, reason, turns, s.scores, s.lead)
        rec[g, N_COMMON + 2 * n] = s.info[I_ACTIONS]
        for p in range(n):
            for j in range(4):
                rec[g, seat_col(j, p, n, n_game_cols)] = s.vp[p, j]
            rec[g, seat_col(4, p, n, n_game_cols)] = s.rubble_placed[p]
            for k in range(N_KINDS):
                rec[g, seat_col(5 + k, p, n, n_game_cols)] = s.created[p, k]
                rec[g, seat_col(5 + N_KINDS + k, p, n, n_game_cols)] = s.lost[p, k]
    rng[:] = record(state).rng  # the caller's generator advances as if the games had drawn from it
    return rec
