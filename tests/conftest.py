"""What keeps one test from breaking the next, for the whole test run.

uvicorn's logging set-up (``uvicorn.Config.configure_logging``, a ``dictConfig``) closes every
logging handler installed before it, and flushes them: a library imported during an earlier
test (absl, with OpenSpiel) installs a handler bound to that test's captured output, which
pytest has closed since, so a test that runs ``cardgames serve`` in-process then fails with
"I/O operation on closed file" and pytest loses its own stderr. In a real process there is no
such stream; in the tests uvicorn keeps the logging it finds.

Parallel runs. ``.ci/test`` runs the tests with pytest-xdist (``-n auto --dist loadgroup``):
one process per core, each running its share of the tests in any order. Every test must
therefore pass alone, in any order and beside another process running other tests:

- write only under ``tmp_path`` (or a ``tempfile`` directory), never into the repository; the
  scripts that rewrite golden files run by hand (``python tests/test_golden.py --regenerate``),
  never under pytest;
- listen on port 0 (the system picks a free port) or on a socket held open, never a fixed port;
- a session fixture runs once per worker: one PostgreSQL cluster per worker
  (``pg_support``), with database names that hold the worker's pid;
- no module-level state that one test sets and another reads; tests that must share an
  expensive fixture or run in one process can say so with ``@pytest.mark.xdist_group("name")``;
- a bound on work is a bound on CPU time (``time.process_time()``), never on wall time: a
  sibling worker or another job on the machine stretches wall time by any factor;
- a subprocess that is sent a signal must have the handler it needs: wait until the process
  shows it is ready (a server answers a request), not until it printed its first line.

Hypothesis profiles, registered here (``--hypothesis-profile=NAME``):

- ``ci``: the one ``.ci/test`` runs: hypothesis's own ``ci`` profile (derandomized, so every
  run and both Pythons see the same examples; no deadline, since a loaded machine or a busy
  sibling worker makes timings meaningless; no example database written into the repository)
  with each test's own example counts;
- ``long``: 2,000 examples for every test that does not set its own count, with fresh
  randomness, for the long runs (``benchmarks/hostile.py``), where finding a new failure is
  the point.

A plain ``python -m pytest`` keeps hypothesis's ``default`` profile (random examples, kept in
``.hypothesis/``).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import settings

# Hypothesis's own "ci" profile (derandomized, no deadline, no example database, failures
# printed as blobs), the same settings .ci/test always gets, CI variable or not.
settings.register_profile("ci", settings.get_profile("ci"))
settings.register_profile(
    "long",
    settings.get_profile("ci"),
    max_examples=2000,
    derandomize=False,
)

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
