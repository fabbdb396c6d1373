"""The protocol every game implements.

Bots, simulation, the command line, serialization and the conformance tests rely on it alone, so
they treat all games alike.

A game is three kinds of value:

- a frozen `Rules` (options with defaults and validated bounds, plus named presets);
- a frozen `State` (a position: hands, stock, whose turn…), created by `Game.new_game` and
  advanced only by `State.apply`, which validates the move and returns a new state, or raises
  `IllegalMoveError` and leaves everything as it was;
- frozen moves, events and views.

Players are seats numbered from 0; seat ``i + 1`` sits on the left of seat ``i`` (clockwise order
is increasing seat numbers). `State.players` holds their names.

Randomness comes only from the seeded `Rng` inside the state, so ``(rules, seed, deck, moves)``
rebuilds any state exactly. `State.view` is built field by field from an allow-list: it never
holds an opponent's hidden card, the stock order or the RNG state.

Everything a game module exports is described by its `Game` descriptor, found in the registry by
name or alias with `find_game`.
"""

from __future__ import annotations

import abc
import enum
import itertools
import operator
import types
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from typing import (
    TYPE_CHECKING,
    Any,
    ClassVar,
    Final,
    Generic,
    Protocol,
    TypeVar,
    runtime_checkable,
)

import attrs

from cardgames._integers import integer_or_none
from cardgames.codec import decode, dump_document, encode, load_any_document, load_document
from cardgames.errors import (
    InvalidArgumentError,
    InvalidRulesError,
    InvalidStateError,
    MissingCapabilityError,
    UnknownGameError,
    brief_repr,
)

if TYPE_CHECKING:
    from typing_extensions import Self

__all__ = [
    "Capability",
    "Event",
    "FrozenState",
    "Game",
    "Lazy",
    "LegalMoves",
    "Match",
    "Move",
    "Outcome",
    "State",
    "Termination",
    "ValueState",
    "View",
    "engine_move",
    "find_game",
    "games",
    "load_game_document",
    "name_key",
    "normalize_name",
    "player_names",
    "register",
    "seat_number",
]


class Termination(enum.Enum):
    """Why a game ended.

    The reasons every game picks from, each game stating which it uses: a game of your own
    picks the members that fit its endings (the toy game of the tests ends by `WENT_OUT` or
    `TURN_LIMIT`); the simulation summaries count the games by reason, and narration words
    each reason (`cardgames.narration.ending`).
    """

    WENT_OUT = "went_out"
    """A player got rid of their last card (in the shedding games: laid it)."""
    BLOCKED = "blocked"
    """Nobody could move on: every player passed in a row (nothing to play, nothing to draw)."""
    TURN_LIMIT = "turn_limit"
    """The rules' cap on the number of moves was reached."""
    STOCK_EXHAUSTED = "stock_exhausted"
    """The stock ran out, and the rules end the game then rather than reshuffle (in the planet
    game, the normal end)."""


@attrs.frozen
class Outcome:
    """The result of a finished game (or round).

    Attributes:
        reason: Why the game ended.
        winners: The winning seats, in seat order (several on a shared win).
        scores: One number per seat; what it means is stated by each game (points won, or
            penalty points where the lowest total wins).
        detail: A sentence for humans, stating ties and how they were settled.
    """

    reason: Termination
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    detail: str = ""


@attrs.frozen(cache_hash=True)
class Move:
    """Base class of moves. Every move names the player who makes it.

    Subclasses set the class attribute ``kind`` (the tag used in JSON and notation).
    """

    kind: ClassVar[str | None] = None
    player: int

    def __str__(self) -> str:
        """The move in its game's notation where it does not depend on the position."""
        return repr(self)


@attrs.frozen
class Event:
    """Base class of the events that a transition produces (`State.last_events`).

    Subclasses that hold something secret override `redacted_for`.
    """

    kind: ClassVar[str | None] = None

    def redacted_for(self, viewer: int | None) -> Self:
        """Return this event as ``viewer`` may see it (``None`` for a spectator)."""
        return self

    def __str__(self) -> str:
        """The English sentence of the all-seeing narrator.

        That is `cardgames.narration.describe` with the seats named "seat 0", "seat 1"...; the
        ``repr`` for an event it cannot tell (an event of no registered game, or a malformed
        one).
        """
        from cardgames.narration import describe

        try:
            return describe(self, None)
        except InvalidArgumentError:
            return repr(self)


@attrs.frozen
class View:
    """Base class of the per-player views returned by `State.view`.

    Attributes:
        viewer: The seat the view was built for, or ``None`` for a spectator.
    """

    viewer: int | None

    _current_is_first_to_act: ClassVar[bool] = False
    """Set by a game whose views' ``current`` attribute is always the state's ``to_act[0]``, or
    whose views have none: the driver then knows what `RandomAgent` reads of the view without
    building it."""

    def to_json(self) -> str:
        """Serialize the view as a versioned JSON document (what a frontend sends a player)."""
        raise NotImplementedError

    @classmethod
    def from_json(cls, text: str | bytes) -> View:
        """Load a view written by `to_json` (games override it; see `Game.view_from_json`)."""
        raise NotImplementedError


@runtime_checkable
class Match(Protocol):
    """What every game's ``Match`` offers: an immutable score sheet of several rounds.

    `Game.new_match` starts one and `Game.match_from_json` loads one, alike for every game:
    `cardgames.crazy_eights.Match`, `cardgames.huit_americain.Match` (both
    `cardgames.shedding.match.Match`) and `cardgames.planets.Match`. Each serves a simulated
    match (`deal` the next round, `record` it when it is over) and a score keeper of a game
    played with real cards (`add_round` with each round's points).
    """

    @property
    def rules(self) -> Any:
        """The rules of every round (the next round's are `round_rules`)."""

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names, by seat."""

    @property
    def rounds(self) -> tuple[tuple[int, ...], ...]:
        """Each round's points, by seat."""

    @property
    def seed(self) -> int:
        """Seeds the rounds `deal` deals."""

    @property
    def totals(self) -> tuple[int, ...]:
        """Each player's total so far."""

    @property
    def is_over(self) -> bool:
        """Whether the match is over (no more round)."""

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats once the match is over (several on a tie), else ``()``."""

    def round_rules(self) -> Any:
        """The rules of the next round (the dealer or the first Commander rotated)."""

    def deal(self, *, seed: int | None = None) -> Any:
        """Deal the next round (raises `MatchOverError` once the match is over)."""

    def add_round(self, points: Sequence[int] | Mapping[str, int]) -> Self:
        """The match with one more round's points (by seat, or by player name)."""

    def record(self, state: Any) -> Self:
        """The match with the points of a finished round of it."""

    def to_dict(self) -> dict[str, Any]:
        """Plain data for display or export."""

    def to_json(self) -> str:
        """The ``cardgames.match`` document."""

    @classmethod
    def from_json(cls, text: str | bytes) -> Self:
        """Load a match written by `to_json`."""


MoveT = TypeVar("MoveT", bound=Move)


class LegalMoves(tuple[MoveT, ...]):
    """The legal moves of a state, in a deterministic order.

    A tuple (cheap ``len``, ``bool``, indexing and iteration, equal to a plain tuple of the same
    moves) whose ``in`` checks identity first, then equality, and whose ``repr`` is written in
    the game's notation (``str`` of each move).

    Examples:
        >>> from cardgames.crazy_eights import new_game
        >>> moves = new_game(2, seed=3).legal_moves()
        >>> moves
        <LegalMoves: play 8C name clubs, play 8C name diamonds, play 8C name hearts, ...>
        >>> moves[-1], moves[-1] in moves, len(moves)
        (PlayCard(player=1, card=Card.parse('9S'), suit=None, announce=False, target=None), True, 5)
    """

    __slots__ = ()

    def __contains__(self, move: object) -> bool:
        for candidate in self:
            if candidate is move:
                return True
        return tuple.__contains__(self, move)

    def as_tuple(self) -> tuple[MoveT, ...]:
        """The moves as a plain tuple."""
        return tuple(self)

    def __repr__(self) -> str:
        return f"<LegalMoves: {', '.join(map(str, self))}>"


RulesT = TypeVar("RulesT")
ViewT = TypeVar("ViewT", bound=View)


class State(abc.ABC, Generic[RulesT, MoveT, ViewT]):
    """A position of a game: frozen, comparable by value, and advanced only by `apply`.

    Attributes:
        players: The players' names, by seat.
    """

    if TYPE_CHECKING:
        # Read-only for type checkers: an implementation may store it as an attribute or serve
        # it from a property (the shedding engine's compiled state does).
        @property
        def players(self) -> tuple[str, ...]:
            """The players' names, by seat."""
            ...

    @property
    @abc.abstractmethod
    def game(self) -> Game[Any]:
        """The descriptor of the game this state belongs to."""

    @property
    @abc.abstractmethod
    def rules(self) -> RulesT:
        """The rules this game is played under."""

    @property
    @abc.abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """The seats that may make a move now.

        Usually one; more while a rule lets others interrupt (a call-out, a jump-in); empty once
        the game is over. The seat whose turn it is comes first.
        """

    @abc.abstractmethod
    def legal_moves(self, player: int | None = None) -> LegalMoves[MoveT]:
        """The legal moves of ``player``, or of every seat in `to_act` when ``None``."""

    @abc.abstractmethod
    def apply(self, move: MoveT) -> Self:
        """Return the state after ``move``.

        Raises:
            IllegalMoveError: if the move is not legal here (with a machine-readable reason);
                this state is unchanged, as always.
        """

    @property
    @abc.abstractmethod
    def is_over(self) -> bool:
        """Whether the game has ended."""

    @abc.abstractmethod
    def outcome(self) -> Outcome | None:
        """The result once the game is over, else ``None``."""

    @abc.abstractmethod
    def view(self, player: int | None) -> ViewT:
        """What ``player`` sees (``None``: a spectator), built from an allow-list."""

    @property
    @abc.abstractmethod
    def last_events(self) -> tuple[Event, ...]:
        """The events of the transition that produced this state, unredacted."""

    @abc.abstractmethod
    def parse_move(self, text: str, player: int | None = None) -> MoveT:
        """Read a move in the game's text notation.

        ``player`` defaults to the seat whose turn it is. The result is not checked for
        legality: `apply` does that.

        Raises:
            ParseError: if the text is not a move of this game.
        """

    @abc.abstractmethod
    def format_move(self, move: MoveT) -> str:
        """Write a move in the game's text notation (the inverse of `parse_move`)."""

    @abc.abstractmethod
    def to_json(self) -> str:
        """Serialize the whole state (hidden cards and RNG included) as a JSON document."""

    @classmethod
    @abc.abstractmethod
    def from_json(cls, text: str | bytes) -> Self:
        """Load a state written by `to_json`, checking it thoroughly.

        Raises:
            InvalidStateError: naming what is wrong (malformed JSON, unknown or missing fields,
                bad types, cards created, lost or duplicated, impossible counts).
        """

    @abc.abstractmethod
    def all_cards(self) -> tuple[Any, ...]:
        """Every card the state holds, wherever it is (for conservation checks), sorted."""


class ValueState(State[RulesT, MoveT, ViewT]):
    """A `State` with value semantics: equal and hashed by `_key`, copied as itself.

    The engines' states derive from it. A subclass returns from ``_key`` the fields that make
    its value (everything but derived tables and the per-state cache ``_c``, where the hash is
    kept). Copies are the state itself (it is frozen); pickling goes through the checked JSON
    document.
    """

    _c: dict[Any, Any]

    def _key(self) -> tuple[Any, ...]:
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ValueState) or type(other) is not type(self):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        cache = self._c
        value = cache.get("hash")
        if value is None:
            value = hash(self._key())
            cache["hash"] = value
        return int(value)

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self).from_json, (self.to_json(),))

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: object) -> Self:
        return self


class FrozenState(ValueState[RulesT, MoveT, ViewT]):
    """A `ValueState` whose fields live in the instance dict, frozen.

    A subclass lists the fields that make its value in ``_FIELDS``; the others are derived
    tables and the per-state cache ``_c``. `_make` builds an instance from a dict of fields
    without validation, which is how a transition copies the dict of the previous state and
    changes only what changed. Setting or deleting an attribute raises.
    """

    _FIELDS: ClassVar[tuple[str, ...]] = ()

    def __init__(self) -> None:  # pragma: no cover - states come from new_game or from_json
        raise TypeError("create states with new_game() or from_json()")

    @classmethod
    def _make(cls, fields: dict[str, Any]) -> Self:
        state = object.__new__(cls)
        state.__dict__.update(fields)
        return state

    def _key(self) -> tuple[Any, ...]:
        fields = self.__dict__
        return tuple([fields[f] for f in self._FIELDS])

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable; use apply()")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")


GameStateT = TypeVar("GameStateT", bound=State[Any, Any, Any])


def _read_only(mapping: Mapping[str, Any]) -> Mapping[str, Any]:
    """A read-only copy of ``mapping``: a descriptor's tables belong to that descriptor alone."""
    return types.MappingProxyType(dict(mapping))


CapabilityT = TypeVar("CapabilityT")


@attrs.frozen
class Capability(Generic[CapabilityT]):
    """The key of something a game brings to a generic layer.

    The generic layers (narration, schemas, agents, RL encodings, the command line, the web
    table) import no game: each defines the key of what it needs from a game, with a default
    where one makes sense, and asks the game with `Game.capability`. A game declares what it
    brings by the key's ``name`` in its descriptor's ``capabilities``, as the object itself or
    as a `Lazy` reference imported on first use (so that a layer's extra, such as NumPy for the
    RL encodings, is imported only by who uses it).

    Attributes:
        name: The name games declare it under (``"narration"``, ``"heuristic_agent"``...).
        summary: What it is, in words, for errors and docs.
        default: Makes the layer's default for a game that brings none, or ``None`` when there
            is no sensible default (asking such a game raises `MissingCapabilityError`).

    Examples:
        >>> GREETING = Capability[str]("greeting", "a greeting", default=lambda game: "Hello")
        >>> find_game("planets").capability(GREETING)
        'Hello'
    """

    name: str
    summary: str
    default: Callable[[Game[Any]], CapabilityT] | None = attrs.field(default=None, eq=False)


@attrs.frozen
class Lazy:
    """A capability named by where it lives, imported the first time a layer asks for it.

    Attributes:
        reference: ``"module:attribute"``, as in an entry point (the attribute may be dotted;
            without one, the module itself).

    Examples:
        >>> Lazy("cardgames.planets:GAME.title").load()
        '8'
    """

    reference: str

    def load(self) -> Any:
        """Import the module and return the attribute."""
        import importlib

        module_name, _, attribute = self.reference.partition(":")
        value: Any = importlib.import_module(module_name)
        for part in attribute.split(".") if attribute else ():
            value = getattr(value, part)
        return value


@attrs.frozen(eq=False)
class Game(Generic[GameStateT]):
    """The descriptor of one game: its names, bounds, rules and entry points.

    Attributes:
        name: The canonical name (``"crazy-eights"``), used in documents.
        title: The name shown to people (``"Crazy Eights"``).
        aliases: Other names `find_game` accepts.
        min_players: The fewest seats.
        max_players: The most seats.
        rules_type: The frozen rules class.
        presets: Named rules (the first one is the default), read-only.
        state_type: The state class.
        move_types: The move classes by ``kind`` tag, read-only.
        event_types: The event classes by ``kind`` tag, read-only.
        view_type: The view class.
        match_type: The game's `Match` class (a score sheet of several rounds), if it has one.
        capabilities: What the game brings to the generic layers, by `Capability` name: the
            object itself, or a `Lazy` reference imported on first use (read-only).

    The mappings are read-only copies made when the descriptor is built, so no caller can
    change another game's presets or moves through them.
    """

    name: str
    title: str
    aliases: tuple[str, ...]
    min_players: int
    max_players: int
    rules_type: type[Any]
    presets: Mapping[str, Any] = attrs.field(converter=_read_only)
    state_type: type[GameStateT] = attrs.field()
    move_types: Mapping[str, type[Move]] = attrs.field(converter=_read_only)
    event_types: Mapping[str, type[Event]] = attrs.field(converter=_read_only)
    view_type: type[View] = attrs.field()
    _new_game: Callable[..., GameStateT] = attrs.field()
    _sample_state: Callable[[Any, Any], GameStateT] | None = None
    _check_state: Callable[[Any], None] | None = None
    _check_view: Callable[[Any], None] | None = None
    match_type: type[Match] | None = None
    _new_match: Callable[..., Match] | None = None
    capabilities: Mapping[str, Any] = attrs.field(factory=dict, converter=_read_only)
    _provided: dict[str, Any] = attrs.field(factory=dict, init=False, repr=False)

    def capability(self, key: Capability[CapabilityT]) -> CapabilityT:
        """What this game brings for ``key``, or the layer's default for it.

        A declared `Lazy` reference is imported the first time it is asked for, then kept.

        Raises:
            MissingCapabilityError: if the game brings nothing for ``key`` and ``key`` has no
                default.

        Examples:
            >>> from cardgames.errors import MissingCapabilityError
            >>> key = Capability[object]("no-such-part", "a part nobody brings")
            >>> find_game("planets").capability(key)
            Traceback (most recent call last):
            ...
            cardgames.errors.MissingCapabilityError: the game planets does not provide ...
        """
        try:
            value: CapabilityT = self._provided[key.name]
        except KeyError:
            pass
        else:
            return value
        declared = self.capabilities.get(key.name)
        if declared is not None:
            value = declared.load() if isinstance(declared, Lazy) else declared
        elif key.default is not None:
            value = key.default(self)
        else:
            raise MissingCapabilityError(self.name, key.name, key.summary)
        self._provided[key.name] = value
        return value

    def provides(self, key: Capability[Any]) -> bool:
        """Whether the game brings something of its own for ``key`` (defaults aside)."""
        return key.name in self.capabilities

    def new_game(
        self,
        players: int | Sequence[str],
        *,
        seed: int,
        rules: Any = None,
        deck: Sequence[Any] | None = None,
    ) -> GameStateT:
        """Deal a new game.

        Args:
            players: The number of seats, or the players' names in seat order.
            seed: Seeds the RNG kept in the state (shuffles, reshuffles): an integer with
                ``-2**64 < seed < 2**64``, what a record holds (a NumPy integer is taken).
            rules: The rules, or the name of one of the game's presets (default: the game's
                default preset); see `resolve_rules`.
            deck: A fixed card order (first element = top of the stock) used instead of the
                first shuffle, for tests, tutorials and replaying a physical game; later
                reshuffles still use the seed.

        Raises:
            InvalidRulesError: if the number of players or the deck does not fit the rules, for
                an unknown preset's name or the rules of another game.
            InvalidArgumentError: for a ``seed`` that is not such an integer.
        """
        return self._new_game(players, seed=seed, rules=rules, deck=deck)

    def new_match(
        self,
        players: int | Sequence[str],
        rules: Any = None,
        *,
        seed: int = 0,
        rounds: int | None = None,
    ) -> Match:
        """Start a match of this game: rounds dealt one after the other, their points added up.

        The same call for every game (each game's own ``Match.new`` has the game's words for
        it: a target score or a number of rounds in the shedding games' rules, a number of
        *games* in the planet game).

        Args:
            players: The number of players, or their names in seat order.
            rules: The rules of every round, or a preset's name (default: the game's default
                preset; see `resolve_rules`).
            seed: Seeds the rounds the match deals (`Match.deal`).
            rounds: Play this many rounds (default: as the game's rules say: to a target
                score in Crazy Eights and 8 Américain, one game per player in the planet game,
                where a tie on the highest total is then played off with more games).

        Raises:
            InvalidRulesError: for rules of another game (the other shedding game's too) or bad
                players; for a number of rounds the shedding games' rules refuse (1 to 1,000).
            InvalidArgumentError: for a seed that is not an integer within 2**64; for a number
                of games the planet game refuses (1 to 100).
            NotImplementedError: if the game has no matches.

        Examples:
            >>> match = find_game("planets").new_match(["Léa", "Tom"], seed=7, rounds=3)
            >>> match.games, match.to_json() == type(match).from_json(match.to_json()).to_json()
            (3, True)
        """
        if self._new_match is None:
            raise NotImplementedError(f"{self.name} has no matches")
        return self._new_match(players, self.resolve_rules(rules), seed, rounds)

    def match_from_json(self, text: str | bytes) -> Match:
        """Load a match of this game written by its ``to_json``, checking it as `new_match` would.

        Raises:
            InvalidStateError: naming the first bad place, for a match of another game too.
            NotImplementedError: if the game has no matches.
        """
        if self.match_type is None:
            raise NotImplementedError(f"{self.name} has no matches")
        match = self.match_type.from_json(text)
        if match.rules.game_name != self.name:
            game = match.rules.game_name
            raise InvalidStateError("/game", f"expected {self.name!r}, got {game!r}")
        return match

    @property
    def samples_states(self) -> bool:
        """Whether the game implements `sample_state` (what information-set search needs).

        Examples:
            >>> find_game("planets").samples_states
            True
        """
        return self._sample_state is not None

    def sample_state(self, view: View, rng: Any) -> GameStateT:
        """A full state consistent with everything ``view`` shows.

        The hidden parts are drawn at random with ``rng`` (a `cardgames.rng.Rng`). The
        sampled state's view for the same player equals ``view`` (with the game's default
        rules written out if ``view`` has ``rules=None``): this is what information-set
        search (ISMCTS) needs to reason without cheating.

        Raises:
            NotImplementedError: if the game does not provide it.
        """
        if self._sample_state is None:
            raise NotImplementedError(f"{self.name} does not sample states")
        return self._sample_state(view, rng)

    def check_state(self, state: State[Any, Any, Any]) -> None:
        """Check that ``state`` is a position this game can reach, field by field.

        The engine's invariant checker: cards conserved, the phase consistent with the cards,
        an outcome exactly when the game is over, every counter within its bound with room for
        the next move. `state_from_json` runs it on every document it loads, and the
        conformance suite after every move.

        Raises:
            InvalidStateError: naming the path of the first impossible field (as in the JSON
                document: ``/data/phase``...).
        """
        if not isinstance(state, self.state_type):
            raise InvalidStateError("", f"expected a state of {self.name!r}")
        if self._check_state is not None:
            self._check_state(state)

    def check_view(self, view: View) -> None:
        """Check that ``view`` is something a player of this game can be shown.

        `view_from_json` runs it on every document it loads: a view that passes can be
        played from (`sample_state` succeeds on it).

        Raises:
            InvalidStateError: naming the path of the first impossible field.
        """
        if not isinstance(view, self.view_type):
            raise InvalidStateError("", f"expected a view of {self.name!r}")
        if self._check_view is not None:
            self._check_view(view)

    @property
    def default_rules(self) -> Any:
        """The rules of the first preset."""
        return next(iter(self.presets.values()))

    def resolve_rules(self, rules: Any) -> Any:
        """The rules ``rules`` stands for: what every entry point that takes rules calls.

        `new_game`, `new_match`, the games' own ``new_game`` functions, ``play_game``,
        ``GameLog.start``, ``simulate`` and the RL environments all read their ``rules``
        argument here, so each of them takes the same three forms.

        Args:
            rules: ``None`` (the default preset), the name of a preset (looked up as `preset`
                does: case, accents, spaces and hyphens do not matter), or rules of this game.

        Returns:
            The game's rules value.

        Raises:
            InvalidRulesError: for an unknown preset name (listing the known ones) or anything
                else that is not rules of this game (the rules of another game included).

        Examples:
            >>> game = find_game("8 américain")
            >>> game.resolve_rules("A la volée") == game.preset("a-la-volee")
            True
            >>> game.resolve_rules(None) == game.default_rules
            True
            >>> game.resolve_rules(3)
            Traceback (most recent call last):
            ...
            cardgames.errors.InvalidRulesError: invalid rules option rules=3: expected ...
        """
        if rules is None:
            return self.default_rules
        if isinstance(rules, str):
            return self.preset(rules)
        if not isinstance(rules, self.rules_type) or rules.game_name != self.name:
            # the type first: a forged object's game_name is never read
            known = ", ".join(self.presets)
            raise InvalidRulesError(
                "rules",
                rules,
                f"expected {self.rules_type.__name__} of {self.title} or the name of one of "
                f"its presets ({known})",
            )
        return rules

    def preset(self, name: str) -> Any:
        """The rules of a named preset.

        Raises:
            InvalidRulesError: if there is no such preset (or ``name`` is not text of at most
                200 characters).
        """
        known = f"known presets: {', '.join(self.presets)}"
        if not isinstance(name, str):
            raise InvalidRulesError("preset", name, known)
        if len(name) > _MAX_LOOKUP_CHARS:  # never folded: that costs time and memory per char
            raise InvalidRulesError("preset", name[:60] + "…", known)
        key = normalize_name(name)
        for preset_name, rules in self.presets.items():
            if normalize_name(preset_name) == key:
                return rules
        raise InvalidRulesError("preset", name, known)

    def state_from_json(self, text: str | bytes) -> GameStateT:
        """Load a state of this game (see `State.from_json`).

        Raises:
            InvalidStateError: naming what is wrong, including a state of another game.
        """
        state = self.state_type.from_json(text)
        if state.game is not self:
            raise InvalidStateError("/game", f"expected a state of {self.name!r}")
        return state

    def move_to_json(self, move: Move) -> str:
        """Serialize a move of this game as a versioned JSON document.

        Raises:
            InvalidArgumentError: if ``move`` is not a move of this game (also a `TypeError`).
        """
        if type(move) not in self.move_types.values():
            raise InvalidArgumentError("move", move, f"not a move of {self.name}")
        return dump_document("move", self.name, encode(move))

    def move_from_json(self, text: str | bytes) -> Move:
        """Load a move written by `move_to_json`.

        Raises:
            InvalidStateError: naming what is wrong.
        """
        data = load_document(text, "move", self.name)
        move: Move = decode(Move, data, "/data", tagged=self.move_types)
        return move

    def view_from_json(self, text: str | bytes) -> View:
        """Load a view written by its ``to_json`` method.

        Raises:
            InvalidStateError: naming what is wrong.
        """
        data = load_document(text, "view", self.name)  # checks the envelope names this game
        if "from_json" in vars(self.view_type):  # the game reads its own views
            view: View = self.view_type.from_json(text)
            return view
        tagged: dict[str, type] = {**self.move_types, **self.event_types}
        view = decode(self.view_type, data, "/data", tagged=tagged)
        return view

    def rules_from_json(self, text: str | bytes) -> Any:
        """Load rules written by their ``to_json`` method.

        Raises:
            InvalidStateError: naming what is wrong.
        """
        return self.rules_type.from_json(text)

    def __repr__(self) -> str:
        return f"<Game {self.name!r}>"


def normalize_name(name: str) -> str:
    """Fold a name for lookups: case, accents, spaces, hyphens and underscores do not matter.

    Examples:
        >>> normalize_name("  8 Américain ")
        '8 americain'
        >>> normalize_name("Crazy_Eights") == normalize_name("crazy-eights")
        True
    """
    # NFKD can produce capitals (a double-struck C becomes C), so fold after it too.
    decomposed = unicodedata.normalize("NFKD", unicodedata.normalize("NFKD", name).casefold())
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    plain = plain.replace("œ", "oe").replace("-", " ").replace("_", " ")
    return " ".join(plain.split())


_REGISTRY: dict[str, Game[Any]] = {}
_MAX_LOOKUP_CHARS: Final = 200
"""The longest name of a game or preset looked up (folding a name costs time and memory)."""
ENTRY_POINT_GROUP: Final = "cardgames.games"
"""The entry-point group under which an installed distribution declares its games."""
_loaded_builtins = False
_discovering = False


def register(game: Game[Any]) -> Game[Any]:
    """Add a game to the registry under its name and aliases; returns it.

    Raises:
        ValueError: if a name is already taken by another game, or longer than 200 characters.
    """
    names = (game.name, game.title, *game.aliases)
    for name in names:
        if len(name) > _MAX_LOOKUP_CHARS:
            raise ValueError(f"a game's names have at most {_MAX_LOOKUP_CHARS} characters")
    for name in names:  # check every name before registering any
        other = _REGISTRY.get(normalize_name(name))
        if other is not None and other is not game:
            raise ValueError(f"game name {name!r} is already registered by {other.name!r}")
    for name in names:
        _REGISTRY[normalize_name(name)] = game
    return game


def _load_builtins() -> None:
    """Register every game found, once: the built-in ones, then the entry points' games.

    The built-in games are registered by the modules of `cardgames.plugins`, the others by the
    ``cardgames.games`` entry points of the installed distributions.

    A built-in plugin that fails to import fails loudly; an installed distribution's game that
    fails to load is skipped with a `RuntimeWarning` naming it, so that one broken package does
    not take every other game down with it.
    """
    global _loaded_builtins, _discovering
    if _loaded_builtins or _discovering:  # a game that looks games up while it loads
        return
    _discovering = True
    try:
        _discover()
    finally:
        _discovering = False
    _loaded_builtins = True  # only once every game imported: a broken one fails loudly


def _discover() -> None:
    import importlib
    import pkgutil
    import warnings
    from importlib import metadata

    from cardgames import plugins

    for module in sorted(pkgutil.iter_modules(plugins.__path__), key=lambda m: m.name):
        importlib.import_module(f"{plugins.__name__}.{module.name}")
    for point in sorted(metadata.entry_points(group=ENTRY_POINT_GROUP), key=lambda p: p.name):
        try:
            loaded = point.load()
            if isinstance(loaded, Game):
                register(loaded)
        except Exception as error:  # a third party's package: reported, never fatal
            warnings.warn(
                f"the game {point.name!r} ({point.value}) could not be loaded: {error!r}",
                RuntimeWarning,
                stacklevel=3,
            )


def find_game(name: str) -> Game[Any]:
    """Find a registered game by name or alias (case, accents and separators do not matter).

    Raises:
        UnknownGameError: if no game answers to the name (or ``name`` is not text, or is longer
            than 200 characters: it is then refused unread).
    """
    _load_builtins()
    if not isinstance(name, str):
        raise UnknownGameError(brief_repr(name)[:80], tuple(g.name for g in games()))
    if len(name) > _MAX_LOOKUP_CHARS:  # never folded: that costs time and memory per char
        raise UnknownGameError(name[:60] + "…", tuple(g.name for g in games()))
    game = _REGISTRY.get(normalize_name(name))
    if game is None:
        raise UnknownGameError(name, tuple(g.name for g in games()))
    return game


def games() -> tuple[Game[Any], ...]:
    """The registered games, each once, sorted by name."""
    _load_builtins()
    unique = {id(g): g for g in _REGISTRY.values()}
    return tuple(sorted(unique.values(), key=lambda g: g.name))


def load_game_document(text: str | bytes, kind: str) -> tuple[Game[Any], Any]:
    """Load a document of any registered game: the game its envelope names, and its ``data``.

    The envelope is checked as `cardgames.codec.load_document` checks it; ``game`` must be the
    canonical name of a registered game (documents never hold an alias).

    Raises:
        InvalidStateError: for a bad envelope, or ``/game`` for an unknown name or an alias.

    Examples:
        >>> game, data = load_game_document(find_game("planets").default_rules.to_json(), "rules")
        >>> game.name, data["draw_count"]
        ('planets', 3)
    """
    name, data = load_any_document(text, kind)
    try:
        game = find_game(name)
    except UnknownGameError:
        raise InvalidStateError("/game", f"unknown game {name!r}"[:300]) from None
    if game.name != name:
        raise InvalidStateError("/game", f"expected the game's name {game.name!r}, got {name!r}")
    return game, data


def name_key(name: str) -> str:
    """The form under which two player names are the same name: NFC-normalized, case-folded.

    ``"Léa"`` typed with a precomposed ``é`` and with ``e`` and a combining accent look alike
    and are one name, as are ``"LÉA"`` and ``"léa"``.

    Raises:
        InvalidArgumentError: (also a ``TypeError``) if ``name`` is not text.

    Examples:
        >>> name_key("LÉA") == name_key("le\u0301a")
        True
    """
    if not isinstance(name, str):
        raise InvalidArgumentError("name", name, "expected a player's name")
    return unicodedata.normalize("NFC", str.__str__(name)).casefold()


MAX_NAME_CHARS: Final = 100
"""The longest player's name (every state, view, record and sentence of narration repeats it)."""
_MAX_NAME_CHARS: Final = MAX_NAME_CHARS  # the old name, still imported by narration.py


def player_names(players: int | Sequence[str], game: Game[Any]) -> tuple[str, ...]:
    """Check the ``players`` argument of ``new_game`` and return the players' names.

    A number gives ``"Player 1"``, ``"Player 2"``…; names must be non-empty, printable text (no
    control character: names are shown to people) of at most 100 characters and different
    under `name_key` (ignoring case and how accents are encoded). Game implementations call it
    so that every game refuses the same values the same way.

    Raises:
        InvalidRulesError: naming ``players``, for a bad value or a count the game does not take.

    Examples:
        >>> player_names(2, find_game("crazy-eights"))
        ('Player 1', 'Player 2')
    """
    players = player_count(players)
    if isinstance(players, int):
        if not game.min_players <= players <= game.max_players:  # before allocating anything
            raise InvalidRulesError(
                "players",
                players,
                f"{game.title} takes {game.min_players} to {game.max_players} players",
            )
        names = tuple(f"Player {i + 1}" for i in range(players))
    elif isinstance(players, str):
        raise InvalidRulesError("players", players, "expected a sequence of names, not one string")
    else:
        if not isinstance(players, Sequence):
            raise InvalidRulesError(
                "players", players, "expected a number of players or their names"
            )
        if len(players) > game.max_players:  # before copying anything
            raise InvalidRulesError(
                "players",
                len(players),
                f"{game.title} takes {game.min_players} to {game.max_players} players",
            )
        # At most one name more than the game takes, whatever the sequence's length said.
        given = tuple(itertools.islice(players, game.max_players + 1))
        if len(given) > game.max_players:
            raise InvalidRulesError(
                "players",
                f"more than {game.max_players} names",
                f"{game.title} takes {game.min_players} to {game.max_players} players",
            )
        for name in given:
            if not isinstance(name, str):
                raise InvalidRulesError("players", players, "names must be non-empty strings")
        # Plain copies of the names: a subclass of str (whose methods or equality may lie) never
        # reaches a check below, nor a state or a match.
        names = tuple(str.__str__(name) for name in given)
        for name in names:
            if len(name) > MAX_NAME_CHARS:  # before any copy of it; its head alone is shown
                raise InvalidRulesError(
                    "players",
                    name[:40] + "…",
                    f"names must be at most {MAX_NAME_CHARS} characters, not {len(name)}",
                )
            if not name.strip():
                raise InvalidRulesError("players", players, "names must be non-empty strings")
            try:
                name.encode("utf-8")
            except UnicodeEncodeError:
                raise InvalidRulesError("players", players, "names must be valid text") from None
            if not name.isprintable():
                raise InvalidRulesError(
                    "players", players, "names must be printable (no control characters)"
                )
        if len({name_key(n) for n in names}) != len(names):
            raise InvalidRulesError("players", players, "names must be different")
    if not game.min_players <= len(names) <= game.max_players:
        raise InvalidRulesError(
            "players",
            len(names),
            f"{game.title} takes {game.min_players} to {game.max_players} players",
        )
    return names


def player_count(players: Any) -> Any:
    """``players`` as a plain ``int`` if it is an integer type (a NumPy integer...), else as is.

    Raises:
        InvalidRulesError: for a ``bool``, or an ``__index__`` that fails.
    """
    expected = "expected a number of players or their names"
    if isinstance(players, bool):
        raise InvalidRulesError("players", players, expected)
    if type(players) is int or isinstance(players, (str, Sequence)):
        return players
    if hasattr(type(players), "__index__"):
        try:
            count = operator.index(players)
        except Exception:  # TypeError, or whatever a caller's __index__ raised
            raise InvalidRulesError("players", players, expected) from None
        if type(count) is not int:
            raise InvalidRulesError("players", players, expected)
        return count
    return players


def seat_number(value: object, players: int, argument: str = "player") -> int:
    """Check a seat number that came from outside and return it as a plain ``int``.

    Accepts an ``int`` (or any integer type with ``__index__``, such as a NumPy integer) from 0
    to ``players - 1``; refuses ``bool``, text, floats and anything out of range, before the
    value reaches a cache or a state. Engines call it on the slow path only: their fast paths
    accept a plain ``int`` in range as it is.

    Raises:
        InvalidArgumentError: naming ``argument``, for any other value.

    Examples:
        >>> seat_number(2, 3)
        2
        >>> seat_number("1", 3)
        Traceback (most recent call last):
        ...
        cardgames.errors.InvalidArgumentError: invalid argument player='1': expected a seat number from 0 to 2
    """  # noqa: E501  (a doctest output line cannot be wrapped)
    return whole_number(value, 0, players - 1, argument, "a seat number")


def whole_number(value: object, low: int, high: int, argument: str, what: str) -> int:
    """Check an integer argument from outside and return it as a plain ``int``.

    Accepts an ``int`` or any integer type with ``__index__`` (a NumPy integer...) from ``low``
    to ``high``; refuses ``bool``, text, floats, anything out of range and an ``__index__`` that
    fails or returns no plain ``int``.

    Raises:
        InvalidArgumentError: naming ``argument``: "expected {what} from {low} to {high}".

    Examples:
        >>> whole_number(3, 0, 5, "start", "a state number")
        3
    """
    number = integer_or_none(value)
    if number is None or not low <= number <= high:
        raise InvalidArgumentError(argument, value, f"expected {what} from {low} to {high}")
    return number


_whole_number = whole_number  # the old name, still imported by agents/ismcts.py, rl/_rewards.py


def _same_value(ours: object, theirs: object) -> bool:
    """Equal, and of the very same types all the way down (no subclass, no look-alike)."""
    if type(ours) is not type(theirs):
        return False
    if type(ours) is tuple:
        assert isinstance(theirs, tuple)
        return len(ours) == len(theirs) and all(map(_same_value, ours, theirs))
    return ours == theirs


def engine_move(legal: Sequence[MoveT], move: object) -> MoveT | None:
    """The engine's own legal move that ``move`` stands for, or ``None``.

    ``move`` matches a legal move when it is that very object, or when it is of exactly the
    same class and every field holds a value of exactly the same type and value (recursively
    inside tuples). A subclass, a forged ``__eq__``, a plain ``int`` for a `Card`, ``1.0`` or
    ``True`` for a seat never match. `State.apply` continues with the returned move, never with
    the caller's object, so a state only ever holds the engine's own values.

    Examples:
        >>> from cardgames.crazy_eights import new_game, Draw
        >>> state = new_game(2, seed=3)
        >>> legal = state.legal_moves()
        >>> engine_move(legal, legal[0]) is legal[0]
        True
        >>> engine_move(legal, Draw(True)) is None
        True
    """
    for candidate in legal:
        if candidate is move:
            return candidate
    kind = type(move)
    fields = getattr(kind, "__attrs_attrs__", None)
    if fields is None:
        return None
    for candidate in legal:
        if type(candidate) is kind and all(
            _same_value(getattr(candidate, f.name), getattr(move, f.name)) for f in fields
        ):
            return candidate
    return None
