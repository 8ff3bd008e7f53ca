"""Every game's batches under a malloc that hands freed memory back at once and poisons it.

A kernel that reads memory after numba freed it (a record outliving its array) then crashes or
plays different games instead of passing by luck: ``MALLOC_PERTURB_`` fills freed and new blocks
with a byte pattern, the small thresholds return freed blocks to the system (as Dask's workers
configure malloc).
"""

import json
import os
import subprocess
import sys

from tests.conftest import random_scenario

HOSTILE_MALLOC = {"MALLOC_PERTURB_": "165", "MALLOC_TRIM_THRESHOLD_": "65536", "MALLOC_MMAP_THRESHOLD_": "131072"}
PLAY = """
import json, sys
from balance.scenario import from_dict
from balance.sim.batch import play
frame = play(from_dict(json.loads(sys.argv[1])), 0, 0, 200)
print(frame.hash_rows().sum())
"""


def records_hash(raw: dict, env: dict) -> str:
    out = subprocess.run([sys.executable, "-c", PLAY, json.dumps(raw)], env={**os.environ, **env},
                         capture_output=True, text=True, timeout=900)
    assert out.returncode == 0, f"exit {out.returncode}: {out.stderr[-2000:]}"
    return out.stdout.strip()


def test_batches_play_the_same_games_under_a_hostile_malloc(game_id):
    spec_players = random_scenario(game_id).players
    raw = {"game": game_id, "players": spec_players, "games": 200, "seed": 3,
           "seats": [{"policy": "random"}] * spec_players}
    assert records_hash(raw, HOSTILE_MALLOC) == records_hash(raw, {})
