"""The shedding games' heuristic agent's choice, written for the compiler.

`cardgames.agents.heuristic` describes the agent's rules of thumb (read its module text):
`SheddingHeuristicAgent.act` calls `shedding_move` here with the seat's view and legal moves.
The binary wheels compile this module with mypyc (see ``hatch_build.py``), like the shedding
engine, so it holds only plain typed classes and functions: no attrs class. Interpreted or
compiled, it chooses the same moves (``tests/test_fast_paths.py`` compares it with the
reference reading of the rules on every position of many games).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cardgames.cards import Card, Suit
from cardgames.game import Move
from cardgames.shedding.moves import Announce, CallOut, Draw, Pass, PlayCard, TakePenalty
from cardgames.shedding.rules import SheddingRules
from cardgames.shedding.scoring import points_table
from cardgames.shedding.view import SheddingView

__all__ = ["best_play", "shedding_move"]

_LAST_RESORT: Final = (TakePenalty, Draw, Pass)
_SUITS: Final = tuple(Suit)


def shedding_move(view: SheddingView, legal: Sequence[Move]) -> Move | None:
    """The agent's move among ``legal``, or ``None`` to let an out-of-turn chance go by."""
    # In one pass: the first announcement, else the first call-out, else the best card.
    callout: Move | None = None
    plays: list[PlayCard] = []
    for move in legal:
        if isinstance(move, PlayCard):
            plays.append(move)
        elif isinstance(move, Announce):
            return move
        elif callout is None and isinstance(move, CallOut):
            callout = move
    if callout is not None:
        return callout
    if plays:
        return best_play(view, plays)
    if view.current != view.viewer:
        return None  # nothing worth doing out of turn
    for kind in _LAST_RESORT:
        for move in legal:
            if isinstance(move, kind):
                return move
    return legal[0]


def _rules_of(view: SheddingView) -> SheddingRules:
    if view.rules is not None:
        return view.rules
    from cardgames.game import find_game

    rules: SheddingRules = find_game(view.game).default_rules
    return rules


class _CardTable:
    """What `best_play` reads of a card under one rules object, by card code."""

    def __init__(self, rules: SheddingRules) -> None:
        cards = [Card.from_code(code) for code in range(53)]
        effects = [rules.effects.for_card(card) for card in cards]
        self.wild = [effect.wild for effect in effects]
        self.swap = [effect.swap for effect in effects]
        self.choose = [effect.choose for effect in effects]
        self.points = list(points_table(rules))
        # The suit's number, or _JOKER_SLOT for the joker (no suit).
        self.slot = [_JOKER_SLOT if card.suit is None else int(card.suit) for card in cards]


_JOKER_SLOT: Final = 4
_TABLES: dict[int, tuple[SheddingRules, _CardTable]] = {}


def _table_of(rules: SheddingRules) -> _CardTable:
    """The card table of ``rules``, remembered by the rules object's identity.

    Read at every decision (the effects and points were looked up card by card before).
    """
    entry = _TABLES.get(id(rules))
    if entry is None or entry[0] is not rules:
        if len(_TABLES) >= 64:  # a few rules per program; never an unbounded cache
            _TABLES.clear()
        entry = (rules, _CardTable(rules))
        _TABLES[id(rules)] = entry
    return entry[1]


def best_play(view: SheddingView, plays: Sequence[PlayCard]) -> PlayCard:
    """The card to lay among ``plays`` (at least one), with its suit, target and announce."""
    table = _table_of(_rules_of(view))
    wild = table.wild
    hand = view.hand or ()
    me = view.viewer if view.viewer is not None else plays[0].player
    sizes = view.hand_sizes
    n = len(sizes)
    # The hand's cards that are not wild, by suit: "the rest of the hand" once a card is laid
    # is the hand less one copy of it, so its counts are these less that card's own.
    kept = [0, 0, 0, 0, 0]
    slot = table.slot
    for c in hand:
        if not wild[c]:
            kept[slot[c]] += 1
    # The card: by (wild, or a swap that brings back more cards than it leaves; most points;
    # most cards of its suit left; lowest code), the least key.
    swap = table.swap
    points = table.points
    fewest = -1  # the fewest cards an opponent holds, once a swap card asks
    card = plays[0].card
    best: tuple[bool, int, int, int] | None = None
    for move in plays:
        c = move.card
        if best is not None and c is card:
            continue  # the plays of one card follow one another: its key is known
        held = c in hand
        rest = kept[slot[c]] - (1 if held and not wild[c] else 0)
        bad = wild[c]
        if not bad and swap[c]:
            if fewest < 0:
                fewest = min((sizes[seat] for seat in range(n) if seat != me), default=0)
            bad = fewest > len(hand) - held
        key = (bad, -points[c], -rest, int(c))
        if best is None or key < best:
            card, best = c, key
    plain = True
    for move in plays:
        if move.suit is not None or move.target is not None:
            plain = False
            break
    if plain:
        # No suit to name, no player to choose: the first play of that card not announcing
        # last card loses to the announcing one (the key's last term), else the first.
        first = None
        for move in plays:
            if move.card == card:
                if move.announce:
                    return move
                if first is None:
                    first = move
        assert first is not None
        return first
    own = 1 if card in hand and not wild[card] else 0
    suit_order = sorted(
        _SUITS, key=lambda suit: ((own if card.suit is suit else 0) - kept[suit], suit)
    )
    choose = table.choose[card] and not swap[card]

    def move_key(move: PlayCard) -> tuple[int, int, int, bool]:
        suit_rank = 0 if move.suit is None else suit_order.index(move.suit)
        size = 0
        if move.target is not None:
            size = sizes[move.target]
            size = -size if choose else size
        target_rank = (move.target - me) % n if move.target is not None else 0
        return (suit_rank, size, target_rank, not move.announce)

    return min((move for move in plays if move.card == card), key=move_key)
