"""`cardgames serve` killed mid-round resumes every table from its database, losing no move.

Each test starts the real server as a separate process (``python -m cardgames serve --port 0
--database URL``), plays part of a round over HTTP with every person's token, kills the server
with SIGKILL (no clean shutdown: what is not in the database is gone), starts a new server on
the same database and checks that:

- each seat's view, the table's status and move number, the seat's legal moves and the whole
  log (``/events``: the deal and every move) are exactly what they were before the kill;
- the tokens handed out by the first server still work;
- the round then plays to its end over HTTP, and the log holds every move the server accepted
  (each answer's ``seq``) once, in order, and nothing else from the people's seats: no move
  lost, none counted twice.

Once for a shedding game (two people and a bot, which must go on playing after the restart)
and once for the planet game (two people); each on SQLite and on PostgreSQL (the throwaway
server of ``pg_support``; skipped, with the reason, where it cannot run).
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install -e '.[web]'")
pytest.importorskip("sqlalchemy", reason="the web extra is not installed: pip install -e '.[web]'")

from cardgames.web.store import MoveRow, Store, TableRow
from cardgames.web.tables import Tables

from web_server_support import (
    BOT_TIMEOUT,
    Server,
    Table,
    create_table,
    get,
    persons_turn,
    play,
    running,
    snapshot,
)

pytest_plugins = ("pg_support",)

GAMES = [
    pytest.param(
        "crazy-eights",
        [{"name": "Léa"}, {"name": "Tom"}, {"name": "Sam", "bot": "heuristic"}],
        6,
        id="crazy-eights",
    ),
    pytest.param("planets", [{"name": "Léa"}, {"name": "Tom"}], 30, id="planets"),
]


def stored(database_url: str, table: Table) -> tuple[TableRow, tuple[MoveRow, ...]]:
    """The table's row and its round's moves as the database holds them, checked by replaying.

    `Tables.replay` deals the round again from its stored seed and rules and pushes every
    stored move: it raises `CorruptTableError` unless they lead to the stored state.
    """
    store = Store.open(database_url)
    try:
        row = store.table(table.id)
        assert row is not None
        Tables(store).replay(row)
        return row, store.moves(table.id, row.round)
    finally:
        store.close()


@pytest.mark.parametrize(("game", "seats", "before_kill"), GAMES)
def test_a_killed_server_resumes_every_table_where_it_was(
    database_url: str,
    tmp_path: Path,
    game: str,
    seats: list[dict[str, Any]],
    before_kill: int,
) -> None:
    rng = random.Random(f"{game} {database_url[:6]}")
    log = tmp_path / "server.log"
    server = Server(database_url, log)
    try:
        with httpx.Client(base_url=server.url, timeout=30) as client:
            table = create_table(client, game, seats)
            play(client, table, rng, before_kill)
            persons_turn(client, table)  # the bots have played up to a person's turn
            before = snapshot(client, table)
    finally:
        server.kill()
    some_seat = next(iter(table.tokens))
    assert before[some_seat]["table"]["status"] == "playing", "the round ended before the kill"
    killed_at = before[some_seat]["events"]["seq"]
    assert [entry["seq"] for entry in before[some_seat]["events"]["entries"]] == list(
        range(killed_at + 1)
    )
    row, moves = stored(database_url, table)
    assert (row.status, row.round, len(moves)) == ("playing", 1, killed_at)

    with (
        running(database_url, log) as again,
        httpx.Client(base_url=again.url, timeout=30) as client,
    ):
        assert snapshot(client, table) == before  # with the tokens the first server gave
        play(client, table, rng, None)
        final = snapshot(client, table)

    for seat in table.tokens:
        assert final[seat]["table"]["status"] in ("round_over", "match_over")
        assert final[seat]["moves"]["moves"] == []
    row, moves = stored(database_url, table)
    assert row.status == final[some_seat]["table"]["status"]
    assert [move.seq for move in moves] == list(range(1, final[some_seat]["events"]["seq"] + 1))
    # The people's moves in the log are exactly the accepted ones, in order: none lost, none
    # doubled; the rest are the bots'.
    people = [
        (move.seq, move.seat, json.loads(move.move)) for move in moves if move.seat in table.tokens
    ]
    assert people == table.accepted
    bots = [move for move in moves if move.seat not in table.tokens]
    assert len(bots) + len(people) == len(moves)
    if len(table.tokens) < len(seats):
        assert any(move.seq > killed_at for move in bots), "the bot did not play after the restart"


@pytest.mark.parametrize("bot_delay", [0.05, 0.0])
def test_a_bot_that_was_due_when_the_server_died_moves_after_the_restart(
    tmp_path: Path, bot_delay: float
) -> None:
    database_url = f"sqlite:///{tmp_path / 'db.sqlite'}"
    log = tmp_path / "server.log"
    seats: list[dict[str, Any]] = [{"name": "Léa"}, {"name": "Sam", "bot": "random"}]
    server = Server(database_url, log, bot_delay=60)  # the bot will not move before the kill
    try:
        with httpx.Client(base_url=server.url, timeout=30) as client:
            table = create_table(client, "crazy-eights", seats)
            legal = get(client, table, 0, "/moves")
            if legal["moves"]:  # Léa deals first: her move hands the turn to the bot
                play(client, table, random.Random(1), 1)
                legal = get(client, table, 0, "/moves")
            assert legal["moves"] == []
            assert get(client, table, 0, "")["status"] == "playing"
    finally:
        server.kill()
    due_at = legal["moves_played"]

    with (
        running(database_url, log, bot_delay=bot_delay) as again,
        httpx.Client(base_url=again.url, timeout=30) as client,
    ):
        deadline = time.monotonic() + BOT_TIMEOUT  # ends as soon as the bot moved
        while not get(client, table, 0, "/moves")["moves"] and time.monotonic() < deadline:
            time.sleep(0.05)
    _, moves = stored(database_url, table)
    assert [move.seat for move in moves[due_at:]][:1] == [1], "the bot did not move"
