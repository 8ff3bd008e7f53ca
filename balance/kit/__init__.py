"""The game kit: what every game's engine is written with.

- ``compile``: the kernel decorators (``jit``, ``jit_inline``), inlined ``minimum``/``maximum`` and ``variable``;
- ``tables``: the rules as one record with a named field per rule (``Tables``, ``@table``);
- ``state``: the state record's layout, with the parts every game shares (``Layout``);
- ``rng``: the random streams of each game, derived from the run's seed and the game's index;
- ``script``: scripted dice and choices for rule tests, compiled only into the test variant;
- ``columns``: the per-game record, written through indices resolved by name.

``docs/adding-a-game.md`` walks through a game written with it (Pig).
"""

from balance.kit.columns import finish_record, new_records, track_lead
from balance.kit.compile import jit, jit_inline, maximum, minimum, variable
from balance.kit.rng import below, die, uniform
from balance.kit.script import roll, scripted_option
from balance.kit.state import Layout, record, seat_policies, start_game, start_turn
from balance.kit.tables import Tables, table

__all__ = ["Layout", "Tables", "below", "die", "finish_record", "jit", "jit_inline", "maximum", "minimum",
           "new_records", "record", "roll", "scripted_option", "seat_policies", "start_game", "start_turn", "table",
           "track_lead", "uniform", "variable"]
