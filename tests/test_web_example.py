"""examples/web_table/server.py: the short example of serving one game on the library.

The person's answers hold their own view only, a legal move is applied and the bots answer, an
illegal or unreadable move changes nothing, and a request without the token is refused.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient

ROOT = Path(__file__).resolve().parent.parent


def load() -> ModuleType:
    name = "_cardgames_example_web_table_server"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(
            name, ROOT / "examples" / "web_table" / "server.py"
        )
        assert spec is not None
        assert spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


def test_the_example_plays_a_game_for_the_token_only() -> None:
    example = load()
    table = example.Table(3, "fr")
    client = TestClient(example.create_app(table))
    assert client.get("/api/table").status_code == 401
    auth = {"Authorization": f"Bearer {table.token}"}
    assert "app.js" in client.get("/").text
    moves_made = 0
    while True:
        answer: dict[str, Any] = client.get("/api/table", headers=auth).json()
        state = table.log.state
        assert answer["view"] == json.loads(state.view(0).to_json())
        if state.is_over:  # the reveal: every hand is shown
            break
        shown = {str(card) for card in state.hands[0]} | {str(card) for card in state.discard}
        for seat in (1, 2):  # the bots' cards never reach the page while the game is played
            for card in state.hands[seat]:
                if str(card) not in shown:
                    assert f"'{card}'" not in str(answer["view"])
        assert answer["moves"], "the bots answer until it is the person's turn"
        before = table.log
        bad = client.post("/api/table", headers=auth, json={"move": "play 1Z"})
        assert bad.status_code == 400
        assert table.log == before
        illegal = [
            m
            for m in ("play 8H name hearts", "play 2C", "play KS")
            if m not in [x["notation"] for x in answer["moves"]]
        ]
        refused = client.post("/api/table", headers=auth, json={"move": illegal[0]})
        assert refused.status_code in (400, 409)
        assert table.log == before
        reply = client.post(
            "/api/table", headers=auth, json={"move": answer["moves"][0]["notation"]}
        )
        assert reply.status_code == 200
        moves_made += 1
        assert moves_made < 500
    assert table.log.state.outcome() is not None
    assert answer["lines"]  # narrated in French for seat 0
