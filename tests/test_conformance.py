"""Every registered game: random play ends, invariants hold (with any rules a scenario may give), the same
seed gives the same games, --jobs 1 equals --jobs 2, the spec pickles; policies read only their own
parameters, and the default scenario and every policy decide most games and play as their descriptions say."""

import os
import pickle
import subprocess
import sys
from pathlib import Path

import numpy as np
import polars as pl
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from balance.errors import BalanceError
from balance.registry import games
from balance.rules import rule_values
from balance.scenario import from_dict
from balance.kit.columns import SCORES_BY_TURN, new_timelines
from balance.kit.rng import run_key
from balance.sim.batch import lineup, play
from balance.sim.runner import run
from tests.conftest import FULL_STATS, random_scenario


def player_counts(spec):
    return sorted({spec.min_players, spec.max_players})


def test_random_play_ends_and_invariants_hold(game_id):
    spec = games()[game_id]
    for players in player_counts(spec):
        for seed in range(5):
            scenario = random_scenario(game_id, players, seed=seed)
            assert_records_hold(play(scenario, batch=0, first_game=0, n_games=300), scenario, 300)


def test_the_scores_by_turn_end_on_the_final_scores(game_id):
    """The report's curves of a game's scores by turn end where its games end: the scores after the last turn are
    the final scores (the Moon's once left out the largest group and the mission)."""
    spec = games()[game_id]
    for players in player_counts(spec):
        scenario = from_dict({"game": game_id, "players": players, "seed": SEED, "run": {"scores_by_turn": 1}})
        frame = play(scenario, 0, 0, 100)
        whole = frame.filter(pl.col(SCORES_BY_TURN).list.len() == pl.col("turns"))  # not cut at the room kept
        assert whole.height >= 90, f"{players} players: {frame.height - whole.height} timelines cut short"
        for row in whole.iter_rows(named=True):
            final = [row[f"score_{s}"] for s in range(1, players + 1)]
            assert list(row[SCORES_BY_TURN][-1][:players]) == final, (players, row["game_index"])


def assert_records_hold(frame, scenario, n_games):
    """The results contract's columns and the game's invariants, in every record."""
    spec, players = scenario.spec, scenario.players
    assert frame.height == n_games
    assert frame["end_reason"].null_count() == 0
    assert frame["end_reason"].is_in(list(spec.end_reasons)).all()
    assert (frame["turns"] >= 1).all()
    seats = range(1, players + 1)
    ranks = frame.select([pl.col(f"rank_{s}") for s in seats]).to_numpy()
    assert ((ranks >= 1) & (ranks <= players)).all()
    assert frame["winner"].is_in([-1, *seats]).all()
    winner_rank = frame.select(pl.coalesce(*[pl.when(pl.col("winner") == s).then(pl.col(f"rank_{s}"))
                                             for s in seats])).to_series()
    assert (winner_rank.drop_nulls() == 1).all(), "the winner ranks first"
    if spec.invariants:
        assert spec.invariants(frame, scenario) == []


def any_value(rv):
    """Any value a scenario may give a rule: within its range or choices, a table of any allowed length.  Texts
    without choices (a map, a card list) keep their default: their own tests give them bad and odd values."""
    info, default = rv.info, rv.default
    if isinstance(default, tuple):
        if not default or not isinstance(default[0], (int, float)) or isinstance(default[0], bool):
            return st.just(list(default))
        lo, hi = info.length or (len(default), len(default))
        return st.lists(any_number(default[0], info), min_size=lo, max_size=hi)
    if isinstance(default, str):
        return st.sampled_from(info.choices) if info.choices else st.just(default)
    return any_number(default, info)


def any_number(default, info):
    if isinstance(default, bool):
        return st.booleans()
    if isinstance(default, int):
        return st.integers(int(info.lo), int(info.hi))
    return st.floats(info.lo, info.hi)


def seat_policies(game_id, players):
    """The policies each seat may take (a game of sides gives each side its own)."""
    lineups = [policy_lineup(game_id, name, players) for name in games()[game_id].policy_names]
    return [sorted({lineup[s]["policy"] for lineup in lineups}) for s in range(players)]


@settings(max_examples=300 if FULL_STATS else 25, deadline=None, derandomize=True,
          database=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_any_rules_a_scenario_may_give_play_or_are_refused_one_line_per_problem(game_id, data):
    """A designer may set any rule to any value its range allows, several at once: the scenario is either
    refused, one line per problem, or plays games whose records keep the contract and the invariants (run with
    numba's bounds checks too: ``make test-boundscheck``).  25 scenarios a game; ``BALANCE_FULL_STATS=1`` 300."""
    spec = games()[game_id]
    players = data.draw(st.integers(spec.min_players, spec.max_players), "players")
    changed = data.draw(st.lists(st.sampled_from(rule_values(spec.rules_cls())), max_size=6,
                                 unique_by=lambda rv: rv.key), "rules changed")
    rules = {rv.key: data.draw(any_value(rv), rv.key) for rv in changed}
    seats = [{"policy": data.draw(st.sampled_from(names), f"seat {i + 1}")}
             for i, names in enumerate(seat_policies(game_id, players))]
    try:
        scenario = from_dict({"game": game_id, "players": players, "seed": SEED, "seats": seats, "rules": rules})
    except BalanceError as refused:
        assert refused.problems and all(p.strip() and "\n" not in p for p in refused.problems)
        event("refused")
        return
    event("played")
    assert_records_hold(play(scenario, batch=0, first_game=0, n_games=5), scenario, 5)


def test_same_seed_same_records(game_id):
    scenario = random_scenario(game_id)
    a = play(scenario, batch=3, first_game=0, n_games=200)
    b = play(scenario, batch=3, first_game=0, n_games=200)
    c = play(scenario, batch=4, first_game=0, n_games=200)
    assert a.equals(b)
    assert not a.equals(c)


def test_jobs_1_equals_jobs_2(game_id, tmp_path):
    scenario = random_scenario(game_id, games_=3_000)
    one = run(scenario, jobs=1, out=tmp_path / "one", progress=False)
    two = run(scenario, jobs=2, out=tmp_path / "two", progress=False)
    parts_one = sorted((one.dir / "games").glob("part-*.parquet"))
    parts_two = sorted((two.dir / "games").glob("part-*.parquet"))
    assert len(parts_one) == len(parts_two) > 1
    for p1, p2 in zip(parts_one, parts_two):
        assert p1.read_bytes() == p2.read_bytes()


def test_spec_and_scenario_pickle(game_id):
    spec = games()[game_id]
    assert pickle.loads(pickle.dumps(spec)).id == spec.id
    scenario = random_scenario(game_id)
    assert pickle.loads(pickle.dumps(scenario)) == scenario


def test_record_columns_match_the_kernel(game_id):
    spec = games()[game_id]
    scenario = random_scenario(game_id)
    frame = play(scenario, batch=0, first_game=0, n_games=10)
    expected = ["game_index", "batch", *spec.columns(scenario.players),
                *[f"policy_{s}" for s in range(1, scenario.players + 1)], SCORES_BY_TURN]
    assert frame.columns == expected
    assert np.array_equal(frame["game_index"].to_numpy(), np.arange(10))


def test_the_kernel_runs_interpreted_and_plays_the_same_games(game_id, tmp_path):
    """``balance bench`` times the kernel as plain Python (NUMBA_DISABLE_JIT=1): it must run there too,
    and play the very games the compiled kernel plays."""
    scenario = random_scenario(game_id, games_=3)
    out = tmp_path / "interpreted.parquet"
    code = ("import warnings, numpy as np\n"
            "warnings.simplefilter('ignore')\n"
            "from tests.conftest import random_scenario\n"
            "from balance.sim.batch import play\n"
            f"with np.errstate(all='ignore'):\n"
            f"    play(random_scenario({game_id!r}, games_=3), 0, 0, 3).write_parquet({str(out)!r})\n")
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1"}
    subprocess.run([sys.executable, "-c", code], env=env, check=True, cwd=Path(__file__).parent.parent)
    assert pl.read_parquet(out).equals(play(scenario, 0, 0, 3))


# ---------------------------------------------------------------- every policy plays as it says
#
# A policy that reads a parameter it does not declare gets a zero, not a default (issue 16: Angry
# Monsters' `standard` played glutton with building_weight 0 and nearest_exit with replace_at_most 0,
# and every default game was a draw).  So: a policy must read only its declared parameters; each
# game's default scenario must decide most games; and each policy, with its declared defaults at
# every seat it may take (the game's default policy elsewhere), must decide most games and show in
# the records what its description promises.

def _seats(f, col, seats):
    """Per game, the column summed over ``seats``."""
    return f.select(pl.sum_horizontal(*[pl.col(f"{col}_{s}") for s in seats])).to_series()


def _per_seat(f, col, seats):
    """The column's mean per game and seat over ``seats``."""
    return _seats(f, col, seats).mean() / len(seats)


def _seat_turns(f, s):
    """Turns seat ``s`` took in each game of Pig (seat 1 starts; ``turns`` counts every seat's)."""
    players = sum(c.startswith("policy_") for c in f.columns)
    return (f["turns"] - s + players) // players


def _pig_banked(f, s):
    """(score, turns banked) of seat ``s`` in the games it lost: a bust banks nothing."""
    lost = f.filter(pl.col("winner") != s)
    return lost[f"score_{s}"], _seat_turns(lost, s) - lost[f"busts_{s}"]


def _pig_random(f, seats):  # a roll, then hold or roll with equal chance: 1 / (1 - 1/2 x 5/6) = 12/7 rolls a turn
    turns = sum(_seat_turns(f, s).sum() for s in seats)
    return abs(sum(f[f"rolls_{s}"].sum() for s in seats) / turns - 12 / 7) < 0.03


def _pig_hold(f, seats):  # every turn a loser banked holds at 20 or more, at most 19 + 6
    return all(((score >= 20 * banked) & (score <= 25 * banked)).all()
               for score, banked in (_pig_banked(f, s) for s in seats))


def _pig_catch_up(f, seats):  # never holds below 20; holds later when behind (banked turns above 25)
    pairs = [_pig_banked(f, s) for s in seats]
    return all((score >= 20 * banked).all() for score, banked in pairs) and \
        sum(((score > 25 * banked).mean() for score, banked in pairs)) / len(pairs) > 0.25


def _pig_optimal(f, seats):  # optimal against optimal: the first player wins 53.06% (Neller & Presser 2004)
    return abs((f["winner"] == 1).mean() - 0.5306) < 4 * (0.5306 * 0.4694 / f.height) ** 0.5


AM_MEEPLES = 50  # on the default board
AM_LINES = ("red_orange", "yellow_green", "blue_violet", "evac_sites")  # the destroyed_* columns: price lines


def _am_glutton(f, seats):  # eats the meeples, buildings only by the way
    return _seats(f, "eaten", seats).mean() >= 0.8 * AM_MEEPLES and \
        _per_seat(f, "eaten", seats) > 3 * sum(_per_seat(f, f"destroyed_{c}", seats) for c in AM_LINES)


def _am_wrecker(f, seats):  # destroys buildings, more than it eats meeples
    destroyed = sum(_per_seat(f, f"destroyed_{c}", seats) for c in AM_LINES)
    return destroyed >= 10 and destroyed > _per_seat(f, "eaten", seats)


def _am_blockade(f, seats):  # destroys the board's 4 evac sites and the replaced ones (3.2 a game measured, 5.5
    # before the race); once the human can no longer win, the one behind races for buildings, the cheap ones
    sites = _seats(f, "destroyed_evac_sites", seats)
    return sites.mean() >= 3 and _per_seat(f, "eaten", seats) >= 10


def _am_human(f, seats):  # evacuates meeples (both human policies walk them downhill to the evac sites)
    return _per_seat(f, "evacuated", seats) >= 1


def _am_random(f, seats):  # reaches every kind of decision: every price line, eating, evacuating, replacing
    human, monsters = seats[-1:], seats[:-1]
    return all(_per_seat(f, f"destroyed_{c}", monsters) > 0.2 for c in AM_LINES) and \
        _per_seat(f, "eaten", monsters) > 1 and _per_seat(f, "evacuated", human) > 1 and \
        f["evac_sites_replaced"].sum() > 0


def _moon_random(f, seats):  # reaches every decision: on top of cards, spaceships, monster tiles, the starter
    return f["cards_on_top"].mean() >= 3 and _per_seat(f, "spaceships_used", seats) >= 1 and \
        _per_seat(f, "monster_tiles", seats) >= 0.3 and (_seats(f, "decided_starter", seats) == 1).all()


MOONGHA_KINDS = ("mechoor", "moogre", "spectoor", "kiddoo", "shaggoo", "drakoor", "bloob")
MOONGHA_BUILDERS = ("mechoor", "moogre", "bloob")


def _moongha_share(f, seats, kinds):
    """Share of the monsters the seats created that are of ``kinds``."""
    made = {k: _seats(f, f"created_{k}", seats).sum() for k in MOONGHA_KINDS}
    return sum(made[k] for k in kinds) / max(sum(made.values()), 1)


def _moongha_random(f, seats):  # creates every kind of monster in some games
    return all((pl.concat([f[f"created_{k}_{s}"] for s in seats]) > 0).mean() >= 0.05 for k in MOONGHA_KINDS)


DUEL_HERO_WEAPONS = ("handgun", "bow_tracker", "bow_explosive", "shrapnel", "stun", "dynamite", "flame_thrower",
                     "radio", "silver_bullet", "emp")


def _duel_hero_shots(f):
    return sum(f[f"shots_{w}"].mean() for w in DUEL_HERO_WEAPONS)


def _duel_random(f, seats):  # reaches every kind of decision: shots and close combats, bonus actions, removals
    return _duel_hero_shots(f) >= 3 and f["shots_heat_ray"].mean() >= 1 and f["close_combats"].mean() >= 3 and \
        f["bonus_actions"].mean() >= 1 and f["cards_removed"].mean() > 0


def _duel_key_dead(f):
    return ((f["killed_moogre"] > 0) & (f["killed_mechoor"] > 0) & (f["killed_bloob"] > 0)).mean()


PLAYS_AS = {  # game -> policy -> (least share of decided games, what its description promises, from the records)
    "pig": {  # a game of Pig ends only with a winner (the turn cap is for pathological policies)
        "random": (0.99, _pig_random),
        "hold": (0.99, _pig_hold),
        "catch_up": (0.99, _pig_catch_up),
        "optimal": (0.99, _pig_optimal),
    },
    "angry-monsters": {  # with the default policies every game ends (1.0 measured); a draw is a monsters' tie
        # uniform random seats walk monsters and meeples about: most games reach the 300-round cap, so
        # random promises only to reach every decision
        "random": (0.0, _am_random),
        "standard": (0.9, lambda f, seats: _am_glutton(f, seats[:-1]) and _am_human(f, seats[-1:])),
        "glutton": (0.9, _am_glutton),
        "wrecker": (0.9, _am_wrecker),
        # two blockades tie on buildings in ~19% of games (0.81 decided, measured; 0.90 before the race for buildings)
        "blockade": (0.8, _am_blockade),
        "nearest_exit": (0.9, _am_human),
        "flee": (0.9, _am_human),
    },
    "moongha": {  # every game ends after its turns; a tie on VP and every tie-breaker is a draw
        "random": (0.8, _moongha_random),  # near-equal random scores tie more often (0.89 measured, 3 players)
        # every Mechoor, Moogre and Bloob it has (5.1 a seat; with its tokens left it creates the other kinds too, so
        # they are 61% of its monsters), and the most rubble of the styles (16.4 a seat; balanced 11.3, 3 players)
        "wrecker": (0.9, lambda f, seats: sum(_per_seat(f, f"created_{k}", seats) for k in MOONGHA_BUILDERS) >= 4.5
                    and _per_seat(f, "rubble_placed", seats) >= 13),
        "lurker": (0.9, lambda f, seats: _moongha_share(f, seats, ("drakoor", "spectoor")) >= 0.6
                   and _per_seat(f, "vp_drakoor", seats) >= 3),
        "hunter": (0.9, lambda f, seats: _moongha_share(f, seats, ("moogre", "shaggoo", "kiddoo")) >= 0.7
                   and _per_seat(f, "vp_moogre", seats) >= 1),
        "balanced": (0.9, lambda f, seats: _per_seat(f, "vp_rubble", seats) >= 2
                     and _per_seat(f, "vp_moogre", seats) >= 0.5 and _per_seat(f, "vp_drakoor", seats) >= 0.3),
    },
    "moongha-duel": {  # measured over 500 games against the other side's default (sniper, hunter)
        "random": (0.0, _duel_random),  # two random players reach the 120-round cap in 98% of games
        # the hero player tries 4.4 bonus actions a game (policies.bonus_worth)
        "standard": (0.9, lambda f, seats: _duel_hero_shots(f) >= 15 and f["close_combats"].mean() >= 12
                     and f["bonus_actions"].mean() >= 2),
        "sniper": (0.9, lambda f, seats: _duel_hero_shots(f) >= 15),  # 18.6 shots a game
        "raider": (0.9, lambda f, seats: f["bonus_counters_claimed"].mean() >= 7.5),  # 7.65 of 8 (sniper 5.3)
        # the three monsters that decide the game dead in 81% of games, in 24.8 rounds (sniper: 25.9)
        "focus": (0.9, lambda f, seats: _duel_key_dead(f) >= 0.65 and f["rounds"].mean() <= 28),
        "hunter": (0.9, lambda f, seats: f["close_combats"].mean() >= 12),  # 15.9 close combats a game
        # Mechoor kept back fires its heat ray 0.48 times a round (the hunter's Mechoor 0.35); the sniper must come
        # to it, and every game is decided, in 28.5 rounds (25.9 against the hunter)
        "wall": (0.85, lambda f, seats: f["shots_heat_ray"].mean() >= 0.45 * f["rounds"].mean()),
    },
    "moon": {  # 3 players, the standard game: a tie on VP and on the crystal board is a draw (under 1%)
        "random": (0.95, _moon_random),
        # measured with 3 seats alike (random's in brackets): largest group 9.7 (5.6); crystal board 11.8 (3.8)
        # and 2.0 tiles (0.9); rivals' heads covered 17.4 (3.0); solo 36 points (random's below 14 often)
        "grouper": (0.95, lambda f, seats: _per_seat(f, "largest_group", seats) >= 8),
        "crystal": (0.95, lambda f, seats: _per_seat(f, "crystal_track", seats) >= 10
                    and _per_seat(f, "monster_tiles", seats) >= 1.8),
        "spoiler": (0.95, lambda f, seats: _per_seat(f, "rival_heads_covered", seats) >= 12),
        "solo": (0.99, lambda f, seats: _per_seat(f, "score", seats) >= 25),
    },
}
PLAYERS = {"pig": 2, "angry-monsters": 3, "moongha": 3, "moon": 3}  # where the promises are checked
POLICY_PLAYERS = {("moon", "solo"): 1}  # a policy of one player count only: checked there
# Moongha is slow to compile, not to play
GAMES = {"pig": 2_000, "angry-monsters": 500, "moongha": 300, "moon": 300, "moongha-duel": 500}
SEED = 2026


def policy_lineup(game_id: str, name: str, players: int) -> list[dict]:
    """``name`` at every seat that may take it, the game's default policy at the others."""
    spec = games()[game_id]
    seats = []
    for s in range(players):
        trial = [{"policy": spec.default_policy}] * players
        trial[s] = {"policy": name}
        try:
            from_dict({"game": game_id, "players": players, "seats": trial})
            seats.append({"policy": name})
        except BalanceError:
            seats.append({"policy": spec.default_policy})
    return seats


def outcomes(frame) -> str:
    return (f"{(frame['winner'] > 0).mean():.1%} of {frame.height} games decided; end reasons "
            f"{dict(frame['end_reason'].value_counts().iter_rows())}")


def test_every_policy_has_a_promise_to_check(game_id):
    assert set(PLAYS_AS.get(game_id, {})) == set(games()[game_id].policy_names), \
        f"say in PLAYS_AS what each policy of {game_id} promises (its description, read from the records)"


def test_a_policy_reads_only_the_parameters_it_declares(game_id):
    """Parameter slots a seat's policy does not declare hold zeros; filling them with other numbers must
    not change a single game."""
    spec = games()[game_id]
    players = PLAYERS.get(game_id, spec.min_players)
    for policy in spec.policies:
        scenario = from_dict({"game": game_id, "players": players, "seed": SEED,
                              "seats": policy_lineup(game_id, policy.name, players)})
        ids, params = scenario.seat_arrays()
        declared = [len(spec.policy(seat.played).params) for seat in scenario.seats]
        if min(declared) == params.shape[1]:
            continue  # no undeclared slot at any seat
        filled = params.copy()
        for i, n in enumerate(declared):
            filled[i, n:] = 0.37
        records = []
        tables, columns, *extra = spec.kernel_inputs(scenario.rules, players, ids)
        for p in (params, filled):
            records.append(spec.play_batch(200, 0, lineup(players, 0, 200, False), ids, p, tables, columns,
                                           run_key(SEED), 0, new_timelines(0, players), *extra))
        assert np.array_equal(*records), f"{policy.name} reads a parameter it does not declare"


def test_the_default_scenario_decides_most_games(game_id):
    """A scenario without [[seats]] (the game's default policy at every seat), at every player count."""
    spec = games()[game_id]
    for players in range(spec.min_players, spec.max_players + 1):
        scenario = from_dict({"game": game_id, "players": players, "seed": SEED})
        frame = play(scenario, 0, 0, GAMES.get(game_id, 500))
        assert (frame["winner"] > 0).mean() >= 0.9, f"{players} players: {outcomes(frame)}"


def test_every_policy_decides_most_games_and_plays_as_its_description_says(game_id):
    spec = games()[game_id]
    for name, (decided, promise) in PLAYS_AS[game_id].items():
        players = POLICY_PLAYERS.get((game_id, name), PLAYERS.get(game_id, spec.min_players))
        seats = policy_lineup(game_id, name, players)
        scenario = from_dict({"game": game_id, "players": players, "seed": SEED, "seats": seats})
        frame = play(scenario, 0, 0, GAMES[game_id])
        mine = [s + 1 for s, seat in enumerate(seats) if seat["policy"] == name]
        assert (frame["winner"] > 0).mean() >= decided, f"{name}: {outcomes(frame)}"
        assert promise(frame, mine), f"{name} does not play as its description says: {spec.policy(name).description}"
