"""The history of a game driven by hand: an immutable log of its states, with undo and records.

A frontend that applies moves itself (a terminal, a web table, a chat bot) keeps a `GameLog`
instead of the bare current state. The log holds how the game was dealt (game, players, seed,
rules, fixed deck) and every state since, so it can

- `push` a move, checked exactly as `State.apply` checks it (an illegal move raises
  `IllegalMoveError` and the log is unchanged: it is a value, like a state);
- give the current `state`, and the `moves` and `states` so far (python-chess's
  ``board.move_stack``), or only the last ones (`entries`, at the cost of those alone);
- `pop` back to the previous log (undo; as many times as there are moves), or
  `undo_to_decision` back to a seat's last own move, the bots' replies with it;
- turn into a `cardgames.records.GameRecord` (`to_record`) that `cardgames.records.replay` and
  ``cardgames replay FILE`` play back, and be rebuilt from one (`from_record`).

The log does not copy states and does not slow `apply` down: it is a linked list whose cells
hold the states `apply` returned and the engine's own moves; `push` and `pop` take constant
time and share everything with the log they came from, so keeping every log of a game (one per
undo level, one per branch a player explored) costs one small cell per move.

Examples:
    >>> from cardgames import crazy_eights
    >>> from cardgames.history import GameLog
    >>> log = GameLog.start(crazy_eights.GAME, ["Léa", "Tom"], seed=3)
    >>> log = log.push(log.state.parse_move("play 9S"))  # Tom lays the 9 of spades
    >>> log = log.push(log.state.legal_moves()[0])  # Léa's first legal move
    >>> len(log), [str(move) for move in log.moves]
    (2, ['play 9S', 'play 3S'])
    >>> log.pop().state == log.states[1]  # undo Léa's move
    True
    >>> record = log.to_record()
    >>> record.moves[0], record.agents
    (RecordedMove(player=1, move='play 9S'), None)
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, final

from cardgames._integers import checked_seed
from cardgames.errors import CardGamesError, IllegalMoveError, InvalidArgumentError, ParseError
from cardgames.game import (
    Game,
    Move,
    State,
    engine_move,
    find_game,
    seat_number,
    whole_number,
)

if TYPE_CHECKING:
    from cardgames.records import GameRecord

__all__ = ["EmptyLogError", "GameLog", "NoDecisionError"]

AnyState = State[Any, Any, Any]


class EmptyLogError(CardGamesError, IndexError):
    """`GameLog.pop` on a log that holds no move: there is nothing to undo.

    An `IndexError`, as ``list.pop`` on an empty list raises.

    Examples:
        >>> from cardgames import planets
        >>> GameLog.start(planets.GAME, 2, seed=1).pop()
        Traceback (most recent call last):
        ...
        cardgames.history.EmptyLogError: the log holds no move to undo (it is at the deal)
    """

    def __init__(self) -> None:
        super().__init__("the log holds no move to undo (it is at the deal)")

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), ())


class NoDecisionError(CardGamesError, LookupError):
    """`GameLog.undo_to_decision` for a seat that made no move in the log.

    Attributes:
        seat: The seat.

    Examples:
        >>> from cardgames import planets
        >>> GameLog.start(planets.GAME, 2, seed=1).undo_to_decision(1)
        Traceback (most recent call last):
        ...
        cardgames.history.NoDecisionError: seat 1 made no move in the log: nothing to undo
    """

    def __init__(self, seat: int) -> None:
        self.seat = seat
        super().__init__(f"seat {seat} made no move in the log: nothing to undo")

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.seat,))


@final
class _Cell:
    """One state of the log, the move that led to it, and the cell before it."""

    __slots__ = ("depth", "move", "previous", "state")

    def __init__(
        self, state: AnyState, move: Move | None, previous: _Cell | None, depth: int
    ) -> None:
        self.state = state
        self.move = move
        self.previous = previous
        self.depth = depth


@final
class GameLog:
    """An immutable history of one game: how it was dealt, its moves and every state since.

    Create one with `start` (a new game), `from_state` (a game just dealt) or `from_record`
    (a saved game); every other log comes from `push` and `pop`. Logs are values: equal when
    they hold the same game, deal and moves; hashable; safe to share between threads.
    """

    __slots__ = ("_cell", "_deck", "_game", "_players", "_rules", "_seed")

    _game: Game[Any]
    _players: tuple[str, ...]
    _seed: int
    _rules: Any
    _deck: tuple[Any, ...] | None
    _cell: _Cell

    def __init__(self) -> None:  # pragma: no cover - logs come from start() and from push()
        raise TypeError("create a GameLog with GameLog.start(), from_state() or from_record()")

    @classmethod
    def _make(
        cls,
        game: Game[Any],
        players: tuple[str, ...],
        seed: int,
        rules: Any,
        deck: tuple[Any, ...] | None,
        cell: _Cell,
    ) -> GameLog:
        log = object.__new__(cls)
        for name, value in (
            ("_game", game),
            ("_players", players),
            ("_seed", seed),
            ("_rules", rules),
            ("_deck", deck),
            ("_cell", cell),
        ):
            object.__setattr__(log, name, value)
        return log

    def _with(self, cell: _Cell) -> GameLog:
        return GameLog._make(self.game, self.players, self.seed, self.rules, self.deck, cell)

    # -- creating a log ---------------------------------------------------------------------

    @classmethod
    def start(
        cls,
        game: Game[Any] | str,
        players: int | Sequence[str],
        *,
        seed: int,
        rules: Any = None,
        deck: Sequence[Any] | None = None,
    ) -> GameLog:
        """Deal a new game and start its log (the arguments of `Game.new_game`).

        Args:
            game: The game: a registered `Game`, or its name or alias.
            players: The number of seats, or the players' names in seat order.
            seed: The seed of the deal, from ``-2**64 + 1`` to ``2**64 - 1`` (what a record
                holds).
            rules: The rules, or a preset's name (default: the game's default preset).
            deck: A fixed card order (top of the stock first) as card values; parse text
                first (`cardgames.cards.parse_cards`, `cardgames.planets.parse_planet_cards`).

        Raises:
            InvalidArgumentError: for a ``game`` that is neither a registered game nor a
                name, a ``seed`` that is not an integer in range, or a ``deck`` given as text.
            UnknownGameError: for a name no game answers to.
            InvalidRulesError: for players, rules or a deck the game refuses (as
                `Game.new_game`).

        Examples:
            >>> log = GameLog.start("8 américain", ["Léa", "Tom", "Sam"], seed=42)
            >>> len(log), log.state.players, log.game.name
            (0, ('Léa', 'Tom', 'Sam'), 'huit-americain')
        """
        known = _game(game)
        dealt_seed = _seed(seed)
        state: AnyState = known.new_game(players, seed=dealt_seed, rules=rules)
        cards: tuple[Any, ...] | None = None
        if deck is not None:
            if isinstance(deck, (str, bytes, bytearray)):
                raise InvalidArgumentError(
                    "deck", deck, "expected a sequence of cards; parse card text first"
                )
            card_type = type(state.all_cards()[0])  # the engine's own cards, from a shuffle
            try:
                items = tuple(itertools.islice(deck, len(state.all_cards()) + 1))
            except TypeError:
                raise InvalidArgumentError("deck", deck, "expected a sequence of cards") from None
            state = known.new_game(players, seed=dealt_seed, rules=rules, deck=items)
            cards = _own_cards(card_type, items)
            redealt: AnyState = known.new_game(
                state.players, seed=dealt_seed, rules=state.rules, deck=cards
            )
            if redealt != state:
                raise InvalidArgumentError(
                    "deck", deck, "expected cards that write and read back as themselves"
                )
            state = redealt
        return GameLog._make(
            known, state.players, dealt_seed, state.rules, cards, _Cell(state, None, None, 0)
        )

    @classmethod
    def from_state(
        cls, state: State[Any, Any, Any], *, seed: int, deck: Sequence[Any] | None = None
    ) -> GameLog:
        """Start the log of a game already dealt, from its first state and how it was dealt.

        Args:
            state: The state `Game.new_game` returned (no move applied yet).
            seed: The seed it was dealt with.
            deck: The fixed deck it was dealt from, if any.

        Raises:
            InvalidArgumentError: if ``state`` is not a state, or not the deal of ``seed`` and
                ``deck`` (with its players and rules); and as `start`.

        Examples:
            >>> from cardgames import planets
            >>> state = planets.new_game(["Léa", "Tom"], seed=5)
            >>> GameLog.from_state(state, seed=5).state == state
            True
            >>> GameLog.from_state(state, seed=6)
            Traceback (most recent call last):
            ...
            cardgames.errors.InvalidArgumentError: invalid argument seed=6: expected the seed (and deck) that dealt this state
        """  # noqa: E501  (a doctest output line cannot be wrapped)
        if not isinstance(state, State):
            raise InvalidArgumentError("state", state, "expected a state of a registered game")
        log = cls.start(state.game, state.players, seed=seed, rules=state.rules, deck=deck)
        if log.state != state:
            raise InvalidArgumentError(
                "seed", seed, "expected the seed (and deck) that dealt this state"
            )
        return log

    @classmethod
    def from_record(cls, record: GameRecord) -> GameLog:
        """The log of a recorded game: its deal, then every recorded move, checked.

        Args:
            record: A `cardgames.records.GameRecord` (read one with ``GameRecord.from_json``).

        Raises:
            InvalidArgumentError: if ``record`` is not a `GameRecord`, or its seed is out of
                range.
            ReplayError: at the first move that does not parse or is not legal, or when the
                final outcome differs from the recorded result (as `cardgames.records.replay`).
            UnknownGameError: for a game that is not registered.
            InvalidRulesError: if the rules, players or deck do not fit the game.

        Examples:
            >>> from cardgames import crazy_eights
            >>> log = GameLog.start(crazy_eights.GAME, 2, seed=3)
            >>> log = log.push(log.state.legal_moves()[0])
            >>> GameLog.from_record(log.to_record()) == log
            True
        """
        from cardgames.records import GameRecord, ReplayError, first_state

        if not isinstance(record, GameRecord):
            raise InvalidArgumentError("record", record, "expected a GameRecord")
        game = find_game(record.game)
        first: AnyState = first_state(game, record)
        card_type = type(first.all_cards()[0])  # what first_state parsed the deck's texts into
        cards = None if record.deck is None else _own_cards(card_type, record.deck)
        log = GameLog._make(
            game, first.players, _seed(record.seed), first.rules, cards, _Cell(first, None, None, 0)
        )
        for index, recorded in enumerate(record.moves):
            try:
                move = log.state.parse_move(recorded.move, recorded.player)
            except ParseError as exc:
                raise ReplayError(index, recorded.move, "parse_error", str(exc)) from None
            try:
                log = log.push(move)
            except IllegalMoveError as exc:
                raise ReplayError(index, recorded.move, exc.reason, exc.detail) from None
        if record.result is not None and log.state.outcome() != record.result:
            raise ReplayError(
                len(record.moves),
                "",
                "result_mismatch",
                f"recorded {record.result!r}, replayed {log.state.outcome()!r}",
            )
        return log

    # -- reading it -------------------------------------------------------------------------

    @property
    def game(self) -> Game[Any]:
        """The game's descriptor (a registered game)."""
        return self._game

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names, by seat."""
        return self._players

    @property
    def seed(self) -> int:
        """The seed of the deal."""
        return self._seed

    @property
    def rules(self) -> Any:
        """The rules the game is played under."""
        return self._rules

    @property
    def deck(self) -> tuple[Any, ...] | None:
        """The fixed card order of the deal, or ``None`` when the deck was shuffled.

        Top of the stock first, as the engine's own card values.
        """
        return self._deck

    @property
    def state(self) -> AnyState:
        """The current state: the deal's, or the one after the last move."""
        return self._cell.state

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves applied since the deal, in order (the engine's own move values).

        Walks the log: linear in its length.
        """
        moves: list[Move] = []
        cell: _Cell | None = self._cell
        while cell is not None and cell.move is not None:
            moves.append(cell.move)
            cell = cell.previous
        moves.reverse()
        return tuple(moves)

    @property
    def states(self) -> tuple[AnyState, ...]:
        """Every state since the deal, the deal's first and the current one last.

        One more than the moves: ``states[i + 1]`` is ``states[i].apply(moves[i])``. Walks
        the log: linear in its length.
        """
        states: list[AnyState] = []
        cell: _Cell | None = self._cell
        while cell is not None:
            states.append(cell.state)
            cell = cell.previous
        states.reverse()
        return tuple(states)

    def entries(self, start: int = 0) -> tuple[tuple[Move | None, AnyState], ...]:
        """The states from number ``start`` on, each with the move that led to it.

        Entry ``i`` is ``(moves[i - 1], states[i])``; the deal's entry (number 0) has no move
        (``None``). Walks back from the current state only: the cost is the number of entries
        returned, so a frontend that asks what happened since the last move it showed pays
        for those moves alone, however long the game.

        Args:
            start: The first state's number, from 0 to ``len(log) + 1`` (which gives ``()``):
                an ``int`` or any integer type with ``__index__`` (a NumPy integer).

        Raises:
            InvalidArgumentError: for a ``start`` that is not such an integer.

        Examples:
            >>> from cardgames import crazy_eights
            >>> log = GameLog.start(crazy_eights.GAME, ["Léa", "Tom"], seed=3)
            >>> log = log.push(log.state.parse_move("play 9S"))
            >>> log = log.push(log.state.legal_moves()[0])
            >>> [(str(move), state.moves_played) for move, state in log.entries(1)]
            [('play 9S', 1), ('play 3S', 2)]
            >>> log.entries(0)[0] == (None, log.states[0])
            True
        """
        depth = self._cell.depth
        start = whole_number(start, 0, depth + 1, "start", "a state number")
        entries: list[tuple[Move | None, AnyState]] = []
        cell: _Cell | None = self._cell
        while cell is not None and cell.depth >= start:
            entries.append((cell.move, cell.state))
            cell = cell.previous
        entries.reverse()
        return tuple(entries)

    def __len__(self) -> int:
        """The number of moves applied since the deal."""
        return self._cell.depth

    # -- changing it ------------------------------------------------------------------------

    def push(self, move: Move) -> GameLog:
        """The log after ``move``, validated exactly as `State.apply` validates it.

        Args:
            move: A move of the player (or one of the players) to act: one of
                ``log.state.legal_moves()``, or a move equal to one of them.

        Returns:
            A new log one move longer; this one is unchanged.

        Raises:
            IllegalMoveError: if the move is not legal in the current state (with the reason
                `State.apply` gives); this log is unchanged.

        Examples:
            >>> from cardgames import crazy_eights
            >>> log = GameLog.start(crazy_eights.GAME, ["Léa", "Tom"], seed=3)
            >>> log.push(crazy_eights.Draw(player=0))  # Tom (seat 1) is to play
            Traceback (most recent call last):
            ...
            cardgames.errors.IllegalMoveError: illegal move Draw(player=0) for player 0: not_your_turn (it is seat 1's turn)
            >>> len(log), len(log.push(log.state.parse_move("play 9S")))
            (0, 1)
        """  # noqa: E501  (a doctest output line cannot be wrapped)
        cell = self._cell
        state = cell.state
        own = engine_move(state.legal_moves(), move)
        if own is None:
            state.apply(move)  # not one of the legal moves: raises the engine's own error
            raise IllegalMoveError(move, None, "not_a_legal_move")  # pragma: no cover
        return self._with(_Cell(state.apply(own), own, cell, cell.depth + 1))

    def pop(self) -> GameLog:
        """The log before its last move (undo).

        Returns:
            The previous log (equal to the one `push` was called on), with the same cells.

        Raises:
            EmptyLogError: if the log holds no move (it is at the deal).

        Examples:
            >>> from cardgames import planets
            >>> log = GameLog.start(planets.GAME, ["Léa", "Tom"], seed=5)
            >>> pushed = log.push(log.state.legal_moves()[0])
            >>> pushed.pop() == log and pushed.pop().state is log.state
            True
        """
        previous = self._cell.previous
        if previous is None:
            raise EmptyLogError()
        return self._with(previous)

    def undo_to_decision(self, seat: int) -> GameLog:
        """The log back at ``seat``'s last decision: before the last move ``seat`` made.

        What a player's "undo" button means at a table with bots: the moves after the seat's
        own last one (the bots' replies, other players' moves, chances the seat let pass) are
        undone with it, and the seat is to decide again in the same state as then.

        Precisely: the last move of the log whose ``player`` is ``seat`` is found, and the log
        is popped back to the state that move was applied to (so ``log.state`` is that state and
        ``seat`` is among its ``to_act``). A move ``seat`` made out of turn (a jump-in, a call)
        is a decision like any other; a state where ``seat`` could have moved out of turn but
        someone else moved is not, since ``seat`` decided nothing there. With several moves of
        ``seat`` in a row, only the last one is undone; call again to go further back.

        Args:
            seat: The seat number (``0`` to ``players - 1``).

        Returns:
            The earlier log (equal to the one that move was pushed on, with the same cells).

        Raises:
            InvalidArgumentError: for a seat that is not a seat number of the game.
            NoDecisionError: if ``seat`` made no move in the log; this log is unchanged.

        Examples:
            >>> from cardgames import crazy_eights
            >>> log = GameLog.start(crazy_eights.GAME, ["Léa", "Tom"], seed=3)
            >>> log = log.push(log.state.parse_move("play 9S"))  # Tom, seat 1
            >>> log = log.push(log.state.legal_moves()[0])  # Léa, seat 0
            >>> back = log.undo_to_decision(1)  # Tom takes his move back: Léa's goes too
            >>> len(back), back.state.to_act
            (0, (1,))
            >>> log.undo_to_decision(0) == log.pop()
            True
        """
        player = seat_number(seat, len(self.players), "seat")
        cell = self._cell
        while cell.previous is not None:
            move = cell.move
            if move is not None and move.player == player:
                return self._with(cell.previous)
            cell = cell.previous
        raise NoDecisionError(player)

    # -- records ----------------------------------------------------------------------------

    def to_record(self, agents: Sequence[str] | None = None) -> GameRecord:
        """The game so far as a `cardgames.records.GameRecord`.

        The record holds the deal (game, rules, seed, players, deck), every move in the game's
        notation and the outcome once the game is over (``None`` before: an unfinished game
        replays to its current state). Save it with ``record.to_json()``; `replay` and
        ``cardgames replay FILE`` play it back.

        Args:
            agents: The names of the agents that played each seat (``"heuristic"``...), or
                ``None`` for a game played by people.

        Raises:
            InvalidArgumentError: if ``agents`` is not ``None`` or one name per seat.

        Examples:
            >>> from cardgames import crazy_eights
            >>> from cardgames.records import GameRecord, replay
            >>> log = GameLog.start(crazy_eights.GAME, ["Léa", "Tom"], seed=3)
            >>> log = log.push(log.state.legal_moves()[0])
            >>> text = log.to_record().to_json()
            >>> replay(GameRecord.from_json(text)) == log.state
            True
        """
        from cardgames.records import GameRecord, RecordedMove

        names = _agents(agents, len(self.players))
        recorded: list[RecordedMove] = []
        cell = self._cell
        while cell.previous is not None and cell.move is not None:
            move = cell.move
            recorded.append(RecordedMove(move.player, cell.previous.state.format_move(move)))
            cell = cell.previous
        recorded.reverse()
        return GameRecord(
            game=self.game.name,
            rules=self.rules,
            seed=self.seed,
            players=self.players,
            agents=names,
            deck=None if self.deck is None else tuple(str(card) for card in self.deck),
            moves=tuple(recorded),
            result=self.state.outcome(),
        )

    # -- values -----------------------------------------------------------------------------

    def _deal(self) -> tuple[Any, ...]:
        return (self.game.name, self.players, self.seed, self.rules, self.deck)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameLog):
            return NotImplemented
        if self._deal() != other._deal() or len(self) != len(other):
            return False
        return self._cell is other._cell or self.moves == other.moves

    def __hash__(self) -> int:
        return hash((self._deal(), len(self)))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("GameLog is immutable; use push() and pop()")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("GameLog is immutable")

    def __copy__(self) -> GameLog:
        return self

    def __deepcopy__(self, memo: object) -> GameLog:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (GameLog.from_record, (self.to_record(),))

    def __repr__(self) -> str:
        over = ", over" if self.state.is_over else ""
        return f"<GameLog {self.game.name}: {len(self)} moves{over}>"


def _game(game: object) -> Game[Any]:
    if isinstance(game, Game):
        if find_game(game.name) is not game:
            raise InvalidArgumentError("game", game, "expected a registered game or its name")
        return game
    if isinstance(game, str):
        return find_game(game)
    raise InvalidArgumentError("game", game, "expected a Game or a game's name")


def _seed(seed: object) -> int:
    return checked_seed(seed)


def _own_cards(card_type: type, items: Sequence[Any]) -> tuple[Any, ...]:
    """The engine's own card values for a deck, read back from its text, checked."""
    parse = getattr(card_type, "parse", None)
    if not callable(parse):  # pragma: no cover - every game of the library parses its cards
        raise InvalidArgumentError("deck", items, "this game's cards cannot be read as text")
    try:
        return tuple(parse(str(item)) for item in items)
    except ParseError as exc:
        raise InvalidArgumentError("deck", exc.text, "expected cards of this game") from None


def _agents(agents: object, players: int) -> tuple[str, ...] | None:
    if agents is None:
        return None
    expected = f"expected None or one agent name per seat ({players})"
    if isinstance(agents, (str, bytes)) or not isinstance(agents, Sequence):
        raise InvalidArgumentError("agents", agents, expected)
    if len(agents) != players or not all(isinstance(name, str) for name in agents):
        raise InvalidArgumentError("agents", agents, expected)
    from cardgames.records import agent_name_problem

    names = tuple(str.__str__(name) for name in agents)  # plain copies: a subclass may lie
    for name in names:
        problem = agent_name_problem(name)
        if problem is not None:
            raise InvalidArgumentError("agents", name, problem)
    return names
