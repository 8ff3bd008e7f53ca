"""Boards: the ASCII map, its checks (one clear line each), and the seeded generator."""

from dataclasses import replace

import numpy as np
import pytest

from balance.errors import BalanceError
from balance.games.angry_monsters.board import EVAC, LAND, MEEPLE_TILE, WATER, generated_board, parse_map, render
from balance.games.angry_monsters.rules import Generator, Rules
from balance.scenario import from_dict, load_scenario


def problems(rows, **changes):
    return Rules.problems(replace(Rules(), board=tuple(rows), **changes))


def test_the_default_board_is_valid_and_holds_fifty_meeples():
    assert Rules().problems() == []
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
])
def test_bad_boards_give_one_clear_line_each(rows, changes, words):
    found = problems(rows, **changes)
    assert any(words in p for p in found), found


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
    assert any("leaves no land" in p for p in r.problems())
    r = replace(Rules(), board_source="generated_fixed", meeples=2000)
    assert any("cannot hold 2000 meeples" in p for p in r.problems())


def test_every_scenario_validates():
    import glob
    for path in glob.glob("scenarios/angry-monsters/*.toml"):
        load_scenario(path)
