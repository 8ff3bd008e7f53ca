"""The two-player game's state: the fields of the state record.

Squares ``c`` are 0..t.n_cells-1 (``row * width + col``); pieces are the heroes 0..4, then the monsters
5..11 (``tables``); sides are 0 (the hero player) and 1 (the monster player), the seats in that order.
"""

import numpy as np

from balance.games.duel.decisions import MAX_OPTIONS, N_ATTACKS, N_COUNTERS, N_KIT, N_WEAPONS
from balance.games.duel.rules import HEROES, MAX_DECK
from balance.games.duel.tables import MAX_CELLS, PIECES

FIELDS = [
    ("at", np.int64, (PIECES,)),  # per piece: its square (the Bloob: its first counter's), -1 when dead
    ("damage", np.int64, (PIECES,)),  # per piece: damage cubes
    ("rubble", np.int8, (MAX_CELLS,)),  # 1 where a rubble counter lies
    ("rubble_at", np.int64, (MAX_CELLS,)),  # the squares with rubble (rubble_n of them)
    ("rubble_n", np.int64),
    ("bonus", np.int8, (MAX_CELLS,)),  # the face-down bonus counter of a square, -1: none
    ("dropped", np.int16, (MAX_CELLS, N_COUNTERS)),  # counters lying face up (a dead hero's kit, tanks)
    ("tanks_put_down", np.int16, (MAX_CELLS,)),  # of the oxygen tanks lying there, those put down on purpose
    ("carry", np.int16, (len(HEROES) + 1, N_COUNTERS)),  # each hero's counters, then Kiddoo's weapons
    ("empty", np.int16, (len(HEROES) + 1, N_WEAPONS)),  # weapons out of ammunition, kept for an ammo counter
    ("bloob_at", np.int64, (3,)),  # the squares of the Bloob's counters on the board, -1: retracted or lost
    ("tracker", np.int8, (PIECES,)),  # a tracking device sits on the monster
    ("concealed", np.bool_),  # Kiddoo is concealed
    ("emp_round", np.int64),  # Mechoor cannot move in this round's monster turn
    ("jeep_at", np.int64),  # the jeep's square, -1: none
    ("in_jeep", np.int8, (len(HEROES),)),
    ("deck", np.int64, (2, MAX_DECK)),  # per side: the draw pile, its top at deck_n - 1
    ("deck_n", np.int64, (2,)),
    ("discards", np.int64, (2, MAX_DECK)),
    ("discards_n", np.int64, (2,)),
    ("hand", np.int64, (2, MAX_DECK)),
    ("hand_n", np.int64, (2,)),
    ("removed", np.int64),  # monster cards put back in the box
    ("current_round", np.int64),
    ("turns", np.int64),
    ("swaps", np.int64),  # weapon swaps in the turn at hand
    ("winner", np.int64),  # the side that has won, -1: none yet
    # what the record tells
    ("kills", np.int64, (2,)),  # per side: enemy pieces eliminated
    ("cards_played", np.int64, (2,)),
    ("damage_dealt", np.int64, (2,)),
    ("shots", np.int64, (N_ATTACKS,)),
    ("hits", np.int64, (N_ATTACKS,)),
    ("used", np.int64, (N_KIT,)),  # kit used (ammo, body armour, med kit, energy drink, oxygen tanks)
    ("rubble_made", np.int64),
    ("claimed", np.int64),  # face-down bonus counters claimed
    ("bonus_actions", np.int64),  # bonus actions tried
    ("bonus_failed", np.int64),
    ("close_combats", np.int64),
    ("close_combats_won", np.int64, (2,)),  # per side
    ("killed_round", np.int64, (PIECES,)),  # the round a piece died, 0: alive at the end
    ("fell_at", np.int64, (PIECES,)),  # the square where a piece died (its kit lies there), -1: alive
    ("scores", np.int64, (2,)),
    ("standing", np.int64, (2,)),
    ("roll_total", np.int64),  # the roll at hand (after modifiers), for the +1 decision
    ("roll_need", np.int64),  # the total that wins or hits
    ("options", np.int64, (MAX_OPTIONS,)),
    # the engine's scratch: the search of a move (per square and mode, on foot 0 or in the jeep 1)
    ("reach_stamp_now", np.int64),
    ("reach_piece", np.int64),  # the piece searched last
    ("reach_stamp", np.int64, (MAX_CELLS, 2)),
    ("reach_cost", np.int64, (MAX_CELLS, 2)),
    ("reach_from", np.int64, (MAX_CELLS, 2)),
    ("listed", np.int64, (MAX_CELLS, 2)),
    ("queue", np.int64, (8 * MAX_CELLS,)),
    ("path", np.int64, (2 * MAX_CELLS,)),
    # who stands where, counted for a search (the squares whose occ_stamp is occ_now)
    ("occ_now", np.int64),
    ("occ_stamp", np.int64, (MAX_CELLS,)),
    ("occ", np.int64, (MAX_CELLS, 2)),  # heroes, monsters (the Bloob once per counter)
]
