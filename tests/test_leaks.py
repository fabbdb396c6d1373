"""Leak hunting: no view and no redacted event shows what its player has not seen.

For every game and preset, random games are played; after every move each player's view, the
spectator's view and every event redacted for each of them are serialized, and the JSON text is
searched for what must not be there:

- **cards the player has not seen**, in any notation (``str``, the Unicode, English and French
  names of the shedding cards; the English and French names, abbreviations and symbols of the
  planet cards). What a player has seen is tracked here, independently of the engines, from
  the unredacted events of the playout (see `SheddingWitness` and `PlanetsWitness`). Since
  several decks (and identical planets) make identical cards, multiplicity counts: the cards a
  view places on the table (its hand, the discard pile, known hands, gatherings...) may hold a
  card text at most as many times as the player has seen such a card, and so may any one event
  or legal move;
- **the stock order**: the next three cards of the stock never appear in order;
- **the RNG state**: none of its four words, in decimal or hexadecimal.

The checks themselves are tested on planted leaks (`test_the_checks_catch_planted_leaks`).
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgames import crazy_eights, huit_americain, planets
from cardgames.cards import Card
from cardgames.codec import encode
from cardgames.game import Game, State
from cardgames.narration import Phrases, Speaker
from cardgames.planets import BLACK_HOLE, PlanetCard
from cardgames.shedding import CardPlayed, CardsDrawn, HandsSwapped, RoundOver, StarterTurned

import planets_support
import shedding_support

AnyState = State[Any, Any, Any]
GAMES: tuple[Game[Any], ...] = (crazy_eights.GAME, huit_americain.GAME, planets.GAME)

# -- notations ------------------------------------------------------------------------------------


class Notations:
    """Every way a game's cards are written, and a search for them in text."""

    def __init__(self, cards: Sequence[Any], names: Callable[[Any], Sequence[str]]) -> None:
        self.canonical: dict[str, Any] = {str(card): card for card in cards}
        self.by_text: dict[str, Any] = {}
        for card in cards:
            for name in names(card):
                self.by_text[name] = card
        alternatives = sorted(self.by_text, key=len, reverse=True)
        self.pattern = re.compile(
            r"(?<!\w)(" + "|".join(re.escape(text) for text in alternatives) + r")(?!\w)"
        )

    def mentions(self, text: str) -> Iterator[Any]:
        """The cards named in ``text``, in any notation."""
        for match in self.pattern.finditer(text):
            yield self.by_text[match.group(1)]


_FRENCH = (Speaker(None, None, "fr", True, None), Speaker(None, None, "fr", False, None))
SHEDDING = Notations(
    [Card.from_code(code) for code in range(53)],
    lambda card: (
        str(card),
        card.unicode(),
        card.english(),
        card.french(),
        *(Phrases().card(card, french) for french in _FRENCH),  # D♥, DH
    ),
)
PLANETS = Notations(
    list(PlanetCard),
    lambda card: (str(card), card.english, card.french, card.abbreviation, card.symbol),
)

# -- what each player has seen --------------------------------------------------------------------


class Witness:
    """What each seat (and a spectator) has seen so far, as a multiset of sightings.

    A card seen twice counts twice, so the counts bound what a player may know from above: a
    view that shows more copies of a card than the count leaks.
    """

    notations: Notations
    derived: frozenset[str]
    """Fields of a view that repeat cards placed elsewhere (not counted as places)."""
    card_lists: frozenset[str]
    """Where lists of cards legitimately appear (paths without indices)."""

    def __init__(self, state: AnyState) -> None:
        self.public: Counter[Any] = Counter()
        self.private: list[Counter[Any]] = [Counter() for _ in state.players]
        self.start(state)
        self.observe(state)

    def start(self, state: AnyState) -> None:
        raise NotImplementedError

    def observe(self, state: AnyState) -> None:
        """Learn from the unredacted events of the transition that produced ``state``."""
        raise NotImplementedError

    def seen(self, viewer: int | None) -> Counter[Any]:
        if viewer is None:
            return Counter(self.public)
        return self.public + self.private[viewer]

    def see_all(self, cards: Sequence[Any]) -> None:
        self.public.update(cards)


class SheddingWitness(Witness):
    """Shedding games: a player has seen their dealt hand, every card they drew or received in
    a swap, and everyone has seen every card laid or turned face up. Once the round is over
    nothing in the hands is hidden: every hand is laid face up to count the points (the stock
    stays hidden)."""

    notations = SHEDDING
    derived = frozenset({"legal_moves", "events", "top", "drawn", "hands"})
    card_lists = frozenset({"hand", "discard", "events/cards", "hands"})

    def start(self, state: AnyState) -> None:
        for seat, hand in enumerate(state.hands):  # type: ignore[attr-defined]
            self.private[seat].update(hand)

    def observe(self, state: AnyState) -> None:
        for event in state.last_events:
            if isinstance(event, (CardPlayed, StarterTurned)):
                self.see_all([event.card])
            elif isinstance(event, CardsDrawn) and event.cards:
                self.private[event.player].update(event.cards)
            elif isinstance(event, HandsSwapped):
                for seat in (event.player, event.target):
                    self.private[seat].update(state.hands[seat])  # type: ignore[attr-defined]
            elif isinstance(event, RoundOver):  # the reveal: every hand is shown to all
                for hand in state.hands:  # type: ignore[attr-defined]
                    self.see_all(hand)


class PlanetsWitness(Witness):
    """The planet game, by the knowledge rules of `cardgames.planets`: the Commander sees what
    they draw (the card put back included), the Adjutant the card given to them, a thief the
    card stolen; gatherings, black holes played and, at the end, face-down discards are
    public. (A player's own hand and discards are cards they saw arrive.)"""

    notations = PLANETS
    derived = frozenset({"legal_moves", "events"})
    card_lists = frozenset(
        {
            "hand",
            "known_cards",
            "drawn",
            "gatherings/cards",
            "face_down",
            "events/cards",
            "events/gathering/cards",
            "events/face_down",
            "legal_moves/cards",
        }
    )

    def start(self, state: AnyState) -> None:
        for seat in range(len(state.players)):
            self.private[seat].update(state.hand(seat))  # type: ignore[attr-defined]

    def observe(self, state: AnyState) -> None:
        for event in state.last_events:
            if isinstance(event, planets.CardsDrawn) and event.cards:
                self.private[event.player].update(event.cards)
            elif isinstance(event, planets.CardGiven) and event.card is not None:
                self.private[event.to][event.card] += 1
            elif isinstance(event, planets.CardStolen) and event.card is not None:
                self.private[event.player][event.card] += 1
            elif isinstance(event, planets.GatheringLaid):
                self.see_all(event.gathering.cards)
            elif isinstance(event, planets.BlackHolePlayed):
                self.see_all([BLACK_HOLE])
            elif isinstance(event, planets.GameOver):
                self.see_all([card for cards in event.face_down for card in cards])


def witness_for(state: AnyState) -> Witness:
    if state.game is planets.GAME:
        return PlanetsWitness(state)
    return SheddingWitness(state)


# -- the checks -----------------------------------------------------------------------------------


def leaves(node: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any]]:
    """Every leaf of a JSON value with its path of keys (list indices left out)."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield from leaves(value, (*path, key))
    elif isinstance(node, list):
        for value in node:
            yield from leaves(value, path)
    else:
        yield path, node


def lists(node: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], list[Any]]]:
    """Every list of a JSON value with its path of keys."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield from lists(value, (*path, key))
    elif isinstance(node, list):
        yield path, node
        for value in node:
            yield from lists(value, path)


def rng_words(state: AnyState) -> list[str]:
    words: list[str] = []
    for word in state.rng.state:  # type: ignore[attr-defined]
        words += [str(word), f"{word:x}", f"{word:X}"]
    return words


class Leak(AssertionError):
    """A view or event shows what its player may not know."""


def check_text(
    text: str,
    *,
    witness: Witness,
    viewer: int | None,
    state: AnyState,
    what: str,
) -> None:
    """Check one serialized view (or event, wrapped as ``{"events": [...]}``)."""
    notations = witness.notations
    seen = witness.seen(viewer)
    who = "the spectator" if viewer is None else f"seat {viewer}"
    for word in rng_words(state):
        if word in text:
            raise Leak(f"{what} for {who} holds the RNG word {word}")
    document = json.loads(text)
    data = document.get("data", document) if isinstance(document, dict) else document
    if isinstance(data, dict):
        data = {k: v for k, v in data.items() if k != "rules"}  # public, and names faces
    # Any notation of a card never seen.
    for path, value in leaves(data):
        if isinstance(value, str):
            for card in notations.mentions(value):
                if not seen[card]:
                    raise Leak(f"{what} for {who} names {card} at /{'/'.join(path)}: never seen")
    # Multiplicity: the places on the table, then each derived item alone.
    counted: Counter[Any] = Counter()
    items: list[Any] = []
    if isinstance(data, dict):
        for key, value in data.items():
            if key in witness.derived:
                items += value if isinstance(value, list) else [value]
            else:
                counted.update(_cards(value, notations))
        _at_most(counted, seen, f"{what} for {who} places")
    else:
        items = [data]
    for item in items:
        _at_most(Counter(_cards(item, notations)), seen, f"{what} for {who}: {item!r}")
    # The stock order.
    stock = [str(card) for card in state.stock[:3]]  # type: ignore[attr-defined]
    if len(stock) == 3:
        unique = len(set(state.all_cards())) == len(state.all_cards())
        for path, items_ in lists(data):
            key = "/".join(path)
            if key in witness.card_lists and not unique:
                continue  # identical cards exist: the same names may come by chance
            if _contains_run(items_, stock):
                raise Leak(f"{what} for {who} holds the next stock cards {stock} at /{key}")
        for _, value in leaves(data):
            if isinstance(value, str) and " ".join(stock) in value:
                raise Leak(f"{what} for {who} writes the next stock cards {stock}")


def _cards(node: Any, notations: Notations) -> Iterator[Any]:
    for _, value in leaves(node):
        if isinstance(value, str) and value in notations.canonical:
            yield notations.canonical[value]


def _at_most(shown: Counter[Any], seen: Counter[Any], what: str) -> None:
    for card, count in shown.items():
        if count > seen[card]:
            raise Leak(f"{what} {count} × {card}, but only {seen[card]} were ever seen")


def _contains_run(items: list[Any], run: list[str]) -> bool:
    return any(items[i : i + len(run)] == run for i in range(len(items) - len(run) + 1))


def check_state(state: AnyState, witness: Witness) -> None:
    """Every view and every redacted event of ``state``, for every seat and a spectator."""
    for viewer in (None, *range(len(state.players))):
        view_text = state.view(viewer).to_json()
        check_text(view_text, witness=witness, viewer=viewer, state=state, what="view")
        for event in state.last_events:
            # Alone, as a frontend would send it, and checked like a view's events.
            redacted = encode(event.redacted_for(viewer))
            check_text(
                json.dumps({"events": [redacted]}, ensure_ascii=False),
                witness=witness,
                viewer=viewer,
                state=state,
                what=f"event {event.kind}",
            )


def hunt(game: Game[Any], rules: Any, players: int, seed: int) -> int:
    """Play a random game, checking every position; return the number of moves."""
    chooser = random.Random(seed)
    state: AnyState = game.new_game(players, seed=seed, rules=rules)
    witness = witness_for(state)
    check_state(state, witness)
    moves = 0
    while not state.is_over:
        legal = state.legal_moves()
        state = state.apply(legal[chooser.randrange(len(legal))])
        witness.observe(state)
        check_state(state, witness)
        moves += 1
    return moves


# -- the tests ------------------------------------------------------------------------------------


def preset_cases() -> list[Any]:
    cases = []
    for game in GAMES:
        for index, preset in enumerate(game.presets):
            players = game.min_players + index % 3
            cases.append(pytest.param(game, preset, players, id=f"{game.name}-{preset}-{players}p"))
    return cases


@pytest.mark.parametrize(("game", "preset", "players"), preset_cases())
def test_views_and_events_of_every_preset_leak_nothing(
    game: Game[Any], preset: str, players: int
) -> None:
    assert hunt(game, game.preset(preset), players, seed=len(preset) + players) > 0


LEAK_SETTINGS = settings(
    max_examples=8,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@pytest.mark.parametrize("game", [crazy_eights.GAME, huit_americain.GAME], ids=lambda g: g.name)
@LEAK_SETTINGS
@given(data=st.data())
def test_shedding_views_leak_nothing_under_random_rules(
    game: Game[Any], data: st.DataObject
) -> None:
    rules = data.draw(shedding_support.random_rules(game.rules_type), label="rules")
    players = data.draw(shedding_support.players_strategy(game, 5)(rules), label="players")
    seed = data.draw(st.integers(0, 2**32), label="seed")
    hunt(game, rules.replace(max_moves=min(rules.max_moves, 150)), players, seed)


@LEAK_SETTINGS
@given(data=st.data())
def test_planet_views_leak_nothing_under_random_rules(data: st.DataObject) -> None:
    rules = data.draw(planets_support.random_rules(), label="rules")
    players = data.draw(planets_support.players_strategy(rules), label="players")
    seed = data.draw(st.integers(0, 2**32), label="seed")
    hunt(planets.GAME, rules.replace(max_turns=min(rules.max_turns, 20)), players, seed)


# -- the checks catch leaks -----------------------------------------------------------------------


def _mid_game(game: Game[Any], players: int = 3) -> tuple[AnyState, Witness]:
    state: AnyState = game.new_game(players, seed=4)
    witness = witness_for(state)
    chooser = random.Random(4)
    for _ in range(12):
        state = state.apply(state.legal_moves()[chooser.randrange(len(state.legal_moves()))])
        witness.observe(state)
    assert not state.is_over
    return state, witness


def _plant(view_text: str, key: str, value: Any) -> str:
    document = json.loads(view_text)
    document["data"][key] = value
    return json.dumps(document, ensure_ascii=False)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_the_checks_catch_planted_leaks(game: Game[Any]) -> None:
    state, witness = _mid_game(game)
    check_state(state, witness)  # the real views pass
    view = state.view(1).to_json()
    notations = witness.notations
    unseen = [c for c in state.all_cards() if not witness.seen(1)[c]]
    assert unseen, "seat 1 has not seen every card"
    card = unseen[0]
    if game is planets.GAME:
        other_hand = [str(c) for c in state.hand(0)] or [str(card)]  # type: ignore[attr-defined]
        names = (card.english, card.french, card.symbol)
    else:
        other_hand = [str(c) for c in state.hands[0]]  # type: ignore[attr-defined]
        names = (card.unicode(), card.english(), card.french())
    stock = [str(c) for c in state.stock[:3]]  # type: ignore[attr-defined]
    planted = [
        _plant(view, "extra", str(card)),
        _plant(view, "other_hand", other_hand + [str(card)]),
        _plant(view, "stock", stock),
        _plant(view, "note", "next: " + " ".join(stock)),
        _plant(view, "seed", state.rng.state[2]),  # type: ignore[attr-defined]
        _plant(view, "seed", f"{state.rng.state[0]:x}"),  # type: ignore[attr-defined]
        *(_plant(view, "note", f"a {name}!") for name in names),
    ]
    seen = witness.seen(1)
    copies = max(seen.values())
    often = next(c for c, k in seen.items() if k == copies)
    planted.append(_plant(view, "pile", [str(often)] * (copies + 1)))
    assert notations.canonical[str(card)] == card
    for text in planted:
        with pytest.raises(Leak):
            check_text(text, witness=witness, viewer=1, state=state, what="view")
    hidden = next(c for c in state.all_cards() if not witness.seen(None)[c])
    leaked = _plant(state.view(None).to_json(), "hint", {"card": str(hidden)})
    with pytest.raises(Leak):
        check_text(leaked, witness=witness, viewer=None, state=state, what="view")
