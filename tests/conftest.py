"""Shared fixtures: small scenarios for every registered game."""

import os

import pytest

from balance.registry import games
from balance.scenario import from_dict

FULL_STATS = os.environ.get("BALANCE_FULL_STATS") == "1"


def random_scenario(game_id: str, players: int | None = None, games_: int = 2_000, seed: int = 7, **extra):
    """Every seat plays `random`: the policy that reaches every decision of a game."""
    spec = games()[game_id]
    n = players or spec.min_players
    return from_dict({"game": game_id, "players": n, "games": games_, "seed": seed, "name": f"{game_id}-random",
                      "seats": [{"policy": "random"}] * n, **extra})


@pytest.fixture(params=sorted(games()))
def game_id(request):
    return request.param


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: a long statistical run; CI runs a smaller sample")
