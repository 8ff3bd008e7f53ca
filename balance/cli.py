"""The ``balance`` command: a thin typer layer over the library."""

from __future__ import annotations

import functools
import sys
from contextlib import nullcontext
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.console import Console
from rich.table import Table

from balance import __version__
from balance.errors import BalanceError, command_line

# click's errors, as the typer installed raises them (recent versions carry a copy of click of their own)
ClickException, UsageError = (next(c for c in typer.BadParameter.__mro__ if c.__name__ == name)
                              for name in ("ClickException", "UsageError"))


class OneLineUsageErrors(typer.core.TyperGroup):
    """Typer's command group, with a usage error (an unknown command or option, a value of the wrong type, a missing
    argument) told in one line, as every other bad input: ``balance run: No such option: --gmaes (see balance run -h)``.
    Typer draws them in a box of several lines."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        try:
            code = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except UsageError as e:
            if type(e).__name__ == "NoArgsIsHelpError":  # ``balance`` alone: its help, as typer draws it
                from typer import rich_utils

                rich_utils.rich_format_error(e)
                sys.exit(e.exit_code)
            where = e.ctx.command_path if e.ctx else "balance"
            message = " ".join(e.format_message().split())
            err.print(f"{where}: {message} (see {where} -h)", markup=False, highlight=False, soft_wrap=True)
            sys.exit(2)
        except ClickException as e:
            err.print(" ".join(e.format_message().split()), markup=False, highlight=False, soft_wrap=True)
            sys.exit(e.exit_code)
        except typer.Abort:
            err.print("aborted")
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)


app = typer.Typer(
    cls=OneLineUsageErrors,
    help="Monte Carlo balance analysis for tabletop game designers.",
    context_settings={"help_option_names": ["-h", "--help"]},
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
console = Console()
err = Console(stderr=True)

_GOAL_HELP = ("fair: every seat's win rate (with seat rotation, every strategy's) near its fair share (the largest "
              "gap is minimised); best:seat=N or best:strategy=NAME: that seat's or strategy's highest win rate (a "
              "best response); target:METRIC=VALUE: a number of the report near VALUE, e.g. target:game_length=8.5 "
              "or target:draw_or_timeout_rate=1%. Repeat --goal to add targets to fair; GOAL@W weighs a goal by W "
              "(losses: the fair gap and a rate's miss in rate units, another number's miss relative to VALUE).")
SetOption = Annotated[Optional[list[str]], typer.Option(
    "--set", help="Change a scenario value: KEY=VALUE, e.g. rules.target_score=50 or seats.2.params.threshold=25.")]


def command(name: str):
    """``app.command`` whose bad input ends in one line per problem and exit code 2, never a traceback."""

    def register(fn):
        @functools.wraps(fn)
        def friendly(*args, **kwargs):
            try:
                with command_line():  # messages name options as typed here: --resume, not resume=True
                    return fn(*args, **kwargs)
            except BalanceError as e:
                for line in e.problems:
                    err.print(line, markup=False, highlight=False, soft_wrap=True)
                raise typer.Exit(2) from None
            except OSError as e:  # the machine said no (a full disk, a folder made read-only): no traceback
                where = f"{e.filename}: " if e.filename else ""
                err.print(f"{where}{e.strerror or e}", markup=False, highlight=False, soft_wrap=True)
                raise typer.Exit(2) from None

        return app.command(name)(friendly)

    return register


def _warn(sc) -> None:
    """Print the scenario's warnings, one line each: the games run, but the designer should know."""
    for line in sc.warnings:
        err.print(f"warning: {line}", markup=False, highlight=False, soft_wrap=True)


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
    sys.stdout.write(rules_toml(spec.rules_cls, spec.name, spec.readings))


@command("validate")
def validate_cmd(scenario: Annotated[Path, typer.Argument(help="Scenario TOML file.")], sets: SetOption = None):
    """Check a scenario and report every problem, without playing."""
    from balance.scenario import load_scenario

    sc = load_scenario(scenario, sets)
    _warn(sc)
    changed = [f"{k}" for k, v in ((rv["key"], rv) for rv in sc.resolved()["rules"]) if v["changed"]]
    from balance.report.fmt import players

    console.print(f"{scenario}: OK: {sc.spec.name}, {players(sc.players)}, {sc.games:,} games, seed {sc.seed}; "
                  f"seats: {', '.join(s.label for s in sc.seats)}"
                  + ("; rotating seats" if sc.rotate_seats else "")
                  + (f"; changed rules: {', '.join(changed)}" if changed else ""), markup=False, highlight=False)


@command("run")
def run_cmd(
    scenario: Annotated[Path, typer.Argument(help="Scenario TOML file.")],
    games: Annotated[Optional[int], typer.Option("--games", "-n", help="Number of games (default: the scenario's).")] = None,
    seed: Annotated[Optional[int], typer.Option(help="Seed (default: the scenario's).")] = None,
    jobs: Annotated[Optional[int], typer.Option("--jobs", "-j", help="Worker processes (default: every core).")] = None,
    sets: SetOption = None,
    out: Annotated[Optional[str], typer.Option(
        help="Run folder (default: reports/FILE-SEED, FILE the scenario file's name).")] = None,
    resume: Annotated[bool, typer.Option(help="Finish an interrupted run in the same folder.")] = False,
    overwrite: Annotated[bool, typer.Option(help="Replace the run already in the folder.")] = False,
    backend: Annotated[str, typer.Option(help="loky (processes on this machine) or dask.")] = "loky",
    scheduler: Annotated[Optional[str], typer.Option(help="Dask scheduler address, with --backend dask.")] = None,
    until_ci: Annotated[Optional[float], typer.Option(
        "--until-ci", help="Add games until every win rate's 95% interval is at most ±W (e.g. 0.005); "
                           "--games is then the cap.")] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")] = False,
    report_format: Annotated[str, typer.Option(
        "--format", help="Report formats to write: html,pdf (default), html, pdf, or none.")] = "html,pdf",
):
    """Play the scenario's games on every core, summarise them and write the report."""
    from balance.report import parse_formats
    from balance.scenario import load_scenario
    from balance.sim.runner import run

    formats = () if report_format.strip().lower() == "none" else parse_formats(report_format)
    sc = load_scenario(scenario, sets)
    _warn(sc)
    result = run(sc, games=games, seed=seed, jobs=jobs, out=out, resume=resume, overwrite=overwrite,
                 backend=backend, scheduler=scheduler, until_ci=until_ci, progress=not quiet)
    _summarise_and_report(result, formats)


def _summarise_and_report(result, formats) -> None:
    """Print the run's summary, then write its report (one analysis serves both)."""
    from balance.analysis.metrics import analyse
    from balance.report import write_report
    from balance.report.terminal import print_summary

    analysis = analyse(result.games, result.meta)
    print_summary(analysis, result.dir, console)
    if formats:
        with console.status("Writing the report..."):
            paths = write_report(result, formats, analysis=analysis)
        for fmt, path in paths.items():
            console.print(f"Report ({fmt.upper()}): {path}", markup=False, highlight=False, soft_wrap=True)


@command("report")
def report_cmd(
    run_dir: Annotated[Path, typer.Argument(help="Run folder written by `balance run`.")],
    report_format: Annotated[str, typer.Option("--format", help="Comma-separated formats: html, pdf.")] = "html,pdf",
):
    """Re-render a run's report (report.html, report.pdf) from its games."""
    from balance.report import parse_formats
    from balance.sim.runner import open_run

    formats = parse_formats(report_format)
    run = open_run(run_dir)
    if run.meta.get("status") != "complete":
        err.print(f"{run_dir}: an unfinished run; the report covers the games it has played (`balance run SCENARIO "
                  f"--out {run_dir} --resume` finishes it)", highlight=False, markup=False, soft_wrap=True)
    _summarise_and_report(run, formats)


@command("replay")
def replay_cmd(
    run_dir: Annotated[Path, typer.Argument(help="Run folder written by `balance run`.")],
    game_index: Annotated[Optional[int], typer.Argument(help="The game's index (the record's game_index).")] = None,
    find: Annotated[Optional[str], typer.Option(
        "--find", help="Replay the first game whose record satisfies this SQL condition over its columns and "
                       "winner_policy, e.g. \"winner_policy = 'hunter'\" or \"turns > 8 AND winner = 2\".")] = None,
):
    """Play one game of a run again from its seed and print it turn by turn, in the rulebook's words."""
    from balance.sim.replay import find_game, replay
    from balance.sim.runner import open_run

    run = open_run(run_dir)
    if (game_index is None) == (find is None):
        raise BalanceError("give a GAME_INDEX or --find CONDITION (one of them)")
    if game_index is None:
        game_index = find_game(run.games, find, run.meta["scenario"]["players"])
    with console.status("Replaying the game (the first replay of a game compiles its engine's traced variant)..."):
        log = replay(run, game_index)
    for line in log.lines:
        console.print(line, markup=False, highlight=False, soft_wrap=True)
    if not log.matches:
        differ = [k for k, v in log.replayed.items() if log.recorded.get(k) != v]
        raise BalanceError(f"the replay differs from the run's record in {', '.join(differ)}: the run was played "
                           f"by another version of the engine")


@command("sweep")
def sweep_cmd(
    scenario: Annotated[Path, typer.Argument(help="Scenario TOML file.")],
    vary: Annotated[list[str], typer.Option(
        "--vary", help="KEY=V1,V2,... or KEY=LO..HI:STEP, e.g. rules.target_score=50..100:10 or "
                       "seats.2.params.threshold=15,20,25. Repeat for a grid.")],
    games: Annotated[Optional[int], typer.Option("--games", "-n", help="Games per point (the cap with --until-ci).")] = None,
    seed: Annotated[Optional[int], typer.Option(help="Seed, shared by every point.")] = None,
    jobs: Annotated[Optional[int], typer.Option("--jobs", "-j", help="Worker processes.")] = None,
    sets: SetOption = None,
    out: Annotated[Optional[str], typer.Option(help="Sweep folder (default: reports/FILE-sweep-SEED).")] = None,
    until_ci: Annotated[Optional[float], typer.Option("--until-ci", help="Per point: play until every win "
                                                                         "rate's 95% interval is at most ±W.")] = None,
    resume: Annotated[bool, typer.Option(help="Finish an interrupted sweep.")] = False,
    overwrite: Annotated[bool, typer.Option(help="Replace the sweep already in the folder.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bars.")] = False,
    report_format: Annotated[str, typer.Option(
        "--format", help="Sweep report formats: html,pdf (default), html, pdf, or none.")] = "html,pdf",
    yes: Annotated[bool, typer.Option("--yes", help="Play a sweep of more than 100,000,000 games in all.")] = False,
):
    """Run the scenario at every combination of the varied values, with the same seed."""
    from balance.analysis.sweep import sweep
    from balance.report import parse_formats
    from balance.report.sweep import write_sweep_report
    from balance.report.terminal import print_sweep
    from balance.scenario import load_scenario

    def announce(i, total, point):
        if not quiet:
            err.print(f"point {i + 1} of {total}: " + ", ".join(f"{k} = {v}" for k, v in point.items()))

    def plan(text):
        err.print(text, markup=False, highlight=False, soft_wrap=True)

    formats = () if report_format.strip().lower() == "none" else parse_formats(report_format)
    sc = load_scenario(scenario, sets)
    _warn(sc)
    result = sweep(sc, vary, games=games, seed=seed, jobs=jobs, out=out, until_ci=until_ci, resume=resume,
                   overwrite=overwrite, progress=not quiet, on_point=announce, yes=yes, on_plan=plan)
    print_sweep(result, console)
    if not formats:
        return
    with console.status("Writing the sweep report..."):
        paths = write_sweep_report(result, formats)
    for fmt, path in paths.items():
        console.print(f"Sweep report ({fmt.upper()}): {path}", markup=False, highlight=False, soft_wrap=True)


@command("compare")
def compare_cmd(
    first: Annotated[Path, typer.Argument(help="Run folder A, or a scenario file to compare with its --set variant.")],
    second: Annotated[Optional[Path], typer.Argument(help="Run folder B (omit when FIRST is a scenario).")] = None,
    sets: SetOption = None,
    games: Annotated[Optional[int], typer.Option("--games", "-n", help="Games per variant (scenario form).")] = None,
    jobs: Annotated[Optional[int], typer.Option("--jobs", "-j", help="Worker processes.")] = None,
    out: Annotated[Optional[str], typer.Option(
        help="Folder for the two runs and the report (scenario form: default reports/FILE-compare-SEED); with two "
             "run folders, the report's folder (default: A-vs-B next to run B).")] = None,
    until_ci: Annotated[Optional[float], typer.Option("--until-ci", help="Per variant: play until every win "
                                                                         "rate's 95% interval is at most ±W.")] = None,
    min_effect: Annotated[Optional[list[str]], typer.Option(
        "--min-effect", help="The smallest difference that matters: rates=0.01 (1 percentage point, the default), "
                             "means=0.02 (2% of A's value, the default), or a metric by name, e.g. "
                             "'game length (turns)=0.5'. Repeat for several.")] = None,
    overwrite: Annotated[bool, typer.Option(help="Replace runs already in the folder.")] = False,
    resume: Annotated[bool, typer.Option(help="Finish the two runs an interrupted comparison left in the "
                                              "folder (scenario form).")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bars.")] = False,
    report_format: Annotated[str, typer.Option(
        "--format", help="Report formats to write: html,pdf (default), html, pdf, or none.")] = "html,pdf",
):
    """Is variant B really different from A? Paired differences with intervals, p-values and a minimum effect."""
    from balance.analysis.compare import compare_runs, metric_names, parse_min_effect
    from balance.report import parse_formats
    from balance.report.compare import write_compare_report
    from balance.report.terminal import print_comparison
    from balance.sim.runner import open_run

    formats = () if report_format.strip().lower() == "none" else parse_formats(report_format)
    if out is not None and not out.strip():
        raise BalanceError(f"--out {out!r}: expected a folder, e.g. reports/my-comparison")
    if second is not None:
        given = [name for name, value in (("--set", sets), ("--games", games), ("--jobs", jobs),
                                          ("--until-ci", until_ci), ("--overwrite", overwrite), ("--resume", resume))
                 if value not in (None, False, [])]
        if given:
            raise BalanceError(f"compare: {given[0]} goes with the scenario form (balance compare SCENARIO --set "
                               f"KEY=VALUE); two run folders are compared as they were played")
        a, b = open_run(first), open_run(second)
        folder = Path(out) if out is not None else b.dir.parent / f"{a.dir.name}-vs-{b.dir.name}"
        if formats:
            from balance.sim.folder import make_folder

            make_folder(folder, "report")  # before the comparison is printed
    else:
        effect = parse_min_effect(min_effect)  # checked before any game is played
        a, b = run_variants(first, sets or [], games, jobs, out, until_ci, overwrite, resume, quiet)
        folder = a.dir.parent
    effect = parse_min_effect(min_effect, metric_names(a.meta))
    comparison = compare_runs(a, b, effect)
    print_comparison(comparison, a.dir, b.dir, console)
    if formats:
        with console.status("Writing the comparison report..."):
            paths = write_compare_report(comparison, a, b, folder, formats)
        for fmt, path in paths.items():
            console.print(f"Comparison report ({fmt.upper()}): {path}", markup=False, highlight=False, soft_wrap=True)


def run_variants(scenario_path, sets, games, jobs, out, until_ci, overwrite, resume, quiet):
    """The scenario as it is (A) and with the --set changes (B), same seed and games; resumed, a variant the
    interruption left unplayed starts afresh."""
    from balance.scenario import load_scenario
    from balance.sim.runner import default_folder, run

    if not sets:
        raise BalanceError("compare SCENARIO needs at least one --set KEY=VALUE for variant B "
                           "(or give two run folders)")
    base = load_scenario(scenario_path)
    variant = base.with_changes(sets)
    folder = Path(out) if out is not None else default_folder(base, "-compare")
    kwargs = dict(games=games, jobs=jobs, until_ci=until_ci, overwrite=overwrite, progress=not quiet)
    return tuple(run(sc, out=at, resume=resume and (at / "run.json").exists(), **kwargs)
                 for sc, at in ((base, folder / "a"), (variant, folder / "b")))


@command("tune")
def tune_cmd(
    scenario: Annotated[Path, typer.Argument(help="Scenario TOML file (the starting point).")],
    vary: Annotated[Optional[list[str]], typer.Option(
        "--vary", help="A value to tune: KEY (its declared range), KEY=LO..HI (whole numbers for an integer rule, "
                       "any number otherwise), KEY=LO..HI:STEP or KEY=V1,V2,...; KEY is rules.NAME or "
                       "seats.N.params.NAME (or seats.N.policy). Repeat to tune several values at once.")] = None,
    goal: Annotated[Optional[list[str]], typer.Option("--goal", help="What to tune for. " + _GOAL_HELP)] = None,
    best_response: Annotated[bool, typer.Option(
        "--best-response", help="Tune every strategy's own parameters in turn against the field as it is, "
                                "and print default -> tuned win rates (--vary then narrows a parameter's range).")] = False,
    trials: Annotated[Optional[int], typer.Option(
        help="Trials in all (a resumed tune plays up to this many; default: 30, or 15 per varied value).")] = None,
    games: Annotated[int, typer.Option("--games", "-n", help="Games per trial, the same seed for every trial; "
                                                             "the best points are validated on 10x as many.")] = 20_000,
    seed: Annotated[Optional[int], typer.Option(help="Seed of every trial (default: the scenario's); validation "
                                                     "plays the seed after it.")] = None,
    sampler: Annotated[str, typer.Option(help="auto (CMA-ES when every varied value is continuous and there are "
                                              "two or more, else TPE), tpe, cmaes or random.")] = "auto",
    validate: Annotated[int, typer.Option(help="Best points played again on 10x the games.")] = 3,
    jobs: Annotated[Optional[int], typer.Option("--jobs", "-j", help="Worker processes (default: every core).")] = None,
    sets: SetOption = None,
    out: Annotated[Optional[str], typer.Option(help="Tune folder (default: reports/FILE-tune-SEED).")] = None,
    resume: Annotated[bool, typer.Option(help="Continue the tune in the folder (its study.db).")] = False,
    overwrite: Annotated[bool, typer.Option(help="Replace the tune already in the folder.")] = False,
    backend: Annotated[str, typer.Option(help="loky (processes on this machine) or dask.")] = "loky",
    scheduler: Annotated[Optional[str], typer.Option(help="Dask scheduler address, with --backend dask.")] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bars.")] = False,
    report_format: Annotated[str, typer.Option(
        "--format", help="Report formats: html,pdf (default), html, pdf, or none.")] = "html,pdf",
):
    """Find the rule values that balance a game, or the strongest play of a strategy (Optuna)."""
    from balance.analysis.tune import best_response as run_best_response, tune
    from balance.report import parse_formats
    from balance.report.tune import print_best_response, print_tune, write_best_response_report, write_tune_report
    from balance.scenario import load_scenario

    formats = () if report_format.strip().lower() == "none" else parse_formats(report_format)
    sc = load_scenario(scenario, sets)
    _warn(sc)
    options = dict(trials=trials, games=games, seed=seed, jobs=jobs, sampler=sampler, validate=validate,
                   resume=resume, overwrite=overwrite, progress=not quiet, backend=backend, scheduler=scheduler)

    def write_report(result):
        if formats:
            write_tune_report(result, formats)

    if best_response:
        if goal:
            raise BalanceError("--best-response: the goal is each strategy's own win rate; drop --goal")

        def announce(label):
            if not quiet:
                err.print(f"best response of {label}", markup=False, highlight=False)

        best = run_best_response(sc, vary=vary or [], out=out, on_strategy=announce, on_tuned=write_report, **options)
        if formats:
            write_best_response_report(best, sc.name, formats)
        print_best_response(best, console)
        return
    if not goal:
        raise BalanceError("tune: give a --goal (fair, best:seat=N, best:strategy=NAME, target:METRIC=VALUE) "
                           "or --best-response")
    result = tune(sc, vary or [], goal, out=out, **options)
    write_report(result)
    print_tune(result, console)


@command("bench")
def bench_cmd(
    game: Annotated[Optional[str], typer.Argument(help="Game id (default: every game).")] = None,
    seconds: Annotated[float, typer.Option(help="Seconds of play per measurement (0.1 to 600).")] = 3.0,
):
    """Measure games/s per core, the speed-up over interpreted Python, and parallel efficiency."""
    from balance.bench import bench, check_seconds, print_bench
    from balance.registry import games, get_game

    check_seconds(seconds)
    specs = [get_game(game)] if game else list(games().values())
    for spec in specs:
        print_bench(bench(spec, seconds), console)


@command("warmup")
def warmup_cmd(
    game: Annotated[Optional[list[str]], typer.Argument(help="Game ids (default: every game).")] = None,
    jobs: Annotated[Optional[int], typer.Option(
        "--jobs", "-j", help="Games compiled at once (default: every core).")] = None,
):
    """Compile the games' engines now, all at once, so that a first run starts playing at once."""
    from balance.registry import games, get_game
    from balance.sim.warmup import compiled, warm_up

    if jobs is not None and jobs < 1:
        raise BalanceError(f"--jobs {jobs}: expected at least 1")
    specs = [get_game(g) for g in game] if game else list(games().values())
    todo = [s.name for s in specs if not compiled(s)]
    if todo:
        err.print(f"compiling the engines of {', '.join(todo)}: first time only (a few minutes)",
                  highlight=False, soft_wrap=True)
    with console.status("compiling...") if todo else nullcontext():
        seconds = warm_up([s.id for s in specs], jobs)
    for spec in specs:
        took = seconds[spec.id]
        console.print(f"{spec.name}: " + ("compiled already" if took is None else f"compiled in {took:,.0f} s"),
                      highlight=False)


def main() -> None:
    try:
        app()
    except KeyboardInterrupt:
        err.print("interrupted")
        sys.exit(130)


if __name__ == "__main__":
    main()
