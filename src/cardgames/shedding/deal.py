"""Dealing, sampling and loading shedding states: the engine's entry points for outside values.

These run once per game (not per move), check everything they are given and then build the
state with the engine's unchecked constructor. They stay plain Python, never compiled, so that
a value of the wrong type gets the library's own typed error (`InvalidRulesError`,
`InvalidStateError`), never a compiled function's bare ``TypeError``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from cardgames.cards import Card, make_deck, parse_cards
from cardgames.codec import decode, load_document
from cardgames.errors import InvalidRulesError, InvalidStateError
from cardgames.game import Game, player_names
from cardgames.rng import Rng
from cardgames.shedding.engine import (
    _AFTER_DRAW,
    _FACE,
    _NO_SUIT,
    _OVER,
    _PLAY,
    RawEvent,
    SheddingState,
    _state,
    _Tables,
    _tables,
)
from cardgames.shedding.moves import (
    EVENT_TYPES,
    DirectionReversed,
    PenaltyGrown,
    PlaysAgain,
    StarterReturned,
    StarterTurned,
    TurnSkipped,
)
from cardgames.shedding.rules import Effect, SheddingRules, Starter
from cardgames.shedding.view import SheddingView, _StateDocument

__all__ = ["new_game", "sample_state", "state_from_json"]


def new_game(
    game: Game[Any],
    players: int | Sequence[str],
    *,
    seed: int,
    rules: SheddingRules | None = None,
    deck: Sequence[Card] | str | None = None,
) -> SheddingState:
    """Deal a round of a shedding game (see `Game.new_game`)."""
    if rules is None:
        rules = game.default_rules
    if not isinstance(rules, game.rules_type):
        raise InvalidRulesError("rules", rules, f"expected {game.rules_type.__name__}")
    names = player_names(players, game)
    n = len(names)
    if rules.dealer >= n:
        raise InvalidRulesError("dealer", rules.dealer, f"there are only {n} seats")
    hand_size = rules.hand_size_for(n)
    full = make_deck(rules.deck, rules.decks_for(n))
    if n * hand_size + 1 > len(full):
        raise InvalidRulesError(
            "hand_size",
            hand_size,
            f"{n} hands of {hand_size} and a starter need more than {len(full)} cards",
        )
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an int, not {type(seed).__name__}")
    rng = Rng.from_seed(seed)
    if deck is None:
        order, rng = rng.shuffle(full)
    else:
        order = parse_cards(deck) if isinstance(deck, str) else tuple(deck)
        if sorted(order) != sorted(full):
            raise InvalidRulesError(
                "deck",
                len(order),
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
        rules=rules,
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


def sample_state(view: SheddingView, rng: Rng) -> SheddingState:
    """A full state consistent with ``view``, the cards its player has not seen dealt at random.

    What the player knows is kept: their own hand, the discard pile (every card in it was laid
    face up), the sizes of the other hands and of the stock, whose turn it is and every other
    public field. The other cards (the other hands and the stock) are shuffled with ``rng`` and
    dealt to match the sizes; when another player has just drawn a card that fits, one that fits
    is chosen for them. The events are those of the view (a card drawn by another player stays
    hidden), and the state's RNG is the one ``rng`` became, so the sample reveals nothing real.

    The result's ``view(view.viewer)`` equals ``view``.

    Raises:
        ValueError: if the view is not consistent with its rules (counts that do not add up).
    """
    from collections import Counter

    from cardgames.game import find_game

    game = find_game(view.game)
    rules: SheddingRules = view.rules if view.rules is not None else game.default_rules
    n = len(view.players)
    tables = _tables(rules, n)
    full = make_deck(rules.deck, rules.decks_for(n))
    known = Counter(view.discard)
    if view.hand is not None:
        known.update(view.hand)
    unknown = sorted((Counter(full) - known).elements())
    hidden = sum(size for seat, size in enumerate(view.hand_sizes) if seat != view.viewer)
    if len(unknown) != hidden + view.stock_size:
        raise ValueError("the view's card counts do not add up to the deck of its rules")
    shuffled, rng = rng.shuffle(unknown)
    pool = list(shuffled)
    drawn = view.drawn
    current = view.current
    if view.phase is _AFTER_DRAW and view.viewer != current:
        top = view.discard[-1]
        suit = view.suit
        allowed = tables.playable[_FACE[top] * 5 + (_NO_SUIT if suit is None else suit)]
        fitting = [i for i, card in enumerate(pool) if card in allowed]
        if not fitting:
            raise ValueError("no hidden card fits as the card the current player drew")
        drawn = pool.pop(fitting[0])
    hands: list[tuple[Card, ...]] = []
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.viewer:
            assert view.hand is not None
            hands.append(tuple(view.hand))
            continue
        extra: tuple[Card, ...] = ()
        if seat == current and view.phase is _AFTER_DRAW and drawn is not None:
            extra = (drawn,)
        take = size - len(extra)
        hands.append(tuple(pool[:take]) + extra)
        del pool[:take]
    raw = tuple(
        (type(e), *(getattr(e, f.name) for f in attrs.fields(type(e)))) for e in view.events
    )
    state = _state(
        rules=rules,
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
        drawn=drawn if view.phase is _AFTER_DRAW else None,
        announce_target=view.announce_target,
        top_player=view.top_player,
        passes=view.passes,
        moves_played=view.moves_played,
        rng=rng,
        outcome=view.outcome,
        raw_events=raw,
    )
    return state


def state_from_json(text: object) -> SheddingState:
    """Load a state written by `SheddingState.to_json` (see `SheddingState.from_json`)."""
    if not isinstance(text, (str, bytes)):
        raise InvalidStateError("", f"expected JSON text, got {type(text).__name__}")
    from cardgames.game import find_game

    envelope_game = _peek_game(text)
    try:
        game = find_game(envelope_game)
    except LookupError:
        raise InvalidStateError("/game", f"unknown game {envelope_game!r}") from None
    data = load_document(text, "state", game.name)
    if not issubclass(game.state_type, SheddingState):
        raise InvalidStateError("/game", f"{game.name!r} is not a shedding game")
    document: _StateDocument = decode(_StateDocument, data, "/data", tagged=EVENT_TYPES)
    try:
        rules = decode(game.rules_type, document.rules, "/data/rules")
    except InvalidRulesError as exc:
        raise InvalidStateError(f"/data/rules/{exc.option}", exc.reason) from None
    return _check_document(document, rules, game)


def _peek_game(text: str | bytes) -> str:
    import json

    try:
        document = json.loads(text)
    except (ValueError, RecursionError, TypeError):
        load_document(text, "state", None)  # raises the precise error
        raise InvalidStateError("", "not a state document") from None
    if not isinstance(document, dict) or not isinstance(document.get("game"), str):
        raise InvalidStateError("/game", "missing or not a string")
    return str(document["game"])


def _check_document(doc: _StateDocument, rules: SheddingRules, game: Game[Any]) -> SheddingState:
    def fail(path: str, problem: str) -> InvalidStateError:
        return InvalidStateError(f"/data/{path}" if path else "/data", problem)

    n = len(doc.players)
    if not game.min_players <= n <= game.max_players:
        raise fail(
            "players",
            f"{game.title} takes {game.min_players} to {game.max_players} players, not {n}",
        )
    if any(not p.strip() for p in doc.players) or len({p.casefold() for p in doc.players}) != n:
        raise fail("players", "names must be non-empty and different")
    if rules.dealer >= n:
        raise fail("rules/dealer", f"there are only {n} seats")
    if len(doc.hands) != n:
        raise fail("hands", f"expected {n} hands, got {len(doc.hands)}")
    if not doc.discard:
        raise fail("discard", "the discard pile is never empty")
    expected = sorted(make_deck(rules.deck, rules.decks_for(n)))
    cards = sorted([*doc.stock, *doc.discard, *(c for h in doc.hands for c in h)])
    if cards != expected:
        from collections import Counter

        have, want = Counter(cards), Counter(expected)
        extra = sorted((have - want).elements())
        missing = sorted((want - have).elements())
        parts = []
        if extra:
            parts.append("unexpected or duplicated: " + " ".join(map(str, extra[:10])))
        if missing:
            parts.append("missing: " + " ".join(map(str, missing[:10])))
        raise fail("", "the cards are not those of the deck (" + "; ".join(parts) + ")")
    for name, value in (
        ("current", doc.current),
        ("announce_target", doc.announce_target),
        ("top_player", doc.top_player),
    ):
        if value is not None and not 0 <= value < n:
            raise fail(name, f"no seat {value} in a game of {n} players")
    if doc.direction not in (1, -1):
        raise fail("direction", "must be 1 or -1")
    if not 0 <= doc.penalty <= 100_000:
        raise fail("penalty", "out of range")
    if not 0 <= doc.passes <= n:
        raise fail("passes", f"must be 0 to {n}")
    if not 0 <= doc.moves_played <= rules.max_moves:
        raise fail("moves_played", f"must be 0 to {rules.max_moves}")
    if (doc.phase is _OVER) != (doc.outcome is not None):
        raise fail("outcome", "an outcome is present exactly when the phase is 'over'")
    if doc.phase is _AFTER_DRAW:
        if doc.drawn is None or doc.drawn not in doc.hands[doc.current]:
            raise fail("drawn", "after a draw the drawn card must be in the current hand")
        if doc.penalty:
            raise fail("penalty", "no penalty is pending after a turn's draw")
    elif doc.drawn is not None:
        raise fail("drawn", "only set after a draw")
    if doc.outcome is not None:
        if len(doc.outcome.scores) != n or any(not 0 <= w < n for w in doc.outcome.winners):
            raise fail("outcome", "scores and winners must match the seats")
    elif not all(doc.hands):
        raise fail("hands", "a player without cards has won: the phase must be 'over'")
    tables = _tables(rules, n)
    if doc.suit is None and not tables.effects[doc.discard[-1]].wild:
        raise fail("suit", "only a wild top card may leave the suit open")
    try:
        rng = Rng.from_state(doc.rng)
    except ValueError as exc:
        raise fail("rng", str(exc)) from None
    raw = tuple((type(e), *(getattr(e, f.name) for f in attrs.fields(type(e)))) for e in doc.events)
    state = _state(
        rules=rules,
        tables=tables,
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
    return state
