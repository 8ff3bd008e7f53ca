"""Whole games through the runner: every policy and board source plays to the end, invariants hold."""

import pytest

from balance.games.angry_monsters import invariants
from balance.scenario import from_dict, load_scenario
from balance.sim.batch import play

LINEUPS = [("random", "random", "random"), ("glutton", "wrecker", "nearest_exit"), ("blockade", "blockade", "flee"),
           ("standard", "standard", "standard"), ("wrecker", "blockade", "random")]


@pytest.mark.parametrize("lineup", LINEUPS)
def test_every_policy_plays_to_the_end(lineup):
    sc = from_dict({"game": "angry-monsters", "players": 3, "seed": 3, "seats": [{"policy": p} for p in lineup]})
    frame = play(sc, 0, 0, 300)
    assert invariants(frame, sc) == []
    if "random" not in lineup:  # scripted play finishes; random play often meanders to the turn cap
        assert (frame["end_reason"] == "meeples_gone").mean() > 0.5


@pytest.mark.parametrize("rules", [
    {"board_source": "generated_each_game"},
    {"board_source": "generated_fixed", "meeples_per_square": 3, "generator.meeple_spread": "random"},
    {"replace_evac_site": "any_site", "put_back_on": "any_square", "monster_crossing_cost": 2},
    {"monster_enters_evac_site": True, "monsters_share_squares": True, "diagonal_between_buildings": False,
     "evac_site_counts_as_building": False},
])
def test_rule_options_play(rules):
    sc = from_dict({"game": "angry-monsters", "players": 3, "seed": 5, "rules": rules,
                    "seats": [{"policy": "random"}, {"policy": "blockade"}, {"policy": "flee"}]})
    frame = play(sc, 0, 0, 200)
    assert invariants(frame, sc) == []


def test_the_small_scenario_plays():
    sc = load_scenario("scenarios/angry-monsters/small.toml")
    frame = play(sc, 0, 0, 500)
    assert invariants(frame, sc) == []
    assert frame["rounds"].max() <= sc.rules.max_rounds


def test_evac_sites_get_replaced_by_random_humans():
    sc = from_dict({"game": "angry-monsters", "players": 3, "seed": 9,
                    "seats": [{"policy": "blockade"}, {"policy": "blockade"}, {"policy": "random"}]})
    frame = play(sc, 0, 0, 300)
    assert frame["evac_sites_replaced"].sum() > 0
    assert invariants(frame, sc) == []
