"""The games.  Importing this package registers every game with ``balance.registry``."""

from balance.games import angry_monsters  # noqa: F401
from balance.games import moongha  # noqa: F401
from balance.games import pig  # noqa: F401
