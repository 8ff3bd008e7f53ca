"""Hand-made run folders whose every count is chosen by the test: the analysis reads them like a real run's."""

import json

import polars as pl

REASONS = ["won", "draw", "timeout"]


def made_run(path, game: str, winners: list[int], labels: list[str], seat_columns: dict[str, list[list[int]]] = None,
             turns: list[int] | None = None, rotate: bool = False):
    """A run of ``len(winners)`` games of ``game`` with fixed seats (seat s plays ``labels[s - 1]``).

    ``winners[g]`` is game g's winning seat (-1: a draw); ``seat_columns[name][s - 1][g]`` is seat s's
    count ``name`` in game g.  Returns (games LazyFrame, run.json dict).
    """
    n, players = len(winners), len(labels)
    turns = turns or [10] * n
    seat_columns = seat_columns or {}
    distinct = list(dict.fromkeys(labels))
    data = {"game_index": list(range(n)), "batch": [0] * n, "winner": winners,
            "end_reason": pl.Series(["won" if w >= 1 else "draw" for w in winners], dtype=pl.Enum(REASONS)),
            "turns": turns, "lead_changes": [1] * n, "winner_led_from": [t // 2 for t in turns]}
    for s in range(1, players + 1):
        data[f"score_{s}"] = [1 if w == s else 0 for w in winners]
        data[f"rank_{s}"] = [1 if w == s else 2 for w in winners]
        data[f"policy_{s}"] = pl.Series([labels[s - 1]] * n, dtype=pl.Enum(distinct))
    for name, per_seat in seat_columns.items():
        for s, values in enumerate(per_seat, start=1):
            data[f"{name}_{s}"] = values
    ints = [c for c in data if c not in ("game_index", "end_reason") and not c.startswith("policy_")]
    frame = pl.DataFrame(data, schema_overrides={c: pl.Int32 for c in ints})
    (path / "games").mkdir(parents=True)
    frame.write_parquet(path / "games" / "part-00000.parquet")
    meta = {"scenario": {"name": "made", "game": game, "players": players, "seed": 1, "games": n,
                         "seats": [{"policy": lab, "params": {}, "label": lab} for lab in labels],
                         "run": {"rotate_seats": rotate}, "rules": []},
            "columns": [c for c in frame.columns if not c.startswith("policy")], "end_reasons": REASONS,
            "score_components": [], "games": n, "seed": 1}
    (path / "run.json").write_text(json.dumps(meta))
    return pl.scan_parquet(path / "games" / "*.parquet"), meta


def spread(counts: dict[int, int]) -> list[int]:
    """``{seat: games won}`` as a list of winners, seat by seat (-1 for the draws under key -1)."""
    return [seat for seat, k in counts.items() for _ in range(k)]


def interrupt(run_folder):
    """Make a finished run look cut short: its first batch unplayed, the run unfinished."""
    meta = json.loads((run_folder / "run.json").read_text())
    (run_folder / "run.json").write_text(json.dumps({**meta, "status": "running"}))
    (run_folder / "games" / "part-00000.parquet").unlink()
