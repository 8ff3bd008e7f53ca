"""The replay of a two-player game tells each rule point in the rules' words (whole games are replayed against
their records in tests/sim/test_replay.py)."""

from balance.games.duel import engine, replay
from balance.games.duel.decisions import (
    DROP_TANKS, EXTEND, HANDGUN, LASER_EYE, OXYGEN_TANKS, RETRACT, STUN, SWAP, YES, option,
)
from balance.kit.log import events
from tests.games.duel.position import ARNIE, BLOOB, JOE, KIDDOO, SHAGGOO, Position, fire, move, pick

SEATS = ["Seat 1 (sniper)", "Seat 2 (hunter)"]
HEROES, MONSTERS = 0, 1


def told(p):
    """The lines of the events logged so far, as one turn of the heroes."""
    logged = events(p.s)
    start = max(i for i, e in enumerate(logged) if e[0] in (engine.SETUP_PIECE, engine.SETUP_BONUS, engine.DRAWS)) + 1
    return replay.describe(logged[:start] + [(engine.TURN, 1, 0, 0, 0)] + logged[start:], SEATS, p.rules)


def test_a_shot_and_a_close_combat_are_told():
    p = Position(["1.k.."])
    p.dice(3, 4)
    engine.fire(p.s, p.t, 0, fire(JOE, HANDGUN, p.cell(0, 2), KIDDOO))
    p.dice(6, 6, 1, 1)
    p.choices(pick(p.cell(0, 3), KIDDOO))
    engine.move(p.s, p.t, 0, move(JOE, p.cell(0, 2)))
    line = told(p)[-1]
    assert "Joe fires the handgun at Kiddoo on (1,3): 7 against 7+, a hit; Kiddoo is hit for 1; " \
           "Kiddoo takes 1 (damage 1)" in line
    assert "Joe moves from (1,1) to (1,3); Joe fights Kiddoo: 12 against 3; Kiddoo takes 1 (damage 2); " \
           "Kiddoo is put on (1,4)" in line


def test_a_hero_ducks_before_picking_up_what_lies_next_door():
    """A hero who ducks onto kit lying about picks it up there, after the duck: the replay tells them in that order."""
    p = Position(["1...s"])
    p.s.dropped[p.cell(0, 1), STUN] = 1
    p.hand(HEROES, p.card(HEROES, "joe/arnie duck"))
    p.dice(4, 3)
    p.choices(option(YES, 0, 0, 0, -1), pick(p.cell(0, 1), JOE))
    engine.fire(p.s, p.t, MONSTERS, fire(SHAGGOO, LASER_EYE, p.cell(0, 0)))
    assert p.s.carry[JOE, STUN] == 1
    assert "Joe ducks (a Duck card) to (1,2); Joe picks up the stun" in told(p)[-1]


def test_kit_that_costs_no_action_is_told_with_its_square():
    p = Position(["1."])
    p.put(ARNIE, 0, 0)
    p.give(JOE, OXYGEN_TANKS, STUN)
    engine.free_use(p.s, p.t, option(DROP_TANKS, JOE, 0, p.cell(0, 0), -1))
    engine.free_use(p.s, p.t, option(SWAP, JOE, STUN, p.cell(0, 0), ARNIE))
    assert "Joe puts the oxygen tanks down on (1,1) (no action); Joe hands over the stun on (1,1) (no action)" in \
        told(p)[-1]


def test_the_maps_show_every_counter_of_the_bloob():
    """The Bloob extends, crawls, retracts a counter and loses one to damage: the end map shows the counters left."""
    p = Position(["..b..."])
    p.s.bloob_at[1] = p.cell(0, 3)  # extended east
    p.s.bloob_at[2] = p.cell(0, 4)
    p.s.damage[BLOOB] = 1
    engine.hurt(p.s, p.t, BLOOB, 1 + p.t.bloob_ignores, 1, False)  # 3 damage in all: a counter lost
    assert list(p.s.bloob_at) == [p.cell(0, 2), p.cell(0, 3), -1]
    assert events(p.s)[-1] == (engine.SHRINKS, p.cell(0, 4), 0, 0, 0)
    w = p.width
    start, east = 2, 3  # squares (1,3) and (1,4)
    logged = [(engine.SETUP_PIECE, BLOOB, start, 0, 0), (engine.TURN, 1, 1, 0, 0),
              (engine.POWER, BLOOB, EXTEND, east, 0), (engine.POWER, BLOOB, EXTEND, east + 1, 0),
              (engine.MOVES, BLOOB, start, w + 3, 0), (engine.SHRINKS, east + 1, 0, 0, 0),
              (engine.POWER, BLOOB, RETRACT, w + 3, 0), (engine.POWER, BLOOB, EXTEND, w + 2, 0),
              (engine.GAME_ENDS, 2, 1, -1, 0)]
    lines = replay.describe(logged, SEATS, p.rules)
    assert "Bloob extends the Bloob to (1,5); Bloob moves a counter from (1,3) to (2,4); the Bloob loses its counter on (1,5) " \
           "for good;" in lines[-3 - len(p.rules.map)]
    drawn = lines[-1 - len(p.rules.map):-1]
    bloob = sorted((r, c) for r, row in enumerate(drawn) for c, ch in enumerate(row.strip()) if ch == "b")
    assert bloob == [(0, 3), (1, 2)]
