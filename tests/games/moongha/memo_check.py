"""Run interpreted (``NUMBA_DISABLE_JIT=1``, by ``test_policies``): whole mixed games in which every value the
policies remember is checked against the value computed afresh, where it is used.

Prints how many remembered values were used (city values of an ACTION decision, majority values of 3 rubble,
each seat's leading rival).
"""

import sys

import numpy as np

from balance.games.moongha import SPEC, engine
from balance.games.moongha import policies as P
from balance.games.moongha.rules import Rules
from balance.games.moongha.state import VP_DRAKOOR, VP_MOOGRE, VP_RUBBLE
from balance.games.moongha.tables import TABLES
from balance.kit.columns import new_timelines
from balance.kit.rng import run_key
from balance.kit.state import python_record

used = {"cities": 0, "rubble": 0, "leaders": 0}


def check_cities(tables):
    remembered = P.cities_remembered

    def cities_remembered(s, p, lead, rows):
        if not remembered(s, p, lead, rows):
            return False
        kept = s.policies.city_eval.copy()
        P.evaluate_cities(s, tables, p, lead, rows)
        for e in range(P.E_A_BOMB + 1):
            if rows >> e & 1:
                assert np.array_equal(kept[e], s.policies.city_eval[e]), f"city values of row {e} changed"
        used["cities"] += 1
        return True
    P.cities_remembered = cities_remembered
    return remembered


def check_rubble(tables):
    of_an_attack = P.rubble_of_an_attack

    def rubble_of_an_attack(s, t, p, c, spare):
        fresh = P.rubble_value(s, t, p, c, 3, spare)
        left = min(t.player_rubble - s.rubble_placed[p], 3)
        known = s.policies.rubble_memo_at[p, c] == 4 * s.city_rubble[:, c].sum() + left + 1
        v = of_an_attack(s, t, p, c, spare)
        assert v == fresh, f"3 rubble in city {c}: remembered {v}, afresh {fresh}"
        used["rubble"] += known
        return v
    P.rubble_of_an_attack = rubble_of_an_attack
    return of_an_attack


def check_leaders():
    """The leading rival by public VP, computed afresh: the first with the most from the seat's left."""
    leading = P.leading_rival

    def leading_rival(s, t, p):
        known = tuple(s.policies.leaders_at) == (s.turn + 1, s.rubble_placed.sum())
        n = t.players
        rivals = [(p + k) % n for k in range(1, n)]
        standing = [(s.vp[q, VP_RUBBLE] + s.vp[q, VP_DRAKOOR] + s.vp[q, VP_MOOGRE]) * 100 + s.rubble_placed[q]
                    for q in rivals]
        fresh = rivals[int(np.argmax(standing))]
        q = leading(s, t, p)
        assert q == fresh, f"leading rival of seat {p}: remembered {q}, afresh {fresh}"
        used["leaders"] += known
        return q
    P.leading_rival = leading_rival
    return leading


def main(games):
    for players in (3, 4):
        tables = TABLES.build(Rules(), players)
        t = python_record(tables)
        saved = check_cities(t), check_rubble(t), check_leaders()
        lineup = np.array([[(g + k) % 5 for k in range(players)] for g in range(games)], np.int64)
        seat_policy = np.arange(5, dtype=np.int64)  # random and the four presets
        seat_params = np.zeros((5, len(P.PARAMS)))
        for i, name in enumerate(("wrecker", "lurker", "hunter", "balanced")):
            seat_params[i + 1] = P.PRESETS[name]
        engine.play_batch(games, 0, lineup, seat_policy, seat_params, tables, SPEC.column_index(players), run_key(players),
                          0, new_timelines(0, 4))
        P.cities_remembered, P.rubble_of_an_attack, P.leading_rival = saved
    print(used["cities"], used["rubble"], used["leaders"])


if __name__ == "__main__":
    main(int(sys.argv[1]))
