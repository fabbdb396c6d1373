"""``cardgames play``: you against bots at the terminal.

Each time you may move, the command shows your view of the table (your hand, the top card or
the gatherings, every hand's size, whose turn it is; in the planet game, your cards face down
and what you know of the others' hands and of the stock) and your legal moves, numbered. Type a
number or a move in the game's notation; ``help`` explains the notation, ``quit`` (or Ctrl-D,
or Ctrl-C) leaves. Input that is not a move, or a move that is not legal now, is refused in one
line and asked again. The bots move in the same fair order as `cardgames.agents.play_game`:
players who may act out of turn (a call-out, a jump-in) are asked first, in seat order after
the current player, you included.

Two things spare the player a mistake or a keystroke:

- laying the second-to-last card, the move that announces it ("carte !") comes first, and the
  one that does not says that you may be called out;
- a move that is forced (your only move is to ``take`` the penalty, to ``pass`` or to
  ``decline`` a gathering) is played by itself, with a line that says so.

Everything is told in English or in French (``--lang``, default from the locale).
"""

from __future__ import annotations

import argparse
import types
from collections.abc import Sequence
from typing import Any, cast

import attrs

from cardgames.cli.choices import (
    UsageError,
    check_players,
    game_label,
    make_agents,
    new_seed,
    player_names,
    resolve_game,
    resolve_rules,
)
from cardgames.cli.demo import describe_rules, print_result
from cardgames.cli.explain import explain
from cardgames.cli.narrate import TABLE, Narrator, default_lang
from cardgames.cli.output import can_show, say
from cardgames.errors import IllegalMoveError, ParseError
from cardgames.game import Game, Move, State
from cardgames.narration import describe_error

__all__ = ["PROMPT", "PROMPTS", "run_play"]

PROMPT = "Your move> "
"""The prompt shown when the command waits for a move (in English)."""
PROMPTS = types.MappingProxyType({"en": PROMPT, "fr": "Ton coup> "})
"""The prompt in each language of ``--lang``."""

_QUIT = frozenset({"quit", "exit", "q", "quitte", "quitter"})
_HELP = frozenset({"help", "?", "h", "aide"})
_SHOW = frozenset({"show", "look", "moves", "montre", "table"})
_FORCED = frozenset({"decline", "take", "pass"})
"""Moves played by themselves when they are the only legal move."""

_COMMANDS_HELP = """\
Type a move's number or its notation. Other commands:
  show                  show the table and your moves again
  help                  this help
  quit                  leave the game (Ctrl-D and Ctrl-C too)"""

_COMMANDS_HELP_FR = """\
Tape le numéro d'un coup ou sa notation. Autres commandes :
  montre                revoir la table et tes coups
  aide                  cette aide
  quitte                quitter la partie (Ctrl-D et Ctrl-C aussi)"""


class _Quit(Exception):
    """The player left."""


class _Session:
    """One game between the player at the terminal and bots."""

    def __init__(
        self,
        game: Game[Any],
        state: State[Any, Any, Any],
        seat: int,
        agents: Sequence[Any],
        seed: int,
        lang: str = "en",
    ) -> None:
        from cardgames.agents import agent_rng

        self.game = game
        self.state = state
        self.seat = seat
        self.agents = list(agents)
        self.rngs = [agent_rng(seed, s) for s in range(len(agents))]
        from cardgames.infostate import InfoState

        # What each bot that remembers (an informed agent, such as "hard") has seen.
        self.infos: list[InfoState | None] = [
            InfoState.start(state.view(s), game)
            if s != seat and getattr(agent, "informed", False)
            else None
            for s, agent in enumerate(self.agents)
        ]
        self.narrator = Narrator(state.players, seat, can_show(), lang=lang, rules=state.rules)

    def help_text(self) -> str:
        moves = self.narrator.help(self.game.capability(TABLE))
        commands = _COMMANDS_HELP_FR if self.narrator.lang == "fr" else _COMMANDS_HELP
        return f"{moves}\n{commands}"

    def moves(self) -> list[Move]:
        """The player's legal moves in the order shown: an announcing move before its twin."""
        legal = list(self.state.legal_moves(self.seat))
        shown: list[Move] = []
        for move in legal:
            if move in shown:
                continue
            twin = _announcing_twin(move, legal)
            if twin is not None:
                shown.append(twin)
            shown.append(move)
        return shown

    def show(self, optional: bool) -> None:
        """Print the table as the player sees it, and their legal moves."""
        words = self.narrator
        print()
        for line in words.view(self.state.view(self.seat)):
            say(line)
        if optional:
            print(words.word("out_of_turn"))
        print(words.word("your_moves"))
        if optional:
            print(f"   0. {words.word('let_go')}")
        moves = self.moves()
        for number, move in enumerate(moves, 1):
            text = words.move(move, self.state.format_move(move))
            if _announcing_twin(move, moves) is not None:
                text += f" ({words.word('announce_hint')})"
            say(f"  {number:2d}. {text}")

    def ask(self, optional: bool) -> Move | None:
        """Read the player's move; ``None`` when they let an out-of-turn chance go by."""
        words = self.narrator
        legal = self.moves()
        if not optional and len(legal) == 1 and legal[0].kind in _FORCED:
            say(words.word("forced", move=words.move(legal[0], self.state.format_move(legal[0]))))
            return legal[0]
        self.show(optional)
        while True:
            try:
                text = input(PROMPTS[words.lang]).strip()
            except EOFError:
                print()
                raise _Quit from None
            folded = text.casefold()
            if folded in _QUIT:
                raise _Quit
            if folded in _HELP:
                print(self.help_text())
                continue
            if folded in _SHOW:
                self.show(optional)
                continue
            if not text or text == "0":
                if optional:
                    return None
                print(words.word("type_number", count=len(legal)))
                continue
            if text.isascii() and text.isdigit():
                number = int(text)
                if 1 <= number <= len(legal):
                    return legal[number - 1]
                low = 0 if optional else 1
                print(words.word("no_move", number=number, low=low, count=len(legal)))
                continue
            move = self.parse(text, legal)
            if move is not None:
                return move

    def parse(self, text: str, legal: Sequence[Move]) -> Move | None:
        """The move typed in notation, or ``None`` after saying in one line why it is refused."""
        try:
            move: Move = self.state.parse_move(text, self.seat)
        except ParseError as exc:
            print(self.narrator.word("not_a_move", error=describe_error(exc, self.narrator.lang)))
            return None
        if move in legal:
            return move
        try:
            self.state.apply(move)
        except IllegalMoveError as exc:
            why = describe_error(exc, self.narrator.lang)
            print(self.narrator.word("not_allowed", text=text, why=why))
            return None
        return move  # pragma: no cover - apply accepts only legal moves

    def bot(self, seat: int) -> Move | None:
        """A bot's out-of-turn move (the engine's own), or ``None`` when it lets it go."""
        from cardgames.agents import offer_move

        move: Move | None
        move, self.rngs[seat] = offer_move(
            self.agents[seat], self.state, seat, self.rngs[seat], info=self.infos[seat]
        )
        return move

    def next_move(self) -> Move:
        """The next move: out-of-turn moves first, in fair order, then the current player's."""
        to_act = self.state.to_act
        current = to_act[0]
        n = len(self.state.players)
        for seat in sorted(to_act[1:], key=lambda s: (s - current) % n):
            move = self.ask(optional=True) if seat == self.seat else self.bot(seat)
            if move is not None:
                return move
        if current != self.seat:
            from cardgames.agents import choose_move

            chosen: Move
            chosen, self.rngs[current] = choose_move(
                self.agents[current], self.state, self.rngs[current], info=self.infos[current]
            )
            return chosen
        move = self.ask(optional=False)
        assert move is not None  # ask answers None only when optional
        return move

    def tell(self) -> None:
        lines = self.narrator.events(self.state.last_events)
        if lines:
            text = self.narrator.line(lines)
            say(f"  {text[0].upper()}{text[1:]}")

    def run(self) -> int:
        """Play until the game ends or the player leaves."""
        self.tell()
        try:
            while not self.state.is_over:
                self.state = self.state.apply(self.next_move())
                self.infos = [
                    None if info is None else info.extend(self.state.view(s))
                    for s, info in enumerate(self.infos)
                ]
                self.tell()
        except _Quit:
            print(self.narrator.word("bye"))
            return 0
        except KeyboardInterrupt:
            print("\n" + self.narrator.word("abandoned"))
            return 130
        spectator = attrs.evolve(self.narrator, you=None)
        print_result(self.state, spectator)
        return 0


def run_play(args: argparse.Namespace) -> int:
    """Deal a game and play it against bots at the terminal."""
    game = resolve_game(args.game)
    rules = resolve_rules(game, args.preset, args.rules)
    check_players(game, args.players)
    if not 0 <= args.seat < args.players:
        raise UsageError(f"--seat: seats are numbered 0 to {args.players - 1}, not {args.seat}")
    lang = args.lang or default_lang()
    name = " ".join(args.name.split())
    if lang == "fr" and name == "You":  # the default name, in French
        name = "Toi"
    if not name:
        raise UsageError("--name: your name cannot be empty")
    names = [n for n in player_names(args.players + 1) if n.casefold() != name.casefold()]
    names = names[: args.players - 1]
    names.insert(args.seat, name)
    agents = make_agents(game, args.agents, args.players)
    seed = new_seed() if args.seed is None else args.seed
    state = game.new_game(names, seed=seed, rules=rules)
    session = _Session(game, state, args.seat, agents, seed, lang)
    words = session.narrator
    others = ", ".join(
        f"{n} ({a.name})"
        for s, (n, a) in enumerate(zip(names, agents, strict=True))
        if s != args.seat
    )
    alias = "" if name.casefold() in ("you", "toi") else words.word("alias", name=name)
    say(
        words.word(
            "intro",
            game=game_label(game),
            seed=seed,
            rules=describe_rules(game, rules),
            seat=args.seat,
            alias=alias,
            others=others,
        )
    )
    if args.players == 2:
        for paragraph in _two_player_notes(game, rules, lang):
            say(paragraph)
    print(words.word("hint"))
    return session.run()


def _two_player_notes(game: Game[Any], rules: Any, lang: str) -> list[str]:
    """What changes at two players, from the game's explanation of ``rules``.

    The paragraphs of `cardgames.cli.explain.explain` that begin "With two players" (in 8
    Américain: the Jack changes nothing without the ``a-deux`` preset, which it names), so that
    two people who sit down read it before the first Jack surprises them.
    """
    return [
        paragraph
        for _, paragraphs in explain(game, rules, lang)
        for paragraph in paragraphs
        if paragraph.startswith("With two players")
    ]


def _announcing_twin(move: Move, moves: Sequence[Move]) -> Move | None:
    """The move that lays the same card and announces it, for a move that does not announce."""
    if getattr(move, "announce", None) is not False:
        return None
    for other in moves:
        if (
            type(other) is type(move)
            and getattr(other, "announce", None) is True
            and attrs.evolve(cast(Any, other), announce=False) == move
        ):
            return other
    return None
