"""Events as sentences: for every game, for each viewer, in English and in French.

A transition's events (`State.last_events`, `View.events`) are data; this module tells them as
players speak. One narrator serves every frontend (the command line, the web table, the
examples), so that a game reads the same everywhere:

- `describe` turns one event into one sentence; `narrate` tells the events of a transition in
  the order things happened, joining what one player did in one sentence ("Léa lays 8♥ and
  names hearts ♥").
- ``viewer=None`` is the all-seeing narrator of a finished game (a bots' demo, a replay): it
  tells the event as it is, hidden cards included. ``viewer=seat`` tells only what that seat
  saw: the sentence is built from ``event.redacted_for(viewer)``, so it cannot say more than the
  viewer's own events ("Tom draws 2" for the others, "you draw 2: 4♠ 3♦" for Tom). To tell a
  live game to a spectator, pass events redacted for ``None`` (``event.redacted_for(None)``).
- ``lang="en"`` or ``lang="fr"``: French reads as French players speak ("Léa pose le 8 de cœur et
  demande cœur ♥", « carte ! », "Tom pioche 2 cartes", "Sam passe son tour"). The viewer is
  "you" in English and "tu" in French.
- `describe_move` writes a move for a menu, naming the players it designates ("give Venus to
  Léa", "donner Vénus à Léa") where the notation has seat numbers (``give Venus to 1``).
- ``rules``, when given, lets a sentence say only what the rules allow: under rules without
  stacking, a player hit by a penalty "must draw 4"; with stacking, "must draw 4 or answer".

``str(event)`` is ``describe(event, None)``: the English all-seeing sentence, seats named
"seat 0", "seat 1"...

The words are the game's: this module holds the speaker, the checks and the telling, and asks
the game of each event or move (found among the registered games) for its `Phrasebook`, the
``"narration"`` capability (`PHRASEBOOK`). A game that brings none is told with `Phrases`
without tables: each event as it is (its ``repr``), each move by its notation.

Examples:
    >>> from cardgames import crazy_eights
    >>> from cardgames.cards import Card
    >>> from cardgames.narration import describe, narrate
    >>> from cardgames.shedding import CardsDrawn
    >>> state = crazy_eights.new_game(["Léa", "Tom"], seed=3)
    >>> narrate(state.last_events, state.players)
    ['the starter is 5♠']
    >>> state = state.apply(state.parse_move("play 8C name hearts"))
    >>> narrate(state.last_events, state.players, lang="fr")
    ['Tom pose le 8 de trèfle et demande cœur ♥']
    >>> cards = (Card.parse("4S"), Card.parse("3D"))
    >>> drawn = CardsDrawn(player=1, count=2, reason="turn", cards=cards)
    >>> describe(drawn, state.players, viewer=0), describe(drawn, state.players, viewer=1)
    ('Tom draws 2', 'you draw 2: 4♠ 3♦')
    >>> describe(drawn, state.players, viewer=0, lang="fr"), str(drawn)
    ('Tom pioche 2 cartes', 'seat 1 draws 2: 4♠ 3♦')
"""

from __future__ import annotations

import functools
import itertools
import types
import typing
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final, Protocol

import attrs

from cardgames.cards import Card, Rank, Suit
from cardgames.errors import CardGamesError, IllegalMoveError, InvalidArgumentError, ParseError
from cardgames.game import (
    _MAX_NAME_CHARS,
    Capability,
    Event,
    Game,
    Move,
    Outcome,
    Termination,
    games,
    name_key,
    seat_number,
)

__all__ = [
    "LANGUAGES",
    "PHRASEBOOK",
    "Entry",
    "Phrase",
    "Phrasebook",
    "Phrases",
    "Speaker",
    "describe",
    "describe_error",
    "describe_move",
    "ending",
    "narrate",
    "notate_move",
    "phrase_of",
    "tell_outcome",
    "typed_name",
]

LANGUAGES: Final = ("en", "fr")
"""The languages the narrator speaks."""

_SEAT_FIELDS: Final = ("player", "target", "victim", "to", "commander")
"""The fields of events and moves that hold a seat."""

_LINKING_WORDS: Final = frozenset({"to", "a", "à", "from", "chez", "de", "pour", "avec"})
"""Words the parsers read between a verb and a seat: no name `typed_name` writes."""

_MAX_EVENTS: Final = 10_000
"""The most events `narrate` reads: a transition makes a few dozen at most (a penalty of 40
cards is one event), so a longer iterable, an endless one included, is refused."""
_MAX_PLAYERS: Final = 64

_COUNT_FIELDS: Final = ("count", "total", "size", "turn", "points")
"""The integer fields of events that count something: never below 0."""

# -- the speaker: words that depend on the language and on the viewer -------------------------


@attrs.frozen
class Speaker:
    """Writes names, verbs and cards in one language, for one viewer: what phrases write with.

    A game's phrases (`Entry`, `Phrasebook.moves`) receive one; the narrator makes it. Cards are
    named by the game's `Phrasebook`.

    Attributes:
        players: The players' names, by seat (``None``: "seat 0", "seat 1"...).
        viewer: The seat addressed in the second person (``None``: nobody).
        lang: ``"en"`` or ``"fr"``.
        symbols: Write cards with suit symbols (``8♥``) rather than letters (``8H``).
        rules: The game's rules, if known (a phrase may then say only what they allow).
        book: The phrasebook of the game told, which names its cards.

    Examples:
        >>> s = Speaker(("Léa", "Tom"), 1, "fr", True, None)
        >>> s.name(0), s.name(1), s.verb(1, "pioche", "pioches"), s.join(["a", "b", "c"])
        ('Léa', 'tu', 'pioches', 'a, b et c')
    """

    players: tuple[str, ...] | None
    viewer: int | None
    lang: str
    symbols: bool
    rules: Any
    book: Phrasebook = attrs.field(factory=lambda: Phrases(), repr=False)

    @property
    def fr(self) -> bool:
        """Whether the speaker speaks French."""
        return self.lang == "fr"

    def is_you(self, seat: int) -> bool:
        """Whether ``seat`` is the viewer, addressed in the second person."""
        return self.viewer is not None and seat == self.viewer

    def name(self, seat: int) -> str:
        """A player as a subject: their name, or "you" / "tu" for the viewer."""
        if self.is_you(seat):
            return "tu" if self.fr else "you"
        if self.players is None:
            return f"siège {seat}" if self.fr else f"seat {seat}"
        return self.players[seat]

    def stressed(self, seat: int) -> str:
        """A player after a preposition: "you" / "toi" for the viewer."""
        if self.is_you(seat) and self.fr:
            return "toi"
        return self.name(seat)

    def to(self, seat: int) -> str:
        """French "à Tom", English "to Tom"."""
        return f"à {self.stressed(seat)}" if self.fr else f"to {self.stressed(seat)}"

    def verb(self, seat: int, third: str, second: str) -> str:
        """The verb form for ``seat`` as the subject: ``third`` ("draws") or ``second``."""
        return second if self.is_you(seat) else third

    def names(self, seats: Iterable[int]) -> str:
        """Players after a preposition, joined with commas and a last "and"."""
        return self.join([self.stressed(seat) for seat in seats])

    def join(self, parts: Sequence[str]) -> str:
        """Join with commas and a last "and" ("et" in French)."""
        if len(parts) <= 1:
            return "".join(parts)
        last = " et " if self.fr else " and "
        return ", ".join(parts[:-1]) + last + parts[-1]

    # -- cards ----------------------------------------------------------------------------------

    def card(self, card: object) -> str:
        """A card as a token in a list, as the game names it (`Phrasebook.card`)."""
        return self.book.card(card, self)

    def cards(self, cards: Sequence[object]) -> str:
        """Cards in a list, as the game lists them (`Phrasebook.cards`)."""
        return self.book.cards(cards, self)

    def the_card(self, card: object) -> str:
        """A card as the object of a verb, as the game says it (`Phrasebook.the_card`)."""
        return self.book.the_card(card, self)

    def suit(self, suit: Suit) -> str:
        """A suit in words, with its symbol unless the speaker writes letters."""
        name = suit.french if self.fr else suit.english
        return f"{name} {suit.symbol}" if self.symbols else name

    def count(self, count: int) -> str:
        """French "une carte", "2 cartes"."""
        return "une carte" if count == 1 else f"{count} cartes"


# -- what a game brings: its phrasebook ---------------------------------------------------------

Phrase = Callable[[Any, Speaker], str]
"""Writes one event or move in one language, for one speaker."""


@attrs.frozen
class Entry:
    """How one event type is told.

    ``subject`` names the field of the seat that does what the event says; the phrases then
    write only the predicate ("draws 2"), and the narrator puts the subject in front, so that
    what one player did in a row is told in one sentence. Without it, the phrases write whole
    sentences.

    Attributes:
        subject: The field that holds the seat the sentence is about, or ``None``.
        en: Writes the event in English.
        fr: Writes the event in French.
    """

    subject: str | None
    en: Phrase
    fr: Phrase


class Phrasebook(Protocol):
    """What a game brings to the narrator (the ``"narration"`` capability, `PHRASEBOOK`).

    `Phrases` implements it with an empty table, which is what a game that brings none gets.
    """

    @property
    def events(self) -> Mapping[type[Event], Entry]:
        """How each event type is told; an event of another type is told as it is."""
        ...

    @property
    def moves(self) -> Mapping[type[Move], Phrase]:
        """How each move type is written in a menu; another move by its notation."""
        ...

    def card(self, card: object, speaker: Speaker) -> str:
        """A card as a token in a list (``8♥``, ``Venus``)."""
        ...

    def cards(self, cards: Sequence[object], speaker: Speaker) -> str:
        """Cards in a list (``4♠ 3♦``, ``Venus, Mars``)."""
        ...

    def the_card(self, card: object, speaker: Speaker) -> str:
        """A card as the object of a verb (``la dame de cœur``, ``a black hole``)."""
        ...

    def arrange(self, events: Sequence[Event]) -> list[Event]:
        """A transition's events (already checked and redacted) in the order they are told.

        The events of the same types: reordered, or changed in a field a sentence would
        otherwise say twice.
        """
        ...


def _told_as_is(event: Any, speaker: Speaker) -> str:
    """An event without phrases: its own ``str`` if its class writes one, else its ``repr``."""
    own: object = type(event).__str__
    if own is Event.__str__:
        return repr(event)
    return str(event)


_AS_IS: Final = Entry(None, _told_as_is, _told_as_is)

_FRENCH_LETTERS: Final = {Rank.JACK: "V", Rank.QUEEN: "D", Rank.KING: "R"}
"""The French letters of the faces (valet, dame, roi); the others are the same in both."""


def _notation(move: Any, speaker: Speaker) -> str:
    """A move without phrases: its notation (``str(move)``)."""
    return str(move)


def _read_only(mapping: Mapping[Any, Any]) -> Mapping[Any, Any]:
    return types.MappingProxyType(dict(mapping))


@attrs.frozen
class Phrases:
    """A `Phrasebook` from tables, naming cards of `cardgames.cards` and others by ``str``.

    Without tables, what a game that brings no phrasebook is told with: each event as it is
    (its ``str`` if its class writes one, else its ``repr``), each move by its notation.

    Attributes:
        events: How each event type is told.
        moves: How each move type is written in a menu (see `phrase_of`).
        notations: How each move type is typed in French, as the game's parser reads it back
            (``joue D♥``, ``prends``; see `notate_move`); without one, its notation.

    Examples:
        >>> from cardgames.cards import Card
        >>> s = Speaker(None, None, "fr", False, None)
        >>> Phrases().the_card(Card.parse("AS"), s), Phrases().cards([Card.parse("8H")] * 2, s)
        ("l'as de pique", '8H 8H')
    """

    events: Mapping[type[Event], Entry] = attrs.field(factory=dict, converter=_read_only)
    moves: Mapping[type[Move], Phrase] = attrs.field(factory=dict, converter=_read_only)
    notations: Mapping[type[Move], Phrase] = attrs.field(factory=dict, converter=_read_only)

    def card(self, card: object, speaker: Speaker) -> str:
        """A card as a token in a list: ``Q♥`` (``QH`` without symbols); others by ``str``.

        In French, faces and aces have their French letters (``D♥``, ``R♣``, ``V♠``, ``A♦``;
        ``DH`` without symbols), which the parser reads as well.
        """
        if isinstance(card, Card):
            rank, suit = card.rank, card.suit
            if speaker.fr and rank is not None and suit is not None:  # not the joker
                letter = _FRENCH_LETTERS.get(rank, rank.letter)
                return letter + (suit.symbol if speaker.symbols else suit.letter)
            return card.unicode() if speaker.symbols else str(card)
        return str(card)

    def cards(self, cards: Sequence[object], speaker: Speaker) -> str:
        """Cards in a list: cards of `cardgames.cards` apart with spaces, others with commas."""
        if cards and not isinstance(cards[0], Card):
            return ", ".join(self.card(c, speaker) for c in cards)
        return " ".join(self.card(c, speaker) for c in cards)

    def the_card(self, card: object, speaker: Speaker) -> str:
        """A card as the object of a verb: ``8♥``, ``a joker``; in French, in words.

        French names the card as players say it, with its article: ``le 8 de cœur``, ``la
        dame de pique``, ``le roi de trèfle``, ``l'as de carreau``, ``un joker``.
        """
        if isinstance(card, Card):
            rank = card.rank
            if rank is None:  # the joker
                return "un joker" if speaker.fr else "a joker"
            if not speaker.fr:
                return self.card(card, speaker)
            article = {Rank.ACE: "l'", Rank.QUEEN: "la "}.get(rank, "le ")
            return article + card.french()
        return self.card(card, speaker)

    def arrange(self, events: Sequence[Event]) -> list[Event]:
        """The events in the order they happened."""
        return list(events)


PHRASEBOOK: Final = Capability[Phrasebook](
    "narration", "narration phrases in English and French", default=lambda game: Phrases()
)
"""The key under which a game brings its `Phrasebook` (default: `Phrases` without tables)."""


def phrase_of(en: str, fr: str) -> Phrase:
    """A move's phrase from templates: ``{card}`` is the move's card, ``{seat}`` the seat it names.

    The seat is the move's ``to``, ``target`` or ``victim`` field.

    Examples:
        >>> from cardgames.planets import Give, PlanetCard
        >>> give = phrase_of("give {card} to {seat}", "donner {card} à {seat}")
        >>> give(Give(0, PlanetCard.MARS, 1), Speaker(("Léa", "Tom"), None, "en", True, None))
        'give Mars to Tom'
    """

    def phrase(move: Any, s: Speaker) -> str:
        card = getattr(move, "card", None)
        seat = getattr(move, "to", getattr(move, "target", getattr(move, "victim", None)))
        return (fr if s.fr else en).format(
            card=None if card is None else s.the_card(card),
            seat=None if seat is None else s.stressed(seat),
        )

    return phrase


def tell_outcome(
    outcome: Outcome, s: Speaker, *, limit: str, winners: Callable[[Sequence[int]], str]
) -> str:
    """How a game ended, in a clause of ``s``'s language: "Léa goes out", "…; nobody wins".

    Args:
        outcome: The game's outcome.
        s: The speaker.
        limit: What reaching the rules' cap is called ("the move limit is reached").
        winners: Writes the winners' clause when nobody went out ("lowest hand: Léa").

    Examples:
        >>> s = Speaker(("Léa", "Tom"), None, "en", True, None)
        >>> blocked = Outcome(Termination.BLOCKED, (1,), (3, 1))
        >>> tell_outcome(blocked, s, limit="-", winners=lambda ws: f"{s.names(ws)} wins")
        'nobody can play or draw; Tom wins'
    """
    won = outcome.winners
    if outcome.reason is Termination.WENT_OUT and won:
        if s.fr:
            return f"{s.name(won[0])} {s.verb(won[0], 'sort', 'sors')}"
        return f"{s.name(won[0])} {s.verb(won[0], 'goes', 'go')} out"
    if s.fr:
        why = {
            Termination.BLOCKED: "personne ne peut jouer ni piocher",
            Termination.TURN_LIMIT: limit,
            Termination.STOCK_EXHAUSTED: "la pioche est vide",
        }.get(outcome.reason, outcome.reason.value.replace("_", " "))
        return f"{why} ; {winners(won)}" if won else f"{why} ; personne ne gagne"
    why = {
        Termination.BLOCKED: "nobody can play or draw",
        Termination.TURN_LIMIT: limit,
        Termination.STOCK_EXHAUSTED: "the stock is empty",
    }.get(outcome.reason, outcome.reason.value.replace("_", " "))
    return f"{why}; {winners(won)}" if won else f"{why}; nobody wins"


# -- checking the arguments -------------------------------------------------------------------


def _check_players(players: object) -> tuple[str, ...]:
    expected = f"expected the players' names by seat (1 to {_MAX_PLAYERS} strings)"
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise InvalidArgumentError("players", players, expected)
    names = tuple(itertools.islice(players, _MAX_PLAYERS + 1))  # never more, whatever its len
    if not 1 <= len(names) <= _MAX_PLAYERS or any(type(name) is not str for name in names):
        raise InvalidArgumentError("players", _brief_names(players, names), expected)
    for name in names:  # a long name would be repeated in every sentence: as `new_game` refuses
        if len(name) > _MAX_NAME_CHARS:
            raise InvalidArgumentError(
                "players", name[:40] + "…", f"names of at most {_MAX_NAME_CHARS} characters"
            )
        # Sentences go to terminals and pages: a name with a control character (an escape
        # sequence, a bidirectional override) is refused, as `new_game` refuses it.
        if not name.isprintable():
            raise InvalidArgumentError("players", name, "names must be printable text")
    return names


def _brief_names(players: object, names: tuple[object, ...]) -> object:
    """The refused ``players`` for an error: itself if short, else what was read of it."""
    return names if len(names) > _MAX_PLAYERS else players


def _check_lang(lang: object) -> str:
    if type(lang) is not str or lang not in LANGUAGES:
        raise InvalidArgumentError("lang", lang, "expected 'en' or 'fr'")
    return lang


def _check_rules(rules: object) -> Any:
    if rules is None:
        return None
    if not any(isinstance(rules, game.rules_type) for game in games()):
        raise InvalidArgumentError("rules", rules, "expected the rules of a registered game")
    return rules


@functools.cache
def _field_types(cls: type) -> tuple[tuple[str, Any], ...]:
    hints = typing.get_type_hints(cls)
    return tuple((field.name, hints[field.name]) for field in attrs.fields(cls))


def _conforms(value: object, hint: Any) -> bool:
    """Whether ``value`` has the type ``hint`` (the few forms event fields use)."""
    origin = typing.get_origin(hint)
    if origin is typing.Union or origin is types.UnionType:
        return any(_conforms(value, arg) for arg in typing.get_args(hint))
    if origin is tuple:
        args = typing.get_args(hint)
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_conforms(item, args[0]) for item in value)
        return len(args) == len(value) and all(map(_conforms, value, args))
    if hint is type(None):
        return value is None
    if hint in (int, bool, str):
        return type(value) is hint
    if isinstance(hint, type):
        return isinstance(value, hint)
    return True  # pragma: no cover - no event field has another form


_INDEX: list[Any] = [None, None]
"""The last index of the registered games' event and move types, and the games it was built
from (the registry only grows, and rarely: one index serves call after call)."""


def _games_of(cls: type, moves: bool, registered: Sequence[Game[Any]]) -> list[Game[Any]]:
    """The registered games whose event (or move) types hold ``cls``, in ``registered`` order."""
    key = tuple(map(id, registered))
    if _INDEX[0] != key:
        index: dict[tuple[bool, type], list[Game[Any]]] = {}
        for game in registered:
            for is_move, table in ((False, game.event_types), (True, game.move_types)):
                for kind in table.values():
                    index.setdefault((is_move, kind), []).append(game)
        _INDEX[:] = [key, index]
    found: list[Game[Any]] = _INDEX[1].get((moves, cls), [])
    return found


def _found(argument: str, value: object, registered: Sequence[Game[Any]]) -> list[Game[Any]]:
    """The registered games of an event (or a move, for ``argument="move"``), at least one."""
    moves = argument == "move"
    found = _games_of(type(value), moves, registered)
    if not found or not isinstance(value, Move if moves else Event):
        what = "a move" if moves else "an event"
        raise InvalidArgumentError(argument, value, f"expected {what} of a registered game")
    return found


def _game_of_rules(found: Sequence[Game[Any]], rules: Any) -> Game[Any]:
    taking = [game for game in found if isinstance(rules, game.rules_type)]
    if not taking:
        raise InvalidArgumentError("rules", rules, "expected the rules of the event's game")
    named = [game for game in taking if game.name == getattr(rules, "game_name", None)]
    return (named or taking)[0]


def _check_event(
    event: object,
    speaker: Speaker,
    registered: Sequence[Game[Any]],
    known: dict[type, tuple[Entry, Speaker]],
) -> tuple[Event, Entry, Speaker]:
    """The event, how to tell it and who tells it, after checking its type, fields and seats.

    The speaker's ``rules`` (checked already, or ``None``) must be of the event's own game.
    ``known`` keeps, for the call, how each event type already met is told.
    """
    players = None if speaker.players is None else len(speaker.players)
    cls = type(event)
    told = known.get(cls)
    found = _found("event", event, registered) if told is None else []
    _check_fields("event", event, players)
    cards, count = getattr(event, "cards", None), getattr(event, "count", None)
    if isinstance(cards, tuple) and type(count) is int and len(cards) != count:
        raise InvalidArgumentError("event", event, f"it holds {len(cards)} cards, not {count}")
    if told is None:
        game = found[0] if speaker.rules is None else _game_of_rules(found, speaker.rules)
        book = game.capability(PHRASEBOOK)
        s = speaker
        teller = Speaker(s.players, s.viewer, s.lang, s.symbols, s.rules, book)
        told = known[cls] = (book.events.get(typing.cast(Any, cls), _AS_IS), teller)
    return typing.cast(Event, event), told[0], told[1]


def _check_fields(argument: str, value: Any, players: int | None) -> None:
    """Check the fields of an event or a move: their types, and the seats they name.

    Raises:
        InvalidArgumentError: naming ``argument``, for the first field that is wrong.
    """
    cls: Any = type(value)
    for name, hint in _field_types(cls):
        field = getattr(value, name)
        if not _conforms(field, hint):
            raise InvalidArgumentError(argument, value, f"its {name} is not a {hint}")
        if name in _COUNT_FIELDS and type(field) is int and field < 0:
            raise InvalidArgumentError(argument, value, f"its {name} is below 0")
        if name == "direction" and field not in (1, -1):
            raise InvalidArgumentError(argument, value, "its direction is not 1 or -1")
        if name in _SEAT_FIELDS:
            seats = [] if field is None else [field]
        elif isinstance(field, Outcome):
            seats = _check_outcome(value, field, players)
        elif name == "face_down":
            if players is not None and len(field) != players:
                raise InvalidArgumentError(
                    argument, value, f"its face_down has {len(field)} seats, not {players}"
                )
            continue
        else:
            continue
        for seat in seats:
            if seat < 0 or (players is not None and seat >= players):
                within = "" if players is None else f" (there are {players} players)"
                raise InvalidArgumentError(argument, value, f"it names seat {seat}{within}")


def _check_outcome(event: Event, outcome: Outcome, players: int | None) -> list[int]:
    """The seats an event's outcome names, after checking its fields."""
    for name, hint in _field_types(Outcome):
        if not _conforms(getattr(outcome, name), hint):
            raise InvalidArgumentError("event", event, f"its outcome's {name} is not a {hint}")
    if players is not None and len(outcome.scores) != players:
        raise InvalidArgumentError(
            "event", event, f"its outcome has {len(outcome.scores)} scores, not {players}"
        )
    for seat in outcome.winners:
        if not 0 <= seat < len(outcome.scores):
            raise InvalidArgumentError(
                "event",
                event,
                f"its outcome names winner {seat} but has {len(outcome.scores)} scores",
            )
    return list(outcome.winners)


# -- telling ----------------------------------------------------------------------------------


def _clause(event: Event, entry: Entry, speaker: Speaker) -> tuple[int | None, str]:
    """The event's subject seat (if it has one) and its predicate, or its whole sentence."""
    phrase = entry.fr if speaker.fr else entry.en
    text = phrase(event, speaker)
    if entry.subject is None:
        return None, text
    return getattr(event, entry.subject), text


def _speaker(
    players: object, viewer: object, lang: object, rules: object, symbols: object
) -> Speaker:
    names = None if players is None else _check_players(players)
    seat = None
    if viewer is not None:
        if names is None:
            raise InvalidArgumentError("viewer", viewer, "a viewer needs the players' names")
        seat = seat_number(viewer, len(names), "viewer")
    if type(symbols) is not bool:
        raise InvalidArgumentError("symbols", symbols, "expected True or False")
    return Speaker(names, seat, _check_lang(lang), symbols, _check_rules(rules))


def describe(
    event: Event,
    players: Sequence[str] | None,
    *,
    viewer: int | None = None,
    lang: str = "en",
    rules: Any = None,
    symbols: bool = True,
) -> str:
    """One event as one sentence, as ``viewer`` saw it.

    Args:
        event: An event of a registered game (`State.last_events`, `View.events`).
        players: The players' names, by seat (``None``: "seat 0", "seat 1"...).
        viewer: The seat the sentence is for, in the second person ("you draw 2: 4♠ 3♦"); it
            tells only what ``event.redacted_for(viewer)`` shows. ``None``: the all-seeing
            narrator, who tells the event as it is.
        lang: ``"en"`` or ``"fr"``.
        rules: The game's rules, if known: a sentence then says only what they allow (a
            penalty is "draw 4 or answer" only when the rules let a player answer it).
        symbols: Write cards with suit symbols (``8♥``) rather than letters (``8H``).

    Returns:
        The sentence, without a capital letter or a full stop (a frontend joins several).

    Raises:
        InvalidArgumentError: for an event of no registered game or with fields of the wrong type,
            a seat out of range of ``players``, a ``viewer`` that is not a seat, an unknown
            ``lang``, ``rules`` of no registered game, or ``symbols`` not a bool.

    Examples:
        >>> from cardgames.shedding import CardPlayed
        >>> from cardgames.cards import Card
        >>> describe(CardPlayed(0, Card.parse("8H")), ["Léa", "Tom"], lang="fr")
        'Léa pose le 8 de cœur'
        >>> describe(CardPlayed(1, Card.parse("AS"), jump_in=True), ["Léa", "Tom"], viewer=1)
        'you lay A♠ out of turn'
    """
    speaker = _speaker(players, viewer, lang, rules, symbols)
    checked, entry, speaker = _check_event(event, speaker, games(), {})
    if speaker.viewer is not None:
        checked = checked.redacted_for(speaker.viewer)
    subject, text = _clause(checked, entry, speaker)
    return text if subject is None else f"{speaker.name(subject)} {text}"


def describe_move(
    move: Move, players: Sequence[str] | None, *, lang: str = "en", symbols: bool = True
) -> str:
    """A move as its player would choose it from a menu, naming the players it designates.

    The notation (`State.format_move`, ``str(move)``) names seats by number, as a parser needs
    (``give Venus to 1``); this names them as people do (``give Venus to Tom``), in English or
    in French, in the imperative of a menu entry. It tells only what the move holds, which its
    player already knows: a move is not an event and reveals nothing to anyone else only if the
    frontend shows it to its player alone.

    Args:
        move: A move of a registered game (`State.legal_moves`, `View.legal_moves`).
        players: The players' names, by seat (``None``: "seat 0", "seat 1"...).
        lang: ``"en"`` or ``"fr"``.
        symbols: Write cards with suit symbols (``8♥``) rather than letters (``8H``).

    Returns:
        The text, without a capital letter or a full stop.

    Raises:
        InvalidArgumentError: for a move of no registered game or with fields of the wrong type, a
            seat out of range of ``players``, an unknown ``lang`` or ``symbols`` not a bool.

    Examples:
        >>> from cardgames.planets import Give, PlanetCard, Steal
        >>> describe_move(Give(0, PlanetCard.VENUS, 2), ["Léa", "Tom", "Sam"])
        'give Venus to Sam'
        >>> describe_move(Steal(1, 0), ["Léa", "Tom", "Sam"], lang="fr")
        'voler une carte à Léa'
        >>> from cardgames.cards import Card, Suit
        >>> from cardgames.shedding import PlayCard
        >>> describe_move(PlayCard(0, Card.parse("8H"), suit=Suit.SPADES), ["Léa", "Tom"])
        'play 8♥ and name spades ♠'
        >>> describe_move(PlayCard(0, Card.parse("AS"), announce=True), None, lang="fr")
        "poser l'as de pique en annonçant « carte ! »"
    """
    speaker = _speaker(players, None, lang, None, symbols)
    game = _found("move", move, games())[0]
    _check_fields("move", move, None if speaker.players is None else len(speaker.players))
    book = game.capability(PHRASEBOOK)
    phrase = book.moves.get(type(move), _notation)
    return phrase(move, attrs.evolve(speaker, book=book))


def notate_move(
    move: Move, players: Sequence[str] | None, *, lang: str = "en", symbols: bool = True
) -> str:
    """A move as its player types it, in English or in French: what a menu of moves offers.

    English is the notation (``str(move)``: ``play QH``, ``give Mars to 1``). French is the
    game's French notation (the ``notations`` of its `Phrases`), which its parser reads back
    as the same move: ``joue D♥``, ``joue 8♣ cœur``, ``joue D♠ pour Léa``, ``prends``,
    ``donne Mars à Tom``, ``refuse``. A player is named when the parser can read the name back
    (one word, not a number, no other player's), else by seat number.

    Args:
        move: A move of a registered game.
        players: The players' names, by seat (``None``: seats by number).
        lang: ``"en"`` or ``"fr"``.
        symbols: Write cards with suit symbols (``D♥``) rather than letters (``DH``).

    Returns:
        The text, which ``state.parse_move`` reads back as ``move``.

    Raises:
        InvalidArgumentError: as `describe_move` does.

    Examples:
        >>> from cardgames.cards import Card, Suit
        >>> from cardgames.shedding import PlayCard, TakePenalty
        >>> notate_move(PlayCard(0, Card.parse("QH")), ["Léa", "Tom"], lang="fr")
        'joue D♥'
        >>> notate_move(PlayCard(0, Card.parse("8C"), suit=Suit.HEARTS), None, lang="fr")
        'joue 8♣ cœur'
        >>> notate_move(TakePenalty(1), None, lang="fr"), notate_move(TakePenalty(1), None)
        ('prends', 'take')
    """
    speaker = _speaker(players, None, lang, None, symbols)
    game = _found("move", move, games())[0]
    _check_fields("move", move, None if speaker.players is None else len(speaker.players))
    if not speaker.fr:
        return str(move)
    book = game.capability(PHRASEBOOK)
    notations: Mapping[type[Move], Phrase] = getattr(book, "notations", {})
    phrase = notations.get(type(move), _notation)
    return phrase(move, attrs.evolve(speaker, book=book))


def typed_name(seat: int, players: Sequence[str] | None) -> str:
    """A seat as a move's text names it: the player's name if parsers read it back, else its number.

    A name is read back when it is one word without ``!`` or ``,``, not a number, and no
    other player's name is the same (case and accents aside).

    Examples:
        >>> typed_name(1, ["Léa", "Tom"]), typed_name(1, ["Léa", "Jean Luc"]), typed_name(0, None)
        ('Tom', '1', '0')
    """
    if players is None:
        return str(seat)
    name = players[seat]
    words = name.split()
    if (
        len(words) != 1
        or words[0] != name
        or "!" in name
        or "," in name
        or name.isdigit()
        or name_key(name) in _LINKING_WORDS
        or sum(name_key(other) == name_key(name) for other in players) != 1
    ):
        return str(seat)
    return name


def narrate(
    events: Iterable[Event],
    players: Sequence[str] | None,
    *,
    viewer: int | None = None,
    lang: str = "en",
    rules: Any = None,
    symbols: bool = True,
) -> list[str]:
    """The events of a transition as sentences, in the order things happened.

    Each event is told as `describe` tells it, with two differences that make a game read as
    people tell it:

    - what one player did in a row is one sentence: "Léa lays 8♥ and names hearts ♥", "Tom
      takes the penalty and draws 4: …";
    - a reshuffle of the discard pile that a penalty caused is told after "takes the penalty",
      where it happens.

    Args:
        events: Events of a registered game, in the order the transition produced them.
        players: The players' names, by seat (``None``: "seat 0", "seat 1"...).
        viewer: The seat the sentences are for (``None``: the all-seeing narrator); see
            `describe`.
        lang: ``"en"`` or ``"fr"``.
        rules: The game's rules, if known (see `describe`).
        symbols: Write cards with suit symbols (``8♥``) rather than letters (``8H``).

    Raises:
        InvalidArgumentError: for ``events`` that are not events of a registered game, more
            than 10,000 of them (a transition makes a few dozen at most; an endless iterable is
            refused, not read forever), or any other bad argument (see `describe`).

    Examples:
        >>> from cardgames.shedding import CardPlayed, SuitNamed, PenaltyGrown
        >>> from cardgames.cards import Card, Suit
        >>> from cardgames import huit_americain
        >>> events = [CardPlayed(0, Card.parse("8H")), SuitNamed(0, Suit.SPADES)]
        >>> narrate(events, ["Léa", "Tom"], lang="fr")
        ['Léa pose le 8 de cœur et demande pique ♠']
        >>> rules = huit_americain.GAME.preset("le-cumul")
        >>> narrate([CardPlayed(0, Card.parse("AS")), PenaltyGrown(1, 4)], ["Léa", "Tom"],
        ...         viewer=1, rules=rules)
        ['Léa lays A♠', 'you must draw 4 or answer']
    """
    if isinstance(events, (str, bytes)) or not isinstance(events, Iterable):
        raise InvalidArgumentError("events", events, "expected a sequence of events")
    speaker = _speaker(players, viewer, lang, rules, symbols)
    registered = games()
    checked: list[Event] = []
    told_by: dict[type, tuple[Entry, Speaker]] = {}  # how each event type is told
    for event in itertools.islice(events, _MAX_EVENTS + 1):  # never more, even endless
        if len(checked) == _MAX_EVENTS:
            raise InvalidArgumentError(
                "events", f"more than {_MAX_EVENTS:,} events", "expected a transition's events"
            )
        item, _, _ = _check_event(event, speaker, registered, told_by)
        if speaker.viewer is not None:
            item = item.redacted_for(speaker.viewer)
        checked.append(item)
    books = {id(teller.book): teller.book for _, teller in told_by.values()}
    for book in books.values():  # each game's order (one game, but a caller may mix them)
        checked = book.arrange(checked)
    sentences: list[str] = []
    group: list[str] = []
    group_subject: int | None = None
    for item in checked:
        entry, teller = told_by[type(item)]
        subject, text = _clause(item, entry, teller)
        if subject is not None and group and subject == group_subject:
            group.append(text)
            continue
        if group and group_subject is not None:
            sentences.append(f"{speaker.name(group_subject)} {speaker.join(group)}")
        group, group_subject = ([], None) if subject is None else ([text], subject)
        if subject is None:
            sentences.append(text)
    if group and group_subject is not None:
        sentences.append(f"{speaker.name(group_subject)} {speaker.join(group)}")
    return sentences


_ENDINGS: Final = {
    "en": {
        Termination.WENT_OUT: "went out",
        Termination.BLOCKED: "blocked",
        Termination.TURN_LIMIT: "move limit",
        Termination.STOCK_EXHAUSTED: "stock exhausted",
    },
    "fr": {
        Termination.WENT_OUT: "sortie",
        Termination.BLOCKED: "blocage",
        Termination.TURN_LIMIT: "limite de coups",
        Termination.STOCK_EXHAUSTED: "pioche épuisée",
    },
}


def ending(reason: Termination, *, lang: str = "en") -> str:
    """How a game ended, in a few words for a table or a summary ("went out", "blocked").

    Raises:
        InvalidArgumentError: if ``reason`` is not a `Termination` or ``lang`` is unknown.

    Examples:
        >>> ending(Termination.WENT_OUT), ending(Termination.STOCK_EXHAUSTED, lang="fr")
        ('went out', 'pioche épuisée')
    """
    words = _ENDINGS[_check_lang(lang)]
    if type(reason) is not Termination:
        raise InvalidArgumentError("reason", reason, "expected a Termination")
    return words[reason]


# -- the text of an error, in English or French ------------------------------------------------

_PARSE_FR: Final = {
    "not_text": "un coup s'écrit en texte",
    "too_long": "ce texte est trop long pour être un coup",
    "not_a_move": "ce n'est pas un coup : joue CARTE [COULEUR] [carte] [pour JOUEUR], pioche, "
    "passe, prends, carte ou contre JOUEUR",
    "not_a_move_of_8": "ce n'est pas un coup : garde PLANÈTE, donne PLANÈTE à JOUEUR, pose N "
    "PLANÈTE, pose toutes-différentes, refuse, défausse PLANÈTE, vole à JOUEUR ou dessous PLANÈTE",
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
"""What each `ParseError` reason says in French."""

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
        >>> from cardgames.errors import IllegalMoveError, ParseError
        >>> from cardgames.shedding import PlayCard
        >>> error = IllegalMoveError(PlayCard(0, Card.parse("8C")), 0, "suit_required", "8C…")
        >>> describe_error(error, "fr")
        'le 8 de trèfle demande une couleur : joue 8♣ cœur'
        >>> describe_error(ParseError("xyzzy", "a move", "not_a_move"), "fr")[:32]
        "« xyzzy » : ce n'est pas un coup"
    """
    if not isinstance(error, CardGamesError):
        raise InvalidArgumentError("error", error, "expected an error of cardgames")
    lang = _check_lang(lang)
    if isinstance(error, IllegalMoveError):
        if lang == "en":
            return str(error.detail or "") or str(error.reason).replace("_", " ")
        reason = error.reason if type(error.reason) is str else ""
        template = _ILLEGAL_FR.get(reason, "ce coup n'est pas permis maintenant")
        move = error.move  # the library's own move types only: a caller's object is not read
        card = getattr(move, "card", None) if type(move) in _game_move_types() else None
        words, token = _card_words(card)
        return template.format(card=words, token=token)
    if isinstance(error, ParseError):
        if lang == "en":
            return str(error)
        reason = error.reason if type(error.reason) is str else ""
        said = _PARSE_FR.get(reason, "ce texte n'est pas compris")
        text = str.__str__(error.text) if isinstance(error.text, str) else "?"
        return f"« {_brief_text(text)} » : {said}"
    return str(error) if lang == "en" else "requête refusée"


def _game_move_types() -> set[type]:
    """The move types of the registered games."""
    return {cls for game in games() for cls in game.move_types.values()}


def _card_words(card: object) -> tuple[str, str]:
    """A card in words, with its article, and as a token a French player types (``D♥``)."""
    if isinstance(card, Card):
        speaker = Speaker(None, None, "fr", True, None)
        return Phrases().the_card(card, speaker), Phrases().card(card, speaker)
    french = getattr(card, "french", None)
    if isinstance(french, str):
        return french, french
    return "cette carte", "?"


def _brief_text(text: str) -> str:
    return text if len(text) <= 60 else text[:59] + "…"
