"""One batch of games, as a worker plays it: seed, lineup, kernel, parquet part.

Everything here is a module-level function of picklable values, so loky and Dask workers can
run it.
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import polars as pl

from balance.kit.rng import run_key
from balance.scenario import Scenario

PART = "part-{:05d}.parquet"


def lineup(players: int, first_game: int, n_games: int, rotate: bool) -> np.ndarray:
    """``lineup[g, s]``: the scenario seat whose policy sits at seat ``s`` in game ``first_game + g``.

    With rotation, game ``i`` moves every policy ``i mod players`` seats on, so over any
    ``players`` consecutive games each policy plays each seat once.
    """
    seats = np.arange(players, dtype=np.int64)
    if not rotate:
        return np.broadcast_to(seats, (n_games, players)).copy()
    games = np.arange(first_game, first_game + n_games, dtype=np.int64)
    return (seats[None, :] - games[:, None]) % players


_KERNEL_INPUTS: dict[str, tuple] = {}


def _kernel_inputs(scenario: Scenario):
    """The kernel's arrays for a scenario, built once per worker process (tables can be large)."""
    fingerprint = scenario.fingerprint()
    if fingerprint not in _KERNEL_INPUTS:
        spec = scenario.spec
        seat_policy, seat_params = scenario.seat_arrays()
        args = spec.kernel_inputs(scenario.rules, scenario.players, seat_policy)
        _KERNEL_INPUTS.clear()
        _KERNEL_INPUTS[fingerprint] = spec, seat_policy, seat_params, args, run_key(scenario.seed)
    return _KERNEL_INPUTS[fingerprint]


def play(scenario: Scenario, batch: int, first_game: int, n_games: int) -> pl.DataFrame:
    """Play one batch and return its records as a frame (the results contract's columns)."""
    spec, seat_policy, seat_params, (tables, columns, *extra), key = _kernel_inputs(scenario)
    seats = lineup(scenario.players, first_game, n_games, scenario.rotate_seats)
    rec = spec.play_batch(n_games, first_game, seats, seat_policy, seat_params, tables, columns, key, *extra)
    return to_frame(scenario, rec, seats, batch, first_game)


def to_frame(scenario: Scenario, rec: np.ndarray, seats: np.ndarray, batch: int, first_game: int) -> pl.DataFrame:
    spec = scenario.spec
    n = rec.shape[0]
    by_column = np.ascontiguousarray(rec.T)  # no copy: kernels store records column by column
    labels = [s.label for s in scenario.seats]
    strategies = pl.Enum(scenario.labels)
    reasons = pl.Enum(spec.end_reasons)
    columns: dict[str, pl.Series] = {
        "game_index": pl.Series(np.arange(first_game, first_game + n, dtype=np.int64)),
        "batch": pl.Series(np.full(n, batch, np.int32)),
    }
    for name, values in zip(spec.columns(scenario.players), by_column):
        if name == "end_reason":
            columns[name] = pl.Series(spec.end_reasons, dtype=reasons).gather(values)
        else:
            columns[name] = pl.Series(values)
    for s in range(scenario.players):
        columns[f"policy_{s + 1}"] = pl.Series(labels, dtype=strategies).gather(seats[:, s])
    return pl.DataFrame(columns)


def play_and_write(scenario: Scenario, batch: int, first_game: int, n_games: int, games_dir: str) -> tuple[int, int]:
    """Play a batch and write it as its own parquet part (temporary name, then rename)."""
    frame = play(scenario, batch, first_game, n_games)
    final = Path(games_dir) / PART.format(batch)
    tmp = final.with_name(f".{final.name}.{os.getpid()}.tmp")
    frame.write_parquet(tmp, compression="zstd", compression_level=1, statistics=False)
    os.replace(tmp, final)
    return batch, n_games
