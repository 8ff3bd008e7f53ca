"""The games: game id -> the module that registers its GameSpec when imported.

``balance.registry`` imports these on demand, so a worker playing one game never loads another
game's kernels (each costs about half a second at start-up).
"""

MODULES = {
    "angry-monsters": "balance.games.angry_monsters",
    "moon": "balance.games.moon",
    "moongha": "balance.games.moongha",
    "moongha-duel": "balance.games.duel",
    "pig": "balance.games.pig",
}
