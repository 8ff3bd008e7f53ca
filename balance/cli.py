"""The ``balance`` command: a thin typer layer over the library."""

from __future__ import annotations

import functools
import sys
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.console import Console
from rich.table import Table

from balance import __version__
from balance.errors import BalanceError

app = typer.Typer(
    help="Monte Carlo balance analysis for tabletop game designers.",
    context_settings={"help_option_names": ["-h", "--help"]},
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
console = Console()
err = Console(stderr=True)

SetOption = Annotated[Optional[list[str]], typer.Option(
    "--set", help="Change a scenario value: KEY=VALUE, e.g. rules.target_score=50 or seats.2.params.threshold=25.")]


def command(name: str):
    """``app.command`` whose bad input ends in one line per problem and exit code 2, never a traceback."""

    def register(fn):
        @functools.wraps(fn)
        def friendly(*args, **kwargs):
            try:
                return fn(*args, **kwargs)
            except BalanceError as e:
                for line in e.problems:
                    err.print(line, markup=False, highlight=False, soft_wrap=True)
                raise typer.Exit(2) from None

        return app.command(name)(friendly)

    return register


def _version(value: bool):
    if value:
        console.print(f"balance {__version__}")
        raise typer.Exit()


@app.callback()
def main_options(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="Print the version and exit.")] = False,
):
    """Monte Carlo balance analysis for tabletop game designers."""


@command("games")
def games_cmd():
    """List the games, their player counts and strategies."""
    from balance.registry import games

    table = Table(title="Games")
    for col in ("id", "name", "players", "policies"):
        table.add_column(col)
    for spec in games().values():
        table.add_row(spec.id, spec.name, f"{spec.min_players}-{spec.max_players}", ", ".join(spec.policy_names))
    console.print(table)


@command("policies")
def policies_cmd(game: Annotated[str, typer.Argument(help="Game id, e.g. pig.")]):
    """List a game's strategies with their parameters and defaults."""
    from balance.registry import get_game

    spec = get_game(game)
    for p in spec.policies:
        console.print(f"[bold]{p.name}[/bold]: {p.description}")
        for param in p.params:
            console.print(f"    {param.name} = {param.default:g}  ({param.lo:g} to {param.hi:g}): {param.doc}")


@command("rules")
def rules_cmd(game: Annotated[str, typer.Argument(help="Game id, e.g. pig.")]):
    """Print every rule value as a commented TOML rules table to paste into a scenario."""
    from balance.registry import get_game
    from balance.rules import rules_toml

    spec = get_game(game)
    sys.stdout.write(rules_toml(spec.rules_cls, spec.name))


@command("validate")
def validate_cmd(scenario: Annotated[Path, typer.Argument(help="Scenario TOML file.")], sets: SetOption = None):
    """Check a scenario and report every problem, without playing."""
    from balance.scenario import load_scenario

    sc = load_scenario(scenario, sets)
    changed = [f"{k}" for k, v in ((rv["key"], rv) for rv in sc.resolved()["rules"]) if v["changed"]]
    console.print(f"{scenario}: OK: {sc.spec.name}, {sc.players} players, {sc.games:,} games, seed {sc.seed}; "
                  f"seats: {', '.join(s.label for s in sc.seats)}"
                  + ("; rotating seats" if sc.rotate_seats else "")
                  + (f"; changed rules: {', '.join(changed)}" if changed else ""))


@command("run")
def run_cmd(
    scenario: Annotated[Path, typer.Argument(help="Scenario TOML file.")],
    games: Annotated[Optional[int], typer.Option("--games", "-n", help="Number of games (default: the scenario's).")] = None,
    seed: Annotated[Optional[int], typer.Option(help="Seed (default: the scenario's).")] = None,
    jobs: Annotated[Optional[int], typer.Option("--jobs", "-j", help="Worker processes (default: every core).")] = None,
    sets: SetOption = None,
    out: Annotated[Optional[Path], typer.Option(help="Run folder (default: reports/NAME-SEED).")] = None,
    resume: Annotated[bool, typer.Option(help="Finish an interrupted run in the same folder.")] = False,
    overwrite: Annotated[bool, typer.Option(help="Replace the run already in the folder.")] = False,
    backend: Annotated[str, typer.Option(help="loky (processes on this machine) or dask.")] = "loky",
    scheduler: Annotated[Optional[str], typer.Option(help="Dask scheduler address, with --backend dask.")] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")] = False,
):
    """Play the scenario's games on every core and summarise them."""
    from balance.report.terminal import print_summary
    from balance.scenario import load_scenario
    from balance.sim.runner import run

    sc = load_scenario(scenario, sets)
    result = run(sc, games=games, seed=seed, jobs=jobs, out=out, resume=resume, overwrite=overwrite,
                 backend=backend, scheduler=scheduler, progress=not quiet)
    print_summary(result.summary(), result.dir, console)


@command("bench")
def bench_cmd(
    game: Annotated[Optional[str], typer.Argument(help="Game id (default: every game).")] = None,
    seconds: Annotated[float, typer.Option(help="Seconds of play per measurement.")] = 3.0,
):
    """Measure games/s per core, the speed-up over interpreted Python, and parallel efficiency."""
    from balance.bench import bench, print_bench
    from balance.registry import games, get_game

    specs = [get_game(game)] if game else list(games().values())
    for spec in specs:
        print_bench(bench(spec, seconds), console)


def main() -> None:
    try:
        app()
    except KeyboardInterrupt:
        err.print("interrupted")
        sys.exit(130)


if __name__ == "__main__":
    main()
