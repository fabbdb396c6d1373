"""The built-in games' registration: each module here registers one family of games.

`cardgames.find_game` and `cardgames.games` import every module of this package the first time
they look a game up, then load the games that other installed distributions declare under the
``cardgames.games`` entry points. A module here belongs to its game family (it names that
family's games, and nothing else does): no generic module keeps a list of games, and a source
tree run without being installed (``PYTHONPATH=src``) finds the built-in games too.
"""
