"""The invariants of the shedding games: which states and views the engine can reach.

`check_state` is the engine's one invariant checker: `SheddingState.from_json` runs it on every
document it loads (after decoding the types), the conformance suite after every move, and both
shedding `Game` descriptors expose it as `Game.check_state`. A state that passes is one the engine
can reach and play to the end; the first impossible field raises `InvalidStateError` with its
path in the JSON document (``/data/drawn``). It checks, in the order of the document:

- the players (a count the game takes, names non-empty and different), the dealer's seat, one
  hand per player and a discard pile that is never empty;
- the cards: exactly those of the deck of the rules (no card created, lost or duplicated);
- the seats (``current``, ``announce_target``, ``top_player``), the direction (±1), the penalty
  (at most the largest draw effect per move played, only on a top card that makes players draw,
  exactly its draw without stacking), the passes (fewer than the players while the round runs,
  and only when nothing is left to draw), the move counter (below ``max_moves`` while the round
  runs: there is room for the next move);
- the phase: an outcome exactly when the round is over; after a turn's draw, the drawn card is
  the last card of the current hand, no penalty is pending, the rules leave the drawer a
  decision, and the card fits where the rules say it must (``must_play``; with
  ``draw_until_playable``, unless nothing was left to draw); nothing drawn otherwise;
- the suit: a plain top card sets it; only a wild starter nobody has covered leaves it open;
- the announcement: only the player who just laid their second-to-last card may be called out;
- the events of the last move that the rules read (the jump-in window, the announcement a swap
  made due and the call-out after it): a first `CardPlayed` is the top card laid by
  ``top_player``; a `HandsSwapped` follows the swap card its player laid, with an opponent; an
  `AnnouncementMissed` of another seat than ``top_player`` (a swap's target who let a move go by)
  needs a swap card in the rules and a player holding one card;
- a finished round: one that did end (a hand is empty, every player passed, or the move limit),
  whose outcome is the one the engine computes from the hands (`round_outcome`).

`check_view` does the same for a `SheddingView` (a loaded or hand-built one): every field of the
right type and in range, the card counts adding up to the deck of the rules, the phase, suit,
penalty, announcement and events consistent as above, every hand shown exactly when the round
is over (and then the outcome the engine computes from them), and then the view must be exactly
what its
position shows: a state is sampled from it (`cardgames.shedding.deal.sample_state`) and must give
the same view back (legal moves, seats to act, events). A view that passes can be given to
`Game.sample_state`, which runs the first part (`check_view_fields`) itself.

Every size is checked against the deck of the rules before anything proportional to it is built.
This module is plain Python (never compiled), like every other entry point for outside values.
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Sequence
from typing import Any, NoReturn

import attrs

from cardgames.cards import Card, Suit, make_deck
from cardgames.errors import InvalidStateError
from cardgames.game import MAX_NAME_CHARS, Game, Outcome, Termination, find_game, name_key
from cardgames.rng import Rng
from cardgames.shedding.engine import _FACE, _NO_SUIT, RawEvent, SheddingState, _Tables, _tables
from cardgames.shedding.moves import AnnouncementMissed, CardPlayed, HandsSwapped
from cardgames.shedding.rules import AfterDraw, SheddingRules, Stacking
from cardgames.shedding.scoring import points_table, round_outcome
from cardgames.shedding.view import Phase, SheddingView

__all__ = ["check_state", "check_view", "check_view_fields"]

_CARD_COUNT = 53


def _fail(path: str, problem: str) -> NoReturn:
    raise InvalidStateError(f"/data/{path}" if path else "/data", problem)


def _shedding_game(name: object, path: str, expected: Game[Any] | None) -> Game[Any]:
    """The shedding game named ``name`` (and ``expected``'s, when given)."""
    if not isinstance(name, str):
        _fail(path, "expected the name of a shedding game")
    try:
        game = find_game(name)
    except LookupError:
        _fail(path, f"unknown game {name[:80]!r}")
    if not issubclass(game.state_type, SheddingState):
        _fail(path, f"{game.name!r} is not a shedding game")
    if expected is not None and game is not expected:
        _fail(path, f"expected {expected.name!r}, got {game.name!r}")
    return game


def card_fits(tables: _Tables, top: Card, suit: Suit | None, card: Card) -> bool:
    """Whether ``card`` may be laid on ``top`` with ``suit`` to follow (no penalty pending)."""
    return card in tables.playable[_FACE[top] * 5 + (_NO_SUIT if suit is None else suit)]


def _check_players(players: Sequence[str], game: Game[Any]) -> int:
    n = len(players)
    if not game.min_players <= n <= game.max_players:
        _fail(
            "players",
            f"{game.title} takes {game.min_players} to {game.max_players} players, not {n}",
        )
    if any(type(p) is str and len(p) > MAX_NAME_CHARS for p in players):  # before any copy
        _fail("players", f"names must be at most {MAX_NAME_CHARS} characters")
    if (
        any(type(p) is not str or not p.strip() or not p.isprintable() for p in players)
        or len({name_key(p) for p in players}) != n
    ):
        _fail("players", "names must be non-empty, printable and different")
    return n


def _check_cards(deck: Sequence[Card], piles: Sequence[Sequence[Card]], where: str = "") -> None:
    """The cards of ``piles`` are exactly those of ``deck`` (``where``: a path for the error)."""
    want = Counter(deck)
    have: Counter[Card] = Counter()
    for pile in piles:
        have.update(pile)
    if have == want:
        return
    extra = heapq.nsmallest(10, (have - want).elements())
    missing = heapq.nsmallest(10, (want - have).elements())
    parts = []
    if extra:
        parts.append("unexpected or duplicated: " + " ".join(map(str, extra)))
    if missing:
        parts.append("missing: " + " ".join(map(str, missing)))
    _fail(where, "the cards are not those of the deck (" + "; ".join(parts) + ")")


def _penalty_bound(rules: SheddingRules, tables: _Tables, moves_played: int) -> int:
    """The largest penalty reachable after ``moves_played`` moves.

    The starter may set one draw effect and every move may add one more.
    """
    biggest = max((e.draw for e in tables.effects), default=0)
    if not biggest:
        return 0
    if rules.stacking is Stacking.NONE:
        return biggest
    return biggest * (moves_played + 1)


def _check_table(
    *,
    rules: SheddingRules,
    tables: _Tables,
    n: int,
    top: Card,
    discard_size: int,
    nothing_to_draw: bool,
    suit: Suit | None,
    penalty: int,
    phase: Phase,
    announce_target: int | None,
    top_player: int | None,
    passes: int,
    moves_played: int,
    hand_sizes: Sequence[int],
) -> None:
    """The checks a state and a view share: everything public about the table."""
    over = phase is Phase.OVER
    bound = _penalty_bound(rules, tables, moves_played)
    if not 0 <= penalty <= bound:
        _fail("penalty", f"must be 0 to {bound}")
    if penalty:
        draw = tables.effects[top].draw
        if not draw:
            _fail("penalty", f"only a card that makes players draw sets a penalty, not {top}")
        if penalty < draw or (rules.stacking is Stacking.NONE and penalty != draw):
            _fail("penalty", f"the top card {top} makes the next player draw {draw}")
        if phase is not Phase.PLAY:
            _fail("penalty", "a penalty is pending only in the play phase")
    most = n if over else n - 1
    if not 0 <= passes <= most:
        _fail("passes", f"must be 0 to {most}" + ("" if over else " while the round runs"))
    if passes and not nothing_to_draw:
        _fail("passes", "players pass only when nothing is left to draw")
    most = rules.max_moves if over else rules.max_moves - 1
    if not 0 <= moves_played <= most:
        _fail(
            "moves_played",
            f"must be 0 to {most}" + ("" if over else " while the round runs (max_moves)"),
        )
    if top_player is None:
        if discard_size != 1:
            _fail("top_player", "once a card covers the starter, someone laid the top card")
    elif moves_played == 0:
        _fail("top_player", "nobody has laid a card before the first move")
    if not tables.effects[top].wild:
        if suit is not top.suit:
            if suit is None:
                _fail("suit", "only a wild top card may leave the suit open")
            _fail("suit", f"the top card {top} sets the suit to follow")
    elif suit is None and top_player is not None:
        _fail("suit", "a player who lays a wild card names the suit")
    if announce_target is not None:
        if not rules.announce_penalty:
            _fail("announce_target", "these rules have no announcement")
        if phase is not Phase.PLAY:
            _fail("announce_target", "a call-out is possible only while the round is played")
        if top_player != announce_target or hand_sizes[announce_target] != 1:
            _fail(
                "announce_target",
                "only the player who just laid their second-to-last card can be called out",
            )
    if not over and not all(hand_sizes):
        _fail("hands", "a player without cards has won: the phase must be 'over'")


def _check_events(
    events: Sequence[RawEvent],
    *,
    tables: _Tables,
    n: int,
    top: Card,
    top_player: int | None,
    phase: Phase,
    hand_sizes: Sequence[int],
) -> None:
    """The events of the last move that the rules read (see `cardgames.shedding.engine`).

    ``events`` are records ``(event class, *fields)``, as the engine stores them.
    """
    if events and events[0][0] is CardPlayed and (events[0][1], events[0][2]) != (top_player, top):
        _fail("events/0", "a card laid by the last move is the top card, laid by top_player")
    for i, record in enumerate(events):
        kind = record[0]
        if kind is HandsSwapped:
            player, target = record[1], record[2]
            if not (_is_seat(player, n) and _is_seat(target, n)) or player == target:
                _fail(f"events/{i}", "a swap is between a player and an opponent")
            if (
                events[0][0] is not CardPlayed
                or player != top_player
                or not tables.effects[top].swap
            ):
                _fail(f"events/{i}", "hands are swapped by the player who laid a swap card on top")
        elif kind is AnnouncementMissed:
            seat = record[1]
            if not _is_seat(seat, n):
                _fail(f"events/{i}", f"no seat {seat} in a game of {n} players")
            if seat != top_player and (
                not tables.swap_announce or phase is Phase.OVER or hand_sizes[seat] != 1
            ):
                _fail(
                    f"events/{i}",
                    "only the player who laid the top card, or one a swap left holding one card, "
                    "misses an announcement",
                )


def _check_after_draw(
    *,
    rules: SheddingRules,
    tables: _Tables,
    top: Card,
    suit: Suit | None,
    drawn: Card | None,
    nothing_to_draw: bool,
    announce_target: int | None,
    passes: int,
    penalty: int,
    moves_played: int,
) -> None:
    """The after-draw phase (``drawn``: the drawn card, ``None`` when it is hidden)."""
    if penalty:
        _fail("penalty", "no penalty is pending after a turn's draw")
    if rules.after_draw is AfterDraw.PASS:
        _fail("phase", "under after_draw=pass the turn passes after a draw")
    if announce_target is not None or passes or not moves_played:
        _fail("phase", "after a draw nobody can be called out and nobody has passed")
    if drawn is not None:
        # The drawer must lay a card that fits under must_play; drawing until playable stops
        # at a card that fits unless nothing was left to draw. Otherwise it may not fit.
        must_fit = rules.after_draw is AfterDraw.MUST_PLAY or (
            rules.draw_until_playable and not nothing_to_draw
        )
        if must_fit and not card_fits(tables, top, suit, drawn):
            _fail("drawn", f"the drawn card does not fit on {top}: the turn would have passed")


def _check_outcome_shape(outcome: Outcome, n: int) -> None:
    if (
        len(outcome.scores) != n
        or not outcome.winners
        or any(not 0 <= w < n for w in outcome.winners)
    ):
        _fail("outcome", "scores and winners must match the seats")


def _ending(
    hand_sizes: Sequence[int], passes: int, moves_played: int, rules: SheddingRules
) -> Termination:
    """Why a round with these counts ended (the engine checks in this order)."""
    n = len(hand_sizes)
    empty = sum(1 for size in hand_sizes if not size)
    if empty > 1:
        _fail("hands", "only one player can go out")
    if empty:
        return Termination.WENT_OUT
    if passes == n:
        return Termination.BLOCKED
    if moves_played == rules.max_moves:
        return Termination.TURN_LIMIT
    _fail(
        "outcome/reason",
        "the round cannot have ended: nobody went out, not every player passed, and the move "
        "limit is not reached",
    )


# -- states ---------------------------------------------------------------------------------------


def check_state(state: object, game: Game[Any] | None = None) -> None:
    """Check that ``state`` is a position the engine can reach and play to the end.

    Args:
        state: The state (built by the engine, loaded, or sampled).
        game: The game it must belong to (default: the game its rules name).

    Raises:
        InvalidStateError: naming the path of the first impossible field (``/data/drawn``).
    """
    if not isinstance(state, SheddingState):
        raise InvalidStateError("", "expected a shedding state")
    rules = state.rules
    if not isinstance(rules, SheddingRules):
        _fail("rules", "expected the rules of a shedding game")
    game = _shedding_game(rules.game_name, "rules", game)
    if not isinstance(rules, game.rules_type):
        _fail("rules", f"expected the rules of {game.name!r}")
    players = state.players
    n = _check_players(players, game)
    if rules.dealer >= n:
        _fail("rules/dealer", f"there are only {n} seats")
    hands = state.hands
    if len(hands) != n:
        _fail("hands", f"expected {n} hands, got {len(hands)}")
    stock, discard = state.stock, state.discard
    if not discard:
        _fail("discard", "the discard pile is never empty")
    _check_cards(make_deck(rules.deck, rules.decks_for(n)), [*hands, stock, discard])
    current = state.current
    for name, value in (
        ("current", current),
        ("announce_target", state.announce_target),
        ("top_player", state.top_player),
    ):
        if value is not None and not 0 <= value < n:
            _fail(name, f"no seat {value} in a game of {n} players")
    if state.direction not in (1, -1):
        _fail("direction", "must be 1 or -1")
    phase = state.phase
    outcome = state.outcome()
    if (phase is Phase.OVER) != (outcome is not None):
        _fail("outcome", "an outcome is present exactly when the phase is 'over'")
    if state.is_over is not (phase is Phase.OVER):
        _fail("phase", "is_over is true exactly when the phase is 'over'")
    drawn = state.drawn
    if phase is Phase.AFTER_DRAW:
        if drawn is None or not hands[current] or hands[current][-1] != drawn:
            _fail("drawn", "after a draw the drawn card is the last card of the current hand")
    elif drawn is not None:
        _fail("drawn", "only set after a draw")
    tables = _tables(rules, n)
    top = discard[-1]
    nothing_to_draw = not stock and len(discard) == 1
    sizes = [len(hand) for hand in hands]
    if phase is Phase.AFTER_DRAW:
        _check_after_draw(
            rules=rules,
            tables=tables,
            top=top,
            suit=state.suit,
            drawn=drawn,
            nothing_to_draw=nothing_to_draw,
            announce_target=state.announce_target,
            passes=state.passes,
            penalty=state.penalty,
            moves_played=state.moves_played,
        )
    if outcome is not None:
        _check_outcome_shape(outcome, n)
    _check_table(
        rules=rules,
        tables=tables,
        n=n,
        top=top,
        discard_size=len(discard),
        nothing_to_draw=nothing_to_draw,
        suit=state.suit,
        penalty=state.penalty,
        phase=phase,
        announce_target=state.announce_target,
        top_player=state.top_player,
        passes=state.passes,
        moves_played=state.moves_played,
        hand_sizes=sizes,
    )
    _check_events(
        state._raw_events,
        tables=tables,
        n=n,
        top=top,
        top_player=state.top_player,
        phase=phase,
        hand_sizes=sizes,
    )
    if not isinstance(state.rng, Rng):
        _fail("rng", "expected the state of an Rng")
    if outcome is not None:
        reason = _ending(sizes, state.passes, state.moves_played, rules)
        points = points_table(rules)
        values = [sum(points[c] for c in hand) for hand in hands]
        expected = round_outcome(players, values, rules.scoring, reason)
        for field in ("reason", "winners", "scores", "detail"):
            if getattr(outcome, field) != getattr(expected, field):
                _fail(
                    f"outcome/{field}",
                    f"the engine would record {getattr(expected, field)!r} for these hands",
                )


# -- views ----------------------------------------------------------------------------------------


def _is_int(value: object) -> bool:
    return type(value) is int


def _is_seat(value: object, n: int) -> bool:
    return type(value) is int and 0 <= value < n


def _seat(value: object, n: int, path: str, *, optional: bool = False) -> int | None:
    if value is None and optional:
        return None
    if type(value) is not int:
        _fail(path, "expected a seat number" + (" or null" if optional else ""))
    if not 0 <= value < n:
        _fail(path, f"no seat {value} in a game of {n} players")
    return value


def _card(value: object, path: str) -> Card:
    if type(value) is not Card or not 0 <= value < _CARD_COUNT:
        _fail(path, "expected a card")
    return value


def _cards(value: object, path: str, most: int) -> tuple[Card, ...]:
    if type(value) is not tuple:
        _fail(path, "expected a tuple of cards")
    if len(value) > most:
        _fail(path, f"more cards than the deck holds ({most})")
    for i, card in enumerate(value):
        _card(card, f"{path}/{i}")
    return value


def _count(value: object, path: str, most: int) -> int:
    if type(value) is not int or not 0 <= value <= most:
        _fail(path, f"expected an integer from 0 to {most}")
    return value


def check_view_fields(
    view: object, game: Game[Any] | None = None
) -> tuple[Game[Any], SheddingRules]:
    """Check every field of a shedding view, and that they agree with each other.

    This is what `Game.sample_state` needs to deal a consistent state: types and ranges, card
    counts adding up to the deck of the rules, the cards the viewer knows being cards of that
    deck, the phase, suit, penalty and announcement consistent, and, after another player's
    draw, a card left that fits where the rules say it must.

    Returns:
        The view's game and rules (the game's default rules when the view has none).

    Raises:
        InvalidStateError: naming the path of the first impossible field.
    """
    if not isinstance(view, SheddingView):
        raise InvalidStateError("", "expected a shedding view")
    game = _shedding_game(view.game, "game", game)
    rules = view.rules
    if rules is None:
        rules = game.default_rules
    elif type(rules) is not game.rules_type:
        _fail("rules", f"expected the rules of {game.name!r}")
    assert isinstance(rules, SheddingRules)
    players = view.players
    if type(players) is not tuple or len(players) > game.max_players:
        _fail("players", f"expected a tuple of at most {game.max_players} names")
    n = _check_players(players, game)
    if rules.dealer >= n:
        _fail("rules/dealer", f"there are only {n} seats")
    viewer = _seat(view.viewer, n, "viewer", optional=True)
    deck = make_deck(rules.deck, rules.decks_for(n))
    size = len(deck)
    hand: tuple[Card, ...] | None = None
    if viewer is None:
        if view.hand is not None:
            _fail("hand", "a spectator holds no hand")
    else:
        hand = _cards(view.hand, "hand", size)
    sizes = view.hand_sizes
    if type(sizes) is not tuple or len(sizes) != n:
        _fail("hand_sizes", f"expected {n} hand sizes")
    for i, value in enumerate(sizes):
        _count(value, f"hand_sizes/{i}", size)
    if hand is not None and viewer is not None and len(hand) != sizes[viewer]:
        _fail("hand", f"expected {sizes[viewer]} cards, as hand_sizes says")
    top = _card(view.top, "top")
    suit = view.suit
    if suit is not None and type(suit) is not Suit:
        _fail("suit", "expected a suit or null")
    penalty = view.penalty
    if not _is_int(penalty):
        _fail("penalty", "expected an integer")
    current = _seat(view.current, n, "current")
    assert current is not None
    if not _is_int(view.direction) or view.direction not in (1, -1):
        _fail("direction", "must be 1 or -1")
    phase = view.phase
    if type(phase) is not Phase:
        _fail("phase", "expected a phase")
    to_act = view.to_act
    if type(to_act) is not tuple or len(to_act) > n:
        _fail("to_act", "expected a tuple of seats")
    for i, seat in enumerate(to_act):
        _seat(seat, n, f"to_act/{i}")
    if len(set(to_act)) != len(to_act):
        _fail("to_act", "each seat at most once")
    if (phase is Phase.OVER) != (not to_act) or (to_act and to_act[0] != current):
        _fail("to_act", "the current player acts first, until the round is over")
    stock_size = _count(view.stock_size, "stock_size", size)
    discard = _cards(view.discard, "discard", size)
    if not discard:
        _fail("discard", "the discard pile is never empty")
    if discard[-1] != top:
        _fail("top", "the top card is the last card of the discard pile")
    if sum(sizes) + stock_size + len(discard) != size:
        _fail(
            "stock_size",
            f"the hands, the stock and the discard pile hold {size} cards with these rules",
        )
    known = Counter(discard)
    if hand is not None:
        known.update(hand)
    surplus = known - Counter(deck)
    if surplus:
        where = "hand" if hand is not None and any(c in hand for c in surplus) else "discard"
        _fail(where, f"more {min(surplus)} than the deck holds")
    revealed = view.hands
    if phase is Phase.OVER:
        known = Counter(discard)
        for seat, cards in enumerate(_revealed_hands(revealed, sizes, size)):
            if seat == viewer and cards != hand:
                _fail(f"hands/{seat}", "the viewer's own hand, as 'hand' shows it")
            known.update(cards)
        surplus = known - Counter(deck)
        if surplus:
            _fail("hands", f"more {min(surplus)} than the deck holds")
    elif revealed is not None:
        _fail("hands", "every hand is shown only once the round is over")
    drawn = view.drawn
    if drawn is not None:
        drawn = _card(drawn, "drawn")
    announce_target = _seat(view.announce_target, n, "announce_target", optional=True)
    top_player = _seat(view.top_player, n, "top_player", optional=True)
    passes = view.passes
    if not _is_int(passes):
        _fail("passes", "expected an integer")
    moves_played = view.moves_played
    if not _is_int(moves_played):
        _fail("moves_played", "expected an integer")
    tables = _tables(rules, n)
    nothing_to_draw = stock_size == 0 and len(discard) == 1
    if phase is Phase.AFTER_DRAW:
        if viewer == current:
            if drawn is None or hand is None or drawn not in hand:
                _fail("drawn", "after their draw the drawer sees the drawn card in their hand")
        elif drawn is not None:
            _fail("drawn", "only the drawer sees the drawn card")
        if not sizes[current]:
            _fail("hand_sizes", "the drawer holds the drawn card")
        _check_after_draw(
            rules=rules,
            tables=tables,
            top=top,
            suit=suit,
            drawn=drawn,
            nothing_to_draw=nothing_to_draw,
            announce_target=announce_target,
            passes=passes,
            penalty=penalty,
            moves_played=moves_played,
        )
        if drawn is None and viewer != current:
            _check_hidden_draw(rules, tables, deck, known, top, suit, nothing_to_draw)
    elif drawn is not None:
        _fail("drawn", "only set after a draw")
    outcome = view.outcome
    if (phase is Phase.OVER) != (outcome is not None):
        _fail("outcome", "an outcome is present exactly when the phase is 'over'")
    if outcome is not None:
        if type(outcome) is not Outcome or not _outcome_types(outcome):
            _fail("outcome", "expected an outcome")
        _check_outcome_shape(outcome, n)
    _check_table(
        rules=rules,
        tables=tables,
        n=n,
        top=top,
        discard_size=len(discard),
        nothing_to_draw=nothing_to_draw,
        suit=suit,
        penalty=penalty,
        phase=phase,
        announce_target=announce_target,
        top_player=top_player,
        passes=passes,
        moves_played=moves_played,
        hand_sizes=sizes,
    )
    if outcome is not None:
        reason = _ending(sizes, passes, moves_played, rules)
        if outcome.reason is not reason:
            _fail("outcome/reason", f"these counts end the round with {reason.value!r}")
        if reason is Termination.WENT_OUT and outcome.winners != (sizes.index(0),):
            _fail("outcome/winners", "the player who went out wins the round")
        assert revealed is not None
        points = points_table(rules)
        values = [sum(points[c] for c in cards) for cards in revealed]
        expected = round_outcome(players, values, rules.scoring, reason)
        for name in ("winners", "scores", "detail"):
            if getattr(outcome, name) != getattr(expected, name):
                _fail(
                    f"outcome/{name}",
                    f"the engine would record {getattr(expected, name)!r} for these hands",
                )
    moves = view.legal_moves
    if type(moves) is not tuple or (viewer is None and moves):
        _fail("legal_moves", "expected the viewer's moves (none for a spectator)")
    for i, move in enumerate(moves):
        if type(move) not in game.move_types.values() or move.player != viewer:
            _fail(f"legal_moves/{i}", "expected a move of this game by the viewer")
    events = view.events
    if type(events) is not tuple:
        _fail("events", "expected a tuple of events")
    kinds = tuple(game.event_types.values())
    for i, event in enumerate(events):
        if type(event) not in kinds:
            _fail(f"events/{i}", "expected an event of this game")
    _check_events(
        _records(events),
        tables=tables,
        n=n,
        top=top,
        top_player=top_player,
        phase=phase,
        hand_sizes=sizes,
    )
    return game, rules


def _records(events: Sequence[Any]) -> tuple[RawEvent, ...]:
    """Events as the engine stores them: ``(event class, *fields)``."""
    return tuple((type(e), *(getattr(e, f.name) for f in attrs.fields(type(e)))) for e in events)


def _revealed_hands(
    revealed: object, sizes: Sequence[int], most: int
) -> tuple[tuple[Card, ...], ...]:
    """The hands a view of a finished round shows: one per seat, sorted, as big as counted."""
    if type(revealed) is not tuple or len(revealed) != len(sizes):
        _fail("hands", f"once the round is over, every hand ({len(sizes)}), by seat")
    hands: list[tuple[Card, ...]] = []
    for seat, cards in enumerate(revealed):
        cards = _cards(cards, f"hands/{seat}", most)
        if len(cards) != sizes[seat]:
            _fail(f"hands/{seat}", f"expected {sizes[seat]} cards, as hand_sizes says")
        if list(cards) != sorted(cards):
            _fail(f"hands/{seat}", "a hand is shown sorted")
        hands.append(cards)
    return tuple(hands)


def _outcome_types(outcome: Outcome) -> bool:
    return (
        type(outcome.reason) is Termination
        and type(outcome.winners) is tuple
        and all(_is_int(w) for w in outcome.winners)
        and type(outcome.scores) is tuple
        and all(_is_int(s) for s in outcome.scores)
        and type(outcome.detail) is str
    )


def _check_hidden_draw(
    rules: SheddingRules,
    tables: _Tables,
    deck: Sequence[Card],
    known: Counter[Card],
    top: Card,
    suit: Suit | None,
    nothing_to_draw: bool,
) -> None:
    """Another player drew: when the rules say the drawn card fits, one that fits is hidden."""
    must_fit = rules.after_draw is AfterDraw.MUST_PLAY or (
        rules.draw_until_playable and not nothing_to_draw
    )
    if not must_fit:
        return
    hidden = Counter(deck) - known
    if not any(card_fits(tables, top, suit, card) for card in hidden):
        _fail("phase", "no card the viewer cannot see fits as the drawn card")


def check_view(view: object, game: Game[Any] | None = None) -> None:
    """Check that ``view`` is what a player of a reachable position is shown.

    First `check_view_fields`; then a state is sampled from the view and must show the same
    view back (so the legal moves, the seats to act and the events are the engine's own).

    Raises:
        InvalidStateError: naming the path of the first impossible field.
    """
    game, _ = check_view_fields(view, game)
    assert isinstance(view, SheddingView)
    from cardgames.shedding.deal import sample_state

    again = sample_state(view, Rng.from_seed(0)).view(view.viewer)
    if view.rules is None:
        again = attrs.evolve(again, rules=None)
    if again == view:
        return
    for field in attrs.fields(SheddingView):
        if getattr(again, field.name) != getattr(view, field.name):
            _fail(field.name, "not what the position shows (the rest of the view says otherwise)")
    _fail("", "not what the position shows")  # pragma: no cover - some field differs
