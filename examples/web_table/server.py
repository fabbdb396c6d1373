"""Serve one game of Crazy Eights to one person against bots: the library behind a web page.

`cardgames serve` is the full web table (every game, matches, a database, live updates). This
example is the smallest honest server for people who build their own: one table in memory, one
secret token, and the library doing every rule. Run it, then open the printed link::

    python examples/web_table/server.py [--port 8000] [--players 3] [--lang fr]

What it shows:

- the game is a `GameLog` (an immutable history); a move is read by `State.parse_move` for the
  person's seat and applied by `GameLog.push`, which raises `IllegalMoveError` and changes
  nothing when the move is not legal;
- the page gets only the person's view (`State.view`), the events redacted for that seat and
  narrated for it (`narrate`), and its legal moves with menu labels (`describe_move`);
- the bots (`make_agent`) answer at once, from their own streams (`agent_rng`).
"""

from __future__ import annotations

import argparse
import json
import secrets
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from cardgames import IllegalMoveError, ParseError, find_game
from cardgames.agents import agent_rng, choose_move, make_agent
from cardgames.history import GameLog
from cardgames.narration import describe_move, narrate

PAGE = """<!doctype html><meta charset="utf-8"><title>Crazy Eights</title>
<h1>Crazy Eights</h1><pre id="view"></pre><div id="moves"></div><ol id="log"></ol>
<script src="/app.js"></script>"""

SCRIPT = """const token = new URLSearchParams(location.hash.slice(1)).get("token");
async function call(method, body) {
  const r = await fetch("/api/table", {method, body: body && JSON.stringify(body),
    headers: {"Authorization": "Bearer " + token, "Content-Type": "application/json"}});
  return r.json();
}
function show(t) {
  document.getElementById("view").textContent = JSON.stringify(t.view, null, 1);
  const moves = document.getElementById("moves");
  moves.replaceChildren(...t.moves.map(m => {
    const b = document.createElement("button");
    b.textContent = m.label;
    b.onclick = async () => show(await call("POST", {move: m.notation}));
    return b;
  }));
  document.getElementById("log").replaceChildren(...t.lines.map(line => {
    const li = document.createElement("li"); li.textContent = line; return li;
  }));
}
call("GET").then(show);"""


class Table:
    """One game: its history, the person's seat and token, and the bots."""

    def __init__(self, players: int, lang: str) -> None:
        self.game = find_game("crazy-eights")
        names = ["You"] + [f"Bot {i}" for i in range(1, players)]
        self.seed = secrets.randbits(64)  # secret: whoever knows it knows every hand
        self.log = GameLog.start(self.game, names, seed=self.seed)
        self.token = secrets.token_urlsafe(24)
        self.bots = {seat: make_agent("heuristic", self.game) for seat in range(1, players)}
        self.lang = lang
        self.play_bots()

    def play_bots(self) -> None:
        """The bots move until it is the person's turn or the game is over."""
        while not self.log.state.is_over and self.log.state.to_act[0] in self.bots:
            seat = self.log.state.to_act[0]
            rng = agent_rng(self.seed, seat).derive(len(self.log))
            move, _ = choose_move(self.bots[seat], self.log.state, rng)
            self.log = self.log.push(move)

    def answer(self) -> dict[str, Any]:
        """What seat 0 may know: its view, its narrated events, its labelled legal moves."""
        state, players = self.log.state, self.log.players
        lines = [
            line
            for past in self.log.states[-30:]
            for line in narrate(
                [e.redacted_for(0) for e in past.last_events],
                players,
                viewer=0,
                lang=self.lang,
                rules=state.rules,
            )
        ]
        moves = [
            {"notation": state.format_move(m), "label": describe_move(m, players, lang=self.lang)}
            for m in state.legal_moves(0)
        ]
        return {"view": json.loads(state.view(0).to_json()), "lines": lines, "moves": moves}


def create_app(table: Table) -> Starlette:
    """The page, its script and one JSON endpoint: GET the table, POST a move."""

    async def api(request: Request) -> Response:
        if request.headers.get("authorization", "") != f"Bearer {table.token}":
            return JSONResponse({"error": "invalid_token"}, status_code=401)
        if request.method == "POST":
            try:
                body = json.loads(await request.body())
                move = table.log.state.parse_move(str(body["move"]), 0)
                table.log = table.log.push(move)  # raises, changing nothing, if illegal
            except (ValueError, KeyError, TypeError, ParseError) as exc:
                return JSONResponse({"error": "bad_move", "message": str(exc)}, 400)
            except IllegalMoveError as exc:
                return JSONResponse({"error": "illegal_move", "reason": exc.reason}, 409)
            table.play_bots()
        return JSONResponse(table.answer())

    async def page(request: Request) -> Response:
        return HTMLResponse(PAGE)

    async def script(request: Request) -> Response:
        return Response(SCRIPT, media_type="text/javascript")

    routes = [
        Route("/", page),
        Route("/app.js", script),
        Route("/api/table", api, methods=["GET", "POST"]),
    ]
    return Starlette(routes=routes)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--players", type=int, choices=range(2, 8), default=3)
    parser.add_argument("--lang", choices=("en", "fr"), default="en")
    args = parser.parse_args(argv)
    table = Table(args.players, args.lang)
    print(f"open http://127.0.0.1:{args.port}/#token={table.token}", flush=True)
    uvicorn.run(create_app(table), host="127.0.0.1", port=args.port, log_level="warning")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
