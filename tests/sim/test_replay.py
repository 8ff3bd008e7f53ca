"""``balance replay``: a game played again from its seed reproduces the run's record, and is told in words."""

import polars as pl
import pytest
from typer.testing import CliRunner

import balance
from balance.cli import app
from balance.errors import BalanceError
from balance.registry import games
from balance.scenario import from_dict
from balance.sim.replay import find_game

GAMES = {"pig": 400, "angry-monsters": 200, "moongha": 120}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """A small run of each game: random seats, and the game's default strategies."""
    out = {}
    for game_id, spec in games().items():
        n = spec.min_players
        for policy in ("random", None):
            seats = [{"policy": policy}] * n if policy else None
            raw = {"game": game_id, "players": n, "games": GAMES.get(game_id, 100), "seed": 11,
                   "name": f"{game_id}-{policy or 'default'}", **({"seats": seats} if seats else {})}
            folder = tmp_path_factory.mktemp(f"{game_id}-{policy or 'default'}")
            out[game_id, policy] = balance.run(from_dict(raw), out=folder / "run", jobs=1, progress=False)
    return out


@pytest.mark.parametrize("policy", ["random", None])
def test_a_replayed_game_has_the_recorded_result(game_id, policy, runs):
    run = runs[game_id, policy]
    for index in (0, 7, run.meta["games"] - 1):
        log = balance.replay(run, index)
        assert log.matches, {k: (v, log.recorded.get(k)) for k, v in log.replayed.items() if log.recorded.get(k) != v}
        assert len(log.lines) > 2 and log.lines[-1].startswith("Result:")


def test_find_replays_the_first_game_that_satisfies_a_condition(runs):
    run = runs["pig", "random"]
    log = balance.replay(run, find="winner == 2 AND turns > 3")
    frame = run.games.collect()
    first = frame.filter((frame["winner"] == 2) & (frame["turns"] > 3))["game_index"].min()
    assert log.game_index == first and log.replayed["winner"] == 2


def test_the_replay_command_prints_the_game_and_refuses_a_bad_condition(runs):
    folder = str(runs["pig", "random"].dir)
    done = CliRunner().invoke(app, ["replay", folder, "3"])
    assert done.exit_code == 0 and "Result:" in done.output
    bad = CliRunner().invoke(app, ["replay", folder, "--find", "no_such_column = 1"])
    assert bad.exit_code == 2 and "--find" in bad.output and "Traceback" not in bad.output
    neither = CliRunner().invoke(app, ["replay", folder])
    assert neither.exit_code == 2


def test_a_game_an_unfinished_run_has_not_played_is_refused_in_one_line(tmp_path):
    from balance.sim.runner import open_run
    from tests.analysis.runs import interrupt

    raw = {"game": "pig", "players": 2, "games": 1_000_000, "seed": 11, "name": "cut short"}
    folder = balance.run(from_dict(raw), out=tmp_path / "run", jobs=1, progress=False).dir
    interrupt(folder)  # the first batch, games 0 to 499,999, unplayed
    assert balance.replay(open_run(folder), 999_999).matches
    done = CliRunner().invoke(app, ["replay", str(folder), "7"])
    assert done.exit_code == 2 and done.stderr.strip() == (
        "game 7: not played yet in this unfinished run; finish it with --resume, or replay a game it has played")


def test_find_a_game_a_moongha_hunter_won(tmp_path):
    """The issue's question: the first game of the mixed scenario that the hunter won, played again and told."""
    sc = balance.load_scenario("scenarios/moongha/four-players-mixed.toml")
    run = balance.run(sc, games=60, out=tmp_path / "run", jobs=1, progress=False)
    frame = run.games.collect()
    won = [g for g, w, *policies in frame.select("game_index", "winner", *[f"policy_{s}" for s in range(1, 5)]).rows()
           if w >= 1 and policies[w - 1] == "hunter"]
    assert won, "no hunter win in 60 games: pick another seed"
    done = CliRunner().invoke(app, ["replay", str(run.dir), "--find", "winner_policy == 'hunter'"])
    assert done.exit_code == 0, done.output
    first = done.output.splitlines()[0]
    assert first.startswith(f"Game {min(won)} of ")
    result = done.output.strip().splitlines()[-1]
    winner = frame.filter(frame["game_index"] == min(won))["winner"].item()
    assert result.startswith("Result: ") and f"; Seat {winner} (hunter) wins" in result


@pytest.mark.parametrize("condition,says", [
    ("turnz > 8", "--find 'turnz > 8': no column 'turnz'; did you mean turns?"),
    ("winner_policy = hunter", "no column 'hunter' (a word that is not a column is text: put it in quotes, 'hunter')"),
    ("turns >", 'not a condition; write one such as "turns > 8 AND winner = 2"'),
])
def test_a_find_condition_that_polars_cannot_read_is_explained_in_its_own_words(condition, says):
    games = pl.LazyFrame({"game_index": [0, 1], "winner": [1, 2], "turns": [5, 9], "policy_1": ["a", "b"],
                          "policy_2": ["c", "d"]})
    with pytest.raises(BalanceError) as error:
        find_game(games, condition, 2)
    assert says in str(error.value)
    assert find_game(games, "turns > 8", 2) == 1
