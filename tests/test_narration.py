"""`cardgames.narration`: every event of every game told, per viewer, in English and in French.

- Every event type of every built-in game has a sentence in each language (a sample of each
  type, built from its field types, is told; a new event type without sentences fails here).
- A sentence for a viewer never names a card that the viewer has not seen: random games of
  every game and preset are told to every seat (and to a spectator, from events redacted for
  ``None``), and each sentence is searched for every notation of every card, with what each
  seat has seen tracked as `tests/test_leaks.py` tracks it.
- Hand-written sentences pin the wording: the second person, the French of French players, the
  penalty that can be answered only under stacking, the reshuffle told after "takes the
  penalty".
- Bad arguments raise `InvalidArgumentError`.
"""

from __future__ import annotations

import random
import typing
from collections import Counter
from typing import Any

import attrs
import pytest

from cardgames import crazy_eights, huit_americain, planets
from cardgames.cards import Card, Suit
from cardgames.errors import InvalidArgumentError
from cardgames.game import Event, Game, Outcome, State, Termination
from cardgames.narration import LANGUAGES, describe, describe_move, ending, narrate, notate_move
from cardgames.planets import BLACK_HOLE, Gathering, PlanetCard, Role
from cardgames.shedding import (
    Announce,
    AnnouncementCalled,
    CallOut,
    CardPlayed,
    CardsDrawn,
    Draw,
    HandsSwapped,
    NextPlayerChosen,
    Pass,
    PenaltyGrown,
    PenaltyTaken,
    PlayCard,
    StockReshuffled,
    SuitNamed,
    TakePenalty,
    TurnSkipped,
)
from test_leaks import Notations, Witness, witness_for

AnyState = State[Any, Any, Any]
GAMES: tuple[Game[Any], ...] = (crazy_eights.GAME, huit_americain.GAME, planets.GAME)
NAMES = ("Léa", "Tom", "Sam", "Zoé", "Max", "Inès", "Hugo")

# -- every event type has its sentences -----------------------------------------------------------


def sample_value(hint: Any, players: int) -> Any:
    """A plausible value of a field of an event, from its type."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if args and type(None) in args:  # X | None: the value, not None
        return sample_value(next(a for a in args if a is not type(None)), players)
    if origin is tuple:
        return tuple(sample_value(args[0], players) for _ in range(players))
    samples: dict[Any, Any] = {
        int: 1,
        bool: True,
        str: "turn",
        Card: Card.parse("QS"),
        Suit: Suit.HEARTS,
        PlanetCard: PlanetCard.SATURN,
        Role: Role.ADJUTANT,
        Gathering: Gathering.identical(PlanetCard.MARS, 4, Role.COMMANDER),
        Termination: Termination.WENT_OUT,
        Outcome: Outcome(Termination.WENT_OUT, (1,), (0,) * players, "detail"),
    }
    return samples[hint]


def sample_event(cls: type[Event], players: int = 2) -> Event:
    hints = typing.get_type_hints(cls)
    fields = {f.name: sample_value(hints[f.name], players) for f in attrs.fields(cls)}
    if "count" in fields and "cards" in fields:  # as many cards as it counts
        fields["count"] = len(fields["cards"])
    return cls(**fields)


def event_types() -> list[Any]:
    return [
        pytest.param(cls, id=f"{game.name}-{kind}")
        for game in GAMES
        for kind, cls in game.event_types.items()
    ]


@pytest.mark.parametrize("cls", event_types())
def test_every_event_type_has_a_sentence_in_each_language(cls: type[Event]) -> None:
    event = sample_event(cls)
    told = {}
    for lang in LANGUAGES:
        for viewer in (None, 0, 1):
            sentence = describe(event, ["Léa", "Tom"], viewer=viewer, lang=lang)
            assert sentence, (cls, lang)
            assert sentence.strip() == sentence
            assert "seat" not in sentence
            assert "siège" not in sentence
            assert "_" not in sentence, sentence  # no code names ("cards_drawn")
        told[lang] = describe(event, ["Léa", "Tom"], lang=lang)
    assert told["en"] != told["fr"]
    assert str(event) == describe(event, None)
    assert not str(event).startswith(cls.__name__)  # a sentence, not a repr


def test_the_sentences_name_the_players_in_the_second_person() -> None:
    event = CardPlayed(1, Card.parse("8H"))
    assert describe(event, NAMES[:2]) == "Tom lays 8♥"
    assert describe(event, NAMES[:2], viewer=1) == "you lay 8♥"
    assert describe(event, NAMES[:2], viewer=1, lang="fr") == "tu poses le 8 de cœur"
    assert describe(event, NAMES[:2], viewer=0, lang="fr") == "Tom pose le 8 de cœur"
    assert describe(event, NAMES[:2], symbols=False) == "Tom lays 8H"


def test_french_as_french_players_speak() -> None:
    players = ["Léa", "Tom", "Inès"]
    told = narrate([CardPlayed(0, Card.parse("8H")), SuitNamed(0, Suit.HEARTS)], players, lang="fr")
    assert told == ["Léa pose le 8 de cœur et demande cœur ♥"]
    assert describe(CardPlayed(2, Card.parse("AS"), True), players, lang="fr") == (
        "Inès pose l'as de pique à la volée"
    )
    assert describe(TurnSkipped(1), players, lang="fr") == "Tom passe son tour"
    assert describe(TurnSkipped(1), players, viewer=1, lang="fr") == "tu passes ton tour"
    assert describe(AnnouncementCalled(0, 2), players, lang="fr") == (
        "Léa relève l'oubli d'Inès : « contre-carte ! »"
    )
    assert describe(AnnouncementCalled(0, 2), players, viewer=2, lang="fr") == (
        "Léa relève ton oubli : « contre-carte ! »"
    )
    assert describe(NextPlayerChosen(0, 1), players, viewer=1, lang="fr") == (
        "Léa te désigne pour jouer"
    )
    assert describe(HandsSwapped(0, 1), players, viewer=1, lang="fr") == (
        "Léa échange son jeu avec toi"
    )
    drawn = CardsDrawn(1, 2, "turn", (Card.parse("4S"), Card.parse("3D")))
    assert describe(drawn, players, viewer=1) == "you draw 2: 4♠ 3♦"
    assert describe(drawn, players, viewer=0) == "Tom draws 2"
    assert describe(drawn, players, viewer=1, lang="fr") == "tu pioches 2 cartes : 4♠ 3♦"
    assert describe(drawn, players, viewer=0, lang="fr") == "Tom pioche 2 cartes"
    gift = planets.CardGiven(0, 1, PlanetCard.VENUS)
    assert describe(gift, players, viewer=1, lang="fr") == "Léa te donne Vénus"
    assert describe(gift, players, viewer=2, lang="fr") == "Léa donne une carte à Tom"
    assert describe(gift, players, viewer=1) == "Léa gives you Venus"


def test_a_penalty_is_answerable_only_under_stacking() -> None:
    players = ["Léa", "Tom"]
    grown = PenaltyGrown(1, 4)
    stacking = huit_americain.GAME.preset("le-cumul")
    plain = huit_americain.GAME.preset("standard")
    assert describe(grown, players, rules=stacking) == "Tom must draw 4 or answer"
    assert describe(grown, players, rules=plain) == "Tom must draw 4"
    assert describe(grown, players, rules=plain, lang="fr") == "Tom doit piocher 4 cartes"
    assert describe(grown, players, viewer=1, rules=stacking, lang="fr") == (
        "tu dois piocher 4 cartes ou renvoyer la pénalité"
    )
    assert describe(grown, players) == "Tom must draw 4"  # rules unknown: no promise


def test_an_answerable_penalty_in_real_games() -> None:
    """Played under each preset, every "or answer" is told where the player may answer."""
    for game in (crazy_eights.GAME, huit_americain.GAME):
        for name, rules in game.presets.items():
            state: AnyState = game.new_game(3, seed=11, rules=rules)
            chooser = random.Random(11)
            while not state.is_over:
                state = state.apply(chooser.choice(state.legal_moves()))
                grown = [e for e in state.last_events if isinstance(e, PenaltyGrown)]
                if not grown or state.is_over:
                    continue
                told = " ".join(narrate(state.last_events, state.players, rules=state.rules))
                answers = [m for m in state.legal_moves(grown[-1].target) if m.kind == "play"]
                may_answer = rules.stacking.value != "none"
                assert ("or answer" in told) == may_answer, (game.name, name, told)
                if answers:
                    assert may_answer, (game.name, name, told)


def test_the_reshuffle_comes_after_taking_the_penalty() -> None:
    players = ["Léa", "Tom"]
    cards = (Card.parse("4S"), Card.parse("3D"))
    # The engine's order: the reshuffle happens while drawing, before the penalty is recorded.
    events = [StockReshuffled(30), PenaltyTaken(1, 2), CardsDrawn(1, 2, "penalty", cards)]
    assert narrate(events, players) == [
        "Tom takes the penalty",
        "the discard pile is shuffled into a new stock of 30",
        "Tom draws 2 (penalty): 4♠ 3♦",
    ]
    assert narrate(events[1:], players, viewer=0) == ["Tom takes the penalty and draws 2"]


def test_a_real_reshuffle_during_a_penalty_is_told_in_order() -> None:
    """Find a penalty drawn through a reshuffle in real games: it is told in that order."""
    for seed in range(200):
        state: AnyState = huit_americain.GAME.new_game(
            5, seed=seed, rules=huit_americain.GAME.preset("le-cumul")
        )
        chooser = random.Random(seed)
        while not state.is_over:
            state = state.apply(chooser.choice(state.legal_moves()))
            kinds = [e.kind for e in state.last_events]
            if kinds[:2] == ["stock_reshuffled", "penalty_taken"]:
                told = narrate(state.last_events, state.players)
                assert "takes the penalty" in told[0]
                assert told[1].startswith("the discard pile is shuffled")
                return
    pytest.fail("no penalty drawn through a reshuffle in 200 games")


def test_endings() -> None:
    assert ending(Termination.WENT_OUT) == "went out"
    assert ending(Termination.TURN_LIMIT, lang="fr") == "limite de coups"
    assert {ending(t) for t in Termination} == {
        "went out",
        "blocked",
        "move limit",
        "stock exhausted",
    }
    with pytest.raises(InvalidArgumentError):
        ending("went_out")  # type: ignore[arg-type]


# -- no sentence says more than its viewer saw ----------------------------------------------------


def _all_names(card: Any) -> tuple[str, ...]:
    if isinstance(card, Card):
        return (str(card), card.unicode(), card.english(), card.french())
    return (
        str(card),
        card.english,
        card.french,
        card.english.lower(),
        card.french.lower(),
        card.abbreviation,
        card.symbol,
    )


SHEDDING = Notations([Card.from_code(code) for code in range(53)], _all_names)
PLANETS = Notations(list(PlanetCard), _all_names)


def check_sentences(
    sentences: list[str], seen: Counter[Any], notations: Notations, what: str
) -> None:
    for sentence in sentences:
        named = Counter(notations.mentions(sentence))
        for card, count in named.items():
            assert count <= seen[card], f"{what}: {sentence!r} names {card}, seen {seen[card]}"


def tell_a_game(game: Game[Any], rules: Any, players: int, seed: int) -> int:
    """Play a random game; check what is told to every seat and to a spectator."""
    chooser = random.Random(seed)
    state: AnyState = game.new_game(list(NAMES[:players]), seed=seed, rules=rules)
    witness: Witness = witness_for(state)
    notations = PLANETS if game is planets.GAME else SHEDDING
    told_hidden = False
    moves = 0
    while True:
        events = state.last_events
        for lang in LANGUAGES:
            for viewer in range(players):
                told = narrate(events, state.players, viewer=viewer, lang=lang, rules=rules)
                alone = [
                    describe(e, state.players, viewer=viewer, lang=lang, rules=rules)
                    for e in events
                ]
                seen = witness.seen(viewer)
                check_sentences(told + alone, seen, notations, f"seat {viewer} ({lang})")
            public = [e.redacted_for(None) for e in events]
            told = narrate(public, state.players, lang=lang, rules=rules)
            check_sentences(told, witness.seen(None), notations, f"spectator ({lang})")
        everything = " ".join(narrate(events, state.players, rules=rules))
        everyone = sum((witness.seen(v) for v in range(players)), Counter())
        told_hidden |= any(not witness.seen(None)[c] for c in notations.mentions(everything))
        assert all(everyone[c] for c in notations.mentions(everything))
        if state.is_over or moves >= 150:
            break
        state = state.apply(chooser.choice(state.legal_moves()))
        witness.observe(state)
        moves += 1
    assert told_hidden, "the all-seeing narrator tells hidden cards"
    return moves


def preset_cases() -> list[Any]:
    return [
        pytest.param(game, preset, game.min_players + index % 3, id=f"{game.name}-{preset}")
        for game in GAMES
        for index, preset in enumerate(game.presets)
    ]


@pytest.mark.parametrize(("game", "preset", "players"), preset_cases())
def test_no_sentence_names_a_card_its_viewer_has_not_seen(
    game: Game[Any], preset: str, players: int
) -> None:
    for seed in (1, 2):
        assert tell_a_game(game, game.preset(preset), players, seed) > 0


def test_the_check_catches_a_sentence_that_says_too_much() -> None:
    state: AnyState = crazy_eights.GAME.new_game(list(NAMES[:3]), seed=4)
    witness = witness_for(state)
    hidden = state.hands[1][0]  # type: ignore[attr-defined]
    drawn = CardsDrawn(1, 1, "turn", (hidden,))
    leaked = describe(drawn, state.players)  # all-seeing: names the card
    with pytest.raises(AssertionError):
        check_sentences([leaked], witness.seen(0), SHEDDING, "seat 0")
    check_sentences([describe(drawn, state.players, viewer=0)], witness.seen(0), SHEDDING, "0")
    gift = planets.CardGiven(0, 1, BLACK_HOLE)
    fresh = planets.GAME.new_game(3, seed=4)
    with pytest.raises(AssertionError):
        check_sentences([describe(gift, fresh.players, lang="fr")], Counter(), PLANETS, "fr")


# -- bad arguments --------------------------------------------------------------------------------


class Stray(Event):
    """An event of no built-in game."""


@pytest.mark.parametrize(
    ("call", "argument"),
    [
        (lambda: describe(CardPlayed(0, Card.parse("8H")), ["A"], lang="de"), "lang"),
        (lambda: describe(CardPlayed(0, Card.parse("8H")), ["A"], lang=None), "lang"),  # type: ignore[arg-type]
        (lambda: describe(CardPlayed(0, Card.parse("8H")), "AB"), "players"),
        (lambda: describe(CardPlayed(0, Card.parse("8H")), [1, 2]), "players"),  # type: ignore[list-item]
        (lambda: describe(CardPlayed(0, Card.parse("8H")), []), "players"),
        (lambda: describe(CardPlayed(0, Card.parse("8H")), ["A"], viewer=1), "viewer"),
        (lambda: describe(CardPlayed(0, Card.parse("8H")), ["A"], viewer=True), "viewer"),
        (lambda: describe(CardPlayed(0, Card.parse("8H")), None, viewer=0), "viewer"),
        (lambda: describe(CardPlayed(3, Card.parse("8H")), ["A", "B"]), "event"),
        (lambda: describe(CardPlayed(-1, Card.parse("8H")), ["A", "B"]), "event"),
        (lambda: describe(CardPlayed("0", Card.parse("8H")), ["A"]), "event"),  # type: ignore[arg-type]
        (lambda: describe(CardPlayed(True, Card.parse("8H")), ["A"]), "event"),
        (lambda: describe(CardPlayed(0, "8H"), ["A"]), "event"),  # type: ignore[arg-type]
        (lambda: describe(CardsDrawn(0, 1, "turn", ["8H"]), ["A"]), "event"),  # type: ignore[arg-type]
        (lambda: describe(Stray(), ["A"]), "event"),
        (lambda: describe("Léa lays 8H", ["A"]), "event"),  # type: ignore[arg-type]
        (
            lambda: describe(
                huit_americain.RoundOver(Outcome(Termination.WENT_OUT, (2,), (0, 0))), ["A", "B"]
            ),
            "event",
        ),
        (
            lambda: describe(
                huit_americain.RoundOver(Outcome(Termination.WENT_OUT, (0,), (0,))), ["A", "B"]
            ),
            "event",
        ),
        (lambda: describe(PenaltyGrown(0, 2), ["A"], rules={"stacking": "none"}), "rules"),
        (lambda: describe(PenaltyGrown(0, 2), ["A"], symbols=1), "symbols"),  # type: ignore[arg-type]
        (lambda: narrate("events", ["A"]), "events"),  # type: ignore[arg-type]
        (lambda: narrate([CardPlayed(0, Card.parse("8H")), 3], ["A"]), "event"),  # type: ignore[list-item]
    ],
)
def test_bad_arguments(call: Any, argument: str) -> None:
    with pytest.raises(InvalidArgumentError) as caught:
        call()
    assert caught.value.argument == argument


def test_str_of_an_event_is_the_english_sentence() -> None:
    assert str(CardPlayed(0, Card.parse("8H"))) == "seat 0 lays 8♥"
    assert str(planets.TurnStarted(1, 3)) == "turn 3: seat 1 is Commander"
    assert str(Stray()).startswith("<") or "Stray" in str(Stray())  # no sentence: the repr
    state = crazy_eights.new_game(["Léa", "Tom"], seed=3)
    assert [str(e) for e in state.last_events] == ["the starter is 5♠"]


# -- the command line tells games with this narrator ----------------------------------------------


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    from cardgames.cli import main

    assert main(list(args)) == 0
    return capsys.readouterr().out


def test_demo_speaks_the_language_of_the_option_or_of_the_locale(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    args = ("demo", "8 américain", "--seed", "7", "--players", "3")
    english = run_cli(capsys, *args)
    assert "\nDeal: the starter is " in english
    assert " lays " in english
    french = run_cli(capsys, *args, "--lang", "fr")
    assert "\nDonne : on retourne " in french
    assert " pose " in french
    assert "Gagnant : " in french
    assert " lays " not in french
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert run_cli(capsys, *args) == french  # the locale decides without --lang
    assert run_cli(capsys, *args, "--lang", "en") == english
    monkeypatch.setenv("LC_ALL", "C")  # LC_ALL first, as for every program
    assert run_cli(capsys, *args) == english


def test_demo_says_or_answer_only_under_stacking(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("demo", "8 américain", "--seed", "1", "--players", "3", "--lang", "en")
    standard = run_cli(capsys, *args)  # no stacking: a penalty is drawn, never answered
    assert "must draw" in standard
    assert "or answer" not in standard
    assert "or answer" in run_cli(capsys, *args, "--preset", "le-cumul")


def test_demo_and_replay_tell_what_the_library_tells(
    capsys: pytest.CaptureFixture[str], tmp_path: Any
) -> None:
    record = tmp_path / "game.json"
    out = run_cli(capsys, "demo", "planets", "--players", "3", "--seed", "2", "--lang", "fr")
    assert "\nDébut : tour 1 : Léa est Commandant ; Léa pioche 3 cartes : " in out
    state: AnyState = planets.GAME.new_game(["Léa", "Tom", "Sam"], seed=2)
    first = narrate(state.last_events, state.players, lang="fr")
    assert "Début : " + " ; ".join(first) in out  # the all-seeing narrator, every card told
    run_cli(capsys, "demo", "crazy-eights", "--seed", "5", "--record", str(record))
    replayed = run_cli(capsys, "replay", str(record), "--lang", "fr")
    assert "Places : Léa (heuristic)" in replayed
    assert "\x1b[" not in replayed  # not a terminal: no colours


def test_simulate_shows_words_and_says_when_lower_is_better(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ("--games", "3", "--players", "2", "--agents", "random", "--seed", "1")
    huit = run_cli(capsys, "simulate", "8 américain", *args)
    assert huit.startswith("8 Américain (huit-americain): 3 games")
    assert "Endings: went out 3" in huit
    assert "lower is better" in huit
    crazy = run_cli(capsys, "simulate", "crazy-eights", *args)
    assert "lower is better" not in crazy
    assert "went_out" not in crazy


def _play_until(game: Game[Any], rules: Any, found: Any, seeds: int = 300) -> AnyState:
    for seed in range(seeds):
        state: AnyState = game.new_game(3, seed=seed, rules=rules)
        chooser = random.Random(seed)
        while not state.is_over:
            if found(state):
                return state
            state = state.apply(chooser.choice(state.legal_moves()))
    pytest.fail("no such position")


def test_play_shows_an_empty_stock_as_what_the_discard_pile_will_give() -> None:
    from cardgames.cli.narrate import Narrator

    def empty_stock(state: AnyState) -> bool:
        view: Any = state.view(0)
        return view.stock_size == 0 and len(view.discard) > 1

    state = _play_until(crazy_eights.GAME, None, empty_stock)
    view: Any = state.view(0)
    table = Narrator(state.players, 0).view(view)[0]
    assert "stock: 0" not in table
    assert f"stock: {len(view.discard) - 1} (the discard pile, reshuffled when drawn)" in table
    french = Narrator(state.players, 0, lang="fr").view(view)[0]
    assert f"pioche : {len(view.discard) - 1} (la défausse" in french
    nothing = attrs.evolve(view, discard=view.discard[-1:])
    assert "stock: 0 (nothing left to draw)" in Narrator(state.players, 0).view(nothing)[0]


def test_play_lists_what_a_planet_player_knows() -> None:
    from cardgames.cli.narrate import Narrator

    def known(state: AnyState) -> bool:
        view: Any = state.view(0)
        return (
            bool(view.face_down[0])
            and any(view.known_cards[1:])
            and bool(view.known_stock)
            and state.view(0).viewer == 0
        )

    state = _play_until(planets.GAME, None, known, seeds=400)
    view: Any = state.view(0)
    lines = "\n".join(Narrator(state.players, 0).view(view))
    assert "Your cards face down: " + ", ".join(c.english for c in view.face_down[0]) in lines
    assert "You know: " in lines
    for seat, cards in enumerate(view.known_cards):
        if cards and seat:
            assert f"{state.players[seat]} holds " in lines
    _, card = view.known_stock[0]
    assert f"You know in the stock: {card.english}" in lines
    french = "\n".join(Narrator(state.players, 0, lang="fr").view(view))
    assert "Tes cartes face cachée : " in french
    assert "Tu sais que : " in french


def test_play_offers_the_announcing_move_first() -> None:
    from cardgames.cli.play import _Session

    rules = crazy_eights.GAME.default_rules.replace(hand_size=2)
    for seed in range(20):
        state: AnyState = crazy_eights.GAME.new_game(3, seed=seed, rules=rules)
        seat = state.to_act[0]
        session = _Session(crazy_eights.GAME, state, seat, [None, None, None], seed)
        shown = session.moves()
        plays = [m for m in shown if m.kind == "play"]
        if not plays:
            continue
        assert sorted(map(repr, shown)) == sorted(map(repr, state.legal_moves(seat)))
        engine_first: Any = state.legal_moves(seat)[0]
        assert engine_first.announce is False  # the engine lists the silent move first
        pairs: list[tuple[Any, Any]] = list(zip(plays[::2], plays[1::2], strict=True))
        for first, second in pairs:
            assert first.announce
            assert not second.announce
            assert first.card == second.card
        return
    pytest.fail("no deal where seat 0 can lay a card")


# -- hand-made events: a sentence or InvalidArgumentError, never another error --------------------


def value_strategy(hint: Any) -> Any:
    from hypothesis import strategies as st

    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if args and type(None) in args:
        return st.none() | value_strategy(next(a for a in args if a is not type(None)))
    if origin is tuple:
        return st.lists(value_strategy(args[0]), max_size=4).map(tuple)
    simple: dict[Any, Any] = {
        int: st.integers(-2, 5),
        bool: st.booleans(),
        str: st.sampled_from(["turn", "penalty", "callout", "", "x_y"]),
        Card: st.sampled_from([Card.from_code(code) for code in range(53)]),
        Suit: st.sampled_from(list(Suit)),
        PlanetCard: st.sampled_from(list(PlanetCard)),
        Role: st.sampled_from(list(Role)),
        Gathering: st.builds(
            Gathering.identical,
            st.sampled_from(list(PlanetCard)[:-1]),
            st.integers(3, 6),
            st.sampled_from(list(Role)),
        ),
        Outcome: st.builds(
            Outcome,
            st.sampled_from(list(Termination)),
            st.lists(st.integers(-1, 4), max_size=3).map(tuple),
            st.lists(st.integers(-5, 50), min_size=1, max_size=4).map(tuple),
        ),
    }
    strategy = simple[hint]
    # A value of the wrong type now and then.
    return strategy | st.sampled_from([None, "0", 1.5, True, object()])


def test_hand_made_events_get_a_sentence_or_an_invalid_argument_error() -> None:
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    classes = [cls for game in GAMES for cls in game.event_types.values()]

    @settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(data=st.data())
    def check(data: st.DataObject) -> None:
        cls = data.draw(st.sampled_from(classes), label="type")
        hints = typing.get_type_hints(cls)
        fields = {
            f.name: data.draw(value_strategy(hints[f.name]), label=f.name)
            for f in attrs.fields(cls)
        }
        event = cls(**fields)
        players = data.draw(st.sampled_from([["Léa", "Tom"], ["Léa", "Tom", "Sam"], None]))
        viewer = data.draw(st.sampled_from([None, 0, 1]))
        lang = data.draw(st.sampled_from(LANGUAGES))
        try:
            sentence = describe(event, players, viewer=viewer, lang=lang)
        except InvalidArgumentError:
            return
        assert isinstance(sentence, str)
        assert sentence
        assert isinstance(str(event), str)

    check()


# -- moves as menu entries ----------------------------------------------------------------------

MENU_NAMES = ["Léa", "Tom", "Sam"]


@pytest.mark.parametrize(
    ("move", "en", "fr"),
    [
        (planets.Give(0, PlanetCard.VENUS, 2), "give Venus to Sam", "donner Vénus à Sam"),
        (planets.Steal(2, 1), "steal a card from Tom", "voler une carte à Tom"),
        (planets.Keep(1, PlanetCard.BLACK_HOLE), "keep a black hole", "garder un trou noir"),
        (planets.LayGathering(0, [PlanetCard.SATURN] * 4), "lay 4 Saturn", "poser 4 Saturne"),
        (
            planets.LayGathering(0, list(planets.PLANETS)),
            "lay the 8 different planets",
            "poser les 8 planètes différentes",
        ),
        (planets.Decline(0), "lay nothing", "ne rien poser"),
        (
            planets.DiscardFaceDown(0, PlanetCard.MARS),
            "discard Mars face down",
            "défausser Mars face cachée",
        ),
        (
            planets.PutUnder(0, PlanetCard.EARTH),
            "put Earth under the stock",
            "mettre Terre sous la pioche",
        ),
        (
            PlayCard(0, Card.parse("8H"), suit=Suit.SPADES, announce=True),
            'play 8♥, name spades ♠ and say "carte!"',
            "poser le 8 de cœur et demander pique ♠ en annonçant « carte ! »",
        ),
        (
            PlayCard(1, Card.parse("JS"), target=0),
            "play J♠ and choose Léa",
            "poser le valet de pique et désigner Léa",
        ),
        (
            CallOut(2, 1),
            'call out Tom for not saying "carte!"',
            "dénoncer Tom, qui n'a pas annoncé « carte ! »",
        ),
        (Draw(0), "draw", "piocher"),
        (Pass(0), "pass", "passer"),
        (TakePenalty(0), "take the penalty", "prendre la pénalité"),
        (Announce(0), 'say "carte!"', "annoncer « carte ! »"),
    ],
)
def test_describe_move_names_the_players(move: Any, en: str, fr: str) -> None:
    assert describe_move(move, MENU_NAMES) == en
    assert describe_move(move, MENU_NAMES, lang="fr") == fr


def test_describe_move_without_names_or_symbols() -> None:
    assert describe_move(planets.Give(0, PlanetCard.VENUS, 2), None) == "give Venus to seat 2"
    move = PlayCard(0, Card.parse("TD"), suit=Suit.CLUBS)
    assert describe_move(move, MENU_NAMES, symbols=False) == "play 10D and name clubs"


@pytest.mark.parametrize(
    ("move", "players", "lang", "symbols"),
    [
        ("give Venus to 2", MENU_NAMES, "en", True),  # the notation, not a move
        (object(), MENU_NAMES, "en", True),
        (planets.Give(0, PlanetCard.VENUS, 3), MENU_NAMES, "en", True),  # no seat 3
        (planets.Steal(0, -1), MENU_NAMES, "en", True),
        (attrs.evolve(planets.Give(0, PlanetCard.VENUS, 1), to=True), MENU_NAMES, "en", True),
        # An int for the card:
        (attrs.evolve(PlayCard(0, Card.parse("8H")), card=8), MENU_NAMES, "en", True),  # type: ignore[arg-type]
        (CallOut(0, 1), "Léa", "en", True),
        (CallOut(0, 1), MENU_NAMES, "de", True),
        (CallOut(0, 1), MENU_NAMES, "en", 1),
    ],
)
def test_describe_move_refuses_bad_input(move: Any, players: Any, lang: Any, symbols: Any) -> None:
    with pytest.raises(InvalidArgumentError):
        describe_move(move, players, lang=lang, symbols=symbols)
    with pytest.raises(InvalidArgumentError):  # the same checks write a move's notation
        notate_move(move, players, lang=lang, symbols=symbols)


@pytest.mark.parametrize("game", [crazy_eights.GAME, huit_americain.GAME, planets.GAME])
def test_describe_move_writes_every_legal_move_of_random_games(game: Game[Any]) -> None:
    rnd = random.Random(7)
    for seed in range(3):
        state: State[Any, Any, Any] = game.new_game(MENU_NAMES, seed=seed)
        while not state.is_over:
            for move in state.legal_moves():
                for lang in LANGUAGES:
                    text = describe_move(move, MENU_NAMES, lang=lang)
                    assert text
                    assert text == text.strip()
                    for field in ("to", "victim", "target"):
                        seat = getattr(move, field, None)
                        if seat is not None:
                            assert MENU_NAMES[seat] in text
            state = state.apply(rnd.choice(state.legal_moves()))


@pytest.mark.parametrize(
    ("card", "sentence", "token"),
    [
        ("QH", "Léa pose la dame de cœur", "D♥"),
        ("KC", "Léa pose le roi de trèfle", "R♣"),
        ("JS", "Léa pose le valet de pique", "V♠"),
        ("AD", "Léa pose l'as de carreau", "A♦"),
        ("10H", "Léa pose le 10 de cœur", "10♥"),
        ("JOKER", "Léa pose un joker", "JOKER"),
    ],
)
def test_french_names_cards_as_french_players_say_them(
    card: str, sentence: str, token: str
) -> None:
    """In a sentence, in words with the right article; in a list, with the French letters."""
    played = Card.parse(card)
    assert describe(CardPlayed(0, played), ["Léa", "Tom"], lang="fr") == sentence
    drawn = CardsDrawn(player=0, count=1, reason="turn", cards=(played,))
    assert describe(drawn, ["Léa", "Tom"], viewer=0, lang="fr") == f"tu pioches une carte : {token}"
    assert Card.parse(token) == played  # the parser reads the French letters back
