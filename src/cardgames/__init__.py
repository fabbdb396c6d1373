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

from cardgames.cards import JOKER, Card, DeckKind, Rank, Suit, make_deck, parse_cards
from cardgames.errors import (
    CardGamesError,
    IllegalMoveError,
    InvalidArgumentError,
    InvalidRulesError,
    InvalidStateError,
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
    "find_game",
    "games",
    "make_deck",
    "parse_cards",
    "register",
    "schema",
]
