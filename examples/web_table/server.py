"""The web table's server: tables in memory, one secret token per person, bots in the other seats.

Run it::

    python -m examples.web_table                       # Crazy Eights, 2 people and 1 bot
    python examples/web_table/server.py --port 8000 --game "8 américain" --humans 3 --bots 1

It prints one link per person (``http://HOST:PORT/table/ID#token=...``): send each player their
own. The home page (``/``) creates more tables.

How it embeds the library:

- A table holds an immutable `SheddingState`. Every move replaces it with ``state.apply(move)``
  under the table's lock; an illegal move raises `IllegalMoveError` and changes nothing.
- A request carries its seat's token (``Authorization: Bearer ...``). It is answered with that
  seat's redacted view (`SheddingState.view`, sent as ``view.to_json()``) and may make only that
  seat's moves: asking for another seat's view, or sending a move that names another seat, is
  refused with 403 before the game is consulted. Nothing else of the state ever leaves the
  server: not the other hands, the stock order, the RNG or the seed.
- The server draws every deal's seed with `secrets`. A client may choose the seed only for a
  table where it is the one person (every other seat a bot): whoever knows the seed knows every
  hand and the stock.
- Every request parameter (the path's table id, the query, the token, the body) is checked
  before use; bad input is answered with a 4xx status and a JSON error, never a 500.
- Moves come in the text notation (``play 8H name hearts``, read by `State.parse_move` for the
  token's seat) or as the library's move documents (`Game.move_from_json`, whose seat must be
  the token's); the table applies the engine's own legal move (`engine_move`).
- The log the page shows is the library's narration (`cardgames.narration.narrate`), written
  on the server for the seat that asks, from the events redacted for it: each entry of
  ``/events`` holds its events and their ``lines``, in the second person for that seat ("you
  draw 1: 7♥"), in English or French (``lang``). The page writes no sentence of its own.
- Bots (`cardgames.agents`) play the seats nobody holds, on the server, from their own seat's
  view. They move when a request for the table comes in, at most one move per ``bot_delay``
  seconds so that people can follow the game and call a bot out; with ``bot_delay=0`` they play
  at once until a person must act (the tests do that).
- Limits: at most ``max_tables`` tables, ``tables_per_creator`` running tables per client
  address (see `creator_key`), and a table where nothing moved for ``idle_seconds`` is removed.

The HTTP API (all JSON; errors are ``{"error": CODE, "message": TEXT, ...}``):

==========================================  ===================================================
``GET  /api/games``                         the games, their presets and seat bounds
``POST /api/tables``                        create a table; returns one token per person (201)
``GET  /api/tables/{id}``                   the table's seats and the token's own seat
``GET  /api/tables/{id}/view[?seat=N]``     the token's seat's view document
``GET  /api/tables/{id}/events?after=SEQ``  the seat's redacted events since move SEQ, and
                                            their sentences (``&lang=en`` or ``fr``)
``GET  /api/tables/{id}/moves?lang=en``     the seat's legal moves: notation and menu label
                                            (`describe_move`), with the move number
``POST /api/tables/{id}/moves``             make a move; returns the seat's new view
==========================================  ===================================================

Status codes: 400 unreadable input or parameter, 401 missing or unknown token, 403 another
seat's view or move, or a chosen seed at a table with other people, 404 unknown table or path,
405 wrong method, 409 illegal move (with the library's ``reason``), 413 body too large, 415 a
table not sent as JSON, 429 too many running tables for one client, 503 too many tables.
"""

from __future__ import annotations

import argparse
import ipaddress
import json
import re
import secrets
import socket
import sys
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

import attrs
import uvicorn
from starlette.applications import Starlette
from starlette.datastructures import MutableHeaders
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

import cardgames
from cardgames.agents import Agent, AgentError, agent_rng, choose_move, make_agent, offer_move
from cardgames.codec import encode
from cardgames.game import Event, Move, engine_move, normalize_name
from cardgames.infostate import InfoState
from cardgames.narration import LANGUAGES, describe_move, narrate
from cardgames.rng import Rng
from cardgames.shedding import SheddingState, SheddingView

__all__ = [
    "BOT_KINDS",
    "GAMES",
    "ApiError",
    "Seat",
    "SeedNotAllowedError",
    "Table",
    "TableRegistry",
    "TablesFullError",
    "TooManyTablesError",
    "create_app",
    "creator_key",
    "main",
    "secret_seed",
]

GAMES: Final = ("crazy-eights", "huit-americain")
"""The games a table can play (the shedding games, whose views and moves the page knows)."""

BOT_KINDS: Final = ("heuristic", "random", "easy", "medium", "hard")
"""The agents that can fill a seat: the difficulty levels and the two cheap agents. A bot moves
inside a request: ``"hard"`` (ISMCTS on beliefs) takes about 0.2 s a decision."""

MAX_BODY_BYTES: Final = 4096
MAX_NAME_CHARS: Final = 24
MAX_TEXT_CHARS: Final = 64  # a game or preset name in a new table's document
MAX_SEATS: Final = 64  # more than any game allows: the game's own bound answers first
MAX_LOG_ENTRIES: Final = 300
MAX_TABLES: Final = 100
TABLES_PER_CREATOR: Final = 5
IDLE_SECONDS: Final = 30 * 60.0
SEED_BITS: Final = 63  # a seed is 0 to 2**63 - 1, as a chosen one
STATIC_DIR: Final = Path(__file__).resolve().parent / "static"

_TABLE_ID: Final = re.compile(r"[A-Za-z0-9_-]{1,32}")
_TOKEN: Final = re.compile(r"[A-Za-z0-9_-]{1,64}")
_SEAT_PARAM: Final = re.compile(r"[0-9]{1,3}")
_AFTER_PARAM: Final = re.compile(r"-1|[0-9]{1,9}")
_LANG_PARAM: Final = re.compile("|".join(LANGUAGES))
_CONTENT_LENGTH: Final = re.compile(r"[0-9]{1,16}")
_TABLE_KEYS: Final = frozenset({"game", "preset", "seed", "seats"})
_SEAT_KEYS: Final = frozenset({"name", "bot"})

_SECURITY_HEADERS: Final = (
    (
        "content-security-policy",
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
        "frame-ancestors 'none'",
    ),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "no-referrer"),
    ("x-frame-options", "DENY"),
)


class AsciiJSONResponse(JSONResponse):
    """A JSON answer written in ASCII: text a client sent (a name, a move) that comes back in an
    error message is escaped, lone surrogates included, so writing the answer cannot fail."""

    def render(self, content: Any) -> bytes:
        return json.dumps(
            content, ensure_ascii=True, allow_nan=False, separators=(",", ":")
        ).encode("ascii")


class ApiError(Exception):
    """A request the API refuses: answered with ``status`` and a JSON error body.

    Attributes:
        status: The HTTP status code.
        code: A stable, machine-readable error code (``"missing_token"``, ``"illegal_move"``...).
        message: A sentence for people.
        extra: More fields for the body (the library's ``reason`` for an illegal move).
    """

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        *,
        headers: Mapping[str, str] | None = None,
        **extra: object,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.headers = dict(headers or {})
        self.extra = extra

    def response(self) -> JSONResponse:
        """The JSON response for this error."""
        headers = dict(self.headers)
        if self.status == 401:
            error = "invalid_token" if self.code == "invalid_token" else "invalid_request"
            headers["www-authenticate"] = f'Bearer realm="cardgames", error="{error}"'
        body = {"error": self.code, "message": self.message, **self.extra}
        return AsciiJSONResponse(body, status_code=self.status, headers=headers)


@attrs.frozen
class Seat:
    """A seat at a table.

    Attributes:
        name: The player's name, shown to everyone.
        bot: The agent that plays the seat (one of `BOT_KINDS`), or ``None`` for a person.
    """

    name: str
    bot: str | None = None


def make_bot(kind: str, game: cardgames.Game[Any]) -> Agent:
    """The agent for a bot seat; the random agent stands in while the heuristic one is missing."""
    if kind == "heuristic":
        try:
            return make_agent("heuristic", game)
        except ImportError:  # cardgames.agents.heuristic is not in this version of the library
            return make_agent("random", game)
    return make_agent(kind, game)


def secret_seed() -> int:
    """A deal's seed, 0 to 2**63 - 1, from the operating system's secure source (`secrets`).

    Nobody can predict it, so nobody can deal the same game on their own machine.
    """
    return secrets.randbits(SEED_BITS)


def creator_key(host: str | None) -> str:
    """The key under which a client's tables are counted: its address, grouped as one machine.

    An IPv4 address counts alone, an IPv6 address by its /64 network (one machine or one home
    usually holds a whole /64), an IPv4-mapped IPv6 address as the IPv4 address; anything else
    (a test client's name) is kept as given, cut to 64 characters.

    Examples:
        >>> creator_key("192.0.2.7")
        '192.0.2.7'
        >>> creator_key("2001:db8::1") == creator_key("2001:db8::ffff:2")
        True
        >>> creator_key("2001:db8::1")
        '2001:db8::/64'
        >>> creator_key("::ffff:192.0.2.7")
        '192.0.2.7'
        >>> creator_key(None)
        'unknown'
    """
    if not host:
        return "unknown"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host[:64]
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


class Table:
    """One game in progress: its state, its seats' tokens and the bots' streams.

    Every method that reads or changes the game takes the table's lock, so requests for one table
    are served one at a time; the state is never changed in place, only replaced by the state
    `SheddingState.apply` returns.

    Args:
        table_id: The table's public name (in its URL).
        state: The dealt game.
        seats: One per seat of ``state``.
        preset: The name of the rules preset (shown on the page).
        seed: The game's seed; the bots' random streams derive from it. It is never sent out.
        bot_delay: Seconds between two bot moves (0: bots play at once).
        clock: A monotonic clock in seconds (tests can drive time).
        creator: The `creator_key` of the client that made the table (``None``: the operator).
    """

    def __init__(
        self,
        table_id: str,
        state: SheddingState,
        seats: Sequence[Seat],
        *,
        preset: str,
        seed: int,
        bot_delay: float,
        clock: Callable[[], float] = time.monotonic,
        creator: str | None = None,
    ) -> None:
        if len(seats) != len(state.players):
            raise ValueError(f"{len(state.players)} players but {len(seats)} seats")
        self.id = table_id
        self.preset = preset
        self.seats = tuple(seats)
        self.creator = creator
        self._tokens = {
            seat: secrets.token_urlsafe(24) for seat, s in enumerate(seats) if s.bot is None
        }
        self._agents = {
            seat: make_bot(s.bot, state.game) for seat, s in enumerate(seats) if s.bot is not None
        }
        self._rngs: dict[int, Rng] = {seat: agent_rng(seed, seat) for seat in self._agents}
        # What each bot that remembers (an informed agent: "hard") has seen since the deal.
        self._infos: dict[int, InfoState] = {
            seat: InfoState.start(state.view(seat), state.game)
            for seat, agent in self._agents.items()
            if getattr(agent, "informed", False) is True
        }
        self._state = state
        self._log: list[tuple[int, tuple[Event, ...]]] = [(0, state.last_events)]
        self._lock = threading.Lock()
        self._bot_delay = bot_delay
        self._clock = clock
        self._last_move_at = clock()
        self._offered = -1  # the move number at which bots were last offered out-of-turn moves

    @property
    def state(self) -> SheddingState:
        """The current state (the whole of it: never send it to a client)."""
        return self._state

    @property
    def seq(self) -> int:
        """How many moves have been applied at this table."""
        return self._log[-1][0]

    @property
    def last_move_at(self) -> float:
        """The clock's time of the deal or of the last move (a person's or a bot's).

        Reading the table does not count: a page left open does not keep a table alive.
        """
        return self._last_move_at

    @property
    def tokens(self) -> Mapping[int, str]:
        """The secret token of each person's seat (handed out once, when the table is made)."""
        return dict(self._tokens)

    def seat_for(self, token: str) -> int | None:
        """The seat a token opens, or ``None`` (compared in constant time)."""
        found = None
        for seat, secret in self._tokens.items():
            if secrets.compare_digest(token.encode(), secret.encode()):
                found = seat
        return found

    def view(self, seat: int) -> SheddingView:
        """The seat's view, after the bots that may move have moved."""
        with self._lock:
            self._advance()
            return self._state.view(seat)

    def events(self, seat: int, after: int) -> tuple[int, list[tuple[int, tuple[Event, ...]]]]:
        """The move number now and the events of the moves after ``after``, as ``seat`` sees them.

        Entry 0 holds the deal's events. At most the last `MAX_LOG_ENTRIES` entries are returned.
        """
        with self._lock:
            self._advance()
            entries = [
                (seq, tuple(event.redacted_for(seat) for event in events))
                for seq, events in self._log[-MAX_LOG_ENTRIES:]
                if seq > after
            ]
            return self.seq, entries

    def labelled_moves(self, seat: int, lang: str = "en") -> tuple[int, list[tuple[str, str]]]:
        """The move number and the seat's legal moves: each its notation and its menu label.

        The labels are `cardgames.narration.describe_move`'s, naming the players a move
        designates ("play J♠ and choose Tom"), in English or French.
        """
        with self._lock:
            self._advance()
            state = self._state
            moves = [
                (state.format_move(move), describe_move(move, state.players, lang=lang))
                for move in state.legal_moves(seat)
            ]
            return state.moves_played, moves

    def lines(self, seat: int, events: Sequence[Event], lang: str = "en") -> list[str]:
        """The sentences of a move's events as ``seat`` saw them (`cardgames.narration`)."""
        state = self._state
        return narrate(events, state.players, viewer=seat, lang=lang, rules=state.rules)

    def play(self, seat: int, move: Move) -> SheddingView:
        """Make ``seat``'s move, let the bots answer, and return the seat's new view.

        The table applies the engine's own legal move that ``move`` stands for
        (`cardgames.game.engine_move`), never the caller's object.

        Raises:
            PermissionError: if the move names another seat.
            IllegalMoveError: if the move is not legal now; nothing changes.
        """
        player = getattr(move, "player", None)
        if type(player) is not int or player != seat:
            raise PermissionError(f"seat {seat} cannot move for seat {player!r}")
        with self._lock:
            self._play(seat, move)
            return self._state.view(seat)

    def play_text(self, seat: int, text: str) -> SheddingView:
        """Read ``text`` in the game's notation as ``seat``'s move, make it, and return the view.

        The text is read against the current state, under the table's lock, and always for
        ``seat``: it cannot name another seat.

        Raises:
            ParseError: if the text is not a move of the game.
            IllegalMoveError: if the move is not legal now; nothing changes.
        """
        with self._lock:
            self._play(seat, self._state.parse_move(text, seat))
            return self._state.view(seat)

    def _play(self, seat: int, move: Move) -> None:
        state = self._state
        own = engine_move(state.legal_moves(seat), move)
        if own is None:
            if type(move) in state.game.move_types.values():
                state.apply(move)  # raises IllegalMoveError with the engine's reason
            # A look-alike of a legal move (a subclass, a field of another type) is refused
            # here, whatever an engine would make of it.
            raise cardgames.IllegalMoveError(move, seat, "illegal", "this move is not legal here")
        self._apply(own)
        self._advance()

    def _apply(self, move: Move) -> None:
        state = self._state.apply(move)  # raises IllegalMoveError, leaving the table as it was
        self._state = state
        for seat, info in self._infos.items():
            self._infos[seat] = info.extend(state.view(seat))
        self._log.append((self.seq + 1, state.last_events))
        self._last_move_at = self._clock()

    def _advance(self) -> None:
        """Let the bots move until a person must act (or until the next bot move is due)."""
        while not self._state.is_over:
            if self._bot_delay and self._clock() - self._last_move_at < self._bot_delay:
                return
            move = self._bot_move()
            if move is None:
                return
            self._apply(move)

    def _bot_move(self) -> Move | None:
        """The next bot move: a bot's out-of-turn move, then a bot's turn, as `play_game` does.

        The bots that may interrupt (call out, jump in) are offered the chance once per
        position, in seat order after the current player; then the current player moves if it
        is a bot. ``None`` when it is a person's turn (and no bot interrupts).
        """
        state = self._state
        to_act = state.to_act
        current = to_act[0]
        if self._offered != self.seq:
            self._offered = self.seq
            n = len(state.players)
            for seat in sorted(to_act[1:], key=lambda s: (s - current) % n):
                if seat in self._agents:
                    move = self._ask(seat, state, own_turn=False)
                    if move is not None:
                        return move
        if current in self._agents:
            return self._ask(current, state, own_turn=True)
        return None

    def _ask(self, seat: int, state: SheddingState, *, own_turn: bool) -> Move | None:
        # A bot that declines its own turn or answers nonsense must not stall the table: it
        # makes its first legal move; nonsense out of turn is a chance let go.
        agent, rng = self._agents[seat], self._rngs[seat]
        info = self._infos.get(seat)
        try:
            if own_turn:
                chosen, self._rngs[seat] = choose_move(agent, state, rng, info=info)
                return chosen
            move, self._rngs[seat] = offer_move(agent, state, seat, rng, info=info)
            return move
        except AgentError:
            return state.legal_moves(seat)[0] if own_turn else None


class TablesFullError(RuntimeError):
    """No room for another table: every table is in use."""


class TooManyTablesError(RuntimeError):
    """The client that asks already runs as many tables as one client may."""


class SeedNotAllowedError(ValueError):
    """A chosen seed for a table where other people would play: the chooser would know their
    hands."""


class TableRegistry:
    """The tables of one server, in memory, with their limits.

    A table where nothing moved (no person's move, no bot's move) for ``idle_seconds`` is
    removed, running or finished; reading it does not count. A client (a `creator_key`) may run
    at most ``tables_per_creator`` tables at once (finished ones do not count). When
    ``max_tables`` are kept, finished tables make room for a new one.

    Args:
        bot_delay: Seconds between two bot moves at a table (0: at once).
        max_tables: The most tables kept at once.
        tables_per_creator: The most running tables one client may have created.
        idle_seconds: How long a table without a move is kept.
        clock: A monotonic clock in seconds (tests drive time with it).
        draw_seed: Where the seeds of deals come from (`secret_seed`; tests give fixed ones).

    Raises:
        ValueError: for a limit below 1 or a delay below 0.
    """

    def __init__(
        self,
        *,
        bot_delay: float = 0.8,
        max_tables: int = MAX_TABLES,
        tables_per_creator: int = TABLES_PER_CREATOR,
        idle_seconds: float = IDLE_SECONDS,
        clock: Callable[[], float] = time.monotonic,
        draw_seed: Callable[[], int] = secret_seed,
    ) -> None:
        if not bot_delay >= 0:
            raise ValueError(f"bot_delay is 0 or more seconds, not {bot_delay!r}")
        if max_tables < 1 or tables_per_creator < 1:
            raise ValueError("max_tables and tables_per_creator are at least 1")
        if not idle_seconds > 0:
            raise ValueError(f"idle_seconds is more than 0, not {idle_seconds!r}")
        self.bot_delay = bot_delay
        self.max_tables = max_tables
        self.tables_per_creator = tables_per_creator
        self.idle_seconds = idle_seconds
        self.draw_seed = draw_seed
        self._clock = clock
        self._tables: dict[str, Table] = {}
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._tables)

    def get(self, table_id: str) -> Table | None:
        """The table with this id, or ``None`` (also once it has expired: it is removed)."""
        with self._lock:
            table = self._tables.get(table_id)
            if table is not None and self._expired(table, self._clock()):
                del self._tables[table_id]
                return None
            return table

    def expire(self) -> int:
        """Remove the tables where nothing moved for `idle_seconds`; return how many."""
        with self._lock:
            return self._expire(self._clock())

    def create(
        self,
        game_name: str,
        seats: Sequence[Seat],
        *,
        preset: str | None = None,
        seed: int | None = None,
        creator: str | None = None,
    ) -> Table:
        """Deal a new table.

        Args:
            game_name: A game name or alias (one of `GAMES`).
            seats: The seats, in order; at least one for a person.
            preset: A preset of the game's rules (default: the game's first).
            seed: The seed of the deal (default: one from `draw_seed`, kept secret). Allowed only
                when one seat is a person's and every other seat a bot's: whoever knows the seed
                knows every hand and the stock.
            creator: The client that asks (its `creator_key`), counted against
                `tables_per_creator`; ``None`` for the operator (not counted).

        Raises:
            CardGamesError: for an unknown game or preset, or a seat count the rules refuse.
            SeedNotAllowedError: for a chosen seed where more than one person would play.
            ValueError: for bad seats (no person, a name empty, too long or repeated, an
                unknown bot).
            TooManyTablesError: when ``creator`` already runs `tables_per_creator` tables.
            TablesFullError: when every table is in use.
        """
        game = cardgames.find_game(game_name)
        if game.name not in GAMES:
            raise ValueError(f"{game.title} cannot be played here; games: {', '.join(GAMES)}")
        preset_name = next(iter(game.presets)) if preset is None else _preset_key(game, preset)
        rules = game.preset(preset_name)
        _check_seats(seats)
        if seed is not None and sum(seat.bot is None for seat in seats) > 1:
            raise SeedNotAllowedError(
                "a seed may be chosen only for a table with one person and bots: whoever knows "
                "the seed knows every hand"
            )
        if seed is None:
            seed = self.draw_seed()
        state = game.new_game([s.name for s in seats], seed=seed, rules=rules)
        if not isinstance(state, SheddingState):  # pragma: no cover - GAMES are shedding games
            raise TypeError(f"{game.name} is not a shedding game")
        with self._lock:
            now = self._clock()
            self._expire(now)
            if creator is not None:
                running = sum(
                    1
                    for table in self._tables.values()
                    if table.creator == creator and not table.state.is_over
                )
                if running >= self.tables_per_creator:
                    raise TooManyTablesError(
                        f"you already run {running} tables, the most one client may; finish "
                        f"one, or wait: a table expires after {self.idle_seconds / 60:g} minutes "
                        "without a move"
                    )
            self._make_room()
            table_id = secrets.token_urlsafe(9)
            table = Table(
                table_id,
                state,
                seats,
                preset=preset_name,
                seed=seed,
                bot_delay=self.bot_delay,
                clock=self._clock,
                creator=creator,
            )
            self._tables[table_id] = table
        return table

    def _expired(self, table: Table, now: float) -> bool:
        return now - table.last_move_at >= self.idle_seconds

    def _expire(self, now: float) -> int:
        gone = [key for key, table in self._tables.items() if self._expired(table, now)]
        for key in gone:
            del self._tables[key]
        return len(gone)

    def _make_room(self) -> None:
        if len(self._tables) < self.max_tables:
            return
        for table_id, table in list(self._tables.items()):
            if table.state.is_over:
                del self._tables[table_id]
        if len(self._tables) >= self.max_tables:
            raise TablesFullError(f"all {self.max_tables} tables are in use; try again later")


def _preset_key(game: cardgames.Game[Any], preset: str) -> str:
    game.preset(preset)  # raises InvalidRulesError, listing the presets, for an unknown one
    key = normalize_name(preset)
    return next(name for name in game.presets if normalize_name(name) == key)


def _check_seats(seats: Sequence[Seat]) -> None:
    if not any(seat.bot is None for seat in seats):
        raise ValueError("a table needs at least one seat for a person")
    names = set()
    for seat in seats:
        if not seat.name.strip() or len(seat.name) > MAX_NAME_CHARS:
            raise ValueError(f"a name has 1 to {MAX_NAME_CHARS} characters: {seat.name!r}")
        if seat.name != seat.name.strip() or not seat.name.isprintable():
            raise ValueError(
                f"a name has no surrounding spaces or control characters: {seat.name!r}"
            )
        if seat.name.casefold() in names:
            raise ValueError(f"two seats are named {seat.name!r}")
        names.add(seat.name.casefold())
        if seat.bot is not None and seat.bot not in BOT_KINDS:
            raise ValueError(f"unknown bot {seat.bot!r}; bots: {', '.join(BOT_KINDS)}")


# -- HTTP ---------------------------------------------------------------------------------------


class SecurityHeaders:
    """ASGI middleware: a strict Content-Security-Policy (only this server's own files) and
    friends on every response; API answers are never cached."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        is_api = str(scope.get("path", "")).startswith("/api/")

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in _SECURITY_HEADERS:
                    headers[name] = value
                if is_api:
                    headers["cache-control"] = "no-store"
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _json_document(text: str, status: int = 200) -> Response:
    return Response(text, status_code=status, media_type="application/json")


def _shown(text: str, limit: int = 40) -> str:
    """A client's text, quoted and cut, for an error message."""
    return repr(text[:limit] + ("…" if len(text) > limit else ""))


def _query(request: Request, allowed: Mapping[str, re.Pattern[str]]) -> dict[str, str]:
    """The request's query parameters, each named in ``allowed``, once, matching its pattern.

    Raises:
        ApiError: 400 for an unknown, repeated or malformed parameter.
    """
    found: dict[str, str] = {}
    for name, value in request.query_params.multi_items():
        pattern = allowed.get(name)
        if pattern is None:
            known = ", ".join(allowed) or "none"
            raise ApiError(
                400,
                "unknown_parameter",
                f"unknown query parameter {_shown(name)}; parameters here: {known}",
            )
        if name in found:
            raise ApiError(400, "repeated_parameter", f"the parameter {name} is given twice")
        if not pattern.fullmatch(value):
            raise ApiError(400, f"bad_{name}", f"{name}={_shown(value)} is not a valid {name}")
        found[name] = value
    return found


def create_app(registry: TableRegistry | None = None, *, bot_delay: float = 0.8) -> Starlette:
    """The web application: the API, the two pages and their static files.

    Args:
        registry: The tables (default: a new, empty registry with ``bot_delay``).
        bot_delay: Seconds between two bot moves, for a new registry.
    """
    tables = registry if registry is not None else TableRegistry(bot_delay=bot_delay)

    def find_table(request: Request) -> Table:
        table_id = str(request.path_params["table_id"])
        table = tables.get(table_id) if _TABLE_ID.fullmatch(table_id) else None
        if table is None:
            raise ApiError(404, "unknown_table", "there is no such table (it may have ended)")
        return table

    def authorize(request: Request, table: Table) -> int:
        """The seat the request's bearer token opens at ``table``."""
        header = request.headers.get("authorization")
        if header is None:
            raise ApiError(401, "missing_token", "send your seat's token: Authorization: Bearer …")
        scheme, _, token = header.partition(" ")
        token = token.strip()
        if scheme.casefold() != "bearer" or not token:
            raise ApiError(401, "missing_token", "the Authorization header must be 'Bearer TOKEN'")
        seat = table.seat_for(token) if _TOKEN.fullmatch(token) else None
        if seat is None:
            raise ApiError(401, "invalid_token", "this token opens no seat at this table")
        return seat

    def forbid_other_seat(seat: int, other: int, what: str) -> None:
        if other != seat:
            raise ApiError(
                403,
                "not_your_seat",
                f"your token is for seat {seat}; it cannot {what} seat {other}",
                seat=seat,
            )

    async def games(request: Request) -> Response:
        _query(request, {})
        body = [
            {
                "name": game.name,
                "title": game.title,
                "presets": list(game.presets),
                "min_players": game.min_players,
                "max_players": game.max_players,
            }
            for game in map(cardgames.find_game, GAMES)
        ]
        return AsciiJSONResponse({"games": body, "bots": list(BOT_KINDS)})

    async def create_table(request: Request) -> Response:
        _query(request, {})
        if not request.headers.get("content-type", "").startswith("application/json"):
            raise ApiError(415, "not_json", "send the table as application/json")
        data = _load_json(await _read_body(request))
        if not isinstance(data, dict):
            raise ApiError(400, "bad_table", "expected an object")
        unknown = sorted(set(data) - _TABLE_KEYS)
        if unknown:
            raise ApiError(
                400,
                "bad_table",
                f"unknown field {_shown(unknown[0])}; fields: {', '.join(sorted(_TABLE_KEYS))}",
            )
        game = data.get("game", GAMES[0])
        preset = data.get("preset")
        seed = data.get("seed")
        raw_seats = data.get("seats")
        if (
            not (isinstance(game, str) and len(game) <= MAX_TEXT_CHARS)
            or not (preset is None or (isinstance(preset, str) and len(preset) <= MAX_TEXT_CHARS))
            or not (seed is None or (type(seed) is int and 0 <= seed < 2**SEED_BITS))
            or not isinstance(raw_seats, list)
            or len(raw_seats) > MAX_SEATS
        ):
            raise ApiError(
                400, "bad_table", "expected game, preset, seed (0 to 2**63-1) and a seats list"
            )
        seats = []
        for raw in raw_seats:
            ok = isinstance(raw, dict) and set(raw) <= _SEAT_KEYS
            name = raw.get("name") if ok else None
            bot = raw.get("bot") if ok else None
            if not isinstance(name, str) or not (bot is None or isinstance(bot, str)):
                raise ApiError(400, "bad_table", 'each seat is {"name": ..., "bot": null or a bot}')
            seats.append(Seat(name, bot))
        creator = creator_key(request.client.host if request.client else None)
        try:
            table = tables.create(game, seats, preset=preset, seed=seed, creator=creator)
        except SeedNotAllowedError as exc:
            raise ApiError(403, "seed_not_allowed", str(exc)) from None
        except TooManyTablesError as exc:
            raise ApiError(429, "too_many_tables", str(exc)) from None
        except TablesFullError as exc:
            raise ApiError(503, "tables_full", str(exc)) from None
        except (cardgames.CardGamesError, ValueError) as exc:
            raise ApiError(400, "bad_table", str(exc)) from None
        tokens = table.tokens
        body = {
            "table": table.id,
            "game": table.state.game.name,
            "preset": table.preset,
            "seats": [
                {
                    "seat": seat,
                    "name": s.name,
                    "bot": s.bot,
                    "token": tokens.get(seat),
                    "url": f"/table/{table.id}#token={tokens[seat]}" if seat in tokens else None,
                }
                for seat, s in enumerate(table.seats)
            ],
        }
        return AsciiJSONResponse(body, status_code=201)

    async def table_info(request: Request) -> Response:
        table = find_table(request)
        seat = authorize(request, table)
        _query(request, {})
        game = table.state.game
        body = {
            "table": table.id,
            "game": game.name,
            "title": game.title,
            "preset": table.preset,
            "seat": seat,
            "seats": [{"name": s.name, "bot": s.bot} for s in table.seats],
        }
        return AsciiJSONResponse(body)

    async def view(request: Request) -> Response:
        table = find_table(request)
        seat = authorize(request, table)
        asked = _query(request, {"seat": _SEAT_PARAM}).get("seat")
        if asked is not None:
            if int(asked) >= len(table.seats):
                raise ApiError(400, "bad_seat", f"no seat {asked} at this table")
            forbid_other_seat(seat, int(asked), "see the view of")
        return _json_document(table.view(seat).to_json())

    async def events(request: Request) -> Response:
        table = find_table(request)
        seat = authorize(request, table)
        query = _query(request, {"after": _AFTER_PARAM, "lang": _LANG_PARAM})
        after = int(query.get("after", "-1"))
        lang = query.get("lang", "en")
        seq, entries = table.events(seat, after)
        body = {
            "seq": seq,
            "entries": [
                {
                    "seq": n,
                    "events": [encode(event) for event in evs],
                    "lines": table.lines(seat, evs, lang),
                }
                for n, evs in entries
            ],
        }
        return AsciiJSONResponse(body)

    async def legal_moves(request: Request) -> Response:
        table = find_table(request)
        seat = authorize(request, table)
        query = _query(request, {"lang": _LANG_PARAM})
        moves_played, moves = table.labelled_moves(seat, query.get("lang", "en"))
        body = {
            "moves_played": moves_played,
            "moves": [{"notation": notation, "label": label} for notation, label in moves],
        }
        return AsciiJSONResponse(body)

    async def move(request: Request) -> Response:
        table = find_table(request)
        seat = authorize(request, table)
        _query(request, {})
        body = await _read_body(request)
        is_json = request.headers.get("content-type", "").startswith("application/json")
        try:
            if not is_json:
                new_view = table.play_text(seat, body.decode("utf-8"))
            else:
                data = _load_json(body)
                if (
                    isinstance(data, dict)
                    and list(data) == ["move"]
                    and isinstance(data["move"], str)
                ):
                    new_view = table.play_text(seat, data["move"])
                elif isinstance(data, dict) and "format" in data:
                    parsed = table.state.game.move_from_json(body)
                    player = getattr(parsed, "player", None)
                    if type(player) is not int:  # pragma: no cover - the codec checks the type
                        raise ApiError(400, "bad_move", "a move document names its seat")
                    forbid_other_seat(seat, player, "make the moves of")
                    new_view = table.play(seat, parsed)
                else:
                    raise ApiError(
                        400,
                        "bad_move",
                        'send a move document, {"move": "play 8H name hearts"} or text',
                    )
        except UnicodeDecodeError:
            raise ApiError(400, "bad_move", "the move is not UTF-8 text") from None
        except cardgames.IllegalMoveError as exc:
            raise ApiError(
                409, "illegal_move", str(exc), reason=exc.reason, detail=exc.detail
            ) from None
        except cardgames.CardGamesError as exc:  # ParseError, InvalidStateError
            raise ApiError(400, "bad_move", str(exc)) from None
        return _json_document(new_view.to_json())

    async def home_page(request: Request) -> Response:
        return FileResponse(STATIC_DIR / "index.html")

    async def table_page(request: Request) -> Response:
        return FileResponse(STATIC_DIR / "table.html")

    async def on_api_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, ApiError)
        return exc.response()

    async def on_http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http_error")
        return ApiError(exc.status_code, code, str(exc.detail), headers=exc.headers).response()

    async def on_server_error(request: Request, exc: Exception) -> Response:
        # A bug, never bad input: the answer says nothing of it (no trace, no value).
        return ApiError(500, "internal_error", "the server failed; nothing was changed").response()

    routes = [
        Route("/", home_page),
        Route("/table/{table_id}", table_page),
        Mount("/static", app=StaticFiles(directory=STATIC_DIR), name="static"),
        Route("/api/games", games),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables/{table_id}", table_info),
        Route("/api/tables/{table_id}/view", view),
        Route("/api/tables/{table_id}/events", events),
        Route("/api/tables/{table_id}/moves", legal_moves, methods=["GET"]),
        Route("/api/tables/{table_id}/moves", move, methods=["POST"]),
    ]
    app = Starlette(
        routes=routes,
        middleware=[Middleware(SecurityHeaders)],
        exception_handlers={
            ApiError: on_api_error,
            HTTPException: on_http_error,
            Exception: on_server_error,
        },
    )
    app.router.redirect_slashes = False  # "/api/games/" is 404, not a redirect to elsewhere
    app.state.tables = tables
    return app


async def _read_body(request: Request) -> bytes:
    """The request's body, at most `MAX_BODY_BYTES` (413 beyond, whatever the header says)."""
    too_large = ApiError(413, "too_large", f"a request body has at most {MAX_BODY_BYTES} bytes")
    declared = request.headers.get("content-length")
    if declared is not None:
        if not _CONTENT_LENGTH.fullmatch(declared):
            raise ApiError(400, "bad_content_length", "Content-Length is not a byte count")
        if int(declared) > MAX_BODY_BYTES:
            raise too_large
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY_BYTES:
            raise too_large
    return bytes(body)


def _load_json(body: bytes) -> Any:
    try:
        return json.loads(body)
    except (ValueError, RecursionError):  # also UnicodeDecodeError; RecursionError: deep nesting
        raise ApiError(400, "bad_json", "the body is not JSON") from None


# -- command line -------------------------------------------------------------------------------


def _positive(kind: Callable[[str], float]) -> Callable[[str], Any]:
    def convert(text: str) -> float:
        value = kind(text)
        if not value > 0:
            raise argparse.ArgumentTypeError(f"expected more than 0, not {text}")
        return value

    return convert


def main(argv: Sequence[str] | None = None) -> int:
    """Serve the web table, after dealing a first table and printing its links."""
    parser = argparse.ArgumentParser(description="Serve a web table for Crazy Eights and 8 Am.")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="port (0: any free port)")
    parser.add_argument("--game", default="crazy-eights", help="a game name or alias")
    parser.add_argument("--preset", default=None, help="a preset of the game's rules")
    parser.add_argument("--humans", type=int, default=2, help="seats for people")
    parser.add_argument("--bots", type=int, default=1, help="seats for bots")
    parser.add_argument("--bot", default="heuristic", choices=BOT_KINDS, help="the bots' kind")
    parser.add_argument(
        "--seed",
        type=int,
        default=None,
        help="the deal's seed, only with --humans 1 (default: a secret random one)",
    )
    parser.add_argument("--bot-delay", type=float, default=0.8, help="seconds between bot moves")
    parser.add_argument(
        "--max-tables", type=_positive(int), default=MAX_TABLES, help="the most tables at once"
    )
    parser.add_argument(
        "--tables-per-client",
        type=_positive(int),
        default=TABLES_PER_CREATOR,
        help="the most running tables one client address may create",
    )
    parser.add_argument(
        "--idle-minutes",
        type=_positive(float),
        default=IDLE_SECONDS / 60,
        help="minutes without a move after which a table is removed",
    )
    parser.add_argument(
        "--log-level", default="warning", help="uvicorn's log level (info: requests)"
    )
    args = parser.parse_args(argv)
    try:
        registry = TableRegistry(
            bot_delay=args.bot_delay,
            max_tables=args.max_tables,
            tables_per_creator=args.tables_per_client,
            idle_seconds=args.idle_minutes * 60,
        )
        seats = [Seat(f"Player {i + 1}") for i in range(args.humans)]
        seats += [Seat(f"Bot {i + 1}", args.bot) for i in range(args.bots)]
        table = registry.create(args.game, seats, preset=args.preset, seed=args.seed)
    except (cardgames.CardGamesError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    try:
        sock = socket.create_server((args.host, args.port))  # port 0: any free port
    except OSError as exc:
        print(f"error: cannot listen on {args.host}:{args.port}: {exc}", file=sys.stderr)
        return 2
    host, port = sock.getsockname()[:2]
    base = f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"
    print(f"{table.state.game.title} ({table.preset}) at {base}/  (Ctrl+C stops the server)")
    for seat, token in table.tokens.items():
        print(f"  {table.seats[seat].name}: {base}/table/{table.id}#token={token}")
    sys.stdout.flush()
    config = uvicorn.Config(create_app(registry), log_level=args.log_level)
    uvicorn.Server(config).run(sockets=[sock])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
