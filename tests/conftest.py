"""What keeps one test from breaking the next, for the whole test run.

uvicorn's logging set-up (``uvicorn.Config.configure_logging``, a ``dictConfig``) closes every
logging handler installed before it, and flushes them: a library imported during an earlier
test (absl, with OpenSpiel) installs a handler bound to that test's captured output, which
pytest has closed since, so a test that runs ``cardgames serve`` in-process then fails with
"I/O operation on closed file" and pytest loses its own stderr. In a real process there is no
such stream; in the tests uvicorn keeps the logging it finds.
"""

from __future__ import annotations

from typing import Any

import pytest

try:
    from uvicorn import Config as UvicornConfig
except ImportError:  # the web extra is not installed: no server is run
    UvicornConfig = None  # type: ignore[assignment, misc]


@pytest.fixture(autouse=True)
def _uvicorn_keeps_the_logging_it_finds(monkeypatch: pytest.MonkeyPatch) -> None:
    if UvicornConfig is not None:
        monkeypatch.setattr(UvicornConfig, "configure_logging", _no_set_up)


def _no_set_up(self: Any) -> None:
    """uvicorn's logging set-up, skipped."""
