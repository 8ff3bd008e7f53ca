"""The strategies' shortcuts choose what a full valuation would: a square is valued in full only when it could
beat the best option so far (``policies.act_value(..., bar)``), a piece's moves only when the most they can be
worth could (``policies.hero_move_ceiling``, ``monster_move_ceiling``), and searched only when a move or a fight
could (``policies.move_bound``, ``engine.choose_action``); the counters to walk to are looked for
where they can lie, their distances kept while they lie there; and the wall gives way in a stand-off."""

from dataclasses import replace

import numpy as np
import pytest

from balance.games.duel import SPEC, engine, policies
from balance.games.duel.decisions import (
    ACT, ARNIE, BILLY, BODY_ARMOUR, BONUS, BOW_TRACKER, DRAKOOR, DRINK, DROP_TANKS, DUCK, DYNAMITE, EMP, END, FIRE,
    FIRST_DEFENDER, FLAME_THROWER, HANDGUN, HEAT_RAY, HEROES_SIDE, HYPNO_RAY, JADE, JOE, KIDDOO, MECHOOR, MED_KIT,
    MONSTERS_SIDE, MOOGRE, MOVE, OXYGEN_TANKS, PLUS_ONE, RADIO, ROCKS, SHAGGOO, SILVER_BULLET, SPECTOOR, SWAP,
    attack_damage, attack_range, attacks, chance_36, in_range, monster_attack, needed, option, piece_of, sees,
    square_of, what_of,
)
from balance.games.duel.rules import DUCK as DUCK_MARK, MAX_SIDE, PLUS_ONE as PLUS_MARK, THICK_LINES, Rules
from balance.games.duel.tables import FAR, FIRST_MONSTER as N_HEROES, PIECES, TABLES
from tests.games.duel.position import BLOOB, SKULL, Position, pick, rng

FULL = policies.NO_BAR  # no bar: every option valued in full


def seat(s, side, name):
    """The side plays the policy ``name`` with its default weights."""
    policy = SPEC.policy(name)
    s.policies.id[side] = policy.id
    s.policies.param[side, :len(policy.params)] = [p.default for p in policy.params]


def the_rest_died(p, living, in_round):
    """Every piece but ``living`` died in round ``in_round`` (the Bloob too, whole)."""
    for piece in range(PIECES):
        if piece not in living:
            p.s.at[piece] = -1
            p.s.killed_round[piece] = in_round
    p.s.bloob_at[:] = -1


def positions(hero, monster, games=8, rounds=(3, 9, 15, 21)):
    """The boards of standard games stopped after a few rounds (undecided games only)."""
    out = []
    for g in range(games):
        for r in rounds:
            s = engine.LAYOUT.new(traced=True)
            s.rng[:], s.setup_rng[:], s.policies.rng[:] = rng(100 + g), rng(200 + g), rng(300 + g)
            for side, name in enumerate((hero, monster)):
                seat(s, side, name)
            engine.play_game(s, TABLES.python(replace(Rules(), max_rounds=r), 2))
            if s.winner < 0:
                out.append(s)
    return out


@pytest.mark.parametrize("hero,monster", [("sniper", "hunter"), ("raider", "wall")])
def test_cutting_a_valuation_short_never_changes_the_choice(hero, monster):
    t = TABLES.python(Rules(), 2)
    checked = 0
    for s in positions(hero, monster):
        for side in (HEROES_SIDE, MONSTERS_SIDE):
            n = engine.list_actions(s, t, side)
            if n < 2:
                continue
            pick = policies.choose(s, t, side, ACT, n)  # leaves its scratch (shots, counters, here values)
            p = s.policies.param[side]
            full = [policies.act_value(s, t, side, s.options[i], s.policies.id[side], p, FULL) for i in range(n)]
            assert pick == int(np.argmax(full)), (side, pick, full)
            checked += 1
    assert checked >= 40


@pytest.mark.parametrize("hero,monster", [("sniper", "hunter"), ("raider", "wall")])
def test_searching_a_piece_s_moves_only_when_they_could_win_takes_the_same_option_with_fewer_searches(hero, monster):
    t = TABLES.python(Rules(), 2)
    decisions = every_search = searched = 0
    for s in positions(hero, monster):
        for side in (HEROES_SIDE, MONSTERS_SIDE):
            before = s.reach_stamp_now  # each search adds one
            n = engine.list_actions(s, t, side)
            if n < 2:
                continue
            every_search += s.reach_stamp_now - before
            taken = s.options[policies.choose(s, t, side, ACT, n)]  # sets the pieces' ceilings
            p = s.policies.param[side]
            for i in range(n):
                code = s.options[i]
                if what_of(code) == MOVE:
                    worth = policies.act_value(s, t, side, code, s.policies.id[side], p, FULL)
                    assert worth <= policies.move_bound(s, t, piece_of(code)), (piece_of(code), worth)
            before = s.reach_stamp_now
            assert engine.choose_action(s, t, side) == taken
            searched += s.reach_stamp_now - before
            decisions += 1
    assert decisions >= 40 and searched <= 0.75 * every_search, (searched, every_search)


def test_a_monster_s_best_shot_from_a_square_is_the_best_of_its_shots_at_the_heroes_in_range_and_in_sight():
    """``monster_shot_from`` tries the heroes best shot first (``list_aims``, once a decision) and stops at the first
    in range and in sight: the same worth as every hero's shot worked out there (the chance to hit times the worth of
    the damage; 0.2 for the hypno-ray), on every street square of standard games."""
    t = TABLES.python(Rules(), 2)
    streets = [c for c in range(t.n_cells) if t.building[c] == 0]
    shots = 0
    for s in positions("sniper", "wall", games=4, rounds=(6, 14)):
        policies.list_aims(s, t, (1 << PIECES) - 1)
        for m in (MECHOOR, SHAGGOO, SPECTOOR, MOOGRE):
            attack = monster_attack(m)
            if s.at[m] < 0:
                continue
            for c in streets:
                if attack == ROCKS and not s.rubble[c]:
                    assert policies.monster_shot_from(s, t, m, c, True, 0) == 0.0  # rocks from rubble only
                    continue
                worth = {}
                for h in range(N_HEROES):
                    sq = s.at[h]
                    if sq < 0 or not in_range(t, c, sq, attack_range(t, attack)):
                        continue
                    damage = attack_damage(s, t, attack, h)
                    harm = 0.2 if attack == HYPNO_RAY else policies.harm_value(s, t, h, damage, 1.0)
                    worth[h] = harm * (chance_36(needed(s, t, attack, h, sq)) / 36.0)
                in_sight = [v for h, v in worth.items() if sees(s, t, c, False, s.at[h], False)]
                assert policies.monster_shot_from(s, t, m, c, False, 0) == max(worth.values(), default=0.0)
                assert policies.monster_shot_from(s, t, m, c, True, 0) == max(in_sight, default=0.0)
                shots += len(in_sight) > 0
    assert shots >= 500


@pytest.mark.parametrize("monster", ["hunter", "wall"])
def test_no_move_of_a_monster_is_worth_more_than_its_ceiling(monster):
    t = TABLES.python(Rules(), 2)
    moves = skipped = 0
    for s in positions("sniper", monster):
        n = engine.list_actions(s, t, MONSTERS_SIDE)
        if n < 2:
            continue
        pick = policies.choose(s, t, MONSTERS_SIDE, ACT, n)  # sets each moving monster's ceiling
        p = s.policies.param[MONSTERS_SIDE]
        best = policies.act_value(s, t, MONSTERS_SIDE, s.options[pick], s.policies.id[MONSTERS_SIDE], p, FULL)
        for i in range(n):
            code = s.options[i]
            if what_of(code) != MOVE or attacks(code):
                continue
            ceiling = s.policies.ceiling[piece_of(code)]
            worth = policies.act_value(s, t, MONSTERS_SIDE, code, s.policies.id[MONSTERS_SIDE], p, FULL)
            assert worth <= ceiling, (piece_of(code), worth, ceiling)
            moves += 1
            skipped += ceiling < best
    assert moves >= 200 and skipped >= moves // 5  # the bound is tight enough to spare valuations


def test_the_counters_to_walk_to_are_the_face_down_ones_and_a_fallen_hero_s_kit_and_their_distances_are_current():
    t = TABLES.python(Rules(), 2)
    with_kit_lying = 0
    for s in positions("raider", "hunter", games=8, rounds=(12, 24)):
        policies.list_pulls(s, t)
        listed = sorted({int(c) for c in s.policies.pull_at[:s.policies.pull_n]})
        lying = s.dropped[:t.n_cells].sum(axis=1) - s.tanks_put_down[:t.n_cells]  # a dead hero's tanks too
        every_square = [c for c in range(t.n_cells) if s.bonus[c] >= 0 or lying[c] > 0]
        assert listed == every_square
        nearest = [min((int(t.apart[c, q]) for q in listed), default=1 << 20) for c in range(t.n_cells)]
        kept = [policies.pull_distance(s, t, c) for c in range(t.n_cells)]  # kept from decision to decision
        assert kept == nearest
        with_kit_lying += lying.sum() > 0
    assert with_kit_lying >= 2  # the fallen heroes' kit was looked for, not only the bonus squares


@pytest.mark.parametrize("quiet,holds,drakoor_goes", [(1, 1.0, False), (5, 1.0, False), (6, 5 / 6, False),
                                                       (8, 5 / 8, True)])
def test_the_wall_gives_way_when_nobody_has_died_for_a_while(quiet, holds, drakoor_goes):
    """Drakoor shields Moogre while pieces die; when none has died for long, the shield weight it gives up goes to
    the hunt and it goes for the last hero (else the last heroes, hiding, and the wall wait together for the turn
    cap: 1.7% of focus against wall games did)."""
    p = Position(["od....5"])
    the_rest_died(p, (JADE, DRAKOOR, MOOGRE), 1)
    p.s.current_round = 1 + quiet
    seat(p.s, MONSTERS_SIDE, "wall")
    p.hand(MONSTERS_SIDE, p.card(MONSTERS_SIDE, "shaggoo/drakoor"))  # Shaggoo is dead: a card for Drakoor
    assert policies.patience(p.s, policies.STANDOFF) == pytest.approx(holds)
    code = engine.choose_action(p.s, p.t, MONSTERS_SIDE)
    if drakoor_goes:
        assert what_of(code) == MOVE and piece_of(code) == DRAKOOR and square_of(code) == p.cell(0, 3)
    else:
        assert what_of(code) == END


@pytest.mark.parametrize("quiet,comes_out", [(5, False), (policies.HERO_STANDOFF - 1, False), (30, True),
                                             (65, True)])
def test_a_last_hero_within_reach_of_mechoor_but_out_of_sight_comes_out_when_nobody_has_died_for_long(quiet, comes_out):
    """Arnie, the last hero, stands in a building two squares from Mechoor, who is hemmed in by rubble: within
    the reach of Arnie's handgun, out of sight behind another building, and as far from Joe's kit (the end of a
    game of raider against wall that reached the turn cap so, both players keeping their cards for 85 rounds).
    While pieces die a hero is content within reach; in a long stand-off it comes nearer, for a shot."""
    p = Position([".............",
                  ".##.##.##.##.",
                  ".##.##.##.##.",
                  ".............",
                  ".##.#...#.##.",
                  ".##.#...#.##.",
                  ".............",
                  ".##.##.##.##.",
                  ".##.##.##%##%",
                  "........%.%%m"])
    engine.place_rubble(p.s, p.t, p.cell(9, 12))
    the_rest_died(p, (ARNIE, MECHOOR), 35)
    p.put(ARNIE, 7, 10)
    p.give(ARNIE, HANDGUN, FLAME_THROWER, SILVER_BULLET)
    p.s.damage[ARNIE] = 1
    p.s.fell_at[JOE] = p.cell(5, 8)  # Joe's kit lies where he fell, for Arnie to walk to
    for counter in (HANDGUN, BOW_TRACKER, EMP, MED_KIT):
        p.s.dropped[p.cell(5, 8), counter] = 1
    p.s.current_round = 35 + quiet
    seat(p.s, HEROES_SIDE, "raider")
    policies.new_game(p.s, p.t)  # the heroes' odds in a fight with each monster
    # no +1 card: counted in the shot's odds, two make it worth coming out for at once
    p.hand(HEROES_SIDE, *(p.card(HEROES_SIDE, c) for c in ("arnie/skull", "arnie/billy duck", "arnie/jade")))
    assert not sees(p.s, p.t, p.cell(7, 10), True, p.cell(9, 12), True)
    code = engine.choose_action(p.s, p.t, HEROES_SIDE)
    if comes_out:
        assert what_of(code) == MOVE and piece_of(code) == ARNIE
        to = square_of(code)
        assert p.t.apart[to, p.cell(9, 12)] < 2 or sees(p.s, p.t, to, True, p.cell(9, 12), True)
    else:
        assert what_of(code) == END


@pytest.mark.parametrize("monster", ["hunter", "wall"])
def test_the_extended_bloob_crawls_out_of_the_park_to_the_last_hero(monster):
    """The Bloob's two counters lie in the park, the thick line of its south entrance below one of them; Skull, the
    last hero, who cannot hurt the Bloob, waits in a building two steps away.  By king moves no move of the Bloob
    brings it nearer, and the monster player kept its cards for 67 rounds until the turn cap (focus against wall);
    its counters crawl orthogonally, and so counted each move brings one nearer, and it comes for Skull."""
    streets = ["".join("#" if ch == "#" else "." for ch in row) for row in Rules().map]  # the default map
    p = Position(streets, thick_lines=THICK_LINES)
    the_rest_died(p, (SKULL, BLOOB), 32)
    p.s.bloob_at[:2] = p.cell(5, 5), p.cell(5, 6)
    p.s.at[BLOOB] = p.cell(5, 5)
    p.put(SKULL, 7, 7)
    p.s.current_round = 60
    seat(p.s, MONSTERS_SIDE, monster)
    assert p.t.walk[0, p.cell(5, 6), p.cell(6, 6)] == 2  # the thick line between them
    p.hand(MONSTERS_SIDE, *(p.card(MONSTERS_SIDE, c) for c in ("shaggoo/bloob", "bloob/spectoor", "bloob/moogre")))
    engine.play_cards(p.s, p.t, MONSTERS_SIDE)
    assert p.s.close_combats == 1 and p.s.damage[SKULL] == 1


def test_a_hunting_monster_counts_its_steps_around_the_thick_lines():
    """``tables.walk``: on an open map any step is a king move and orthogonal steps are a rook's walk; a fence of thick
    lines across the map sends the walk round its gap, and a square it fences off is as far as ``FAR``."""
    open_map = Position(["............"] * 3)
    a, b = open_map.cell(0, 0), open_map.cell(2, 7)
    assert open_map.t.walk[0, a, b] == open_map.t.apart[a, b] == 7
    assert open_map.t.walk[1, a, b] == 9
    fence = [f"1,{c}|2,{c}" for c in range(1, 12)]  # the gap: column 12 (row 0, column 11 in the test's cells)
    fenced = Position(["............"] * 3, thick_lines=fence)
    a, b = fenced.cell(0, 0), fenced.cell(1, 0)
    assert fenced.t.walk[0, a, b] == 11 + 11  # along row 0, a diagonal step through the gap, back along row 1
    assert fenced.t.walk[1, a, b] == 11 + 1 + 11
    assert fenced.t.walk[0, b, a] == 11 + 11 and fenced.t.walk[1, b, a] == 11 + 1 + 11  # back to square 0
    shut = Position(["............"] * 3, thick_lines=fence + ["1,12|2,12"])
    assert shut.t.walk[0, a, b] == shut.t.walk[1, a, b] == FAR


def test_the_hero_player_spends_the_marked_card_of_living_heroes_and_no_plus_one_in_vain():
    p = Position(["1k."])
    seat(p.s, HEROES_SIDE, "sniper")
    the_rest_died(p, (JOE, ARNIE, KIDDOO), 3)
    cards = [p.card(HEROES_SIDE, c) for c in ("billy/skull duck", "joe/arnie duck", "billy/skull +1", "joe/arnie +1")]
    p.hand(HEROES_SIDE, *cards)
    assert engine.play_marked(p.s, p.t, DUCK, DUCK_MARK)  # Joe and Arnie's: Billy and Skull's pays for no action
    assert sorted(p.s.hand[HEROES_SIDE, :p.s.hand_n[HEROES_SIDE]]) == sorted([cards[0], cards[2], cards[3]])
    p.s.roll_total, p.s.roll_need = 5, 8  # two +1 cards cannot make 8 of 5: both kept
    assert not engine.play_marked(p.s, p.t, PLUS_ONE, PLUS_MARK) and p.s.hand_n[HEROES_SIDE] == 3
    assert engine.plus_ones(p.s, p.t, 6, 8) == 8 and p.s.hand_n[HEROES_SIDE] == 1  # both played to make it
    p.hand(HEROES_SIDE, *cards[2:])
    assert engine.plus_ones(p.s, p.t, 7, 8) == 8  # one is enough: Joe and Arnie's
    assert list(p.s.hand[HEROES_SIDE, :p.s.hand_n[HEROES_SIDE]]) == [cards[2]]


@pytest.mark.parametrize("hero", ["sniper", "raider", "focus"])
def test_a_hero_values_the_silver_bullet_at_drakoor_as_the_kill_it_is(hero):
    """The silver bullet's row says 1 damage, but Drakoor 'will automatically be killed by silver bullet': a hero
    with a card to play fires it at an unhurt Drakoor rather than the handgun at Kiddoo, both two squares away, and
    Drakoor is eliminated."""
    p = Position(["1.d", "..k"])
    seat(p.s, HEROES_SIDE, hero)
    the_rest_died(p, (JOE, DRAKOOR, KIDDOO), 3)
    p.give(JOE, HANDGUN, SILVER_BULLET)
    p.hand(HEROES_SIDE, p.card(HEROES_SIDE, "joe/arnie"))
    policies.new_game(p.s, p.t)
    assert attack_damage(p.s, p.t, SILVER_BULLET, DRAKOOR) == p.t.capacity[DRAKOOR]
    code = engine.choose_action(p.s, p.t, HEROES_SIDE)
    assert code == option(FIRE, JOE, SILVER_BULLET, p.cell(0, 2), DRAKOOR)
    p.dice(4, 3)
    engine.pay_with_card(p.s, p.t, HEROES_SIDE, JOE)
    engine.act(p.s, p.t, HEROES_SIDE, code)
    assert p.s.at[DRAKOOR] == -1 and p.s.carry[JOE, SILVER_BULLET] == 0
    p.s.damage[DRAKOOR], p.s.at[DRAKOOR] = 1, p.cell(0, 2)
    assert attack_damage(p.s, p.t, SILVER_BULLET, DRAKOOR) == p.t.capacity[DRAKOOR] - 1  # what is left of it


def test_a_one_use_counter_is_kept_back_for_the_monsters_that_decide_the_game_when_it_hurts_more_than_the_handgun():
    t = TABLES.python(Rules(), 2)
    assert policies.kept_back(t, DYNAMITE, 1.0) == 0.5 and policies.kept_back(t, DYNAMITE, 10.0) == 1.0
    assert policies.kept_back(t, SILVER_BULLET, 1.0) == 1.0  # the handgun's damage: nothing kept by not firing it
    assert policies.kept_back(t, HANDGUN, 1.0) == 1.0  # not one-use


def test_a_hero_s_shots_are_valued_only_at_what_the_rules_let_it_shoot_and_hurt():
    """No shot at Kiddoo concealed (it cannot be the target of range fire); oxygen tanks under Drakoor alone are
    worth nothing (range fire does not hurt it), under Kiddoo they are; the radio reaches as far as a shot is valued."""
    p = Position(["1.k", "..d", "..."])
    seat(p.s, HEROES_SIDE, "sniper")
    the_rest_died(p, (JOE, JADE, KIDDOO, DRAKOOR), 3)
    p.s.at[JADE] = p.cell(2, 0)
    policy, param = p.s.policies.id[HEROES_SIDE], p.s.policies.param[HEROES_SIDE]
    policies.list_shots(p.s, p.t, 1 << JOE, policy, param)
    assert p.s.policies.shot[JOE, KIDDOO, 2] > 0.0
    p.s.concealed = True
    policies.list_shots(p.s, p.t, 1 << JOE, policy, param)
    assert p.s.policies.shot[JOE, KIDDOO].max() == 0.0
    p.s.dropped[p.cell(1, 2), OXYGEN_TANKS] = 1
    assert policies.shot_value(p.s, p.t, JOE, HANDGUN, policies.TANKS, p.cell(1, 2), policy, param) == 0.0
    p.s.at[KIDDOO] = p.cell(1, 2)
    assert policies.shot_value(p.s, p.t, JOE, HANDGUN, policies.TANKS, p.cell(1, 2), policy, param) > 0.0
    assert policies.reach_of(p.s, p.t, JADE) == p.t.weapon_range[HANDGUN]
    p.give(JADE, RADIO)
    assert policies.reach_of(p.s, p.t, JADE) == policies.SHOT_REACH


def fights_first(p, side, attacker, worse, better):
    """The attacker, on the square left of its two defenders, takes on ``better`` first, and its move into the square
    is worth that fight."""
    c = p.cell(0, 1)
    p.s.options[:2] = pick(c, worse, attacker), pick(c, better, attacker)
    assert policies.choose(p.s, p.t, side, FIRST_DEFENDER, 2) == 1
    assert policies.fight_worth(p.s, p.t, attacker, better) > policies.fight_worth(p.s, p.t, attacker, worse)
    assert policies.fight_value(p.s, p.t, attacker, c) == policies.fight_worth(p.s, p.t, attacker, better)


@pytest.mark.parametrize("beside", [BLOOB, MECHOOR])
def test_a_hero_fights_first_the_defender_it_can_beat_and_values_its_move_by_that_fight(beside):
    """Kiddoo shares its square with the Bloob, which always wins, or with Mechoor, which close combat cannot hurt:
    the hero takes Kiddoo on first, and its move into the square is worth that fight."""
    p = Position(["1k"])
    p.put(beside, 0, 1)
    seat(p.s, HEROES_SIDE, "sniper")
    fights_first(p, HEROES_SIDE, JOE, beside, KIDDOO)


def test_a_monster_fights_first_the_hero_it_can_kill_and_values_its_move_by_that_fight():
    """Joe and Jade share the square next to Drakoor, Jade with 1 damage left: Drakoor takes on Jade first (a win
    kills her), not Joe, the first by number, and its move into the square is worth that fight."""
    p = Position(["d1"])
    p.put(JADE, 0, 1)
    p.s.damage[JADE] = p.t.capacity[JADE] - 1
    seat(p.s, MONSTERS_SIDE, "hunter")
    fights_first(p, MONSTERS_SIDE, DRAKOOR, JOE, JADE)


@pytest.mark.parametrize("armour", [True, False])
@pytest.mark.parametrize("monster", ["hunter", "wall"])
def test_a_monster_values_a_hit_on_body_armour_as_no_kill(monster, armour):
    """Joe has 1 damage left, both four squares from Mechoor: a heat-ray hit would kill him, but his body armour
    'takes the next damage' whole, so with it on, Mechoor fires at Jade, whom the hit kills (it fires at Joe, the
    first of the equals, when Jade's kill is only as near); the hit on Joe is the armour's."""
    p = Position(["1...m...5"])
    seat(p.s, MONSTERS_SIDE, monster)
    the_rest_died(p, (JOE, JADE, MECHOOR), 3)
    p.s.damage[JOE] = p.t.capacity[JOE] - 1
    p.s.damage[JADE] = p.t.capacity[JADE] - attack_damage(p.s, p.t, HEAT_RAY, JADE)
    if armour:
        p.give(JOE, BODY_ARMOUR)
    p.hand(MONSTERS_SIDE, p.card(MONSTERS_SIDE, "kiddoo/mechoor"))
    policies.new_game(p.s, p.t)
    hit_on_joe = policies.harm_value(p.s, p.t, JOE, attack_damage(p.s, p.t, HEAT_RAY, JOE), 1.0)
    kill = policies.harm_value(p.s, p.t, JADE, attack_damage(p.s, p.t, HEAT_RAY, JADE), 1.0)
    assert hit_on_joe == (attack_damage(p.s, p.t, HEAT_RAY, JOE) / p.t.capacity[JOE] if armour else kill)
    code = engine.choose_action(p.s, p.t, MONSTERS_SIDE)
    assert what_of(code) == FIRE and piece_of(code) == MECHOOR
    assert square_of(code) == p.s.at[JADE if armour else JOE]  # a monster fires at a square
    if armour:
        engine.hurt(p.s, p.t, JOE, attack_damage(p.s, p.t, HEAT_RAY, JOE), MONSTERS_SIDE, False)
        assert p.s.at[JOE] >= 0 and p.s.carry[JOE, BODY_ARMOUR] == 0


def test_a_hero_s_shot_is_valued_at_odds_that_count_the_plus_one_cards_in_hand():
    """The hero player plays its +1 cards on any roll they make, so a hero's shot is valued at the odds with them: Joe's
    handgun shot at Kiddoo with two in hand hits on two less; an air strike's too, unless the rules bar them."""
    p = Position(["1..k"])
    seat(p.s, HEROES_SIDE, "sniper")
    the_rest_died(p, (JOE, KIDDOO), 3)
    policy, param = p.s.policies.id[HEROES_SIDE], p.s.policies.param[HEROES_SIDE]
    at = p.cell(0, 3)
    need = needed(p.s, p.t, HANDGUN, KIDDOO, at)
    bare = policies.shot_value(p.s, p.t, JOE, HANDGUN, KIDDOO, at, policy, param)
    p.hand(HEROES_SIDE, *(p.card(HEROES_SIDE, c) for c in ("joe/arnie +1", "joe/billy +1", "joe/skull duck")))
    assert policies.plus_cards(p.s, p.t) == 2 and 0 < chance_36(need) < chance_36(need - 2)
    shot = policies.shot_value(p.s, p.t, JOE, HANDGUN, KIDDOO, at, policy, param)
    assert shot == pytest.approx(bare * chance_36(need - 2) / chance_36(need))
    policies.list_shots(p.s, p.t, 1 << JOE, policy, param)
    assert p.s.policies.shot[JOE, KIDDOO, 0] == pytest.approx(shot)  # its shot table (in range)
    for barred in (True, False):
        t = Position(["1"], air_strike_plus_one=not barred).t
        assert policies.hero_hit(t, RADIO, 9, 2) == chance_36(9 if barred else 7) / 36.0


def test_a_bonus_action_is_worth_the_chance_of_the_hero_s_card_times_its_action_less_the_cards_it_costs():
    """The top card bears the hero with the share of the draw pile's cards that do (the discards', when the pile is
    spent, as they are shuffled into a new one).  The card drawn never reaches the hand: the pile's mean card is lost
    (an action on a later turn, and a Duck or +1 mark); a failed try loses a card of the hand too, the cheapest,
    which costs nothing when the hand limit would discard one at the end of the turn anyway (8 cards, 3 drawn)."""
    p = Position(["1k."])
    joe_arnie_duck, billy_skull, skull_jade, joe_jade = (p.card(HEROES_SIDE, c) for c in
                                                         ("joe/arnie duck", "billy/skull", "skull/jade +1", "joe/jade"))
    plain, marked = policies.CARD_KEPT, policies.CARD_KEPT + policies.MARK_KEPT
    p.s.deck[HEROES_SIDE, :3] = joe_arnie_duck, billy_skull, skull_jade
    p.s.deck_n[HEROES_SIDE] = 3
    drawn = (marked + plain + marked) / 3
    p.hand(HEROES_SIDE, skull_jade, billy_skull, skull_jade, skull_jade, skull_jade)  # 5 - 1 + 3 < 8
    assert policies.bonus_worth(p.s, p.t, JOE, 0.6) == pytest.approx(0.6 / 3 - drawn - 2 / 3 * plain)
    assert policies.bonus_worth(p.s, p.t, SKULL, 0.6) == pytest.approx(0.6 * 2 / 3 - drawn - plain / 3)
    p.hand(HEROES_SIDE, skull_jade, skull_jade, skull_jade, skull_jade, skull_jade)  # a marked card lost
    assert policies.bonus_worth(p.s, p.t, JOE, 0.6) == pytest.approx(0.6 / 3 - drawn - 2 / 3 * marked)
    p.hand(HEROES_SIDE, billy_skull, skull_jade, billy_skull, skull_jade, billy_skull, skull_jade)  # 6 - 1 + 3 = 8
    assert policies.bonus_worth(p.s, p.t, JOE, 0.6) == pytest.approx(0.6 / 3 - drawn)
    p.s.deck_n[HEROES_SIDE] = 0
    p.s.discards[HEROES_SIDE, :2] = joe_jade, billy_skull
    p.s.discards_n[HEROES_SIDE] = 2
    assert policies.bonus_worth(p.s, p.t, JOE, 0.6) == pytest.approx(0.3 - plain)
    assert policies.bonus_worth(p.s, p.t, ARNIE, 0.6) == pytest.approx(-plain)


def test_a_failed_bonus_action_that_ends_the_whole_turn_costs_the_turns_draw_too():
    """``failed_bonus_ends = turn``: a failure also forgoes the turn's three cards (the pile's mean card each, weighed
    ``DRAW_FORGONE`` times), and the hand limit spares the hand's card only when the hand alone would exceed it."""
    p = Position(["1k."], failed_bonus_ends="turn")
    joe_arnie_duck, billy_skull, skull_jade = (p.card(HEROES_SIDE, c) for c in
                                               ("joe/arnie duck", "billy/skull", "skull/jade +1"))
    plain, marked = policies.CARD_KEPT, policies.CARD_KEPT + policies.MARK_KEPT
    p.s.deck[HEROES_SIDE, :3] = joe_arnie_duck, billy_skull, skull_jade
    p.s.deck_n[HEROES_SIDE] = 3
    drawn = (marked + plain + marked) / 3
    p.hand(HEROES_SIDE, billy_skull, skull_jade, billy_skull, skull_jade, billy_skull, skull_jade)  # 6 - 1 < 8
    forgone = policies.DRAW_FORGONE * 3 * drawn
    assert policies.bonus_worth(p.s, p.t, JOE, 0.6) == pytest.approx(0.6 / 3 - drawn - 2 / 3 * (plain + forgone))


def test_the_hero_player_tries_a_bonus_action_for_a_hero_no_card_pays_for_when_its_action_is_worth_the_gamble():
    """Joe, with a handgun, has Moogre in his sights two squares away, but no card in hand bears him: the sniper's
    card play ends (the hand's cards pay for the dead heroes alone), and it tries a bonus action for Joe while the
    draw pile holds a card of his; the top card bears him, he fires, and with none of his left to draw it ends."""
    p = Position(["1.o"])
    seat(p.s, HEROES_SIDE, "sniper")
    the_rest_died(p, (JOE, MOOGRE), 3)
    p.give(JOE, HANDGUN)
    policies.new_game(p.s, p.t)
    billy_skull, joe_arnie, arnie_jade = (p.card(HEROES_SIDE, c) for c in ("billy/skull", "joe/arnie", "arnie/jade"))
    p.hand(HEROES_SIDE, billy_skull, billy_skull)
    p.s.deck[HEROES_SIDE, :2] = arnie_jade, joe_arnie
    p.s.deck_n[HEROES_SIDE] = 2
    assert engine.choose_action(p.s, p.t, HEROES_SIDE) == option(END, 0, 0, 0, -1)
    assert engine.bonus_or_end(p.s, p.t) == option(BONUS, JOE, 0, p.cell(0, 0), -1)
    p.dice(5, 4)  # the top card bears Joe: he fires, and hits
    engine.play_cards(p.s, p.t, HEROES_SIDE)
    assert p.all_used() and p.s.damage[MOOGRE] == 1 and p.s.bonus_actions == 1 and p.s.bonus_failed == 0
    assert p.s.deck_n[HEROES_SIDE] == 1 and p.s.hand_n[HEROES_SIDE] == 2  # no card of Joe's left to draw: it ends


def card_play_ended(s, t) -> bool:
    """Play the heroes' cards as their policy would until it would end the card play (False: the game ended first)."""
    while s.winner < 0:
        code = engine.choose_action(s, t, HEROES_SIDE)
        if what_of(code) == END:
            return True
        if what_of(code) in (DRINK, DROP_TANKS, SWAP):
            engine.free_use(s, t, code)
        else:
            engine.pay_with_card(s, t, HEROES_SIDE, piece_of(code))
            engine.act(s, t, HEROES_SIDE, code)
    return False


@pytest.mark.parametrize("hero,monster", [("sniper", "hunter"), ("raider", "wall")])
def test_the_bonus_action_tried_is_the_best_gamble_of_the_heroes_no_card_pays_for_valued_in_full(hero, monster):
    """``engine.bonus_or_end`` values a hero's actions with the shortcuts of a card play; the same choice as every
    action of every hero no card pays for valued in full, on the boards of standard games."""
    t = TABLES.python(Rules(), 2)
    ended = tried = 0
    for s in positions(hero, monster, games=8, rounds=(4, 8, 12, 16, 20, 24)):
        if not card_play_ended(s, t):
            continue
        worth = {}
        for h in range(N_HEROES):
            if s.at[h] >= 0 and not engine.payable(s, t, HEROES_SIDE, h) and s.hand_n[HEROES_SIDE] > 0:
                s.options[0] = option(END, h, 0, 0, -1)
                n = engine.list_piece_actions(s, t, h, 1)
                policies.ready_to_act(s, t, HEROES_SIDE, 1 << h)
                best = max((policies.act_value(s, t, HEROES_SIDE, s.options[i], s.policies.id[HEROES_SIDE],
                                               s.policies.param[HEROES_SIDE], FULL) for i in range(1, n)), default=FULL)
                worth[h] = policies.bonus_worth(s, t, h, best)
        most = max(worth.values(), default=0.0)
        expected = option(BONUS, max(worth, key=worth.get), 0, s.at[max(worth, key=worth.get)], -1) \
            if most > 0 else option(END, 0, 0, 0, -1)
        assert engine.bonus_or_end(s, t) == expected
        ended += 1
        tried += most > 0
    assert ended >= 10 and tried >= 2, (ended, tried)


def test_a_monster_threatens_a_hero_it_can_reach_in_a_move_and_mechoor_with_its_heat_ray_in_range():
    """A hero's square counts a monster's threat by their distance, worked out once a game for every distance on the
    largest map: the chance to lose the fight within the monster's movement, Mechoor's heat ray beyond it as far as
    its range, nothing farther; Mechoor stopped by the EMP threatens with its heat ray only."""
    p = Position(["1"])
    policies.new_game(p.s, p.t)
    threat, lose = p.s.policies.threat, p.s.policies.lose
    ray = policies.HEAT_RAY_THREAT
    moogre, mechoor, fire = p.t.movement[MOOGRE] + 1, p.t.movement[MECHOOR] + 1, p.t.heat_ray_range + 1  # 0 to each
    assert threat.shape[-1] == MAX_SIDE and mechoor < fire < MAX_SIDE  # the ray reaches beyond a fight
    for h in (JOE, JADE):
        assert 0 < lose[h, MOOGRE] < 1
        assert list(threat[0, h, MOOGRE]) == [lose[h, MOOGRE]] * moogre + [0.0] * (MAX_SIDE - moogre)
        assert list(threat[0, h, MECHOOR]) == [lose[h, MECHOOR]] * mechoor + [ray] * (fire - mechoor) + \
            [0.0] * (MAX_SIDE - fire)
        assert list(threat[1, h, MECHOOR]) == [ray] * fire + [0.0] * (MAX_SIDE - fire)
        assert list(threat[1, h, MOOGRE]) == list(threat[0, h, MOOGRE])


def test_the_emp_is_worth_the_threat_it_lifts_from_the_heroes_mechoor_could_reach():
    """'Mechoor ... cannot move' for a turn: it cannot come to fight the heroes within its movement, so the EMP is
    worth the threat a hero's square counts from it (Joe's and Jade's, not Billy's, out of its reach), and once it
    has hit, a square beside Mechoor counts none and a second EMP is worth nothing."""
    p = Position(["1.m..3",
                  "..5..."])
    seat(p.s, HEROES_SIDE, "sniper")
    the_rest_died(p, (JOE, BILLY, JADE, MECHOOR), 3)
    p.give(JOE, EMP)
    policies.new_game(p.s, p.t)
    policy, param = p.s.policies.id[HEROES_SIDE], p.s.policies.param[HEROES_SIDE]
    caution, at = param[3], p.s.at[MECHOOR]
    hit = policies.hero_hit(p.t, EMP, needed(p.s, p.t, EMP, MECHOOR, at), policies.plus_cards(p.s, p.t))
    heat_ray = policies.HEAT_RAY_THREAT  # its threat when it cannot come to fight
    lifted = {h: caution * (p.s.policies.lose[h, MECHOOR] - heat_ray) / p.t.capacity[h] for h in (JOE, JADE)}
    assert 0 < hit < 1 and min(lifted.values()) > 0
    emp = policies.shot_value(p.s, p.t, JOE, EMP, MECHOOR, at, policy, param)
    assert emp == pytest.approx(hit * sum(lifted.values()))
    beside = p.cell(0, 1)
    before, _ = policies.hero_square_terms(p.s, p.t, JOE, beside, param)
    p.s.emp_round = p.s.current_round  # the EMP hit
    after, _ = policies.hero_square_terms(p.s, p.t, JOE, beside, param)
    assert after - before == pytest.approx(lifted[JOE])
    assert policies.shot_value(p.s, p.t, JOE, EMP, MECHOOR, at, policy, param) == 0.0
