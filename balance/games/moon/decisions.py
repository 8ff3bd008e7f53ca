"""Monsters on the Moon's decisions, how their options are written, and the questions of the rules that
both the engine and the strategies ask (a strategy never restates a rule: it asks here).

The decisions, each asked of one seat:

- ``PASS_CARD`` (setup): which double-head card to give to the player on the right: ``PASS`` (slot).
- ``STARTER`` (after the in-game scoring, asked of the player with the fewest points): who places
  the next card: ``START`` (seat).
- ``TURN_KIND`` (advanced mode, when both are possible): ``CARD_TURN`` or ``WALL_TURN``.
- ``SPACESHIP`` (before and after the turn's card or walls, while the seat has spaceships): ``NO_SHIP``
  or ``SHIP`` (square of a visible crystal).
- ``PLACE``: ``PLACE`` (hand slot, quarter turns, top-left square) a card from the hand.
- ``TILE``: ``TILE`` (square): the opponent's monster on the card just placed that the monster tile goes on.
- ``WALL``: ``WALL`` (squares spanned, border, first square) one moon-wall; ``STOP_WALLS`` once the fewest
  walls of a turn are placed.

An option is one int64 code (``option``): what is done and three fields.  The engine lists the options
into ``s.options`` for the random policy and a test's script; for the placement of a card the scripted
strategies value the legal positions themselves (``placement_count``/``placement_of`` let the random
policy draw one without a list: with three cards in hand there are thousands).
"""

import numpy as np

from balance.games.moon.rules import (
    COVER_LIMIT_SCOPE, CRYSTAL_ON_EMPTY, MISSION_KINDS, MISSION_VARIANTS, MODES, TILE_NO_TARGET,
)
from balance.games.moon.state import CELLS, EAST_BORDER, SOUTH_BORDER, new_stamp
from balance.games.moon.tables import (ARMSTRONG, BASE_CAMP, CRYSTAL, DOUBLE, EAST, GRID, LUNAR, MOONSCAPE, NONE,
                                       SOUTH, VAMPIRE, WEREWOLF, WEST, WITCH)
from balance.kit import jit, jit_inline, minimum

PASS_CARD, STARTER, TURN_KIND, SPACESHIP, PLACE, TILE, WALL = range(7)
PASS, START, CARD_TURN, WALL_TURN, NO_SHIP, SHIP, PLACE_CARD, TILE_ON, WALL_AT, STOP_WALLS = range(10)

MOON_WALLS = MODES.index("moon_walls")
PER_CARD = COVER_LIMIT_SCOPE.index("per_card")
ANY_EMPTY = CRYSTAL_ON_EMPTY.index("any_empty")
LOST = TILE_NO_TARGET.index("lost")
SECRET = MISSION_VARIANTS.index("secret")
BULLETIN = MISSION_VARIANTS.index("bulletin_board")
(M_LARGEST_GROUP, M_GROUPS, M_HEADS, M_SINGLES, M_CRYSTALS, M_SPACESHIPS, M_TILES, M_CARDS,
 M_ARMSTRONG) = range(len(MISSION_KINDS))


# ---------------------------------------------------------------- options

@jit_inline
def option(what, a, b, c):
    """The code of an option: what it does (8 bits), two small fields (8 bits each) and a square (32 bits)."""
    return np.int64(what) | np.int64(a) << 8 | np.int64(b) << 16 | np.int64(c) << 32


@jit_inline
def what_of(code):
    return code & 0xFF


@jit_inline
def a_of(code):
    return (code >> 8) & 0xFF


@jit_inline
def b_of(code):
    return (code >> 16) & 0xFF


@jit_inline
def square_of(code):
    return code >> 32


def option_code(what, a=0, b=0, c=0) -> int:
    """The code of an option (for Python code: tests' scripted choices)."""
    return int(what) | int(a) << 8 | int(b) << 16 | int(c) << 32


def option_fields(code) -> tuple[int, int, int, int]:
    """(what, a, b, square) of an option's code (for Python code: tests)."""
    code = int(code)
    return code & 0xFF, (code >> 8) & 0xFF, (code >> 16) & 0xFF, code >> 32


# ---------------------------------------------------------------- the squares

@jit_inline
def monster_of(t, code):
    """The monster a square shows (-1: none)."""
    return t.code_monster[code]


@jit_inline
def coverable(s, c):
    """A square a card may cover: not Armstrong nor his base camp, no spaceship on it."""
    x = s.code[c]
    return x != ARMSTRONG and x != BASE_CAMP and s.ship[c] == 0


@jit_inline
def linked(s, c, side):
    """No moon-wall stands on square c's border on ``side``: the square beyond it is its neighbour in a group."""
    if side == EAST:
        return s.wall[EAST_BORDER, c] == 0
    if side == SOUTH:
        return s.wall[SOUTH_BORDER, c] == 0
    if side == WEST:
        return s.wall[EAST_BORDER, c - 1] == 0
    return s.wall[SOUTH_BORDER, c - GRID] == 0


@jit_inline
def kin_of(t, solo, m, code):
    """Which squares group together for a player: 1 for a head of its monster m (solo: 1 a vampire, 2 a moon
    crystal); 0 for a square that groups with nothing."""
    if solo:
        if t.code_monster[code] == VAMPIRE:
            return 1
        return 2 if code == CRYSTAL else 0
    return 1 if t.code_monster[code] == m else 0


@jit_inline
def kin_neighbours(s, t, c, solo, m, kin):
    """Squares next to square c (not behind a moon-wall) of the kin ``kin``."""
    n = 0
    for side in range(4):
        if kin_of(t, solo, m, s.code[c + t.step[side]]) == kin and linked(s, c, side):
            n += 1
    return n


@jit_inline
def grouped(s, t, c, solo, m, kin):
    """The square c (of kin ``kin`` > 0) is part of a group: two heads in one square always are, else a neighbour
    of the same kin not behind a moon-wall (the same monster-type; solo: a vampire, a crystal)."""
    return s.code[c] >= DOUBLE or kin_neighbours(s, t, c, solo, m, kin) > 0


@jit_inline
def head_points(t, heads, grouped_, enclosed):
    """Victory points of ``heads`` monsters on one square: 1 single or 2 in a group each, times the enclosed
    area's factor."""
    vp = heads * (t.group_vp if grouped_ else t.single_vp)
    return vp * t.enclosed_factor if enclosed else vp


@jit_inline
def square_value(t, solo, m, code, grouped_, enclosed):
    """Points a square showing ``code`` is worth to a player (monster m; solo: the solo score), in a group or not,
    inside an enclosed area or not.  Solo: a vampire or crystal in a group 1 each, a witch or werewolf head -1."""
    heads = t.code_heads[code]
    if solo:
        mon = t.code_monster[code]
        if mon == VAMPIRE or code == CRYSTAL:
            return (heads if heads > 0 else 1) * t.grouped_vp if grouped_ else 0
        if mon == WEREWOLF or mon == WITCH:
            return -heads * t.penalty
        return 0
    if t.code_monster[code] != m:
        return 0
    return head_points(t, heads, grouped_, enclosed)


@jit_inline
def square_points(s, t, c, solo, m):
    """Points square c is worth to a player now (monster m; solo: the solo score)."""
    code = s.code[c]
    kin = kin_of(t, solo, m, code)
    return square_value(t, solo, m, code, kin > 0 and grouped(s, t, c, solo, m, kin), s.area[c] != 0)


@jit
def layout_points(s, t, solo, m):
    """The points of monster m's heads on the layout (the in-game scoring, and the final scoring's 'number of
    monsters'); solo: the solo score."""
    vp = 0
    for y in range(s.y0, s.y1 + 1):
        for x in range(s.x0, s.x1 + 1):
            vp += square_points(s, t, y * GRID + x, solo, m)
    return vp


@jit_inline
def largest_group_scored(t):
    """The final scoring's VP for the largest group: with moon-walls 'You will receive no victory points for your
    largest monster group'."""
    return t.mode != MOON_WALLS


@jit
def groups_of(s, t, m):
    """(monsters in the largest group, groups of 2 or more monsters, monsters in no group) of monster m."""
    return components(s, t, m, s.seen, s.queue, new_stamp(s))


@jit
def components(s, t, m, seen, queue, stamp):
    """``groups_of`` with the caller's scratch: ``seen`` (a square reached carries ``stamp``, a fresh one) and
    ``queue`` (a policy has its own, so the engine's are never written in a decision)."""
    largest = 0
    groups = 0
    singles = 0
    for y in range(s.y0, s.y1 + 1):
        for x in range(s.x0, s.x1 + 1):
            c = y * GRID + x
            if t.code_monster[s.code[c]] != m or seen[c] == stamp:
                continue
            seen[c] = stamp
            queue[0] = c
            head, tail, size = 0, 1, 0
            while head < tail:
                q = queue[head]
                head += 1
                size += t.code_heads[s.code[q]]
                for side in range(4):
                    nb = q + t.step[side]
                    if t.code_monster[s.code[nb]] == m and seen[nb] != stamp and linked(s, q, side):
                        seen[nb] = stamp
                        queue[tail] = nb
                        tail += 1
            if size >= 2:
                groups += 1
                if size > largest:
                    largest = size
            else:
                singles += 1
    return largest, groups, singles


# ---------------------------------------------------------------- placing a card

@jit_inline
def anchor_square(anchor):
    return anchor % CELLS


@jit_inline
def anchor_shape(anchor):
    return anchor // CELLS


@jit
def position_legal(s, t, shape, c):
    """A card of this shape may be placed with its top-left square on c, by any player (``may_enter`` adds the
    enclosed areas): beside the layout or on top of it, every square it covers coverable, at most
    ``cover_limit`` squares of any one visible card covered (in this placement, or under the 'per_card'
    reading in the card's life), and no moon-wall under the card."""
    covered = 0
    w = 3 - shape
    for j in range(6):
        f = c + t.footprint[shape, j]
        if s.code[f] != NONE:
            if not coverable(s, f):
                return False
            s.cover_top[covered] = s.top[f]
            covered += 1
        if j % w < w - 1 and s.wall[EAST_BORDER, f] != 0:
            return False
        if j < 6 - w and s.wall[SOUTH_BORDER, f] != 0:
            return False
    if covered > 0:
        per_card = t.cover_limit_scope == PER_CARD
        for i in range(covered):
            k = s.cover_top[i]
            n = s.card_lost[k] if per_card else 0
            for i2 in range(covered):
                if s.cover_top[i2] == k:
                    n += 1
            if n > t.cover_limit:
                return False
        return True
    for j in range(6):
        f = c + t.footprint[shape, j]
        for k in range(2):
            side = t.outer_sides[shape, j, k]
            if side >= 0 and s.code[f + t.step[side]] != NONE:
                return True
    return False


@jit_inline
def may_enter(s, t, seat, area, owns):
    """Player ``seat`` may place a card in ``area``: outside every enclosed area, or with at least one of its
    monsters in it (``owns[area]``, from ``areas_owned``)."""
    return area == 0 or owns[area] != 0


@jit
def areas_owned(s, t, m, owns):
    """Mark in ``owns`` (by area) the enclosed areas where monster m is visible."""
    for a in range(s.n_areas + 1):
        owns[a] = 0
    if s.n_areas == 0:
        return
    for y in range(s.y0, s.y1 + 1):
        for x in range(s.x0, s.x1 + 1):
            c = y * GRID + x
            if s.area[c] != 0 and t.code_monster[s.code[c]] == m:
                owns[s.area[c]] = 1


@jit_inline
def placed_square(t, face, turns, j):
    """The code the card ``face`` turned ``turns`` quarter turns shows at footprint position j."""
    return t.face_code[face, t.square_at[turns, j]]


@jit_inline
def crystal_gained(t, old, new):
    """Crystal board spaces gained by laying square ``new`` on square ``old``: a crystal covered, or a crystal
    placed on empty lunar surface (or, under 'any_empty', on any empty moonscape)."""
    if old == CRYSTAL:
        return 1
    if new == CRYSTAL and (old == LUNAR or (old == MOONSCAPE and t.crystal_on_empty == ANY_EMPTY)):
        return 1
    return 0


@jit_inline
def track_after(t, space, gained):
    """The crystal board space after ``gained`` more (the marker stops on the last space)."""
    return space + gained if space + gained < t.track_spaces else t.track_spaces - 1


@jit_inline
def tiles_passed(t, before, after):
    """Red-bordered spaces reached or passed moving from ``before`` to ``after``."""
    n = 0
    for i in range(t.n_tile_spaces):
        if before < t.tile_spaces[i] <= after:
            n += 1
    return n


@jit_inline
def takes_tile(s, t, seat, code):
    """A square showing ``code`` may take the monster tile of player ``seat``: a monster of an opponent (or of
    nobody, under ``tile_on_neutral``)."""
    m = t.code_monster[code]
    if m < 0 or m == s.monster[seat]:
        return False
    return s.seat_of[m] >= 0 or t.tile_on_neutral


@jit_inline
def tile_target(s, t, seat, c):
    """The monster tile of player ``seat`` may go on square c (on the card just placed)."""
    return takes_tile(s, t, seat, s.code[c])


@jit_inline
def tiles_kept(t, tiles, targets):
    """Of ``tiles`` monster tiles for a card with ``targets`` squares that take one, those not lost: one a square
    (under 'next_card' the others wait for a later card)."""
    return minimum(tiles, targets) if t.tile_no_target == LOST else tiles


@jit_inline
def card_square(s, t, k, j):
    """The square at footprint position j of card k on the table."""
    return s.card_cell[k] + t.footprint[s.card_turns[k] & 1, j]


# ---------------------------------------------------------------- moon-walls

@jit_inline
def wall_step(border):
    """The grid step from one square border of a moon-wall to the next: east borders run down, south borders right."""
    return GRID if border == EAST_BORDER else 1


@jit_inline
def border_free(s, t, c, border):
    """A moon-wall may stand on square c's east or south border: a square with a card on one side at least (on
    both, unless walls stand on the layout's outer edges), no wall there, not inside an enclosed area."""
    other = c + (1 if border == EAST_BORDER else GRID)
    a = s.code[c] != NONE
    b = s.code[other] != NONE
    if t.walls_on_outer_edges:
        if not (a or b):
            return False
    elif not (a and b):
        return False
    return s.wall[border, c] == 0 and s.area[c] == 0 and s.area[other] == 0


@jit_inline
def wall_free(s, t, c, border, squares):
    """A moon-wall spanning ``squares`` square borders from c may stand there."""
    step = wall_step(border)
    for i in range(squares):
        if not border_free(s, t, c + i * step, border):
            return False
    return True


@jit_inline
def wall_vertex(c, border, i):
    """The i-th corner (0..squares) along a moon-wall from square c's border: a corner is named by the square
    whose top-left corner it is."""
    if border == EAST_BORDER:
        return c + 1 + i * GRID
    return c + GRID + i


# ---------------------------------------------------------------- missions

@jit
def mission_count(s, t, seat, kind, seen, queue, stamp):
    """What mission ``kind`` counts for player ``seat`` on the layout as it is (the scratch as in ``components``)."""
    m = s.monster[seat]
    if kind == M_LARGEST_GROUP or kind == M_GROUPS or kind == M_SINGLES:
        largest, groups, singles = components(s, t, m, seen, queue, stamp)
        return largest if kind == M_LARGEST_GROUP else groups if kind == M_GROUPS else singles
    if kind == M_CRYSTALS:
        return s.track[seat]
    if kind == M_SPACESHIPS:
        return t.spaceships - s.ships_left[seat]
    if kind == M_TILES:
        return s.tiles[seat]
    n = 0
    if kind == M_CARDS:
        for y in range(s.y0, s.y1 + 1):
            for x in range(s.x0, s.x1 + 1):
                c = y * GRID + x
                if t.code_monster[s.code[c]] == m:
                    k = s.top[c]
                    if seen[k] != stamp:  # by card number: a card counted once
                        seen[k] = stamp
                        n += 1
        return n
    for y in range(s.y0, s.y1 + 1):
        for x in range(s.x0, s.x1 + 1):
            c = y * GRID + x
            x_ = s.code[c]
            if t.code_monster[x_] == m:
                if M_HEADS == kind:
                    n += t.code_heads[x_]
                elif beside_armstrong(s, t, c):  # M_ARMSTRONG
                    n += t.code_heads[x_]
    return n


@jit_inline
def beside_armstrong(s, t, c):
    """Square c lies next to Armstrong or his base camp (the Armstrong mission's monsters)."""
    for side in range(4):
        nb = s.code[c + t.step[side]]
        if nb == ARMSTRONG or nb == BASE_CAMP:
            return True
    return False


@jit_inline
def mission_card(t, mission):
    """(kind, threshold, VP) of mission ``mission`` (a number from 0)."""
    return t.missions_table[mission, 0], t.missions_table[mission, 1], t.missions_table[mission, 2]


@jit_inline
def missions_held(s, t, seat):
    """How many missions player ``seat`` chooses among at the final scoring: its secret ones or the bulletin
    board's (none without missions)."""
    if t.missions == SECRET:
        return t.secret_dealt
    return s.n_bulletin if t.missions == BULLETIN else 0


@jit_inline
def mission_held(s, t, seat, k):
    """The k-th of them (a mission number from 0)."""
    return s.secret[seat, k] if t.missions == SECRET else s.bulletin[k]


@jit
def mission_vp(s, t, seat, mission):
    """The VP mission ``mission`` (a number from 0) scores for player ``seat`` now: its VP if completed, else 0."""
    kind, threshold, vp = mission_card(t, mission)
    return vp if mission_count(s, t, seat, kind, s.seen, s.queue, new_stamp(s)) >= threshold else 0

