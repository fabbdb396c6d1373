"""What the tests of `cardgames serve` (``tests/test_web_*.py``) share: a server on a SQLite file,
tables made through the API, tokens, and the leak check of every answer a seat gets.

Each test gets its own database file (``sqlite:///TMP/db.sqlite3``): an in-memory database is
one connection, unsafe across the threads the application uses. The application is entered
with ``with TestClient(app)`` so that its lifespan runs (the hub, the bots, the sweeper).
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install -e '.[web]'")
pytest.importorskip("sqlalchemy", reason="the web extra is not installed: pip install -e '.[web]'")
pytest.importorskip("httpx", reason="starlette's TestClient needs httpx (the test extra)")

with warnings.catch_warnings():
    # Starlette 1.x prefers httpx2, which needs Python 3.11: on 3.10 its TestClient uses httpx.
    warnings.filterwarnings("ignore", "Using `httpx` with `starlette.testclient` is deprecated")
    from starlette.testclient import TestClient

from cardgames.codec import encode
from cardgames.game import State
from cardgames.web import Snapshot, Store, Tables, create_app
from test_leaks import Witness, check_text, witness_for

__all__ = [
    "TestClient",
    "Watcher",
    "bearer",
    "db_url",
    "deal",
    "serve",
    "snapshot_of",
    "tables_of",
]

AnyState = State[Any, Any, Any]

THREE = [{"name": "Léa"}, {"name": "Tom"}, {"name": "Sam", "bot": "heuristic"}]
"""Two people and a bot."""


def db_url(tmp_path: Path, name: str = "db.sqlite3") -> str:
    """A SQLite file URL in the test's own directory."""
    return f"sqlite:///{tmp_path / name}"


@contextmanager
def serve(
    tmp_path: Path, *, raise_server_exceptions: bool = True, **kwargs: Any
) -> Iterator[TestClient]:
    """A client of a fresh application on a SQLite file (bots answer at once unless told)."""
    kwargs.setdefault("bot_delay", 0)
    if "store" not in kwargs:
        kwargs.setdefault("database_url", db_url(tmp_path))
    app = create_app(**kwargs)
    with TestClient(app, raise_server_exceptions=raise_server_exceptions) as client:
        yield client


def tables_of(client: TestClient) -> Tables:
    """The application's `Tables` (the server's side, for checking answers against)."""
    tables = client.app.state.tables  # type: ignore[attr-defined]
    assert isinstance(tables, Tables)
    return tables


def store_of(client: TestClient) -> Store:
    """The application's store."""
    return tables_of(client).store


def snapshot_of(client: TestClient, created: dict[str, Any]) -> Snapshot:
    """The table as the server holds it now."""
    return tables_of(client).get(created["table"])


def deal(
    client: TestClient,
    seats: list[dict[str, Any]] | None = None,
    *,
    game: str = "crazy-eights",
    seed: int | None = None,
    preset: str | None = None,
    rounds: int | None = None,
    monkeypatch: pytest.MonkeyPatch | None = None,
) -> dict[str, Any]:
    """Make a table through the API; answer its 201 body.

    A ``seed`` is sent in the body when one person sits at the table; with several people the
    server's secret draw is replaced by ``seed`` through ``monkeypatch``.
    """
    body: dict[str, Any] = {"game": game, "seats": seats if seats is not None else THREE}
    people = sum(1 for seat in body["seats"] if seat.get("bot") is None)
    if seed is not None:
        if people == 1 and monkeypatch is None:
            body["seed"] = seed
        else:
            assert monkeypatch is not None, "several people: the seed is patched in"
            monkeypatch.setattr("cardgames.web.tables._secret_seed", lambda: seed)
    if preset is not None:
        body["preset"] = preset
    if rounds is not None:
        body["rounds"] = rounds
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def bearer(created: dict[str, Any], seat: int) -> dict[str, str]:
    """The Authorization header of person ``seat``."""
    token = created["seats"][seat]["token"]
    assert token is not None, f"seat {seat} is a bot"
    return {"Authorization": f"Bearer {token}"}


def people(created: dict[str, Any]) -> list[int]:
    """The seats held by people."""
    return [seat["seat"] for seat in created["seats"] if seat["bot"] is None]


def tokens_of(created: dict[str, Any]) -> list[str]:
    """The people's tokens."""
    return [seat["token"] for seat in created["seats"] if seat["token"] is not None]


class Watcher:
    """Follows a table's true states (from the server) and checks every answer a seat gets.

    Every state of the round is shown to a `test_leaks.Witness` (what each seat has seen, from
    the unredacted events); an answer for seat ``s`` may name a card only as often as ``s``
    has seen it, and never the stock order or the RNG (`test_leaks.check_text`).
    """

    def __init__(self, client: TestClient, created: dict[str, Any]) -> None:
        self.client = client
        self.table_id: str = created["table"]
        self.round = 0
        self.observed = 0
        self.witness: Witness | None = None
        self.checked = 0

    def sync(self) -> AnyState:
        """Learn the states played since the last call; answer the current one."""
        snapshot = tables_of(self.client).get(self.table_id)
        states = snapshot.log.states
        if snapshot.round != self.round or self.witness is None:
            self.round = snapshot.round
            self.witness = witness_for(states[0])
            self.observed = 1
        for state in states[self.observed :]:
            self.witness.observe(state)
        self.observed = len(states)
        return snapshot.state

    def check(self, seat: int, what: str, payload: Any) -> None:
        """Check one JSON answer (a view document, an events or moves answer, a socket message)."""
        state = self.sync()
        assert self.witness is not None
        self.checked += 1
        for name, text in _parts(payload):
            check_text(text, witness=self.witness, viewer=seat, state=state, what=f"{what} {name}")


def _parts(payload: Any) -> Iterator[tuple[str, str]]:
    """The pieces of an answer, each as `check_text` reads it."""
    if not isinstance(payload, dict):
        yield "answer", json.dumps(payload, ensure_ascii=False)
        return
    if payload.get("format") == "cardgames.view":
        yield "view", json.dumps(payload, ensure_ascii=False)
        return
    rest = dict(payload)
    view = rest.pop("view", None)
    if view is not None:
        yield "view", json.dumps(view, ensure_ascii=False)
    for entry in rest.pop("entries", None) or []:
        yield (
            f"entry {entry['seq']}",
            json.dumps({"events": entry["events"], "lines": entry["lines"]}, ensure_ascii=False),
        )
    moves = rest.pop("moves", None)
    if moves:
        items = [[m["notation"], m["label"], m["move"]] for m in moves]
        yield "moves", json.dumps({"legal_moves": items}, ensure_ascii=False)
    yield "rest", json.dumps(rest, ensure_ascii=False)


def encoded_events(snapshot: Snapshot, seat: int, after: int = -1) -> list[list[Any]]:
    """The events the server should send ``seat``: each move's events redacted for it."""
    return [[encode(e) for e in events] for _, _, events in snapshot.events(seat, after)]
