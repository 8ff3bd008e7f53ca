"""Moongha Invaders (Martin Wallace, 2010), 3-4 players: atomic monsters flatten the world's cities.

Each turn the six Action boxes are filled (orange Create/Heal tokens, white Attack tokens from the
turn track, purple Move/Hide tokens, a hero, infantry in Military One, then one more token or piece
per die rolled, placed by face, military along the boxes' progressions).  Clockwise, each player
takes one token or piece and uses it (create or heal a monster; store Attack tokens and attack a
monster, the humans or the city; move or hide; place a hero that reveals hidden monsters and hunts
Drakoors; place a military piece, a jet or the A-bomb) or plays the Pass marker, until all have
passed in succession.  Monsters are placed hidden and revealed by attacking or by heroes.  Mechoor,
Moogre and Bloobs put their owner's rubble in cities (8 at most per city).  The game ends after 9
(3 players) or 8 (4 players) turns, or when a player has placed all 20 rubble pieces or the brown
rubble is gone.  Score: secret City tiles by damage, rubble majorities (the brown rubble competes),
Drakoors in quiet cities, and the damage capacity of monsters destroyed by Moogre.

Assumptions (those with a number are ``assumed`` rules in ``rules.py``, options are named readings; the report
lists them all):

- Board values not in the text: the six further cities and every connection but Tokyo - Los
  Angeles; Moogre, Spectoor, Kiddoo, Shaggoo costs; Moogre, Spectoor, Shaggoo damage capacities;
  Mechoor, Moogre, Spectoor, Shaggoo, Drakoor movement; the turn track except turn 1's 2 white
  tokens and turn 5's 6 dice; Military One's line after its first three pieces.
- ``supplies.token_supply = all_sets``: the tokens of all four sets form one general stock.
- ``options.neutral_rubble = one_supply``: brown and black rubble are the same 20 neutral pieces,
  used for monster damage and collateral city damage (jets, A-bomb).
- ``options.jet_after_attack = stock``; ``options.pull_from_board = any``;
  ``options.pass_marker_end_of_turn = returned``; ``options.rubble_end_timing = end_of_action``;
  ``options.brown_rubble_end = at_once``;
  ``options.drakoor_killed_by_hero = returned``; ``options.attack_tokens_on_kill = every_kill``;
  ``options.heal_target = own``; ``options.kiddoo_joins = hidden_or_revealed``;
  ``options.kiddoo_against_monsters = any_attacker``;
  ``options.jet_with_city_military = true``; ``options.bloob_spill_all_damage = true``;
  ``options.a_bomb_hurts_drakoor = false``.
- ``options.pass_marker_again = false``: a Pass marker taken back from an Action box is not placed
  again in that turn (each placing and taking back would be one more action from the stock), so that
  player takes a token or piece at every go while one it can use is left.
- ``options.bloob_excess_hits = spill_over``: the text says both that hits beyond a destroyed Bloob
  pass to another Bloob of its owner in the city (Action Two) and that 'any excess hits are wasted'
  (The Monsters); the combat rule is taken.
- ``options.spectoor_move_back = true``: Spectoor's doubled Move/Hide is two actions, so a monster
  moved twice may end where it started.
- ``options.brown_rubble_ties = level``: a player with as many pieces as the brown rubble in a city is
  tied with it (2 VP for the most, no second place; nothing when level for second).
- ``scoring.city_tile_vp``: the overlapping bands read 0-2 -> 5, 3-7 -> 3, 8 -> 0.
- Bloob damage is one count in the Bloob box (the text's brown rubble in the box), so a damaged Bloob
  box carries over to the next Bloob attacked (this and the readings below have no number; ``engine``
  documents them).
- A token is taken only when it can be used: an orange token needs a box with a piece to create or a
  damaged monster to heal; a white or purple token needs a monster on the board; a jet needs a
  revealed monster other than a Drakoor to attack.
- A player with nothing to take whose Pass marker is out with its action impossible, or was taken
  back, passes plainly.
- Spectoor's second move/hide is compulsory like the first.
- A monster may not target a Drakoor it cannot hurt (Shaggoo may, to reveal it).
- A monster attacking humans or the city needs humans there or the exploding-city symbol.
- Kiddoo attacking on its own is fired on by the armour first, 'like a regular monster' (it strikes
  first, before the armour, when it joins another monster's attack).
- Kiddoo joins at most one attack per action, attacks the same target, is not fired on by the armour
  (which fires at the attacking monster) and its kills are its own (not Moogre's); its hits left
  after the humans in a joined city attack are wasted (it has no exploding-city symbol).
- Heroes and military cannot choose a Drakoor as a target of ordinary fire.
- Every armour and infantry piece in the city must attack when a monster is revealed there; hits
  against one monster from several military pieces are rolled together.
- A scripted first player pulls the piece from the city its policy picks.
- The game ending on the brown rubble ends when the last piece goes onto the board (``brown_rubble_end``:
  the rest of that attack, fire or bombing is not played; or at the end of the action), even if a monster
  destroyed later in that action returns brown rubble to the stock; no further Bloob of that attack attacks.
- Damage that cannot be recorded (no brown rubble left) and does not destroy a monster is lost.
- Hits that destroy a monster place no brown rubble (its box's rubble would go back to the stock with it),
  so a killing blow never ends the game on the brown rubble.

Policies (``policies.py``): ``random``, and four presets of one weighted heuristic that values every
legal option and takes the best: ``wrecker`` (Mechoor, Moogre, Bloobs; flattens cities where it can
win the rubble majority, sparing its own secret cities), ``lurker`` (Drakoors in quiet cities,
Spectoor, hides and heals), ``hunter`` (Moogre, Shaggoo, Kiddoo against rival monsters, for Moogre
trophies) and ``balanced`` (weights between them).  All use heroes, military units and the A-bomb
against the leading rival's monsters, the leader judged on public VP only; on the last turn all value only
what still changes the score (a Drakoor for the Create/Heal tokens; once the Attack tokens are gone, no
monster but a Drakoor).  A policy reads the public board and its own City tiles, never another seat's.
"""

from balance.games.moongha import engine, replay
from balance.games.moongha.policies import BALANCED, HUNTER, LURKER, PARAMS, PRESETS, RANDOM, WRECKER
from balance.games.moongha.rules import MONSTERS, Rules
from balance.games.moongha.tables import TABLES
from balance.registry import GameSpec, Param, Policy, Timeline, broken_invariants, engine_parts, register


def _params(preset):
    return tuple(Param(name, default, lo, hi, doc)
                 for (name, doc, lo, hi), default in zip(PARAMS, PRESETS[preset], strict=True))


POLICIES = (
    Policy("random", RANDOM, "Uniform over the legal options at every decision"),
    Policy("wrecker", WRECKER, "Builds Mechoor, Moogre and Bloobs and flattens cities where it can win the rubble "
           "majority, sparing its own secret cities", _params("wrecker")),
    Policy("lurker", LURKER, "Drakoors in quiet cities, Spectoor, hides and heals; heroes and military against the "
           "leading rival", _params("lurker")),
    Policy("hunter", HUNTER, "Moogre, Shaggoo and Kiddoo hunt rival monsters for Moogre trophies",
           _params("hunter")),
    Policy("balanced", BALANCED, "Weights between wrecker, lurker and hunter", _params("balanced")),
)


def check(rules: Rules, players: int, policies: list[str]) -> list[str]:
    """The rules for this number of players only: a 3-player scenario may shorten the turn track
    below the 4-player game's turns."""
    key = f"{players}_players"
    turns = getattr(rules.turn_track, f"turns_{key}")
    out = []
    for table in ("white", "dice"):
        if len(getattr(rules.turn_track, table)) < turns:
            out.append(f"turn_track.{table}: has {len(getattr(rules.turn_track, table))} turns; {players} players "
                       f"play turn_track.turns_{key} = {turns} turns")
    tiles, cities = getattr(rules, f"city_tiles_{key}"), len(rules.board.cities)
    if tiles * players > cities:
        out.append(f"city_tiles_{key}: {players} players cannot each draw {tiles} of {cities} City tiles")
    return out


def invariants(games, scenario) -> list[str]:
    """What every finished game of Moongha Invaders must show in its record."""
    import polars as pl

    n = scenario.players
    r = scenario.rules
    turns = r.turn_track.turns_3_players if n == 3 else r.turn_track.turns_4_players
    seats = range(1, n + 1)
    end = pl.col("end_reason")
    checks = {
        "the score is the sum of its sources": pl.all_horizontal(
            *[pl.col(f"score_{s}") == pl.sum_horizontal(*[pl.col(f"{c}_{s}") for c in engine.SCORE_COMPONENTS])
              for s in seats]),
        "no player places more rubble than own": pl.all_horizontal(
            *[pl.col(f"rubble_placed_{s}") <= r.supplies.player_rubble for s in seats]),
        "no game runs past the last turn": pl.col("turns") <= turns,
        "a game ended by the turn count played every turn": (end != "turns_played") | (pl.col("turns") == turns),
        "an all-rubble end has a player with all rubble placed": (end != "all_rubble_placed") | pl.any_horizontal(
            *[pl.col(f"rubble_placed_{s}") == r.supplies.player_rubble for s in seats]),
        "monsters are lost no more often than created": pl.all_horizontal(
            *[pl.col(f"lost_{m}_{s}") <= pl.col(f"created_{m}_{s}") for m in MONSTERS for s in seats]),
    }
    return broken_invariants(games, checks)


SPEC = register(GameSpec(
    id="moongha",
    name="Moongha Invaders",
    min_players=3,
    max_players=4,
    rules_cls=Rules,
    policies=POLICIES,
    tables=TABLES,
    **engine_parts(engine),
    describe=replay.describe,
    check=check,
    invariants=invariants,
    game_columns=engine.GAME_COLUMNS,
    seat_columns=engine.SEAT_COLUMNS,
    score_components=engine.SCORE_COMPONENTS,
    column_labels={"vp_city_tiles": "VP from the City tile", "vp_rubble": "VP from rubble majorities",
                   "vp_drakoor": "VP from Drakoors", "vp_moogre": "VP from Moogre's kills",
                   "rubble_placed": "rubble pieces placed", "actions": "actions played",
                   **{f"created_{m}": f"{m.capitalize()}s created" for m in engine.MONSTERS},
                   **{f"lost_{m}": f"{m.capitalize()}s lost" for m in engine.MONSTERS}},
    default_policy="balanced",
    bench_policy="balanced",
    bench_players=4,
    batch_games=10_000,  # about a second of work
    timeline=Timeline("turn", "a turn of the turn track, in which every player acts; the score after a turn is "
                              "what the game's scoring would give if it ended then (City tiles included)"),
    description=__doc__.split("\n")[0],
    assumptions_doc=__doc__[__doc__.index("Assumptions"):],
))
