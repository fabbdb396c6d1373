"""A throwaway PostgreSQL server for the test run, and the database fixtures built on it.

The web server's storage (`cardgames.web.store`) runs on SQLite by default and on PostgreSQL
when given a ``postgresql+psycopg://`` URL; the tests run against both. A test module uses the
fixtures by naming this module as a plugin::

    pytest_plugins = ("pg_support",)

    def test_something(database_url: str) -> None:  # runs once on SQLite, once on PostgreSQL
        ...

Fixtures:

- ``postgres_cluster`` (session): starts one PostgreSQL server for the whole run, the first
  time a test asks for it, and stops and deletes it at the end. Its data directory and its
  socket directory are in one temporary directory; it listens on that Unix socket only (no
  TCP: ``listen_addresses=''``), trusts local connections and keeps nothing on disk
  safely (``fsync=off``: the data dies with the run anyway).
- ``postgres_url`` (session): the SQLAlchemy URL of a database of that server,
  ``postgresql+psycopg://cardgames@/cardgames?host=/tmp/cardgames-pg-XXXX/socket``.
- ``database_url`` (per test, parametrized ``sqlite`` / ``postgresql``): a fresh, empty
  database for each test: a new SQLite file in the test's temporary directory
  (``sqlite:////.../db.sqlite``), or a new database of the server, dropped after the test.

Rules it follows:

- The server binaries are Debian's (``/usr/lib/postgresql/VERSION/bin``, the newest first),
  else the ``initdb`` and ``pg_ctl`` found on ``PATH`` (``/usr/local/bin``, Homebrew...).
- ``initdb`` and ``postgres`` refuse to run as root. Run as root (as CI is), they run as the
  ``postgres`` system user that Debian's package creates (else ``nobody``), and the temporary
  directories are given to that user; run as anyone else, they run as the current user.
- When the server cannot run here (no binaries, no psycopg, no unprivileged user, initdb or
  the start failing), the PostgreSQL tests are skipped with the exact reason,
  ``PostgreSQL not available: ...``. With ``CARDGAMES_REQUIRE_POSTGRES=1`` in the environment
  (``.ci/run`` sets it once it has installed the server) they fail instead, so that CI cannot
  pass by silently skipping them.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn

import pytest

ROLE = "cardgames"
"""The database role (user) of the throwaway server; it owns every database."""

REQUIRE_ENV = "CARDGAMES_REQUIRE_POSTGRES"
"""Environment variable: ``1`` makes a missing PostgreSQL a failure instead of a skip."""

DEBIAN_ROOT = Path("/usr/lib/postgresql")
"""Where Debian installs each major version's server binaries (``15/bin/initdb``...)."""

_TIMEOUT = 120  # seconds for initdb, or for the server to start or stop


class PostgresUnavailable(Exception):
    """PostgreSQL cannot run here; the message says why."""


@dataclass(frozen=True)
class ServerUser:
    """Who runs the server's processes: the current user, or an unprivileged one when root."""

    name: str
    uid: int | None  # None: the current user (no switch)
    gid: int | None


@dataclass(frozen=True)
class PostgresCluster:
    """A running throwaway PostgreSQL server.

    Attributes:
        base: the temporary directory that holds everything below.
        data_dir: the cluster's data directory (``initdb``'s).
        socket_dir: the directory of the server's Unix socket (``.s.PGSQL.5432``).
        bin_dir: the directory of the server binaries used.
        user: who runs the server.
        log: the server's log file.
    """

    base: Path
    data_dir: Path
    socket_dir: Path
    bin_dir: Path
    user: ServerUser
    log: Path

    def url(self, database: str) -> str:
        """The SQLAlchemy URL of one of the server's databases (psycopg 3 driver)."""
        return f"postgresql+psycopg://{ROLE}@/{database}?host={self.socket_dir}"

    def create_database(self, name: str) -> str:
        """Create an empty database; return its SQLAlchemy URL."""
        import psycopg
        from psycopg import sql

        with psycopg.connect(
            host=str(self.socket_dir), user=ROLE, dbname="postgres", autocommit=True
        ) as conn:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        return self.url(name)

    def drop_database(self, name: str) -> None:
        """Drop a database, closing its connections (a test's engine may still hold some)."""
        import psycopg
        from psycopg import sql

        with psycopg.connect(
            host=str(self.socket_dir), user=ROLE, dbname="postgres", autocommit=True
        ) as conn:
            conn.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )


def _version_key(path: Path) -> tuple[int, ...]:
    """``/usr/lib/postgresql/15/bin`` -> (15,): the newest version sorts last."""
    return tuple(int(part) for part in re.findall(r"\d+", path.parent.name))


def find_bin_dir() -> Path:
    """The directory holding ``initdb``, ``pg_ctl`` and ``postgres``.

    Raises:
        PostgresUnavailable: none found.
    """
    candidates = sorted(DEBIAN_ROOT.glob("*/bin"), key=_version_key, reverse=True)
    on_path = shutil.which("initdb")
    if on_path is not None:
        candidates.append(Path(on_path).parent)
    for directory in candidates:
        if all(os.access(directory / name, os.X_OK) for name in ("initdb", "pg_ctl", "postgres")):
            return directory
    raise PostgresUnavailable(
        "no server binaries (initdb, pg_ctl and postgres in /usr/lib/postgresql/*/bin or on "
        "PATH); on Debian: apt-get install postgresql"
    )


def find_server_user() -> ServerUser:
    """The current user, or an unprivileged system user when running as root.

    Raises:
        PostgresUnavailable: root, and neither ``postgres`` nor ``nobody`` exists.
    """
    import pwd

    if os.geteuid() != 0:
        return ServerUser(pwd.getpwuid(os.geteuid()).pw_name, None, None)
    for name in ("postgres", "nobody"):
        try:
            entry = pwd.getpwnam(name)
        except KeyError:
            continue
        if entry.pw_uid != 0:
            return ServerUser(name, entry.pw_uid, entry.pw_gid)
    raise PostgresUnavailable(
        "running as root, and no unprivileged user (postgres, nobody) to run the server as"
    )


def _run(cluster_user: ServerUser, argv: list[str], cwd: Path, what: str) -> None:
    """Run a server binary as the server's user; raise PostgresUnavailable if it fails."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(cwd),
        "LC_ALL": "C",
        "TZ": "UTC",
    }
    try:
        done = subprocess.run(
            argv,
            cwd=cwd,
            env=env,
            user=cluster_user.uid,
            group=cluster_user.gid,
            extra_groups=[] if cluster_user.uid is not None else None,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=_TIMEOUT,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise PostgresUnavailable(f"{what} could not run: {exc}") from exc
    if done.returncode != 0:
        output = (done.stderr.strip() or done.stdout.strip()).splitlines()[-5:]
        raise PostgresUnavailable(
            f"{what} failed (exit {done.returncode}): {' / '.join(output) or 'no output'}"
        )


def start_cluster() -> PostgresCluster:
    """Create and start a throwaway server (see the module docstring).

    Raises:
        PostgresUnavailable: it cannot run here; the message says why. Nothing is left behind.
    """
    if sys.platform == "win32":
        raise PostgresUnavailable("the test server listens on a Unix socket: not on Windows")
    try:
        import psycopg  # noqa: F401  (the driver of the URLs given to SQLAlchemy)
    except ImportError as exc:
        raise PostgresUnavailable(
            f"psycopg is not installed ({exc}); pip install 'pycardgames[postgres]'"
        ) from exc
    bin_dir = find_bin_dir()
    user = find_server_user()
    # A short path: a Unix socket's path may not exceed about 100 bytes.
    base = Path(tempfile.mkdtemp(prefix="cardgames-pg-"))
    socket_dir = base / "socket"
    socket_dir.mkdir()
    if user.uid is not None and user.gid is not None:
        for path in (base, socket_dir):
            os.chown(path, user.uid, user.gid)
    cluster = PostgresCluster(
        base=base,
        data_dir=base / "data",
        socket_dir=socket_dir,
        bin_dir=bin_dir,
        user=user,
        log=base / "server.log",
    )
    try:
        _run(
            user,
            [
                str(bin_dir / "initdb"),
                "--pgdata",
                str(cluster.data_dir),
                "--username",
                ROLE,
                "--auth",
                "trust",
                "--encoding",
                "UTF8",
                "--locale",
                "C",
                "--no-sync",
                "--no-instructions",
            ],
            base,
            "initdb",
        )
        settings = {
            "listen_addresses": "''",  # no TCP at all
            "unix_socket_directories": f"'{socket_dir}'",
            "fsync": "off",
            "synchronous_commit": "off",
            "full_page_writes": "off",
        }
        options = " ".join(f"-c {name}={value}" for name, value in settings.items())
        _run(
            user,
            [
                str(bin_dir / "pg_ctl"),
                "start",
                "--wait",
                "--timeout",
                str(_TIMEOUT),
                "--pgdata",
                str(cluster.data_dir),
                "--log",
                str(cluster.log),
                "--options",
                options,
            ],
            base,
            "pg_ctl start",
        )
    except PostgresUnavailable as exc:
        log = _log_tail(cluster)
        stop_cluster(cluster)
        raise PostgresUnavailable(f"{exc}{' / server log: ' + log if log else ''}") from exc
    return cluster


def _log_tail(cluster: PostgresCluster) -> str:
    try:
        return " / ".join(cluster.log.read_text(errors="replace").strip().splitlines()[-3:])
    except OSError:
        return ""


def stop_cluster(cluster: PostgresCluster) -> None:
    """Stop the server (if it runs) and delete its temporary directory."""
    pid_file = cluster.data_dir / "postmaster.pid"
    if pid_file.exists():
        try:
            _run(
                cluster.user,
                [
                    str(cluster.bin_dir / "pg_ctl"),
                    "stop",
                    "--wait",
                    "--mode",
                    "fast",
                    "--pgdata",
                    str(cluster.data_dir),
                ],
                cluster.base,
                "pg_ctl stop",
            )
        except PostgresUnavailable:
            # The server did not stop in time: kill it, so that the directory can go.
            with contextlib.suppress(OSError, ValueError, IndexError):
                os.kill(int(pid_file.read_text().split()[0]), signal.SIGKILL)
    shutil.rmtree(cluster.base, ignore_errors=True)


def _unavailable(reason: str) -> NoReturn:
    message = f"PostgreSQL not available: {reason}"
    if os.environ.get(REQUIRE_ENV) == "1":
        pytest.fail(f"{message} ({REQUIRE_ENV}=1)", pytrace=False)
    pytest.skip(message)


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[PostgresCluster]:
    """One throwaway PostgreSQL server for the test run (skips the test if it cannot run)."""
    try:
        cluster = start_cluster()
    except PostgresUnavailable as exc:
        _unavailable(str(exc))
    try:
        yield cluster
    finally:
        stop_cluster(cluster)


@pytest.fixture(scope="session")
def postgres_url(postgres_cluster: PostgresCluster) -> str:
    """The SQLAlchemy URL of a database of the run's PostgreSQL server, shared by the run."""
    return postgres_cluster.create_database("cardgames")


_database_numbers = itertools.count(1)


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty database for one test: a SQLite file, then a PostgreSQL database."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'db.sqlite'}"
        return
    cluster: PostgresCluster = request.getfixturevalue("postgres_cluster")
    name = f"test_{os.getpid()}_{next(_database_numbers)}"
    url = cluster.create_database(name)
    try:
        yield url
    finally:
        cluster.drop_database(name)
