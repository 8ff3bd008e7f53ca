"""balance: Monte Carlo balance analysis for tabletop game designers.

The Python API, used the same way from a notebook as the ``balance`` command uses it::

    import balance
    scenario = balance.load_scenario("scenarios/pig/hold20.toml")
    run = balance.run(scenario, games=100_000)
    run.games  # a polars LazyFrame, one row per game
"""

__version__ = "0.1.0"

from balance.errors import BalanceError  # noqa: E402
from balance.scenario import load_scenario  # noqa: E402
from balance.sim.runner import Run, open_run, run  # noqa: E402

__all__ = ["BalanceError", "Run", "load_scenario", "open_run", "run", "__version__"]
