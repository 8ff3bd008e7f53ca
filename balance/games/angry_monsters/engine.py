"""Angry Monsters: monsters (seats 1..n-1, in seat order) rampage, then the human evacuates meeples.

A round is every monster's turn in seat order, then the human's.  The game ends the moment no
meeple is left on the board, or as a timeout after ``max_rounds`` rounds.  Every choice is a
decision (``decisions.py``): ``decide`` takes a scripted choice (the tests' state only), else asks the
seat's policy.  Dice come from ``kit.roll`` (the game's dice stream), and so do the squares where
evacuated meeples are put back at random: that is play.  The board of a 'generated_each_game'
scenario and the monsters' starting squares (ties broken at random) are setup: the setup stream.
"""

import numpy as np
from numba import njit

from balance.games.angry_monsters import policies
from balance.games.angry_monsters.board import EVAC, LAND, NONE, OFF, WATER, generate, land_distance
from balance.games.angry_monsters.decisions import (
    END, FROM_PILE, LIFT, LIFT_SITE, MEEPLE_STEP, MONSTER_MOVE, PLACE, PLACE_SITE, REPLACE, REPLACE_OR_ROLL, ROLL,
    STEP, WRECK, destroy_cost, meeple_may_enter, meeple_of, meeple_step_cost, monster_may_enter, monster_step_cost,
    option, square_of, what_of,
)
from balance.games.angry_monsters.policies import RANDOM
from balance.games.angry_monsters.rules import BOARD_SOURCES, MONSTER_TIES, REPLACE_MODES, RETURN_SQUARES
from balance.games.angry_monsters.state import (
    BLUE_VIOLET, EVAC_SITES, FIELDS, RED_ORANGE, YELLOW_GREEN, counted, eaten_by_all, winner_if_over,
)
from balance.games.angry_monsters.tables import MAX_PLAYERS
from balance.kit import (Layout, below, finish_record, jit, jit_inline, maximum, new_records, record, roll,
                         scripted_option, start_game, start_turn, track_lead)
from balance.kit.columns import keep_turn_scores, sample_turns, score_turn
from balance.kit.log import log, logged
from balance.kit.script import choices_scripted

LAYOUT = Layout(FIELDS, policies.FIELDS, max_players=MAX_PLAYERS, max_params=policies.MAX_PARAMS)
"""The kernel's state: the game's fields (``state.FIELDS``) and the policies' record (``policies.FIELDS``)."""
STATE = LAYOUT.dtype

# the readings of the named options, as the tables hold them
EACH_GAME = BOARD_SOURCES.index("generated_each_game")
ANY_SITE = REPLACE_MODES.index("any_site")
ANY_SQUARE = RETURN_SQUARES.index("any_square")

# price line of each structure: red, orange, yellow, green, blue, violet, evac site
PRICE_LINE = np.array([RED_ORANGE, RED_ORANGE, YELLOW_GREEN, YELLOW_GREEN, BLUE_VIOLET, BLUE_VIOLET, EVAC_SITES],
                      np.int64)

MEEPLES_GONE, TIMEOUT, MONSTERS_TIED = 0, 1, 2
END_REASONS = ("meeples_gone", "timeout", "monsters_tied")
IMITATION_CONTEST = MONSTER_TIES.index("imitation")
GAME_COLUMNS = ("rounds", "evac_sites_replaced", "meeples_left")
SEAT_COLUMNS = ("eaten", "destroyed_red_orange", "destroyed_yellow_green", "destroyed_blue_violet",
                "destroyed_evac_sites", "evacuated")
# what a replay tells (``balance.kit.log``; the words are in ``replay.py``): the event kinds and their integers
(SQUARE,  # square, terrain, structure, meeples: the board at the start, square by square
 MONSTER_STARTS,  # seat, square
 TURN,  # round, seat: a monster's or the human's turn begins
 MONSTER_ROLLS,  # seat, moves
 MONSTER_STEPS,  # seat, square entered, moves paid
 EATS,  # seat, square, meeples eaten, bonus moves
 DESTROYS,  # seat, square, structure (a building colour or EVAC), moves paid
 MONSTER_STOPS,  # seat, moves left unused
 REPLACES,  # square the site was lifted from (-1: a destroyed one), square it goes on, meeples to put back
 PUTS_BACK,  # square a put-back meeple lands on
 HUMAN_ROLLS,  # one die's face
 MEEPLE_MOVES,  # from, to, moves paid
 EVACUATES,  # square of the evac site
 HUMAN_STOPS,  # moves left unused
 FINAL,  # seat, score, meeples eaten: the standings when the game ends
 GAME_ENDS,  # end reason, rounds, winner (-1: none), meeples left
 ) = range(16)


# ---------------------------------------------------------------- decisions

@jit_inline
def decide(s, t, seat, kind, n):
    """The code of the option taken among ``s.options[:n]``: the next scripted choice (the tests' state
    only), else the seat's policy's."""
    o = scripted_option(s, n)
    if o >= 0:
        return s.options[o]
    return policies.choose(s, t, seat, kind, n)


@jit_inline
def decide_move(s, t, seat, kind):
    """MONSTER_MOVE or MEEPLE_STEP: the options are listed for the random policy and a test's script only
    (a scripted policy answers with its move)."""
    if choices_scripted(s) or s.policies.id[seat] == RANDOM:
        n = monster_options(s, t, seat) if kind == MONSTER_MOVE else meeple_options(s, t)
        return decide(s, t, seat, kind, n)
    return policies.choose(s, t, seat, kind, 0)


# ---------------------------------------------------------------- the board

@jit_inline
def remove_meeples_at(s, c):
    """Take every meeple on square c off the board; return how many."""
    k = s.meeple_count[c]
    if k > 0:
        s.meeple_count[c] = 0
        n = s.on_board
        i = 0
        while i < n:
            if s.meeple_cell[i] == c:
                n -= 1
                s.meeple_cell[i] = s.meeple_cell[n]
            else:
                i += 1
        s.on_board = n
    return k


@jit_inline
def move_monster(s, seat, to):
    """The monster steps to square ``to``; the square it left keeps a monster still standing there (with
    ``monsters_share_squares``), so that no meeple steps onto it."""
    frm = s.monster_cell[seat]
    s.monster_cell[seat] = to
    if frm >= 0 and s.monster_at[frm] == seat:
        s.monster_at[frm] = -1
        for m in range(s.monster_cell.shape[0]):
            if s.monster_cell[m] == frm:
                s.monster_at[frm] = m
    s.monster_at[to] = seat


@jit_inline
def evacuate(s, i):
    """Meeple i reached an evac site: off the board, into the human's hand."""
    c = s.meeple_cell[i]
    s.meeple_count[c] -= 1
    n = s.on_board - 1
    s.meeple_cell[i] = s.meeple_cell[n]
    s.on_board = n
    s.evacuated += 1


@jit_inline
def move_meeple(s, i, to):
    """Meeple i steps onto square ``to``; return True if it was evacuated there."""
    frm = s.meeple_cell[i]
    s.meeple_count[frm] -= 1
    s.meeple_count[to] += 1
    s.meeple_cell[i] = to
    if s.structure[to] == EVAC:
        evacuate(s, i)
        return True
    return False


@jit_inline
def free_square(s, t, c, anywhere, limit):
    """A square an evac site (``limit`` 1: no meeple on it) or a put-back meeple (``limit``: meeples per
    square) may be placed on: land (or any square if ``anywhere``), no structure, no monster."""
    if s.terrain[c] == OFF or (s.terrain[c] != LAND and not anywhere):
        return False
    if s.structure[c] != NONE or s.monster_at[c] >= 0:
        return False
    return s.meeple_count[c] < limit


# ---------------------------------------------------------------- monsters

@jit_inline
def monster_options(s, t, seat):
    """List a monster's legal options: END, a step to each square it may enter with the moves left, the
    destruction of each cardinally adjacent structure it can pay for."""
    c = s.monster_cell[seat]
    s.options[0] = option(END, -1, -1)
    n = 1
    for k in range(8):
        nb = c + t.king_step[k]
        if monster_may_enter(s, t, c, k) and monster_step_cost(s, t, c, nb) <= s.moves:
            s.options[n] = option(STEP, nb, -1)
            n += 1
    for k in range(4):
        y = c + t.rook_step[k]
        x = s.structure[y]
        if x >= 0 and destroy_cost(t, x) <= s.moves:
            s.options[n] = option(WRECK, y, -1)
            n += 1
    return n


@jit
def destroy(s, t, seat, y):
    """The monster destroys the structure on square y; the square becomes open ground."""
    x = s.structure[y]
    s.structure[y] = NONE
    s.destroyed[seat, PRICE_LINE[x]] += 1
    if x == EVAC:
        s.standing_sites -= 1
        s.pile += 1


@jit_inline
def monster_acts(s, t, seat, code):
    """Play a monster's STEP or WRECK: pay its moves; eating every meeple on the square entered gives the
    bonus moves."""
    square = square_of(code)
    if what_of(code) == STEP:
        cost = monster_step_cost(s, t, s.monster_cell[seat], square)
        s.moves -= cost
        move_monster(s, seat, square)
        log(s, MONSTER_STEPS, seat, square, cost)
        eaten = remove_meeples_at(s, square)
        s.eaten[seat] += eaten
        s.moves += t.bonus_moves_per_meeple * eaten
        if eaten > 0:
            log(s, EATS, seat, square, eaten, t.bonus_moves_per_meeple * eaten)
    else:  # WRECK
        cost = destroy_cost(t, s.structure[square])
        s.moves -= cost
        log(s, DESTROYS, seat, square, s.structure[square], cost)
        destroy(s, t, seat, square)


@jit
def monster_turn(s, t, seat):
    """Roll the monster's die and spend the moves, up to the roll ('up to': the monster may stop); the
    turn ends early when no meeple is left."""
    s.moves = roll(s, t.monster_die)
    log(s, MONSTER_ROLLS, seat, s.moves)
    while s.moves > 0 and s.on_board > 0:
        code = decide_move(s, t, seat, MONSTER_MOVE)
        if what_of(code) == END:
            log(s, MONSTER_STOPS, seat, s.moves)
            break
        monster_acts(s, t, seat, code)


# ---------------------------------------------------------------- the human

@jit_inline
def may_replace(s, t):
    """The human may replace an evac site: a chip to place (a destroyed one, or with 'any_site' a
    standing one to move) and, by default, enough evacuated meeples to put back."""
    chip = s.pile > 0 or (t.replace_evac_site == ANY_SITE and s.standing_sites > 0)
    paid = not t.replace_needs_evacuated or s.evacuated >= t.meeples_put_back
    return chip and paid


@jit
def site_options(s, t):
    """List the squares a new evac site may go on (free land, or any free square with ``new_site_on``; no meeple,
    no monster)."""
    anywhere = t.new_site_on == ANY_SQUARE
    n = 0
    for c in range(t.n_cells):
        if free_square(s, t, c, anywhere, 1):
            s.options[n] = option(PLACE, c, -1)
            n += 1
    return n


@jit
def lift_options(s, t):
    """List the chips the human may replace: a destroyed one, and with 'any_site' each standing site."""
    n = 0
    if s.pile > 0:
        s.options[n] = option(FROM_PILE, -1, -1)
        n += 1
    if t.replace_evac_site == ANY_SITE:
        for c in range(t.n_cells):
            if s.structure[c] == EVAC:
                s.options[n] = option(LIFT, c, -1)
                n += 1
    return n


@jit
def put_back(s, t, k):
    """Put k evacuated meeples back on random free squares (land, or anywhere); return how many."""
    anywhere = t.put_back_on == ANY_SQUARE
    per_square = t.meeples_per_square
    placed = 0
    for _ in range(k):
        n = 0
        for c in range(t.n_cells):
            if free_square(s, t, c, anywhere, per_square):
                n += 1
        if n == 0 or s.evacuated == 0:
            break
        pick = below(n, s.rng)
        for c in range(t.n_cells):
            if free_square(s, t, c, anywhere, per_square):
                if pick == 0:
                    log(s, PUTS_BACK, c)
                    s.meeple_count[c] += 1
                    s.meeple_cell[s.on_board] = c
                    s.on_board += 1
                    s.evacuated -= 1
                    placed += 1
                    break
                pick -= 1
    return placed


@jit
def replace_site(s, t, lift, square):
    """Take the chip (``lift``: FROM_PILE, or LIFT a standing site off its square), place it on ``square``,
    then put evacuated meeples back at random."""
    if what_of(lift) == LIFT:
        s.structure[square_of(lift)] = NONE
    else:
        s.pile -= 1
        s.standing_sites += 1
    s.structure[square] = EVAC
    log(s, REPLACES, square_of(lift) if what_of(lift) == LIFT else -1, square, t.meeples_put_back)
    s.replaced += 1
    put_back(s, t, t.meeples_put_back)


@jit
def human_replaces(s, t):
    """The human's choice at the start of the turn, when an evac site may be replaced; if it is to replace
    one, which and where, and do it.  True if replaced."""
    human = t.players - 1
    if not may_replace(s, t) or site_options(s, t) == 0:
        return False
    s.options[0] = option(ROLL, -1, -1)
    s.options[1] = option(REPLACE, -1, -1)
    if what_of(decide(s, t, human, REPLACE_OR_ROLL, 2)) == ROLL:
        return False
    lift = decide(s, t, human, LIFT_SITE, lift_options(s, t))
    square = square_of(decide(s, t, human, PLACE_SITE, site_options(s, t)))
    replace_site(s, t, lift, square)
    return True


@jit_inline
def meeple_options(s, t):
    """List the human's legal steps: END, then each meeple's step onto each cardinally adjacent square it
    may enter with the moves left."""
    s.options[0] = option(END, -1, -1)
    n = 1
    for i in range(s.on_board):
        c = s.meeple_cell[i]
        for k in range(4):
            nb = c + t.rook_step[k]
            if meeple_may_enter(s, t, nb) and meeple_step_cost(s, t, c, nb) <= s.moves:
                s.options[n] = option(STEP, nb, i)
                n += 1
    return n


@jit
def human_turn(s, t):
    """Replace an evac site, or roll the dice and make up to that many single-square meeple moves."""
    human = t.players - 1
    if human_replaces(s, t):
        return
    s.moves = 0
    for _ in range(t.human_dice):
        face = roll(s, t.human_die_sides)
        log(s, HUMAN_ROLLS, face)
        s.moves += face
    while s.moves > 0 and s.on_board > 0:
        code = decide_move(s, t, human, MEEPLE_STEP)
        if what_of(code) == END:
            log(s, HUMAN_STOPS, s.moves)
            break
        i, to = meeple_of(code), square_of(code)
        frm = s.meeple_cell[i]
        cost = meeple_step_cost(s, t, frm, to)
        s.moves -= cost
        log(s, MEEPLE_MOVES, frm, to, cost)
        if move_meeple(s, i, to):
            log(s, EVACUATES, to)


# ---------------------------------------------------------------- setup

@jit
def set_up_board(s, t):
    """The board of this game (drawn now for 'generated_each_game', else the scenario's), with its meeples
    on it, and nothing eaten, destroyed or evacuated."""
    n = t.n_cells
    if t.board_source == EACH_GAME:
        generate(t, s, s.setup_rng)
        land_distance(s, t.w2, n)
    else:
        for c in range(n):
            s.terrain[c] = t.start_terrain[c]
            s.structure[c] = t.start_structure[c]
            s.meeple_count[c] = t.start_meeples[c]
            s.land_dist[c] = t.land_dist[c]
    on_board = 0
    sites = 0
    for c in range(n):
        s.monster_at[c] = -1
        if s.structure[c] == EVAC:
            sites += 1
        for _ in range(s.meeple_count[c]):
            s.meeple_cell[on_board] = c
            on_board += 1
    s.on_board = on_board
    s.standing_sites = sites
    s.evacuated = 0
    s.pile = 0
    s.replaced = 0
    s.turns = 0
    s.moves = 0
    for p in range(t.players):
        s.eaten[p] = 0
        s.monster_cell[p] = -1
        s.scores[p] = 0
        s.standing[p] = 0
        for j in range(s.destroyed.shape[1]):
            s.destroyed[p, j] = 0


@jit
def place_monsters(s, t):
    """Monsters start on the map's marked squares in seat order, the others on random free water squares
    as far from land as possible."""
    for m in range(t.players - 1):
        mark = t.monster_marks[m]
        if mark >= 0:
            s.monster_at[mark] = m
            s.monster_cell[m] = mark
            continue
        far = -1
        count = 0
        for c in range(t.n_cells):
            if s.terrain[c] == WATER and s.monster_at[c] < 0 and s.meeple_count[c] == 0:
                d = s.land_dist[c]
                if d > far:
                    far = d
                    count = 1
                elif d == far:
                    count += 1
        if count == 0:
            continue
        pick = below(count, s.setup_rng)
        for c in range(t.n_cells):
            if s.terrain[c] == WATER and s.monster_at[c] < 0 and s.meeple_count[c] == 0 and s.land_dist[c] == far:
                if pick == 0:
                    s.monster_at[c] = m
                    s.monster_cell[m] = c
                    break
                pick -= 1


@jit
def set_up(s, t):
    """Before the first turn: the board, the policies' fresh memory, the monsters on their squares."""
    set_up_board(s, t)
    policies.new_game(s, t)
    place_monsters(s, t)
    if logged(s):  # the replay's state only: the board the game starts on
        for c in range(t.n_cells):
            if s.terrain[c] != OFF:
                log(s, SQUARE, c, s.terrain[c], s.structure[c], s.meeple_count[c])
        for m in range(t.players - 1):
            log(s, MONSTER_STARTS, m, s.monster_cell[m])


# ---------------------------------------------------------------- the game

@jit_inline
def standings(s, t):
    """Scores (buildings counted for a monster, meeples evacuated for the human) and the seat that
    would win now (1 in ``s.standing``): the human if evacuated > eaten, else the monster with
    the most buildings, nobody on a tie.  Returns that seat or -1."""
    human = t.players - 1
    for m in range(human):
        s.scores[m] = counted(s, t, m)
        s.standing[m] = 0
    s.scores[human] = s.evacuated
    s.standing[human] = 0
    winner = winner_if_over(s, t, 0)
    if winner >= 0:
        s.standing[winner] = 1
    return winner


@jit_inline
def imitation_winner(s, t):
    """Victory Conditions: 'If there is a draw, the players involved attempt to imitate Darth Vader. The most
    successful imitation wins': a die with a face for each monster tied for the most buildings (``monster_tie``)."""
    human = t.players - 1
    best = 0
    for m in range(human):
        best = maximum(best, s.scores[m])
    tied = 0
    for m in range(human):
        if s.scores[m] == best:
            tied += 1
    face = roll(s, tied)
    for m in range(human):
        if s.scores[m] == best:
            face -= 1
            if face == 0:
                return m
    return -1


@jit_inline
def tell_end(s, t, reason, rounds, winner):
    """The replay's state only: the standings the victory condition read, and the end."""
    if logged(s):
        for p in range(t.players):
            log(s, FINAL, p, s.scores[p], s.eaten[p])
        log(s, GAME_ENDS, reason, rounds, winner, s.on_board)


@jit
def play_game(s, t):
    """Play one game from the setup.  Return (winner or -1, end reason, rounds)."""
    n = t.players
    human = n - 1
    set_up(s, t)
    for rnd in range(1, t.max_rounds + 1):
        for seat in range(n):  # the monsters in seat order, then the human
            start_turn(s, s.turns + 1)  # each turn its own dice: variants of a scenario stay paired
            log(s, TURN, rnd, seat)
            if seat == human:
                human_turn(s, t)
            else:
                monster_turn(s, t, seat)
            s.turns += 1
            winner = standings(s, t)
            track_lead(s.lead, s.standing, n, s.turns)
            score_turn(s, s.scores, n, s.turns)
            if s.on_board == 0:
                reason = MEEPLES_GONE
                if winner < 0:  # the monsters tied for the most buildings
                    reason = MONSTERS_TIED
                    if t.monster_tie == IMITATION_CONTEST:
                        winner = imitation_winner(s, t)
                tell_end(s, t, reason, rnd, winner)
                return winner, reason, rnd
    standings(s, t)
    tell_end(s, t, TIMEOUT, t.max_rounds, -1)
    return -1, TIMEOUT, t.max_rounds


@jit_inline
def write_record(rec, g, col, s, t, winner, reason, rounds):
    """Game ``g``'s row: the common columns (ranks: the human first if evacuated > eaten, else the
    monsters by buildings and the human last), then the game's own by name."""
    n = t.players
    human = n - 1
    finish_record(rec, g, col, n, winner, reason, s.turns, s.scores, s.lead)
    human_ahead = s.evacuated > eaten_by_all(s, t)
    for p in range(n):
        if p == human:
            rank = 1 if human_ahead else n
        else:
            rank = 2 if human_ahead else 1
            for m in range(human):
                if s.scores[m] > s.scores[p]:
                    rank += 1
        rec[g, col.rank[p]] = rank
    rec[g, col.rounds] = rounds
    rec[g, col.evac_sites_replaced] = s.replaced
    rec[g, col.meeples_left] = s.on_board
    for p in range(n):
        rec[g, col.eaten[p]] = s.eaten[p]
        rec[g, col.destroyed_red_orange[p]] = s.destroyed[p, RED_ORANGE]
        rec[g, col.destroyed_yellow_green[p]] = s.destroyed[p, YELLOW_GREEN]
        rec[g, col.destroyed_blue_violet[p]] = s.destroyed[p, BLUE_VIOLET]
        rec[g, col.destroyed_evac_sites[p]] = s.destroyed[p, EVAC_SITES]
        rec[g, col.evacuated[p]] = s.evacuated if p == human else 0


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
        keep_turn_scores(s, timelines, first_game + g, first_game, every, t.players)
    return rec
