"""The web table's API (examples/web_table), through Starlette's test client: no browser.

Each seat's token opens that seat's view and moves only; views never carry another seat's
cards (checked against the real state at every move of whole games); the library's errors
become clear statuses; bots fill the other seats and games end. Needs the ``web`` extra (in the
``test`` extra); skipped without it. The browser test is ``test_web_table_browser.py``.
"""

from __future__ import annotations

import json
import re
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardgames import huit_americain
from cardgames.shedding import SheddingState

pytest.importorskip("starlette", reason="the web extra is not installed: pip install -e '.[web]'")
pytest.importorskip("httpx", reason="starlette's TestClient needs httpx (the test extra)")

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
if str(EXAMPLES) not in sys.path:  # examples/ is not a package: web_table is imported from it
    sys.path.insert(0, str(EXAMPLES))

with warnings.catch_warnings():
    # Starlette 1.x prefers httpx2, which needs Python 3.11: on 3.10 its TestClient uses httpx.
    warnings.filterwarnings("ignore", "Using `httpx` with `starlette.testclient` is deprecated")
    from starlette.testclient import TestClient
from web_table.server import (  # noqa: E402 - examples/ is put on sys.path just above
    GAMES,
    Seat,
    Table,
    TableRegistry,
    create_app,
    main,
)

HUMANS_AND_BOT = [{"name": "Léa"}, {"name": "Tom"}, {"name": "Sam", "bot": "heuristic"}]


@pytest.fixture
def registry() -> TableRegistry:
    return TableRegistry(bot_delay=0)


@pytest.fixture
def client(registry: TableRegistry) -> Iterator[TestClient]:
    with TestClient(create_app(registry)) as client:
        yield client


def deal(
    client: TestClient,
    seats: list[dict[str, Any]] | None = None,
    *,
    game: str = "crazy-eights",
    seed: int = 7,
    preset: str | None = None,
) -> dict[str, Any]:
    body: dict[str, Any] = {"game": game, "seed": seed, "seats": seats or HUMANS_AND_BOT}
    if preset is not None:
        body["preset"] = preset
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def bearer(created: dict[str, Any], seat: int) -> dict[str, str]:
    return {"Authorization": f"Bearer {created['seats'][seat]['token']}"}


def get_view(client: TestClient, created: dict[str, Any], seat: int) -> dict[str, Any]:
    response = client.get(f"/api/tables/{created['table']}/view", headers=bearer(created, seat))
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()["data"]
    return data


def table_of(registry: TableRegistry, created: dict[str, Any]) -> Table:
    table = registry.get(created["table"])
    assert table is not None
    return table


def move_document(game: str, move: dict[str, Any]) -> dict[str, Any]:
    return {"format": "cardgames.move", "version": 1, "game": game, "data": move}


# -- creating tables --------------------------------------------------------------------------


def test_a_table_hands_out_one_secret_token_per_person(client: TestClient) -> None:
    created = deal(client)
    assert created["game"] == "crazy-eights"
    assert created["preset"] == "marquoir"
    seats = created["seats"]
    assert [s["name"] for s in seats] == ["Léa", "Tom", "Sam"]
    assert [s["bot"] for s in seats] == [None, None, "heuristic"]
    tokens = [s["token"] for s in seats]
    assert tokens[2] is None
    assert seats[2]["url"] is None
    assert tokens[0] != tokens[1]
    assert min(len(tokens[0]), len(tokens[1])) >= 32
    assert seats[0]["url"] == f"/table/{created['table']}#token={tokens[0]}"
    assert "seed" not in created


def test_the_seats_are_listed_for_a_token(client: TestClient) -> None:
    created = deal(client)
    response = client.get(f"/api/tables/{created['table']}", headers=bearer(created, 1))
    assert response.status_code == 200
    assert response.json() == {
        "table": created["table"],
        "game": "crazy-eights",
        "title": "Crazy Eights",
        "preset": "marquoir",
        "seat": 1,
        "seats": [
            {"name": "Léa", "bot": None},
            {"name": "Tom", "bot": None},
            {"name": "Sam", "bot": "heuristic"},
        ],
    }


def test_games_lists_the_two_games_and_their_presets(client: TestClient) -> None:
    body = client.get("/api/games").json()
    assert [g["name"] for g in body["games"]] == list(GAMES)
    assert "a-la-volee" in body["games"][1]["presets"]
    assert body["bots"] == ["heuristic", "random"]


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        ({"game": "planets", "seats": HUMANS_AND_BOT}, "cannot be played here"),
        ({"game": "chess", "seats": HUMANS_AND_BOT}, "unknown game"),
        ({"game": "crazy-eights", "preset": "mao", "seats": HUMANS_AND_BOT}, "known presets"),
        ({"seats": [{"name": "Bot", "bot": "random"}, {"name": "Bob", "bot": "random"}]}, "person"),
        ({"seats": [{"name": "Léa"}, {"name": "léa"}]}, "two seats are named"),
        ({"seats": [{"name": "Léa"}, {"name": ""}]}, "1 to 24 characters"),
        ({"seats": [{"name": "Léa"}, {"name": "x" * 25}]}, "1 to 24 characters"),
        ({"seats": [{"name": "Léa"}, {"name": "\u0007bell"}]}, "control characters"),
        ({"seats": [{"name": "Léa"}, {"name": "Tom", "bot": "ismcts"}]}, "unknown bot"),
        ({"seats": [{"name": "Léa"}]}, "players"),
        ({"seats": [{"name": "Léa"}, {"name": 3}]}, "each seat"),
        ({"seats": "Léa, Tom"}, "seats list"),
        ({"seed": -1, "seats": HUMANS_AND_BOT}, "seed"),
        ({"seed": True, "seats": HUMANS_AND_BOT}, "seed"),
        ([1, 2], "expected an object"),
    ],
)
def test_a_bad_table_is_refused_with_400(client: TestClient, body: Any, fragment: str) -> None:
    response = client.post("/api/tables", json=body)
    assert response.status_code == 400, response.text
    assert response.json()["error"] == "bad_table"
    assert fragment in response.json()["message"]


def test_a_table_must_be_sent_as_json(client: TestClient) -> None:
    response = client.post("/api/tables", content="game=crazy-eights")
    assert response.status_code == 415
    response = client.post(
        "/api/tables", content="{not json", headers={"content-type": "application/json"}
    )
    assert response.status_code == 400
    assert response.json()["error"] == "bad_json"


def test_idle_or_finished_tables_make_room_then_the_server_is_full() -> None:
    now = [0.0]
    registry = TableRegistry(bot_delay=0, max_tables=2, idle_seconds=60, clock=lambda: now[0])
    seats = [Seat("Léa"), Seat("Bot", "random")]
    first = registry.create("crazy-eights", seats, seed=1)
    registry.create("crazy-eights", seats, seed=2)
    with TestClient(create_app(registry)) as client:
        response = client.post("/api/tables", json={"seats": HUMANS_AND_BOT})
        assert response.status_code == 503
        assert response.json()["error"] == "tables_full"
        now[0] = 61.0  # both tables are idle now
        deal(client)
    assert registry.get(first.id) is None
    assert len(registry) == 1


# -- tokens -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "headers",
    [{}, {"Authorization": "Bearer"}, {"Authorization": "Basic bGVhOnNlY3JldA=="}],
)
def test_a_request_without_a_bearer_token_is_401(
    client: TestClient, headers: dict[str, str]
) -> None:
    created = deal(client)
    table = created["table"]
    for method, path in [
        ("GET", f"/api/tables/{table}"),
        ("GET", f"/api/tables/{table}/view"),
        ("GET", f"/api/tables/{table}/events"),
        ("POST", f"/api/tables/{table}/moves"),
    ]:
        response = client.request(method, path, headers=headers, content="draw")
        assert response.status_code == 401, (method, path)
        assert response.json()["error"] == "missing_token"
        assert response.headers["www-authenticate"].startswith("Bearer ")


def test_an_unknown_token_or_another_tables_token_is_401(client: TestClient) -> None:
    created = deal(client)
    other = deal(client, seed=8)
    for headers in (bearer(other, 0), {"Authorization": "Bearer not-a-token"}):
        response = client.get(f"/api/tables/{created['table']}/view", headers=headers)
        assert response.status_code == 401
        assert response.json()["error"] == "invalid_token"
        assert 'error="invalid_token"' in response.headers["www-authenticate"]


def test_a_token_reads_its_own_seats_view_only(client: TestClient) -> None:
    created = deal(client)
    table = created["table"]
    assert get_view(client, created, 0)["viewer"] == 0
    assert get_view(client, created, 1)["viewer"] == 1
    own = client.get(f"/api/tables/{table}/view?seat=0", headers=bearer(created, 0))
    assert own.status_code == 200
    assert own.json()["data"]["viewer"] == 0
    for asked in (1, 2):  # the other person, the bot
        response = client.get(f"/api/tables/{table}/view?seat={asked}", headers=bearer(created, 0))
        assert response.status_code == 403
        assert response.json()["error"] == "not_your_seat"
        assert "hand" not in response.text
    response = client.get(f"/api/tables/{table}/view?seat=9", headers=bearer(created, 0))
    assert response.status_code == 400


def test_a_token_cannot_make_another_seats_moves(
    client: TestClient, registry: TableRegistry
) -> None:
    created = deal(client)
    table = table_of(registry, created)
    state = table.state
    assert state.current == 1  # Tom's turn: Léa (seat 0) sends one of Tom's legal moves
    document = state.game.move_to_json(state.legal_moves(1)[0])
    response = client.post(
        f"/api/tables/{created['table']}/moves",
        headers={**bearer(created, 0), "content-type": "application/json"},
        content=document,
    )
    assert response.status_code == 403
    assert response.json()["error"] == "not_your_seat"
    assert table.state is state
    # The text notation always names the token's own seat.
    response = client.post(
        f"/api/tables/{created['table']}/moves", headers=bearer(created, 0), content="draw"
    )
    assert response.status_code == 409
    assert response.json()["reason"] == "not_your_turn"


def test_pages_and_api_answers_carry_strict_security_headers(client: TestClient) -> None:
    created = deal(client)
    for path in ["/", f"/table/{created['table']}", "/static/table.js", "/api/games"]:
        response = client.get(path)
        assert response.status_code == 200, path
        csp = response.headers["content-security-policy"]
        assert "default-src 'self'" in csp
        assert "script-src 'self'" in csp
        assert response.headers["x-content-type-options"] == "nosniff"
        assert response.headers["referrer-policy"] == "no-referrer"
    assert client.get("/api/games").headers["cache-control"] == "no-store"


def test_the_pages_load_nothing_from_elsewhere() -> None:
    static = EXAMPLES / "web_table" / "static"
    for path in sorted(static.iterdir()):
        text = path.read_text(encoding="utf-8")
        assert ".innerHTML" not in text, path  # names are chosen by people: textContent only
        links = re.findall(r"""(?:src|href)=["']([^"']*)["']""", text)
        if path.suffix == ".html":
            assert links, path
            assert all(link.startswith("/static/") for link in links), path
        assert not re.search(r"https?:", text.replace("http://www.w3.org/2000/svg", "")), path


def test_unknown_tables_and_paths_are_404(client: TestClient) -> None:
    created = deal(client)
    response = client.get("/api/tables/nope/view", headers=bearer(created, 0))
    assert response.status_code == 404
    assert response.json()["error"] == "unknown_table"
    response = client.post("/api/tables/nope/moves", content="draw", headers=bearer(created, 0))
    assert response.status_code == 404
    assert client.get("/api/nothing").status_code == 404
    assert client.get("/api/nothing").json()["error"] == "not_found"


# -- moves ------------------------------------------------------------------------------------


def test_moves_are_read_as_text_as_json_text_or_as_move_documents(
    client: TestClient, registry: TableRegistry
) -> None:
    created = deal(client, seats=[{"name": "Léa"}, {"name": "Tom"}], seed=3)
    table = table_of(registry, created)
    url = f"/api/tables/{created['table']}/moves"
    for form in ("text", "json-text", "document"):
        state = table.state
        seat = state.current
        move = state.legal_moves(seat)[0]
        headers = bearer(created, seat)
        if form == "text":
            response = client.post(url, headers=headers, content=state.format_move(move))
        elif form == "json-text":
            response = client.post(url, headers=headers, json={"move": state.format_move(move)})
        else:
            body = state.game.move_to_json(move)
            headers["content-type"] = "application/json"
            response = client.post(url, headers=headers, content=body)
        assert response.status_code == 200, (form, response.text)
        assert table.state == state.apply(move)
        assert response.json()["data"] == json.loads(table.state.view(seat).to_json())["data"]


def test_an_illegal_move_is_409_with_the_librarys_reason(
    client: TestClient, registry: TableRegistry
) -> None:
    created = deal(client)
    table = table_of(registry, created)
    state = table.state
    url = f"/api/tables/{created['table']}/moves"
    response = client.post(url, headers=bearer(created, 0), content="draw")  # Tom's turn
    assert response.status_code == 409
    body = response.json()
    assert body["error"] == "illegal_move"
    assert body["reason"] == "not_your_turn"
    assert "seat 1" in body["detail"]
    missing = next(c for c in state.all_cards() if c not in state.hands[1] and c.rank != 8)
    response = client.post(url, headers=bearer(created, 1), content=f"play {missing}")
    assert response.status_code == 409
    assert response.json()["reason"] == "card_not_in_hand"
    assert table.state is state


@pytest.mark.parametrize(
    ("content", "content_type"),
    [
        ("dance", "text/plain"),
        ("play 8X", "text/plain"),
        ("", "text/plain"),
        (b"\xff\xfe", "text/plain"),
        ("{oops", "application/json"),
        ('{"move": 3}', "application/json"),
        ('{"format": "cardgames.move", "version": 1, "game": "crazy-eights"}', "application/json"),
        ('{"format": "cardgames.move", "version": 1, "game": "planets", "data": {}}', "x/json"),
        (
            '{"format": "cardgames.move", "version": 1, "game": "huit-americain", '
            '"data": {"type": "draw", "player": 1}}',
            "application/json",
        ),
    ],
)
def test_an_unreadable_move_is_400(
    client: TestClient, registry: TableRegistry, content: str | bytes, content_type: str
) -> None:
    created = deal(client)
    state = table_of(registry, created).state
    response = client.post(
        f"/api/tables/{created['table']}/moves",
        headers={**bearer(created, 1), "content-type": content_type},
        content=content,
    )
    assert response.status_code == 400, response.text
    assert response.json()["error"] in {"bad_move", "bad_json"}
    assert table_of(registry, created).state is state


def test_a_large_body_is_413(client: TestClient) -> None:
    created = deal(client)
    response = client.post(
        f"/api/tables/{created['table']}/moves", headers=bearer(created, 1), content="x" * 5000
    )
    assert response.status_code == 413


# -- whole games ------------------------------------------------------------------------------


def string_leaves(data: object) -> Iterator[str]:
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield key
            yield from string_leaves(value)
    elif isinstance(data, list):
        for value in data:
            yield from string_leaves(value)


def check_view_against_state(document: dict[str, Any], state: SheddingState, seat: int) -> None:
    """The view holds the seat's own hand and nothing hidden from it: no card of another hand
    or of the stock (unless the same card is also in sight: two decks, a joker pair), no RNG."""
    data = document["data"]
    assert data["viewer"] == seat
    assert data["hand"] == [str(c) for c in sorted(state.hands[seat])]
    assert data["hand_sizes"] == [len(h) for h in state.hands]
    seen = {str(c) for c in (*state.hands[seat], *state.discard)}
    for event in data["events"]:  # a wild starter is shown, then goes back into the stock
        if event["type"] in ("starter_turned", "starter_returned"):
            seen.add(event["card"])
    hidden = {str(c) for c in state.stock}
    for other, hand in enumerate(state.hands):
        if other != seat:
            hidden.update(str(c) for c in hand)
    leaked = (hidden - seen) & set(string_leaves(data))
    assert not leaked, f"seat {seat} sees {sorted(leaked)}"
    for key in ("hands", "stock", "rng", "seed"):
        assert key not in data
    for event in data["events"]:
        if event["type"] == "cards_drawn" and event["player"] != seat:
            assert event["cards"] is None


def play_through(
    client: TestClient, registry: TableRegistry, created: dict[str, Any], humans: list[int]
) -> SheddingState:
    """Play a whole game: each person plays their first legal move; check every view and log."""
    table = table_of(registry, created)
    url = f"/api/tables/{created['table']}"
    after = {seat: -1 for seat in humans}
    for _ in range(3000):
        views = {}
        for seat in humans:
            response = client.get(f"{url}/view", headers=bearer(created, seat))
            document = response.json()
            check_view_against_state(document, table.state, seat)
            assert document["data"]["legal_moves"] == [
                json.loads(table.state.game.move_to_json(m))["data"]
                for m in table.state.legal_moves(seat)
            ]
            views[seat] = document["data"]
            log = client.get(f"{url}/events?after={after[seat]}", headers=bearer(created, seat))
            for entry in log.json()["entries"]:
                for event in entry["events"]:
                    if event["type"] == "cards_drawn":
                        assert (event["cards"] is None) == (event["player"] != seat)
            after[seat] = log.json()["seq"]
        if table.state.is_over:
            return table.state
        movers = [seat for seat in humans if views[seat]["legal_moves"]]
        assert movers, "the bots stopped while no person can move"
        seat = movers[0]
        move = move_document(views[seat]["game"], views[seat]["legal_moves"][0])
        response = client.post(f"{url}/moves", headers=bearer(created, seat), json=move)
        assert response.status_code == 200, response.text
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game", GAMES)
def test_whole_games_never_show_another_seats_cards(
    client: TestClient, registry: TableRegistry, game: str
) -> None:
    created = deal(client, game=game, seed=11)
    final = play_through(client, registry, created, humans=[0, 1])
    assert final.is_over
    view = get_view(client, created, 0)
    assert view["outcome"] is not None
    assert view["legal_moves"] == []


@pytest.mark.parametrize(
    ("game", "preset"),
    [("crazy-eights", None), ("huit-americain", "a-la-volee"), ("huit-americain", "le-cumul")],
)
@pytest.mark.parametrize("bot", ["heuristic", "random"])
def test_bots_fill_the_empty_seats_and_the_game_ends(
    client: TestClient, registry: TableRegistry, game: str, preset: str | None, bot: str
) -> None:
    seats = [{"name": "Léa"}, {"name": "B1", "bot": bot}, {"name": "B2", "bot": bot}]
    created = deal(client, seats, game=game, seed=5, preset=preset)
    final = play_through(client, registry, created, humans=[0])
    outcome = final.outcome()
    assert outcome is not None
    log = client.get(f"/api/tables/{created['table']}/events", headers=bearer(created, 0)).json()
    players = {e.get("player") for entry in log["entries"] for e in entry["events"]}
    assert {1, 2} <= players  # both bots played
    assert log["entries"][-1]["events"][-1]["type"] == "round_over"


def test_bots_call_out_a_person_who_forgets_to_announce() -> None:
    registry = TableRegistry(bot_delay=0)
    seats = [Seat("Léa"), Seat("Bot", "heuristic")]
    table = registry.create("8 américain", seats, seed=1)
    state = table.state
    # Léa's second-to-last card, laid without "carte!": the bot calls her out at once.
    for _ in range(500):
        table.view(0)  # the bot plays first
        state = table.state
        if state.is_over:
            break
        assert state.current == 0
        legal = state.legal_moves(0)
        quiet = [
            m for m in legal if getattr(m, "announce", None) is False and len(state.hands[0]) == 2
        ]
        table.play(0, quiet[0] if quiet else legal[0])
        if quiet:
            break
    _, entries = table.events(0, -1)
    kinds = [e.kind for _, events in entries for e in events]
    assert "announcement_missed" in kinds
    assert "announcement_called" in kinds


def test_bots_wait_bot_delay_between_moves_so_people_can_follow() -> None:
    now = [0.0]
    registry = TableRegistry(bot_delay=1.0, clock=lambda: now[0])
    seats = [Seat("Léa"), Seat("B1", "random"), Seat("B2", "random"), Seat("B3", "random")]
    table = registry.create(huit_americain.GAME.name, seats, seed=4)
    assert table.state.current == 1
    table.view(0)
    assert table.seq == 0  # too early
    now[0] = 1.0
    table.view(0)
    assert table.seq == 1  # one bot move per delay
    table.view(0)
    assert table.seq == 1
    now[0] = 5.0
    table.view(0)
    assert table.seq == 2


def test_a_person_cannot_move_for_another_seat_through_the_table() -> None:
    registry = TableRegistry(bot_delay=0)
    table = registry.create("crazy-eights", [Seat("Léa"), Seat("Tom")], seed=3)
    with pytest.raises(PermissionError):
        table.play(0, table.state.legal_moves(1)[0])


def test_the_command_line_refuses_bad_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--game", "planets"]) == 2
    assert "cannot be played here" in capsys.readouterr().err
    assert main(["--humans", "0", "--bots", "2"]) == 2
    assert "person" in capsys.readouterr().err
