"""What one seat of a shedding game can infer about the hidden hands, and samples that honour it.

`cardgames.infostate.InfoState` keeps every view a seat has seen since the deal; this module
turns each new view (with the one before it) into constraints on the other hands, and deals the
unseen cards consistently with them. The rules it applies (`SheddingRules`):

- **Hands as slots.** Each other seat's hand is a list of *slots*, one per card, oldest first.
  A slot holds the set of cards it may be (a bit mask over the 53 card codes; all of them at
  first). A card drawn by that seat adds a slot; a card it lays removes one (below).
- **A draw in turn** (``draw_when_playable`` off): drawing is legal only without a card that
  fits the top card and the suit to follow, so every slot the drawer held then loses the cards
  that fitted. With ``draw_when_playable`` on, drawing is always allowed and nothing is
  inferred.
- **What was drawn.** With ``draw_until_playable`` every card drawn but the last did not fit,
  and the last did while cards were left to draw. Under ``after_draw=must_play`` the drawn card
  fits exactly when the drawer keeps the turn (it must then be laid). Under ``play_or_pass``
  and ``pass`` nothing is learnt of a single drawn card.
- **A pass in the play phase** is legal only when nothing fits and nothing can be drawn: the
  passer's slots lose the cards that fitted. A pass after a draw (keeping the drawn card) says
  nothing.
- **A pending draw.** Taking a penalty is always legal, even with a card that stacks: nothing
  is inferred from it (the engine never forces an answer).
- **A swap** exchanges the slot lists of the two seats; a hand the viewer gave away becomes
  slots that are exactly its cards.
- **A card laid** by a seat removes the slot it came from. Which one is not known when several
  slots allow it: the most constrained of them is removed and every other slot that allowed the
  card widens to also allow what the removed one allowed. Each slot still holds its real card,
  whichever slot the card came from (a sound over-approximation; exact when the slots' sets are
  nested, which drawing and the rules above produce).
- **Cards seen** (laid, revealed, in the viewer's hand) are not dealt: only the cards the
  current view does not show are (`Game.sample_state`'s pool). **Suits named** are kept in the
  history but imply nothing under the rules (a player may name any suit).

Sampling (`sample`) deals the slots that are constrained first (fewest possible cards first),
each a uniformly chosen card of those left that it allows, then the other slots and the stock
from the rest in a shuffled order. A dead end is retried with fresh draws up to a budget; after
that the closest consistent deal is used (each slot without an allowed card left takes any
card) and the fallback is counted. This is consistent, not the exact posterior: the sequential
choice weighs deals slightly differently from Bayes' rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any, Final

import attrs

from cardgames.cards import Card
from cardgames.game import Game
from cardgames.rng import Rng
from cardgames.shedding import deal as _deal
from cardgames.shedding.engine import (
    _AFTER_DRAW,
    _FACE,
    _NO_SUIT,
    _OVER,
    _PLAY,
    SheddingState,
    _state,
    _tables,
)
from cardgames.shedding.invariants import check_view_fields
from cardgames.shedding.moves import CardPlayed, CardsDrawn, HandsSwapped, Passed
from cardgames.shedding.rules import AfterDraw, SheddingRules
from cardgames.shedding.view import SheddingView

__all__ = ["ANY_CARD", "SheddingBeliefs", "sample", "start", "update"]

ANY_CARD: Final = (1 << 53) - 1
"""The mask of a slot that may be any card."""

RETRIES: Final = 20
"""Fresh attempts a dead end gets before the closest consistent deal is used."""


@attrs.frozen
class SheddingBeliefs:
    """The constraints one seat has inferred on the other hands (see the module text).

    Attributes:
        slots: By seat, one mask per card of the hand, oldest first (empty for the viewer).
        resyncs: How many times a hand's slots had to be fitted to the hand size shown, or
            the viewer's own hand did not follow from the events (a history with a gap or a
            forged view; never in a history the driver records, and `InfoState.extend` and
            ``from_json`` refuse such a view).
    """

    slots: tuple[tuple[int, ...], ...]
    resyncs: int = 0

    def excluded(self, seat: int) -> frozenset[Card]:
        """The cards that no slot of ``seat`` allows: cards the viewer knows it does not hold.

        Examples:
            >>> SheddingBeliefs(((), (ANY_CARD & ~1,))).excluded(1)
            frozenset({Card.parse('2C')})
        """
        allowed = 0
        for mask in self.slots[seat]:
            allowed |= mask
        return frozenset(Card.from_code(code) for code in range(53) if not allowed >> code & 1)


def start(view: SheddingView) -> SheddingBeliefs:
    """The beliefs at the first view: every other hand's cards may be anything."""
    return SheddingBeliefs(
        tuple(
            () if seat == view.viewer else (ANY_CARD,) * size
            for seat, size in enumerate(view.hand_sizes)
        )
    )


@lru_cache(maxsize=1024)
def _fit_mask(rules: SheddingRules, n: int, top: Card, suit: Any) -> int:
    """The cards that may be laid on ``top`` with ``suit`` to follow, as a mask."""
    tables = _tables(rules, n)
    mask = 0
    for card in tables.playable[_FACE[top] * 5 + (_NO_SUIT if suit is None else int(suit))]:
        mask |= 1 << int(card)
    return mask


def _remove(slots: list[int], card: Card) -> None:
    """A card laid from the hand: remove the slot it came from (see the module text)."""
    bit = 1 << int(card)
    candidates = [i for i, mask in enumerate(slots) if mask & bit]
    if not candidates:  # not in a recorded history: forget what was known of the hand
        if slots:
            slots.pop()
        slots[:] = [ANY_CARD] * len(slots)
        return
    removed = min(candidates, key=lambda i: (slots[i].bit_count(), i))
    widen = slots[removed]
    for i in candidates:
        if i != removed:
            slots[i] |= widen
    del slots[removed]


def update(
    beliefs: SheddingBeliefs, before: SheddingView, after: SheddingView, rules: SheddingRules
) -> SheddingBeliefs:
    """The beliefs once ``after`` (the view following ``before`` by one move) is seen.

    The cost depends on the hand sizes and the move's events, not on the game's length.
    """
    if before.phase is _OVER:
        return beliefs
    viewer = after.viewer
    n = len(after.players)
    slots = [list(seat_slots) for seat_slots in beliefs.slots]
    fit = _fit_mask(rules, n, before.discard[-1], before.suit)
    in_play = before.phase is _PLAY and not before.penalty
    viewer_hand = list(before.hand) if before.hand is not None else []
    for event in after.events:
        kind = type(event)
        if kind is CardPlayed:
            assert isinstance(event, CardPlayed)
            if event.player == viewer:
                if event.card in viewer_hand:
                    viewer_hand.remove(event.card)
            else:
                _remove(slots[event.player], event.card)
        elif kind is CardsDrawn:
            assert isinstance(event, CardsDrawn)
            seat, count = event.player, event.count
            if seat == viewer:
                viewer_hand.extend(event.cards or ())
                continue
            if event.reason != "turn" or not in_play or before.current != seat:
                slots[seat].extend([ANY_CARD] * count)
                continue
            if not rules.draw_when_playable:
                slots[seat] = [mask & ~fit for mask in slots[seat]]
            slots[seat].extend(_drawn_slots(count, fit, seat, after, rules))
        elif kind is Passed:
            assert isinstance(event, Passed)
            seat = event.player
            if seat != viewer and in_play and before.current == seat:
                slots[seat] = [mask & ~fit for mask in slots[seat]]
        elif kind is HandsSwapped:
            assert isinstance(event, HandsSwapped)
            a, b = event.player, event.target
            slots[a], slots[b] = slots[b], slots[a]
            if viewer in (a, b):
                other = b if viewer == a else a
                slots[other] = [1 << int(card) for card in viewer_hand]
                slots[viewer] = []
                viewer_hand = list(after.hand or ())
    resyncs = beliefs.resyncs
    if after.phase is not _OVER:
        if after.hand is not None and sorted(map(int, viewer_hand)) != sorted(
            map(int, after.hand)
        ):  # the viewer's own hand does not follow from the events
            resyncs += 1
        for seat, size in enumerate(after.hand_sizes):
            if seat == viewer or len(slots[seat]) == size:
                continue
            resyncs += 1
            del slots[seat][size:]
            slots[seat].extend([ANY_CARD] * (size - len(slots[seat])))
    return SheddingBeliefs(tuple(map(tuple, slots)), resyncs)


def _drawn_slots(
    count: int, fit: int, seat: int, after: SheddingView, rules: SheddingRules
) -> list[int]:
    """The slots of ``count`` cards drawn in turn by ``seat`` (see the module text)."""
    if not count:
        return []
    kept_turn = after.phase is _AFTER_DRAW and after.current == seat
    must_play = rules.after_draw is AfterDraw.MUST_PLAY
    if rules.draw_until_playable:
        drawn = [ANY_CARD & ~fit] * (count - 1)
        cards_left = after.stock_size > 0 or len(after.discard) > 1
        if cards_left or (must_play and kept_turn):
            last = fit
        elif must_play:
            last = ANY_CARD & ~fit
        else:
            last = ANY_CARD
        return [*drawn, last]
    drawn = [ANY_CARD] * (count - 1)
    if must_play:
        return [*drawn, fit if kept_turn else ANY_CARD & ~fit]
    return [*drawn, ANY_CARD]


def sample(
    view: SheddingView,
    beliefs: SheddingBeliefs,
    rng: Rng,
    game: Game[Any] | None = None,
    retries: int = RETRIES,
) -> tuple[SheddingState, int]:
    """A full state consistent with ``view`` and ``beliefs``; and 1 if it fell back, else 0.

    The result's ``view(view.viewer)`` equals ``view``; its other hands honour every slot
    unless the fallback was needed (then the slots without an allowed card left take any).
    The state's RNG is the one ``rng`` became.

    Raises:
        InvalidStateError: if the view is not one the engine can show.
    """
    global _last_checked
    checked = _last_checked
    if checked is None or checked[0] is not view or checked[1] is not game:
        rules = check_view_fields(view, game)[1]
        checked = (view, game, rules, _deal._unknown_cards(view, rules), _deal._raw_events(view))
        _last_checked = checked
    rules, unknown, raw = checked[2], checked[3], checked[4]
    if view.phase is _OVER or view.viewer is None:
        return _deal.sample_state(view, rng, game), 0
    n = len(view.players)
    pool: list[Card]
    viewer = view.viewer
    order = _order(view, beliefs, unknown)
    assigned: dict[tuple[int, int], Card] = {}
    fallback = 0
    pool_order: list[Card] = []
    for attempt in range(retries + 1):
        shuffled, rng = rng.shuffle(unknown)
        pool = list(shuffled)
        assigned.clear()
        failed = False
        for seat, i, mask in order:
            allowed = [k for k, card in enumerate(pool) if mask >> int(card) & 1]
            if not allowed:
                if attempt < retries:
                    failed = True
                    break
                fallback = 1
                k = 0
            elif len(allowed) == 1:
                k = allowed[0]
            else:
                pick, rng = rng.below(len(allowed))
                k = allowed[pick]
            assigned[seat, i] = pool.pop(k)
        if not failed:
            pool_order = pool
            break
    hands: list[tuple[Card, ...]] = []
    rest = pool_order
    for seat, size in enumerate(view.hand_sizes):
        if seat == viewer:
            assert view.hand is not None
            hand = tuple(view.hand)
            drawn_own = view.drawn
            if view.phase is _AFTER_DRAW and seat == view.current and drawn_own is not None:
                j = hand.index(drawn_own)
                hand = hand[:j] + hand[j + 1 :] + (drawn_own,)
            hands.append(hand)
            continue
        cards: list[Card] = []
        for i in range(size):
            card = assigned.get((seat, i))
            if card is None:
                card = rest.pop()
            cards.append(card)
        hands.append(tuple(cards))
    drawn: Card | None = None
    if view.phase is _AFTER_DRAW:
        drawn = view.drawn if view.current == viewer else hands[view.current][-1]
    state = _state(
        tables=_tables(rules, n),
        players=view.players,
        hands=tuple(hands),
        stock=tuple(rest),
        discard=view.discard,
        current=view.current,
        direction=view.direction,
        suit=view.suit,
        penalty=view.penalty,
        phase=view.phase,
        drawn=drawn,
        announce_target=view.announce_target,
        top_player=view.top_player,
        passes=view.passes,
        moves_played=view.moves_played,
        rng=rng,
        outcome=view.outcome,
        raw_events=raw,
    )
    return state, fallback


def _order(
    view: SheddingView, beliefs: SheddingBeliefs, unknown: Sequence[Card]
) -> list[tuple[int, int, int]]:
    """The constrained slots, ``(seat, slot, mask)``, in the order `sample` deals them.

    The fewest unseen cards allowed first (then by seat and slot); kept for the last view and
    beliefs, as a search samples hundreds of states from them.
    """
    global _last_order
    cached = _last_order
    if cached is not None and cached[0] is view and cached[1] is beliefs:
        return cached[2]
    places: list[tuple[int, int, int]] = []
    for seat, seat_slots in enumerate(beliefs.slots):
        if seat == view.viewer:
            continue
        for i, mask in enumerate(seat_slots):
            if mask != ANY_CARD:
                places.append((seat, i, mask))
    places.sort(key=lambda p: (sum(1 for card in unknown if p[2] >> int(card) & 1), p[0], p[1]))
    _last_order = (view, beliefs, places)
    return places


_last_order: tuple[SheddingView, SheddingBeliefs, list[tuple[int, int, int]]] | None = None


# The last view `sample` checked, with its rules, unknown cards and event records (a search
# samples hundreds of states from one view; views are frozen values).
_last_checked: (
    tuple[SheddingView, Game[Any] | None, SheddingRules, tuple[Card, ...], Any] | None
) = None
