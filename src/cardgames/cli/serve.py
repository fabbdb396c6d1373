"""``cardgames serve``: run the web table (`cardgames.web`) on a database until interrupted.

Needs the ``web`` extra (Starlette, uvicorn, SQLAlchemy; ``postgres`` for PostgreSQL). The
first line on standard output says where it listens (``--port 0`` picks a free port)::

    cardgames serve: listening on http://127.0.0.1:8000/
"""

from __future__ import annotations

import argparse
import socket
from typing import Any

from cardgames.cli.choices import CommandError, UsageError

__all__ = ["DEFAULT_DATABASE", "WS_MAX_BYTES", "run_serve"]

WS_MAX_BYTES = 64 * 1024
"""The largest WebSocket message the server reads (larger ones close the socket, code 1009)."""

DEFAULT_DATABASE = "sqlite:///cardgames.sqlite3"
"""The database when none is given: a SQLite file in the current directory, made on first start."""


def run_serve(args: argparse.Namespace) -> int:
    """Serve the web table until Ctrl-C or SIGTERM (exit status 0: stopping is not a failure)."""
    try:
        import uvicorn  # noqa: F401  # needed by _serve: checked here, before the database
        from sqlalchemy.exc import ArgumentError, DatabaseError

        from cardgames.web import SchemaError, Store
    except ImportError as exc:
        raise CommandError(
            f"'cardgames serve' needs the web extra: pip install 'pycardgames[web]' ({exc})"
        ) from None
    if not 0 <= args.bot_delay <= 60:  # also NaN
        raise UsageError("--bot-delay is 0 to 60 seconds")
    if not 0 < args.idle_minutes <= 60 * 24 * 365:
        raise UsageError("--idle-minutes is more than 0 and at most a year")
    try:
        store = Store.open(args.database)
    except ArgumentError as exc:
        raise UsageError(f"--database: cannot read the URL {args.database!r}: {exc}") from None
    except (DatabaseError, SchemaError) as exc:  # no database, not a database, a damaged one
        message = str(exc).splitlines()[0]
        raise CommandError(f"cannot open the database {args.database!r}: {message}") from None
    except ModuleNotFoundError as exc:  # a PostgreSQL URL without psycopg
        raise CommandError(
            f"the database driver is missing ({exc.name}): pip install 'pycardgames[postgres]'"
        ) from None
    try:  # the store is closed however the server ends, or fails to start
        _serve(args, store)
    finally:
        store.close()
    print("cardgames serve: stopped", flush=True)
    return 0


def _serve(args: argparse.Namespace, store: Any) -> None:
    """Listen and serve ``store``'s tables (a `cardgames.web.Store`) until the server stops."""
    import uvicorn
    from uvicorn.config import LOGGING_CONFIG

    from cardgames.web import create_app
    from cardgames.web.logs import logging_config

    app = create_app(
        store=store,
        bot_delay=args.bot_delay,
        max_tables=args.max_tables,
        tables_per_creator=args.tables_per_client,
        idle_seconds=args.idle_minutes * 60,
    )
    try:
        family = socket.AF_INET6 if ":" in args.host else socket.AF_INET  # ::1, or 127.0.0.1
        sock = socket.create_server((args.host, args.port), family=family)
    except OSError as exc:
        raise CommandError(f"cannot listen on {args.host}:{args.port}: {exc.strerror}") from None
    # Small answers go out at once: without TCP_NODELAY (which the accepted connections inherit
    # from this socket), Nagle's algorithm holds the body back until the client's delayed ACK
    # of the headers, and every answer takes 40 ms more (benchmarks/web_load.py).
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    host, port = sock.getsockname()[:2]
    base = f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"
    try:
        print(f"cardgames serve: listening on {base}", flush=True)
        print(f"cardgames serve: database {args.database} (Ctrl+C stops the server)", flush=True)
        config = uvicorn.Config(
            app,
            log_level=args.log_level,
            log_config=logging_config(LOGGING_CONFIG),  # never a seat's token, at any level
            forwarded_allow_ips=args.forwarded_allow_ips,
            # A client sends one small message on the live socket (the application refuses one
            # over 4 KiB): uvicorn would read up to 16 MiB a message before the application
            # sees it, and a socket may send many.
            ws_max_size=WS_MAX_BYTES,
        )
        uvicorn.Server(config).run(sockets=[sock])
    except KeyboardInterrupt:  # Ctrl-C is how a server is stopped: a success
        pass
    finally:
        sock.close()
