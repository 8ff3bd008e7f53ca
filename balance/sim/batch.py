"""One batch of games, as a worker plays it: seed, lineup, kernel, parquet part.

Everything here is a module-level function of picklable values, so loky and Dask workers can
run it.
"""

from __future__ import annotations

import io
import os
import threading
import time

import numpy as np
import polars as pl
import pyarrow as pa

from balance.files import write_atomic
from balance.kit.columns import SCORES_BY_TURN, new_timelines, sampled_games
from balance.kit.rng import run_key
from balance.scenario import Scenario
from balance.sim.parts import part_metadata, part_path


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


TIMELINES_PER_CALL = 5_000  # sampled games per kernel call: their timelines take at most ~5 MB per seat


def play(scenario: Scenario, batch: int, first_game: int, n_games: int) -> pl.DataFrame:
    """Play one batch and return its records as a frame (the results contract's columns).

    The kernel plays the batch in calls of at most ``TIMELINES_PER_CALL`` sampled games, so the room for
    their timelines stays small when every game keeps one; a game's play depends on its index alone, so
    the calls play the same games as one call would."""
    spec, seat_policy, seat_params, (tables, columns, *extra), key = _kernel_inputs(scenario)
    seats = lineup(scenario.players, first_game, n_games, scenario.rotate_seats)
    every = scenario.scores_by_turn
    step = min(n_games, TIMELINES_PER_CALL * every) if every > 0 else n_games
    recs, kept = [], []
    for start in range(first_game, first_game + n_games, max(step, 1)):
        count = min(step, first_game + n_games - start)
        timelines = new_timelines(sampled_games(start, count, every), scenario.players)
        recs.append(spec.play_batch(count, start, seats[start - first_game:start - first_game + count], seat_policy,
                                    seat_params, tables, columns, key, every, timelines, *extra))
        kept.append(scores_by_turn(timelines, start, count, every, scenario.players))
    rec = recs[0] if len(recs) == 1 else np.concatenate(recs) if recs else np.zeros((0, len(spec.columns(
        scenario.players))), np.int32)
    frame = to_frame(scenario, rec, seats, batch, first_game)
    return frame.with_columns(pl.concat(kept) if kept else scores_by_turn(new_timelines(0, scenario.players),
                                                                          first_game, 0, every, scenario.players))


def scores_by_turn(timelines: np.ndarray, first_game: int, n_games: int, every: int, players: int) -> pl.Series:
    """The ``scores_by_turn`` column: for every ``every``-th game the seats' scores after each turn (a list of
    lists), null for the other games."""
    games = np.arange(first_game, first_game + n_games)
    kept = (games % every == 0) if every > 0 else np.zeros(n_games, bool)
    turns = np.zeros(n_games, np.int64)
    turns[kept] = timelines[:, 0, 0]
    values = np.concatenate([timelines[k, 1:1 + t, :players].ravel() for k, t in enumerate(timelines[:, 0, 0])]
                            or [np.zeros(0, np.int32)])
    per_turn = pa.ListArray.from_arrays(np.arange(0, len(values) + 1, players, dtype=np.int32),
                                        pa.array(values, pa.int32()))
    offsets = np.concatenate([[0], np.cumsum(turns)]).astype(np.int32)
    per_game = pa.ListArray.from_arrays(pa.array(offsets, pa.int32()), per_turn,
                                        mask=pa.array(~kept) if n_games else None)
    return pl.Series(SCORES_BY_TURN, per_game)


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


def play_and_write(scenario: Scenario, batch: int, first_game: int, n_games: int, games_dir: str,
                   owner: int | None = None) -> tuple[int, int]:
    """Play a batch and write it as its own parquet part (temporary name, then rename).

    ``owner`` is the process id of the run: a worker process it started stops when it is gone.
    """
    _watch_owner(owner)
    frame = play(scenario, batch, first_game, n_games)
    if _orphaned():  # the run was killed while this batch played: nobody will count it
        os._exit(1)
    part = io.BytesIO()  # encoded in memory, so that a full disk is an OSError of its own (polars would wrap it)
    frame.write_parquet(part, compression="zstd", compression_level=1, statistics=False,
                        metadata=part_metadata(scenario.fingerprint(), batch, first_game, n_games))
    write_atomic(part_path(games_dir, batch), lambda f: f.write(part.getbuffer()))
    return batch, n_games


_OWNER: int | None = None  # the run process that started this worker process, once it is watched
POLL_SECONDS = 0.5


def _watch_owner(owner: int | None) -> None:
    """In a worker process that the run's own process started (loky), exit soon after that process
    is gone, however it went (a SIGKILL leaves no time to stop its workers): an orphaned worker would
    write parts nobody counts and keep the terminal's pipe open."""
    global _OWNER
    if owner is None or _OWNER is not None or os.getpid() == owner or os.getppid() != owner:
        return  # in the run's own process (--jobs 1), already watched, or started by others (Dask)
    _OWNER = owner
    threading.Thread(target=_exit_with_owner, args=(owner,), name="balance-owner-watch", daemon=True).start()


def _exit_with_owner(owner: int) -> None:
    while os.getppid() == owner:  # a process whose parent dies is handed to another parent
        time.sleep(POLL_SECONDS)
    os._exit(1)


def _orphaned() -> bool:
    return _OWNER is not None and os.getppid() != _OWNER
