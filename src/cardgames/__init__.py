"""cardgames: immutable, typed, seeded card-game engines.

Games: Crazy Eights (`cardgames.crazy_eights`), 8 Américain (`cardgames.huit_americain`) and the
planet game "8" (`cardgames.planets`).
Every game answers to the same protocol (`cardgames.game`): frozen rules, frozen states advanced
by a validating ``apply``, redacted per-player views, typed events and JSON documents.

Examples:
    >>> import cardgames
    >>> game = cardgames.find_game("Crazy Eights")
    >>> state = game.new_game(["Léa", "Tom"], seed=7)
    >>> len(state.legal_moves()) > 0
    True
"""

import os as _os
from importlib.machinery import EXTENSION_SUFFIXES as _EXTENSION_SUFFIXES

from cardgames.cards import JOKER, Card, DeckKind, Rank, Suit, make_deck, parse_cards
from cardgames.errors import (
    CardGamesError,
    IllegalMoveError,
    InvalidArgumentError,
    InvalidRulesError,
    InvalidStateError,
    MatchOverError,
    MissingCapabilityError,
    ParseError,
    UnknownGameError,
)
from cardgames.game import (
    Event,
    Game,
    LegalMoves,
    Move,
    Outcome,
    State,
    Termination,
    View,
    find_game,
    games,
    register,
)
from cardgames.history import GameLog
from cardgames.rng import Rng
from cardgames.schema import schema

__version__ = "0.1.0.dev0"

__all__ = [
    "JOKER",
    "Card",
    "CardGamesError",
    "DeckKind",
    "Event",
    "Game",
    "GameLog",
    "IllegalMoveError",
    "InvalidArgumentError",
    "InvalidRulesError",
    "InvalidStateError",
    "LegalMoves",
    "MatchOverError",
    "MissingCapabilityError",
    "Move",
    "Outcome",
    "ParseError",
    "Rank",
    "Rng",
    "State",
    "Suit",
    "Termination",
    "UnknownGameError",
    "View",
    "__version__",
    "compiled_modules",
    "find_game",
    "games",
    "make_deck",
    "parse_cards",
    "register",
    "schema",
]


def compiled_modules() -> tuple[str, ...]:
    """The modules of this installation that run compiled with mypyc, sorted by name.

    The binary wheels compile the engine's hot modules to C extensions, shipped next to their
    sources; Python loads the extension. The answer is empty for a pure-Python installation: an
    editable one, one built with ``CARDGAMES_COMPILE=no``, or one built from the source
    distribution where no C compiler was found (that build warns, and falls back). Both behave
    the same; the compiled one is faster.

    Examples:
        >>> import cardgames
        >>> all(name.startswith("cardgames.") for name in cardgames.compiled_modules())
        True
    """
    return _compiled_in(_os.path.dirname(_os.path.abspath(__file__)), __name__)


def _compiled_in(package: str, name: str) -> tuple[str, ...]:
    """The modules under the folder ``package`` of the package ``name`` loaded from extensions."""
    found = []
    for folder, _, files in _os.walk(package):
        for file in files:
            for suffix in _EXTENSION_SUFFIXES:
                stem = file[: -len(suffix)]
                # An extension beside its source is a compiled module (mypyc's shared library,
                # ``<module>__mypyc``, has no source of its own).
                if file.endswith(suffix) and _os.path.isfile(_os.path.join(folder, stem + ".py")):
                    parts = _os.path.relpath(_os.path.join(folder, stem), package).split(_os.sep)
                    found.append(".".join([name, *parts]))
                    break
    return tuple(sorted(found))
