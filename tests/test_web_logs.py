"""What `cardgames serve` logs: never a seat's token, at any level (`cardgames.web.logs`)."""

from __future__ import annotations

import json
import logging
import random
from pathlib import Path

import pytest

pytest.importorskip("uvicorn", reason="the web extra is not installed: pip install -e '.[web]'")
pytest.importorskip("sqlalchemy", reason="the web extra is not installed: pip install -e '.[web]'")

import httpx
from websockets.sync.client import connect

from cardgames.web.logs import REDACTED, TokenFilter, logging_config, redact

from web_server_support import Server, create_table, get, play


def test_a_whole_game_at_debug_level_logs_no_token(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    server = Server(f"sqlite:///{tmp_path / 'db.sqlite3'}", log, options=("--log-level", "debug"))
    try:
        with httpx.Client(base_url=server.url, timeout=30) as client:
            seats = [{"name": "Léa"}, {"name": "Tom"}, {"name": "Sam", "bot": "heuristic"}]
            table = create_table(client, "crazy-eights", seats)
            ws_url = server.url.replace("http://", "ws://") + f"api/tables/{table.id}/live"
            for seat, token in table.tokens.items():  # each person's page opens its socket
                with connect(ws_url) as socket:
                    socket.send(json.dumps({"token": token, "lang": "en", "after": -1}))
                    update = json.loads(socket.recv(timeout=30))
                    assert update["view"]["data"]["viewer"] == seat
            play(client, table, random.Random(7), None)  # the whole round
            assert get(client, table, 0, "")["status"] != "playing"
    finally:
        server.stop()
    written = log.read_text("utf-8", "replace")  # standard error: the server's log
    printed = server.printed()  # standard output: uvicorn's access log
    assert "DEBUG" in written  # the level was really debug
    assert "< TEXT" in written  # ... and the frames were logged, redacted
    assert f'"token": "{REDACTED}"' in written
    assert "POST /api/tables" in printed
    for token in table.tokens.values():
        assert token not in written
        assert token not in printed


def test_the_filter_redacts_messages_and_arguments_and_keeps_every_record() -> None:
    record = logging.LogRecord(
        "uvicorn.error",
        logging.DEBUG,
        __file__,
        1,
        "%s %s",
        ("<", 'TEXT \'{"token": "abc"}\''),
        None,
    )
    assert TokenFilter().filter(record) is True
    assert record.getMessage() == f'< TEXT \'{{"token": "{REDACTED}"}}\''
    access = logging.LogRecord(
        "uvicorn.access",
        logging.INFO,
        __file__,
        1,
        '%s - "%s %s HTTP/%s" %d',
        ("127.0.0.1:5", "GET", "/x?token=abc", "1.1", 200),
        None,
    )
    TokenFilter().filter(access)
    assert access.args == ("127.0.0.1:5", "GET", f"/x?token={REDACTED}", "1.1", 200)

    class Frame:
        def __str__(self) -> str:
            return 'TEXT \'{"token": "abc"}\''

    frame_object = logging.LogRecord(
        "uvicorn.error", logging.DEBUG, __file__, 1, "< %s", None, None
    )
    frame_object.args = (Frame(),)
    TokenFilter().filter(frame_object)
    assert frame_object.getMessage() == f'< TEXT \'{{"token": "{REDACTED}"}}\''
    named = logging.LogRecord("x", logging.INFO, __file__, 1, "%(h)s", None, None)
    named.args = {"h": b"Authorization: Bearer s3cr3t", "n": 3}
    TokenFilter().filter(named)
    assert named.args == {"h": f"Authorization: Bearer {REDACTED}", "n": 3}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('{"token":"a-b_c"}', '{"token":"[token]"}'),
        ("{'TOKEN': 'abc'}", "{'TOKEN': '[token]'}"),
        ("bearer   abc", "bearer   [token]"),
        ('"token": "abc…', '"token": "[token]…'),  # a frame cut short
        ("no secret here", "no secret here"),
        ("tokens are fine", "tokens are fine"),
    ],
)
def test_redact(text: str, expected: str) -> None:
    assert redact(text) == expected


def test_every_handler_of_the_server_s_configuration_filters() -> None:
    from uvicorn.config import LOGGING_CONFIG

    config = logging_config(LOGGING_CONFIG)
    assert set(config["handlers"]) == {"default", "access"}
    for handler in config["handlers"].values():
        assert handler["filters"] == ["cardgames-tokens"]
    assert "filters" not in LOGGING_CONFIG["handlers"]["default"]  # the base is not changed
