"""The API of `cardgames serve` (`cardgames.web`), through Starlette's test client.

Each seat's token opens that seat's view, events and moves only; whole games of the three
games, played at every person's seat, never show a seat a card it cannot know (the leak check
of ``tests/test_leaks.py``, applied to every answer and every live message); the library's
errors become clear statuses; bots fill the other seats; matches go from round to round; a
pinned version (``expect``) and two racing requests never apply a move twice; the live
WebSocket checks its first message and pushes every change. Hostile input is in
``test_web_hostile.py``, the store (restart, damage, limits, the command) in
``test_web_store.py``.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
import threading
from pathlib import Path
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

import cardgames
from cardgames.narration import describe_move, narrate
from cardgames.shedding import SheddingState
from cardgames.web import Snapshot, served_games
from cardgames.web.tables import MAX_LOG_ENTRIES
from test_leaks import Leak
from web_support import (
    THREE,
    TestClient,
    Watcher,
    bearer,
    deal,
    encoded_events,
    people,
    serve,
    snapshot_of,
    store_of,
    tables_of,
)

GAMES = [game.name for game in served_games()]


@pytest.fixture
def client(tmp_path: Path) -> Any:
    with serve(tmp_path) as client:
        yield client


def url_of(created: dict[str, Any], tail: str = "") -> str:
    return f"/api/tables/{created['table']}" + (f"/{tail}" if tail else "")


def get_json(client: TestClient, url: str, headers: dict[str, str]) -> Any:
    response = client.get(url, headers=headers)
    assert response.status_code == 200, response.text
    return response.json()


# -- creating tables --------------------------------------------------------------------------


def test_a_table_hands_out_one_secret_token_per_person(client: TestClient) -> None:
    created = deal(client)
    assert created["game"] == "crazy-eights"
    assert created["preset"] == "marquoir"
    seats = created["seats"]
    assert [s["seat"] for s in seats] == [0, 1, 2]
    assert [s["name"] for s in seats] == ["Léa", "Tom", "Sam"]
    assert [s["bot"] for s in seats] == [None, None, "heuristic"]
    tokens = [s["token"] for s in seats]
    assert tokens[2] is None
    assert seats[2]["url"] is None
    assert tokens[0] != tokens[1]
    assert min(len(tokens[0]), len(tokens[1])) >= 32  # 192 bits in base64
    assert seats[0]["url"] == f"/table/{created['table']}#token={tokens[0]}"
    assert set(created) == {"table", "game", "preset", "seats"}  # no seed


def test_the_table_is_described_for_a_token(client: TestClient) -> None:
    created = deal(client, game="planets", rounds=2)
    answer = get_json(client, url_of(created), bearer(created, 1))
    assert answer == {
        "table": created["table"],
        "game": "planets",
        "title": "8",
        "preset": "standard",
        "seat": 1,
        "seats": [
            {"name": "Léa", "bot": None},
            {"name": "Tom", "bot": None},
            {"name": "Sam", "bot": "heuristic"},
        ],
        "round": 1,
        "status": "playing",
        "version": snapshot_of(client, created).version,
        "match": {
            "players": ["Léa", "Tom", "Sam"],
            "rounds": [],
            "totals": [0, 0, 0],
            "winners": [],
            "games": 2,
            "play_off": True,
            "is_over": False,
        },
    }


def test_games_lists_the_three_games_their_presets_and_the_bots(client: TestClient) -> None:
    body = get_json(client, "/api/games", {})
    assert [g["name"] for g in body["games"]] == ["crazy-eights", "huit-americain", "planets"]
    for entry in body["games"]:
        game = cardgames.find_game(entry["name"])
        assert entry["presets"] == list(game.presets)
        assert (entry["min_players"], entry["max_players"]) == (game.min_players, game.max_players)
        assert entry["title"] == game.title
    assert body["bots"] == ["easy", "medium", "hard", "random", "heuristic", "ismcts:200"]


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        ({"game": "chess", "seats": THREE}, "chess"),
        ({"game": "crazy-eights", "preset": "mao", "seats": THREE}, "presets of"),
        ({"game": "planets", "seats": [{"name": str(n)} for n in range(7)]}, "2 to 6 players"),
        ({"seats": [{"name": "Bot", "bot": "random"}, {"name": "Bob", "bot": "random"}]}, "person"),
        ({"seats": [{"name": "Léa"}, {"name": "léa"}]}, "two seats are named"),
        ({"seats": [{"name": "Léa"}, {"name": ""}]}, "1 to 24 characters"),
        ({"seats": [{"name": "Léa"}, {"name": " "}]}, "1 to 24 characters"),
        ({"seats": [{"name": "Léa"}, {"name": "x" * 25}]}, "1 to 24 characters"),
        ({"seats": [{"name": "Léa"}, {"name": " Tom"}]}, "surrounding spaces"),
        ({"seats": [{"name": "Léa"}, {"name": "\u0007bell"}]}, "control characters"),
        ({"seats": [{"name": "Léa"}, {"name": "Tom", "bot": "chess-engine"}]}, "unknown bot"),
        ({"seats": [{"name": "Léa"}, {"name": "Tom", "bot": ""}]}, "a bot is named"),
        ({"seats": [{"name": "Léa"}, {"name": "Tom", "bot": 3}]}, "a bot is named"),
        ({"seats": [{"name": "Léa"}]}, "players"),
        ({"seats": [{"name": "Léa"}, {"name": 3}]}, "1 to 24 characters"),
        ({"seats": [{"name": "Léa"}, "Tom"]}, "each seat"),
        ({"seats": "Léa, Tom"}, "seats list"),
        ({"game": "crazy-eights"}, "seats list"),
        ({"seats": [{"name": "Léa"}] * 65}, "seats list"),
        ({"seed": -1, "seats": THREE}, "seed"),
        ({"seed": True, "seats": THREE}, "seed"),
        ({"rounds": 0, "seats": THREE}, "rounds (1 to 50)"),
        ({"rounds": 51, "seats": THREE}, "rounds (1 to 50)"),
        ({"rounds": 2.0, "seats": THREE}, "rounds (1 to 50)"),
        ({"rounds": "2", "seats": THREE}, "rounds (1 to 50)"),
        ([1, 2], "expected an object"),
        ("crazy-eights", "expected an object"),
    ],
)
def test_a_bad_table_is_refused_with_400(client: TestClient, body: Any, fragment: str) -> None:
    response = client.post("/api/tables", json=body)
    assert response.status_code == 400, response.text
    assert response.json()["error"] == "bad_table"
    assert fragment in response.json()["message"]
    assert store_of(client).count() == 0


def test_a_table_must_be_sent_as_json(client: TestClient) -> None:
    response = client.post("/api/tables", content="game=crazy-eights")
    assert response.status_code == 415
    assert response.json()["error"] == "not_json"
    response = client.post(
        "/api/tables", content="{not json", headers={"content-type": "application/json"}
    )
    assert response.status_code == 400
    assert response.json()["error"] == "bad_json"
    assert store_of(client).count() == 0


def test_a_game_is_found_by_any_of_its_names(client: TestClient) -> None:
    created = deal(client, [{"name": "Léa"}, {"name": "Bot", "bot": "random"}], game="8 américain")
    assert created["game"] == "huit-americain"
    created = deal(client, [{"name": "Léa"}, {"name": "Bot", "bot": "RANDOM"}], preset="Marquoir")
    assert created["preset"] == "marquoir"
    assert created["seats"][1]["bot"] == "random"


# -- tokens -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "headers",
    [{}, {"Authorization": "Bearer"}, {"Authorization": "Bearer  "}, {"Authorization": "Basic x"}],
)
def test_a_request_without_a_bearer_token_is_401(
    client: TestClient, headers: dict[str, str]
) -> None:
    created = deal(client)
    for method, tail in [
        ("GET", ""),
        ("GET", "view"),
        ("GET", "events"),
        ("GET", "moves"),
        ("POST", "moves"),
        ("POST", "rounds"),
    ]:
        response = client.request(method, url_of(created, tail), headers=headers, content="draw")
        assert response.status_code == 401, (method, tail)
        assert response.json()["error"] == "missing_token"
        assert response.headers["www-authenticate"] == (
            'Bearer realm="cardgames", error="invalid_request"'
        )


def test_an_unknown_token_or_another_tables_token_is_401(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    created = deal(client)
    other = deal(client)
    for headers in (
        bearer(other, 0),
        {"Authorization": "Bearer not-a-token"},
        {"Authorization": f"Bearer {created['seats'][0]['token'][:-1]}"},
    ):
        for tail in ("", "view", "events", "moves"):
            response = client.get(url_of(created, tail), headers=headers)
            assert response.status_code == 401
            assert response.json()["error"] == "invalid_token"
            assert 'error="invalid_token"' in response.headers["www-authenticate"]


def test_the_bearer_scheme_is_read_in_any_case(client: TestClient) -> None:
    created = deal(client)
    token = created["seats"][1]["token"]
    response = client.get(url_of(created, "view"), headers={"Authorization": f"bearer {token}"})
    assert response.status_code == 200
    assert response.json()["data"]["viewer"] == 1


def test_a_token_reads_its_own_seats_view_only(client: TestClient) -> None:
    created = deal(client)
    snapshot = snapshot_of(client, created)
    for seat in (0, 1):
        view = get_json(client, url_of(created, "view"), bearer(created, seat))
        assert view == json.loads(snapshot.state.view(seat).to_json())
    own = client.get(url_of(created, "view") + "?seat=0", headers=bearer(created, 0))
    assert own.status_code == 200
    assert own.json()["data"]["viewer"] == 0
    for asked in (1, 2):  # the other person, the bot
        response = client.get(
            url_of(created, "view") + f"?seat={asked}", headers=bearer(created, 0)
        )
        assert response.status_code == 403
        assert response.json()["error"] == "not_your_seat"
        assert response.json()["seat"] == 0
        assert "hand" not in response.text
    response = client.get(url_of(created, "view") + "?seat=3", headers=bearer(created, 0))
    assert response.status_code == 400
    assert response.json()["error"] == "bad_seat"


def test_a_token_cannot_make_another_seats_moves(client: TestClient) -> None:
    created = deal(client, [{"name": "Léa"}, {"name": "Tom"}])
    before = snapshot_of(client, created)
    state = before.state
    assert isinstance(state, SheddingState)
    assert state.current == 1  # Tom's turn: Léa (seat 0) sends one of Tom's legal moves
    document = json.loads(state.game.move_to_json(state.legal_moves(1)[0]))
    response = client.post(
        url_of(created, "moves"), headers=bearer(created, 0), json={"move": document}
    )
    assert response.status_code == 403, response.text
    assert response.json()["error"] == "not_your_seat"
    # The text notation always names the token's own seat.
    text = state.format_move(state.legal_moves(1)[0])
    response = client.post(url_of(created, "moves"), headers=bearer(created, 0), content=text)
    assert response.status_code == 409
    assert response.json()["reason"] == "not_your_turn"
    after = snapshot_of(client, created)
    assert (after.version, after.state) == (before.version, state)
    assert store_of(client).moves(created["table"], 1) == ()


def test_api_answers_carry_strict_security_headers(client: TestClient) -> None:
    created = deal(client)
    for path, headers, status in [
        ("/api/games", {}, 200),
        (url_of(created, "view"), bearer(created, 0), 200),
        (url_of(created, "view"), {}, 401),
        ("/api/tables/nope", bearer(created, 0), 404),
        ("/api/nothing", {}, 404),
    ]:
        response = client.get(path, headers=headers)
        assert response.status_code == status, path
        csp = response.headers["content-security-policy"]
        assert "default-src 'self'" in csp
        assert "script-src 'self'" in csp
        assert "frame-ancestors 'none'" in csp
        assert response.headers["x-content-type-options"] == "nosniff"
        assert response.headers["referrer-policy"] == "no-referrer"
        assert response.headers["x-frame-options"] == "DENY"
        assert response.headers["cache-control"] == "no-store"
        assert response.headers["content-type"].startswith("application/json")


def test_unknown_tables_and_paths_are_404(client: TestClient) -> None:
    created = deal(client)
    for method, path in [
        ("GET", "/api/tables/nope/view"),
        ("GET", "/api/tables/nope"),
        ("POST", "/api/tables/nope/moves"),
        ("POST", "/api/tables/nope/rounds"),
    ]:
        response = client.request(method, path, content="draw", headers=bearer(created, 0))
        assert response.status_code == 404, path
        assert response.json()["error"] == "unknown_table"
    assert client.get("/api/nothing").status_code == 404
    assert client.get("/api/nothing").json()["error"] == "not_found"


# -- moves ------------------------------------------------------------------------------------


def test_moves_are_read_as_text_as_json_text_or_as_move_documents(client: TestClient) -> None:
    created = deal(client, [{"name": "Léa"}, {"name": "Bot", "bot": "random"}], seed=3)
    for form in ("text", "json-text", "document"):
        snapshot = snapshot_of(client, created)
        state = snapshot.state
        move = state.legal_moves(0)[0]
        headers = bearer(created, 0)
        url = url_of(created, "moves")
        if form == "text":
            response = client.post(url, headers=headers, content=state.format_move(move))
        elif form == "json-text":
            response = client.post(url, headers=headers, json={"move": state.format_move(move)})
        else:
            document = json.loads(state.game.move_to_json(move))
            response = client.post(url, headers=headers, json={"move": document})
        assert response.status_code == 200, (form, response.text)
        after = snapshot_of(client, created)
        assert after.log.moves[snapshot.seq] == move  # the person's move, then the bot's
        answer = response.json()
        assert answer == {
            "view": json.loads(after.state.view(0).to_json()),
            "seq": after.seq,
            "version": after.version,
            "status": "playing",
        }
        assert after.seq > snapshot.seq + 1 or after.state.to_act == (0,)


def test_an_illegal_move_is_409_with_the_librarys_reason(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    created = deal(client, [{"name": "Léa"}, {"name": "Tom"}], seed=7, monkeypatch=monkeypatch)
    before = snapshot_of(client, created)
    state = before.state
    url = url_of(created, "moves")
    response = client.post(url, headers=bearer(created, 0), content="draw")  # Tom's turn
    assert response.status_code == 409
    body = response.json()
    assert body["error"] == "illegal_move"
    assert body["reason"] == "not_your_turn"
    assert "seat 1" in body["detail"]
    assert isinstance(state, SheddingState)
    missing = next(c for c in state.all_cards() if c not in state.hands[1] and c.rank != 8)
    response = client.post(url, headers=bearer(created, 1), content=f"play {missing}")
    assert response.status_code == 409
    assert response.json()["reason"] == "card_not_in_hand"
    after = snapshot_of(client, created)
    assert (after.version, after.state) == (before.version, state)


@pytest.mark.parametrize(
    ("content", "content_type"),
    [
        ("dance", "text/plain"),
        ("play 8X", "text/plain"),
        ("", "text/plain"),
        (b"\xff\xfe", "text/plain"),
        ("{oops", "application/json"),
        ("[]", "application/json"),
        ('{"move": 3}', "application/json"),
        ('{"move": "draw", "colour": "red"}', "application/json"),
        ('{"move": "draw", "expect": "1"}', "application/json"),
        ('{"move": "draw", "expect": -1}', "application/json"),
        ('{"move": "draw", "expect": true}', "application/json"),
        ('{"move": "draw", "expect": 1.0}', "application/json"),
        ('{"format": "cardgames.move", "version": 1, "game": "crazy-eights"}', "application/json"),
        # A move document is sent as {"move": DOCUMENT}, never bare.
        (
            '{"format": "cardgames.move", "version": 1, "game": "crazy-eights", '
            '"data": {"type": "draw", "player": 1}}',
            "application/json",
        ),
        ('{"move": {"format": "cardgames.move", "version": 1}}', "application/json"),
        (
            '{"format": "cardgames.move", "version": 1, "game": "planets", '
            '"data": {"type": "keep", "player": 1, "card": "Earth"}}',
            "application/json",
        ),
        (
            '{"format": "cardgames.move", "version": 1, "game": "huit-americain", '
            '"data": {"type": "draw", "player": 1}}',
            "application/json",
        ),
    ],
)
def test_an_unreadable_move_is_400(
    client: TestClient, content: str | bytes, content_type: str
) -> None:
    created = deal(client, [{"name": "Léa"}, {"name": "Tom"}])
    before = snapshot_of(client, created)
    response = client.post(
        url_of(created, "moves"),
        headers={**bearer(created, 1), "content-type": content_type},
        content=content,
    )
    assert response.status_code == 400, response.text
    assert response.json()["error"] in {"bad_move", "bad_json"}
    assert snapshot_of(client, created).version == before.version


def test_a_large_body_is_413(client: TestClient) -> None:
    created = deal(client)
    for body in ("x" * 5000, iter([b"x" * 3000, b"x" * 3000])):  # declared, then streamed
        response = client.post(url_of(created, "moves"), headers=bearer(created, 1), content=body)
        assert response.status_code == 413
        assert response.json()["error"] == "too_large"
    response = client.post(
        "/api/tables",
        content=json.dumps({"seats": THREE, "game": "x" * 5000}),
        headers={"content-type": "application/json"},
    )
    assert response.status_code == 413


# -- whole games ------------------------------------------------------------------------------


def look(
    client: TestClient, watcher: Watcher, created: dict[str, Any], seat: int, after: int = -1
) -> Any:
    """Every answer seat ``seat`` may ask for, each checked for leaks and against the server."""
    snapshot = snapshot_of(client, created)
    headers = bearer(created, seat)
    view = get_json(client, url_of(created, "view"), headers)
    assert view == json.loads(snapshot.state.view(seat).to_json())
    watcher.check(seat, "view", view)
    events = get_json(client, url_of(created, "events") + f"?after={after}", headers)
    assert [e["events"] for e in events["entries"]] == encoded_events(snapshot, seat, after)
    watcher.check(seat, "events", events)
    legal = snapshot.state.legal_moves(seat) if snapshot.status == "playing" else []
    if not legal and after != -1:  # the view's own legal moves are empty: so is this answer
        assert view["data"]["legal_moves"] == []
        return []
    moves = get_json(client, url_of(created, "moves"), headers)
    assert [m["notation"] for m in moves["moves"]] == [snapshot.state.format_move(m) for m in legal]
    watcher.check(seat, "moves", moves)
    return moves["moves"]


def listen(watcher: Watcher, sockets: dict[int, Any], snapshot: Snapshot) -> None:
    """Read each seat's live messages up to the table's version; check each one."""
    for seat, socket in sockets.items():
        while True:
            message = socket.receive_json()
            assert message["type"] == "update", message
            watcher.check(seat, "live", message)
            assert message["version"] <= snapshot.version
            if message["version"] == snapshot.version:
                assert message["view"] == json.loads(snapshot.state.view(seat).to_json())
                break


def always(move: Any) -> Any:
    """A move reader that reads ``move`` whatever the state."""
    return lambda _state: move


def play_quickly(client: TestClient, created: dict[str, Any], chooser: random.Random) -> Snapshot:
    """Play the round through `Tables` (no HTTP): the people's random moves, then the bots'."""
    tables = tables_of(client)
    humans = people(created)
    table = created["table"]
    round_number = snapshot_of(client, created).round
    for _ in range(5000):
        snapshot = tables.get(table)
        if snapshot.status != "playing" or snapshot.round != round_number:
            return snapshot
        seat = next(seat for seat in snapshot.state.to_act if seat in humans)
        move = chooser.choice(snapshot.state.legal_moves(seat))
        tables.play(table, seat, always(move))
        tables.advance(table)
    raise AssertionError("the round did not end")


def play_through(
    client: TestClient,
    created: dict[str, Any],
    *,
    seed: int,
    checked: bool = True,
    sockets: dict[int, Any] | None = None,
) -> Snapshot:
    """Play the round: each person plays a random legal move; check every answer on the way
    (and every message of the live ``sockets``, by seat, if given)."""
    chooser = random.Random(seed)
    if not checked:
        return play_quickly(client, created, chooser)
    watcher = Watcher(client, created)
    humans = people(created)
    round_number = snapshot_of(client, created).round
    after = {seat: -1 for seat in humans}
    for _ in range(5000):
        snapshot = snapshot_of(client, created)
        if sockets:
            listen(watcher, sockets, snapshot)
        if snapshot.status != "playing" or snapshot.round != round_number:
            for seat in humans:  # the whole log once more, with the reveal
                look(client, watcher, created, seat)
                info = get_json(client, url_of(created, ""), bearer(created, seat))
                watcher.check(seat, "info", info)
            return snapshot
        # Every seat's HTTP answers at every position; with live sockets (which carry the same
        # view, entries and moves for every seat), those of the seat to act only.
        acting = [seat for seat in snapshot.state.to_act if seat in humans]
        asked = acting[:1] if sockets and acting else humans
        options = {seat: look(client, watcher, created, seat, after[seat]) for seat in asked}
        for seat in asked:
            after[seat] = snapshot.seq
        movers = [seat for seat in options if options[seat]]
        assert movers, "the bots stopped while no person can move"
        seat = movers[0]
        move = chooser.choice(options[seat])["move"]
        response = client.post(
            url_of(created, "moves"), headers=bearer(created, seat), json={"move": move}
        )
        assert response.status_code == 200, response.text
        watcher.check(seat, "move answer", response.json())
    raise AssertionError("the round did not end")


@pytest.mark.parametrize(
    ("game", "seats"),
    [
        ("crazy-eights", [{"name": "Léa"}, {"name": "Tom"}, {"name": "Sam", "bot": "heuristic"}]),
        ("huit-americain", [{"name": "Léa"}, {"name": "Tom"}, {"name": "Bot", "bot": "random"}]),
        ("planets", [{"name": "Léa"}, {"name": "Tom"}, {"name": "Sam", "bot": "heuristic"}]),
    ],
)
def test_whole_games_never_show_another_seats_cards(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, game: str, seats: list[dict[str, Any]]
) -> None:
    created = deal(client, seats, game=game, seed=11, rounds=1, monkeypatch=monkeypatch)
    with contextlib.ExitStack() as stack:  # each person follows the table live, too
        sockets = {}
        for seat in people(created):
            socket = stack.enter_context(client.websocket_connect(url_of(created, "live")))
            socket.send_json({"token": created["seats"][seat]["token"]})
            sockets[seat] = socket
        final = play_through(client, created, seed=11, sockets=sockets)
    assert final.state.is_over
    assert final.status == "match_over"
    view = get_json(client, url_of(created, "view"), bearer(created, 0))
    assert view["data"]["outcome"] is not None
    assert get_json(client, url_of(created, "moves"), bearer(created, 0))["moves"] == []


@pytest.mark.parametrize("game", GAMES)
def test_the_leak_check_catches_another_seats_view(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    # The check above can fail: seat 0's own view and events, read as seat 1's answers, once
    # seat 0 has drawn (the people draw whenever they may).
    created = deal(client, game=game, seed=11, monkeypatch=monkeypatch)
    watcher = Watcher(client, created)
    for _ in range(50):
        events = get_json(client, url_of(created, "events"), bearer(created, 0))
        drawn = [
            e
            for entry in events["entries"]
            for e in entry["events"]
            if e["type"] == "cards_drawn" and e["player"] == 0 and e["cards"]
        ]
        if drawn:
            break
        state = snapshot_of(client, created).state
        seat = state.to_act[0]
        legal = state.legal_moves(seat)
        draws = [m for m in legal if type(m).__name__ == "Draw"]
        response = client.post(
            url_of(created, "moves"),
            headers=bearer(created, seat),
            json={"move": state.format_move((draws or legal)[0])},
        )
        assert response.status_code == 200
    assert drawn
    view = get_json(client, url_of(created, "view"), bearer(created, 0))
    watcher.check(0, "view", view)
    watcher.check(0, "events", events)
    with pytest.raises(Leak):
        watcher.check(1, "view", view)
    with pytest.raises(Leak):
        watcher.check(
            1, "events", {"entries": [e for e in events["entries"] if "cards_drawn" in str(e)]}
        )


@pytest.mark.parametrize(
    ("game", "preset"),
    [
        ("crazy-eights", None),
        ("huit-americain", "a-la-volee"),
        ("huit-americain", "le-cumul"),
        ("planets", None),
    ],
)
@pytest.mark.parametrize("bot", ["heuristic", "random"])
def test_bots_fill_the_empty_seats_and_the_game_ends(
    client: TestClient, game: str, preset: str | None, bot: str
) -> None:
    seats = [{"name": "Léa"}, {"name": "B1", "bot": bot}, {"name": "B2", "bot": bot}]
    created = deal(client, seats, game=game, seed=5, preset=preset, rounds=1)
    final = play_through(client, created, seed=5, checked=False)
    assert final.state.outcome() is not None
    log = get_json(client, url_of(created, "events"), bearer(created, 0))
    movers = {entry["seat"] for entry in log["entries"]}
    assert {1, 2} <= movers  # both bots played
    # The log from the deal, or its last MAX_LOG_ENTRIES moves in a long game.
    assert log["entries"][0]["seq"] == max(0, final.seq + 1 - MAX_LOG_ENTRIES)
    assert [entry["seq"] for entry in log["entries"]][-1] == log["seq"] == final.seq
    assert len(log["entries"]) <= MAX_LOG_ENTRIES


@pytest.mark.parametrize("bot", ["easy", "medium", "hard", "ismcts:200", " Hard "])
def test_every_offered_bot_plays(client: TestClient, bot: str) -> None:
    seats = [{"name": "Léa"}, {"name": "Bot", "bot": bot}]
    created = deal(client, seats, seed=3)
    assert created["seats"][1]["bot"] == bot.strip().casefold()
    snapshot = snapshot_of(client, created)
    assert snapshot.seq >= 1  # the bot played first
    assert snapshot.state.to_act == (0,)


@pytest.mark.parametrize("bot", ["ismcts", "ismcts:1000", "ismcts:1000000", "ismcts:20"])
def test_only_the_offered_bots_may_sit(client: TestClient, bot: str) -> None:
    # A bot's move costs the server's time: a client may not choose its budget.
    response = client.post(
        "/api/tables", json={"seats": [{"name": "Léa"}, {"name": "B", "bot": bot}]}
    )
    assert response.status_code == 400
    assert "unknown bot" in response.json()["message"]


def test_a_hard_bot_remembers_what_its_seat_saw(tmp_path: Path) -> None:
    # The "hard" bot is informed: the table keeps its seat's information state, move by move,
    # and rebuilds it from the round after a restart.
    seats = [{"name": "Léa"}, {"name": "Bot", "bot": "hard"}]
    with serve(tmp_path) as client:
        created = deal(client, seats, seed=3, rounds=1)
        for _ in range(8):
            if snapshot_of(client, created).status != "playing":
                break
            play_one(client, created, 0)
        moved = snapshot_of(client, created)
    with serve(tmp_path) as client:
        assert snapshot_of(client, created).log.moves == moved.log.moves
        final = play_quickly(client, created, random.Random(3))
        tables = tables_of(client)
        assert final.state.is_over
        round_number, seq, info = tables._infos[(created["table"], 1)]
        assert round_number == 1
        last = final.log.states[seq]
        assert info.view == last.view(1)
        assert len(info) == seq + 1


def play_one(client: TestClient, created: dict[str, Any], seat: int) -> None:
    state = snapshot_of(client, created).state
    response = client.post(
        url_of(created, "moves"),
        headers=bearer(created, seat),
        json={"move": state.format_move(state.legal_moves(seat)[0])},
    )
    assert response.status_code == 200, response.text


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(
    ("game", "preset"),
    [("huit-americain", "le-cumul"), ("crazy-eights", None), ("planets", None)],
)
def test_the_log_is_the_librarys_narration_for_each_seat(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, lang: str, game: str, preset: str | None
) -> None:
    created = deal(client, game=game, preset=preset, seed=3, rounds=1, monkeypatch=monkeypatch)
    final = play_through(client, created, seed=3, checked=False)
    for seat in (0, 1):
        log = get_json(client, url_of(created, "events") + f"?lang={lang}", bearer(created, seat))
        entries = final.events(seat, -1)
        assert [entry["seq"] for entry in log["entries"]] == [n for n, _, _ in entries]
        assert [entry["seat"] for entry in log["entries"]] == [m for _, m, _ in entries]
        drawn_by_others = set()
        for entry, (_, _, events) in zip(log["entries"], entries, strict=True):
            expected = narrate(
                events, final.players, viewer=seat, lang=lang, rules=final.state.rules
            )
            assert entry["lines"] == expected
            assert bool(entry["lines"]) == bool(entry["events"])
            for event in events:
                player = getattr(event, "player", seat)
                if player != seat and event.kind == "cards_drawn":
                    drawn_by_others.add(player)
        text = "\n".join(line for entry in log["entries"] for line in entry["lines"])
        you = "tu " if lang == "fr" else "you "
        assert re.search(rf"(^|; ){you}", text, re.M), text[:300]
        # Another seat's draw is counted, never shown: "Tom draws 2", not "Tom draws 2: 4♠ 3♦".
        assert drawn_by_others
        for other in drawn_by_others:
            name = final.players[other]
            verb = "pioche" if lang == "fr" else "draws"
            for line in text.splitlines():
                assert not re.search(rf"{name} {verb}[^;]*:", line), line
        # after=N: only the later moves.
        later = get_json(client, url_of(created, "events") + "?after=5", bearer(created, seat))
        assert [entry["seq"] for entry in later["entries"]] == list(range(6, final.seq + 1))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_moves_endpoint_labels_each_legal_move_with_names(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    # Under "autres-propositions" a queen swaps hands and a king chooses the next player: moves
    # that name a seat.
    created = deal(
        client, game="huit-americain", preset="autres-propositions", seed=2, monkeypatch=monkeypatch
    )
    named = 0
    for _ in range(80):
        snapshot = snapshot_of(client, created)
        state = snapshot.state
        if snapshot.status != "playing":
            break
        seat = state.to_act[0]
        answer = get_json(client, url_of(created, "moves") + f"?lang={lang}", bearer(created, seat))
        legal = state.legal_moves(seat)
        assert answer["moves_played"] == snapshot.seq
        assert answer["version"] == snapshot.version
        assert [m["notation"] for m in answer["moves"]] == [state.format_move(m) for m in legal]
        labels = [describe_move(m, state.players, lang=lang) for m in legal]
        assert [m["label"] for m in answer["moves"]] == labels
        assert [m["move"] for m in answer["moves"]] == [
            json.loads(state.game.move_to_json(m)) for m in legal
        ]
        targeted = [m for m in legal if getattr(m, "target", None) is not None]
        named += len(targeted)
        move = targeted[0] if targeted else legal[0]
        response = client.post(
            url_of(created, "moves"),
            json={"move": state.format_move(move)},
            headers=bearer(created, seat),
        )
        assert response.status_code == 200, response.text
    assert named, "no move named a seat: pick a deal where one does"


def test_bots_call_out_a_person_who_forgets_to_announce(client: TestClient) -> None:
    created = deal(
        client,
        [{"name": "Léa"}, {"name": "Bot", "bot": "heuristic"}],
        game="8 américain",
        seed=1,
        rounds=1,
    )
    # Léa's second-to-last card, laid without "carte!": the bot calls her out at once.
    quiet_played = False
    for _ in range(500):
        snapshot = snapshot_of(client, created)
        if snapshot.status != "playing":
            break
        state = snapshot.state
        assert isinstance(state, SheddingState)
        assert state.to_act == (0,)
        legal = state.legal_moves(0)
        quiet = [
            m for m in legal if getattr(m, "announce", None) is False and len(state.hands[0]) == 2
        ]
        move = quiet[0] if quiet else legal[0]
        response = client.post(
            url_of(created, "moves"),
            json={"move": state.format_move(move)},
            headers=bearer(created, 0),
        )
        assert response.status_code == 200, response.text
        if quiet:
            quiet_played = True
            break
    assert quiet_played
    log = get_json(client, url_of(created, "events"), bearer(created, 0))
    kinds = [e["type"] for entry in log["entries"] for e in entry["events"]]
    assert "announcement_missed" in kinds
    assert "announcement_called" in kinds
    called = next(e for e in log["entries"] if "announcement_called" in str(e["events"]))
    assert called["seat"] == 1  # the bot interrupted


# -- seeds ------------------------------------------------------------------------------------


def test_a_client_cannot_choose_the_seed_of_a_table_with_other_people(client: TestClient) -> None:
    # The creator would deal the same game at home and know every hand and the stock order.
    for seats in (THREE, [{"name": "Léa"}, {"name": "Tom"}]):
        response = client.post("/api/tables", json={"seed": 7, "seats": seats})
        assert response.status_code == 403, response.text
        assert response.json()["error"] == "seed_not_allowed"
    assert store_of(client).count() == 0


@pytest.mark.parametrize("game", GAMES)
def test_a_chosen_seed_is_allowed_for_one_person_and_bots(client: TestClient, game: str) -> None:
    seats = [{"name": "Léa"}, {"name": "B1", "bot": "random"}, {"name": "B2", "bot": "random"}]
    response = client.post("/api/tables", json={"game": game, "seed": 7, "seats": seats})
    assert response.status_code == 201, response.text
    snapshot = snapshot_of(client, response.json())
    first = snapshot.log.states[0]
    assert first == first.game.new_game(["Léa", "B1", "B2"], seed=7, rules=first.rules)
    assert snapshot.round_seed == 7


def test_the_server_draws_the_seed_with_secrets(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: list[int] = []

    def randbits(bits: int) -> int:
        assert bits == 64  # as many as an agent would have to try against its hand
        drawn.append(2**64 - 123456789)
        return drawn[-1]

    monkeypatch.setattr("secrets.randbits", randbits)
    created = deal(client)
    snapshot = snapshot_of(client, created)
    first = snapshot.log.states[0]
    seed = 2**63 - 123456789  # the 64 bits as the store's signed 64-bit integer
    assert drawn == [seed + 2**63]
    assert first == first.game.new_game(["Léa", "Tom", "Sam"], seed=seed, rules=first.rules)
    assert str(seed) not in json.dumps(created)
    for tail in ("", "view", "events", "moves"):
        assert str(seed) not in client.get(url_of(created, tail), headers=bearer(created, 0)).text


# -- matches ----------------------------------------------------------------------------------


def finish_round(client: TestClient, created: dict[str, Any], seed: int) -> Snapshot:
    return play_through(client, created, seed=seed, checked=False)


@pytest.mark.parametrize("game", GAMES)
def test_a_match_goes_from_round_to_round_until_it_is_over(client: TestClient, game: str) -> None:
    created = deal(
        client, [{"name": "Léa"}, {"name": "Bot", "bot": "heuristic"}], game=game, seed=4, rounds=2
    )
    table = created["table"]
    headers = bearer(created, 0)
    refused = client.post(url_of(created, "rounds"), headers=headers)
    assert refused.status_code == 409  # the round is being played
    assert refused.json()["error"] == "no_next_round"
    first = finish_round(client, created, seed=4)
    assert first.status == "round_over"
    info = get_json(client, url_of(created), headers)
    assert info["status"] == "round_over"
    assert info["round"] == 1
    assert len(info["match"]["rounds"]) == 1
    assert info["match"]["totals"] == info["match"]["rounds"][0]
    assert info["match"]["is_over"] is False
    # No move between rounds.
    move = client.post(url_of(created, "moves"), headers=headers, content="draw")
    assert move.status_code == 409
    assert move.json()["error"] == "round_over"
    version = first.version
    assert get_json(client, url_of(created, "moves"), headers)["moves"] == []
    # The next round: dealt anew, its log from its own deal.
    response = client.post(url_of(created, "rounds"), headers=headers)
    assert response.status_code == 201, response.text
    second = snapshot_of(client, created)
    assert response.json() == {"round": 2, "version": second.version}
    assert second.version > version
    assert second.round == 2
    assert second.round_seed != first.round_seed
    assert store_of(client).round_of(table, 2) is not None
    events = get_json(client, url_of(created, "events"), headers)
    assert events["round"] == 2
    assert events["entries"][0]["seq"] == 0
    assert events["entries"][0]["seat"] is None
    view = get_json(client, url_of(created, "view"), headers)
    assert view == json.loads(second.state.view(0).to_json())
    assert view["data"]["moves_played"] == second.seq
    again = client.post(url_of(created, "rounds"), headers=headers)
    assert again.status_code == 409  # round 2 is being played
    final = finish_round(client, created, seed=5)
    assert final.status == "match_over"
    info = get_json(client, url_of(created), headers)
    match = info["match"]
    assert info["status"] == "match_over"
    assert match["is_over"] is True
    assert len(match["rounds"]) == 2
    assert match["totals"] == [sum(points) for points in zip(*match["rounds"], strict=True)]
    assert match["winners"] == list(final.match.winners)
    assert match["winners"]
    stored = [store_of(client).round_of(table, n) for n in (1, 2)]
    assert [json.loads(r[1]) for r in stored if r is not None and r[1]] == match["rounds"]
    refused = client.post(url_of(created, "rounds"), headers=headers)
    assert refused.status_code == 409
    assert refused.json()["error"] == "no_next_round"
    move = client.post(url_of(created, "moves"), headers=headers, content="draw")
    assert move.status_code == 409
    assert move.json()["error"] == "round_over"


def test_a_move_pinned_to_an_old_version_is_409_stale(client: TestClient) -> None:
    created = deal(client, [{"name": "Léa"}, {"name": "Tom"}])
    snapshot = snapshot_of(client, created)
    state = snapshot.state
    move = state.format_move(state.legal_moves(1)[0])
    url = url_of(created, "moves")
    stale = client.post(
        url, headers=bearer(created, 1), json={"move": move, "expect": snapshot.version - 1}
    )
    assert stale.status_code == 409
    assert stale.json()["error"] == "stale"
    assert snapshot_of(client, created).version == snapshot.version
    fresh = client.post(
        url, headers=bearer(created, 1), json={"move": move, "expect": snapshot.version}
    )
    assert fresh.status_code == 200, fresh.text
    assert fresh.json()["version"] == snapshot.version + 1
    # The same move pinned to the version it was made on: stale, not played twice.
    again = client.post(
        url, headers=bearer(created, 1), json={"move": move, "expect": snapshot.version}
    )
    assert again.status_code == 409
    assert again.json()["error"] == "stale"
    assert len(store_of(client).moves(created["table"], 1)) == 1


def race(
    client: TestClient, url: str, headers: dict[str, str], body: Any
) -> tuple[list[int], list[str]]:
    """POST ``body`` twice at once, from two threads; answer the statuses and error codes."""
    barrier = threading.Barrier(2)
    answers: list[int] = []
    errors: list[str] = []

    def post() -> None:
        barrier.wait()
        response = client.post(url, headers=headers, json=body)
        if response.status_code >= 400:
            errors.append(response.json()["error"])
        answers.append(response.status_code)

    threads = [threading.Thread(target=post) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert len(answers) == 2, "a request failed in its thread"
    return answers, errors


def test_two_racing_requests_never_both_apply_the_same_move(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    created = deal(client, [{"name": "Léa"}, {"name": "Tom"}], seed=9, monkeypatch=monkeypatch)
    store = store_of(client)
    races = 0
    while races < 20:
        snapshot = snapshot_of(client, created)
        if snapshot.status != "playing":
            created = deal(client, [{"name": "Léa"}, {"name": "Tom"}])
            continue
        state = snapshot.state
        seat = state.to_act[0]
        plays = [m for m in state.legal_moves(seat) if type(m).__name__ == "Play"]
        move = (plays or state.legal_moves(seat))[0]
        body = {"move": json.loads(state.game.move_to_json(move))}
        answers, errors = race(client, url_of(created, "moves"), bearer(created, seat), body)
        if sorted(answers) != [200, 409] and answers == [200, 200]:
            raise AssertionError("the same move was applied twice")
        assert sorted(answers) == [200, 409], (answers, errors)
        assert errors in (["illegal_move"], ["stale"])
        logged = store.moves(created["table"], snapshot.round)
        assert len(logged) == snapshot.seq + 1
        assert logged[-1].move == state.game.move_to_json(move)
        assert snapshot_of(client, created).version == snapshot.version + 1
        races += 1


def test_two_racing_requests_for_the_next_round_deal_it_once(client: TestClient) -> None:
    created = deal(client, [{"name": "Léa"}, {"name": "Bot", "bot": "random"}], seed=4, rounds=3)
    for number in (2, 3):
        finished = finish_round(client, created, seed=number)
        assert finished.status == "round_over"
        statuses, errors = race(client, url_of(created, "rounds"), bearer(created, 0), None)
        assert sorted(statuses) == [201, 409], (statuses, errors)
        assert errors == ["no_next_round"]
        snapshot = snapshot_of(client, created)
        assert snapshot.round == number
        assert store_of(client).round_of(created["table"], number + 1) is None
    # Pinned to one version, two moves at once: one applies, the other is stale.
    snapshot = snapshot_of(client, created)
    move = snapshot.state.format_move(snapshot.state.legal_moves(0)[0])
    body = {"move": move, "expect": snapshot.version}
    statuses, errors = race(client, url_of(created, "moves"), bearer(created, 0), body)
    assert sorted(statuses) == [200, 409], (statuses, errors)
    assert errors == ["stale"]
    assert store_of(client).moves(created["table"], 3)[snapshot.seq].seq == snapshot.seq + 1


# -- the live socket --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "code"),
    [
        ({"token": "nope"}, "invalid_token"),
        ({}, "missing_token"),
        ({"token": None}, "missing_token"),
        ({"token": 3}, "missing_token"),
        ({"token": "TOKEN", "lang": "de"}, "bad_hello"),
        ({"token": "TOKEN", "after": -2}, "bad_hello"),
        ({"token": "TOKEN", "after": "1"}, "bad_hello"),
        ({"token": "TOKEN", "after": True}, "bad_hello"),
        ({"token": "TOKEN", "after": 10**9}, "bad_hello"),
        ({"token": "TOKEN", "seat": 1}, "bad_hello"),
        ([1], "bad_hello"),
        ("{not json", "bad_json"),
        ("[" * 3000, "bad_json"),
        ("x" * 5000, "too_large"),
        ({"token": "OTHER"}, "invalid_token"),
    ],
)
def test_a_bad_first_message_on_the_live_socket_is_an_error_then_a_close(
    client: TestClient, message: Any, code: str
) -> None:
    created = deal(client)
    other = deal(client)
    if isinstance(message, dict) and "token" in message:
        message = {
            **message,
            "token": {
                "TOKEN": created["seats"][0]["token"],
                "OTHER": other["seats"][0]["token"],
            }.get(message["token"], message["token"]),
        }
    with client.websocket_connect(url_of(created, "live")) as socket:
        socket.send_text(message if isinstance(message, str) else json.dumps(message))
        answer = socket.receive_json()
        assert answer["type"] == "error"
        assert answer["error"] == code
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 1008


@pytest.mark.parametrize("table_id", ["nope", "a.b", "x" * 40])
def test_the_live_socket_of_an_unknown_table_is_refused(client: TestClient, table_id: str) -> None:
    created = deal(client)
    with client.websocket_connect(f"/api/tables/{table_id}/live") as socket:
        socket.send_json({"token": created["seats"][0]["token"]})
        answer = socket.receive_json()
        assert answer["error"] == "unknown_table"
        with pytest.raises(WebSocketDisconnect):
            socket.receive_json()


def test_the_live_socket_sends_an_update_now_and_after_every_change(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    created = deal(client, seed=6, monkeypatch=monkeypatch)
    watcher = Watcher(client, created)
    with client.websocket_connect(url_of(created, "live")) as socket:
        socket.send_json({"token": created["seats"][0]["token"], "lang": "fr", "after": -1})
        first = socket.receive_json()
        snapshot = snapshot_of(client, created)
        assert first["type"] == "update"
        assert (first["round"], first["seq"], first["version"], first["status"]) == (
            1,
            snapshot.seq,
            snapshot.version,
            "playing",
        )
        assert first["view"] == json.loads(snapshot.state.view(0).to_json())
        assert [e["seq"] for e in first["entries"]] == list(range(snapshot.seq + 1))
        assert first["entries"][0]["lines"] == narrate(
            snapshot.log.states[0].last_events,
            snapshot.players,
            viewer=0,
            lang="fr",
            rules=snapshot.state.rules,
        )
        assert first["match"] == snapshot.match_summary()
        watcher.check(0, "live", first)
        # Tom (seat 1) moves; Léa's socket gets the change: the new entries only.
        for _ in range(6):
            snapshot = snapshot_of(client, created)
            seat = snapshot.state.to_act[0]
            assert seat in (0, 1)
            move = snapshot.state.legal_moves(seat)[0]
            response = client.post(
                url_of(created, "moves"),
                headers=bearer(created, seat),
                json={"move": snapshot.state.format_move(move)},
            )
            assert response.status_code == 200
            after = snapshot_of(client, created)
            update = socket.receive_json()
            while update["version"] < after.version:  # the bot's move may come in a second one
                update = socket.receive_json()
            assert update["version"] == after.version
            assert update["view"] == json.loads(after.state.view(0).to_json())
            assert update["entries"][-1]["seq"] == after.seq
            assert update["entries"][0]["seq"] > snapshot.seq
            assert [m["notation"] for m in update["moves"]] == [
                after.state.format_move(m) for m in after.state.legal_moves(0)
            ]
            watcher.check(0, "live", update)


def test_the_live_socket_after_a_move_number_sends_the_later_entries(client: TestClient) -> None:
    created = deal(client, [{"name": "Léa"}, {"name": "Bot", "bot": "random"}], seed=2)
    for _ in range(3):
        state = snapshot_of(client, created).state
        response = client.post(
            url_of(created, "moves"),
            headers=bearer(created, 0),
            json={"move": state.format_move(state.legal_moves(0)[0])},
        )
        assert response.status_code == 200
    snapshot = snapshot_of(client, created)
    with client.websocket_connect(url_of(created, "live")) as socket:
        socket.send_json({"token": created["seats"][0]["token"], "after": 2})
        update = socket.receive_json()
    assert [e["seq"] for e in update["entries"]] == list(range(3, snapshot.seq + 1))


def test_the_live_socket_starts_a_new_rounds_log_from_its_deal(client: TestClient) -> None:
    created = deal(client, [{"name": "Léa"}, {"name": "Bot", "bot": "heuristic"}], seed=4, rounds=2)
    first = finish_round(client, created, seed=4)
    assert first.status == "round_over"
    with client.websocket_connect(url_of(created, "live")) as socket:
        socket.send_json({"token": created["seats"][0]["token"]})
        update = socket.receive_json()
        assert update["status"] == "round_over"
        assert update["moves"] == []
        response = client.post(url_of(created, "rounds"), headers=bearer(created, 0))
        assert response.status_code == 201
        second = snapshot_of(client, created)
        update = socket.receive_json()
        while update["version"] < second.version:
            update = socket.receive_json()
        assert update["round"] == 2
        assert update["status"] == "playing"
        assert update["entries"][0]["seq"] == 0  # from the deal, not after round 1's last move
        assert [e["seq"] for e in update["entries"]] == list(range(second.seq + 1))
        assert update["view"] == json.loads(second.state.view(0).to_json())


def test_a_table_is_followed_by_at_most_so_many_sockets(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("cardgames.web.app.MAX_SOCKETS_PER_TABLE", 1)
    created = deal(client)
    with client.websocket_connect(url_of(created, "live")) as first:
        first.send_json({"token": created["seats"][0]["token"]})
        assert first.receive_json()["type"] == "update"
        with client.websocket_connect(url_of(created, "live")) as second:
            second.send_json({"token": created["seats"][1]["token"]})
            answer = second.receive_json()
            assert answer["error"] == "too_many_sockets"
            with pytest.raises(WebSocketDisconnect):
                second.receive_json()
    with client.websocket_connect(url_of(created, "live")) as again:  # the first one left
        again.send_json({"token": created["seats"][1]["token"]})
        assert again.receive_json()["type"] == "update"


def test_one_client_address_holds_at_most_so_many_sockets_greeting_or_not(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A client that opens sockets and never greets held a task each for 10 s, uncounted: it
    # could keep the server's sockets for itself. Every open socket now counts for its address.
    monkeypatch.setattr("cardgames.web.app.MAX_SOCKETS_PER_CLIENT", 2)
    created = deal(client)
    with (
        client.websocket_connect(url_of(created, "live")),  # silent: no greeting yet
        client.websocket_connect(url_of(created, "live")) as second,
    ):
        with client.websocket_connect(url_of(created, "live")) as third:
            answer = third.receive_json()
            assert answer["error"] == "too_many_sockets"
            assert "address" in answer["message"]
            with pytest.raises(WebSocketDisconnect):
                third.receive_json()
        second.send_json({"token": created["seats"][0]["token"]})
        assert second.receive_json()["type"] == "update"
    with client.websocket_connect(url_of(created, "live")) as again:  # both left: room again
        again.send_json({"token": created["seats"][1]["token"]})
        assert again.receive_json()["type"] == "update"


def test_the_server_counts_sockets_still_waiting_for_their_greeting(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("cardgames.web.app.MAX_SOCKETS", 1)
    created = deal(client)
    with (
        client.websocket_connect(url_of(created, "live")),  # silent
        client.websocket_connect(url_of(created, "live")) as second,
    ):
        second.send_json({"token": created["seats"][0]["token"]})
        answer = second.receive_json()
        assert answer["error"] == "too_many_sockets"
        assert "server" in answer["message"]
    with client.websocket_connect(url_of(created, "live")) as again:
        again.send_json({"token": created["seats"][0]["token"]})
        assert again.receive_json()["type"] == "update"


# -- the pages --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "page"), [(g, "planets.html" if g == "planets" else "table.html") for g in GAMES]
)
def test_the_table_page_is_chosen_by_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str, page: str
) -> None:
    # The pages are another piece of work: a directory of stand-ins shows which one is served.
    static = tmp_path / "static"
    static.mkdir()
    for name in ("index.html", "table.html", "planets.html", "game.html", "table.js"):
        (static / name).write_text(f"<!doctype html><title>{name}</title>", encoding="utf-8")
    monkeypatch.setattr("cardgames.web.app.STATIC_DIR", static)
    with serve(tmp_path) as client:
        created = deal(client, [{"name": "Léa"}, {"name": "Bot", "bot": "random"}], game=game)
        response = client.get(f"/table/{created['table']}")
        assert response.status_code == 200
        assert f"<title>{page}</title>" in response.text
        assert response.headers["content-security-policy"].startswith("default-src 'self'")
        assert (
            "cache-control" not in response.headers
            or "no-store" not in response.headers["cache-control"]
        )
        home = client.get("/")
        assert "<title>index.html</title>" in home.text
        script = client.get("/static/table.js")
        for response in (home, script):
            assert response.status_code == 200
            assert response.headers["x-content-type-options"] == "nosniff"
            assert "script-src 'self'" in response.headers["content-security-policy"]
        for missing in ("/table/nope", "/table/a.b"):
            response = client.get(missing)
            assert response.status_code == 404


def test_the_real_pages_are_served_for_each_game(client: TestClient) -> None:
    from cardgames.web.app import STATIC_DIR

    if not (STATIC_DIR / "planets.html").is_file():
        pytest.skip("the pages are not in this checkout")
    for game, page in (("planets", "planets.html"), ("crazy-eights", "table.html")):
        created = deal(client, [{"name": "Léa"}, {"name": "Bot", "bot": "random"}], game=game)
        response = client.get(f"/table/{created['table']}")
        assert response.status_code == 200
        assert response.content == (STATIC_DIR / page).read_bytes()
    assert client.get("/").content == (STATIC_DIR / "index.html").read_bytes()


def test_a_game_without_a_page_of_its_own_gets_the_generic_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    static = tmp_path / "static"
    static.mkdir()
    for name in ("table.html", "game.html"):
        (static / name).write_text(f"<!doctype html><title>{name}</title>", encoding="utf-8")
    monkeypatch.setattr("cardgames.web.app.STATIC_DIR", static)
    monkeypatch.delitem(cardgames.web.tables.PAGES, "crazy-eights")
    with serve(tmp_path) as client:
        created = deal(client, [{"name": "Léa"}, {"name": "Bot", "bot": "random"}])
        response = client.get(f"/table/{created['table']}")
        assert response.status_code == 200
        assert "<title>game.html</title>" in response.text


def test_a_registered_game_without_matches_is_not_served(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    import toygame

    toy = toygame.ensure_registered()
    assert toy in cardgames.games()
    listed = [g["name"] for g in get_json(client, "/api/games", {})["games"]]
    assert toy.name not in listed
    response = client.post(
        "/api/tables", json={"game": "toy-pile", "seats": [{"name": "Ann"}, {"name": "Bob"}]}
    )
    assert response.status_code == 400, response.text
    assert "Toy Pile has no matches" in response.json()["message"]


@pytest.mark.parametrize(
    ("path", "code"),
    [("/table/nosuchtable", "unknown_table"), ("/table/a.b", "unknown_table"), ("/tabel/x", None)],
)
def test_a_page_address_that_leads_nowhere_is_a_page_with_a_way_home(
    client: TestClient, path: str, code: str | None
) -> None:
    response = client.get(path)
    assert response.status_code == 404
    assert response.headers["content-type"].startswith("text/html")
    assert '<a id="home" class="home-link" href="/">' in response.text
    assert '<link rel="stylesheet" href="/static/style.css">' in response.text
    assert f'data-error="{code or "not_found"}"' in response.text
    assert "nosuchtable" not in response.text  # the page never repeats the address


def test_an_ended_table_s_page_is_a_page_with_a_way_home(client: TestClient) -> None:
    created = deal(client)
    store_of(client).delete([created["table"]])
    response = client.get(f"/table/{created['table']}")
    assert (response.status_code, response.headers["content-type"][:9]) == (404, "text/html")
    assert "its match ended" in response.text


@pytest.mark.parametrize("name", ["you", "You", "YOU", "vous", "Vous", "tu", "toi", "TOI"])
def test_a_seat_cannot_be_named_as_the_log_calls_its_reader(client: TestClient, name: str) -> None:
    response = client.post(
        "/api/tables",
        json={"seats": [{"name": "Léa"}, {"name": name}, {"name": "B", "bot": "easy"}]},
    )
    assert response.status_code == 400, response.text
    assert response.json()["error"] == "bad_table"
    assert "the table's log calls its reader so" in response.json()["message"]
    assert store_of(client).count() == 0


def test_the_refused_names_are_the_narrations_words_for_its_reader() -> None:
    from cardgames.web.app import reader_names

    state = cardgames.crazy_eights.new_game(["Léa", "Tom"], seed=3)
    mover = state.to_act[0]
    state = state.apply(state.legal_moves()[0])
    told = set()
    for lang in ("en", "fr"):
        for line in narrate(state.last_events, state.players, viewer=mover, lang=lang):
            told.add(line.split()[0].casefold())
    assert told <= reader_names()
    assert {"you", "tu"} <= told
