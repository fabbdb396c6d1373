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

from typing import Any, Final

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
    "describe_error",
]


_BRIEF = 120


def _brief(value: object) -> str:
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
        super().__init__(f"cannot parse {_brief(text)}: expected {_cut(expected)}")

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
        super().__init__(f"invalid rules option {_cut(option, 80)}={_brief(value)}: {_cut(reason)}")

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
        message = f"illegal move {_brief(move)} for player {_brief(player)}: {reason}"
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
        super().__init__(f"invalid argument {_cut(argument, 80)}={_brief(value)}: {_cut(reason)}")

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
        super().__init__(f"unknown game {_brief(name)}; known games: {', '.join(known)}")

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


# -- the text of an error, in English or French ------------------------------------------------

_PARSE_FR: Final = {
    "not_text": "un coup s'écrit en texte",
    "too_long": "ce texte est trop long pour être un coup",
    "not_a_move": "ce n'est pas un coup : {expected_fr}",
    "card": "une carte d'abord, comme 8♥, D♠ ou dame de pique",
    "suit": "une couleur, comme cœur, pique, trèfle ou carreau",
    "seat": "le numéro d'une place ou le nom d'un joueur",
    "one_suit": "une seule couleur",
    "one_target": "un seul joueur désigné",
    "one_announcement": "une seule annonce",
    "annonce_suit": "« annonce » veut dire « carte ! » (la dernière carte) : une couleur se "
    "demande sans lui, « joue 8♣ pique » ou « joue 8♣ demande pique »",
    "planet": "une planète, comme Saturne, Vénus ou trou noir",
    "give": "donne CARTE à JOUEUR",
    "lay": "pose N PLANÈTE, ou pose toutes-différentes",
}
"""What each `ParseError` reason says in French (``{expected_fr}``: the game's move words)."""

_MOVES_FR: Final = (
    "joue CARTE [COULEUR] [carte] [pour JOUEUR], pioche, passe, prends, carte ou contre JOUEUR "
    "(au 8 : garde, donne … à, pose, refuse, défausse, vole à, dessous)"
)

_ILLEGAL_FR: Final = {
    "not_a_move": "ce n'est pas un coup",
    "wrong_game": "ce coup n'est pas de ce jeu",
    "malformed_move": "ce coup est mal formé",
    "game_over": "la partie est finie",
    "unknown_player": "cette place n'existe pas",
    "not_your_turn": "ce n'est pas ton tour",
    "nothing_to_call_out": "personne ne peut être dénoncé maintenant",
    "bad_target": "ce joueur ne peut pas être désigné",
    "nothing_to_announce": "on n'annonce seule que la carte qu'un échange vient de te laisser ; "
    "l'avant-dernière carte s'annonce avec son coup (joue CARTE carte)",
    "card_not_in_hand": "{card} n'est pas dans ta main",
    "only_drawn_card": "seule la carte que tu viens de piocher peut être posée",
    "penalty_pending": "réponds à la pénalité par une carte qui s'y ajoute, ou prends-la (prends)",
    "suit_required": "{card} demande une couleur : joue {token} cœur",
    "suit_not_allowed": "{card} ne demande pas de couleur",
    "announce_not_allowed": "on n'annonce qu'en posant son avant-dernière carte",
    "card_does_not_match": "{card} ne va pas sur la carte du dessus",
    "already_drew": "tu as déjà pioché : pose la carte piochée ou passe",
    "cannot_draw": "il n'y a plus rien à piocher : passe",
    "must_play": "tu as une carte qui se pose",
    "no_penalty": "il n'y a pas de pénalité à prendre",
    "must_play_drawn_card": "la carte piochée doit être posée",
    "cannot_pass": "tu peux jouer ou piocher",
    "wrong_phase": "ce coup n'est pas de ce moment du tour",
    "card_not_drawn": "{card} n'est pas parmi les cartes piochées",
    "must_lay": "ces règles t'obligent à poser un rassemblement possible",
    "empty_hand": "ce joueur n'a plus de planète",
    "not_a_gathering": "ce n'est pas un rassemblement (3 planètes identiques ou plus, ou les 8 "
    "différentes)",
    "card_not_included": "le rassemblement doit comprendre la carte en jeu",
    "cards_not_in_hand": "ta main et la carte en jeu ne contiennent pas ces planètes",
}
"""What each `IllegalMoveError` reason says in French (``{card}``: the move's card)."""


def describe_error(error: CardGamesError, lang: str = "en") -> str:
    """What a refused move or text says to a player, in English or French, from its reason.

    A user interface shows this instead of ``str(error)``, which is for programmers. English:
    an `IllegalMoveError`'s ``detail`` (else its reason in words), a `ParseError`'s message.
    French: a sentence for the error's ``reason`` code, naming the move's card as French players
    do (``la dame de cœur``); a code without a French sentence gives a generic one, never
    English. Other errors are told by their message in English, and in French by a generic
    sentence.

    Args:
        error: An error of the library.
        lang: ``"en"`` or ``"fr"``.

    Returns:
        The text, without a capital letter or a full stop.

    Raises:
        InvalidArgumentError: if ``error`` is not a `CardGamesError` or ``lang`` is unknown.

    Examples:
        >>> from cardgames.cards import Card
        >>> from cardgames.shedding import PlayCard
        >>> error = IllegalMoveError(PlayCard(0, Card.parse("8C")), 0, "suit_required", "8C…")
        >>> describe_error(error, "fr")
        'le 8 de trèfle demande une couleur : joue 8♣ cœur'
        >>> describe_error(ParseError("xyzzy", "a move", "not_a_move"), "fr")[:29]
        "« xyzzy » : ce n'est pas un coup"
    """
    if not isinstance(error, CardGamesError):
        raise InvalidArgumentError("error", error, "expected an error of cardgames")
    if lang not in ("en", "fr"):
        raise InvalidArgumentError("lang", lang, "expected 'en' or 'fr'")
    if isinstance(error, IllegalMoveError):
        if lang == "en":
            return error.detail or str(error.reason).replace("_", " ")
        template = _ILLEGAL_FR.get(error.reason, "ce coup n'est pas permis maintenant")
        card, token = _card_words(getattr(error.move, "card", None))
        return template.format(card=card, token=token)
    if isinstance(error, ParseError):
        if lang == "en":
            return str(error)
        said = _PARSE_FR.get(error.reason, "ce texte n'est pas compris")
        text = error.text if isinstance(error.text, str) else "?"
        return f"« {_cut(text, 60)} » : " + said.format(expected_fr=_MOVES_FR)
    return str(error) if lang == "en" else "requête refusée"


def _card_words(card: object) -> tuple[str, str]:
    """A card in words, with its article, and as a token a French player types (``D♥``)."""
    from cardgames.cards import Card
    from cardgames.narration import Phrases, Speaker  # which imports this module

    if isinstance(card, Card):
        speaker = Speaker(None, None, "fr", True, None)
        return Phrases().the_card(card, speaker), Phrases().card(card, speaker)
    french = getattr(card, "french", None)
    if isinstance(french, str):
        return french, french
    return "cette carte", "?"
