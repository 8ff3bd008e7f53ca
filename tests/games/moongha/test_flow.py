"""Whole games with random play: they end, the pieces and tokens are conserved, the limits hold."""

import numpy as np
import pytest

from balance.games.moongha import engine
from balance.games.moongha.decisions import option_row, pack_option
from balance.games.moongha.rules import Rules
from balance.games.moongha.state import (
    AVAILABLE, CAPTURED, DRAKOOR, HERO, MECHOOR, ON_BOARD, ORANGE, PURPLE, WHITE, leave_board,
)
from balance.games.moongha.tables import TABLES
from balance.kit.log import events
from balance.rules import apply_overrides
from balance.scenario import from_dict
from balance.sim.replay import play_logged
from tests.games.moongha.position import fresh, put, seed


def conservation_problems(s, t):
    n = int(t.players)
    out = []
    if s.stock_tokens[ORANGE] + s.box_tokens[ORANGE] + s.box_create.sum() != t.stock_tokens[ORANGE]:
        out.append("orange")
    if s.stock_tokens[WHITE] + s.box_tokens[WHITE] + s.box_attack.sum() != t.stock_tokens[WHITE]:
        out.append("white")
    if s.stock_tokens[PURPLE] + s.box_tokens[PURPLE] != t.stock_tokens[PURPLE]:
        out.append("purple")
    for piece in range(5):
        boxed = s.box_heroes if piece == HERO else s.box_military[:, piece].sum()
        if s.stock_humans[piece] + boxed + s.city_humans[:, piece].sum() != t.stock_humans[piece]:
            out.append(f"human piece {piece}")
    if s.brown_rubble + s.box_damage.sum() + s.city_rubble[n].sum() != t.brown_rubble:
        out.append("brown rubble")
    if (s.city_rubble.sum(axis=0) > 8).any():
        out.append("city over the cap")
    if not np.array_equal(s.city_rubble[:n].sum(axis=1), s.rubble_placed[:n]) or (s.rubble_placed > 20).any():
        out.append("player rubble")
    on = s.piece_where == ON_BOARD
    if (s.piece_city[on] < 0).any() or (s.piece_city[~on] >= 0).any() or (s.piece_hidden[~on] != 0).any():
        out.append("piece positions")
    for p in range(n):
        for k in range(7):
            if s.box_damage[p, k] > 0 and s.on_board[p, k] == 0:
                out.append("damage on a monster off the board")
    if index_problems(s, t):
        out.append("board index")
    return out


def index_problems(s, t):
    """The engine's index of the board (lists of the board and of each city, counts by kind) disagrees with
    the pieces' positions."""
    n = int(t.players)
    kinds = t.piece_kind[:t.n_pieces]
    on_board = [(p, i) for p in range(n) for i in range(t.n_pieces) if s.piece_where[p, i] == ON_BOARD]
    listed = list(zip(s.board_player[:s.monsters], s.board_piece[:s.monsters]))
    out = [] if listed == on_board else ["list"]
    for c in range(t.n_cities):
        m = s.city_monsters[c]
        if list(zip(s.city_player[c, :m], s.city_piece[c, :m])) != [x for x in on_board if s.piece_city[x] == c]:
            out.append(f"list of city {c}")
    for p in range(n):
        for k in range(7):
            where = s.piece_where[p, :t.n_pieces][kinds == k]
            if s.on_board[p, k] != (where == ON_BOARD).sum() or s.in_front[p, k] != (where == AVAILABLE).sum():
                out.append(f"counts of player {p}, kind {k}")
    return out


@pytest.mark.parametrize("players", [3, 4])
def test_random_games_end_and_conserve_everything(players):
    s, t = fresh(players)
    seed(s, 11)
    reasons = set()
    for g in range(150):
        w, reason, turns = engine.play_game(s, t)
        assert 1 <= turns <= t.turns
        assert reason == engine.TURNS_PLAYED or turns <= t.turns
        if reason == engine.TURNS_PLAYED:
            assert turns == t.turns
        assert -1 <= w < players
        if w >= 0:
            assert s.scores[w] == s.scores[:players].max()
        assert conservation_problems(s, t) == [], (g, conservation_problems(s, t))
        assert np.array_equal(s.scores, s.vp.sum(axis=1))
        reasons.add(reason)
    assert engine.TURNS_PLAYED in reasons


@pytest.mark.parametrize("option,value", [("neutral_rubble", "black_unlimited"), ("jet_after_attack", "city"),
                                          ("pull_from_board", "never"), ("pass_marker_end_of_turn", "stays"),
                                          ("rubble_end_timing", "end_of_turn"),
                                          ("drakoor_killed_by_hero", "out_of_game"),
                                          ("attack_tokens_on_kill", "last_piece"), ("heal_target", "any"),
                                          ("kiddoo_joins", "revealed_only"), ("kiddoo_against_monsters", "moogre_only"),
                                          ("jet_with_city_military", False),
                                          ("bloob_spill_all_damage", False), ("a_bomb_hurts_drakoor", True),
                                          ("pass_marker_again", True), ("bloob_excess_hits", "wasted"),
                                          ("spectoor_move_back", False), ("brown_rubble_ties", "brown_ahead"),
                                          ("brown_rubble_ties", "players_ahead")])
def test_every_option_plays(option, value):
    rules = apply_overrides(Rules, {f"options.{option}": value})[0]
    s, t = fresh(4, rules)
    seed(s, 5)
    for _ in range(30):
        engine.play_game(s, t)
        problems = conservation_problems(s, t)
        if option in ("neutral_rubble", "jet_after_attack"):
            problems = [p for p in problems if p not in ("brown rubble", "human piece 2")]
        assert problems == []


def test_the_first_player_marker_passes_left():
    """Each turn the First Player marker passes to the next player, as the engine plays whole games (its log
    says who starts each turn; the test used to pass the marker itself and so could not fail)."""
    sc = from_dict({"game": "moongha", "players": 4, "seed": 3, "seats": [{"policy": "balanced"}] * 4})
    for game in range(4):
        s, *_ = play_logged(sc, game)
        firsts = [e[2] for e in events(s) if e[0] == engine.TURN]
        assert len(firsts) >= 3
        assert firsts == [(firsts[0] + k) % 4 for k in range(len(firsts))]


def test_play_batch_writes_the_record_columns():
    from balance.games.moongha import SPEC
    from balance.kit.columns import new_timelines
    from balance.kit.rng import run_key

    lineup = np.tile(np.arange(4), (50, 1))
    rec = engine.play_batch(50, 0, lineup, np.zeros(4, np.int64), np.zeros((4, 1)), TABLES.build(Rules(), 4),
                            SPEC.column_index(4), run_key(8), 0, new_timelines(0, 4))
    names = SPEC.columns(4)
    assert rec.shape == (50, len(names))
    col = {name: rec[:, i] for i, name in enumerate(names)}
    for p in range(1, 5):
        assert (sum(col[f"{c}_{p}"] for c in engine.SCORE_COMPONENTS) == col[f"score_{p}"]).all()
    assert (col["actions"] > 0).all()


@pytest.mark.parametrize("row", [(0, 0, 0, 0), (-1, 0, 0, 0), (39, -1, 5000, -1), (32767, -32768, 6, 32767)])
def test_an_option_keeps_its_four_fields(row):
    """An option's four fields are packed in one int64: each reads back, negative ones too."""
    s = engine.LAYOUT.new()
    s.options[3] = pack_option(*row)
    assert option_row(s, 3) == row


def test_the_board_index_follows_monsters_arriving_and_leaving():
    s, t = fresh()
    rome = put(s, t, 2, MECHOOR, "Rome")
    paris = put(s, t, 0, DRAKOOR, "Paris")
    tokyo = put(s, t, 0, MECHOOR, "Tokyo")

    def listed():
        m = s.monsters
        return list(zip(s.board_player[:m].tolist(), s.board_piece[:m].tolist()))

    assert listed() == [(0, tokyo), (0, paris), (2, rome)]  # in (player, piece) order, whatever the arrival
    assert s.on_board[0, DRAKOOR] == 1 and s.in_front[0, DRAKOOR] == t.pieces[DRAKOOR] - 1
    leave_board(s, t, 0, paris, CAPTURED)
    assert listed() == [(0, tokyo), (2, rome)]
    assert s.on_board[0, DRAKOOR] == 0 and s.in_front[0, DRAKOOR] == t.pieces[DRAKOOR] - 1  # captured
    leave_board(s, t, 2, rome, AVAILABLE)
    assert listed() == [(0, tokyo)] and s.in_front[2, MECHOOR] == 1
    assert index_problems(s, t) == []
