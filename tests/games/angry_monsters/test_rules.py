"""Angry Monsters' rules, one small hand-drawn position at a time (see helpers.Position)."""

import numpy as np

from balance.games.angry_monsters import engine as E
from balance.games.angry_monsters.policies import BLOCKADE, GLUTTON, NEAREST_EXIT, WRECKER
from balance.games.angry_monsters.state import EVACUATED, ON_BOARD, PILE, REPLACED, STANDING_SITES
from tests.conftest import rng_rolling
from tests.games.angry_monsters.helpers import Position


def options(p, seat, budget):
    n = E.monster_options(p.state, seat, budget, *p.kernel)
    return {(int(p.state.opt_a[i]), int(p.state.opt_b[i])) for i in range(n)}


def monster_turn(p, seat, policy, rng, p0=0.0, p1=0.0, p2=0.0):
    E.monster_turn(p.state, seat, policy, p0, p1, p2, *p.kernel, rng)


def test_a_monster_moves_in_eight_directions_in_water_and_on_land():
    p = Position(["~~~~~", "~~M~~", "~~~~~", "M...E", "..m.."])
    steps = {sq for kind, sq in options(p, 0, 1) if kind == E.STEP}
    assert steps == {p.cell(1 + dr, 2 + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc}
    assert (E.END, -1) in options(p, 0, 1)


def test_monsters_cannot_traverse_buildings_nor_by_default_each_other_or_evac_sites():
    p = Position(["M~rE", "~M~.", "...m"])
    steps = {sq for kind, sq in options(p, 1, 3) if kind == E.STEP}
    assert p.cell(0, 2) not in steps  # building
    assert p.cell(0, 0) not in steps  # the other monster
    p = Position(["~~~~", "~~M~", "~~~E", "...m"])
    assert p.cell(2, 3) not in {sq for kind, sq in options(p, 0, 3) if kind == E.STEP}
    p = Position(["~~~~", "~~M~", "~~~E", "...m"], monster_enters_evac_site=True)
    assert p.cell(2, 3) in {sq for kind, sq in options(p, 0, 3) if kind == E.STEP}


def test_destroying_costs_the_buildings_price_and_needs_a_cardinal_neighbour():
    p = Position(["~o~b~", "~~M~~", "~g~~~", "~~~E~", "...m."])
    wrecks = lambda budget: {sq for kind, sq in options(p, 0, budget) if kind == E.WRECK}
    assert wrecks(1) == set()  # the orange and blue are diagonal, the green is diagonal too
    p = Position(["~~o~~", "~yMb~", "~~E~~", "....m"])
    assert wrecks_of(p, 1) == {p.cell(0, 2)}  # orange costs 1
    assert wrecks_of(p, 2) == {p.cell(0, 2), p.cell(1, 1)}  # yellow costs 2
    assert wrecks_of(p, 3) == {p.cell(0, 2), p.cell(1, 1), p.cell(1, 3)}  # blue costs 3
    assert wrecks_of(p, 4) == {p.cell(0, 2), p.cell(1, 1), p.cell(1, 3), p.cell(2, 2)}  # evac site 4


def wrecks_of(p, budget):
    return {sq for kind, sq in options(p, 0, budget) if kind == E.WRECK}


def test_a_destroyed_building_becomes_open_ground_and_is_counted_by_price_line():
    p = Position(["~~v~~", "~~M~~", "....E", "m...."])
    left = E.apply_monster_option(p.state, 0, E.WRECK, p.cell(0, 2), 5, p.cfg, p.cost, p.rook)
    assert left == 2
    assert p.state.structure[p.cell(0, 2)] == -1
    assert list(p.state.destroyed[0]) == [0, 0, 1, 0]


def test_eating_a_meeple_by_entering_its_square_gives_two_more_moves():
    # a roll of 1: the first meal pays for the next two steps, and so on down the row
    p = Position(["~~~~~~", "M~mmm.", "~~~~~E", "M~~~~."])
    p.state.monster_cell[0] = p.cell(1, 1)
    p.state.monster_at[p.cell(1, 0)] = -1
    p.state.monster_at[p.cell(1, 1)] = 0
    monster_turn(p, 0, GLUTTON, rng_rolling(1))
    assert p.state.eaten[0] == 3
    assert p.state.tally[ON_BOARD] == 0


def test_eating_a_meeple_adds_exactly_two_moves():
    """Monster Rules: 'Every time a monster eats a Meeple, he gets 2 extra squares added to his potential
    movement'.  With 3 moves, a step onto a meeple's square leaves 3 - 1 + 2 = 4; onto a square of
    three meeples (three may share a square here), 3 - 1 + 3 x 2 = 8; onto an empty square, 2."""
    p = Position(["~~~~~", "~M.m3", "~~~~E"], players=2, meeples_per_square=3)
    monster = p.state.monster_cell[0]
    assert E.apply_monster_option(p.state, 0, E.STEP, p.cell(1, 2), 3, p.cfg, p.cost, p.rook) == 2
    assert E.apply_monster_option(p.state, 0, E.STEP, p.cell(1, 3), 3, p.cfg, p.cost, p.rook) == 4
    assert E.apply_monster_option(p.state, 0, E.STEP, p.cell(1, 4), 3, p.cfg, p.cost, p.rook) == 8
    assert p.state.eaten[0] == 4 and monster != p.state.monster_cell[0]


def test_a_meal_pays_for_the_next_two_steps_of_the_turn():
    # a roll of 1: the step onto the first meeple leaves 0 + 2 moves, exactly enough to reach the
    # second meeple two squares on (with 1 extra move it would stop on the empty square between)
    p = Position(["~~~~~~", "~Mm.m.", "~~~~~E"], players=2)
    monster_turn(p, 0, GLUTTON, rng_rolling(1), 0.2)
    assert p.state.eaten[0] == 2
    assert p.state.monster_cell[0] == p.cell(1, 4)


def test_random_monster_spends_at_most_its_roll():
    p = Position(["~~~~~~~~", "~~~M~~~~", "~~~~~~~~", "M.....mE"])
    start = p.state.monster_cell[0]
    monster_turn(p, 0, 0, rng_rolling(2, 6, 6, 6, 6, 6))
    w2 = p.width + 2
    end = p.state.monster_cell[0]
    assert max(abs(end // w2 - start // w2), abs(end % w2 - start % w2)) <= 2


def test_wrecker_destroys_the_cheapest_per_move_first():
    p = Position(["~~~~~~", "~bM~~r", "~~~~~~", "E....m"])
    p.state.monster_cell[0] = p.cell(1, 2)
    monster_turn(p, 0, WRECKER, rng_rolling(3), 0.0, 1.0)
    # the blue next door costs 3 (1 building per 3 moves); the red costs 3 steps + 1: blue first
    assert p.state.structure[p.cell(1, 1)] == -1
    assert p.state.structure[p.cell(1, 5)] == 0


def test_meeples_cross_between_land_and_water_for_two_moves():
    p = Position(["M~~~", "~~wm", "~~.E"])
    opts = lambda budget: {(int(p.state.opt_a[i]), int(p.state.opt_b[i]))
                           for i in range(E.meeple_options(p.state, budget, p.cfg, p.rook))}
    meeple_on_land = [i for i in range(2) if p.state.meeple_cell[i] == p.cell(1, 3)][0]
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
        E.human_turn(p.state, NEAREST_EXIT, 1.0, 0.5, 0.0, 0.0, 1, p.cfg, p.rook, rng_rolling(*dice))
        if square is None:
            assert p.state.tally[EVACUATED] == 1 and p.state.tally[ON_BOARD] == 0, dice
        else:
            assert p.state.tally[EVACUATED] == 0 and p.state.meeple_cell[0] == p.cell(*square), dice


def test_a_meeples_legal_steps_depend_on_the_moves_left_and_the_crossing():
    p = Position(CROSSING, players=2)
    steps = lambda budget: {int(p.state.opt_b[i]) for i in range(1, E.meeple_options(p.state, budget, p.cfg, p.rook))}
    assert steps(1) == set()  # the open neighbours are water: 2 moves each
    assert steps(2) == {p.cell(1, 1), p.cell(2, 2)}
    E.move_meeple(p.state, 0, p.cell(2, 2))
    assert steps(1) == {p.cell(1, 2)}  # water to water: 1 move; ashore: 2
    assert steps(2) == {p.cell(1, 2), p.cell(2, 1), p.cell(2, 3)}


def test_meeples_cannot_enter_buildings_or_monsters():
    p = Position(["~~~~", "~~~M", "~~rm", "M..E"])
    n = E.meeple_options(p.state, 12, p.cfg, p.rook)
    targets = {int(p.state.opt_b[i]) for i in range(1, n)}
    assert targets == {p.cell(3, 3)}  # not the red building, not the monster


def test_a_meeple_entering_an_evac_site_is_evacuated():
    p = Position(["M~~~", "~~.m", "~~.E"])
    # nearest_exit with a roll of 1 + 1: one step onto the site
    E.human_turn(p.state, NEAREST_EXIT, 1.0, 0.5, 0.0, 0.0, 1, p.cfg, p.rook, rng_rolling(1, 1))
    assert p.state.tally[EVACUATED] == 1
    assert p.state.tally[ON_BOARD] == 0
    assert p.state.meeple_count[p.cell(2, 3)] == 0


def test_the_human_makes_up_to_the_roll_of_two_dice_in_moves():
    p = Position(["M~~~~~~~~~", "~~........", "~~m......E"])
    E.human_turn(p.state, NEAREST_EXIT, 1.0, 0.5, 0.0, 0.0, 1, p.cfg, p.rook, rng_rolling(2, 1))
    assert p.state.meeple_cell[0] == p.cell(2, 5)  # 3 moves east


def test_crossing_cost_shapes_the_route_to_safety():
    p = Position(["M~~~~", "~.~.E", "~m~.."])
    # land (2,1) to the site: through water costs 2 + 1 + 2 ... the map reads the cheapest
    assert p.state.evac_dist[p.cell(1, 4)] == 0
    assert p.state.evac_dist[p.cell(1, 3)] == 1
    assert p.state.evac_dist[p.cell(1, 2)] == 3  # water next to land: 2 to step ashore
    assert p.state.evac_dist[p.cell(1, 1)] == 5


def test_replacing_an_evac_site_puts_three_evacuated_meeples_back():
    p = Position(["M~~~~~", "~~....", "~~.E.m", "~~...."])
    assert not E.may_replace(p.state, p.cfg)  # nothing destroyed
    E.destroy(p.state, 0, p.cell(2, 3), p.cfg[E.CROSS], p.rook)
    assert p.state.tally[PILE] == 1 and p.state.tally[STANDING_SITES] == 0
    assert p.state.destroyed[0, 3] == 1
    assert not E.may_replace(p.state, p.cfg)  # no evacuated meeples to put back
    p.state.tally[EVACUATED] = 3
    assert E.may_replace(p.state, p.cfg)
    assert E.human_replaces(p.state, NEAREST_EXIT, 1.0, 0.5, 1, p.cfg, p.rook, rng_rolling(1))
    assert p.state.tally[REPLACED] == 1 and p.state.tally[STANDING_SITES] == 1
    assert p.state.tally[EVACUATED] == 0 and p.state.tally[ON_BOARD] == 4
    sites = np.flatnonzero(p.state.structure == 6)
    assert len(sites) == 1 and p.state.meeple_count[sites[0]] == 0
    assert all(p.state.terrain[p.state.meeple_cell[i]] == 2 for i in range(4))  # put back on land


def test_replacing_without_the_price_is_allowed_when_switched_off():
    p = Position(["M~~~~~", "~~.E.m"], replace_needs_evacuated=False)
    E.destroy(p.state, 0, p.cell(1, 3), p.cfg[E.CROSS], p.rook)
    assert E.may_replace(p.state, p.cfg)


def test_victory_human_needs_more_evacuated_than_eaten_else_most_buildings():
    p = Position(["M~~~", "~~.E", "M~.m"])
    s = p.state
    s.tally[EVACUATED], s.eaten[0], s.eaten[1] = 5, 2, 2
    assert E.standings(s, 3, True) == 2
    s.eaten[1] = 3  # 5 evacuated, 5 eaten: not more
    s.destroyed[0, 0] = 2
    s.destroyed[1, 2] = 1
    assert E.standings(s, 3, True) == 0  # most buildings, whatever their price
    s.destroyed[1, 3] = 1
    assert E.standings(s, 3, True) == -1  # a tie between monsters is a draw
    assert E.standings(s, 3, False) == 0  # unless evac sites are not buildings


def test_monsters_start_as_far_from_land_as_possible():
    p = Position(["~~~~~~", "~~~~~~", "~~~~..", "~~~~.E", "~~~~.m"])
    w2 = p.width + 2
    for m in range(2):
        c = p.state.monster_cell[m]
        assert (c % w2 - 1) == 0 and c // w2 - 1 in (0, 1, 2, 3, 4)
        assert p.state.land_dist[c] == 4


def test_the_game_ends_when_every_meeple_is_off_the_board():
    from tests.conftest import rng_rolling as rr
    p = Position(["M~~~", "~~mE", "M~~."])
    policies = np.array([GLUTTON, GLUTTON, NEAREST_EXIT])
    params = np.zeros((3, 4))
    winner, reason, rounds = E.play_game(p.state, 3, policies, params, p.cfg, p.cost, p.marks[:0], p.king, p.rook,
                                         p.part_a, p.part_b, rr(1, 1, 1, 1, 1))
    assert reason == E.MEEPLES_GONE
    assert p.state.tally[ON_BOARD] == 0


def test_a_stalled_game_is_a_timeout():
    # the meeple is walled in by violet buildings that cost more than a monster's die can ever pay
    p = Position(["M~~~~~", "~~~vvv", "M~~vmv", "~~~vvv", "~~~..E"], max_rounds=5, building_costs=(1, 1, 2, 2, 3, 7))
    policies = np.array([GLUTTON, GLUTTON, NEAREST_EXIT])
    winner, reason, rounds = E.play_game(p.state, 3, policies, np.zeros((3, 4)), p.cfg, p.cost, p.marks[:0],
                                         p.king, p.rook, p.part_a, p.part_b, rng_rolling(1))
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
    monster_turn(p, 0, BLOCKADE, rng_rolling(5), 4.0, 4.0, 1.0)
    assert p.state.eaten[0] == 1 and p.state.tally[ON_BOARD] == 0
    assert list(p.state.destroyed[0]) == [1, 0, 0, 0]  # one red or orange building, the cheapest wall
    assert p.state.structure[p.cell(2, 5)] == 4 and p.state.structure[p.cell(3, 6)] == 2  # the dear ones stand


def test_a_monster_short_of_moves_walks_to_the_wall_and_destroys_it():
    p = Position(SEALED)
    monster_turn(p, 0, BLOCKADE, rng_rolling(3), 4.0, 4.0, 1.0)  # 2 steps and the orange or red: no meal yet
    assert p.state.eaten[0] == 0
    assert list(p.state.destroyed[0]) == [1, 0, 0, 0]
    opened = p.cell(3, 4) if p.state.structure[p.cell(3, 4)] < 0 else p.cell(2, 4)
    assert p.state.structure[opened] < 0
    w2 = p.width + 2
    assert abs(p.state.monster_cell[0] // w2 - opened // w2) + abs(p.state.monster_cell[0] % w2 - opened % w2) == 1


def test_a_glutton_that_values_no_building_breaks_in_too():
    p = Position(SEALED)
    monster_turn(p, 0, GLUTTON, rng_rolling(5), 0.0)  # building_weight 0: no building is worth a move
    assert p.state.eaten[0] == 1
    assert list(p.state.destroyed[0]) == [1, 0, 0, 0]
