"""Where `cardgames serve` keeps its tables (`cardgames.web.store`), and what survives a restart.

Every table lives in the database: a server started again on the same file answers the same
views to the same tokens, and its bots take up where they were (with the same moves); a
damaged record makes its table unavailable (503), never played wrong, and leaves the other
tables alone; the database holds no token in clear; the schema's version is checked; the
limits (per client, in all, idle time) hold; the ``serve`` command's arguments are checked.
PostgreSQL and a killed server process are in ``test_web_restart.py``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

import cardgames
from cardgames.cli import main
from cardgames.web import SchemaError, Store, Tables
from cardgames.web.store import SCHEMA_VERSION, MoveRow, token_hash
from cardgames.web.tables import TooManyTablesError
from web_support import (
    THREE,
    TestClient,
    bearer,
    db_url,
    deal,
    serve,
    snapshot_of,
    store_of,
    tables_of,
    tokens_of,
)

ONE_AND_A_BOT = [{"name": "Léa"}, {"name": "Bot", "bot": "heuristic"}]


def url_of(created: dict[str, Any], tail: str = "") -> str:
    return f"/api/tables/{created['table']}" + (f"/{tail}" if tail else "")


def answers(client: TestClient, created: dict[str, Any], seat: int) -> list[Any]:
    """Everything a seat may read: the table, its view, its events, its moves."""
    found = []
    for tail in ("", "view", "events", "moves"):
        response = client.get(url_of(created, tail), headers=bearer(created, seat))
        assert response.status_code == 200, response.text
        found.append(response.json())
    return found


def person_moves(client: TestClient, created: dict[str, Any], count: int, seat: int = 0) -> None:
    """The person at ``seat`` plays its first legal move ``count`` times (if the round lasts)."""
    for _ in range(count):
        snapshot = snapshot_of(client, created)
        if snapshot.status != "playing":
            return
        move = snapshot.state.legal_moves(seat)[0]
        response = client.post(
            url_of(created, "moves"),
            headers=bearer(created, seat),
            json={"move": snapshot.state.format_move(move)},
        )
        assert response.status_code == 200, response.text


def wait_for(condition: Any, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the condition never held"
        time.sleep(0.02)


# -- the schema -------------------------------------------------------------------------------


def test_a_fresh_database_gets_the_schema_and_its_version(tmp_path: Path) -> None:
    store = Store.open(db_url(tmp_path))
    try:
        assert store.schema_version() == SCHEMA_VERSION == 1
        names = set(sa.inspect(store.engine).get_table_names())
        assert {"cg_schema", "cg_tables", "cg_seats", "cg_rounds", "cg_moves"} <= names
    finally:
        store.close()
    again = Store.open(db_url(tmp_path))  # opening again changes nothing
    try:
        assert again.schema_version() == 1
        with again.engine.connect() as connection:
            rows = connection.execute(sa.text("SELECT id, version FROM cg_schema")).all()
            assert [tuple(row) for row in rows] == [(1, 1)]
    finally:
        again.close()


def _set_schema_version(url: str, version: int) -> None:
    engine = sa.create_engine(url)
    with engine.begin() as connection:
        connection.execute(sa.text("UPDATE cg_schema SET version = :v"), {"v": version})
    engine.dispose()


def test_a_database_from_a_newer_cardgames_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = db_url(tmp_path)
    Store.open(url).close()
    _set_schema_version(url, 99)
    with pytest.raises(SchemaError, match="schema version 99"):
        Store.open(url)
    assert main(["serve", "--database", url, "--port", "0"]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith("cardgames serve: error: cannot open the database")
    assert "schema version 99" in err


def _damaged_schema_row(url: str) -> None:
    _set_schema_version(url, "two")  # type: ignore[arg-type]


def _second_schema_row(url: str) -> None:
    engine = sa.create_engine(url)
    with engine.begin() as connection:
        connection.execute(sa.text("INSERT INTO cg_schema (id, version) VALUES (2, 1)"))
    engine.dispose()


def _negative_schema_version(url: str) -> None:
    _set_schema_version(url, -3)


def _not_a_database(url: str) -> None:
    Path(url.removeprefix("sqlite:///")).write_bytes(b"these are my notes, not a database\n")


@pytest.mark.parametrize(
    "damage", [_damaged_schema_row, _second_schema_row, _negative_schema_version, _not_a_database]
)
def test_a_damaged_database_gets_one_line_and_no_traceback(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    damage: Callable[[str], None],
) -> None:
    import uvicorn

    def started(*args: Any, **kwargs: Any) -> None:
        pytest.fail("the server started on a damaged database")

    monkeypatch.setattr(uvicorn.Server, "run", started)
    url = db_url(tmp_path)
    Store.open(url).close()
    damage(url)
    assert main(["serve", "--database", url, "--port", "0"]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1, err
    assert err.startswith("cardgames serve: error: cannot open the database")


# -- the serve command's arguments ------------------------------------------------------------


@pytest.mark.parametrize(
    ("arguments", "status", "fragment"),
    [
        (["--database", "nonsense"], 2, "--database"),
        (["--database", "nosuchdb://user@host/db"], 2, "--database"),
        (["--bot-delay", "-1"], 2, "--bot-delay"),
        (["--bot-delay", "61"], 2, "--bot-delay"),
        (["--bot-delay", "soon"], 2, "--bot-delay"),
        (["--idle-minutes", "0"], 2, "--idle-minutes"),
        (["--max-tables", "0"], 2, "--max-tables"),
        (["--tables-per-client", "-1"], 2, "--tables-per-client"),
        (["--port", "-1"], 2, "--port"),
        (["--database", "sqlite:////nonexistent-dir/cards/db.sqlite3"], 1, "cannot open"),
    ],
)
def test_the_serve_command_checks_its_arguments(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    arguments: list[str],
    status: int,
    fragment: str,
) -> None:
    if "--database" not in arguments:
        arguments = [*arguments, "--database", db_url(tmp_path)]
    assert main(["serve", "--port", "0", *arguments]) == status
    out, err = capsys.readouterr()
    assert "listening" not in out
    assert fragment in err
    assert "Traceback" not in err
    last = err.strip().splitlines()[-1]
    assert last.startswith("cardgames serve: error:") or "usage:" in err


# -- tokens -----------------------------------------------------------------------------------


def test_the_database_holds_no_token_in_clear(tmp_path: Path) -> None:
    with serve(tmp_path) as client:
        made = [deal(client), deal(client, game="planets"), deal(client, ONE_AND_A_BOT, seed=2)]
        person_moves(client, made[2], 3)
        engine = store_of(client).engine
        tokens = [token for created in made for token in tokens_of(created)]
        assert len(tokens) == 5
        texts = []
        with engine.connect() as connection:
            for name in sa.inspect(connection).get_table_names():
                for row in connection.execute(sa.text(f"SELECT * FROM {name}")):
                    texts += [str(value) for value in row]
        blob = "\n".join(texts)
        assert blob  # the tables were read
        for token in tokens:
            assert token not in blob
            assert token_hash(token) in blob  # what is kept instead
        # And the raw file, WAL included.
    for path in tmp_path.iterdir():
        raw = path.read_bytes()
        for token in tokens:
            assert token.encode() not in raw, path


# -- restart ----------------------------------------------------------------------------------


def test_a_restarted_server_answers_the_same_to_the_same_tokens(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with serve(tmp_path) as client:
        two = deal(client, THREE, seed=8, monkeypatch=monkeypatch)
        solo = deal(client, ONE_AND_A_BOT, game="planets", seed=3, rounds=2)
        person_moves(client, two, 1, seat=1)
        person_moves(client, solo, 5)
        before = {
            (name, seat): answers(client, created, seat)
            for name, created in (("two", two), ("solo", solo))
            for seat in range(len(created["seats"]))
            if created["seats"][seat]["token"]
        }
        log_before = snapshot_of(client, solo).log.moves
    with serve(tmp_path) as client:  # a new application on the same file: nothing in memory
        for (name, seat), expected in before.items():
            created = two if name == "two" else solo
            assert answers(client, created, seat) == expected
        assert snapshot_of(client, solo).log.moves == log_before
        # Play on, to the end of the match.
        for _ in range(2):
            for _ in range(3000):
                if snapshot_of(client, solo).status != "playing":
                    break
                person_moves(client, solo, 1)
            if snapshot_of(client, solo).status == "round_over":
                response = client.post(url_of(solo, "rounds"), headers=bearer(solo, 0))
                assert response.status_code == 201
        assert snapshot_of(client, solo).status == "match_over"
    with serve(tmp_path) as client:
        info = client.get(url_of(solo), headers=bearer(solo, 0)).json()
        assert info["status"] == "match_over"
        assert info["match"]["is_over"] is True
        assert len(info["match"]["rounds"]) == 2


def test_the_bots_make_the_same_moves_after_a_restart(tmp_path: Path) -> None:
    seats = [{"name": "Léa"}, {"name": "B1", "bot": "random"}, {"name": "B2", "bot": "heuristic"}]
    (tmp_path / "whole").mkdir()
    with serve(tmp_path / "whole") as client:
        created = deal(client, seats, game="huit-americain", seed=12, rounds=1)
        person_moves(client, created, 30)
        whole = snapshot_of(client, created).log.moves
    (tmp_path / "split").mkdir()
    with serve(tmp_path / "split") as client:
        created = deal(client, seats, game="huit-americain", seed=12, rounds=1)
        person_moves(client, created, 10)
    with serve(tmp_path / "split") as client:
        person_moves(client, created, 20)
        split = snapshot_of(client, created).log.moves
    assert len(whole) > 30
    assert split == whole


def test_bots_that_were_due_move_when_the_server_starts_again(tmp_path: Path) -> None:
    # Crazy Eights: seat 1 plays first; the bot is there. The first server waits a minute
    # between bot moves: it stops before the bot moves.
    with serve(tmp_path, bot_delay=60) as client:
        created = deal(client, ONE_AND_A_BOT, seed=5)
        assert snapshot_of(client, created).state.to_act == (1,)
        assert snapshot_of(client, created).seq == 0
    # Started again without delay: the bot moves as the server starts.
    with serve(tmp_path, bot_delay=0) as client:
        snapshot = snapshot_of(client, created)
        assert snapshot.seq >= 1
        assert snapshot.state.to_act == (0,)
        rest(client, created)
    # Started again with a delay: the bot moves in the background.
    with serve(tmp_path, bot_delay=60) as client:
        created = deal(client, ONE_AND_A_BOT, seed=5)
    with serve(tmp_path, bot_delay=0.01) as client:
        wait_for(lambda: snapshot_of(client, created).state.to_act == (0,))


def rest(client: TestClient, created: dict[str, Any]) -> None:
    """Play the round to its end."""
    for _ in range(3000):
        if snapshot_of(client, created).status != "playing":
            return
        person_moves(client, created, 1)
    raise AssertionError("the round did not end")


def test_a_bot_that_plays_first_moves_on_its_own(tmp_path: Path) -> None:
    # A bot waits --bot-delay before it moves, so that people can follow...
    with serve(tmp_path, bot_delay=60) as client:
        created = deal(client, ONE_AND_A_BOT, seed=5)
        time.sleep(0.3)
        assert snapshot_of(client, created).seq == 0
    # ...then moves by itself, though nobody asked anything.
    with serve(tmp_path, bot_delay=0.01) as client:
        created = deal(client, ONE_AND_A_BOT, seed=5)
        wait_for(lambda: snapshot_of(client, created).state.to_act == (0,))
        # And after each of the person's moves.
        for _ in range(5):
            snapshot = snapshot_of(client, created)
            if snapshot.status != "playing":
                break
            person_moves(client, created, 1)
            wait_for(
                lambda: (
                    snapshot_of(client, created).status != "playing"
                    or snapshot_of(client, created).state.to_act == (0,)
                )
            )


# -- damaged records --------------------------------------------------------------------------


def _edit(url: str, statement: str, **values: Any) -> None:
    engine = sa.create_engine(url)
    with engine.begin() as connection:
        result = connection.execute(sa.text(statement), values)
        assert result.rowcount == 1
    engine.dispose()


def _edit_match(url: str, table: str, change: Callable[[dict[str, Any]], None]) -> None:
    """Rewrite a table's stored match document through ``change`` (on its ``data``)."""
    engine = sa.create_engine(url)
    with engine.begin() as connection:
        text = connection.execute(
            sa.text("SELECT match FROM cg_tables WHERE id = :t"), {"t": table}
        ).scalar_one()
        document = json.loads(text)
        change(document["data"])
        connection.execute(
            sa.text("UPDATE cg_tables SET match = :m WHERE id = :t"),
            {"m": json.dumps(document), "t": table},
        )
    engine.dispose()


def _rename_players(data: dict[str, Any]) -> None:
    data["players"] = [name + "x" for name in data["players"]]


def _add_round(data: dict[str, Any]) -> None:
    data["rounds"] = [[0] * len(data["players"])]


def _rotate_dealer(data: dict[str, Any]) -> None:
    data["rules"]["dealer"] = 1 - data["rules"].get("dealer", 0)


MATCH_DAMAGES = {
    "match-players": _rename_players,  # a valid match, of other players than the seats
    "match-rounds": _add_round,  # a valid match that holds a round not played at the table
    "match-rules": _rotate_dealer,  # the round in play was not dealt under the match's rules
}


@pytest.mark.parametrize(
    "damage",
    ["state", "state-json", "move", "move-order", "round", "match", *MATCH_DAMAGES],
)
def test_a_damaged_table_is_unavailable_and_the_others_play_on(tmp_path: Path, damage: str) -> None:
    url = db_url(tmp_path)
    with serve(tmp_path) as client:
        hurt = deal(client, ONE_AND_A_BOT, seed=1)
        fine = deal(client, ONE_AND_A_BOT, seed=2)
        other = deal(client, ONE_AND_A_BOT, seed=3)
        for created in (hurt, fine):
            person_moves(client, created, 4)
        other_state = snapshot_of(client, other).state.to_json()
        first_own_move = next(
            m.seq for m in store_of(client).moves(hurt["table"], 1) if m.seat == 0
        )
    table = hurt["table"]
    if damage == "state":  # a real position, but not the one the moves lead to
        _edit(url, "UPDATE cg_tables SET state = :s WHERE id = :t", s=other_state, t=table)
    elif damage == "state-json":
        _edit(url, "UPDATE cg_tables SET state = :s WHERE id = :t", s='{"x": 1', t=table)
    elif damage == "move":  # the first move made by another seat
        _edit(
            url,
            "UPDATE cg_moves SET move = replace(move, :a, :b) WHERE table_id = :t AND seq = :n",
            a='"player":0',
            b='"player":1',
            t=table,
            n=first_own_move,
        )
    elif damage == "move-order":
        _edit(url, "UPDATE cg_moves SET seq = 99 WHERE table_id = :t AND seq = 1", t=table)
    elif damage == "round":
        _edit(url, "DELETE FROM cg_rounds WHERE table_id = :t", t=table)
    elif damage in MATCH_DAMAGES:
        _edit_match(url, table, MATCH_DAMAGES[damage])
    else:
        _edit(url, "UPDATE cg_tables SET match = '[]' WHERE id = :t", t=table)
    with serve(tmp_path, raise_server_exceptions=False) as client:
        for method, tail in [
            ("GET", ""),
            ("GET", "view"),
            ("GET", "events"),
            ("GET", "moves"),
            ("POST", "moves"),
            ("POST", "rounds"),
        ]:
            response = client.request(
                method, url_of(hurt, tail), headers=bearer(hurt, 0), content="draw"
            )
            assert response.status_code == 503, (method, tail, response.text)
            assert response.json()["error"] == "table_unavailable"
        with client.websocket_connect(url_of(hurt, "live")) as socket:
            socket.send_json({"token": hurt["seats"][0]["token"]})
            assert socket.receive_json()["error"] == "table_unavailable"
        # The others are untouched and play on.
        assert answers(client, fine, 0)[1] == json.loads(
            snapshot_of(client, fine).state.view(0).to_json()
        )
        person_moves(client, fine, 3)
        person_moves(client, other, 3)
        assert snapshot_of(client, fine).seq > 4


def test_a_damaged_state_is_noticed_by_a_running_server(tmp_path: Path) -> None:
    with serve(tmp_path) as client:
        created = deal(client, ONE_AND_A_BOT, seed=1)
        person_moves(client, created, 2)
        store = store_of(client)
        # Another writer changes the record (and its version): the server reads it back.
        with store.engine.begin() as connection:
            connection.execute(
                sa.text("UPDATE cg_tables SET state = '{}', version = version + 1 WHERE id = :t"),
                {"t": created["table"]},
            )
        response = client.get(url_of(created, "view"), headers=bearer(created, 0))
        assert response.status_code == 503
        assert response.json()["error"] == "table_unavailable"


# -- the store itself -------------------------------------------------------------------------


def test_a_change_applies_only_to_the_version_it_was_made_on(tmp_path: Path) -> None:
    with serve(tmp_path) as client:
        created = deal(client, ONE_AND_A_BOT, seed=1)
        store = store_of(client)
        table = created["table"]
        row = store.table(table)
        assert row is not None
        stale = store.commit(
            table,
            row.version - 1,
            round_number=row.round,
            moves=row.moves + 1,
            status="playing",
            state="{}",
            match=row.match,
            move=MoveRow(row.moves + 1, 0, "{}"),
        )
        assert stale is False
        assert store.table(table) == row
        assert len(store.moves(table, row.round)) == row.moves
        gone = store.commit(
            "nope", 1, round_number=1, moves=0, status="playing", state="{}", match="{}"
        )
        assert gone is False
        assert store.version("nope") is None
        assert store.table("nope") is None
        assert store.round_of(table, 9) is None


def test_the_store_counts_lists_and_deletes_tables(tmp_path: Path) -> None:
    now = [1000.0]
    store = Store.open(db_url(tmp_path), clock=lambda: now[0])
    tables = Tables(store, idle_seconds=60)
    try:
        a, _ = tables.create("crazy-eights", [("Léa", None), ("Bot", "random")], creator="x")
        now[0] += 1
        b, _ = tables.create("planets", [("Léa", None), ("Tom", None)], creator="y")
        assert store.table_ids() == (a.id, b.id)
        assert store.count() == 2
        assert store.count(creator="x") == 1
        assert store.table_ids(status="playing") == (a.id, b.id)
        store.delete([a.id])
        assert store.table_ids() == (b.id,)
        with store.engine.connect() as connection:
            for child in ("cg_seats", "cg_rounds", "cg_moves"):
                rows = connection.execute(
                    sa.text(f"SELECT count(*) FROM {child} WHERE table_id = :t"),
                    {"t": a.id},
                ).scalar()
                assert rows == 0, child
        now[0] += 60
        assert store.expire(60) == []  # exactly the idle time: kept
        now[0] += 1
        assert tables.expire() == 1
        assert store.count() == 0
        with pytest.raises(cardgames.CardGamesError):
            tables.get(b.id)
    finally:
        store.close()


# -- limits -----------------------------------------------------------------------------------


def test_one_client_runs_at_most_a_few_tables(tmp_path: Path) -> None:
    app_kwargs: dict[str, Any] = {"tables_per_creator": 3, "database_url": db_url(tmp_path)}
    with serve(tmp_path, raise_server_exceptions=False, **app_kwargs) as client:
        for _ in range(3):
            deal(client)
        response = client.post("/api/tables", json={"seats": THREE})
        assert response.status_code == 429, response.text
        assert response.json()["error"] == "too_many_tables"
        assert store_of(client).count() == 3
    # Another address still can; an IPv6 client counts by its /56 network (a home's usual
    # delegation: the 256 /64s of one home are one client).
    from cardgames.web import create_app

    store = Store.open(db_url(tmp_path))
    try:
        app = create_app(store=store, bot_delay=0, tables_per_creator=3)
        with TestClient(app, client=("2001:db8::1", 1)) as other:
            deal(other)
        with TestClient(app, client=("2001:db8::ffff:2", 1)) as same_network:
            deal(same_network)
        with TestClient(app, client=("2001:db8:0:ff::1", 1)) as same_home:  # another /64
            deal(same_home)
            response = same_home.post("/api/tables", json={"seats": THREE})
            assert response.status_code == 429
        with TestClient(app, client=("2001:db8:0:100::1", 1)) as next_network:
            deal(next_network)
        assert store.count() == 7
    finally:
        store.close()


def test_the_refusal_says_when_the_first_place_frees_and_how_to_free_one(tmp_path: Path) -> None:
    # Five abandoned tables used to answer "wait a few minutes" for six hours.
    now = [0.0]
    store = Store.open(db_url(tmp_path), clock=lambda: now[0])
    tables = Tables(store, tables_per_creator=2, idle_seconds=6 * 3600.0)
    seats = [("Léa", None), ("Bot", "random")]
    try:
        tables.create("crazy-eights", seats, creator="192.0.2.7")
        now[0] = 600.0
        tables.create("crazy-eights", seats, creator="192.0.2.7")
        now[0] = 1200.0
        with pytest.raises(TooManyTablesError) as refused:
            tables.create("crazy-eights", seats, creator="192.0.2.7")
        message = str(refused.value)
        # The first table (last change at 0) goes at 6 h: 5 h 40 min after 1200 s.
        assert "the first place frees in 5 h 40 min" in message
        assert "15 min after its match ends, or after 6 h without a move" in message
        assert "finish a match to free one sooner" in message
        assert "few minutes" not in message
        assert store.count() == 2
    finally:
        store.close()


def test_one_network_holds_at_most_half_of_the_tables(tmp_path: Path) -> None:
    now = [0.0]
    store = Store.open(db_url(tmp_path), clock=lambda: now[0])
    tables = Tables(store, max_tables=4, tables_per_creator=5)
    seats = [("Léa", None), ("Bot", "random")]
    try:
        for creator in ("192.0.2.1", "192.0.2.2"):  # two addresses of one /24
            tables.create("crazy-eights", seats, creator=creator)
        with pytest.raises(TooManyTablesError, match=r"your network \(192\.0\.2\.0/24\)"):
            tables.create("crazy-eights", seats, creator="192.0.2.3")
        tables.create("crazy-eights", seats, creator="198.51.100.1")  # another network may
        assert store.count() == 3
    finally:
        store.close()
    store = Store.open(db_url(tmp_path, "v6.sqlite3"), clock=lambda: now[0])
    tables = Tables(store, max_tables=5, tables_per_creator=5)
    try:
        for creator in ("2001:db8:0:100::/56", "2001:db8:0:200::/56"):  # two homes of one /48
            tables.create("crazy-eights", seats, creator=creator)
        with pytest.raises(TooManyTablesError, match=r"2001:db8::/48"):
            tables.create("crazy-eights", seats, creator="2001:db8:0:300::/56")
        tables.create("crazy-eights", seats, creator="2001:db8:1::/56")
        tables.create("crazy-eights", seats, creator="testclient")  # a name: no network
        assert store.count() == 4
    finally:
        store.close()


def test_the_network_limit_is_answered_429_over_http(tmp_path: Path) -> None:
    from cardgames.web import create_app

    store = Store.open(db_url(tmp_path))
    try:
        app = create_app(store=store, bot_delay=0, max_tables=2, tables_per_creator=5)
        with TestClient(app, client=("203.0.113.9", 1)) as first:
            deal(first)
        with TestClient(app, client=("203.0.113.10", 1)) as neighbour:
            response = neighbour.post("/api/tables", json={"seats": THREE})
            assert response.status_code == 429, response.text
            assert response.json()["error"] == "too_many_tables"
            assert "203.0.113.0/24" in response.json()["message"]
        assert store.count() == 1
    finally:
        store.close()


def test_a_finished_table_counts_against_its_creator_until_it_is_deleted(
    tmp_path: Path,
) -> None:
    # Finished tables count: else one client fills the server by finishing short matches.
    from cardgames.web.tables import FINISHED_SECONDS

    now = [0.0]
    store = Store.open(db_url(tmp_path), clock=lambda: now[0])
    try:
        with serve(tmp_path, store=store, tables_per_creator=1) as client:
            created = deal(client, ONE_AND_A_BOT, seed=5, rounds=1)
            response = client.post("/api/tables", json={"seats": ONE_AND_A_BOT})
            assert response.status_code == 429
            assert "already have 1 tables" in response.json()["message"]
            rest(client, created)
            assert snapshot_of(client, created).status == "match_over"
            now[0] += FINISHED_SECONDS - 1  # still there, to read the last round
            assert client.post("/api/tables", json={"seats": ONE_AND_A_BOT}).status_code == 429
            assert answers(client, created, 0)
            now[0] += 2  # deleted: the client may deal again
            deal(client, ONE_AND_A_BOT)
            gone = client.get(url_of(created, "view"), headers=bearer(created, 0))
            assert gone.status_code == 404
    finally:
        store.close()


def test_a_table_without_a_change_for_the_idle_time_expires(tmp_path: Path) -> None:
    now = [0.0]
    store = Store.open(db_url(tmp_path), clock=lambda: now[0])
    try:
        with serve(tmp_path, store=store, idle_seconds=60) as client:
            created = deal(client, [{"name": "Léa"}, {"name": "Tom"}])
            kept = deal(client, [{"name": "Ana"}, {"name": "Bob"}])
            now[0] = 59.0
            answers(client, created, 1)  # reading keeps nothing alive...
            snapshot = snapshot_of(client, created)
            seat = snapshot.state.to_act[0]
            moved = client.post(
                url_of(created, "moves"),
                headers=bearer(created, seat),
                json={"move": snapshot.state.format_move(snapshot.state.legal_moves(seat)[0])},
            )
            assert moved.status_code == 200  # ...a move does
            now[0] = 59.0 + 59.0
            answers(client, created, 0)
            tables_of(client).expire()  # the sweeper's work, done now
            assert store.table(kept["table"]) is None  # idle since 0
            answers(client, created, 0)
            now[0] = 59.0 + 61.0
            deal(client, [{"name": "Léa"}, {"name": "Tom"}])  # a new table sweeps first
            response = client.get(url_of(created, "view"), headers=bearer(created, 0))
            assert response.status_code == 404
            assert response.json()["error"] == "unknown_table"
            assert store.count() == 1
    finally:
        store.close()


def test_tables_expire_on_a_sqlite_without_returning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # SQLite before 3.35 (RHEL and Rocky 9 ship 3.34) has no RETURNING: once a table expired,
    # every creation was a 500. Here SQLAlchemy sees version 3.34.1, and the database refuses
    # RETURNING as that SQLite does ('near "RETURNING": syntax error').
    import sqlite3.dbapi2

    import sqlalchemy as sa

    monkeypatch.setattr(sqlite3.dbapi2, "sqlite_version_info", (3, 34, 1))
    now = [0.0]
    store = Store.open(db_url(tmp_path), clock=lambda: now[0])

    def old_sqlite(*args: Any) -> None:
        if "RETURNING" in args[2].upper():
            raise sqlite3.OperationalError('near "RETURNING": syntax error')

    sa.event.listen(store.engine, "before_cursor_execute", old_sqlite)
    try:
        assert not store.engine.dialect.delete_returning
        with serve(tmp_path, store=store, idle_seconds=60) as client:
            old = deal(client, [{"name": "Léa"}, {"name": "Tom"}])
            now[0] = 30.0
            kept = deal(client, [{"name": "Ana"}, {"name": "Bob"}])
            now[0] = 61.0
            assert tables_of(client).expire() == 1
            assert store.table(old["table"]) is None
            assert store.table(kept["table"]) is not None
            now[0] = 200.0
            deal(client, [{"name": "Léa"}, {"name": "Tom"}])  # sweeps first, then deals: 201
            assert store.count() == 1
    finally:
        store.close()


def test_the_server_holds_at_most_max_tables(tmp_path: Path) -> None:
    now = [0.0]
    store = Store.open(db_url(tmp_path), clock=lambda: now[0])
    try:
        with serve(tmp_path, store=store, max_tables=2, idle_seconds=60) as client:
            first = deal(client, ONE_AND_A_BOT, seed=5, rounds=1)
            deal(client, ONE_AND_A_BOT)
            response = client.post("/api/tables", json={"seats": THREE})
            assert response.status_code == 503
            assert response.json()["error"] == "tables_full"
            # A finished table stays (its result can be read) until it is idle.
            rest(client, first)
            assert client.post("/api/tables", json={"seats": THREE}).status_code == 503
            now[0] = 61.0
            deal(client, THREE)
            assert store.count() == 1
    finally:
        store.close()


@pytest.mark.parametrize("seats", [THREE, [{"name": "Léa"}, {"name": "Tom"}]])
def test_a_refused_table_stores_nothing(tmp_path: Path, seats: list[dict[str, Any]]) -> None:
    with serve(tmp_path) as client:
        response = client.post("/api/tables", json={"seats": seats, "seed": 1})
        assert response.status_code == 403
        store = store_of(client)
        assert store.count() == 0
        with store.engine.connect() as connection:
            for name in ("cg_seats", "cg_rounds", "cg_moves"):
                count = connection.execute(sa.text(f"SELECT count(*) FROM {name}")).scalar()
                assert count == 0, name


def test_the_server_reads_small_websocket_messages_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The live socket's client sends one small message: uvicorn's own limit (16 MiB a message)
    # is lowered, and the application still answers "too_large" below it.
    import uvicorn

    from cardgames.cli.serve import WS_MAX_BYTES
    from cardgames.web.app import MAX_BODY_BYTES

    configs: list[Any] = []

    def run(self: Any, sockets: Any = None) -> None:
        configs.append(self.config)

    monkeypatch.setattr(uvicorn.Server, "run", run)
    assert main(["serve", "--port", "0", "--database", db_url(tmp_path)]) == 0
    assert "listening on http://127.0.0.1:" in capsys.readouterr().out
    (config,) = configs
    assert config.ws_max_size == WS_MAX_BYTES
    assert MAX_BODY_BYTES < WS_MAX_BYTES <= 64 * 1024


@pytest.mark.parametrize(
    "limits",
    [
        {"bot_delay": -1.0},
        {"max_tables": 0},
        {"tables_per_creator": 0},
        {"idle_seconds": 0.0},
        {"max_tables": True},
        {"bot_delay": float("nan")},
        {"max_tables": "5"},
    ],
)
def test_create_app_refuses_limits_below_one(limits: dict[str, Any], tmp_path: Path) -> None:
    from cardgames.errors import InvalidArgumentError
    from cardgames.web import create_app

    with pytest.raises(InvalidArgumentError):
        create_app(f"sqlite:///{tmp_path}/db.sqlite3", **limits)
    assert not (tmp_path / "db.sqlite3").exists()  # refused before the database is touched
