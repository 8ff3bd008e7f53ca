"""Moongha Invaders: Two Player: five heroes (seat 1) against seven monsters (seat 2) in Manhattan.

Seats: seat 1 is the hero player, seat 2 the monster player; the heroes go first.  A round is the heroes'
turn, then the monsters'.  In a turn a player plays any number of cards: each card has two symbols and
pays for one action of one piece it shows (the monsters also: a Spectoor card for any monster Spectoor
sees).  Actions: move (2 squares, diagonals allowed, the Bloob 1; a move stops on entering a building or
rubble, never crosses a thick line or an enemy's square, and entering an enemy's square starts a close
combat), fire a weapon, and the monsters' powers (rubble for Moogre and Mechoor, the Bloob's extending and
retracting, Kiddoo's concealment), a med kit, the jeep driven at a monster with dynamite aboard.  The hero
player may also try bonus actions and use kit that is no action (an energy drink, swapping weapons).
Then the player may discard (the monster player may put cards back in the box), draws three and keeps to
eight cards.  Close combat: 2d6 plus modifiers each, ties re-rolled, the loser takes one damage and the
winner places it next door; Mechoor takes no close-combat damage, the Bloob always wins.  Range fire: 7+
on 2d6 with the target's building (-2) and rubble (-1), Shaggoo's -2, the weapons' own rules; a natural
12 doubles the damage, a natural 2 empties a hero's (or Kiddoo's) weapon.  The heroes win when Moogre,
Mechoor and the whole Bloob are dead; the monsters when all five heroes are.

Scores: the enemy pieces each side eliminated (``kills``).  The record has each piece's round of death
(``killed_<piece>``), every attack's shots and hits (``shots_<attack>``, ``hits_<attack>``), the kit used,
rubble made, cards played and the close combats.

Assumptions (those with a number are named rules with ``assumed`` provenance, see ``balance rules
moongha-duel``; the report lists them all): the draft gives no board, decks, damage capacities or weapon rows
after the flame thrower, so all are assumed data:
  * the map: Manhattan's streets between 2x2 blocks, the park in the middle, 8 bonus squares, a jeep; the
    heroes start on the blue spots and the monsters on the red ones in display order, reading the map row by
    row (the players' choice of spots is not simulated);
  * the decks: each pair of heroes on three cards (plain, Duck, +1), each pair of monsters once and each
    monster with the next once more; a card played for its Duck or +1 is not also an action;
  * damage capacities: heroes 3 (Arnie 4), Kiddoo 3, Shaggoo 4, the Bloob 9 (3 counters of 3), Spectoor 3,
    Drakoor 4, Moogre 6, Mechoor 8; only Drakoor and Kiddoo have a close-combat modifier (+1);
  * the start kits: each hero a handgun and a speciality (Joe the bow with the tracker tip, Arnie the
    flame thrower, Billy shrapnel and dynamite, Skull the explosive tip and shrapnel, Jade the radio); the
    bonus counters: ammo, body armour, med kit, EMP, energy drink, oxygen tanks, stun grenade, silver bullet;
  * one-use: thrown and fired-once items (grenades, dynamite, the explosive tip, the radio's one air strike,
    the silver bullet, the EMP, the med kit, the energy drink); the explosive tip is the bow with 3 damage;
    the bow with the tracker tip keeps firing: 'remains with monster' is the tracker staying on it;
  * the radio's air strike and dynamite are aimed at a monster (or oxygen tanks), never at an empty square: one
    would only make rubble, which no hero strategy seeks; a natural 12 doubles the weapon's damage to its
    target, not the blast of oxygen tanks or of the jeep driven at a monster;
  * dynamite is thrown at a monster, and makes rubble when it hits one in a building; whoever stands where
    the rubble lands takes 1 damage (the dynamite's row, against the Rubble section's 'does not cause any
    damage': ``dynamite_rubble_damage``);
  * a weapon out of ammunition is discarded: a hero (or Kiddoo) killed leaves only his working kit, and
    only the hero who discarded it reclaims it with an ammo counter;
  * Kiddoo picks up every weapon on its square (entering it, put there after a fight, or where a hero fighting
    it falls), the silver bullet and the EMP too, which no monster can use: they are the heroes' no more until
    Kiddoo dies; Kiddoo stacked with another monster is fought in turn with it ('both monsters could engage in
    close combat'), and the two never attack together;
  * the hand limit of eight is kept after drawing at the end of the turn: an energy drink or a stun grenade
    may take a hand above it within the turn;
  * a counter the Bloob loses to damage is one whose loss leaves the others side by side;
  * range is counted in king moves; a hero traces sight from the centre or any corner of its square, a
    monster from the centre; a line touching a corner of a building passes;
  * the winner puts the loser of a close combat on a square next to the fight where it may stand (a defender
    stays when there is none, an attacker goes back where its move began); the attacker that wins every fight
    holds the square; several defenders are fought in turn, the first of the attacker's choice; Mechoor beaten
    is not moved, the hero is: Mechoor beaten when it attacked holds the square it moved into, or goes back
    where its move began with another hero still there; a hero who beats Mechoor is placed next door, so a
    second defender on Mechoor's square (Kiddoo) is not fought (the attacker may choose Kiddoo first);
  * a hero the winner of a close combat places on a square takes what lies there, as a hero entering it (a
    face-down bonus counter too: 'moves into' read as any arrival);
  * the Duck card: after a monster's hit (damage, stun or the hypno-ray) or a lost close combat, the hero
    moves next door unharmed (with no square next door to stand on, it stays, unharmed all the same);
  * every monster's hit on a square of heroes reaches them all ('all suffer same damage'), a stun grenade
    costing the hero player a card for each hero there (the monster player draws once), but the hypno-ray
    takes the cards of its target hero only ('all cards with that hero symbol'); a hero's shot hurts its
    target only, on a square of two monsters too (the text's 'all suffer' is said of heroes);
  * a bonus action that fails discards the drawn card and one more, ends the card play, and the player
    still discards and draws as usual (``failed_bonus_ends``); 'discard cards as you wish' is done after
    playing, before drawing;
  * an ammo counter reclaims a weapon out of ammunition when picked up or handed over, else it is kept and
    spent on the next natural 2; kit on a square is picked up by a hero entering it, a dead hero's oxygen
    tanks too (tanks put down on purpose stay);
  * oxygen tanks: put down (no action) on the hero's square; a shot at them with a monster on the square
    explodes them for 3 damage to every piece there;
  * Kiddoo's concealment: it cannot be the target of range fire until it moves, fights or fires (option
    ``kiddoo_concealed``);
  * a stun grenade that hits: the monster player chooses which of its cards with the target it loses ('your
    opponent loses one card'); with none, the hand is shown, which changes no play here (no strategy reads the
    other hand); the card goes to the discards (the monster player puts cards back in the box only when it
    discards at the end of its turn);
  * 'a handgun if he has no other weapon': any counter of the weapon table (the EMP, a grenade, the radio and
    the silver bullet too) takes the default handgun away; every hero starts with a handgun counter, so this
    matters only to one who handed it over;
  * an air strike takes Shaggoo's -2 (``arms.radio.shaggoo_applies``): the Shaggoo section exempts the grenades,
    whose own text also says 'No modifiers apply', so the radio's 'No other modifiers apply' does not exempt it;
  * rubble lies on streets only: a building square is already a building (it hides, ends a move and gives -2),
    so Moogre in a building makes none there, and an air strike on a monster in a building leaves
    its rubble around it;
  * the readings the text leaves open, each a named rule: rubble made next to a building by a corner too
    (``rubble_next_to_building``), +1 cards on an air strike (``air_strike_plus_one``), the heat ray at a
    building at the target-in-building -2 (``heat_ray_at_building_modifier``);
  * the EMP keeps Mechoor from moving in the monsters' next turn, and its 'range modifier for close range'
    is not applied (the text gives no such modifier); the air strike's rubble goes on every
    street square in and around the target that is orthogonally next to a building, on a hit;
  * the jeep: a foot step costs as much as two by jeep; driven at a monster by a hero in it who carries the
    dynamite (one on foot gets in with a move first; a passenger's dynamite is not the driver's), it is gone, the
    passengers bail out with a Duck card each or take the blast too, whether or not the roll hits the monster;
  * the stacking limits hold where a piece stops: a hero on foot or the jeep passes through a square of two heroes;
  * a diagonal step past the end of a thick line is allowed when one of its L-shaped routes is open;
  * Drakoor takes damage in close combat only, and the silver bullet kills it outright when it hits
    ('automatically': whatever its damage; the shot still needs its 7+, within the handgun's range);
  * at most 6 weapon swaps a turn; 120 rounds, then a timeout (only a stalled game reaches it: ``max_rounds``).
"""

from balance.games.duel import engine, replay
from balance.games.duel.report import SECTIONS
from balance.games.duel.decisions import ATTACKS
from balance.games.duel.policies import (
    FOCUS, HERO_STANDOFF, HUNTER, RAIDER, RANDOM, SNIPER, STANDARD, STANDOFF, WALL,
)
from balance.games.duel.rules import HEROES, KIT, MONSTERS, Rules
from balance.games.duel.tables import TABLES
from balance.registry import GameSpec, Param, Policy, Roles, Timeline, broken_invariants, engine_parts, register

PIECE_NAMES = HEROES + MONSTERS
KILLED = tuple(f"killed_{p}" for p in PIECE_NAMES)
SHOTS = tuple(f"shots_{a}" for a in ATTACKS)
HITS = tuple(f"hits_{a}" for a in ATTACKS)
USED = tuple(f"used_{k}" for k in KIT)
GAME_COLUMNS = ("rounds", "rubble_made", "cards_removed", "bonus_counters_claimed", "bonus_actions",
                "bonus_actions_failed", "close_combats") + KILLED + SHOTS + HITS + USED
SEAT_COLUMNS = ("kills", "losses", "damage_dealt", "cards_played", "close_combats_won")


def _hero(name, pid, text, keep_range, key_weight, grab_weight, caution):
    return Policy(name, pid, "Heroes: " + text + "; when no card is worth playing, try bonus actions while one is worth "
                  "the gamble", (
        Param("keep_range", keep_range, 0, 20, "Squares a hero would keep between itself and the nearest monster"),
        Param("key_weight", key_weight, 0, 20, "Worth of hurting Moogre, Mechoor or the Bloob by range fire against "
              "another monster, and pull to within a weapon's reach of them (nearer when no piece has died for "
              f"{HERO_STANDOFF} rounds)"),
        Param("grab_weight", grab_weight, 0, 20, "Pull of a bonus counter or kit lying about"),
        Param("caution", caution, 0, 20, "Weight of the monsters' threat to a hero's square")))


def _monster(name, pid, text, hunt, shield, rubble, retreat):
    return Policy(name, pid, "Monsters: " + text, (
        Param("hunt_weight", hunt, 0, 20, "Pull of the weakest hero"),
        Param("shield_weight", shield, 0, 20, "Pull of standing by Mechoor and Moogre (and of keeping them back); "
              f"when no piece has died for {STANDOFF} rounds, it fades into the hunt weight"),
        Param("rubble_weight", rubble, 0, 20, "Worth of making rubble"),
        Param("retreat", retreat, 0, 20, "Squares Mechoor and Moogre keep from the nearest hero")))


def standard_plays(seat: int, players: int) -> str:
    """The policy ``standard`` plays: sniper on the hero player's seat, hunter on the monster player's."""
    return "sniper" if seat == 1 else "hunter"


POLICIES = (
    Policy("random", RANDOM, "Uniform over the legal options at every decision (either seat)"),
    Policy("standard", STANDARD, "The default scripted play: sniper for the heroes, hunter for the monsters",
           plays=standard_plays),
    # the heroes' weights: each preset's best response against the hunter, rounded, its own style weighed most
    # (docs/tuning.md); the monsters' searches found nothing better than theirs
    _hero("sniper", SNIPER, "keep out of the monsters' reach and fire the best weapon at the best target", 6, 10, 2,
          2.5),
    _hero("raider", RAIDER, "grab the bonus counters and the kit lying about first, then fight", 3, 8, 12, 2),
    _hero("focus", FOCUS, "close in on Moogre, Mechoor and the Bloob, the three that decide the game", 1, 14, 1.5,
          3.5),
    _monster("hunter", HUNTER, "close in on the weakest hero and fight", 1.0, 0.0, 1.0, 0.0),
    _monster("wall", WALL, "shield Mechoor and Moogre with the others, keep them back and let them fire", 0.3, 1.0,
             2.0, 3.0),
)
HERO_ONLY = ("sniper", "raider", "focus")
MONSTER_ONLY = ("hunter", "wall")


def check(rules: Rules, players: int, policies: list[str]) -> list[str]:
    out = []
    for seat, name in enumerate(policies, 1):
        if seat == 1 and name in MONSTER_ONLY:
            out.append(f"seats.1.policy: seat 1 is the hero player; {name!r} is a monster policy; allowed: random, "
                       f"standard, {', '.join(HERO_ONLY)}")
        if seat == 2 and name in HERO_ONLY:
            out.append(f"seats.2.policy: seat 2 is the monster player; {name!r} is a hero policy; allowed: random, "
                       f"standard, {', '.join(MONSTER_ONLY)}")
    return out


def invariants(games, scenario) -> list[str]:
    """What every finished game must show in its record."""
    import polars as pl

    heroes_dead = pl.all_horizontal(*[pl.col(f"killed_{h}") > 0 for h in HEROES])
    key_dead = pl.all_horizontal(*[pl.col(f"killed_{m}") > 0 for m in ("moogre", "mechoor", "bloob")])
    reason = pl.col("end_reason")
    checks = {
        "the heroes win exactly when Moogre, Mechoor and the Bloob are dead":
            (pl.col("winner") == 1) == (reason == "monsters_dead"),
        "the monsters win exactly when all five heroes are dead":
            (pl.col("winner") == 2) == (reason == "heroes_dead"),
        "a win by the heroes has the three monsters dead": (reason != "monsters_dead") | key_dead,
        "a win by the monsters has every hero dead": (reason != "heroes_dead") | heroes_dead,
        "kills count the dead": (pl.col("kills_1") == pl.sum_horizontal(
            *[(pl.col(f"killed_{m}") > 0).cast(pl.Int64) for m in MONSTERS])) & (pl.col("kills_2") == pl.sum_horizontal(
                *[(pl.col(f"killed_{h}") > 0).cast(pl.Int64) for h in HEROES])),
        "no attack hits more often than it is made": pl.all_horizontal(
            *[pl.col(h) <= pl.col(s) for h, s in zip(HITS, SHOTS)]),
        "rounds within the cap": (pl.col("rounds") >= 1) & (pl.col("rounds") <= scenario.rules.max_rounds),
        "pieces die within the game": pl.all_horizontal(*[pl.col(k) <= pl.col("rounds") for k in KILLED]),
    }
    return broken_invariants(games, checks)


SPEC = register(GameSpec(
    id="moongha-duel",
    name="Moongha Invaders: Two Player",
    min_players=2,
    max_players=2,
    rules_cls=Rules,
    policies=POLICIES,
    tables=TABLES,
    **engine_parts(engine),
    describe=replay.describe,
    check=check,
    invariants=invariants,
    game_columns=GAME_COLUMNS,
    seat_columns=SEAT_COLUMNS,
    column_groups=(("killed", KILLED), ("shots", SHOTS), ("hits", HITS), ("used", USED)),
    default_policy="standard",
    bench_policy="standard",
    seat_roles="seat 1 is the hero player, seat 2 the monster player",
    roles=Roles(rest="", first=("hero player",), last=("monster player",)),
    column_labels={"rounds": "rounds played", "rubble_made": "rubble made", "cards_removed": "monster cards removed",
                   "bonus_counters_claimed": "bonus counters claimed",
                   "bonus_actions": "bonus actions tried", "bonus_actions_failed": "bonus actions failed",
                   "close_combats": "close combats fought", "kills": "enemy pieces killed",
                   "losses": "own pieces lost", "damage_dealt": "damage dealt", "cards_played": "cards played",
                   "close_combats_won": "close combats won",
                   **{k: f"round {p.title()} died (0: alive)" for k, p in zip(KILLED, PIECE_NAMES)},
                   **{k: f"{a.replace('_', ' ')}: shots" for k, a in zip(SHOTS, ATTACKS)},
                   **{k: f"{a.replace('_', ' ')}: hits" for k, a in zip(HITS, ATTACKS)},
                   **{k: f"{a.replace('_', ' ')} used" for k, a in zip(USED, KIT)}},
    report_sections=SECTIONS,
    batch_games=20_000,
    timeline=Timeline("round", "a round is the heroes' turn, then the monsters'", seat_turns=True, comparable=False,
                      why_not="the heroes need three kills and the monsters five, so the higher kill count is not "
                              "the side closer to winning"),
    description=__doc__.split("\n")[0],
    assumptions_doc=__doc__[__doc__.index("Assumptions"):],
))
