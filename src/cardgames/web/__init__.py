"""`cardgames serve`: the web table, a server where people and bots play matches of every game.

Install the ``web`` extra (``pip install 'pycardgames[web]'``; add ``postgres`` for
PostgreSQL) and run::

    cardgames serve                                   # http://127.0.0.1:8000/, ./cardgames.sqlite3
    cardgames serve --port 8080 --database postgresql://cards@/cards

The home page creates a table (a game, its preset, people and bots, how many rounds) and gives
one link per person; each link holds that seat's secret token. Every registered game that has
matches is served (`served_games`): Crazy Eights and 8 Américain, the planet game and its own
page, any other game with a generic page drawn from the seat's view and legal moves. In Python::

    from cardgames.web import create_app
    app = create_app("sqlite:///tables.db", bot_delay=0.8)   # a Starlette (ASGI) application

What the server promises (the threat model):

- **A seat's token opens that seat only.** Tokens are 192 random bits from `secrets`, given
  once when the table is made; the database keeps only their SHA-256. A request sees its own
  seat's view (`State.view`: never another hand, the stock's order, the seed or the RNG),
  events redacted for it and narrated for it, and may make only its own seat's moves; asking
  for another seat's view, or sending a move that names another seat, is refused (403).
- **Seeds are secret.** Every round's seed is drawn with `secrets` (64 bits) and never leaves the
  server. A client may choose the seed only at a table where it is the one person.
- **Bad input changes nothing.** Every parameter is checked before use (path, query, token,
  body, WebSocket messages): bad input gets a 4xx and a JSON error, never a 500; bodies are
  limited to 4 KiB; an illegal move gets 409 with the library's ``reason`` and leaves the
  table as it was.
- **Bounded work.** A client address (an IPv6 /56 counts as one) may have 5 tables
  (``--tables-per-client``; a finished match counts for 15 minutes after its end), the server
  holds at most ``--max-tables`` and one network (an IPv4 /24, an IPv6 /48) at most half of
  them, a table where nothing moved for ``--idle-minutes`` is
  deleted, at most 64 live sockets follow one table, 32 are open from one client address and
  2,000 in the server (greeting or not).
- **Nothing lost on restart.** Every accepted move is committed before it is answered; a
  killed server, started again on the same database, resumes every table where it was, with
  the same tokens.

Not promised: the server speaks plain HTTP. Put it behind a reverse proxy that terminates TLS
(the tokens travel in every request) and forwards WebSockets; the docs' "Serving the web table"
guide shows a Caddy and an nginx configuration. One server process per database: the live
updates are pushed by the process that made the change (another process's pages fall back to
polling every 15 s at most).

The HTTP API (JSON; errors are ``{"error": CODE, "message": TEXT, ...}``; the token comes as
``Authorization: Bearer TOKEN``):

==============================================  ==============================================
``GET  /api/games``                              the games, their presets, seat bounds, bots
``POST /api/tables``                             create a table: ``{"game", "preset", "seats":
                                                 [{"name", "bot"}], "rounds", "seed"}``; answers
                                                 each person's token once (201)
``GET  /api/tables/{id}``                        the seats, your seat, the round, its status
                                                 (``playing``, ``round_over``, ``match_over``),
                                                 the table's ``version`` and the match so far
``GET  /api/tables/{id}/view``                   your seat's view document (the reveal and the
                                                 outcome once the round is over)
``GET  /api/tables/{id}/events?after=N&lang=en``  the round's events after move N, redacted and
                                                 narrated for your seat (``lang`` en or fr)
``GET  /api/tables/{id}/moves?lang=en``          your legal moves: notation, menu label, document
``POST /api/tables/{id}/moves``                  ``{"move": "play 8H name hearts"}`` or
                                                 ``{"move": MOVE_DOCUMENT}``, optionally with
                                                 ``"expect": VERSION``; answers your new view
``POST /api/tables/{id}/rounds``                 deal the next round of the match (201)
``WS   /api/tables/{id}/live``                   send ``{"token", "lang", "after"}``; receive an
                                                 ``update`` (view, new events narrated, legal
                                                 moves, match) now and after every change
==============================================  ==============================================

Status codes: 400 bad parameter or body, 401 missing or unknown token, 403 another seat's view
or move, or a chosen seed at a table with other people, 404 unknown table, 405 wrong method, 409
illegal move (``illegal_move``), a table that changed since ``expect`` (``stale``), a move after
the round ended (``round_over``) or no next round (``no_next_round``), 413 body too large, 415 a
table not sent as JSON, 429 too many tables for one client or one network, 503 too many tables
or a damaged table record.
"""

from __future__ import annotations

from cardgames.web.app import ApiError, create_app, creator_key
from cardgames.web.store import SchemaError, Store
from cardgames.web.tables import BOT_KINDS, Snapshot, Tables, served_games

__all__ = [
    "BOT_KINDS",
    "ApiError",
    "SchemaError",
    "Snapshot",
    "Store",
    "Tables",
    "create_app",
    "creator_key",
    "served_games",
]
