"""Toy Pile: a tiny game that implements the whole `cardgames.game` protocol, for the tests.

It is not shipped. The conformance meta-tests run the shared suite on it, and on broken copies
of it, to show what the suite catches.

The rules:

- 2 to 4 players and a 12-card deck: the 2 to 7 of hearts and of spades.
- Shuffle (with the seeded `Rng` kept in the state) and deal 3 cards to each player, one at a
  time from seat 0; the other cards form the stock, top card first.
- Seat 0 starts; play goes clockwise (increasing seats), one move per turn.
- On your turn, lay any card from your hand face up on the pile (``lay 3H``), or take the top
  card of the stock into your hand (``take``) if the stock is not empty. Laid cards are public;
  a taken card is seen only by its taker.
- A player who lays their last card wins at once (`Termination.WENT_OUT`). Otherwise the game
  ends after ``max_moves`` moves (`Termination.TURN_LIMIT`): the fewest cards wins, ties share.
- Scores are the cards left in each hand (lower is better).

Every move either lays a card (which never comes back) or takes one from the stock, so a game
lasts at most 12 moves even without the cap.

>>> state = new_game(["Ann", "Bob"], seed=7, deck=DECK)  # a fixed order: 2H..7H, 2S..7S
>>> [format_cards(hand) for hand in state.hands]
['2H 4H 6H', '3H 5H 7H']
>>> state.legal_moves()
<LegalMoves: lay 2H, lay 4H, lay 6H, take>
>>> state = state.apply(state.parse_move("take"))
>>> state.hands[0][-1], len(state.stock), state.to_act
(Card.parse('2S'), 5, (1,))
>>> state.view(1).events
(Took(player=0, card=None),)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, TypeAlias, TypeVar

import attrs

from cardgames.cards import Card, Rank, Suit, format_cards, parse_cards, remove_card
from cardgames.codec import decode, dump_document, encode, load_document
from cardgames.errors import (
    IllegalMoveError,
    InvalidRulesError,
    InvalidStateError,
    ParseError,
    UnknownGameError,
)
from cardgames.game import (
    Event,
    Game,
    LegalMoves,
    Move,
    Outcome,
    State,
    Termination,
    View,
    find_game,
    player_names,
    register,
)
from cardgames.options import RulesBase, option
from cardgames.rng import Rng
from cardgames.testing import Hooks

from conformance import AnyState

if TYPE_CHECKING:
    from typing_extensions import Self

__all__ = [
    "DECK",
    "EVENT_TYPES",
    "GAME",
    "HAND_SIZE",
    "MOVE_TYPES",
    "PRESETS",
    "STATE_DOCUMENT",
    "Dealt",
    "GameOver",
    "Laid",
    "Lay",
    "Take",
    "Took",
    "ToyMove",
    "ToyRules",
    "ToyState",
    "ToyView",
    "candidate_moves",
    "ensure_registered",
    "make_game",
    "new_game",
    "sample_state",
    "scramble",
    "toy_hooks",
]

DECK: tuple[Card, ...] = tuple(
    Card(rank, suit) for suit in (Suit.HEARTS, Suit.SPADES) for rank in Rank if rank <= Rank.SEVEN
)
"""The 12 cards, in code order."""

HAND_SIZE = 3
"""Cards dealt to each player."""


# -- rules ----------------------------------------------------------------------------------------


@attrs.frozen
class ToyRules(RulesBase):
    """The rules of Toy Pile: only the move cap is an option."""

    game_name: ClassVar[str] = "toy-pile"
    max_moves: int = option(50, "The game ends after this many moves.", minimum=1, maximum=1000)


PRESETS: dict[str, ToyRules] = {"standard": ToyRules(), "short": ToyRules(max_moves=4)}
"""Named rules: the default first, then a cap short enough to end most games."""


# -- moves and events -----------------------------------------------------------------------------


@attrs.frozen(cache_hash=True)
class Lay(Move):
    """Lay ``card`` from the hand on the pile."""

    kind: ClassVar[str] = "lay"
    card: Card

    def __str__(self) -> str:
        return f"lay {self.card}"


@attrs.frozen(cache_hash=True)
class Take(Move):
    """Take the top card of the stock."""

    kind: ClassVar[str] = "take"

    def __str__(self) -> str:
        return self.kind


ToyMove: TypeAlias = Lay | Take
"""A move of Toy Pile."""


@attrs.frozen
class Dealt(Event):
    """The cards were dealt: ``hand_size`` to each of ``players`` players."""

    kind: ClassVar[str] = "dealt"
    players: int
    hand_size: int


@attrs.frozen
class Laid(Event):
    """``player`` laid ``card`` face up on the pile."""

    kind: ClassVar[str] = "laid"
    player: int
    card: Card


@attrs.frozen
class Took(Event):
    """``player`` took the top card of the stock; ``card`` is ``None`` for everyone else."""

    kind: ClassVar[str] = "took"
    player: int
    card: Card | None = None

    def redacted_for(self, viewer: int | None) -> Self:
        """Hide the card from anyone but its taker."""
        if viewer == self.player or self.card is None:
            return self
        return attrs.evolve(self, card=None)


@attrs.frozen
class GameOver(Event):
    """The game ended with ``outcome``."""

    kind: ClassVar[str] = "game_over"
    outcome: Outcome


MOVE_TYPES: dict[str, type[Move]] = {cls.kind: cls for cls in (Lay, Take)}
EVENT_TYPES: dict[str, type[Event]] = {cls.kind: cls for cls in (Dealt, Laid, Took, GameOver)}


# -- view -----------------------------------------------------------------------------------------


@attrs.frozen
class ToyView(View):
    """What one player (or a spectator) sees: built field by field from an allow-list.

    Attributes:
        game: The game's name (for the JSON envelope).
        players: The players' names, by seat.
        hand: The viewer's own hand, sorted (``None`` for a spectator).
        hand_sizes: How many cards each player holds.
        pile: The laid cards, bottom first (all face up).
        stock_size: How many cards are left in the stock.
        current: Whose turn it is.
        to_act: The seats that may move now.
        moves_played: Moves since the deal.
        legal_moves: The viewer's legal moves (none for a spectator).
        events: The last transition's events, redacted for the viewer.
        outcome: The result once the game is over.
    """

    game: str
    players: tuple[str, ...]
    hand: tuple[Card, ...] | None
    hand_sizes: tuple[int, ...]
    pile: tuple[Card, ...]
    stock_size: int
    current: int
    to_act: tuple[int, ...]
    moves_played: int
    legal_moves: tuple[Move, ...]
    events: tuple[Event, ...]
    outcome: Outcome | None

    def to_json(self) -> str:
        """Serialize the view (what a frontend would send to that player)."""
        return dump_document("view", self.game, encode(self))


# -- state ----------------------------------------------------------------------------------------


@attrs.frozen
class _StateDocument:
    """The JSON payload of a state (private fields made public)."""

    rules: ToyRules
    players: tuple[str, ...]
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    pile: tuple[Card, ...]
    current: int
    moves_played: int
    rng: tuple[int, int, int, int]
    outcome: Outcome | None
    events: tuple[Event, ...]


STATE_DOCUMENT: type = _StateDocument
"""The class a state document's ``data`` is decoded into (for a test's schema parts)."""


def _replace_hand(
    hands: tuple[tuple[Card, ...], ...], seat: int, hand: tuple[Card, ...]
) -> tuple[tuple[Card, ...], ...]:
    return (*hands[:seat], hand, *hands[seat + 1 :])


@attrs.frozen(repr=False, cache_hash=True)
class ToyState(State[ToyRules, ToyMove, ToyView]):
    """A position of Toy Pile: frozen (tuples all the way down) and compared by value.

    Create one with `new_game` (or `Game.new_game`) or `from_json`; advance it with `apply`.

    Attributes:
        players: The players' names, by seat.
        hands: Every hand, by seat, in the order the cards were received.
        stock: The stock, top card first.
        pile: The laid cards, bottom first.
        current: The seat whose turn it is (after the end: the seat that would be next).
        moves_played: Moves applied since the deal.
        rng: The RNG after the deal (never shown to players).
    """

    GAME: ClassVar[Game[Any]]
    """The descriptor of the game this class plays (set by `make_game`)."""

    _rules: ToyRules
    players: tuple[str, ...]
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    pile: tuple[Card, ...]
    current: int
    moves_played: int
    rng: Rng
    _outcome: Outcome | None
    _events: tuple[Event, ...]

    # -- creation ---------------------------------------------------------------------------------

    @classmethod
    def deal(
        cls,
        players: int | Sequence[str],
        *,
        seed: int,
        rules: ToyRules | None = None,
        deck: Sequence[Card] | str | None = None,
    ) -> Self:
        """Deal a new game (see `Game.new_game`).

        Raises:
            InvalidRulesError: for a bad number of players, rules of another game or a deck that
                is not exactly the 12 cards.
        """
        game = cls.GAME
        if rules is None:
            rules = game.default_rules
        if not isinstance(rules, ToyRules):
            raise InvalidRulesError("rules", rules, "expected ToyRules")
        names = player_names(players, game)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"seed must be an int, not {type(seed).__name__}")
        rng = Rng.from_seed(seed)
        if deck is None:
            order, rng = rng.shuffle(DECK)
        else:
            order = parse_cards(deck) if isinstance(deck, str) else tuple(deck)
            if sorted(order) != sorted(DECK):
                raise InvalidRulesError(
                    "deck", len(order), f"expected exactly {format_cards(DECK)}"
                )
        n = len(names)
        hands = tuple(order[seat : n * HAND_SIZE : n] for seat in range(n))
        return cls(
            rules=rules,
            players=names,
            hands=hands,
            stock=order[n * HAND_SIZE :],
            pile=(),
            current=0,
            moves_played=0,
            rng=rng,
            outcome=None,
            events=(Dealt(n, HAND_SIZE),),
        )

    # -- protocol ---------------------------------------------------------------------------------

    @property
    def game(self) -> Game[Any]:
        """The descriptor of this state's game."""
        return type(self).GAME

    @property
    def rules(self) -> ToyRules:
        """The rules of this game."""
        return self._rules

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seat whose turn it is; empty once the game is over."""
        return () if self.is_over else (self.current,)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self._outcome is not None

    def outcome(self) -> Outcome | None:
        """The result once the game is over (scores: cards left, lower is better)."""
        return self._outcome

    @property
    def last_events(self) -> tuple[Event, ...]:
        """The events of the move that produced this state (or of the deal), unredacted."""
        return self._events

    def legal_moves(self, player: int | None = None) -> LegalMoves[ToyMove]:
        """The legal moves of ``player`` (default: the current player): lay each card of the hand
        in card order, then take if the stock is not empty.
        """
        if self.is_over or player not in (None, self.current):
            return LegalMoves(())
        seat = self.current
        moves: list[ToyMove] = [Lay(seat, card) for card in sorted(self.hands[seat])]
        if self.stock:
            moves.append(Take(seat))
        return LegalMoves(tuple(moves))

    def apply(self, move: ToyMove) -> Self:
        """Return the state after ``move``.

        Raises:
            IllegalMoveError: with a machine-readable ``reason`` (``not_a_move``,
                ``wrong_game``, ``game_over``, ``unknown_player``, ``not_your_turn``,
                ``card_not_in_hand``, ``stock_empty``); this state is unchanged.
        """
        refusal = self._refusal(move)
        if refusal is not None:
            raise refusal
        return self._transition(move)

    def _refusal(self, move: object) -> IllegalMoveError | None:
        """Why ``move`` is illegal here, or ``None`` if it is legal."""
        if not isinstance(move, Move):
            return IllegalMoveError(move, None, "not_a_move", f"got {type(move).__name__}")
        player = move.player
        if not isinstance(move, (Lay, Take)):
            return IllegalMoveError(move, player, "wrong_game", "not a move of Toy Pile")
        if self.is_over:
            return IllegalMoveError(move, player, "game_over", "the game is over")
        if isinstance(player, bool) or not isinstance(player, int):
            return IllegalMoveError(move, player, "unknown_player", "seats are integers")
        if not 0 <= player < len(self.players):
            return IllegalMoveError(move, player, "unknown_player", f"there is no seat {player}")
        if player != self.current:
            return IllegalMoveError(
                move, player, "not_your_turn", f"it is seat {self.current}'s turn"
            )
        if isinstance(move, Lay) and move.card not in self.hands[player]:
            return IllegalMoveError(
                move, player, "card_not_in_hand", f"{move.card} is not in seat {player}'s hand"
            )
        if isinstance(move, Take) and not self.stock:
            return IllegalMoveError(move, player, "stock_empty", "there is nothing to take")
        return None

    def _transition(self, move: ToyMove) -> Self:
        """The state after a move already known to be legal."""
        seat = move.player
        hand = self.hands[seat]
        stock, pile = self.stock, self.pile
        event: Event
        if isinstance(move, Lay):
            hand = remove_card(hand, move.card)
            pile = (*pile, move.card)
            event = Laid(seat, move.card)
        else:
            hand = (*hand, stock[0])
            event = Took(seat, stock[0])
            stock = stock[1:]
        hands = _replace_hand(self.hands, seat, hand)
        moves_played = self.moves_played + 1
        reason = self._ending(hands, moves_played)
        outcome = None if reason is None else _outcome(reason, hands, self.players)
        events = (event,) if outcome is None else (event, GameOver(outcome))
        return attrs.evolve(
            self,
            hands=hands,
            stock=stock,
            pile=pile,
            current=(seat + 1) % len(self.players),
            moves_played=moves_played,
            outcome=outcome,
            events=events,
        )

    def _ending(self, hands: tuple[tuple[Card, ...], ...], moves_played: int) -> Termination | None:
        """Why the game ends after a move that leaves these hands, or ``None``."""
        if not all(hands):
            return Termination.WENT_OUT
        if moves_played >= self._rules.max_moves:
            return Termination.TURN_LIMIT
        return None

    def view(self, player: int | None) -> ToyView:
        """What ``player`` sees (``None``: a spectator)."""
        if player is not None and not 0 <= player < len(self.players):
            raise ValueError(f"no seat {player} in a game of {len(self.players)} players")
        return ToyView(
            viewer=player,
            game=self.game.name,
            players=self.players,
            hand=None if player is None else tuple(sorted(self.hands[player])),
            hand_sizes=tuple(len(hand) for hand in self.hands),
            pile=self.pile,
            stock_size=len(self.stock),
            current=self.current,
            to_act=self.to_act,
            moves_played=self.moves_played,
            legal_moves=() if player is None else self.legal_moves(player).as_tuple(),
            events=tuple(event.redacted_for(player) for event in self._events),
            outcome=self._outcome,
        )

    def all_cards(self) -> tuple[Card, ...]:
        """Every card in hands, stock and pile, sorted."""
        return tuple(sorted([*self.stock, *self.pile, *(c for h in self.hands for c in h)]))

    # -- notation ---------------------------------------------------------------------------------

    def format_move(self, move: ToyMove) -> str:
        """Write a move: ``lay 3H`` or ``take``."""
        if isinstance(move, (Lay, Take)):
            return str(move)
        raise TypeError(f"not a move of Toy Pile: {move!r}")

    def parse_move(self, text: str, player: int | None = None) -> ToyMove:
        """Read ``lay CARD`` or ``take`` (case-insensitive) for ``player`` (default: current).

        Raises:
            ParseError: if the text is not a move of Toy Pile.
        """
        if not isinstance(text, str):
            raise ParseError(text, "a move in text")
        who = self.current if player is None else player
        words = text.split()
        head = words[0].casefold() if words else ""
        if head == "take" and len(words) == 1:
            return Take(who)
        if head == "lay" and len(words) == 2:
            return Lay(who, Card.parse(words[1]))
        raise ParseError(text, "'lay CARD' or 'take'")

    # -- serialization ----------------------------------------------------------------------------

    def _document(self) -> _StateDocument:
        return _StateDocument(
            rules=self._rules,
            players=self.players,
            hands=self.hands,
            stock=self.stock,
            pile=self.pile,
            current=self.current,
            moves_played=self.moves_played,
            rng=self.rng.state,
            outcome=self._outcome,
            events=self._events,
        )

    def to_json(self) -> str:
        """Serialize the whole state (hidden cards and RNG included)."""
        return dump_document("state", self.game.name, encode(self._document()))

    @classmethod
    def from_json(cls, text: str | bytes) -> Self:
        """Load a state written by `to_json`, checking it thoroughly.

        Raises:
            InvalidStateError: naming what is wrong.
        """
        data = load_document(text, "state", cls.GAME.name)
        doc: _StateDocument = decode(_StateDocument, data, "/data", tagged=EVENT_TYPES)
        return cls._checked(doc)

    @classmethod
    def _checked(cls, doc: _StateDocument) -> Self:
        def fail(path: str, problem: str) -> InvalidStateError:
            return InvalidStateError(f"/data/{path}" if path else "/data", problem)

        game = cls.GAME
        n = len(doc.players)
        if not game.min_players <= n <= game.max_players:
            raise fail("players", f"{game.title} takes {game.min_players} to {game.max_players}")
        if any(not p.strip() for p in doc.players) or len({p.casefold() for p in doc.players}) != n:
            raise fail("players", "names must be non-empty and different")
        if len(doc.hands) != n:
            raise fail("hands", f"expected {n} hands, got {len(doc.hands)}")
        have = Counter([*doc.stock, *doc.pile, *(c for h in doc.hands for c in h)])
        want = Counter(DECK)
        if have != want:
            extra = format_cards(sorted((have - want).elements()))
            missing = format_cards(sorted((want - have).elements()))
            raise fail("", f"the cards are not the deck's (extra: {extra!r}; missing: {missing!r})")
        if not 0 <= doc.moves_played <= doc.rules.max_moves:
            raise fail("moves_played", f"must be 0 to {doc.rules.max_moves}")
        taken = len(DECK) - n * HAND_SIZE - len(doc.stock)
        if taken < 0 or doc.moves_played != len(doc.pile) + taken:
            raise fail("moves_played", "must be the cards laid plus the cards taken")
        if doc.current != doc.moves_played % n:
            raise fail("current", f"seat {doc.moves_played % n} moves after {doc.moves_played}")
        try:
            rng = Rng.from_state(doc.rng)
        except (TypeError, ValueError) as exc:
            raise fail("rng", str(exc)) from None
        state = cls(
            rules=doc.rules,
            players=doc.players,
            hands=doc.hands,
            stock=doc.stock,
            pile=doc.pile,
            current=doc.current,
            moves_played=doc.moves_played,
            rng=rng,
            outcome=doc.outcome,
            events=doc.events,
        )
        reason = state._ending(doc.hands, doc.moves_played)
        expected = None if reason is None else _outcome(reason, doc.hands, doc.players)
        if doc.outcome != expected:
            raise fail("outcome", f"expected {expected!r} for these hands and moves")
        for i, event in enumerate(doc.events):
            seat = getattr(event, "player", 0)
            if isinstance(event, (Laid, Took)) and not 0 <= seat < n:
                raise fail(f"events/{i}/player", f"no seat {seat} in a game of {n} players")
        return state

    def __reduce__(self) -> tuple[Any, ...]:
        return (_load_state, (type(self), self.to_json()))

    def __repr__(self) -> str:
        status = "over" if self.is_over else f"to play: {self.current}"
        return (
            f"<{type(self).__name__} {self.game.name} players={len(self.players)} "
            f"hands={'/'.join(map(format_cards, self.hands))} stock={len(self.stock)} "
            f"pile={len(self.pile)} {status} moves={self.moves_played}>"
        )


def _load_state(cls: type[ToyState], text: str) -> ToyState:
    """Unpickle a state: through its JSON, which is checked."""
    return cls.from_json(text)


def _outcome(
    reason: Termination, hands: tuple[tuple[Card, ...], ...], players: tuple[str, ...]
) -> Outcome:
    scores = tuple(len(hand) for hand in hands)
    low = min(scores)
    winners = tuple(seat for seat, score in enumerate(scores) if score == low)
    names = ", ".join(players[w] for w in winners)
    if reason is Termination.WENT_OUT:
        detail = f"{names} laid their last card"
    else:
        detail = f"the move limit was reached; fewest cards ({low}): {names}"
        if len(winners) > 1:
            detail += " (tied: each wins)"
    return Outcome(reason, winners, scores, detail)


def sample_state(state_type: type[StateT], view: ToyView, rng: Rng) -> StateT:
    """A state of ``state_type`` that shows ``view`` to its viewer: the cards the viewer has not
    seen (other hands, the stock; every hand, for a spectator) dealt at random with ``rng``,
    under the default rules (a view does not show the move cap), the card of another seat's
    `Took` being the last of its taker's hand (whatever the view says of it).
    """
    own = () if view.hand is None else view.hand
    pool = [card for card in DECK if card not in own and card not in view.pile]
    order, rng = rng.shuffle(pool)
    hands: list[tuple[Card, ...]] = []
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.viewer:
            hands.append(own)
        else:
            hands.append(order[:size])
            order = order[size:]
    events = tuple(
        attrs.evolve(e, card=hands[e.player][-1])
        if isinstance(e, Took) and e.player != view.viewer
        else e
        for e in view.events
    )
    return state_type(
        rules=state_type.GAME.default_rules,
        players=view.players,
        hands=tuple(hands),
        stock=order,
        pile=view.pile,
        current=view.current,
        moves_played=view.moves_played,
        rng=rng,
        outcome=view.outcome,
        events=events,
    )


# -- the descriptor -------------------------------------------------------------------------------

StateT = TypeVar("StateT", bound=ToyState)


def make_game(
    state_type: type[StateT],
    name: str = "toy-pile",
    *,
    title: str = "Toy Pile",
    aliases: tuple[str, ...] = (),
    view_type: type[ToyView] = ToyView,
    sampling: bool = True,
) -> Game[StateT]:
    """Build the descriptor of a game played by ``state_type`` (Toy Pile or a copy of it) and
    attach it to the class as ``GAME``. Nothing is registered. Without ``sampling``, the game
    does not implement `Game.sample_state`.
    """

    def deal(
        players: int | Sequence[str],
        *,
        seed: int,
        rules: ToyRules | None,
        deck: Sequence[Card] | str | None,
    ) -> StateT:
        return state_type.deal(players, seed=seed, rules=rules, deck=deck)

    def sample(view: ToyView, rng: Rng) -> StateT:
        return sample_state(state_type, view, rng)

    game: Game[StateT] = Game(
        name=name,
        title=title,
        aliases=aliases,
        min_players=2,
        max_players=4,
        rules_type=ToyRules,
        presets=PRESETS,
        state_type=state_type,
        move_types=MOVE_TYPES,
        event_types=EVENT_TYPES,
        view_type=view_type,
        new_game=deal,
        sample_state=sample if sampling else None,
    )
    state_type.GAME = game
    return game


GAME: Game[ToyState] = make_game(ToyState, aliases=("toy", "pile"))
"""The descriptor of Toy Pile (not registered: see `ensure_registered`)."""


def new_game(
    players: int | Sequence[str],
    *,
    seed: int,
    rules: ToyRules | None = None,
    deck: Sequence[Card] | str | None = None,
) -> ToyState:
    """Deal a game of Toy Pile (see `Game.new_game`)."""
    return GAME.new_game(players, seed=seed, rules=rules, deck=deck)


def ensure_registered() -> Game[Any]:
    """Register Toy Pile under ``"toy-pile"`` unless that name is taken; return the game found.

    Idempotent, and safe if this module was imported twice under two names: the first
    registration wins. Importing the module registers nothing.
    """
    try:
        return find_game(GAME.name)
    except UnknownGameError:
        return register(GAME)


# -- conformance plumbing -------------------------------------------------------------------------

_OUTSIDER = Card(Rank.ACE, Suit.CLUBS)
"""A card that is not in the deck, for illegal candidate moves."""


def candidate_moves(state: AnyState) -> Iterator[Move]:
    """Every lay (each seat, one past each end, each card and one outsider) and every take."""
    for seat in range(-1, len(state.players) + 1):
        for card in (*DECK, _OUTSIDER):
            yield Lay(seat, card)
        yield Take(seat)


def _took_card(event: Event, hands: tuple[tuple[Card, ...], ...], viewer: int) -> Event:
    """A `Took` event of a hidden taker names the card that is now last in their hand."""
    if isinstance(event, Took) and event.player != viewer and event.card is not None:
        return attrs.evolve(event, card=hands[event.player][-1])
    return event


def scramble(state: AnyState, viewer: int, rnd: random.Random) -> ToyState:
    """Re-deal what ``viewer`` has not seen: other hands, the stock, the RNG, the card named by
    a hidden `Took` event (``viewer`` -1: a spectator, who has seen no hand).
    """
    assert isinstance(state, ToyState)
    hidden = [seat for seat in range(len(state.players)) if seat != viewer]
    pool = [*state.stock, *(card for seat in hidden for card in state.hands[seat])]
    rnd.shuffle(pool)
    hands = list(state.hands)
    for seat in hidden:
        size = len(hands[seat])
        hands[seat], pool = tuple(pool[:size]), pool[size:]
    new_hands = tuple(hands)
    return attrs.evolve(
        state,
        hands=new_hands,
        stock=tuple(pool),
        rng=Rng.from_seed(rnd.randrange(2**64)),
        events=tuple(_took_card(e, new_hands, viewer) for e in state.last_events),
    )


def toy_hooks(
    scrambler: Callable[[AnyState, int | None, random.Random], AnyState] | None = None,
) -> Hooks:
    """The conformance kit's hooks for Toy Pile: every lay and take as candidates, and a
    re-deal of what a seat has not seen (default: `scramble`).
    """

    def default(state: AnyState, viewer: int | None, rnd: random.Random) -> AnyState:
        return scramble(state, -1 if viewer is None else viewer, rnd)

    return Hooks(
        candidate_moves=candidate_moves, scramble=default if scrambler is None else scrambler
    )
