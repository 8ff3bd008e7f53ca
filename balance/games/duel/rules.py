"""Moongha Invaders: Two Player, its numbers: every value the engine uses, with its provenance.

The rulebook is a draft: it gives neither the board, nor the two decks, nor the heroes' and
monsters' damage capacities, nor the weapon table after the flame thrower.  Those are ``assumed``
data here, each with why its default was chosen; a scenario replaces them (``map = [...]``,
``hero_deck = [...]``, ``monsters.mechoor.capacity = 10``, ``arms.radio.one_use = false``).

The rules written as text (the map, the cards, the counters) are read at the end of this file, for
``Rules.problems`` and for ``tables.py``.
"""

from dataclasses import dataclass, make_dataclass

from balance.rules import rule, section

RB = "Moongha Invaders: Two Player rulebook"
TABLE = RB + ", Weapon and Kit Reference Table"
DRAFT = "the draft is silent; "

HEROES = ("joe", "arnie", "billy", "skull", "jade")
MONSTERS = ("kiddoo", "shaggoo", "bloob", "spectoor", "drakoor", "moogre", "mechoor")
# the hero's counters: the weapons fired (range attacks) first, then the kit
WEAPONS = ("handgun", "bow_tracker", "bow_explosive", "shrapnel", "stun", "dynamite", "flame_thrower", "radio",
           "silver_bullet", "emp")
KIT = ("ammo", "body_armour", "med_kit", "energy_drink", "oxygen_tanks")
COUNTERS = WEAPONS + KIT

# the readings of each named option (``choices=``); the kernel compares ``X.index(reading)``
DIAGONAL_PAST_THICK_LINE = ("one_side_open", "never")
KIDDOO_CONCEALED = ("no_range_fire", "no_effect")
RUBBLE_NEXT_TO_BUILDING = ("any_side", "orthogonal")
FAILED_BONUS_ENDS = ("card_play", "turn")

MAX_SIDE = 24  # squares along either side of the map
MAX_DECK = 60
MAX_BONUS = 32  # bonus counters in a game
# the marks of a hero card
PLAIN, DUCK, PLUS_ONE = 0, 1, 2

# The default map (assumed): Manhattan's grid of streets with 2x2 blocks of buildings and Central
# Park open in the middle; the heroes start on the west side, the monsters on the east, the bonus
# squares in between.  Two thick lines fence the park's north and south entrances.
MAP = (
    "b..?..?.....r",
    ".##.##.##.##r",
    ".##.##.##.##.",
    "b..?.......?r",
    ".##.#.?.#.##.",
    "b##.#...#.##r",
    "...J.....?..r",
    ".##.##.##.##.",
    "b##.##?##.##r",
    "b.....?.....r",
)
THICK_LINES = ("4,7|5,7", "6,7|7,7")


def _hero_deck():
    """Each pair of heroes on 3 cards: one plain, one with Duck, one with +1 (30 cards)."""
    cards = []
    for i, a in enumerate(HEROES):
        for b in HEROES[i + 1:]:
            cards += [f"{a}/{b}", f"{a}/{b} duck", f"{a}/{b} +1"]
    return tuple(cards)


def _monster_deck():
    """Each pair of monsters once, and each monster with the next in the display once more (28 cards)."""
    cards = [f"{a}/{b}" for i, a in enumerate(MONSTERS) for b in MONSTERS[i + 1:]]
    cards += [f"{a}/{MONSTERS[(i + 1) % len(MONSTERS)]}" for i, a in enumerate(MONSTERS)]
    return tuple(cards)


HERO_DECK = _hero_deck()
MONSTER_DECK = _monster_deck()

_CAPACITY = DRAFT + "(the black box); "


def _piece(title, capacity, close_combat, movement, cc_source, kit=None):
    spec = [
        ("capacity", int, rule(capacity[0], f"{title}: damage that eliminates it (the display's black box)"
                                      + (" for all its counters" if title == "Bloob" else ""),
                                      assumed=_CAPACITY + capacity[1], lo=1, hi=30)),
        ("combat", int, rule(close_combat, f"{title}: modifier to its close-combat roll", lo=-6, hi=6,
                                   **cc_source)),
        ("movement", int, rule(movement[0], f"{title}: squares per move action", lo=0, hi=6,
                               rulebook=f"{RB}, Actions, Move: {movement[1]}")),
    ]
    if kit is not None:
        spec.append(("kit", str, rule(kit, f"{title}: the counters on the display at the start (as bonus_counters)",
                                      assumed=DRAFT + "a handgun and a speciality each")))
    cls = make_dataclass(title.replace(" ", "") + "Rules", spec, frozen=True)
    cls.__module__ = __name__  # so the rules pickle: the class is found by its name in this module
    globals()[cls.__name__] = cls
    return cls


_NO_MOD = {"assumed": DRAFT + "only Drakoor's and Kiddoo's +1 are in the text"}
_TWO = (2, "'All heroes and monsters with the exception of Bloob have a movement rate of two'")
_HERO_CAP = (3, "a hero survives two hits")
_HEROES = {
    "joe": _piece("Joe", _HERO_CAP, 0, _TWO, _NO_MOD, "handgun, bow_tracker"),
    "arnie": _piece("Arnie", (4, "the flame thrower goes close"), 0, _TWO,
                    _NO_MOD, "handgun, flame_thrower"),
    "billy": _piece("Billy", _HERO_CAP, 0, _TWO, _NO_MOD, "handgun, shrapnel, dynamite"),
    "skull": _piece("Skull", _HERO_CAP, 0, _TWO, _NO_MOD, "handgun, bow_explosive, shrapnel"),
    "jade": _piece("Jade", _HERO_CAP, 0, _TWO, _NO_MOD, "handgun, radio"),
}
_PLUS_ONE = {"rulebook": f"{RB}, Monster Abilities: '+1 in close combat'"}
_MONSTERS = {
    "kiddoo": _piece("Kiddoo", (3, "the small monster"), 1, _TWO, _PLUS_ONE),
    "shaggoo": _piece("Shaggoo", (4, "hard to hit already (-2)"), 0, _TWO, _NO_MOD),
    "bloob": _piece("Bloob", (9, "3 counters of 3"), 0,
                    (1, "'Bloob has a movement rate of one space'"), _NO_MOD),
    "spectoor": _piece("Spectoor", (3, "a support monster"), 0, _TWO, _NO_MOD),
    "drakoor": _piece("Drakoor", (4, "hurt only in close combat"), 1, _TWO, _PLUS_ONE),
    "moogre": _piece("Moogre", (6, "one of the three to kill"), 0, _TWO, _NO_MOD),
    "mechoor": _piece("Mechoor", (8, "one of the three, hurt only at range"), 0, _TWO, _NO_MOD),
}
Heroes = make_dataclass("Heroes", [(h, cls, section(cls)) for h, cls in _HEROES.items()], frozen=True)
Heroes.__module__ = __name__
Monsters = make_dataclass("Monsters", [(m, cls, section(cls)) for m, cls in _MONSTERS.items()], frozen=True)
Monsters.__module__ = __name__


def _weapon(title, range_, damage, one_use, modifiers, source, *, shaggoo=True, shaggoo_source=None):
    """A weapon counter's row.  ``source`` is (provenance of range and damage, of one-use); ``shaggoo_source`` the
    provenance of Shaggoo's -2, when not the Shaggoo section's exemptions alone."""
    spec = [
        ("range", int, rule(range_, f"{title}: range in squares (king moves; 0: any distance)", lo=0, hi=MAX_SIDE,
                            **source[0])),
        ("damage", int, rule(damage, f"{title}: damage of a hit", lo=0, hi=30, **source[0])),
        ("one_use", bool, rule(one_use, f"{title}: one use only (underlined), discarded after use", **source[1])),
        ("terrain", bool, rule(modifiers, f"{title}: the target-in-building -2 and target-in-rubble -1 "
                                                    "apply", **source[0])),
        ("shaggoo_applies", bool, rule(shaggoo, f"{title}: the -2 to hit Shaggoo applies",
                                        **(shaggoo_source or {"rulebook": f"{RB}, Shaggoo: 'grenades and dynamite "
                                                                          "are exempt'"}))),
    ]
    cls = make_dataclass(title.replace(" ", "").replace("/", "").replace("(", "").replace(")", "") + "Rules", spec,
                         frozen=True)
    cls.__module__ = __name__
    globals()[cls.__name__] = cls
    return cls


def _row(text):
    return {"rulebook": f"{TABLE}: {text}"}


_UNDERLINED = {"assumed": DRAFT + "thrown or fired-once items are one-use, guns and tools not"}
_ONE_SHOT = {"assumed": DRAFT + "the counter is used up by its effect"}
_WEAPONS = {
    "handgun": _weapon("Handgun", 2, 1, False, True, (_row("Handgun 2/1"), _UNDERLINED)),
    "bow_tracker": _weapon("Bow / Tracker tip", 3, 2, False, True, (
        _row("Bow / Tracker tip 3/2"),
        {"assumed": DRAFT + "'If hit remains with monster for rest of the game' is read as the tracking device "
                            "staying on the monster, not the bow spent: the bow keeps firing tracker tips (one_use "
                            "= true for a bow that fires one)"})),
    "bow_explosive": _weapon("Bow / Explosive tip", 3, 3, True, True,
                             ({"assumed": DRAFT + "the explosive tip's row is not printed; the bow's range, one more "
                                                  "damage"}, _UNDERLINED)),
    "shrapnel": _weapon("Grenade / Shrapnel", 1, 2, True, False, (_row("Grenade / Shrapnel 1/2, no modifiers"),
                                                                      _UNDERLINED), shaggoo=False),
    "stun": _weapon("Grenade / Stun", 1, 0, True, False, (_row("Grenade / Stun 1/X, no modifiers"), _UNDERLINED),
                    shaggoo=False),
    "dynamite": _weapon("Dynamite", 1, 4, True, False, (_row("Dynamite 1/4, no modifiers"), _UNDERLINED),
                        shaggoo=False),
    "flame_thrower": _weapon("Flame thrower", 1, 3, False, True,
                             ({"rulebook": f"{TABLE}: 'Flame Thrower 1' (cut off); Weapons & Kit: three damage "
                                           "versus any other monster"}, _UNDERLINED)),
    "radio": _weapon("Radio (air strike)", 0, 5, True, False,
                     ({"rulebook": f"{RB}, Radio: 'any space ... line of sight', 'five damage', 'No other "
                                   "modifiers apply'"},
                      {"assumed": DRAFT + "one air strike per radio: with a reusable radio the heroes won 97% of "
                                          "games against 69% with one strike (an earlier measurement)"}),
                     shaggoo_source={"assumed": f"{RB}, Radio: 'No other modifiers apply' against Shaggoo: 'grenades "
                                                "and dynamite are exempt', which names the grenades although their "
                                                "own text says 'No modifiers apply': so Shaggoo's -2 is not one of "
                                                "the modifiers a weapon's text takes away, and the air strike is not "
                                                "exempt"}),
    "silver_bullet": _weapon("Silver bullet", 2, 1, True, True,
                             ({"assumed": DRAFT + "fired from a handgun, so the handgun's range and damage"},
                              _ONE_SHOT)),
    "emp": _weapon("EMP device", 3, 0, True, False,
                   ({"rulebook": f"{RB}, EMP Device: 'Range of three ... 7+ ... No modifier for rubble'"}, _ONE_SHOT)),
}
Weapons = make_dataclass("Weapons", [(w, cls, section(cls)) for w, cls in _WEAPONS.items()], frozen=True)
Weapons.__module__ = __name__


@dataclass(frozen=True)
class Rules:
    map: tuple = rule(MAP, f"The board, one text per row (at most {MAX_SIDE}x{MAX_SIDE}): . street, # building, "
                           "b blue start spot (a hero), r red start spot (a monster), ? bonus square (a face-down "
                           "counter), J the jeep",
                      assumed=DRAFT + "Manhattan's streets between 2x2 blocks of buildings, Central Park open in the "
                                      "middle, heroes west, monsters east, bonus squares between",
                      length=(2, MAX_SIDE))
    thick_lines: tuple = rule(THICK_LINES, "Thick black lines, each between two squares side by side: 'row,col|row,col' "
                                           "(rows and columns from 1 at the map's top left, as the replay names squares)",
                              assumed=DRAFT + "two fences across the park's north and south entrances",
                              length=(0, 4 * MAX_SIDE * MAX_SIDE))
    diagonal_past_thick_line: str = rule(
        "one_side_open", "A diagonal step past the end of a thick line: allowed when one of the two squares it passes "
                         "between can be reached without crossing a line ('one_side_open'), or never ('never')",
        assumed=RB + ", Move: 'You may move diagonally. You cannot move through thick black lines' says nothing of "
                     "corners; a diagonal that one L-shaped route could take is not 'through' a line",
        choices=DIAGONAL_PAST_THICK_LINE)
    heroes: Heroes = section(Heroes)
    monsters: Monsters = section(Monsters)
    arms: Weapons = section(Weapons)
    hero_deck: tuple = rule(HERO_DECK, "The hero deck: 'a/b' the two hero symbols, then 'duck' or '+1' when marked",
                            assumed=DRAFT + "each pair of heroes on three cards, one plain, one Duck, one +1, so "
                                            "every hero is on 12 cards",
                            length=(4, MAX_DECK))
    monster_deck: tuple = rule(MONSTER_DECK, "The monster deck: 'a/b' the two monster symbols",
                               assumed=DRAFT + "each pair of monsters once and each monster with the next in the "
                                               "display once more, so every monster is on 8 cards",
                               length=(4, MAX_DECK))
    opening_hand: int = rule(6, "Cards in each opening hand", rulebook=f"{RB}, Starting the Game: 'draw six cards'",
                             lo=0, hi=MAX_DECK)
    draw: int = rule(3, "Cards drawn after playing", rulebook=f"{RB}, Playing the Game: 'you draw three cards'",
                     lo=0, hi=MAX_DECK)
    hand_limit: int = rule(8, "Most cards in a hand (after drawing)",
                           rulebook=f"{RB}, Playing the Game: 'a maximum of eight cards'", lo=1, hi=MAX_DECK)
    monster_removes_cards: bool = rule(True, "The monster player may put a discarded card back in the box",
                                       rulebook=f"{RB}, Playing the Game: 'permanently remove it from the game'")
    bonus_counters: str = rule(
        "ammo, body_armour, med_kit, emp, energy_drink, oxygen_tanks, stun, silver_bullet",
        "The face-down bonus counters shuffled onto the ? squares (comma-separated: " + ", ".join(COUNTERS) + ")",
        assumed=DRAFT + "the kit of the rules text that is not on a hero display, the silver bullet and the stun "
                        "grenade among them, one each", )
    hit_on: int = rule(7, "Total of 2d6 (after modifiers) a range attack needs",
                       rulebook=f"{RB}, Fire: 'you are always looking to roll a total of 7+ on two dice'", lo=2, hi=13)
    air_strike_hit_on: int = rule(9, "Total of 2d6 an air strike (the radio) needs", rulebook=f"{RB}, Radio: 'Roll 9+'",
                                  lo=2, hi=13)
    in_building: int = rule(-2, "Modifier when the target is in a building",
                            rulebook=f"{RB}, Fire: 'Target in building: -2'", lo=-12, hi=12)
    in_rubble: int = rule(-1, "Modifier when the target is in rubble", rulebook=f"{RB}, Fire: 'Target in rubble: -1'",
                          lo=-12, hi=12)
    shaggoo_modifier: int = rule(-2, "Modifier to a hero's range attack on Shaggoo",
                                 rulebook=f"{RB}, Shaggoo: '-2 die modifier'", lo=-12, hi=12)
    tracker_bonus: int = rule(2, "Added to an air strike's roll on a monster carrying a tracker",
                              rulebook=f"{RB}, Radio: 'Add two to the die roll if there is a tracking device'",
                              lo=0, hi=12)
    flame_vs_mechoor: int = rule(1, "Flame thrower damage against Mechoor",
                                 rulebook=f"{RB}, Flame Thrower: 'One damage versus Mechoor'", lo=0, hi=30)
    flame_vs_bloob: int = rule(4, "Flame thrower damage against the Bloob",
                               rulebook=f"{RB}, Flame Thrower: 'four damage versus Bloob'", lo=0, hi=30)
    dynamite_rubble_damage: int = rule(1, "Damage to each piece in the square where thrown dynamite's rubble lands",
                                       assumed=f"{TABLE}: 'Take one damage if in same space as the resulting "
                                               f"rubble', against {RB}, Rubble: 'Whenever rubble is created it does "
                                               "not cause any damage': the dynamite's own row, the more particular, "
                                               "is followed (0 for the other reading)",
                                       lo=0, hi=30)
    oxygen_damage: int = rule(3, "Damage to each piece in the square of exploding oxygen tanks",
                              assumed=DRAFT + "'do damage as indicated' on the counter; the flame thrower's 3",
                              lo=0, hi=30)
    med_kit_heals: int = rule(1, "Damage a med kit removes", rulebook=f"{RB}, Med Kit: 'reduce damage by one'",
                              lo=0, hi=30)
    energy_drink_cards: int = rule(2, "Cards drawn for an energy drink",
                                   rulebook=f"{RB}, Energy Drink: 'Pick up two cards'", lo=0, hi=10)
    stun_cards: int = rule(1, "Cards the hero draws when a stun grenade hits",
                           rulebook=f"{TABLE}: Stun: 'If hit draw one card'", lo=0, hi=10)
    bloob_ignores: int = rule(1, "The Bloob ignores hits of this much damage or less",
                              rulebook=f"{RB}, Bloob: 'Bloob ignores any one damage hits'", lo=0, hi=30)
    bloob_damage_per_counter: int = rule(3, "Damage that removes one Bloob counter",
                                         rulebook=f"{RB}, Bloob: 'Every three points of damage ... removes one'",
                                         lo=1, hi=30)
    bloob_counters: int = rule(3, "Bloob counters", rulebook=f"{RB}, Bloob: 'Has three counters in all'", lo=1, hi=3)
    heat_ray_range: int = rule(8, "Mechoor's heat ray: range", rulebook=f"{RB}, Mechoor: 'Range of eight'", lo=0,
                               hi=MAX_SIDE)
    heat_ray_damage: int = rule(2, "Mechoor's heat ray: damage", rulebook=f"{RB}, Mechoor: 'damage of two'", lo=0,
                                hi=30)
    rocks_range: int = rule(3, "Moogre's rocks (from a rubble square): range", rulebook=f"{RB}, Moogre: 'range 3'",
                            lo=0, hi=MAX_SIDE)
    rocks_damage: int = rule(1, "Moogre's rocks: damage", rulebook=f"{RB}, Moogre: 'damage 1'", lo=0, hi=30)
    laser_eye_damage: int = rule(1, "Shaggoo's laser eye (any distance): damage",
                                 rulebook=f"{RB}, Shaggoo: 'infinite distance, one damage'", lo=0, hi=30)
    kiddoo_concealed: str = rule(
        "no_range_fire", "What Kiddoo's concealment does: it cannot be the target of range fire until it moves, fights "
                         "or fires ('no_range_fire'), or nothing ('no_effect')",
        assumed=RB + ", Kiddoo: 'can become concealed' says no more; being unseen by the heroes' guns is what "
                     "hiding is for",
        choices=KIDDOO_CONCEALED)
    rubble_next_to_building: str = rule(
        "any_side", "Where Moogre and Mechoor may make rubble: on a square next to a building on any side, corners "
                    "included ('any_side'), or orthogonally ('orthogonal')",
        assumed=RB + ", Rubble: 'must be adjacent to building' (Moogre: 'if adjacent to building') does not say "
                     "'orthogonally', as the heat ray's and the air strike's rubble do; the pieces move diagonally, "
                     "so a corner is next to it",
        choices=RUBBLE_NEXT_TO_BUILDING)
    air_strike_plus_one: bool = rule(
        True, "The hero player may add +1 cards to an air strike's roll",
        assumed=RB + ", Radio: 'No other modifiers apply' is read as the target's modifiers (building, rubble); "
                     "Fire: 'After rolling the dice the hero player can play one or more +1 cards' is said of every "
                     "range attack")
    failed_bonus_ends: str = rule(
        "card_play", "A failed bonus action ends the hero player's card play, after which they discard and draw as "
                     "usual ('card_play'), or the whole turn, with no discarding or drawing ('turn')",
        assumed=RB + ", Bonus Action: 'must stop first time you fail to draw hero symbol, ending your turn' is read "
                     "as the end of playing cards: 'Once you have finished playing cards you draw three cards'",
        choices=FAILED_BONUS_ENDS)
    heat_ray_at_building_modifier: bool = rule(
        True, "Mechoor's heat ray fired at a building with no hero in it takes the target-in-building modifier",
        assumed=RB + ", Fire: 'Target in building: -2' and Mechoor: 'still needs to roll to hit even if hero not in "
                     "target space': the building square is the target, so its modifier applies (Mechoor needs 9+)")
    jeep_movement: int = rule(4, "Squares the jeep moves with heroes in it, for a move of a hero's full movement "
                                             "(a step on foot costs as much as jeep_movement / movement steps by jeep)",
                              rulebook=f"{RB}, Jeep: 'if heroes already in jeep can move four spaces'", lo=1, hi=12)
    free_swaps: int = rule(6, "Most weapon swaps between heroes in one turn (swapping is free, not an action)",
                           assumed=RB + ", Swapping Weapons: 'This is not an action' sets no limit; a cap keeps a "
                                        "random player from swapping forever", lo=0, hi=100)
    max_rounds: int = rule(120, "Turn cap: a game still running after this many rounds (the heroes' turn and the "
                                "monsters') ends as a timeout",
                           assumed="the rulebook has no turn limit; a stalled game (no cards, nothing in reach) must "
                                   "end. The cap stops only such games: the longest default game that ends by the "
                                   "rules takes ~90 rounds (60 rounds cut 0.5% of them short)", lo=1, hi=10_000)

    def problems(self) -> list[str]:
        return rules_problems(self)


# ---------------------------------------------------------------- reading the texts

def counter_list(text: str) -> list[str]:
    return [w.strip() for w in text.split(",") if w.strip()]


def parse_card(text: str, names):
    """'a/b [duck|+1]' -> (symbol a, symbol b, mark), or a problem string."""
    words = text.split()
    mark = PLAIN
    if len(words) == 2:
        if words[1] not in ("duck", "+1"):
            return f"card {text!r}: the mark after the symbols must be 'duck' or '+1'"
        mark = DUCK if words[1] == "duck" else PLUS_ONE
    elif len(words) != 1:
        return f"card {text!r}: expected 'a/b' or 'a/b duck' or 'a/b +1'"
    pair = words[0].split("/")
    if len(pair) != 2 or any(p not in names for p in pair):
        return f"card {text!r}: the two symbols must be among {', '.join(names)}"
    return names.index(pair[0]), names.index(pair[1]), mark


def parse_line(text: str, width: int, height: int):
    try:
        a, b = text.split("|")
        (r1, c1), (r2, c2) = [tuple(int(v) for v in x.split(",")) for x in (a, b)]
    except ValueError:
        return f"thick line {text!r}: expected 'row,col|row,col'"
    if not all(1 <= r <= height and 1 <= c <= width for r, c in ((r1, c1), (r2, c2))):
        return f"thick line {text!r}: a square is off the {height}x{width} map (rows 1-{height}, columns 1-{width})"
    if abs(r1 - r2) + abs(c1 - c2) != 1:
        return f"thick line {text!r}: the two squares must be side by side"
    return (r1 - 1) * width + c1 - 1, (r2 - 1) * width + c2 - 1


def rules_problems(rules: Rules) -> list[str]:
    """What makes the rules unplayable, one line each."""
    out = []
    rows = rules.map
    width = len(rows[0])
    ragged = next((i for i, r in enumerate(rows) if len(r) != width), None)
    if ragged is not None or not 2 <= width <= MAX_SIDE:
        which = f" (row {ragged + 1} has {len(rows[ragged])}, row 1 {width})" if ragged is not None else ""
        out.append(f"map: every row must have the same length, 2 to {MAX_SIDE} squares{which}")
    bad = sorted({ch for r in rows for ch in r} - set(".#br?J"))
    if bad:
        out.append(f"map: unknown square {bad[0]!r}; allowed: . # b r ? J")
    text = "".join(rows)
    if text.count("b") != len(HEROES):
        out.append(f"map: {text.count('b')} blue start spots (b); the {len(HEROES)} heroes need {len(HEROES)}")
    if text.count("r") != len(MONSTERS):
        out.append(f"map: {text.count('r')} red start spots (r); the {len(MONSTERS)} monsters need {len(MONSTERS)}")
    if text.count("J") > 1:
        out.append("map: at most one jeep (J)")
    if rules.map != MAP and rules.thick_lines == THICK_LINES:
        out.append("thick_lines: the default ones fence the default map's park; with a map of your own, list its "
                   "thick lines ('row,col|row,col'), or thick_lines = [] for none")
    elif not out:
        out += [p for p in (parse_line(x, width, len(rows)) for x in rules.thick_lines) if isinstance(p, str)]
    for deck, names in (("hero_deck", HEROES), ("monster_deck", MONSTERS)):
        out += [f"{deck}: {p}" for p in (parse_card(c, names) for c in getattr(rules, deck)) if isinstance(p, str)]
        if deck == "monster_deck" and any(len(c.split()) > 1 for c in rules.monster_deck):
            out.append("monster_deck: monster cards carry no Duck or +1 mark")
    for where, text in [(f"heroes.{h}.kit", getattr(rules.heroes, h).kit) for h in HEROES] + [
            ("bonus_counters", rules.bonus_counters)]:
        unknown = [w for w in counter_list(text) if w not in COUNTERS]
        if unknown:
            out.append(f"{where}: unknown counter {unknown[0]!r}; allowed: {', '.join(COUNTERS)}")
    if len(counter_list(rules.bonus_counters)) > MAX_BONUS:
        out.append(f"bonus_counters: at most {MAX_BONUS}")
    return out
