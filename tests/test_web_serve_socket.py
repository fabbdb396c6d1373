"""The listening socket of ``cardgames serve``: small answers go out at once, IPv6 works.

Without ``TCP_NODELAY`` on the listening socket (the accepted connections inherit it), Nagle's
algorithm held every answer's body until the client's delayed ACK of its headers: 40 ms more
per request (``benchmarks/web_load.py`` found it). The option is checked here, not the time.
"""

from __future__ import annotations

import socket
from typing import Any

import pytest

pytest.importorskip("uvicorn", reason="the web extra is not installed: pip install -e '.[web]'")
pytest.importorskip("sqlalchemy", reason="the web extra is not installed: pip install -e '.[web]'")

import uvicorn

from cardgames.cli import main


def serve_and_look(monkeypatch: pytest.MonkeyPatch, host: str) -> dict[str, Any]:
    """Run ``cardgames serve --host HOST --port 0`` with uvicorn's loop replaced by a look."""
    seen: dict[str, Any] = {}

    def run(self: uvicorn.Server, sockets: list[socket.socket] | None = None) -> None:
        assert sockets is not None
        (sock,) = sockets
        seen["nodelay"] = sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
        seen["family"] = sock.family
        seen["address"] = sock.getsockname()[0]

    monkeypatch.setattr(uvicorn.Server, "run", run)
    assert main(["serve", "--host", host, "--port", "0", "--database", "sqlite://"]) == 0
    return seen


def test_the_listening_socket_sends_small_answers_at_once(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seen = serve_and_look(monkeypatch, "127.0.0.1")
    assert seen == {"nodelay": 1, "family": socket.AF_INET, "address": "127.0.0.1"}
    assert capsys.readouterr().out.startswith("cardgames serve: listening on http://127.0.0.1:")


def test_an_ipv6_address_is_listened_on(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    if not socket.has_ipv6:
        pytest.skip("no IPv6 on this machine")
    try:
        with socket.create_server(("::1", 0), family=socket.AF_INET6):
            pass
    except OSError as exc:
        pytest.skip(f"::1 cannot be bound here: {exc}")
    seen = serve_and_look(monkeypatch, "::1")
    assert seen == {"nodelay": 1, "family": socket.AF_INET6, "address": "::1"}
    assert capsys.readouterr().out.startswith("cardgames serve: listening on http://[::1]:")
