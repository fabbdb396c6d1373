"""Registers the games of the shedding engine: Crazy Eights and 8 Américain.

`cardgames.find_game` imports this module the first time it looks a game up (every package of
`cardgames` that holds a ``plugin`` module registers its games so); the games register
themselves when their modules are imported.
"""

from cardgames import crazy_eights, huit_americain

__all__ = ["GAMES"]

GAMES = (crazy_eights.GAME, huit_americain.GAME)
"""The games this package registers."""
