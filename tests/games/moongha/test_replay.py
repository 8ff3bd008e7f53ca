"""The replay of a Moongha Invaders game: the engine logs every rule point, and the lines say it in the rules' words.

The rulebook's EXAMPLES, played in the logged state, are told as the rulebook tells them; whole games' events
agree with the board the engine left (rubble, monsters' cities, VP) and give one line per action.
"""

import pytest

from balance.games.moongha import engine as E
from balance.games.moongha import replay
from balance.games.moongha.decisions import A_HERO, A_WHITE, TT_CITY, TT_MONSTER
from balance.games.moongha.rules import Rules
from balance.games.moongha.state import (
    ARMOUR, AVAILABLE, BLOOB, CAPTURED, DRAKOOR, HERO, INFANTRY, MECHOOR, MOOGRE, ON_BOARD, SPECTOOR, WHITE,
)
from balance.kit.log import events
from balance.scenario import from_dict, load_scenario
from balance.sim.replay import play_logged
from tests.games.moongha.position import CITY, all_used, choices, dice, fresh, put

LONDON, PARIS, ROME = CITY["London"], CITY["Paris"], CITY["Rome"]
SEATS = ["Seat 1 (wrecker)", "Seat 2 (lurker)", "Seat 3 (hunter)", "Seat 4 (balanced)"]


def action_told(s, rules, player, code, arg=0):
    """The events of the action just played, and its line as the replay tells it."""
    logged = events(s)
    return logged, replay.describe([(E.ACTION_TAKEN, player, code, arg, 0)] + logged, SEATS, rules)[-1]


def test_example_mechoor_attacks_the_city_is_told():
    """Rulebook EXAMPLE (Monster vs City Combat): 4 tokens; the armour fires first, 2 hits; 12 dice, 6 hits: three
    remove the humans, three are red rubble in the city."""
    s, t = fresh()
    red = 1
    mechoor = put(s, t, red, MECHOOR, "Paris", hidden=True)
    s.city_humans[PARIS, ARMOUR] = 1
    s.city_humans[PARIS, INFANTRY] = 1
    s.city_humans[PARIS, HERO] = 1
    s.box_attack[red, MECHOOR] = 3
    choices(s, (MECHOOR,), (4,), (mechoor, TT_CITY, 0, PARIS))
    dice(s, 4, 5, 1, *([6] * 6), *([1] * 6))
    E.do_attack(s, t, red)
    assert all_used(s)
    logged, line = action_told(s, Rules(), red, A_WHITE, WHITE)
    assert logged == [(E.WHITE_TOKEN, red, MECHOOR, 4, 0), (E.ATTACK, red, MECHOOR, 4, 12),
                      (E.ATTACKS, mechoor, TT_CITY, 0, PARIS), (E.REVEALED, red, mechoor, 0, 0),
                      (E.ARMOUR_FIRES, PARIS, 1, 3, 2), (E.DAMAGED, red, mechoor, 2, 2),
                      (E.MONSTER_ROLLS, red, MECHOOR, 12, 6), (E.HUMANS_LOST, PARIS, ARMOUR, 1, 0),
                      (E.HUMANS_LOST, PARIS, INFANTRY, 1, 0), (E.HUMANS_LOST, PARIS, HERO, 1, 0),
                      (E.RUBBLE, red, PARIS, 3, 3)]
    assert line == ("  Seat 2 (lurker) takes an Attack token (white): puts it in the Mechoor box and attacks expending 4 "
                    "tokens (12 dice); Mechoor attacks Paris (Mechoor revealed); 1 armour fires first, 3 dice: 2 hits; "
                    "Mechoor takes 2 damage (2 of 6); Mechoor rolls 12 dice: 6 hits; removes 1 armour, 1 infantry, "
                    "1 hero; 3 rubble in Paris (3 of 8)")


def test_example_moogre_destroys_a_mechoor_for_a_trophy_is_told():
    """Rulebook EXAMPLE (Monster vs Monster Combat): yellow's Moogre, 2 tokens, 4 dice, 2 hits, destroys red's
    Mechoor (4 damage already): it goes to yellow's Moogre box, worth 6 VP; its stored tokens go back."""
    s, t = fresh()
    yellow, red = 0, 1
    moogre = put(s, t, yellow, MOOGRE, "Rome")
    mechoor = put(s, t, red, MECHOOR, "Rome")
    put(s, t, red, BLOOB, "Rome", hidden=True)
    s.city_humans[ROME, INFANTRY] = 1
    s.box_damage[red, MECHOOR] = 4
    s.brown_rubble -= 4
    s.box_attack[yellow, MOOGRE] = 1
    s.box_attack[red, MECHOOR] = 2
    choices(s, (MOOGRE,), (2,), (moogre, TT_MONSTER, red, mechoor))
    dice(s, 4, 6, 1, 2)
    E.do_attack(s, t, yellow)
    assert all_used(s) and s.piece_where[red, mechoor] == CAPTURED
    logged, line = action_told(s, Rules(), yellow, A_WHITE, WHITE)
    assert logged == [(E.WHITE_TOKEN, yellow, MOOGRE, 2, 0), (E.ATTACK, yellow, MOOGRE, 2, 4),
                      (E.ATTACKS, moogre, TT_MONSTER, red, mechoor), (E.MONSTER_ROLLS, yellow, MOOGRE, 4, 2),
                      (E.DESTROYED, red, mechoor, CAPTURED, yellow), (E.TOKENS_RETURNED, red, MECHOOR, 2, 0)]
    assert line == ("  Seat 1 (wrecker) takes an Attack token (white): puts it in the Moogre box and attacks expending 2 "
                    "tokens (4 dice); Moogre attacks Seat 2's Mechoor; Moogre rolls 4 dice: 2 hits; Seat 2's Mechoor "
                    "is destroyed: a trophy in Seat 1's Moogre box (6 VP) (its 2 stored Attack tokens back to the "
                    "stock)")


def test_example_hero_placed_in_london_is_told():
    """Rulebook EXAMPLE (Action Four): a second hero in London rolls two dice against each hidden monster, both
    are revealed; the heroes' 5 destroys the Drakoor; the infantry's one hit on Spectoor does not kill it."""
    s, t = fresh()
    blue = 2
    dr = put(s, t, 0, DRAKOOR, "London", hidden=True)
    sp = put(s, t, 1, SPECTOOR, "London", hidden=True)
    s.city_humans[LONDON, HERO] = 1
    s.city_humans[LONDON, INFANTRY] = 1
    dice(s, 5, 1, 2, 4, 5, 2, 4, 1)
    E.place_hero(s, t, blue, LONDON)
    assert all_used(s) and s.piece_where[0, dr] == AVAILABLE
    logged, line = action_told(s, Rules(), blue, A_HERO)
    assert logged == [(E.HERO_ARRIVES, LONDON, 2, 0, 0), (E.REVEAL_ROLL, 0, dr, 2, 1), (E.REVEAL_ROLL, 1, sp, 2, 1),
                      (E.HEROES_FIRE, LONDON, 2, 1, 0), (E.DESTROYED, 0, dr, AVAILABLE, -1),
                      (E.MILITARY_FIRE, 1, sp, 2, 1), (E.DAMAGED, 1, sp, 1, 1)]
    assert line == ("  Seat 3 (hunter) takes a hero: places it in London (2 heroes there); Seat 1's Drakoor 1 revealed "
                    "(2 dice, 1 hit); Seat 2's Spectoor revealed (2 dice, 1 hit); the heroes roll 2 dice against the "
                    "revealed Drakoors: 1 hit; Seat 1's Drakoor 1 is destroyed; the armour and infantry there fire 2 "
                    "dice at Seat 2's Spectoor: 1 hit; Seat 2's Spectoor takes 1 damage (1 of 3)")


SCENARIOS = [
    load_scenario("scenarios/moongha/four-players-mixed.toml"),
    from_dict({"game": "moongha", "players": 3, "seed": 8, "seats": [{"policy": "random"}] * 3}),
]


@pytest.mark.parametrize("sc", SCENARIOS, ids=["mixed", "random"])
def test_the_events_of_a_game_agree_with_the_board_the_engine_left(sc):
    """Every change the replay tells is logged: rubble by city and colour, the monsters' cities, one line per
    action, the VP of the last scoring, and the end."""
    n = sc.players
    seats = [f"Seat {p + 1} ({seat.label})" for p, seat in enumerate(sc.seats)]
    for game in range(4):
        s, t, _, _, (_, reason, turns) = play_logged(sc, game)
        logged = events(s)
        told = replay.tell(logged, seats, sc.rules)
        cities = t.n_cities
        assert told.rubble == [int(s.city_rubble[:n + 1, c].sum()) for c in range(cities)]
        assert told.placed == list(s.rubble_placed[:n])
        on_board = {(p, i): int(s.piece_city[p, i]) for p in range(n) for i in range(t.n_pieces)
                    if s.piece_where[p, i] == ON_BOARD}
        assert told.city_of == on_board
        assert sum(1 for line in told.lines if line.startswith("  Seat ")) == s.actions
        assert sum(1 for line in told.lines if line.startswith("End of turn ")) == turns
        last = {e[1]: e[2:] for e in logged if e[0] == E.VP}
        more = {e[1]: e[2:] for e in logged if e[0] == E.VP_MORE}
        for p in range(n):
            assert last[p] == tuple(s.vp[p, :3]) and more[p][:2] == (s.vp[p, 3], s.scores[p])
        end = told.lines[-1]
        assert end.startswith("The game ends") and (reason != E.TURNS_PLAYED or "after the last turn" in end)
        assert (" wins" in end or "no winner" in end) == ("tie for the most VP" in end)
