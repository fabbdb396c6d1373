"""Game records: a played game as a JSON document that replays exactly.

A record holds what rebuilds a game (the game, its rules, seed, players and fixed deck, if any)
and the moves in the game's text notation, with the result they led to. Since all randomness
comes from the seeded RNG kept in the state, `replay` rebuilds every position of the game, the
hidden ones included, and checks each move on the way.

`record_game` turns what `cardgames.agents.play_game` returns into a record;
`GameRecord.to_json` and `GameRecord.from_json` write and read it; `replay` and `replay_states`
play it back, raising `ReplayError` at the first move that does not parse or is not legal, or
when the final outcome differs from the recorded one.

**The format.** The usual envelope (see `cardgames.codec`) with ``"format": "cardgames.record"``,
``"version": 1`` and ``"game"`` the game's canonical name (``"crazy-eights"``,
``"huit-americain"``, ``"planets"``); its ``"data"`` object has exactly these keys:

- ``rules``: the rules, as written by the game's ``Rules.to_json`` (``data`` part): one key per
  option, each with its JSON value. Every option is written, so a record does not depend on
  the defaults of a later release.
- ``seed``: the game's seed, an integer (``-2**64 < seed < 2**64``).
- ``players``: the players' names, in seat order (seat 0 first).
- ``agents``: the names of the agents that played each seat (``"random"``, ``"heuristic"``...),
  or ``null`` for a game played by people.
- ``deck``: the fixed card order used instead of the first shuffle, top of the stock first, as
  card texts (``"8H"``, ``"10S"``, ``"JOKER"`` for the shedding games; ``"Saturn"``,
  ``"black-hole"`` for the planet game), or ``null`` when the deck was shuffled with the seed.
- ``moves``: every move in the order applied, each an object ``{"player": SEAT, "move":
  TEXT}``, where ``TEXT`` is the move in the game's notation (``State.format_move``; read back
  with ``State.parse_move(TEXT, SEAT)``). Out-of-turn moves (call-outs, jump-ins) are moves
  like any other; the seat says who made them.
- ``result``: the final outcome, or ``null`` for an unfinished game (or when it is not to be
  checked): ``{"reason": "went_out" | "blocked" | "turn_limit" | "stock_exhausted",
  "winners": [SEAT, ...], "scores": [INT per seat], "detail": TEXT}``.

An example (written compact, on one line; shown here with spaces and line breaks): a round of
Crazy Eights between the heuristic and the random agent
(``play_game(crazy_eights.GAME, agents, seed=42, players=["Léa", "Tom"])``), with the rules
and the moves abridged (``…``)::

    {"format": "cardgames.record", "version": 1, "game": "crazy-eights",
     "data": {"rules": {"deck": "standard_52", "decks": null, "hand_size": 7, "dealer": 0,
                        "effects": "2:draw2 8:wild J:reverse A:skip", "stacking": "same_rank",
                        …, "max_moves": 2000},
              "seed": 42, "players": ["Léa", "Tom"], "agents": ["heuristic", "random"],
              "deck": null,
              "moves": [{"player": 1, "move": "play 9C"}, {"player": 0, "move": "play 9D"},
                        {"player": 1, "move": "play 9S"},
                        {"player": 0, "move": "play 8C name clubs"}, …],
              "result": {"reason": "went_out", "winners": [0], "scores": [24, 0],
                         "detail": "Léa laid their last card"}}}

**Cards of the deck** are written with ``str(card)`` and read back with the ``parse`` class
method of the game's card type, found from the cards of a freshly dealt game
(``type(state.all_cards()[0])``): `cardgames.cards.Card` for the shedding games,
`cardgames.planets.PlanetCard` for the planet game. This needs no table of games here, and
works for any game whose card type parses its own text.

Examples:
    >>> from cardgames import crazy_eights
    >>> from cardgames.agents import RandomAgent, play_game
    >>> result = play_game(crazy_eights.GAME, [RandomAgent()] * 3, seed=7)
    >>> record = record_game(result)
    >>> record.moves[0]
    RecordedMove(player=1, move='play 2D')
    >>> text = record.to_json()
    >>> text[:60]
    '{"format":"cardgames.record","version":1,"game":"crazy-eight'
    >>> GameRecord.from_json(text) == record
    True
    >>> replay(record) == result.state
    True
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Final

import attrs

from cardgames._integers import checked_seed
from cardgames.agents.base import GameResult
from cardgames.agents.registry import _ArgumentError
from cardgames.codec import decode, dump_document, encode
from cardgames.errors import (
    CardGamesError,
    IllegalMoveError,
    InvalidArgumentError,
    InvalidRulesError,
    InvalidStateError,
    ParseError,
)
from cardgames.game import (
    MAX_NAME_CHARS,
    Game,
    Outcome,
    State,
    find_game,
    load_game_document,
    player_names,
)

__all__ = [
    "GameRecord",
    "RecordedMove",
    "ReplayError",
    "record_game",
    "replay",
    "replay_states",
]


class ReplayError(CardGamesError, ValueError):
    """A record does not replay: a move does not parse or is not legal, or the result differs.

    Attributes:
        index: The 0-based number of the first bad move; for ``"result_mismatch"``, the number
            of moves (the position after the last one).
        move: The text of that move (``""`` for ``"result_mismatch"``).
        reason: The `IllegalMoveError` reason (``"not_your_turn"``, ``"card_not_in_hand"``...),
            ``"parse_error"`` or ``"result_mismatch"``.
        detail: A sentence for humans.

    Examples:
        >>> str(ReplayError(3, "play 8X", "parse_error", "not a card"))
        "move 3 ('play 8X') does not replay: parse_error (not a card)"
    """

    def __init__(self, index: int, move: str, reason: str, detail: str = "") -> None:
        self.index = index
        self.move = move
        self.reason = reason
        self.detail = detail
        if reason == "result_mismatch":
            message = f"the record does not replay after its {index} moves: {reason}"
        else:
            message = f"move {index} ({move!r}) does not replay: {reason}"
        if detail:
            message += f" ({detail})"
        super().__init__(message)

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.index, self.move, self.reason, self.detail))


def _seat_of(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidArgumentError("player", value, "expected a seat number")
    return int(value)


def _move_text(value: object) -> str:
    if not isinstance(value, str):
        raise InvalidArgumentError("move", value, "expected a move's text")
    return str.__str__(value)


@attrs.frozen
class RecordedMove:
    """One move of a record.

    Attributes:
        player: The seat that made it.
        move: The move in the game's text notation.

    Raises:
        InvalidArgumentError: (also a ``TypeError``) for a ``player`` that is not an ``int``
            or a ``move`` that is not text.
    """

    player: int = attrs.field(converter=_seat_of)
    move: str = attrs.field(converter=_move_text)


_MOST_NAMES: Final = 64
"""The most players' or agents' names a record reads (a game seats at most 8)."""
_MOST_CARDS: Final = 2160
"""The most card texts a record's deck reads: forty 54-card packs, more than any game deals."""
_MOST_MOVES: Final = 100_000 * 102
"""The most moves a record reads: the planet game's longest (100,000 turns of at most 102
moves; a shedding round ends after at most 1,000,000)."""


def _bounded(values: object, argument: str, most: int, expected: str) -> tuple[Any, ...]:
    """At most ``most`` items of an iterable (never a text or a mapping), copied to a tuple.

    Reading stops one item past the bound, whatever the iterable's length says, so an endless
    iterator is refused rather than read forever.
    """
    if isinstance(values, (str, bytes, Mapping)) or not isinstance(values, Iterable):
        raise InvalidArgumentError(argument, values, expected)
    try:
        items = tuple(itertools.islice(values, most + 1))
    except TypeError:  # an __iter__ that returns no iterator
        raise InvalidArgumentError(argument, values, expected) from None
    if len(items) > most:
        raise InvalidArgumentError(
            argument, f"more than {most:,} items", f"{expected}, at most {most:,}"
        )
    return items


def _texts(values: object, argument: str, most: int = _MOST_NAMES) -> tuple[str, ...]:
    """Plain copies of a sequence of strings (a subclass of ``str`` never gets in)."""
    items = _bounded(values, argument, most, "expected a sequence of strings")
    for item in items:
        if not isinstance(item, str):
            raise InvalidArgumentError(argument, item, "expected a sequence of strings")
    return tuple(str.__str__(item) for item in items)


def _tuple_of_str(values: Iterable[str]) -> tuple[str, ...]:
    return _texts(values, "players")


def _optional_tuple_of_str(values: Iterable[str] | None) -> tuple[str, ...] | None:
    return None if values is None else _texts(values, "deck", _MOST_CARDS)


def agent_name_problem(name: str) -> str | None:
    """Why ``name`` cannot be an agent's name in a record, or ``None``.

    Records are printed (``cardgames replay``): a name must be printable text, without the
    control characters a terminal obeys (escape sequences, new lines), of at most 100
    characters (as players' names).
    """
    if len(name) > MAX_NAME_CHARS:
        return f"expected agent names of at most {MAX_NAME_CHARS} characters"
    if not name.isprintable():
        return "expected printable agent names (no control characters)"
    return None


def _agent_names(values: Iterable[str] | None) -> tuple[str, ...] | None:
    if values is None:
        return None
    names = _texts(values, "agents")
    for name in names:
        problem = agent_name_problem(name)
        if problem is not None:
            raise InvalidArgumentError("agents", name, problem)
    return names


def _tuple_of_moves(values: Iterable[RecordedMove]) -> tuple[RecordedMove, ...]:
    moves = _bounded(values, "moves", _MOST_MOVES, "expected a sequence of RecordedMove")
    for move in moves:
        if type(move) is not RecordedMove:
            raise InvalidArgumentError("moves", move, "expected a sequence of RecordedMove")
    return moves


def _game_name(value: object) -> str:
    """The converter of a record's ``game``: a registered game's canonical name.

    An alias gives the game's name (a document never holds one); a name no game answers to
    raises `UnknownGameError`, as `replay` did when it met one.
    """
    if type(value) is not str:  # a subclass of str may lie; records hold plain text
        raise InvalidArgumentError("game", value, "expected a registered game's name")
    game: Game[Any] = find_game(value)
    return game.name


def _result(value: object) -> Outcome | None:
    if value is not None and type(value) is not Outcome:
        raise InvalidArgumentError("result", value, "expected an Outcome or None")
    return value


@attrs.frozen
class GameRecord:
    """A played game, as written in a record document (see the module text for the format).

    Building one checks every field with the rules its readers apply (`GameRecord.from_json`,
    `replay`, `cardgames.history.GameLog.from_record`), except that the deck's cards parse and
    the moves replay, which `replay` finds out: the game is a registered game (an alias is
    stored as the game's canonical name),
    the rules are that game's, the seed is an integer with ``-2**64 < seed < 2**64``, the
    players are names the game seats under these rules (as `Game.new_game` checks them), there
    are as many agents as players, every move's seat exists, and the result is an `Outcome` or
    ``None``. So a record that was built can be written (`to_json`) and read back.

    Raises:
        InvalidArgumentError: (also a ``TypeError``) naming the field; for the players and a
            rules option that does not fit them (``dealer``, ``hand_size``,
            ``first_commander``), also the `InvalidRulesError` `Game.new_game` raises, with its
            ``option``.
        UnknownGameError: for a ``game`` no registered game answers to.

    Attributes:
        game: The game's canonical name.
        rules: The game's rules (a value of its ``rules_type``).
        seed: The seed.
        players: The players' names, by seat.
        agents: The agents' names, by seat, or ``None`` for people.
        deck: The fixed deck as card texts, top first, or ``None`` (shuffled with the seed).
        moves: The moves, in order.
        result: The final outcome, or ``None`` (unfinished, or not to be checked).
    """

    game: str = attrs.field(converter=_game_name)
    rules: Any
    seed: int = attrs.field(converter=checked_seed)
    players: tuple[str, ...] = attrs.field(converter=_tuple_of_str)
    agents: tuple[str, ...] | None = attrs.field(converter=_agent_names)
    deck: tuple[str, ...] | None = attrs.field(converter=_optional_tuple_of_str)
    moves: tuple[RecordedMove, ...] = attrs.field(converter=_tuple_of_moves)
    result: Outcome | None = attrs.field(converter=_result)

    def __attrs_post_init__(self) -> None:
        game = find_game(self.game)  # a canonical name: a dictionary look-up
        rules = self.rules
        if not isinstance(rules, game.rules_type):
            raise _ArgumentError("rules", rules, f"expected {game.rules_type.__name__}")
        try:
            player_names(self.players, game)
            rules.check_players(len(self.players))
        except InvalidRulesError as exc:
            raise _ArgumentError(exc.option, exc.value, exc.reason) from None
        n = len(self.players)
        if self.agents is not None and len(self.agents) != n:
            raise InvalidArgumentError(
                "agents",
                len(self.agents),
                f"expected {n} agents (one per player), got {len(self.agents)}",
            )
        for recorded in self.moves:
            if not 0 <= recorded.player < n:
                raise InvalidArgumentError(
                    "moves", recorded, f"there is no seat {recorded.player} among {n}"
                )

    def to_json(self) -> str:
        """Write the record as a versioned JSON document."""
        document = RecordDocument(
            rules=encode(self.rules),
            seed=self.seed,
            players=self.players,
            agents=self.agents,
            deck=self.deck,
            moves=self.moves,
            result=self.result,
        )
        return dump_document("record", self.game, encode(document))

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        """Read a record written by `to_json`, checking it thoroughly.

        Checks the envelope, every field's type, the rules (with the game's ``rules_type``),
        that the game can be dealt with these rules, players and deck, and that every move's
        seat exists. Whether the moves replay is checked by `replay`.

        Raises:
            InvalidStateError: naming the path of the first problem (``/game`` for an unknown
                game, ``/data/rules/hand_size``, ``/data/deck/3``, ``/data/moves/12/player``).
        """
        game, data = load_game_document(text, "record")
        document: RecordDocument = decode(RecordDocument, data, "/data")
        try:
            rules = decode(game.rules_type, document.rules, "/data/rules")
        except InvalidStateError as exc:
            # The codec reports an option refused by the rules' validators at the rules' path;
            # the InvalidRulesError it was raised from names the option.
            cause = exc.__context__
            if isinstance(cause, InvalidRulesError):
                raise InvalidStateError(f"/data/rules/{cause.option}", cause.reason) from None
            raise
        for index, name in enumerate(document.agents or ()):
            problem = agent_name_problem(name)
            if problem is not None:
                raise InvalidStateError(f"/data/agents/{index}", problem)
        try:
            record = cls(
                game=game.name,
                rules=rules,
                seed=document.seed,
                players=document.players,
                agents=document.agents,
                deck=document.deck,
                moves=document.moves,
                result=document.result,
            )
            first_state(game, record)
        except _BadCard as exc:
            raise InvalidStateError(f"/data/deck/{exc.index}", exc.reason) from None
        except InvalidRulesError as exc:  # the players, or an option that does not fit them
            raise InvalidStateError(_path_of(exc.option), exc.reason) from None
        except InvalidArgumentError as exc:  # what the constructor checks after the deal's own
            raise InvalidStateError(_path_in_document(exc, document), exc.reason) from None
        return record


@attrs.frozen
class RecordDocument:
    """The ``data`` part of a record document (rules still as plain JSON data)."""

    rules: Any
    seed: int
    players: tuple[str, ...]
    agents: tuple[str, ...] | None
    deck: tuple[str, ...] | None
    moves: tuple[RecordedMove, ...]
    result: Outcome | None


def _path_in_document(exc: InvalidArgumentError, document: RecordDocument) -> str:
    """Where in a record document the field `GameRecord` refused is."""
    if exc.argument == "moves":
        index = next(i for i, move in enumerate(document.moves) if move is exc.value)
        return f"/data/moves/{index}/player"
    return f"/data/{exc.argument}"


def _path_of(option: str) -> str:
    if option in ("deck", "players"):
        return f"/data/{option}"
    return f"/data/rules/{option}"


def record_game(result: GameResult, *, deck: Sequence[Any] | None = None) -> GameRecord:
    """The record of a game played by `cardgames.agents.play_game`.

    Args:
        result: The played game.
        deck: The fixed deck the game was dealt from, if one was given to ``play_game`` (the
            result does not hold it; a ``deck`` attribute of the result is used when present).

    Examples:
        >>> from cardgames import planets
        >>> from cardgames.agents import play_game, make_agent
        >>> agents = [make_agent("heuristic", planets.GAME)] * 2
        >>> record = record_game(play_game(planets.GAME, agents, seed=1))
        >>> record.game, record.agents, record.moves[0]
        ('planets', ('heuristic', 'heuristic'), RecordedMove(player=0, move='keep Venus'))
    """
    if deck is None:
        deck = getattr(result, "deck", None)
    return GameRecord(
        game=result.game.name,
        rules=result.rules,
        seed=result.seed,
        players=result.players,
        agents=result.agents,
        deck=None if deck is None else tuple(str(card) for card in deck),
        moves=tuple(RecordedMove(step.player, step.notation) for step in result.steps),
        result=result.state.outcome(),
    )


class _BadCard(InvalidRulesError):
    """A card text of a record's deck that does not parse (option ``deck``)."""

    def __init__(self, index: int, text: str, expected: str) -> None:
        super().__init__("deck", text, f"card {index} {text!r}: expected {expected}")
        self.index = index
        self.expected = expected

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.index, self.value, self.expected))


def first_state(game: Game[Any], record: GameRecord) -> State[Any, Any, Any]:
    """The first state of a record's game.

    Raises:
        InvalidRulesError: if the rules, players or deck do not fit (option ``deck`` for a card
            text that does not parse).
    """
    probe: State[Any, Any, Any] = game.new_game(
        list(record.players), seed=record.seed, rules=record.rules
    )
    if record.deck is None:
        return probe
    card_type = type(probe.all_cards()[0])
    cards: list[Any] = []
    for index, text in enumerate(record.deck):
        try:
            cards.append(card_type.parse(text))
        except ParseError as exc:
            raise _BadCard(index, text, exc.expected) from None
    state: State[Any, Any, Any] = game.new_game(
        list(record.players), seed=record.seed, rules=record.rules, deck=cards
    )
    return state


def replay_states(record: GameRecord) -> Iterator[State[Any, Any, Any]]:
    """Every state of a recorded game: the deal, then the state after each move.

    Raises:
        ReplayError: when a move does not parse or is not legal (after the states before it
            were yielded), or when the final outcome differs from ``record.result``.
        UnknownGameError: for a game that is not registered.
        InvalidRulesError: if the rules, players or deck do not fit the game.
    """
    game = find_game(record.game)
    state = first_state(game, record)
    yield state
    for index, recorded in enumerate(record.moves):
        try:
            move = state.parse_move(recorded.move, recorded.player)
        except ParseError as exc:
            raise ReplayError(index, recorded.move, "parse_error", str(exc)) from None
        try:
            state = state.apply(move)
        except IllegalMoveError as exc:
            raise ReplayError(index, recorded.move, exc.reason, exc.detail) from None
        yield state
    if record.result is not None and state.outcome() != record.result:
        raise ReplayError(
            len(record.moves),
            "",
            "result_mismatch",
            f"recorded {record.result!r}, replayed {state.outcome()!r}",
        )


def replay(record: GameRecord) -> State[Any, Any, Any]:
    """The final state of a recorded game, checking every move and the result.

    Raises:
        ReplayError: naming the first move that does not parse or is not legal, or with
            reason ``"result_mismatch"`` when the final outcome differs from ``record.result``.
        UnknownGameError: for a game that is not registered.
        InvalidRulesError: if the rules, players or deck do not fit the game.
    """
    state: State[Any, Any, Any] | None = None
    for state in replay_states(record):  # noqa: B007 - only the last one is wanted
        pass
    assert state is not None  # replay_states always yields the deal
    return state
