"""Boards: the ASCII map, its checks (one clear line each), and the seeded generator."""

from dataclasses import replace

import numpy as np
import pytest

from balance.errors import BalanceError
from balance.games.angry_monsters.board import EVAC, LAND, MEEPLE_TILE, WATER, parse_map, render
from balance.games.angry_monsters.checks import MAX_WARNED, board_problems, board_warnings, stuck_meeples
from balance.games.angry_monsters.rules import Generator, Rules
from balance.games.angry_monsters.tables import generated_board
from balance.scenario import from_dict, load_scenario


def problems(rows, **changes):
    return board_problems(replace(Rules(), board=tuple(rows), **changes))


def test_the_default_board_is_valid_and_holds_fifty_meeples():
    assert board_problems(Rules()) == []
    t, s, m, marks, w, h = parse_map(Rules().board)
    assert m.sum() == 50 and (s == EVAC).sum() == 4


def test_map_round_trips():
    rows = ("M~~.m.E", "~~.r2y.", "w~~..bE")
    t, s, m, marks, w, h = parse_map(rows)
    assert render(t, s, m, w, h, tuple(marks)) == rows


@pytest.mark.parametrize("rows, changes, words", [
    (["M~~.m.E", "~~.r."], {"meeples": 1}, "row 2 has 5 squares"),
    (["M~~.m.X"], {"meeples": 1}, "unknown square(s) 'X'"),
    (["M~~.m.E"], {"meeples": 50}, "board holds 1 meeples but rules.meeples is 50"),
    (["M~~.m.."], {"meeples": 1}, "no evac site"),
    (["~M~.m.E"], {"meeples": 1}, "monster start M at row 1, column 2 is 2 squares from land"),
    (["M~~.2.E"], {"meeples": 2}, "meeples_per_square is 1"),
    (["M~~.m.EEEEE"], {"meeples": 1}, "only evac_site_chips = 4"),
    (["M~~.m.E" + "." * 54], {"meeples": 1}, "board is 61 x 1 squares; at most 60 x 60"),
])
def test_bad_boards_give_one_clear_line_each(rows, changes, words):
    found = problems(rows, **changes)
    assert any(words in p for p in found), found


def test_monster_marks_take_the_farthest_water_squares_one_after_another():
    """Setup: 'Monsters start in water, as far from land as possible': the second monster on the farthest square the
    first left free, as the monsters unmarked are placed."""
    assert problems(["M~~~~", "~M~~.", "~~~..", "~~...", "..m.E"], meeples=1) == []
    assert problems(["M~~~~", "~~~M.", "~~~..", "~~...", "..m.E"], meeples=1) == [
        "board monster start M at row 2, column 4 is 1 squares from land; monsters start as far from land as "
        "possible (2 squares here)"]


def test_boards_from_two_squares_wide_to_the_largest_are_accepted():
    assert problems(["M.", "mE"], meeples=1) == []
    assert problems(["M", "m", "E"], meeples=1) == ["board rows have 1 square; at least 2 are needed"]
    largest = ["M" + "." * 58 + "E", "m" + "." * 59] + ["." * 60] * 58
    assert problems(largest, meeples=1) == []
    assert problems(largest + ["." * 60], meeples=1) == ["board is 60 x 61 squares; at most 60 x 60"]
    assert problems([row + "." for row in largest], meeples=1) == ["board is 61 x 60 squares; at most 60 x 60"]


def test_a_bad_board_fails_scenario_validation():
    with pytest.raises(BalanceError) as e:
        from_dict({"game": "angry-monsters", "players": 3, "rules": {"board": ["M~.m.X"], "meeples": 1}})
    assert "unknown square" in str(e.value.problems if hasattr(e.value, "problems") else e.value)


def test_seat_roles_are_checked():
    with pytest.raises(BalanceError):
        from_dict({"game": "angry-monsters", "players": 3,
                   "seats": [{"policy": "glutton"}, {"policy": "flee"}, {"policy": "wrecker"}]})


@pytest.mark.parametrize("side", ["west", "east", "north", "south"])
def test_the_generator_places_every_piece_legally(side):
    g = replace(Generator(), shore_side=side, width=16, height=12, shore_depth=4)
    t, s, m, placed = generated_board(g, 50, 1)
    assert placed == 50 and m.sum() == 50
    assert (s == EVAC).sum() == g.evac_sites
    assert not ((m > 0) & (s >= 0)).any()  # no meeple on a building or evac site
    assert (t[m > 0] == LAND).all()
    assert ((s >= 0) <= (t == LAND)).all()  # structures stand on land
    assert (t == WATER).any()


def shore_depths(terrain, g):
    """The water squares from the sea edge in each line across the shore (west to east for a sea on the west, ...),
    checking that each line's water is one run from that edge and land the rest of the way."""
    grid = terrain.reshape(g.height + 2, g.width + 2)[1:-1, 1:-1]  # the squares inside the padding
    lines = {"west": grid, "east": grid[:, ::-1], "north": grid.T, "south": grid[::-1].T}[g.shore_side]
    depths = []
    for line in lines:
        d = int((line == WATER).sum())
        assert (line[:d] == WATER).all() and (line[d:] == LAND).all(), line
        depths.append(d)
    return depths


@pytest.mark.parametrize("side", ["west", "east", "north", "south"])
def test_the_shore_is_a_walk_along_its_side_from_the_set_depth_by_at_most_the_roughness_a_line(side):
    g = replace(Generator(), shore_side=side, width=16, height=12, shore_depth=4, shore_roughness=1)
    along = g.height if side in ("west", "east") else g.width
    first_steps = set()
    for seed in range(20):
        depths = shore_depths(generated_board(g, 50, 1, seed)[0], g)
        assert len(depths) == along and depths[0] == 4
        assert all(2 <= d <= 6 for d in depths)  # within 2 x roughness of the set depth
        assert all(abs(a - b) <= 1 for a, b in zip(depths, depths[1:]))
        first_steps.add(depths[1] - depths[0])
    assert first_steps == {-1, 0, 1}  # the walk moves from the second line on (each step 1/3: 3^-19 to miss one)
    straight = replace(g, shore_roughness=0)
    assert shore_depths(generated_board(straight, 50, 1)[0], straight) == [4] * along


def test_evac_sites_stand_inland_where_there_is_room():
    """Each evac site at least evac_inland squares (4 directions) from the water, on boards with room for it."""
    g = replace(Generator(), evac_inland=5)
    width = g.width + 2
    for seed in range(10):
        terrain, structure = generated_board(g, 50, 1, seed)[:2]
        water = [divmod(c, width) for c in np.flatnonzero(terrain == WATER)]
        for site in np.flatnonzero(structure == EVAC):
            r, c = divmod(int(site), width)
            assert min(abs(r - wr) + abs(c - wc) for wr, wc in water) >= 5, (seed, r, c)
    # a straight shore 4 deep: the last of 16 columns is 12 from the water, the only room that far inland
    g = replace(Generator(), width=16, height=12, shore_depth=4, shore_roughness=0, evac_inland=12)
    structure = generated_board(g, 50, 1)[1]
    last = g.width  # the last column inside the padding
    assert [int(site) % (g.width + 2) for site in np.flatnonzero(structure == EVAC)] == [last] * 4


def test_building_colours_are_drawn_by_the_colour_mix():
    g = replace(Generator(), colour_mix=(3.0, 0.0, 1.0, 0.0, 0.0, 0.0))
    colours = np.concatenate([s[(s >= 0) & (s < EVAC)] for s in (generated_board(g, 50, 1, seed)[1]
                                                                    for seed in range(20))])
    assert set(np.unique(colours)) == {0, 2} and len(colours) > 800
    # 3 in 4 red: 4 standard deviations of the share over 800+ buildings are 0.06
    assert abs((colours == 0).mean() - 0.75) < 0.06


def test_a_random_spread_puts_each_meeple_on_a_random_square_with_room():
    """Two free land squares, room for two meeples on each, two meeples: the second lands on the first's square
    with chance 1/2 (seeds 0-399: 200 expected, 10 the standard deviation)."""
    g = replace(Generator(), width=3, height=1, shore_depth=1, shore_roughness=0, evac_sites=0, building_density=0.0,
                meeple_spread="random")
    together = sum(generated_board(g, 2, 2, seed)[2].max() == 2 for seed in range(400))
    assert 160 <= together <= 240
    # three to a square, 50 meeples on some 150 free squares: about one square in 20 boards holds three, not 16
    g = replace(Generator(), width=18, height=18, shore_side="north", shore_depth=5, meeple_spread="random")
    full = [(generated_board(g, 50, 3, seed)[2] == 3).sum() for seed in range(20)]
    assert np.mean(full) < 3


@pytest.mark.parametrize("spread", ["even", "random"])
def test_the_generator_fills_the_land_and_stops_when_it_is_full(spread):
    g = replace(Generator(), width=8, height=6, shore_depth=2, meeple_spread=spread)
    terrain, structure, meeples, placed = generated_board(g, 1_000, 2)
    free = (terrain == LAND) & (structure < 0)
    assert placed == meeples.sum() == 2 * free.sum() and (meeples[free] == 2).all()


def test_the_generator_is_seeded():
    a = generated_board(Generator(), 50, 1)
    b = generated_board(Generator(), 50, 1)
    c = generated_board(replace(Generator(), seed=3), 50, 1)
    assert all(np.array_equal(x, y) for x, y in zip(a[:3], b[:3]))
    assert not np.array_equal(a[2], c[2])


def test_even_spread_deals_meeples_round_the_tiles():
    g = replace(Generator(), building_density=0.0, shore_roughness=0)
    t, s, m, _ = generated_board(g, 50, 1)
    w2 = g.width + 2
    per_tile = {}
    for cell in np.flatnonzero(m):
        r, c = divmod(int(cell), w2)
        key = ((r - 1) // MEEPLE_TILE, (c - 1) // MEEPLE_TILE)
        per_tile[key] = per_tile.get(key, 0) + 1
    # every tile with room holds a share within one of every other tile's share (round-robin dealing)
    full = [k for k in per_tile if per_tile[k] < max(per_tile.values()) - 1]
    for k in full:  # a tile behind the others must be out of land squares
        r0, c0 = k[0] * MEEPLE_TILE, k[1] * MEEPLE_TILE
        cells = [(r + 1) * w2 + c + 1 for r in range(r0, r0 + MEEPLE_TILE) for c in range(c0, c0 + MEEPLE_TILE)
                 if r < g.height and c < g.width]
        assert all(t[x] != LAND or m[x] > 0 or s[x] >= 0 for x in cells)


def test_generator_settings_are_checked():
    r = replace(Rules(), board_source="generated_fixed", generator=replace(Generator(), shore_depth=20))
    assert any("leaves no land" in p for p in board_problems(r))
    r = replace(Rules(), board_source="generated_fixed", meeples=2000)
    assert any("cannot hold 2000 meeples" in p for p in board_problems(r))


def generator_problems(meeples=50, **generator):
    return board_problems(replace(Rules(), board_source="generated_fixed", meeples=meeples,
                                  generator=replace(Generator(), **generator)))


def test_a_colour_mix_of_zeros_is_refused_only_where_buildings_are_drawn():
    zeros = (0.0,) * 6
    assert any("colour_mix is all zero" in p for p in generator_problems(colour_mix=zeros))
    assert generator_problems(colour_mix=zeros, building_density=0.0) == []
    assert generator_problems(colour_mix=(1.0, 0.0, 0.0, 0.0, 0.0, 0.0)) == []


def test_the_generator_takes_as_many_meeples_as_its_least_land_holds_and_no_more():
    """A 10 x 5 board, the sea on the west, 3 deep and 1 rough: at its deepest (5 water squares on every row) the
    shore leaves 25 land squares, 4 of them evac sites: 21 meeples fit, on every board the generator draws."""
    g = dict(width=10, height=5, shore_side="west", shore_depth=3, shore_roughness=1, evac_sites=4)
    assert any("25 land squares" in p and "cannot hold 22 meeples" in p for p in generator_problems(22, **g))
    assert generator_problems(21, **g) == []
    for seed in range(20):
        assert generated_board(replace(Generator(), seed=seed, **g), 21, 1)[3] == 21


def test_every_scenario_validates():
    import glob
    for path in glob.glob("scenarios/angry-monsters/*.toml"):
        load_scenario(path)


# A meeple at row 3, column 5 walled in by buildings on four sides; the meeple at row 4, column 1
# gets out only through the water (paying to cross), which is a way out.
WALLED_IN = ("M~~~~~~E",
             "~~~~r~~.",
             "~~~rmr~.",
             "m..~b~~.")


def test_a_meeple_walled_in_by_buildings_is_warned_about_with_its_square():
    warnings = problems_and_warnings(WALLED_IN, meeples=2)
    assert warnings == ["rules.board: the meeple at row 3, column 5 cannot reach any evac site over land and water: "
                        "every way out passes through a building, so only a monster destroying buildings can free it"]
    assert stuck_meeples(replace(Rules(), board=WALLED_IN, meeples=2)) == [(3, 5, 1)]


def test_a_meeple_walled_in_against_the_board_edge_is_warned_about():
    # as on the old default board: buildings on three sides, the edge on the fourth; 2 meeples share it
    rows = ("M~~.....E", "~~~..ybv.", "~~~..b2y.")
    warnings = problems_and_warnings(rows, meeples=2, meeples_per_square=2)
    assert len(warnings) == 1 and "the 2 meeples at row 3, column 7" in warnings[0]


@pytest.mark.parametrize("walled_in", [MAX_WARNED, MAX_WARNED + 1])
def test_walled_in_meeples_are_named_square_by_square_up_to_ten_and_the_rest_counted(walled_in):
    width = 2 * walled_in + 3
    rows = ("M" + "." * (width - 2) + "E", "r" * width, ("rm" * walled_in).ljust(width, "r"), "r" * width)
    warnings = problems_and_warnings(rows, meeples=walled_in)
    assert len(warnings) == min(walled_in, MAX_WARNED) + (walled_in > MAX_WARNED)
    assert all("the meeple at row 3" in w for w in warnings[:MAX_WARNED])
    if walled_in > MAX_WARNED:
        assert warnings[-1] == "rules.board: 1 more meeples on 1 more squares are walled in like these"


def test_the_default_board_has_no_meeple_that_can_never_be_evacuated():
    """Issue 16: the meeple at row 14, column 11 had buildings on three sides and the board edge on the
    fourth; with random monsters about a third of the games reached the turn cap with it left."""
    assert board_warnings(Rules()) == []
    assert stuck_meeples(Rules()) == []


def test_a_fixed_generated_board_is_checked_too():
    g = replace(Generator(), building_density=0.9, seed=4)
    r = replace(Rules(), board_source="generated_fixed", generator=g, meeples=20)
    stuck = stuck_meeples(r)
    warnings = board_warnings(r)
    assert stuck and len(warnings) == min(len(stuck), 10) + (len(stuck) > 10)
    assert all(w.startswith("rules.generator: on the board of seed 4, the meeple at row") for w in warnings[:10])
    assert board_warnings(replace(r, board_source="generated_each_game")) == []


def test_a_board_or_generator_its_board_source_does_not_play_is_pointed_at():
    drawn = replace(Rules(), board=Rules().board[:-1] + (Rules().board[-1].replace("~", "M", 1),))
    assert board_warnings(replace(drawn, board_source="generated_each_game")) == [
        "rules.board: drawn, but board_source = 'generated_each_game' plays the generator's board; set board_source "
        "= \"map\" to play it"]
    changed = replace(Rules(), generator=replace(Generator(), seed=5))
    assert board_warnings(changed)[0].startswith("rules.generator: changed, but board_source = \"map\" plays "
                                                 "rules.board")
    assert board_warnings(replace(changed, board_source="generated_each_game")) == []  # played: nothing unused


def test_many_walled_in_meeples_are_named_ten_at_a_time():
    g = replace(Generator(), width=60, height=60)
    r = replace(Rules(), board_source="generated_fixed", generator=g, meeples=2_000)
    stuck = stuck_meeples(r)
    assert len(stuck) > 10
    assert len(board_warnings(r)) == 11
    assert board_warnings(r)[-1] == (f"rules.generator: on the board of seed 2, {sum(k for *_, k in stuck[10:])} more "
                                f"meeples on {len(stuck) - 10} more squares are walled in like these")


def test_a_warning_is_printed_but_the_scenario_is_valid(tmp_path):
    from typer.testing import CliRunner

    from balance.cli import app

    path = tmp_path / "walled.toml"
    path.write_text('game = "angry-monsters"\nplayers = 3\n[rules]\nmeeples = 2\nboard = [\n'
                    + "".join(f'  "{row}",\n' for row in WALLED_IN) + "]\n")
    sc = load_scenario(path)
    assert sc.warnings == (f"{path}: " + problems_and_warnings(WALLED_IN, meeples=2)[0],)
    result = CliRunner().invoke(app, ["validate", str(path)])
    assert result.exit_code == 0 and "OK" in result.stdout
    assert result.stderr.strip().splitlines() == [f"warning: {sc.warnings[0]}"]


def problems_and_warnings(rows, **changes):
    rules = replace(Rules(), board=tuple(rows), **changes)
    assert board_problems(rules) == []
    return board_warnings(rules)


def test_the_generator_finishes_and_places_every_meeple_at_the_edges_of_what_validation_accepts():
    """Issue 18: a generated 60x60 board with 2,000 meeples was reported to hang.  Generation itself
    takes milliseconds there (the time goes into playing 2,000 meeples, up to the turn cap); here
    every corner of the generator's accepted ranges is drawn and must place every meeple legally."""
    import itertools

    drawn = 0
    for size, side, depth, rough, density, inland, spread, meeples, per_square in itertools.product(
            (4, 60), ("west", "north"), (1, 58), (0, 10), (0.0, 0.9), (0, 50), ("even", "random"), (1, 2_000),
            (1, 50)):
        g = replace(Generator(), width=size, height=size, shore_side=side, shore_depth=depth, shore_roughness=rough,
                    building_density=density, evac_inland=inland, meeple_spread=spread, evac_sites=4)
        rules = replace(Rules(), board_source="generated_fixed", generator=g, meeples=meeples,
                        meeples_per_square=per_square)
        if board_problems(rules):
            continue  # refused by validation: never generated
        t, s, m, placed = generated_board(g, meeples, per_square)
        assert placed == meeples == m.sum(), (size, side, depth, rough, density, inland, spread, meeples, per_square)
        assert not ((m > 0) & (s >= 0)).any() and m.max() <= per_square
        assert (s == EVAC).sum() == 4
        drawn += 1
    assert drawn > 100


def test_the_generator_ends_even_on_values_validation_refuses():
    # NaN is refused by the rules' checks; the generator must still not loop on it: no building for a
    # NaN density, and a NaN colour weight counts as 0
    g = replace(Generator(), building_density=float("nan"))
    t, s, m, placed = generated_board(g, 50, 1)
    assert placed == 50 and ((s >= 0) & (s < EVAC)).sum() == 0
    g = replace(Generator(), colour_mix=(float("nan"), 1.0, 0.0, 0.0, 0.0, 0.0))
    t, s, m, placed = generated_board(g, 50, 1)
    assert placed == 50 and set(np.unique(s[(s >= 0) & (s < EVAC)])) == {1}  # orange only
