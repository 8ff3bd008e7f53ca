"""The replay of a two-player game tells each rule point in the rules' words (whole games are replayed against
their records in tests/sim/test_replay.py)."""

from balance.games.duel import engine, replay
from balance.games.duel.decisions import HANDGUN
from balance.kit.log import events
from tests.games.duel.position import JOE, KIDDOO, Position, fire, move, pick

SEATS = ["Seat 1 (sniper)", "Seat 2 (hunter)"]


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
