"""Run interpreted (``NUMBA_DISABLE_JIT=1``, by ``test_policies``): whole games of the scripted policies under
several rule options, each move they take checked against the engine's own list of legal options, and the
meeples' routes the human's policies keep up to date (``policies.routes``, opened square by square as buildings
fall) against routes worked out afresh, on each board the human walks.

The engine lists no options for a scripted move (``engine.decide_move``): it trusts the policy, so this is
where a policy's illegal move would show.  Prints the moves and the route maps checked; exits 1 at the first
illegal move or wrong route.
"""

import sys

import numpy as np

from balance.games.angry_monsters import SPEC
from balance.games.angry_monsters import engine as E
from balance.games.angry_monsters import policies as P
from balance.games.angry_monsters.decisions import (END, MEEPLE_STEP, MONSTER_MOVE, ROUTE_FIELDS, evac_distances,
                                                    option_fields)
from balance.games.angry_monsters.policies import BLOCKADE, FLEE, GLUTTON, NEAREST_EXIT, WRECKER
from balance.games.angry_monsters.rules import Rules
from balance.kit.state import python_record
from tests.games.angry_monsters.helpers import Position

LINEUPS = [(GLUTTON, WRECKER, NEAREST_EXIT), (WRECKER, BLOCKADE, FLEE), (BLOCKADE, GLUTTON, FLEE)]
PARAMS = {p.id: [q.default for q in p.params] for p in SPEC.policies}  # each policy's declared defaults
RULES = [{}, {"monster_enters_evac_site": True}, {"monsters_share_squares": True, "diagonal_between_buildings": False},
         {"monster_crossing_cost": 2, "meeples_per_square": 2}]
# a meeple walled in behind an evac site the monster may walk over: the way in must not wreck it diagonally
WALLED_IN = ["Mvvvvvv", "vE..vvv", "vv..rrr", "vvvvrmr", "vvvvrrr", "vvvvvvv"]
checked = 0
routes_checked = 0
board_checked = None  # (state, structures changed) of the last board whose routes were checked


def fresh_routes(s, t):
    m = python_record(np.zeros(1, np.dtype(ROUTE_FIELDS)))
    evac_distances(s, t, m)
    return m.evac_dist[:t.n_cells]


def checking(choose):
    def choose_checked(s, t, seat, kind, n):
        global checked, routes_checked, board_checked
        code = choose(s, t, seat, kind, n)
        if n == 0 and kind in (MONSTER_MOVE, MEEPLE_STEP) and option_fields(code)[0] != END:
            listed = E.monster_options(s, t, seat) if kind == MONSTER_MOVE else E.meeple_options(s, t)
            if code not in set(s.options[:listed].tolist()):
                sys.exit(f"illegal move {option_fields(code)} of seat {seat} (policy {s.policies.id[seat]})")
            checked += 1
        board = (id(s), P.structures_changed(s, t))
        if kind == MEEPLE_STEP and s.policies.id[seat] in (NEAREST_EXIT, FLEE) and board != board_checked:
            board_checked = board
            wrong = np.flatnonzero(P.routes(s, t)[:t.n_cells] != fresh_routes(s, t))
            if len(wrong):
                sys.exit(f"kept routes differ from fresh ones at squares {wrong.tolist()}")
            routes_checked += 1
        return code
    return choose_checked


def main(games):
    P.choose = checking(P.choose)  # the interpreted engine calls policies.choose through the module
    for rules in RULES:
        for lineup in LINEUPS:
            for game in range(games):
                p = Position(Rules().board, **rules)
                p.seed(game)
                for seat, policy in enumerate(lineup):
                    p.seat(seat, policy, *PARAMS[policy])
                E.play_game(p.s, p.t)
    for game in range(games):
        p = Position(WALLED_IN, players=2, monster_enters_evac_site=True)
        p.seed(game)
        p.seat(0, GLUTTON, 0.0)  # building_weight 0: it breaks in only to reach the meeple
        p.seat(1, NEAREST_EXIT, *PARAMS[NEAREST_EXIT])
        E.play_game(p.s, p.t)
    print(checked, routes_checked)


if __name__ == "__main__":
    main(int(sys.argv[1]))
