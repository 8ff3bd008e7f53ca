"""Monsters on the Moon: monsters lay cards on the moon, collect crystals, and score their heads in groups.

A game: set up (monsters, the double-head cards passed right, the hands, the starting formation), then
turns clockwise from a random first player: place a card (beside the layout or on top of it) and draw
one; in advanced mode a turn places 3 to 5 touching moon-walls instead of a card.  A spaceship may be
placed before or after.  When the last card is drawn, the in-game scoring; the player with the fewest
points chooses who places next; play goes on until nobody can place.  Then the final scoring.  Solo: one
card at a time from the 20-card deck, scored on vampires and crystals in groups.

Every choice is a decision (``decisions.py``): ``decide`` takes a scripted choice (the tests' state
only), else asks the seat's policy.  The shuffle before the game (monsters, hands, the starting
formation, missions) is setup (``s.setup_rng``); each card drawn during play is a random event of its
turn (``roll``, the turn's own stream).
"""

import numpy as np
from numba import njit

from balance.games.moon import policies
from balance.games.moon.decisions import (
    BULLETIN, CARD_TURN, MOON_WALLS, NO_SHIP, PASS, PASS_CARD, PLACE_CARD, SECRET, SHIP, SPACESHIP, START, STARTER,
    STOP_WALLS, TILE, TILE_ON, TURN_KIND, WALL, WALL_AT, WALL_TURN, a_of, areas_owned, b_of, card_square,
    crystal_gained, PER_CARD, groups_of, largest_group_scored, linked, may_enter, mission_held, mission_vp,
    missions_held, monster_of, option, placed_square,
    position_legal, square_of, square_points, tile_target, tiles_passed, track_after, wall_free, wall_step,
    wall_vertex, what_of,
)
from balance.games.moon.rules import DECIDER_TIE, LUNAR_CARD, MONSTER_CHOICE, TILE_NO_TARGET
from balance.games.moon.state import (CELLS, EAST_BORDER, FIELDS, MAX_OPTIONS, MAX_WALL_ROOM, SOUTH_BORDER,
                                      clear_layout, list_position, new_stamp, unlist_position)
from balance.games.moon.tables import CENTRE, CRYSTAL, DOUBLE, GRID, HEAD, MAX_PLAYERS, NONE, SHAPE_H, SHAPE_W, VAMPIRE
from balance.kit import (Layout, below, finish_record, jit, jit_inline, maximum, minimum, new_records, record, roll,
                         scripted_option, start_game, start_turn, track_lead, variable)
from balance.kit.columns import keep_turn_scores, sample_turns, score_turn
from balance.kit.log import log
from balance.kit.script import choices_scripted

LAYOUT = Layout(FIELDS, policies.FIELDS, max_players=MAX_PLAYERS, max_params=policies.MAX_PARAMS)
"""The kernel's state: the game's fields (``state.FIELDS``) and the policies' record (``policies.FIELDS``)."""
STATE = LAYOUT.dtype

SEAT_ORDER = MONSTER_CHOICE.index("seat_order")
LOST = TILE_NO_TARGET.index("lost")
TIE_RANDOM = DECIDER_TIE.index("random")

HANDS_PLAYED, NOBODY_CAN_PLACE, DECK_PLAYED, TIMEOUT = range(4)
END_REASONS = ("hands_played", "nobody_can_place", "deck_played", "timeout")
GAME_COLUMNS = ("cards_on_top", "squares_covered", "enclosed_areas", "tie_broken")
SEAT_COLUMNS = ("monster", "ingame_heads", "final_heads", "largest_group", "group_bonus", "crystal_track",
                "crystal_vp", "spaceships_used", "monster_tiles", "mission_vp", "cards_placed", "rival_heads_covered",
                "walls_placed", "wall_turns", "decided_starter", "solo_vampires", "solo_crystals", "solo_penalty",
                "solo_band")
# what a replay tells (``balance.kit.log``; the words are in ``replay.py``)
(MONSTER_DEALT, CARD_PASSED, FORMATION_CARD, FIRST_PLAYER, TURN, CARD_PLACED, CRYSTALS, SPACESHIP_PLACED,
 TILE_GAINED, TILE_PLACED, TILE_LOST, WALL_PLACED, AREA_ENCLOSED, CARD_DRAWN, LAST_CARD_DRAWN, IN_GAME_SCORE,
 STARTER_CHOSEN, SKIPPED, FINAL_SCORE, MISSION_SCORED, SOLO_SCORE, GAME_ENDS, MISSION_DEALT,
 BULLETIN_MISSION) = range(24)
SCORE_COMPONENTS = ("ingame_heads", "final_heads", "group_bonus", "crystal_vp", "mission_vp", "solo_vampires",
                    "solo_crystals", "solo_penalty")


# ---------------------------------------------------------------- decisions

@jit_inline
def decide(s, t, seat, kind, n):
    """The code of the option taken among ``s.options[:n]``: the next scripted choice (the tests' state only),
    else the seat's policy's."""
    o = scripted_option(s, n)
    if o >= 0:
        return s.options[o]
    return policies.choose(s, t, seat, kind, n)


@jit
def list_placements(s, t, seat):
    """List every card the seat may place, in every turn, at every legal position (for a test's script)."""
    n = 0
    for i in range(s.n_legal):
        anchor = s.legal[i]
        c = anchor % CELLS
        shape = anchor // CELLS
        if not may_enter(s, t, seat, s.area[c], s.owns):
            continue
        for slot in range(s.n_hand[seat]):
            for turns in (shape, shape + 2):
                if n == MAX_OPTIONS:
                    raise ValueError("too many placements to list for a scripted test")
                s.options[n] = option(PLACE_CARD, slot, turns, c)
                n += 1
    return n


@jit_inline
def decide_place(s, t, seat):
    """PLACE: the options are listed for a test's script only (the policies read the legal positions)."""
    areas_owned(s, t, s.monster[seat], s.owns)
    if choices_scripted(s):
        n = list_placements(s, t, seat)
        o = scripted_option(s, n)
        if o >= 0:
            return s.options[o]
    return policies.choose_place(s, t, seat)


# ---------------------------------------------------------------- the layout

@jit
def refresh_positions(s, t, xa, ya, xb, yb):
    """Bring the legal card positions up to date where a card may touch or cover squares xa..xb, ya..yb."""
    for shape in range(2):
        w, h = SHAPE_W[shape], SHAPE_H[shape]
        for y in range(ya - h + 1, yb + 1):
            for x in range(xa - w + 1, xb + 1):
                c = y * GRID + x
                ok = position_legal(s, t, shape, c)
                listed = s.legal_at[shape, c] != 0
                if ok and not listed:
                    list_position(s, shape * CELLS + c, shape, c)
                elif listed and not ok:
                    unlist_position(s, shape, c)


@jit
def lay_card(s, t, face, turns, c):
    """Lay card ``face`` turned ``turns`` quarter turns with its top-left square on c; return the crystal board
    spaces it gains (crystals covered, crystals laid on empty lunar surface)."""
    gained = put_card(s, t, face, turns, c)
    # a card changes the positions that touch or cover it, and (per card) those over the cards it covered
    shape = turns & 1
    x, y = c % GRID, c // GRID
    d = 3 if t.cover_limit_scope == PER_CARD else 1
    refresh_positions(s, t, x - d, y - d, x + SHAPE_W[shape] - 1 + d, y + SHAPE_H[shape] - 1 + d)
    return gained


@jit
def put_card(s, t, face, turns, c):
    """The squares of ``lay_card`` (the legal positions left as they were)."""
    k = s.n_cards
    s.n_cards += 1
    s.card_face[k] = face
    s.card_cell[k] = c
    s.card_turns[k] = turns
    s.card_visible[k] = 6
    s.card_lost[k] = 0
    shape = turns & 1
    gained = 0
    covered = 0
    for j in range(6):
        f = c + t.footprint[shape, j]
        new = placed_square(t, face, turns, j)
        old = s.code[f]
        if old != NONE:
            under = s.top[f]
            s.card_visible[under] -= 1
            s.card_lost[under] += 1
            covered += 1
            gained += crystal_gained(t, old, new)
        s.code[f] = new
        s.top[f] = k
    s.squares_covered += covered
    if covered > 0:
        s.cards_on_top += 1
    x, y = c % GRID, c // GRID
    x1, y1 = x + SHAPE_W[shape] - 1, y + SHAPE_H[shape] - 1
    s.x0 = minimum(s.x0, x)
    s.y0 = minimum(s.y0, y)
    s.x1 = maximum(s.x1, x1)
    s.y1 = maximum(s.y1, y1)
    return gained


@jit
def draw_card(s):
    """The next card of the draw pile: during play a random event of the turn (``roll``: a test may script it)."""
    i = roll(s, s.n_pile) - 1
    face = s.pile[i]
    s.n_pile -= 1
    s.pile[i] = s.pile[s.n_pile]
    return face


@jit_inline
def deal(s):
    """A card from the shuffled pile before the game (setup)."""
    i = below(s.n_pile, s.setup_rng)
    face = s.pile[i]
    s.n_pile -= 1
    s.pile[i] = s.pile[s.n_pile]
    return face


@jit_inline
def take_from_hand(s, seat, slot):
    face = s.hand[seat, slot]
    n = s.n_hand[seat] - 1
    s.hand[seat, slot] = s.hand[seat, n]
    s.n_hand[seat] = n
    return face


# ---------------------------------------------------------------- crystals, tiles, spaceships

@jit
def place_waiting_tiles(s, t, seat):
    """Put the seat's monster tiles gained on opponents' monsters on the card it placed this turn."""
    k = s.turn_card
    if k < 0:
        return
    while s.tiles_waiting[seat] > 0:
        n = 0
        for j in range(6):
            c = card_square(s, t, k, j)
            if s.top[c] == k and s.code[c] != NONE and tile_target(s, t, seat, c):
                s.options[n] = option(TILE_ON, 0, 0, c)
                n += 1
        if n == 0:
            return
        c = square_of(decide(s, t, seat, TILE, n))
        log(s, TILE_PLACED, seat, c, s.code[c])
        s.code[c] = HEAD + s.monster[seat]
        s.tiles_waiting[seat] -= 1
        s.tiles_placed[seat] += 1


@jit
def advance(s, t, seat, gained):
    """Move the seat's marker on the crystal board; a red-bordered space reached or passed gives its tile."""
    if gained == 0 or t.players == 1:  # solo: no crystal board
        return
    before = s.track[seat]
    after = track_after(t, before, gained)
    s.track[seat] = after
    log(s, CRYSTALS, seat, gained, after)
    passed = tiles_passed(t, before, after)
    if passed > 0:
        log(s, TILE_GAINED, seat, passed)
        s.tiles[seat] += passed
        s.tiles_waiting[seat] += passed
        place_waiting_tiles(s, t, seat)


@jit
def spaceships(s, t, seat):
    """The seat may place spaceships (one a turn) on visible crystals: +1 on the crystal board each."""
    while s.ships_left[seat] > 0 and s.turn_ships < t.spaceships_per_turn:
        n = 1
        s.options[0] = option(NO_SHIP, 0, 0, 0)
        for y in range(s.y0, s.y1 + 1):
            for x in range(s.x0, s.x1 + 1):
                c = y * GRID + x
                if s.code[c] == CRYSTAL and s.ship[c] == 0:
                    s.options[n] = option(SHIP, 0, 0, c)
                    n += 1
        if n == 1:
            return
        code = decide(s, t, seat, SPACESHIP, n)
        if what_of(code) != SHIP:
            return
        c = square_of(code)
        s.ship[c] = seat + 1
        log(s, SPACESHIP_PLACED, seat, c)
        s.ships_left[seat] -= 1
        s.turn_ships += 1
        x, y = c % GRID, c // GRID
        refresh_positions(s, t, x, y, x, y)
        advance(s, t, seat, 1)


# ---------------------------------------------------------------- moon-walls

@jit
def closed_area(s, t, c):
    """How many squares the area around square c has when moon-walls completely surround it (it does not reach
    past the layout), listed in ``s.queue``; 0 when it is open."""
    stamp = new_stamp(s)
    s.seen[c] = stamp
    s.queue[0] = c
    head, tail = 0, 1
    while head < tail:
        q = s.queue[head]
        head += 1
        for side in range(4):
            nb = q + t.step[side]
            if not linked(s, q, side) or s.seen[nb] == stamp:
                continue
            x, y = nb % GRID, nb // GRID
            if x < s.x0 or x > s.x1 or y < s.y0 or y > s.y1:
                return 0  # open to the table beyond the layout
            s.seen[nb] = stamp
            s.queue[tail] = nb
            tail += 1
    return tail


@jit
def enclose(s, t, c):
    """If square c lies in an area now completely surrounded by moon-walls, name it: every square of it gets a
    new area number."""
    if s.area[c] != 0:
        return
    k = closed_area(s, t, c)
    if k == 0:
        return
    s.n_areas += 1
    for i in range(k):
        s.area[s.queue[i]] = s.n_areas
    log(s, AREA_ENCLOSED, s.n_areas, k, c)


@jit
def put_wall(s, t, seat, squares, border, c):
    """Place a moon-wall of the seat spanning ``squares`` borders from square c; close any area it surrounds."""
    step = wall_step(border)
    w = s.n_turn_walls
    s.turn_walls[w, 0] = squares
    s.turn_walls[w, 1] = border
    s.turn_walls[w, 2] = c
    s.n_turn_walls = w + 1
    for i in range(squares):
        s.wall[border, c + i * step] = seat + 1
    log(s, WALL_PLACED, seat, squares, border, c)
    if squares == 1:
        s.short_left[seat] -= 1
    else:
        s.long_left[seat] -= 1
    s.walls_placed[seat] += 1
    other = 1 if border == EAST_BORDER else GRID
    for i in range(squares):
        e = c + i * step
        enclose(s, t, e)
        enclose(s, t, e + other)
        x, y = e % GRID, e // GRID
        x2, y2 = (e + other) % GRID, (e + other) // GRID
        refresh_positions(s, t, x, y, x2, y2)


@jit_inline
def walls_at(s, v):
    """The moon-walls that end at corner v (the top-left corner of square v): up, down, left, right of it."""
    # int(): numpy adds two bools as 'or' (interpreted, the count stopped at 1); numba adds them as numbers
    return (int(s.wall[EAST_BORDER, v - 1 - GRID] != 0) + int(s.wall[EAST_BORDER, v - 1] != 0)
            + int(s.wall[SOUTH_BORDER, v - GRID - 1] != 0) + int(s.wall[SOUTH_BORDER, v - GRID] != 0))


@jit
def may_close(s, border, squares, c):
    """A standing moon-wall may have closed an area: each end of one of its square borders meets another wall (an
    area's edge is a ring of walls).  Saves the search for room a flood fill at most walls."""
    step = wall_step(border)
    for i in range(squares):
        e = c + i * step
        if walls_at(s, wall_vertex(e, border, 0)) > 1 and walls_at(s, wall_vertex(e, border, 1)) > 1:
            return True
    return False


@jit
def hold_wall(s, t, seat, squares, border, c):
    """Stand a moon-wall for a moment (a search for room), as one of this turn's, and mark the areas it would close
    (``-1 - its index`` among the turn's walls), so that no wall after it goes inside them."""
    step = wall_step(border)
    for i in range(squares):
        s.wall[border, c + i * step] = seat + 1
    w = s.n_turn_walls
    s.turn_walls[w, 0] = squares
    s.turn_walls[w, 1] = border
    s.turn_walls[w, 2] = c
    s.n_turn_walls = w + 1
    if not may_close(s, border, squares, c):
        return
    other = 1 if border == EAST_BORDER else GRID
    for i in range(squares):
        for q in (c + i * step, c + i * step + other):
            if s.area[q] == 0:
                k = closed_area(s, t, q)
                for j in range(k):
                    s.area[s.queue[j]] = -1 - w


@jit
def lift_wall(s, squares, border, c):
    """Take back the wall stood last by ``hold_wall``, and the areas it closed."""
    w = s.n_turn_walls - 1
    if may_close(s, border, squares, c):
        for y in range(s.y0, s.y1 + 1):
            for x in range(s.x0, s.x1 + 1):
                if s.area[y * GRID + x] == -1 - w:
                    s.area[y * GRID + x] = 0
    step = wall_step(border)
    for i in range(squares):
        s.wall[border, c + i * step] = 0
    s.n_turn_walls = w


@jit
def touching_walls(s, t, start, long_ok, short_ok):
    """List into ``s.wall_room[start:]`` the moon-walls (squares, border, first square) whose borders are free and
    that share a corner with one placed this turn; return the end of the list."""
    n = start
    for w in range(s.n_turn_walls):
        for i in range(s.turn_walls[w, 0] + 1):
            v = wall_vertex(s.turn_walls[w, 2], s.turn_walls[w, 1], i)
            for border in range(2):
                for kind in range(2):
                    if (kind == 0 and not short_ok) or (kind == 1 and not long_ok):
                        continue
                    squares = 1 if kind == 0 else t.long_wall_squares
                    for k in range(squares + 1):  # the wall's k-th corner is v
                        c = v - 1 - k * GRID if border == EAST_BORDER else v - GRID - k
                        if not wall_free(s, t, c, border, squares):
                            continue
                        seen = False
                        for q in range(start, n):
                            if s.wall_room[q, 0] == squares and s.wall_room[q, 1] == border and s.wall_room[q, 2] == c:
                                seen = True
                                break
                        if not seen and n < MAX_WALL_ROOM:
                            s.wall_room[n, 0] = squares
                            s.wall_room[n, 1] = border
                            s.wall_room[n, 2] = c
                            n += 1
    return n


@jit
def wall_room(s, t, seat, more, long_left, short_left, start):
    """``more`` further touching moon-walls can be placed with these walls left, after this turn's (standing in
    ``s.turn_walls``): a depth-first search that stands walls for a moment, with the areas they close (no wall
    after them goes inside), and takes them back.  Each depth lists its candidates in ``s.wall_room`` from
    ``start`` on; the turn's first wall (no wall standing) is sought over the whole layout instead.  (Written without recursion: numba's cache loses recursive calls.)"""
    if more <= 0:
        return True
    if long_left + short_left < more:
        return False
    base = s.n_turn_walls
    width = s.x1 - s.x0 + 2
    everywhere = width * (s.y1 - s.y0 + 2) * 4  # the first wall's candidates: (square, border, kind)
    depth = 0
    s.room_from[0] = start
    s.room_cursor[0] = 0
    if base > 0:
        s.room_to[0] = touching_walls(s, t, start, long_left > 0, short_left > 0)
        s.room_cursor[0] = start
    while True:
        lazy = base + depth == 0
        squares, border, c = 0, 0, 0
        found = False
        while not found:
            i = s.room_cursor[depth]
            if lazy:
                if i >= everywhere:
                    break
                s.room_cursor[depth] = i + 1
                kind = i % 2
                border = (i // 2) % 2
                cell = i // 4
                c = (s.y0 - 1 + cell // width) * GRID + s.x0 - 1 + cell % width
                squares = 1 if kind == 0 else t.long_wall_squares
                found = (long_left > 0 if kind == 1 else short_left > 0) and wall_free(s, t, c, border, squares)
            else:
                if i >= s.room_to[depth]:
                    break
                s.room_cursor[depth] = i + 1
                squares, border, c = s.wall_room[i, 0], s.wall_room[i, 1], s.wall_room[i, 2]
                found = (long_left > 0 if squares > 1 else short_left > 0) and wall_free(s, t, c, border, squares)
        if not found:
            if depth == 0:
                return False
            depth -= 1
            held = s.room_held[depth]
            lift_wall(s, held[0], held[1], held[2])
            if held[0] > 1:
                long_left += 1
            else:
                short_left += 1
            continue
        if depth == more - 1:
            for d in range(depth - 1, -1, -1):
                lift_wall(s, s.room_held[d, 0], s.room_held[d, 1], s.room_held[d, 2])
            return True
        hold_wall(s, t, seat, squares, border, c)
        s.room_held[depth, 0] = squares
        s.room_held[depth, 1] = border
        s.room_held[depth, 2] = c
        if squares > 1:
            long_left -= 1
        else:
            short_left -= 1
        depth += 1
        s.room_from[depth] = s.room_to[depth - 1] if base + depth > 1 else start
        s.room_to[depth] = touching_walls(s, t, s.room_from[depth], long_left > 0, short_left > 0)
        s.room_cursor[depth] = s.room_from[depth]


@jit
def wall_turn_possible(s, t, seat):
    """The seat may place moon-walls this turn: the fewest walls of a turn, touching, have room."""
    if s.long_left[seat] + s.short_left[seat] < t.fewest_per_turn:
        return False
    s.n_turn_walls = 0
    return wall_room(s, t, seat, t.fewest_per_turn, s.long_left[seat], s.short_left[seat], 0)


@jit_inline
def add_wall_option(s, t, seat, n, squares, border, c, need, start):
    """List the moon-wall as option n if it leaves room for the ``need`` walls the turn still needs; return n."""
    if need > 0:
        kind = 0 if squares == 1 else 1
        hold_wall(s, t, seat, squares, border, c)
        ok = wall_room(s, t, seat, need, s.long_left[seat] - kind, s.short_left[seat] - 1 + kind, start)
        lift_wall(s, squares, border, c)
        if not ok:
            return n
    if n < MAX_OPTIONS:
        s.options[n] = option(WALL_AT, squares, border, c)
        n += 1
    return n


@jit
def wall_options(s, t, seat, placed):
    """List the moon-walls the seat may place next (and STOP_WALLS once the fewest are placed): the turn's first
    anywhere, the others touching them; each leaves room for the walls the turn still needs."""
    n = 0
    if placed >= t.fewest_per_turn:
        s.options[0] = option(STOP_WALLS, 0, 0, 0)
        n = 1
    need = t.fewest_per_turn - placed - 1
    long_left, short_left = s.long_left[seat], s.short_left[seat]
    if s.n_turn_walls == 0:
        for y in range(s.y0 - 1, s.y1 + 1):
            for x in range(s.x0 - 1, s.x1 + 1):
                c = y * GRID + x
                for border in range(2):
                    for kind in range(2):
                        squares = 1 if kind == 0 else t.long_wall_squares
                        if (kind == 0 and short_left == 0) or (kind == 1 and long_left == 0) or \
                                not wall_free(s, t, c, border, squares):
                            continue
                        n = add_wall_option(s, t, seat, n, squares, border, c, need, 0)
        return n
    end = touching_walls(s, t, 0, long_left > 0, short_left > 0)
    for q in range(end):
        n = add_wall_option(s, t, seat, n, s.wall_room[q, 0], s.wall_room[q, 1], s.wall_room[q, 2], need, end)
    return n


@jit
def wall_turn(s, t, seat):
    """Place 3, 4 or 5 touching moon-walls (the rules' fewest to most), one decision each: every wall offered leaves
    room for the fewest (``wall_options``), so the turn places them."""
    s.n_turn_walls = 0
    placed = 0
    while placed < t.most_per_turn and s.long_left[seat] + s.short_left[seat] > 0:
        n = wall_options(s, t, seat, placed)
        if n == 0 or (n == 1 and placed >= t.fewest_per_turn):
            break
        code = decide(s, t, seat, WALL, n)
        if what_of(code) == STOP_WALLS:
            break
        put_wall(s, t, seat, a_of(code), b_of(code), square_of(code))
        placed += 1
    s.wall_turns[seat] += 1


# ---------------------------------------------------------------- turns

@jit_inline
def rival_heads_under(s, t, seat, shape, c):
    """Heads of the other players' monsters on the squares a card position covers."""
    n = 0
    for j in range(6):
        code = s.code[c + t.footprint[shape, j]]
        m = monster_of(t, code)
        if m >= 0 and m != s.monster[seat] and s.seat_of[m] >= 0:
            n += t.code_heads[code]
    return n


@jit
def card_turn(s, t, seat):
    """Place a card from the hand (crystals covered or laid on the lunar surface advance the marker)."""
    code = decide_place(s, t, seat)
    face = take_from_hand(s, seat, a_of(code))
    log(s, CARD_PLACED, seat, face, b_of(code), square_of(code))
    s.rival_heads_covered[seat] += rival_heads_under(s, t, seat, b_of(code) & 1, square_of(code))
    gained = lay_card(s, t, face, b_of(code), square_of(code))
    s.turn_card = s.n_cards - 1
    s.cards_placed[seat] += 1
    place_waiting_tiles(s, t, seat)  # tiles gained earlier this turn (a spaceship), or waiting ('next_card')
    advance(s, t, seat, gained)


@jit
def can_play(s, t, seat):
    """The seat can place a card or moon-walls."""
    return s.n_hand[seat] > 0 or (t.mode == MOON_WALLS and wall_turn_possible(s, t, seat))


@jit
def play_turn(s, t, seat):
    """One turn: in advanced mode a card or moon-walls; spaceships before or after; then draw a card.
    Return True when the card drawn was the last of the pile."""
    s.turn_card = -1
    s.turn_ships = 0
    walls = False
    if t.mode == MOON_WALLS:
        if s.n_hand[seat] == 0:
            walls = True
        elif wall_turn_possible(s, t, seat):
            s.options[0] = option(CARD_TURN, 0, 0, 0)
            s.options[1] = option(WALL_TURN, 0, 0, 0)
            walls = what_of(decide(s, t, seat, TURN_KIND, 2)) == WALL_TURN
    s.turn_of_walls = 1 if walls else 0
    ships = not walls or t.spaceship_on_wall_turn
    if ships:
        spaceships(s, t, seat)
    if walls:
        wall_turn(s, t, seat)
    else:
        card_turn(s, t, seat)
    if ships:
        spaceships(s, t, seat)
    if t.tile_no_target == LOST and s.tiles_waiting[seat] > 0:
        log(s, TILE_LOST, seat, s.tiles_waiting[seat])
        s.tiles_waiting[seat] = 0
    if s.n_pile > 0:
        face = draw_card(s)
        s.hand[seat, s.n_hand[seat]] = face
        s.n_hand[seat] += 1
        log(s, LAST_CARD_DRAWN if s.n_pile == 0 else CARD_DRAWN, seat, face, s.n_pile)
        return s.n_pile == 0
    return False


@jit
def all_points(s, t):
    """Every seat's head points on the layout now (one pass over the layout), into ``s.standing``."""
    for p in range(t.players):
        s.standing[p] = 0
    for y in range(s.y0, s.y1 + 1):
        for x in range(s.x0, s.x1 + 1):
            c = y * GRID + x
            m = monster_of(t, s.code[c])
            if m >= 0:
                p = s.seat_of[m]
                if p >= 0:
                    s.standing[p] += square_points(s, t, c, False, m)


@jit
def in_game_scoring(s, t, last):
    """The in-game scoring, then the player with the fewest points (ties: furthest behind on the crystal board,
    then the rule's reading) chooses who places the next card.  Return that seat."""
    all_points(s, t)
    n = t.players
    for p in range(n):
        s.ingame[p] = s.standing[p]
    s.ingame_done = 1
    best = -1
    count = 0
    for i in range(1, n + 1):  # in turn order after the player who drew the last card
        p = (last + i) % n
        if best < 0 or s.ingame[p] < s.ingame[best] or (s.ingame[p] == s.ingame[best]
                                                          and s.track[p] < s.track[best]):
            best = p
            count = 1
        elif s.ingame[p] == s.ingame[best] and s.track[p] == s.track[best]:
            count += 1
    if count > 1 and t.decider_tie == TIE_RANDOM:
        pick = below(count, s.rng)
        for i in range(1, n + 1):
            p = (last + i) % n
            if s.ingame[p] == s.ingame[best] and s.track[p] == s.track[best]:
                if pick == 0:
                    best = p
                    break
                pick -= 1
    s.decider = best
    for p in range(n):
        log(s, IN_GAME_SCORE, p, s.ingame[p], s.track[p])
        s.options[p] = option(START, p, 0, 0)
    starter = a_of(decide(s, t, best, STARTER, n))
    log(s, STARTER_CHOSEN, best, starter)
    return starter


# ---------------------------------------------------------------- setup

@jit
def lay_formation(s, t):
    """The starting formation: the top cards of the pile, the lunar surface and Armstrong cards, as the
    formation lays them."""
    drawn0 = deal(s)
    drawn1 = deal(s) if t.formation_cards > 1 else drawn0
    for i in range(t.formation_size):
        card, x, y, turns = t.formation[i, 0], t.formation[i, 1], t.formation[i, 2], t.formation[i, 3]
        face = drawn0 if card == 0 else drawn1 if card == 1 else t.lunar_face if card == LUNAR_CARD \
            else t.armstrong_face
        log(s, FORMATION_CARD, face, turns, CENTRE + y * GRID + x)
        lay_card(s, t, face, turns, CENTRE + y * GRID + x)


@jit
def reset(s, t):
    """Back to an empty table: no card laid, nobody anywhere on the crystal board."""
    clear_layout(s)
    n = t.players
    for p in range(MAX_PLAYERS):
        s.n_hand[p] = 0
        s.track[p] = 0
        s.tiles[p] = 0
        s.tiles_placed[p] = 0
        s.tiles_waiting[p] = 0
        s.walls_placed[p] = 0
        s.wall_turns[p] = 0
        s.cards_placed[p] = 0
        s.rival_heads_covered[p] = 0
        s.ingame[p] = 0
        s.final_heads[p] = 0
        s.largest[p] = 0
        s.group_bonus[p] = 0
        s.crystal_vp[p] = 0
        s.mission_vp[p] = 0
        s.scores[p] = 0
        s.standing[p] = 0
        s.public_standing[p] = 0
        s.ships_left[p] = t.spaceships if p < n and n > 1 else 0
        walls = p < n and t.mode == MOON_WALLS and n > 1
        s.long_left[p] = t.long_walls if walls else 0
        s.short_left[p] = t.short_walls if walls else 0
        s.monster[p] = -1
    for m in range(4):
        s.seat_of[m] = -1
    s.solo_vampires = 0
    s.solo_crystals = 0
    s.solo_penalty = 0
    s.turns = 0
    s.ingame_done = 0
    s.decider = -1
    s.squares_covered = 0
    s.cards_on_top = 0
    s.tie_broken = 0
    s.n_turn_walls = 0
    s.n_bulletin = 0
    s.n_pile = 0
    for f in range(t.deck_cards):
        s.pile[f] = f
    s.n_pile = t.deck_cards


@jit
def deal_monsters(s, t):
    """Each seat's monster: shuffled from those in play (the skeleton only with 4 players), or in seat order."""
    n = t.players
    k = t.monsters_playable
    for m in range(k):
        s.queue[m] = m
    if t.monster_choice != SEAT_ORDER:
        for i in range(k - 1, 0, -1):
            j = below(i + 1, s.setup_rng)
            s.queue[i], s.queue[j] = s.queue[j], s.queue[i]
    for p in range(n):
        m = s.queue[p]
        s.monster[p] = m
        s.seat_of[m] = p
        log(s, MONSTER_DEALT, p, m)


@jit
def find_double_heads(s, t):
    """Each player finds the cards with two of its monster's heads in one square, from the deck."""
    for p in range(t.players):
        m = s.monster[p]
        i = 0
        while i < s.n_pile and s.n_hand[p] < t.double_head_cards:
            face = s.pile[i]
            has = False
            for q in range(6):
                if t.face_code[face, q] == DOUBLE + m:
                    has = True
            if has:
                s.hand[p, s.n_hand[p]] = face
                s.n_hand[p] += 1
                s.n_pile -= 1
                s.pile[i] = s.pile[s.n_pile]
            else:
                i += 1


@jit
def pass_right(s, t):
    """Each player gives ``passed_cards`` of its double-head cards to the player on its right (the seat before):
    every player chooses first, then the cards change hands together."""
    n = t.players
    k = t.passed_cards
    for p in range(n):
        for i in range(k):
            for slot in range(s.n_hand[p]):
                s.options[slot] = option(PASS, slot, 0, 0)
            s.queue[p * k + i] = take_from_hand(s, p, a_of(decide(s, t, p, PASS_CARD, s.n_hand[p])))
            log(s, CARD_PASSED, p, s.queue[p * k + i], (p - 1 + n) % n)
    for p in range(n):
        right = (p - 1 + n) % n
        for i in range(k):
            s.hand[right, s.n_hand[right]] = s.queue[p * k + i]
            s.n_hand[right] += 1


@jit
def deal_missions(s, t):
    """Secret missions (dealt face-down), or the bulletin board's face-up missions."""
    if t.missions == SECRET:
        for i in range(t.n_missions):
            s.queue[i] = i
        left = t.n_missions
        for p in range(t.players):
            for k in range(t.secret_dealt):
                j = below(left, s.setup_rng)
                s.secret[p, k] = s.queue[j]
                log(s, MISSION_DEALT, p, s.queue[j])
                left -= 1
                s.queue[j] = s.queue[left]
    elif t.missions == BULLETIN:
        for i in range(t.bulletin_pool):
            s.queue[i] = i
        left = t.bulletin_pool
        for k in range(t.bulletin_shown):
            j = below(left, s.setup_rng)
            s.bulletin[k] = s.queue[j]
            log(s, BULLETIN_MISSION, s.queue[j])
            left -= 1
            s.queue[j] = s.queue[left]
        s.n_bulletin = t.bulletin_shown


@jit
def set_up(s, t):
    """Before the first turn: monsters, double-head cards passed right, hands, the starting formation, missions,
    the first player.  Solo: the top card of the 20-card deck, face up."""
    reset(s, t)
    policies.new_game(s, t)
    if t.players == 1:
        s.monster[0] = VAMPIRE
        s.seat_of[VAMPIRE] = 0
        s.first = 0
        face = deal(s)
        log(s, FORMATION_CARD, face, 0, CENTRE)
        lay_card(s, t, face, 0, CENTRE)
        return
    deal_monsters(s, t)
    find_double_heads(s, t)
    pass_right(s, t)
    for p in range(t.players):
        for _ in range(t.hand_extra):
            s.hand[p, s.n_hand[p]] = deal(s)
            s.n_hand[p] += 1
    lay_formation(s, t)
    deal_missions(s, t)
    s.first = below(t.players, s.setup_rng)
    log(s, FIRST_PLAYER, s.first)


# ---------------------------------------------------------------- scoring

@jit_inline
def group_bonus(t, largest):
    """The final scoring's VP for a largest group of ``largest`` monsters (none with moon-walls)."""
    return largest * t.largest_group_vp if largest_group_scored(t) else 0


@jit
def mission_chosen(s, t, p):
    """The VP of the mission player p chooses at the final scoring: the one worth most of its secret missions or
    of the bulletin board's (0 without missions)."""
    best = 0
    for k in range(missions_held(s, t, p)):
        best = maximum(best, mission_vp(s, t, p, mission_held(s, t, p, k)))
    return best


@jit_inline
def final_score(s, t, p, heads, largest, mission):
    """Player p's final score from its head points, largest group and mission VP, with the in-game scoring and
    the crystal board."""
    return s.ingame[p] + heads + group_bonus(t, largest) + t.track_vp[s.track[p]] + mission


@jit
def final_scoring(s, t):
    """Heads again, the largest group (standard mode), the crystal board, the mission chosen (the one worth
    most); the scores add the in-game scoring."""
    all_points(s, t)
    for p in range(t.players):
        s.final_heads[p] = s.standing[p]
        largest, _, _ = groups_of(s, t, s.monster[p])
        s.largest[p] = largest
        s.group_bonus[p] = group_bonus(t, largest)
        s.crystal_vp[p] = t.track_vp[s.track[p]]
        s.mission_vp[p] = mission_chosen(s, t, p)
        s.scores[p] = final_score(s, t, p, s.final_heads[p], largest, s.mission_vp[p])
        log(s, FINAL_SCORE, p, s.final_heads[p], largest, s.crystal_vp[p])
        if t.missions != 0:
            log(s, MISSION_SCORED, p, s.mission_vp[p])


@jit
def winner(s, t):
    """The most victory points; a tie goes to the most victory points on the crystal board; still tied: a draw
    (the rulebook's 'play another round' is not played)."""
    n = t.players
    best = 0
    for p in range(1, n):
        if s.scores[p] > s.scores[best] or (s.scores[p] == s.scores[best] and s.crystal_vp[p] > s.crystal_vp[best]):
            best = p
    for p in range(n):
        if p != best and s.scores[p] == s.scores[best]:
            if s.crystal_vp[p] == s.crystal_vp[best]:
                return -1
            s.tie_broken = 1
    return best


@jit
def solo_scoring(s, t):
    """Vampires and crystals in groups, 1 point each; 1 point lost for each visible witch and werewolf head."""
    vampires = 0
    crystals = 0
    penalty = 0
    for y in range(s.y0, s.y1 + 1):
        for x in range(s.x0, s.x1 + 1):
            c = y * GRID + x
            vp = square_points(s, t, c, True, VAMPIRE)
            if vp < 0:
                penalty -= vp
            elif s.code[c] == CRYSTAL:
                crystals += vp
            else:
                vampires += vp
    s.solo_vampires = vampires
    s.solo_crystals = crystals
    s.solo_penalty = -penalty
    s.scores[0] = vampires + crystals - penalty


# ---------------------------------------------------------------- the game

@jit
def standings(s, t):
    """What each seat would score if the game ended now (``final_score``, with the mission it would choose), and
    what every player sees of it (``s.public_standing``: all but the secret missions)."""
    all_points(s, t)  # the head points, into s.standing
    for p in range(t.players):
        heads = s.standing[p]
        largest, _, _ = groups_of(s, t, s.monster[p])
        mission = mission_chosen(s, t, p)
        s.standing[p] = final_score(s, t, p, heads, largest, mission)
        s.public_standing[p] = final_score(s, t, p, heads, largest, mission if t.missions == BULLETIN else 0)


@jit
def score_solo_turn(s, t, turn):
    """The solo score after ``turn``, kept for the game's timeline.  A function of its own: inlined into the
    turn loop beside ``log`` (an inlined overload), ``score_turn``'s writes were lost (numba 0.68.1)."""
    solo_scoring(s, t)
    score_turn(s, s.scores, 1, turn)


@jit
def play_solo(s, t):
    """Solo: draw one card at a time and place it, until the draw pile is empty."""
    turn = 0
    while s.n_pile > 0 and turn < t.max_turns:
        turn += 1
        start_turn(s, turn)
        s.hand[0, 0] = draw_card(s)
        s.n_hand[0] = 1
        log(s, TURN, turn, 0)
        card_turn(s, t, variable(0))  # the multi-player game's compiled turn, not a copy for seat 0
        s.turns = turn
        score_solo_turn(s, t, turn)
    solo_scoring(s, t)
    log(s, SOLO_SCORE, s.solo_vampires, s.solo_crystals, -s.solo_penalty, s.scores[0])
    s.standing[0] = s.scores[0]
    track_lead(s.lead, s.standing, 1, maximum(turn, 1))
    reason = DECK_PLAYED if s.n_pile == 0 else TIMEOUT
    won = -1 if reason == TIMEOUT else 0
    log(s, GAME_ENDS, reason, won, 0)
    return won, reason, turn


@jit
def next_player(s, t, seat):
    """The next seat clockwise from ``seat`` (itself included) that can place a card or moon-walls, or -1."""
    n = t.players
    for i in range(n):
        p = (seat + i) % n
        if can_play(s, t, p):
            return p
    return -1


@jit
def play_game(s, t):
    """Play one game from the setup.  Return (winner or -1, end reason, turns)."""
    set_up(s, t)
    if t.players == 1:
        return play_solo(s, t)
    n = t.players
    p = s.first
    for turn in range(1, t.max_turns + 1):
        q = next_player(s, t, p)
        if q < 0:
            break
        while p != q:
            log(s, SKIPPED, p)
            p = (p + 1) % n
        start_turn(s, turn)
        log(s, TURN, turn, p)
        last = play_turn(s, t, p)
        s.turns = turn
        if last:
            p = in_game_scoring(s, t, p)
        else:
            p = (p + 1) % n
        standings(s, t)
        track_lead(s.lead, s.standing, n, turn)
        score_turn(s, s.standing, n, turn)
    reason = HANDS_PLAYED if t.mode != MOON_WALLS else NOBODY_CAN_PLACE
    if next_player(s, t, p if p >= 0 else 0) >= 0:
        reason = TIMEOUT
    final_scoring(s, t)
    won = -1 if reason == TIMEOUT else winner(s, t)
    log(s, GAME_ENDS, reason, won, s.tie_broken)
    return won, reason, s.turns


@jit_inline
def write_record(rec, g, col, s, t, won, reason, turns):
    """Game ``g``'s row: the common columns (ranks by score, then the crystal board's VP), then the game's own."""
    n = t.players
    finish_record(rec, g, col, n, won, reason, turns, s.scores, s.lead)
    for p in range(n):
        rank = 1
        for q in range(n):
            if s.scores[q] > s.scores[p] or (s.scores[q] == s.scores[p] and s.crystal_vp[q] > s.crystal_vp[p]):
                rank += 1
        rec[g, col.rank[p]] = rank
    rec[g, col.cards_on_top] = s.cards_on_top
    rec[g, col.squares_covered] = s.squares_covered
    rec[g, col.enclosed_areas] = s.n_areas
    rec[g, col.tie_broken] = s.tie_broken
    for p in range(n):
        rec[g, col.monster[p]] = s.monster[p] + 1
        rec[g, col.ingame_heads[p]] = s.ingame[p]
        rec[g, col.final_heads[p]] = s.final_heads[p]
        rec[g, col.largest_group[p]] = s.largest[p]
        rec[g, col.group_bonus[p]] = s.group_bonus[p]
        rec[g, col.crystal_track[p]] = s.track[p]
        rec[g, col.crystal_vp[p]] = s.crystal_vp[p]
        rec[g, col.spaceships_used[p]] = t.spaceships - s.ships_left[p] if n > 1 else 0
        rec[g, col.monster_tiles[p]] = s.tiles[p]
        rec[g, col.mission_vp[p]] = s.mission_vp[p]
        rec[g, col.cards_placed[p]] = s.cards_placed[p]
        rec[g, col.rival_heads_covered[p]] = s.rival_heads_covered[p]
        rec[g, col.walls_placed[p]] = s.walls_placed[p]
        rec[g, col.wall_turns[p]] = s.wall_turns[p]
        rec[g, col.decided_starter[p]] = 1 if s.decider == p else 0
        rec[g, col.solo_vampires[p]] = s.solo_vampires if n == 1 else 0
        rec[g, col.solo_crystals[p]] = s.solo_crystals if n == 1 else 0
        rec[g, col.solo_penalty[p]] = s.solo_penalty if n == 1 else 0
        band = 0
        if n == 1:
            band = 1
            for i in range(4):
                if s.scores[0] >= t.bands[i]:
                    band = i + 2
        rec[g, col.solo_band[p]] = band


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
        won, reason, turns = play_game(s, t)
        write_record(rec, g, col, s, t, won, reason, turns)
        keep_turn_scores(s, timelines, first_game + g, first_game, every, t.players)
    return rec
