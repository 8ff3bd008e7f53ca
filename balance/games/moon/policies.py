"""Monsters on the Moon strategies.  The layout, the crystal board and the players' counts of spaceships and
walls are public; a policy never reads another seat's hand or secret missions.

At every decision (``decisions.py``) the engine asks ``choose`` for the code of the option the seat takes.
``random`` picks uniformly among the options (for a card, among every legal position, turn and card in
hand).  The scripted policies value every placement of every card in hand by one weighted sum:

- ``own``: the change of the seat's head points if the game were scored now (``decisions.square_value``,
  the same points the engine scores: singles, groups, two heads in a square, enclosed areas; solo: the
  solo score), computed exactly from the squares covered, laid and their neighbours;
- ``group``: the growth of the seat's largest group (its monsters joined to it, less those covered), where the
  final scoring counts it (not with moon-walls);
- ``crystal``: crystal board spaces gained (``decisions.crystal_gained``; none past the last space, where the
  marker stops: ``decisions.track_after``), and ``tile`` for each monster tile the card takes (a red-bordered
  space reached, or a tile waiting from a spaceship): one on each opponent's monster it shows, the rest lost
  (``decisions.tiles_kept``);
- ``spoil``: the fall of the leading rival's head points (the rival the final scoring would put first if the
  game ended now, by what every player sees: all but the secret missions; ties to the nearest on the seat's
  left);
- ``mission``: with missions, the VP of the mission the seat aims at and of the one it keeps (``mission_aims``),
  by the share of each one's threshold the placement counts or undoes (``count_change``, ``progress``); a seat
  aiming at the spaceships mission places its spaceships at once.

``grouper`` builds groups and walls them in, ``crystal`` races the crystal board for the monster tiles,
``spoiler`` covers and splits the leader's groups; ``solo`` plays the solo game's score with a bonus for
vampires and crystals laid (each a future group).  Their scratch is the policies' record ``s.policies``
(``FIELDS``), which the engine never writes.
"""

import numpy as np

from balance.games.moon.decisions import (
    CARD_TURN, LOST, M_ARMSTRONG, M_CARDS, M_CRYSTALS, M_GROUPS, M_HEADS, M_LARGEST_GROUP, M_SINGLES, M_SPACESHIPS,
    M_TILES, NO_SHIP, PASS_CARD, PLACE_CARD, SHIP, SPACESHIP, START, STARTER, STOP_WALLS, TILE, TURN_KIND, WALL,
    WALL_TURN, a_of, b_of, beside_armstrong, border_free, card_square, crystal_gained, grouped, kin_neighbours,
    kin_of, largest_group_scored, linked, may_enter, mission_card, mission_count, mission_held, missions_held, option,
    square_of, square_value, takes_tile, tile_target, tiles_kept, tiles_passed, track_after, wall_step, what_of,
)
from balance.games.moon.rules import MAX_MISSIONS
from balance.games.moon.state import CELLS, EAST_BORDER, MAX_HAND
from balance.games.moon.tables import CRYSTAL, DOUBLE, GRID, N_CODES, NONE
from balance.kit import below, jit, jit_inline, maximum, minimum

RANDOM, GROUPER, CRYSTAL_RACE, SPOILER, SOLO = range(5)
MAX_PARAMS = 5
OWN, RIVAL = 0, 1
ENCLOSE_FROM = 6.0  # crystal and spoiler: the group size from which they wall their largest group in
NEG = -1e18

FIELDS = [  # the policies' record, ``s.policies`` (besides the kit's rng, id and param)
    # a view (OWN: the seat; RIVAL: the leading rival): the kin and value of each code
    ("kin", np.int64, (2, N_CODES)),
    ("vtab", np.int64, (2, N_CODES, 2, 2)),  # value of a square [code, in a group, enclosed]
    # per view and square of the layout (and around it): its value now; per side, the kin of the square beyond
    # and the change of its value if this one becomes of that kin, or of another
    ("cell_old", np.int16, (2, CELLS)),
    ("side_kin", np.int8, (2, CELLS, 4)),
    ("side_same", np.int16, (2, CELLS, 4)),
    ("side_other", np.int16, (2, CELLS, 4)),
    ("crystal_now", np.int8, (CELLS,)),  # crystal board spaces for covering the square
    ("crystal_laid", np.int8, (CELLS,)),  # and more for laying a crystal on it
    ("cell_lost", np.int8, (CELLS,)),  # heads of the seat's largest group on the square
    ("cell_joins", np.int8, (CELLS,)),  # per side (a bit each): the square beyond is in the seat's largest group
    # per view, card in hand and turn: the footprint positions of the squares the view values
    ("lay_n", np.int64, (2, MAX_HAND, 4)),
    ("lay_j", np.int64, (2, MAX_HAND, 4, 6)),
    ("lay_code", np.int64, (2, MAX_HAND, 4, 6)),
    ("lay_link", np.int64, (2, MAX_HAND, 4, 6)),  # two heads, or grouped on the card
    ("lay_heads", np.int64, (MAX_HAND,)),  # the seat's heads on each card
    ("lay_kinned", np.int64, (MAX_HAND, 4)),  # the squares of the seat's kin on each card
    ("lay_targets", np.int64, (MAX_HAND,)),  # the squares of each card that take the seat's monster tile
    ("cry_n", np.int64, (MAX_HAND, 4)),  # the crystals of each card and turn: footprint positions
    ("cry_j", np.int64, (MAX_HAND, 4, 6)),
    ("fcell", np.int64, (6,)),  # the card position at hand: its squares, enclosed or not
    ("fenc", np.int64, (6,)),
    ("ext_gain", np.int64, (2, 6, 3)),  # per view, footprint position and kin: the gain beyond the card
    ("ext_flag", np.int64, (2, 6, 3)),  # and a square of that kin beyond it
    ("joins", np.int64, (6,)),  # a neighbour beyond the square is in the seat's largest group
    # the seat's largest group: its squares carry ``largest_stamp`` in ``mark``
    ("mark", np.int32, (CELLS,)),
    ("mark_stamp", np.int64),
    ("largest_stamp", np.int64),
    ("largest_size", np.int64),
    ("pqueue", np.int32, (CELLS,)),
    # the missions: each held mission's count now; per square, the seat's heads on it and whether it lies next to
    # Armstrong or his base camp; the policy's own scratch for counting (the engine's is never written)
    ("mission_counts", np.int64, (MAX_MISSIONS,)),
    ("cell_heads", np.int8, (CELLS,)),
    ("cell_armstrong", np.int8, (CELLS,)),
    ("count_seen", np.int32, (CELLS,)),
    ("count_stamp", np.int64),
]


@jit_inline
def new_game(s, t):
    """Nothing to forget between games: the marks are stamped afresh at each search."""
    return


# ---------------------------------------------------------------- the weights of a seat

@jit_inline
def weights(s, seat):
    """(own, group, crystal, tile, spoil, potential, enclose_from, mission) of the seat's policy (see the
    GameSpec)."""
    pid = s.policies.id[seat]
    p = s.policies.param[seat]
    if pid == GROUPER:  # own_weight, group_weight, crystal_weight, enclose_from, mission_weight
        return p[0], p[1], p[2], p[2], 0.0, 0.0, p[3], p[4]
    if pid == CRYSTAL_RACE:  # crystal_weight, tile_weight, own_weight, mission_weight
        return p[2], 0.0, p[0], p[1], 0.0, 0.0, ENCLOSE_FROM, p[3]
    if pid == SPOILER:  # spoil_weight, own_weight, crystal_weight, mission_weight
        return p[1], 0.0, p[2], p[2], p[0], 0.0, ENCLOSE_FROM, p[3]
    return 1.0, 0.0, 0.0, 0.0, 0.0, p[0], ENCLOSE_FROM, 0.0  # SOLO: potential_weight


@jit_inline
def leading_rival(s, t, seat):
    """The rival with the most points on the public standing (``engine.standings``; ties: the nearest on the seat's
    left)."""
    n = t.players
    best = -1
    for i in range(1, n):
        p = (seat + i) % n
        if best < 0 or s.public_standing[p] > s.public_standing[best]:
            best = p
    return best


@jit
def perspective(s, t, view, solo, m):
    """The kin and the value of every square code for the player of monster m (solo: the solo score)."""
    pol = s.policies
    for code in range(N_CODES):
        pol.kin[view, code] = kin_of(t, solo, m, code)
        for g in range(2):
            for e in range(2):
                pol.vtab[view, code, g, e] = square_value(t, solo, m, code, g == 1, e == 1)


@jit
def value_squares(s, t, view, solo, m):
    """For every square a card may be laid on (the layout and 3 squares around it): its value now, and for each
    side the kin of the square beyond it (0 behind a moon-wall) and how that square's value changes if this one
    becomes of its kin or of another (the exact change of the points, square by square)."""
    pol = s.policies
    for y in range(s.y0 - 3, s.y1 + 4):
        for x in range(s.x0 - 3, s.x1 + 4):
            f = y * GRID + x
            ocode = s.code[f]
            okin = pol.kin[view, ocode]
            g = 1 if okin > 0 and grouped(s, t, f, solo, m, okin) else 0
            pol.cell_old[view, f] = pol.vtab[view, ocode, g, 1 if s.area[f] != 0 else 0]
            for side in range(4):
                e = f + t.step[side]
                ecode = s.code[e]
                ek = pol.kin[view, ecode]
                same = 0
                other = 0
                if ek == 0 or not linked(s, f, side):
                    ek = 0
                elif ecode < DOUBLE:  # two heads in a square are a group whatever lies next to them
                    ne = kin_neighbours(s, t, e, solo, m, ek)
                    ence = 1 if s.area[e] != 0 else 0
                    before = pol.vtab[view, ecode, 1 if ne > 0 else 0, ence]
                    others = ne - (1 if okin == ek else 0)
                    same = pol.vtab[view, ecode, 1, ence] - before
                    other = pol.vtab[view, ecode, 1 if others > 0 else 0, ence] - before
                pol.side_kin[view, f, side] = ek
                pol.side_same[view, f, side] = same
                pol.side_other[view, f, side] = other
            if view == OWN:
                pol.crystal_now[f] = crystal_gained(t, ocode, NONE)
                pol.crystal_laid[f] = crystal_gained(t, ocode, CRYSTAL) - pol.crystal_now[f]
                pol.cell_lost[f] = t.code_heads[ocode] if in_largest(s, f) else 0
                joins = 0
                for side in range(4):
                    if in_largest(s, f + t.step[side]) and linked(s, f, side):
                        joins |= 1 << side
                pol.cell_joins[f] = joins


@jit
def hand_squares(s, t, seat, view):
    """For each card in hand and turn: the footprint positions whose square the view values (its kin, or a value
    of its own), with the code and whether it is grouped on the card; and the crystals' positions.  OWN: the
    seat's heads and the squares that take its monster tile on each card."""
    pol = s.policies
    for slot in range(s.n_hand[seat]):
        face = s.hand[seat, slot]
        heads = 0
        targets = 0
        for turns in range(4):
            n = 0
            nc = 0
            kinned = 0
            for j in range(6):
                i = t.square_at[turns, j]
                k = t.face_code[face, i]
                if pol.kin[view, k] > 0 or pol.vtab[view, k, 0, 0] != 0:
                    pol.lay_j[view, slot, turns, n] = j
                    pol.lay_code[view, slot, turns, n] = k
                    pol.lay_link[view, slot, turns, n] = 1 if k >= DOUBLE or t.face_linked[face, i] != 0 else 0
                    n += 1
                if pol.kin[view, k] > 0:
                    kinned += 1
                if k == CRYSTAL:
                    pol.cry_j[slot, turns, nc] = j
                    nc += 1
                if turns == 0 and pol.kin[view, k] == 1:
                    heads += t.code_heads[k]
                if turns == 0 and takes_tile(s, t, seat, k):
                    targets += 1
            pol.lay_n[view, slot, turns] = n
            pol.cry_n[slot, turns] = nc
            if view == OWN:
                pol.lay_kinned[slot, turns] = kinned
        if view == OWN:
            pol.lay_heads[slot] = heads
            pol.lay_targets[slot] = targets


@jit_inline
def position_terms(view, shape, fcell, outer, cell_old, side_kin, side_same, side_other, ext_gain, ext_flag):
    """For a card position (its squares ``fcell``): the change of the view's points if the card showed nothing
    the view values (returned), and per footprint position and kin, the gain of the squares beyond it and
    whether one of them is of that kin."""
    v = 0
    for j in range(6):
        f = fcell[j]
        v -= cell_old[view, f]
        ext_gain[view, j, 1] = 0
        ext_gain[view, j, 2] = 0
        ext_flag[view, j, 1] = 0
        ext_flag[view, j, 2] = 0
        for d in range(2):
            side = outer[shape, j, d]
            if side < 0:
                break
            other = side_other[view, f, side]
            v += other
            k = side_kin[view, f, side]
            if k > 0:
                ext_flag[view, j, k] = 1
                ext_gain[view, j, k] += side_same[view, f, side] - other
    return v


@jit_inline
def laid_gain(view, slot, turns, kin, vtab, lay_n, lay_j, lay_code, lay_link, fenc, ext_gain, ext_flag, joins):
    """The change of the view's points from the squares the card lays that it values (beyond the base), and
    whether a square of kin 1 lies next to the seat's largest group (``joins``)."""
    v = 0
    joined = False
    for q in range(lay_n[view, slot, turns]):
        j = lay_j[view, slot, turns, q]
        k = lay_code[view, slot, turns, q]
        kn = kin[view, k]
        g = 0
        if kn > 0:
            g = 1 if lay_link[view, slot, turns, q] != 0 or ext_flag[view, j, kn] != 0 else 0
            v += ext_gain[view, j, kn]
            if kn == 1 and joins[j] != 0:
                joined = True
        v += vtab[view, k, g, fenc[j]]
    return v, joined


# ---------------------------------------------------------------- the seat's largest group

@jit
def mark_largest(s, t, solo, m):
    """Stamp the squares of the seat's largest group (kin 1: its monster; solo: vampires) in ``mark``."""
    pol = s.policies
    pol.mark_stamp += 2
    seen = pol.mark_stamp - 1
    best_from, best_to, best = 0, 0, 0
    tail = 0
    for y in range(s.y0, s.y1 + 1):
        for x in range(s.x0, s.x1 + 1):
            c = y * GRID + x
            if pol.kin[OWN, s.code[c]] != 1 or pol.mark[c] == seen:
                continue
            start = tail
            pol.mark[c] = seen
            pol.pqueue[tail] = c
            tail += 1
            head = start
            size = 0
            while head < tail:
                q = pol.pqueue[head]
                head += 1
                size += t.code_heads[s.code[q]]
                for side in range(4):
                    nb = q + t.step[side]
                    if pol.kin[OWN, s.code[nb]] == 1 and pol.mark[nb] != seen and linked(s, q, side):
                        pol.mark[nb] = seen
                        pol.pqueue[tail] = nb
                        tail += 1
            if size > best:
                best, best_from, best_to = size, start, tail
    pol.largest_stamp = pol.mark_stamp
    pol.largest_size = best if best >= 2 else 0
    if best >= 2:
        for i in range(best_from, best_to):
            pol.mark[pol.pqueue[i]] = pol.mark_stamp


@jit_inline
def in_largest(s, c):
    return s.policies.mark[c] == s.policies.largest_stamp and s.policies.largest_size > 0


# ---------------------------------------------------------------- missions

@jit
def mission_now(s, t, seat, kind):
    """What mission ``kind`` counts for the seat now (``decisions.mission_count``, with the policy's scratch)."""
    pol = s.policies
    if pol.count_stamp >= 2_000_000_000:
        pol.count_seen[:] = 0
        pol.count_stamp = 0
    pol.count_stamp += 1
    return mission_count(s, t, seat, kind, pol.count_seen, pol.pqueue, pol.count_stamp)


@jit
def mission_aims(s, t, seat):
    """The mission the seat keeps and the one it plays towards, as (kind, count, threshold, VP) each, kind -1 for
    none.  The final scoring takes the mission worth most of those completed: the seat keeps that one and aims at
    the one worth more still that has most of its VP counted already (VP x count / threshold; the first of
    equals).  Not the groups mission: a placement's change of the groups needs the layout recounted."""
    pol = s.policies
    n = missions_held(s, t, seat)
    keep, keep_count, keep_thr, keep_vp = -1, 0, 1, 0
    for k in range(n):
        kind, thr, vp = mission_card(t, mission_held(s, t, seat, k))
        count = mission_now(s, t, seat, kind)
        pol.mission_counts[k] = count
        if count >= thr and vp > keep_vp:
            keep, keep_count, keep_thr, keep_vp = kind, count, maximum(thr, 1), vp
    aim, aim_count, aim_thr, aim_vp = -1, 0, 1, 0
    best = -1.0
    for k in range(n):
        kind, thr, vp = mission_card(t, mission_held(s, t, seat, k))
        count = pol.mission_counts[k]
        if count < thr and vp > keep_vp and kind != M_GROUPS and vp * count / thr > best:
            best = vp * count / thr
            aim, aim_count, aim_thr, aim_vp = kind, count, thr, vp
    return keep, keep_count, keep_thr, keep_vp, aim, aim_count, aim_thr, aim_vp


@jit
def mission_squares(s, t, m):
    """Per square a card may be laid on: the heads of monster m on it, and whether it lies next to Armstrong or
    his base camp (which are never covered)."""
    pol = s.policies
    for y in range(s.y0 - 3, s.y1 + 4):
        for x in range(s.x0 - 3, s.x1 + 4):
            f = y * GRID + x
            code = s.code[f]
            pol.cell_heads[f] = t.code_heads[code] if t.code_monster[code] == m else 0
            pol.cell_armstrong[f] = 1 if beside_armstrong(s, t, f) else 0


@jit_inline
def count_change(kind, heads, points, group, crystals, tiles, shows, armstrong):
    """The change of a mission's count from a placement's changes (0 for the kinds a placement does not count).
    The single monsters: a head scores 2 points in a group and 1 alone, so the singles are twice the heads less
    the points (outside areas enclosed by moon-walls, whose points are doubled)."""
    if kind == M_HEADS:
        return heads
    if kind == M_SINGLES:
        return 2 * heads - points
    if kind == M_LARGEST_GROUP:
        return group
    if kind == M_CRYSTALS:
        return crystals
    if kind == M_TILES:
        return tiles
    if kind == M_CARDS:
        return shows
    if kind == M_ARMSTRONG:
        return armstrong
    return 0


@jit_inline
def progress(count, thr, vp, change):
    """The mission's VP by the share of its threshold counted, after the change less before (a share for each
    monster or space towards it, and what a placement undoes of a completed one)."""
    return vp * (minimum(count + change, thr) - minimum(count, thr)) / thr


@jit_inline
def armstrong_laid(slot, turns, kin, lay_n, lay_j, lay_code, fcell, cell_armstrong, code_heads):
    """The seat's heads the card lays next to Armstrong or his base camp."""
    n = 0
    for q in range(lay_n[OWN, slot, turns]):
        k = lay_code[OWN, slot, turns, q]
        if kin[OWN, k] == 1 and cell_armstrong[fcell[lay_j[OWN, slot, turns, q]]] != 0:
            n += code_heads[k]
    return n


@jit
def random_place(s, t, seat):
    """A uniform choice among every legal position (that the seat may enter), card in hand and turn."""
    per = 2 * s.n_hand[seat]
    usable = s.n_legal
    if s.n_areas > 0:
        usable = 0
        for i in range(s.n_legal):
            if may_enter(s, t, seat, s.area[s.legal[i] % CELLS], s.owns):
                usable += 1
    r = below(usable * per, s.policies.rng)
    pick = r // per
    rest = r % per
    for i in range(s.n_legal):
        anchor = s.legal[i]
        c = anchor % CELLS
        if s.n_areas > 0 and not may_enter(s, t, seat, s.area[c], s.owns):
            continue
        if pick == 0:
            return option(PLACE_CARD, rest // 2, anchor // CELLS + 2 * (rest % 2), c)
        pick -= 1
    return option(PLACE_CARD, 0, 0, 0)  # not reached: a legal position always exists


@jit_inline
def scan_places(s, t, seat, grouping, spoiling, potential, missions):
    """The placement with the best weighted value (see the module's docstring).  Inlined once per policy, with
    missions and without (``best_place``): the terms a policy does not weigh fold away."""
    pol = s.policies
    w_own, w_group, w_crystal, w_tile, w_spoil, w_potential, _, w_mission = weights(s, seat)
    solo = t.players == 1
    if solo:  # no crystal board
        w_crystal = 0.0
        w_tile = 0.0
    if not largest_group_scored(t):
        w_group = 0.0
    m = s.monster[seat]
    perspective(s, t, OWN, solo, m)
    keep, keep_count, keep_thr, keep_vp, aim, aim_count, aim_thr, aim_vp = -1, 0, 1, 0, -1, 0, 1, 0
    if missions:
        keep, keep_count, keep_thr, keep_vp, aim, aim_count, aim_thr, aim_vp = mission_aims(s, t, seat)
        mission_squares(s, t, m)
    aiming = missions and (keep >= 0 or aim >= 0)
    tiling = w_tile > 0 or (missions and (keep == M_TILES or aim == M_TILES))
    to_armstrong = missions and (keep == M_ARMSTRONG or aim == M_ARMSTRONG)
    # the grouper's largest group, or a mission's
    tracking = grouping or (missions and (keep == M_LARGEST_GROUP or aim == M_LARGEST_GROUP))
    pol.largest_size = 0
    if tracking:
        mark_largest(s, t, solo, m)
    value_squares(s, t, OWN, solo, m)
    hand_squares(s, t, seat, OWN)
    rival = 0
    if spoiling:
        rival = leading_rival(s, t, seat)
        perspective(s, t, RIVAL, False, s.monster[rival])
        value_squares(s, t, RIVAL, False, s.monster[rival])
        hand_squares(s, t, seat, RIVAL)
    track = s.track[seat]
    waiting = s.tiles_waiting[seat]  # gained by a spaceship before the card: they go on it too
    hand = s.n_hand[seat]
    # the arrays the loop reads, into locals (a field read from the record is loaded again at every use)
    kin, vtab, fcell, fenc, joins = pol.kin, pol.vtab, pol.fcell, pol.fenc, pol.joins
    cell_old, side_kin, side_same, side_other = pol.cell_old, pol.side_kin, pol.side_same, pol.side_other
    ext_gain, ext_flag, crystal_now, crystal_laid = pol.ext_gain, pol.ext_flag, pol.crystal_now, pol.crystal_laid
    lay_n, lay_j, lay_code, lay_link = pol.lay_n, pol.lay_j, pol.lay_code, pol.lay_link
    lay_heads, lay_kinned, lay_targets, cry_n, cry_j = pol.lay_heads, pol.lay_kinned, pol.lay_targets, pol.cry_n, \
        pol.cry_j
    cell_lost, cell_joins, cell_heads, cell_armstrong = pol.cell_lost, pol.cell_joins, pol.cell_heads, \
        pol.cell_armstrong
    footprint, outer, outer_bits, code_heads = t.footprint, t.outer_sides, t.outer_bits, t.code_heads
    area, legal = s.area, s.legal
    areas = s.n_areas > 0
    best = NEG
    best_code = option(PLACE_CARD, 0, 0, 0)
    for i in range(s.n_legal):
        anchor = legal[i]
        c = anchor % CELLS
        shape = anchor // CELLS
        if areas and not may_enter(s, t, seat, area[c], s.owns):
            continue
        covered = 0
        lost = 0
        heads_covered = 0
        armstrong_covered = 0
        for j in range(6):
            f = c + footprint[shape, j]
            fcell[j] = f
            fenc[j] = 1 if area[f] != 0 else 0
            covered += crystal_now[f]
            if tracking:
                lost += cell_lost[f]
                joins[j] = cell_joins[f] & outer_bits[shape, j]
            if aiming:
                heads_covered += cell_heads[f]
                armstrong_covered += cell_heads[f] * cell_armstrong[f]
        base = position_terms(OWN, shape, fcell, outer, cell_old, side_kin, side_same, side_other, ext_gain, ext_flag)
        rival_base = 0
        if spoiling:
            rival_base = position_terms(RIVAL, shape, fcell, outer, cell_old, side_kin, side_same, side_other,
                                        ext_gain, ext_flag)
        for slot in range(hand):
            for turns in (shape, shape + 2):
                own, joined = laid_gain(OWN, slot, turns, kin, vtab, lay_n, lay_j, lay_code, lay_link, fenc,
                                        ext_gain, ext_flag, joins)
                gained = covered
                for q in range(cry_n[slot, turns]):
                    gained += crystal_laid[fcell[cry_j[slot, turns, q]]]
                # a crystal past the board's last space moves no marker and scores nothing
                spaces = track_after(t, track, gained) - track
                value = w_own * (base + own) + w_crystal * spaces
                if spoiling:
                    theirs, _ = laid_gain(RIVAL, slot, turns, kin, vtab, lay_n, lay_j, lay_code, lay_link, fenc,
                                          ext_gain, ext_flag, joins)
                    value -= w_spoil * (rival_base + theirs)
                if potential:
                    value += w_potential * lay_kinned[slot, turns]
                group = 0
                if tracking:
                    group = (lay_heads[slot] if joined else 0) - lost
                    value += w_group * group
                passed = 0  # tiles gained (the mission counts them), kept or lost
                if tiling:
                    if gained > 0:
                        passed = tiles_passed(t, track, track_after(t, track, gained))
                    tiles = waiting + passed
                    if tiles > 0:  # a tile the card cannot take is lost, worth nothing
                        value += w_tile * tiles_kept(t, tiles, lay_targets[slot])
                if aiming:
                    heads = lay_heads[slot] - heads_covered
                    shows = 1 if lay_heads[slot] > 0 else 0
                    armstrong = 0
                    if to_armstrong:
                        armstrong = armstrong_laid(slot, turns, kin, lay_n, lay_j, lay_code, fcell, cell_armstrong,
                                                   code_heads) - armstrong_covered
                    value += w_mission * (
                        progress(keep_count, keep_thr, keep_vp,
                                 count_change(keep, heads, base + own, group, spaces, passed, shows, armstrong))
                        + progress(aim_count, aim_thr, aim_vp,
                                   count_change(aim, heads, base + own, group, spaces, passed, shows, armstrong)))
                if value > best:
                    best = value
                    best_code = option(PLACE_CARD, slot, turns, c)
    return best_code


@jit
def best_place(s, t, seat):
    """The best placement for the seat's policy: one compiled scan per policy."""
    pid = s.policies.id[seat]
    if pid == SOLO:
        return scan_places(s, t, seat, False, False, True, False)
    if weights(s, seat)[7] > 0 and missions_held(s, t, seat) > 0:  # and one compiled scan with missions
        if pid == GROUPER:
            return scan_places(s, t, seat, True, False, False, True)
        if pid == SPOILER:
            return scan_places(s, t, seat, False, True, False, True)
        return scan_places(s, t, seat, False, False, False, True)
    if pid == GROUPER:
        return scan_places(s, t, seat, True, False, False, False)
    if pid == SPOILER:
        return scan_places(s, t, seat, False, True, False, False)
    return scan_places(s, t, seat, False, False, False, False)


@jit_inline
def choose_place(s, t, seat):
    """The code of the placement the seat's policy takes (the engine lists no options for it)."""
    if s.policies.id[seat] == RANDOM:
        return random_place(s, t, seat)
    return best_place(s, t, seat)


# ---------------------------------------------------------------- the other decisions

@jit
def open_border(s, t, solo, m):
    """Borders of the seat's largest group where a moon-wall may still stand (its squares marked first)."""
    mark_largest(s, t, solo, m)
    n = 0
    for y in range(s.y0, s.y1 + 1):
        for x in range(s.x0, s.x1 + 1):
            c = y * GRID + x
            if not in_largest(s, c):
                continue
            for side in range(4):
                nb = c + t.step[side]
                if in_largest(s, nb):
                    continue
                border_c = c if side == 1 or side == 2 else nb  # a border is named by the square west / north of it
                border = EAST_BORDER if side == 1 or side == 3 else 1
                if border_free(s, t, border_c, border):
                    n += 1
    return n


@jit
def wants_walls(s, t, seat):
    """Wall in the largest group when it is big enough and the walls left can close it."""
    enclose_from = weights(s, seat)[6]
    perspective(s, t, OWN, False, s.monster[seat])
    border = open_border(s, t, False, s.monster[seat])
    room = s.long_left[seat] * t.long_wall_squares + s.short_left[seat]
    return s.policies.largest_size >= enclose_from and 0 < border <= room


@jit
def wall_value(s, t, seat, code, rival):
    """A moon-wall's value: the points it cuts from the seat's groups (lost) and the rival's (won), and each
    border of the seat's largest group it closes."""
    pol = s.policies
    if what_of(code) == STOP_WALLS:
        return 0.5
    squares, border, c = a_of(code), b_of(code), square_of(code)
    w_own, _, _, _, w_spoil, _, _, _ = weights(s, seat)
    step = wall_step(border)
    other = 1 if border == EAST_BORDER else GRID
    value = 0.0
    for i in range(squares):
        a = c + i * step
        b = a + other
        if in_largest(s, a) != in_largest(s, b):
            value += 2.0
        for view in range(2 if rival >= 0 else 1):
            ka = pol.kin[view, s.code[a]]
            if ka == 0 or pol.kin[view, s.code[b]] != ka:
                continue
            m = s.monster[seat] if view == OWN else s.monster[rival]
            cut = 0
            for q in (a, b):
                if s.code[q] < DOUBLE and kin_neighbours(s, t, q, False, m, ka) == 1:
                    e = 1 if s.area[q] != 0 else 0
                    cut += pol.vtab[view, s.code[q], 1, e] - pol.vtab[view, s.code[q], 0, e]
            value += -w_own * cut if view == OWN else w_spoil * cut
    return value


@jit
def choose_wall(s, t, seat, n):
    """The best valued moon-wall (or stopping) among the options listed."""
    w_spoil = weights(s, seat)[4]
    perspective(s, t, OWN, False, s.monster[seat])
    rival = -1
    if w_spoil > 0:
        rival = leading_rival(s, t, seat)
        perspective(s, t, RIVAL, False, s.monster[rival])
    mark_largest(s, t, False, s.monster[seat])
    best = NEG
    pick = 0
    for o in range(n):
        v = wall_value(s, t, seat, s.options[o], rival)
        if v > best:
            best = v
            pick = o
    return s.options[pick]


@jit
def tile_placed(s, t, seat):
    """A monster tile gained now would go on a card: the card placed this turn shows an opponent's monster still,
    or the card is still to come (its placement counts the tile waiting); a moon-wall turn places no card."""
    if t.tile_no_target != LOST:  # 'next_card': the tile waits for a card that takes it
        return True
    if s.turn_of_walls != 0:
        return False
    k = s.turn_card
    if k < 0:
        return True
    for j in range(6):
        if tile_target(s, t, seat, card_square(s, t, k, j)):
            return True
    return False


@jit
def aims_at_spaceships(s, t, seat):
    """The seat plays towards the spaceships mission (``mission_aims``)."""
    if weights(s, seat)[7] <= 0 or missions_held(s, t, seat) == 0:
        return False
    return mission_aims(s, t, seat)[4] == M_SPACESHIPS


@jit
def choose_ship(s, t, seat, n):
    """A spaceship now: the crystal racer at once; the others when the spaceships would otherwise go unused or
    when one more space reaches a red-bordered one whose tile a card takes.  On the crystal with most of the
    seat's monsters next to it."""
    pid = s.policies.id[seat]
    track = s.track[seat]
    now = pid == CRYSTAL_RACE or (tiles_passed(t, track, track_after(t, track, 1)) > 0 and tile_placed(s, t, seat)) \
        or (s.n_pile == 0 and s.ships_left[seat] >= s.n_hand[seat]) or aims_at_spaceships(s, t, seat)
    if not now:
        return option(NO_SHIP, 0, 0, 0)
    m = s.monster[seat]
    best = -1
    pick = 0
    for o in range(n):
        code = s.options[o]
        if what_of(code) != SHIP:
            continue
        v = 0
        c = square_of(code)
        for side in range(4):
            if t.code_monster[s.code[c + t.step[side]]] == m:
                v += 1
        if v > best:
            best = v
            pick = o
    return s.options[pick]


@jit
def choose_tile(s, t, seat, n):
    """The opponent's monster the tile turns into the seat's: the most points won, then the most taken."""
    m = s.monster[seat]
    best = NEG
    pick = 0
    for o in range(n):
        c = square_of(s.options[o])
        mine = 0
        for side in range(4):
            if t.code_monster[s.code[c + t.step[side]]] == m and linked(s, c, side):
                mine += 1
        theirs = t.code_heads[s.code[c]]
        v = 2.0 * mine + theirs
        if v > best:
            best = v
            pick = o
    return s.options[pick]


@jit
def choose_pass(s, t, seat, n):
    """Give away the double-head card with the fewest of the seat's own heads."""
    m = s.monster[seat]
    best = 1 << 30
    pick = 0
    for o in range(n):
        face = s.hand[seat, a_of(s.options[o])]
        heads = 0
        for q in range(6):
            if t.code_monster[t.face_code[face, q]] == m:
                heads += t.code_heads[t.face_code[face, q]]
        if heads < best:
            best = heads
            pick = o
    return s.options[pick]


@jit_inline
def choose(s, t, seat, kind, n):
    """The code of the option the seat's policy takes among ``s.options[:n]``."""
    if s.policies.id[seat] == RANDOM:
        return s.options[below(n, s.policies.rng)]
    if kind == SPACESHIP:
        return choose_ship(s, t, seat, n)
    if kind == WALL:
        return choose_wall(s, t, seat, n)
    if kind == TURN_KIND:
        return option(WALL_TURN if wants_walls(s, t, seat) else CARD_TURN, 0, 0, 0)
    if kind == TILE:
        return choose_tile(s, t, seat, n)
    if kind == PASS_CARD:
        return choose_pass(s, t, seat, n)
    if kind == STARTER:  # the seat on its left begins: the chooser places the last card
        return option(START, (seat + 1) % t.players, 0, 0)
    return s.options[0]
