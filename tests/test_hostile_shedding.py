"""The shedding engine under attack (Crazy Eights, 8 Américain): #12 items 1, 2, 3, 6a and 6b.

Each test tries to break one promise the way a hostile caller would, and runs unchanged against
the pure-Python engine and the mypyc-compiled one of the binary wheel:

- a seat from outside (a query string passed on unconverted, a float, a bool, a cache key's
  name) is checked by every method that takes one, and nothing a caller passes reaches the
  state's cache (``legal_moves("events")`` used to empty a shared state);
- a forged move (a plain ``int`` for a card or a suit, ``True`` or ``1.0`` for a seat, a subclass
  whose ``__eq__`` always says yes, another game's move) is refused with `IllegalMoveError` and
  changes nothing; ``new_game``, ``sample_state``, `Match` and the scoring functions refuse junk
  with typed errors;
- a hand-edited state document loads only if the engine can reach it and play it to the end
  (the engine's invariant checker), and a view document only if a state can be sampled from it;
- under ``after_draw=play_or_pass`` the drawer always decides after a draw, so what the others
  see does not depend on whether the drawn card fits;
- an error raised for a move names no card but the move's own and the public ones.
"""

from __future__ import annotations

import functools
import itertools
import json
import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames import crazy_eights, huit_americain
from cardgames.cards import Card, Suit, make_deck, parse_cards
from cardgames.crazy_eights import Match  # the shared Match, with the game's default rules
from cardgames.errors import (
    CardGamesError,
    IllegalMoveError,
    InvalidArgumentError,
    InvalidRulesError,
    InvalidStateError,
)
from cardgames.game import Game, Move, seat_number
from cardgames.rng import Rng
from cardgames.shedding import (
    AfterDraw,
    CallOut,
    Draw,
    Pass,
    Phase,
    PlayCard,
    Scoring,
    SheddingRules,
    SheddingState,
    SheddingView,
    TakePenalty,
)
from cardgames.shedding import scoring as shedding_scoring
from hostile_support import HOSTILE, Evil, foreign_moves, hostile_values, look_alikes

import shedding_support

CE = crazy_eights.GAME
HA = huit_americain.GAME
GAMES = (CE, HA)
C = Card.parse
Document = dict[str, Any]


# -- positions -------------------------------------------------------------------------------------


def _playout(game: Game[Any], rules: SheddingRules, players: int, seed: int) -> list[SheddingState]:
    chooser = random.Random(seed)
    state: SheddingState = game.new_game(players, seed=seed, rules=rules)
    states = [state]
    while not state.is_over:
        moves = state.legal_moves()
        state = state.apply(moves[chooser.randrange(len(moves))])
        states.append(state)
    return states


@functools.cache
def positions() -> tuple[SheddingState, ...]:
    """Positions of every preset of both games: every seventh state, every after-draw state
    and the last one, loaded from their documents (empty caches, as after loading a save)."""
    found: list[SheddingState] = []
    for game in GAMES:
        for i, rules in enumerate(game.presets.values()):
            for players in (2, 4):
                states = _playout(game, rules, players, seed=700 + i * 10 + players)
                found += [
                    s
                    for k, s in enumerate(states)
                    if k % 7 == 0 or s.phase is Phase.AFTER_DRAW or s.is_over
                ]
    return tuple(game_of(s).state_from_json(s.to_json()) for s in found)


def game_of(state: SheddingState) -> Game[Any]:
    return state.game


def some_positions(count: int, seed: int = 0) -> list[SheddingState]:
    every = positions()
    return random.Random(seed).sample(every, min(count, len(every)))


def fresh(state: SheddingState) -> SheddingState:
    loaded: SheddingState = state.game.state_from_json(state.to_json())
    return loaded


def assert_unchanged(state: SheddingState, text: str) -> None:
    """``state`` is still the state whose document was ``text``, and still plays."""
    again = fresh(state)
    assert state.to_json() == text
    assert state == again
    assert hash(state) == hash(again)
    assert state.last_events == again.last_events
    assert tuple(state.legal_moves()) == tuple(again.legal_moves())
    assert state.to_act == again.to_act
    for seat in range(len(state.players)):
        assert state.view(seat) == again.view(seat)
    for move in state.legal_moves()[:3]:
        assert state.apply(move) == again.apply(move)


def cache_keys(state: SheddingState) -> set[object]:
    return set(getattr(state, "_c"))  # noqa: B009  (white box: the per-state cache)


def play_to_end(state: SheddingState, seed: int, limit: int = 5000) -> SheddingState:
    """Random legal moves to the end, the invariant checker after every one."""
    game = state.game
    chooser = random.Random(seed)
    for _ in range(limit):
        game.check_state(state)
        if state.is_over:
            return state
        moves = state.legal_moves()
        assert moves, "a state that is not over has no legal move"
        state = state.apply(moves[chooser.randrange(len(moves))])
    pytest.fail("the round did not end")


# -- item 1: seats from outside --------------------------------------------------------------------


SEAT_CALLS: dict[str, Callable[[SheddingState, Any], object]] = {
    "legal_moves": lambda s, seat: s.legal_moves(seat),
    "view": lambda s, seat: s.view(seat),
    "parse_move": lambda s, seat: s.parse_move("draw", seat),
}


@pytest.mark.parametrize("call", sorted(SEAT_CALLS))
@pytest.mark.parametrize(
    "seat", ["events", "moves", "hash", "hands", "legal", "0", 1.0, True, -1, 7, 2**64, b"0"]
)
def test_a_seat_that_is_not_a_seat_is_refused_and_changes_nothing(call: str, seat: Any) -> None:
    # The break of #12 item 1: legal_moves("events") stored its answer under the cache key
    # "events", after which the state had no events, no legal moves and no hash.
    for state in some_positions(12, seed=1):
        text = state.to_json()
        state.legal_moves()
        with pytest.raises(InvalidArgumentError) as excinfo:
            SEAT_CALLS[call](state, seat)
        assert excinfo.value.argument == "player"
        assert cache_keys(state) <= {"events", "moves", "hash"}
        assert_unchanged(state, text)
        if not state.is_over:
            assert state.legal_moves()
            state.apply(state.legal_moves()[0])


@HOSTILE
@given(
    index=st.integers(0, 10**6), value=hostile_values(), call=st.sampled_from(sorted(SEAT_CALLS))
)
def test_any_seat_argument_answers_as_its_seat_or_is_refused(
    index: int, value: Any, call: str
) -> None:
    every = positions()
    state = every[index % len(every)]
    text = state.to_json()
    try:
        seat: int | None = seat_number(value, len(state.players))
    except InvalidArgumentError:
        seat = None
    if seat is None and value is not None:
        with pytest.raises(InvalidArgumentError):
            SEAT_CALLS[call](state, value)
    else:
        assert SEAT_CALLS[call](state, value) == SEAT_CALLS[call](fresh(state), seat)
    # Only the engine's own keys are in the cache: nothing the caller passed.
    assert cache_keys(state) <= {"events", "moves", "hash"}
    assert_unchanged(state, text)


def test_the_answers_for_a_seat_are_plain_legal_moves() -> None:
    state = crazy_eights.new_game(3, seed=4)
    for seat in range(3):
        moves = state.legal_moves(seat)
        assert moves == state.view(seat).legal_moves
        assert all(move.player == seat for move in moves)
    assert cache_keys(state) <= {"events", "moves", "hash"}


# -- item 2: forged moves and other outside values -------------------------------------------------


# Hostile calls pass values of the wrong types on purpose: through these, untyped.
EVOLVE: Any = attrs.evolve
FORGE: Any = PlayCard


class _AlwaysEqual(PlayCard):
    """A move of a subclass whose equality says yes to everything."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0


def forgeries(move: Move) -> Iterator[object]:
    """``move`` with one field replaced by a look-alike of another type."""
    for field in attrs.fields(type(move)):
        for alike in look_alikes(getattr(move, field.name)):
            yield EVOLVE(move, **{field.name: alike})


@pytest.mark.parametrize(
    "forge",
    [
        lambda m: FORGE(m.player, int(m.card), m.suit, m.announce, m.target),
        lambda m: FORGE(True if m.player == 1 else m.player, m.card, m.suit, m.announce),
        lambda m: FORGE(float(m.player), m.card, m.suit, m.announce, m.target),
        lambda m: _AlwaysEqual(m.player, m.card, m.suit, m.announce, m.target),
        lambda m: FORGE(m.player, m.card, m.suit, int(m.announce), m.target),
    ],
    ids=["int-card", "bool-seat", "float-seat", "subclass-always-equal", "int-announce"],
)
def test_the_forged_moves_of_the_issue_are_refused(forge: Callable[[PlayCard], object]) -> None:
    # Seat 1 of three plays first: True stands for seat 1.
    state = crazy_eights.new_game(3, seed=4)
    play = next(m for m in state.legal_moves() if isinstance(m, PlayCard))
    assert play.player == 1
    text = state.to_json()
    forged = forge(play)
    with pytest.raises(IllegalMoveError) as excinfo:
        state.apply(forged)
    assert excinfo.value.reason in {"malformed_move", "wrong_game"}
    assert_unchanged(state, text)


def test_an_int_for_a_named_suit_is_refused() -> None:
    state = crazy_eights.new_game(2, seed=3)
    wild = next(m for m in state.legal_moves() if isinstance(m, PlayCard) and m.suit is not None)
    assert wild.suit is not None
    with pytest.raises(IllegalMoveError) as excinfo:
        state.apply(PlayCard(wild.player, wild.card, int(wild.suit)))  # type: ignore[arg-type]
    assert excinfo.value.reason == "malformed_move"
    assert excinfo.value.detail == "the named suit must be a Suit or None"


def stacked(hands: list[str], starter: str, stock: str) -> list[Card]:
    """A deck order dealing ``hands`` (one card at a time from seat 1), then ``starter`` and
    ``stock``, then the other cards."""
    parsed = [parse_cards(hand) for hand in hands]
    n = len(parsed)
    order = [parsed[(1 + k) % n][i] for i in range(len(parsed[0])) for k in range(n)]
    order += [C(starter), *parse_cards(stock)]
    return order + [c for c in make_deck() if c not in order]


# Seat 1 holds no club and no 5: on the 5 of clubs it must draw (the queen of clubs, which fits,
# or the 2 of hearts, which does not).
NO_CLUB_NO_FIVE = ["2C 8D 2S 3S 4S 6S 7S", "3H 4H 6H 7H 9H 10H KH", "3D 4D 6D 7D 9D 10D KD"]


def test_a_draw_by_a_look_alike_seat_is_refused() -> None:
    state = crazy_eights.new_game(3, seed=1, deck=stacked(NO_CLUB_NO_FIVE, "5C", "QC 2H"))
    assert state.legal_moves() == (Draw(1),)
    text = state.to_json()
    for seat in (True, 1.0, Evil()):
        with pytest.raises(IllegalMoveError) as excinfo:
            state.apply(Draw(seat))  # type: ignore[arg-type]
        assert excinfo.value.reason == "malformed_move"
        assert excinfo.value.player is None
    assert_unchanged(state, text)
    after = state.apply(Draw(1))  # an equal move of the caller's: the engine continues with its own
    assert after == state.apply(state.legal_moves()[0])
    assert type(EVOLVE(after.last_events[0]).player) is int
    assert after.game.state_from_json(after.to_json()) == after


@HOSTILE
@given(index=st.integers(0, 10**6), data=st.data())
def test_forged_and_foreign_moves_are_refused(index: int, data: Any) -> None:
    every = positions()
    state = every[index % len(every)]
    text = state.to_json()
    legal = state.legal_moves()
    candidates: list[object] = [*FOREIGN, Evil(), None, "draw", 3, object()]
    if legal:
        move = data.draw(st.sampled_from(legal), label="legal move")
        candidates += forgeries(move)
        fields = {f.name: getattr(move, f.name) for f in attrs.fields(type(move))}
        candidates.append(_AlwaysEqual(**{**fields, "card": C("2C")}) if "card" in fields else 0)
    for forged in candidates:
        with pytest.raises(IllegalMoveError) as excinfo:
            state.apply(forged)
        assert excinfo.value.reason
        if type(forged) in (PlayCard, Draw, Pass, TakePenalty, CallOut) and any(
            type(getattr(forged, f.name)) not in (int, bool, Card, Suit, type(None))
            for f in attrs.fields(EVOLVE(forged).__class__)
        ):
            assert excinfo.value.reason == "malformed_move"
    assert cache_keys(state) <= {"events", "moves", "hash"}
    assert_unchanged(state, text)


FOREIGN: tuple[Move, ...] = tuple(
    m for m in foreign_moves(CE) if type(m).__module__.startswith("cardgames.planets")
)


@pytest.mark.parametrize(
    "deck",
    [
        tuple(int(card) for card in make_deck()),
        [None] * 52,
        [str(card) for card in make_deck()],
        [*make_deck()[:-1], 51.0],
        itertools.count(),
        object(),
        b"8H 9H",
        52,
        "8H 8X",
        [Evil()] * 52,
    ],
    ids=[
        "codes",
        "nones",
        "texts",
        "a-float",
        "endless",
        "object",
        "bytes",
        "int",
        "bad-text",
        "evil",
    ],
)
def test_a_deck_of_junk_is_refused_naming_the_deck(deck: Any) -> None:
    # #12 item 2: new_game(deck=<52 card codes>) raised AttributeError, and an endless iterable
    # never returned.
    for game in GAMES:
        with pytest.raises(InvalidRulesError) as excinfo:
            game.new_game(2, seed=1, deck=deck)
        assert excinfo.value.option == "deck"


def test_a_deck_of_cards_is_dealt_with_the_engines_own_cards() -> None:
    deck = list(make_deck())
    state = crazy_eights.new_game(2, seed=1, deck=deck)
    assert state == crazy_eights.new_game(2, seed=1, deck=" ".join(map(str, deck)))
    assert all(type(card) is Card for card in state.all_cards())


@pytest.mark.parametrize("seed", ["1", 1.0, None, True, (1,), [], b"1", 1j])
def test_a_seed_of_the_wrong_type_is_an_invalid_argument(seed: Any) -> None:
    for game in GAMES:
        with pytest.raises(InvalidArgumentError) as excinfo:
            game.new_game(2, seed=seed)
        assert excinfo.value.argument == "seed"


def _view(state: SheddingState, viewer: int | None) -> SheddingView:
    return state.view(viewer)


VIEW_EDITS: dict[str, Callable[[SheddingView], SheddingView]] = {
    "viewer 7 of 3": lambda v: EVOLVE(v, viewer=7),
    "viewer as text": lambda v: EVOLVE(v, viewer="1"),
    "negative hand size": lambda v: EVOLVE(v, hand_sizes=(-3, *v.hand_sizes[1:])),
    "empty discard pile": lambda v: EVOLVE(v, discard=()),
    "direction 0": lambda v: EVOLVE(v, direction=0),
    "a code for the top card": lambda v: EVOLVE(v, top=int(v.top)),
    "codes in the hand": lambda v: EVOLVE(v, hand=tuple(int(c) for c in v.hand or ())),
    "current out of range": lambda v: EVOLVE(v, current=3),
    "stock size off by one": lambda v: EVOLVE(v, stock_size=v.stock_size + 1),
    "a hand of the wrong length": lambda v: EVOLVE(v, hand=(v.hand or ())[1:]),
    "a card twice": lambda v: EVOLVE(v, hand=(v.top, *(v.hand or ())[1:])),
    "another seat's legal moves": lambda v: EVOLVE(v, legal_moves=(Draw(2),)),
    "players as a list": lambda v: EVOLVE(v, players=list(v.players)),
    "rules of the other game": lambda v: EVOLVE(v, rules=huit_americain.Rules()),
    "unknown game": lambda v: EVOLVE(v, game="uno"),
    "a phase that is text": lambda v: EVOLVE(v, phase="after_draw"),
    "after a draw without a drawn card": lambda v: EVOLVE(v, phase=Phase.AFTER_DRAW),
    "an outcome while playing": lambda v: EVOLVE(
        v, outcome=crazy_eights.new_game(2, seed=0).outcome() or Evil()
    ),
}


@pytest.mark.parametrize("edit", sorted(VIEW_EDITS))
def test_sample_state_refuses_a_forged_view_with_a_typed_error(edit: str) -> None:
    # #12 item 3: such views loaded and sample_state then raised IndexError or AssertionError.
    state = crazy_eights.new_game(3, seed=11)
    view = VIEW_EDITS[edit](state.view(1))
    with pytest.raises(InvalidStateError):
        CE.sample_state(view, Rng.from_seed(1))
    with pytest.raises(InvalidStateError):
        CE.check_view(view)


@pytest.mark.parametrize("rng", [None, 1, "seed", Rng, Evil()])
def test_sample_state_refuses_what_is_not_an_rng(rng: Any) -> None:
    view = crazy_eights.new_game(3, seed=11).view(0)
    with pytest.raises(InvalidArgumentError) as excinfo:
        CE.sample_state(view, rng)
    assert excinfo.value.argument == "rng"


def test_a_view_of_the_other_game_is_refused_by_each_game() -> None:
    view = huit_americain.new_game(3, seed=1).view(0)
    HA.check_view(view)
    with pytest.raises(InvalidStateError) as excinfo:
        CE.check_view(view)
    assert excinfo.value.path == "/data/game"
    with pytest.raises(InvalidStateError) as excinfo:
        CE.sample_state(view, Rng.from_seed(1))
    assert excinfo.value.path == "/data/game"
    assert HA.sample_state(view, Rng.from_seed(1)).view(0) == view
    state = huit_americain.new_game(3, seed=1)
    with pytest.raises(InvalidStateError) as excinfo:
        CE.check_state(state)
    assert excinfo.value.path == "/data/rules"


RULES = crazy_eights.Rules()

MATCH_CALLS: dict[str, Callable[[], object]] = {
    "new: players None": lambda: Match.new(None),  # type: ignore[arg-type]
    "new: too many players": lambda: Match.new(2**40),
    "new: one name": lambda: Match.new("Ann"),
    "new: rules junk": lambda: Match.new(2, rules="marquoir"),  # type: ignore[arg-type]
    "new: seed text": lambda: Match.new(2, seed="1"),  # type: ignore[arg-type]
    "new: seed bool": lambda: Match.new(2, seed=True),
    "init: players int": lambda: Match(RULES, 3),  # type: ignore[arg-type]
    "init: names not text": lambda: Match(RULES, (1, 2)),  # type: ignore[arg-type]
    "init: rounds junk": lambda: Match(RULES, ("A", "B"), ((1, "x"),)),  # type: ignore[arg-type]
    "init: rounds not rows": lambda: Match(RULES, ("A", "B"), 5),  # type: ignore[arg-type]
    "add_round: junk": lambda: Match.new(2).add_round(None),  # type: ignore[arg-type]
    "add_round: text": lambda: Match.new(2).add_round("12"),  # type: ignore[arg-type]
    "add_round: floats": lambda: Match.new(2).add_round([1.5, 0]),  # type: ignore[list-item]
    "add_round: endless": lambda: Match.new(2).add_round(itertools.count()),  # type: ignore[arg-type]
    "record: junk": lambda: Match.new(2).record("state"),  # type: ignore[arg-type]
    "deal: seed text": lambda: Match.new(2).deal(seed="7"),  # type: ignore[arg-type]
    "deal: deck of codes": lambda: Match.new(2).deal(deck=list(range(52))),  # type: ignore[arg-type]
}


@pytest.mark.parametrize("call", sorted(MATCH_CALLS))
def test_match_methods_refuse_junk_with_typed_errors(call: str) -> None:
    with pytest.raises(CardGamesError):
        MATCH_CALLS[call]()


SCORING_CALLS: dict[str, Callable[[], object]] = {
    "card_points: a code": lambda: shedding_scoring.card_points(32, RULES),  # type: ignore[arg-type]
    "card_points: text": lambda: shedding_scoring.card_points("8H", RULES),  # type: ignore[arg-type]
    "card_points: rules junk": lambda: shedding_scoring.card_points(C("8H"), 0),  # type: ignore[arg-type]
    "hand_points: text": lambda: shedding_scoring.hand_points("8H KS", RULES),  # type: ignore[arg-type]
    "hand_points: codes": lambda: shedding_scoring.hand_points([32, 51], RULES),  # type: ignore[list-item]
    "hand_points: None": lambda: shedding_scoring.hand_points(None, RULES),  # type: ignore[arg-type]
    "hand_points: rules None": lambda: shedding_scoring.hand_points([C("8H")], None),  # type: ignore[arg-type]
    "round_points: no hands": lambda: shedding_scoring.round_points([], RULES),
    "round_points: codes": lambda: shedding_scoring.round_points([[], [32]], RULES),  # type: ignore[list-item]
    "round_points: mapping of codes": lambda: shedding_scoring.round_points({"A": [1]}, RULES),  # type: ignore[list-item]
    "round_points: decks text": lambda: shedding_scoring.round_points(
        [[], [C("8H")]],
        RULES,
        decks="2",  # type: ignore[call-overload]
    ),
    "round_points: decks bool": lambda: shedding_scoring.round_points(
        [[], [C("8H")]], RULES, decks=True
    ),
    "round_points: no deck": lambda: shedding_scoring.round_points([[], [C("8H")]], RULES, decks=0),
    "round_points: nine decks": lambda: shedding_scoring.round_points(
        [[], [C("8H")]], RULES, decks=9
    ),
    "round_points: two empty hands": lambda: shedding_scoring.round_points(
        [[], [], [C("8H")]], RULES
    ),
    "round_winners: text": lambda: shedding_scoring.round_winners("8H", RULES),  # type: ignore[arg-type]
    "round_winners: a joker in 52 cards": lambda: shedding_scoring.round_winners(
        [[], [Card.JOKER]], RULES
    ),
    "match add_hands: junk": lambda: Match.new(2).add_hands("8H"),  # type: ignore[arg-type]
    "match add_hands: one hand short": lambda: Match.new(3).add_hands([[], [C("8H")]]),
    "match add_hands: unknown name": lambda: Match.new(["A", "B"]).add_hands({"A": [], "C": []}),
    "match add_hands: two 8H": lambda: Match.new(2).add_hands([[C("8H")], [C("8H")]]),
    "settle: nothing": lambda: shedding_scoring.settle([], Scoring.CRAZY_EIGHTS),
    "settle: scoring junk": lambda: shedding_scoring.settle([1], "crazy"),  # type: ignore[arg-type]
    "settle: negative": lambda: shedding_scoring.settle([-1, 3], Scoring.CRAZY_EIGHTS),
    "points_table: junk": lambda: shedding_scoring.points_table(None),  # type: ignore[arg-type]
    "crazy_eights.card_points: falsy rules": lambda: crazy_eights.card_points(C("8H"), 0),  # type: ignore[arg-type]
    "huit_americain.hand_points: codes": lambda: huit_americain.hand_points([52]),  # type: ignore[list-item]
    "huit_americain.round_points: junk": lambda: huit_americain.round_points(7),  # type: ignore[call-overload]
}


@pytest.mark.parametrize("call", sorted(SCORING_CALLS))
def test_scoring_functions_refuse_junk_with_typed_errors(call: str) -> None:
    with pytest.raises(CardGamesError):
        SCORING_CALLS[call]()


# -- item 3: state documents -----------------------------------------------------------------------


def document(state: SheddingState) -> Document:
    doc: Document = json.loads(state.to_json())
    return doc


def refusal(game: Game[Any], doc: Document) -> tuple[str, str]:
    with pytest.raises(InvalidStateError) as excinfo:
        game.state_from_json(json.dumps(doc))
    return excinfo.value.path, excinfo.value.problem


def loads(game: Game[Any], doc: Document) -> SheddingState:
    state: SheddingState = game.state_from_json(json.dumps(doc))
    return state


def reach(
    game: Game[Any], rules: SheddingRules, done: Callable[[SheddingState], bool]
) -> SheddingState:
    """A position where ``done`` holds, from seeded games (first legal move but one in four)."""
    for seed in range(200):
        state: SheddingState = game.new_game(3, seed=seed, rules=rules)
        chooser = random.Random(seed)
        while not state.is_over:
            if done(state):
                return state
            moves = state.legal_moves()
            state = state.apply(moves[chooser.randrange(len(moves))])
        if done(state):
            return state
    pytest.fail("the wanted position was not reached")


def fits(state: SheddingState, card: Card) -> bool:
    """Whether ``card`` goes on the top card of ``state`` (no penalty pending)."""
    effect = state.rules.effects.for_card(card)
    top = state.top
    return (
        effect.wild or card.suit is state.suit or (card.rank is not None and card.rank == top.rank)
    )


def swap_drawn(doc: Document, state: SheddingState, replacement: Card) -> None:
    """Make ``replacement`` (taken from the stock) the drawn card, the old one going back."""
    data = doc["data"]
    hand = data["hands"][state.current]
    index = data["stock"].index(str(replacement))
    data["stock"][index], hand[-1] = hand[-1], str(replacement)
    data["drawn"] = str(replacement)


def after_draw(rules: SheddingRules, game: Game[Any] = CE) -> SheddingState:
    return reach(
        game,
        rules,
        lambda s: (
            s.phase is Phase.AFTER_DRAW
            and any(not fits(s, c) for c in s.stock)
            and any(fits(s, c) for c in s.stock)
        ),
    )


def test_an_after_draw_card_that_does_not_fit_loads_only_where_it_may() -> None:
    # #12 item 3: under must_play, a drawn card that does not fit made a legal move lay 7S on
    # 10D. Under play_or_pass (item 6a) the drawer may hold one that does not fit, and may only
    # pass.
    must = crazy_eights.PRESETS["draw-when-playable"].replace(after_draw=AfterDraw.MUST_PLAY)
    state = after_draw(must)
    miss = next(c for c in state.stock if not fits(state, c))
    doc = document(state)
    swap_drawn(doc, state, miss)
    path, problem = refusal(CE, doc)
    assert path == "/data/drawn"
    assert problem.startswith("the drawn card does not fit")

    keep = crazy_eights.PRESETS["draw-when-playable"]
    state = after_draw(keep)
    miss = next(c for c in state.stock if not fits(state, c))
    doc = document(state)
    swap_drawn(doc, state, miss)
    loaded = loads(CE, doc)
    assert loaded.legal_moves() == (Pass(state.current),)
    play_to_end(loaded, seed=1)


def test_an_after_draw_phase_under_after_draw_pass_is_refused() -> None:
    state = after_draw(crazy_eights.PRESETS["draw-when-playable"])
    doc = document(state)
    doc["data"]["rules"]["after_draw"] = "pass"
    assert refusal(CE, doc) == ("/data/phase", "under after_draw=pass the turn passes after a draw")


def test_a_drawn_card_is_the_last_one_received() -> None:
    state = after_draw(crazy_eights.PRESETS["draw-when-playable"])
    doc = document(state)
    hand = doc["data"]["hands"][state.current]
    hand[0], hand[-1] = hand[-1], hand[0]
    assert refusal(CE, doc)[0] == "/data/drawn"


def mid_game(game: Game[Any] = CE) -> SheddingState:
    return reach(
        game,
        game.default_rules,
        lambda s: (
            s.moves_played >= 12
            and not s.penalty
            and s.phase is Phase.PLAY
            and not s.rules.effects.for_card(s.top).wild
            and s.announce_target is None
        ),
    )


def finished(game: Game[Any] = CE) -> SheddingState:
    return reach(game, game.default_rules, lambda s: s.is_over)


def edit(state: SheddingState, change: Callable[[Document], None]) -> Document:
    doc = document(state)
    change(doc["data"])
    return doc


def test_a_suit_to_follow_that_is_not_the_plain_top_cards_is_refused() -> None:
    state = mid_game()
    other = next(s for s in Suit if s is not state.top.suit)
    doc = edit(state, lambda d: d.update(suit=other.english))
    assert refusal(CE, doc) == ("/data/suit", f"the top card {state.top} sets the suit to follow")


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda o: o.update(winners=[]), "/data/outcome"),
        (lambda o: o.update(scores=[s + 1 for s in o["scores"]]), "/data/outcome/scores"),
        (lambda o: o.update(reason="blocked"), "/data/outcome/reason"),
        (lambda o: o.update(detail="I won"), "/data/outcome/detail"),
        (lambda o: o.update(winners=[(o["winners"][0] + 1) % 3]), "/data/outcome/winners"),
    ],
    ids=["no-winner", "scores", "reason", "detail", "winner"],
)
def test_a_finished_round_must_have_the_engines_outcome(
    change: Callable[[Document], None], path: str
) -> None:
    # #12 item 3: a finished round with no winner loaded.
    doc = edit(finished(), lambda d: change(d["outcome"]))
    assert refusal(CE, doc)[0] == path


def test_a_round_that_did_not_end_cannot_be_over() -> None:
    state = mid_game()
    outcome = {"reason": "turn_limit", "winners": [0], "scores": [0, 0, 0], "detail": ""}
    doc = edit(state, lambda d: d.update(phase="over", outcome=outcome))
    assert refusal(CE, doc)[0] == "/data/outcome/reason"


def test_a_running_round_has_room_for_the_next_move() -> None:
    # #12 item 3: moves_played == max_moves in a running round loaded; the next move then ended
    # the round past its limit.
    state = mid_game()
    limit = state.rules.max_moves
    assert refusal(CE, edit(state, lambda d: d.update(moves_played=limit)))[0] == (
        "/data/moves_played"
    )
    loaded = loads(CE, edit(state, lambda d: d.update(moves_played=limit - 1)))
    after = loaded.apply(loaded.legal_moves()[0])
    assert after.is_over
    assert after.moves_played == limit
    assert CE.state_from_json(after.to_json()) == after


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda d: d.update(passes=3), "/data/passes"),
        (lambda d: d.update(passes=1), "/data/passes"),  # with cards left to draw
        (lambda d: d.update(penalty=2), "/data/penalty"),  # the top card draws nothing
        (lambda d: d.update(penalty=10**6), "/data/penalty"),
        (lambda d: d.update(announce_target=(d["top_player"] + 1) % 3), "/data/announce_target"),
        (lambda d: d.update(announce_target=d["top_player"]), "/data/announce_target"),
        (lambda d: d.update(top_player=None), "/data/top_player"),
        (lambda d: d.update(current=3), "/data/current"),
        (lambda d: d.update(direction=0), "/data/direction"),
    ],
    ids=[
        "passes-n",
        "passes-with-stock",
        "penalty-without-draw-card",
        "penalty-huge",
        "announce-wrong-seat",
        "announce-several-cards",
        "top-player-none",
        "current",
        "direction",
    ],
)
def test_counters_and_seats_out_of_their_bounds_are_refused(
    change: Callable[[Document], None], path: str
) -> None:
    state = mid_game()
    assert len(state.hands[state.top_player or 0]) > 1
    assert refusal(CE, edit(state, change))[0] == path


_NUMBERS = (-1, 0, 1, 2, 3, 7, 2**63, 2000, 1999)


@st.composite
def mutated_state_documents(draw: st.DrawFn) -> tuple[Game[Any], str]:
    """A real state's document with one to three plausible edits: numbers, cards moved or
    swapped, another phase, suit, drawn card or seat, an outcome removed or added."""
    state = draw(st.sampled_from(positions()))
    doc = document(state)
    data = doc["data"]
    cards = [str(c) for c in sorted(set(state.all_cards()))]
    piles = [("hands", i) for i in range(len(data["hands"]))] + [("stock",), ("discard",)]

    def pile(where: tuple[Any, ...]) -> list[str]:
        node: Any = data
        for step in where:
            node = node[step]
        return node  # type: ignore[no-any-return]

    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["number", "move-card", "swap-cards", "replace-card", "field"]))
        if kind == "number":
            name = draw(
                st.sampled_from(
                    [
                        "current",
                        "direction",
                        "penalty",
                        "passes",
                        "moves_played",
                        "top_player",
                        "announce_target",
                    ]
                )
            )
            data[name] = draw(st.sampled_from((*_NUMBERS, None)))
        elif kind in ("move-card", "swap-cards"):
            source = pile(draw(st.sampled_from(piles)))
            target = pile(draw(st.sampled_from(piles)))
            if not source or not target:
                continue
            i = draw(st.integers(0, len(source) - 1))
            j = draw(st.integers(0, len(target)))
            if kind == "swap-cards" and j < len(target):
                source[i], target[j] = target[j], source[i]
            else:
                target.insert(j, source.pop(i))
        elif kind == "replace-card":
            target = pile(draw(st.sampled_from(piles)))
            if target:
                target[draw(st.integers(0, len(target) - 1))] = draw(st.sampled_from(cards))
        else:
            name, value = draw(
                st.sampled_from(
                    [
                        ("phase", "play"),
                        ("phase", "after_draw"),
                        ("phase", "over"),
                        ("outcome", None),
                        ("drawn", None),
                        ("suit", None),
                        *[("suit", s.english) for s in Suit],
                        *[("drawn", c) for c in cards[:: max(1, len(cards) // 8)]],
                    ]
                )
            )
            data[name] = value
    return state.game, json.dumps(doc)


@HOSTILE
@given(mutant=mutated_state_documents(), seed=st.integers(0, 2**16))
def test_an_edited_state_document_loads_and_plays_to_the_end_or_is_refused(
    mutant: tuple[Game[Any], str], seed: int
) -> None:
    game, text = mutant
    try:
        state: SheddingState = game.state_from_json(text)
    except InvalidStateError as exc:
        refused: InvalidStateError | None = exc
    else:
        refused = None
    if refused is not None:
        assert refused.path.startswith("/data")
        return
    again = game.state_from_json(state.to_json())
    assert again == state
    end = play_to_end(state, seed)
    assert game.state_from_json(end.to_json()) == end


# -- item 3: view documents ------------------------------------------------------------------------


def view_document(view: SheddingView) -> Document:
    doc: Document = json.loads(view.to_json())
    return doc


def view_refusal(game: Game[Any], doc: Document) -> str:
    with pytest.raises(InvalidStateError) as excinfo:
        game.view_from_json(json.dumps(doc))
    with pytest.raises(InvalidStateError) as again:
        SheddingView.from_json(json.dumps(doc))
    assert again.value.path == excinfo.value.path
    return excinfo.value.path


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda d: d.update(viewer=7), "/data/viewer"),
        (lambda d: d["hand_sizes"].__setitem__(0, -2), "/data/hand_sizes/0"),
        (lambda d: d.update(discard=[]), "/data/discard"),
        (lambda d: d.update(direction=0), "/data/direction"),
        (lambda d: d.update(current=5), "/data/current"),
        (lambda d: d.update(stock_size=d["stock_size"] + 3), "/data/stock_size"),
        (lambda d: d["hand"].pop(), "/data/hand"),
        (lambda d: d.update(top="AS" if d["top"] != "AS" else "KS"), "/data/top"),
        (lambda d: d.update(legal_moves=[{"type": "draw", "player": 2}]), "/data/legal_moves/0"),
        (lambda d: d.update(legal_moves=[]), "/data/legal_moves"),
        (lambda d: d.update(to_act=[2]), "/data/to_act"),
        (lambda d: d.update(phase="over"), "/data/to_act"),  # nobody acts once over
        (lambda d: d.update(drawn=d["hand"][0]), "/data/drawn"),
        (lambda d: d.update(passes=2), "/data/passes"),
    ],
    ids=[
        "viewer-7-of-3",
        "negative-hand-size",
        "empty-discard",
        "direction-0",
        "current-5",
        "counts",
        "hand-length",
        "top",
        "another-seats-moves",
        "no-moves",
        "to-act",
        "over-without-outcome",
        "drawn-outside-a-draw",
        "passes-with-stock",
    ],
)
def test_a_hand_edited_view_document_is_refused(
    change: Callable[[Document], None], path: str
) -> None:
    # #12 item 3: view documents were only type-checked: seat 7 of 3, negative hand sizes, an
    # empty discard pile and direction 0 loaded, and sample_state then failed.
    state = crazy_eights.new_game(3, seed=11)
    assert state.current == 1
    doc = view_document(state.view(1))
    change(doc["data"])
    assert view_refusal(CE, doc) == path


def test_a_drawn_card_is_shown_to_the_drawer_alone() -> None:
    state = after_draw(crazy_eights.PRESETS["draw-when-playable"])
    other = (state.current + 1) % 3
    doc = view_document(state.view(other))
    doc["data"]["drawn"] = str(state.drawn)
    assert view_refusal(CE, doc) == "/data/drawn"


@st.composite
def mutated_view_documents(draw: st.DrawFn) -> tuple[Game[Any], str]:
    state = draw(st.sampled_from(positions()))
    viewer = draw(st.sampled_from([None, *range(len(state.players))]))
    doc = view_document(state.view(viewer))
    data = doc["data"]
    for _ in range(draw(st.integers(1, 3))):
        name = draw(
            st.sampled_from(
                [
                    "viewer",
                    "current",
                    "direction",
                    "penalty",
                    "passes",
                    "moves_played",
                    "stock_size",
                    "hand_sizes",
                    "top",
                    "discard",
                    "hand",
                    "phase",
                    "drawn",
                    "suit",
                    "to_act",
                    "announce_target",
                    "top_player",
                    "outcome",
                    "legal_moves",
                ]
            )
        )
        value = data[name]
        if isinstance(value, list) and value and draw(st.booleans()):
            i = draw(st.integers(0, len(value) - 1))
            if isinstance(value[i], int) and not isinstance(value[i], bool):
                value[i] = draw(st.sampled_from(_NUMBERS))
            else:
                value.pop(i)
        elif name in ("top", "drawn"):
            data[name] = draw(st.sampled_from([None, "8H", "2C", "AS", "JOKER", data["top"]]))
        elif name == "phase":
            data[name] = draw(st.sampled_from(["play", "after_draw", "over"]))
        elif name == "suit":
            data[name] = draw(st.sampled_from([None, *(s.english for s in Suit)]))
        elif name in ("outcome", "legal_moves", "to_act", "discard", "hand"):
            data[name] = draw(st.sampled_from([None, []])) if name != "outcome" else None
        else:
            data[name] = draw(st.sampled_from((*_NUMBERS, None)))
    return state.game, json.dumps(doc)


@HOSTILE
@given(mutant=mutated_view_documents(), seed=st.integers(0, 2**16))
def test_an_edited_view_document_can_be_sampled_or_is_refused(
    mutant: tuple[Game[Any], str], seed: int
) -> None:
    game, text = mutant
    try:
        view = game.view_from_json(text)
    except InvalidStateError:
        return
    assert isinstance(view, SheddingView)
    sampled: SheddingState = game.sample_state(view, Rng.from_seed(seed))
    assert sampled.view(view.viewer) == view
    if not sampled.is_over:
        play_to_end(sampled, seed, limit=3000)


@pytest.mark.parametrize("index", range(0, 200, 7))
def test_a_sample_of_a_real_view_is_a_reachable_position(index: int) -> None:
    every = positions()
    state = every[index % len(every)]
    for viewer in (None, *range(len(state.players))):
        view = state.view(viewer)
        sampled = state.game.sample_state(view, Rng.from_seed(index))
        assert sampled.view(viewer) == view
        if not sampled.is_over:
            state.game.check_state(sampled)


# -- item 6a: the drawer always decides under play_or_pass -----------------------------------------


def other_card(state: SheddingState, fitting: bool) -> Card | None:
    """A stock card that fits (or not) the top card."""
    return next((c for c in state.stock if fits(state, c) == fitting), None)


@pytest.mark.parametrize(
    "rules",
    [
        crazy_eights.PRESETS["marquoir"],
        crazy_eights.PRESETS["draw-when-playable"],
        crazy_eights.PRESETS["marquoir"].replace(draw_until_playable=True),
        huit_americain.PRESETS["standard"].replace(after_draw=AfterDraw.PLAY_OR_PASS),
    ],
    ids=["marquoir", "draw-when-playable", "until-playable", "huit-americain-play-or-pass"],
)
def test_opponents_see_the_same_whether_the_drawn_card_fits_or_not(rules: SheddingRules) -> None:
    # #12 item 6a: the drawer stayed to act only when the drawn card fitted, so everyone knew.
    game: Game[Any] = CE if isinstance(rules, crazy_eights.Rules) else HA
    draws = compared = 0
    for seed in range(60):
        state: SheddingState = game.new_game(3, seed=seed, rules=rules)
        chooser = random.Random(seed)
        while not state.is_over and compared < 40:
            moves = state.legal_moves()
            move = moves[chooser.randrange(len(moves))]
            after = state.apply(move)
            if type(move) is Draw:
                # Every turn's draw leaves the decision to the drawer.
                assert (after.phase, after.current) == (Phase.AFTER_DRAW, move.player)
                drawn = after.drawn
                assert drawn is not None
                assert after.hands[move.player][-1] == drawn
                if fits(after, drawn):
                    assert Pass(move.player) in after.legal_moves()
                    assert len(after.legal_moves()) > 1
                else:
                    assert after.legal_moves() == (Pass(move.player),)
                draws += 1
                compared += _compare_alternative(after, move.player)
            state = after
    assert draws >= 10
    # Drawing until playable stops at a card that fits while cards are left: only a draw that
    # emptied the stock and the pile may hold either kind.
    assert compared >= (0 if rules.draw_until_playable else 10)


def _compare_alternative(after: SheddingState, drawer: int) -> int:
    """Swap the drawn card with a stock card of the other kind: opponents see no difference."""
    drawn = after.drawn
    assert drawn is not None
    if after.rules.draw_until_playable and after.stock:
        return 0  # drawing stopped at a card that fits: both kinds are not possible here
    swap = other_card(after, not fits(after, drawn))
    if swap is None:
        return 0
    i = after.stock.index(swap)
    hands = list(after.hands)
    hands[drawer] = (*hands[drawer][:-1], swap)
    stock = (*after.stock[:i], drawn, *after.stock[i + 1 :])
    alternative = after._evolve(hands=tuple(hands), stock=stock, drawn=swap)
    after.game.check_state(alternative)
    for viewer in (None, *range(len(after.players))):
        if viewer != drawer:
            assert alternative.view(viewer) == after.view(viewer)
    assert alternative.view(drawer) != after.view(drawer)
    kept, kept_too = after.apply(Pass(drawer)), alternative.apply(Pass(drawer))
    for viewer in (None, *range(len(after.players))):
        if viewer != drawer:
            assert kept.view(viewer) == kept_too.view(viewer)
    return 1


def test_must_play_and_pass_keep_their_rules() -> None:
    # Under must_play a card that fits must be laid, so the phase tells nothing new; under pass
    # the turn always passes.
    for rules, game in (
        (crazy_eights.PRESETS["draw-until-playable"], CE),
        (crazy_eights.Rules(after_draw=AfterDraw.MUST_PLAY), CE),
        (huit_americain.PRESETS["standard"], HA),
    ):
        seen = 0
        for seed in range(20):
            state: SheddingState = game.new_game(3, seed=seed, rules=rules)
            while not state.is_over:
                move = state.legal_moves()[-1]
                after = state.apply(move)
                if type(move) is Draw:
                    seen += 1
                    if rules.after_draw is AfterDraw.PASS:
                        assert after.phase is not Phase.AFTER_DRAW
                    elif after.phase is Phase.AFTER_DRAW:
                        assert after.drawn is not None
                        assert fits(after, after.drawn)
                        assert Pass(move.player) not in after.legal_moves()
                    else:
                        assert after.current != move.player or after.is_over
                state = after
        assert seen


def test_a_sample_after_a_hidden_draw_may_hold_a_card_that_fits_or_not() -> None:
    state = after_draw(crazy_eights.PRESETS["marquoir"])
    viewer = (state.current + 1) % 3
    view = state.view(viewer)
    kinds = set()
    for seed in range(60):
        sampled = CE.sample_state(view, Rng.from_seed(seed))
        assert sampled.view(viewer) == view
        CE.check_state(sampled)
        drawn = sampled.drawn
        assert drawn is not None
        assert sampled.hands[state.current][-1] == drawn
        kinds.add(fits(sampled, drawn))
    assert kinds == {True, False}


# -- item 6b: errors name no hidden card -----------------------------------------------------------


def _names(card: Card) -> tuple[str, ...]:
    return (str(card), card.unicode(), card.english(), card.french())


_BY_TEXT = {
    name: card for code in range(53) for card in [Card.from_code(code)] for name in _names(card)
}
_CARD_TEXT = re.compile(
    r"(?<!\w)("
    + "|".join(re.escape(t) for t in sorted(_BY_TEXT, key=len, reverse=True))
    + r")(?!\w)"
)


def named_cards(text: str) -> set[Card]:
    return {_BY_TEXT[m.group(1)] for m in _CARD_TEXT.finditer(text)}


def illegal_candidates(state: SheddingState) -> Iterator[Move]:
    yield from shedding_support.candidate_moves(state)
    deck = sorted(set(make_deck(state.rules.deck)))
    for seat in range(len(state.players)):
        yield Draw(seat)
        yield Pass(seat)
        yield TakePenalty(seat)
        yield CallOut(seat, (seat + 1) % len(state.players))
        for card in deck:
            yield PlayCard(seat, card)
            yield PlayCard(seat, card, Suit.SPADES)


@pytest.mark.parametrize("index", range(0, 400, 3))
def test_an_illegal_move_error_names_only_the_moves_own_and_public_cards(index: int) -> None:
    # #12 item 6b: "only the drawn card 7S may be laid now" named the card that only the drawer
    # has seen, to whoever sent a move naming that seat.
    every = positions()
    state = every[index % len(every)]
    public = set(state.discard)
    legal = state.legal_moves()
    for move in illegal_candidates(state):
        if move in legal:
            continue
        with pytest.raises(IllegalMoveError) as excinfo:
            state.apply(move)
        error = excinfo.value
        own = {move.card} if isinstance(move, PlayCard) else set()
        named = named_cards(str(error)) | named_cards(error.detail)
        assert named <= own | public, (move, str(error))


def test_the_drawn_card_is_not_named_when_another_card_is_laid() -> None:
    rules = crazy_eights.PRESETS["draw-until-playable"]
    state = reach(CE, rules, lambda s: s.phase is Phase.AFTER_DRAW)
    drawn = state.drawn
    assert drawn is not None
    other = next(c for c in state.hands[state.current] if c != drawn)
    with pytest.raises(IllegalMoveError) as excinfo:
        state.apply(PlayCard(state.current, other))
    assert excinfo.value.reason == "only_drawn_card"
    assert excinfo.value.detail == "only the card just drawn may be laid now"
    assert drawn not in named_cards(str(excinfo.value))
