"""Moongha Invaders strategies, dispatched by integer id, and the decision kinds they answer.

At every decision the engine writes the legal options into ``s.options`` and asks ``choose``
(the decision kinds and their options: ``decisions.py``).  A policy may read the public state and
its own seat's secret City tiles only: it tests ``tile_owner[c] == seat`` and never reads another
seat's tiles or ``scores``.  Its scratch and memos live in the policies' record ``s.policies``
(``FIELDS`` below), which the engine never writes.

The scripted strategies are one heuristic with weights (``PARAMS``, the same order for each):
every option gets a value, the best is taken (ties are broken at random).  ``wrecker``,
``lurker``, ``hunter`` and ``balanced`` are presets of the weights (see ``PRESETS``):

- ``build``: creating Mechoor, Moogre and Bloobs and flattening cities where the seat can win the
  rubble majority, sparing its own secret cities (scaled by ``spare``);
- ``lurk``: Drakoors in quiet cities (few monsters, no heroes), Spectoor, hiding revealed monsters
  under threat, healing;
- ``hunt``: Moogre (trophies), Shaggoo and Kiddoo, attacking rival monsters that can be destroyed;
- ``humans``: heroes, military units, jets and the A-bomb aimed at the leading rival's monsters
  (the leader by public VP: rubble majorities, Drakoors, Moogre trophies at the last scoring, then
  rubble placed, then the nearest rival on the seat's left); the A-bomb's damage and a jet's collateral
  damage to the seat's own secret cities count against them (by ``spare``);
- ``attack_at``: Attack tokens a box stores before its hidden monster attacks (a revealed one
  under threat, a Moogre whose tokens can be expected to destroy a rival monster beside it, or the last
  turn, attacks with what it has);
- ``token_first``: a token worth this much (or a Pass marker's token box) is taken without weighing
  heroes and military against it: the humans are for when the token boxes offer nothing good.
  It also spares the policy valuing every city at most actions (0 weighs them every time).

The weights value what a piece may do in the turns to come; on the last turn (the turn track's last, or
once a player has placed all its rubble, which ends the game with the turn) every style values only
what still changes the score (no weight reads the turn, so no tune could teach it): a Create/Heal token
goes to a monster it completes, a Drakoor scoring where it stands or, while Attack tokens are left, a
monster that may still attack them; once the last is taken, heroes and military go only after Drakoors
and a move is worth what it changes in the seat's Drakoors' VP.  An attack that would place the seat's last
rubble pieces ends the game: it is made to win, and held back while the seat would lose (``ending_value``, by
the seat's lead as it can reckon it, a rival's secret tiles at their mean).  At any turn a Drakoor attacks only
Drakoors (anything else reveals it to the heroes for nothing that scores), Kiddoo joins an attack for what its dice,
which strike first, add to it as the attack is valued (a kill Moogre would score taken, a monster it cannot hurt, a
city with no human for its hits to remove: nothing or worse), less its Attack tokens spent (``kiddoo_join_value``;
a hidden Kiddoo stays out for what staying hidden is worth to the lurk weight), an Attack token is worth little to
a seat with no monster on the board that wrecks or hunts, a monster that damages cities attacks a city rather than
its humans alone (the same fight, and the hits beyond it are rubble), and combat is valued by the dice: Moogre's
trophy by the chance to kill, an attack on the humans or a city by the chance to outlive the armour and the
infantry's return fire.
"""

import numpy as np

from balance.games.moongha.decisions import (
    ACTION, ATTACK_BOX, ATTACK_SPEND, ATTACK_TARGET, A_HERO, A_MILITARY, A_ORANGE, A_PLACE_PASS, A_PURPLE,
    A_REMOVE_PASS, BLOOB_SPAWN, CITY, CREATE_HEAL, DRAKOOR_KILL, FOR_A_BOMB, FOR_ARMOUR, FOR_HERO, FOR_INFANTRY,
    KIDDOO_JOIN, MILITARY_TARGET, MOVE, PLACE_MONSTER, PULL, SRC_A_BOMB, SRC_MILITARY, TT_CITY, TT_HUMANS, TT_MONSTER,
    can_hurt, creation_cost, drakoor_vp, hit_chance, humans_left, kiddoo_dice, kiddoo_wrecks, last_turn, may_attack,
    military_dice, military_target, option, orange_use, orange_uses, rubble_left, rubble_room, rubble_standing,
    rubble_vp, tile_vp,
)
from balance.games.moongha.state import (
    A_BOMB, ARMOUR, BLOOB, BOX_HERO, BOX_MILITARY_ONE, BOX_ORANGE, BOX_PURPLE, BOX_WHITE, DRAKOOR, HERO, INFANTRY, JET,
    KIDDOO, MOOGRE, N_KINDS, ON_BOARD, SHAGGOO, SPECTOOR, VP_DRAKOOR, VP_MOOGRE, VP_RUBBLE, alive_at, city_damage,
    humans_in, monster_in, monsters_in,
)
from balance.games.moongha.tables import MAX_CITIES, MAX_PLAYERS
from balance.kit import below, jit, jit_inline, maximum, minimum, variable

RANDOM, WRECKER, LURKER, HUNTER, BALANCED = range(5)

# parameter columns (s.policies.param[seat, j]); every scripted policy declares them in this order
W_BUILD, W_LURK, W_HUNT, W_HUMANS, W_ATTACK_AT, W_SPARE, W_TOKEN_FIRST = range(7)
PARAMS = (
    ("build", "Weight of creating Mechoor, Moogre and Bloobs and flattening cities", 0.0, 3.0),
    ("lurk", "Weight of Drakoors in quiet cities, Spectoor, hiding and healing", 0.0, 3.0),
    ("hunt", "Weight of Moogre, Shaggoo and Kiddoo attacking rival monsters", 0.0, 3.0),
    ("humans", "Weight of heroes, military and the A-bomb against the leading rival's monsters", 0.0, 3.0),
    ("attack_at", "Attack tokens a hidden monster's box stores before it attacks", 1.0, 10.0),
    ("spare", "Penalty weight for damaging the seat's own secret cities", 0.0, 5.0),
    ("token_first", "Token value at which a token is taken without weighing heroes and military (0: never)",
     0.0, 5.0),
)
MAX_PARAMS = len(PARAMS)
# A preset's style is its build, lurk and hunt weights; its other four were tuned against the other presets in the
# four-player mixed game, its style held (docs/tuning.md, "The presets' other weights").  The lurker keeps the
# humans its description promises (tuned without them it wins 2.6 points more); the others barely use them.
PRESETS = {
    "wrecker": (1.0, 0.2, 0.3, 0.03, 1.57, 1.0, 4.2),
    "lurker": (0.3, 1.0, 0.2, 1.64, 2.92, 4.97, 0.41),
    "hunter": (0.3, 0.2, 1.0, 0.18, 1.43, 1.35, 3.27),
    "balanced": (0.6, 0.5, 0.5, 0.07, 1.62, 1.76, 3.67),
}

# each monster's affinity with the three styles (build, lurk, hunt), in the order of state's kinds
AFFINITY = np.array([
    [3.0, 0.0, 0.5],  # Mechoor: knocks things down
    [2.0, 0.0, 3.0],  # Moogre: cities and trophies
    [0.5, 2.0, 0.5],  # Spectoor: doubles Move/Hide
    [0.5, 0.0, 2.0],  # Kiddoo: joins attacks
    [0.0, 0.5, 2.5],  # Shaggoo: attacks hidden monsters
    [0.0, 3.0, 0.0],  # Drakoor: VP in quiet cities
    [2.5, 0.5, 0.0],  # Bloob: several attackers
], np.float64)


# the kinds whose place value reads the prey in a city (``place_value``); with the city wreckers (``t.wreckers``),
# the monsters an Attack token serves (a Drakoor attacks only Drakoors, ``reveals_for_nothing``; Spectoor lurks)
HUNTERS = 1 << MOOGRE | 1 << SHAGGOO | 1 << KIDDOO


# rows of city_eval (a value per city): a hero, military or A-bomb placed there (``evaluate_cities``), or the
# city as a place for a monster of the seat (``evaluate_places``)
E_HERO, E_INFANTRY, E_ARMOUR, E_A_BOMB, E_PREY, E_OWN_WRECKERS, E_RUBBLE, E_THREAT = range(8)
CITY_EVAL_ROWS = 8

P, C = MAX_PLAYERS, MAX_CITIES
FIELDS = [  # the policies' record, ``s.policies`` (besides the kit's rng, id and param)
    ("decisions", np.int64),  # decisions asked of the policies in this game (the city values' memo)
    ("city_eval", np.float64, (CITY_EVAL_ROWS, C)),  # scratch: values by city (E_* rows)
    ("city_best", np.float64, (4,)),  # scratch: the best city_eval of each of the first 4 rows
    ("city_eval_key", np.int64, (4,)),  # memo: the decision, seat, leader and rows city_eval holds
    ("rubble_memo", np.float64, (P, C)),  # memo: each seat's majority value of 3 rubble by city
    ("rubble_memo_at", np.int64, (P, C)),  # the city's damage + 1 when the memo was computed (0: never)
    ("leaders", np.int64, (P,)),  # memo: each seat's leading rival by public VP
    ("leaders_at", np.int64, (2,)),  # the turn + 1 and the rubble on the board when it was taken
]
del P, C


@jit_inline
def new_game(s):
    """Forget the last game's memos (called before each game)."""
    m = s.policies
    m.decisions = 0
    m.city_eval_key[0] = -2  # no decision's
    m.rubble_memo_at[:, :] = 0
    m.leaders_at[0] = 0


# ---------------------------------------------------------------- public board reading

@jit_inline
def leading_rival(s, t, p):
    """The rival with the most public VP at the last scoring; more rubble placed breaks ties, then the rival
    nearest on the seat's left, so that no seat number makes a seat everyone's target.  No City tile is read.
    Each seat's leading rival is remembered until the public standing changes: VP change only at the
    end of a turn, and rubble once placed stays on the board."""
    at = s.policies.leaders_at
    rubble = rubble_on_board(s, t)
    if at[0] != s.turn + 1 or at[1] != rubble:
        find_leaders(s, t)
        at[0], at[1] = s.turn + 1, rubble
    return s.policies.leaders[p]


@jit_inline
def rubble_on_board(s, t):
    """The players' rubble pieces on the board."""
    k = 0
    for p in range(t.players):
        k += s.rubble_placed[p]
    return k


@jit
def find_leaders(s, t):
    """Each seat's leading rival into ``s.policies.leaders``."""
    n = t.players
    for p in range(n):
        best, lead = -1, -1
        for k in range(1, n):  # the rivals from the seat's left, clockwise
            q = p + k if p + k < n else p + k - n
            v = (s.vp[q, VP_RUBBLE] + s.vp[q, VP_DRAKOOR] + s.vp[q, VP_MOOGRE]) * 100 + s.rubble_placed[q]
            if v > best:
                best, lead = v, q
        s.policies.leaders[p] = lead


# ---------------------------------------------------------------- the game's end
# The weights value what a monster or a human piece may do in the turns to come.  On the last turn only what
# still changes the score counts: a monster attacks only by taking an Attack token, and a Drakoor scores
# where it stands.

# what a game's result is worth to a seat whose attack ends it (each style plays to win)
GAME_RESULT = 20.0
# the military and heroes go against the leading rival's monsters: each is worth this many times another rival's
ON_LEADER = 1.8


@jit_inline
def ending_value(s, t, p, c, hits):
    """``hits`` city damage in city ``c`` placing ``p``'s last rubble pieces ends the game (``all_rubble_placed``):
    worth ``GAME_RESULT`` if ``p`` would then lead its rivals as it can reckon it (``end_lead``), as much less if it
    would trail them; nothing if the hits leave it pieces to place."""
    k = rubble_room(s, t, p, c, hits)
    if k <= 0 or k < rubble_left(s, t, p):
        return 0.0
    lead = end_lead(s, t, p, c, k)
    return GAME_RESULT if lead > 0 else (-GAME_RESULT if lead < 0 else 0.0)


@jit
def end_lead(s, t, p, c, k):
    """``p``'s VP less the most a rival is reckoned to have, were the game scored with ``k`` more of ``p``'s rubble
    in city ``c``: the rubble majorities and ``p``'s own City tiles as the board would then stand, the Drakoors at
    the last scoring, the monsters Moogre destroyed; a rival's City tiles, which are secret, at ``p``'s number of
    tiles times the mean VP of the cities that are not ``p``'s (each player draws as many)."""
    tiles, own_vp, others, others_vp = 0, 0, 0, 0
    for x in range(t.n_cities):
        vp = tile_vp(t, city_damage(s, x) + (k if x == c else 0))
        own = s.tile_owner[x] == p
        tiles += 1 if own else 0
        own_vp += vp if own else 0
        others += 0 if own else 1
        others_vp += 0 if own else vp
    mine, best = 0.0, -1e9
    for q in range(t.players):
        vp = s.vp[q, VP_DRAKOOR] + s.moogre_vp[q]
        for x in range(t.n_cities):
            vp += rubble_vp(s, t, x, q, p, k if x == c else 0)
        if q == p:
            mine = vp + own_vp
        else:
            best = maximum(best, vp + tiles * others_vp / maximum(others, 1))
    return mine - best


@jit_inline
def monsters_may_attack(s, t):
    """A monster may attack again before the game ends: a turn is left, or Attack tokens in their Action box."""
    return not last_turn(s, t) or s.box_tokens[BOX_WHITE] > 0


@jit_inline
def attack_share(s, t):
    """The share of the Attack tokens left this turn that a seat can expect, on the last turn (1 before)."""
    if not last_turn(s, t):
        return 1.0
    return minimum(1.0, s.box_tokens[BOX_WHITE] / t.players)


@jit_inline
def quietest_drakoor_vp(s, t):
    """The VP a Drakoor placed now scores if the board stays as it is: in the city with the fewest monsters."""
    fewest = s.city_monsters[0]
    for c in range(1, t.n_cities):
        fewest = minimum(fewest, s.city_monsters[c])
    return drakoor_vp(t, fewest)


@jit_inline
def attacks_score(t, k):
    """A kind-``k`` monster's attacks score: it wrecks cities (rubble) or it is Moogre (trophies)."""
    return t.wreckers >> k & 1 == 1 or k == MOOGRE


@jit_inline
def last_create_heal_value(s, t, p, a, b, c, w):
    """CREATE_HEAL on the last turn (``create_heal_value``'s fields): what the token adds to the score.  A monster
    whose creation this token does not complete never comes; a Drakoor created now scores at the end (placed in
    the quietest city); a monster whose attacks score (rubble, Moogre's trophies), created or healed, is worth its
    value in the turns to come by the share of the Attack tokens left that the seat can expect (nothing once they
    are gone); any other nothing."""
    if a == 0 and s.box_create[p, b] + 1 < creation_cost(s, t, p, b):
        return 0.0
    if a == 0 and b == DRAKOOR:
        return 1.0 * quietest_drakoor_vp(s, t)
    if not attacks_score(t, b if a == 0 else c):
        return 0.0
    return attack_share(s, t) * create_heal_value(s, t, p, a, b, c, w)


@jit_inline
def last_orange_value(s, t, p, w):
    """A Create/Heal token on the last turn: its best use (``last_create_heal_value``)."""
    best = 0.0
    for u in range(orange_uses(t)):
        a, b, c, legal = orange_use(s, t, p, u)
        if legal:
            best = maximum(best, last_create_heal_value(s, t, p, a, b, c, w))
    return best


@jit_inline
def own_drakoors_in(s, t, p, c):
    """The seat's Drakoors in city ``c``."""
    k = 0
    for x in range(s.city_monsters[c]):
        q, j = monster_in(s, c, x)
        if q == p and t.piece_kind[j] == DRAKOOR:
            k += 1
    return k


@jit
def drakoor_vp_change(s, t, p, i, c):
    """What moving the seat's monster ``i`` to city ``c`` changes in its Drakoors' VP at the end: one monster fewer
    beside those it leaves, one more beside those it joins, and a moving Drakoor's own."""
    here = s.piece_city[p, i]
    there, left = s.city_monsters[c], s.city_monsters[here] - 1
    behind = own_drakoors_in(s, t, p, here)
    change = 0
    if t.piece_kind[i] == DRAKOOR:
        behind -= 1
        change += drakoor_vp(t, there) - drakoor_vp(t, left)
    if behind > 0:
        change += behind * (drakoor_vp(t, left - 1) - drakoor_vp(t, left))
    joined = own_drakoors_in(s, t, p, c)
    if joined > 0:
        change += joined * (drakoor_vp(t, there) - drakoor_vp(t, there - 1))
    return 1.0 * change


@jit_inline
def threat(s, c):
    """How dangerous city ``c`` is for a revealed monster: armour fires first, infantry returns fire, heroes reveal."""
    return 1.0 * s.city_humans[c, ARMOUR] + 0.5 * s.city_humans[c, INFANTRY] + 0.4 * s.city_humans[c, HERO]


@jit_inline
def remaining(s, t, q, j):
    """Damage that destroys monster (q, j)."""
    k = t.piece_kind[j]
    return t.damage_capacity[k] - s.box_damage[q, k]


@jit_inline
def majority_value(s, t, p, c, hits):
    """Value for ``p`` of ``hits`` own rubble in city ``c`` for the rubble majority (-0.5: the city is full),
    by the scoring's standing of the colours (``decisions.rubble_standing``: how the brown rubble ties)."""
    k = rubble_room(s, t, p, c, hits)
    if k <= 0:
        return -0.5
    mine = rubble_standing(t, p, s.city_rubble[p, c])
    after = rubble_standing(t, p, s.city_rubble[p, c] + k)
    top = 0
    for r in range(t.players + 1):
        if r != p:
            top = maximum(top, rubble_standing(t, r, s.city_rubble[r, c]))
    v = 0.3 * k
    if mine <= top < after:
        v += 2.0  # takes the majority
    elif after == top:
        v += 1.0  # ties it
    elif mine > top:
        v += 0.2
    return v


@jit_inline
def tile_harm(t, damage, k):
    """What ``k`` > 0 more rubble in a city holding ``damage`` cost its tile's holder: the tile's VP lost (counted
    twice), and 1 for damaging an own city at all."""
    return 2.0 * (tile_vp(t, damage) - tile_vp(t, damage + k)) + 1.0


@jit_inline
def own_city_harm(s, t, p, c, hits):
    """What ``hits`` of ``p``'s rubble cost ``p`` holding city ``c``'s tile."""
    k = rubble_room(s, t, p, c, hits)
    if k <= 0:
        return 0.0
    return tile_harm(t, city_damage(s, c), k)


@jit_inline
def jet_collateral_harm(s, t, p, q, j, spare):
    """What a jet attacking player ``q``'s monster ``j`` is expected to cost ``p`` when the monster stands in ``p``'s
    own secret city: each die's chance of a collateral rubble piece, at one piece's harm, scaled by ``spare``."""
    c = s.piece_city[q, j]
    damage = city_damage(s, c)
    if s.tile_owner[c] != p or damage >= t.city_damage_cap:
        return 0.0
    return spare * t.jet_dice * t.jet_collateral_face / 6.0 * tile_harm(t, damage, 1)


@jit_inline
def less_own_city_harm(s, t, p, c, hits, spare, v):
    """``v`` less what ``hits`` rubble cost ``p`` if city ``c`` is its own secret city (scaled by ``spare``)."""
    if s.tile_owner[c] == p:
        return v - spare * own_city_harm(s, t, p, c, hits)
    return v


@jit_inline
def rubble_value(s, t, p, c, hits, spare):
    """Value for ``p`` of ``hits`` own rubble in city ``c``: majority gained, own secret city harmed."""
    return less_own_city_harm(s, t, p, c, hits, spare, majority_value(s, t, p, c, hits))


@jit_inline
def rubble_of_an_attack(s, t, p, c, spare):
    """``rubble_value`` of 3 hits on city ``c``.  Its majority part is remembered for each seat until the
    city's rubble changes (rubble is never removed, so the city's damage tells) or the seat has fewer than 3
    pieces left: every city is valued at most Move and Create decisions (and 3 hits are a common attack),
    and the rubble rarely changes between them."""
    m = s.policies
    now = 4 * city_damage(s, c) + minimum(rubble_left(s, t, p), 3) + 1
    if m.rubble_memo_at[p, c] != now:
        m.rubble_memo[p, c] = majority_value(s, t, p, c, 3)
        m.rubble_memo_at[p, c] = now
    return less_own_city_harm(s, t, p, c, 3, spare, m.rubble_memo[p, c])


@jit
def evaluate_places(s, t, p, lead, kinds):
    """Each city as a place for a hidden monster of ``p`` of the ``kinds`` (a bit mask), into ``s.policies.city_eval``:
    the humans' threat, and what those kinds' values read (``place_value``): rival prey (the leader's worth
    more) and own city-wrecking monsters, in one pass over the board, and the rubble value of a 3-die attack."""
    w = s.policies.param[p]
    ev = s.policies.city_eval
    rubble = kinds & t.wreckers != 0
    prey = kinds & HUNTERS != 0
    for c in range(t.n_cities):
        if rubble:
            ev[E_RUBBLE, c] = rubble_of_an_attack(s, t, p, c, w[W_SPARE])
        ev[E_THREAT, c] = threat(s, c)
    if not prey:
        return
    ev[E_PREY, :t.n_cities] = 0.0
    ev[E_OWN_WRECKERS, :t.n_cities] = 0.0
    for b in range(s.monsters):
        q, j = s.board_player[b], s.board_piece[b]
        c = s.piece_city[q, j]
        kj = t.piece_kind[j]
        if q != p and kj != DRAKOOR:
            ev[E_PREY, c] += (1.5 if q == lead else 1.0) * t.damage_capacity[kj] / 3.0
        if q == p and t.damages_cities[kj] == 1:
            ev[E_OWN_WRECKERS, c] += 1.0


@jit_inline
def kinds_placed(s, p, kind):
    """The kinds (a bit mask) a PLACE_MONSTER, BLOOB_SPAWN or MOVE decision may put somewhere."""
    if kind == PLACE_MONSTER:
        return 1 << option(s, 0, 1)
    if kind == BLOOB_SPAWN:
        return 1 << BLOOB
    kinds = 0
    for k in range(N_KINDS):
        if s.on_board[p, k] > 0:
            kinds |= 1 << k
    return kinds


@jit_inline
def place_value(s, t, k, c, w, standing=0):
    """Value of a kind-``k`` monster standing (hidden) in city ``c`` (``evaluate_places`` was called); ``standing`` 1
    when it stands there already, so that it is not one of the city's other monsters."""
    ev = s.policies.city_eval
    others = s.city_monsters[c] - standing
    v = 0.0
    if t.damages_cities[k] == 1:
        v += w[W_BUILD] * ev[E_RUBBLE, c]
    if k == DRAKOOR:
        v += w[W_LURK] * (drakoor_vp(t, others) - 1.5 * s.city_humans[c, HERO])
    elif k == MOOGRE or k == SHAGGOO:
        v += w[W_HUNT] * ev[E_PREY, c]
    elif k == KIDDOO:
        v += w[W_HUNT] * (0.5 * ev[E_PREY, c] + ev[E_OWN_WRECKERS, c])
    elif k == SPECTOOR:
        v -= w[W_LURK] * 0.3 * others
    return v - 0.3 * ev[E_THREAT, c]


@jit_inline
def reveals_for_nothing(t, k, b, d):
    """A Drakoor (kind ``k``) attacking anything but a Drakoor (target type ``b``, piece or city ``d``): the attack
    reveals it to the heroes, who hunt revealed Drakoors, for nothing that scores."""
    return k == DRAKOOR and (b != TT_MONSTER or t.piece_kind[d] != DRAKOOR)


@jit_inline
def best_target_value(s, t, p, i, dice, w, lead):
    """The value of the best target of monster (p, i) rolling ``dice`` dice."""
    k = t.piece_kind[i]
    c = s.piece_city[p, i]
    best = -1e9
    for x in range(monsters_in(s, c)):
        q, j = monster_in(s, c, x)
        if q != p and may_attack(s, t, k, q, j) and not reveals_for_nothing(t, k, TT_MONSTER, j):
            best = maximum(best, monster_target_value(s, t, p, k, q, j, dice, w, lead))
    if humans_in(s, c) > 0 and not reveals_for_nothing(t, k, TT_HUMANS, c):
        best = maximum(best, humans_value(s, t, p, i, c, dice, w))
    if t.damages_cities[k] == 1:
        best = maximum(best, city_target_value(s, t, p, i, c, dice, w))
    return best


@jit_inline
def fewer_hits_than(t, n, k):
    """The chance that ``n`` dice score fewer than ``k`` hits (binomial)."""
    h = hit_chance(t)
    chance = 0.0
    ways = 1.0  # n choose x
    for x in range(minimum(k, n + 1)):
        chance += ways * h ** x * (1.0 - h) ** (n - x)
        ways = ways * (n - x) / (x + 1)
    return chance


@jit_inline
def hits_chance(t, n, k):
    """The chance that ``n`` dice score exactly ``k`` hits."""
    return fewer_hits_than(t, n, k + 1) - fewer_hits_than(t, n, k)


@jit_inline
def trophy_chance(t, kiddoo, moogre, damage_left):
    """The chance that Moogre's ``moogre`` dice destroy a monster with ``damage_left`` after a joining Kiddoo's
    ``kiddoo`` dice, which strike first and whose kill is no trophy (0: Moogre attacks alone)."""
    chance = 0.0
    for x in range(minimum(damage_left, kiddoo + 1)):  # Kiddoo's x hits leave it alive
        chance += hits_chance(t, kiddoo, x) * (1.0 - fewer_hits_than(t, moogre, damage_left - x))
    return chance


@jit_inline
def trophy_value(t, k, chance, w):
    """A ``chance`` of a monster of kind ``k`` for Moogre's trophies (its damage capacity in VP), to a hunter."""
    return w[W_HUNT] * chance * t.damage_capacity[k] * 0.5


# an Attack token stored in a Monster box, in the hunt's value of a monster destroyed (a kill counts 1): an attack to
# come, lost with the monster
BOX_TOKEN = 0.2


@jit_inline
def monster_target_value(s, t, p, k, q, j, dice, w, lead, kiddoo=0):
    """Monster kind ``k`` attacking monster (q, j) with ``dice`` dice: the share of it destroyed (expected hits over
    the damage it has left) and the Attack tokens lost with it; for Moogre the trophy's VP, scored on a kill only.
    ``kiddoo``: the dice of a joining Kiddoo, which strike first, if they can hurt the monster; its kill is no
    trophy."""
    kj = t.piece_kind[j]
    if kj == DRAKOOR and k != DRAKOOR:  # Shaggoo only reveals it, for the heroes
        return 0.3 * w[W_HUMANS]
    first = kiddoo if can_hurt(t, kj, KIDDOO) else 0
    rem = remaining(s, t, q, j)
    hits = (first + dice) * hit_chance(t)
    kill = 1.0 if hits >= rem else hits / rem
    v = w[W_HUNT] * (1.0 + kill * (1.0 + s.box_attack[q, kj] * BOX_TOKEN))
    if k == MOOGRE:
        v += trophy_value(t, kj, trophy_chance(t, first, dice, rem), w)
    if q == lead:
        v += 0.5
    if s.piece_hidden[q, j] == 1:
        v *= 0.7
    return v


@jit_inline
def survives_armour(s, t, p, i, c, kiddoo_hits=0):
    """The chance that monster (p, i) survives the armour of city ``c``, which fires first when it attacks the
    humans or the city: fewer hits than the damage it has left.  A joining Kiddoo's ``kiddoo_hits`` strike before the
    armour fires."""
    if not can_hurt(t, t.piece_kind[i], SRC_MILITARY):
        return 1.0
    return fewer_hits_than(t, humans_left(s, c, kiddoo_hits, ARMOUR) * t.armour_dice, remaining(s, t, p, i))


@jit_inline
def whole_hits(t, dice):
    """The hits ``dice`` dice can be expected to score, rounded: which humans an attack removes, as a bot reckons it."""
    return np.int64(dice * hit_chance(t) + 0.5)


@jit_inline
def survives_the_humans(s, t, p, i, c, dice, kiddoo_hits=0):
    """The chance that monster (p, i) attacking the humans of city ``c`` with ``dice`` dice is alive after the
    armour's fire and the return fire of the infantry its expected hits leave (armour goes first): the two
    volleys' dice together score fewer hits than the damage it has left.  A joining Kiddoo's ``kiddoo_hits`` remove
    humans first."""
    if not can_hurt(t, t.piece_kind[i], SRC_MILITARY):
        return 1.0
    armour, infantry = humans_left(s, c, kiddoo_hits, ARMOUR), humans_left(s, c, kiddoo_hits, INFANTRY)
    spent = maximum(whole_hits(t, dice) - armour, 0)
    volleys = armour * t.armour_dice + maximum(infantry - spent, 0) * t.infantry_dice
    return fewer_hits_than(t, volleys, remaining(s, t, p, i))


@jit_inline
def humans_value(s, t, p, i, c, dice, w, kiddoo_hits=0):
    """Monster (p, i) attacking the humans of city ``c`` with ``dice`` dice: each armour and infantry piece it may
    eliminate is worth more to a lurker or a hunter, if it survives the armour firing first; a monster lost to the
    armour or the infantry's return fire is worth 1.  The pieces a joining Kiddoo's ``kiddoo_hits`` remove first are
    the attack's, and fire no more."""
    gain = 0.1 + 0.3 * (s.city_humans[c, ARMOUR] + s.city_humans[c, INFANTRY]) * (w[W_LURK] + w[W_HUNT]) * 0.5
    return (survives_armour(s, t, p, i, c, kiddoo_hits) * gain
            - (1.0 - survives_the_humans(s, t, p, i, c, dice, kiddoo_hits)))


# a city attack's hits beyond those expected to remove the humans: rubble, where an attack on the humans wastes them
RUBBLE_CHANCE = 0.05


@jit_inline
def city_target_value(s, t, p, i, c, dice, w, kiddoo_hits=0):
    """Monster (p, i) attacking city ``c`` with ``dice`` dice: the fight against its humans ('the same procedure as
    if you were attacking humans', ``humans_value``), then, if it survives the armour firing first, the rubble its
    expected hits left after the humans place and the game's result when they are the seat's last pieces.  With no
    hit expected beyond the humans, the chance of one (``RUBBLE_CHANCE``), which an attack on the humans wastes and
    which harms the seat's own secret city.  A joining Kiddoo's ``kiddoo_hits`` strike the humans first (those beyond
    them damage the city only if Kiddoo wrecks, ``kiddoo_wrecks``)."""
    humans = humans_in(s, c)
    fight = humans_value(s, t, p, i, c, dice, w, kiddoo_hits) if humans > 0 else 0.0
    wrecked = maximum(kiddoo_hits - humans, 0) if kiddoo_wrecks(t, TT_CITY) else 0
    through = whole_hits(t, dice) - maximum(humans - kiddoo_hits, 0) + wrecked
    if through <= 0:
        return fight - RUBBLE_CHANCE if s.tile_owner[c] == p else fight + RUBBLE_CHANCE
    if through == 3:
        v = rubble_of_an_attack(s, t, p, c, w[W_SPARE])
    else:
        v = rubble_value(s, t, p, c, through, w[W_SPARE])
    return fight + survives_armour(s, t, p, i, c, kiddoo_hits) * (w[W_BUILD] * v + ending_value(s, t, p, c, through))


@jit_inline
def military_kill_worth(s, t, q, j):
    """Player ``q``'s monster ``j`` destroyed by the military: more with Attack tokens stored in its box."""
    return 1.0 + 0.3 * s.box_attack[q, t.piece_kind[j]]


@jit_inline
def military_target_value(s, t, q, j, hits, lead):
    """Sending military (a piece to a city, the jet) at player ``q``'s monster ``j``, ``hits`` expected: the share of
    what destroys it, all the more for the leading rival's."""
    rem = remaining(s, t, q, j)
    kill = 1.0 if hits >= rem else hits / rem
    return (1.0 + kill * military_kill_worth(s, t, q, j)) * (ON_LEADER if q == lead else 1.0)


@jit_inline
def damage_expected(s, t, q, j, dice):
    """The damage ``dice`` dice rolled together are expected to do to player ``q``'s monster ``j``: hits beyond what
    destroys it are wasted ('the fourth hit is wasted')."""
    e = 0.0
    for x in range(1, remaining(s, t, q, j) + 1):  # E[min(hits, damage left)]: the chances of at least x hits
        e += 1.0 - fewer_hits_than(t, dice, x)
    return e


@jit_inline
def military_fire_value(s, t, q, j, piece, declared, lead):
    """A military ``piece`` firing at player ``q``'s monster ``j``, with ``declared`` dice of other pieces already set
    on it (all roll together): the damage its dice add, so that fire spreads once the monster is likely destroyed."""
    dice = military_dice(t, piece)
    added = damage_expected(s, t, q, j, declared + dice) - damage_expected(s, t, q, j, declared)
    # the leader's monster is worth more for the damage done to it, not for the attack (any rival's is worth 1)
    share = added / remaining(s, t, q, j) * military_kill_worth(s, t, q, j)
    return 1.0 + share * (ON_LEADER if q == lead else 1.0)


@jit_inline
def hero_value(s, p, q, kind, hidden, f, c, matter):
    """A hero arriving in city ``c`` and a monster of ``q`` there: revealed (hidden ones), hunted
    (Drakoors) or attacked by the city's military (revealed ones, our own too), worth ``f`` times more for the
    leader; a monster other than a Drakoor ``matter`` times (0: no monster attacks again).  Every case is
    computed and one selected, without branches: the monsters come in no predictable order."""
    military = f * 0.3 * (s.city_humans[c, ARMOUR] + s.city_humans[c, INFANTRY])
    own = -2.5 if kind == DRAKOOR else matter * (-1.0 if hidden else -military)
    rival = f * (0.6 if hidden else 1.5) if kind == DRAKOOR else matter * (f * 0.6 if hidden else military)
    return own if q == p else rival


@jit
def evaluate_cities(s, t, p, lead, rows):
    """Each city's value for ``p`` placing a hero, an infantry, an armour or the A-bomb there (into
    ``s.policies.city_eval``), in one pass over the monsters on the board.  Only the ``rows`` (a bit mask
    of ``E_*``, see ``rows_read``) are computed; the others are not to be read.  Returns the rows
    computed (infantry and armour go together).

    A hero reveals hidden monsters (rivals' good, the leader's better, own bad), hunts revealed
    Drakoors and sets off the city's military; a military piece attacks the best revealed rival
    monster with the city's armour and infantry (or guards an own city; with only our own revealed
    monsters there, the attack it must make is a loss); the A-bomb hits every
    monster it can hurt (``state.can_hurt``: Drakoors only under the rules option) and damages the city.
    Once no monster can attack again (``monsters_may_attack``), only Drakoors and the cities count.
    """
    w = s.policies.param[p]
    C = t.n_cities
    cap = t.city_damage_cap
    ev = s.policies.city_eval
    hit = hit_chance(t)
    matter = 1.0 if monsters_may_attack(s, t) else 0.0
    want_hero = rows >> E_HERO & 1 == 1
    want_military = rows & (1 << E_INFANTRY | 1 << E_ARMOUR) != 0
    want_a_bomb = rows >> E_A_BOMB & 1 == 1
    if want_military:
        rows |= 1 << E_INFANTRY | 1 << E_ARMOUR  # computed together
    for e in range(E_A_BOMB + 1):
        if rows >> e & 1 == 1:
            ev[e, :C] = 0.0
    for b in range(s.monsters):
        q, j = s.board_player[b], s.board_piece[b]
        f = ON_LEADER if q == lead else 1.0
        c = s.piece_city[q, j]
        kj = t.piece_kind[j]
        hidden = s.piece_hidden[q, j] == 1
        if want_hero:
            ev[E_HERO, c] += hero_value(s, p, q, kj, hidden, f, c, matter)
        if want_a_bomb and can_hurt(t, kj, SRC_A_BOMB):
            worth = t.damage_capacity[kj] / 2.0 + 0.5 * s.box_attack[q, kj]
            if kj != DRAKOOR:
                worth *= matter
            ev[E_A_BOMB, c] += -2.0 * worth if q == p else worth * f
        # the attack a placed piece must make goes to a rival if one is there, else it hurts our own (once no
        # monster attacks again, it changes no score: Drakoors are no military target)
        if (want_military and matter > 0.0 and military_target(s, t, q, j)
                and (q != p or ev[E_INFANTRY, c] <= 0.0) and not moogres_prey(s, t, p, q, j)):
            base = 3 * s.city_humans[c, ARMOUR] + 2 * s.city_humans[c, INFANTRY]
            infantry = military_target_value(s, t, q, j, (2 + base) * hit, lead)
            armour = military_target_value(s, t, q, j, (3 + base) * hit, lead)
            if q != p:
                ev[E_INFANTRY, c] = maximum(ev[E_INFANTRY, c], infantry)
                ev[E_ARMOUR, c] = maximum(ev[E_ARMOUR, c], armour)
            else:
                ev[E_INFANTRY, c] = minimum(ev[E_INFANTRY, c], -infantry)
                ev[E_ARMOUR, c] = minimum(ev[E_ARMOUR, c], -armour)
    for c in range(C):
        if s.tile_owner[c] == p:
            if want_military:  # guarding the seat's own city
                if ev[E_INFANTRY, c] == 0.0:
                    ev[E_INFANTRY, c] = 0.2 * matter
                if ev[E_ARMOUR, c] == 0.0:
                    ev[E_ARMOUR, c] = 0.2 * matter
            if want_a_bomb:
                ev[E_A_BOMB, c] -= w[W_SPARE] * minimum(cap / 2.0, cap - city_damage(s, c))
    for e in range(E_A_BOMB + 1):  # the best city for each
        if rows >> e & 1 == 1:
            best = -1e18
            for c in range(C):
                best = maximum(best, ev[e, c])
            s.policies.city_best[e] = best
    return rows


@jit_inline
def remember_cities(s, p, lead, rows):
    """The city values an ACTION decision computed serve the next decision (the city of the hero or
    military piece taken, or the pull): between the two the engine changes only the Action boxes, the
    Pass marker and the stock, which they do not read.  ``choose`` counts every decision, so a pull
    in between is seen."""
    key = s.policies.city_eval_key
    key[0], key[1], key[2], key[3] = s.policies.decisions, p, lead, rows


@jit_inline
def cities_remembered(s, p, lead, rows):
    """``s.policies.city_eval`` holds ``rows`` of seat ``p``'s ACTION decision just before this one, with the same
    leader."""
    key = s.policies.city_eval_key
    return key[0] == s.policies.decisions - 1 and key[1] == p and key[2] == lead and rows & ~key[3] == 0


@jit_inline
def eval_row(purpose):
    if purpose == FOR_HERO:
        return E_HERO
    if purpose == FOR_A_BOMB:
        return E_A_BOMB
    return E_ARMOUR if purpose == FOR_ARMOUR else E_INFANTRY


@jit_inline
def military_purpose(piece):
    """The CITY purpose of placing a military piece other than the jet."""
    if piece == A_BOMB:
        return FOR_A_BOMB
    return FOR_ARMOUR if piece == ARMOUR else FOR_INFANTRY


# ---------------------------------------------------------------- the decisions

@jit_inline
def best_city(s, purpose):
    """The value of the best city for a hero or military piece (``evaluate_cities`` was called)."""
    return s.policies.city_best[eval_row(purpose)]


@jit
def best_jet(s, t, p, lead):
    """The value of the jet's best target (``MILITARY_TARGET``)."""
    best = 0.0
    if not monsters_may_attack(s, t):
        return best
    spare = s.policies.param[p, W_SPARE]
    for b in range(s.monsters):
        q, j = s.board_player[b], s.board_piece[b]
        if q != p and military_target(s, t, q, j) and not moogres_prey(s, t, p, q, j):
            v = military_target_value(s, t, q, j, 2.0, lead) - jet_collateral_harm(s, t, p, q, j, spare)
            if v > best:
                best = v
    return best


@jit
def monster_threatened(s, t, p, k):
    """The seat has a revealed piece of kind ``k`` in a city with military or heroes."""
    for i in range(t.kind_first[k], t.kind_first[k] + t.pieces[k]):
        if s.piece_where[p, i] == ON_BOARD and s.piece_hidden[p, i] == 0 and threat(s, s.piece_city[p, i]) > 0:
            return True
    return False


@jit
def trophy_in_reach(s, t, p, k):
    """The box is Moogre's, and its stored tokens can be expected to destroy a rival monster beside one of the seat's
    Moogres (``moogre_kills``), which storing one more token would give the monster a go to move or hide away with."""
    if k != MOOGRE:
        return False
    for b in range(s.monsters):
        if moogre_kills(s, t, p, s.board_player[b], s.board_piece[b], s.box_attack[p, MOOGRE]):
            return True
    return False


@jit
def moogre_kills(s, t, p, q, j, tokens):
    """Rival monster (q, j) stands beside one of ``p``'s Moogres, which may attack it and can expect to destroy it
    with ``tokens`` Attack tokens: a trophy ('If you destroy a monster with your Moogre ... you place it in your
    Moogre Monster Box'), which a kill by anything else takes from it."""
    if q == p or s.on_board[p, MOOGRE] == 0 or not may_attack(s, t, MOOGRE, q, j):
        return False
    if remaining(s, t, q, j) > whole_hits(t, tokens * t.attack_dice[MOOGRE]):
        return False
    for i in range(t.kind_first[MOOGRE], t.kind_first[MOOGRE] + t.pieces[MOOGRE]):
        if alive_at(s, p, i, s.piece_city[q, j]):
            return True
    return False


@jit_inline
def moogres_prey(s, t, p, q, j):
    """Rival monster (q, j) is a trophy for one of ``p``'s Moogres with the tokens in its box and one more: the seat's
    military and jets leave it to Moogre."""
    return moogre_kills(s, t, p, q, j, s.box_attack[p, MOOGRE] + 1)


@jit
def kind_attack_value(s, t, p, k, dice, lead):
    """The value of the best target of any of the seat's kind-``k`` monsters rolling ``dice`` dice."""
    w = s.policies.param[p]
    best = -1e9
    for i in range(t.kind_first[k], t.kind_first[k] + t.pieces[k]):
        if s.piece_where[p, i] == ON_BOARD:
            best = maximum(best, best_target_value(s, t, p, i, dice, w, lead))
    return best


# an Attack token with no attacker of the seat's on the board: stored for one to come, and kept from the rivals
STORED_ATTACK = 0.5


@jit_inline
def has_attacker(s, t, p):
    """The seat has on the board a monster that an Attack token serves: one that wrecks cities or hunts."""
    for k in range(N_KINDS):
        if s.on_board[p, k] > 0 and (t.wreckers | HUNTERS) >> k & 1 == 1:
            return True
    return False


@jit_inline
def token_value(s, t, p, token, w):
    """An orange, white or purple token (0, 1, 2)."""
    if token == 0:
        if last_turn(s, t):
            return last_orange_value(s, t, p, w)
        return 2.0 + (0.5 if s.turn < 2 else 0.0)
    if token == 1:
        if not has_attacker(s, t, p):
            return STORED_ATTACK
        return 1.5 + 1.5 * maximum(maximum(w[W_BUILD], w[W_HUNT]), w[W_LURK] * 0.5)
    return 0.6 + 0.8 * w[W_LURK]


# placing the Pass marker: reserve the action this seat values most for later
PASS_WHITE, PASS_ORANGE, PASS_OTHER = 0.3, 0.2, 0.1


@jit_inline
def action_value(s, t, p, code, a, b, w, lead):
    """ACTION (no recursion here: numba's cache breaks recursive functions)."""
    if code <= A_PURPLE:
        return token_value(s, t, p, code - A_ORANGE, w)
    if code == A_HERO:
        return w[W_HUMANS] * best_city(s, FOR_HERO)
    if code == A_MILITARY:
        if b == JET:
            return w[W_HUMANS] * best_jet(s, t, p, lead)
        return w[W_HUMANS] * best_city(s, military_purpose(b))
    if code == A_PLACE_PASS:
        if a == BOX_WHITE:
            return PASS_WHITE
        return PASS_ORANGE if a == BOX_ORANGE else PASS_OTHER
    if code == A_REMOVE_PASS:
        if a <= 2:
            return 0.9 * token_value(s, t, p, a, w)
        if a == 3:
            return 0.9 * w[W_HUMANS] * best_city(s, FOR_HERO)
        return 0.9 * w[W_HUMANS] * best_city(s, FOR_INFANTRY if a == 4 else FOR_ARMOUR)
    return 0.0


@jit_inline
def good_token_on_offer(s, t, p, n, w):
    """A token box offers a token worth ``token_first`` (0: never)."""
    first = w[W_TOKEN_FIRST]
    if first <= 0.0:
        return False
    for o in range(n):
        code = option(s, o, 0)
        if code > A_PURPLE:
            return False  # the token boxes' options come first
        if token_value(s, t, p, code - A_ORANGE, w) >= first:
            return True
    return False


@jit_inline
def better(s, v, o, best, pick, ties):
    """The best value so far, its option and how many options share it, once option ``o`` is valued
    ``v``: of equal values, each option is taken with the same chance (one draw per tie)."""
    if v == best:
        ties += 1
        if below(ties, s.policies.rng) == 0:
            pick = o
        return best, pick, ties
    up = v > best  # selects, not branches: which option is best is hard to predict
    return maximum(v, best), o if up else pick, 1 if up else ties


@jit
def best_action(s, t, p, n):
    """ACTION.  With a good token on offer, only the tokens are weighed: the token boxes (they come
    first) and the Pass marker's box (last) if it holds tokens.  The Pass marker's placements come
    last and are not weighed once a better option is found."""
    w = s.policies.param[p]
    best, pick, ties = -1e18, 0, 0
    if good_token_on_offer(s, t, p, n, w):
        o = 0
        while o < n and option(s, o, 0) <= A_PURPLE:
            best, pick, ties = better(s, token_value(s, t, p, option(s, o, 0) - A_ORANGE, w), o, best, pick, ties)
            o += 1
        if option(s, n - 1, 0) == A_REMOVE_PASS and option(s, n - 1, 1) <= BOX_PURPLE:
            v = action_value(s, t, p, A_REMOVE_PASS, option(s, n - 1, 1), 0, w, -1)
            best, pick, ties = better(s, v, n - 1, best, pick, ties)
        return pick
    rows = rows_read(s, ACTION, n)
    lead = -1
    if rows != 0:
        lead = leading_rival(s, t, p)
        remember_cities(s, p, lead, evaluate_cities(s, t, p, lead, rows))
    for o in range(n):
        code, a, b = option(s, o, 0), option(s, o, 1), option(s, o, 2)
        if code == A_PLACE_PASS and best > PASS_WHITE:
            break  # none of the rest can be taken or tie
        if code == A_MILITARY and b == JET and lead < 0:
            lead = leading_rival(s, t, p)
        best, pick, ties = better(s, action_value(s, t, p, code, a, b, w, lead), o, best, pick, ties)
    return pick


@jit
def best_move(s, t, p, n):
    """MOVE: a move is worth what the monster gains by leaving its city (its value there is computed once
    per piece: a piece's options are consecutive); hiding is worth more under threat, most for a Drakoor.
    Once no monster can attack again, a move is worth what it changes in the seat's Drakoors' VP, and only a
    Drakoor (which heroes may still hunt) gains by hiding."""
    w = s.policies.param[p]
    evaluate_places(s, t, p, leading_rival(s, t, p), kinds_placed(s, p, MOVE))
    final = not monsters_may_attack(s, t)
    best, pick, ties = -1e18, 0, 0
    piece = -1
    stay = 0.0
    for o in range(n):
        i, c = option(s, o, 0), option(s, o, 1)
        k = t.piece_kind[i]
        here = s.piece_city[p, i]
        if c < 0:  # hide
            v = (0.3 + threat(s, here)) * (0.5 + w[W_LURK])
            if k == DRAKOOR:
                v += 1.0 + 2.0 * s.city_humans[here, HERO]
            elif final:
                v = 0.0
        elif final:
            v = drakoor_vp_change(s, t, p, i, c) - 0.1
        else:
            if i != piece:
                piece = i
                stay = place_value(s, t, k, here, w, 1)
            v = place_value(s, t, k, c, w) - stay - 0.1
        best, pick, ties = better(s, v, o, best, pick, ties)
    return pick


@jit
def best_spending(s, t, p, n):
    """ATTACK_SPEND: store (j = 0) until the box holds ``attack_at`` tokens, the monster is revealed under
    threat, its tokens can be expected to win Moogre a trophy or it is the last turn; then attack with every
    token, if the attack is worth it."""
    w = s.policies.param[p]
    k = s.attack_kind
    stored = s.box_attack[p, k]
    ready = (stored >= w[W_ATTACK_AT] or last_turn(s, t) or monster_threatened(s, t, p, k)
             or trophy_in_reach(s, t, p, k))
    best, pick, ties = -1e18, 0, 0
    for o in range(n):
        j = option(s, o, 0)
        if j == 0:
            v = 0.5 if not ready else 0.0
        elif not ready or j < stored:
            v = -1.0 + 0.01 * j
        else:
            v = kind_attack_value(s, t, p, k, j * t.attack_dice[k], leading_rival(s, t, p))
        best, pick, ties = better(s, v, o, best, pick, ties)
    return pick


@jit
def attack_target_value(s, t, p, a, b, c, d, w, lead):
    """An ATTACK_TARGET option (``decisions``): a monster, humans or a city, or none (a < 0).  Called, not inlined
    into ``option_value``: ``best_option`` is compiled once per kind, each copy typing every kind's valuation, and
    this one, the largest, made its ten copies 150 s of compiling, 20 s without it (for some 60 options a game)."""
    if a < 0:
        return 0.0
    k = t.piece_kind[a]
    if reveals_for_nothing(t, k, b, d):
        return -1.0
    if b == TT_MONSTER:
        return monster_target_value(s, t, p, k, c, d, s.attack_dice, w, lead)
    return fight_value(s, t, p, a, b, d, s.attack_dice, w, 0)


@jit
def fight_value(s, t, p, i, b, c, dice, w, kiddoo_hits):
    """Monster (p, i) attacking the humans (target type ``b``) or city ``c``: ``humans_value`` or
    ``city_target_value``, after a joining Kiddoo's ``kiddoo_hits``."""
    if b == TT_HUMANS:
        return humans_value(s, t, p, i, c, dice, w, kiddoo_hits)
    return city_target_value(s, t, p, i, c, dice, w, kiddoo_hits)


@jit_inline
def kiddoo_strike_value(s, t, p, dice, w, lead):
    """What a joining Kiddoo's ``dice`` add to the attack being resolved (``s.attacker``'s on ``s.target_type``), as the
    attack is valued (``attack_target_value``): on a monster, the share of it destroyed and, for Moogre, the trophy
    its kill would take; on the humans or the city, by the chance of each number of its hits, the humans they remove
    before the armour fires.  Nothing where they hurt nothing (a Drakoor, a city without humans)."""
    i, b, q, j = s.attacker, s.target_type, s.target_player, s.target_piece
    k = t.piece_kind[i]
    if reveals_for_nothing(t, k, b, j):
        return 0.0
    if b == TT_MONSTER:
        return (monster_target_value(s, t, p, k, q, j, s.attack_dice, w, lead, dice)
                - monster_target_value(s, t, p, k, q, j, s.attack_dice, w, lead))
    c = s.piece_city[p, i]
    alone = fight_value(s, t, p, i, b, c, s.attack_dice, w, 0)
    v = 0.0
    for x in range(1, dice + 1):  # a miss changes nothing; differences, so that hits that change nothing add exactly 0
        v += hits_chance(t, dice, x) * (fight_value(s, t, p, i, b, c, s.attack_dice, w, x) - alone)
    return v


@jit
def kiddoo_join_value(s, t, p, tokens, w, lead):
    """KIDDOO_JOIN: Kiddoo joins the attack being resolved expending ``tokens`` of its stored Attack tokens ('Kiddoo
    always gets to roll at least one die': ``kiddoo_dice``, so a token may buy no die).  It is worth what its dice add
    to the attack (``kiddoo_strike_value``) less the tokens, each kept an attack to come (``BOX_TOKEN`` to a hunter;
    on the last turn by the share of the Attack tokens left that the seat can expect).  Called, not inlined (as
    ``attack_target_value``)."""
    kept = attack_share(s, t) * w[W_HUNT] * BOX_TOKEN
    return kiddoo_strike_value(s, t, p, kiddoo_dice(t, tokens), w, lead) - kept * tokens


@jit_inline
def create_heal_value(s, t, p, a, b, c, w):
    """CREATE_HEAL: a token in Monster box ``b`` (a = 0), by the style's affinity with the monster and how near it
    is to being created; or healing player ``b``'s kind-``c`` monster (a = 1)."""
    if a == 0:
        cost = creation_cost(s, t, p, b)
        return (w[W_BUILD] * AFFINITY[b, 0] + w[W_LURK] * AFFINITY[b, 1] + w[W_HUNT] * AFFINITY[b, 2]
                + 1.0 * s.box_create[p, b] / cost)
    return (0.5 + w[W_LURK]) * 2.0 * s.box_damage[b, c] / t.damage_capacity[c]


@jit_inline
def option_value(s, t, p, kind, o, w, lead):
    """The value of option ``o`` of a decision of ``kind`` (not ACTION, MOVE or ATTACK_SPEND) for seat
    ``p`` with weights ``w``."""
    a, b, c, d = option(s, o, 0), option(s, o, 1), option(s, o, 2), option(s, o, 3)
    if kind == CREATE_HEAL:
        if last_turn(s, t):
            return last_create_heal_value(s, t, p, a, b, c, w)
        return create_heal_value(s, t, p, a, b, c, w)
    if kind == PLACE_MONSTER:
        return place_value(s, t, b, a, w)
    if kind == BLOOB_SPAWN:
        if a < 0:
            return -0.5
        return place_value(s, t, BLOOB, a, w)
    if kind == ATTACK_BOX:
        v = w[W_BUILD] * AFFINITY[a, 0] + w[W_HUNT] * AFFINITY[a, 2] + 0.3 * s.box_attack[p, a]
        v += 0.5 * kind_attack_value(s, t, p, a, 2 * t.attack_dice[a], lead)
        if monster_threatened(s, t, p, a):
            v += 1.0
        return v
    if kind == ATTACK_TARGET:
        return attack_target_value(s, t, p, a, b, c, d, w, lead)
    if kind == KIDDOO_JOIN:  # staying out keeps a hidden Kiddoo hidden: the lurk weight's part of hiding (best_move's)
        if a < 0:
            return w[W_LURK] * (0.3 + threat(s, s.piece_city[p, s.attacker])) if b == 1 else 0.0
        return kiddoo_join_value(s, t, p, a, w, lead)
    if kind == CITY:
        return s.policies.city_eval[eval_row(b), a]
    if kind == PULL:  # take the piece from where it threatens the seat most and its rivals least
        return -s.policies.city_eval[E_HERO if b == HERO else E_INFANTRY, a]
    if kind == DRAKOOR_KILL:
        if a == p:
            return -5.0
        return 1.0 + (1.0 if a == lead else 0.0)
    if kind == MILITARY_TARGET:
        if a == p:
            return -5.0
        if moogres_prey(s, t, p, a, b):
            return 0.0
        v = military_fire_value(s, t, a, b, c, d, lead)
        return v - jet_collateral_harm(s, t, p, a, b, w[W_SPARE]) if c == JET else v
    return 0.0


@jit
def ready_for(s, t, p, kind, n):
    """Work out, once per decision of the other kinds, what its options are valued against: the city or place
    values they read, and the leading rival (returned; -1: none)."""
    lead = -1
    if kind != CREATE_HEAL and kind != KIDDOO_JOIN:  # the others may favour hurting the leader
        lead = leading_rival(s, t, p)
    rows = rows_read(s, kind, n)
    if rows != 0:
        if not cities_remembered(s, p, lead, rows):
            evaluate_cities(s, t, p, lead, rows)
    elif kind == PLACE_MONSTER or kind == BLOOB_SPAWN:
        evaluate_places(s, t, p, lead, kinds_placed(s, p, kind))
    return lead


@jit
def best_option(s, t, p, kind, n, lead):
    """The decisions of the other kinds, one option at a time.  The kind is passed as a constant: each kind gets a
    compiled copy of this loop, with its own valuation alone (games ~5% faster than with one loop that asks the
    kind at every option), and ``ready_for`` is compiled once."""
    w = s.policies.param[p]
    best, pick, ties = -1e18, 0, 0
    for o in range(n):
        best, pick, ties = better(s, option_value(s, t, p, kind, o, w, lead), o, best, pick, ties)
    return pick


@jit_inline
def rows_read(s, kind, n):
    """The ``evaluate_cities`` rows (a bit mask) the options of the decision read: the values of
    a hero or military piece in each city, or 0."""
    if kind == CITY:
        return 1 << eval_row(option(s, 0, 1))
    if kind == PULL:
        return 1 << E_HERO | 1 << E_INFANTRY
    if kind != ACTION:
        return 0
    rows = 0
    for o in range(n):
        code, a, b = option(s, o, 0), option(s, o, 1), option(s, o, 2)
        if code == A_PLACE_PASS:
            break  # the Pass marker's placements come last
        if code == A_HERO or (code == A_REMOVE_PASS and a == BOX_HERO):
            rows |= 1 << E_HERO
        elif code == A_MILITARY and b != JET:
            rows |= 1 << eval_row(military_purpose(b))
        elif code == A_REMOVE_PASS and a > BOX_HERO:
            rows |= 1 << eval_row(FOR_INFANTRY if a == BOX_MILITARY_ONE else FOR_ARMOUR)
    return rows


@jit_inline
def choose_scripted(s, t, seat, kind, n):
    """Value the options (in a loop for the decision's kind) and take the best; ties are broken at random.
    The compiled functions below read the seat's weights from the state (``w = s.policies.param[p]``): passed as
    an argument, an array is seven machine words at every call (~1.5% slower games)."""
    seat, n = variable(seat), variable(n)  # one compiled copy of each, whatever the engine passes
    if kind == ACTION:
        return best_action(s, t, seat, n)
    if kind == MOVE:
        return best_move(s, t, seat, n)
    if kind == ATTACK_SPEND:
        return best_spending(s, t, seat, n)
    return best_option(s, t, seat, kind, n, ready_for(s, t, seat, variable(kind), n))


@jit_inline
def choose(s, t, seat, kind, n):
    """The index of the option the seat's policy takes among ``s.options[:n]``.  The engine asks at every
    decision, a lone option included: the policies count the decisions (``remember_cities``)."""
    s.policies.decisions += 1
    if n == 1:
        return 0
    if s.policies.id[seat] == RANDOM:
        return below(n, s.policies.rng)
    return choose_scripted(s, t, seat, kind, n)
