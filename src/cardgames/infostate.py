"""A seat's information state: every view it has seen since the deal, and what they imply.

A view (`State.view`) shows what a seat sees *now*, with the events of the last move only. A
player at a real table remembers more: that Tom drew when the top card was the 5 of hearts, so
he then held no heart, no 5 and no 8. An `InfoState` keeps the whole sequence of a seat's views,
move by move, and the constraints they imply on the hidden cards (the game's *beliefs*), so that
a bot can deal the unseen cards consistently with everything it saw (`InfoState.sample`).

- **A value.** Information states are immutable. `extend` returns a new one that shares every
  earlier view with the old one (a linked list, as `cardgames.history.GameLog`): it costs one
  cell, the check of the view (`Game.check_view`) and the update of the beliefs, which depend on
  the hand sizes, never on how many moves were played. Keep one per seat and per branch freely.
- **Move by move.** Each view given to `extend` must be the seat's view of the state right after
  the next move (``moves_played`` one more): the views carry the events of one move each, so a
  skipped view would lose what happened. `play_game` keeps one per seat whose agent asks for it
  (`cardgames.agents.base.InformedAgent`); `from_states` builds one from a game's states (a
  `GameLog`'s ``states``).
- **Beliefs per game.** Each game brings its belief tracker, its ``beliefs`` capability
  (`BELIEFS`, a `BeliefTracker`). The shedding games infer what `cardgames.shedding.beliefs`
  states (who could not play when they drew or passed, swapped hands, which slot a laid card
  came from). The planet game's views already carry everything its rules let a seat know
  (cards given to or stolen by it, the cards it put back on the stock and under it, its
  face-down discards: see `cardgames.planets.engine`), so its beliefs are the current view's
  and `sample` is `Game.sample_state`; so is it for a game that brings no tracker (the
  default, `ViewBeliefs`).
- **Checked at the edge.** `start` and `extend` take only a view the game can show
  (`Game.check_view`, of the game's own view type), and `extend` only one of the same table
  (game, seat, players, rules) one move later that can follow the last in play: none after
  the end of the game; in the shedding games the seat's own hand and the other hands' sizes
  must follow from the view's events; in the planet game nothing one move cannot undo may be
  undone (the turn, gatherings laid, face-down discards, black holes played:
  `cardgames.planets.invariants.check_follows`): each game's tracker says what cannot follow
  (`BeliefTracker.cannot_follow`, `BeliefTracker.breaks_history`).
  Anything else gets an `InvalidArgumentError` before anything is built from it. A view
  without rules (``rules=None``, the game's default rules) is kept with them written out, as
  the engine's views have them, so that a sample's view equals the kept one.
- **Documents.** `to_json` writes a ``cardgames.infostate`` document holding the seat and every
  view; `from_json` loads each view with the game's own checks, then checks that they form one
  history (as `extend` does) and recomputes the beliefs: an edited document gets an
  `InvalidStateError` naming the first bad place. Its JSON Schema is
  ``cardgames.schema("infostate", game)`` (shipped as ``cardgames/schemas/<game>.infostate.json``):
  it checks the shape of every view, not that they form one history.

Examples:
    >>> from cardgames import crazy_eights
    >>> from cardgames.rng import Rng
    >>> state = crazy_eights.new_game(["Léa", "Tom"], seed=3)
    >>> info = InfoState.start(state.view(0))
    >>> for _ in range(6):
    ...     state = state.apply(state.legal_moves()[0])
    ...     info = info.extend(state.view(0))
    >>> len(info), info.view == state.view(0)
    (7, True)
    >>> sample, fallbacks = info.sample(Rng.from_seed(1))
    >>> sample.view(0) == state.view(0), fallbacks
    (True, 0)
    >>> InfoState.from_json(info.to_json()) == info
    True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, Final, Protocol, final

import attrs

from cardgames.codec import decode, dump_document, encode
from cardgames.errors import InvalidArgumentError, InvalidStateError, UnknownGameError
from cardgames.game import Capability, Game, State, View, find_game, load_game_document
from cardgames.rng import Rng

__all__ = ["BELIEFS", "BeliefTracker", "InfoState", "ViewBeliefs"]


class BeliefTracker(Protocol):
    """What an `InfoState` asks its game about the hidden cards (the ``beliefs`` capability).

    The beliefs are a value of the game's own (immutable); the tracker starts them at the first
    view, updates them at each next view, samples a full state that honours them, and says
    which next view cannot follow in play.
    """

    def start(self, view: Any) -> Any:
        """The beliefs at a seat's first view (``None``: the view holds all there is to know)."""

    def update(self, beliefs: Any, before: Any, after: Any) -> Any:
        """The beliefs once ``after``, the seat's view one move after ``before``, is seen."""

    def sample(
        self, view: Any, beliefs: Any, rng: Rng, game: Game[Any]
    ) -> tuple[State[Any, Any, Any], int]:
        """A full state whose seat's view is ``view``, honouring ``beliefs``; and 1 or 0.

        1 if the sampler fell back to a state that does not honour them all, else 0.
        """

    def cannot_follow(self, last: Any, view: Any) -> str | None:
        """What in ``view`` no move after ``last`` can give (in words), or ``None``."""

    def breaks_history(self, before: Any, after: Any) -> bool:
        """Whether ``after`` (updated from ``before``) shows a view that cannot follow in play."""


class ViewBeliefs:
    """The default tracker: the beliefs are the current view's (``None``).

    It samples with `Game.sample_state` and lets every next view follow. A game whose views
    carry everything its rules let a seat know (the planet game) needs no more; a game can
    subclass it to override one method.
    """

    def start(self, view: Any) -> Any:
        """No beliefs."""
        return None

    def update(self, beliefs: Any, before: Any, after: Any) -> Any:
        """No beliefs."""
        return None

    def sample(
        self, view: Any, beliefs: Any, rng: Rng, game: Game[Any]
    ) -> tuple[State[Any, Any, Any], int]:
        """`Game.sample_state` of the view (never a fallback)."""
        return game.sample_state(view, rng), 0

    def cannot_follow(self, last: Any, view: Any) -> str | None:
        """Nothing beyond the generic checks."""
        return None

    def breaks_history(self, before: Any, after: Any) -> bool:
        """Never."""
        return False


BELIEFS: Final = Capability[BeliefTracker](
    "beliefs",
    "a belief tracker of the hidden cards, for information states",
    default=lambda game: ViewBeliefs(),
)
"""The key of a game's `BeliefTracker`; default: `ViewBeliefs` (the current view's beliefs)."""

_MAX_VIEWS: Final = 1_000_000
"""The most views a loaded document may hold (a round is capped far below)."""


@final
class _Cell:
    """One view of the history and the cell before it."""

    __slots__ = ("previous", "view")

    def __init__(self, view: View, previous: _Cell | None) -> None:
        self.view = view
        self.previous = previous


@final
class InfoState:
    """Everything one seat has observed since the deal (see the module text).

    Create one with `start`, `from_states` or `from_json`; every other comes from `extend`.
    Two information states are equal when they hold the same game, seat and views.
    """

    __slots__ = ("_beliefs", "_cell", "_game", "_length", "_seat")

    _game: Game[Any]
    _seat: int
    _length: int
    _beliefs: Any
    _cell: _Cell

    def __init__(self) -> None:  # pragma: no cover - created by start() and extend()
        raise TypeError("create an InfoState with InfoState.start() or from_states()")

    @classmethod
    def _make(cls, game: Game[Any], seat: int, length: int, beliefs: Any, cell: _Cell) -> InfoState:
        info = object.__new__(cls)
        for name, value in (
            ("_game", game),
            ("_seat", seat),
            ("_length", length),
            ("_beliefs", beliefs),
            ("_cell", cell),
        ):
            object.__setattr__(info, name, value)
        return info

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("an InfoState is immutable")

    # -- building ------------------------------------------------------------------------

    @classmethod
    def start(cls, view: View, game: Game[Any] | None = None) -> InfoState:
        """The information state of a seat that has seen one view (usually the deal's).

        Args:
            view: A seat's view (not a spectator's).
            game: The view's game (default: found from the view's ``game`` name).

        Raises:
            InvalidArgumentError: if ``view`` is not a seat's view of a registered game (of
                ``game`` when given) that the game can show (`Game.check_view`).
        """
        game = _game_of(view, game)
        seat = view.viewer
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise InvalidArgumentError("view", type(view).__name__, "expected a seat's view")
        _check_view(game, view)
        view = _rules_written_out(game, view)
        beliefs = game.capability(BELIEFS).start(view)
        return cls._make(game, seat, 1, beliefs, _Cell(view, None))

    def extend(self, view: View) -> InfoState:
        """This information state once ``view``, the seat's view after the next move, is seen.

        Raises:
            InvalidArgumentError: if ``view`` is not a view the game can show
                (`Game.check_view`) of the same game, seat, players and rules, one move after
                the last view, that can follow it in play (the seat's hand and the other
                hands' sizes follow from its events).
        """
        last = self._cell.view
        if type(view) is not type(last):
            raise InvalidArgumentError(
                "view", type(view).__name__, f"expected a view of seat {self._seat} of this game"
            )
        _check_view(self._game, view)
        view = _rules_written_out(self._game, view)
        if view.viewer != self._seat:
            raise InvalidArgumentError(
                "view", type(view).__name__, f"expected a view of seat {self._seat} of this game"
            )
        for name in _TABLE_FIELDS:
            if getattr(view, name, None) != getattr(last, name, None):
                raise InvalidArgumentError(
                    "view", type(view).__name__, f"expected a view of this table ({name} differ)"
                )
        expected = _moves_played(last) + 1
        if _moves_played(view) != expected:
            raise InvalidArgumentError(
                "view",
                _moves_played(view),
                f"expected the view after move {expected} (moves_played {expected})",
            )
        problem = _cannot_follow(self._game, last, view)
        if problem is not None:
            raise InvalidArgumentError(
                "view",
                type(view).__name__,
                f"expected a view that can follow the last one in play ({problem})",
            )
        extended = self._follow(view)
        if _breaks_history(self, extended):
            raise InvalidArgumentError(
                "view", type(view).__name__, "expected a view that can follow the last one in play"
            )
        return extended

    def _follow(self, view: View) -> InfoState:
        """`extend` for a view the engine built from the state after the next move (unchecked).

        The drivers (`cardgames.agents.play_game`, the Gymnasium environment, the server) call
        it with ``state.view(seat)``; everything from outside goes through `extend`.
        """
        beliefs = self._game.capability(BELIEFS).update(self._beliefs, self._cell.view, view)
        return InfoState._make(
            self._game, self._seat, self._length + 1, beliefs, _Cell(view, self._cell)
        )

    @classmethod
    def from_states(cls, states: Iterable[State[Any, Any, Any]], seat: int) -> InfoState:
        """The information state of ``seat`` along consecutive states of one game.

        Args:
            states: The states from the deal on, one move apart (`GameLog.states`).
            seat: The seat whose views are taken.

        Raises:
            InvalidArgumentError: for no states, a bad seat, or states not one move apart.

        Examples:
            >>> from cardgames import planets
            >>> from cardgames.history import GameLog
            >>> log = GameLog.start(planets.GAME, 2, seed=5)
            >>> log = log.push(log.state.legal_moves()[0])
            >>> info = InfoState.from_states(log.states, 1)
            >>> len(info), info.view == log.state.view(1)
            (2, True)
        """
        try:
            iterator = iter(states)
        except TypeError:
            raise InvalidArgumentError("states", type(states).__name__, "expected states") from None
        info: InfoState | None = None
        for state in iterator:
            if not isinstance(state, State):
                raise InvalidArgumentError("states", type(state).__name__, "expected states")
            if (
                isinstance(seat, bool)
                or type(seat) is not int
                or not 0 <= seat < len(state.players)
            ):
                raise InvalidArgumentError("seat", seat, "expected a seat of the game")
            view = state.view(seat)
            info = InfoState.start(view, state.game) if info is None else info.extend(view)
        if info is None:
            raise InvalidArgumentError("states", (), "expected at least the deal's state")
        return info

    # -- reading ------------------------------------------------------------------------

    @property
    def game(self) -> Game[Any]:
        """The game."""
        return self._game

    @property
    def seat(self) -> int:
        """The seat whose views these are."""
        return self._seat

    @property
    def view(self) -> View:
        """The last view seen (what the seat sees now)."""
        return self._cell.view

    @property
    def beliefs(self) -> Any:
        """The game's constraints on the hidden cards.

        What the game's `BeliefTracker` keeps: a `cardgames.shedding.beliefs.SheddingBeliefs`
        in the shedding games; ``None`` where the view holds all there is to know.
        """
        return self._beliefs

    @property
    def views(self) -> tuple[View, ...]:
        """Every view, from the first (takes time in the number of views)."""
        found: list[View] = []
        cell: _Cell | None = self._cell
        while cell is not None:
            found.append(cell.view)
            cell = cell.previous
        found.reverse()
        return tuple(found)

    def __len__(self) -> int:
        """The number of views seen."""
        return self._length

    def __iter__(self) -> Iterator[View]:
        return iter(self.views)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, InfoState):
            return NotImplemented
        if (self._game, self._seat, self._length) != (other._game, other._seat, other._length):
            return False
        mine: _Cell | None = self._cell
        theirs: _Cell | None = other._cell
        while mine is not None and theirs is not None:
            if mine is theirs:
                return True
            if mine.view != theirs.view:
                return False
            mine, theirs = mine.previous, theirs.previous
        return mine is None and theirs is None

    def __hash__(self) -> int:
        return hash((self._game.name, self._seat, self._length, self._cell.view))

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self._game.name, self.views))

    def __repr__(self) -> str:
        return f"<InfoState of seat {self._seat} in {self._game.name}: {self._length} views>"

    # -- sampling -----------------------------------------------------------------------

    def sample(self, rng: Rng) -> tuple[State[Any, Any, Any], int]:
        """A full state consistent with everything seen; and 1 if the sampler fell back, else 0.

        The state's view for the seat equals `view`. In the shedding games every other hand
        honours the beliefs unless the bounded retries ran out (then 1 is returned and the
        closest consistent deal is used: see `cardgames.shedding.beliefs.sample`); elsewhere it
        is what the game's `BeliefTracker` samples, by default `Game.sample_state` of the view
        (0).

        Raises:
            InvalidArgumentError: if ``rng`` is not an `Rng`.
            NotImplementedError: if the game cannot sample states.
        """
        if not isinstance(rng, Rng):
            raise InvalidArgumentError("rng", rng, "expected an Rng")
        tracker = self._game.capability(BELIEFS)
        return tracker.sample(self._cell.view, self._beliefs, rng, self._game)

    # -- documents ----------------------------------------------------------------------

    def to_json(self) -> str:
        """The ``cardgames.infostate`` document: the seat and every view."""
        return dump_document(
            "infostate",
            self._game.name,
            {"seat": self._seat, "views": [encode(view) for view in self.views]},
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> InfoState:
        """Load a document written by `to_json`, checking every view and their sequence.

        Raises:
            InvalidStateError: naming the first bad place (``/data/views/3/hand``...).
        """
        game, data = load_game_document(text, "infostate")
        if not isinstance(data, dict) or set(data) != {"seat", "views"}:
            raise InvalidStateError("/data", "expected an object with 'seat' and 'views'")
        seat = decode(int, data["seat"], "/data/seat")
        views = data["views"]
        if not isinstance(views, list) or not views:
            raise InvalidStateError("/data/views", "expected a non-empty list of views")
        if len(views) > _MAX_VIEWS:
            raise InvalidStateError("/data/views", f"more than {_MAX_VIEWS} views")
        info: InfoState | None = None
        first: View | None = None
        for i, raw in enumerate(views):
            path = f"/data/views/{i}"
            try:
                view = game.view_from_json(dump_document("view", game.name, raw))
            except InvalidStateError as exc:
                inner = exc.path.removeprefix("/data")
                raise InvalidStateError(path + inner, exc.problem) from None
            if view.viewer != seat:
                raise InvalidStateError(f"{path}/viewer", f"expected seat {seat}")
            if first is None:
                first = view
                info = InfoState.start(view, game)
                continue
            for name in _TABLE_FIELDS:
                if getattr(view, name, None) != getattr(first, name, None):
                    raise InvalidStateError(f"{path}/{name}", "differs from the first view's")
            assert info is not None
            expected = _moves_played(info.view) + 1
            if _moves_played(view) != expected:
                raise InvalidStateError(
                    f"{path}/moves_played", f"expected the view after move {expected}"
                )
            extended = info._follow(view)  # the view was checked by view_from_json
            if _breaks_history(info, extended):
                raise InvalidStateError(
                    f"{path}/hand_sizes",
                    "the hands do not follow from the last view and this view's events",
                )
            info = extended
        assert info is not None
        return info


def _rebuild(game: str, views: tuple[View, ...]) -> InfoState:
    """An information state from its game's name and views (what pickling keeps)."""
    found = find_game(game)
    info = InfoState.start(views[0], found)
    for view in views[1:]:
        info = info.extend(view)
    return info


_TABLE_FIELDS: Final = ("game", "players", "rules")
"""The fields of a view that every view of one history shares."""


def _check_view(game: Game[Any], view: View) -> None:
    """`Game.check_view`, refusing a bad view as an argument."""
    try:
        game.check_view(view)
    except InvalidStateError as exc:
        where = exc.path or "/"
        raise InvalidArgumentError(
            "view", type(view).__name__, f"not a view the game can show ({where}: {exc.problem})"
        ) from None


def _rules_written_out(game: Game[Any], view: View) -> View:
    """``view``, with the game's default rules in place of ``rules=None`` (which means them).

    A sampled state always holds its rules, so a sample's view equals the kept view only if
    that view names its rules too (the engine's views always do).
    """
    if getattr(view, "rules", False) is None and attrs.has(type(view)):
        return attrs.evolve(view, rules=game.default_rules)  # type: ignore[call-arg]
    return view


def _cannot_follow(game: Game[Any], last: View, view: View) -> str | None:
    """What in ``view`` no move after ``last`` can give, or ``None`` (before any beliefs).

    No view follows the end of the game; then the game's tracker says
    (`BeliefTracker.cannot_follow`: in the planet game, what one move cannot undo).
    """
    if getattr(last, "outcome", None) is not None:
        return "the game was over"
    return game.capability(BELIEFS).cannot_follow(last, view)


def _breaks_history(before: InfoState, after: InfoState) -> bool:
    """Whether the last view of ``after`` cannot follow the last of ``before`` in play.

    The game's tracker says, from the beliefs (`BeliefTracker.breaks_history`: the shedding
    games count the views whose hands do not follow from the events); a recorded history has
    none.
    """
    tracker = before.game.capability(BELIEFS)
    return tracker.breaks_history(before.beliefs, after.beliefs)


def _game_of(view: object, game: Game[Any] | None) -> Game[Any]:
    if not isinstance(view, View):
        raise InvalidArgumentError("view", type(view).__name__, "expected a View")
    if game is None:
        name = getattr(view, "game", None)
        try:
            game = find_game(name if isinstance(name, str) else "")
        except UnknownGameError:
            raise InvalidArgumentError("view", type(view).__name__, "names no game") from None
    if (
        not isinstance(game, Game)
        or type(view) is not game.view_type
        or getattr(view, "game", game.name) != game.name
    ):
        raise InvalidArgumentError("game", game, "expected the Game of the view")
    try:
        registered = find_game(game.name)
    except UnknownGameError:  # a game of the caller's own, never registered: its own checks
        return game
    if registered is not game:  # a copy of a registered game may lack its checks
        raise InvalidArgumentError("game", game, "expected the registered game of that name")
    return game


def _moves_played(view: View) -> int:
    value = getattr(view, "moves_played", None)
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidArgumentError("view", type(view).__name__, "expected a view with moves_played")
    return value
