"""Monsters on the Moon, 1 (solo) to 4 players: lay monster cards on the moon, group your heads, race for crystals.

Setup: each seat plays a monster (werewolf, witch, vampire; the skeleton only with 4 players), finds the two
cards showing two of its heads in one square and gives one to the player on its right; hands of 5 cards
(2 players) or 3 (3-4 players) from the shuffled pile; a starting formation of the next two cards, the two
lunar surface cards and the Armstrong card ('Houston, the eagle has landed!' by default).  A turn places one
card (turned any way, squares on the grid) beside the layout or on top of it (whole squares, at most 2 squares
of any visible card, never Armstrong, his base camp or a spaceship) and draws one.  Crystals covered, or laid
on empty lunar surface, advance the crystal board; reaching a red-bordered space gives a monster tile, put at
once on an opponent's monster on the card just placed.  A spaceship (2 each) goes on a visible crystal, +1
space, its square never covered.  When the last card is drawn: the in-game scoring (1 per single head, 2 per
head in a group, two heads in a square always a group); the player with the fewest points chooses who places
next; the hands are played out.  Final scoring: the heads again, 2 per monster of the largest group, the
crystal board, a mission (secret: 1 of 2 dealt; bulletin board: 1 of 3 shown).  Most VP wins; a tie goes to
the crystal board's VP; still tied is a draw.  Advanced mode: instead of a card a turn may place 3-5 touching
moon-walls on square borders (3 long + 9/7/6 short each); walls divide groups and are never covered; an area
closed by walls takes cards only from players with a monster in it, no more walls, and doubles its monsters'
points; no largest-group bonus; the game ends when nobody can place a card or walls.  Solo: the 20 cards one
at a time; vampires and crystals in groups 1 each, witches and werewolves -1; rated in 5 bands.

Assumptions (those with a number are named rules with ``assumed`` provenance, see ``balance rules moon``; the
report lists them all):

- The card faces (``cards.deck``, ``cards.four_player_cards``), the crystal board's VP and red-bordered spaces
  per player count (``crystal_track``), the 8 mission cards (``mission_cards.cards``) and the 5 starting
  formations (``formations``) are not in the text: they are data a scenario replaces.
- The deck is built so no monster is favoured: werewolf, witch and vampire each get the same six card patterns
  (two with their double head; the other two monsters in the same places, renamed in turn) and share two cards
  with one head of each: 30 heads each.
- The box holds a 4-player deck of its own (the contents: '20 monster-cards (2 or 3 players), 26 monster-cards
  (4 players)'); it is taken as the 20 cards and six more, the skeleton's (a 4-player scenario that wants other
  faces sets both lists).  The six use the same patterns with one head of each rival, 25 skeleton heads, the
  number that makes it win as often as the others with four groupers (30,000 games: 24.1% against 24.6-25.7%;
  with 30 heads, all on its own cards, it won 57.7%).  The other 4-player scenarios are less even: grouper,
  crystal, spoiler and random seats 19.3% (others 26.3-27.2%), moon-walls 28.2% (23.1-24.2%; 20,000 games each).
- Armstrong and his base camp are one square each on his card; the other squares of the lunar cards are empty
  lunar surface.
- The crystal board: two red-bordered spaces (the text's '8 monster tiles (2 per player)' on 'each of the
  spaceships shown'), one tile per monster on each; the marker stops on the last space.
- ``monster_choice = random``: monsters are dealt to seats at random (recorded in ``monster_<seat>``).
- Seats are clockwise: the player on a seat's right is the seat before it (the double-head card goes there).
- ``cover_limit_scope = per_placement``: 'at most 2 squares per visible card' counts one placement's squares.
- ``crystal_on_empty = lunar_only``: a crystal laid on an empty square advances the board on the lunar surface
  and Armstrong cards (the default deck has no other empty square).  A crystal always advances the board (the text's
  'you may immediately advance'): holding back could change only who decides the next starter at the in-game
  scoring, where the player furthest behind on the board decides a tie.
- ``tile_no_target = lost``: a monster tile with no opponent's monster on the turn's card, or gained in a moon-wall
  turn (no card is placed), is lost; a tile gained by a spaceship placed before the card goes on that card.
  ``tile_on_neutral = false``.  A tile on a square of two heads makes it one head of the tile's monster.
- ``decider_tie = next_in_turn``; the chooser may name any player, itself included.
- The player chooses the mission that scores the most (only completed missions score).  The scripted strategies
  play towards a mission (``mission_weight``): they keep the completed one worth most and aim at one worth more
  still, the one with most of its VP counted.  A placement's change of the count is exact for the visible
  monsters, the single monsters (outside areas enclosed by moon-walls, whose doubled points it reads as groups),
  the crystal board, the monster tiles and the monsters next to Armstrong; the largest group counts the monsters
  the card joins to it (not another group it merges); the cards count the card laid (not one covered out of
  sight).  The groups mission is not aimed at (its change needs the layout recounted for each placement); the
  spaceships mission places the spaceships at once.
- A square of two heads is a group of two in the final scoring's largest group and in the missions too, as in
  scoring heads ('always count as a group').
- Moon-walls: ``long_wall_squares = 2`` (a long wall spans two square borders in a line, a short one one);
  ``walls_on_outer_edges = true``; the walls of a turn touch when they share a corner, a long wall's middle
  included, each touching one placed before it in the turn ('in contact with each other' read as one connected
  line, not each wall touching every other); an area is enclosed when its squares (cards or holes) cannot reach
  past the layout without crossing a wall; a card may not lie across a wall; ``spaceship_on_wall_turn = true``.
  The rulebook's 'exactly 3, 4 or 5': the wall turn is offered only when 3 touching walls can be placed one after
  another, each on a free border when it is placed (an area closed by the turn's first walls takes no more), and
  each wall offered leaves room for the rest; a player with fewer walls left, or no room for 3, places a card or
  is skipped.
- Solo: two vampire heads in one square are a group of two; each head of a witch or werewolf loses a point.
  The rating bands are printed for the real deck: with the assumed one (36 crystals) the ``solo`` policy scores
  36 on average and reaches the top band ('29 points or more') in 99.4% of games (20,000 games), so the bands
  say something only with the real card faces.
- A final tie on VP and on the crystal board is a draw (the rulebook's extra round is not played).
- ``max_turns = 400`` turn cap -> end reason 'timeout', no winner.
- The lead and the scores by turn (``scores_by_turn``) follow what each seat would score if the game ended after
  that turn, by the final scoring: the in-game scoring once done, the heads on the layout, the largest group, the
  crystal board and the mission it would choose (solo: the solo score).

Policies (``policies.py``): ``random``; ``grouper``, ``crystal``, ``spoiler`` (weighted sums of the exact change
of the seat's head points, its largest group, crystal board spaces and tiles, its missions, and the head points of
the leading rival: first on the final scoring were the game to end now, by what every player sees, all but secret
missions); ``solo``.  A policy reads the public layout, the crystal board and its own hand, never another's.
"""

from balance.games.moon import engine, replay
from balance.games.moon.policies import CRYSTAL_RACE, GROUPER, RANDOM, SOLO, SPOILER
from balance.games.moon.rules import MONSTERS, Rules, parse_mission
from balance.games.moon.tables import MAX_PLAYERS, TABLES, check_deck, deck_size
from balance.registry import GameSpec, Param, Policy, Timeline, broken_invariants, engine_parts, register


def mission_weight(default: float) -> Param:
    return Param("mission_weight", default, 0, 100, "Value of a VP of the missions held (secret, or on the bulletin "
                 "board), by the share of the mission's threshold a placement counts: towards the one it aims at, or "
                 "undone of the one completed")


POLICIES = (
    Policy("random", RANDOM, "Uniform over the legal options at every decision: every card in hand, every legal "
                             "position and turn; every moon-wall; spaceships, tiles, starter"),
    Policy("grouper", GROUPER, "Grows its largest group: the placement that adds most head points and monsters to "
                               "its largest group (with moon-walls, which score no largest group, head points alone); "
                               "walls the group in (advanced mode); solo: vampire groups", (
        Param("own_weight", 1.0, 0, 100, "Value of a head point gained on the layout"),
        Param("group_weight", 1.0, 0, 100, "Value of a monster joined to the largest group (none with moon-walls, "
              "where the final scoring gives the largest group nothing)"),
        Param("crystal_weight", 0.5, 0, 100, "Value of a crystal board space"),
        Param("enclose_from", 4, 2, 100, "Wall in the largest group from this many monsters"),
        mission_weight(1.0))),
    Policy("crystal", CRYSTAL_RACE, "Races the crystal board: covers crystals and lays crystals on the lunar surface, "
                                    "places spaceships at once, reaches the red-bordered spaces for the tiles", (
        Param("crystal_weight", 2.0, 0, 100, "Value of a crystal board space"),
        Param("tile_weight", 4.0, 0, 100, "Value of a red-bordered space reached (a monster tile)"),
        Param("own_weight", 0.6, 0, 100, "Value of a head point gained on the layout"),
        mission_weight(0.1)),
           players=(2, MAX_PLAYERS)),
    Policy("spoiler", SPOILER, "Covers and splits the leading rival's groups (moon-walls between its monsters) while "
                               "keeping its own points", (
        Param("spoil_weight", 1.0, 0, 100, "Value of a head point taken from the leading rival"),
        Param("own_weight", 1.0, 0, 100, "Value of a head point gained on the layout"),
        Param("crystal_weight", 0.4, 0, 100, "Value of a crystal board space"),
        mission_weight(1.0)),
           players=(2, MAX_PLAYERS)),
    Policy("solo", SOLO, "Solo: the placement that adds most to the solo score, with a bonus for each vampire and "
                         "crystal laid (a group to come)", (
        Param("potential_weight", 0.3, 0, 100, "Value of a vampire or crystal square laid"),),
           players=(1, 1)),
)


COLUMN_LABELS = {
    "cards_on_top": "cards placed on top of others",
    "squares_covered": "squares covered",
    "enclosed_areas": "areas enclosed by moon-walls",
    "tie_broken": "ties broken by the crystal board",
    "monster": "monster",
    "ingame_heads": "VP from heads, in-game scoring",
    "final_heads": "VP from heads, final scoring",
    "largest_group": "monsters in the largest group",
    "group_bonus": "VP for the largest group",
    "crystal_track": "space on the crystal board",
    "crystal_vp": "VP from the crystal board",
    "spaceships_used": "spaceships placed",
    "monster_tiles": "monster tiles gained",
    "mission_vp": "VP from the mission",
    "cards_placed": "cards placed",
    "rival_heads_covered": "rivals' heads covered by its cards",
    "walls_placed": "moon-walls placed",
    "wall_turns": "turns that placed moon-walls",
    "decided_starter": "chose who starts after the in-game scoring",
    "solo_vampires": "solo: VP from vampires in groups",
    "solo_crystals": "solo: VP from crystals in groups",
    "solo_penalty": "solo: points lost to witches and werewolves",
    "solo_band": "solo: rating band (1 lowest, 5 highest)",
}


def check(rules: Rules, players: int, policies: list[str]) -> list[str]:
    out = check_deck(rules, players)
    if players == 1 and (rules.mode != "standard" or rules.missions != "none"):
        out.append("mode, missions: the solo game plays without moon-walls and missions")
    if rules.missions == "secret" and players * rules.mission_cards.secret_dealt > len(rules.mission_cards.cards):
        out.append(f"mission_cards: {players} players x {rules.mission_cards.secret_dealt} secret missions from "
                   f"{len(rules.mission_cards.cards)} cards")
    bands = rules.solo.bands
    if players == 1 and any(lo >= hi for lo, hi in zip(bands, bands[1:])):
        out.append(f"solo.bands: {list(bands)}: each band starts above the one before, e.g. [14, 20, 25, 29]")
    return out


def warnings(rules: Rules) -> list[str]:
    """Rules a scenario changed that its mode or missions leave unplayed, one line each."""
    default = Rules()
    out = []
    if rules.mode != "moon_walls" and rules.moon_walls != default.moon_walls:
        out.append(f"rules.moon_walls: changed, but mode = {rules.mode!r} plays no moon-walls; set mode = "
                   f"\"moon_walls\" to play them")
    if rules.missions == "none" and rules.mission_cards != default.mission_cards:
        out.append("rules.mission_cards: changed, but missions = \"none\" plays no missions; set missions = "
                   "\"secret\" or \"bulletin_board\" to play them")
    return out


def invariants(games, scenario) -> list[str]:
    """What every finished game of Monsters on the Moon must show in its record."""
    import polars as pl

    n = scenario.players
    r = scenario.rules
    seats = range(1, n + 1)
    components = engine.SCORE_COMPONENTS
    end = pl.col("end_reason")
    side = max(2, n)
    track = getattr(r.crystal_track, f"vp_{side}_players")
    tile_spaces = len(getattr(r.crystal_track, f"tile_spaces_{side}_players"))
    placed = pl.sum_horizontal(*[pl.col(f"cards_placed_{s}") for s in seats])
    deck = deck_size(r, n) - (1 if n == 1 else r.formation_cards)
    best_mission = max((parse_mission(m)[2] for m in r.mission_cards.cards), default=0)
    checks = {
        "the score is the sum of its parts": pl.all_horizontal(
            *[pl.col(f"score_{s}") == pl.sum_horizontal(*[pl.col(f"{c}_{s}") for c in components]) for s in seats]),
        "every card is placed unless timed out": (placed == deck) | (end == "timeout"),
        "the crystal VP is the board's at the marker": pl.all_horizontal(
            *[pl.col(f"crystal_vp_{s}") == pl.col(f"crystal_track_{s}").replace_strict(
                list(range(len(track))), list(track), default=-1) for s in seats]) if n > 1 else pl.lit(True),
        "spaceships used within the supply": pl.all_horizontal(
            *[pl.col(f"spaceships_used_{s}").is_between(0, r.spaceships) for s in seats]),
        "monster tiles within the red-bordered spaces": pl.all_horizontal(
            *[pl.col(f"monster_tiles_{s}").is_between(0, tile_spaces) for s in seats]),
        "mission VP within the cards'": pl.all_horizontal(
            *[pl.col(f"mission_vp_{s}").is_between(0, best_mission if r.missions != "none" else 0) for s in seats]),
        "the largest group's bonus (standard mode only)": pl.all_horizontal(
            *[pl.col(f"group_bonus_{s}") == (pl.col(f"largest_group_{s}") * r.largest_group_vp
                                             if r.mode == "standard" and n > 1 else 0) for s in seats]),
        "walls only in advanced mode, within the supply": pl.all_horizontal(
            *[pl.col(f"walls_placed_{s}").is_between(0, (r.moon_walls.long_walls + getattr(
                r.moon_walls, f"short_walls_{side}_players")) if r.mode == "moon_walls" else 0) for s in seats]),
        "a wall turn places 3 to 5 moon-walls": pl.all_horizontal(
            *[pl.col(f"walls_placed_{s}").is_between(r.moon_walls.fewest_per_turn * pl.col(f"wall_turns_{s}"),
                                                     r.moon_walls.most_per_turn * pl.col(f"wall_turns_{s}"))
              for s in seats]),
        "each seat a different monster": pl.n_unique_horizontal(*[pl.col(f"monster_{s}") for s in seats]) == n
        if hasattr(pl, "n_unique_horizontal") else pl.lit(True),
        "the end reason of the mode": end.is_in(["timeout", "deck_played" if n == 1 else
                                                 "hands_played" if r.mode == "standard" else "nobody_can_place"]),
        "one decider of the next starter": (pl.sum_horizontal(*[pl.col(f"decided_starter_{s}") for s in seats])
                                            == (0 if n == 1 else 1)) | (end == "timeout"),
    }
    return broken_invariants(games, checks)


SPEC = register(GameSpec(
    id="moon",
    name="Monsters on the Moon",
    min_players=1,
    max_players=MAX_PLAYERS,
    rules_cls=Rules,
    policies=POLICIES,
    tables=TABLES,
    **engine_parts(engine),
    describe=replay.describe,
    check=check,
    warnings=warnings,
    invariants=invariants,
    game_columns=engine.GAME_COLUMNS,
    seat_columns=engine.SEAT_COLUMNS,
    score_components=engine.SCORE_COMPONENTS,
    column_labels=COLUMN_LABELS,
    seat_choices={"monster": MONSTERS},
    timeline=Timeline("round", "a round is every player's turn (a card, or moon-walls); after the in-game scoring "
                               "the chosen player starts, and a player who cannot place is skipped; the score after "
                               "a round is what the game's scoring would give if it ended then (solo: a card)",
                      seat_turns=True),
    default_policy="grouper",
    bench_policy="grouper",
    bench_players=3,
    batch_games=5_000,
    description=__doc__.split("\n")[0],
    assumptions_doc=__doc__[__doc__.index("Assumptions"):],
))
