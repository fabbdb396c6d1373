"""Dealing, sampling and loading shedding states: the engine's entry points for outside values.

These run once per game (not per move), check everything they are given and then build the
state with the engine's unchecked constructor. They stay plain Python, never compiled, so that
a value of the wrong type gets the library's own typed error (`InvalidRulesError`,
`InvalidArgumentError`, `InvalidStateError`), never a compiled function's bare ``TypeError``.
A loaded state must pass the engine's invariant checker (`cardgames.shedding.invariants`), and
a view must pass the view checker before a state is sampled from it.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence, Sized
from typing import Any

import attrs

from cardgames._integers import checked_seed
from cardgames.cards import CARD_TEXT_LIMIT, Card, make_deck, parse_cards
from cardgames.codec import decode
from cardgames.errors import InvalidArgumentError, InvalidRulesError, InvalidStateError, ParseError
from cardgames.game import Game, player_names
from cardgames.rng import Rng
from cardgames.shedding.engine import (
    _AFTER_DRAW,
    _CARDS,
    _OVER,
    _PLAY,
    RawEvent,
    SheddingState,
    _state,
    _Tables,
    _tables,
)
from cardgames.shedding.invariants import card_fits, check_state, check_view_fields
from cardgames.shedding.moves import (
    EVENT_TYPES,
    DirectionReversed,
    PenaltyGrown,
    PlaysAgain,
    StarterReturned,
    StarterTurned,
    TurnSkipped,
)
from cardgames.shedding.rules import AfterDraw, Effect, SheddingRules, Starter
from cardgames.shedding.view import SheddingView, StateDocument

__all__ = ["deal_with", "new_game", "sample_state", "state_from_json"]


def new_game(
    game: Game[Any],
    players: int | Sequence[str],
    *,
    seed: int,
    rules: SheddingRules | str | None = None,
    deck: Sequence[Card] | str | None = None,
) -> SheddingState:
    """Deal a round of a shedding game with the stream of ``seed`` (see `Game.new_game`).

    Raises:
        InvalidRulesError: for bad rules or players, or a ``deck`` that is not exactly the
            cards of the rules (as `Card` values or card text).
        InvalidArgumentError: for a ``seed`` that is not an integer.
    """
    return _new_game(game, players, seed=seed, rules=rules, deck=deck)


def deal_with(
    game: Game[Any],
    players: int | Sequence[str],
    *,
    rng: Rng,
    rules: SheddingRules | str | None = None,
) -> SheddingState:
    """Deal a game whose every random draw, the deal's shuffle first, comes from ``rng``.

    The state keeps what ``rng`` became for its later draws. The OpenSpiel adapter passes a
    generator whose draws are its chance outcomes (`cardgames.rl.openspiel`); `new_game` is
    this with ``Rng.from_seed(seed)``.

    Raises:
        InvalidRulesError: for bad rules or players.
        InvalidArgumentError: if ``rng`` is not an `Rng`.
    """
    if not isinstance(rng, Rng):
        raise InvalidArgumentError("rng", rng, "expected a cardgames.rng.Rng")
    return _new_game(game, players, seed=0, rules=rules, rng=rng)


def _new_game(
    game: Game[Any],
    players: int | Sequence[str],
    *,
    seed: int,
    rules: SheddingRules | str | None = None,
    deck: Sequence[Card] | str | None = None,
    rng: Rng | None = None,
) -> SheddingState:
    """`new_game`, or `deal_with` when ``rng`` is given (then ``seed`` is not read)."""
    chosen: SheddingRules = game.resolve_rules(rules)  # None, a preset's name or rules of this game
    rules = chosen
    names = player_names(players, game)
    n = len(names)
    rules.check_players(n)
    hand_size = rules.hand_size_for(n)
    full = make_deck(rules.deck, rules.decks_for(n))
    if rng is None:
        rng = Rng.from_seed(_seed(seed))
    if deck is None:
        order, rng = rng.shuffle(full)
    else:
        order = _deck_order(deck, full)
        if sorted(order) != sorted(full):
            raise InvalidRulesError(
                "deck",
                len(deck) if isinstance(deck, Sized) and not isinstance(deck, str) else len(order),
                f"expected exactly the {len(full)} cards of "
                f"{rules.decks_for(n)} {rules.deck.value} deck(s)",
            )
    tables = _tables(rules, n)
    first = (rules.dealer + 1) % n
    dealt_cards = n * hand_size
    # One card at a time from the dealer's left: card i goes to seat (first + i) % n.
    dealt = tuple(order[(seat - first) % n : dealt_cards : n] for seat in range(n))
    stock = tuple(order[dealt_cards:])
    events: list[RawEvent] = []
    starter = stock[0]
    stock = stock[1:]
    events.append((StarterTurned, starter))
    if rules.starter is Starter.REDRAW:
        # Put a wild starter back below the top at a random place; stop if only wild cards remain.
        while tables.effects[starter].wild and any(not tables.effects[c].wild for c in stock):
            events.append((StarterReturned, starter))
            place, rng = rng.below(len(stock))
            stock = stock[: place + 1] + (starter,) + stock[place + 1 :]
            starter, stock = stock[0], stock[1:]
            events.append((StarterTurned, starter))
    effect = tables.effects[starter]
    state = _state(
        tables=tables,
        players=names,
        hands=dealt,
        stock=stock,
        discard=(starter,),
        current=first,
        direction=1,
        suit=None if effect.wild else starter.suit,
        penalty=0,
        phase=_PLAY,
        drawn=None,
        announce_target=None,
        top_player=None,
        passes=0,
        moves_played=0,
        rng=rng,
        outcome=None,
    )
    if rules.starter_effects and not effect.is_plain:
        _starter_effect(state, events, effect, rules.dealer)
    state._raw_events = tuple(events)
    return state


def _seed(seed: object) -> int:
    """The ``seed`` argument, checked by `cardgames._integers.checked_seed` (within ``2**64``)."""
    return checked_seed(seed)


def _deck_order(deck: object, full: tuple[Card, ...]) -> tuple[Card, ...]:
    """The engine's own cards for a ``deck`` argument (card text, or `Card` values).

    At most one card more than the deck holds is read, whatever ``deck`` is, so that a huge
    or endless iterable costs nothing; anything but cards is refused.
    """
    expected = "expected Card values (Card.parse, parse_cards) or card text such as '8H 2C'"
    if isinstance(deck, str):
        # Text is bounded as iterables are: one card more than the deck holds, each at most as
        # long as `Card.parse` reads, with a separator (a million cards took 7 s to parse).
        longest = (len(full) + 1) * (CARD_TEXT_LIMIT + 1)
        if len(deck) > longest:
            raise InvalidRulesError("deck", f"{len(deck)} characters", f"{expected}; too long")
        try:
            return parse_cards(deck)
        except ParseError as exc:
            raise InvalidRulesError("deck", exc.text, f"not a card: {exc.expected}") from None
    if isinstance(deck, (bytes, bytearray, memoryview)):
        raise InvalidRulesError("deck", deck, expected)
    try:
        items = list(itertools.islice(iter(deck), len(full) + 1))  # type: ignore[call-overload]
    except TypeError:
        raise InvalidRulesError("deck", deck, expected) from None
    for item in items:
        if type(item) is not Card:
            raise InvalidRulesError("deck", item, expected)
    return tuple(Card.from_code(int(card)) for card in items)


def _starter_effect(s: SheddingState, events: list[RawEvent], effect: Effect, dealer: int) -> None:
    """Apply the starter's effect as if the dealer had laid it (wild: no suit is named)."""
    t: _Tables = s._tables
    n = t.n
    if effect.reverse and not t.two_again:
        s._direction = -1
        events.append((DirectionReversed, dealer, -1))
    if effect.again or (t.two_again and (effect.reverse or effect.skip)):
        events.append((PlaysAgain, dealer))
        s._current = dealer
        return
    nxt = (dealer + s._direction) % n
    if effect.skip:
        events.append((TurnSkipped, nxt))
        nxt = (nxt + s._direction) % n
    if effect.draw:
        s._penalty = effect.draw
        events.append((PenaltyGrown, nxt, effect.draw))
    s._current = nxt


def sample_state(view: SheddingView, rng: Rng, game: Game[Any] | None = None) -> SheddingState:
    """A full state consistent with ``view``, the cards its player has not seen dealt at random.

    What the player knows is kept: their own hand, the discard pile (every card in it was laid
    face up), the sizes of the other hands and of the stock, whose turn it is and every other
    public field. The other cards (the other hands and the stock) are shuffled with ``rng`` and
    dealt to match the sizes. When another player has just drawn, the drawn card (the last of
    their hand) is a hidden card; one that fits when the rules say it must (``must_play``, or
    drawing until playable while cards were left to draw); under ``play_or_pass`` it may fit or
    not, as the viewer cannot tell. The events are those of the view (a card drawn by another
    player stays hidden), and the state's RNG is the one ``rng`` became, so the sample reveals
    nothing real.

    A view of a finished round shows every hand: only the stock is dealt at random then.

    The result's ``view(view.viewer)`` equals ``view`` for every view the engine shows, and a
    sample of a round still in play passes the engine's invariant checker. With ``game``, the
    view must be one of that game's.

    Raises:
        InvalidStateError: if the view is not one the engine can show (see
            `cardgames.shedding.invariants.check_view_fields`), naming the first bad field.
        InvalidArgumentError: if ``rng`` is not an `Rng`.
    """
    global _last_checked
    if not isinstance(rng, Rng):
        raise InvalidArgumentError("rng", rng, "expected a cardgames.rng.Rng")
    checked = _last_checked
    if checked is None or checked[0] is not view or checked[1] is not game:
        rules = check_view_fields(view, game)[1]
        checked = (view, game, rules, _unknown_cards(view, rules), _raw_events(view))
        _last_checked = checked
    rules, unknown, raw = checked[2], checked[3], checked[4]
    n = len(view.players)
    tables = _tables(rules, n)
    revealed = view.hands if view.phase is _OVER else None
    shuffled, rng = rng.shuffle(unknown)
    pool = list(shuffled)
    drawn = view.drawn
    current = view.current
    after_draw = view.phase is _AFTER_DRAW
    if after_draw and view.viewer != current:
        nothing_left = view.stock_size == 0 and len(view.discard) == 1
        must_fit = rules.after_draw is AfterDraw.MUST_PLAY or (
            rules.draw_until_playable and not nothing_left
        )
        index = 0
        if must_fit:  # check_view_fields made sure that one fits
            top, suit = view.discard[-1], view.suit
            index = next(i for i, card in enumerate(pool) if card_fits(tables, top, suit, card))
        drawn = pool.pop(index)
    hands: list[tuple[Card, ...]] = [] if revealed is None else list(revealed)
    for seat, size in enumerate(view.hand_sizes if revealed is None else ()):
        if seat == view.viewer:
            assert view.hand is not None
            hand = tuple(view.hand)
            if after_draw and seat == current and drawn is not None:
                # The drawn card is the last one received (the view shows the hand sorted).
                i = hand.index(drawn)
                hand = hand[:i] + hand[i + 1 :] + (drawn,)
            hands.append(hand)
            continue
        extra: tuple[Card, ...] = ()
        if seat == current and after_draw and drawn is not None:
            extra = (drawn,)
        take = size - len(extra)
        hands.append(tuple(pool[:take]) + extra)
        del pool[:take]
    state = _state(
        tables=tables,
        players=view.players,
        hands=tuple(hands),
        stock=tuple(pool),
        discard=view.discard,
        current=current,
        direction=view.direction,
        suit=view.suit,
        penalty=view.penalty,
        phase=view.phase,
        drawn=drawn if after_draw else None,
        announce_target=view.announce_target,
        top_player=view.top_player,
        passes=view.passes,
        moves_played=view.moves_played,
        rng=rng,
        outcome=view.outcome,
        raw_events=raw,
    )
    return state


def _unknown_cards(view: SheddingView, rules: SheddingRules) -> tuple[Card, ...]:
    """The cards ``view`` does not show (the deck less the shown ones), sorted by code.

    Counted by card code: a card is the `int` of its code, and the 53 card objects are interned,
    so the result holds the deck's own card objects. A finished round shows every hand.
    """
    counts = [0] * 53
    for card in make_deck(rules.deck, rules.decks_for(len(view.players))):
        counts[card] += 1
    for card in view.discard:
        counts[card] -= 1
    revealed = view.hands if view.phase is _OVER else None
    if revealed is not None:
        for cards in revealed:
            for card in cards:
                counts[card] -= 1
    elif view.hand is not None:
        for card in view.hand:
            counts[card] -= 1
    return tuple(card for card, count in zip(_CARDS, counts, strict=True) for _ in range(count))


def _raw_events(view: SheddingView) -> tuple[RawEvent, ...]:
    """The view's events as the engine's compact records."""
    return tuple(
        (type(e), *(getattr(e, f.name) for f in attrs.fields(type(e)))) for e in view.events
    )


# The last view `sample_state` checked, with its rules, its unknown cards and its event records:
# an information-set search samples hundreds of states from one view, which is checked and
# read once. Views are frozen values.
_last_checked: (
    tuple[SheddingView, Game[Any] | None, SheddingRules, tuple[Card, ...], tuple[RawEvent, ...]]
    | None
) = None


def state_from_json(text: object) -> SheddingState:
    """Load a state written by `SheddingState.to_json` (see `SheddingState.from_json`)."""
    if not isinstance(text, (str, bytes)):
        raise InvalidStateError("", f"expected JSON text, got {type(text).__name__}")
    from cardgames.game import load_game_document

    game, data = load_game_document(text, "state")
    if not issubclass(game.state_type, SheddingState):
        raise InvalidStateError("/game", f"{game.name!r} is not a shedding game")
    document: StateDocument = decode(StateDocument, data, "/data", tagged=EVENT_TYPES)
    try:
        rules = decode(game.rules_type, document.rules, "/data/rules")
    except InvalidRulesError as exc:
        raise InvalidStateError(f"/data/rules/{exc.option}", exc.reason) from None
    return _build(document, rules, game)


def _build(doc: StateDocument, rules: SheddingRules, game: Game[Any]) -> SheddingState:
    """The state of a decoded document, once the engine's invariant checker accepts it."""
    n = len(doc.players)
    if not game.min_players <= n <= game.max_players:  # before the tables for n players
        raise InvalidStateError(
            "/data/players",
            f"{game.title} takes {game.min_players} to {game.max_players} players, not {n}",
        )
    for i, word in enumerate(doc.rng):
        if not 0 <= word < 2**64:
            raise InvalidStateError(
                f"/data/rng/{i}", f"an Rng state word is in 0..2**64-1, not {word}"
            )
    if not any(doc.rng):
        raise InvalidStateError(
            "/data/rng", "an Rng state must not be all zero (xoshiro256** would output only 0)"
        )
    rng = Rng.from_state(doc.rng)
    raw = tuple((type(e), *(getattr(e, f.name) for f in attrs.fields(type(e)))) for e in doc.events)
    state = _state(
        tables=_tables(rules, n),
        players=doc.players,
        hands=doc.hands,
        stock=doc.stock,
        discard=doc.discard,
        current=doc.current,
        direction=doc.direction,
        suit=doc.suit,
        penalty=doc.penalty,
        phase=doc.phase,
        drawn=doc.drawn,
        announce_target=doc.announce_target,
        top_player=doc.top_player,
        passes=doc.passes,
        moves_played=doc.moves_played,
        rng=rng,
        outcome=doc.outcome,
        raw_events=raw,
    )
    check_state(state, game)
    return state
