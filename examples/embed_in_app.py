"""A chat bot that hosts card games: the library embedded in an application with sessions.

Run it::

    python examples/embed_in_app.py                      # Crazy Eights, Léa and Tom, seed 1
    python examples/embed_in_app.py --game "8 américain" --players Léa Tom Sam --seed 4
    python examples/embed_in_app.py --game planets --verbose   # every reply in full

`TableBot` answers chat messages (``new crazy eights: Léa, Tom``, ``play 8H name hearts``,
``draw``, ``2`` for the second listed move, ``show``, ``help``) the way a web or chat backend
would:

- **It keeps nothing in memory between two messages** but text: each table is its state's
  JSON document (``state.to_json()``) in a `SessionStore` (a dict here; a database row or a
  Redis key in production). Every message loads the state with ``GAME.state_from_json``, which
  checks the whole document, applies at most one move, and saves the new state. States are
  immutable values, so a failed move leaves nothing half-changed: the old document stays.
- **Each player gets their own reply**, built from their own view: ``state.view(seat)`` and
  its ``to_json()``, the payload a frontend renders. The full state never leaves the server:
  it holds the other hands, the stock order and the RNG.
- **Bad input gets an answer, not a crash**, by catching the library's typed errors:
  `UnknownGameError` (no such game), `InvalidRulesError` (a bad number of players),
  `ParseError` (text that is no move), `IllegalMoveError` (a move not allowed now; its
  ``reason`` is a code such as ``"not_your_turn"`` to branch on) and `InvalidStateError` (a
  saved game that was damaged).

The script first sends a few messages that go wrong on purpose, then lets simulated players
finish the game. Each simulated player is a client that sees only the view JSON it was sent:
it decodes it with ``GAME.view_from_json``, asks the heuristic agent for a move and types the
move's notation (``str(move)``).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import cardgames
from cardgames import (
    CardGamesError,
    Game,
    IllegalMoveError,
    InvalidRulesError,
    InvalidStateError,
    Move,
    Outcome,
    ParseError,
    State,
    UnknownGameError,
    View,
)
from cardgames.agents import Agent, agent_rng, make_agent
from cardgames.narration import describe_move, narrate
from cardgames.planets import View as PlanetsView
from cardgames.rng import Rng
from cardgames.shedding import SheddingView

AnyState = State[Any, Any, Any]

HELP = (
    "Commands: 'new GAME: NAME, NAME, ...' deals a game (crazy eights, 8 américain, planets); "
    "then type a move in the game's notation ('play 8H name hearts', 'draw', 'keep Saturn') "
    "or the number of a listed move; 'show' shows your view again."
)


@dataclass(frozen=True)
class Reply:
    """A message for one player: text for people, and the view JSON for a frontend."""

    to: str
    text: str
    view: str | None = None


class SessionStore:
    """Saved tables: table id -> state JSON. Swap in a database; only text goes through it.

    With several server processes, save with a compare-and-swap (a version column, Redis
    ``WATCH``) so that two messages cannot both apply a move to the same state.
    """

    def __init__(self) -> None:
        self._documents: dict[str, str] = {}

    def load(self, table: str) -> str | None:
        return self._documents.get(table)

    def save(self, table: str, document: str) -> None:
        self._documents[table] = document

    def delete(self, table: str) -> None:
        self._documents.pop(table, None)


@dataclass
class TableBot:
    """Answers chat messages; every table lives in the store as a JSON document."""

    store: SessionStore
    seed: int = 1
    deals: int = field(default=0, init=False)

    def handle(self, table: str, sender: str, message: str) -> list[Reply]:
        """Answer one message sent by ``sender`` at ``table``."""
        text = " ".join(message.split())
        if text.casefold() == "help":
            return [Reply(sender, HELP)]
        if text.casefold().startswith("new "):
            return self._new(table, sender, text[4:])
        document = self.store.load(table)
        if document is None:
            return [Reply(sender, "No game at this table yet. " + HELP)]
        try:
            state = _load(document)
        except InvalidStateError as exc:
            # Never trust stored text blindly: the library checks it and names the problem.
            self.store.delete(table)
            return [Reply(sender, f"The saved game is damaged ({exc}); start a new one.")]
        if sender not in state.players:
            return [Reply(sender, f"You are not at this table ({', '.join(state.players)}).")]
        seat = state.players.index(sender)
        if text.casefold() == "show":
            return [_reply(state, seat, "Your view:")]
        if state.is_over:
            return [Reply(sender, "This game is over: 'new GAME: NAMES' deals another.")]
        try:
            move = _parse(state, seat, text)
            state = state.apply(move)  # a new state; the stored one is untouched on failure
        except ParseError as exc:
            return [Reply(sender, f"I do not understand {text!r}: expected {exc.expected}.")]
        except IllegalMoveError as exc:
            return [Reply(sender, _refusal(state, exc))]
        self.store.save(table, state.to_json())
        return [_reply(state, other, _narrate(state, other)) for other in range(len(state.players))]

    def _new(self, table: str, sender: str, text: str) -> list[Reply]:
        name, colon, names_text = text.partition(":")
        names = [n.strip() for n in names_text.replace(",", " ").split() if n.strip()]
        if not colon or not names:
            return [Reply(sender, "Say who plays: new GAME: NAME, NAME, ...")]
        if len(set(names)) != len(names):
            return [Reply(sender, "Every player needs a name of their own.")]
        try:
            game = cardgames.find_game(name)
            seed = self.seed + self.deals
            state: AnyState = game.new_game(names, seed=seed)
        except UnknownGameError as exc:
            return [Reply(sender, f"{exc}.")]
        except InvalidRulesError as exc:
            return [Reply(sender, f"Cannot deal {name.strip()} for {len(names)}: {exc.reason}.")]
        self.deals += 1
        self.store.save(table, state.to_json())
        header = f"{game.title} dealt (seed {seed}) for {', '.join(state.players)}."
        return [_reply(state, seat, header) for seat in range(len(state.players))]


def _load(document: str) -> AnyState:
    """The state saved in a document, of whichever game it names."""
    game = _game_of(document)
    state: AnyState = game.state_from_json(document)  # checks every field; never executes
    return state


def _game_of(document: str) -> Game[Any]:
    try:
        name = json.loads(document).get("game")
        return cardgames.find_game(name if isinstance(name, str) else "")
    except (ValueError, AttributeError, UnknownGameError):
        raise InvalidStateError("/game", "no known game is named") from None


def _parse(state: AnyState, seat: int, text: str) -> Move:
    """A move from its notation, or from its number in the seat's list of legal moves."""
    if text.isdigit():
        moves: Sequence[Move] = state.legal_moves(seat) if seat in state.to_act else ()
        if not 1 <= int(text) <= len(moves):
            raise ParseError(text, f"a move number from 1 to {len(moves)}")
        return moves[int(text) - 1]
    move: Move = state.parse_move(text, seat)  # read for this seat; `apply` checks the rules
    return move


def _refusal(state: AnyState, error: IllegalMoveError) -> str:
    """Branch on the machine-readable reason; fall back on the library's sentence."""
    if error.reason == "not_your_turn":
        return f"Not your turn: waiting for {state.players[state.to_act[0]]}."
    return f"Not allowed now: {error.detail or error.reason}."


def _reply(state: AnyState, seat: int, header: str) -> Reply:
    """A player's reply: a few lines of text and their view's JSON (never the state's)."""
    view = state.view(seat)
    lines = [header] if header else []
    lines.append(_summary(view))
    outcome = state.outcome()
    if outcome is not None:
        lines.append(_result(outcome, state.players))
    elif seat in state.to_act:
        # Menu entries that name people ("give Venus to Tom"); the notation with seat numbers
        # ("give Venus to 1") or the entry's number is what the player types back.
        moves = [describe_move(move, state.players) for move in state.legal_moves(seat)]
        shown = ", ".join(f"{i}. {m}" for i, m in enumerate(moves[:6], 1))
        more = f", … ({len(moves)} moves)" if len(moves) > 6 else ""
        lines.append(f"Your moves: {shown}{more}")
    return Reply(state.players[seat], "\n".join(lines), view.to_json())


def _summary(view: View) -> str:
    if isinstance(view, (SheddingView, PlanetsView)):
        hand = " ".join(str(card) for card in view.hand or ()) or "-"
        sizes = ", ".join(
            f"{name} {size}" for name, size in zip(view.players, view.hand_sizes, strict=True)
        )
        top = f"; top {view.top}" if isinstance(view, SheddingView) else ""
        return f"Your hand: {hand} (hands: {sizes}{top})"
    return "See your view."


def _result(outcome: Outcome, players: Sequence[str]) -> str:
    winners = ", ".join(players[w] for w in outcome.winners) or "nobody"
    scores = ", ".join(f"{p} {s}" for p, s in zip(players, outcome.scores, strict=True))
    return f"Game over: {outcome.detail.rstrip('.')}. Winner: {winners}. Scores: {scores}."


def _narrate(state: AnyState, seat: int) -> str:
    """The events of a move as one player saw them, told by the library's narrator.

    The sentences come from the seat's own view (its events are redacted for it), in the
    second person for that player: "you draw 1: 7♥" for them, "Tom draws 1" for the others.
    """
    view = state.view(seat)
    events = getattr(view, "events", ())
    return "; ".join(narrate(events, state.players, viewer=seat, rules=state.rules))


@dataclass
class SimulatedPlayer:
    """A chat user who sees only the view JSON they were sent, and plays with an agent."""

    name: str
    game: Game[Any]
    agent: Agent
    rng: Rng
    view: View | None = None

    def receive(self, reply: Reply) -> None:
        if reply.view is not None:
            self.view = self.game.view_from_json(reply.view)  # checked like any input

    def wants_to_move(self) -> str | None:
        """The text this player types now, or ``None`` (not their move, or they let it go)."""
        view = self.view
        if not isinstance(view, (SheddingView, PlanetsView)) or not view.legal_moves:
            return None
        move, self.rng = self.agent.act(view, view.legal_moves, self.rng)
        return None if move is None else str(move)


def send(bot: TableBot, table: str, sender: str, text: str, *, verbose: bool) -> list[Reply]:
    """Send one message and print it with the replies."""
    print(f"{sender}> {text}")
    replies = bot.handle(table, sender, text)
    for reply in replies:
        body = reply.text if verbose or reply.to == sender else reply.text.splitlines()[0]
        size = f" [view JSON, {len(reply.view)} bytes]" if reply.view else ""
        first, *rest = body.splitlines()
        print(f"  -> {reply.to}: {first}{size}")
        for line in rest:
            print(f"       {line}")
        if verbose and reply.view:
            print(f"       {reply.view}")
    return replies


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="A chat bot that hosts card games.")
    parser.add_argument("--game", default="crazy eights", help="a game name or alias")
    parser.add_argument("--players", nargs="+", default=["Léa", "Tom"], metavar="NAME")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--verbose", action="store_true", help="print every reply in full")
    args = parser.parse_args(argv)
    try:
        game = cardgames.find_game(args.game)
    except CardGamesError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    bot = TableBot(SessionStore(), seed=args.seed)
    names: list[str] = args.players
    first = names[0]
    verbose: bool = args.verbose

    print("-- messages that go wrong on purpose")
    send(bot, "table-1", first, "draw", verbose=verbose)  # no game yet
    send(bot, "table-1", first, f"new bridge: {', '.join(names)}", verbose=verbose)
    send(bot, "table-1", first, f"new {args.game}: {first}", verbose=verbose)  # one player

    print("-- a game")
    replies = send(bot, "table-1", first, f"new {args.game}: {', '.join(names)}", verbose=verbose)
    if len(replies) != len(names) or replies[0].view is None:
        return 1
    saved = bot.store.load("table-1")
    assert saved is not None
    state = _load(saved)
    waiting = next(name for seat, name in enumerate(names) if seat not in state.to_act)
    send(bot, "table-1", waiting, "draw", verbose=verbose)  # not their turn
    send(bot, "table-1", names[state.to_act[0]], "play 8X", verbose=verbose)  # not a move
    send(bot, "table-1", "Max", "show", verbose=verbose)  # not at this table
    bot.store.save("table-2", saved.replace('"hands"', '"handz"'))  # a damaged save
    send(bot, "table-2", first, "show", verbose=verbose)

    players = [
        SimulatedPlayer(name, game, make_agent("heuristic", game), agent_rng(args.seed, seat))
        for seat, name in enumerate(names)
    ]
    for player, reply in zip(players, replies, strict=True):
        player.receive(reply)
    moves = 0
    while True:
        saved = bot.store.load("table-1")
        assert saved is not None
        state = _load(saved)  # only to know who may move; the players see their views only
        if state.is_over:
            break
        current = state.to_act[0]
        order = sorted(state.to_act, key=lambda s: (s == current, (s - current) % len(names)))
        for seat in order:
            text = players[seat].wants_to_move()
            if text is not None:
                break
        else:
            print("error: nobody moved", file=sys.stderr)
            return 1
        for reply in send(bot, "table-1", names[seat], text, verbose=verbose):
            players[names.index(reply.to)].receive(reply)
        moves += 1
    send(bot, "table-1", first, "draw", verbose=verbose)  # after the end
    print(f"-- {moves} moves; the table's saved document is {len(saved)} bytes of JSON")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
