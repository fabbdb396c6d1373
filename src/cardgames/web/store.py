"""Where `cardgames serve` keeps its tables: a database through SQLAlchemy 2 (SQLite or PostgreSQL).

What is stored, per table (the names are the database's):

- ``cg_tables``: the game, the preset, the client that made it (`creator`), the table's
  ``version`` (one more after every change), the round being played, its ``status``
  (``playing``, ``round_over``, ``match_over``), the current state as the library's JSON
  document (`State.to_json`), the match so far (each finished round's points) and the times of
  creation and of the last change;
- ``cg_seats``: each seat's name, its bot (``None`` for a person) and the SHA-256 of the
  person's token, never the token itself;
- ``cg_rounds``: each round's seed and rules (the rules rotate from round to round), from
  which the round is dealt again, and its points once it is over;
- ``cg_moves``: every accepted move of every round, in order, as the library's move documents
  (`Game.move_to_json`), with the seat that made it;
- ``cg_schema``: the schema's version (`SCHEMA_VERSION`).

Each change (a move, a new round) is one transaction that also checks the table's version:
``UPDATE ... WHERE id = ? AND version = ?`` changes one row or none, and none means another
request changed the table first; the change is then rolled back, whole (`Store.commit`
returns ``False``). Two requests racing on one table therefore never both apply.

A store is opened with `Store.open`, which creates the tables of an empty database and upgrades
an older schema step by step (`MIGRATIONS`); a database written by a newer ``cardgames`` is
refused (`SchemaError`) rather than misread.

Examples:
    >>> store = Store.open("sqlite://")  # an in-memory database
    >>> store.schema_version()
    1
    >>> store.table_ids()
    ()
    >>> store.close()  # its connections: a store left to the garbage collector leaks them
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Final

import attrs
import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from cardgames.errors import CardGamesError

__all__ = [
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "MoveRow",
    "NewRound",
    "SchemaError",
    "SeatRow",
    "Store",
    "TableRow",
    "token_hash",
]

SCHEMA_VERSION: Final = 1
"""The version of the schema this ``cardgames`` writes."""

_ID: Final = 32
_NAME: Final = 64
_TEXT: Final = 64

metadata = sa.MetaData()

schema_table = sa.Table(
    "cg_schema",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("version", sa.Integer, nullable=False),
)

tables_table = sa.Table(
    "cg_tables",
    metadata,
    sa.Column("id", sa.String(_ID), primary_key=True),
    sa.Column("game", sa.String(_TEXT), nullable=False),
    sa.Column("preset", sa.String(_TEXT), nullable=False),
    sa.Column("creator", sa.String(_TEXT), nullable=True, index=True),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("round", sa.Integer, nullable=False),
    sa.Column("moves", sa.Integer, nullable=False),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("state", sa.Text, nullable=False),
    sa.Column("match", sa.Text, nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("updated_at", sa.Float, nullable=False, index=True),
)

seats_table = sa.Table(
    "cg_seats",
    metadata,
    sa.Column(
        "table_id",
        sa.String(_ID),
        sa.ForeignKey("cg_tables.id", ondelete="CASCADE"),
        primary_key=True,
    ),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("name", sa.String(_NAME), nullable=False),
    sa.Column("bot", sa.String(_TEXT), nullable=True),
    sa.Column("token_hash", sa.String(64), nullable=True),
)

rounds_table = sa.Table(
    "cg_rounds",
    metadata,
    sa.Column(
        "table_id",
        sa.String(_ID),
        sa.ForeignKey("cg_tables.id", ondelete="CASCADE"),
        primary_key=True,
    ),
    sa.Column("round", sa.Integer, primary_key=True),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("rules", sa.Text, nullable=False),
    sa.Column("points", sa.Text, nullable=True),
)

moves_table = sa.Table(
    "cg_moves",
    metadata,
    sa.Column(
        "table_id",
        sa.String(_ID),
        sa.ForeignKey("cg_tables.id", ondelete="CASCADE"),
        primary_key=True,
    ),
    sa.Column("round", sa.Integer, primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("move", sa.Text, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)


class SchemaError(CardGamesError, RuntimeError):
    """The database holds a schema this version of ``cardgames`` cannot use."""


def token_hash(token: str) -> str:
    """The SHA-256 of a seat's token, as stored (a token is 192 random bits: no salt needed).

    Examples:
        >>> token_hash("abc")[:16]
        'ba7816bf8f01cfea'
    """
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@attrs.frozen
class SeatRow:
    """A stored seat: its name, its bot (``None``: a person) and its token's hash."""

    name: str
    bot: str | None
    token_hash: str | None


@attrs.frozen
class TableRow:
    """A stored table, as `Store.table` reads it (the documents are JSON text)."""

    id: str
    game: str
    preset: str
    creator: str | None
    version: int
    round: int
    moves: int
    status: str
    state: str
    match: str
    created_at: float
    updated_at: float
    seats: tuple[SeatRow, ...]


@attrs.frozen
class NewRound:
    """A round to store: its number, seed and rules document."""

    round: int
    seed: int
    rules: str


@attrs.frozen
class MoveRow:
    """A stored move: its number in the round (from 1), its seat and its move document."""

    seq: int
    seat: int
    move: str


def _create_v1(connection: Connection) -> None:
    metadata.create_all(connection)


MIGRATIONS: Final[tuple[Callable[[Connection], None], ...]] = (_create_v1,)
"""``MIGRATIONS[k]`` takes a database from schema version ``k`` to ``k + 1`` (0: empty)."""


class Store:
    """The tables of one server, in a database.

    Create one with `open`. Every method is one transaction; a store is safe to share between
    threads (SQLAlchemy's pool gives each its connection).

    Args:
        engine: The SQLAlchemy engine (see `open`).
        clock: Wall-clock seconds (tests can drive time).
    """

    def __init__(self, engine: Engine, *, clock: Callable[[], float] = time.time) -> None:
        self.engine = engine
        self.clock = clock

    @classmethod
    def open(cls, url: str, *, clock: Callable[[], float] = time.time) -> Store:
        """Connect to the database at ``url``, creating or upgrading its schema.

        ``sqlite:///path/to/file.db`` (created on first use), ``sqlite://`` (in memory, one
        connection: for single-threaded scripts only, not for a server) or
        ``postgresql+psycopg://user@host/db`` (``postgresql://`` is read as that).

        Raises:
            SchemaError: if the database was written by a newer ``cardgames``.
            sqlalchemy.exc.ArgumentError: for a URL SQLAlchemy cannot read.
        """
        url_obj = sa.make_url(url)
        kwargs: dict[str, Any] = {}
        if url_obj.drivername == "postgresql":
            url_obj = url_obj.set(drivername="postgresql+psycopg")
        if url_obj.get_backend_name() == "sqlite":
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
            if url_obj.database in (None, "", ":memory:"):
                kwargs["poolclass"] = sa.StaticPool  # one connection: one in-memory database
        if "poolclass" not in kwargs:
            # As many connections as the server's worker threads (40), so that a burst of
            # requests waits for a thread, not for a connection.
            kwargs.update(pool_size=10, max_overflow=30, pool_timeout=30)
        engine = sa.create_engine(url_obj, **kwargs)
        if url_obj.get_backend_name() == "sqlite":
            sa.event.listen(engine, "connect", _sqlite_pragmas)
        store = cls(engine, clock=clock)
        try:
            store.migrate()
        except BaseException:
            engine.dispose()  # a refused database leaves no connection open behind it
            raise
        return store

    def close(self) -> None:
        """Close the database's connections."""
        self.engine.dispose()

    @contextmanager
    def _begin(self) -> Iterator[Connection]:
        with self.engine.begin() as connection:
            yield connection

    # -- schema ----------------------------------------------------------------------------

    def schema_version(self) -> int:
        """The version of the schema the database holds (0: empty).

        Raises:
            SchemaError: if the schema's row is damaged (a version that is not a whole number
                from 1, or several rows).
        """
        with self.engine.connect() as connection:
            if not sa.inspect(connection).has_table("cg_schema"):
                return 0
            versions = connection.execute(sa.select(schema_table.c.version)).scalars().all()
        if not versions:
            return 0
        (version,) = versions if len(versions) == 1 else (None,)
        if type(version) is not int or version < 1:
            raise SchemaError(
                "the database's schema row is damaged (not one version number from 1): "
                "restore it from a backup or use another database"
            )
        return version

    def migrate(self) -> None:
        """Bring the schema to `SCHEMA_VERSION`, one migration step at a time.

        Raises:
            SchemaError: if the database's schema is newer than this ``cardgames`` knows.
        """
        version = self.schema_version()
        if version > SCHEMA_VERSION:
            raise SchemaError(
                f"the database has schema version {version}, newer than this cardgames "
                f"({SCHEMA_VERSION}): upgrade cardgames or use another database"
            )
        for step in range(version, SCHEMA_VERSION):
            try:
                self._migrate_step(step)
            except sa.exc.IntegrityError:  # another server created the schema at the same time
                if self.schema_version() < step + 1:
                    raise

    def _migrate_step(self, step: int) -> None:
        with self._begin() as connection:
            MIGRATIONS[step](connection)
            if step == 0:
                connection.execute(sa.insert(schema_table).values(id=1, version=1))
            else:  # pragma: no cover - no second version yet
                connection.execute(sa.update(schema_table).values(version=step + 1))

    # -- reading ---------------------------------------------------------------------------

    def table(self, table_id: str) -> TableRow | None:
        """The stored table ``table_id``, or ``None``."""
        with self.engine.connect() as connection:
            row = connection.execute(
                sa.select(tables_table).where(tables_table.c.id == table_id)
            ).one_or_none()
            if row is None:
                return None
            seats = connection.execute(
                sa.select(seats_table.c.name, seats_table.c.bot, seats_table.c.token_hash)
                .where(seats_table.c.table_id == table_id)
                .order_by(seats_table.c.seat)
            ).all()
        return TableRow(
            **row._mapping,
            seats=tuple(SeatRow(s.name, s.bot, s.token_hash) for s in seats),
        )

    def version(self, table_id: str) -> int | None:
        """The table's version (one more after every change), or ``None`` if it is gone.

        Raises:
            ValueError: if the stored version is not an integer (a row edited by hand).
        """
        with self.engine.connect() as connection:
            value = connection.execute(
                sa.select(tables_table.c.version).where(tables_table.c.id == table_id)
            ).scalar()
        if value is None:
            return None
        if type(value) is not int:
            raise ValueError(f"table {table_id}: the stored version is not an integer")
        return value

    def round_of(self, table_id: str, round_number: int) -> tuple[NewRound, str | None] | None:
        """A round's seed and rules, and its points document once it is over."""
        with self.engine.connect() as connection:
            row = connection.execute(
                sa.select(rounds_table).where(
                    rounds_table.c.table_id == table_id, rounds_table.c.round == round_number
                )
            ).one_or_none()
        if row is None:
            return None
        return NewRound(row.round, int(row.seed), row.rules), row.points

    def moves(
        self, table_id: str, round_number: int, *, upto: int | None = None
    ) -> tuple[MoveRow, ...]:
        """The accepted moves of a round, in order (the first ``upto`` if given).

        Moves are only ever added, so the first ``TableRow.moves`` of the table's round are
        exactly the moves that led to its stored state, whatever was committed since it was
        read.
        """
        query = (
            sa.select(moves_table.c.seq, moves_table.c.seat, moves_table.c.move)
            .where(moves_table.c.table_id == table_id, moves_table.c.round == round_number)
            .order_by(moves_table.c.seq)
        )
        if upto is not None:
            query = query.where(moves_table.c.seq <= upto)
        with self.engine.connect() as connection:
            rows = connection.execute(query).all()
        return tuple(MoveRow(r.seq, r.seat, r.move) for r in rows)

    def table_ids(self, *, status: str | None = None) -> tuple[str, ...]:
        """The ids of the stored tables (of one ``status`` if given), oldest first."""
        query = sa.select(tables_table.c.id).order_by(tables_table.c.created_at, tables_table.c.id)
        if status is not None:
            query = query.where(tables_table.c.status == status)
        with self.engine.connect() as connection:
            return tuple(connection.execute(query).scalars())

    def count(self, *, creator: str | None = None, running: bool = False) -> int:
        """How many tables are stored (made by ``creator``; only unfinished ones if ``running``)."""
        query = sa.select(sa.func.count()).select_from(tables_table)
        if creator is not None:
            query = query.where(tables_table.c.creator == creator)
        if running:
            query = query.where(tables_table.c.status != "match_over")
        with self.engine.connect() as connection:
            return int(connection.execute(query).scalar() or 0)

    def tables_by_creator(
        self, *, creator: str | None = None
    ) -> list[tuple[str | None, str, float]]:
        """Each table's creator, status and last change (only ``creator``'s if given).

        The tables' own limits read it: how many a client or a network holds, and when the
        first of them expires.
        """
        columns = (tables_table.c.creator, tables_table.c.status, tables_table.c.updated_at)
        query = sa.select(*columns)
        if creator is not None:
            query = query.where(tables_table.c.creator == creator)
        with self.engine.connect() as connection:
            return [
                (row_creator, str(status), float(updated))
                for row_creator, status, updated in connection.execute(query)
            ]

    # -- writing ---------------------------------------------------------------------------

    def create(
        self,
        row: TableRow,
        first_round: NewRound,
    ) -> None:
        """Store a new table, its seats and its first round (one transaction)."""
        with self._begin() as connection:
            connection.execute(
                sa.insert(tables_table).values(attrs.asdict(row, recurse=False, filter=_columns))
            )
            connection.execute(
                sa.insert(seats_table),
                [
                    {
                        "table_id": row.id,
                        "seat": seat,
                        "name": s.name,
                        "bot": s.bot,
                        "token_hash": s.token_hash,
                    }
                    for seat, s in enumerate(row.seats)
                ],
            )
            _insert_round(connection, row.id, first_round)

    def commit(
        self,
        table_id: str,
        version: int,
        *,
        round_number: int,
        moves: int,
        status: str,
        state: str,
        match: str,
        move: MoveRow | None = None,
        points: str | None = None,
        new_round: NewRound | None = None,
    ) -> bool:
        """Apply one change to a table if its version is still ``version``.

        In one transaction: the table gets ``version + 1`` and the new round, number of moves,
        status, state and match; ``move`` is added to the round's log; ``points`` closes the round;
        ``new_round`` starts the next one. Returns ``False``, changing nothing, when the table
        has another version (another request changed it first) or is gone.
        """
        now = self.clock()
        with self._begin() as connection:
            result = connection.execute(
                sa.update(tables_table)
                .where(tables_table.c.id == table_id, tables_table.c.version == version)
                .values(
                    version=version + 1,
                    round=round_number,
                    moves=moves,
                    status=status,
                    state=state,
                    match=match,
                    updated_at=now,
                )
            )
            if result.rowcount != 1:
                connection.rollback()
                return False
            if move is not None:
                connection.execute(
                    sa.insert(moves_table).values(
                        table_id=table_id,
                        round=round_number,
                        seq=move.seq,
                        seat=move.seat,
                        move=move.move,
                        at=now,
                    )
                )
            if points is not None:
                connection.execute(
                    sa.update(rounds_table)
                    .where(
                        rounds_table.c.table_id == table_id,
                        rounds_table.c.round == round_number,
                    )
                    .values(points=points)
                )
            if new_round is not None:
                _insert_round(connection, table_id, new_round)
        return True

    def expire(self, idle_seconds: float, *, finished_seconds: float | None = None) -> list[str]:
        """Delete idle tables; return their ids.

        A table where nothing changed for ``idle_seconds`` goes, and a finished one
        (``match_over``) after ``finished_seconds`` (default: ``idle_seconds``). The condition
        is checked again by the delete itself, so a table that got a move after the ids were
        read is kept.
        """
        now = self.clock()
        finished = idle_seconds if finished_seconds is None else finished_seconds
        stale = sa.or_(
            tables_table.c.updated_at < now - idle_seconds,
            sa.and_(
                tables_table.c.status == "match_over",
                tables_table.c.updated_at < now - finished,
            ),
        )
        with self._begin() as connection:
            old = list(connection.execute(sa.select(tables_table.c.id).where(stale)).scalars())
            if not old:
                return []
            # One statement a table and its row count, not DELETE ... RETURNING, which SQLite
            # before 3.35 (RHEL 9 ships 3.34) refuses.
            gone = [
                table_id
                for table_id in old
                if connection.execute(
                    sa.delete(tables_table).where(tables_table.c.id == table_id, stale)
                ).rowcount
            ]
            for child in (moves_table, rounds_table, seats_table):
                connection.execute(sa.delete(child).where(child.c.table_id.in_(gone)))
        return gone

    def delete(self, table_ids: Sequence[str]) -> None:
        """Delete tables, their seats, rounds and moves."""
        with self._begin() as connection:
            _delete(connection, list(table_ids))


def _columns(attribute: attrs.Attribute[Any], _value: object) -> bool:
    """The fields of a `TableRow` stored in ``cg_tables`` (its seats go to ``cg_seats``)."""
    return attribute.name != "seats"


def _insert_round(connection: Connection, table_id: str, new_round: NewRound) -> None:
    connection.execute(
        sa.insert(rounds_table).values(
            table_id=table_id,
            round=new_round.round,
            seed=new_round.seed,
            rules=new_round.rules,
            points=None,
        )
    )


def _delete(connection: Connection, ids: list[str]) -> None:
    if not ids:
        return
    # Children first: SQLite enforces foreign keys only when asked, so do not rely on CASCADE.
    for child in (moves_table, rounds_table, seats_table):
        connection.execute(sa.delete(child).where(child.c.table_id.in_(ids)))
    connection.execute(sa.delete(tables_table).where(tables_table.c.id.in_(ids)))


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL: readers do not wait for the writer; foreign keys as declared.
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA synchronous=NORMAL")
    finally:
        cursor.close()


def dumps(value: object) -> str:
    """Compact JSON for the store's own small documents (points, match)."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
