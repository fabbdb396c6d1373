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

import attrs
import pytest

import cardgames
from cardgames import huit_americain
from cardgames.game import Move
from cardgames.shedding import Draw, SheddingState

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
    IDLE_SECONDS,
    TABLES_PER_CREATOR,
    Seat,
    Table,
    TableRegistry,
    create_app,
    main,
    secret_seed,
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
    """Deal a table through the API; the registry draws ``seed`` (a client may not choose it)."""
    registry_of(client).draw_seed = lambda: seed
    body: dict[str, Any] = {"game": game, "seats": seats or HUMANS_AND_BOT}
    if preset is not None:
        body["preset"] = preset
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def registry_of(client: TestClient) -> TableRegistry:
    registry = client.app.state.tables  # type: ignore[attr-defined]
    assert isinstance(registry, TableRegistry)
    return registry


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
    assert body["bots"] == ["heuristic", "random", "easy", "medium", "hard"]


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
    if state.is_over:  # the reveal: every hand is laid face up to count the points
        assert data["hands"] == [[str(c) for c in sorted(hand)] for hand in state.hands]
        hidden = {str(c) for c in state.stock}
        seen.update(str(c) for hand in state.hands for c in hand)
    else:
        assert data.get("hands") is None
    leaked = (hidden - seen) & set(string_leaves(data))
    assert not leaked, f"seat {seat} sees {sorted(leaked)}"
    for key in ("stock", "rng", "seed"):
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


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_log_is_the_librarys_narration_for_each_seat(
    client: TestClient, registry: TableRegistry, lang: str
) -> None:
    from cardgames.narration import narrate

    created = deal(client, game="huit-americain", preset="le-cumul", seed=3)
    final = play_through(client, registry, created, humans=[0, 1])
    table = table_of(registry, created)
    url = f"/api/tables/{created['table']}/events?lang={lang}"
    for seat in (0, 1):
        log = client.get(url, headers=bearer(created, seat)).json()
        _, entries = table.events(seat, -1)
        assert [entry["seq"] for entry in log["entries"]] == [n for n, _ in entries]
        drawn_by_others = set()
        for entry, (_, events) in zip(log["entries"], entries, strict=True):
            expected = narrate(events, final.players, viewer=seat, lang=lang, rules=final.rules)
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
        for other in drawn_by_others:
            name = final.players[other]
            verb = "pioche" if lang == "fr" else "draws"
            for line in text.splitlines():
                assert not re.search(rf"{name} {verb}[^;]*:", line), line


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_moves_endpoint_labels_each_legal_move_with_names(
    client: TestClient, registry: TableRegistry, lang: str
) -> None:
    from cardgames.narration import describe_move

    # Under "autres-propositions" a queen swaps hands and a king chooses the next player: moves
    # that name a seat.
    created = deal(client, game="huit-americain", preset="autres-propositions", seed=2)
    table = table_of(registry, created)
    url = f"/api/tables/{created['table']}/moves?lang={lang}"
    named = 0
    for _ in range(60):
        state = table.state
        if state.is_over:
            break
        seat = state.to_act[0]
        if seat == 2:  # the bot moves on the next request
            client.get(f"/api/tables/{created['table']}/view", headers=bearer(created, 0))
            continue
        answer = client.get(url, headers=bearer(created, seat)).json()
        legal = state.legal_moves(seat)
        assert answer["moves_played"] == state.moves_played
        assert [m["notation"] for m in answer["moves"]] == [state.format_move(m) for m in legal]
        labels = [describe_move(m, state.players, lang=lang) for m in legal]
        assert [m["label"] for m in answer["moves"]] == labels
        named += sum(getattr(m, "target", None) is not None for m in legal)
        targeted = [m for m in legal if getattr(m, "target", None) is not None]
        move = targeted[0] if targeted else legal[0]
        response = client.post(
            f"/api/tables/{created['table']}/moves",
            json={"move": state.format_move(move)},
            headers=bearer(created, seat),
        )
        assert response.status_code == 200, response.text
    assert named, "no move named a seat: pick a deal where one does"


def test_the_moves_endpoint_needs_the_seats_token(raw_client: TestClient) -> None:
    created = deal(raw_client)
    url = f"/api/tables/{created['table']}/moves"
    assert raw_client.get(url).status_code == 401
    assert raw_client.get(url, headers={"Authorization": "Bearer guess"}).status_code == 401
    response = raw_client.get(url, headers=bearer(created, 0))
    assert response.status_code == 200
    assert set(response.json()) == {"moves_played", "moves"}


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
    registry = TableRegistry(bot_delay=0, draw_seed=lambda: 3)
    table = registry.create("crazy-eights", [Seat("Léa"), Seat("Tom")])
    with pytest.raises(PermissionError):
        table.play(0, table.state.legal_moves(1)[0])


def test_the_command_line_refuses_bad_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--game", "planets"]) == 2
    assert "cannot be played here" in capsys.readouterr().err
    assert main(["--humans", "0", "--bots", "2"]) == 2
    assert "person" in capsys.readouterr().err


# -- seeds ------------------------------------------------------------------------------------


def test_a_client_cannot_choose_the_seed_of_a_table_with_other_people(
    client: TestClient, registry: TableRegistry
) -> None:
    # The creator would deal the same game at home and know every hand and the stock order.
    for seats in (HUMANS_AND_BOT, [{"name": "Léa"}, {"name": "Tom"}]):
        response = client.post("/api/tables", json={"seed": 7, "seats": seats})
        assert response.status_code == 403, response.text
        assert response.json()["error"] == "seed_not_allowed"
    assert len(registry) == 0


def test_a_chosen_seed_is_allowed_for_one_person_and_bots(
    client: TestClient, registry: TableRegistry
) -> None:
    seats = [{"name": "Léa"}, {"name": "B1", "bot": "random"}, {"name": "B2", "bot": "random"}]
    response = client.post("/api/tables", json={"seed": 7, "seats": seats})
    assert response.status_code == 201, response.text
    state = table_of(registry, response.json()).state
    assert state == state.game.new_game(["Léa", "B1", "B2"], seed=7, rules=state.rules)


def test_the_server_draws_the_seed_with_secrets(
    client: TestClient, registry: TableRegistry, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert TableRegistry().draw_seed is secret_seed
    registry.draw_seed = secret_seed
    drawn: list[int] = []

    def randbits(bits: int) -> int:
        assert bits == 63
        drawn.append(123456789)
        return drawn[-1]

    monkeypatch.setattr("secrets.randbits", randbits)
    created = deal_as_drawn(client)
    state = table_of(registry, created).state
    assert drawn == [123456789]
    assert state == state.game.new_game(["Léa", "Tom", "Sam"], seed=123456789, rules=state.rules)
    assert "123456789" not in json.dumps(created)


def deal_as_drawn(client: TestClient) -> dict[str, Any]:
    response = client.post("/api/tables", json={"seats": HUMANS_AND_BOT})
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def test_the_command_line_takes_a_seed_only_for_one_person(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # An address nobody can listen on: were the seed accepted, main would stop there instead.
    assert main(["--seed", "7", "--humans", "2", "--host", "256.0.0.1"]) == 2
    err = capsys.readouterr().err
    assert "seed may be chosen only" in err
    assert "cannot listen" not in err
    assert main(["--seed", "7", "--humans", "1", "--host", "256.0.0.1"]) == 2
    assert "cannot listen" in capsys.readouterr().err


# -- every parameter is checked ---------------------------------------------------------------


@pytest.fixture
def raw_client(registry: TableRegistry) -> Iterator[TestClient]:
    """A client that sees a server error as a 500 answer, as a browser would."""
    with TestClient(create_app(registry), raise_server_exceptions=False) as client:
        yield client


@pytest.mark.parametrize(
    ("query", "code"),
    [
        ("view?seat=²", "bad_seat"),  # str.isdigit() says yes, int() raises
        ("view?seat=" + "9" * 5000, "bad_seat"),
        ("view?seat=٣", "bad_seat"),  # int() reads Arabic-Indic digits
        ("view?seat=%200", "bad_seat"),
        ("view?seat=-0", "bad_seat"),
        ("view?seat=0&seat=0", "repeated_parameter"),
        ("view?colour=red", "unknown_parameter"),
        ("view?seat", "bad_seat"),
        ("events?after=²", "bad_after"),
        ("events?after=1_0", "bad_after"),
        ("events?after=+1", "bad_after"),
        ("events?after=-2", "bad_after"),
        ("events?after=" + "9" * 4000, "bad_after"),
        ("events?seat=0", "unknown_parameter"),
        ("events?lang=de", "bad_lang"),
        ("events?lang=FR", "bad_lang"),
        ("events?lang=", "bad_lang"),
        ("moves?lang=de", "bad_lang"),
        ("moves?seat=1", "unknown_parameter"),
        ("?after=0", "unknown_parameter"),  # the table's own address
    ],
)
def test_a_malformed_query_is_400_never_500(raw_client: TestClient, query: str, code: str) -> None:
    created = deal(raw_client)
    path = f"/api/tables/{created['table']}" + ("" if query.startswith("?") else "/") + query
    response = raw_client.get(path, headers=bearer(created, 0))
    assert response.status_code == 400, response.text
    assert response.json()["error"] == code
    assert len(response.json()["message"]) < 200  # the 5,000 digits are not sent back


def test_a_malformed_content_length_is_400_never_500(raw_client: TestClient) -> None:
    created = deal(raw_client)
    url = f"/api/tables/{created['table']}/moves"
    headers = {**bearer(created, 1), "content-length": "9" * 5000}
    response = raw_client.post(url, headers=headers, content=b"draw")
    assert response.status_code == 400, response.text
    assert response.json()["error"] == "bad_content_length"


def test_deeply_nested_json_is_400_never_500(
    raw_client: TestClient, registry: TableRegistry
) -> None:
    headers = {"content-type": "application/json"}
    response = raw_client.post("/api/tables", content="[" * 4000, headers=headers)
    assert response.status_code == 400, response.text
    assert response.json()["error"] == "bad_json"
    created = deal(raw_client)
    state = table_of(registry, created).state
    response = raw_client.post(
        f"/api/tables/{created['table']}/moves",
        headers={**bearer(created, 1), **headers},
        content="[" * 4000,
    )
    assert response.status_code == 400, response.text
    assert table_of(registry, created).state is state


@pytest.mark.parametrize(
    "authorization",
    [
        b"Bearer " + b"A" * 5000,
        "Bearer é".encode("latin-1"),
        "Bearer \u00e9t\u00e9".encode(),
        b"Bearer \x00\x01",
        b"Bearer a b",
    ],
)
def test_a_malformed_token_is_401(raw_client: TestClient, authorization: bytes) -> None:
    created = deal(raw_client)
    response = raw_client.get(
        f"/api/tables/{created['table']}/view", headers={b"authorization": authorization}
    )
    assert response.status_code == 401, response.text
    assert response.json()["error"] == "invalid_token"


@pytest.mark.parametrize("table_id", ["x" * 5000, "%C2%B2", "a.b", "..", "%00"])
def test_a_malformed_table_id_is_404(raw_client: TestClient, table_id: str) -> None:
    created = deal(raw_client)
    response = raw_client.get(f"/api/tables/{table_id}/view", headers=bearer(created, 0))
    assert response.status_code == 404, response.text
    assert response.json()["error"] in {"unknown_table", "not_found"}


def test_slashes_and_methods_are_answered_in_json(raw_client: TestClient) -> None:
    response = raw_client.get("/api/games/", follow_redirects=False)
    assert response.status_code == 404  # not a redirect
    assert response.json()["error"] == "not_found"
    response = raw_client.put("/api/games")
    assert response.status_code == 405
    assert response.json()["error"] == "method_not_allowed"
    assert "GET" in response.headers["allow"]


@pytest.mark.parametrize(
    "body",
    [
        {"seats": HUMANS_AND_BOT, "colour": "red"},
        {"seats": [{"name": "Léa", "seat": 0}, {"name": "Tom"}]},
        {"game": "x" * 65, "seats": HUMANS_AND_BOT},
        {"preset": "x" * 65, "seats": HUMANS_AND_BOT},
        {"seed": 2**63, "seats": [{"name": "Léa"}, {"name": "Bot", "bot": "random"}]},
        {"seed": 7.0, "seats": [{"name": "Léa"}, {"name": "Bot", "bot": "random"}]},
    ],
)
def test_every_field_of_a_new_table_is_checked(
    raw_client: TestClient, registry: TableRegistry, body: dict[str, Any]
) -> None:
    response = raw_client.post("/api/tables", json=body)
    assert response.status_code == 400, response.text
    assert response.json()["error"] == "bad_table"
    assert len(registry) == 0


def test_text_sent_back_in_an_error_is_escaped(raw_client: TestClient) -> None:
    # A lone surrogate in a name cannot be written as UTF-8: the answer escapes it.
    body = b'{"seats": [{"name": "L\\ud800a"}, {"name": "Tom"}]}'
    response = raw_client.post(
        "/api/tables", content=body, headers={"content-type": "application/json"}
    )
    assert response.status_code == 400, response.text
    assert response.content.isascii()


def test_a_server_failure_is_a_json_500_that_tells_nothing(registry: TableRegistry) -> None:
    def broken() -> int:
        raise RuntimeError("secret detail")

    registry.draw_seed = broken
    with TestClient(create_app(registry), raise_server_exceptions=False) as client:
        response = client.post("/api/tables", json={"seats": HUMANS_AND_BOT})
    assert response.status_code == 500
    assert response.json()["error"] == "internal_error"
    assert "secret" not in response.text


class LooksLikeAnyMove(Draw):
    """A move that claims to equal every move."""

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = Draw.__hash__


@pytest.mark.parametrize("forgery", ["bool-seat", "float-seat", "subclass"])
def test_a_table_applies_only_the_engines_own_moves(forgery: str) -> None:
    registry = TableRegistry(bot_delay=0, draw_seed=lambda: 7)
    table = registry.create("crazy-eights", [Seat("Léa"), Seat("Tom"), Seat("Sam")])
    state = table.state
    legal = state.legal_moves(1)[0]
    forged: Move
    if forgery == "bool-seat":
        forged = attrs.evolve(legal, player=True)
    elif forgery == "float-seat":
        forged = attrs.evolve(legal, player=1.0)  # type: ignore[arg-type] # the forgery
    else:
        forged = LooksLikeAnyMove(1)
    with pytest.raises((PermissionError, cardgames.IllegalMoveError)):
        table.play(1, forged)
    assert table.state is state
    table.play(1, attrs.evolve(legal))  # an equal move of the same types: the engine's is applied
    assert table.state == state.apply(legal)
    for _, events in table.events(1, -1)[1]:
        assert all(type(getattr(e, "player", 0)) is int for e in events)


# -- limits -----------------------------------------------------------------------------------


def test_one_client_runs_at_most_a_few_tables(
    raw_client: TestClient, registry: TableRegistry
) -> None:
    for _ in range(TABLES_PER_CREATOR):
        deal(raw_client)
    response = raw_client.post("/api/tables", json={"seats": HUMANS_AND_BOT})
    assert response.status_code == 429, response.text
    assert response.json()["error"] == "too_many_tables"
    assert len(registry) == TABLES_PER_CREATOR
    # Another address still can; an IPv6 client counts by its /64 network.
    with TestClient(create_app(registry), client=("2001:db8::1", 1)) as other:
        deal(other)
    with TestClient(create_app(registry), client=("2001:db8::2", 1)) as same_network:
        for _ in range(TABLES_PER_CREATOR - 1):
            deal(same_network)
        response = same_network.post("/api/tables", json={"seats": HUMANS_AND_BOT})
        assert response.status_code == 429


def test_a_finished_table_does_not_count_against_its_creator() -> None:
    registry = TableRegistry(bot_delay=0, tables_per_creator=1, draw_seed=lambda: 5)
    seats = [Seat("Léa"), Seat("Bot", "random")]
    table = registry.create("crazy-eights", seats, creator="192.0.2.1")
    with pytest.raises(Exception, match="already run 1 tables"):
        registry.create("crazy-eights", seats, creator="192.0.2.1")
    for _ in range(3000):
        view = table.view(0)
        if table.state.is_over:
            break
        table.play(0, table.state.legal_moves(0)[0] if view.current == 0 else Draw(0))
    assert table.state.is_over
    registry.create("crazy-eights", seats, creator="192.0.2.1")
    registry.create("crazy-eights", seats)  # the operator's tables are not counted
    assert len(registry) == 3


def test_a_table_without_a_move_for_the_idle_time_expires() -> None:
    now = [0.0]
    registry = TableRegistry(bot_delay=0, idle_seconds=60, clock=lambda: now[0])
    with TestClient(create_app(registry)) as client:
        created = deal(client, seats=[{"name": "Léa"}, {"name": "Tom"}], seed=3)
        table = table_of(registry, created)
        now[0] = 59.0
        get_view(client, created, 1)  # reading keeps nothing alive...
        seat = table.state.current
        text = table.state.format_move(table.state.legal_moves(seat)[0])
        moved = client.post(
            f"/api/tables/{created['table']}/moves", headers=bearer(created, seat), content=text
        )
        assert moved.status_code == 200  # ...a move does
        now[0] = 59.0 + 59.0
        get_view(client, created, 0)
        now[0] = 59.0 + 60.0
        response = client.get(f"/api/tables/{created['table']}/view", headers=bearer(created, 0))
        assert response.status_code == 404
        assert response.json()["error"] == "unknown_table"
    assert len(registry) == 0
    assert registry.idle_seconds == 60
    assert IDLE_SECONDS == 1800


def test_expired_tables_are_swept_when_a_table_is_made() -> None:
    now = [0.0]
    registry = TableRegistry(bot_delay=0, idle_seconds=60, clock=lambda: now[0])
    seats = [Seat("Léa"), Seat("Bot", "random")]
    old = registry.create("crazy-eights", seats, creator="a")
    now[0] = 30.0
    kept = registry.create("crazy-eights", seats, creator="b")
    now[0] = 60.0
    registry.create("crazy-eights", seats, creator="c")
    assert registry.get(old.id) is None
    assert registry.get(kept.id) is kept
    now[0] = 90.0
    assert registry.expire() == 1
    assert len(registry) == 1


def test_finished_tables_make_room_then_the_server_is_full() -> None:
    registry = TableRegistry(bot_delay=0, max_tables=2, draw_seed=lambda: 5)
    seats = [Seat("Léa"), Seat("Bot", "random")]
    first = registry.create("crazy-eights", seats)
    registry.create("crazy-eights", seats)
    with TestClient(create_app(registry)) as client:
        response = client.post("/api/tables", json={"seats": HUMANS_AND_BOT})
        assert response.status_code == 503
        assert response.json()["error"] == "tables_full"
        while not first.state.is_over:
            first.view(0)
            if not first.state.is_over:
                first.play(0, first.state.legal_moves(0)[0])
        deal(client)
    assert registry.get(first.id) is None
    assert len(registry) == 2


@pytest.mark.parametrize(
    "kwargs",
    [{"max_tables": 0}, {"tables_per_creator": 0}, {"idle_seconds": 0}, {"bot_delay": -1}],
)
def test_a_registry_refuses_limits_below_one(kwargs: dict[str, float]) -> None:
    with pytest.raises(ValueError, match=r"at least 1|more than 0|0 or more"):
        TableRegistry(**kwargs)  # type: ignore[arg-type]


def test_the_command_line_sets_the_limits(capsys: pytest.CaptureFixture[str]) -> None:
    for option in ("--max-tables", "--tables-per-client", "--idle-minutes"):
        with pytest.raises(SystemExit) as stop:
            main([option, "0"])
        assert stop.value.code == 2
        assert "expected more than 0" in capsys.readouterr().err


def test_a_hard_bot_remembers_the_whole_game() -> None:
    # The "hard" bot is informed: the table keeps its seat's information state, move by move.
    registry = TableRegistry(bot_delay=0)
    table = registry.create("crazy eights", [Seat("Léa"), Seat("Bot", "hard")], seed=3)
    for _ in range(500):
        table.view(0)  # the bot plays first
        state = table.state
        if state.is_over:
            break
        table.play(0, state.legal_moves(0)[0])
    assert table.state.is_over
    info = table._infos[1]
    assert info.view == table.state.view(1)
    assert len(info) == table.state.moves_played + 1
