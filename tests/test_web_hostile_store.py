"""`cardgames serve` against a hostile database and a table that vanishes mid-request.

A row edited by hand (a seat's token hash that is not one, a bot of any budget, a version that
is not a number, a status the server never writes) makes its table unavailable (503
``table_unavailable``, the same for every endpoint and the live socket), never a 500, never a
server that does not start, never a bot that holds a CPU; the other tables play on. A table
deleted while a move or a new round is being made is 404 ``unknown_table``, not a stale table
nor a 500; a table damaged meanwhile is 503 with nothing of its record in the answer. A JSON
body with a key given twice is refused (parsers disagree on which one wins), as the library's
documents are; ``Content-Type`` is read in any case. A refused database closes its connections.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from cardgames.shedding import SheddingState
from cardgames.web import Store
from cardgames.web.store import SchemaError
from web_support import TestClient, bearer, db_url, deal, serve, snapshot_of, store_of

ONE_AND_A_BOT = [{"name": "Léa"}, {"name": "Bot", "bot": "heuristic"}]
TWO_PEOPLE = [{"name": "Léa"}, {"name": "Tom"}]

ENDPOINTS = [
    ("GET", ""),
    ("GET", "view"),
    ("GET", "events"),
    ("GET", "moves"),
    ("POST", "moves"),
    ("POST", "rounds"),
]


def url_of(created: dict[str, Any], tail: str = "") -> str:
    return f"/api/tables/{created['table']}" + (f"/{tail}" if tail else "")


def _edit(url: str, statement: str, **values: Any) -> None:
    engine = sa.create_engine(url)
    try:
        with engine.begin() as connection:
            result = connection.execute(sa.text(statement), values)
            assert result.rowcount == 1
    finally:
        engine.dispose()


def a_legal_move(client: TestClient, created: dict[str, Any], seat: int) -> str:
    state = snapshot_of(client, created).state
    return state.format_move(state.legal_moves(seat)[0])


# -- hostile rows ------------------------------------------------------------------------------

SEAT_0 = "UPDATE cg_seats SET token_hash = :v WHERE table_id = :t AND seat = 0"
ROW_DAMAGES = {
    # compared with hmac.compare_digest, which raises TypeError for text that is not ASCII
    "token-not-ascii": (SEAT_0, "é"),
    "token-short": (SEAT_0, "ab"),
    # a bot of any budget would hold a CPU for as long as its budget says
    "bot-budget": (
        "UPDATE cg_seats SET bot = :v WHERE table_id = :t AND seat = 1",
        "ismcts:100000000",
    ),
    "bot-unknown": ("UPDATE cg_seats SET bot = :v WHERE table_id = :t AND seat = 1", "nonsense"),
    "person-and-bot": (
        "UPDATE cg_seats SET bot = :v WHERE table_id = :t AND seat = 0",
        "heuristic",
    ),
    "nobody": (SEAT_0, None),
    "version": ("UPDATE cg_tables SET version = :v WHERE id = :t", "abc"),
    "status": ("UPDATE cg_tables SET status = :v WHERE id = :t", "won"),
}


@pytest.mark.parametrize("damage", list(ROW_DAMAGES))
def test_a_hostile_row_makes_its_table_unavailable_never_a_500(tmp_path: Path, damage: str) -> None:
    url = db_url(tmp_path)
    with serve(tmp_path) as client:
        hurt = deal(client, ONE_AND_A_BOT, seed=1)
        fine = deal(client, ONE_AND_A_BOT, seed=2)
        assert snapshot_of(client, hurt).state.to_act == (0,)  # no bot is due: none runs
    statement, value = ROW_DAMAGES[damage]
    _edit(url, statement, v=value, t=hurt["table"])
    # The server starts (its start lets the due bots move), and answers 503 everywhere.
    with serve(tmp_path, raise_server_exceptions=False) as client:
        for method, tail in ENDPOINTS:
            response = client.request(
                method, url_of(hurt, tail), headers=bearer(hurt, 0), content="draw"
            )
            assert response.status_code == 503, (method, tail, response.text)
            assert response.json() == {
                "error": "table_unavailable",
                "message": "this table cannot be played: its record is damaged",
            }
        with client.websocket_connect(url_of(hurt, "live")) as socket:
            socket.send_json({"token": hurt["seats"][0]["token"]})
            assert socket.receive_json()["error"] == "table_unavailable"
        response = client.post(
            url_of(fine, "moves"),
            headers=bearer(fine, 0),
            json={"move": a_legal_move(client, fine, 0)},
        )
        assert response.status_code == 200, response.text


def test_a_bot_of_a_hostile_row_is_never_asked_to_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = db_url(tmp_path)
    with serve(tmp_path) as client:
        hurt = deal(client, ONE_AND_A_BOT, seed=1)
    _edit(
        url,
        "UPDATE cg_seats SET bot = 'ismcts:100000000' WHERE table_id = :t AND seat = 1",
        t=hurt["table"],
    )
    asked: list[str] = []

    def make_agent(name: str, game: Any) -> Any:
        asked.append(name)
        raise AssertionError("no agent is made for a damaged table")

    monkeypatch.setattr("cardgames.web.tables.make_agent", make_agent)
    with serve(tmp_path, raise_server_exceptions=False) as client:
        response = client.post(url_of(hurt, "moves"), headers=bearer(hurt, 0), content="draw")
        assert response.status_code == 503
    assert asked == []


# -- a table that vanishes or changes mid-request -----------------------------------------------


def _delete_before_commit(client: TestClient, table: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the store delete ``table`` just before it commits the next change to it."""
    store = store_of(client)
    commit = store.commit

    def deleting_commit(table_id: str, version: int, **changes: Any) -> bool:
        store.delete([table_id])
        return commit(table_id, version, **changes)

    monkeypatch.setattr(store, "commit", deleting_commit)


@pytest.mark.parametrize("pinned", [False, True])
def test_a_table_deleted_while_a_move_is_made_is_404(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pinned: bool
) -> None:
    with serve(tmp_path, raise_server_exceptions=False) as client:
        created = deal(client, TWO_PEOPLE)
        seat = snapshot_of(client, created).state.to_act[0]
        body: dict[str, Any] = {"move": a_legal_move(client, created, seat)}
        if pinned:
            body["expect"] = snapshot_of(client, created).version
        _delete_before_commit(client, created["table"], monkeypatch)
        response = client.post(url_of(created, "moves"), headers=bearer(created, seat), json=body)
        assert response.status_code == 404, response.text
        assert response.json()["error"] == "unknown_table"
        assert store_of(client).table(created["table"]) is None
        assert store_of(client).moves(created["table"], 1) == ()


def test_a_table_deleted_while_its_next_round_is_dealt_is_404(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with serve(tmp_path, raise_server_exceptions=False) as client:
        created = deal(client, ONE_AND_A_BOT, seed=3, rounds=2)
        while snapshot_of(client, created).status == "playing":
            response = client.post(
                url_of(created, "moves"),
                headers=bearer(created, 0),
                json={"move": a_legal_move(client, created, 0)},
            )
            assert response.status_code == 200, response.text
        assert snapshot_of(client, created).status == "round_over"
        _delete_before_commit(client, created["table"], monkeypatch)
        response = client.post(url_of(created, "rounds"), headers=bearer(created, 0))
        assert response.status_code == 404, response.text
        assert response.json()["error"] == "unknown_table"


def test_a_table_deleted_after_it_was_read_for_its_next_round_is_404(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with serve(tmp_path, raise_server_exceptions=False) as client:
        created = deal(client, TWO_PEOPLE)
        tables = client.app.state.tables  # type: ignore[attr-defined]
        next_round: Callable[[str], Any] = tables.next_round

        def deleting(table_id: str) -> Any:
            store_of(client).delete([table_id])
            return next_round(table_id)

        monkeypatch.setattr(tables, "next_round", deleting)
        response = client.post(url_of(created, "rounds"), headers=bearer(created, 0))
        assert response.status_code == 404, response.text
        assert response.json()["error"] == "unknown_table"


def test_a_table_damaged_while_a_move_is_made_is_503_and_names_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with serve(tmp_path, raise_server_exceptions=False) as client:
        created = deal(client, TWO_PEOPLE)
        snapshot = snapshot_of(client, created)
        seat = snapshot.state.to_act[0]
        other = 1 - seat
        store = store_of(client)
        commit = store.commit

        def damaging_commit(table_id: str, version: int, **changes: Any) -> bool:
            # Another writer: a state naming the other seat's hand, and a new version.
            with store.engine.begin() as connection:
                connection.execute(
                    sa.text("UPDATE cg_tables SET state = :s, version = version + 1 WHERE id = :t"),
                    {"s": json.dumps({"hand": hand}), "t": table_id},
                )
            return commit(table_id, version, **changes)

        state = snapshot.state
        assert isinstance(state, SheddingState)
        hand = [str(card) for card in state.hands[other]]
        monkeypatch.setattr(store, "commit", damaging_commit)
        response = client.post(
            url_of(created, "moves"),
            headers=bearer(created, seat),
            json={"move": a_legal_move(client, created, seat)},
        )
        assert response.status_code == 503, response.text
        assert response.json()["error"] == "table_unavailable"
        assert not any(card in response.text for card in hand)


# -- bodies ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "body",
    [
        '{"seats": [{"name": "Léa"}, {"name": "Tom"}], "seats": [{"name": "Léa"}]}',
        '{"game": "planets", "game": "crazy-eights", "seats": [{"name": "Léa"}, {"name": "T"}]}',
        '{"seats": [{"name": "Léa", "name": "Tom"}, {"name": "Sam"}]}',
    ],
)
def test_a_new_table_with_a_key_given_twice_is_400(tmp_path: Path, body: str) -> None:
    with serve(tmp_path) as client:
        response = client.post(
            "/api/tables", content=body, headers={"content-type": "application/json"}
        )
        assert response.status_code == 400, response.text
        assert response.json()["error"] == "bad_json"
        assert "twice" in response.json()["message"]
        assert store_of(client).count() == 0


def test_a_move_with_a_key_given_twice_is_400_and_changes_nothing(tmp_path: Path) -> None:
    with serve(tmp_path) as client:
        created = deal(client, TWO_PEOPLE)
        before = snapshot_of(client, created)
        seat = before.state.to_act[0]
        move = a_legal_move(client, created, seat)
        document = before.game.move_to_json(before.state.legal_moves(seat)[0])
        for body in (
            f'{{"move": "draw", "move": "{move}"}}',
            f'{{"move": "{move}", "expect": 99, "expect": {before.version}}}',
            '{"move": ' + document[:-1] + ', "format": "cardgames.move"}}',
        ):
            response = client.post(
                url_of(created, "moves"),
                headers={**bearer(created, seat), "content-type": "application/json"},
                content=body,
            )
            assert response.status_code == 400, (body, response.text)
            assert response.json()["error"] == "bad_json"
        assert snapshot_of(client, created).version == before.version


def test_a_greeting_with_a_key_given_twice_is_refused(tmp_path: Path) -> None:
    with serve(tmp_path) as client:
        created = deal(client, TWO_PEOPLE)
        token = created["seats"][0]["token"]
        with client.websocket_connect(url_of(created, "live")) as socket:
            socket.send_text(f'{{"token": "nope", "token": "{token}"}}')
            assert socket.receive_json()["error"] == "bad_json"


@pytest.mark.parametrize("media_type", ["Application/JSON", "APPLICATION/json; charset=utf-8"])
def test_the_json_media_type_is_read_in_any_case(tmp_path: Path, media_type: str) -> None:
    with serve(tmp_path) as client:
        response = client.post(
            "/api/tables",
            content=json.dumps({"seats": TWO_PEOPLE}),
            headers={"content-type": media_type},
        )
        assert response.status_code == 201, response.text
        created = response.json()
        seat = snapshot_of(client, created).state.to_act[0]
        response = client.post(
            url_of(created, "moves"),
            headers={**bearer(created, seat), "content-type": media_type},
            content=json.dumps({"move": a_legal_move(client, created, seat)}),
        )
        assert response.status_code == 200, response.text


# -- the store ---------------------------------------------------------------------------------


def test_a_refused_database_closes_its_connections(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = db_url(tmp_path)
    Store.open(url).close()
    engine = sa.create_engine(url)
    with engine.begin() as connection:
        connection.execute(sa.text("UPDATE cg_schema SET version = 99"))
    engine.dispose()
    made: list[sa.engine.Engine] = []
    create_engine = sa.create_engine

    def recording(*args: Any, **kwargs: Any) -> sa.engine.Engine:
        made.append(create_engine(*args, **kwargs))
        return made[-1]

    monkeypatch.setattr("cardgames.web.store.sa.create_engine", recording)
    with pytest.raises(SchemaError):
        Store.open(url)
    assert len(made) == 1
    pool = made[0].pool
    assert isinstance(pool, sa.pool.QueuePool)
    assert pool.checkedin() == 0, "the engine of a refused database keeps a connection open"


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[Store]:
    """The stores `cardgames serve` opens."""
    stores: list[Store] = []
    store_open = Store.open

    def recording(url: str, **kwargs: Any) -> Store:
        stores.append(store_open(url, **kwargs))
        return stores[-1]

    monkeypatch.setattr(Store, "open", recording)
    return stores


def _connections(store: Store) -> int:
    pool = store.engine.pool
    assert isinstance(pool, sa.pool.QueuePool)
    return pool.checkedin()


def test_serve_closes_its_database_when_it_cannot_listen(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], opened: list[Store]
) -> None:
    import socket

    from cardgames.cli import main

    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        status = main(["serve", "--port", str(port), "--database", db_url(tmp_path)])
    assert status == 1
    assert "cannot listen" in capsys.readouterr().err
    assert len(opened) == 1
    assert _connections(opened[0]) == 0, "the database stays open after the server failed"


def test_serve_closes_its_database_when_the_server_stops(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    opened: list[Store],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import uvicorn

    from cardgames.cli import main

    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: None)
    assert main(["serve", "--port", "0", "--database", db_url(tmp_path)]) == 0
    assert "stopped" in capsys.readouterr().out
    assert len(opened) == 1
    assert _connections(opened[0]) == 0
