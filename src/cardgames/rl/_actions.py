"""Action ids: a fixed integer for every move a seat can ever make under given rules.

The layout depends on the game, its rules and the number of players, never on a position: it
is built once from the rules and lists every move the engine could offer, in a documented
order. Seats in moves (a target, a recipient, a victim) are written *relative to the player who
moves*: ``+1`` is the next seat in increasing seat order (on their left), ``+2`` the one after,
so that one policy serves every seat. The last id is `ActionEncoding.decline`: letting the
chance of an out-of-turn move go (see `seat_to_decide`).

The layout is a capability of the game (`ACTION_LAYOUT`, declared as ``"action_encoding"``):
the game lists its moves' keys for given rules and players (an `ActionLayout`), in an order it
documents; this module adds the final ``decline``, gives the ids and checks what callers pass.
The built-in games' layouts are documented in `cardgames.shedding.rl` (Crazy Eights, 8
Américain) and `cardgames.planets.rl` (the planet game "8"). A game that brings none gets
`MissingCapabilityError`: the ids of a fixed layout cannot be found by enumerating the moves of
the positions one meets, so there is no default.

``tests/data/rl_action_layout.json`` pins these layouts: a change of layout is a breaking change.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from typing import TYPE_CHECKING, Any, Final, Protocol, TypeAlias, TypeVar, cast

import attrs
import numpy as np

from cardgames._integers import integer_or_none
from cardgames._rl_write import legal_by_id
from cardgames.errors import IllegalMoveError, InvalidArgumentError
from cardgames.game import Capability, Game, Move, State, View, find_game, seat_number

if TYPE_CHECKING:
    import numpy.typing as npt

__all__ = [
    "ACTION_LAYOUT",
    "ActionEncoding",
    "ActionLayout",
    "action_encoding",
    "resolve_game",
    "seat_to_decide",
]

_Key = tuple[Any, ...]
"""A move written without its player, seats relative to the player: ``("play", 32, None, ...)``."""


class ActionLayout(Protocol):
    """What a game brings for its action ids (`ACTION_LAYOUT`, declared as ``"action_encoding"``).

    A move's *key* is its kind (``Move.kind``) then the plain values of its fields other than
    ``player``, in the order of its attrs fields: ``None``, a ``bool``, an ``int`` (a card's
    code or index, a seat *relative to the mover*: ``+1`` is the next seat) or a tuple of
    ``int``. `action_encoding` gives the keys ids in the order `keys` lists them, then adds
    `ActionEncoding.decline`.

    Attributes:
        seat_fields: The names of the move fields that hold a seat (written relative).
    """

    @property
    def seat_fields(self) -> AbstractSet[str]:
        """The names of the move fields that hold a seat (a target, a recipient, a victim)."""
        ...  # pragma: no cover - a protocol

    def keys(self, rules: Any, players: int) -> Sequence[tuple[Any, ...]]:
        """The key of every move the engine could offer under ``rules``, in the layout's order.

        Called once per (rules, players): the result must depend on nothing else.
        """
        ...  # pragma: no cover - a protocol

    def accepts(self, kind: type, name: str, value: object) -> bool:
        """Whether ``value`` is exactly of the engine's type for field ``name`` of ``kind``.

        The checker of moves a caller passes (`ActionEncoding.encode`): a plain ``int`` for a
        card, ``True`` for a seat must be refused. For a seat field it is asked only whether
        ``None`` is allowed (the encoding checks a seat itself).
        """
        ...  # pragma: no cover - a protocol

    def describe_part(self, kind: str, name: str, part: Any) -> str:
        """The words for a key part that is not ``None`` nor a ``bool`` (a card, a seat...)."""
        ...  # pragma: no cover - a protocol


ACTION_LAYOUT: Final = Capability[ActionLayout](
    "action_encoding", "the fixed RL action layout of given rules and players"
)
"""The key a game declares its `ActionLayout` under; no default (see the module documentation)."""

StateOrView: TypeAlias = "State[Any, Any, Any] | View"

_K = TypeVar("_K")
_V = TypeVar("_V")

_DECLINE: Final = ("decline-chance",)
_MAX_PLAYERS: Final = 64
_CACHE_LIMIT: Final = 256


def resolve_game(game: object) -> Game[Any]:
    """The `Game` named by ``game`` (a name, an alias or a `Game`).

    Raises:
        InvalidArgumentError: if ``game`` is neither.
        UnknownGameError: if no game has that name.
    """
    if isinstance(game, Game):
        return game
    if isinstance(game, str):
        return find_game(game)
    raise InvalidArgumentError("game", game, "expected a game name or a Game")


def _check_rules_and_players(game: Game[Any], rules: object, given: object) -> tuple[Any, int]:
    players = integer_or_none(given)
    if players is None:
        raise InvalidArgumentError("players", given, "expected an int")
    if not game.min_players <= players <= game.max_players:
        raise InvalidArgumentError(
            "players",
            players,
            f"{game.title} is played by {game.min_players} to {game.max_players} players",
        )
    if rules is not None and not isinstance(rules, (str, game.rules_type)):
        raise InvalidArgumentError("rules", rules, f"expected {game.rules_type.__name__} rules")
    rules = game.resolve_rules(rules)  # a preset's name too, as every entry point
    game.new_game(players, seed=0, rules=rules)  # the game's own checks of rules and seats
    return rules, players


def seat_to_decide(state: State[Any, Any, Any], declined: frozenset[int] = frozenset()) -> int:
    """The seat asked for a decision next, one seat at a time.

    When several seats may move (`State.to_act`: the current player and seats that may move
    out of turn: a call-out, a jump-in), the library's driver asks the seats that may
    interrupt first, in seat order starting after the current player, then the current player.
    Sequential interfaces (the PettingZoo and OpenSpiel adapters) do the same, from public
    information only: every seat watches whom the interface asks, and who may jump in depends
    on hidden hands. So the seats asked are those that *might* move as far as everyone knows
    (for a jump-in "à la volée": every seat that might hold a copy of the top card, by what
    the table shows), a function of the spectator's view alone. A seat asked answers with one of
    its moves or with `ActionEncoding.decline` (its only legal id when it has no real chance),
    and is not asked again until a move changes the position (start a new ``declined`` set
    after every move).

    Args:
        state: A position that is not over (a view: the seats of its ``to_act``).
        declined: The seats that let their chance go in this position.

    Returns:
        The first seat that might interrupt (in seat order after the current player) not in
        ``declined``, else the current player ``to_act[0]``.

    Raises:
        InvalidArgumentError: if the game is over, ``state`` is not a state (or a view), or
            ``declined`` is not a set of seat numbers (plain ``int``: not ``True`` nor ``1.0``).

    Examples:
        >>> from cardgames import crazy_eights
        >>> seat_to_decide(crazy_eights.new_game(3, seed=1))
        1
    """
    if not isinstance(state, (State, View)):
        raise InvalidArgumentError("state", state, "expected a state")
    to_act: tuple[int, ...] = state.to_act
    if type(to_act) is not tuple or not all(type(s) is int for s in to_act):
        raise InvalidArgumentError("state", state, "expected a state")
    if not isinstance(declined, AbstractSet) or not all(type(s) is int for s in declined):
        raise InvalidArgumentError("declined", declined, "expected a set of seat numbers")
    return _seat_to_decide(state, declined)


def _askable(position: State[Any, Any, Any] | View) -> tuple[int, ...]:
    """The seats a sequential interface may ask now, from public information (current first).

    A game whose out-of-turn moves depend on hidden cards gives its states an ``_askable``
    method (the shedding engine, for jump-ins); otherwise, and for a view, `State.to_act`.
    """
    askable = getattr(position, "_askable", None)
    if askable is None:
        to_act: tuple[int, ...] = position.to_act  # type: ignore[union-attr]
        return to_act
    seats: tuple[int, ...] = askable()
    return seats


def _seat_to_decide(state: State[Any, Any, Any] | View, declined: AbstractSet[int]) -> int:
    """`seat_to_decide` for the adapters' own states and sets (checked by their builders)."""
    to_act = _askable(state)
    if not to_act:
        raise InvalidArgumentError("state", "(a finished game)", "the game is over")
    current = to_act[0]
    if len(to_act) > 1:
        n = len(state.players)  # type: ignore[union-attr]
        for seat in sorted(to_act[1:], key=lambda s: (s - current) % n):
            if seat not in declined:
                return seat
    return current


def _plain(value: object) -> object:
    """A field value of an engine move as a plain, hashable key part."""
    if value is None or type(value) is bool:
        return value
    if isinstance(value, tuple):
        return tuple(int(v) for v in value)
    return int(value)  # type: ignore[call-overload]


@attrs.frozen(eq=False)
class ActionEncoding:
    """The fixed action space of one game, rules and number of players.

    Build it with `action_encoding`. Every legal move of every position of such a game has
    exactly one id in ``range(size)``, and each id maps back to that move in any position where
    it is legal. Ids are stable across versions (see the module documentation for the layout).

    An encoding answers for the positions (states and views) of its game whose rules share its
    layout: its own rules (an identity check: the environments' states carry them) or any rules
    of the game for which `action_encoding` builds the same ids (8 Américain's "le-cumul" for
    the default rules, not "32-cartes"). Any other position is refused with
    `InvalidArgumentError`. It pickles as its arguments (game name, rules, players).

    Attributes:
        game: The game.
        rules: The rules the layout was built for.
        players: The number of seats.
        size: The number of ids.
        decline: The last id: "let the chance to move out of turn go", legal exactly for a
            seat other than the current player that `seat_to_decide` may ask.

    Examples:
        >>> from cardgames import crazy_eights
        >>> encoding = action_encoding("crazy eights", players=2)
        >>> encoding.size
        134
        >>> state = crazy_eights.new_game(2, seed=1)
        >>> ids = encoding.legal_actions(state)
        >>> [encoding.describe(i) for i in ids]
        ['play JC']
        >>> encoding.decode(ids[0], state) in state.legal_moves()
        True
    """

    game: Game[Any]
    rules: Any
    players: int
    _keys: tuple[_Key, ...] = attrs.field(repr=False)
    _index: dict[_Key, int] = attrs.field(repr=False)
    _layout: ActionLayout = attrs.field(repr=False)
    _seat_fields: AbstractSet[str] = attrs.field(repr=False)
    _ids: dict[Move, int] = attrs.field(factory=dict, init=False, repr=False)
    """Ids of moves already encoded (a bounded cache, filled by `encode`)."""
    _known: dict[int, tuple[Move, int]] = attrs.field(factory=dict, init=False, repr=False)
    """Ids by ``id(move)`` of the engine's move objects, with the move (see `legal_by_id`)."""
    _rules_seen: list[Any] = attrs.field(factory=list, init=False, repr=False)
    """Rules objects already found to share `rules`' layout (compared by identity next time)."""

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its arguments: unpickled, it is `action_encoding`'s (cached) encoding."""
        return (_action_encoding_of, (self.game.name, self.rules, self.players))

    def _check_rules(self, rules: object, position: object) -> None:
        """Refuse a position whose rules do not share this encoding's layout.

        The same rules object as `rules` passes at the cost of an identity check (the
        environments' states carry the encoding's own); other rules must be of the same game
        and give the same ids to the same moves (`action_encoding` of them has the same
        layout: "standard" and "le-cumul" do, "32-cartes" does not).

        Raises:
            InvalidArgumentError: otherwise.
        """
        if rules is self.rules:
            return
        seen = self._rules_seen
        for known in seen:
            if rules is known:
                return
        if type(rules) is not type(self.rules):
            raise InvalidArgumentError(
                "position", position, f"expected a position of {self.game.name}"
            )
        other = action_encoding(self.game, rules, players=self.players)
        if other._keys != self._keys:
            raise InvalidArgumentError(
                "position",
                position,
                "its rules do not share this encoding's layout (make one for them with "
                "action_encoding)",
            )
        if len(seen) < 8:
            seen.append(rules)

    @property
    def size(self) -> int:
        """The number of action ids."""
        return len(self._keys)

    @property
    def decline(self) -> int:
        """The id of "let the out-of-turn chance go" (the last id)."""
        return len(self._keys) - 1

    def describe(self, action_id: int) -> str:
        """The move an id stands for, as text (seats relative to the player: ``+1``...).

        Raises:
            InvalidArgumentError: if ``action_id`` is not an id of this encoding.
        """
        key = self._keys[self._check_id(action_id)]
        if key == _DECLINE:
            return "decline"
        words = [key[0]]
        for name, part in zip(self._field_names(key[0]), key[1:], strict=True):
            if part is None or part is False:
                continue
            if part is True:
                words.append(name)
            else:
                words.append(self._layout.describe_part(key[0], name, part))
        return " ".join(words)

    def encode(self, move: object) -> int:
        """The id of a move.

        The move must be one the engine could make: one of the game's move classes with
        fields of exactly the engine's types (a plain ``int`` for a `Card`, ``True`` for a seat
        are refused), by a seat of this encoding.

        Raises:
            InvalidArgumentError: if ``move`` is not such a move, or has no id in this layout.
        """
        key = self._outside_key(move)
        action_id = self._index.get(key)
        if action_id is None:
            raise InvalidArgumentError("move", move, "no action id in this layout")
        return action_id

    def decode(self, action_id: int, position: StateOrView, player: int | None = None) -> Move:
        """The engine's legal move that an id stands for in a position.

        Args:
            action_id: An id of this encoding (not `decline`, which is no move).
            position: A state, or a seat's view (its legal moves are the viewer's).
            player: With a state, the seat that moves (default: ``to_act[0]``).

        Raises:
            InvalidArgumentError: if the id, the position or the player is not valid here.
            IllegalMoveError: if the move is not legal for that seat in that position.
        """
        index = self._check_id(action_id)
        seat, legal, _, trusted = self._legal(position, player)
        if index == self.decline:
            raise IllegalMoveError(
                "decline", seat, "the decline id stands for no move (see seat_to_decide)"
            )
        for move, move_id in zip(legal, self._ids_of(legal, trusted, position), strict=True):
            if move_id == index:
                return move
        raise IllegalMoveError(self.describe(index), seat, "not a legal move of this seat now")

    def legal_actions(self, position: StateOrView, player: int | None = None) -> list[int]:
        """The ids of the legal moves of a seat, ascending (with `decline` for an interrupter).

        `decline` is legal for a seat other than the current player that may move, or, in a
        state, that `seat_to_decide` may ask (it alone, for a seat with no real chance).

        Args:
            position: A state, or a seat's view.
            player: With a state, the seat (default: ``to_act[0]``).

        Raises:
            InvalidArgumentError: if the position or the player is not valid here: a state of
                another game or class, or a view whose fields (its legal moves included: each
                must be a move of this game, of the engine's types, by the viewer) are not a
                position of this game.
        """
        seat, legal, to_act, trusted = self._legal(position, player)
        ids = sorted(set(self._ids_of(legal, trusted, position)))
        if to_act and seat != to_act[0] and (ids or (trusted and seat in _askable(position))):
            ids.append(self.decline)
        return ids

    def mask(self, position: StateOrView, player: int | None = None) -> npt.NDArray[np.bool_]:
        """A boolean array of `size`: True exactly at the ids of `legal_actions`."""
        out = np.zeros(len(self._keys), dtype=np.bool_)
        out[self.legal_actions(position, player)] = True
        return out

    # -- internals ------------------------------------------------------------------------

    def _check_id(self, action_id: object) -> int:
        if isinstance(action_id, bool):
            raise InvalidArgumentError("action_id", action_id, "expected an int")
        try:
            index = int(action_id.__index__())  # type: ignore[attr-defined]
        except (AttributeError, TypeError):
            raise InvalidArgumentError("action_id", action_id, "expected an int") from None
        if not 0 <= index < len(self._keys):
            raise InvalidArgumentError(
                "action_id", action_id, f"expected an id from 0 to {len(self._keys) - 1}"
            )
        return index

    def _legal(
        self, position: object, player: object
    ) -> tuple[int, Sequence[Move], tuple[int, ...], bool]:
        """The seat, its legal moves, ``to_act``, and whether the engine made the moves.

        A state's moves are the engine's own; a view's are whatever its builder put there (a
        view built by hand is a caller's object): they are checked move by move (`_ids_of`)
        and never reach the caches.
        """
        game = self.game
        if isinstance(position, View):
            if type(position) is not game.view_type or getattr(position, "game", None) != (
                game.name
            ):
                raise InvalidArgumentError("position", position, f"expected a {game.name} view")
            players = getattr(position, "players", None)
            if type(players) is not tuple or len(players) != self.players:
                raise InvalidArgumentError(
                    "position", position, f"expected a view of {self.players} players"
                )
            view_rules = getattr(position, "rules", None)
            if view_rules is not None:
                self._check_rules(view_rules, position)
            viewer = position.viewer
            if viewer is not None and (type(viewer) is not int or not 0 <= viewer < self.players):
                raise InvalidArgumentError("position", position, "its viewer is not a seat")
            if player is not None and (type(player) is not int or player != viewer):
                raise InvalidArgumentError("player", player, "a view answers for its viewer only")
            if viewer is None:
                return -1, (), (), True
            legal = getattr(position, "legal_moves", None)
            to_act = getattr(position, "to_act", None)
            if (
                type(legal) is not tuple
                or type(to_act) is not tuple
                or not all(type(seat) is int for seat in to_act)
            ):
                raise InvalidArgumentError(
                    "position", position, "its fields are not a position of this game"
                )
            return viewer, legal, to_act, False
        if type(position) is not game.state_type:
            raise InvalidArgumentError(
                "position", position, f"expected a {game.name} state or view"
            )
        state = cast("State[Any, Any, Any]", position)
        if len(state.players) != self.players:
            raise InvalidArgumentError(
                "position", position, f"expected a state of {self.players} players"
            )
        self._check_rules(state.rules, position)
        to_act_now: tuple[int, ...] = state.to_act
        if player is None:
            if not to_act_now:
                return -1, (), (), True
            seat = to_act_now[0]
        else:
            seat = seat_number(player, self.players)
        return seat, state.legal_moves(seat), to_act_now, True

    def _ids_of(self, legal: Sequence[Move], trusted: bool, position: object) -> list[int]:
        """The ids of ``legal``: cached for the engine's moves, checked for a view's."""
        if trusted:
            return [self._id_of(move) for move in legal]
        viewer = getattr(position, "viewer", None)
        ids: list[int] = []
        for move in legal:
            try:
                key = self._outside_key(move)
            except InvalidArgumentError:
                key = None
            action_id = None if key is None else self._index.get(key)
            if action_id is None or getattr(move, "player", None) != viewer:
                raise InvalidArgumentError(
                    "position", position, "its legal moves are not the viewer's moves of this game"
                )
            ids.append(action_id)
        return ids

    def _legal_by_id(self, state: State[Any, Any, Any], seat: int) -> dict[int, Move]:
        """A seat's legal moves by id, ascending (trusted: ``seat`` is a seat of ``state``)."""
        return legal_by_id(state.legal_moves(seat), self._known, self._new_id_of)

    def _new_id_of(self, move: Move) -> int:
        """`_id_of`, remembering the id by the move's identity too (for `legal_by_id`)."""
        action_id = self._id_of(move)
        if len(self._known) < _CACHE_LIMIT * self.players:
            self._known[id(move)] = (move, action_id)
        return action_id

    def _id_of(self, move: Move) -> int:
        """The id of an engine move (trusted: it comes from the engine's legal moves)."""
        action_id = self._ids.get(move)
        if action_id is None:
            action_id = self._index[self._key_of(move)]
            if len(self._ids) < _CACHE_LIMIT * self.players:
                self._ids[move] = action_id
        return action_id

    def _key_of(self, move: Move) -> _Key:
        kind = type(move)
        player: int = move.player
        parts: list[object] = [kind.kind]
        for field in _fields(kind):
            value = getattr(move, field)
            if field in self._seat_fields and value is not None:
                value = (value - player) % self.players
            parts.append(_plain(value))
        return tuple(parts)

    def _outside_key(self, move: object) -> _Key:
        kind = type(move)
        if kind not in self.game.move_types.values():
            raise InvalidArgumentError("move", move, f"expected a move of {self.game.name}")
        player = getattr(move, "player", None)
        if type(player) is not int or not 0 <= player < self.players:
            raise InvalidArgumentError("move", move, "its player is not a seat of this game")
        layout = self._layout
        for field in _fields(kind):
            value = getattr(move, field)
            if field in self._seat_fields:
                if value is None and layout.accepts(kind, field, None):
                    continue
                if type(value) is not int or not 0 <= value < self.players or value == player:
                    raise InvalidArgumentError("move", move, f"its {field} is not another seat")
            elif not layout.accepts(kind, field, value):
                raise InvalidArgumentError("move", move, f"its {field} has the wrong type")
        return self._key_of(move)  # type: ignore[arg-type]

    def _field_names(self, kind: str) -> tuple[str, ...]:
        return _fields(self.game.move_types[kind]) if kind in self.game.move_types else ()


_FIELDS: dict[type, tuple[str, ...]] = {}


def _fields(kind: type) -> tuple[str, ...]:
    names = _FIELDS.get(kind)
    if names is None:
        names = tuple(f.name for f in attrs.fields(kind) if f.name != "player")
        _FIELDS[kind] = names
    return names


# The rules types whose values the caches' fast paths may hash and compare before any check:
# a game's own rules type (exactly: no subclass), added once an encoding of that game has been
# built through the checks (a caller's object could run any code in ``__hash__`` or ``__eq__``,
# raise, or claim to equal cached rules). Before that, the caches hold nothing of the type.
_TRUSTED_RULES: Final[set[type]] = set()


def trust_rules_type(game: Game[Any], rules: object) -> None:
    """Let the caches' fast paths take rules of ``game``'s own type (after the full checks)."""
    if type(rules) is game.rules_type:
        _TRUSTED_RULES.add(game.rules_type)


_ENCODINGS: dict[tuple[str, Any, int], ActionEncoding] = {}
_CACHE_SIZE: Final = 128


_REMEMBERING: Final = threading.Lock()


def remember(cache: dict[_K, _V], key: _K, value: _V) -> None:
    """Keep ``value`` in ``cache``, forgetting the oldest entries beyond `_CACHE_SIZE`.

    Thread-safe: two threads forgetting at once would pick the same oldest key (one `KeyError`)
    or iterate while the other inserts (`RuntimeError`), so writers take a lock; readers (the
    caches' lookups) need none.
    """
    with _REMEMBERING:
        cache[key] = value
        while len(cache) > _CACHE_SIZE:
            del cache[next(iter(cache))]


def _action_encoding_of(game: str, rules: Any, players: int) -> ActionEncoding:
    """`action_encoding` with positional arguments (what a pickled encoding calls)."""
    return action_encoding(game, rules, players=players)


def action_encoding(game: str | Game[Any], rules: Any = None, *, players: int) -> ActionEncoding:
    """The action encoding of a game for given rules and number of players.

    Encodings are cached: the same arguments return the same object.

    Args:
        game: A game name or alias (``"crazy eights"``), or a `Game`.
        rules: The rules (default: the game's default preset).
        players: The number of seats.

    Raises:
        UnknownGameError: if no game has that name.
        InvalidArgumentError: if the arguments are not valid.
        InvalidRulesError: if the rules do not fit that number of players.
        MissingCapabilityError: if the game brings no action layout (`ACTION_LAYOUT`).

    Examples:
        >>> encoding = action_encoding("planets", players=3)
        >>> encoding.size, encoding.describe(0), encoding.describe(encoding.decline)
        (129, 'keep Mercury', 'decline')
    """
    if type(game) is str and type(rules) in _TRUSTED_RULES and type(players) is int:
        try:
            return _ENCODINGS[(game, rules, players)]  # known arguments: no check to repeat
        except KeyError:
            pass
    found = resolve_game(game)
    layout = found.capability(ACTION_LAYOUT)
    rules, players = _check_rules_and_players(found, rules, players)
    cache_key = (found.name, rules, players)
    encoding = _ENCODINGS.get(cache_key)
    if encoding is not None:
        return encoding
    keys = [*layout.keys(rules, players), _DECLINE]
    index = {key: i for i, key in enumerate(keys)}
    if len(index) != len(keys):
        raise InvalidArgumentError("game", found.name, "its action layout lists a key twice")
    seat_fields = frozenset(layout.seat_fields)
    encoding = ActionEncoding(found, rules, players, tuple(keys), index, layout, seat_fields)
    trust_rules_type(found, rules)
    remember(_ENCODINGS, cache_key, encoding)
    if type(game) is str and len(game) <= 32:  # the caller's text, only if plain
        remember(_ENCODINGS, (game, rules, players), encoding)
    return encoding
