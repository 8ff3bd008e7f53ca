"""One game of Moongha Invaders told in the rules' words, from the events its engine logs (``balance replay``).

The secret City tiles first; then each turn: phase one (the turn track's dice and what the six Action boxes
got), one line per action of phase two (the token or piece taken, then what it did: the monster created
or healed, the Attack tokens stored or expended and each attack's dice, hits and what they did, the moves
and hides, the heroes and military placed and what they revealed, hit and destroyed, the Pass marker),
and the scoring at the end of the turn with the VP by source; last, why the game ended.
"""

from __future__ import annotations

from balance.games.moongha.decisions import (
    A_HERO, A_MILITARY, A_NOTHING, A_ORANGE, A_PLACE_PASS, A_PURPLE, A_REMOVE_PASS, A_WHITE, SRC_A_BOMB, SRC_HERO,
    SRC_MILITARY, TT_HUMANS, TT_MONSTER,
)
from balance.games.moongha.engine import (
    A_BOMB_FALLS, A_BOMB_ROLL, ACTION_TAKEN, ALL_RUBBLE_PLACED, ARMOUR_FIRES, ATTACK, ATTACKS, BLOOB_WAITS, BOXES,
    BROWN_RUBBLE_GONE, CREATE_TOKEN, CREATED, DAMAGE_LOST, DAMAGED, DESTROYED, GAME_ENDS, HEALED, HERO_ARRIVES,
    HEROES_FIRE, HIDDEN, HUMANS_LOST, INFANTRY_FIRES, JET_ATTACKS, KIDDOO_JOINED, MILITARY_BOX, MILITARY_FIRE,
    MILITARY_PLACED, MONSTER_ROLLS, MOVED, PULLED, REVEAL_ROLL, REVEALED, RUBBLE, TIE, TILE, TOKENS_RETURNED,
    TRACK_DICE, TRACK_DICE_MILITARY, TURN, UNHURT, VP, VP_MORE, WHITE_TOKEN,
)
from balance.games.moongha.rules import MONSTERS
from balance.games.moongha.state import A_BOMB, ARMOUR, CAPTURED, HERO, INFANTRY, JET, OUT_OF_GAME
from balance.games.moongha.tables import kind_first, piece_kind
from balance.kit.log import LOG_LENGTH

KINDS = [m.capitalize() for m in MONSTERS]
BOXES_NAMED = ("the Create/Heal box", "the Attack box", "the Move/Hide box", "the Hero box", "Military One",
               "Military Two")
TOKEN = ("a Create/Heal token (orange)", "an Attack token (white)", "a Move/Hide token (purple)")
HUMAN = {INFANTRY: ("infantry", "infantry"), ARMOUR: ("armour", "armour"), JET: ("jet fighter", "jet fighters"),
         HERO: ("hero", "heroes")}
PIECE = ("an infantry", "an armour", "a jet fighter", "the A-bomb", "a hero")  # a piece taken, by INFANTRY ..
TIE_BREAKERS = ("cities with their rubble", "monsters on the board", "rubble pieces on the board")
VP_SOURCES = ("City tiles", "rubble", "Drakoors", "Moogre")


def _n(k: int, one: str, many: str | None = None) -> str:
    return f"{k} {one if k == 1 else (many or one + 's')}"


def _hits(h: int) -> str:
    return "no hit" if h == 0 else _n(h, "hit")


def _humans(counts: dict[int, int]) -> str:
    return ", ".join(f"{k} {HUMAN[p][k != 1]}" for p, k in counts.items() if k)


class Teller:
    """What the events say, in words, with what they need to remember: where each monster stands, the
    rubble in each city, the line being written."""

    def __init__(self, seats: list[str], rules):
        self.seats = seats
        self.n = len(seats)
        self.short = [s.split(" (")[0] for s in seats]  # 'Seat 2', a monster's owner
        self.rules = rules
        self.cities = rules.board.cities
        self.kind = piece_kind(rules, self.n)
        self.first = kind_first(rules, self.n)
        self.pieces = [getattr(rules.monsters, m).pieces for m in MONSTERS]
        self.capacity = [getattr(rules.monsters, m).damage_capacity for m in MONSTERS]
        self.city_of: dict[tuple[int, int], int] = {}
        self.rubble = [0] * len(self.cities)  # every colour
        self.placed = [0] * self.n  # own rubble pieces on the board
        self.lines: list[str] = []
        self.parts: list[str] = []
        self.actor = -1
        self.heroes_hit = ""  # the heroes' roll against the Drakoors, told if a Drakoor falls

    def monster(self, q: int, i: int) -> str:
        """'Seat 2's Bloob 2': the owner, the kind, the piece's number when the kind has more than one."""
        k = int(self.kind[i])
        name = KINDS[k] + (f" {i - self.first[k] + 1}" if self.pieces[k] > 1 else "")
        return name if q == self.actor else f"{self.short[q]}'s {name}"

    def add(self, part: str) -> None:
        self.parts.append(part)

    def flush(self) -> None:
        if self.parts:
            self.lines[-1] += ": " + "; ".join(self.parts)
            self.parts = []

    def line(self, text: str) -> None:
        self.flush()
        self.lines.append(text)


def describe(events, seats: list[str], rules) -> list[str]:
    """The lines of a replayed game: the City tiles, each turn's Action boxes, actions and scoring, the end."""
    return tell(events, seats, rules).lines


def tell(events, seats: list[str], rules) -> Teller:
    """The replayed game told: its lines, and what the teller remembered of the board."""
    w = Teller(seats, rules)
    cities = w.cities
    tiles: dict[int, list[str]] = {}
    vp: dict[int, tuple[int, ...]] = {}
    ties: dict[int, dict[int, int]] = {}
    dice: list[int] = []
    turn = 0
    spawn = False
    for kind, a, b, c, d in events:
        if kind == TILE:
            tiles.setdefault(a, []).append(cities[b])
        elif kind == TURN:
            if tiles:
                w.line("Secret City tiles: " + "; ".join(f"{seats[p]} {', '.join(tiles[p])}" for p in sorted(tiles)))
                tiles = {}
            turn = a
            w.line(f"Turn {a} — {seats[b]} is the first player")
        elif kind == TRACK_DICE:
            dice = [a, b, c, d]
        elif kind == TRACK_DICE_MILITARY:
            dice += [a, b]
            faces = [str(f + 1) for f, k in enumerate(dice) for _ in range(k)]
            w.lines[-1] += f" and rolls {_n(len(faces), 'die', 'dice')}" + (f" ({', '.join(faces)})" if faces else "")
        elif kind == PULLED:
            w.add(f"no {HUMAN[b][0] if b != A_BOMB else 'A-bomb'} left by the board: {w.short[a]} takes one from "
                  f"{cities[c]}")
        elif kind == BOXES:
            w.add(f"the Action boxes get {a} orange, {b} white, {c} purple, {_n(d, 'hero', 'heroes')}")
        elif kind == MILITARY_BOX:
            got = _humans({INFANTRY: b, ARMOUR: c, JET: d // 16}) + (", the A-bomb" if d % 16 else "")
            w.parts[-1] += f", {BOXES_NAMED[4 + a]} " + (got.lstrip(", ") or "nothing")
        elif kind == ACTION_TAKEN:
            w.actor = a
            w.heroes_hit = ""
            w.line("  " + seats[a] + " " + action(b, c, d))
        elif kind == CREATE_TOKEN:
            w.add(f"into the {KINDS[b]} box ({c} of {d})")
            spawn = c < d  # a Bloob created now is a further one, for the spawn cost
        elif kind == CREATED:
            w.city_of[a, b] = c
            w.add(f"creates a {'further ' if spawn else ''}{KINDS[w.kind[b]]}, hidden in {cities[c]}"
                  + (f" ({d} orange back to the stock)" if d else ""))
        elif kind == BLOOB_WAITS:
            w.add("places no Bloob for two tokens: the box waits for the full cost")
        elif kind == HEALED:
            left = f"{c} damage left" if c else "no damage left"
            w.add(f"heals {w.short[a] + chr(39) + 's ' if a != w.actor else ''}{KINDS[b]} ({left})")
        elif kind == WHITE_TOKEN:
            w.add(f"stores it in the {KINDS[b]} box ({c} there)")
        elif kind == ATTACK:
            w.parts[-1] = f"puts it in the {KINDS[b]} box and attacks expending {_n(c, 'token')} " \
                          f"({_n(d, 'die', 'dice')}{' per Bloob' if KINDS[b] == 'Bloob' else ''})"
        elif kind == ATTACKS:
            p = w.actor
            where = w.city_of.get((p, a), -1)
            if b == TT_MONSTER:
                target = w.monster(c, d)
            elif b == TT_HUMANS:
                target = f"the heroes and military in {cities[d]}"
            else:
                target = cities[d]
            w.add(f"{w.monster(p, a)} attacks {target}" + (f" in {cities[where]}" if b == TT_MONSTER and where >= 0
                                                           else ""))
        elif kind == REVEALED:
            said = f"{w.monster(a, b)} revealed"
            last = w.parts[-1]
            w.parts[-1] = last[:-1] + f", {said})" if last.endswith(" revealed)") else last + f" ({said})"
        elif kind == KIDDOO_JOINED:
            w.add(f"Kiddoo joins expending {_n(c, 'token')}: {_n(d, 'die', 'dice')}")
        elif kind == MONSTER_ROLLS:
            w.add(f"{KINDS[b]} rolls {_n(c, 'die', 'dice')}: {_hits(d)}")
        elif kind == ARMOUR_FIRES:
            w.add(f"{b} armour fire{'s' if b == 1 else ''} first, {_n(c, 'die', 'dice')}: {_hits(d)}")
        elif kind == INFANTRY_FIRES:
            w.add(f"{b} infantry return{'s' if b == 1 else ''} fire, {_n(c, 'die', 'dice')}: {_hits(d)}")
        elif kind == HUMANS_LOST:
            said = f"{c} {HUMAN[b][c != 1]}"
            if w.parts and w.parts[-1].startswith("removes "):
                w.parts[-1] += ", " + said
            else:
                w.add("removes " + said)
        elif kind == RUBBLE:
            w.rubble[b] += c
            colour = "brown rubble" if a == w.n else ("rubble" if a == w.actor else f"{w.short[a]}'s rubble")
            if a < w.n:
                w.placed[a] += c
            said = f"{c} {colour} in {cities[b]} ({w.rubble[b]} of {rules.board.city_damage_cap})" if c else \
                f"no rubble in {cities[b]}"
            w.add(said + (f", {d - c} more damage wasted" if d > c else ""))
        elif kind == DAMAGED:
            k = int(w.kind[b])
            w.add(f"{w.monster(a, b)} takes {c} damage ({d} of {w.capacity[k]})")
        elif kind == DAMAGE_LOST:
            w.add(f"{c} damage to {w.monster(a, b)} not recorded (no brown rubble left)")
        elif kind == UNHURT:
            who = {SRC_HERO: "a hero", SRC_MILITARY: "the military", SRC_A_BOMB: "the A-bomb"}.get(c) or KINDS[c]
            w.add(f"{who} cannot hurt {w.monster(a, b)}")
        elif kind == DESTROYED:
            if w.heroes_hit:
                w.add(w.heroes_hit)
                w.heroes_hit = ""
            w.city_of.pop((a, b), None)
            said = f"{w.monster(a, b)} is destroyed"
            if c == CAPTURED:
                said += f": a trophy in {w.short[d]}'s Moogre box ({w.capacity[int(w.kind[b])]} VP)"
            elif c == OUT_OF_GAME:
                said += " and out of the game"
            w.add(said)
        elif kind == TOKENS_RETURNED:
            w.parts[-1] += f" (its {_n(c, 'stored Attack token')} back to the stock)"
        elif kind == MOVED:
            w.city_of[a, b] = d
            w.add(f"moves {w.monster(a, b)} from {cities[c]} to {cities[d]}")
        elif kind == HIDDEN:
            w.add(f"hides {w.monster(a, b)} in {cities[c]}")
        elif kind == HERO_ARRIVES:
            w.add(f"places it in {cities[a]} ({_n(b, 'hero', 'heroes')} there)")
        elif kind == REVEAL_ROLL:
            w.add(f"{w.monster(a, b)} {'revealed' if d else 'stays hidden'} ({_n(c, 'die', 'dice')}, {_hits(d)})")
        elif kind == HEROES_FIRE:
            w.heroes_hit = f"the heroes roll {_n(b, 'die', 'dice')} against the revealed Drakoors: {_hits(c)}"
        elif kind == MILITARY_FIRE:
            w.heroes_hit = ""
            w.add(f"the armour and infantry there fire {_n(c, 'die', 'dice')} at {w.monster(a, b)}: {_hits(d)}")
        elif kind == MILITARY_PLACED:
            w.heroes_hit = ""
            w.add(f"places it in {cities[b]}")
        elif kind == JET_ATTACKS:
            where = w.city_of.get((a, b), -1)
            w.add(f"attacks {w.monster(a, b)}{f' in {cities[where]}' if where >= 0 else ''}: {_hits(c)}"
                  + (f", {_n(d, 'one')} (collateral damage)" if d else ""))
        elif kind == A_BOMB_FALLS:
            w.add(f"drops it on {cities[a]}: {_n(b, 'hero and military piece', 'heroes and military pieces')} "
                  f"removed")
        elif kind == A_BOMB_ROLL:
            w.add(f"{_n(rules.combat.a_bomb_dice, 'die', 'dice')} against {w.monster(a, b)}: {_hits(c)}")
        elif kind == VP:
            vp[a] = (b, c, d)
        elif kind == VP_MORE:
            vp[a] += (b, c)
            if a == w.n - 1:
                w.heroes_hit = ""
                w.actor = -1
                w.line(f"End of turn {turn} — VP: " + "; ".join(
                    f"{seats[p]} {v[4]}" + (" (" + ", ".join(f"{name} {x}" for x, name in zip(v[:4], VP_SOURCES) if x)
                                            + ")" if any(v[:4]) else "") for p, v in sorted(vp.items())))
                vp = {}
        elif kind == TIE:
            ties.setdefault(a, {})[b] = c
        elif kind == GAME_ENDS:
            w.line(ending(a, b, c, ties, w, rules))
    w.flush()
    if len(events) >= LOG_LENGTH:
        w.lines.append(f"(the replay's log holds {LOG_LENGTH} events: the rest of the game is not told)")
    return w


def action(code: int, a: int, b: int) -> str:
    """What a player takes at their action (the option's fields)."""
    if code in (A_ORANGE, A_WHITE, A_PURPLE):
        return "takes " + TOKEN[code - A_ORANGE]
    if code == A_HERO:
        return "takes a hero"
    if code == A_MILITARY:
        return f"takes {PIECE[b]} from {BOXES_NAMED[4 + a]}"
    if code == A_PLACE_PASS:
        return f"places the Pass marker in {BOXES_NAMED[a]} (passes)"
    if code == A_REMOVE_PASS:
        what = ("a Create/Heal token", "an Attack token", "a Move/Hide token", "a hero", "an infantry",
                "an armour")[a]
        return f"takes the Pass marker back from {BOXES_NAMED[a]} (passes) and {what} from the stock"
    assert code == A_NOTHING
    return "passes (nothing to take, the Pass marker out)"


def ending(reason: int, turns: int, winner: int, ties: dict, w: Teller, rules) -> str:
    """Why the game ended, and the tie-breakers when the most VP were tied."""
    if reason == ALL_RUBBLE_PLACED:
        who = [w.seats[p] for p in range(w.n) if w.placed[p] >= rules.supplies.player_rubble]
        said = f"The game ends in turn {turns}: {' and '.join(who)} placed all {rules.supplies.player_rubble} " \
               f"rubble pieces"
    elif reason == BROWN_RUBBLE_GONE:
        said = f"The game ends in turn {turns}: the last brown rubble piece went onto the board"
    else:
        said = f"The game ends after the last turn ({turns})"
    level0 = ties.get(0, {})
    if len(level0) > 1:
        said += f"; {' and '.join(w.seats[p] for p in level0)} tie for the most VP"
        for level in range(3):
            tied = ties.get(level, {})
            if len(tied) < 2:
                break
            said += f"; {TIE_BREAKERS[level]}: " + ", ".join(f"{w.short[p]} {k}" for p, k in tied.items())
        said += f": {w.seats[winner]} wins" if winner >= 0 else ": still tied, no winner"
    return said
