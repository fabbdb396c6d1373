"""``cardgames demo`` (a bots' game, move by move) and ``cardgames replay`` (a saved record).

Bots keep no secrets from the audience: both tell every card, a drawn card or a card given face
down included, as a commentator who sees every hand would (the all-seeing narrator of
`cardgames.narration`), in English or in French (``--lang``). The final hands and the scores
come last.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, Final

import attrs

from cardgames.agents import GameResult, Step
from cardgames.cli.choices import (
    CommandError,
    check_players,
    game_label,
    make_agents,
    new_seed,
    player_names,
    read_document,
    resolve_game,
    resolve_rules,
)
from cardgames.cli.info import format_value
from cardgames.cli.narrate import Narrator, default_lang
from cardgames.cli.output import can_show, print_table, say
from cardgames.errors import CardGamesError
from cardgames.game import Capability, Game, State

__all__ = [
    "DEALS_HANDS",
    "bots_game",
    "describe_rules",
    "narrate_game",
    "print_result",
    "run_demo",
    "run_replay",
]


def describe_rules(game: Game[Any], rules: Any) -> str:
    """The rules in a few words: the closest preset and the options changed from it."""
    best_name, best_changes = "", None
    for name, preset in game.presets.items():
        changes = {
            key: value
            for key, value in rules.changed_options().items()
            if getattr(preset, key) != value
        } | {
            key: getattr(rules, key)
            for key in preset.changed_options()
            if getattr(rules, key) != getattr(preset, key)
        }
        if best_changes is None or len(changes) < len(best_changes):
            best_name, best_changes = name, changes
    extra = ", ".join(f"{k}={format_value(v)}" for k, v in (best_changes or {}).items())
    return f"{best_name} + {extra}" if extra else best_name


DEALS_HANDS: Final = Capability[bool](
    "deals_hands",
    'whether hands are dealt before the first move (a demo\'s first line says "Deal:")',
    default=lambda game: True,
)
"""The capability key of whether a game deals hands before its first move.

A demo or a replay tells what happened before the first move as "Deal:" for a game that
deals, "Start:" for one that does not (the planet game deals nothing: its first Commander
draws). The default is ``True``: card games deal.
"""


def narrate_game(
    states: Iterable[State[Any, Any, Any]], narrator: Narrator
) -> State[Any, Any, Any]:
    """Print the deal and then every move of a game, from its successive states.

    The first line tells what happened before the first move: "Deal:" when the game deals
    hands (`DEALS_HANDS`), "Start:" otherwise.

    Args:
        states: The state after the deal, then the state after each move.
        narrator: Tells the events (for a spectator in demos and replays).

    Returns:
        The last state.
    """
    last: State[Any, Any, Any] | None = None
    for index, state in enumerate(states):
        if narrator.rules is None:
            narrator = attrs.evolve(narrator, rules=state.rules)
        lines = narrator.events(state.last_events)
        if index == 0:
            if lines:
                dealt = state.game.capability(DEALS_HANDS)
                say(narrator.word("deal" if dealt else "start", events=narrator.line(lines)))
        else:
            say(f"{index:4d}. " + (narrator.line(lines) or "-"))
        last = state
    if last is None:  # pragma: no cover - a game always has its deal
        raise CommandError("the game has no state")
    return last


def print_result(state: State[Any, Any, Any], narrator: Narrator) -> None:
    """The final hands, the points and the winners."""
    outcome = state.outcome()
    if outcome is None:
        print(narrator.word("not_over"))
        return
    print()
    rows = narrator.outcome_rows(state, outcome)
    print_table(None, narrator.headings(), rows, right=[2])
    if outcome.detail and narrator.lang == "en":  # the engines write it in English
        say(outcome.detail[0].upper() + outcome.detail[1:])
    say(narrator.winners(outcome))


def bots_game(
    game: Game[Any], agents: Sequence[Any], *, seed: int, rules: Any, players: Sequence[str]
) -> Iterator[tuple[Step | None, State[Any, Any, Any]]]:
    """Play a game between agents: yield the deal, then each move with the state after it.

    The moves are those `cardgames.agents.play_game` makes (the same fair order of out-of-turn
    moves, the same agent random streams), produced one at a time so that a slow agent's game
    is told as it goes.

    Raises:
        AgentError: if an agent declines its own turn or returns a move that is not one of its
            legal moves.
    """
    from cardgames.agents import agent_rng, choose_move, offer_move
    from cardgames.infostate import InfoState

    state: State[Any, Any, Any] = game.new_game(list(players), seed=seed, rules=rules)
    yield None, state
    rngs = [agent_rng(seed, seat) for seat in range(len(agents))]
    n = len(state.players)
    # What each bot that remembers (an informed agent, such as "hard") has seen.
    infos = [
        InfoState.start(state.view(seat), game) if getattr(agent, "informed", False) else None
        for seat, agent in enumerate(agents)
    ]
    while not state.is_over:
        current, *others = state.to_act
        move = None
        for seat in sorted(others, key=lambda s: (s - current) % n):
            move, rngs[seat] = offer_move(agents[seat], state, seat, rngs[seat], info=infos[seat])
            if move is not None:
                break
        if move is None:
            move, rngs[current] = choose_move(
                agents[current], state, rngs[current], info=infos[current]
            )
        step = Step(move.player, move, state.format_move(move))
        state = state.apply(move)
        infos = [
            None if info is None else info.extend(state.view(seat))
            for seat, info in enumerate(infos)
        ]
        yield step, state


def run_demo(args: argparse.Namespace) -> int:
    """Play a game between bots and tell it move by move, as it is played."""
    game = resolve_game(args.game)
    rules = resolve_rules(game, args.preset, args.rules)
    check_players(game, args.players)
    agents = make_agents(game, args.agents, args.players)
    seed = new_seed() if args.seed is None else args.seed
    names = player_names(args.players)
    lang = args.lang or default_lang()
    narrator = Narrator(tuple(names), None, can_show(), reveal=True, lang=lang, rules=rules)
    label = game_label(game)
    say(
        narrator.word(
            "header", game=label, players=args.players, seed=seed, rules=describe_rules(game, rules)
        )
    )
    seats = ", ".join(f"{n} ({a.name})" for n, a in zip(names, agents, strict=True))
    say(narrator.word("seats", seats=seats))
    steps: list[Step] = []

    def states() -> Iterator[State[Any, Any, Any]]:
        for step, state in bots_game(game, agents, seed=seed, rules=rules, players=names):
            if step is not None:
                steps.append(step)
            yield state

    last = narrate_game(states(), narrator)
    print_result(last, narrator)
    if args.record is not None:
        from cardgames.records import record_game

        result = GameResult(
            game=game,
            rules=last.rules,
            seed=seed,
            agents=tuple(agent.name for agent in agents),
            players=last.players,
            steps=tuple(steps),
            state=last,
        )
        Path(args.record).write_text(record_game(result).to_json(), encoding="utf-8")
        say(narrator.word("saved", path=args.record))
    return 0


def run_replay(args: argparse.Namespace) -> int:
    """Replay a record move by move."""
    from cardgames.records import GameRecord, ReplayError, replay_states

    path = Path(args.file)
    text = read_document(path, "a game record")
    try:
        record = GameRecord.from_json(text)
        game = resolve_game(record.game)
        narrator = Narrator(
            record.players,
            None,
            can_show(),
            reveal=True,
            lang=args.lang or default_lang(),
            rules=record.rules,
        )
        say(
            narrator.word(
                "header",
                game=game_label(game),
                players=len(record.players),
                seed=record.seed,
                rules=describe_rules(game, record.rules),
            )
        )
        agents = record.agents or ("",) * len(record.players)
        seats = ", ".join(
            f"{name} ({agent})" if agent else name
            for name, agent in zip(record.players, agents, strict=True)
        )
        say(narrator.word("seats", seats=seats))
        last = narrate_game(replay_states(record), narrator)
    except ReplayError as exc:
        if exc.reason == "result_mismatch":
            raise CommandError(
                f"{path}: the moves replay, but not to the result the record states"
            ) from None
        why = exc.detail or exc.reason.replace("_", " ")
        raise CommandError(
            f"{path}: move {exc.index + 1} ({exc.move}) does not replay: {why}"
        ) from None
    except CardGamesError as exc:  # a malformed record, or rules that no longer fit
        raise CommandError(f"{path}: {exc}") from None
    print_result(last, narrator)
    return 0
