"""The rules as Moongha's kernel reads them: every rule by name (``balance.kit.Tables``), and the tables
derived from them, one function each.

A rule is ``t.<name>``: ``t.hit_on``, ``t.city_damage_cap``, ``t.mechoor_cost``, ``t.neutral_rubble`` (the
index of the reading among ``rules.NEUTRAL_RUBBLE``) ...; ``TABLES.names()`` lists them.  The derived
tables below give what depends on the player count, the monsters by kind (``t.cost[k]``), the board's
distances and moves, and the supplies.  Their sizes are the largest the rules allow, so one compiled
kernel serves every scenario; loops run to the real counts (``t.players``, ``t.n_cities``, ``t.n_pieces``).
"""

import numpy as np

from balance.games.moongha.rules import MONSTERS, TOKEN_SUPPLY, Rules
from balance.kit import Tables, table

MAX_PLAYERS = 4
MAX_CITIES = 40  # rules.Board.cities length bound
N_KINDS = len(MONSTERS)
MAX_PIECES = 42  # 7 kinds, at most 6 pieces each (the pieces rules' bound)
MAX_PROGRESSION = 8  # rules.ActionBoxes.military_one/two length bound


def _three_or_four(rules, players, name):
    return getattr(rules, f"{name}_3_players") if players == 3 else getattr(rules, f"{name}_4_players")


@table(np.int64)
def turns(rules, players):
    """Turns in a game of this many players."""
    return _three_or_four(rules.turn_track, players, "turns")


@table(np.int64)
def city_tiles(rules, players):
    """Secret City tiles each player draws."""
    return _three_or_four(rules, players, "city_tiles")


@table(np.int64)
def orange(rules, players):
    """Orange tokens placed in Action box 1 each turn (before the first turn's factor)."""
    return _three_or_four(rules.action_boxes, players, "orange")


@table(np.int64)
def purple(rules, players):
    """Purple tokens placed in Action box 3 each turn."""
    return _three_or_four(rules.action_boxes, players, "purple")


def _token_sets(rules, players):
    s = rules.supplies
    return s.sets_in_box if s.token_supply == "all_sets" else players


assert TOKEN_SUPPLY == ("all_sets", "players_sets")  # _token_sets reads these


@table(np.int64, (3,))
def stock_tokens(rules, players):
    """The general stock of orange, white and purple tokens at the start."""
    s, sets = rules.supplies, _token_sets(rules, players)
    return [sets * s.orange_per_set, sets * s.white_per_set, sets * s.purple_per_set]


@table(np.int64, (5,))
def stock_humans(rules, players):
    """Infantry, armour, jets, A-bombs and heroes by the board at the start (``state.INFANTRY ..``)."""
    s = rules.supplies
    return [s.infantry, s.armour, s.jets, s.a_bombs, s.heroes]


def _by_kind(rules, name):
    return [getattr(getattr(rules.monsters, m), name) for m in MONSTERS]


@table(np.int64, (N_KINDS,))
def cost(rules, players):
    """Orange tokens that create a monster of each kind (the Drakoor's before its step, the first Bloob's)."""
    return _by_kind(rules, "cost")


@table(np.int64, (N_KINDS,))
def damage_capacity(rules, players):
    """Damage that destroys a monster of each kind (per piece for the Bloob)."""
    return _by_kind(rules, "damage_capacity")


@table(np.int64, (N_KINDS,))
def movement(rules, players):
    """Connections a monster of each kind may move."""
    return _by_kind(rules, "movement")


@table(np.int64, (N_KINDS,))
def attack_dice(rules, players):
    """Dice a monster of each kind rolls per white token expended."""
    return _by_kind(rules, "attack_dice")


@table(np.int64, (N_KINDS,))
def damages_cities(rules, players):
    """The kinds with the exploding-city symbol."""
    return _by_kind(rules, "damages_cities")


@table(np.int64, (N_KINDS,))
def pieces(rules, players):
    """Pieces of each kind per player."""
    return _by_kind(rules, "pieces")


@table(np.int64)
def n_pieces(rules, players):
    """Monster pieces per player (piece ``i`` 0..n_pieces-1; the pieces of a kind are consecutive)."""
    return sum(_by_kind(rules, "pieces"))


@table(np.int64, (MAX_PIECES,))
def piece_kind(rules, players):
    """The kind of each piece."""
    return np.repeat(np.arange(N_KINDS), _by_kind(rules, "pieces"))


@table(np.int64, (N_KINDS,))
def kind_first(rules, players):
    """The first piece of each kind."""
    pieces_ = np.array(_by_kind(rules, "pieces"))
    return np.cumsum(pieces_) - pieces_


@table(np.int64)
def wreckers(rules, players):
    """The kinds that damage cities, as a bit mask (bit k: kind k)."""
    return sum(1 << k for k, wrecks in enumerate(_by_kind(rules, "damages_cities")) if wrecks)


@table(np.int64)
def n_cities(rules, players):
    """Cities on the board (``c`` 0..n_cities-1 in ``board.cities`` order)."""
    return len(rules.board.cities)


def distances(rules) -> np.ndarray:
    """Connections on the shortest path between every two cities (Floyd-Warshall)."""
    n = len(rules.board.cities)
    dist = np.full((n, n), 10**6, np.int64)
    np.fill_diagonal(dist, 0)
    for a, c in rules.connection_pairs():
        dist[a, c] = dist[c, a] = 1
    for k in range(n):
        dist = np.minimum(dist, dist[:, k:k + 1] + dist[k:k + 1, :])
    return dist


@table(np.int64, (MAX_CITIES, MAX_CITIES))
def dist(rules, players):
    """Connections on the shortest path between two cities (0 on the diagonal)."""
    return distances(rules)


def _moves(rules):
    """For each kind and city, the cities a monster may move to (shortest paths are simple, so a city at
    distance 1..movement is a legal move), in board order."""
    d = distances(rules)
    n = d.shape[0]
    return [[[c for c in range(n) if c != c0 and d[c0, c] <= moves] for c0 in range(n)]
            for moves in _by_kind(rules, "movement")]


@table(np.int8, (N_KINDS, MAX_CITIES, MAX_CITIES))
def moves(rules, players):
    """``moves[k, c, :move_count[k, c]]``: where a kind-``k`` monster may move from city ``c``."""
    out = np.zeros((N_KINDS, MAX_CITIES, MAX_CITIES), np.int8)
    for k, by_city in enumerate(_moves(rules)):
        for c0, to in enumerate(by_city):
            out[k, c0, :len(to)] = to
    return out


@table(np.int64, (N_KINDS, MAX_CITIES))
def move_count(rules, players):
    """How many moves ``moves[k, c]`` lists."""
    return [[len(to) for to in by_city] for by_city in _moves(rules)]


@table(np.int64, (2, MAX_PROGRESSION))
def progression(rules, players):
    """Military One and Two progressions: the piece + 1 of each die's step (``state.INFANTRY ..`` + 1), 0 past
    the end."""
    boxes = rules.action_boxes
    out = np.zeros((2, MAX_PROGRESSION), np.int64)
    out[0, :len(boxes.military_one)] = boxes.military_one
    out[1, :len(boxes.military_two)] = boxes.military_two
    return out


@table(np.int64, (2,))
def progression_len(rules, players):
    """Steps in the Military One and Two progressions."""
    return [len(rules.action_boxes.military_one), len(rules.action_boxes.military_two)]


TABLES = Tables(Rules, turns, city_tiles, orange, purple, stock_tokens, stock_humans, cost, damage_capacity, movement,
                attack_dice, damages_cities, pieces, n_pieces, piece_kind, kind_first, wreckers, n_cities, dist,
                moves, move_count, progression, progression_len)
