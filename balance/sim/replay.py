"""``balance replay``: one game of a run played again from its seed and told turn by turn.

A game's random streams come from the run's seed and the game's index alone (``balance.kit.rng``), so
any game of a run can be played again on its own, with the same engine, in the traced variant of the
state (``balance.kit.log``): the engine notes what happens, the game's ``replay.py`` says it in the
rulebook's words, and the replayed record is checked against the one the run stored.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Any

import polars as pl

from balance.errors import BalanceError, flag
from balance.kit.columns import new_records
from balance.kit.log import events
from balance.kit.rng import run_key
from balance.kit.state import python_record, start_game
from balance.scenario import Scenario, from_resolved
from balance.sim.batch import lineup


@dataclass
class GameLog:
    """A replayed game: its lines, and its record as replayed and as the run stored it."""

    game_index: int
    lines: list[str]
    replayed: dict[str, Any]
    recorded: dict[str, Any]

    @property
    def matches(self) -> bool:
        return all(self.recorded.get(k) == v for k, v in self.replayed.items())


def run_scenario(meta: dict) -> Scenario:
    """The scenario of a run folder's ``run.json``, checked to be the one the run played."""
    scenario = from_resolved(meta["scenario"])
    if scenario.fingerprint() != meta["fingerprint"]:
        raise BalanceError("the run was played by another version of balance or of the game's rules; "
                           "play it again to replay its games")
    return scenario


def find_game(games: pl.LazyFrame, condition: str, players: int) -> int:
    """The first game (by index) whose record satisfies ``condition``, an SQL expression over the record's
    columns and ``winner_policy`` (the strategy of the winning seat), e.g. ``winner_policy = 'hunter'``."""
    winner_policy = pl.coalesce(*[pl.when(pl.col("winner") == s).then(pl.col(f"policy_{s}").cast(pl.String))
                                  for s in range(1, players + 1)])
    try:
        expr = pl.sql_expr(condition.replace("==", "="))
        found = (games.with_columns(winner_policy.alias("winner_policy")).filter(expr)
                 .select(pl.col("game_index").min()).collect().item())
    except (pl.exceptions.PolarsError, ValueError) as e:
        columns = [*games.collect_schema().names(), "winner_policy"]
        raise BalanceError(f"--find {condition!r}: {find_problem(e, columns)}") from None
    if found is None:
        raise BalanceError(f"--find {condition!r}: no game of the run satisfies it")
    return int(found)


def find_problem(error: Exception, columns: list[str]) -> str:
    """What is wrong with a ``--find`` condition, in the condition's words rather than polars'."""
    text = str(error).splitlines()[0]
    unknown = re.search(r'unable to find column "([^"]+)"', text)
    if unknown:
        name = unknown.group(1)
        close = difflib.get_close_matches(name, columns, n=3)
        if close:
            return f"no column {name!r}; did you mean {' or '.join(close)}?"
        return (f"no column {name!r} (a word that is not a column is text: put it in quotes, '{name}'); "
                f"the columns are {', '.join(columns[:5])}, ... and winner_policy (the run's games/*.parquet)")
    if text.startswith("unable to parse"):
        return 'not a condition; write one such as "turns > 8 AND winner = 2"'
    return text


def play_logged(scenario: Scenario, game_index: int) -> tuple:
    """Play game ``game_index`` of a run of ``scenario`` again in the logged state: ``(state, rules record, columns
    record, lineup, (winner, end reason, turns))``."""
    spec = scenario.spec
    seat_policy, seat_params = scenario.seat_arrays()
    tables, columns, *extra = spec.kernel_inputs(scenario.rules, scenario.players, seat_policy)
    t, col = python_record(tables), python_record(columns)
    s = spec.layout.new(traced=True)
    seats = lineup(scenario.players, game_index, 1, scenario.rotate_seats)[0]
    start_game(s, run_key(scenario.seed), game_index, seats, seat_policy, seat_params)
    return s, t, col, seats, spec.play_game(s, t, *extra)


def replay(run, game_index: int) -> GameLog:
    """Play game ``game_index`` of ``run`` (a :class:`balance.sim.runner.Run`) again and tell it."""
    meta = run.meta
    scenario = run_scenario(meta)
    if not 0 <= game_index < meta["games"]:
        raise BalanceError(f"game {game_index}: the run played games 0 to {meta['games'] - 1}")
    spec = scenario.spec
    s, t, col, seats, (winner, reason, turns) = play_logged(scenario, game_index)
    rec = new_records(1, int(col.count))
    spec.write_record(rec, 0, col, s, t, winner, reason, turns)
    names = spec.columns(scenario.players)
    replayed = {name: int(v) for name, v in zip(names, rec[0])}
    replayed["end_reason"] = spec.end_reasons[replayed["end_reason"]]
    rows = (run.games.filter(pl.col("game_index") == game_index).select(names).collect()
            .with_columns(pl.col("end_reason").cast(pl.String)))
    if rows.is_empty():  # an unfinished run's batch not played yet
        raise BalanceError(f"game {game_index}: not played yet in this unfinished run; finish it with "
                           f"{flag('resume')}, or replay a game it has played")
    recorded = rows.row(0, named=True)
    labels = [f"Seat {p + 1} ({scenario.seats[int(k)].label})" for p, k in enumerate(seats)]
    lines = [f"Game {game_index} of {meta['scenario']['name']} (seed {scenario.seed}): " + ", ".join(labels)]
    lines += spec.describe(events(s), labels, scenario.rules)
    lines.append("Result: " + ", ".join(f"{labels[p]} {replayed[f'score_{p + 1}']}" for p in range(len(labels)))
                 + (f"; {labels[winner]} wins" if winner >= 0 else "; no winner")
                 + f" ({replayed['end_reason'].replace('_', ' ')}, {replayed['turns']} turns)")
    return GameLog(game_index, lines, replayed, recorded)
