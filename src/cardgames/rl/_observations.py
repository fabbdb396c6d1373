"""Observation vectors: what a seat sees, as a float32 array of fixed shape.

An observation is built from a *view* only (`State.view`), never from a state, so it cannot
hold an opponent's hidden card, the stock order or the RNG state: two positions that a seat
cannot tell apart give it the same observation. The shape depends on the game, the rules and
the number of players, never on the position.

Seats are written *relative to the viewer*: the block of seat ``+k`` describes seat
``(viewer + k) % players`` (``+0`` is the viewer). The viewer's own seat number is given
separately (``seat``), since seat order matters (who starts). A spectator's view (``viewer``
``None``) is encoded as seat 0's table with no hand. Counts and sizes are plain numbers (not
normalized); one-hot blocks are all zero for "none".

The fields are a capability of the game (`OBSERVATION_LAYOUT`, declared as ``"observation"``):
the game lists its blocks for given rules and players and writes a view into them (an
`ObservationLayout`); this module places the blocks, checks the views it is given and hands the
vector to NumPy. The built-in games' fields are documented in `cardgames.shedding.rl` (Crazy
Eights, 8 Américain) and `cardgames.planets.rl` (the planet game "8"). A game that brings none
gets `MissingCapabilityError` (a view's fields are the game's own: there is no default).
"""

from __future__ import annotations

import array
from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Any, Final, Protocol

import attrs
import numpy as np

from cardgames.errors import InvalidArgumentError
from cardgames.game import Capability, Game, View
from cardgames.rl._actions import (
    _TRUSTED_RULES,
    _check_rules_and_players,
    remember,
    resolve_game,
    trust_rules_type,
)

if TYPE_CHECKING:
    import numpy.typing as npt

__all__ = [
    "OBSERVATION_LAYOUT",
    "Field",
    "ObservationEncoding",
    "ObservationLayout",
    "observation_encoding",
    "observe",
]


class ObservationLayout(Protocol):
    """What a game brings for its observations (`OBSERVATION_LAYOUT`, as ``"observation"``).

    The game lists the blocks of its vector and writes a view into them; `observation_encoding`
    places the blocks one after the other and checks the views it is given (their game, size,
    rules and seats) before the writer sees them. A writer reads the *view* only, and raises
    `KeyError`, `IndexError`, `TypeError`, `ValueError`, `AttributeError` or `OverflowError` for
    fields that are no position of the game (reported as a forged view).
    """

    def blocks(self, rules: Any, players: int) -> Sequence[tuple[str, int, str]]:
        """The blocks of the vector in order: ``(name, size, description)``."""
        ...  # pragma: no cover - a protocol

    def writer(
        self, rules: Any, players: int, fields: Sequence[Field]
    ) -> Callable[[array.array[float], Any, int], None]:
        """The function that writes a view into the vector of these fields (built once).

        It is called as ``fill(out, view, viewer)``: ``out`` holds zeros (C floats), ``viewer``
        is the view's seat (0 for a spectator).
        """
        ...  # pragma: no cover - a protocol

    def cards(self, rules: Any) -> Hashable:
        """What else than the blocks the layout depends on (a deck's cards in index order).

        Two rules of the game share a layout (and an encoding answers for views of both) when
        their blocks and their ``cards`` are equal.
        """
        ...  # pragma: no cover - a protocol


OBSERVATION_LAYOUT: Final = Capability[ObservationLayout](
    "observation", "the RL observation vector of a view"
)
"""The key a game declares its `ObservationLayout` under; no default."""


@attrs.frozen
class Field:
    """One block of an observation vector.

    Attributes:
        name: The field's name (``"hand"``).
        start: Its first index in the vector.
        size: How many entries it has.
        description: What it holds.
    """

    name: str
    start: int
    size: int
    description: str

    @property
    def stop(self) -> int:
        """One past its last index: ``vector[field.start:field.stop]`` is the block."""
        return self.start + self.size


def _layout(blocks: list[tuple[str, int, str]]) -> tuple[Field, ...]:
    fields: list[Field] = []
    start = 0
    for name, size, description in blocks:
        fields.append(Field(name, start, size, description))
        start += size
    return tuple(fields)


@attrs.frozen(eq=False)
class ObservationEncoding:
    """The observation layout of one game, rules and number of players.

    Build it with `observation_encoding`; `encode` turns a view into a vector. It takes views
    of its game whose rules share its layout (the same fields and cards) and pickles as its
    arguments (game name, rules, players).

    Attributes:
        game: The game.
        rules: The rules.
        players: The number of seats.
        fields: The blocks of the vector, in order.

    Examples:
        >>> from cardgames import crazy_eights
        >>> encoding = observation_encoding("crazy eights", players=2)
        >>> encoding.shape
        (231,)
        >>> vector = encoding.encode(crazy_eights.new_game(2, seed=1).view(1))
        >>> int(vector[encoding.field("hand").start:encoding.field("hand").stop].sum())
        7
    """

    game: Game[Any]
    rules: Any
    players: int
    fields: tuple[Field, ...]
    _fill: Callable[[array.array[float], Any, int], None] = attrs.field(repr=False)
    _layout: ObservationLayout = attrs.field(repr=False)
    _rules_seen: list[Any] = attrs.field(factory=list, init=False, repr=False)
    """Rules objects already found to share `rules`' layout (compared by identity next time)."""
    _zeros: array.array[float] = attrs.field(init=False, repr=False)

    @_zeros.default
    def _zero_vector(self) -> array.array[float]:
        return array.array("f", bytes(4 * self.fields[-1].stop))  # C floats: float32

    @property
    def shape(self) -> tuple[int]:
        """The shape of every observation: ``(length,)``."""
        return (self.fields[-1].stop,)

    def field(self, name: str) -> Field:
        """The field of that name.

        Raises:
            KeyError: if there is none.
        """
        for field in self.fields:
            if field.name == name:
                return field
        raise KeyError(name)

    def encode(self, view: View) -> npt.NDArray[np.float32]:
        """The observation of a view (a new array).

        The view is expected to come from the library (`State.view`, or
        `Game.view_from_json`, which checks a document): a hand-built view whose fields are
        not a position of the game is refused where it cannot be encoded.

        Raises:
            InvalidArgumentError: if ``view`` is not a view of this game, rules and players,
                or holds a number too large for a float32.
        """
        game = self.game
        if not isinstance(view, game.view_type) or getattr(view, "game", None) != game.name:
            raise InvalidArgumentError("view", view, f"expected a view of {game.name}")
        players = getattr(view, "players", None)
        if type(players) is not tuple or len(players) != self.players:
            raise InvalidArgumentError("view", view, f"expected a view of {self.players} players")
        rules = getattr(view, "rules", None)
        if rules is not None and rules is not self.rules:
            self._check_rules(rules, view)
        return _finite(self._encode(view), view)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its arguments: unpickled, it is `observation_encoding`'s (cached) one."""
        return (_observation_encoding_of, (self.game.name, self.rules, self.players))

    def _check_rules(self, rules: object, view: object) -> None:
        """Refuse a view whose rules do not share this encoding's layout.

        Rules of the same game pass if they give the same fields and the same cards (a
        shedding game's deck): "standard" and "a-la-volee" do, "32-cartes" does not.

        Raises:
            InvalidArgumentError: otherwise.
        """
        seen = self._rules_seen
        if any(rules is known for known in seen):
            return
        if type(rules) is not type(self.rules):
            raise InvalidArgumentError("view", view, f"expected a view of {self.game.name}")
        other = observation_encoding(self.game, rules, players=self.players)
        cards = self._layout.cards
        if other.fields != self.fields or cards(rules) != cards(self.rules):
            raise InvalidArgumentError(
                "view",
                view,
                "its rules do not share this encoding's layout (make one for them with "
                "observation_encoding)",
            )
        if len(seen) < 8:
            seen.append(rules)

    def _encode(self, view: Any) -> npt.NDArray[np.float32]:
        """`encode` without the checks of the view's game, size and rules."""
        # Written into a copy of a zero array of C floats, then seen by NumPy without a copy:
        # Python stores into an array.array much faster than into an ndarray, item by item.
        out = self._zeros.__copy__()
        players = self.players
        for field in ("viewer", "current"):  # seats are encoded relative: modulo would hide junk
            seat = getattr(view, field, None)
            if seat is not None and (type(seat) is not int or not 0 <= seat < players):
                raise InvalidArgumentError("view", view, f"its {field} is not a seat of the game")
        try:
            self._fill(out, view, 0 if view.viewer is None else view.viewer)
        except (KeyError, IndexError, TypeError, ValueError, AttributeError, OverflowError):
            raise InvalidArgumentError(
                "view", view, "its fields are not a position of this game (a forged view?)"
            ) from None
        return np.frombuffer(out, dtype=np.float32)


def _build(game: Game[Any], rules: Any, players: int) -> ObservationEncoding:
    layout = game.capability(OBSERVATION_LAYOUT)
    fields = _layout(list(layout.blocks(rules, players)))
    if not fields or len({field.name for field in fields}) != len(fields):
        raise InvalidArgumentError("game", game.name, "its observation blocks are not a layout")
    fill = layout.writer(rules, players, fields)
    return ObservationEncoding(game, rules, players, fields, fill, layout)


_ENCODINGS: dict[tuple[str, Any, int], ObservationEncoding] = {}


def _observation_encoding_of(game: str, rules: Any, players: int) -> ObservationEncoding:
    """`observation_encoding` with positional arguments (what a pickled encoding calls)."""
    return observation_encoding(game, rules, players=players)


def observation_encoding(
    game: str | Game[Any], rules: Any = None, *, players: int
) -> ObservationEncoding:
    """The observation layout of a game for given rules and number of players (cached).

    Args:
        game: A game name or alias, or a `Game`.
        rules: The rules (default: the game's default preset).
        players: The number of seats.

    Raises:
        UnknownGameError: if no game has that name.
        InvalidArgumentError: if the arguments are not valid.
        InvalidRulesError: if the rules do not fit that number of players.
        MissingCapabilityError: if the game brings no observation layout
            (`OBSERVATION_LAYOUT`).

    Examples:
        >>> [f.name for f in observation_encoding("planets", players=2).fields][:4]
        ['phase', 'turn', 'commander', 'adjutant']
    """
    if type(game) is str and type(rules) in _TRUSTED_RULES and type(players) is int:
        try:
            return _ENCODINGS[(game, rules, players)]  # known arguments: no check to repeat
        except KeyError:
            pass
    found = resolve_game(game)
    found.capability(OBSERVATION_LAYOUT)  # a game without one is told so before anything else
    rules, players = _check_rules_and_players(found, rules, players)
    key = (found.name, rules, players)
    encoding = _ENCODINGS.get(key)
    if encoding is None:
        encoding = _build(found, rules, players)
        trust_rules_type(found, rules)
        remember(_ENCODINGS, key, encoding)
        if type(game) is str and len(game) <= 32:  # the caller's text, only if plain
            remember(_ENCODINGS, (game, rules, players), encoding)
    return encoding


def observe(view: View) -> npt.NDArray[np.float32]:
    """The observation vector of a seat's view (see the module documentation for the layout).

    The layout is the one of the view's game, rules and number of players.

    Raises:
        InvalidArgumentError: if ``view`` is not a view, carries no rules, or holds a number
            too large for a float32.

    Examples:
        >>> from cardgames import huit_americain
        >>> observe(huit_americain.new_game(4, seed=2).view(0)).shape
        (247,)
    """
    if not isinstance(view, View):
        raise InvalidArgumentError("view", view, "expected a view (State.view)")
    rules = getattr(view, "rules", None)
    name = getattr(view, "game", None)
    players = getattr(view, "players", None)
    if rules is None or not isinstance(name, str) or not isinstance(players, tuple):
        raise InvalidArgumentError("view", view, "expected a view that carries its rules")
    encoding = observation_encoding(name, rules, players=len(players))  # found by these rules
    if not isinstance(view, encoding.game.view_type):
        raise InvalidArgumentError("view", view, f"expected a view of {encoding.game.name}")
    return _finite(encoding._encode(view), view)


def _finite(vector: npt.NDArray[np.float32], view: View) -> npt.NDArray[np.float32]:
    """``vector``, once sure that no number of ``view`` was too large for a float32.

    A view from the library never holds one; a hand-built view with, say, a stock of 10**40
    cards would otherwise be encoded as infinity.
    """
    if not np.isfinite(vector).all():
        raise InvalidArgumentError(
            "view", view, "its numbers are too large for an observation (a forged view?)"
        )
    return vector
