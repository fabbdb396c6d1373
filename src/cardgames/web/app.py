"""The web application of `cardgames serve`: the HTTP API, the live WebSocket and the pages.

Starlette serves it (uvicorn runs it); the game logic is `cardgames.web.tables.Tables` and the
storage `cardgames.web.store.Store`. The API is described in `cardgames.web`.

Every request parameter (the path's table id, the query, the token, the body, the WebSocket's
messages) is checked here, before the tables are consulted: bad input is answered with a 4xx
status and a JSON error (``{"error": CODE, "message": TEXT}``), never a 500, and changes
nothing. A seat's token opens that seat's view, events and moves only.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import ipaddress
import json
import logging
import re
from collections.abc import AsyncIterator, Callable, Mapping
from pathlib import Path
from typing import Any, Final

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import MutableHeaders
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

import cardgames
from cardgames.codec import encode
from cardgames.errors import CardGamesError, InvalidArgumentError
from cardgames.game import name_key
from cardgames.narration import LANGUAGES, Speaker, describe_move, narrate
from cardgames.web.store import Store
from cardgames.web.tables import (
    BOT_KINDS,
    DEFAULT_GAME,
    MAX_ROUNDS,
    SEED_BITS,
    CorruptTableError,
    MatchOverError,
    NotYourTurnError,
    RoundNotOverError,
    SeedNotAllowedError,
    Snapshot,
    StaleTableError,
    Tables,
    TablesFullError,
    TooManyTablesError,
    UnknownTableError,
    page_of,
    served_games,
)

__all__ = ["ApiError", "create_app", "creator_key"]

STATIC_DIR: Final = Path(__file__).resolve().parent / "static"

_log = logging.getLogger("cardgames.web")

MAX_BODY_BYTES: Final = 4096
MAX_NAME_CHARS: Final = 24
MAX_TEXT_CHARS: Final = 64
MAX_SEATS: Final = 64  # more than any game allows: the game's own bound answers first
MAX_SOCKETS_PER_TABLE: Final = 64
MAX_SOCKETS_PER_CLIENT: Final = 32  # open sockets of one address (creator_key), greeting or not
MAX_SOCKETS: Final = 2000  # open sockets of the whole server, greeting or not
HELLO_SECONDS: Final = 10.0  # a socket that says nothing for this long is closed
POLL_SECONDS: Final = 15.0  # a live socket re-checks its table this often even without news

_TABLE_ID: Final = re.compile(r"[A-Za-z0-9_-]{1,32}")
_TOKEN: Final = re.compile(r"[A-Za-z0-9_-]{1,64}")
_SEAT_PARAM: Final = re.compile(r"[0-9]{1,3}")
_AFTER_PARAM: Final = re.compile(r"-1|[0-9]{1,9}")
_LANG_PARAM: Final = re.compile("|".join(LANGUAGES))
_CONTENT_LENGTH: Final = re.compile(r"[0-9]{1,16}")
_TABLE_KEYS: Final = frozenset({"game", "preset", "seed", "seats", "rounds"})
_SEAT_KEYS: Final = frozenset({"name", "bot"})
_LIVE_KEYS: Final = frozenset({"token", "lang", "after"})

_PAGE_READER_WORDS: Final = ("you", "vous")
"""The table pages' own words for their reader (the players list, the end of a round)."""


def reader_names() -> frozenset[str]:
    """The words that stand for the reader, which no seat may be named (`name_key` forms).

    The narration's (`cardgames.narration.Speaker` names the viewer "you", "tu" or "toi" in
    every language it speaks) and the pages' own ("you", "vous"): a seat named "you" would make
    the others read "you lays 7♦".

    Examples:
        >>> sorted(reader_names())
        ['toi', 'tu', 'vous', 'you']
    """
    names = set(_PAGE_READER_WORDS)
    for lang in LANGUAGES:
        speaker = Speaker(("",), 0, lang, True, None)
        names.update((speaker.name(0), speaker.stressed(0)))
    return frozenset(name_key(name) for name in names)


_READER_NAMES: Final = reader_names()

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
    """A JSON answer written in ASCII.

    Text a client sent (a name, a move) that comes back in an error message is escaped, lone
    surrogates included, so writing the answer cannot fail.
    """

    def render(self, content: Any) -> bytes:
        return _ascii_json(content).encode("ascii")


def _ascii_json(content: Any) -> str:
    return json.dumps(content, ensure_ascii=True, allow_nan=False, separators=(",", ":"))


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

    def body(self) -> dict[str, Any]:
        """The JSON body of the error."""
        return {"error": self.code, "message": self.message, **self.extra}

    def response(self) -> JSONResponse:
        """The JSON response for this error."""
        headers = dict(self.headers)
        if self.status == 401:
            error = "invalid_token" if self.code == "invalid_token" else "invalid_request"
            headers["www-authenticate"] = f'Bearer realm="cardgames", error="{error}"'
        return AsciiJSONResponse(self.body(), status_code=self.status, headers=headers)


def creator_key(host: str | None) -> str:
    """The key under which a client's tables are counted: its address, grouped as one machine.

    An IPv4 address counts alone, an IPv6 address by its /56 network (a home is usually given a
    /56 or a /48 by its provider, and picks any of its 256 /64s at will: counting /64s let one
    home deal every table of the server), an IPv4-mapped IPv6 address as the IPv4 address;
    anything else (a test client's name) is kept as given, cut to 64 characters.

    Examples:
        >>> creator_key("192.0.2.7")
        '192.0.2.7'
        >>> creator_key("2001:db8::1") == creator_key("2001:db8:0:ff::2")
        True
        >>> creator_key("2001:db8::1")
        '2001:db8::/56'
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
        return str(ipaddress.IPv6Network((address, 56), strict=False))
    return str(address)


class SecurityHeaders:
    """ASGI middleware: a strict Content-Security-Policy and friends on every response.

    Only this server's own files may load; API answers are never cached.
    """

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


def _load_json(body: bytes | str) -> Any:
    try:
        return json.loads(body, object_pairs_hook=_json_object)  # ApiError for a repeated key
    except (ValueError, RecursionError):  # also UnicodeDecodeError; RecursionError: deep nesting
        raise ApiError(400, "bad_json", "the body is not JSON") from None


def _json_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object, refused if a key appears twice, as the library's documents are.

    Parsers disagree on which one wins, so a proxy and this server could read two requests.
    """
    result = dict(pairs)
    if len(result) != len(pairs):
        raise ApiError(400, "bad_json", "a key appears twice in one object of the body")
    return result


def _is_json(request: Request) -> bool:
    """Whether the request says its body is JSON (media types are read in any case)."""
    media_type = request.headers.get("content-type", "").partition(";")[0]
    return media_type.strip().casefold() == "application/json"


def _unavailable() -> ApiError:
    """The answer for a table whose record is damaged (never the details: they name its state)."""
    return ApiError(503, "table_unavailable", "this table cannot be played: its record is damaged")


_ERROR_PAGES: Final = {
    "unknown_table": (
        "No such table",
        "This table does not exist: its match ended, it was left unplayed for too long, or the "
        "link is mistyped.",
        "Cette table n'existe pas : sa partie est finie, elle est restée trop longtemps sans "
        "jouer, ou le lien est mal recopié.",
    ),
    "table_unavailable": (
        "Table unavailable",
        "This table cannot be played: its record is damaged.",
        "On ne peut pas jouer à cette table : son enregistrement est abîmé.",
    ),
    "not_found": (
        "No such page",
        "There is no page at this address.",
        "Il n'y a pas de page à cette adresse.",
    ),
}


def error_page(error: ApiError) -> HTMLResponse:
    """A page in the site's style for a page address that leads nowhere, with a way home.

    Its words are fixed (never the address asked for), in English and in French.
    """
    title, english, french = _ERROR_PAGES.get(error.code, _ERROR_PAGES["not_found"])
    body = (
        '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html.escape(title)}</title>\n"
        '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">\n'
        '<link rel="stylesheet" href="/static/style.css">\n</head>\n<body>\n'
        f"<header><h1>{html.escape(title)}</h1></header>\n"
        f'<main class="home gone" data-error="{html.escape(error.code)}">\n'
        f'<p>{html.escape(english)}</p>\n<p lang="fr">{html.escape(french)}</p>\n'
        '<p><a id="home" class="home-link" href="/">Deal a new table · Nouvelle table</a></p>\n'
        "</main>\n</body>\n</html>\n"
    )
    return HTMLResponse(body, status_code=error.status, headers=error.headers)


def _check_name(name: object, taken: set[str]) -> str:
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME_CHARS:
        raise ApiError(400, "bad_table", f"a name has 1 to {MAX_NAME_CHARS} characters")
    if name != name.strip() or not name.isprintable():
        raise ApiError(
            400, "bad_table", f"a name has no surrounding spaces or control characters: {name!r}"
        )
    if name_key(name) in _READER_NAMES:
        raise ApiError(
            400,
            "bad_table",
            f"a seat cannot be named {name!r}: the table's log calls its reader so "
            f"(words kept: {', '.join(sorted(_READER_NAMES))})",
        )
    if name_key(name) in taken:
        raise ApiError(400, "bad_table", f"two seats are named {name!r}")
    taken.add(name_key(name))
    return name


def _check_bot(bot: object) -> str | None:
    if bot is None:
        return None
    if not isinstance(bot, str) or not bot or len(bot) > MAX_TEXT_CHARS:
        raise ApiError(400, "bad_table", "a bot is named by a short text, such as 'heuristic'")
    name = bot.strip().casefold()
    if name not in BOT_KINDS:  # only these: a bot's move costs the server a bounded time
        raise ApiError(400, "bad_table", f"unknown bot {_shown(bot)}; bots: {', '.join(BOT_KINDS)}")
    return name


class Hub:
    """The live sockets of the server, by table: each is woken after a change at its table.

    `changed` may be called from any thread (the tables' worker threads): it hands the wake-up
    to the event loop.
    """

    def __init__(self) -> None:
        self._waiters: dict[str, set[asyncio.Event]] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self.on_change: list[Callable[[str], None]] = []

    def bind(self, loop: asyncio.AbstractEventLoop) -> None:
        """Use ``loop`` to deliver wake-ups (the server's loop)."""
        self._loop = loop

    def changed(self, table_id: str) -> None:
        """Wake every socket of ``table_id`` (thread-safe)."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        with contextlib.suppress(RuntimeError):  # the loop is shutting down
            loop.call_soon_threadsafe(self._wake, table_id)

    def _wake(self, table_id: str) -> None:
        for waiter in tuple(self._waiters.get(table_id, ())):
            waiter.set()
        for callback in self.on_change:
            callback(table_id)

    def count(self, table_id: str) -> int:
        """How many sockets follow ``table_id``."""
        return len(self._waiters.get(table_id, ()))

    @contextlib.contextmanager
    def follow(self, table_id: str) -> Any:
        """Register a waiter for ``table_id`` for the time of the ``with`` block."""
        waiter = asyncio.Event()
        self._waiters.setdefault(table_id, set()).add(waiter)
        try:
            yield waiter
        finally:
            waiters = self._waiters.get(table_id)
            if waiters is not None:
                waiters.discard(waiter)
                if not waiters:
                    del self._waiters[table_id]


class BotRunner:
    """Lets the bots move in the background, ``delay`` seconds apart, at every table that needs it.

    A table is scheduled after each change and, when the server starts, every table being
    played (bots that were due when the server stopped move again).
    """

    def __init__(self, tables: Tables, delay: float) -> None:
        self.tables = tables
        self.delay = delay
        self._scheduled: set[str] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        self._closed = False

    def schedule(self, table_id: str) -> None:
        """Let a bot of ``table_id`` move after the delay, if one may (call on the loop)."""
        if self._closed or table_id in self._scheduled:
            return
        self._scheduled.add(table_id)
        task = asyncio.get_running_loop().create_task(self._run(table_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _run(self, table_id: str) -> None:
        try:
            await asyncio.sleep(self.delay)
        finally:
            self._scheduled.discard(table_id)
        # The step changes the table (its change schedules the next step) or does nothing. A
        # failure (a database that is briefly away) must not leave the bot stuck: try again.
        try:
            await run_in_threadpool(self.tables.bot_step, table_id)
        except CardGamesError:
            pass
        except Exception:
            _log.warning("a bot step at table %s failed; retrying", table_id, exc_info=True)
            await asyncio.sleep(min(30.0, max(1.0, 10 * self.delay)))
            self.schedule(table_id)

    def open(self) -> None:
        """Start (again): steps may be scheduled."""
        self._closed = False

    async def close(self) -> None:
        """Stop: cancel the pending steps."""
        self._closed = True
        for task in tuple(self._tasks):
            task.cancel()
        for task in tuple(self._tasks):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task


def create_app(
    database_url: str = "sqlite:///cardgames.sqlite3",
    *,
    store: Store | None = None,
    bot_delay: float = 0.8,
    max_tables: int = 200,
    tables_per_creator: int = 5,
    idle_seconds: float = 6 * 3600.0,
) -> Starlette:
    """The web application: the API, the live sockets, the pages and their static files.

    Args:
        database_url: Where the tables are kept (`cardgames.web.store.Store.open`).
        store: An open store to use instead of ``database_url`` (tests).
        bot_delay: Seconds between two bot moves; 0: the bots answer inside the request that
            made the move, before it returns (tests, benchmarks).
        max_tables: The most tables kept at once.
        tables_per_creator: The most tables one client address may have (finished ones count
            for 15 minutes after their end).
        idle_seconds: A table where nothing changed for this long is deleted.

    Raises:
        InvalidArgumentError: for a limit below one (a delay below 0, an idle time of 0).
        SchemaError: if the database was written by a newer ``cardgames``.
    """
    for name, value, low in (
        ("bot_delay", bot_delay, 0.0),
        ("max_tables", max_tables, 1),
        ("tables_per_creator", tables_per_creator, 1),
        ("idle_seconds", idle_seconds, 1e-9),
    ):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not value >= low:
            raise InvalidArgumentError(name, value, f"expected a number of at least {low:g}")
    hub = Hub()
    opened = store if store is not None else Store.open(database_url)
    tables = Tables(
        opened,
        max_tables=max_tables,
        tables_per_creator=tables_per_creator,
        idle_seconds=idle_seconds,
        on_change=hub.changed,
    )
    runner = BotRunner(tables, bot_delay) if bot_delay > 0 else None
    sockets = [0]  # open live sockets, greeting or not (the event loop alone changes these)
    per_client: dict[str, int] = {}  # the same by client address (creator_key)

    def table_id_of(path_params: Mapping[str, Any]) -> str:
        table_id = str(path_params["table_id"])
        if not _TABLE_ID.fullmatch(table_id):
            raise ApiError(404, "unknown_table", "there is no such table (it may have ended)")
        return table_id

    async def find_table(table_id: str) -> Snapshot:
        try:
            return await run_in_threadpool(tables.get, table_id)
        except UnknownTableError:
            raise ApiError(
                404, "unknown_table", "there is no such table (it may have ended)"
            ) from None
        except CorruptTableError:
            raise _unavailable() from None

    def seat_of(snapshot: Snapshot, token: str | None) -> int:
        if not token:
            raise ApiError(401, "missing_token", "send your seat's token: Authorization: Bearer …")
        seat = snapshot.seat_for(token) if _TOKEN.fullmatch(token) else None
        if seat is None:
            raise ApiError(401, "invalid_token", "this token opens no seat at this table")
        return seat

    def bearer(request: Request) -> str:
        header = request.headers.get("authorization")
        if header is None:
            raise ApiError(401, "missing_token", "send your seat's token: Authorization: Bearer …")
        scheme, _, token = header.partition(" ")
        token = token.strip()
        if scheme.casefold() != "bearer" or not token:
            raise ApiError(401, "missing_token", "the Authorization header must be 'Bearer TOKEN'")
        return token

    async def authorized(request: Request) -> tuple[Snapshot, int]:
        table_id = table_id_of(request.path_params)
        token = bearer(request)
        snapshot = await find_table(table_id)
        return snapshot, seat_of(snapshot, token)

    def lines_of(snapshot: Snapshot, seat: int, events: Any, lang: str) -> list[str]:
        return narrate(events, snapshot.players, viewer=seat, lang=lang, rules=snapshot.state.rules)

    def entries(snapshot: Snapshot, seat: int, after: int, lang: str) -> list[dict[str, Any]]:
        return [
            {
                "seq": n,
                "seat": mover,
                "events": [encode(event) for event in events],
                "lines": lines_of(snapshot, seat, events, lang),
            }
            for n, mover, events in snapshot.events(seat, after)
        ]

    def legal(snapshot: Snapshot, seat: int, lang: str) -> list[dict[str, Any]]:
        if snapshot.status != "playing":
            return []
        state = snapshot.state
        game = snapshot.game
        return [
            {
                "notation": state.format_move(move),
                "label": describe_move(move, snapshot.players, lang=lang),
                "move": json.loads(game.move_to_json(move)),
            }
            for move in state.legal_moves(seat)
        ]

    def info(snapshot: Snapshot, seat: int) -> dict[str, Any]:
        return {
            "table": snapshot.id,
            "game": snapshot.game.name,
            "title": snapshot.game.title,
            "preset": snapshot.preset,
            "seat": seat,
            "seats": [{"name": s.name, "bot": s.bot} for s in snapshot.seats],
            "round": snapshot.round,
            "status": snapshot.status,
            "version": snapshot.version,
            "match": snapshot.match_summary(),
        }

    def update(snapshot: Snapshot, seat: int, after: int, lang: str) -> dict[str, Any]:
        return {
            "type": "update",
            "round": snapshot.round,
            "seq": snapshot.seq,
            "version": snapshot.version,
            "status": snapshot.status,
            "view": json.loads(snapshot.state.view(seat).to_json()),
            "entries": entries(snapshot, seat, after, lang),
            "moves": legal(snapshot, seat, lang),
            "match": snapshot.match_summary(),
        }

    async def settle(table_id: str) -> Snapshot:
        """After a change: with no bot delay, the bots answer now; the table as it then is.

        The change is stored already: a failure of the bots here is logged, not answered as
        a failure of the request (they move at the next change or restart).
        """
        if runner is None:
            try:
                await run_in_threadpool(tables.advance, table_id)
            except Exception:
                _log.warning("the bots at table %s failed to answer", table_id, exc_info=True)
        return await find_table(table_id)

    # -- endpoints ---------------------------------------------------------------------------

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
            for game in served_games()
        ]
        return AsciiJSONResponse({"games": body, "bots": list(BOT_KINDS)})

    async def create_table(request: Request) -> Response:
        _query(request, {})
        if not _is_json(request):
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
        game = data.get("game", DEFAULT_GAME)
        preset = data.get("preset")
        seed = data.get("seed")
        rounds = data.get("rounds")
        raw_seats = data.get("seats")
        if (
            not (isinstance(game, str) and len(game) <= MAX_TEXT_CHARS)
            or not (preset is None or (isinstance(preset, str) and len(preset) <= MAX_TEXT_CHARS))
            or not (seed is None or (type(seed) is int and 0 <= seed < 2**SEED_BITS))
            or not (rounds is None or (type(rounds) is int and 1 <= rounds <= MAX_ROUNDS))
            or not isinstance(raw_seats, list)
            or len(raw_seats) > MAX_SEATS
        ):
            raise ApiError(
                400,
                "bad_table",
                f"expected game, preset, seed (0 to 2**63-1), rounds (1 to {MAX_ROUNDS}) "
                "and a seats list",
            )
        seats: list[tuple[str, str | None]] = []
        taken: set[str] = set()
        for raw in raw_seats:
            if not (isinstance(raw, dict) and set(raw) <= _SEAT_KEYS):
                raise ApiError(400, "bad_table", 'each seat is {"name": ..., "bot": null or a bot}')
            seats.append((_check_name(raw.get("name"), taken), _check_bot(raw.get("bot"))))
        creator = creator_key(request.client.host if request.client else None)
        try:
            snapshot, tokens = await run_in_threadpool(
                tables.create,
                game,
                seats,
                preset=preset,
                seed=seed,
                rounds=rounds,
                creator=creator,
            )
        except SeedNotAllowedError as exc:
            raise ApiError(403, "seed_not_allowed", str(exc)) from None
        except TooManyTablesError as exc:
            raise ApiError(429, "too_many_tables", str(exc)) from None
        except TablesFullError as exc:
            raise ApiError(503, "tables_full", str(exc)) from None
        except (CardGamesError, ValueError) as exc:
            raise ApiError(400, "bad_table", str(exc)) from None
        snapshot = await settle(snapshot.id)
        body = {
            "table": snapshot.id,
            "game": snapshot.game.name,
            "preset": snapshot.preset,
            "seats": [
                {
                    "seat": seat,
                    "name": s.name,
                    "bot": s.bot,
                    "token": tokens.get(seat),
                    "url": f"/table/{snapshot.id}#token={tokens[seat]}" if seat in tokens else None,
                }
                for seat, s in enumerate(snapshot.seats)
            ],
        }
        return AsciiJSONResponse(body, status_code=201)

    async def table_info(request: Request) -> Response:
        snapshot, seat = await authorized(request)
        _query(request, {})
        return AsciiJSONResponse(info(snapshot, seat))

    async def view(request: Request) -> Response:
        snapshot, seat = await authorized(request)
        asked = _query(request, {"seat": _SEAT_PARAM}).get("seat")
        if asked is not None:
            if int(asked) >= len(snapshot.seats):
                raise ApiError(400, "bad_seat", f"no seat {asked} at this table")
            if int(asked) != seat:
                raise ApiError(
                    403,
                    "not_your_seat",
                    f"your token is for seat {seat}; it cannot see the view of seat {asked}",
                    seat=seat,
                )
        return Response(snapshot.state.view(seat).to_json(), media_type="application/json")

    async def events(request: Request) -> Response:
        snapshot, seat = await authorized(request)
        query = _query(request, {"after": _AFTER_PARAM, "lang": _LANG_PARAM})
        after = int(query.get("after", "-1"))
        lang = query.get("lang", "en")
        body = await run_in_threadpool(
            lambda: {
                "round": snapshot.round,
                "seq": snapshot.seq,
                "version": snapshot.version,
                "entries": entries(snapshot, seat, after, lang),
            }
        )
        return AsciiJSONResponse(body)

    async def legal_moves(request: Request) -> Response:
        snapshot, seat = await authorized(request)
        query = _query(request, {"lang": _LANG_PARAM})
        body = {
            "round": snapshot.round,
            "moves_played": snapshot.seq,
            "version": snapshot.version,
            "moves": legal(snapshot, seat, query.get("lang", "en")),
        }
        return AsciiJSONResponse(body)

    async def move(request: Request) -> Response:
        snapshot, seat = await authorized(request)
        _query(request, {})
        body = await _read_body(request)
        expect: int | None = None
        if not _is_json(request):
            try:
                text = body.decode("utf-8")
            except UnicodeDecodeError:
                raise ApiError(400, "bad_move", "the move is not UTF-8 text") from None

            def read(state: Any) -> Any:
                return state.parse_move(text, seat)

        else:
            data = _load_json(body)
            if not isinstance(data, dict):
                raise ApiError(400, "bad_move", 'send {"move": "play 8H name hearts"}')
            if "expect" in data:
                expect = data.pop("expect")
                if type(expect) is not int or not 0 <= expect < 2**31:
                    raise ApiError(400, "bad_move", "expect is the table's version, a number")
            if list(data) == ["move"] and isinstance(data["move"], str):
                notation = data["move"]

                def read(state: Any) -> Any:
                    return state.parse_move(notation, seat)

            elif list(data) == ["move"] and isinstance(data["move"], dict):
                try:
                    document = _ascii_json(data["move"])
                except ValueError:  # NaN or Infinity: no move document holds them
                    raise ApiError(400, "bad_move", "the move document is not plain JSON") from None

                def read(state: Any) -> Any:
                    parsed = state.game.move_from_json(document)
                    player = getattr(parsed, "player", None)
                    if player != seat:
                        raise ApiError(
                            403,
                            "not_your_seat",
                            f"your token is for seat {seat}; it cannot make the moves of "
                            f"seat {player}",
                            seat=seat,
                        )
                    return parsed

            else:
                raise ApiError(
                    400,
                    "bad_move",
                    'send {"move": "play 8H name hearts"} or {"move": MOVE_DOCUMENT}',
                )
        try:
            new = await run_in_threadpool(tables.play, snapshot.id, seat, read, expect=expect)
        except cardgames.IllegalMoveError as exc:
            raise ApiError(
                409, "illegal_move", str(exc), reason=exc.reason, detail=exc.detail
            ) from None
        except StaleTableError as exc:
            raise ApiError(409, "stale", str(exc)) from None
        except (NotYourTurnError, MatchOverError) as exc:
            raise ApiError(409, "round_over", str(exc)) from None
        except UnknownTableError:  # deleted while the move was made
            raise ApiError(
                404, "unknown_table", "there is no such table (it may have ended)"
            ) from None
        except CorruptTableError:  # damaged meanwhile: its message names the stored state
            raise _unavailable() from None
        except CardGamesError as exc:  # ParseError, InvalidStateError, InvalidArgumentError
            raise ApiError(400, "bad_move", str(exc)) from None
        new = await settle(new.id)
        return AsciiJSONResponse(
            {
                "view": json.loads(new.state.view(seat).to_json()),
                "seq": new.seq,
                "version": new.version,
                "status": new.status,
            }
        )

    async def next_round(request: Request) -> Response:
        snapshot, _ = await authorized(request)
        _query(request, {})
        try:
            new = await run_in_threadpool(tables.next_round, snapshot.id)
        except (RoundNotOverError, MatchOverError, StaleTableError) as exc:
            raise ApiError(409, "no_next_round", str(exc)) from None
        except UnknownTableError:  # deleted meanwhile
            raise ApiError(
                404, "unknown_table", "there is no such table (it may have ended)"
            ) from None
        except CorruptTableError:
            raise _unavailable() from None
        new = await settle(new.id)
        return AsciiJSONResponse({"round": new.round, "version": new.version}, status_code=201)

    async def live(websocket: WebSocket) -> None:
        """A seat's live updates: the seat's view, new events and moves after every change.

        Every open socket counts against the server's limit and its client address's
        (`MAX_SOCKETS`, `MAX_SOCKETS_PER_CLIENT`) from the moment it is accepted, before its
        greeting: one client cannot hold all the server's sockets, greeting or not.
        """
        table_id = str(websocket.path_params.get("table_id", ""))
        client = creator_key(websocket.client.host if websocket.client else None)
        await websocket.accept()
        refusal = None
        if not _TABLE_ID.fullmatch(table_id):
            refusal = ApiError(404, "unknown_table", "there is no such table")
        elif sockets[0] >= MAX_SOCKETS:
            refusal = ApiError(503, "too_many_sockets", "the server follows too many pages")
        elif per_client.get(client, 0) >= MAX_SOCKETS_PER_CLIENT:
            refusal = ApiError(429, "too_many_sockets", "too many live pages from your address")
        if refusal is not None:
            with contextlib.suppress(WebSocketDisconnect, RuntimeError):
                await websocket.send_text(_ascii_json({"type": "error", **refusal.body()}))
                await websocket.close(code=1008)
            return
        sockets[0] += 1
        per_client[client] = per_client.get(client, 0) + 1
        try:
            await _greet_and_follow(websocket, table_id)
        finally:
            sockets[0] -= 1
            per_client[client] -= 1
            if not per_client[client]:
                del per_client[client]

    async def _greet_and_follow(websocket: WebSocket, table_id: str) -> None:
        try:
            try:
                first = await asyncio.wait_for(websocket.receive(), timeout=HELLO_SECONDS)
                if first.get("type") == "websocket.disconnect":
                    return
                raw = first.get("text")
                if not isinstance(raw, str):
                    raise ApiError(400, "bad_hello", "send the first message as JSON text")
                if len(raw.encode("utf-8", "surrogatepass")) > MAX_BODY_BYTES:
                    raise ApiError(413, "too_large", "the first message is too large")
                hello = _load_json(raw)
                if not (isinstance(hello, dict) and set(hello) <= _LIVE_KEYS):
                    raise ApiError(
                        400, "bad_hello", 'send {"token": ..., "lang": "en", "after": -1}'
                    )
                lang = hello.get("lang", "en")
                after = hello.get("after", -1)
                token = hello.get("token")
                if lang not in LANGUAGES or type(after) is not int or not -1 <= after < 10**9:
                    raise ApiError(400, "bad_hello", "lang is en or fr; after a move number")
                if not isinstance(token, str):
                    raise ApiError(401, "missing_token", "send your seat's token")
                snapshot = await find_table(table_id)
                seat = seat_of(snapshot, token)
                if hub.count(table_id) >= MAX_SOCKETS_PER_TABLE:
                    raise ApiError(429, "too_many_sockets", "too many live pages for this table")
            except ApiError as exc:
                await websocket.send_text(_ascii_json({"type": "error", **exc.body()}))
                await websocket.close(code=1008)
                return
            except (asyncio.TimeoutError, ValueError):
                await websocket.close(code=1008)
                return
            await _follow(websocket, table_id, seat, lang, after)
        except WebSocketDisconnect:
            return

    async def _follow(
        websocket: WebSocket, table_id: str, seat: int, lang: str, after: int
    ) -> None:
        sent_version = -1
        sent_round = -1
        with hub.follow(table_id) as waiter:
            receiver = asyncio.ensure_future(_drain(websocket))
            try:
                while not receiver.done():
                    waiter.clear()
                    try:
                        snapshot = await find_table(table_id)
                    except ApiError as exc:
                        await websocket.send_text(_ascii_json({"type": "error", **exc.body()}))
                        break
                    if snapshot.version != sent_version:
                        if snapshot.round != sent_round and sent_round != -1:
                            after = -1  # a new round: its log from the deal
                        message = await run_in_threadpool(update, snapshot, seat, after, lang)
                        await websocket.send_text(_ascii_json(message))
                        sent_version, sent_round, after = (
                            snapshot.version,
                            snapshot.round,
                            snapshot.seq,
                        )
                    wake = asyncio.ensure_future(waiter.wait())
                    await asyncio.wait(
                        {wake, receiver}, timeout=POLL_SECONDS, return_when=asyncio.FIRST_COMPLETED
                    )
                    wake.cancel()
            finally:
                receiver.cancel()
                with contextlib.suppress(Exception):
                    await receiver
                if websocket.application_state == WebSocketState.CONNECTED:
                    with contextlib.suppress(Exception):
                        await websocket.close()

    async def _drain(websocket: WebSocket) -> None:
        # The client sends nothing after its first message; anything it sends is ignored, and
        # the loop ends when it goes away.
        with contextlib.suppress(WebSocketDisconnect, RuntimeError):
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    return

    async def home_page(request: Request) -> Response:
        return FileResponse(STATIC_DIR / "index.html")

    async def table_page(request: Request) -> Response:
        try:
            table_id = table_id_of(request.path_params)
            snapshot = await find_table(table_id)
        except ApiError as exc:
            return error_page(exc)
        return FileResponse(STATIC_DIR / page_of(snapshot.game))

    async def on_api_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, ApiError)
        return exc.response()

    async def on_http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http_error")
        error = ApiError(exc.status_code, code, str(exc.detail), headers=exc.headers)
        if exc.status_code == 404 and request.url.path.split("/")[1] not in ("api", "static"):
            return error_page(error)  # a mistyped address: a page, not JSON
        return error.response()

    async def on_server_error(request: Request, exc: Exception) -> Response:
        # A bug, never bad input: the answer says nothing of it (no trace, no value). Starlette
        # answers it outside the middleware, so the security headers are added here.
        headers = dict(_SECURITY_HEADERS)
        headers["cache-control"] = "no-store"
        return ApiError(
            500, "internal_error", "the server failed; nothing was changed", headers=headers
        ).response()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        hub.bind(asyncio.get_running_loop())
        # The bots that were due when the server stopped move again: in the background, or at
        # once without a bot delay (where only a request would otherwise move them).
        playing = await run_in_threadpool(tables.playing)
        if runner is not None:
            runner.open()
            if runner.schedule not in hub.on_change:  # a lifespan run again adds it once
                hub.on_change.append(runner.schedule)
            for table_id in playing:
                runner.schedule(table_id)
        else:
            for table_id in playing:
                with contextlib.suppress(CardGamesError):
                    await run_in_threadpool(tables.advance, table_id)
        sweeper = asyncio.ensure_future(_sweep())
        try:
            yield
        finally:
            sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sweeper
            if runner is not None:
                await runner.close()
            if store is None:
                opened.close()

    async def _sweep() -> None:
        while True:
            await asyncio.sleep(60)
            with contextlib.suppress(Exception):
                await run_in_threadpool(tables.expire)
            if runner is not None:  # a bot that missed its turn (a failed step) moves again
                with contextlib.suppress(Exception):
                    for table_id in await run_in_threadpool(tables.playing):
                        if await run_in_threadpool(tables.bot_due, table_id):
                            runner.schedule(table_id)

    routes = [
        Route("/", home_page),
        Route("/table/{table_id}", table_page),
        Mount("/static", app=StaticFiles(directory=STATIC_DIR, check_dir=False), name="static"),
        Route("/api/games", games),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables/{table_id}", table_info),
        Route("/api/tables/{table_id}/view", view),
        Route("/api/tables/{table_id}/events", events),
        Route("/api/tables/{table_id}/moves", legal_moves, methods=["GET"]),
        Route("/api/tables/{table_id}/moves", move, methods=["POST"]),
        Route("/api/tables/{table_id}/rounds", next_round, methods=["POST"]),
        WebSocketRoute("/api/tables/{table_id}/live", live),
    ]
    app = Starlette(
        routes=routes,
        middleware=[Middleware(SecurityHeaders)],
        exception_handlers={
            ApiError: on_api_error,
            HTTPException: on_http_error,
            Exception: on_server_error,
        },
        lifespan=lifespan,
    )
    app.router.redirect_slashes = False  # "/api/games/" is 404, not a redirect to elsewhere
    app.state.tables = tables
    app.state.hub = hub
    return app
