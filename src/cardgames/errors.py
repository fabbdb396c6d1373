"""The exceptions of `cardgames`.

Every error the library raises on purpose derives from `CardGamesError`, so an application can
catch them all with one clause. Each concrete error also derives from the builtin that describes
it best (`ValueError` for bad input, `LookupError` for an unknown name), so code that already
catches builtins keeps working.

Errors carry structured fields (the offending text, option, move, player, machine-readable
reason or document path) as well as a message that names them, so a user interface can branch on
the data and show the message.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "CardGamesError",
    "IllegalMoveError",
    "InvalidArgumentError",
    "InvalidRulesError",
    "InvalidStateError",
    "MatchOverError",
    "MissingCapabilityError",
    "ParseError",
    "UnknownGameError",
]


_BRIEF = 120


def brief_repr(value: object) -> str:
    """``repr(value)``, cut short: a message must stay readable whatever the input.

    A value without a ``repr`` still gets a message: an integer of more digits than Python
    converts to text (`sys.get_int_max_str_digits`) is told by its size, and an object whose
    ``__repr__`` raises (or recurses too deeply) by its type, so that refusing a value never
    raises something else than the typed error.
    """
    if type(value) in (str, bytes, bytearray) and len(value) > _BRIEF:  # type: ignore[arg-type]
        # Only the head is shown: never the repr of megabytes of text, to cut it afterwards.
        head: Any = value
        return repr(head[:_BRIEF])[: _BRIEF - 1] + "…"
    try:
        text = repr(value)
    except Exception:  # a huge integer's ValueError, or any error of a caller's __repr__
        if isinstance(value, int):
            return f"<an integer of {int.bit_length(value)} bits>"
        return f"<{type(value).__name__} object>"
    return text if len(text) <= _BRIEF else text[: _BRIEF - 1] + "…"


def _cut(text: str, limit: int = 400) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


class CardGamesError(Exception):
    """Root of every exception raised on purpose by `cardgames`."""


class ParseError(CardGamesError, ValueError):
    """Text (a card, a move, an option value) could not be parsed.

    Attributes:
        text: The text that was given.
        expected: What the parser expected, in words.
        reason: A stable, machine-readable code that a user interface can branch on and
            `describe_error` renders in English or French (``"not_a_move"``, ``"card"``,
            ``"suit"``, ``"seat"``, ``"one_suit"``...; ``"unreadable"`` when the parser says no
            more).

    Examples:
        >>> err = ParseError("8X", "a card such as '8H', '10S', 'QS' or 'JOKER'", "card")
        >>> str(err), err.reason
        ("cannot parse '8X': expected a card such as '8H', '10S', 'QS' or 'JOKER'", 'card')
    """

    def __init__(self, text: object, expected: str, reason: str = "unreadable") -> None:
        self.text = text
        self.expected = expected
        self.reason = reason
        super().__init__(f"cannot parse {brief_repr(text)}: expected {_cut(expected)}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.text, self.expected, self.reason))


class InvalidRulesError(CardGamesError, ValueError):
    """A rules option has a value outside its domain, or options contradict each other.

    Attributes:
        option: The name of the offending option.
        value: The value that was given.
        reason: Why it is refused, in words.
    """

    def __init__(self, option: str, value: object, reason: str) -> None:
        self.option = option
        self.value = value
        self.reason = reason
        super().__init__(
            f"invalid rules option {_cut(option, 80)}={brief_repr(value)}: {_cut(reason)}"
        )

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.option, self.value, self.reason))


class IllegalMoveError(CardGamesError, ValueError):
    """A move was applied to a state in which it is not legal; the state is unchanged.

    Attributes:
        move: The move that was refused.
        player: The player the move was made for.
        reason: A stable, machine-readable code (for example ``"not_your_turn"`` or
            ``"card_not_in_hand"``) that a user interface can branch on.
        detail: A sentence for humans that names the move and the position.
    """

    def __init__(self, move: object, player: int | None, reason: str, detail: str = "") -> None:
        self.move = move
        self.player = player
        self.reason = reason
        self.detail = detail
        message = f"illegal move {brief_repr(move)} for player {brief_repr(player)}: {reason}"
        if detail:
            message += f" ({_cut(detail)})"
        super().__init__(message)

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.move, self.player, self.reason, self.detail))


class InvalidArgumentError(CardGamesError, ValueError, TypeError):
    """An argument of a public function has the wrong type or is out of range.

    Raised where an outside value enters the library (a seat number, a seed, a count) before it
    reaches a cache or a state, so nothing changes. It derives from both `ValueError` and
    `TypeError`, so code written against either builtin keeps working.

    Attributes:
        argument: The name of the offending argument (``"player"``, ``"seed"``...).
        value: The value that was given.
        reason: What was expected, in words.

    Examples:
        >>> err = InvalidArgumentError("player", "events", "expected a seat number 0 to 2")
        >>> str(err)
        "invalid argument player='events': expected a seat number 0 to 2"
        >>> isinstance(err, ValueError) and isinstance(err, TypeError)
        True
    """

    def __init__(self, argument: str, value: object, reason: str) -> None:
        self.argument = argument
        self.value = value
        self.reason = reason
        super().__init__(
            f"invalid argument {_cut(argument, 80)}={brief_repr(value)}: {_cut(reason)}"
        )

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.argument, self.value, self.reason))


class InvalidStateError(CardGamesError, ValueError):
    """A serialized document (state, move, view, rules) is malformed or inconsistent.

    Attributes:
        path: Where in the document the problem is, as a JSON-pointer-like string
            (``"/hands/2/0"``); ``""`` for the whole document.
        problem: What is wrong, in words.
    """

    def __init__(self, path: str, problem: str) -> None:
        self.path = _cut(path, 200)
        self.problem = _cut(problem)
        where = f" at {self.path}" if path else ""
        super().__init__(f"invalid document{where}: {self.problem}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.path, self.problem))


class UnknownGameError(CardGamesError, LookupError):
    """No registered game answers to the given name or alias.

    Attributes:
        name: The name that was looked up.
        known: The names of the registered games.
    """

    def __init__(self, name: str, known: tuple[str, ...]) -> None:
        self.name = name
        self.known = known
        super().__init__(f"unknown game {brief_repr(name)}; known games: {', '.join(known)}")

    def __str__(self) -> str:  # LookupError would otherwise quote the whole message
        return str(self.args[0])

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.name, self.known))


class MissingCapabilityError(CardGamesError, NotImplementedError):
    """A game does not bring something a generic layer asked it for.

    The generic layers (narration, schemas, agents, RL encodings, the command line, the web
    table) learn a game from the game itself (`cardgames.game.Game.capability`); a game that
    brings no such part, and for which the layer has no default, gets this error.

    Attributes:
        game: The canonical name of the game.
        capability: The name of the capability (``"heuristic_agent"``, ``"action_encoding"``...).
        summary: What the capability is, in words.

    Examples:
        >>> str(MissingCapabilityError("go-fish", "schemas", "JSON Schema documents"))
        'the game go-fish does not provide schemas (JSON Schema documents)'
    """

    def __init__(self, game: str, capability: str, summary: str) -> None:
        self.game = game
        self.capability = capability
        self.summary = summary
        super().__init__(
            f"the game {_cut(game, 200)} does not provide {_cut(capability, 200)} ({_cut(summary)})"
        )

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.game, self.capability, self.summary))


class MatchOverError(CardGamesError, ValueError):
    """A game was added to, or dealt for, a match that is already over.

    Raised by the ``Match`` of every game (`cardgames.crazy_eights.Match`,
    `cardgames.huit_americain.Match`, `cardgames.planets.Match`), so one clause catches it
    whichever game is played.
    """
