"""Monsters on the Moon's numbers, its card faces, and every reading the rulebook leaves open.

A card is 6 squares, written as two rows of three letters, ``"abc/def"`` (the card as printed, long
side horizontal; the placed card may be turned by a quarter turn any number of times):

====  ==========================================================================
``.``  empty moonscape (on the lunar surface and Armstrong cards: empty lunar surface)
``c``  a moon crystal
``w``  a werewolf head, ``h`` a witch (hag), ``v`` a vampire, ``s`` a skeleton
``W``  two werewolf heads in one square; ``H``, ``V``, ``S`` likewise
``A``  Armstrong, ``B`` his base camp (on the Armstrong card only: never covered)
====  ==========================================================================

The rulebook's text gives neither the card faces nor the crystal board nor the mission cards: the
defaults below are built so that no monster is favoured (see ``DECK`` and ``FOUR_PLAYER_CARDS``), and
a scenario replaces any of them.  The texts (cards, formations, missions) are read at the end of this
file, for ``Rules.problems`` and for ``tables.py``.
"""

from __future__ import annotations

from dataclasses import dataclass

from balance.rules import rule, section

SETUP = "Standard Mode: Setup"
PLAY = "Standard Mode: How to Play"
IN_GAME = "Standard Mode: In-Game Scoring"
FINAL = "Standard Mode: Final Scoring"
WALLS = "Advanced Mode (with moon-walls)"
MISSIONS = "Missions (with or without moon-walls)"
SOLO = "Solo Mode"
CONTENTS = "Contents"

MONSTERS = ("werewolf", "witch", "vampire", "skeleton")
MODES = ("standard", "moon_walls")
MISSION_VARIANTS = ("none", "secret", "bulletin_board")
FORMATIONS = ("houston", "naughty_neighbours", "escalating_conflict", "settlement", "long_distance")
MONSTER_CHOICE = ("random", "seat_order")
COVER_LIMIT_SCOPE = ("per_placement", "per_card")
CRYSTAL_ON_EMPTY = ("lunar_only", "any_empty")
TILE_NO_TARGET = ("lost", "next_card")
DECIDER_TIE = ("next_in_turn", "random")
MISSION_KINDS = ("largest_group", "groups", "heads", "singles", "crystals", "spaceships", "tiles", "cards",
                 "armstrong")
SQUARE_LETTERS = ".cwhvsWHVSAB"

MAX_DECK = 28  # cards of the 2-3 player deck (the grid the kernel lays cards on holds every layout: tables.GRID)
MAX_FOUR_PLAYER_CARDS = 8
MAX_TRACK = 40  # spaces on the crystal board
MAX_MISSIONS = 12
FORMATION_REACH = 9  # a formation's coordinates lie within -9..9
CARD_SHAPES = ((3, 2), (2, 3))  # a card's squares (wide, high), laid with 0 or 2 quarter turns, and with 1 or 3
# the formation's cards
DRAWN_1, DRAWN_2, LUNAR_CARD, ARMSTRONG_CARD = range(4)

# The 2-3 player deck: for each of the werewolf, witch and vampire (m) six cards from the same six
# patterns, with the other two monsters in the same places (x: the next monster in the order
# werewolf -> witch -> vampire -> werewolf, y: the one after it), so a monster's cards are the
# others' cards with the monsters renamed; and two cards with one head of each.  Each monster: its
# 2 double-head cards (the rulebook's), 20 single heads and 2 double heads on its own cards, 2 + 2 on
# the others' cards, 1 + 1 on the two shared cards = 30 heads; 36 crystals in all.
_PATTERNS = ("Mmc/mxm", "Mcm/mym", "mmc/cmm", "cmx/mmc", "mcm/ymc", "mmm/cmc")


def _monster_cards(m: str, x: str, y: str) -> tuple[str, ...]:
    table = str.maketrans({"M": m.upper(), "m": m, "x": x, "y": y})
    return tuple(p.translate(table) for p in _PATTERNS)


DECK = (*_monster_cards("w", "h", "v"), *_monster_cards("h", "v", "w"), *_monster_cards("v", "w", "h"),
        "wch/cvc", "vcw/chc")
# The 4-player cards (the monster-head icon): the skeleton's six cards, the six patterns above with the
# skeleton as m and one head of each rival (werewolf, witch, vampire: x and y of the patterns), except that
# the fifth card's rival head is a skeleton head and the first card's sits in the corner.  The skeleton
# has no heads on the other cards, so these 25 heads are all it has; with them it wins as often as the
# others with four groupers (30,000 games: 24.1% against 24.6-25.7%).  With 30 heads here, as many as
# each other monster, it won 57.7%: every card it places grows its groups.
FOUR_PLAYER_CARDS = ("Ssc/ssw", "Scs/shs", "ssc/css", "csv/ssc", "scs/ssc", "sss/csc")


@dataclass(frozen=True)
class Cards:
    """The card faces."""

    deck: tuple = rule(DECK, "The 20 monster cards of the 2-3 player deck (also the solo deck), each 'abc/def' "
                       "(. empty moonscape, c crystal, w h v s a werewolf/witch/vampire/skeleton head, W H V S two "
                       "heads in one square)",
                       assumed="the faces are not in the text: 3 monsters x the same 6 patterns (2 with the "
                               "double head) + 2 cards with one head of each; 30 heads per monster, 36 "
                               "crystals", length=(4, MAX_DECK))
    four_player_cards: tuple = rule(FOUR_PLAYER_CARDS, "The cards added for 4 players (monster-head icon = 4)",
                                    assumed="the box's 26-card 4-player deck is a deck of its own, its faces not "
                                            "in the text: taken as the 20 of cards.deck and these 6 (set both for "
                                            "other faces); the skeleton is only in the 4-player "
                                            "game, so these are its cards: 25 skeleton heads (2 double-head "
                                            "squares), one head of each rival, 10 crystals; the count that "
                                            "makes it win as often as the others with four groupers",
                                    length=(0, MAX_FOUR_PLAYER_CARDS))
    lunar_surface: str = rule(".../...", "A 'lunar surface' card (2 in the box): empty lunar surface",
                              rulebook=CONTENTS + ": '2 \"lunar surface\" cards'; " + PLAY + ": 'the empty "
                                                  "\"lunar surface\" cards'")
    armstrong: str = rule("AB./...", "The Armstrong card: Armstrong (A), his base camp (B), empty lunar surface",
                          assumed="the text names Armstrong and his base camp on the card; one square each, "
                                  "side by side, the other four empty lunar surface")


def _formation(text: str, name: str):
    return rule(text, f"Starting formation '{name}': the cards as 'card@x,y,turns' (card 1 and 2 the two "
                      "cards drawn, L a lunar surface, A Armstrong; x, y the top-left square; turns = quarter "
                      "turns clockwise, 0: long side horizontal)",
                assumed="the formations are pictures in the rulebook; these follow their names")


@dataclass(frozen=True)
class Formations:
    """The five starting formations of the rulebook, as data."""

    houston: str = _formation("1@0,-2,0 L@-3,0,0 A@0,0,0 L@3,0,0 2@0,2,0", "Houston, the eagle has landed!")
    naughty_neighbours: str = _formation("1@0,0,0 2@3,0,0 L@-2,2,0 A@1,2,0 L@4,2,0", "Naughty neighbours")
    escalating_conflict: str = _formation("L@-3,0,0 1@0,0,1 2@2,1,1 L@4,0,0 A@-3,2,0", "Escalating conflict")
    settlement: str = _formation("A@0,0,0 L@0,2,0 L@3,0,1 1@-2,0,1 2@5,1,0", "A settlement needs your help!")
    long_distance: str = _formation("1@-7,0,0 L@-4,0,0 A@-1,0,0 L@2,0,0 2@5,0,0", "Long-distance relationship")


TRACK_NOTE = ("each side rises by 1 VP a space, then by 2 from the space most players reach (the median "
              "crystals of a player who races for them, measured with the crystal policy); the red-bordered "
              "spaces at about a third and two thirds of what such a player collects")


def _track(vp, players):
    return rule(vp, f"Victory points of each space of the crystal board's {players}-player side, from the space "
                    f"labelled 0", assumed="the board's numbers are not in the text: " + TRACK_NOTE,
                lo=0, hi=200, length=(2, MAX_TRACK))


def _tiles(spaces, players):
    return rule(spaces, f"The red-bordered spaces of the {players}-player side (a monster tile on each)",
                assumed="the text has one red-bordered space and '8 monster tiles (2 per player)' placed 'on each "
                        "of the spaceships shown': two spaces; " + TRACK_NOTE, lo=1, hi=MAX_TRACK - 1,
                length=(0, 4))



@dataclass(frozen=True)
class CrystalTrack:
    """The 'Crystal scoring' board: victory points per space, one side per player count."""

    vp_2_players: tuple = _track((0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32), 2)
    vp_3_players: tuple = _track((0, 1, 2, 3, 4, 5, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24), 3)
    vp_4_players: tuple = _track((0, 1, 2, 3, 4, 5, 7, 9, 11, 13, 15, 17, 19, 21), 4)
    tile_spaces_2_players: tuple = _tiles((4, 9), 2)
    tile_spaces_3_players: tuple = _tiles((3, 7), 3)
    tile_spaces_4_players: tuple = _tiles((3, 6), 4)


@dataclass(frozen=True)
class MoonWalls:
    """Advanced mode: each player's moon-walls and how they are placed."""

    long_walls: int = rule(3, "Long moon-walls each player gets", rulebook=WALLS + ": '3 long'", lo=0, hi=12)
    short_walls_2_players: int = rule(9, "Short moon-walls each player gets, 2 players",
                                      rulebook=WALLS + ": 'each player gets 3 long and 9 short'", lo=0, hi=24)
    short_walls_3_players: int = rule(7, "Short moon-walls each player gets, 3 players",
                                      rulebook=WALLS + ": 'each player gets 3 long and 7 short'", lo=0, hi=24)
    short_walls_4_players: int = rule(6, "Short moon-walls each player gets, 4 players",
                                      rulebook=WALLS + ": 'each player gets 3 long and 6 short'", lo=0, hi=24)
    fewest_per_turn: int = rule(3, "Fewest moon-walls placed in a wall turn", rulebook=WALLS + ": 'exactly 3, 4 or 5'",
                                lo=1, hi=5)
    most_per_turn: int = rule(5, "Most moon-walls placed in a wall turn", rulebook=WALLS + ": 'exactly 3, 4 or 5'",
                              lo=1, hi=8)
    long_wall_squares: int = rule(2, "Square borders a long moon-wall spans, in a straight line (a short one: 1)",
                                  assumed="the text gives no lengths; a card is 3 x 2 squares, a long wall two "
                                          "squares' borders", lo=2, hi=3)
    walls_on_outer_edges: bool = rule(True, "A moon-wall may stand on a square's border to the empty table",
                                      assumed="'The outer edges of the playing area do not count as walls': an "
                                              "area at the edge of the layout is closed by walls placed there")
    spaceship_on_wall_turn: bool = rule(True, "A spaceship may be placed in a turn that places moon-walls",
                                        assumed="'Anytime during your turn, you may place one of your spaceships'")


@dataclass(frozen=True)
class Missions:
    """The mission cards (a mission: 'kind threshold VP')."""

    cards: tuple = rule(("largest_group 6 6", "groups 3 5", "heads 12 5", "crystals 6 5", "cards 7 4",
                         "singles 4 4", "spaceships 2 3", "armstrong 2 4"),
                        "The mission cards, numbered from 1: 'kind threshold VP', completed when the player's count "
                        "of the kind reaches the threshold.  Kinds: largest_group (monsters in its largest group), "
                        "groups (groups of 2 or more), heads (visible monsters), singles (monsters in no group), "
                        "crystals (space on the crystal board), spaceships (placed), tiles (monster tiles gained), "
                        "cards (cards showing its monsters), armstrong (its monsters next to Armstrong or his base "
                        "camp)", assumed="the 8 mission cards are not in the text: one aim of the game each, "
                                         "thresholds met by about a third to a half of the players measured with "
                                         "the scripted policies", length=(1, MAX_MISSIONS))
    secret_dealt: int = rule(2, "Secret missions dealt to each player", rulebook=MISSIONS + ": 'deal two face-down "
                                                                                             "cards to each player'",
                             lo=1, hi=3)
    bulletin_pool: int = rule(6, "Missions 1 to this one are shuffled for the bulletin board",
                              rulebook=MISSIONS + ": 'the \"Mission\" cards with numbers 1 to 6'", lo=1,
                              hi=MAX_MISSIONS)
    bulletin_shown: int = rule(3, "Missions placed face-up on the bulletin board",
                               rulebook=MISSIONS + ": 'randomly place three of them face-up'", lo=1, hi=MAX_MISSIONS)


@dataclass(frozen=True)
class Solo:
    """Solo mode's scoring and its rating bands."""

    grouped_vp: int = rule(1, "Points for each vampire and each moon crystal in a group",
                         rulebook=SOLO + ": 'You receive 1 victory point for each vampire and 1 victory point for "
                                         "each moon crystal'", lo=0, hi=10)
    penalty: int = rule(1, "Points lost for each visible witch and werewolf head",
                        rulebook=SOLO + ": 'You lose 1 point for each visible witch and each visible werewolf'",
                        lo=0, hi=10)
    bands: tuple = rule((14, 20, 25, 29), "Least points of each rating band above the first ('13 points or less')",
                        rulebook=SOLO + ": '14 - 19', '20 - 24', '25 - 28', '29 points or more'", lo=-100, hi=200,
                        length=(4, 4))


@dataclass(frozen=True)
class Rules:
    mode: str = rule("standard", "Standard mode, or advanced mode with moon-walls",
                     rulebook="Standard Mode; " + WALLS, choices=MODES)
    missions: str = rule("none", "Missions: none, secret missions, or the bulletin board",
                         rulebook=MISSIONS + ": 'Variant 1: Secret Mission', 'Variant 2: Bulletin Board'",
                         choices=MISSION_VARIANTS)
    starting_formation: str = rule("houston", "The starting formation",
                                   rulebook=SETUP + ": 'Houston, the eagle has landed! (We recommend this starting "
                                                    "formation for your first game.)'", choices=FORMATIONS)
    cards: Cards = section(Cards)
    formations: Formations = section(Formations)
    crystal_track: CrystalTrack = section(CrystalTrack)
    moon_walls: MoonWalls = section(MoonWalls)
    mission_cards: Missions = section(Missions)
    solo: Solo = section(Solo)

    monster_choice: str = rule("random", "Which monster each seat plays: dealt at random, or in seat order (werewolf, "
                               "witch, vampire, skeleton)", assumed="'choose a monster': nothing favours a seat, so "
                                                                    "the monsters are shuffled to the seats",
                               choices=MONSTER_CHOICE)
    double_head_cards: int = rule(2, "Cards with two of a monster's heads in one square each player finds",
                                  rulebook=SETUP + ": 'Find two cards from the deck which depict two of your "
                                                   "monster's heads in a single square'", lo=1, hi=4)
    passed_cards: int = rule(1, "Of them, cards each player gives to the player on the right",
                             rulebook=SETUP + ": 'Give one of these cards to the player on your right-hand side'",
                             lo=0, hi=4)
    draw_2_players: int = rule(3, "Further cards each player draws at the start, 2 players",
                               rulebook=SETUP + ": 'each player draws three additional cards'", lo=0, hi=8)
    draw_3_4_players: int = rule(1, "Further cards each player draws at the start, 3 or 4 players",
                                 rulebook=SETUP + ": 'each player draws one additional card'", lo=0, hi=8)
    formation_cards: int = rule(2, "Cards from the draw pile in the starting formation",
                                rulebook=SETUP + ": 'Draw the top two cards from the draw pile'", lo=1, hi=2)

    cover_limit: int = rule(2, "Most squares of one visible card a placed card may cover",
                            rulebook=PLAY + ": 'But no more than 2 squares per card!'", lo=1, hi=6)
    cover_limit_scope: str = rule("per_placement", "The limit counts the squares covered by one placement, or every "
                                  "square the card ever lost", assumed="'only ever 2 squares per visible card' "
                                                                       "under each placement (the rulebook's example "
                                                                       "covers 2 + 2 + 1 squares of three cards)",
                                  choices=COVER_LIMIT_SCOPE)
    crystal_on_empty: str = rule("lunar_only", "Crystals placed on empty squares that advance the crystal board: on "
                                 "empty lunar surface only, or on any empty moonscape",
                                 assumed="the rule is written for the lunar surface and Armstrong cards (the "
                                         "objective's 'empty moonscape'); the default deck has no other empty square",
                                 choices=CRYSTAL_ON_EMPTY)
    spaceships: int = rule(2, "Spaceships each player gets", rulebook=CONTENTS + ": '8 spaceships (2 per player)'",
                           lo=0, hi=4)
    spaceships_per_turn: int = rule(1, "Spaceships a player may place in one turn",
                                    rulebook=PLAY + ": 'you may place one of your spaceships in addition to placing "
                                                    "a card'", lo=0, hi=4)
    tile_no_target: str = rule("lost", "A monster tile whose card shows no opponent's monster, or gained in a moon-wall "
                                       "turn (no card placed): lost, or placed on the next card the player places "
                                       "that shows one",
                               assumed="'Immediately place that tile on an opponent's monster on the card that you "
                                       "have just placed': it cannot wait for a later turn's card (this turn's card "
                                       "may come after a spaceship)",
                               choices=TILE_NO_TARGET)
    tile_on_neutral: bool = rule(False, "A monster tile may go on a monster nobody plays (2 players)",
                                 assumed="the text says 'an opponent's monster'")
    decider_tie: str = rule("next_in_turn", "Who decides the next starter when the fewest points and the crystal "
                            "board are tied: the first of them in turn order after the player who drew the last card, "
                            "or one of them at random", assumed="the text breaks only the first tie",
                            choices=DECIDER_TIE)

    single_vp: int = rule(1, "Victory points for a visible monster in no group", rulebook=IN_GAME + ": '1 victory "
                                                                                                    "point'", lo=0,
                          hi=20)
    group_vp: int = rule(2, "Victory points for each monster in a group", rulebook=IN_GAME + ": '2 victory points'",
                         lo=0, hi=20)
    largest_group_vp: int = rule(2, "Extra victory points for each monster of the largest group (standard mode)",
                                 rulebook=FINAL + ": '2 extra victory points for each monster in this group'", lo=0,
                                 hi=20)
    enclosed_factor: int = rule(2, "Monsters inside an area enclosed by moon-walls count this many times",
                                rulebook=WALLS + ": Scoring: 'doubled in value'", lo=1, hi=10)
    max_turns: int = rule(400, "Turn cap: a game still running after this many turns ends as a timeout",
                          assumed="every game ends (cards and walls run out); the cap only guards the engine",
                          lo=1, hi=100_000)

    def problems(self) -> list[str]:
        return rules_problems(self)


# ---------------------------------------------------------------- reading the texts

def parse_card(text: str, armstrong: bool = False) -> list[str] | str:
    """The 6 letters of a card 'abc/def', or a problem."""
    rows = text.split("/") if isinstance(text, str) else []
    if len(rows) != 2 or any(len(r) != 3 for r in rows):
        return f"{text!r} is not a card: expected two rows of three squares, 'abc/def'"
    letters = list(rows[0] + rows[1])
    bad = sorted({ch for ch in letters if ch not in SQUARE_LETTERS})
    if bad:
        return f"{text!r}: unknown square {bad[0]!r}; allowed: {', '.join(SQUARE_LETTERS)}"
    if not armstrong and any(ch in "AB" for ch in letters):
        return f"{text!r}: Armstrong (A) and his base camp (B) are on the Armstrong card only"
    return letters


def parse_formation(text: str) -> list[tuple[int, int, int, int]] | str:
    """The cards of a formation as (card, x, y, turns), or a problem."""
    out = []
    for entry in text.split():
        try:
            card, where = entry.split("@")
            x, y, turns = (int(v) for v in where.split(","))
        except ValueError:
            return f"{entry!r} is not 'card@x,y,turns'"
        if card not in ("1", "2", "L", "A"):
            return f"{entry!r}: the card is 1 or 2 (the cards drawn), L (lunar surface) or A (Armstrong)"
        if not (-FORMATION_REACH <= x <= FORMATION_REACH and -FORMATION_REACH <= y <= FORMATION_REACH):
            return f"{entry!r}: x and y lie within -{FORMATION_REACH}..{FORMATION_REACH}"
        if not 0 <= turns <= 3:
            return f"{entry!r}: turns is 0, 1, 2 or 3"
        out.append(({"1": DRAWN_1, "2": DRAWN_2, "L": LUNAR_CARD, "A": ARMSTRONG_CARD}[card], x, y, turns))
    return out


def formation_squares(cards) -> list[set[tuple[int, int]]]:
    """Each formation card's squares (x, y)."""
    out = []
    for _, x, y, turns in cards:
        w, h = CARD_SHAPES[turns % 2]
        out.append({(x + dx, y + dy) for dx in range(w) for dy in range(h)})
    return out


def formation_problem(text: str, drawn: int) -> str | None:
    cards = parse_formation(text)
    if isinstance(cards, str):
        return cards
    kinds = [c[0] for c in cards]
    want = [DRAWN_1, DRAWN_2][:drawn]
    if sorted(k for k in kinds if k in (DRAWN_1, DRAWN_2)) != want:
        return f"{text!r}: has {'card 1' if drawn == 1 else 'cards 1 and 2'} (the cards drawn) once each"
    if kinds.count(LUNAR_CARD) > 2 or kinds.count(ARMSTRONG_CARD) > 1:
        return f"{text!r}: at most 2 lunar surface cards (L) and one Armstrong card (A)"
    squares = formation_squares(cards)
    for i in range(len(squares)):
        for j in range(i):
            if squares[i] & squares[j]:
                return f"{text!r}: cards {j + 1} and {i + 1} overlap (the cards lie side by side)"
    reached, todo = {0}, [0]
    while todo:
        i = todo.pop()
        for j in range(len(squares)):
            if j not in reached and any((x + dx, y + dy) in squares[j] for x, y in squares[i]
                                        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))):
                reached.add(j)
                todo.append(j)
    if len(reached) != len(squares):
        return f"{text!r}: the cards do not all touch (a formation is one layout)"
    return None


def parse_mission(text: str) -> tuple[int, int, int] | str:
    """(kind, threshold, VP) of a mission 'kind threshold VP', or a problem."""
    words = text.split() if isinstance(text, str) else []
    if len(words) != 3 or words[0] not in MISSION_KINDS:
        return f"{text!r} is not a mission: expected 'kind threshold VP', kind one of {', '.join(MISSION_KINDS)}"
    try:
        threshold, vp = int(words[1]), int(words[2])
    except ValueError:
        return f"{text!r}: threshold and VP are whole numbers"
    if not (0 <= threshold <= 200 and 0 <= vp <= 100):
        return f"{text!r}: threshold within 0..200, VP within 0..100"
    return MISSION_KINDS.index(words[0]), threshold, vp


def rules_problems(rules: Rules) -> list[str]:
    """What the rules alone show is wrong with the texts (card faces, formations, missions, the board)."""
    out = []
    c = rules.cards
    for key, cards in (("cards.deck", c.deck), ("cards.four_player_cards", c.four_player_cards)):
        for card in cards:
            p = parse_card(card)
            if isinstance(p, str):
                out.append(f"{key}: {p}")
    p = parse_card(c.lunar_surface)
    if isinstance(p, str):
        out.append(f"cards.lunar_surface: {p}")
    p = parse_card(c.armstrong, armstrong=True)
    if isinstance(p, str):
        out.append(f"cards.armstrong: {p}")
    for name in FORMATIONS:
        p = formation_problem(getattr(rules.formations, name), rules.formation_cards)
        if p:
            out.append(f"formations.{name}: {p}")
    for card in rules.mission_cards.cards:
        p = parse_mission(card)
        if isinstance(p, str):
            out.append(f"mission_cards.cards: {p}")
    m = rules.mission_cards
    if m.bulletin_pool > len(m.cards):
        out.append(f"mission_cards.bulletin_pool: {m.bulletin_pool} missions of {len(m.cards)} cards")
    if m.bulletin_shown > m.bulletin_pool:
        out.append(f"mission_cards.bulletin_shown: {m.bulletin_shown} shown of a pool of {m.bulletin_pool}")
    for players in (2, 3, 4):
        track = getattr(rules.crystal_track, f"vp_{players}_players")
        for space in getattr(rules.crystal_track, f"tile_spaces_{players}_players"):
            if space >= len(track):
                out.append(f"crystal_track.tile_spaces_{players}_players: space {space} is beyond the board's "
                           f"{len(track)} spaces")
    w = rules.moon_walls
    if w.fewest_per_turn > w.most_per_turn:
        out.append(f"moon_walls.fewest_per_turn: {w.fewest_per_turn} is more than most_per_turn {w.most_per_turn}")
    if rules.passed_cards > rules.double_head_cards:
        out.append(f"passed_cards: {rules.passed_cards} of {rules.double_head_cards} double-head cards")
    return out
