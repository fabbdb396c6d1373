"""Bounds under attack: rules options, agents and the process-wide caches.

Each test tries to break one promise a hostile caller could reach that the other hostile suites
leave alone:

- a rules option holds the library's own values only: a subclass of ``int`` whose ``__eq__``
  and ``__lt__`` say yes to everything, an enum of the caller's, an `Effects` that lies about its
  items, are refused with `InvalidRulesError`, never stored (they would pass the bounds and
  poison the caches keyed by rules);
- an `ISMCTSAgent` refuses arguments that would make its work unbounded or fail later (an
  infinite or fractional budget, a non-finite constant, a name that is not short text) with
  `InvalidArgumentError` when it is made, not in the middle of a game;
- the caches keyed by rules stay within their bounds whatever number of distinct rules a
  server loads, and give the same answers as a fresh computation.
"""

from __future__ import annotations

import contextlib
import enum
import json
import math
import sys
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from typing import Any

import attrs
import pytest

from cardgames import (
    Card,
    InvalidArgumentError,
    InvalidRulesError,
    InvalidStateError,
    ParseError,
    UnknownGameError,
    cards,
    codec,
    crazy_eights,
    huit_americain,
    planets,
)
from cardgames.agents.base import RandomAgent
from cardgames.agents.heuristic import heuristic_agent
from cardgames.agents.ismcts import ISMCTSAgent
from cardgames.cards import parse_cards
from cardgames.codec import decode
from cardgames.game import find_game
from cardgames.history import GameLog
from cardgames.narration import narrate
from cardgames.planets import PlanetCard
from cardgames.planets import Rules as PlanetsRules
from cardgames.records import GameRecord
from cardgames.rng import Rng
from cardgames.schema import schema
from cardgames.shedding import beliefs, engine
from cardgames.shedding import heuristic_choice as _shedding_heuristic
from cardgames.shedding import search as shedding_search
from cardgames.shedding.rules import Effect, Effects, Scoring, SheddingRules
from hostile_support import peak_bytes


class _Yes(int):
    """An ``int`` that equals everything and is neither below nor above any bound."""

    def __eq__(self, other: object) -> bool:
        return True

    def __ne__(self, other: object) -> bool:
        return False

    def __lt__(self, other: object) -> bool:
        return False

    def __gt__(self, other: object) -> bool:
        return False

    __hash__ = int.__hash__


class _Scoring(enum.Enum):
    """A caller's enum whose member claims to be any scoring."""

    CRAZY_EIGHTS = "crazy_eights"

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = enum.Enum.__hash__


class _LyingEffects(Effects):
    """An `Effects` that compares equal to every table."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = Effects.__hash__


@attrs.frozen(eq=False)
class _LyingEffect(Effect):
    """An `Effect` that compares equal to every effect (so to the plain one too)."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0

    @property
    def is_plain(self) -> bool:  # so that `Effects` keeps it
        return False


def _hostile_options() -> list[tuple[type[Any], str, object]]:
    standard = crazy_eights.Rules().effects
    return [
        (SheddingRules, "hand_size", _Yes(10**6)),
        (SheddingRules, "max_moves", _Yes(10**12)),
        (SheddingRules, "decks", _Yes(10**9)),
        (SheddingRules, "dealer", _Yes(-5)),
        (crazy_eights.Rules, "hand_size", _Yes(7)),
        (huit_americain.Rules, "scoring", _Scoring.CRAZY_EIGHTS),
        (SheddingRules, "effects", _LyingEffects({"8": Effect(wild=True)})),
        (SheddingRules, "effects", Effects({**standard, "3": _LyingEffect(draw=_Yes(5))})),
        (PlanetsRules, "initial_hand", _Yes(10**6)),
        (PlanetsRules, "first_commander", _Yes(99)),
    ]


@pytest.mark.parametrize(("rules_type", "option", "value"), _hostile_options())
def test_a_caller_subclass_is_refused_not_stored(
    rules_type: type[Any], option: str, value: object
) -> None:
    default = rules_type()
    with pytest.raises(InvalidRulesError) as raised:
        rules_type(**{option: value})
    assert raised.value.option == option
    with pytest.raises(InvalidRulesError):
        default.replace(**{option: value})
    with pytest.raises(InvalidRulesError):
        rules_type.from_options({option: value})
    assert rules_type() == default


def test_the_library_own_values_still_pass() -> None:
    rules = SheddingRules(
        hand_size=5,
        decks=2,
        scoring=Scoring.HUIT_AMERICAIN,
        effects=Effects.parse("8:wild 2:draw2"),
        target_score=None,
        rounds=3,
    )
    assert rules.hand_size == 5
    assert type(rules.hand_size) is int
    assert SheddingRules.from_json(rules.to_json()) == rules


# -- ISMCTSAgent's arguments -------------------------------------------------------------------


@pytest.mark.parametrize(
    "arguments",
    [
        {"iterations": math.inf},
        {"iterations": 1.5},
        {"iterations": True},
        {"iterations": "200"},
        {"iterations": _Yes(10**12)},
        {"iterations": 10**12},
        {"iterations": 0},
        {"exploration": math.nan},
        {"exploration": math.inf},
        {"exploration": "0.7"},
        {"exploration": True},
        {"confidence": math.inf},
        {"exploration": 10**400},
        {"confidence": -1.0},
        {"name": 123},
        {"name": ""},
        {"name": "x" * 10**6},
        {"sampler": ["uniform"]},
        {"game": "crazy eights"},
        {"player_budgets": ((2, 10**12),)},
        {"player_budgets": ((2, _Yes(5)),)},
        {"player_budgets": tuple((players, 10) for players in range(1, 10**4))},
    ],
    ids=lambda arguments: repr(arguments)[:40],
)
def test_ismcts_refuses_arguments_that_would_fail_or_never_end(arguments: dict[str, Any]) -> None:
    with pytest.raises(InvalidArgumentError) as raised:
        ISMCTSAgent(**arguments)
    assert raised.value.argument in arguments
    assert len(str(raised.value)) < 1000


def test_ismcts_takes_any_integer_type_for_its_iterations() -> None:
    """A NumPy integer (any ``__index__``) is taken as the library's other integers are."""
    np = pytest.importorskip("numpy")
    for value in (np.int64(50), np.uint16(50), _Yes(50)):
        agent = ISMCTSAgent(iterations=value)
        assert type(agent.iterations) is int
        assert agent == ISMCTSAgent(iterations=50)


@pytest.mark.parametrize(
    "arguments",
    [
        {"interrupt_chance": "0.5"},  # `draw >= "0.5"`: a TypeError at the first interruption
        {"interrupt_chance": None},
        {"interrupt_chance": True},
        {"name": None},
        {"name": 3},
        {"name": "x" * 65},
    ],
    ids=lambda arguments: repr(arguments)[:40],
)
def test_random_agent_refuses_arguments_it_cannot_play_with(arguments: dict[str, Any]) -> None:
    with pytest.raises(InvalidArgumentError) as raised:
        RandomAgent(**arguments)
    assert raised.value.argument in arguments


def test_random_agent_takes_the_bounds_themselves() -> None:
    assert RandomAgent(name="x" * 64, interrupt_chance=0).interrupt_chance == 0
    third: Any = Fraction(1, 3)  # any real number, as tests/test_fast_paths.py plays them
    assert RandomAgent(interrupt_chance=third).name == "random"


def test_ismcts_takes_the_bounds_themselves() -> None:
    agent = ISMCTSAgent(
        iterations=1_000_000,
        exploration=0,
        confidence=0.0,
        name="x" * 64,
        game=crazy_eights.GAME,
        player_budgets={3: 1_000_000, 5: 1},
    )
    assert agent.iterations_for(4) == 1_000_000
    assert agent.iterations_for(6) == 1
    small = attrs.evolve(agent, iterations=3, player_budgets=())
    seat, state = _first_decision()
    move, _ = small.act(state.view(seat), state.legal_moves(seat), Rng.from_seed(1))
    assert move in state.legal_moves(seat)


def _first_decision() -> tuple[int, Any]:
    state = crazy_eights.new_game(3, seed=11)
    while len(state.legal_moves(state.to_act[0])) < 2:
        state = state.apply(state.legal_moves(state.to_act[0])[0])
    return state.to_act[0], state


# -- rules of a caller's subclass ----------------------------------------------------------------


@pytest.mark.parametrize("rules_type", [crazy_eights.Rules, huit_americain.Rules, PlanetsRules])
def test_the_rules_of_a_built_in_game_cannot_be_subclassed(rules_type: type[Any]) -> None:
    # A subclass would pass every ``isinstance(rules, game.rules_type)`` with valid options
    # while overriding what the engine reads: ten million decks to deal, say.
    with pytest.raises(TypeError, match="cannot be subclassed"):
        type("Forged", (rules_type,), {"decks_for": lambda self, players: 10**7})
    assert rules_type() == rules_type()


def test_rules_of_the_shedding_base_are_not_a_game_rules() -> None:
    forged = type("Forged", (SheddingRules,), {"decks_for": lambda self, players: 10**7})
    with pytest.raises(InvalidRulesError):
        crazy_eights.new_game(2, seed=1, rules=forged())


# -- process-wide caches ------------------------------------------------------------------------


def test_decoding_many_classes_of_a_caller_keeps_the_hints_cache_bounded() -> None:
    # `decode` is public: a program decoding documents into classes it makes on the fly (one
    # per request, say) must not grow a process-wide cache with each of them.
    for number in range(600):
        cls = attrs.make_class(f"Made{number}", {"size": attrs.field(type=int)})
        assert decode(cls, {"size": number}).size == number
    assert len(codec._HINTS) <= 256  # codec._MOST_HINTS
    rules = crazy_eights.Rules(hand_size=5)
    assert crazy_eights.Rules.from_json(rules.to_json()) == rules


# -- text of the planet game --------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["x" * 2_000_000, "lay " + "mars " * 200_000, "give Mars to " + "Tom " * 200_000],
    ids=["one-word", "a-gathering-of-200000", "a-long-seat"],
)
def test_a_huge_move_text_of_the_planet_game_is_refused_unread(text: str) -> None:
    state = planets.new_game(["Léa", "Tom"], seed=3)
    with pytest.raises(ParseError) as raised:
        state.parse_move(text)
    assert len(str(raised.value)) < 1000
    assert (
        peak_bytes(lambda: state.parse_move(text), ParseError) < 100_000
    )  # nothing split or copied
    assert state.parse_move("lay " + "mars " * 3) == planets.LayGathering(0, (PlanetCard.MARS,) * 3)


def test_a_huge_planet_card_text_is_refused_unread() -> None:
    text = "é" * 2_000_000  # folding would decompose it into twice as many characters
    with pytest.raises(ParseError):
        PlanetCard.parse(text)
    assert peak_bytes(lambda: PlanetCard.parse(text), ParseError) < 100_000
    assert PlanetCard.parse(" trou-noir ") is PlanetCard.BLACK_HOLE


# -- players' names -----------------------------------------------------------------------------

_LONG_NAME = "Léa" * 1_000_000  # 3 million characters


@pytest.mark.parametrize("game", [crazy_eights.GAME, huit_americain.GAME, planets.GAME])
def test_a_huge_player_name_is_refused_before_it_is_copied(game: Any) -> None:
    # Every state, view, record, match and sentence of narration repeats the names.
    with pytest.raises(InvalidRulesError) as raised:
        game.new_game([_LONG_NAME, "Tom"], seed=1)
    assert raised.value.option == "players"
    assert len(str(raised.value)) < 1000
    with pytest.raises(InvalidRulesError):
        game.new_match([_LONG_NAME, "Tom"], seed=1)
    assert peak_bytes(lambda: _refused(game), ParseError) < 100_000
    longest = "x" * 100
    assert game.new_game([longest, "Tom"], seed=1).players == (longest, "Tom")


def _refused(game: Any) -> None:
    with contextlib.suppress(InvalidRulesError):
        game.new_game([_LONG_NAME, "Tom"], seed=1)


@pytest.mark.parametrize("game", [crazy_eights.GAME, planets.GAME])
def test_a_state_document_with_a_huge_name_is_refused(game: Any) -> None:
    state = game.new_game(["Léa", "Tom"], seed=1)
    text = state.to_json().replace('"Léa"', json.dumps("L" * 5000), 1)
    assert text != state.to_json()
    with pytest.raises(InvalidStateError) as raised:
        game.state_from_json(text)
    assert "players" in raised.value.path


def test_narration_refuses_a_huge_name() -> None:
    state = crazy_eights.new_game(["Léa", "Tom"], seed=3)
    after = state.apply(state.legal_moves()[0])
    with pytest.raises(InvalidArgumentError) as raised:
        narrate(after.last_events, [_LONG_NAME, "Tom"])
    assert len(str(raised.value)) < 1000
    assert narrate(after.last_events, ["x" * 100, "Tom"])


# -- the caches keyed by rules, under many rules and many threads --------------------------------

_VARIANTS = 300  # more than every per-rules cache keeps (64 policies, 64 card tables, 257 tables)


def _decisions(indexes: Sequence[int]) -> list[tuple[int, str]]:
    """One bot decision of each kind under each rules variant (fresh rules objects each time)."""
    out = []
    for i in indexes:
        rules = crazy_eights.Rules(max_moves=100 + i, hand_size=2 + i % 6)
        state = crazy_eights.new_game(2 + i % 3, seed=i, rules=rules)
        seat = state.to_act[0]
        view, legal = state.view(seat), state.legal_moves(seat)
        rng = Rng.from_seed(i)
        chosen = [
            heuristic_agent(crazy_eights.GAME).act(view, legal, rng)[0],
            ISMCTSAgent(iterations=2, sampler="belief").act(view, legal, rng)[0],
            ISMCTSAgent(iterations=2).act(view, legal, rng)[0],
        ]
        out.append((i, " / ".join(str(move) for move in chosen)))
    return out


def _cache_sizes() -> dict[str, int]:
    return {
        "engine tables": len(engine._TABLE_CACHE),
        "search policies": len(shedding_search._POLICIES),
        "heuristic tables": len(_shedding_heuristic._TABLES),
        "belief masks": beliefs._fit_mask.cache_info().currsize,
    }


def test_many_rules_keep_every_rules_cache_bounded_and_answers_unchanged() -> None:
    first = _decisions(range(_VARIANTS))
    sizes = _cache_sizes()
    assert sizes["engine tables"] <= 257
    assert sizes["search policies"] <= 64
    assert sizes["heuristic tables"] <= 64
    assert sizes["belief masks"] <= 1024
    # The same decisions again, in another order (other rules cached meanwhile).
    again = dict(_decisions(range(_VARIANTS - 1, -1, -1)))
    assert [again[i] for i, _ in first] == [decision for _, decision in first]


def test_threads_churning_the_rules_caches_agree_with_one_thread() -> None:
    indexes = list(range(0, _VARIANTS, 3))
    expected = dict(_decisions(indexes))
    threads = 4
    barrier = threading.Barrier(threads)

    def work(k: int) -> list[tuple[int, str]]:
        barrier.wait(timeout=60)
        return _decisions(indexes[k::threads])

    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible, so that races show
    try:
        with ThreadPoolExecutor(max_workers=threads) as pool:
            results = list(pool.map(work, range(threads)))
    finally:
        sys.setswitchinterval(before)
    found = dict(pair for result in results for pair in result)
    assert found == expected


# -- numbers in effects text ---------------------------------------------------------------------

_LONG_DRAW = "8:draw" + "9" * 5000  # beyond the interpreter's 4,300 digits: int() raises ValueError


def test_a_draw_of_thousands_of_digits_is_a_parse_error_everywhere() -> None:
    with pytest.raises(ParseError):
        Effects.parse(_LONG_DRAW)
    with pytest.raises(InvalidRulesError) as raised:
        crazy_eights.Rules.from_options({"effects": _LONG_DRAW})
    assert len(str(raised.value)) < 1000
    with pytest.raises(InvalidRulesError):
        crazy_eights.Rules.parse_assignments([f"effects={_LONG_DRAW}"])
    rules_document = crazy_eights.Rules().to_json().replace("8:wild", _LONG_DRAW)
    with pytest.raises(InvalidStateError):
        crazy_eights.Rules.from_json(rules_document)
    state_document = crazy_eights.new_game(2, seed=1).to_json().replace("8:wild", _LONG_DRAW)
    with pytest.raises(InvalidStateError):
        crazy_eights.GAME.state_from_json(state_document)
    assert Effects.parse("8:wild 2:draw099")["2"].draw == 99


# -- the RL encodings' caches under threads ------------------------------------------------------


def test_threads_filling_the_encoding_caches_past_their_bound_never_fail() -> None:
    # Before the fix, two threads forgetting the oldest entry at once raised KeyError (both
    # picked the same key) or RuntimeError (one iterated while the other inserted), about
    # once a second of this churn; keep at it for three seconds.
    pytest.importorskip("numpy", reason="cardgames.rl needs the rl extra (NumPy)")
    from cardgames.rl import _actions, _observations, action_encoding, observation_encoding

    variants = [crazy_eights.Rules(max_moves=100 + i) for i in range(400)]
    threads = 8
    errors: list[str] = []
    deadline = time.monotonic() + 3.0

    def work(k: int) -> None:
        try:
            while time.monotonic() < deadline and not errors:
                for rules in variants[k::threads]:
                    action_encoding(crazy_eights.GAME, rules, players=2)
                    observation_encoding(crazy_eights.GAME, rules, players=2)
        except Exception as error:  # any error at all is the failure
            errors.append(repr(error)[:200])

    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-7)
    try:
        with ThreadPoolExecutor(max_workers=threads) as pool:
            list(pool.map(work, range(threads)))
    finally:
        sys.setswitchinterval(before)
    assert errors == []
    assert len(_actions._ENCODINGS) <= _actions._CACHE_SIZE
    assert len(_observations._ENCODINGS) <= _actions._CACHE_SIZE
    rules = variants[7]
    assert action_encoding(crazy_eights.GAME, rules, players=2).size == (
        action_encoding(crazy_eights.GAME, rules.replace(max_moves=107), players=2).size
    )


# -- names of games and presets ------------------------------------------------------------------

_LONG_GAME = "é" * 3_000_000  # folding decomposes each character: twice as many, then copies


def test_a_huge_game_or_preset_name_is_refused_unread() -> None:
    find_game("crazy eights")  # the built-in games imported before measuring
    with pytest.raises(UnknownGameError) as unknown:
        find_game(_LONG_GAME)
    assert len(str(unknown.value)) < 1000
    assert peak_bytes(lambda: _unknown(_LONG_GAME), ParseError) < 100_000
    with pytest.raises(InvalidRulesError) as raised:
        crazy_eights.GAME.preset(_LONG_GAME)
    assert len(str(raised.value)) < 1000
    assert peak_bytes(lambda: _no_preset(_LONG_GAME), ParseError) < 100_000
    assert find_game(" 8  Américain ") is huit_americain.GAME
    assert crazy_eights.GAME.preset("Sevens_Draw") == crazy_eights.PRESETS["sevens-draw"]


@pytest.mark.parametrize("name", [None, 3, b"marquoir", ["marquoir"]])
def test_a_preset_name_that_is_not_text_is_an_invalid_rules_error(name: Any) -> None:
    with pytest.raises(InvalidRulesError) as raised:
        crazy_eights.GAME.preset(name)
    assert raised.value.option == "preset"


def _unknown(name: str) -> None:
    with contextlib.suppress(UnknownGameError):
        find_game(name)


def _no_preset(name: str) -> None:
    with contextlib.suppress(InvalidRulesError):
        crazy_eights.GAME.preset(name)


def test_a_huge_deck_text_is_refused_before_it_is_parsed() -> None:
    text = "8H " * 1_000_000  # a million cards: seven seconds of parsing before the fix
    with pytest.raises(InvalidRulesError) as raised:
        crazy_eights.new_game(2, seed=1, deck=text)
    assert raised.value.option == "deck"
    assert len(str(raised.value)) < 1000
    assert peak_bytes(lambda: _no_deck(text), ParseError) < 100_000
    deck = crazy_eights.new_game(2, seed=1).all_cards()
    padded = "   ,  ".join(str(card) for card in deck)  # generous separators still fit
    assert crazy_eights.new_game(2, seed=1, deck=padded) == crazy_eights.new_game(
        2, seed=1, deck=deck
    )


def _no_deck(text: str) -> None:
    with contextlib.suppress(InvalidRulesError):
        crazy_eights.new_game(2, seed=1, deck=text)


# -- the card parser's cache ----------------------------------------------------------------------


class _Liar(str):
    """Text that equals every string and hashes like another card's text."""

    def __eq__(self, other: object) -> bool:
        return True

    def __ne__(self, other: object) -> bool:
        return False

    def __hash__(self) -> int:
        return hash("9H")


def test_a_str_subclass_never_poisons_the_card_parser_cache() -> None:
    # Before the fix the liar was stored as a key of the process-wide cache, and from then on
    # every `Card.parse("9H")`, in every thread, found it equal and returned the 8 of hearts.
    assert Card.parse(_Liar("8H")) == Card.parse("8H")
    assert str(Card.parse("9H")) == "9H"
    assert all(type(key) is str for key in list(cards._PARSE_CACHE))
    assert parse_cards(_Liar("9H 8H")) == (Card.parse("9H"), Card.parse("8H"))
    assert str(Card.parse("9H")) == "9H"


def test_a_long_card_text_is_never_hashed_into_the_cache() -> None:
    text = "8H" + " " * 5_000_000
    with pytest.raises(ParseError):
        Card.parse(text)
    assert peak_bytes(lambda: Card.parse(text), ParseError) < 100_000
    assert text not in cards._PARSE_CACHE


class _Chameleon(str):
    """Text that equals every string and hashes like ``"view"``."""

    def __eq__(self, other: object) -> bool:
        return True

    def __ne__(self, other: object) -> bool:
        return False

    def __hash__(self) -> int:
        return hash("view")


def test_a_str_subclass_never_poisons_the_schema_cache() -> None:
    # Before the fix the chameleon passed `kind in KINDS`, was built as "state" (it equals it)
    # and cached under the hash of "view": every later schema("view") was the state's.
    with pytest.raises(InvalidArgumentError):
        schema(_Chameleon("state"), "crazy eights")
    assert "view document" in schema("view", "crazy eights")["title"]


def test_a_record_refuses_agent_names_longer_than_a_players() -> None:
    log = GameLog.start(crazy_eights.GAME, 2, seed=1)
    document = json.loads(log.to_record(["random", "heuristic"]).to_json())
    document["data"]["agents"] = ["x" * 5000, "random"]
    with pytest.raises(InvalidStateError) as raised:
        GameRecord.from_json(json.dumps(document))
    assert raised.value.path == "/data/agents/0"
    with pytest.raises(InvalidArgumentError):
        log.to_record(["x" * 5000, "random"])
    agents = schema("record", "crazy eights")["properties"]["data"]["properties"]["agents"]
    assert agents["items"]["maxLength"] == 100
    assert log.to_record(["x" * 100, "random"]).agents == ("x" * 100, "random")


def test_the_encoding_caches_never_keep_a_callers_str_subclass() -> None:
    pytest.importorskip("numpy", reason="cardgames.rl needs the rl extra (NumPy)")
    from cardgames.rl import _actions, _observations, action_encoding, observation_encoding

    class Name(str):
        """A game name of the caller's own type (its methods could lie)."""

    rules = crazy_eights.Rules(max_moves=321)
    assert action_encoding(Name("crazy eights"), rules, players=3).players == 3
    assert observation_encoding(Name("crazy eights"), rules, players=3) is not None
    for cache in (_actions._ENCODINGS, _observations._ENCODINGS):
        assert all(type(key[0]) is str for key in list(cache))


@pytest.mark.parametrize("legal", [["x", "y"], [None, None], "ab", 42])
def test_ismcts_refuses_legal_moves_that_are_not_moves(legal: Any) -> None:
    seat, state = _first_decision()
    agent = ISMCTSAgent(iterations=3)
    belief = ISMCTSAgent(iterations=3, sampler="belief")
    for call in (
        lambda: agent.act(state.view(seat), legal, Rng.from_seed(1)),
        lambda: agent.search(state.view(seat), legal, Rng.from_seed(1)),
        lambda: belief.act(state.view(seat), legal, Rng.from_seed(1)),
    ):
        with pytest.raises(InvalidArgumentError) as raised:
            call()
        assert raised.value.argument == "legal"
