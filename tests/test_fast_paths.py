"""The fast paths of the simulations play exactly the games of the straightforward code.

Simulations were made faster (see ``benchmarks/bench_simulate.py``) without changing a single
result. Each shortcut is checked here against the plain reading it replaces:

- the driver gives a `RandomAgent` no view when the agent's choice cannot depend on it: the
  same games as a subclass of it, which the driver treats as any agent (view built, ``act``
  called, answer checked);
- `simulate` records no steps: its rows are the rows of `play_game`'s games;
- the heuristic agent's choice of a card (by suit counts of the rest of the hand, its rules'
  effects and points read from one table by card code) is the choice of the reference
  implementation below, the code it replaced, on every position of many games;
- `Effects.for_card` reads a table by card code: the same effect as the lookup by face, and any
  value that is not a `Card` is refused;
- `Rng.choice` inlines its draw: ``seq[below(len(seq))]`` for every kind of sequence;
- the ISMCTS search draws from a `Stream` what it would draw from its `Rng`, and keeps its
  default policy per rules (the golden searches pin its statistics);
- the engine settles a round with `_round_outcome`, `round_outcome` without the checks of its
  arguments: the same outcome;
- the compiled driver loop (`cardgames.agents._drive`, which the binary wheels use) makes the
  moves of the interpreted loop of `base._drive`, whatever the line-up, random agents drawing
  from `cardgames._xoshiro.Stream` what they draw from their `Rng`.

The golden rows of ``tests/data/simulate_golden.json`` (``test_hostile_determinism.py``) hold
the same promise across versions and Pythons.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import attrs
import pytest

from cardgames import CardGamesError, crazy_eights, huit_americain
from cardgames.agents import RandomAgent, base, make_agent, play_game
from cardgames.agents.base import AgentError, _random_without_view, _views_name_the_current_player
from cardgames.cards import Card, Suit
from cardgames.errors import InvalidArgumentError
from cardgames.game import Game, LegalMoves, Move, Termination, View, find_game, games
from cardgames.rng import Rng
from cardgames.shedding import (
    Announce,
    CallOut,
    Draw,
    Pass,
    PlayCard,
    SheddingRules,
    SheddingView,
    TakePenalty,
)
from cardgames.shedding.heuristic_choice import best_play as _best_play
from cardgames.shedding.heuristic_choice import shedding_move as _shedding_move
from cardgames.shedding.rules import Effects, Scoring
from cardgames.shedding.scoring import _round_outcome, points_table, round_outcome
from cardgames.simulate import game_seed, simulate

import toygame


@attrs.frozen
class _ViewingRandomAgent(RandomAgent):
    """A `RandomAgent` the driver does not recognise: it builds the view and calls ``act``."""


def _all_games() -> list[Game[Any]]:
    """The registered games and Toy Pile (not registered: other tests list the games)."""
    return [*games(), toygame.GAME]


def _presets(game: Game[Any]) -> list[Any]:
    return list(game.presets.values())


_CASES = [
    pytest.param(game, rules, players, id=f"{game.name}-{index}-{players}p")
    for game in _all_games()
    for index, rules in enumerate(_presets(game))
    for players in sorted({game.min_players, min(4, game.max_players)})
]


@pytest.mark.parametrize(("game", "rules", "players"), _CASES)
@pytest.mark.parametrize("chance", [0.5, 0.0, 1.0, 0.3])
def test_a_random_agent_without_a_view_plays_the_games_of_one_with_a_view(
    game: Game[Any], rules: Any, players: int, chance: float
) -> None:
    for seed in range(4):
        fast = play_game(
            game, [RandomAgent(interrupt_chance=chance)] * players, seed=seed, rules=rules
        )
        slow = play_game(
            game, [_ViewingRandomAgent(interrupt_chance=chance)] * players, seed=seed, rules=rules
        )
        assert fast.steps == slow.steps
        assert fast.state == slow.state


def test_only_views_whose_turn_the_driver_knows_skip_the_view() -> None:
    assert _random_without_view(SheddingView)  # its `current` is `to_act[0]`
    assert _random_without_view(find_game("8").view_type)  # no `current` field at all
    toy = toygame.GAME.view_type
    assert "current" in attrs.fields_dict(toy)  # a `current` the driver cannot vouch for
    assert not _random_without_view(toy)

    @attrs.frozen
    class Derived(SheddingView):  # may define `current` anew: it must say so itself
        _current_is_first_to_act = False

    class Opaque(View):  # says nothing: nothing is assumed
        pass

    assert not _random_without_view(Derived)
    assert not _random_without_view(Opaque)


@pytest.mark.parametrize("game", _all_games(), ids=lambda game: game.name)
def test_the_driver_reads_the_turn_as_the_random_agent_does(game: Game[Any]) -> None:
    # For a seat that is not the current player, RandomAgent.act decides "my turn" from the
    # view (`current`, or the viewer where the views have none); the driver's shortcut must
    # read the same without the view.
    state = game.new_game(game.max_players, seed=1)
    seat = (state.to_act[0] + 1) % game.max_players
    view = state.view(seat)
    on_turn = getattr(view, "current", view.viewer) == view.viewer
    assert on_turn == (not _views_name_the_current_player(game.view_type))


def _line_ups(game: Game[Any], players: int) -> list[list[Any]]:
    """Random agents alone, with other interrupt chances, and among agents that get views."""
    others: list[Any] = [_ViewingRandomAgent(interrupt_chance=0.4)]
    with contextlib.suppress(CardGamesError):  # a game without a heuristic agent
        others.append(make_agent("heuristic", game))
    chances: list[Any] = [0.5, 0.0, 1.0, 0.3, 1, Fraction(1, 3), math.nan, -0.5, 2]
    line_ups = [[RandomAgent(interrupt_chance=chance)] * players for chance in chances]
    line_ups.append([RandomAgent(interrupt_chance=chances[s % 4]) for s in range(players)])
    for other in others:
        line_ups.append([other if s % 2 else RandomAgent() for s in range(players)])
        line_ups.append([other] * players)
    return line_ups


@pytest.mark.parametrize(("game", "rules", "players"), _CASES)
def test_the_compiled_driver_loop_makes_the_moves_of_the_interpreted_one(
    game: Game[Any], rules: Any, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Interpreted here, compiled under the binary wheel: both must make the reference's moves.
    for agents in _line_ups(game, players):
        for seed in range(3):
            monkeypatch.setattr(base, "_COMPILED_DRIVE", False)
            reference = play_game(game, agents, seed=seed, rules=rules)
            monkeypatch.setattr(base, "_COMPILED_DRIVE", True)
            fast = play_game(game, agents, seed=seed, rules=rules)
            assert fast.steps == reference.steps
            assert fast.state == reference.state


@pytest.mark.parametrize("compiled", [False, True])
def test_both_driver_loops_stop_at_max_steps(
    compiled: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(base, "_COMPILED_DRIVE", compiled)
    with pytest.raises(AgentError, match="did not end within 5 moves"):
        play_game(crazy_eights.GAME, [RandomAgent()] * 2, seed=1, max_steps=5)
    result = play_game(crazy_eights.GAME, [RandomAgent()] * 2, seed=1)
    steps = len(result.steps)
    assert len(play_game(crazy_eights.GAME, [RandomAgent()] * 2, seed=1, max_steps=steps).steps)
    with pytest.raises(AgentError, match=f"within {steps - 1} moves"):
        play_game(crazy_eights.GAME, [RandomAgent()] * 2, seed=1, max_steps=steps - 1)


@attrs.frozen
class _Decliner:
    """An agent that lets every chance go, its own turn included."""

    name: str = "decliner"

    def act(self, view: View, legal: Sequence[Move], rng: Rng) -> tuple[Move | None, Rng]:
        return None, rng


@pytest.mark.parametrize("compiled", [False, True])
def test_both_driver_loops_refuse_an_agent_declining_its_own_turn(
    compiled: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(base, "_COMPILED_DRIVE", compiled)
    with pytest.raises(AgentError, match="agent 'decliner' declined its own turn"):
        play_game(crazy_eights.GAME, [RandomAgent(), _Decliner()], seed=3)


@pytest.mark.parametrize("game", games(), ids=lambda game: game.name)
@pytest.mark.parametrize("agent", ["random", "heuristic"])
def test_simulation_rows_are_the_rows_of_play_game(game: Game[Any], agent: str) -> None:
    try:
        built = make_agent(agent, game)
    except Exception:
        pytest.skip(f"no {agent} agent for {game.name}")
    players = game.min_players + 1 if game.max_players > game.min_players else game.min_players
    results = simulate(game.name, players=players, agents=[agent] * players, games=6, seed=9)
    for row in results.rows:
        assert row.seed == game_seed(9, row.index)
        played = play_game(game, [built] * players, seed=row.seed)
        outcome = played.outcome
        assert (row.winners, row.scores, row.moves, row.reason) == (
            outcome.winners,
            outcome.scores,
            len(played.steps),
            outcome.reason,
        )


# -- the heuristic agent's card choice -----------------------------------------------------------


def _reference_best_play(view: SheddingView, plays: Sequence[PlayCard]) -> PlayCard:
    """The heuristic's choice of a card as first written (rest of the hand rebuilt per card)."""
    rules = view.rules
    assert rules is not None
    effects = rules.effects
    points = points_table(rules)
    hand = list(view.hand or ())
    me = view.viewer if view.viewer is not None else plays[0].player
    n = len(view.hand_sizes)
    opponents = [seat for seat in range(n) if seat != me]
    fewest = min((view.hand_sizes[seat] for seat in opponents), default=0)

    def rest_of_hand(card: Card) -> list[Card]:
        rest = list(hand)
        if card in rest:
            rest.remove(card)
        return rest

    def suit_count(cards: Sequence[Card], suit: Suit | None) -> int:
        return sum(1 for c in cards if c.suit is suit and not effects.for_card(c).wild)

    def card_key(card: Card) -> tuple[bool, int, int, int]:
        effect = effects.for_card(card)
        rest = rest_of_hand(card)
        bad_swap = effect.swap and fewest > len(rest)
        return (effect.wild or bad_swap, -points[card], -suit_count(rest, card.suit), int(card))

    card = min({move.card for move in plays}, key=card_key)
    rest = rest_of_hand(card)
    suit_order = sorted(Suit, key=lambda suit: (-suit_count(rest, suit), suit))
    effect = effects.for_card(card)

    def move_key(move: PlayCard) -> tuple[int, int, int, bool]:
        suit_rank = 0 if move.suit is None else suit_order.index(move.suit)
        size = 0
        if move.target is not None:
            size = view.hand_sizes[move.target]
            size = -size if effect.choose and not effect.swap else size
        target_rank = (move.target - me) % n if move.target is not None else 0
        return (suit_rank, size, target_rank, not move.announce)

    return min((move for move in plays if move.card == card), key=move_key)


def _reference_shedding_move(view: SheddingView, legal: Sequence[Move]) -> Move | None:
    """The heuristic's choice among every kind of move as first written (three passes)."""
    for move in legal:
        if isinstance(move, Announce):
            return move
    for move in legal:
        if isinstance(move, CallOut):
            return move
    plays = [move for move in legal if isinstance(move, PlayCard)]
    if plays:
        return _reference_best_play(view, plays)
    if view.current != view.viewer:
        return None
    for kind in (TakePenalty, Draw, Pass):
        for move in legal:
            if isinstance(move, kind):
                return move
    return legal[0]


_SHEDDING = [
    pytest.param(module.GAME, rules, id=f"{module.GAME.name}-{name}")
    for module in (crazy_eights, huit_americain)
    for name, rules in module.GAME.presets.items()
]


@pytest.mark.parametrize(("game", "rules"), _SHEDDING)
def test_the_heuristic_chooses_the_card_of_the_reference(game: Game[Any], rules: Any) -> None:
    compared = 0
    for players in (2, 3, 5):
        for seed in range(6):
            state = game.new_game(players, seed=seed, rules=rules)
            rng = Rng.from_seed(seed)
            while not state.is_over:
                for seat in state.to_act:
                    legal = state.legal_moves(seat)
                    view = state.view(seat)
                    chosen = _shedding_move(view, legal)
                    assert chosen == _reference_shedding_move(view, legal)
                    plays = [m for m in legal if isinstance(m, PlayCard)]
                    if plays:
                        assert _best_play(view, plays) == _reference_best_play(view, plays)
                        # In any order: the plays of a card need not follow one another.
                        mixed = plays[1::2] + plays[::2]
                        assert _best_play(view, mixed) == _reference_best_play(view, mixed)
                        compared += 1
                move, rng = rng.choice(state.legal_moves())
                state = state.apply(move)
    assert compared > 100


# -- tables and draws -----------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "rules"), _SHEDDING)
def test_effects_by_card_code_are_the_effects_by_face(game: Game[Any], rules: Any) -> None:
    assert isinstance(rules, SheddingRules)
    effects = rules.effects
    for code in range(53):
        card = Card.from_code(code)
        face = "JOKER" if card.rank is None else card.rank.letter
        assert effects.for_card(card) == effects.get(face, effects.for_card(card))
        assert effects.for_card(card) is Effects(dict(effects.items())).for_card(card)


@pytest.mark.parametrize("value", [0, 8, -1, 52, True, "8", "8H", None, 8.0])
def test_effects_of_something_that_is_not_a_card_are_refused(value: object) -> None:
    effects = Effects.parse("8:wild 2:draw2")
    with pytest.raises(InvalidArgumentError):
        effects.for_card(value)  # type: ignore[arg-type]


def test_effects_read_any_spelling_of_a_face() -> None:
    effects = Effects.parse("8:wild 2:draw2 J:reverse JOKER:wild+draw4")
    assert effects["8"].wild
    assert effects[" 8 "].wild
    assert effects["j"].reverse
    assert effects["jk"].draw == 4
    assert effects["Joker"].draw == 4
    for missing in ("3", "Z", "", 8, None):
        with pytest.raises(KeyError):
            effects[missing]  # type: ignore[index]


class _Seq(Sequence[int]):
    def __init__(self, n: int) -> None:
        self._n = n

    def __len__(self) -> int:
        return self._n

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            raise NotImplementedError
        if not 0 <= index < self._n:
            raise IndexError(index)
        return index * 7


@pytest.mark.parametrize(
    "seq",
    [
        (1, 2, 3),
        [5, 6],
        "HDCS",
        range(9),
        LegalMoves(crazy_eights.new_game(2, seed=1).legal_moves()),
        _Seq(11),
        (9,),
    ],
    ids=["tuple", "list", "str", "range", "legal", "custom", "one"],
)
def test_choice_is_the_item_at_a_below_draw(seq: Sequence[Any]) -> None:
    for seed in range(200):
        rng = Rng.from_seed(seed)
        index, after = rng.below(len(seq))
        assert rng.choice(seq) == (seq[index], after)


@pytest.mark.parametrize("bad", [{1, 2}, {1: 2}, iter([1, 2]), 5, None])
def test_choice_refuses_what_is_not_a_sequence(bad: object) -> None:
    with pytest.raises(InvalidArgumentError):
        Rng.from_seed(1).choice(bad)  # type: ignore[arg-type]
    with pytest.raises(IndexError):
        Rng.from_seed(1).choice(())


# -- the ISMCTS search's draws ---------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 7, 2**64 - 1])
def test_the_search_draws_on_a_stream_what_it_draws_on_an_rng(seed: int) -> None:
    # The search draws from a Stream where cardgames._xoshiro is compiled, from its Rng
    # otherwise: the same splits and the same choices (the golden searches pin both builds).
    from cardgames.agents._search import Draws

    fast, slow = Draws(Rng.from_seed(seed), True), Draws(Rng.from_seed(seed), False)
    assert fast.stream is not None
    assert slow.stream is None
    for step in range(300):
        if step % 7 == 0:
            assert fast.split() == slow.split()
        else:
            bound = 1 + (step * 37) % 60
            assert fast.below(bound) == slow.below(bound)
        assert fast.result() == slow.result()


@pytest.mark.parametrize("scoring", list(Scoring))
@pytest.mark.parametrize("reason", list(Termination))
def test_the_engine_s_unchecked_outcome_is_the_checked_one(
    scoring: Scoring, reason: Termination
) -> None:
    # The engine settles a round with its own hand values, without round_outcome's checks.
    for values in ([0, 13], [0, 5, 5], [7, 7], [3, 9, 3, 12], [0, 0, 4], [1]):
        players = [f"P{seat}" for seat in range(len(values))]
        assert _round_outcome(players, values, scoring, reason) == round_outcome(
            players, values, scoring, reason
        )


def test_the_search_keeps_one_policy_per_rules() -> None:
    from cardgames.shedding.search import SheddingPolicy
    from cardgames.shedding.search import search_policy as policy_for

    state = crazy_eights.new_game(2, seed=1)
    policy = policy_for(state)
    assert isinstance(policy, SheddingPolicy)
    assert policy_for(crazy_eights.new_game(4, seed=2)) is policy
    other = huit_americain.new_game(2, seed=1)
    assert policy_for(other) is not policy
    moves = state.legal_moves()
    assert policy.preferred(state, moves) == SheddingPolicy(state.rules).preferred(state, moves)
