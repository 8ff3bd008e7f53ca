"""A game's state as one numpy record, and the parts of it every game shares.

A kernel's state is one record (a structured dtype): numba passes it to a function as one
pointer, where a tuple of ~30 arrays costs ~300 machine words at every call that is not inlined.
Its sizes are the largest the rules allow, so one compiled kernel serves every scenario; loops run
to the real counts and the rest stays zero.

Every state holds, besides the game's own fields:

- ``rng`` and ``setup_rng``: the game's dice and setup streams (``balance.kit.rng``); ``start_turn``
  gives each turn its own dice (from ``dice_key``);
- ``lead``: the lead tracker, and ``turn_scores``: the scores after each turn (``balance.kit.columns``);
- ``policies``: a record the strategies own (the engine never writes it): their random stream
  ``rng``, each seat's policy ``id`` and parameters ``param``, and the game's policy scratch and
  memos;
- in the traced variant only (the tests and ``balance replay``): ``script``, the dice faces and
  choices the next rolls and decisions take (``balance.kit.script``), and ``log``, the game's events
  (``balance.kit.log``).  The production state has neither field, so the production kernels contain
  no test branch and no logging.  One variant serves the tests and the replay (an empty script
  leaves the dice and the choices to the game's streams and policies): a game's engine is compiled
  twice, not once for each combination (Moongha Invaders takes minutes a compile).
"""

from __future__ import annotations

import numpy as np
from numba import config

from balance.kit.columns import TURN_SCORES, new_lead
from balance.kit.compile import jit_inline
from balance.kit.log import LOG
from balance.kit.rng import DICE, POLICY, SETUP, seed_stream, seed_turn, stream_key

SCRIPT_LENGTH = 512  # scripted dice and choices a test may queue


def _fields(declared) -> list[tuple]:
    return [tuple(f) for f in declared]


class Layout:
    """The state record of one game: its own fields, the policies' record, and the shared parts.

    ``fields`` and ``policy_fields`` are numpy dtype declarations (``(name, dtype[, shape])``).
    """

    def __init__(self, fields, policy_fields=(), *, max_players: int, max_params: int = 1):
        self.max_players = max_players
        self.max_params = max_params
        policies = [("rng", np.uint64, (4,)), ("id", np.int64, (max_players,)),
                    ("param", np.float64, (max_players, max_params))] + _fields(policy_fields)
        self._fields = _fields(fields) + [
            ("rng", np.uint64, (4,)), ("setup_rng", np.uint64, (4,)), ("dice_key", np.uint64), ("lead", np.int64, (4,)),
            ("turn_scores", np.int32, (TURN_SCORES, max_players)), ("turns_scored", np.int64),
            ("policies", np.dtype(policies))]
        self.dtype = self.variant()

    def variant(self, traced: bool = False) -> np.dtype:
        """The state's record type: production, or traced (a script and a log: the tests, the replay).  The
        extra fields come first: a variant that began with every production field would be taken by
        numba for a subtype of the production one (a warning, and an experimental conversion)."""
        script = np.dtype([("dice", np.int64, (SCRIPT_LENGTH,)), ("dice_at", np.int64), ("dice_len", np.int64),
                           ("choice", np.int64, (SCRIPT_LENGTH,)), ("choice_at", np.int64),
                           ("choice_len", np.int64)])
        extra = [("script", script), ("log", LOG)] if traced else []
        return np.dtype(extra + self._fields)

    def new(self, traced: bool = False):
        """A zeroed state for Python code (tests, tools, the replay): the record, its fields as attributes."""
        return python_record(np.zeros(1, self.variant(traced)))


def python_record(array):
    """The record of a one-record array for Python code, its fields as attributes (through recarray)."""
    return array.view(np.recarray)[0]


@jit_inline
def record(array):
    """The record of a one-record array (a state's or a table's), inside a kernel."""
    return array[0]


if config.DISABLE_JIT:  # interpreted (NUMBA_DISABLE_JIT=1): a plain numpy record has no attributes
    record = python_record  # noqa: F811


@jit_inline
def seat_policies(s, lineup, seat_policy, seat_params):
    """The policy and parameters of the scenario seat ``lineup[p]`` that sits at each seat ``p``."""
    for p in range(lineup.shape[0]):
        s.policies.id[p] = seat_policy[lineup[p]]
        for j in range(seat_params.shape[1]):
            s.policies.param[p, j] = seat_params[lineup[p], j]


@jit_inline
def start_game(s, key, game, lineup, seat_policy, seat_params):
    """Before game ``game`` of a run: its own random streams, the lead tracker, each seat's policy."""
    seed_stream(s.setup_rng, key, game, SETUP)
    s.dice_key = stream_key(key, game, DICE)
    seed_turn(s.rng, s.dice_key, 0)
    seed_stream(s.policies.rng, key, game, POLICY)
    new_lead(s.lead)
    s.turns_scored = 0
    seat_policies(s, lineup, seat_policy, seat_params)


@jit_inline
def start_turn(s, turn):
    """The dice of turn ``turn`` (from 1): a stream of their own, so that a decision that changes how
    many dice one turn rolls leaves the next turns' dice as they were, in every variant of a scenario."""
    seed_turn(s.rng, s.dice_key, turn)
