"""The web table under attack: every malformed request is a 4xx with a JSON body, never a 5xx.

A hypothesis property sends requests a hostile client could send to ``examples/web_table``
through Starlette's test client: random paths under ``/api``, query strings with Unicode digits,
huge numbers and unknown names, wrong or mangled tokens, random JSON bodies, near-valid tables
and move documents, move texts, wrong methods, and bodies over the size limit (declared or
streamed). Every answer must be JSON and below 500; every refused request (4xx) must leave the
game state of every existing table unchanged (the same state object, the same move count, the
same JSON and hash), and no answer may hold a seat's token. The families that are malformed by
construction must be refused.

CI runs a few hundred examples (derandomized); ``benchmarks/hostile.py --examples N`` runs more
(``CARDGAMES_HOSTILE_EXAMPLES``, ``CARDGAMES_HOSTILE_RANDOM``). Needs the ``web`` extra.
"""

from __future__ import annotations

import functools
import json
import os
import string
import sys
import urllib.parse
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgames.shedding import SheddingState

pytest.importorskip("starlette", reason="the web extra is not installed: pip install -e '.[web]'")
pytest.importorskip("httpx", reason="starlette's TestClient needs httpx (the test extra)")

EXAMPLES_DIR = Path(__file__).resolve().parent.parent / "examples"
if str(EXAMPLES_DIR) not in sys.path:  # examples/ is not a package: web_table is imported from it
    sys.path.insert(0, str(EXAMPLES_DIR))

with warnings.catch_warnings():
    # Starlette 1.x prefers httpx2, which needs Python 3.11: on 3.10 its TestClient uses httpx.
    warnings.filterwarnings("ignore", "Using `httpx` with `starlette.testclient` is deprecated")
    from starlette.testclient import TestClient
from web_table.server import (  # noqa: E402 - examples/ is put on sys.path just above
    MAX_BODY_BYTES,
    Seat,
    Table,
    TableRegistry,
    create_app,
)

EXAMPLES = int(os.environ.get("CARDGAMES_HOSTILE_EXAMPLES", "300"))
HOSTILE = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=not os.environ.get("CARDGAMES_HOSTILE_RANDOM"),
    database=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

CREATOR_LIMIT = 3  # tables a fuzzed client may make: then 429, never a full server (503)

# -- the server under attack ------------------------------------------------------------------


@attrs.frozen
class Server:
    """The application, its registry and the tables every example attacks."""

    client: TestClient
    registry: TableRegistry
    tables: tuple[Table, ...]


@functools.cache
def server() -> Server:
    """One server for the whole module: two tables, made by the operator (not counted).

    Table 0 seats two people (nothing moves unless one of them makes a legal move); table 1 one
    person and a bot under the jump-in preset, advanced until the person must act.
    """
    registry = TableRegistry(
        bot_delay=0, max_tables=10_000, tables_per_creator=CREATOR_LIMIT, draw_seed=lambda: 11
    )
    tables = (
        registry.create("crazy-eights", [Seat("Léa"), Seat("Tom")]),
        registry.create(
            "huit-americain", [Seat("Ana"), Seat("Bot", "heuristic")], preset="a-la-volee"
        ),
    )
    tables[1].view(0)  # the bot's moves, if it starts
    client = TestClient(create_app(registry), raise_server_exceptions=False)
    return Server(client, registry, tables)


# -- hostile requests -------------------------------------------------------------------------


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
MOVE_WORDS = ("play", "draw", "pass", "take", "callout", "name", "announce", "target")
CARDS = ("8H", "7S", "10D", "QC", "AS", "2H", "JD", "KC", "1H", "8X", "XX", "8♥", "10♦", "joker")

table_refs = st.builds(TableRef, st.integers(0, 1))
fuzzed_text = st.text(st.characters(codec="utf-8"), max_size=40)
segments = st.one_of(
    st.sampled_from(("tables", "games", "view", "events", "moves", "", "%00", "%2F", "%2e%2e")),
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
valid_tokens = st.builds(TokenRef, st.integers(0, 1), st.integers(0, 1), st.just("exact"))
bad_tokens = st.one_of(
    st.builds(
        TokenRef,
        st.integers(0, 1),
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
    st.sampled_from(("crazy-eights", "8 américain", "marquoir", "a-la-volee", "heuristic")),
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
            optional={"bot": st.sampled_from((None, "random", "heuristic", "ismcts"))},
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
            "game": mostly(
                st.sampled_from(("crazy-eights", "8 américain", "huit-americain")), scalars
            ),
            "preset": mostly(st.sampled_from(("marquoir", "a-la-volee", "le-cumul")), scalars),
            "seed": mostly(st.integers(0, 2**63 - 1), st.integers(2**63, 2**64) | scalars),
        },
    ),
    mostly(st.just({}), st.fixed_dictionaries({"extra": scalars})),
).map(lambda parts: {**parts[0], **parts[1]})
near_moves = st.fixed_dictionaries(
    {
        "format": mostly(st.just("cardgames.move"), st.just("cardgames.state") | fuzzed_text),
        "version": mostly(st.just(1), st.sampled_from((2, 0, True, "1", 1.0))),
        "game": mostly(
            st.sampled_from(("crazy-eights", "huit-americain")), st.just("planets") | fuzzed_text
        ),
        "data": mostly(
            st.fixed_dictionaries(
                {
                    "type": mostly(st.sampled_from(MOVE_WORDS[:5]), fuzzed_text),
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
        st.sampled_from(("draw", "pass", "take", "callout 1", "callout 0", "callout 9")),
        st.tuples(
            st.sampled_from(DECK),
            st.sampled_from(("", " name hearts", " name spades", " announce", " target 1")),
        ).map(lambda parts: f"play {parts[0]}{parts[1]}"),
    ),
    st.lists(st.sampled_from(MOVE_WORDS + CARDS) | fuzzed_text, max_size=6).map(" ".join)
    | fuzzed_text,
)


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
        endpoint = draw(st.sampled_from(ENDPOINTS))  # GET: the moves endpoint's query too
        names = mostly(st.sampled_from(("seat", "after")), fuzzed_text.filter(bool))
        pairs = draw(st.lists(st.tuples(names, bad_numbers), min_size=1, max_size=3))
        query = urllib.parse.urlencode(pairs)
        path = ("tables", table) + ((endpoint,) if endpoint else ())
        return Hostile(family, "GET", path, query=query, authorization=own, must_refuse=True)
    if family == "token":
        endpoint = draw(st.sampled_from(ENDPOINTS))
        method = "POST" if endpoint == "moves" else "GET"
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
    if family in ("json-move", "move-document"):
        value = draw(json_values if family == "json-move" else near_moves)
        content_type = draw(st.sampled_from(("application/json", "application/json; charset=x")))
        body = _encoded(value)
        return Hostile(
            family,
            "POST",
            ("tables", table, "moves"),
            authorization=own,
            content_type=content_type,
            body=body,
        )
    text = draw(move_texts)
    as_json = draw(st.booleans())
    return Hostile(
        family,
        "POST",
        ("tables", table, "moves"),
        authorization=own,
        content_type="application/json" if as_json else "text/plain",
        body=_encoded({"move": text}) if as_json else text.encode("utf-8", "surrogatepass"),
    )


# -- sending and checking ---------------------------------------------------------------------


def _token(ref: TokenRef, tables: tuple[Table, ...]) -> str:
    people = list(tables[ref.index].tokens.values())
    exact = people[ref.seat % len(people)]
    other = tables[1 - ref.index].tokens[0]
    return {
        "exact": exact,
        "other-table": other,
        "truncated": exact[:-1],
        "extended": exact + "A",
        "swapcase": exact.swapcase(),
        "doubled": exact + exact,
    }[ref.mangle]


def send(request: Hostile, srv: Server) -> Any:
    segments = [s if isinstance(s, str) else srv.tables[s.index].id for s in request.path]
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


def snapshot(table: Table) -> tuple[SheddingState, int]:
    return table.state, table.seq


@HOSTILE
@given(st.lists(hostile_requests(), min_size=1, max_size=3))
def test_every_malformed_request_is_a_json_4xx_and_changes_nothing(
    requests: list[Hostile],
) -> None:
    srv = server()
    tokens = [token for table in srv.tables for token in table.tokens.values()]
    start = [(table.seq, table.state.to_json(), hash(table.state)) for table in srv.tables]
    for request in requests:
        before = [snapshot(table) for table in srv.tables]
        count = len(srv.registry)
        response = send(request, srv)
        status = response.status_code
        assert status < 500, (request, status, response.text)
        assert response.headers["content-type"].startswith("application/json"), request
        assert not any(token in response.text for token in tokens), request
        if request.must_refuse:
            assert 400 <= status < 500, (request, status, response.text)
        if status >= 400:
            if request.method != "HEAD":
                body = response.json()
                assert isinstance(body, dict), body
                assert isinstance(body["error"], str), body
                assert isinstance(body["message"], str), body
            assert [snapshot(table) for table in srv.tables] == before, request
            assert len(srv.registry) == count, request
            continue
        if request.method != "HEAD":
            response.json()
        mover = None
        if request.method == "POST" and request.path[-1:] == ("moves",):
            ref = request.path[1]
            assert isinstance(ref, TableRef), request
            mover = srv.tables[ref.index]
        for table, (state, seq) in zip(srv.tables, before, strict=True):
            if table is mover:
                assert table.seq > seq, request  # a legal move went through
            else:
                assert (table.state, table.seq) == (state, seq), request
                assert table.state is state, request
    for table, (seq, document, digest) in zip(srv.tables, start, strict=True):
        table.state.game.check_state(table.state)
        if table.seq == seq:  # no move: not a bit of the state changed, caches included
            assert table.state.to_json() == document
            assert hash(table.state) == digest
