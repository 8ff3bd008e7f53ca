"""balance: Monte Carlo balance analysis for tabletop game designers.

The Python API, used the same way from a notebook as the ``balance`` command uses it::

    import balance
    scenario = balance.load_scenario("scenarios/pig/hold20.toml")
    run = balance.run(scenario, games=100_000)
    run.games  # a polars LazyFrame, one row per game
    balance.write_report(run)  # report.html and report.pdf in the run folder
    balance.sweep(scenario, ["rules.target_score=50..100:10"], games=100_000)
    balance.compare(run, balance.run(scenario.with_changes(["rules.target_score=80"]), out="reports/t80"))
    tuned = balance.tune(scenario, ["seats.1.params.threshold=10..40:1"], "best:seat=1")
    tuned.trials, tuned.best  # a polars frame (one row per trial) and the winning scenario
    balance.replay(run, 17).lines  # game 17 played again, turn by turn

(The report function is ``write_report``: ``balance.report`` is the package of report code.)
"""

__version__ = "0.1.0"

from balance.errors import BalanceError

_LAZY = {"load_scenario": "balance.scenario", "Run": "balance.sim.runner", "open_run": "balance.sim.runner",
         "run": "balance.sim.runner"}


def __getattr__(name):
    """The API's heavier parts load on first use: a worker process imports only what plays its batch."""
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'balance' has no attribute {name!r}")


def __dir__():
    """The API as ``dir(balance)`` and a notebook's completion show it, the lazily loaded names included."""
    return sorted(set(globals()) | set(__all__))


def write_report(run, formats=("html", "pdf")):
    """Write a run's ``report.html`` / ``report.pdf``; ``run`` is a :class:`Run` or a run folder."""
    from balance.report import write_report as write

    return write(run, formats)


def sweep(scenario, vary, **options):
    """Run ``scenario`` at every combination of ``vary`` (``["KEY=V1,V2", ...]``); see ``balance sweep``."""
    from balance.analysis.sweep import sweep as run_sweep

    return run_sweep(scenario, vary, **options)


def tune(scenario, vary, goal=("fair",), **options):
    """Search ``vary`` (``["KEY=LO..HI", ...]``) for ``goal`` with Optuna; see ``balance tune``.

    Returns the tune folder: ``.trials`` (a polars frame, one row per trial), ``.best`` (the winning
    scenario), ``.meta`` (validation and verdict), ``.comparison()`` and ``.study``.
    """
    from balance.analysis.tune import tune as run_tune

    return run_tune(scenario, vary, goal, **options)


def best_response(scenario, **options):
    """Tune every strategy's own parameters in turn against the field; see ``balance tune --best-response``."""
    from balance.analysis.tune import best_response as run_best_response

    return run_best_response(scenario, **options)


def compare(run_a, run_b, min_effect=None):
    """Differences B - A of every metric, paired game by game when the runs share their seeds;
    ``min_effect`` (:class:`balance.analysis.compare.MinEffect`) is the smallest difference that matters."""
    from balance.analysis.compare import compare_runs

    return compare_runs(run_a, run_b, min_effect)


def write_compare_report(comparison, run_a, run_b, folder, formats=("html", "pdf")):
    """Write ``compare.html`` / ``compare.pdf`` for ``balance.compare(run_a, run_b)`` into ``folder``."""
    from balance.report.compare import write_compare_report as write

    return write(comparison, run_a, run_b, folder, formats)


def replay(run, game_index=None, find=None):
    """Play one game of a run (a :class:`Run` or a run folder) again from its seed: its lines in the rulebook's
    words and its record (``.lines``, ``.replayed``, ``.recorded``); ``find`` picks the first game whose record
    satisfies an SQL condition such as ``"winner_policy = 'hunter'"``."""
    from balance.sim.replay import find_game, replay as play_again
    from balance.sim.runner import open_run

    run = open_run(run) if not hasattr(run, "meta") else run
    if game_index is None:
        game_index = find_game(run.games, find, run.meta["scenario"]["players"])
    return play_again(run, game_index)


__all__ = [
    "BalanceError",
    "Run",
    "__version__",
    "best_response",
    "compare",
    "load_scenario",
    "open_run",
    "replay",
    "run",
    "sweep",
    "tune",
    "write_compare_report",
    "write_report",
]
