"""The conformance kit checked on Toy Pile: it passes on the correct game, catches broken ones.

Each broken game below is Toy Pile with one behaviour overridden, played by its own `Game`
descriptor. `cardgames.testing.check_game` must fail on each with an `AssertionError` naming the
property that notices the bug, from the generic draws alone (no hooks: what a game author gets
without writing any), and again with Toy Pile's hooks.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs
import pytest

import cardgames.game
from cardgames.cards import Card, format_cards
from cardgames.errors import IllegalMoveError, InvalidRulesError, ParseError
from cardgames.game import Event, Game, LegalMoves, Termination, find_game
from cardgames.testing import Hooks, check_game

from conformance import AnyState, check_rejects_tampering
from toygame import (
    DECK,
    GAME,
    GameOver,
    Lay,
    Take,
    Took,
    ToyMove,
    ToyState,
    ToyView,
    ensure_registered,
    make_game,
    new_game,
    scramble,
    toy_hooks,
)

if TYPE_CHECKING:
    from typing_extensions import Self

# -- the correct game -----------------------------------------------------------------------------


EXAMPLES = 20
"""Games each check plays: every broken game below is caught well within them."""


def check(game: Game[Any], hooks: Hooks | None = None) -> None:
    """`check_game` on a copy of Toy Pile, its move cap as the bound on a game's length."""
    check_game(game, examples=EXAMPLES, max_moves=lambda rules: int(rules.max_moves), hooks=hooks)


@pytest.mark.parametrize("hooks", [None, toy_hooks()], ids=["generic", "hooks"])
def test_toy_pile_passes(hooks: Hooks | None) -> None:
    # The control: the broken games below differ from this one by a single override.
    check(GAME, hooks)


def fixed(players: int = 2, max_moves: int = 50) -> ToyState:
    """A deal from the unshuffled deck: seat s gets DECK[s], DECK[s + n], DECK[s + 2n]."""
    return new_game(
        players, seed=1, rules=GAME.default_rules.replace(max_moves=max_moves), deck=DECK
    )


def test_deal_legal_moves_and_notation() -> None:
    state = fixed(3)
    assert [format_cards(h) for h in state.hands] == ["2H 5H 2S", "3H 6H 3S", "4H 7H 4S"]
    assert format_cards(state.stock) == "5S 6S 7S"
    assert repr(state.legal_moves()) == "<LegalMoves: lay 2H, lay 5H, lay 2S, take>"
    assert state.parse_move("LAY 5h") == Lay(0, Card.parse("5H"))
    assert state.parse_move("take", 2) == Take(2)
    for text in ("", "lay", "take 2H", "draw"):
        with pytest.raises(ParseError):
            state.parse_move(text)


def test_went_out_and_turn_limit() -> None:
    state = fixed(2)
    for text in ("lay 2H", "lay 3H", "lay 4H", "lay 5H"):
        state = state.apply(state.parse_move(text))
    assert not state.is_over
    state = state.apply(state.parse_move("lay 6H"))
    outcome = state.outcome()
    assert outcome is not None
    assert (outcome.reason, outcome.winners, outcome.scores) == (Termination.WENT_OUT, (0,), (0, 1))
    assert state.to_act == ()
    assert not state.legal_moves()

    capped = fixed(2, max_moves=2).apply(Take(0)).apply(Lay(1, Card.parse("3H")))
    outcome = capped.outcome()
    assert outcome is not None
    assert (outcome.reason, outcome.winners, outcome.scores) == (
        Termination.TURN_LIMIT,
        (1,),
        (4, 2),
    )


def test_illegal_moves_name_their_reason() -> None:
    state = fixed(2)
    cases: list[tuple[object, str]] = [
        (None, "not_a_move"),
        (Lay(1, Card.parse("3H")), "not_your_turn"),
        (Lay(0, Card.parse("3H")), "card_not_in_hand"),
        (Lay(5, Card.parse("2H")), "unknown_player"),
    ]
    for move, reason in cases:
        with pytest.raises(IllegalMoveError) as info:
            state.apply(move)  # type: ignore[arg-type]  # junk on purpose
        assert info.value.reason == reason
    for _ in range(6):
        state = state.apply(Take(state.current))
    with pytest.raises(IllegalMoveError, match="stock_empty"):
        state.apply(Take(state.current))


def test_new_game_refuses_bad_arguments() -> None:
    with pytest.raises(InvalidRulesError, match="players"):
        new_game(5, seed=1)
    with pytest.raises(InvalidRulesError, match="different"):
        new_game(["Ann", "ann"], seed=1)
    with pytest.raises(InvalidRulesError, match="deck"):
        new_game(2, seed=1, deck=DECK[:-1])


def test_taken_card_is_hidden_from_others() -> None:
    state = fixed(2).apply(Take(0))
    assert state.last_events == (Took(0, Card.parse("2S")),)
    assert state.view(0).events == (Took(0, Card.parse("2S")),)
    assert state.view(1).events == state.view(None).events == (Took(0, None),)
    assert "2S" not in state.view(1).to_json()


def _edit(path: tuple[str | int, ...], value: object) -> Callable[[Any], None]:
    def edit(document: Any) -> None:
        target = document["data"]
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return edit


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (("hands", 0, 0), "7S", "extra: '7S'"),
        (("pile", 0), "6H", "extra: '6H'"),
        (("moves_played",), 3, "laid plus the cards taken"),
        (("current",), 1, "/data/current"),
        (("outcome",), None, "/data/outcome"),
        (("rng",), [0, 0, 0, 0], "/data/rng"),
        (("rules", "max_moves"), 0, "/data/rules"),
    ],
)
def test_from_json_refuses_tampering(
    path: tuple[str | int, ...], value: object, message: str
) -> None:
    state = fixed(2).apply(Take(0)).apply(Lay(1, Card.parse("3H"))).apply(Lay(0, Card.parse("2H")))
    state = state.apply(Lay(1, Card.parse("5H"))).apply(Lay(0, Card.parse("4H")))
    state = state.apply(Lay(1, Card.parse("7H")))
    assert state.is_over
    assert message in check_rejects_tampering(GAME, state, _edit(path, value))


def test_registration_is_idempotent(monkeypatch: pytest.MonkeyPatch) -> None:
    # Work on a copy of the registry (the built-in games loaded first, so that they land in the
    # real one): Toy Pile must not leak into other tests' game lists.
    cardgames.game.games()
    monkeypatch.setattr(cardgames.game, "_REGISTRY", dict(cardgames.game._REGISTRY))
    assert ensure_registered() is GAME
    assert ensure_registered() is GAME
    assert find_game("Toy Pile") is find_game("toy") is GAME
    state = fixed(2)
    assert find_game("toy-pile").state_from_json(state.to_json()) == state


# -- broken games ---------------------------------------------------------------------------------


class LosesLaidCard(ToyState):
    """Bug: a laid card vanishes instead of landing on the pile."""

    def _transition(self, move: ToyMove) -> Self:
        after = super()._transition(move)
        return attrs.evolve(after, pile=after.pile[:-1]) if isinstance(move, Lay) else after


@attrs.frozen
class PeekingView(ToyView):
    """A view with one field too many."""

    next_hand: tuple[Card, ...]


class ShowsNextHand(ToyState):
    """Bug: the view shows the next player's hand (the current player's, to a spectator)."""

    def view(self, player: int | None) -> ToyView:
        base = super().view(player)
        seat = self.current if player is None else (player + 1) % len(self.players)
        return PeekingView(**attrs.asdict(base, recurse=False), next_hand=self.hands[seat])


class UnredactedEvents(ToyState):
    """Bug: views carry the events as they are: everyone sees the card a player took."""

    def view(self, player: int | None) -> ToyView:
        return attrs.evolve(super().view(player), events=self.last_events)


class IgnoresTurn(ToyState):
    """Bug: `apply` forgets to check whose turn it is (a legal move for anyone applies)."""

    def _refusal(self, move: object) -> IllegalMoveError | None:
        if isinstance(move, (Lay, Take)) and move.player in range(len(self.players)):
            return ToyState._refusal(attrs.evolve(self, current=move.player), move)
        return super()._refusal(move)


class TrustsTheHand(ToyState):
    """Bug: `apply` does not check that a laid card is in the hand; `remove_card` then raises
    a bare `ValueError` instead of an `IllegalMoveError`.
    """

    def _refusal(self, move: object) -> IllegalMoveError | None:
        refusal = super()._refusal(move)
        return None if refusal is not None and refusal.reason == "card_not_in_hand" else refusal


class ShuffledMoves(ToyState):
    """Bug: the legal moves come in a random order (from the global `random`)."""

    def legal_moves(self, player: int | None = None) -> LegalMoves[ToyMove]:
        moves = list(super().legal_moves(player))
        random.shuffle(moves)
        return LegalMoves(tuple(moves))


class ForgetsEvents(ToyState):
    """Bug: `to_json` leaves the last events out, so the loaded state differs."""

    def _document(self) -> Any:
        return attrs.evolve(super()._document(), events=())


class IgnoresCap(ToyState):
    """Bug: the ``max_moves`` cap is forgotten (games still end when someone goes out)."""

    def _ending(self, hands: tuple[tuple[Card, ...], ...], moves_played: int) -> Termination | None:
        return None if all(hands) else Termination.WENT_OUT


class NeverEnds(ToyState):
    """Bug: no cap, and a player who lays their last card picks up the pile instead of winning."""

    def _ending(self, hands: tuple[tuple[Card, ...], ...], moves_played: int) -> Termination | None:
        return None

    def _transition(self, move: ToyMove) -> Self:
        after = super()._transition(move)
        seat = move.player
        if after.hands[seat]:
            return after
        hands = (*after.hands[:seat], after.pile, *after.hands[seat + 1 :])
        return attrs.evolve(after, hands=hands, pile=())


@attrs.frozen
class Broken:
    """A broken game and the property that must catch it."""

    state_type: type[ToyState]
    prop: str
    """The property `check_game` names in its error."""
    view_type: type[ToyView] = ToyView


BROKEN = [
    Broken(LosesLaidCard, "invariants"),
    Broken(ShowsNextHand, "views leak nothing", PeekingView),
    Broken(UnredactedEvents, "views leak nothing"),
    Broken(IgnoresTurn, "illegal moves are refused"),
    # The game's own ValueError, where an IllegalMoveError is due.
    Broken(TrustsTheHand, "illegal moves are refused"),
    Broken(ShuffledMoves, "legal moves"),
    Broken(ForgetsEvents, "JSON round trips"),
    Broken(IgnoresCap, "termination"),
    Broken(NeverEnds, "termination"),
]


@pytest.mark.parametrize("hooks", [None, toy_hooks()], ids=["generic", "hooks"])
@pytest.mark.parametrize("broken", BROKEN, ids=[b.state_type.__name__ for b in BROKEN])
def test_kit_catches_broken_game(broken: Broken, hooks: Hooks | None) -> None:
    name = f"toy-pile-{broken.state_type.__name__.lower()}"
    game = make_game(broken.state_type, name, view_type=broken.view_type)
    with pytest.raises(AssertionError) as info:
        check(game, hooks)
    message = str(info.value)
    assert message.startswith(f"check_game({name}): property {broken.prop!r} failed at seed="), (
        message
    )
    assert "players=" in message
    assert "rules=" in message


def test_failure_reproduces_from_its_seed() -> None:
    # The seed in the message replays the failing example alone, with the same message.
    game = make_game(LosesLaidCard, "toy-pile-loses-laid-card")
    with pytest.raises(AssertionError) as first:
        check(game)
    seed = int(str(first.value).split("seed=")[1].split(",")[0])
    with pytest.raises(AssertionError) as again:
        check_game(game, seed=seed, examples=1, max_moves=lambda rules: int(rules.max_moves))
    assert str(again.value) == str(first.value)


class OrderByIdentity(ToyState):
    """Bug: the legal moves' order depends on the state object, not on its value (stable when
    one state is asked twice, not across equal states)."""

    def legal_moves(self, player: int | None = None) -> LegalMoves[ToyMove]:
        moves = list(super().legal_moves(player))
        if (id(self) >> 4) & 1:  # objects are 16-byte aligned: the first bit that varies
            moves.reverse()
        return LegalMoves(tuple(moves))


def test_kit_catches_order_varying_between_equal_states() -> None:
    # The order of the legal moves is compared when the moves are replayed too.
    game = make_game(OrderByIdentity, "toy-pile-order-by-identity")
    with pytest.raises(AssertionError, match="property 'determinism'"):
        check(game)


# -- known gaps -----------------------------------------------------------------------------------


def _scramble_keeping_events(state: AnyState, viewer: int | None, rnd: random.Random) -> AnyState:
    """Re-deal the hidden cards like `toygame.scramble`, but leave the last events as they were."""
    seat = -1 if viewer is None else viewer
    return attrs.evolve(scramble(state, seat, rnd), events=state.last_events)


def test_unredacted_event_caught_by_sample_state_with_naive_scramble() -> None:
    # A scramble that keeps the events misses the secret in them; the state sampled from the
    # view (Game.sample_state) deals the hidden card again, so the kit catches it anyway.
    game = make_game(UnredactedEvents, "toy-pile-unredacted-naive")
    with pytest.raises(AssertionError, match="property 'views leak nothing'"):
        check(game, toy_hooks(scrambler=_scramble_keeping_events))


@pytest.mark.xfail(
    reason="without Game.sample_state, the leak check only compares views across the hook's "
    "scramble: a secret kept in the events (an unredacted Took) goes unnoticed unless the "
    "scramble rewrites the events too",
    raises=pytest.fail.Exception,
    strict=True,
)
def test_unredacted_event_caught_without_sampling_and_event_aware_scramble() -> None:
    game = make_game(UnredactedEvents, "toy-pile-unredacted-unsampled", sampling=False)
    with pytest.raises(AssertionError):
        check(game, toy_hooks(scrambler=_scramble_keeping_events))


class WrongWinner(ToyState):
    """Bug: at the move cap the player with the most cards wins."""

    def _transition(self, move: ToyMove) -> Self:
        after = super()._transition(move)
        outcome = after.outcome()
        if outcome is None or outcome.reason is not Termination.TURN_LIMIT:
            return after
        worst = max(outcome.scores)
        winners = tuple(s for s, score in enumerate(outcome.scores) if score == worst)
        wrong = attrs.evolve(outcome, winners=winners)
        events: tuple[Event, ...] = (*after.last_events[:-1], GameOver(wrong))
        return attrs.evolve(after, outcome=wrong, events=events)


def test_wrong_winner_caught_by_the_loader() -> None:
    # The kit checks only the bounds of an outcome: who wins and the scores need hand-computed
    # fixtures per game. It catches this one because Toy Pile's loader (run on every round
    # trip) recomputes the outcome from the hands and refuses the state the game reached.
    game = make_game(WrongWinner, "toy-pile-wrong-winner")
    with pytest.raises(AssertionError, match=r"property 'JSON round trips'.*/data/outcome"):
        check(game, toy_hooks())
