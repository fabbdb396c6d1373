"""The web table in a real browser: `cardgames serve`'s app, two people in headless Chromium, a bot.

The app (`cardgames.web.create_app`, SQLite in a temporary folder, ``bot_delay=0``) runs under
uvicorn in a thread, on a free port of 127.0.0.1. Debian's Chromium (``/usr/bin/chromium``) is
driven by Playwright, which never downloads a browser here. For each game (Crazy Eights,
8 Américain, the planet game "8"):

- the home page deals a table (two people, one heuristic bot, a match of two rounds) and gives
  one link per person;
- two browser contexts (two separate profiles: nothing shared, not even localStorage) open the
  two links and play a whole round by clicking the cards and buttons the pages show (or pressing
  their keys), choosing among what the page offers, never asking the API for moves; one of them
  switches to French, and its log and labels come in French;
- a move in one context shows up in the other through the live socket, with the polling
  fallback blocked;
- one context asks for the other's view (``?seat=`` with its own token, no token, a made-up
  token, a socket with a made-up token) and is refused; its page never shows the other's hand;
- at the end of the round the pages show the reveal, the round's points and the totals; "next
  round" on one page deals round 2 there, while the other page keeps the first round's end
  until its own player goes on;
- a 390 px wide phone viewport has no horizontal scrolling, during the round and at its end.

Then what went wrong on a real evening: a seat opened again from the bare address, the links
copied, one player's "next round" and the others' round end, dead and mistyped links, the home
page's rounds field, and a game without a page of its own on the generic page.

Screenshots of each game's table (desktop and phone) are saved in the test's temporary folder;
with ``CARDGAMES_SCREENSHOTS=DIR`` they are also copied into ``DIR`` as
``web-table-<game>.png`` and ``web-table-<game>-phone.png`` (and the home page as
``web-table-home.png``): the documentation's pictures are refreshed with ::

    CARDGAMES_SCREENSHOTS=docs/images python -m pytest --no-cov tests/test_web_browser.py

Skipped when ``/usr/bin/chromium`` is absent (``apt-get install chromium``) or the test extra
(Playwright, the web extra) is not installed.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import shutil
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_FLAGS = [
    # Playwright adds --headless and a fresh --user-data-dir in a temporary directory; it adds
    # --no-sandbox for chromium_sandbox=False (Chromium needs it when run as root).
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# Where CARDGAMES_SCREENSHOTS asks for copies of the screenshots (the docs use docs/images).
SCREENSHOTS = "CARDGAMES_SCREENSHOTS"
# The games and the presets their tables use: 8 Américain's "autres-propositions" has cards that
# designate a player (Q swaps hands, K chooses who plays next), which open a player picker.
GAMES = {"crazy-eights": None, "huit-americain": "autres-propositions", "planets": None}
PICKERS: dict[str, int] = {"suit": 0, "target": 0, "other": 0}  # the pickers met (a summary)
PHASES: dict[str, int] = {}  # the planet game's phases in which a page moved
ROUND_SECONDS = 90  # the most a round may take (the planet game's ~300 moves take ~20 s here)

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="/usr/bin/chromium is not installed (apt-get install chromium)"
)
pytest.importorskip("starlette", reason="the web extra is not installed: pip install -e '.[web]'")
pytest.importorskip("sqlalchemy", reason="the web extra is not installed: pip install -e '.[web]'")
pytest.importorskip("uvicorn", reason="the web extra is not installed: pip install -e '.[web]'")
pytest.importorskip("playwright", reason="Playwright is not installed (the test extra)")

import uvicorn  # noqa: E402 - after importorskip
from playwright.sync_api import (  # noqa: E402
    Browser,
    BrowserContext,
    Page,
    ViewportSize,
    sync_playwright,
)
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError  # noqa: E402

from cardgames.web import create_app  # noqa: E402

_database_url = ""  # the module's server's database (set by base_url)

DESKTOP: ViewportSize = {"width": 1200, "height": 800}
PHONE: ViewportSize = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app under uvicorn in a thread, on a free port; its base URL."""
    global _database_url
    database = tmp_path_factory.mktemp("web") / "tables.sqlite3"
    _database_url = f"sqlite:///{database}"
    # Every test deals its tables from this one address: more than the default five a client
    # may keep (the limit itself is tried in test_web_store.py).
    app = create_app(f"sqlite:///{database}", bot_delay=0.0, tables_per_creator=20)
    sock = socket.create_server(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert thread.is_alive(), "the server did not start"
        assert time.monotonic() < deadline, "the server did not start in time"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM),
            headless=True,
            chromium_sandbox=False,
            args=CHROMIUM_FLAGS,
        )
        try:
            yield browser
        finally:
            browser.close()


# The pages' Content-Security-Policy forbids eval: functions, never expression strings, are
# given to evaluate and wait_for_function (Playwright runs those without eval).


def dataset(page: Page) -> dict[str, str]:
    """The page's state hooks: body's data-state, data-moves, data-round, data-transport..."""
    return dict(page.evaluate("() => Object.assign({}, document.body.dataset)"))


def fetch_status(page: Page, path: str, *, token: str | None) -> int:
    """The HTTP status of a GET made from the page (with ``token``, or without one)."""
    script = """async ([path, token]) => {
        const headers = token ? {Authorization: "Bearer " + token} : {};
        return (await fetch(path, {headers, cache: "no-store"})).status;
    }"""
    return int(page.evaluate(script, [path, token]))


def socket_answer(page: Page, path: str, token: str) -> Any:
    """The first message a live socket sends after the hello with ``token``."""
    script = """([path, token]) => new Promise((resolve) => {
        const ws = new WebSocket("ws://" + location.host + path);
        ws.onopen = () => ws.send(JSON.stringify({token, lang: "en", after: -1}));
        ws.onmessage = (event) => { resolve(JSON.parse(event.data)); ws.close(); };
        ws.onclose = () => resolve(null);
    })"""
    return page.evaluate(script, [path, token])


def save_screenshot(page: Page, tmp_path: Path, name: str) -> Path:
    """A PNG of the whole page in ``tmp_path``, copied into ``$CARDGAMES_SCREENSHOTS`` if set."""
    shot = tmp_path / name
    page.screenshot(path=str(shot), full_page=True)
    assert shot.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    assert shot.stat().st_size > 10_000  # a page, not a blank
    target = os.environ.get(SCREENSHOTS)
    if target:
        Path(target).mkdir(parents=True, exist_ok=True)
        shutil.copyfile(shot, Path(target) / name)
    return shot


def assert_no_horizontal_scroll(page: Page) -> None:
    width = page.evaluate("() => document.scrollingElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width} px wide on a 390 px screen"


def deal_from_home_page(
    page: Page, base_url: str, game: str, preset: str | None = None
) -> list[str]:
    """Deal a table on the home page: 2 people and a heuristic bot, 2 rounds; the 2 links."""
    page.goto(base_url + "/")
    page.wait_for_function("() => document.querySelectorAll('#preset option').length > 0")
    page.select_option("#game", game)
    if preset is not None:
        page.select_option("#preset", preset)
    page.fill("#rounds", "2")
    names = page.locator("#seats .seat-name")
    kinds = page.locator("#seats .seat-kind")
    assert names.count() == 3
    for index, (name, kind) in enumerate([("Ana", ""), ("Bob", ""), ("Robot", "heuristic")]):
        names.nth(index).fill(name)
        kinds.nth(index).select_option(kind)
    page.click("#create")
    page.wait_for_selector("#links:not([hidden])")
    links = page.locator("#link-list a")
    assert links.count() == 2  # two people, one bot
    urls = [str(links.nth(i).get_attribute("href")) for i in range(2)]
    for url in urls:
        assert re.fullmatch(r"/table/[\w-]+#token=[\w-]{20,}", url), url
    return urls


def deal_in_a_context_of_its_own(browser: Browser, base_url: str, game: str) -> list[str]:
    """`deal_from_home_page` in a browser context closed afterwards: the seats' 2 links."""
    home = browser.new_context(viewport=DESKTOP)
    try:
        return deal_from_home_page(home.new_page(), base_url, game)
    finally:
        home.close()


def open_seat(context: BrowserContext, base_url: str, url: str, errors: list[str]) -> Page:
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    # The server's Content-Security-Policy (no inline script or style) must never bite.
    page.on(
        "console",
        lambda message: (
            errors.append(message.text)
            if message.type == "error" and "Content Security Policy" in message.text
            else None
        ),
    )
    page.goto(base_url + url)
    page.wait_for_function("() => document.body.dataset.moves !== undefined")
    assert "#token=" not in page.url  # the token left the address bar for localStorage
    return page


def token_of(page: Page, table: str) -> str:
    return str(page.evaluate("(table) => localStorage.getItem('cardgames-token:' + table)", table))


def controls(page: Page) -> list[dict[str, Any]]:
    """What the page offers now: clickable cards and move buttons, with their keys."""
    script = """() => Array.from(document.querySelectorAll(
            "#hand .card.playable, #drawn .card.playable, #moves button.move"))
        .map((node, index) => ({index, key: node.dataset.key || "", kind: node.dataset.kind || "",
                                card: node.matches(".card") }))"""
    return list(page.evaluate(script))


def choose(options: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """A move the way a hurried player picks one: a card if there is one, else a button."""
    cards = [o for o in options if o["card"]]
    lays = [o for o in options if o["kind"] == "lay"]
    if lays and rng.random() < 0.8:
        return rng.choice(lays)
    if cards and rng.random() < 0.9:
        return rng.choice(cards)
    return rng.choice(options)


def check_picker(page: Page) -> int:
    """The open picker's choices (0 if none is open), checked: a wild card's picker has one
    button per suit it may name, a designating move's one button per player."""
    picks = page.evaluate(
        """() => document.getElementById("picker").hidden ? [] : Array.from(
            document.querySelectorAll("#picker button.pick:not(.cancel)"),
            (b) => ({suit: b.dataset.suit || "", target: b.dataset.target || "",
                     text: b.textContent}))"""
    )
    suits = [p["suit"] for p in picks]
    targets = [p["target"] for p in picks]
    if any(suits):
        assert all(suits), suits
        assert len(set(suits)) == len(suits) <= 4, suits
        PICKERS["suit"] += 1
    elif any(targets):
        assert all(targets), targets
        assert len(set(targets)) == len(targets), targets
        assert all(re.search(r"Ana|Bob|Robot", p["text"]) for p in picks), picks
        PICKERS["target"] += 1
    elif picks:
        PICKERS["other"] += 1
    return len(picks)


def act(page: Page, rng: random.Random) -> bool:
    """Make one move on the page if it offers one: click (or press the key of) a control, then
    pick in the picker if one opens. Whether a move was made.

    Another player's move may change the page between reading it and clicking (a call-out
    offered out of turn goes away): a control or picker that is gone by then is no move, as for
    a person; a page that never moves again fails `play_round`'s deadline."""
    state = dataset(page)
    if state.get("state") not in ("your-turn", "out-of-turn") or state.get("busy") == "true":
        return False
    options = controls(page)
    if not options:
        return False
    before = (state.get("version", ""), state.get("moves"), state.get("round"))
    chosen = choose(options, rng)
    phase = page.get_attribute("#phase", "data-phase") if page.locator("#phase").count() else None
    if phase:
        PHASES[phase] = PHASES.get(phase, 0) + 1
    selector = "#hand .card.playable, #drawn .card.playable, #moves button.move"
    try:
        if chosen["key"] and rng.random() < 0.3:
            page.keyboard.press(chosen["key"])
        else:
            page.locator(selector).nth(chosen["index"]).click(timeout=1000)
        count = check_picker(page)
        if count and rng.random() < 0.3:
            page.keyboard.press("1")
        elif count:
            page.locator("#picker button.pick:not(.cancel)").nth(rng.randrange(count)).click(
                timeout=1000
            )
        page.wait_for_function(
            """(before) => {
                const d = document.body.dataset;
                const now = [d.version || "", d.moves, d.round].join();
                return d.busy !== "true"
                    && (now !== before.join() || !document.getElementById("message").hidden);
            }""",
            arg=list(before),
            timeout=3000,
        )
    except PlaywrightTimeoutError:
        page.keyboard.press("Escape")  # a picker left open by a move that went away
        return False
    message = page.locator("#message")
    if message.is_visible():
        # The only refusal a page may meet: the table moved on (a bot, the other person).
        assert re.search(r"moved on|a avancé", message.inner_text()), message.inner_text()
    return True


def play_round(pages: list[Page], rng: random.Random, *, on_move: Any = None) -> int:
    """Both pages play until the round is over; the number of moves they made."""
    made = 0
    deadline = time.monotonic() + ROUND_SECONDS
    while True:
        states = [dataset(page).get("state") for page in pages]
        if all(s in ("round-over", "match-over") for s in states):
            return made
        assert time.monotonic() < deadline, f"the round did not end; pages: {states}"
        acted = False
        for page in pages:
            if act(page, rng):
                made += 1
                acted = True
                if on_move is not None:
                    on_move(made)
        if not acted:
            pages[0].wait_for_timeout(30)


def check_other_seat_refused(page: Page, table: str, other_token: str, base_url: str) -> None:
    """Seat 0's page asks for seat 1's view every way it can think of, and is refused."""
    token = token_of(page, table)
    assert token
    assert token != other_token
    view = f"/api/tables/{table}/view"
    assert fetch_status(page, view + "?seat=1", token=token) == 403
    assert fetch_status(page, view + "?seat=1", token=None) == 401
    assert fetch_status(page, view, token=None) == 401
    assert fetch_status(page, view, token="not-a-token-of-this-table") == 401
    assert fetch_status(page, f"/api/tables/{table}/moves", token="guess") == 401
    assert fetch_status(page, view, token=token) == 200
    answer = socket_answer(page, f"/api/tables/{table}/live", "not-a-token-of-this-table")
    assert answer is None or answer.get("type") == "error", answer
    # The page's storage holds its own token only (each context is a separate profile).
    keys = page.evaluate("() => Object.keys(localStorage)")
    assert [key for key in keys if key.startswith("cardgames-token:")] == [
        f"cardgames-token:{table}"
    ]


# Reads, from a page, its seat's own view (with its own token) and what the page shows, at one
# version of the table (else null: the page changed meanwhile).
_SHOWN_AND_OWN = """async () => {
    const table = location.pathname.split("/").pop();
    const token = localStorage.getItem("cardgames-token:" + table);
    const version = document.body.dataset.version;
    const answer = await fetch("/api/tables/" + table + "/view",
                               {headers: {Authorization: "Bearer " + token}, cache: "no-store"});
    const view = (await answer.json()).data;
    if (document.body.dataset.version !== version
        || Number(document.body.dataset.moves) !== view.moves_played) return null;
    const cards = (selector) => Array.from(document.querySelectorAll(selector),
                                           (c) => [c.dataset.card, Number(c.dataset.count || 1)]);
    return {view, hand: cards("#hand .card"), drawn: cards("#drawn .card.planet.drawn"),
            loose: Array.from(document.querySelectorAll("[data-card]"))
                .filter((c) => !c.closest("#top, #hand")).map((c) => c.dataset.card)};
}"""


def check_hands_hidden(pages: list[Page], game: str) -> None:
    """Each page shows its own seat's hand and nothing of the other's: for the shedding games no
    card but the hand's and the pile's; for "8" (planets repeat, 12 of each) the hand of the
    seat's view and, on the pages of all but the Commander, the drawn cards face down."""
    for page in pages:
        for _ in range(50):
            seen = page.evaluate(_SHOWN_AND_OWN)
            if seen is not None:
                break
            page.wait_for_timeout(50)
        assert seen is not None, "the page never settled"
        view = seen["view"]
        shown = [card for card, count in seen["hand"] for _ in range(count)]
        assert shown == view["hand"]
        if game == "planets":
            if view["commander"] != view["viewer"]:
                assert not seen["drawn"], f"another's drawn cards shown face up: {seen['drawn']}"
        else:
            assert not seen["loose"], f"cards shown outside the hand and the pile: {seen['loose']}"


def check_live_update(
    pages: list[Page], contexts: list[BrowserContext], rng: random.Random
) -> None:
    """With its polling cut off, page B sees page A's move through the socket within 1 s."""
    for page in pages:
        page.wait_for_function("() => document.body.dataset.transport === 'live'", timeout=5000)
    blocked: list[str] = []

    def block(route: Any) -> None:
        blocked.append(route.request.url)
        route.abort()

    for _ in range(400):
        actor = next((p for p in pages if dataset(p).get("state") == "your-turn"), None)
        if actor is not None:
            break
        pages[0].wait_for_timeout(25)
    assert actor is not None, "nobody's turn"
    watcher_index = 1 - pages.index(actor)
    watcher = pages[watcher_index]
    pattern = re.compile(r"/api/tables/[^/]+(/(view|events|moves))?(\?.*)?$")
    contexts[watcher_index].route(pattern, block)
    try:
        probe = f"/api/tables/{watcher.url.split('/table/')[1].split('#')[0]}/events"
        assert (
            watcher.evaluate("(path) => fetch(path).then(() => 'answered', () => 'blocked')", probe)
            == "blocked"
        )
        blocked.clear()
        before = dataset(watcher).get("version")
        started = time.monotonic()
        assert act(actor, rng)
        watcher.wait_for_function(
            "(before) => document.body.dataset.version !== before", arg=before, timeout=1000
        )
        assert time.monotonic() - started < 1.5
        assert dataset(watcher)["transport"] == "live"
    finally:
        contexts[watcher_index].unroute(pattern, block)
    assert not blocked, f"the watching page polled: {blocked}"


def check_round_end(pages: list[Page], game: str) -> None:
    for page in pages:
        page.wait_for_selector("#round-end:not([hidden])")
        assert page.locator("#reveal .reveal-list li").count() == 3
        rows = page.locator("#points table.points tbody tr")
        assert rows.count() == 3
        for i in range(3):
            cells = rows.nth(i).locator("td")
            assert cells.count() == 2  # round 1 and the total
            assert re.fullmatch(r"-?\d+", cells.first.inner_text().strip())
        assert page.locator("#next-round").is_visible()
    if game != "planets":
        # The reveal on Ana's page shows Bob's hand as Bob's page shows it.
        bob_hand = pages[1].evaluate(
            "() => Array.from(document.querySelectorAll('#hand .card'), c => c.dataset.card)"
        )
        revealed = pages[0].evaluate(
            """() => Array.from(document.querySelectorAll(
                '#reveal .reveal-list li[data-seat="1"] [data-card]'), c => c.dataset.card)"""
        )
        assert revealed == bob_hand


@pytest.mark.parametrize("game", list(GAMES))
def test_two_people_and_a_bot_play_a_round_in_their_browsers(
    base_url: str, browser: Browser, tmp_path: Path, game: str
) -> None:
    rng = random.Random(f"web-{game}")
    errors: list[str] = []
    home = browser.new_context(viewport=DESKTOP)
    try:
        home_page = home.new_page()
        urls = deal_from_home_page(home_page, base_url, game, GAMES[game])
        if game == "planets":
            save_screenshot(home_page, tmp_path, "web-table-home.png")
    finally:
        home.close()
    table = urls[0].split("/table/")[1].split("#")[0]
    contexts = [browser.new_context(viewport=DESKTOP) for _ in range(2)]
    phone = browser.new_context(viewport=PHONE)
    try:
        pages = [open_seat(c, base_url, url, errors) for c, url in zip(contexts, urls, strict=True)]
        for seat, page in enumerate(pages):
            assert f"(seat {seat})" in page.inner_text("#who")
            assert page.locator("#players .player").count() == 3
        other_token = token_of(pages[1], table)
        check_other_seat_refused(pages[0], table, other_token, base_url)
        check_hands_hidden(pages, game)

        # Bob reads the table in French: the server narrates his log and labels in French.
        deal = "#log li[data-seq='0']"
        english = pages[1].inner_text(deal)
        pages[1].click("#lang button[data-lang='fr']")
        pages[1].wait_for_function("() => document.documentElement.lang === 'fr'")
        pages[1].wait_for_function(
            "([deal, english]) => { const li = document.querySelector(deal);"
            " return li !== null && li.innerText !== english; }",
            arg=[deal, english],
        )
        french = pages[1].inner_text(deal)
        assert re.search(r"retourne|[Tt]our 1|pioche", french), (english, french)
        assert pages[1].inner_text("#players-title").casefold() == "joueurs"

        check_live_update(pages, contexts, rng)

        shots = {"phone": False, "desktop": False}

        def during(moves: int) -> None:
            # Mid-round: the hands are still hidden, a phone shows the table without scrolling
            # sideways; the desktop picture is Ana's page (in English) at her turn.
            if moves >= 6 and not shots["phone"]:
                shots["phone"] = True
                check_hands_hidden(pages, game)
                mobile = open_seat(phone, base_url, urls[0], errors)
                assert_no_horizontal_scroll(mobile)
                save_screenshot(mobile, tmp_path, f"web-table-{game}-phone.png")
                mobile.close()
            if moves >= 6 and not shots["desktop"] and dataset(pages[0])["state"] == "your-turn":
                shots["desktop"] = True
                save_screenshot(pages[0], tmp_path, f"web-table-{game}.png")

        made = play_round(pages, rng, on_move=during)
        assert made >= 6
        assert shots["phone"]
        if not shots["desktop"]:  # Ana never had a turn after the sixth move: the end, then
            save_screenshot(pages[0], tmp_path, f"web-table-{game}.png")
        check_round_end(pages, game)
        assert re.search(r"manche", pages[1].inner_text("#round-end"), re.IGNORECASE)

        # The end of the round on a phone: the points table scrolls in its box, not the page.
        mobile = open_seat(phone, base_url, urls[0], errors)
        mobile.wait_for_selector("#round-end:not([hidden])")
        assert_no_horizontal_scroll(mobile)
        mobile.screenshot(path=str(tmp_path / f"round-end-{game}-phone.png"), full_page=True)
        mobile.close()

        # "Next round" on Ana's page (with the N key) deals round 2; Bob's page keeps round 1's
        # end, saying that round 2 has begun, until Bob presses N too.
        pages[0].keyboard.press("n")
        pages[0].wait_for_function("() => document.body.dataset.round === '2'", timeout=5000)
        pages[1].wait_for_selector("#next-started", timeout=5000)
        assert dataset(pages[1])["round"] == "1"
        pages[1].keyboard.press("n")
        for page in pages:
            page.wait_for_function("() => document.body.dataset.round === '2'", timeout=5000)
            page.wait_for_selector("#round-end[hidden]", state="attached")
            assert dataset(page)["state"] in ("your-turn", "out-of-turn", "waiting")
            # The log is round 2's: from its deal (move 0) to the move the page shows.
            seqs = page.evaluate(
                "() => Array.from(document.querySelectorAll('#log li'),"
                " (li) => Number(li.dataset.seq))"
            )
            assert min(seqs) == 0
            assert max(seqs) <= int(dataset(page)["moves"])
        if game == "crazy-eights":
            # The match has two rounds: after the second, no next round, the match's winners.
            made += play_round(pages, rng)
            for page in pages:
                page.wait_for_function("() => document.body.dataset.state === 'match-over'")
                assert page.locator("#next-round").is_hidden()
                winners = page.inner_text("#match-winners")
                assert re.search(r"(Winner|Vainqueur).*(Ana|Bob|Robot)", winners), winners
                assert page.locator("#points table.points tbody tr td").count() == 9
                assert page.locator("#points tr.winner").count() >= 1
        if game == "planets":
            # Every turn has the Commander's keep and give and a gathering decision.
            assert {"keep", "give", "gather"} <= set(PHASES), PHASES
        print(f"{game}: {made} moves by the pages; pickers: {PICKERS}; phases: {PHASES}")
        assert not errors, errors
    finally:
        for context in (*contexts, phone):
            context.close()


def test_when_the_socket_drops_the_page_polls_then_reconnects(
    base_url: str, browser: Browser
) -> None:
    """No socket: the page polls every 2 s and still follows the table; then, when sockets
    work again, it reconnects by itself (after a backoff) and stops polling."""
    rng = random.Random("web-socket-drop")
    errors: list[str] = []
    urls = deal_in_a_context_of_its_own(browser, base_url, "crazy-eights")
    contexts = [browser.new_context(viewport=DESKTOP) for _ in range(2)]
    refuse = {"on": True, "tries": 0}

    def live_socket(ws: Any) -> None:
        refuse["tries"] += 1
        if refuse["on"]:
            ws.close()
        else:
            ws.connect_to_server()

    try:
        contexts[1].route_web_socket(re.compile(r"/api/tables/[^/]+/live$"), live_socket)
        pages = [open_seat(c, base_url, url, errors) for c, url in zip(contexts, urls, strict=True)]
        watcher = pages[1]
        watcher.wait_for_function("() => document.body.dataset.transport === 'polling'")
        watcher.wait_for_function("() => Number(document.body.dataset.polls || 0) >= 1")
        # A move on the other page reaches this one by polling, within a period or two.
        for _ in range(200):
            actor = next((p for p in pages if dataset(p).get("state") == "your-turn"), None)
            if actor is not None:
                break
            pages[0].wait_for_timeout(25)
        assert actor is not None
        other = pages[1 - pages.index(actor)]
        before = dataset(other)["version"]
        assert act(actor, rng)
        other.wait_for_function(
            "(before) => document.body.dataset.version !== before", arg=before, timeout=5000
        )
        # The tries so far came after growing delays; now the socket works again.
        tries = refuse["tries"]
        assert tries >= 1
        refuse["on"] = False
        watcher.wait_for_function(
            "() => document.body.dataset.transport === 'live'", timeout=12_000
        )
        polls = dataset(watcher).get("polls")
        watcher.wait_for_timeout(2500)
        assert dataset(watcher).get("polls") == polls  # no polling while live
        assert not errors, errors
    finally:
        for context in contexts:
            context.close()


# Holds the page's request for the table (``/api/tables/ID``, no more) until the socket is
# live, and records every request made after that: what a loaded machine does by chance.
_HOLD_TABLE_REQUEST_UNTIL_LIVE = """() => {
    const realFetch = window.fetch.bind(window);
    window.__afterLive = [];
    window.__tableAnswered = false;
    const live = () => new Promise((resolve) => {
        const check = () => document.body.dataset.transport === "live"
            ? resolve() : setTimeout(check, 5);
        check();
    });
    window.fetch = async (url, init) => {
        const path = String(url);
        if (document.body.dataset.transport === "live") window.__afterLive.push(path);
        if (/^\\/api\\/tables\\/[^/?]+$/.test(path)) {
            await live();
            const answer = await realFetch(url, init);
            window.__tableAnswered = true;
            return answer;
        }
        return realFetch(url, init);
    };
}"""


def test_a_language_switch_answered_by_the_socket_first_fetches_nothing_more(
    base_url: str, browser: Browser
) -> None:
    """A language switch reconnects the socket and asks for the table by HTTP; when the
    socket's first update comes before the table's answer (CI's load made it so), the page
    takes the update and asks for nothing more: no events, view or moves requests (which the
    live-update check of the round test counts as polling)."""
    errors: list[str] = []
    urls = deal_in_a_context_of_its_own(browser, base_url, "crazy-eights")
    context = browser.new_context(viewport=DESKTOP)
    try:
        page = open_seat(context, base_url, urls[0], errors)
        page.wait_for_function("() => document.body.dataset.transport === 'live'", timeout=5000)
        deal = "#log li[data-seq='0']"
        english = page.inner_text(deal)
        page.evaluate(_HOLD_TABLE_REQUEST_UNTIL_LIVE)
        page.click("#lang button[data-lang='fr']")
        page.wait_for_function("() => window.__tableAnswered === true", timeout=5000)
        page.wait_for_timeout(300)  # what the old page sent next would have gone by now
        after = page.evaluate("() => window.__afterLive")
        assert [path for path in after if re.search(r"/(events|view|moves)\b", path)] == [], after
        # The socket's update brought the log and the labels in French.
        page.wait_for_function(
            "([deal, english]) => { const li = document.querySelector(deal);"
            " return li !== null && li.innerText !== english; }",
            arg=[deal, english],
            timeout=5000,
        )
        assert page.inner_text("#players-title").casefold() == "joueurs"
        assert dataset(page)["transport"] == "live"
        assert not errors, errors
    finally:
        context.close()


def test_the_home_page_speaks_french_and_the_tables_follow_its_choice(
    base_url: str, browser: Browser
) -> None:
    """A French browser gets the home page in French; the EN / FR buttons switch it (the seats'
    labels too) and the choice carries over to the table page opened from its link."""
    errors: list[str] = []
    context = browser.new_context(viewport=DESKTOP, locale="fr-FR")
    try:
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(base_url + "/")
        page.wait_for_function("() => document.querySelectorAll('#seats .seat-kind').length > 0")
        assert page.evaluate("() => document.documentElement.lang") == "fr"
        assert page.title() == "Nouvelle table de jeu"
        assert page.inner_text("h1") == "Nouvelle table de jeu"
        assert page.inner_text("#create") == "Distribuer"
        assert page.get_attribute("#rounds", "placeholder") == "celles des règles"
        kinds = page.locator("#seats .seat-kind")
        assert kinds.nth(2).input_value() == "heuristic"
        labels = kinds.nth(0).locator("option").all_inner_texts()
        assert labels[0] == "une personne"
        assert "robot heuristique" in labels
        assert "robot difficile" in labels
        assert page.locator("#seats .seat-name").nth(0).input_value() == "Joueur 1"
        assert page.inner_text("#seat-bounds") == "(de 2 à 7)"  # Crazy Eights, the first game
        page.click("#lang button[data-lang='en']")
        assert page.inner_text("h1") == "New card table"
        assert page.evaluate("() => document.documentElement.lang") == "en"
        assert "heuristic bot" in kinds.nth(0).locator("option").all_inner_texts()
        assert page.inner_text(".remove-seat >> nth=0") == "Remove"
        page.click("#lang button[data-lang='fr']")
        assert page.inner_text(".remove-seat >> nth=0") == "Retirer"
        # Deal from the French page; the table opened from the link is French too.
        names = page.locator("#seats .seat-name")
        names.nth(0).fill("Léa")
        names.nth(1).fill("Tom")
        page.click("#create")
        page.wait_for_selector("#links:not([hidden])")
        assert page.text_content("#links h2") == "Envoyez à chaque joueur son propre lien"
        url = str(page.locator("#link-list a").nth(0).get_attribute("href"))
        table = open_seat(context, base_url, url, errors)
        assert table.evaluate("() => document.documentElement.lang") == "fr"
        assert table.text_content("#players-title") == "Joueurs"
        assert not errors, errors
    finally:
        context.close()


# -- a real evening: reopening, copying links, one round's end per person, dead links ---------


def api(base_url: str, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
    """One request to the API from the test itself (not a page): its JSON answer."""
    headers = {"Content-Type": "application/json"}
    if token is not None:
        headers["Authorization"] = "Bearer " + token
    data = None if body is None else json.dumps(body).encode("utf-8")
    request = urllib.request.Request(base_url + path, data=data, method=method, headers=headers)
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def deal_by_api(base_url: str, game: str = "crazy-eights", rounds: int = 2) -> dict[str, Any]:
    """A table of two people (Ana, Bob) and a heuristic bot, as the API answers its creation."""
    seats = [{"name": "Ana"}, {"name": "Bob"}, {"name": "Robot", "bot": "heuristic"}]
    return dict(
        api(base_url, "POST", "/api/tables", {"game": game, "seats": seats, "rounds": rounds})
    )


def finish_round_by_api(base_url: str, created: dict[str, Any]) -> None:
    """The people play their first legal move until the round is over (the bot answers)."""
    table = "/api/tables/" + created["table"]
    tokens = [seat["token"] for seat in created["seats"] if seat["token"]]
    for _ in range(3000):
        if api(base_url, "GET", table, token=tokens[0])["status"] != "playing":
            return
        for token in tokens:
            moves = api(base_url, "GET", table + "/moves", token=token)["moves"]
            if moves:
                with contextlib.suppress(urllib.error.HTTPError):  # a bot's move came first
                    api(base_url, "POST", table + "/moves", {"move": moves[0]["notation"]}, token)
    raise AssertionError("the round did not end")


def test_a_browser_keeps_its_seat_when_the_table_is_opened_again(
    base_url: str, browser: Browser
) -> None:
    """The address bar, a bookmark or a new tab of the browser that opened a seat open it again;
    another browser gets no seat; "copy my link" gives the seat's link back."""
    created = deal_by_api(base_url)
    table, link = created["table"], str(created["seats"][0]["url"])
    errors: list[str] = []
    context = browser.new_context(viewport=DESKTOP)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url)
    stranger = browser.new_context(viewport=DESKTOP)
    try:
        first = open_seat(context, base_url, link, errors)
        first.close()
        again = context.new_page()  # a new tab, the bare address (no #token=)
        again.on("pageerror", lambda error: errors.append(str(error)))
        again.goto(f"{base_url}/table/{table}")
        again.wait_for_function("() => document.body.dataset.moves !== undefined")
        assert dataset(again)["state"] != "error"
        assert "Ana" in again.inner_text("#who")
        again.reload()
        again.wait_for_function("() => document.body.dataset.moves !== undefined")
        assert "Ana" in again.inner_text("#who")
        again.click("#copy-link")
        again.wait_for_function("() => document.getElementById('copy-link').dataset.copied")
        assert again.evaluate("() => navigator.clipboard.readText()") == base_url + link
        # Another browser (another profile) has no seat at this table.
        other = stranger.new_page()
        other.goto(f"{base_url}/table/{table}")
        other.wait_for_function("() => document.body.dataset.state === 'error'")
        assert "your own link" in other.inner_text("#status")
        assert not errors, errors
    finally:
        context.close()
        stranger.close()


def test_one_player_s_next_round_leaves_the_others_round_end_on_their_pages(
    base_url: str, browser: Browser
) -> None:
    """Ana starts round 2; Bob's page keeps round 1's reveal, points and log until he goes on."""
    created = deal_by_api(base_url)
    errors: list[str] = []
    contexts = [browser.new_context(viewport=DESKTOP) for _ in range(2)]
    try:
        ana, bob = (
            open_seat(c, base_url, str(seat["url"]), errors)
            for c, seat in zip(contexts, created["seats"][:2], strict=True)
        )
        for page in (ana, bob):
            page.wait_for_function("() => document.body.dataset.transport === 'live'")
        finish_round_by_api(base_url, created)
        for page in (ana, bob):
            page.wait_for_function("() => document.body.dataset.state === 'round-over'")
        log = bob.locator("#log li").all_inner_texts()
        reveal = bob.locator("#reveal .reveal-list li").all_inner_texts()
        assert log
        assert len(reveal) == 3
        ana.click("#next-round")
        ana.wait_for_function("() => document.body.dataset.round === '2'")
        assert ana.locator("#round-end").is_hidden()
        # Bob's page hears of round 2 and says so, but keeps showing round 1's end.
        bob.wait_for_selector("#next-started")
        assert "Round 2 has begun" in bob.inner_text("#next-started")
        assert dataset(bob)["round"] == "1"
        assert dataset(bob)["state"] == "round-over"
        assert bob.locator("#log li").all_inner_texts() == log
        assert bob.locator("#reveal .reveal-list li").all_inner_texts() == reveal
        assert bob.locator("#points table.points tbody tr").count() == 3
        bob.click("#next-round")
        bob.wait_for_function("() => document.body.dataset.round === '2'")
        bob.wait_for_function("() => document.body.dataset.state !== 'round-over'")
        assert bob.locator("#round-end").is_hidden()
        assert bob.locator("#log li").all_inner_texts() != log
        assert not errors, errors
    finally:
        for context in contexts:
            context.close()


@pytest.mark.parametrize("path", ["/table/NoSuchTable", "/tabel/typo"])
def test_a_dead_or_mistyped_link_shows_a_page_with_a_way_home(
    base_url: str, browser: Browser, path: str
) -> None:
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        response = page.goto(base_url + path)
        assert response is not None
        assert response.status == 404
        assert page.locator("header h1").is_visible()  # the site's style sheet, not raw JSON
        assert page.evaluate("() => getComputedStyle(document.querySelector('header')).color") == (
            "rgb(255, 255, 255)"
        )
        assert_no_horizontal_scroll(page)
        page.click("#home")
        page.wait_for_selector("#new-table")
        assert page.url == base_url + "/"
    finally:
        context.close()


def test_an_ended_table_s_link_shows_a_page_with_a_way_home(
    base_url: str, browser: Browser
) -> None:
    created = deal_by_api(base_url, rounds=1)
    finish_round_by_api(base_url, created)
    context = browser.new_context(viewport=DESKTOP)
    try:
        page = context.new_page()
        page.goto(base_url + "/")
        # The table is deleted as an expired one is (the store's own call).
        from cardgames.web import Store

        store = Store.open(_database_url)
        try:
            store.delete([created["table"]])
        finally:
            store.close()
        response = page.goto(base_url + str(created["seats"][0]["url"]))
        assert response is not None
        assert response.status == 404
        assert "its match ended" in page.inner_text("main")
        assert page.locator("#home").get_attribute("href") == "/"
    finally:
        context.close()


_PLACEHOLDER_FITS = """() => {
    const input = document.getElementById("rounds");
    const style = getComputedStyle(input);
    const context = document.createElement("canvas").getContext("2d");
    context.font = style.font;
    const text = context.measureText(input.placeholder).width;
    const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
    const inside = input.clientWidth - padding;
    return [text, inside];
}"""


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE])
def test_the_home_page_s_rounds_field_is_readable_and_its_links_copy(
    base_url: str, browser: Browser, viewport: ViewportSize
) -> None:
    errors: list[str] = []
    context = browser.new_context(viewport=viewport)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url)
    try:
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(base_url + "/")
        page.wait_for_function("() => document.querySelectorAll('#preset option').length > 0")
        for lang in ("en", "fr"):
            page.click(f"#lang button[data-lang='{lang}']")
            text, inside = page.evaluate(_PLACEHOLDER_FITS)
            # The placeholder and the number input's spin buttons (about 15 px) fit.
            assert text + 20 <= inside, (lang, text, inside)
        page.click("#lang button[data-lang='en']")
        names = page.locator("#seats .seat-name")
        names.nth(0).fill("Ana")
        names.nth(1).fill("Bob")
        page.click("#create")
        page.wait_for_selector("#links:not([hidden])")
        items = page.locator("#link-list li")
        assert items.count() == 2
        for i in range(2):
            link = items.nth(i).locator("a").inner_text()
            items.nth(i).locator("button.copy-link").click()
            assert page.evaluate("() => navigator.clipboard.readText()") == link
        if viewport == PHONE:
            assert_no_horizontal_scroll(page)
        assert not errors, errors
    finally:
        context.close()


def test_a_game_without_a_page_of_its_own_is_played_on_the_generic_page(
    base_url: str, browser: Browser, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The generic page lists the view's fields and one button per legal move, and plays."""
    from cardgames.web import tables

    monkeypatch.delitem(tables.PAGES, "planets")
    created = deal_by_api(base_url, game="planets", rounds=1)
    errors: list[str] = []
    context = browser.new_context(viewport=PHONE)
    try:
        page = open_seat(context, base_url, str(created["seats"][0]["url"]), errors)
        assert page.evaluate("() => document.body.className") == "generic"
        assert page.locator("#facts dd[data-field]").count() > 0
        for _ in range(40):  # a few moves, by clicking what the page offers
            if dataset(page).get("state") in ("round-over", "match-over"):
                break
            if dataset(page).get("state") != "your-turn":
                other = created["seats"][1]
                moves = api(
                    base_url, "GET", f"/api/tables/{created['table']}/moves", token=other["token"]
                )["moves"]
                if moves:
                    with contextlib.suppress(urllib.error.HTTPError):
                        api(
                            base_url,
                            "POST",
                            f"/api/tables/{created['table']}/moves",
                            {"move": moves[0]["notation"]},
                            other["token"],
                        )
                time.sleep(0.2)
                continue
            before = int(dataset(page)["moves"])
            buttons = page.locator("#moves button.move")
            assert buttons.count() > 0
            buttons.first.click()
            page.wait_for_function(f"() => Number(document.body.dataset.moves) > {before}")
        assert int(dataset(page)["moves"]) > 0
        assert_no_horizontal_scroll(page)
        assert not errors, errors
    finally:
        context.close()
