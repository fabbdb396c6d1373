"""Registers the planet game "8".

`cardgames.find_game` imports this module the first time it looks a game up (every package of
`cardgames` that holds a ``plugin`` module registers its games so); the game registers itself
when `cardgames.planets` is imported.
"""

from cardgames import planets

__all__ = ["GAMES"]

GAMES = (planets.GAME,)
"""The games this package registers."""
