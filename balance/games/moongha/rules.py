"""Moongha Invaders' numbers: every value the engine uses, with its provenance.

The rulebook text does not reproduce the board.  Values the text (or the issue, from the board and
public reviews) states are ``rulebook``; the other printed values (most monster boxes, the cities
beyond six, every connection but Tokyo - Los Angeles, the turn track beyond turn 1's white tokens and
turn 5's dice) are ``assumed`` plausible values, kept here only: a designer replaces them with the
board's numbers in a scenario's ``[rules]`` table (``monsters.moogre.cost = 4``,
``board.connections = [...]``, ``turn_track.white = [...]``).

Ambiguities of the text are named options (``choices=``); the default is the reading a player would
most likely take and the ``assumed=`` note says why.
"""

from dataclasses import dataclass, make_dataclass

from balance.rules import rule, section

RB = "Moongha Invaders rulebook"
ISSUE = "issue 5, the printed numbers known from the board and public reviews"
BOARD_UNKNOWN = "not in the rulebook text (printed on the board only); a plausible value, replace with the board's"

# the readings of each named option (``choices=``); the kernel compares a code, ``X.index(reading)``
TOKEN_SUPPLY = ("all_sets", "players_sets")
NEUTRAL_RUBBLE = ("one_supply", "black_unlimited")
JET_AFTER_ATTACK = ("stock", "city")
PULL_FROM_BOARD = ("any", "never")
PASS_MARKER_END_OF_TURN = ("returned", "stays")
RUBBLE_END_TIMING = ("end_of_action", "end_of_turn")
BROWN_RUBBLE_END = ("at_once", "end_of_action")
DRAKOOR_KILLED_BY_HERO = ("returned", "out_of_game")
ATTACK_TOKENS_ON_KILL = ("every_kill", "last_piece")
HEAL_TARGET = ("own", "any")
KIDDOO_JOINS = ("hidden_or_revealed", "revealed_only")
KIDDOO_AGAINST_MONSTERS = ("any_attacker", "moogre_only")
BLOOB_EXCESS_HITS = ("spill_over", "wasted")
BROWN_RUBBLE_TIES = ("level", "brown_ahead", "players_ahead")

MONSTERS = ("mechoor", "moogre", "spectoor", "kiddoo", "shaggoo", "drakoor", "bloob")


def _monster_rules(title, cost, capacity, movement, attack_dice, damages_cities, pieces):
    """A rules group for one Monster box.  Each argument is ``(value, provenance keyword dict)``."""
    spec = [
        ("cost", int, rule(cost[0], f"{title}: orange Create/Heal tokens to create it"
                           + (" (the first Bloob; see bloob_spawn_cost)" if title == "Bloob" else "")
                           + (" when you have no Drakoor on the board (see drakoor_cost_per_drakoor)"
                              if title == "Drakoor" else ""), lo=1, hi=10, **cost[1])),
        ("damage_capacity", int, rule(capacity[0], f"{title}: damage that destroys it (per piece for the Bloob)",
                                      lo=1, hi=10, **capacity[1])),
        ("movement", int, rule(movement[0], f"{title}: movement allowance (connections per move)",
                               lo=1, hi=11, **movement[1])),
        ("attack_dice", int, rule(attack_dice[0], f"{title}: dice rolled per white Attack token expended",
                                  lo=1, hi=6, **attack_dice[1])),
        ("damages_cities", bool, rule(damages_cities[0], f"{title}: has the exploding-city symbol (may attack a city)",
                                      **damages_cities[1])),
        ("pieces", int, rule(pieces[0], f"{title}: monster pieces (and Hidden counters) per player", lo=1, hi=6,
                             **pieces[1])),
    ]
    cls = make_dataclass(title + "Rules", spec, frozen=True)
    cls.__module__ = __name__  # so the rules pickle (the runner sends them to worker processes)
    return cls


def _rb(section_):
    return {"rulebook": f"{RB}, {section_}"}


def _issue(what):
    return {"rulebook": f"{ISSUE}: {what}"}


_ASSUMED = {"assumed": BOARD_UNKNOWN + "; within the issue's stated range"}
_ONE_DIE = _issue("every monster but Mechoor, Moogre and Bloob rolls 1 die per token")
_NO_CITY = _rb("Monster vs City Combat: 'Only three monsters ... Mechoor, Moogre, and The Bloob'")
_ONE = _rb("Components: 'Mechoor, Moogre, Spectoor, Kiddoo, Shaggoo (one each)'")

MechoorRules = _monster_rules("Mechoor", (4, _issue("Mechoor costs 4")), (6, _issue("Mechoor damage capacity 6")),
                              (2, _ASSUMED), (3, _issue("Mechoor attacks with 3 dice per token")),
                              (True, _NO_CITY), (1, _ONE))
MoogreRules = _monster_rules("Moogre", (3, _ASSUMED), (5, _ASSUMED), (2, _ASSUMED),
                             (2, _rb("Action Two: 'Moogre will roll two dice for each token'")), (True, _NO_CITY),
                             (1, _ONE))
SpectoorRules = _monster_rules("Spectoor", (3, _ASSUMED), (3, _ASSUMED), (3, _ASSUMED), (1, _ONE_DIE),
                               (False, _NO_CITY), (1, _ONE))
KiddooRules = _monster_rules("Kiddoo", (2, _ASSUMED), (1, _issue("Kiddoo damage capacity 1")),
                             (4, _issue("Kiddoo movement 4")), (1, _ONE_DIE), (False, _NO_CITY), (1, _ONE))
ShaggooRules = _monster_rules("Shaggoo", (3, _ASSUMED), (4, _ASSUMED), (3, _ASSUMED), (1, _ONE_DIE),
                              (False, _NO_CITY), (1, _ONE))
DrakoorRules = _monster_rules("Drakoor", (1, _rb("Drakoor: 'the first Drakoor will require one token'")),
                              (1, _issue("Drakoor damage capacity 1")), (2, _ASSUMED), (1, _ONE_DIE),
                              (False, _NO_CITY), (4, _rb("Components: 'Drakoor x 4'")))
BloobRules = _monster_rules("Bloob", (3, _rb("The Bloob: 'The first Bloob you create will require three tokens'")),
                            (3, _rb("The Monsters, Bloob: 'Every three damage will destroy one of your Bloobs'")),
                            (1, _issue("Bloob movement 1")),
                            (1, _rb("The Monsters, Bloob: 'Each white attack token allows each Bloob to roll one die'")),
                            (True, _NO_CITY), (3, _rb("Components: 'Bloob x 3'")))


@dataclass(frozen=True)
class Monsters:
    """The seven Monster boxes, in the order of the Player Monster Display."""

    mechoor: MechoorRules = section(MechoorRules)
    moogre: MoogreRules = section(MoogreRules)
    spectoor: SpectoorRules = section(SpectoorRules)
    kiddoo: KiddooRules = section(KiddooRules)
    shaggoo: ShaggooRules = section(ShaggooRules)
    drakoor: DrakoorRules = section(DrakoorRules)
    bloob: BloobRules = section(BloobRules)
    bloob_spawn_cost: int = rule(
        2, "Tokens that create a further Bloob in or next to a city holding one of your Bloobs",
        rulebook=f"{RB}, Action One, THE BLOOB: 'If you have two tokens in your Bloob monster box ...'", lo=1, hi=10)
    drakoor_cost_per_drakoor: int = rule(
        1, "Extra tokens to create a Drakoor for each of your Drakoors already on the board",
        rulebook=f"{RB}, The Monsters, DRAKOOR: 'one plus one for each such monster you already have on the board'",
        lo=0, hi=5)

    def table(self):
        return [getattr(self, m) for m in MONSTERS]


CITIES = ("London", "Paris", "Rome", "Moscow", "Cairo", "New Delhi", "Beijing", "Tokyo", "Sydney", "Los Angeles",
          "New York", "Rio de Janeiro")
CONNECTIONS = (
    "London-Paris", "London-Moscow", "London-New York",
    "Paris-Rome", "Paris-Moscow", "Paris-Cairo",
    "Rome-Moscow", "Rome-Cairo",
    "Moscow-Beijing", "Moscow-New Delhi",
    "Cairo-New Delhi", "Cairo-Rio de Janeiro",
    "New Delhi-Beijing", "New Delhi-Sydney",
    "Beijing-Tokyo",
    "Tokyo-Sydney", "Tokyo-Los Angeles",
    "Los Angeles-New York", "Los Angeles-Rio de Janeiro",
    "New York-Rio de Janeiro",
)


@dataclass(frozen=True)
class Board:
    cities: tuple = rule(
        CITIES, "The cities on the board",
        assumed="the rulebook and issue name London, Paris, Rome, Tokyo, New Delhi and Los Angeles among 12 cities; "
                "the other six are plausible world capitals, replace with the board's", length=(2, 40))
    connections: tuple = rule(
        CONNECTIONS, "The black connecting lines, as 'City-City' pairs (names from board.cities)",
        assumed="the rulebook states only Tokyo - Los Angeles (the long-distance connection); the rest is a plausible "
                "world map, replace with the board's lines", length=(1, 400))
    city_damage_cap: int = rule(8, "Most damage (rubble pieces) a city can hold; further damage is wasted",
                                rulebook=f"{RB}, Monster vs City Combat: 'A city can suffer a maximum of eight damage'",
                                lo=1, hi=40)


@dataclass(frozen=True)
class TurnTrack:
    white: tuple = rule(
        (2, 3, 3, 4, 4, 5, 5, 6, 6), "White Attack tokens placed in the second Action box, per turn (white circle)",
        assumed="the rulebook gives only turn 1 (2 tokens); the rest rises as plausible, replace with the board's",
        lo=0, hi=100, length=(1, 40))
    dice: tuple = rule(
        (3, 3, 4, 5, 6, 6, 7, 7, 8), "Dice the first player rolls in phase one, per turn (die symbol)",
        assumed="the rulebook gives only turn 5 (6 dice); the rest rises as plausible, replace with the board's",
        lo=0, hi=40, length=(1, 40))
    turns_3_players: int = rule(9, "Turns with three players",
                                rulebook=f"{RB}, End of the Game: 'With three players the game will end after nine turns'",
                                lo=1, hi=40)
    turns_4_players: int = rule(8, "Turns with four players",
                                rulebook=f"{RB}, End of the Game: 'With four players the game will end after eight turns'",
                                lo=1, hi=40)


_P1 = f"{RB}, Phase One"


@dataclass(frozen=True)
class ActionBoxes:
    orange_3_players: int = rule(7, "Orange Create/Heal tokens placed in box 1 each turn, three players", rulebook=_P1,
                                 lo=0, hi=200)
    orange_4_players: int = rule(10, "Orange Create/Heal tokens placed in box 1 each turn, four players", rulebook=_P1,
                                 lo=0, hi=200)
    orange_first_turn_factor: int = rule(2, "Box 1's orange tokens are multiplied by this in the first turn",
                                         rulebook=_P1 + ": 'IN THE FIRST TURN ONLY DOUBLE THIS NUMBER'", lo=1, hi=10)
    purple_3_players: int = rule(1, "Purple Move/Hide tokens placed in box 3 each turn, three players", rulebook=_P1,
                                 lo=0, hi=100)
    purple_4_players: int = rule(2, "Purple Move/Hide tokens placed in box 3 each turn, four players", rulebook=_P1,
                                 lo=0, hi=100)
    heroes: int = rule(1, "Heroes placed in box 4 each turn", rulebook=_P1 + ": 'Place one hero piece'", lo=0, hi=20)
    infantry: int = rule(1, "Infantry placed in Military One each turn", rulebook=_P1 + ": 'Place one infantry piece'",
                         lo=0, hi=20)
    military_one: tuple = rule(
        (1, 2, 3), "Military One progression, one piece per die (1 infantry, 2 armour, 3 jet, 4 A-bomb)",
        assumed=_P1 + " gives the line's first three pieces ('one infantry, one armor, and one jet fighter'); a "
                      "longer printed line would place different pieces from four dice on", lo=1, hi=4, length=(1, 8))
    military_two: tuple = rule(
        (2, 3, 4), "Military Two progression, one piece per die (1 infantry, 2 armour, 3 jet, 4 A-bomb)",
        rulebook=_P1 + ": 'one armor, one jet fighter and one A bomb'", lo=1, hi=4, length=(1, 8))


_COMP = f"{RB}, Components"


@dataclass(frozen=True)
class Supplies:
    orange_per_set: int = rule(25, "Orange Create/Heal tokens in each player set", rulebook=_COMP, lo=0, hi=500)
    purple_per_set: int = rule(5, "Purple Move/Hide tokens in each player set", rulebook=_COMP, lo=0, hi=500)
    white_per_set: int = rule(30, "White Attack tokens in each player set", rulebook=_COMP, lo=0, hi=500)
    token_supply: str = rule(
        "all_sets", "Which player sets' tokens make the general stock: all four sets in the box, or only the seated "
        "players' sets",
        choices=TOKEN_SUPPLY,
        assumed="setup puts 'all of the remaining pieces', tokens included, by the side of the board as one general "
                "stock, and the tokens carry no player colour, so the box's four sets are one pool")
    sets_in_box: int = rule(4, "Player sets in the box (the stock under token_supply = 'all_sets')",
                            rulebook=_COMP + ": 'four sets of player pieces'", lo=1, hi=10)
    player_rubble: int = rule(20, "Rubble pieces per player; placing all of them ends the game", rulebook=_COMP,
                              lo=1, hi=100)
    brown_rubble: int = rule(20, "Brown (neutral) rubble pieces; all on the board ends the game", rulebook=_COMP,
                             lo=1, hi=200)
    heroes: int = rule(5, "Hero pieces", rulebook=_COMP, lo=1, hi=50)
    infantry: int = rule(8, "Infantry pieces", rulebook=_COMP, lo=1, hi=50)
    armour: int = rule(5, "Armour pieces", rulebook=_COMP, lo=0, hi=50)
    jets: int = rule(2, "Jet-fighter pieces", rulebook=_COMP, lo=0, hi=50)
    a_bombs: int = rule(1, "A-Bomb pieces", rulebook=_COMP, lo=0, hi=10)
    dice: int = rule(12, "Dice in the box (most the first player can roll in phase one)", rulebook=_COMP, lo=1, hi=100)


_COMBAT = f"{RB}, Action Two"


@dataclass(frozen=True)
class Combat:
    hit_on: int = rule(4, "A die hits on this face or more (monsters, humans, heroes)",
                       rulebook=_COMBAT + ": 'in ALL cases hits are registered on a roll of four or more'", lo=1, hi=6)
    infantry_dice: int = rule(2, "Dice per infantry piece (attacking or returning fire)",
                              rulebook=f"{RB}, Action Five: 'Each infantry piece allows you to roll two dice'", lo=0, hi=20)
    armour_dice: int = rule(3, "Dice per armour piece (attacking or firing first)",
                            rulebook=f"{RB}, Action Five: 'Each armor piece allows you to roll three dice'", lo=0, hi=20)
    jet_dice: int = rule(4, "Dice a jet fighter rolls", rulebook=f"{RB}, Action Four: 'You roll four dice'", lo=0, hi=20)
    jet_collateral_face: int = rule(1, "Each jet die showing this face or less puts a rubble piece in the city",
                                    rulebook=f"{RB}, Action Four: \"every '1' you roll results in ... collateral damage\"",
                                    lo=0, hi=6)
    a_bomb_dice: int = rule(8, "Dice the A-bomb rolls against each monster, then against the city",
                            rulebook=f"{RB}, Action Four: 'roll eight dice against each monster'", lo=0, hi=40)
    reveal_dice: int = rule(1, "Dice a placed hero rolls against each hidden monster in its city",
                            rulebook=f"{RB}, Action Four: 'You roll one die against each hidden monster'", lo=1, hi=10)
    reveal_dice_per_hero: int = rule(1, "Extra reveal dice for each hero already in the city",
                                     rulebook=f"{RB}, Action Four: 'one extra die for each additional hero piece'",
                                     lo=0, hi=10)
    kiddoo_min_dice: int = rule(1, "Dice Kiddoo rolls when it joins an attack without expending tokens",
                                rulebook=f"{RB}, The Monsters, KIDDOO: 'Kiddoo always gets to roll at least one die'",
                                lo=0, hi=10)


_SCORE = f"{RB}, End of the Game and Scoring Points"


@dataclass(frozen=True)
class Scoring:
    city_tile_vp: tuple = rule(
        (5, 5, 5, 3, 3, 3, 3, 3, 0), "VP of a City tile by the city's damage 0, 1, ..., cap",
        assumed="the bands '0-2 damage - 5 VPs' and '2-7 damage - 3 VPs' overlap at 2; the first band is read as "
                "written (0-2 -> 5) and the second as starting after it (3-7 -> 3); 8 -> 0", lo=0, hi=100,
        length=(2, 41))
    majority_vp: int = rule(4, "VP for the most rubble pieces in a city", rulebook=_SCORE, lo=0, hi=100)
    tied_majority_vp: int = rule(2, "VP for each player tied for the most rubble in a city", rulebook=_SCORE, lo=0,
                                 hi=100)
    second_vp: int = rule(1, "VP for the second most rubble in a city (none when tied, none after a tie for most)",
                          rulebook=_SCORE, lo=0, hi=100)
    drakoor_vp: int = rule(3, "VP per Drakoor on the board before the deduction for other monsters", rulebook=_SCORE,
                           lo=0, hi=100)
    drakoor_vp_per_monster: int = rule(1, "VP a Drakoor loses per other monster in its city (down to 0)",
                                       rulebook=_SCORE, lo=0, hi=100)


@dataclass(frozen=True)
class Options:
    """The rulebook's ambiguities, as named readings."""

    neutral_rubble: str = rule(
        "one_supply", "Brown and black rubble: one supply of neutral pieces recording monster damage and collateral "
        "city damage, or brown for monster damage only with collateral (black) rubble unlimited",
        choices=NEUTRAL_RUBBLE,
        assumed="the text calls the neutral pieces black in setup and in the examples and brown in the components "
                "and the end condition, for the same use (armour damage on Mechoor is 'black rubble'); the components "
                "list only 20 brown pieces, so they are one supply")
    jet_after_attack: str = rule(
        "stock", "Where a jet fighter goes after its attack: back to the stock, or it stays in the city",
        choices=JET_AFTER_ATTACK,
        assumed="a jet on the board would have no role (it never fires again and the casualty order names only "
                "armour, infantry and heroes), so it returns like the A-bomb; under 'city' it stays, is removed by "
                "monster hits after infantry and before heroes, and may be pulled from the board")
    pull_from_board: str = rule(
        "any", "Missing heroes, infantry and armour for the Action boxes (and infantry and armour for a Pass marker "
        "taken from a Military box): pulled from any city of the chooser's choice, or never pulled (the piece is "
        "skipped)",
        choices=PULL_FROM_BOARD,
        assumed=f"{RB}, Phase One: 'the first player must select one ... from the board'; no city is excluded.  A Pass "
                "marker taken from the hero box needs a hero in the stock: Action Six pulls from the board 'in both "
                "latter cases' only, Military One and Two")
    pass_marker_end_of_turn: str = rule(
        "returned", "A Pass marker still in an Action box in phase three: returned to its owner, or it stays",
        choices=PASS_MARKER_END_OF_TURN,
        assumed="phase three removes 'any remaining tokens and pieces from the Action boxes'; the marker is read as "
                "one of them, so it reserves an action for the present turn only")
    rubble_end_timing: str = rule(
        "end_of_action", "A player placing the last own rubble ends the game at the end of that action, or at the end "
        "of the turn (phase three)",
        choices=RUBBLE_END_TIMING,
        assumed=f"{RB}, Phase Three: 'The game will also end at the end of a player's turn if they have placed all "
                "twenty' - a player's turn in phase two is one action")
    brown_rubble_end: str = rule(
        "at_once", "The last brown rubble piece going onto the board ends the game at once (the rest of the attack, "
        "fire or bombing that placed it is not played) or at the end of that action",
        choices=BROWN_RUBBLE_END,
        rulebook=f"{RB}, Phase Three: 'at the point where all of the brown rubble pieces are on the board'")
    drakoor_killed_by_hero: str = rule(
        "returned", "A Drakoor destroyed by a hero goes back to its owner (to be created again) or out of the game",
        choices=DRAKOOR_KILLED_BY_HERO,
        assumed="the example's 'placed to one side' is read as the general rule for destroyed monsters, which go back "
                "to their owner; the Drakoor text says Drakoor costs 'can go down as well as up'")
    attack_tokens_on_kill: str = rule(
        "every_kill", "White tokens in a Monster box go back to the stock whenever one of its pieces is destroyed, "
        "or only when its last piece leaves the board (Drakoor, Bloob)",
        choices=ATTACK_TOKENS_ON_KILL,
        assumed=f"{RB}, The Monsters, DRAKOOR: 'When a Drakoor is destroyed any white attack action tokens in the "
                "monster box should be removed'")
    heal_target: str = rule(
        "own", "Whose monster a Create/Heal token may heal: one of your own, or any monster",
        choices=HEAL_TARGET,
        assumed="'remove one damage cube from a monster' follows placing the token in 'one of your Monster boxes'")
    kiddoo_joins: str = rule(
        "hidden_or_revealed", "A Kiddoo that may join an attack in its city: revealed or hidden (joining reveals it), "
        "or revealed only",
        choices=KIDDOO_JOINS,
        assumed="'a city that also contains your Kiddoo piece'; attacking reveals any monster, as for the attacker")
    kiddoo_against_monsters: str = rule(
        "any_attacker", "Which of your monsters Kiddoo may join in an attack on another monster: any of them, or "
        "Moogre only (Kiddoo joins any attack on the humans or the city either way)",
        choices=KIDDOO_AGAINST_MONSTERS,
        assumed=f"{RB}, The Monsters, KIDDOO: 'If you attack with a monster in a city that also contains your Kiddoo "
                "piece then you can attack with Kiddoo as well' covers every attack; the later 'Kiddoo can also attack "
                "alongside Moogre against another monster' is read as an example, not a limit")
    jet_with_city_military: bool = rule(
        True, "Armour and infantry already in a jet's city attack with it (as for any placed military piece)",
        assumed=f"{RB}, Action Five: placing a military piece makes it attack 'AND any armor and infantry pieces "
                "already in the city'; the jet text adds only its dice and collateral")
    bloob_spill_all_damage: bool = rule(
        True, "Damage beyond a destroyed Bloob passes to another Bloob of its owner in the city for every attacker "
              "(heroes, military, A-bomb), not only for monsters",
        assumed="the spill-over is stated as a Bloob property ('As soon as the Bloob suffers three points of damage')")
    a_bomb_hurts_drakoor: bool = rule(
        False, "The A-bomb damages Drakoors",
        assumed=f"{RB}: 'Drakoor cannot be hurt by other monsters or military units'; the A-bomb is a military piece")
    pass_marker_again: bool = rule(
        False, "A Pass marker taken back from an Action box may be placed again in the same turn",
        assumed=f"{RB}, Action Six: 'If you already have your Pass marker in an Action box then you can remove it and "
                "perform that action' reserves one action; placed again, each further placing and taking back would "
                "give one more action from the stock, beyond what the dice put in the Action boxes, and 'the turn will "
                "end at the end of the turn of the last player to place their marker' counts one placing per player; "
                "so taking it back is its last use in the turn (the text does not forbid placing it again)")
    bloob_excess_hits: str = rule(
        "spill_over", "Hits beyond those that destroy the Bloob attacked: they pass to another Bloob of its owner in "
        "the city (see bloob_spill_all_damage), or they are wasted",
        choices=BLOOB_EXCESS_HITS,
        assumed=f"{RB} contradicts itself: Action Two, THE BLOOB: 'If there is another Bloob piece of the same colour "
                "as the initial target in the same city then any further damage will be inflicted against this Bloob, "
                "even if it is hidden' (spill_over); The Monsters, BLOOB: 'Only the Bloob under attack suffers damage, "
                "so any excess hits are wasted' (wasted).  The combat rule, which gives the procedure, is taken over "
                "the monsters' summary")
    spectoor_move_back: bool = rule(
        True, "With Spectoor's doubled Move/Hide action, a monster moved twice may end the second move in the city it "
              "started the action from",
        assumed=f"{RB}, Action Three, SPECTOOR: 'you perform this action twice ... you could move the same monster "
                "twice': two actions, each under 'A monster cannot end up in the same city that it started from'; "
                "under false the two moves are one journey, which may not end where it started (its path is not "
                "checked for a city visited twice)")
    brown_rubble_ties: str = rule(
        "level", "A player with as many rubble pieces in a city as the brown rubble: level with it (a tie), or the "
        "brown stands ahead, or the player stands ahead",
        choices=BROWN_RUBBLE_TIES,
        assumed=f"{RB}, Damage Inflicted on Cities: 'Note that brown rubble pieces also figure when calculating "
                "scores' makes the brown one more colour, so a player level with it for the most is tied (2 VP, no "
                "second place; the brown's share scores nothing) and level with it for second scores nothing, though "
                "'If two or more players are tied' speaks of players only")


@dataclass(frozen=True)
class Rules:
    monsters: Monsters = section(Monsters)
    board: Board = section(Board)
    turn_track: TurnTrack = section(TurnTrack)
    action_boxes: ActionBoxes = section(ActionBoxes)
    supplies: Supplies = section(Supplies)
    combat: Combat = section(Combat)
    scoring: Scoring = section(Scoring)
    options: Options = section(Options)
    city_tiles_3_players: int = rule(3, "Secret City tiles each player draws, three players",
                                     rulebook=f"{RB}, Starting the Game", lo=0, hi=40)
    city_tiles_4_players: int = rule(2, "Secret City tiles each player draws, four players",
                                     rulebook=f"{RB}, Starting the Game", lo=0, hi=40)

    def connection_pairs(self):
        """The connections as (city index, city index) pairs."""
        index = {name: i for i, name in enumerate(self.board.cities)}
        pairs = []
        for c in self.board.connections:
            a, _, b = c.partition("-")
            # city names may contain '-': split at the dash whose halves are both cities
            for k in range(len(c)):
                if c[k] == "-" and c[:k] in index and c[k + 1:] in index:
                    a, b = c[:k], c[k + 1:]
                    break
            pairs.append((index.get(a, -1), index.get(b, -1)))
        return pairs

    def problems(self) -> list[str]:
        out = []
        cities = self.board.cities
        twice = next((c for i, c in enumerate(cities) if c in cities[:i]), None)
        if twice is not None:
            out.append(f"board.cities: {twice!r} is named twice")
        for c, (a, b) in zip(self.board.connections, self.connection_pairs()):
            if a < 0 or b < 0:
                out.append(f"board.connections: {c!r} is not 'City-City' with two cities of board.cities")
            elif a == b:
                out.append(f"board.connections: {c!r} connects a city to itself")
        lost = None if out else _unreached(cities, self.connection_pairs())
        if lost is not None:
            out.append(f"board.connections: {lost!r} cannot be reached from {cities[0]!r}")
        if len(self.scoring.city_tile_vp) != self.board.city_damage_cap + 1:
            out.append(f"scoring.city_tile_vp: needs board.city_damage_cap + 1 = {self.board.city_damage_cap + 1} "
                       f"values (damage 0 to the cap), has {len(self.scoring.city_tile_vp)}")
        if max(self.turn_track.dice) > self.supplies.dice:
            out.append(f"turn_track.dice: a turn rolls more than the {self.supplies.dice} dice of supplies.dice")
        return out  # what depends on the number of players: see the GameSpec's check


def _unreached(cities, pairs) -> str | None:
    """The first city the connections do not reach from the first (None: they reach every city)."""
    seen, todo = {0}, [0]
    while todo:
        c = todo.pop()
        for a, b in pairs:
            for x, y in ((a, b), (b, a)):
                if x == c and y not in seen:
                    seen.add(y)
                    todo.append(y)
    return next((city for i, city in enumerate(cities) if i not in seen), None)

