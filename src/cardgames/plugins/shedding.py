"""Registers the games of the shedding engine: Crazy Eights and 8 Américain.

The games register themselves when their modules are imported (the shared engine,
`cardgames.shedding`, imports neither of its presets).
"""

from cardgames import crazy_eights, huit_americain

__all__ = ["GAMES"]

GAMES = (crazy_eights.GAME, huit_americain.GAME)
"""The games this package registers."""
