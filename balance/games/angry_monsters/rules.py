"""Angry Monsters' numbers, the board and every reading the rulebook leaves open."""

from dataclasses import dataclass

from balance.rules import rule, section

MATERIALS = "Materials"
SETUP = "Setup"
MONSTER = "Monster Rules (Destroy!!!)"
HUMAN = "Human Rules (Run awaaaaaaaay!!!)"
VICTORY = "Victory Conditions"

BOARD_SOURCES = ("map", "generated_fixed", "generated_each_game")
SHORE_SIDES = ("west", "east", "north", "south")
SPREADS = ("even", "random")
REPLACE_MODES = ("destroyed_only", "any_site")
RETURN_SQUARES = ("land", "any_square")
MONSTER_TIES = ("imitation", "draw")

MAX_SIDE = 60  # the most squares a board has along either side (a drawn map's rows and columns too)
MAX_MEEPLES = 2000

# A board drawn by `python -m balance.games.angry_monsters.tables 2` (generator seed 2, then kept):
# the Pacific on the west, a ragged shore, 50 meeples spread evenly, 4 evac sites inland.  One
# change since: the violet building at row 13, column 11 is open land, because the meeple below it
# (row 14, column 11) had buildings on three sides and the board edge on the fourth and could never
# be evacuated (games with random monsters reached the turn cap with it left; issue 16).
DEFAULT_BOARD = (
    "~~~~~~~b.oy.g..E..mm",
    "~~~~~~~momvm..Eom.by",
    "~~~~~~~mmmvrmm.bvbo.",
    "~~~~~~~~vg..ymvv..gg",
    "~~~~~~~.mv.v..bm.moo",
    "~~~~~~mg..mvvo.m.g..",
    "~~~~~~.mr..r.m.v..m.",
    "~~~~~~m.mg.m.g...mmy",
    "~~~~~g...ym...m.m...",
    "~~~~~..mrmoo.grEv.ro",
    "~~~~~m.mrm...mm..bb.",
    "~~~~~~.v..mv..bv.mm.",
    "~~~~~~rmym.vEmm.momm",
    "~~~~~~~mybmyom..mygy",
)


@dataclass(frozen=True)
class Generator:
    """The seeded board generator: the players' agreed shoreline, buildings and meeples."""

    seed: int = rule(2, "Seed of a fixed generated board (board_source = 'generated_fixed')",
                     assumed="any seed; a scenario fixes its board by fixing this", lo=0, hi=2**31 - 1)
    width: int = rule(20, "Board width in squares", rulebook=MATERIALS + ": 'square spaces, X\"xY\"' (size left open)",
                      lo=4, hi=MAX_SIDE)
    height: int = rule(14, "Board height in squares", rulebook=MATERIALS + ": 'square spaces, X\"xY\"' (size left open)",
                       lo=4, hi=MAX_SIDE)
    shore_side: str = rule("west", "Edge of the board the sea lies along",
                           assumed="the rulebook's Pacific is drawn on one side; the side is the designer's",
                           choices=SHORE_SIDES)
    shore_depth: int = rule(7, "Mean number of water squares from the sea edge to the shore",
                            rulebook=SETUP + ": 'coloring a number of squares blue'", lo=1,
                            hi=MAX_SIDE - 2)
    shore_roughness: int = rule(1, "Largest change of the shore's depth from one row to the next (0: straight)",
                                rulebook=SETUP + ": 'The shoreline may be of any shape'", lo=0, hi=10)
    building_density: float = rule(0.35, "Share of the land squares that get a building",
                                   rulebook=SETUP + ": 'The buildings can have any distribution'", lo=0.0, hi=0.9)
    colour_mix: tuple = rule((1.0, 1.0, 1.0, 1.0, 1.0, 1.0),
                             "Relative frequency of red, orange, yellow, green, blue and violet buildings",
                             rulebook=SETUP + ": 'any distribution agreeable to all players'", lo=0.0, hi=1000.0,
                             length=(6, 6))
    evac_sites: int = rule(4, "Evac sites placed on the board", rulebook=MATERIALS + ": '4 translucent circular chips'",
                           lo=1, hi=4)
    evac_inland: int = rule(3, "Fewest squares (4 directions) between an evac site and the water, where room allows",
                            assumed="the rulebook does not place evac sites; inland sites keep them off the "
                                    "monsters' first turn", lo=0, hi=50)
    meeple_spread: str = rule("even", "How meeples are spread: 'even' deals them round the 4x4 tiles of land in turn, "
                              "'random' puts each on a random free land square",
                              rulebook=SETUP + ": 'the Meeple must be distributed fairly evenly around the map'",
                              choices=SPREADS)


@dataclass(frozen=True)
class Rules:
    board_source: str = rule("map", "Where the board comes from: the 'board' map, the generator once per scenario, "
                             "or the generator anew for every game", assumed="a drawn board is what players set up",
                             choices=BOARD_SOURCES)
    board: tuple = rule(DEFAULT_BOARD,
                        f"The board, one text per row (at most {MAX_SIDE} rows of at most {MAX_SIDE} squares): ~ water, "
                        ". land, r o y g b v a red/orange/yellow/green/blue/violet building, E evac site, m meeple on "
                        "land, 2-9 that many meeples on land, w meeple in water, M monster start (water)",
                        rulebook=SETUP + ": the players colour the shoreline and place buildings and meeples; "
                                         "the default is generated board seed 2 with the violet building at row "
                                         "13, column 11 made land, so that every meeple can reach an evac site",
                        length=(1, MAX_SIDE))
    generator: Generator = section(Generator)
    meeples: int = rule(50, "Meeples on the board at the start", rulebook=MATERIALS + ": '50 Meeple'", lo=1,
                        hi=MAX_MEEPLES)
    meeples_per_square: int = rule(1, "Most meeples that may share a square",
                                   assumed="the text is silent on meeples sharing a square (Setup keeps meeples "
                                           "off buildings and evac sites only); one figure per square, as on most "
                                           "grid boards, so a meeple neither stops on nor passes through another",
                                   lo=1, hi=50)
    monster_die: int = rule(6, "Sides of the monster's movement die (one die)", rulebook=MONSTER + ": '1 six-sided die'",
                            lo=1, hi=100)
    bonus_moves_per_meeple: int = rule(2, "Extra moves a monster gets for each meeple it eats",
                                       rulebook=MONSTER + ": '2 extra squares'", lo=0, hi=20)
    human_dice: int = rule(2, "Dice the human rolls for moves", rulebook=HUMAN + ": 'rolls two six-sided die'",
                           lo=1, hi=10)
    human_die_sides: int = rule(6, "Sides of each of the human's dice", rulebook=HUMAN + ": 'six-sided'", lo=1, hi=100)
    crossing_cost: int = rule(2, "Moves a meeple pays to step between a land and a water square",
                              rulebook=HUMAN + ": 'moving between a land square and a water square costs two moves'",
                              lo=1, hi=12)
    monster_crossing_cost: int = rule(1, "Moves a monster pays to step between a land and a water square",
                                      assumed="the crossing cost is written under the Human Rules only; a monster "
                                              "pays 1 per square anywhere", lo=1, hi=12)
    building_costs: tuple = rule((1, 1, 2, 2, 3, 3), "Moves to destroy a red, orange, yellow, green, blue, violet building",
                                 rulebook=MONSTER + ": 'Red/Orange - 1 move, Yellow/Green - 2, Blue/Violet - 3'",
                                 lo=0, hi=50, length=(6, 6))
    evac_site_cost: int = rule(4, "Moves to destroy an evac site", rulebook=MONSTER + ": 'Evac site - 4 moves'",
                               lo=0, hi=50)
    evac_site_chips: int = rule(4, "Evac site chips: most evac sites on the board at once",
                                rulebook=MATERIALS + ": '4 translucent circular chips'", lo=1, hi=20)
    meeples_put_back: int = rule(3, "Evacuated meeples put back on the board when an evac site is replaced",
                                 rulebook=HUMAN + ": 'replaces three evacuated Meeple on the board at random locations'",
                                 lo=0, hi=50)
    replace_evac_site: str = rule("destroyed_only",
                                  "What 'replace an evac site' means: put a destroyed site back ('destroyed_only') "
                                  "or also move a standing one ('any_site')",
                                  assumed="the sites are chips the monsters destroy; replacing puts one back",
                                  choices=REPLACE_MODES)
    replace_needs_evacuated: bool = rule(True, "Replacing needs that many evacuated meeples to put back",
                                         assumed="the price is three evacuated meeples; without them it cannot be paid")
    put_back_on: str = rule("land", "Where put-back meeples may land: free land squares or any free square",
                            assumed="'random locations' in a city; meeples start on land", choices=RETURN_SQUARES)
    new_site_on: str = rule("land", "Where a replaced evac site may go: a free land square or any free square (never "
                            "on a building, a monster or a meeple)",
                            assumed="'a location of his choosing'; the sites are where meeples walk to, on land",
                            choices=RETURN_SQUARES)
    monster_enters_evac_site: bool = rule(False, "A monster may step onto an evac site",
                                          assumed="the evac site is on the monsters' price list of buildings, and "
                                                  "monsters cannot traverse buildings")
    evac_site_counts_as_building: bool = rule(True, "A destroyed evac site counts as a destroyed building for victory",
                                              assumed="it is priced in the list of buildings a monster destroys")
    monsters_share_squares: bool = rule(False, "Two monsters may stand on the same square",
                                        assumed="the rulebook is silent; tokens usually block each other")
    diagonal_between_buildings: bool = rule(True, "A monster may step diagonally between two buildings that touch "
                                            "at a corner", assumed="a diagonal step enters no building square")
    monster_tie: str = rule("imitation", "A tie between the monsters for the most buildings: one of them wins the "
                            "Darth Vader imitation, each with the same chance, or nobody wins ('draw'); the game's end "
                            "reason is 'monsters_tied' either way",
                            assumed=VICTORY + ": 'If there is a draw, the players involved attempt to imitate Darth "
                                              "Vader. The most successful imitation wins': a contest between players "
                                              "the simulation cannot tell apart", choices=MONSTER_TIES)
    max_rounds: int = rule(300, "Turn cap: a game still running after this many rounds ends as a timeout",
                           assumed="meeples walled in by buildings out of every monster's reach never leave the board; "
                                   "the cap stops such games", lo=1, hi=100_000)
