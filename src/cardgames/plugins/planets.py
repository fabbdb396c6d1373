"""Registers the planet game "8".

The game registers itself when `cardgames.planets` is imported.
"""

from cardgames import planets

__all__ = ["GAMES"]

GAMES = (planets.GAME,)
"""The games this package registers."""
