"""The web table end to end: the real server, two people in headless Chromium, one bot.

The server runs as ``python examples/web_table/server.py --port 0`` (any free port on
127.0.0.1). Debian's Chromium (``/usr/bin/chromium``) is driven by Playwright, which never
downloads a browser here. Two browser contexts (two separate profiles: nothing shared, not even
sessionStorage) open the two people's links, and each plays a few moves by clicking the move
buttons; then one of them asks, from its page, for the other's view and moves with its own
token, and without a token, and is refused. Screenshots of a table page and of the home page
are saved in the test's temporary directory; with ``CARDGAMES_SCREENSHOTS=DIR`` they are also
copied into ``DIR`` as ``web-table-play.png`` and ``web-table-home.png``: the documentation's
pictures are refreshed with ::

    CARDGAMES_SCREENSHOTS=docs/images python -m pytest --no-cov tests/test_web_table_browser.py

Skipped when ``/usr/bin/chromium`` is absent (``apt-get install chromium``) or the test extra
(Playwright, the web extra) is not installed.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
SERVER = Path(__file__).resolve().parent.parent / "examples" / "web_table" / "server.py"
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
MOVES_EACH = 3
# Where CARDGAMES_SCREENSHOTS asks for copies of the screenshots (the docs use docs/images).
SCREENSHOTS = "CARDGAMES_SCREENSHOTS"

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="/usr/bin/chromium is not installed (apt-get install chromium)"
)
pytest.importorskip("starlette", reason="the web extra is not installed: pip install -e '.[web]'")
pytest.importorskip("playwright", reason="Playwright is not installed (the test extra)")

from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402 - after importorskip


@pytest.fixture(scope="module")
def server() -> Iterator[dict[str, Any]]:
    """The real server with one table (2 people, 1 heuristic bot); its base URL and links."""
    command = [
        sys.executable,
        str(SERVER),
        "--host",
        "127.0.0.1",
        "--port",
        "0",
        "--humans",
        "2",
        "--bots",
        "1",
        "--bot-delay",
        "0",
    ]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, encoding="utf-8"
    )
    try:
        assert process.stdout is not None
        banner = process.stdout.readline()
        links = [process.stdout.readline().strip() for _ in range(2)]
        match = re.search(r"at (http://127\.0\.0\.1:\d+)/", banner)
        assert match, banner + "".join(links) + (process.stdout.read() if process.poll() else "")
        urls = [link.split(": ", 1)[1] for link in links]
        table_id = urls[0].split("/table/")[1].split("#")[0]
        yield {"base": match.group(1), "urls": urls, "table": table_id}
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:  # pragma: no cover - uvicorn stops on SIGTERM
            process.kill()
            process.wait()


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


# The page's Content-Security-Policy forbids eval: functions, never expression strings, are
# given to wait_for_function (Playwright evaluates those without eval).


def moves_played(page: Page) -> int:
    return int(page.evaluate("Number(document.body.dataset.moves || -1)"))


def fetch_status(page: Page, path: str, *, token: str | None, body: str | None = None) -> int:
    """The HTTP status of a request made from the page (with ``token``, or without one)."""
    script = """async ([path, token, body]) => {
        const headers = {"Content-Type": "application/json"};
        if (token) headers.Authorization = "Bearer " + token;
        const init = body === null ? {headers} : {method: "POST", headers, body};
        return (await fetch(path, init)).status;
    }"""
    return int(page.evaluate(script, [path, token, body]))


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


def test_two_people_play_from_their_browsers_and_cannot_see_each_other(
    server: dict[str, Any], browser: Browser, tmp_path: Path
) -> None:
    contexts = [browser.new_context(viewport={"width": 1200, "height": 640}) for _ in range(2)]
    try:
        pages = [context.new_page() for context in contexts]
        errors: list[str] = []
        for page in pages:
            page.on("pageerror", lambda error: errors.append(str(error)))
        for page, url in zip(pages, server["urls"], strict=True):
            page.goto(url)
        for seat, page in enumerate(pages):
            page.wait_for_function("() => document.body.dataset.moves !== undefined")
            assert "#token=" not in page.url  # the token left the address bar for sessionStorage
            assert f"(seat {seat})" in page.inner_text("#who")
            assert page.locator("#hand .card").count() == 7
            # Hand sizes of everyone, but only one's own cards.
            assert page.locator("#players .player").count() == 3

        played = [0, 0]
        deadline = time.monotonic() + 30
        while min(played) < MOVES_EACH:
            assert time.monotonic() < deadline, f"moves played: {played}"
            acted = False
            for seat, page in enumerate(pages):
                state = page.get_attribute("#status", "data-state")
                if state == "over":
                    pytest.fail(f"the round ended before each played {MOVES_EACH} moves")
                buttons = page.locator("button.move:enabled")
                if state == "your-turn" and buttons.count():
                    before = moves_played(page)
                    label = buttons.first.inner_text()
                    assert re.match(r"1\. (Play|Draw|Pass|Take)", label), label
                    buttons.first.click()
                    page.wait_for_function(
                        """(before) => Number(document.body.dataset.moves) > before
                            || !document.getElementById("message").hidden""",
                        arg=before,
                        timeout=10_000,
                    )
                    assert page.locator("#message").is_hidden(), page.inner_text("#message")
                    played[seat] += 1
                    acted = True
            if not acted:
                pages[0].wait_for_timeout(100)

        # Each page shows the library's narration of the moves (sent by the server for its
        # seat), its own as "you", and no move was refused.
        for page in pages:
            page.wait_for_function("() => document.querySelectorAll('#log li').length > 3")
            assert re.search(r"\b[Yy]ou (lay|draw|pass|take)\b", page.inner_text("#log"))
            assert page.locator("#message").is_hidden()

        # Seat 0 tries to read seat 1's hand and to move for it, from its own page.
        table = server["table"]
        token = str(pages[0].evaluate(f"sessionStorage.getItem('cardgames-token:{table}')"))
        other = str(pages[1].evaluate(f"sessionStorage.getItem('cardgames-token:{table}')"))
        assert token != other
        view_of_1 = f"/api/tables/{table}/view?seat=1"
        assert fetch_status(pages[0], view_of_1, token=token) == 403
        assert fetch_status(pages[0], view_of_1, token=None) == 401
        assert fetch_status(pages[0], f"/api/tables/{table}/view", token=None) == 401
        assert fetch_status(pages[0], f"/api/tables/{table}/view", token="guess") == 401
        assert fetch_status(pages[0], f"/api/tables/{table}/view", token=token) == 200
        move_for_1 = (
            '{"format": "cardgames.move", "version": 1, "game": "crazy-eights",'
            ' "data": {"type": "draw", "player": 1}}'
        )
        moves = f"/api/tables/{table}/moves"
        assert fetch_status(pages[0], moves, token=token, body=move_for_1) == 403
        # The second context never saw the first one's token: storage is per context.
        assert pages[1].evaluate("sessionStorage.length") == 1

        # The page of the person whose turn it is: their hand and their numbered moves (the
        # pages poll twice a second, so one of them shows its turn shortly, unless it is over).
        shown = pages[0]
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            turns = [
                page
                for page in pages
                if page.get_attribute("#status", "data-state") == "your-turn"
                and page.locator("button.move:enabled").count()
            ]
            if turns or pages[0].get_attribute("#status", "data-state") == "over":
                shown = turns[0] if turns else pages[0]
                break
            pages[0].wait_for_timeout(100)
        save_screenshot(shown, tmp_path, "web-table-play.png")
        assert not errors, errors
    finally:
        for context in contexts:
            context.close()


def test_the_home_page_deals_a_table_and_lists_one_link_per_person(
    server: dict[str, Any], browser: Browser, tmp_path: Path
) -> None:
    context = browser.new_context(viewport={"width": 1200, "height": 640})
    try:
        page = context.new_page()
        page.goto(server["base"] + "/")
        page.wait_for_function("() => document.querySelectorAll('#preset option').length > 0")
        # The server deals at random; a seed can be chosen only by one person among bots.
        kinds = page.locator("#seats .seat-kind")
        assert page.locator("#seed").is_disabled()  # two people and a bot
        kinds.nth(1).select_option("random")
        assert page.locator("#seed").is_enabled()
        kinds.nth(1).select_option("")
        assert page.locator("#seed").is_disabled()
        chosen = (
            '{"seed": 7, "seats": [{"name": "A"}, {"name": "B"}, {"name": "C", "bot": "random"}]}'
        )
        assert fetch_status(page, "/api/tables", token=None, body=chosen) == 403
        page.select_option("#game", "huit-americain")
        page.select_option("#preset", "a-la-volee")
        page.click("#create")
        page.wait_for_selector("#links:not([hidden])")
        links = page.locator("#link-list a")
        assert links.count() == 2  # two people, one bot
        url = links.first.get_attribute("href")
        assert url is not None
        assert re.fullmatch(r"/table/[\w-]+#token=[\w-]{32}", url)
        save_screenshot(page, tmp_path, "web-table-home.png")
        page.goto(server["base"] + url)
        page.wait_for_function("() => document.body.dataset.moves !== undefined")
        assert "8 Américain" in page.inner_text("#title")
        assert "a-la-volee" in page.inner_text("#who")
        assert page.locator("#hand .card").count() == 8
    finally:
        context.close()
