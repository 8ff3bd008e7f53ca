"""Angry Monsters (Ian Wyman): two monsters rampage through a coastal city while the human evacuates.

Seats: every seat but the last is a monster, in seat order (the rulebook's roar-off decides that
order); the last seat is the human.  The rulebook's materials (2 dinosaur tokens) and victory
condition ('eaten by both monsters') make it a 3-player game; 2 to 5 players run with 1 to 4
monsters for variants.  A round is every monster's turn, then the human's.

Monster turn: roll 1d6 moves; step to any of the 8 neighbouring squares (1 move, not into a
building), eating every meeple on a square it enters (+2 moves per meeple); destroy a building in
one of the 4 cardinal directions by paying its cost (red/orange 1, yellow/green 2, blue/violet 3,
evac site 4).  Human turn: replace an evac site (put it on a free square, put 3 evacuated meeples
back at random), or roll 2d6 and make up to that many single-square cardinal meeple moves;
stepping between land and water costs 2; meeples cannot enter buildings; a meeple entering an
evac site is evacuated.  The game ends when no meeple is on the board.  The human wins with more
meeples evacuated than eaten by all monsters; otherwise the monster that destroyed the most
buildings wins, and monsters tied for it 'attempt to imitate Darth Vader': each wins the imitation
with the same chance (``monster_tie``; 'draw' leaves the tie without a winner); such a game's end reason is
'monsters_tied' either way.

Scores: a monster's score is the buildings it destroyed as the victory condition counts them
(``destroyed_*`` columns by the rulebook's price lines; evac sites included by default); the
human's score is the meeples evacuated (held at the end: the three put back when a site is replaced
no longer count until evacuated again).  Ranks: the human first when ahead
(evacuated > eaten), else last; the monsters by buildings.

Assumptions (those with a number are named rules with ``assumed`` provenance, see ``balance rules
angry-monsters``; the report lists them all):
  * meeples_per_square = 1: one figure per square (the text is silent on meeples sharing one), so a
    meeple neither stops on nor passes through another.
  * monster_crossing_cost = 1: the land/water cost is a Human Rule only.
  * monster_enters_evac_site = false: the site is on the monsters' price list of buildings.
  * evac_site_counts_as_building = true: for the monsters' victory count.
  * monsters_share_squares = false; diagonal_between_buildings = true.
  * replace_evac_site = 'destroyed_only': replacing puts a destroyed site back ('any_site' also lets
    the human move a standing one); replace_needs_evacuated = true (3 evacuated meeples are needed);
    put_back_on = 'land'; new_site_on = 'land' (a free land square without meeple or monster).
  * The victory count is the meeples the human holds at the end ('removes it from the board and keeps
    it'): a meeple put back and evacuated again counts once.
  * A monster may end its move early ('up to' the die); it eats on every square it enters, not only
    where it stops (eating mid-move is what the +2 extra moves are for).
  * A meeple may not step onto a monster's square: the text says only what a monster landing on a meeple
    does (it eats it), and a meeple walking into a monster would be a meal no rule serves (Setup, silent on
    it, is read the same way: no meeple starts on a monster's square).
  * A destroyed building or evac site leaves open ground of its terrain: the text says nothing of the ruins,
    and 'Monsters cannot traverse buildings' is said of standing ones.
  * Monster starts: the map's M squares in seat order; otherwise a random free water square as far
    from land as possible (king moves), ties broken at random each game.
  * max_rounds = 300 turn cap -> end reason 'timeout', no winner.
  * Generated boards: sea along one edge, shore a random walk; evac sites inland first.
  * Seats play fixed roles, so scenarios may not rotate them (validation refuses rotate_seats).

The human never wins the rulebook scenario (glutton, wrecker, nearest_exit), and that is the game on the
default board, not the human's bot: a glutton eats chains of meeples (each one eaten pays for the step to
the next and one more), and by the fifth turn on average (under two rounds) too few are left to outnumber
those eaten.  To win, the human must evacuate 26 of the 50 meeples; the 26 nearest to an evac site are 94
cardinal steps from one, with nothing in the way, where two rounds of 2d6 give 14 on average.  Every human
policy, random included, evacuates about 6.5 meeples against a glutton; against two wreckers the human wins 66%
(2,000 games each, seed 2026).
"""

from balance.games.angry_monsters import engine, replay
from balance.games.angry_monsters.checks import board_problems, board_warnings
from balance.games.angry_monsters.policies import (BLOCKADE, FLEE, GLUTTON, NEAREST_EXIT, RANDOM, STANDARD,
                                                   WRECKER)
from balance.games.angry_monsters.report import SECTIONS
from balance.games.angry_monsters.rules import Rules
from balance.games.angry_monsters.tables import MAX_PLAYERS, TABLES
from balance.registry import GameSpec, Param, Policy, Roles, Timeline, broken_invariants, engine_parts, register

REPLACE_AT_MOST = Param("replace_at_most", 1, 0, 20,
                        "Replace an evac site (when allowed) while this many or fewer stand, unless an average "
                        "roll could take every meeple left to safety (and always when none can reach one)")
SITE_SAFETY = Param("site_safety", 0.5, 0, 100,
                    "Weight of the distance to the nearest monster (capped at 8) against the meeples' mean "
                    "distance when choosing the square for a replaced site")


def standard_plays(seat: int, players: int) -> str:
    """The policy ``standard`` plays on a seat: nearest_exit on the human's (the last), else glutton."""
    return "nearest_exit" if seat == players else "glutton"


# every scripted monster (``policies.racing_for_buildings``)
RACE = "; once the human can no longer win, while not ahead on buildings, wreck the cheapest per move first"

POLICIES = (
    Policy("random", RANDOM, "Uniform over the legal options at every decision (monster or human seat)"),
    Policy("standard", STANDARD, "The default scripted play on any seat: glutton for a monster, nearest_exit "
                                 "for the human, each with its parameters (defaults unless the seat sets them)",
           plays=standard_plays),
    Policy("glutton", GLUTTON, "Monster: hunt the meeples, the best meeples per move within reach first; with none "
                               "in reach walk to the nearest (breaking in through buildings to meeples walled "
                               "in)" + RACE, (
        Param("building_weight", 0.2, 0, 100, "Value of destroying a building (or evac site) against eating a "
                                              "meeple, per move spent"),)),
    Policy("wrecker", WRECKER, "Monster: destroy buildings, the cheapest per move first; with none in reach walk "
                               "to the nearest; with none left to reach, go for the meeples" + RACE, (
        Param("meeple_weight", 0.5, 0, 100, "Value of eating a meeple against destroying a building, per move"),
        Param("evac_weight", 1.0, 0, 100, "Value of destroying an evac site against a building, per move"))),
    Policy("blockade", BLOCKADE, "Monster: destroy the evac sites and lurk by them, eating the meeples closest to "
                                 "safety; hunts meeples once no site stands, breaking in through buildings to "
                                 "meeples walled in" + RACE, (
        Param("evac_weight", 4.0, 0, 100, "Value of destroying an evac site against eating a meeple, per move"),
        Param("guard_weight", 4.0, 0, 100, "Extra value of a meeple d moves from an evac site: x 1 + w/(1+d)"),
        Param("meeple_weight", 1.0, 0, 100, "Value of eating a meeple, per move"))),
    Policy("nearest_exit", NEAREST_EXIT, "Human: move the meeple closest to an evac site one step nearer, again "
                                         "and again; replace a destroyed site by the rule of thumb", (
        REPLACE_AT_MOST, SITE_SAFETY)),
    Policy("flee", FLEE, "Human: first move the meeples most threatened by a monster (downhill to safety, else "
                         "away from it), then play like nearest_exit", (
        Param("danger_radius", 5, 0, 100, "A meeple closer than this (king moves) to a monster is threatened"),
        Param("threat_weight", 3, 0, 1000, "Priority per square of closeness to a monster against distance "
                                           "to safety"),
        REPLACE_AT_MOST, SITE_SAFETY)),
)
MONSTER_ONLY = ("glutton", "wrecker", "blockade")
HUMAN_ONLY = ("nearest_exit", "flee")


def check(rules: Rules, players: int, policies: list[str]) -> list[str]:
    """The board (``checks.board_problems``), the seats' policies by role, and water for every monster."""
    board = [f"rules: {p}" for p in board_problems(rules)]
    out = list(board)
    for seat, name in enumerate(policies, 1):
        human = seat == players
        if human and name in MONSTER_ONLY:
            out.append(f"seats.{seat}.policy: seat {seat} is the human; {name!r} is a monster policy; "
                       f"allowed: random, standard, {', '.join(HUMAN_ONLY)}")
        if not human and name in HUMAN_ONLY:
            out.append(f"seats.{seat}.policy: seat {seat} is a monster; {name!r} is a human policy; "
                       f"allowed: random, standard, {', '.join(MONSTER_ONLY)}")
    if not board and rules.board_source == "map":
        marks = "".join(rules.board).count("M")
        water = sum(row.count("~") for row in rules.board) + marks
        if water < players - 1:
            out.append(f"rules.board: {water} water squares for {players - 1} monsters")
    return out


def invariants(games, scenario) -> list[str]:
    """What every finished game of Angry Monsters must show in its record."""
    import polars as pl

    n = scenario.players
    human = n
    monsters = range(1, n)
    rules = scenario.rules
    total = rules.meeples
    eaten = pl.sum_horizontal(*[pl.col(f"eaten_{m}") for m in monsters])
    evacuated = pl.col(f"evacuated_{human}")
    counted = {m: pl.sum_horizontal(pl.col(f"destroyed_red_orange_{m}"), pl.col(f"destroyed_yellow_green_{m}"),
                                    pl.col(f"destroyed_blue_violet_{m}"),
                                    *([pl.col(f"destroyed_evac_sites_{m}")] if rules.evac_site_counts_as_building
                                      else [])) for m in monsters}
    human_wins = evacuated > eaten
    best = pl.max_horizontal(*counted.values())
    n_best = pl.sum_horizontal(*[(counted[m] == best).cast(pl.Int32) for m in monsters])
    monster_winner = pl.when(n_best == 1).then(
        pl.coalesce(*[pl.when(counted[m] == best).then(pl.lit(m)) for m in monsters])).otherwise(pl.lit(-1))
    if rules.monster_tie == "imitation":  # a tie's winner is drawn among the tied
        imitated = pl.coalesce(*[pl.when((pl.col("winner") == m) & (counted[m] == best)).then(pl.lit(m))
                                 for m in monsters], pl.lit(-2))
        monster_winner = pl.when(n_best == 1).then(monster_winner).otherwise(imitated)
    expected = pl.when(pl.col("end_reason") == "timeout").then(pl.lit(-1)).when(human_wins).then(pl.lit(human)) \
        .otherwise(monster_winner)
    meeples_at_most = eaten + evacuated + pl.col("meeples_left") <= total if rules.board_source != "map" else \
        eaten + evacuated + pl.col("meeples_left") == total
    checks = {
        "meeples are conserved (eaten + evacuated + on the board)": meeples_at_most,
        "the game ends with no meeple on the board unless timed out":
            (pl.col("meeples_left") == 0) | (pl.col("end_reason") == "timeout"),
        "the monsters tied for the most buildings end as 'monsters_tied'":
            (pl.col("end_reason") == "monsters_tied") == (~human_wins & (n_best > 1)
                                                          & (pl.col("end_reason") != "timeout")),
        "the winner follows the victory condition": pl.col("winner") == expected,
        "only monsters eat and destroy": (pl.col(f"eaten_{human}") == 0) & (
            pl.col(f"destroyed_red_orange_{human}") + pl.col(f"destroyed_evac_sites_{human}") == 0),
        "only the human evacuates": pl.all_horizontal(*[pl.col(f"evacuated_{m}") == 0 for m in monsters]),
        "scores are the buildings counted and the evacuated":
            pl.all_horizontal(*[pl.col(f"score_{m}") == counted[m] for m in monsters], pl.col(f"score_{human}") ==
                              evacuated),
        "evac sites destroyed never exceed the chips plus replacements": pl.sum_horizontal(
            *[pl.col(f"destroyed_evac_sites_{m}") for m in monsters]) <= rules.evac_site_chips +
        pl.col("evac_sites_replaced"),
        "rounds within the cap": (pl.col("rounds") >= 1) & (pl.col("rounds") <= rules.max_rounds),
    }
    return broken_invariants(games, checks)


SPEC = register(GameSpec(
    id="angry-monsters",
    name="Angry Monsters",
    min_players=2,
    max_players=MAX_PLAYERS,
    rules_cls=Rules,
    policies=POLICIES,
    tables=TABLES,
    **engine_parts(engine),
    describe=replay.describe,
    check=check,
    warnings=board_warnings,
    invariants=invariants,
    game_columns=engine.GAME_COLUMNS,
    seat_columns=engine.SEAT_COLUMNS,
    score_components=("destroyed_red_orange", "destroyed_yellow_green", "destroyed_blue_violet",
                      "destroyed_evac_sites", "evacuated"),
    default_policy="standard",
    bench_policy="standard",
    bench_players=3,
    seat_roles="every seat but the last is a monster, in turn order; the last seat is the human",
    roles=Roles(rest="monster", last=("human",)),
    column_labels={"rounds": "rounds played", "evac_sites_replaced": "evac sites replaced",
                   "meeples_left": "meeples left on the board", "eaten": "meeples eaten",
                   "destroyed_red_orange": "red and orange buildings destroyed",
                   "destroyed_yellow_green": "yellow and green buildings destroyed",
                   "destroyed_blue_violet": "blue and violet buildings destroyed",
                   "destroyed_evac_sites": "evac sites destroyed", "evacuated": "meeples evacuated"},
    batch_games=50_000,
    timeline=Timeline("round", "a round is every monster's turn, then the human's", seat_turns=True,
                      comparable=False,
                      why_not="a monster's score counts buildings and the human's meeples evacuated, and the human "
                              "is ahead when more meeples are evacuated than eaten, so the highest score is not "
                              "the seat that would win"),
    description=__doc__.split("\n")[0],
    assumptions_doc=__doc__[__doc__.index("Assumptions"):],
    report_sections=SECTIONS,
))
