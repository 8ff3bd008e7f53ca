"""Phase two, rule by rule, on hand-made positions with scripted dice and choices."""

import pytest

from balance.games.moongha import decisions as D
from balance.games.moongha import engine
from balance.games.moongha.decisions import A_PLACE_PASS, A_REMOVE_PASS, TT_CITY, TT_HUMANS, TT_MONSTER
from balance.games.moongha.rules import CONNECTIONS, Rules
from balance.games.moongha.state import (
    ARMOUR, AVAILABLE, A_BOMB, BLOOB, BOX_HERO, BOX_MILITARY_ONE, BOX_MILITARY_TWO, BOX_ORANGE, BOX_PURPLE, BOX_WHITE,
    CAPTURED, DRAKOOR, HERO, INFANTRY, IN_HAND, JET, KIDDOO, MECHOOR, MOOGRE, ON_BOARD, ORANGE, OUT_OF_GAME, PURPLE,
    SHAGGOO, SPECTOOR, WHITE, leave_board,
)
from balance.rules import apply_overrides
from tests.games.moongha.position import (
    CITY, all_used, choices, choices_taken, dice, dice_rolled, fresh, options, put,
)

LONDON, PARIS, ROME, TOKYO = CITY["London"], CITY["Paris"], CITY["Rome"], CITY["Tokyo"]


def with_options(**kv):
    return apply_overrides(Rules, {f"options.{k}": v for k, v in kv.items()})[0]


def with_rules(**kv):
    """Rules with overrides by dotted key, written with '__' for the dots (monsters__kiddoo__damages_cities=True)."""
    return apply_overrides(Rules, {k.replace("__", "."): v for k, v in kv.items()})[0]


# ---------------------------------------------------------------- Create/Heal

def test_example_simon_three_tokens_do_not_create_mechoor_the_fourth_must():
    s, t = fresh()
    s.box_create[0, MECHOOR] = 2
    choices(s, (0, MECHOOR))
    engine.do_create_heal(s, t, 0)
    assert s.box_create[0, MECHOOR] == 3 and s.piece_where[0, 0] == AVAILABLE
    stock = s.stock_tokens[ORANGE]
    choices(s, (0, MECHOOR), (ROME, MECHOOR))
    engine.do_create_heal(s, t, 0)
    assert all_used(s)
    assert s.piece_where[0, 0] == ON_BOARD and s.piece_city[0, 0] == ROME and s.piece_hidden[0, 0] == 1
    assert s.box_create[0, MECHOOR] == 0 and s.stock_tokens[ORANGE] == stock + 4
    assert s.created[0, MECHOOR] == 1


def test_tokens_go_only_to_boxes_with_a_piece_to_create():
    s, t = fresh()
    put(s, t, 0, MECHOOR, "Rome")
    n = engine.create_heal_options(s, t, 0, 0)
    kinds = [o[1] for o in options(s, n) if o[0] == 0]
    assert MECHOOR not in kinds and DRAKOOR in kinds


def test_drakoor_costs_one_plus_one_per_drakoor_on_the_board():
    s, t = fresh()
    assert engine.creation_cost(s, t, 0, DRAKOOR) == 1
    put(s, t, 0, DRAKOOR, "Rome")
    put(s, t, 0, DRAKOOR, "Paris")
    assert engine.creation_cost(s, t, 0, DRAKOOR) == 3
    s.box_create[0, DRAKOOR] = 3  # ready since a Drakoor was destroyed: a token is still needed
    leave_board(s, t, 0, t.kind_first[DRAKOOR], AVAILABLE)
    choices(s, (0, DRAKOOR), (TOKYO, DRAKOOR))
    engine.do_create_heal(s, t, 0)
    assert all_used(s) and s.on_board[0, DRAKOOR] == 2


def test_a_drakoors_cost_counts_only_its_owners_drakoors_on_the_board():
    """The Monsters, DRAKOOR: 'one plus one for each such monster you already have on the board'."""
    s, t = fresh()
    put(s, t, 1, DRAKOOR, "Rome")
    put(s, t, 1, DRAKOOR, "Paris")
    put(s, t, 2, DRAKOOR, "Tokyo")
    put(s, t, 0, DRAKOOR, "London")
    assert engine.creation_cost(s, t, 0, DRAKOOR) == 2 and engine.creation_cost(s, t, 1, DRAKOOR) == 3
    s.box_create[0, DRAKOOR] = 1
    choices(s, (0, DRAKOOR), (TOKYO, DRAKOOR))  # the second token creates seat 0's second Drakoor
    engine.do_create_heal(s, t, 0)
    assert all_used(s) and s.on_board[0, DRAKOOR] == 2 and s.box_create[0, DRAKOOR] == 0


def test_the_first_bloob_costs_three():
    s, t = fresh()
    s.box_create[0, BLOOB] = 1
    choices(s, (0, BLOOB))
    engine.do_create_heal(s, t, 0)  # two tokens, no Bloob on the board: no spawn
    assert s.box_create[0, BLOOB] == 2 and s.on_board[0, BLOOB] == 0


def test_a_further_bloob_for_two_tokens_only_in_or_next_to_a_bloob_city():
    s, t = fresh()
    put(s, t, 0, BLOOB, "Rome", hidden=True)
    s.box_create[0, BLOOB] = 1
    choices(s, (0, BLOOB), (-9,))  # nothing matches the second: we only look at its options
    with pytest.raises(ValueError):
        engine.do_create_heal(s, t, 0)
    spawn = sorted(o[0] for o in options(s, 1 + 4))
    assert spawn == sorted([-1, ROME, PARIS, CITY["Moscow"], CITY["Cairo"]])


def test_a_bloob_spawned_for_two_tokens():
    s, t = fresh()
    put(s, t, 0, BLOOB, "Rome")
    s.box_create[0, BLOOB] = 1
    choices(s, (0, BLOOB), (PARIS,))
    engine.do_create_heal(s, t, 0)
    assert all_used(s) and s.on_board[0, BLOOB] == 2 and s.box_create[0, BLOOB] == 0


def test_declining_the_spawn_needs_a_third_token_then_anywhere():
    s, t = fresh()
    put(s, t, 0, BLOOB, "Rome")
    s.box_create[0, BLOOB] = 1
    choices(s, (0, BLOOB), (-1,))
    engine.do_create_heal(s, t, 0)
    assert s.box_create[0, BLOOB] == 2
    choices(s, (0, BLOOB), (TOKYO, BLOOB))
    engine.do_create_heal(s, t, 0)
    assert all_used(s) and s.on_board[0, BLOOB] == 2 and s.box_create[0, BLOOB] == 0


def test_heal_removes_one_damage_and_returns_the_brown_rubble():
    s, t = fresh()
    put(s, t, 0, MECHOOR, "Rome")
    s.box_damage[0, MECHOOR] = 2
    s.brown_rubble -= 2
    stock = s.stock_tokens[ORANGE]
    choices(s, (1, 0, MECHOOR))
    engine.do_create_heal(s, t, 0)
    assert s.box_damage[0, MECHOOR] == 1 and s.brown_rubble == 19 and s.stock_tokens[ORANGE] == stock + 1


def test_only_own_monsters_are_healed_by_default():
    s, t = fresh()
    put(s, t, 1, MECHOOR, "Rome")
    s.box_damage[1, MECHOOR] = 2
    n = engine.create_heal_options(s, t, 0, 0)
    assert not [o for o in options(s, n) if o[0] == 1]
    s, t = fresh(rules=with_options(heal_target="any"))
    s.box_damage[1, MECHOOR] = 2
    n = engine.create_heal_options(s, t, 0, 0)
    assert (1, 1, MECHOOR, 0) in options(s, n)


# ---------------------------------------------------------------- Attack

def test_attack_tokens_go_only_to_boxes_with_a_monster_on_the_board_and_may_be_stored():
    s, t = fresh()
    put(s, t, 0, MOOGRE, "Rome", hidden=True)
    choices(s, (MOOGRE,), (0,))
    engine.do_attack(s, t, 0)
    assert all_used(s) and s.box_attack[0, MOOGRE] == 1 and s.piece_hidden[0, 1] == 1


def test_example_mechoor_killed_by_moogre_scores_six():
    """Rulebook EXAMPLE: yellow's Moogre (2 tokens, 4 dice, 2 hits) destroys red's Mechoor (4 damage);
    the hidden Bloob cannot be targeted and the infantry takes no part."""
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
    white = s.stock_tokens[WHITE]
    n = engine.target_options(s, t, yellow, moogre, 0)
    assert options(s, n) == [(moogre, TT_MONSTER, red, mechoor), (moogre, TT_HUMANS, 0, ROME),
                             (moogre, TT_CITY, 0, ROME)]
    choices(s, (MOOGRE,), (2,), (moogre, TT_MONSTER, red, mechoor))
    dice(s, 4, 6, 1, 2)
    engine.do_attack(s, t, yellow)
    assert all_used(s)
    assert s.piece_where[red, mechoor] == CAPTURED and s.moogre_vp[yellow] == 6
    assert s.brown_rubble == 20 and s.box_damage[red, MECHOOR] == 0
    assert s.stock_tokens[WHITE] == white + 2 + 2  # the 2 expended and Mechoor's 2 stored
    assert s.city_humans[ROME, INFANTRY] == 1 and s.lost[red, MECHOOR] == 1
    engine.score(s, t)
    assert s.vp[yellow, 3] == 6


def test_armour_and_infantry_take_no_part_in_a_fight_between_monsters():
    s, t = fresh()
    moogre = put(s, t, 0, MOOGRE, "Rome")
    mechoor = put(s, t, 1, MECHOOR, "Rome")
    s.city_humans[ROME, ARMOUR] = 1
    s.city_humans[ROME, INFANTRY] = 1
    s.box_attack[0, MOOGRE] = 1
    choices(s, (MOOGRE,), (1,), (moogre, TT_MONSTER, 1, mechoor))
    dice(s, 1, 1, 6, 6, 6, 6)  # Moogre's two dice miss; no armour or infantry die follows
    engine.do_attack(s, t, 0)
    assert not all_used(s) and s.box_damage[0, MOOGRE] == 0 and s.box_damage[1, MECHOOR] == 0
    assert s.city_humans[ROME, ARMOUR] == 1 and s.city_humans[ROME, INFANTRY] == 1


def test_example_mechoor_attacks_the_city_armour_fires_first():
    """Rulebook EXAMPLE: 4 tokens; armour scores 2 hits; 12 dice, 6 hits: 3 remove the humans, 3 are red rubble."""
    s, t = fresh()
    red = 1
    mechoor = put(s, t, red, MECHOOR, "Paris", hidden=True)
    s.city_humans[PARIS, ARMOUR] = 1
    s.city_humans[PARIS, INFANTRY] = 1
    s.city_humans[PARIS, HERO] = 1
    s.box_attack[red, MECHOOR] = 3
    choices(s, (MECHOOR,), (4,), (mechoor, TT_CITY, 0, PARIS))
    dice(s, 4, 5, 1, *([6] * 6), *([1] * 6))
    engine.do_attack(s, t, red)
    assert all_used(s)
    assert s.box_damage[red, MECHOOR] == 2 and s.brown_rubble == 18
    assert s.piece_hidden[red, mechoor] == 0
    assert s.city_humans[PARIS].sum() == 0
    assert s.city_rubble[red, PARIS] == 3 and s.rubble_placed[red] == 3


def test_example_bloobs_attack_in_rome_and_tokyo():
    """Rulebook EXAMPLE: 3 tokens, 3 dice per Bloob; the Rome Bloob misses, the infantry fires back and
    its hit destroys the Bloob (2 damage already); the Tokyo Bloob scores one hit."""
    s, t = fresh()
    yellow = 0
    rome = put(s, t, yellow, BLOOB, "Rome")
    tokyo = put(s, t, yellow, BLOOB, "Tokyo", hidden=True)
    s.city_humans[ROME, INFANTRY] = 1
    s.box_damage[yellow, BLOOB] = 2
    s.brown_rubble -= 2
    s.box_attack[yellow, BLOOB] = 2
    choices(s, (BLOOB,), (3,), (rome, TT_CITY, 0, ROME), (tokyo, TT_CITY, 0, TOKYO))
    dice(s, 1, 2, 3, 4, 1, 5, 1, 1)
    engine.do_attack(s, t, yellow)
    assert all_used(s)
    assert s.piece_where[yellow, rome] == AVAILABLE and s.lost[yellow, BLOOB] == 1
    assert s.piece_hidden[yellow, tokyo] == 0 and s.city_rubble[yellow, TOKYO] == 1
    assert s.city_humans[ROME, INFANTRY] == 1 and s.box_damage[yellow, BLOOB] == 0


def test_bloob_damage_spills_to_another_bloob_in_the_city_even_hidden():
    s, t = fresh()
    a = put(s, t, 1, BLOOB, "Rome")
    b = put(s, t, 1, BLOOB, "Rome", hidden=True)
    c = put(s, t, 1, BLOOB, "Tokyo")
    mech = put(s, t, 0, MECHOOR, "Rome")
    s.box_attack[0, MECHOOR] = 1
    choices(s, (MECHOOR,), (2,), (mech, TT_MONSTER, 1, a))
    dice(s, 4, 4, 4, 4, 4, 1)
    engine.do_attack(s, t, 0)
    assert all_used(s)
    assert s.piece_where[1, a] == AVAILABLE and s.piece_where[1, b] == ON_BOARD
    assert s.box_damage[1, BLOOB] == 2 and s.piece_where[1, c] == ON_BOARD


@pytest.mark.parametrize("reading", ["spill_over", "wasted"])
def test_hits_beyond_a_destroyed_bloob_spill_over_or_are_wasted(reading):
    """``options.bloob_excess_hits``: Action Two, THE BLOOB: 'any further damage will be inflicted against
    this Bloob, even if it is hidden' (default); The Monsters, BLOOB: 'Only the Bloob under attack suffers
    damage, so any excess hits are wasted'."""
    s, t = fresh(rules=with_options(bloob_excess_hits=reading))
    a = put(s, t, 1, BLOOB, "Rome")
    b = put(s, t, 1, BLOOB, "Rome", hidden=True)
    mech = put(s, t, 0, MECHOOR, "Rome")
    s.box_attack[0, MECHOOR] = 1
    choices(s, (MECHOOR,), (2,), (mech, TT_MONSTER, 1, a))
    dice(s, 4, 4, 4, 4, 4, 1)  # five hits: three destroy the target
    engine.do_attack(s, t, 0)
    assert all_used(s) and s.piece_where[1, a] == AVAILABLE and s.piece_where[1, b] == ON_BOARD
    assert s.box_damage[1, BLOOB] == (2 if reading == "spill_over" else 0)
    assert s.brown_rubble == 20 - s.box_damage[1, BLOOB]


@pytest.mark.parametrize("spill_all,excess,second_destroyed", [(True, "spill_over", True),
                                                               (False, "spill_over", False),
                                                               (True, "wasted", False)])
def test_military_hits_beyond_a_destroyed_bloob(spill_all, excess, second_destroyed):
    """``options.bloob_spill_all_damage``: the spill-over is the Bloob's (every attacker's hits pass on) by
    default, only monsters' under false; under ``bloob_excess_hits = wasted`` nothing passes on."""
    s, t = fresh(rules=with_options(bloob_spill_all_damage=spill_all, bloob_excess_hits=excess))
    a = put(s, t, 1, BLOOB, "Paris")
    b = put(s, t, 1, BLOOB, "Paris", hidden=True)
    s.city_humans[PARIS, ARMOUR] = 1
    choices(s, (PARIS, D.FOR_ARMOUR), (1, a, ARMOUR), (1, a, ARMOUR, t.armour_dice))
    dice(s, *([5] * 6))  # both armour at the revealed Bloob: six hits
    engine.use_military(s, t, 0, ARMOUR)
    assert all_used(s) and s.piece_where[1, a] == AVAILABLE
    assert (s.piece_where[1, b] == AVAILABLE) == second_destroyed and s.box_damage[1, BLOOB] == 0
    assert s.lost[1, BLOOB] == (2 if second_destroyed else 1)


def test_excess_damage_on_a_lone_bloob_is_lost():
    s, t = fresh()
    a = put(s, t, 1, BLOOB, "Rome")
    put(s, t, 1, BLOOB, "Tokyo")
    engine.damage_monster(s, t, 1, a, 5, MECHOOR, 0)
    assert s.piece_where[1, a] == AVAILABLE and s.box_damage[1, BLOOB] == 0


def test_shaggoo_attacks_a_hidden_monster_and_reveals_both():
    s, t = fresh()
    sh = put(s, t, 0, SHAGGOO, "Rome", hidden=True)
    sp = put(s, t, 1, SPECTOOR, "Rome", hidden=True)
    choices(s, (SHAGGOO,), (1,), (sh, TT_MONSTER, 1, sp))
    dice(s, 1)
    engine.do_attack(s, t, 0)
    assert all_used(s) and s.piece_hidden[0, sh] == 0 and s.piece_hidden[1, sp] == 0


def test_shaggoo_reveals_a_drakoor_but_cannot_hurt_it():
    s, t = fresh()
    sh = put(s, t, 0, SHAGGOO, "Rome")
    dr = put(s, t, 1, DRAKOOR, "Rome", hidden=True)
    choices(s, (SHAGGOO,), (1,), (sh, TT_MONSTER, 1, dr))
    dice(s, 6)
    engine.do_attack(s, t, 0)
    assert all_used(s) and s.piece_where[1, dr] == ON_BOARD and s.piece_hidden[1, dr] == 0


def test_only_drakoors_and_heroes_hurt_drakoors():
    s, t = fresh()
    mech = put(s, t, 0, MECHOOR, "Rome")
    dr = put(s, t, 1, DRAKOOR, "Rome")
    n = engine.target_options(s, t, 0, mech, 0)
    assert all(o[1] != TT_MONSTER for o in options(s, n))
    assert engine.damage_monster(s, t, 1, dr, 3, D.SRC_MILITARY, -1) == 0
    mine = put(s, t, 0, DRAKOOR, "Rome")
    choices(s, (DRAKOOR,), (1,), (mine, TT_MONSTER, 1, dr))
    dice(s, 4)
    engine.do_attack(s, t, 0)
    assert all_used(s) and s.piece_where[1, dr] == AVAILABLE


def test_hidden_monsters_and_own_monsters_are_not_targets():
    s, t = fresh()
    moogre = put(s, t, 0, MOOGRE, "Rome")
    put(s, t, 0, SPECTOOR, "Rome")
    put(s, t, 1, SPECTOOR, "Rome", hidden=True)
    n = engine.target_options(s, t, 0, moogre, 0)
    assert [o[1] for o in options(s, n)] == [TT_CITY]


def test_kiddoo_joins_with_one_die_and_strikes_before_the_armour():
    s, t = fresh()
    mech = put(s, t, 0, MECHOOR, "Paris")
    kid = put(s, t, 0, KIDDOO, "Paris", hidden=True)
    s.city_humans[PARIS, ARMOUR] = 1
    choices(s, (MECHOOR,), (1,), (mech, TT_CITY, 0, PARIS), (0, 1))
    dice(s, 6, 4, 4, 1)  # Kiddoo's one die removes the armour, which never fires; Mechoor: 2 hits on the city
    engine.do_attack(s, t, 0)
    assert all_used(s)
    assert s.piece_hidden[0, kid] == 0 and s.city_humans[PARIS, ARMOUR] == 0
    assert s.box_damage[0, MECHOOR] == 0 and s.city_rubble[0, PARIS] == 2


def test_kiddoo_joining_a_city_attack_never_damages_the_city():
    """Monster vs City Combat: 'Only three monsters are powerful enough to damage a city, Mechoor, Moogre, and
    The Bloob'.  Issue 16's reproduction: Kiddoo's hit with no humans left is wasted, not red rubble."""
    s, t = fresh()
    red = 1
    mech = put(s, t, red, MECHOOR, "Paris")
    put(s, t, red, KIDDOO, "Paris")
    choices(s, (MECHOOR,), (1,), (mech, TT_CITY, 0, PARIS), (0,))
    dice(s, 6, 1, 1, 1)  # Kiddoo 6; Mechoor 1, 1, 1
    engine.do_attack(s, t, red)
    assert all_used(s)
    assert s.city_rubble[red, PARIS] == 0 and s.rubble_placed[red] == 0 and engine.city_damage(s, PARIS) == 0


def test_kiddoo_joining_a_city_attack_removes_a_human_and_wastes_the_rest():
    s, t = fresh()
    mech = put(s, t, 0, MECHOOR, "Paris")
    put(s, t, 0, KIDDOO, "Paris")
    s.box_attack[0, KIDDOO] = 2
    s.city_humans[PARIS, INFANTRY] = 1
    choices(s, (MECHOOR,), (1,), (mech, TT_CITY, 0, PARIS), (2,))
    dice(s, 6, 6, 4, 1, 1)  # Kiddoo: 2 hits, 1 removes the infantry; Mechoor: 1 hit on the city
    engine.do_attack(s, t, 0)
    assert all_used(s)
    assert s.city_humans[PARIS, INFANTRY] == 0 and s.city_rubble[0, PARIS] == 1


@pytest.mark.parametrize("kiddoo_wrecks", [False, True])
def test_kiddoos_city_symbol_decides_whether_its_hits_damage_the_city(kiddoo_wrecks):
    """``monsters.kiddoo.damages_cities``: with the exploding-city symbol (not the printed box) Kiddoo attacks
    cities on its own, and its hits left after the humans in a joined attack are rubble."""
    s, t = fresh(rules=with_rules(monsters__kiddoo__damages_cities=kiddoo_wrecks))
    mech = put(s, t, 1, MECHOOR, "Paris")
    kid = put(s, t, 1, KIDDOO, "Paris")
    n = engine.target_options(s, t, 1, kid, 0)
    assert ((kid, TT_CITY, 0, PARIS) in options(s, n)) == kiddoo_wrecks
    choices(s, (MECHOOR,), (1,), (mech, TT_CITY, 0, PARIS), (0,))
    dice(s, 6, 1, 1, 1)
    engine.do_attack(s, t, 1)
    assert all_used(s) and s.city_rubble[1, PARIS] == (1 if kiddoo_wrecks else 0)


@pytest.mark.parametrize("mechoor_wrecks", [True, False])
def test_only_a_monster_with_the_city_symbol_may_attack_the_city(mechoor_wrecks):
    """``monsters.mechoor.damages_cities``: without the symbol Mechoor has no city to attack."""
    s, t = fresh(rules=with_rules(monsters__mechoor__damages_cities=mechoor_wrecks))
    mech = put(s, t, 0, MECHOOR, "Paris")
    n = engine.target_options(s, t, 0, mech, 0)
    assert options(s, n) == ([(mech, TT_CITY, 0, PARIS)] if mechoor_wrecks else [])


@pytest.mark.parametrize("reading", ["hidden_or_revealed", "revealed_only"])
def test_a_hidden_kiddoo_joins_only_when_hidden_kiddoos_may(reading):
    """``options.kiddoo_joins``: 'a city that also contains your Kiddoo piece' - a hidden Kiddoo joins (and is
    revealed) by default; under revealed_only it stays out, and the attack is the Mechoor's alone."""
    s, t = fresh(rules=with_options(kiddoo_joins=reading))
    mech = put(s, t, 0, MECHOOR, "Paris")
    kid = put(s, t, 0, KIDDOO, "Paris", hidden=True)
    s.city_humans[PARIS, INFANTRY] = 1
    joins = reading == "hidden_or_revealed"
    choices(s, (MECHOOR,), (1,), (mech, TT_HUMANS, 0, PARIS), *([(0, 1)] if joins else []))
    dice(s, *([6] if joins else []), 1, 1, 1, *([] if joins else [1, 1]))  # without Kiddoo the infantry fires
    engine.do_attack(s, t, 0)
    assert all_used(s)
    assert s.piece_hidden[0, kid] == (0 if joins else 1)
    assert s.city_humans[PARIS, INFANTRY] == (0 if joins else 1)


@pytest.mark.parametrize("reading", ["any_attacker", "moogre_only"])
@pytest.mark.parametrize("attacker", [MECHOOR, MOOGRE])
def test_kiddoo_joins_an_attack_on_a_monster_by_any_of_its_monsters_or_only_moogre(reading, attacker):
    """``options.kiddoo_against_monsters``, The Monsters, KIDDOO: 'If you attack with a monster in a city that also
    contains your Kiddoo piece then you can attack with Kiddoo as well ... Kiddoo can also attack alongside Moogre
    against another monster'.  Kiddoo's hit is the only damage the Spectoor takes."""
    s, t = fresh(rules=with_options(kiddoo_against_monsters=reading))
    attacking = put(s, t, 0, attacker, "Rome")
    kid = put(s, t, 0, KIDDOO, "Rome", hidden=True)
    sp = put(s, t, 1, SPECTOOR, "Rome")
    joins = reading == "any_attacker" or attacker == MOOGRE
    choices(s, (attacker,), (1,), (attacking, TT_MONSTER, 1, sp), *([(0, 1)] if joins else []))
    dice(s, *([6] if joins else []), *[1] * t.attack_dice[attacker])  # Kiddoo's one die hits; the attacker misses
    engine.do_attack(s, t, 0)
    assert all_used(s)
    assert s.piece_hidden[0, kid] == (0 if joins else 1)
    assert s.box_damage[1, SPECTOOR] == (1 if joins else 0)


def test_monster_hits_remove_armour_then_infantry_then_heroes():
    """Monster vs Humans Combat: 'armor must be removed first, then infantry, and finally heroes'."""
    s, t = fresh()
    mech = put(s, t, 0, MECHOOR, "Paris")
    s.city_humans[PARIS, ARMOUR] = 1
    s.city_humans[PARIS, INFANTRY] = 1
    s.city_humans[PARIS, HERO] = 1
    choices(s, (MECHOOR,), (1,), (mech, TT_HUMANS, 0, PARIS))
    dice(s, 1, 1, 1, 6, 1, 1, 1, 1)  # the armour misses; one hit; the infantry left returns fire and misses
    engine.do_attack(s, t, 0)
    assert all_used(s)
    assert list(s.city_humans[PARIS, [ARMOUR, INFANTRY, HERO]]) == [0, 1, 1]
    s.box_attack[0, MECHOOR] = 0
    choices(s, (MECHOOR,), (1,), (mech, TT_HUMANS, 0, PARIS))
    dice(s, 6, 1, 1)  # no armour left; one hit takes the infantry before the hero; no infantry fires
    engine.do_attack(s, t, 0)
    assert all_used(s)
    assert list(s.city_humans[PARIS, [ARMOUR, INFANTRY, HERO]]) == [0, 0, 1]


def test_an_attack_on_the_humans_never_damages_the_city():
    s, t = fresh()
    mech = put(s, t, 0, MECHOOR, "Paris")
    s.city_humans[PARIS, INFANTRY] = 1
    choices(s, (MECHOOR,), (1,), (mech, TT_HUMANS, 0, PARIS))
    dice(s, 6, 6, 6)  # three hits: one takes the infantry, the others are wasted
    engine.do_attack(s, t, 0)
    assert all_used(s)
    assert s.city_humans[PARIS, INFANTRY] == 0 and s.city_rubble[0, PARIS] == 0 and engine.city_damage(s, PARIS) == 0


def test_a_jet_staying_in_a_city_falls_after_the_infantry_and_before_the_heroes():
    """``options.jet_after_attack = city``: a jet left in a city is a casualty between infantry and heroes."""
    s, t = fresh(rules=with_options(jet_after_attack="city"))
    mech = put(s, t, 0, MECHOOR, "Paris")
    s.city_humans[PARIS, INFANTRY] = 1
    s.city_humans[PARIS, JET] = 1
    s.city_humans[PARIS, HERO] = 1
    s.stock_humans[JET] -= 1
    choices(s, (MECHOOR,), (1,), (mech, TT_HUMANS, 0, PARIS))
    dice(s, 6, 6, 1)  # two hits: the infantry, then the jet
    engine.do_attack(s, t, 0)
    assert all_used(s)
    assert list(s.city_humans[PARIS, [INFANTRY, JET, HERO]]) == [0, 0, 1] and s.stock_humans[JET] == 2


def test_infantry_returns_fire_only_if_it_survives():
    s, t = fresh()
    mech = put(s, t, 0, MECHOOR, "Paris")
    s.city_humans[PARIS, INFANTRY] = 2
    choices(s, (MECHOOR,), (1,), (mech, TT_HUMANS, 0, PARIS))
    dice(s, 6, 1, 1, 4, 4)  # one infantry left: it fires two dice
    engine.do_attack(s, t, 0)
    assert all_used(s) and s.box_damage[0, MECHOOR] == 2 and s.city_humans[PARIS, INFANTRY] == 1


def test_a_city_holds_at_most_eight_damage():
    s, t = fresh()
    s.city_rubble[4, ROME] = 6
    assert engine.place_player_rubble(s, t, 0, ROME, 5) == 2
    assert engine.city_damage(s, ROME) == 8


def test_a_player_places_no_more_than_twenty_rubble():
    s, t = fresh()
    s.rubble_placed[0] = 19
    assert engine.place_player_rubble(s, t, 0, ROME, 5) == 1


# ---------------------------------------------------------------- Move/Hide

def test_moves_follow_the_connections_within_the_movement_allowance():
    s, t = fresh()
    s.stock_tokens[PURPLE] -= 1
    bloob = put(s, t, 0, BLOOB, "London", hidden=True)
    choices(s, (bloob, PARIS))
    engine.do_move_hide(s, t, 0)
    assert all_used(s) and s.piece_city[0, bloob] == PARIS
    choices(s, (bloob, ROME))
    engine.do_move_hide(s, t, 0)
    assert s.piece_city[0, bloob] == ROME
    # a hidden Bloob (movement 1) in Rome may go to Rome's neighbours only, and cannot hide again
    choices(s, (-9,))
    with pytest.raises(ValueError):
        engine.do_move_hide(s, t, 0)
    assert sorted(o[1] for o in options(s, 3)) == sorted([PARIS, CITY["Moscow"], CITY["Cairo"]])


def test_hide_a_revealed_monster():
    s, t = fresh()
    m = put(s, t, 0, MOOGRE, "London")
    choices(s, (m, -1))
    engine.do_move_hide(s, t, 0)
    assert all_used(s) and s.piece_hidden[0, m] == 1 and s.piece_city[0, m] == LONDON


def test_spectoor_doubles_the_move_hide_action():
    s, t = fresh()
    sp = put(s, t, 0, SPECTOOR, "London", hidden=True)
    m = put(s, t, 0, MOOGRE, "Tokyo")
    choices(s, (m, CITY["Los Angeles"]), (m, -1))
    engine.do_move_hide(s, t, 0)
    assert all_used(s) and s.piece_city[0, m] == CITY["Los Angeles"] and s.piece_hidden[0, m] == 1
    assert s.piece_city[0, sp] == LONDON


@pytest.mark.parametrize("move_back", [True, False])
def test_spectoors_second_move_may_bring_a_monster_back_only_under_its_option(move_back):
    """``options.spectoor_move_back``: 'you perform this action twice' - each move alone obeys 'A monster cannot
    end up in the same city that it started from', so the second may return (default); under false the double
    action is one journey, which may not end where it started."""
    s, t = fresh(rules=with_options(spectoor_move_back=move_back))
    sp = put(s, t, 0, SPECTOOR, "Tokyo", hidden=True)
    m = put(s, t, 0, MOOGRE, "London")
    if move_back:
        choices(s, (m, PARIS), (m, LONDON))
        engine.do_move_hide(s, t, 0)
        assert all_used(s) and s.piece_city[0, m] == LONDON
        return
    choices(s, (m, PARIS), (m, LONDON))
    with pytest.raises(ValueError):  # London is not among the second move's options
        engine.do_move_hide(s, t, 0)
    assert s.piece_city[0, m] == PARIS
    second = options(s, t.move_count[MOOGRE, PARIS] - 1 + t.move_count[SPECTOOR, TOKYO] + 1)
    assert (m, LONDON, 0, 0) not in second and (m, ROME, 0, 0) in second and (m, -1, 0, 0) in second
    assert (sp, LONDON, 0, 0) in second  # another monster may go there


# ---------------------------------------------------------------- heroes and military

def test_example_hero_placed_in_london():
    """Rulebook EXAMPLE: a second hero in London: two reveal dice per hidden monster, both revealed; two hero
    dice, a 5 destroys the Drakoor; the infantry attacks Spectoor, one hit, not enough to kill it."""
    s, t = fresh()
    blue = 2
    dr = put(s, t, 0, DRAKOOR, "London", hidden=True)
    sp = put(s, t, 1, SPECTOOR, "London", hidden=True)
    s.city_humans[LONDON, HERO] = 1
    s.city_humans[LONDON, INFANTRY] = 1
    dice(s, 5, 1, 2, 4, 5, 2, 4, 1)
    engine.place_hero(s, t, blue, LONDON)
    assert all_used(s)
    assert s.piece_where[0, dr] == AVAILABLE and s.lost[0, DRAKOOR] == 1
    assert s.piece_hidden[1, sp] == 0 and s.box_damage[1, SPECTOOR] == 1
    assert s.city_humans[LONDON, HERO] == 2 and s.city_humans[LONDON, INFANTRY] == 1


def test_hero_hits_destroy_even_the_active_players_drakoor():
    s, t = fresh()
    dr = put(s, t, 0, DRAKOOR, "Rome")
    dice(s, 6)
    engine.place_hero(s, t, 0, ROME)
    assert s.piece_where[0, dr] == AVAILABLE


def test_drakoor_killed_by_a_hero_may_leave_the_game():
    s, t = fresh(rules=with_options(drakoor_killed_by_hero="out_of_game"))
    dr = put(s, t, 0, DRAKOOR, "Rome")
    dice(s, 6)
    engine.place_hero(s, t, 1, ROME)
    assert s.piece_where[0, dr] == 3


def test_example_armour_placed_in_paris_fourth_hit_wasted():
    """Rulebook EXAMPLE: armour placed in Paris; it and the infantry attack the Bloob: 5 dice, 4 hits;
    3 destroy the Bloob, the fourth is not inflicted on Moogre."""
    s, t = fresh()
    bloob = put(s, t, 1, BLOOB, "Paris")
    moogre = put(s, t, 2, MOOGRE, "Paris")
    s.city_humans[PARIS, INFANTRY] = 1
    s.box_military[1, ARMOUR] = 1
    choices(s, (D.A_MILITARY, 1, ARMOUR), (PARIS, D.FOR_ARMOUR), (1, bloob, ARMOUR),
            (1, bloob, INFANTRY, t.armour_dice))
    dice(s, 4, 5, 6, 4, 1)
    engine.player_action(s, t, 0)
    assert all_used(s)
    assert s.piece_where[1, bloob] == AVAILABLE and s.box_damage[2, MOOGRE] == 0 and s.piece_where[2, moogre] == 1
    assert s.city_humans[PARIS, ARMOUR] == 1 and s.box_military[1, ARMOUR] == 0


def test_military_placed_where_no_monster_is_revealed_does_not_attack():
    s, t = fresh()
    put(s, t, 1, MECHOOR, "Paris", hidden=True)
    choices(s, (PARIS, D.FOR_INFANTRY))
    dice(s, 6, 6)
    engine.use_military(s, t, 0, INFANTRY)
    assert s.city_humans[PARIS, INFANTRY] == 1
    assert s.box_damage[1, MECHOOR] == 0 and not all_used(s)  # hidden: no die is rolled at it


def test_a_jet_attacks_only_a_revealed_monster():
    s, t = fresh()
    put(s, t, 1, MECHOOR, "Tokyo", hidden=True)
    moogre = put(s, t, 1, MOOGRE, "Paris")
    n = engine.military_targets(s, t, -1, JET, 0)
    assert [tuple(o[:2]) for o in options(s, n)] == [(1, moogre)]


def test_military_targets_carry_the_dice_already_declared_against_them():
    """'You declare before rolling any dice which monsters will be attacked': each piece's choice lists every target
    with the dice the pieces before it set on that monster (rows of ``s.work``: player, piece, dice)."""
    s, t = fresh()
    mech = put(s, t, 1, MECHOOR, "Paris")
    moogre = put(s, t, 2, MOOGRE, "Paris")
    s.work[0, :3] = (1, mech, t.armour_dice)
    s.work[1, :3] = (2, moogre, t.infantry_dice)
    n = engine.military_targets(s, t, PARIS, INFANTRY, 2)
    assert sorted(tuple(o) for o in options(s, n)) == [(1, mech, INFANTRY, t.armour_dice),
                                                        (2, moogre, INFANTRY, t.infantry_dice)]
    n = engine.military_targets(s, t, PARIS, INFANTRY, 1)  # the second row not yet declared
    assert sorted(tuple(o) for o in options(s, n)) == [(1, mech, INFANTRY, t.armour_dice), (2, moogre, INFANTRY, 0)]


def test_jet_attacks_a_revealed_monster_with_collateral_on_ones_and_returns():
    s, t = fresh()
    s.stock_humans[JET] -= 1
    mech = put(s, t, 1, MECHOOR, "Tokyo")
    choices(s, (1, mech, JET))
    dice(s, 4, 5, 1, 1)
    engine.use_military(s, t, 0, JET)
    assert all_used(s)
    assert s.box_damage[1, MECHOOR] == 2 and s.city_rubble[4, TOKYO] == 2 and s.brown_rubble == 16
    assert s.stock_humans[JET] == 2 and s.city_humans[TOKYO, JET] == 0


def test_a_jet_may_stay_in_the_city():
    s, t = fresh(rules=with_options(jet_after_attack="city"))
    s.stock_humans[JET] -= 1
    put(s, t, 1, MECHOOR, "Tokyo")
    dice(s, 2, 2, 2, 2)
    engine.use_military(s, t, 0, JET)
    assert s.city_humans[TOKYO, JET] == 1


def test_a_bomb_clears_humans_hits_every_monster_and_the_city():
    s, t = fresh()
    s.stock_humans[A_BOMB] = 0
    s.city_humans[ROME, INFANTRY] = 2
    s.city_humans[ROME, HERO] = 1
    mech = put(s, t, 1, MECHOOR, "Rome", hidden=True)
    dr = put(s, t, 2, DRAKOOR, "Rome")
    s.city_rubble[0, ROME] = 3
    choices(s, (ROME, D.FOR_A_BOMB))
    dice(s, *([4] * 5 + [1] * 3), *([6] * 8), *([5] * 8))
    engine.use_military(s, t, 0, A_BOMB)
    assert all_used(s)
    assert s.city_humans[ROME].sum() == 0 and s.stock_humans[INFANTRY] == 10 and s.stock_humans[A_BOMB] == 1
    assert s.box_damage[1, MECHOOR] == 5 and s.piece_hidden[1, mech] == 1
    assert s.piece_where[2, dr] == ON_BOARD
    assert s.city_rubble[4, ROME] == 5 and engine.city_damage(s, ROME) == 8


# ---------------------------------------------------------------- the Pass marker and the action phase

def test_placing_the_pass_marker_is_a_pass():
    s, t = fresh()
    choices(s, (A_PLACE_PASS, BOX_ORANGE))
    assert engine.player_action(s, t, 0)
    assert s.pass_box[0] == BOX_ORANGE


def test_an_action_offers_the_boxes_then_the_six_placements_of_the_pass_marker_last():
    s, t = fresh()
    s.box_tokens[ORANGE] = 1
    s.box_heroes = 1
    s.box_military[0, INFANTRY] = 1
    choices(s, (A_PLACE_PASS, BOX_WHITE))
    assert engine.player_action(s, t, 0)
    assert options(s, 9) == [(D.A_ORANGE, ORANGE, 0, 0), (D.A_HERO, 0, 0, 0),
                             (D.A_MILITARY, 0, INFANTRY, 0)] + [(A_PLACE_PASS, box, 0, 0) for box in range(6)]


def test_taking_the_pass_marker_back_performs_the_action_from_the_stock_and_is_a_pass():
    s, t = fresh()
    s.pass_box[0] = BOX_ORANGE
    stock = s.stock_tokens[ORANGE]
    choices(s, (A_REMOVE_PASS, BOX_ORANGE), (0, DRAKOOR), (ROME, DRAKOOR))
    assert engine.player_action(s, t, 0)
    assert all_used(s) and s.pass_box[0] == IN_HAND and s.on_board[0, DRAKOOR] == 1
    assert s.stock_tokens[ORANGE] == stock  # taken from the stock, returned on creation


def test_pass_marker_from_military_one_places_an_infantry_from_the_board():
    s, t = fresh()
    s.stock_humans[INFANTRY] = 0
    s.city_humans[ROME, INFANTRY] = 1
    s.pass_box[0] = 4
    choices(s, (A_REMOVE_PASS, 4), (PARIS, D.FOR_INFANTRY))
    assert engine.player_action(s, t, 0)
    assert all_used(s) and s.city_humans[PARIS, INFANTRY] == 1 and s.city_humans[ROME, INFANTRY] == 0


def test_pass_marker_from_military_two_places_an_armour():
    """Action Six: 'If you take your marker from Military Box Two then you take an armor piece'."""
    s, t = fresh()
    s.pass_box[0] = BOX_MILITARY_TWO
    choices(s, (A_REMOVE_PASS, BOX_MILITARY_TWO), (PARIS, D.FOR_ARMOUR))
    assert engine.player_action(s, t, 0)
    assert all_used(s) and s.city_humans[PARIS, ARMOUR] == 1 and s.city_humans[PARIS, INFANTRY] == 0


def test_with_no_legal_action_the_player_simply_passes():
    s, t = fresh()
    s.box_tokens[WHITE] = 3  # an Attack token needs a monster on the board
    s.pass_box[0] = BOX_WHITE  # and so does taking the marker back
    assert engine.player_action(s, t, 0)
    assert options(s, 1) == [(D.A_NOTHING, 0, 0, 0)] and s.box_tokens[WHITE] == 3


def test_the_turn_ends_when_everyone_has_passed_in_succession():
    s, t = fresh(3)
    s.box_tokens[ORANGE] = 1
    s.first_player = 1
    choices(s, (A_PLACE_PASS, 0), (A_PLACE_PASS, 0), (D.A_ORANGE, ORANGE), (0, SPECTOOR),
            (A_REMOVE_PASS, 0), (0, SPECTOOR), (A_REMOVE_PASS, 0), (0, MECHOOR), (A_PLACE_PASS, 0))
    assert engine.phase_two(s, t) == engine.NOT_OVER
    assert all_used(s) and s.actions == 6  # actions: pass, pass, orange, pass, pass, pass
    assert s.box_create[0, SPECTOOR] == 1 and s.box_create[1, SPECTOOR] == 1 and s.box_create[2, MECHOOR] == 1
    assert list(s.pass_box[:3]) == [0, IN_HAND, IN_HAND]


def test_phase_three_clears_the_boxes_and_the_pass_markers():
    s, t = fresh()
    s.box_tokens[:] = (3, 2, 1)
    s.box_heroes = 1
    s.box_military[1, JET] = 1
    s.stock_humans[JET] = 1
    s.pass_box[2] = 3
    assert not engine.phase_three(s, t)
    assert s.box_tokens.sum() == 0 and s.box_heroes == 0 and s.box_military.sum() == 0
    assert s.stock_humans[JET] == 2 and s.pass_box[2] == IN_HAND and s.stock_tokens[ORANGE] == 103


def test_the_brown_rubble_running_out_ends_the_game_at_once():
    s, t = fresh()
    s.brown_rubble = 1
    put(s, t, 1, MECHOOR, "Tokyo")
    s.box_military[1, JET] = 1
    s.stock_humans[JET] = 1
    choices(s, (D.A_MILITARY, 1, JET))
    dice(s, 1, 2, 2, 2)  # one collateral rubble: the last brown piece
    s.first_player = 0
    assert engine.phase_two(s, t) == engine.BROWN_RUBBLE_GONE


def test_a_destroying_hit_is_recorded_without_brown_rubble_and_returns_it():
    s, t = fresh()
    s.brown_rubble = 0
    sp = put(s, t, 1, SPECTOOR, "Tokyo")
    s.box_damage[1, SPECTOOR] = 2
    assert engine.damage_monster(s, t, 1, sp, 1, D.SRC_MILITARY, -1) == 1
    assert s.brown_rubble == 2


def test_placing_the_last_own_rubble_ends_the_game():
    s, t = fresh()
    s.rubble_placed[2] = 20
    assert engine.ended_by_action(s, t, 2) == engine.ALL_RUBBLE_PLACED
    s, t = fresh(rules=with_options(rubble_end_timing="end_of_turn"))
    s.rubble_placed[2] = 19
    assert not engine.phase_three(s, t)
    s.rubble_placed[2] = 20
    assert engine.ended_by_action(s, t, 2) == engine.NOT_OVER
    assert engine.phase_three(s, t)


# ---------------------------------------------------------------- further rules

def test_kiddoo_joining_spends_its_own_stored_tokens():
    s, t = fresh()
    mech = put(s, t, 0, MECHOOR, "Paris")
    kid = put(s, t, 0, KIDDOO, "Paris")
    s.box_attack[0, KIDDOO] = 2
    s.city_humans[PARIS, INFANTRY] = 2
    stock = s.stock_tokens[WHITE]
    choices(s, (MECHOOR,), (1,), (mech, TT_HUMANS, 0, PARIS), (2,))
    dice(s, 5, 5, 1, 1, 1)  # Kiddoo's two dice (one per own token) remove both infantry; Mechoor misses
    engine.do_attack(s, t, 0)
    assert all_used(s) and s.piece_hidden[0, kid] == 0
    assert s.box_attack[0, KIDDOO] == 0 and s.stock_tokens[WHITE] == stock + 3  # 1 of Mechoor's, 2 of Kiddoo's
    assert s.city_humans[PARIS, INFANTRY] == 0 and s.box_damage[0, MECHOOR] == 0  # no infantry left to fire


def test_moogre_captures_a_bloob_destroyed_by_spill_over():
    s, t = fresh()
    moogre = put(s, t, 0, MOOGRE, "Rome")
    first = put(s, t, 1, BLOOB, "Rome")
    second = put(s, t, 1, BLOOB, "Rome", hidden=True)
    s.box_attack[0, MOOGRE] = 2
    choices(s, (MOOGRE,), (3,), (moogre, TT_MONSTER, 1, first))
    dice(s, 6, 6, 6, 6, 6, 6)  # six hits: three destroy the target, three the hidden Bloob
    engine.do_attack(s, t, 0)
    assert all_used(s)
    assert s.piece_where[1, first] == CAPTURED and s.piece_where[1, second] == CAPTURED
    assert s.moogre_vp[0] == 6 and s.lost[1, BLOOB] == 2 and s.box_damage[1, BLOOB] == 0


@pytest.mark.parametrize("reading", ["every_kill", "last_piece"])
def test_attack_tokens_return_on_every_kill_or_with_the_last_piece(reading):
    s, t = fresh(rules=with_options(attack_tokens_on_kill=reading))
    mech = put(s, t, 0, MECHOOR, "Rome")
    first = put(s, t, 1, BLOOB, "Rome")
    second = put(s, t, 1, BLOOB, "Tokyo")
    s.box_attack[1, BLOOB] = 3
    choices(s, (MECHOOR,), (1,), (mech, TT_MONSTER, 1, first))
    dice(s, 4, 4, 4)  # exactly three hits: one Bloob destroyed, nothing spills (the other is in Tokyo)
    engine.do_attack(s, t, 0)
    assert all_used(s) and s.piece_where[1, first] == AVAILABLE and s.piece_where[1, second] == ON_BOARD
    assert s.box_attack[1, BLOOB] == (0 if reading == "every_kill" else 3)
    engine.damage_monster(s, t, 1, second, 3, MECHOOR, 0)  # the last Bloob leaves the board
    assert s.box_attack[1, BLOOB] == 0


def test_the_pass_marker_may_stay_in_its_box_across_turns():
    s, t = fresh(rules=with_options(pass_marker_end_of_turn="stays"))
    put(s, t, 0, MECHOOR, "Rome", hidden=True)
    s.pass_box[0] = BOX_WHITE
    engine.phase_three(s, t)
    assert s.pass_box[0] == BOX_WHITE
    stock = s.stock_tokens[WHITE]
    choices(s, (A_REMOVE_PASS, BOX_WHITE), (MECHOOR,), (0,))  # next turn: the Attack action from the stock
    assert engine.player_action(s, t, 0)
    assert all_used(s) and s.pass_box[0] == IN_HAND and s.box_attack[0, MECHOOR] == 1
    assert s.stock_tokens[WHITE] == stock - 1


@pytest.mark.parametrize("again", [False, True])
def test_a_pass_marker_taken_back_is_placed_again_in_the_turn_only_under_its_option(again):
    """``options.pass_marker_again``: 'If you already have your Pass marker in an Action box then you can remove
    it and perform that action' - by default taking it back is its last use in the turn (each placing and
    taking back would otherwise give another action from the stock); phase three gives it back."""
    s, t = fresh(rules=with_options(pass_marker_again=again))
    s.pass_box[0] = BOX_ORANGE
    choices(s, (A_REMOVE_PASS, BOX_ORANGE), (0, DRAKOOR), (ROME, DRAKOOR))
    assert engine.player_action(s, t, 0) and all_used(s) and s.pass_box[0] == IN_HAND
    if again:
        choices(s, (A_PLACE_PASS, BOX_WHITE))
        assert engine.player_action(s, t, 0) and all_used(s) and s.pass_box[0] == BOX_WHITE
        return
    assert engine.player_action(s, t, 0)  # nothing else to take: a plain pass
    assert options(s, 1) == [(D.A_NOTHING, 0, 0, 0)] and s.pass_box[0] == IN_HAND
    engine.phase_three(s, t)
    choices(s, (A_PLACE_PASS, BOX_WHITE))  # the next turn
    assert engine.player_action(s, t, 0) and all_used(s) and s.pass_box[0] == BOX_WHITE


def test_a_pass_marker_that_stays_across_turns_is_placed_again_the_turn_after_it_is_taken_back():
    s, t = fresh(rules=with_options(pass_marker_end_of_turn="stays"))
    s.pass_box[0] = BOX_ORANGE
    choices(s, (A_REMOVE_PASS, BOX_ORANGE), (0, DRAKOOR), (ROME, DRAKOOR))
    assert engine.player_action(s, t, 0)
    assert engine.player_action(s, t, 0) and options(s, 1) == [(D.A_NOTHING, 0, 0, 0)]
    engine.phase_three(s, t)
    choices(s, (A_PLACE_PASS, BOX_WHITE))
    assert engine.player_action(s, t, 0) and all_used(s) and s.pass_box[0] == BOX_WHITE


def test_the_last_brown_rubble_piece_ends_the_game_before_the_rest_of_the_attack():
    """Phase Three: the game ends 'at the point where all of the brown rubble pieces are on the board'
    (``brown_rubble_end = at_once``): the armour's hit on the attacking Mechoor takes the last piece, and the
    Mechoor neither rolls nor places rubble."""
    s, t = fresh()
    s.brown_rubble = 1
    mech = put(s, t, 0, MECHOOR, "Rome")
    s.city_humans[ROME, ARMOUR] = 1
    s.box_tokens[WHITE] = 1
    s.first_player = 0
    choices(s, (D.A_WHITE, WHITE), (MECHOOR,), (1,), (mech, TT_CITY, 0, ROME))
    dice(s, 4, 1, 1)  # the armour: one hit
    assert engine.phase_two(s, t) == engine.BROWN_RUBBLE_GONE
    assert all_used(s) and s.box_damage[0, MECHOOR] == 1 and s.city_rubble[0, ROME] == 0
    assert s.city_humans[ROME, ARMOUR] == 1


@pytest.mark.parametrize("reading", ["at_once", "end_of_action"])
def test_the_brown_rubble_running_out_ends_the_game_though_a_kill_later_in_the_action_returns_some(reading):
    """The jet's collateral places the last piece; then the game ends (``at_once``) or (``end_of_action``) the
    infantry still fires and destroys the Mechoor, whose five damage return to the stock: the game ends all the
    same."""
    s, t = fresh(rules=with_options(brown_rubble_end=reading))
    mech = put(s, t, 1, MECHOOR, "Tokyo")
    s.box_damage[1, MECHOOR] = 5
    s.brown_rubble = 1
    s.city_humans[TOKYO, INFANTRY] = 1
    s.box_military[1, JET] = 1
    s.stock_humans[JET] = 1
    s.first_player = 0  # seat 0 is the first player
    choices(s, (D.A_MILITARY, 1, JET))
    dice(s, 1, 2, 2, 2, *(() if reading == "at_once" else (5, 1)))  # the jet: no hit, one collateral; the infantry
    assert engine.phase_two(s, t) == engine.BROWN_RUBBLE_GONE
    if reading == "at_once":
        assert all_used(s) and s.piece_where[1, mech] == ON_BOARD and s.brown_rubble == 0
    else:  # the infantry's hit destroys the Mechoor
        assert all_used(s) and s.piece_where[1, mech] == AVAILABLE and s.brown_rubble == 5


def test_the_game_goes_on_while_brown_rubble_is_left():
    s, t = fresh()
    put(s, t, 1, MECHOOR, "Tokyo")
    s.brown_rubble = 2
    s.box_military[1, JET] = 1
    s.stock_humans[JET] = 1
    s.first_player = 0
    choices(s, (D.A_MILITARY, 1, JET), *[(A_PLACE_PASS, BOX_ORANGE)] * 4)
    dice(s, 1, 2, 2, 2)
    assert engine.phase_two(s, t) == engine.NOT_OVER
    assert all_used(s) and s.brown_rubble == 1


@pytest.mark.parametrize("reading", ["one_supply", "black_unlimited"])
def test_collateral_rubble_draws_on_the_brown_stock_or_is_unlimited(reading):
    """``options.neutral_rubble``: one supply of 20 neutral pieces (default), or collateral (black) rubble
    without limit and apart from the brown stock, which then never runs out on collateral."""
    s, t = fresh(rules=with_options(neutral_rubble=reading))
    s.stock_humans[JET] -= 1
    put(s, t, 1, MECHOOR, "Tokyo")
    s.brown_rubble = 1
    dice(s, 1, 1, 1, 2)  # three collateral
    engine.use_military(s, t, 0, JET)
    assert all_used(s)
    if reading == "one_supply":
        assert s.city_rubble[4, TOKYO] == 1 and s.brown_rubble == 0
    else:
        assert s.city_rubble[4, TOKYO] == 3 and s.brown_rubble == 1
    assert (engine.ended_by_action(s, t, 0) == engine.BROWN_RUBBLE_GONE) == (reading == "one_supply")


@pytest.mark.parametrize("with_military", [True, False])
def test_armour_and_infantry_in_a_jets_city_attack_with_it_only_under_its_option(with_military):
    """``options.jet_with_city_military``: Action Five makes a placed piece attack 'AND any armor and infantry
    pieces already in the city' (default); under false the jet attacks alone."""
    s, t = fresh(rules=with_options(jet_with_city_military=with_military))
    s.stock_humans[JET] -= 1
    mech = put(s, t, 1, MECHOOR, "Tokyo")
    s.city_humans[TOKYO, INFANTRY] = 1
    dice(s, 2, 2, 2, 2, *([5, 5] if with_military else []))
    engine.use_military(s, t, 0, JET)
    assert all_used(s) and s.piece_where[1, mech] == ON_BOARD
    assert s.box_damage[1, MECHOOR] == (2 if with_military else 0)


@pytest.mark.parametrize("hurts", [False, True])
def test_the_a_bomb_hurts_a_drakoor_only_under_its_option(hurts):
    """``options.a_bomb_hurts_drakoor``: 'Drakoor cannot be hurt by other monsters or military units' (default:
    the A-bomb is a military piece); under true its eight dice hit the Drakoor too."""
    s, t = fresh(rules=with_options(a_bomb_hurts_drakoor=hurts))
    s.stock_humans[A_BOMB] = 0
    dr = put(s, t, 2, DRAKOOR, "Rome", hidden=True)
    choices(s, (ROME, D.FOR_A_BOMB))
    dice(s, *([6] + [1] * 7), *([1] * 8))
    engine.use_military(s, t, 0, A_BOMB)
    assert all_used(s)
    assert s.piece_where[2, dr] == (AVAILABLE if hurts else ON_BOARD) and s.lost[2, DRAKOOR] == int(hurts)


@pytest.mark.parametrize("reading", ["returned", "out_of_game"])
def test_a_drakoor_killed_by_a_hero_goes_back_or_out_of_the_game(reading):
    """``options.drakoor_killed_by_hero``: back to its owner (default), or 'placed to one side' for good."""
    s, t = fresh(rules=with_options(drakoor_killed_by_hero=reading))
    dr = put(s, t, 0, DRAKOOR, "Rome")
    dice(s, 6)
    engine.place_hero(s, t, 1, ROME)
    assert all_used(s) and s.piece_where[0, dr] == (AVAILABLE if reading == "returned" else OUT_OF_GAME)
    assert engine.available_piece(s, t, 0, DRAKOOR) >= 0
    assert s.in_front[0, DRAKOOR] == t.pieces[DRAKOOR] - (0 if reading == "returned" else 1)


# ---------------------------------------------------------------- a second read of the rules

def test_kiddoo_strikes_first_alongside_moogre_against_a_monster():
    """The Monsters, KIDDOO: 'Kiddoo always gets to attack first ... Kiddoo can also attack alongside Moogre against
    another monster'.  Kiddoo's one die brings the Mechoor to 5 damage; Moogre's one hit destroys it."""
    s, t = fresh()
    yellow, red = 0, 1
    moogre = put(s, t, yellow, MOOGRE, "Rome")
    kid = put(s, t, yellow, KIDDOO, "Rome", hidden=True)
    mech = put(s, t, red, MECHOOR, "Rome")
    s.box_damage[red, MECHOOR] = 4
    s.brown_rubble -= 4
    choices(s, (MOOGRE,), (1,), (moogre, TT_MONSTER, red, mech), (0, 1))
    dice(s, 4, 1, 4)  # Kiddoo: a hit; Moogre: a miss and a hit
    engine.do_attack(s, t, yellow)
    assert all_used(s) and s.piece_hidden[yellow, kid] == 0
    assert s.piece_where[red, mech] == CAPTURED and s.moogre_vp[yellow] == 6


def test_create_heal_tokens_stay_in_the_box_of_a_destroyed_monster():
    """Monster vs Monster Combat: 'Any Attack tokens in the Monster box are also placed back in the general
    supply. Any Create/Heal tokens are left in the Monster box.'"""
    s, t = fresh()
    mech = put(s, t, 0, MECHOOR, "Rome")
    bloob = put(s, t, 1, BLOOB, "Rome")
    s.box_create[1, BLOOB] = 1  # towards the next Bloob
    s.box_attack[1, BLOOB] = 2
    orange, white = s.stock_tokens[ORANGE], s.stock_tokens[WHITE]
    choices(s, (MECHOOR,), (1,), (mech, TT_MONSTER, 1, bloob))
    dice(s, 4, 5, 6)
    engine.do_attack(s, t, 0)
    assert all_used(s) and s.piece_where[1, bloob] == AVAILABLE
    assert s.box_create[1, BLOOB] == 1 and s.stock_tokens[ORANGE] == orange
    assert s.box_attack[1, BLOOB] == 0 and s.stock_tokens[WHITE] == white + 1 + 2  # Mechoor's 1, the Bloob's 2


def test_a_destroyed_drakoor_returns_its_attack_tokens_though_another_is_on_the_board():
    """The Monsters, DRAKOOR: 'When a Drakoor is destroyed any white attack action tokens in the monster box
    should be removed and placed back with the stock.'  A hero's hit destroys one of red's two Drakoors."""
    s, t = fresh()
    red = 1
    dr = put(s, t, red, DRAKOOR, "Rome")
    other = put(s, t, red, DRAKOOR, "Tokyo")
    s.box_attack[red, DRAKOOR] = 2
    white = s.stock_tokens[WHITE]
    dice(s, 6)
    engine.place_hero(s, t, 0, ROME)
    assert all_used(s) and s.piece_where[red, dr] == AVAILABLE and s.piece_where[red, other] == ON_BOARD
    assert s.box_attack[red, DRAKOOR] == 0 and s.stock_tokens[WHITE] == white + 2


def test_heroes_attack_only_revealed_drakoors():
    """Action Four: 'Each hero in the city must make one attack against any revealed Drakoors in the city.'
    The hidden Drakoor escapes the reveal roll; the hero's hit has no target (the revealed Mechoor is none)."""
    s, t = fresh()
    dr = put(s, t, 1, DRAKOOR, "Rome", hidden=True)
    mech = put(s, t, 2, MECHOOR, "Rome")
    dice(s, 1, 6)  # the reveal roll against the Drakoor misses; the hero hits
    engine.place_hero(s, t, 0, ROME)
    assert all_used(s)
    assert s.piece_where[1, dr] == ON_BOARD and s.piece_hidden[1, dr] == 1
    assert s.piece_where[2, mech] == ON_BOARD and s.box_damage[2, MECHOOR] == 0


def test_a_hero_rolls_to_reveal_the_active_players_own_hidden_monsters():
    """Action Four: 'You roll one die against each hidden monster, including your own.'"""
    s, t = fresh()
    blue = 2
    mech = put(s, t, blue, MECHOOR, "London", hidden=True)
    dice(s, 4, 1)  # the reveal roll; the hero's die (no Drakoor)
    engine.place_hero(s, t, blue, LONDON)
    assert all_used(s) and s.piece_hidden[blue, mech] == 0


def test_an_attack_may_spend_some_of_the_stored_attack_tokens():
    """Action Two: 'If you decide to attack with your monster then you can expend some or all of the tokens
    presently in the Monster box.'  Two of three tokens: six dice, one token stays stored."""
    s, t = fresh()
    mech = put(s, t, 0, MECHOOR, "Paris")
    s.box_attack[0, MECHOOR] = 2
    white = s.stock_tokens[WHITE]
    choices(s, (MECHOOR,), (2,), (mech, TT_CITY, 0, PARIS))
    dice(s, 4, 4, 4, 1, 1, 1)
    engine.do_attack(s, t, 0)
    assert all_used(s) and s.city_rubble[0, PARIS] == 3
    assert s.box_attack[0, MECHOOR] == 1 and s.stock_tokens[WHITE] == white + 2


# ---------------------------------------------------------------- a mutation sweep's survivors (mutants.toml)

@pytest.mark.parametrize("attacker", [MECHOOR, BLOOB])
def test_a_monsters_single_hit_beyond_a_destroyed_bloob_passes_to_another_bloob(attacker):
    """Action Two, THE BLOOB: 'any further damage will be inflicted against this Bloob' - one hit too; a Bloob's
    hits are a monster's, and pass on even when ``bloob_spill_all_damage`` keeps the others' from it."""
    s, t = fresh(rules=with_options(bloob_spill_all_damage=False))
    a = put(s, t, 1, BLOOB, "Rome")
    b = put(s, t, 1, BLOOB, "Rome", hidden=True)
    assert engine.damage_monster(s, t, 1, a, 4, attacker, 0) == 1
    assert s.piece_where[1, a] == AVAILABLE and s.piece_where[1, b] == ON_BOARD and s.box_damage[1, BLOOB] == 1


@pytest.mark.parametrize("kind,tokens", [(BLOOB, 0), (MECHOOR, 1)])
def test_a_further_bloob_is_offered_only_for_two_tokens_in_the_bloob_box(kind, tokens):
    """Action One, THE BLOOB: 'If you have two tokens in your Bloob monster box then you can place a Hidden Bloob
    counter' - not for one token, nor for tokens in another Monster box."""
    s, t = fresh()
    put(s, t, 0, BLOOB, "Rome")
    s.box_create[0, kind] = tokens
    choices(s, (0, kind), (ROME,))  # Rome would be taken if a Bloob were offered
    engine.do_create_heal(s, t, 0)
    assert not all_used(s) and s.on_board[0, BLOOB] == 1 and s.box_create[0, kind] == tokens + 1


def test_a_further_bloob_may_be_spawned_in_london():
    s, t = fresh()
    put(s, t, 0, BLOOB, "Paris")
    s.box_create[0, BLOOB] = 1
    choices(s, (0, BLOOB), (LONDON,))  # London is city 0 of the board
    engine.do_create_heal(s, t, 0)
    assert all_used(s) and s.on_board[0, BLOOB] == 2 and s.box_create[0, BLOOB] == 0
    assert engine.monsters_in(s, LONDON) == 1


def test_heal_removes_a_monsters_only_damage():
    s, t = fresh()
    put(s, t, 0, MECHOOR, "Rome")
    s.box_damage[0, MECHOOR] = 1
    s.brown_rubble -= 1
    choices(s, (1, 0, MECHOOR))
    engine.do_create_heal(s, t, 0)
    assert all_used(s) and s.box_damage[0, MECHOOR] == 0 and s.brown_rubble == 20


def test_an_orange_token_is_taken_only_with_a_monster_to_create_or_a_damaged_one_to_heal():
    """Action One: the token goes in 'a box that has a monster piece in it', or heals 'one damage cube from a
    monster' (engine reading: a token is taken only when it can be used)."""
    s, t = fresh()
    s.box_tokens[ORANGE] = 1

    def orange_offered():
        choices(s, (A_PLACE_PASS, BOX_WHITE))
        assert engine.player_action(s, t, 0) and all_used(s)
        s.pass_box[0] = IN_HAND
        return options(s, 1)[0] == (D.A_ORANGE, ORANGE, 0, 0)

    for kind in (DRAKOOR, BLOOB, SPECTOOR, KIDDOO, SHAGGOO, MOOGRE):
        for _ in range(t.pieces[kind]):
            put(s, t, 0, kind, "Rome")
    assert orange_offered()  # the Mechoor, the last monster in front
    put(s, t, 0, MECHOOR, "Rome")
    assert not orange_offered()
    s.box_damage[0, MECHOOR] = 1
    assert orange_offered()


def test_a_move_hide_token_moves_a_hidden_monster_with_a_single_way_out():
    """Action Three: 'You must move or hide one of your monsters' - also when one move is all there is: a board
    whose London connects to Paris alone, a hidden Bloob (movement 1) in London."""
    connections = [c for c in CONNECTIONS if c not in ("London-Moscow", "London-New York")]
    s, t = fresh(rules=apply_overrides(Rules, {"board.connections": connections})[0])
    bloob = put(s, t, 0, BLOOB, "London", hidden=True)
    engine.do_move_hide(s, t, 0)
    assert s.piece_city[0, bloob] == PARIS


def test_the_pass_marker_is_taken_back_only_for_a_token_in_the_stock_that_can_be_used():
    """Action Six: 'you take the necessary token or piece from the stock and use it' - the stock must hold one, and
    the action must be possible (a Move/Hide token needs a monster on the board)."""
    s, t = fresh()
    s.pass_box[0] = BOX_PURPLE
    assert engine.player_action(s, t, 0)  # no monster to move: a plain pass
    assert options(s, 1) == [(D.A_NOTHING, 0, 0, 0)] and s.pass_box[0] == BOX_PURPLE
    mech = put(s, t, 0, MECHOOR, "Rome")
    s.pass_box[0] = BOX_WHITE
    s.stock_tokens[WHITE] = 0
    assert engine.player_action(s, t, 0)
    assert options(s, 1) == [(D.A_NOTHING, 0, 0, 0)] and s.pass_box[0] == BOX_WHITE
    s.stock_tokens[WHITE] = 1  # the last one
    choices(s, (A_REMOVE_PASS, BOX_WHITE), (MECHOOR,), (1,), (mech, TT_CITY, 0, ROME))
    dice(s, 1, 1, 1)
    assert engine.player_action(s, t, 0)
    assert all_used(s) and s.pass_box[0] == IN_HAND and s.piece_hidden[0, mech] == 0


def test_the_pass_marker_is_taken_back_from_a_human_box_only_when_its_piece_can_be_had():
    """Action Six: the hero comes from the stock; infantry (Military One) or armour (Military Two) from the stock, or
    from the board 'in both latter cases'; with none to be had the marker stays, a plain pass."""
    s, t = fresh()
    s.stock_humans[HERO] = 0
    s.pass_box[0] = BOX_HERO
    assert engine.player_action(s, t, 0)
    assert options(s, 1) == [(D.A_NOTHING, 0, 0, 0)] and s.pass_box[0] == BOX_HERO
    s.stock_humans[HERO] = 1  # the last one
    choices(s, (A_REMOVE_PASS, BOX_HERO), (ROME, D.FOR_HERO))
    dice(s, 1)  # the hero's die (no Drakoor)
    assert engine.player_action(s, t, 0)
    assert all_used(s) and s.city_humans[ROME, HERO] == 1 and s.stock_humans[HERO] == 0
    s.pass_box[0] = BOX_HERO  # a hero on the board (Rome) is not pulled for the marker
    assert engine.player_action(s, t, 0)
    assert options(s, 1) == [(D.A_NOTHING, 0, 0, 0)] and s.pass_box[0] == BOX_HERO
    s.stock_humans[INFANTRY] = 0
    s.city_humans[ROME, INFANTRY] = 1  # but an infantry piece is
    assert engine.pass_action_possible(s, t, 0, BOX_MILITARY_ONE)
    s.city_humans[ROME, INFANTRY] = 0  # armour is left: it is no infantry
    s.pass_box[0] = BOX_MILITARY_ONE
    assert engine.player_action(s, t, 0)
    assert options(s, 1) == [(D.A_NOTHING, 0, 0, 0)] and s.pass_box[0] == BOX_MILITARY_ONE


def test_taking_the_pass_marker_back_from_the_move_hide_box_moves_or_hides_a_monster():
    s, t = fresh()
    m = put(s, t, 0, MOOGRE, "Rome")
    s.pass_box[0] = BOX_PURPLE
    stock = s.stock_tokens[PURPLE]
    choices(s, (A_REMOVE_PASS, BOX_PURPLE), (m, -1))
    assert engine.player_action(s, t, 0)
    assert all_used(s) and s.piece_hidden[0, m] == 1 and s.stock_tokens[PURPLE] == stock  # used at once, returned


def test_taking_a_move_hide_token_or_a_hero_is_an_action_not_a_pass():
    s, t = fresh()
    m = put(s, t, 0, MOOGRE, "Rome")
    s.box_tokens[PURPLE] = 1
    s.box_heroes = 1
    choices(s, (D.A_PURPLE, PURPLE), (m, -1))
    assert not engine.player_action(s, t, 0)
    assert all_used(s) and s.piece_hidden[0, m] == 1 and s.box_tokens[PURPLE] == 0
    choices(s, (D.A_HERO,), (PARIS, D.FOR_HERO))
    dice(s, 1)
    assert not engine.player_action(s, t, 0)
    assert all_used(s) and s.city_humans[PARIS, HERO] == 1 and s.box_heroes == 0


def test_attack_tokens_go_only_to_the_boxes_of_monsters_on_the_board():
    """Action Two: 'at least one counter or piece related to that monster must be on the board'."""
    s, t = fresh()
    put(s, t, 0, SPECTOOR, "Rome", hidden=True)
    put(s, t, 0, SHAGGOO, "Tokyo")
    choices(s, (-9,))
    with pytest.raises(ValueError):
        engine.do_attack(s, t, 0)
    assert sorted(o[0] for o in options(s, 2)) == [SPECTOOR, SHAGGOO]


def test_a_monster_with_nothing_to_attack_only_stores_its_attack_token():
    """A Spectoor alone in a city (no humans, no other monster, no exploding-city symbol) has no target."""
    s, t = fresh()
    put(s, t, 0, SPECTOOR, "Rome")
    choices(s, (SPECTOOR,), (1,))  # expending the token is not among the options
    engine.do_attack(s, t, 0)
    assert not all_used(s) and s.box_attack[0, SPECTOOR] == 1


def test_bloobs_attack_with_some_or_all_of_the_bloobs():
    """Action Two, THE BLOOB: 'You can choose to attack with some or all of your Bloob pieces, so you could choose to
    keep one or more hidden'.  The Rome Bloob attacks; the hidden Tokyo Bloob stays out."""
    s, t = fresh()
    rome = put(s, t, 0, BLOOB, "Rome")
    tokyo = put(s, t, 0, BLOOB, "Tokyo", hidden=True)
    choices(s, (BLOOB,), (1,), (rome, TT_CITY, 0, ROME), (-1,))
    dice(s, 6)
    engine.do_attack(s, t, 0)
    assert all_used(s) and s.city_rubble[0, ROME] == 1
    assert s.piece_hidden[0, tokyo] == 1 and s.city_rubble[0, TOKYO] == 0


def test_a_lone_bloob_attacks_its_only_target():
    s, t = fresh()
    bloob = put(s, t, 0, BLOOB, "Tokyo")
    choices(s, (BLOOB,), (1,), (bloob, TT_CITY, 0, TOKYO))
    dice(s, 6)
    engine.do_attack(s, t, 0)
    assert all_used(s) and s.city_rubble[0, TOKYO] == 1


def test_no_further_bloob_attacks_once_the_last_brown_rubble_is_on_the_board():
    """Engine reading (module docstring): the game ends with the action that places the last brown rubble piece, 'no
    further Bloob of that attack attacks'.  The infantry's return fire damages the Paris Bloob with the last piece."""
    s, t = fresh()
    s.brown_rubble = 1
    paris = put(s, t, 0, BLOOB, "Paris")
    tokyo = put(s, t, 0, BLOOB, "Tokyo", hidden=True)
    s.city_humans[PARIS, INFANTRY] = 1
    choices(s, (BLOOB,), (1,), (paris, TT_HUMANS, 0, PARIS), (tokyo, TT_CITY, 0, TOKYO))
    dice(s, 1, 4, 1)  # the Bloob misses; the infantry: one hit
    engine.do_attack(s, t, 0)
    assert s.brown_rubble == 0 and s.box_damage[0, BLOOB] == 1
    assert not all_used(s) and s.piece_hidden[0, tokyo] == 1 and s.city_rubble[0, TOKYO] == 0


def test_each_military_piece_attacks_the_monster_declared_for_it_once():
    """Action Five: 'You declare before rolling any dice which monsters will be attacked. A military piece can only
    make one attack against one monster.'  The armour and one infantry roll five dice at red's Mechoor together, the
    other infantry two at red's Moogre."""
    s, t = fresh()
    red = 1
    mech = put(s, t, red, MECHOOR, "Paris")
    moogre = put(s, t, red, MOOGRE, "Paris")
    s.city_humans[PARIS, INFANTRY] = 2
    choices(s, (PARIS, D.FOR_ARMOUR), (red, mech, ARMOUR), (red, mech, INFANTRY, t.armour_dice),
            (red, moogre, INFANTRY))
    dice(s, 4, 4, 4, 4, 1, 4, 1, 6, 6, 6)  # Mechoor: four hits; Moogre: one; the 6s only for an attack too many
    engine.use_military(s, t, 0, ARMOUR)
    assert s.box_damage[red, MECHOOR] == 4 and s.box_damage[red, MOOGRE] == 1
    assert s.piece_where[red, mech] == ON_BOARD and not all_used(s)


def test_kiddoo_joins_only_the_first_of_the_bloobs_attacks():
    """Engine reading (module docstring): 'Kiddoo joins at most one attack per action'.  Two Bloobs in Kiddoo's city
    attack the humans one after the other; Kiddoo is asked once."""
    s, t = fresh()
    first = put(s, t, 0, BLOOB, "Paris")
    second = put(s, t, 0, BLOOB, "Paris")
    put(s, t, 0, KIDDOO, "Paris")
    s.city_humans[PARIS, HERO] = 3
    choices(s, (BLOOB,), (1,), (first, TT_HUMANS, 0, PARIS), (0,), (second, TT_HUMANS, 0, PARIS), (0,))
    dice(s, 6, 1, 1)  # Kiddoo: a hit; each Bloob: a miss
    engine.do_attack(s, t, 0)
    assert s.city_humans[PARIS, HERO] == 2 and not all_used(s)  # Kiddoo's second join is never asked


# ---------------------------------------------------------------- an audit's untested rules

def test_infantry_placed_from_military_one_attacks_a_revealed_monster():
    """Action Five: 'If there are any revealed monsters in that city then you must attack with both the piece you just
    placed AND any armor and infantry pieces already in the city' - a placed infantry piece too, not only armour."""
    s, t = fresh()
    red = 1
    mech = put(s, t, red, MECHOOR, "Paris")
    s.box_military[0, INFANTRY] = 1
    choices(s, (D.A_MILITARY, 0, INFANTRY), (PARIS, D.FOR_INFANTRY), (red, mech, INFANTRY))
    dice(s, 4, 4)
    engine.player_action(s, t, 0)
    assert all_used(s) and s.city_humans[PARIS, INFANTRY] == 1 and s.box_damage[red, MECHOOR] == 2


def test_a_monster_destroyed_by_the_armour_does_not_roll_its_dice():
    """Monster vs Humans Combat: armour fires first; 'If your monster survives you then roll your dice'.  One armour
    hit destroys the Shaggoo (3 damage, capacity 4): its die is never rolled and the hero stays."""
    s, t = fresh()
    shaggoo = put(s, t, 0, SHAGGOO, "Paris")
    s.box_damage[0, SHAGGOO] = 3
    s.city_humans[PARIS, ARMOUR] = 1
    s.city_humans[PARIS, HERO] = 1
    choices(s, (SHAGGOO,), (1,), (shaggoo, TT_HUMANS, 0, PARIS))
    dice(s, 4, 1, 1, 6)  # the armour's three dice: one hit; the 6 only for a Shaggoo that rolled
    engine.do_attack(s, t, 0)
    assert s.piece_where[0, shaggoo] == AVAILABLE and dice_rolled(s) == 3 and not all_used(s)
    assert s.city_humans[PARIS, HERO] == 1


def test_kiddoo_attacking_on_its_own_rolls_its_dice_once():
    """The Monsters, KIDDOO: 'Kiddoo can still attack on its own like a regular monster' - one die per token, and no
    joining its own attack (a second, Kiddoo-join die)."""
    s, t = fresh()
    kid = put(s, t, 0, KIDDOO, "Paris")
    s.city_humans[PARIS, HERO] = 2  # heroes: no return fire
    choices(s, (KIDDOO,), (1,), (kid, TT_HUMANS, 0, PARIS), (0,))  # the (0,) only for a Kiddoo joining itself
    dice(s, 6, 6)
    engine.do_attack(s, t, 0)
    assert choices_taken(s) == 3 and dice_rolled(s) == 1
    assert s.city_humans[PARIS, HERO] == 1 and s.box_attack[0, KIDDOO] == 0


def test_kiddoo_attacking_on_its_own_is_fired_on_by_the_armour_first():
    """'Kiddoo can still attack on its own like a regular monster': the armour fires first ('Kiddoo always gets to
    attack first, even before armor fires' is said of Kiddoo joining another monster's attack).  The armour's 3 dice
    hit once, destroying the Kiddoo (capacity 1) before it rolls."""
    s, t = fresh()
    kid = put(s, t, 0, KIDDOO, "Paris")
    s.city_humans[PARIS, ARMOUR] = 1
    choices(s, (KIDDOO,), (1,), (kid, TT_HUMANS, 0, PARIS), (0,))
    dice(s, 6, 1, 1)  # the armour's three dice: one hit
    engine.do_attack(s, t, 0)
    assert dice_rolled(s) == 3 and s.piece_where[0, kid] != ON_BOARD
    assert s.city_humans[PARIS, ARMOUR] == 1


def test_kiddoo_joins_only_an_attack_in_its_own_city():
    """The Monsters, KIDDOO: 'If you attack with a monster in a city that also contains your Kiddoo piece then you can
    attack with Kiddoo as well.'  The Mechoor attacks Paris; the hidden Kiddoo in Rome is not asked and stays hidden."""
    s, t = fresh()
    mech = put(s, t, 0, MECHOOR, "Paris")
    kid = put(s, t, 0, KIDDOO, "Rome", hidden=True)
    choices(s, (MECHOOR,), (1,), (mech, TT_CITY, 0, PARIS), (0, 1))  # the (0, 1) only for a hidden Kiddoo asked to join
    dice(s, 6, 6, 6)
    engine.do_attack(s, t, 0)
    assert not all_used(s) and choices_taken(s) == 3 and dice_rolled(s) == 3
    assert s.piece_hidden[0, kid] == 1 and s.piece_city[0, kid] == ROME and s.city_rubble[0, PARIS] == 3


def test_kiddoo_joining_rolls_one_die_per_token_spent():
    """The Monsters, KIDDOO: 'Kiddoo can either expend attack tokens or make just one attack, i.e. Kiddoo always gets
    to roll at least one die' - two of its tokens: two dice, not three."""
    s, t = fresh()
    mech = put(s, t, 0, MECHOOR, "Paris")
    put(s, t, 0, KIDDOO, "Paris")
    s.box_attack[0, KIDDOO] = 2
    choices(s, (MECHOOR,), (1,), (mech, TT_CITY, 0, PARIS), (2,))
    dice(s, 1, 1, 6, 6, 6, 1)  # Kiddoo 1, 1; Mechoor 6, 6, 6; the last die only for a third Kiddoo die
    engine.do_attack(s, t, 0)
    assert choices_taken(s) == 4 and dice_rolled(s) == 5
    assert s.city_rubble[0, PARIS] == 3 and s.box_attack[0, KIDDOO] == 0


def test_a_monster_destroyed_by_kiddoo_is_not_moogres_trophy():
    """Monster vs Monster Combat: Moogre keeps the monsters IT destroys as VP; Kiddoo's kills are its own (not
    Moogre's).  Kiddoo, joining Moogre, strikes first and destroys the Mechoor (5 damage, capacity 6): it goes back
    to its owner, Moogre's owner scores nothing, and Moogre has nothing left to roll at."""
    s, t = fresh()
    yellow, red = 0, 1
    moogre = put(s, t, yellow, MOOGRE, "Rome")
    put(s, t, yellow, KIDDOO, "Rome")
    mech = put(s, t, red, MECHOOR, "Rome")
    s.box_damage[red, MECHOOR] = 5
    s.brown_rubble -= 5
    choices(s, (MOOGRE,), (1,), (moogre, TT_MONSTER, red, mech), (0,))
    dice(s, 6, 6, 6)
    engine.do_attack(s, t, yellow)
    assert choices_taken(s) == 4 and dice_rolled(s) == 1
    assert s.piece_where[red, mech] == AVAILABLE and s.moogre_vp[yellow] == 0 and s.lost[red, MECHOOR] == 1


def test_a_hidden_monster_stays_hidden_when_it_moves():
    """Monster Actions: 'Your monster will become revealed if it attacks or is discovered by a hero' - not by moving."""
    s, t = fresh()
    bloob = put(s, t, 0, BLOOB, "London", hidden=True)
    choices(s, (bloob, PARIS))
    engine.do_move_hide(s, t, 0)
    assert all_used(s) and s.piece_city[0, bloob] == PARIS and s.piece_hidden[0, bloob] == 1


def test_three_players_get_one_purple_token_a_turn():
    """Phase One: 'If there are three players then place one token here. If there are four players then place two
    tokens here.'"""
    s, t = fresh(3)
    dice(s, 4, 4, 4)
    engine.phase_one(s, t)
    assert all_used(s) and s.box_tokens[PURPLE] == 1


def test_dice_showing_one_add_orange_tokens():
    """Phase One: 'all '1's would be placed in the first box ... Each die placed in a box will result in an extra
    token or piece being added to that box.'  Turn 5, four players: 10 orange tokens and two 1s."""
    s, t = fresh(4)
    s.turn = 4
    dice(s, 1, 1, 2, 2, 2, 2)
    engine.phase_one(s, t)
    assert all_used(s) and s.box_tokens[ORANGE] == 10 + 2 and s.box_tokens[WHITE] == t.white[4] + 4


def test_the_orange_tokens_are_doubled_in_the_first_turn_only():
    """Phase One: 'IN THE FIRST TURN ONLY DOUBLE THIS NUMBER' - the second turn's three players get seven."""
    s, t = fresh(3)
    s.turn = 1
    dice(s, 4, 4, 4)
    engine.phase_one(s, t)
    assert all_used(s) and s.box_tokens[ORANGE] == 7


def test_example_moogre_moves_from_new_delhi_within_its_movement_or_hides():
    """Rulebook EXAMPLE (Action Three): green moves Moogre from New Delhi 'to any of the ticked cities. Alternatively
    he could leave it in New Delhi and replace the piece with the corresponding Hidden counter.'  On the assumed
    board, Moogre (movement 2) may go to every city one or two connections away - not New Delhi itself - or hide."""
    s, t = fresh()
    delhi = CITY["New Delhi"]
    m = put(s, t, 0, MOOGRE, "New Delhi")
    assert t.movement[MOOGRE] == 2
    one = ["Moscow", "Cairo", "Beijing", "Sydney"]
    two = ["London", "Paris", "Rome", "Rio de Janeiro", "Tokyo"]
    choices(s, (-9,))  # nothing matches: we only look at the options
    with pytest.raises(ValueError):
        engine.do_move_hide(s, t, 0)
    assert t.move_count[MOOGRE, delhi] == len(one + two)
    offered = options(s, len(one + two) + 1)
    assert sorted(o[1] for o in offered) == sorted([-1] + [CITY[c] for c in one + two])
    assert {o[0] for o in offered} == {m} and s.piece_city[0, m] == delhi and s.piece_hidden[0, m] == 0
