"""The test run's throwaway PostgreSQL server and database fixtures (tests/pg_support.py)."""

from __future__ import annotations

import os
import stat
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from pg_support import PostgresCluster

sqlalchemy = pytest.importorskip("sqlalchemy")

# The fixtures. (The tests below import pg_support itself only when they run: imported here, it
# would be imported before pytest registers it as a plugin, which then could not rewrite its
# asserts.)
pytest_plugins = ("pg_support",)


def _round_trip(url: str) -> list[tuple[int, str]]:
    """Create a table, insert two rows, read them back."""
    engine = sqlalchemy.create_engine(url)
    try:
        with engine.begin() as conn:
            conn.execute(sqlalchemy.text("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)"))
            conn.execute(
                sqlalchemy.text("INSERT INTO t (id, name) VALUES (:id, :name)"),
                [{"id": 2, "name": "Léa"}, {"id": 1, "name": "Tom"}],
            )
        with engine.connect() as conn:
            rows = conn.execute(sqlalchemy.text("SELECT id, name FROM t ORDER BY id")).all()
        return [(row[0], row[1]) for row in rows]
    finally:
        engine.dispose()


def test_postgres_url_round_trip(postgres_url: str) -> None:
    url = sqlalchemy.engine.make_url(postgres_url)
    assert (url.get_backend_name(), url.get_driver_name()) == ("postgresql", "psycopg")
    assert _round_trip(postgres_url) == [(1, "Tom"), (2, "Léa")]
    engine = sqlalchemy.create_engine(postgres_url)
    try:
        with engine.begin() as conn:
            conn.execute(sqlalchemy.text("DROP TABLE t"))
    finally:
        engine.dispose()


def test_server_listens_on_its_socket_only(
    postgres_cluster: PostgresCluster, postgres_url: str
) -> None:
    base = postgres_cluster.base
    assert base.parent == Path(tempfile.gettempdir())
    assert base.name.startswith("cardgames-pg-")
    socket = postgres_cluster.socket_dir / ".s.PGSQL.5432"
    assert stat.S_ISSOCK(socket.stat().st_mode)
    assert socket.resolve().is_relative_to(base.resolve())
    engine = sqlalchemy.create_engine(postgres_url)
    try:
        with engine.connect() as conn:
            show = conn.execute(sqlalchemy.text("SHOW listen_addresses")).scalar_one()
            sockets = conn.execute(sqlalchemy.text("SHOW unix_socket_directories")).scalar_one()
            data = conn.execute(sqlalchemy.text("SHOW data_directory")).scalar_one()
            # NULL on a Unix-socket connection: the client did not come over TCP.
            peer = conn.execute(sqlalchemy.text("SELECT inet_server_addr()")).scalar_one()
    finally:
        engine.dispose()
    assert show == ""
    assert sockets == str(postgres_cluster.socket_dir)
    assert Path(data) == postgres_cluster.data_dir
    assert peer is None


def test_server_runs_unprivileged(postgres_cluster: PostgresCluster) -> None:
    owner = postgres_cluster.data_dir.stat().st_uid
    if os.geteuid() == 0:
        assert owner != 0
        assert postgres_cluster.user.uid == owner
        assert postgres_cluster.user.name in ("postgres", "nobody")
    else:
        assert owner == os.geteuid()
        assert postgres_cluster.user.uid is None
    pid = int((postgres_cluster.data_dir / "postmaster.pid").read_text().split()[0])
    assert Path(f"/proc/{pid}").stat().st_uid == owner


@pytest.mark.parametrize("attempt", [1, 2])
def test_database_url_is_fresh_for_each_test(database_url: str, attempt: int) -> None:
    # CREATE TABLE without IF NOT EXISTS: the second attempt fails if the database is shared.
    engine = sqlalchemy.create_engine(database_url)
    try:
        assert sqlalchemy.inspect(engine).get_table_names() == []
    finally:
        engine.dispose()
    assert _round_trip(database_url) == [(1, "Tom"), (2, "Léa")]


def test_database_url_backends(database_url: str, request: pytest.FixtureRequest) -> None:
    backend = sqlalchemy.engine.make_url(database_url).get_backend_name()
    assert backend == request.node.callspec.params["database_url"]
    if backend == "sqlite":
        path = Path(sqlalchemy.engine.make_url(database_url).database or "")
        assert path.is_absolute()
        assert path.name == "db.sqlite"
        assert not path.exists()


# -- when the server cannot run ------------------------------------------------------------------


def test_no_binaries_is_the_reason(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import pg_support

    monkeypatch.setattr(pg_support, "DEBIAN_ROOT", tmp_path)
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(
        pg_support.PostgresUnavailable, match=r"^no server binaries \(initdb, pg_ctl"
    ):
        pg_support.start_cluster()


def test_binaries_found_newest_first(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import pg_support

    for version in ("9.6", "15", "13", "16"):
        directory = tmp_path / version / "bin"
        directory.mkdir(parents=True)
        for name in ("initdb", "pg_ctl", "postgres"):
            (directory / name).write_text("#!/bin/sh\n")
            (directory / name).chmod(0o755 if version != "16" else 0o644)  # 16: not executable
    monkeypatch.setattr(pg_support, "DEBIAN_ROOT", tmp_path)
    monkeypatch.setenv("PATH", "")
    assert pg_support.find_bin_dir() == tmp_path / "15" / "bin"


def test_no_psycopg_is_the_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    import pg_support

    monkeypatch.setitem(sys.modules, "psycopg", None)
    with pytest.raises(pg_support.PostgresUnavailable, match=r"^psycopg is not installed"):
        pg_support.start_cluster()


def test_failing_initdb_is_the_reason_and_leaves_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    import pg_support

    pytest.importorskip("psycopg")
    fake = Path(tempfile.mkdtemp(prefix="cardgames-fake-pg-"))
    try:
        fake.chmod(0o755)  # the server's user must reach it when the tests run as root
        (fake / "initdb").write_text(
            "#!/bin/sh\necho 'initdb: error: the disk is on fire' >&2\nexit 3\n"
        )
        (fake / "initdb").chmod(0o755)
        monkeypatch.setattr(pg_support, "find_bin_dir", lambda: fake)
        before = set(Path(tempfile.gettempdir()).glob("cardgames-pg-*"))
        with pytest.raises(pg_support.PostgresUnavailable) as caught:
            pg_support.start_cluster()
        assert str(caught.value) == "initdb failed (exit 3): initdb: error: the disk is on fire"
        assert set(Path(tempfile.gettempdir()).glob("cardgames-pg-*")) == before
    finally:
        for path in fake.iterdir():
            path.unlink()
        fake.rmdir()


def test_unavailable_skips_with_the_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    import pg_support

    monkeypatch.delenv(pg_support.REQUIRE_ENV, raising=False)
    with pytest.raises(pytest.skip.Exception, match=r"^PostgreSQL not available: no psycopg$"):
        pg_support._unavailable("no psycopg")


def test_unavailable_fails_when_required(monkeypatch: pytest.MonkeyPatch) -> None:
    import pg_support

    monkeypatch.setenv(pg_support.REQUIRE_ENV, "1")
    with pytest.raises(pytest.fail.Exception, match=r"^PostgreSQL not available: no psycopg"):
        pg_support._unavailable("no psycopg")
