"""The contract under attack, sixth pass: text, tables, caches and constructors.

Each test tries to break one promise a hostile caller could reach that the other hostile suites
leave alone, and fails on the code before its fix:

- every parser refuses overlong text before it trims, folds or splits it (a copy of all of it):
  `Suit.parse`, `Rank.parse`, `parse_bool`, `Effect.parse`, `Effects.parse`, option values and
  names of `RulesBase.from_options`, and the lists `parse_cards` and `parse_planet_cards`, whose
  bound (65,536 characters) is over twice the longest deck written out;
- the presets and the other public tables (`PRESETS`, `HARD_ITERATIONS`, `MOVE_TYPES`,
  `STATE_SIZES`...) are read-only: no caller, or tenant of a server, changes them for the whole
  process;
- the RL encodings' fast paths never hash or compare a caller's rules object;
- `make_agent` refuses an empty argument (``"random:"``, ``"ismcts:"``);
- the planet game refuses a generator of names as the shedding games do;
- `ISMCTSAgent(player_budgets=...)` reads at most 65 pairs of what it is given, and takes NumPy
  integers;
- a shedding `Match` refuses rules that are no game's own (a bare `SheddingRules`, a caller's
  subclass) when it is made.
"""

from __future__ import annotations

import itertools
import json
import math
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from cardgames import (
    Card,
    DeckKind,
    InvalidArgumentError,
    InvalidRulesError,
    ParseError,
    Rank,
    Suit,
    crazy_eights,
    huit_americain,
    make_deck,
    parse_cards,
    planets,
)
from cardgames.agents import levels
from cardgames.agents.ismcts import ISMCTSAgent
from cardgames.agents.registry import make_agent
from cardgames.options import parse_bool
from cardgames.planets import invariants as planets_invariants
from cardgames.planets import moves as planets_moves
from cardgames.planets import parse_planet_cards
from cardgames.shedding import moves as shedding_moves
from cardgames.shedding.match import Match as SheddingMatch
from cardgames.shedding.rules import Effect, Effects, SheddingRules
from hostile_support import peak_bytes

# -- 1. names and words: refused unread ---------------------------------------------------------

_HUGE = "é" * 2_000_000  # folding decomposes each character: twice as many, then copies

_WORD_PARSERS: dict[str, Callable[[str], object]] = {
    "Suit.parse": Suit.parse,
    "Rank.parse": Rank.parse,
    "parse_bool": parse_bool,
    "Effect.parse": Effect.parse,
    "Effects.parse": Effects.parse,
}


@pytest.mark.parametrize("parse", list(_WORD_PARSERS.values()), ids=list(_WORD_PARSERS))
def test_a_huge_word_is_refused_unread_with_a_parse_error(parse: Callable[[str], object]) -> None:
    with pytest.raises(ParseError) as raised:
        parse(_HUGE)
    assert len(str(raised.value)) < 1000
    assert peak_bytes(lambda: parse(_HUGE)) < 100_000  # nothing trimmed, folded or split


@pytest.mark.parametrize("parse", list(_WORD_PARSERS.values()), ids=list(_WORD_PARSERS))
@pytest.mark.parametrize("value", [None, 8, b"H", ["H"]])
def test_a_word_that_is_not_text_is_a_parse_error(
    parse: Callable[[object], object], value: object
) -> None:
    with pytest.raises(ParseError):
        parse(value)


class _LyingText(str):
    """Text whose ``strip`` and ``casefold`` would answer for another text."""

    __slots__ = ()

    def __len__(self) -> int:
        return 1

    def strip(self, chars: str | None = None) -> str:
        raise AssertionError("a subclass's strip was called")

    def casefold(self) -> str:
        raise AssertionError("a subclass's casefold was called")


def test_the_word_parsers_read_a_str_subclass_as_plain_text() -> None:
    assert Suit.parse(_LyingText(" Cœur ")) is Suit.HEARTS
    assert Rank.parse(_LyingText("Dame")) is Rank.QUEEN
    assert parse_bool(_LyingText(" Oui ")) is True
    assert Effect.parse(_LyingText("wild+draw4")) == Effect(wild=True, draw=4)
    assert str(Effects.parse(_LyingText("8:wild A:skip"))) == "8:wild A:skip"
    with pytest.raises(ParseError):
        Suit.parse(_LyingText("h" * 100))  # its length read as str's, not as it claims


def test_the_longest_legitimate_words_still_parse() -> None:
    every = "wild+draw99+skip+reverse+swap"  # the most effects one card may have at once
    assert Effect.parse(f"  {' + '.join(every.split('+'))}  ").draw == 99
    faces = ("deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix")
    words = [f"{face}:{every.replace('wild+', '')}" for face in faces]
    words += [f"{face}:{every.replace('wild+', '')}" for face in ("valet", "dame", "roi", "as")]
    words.append("joker:wild+draw5")
    text = ", ".join(words)
    assert len(text) < 1000
    assert len(Effects.parse(text)) == 14
    assert Suit.parse("  Trèfles ") is Suit.CLUBS


@pytest.mark.parametrize(
    "option", ["stacking", "decks", "effects", "hand_size", "jump_in", "starter"]
)
def test_a_huge_option_value_is_refused_unread(option: str) -> None:
    with pytest.raises(InvalidRulesError) as raised:
        crazy_eights.Rules.from_options({option: _HUGE})
    assert raised.value.option == option
    assert len(str(raised.value)) < 1000
    assert peak_bytes(lambda: crazy_eights.Rules.from_options({option: _HUGE})) < 100_000


@pytest.mark.parametrize("name", [_HUGE, 3, None, ("decks",)])
def test_an_option_name_that_is_not_short_text_is_an_invalid_rules_error(name: Any) -> None:
    with pytest.raises(InvalidRulesError) as raised:
        crazy_eights.Rules.from_options({name: "2"})
    assert len(str(raised.value)) < 1000
    assert peak_bytes(lambda: crazy_eights.Rules.from_options({name: "2"})) < 100_000
    assert crazy_eights.Rules.from_options({" decks ": "2"}).decks == 2


def test_a_huge_face_of_an_effects_table_is_refused_unread() -> None:
    table = Effects.parse("8:wild")
    with pytest.raises(ParseError):
        table.replace(_HUGE, "wild")
    assert peak_bytes(lambda: table.replace(_HUGE, "wild")) < 100_000
    with pytest.raises(KeyError):
        table[_HUGE]
    assert table.replace("dame", "skip")["Q"] == Effect(skip=True)


# -- 2. lists of cards: a documented bound ------------------------------------------------------


def test_parse_cards_refuses_text_over_its_bound_unread() -> None:
    text = "8H " * 1_000_000
    started = time.process_time()
    with pytest.raises(ParseError) as raised:
        parse_cards(text)
    assert time.process_time() - started < 0.5  # 7 s when every card was read
    assert "65,536" in str(raised.value)
    assert len(str(raised.value)) < 1000
    assert peak_bytes(lambda: parse_cards(text)) < 100_000


def test_parse_cards_reads_eight_decks_in_words() -> None:
    cards = make_deck(DeckKind.JOKERS_54, 8)  # the largest deck dealt: 432 cards
    longest = [card.french() for card in cards] * 2  # twice as many, in the longest words
    assert parse_cards(", ".join(longest)) == tuple(cards) * 2
    assert parse_cards(_LyingText("8H 10S")) == parse_cards("8H 10S")


def test_parse_planet_cards_refuses_text_over_its_bound_unread() -> None:
    text = "Mars " * 1_000_000
    with pytest.raises(ParseError) as raised:
        parse_planet_cards(text)
    assert "65,536" in str(raised.value)
    assert peak_bytes(lambda: parse_planet_cards(text)) < 100_000
    every = " ".join(card.french for card in planets.FULL_DECK)
    assert parse_planet_cards(every) == planets.FULL_DECK


# -- 3. read-only tables ------------------------------------------------------------------------

_TABLES: dict[str, Any] = {
    "crazy_eights.PRESETS": crazy_eights.PRESETS,
    "huit_americain.PRESETS": huit_americain.PRESETS,
    "planets.PRESETS": planets.PRESETS,
    "levels.HARD_ITERATIONS": levels.HARD_ITERATIONS,
    "levels.HARD_PLAYER_BUDGETS": levels.HARD_PLAYER_BUDGETS,
    "shedding.MOVE_TYPES": shedding_moves.MOVE_TYPES,
    "shedding.EVENT_TYPES": shedding_moves.EVENT_TYPES,
    "planets.MOVE_TYPES": planets_moves.MOVE_TYPES,
    "planets.EVENT_TYPES": planets_moves.EVENT_TYPES,
    "planets.STATE_SIZES": planets_invariants.STATE_SIZES,
    "planets.VIEW_SIZES": planets_invariants.VIEW_SIZES,
}


@pytest.mark.parametrize("table", list(_TABLES.values()), ids=list(_TABLES))
def test_a_public_table_cannot_be_changed_by_a_caller(table: Any) -> None:
    key = next(iter(table))
    before = dict(table)
    edits: tuple[Callable[[], object], ...] = (
        lambda: table.__setitem__(key, None),
        lambda: table.__delitem__(key),
        lambda: table.update({"x": None}),
        lambda: table.pop(key),
        lambda: table.clear(),
    )
    for edit in edits:
        with pytest.raises((TypeError, AttributeError)):
            edit()
    assert dict(table) == before


def test_the_presets_are_the_games_presets() -> None:
    for module in (crazy_eights, huit_americain, planets):
        assert dict(module.PRESETS) == dict(module.GAME.presets)
        name = next(iter(module.PRESETS))
        assert module.GAME.preset(name) is module.PRESETS[name]


# -- 4. the RL encodings' fast paths ------------------------------------------------------------


class _Forged:
    """Not rules: its hash and equality would run the caller's code inside a cache lookup."""

    calls = 0

    def __hash__(self) -> int:
        type(self).calls += 1
        raise RuntimeError("a caller's __hash__ ran")

    def __eq__(self, other: object) -> bool:
        type(self).calls += 1
        return True


@pytest.mark.parametrize("which", ["action", "observation"])
def test_an_encoding_never_hashes_a_callers_rules_before_checking_them(which: str) -> None:
    pytest.importorskip("numpy", reason="cardgames.rl needs the rl extra (NumPy)")
    from cardgames.rl import action_encoding, observation_encoding

    encoding = action_encoding if which == "action" else observation_encoding
    real = encoding("crazy-eights", crazy_eights.Rules(), players=2)  # cached
    _Forged.calls = 0
    with pytest.raises(InvalidArgumentError):
        encoding("crazy-eights", _Forged(), players=2)
    assert _Forged.calls == 0
    assert encoding("crazy-eights", crazy_eights.Rules(), players=2) is real


# -- 5. make_agent: an empty argument -----------------------------------------------------------


@pytest.mark.parametrize(
    "spec", ["random:", "heuristic:", "hard:", "ismcts:", "ismcts-belief:", " ismcts: "]
)
def test_an_agent_name_with_an_empty_argument_is_refused(spec: str) -> None:
    with pytest.raises(InvalidRulesError) as raised:
        make_agent(spec, crazy_eights.GAME)
    assert raised.value.option == "agent"
    assert isinstance(raised.value, InvalidArgumentError)


def test_the_bare_agent_names_still_work() -> None:
    assert make_agent(" Random ", crazy_eights.GAME).name == "random"
    assert make_agent("ISMCTS", crazy_eights.GAME).name == "ismcts"
    assert make_agent("ismcts:5", crazy_eights.GAME).name == "ismcts"
    assert make_agent(_LyingText("random"), crazy_eights.GAME).name == "random"


# -- 6. players' names: one rule for every game -------------------------------------------------


def _names() -> Iterator[str]:
    yield from ("Léa", "Tom")


@pytest.mark.parametrize(
    "start",
    [
        lambda players: crazy_eights.new_game(players, seed=1),
        lambda players: huit_americain.new_game(players, seed=1),
        lambda players: planets.new_game(players, seed=1),
        lambda players: crazy_eights.GAME.new_match(players),
        lambda players: planets.GAME.new_match(players),
    ],
    ids=["crazy-eights", "huit-americain", "planets", "crazy-eights-match", "planets-match"],
)
def test_every_game_refuses_a_generator_of_names_alike(start: Callable[[object], object]) -> None:
    names = _names()
    with pytest.raises(InvalidRulesError) as raised:
        start(names)
    assert raised.value.option == "players"
    assert raised.value.reason == "expected a number of players or their names"
    assert next(names) == "Léa"  # not consumed
    start(["Léa", "Tom"])


class _LyingNames(tuple[str, ...]):
    """A tuple of many names that says it holds two."""

    def __len__(self) -> int:
        return 2


@pytest.mark.parametrize("module", [crazy_eights, planets])
def test_a_sequence_that_lies_about_its_length_is_read_only_so_far(module: Any) -> None:
    names = _LyingNames(f"P{i}" for i in range(100_000))
    with pytest.raises(InvalidRulesError) as raised:
        module.new_game(names, seed=1)
    assert raised.value.option == "players"
    assert peak_bytes(lambda: module.new_game(names, seed=1)) < 100_000  # never all copied


# -- 7. ISMCTSAgent(player_budgets=...) ---------------------------------------------------------


def test_a_huge_list_of_budgets_is_refused_before_it_is_copied() -> None:
    pairs = [(1, 1)] * 2_000_000
    with pytest.raises(InvalidArgumentError) as raised:
        ISMCTSAgent(player_budgets=pairs)
    assert raised.value.argument == "player_budgets"
    assert len(str(raised.value)) < 1000
    assert peak_bytes(lambda: ISMCTSAgent(player_budgets=pairs)) < 200_000
    huge_pair = [(3, *range(1_000_000))]
    assert peak_bytes(lambda: ISMCTSAgent(player_budgets=huge_pair)) < 200_000


def test_budgets_from_a_mapping_generator_or_numpy_integers() -> None:
    np = pytest.importorskip("numpy")
    agent = ISMCTSAgent(player_budgets={np.int64(3): np.int32(50), 5: 20})
    assert agent.player_budgets == ((3, 50), (5, 20))
    assert all(type(n) is int for pair in agent.player_budgets for n in pair)
    endless = itertools.repeat((1, 1))
    with pytest.raises(InvalidArgumentError):
        ISMCTSAgent(player_budgets=endless)  # not a tuple, list or mapping: refused unread
    for bad in ([(True, 5)], [(3, 5.0)], [(3, "5")], [(3, 5, 7)], [(5, 1), (3, 1)]):
        with pytest.raises(InvalidArgumentError):
            ISMCTSAgent(player_budgets=bad)


# -- 8. a shedding Match: the rules of a game ---------------------------------------------------


class _CallersRules(SheddingRules):
    """A caller's subclass claiming to be Crazy Eights' rules."""

    game_name = "crazy-eights"


@pytest.mark.parametrize("rules", [SheddingRules(), _CallersRules()], ids=["bare", "subclass"])
def test_a_shedding_match_refuses_rules_that_are_no_games_own(rules: SheddingRules) -> None:
    builds: tuple[Callable[[], object], ...] = (
        lambda: SheddingMatch(rules, ("Léa", "Tom")),
        lambda: SheddingMatch.new(["Léa", "Tom"], rules),
        lambda: crazy_eights.Match(rules, ("Léa", "Tom")),
    )
    for build in builds:
        with pytest.raises(InvalidRulesError) as raised:
            build()
        assert raised.value.option == "rules"
    assert crazy_eights.Match.new(["Léa", "Tom"], crazy_eights.Rules()).deal().players == (
        "Léa",
        "Tom",
    )


# -- 9. scoring and score keeping ---------------------------------------------------------------

_EIGHT = Card.parse("8H")


@pytest.mark.parametrize(
    "hands",
    [
        [()] + [(_EIGHT,)] * 1_000_000,  # a million players: 192,308 decks were made to check
        [(), (_EIGHT,) * 2_000_000],  # a hand of two million cards, copied before any check
        {f"P{i}": (_EIGHT,) for i in range(100_000)},
    ],
    ids=["a-million-hands", "a-huge-hand", "a-mapping-of-100000-names"],
)
def test_round_points_reads_no_more_hands_or_cards_than_a_round_can_hold(hands: Any) -> None:
    started = time.process_time()
    with pytest.raises(InvalidArgumentError) as raised:
        crazy_eights.round_points(hands)
    assert time.process_time() - started < 0.5
    assert raised.value.argument == "hands"
    assert len(str(raised.value)) < 1000
    assert peak_bytes(lambda: crazy_eights.round_points(hands)) < 200_000


def test_round_points_does_not_run_a_callers_str_on_its_keys() -> None:
    class _Key:
        def __str__(self) -> str:
            raise AssertionError("a caller's __str__ ran")

    hands: Any = {_Key(): (), "Tom": (_EIGHT,) * 9}  # an 8 held nine times: names hands
    with pytest.raises(InvalidArgumentError):
        crazy_eights.round_points(hands)


class _ManyDecks(SheddingRules):
    """A caller's rules whose number of decks is beyond any deal."""

    def decks_for(self, players: int) -> int:
        return 10**9


def test_check_hands_refuses_rules_that_deal_more_decks_than_any_game() -> None:
    from cardgames.shedding.scoring import check_hands

    with pytest.raises(InvalidRulesError):
        check_hands([(), (_EIGHT,)], _ManyDecks())
    assert peak_bytes(lambda: check_hands([(), (_EIGHT,)], _ManyDecks())) < 100_000


def test_add_round_takes_numpy_integers_as_their_int() -> None:
    np = pytest.importorskip("numpy")
    for module in (crazy_eights, planets):
        match = module.GAME.new_match(["Léa", "Tom"])
        by_seat = match.add_round([np.int64(3), np.int32(0)])
        by_name = match.add_round({"léa": np.uint8(3)})
        assert by_seat.totals == by_name.totals == (3, 0)
        assert all(type(points) is int for points in by_seat.rounds[0] + by_name.rounds[0])
        assert json.loads(by_seat.to_json()) == json.loads(match.add_round([3, 0]).to_json())


def test_add_round_and_add_hands_never_fold_a_huge_name() -> None:
    match = crazy_eights.Match.new(["Léa", "Tom"], crazy_eights.Rules())
    with pytest.raises(InvalidRulesError):
        match.add_round({_HUGE: 3})
    assert peak_bytes(lambda: match.add_round({_HUGE: 3})) < 100_000
    with pytest.raises(InvalidArgumentError):
        match.add_hands({_HUGE: (), "Tom": (_EIGHT,)})
    assert peak_bytes(lambda: match.add_hands({_HUGE: (), "Tom": (_EIGHT,)})) < 100_000
    many = {f"P{i}": (_EIGHT,) for i in range(100_000)}
    with pytest.raises(InvalidArgumentError) as raised:
        match.add_hands(many)
    assert len(str(raised.value)) < 1000
    assert match.add_hands({"LÉA": (), "tom": (_EIGHT,)}).totals == (50, 0)


# -- 10. RL encodings: the number of players ----------------------------------------------------


@pytest.mark.parametrize("which", ["action", "observation"])
def test_an_encoding_takes_a_numpy_number_of_players(which: str) -> None:
    np = pytest.importorskip("numpy", reason="cardgames.rl needs the rl extra (NumPy)")
    from cardgames.rl import action_encoding, observation_encoding

    encoding = action_encoding if which == "action" else observation_encoding
    for game in ("crazy-eights", "planets"):
        assert encoding(game, players=np.int64(3)) is encoding(game, players=3)
        assert encoding(game, players=np.uint8(2)).players == 2
        bads: tuple[Any, ...] = (True, 2.0, "2", np.float64(2.0), np.array([2]), 10**100)
        for bad in bads:
            with pytest.raises(InvalidArgumentError) as raised:
                encoding(game, players=bad)
            assert raised.value.argument == "players"


# -- 11. narration: the players' names ----------------------------------------------------------


def _first_events() -> tuple[Any, tuple[str, ...]]:
    state = crazy_eights.new_game(["Tom", "Léa"], seed=1)
    after = state.apply(state.legal_moves()[0])
    return after.last_events, after.players


@pytest.mark.parametrize("name", ["a\x1b[2J", "a\u202eb", "a\nb", "a\x00"])
def test_narration_refuses_a_name_that_would_write_control_characters(name: str) -> None:
    from cardgames.narration import describe_move, narrate

    events, players = _first_events()
    with pytest.raises(InvalidArgumentError) as raised:
        narrate(events, [name, "Léa"])
    assert raised.value.argument == "players"
    state = crazy_eights.new_game(["Tom", "Léa"], seed=1)
    with pytest.raises(InvalidArgumentError):
        describe_move(state.legal_moves()[0], [name, "Léa"])
    assert narrate(events, players, lang="fr") == ["Léa pose le valet de trèfle et rejoue"]


def test_narration_reads_no_more_names_than_a_table_can_seat() -> None:
    from cardgames.narration import narrate

    events, _ = _first_events()
    names = _LyingNames(f"P{i}" for i in range(100_000))
    with pytest.raises(InvalidArgumentError) as raised:
        narrate(events, names)
    assert len(str(raised.value)) < 1000
    assert peak_bytes(lambda: narrate(events, names)) < 100_000


# -- 12. NumPy integers where ints are taken; the planet game's gathering points -----------------


def test_rules_options_and_matches_take_numpy_integers_as_their_int() -> None:
    np = pytest.importorskip("numpy")
    rules = crazy_eights.Rules(hand_size=np.int64(5), decks=np.uint8(2))
    assert rules == crazy_eights.Rules(hand_size=5, decks=2)
    assert type(rules.hand_size) is int
    assert type(rules.decks) is int
    assert type(planets.Rules().replace(max_turns=np.int32(100)).max_turns) is int
    bads: tuple[Any, ...] = (np.float64(5.0), True, 5.0, np.int64(10**6))
    for bad in bads:
        with pytest.raises(InvalidRulesError):
            crazy_eights.Rules(hand_size=bad)
    for game in (crazy_eights.GAME, planets.GAME):
        match = game.new_match(2, seed=np.int64(3), rounds=np.int64(2))
        assert match == game.new_match(2, seed=3, rounds=2)
        assert type(match.seed) is int
        with pytest.raises(InvalidArgumentError):
            game.new_match(2, seed=np.float64(3.0))


@pytest.mark.parametrize(
    ("arguments", "argument"),
    [
        ({"size": 3.0}, "size"),
        ({"size": True}, "size"),
        ({"size": "4"}, "size"),
        ({"size": 13}, "size"),
        ({"size": 4, "all_different": True}, "size"),
        ({"size": 8, "all_different": "yes"}, "all_different"),
        ({"size": 8, "all_different": 1}, "all_different"),
    ],
)
def test_gathering_points_refuses_with_a_typed_error(
    arguments: dict[str, Any], argument: str
) -> None:
    from cardgames.planets.scoring import gathering_points

    size = arguments.pop("size")
    with pytest.raises(InvalidArgumentError) as raised:
        gathering_points(size, "commander", **arguments)
    assert raised.value.argument == argument
    assert isinstance(raised.value, ValueError)  # as documented before: a ValueError still


def test_gathering_points_takes_numpy_and_refuses_a_huge_role_unread() -> None:
    from cardgames.planets.scoring import Role, gathering_points

    np = pytest.importorskip("numpy")
    assert gathering_points(np.int64(4), "adjoint") == gathering_points(4, Role.ADJUTANT)
    assert gathering_points(8, "c", all_different=np.True_) == 23  # the size-8 value by default
    with pytest.raises(ParseError):
        Role.parse(_HUGE)
    assert peak_bytes(lambda: Role.parse(_HUGE)) < 100_000
    with pytest.raises(InvalidRulesError):
        gathering_points(4, "commander", crazy_eights.Rules())  # type: ignore[arg-type]


# -- 13. the simulations' statistics --------------------------------------------------------------


@pytest.mark.parametrize(
    ("successes", "trials", "z"),
    [
        (1, True, 1.96),  # a bool is no number of trials
        (1, 2.5, 1.96),
        (math.nan, 2, 1.96),
        (1, 2, math.nan),
        (1, 2, -1.0),  # gave an interval whose low end is above its high end
        (1, 2, math.inf),
        (10**400, 10**401, 1.96),  # an OverflowError
        ("1", 2, 1.96),
    ],
)
def test_wilson_interval_refuses_what_is_no_count_with_a_typed_error(
    successes: Any, trials: Any, z: Any
) -> None:
    from cardgames.simulate import WinRate, wilson_interval

    with pytest.raises(InvalidArgumentError):
        wilson_interval(successes, trials, z=z)
    if z == 1.96:
        with pytest.raises(InvalidArgumentError):
            WinRate.of(successes, trials)


def test_the_statistics_take_numpy_counts_and_refuse_lengths_that_are_not_moves() -> None:
    from cardgames.simulate import LengthSummary, wilson_interval

    np = pytest.importorskip("numpy")
    assert wilson_interval(np.int64(5), np.int64(10)) == wilson_interval(5, 10)
    assert wilson_interval(np.float64(2.5), 10) == wilson_interval(2.5, 10)
    assert LengthSummary.of([np.int64(3), 5]) == LengthSummary.of([3, 5])
    lengths: tuple[Any, ...] = ([1.5], [math.nan], [-1], [True])
    for bad in lengths:
        with pytest.raises(InvalidArgumentError):
            LengthSummary.of(bad)


# -- 14. the card primitives ----------------------------------------------------------------------


def test_make_deck_refuses_a_number_of_copies_that_would_fill_memory() -> None:
    with pytest.raises(InvalidArgumentError) as raised:
        make_deck(DeckKind.STANDARD_52, 10**9)  # a MemoryError, after trying
    assert raised.value.argument == "copies"
    assert peak_bytes(lambda: make_deck(DeckKind.STANDARD_52, 10**6)) < 100_000  # 1.3 s, 400 MB
    assert len(make_deck(DeckKind.JOKERS_54, 40)) == 2160  # the most decks a game deals


def test_the_card_primitives_take_numpy_integers_and_raise_typed_errors() -> None:
    np = pytest.importorskip("numpy")
    assert Card.from_code(np.int64(51)) is Card.parse("AS")
    assert make_deck(DeckKind.PIQUET_32, np.int8(2)) == make_deck(DeckKind.PIQUET_32, 2)
    codes: tuple[Any, ...] = (True, 3.0, "3", 53, -1, np.float64(3.0))
    for code in codes:
        with pytest.raises(InvalidArgumentError):
            Card.from_code(code)
    with pytest.raises(InvalidArgumentError):
        make_deck("standard_52")  # type: ignore[arg-type]


# -- 15. rules from text: what is not a list of assignments -------------------------------------


@pytest.mark.parametrize(
    "assignments",
    [
        "hand_size=5",  # one string: read as the assignments 'h', 'a', 'n'...
        [3],
        None,
        itertools.repeat("hand_size=5"),
        ["hand_size=" + "5" * 10_000_000],
    ],
    ids=["one-string", "not-text", "none", "endless", "huge"],
)
def test_parse_assignments_refuses_what_is_not_a_list_of_assignments(assignments: Any) -> None:
    with pytest.raises(InvalidRulesError) as raised:
        crazy_eights.Rules.parse_assignments(assignments)
    assert len(str(raised.value)) < 1000


@pytest.mark.parametrize(("values", "base"), [([("hand_size", "5")], None), ({}, 3), ({}, "x")])
def test_from_options_refuses_what_is_no_mapping_or_no_base(values: Any, base: Any) -> None:
    with pytest.raises(InvalidRulesError):
        crazy_eights.Rules.from_options(values, base)
    with pytest.raises(InvalidRulesError):
        crazy_eights.Rules.from_options({}, planets.Rules())  # type: ignore[arg-type]


def test_the_card_constructor_takes_numpy_integers_and_refuses_with_a_brief_typed_error() -> None:
    """``Card(rank, suit)`` takes NumPy integers as the ints it takes; a refusal is the typed
    error (still a ``TypeError``/``ValueError``), its message bounded whatever was given."""
    np = pytest.importorskip("numpy")
    assert Card(np.int64(12), np.int8(3)) is Card.parse("QS")
    for rank, suit in [("8" * 1_000_000, Suit.HEARTS), (Rank.EIGHT, np.int64(4)), (True, 1)]:
        with pytest.raises(InvalidArgumentError) as excinfo:
            Card(rank, suit)  # type: ignore[arg-type]
        assert isinstance(excinfo.value, TypeError)
        assert isinstance(excinfo.value, ValueError)
        assert len(str(excinfo.value)) < 600
