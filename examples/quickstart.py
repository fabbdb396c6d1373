"""A seeded game of Crazy Eights (or 8 Américain) between simple bots, move by move.

Run it::

    python examples/quickstart.py                       # Crazy Eights, 4 bots, seed 7
    python examples/quickstart.py --game "8 américain" --players 3 --seed 42 --lang fr

It shows how an application embeds the library: it keeps the immutable state, asks each bot for a
move from that bot's own view (never the full state), applies the move, and prints the public
events of each move as a spectator would see them (told by `cardgames.narration`, in English or
French), then the scores.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter

import cardgames
from cardgames.game import Move
from cardgames.narration import narrate
from cardgames.shedding import (
    CallOut,
    Draw,
    Pass,
    PlayCard,
    SheddingState,
    SheddingView,
    TakePenalty,
)


def choose(view: SheddingView) -> Move:
    """A casual player: call out a missed "carte", shed the most valuable card that is not
    wild, keep wild cards for when stuck, name the suit held most, always announce."""
    moves = view.legal_moves
    callouts = [m for m in moves if isinstance(m, CallOut)]
    if callouts:
        return callouts[0]
    plays = [
        m for m in moves if isinstance(m, PlayCard) and (m.announce or not _can_announce(m, moves))
    ]
    if plays:
        hand = view.hand or ()
        suits = Counter(c.suit for c in hand if c.suit is not None)
        plain = [m for m in plays if m.suit is None]
        if plain:
            return max(plain, key=lambda m: (m.card.rank or 0, m.card))
        best_suit = max(suits, key=lambda s: suits[s]) if suits else None
        named = [m for m in plays if m.suit == best_suit] or plays
        return named[0]
    for kind in (TakePenalty, Draw, Pass):
        for move in moves:
            if isinstance(move, kind):
                return move
    return moves[0]


def _can_announce(move: PlayCard, moves: tuple[object, ...]) -> bool:
    return any(
        isinstance(m, PlayCard) and m.announce and m.card == move.card and m.suit == move.suit
        for m in moves
    )


def describe(state: SheddingState, lang: str = "en") -> list[str]:
    """The events of the last move, as a spectator sees them (the library's narrator).

    A spectator's view holds the events redacted for nobody in particular: a drawn card is
    counted, never named.
    """
    return narrate(state.view(None).events, state.players, lang=lang, rules=state.rules)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="A seeded game between bots, move by move.")
    parser.add_argument("--game", default="crazy-eights", help="a game name or alias")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--preset", default=None, help="a named preset of the game's rules")
    parser.add_argument("--lang", default="en", choices=("en", "fr"), help="en or fr")
    args = parser.parse_args(argv)
    try:
        game = cardgames.find_game(args.game)
        rules = game.preset(args.preset) if args.preset else game.default_rules
        names = ["Léa", "Tom", "Sam", "Zoé", "Max", "Inès", "Hugo", "Lina", "Noé", "Jade"]
        if not 2 <= args.players <= len(names):
            raise cardgames.InvalidRulesError("players", args.players, "this demo seats 2 to 10")
        state = game.new_game(names[: args.players], seed=args.seed, rules=rules)
    except cardgames.CardGamesError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if not isinstance(state, SheddingState):
        print(f"error: this demo plays the shedding games, not {game.title}", file=sys.stderr)
        return 2
    print(f"{game.title}, {len(state.players)} players, seed {args.seed}")
    for line in describe(state, args.lang):
        print(f"  {line}")
    while not state.is_over:
        seat = state.to_act[-1] if len(state.to_act) > 1 else state.to_act[0]
        move = choose(state.view(seat))
        state = state.apply(move)
        print(f"{state.moves_played:4d}. " + "; ".join(describe(state, args.lang)))
    outcome = state.outcome()
    assert outcome is not None
    print()
    print("Hands left and points:")
    for seat, name in enumerate(state.players):
        hand = " ".join(c.unicode() for c in sorted(state.hands[seat])) or "-"
        print(f"  {name:5} {outcome.scores[seat]:4d}   {hand}")
    print("Winner: " + ", ".join(state.players[w] for w in outcome.winners))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
