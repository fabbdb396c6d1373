"""``python -m examples.web_table``: serve the web table (see `server.main` for the options)."""

from __future__ import annotations

from .server import main

if __name__ == "__main__":
    raise SystemExit(main())
