"""Angry Monsters' rules, one small hand-drawn position at a time (see helpers.Position)."""

import heapq

import numpy as np
import pytest

from balance.games.angry_monsters import engine as E, replay
from balance.games.angry_monsters.board import EVAC, INF, LAND, NONE, OFF, WATER
from balance.games.angry_monsters.decisions import END, FROM_PILE, LIFT, PLACE, REPLACE, STEP, WRECK, option_code
from balance.games.angry_monsters.policies import BLOCKADE, GLUTTON, NEAREST_EXIT, RANDOM, WRECKER
from balance.games.angry_monsters.rules import MAX_SIDE
from balance.games.angry_monsters.state import RED_ORANGE
from balance.kit.log import events
from tests.games.angry_monsters.helpers import Position


def options(p, seat, budget):
    """(what, square) of the monster's legal options with ``budget`` moves left."""
    p.s.moves = budget
    return {(what, square) for what, square, _ in p.options(E.monster_options(p.s, p.t, seat))}


def monster_turn(p, seat, policy, dice, *params):
    """The monster's turn with scripted dice; they must all be rolled."""
    p.seat(seat, policy, *params)
    p.dice(*dice)
    E.monster_turn(p.s, p.t, seat)
    assert p.all_used()


def monster_acts(p, seat, what, square, budget):
    """The monster steps or destroys with ``budget`` moves left; return the moves left after."""
    p.s.moves = budget
    E.monster_acts(p.s, p.t, seat, option_code(what, square))
    return p.s.moves


def human_turn(p, policy, dice, *params):
    """The human's turn (the last seat) with scripted dice; they must all be rolled."""
    p.seat(p.t.players - 1, policy, *params)
    p.dice(*dice)
    E.human_turn(p.s, p.t)
    assert p.all_used()


def meeple_steps(p, budget):
    """(meeple, square) of the human's legal steps with ``budget`` moves left."""
    p.s.moves = budget
    return {(meeple, square) for what, square, meeple in p.options(E.meeple_options(p.s, p.t)) if what == STEP}


def test_a_monster_moves_in_eight_directions_in_water_and_on_land():
    p = Position(["~~~~~", "~~M~~", "~~~~~", "M...E", "..m.."])
    steps = {sq for kind, sq in options(p, 0, 1) if kind == STEP}
    assert steps == {p.cell(1 + dr, 2 + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc}
    assert (END, -1) in options(p, 0, 1)


def test_a_monster_pays_to_cross_between_land_and_water_only_when_the_option_says():
    """``monster_crossing_cost``: 'moving between a land square and a water square costs two moves' is a Human
    Rule, so by default (1) a monster in the water steps ashore for one move; set to 2, it steps ashore for two
    and along the water still for one."""
    board = ["~~~~", "~M~~", "~~..", "m..E"]
    ashore, water = (2, 2), (1, 2)
    p = Position(board, players=2)
    assert monster_acts(p, 0, STEP, p.cell(*ashore), 3) == 2
    p = Position(board, players=2, monster_crossing_cost=2)
    steps = {sq for kind, sq in options(p, 0, 1) if kind == STEP}
    assert p.cell(*water) in steps and p.cell(*ashore) not in steps
    assert monster_acts(p, 0, STEP, p.cell(*ashore), 3) == 1


def test_monsters_cannot_traverse_buildings_nor_by_default_each_other_or_evac_sites():
    p = Position(["M~rE", "~M~.", "...m"])
    steps = {sq for kind, sq in options(p, 1, 3) if kind == STEP}
    assert p.cell(0, 2) not in steps  # building
    assert p.cell(0, 0) not in steps  # the other monster
    p = Position(["~~~~", "~~M~", "~~~E", "...m"])
    assert p.cell(2, 3) not in {sq for kind, sq in options(p, 0, 3) if kind == STEP}
    p = Position(["~~~~", "~~M~", "~~~E", "...m"], monster_enters_evac_site=True)
    assert p.cell(2, 3) in {sq for kind, sq in options(p, 0, 3) if kind == STEP}


# The monster between a building to its north and one to its east (touching at a corner): the diagonal
# step north-east passes between them; north-west and south-east pass one building only.
CORNER = ["~r..",
          "~Mr.",
          "~~~.",
          "m..E"]


def test_a_monster_steps_diagonally_between_two_buildings_unless_the_option_forbids_it():
    """Monster Rules: 'move across that many squares in eight directions'; 'Monsters cannot traverse
    buildings'.  diagonal_between_buildings = true (the default): a diagonal step enters no building
    square, so it is legal; false: not between two buildings that touch at the corner, still past one."""
    steps = lambda p: {sq for kind, sq in options(p, 0, 1) if kind == STEP}
    p = Position(CORNER, players=2)
    assert {p.cell(0, 2), p.cell(0, 0), p.cell(2, 2)} <= steps(p)
    p = Position(CORNER, players=2, diagonal_between_buildings=False)
    assert p.cell(0, 2) not in steps(p)
    assert {p.cell(0, 0), p.cell(2, 2)} <= steps(p)


def test_monsters_sharing_a_square_keep_it_from_meeples_until_both_have_left():
    p = Position(["~~~~", "~~M~", "~~M.", "..mE"], monsters_share_squares=True)
    shared, away = p.cell(1, 2), p.cell(0, 1)
    assert monster_acts(p, 1, STEP, shared, 3) == 2  # the second monster joins the first
    assert monster_acts(p, 1, STEP, p.cell(2, 2), 3) == 2  # and leaves again
    assert p.s.monster_at[shared] == 0
    monster_acts(p, 0, STEP, away, 3)
    assert p.s.monster_at[shared] == -1 and p.s.monster_at[away] == 0


def test_destroying_costs_the_buildings_price_and_needs_a_cardinal_neighbour():
    p = Position(["~o~b~", "~~M~~", "~g~~~", "~~~E~", "...m."])
    wrecks = lambda budget: {sq for kind, sq in options(p, 0, budget) if kind == WRECK}
    assert wrecks(1) == set()  # the orange and blue are diagonal, the green is diagonal too
    p = Position(["~~o~~", "~yMb~", "~~E~~", "....m"])
    assert wrecks_of(p, 1) == {p.cell(0, 2)}  # orange costs 1
    assert wrecks_of(p, 2) == {p.cell(0, 2), p.cell(1, 1)}  # yellow costs 2
    assert wrecks_of(p, 3) == {p.cell(0, 2), p.cell(1, 1), p.cell(1, 3)}  # blue costs 3
    assert wrecks_of(p, 4) == {p.cell(0, 2), p.cell(1, 1), p.cell(1, 3), p.cell(2, 2)}  # evac site 4


def wrecks_of(p, budget):
    return {sq for kind, sq in options(p, 0, budget) if kind == WRECK}


def test_red_costs_one_move_and_green_two():
    """Monster Rules: 'Red/Orange - 1 move', 'Yellow/Green - 2 moves', 'Blue/Violet - 3', 'Evac site - 4'.  Red
    north, green west, violet east, the evac site south: each move more adds the next one."""
    p = Position(["~~r~~", "~gMv~", "~~E~~", "....m"], players=2)
    red, green, violet, site = p.cell(0, 2), p.cell(1, 1), p.cell(1, 3), p.cell(2, 2)
    assert wrecks_of(p, 1) == {red}
    assert wrecks_of(p, 2) == {red, green}
    assert wrecks_of(p, 3) == {red, green, violet}
    assert wrecks_of(p, 4) == {red, green, violet, site}


def test_a_destroyed_building_becomes_open_ground_and_is_counted_by_price_line():
    p = Position(["~~v~~", "~~M~~", "....E", "m...."])
    left = monster_acts(p, 0, WRECK, p.cell(0, 2), 5)
    assert left == 2
    assert p.s.structure[p.cell(0, 2)] == -1
    assert list(p.s.destroyed[0]) == [0, 0, 1, 0]


def test_the_second_monster_scores_the_buildings_it_destroys_and_the_meeples_it_eats():
    """Monster Rules: 'Monsters can destroy buildings'; Objectives: 'the monster player who destroyed the most
    buildings wins'.  The second monster (seat 1) destroys the red next to it and eats the meeple: both count
    for seat 1, none for seat 0, and the standings give seat 1 the win."""
    p = Position(["M~~~~", "~~Mr.", "~~~mm", "....E"])
    assert monster_acts(p, 1, WRECK, p.cell(1, 3), 3) == 2
    assert list(p.s.destroyed[1]) == [1, 0, 0, 0] and list(p.s.destroyed[0]) == [0, 0, 0, 0]
    assert monster_acts(p, 1, STEP, p.cell(2, 3), 2) == 3
    assert p.s.eaten[1] == 1 and p.s.eaten[0] == 0
    assert E.standings(p.s, p.t) == 1 and list(p.s.standing[:3]) == [0, 1, 0]
    assert list(p.s.scores[:2]) == [0, 1]


def test_eating_a_meeple_by_entering_its_square_gives_two_more_moves():
    # a roll of 1: the first meal pays for the next two steps, and so on down the row
    p = Position(["~~~~~~", "M~mmm.", "~~~~~E", "M~~~~."])
    p.s.monster_cell[0] = p.cell(1, 1)
    p.s.monster_at[p.cell(1, 0)] = -1
    p.s.monster_at[p.cell(1, 1)] = 0
    p.s.destroyed[0, RED_ORANGE] = 1  # ahead on buildings, it eats on to the last meeple (``racing_for_buildings``)
    monster_turn(p, 0, GLUTTON, (1,))
    assert p.s.eaten[0] == 3
    assert p.s.on_board == 0


def test_eating_a_meeple_adds_exactly_two_moves():
    """Monster Rules: 'Every time a monster eats a Meeple, he gets 2 extra squares added to his potential
    movement'.  With 3 moves, a step onto a meeple's square leaves 3 - 1 + 2 = 4; onto a square of
    three meeples (three may share a square here), 3 - 1 + 3 x 2 = 8; onto an empty square, 2."""
    p = Position(["~~~~~", "~M.m3", "~~~~E"], players=2, meeples_per_square=3)
    monster = p.s.monster_cell[0]
    assert monster_acts(p, 0, STEP, p.cell(1, 2), 3) == 2
    assert monster_acts(p, 0, STEP, p.cell(1, 3), 3) == 4
    assert monster_acts(p, 0, STEP, p.cell(1, 4), 3) == 8
    assert p.s.eaten[0] == 4 and monster != p.s.monster_cell[0]


def test_a_monster_eats_a_meeple_swimming_too():
    p = Position(["~~~~~", "~Mw..", "~~~.E"], players=2)
    assert p.s.terrain[p.cell(1, 2)] == WATER  # the meeple swims
    assert monster_acts(p, 0, STEP, p.cell(1, 2), 3) == 4 and p.s.eaten[0] == 1 and p.s.on_board == 0


def test_a_meal_pays_for_the_next_two_steps_of_the_turn():
    # a roll of 1: the step onto the first meeple leaves 0 + 2 moves, exactly enough to reach the
    # second meeple two squares on (with 1 extra move it would stop on the empty square between)
    p = Position(["~~~~~~", "~Mm.m.", "~~~~~E"], players=2)
    monster_turn(p, 0, GLUTTON, (1,), 0.2)
    assert p.s.eaten[0] == 2
    assert p.s.monster_cell[0] == p.cell(1, 4)


def test_random_monster_spends_at_most_its_roll():
    farthest = 0
    for seed in range(20):  # the random policy's own draws: it often ends its turn early
        p = Position(["~~~~~~~~", "~~~M~~~~", "~~~~~~~~", "M.....mE"])
        p.seed(seed)
        start = p.s.monster_cell[0]
        monster_turn(p, 0, RANDOM, (2,))
        w2 = p.width + 2
        end = p.s.monster_cell[0]
        assert max(abs(end // w2 - start // w2), abs(end % w2 - start % w2)) <= 2
        farthest = max(farthest, max(abs(end // w2 - start // w2), abs(end % w2 - start % w2)))
    assert farthest == 2


def test_wrecker_destroys_the_cheapest_per_move_first():
    p = Position(["~~~~~~", "~bM~~r", "~~~~~~", "E....m"])
    p.s.monster_cell[0] = p.cell(1, 2)
    monster_turn(p, 0, WRECKER, (3,), 0.0, 1.0)
    # the blue next door costs 3 (1 building per 3 moves); the red costs 3 steps + 1: blue first
    assert p.s.structure[p.cell(1, 1)] == -1
    assert p.s.structure[p.cell(1, 5)] == 0


def test_the_wrecker_values_buildings_at_the_scenarios_prices():
    """The strategies read the rules' prices, not a copy: with blue at 4 moves, out of a roll of 3, the
    wrecker walks 2 squares to the red and destroys it for 1."""
    p = Position(["~~~~~~", "~bM~~r", "~~~~~~", "E....m"], building_costs=(1, 1, 2, 2, 4, 4))
    monster_turn(p, 0, WRECKER, (3,), 0.0, 1.0)
    assert p.s.structure[p.cell(1, 1)] == 4 and p.s.structure[p.cell(1, 5)] == -1
    assert p.s.monster_cell[0] == p.cell(1, 4) and p.s.moves == 0


def test_meeples_cross_between_land_and_water_for_two_moves():
    p = Position(["M~~~", "~~wm", "~~.E"])
    opts = lambda budget: meeple_steps(p, budget)
    meeple_on_land = [i for i in range(2) if p.s.meeple_cell[i] == p.cell(1, 3)][0]
    assert (meeple_on_land, p.cell(1, 2)) not in opts(2)  # another meeple stands there
    swimmer = 1 - meeple_on_land
    assert (swimmer, p.cell(2, 2)) not in opts(1)  # water to land costs 2
    assert (swimmer, p.cell(2, 2)) in opts(2)
    assert (swimmer, p.cell(0, 2)) in opts(1)  # water to water costs 1


# The meeple's way to the evac site: land -> water (2 moves) -> land (2 moves) -> the site (1 move).
CROSSING = ["M~~~~~",
            "~~~~~~",
            "bm~.Eb"]


def test_a_meeple_pays_two_moves_for_each_step_between_land_and_water():
    """Human Rules: 'moving between a land square and a water square costs two moves'.  On the way
    above, a roll of 3 takes the meeple into the water (2) with 1 move left, too few to step ashore;
    4 takes it ashore next to the site; 5 evacuates it."""
    for dice, square in (((1, 1), (2, 2)), ((1, 2), (2, 2)), ((2, 2), (2, 3)), ((2, 3), None)):
        p = Position(CROSSING, players=2)
        human_turn(p, NEAREST_EXIT, dice, 1.0, 0.5)
        if square is None:
            assert p.s.evacuated == 1 and p.s.on_board == 0, dice
        else:
            assert p.s.evacuated == 0 and p.s.meeple_cell[0] == p.cell(*square), dice


def test_a_meeples_legal_steps_depend_on_the_moves_left_and_the_crossing():
    p = Position(CROSSING, players=2)
    steps = lambda budget: {square for _, square in meeple_steps(p, budget)}
    assert steps(1) == set()  # the open neighbours are water: 2 moves each
    assert steps(2) == {p.cell(1, 1), p.cell(2, 2)}
    E.move_meeple(p.s, 0, p.cell(2, 2))
    assert steps(1) == {p.cell(1, 2)}  # water to water: 1 move; ashore: 2
    assert steps(2) == {p.cell(1, 2), p.cell(2, 1), p.cell(2, 3)}


def test_meeples_cannot_enter_buildings_or_monsters():
    p = Position(["~~~~", "~~~M", "~~rm", "M..E"])
    targets = {square for _, square in meeple_steps(p, 12)}
    assert targets == {p.cell(3, 3)}  # not the red building, not the monster


def test_a_meeple_entering_an_evac_site_is_evacuated():
    p = Position(["M~~~", "~~.m", "~~.E"])
    # nearest_exit with a roll of 1 + 1: one step onto the site
    human_turn(p, NEAREST_EXIT, (1, 1), 1.0, 0.5)
    assert p.s.evacuated == 1
    assert p.s.on_board == 0
    assert p.s.meeple_count[p.cell(2, 3)] == 0


def test_the_human_makes_up_to_the_roll_of_two_dice_in_moves():
    p = Position(["M~~~~~~~~~", "~~........", "~~m......E"])
    human_turn(p, NEAREST_EXIT, (2, 1), 1.0, 0.5)
    assert p.s.meeple_cell[0] == p.cell(2, 5)  # 3 moves east


def test_the_human_may_stop_before_the_roll_is_spent():
    """Human Rules: 'any number of moves less than or equal' to the roll: one step of three, then the turn ends."""
    p = Position(["M~~~~~~~~~", "~~........", "~~m......E"])
    p.seat(p.t.players - 1, RANDOM)
    p.dice(2, 1)
    p.choices((STEP, p.cell(2, 3), 0), (END, -1))
    E.human_turn(p.s, p.t)
    assert p.all_used() and p.s.meeple_cell[0] == p.cell(2, 3)
    assert [e[:2] for e in events(p.s) if e[0] == E.HUMAN_STOPS] == [(E.HUMAN_STOPS, 2)]


# The monster in the corner and the meeple in the other, each walled in by buildings no roll can pay for:
# every turn is a roll and nothing else.
WALLED_IN = ["Mv...",
             "vv.E.",
             "...vv",
             "...vm"]


def test_the_monster_rolls_one_six_sided_die_and_the_human_two():
    """Monster Rules: 'rolls 1 six-sided die'; Human Rules: 'rolls two six-sided die'.  300 unscripted turns of
    each from seed 0 (the chance that a face of a fair die never shows in 300 rolls is below 6 x (5/6)^300):
    the monster's die shows exactly 1..6, and so does each of the human's two dice."""
    p = Position(WALLED_IN, players=2, building_costs=(7,) * 6)
    p.seed(0)
    p.seat(0, GLUTTON)
    p.seat(1, NEAREST_EXIT, 1.0, 0.5)
    monster, first, second = set(), set(), set()
    for _ in range(300):
        p.s.log.count = 0
        E.monster_turn(p.s, p.t, 0)
        E.human_turn(p.s, p.t)
        rolls = [e for e in events(p.s) if e[0] in (E.MONSTER_ROLLS, E.HUMAN_ROLLS)]
        assert [e[0] for e in rolls] == [E.MONSTER_ROLLS, E.HUMAN_ROLLS, E.HUMAN_ROLLS]
        monster.add(rolls[0][2])
        first.add(rolls[1][1])
        second.add(rolls[2][1])
    assert p.s.on_board == 1 and list(p.s.destroyed[0]) == [0, 0, 0, 0]  # nothing but rolls happened
    assert monster == first == second == set(range(1, 7))


def test_crossing_cost_shapes_the_route_to_safety():
    p = Position(["M~~~~", "~.~.E", "~m~.."])
    # land (2,1) to the site: through water costs 2 + 1 + 2 ... the map reads the cheapest
    assert p.evac_dist[p.cell(1, 4)] == 0
    assert p.evac_dist[p.cell(1, 3)] == 1
    assert p.evac_dist[p.cell(1, 2)] == 3  # water next to land: 2 to step ashore
    assert p.evac_dist[p.cell(1, 1)] == 5


def cheapest_routes(p):
    """Every square's cheapest meeple route to an evac site by the Human Rules, worked out here by Dijkstra's
    algorithm: a step to a cardinal neighbour that is no building, 1 move, ``crossing_cost`` between land and
    water."""
    s, t = p.s, p.t
    dist = np.full(t.n_cells, INF)
    heap = [(0, c) for c in range(t.n_cells) if s.structure[c] == EVAC]
    for _, c in heap:
        dist[c] = 0
    while heap:
        d, c = heapq.heappop(heap)
        if d == dist[c]:
            for nb in c + t.rook_step:
                if s.terrain[nb] != OFF and s.structure[nb] in (NONE, EVAC):
                    nd = d + (t.crossing_cost if s.terrain[nb] != s.terrain[c] else 1)
                    if nd < dist[nb]:
                        dist[nb] = nd
                        heapq.heappush(heap, (nd, nb))
    return dist


def test_the_routes_to_safety_are_the_cheapest_as_buildings_fall_and_sites_go():
    """The meeples' routes (``decisions.evac_distances``: what the boards' check and the human's strategies read)
    on the largest board, water and buildings strewn at random, equal Dijkstra's; and so do the routes the
    strategies keep as buildings fall (a square opened at a time) and as an evac site goes (worked out anew)."""
    rng = np.random.default_rng(7)
    rows = ["".join(rng.choice(list("~~~......rgb")) for _ in range(MAX_SIDE)) for _ in range(MAX_SIDE)]
    rows[0] = "M" + rows[0][1:]
    rows[MAX_SIDE - 1] = rows[MAX_SIDE - 1][:-2] + "Em"
    rows[MAX_SIDE // 2] = "E" + rows[MAX_SIDE // 2][1:]
    p = Position(rows, players=2)
    assert np.array_equal(p.evac_dist[:p.t.n_cells], cheapest_routes(p))
    assert 0 < (p.evac_dist[:p.t.n_cells] >= INF).sum() < p.t.n_cells // 2  # some squares walled in, most not
    buildings = np.flatnonzero((p.s.structure >= 0) & (p.s.structure != EVAC))
    for fall in np.array_split(rng.permutation(buildings), 8):
        p.s.structure[fall] = NONE
        p.s.destroyed[0, 0] += len(fall)
        assert np.array_equal(p.evac_dist[:p.t.n_cells], cheapest_routes(p))
    p.s.structure[p.cell(MAX_SIDE // 2, 0)] = NONE
    p.s.destroyed[0, 0] += 1
    assert np.array_equal(p.evac_dist[:p.t.n_cells], cheapest_routes(p))


def test_replacing_an_evac_site_puts_three_evacuated_meeples_back():
    p = Position(["M~~~~~", "~~....", "~~.E.m", "~~...."])
    p.s.evacuated = 3
    assert not E.may_replace(p.s, p.t)  # nothing destroyed
    p.s.evacuated = 0
    E.destroy(p.s, p.t, 0, p.cell(2, 3))
    assert p.s.pile == 1 and p.s.standing_sites == 0
    assert p.s.destroyed[0, 3] == 1
    assert not E.may_replace(p.s, p.t)  # no evacuated meeples to put back
    p.s.evacuated = 3
    assert E.may_replace(p.s, p.t)
    p.seat(2, NEAREST_EXIT, 1.0, 0.5)
    p.dice(6, 6)
    E.human_turn(p.s, p.t)
    assert not p.all_used()  # replacing was the turn: no roll
    assert p.s.replaced == 1 and p.s.standing_sites == 1 and p.s.pile == 0  # the destroyed chip spent
    assert p.s.evacuated == 0 and p.s.on_board == 4
    sites = np.flatnonzero(p.s.structure[:p.t.n_cells] == 6)
    assert len(sites) == 1 and p.s.meeple_count[sites[0]] == 0
    assert all(p.s.terrain[p.s.meeple_cell[i]] == 2 for i in range(4))  # put back on land


# A destroyed evac site at row 2, column 3, the monster on land at row 3, column 2, a meeple at row 2,
# column 5 (a full square: one meeple per square): 8 free land squares.
PUT_BACK = ["M~~~~~",
            "~~.r..",
            "~~.E.m",
            "~~...."]


def put_back_squares(seeds, **changes):
    """Every square a meeple was put back on when the human replaced the destroyed evac site where it
    stood, one game of PUT_BACK per seed; and the last game's Position."""
    squares = set()
    for seed in seeds:
        p = Position(PUT_BACK, players=2, **changes)
        p.seed(seed)
        E.move_monster(p.s, 0, p.cell(3, 2))
        E.destroy(p.s, p.t, 0, p.cell(2, 3))
        p.s.evacuated = 3
        p.choices((REPLACE, -1), (FROM_PILE, -1), (PLACE, p.cell(2, 3)))
        E.human_turn(p.s, p.t)
        assert p.all_used() and p.s.on_board == 4 and p.s.evacuated == 0
        squares |= {e[1] for e in events(p.s) if e[0] == E.PUTS_BACK}
    return squares, p


def test_meeples_put_back_go_to_random_free_land_squares():
    """Human Rules: 'replaces three evacuated Meeple on the board at random locations'; Setup: 'A building
    and a Meeple may not occupy the same square.  The same holds true for evac sites'; meeples start on
    land (put_back_on = 'land').  Over 30 seeds the meeples land on every free land square, and only there:
    not in the water, on the building, the site, the monster or the full square."""
    squares, p = put_back_squares(range(30))
    free = {p.cell(1, 2), p.cell(1, 4), p.cell(1, 5), p.cell(2, 2), p.cell(2, 4), p.cell(3, 3), p.cell(3, 4),
            p.cell(3, 5)}
    assert squares == free
    assert all(p.s.terrain[c] == LAND for c in free)


def test_with_put_back_on_any_square_meeples_put_back_swim_too():
    """put_back_on = 'any_square': the water's free squares join the land's (never the monster's, the
    building's, the site's or the full square)."""
    squares, p = put_back_squares(range(30), put_back_on="any_square")
    assert any(p.s.terrain[c] == WATER for c in squares)
    assert not squares & {p.cell(3, 2), p.cell(1, 3), p.cell(2, 3), p.cell(2, 5)}


def test_a_replaced_evac_site_goes_on_a_free_land_square():
    """Human Rules: 'the player replaces the site at a location of his choosing'; Setup: 'A building and a
    Meeple may not occupy the same square.  The same holds true for evac sites'.  The engine's reading
    (the module's assumptions): a free land square, no meeple, no monster; the square of the destroyed
    site is open ground again."""
    p = Position(["M~~~~", "~~.r.", "~~.E.", "~~.m."], players=2)
    E.move_monster(p.s, 0, p.cell(1, 2))
    E.destroy(p.s, p.t, 0, p.cell(2, 3))
    squares = {square for _, square, _ in p.options(E.site_options(p.s, p.t))}
    assert squares == {p.cell(1, 4), p.cell(2, 2), p.cell(2, 3), p.cell(2, 4), p.cell(3, 2), p.cell(3, 4)}


def test_with_new_site_on_any_square_a_replaced_evac_site_may_go_in_the_water():
    """new_site_on = 'any_square': the water's free squares join the land's (never the monster's, the building's
    or a meeple's)."""
    p = Position(["M~~~~", "~~.r.", "~~.E.", "~~.m."], players=2, new_site_on="any_square")
    E.move_monster(p.s, 0, p.cell(1, 2))
    E.destroy(p.s, p.t, 0, p.cell(2, 3))
    squares = {square for _, square, _ in p.options(E.site_options(p.s, p.t))}
    water = {c for c in range(20) if p.s.terrain[c] == WATER}
    assert water and water <= squares
    assert not squares & {p.cell(1, 2), p.cell(1, 3), p.cell(3, 3)}


def test_the_site_replaced_is_a_destroyed_one_or_with_any_site_a_standing_one_too():
    """replace_evac_site = 'destroyed_only': the chip comes from the pile of destroyed sites; 'any_site' also lets the
    human lift a standing site off its square, and the pile is offered only while it holds a chip."""
    rows = ["M~~~~", "~~.E.", "~~.E.", "~~.m."]
    p = Position(rows, players=2)
    E.destroy(p.s, p.t, 0, p.cell(1, 3))
    assert p.options(E.lift_options(p.s, p.t)) == [(FROM_PILE, -1, -1)]
    p = Position(rows, players=2, replace_evac_site="any_site")
    assert p.options(E.lift_options(p.s, p.t)) == [(LIFT, p.cell(1, 3), -1), (LIFT, p.cell(2, 3), -1)]
    E.destroy(p.s, p.t, 0, p.cell(1, 3))
    assert p.options(E.lift_options(p.s, p.t)) == [(FROM_PILE, -1, -1), (LIFT, p.cell(2, 3), -1)]


def test_monsters_start_in_the_water_as_far_from_land_as_possible_at_random():
    """Setup: 'Monsters start in water, as far from land as possible'; a monster whose square the map marks starts
    there (the first one here, in the corner)."""
    rows = ["~~~~~~", "~~~~~~", "~~~~~~", "..m..."]
    p = Position(rows, players=3)
    water = [c for c in range(p.t.n_cells) if p.s.terrain[c] == WATER]
    far = max(p.s.land_dist[c] for c in water)
    farthest = {c for c in water if p.s.land_dist[c] == far}
    assert 2 < len(farthest) < len(water)
    seen = set()
    for seed in range(20):
        p.seed(seed)
        E.set_up(p.s, p.t)
        cells = {int(p.s.monster_cell[m]) for m in range(2)}
        assert len(cells) == 2 and cells <= farthest
        assert all(p.s.monster_at[c] == m for m, c in enumerate(p.s.monster_cell[:2]))
        seen |= cells
    assert seen == farthest
    p = Position(["M" + rows[0][1:]] + rows[1:], players=3)
    assert p.s.monster_cell[0] == p.cell(0, 0) and p.s.monster_cell[1] in farthest - {p.cell(0, 0)}


def test_replacing_without_the_price_is_allowed_when_switched_off():
    p = Position(["M~~~~~", "~~.E.m"], replace_needs_evacuated=False)
    E.destroy(p.s, p.t, 0, p.cell(1, 3))
    assert E.may_replace(p.s, p.t)


def test_victory_human_needs_more_evacuated_than_eaten_else_most_buildings():
    p = Position(["M~~~", "~~.E", "M~.m"])
    s, t = p.s, p.t
    s.evacuated, s.eaten[0], s.eaten[1] = 5, 2, 2
    assert E.standings(s, t) == 2 and list(s.standing[:3]) == [0, 0, 1]
    s.eaten[1] = 3  # 5 evacuated, 5 eaten: not more
    s.destroyed[0, 0] = 2
    s.destroyed[1, 2] = 1
    assert E.standings(s, t) == 0 and list(s.standing[:3]) == [1, 0, 0]  # most buildings, whatever their price
    s.destroyed[1, 3] = 1
    assert E.standings(s, t) == -1 and list(s.standing[:3]) == [0, 0, 0]  # a tie between monsters is a draw
    t.evac_site_counts_as_building = False
    assert E.standings(s, t) == 0  # unless evac sites are not buildings


def test_monsters_start_as_far_from_land_as_possible():
    p = Position(["~~~~~~", "~~~~~~", "~~~~..", "~~~~.E", "~~~~.m"])
    w2 = p.width + 2
    for m in range(2):
        c = p.s.monster_cell[m]
        assert (c % w2 - 1) == 0 and c // w2 - 1 in (0, 1, 2, 3, 4)
        assert p.s.land_dist[c] == 4


def test_the_game_ends_when_every_meeple_is_off_the_board():
    p = Position(["M~~~", "~~mE", "M~~."])
    for seat, policy in enumerate((GLUTTON, GLUTTON, NEAREST_EXIT)):
        p.seat(seat, policy)
    p.dice(1, 1, 1, 1, 1)
    winner, reason, rounds = E.play_game(p.s, p.t)
    assert reason == E.MEEPLES_GONE
    assert p.s.on_board == 0


def test_the_monsters_go_first_and_the_game_ends_the_moment_the_last_meeple_is_gone():
    p = Position(["Mm...E", "~~~~~~", "M~~~~~"])
    for seat, policy in enumerate((GLUTTON, GLUTTON, NEAREST_EXIT)):
        p.seat(seat, policy)
    p.dice(1)
    winner, reason, rounds = E.play_game(p.s, p.t)
    assert [(e[1], e[2]) for e in events(p.s) if e[0] == E.TURN] == [(1, 0)]  # the first monster's turn, no other
    assert p.s.on_board == 0 and p.s.eaten[0] == 1


@pytest.mark.parametrize("tie,face,expected", [("imitation", 1, (0, "monsters_tied")),
                                               ("imitation", 2, (1, "monsters_tied")),
                                               ("draw", None, (-1, "monsters_tied"))])
def test_monsters_tied_for_the_most_buildings_imitate_darth_vader_and_the_best_imitation_wins(tie, face, expected):
    """Victory Conditions: 'If there is a draw, the players involved attempt to imitate Darth Vader. The most
    successful imitation wins': a die with a face for each tied monster (``monster_tie = imitation``), or no winner
    (``draw``).  The first monster eats the last meeple; neither destroyed a building."""
    p = Position(["Mm...E", "~~~~~~", "M~~~~~"], monster_tie=tie)
    for seat, policy in enumerate((GLUTTON, GLUTTON, NEAREST_EXIT)):
        p.seat(seat, policy)
    p.dice(1, *([face] if face else []))
    winner, reason, rounds = E.play_game(p.s, p.t)
    assert (winner, E.END_REASONS[reason]) == expected and p.all_used()
    seats = ["Seat 1 (glutton)", "Seat 2 (glutton)", "Seat 3 (nearest_exit)"]
    end = next(line for line in replay.tell(events(p.s), seats, p.rules)[0] if line.startswith("No meeple"))
    assert end.endswith(f"a tie between monsters, and {seats[winner]} wins the Darth Vader imitation (each tied "
                        "monster with the same chance)" if winner >= 0 else "a tie between monsters: a draw")


def test_a_stalled_game_is_a_timeout():
    # the meeple is walled in by violet buildings that cost more than a monster's die can ever pay
    p = Position(["M~~~~~", "~~~vvv", "M~~vmv", "~~~vvv", "~~~..E"], max_rounds=5, building_costs=(1, 1, 2, 2, 3, 7))
    for seat, policy in enumerate((GLUTTON, GLUTTON, NEAREST_EXIT)):
        p.seat(seat, policy)
    p.dice(1)
    winner, reason, rounds = E.play_game(p.s, p.t)
    assert (winner, reason, rounds) == (-1, E.TIMEOUT, 5)


# A meeple walled in on all eight sides (no evac site stands, so blockade hunts meeples).  The
# cheapest way in costs 5 moves: 2 steps to row 3, column 4 (or row 2, column 4), destroy the
# orange (or the red) for 1, step in, then onto the meeple.
SEALED = ["~~~~~~~",
          "~M~...~",
          "~~~.rbv",
          "~~~.omy",
          "~~~.ggg"]


def test_blockade_breaks_into_a_pocket_of_buildings_to_reach_a_walled_in_meeple():
    """Issue 16: blockade never destroyed an ordinary building, so a meeple put back into a sealed
    pocket froze the game until the turn cap."""
    p = Position(SEALED)
    monster_turn(p, 0, BLOCKADE, (5,), 4.0, 4.0, 1.0)
    assert p.s.eaten[0] == 1 and p.s.on_board == 0
    assert list(p.s.destroyed[0]) == [1, 0, 0, 0]  # one red or orange building, the cheapest wall
    assert p.s.structure[p.cell(2, 5)] == 4 and p.s.structure[p.cell(3, 6)] == 2  # the dear ones stand


def test_a_monster_short_of_moves_walks_to_the_wall_and_destroys_it():
    p = Position(SEALED)
    monster_turn(p, 0, BLOCKADE, (3,), 4.0, 4.0, 1.0)  # 2 steps and the orange or red: no meal yet
    assert p.s.eaten[0] == 0
    assert list(p.s.destroyed[0]) == [1, 0, 0, 0]
    opened = p.cell(3, 4) if p.s.structure[p.cell(3, 4)] < 0 else p.cell(2, 4)
    assert p.s.structure[opened] < 0
    w2 = p.width + 2
    assert abs(p.s.monster_cell[0] // w2 - opened // w2) + abs(p.s.monster_cell[0] % w2 - opened % w2) == 1


def test_a_glutton_that_values_no_building_breaks_in_too():
    p = Position(SEALED)
    monster_turn(p, 0, GLUTTON, (5,), 0.0)  # building_weight 0: no building is worth a move
    assert p.s.eaten[0] == 1
    assert list(p.s.destroyed[0]) == [1, 0, 0, 0]


def test_a_scripted_choice_overrides_the_policy_which_then_plans_from_where_the_monster_stands():
    p = Position(["~~~~~", "~M~m.", "~~~~E"], players=2)
    p.choices((STEP, p.cell(0, 0)))  # away from the meeple, then the glutton's own 2 steps towards it
    monster_turn(p, 0, GLUTTON, (3,), 0.2)
    assert p.all_used() and p.s.eaten[0] == 0
    w2 = p.width + 2
    monster, meeple = p.s.monster_cell[0], p.cell(1, 3)
    assert max(abs(monster // w2 - meeple // w2), abs(monster % w2 - meeple % w2)) == 1


def replace_the_destroyed_site(p, site, evacuated):
    """The evac site on ``site`` destroyed with ``evacuated`` meeples evacuated; the human replaces it from the pile
    on the same square."""
    E.destroy(p.s, p.t, 0, site)
    p.s.evacuated = evacuated
    p.choices((REPLACE, -1), (FROM_PILE, -1), (PLACE, site))
    E.human_turn(p.s, p.t)
    assert p.all_used() and p.s.replaced == 1


def test_a_monster_that_eats_the_last_meeple_stops_there_for_the_game_is_over():
    """Objectives: 'The game ends when all Meeple are removed from the board.'  The monster rolls 3, eats the last
    meeple (3 - 1 + 2 = 4 moves left) beside a red building it could pay for: the turn ends with the meal, the red
    still stands (a building destroyed after the end would count for victory)."""
    p = Position(["~~~~~", "~Mmr.", "~~~.E"], players=2)
    red = p.cell(1, 3)
    p.seat(0, WRECKER, 0.0, 1.0)
    p.dice(3)
    p.choices((STEP, p.cell(1, 2)), (WRECK, red))
    E.monster_turn(p.s, p.t, 0)
    assert not p.all_used()  # the wreck scripted after the meal is never asked for
    assert p.s.eaten[0] == 1 and p.s.on_board == 0 and p.s.moves == 4
    assert p.s.structure[red] == 0 and list(p.s.destroyed[0]) == [0, 0, 0, 0]


def test_with_any_site_the_last_standing_evac_site_may_be_moved():
    """Human Rules: 'replaces the site at a location of his choosing'; replace_evac_site = 'any_site': a standing site
    may be lifted and put elsewhere, the only one too, with no destroyed site waiting on the pile."""
    p = Position(["M~~~~~", "~~....", "~~.E.m", "~~...."], players=2, replace_evac_site="any_site")
    site, new = p.cell(2, 3), p.cell(1, 2)
    p.s.evacuated = 3
    assert p.s.pile == 0 and p.s.standing_sites == 1
    assert E.may_replace(p.s, p.t)
    p.choices((REPLACE, -1), (LIFT, site), (PLACE, new))
    E.human_turn(p.s, p.t)
    assert p.all_used() and p.s.replaced == 1
    assert p.s.structure[site] == -1 and p.s.structure[new] == 6
    assert p.s.standing_sites == 1 and p.s.pile == 0
    assert p.s.evacuated == 0 and p.s.on_board == 4


def test_three_meeples_are_put_back_though_only_three_free_squares_are_left():
    """Human Rules: 'replaces three evacuated Meeple on the board at random locations'.  With the site back on its
    square, three free land squares are left (the others hold buildings, the site or a meeple): one meeple goes on
    each, the last one on the last free square."""
    p = Position(["M~~~~~", "~~rrr.", "~~.E.m"], players=2)
    site = p.cell(2, 3)
    replace_the_destroyed_site(p, site, 3)
    assert p.s.evacuated == 0 and p.s.on_board == 4
    assert [p.s.meeple_count[c] for c in (p.cell(1, 5), p.cell(2, 2), p.cell(2, 4))] == [1, 1, 1]


def test_without_the_price_only_the_meeples_evacuated_are_put_back():
    """replace_needs_evacuated = false: the site may be replaced with fewer than three meeples evacuated; those
    evacuated (one here) go back on the board, no more ('replaces three evacuated Meeple')."""
    p = Position(["M~~~~~", "~~....", "~~.E.m", "~~...."], players=2, replace_needs_evacuated=False)
    site = p.cell(2, 3)
    replace_the_destroyed_site(p, site, 1)
    assert p.s.evacuated == 0 and p.s.on_board == 2
    assert len([e for e in events(p.s) if e[0] == E.PUTS_BACK]) == 1


def test_an_evac_site_may_be_replaced_on_the_only_free_square():
    """Human Rules: 'replaces the site at a location of his choosing': one free square is a choice too.  The
    destroyed site's square is the only free land (a building and a meeple hold the rest); the meeples put back
    swim (put_back_on = 'any_square')."""
    p = Position(["M~~~~", "~~rEm", "~~~~~"], players=2, put_back_on="any_square")
    site = p.cell(1, 3)
    E.destroy(p.s, p.t, 0, site)
    p.s.evacuated = 3
    assert p.options(E.site_options(p.s, p.t)) == [(PLACE, site, -1)]
    p.choices((REPLACE, -1), (FROM_PILE, -1), (PLACE, site))
    E.human_turn(p.s, p.t)
    assert p.all_used() and p.s.replaced == 1 and p.s.structure[site] == 6
    assert p.s.evacuated == 0 and p.s.on_board == 4


def test_a_monster_that_has_spent_its_roll_stops_even_beside_a_meeple():
    """Monster Rules: 'rolls 1 six-sided die.  He can then move across that many squares'.  A roll of 1 spent on a
    step (scripted) leaves the glutton next to a meeple with no move left: the turn ends, the meeple uneaten."""
    p = Position(["~~~~~", "~M~m.", "~~~~E"], players=2)
    p.choices((STEP, p.cell(1, 2)))
    monster_turn(p, 0, GLUTTON, (1,), 0.2)
    assert p.s.monster_cell[0] == p.cell(1, 2) and p.s.moves == 0
    assert p.s.eaten[0] == 0 and p.s.on_board == 1
