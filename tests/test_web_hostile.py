"""`cardgames serve` under attack: every malformed request is a 4xx with a JSON body, never a 5xx.

Hand-picked cases first (queries with Unicode digits and huge numbers, mangled tokens and table
ids, declared and streamed bodies, deep JSON, forged look-alike moves), then a hypothesis
property that sends what a hostile client could send to every endpoint through Starlette's
test client: random paths under ``/api``, query strings, wrong or mangled tokens, random JSON
bodies, near-valid tables and move documents, move texts, wrong methods, bodies over the size
limit. Every answer must be JSON and below 500; a refused request (4xx) changes no stored
table (the same row, the same moves) and makes none; no answer holds a seat's token. A second
property does the same for the live socket's first message.

CI runs 120 requests and 30 first messages (derandomized); ``CARDGAMES_HOSTILE_EXAMPLES`` and
``CARDGAMES_HOSTILE_RANDOM`` run more (as ``benchmarks/hostile.py`` does for the engines).
"""

from __future__ import annotations

import json
import os
import string
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.websockets import WebSocketDisconnect

import cardgames
from cardgames.game import Move
from cardgames.shedding import Draw
from cardgames.web import Tables
from cardgames.web.app import MAX_BODY_BYTES
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

EXAMPLES = int(os.environ.get("CARDGAMES_HOSTILE_EXAMPLES", "120"))
HOSTILE = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=not os.environ.get("CARDGAMES_HOSTILE_RANDOM"),
    database=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@pytest.fixture
def raw_client(tmp_path: Path) -> Iterator[TestClient]:
    """A client that sees a server error as a 500 answer, as a browser would."""
    with serve(tmp_path, raise_server_exceptions=False) as client:
        yield client


def url_of(created: dict[str, Any], tail: str = "") -> str:
    return f"/api/tables/{created['table']}" + (f"/{tail}" if tail else "")


# -- every parameter is checked ---------------------------------------------------------------


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
        ("events?after=1&after=2", "repeated_parameter"),
        ("events?seat=0", "unknown_parameter"),
        ("events?lang=de", "bad_lang"),
        ("events?lang=FR", "bad_lang"),
        ("events?lang=", "bad_lang"),
        ("events?lang=enfr", "bad_lang"),
        ("moves?lang=de", "bad_lang"),
        ("moves?seat=1", "unknown_parameter"),
        ("?after=0", "unknown_parameter"),  # the table's own address
    ],
)
def test_a_malformed_query_is_400_never_500(raw_client: TestClient, query: str, code: str) -> None:
    created = deal(raw_client)
    path = url_of(created) + ("" if query.startswith("?") else "/") + query
    response = raw_client.get(path, headers=bearer(created, 0))
    assert response.status_code == 400, response.text
    assert response.json()["error"] == code
    assert len(response.json()["message"]) < 200  # the 5,000 digits are not sent back


@pytest.mark.parametrize("tail", ["moves", "rounds"])
def test_a_query_on_a_post_is_400(raw_client: TestClient, tail: str) -> None:
    created = deal(raw_client, [{"name": "Léa"}, {"name": "Tom"}])
    version = snapshot_of(raw_client, created).version
    response = raw_client.post(url_of(created, tail) + "?seat=0", headers=bearer(created, 1))
    assert response.status_code == 400
    assert response.json()["error"] == "unknown_parameter"
    assert snapshot_of(raw_client, created).version == version
    response = raw_client.get("/api/games?all=1")
    assert response.status_code == 400
    response = raw_client.post("/api/tables?x=1", json={"seats": THREE})
    assert response.status_code == 400
    assert store_of(raw_client).count() == 1


@pytest.mark.parametrize("length", ["9" * 5000, "-1", "1e3", "4 ", "0x10", "٣"])
def test_a_malformed_content_length_is_400_never_500(raw_client: TestClient, length: str) -> None:
    created = deal(raw_client)
    headers = {
        b"authorization": bearer(created, 1)["Authorization"].encode(),
        b"content-length": length.encode(),
    }
    response = raw_client.post(url_of(created, "moves"), headers=headers, content=b"draw")
    assert response.status_code in (400, 413), response.text
    assert response.json()["error"] in ("bad_content_length", "too_large")


def test_deeply_nested_json_is_400_never_500(raw_client: TestClient) -> None:
    headers = {"content-type": "application/json"}
    for nested in ("[" * 4000, '{"a":' * 800, '{"move": ' * 450):
        response = raw_client.post("/api/tables", content=nested, headers=headers)
        assert response.status_code == 400, response.text
        assert response.json()["error"] == "bad_json"
    created = deal(raw_client)
    version = snapshot_of(raw_client, created).version
    response = raw_client.post(
        url_of(created, "moves"), headers={**bearer(created, 1), **headers}, content="[" * 4000
    )
    assert response.status_code == 400, response.text
    assert snapshot_of(raw_client, created).version == version


@pytest.mark.parametrize(
    "authorization",
    [
        b"Bearer " + b"A" * 5000,
        "Bearer é".encode("latin-1"),
        "Bearer \u00e9t\u00e9".encode(),
        b"Bearer \x01\x02",
        b"Bearer a b",
        b"Bearer a/b",
        b"Bearer ../../etc/passwd",
    ],
)
def test_a_malformed_token_is_401(raw_client: TestClient, authorization: bytes) -> None:
    created = deal(raw_client)
    response = raw_client.get(url_of(created, "view"), headers={b"authorization": authorization})
    assert response.status_code == 401, response.text
    assert response.json()["error"] == "invalid_token"


@pytest.mark.parametrize("table_id", ["x" * 5000, "x" * 33, "%C2%B2", "a.b", "..", "%00", "a%20b"])
def test_a_malformed_table_id_is_404(raw_client: TestClient, table_id: str) -> None:
    created = deal(raw_client)
    for tail in ("", "/view", "/moves"):
        response = raw_client.get(f"/api/tables/{table_id}{tail}", headers=bearer(created, 0))
        assert response.status_code == 404, response.text
        assert response.json()["error"] in {"unknown_table", "not_found"}


def test_slashes_and_methods_are_answered_in_json(raw_client: TestClient) -> None:
    created = deal(raw_client)
    response = raw_client.get("/api/games/", follow_redirects=False)
    assert response.status_code == 404  # not a redirect
    assert response.json()["error"] == "not_found"
    for method, path, allowed in [
        ("PUT", "/api/games", "GET"),
        ("GET", "/api/tables", "POST"),
        ("DELETE", url_of(created), "GET"),
        ("PATCH", url_of(created, "moves"), "GET"),
        ("GET", url_of(created, "rounds"), "POST"),
        ("POST", url_of(created, "view"), "GET"),
    ]:
        response = raw_client.request(method, path, headers=bearer(created, 0))
        assert response.status_code == 405, (method, path)
        assert response.json()["error"] == "method_not_allowed"
        assert allowed in response.headers["allow"]


@pytest.mark.parametrize(
    "body",
    [
        {"seats": THREE, "colour": "red"},
        {"seats": [{"name": "Léa", "seat": 0}, {"name": "Tom"}]},
        {"game": "x" * 65, "seats": THREE},
        {"game": ["crazy-eights"], "seats": THREE},
        {"preset": "x" * 65, "seats": THREE},
        {"preset": 3, "seats": THREE},
        {"seed": 2**63, "seats": [{"name": "Léa"}, {"name": "Bot", "bot": "random"}]},
        {"seed": 7.0, "seats": [{"name": "Léa"}, {"name": "Bot", "bot": "random"}]},
        {"seed": "7", "seats": [{"name": "Léa"}, {"name": "Bot", "bot": "random"}]},
        {"rounds": 10**30, "seats": THREE},
        {"seats": [{"name": "Léa"}, {"name": "Bot", "bot": "x" * 65}]},
        {"seats": [{"name": "Léa"}, {"name": "Bot", "bot": "ismcts:99999999999"}]},
        {"seats": [{"name": "Léa"}, {"name": "Bot", "bot": "ismcts:-1"}]},
        # A million iterations a move would hold a server thread for minutes a move.
        {"seats": [{"name": "Léa"}, {"name": "Bot", "bot": "ismcts:1000000"}]},
        {"seats": [{"name": "Léa"}, {"name": "Bot", "bot": "ismcts:1001"}]},
        {"seats": [{"name": "Léa"}, {"name": "Bot", "bot": "ismcts:" + "9" * 50}]},
    ],
)
def test_every_field_of_a_new_table_is_checked(
    raw_client: TestClient, body: dict[str, Any]
) -> None:
    response = raw_client.post("/api/tables", json=body)
    assert response.status_code == 400, response.text
    assert response.json()["error"] == "bad_table"
    assert store_of(raw_client).count() == 0


def test_text_sent_back_in_an_error_is_escaped(raw_client: TestClient) -> None:
    # A lone surrogate in a name cannot be written as UTF-8: the answer escapes it.
    for body in (
        b'{"seats": [{"name": "L\\ud800a"}, {"name": "Tom"}]}',
        b'{"game": "\\udfff", "seats": [{"name": "Ana"}, {"name": "Tom"}]}',
        b'{"seats": [{"name": "Ana"}, {"name": "Tom", "bot": "\\ud800"}]}',
    ):
        response = raw_client.post(
            "/api/tables", content=body, headers={"content-type": "application/json"}
        )
        assert response.status_code == 400, response.text
        assert response.content.isascii()
    created = deal(raw_client, [{"name": "Léa"}, {"name": "Tom"}])
    response = raw_client.post(
        url_of(created, "moves"),
        headers={**bearer(created, 1), "content-type": "application/json"},
        content=b'{"move": "play \\ud800"}',
    )
    assert response.status_code == 400, response.text
    assert response.content.isascii()


def test_a_server_failure_is_a_json_500_that_tells_nothing(
    raw_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken() -> int:
        raise RuntimeError("secret detail")

    monkeypatch.setattr("cardgames.web.tables._secret_seed", broken)
    response = raw_client.post("/api/tables", json={"seats": THREE})
    assert response.status_code == 500
    assert response.json() == {
        "error": "internal_error",
        "message": "the server failed; nothing was changed",
    }
    assert "secret" not in response.text
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["content-security-policy"].startswith("default-src 'self'")
    assert response.headers["cache-control"] == "no-store"
    assert store_of(raw_client).count() == 0


# -- forged moves -----------------------------------------------------------------------------


class LooksLikeAnyMove(Draw):
    """A move that claims to equal every move."""

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = Draw.__hash__


@pytest.mark.parametrize("game", ["crazy-eights", "planets"])
@pytest.mark.parametrize("forgery", ["bool-seat", "float-seat", "subclass", "other-seat"])
def test_a_table_applies_only_the_engines_own_moves(
    tmp_path: Path, game: str, forgery: str
) -> None:
    with serve(tmp_path) as client:
        created = deal(client, [{"name": "Léa"}, {"name": "Tom"}, {"name": "Sam"}], game=game)
        tables: Tables = tables_of(client)
        table = created["table"]
        before = snapshot_of(client, created)
        state = before.state
        seat = state.to_act[0]
        legal = state.legal_moves(seat)[0]
        forged: Move
        if forgery == "bool-seat":
            forged = attrs.evolve(legal, player=bool(seat)) if seat in (0, 1) else legal
            if seat not in (0, 1):
                pytest.skip("no bool for this seat")
        elif forgery == "float-seat":
            forged = attrs.evolve(legal, player=float(seat))
        elif forgery == "subclass":
            forged = LooksLikeAnyMove(seat)
        else:
            forged = legal
            seat = (seat + 1) % 3  # another seat sends the legal move of the one to act
        with pytest.raises(cardgames.IllegalMoveError):
            tables.play(table, seat, lambda _state: forged)
        after = snapshot_of(client, created)
        assert (after.version, after.state) == (before.version, state)
        assert store_of(client).moves(table, 1) == ()
        # An equal move of the same types: the engine's own is applied and stored.
        seat = state.to_act[0]
        tables.play(table, seat, lambda _state: attrs.evolve(legal))
        after = snapshot_of(client, created)
        assert after.state == state.apply(legal)
        stored = store_of(client).moves(table, 1)
        assert [m.move for m in stored] == [state.game.move_to_json(legal)]
        assert all(type(getattr(m, "player", 0)) is int for m in after.log.moves)
        for events in after.events(seat, -1):
            assert all(type(getattr(e, "player", 0)) is int for e in events[2])


# -- the property -----------------------------------------------------------------------------


@attrs.frozen
class Server:
    """The application and the tables every example attacks."""

    client: TestClient
    tables: tuple[dict[str, Any], ...]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for the module: three tables (two people; a person and a bot; planets)."""
    path = tmp_path_factory.mktemp("hostile")
    with serve(path, raise_server_exceptions=False, tables_per_creator=3, max_tables=10_000) as c:
        made = (
            deal(c, [{"name": "Léa"}, {"name": "Tom"}]),
            deal(
                c,
                [{"name": "Ana"}, {"name": "Bot", "bot": "heuristic"}],
                game="huit-americain",
                preset="a-la-volee",
                seed=11,
            ),
            deal(c, [{"name": "Léa"}, {"name": "Tom"}], game="planets"),
        )
        yield Server(c, made)
    assert db_url(path)


@attrs.frozen
class TableRef:
    """The id of fixed table ``index`` (resolved when the request is sent)."""

    index: int


@attrs.frozen
class TokenRef:
    """A token derived from person ``seat`` of fixed table ``index``: ``exact`` or mangled."""

    index: int
    seat: int
    mangle: str  # exact, other-table, truncated, extended, swapcase, doubled


@attrs.frozen
class Hostile:
    """One request: where it goes, what it carries, and whether it must be refused."""

    family: str
    method: str
    path: tuple[str | TableRef, ...]  # the segments after /api/ (already percent-encoded)
    query: str = ""
    authorization: tuple[str, str | bytes | TokenRef] | None = None  # (scheme, token)
    content_type: str | None = None
    body: bytes | None = None
    chunked: bool = False
    must_refuse: bool = False


UNICODE_DIGITS = "²³¹⁰₀٣۳߃०১๓໓༣၃႓០᠓᧓᭓᮳᱃꘠꣐꤀꧐꩐꯰０𐒠𝟎𝟘"
ENDPOINTS = ("", "view", "events", "moves")
MOVE_WORDS = ("play", "draw", "pass", "take", "callout", "name", "announce", "target", "keep")
CARDS = ("8H", "7S", "10D", "QC", "AS", "2H", "JD", "KC", "1H", "8X", "XX", "8♥", "Earth", "joker")

table_refs = st.builds(TableRef, st.integers(0, 2))
fuzzed_text = st.text(st.characters(codec="utf-8"), max_size=40)
segments = st.one_of(
    st.sampled_from(
        ("tables", "games", "view", "events", "moves", "rounds", "live", "", "%00", "%2F", "%2e%2e")
    ),
    fuzzed_text.filter(lambda s: s not in (".", "..")).map(
        lambda s: urllib.parse.quote(s, safe="")
    ),
)
digits = st.text(st.sampled_from(UNICODE_DIGITS + "0123456789"), max_size=4)
bad_numbers = st.one_of(
    st.tuples(digits, st.sampled_from(UNICODE_DIGITS), digits).map("".join),  # int() reads them
    st.integers(13, 5000).map(lambda n: "9" * n),
    st.integers(max_value=-2).map(str),
    st.sampled_from(
        ("", "-0", "+1", " 1", "1 ", "1_0", "0x1", "1e3", "1.0", "NaN", "\u22121", "--1")
    ),
    fuzzed_text.filter(lambda s: not s.isdigit() or not s.isascii()).filter(lambda s: s != "-1"),
)
valid_tokens = st.builds(TokenRef, st.integers(0, 2), st.integers(0, 1), st.just("exact"))
bad_tokens = st.one_of(
    st.builds(
        TokenRef,
        st.integers(0, 2),
        st.integers(0, 1),
        st.sampled_from(("other-table", "truncated", "extended", "swapcase", "doubled")),
    ),
    st.text(st.sampled_from(string.ascii_letters + string.digits + "-_"), max_size=80),
    st.binary(max_size=80).filter(lambda b: not {10, 13} & set(b)).map(lambda b: b.strip()),
)
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False)
    | fuzzed_text,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(fuzzed_text, inner, max_size=4),
    max_leaves=12,
)
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(),
    fuzzed_text,
    st.sampled_from(("crazy-eights", "8 américain", "planets", "marquoir", "a-la-volee", "random")),
)


def mostly(likely: st.SearchStrategy[Any], other: st.SearchStrategy[Any]) -> Any:
    """``likely`` three times in four, else ``other``: near-valid input reaches deeper checks."""
    return st.sampled_from((True, True, True, False)).flatmap(lambda ok: likely if ok else other)


RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
DECK = tuple(rank + suit for rank in RANKS for suit in "CDHS")
near_seats = st.lists(
    mostly(
        st.fixed_dictionaries(
            {"name": st.sampled_from(("Léa", "Tom", "Sam", "Ana", "léa"))},
            optional={"bot": st.sampled_from((None, "random", "heuristic", "ismcts:2", "x"))},
        ),
        st.fixed_dictionaries({}, optional={"name": scalars, "bot": scalars, "x": scalars})
        | scalars,
    ),
    max_size=6,
    unique_by=lambda seat: str(seat.get("name")).casefold() if isinstance(seat, dict) else seat,
)
near_tables = st.tuples(
    st.fixed_dictionaries(
        {"seats": mostly(near_seats, scalars)},
        optional={
            "game": mostly(st.sampled_from(("crazy-eights", "8 américain", "planets")), scalars),
            "preset": mostly(st.sampled_from(("marquoir", "a-la-volee", "standard")), scalars),
            "seed": mostly(st.integers(0, 2**63 - 1), st.integers(2**63, 2**64) | scalars),
            "rounds": mostly(st.integers(1, 50), st.integers(-5, 10**6) | scalars),
        },
    ),
    mostly(st.just({}), st.fixed_dictionaries({"extra": scalars})),
).map(lambda parts: {**parts[0], **parts[1]})
near_moves = st.fixed_dictionaries(
    {
        "format": mostly(st.just("cardgames.move"), st.just("cardgames.state") | fuzzed_text),
        "version": mostly(st.just(1), st.sampled_from((2, 0, True, "1", 1.0))),
        "game": mostly(st.sampled_from(("crazy-eights", "huit-americain", "planets")), fuzzed_text),
        "data": mostly(
            st.fixed_dictionaries(
                {
                    "type": mostly(st.sampled_from(MOVE_WORDS), fuzzed_text),
                    "player": mostly(st.integers(0, 1), st.integers(-3, 3) | scalars),
                },
                optional={
                    "card": mostly(st.sampled_from(DECK), st.sampled_from(CARDS) | scalars),
                    "suit": mostly(st.sampled_from(("hearts", "spades")), scalars),
                    "announce": st.booleans() | scalars,
                    "target": st.integers(-3, 3) | scalars,
                },
            ),
            json_values,
        ),
    }
)
move_texts = mostly(
    st.one_of(
        st.sampled_from(("draw", "pass", "take", "callout 1", "callout 0", "keep Earth")),
        st.tuples(
            st.sampled_from(DECK),
            st.sampled_from(("", " name hearts", " name spades", " announce", " target 1")),
        ).map(lambda parts: f"play {parts[0]}{parts[1]}"),
    ),
    st.lists(st.sampled_from(MOVE_WORDS + CARDS) | fuzzed_text, max_size=6).map(" ".join)
    | fuzzed_text,
)
expects = st.one_of(st.just({}), st.fixed_dictionaries({"expect": scalars | st.integers(0, 50)}))


def _encoded(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False).encode("utf-8", "surrogatepass")


@st.composite
def hostile_requests(draw: st.DrawFn) -> Hostile:
    family = draw(
        st.sampled_from(
            (
                "path",
                "query",
                "token",
                "method",
                "oversize",
                "json-table",
                "near-table",
                "json-move",
                "move-document",
                "move-text",
                "rounds",
            )
        )
    )
    table = draw(table_refs)
    seat_token = draw(valid_tokens)
    own = ("Bearer", TokenRef(table.index, seat_token.seat, "exact"))
    if family == "path":
        method = draw(st.sampled_from(("GET", "POST", "PUT", "DELETE", "PATCH")))
        head = draw(st.sampled_from(((), ("tables",), ("tables", table))))
        tail = tuple(draw(st.lists(segments, min_size=1, max_size=4)))
        return Hostile(family, method, (*head, *tail), authorization=own, body=b"draw")
    if family == "query":
        endpoint = draw(st.sampled_from(ENDPOINTS))
        names = mostly(st.sampled_from(("seat", "after", "lang")), fuzzed_text.filter(bool))
        pairs = draw(st.lists(st.tuples(names, bad_numbers), min_size=1, max_size=3))
        query = urllib.parse.urlencode(pairs)
        path = ("tables", table) + ((endpoint,) if endpoint else ())
        return Hostile(family, "GET", path, query=query, authorization=own, must_refuse=True)
    if family == "token":
        endpoint = draw(st.sampled_from((*ENDPOINTS, "rounds")))
        method = "POST" if endpoint in ("moves", "rounds") else "GET"
        scheme = draw(st.sampled_from(("Bearer", "bearer", "Basic", "Token", "")))
        token = draw(
            bad_tokens | (valid_tokens if scheme not in ("Bearer", "bearer") else bad_tokens)
        )
        if isinstance(token, TokenRef):  # mangled from a token of the table attacked
            token = attrs.evolve(token, index=table.index)
        authorization = None if draw(st.booleans()) and scheme == "" else (scheme, token)
        path = ("tables", table) + ((endpoint,) if endpoint else ())
        return Hostile(
            family, method, path, authorization=authorization, body=b"draw", must_refuse=True
        )
    if family == "method":
        path, allowed = draw(
            st.sampled_from(
                (
                    (("games",), ("GET", "HEAD")),
                    (("tables",), ("POST",)),
                    (("tables", table), ("GET", "HEAD")),
                    (("tables", table, "view"), ("GET", "HEAD")),
                    (("tables", table, "events"), ("GET", "HEAD")),
                    (("tables", table, "moves"), ("GET", "HEAD", "POST")),
                    (("tables", table, "rounds"), ("POST",)),
                )
            )
        )
        every = ("GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS")
        method = draw(st.sampled_from([m for m in every if m not in allowed]))
        return Hostile(family, method, path, authorization=own, body=b"{}", must_refuse=True)
    if family == "oversize":
        path = draw(st.sampled_from((("tables",), ("tables", table, "moves"))))
        size = draw(st.integers(MAX_BODY_BYTES + 1, 4 * MAX_BODY_BYTES))
        content_type = draw(st.sampled_from(("application/json", "text/plain", None)))
        return Hostile(
            family,
            "POST",
            path,
            authorization=own,
            content_type=content_type if path != ("tables",) else "application/json",
            body=b"d" * size,
            chunked=draw(st.booleans()),
            must_refuse=True,
        )
    if family in ("json-table", "near-table"):
        value = draw(json_values if family == "json-table" else near_tables)
        return Hostile(
            family, "POST", ("tables",), content_type="application/json", body=_encoded(value)
        )
    if family == "rounds":  # every table is being played: never a next round
        return Hostile(family, "POST", ("tables", table, "rounds"), authorization=own)
    if family in ("json-move", "move-document"):
        value = (
            draw(json_values)
            if family == "json-move"
            else {"move": draw(near_moves), **draw(expects)}
        )
        content_type = draw(st.sampled_from(("application/json", "application/json; charset=x")))
        return Hostile(
            family,
            "POST",
            ("tables", table, "moves"),
            authorization=own,
            content_type=content_type,
            body=_encoded(value),
        )
    text = draw(move_texts)
    as_json = draw(st.booleans())
    return Hostile(
        family,
        "POST",
        ("tables", table, "moves"),
        authorization=own,
        content_type="application/json" if as_json else "text/plain",
        body=_encoded({"move": text, **draw(expects)})
        if as_json
        else text.encode("utf-8", "surrogatepass"),
    )


def _token(ref: TokenRef, tables: tuple[dict[str, Any], ...]) -> str:
    people = tokens_of(tables[ref.index])
    exact = people[ref.seat % len(people)]
    other = tokens_of(tables[(ref.index + 1) % len(tables)])[0]
    return {
        "exact": exact,
        "other-table": other,
        "truncated": exact[:-1],
        "extended": exact + "A",
        "swapcase": exact.swapcase(),
        "doubled": exact + exact,
    }[ref.mangle]


def send(request: Hostile, srv: Server) -> Any:
    segments = [s if isinstance(s, str) else srv.tables[s.index]["table"] for s in request.path]
    url = "/api/" + "/".join(segments) + (f"?{request.query}" if request.query else "")
    headers: dict[bytes, bytes] = {}
    if request.authorization is not None:
        scheme, token = request.authorization
        raw = _token(token, srv.tables) if isinstance(token, TokenRef) else token
        value = raw if isinstance(raw, bytes) else raw.encode("latin-1", "replace")
        headers[b"authorization"] = (scheme.encode() + b" " + value).strip()
    if request.content_type is not None:
        headers[b"content-type"] = request.content_type.encode()
    content: bytes | Iterator[bytes] | None = request.body
    if request.body is not None and request.chunked:
        body = request.body
        content = iter([body[i : i + 1000] for i in range(0, len(body), 1000)])
    if request.method in ("GET", "HEAD", "OPTIONS"):
        content = None
    return srv.client.request(request.method, url, headers=headers, content=content)


def stored(srv: Server) -> list[Any]:
    """Every attacked table as stored: its row and its moves, and how many tables there are."""
    store = store_of(srv.client)
    rows: list[Any] = [store.count()]
    for created in srv.tables:
        row = store.table(created["table"])
        assert row is not None
        rows.append((row, store.moves(created["table"], row.round)))
    return rows


@HOSTILE
@given(requests=st.lists(hostile_requests(), min_size=1, max_size=3))
def test_every_malformed_request_is_a_json_4xx_and_changes_nothing(
    server: Server, requests: list[Hostile]
) -> None:
    srv = server
    tokens = [token for created in srv.tables for token in tokens_of(created)]
    for request in requests:
        before = stored(srv)
        response = send(request, srv)
        status = response.status_code
        assert status < 500, (request, status, response.text)
        assert response.headers["content-type"].startswith("application/json"), request
        assert response.headers["x-content-type-options"] == "nosniff"
        assert not any(token in response.text for token in tokens), request
        if request.must_refuse:
            assert 400 <= status < 500, (request, status, response.text)
        if request.family == "rounds":
            assert status in (401, 409), (request, response.text)
        if status >= 400:
            if request.method != "HEAD":
                body = response.json()
                assert isinstance(body, dict), body
                assert isinstance(body["error"], str), body
                assert isinstance(body["message"], str), body
            assert stored(srv) == before, request
            continue
        if request.method != "HEAD":
            response.json()
        after = stored(srv)
        if request.method == "POST" and request.path[-1:] == ("moves",):
            ref = request.path[1]
            assert isinstance(ref, TableRef), request
            moved = ref.index + 1
            assert after[moved][0].version > before[moved][0].version, request  # a legal move
            for index in range(1, len(after)):
                if index != moved:
                    assert after[index] == before[index], request
        elif request.method == "POST" and request.path == ("tables",):
            assert after[0] == before[0] + 1
            assert after[1:] == before[1:]
        else:
            assert after == before, request
    for created in srv.tables:  # every stored table still replays to its stored state
        snapshot = tables_of(srv.client).replay(store_of(srv.client).table(created["table"]))  # type: ignore[arg-type]
        snapshot.game.check_state(snapshot.state)


hellos = st.one_of(
    json_values.map(lambda v: json.dumps(v)),
    st.fixed_dictionaries(
        {},
        optional={
            "token": mostly(st.sampled_from(("OWN", "OTHER")), scalars | bad_tokens),
            "lang": mostly(st.sampled_from(("en", "fr")), scalars),
            "after": mostly(st.integers(-1, 100), st.integers(-(2**70), 2**70) | scalars),
            "extra": scalars,
        },
    ).map(lambda v: json.dumps(v, default=str)),
    fuzzed_text,
    st.integers(MAX_BODY_BYTES - 10, MAX_BODY_BYTES + 10).map(lambda n: '"' + "x" * (n - 2) + '"'),
)


@settings(HOSTILE, max_examples=max(10, EXAMPLES // 4))
@given(message=hellos, index=st.integers(0, 2))
def test_every_first_message_of_the_live_socket_is_answered(
    server: Server, message: str, index: int
) -> None:
    srv = server
    created = srv.tables[index]
    own = tokens_of(created)[0]
    other = tokens_of(srv.tables[(index + 1) % 3])[0]
    message = message.replace('"OWN"', json.dumps(own)).replace('"OTHER"', json.dumps(other))
    tokens = [token for c in srv.tables for token in tokens_of(c)]
    before = stored(srv)
    with srv.client.websocket_connect(url_of(created, "live")) as socket:
        socket.send_text(message)
        answer = socket.receive_text()
        assert not any(token in answer for token in tokens)
        reply = json.loads(answer)
        if reply["type"] == "update":
            hello = json.loads(message)
            assert hello["token"] == own
            assert reply["view"]["data"]["viewer"] == 0
        else:
            assert reply["type"] == "error"
            assert isinstance(reply["message"], str)
            with pytest.raises(WebSocketDisconnect) as closed:
                socket.receive_text()
            assert closed.value.code == 1008
    assert stored(srv) == before


# ----------------------------------------------------------------- found by the review


def test_a_move_document_with_nan_is_400_and_changes_nothing(tmp_path: Path) -> None:
    with serve(tmp_path) as client:
        created = deal(client)
        before = snapshot_of(client, created)
        seat = before.state.to_act[0]
        for body in ('{"move": {"x": NaN}}', '{"move": {"card": Infinity}}', '{"move": 1e999}'):
            answer = client.post(
                f"/api/tables/{created['table']}/moves",
                headers={**bearer(created, seat), "content-type": "application/json"},
                content=body,
            )
            assert answer.status_code == 400, (body, answer.text)
        assert snapshot_of(client, created).version == before.version


def test_a_binary_first_message_on_the_socket_is_refused(tmp_path: Path) -> None:
    with serve(tmp_path) as client:
        created = deal(client)
        with client.websocket_connect(f"/api/tables/{created['table']}/live") as socket:
            socket.send_bytes(json.dumps({"token": tokens_of(created)[0]}).encode())
            message = socket.receive_json()
            assert message["type"] == "error"
            assert message["error"] == "bad_hello"


def test_racing_creations_keep_the_per_client_limit(tmp_path: Path) -> None:
    import threading

    with serve(tmp_path, tables_per_creator=2) as client:
        tables = tables_of(client)
        results: list[str] = []

        def create() -> None:
            try:
                tables.create("crazy-eights", [("Léa", None), ("Bot", "random")], creator="x")
                results.append("ok")
            except cardgames.CardGamesError as error:
                results.append(type(error).__name__)

        threads = [threading.Thread(target=create) for _ in range(12)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert results.count("ok") == 2, results
        assert store_of(client).count(creator="x") == 2


def test_a_failed_bot_step_is_tried_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    from cardgames.web.tables import Tables as TablesType

    real = TablesType.bot_step
    failures = [1]

    def flaky(self: TablesType, table_id: str) -> bool:
        if failures[0]:
            failures[0] -= 1
            raise OSError("the database went away for a moment")
        return real(self, table_id)

    monkeypatch.setattr(TablesType, "bot_step", flaky)
    with serve(tmp_path, bot_delay=0.01) as client:
        created = deal(client, [{"name": "Léa"}, {"name": "Bot", "bot": "random"}])  # bot first
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and snapshot_of(client, created).seq == 0:
            time.sleep(0.05)
        assert failures == [0]
        assert snapshot_of(client, created).seq > 0, "the bot never moved after its failed step"
