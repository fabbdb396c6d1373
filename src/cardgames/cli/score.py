"""``cardgames score``: the score keeper of a game played with real cards.

Crazy Eights: the player who went out (``--winner``) collects the value of the cards left in
the other hands (``--hand NAME="CARDS"``); in a blocked round (``--blocked``: nobody went out)
the lowest hand wins. 8 Américain: every player scores the cards left in their own hand, and the
lowest total wins.

The hands are checked against the decks of the game (``--decks N``, by default the rules' for
that many players): only one player goes out, and no card is held more often than the decks
hold it (no joker in a 52-card game).

The planet game "8" is scored once, at the end, from each player's tally
(``--tally NAME="commander 4, adjutant 3, face-down 2, hand 3"``).

``--match FILE``, in every game, adds the round (a game of "8") to a match kept in a JSON file,
created on the first round with these players and rules, and prints the totals, and the winner
once the match is over. The file is the library's ``cardgames.match`` document
(`Game.new_match`, `Game.match_from_json`): how a match ends is the game's (a target score in
Crazy Eights and 8 Américain, one game per player in "8", ties on the highest total playing
another game).
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TypeVar

from cardgames.cards import Card, parse_cards
from cardgames.cli.choices import (
    CommandError,
    UsageError,
    game_label,
    read_document,
    resolve_game,
    resolve_rules,
)
from cardgames.cli.narrate import Narrator
from cardgames.cli.output import can_show, print_table
from cardgames.errors import CardGamesError, InvalidArgumentError, InvalidStateError, ParseError
from cardgames.game import Game, Match, name_key

T = TypeVar("T")

__all__ = ["load_match", "parse_tally", "run_score", "save_match"]


def _assignments(items: Sequence[str], flag: str) -> list[tuple[str, str]]:
    """``NAME=TEXT`` items, with unique, non-empty names."""
    pairs: list[tuple[str, str]] = []
    seen: set[str] = set()
    for item in items:
        name, sep, text = item.partition("=")
        name = " ".join(name.split())
        if not sep or not name:
            raise UsageError(f'{flag} {item!r}: expected NAME="..." (for example Tom="8H KS")')
        _check_printable(name, flag)
        if name_key(name) in seen:
            raise UsageError(f"{flag}: {name} is given twice")
        seen.add(name_key(name))
        pairs.append((name, text))
    return pairs


def _check_printable(name: str, flag: str) -> None:
    """Refuse a name with a control character: it would be written to the terminal as it is."""
    if not name.isprintable():
        raise UsageError(f"{flag} {name!r}: a name has no control characters")


def _hands(args: argparse.Namespace) -> dict[str, tuple[Card, ...]]:
    """Every player's hand; the winner's (``--winner``) is empty, and only theirs."""
    hands: dict[str, tuple[Card, ...]] = {}
    winner = " ".join(args.winner.split()) if args.winner else None
    if winner is not None and args.blocked:
        raise UsageError("--winner or --blocked: in a blocked round nobody went out")
    if winner is not None:
        _check_printable(winner, "--winner")
        hands[winner] = ()
    for name, text in _assignments(args.hand, "--hand"):
        try:
            cards = parse_cards(text)
        except ParseError as exc:
            raise UsageError(f"--hand {name}: {exc}") from None
        if winner is not None and name_key(name) == name_key(winner):
            if cards:
                raise UsageError(f"--hand {name}: {name} went out (--winner) and holds no card")
            continue
        if not cards:
            if winner is not None:
                raise UsageError(
                    f"--hand {name}=: only one player goes out ({winner}, --winner); "
                    f"give the cards {name} holds"
                )
            if args.blocked:
                raise UsageError(
                    f"--hand {name}=: nobody went out in a blocked round (--blocked); give the "
                    f"cards {name} holds, or --winner {name} if {name} went out"
                )
        hands[name] = cards
    if not args.hand:
        raise UsageError(
            'give the cards left in each hand: --hand NAME="CARDS" (and --winner NAME)'
        )
    if len(hands) < 2:
        raise UsageError("a round has at least two players: give every player's hand")
    if winner is None and not args.blocked:
        raise UsageError(
            "who went out? give --winner NAME, or --blocked for a round that ended with nobody "
            "able to play"
        )
    return hands


def run_score(args: argparse.Namespace) -> int:
    """Score a round (and a match), or a game of "8"."""
    game = resolve_game(args.game)
    rules = resolve_rules(game, args.preset, args.rules)
    from cardgames.shedding.rules import SheddingRules

    if isinstance(rules, SheddingRules):
        if args.tally:
            raise UsageError(f"--tally is for the planet game; {game.title} takes --hand")
        return _score_shedding(game, rules, args)
    from cardgames.planets.rules import Rules as PlanetsRules

    if isinstance(rules, PlanetsRules):
        if args.hand or args.winner:
            raise UsageError('the planet game is scored from --tally NAME="...", not hands')
        return _score_planets(game, rules, args)
    raise UsageError(f"no score keeper for {game.title}")  # pragma: no cover - all games known


# -- shedding games -----------------------------------------------------------------------------


def _open_match(
    game: Game[Any], rules: Any, args: argparse.Namespace, names: Sequence[str]
) -> tuple[Path | None, Match | None]:
    """The ``--match`` file and its match (a new one for these players if it does not exist)."""
    if not args.match:
        return None, None
    path = Path(args.match)
    if not path.exists():
        try:
            return path, game.new_match(list(names), rules)
        except CardGamesError as exc:
            raise UsageError(f"--match: {exc}") from None
    match = load_match(path, game)
    if (args.preset or args.rules) and rules != match.rules:
        raise UsageError(f"{path} keeps the rules it was started with: drop --preset/--rules")
    if match.is_over:
        won = ", ".join(match.players[w] for w in match.winners)
        raise CommandError(f"{path}: the match is over ({won} won); start a new file")
    return path, match


def _print_match(path: Path, game: Game[Any], match: Match, goal: str) -> None:
    """Save the match, then print its totals and whether it goes on."""
    save_match(path, game, match)
    print()
    last = match.rounds[-1]
    totals = match.totals
    rows = [[name, str(last[seat]), str(totals[seat])] for seat, name in enumerate(match.players)]
    count = len(match.rounds)
    word = "game" if game.name == "planets" else "round"
    print_table(
        f"Match totals after {count} {word}{'s' if count > 1 else ''}",
        ["player", f"this {word}", "total"],
        rows,
        right=[1, 2],
    )
    if match.is_over:
        won = ", ".join(match.players[w] for w in match.winners)
        best = totals[match.winners[0]]
        label = "Winner" if len(match.winners) == 1 else "Winners"
        print(f"The match is over. {label}: {won} with {best} points.")
    else:
        print(f"The match goes on: {goal}.")
    print(f"Saved in {path}.")


def _score_shedding(game: Game[Any], rules: Any, args: argparse.Namespace) -> int:
    from cardgames.shedding.rules import Scoring
    from cardgames.shedding.scoring import check_hands, hand_points, round_points, round_winners

    hands = _hands(args)
    path, match = _open_match(game, rules, args, list(hands))
    if match is not None:
        rules = match.rules
        hands = _in_match_order(hands, match.players)
    names = list(hands)
    try:
        check_hands([hands[name] for name in names], rules, args.decks, names)
    except InvalidArgumentError as exc:
        if exc.argument == "decks":
            raise UsageError(f"--decks: {exc.reason}") from None
        absent = exc.reason.startswith("there is no")  # more decks would not bring it
        more = "" if args.decks or absent else " (--decks N if you played with more decks)"
        raise UsageError(f"--hand: {exc.reason}{more}") from None
    points = round_points(hands, rules, decks=args.decks)
    updated = _with_round(match, [points[name] for name in names])  # before printing
    winners = round_winners([hands[name] for name in names], rules, decks=args.decks)
    symbols = Narrator(tuple(names), None, can_show())
    lowest_wins = rules.scoring is Scoring.HUIT_AMERICAIN
    rows = [
        [name, symbols.cards(hands[name]), str(hand_points(hands[name], rules)), str(points[name])]
        for name in names
    ]
    print(f"{game_label(game)}: round scores")
    print_table(None, ["player", "cards left", "hand value", "points"], rows, right=[2, 3])
    who = ", ".join(names[w] for w in winners)
    if args.blocked:
        print("A blocked round: nobody went out, the lowest hand value wins.")
    if lowest_wins:
        print(f"Every player scores their own hand; the lowest wins the round: {who}.")
    elif len(winners) == 1:
        print(f"{who} wins the round and scores {points[who]}.")
    else:
        print(f"{who} win the round and score {points[names[winners[0]]]} each.")
    if match is None or updated is None or path is None:
        return 0
    _print_match(path, game, updated, _match_goal(match.rules, lowest_wins))
    return 0


def _match_goal(rules: Any, lowest_wins: bool) -> str:
    best = "the lowest total wins" if lowest_wins else "the highest total wins"
    if rules.target_score is not None:
        return f"it ends when a total reaches {rules.target_score}; {best}"
    return f"it ends after {rules.rounds} rounds; {best}"


def _in_match_order(
    given: dict[str, T], players: Sequence[str], what: str = "hand (--hand NAME= for none)"
) -> dict[str, T]:
    """``given`` by player name, in the match's seat order (names in any case)."""
    by_key = {name_key(name): value for name, value in given.items()}
    known = {name_key(p) for p in players}
    unknown = [name for name in given if name_key(name) not in known]
    if unknown:
        raise UsageError(f"{', '.join(unknown)} not in the match (players: {', '.join(players)})")
    missing = [p for p in players if name_key(p) not in by_key]
    if missing:
        raise UsageError(f"give every player's {what}: {', '.join(missing)} missing")
    return {p: by_key[name_key(p)] for p in players}


def load_match(path: Path, game: Game[Any]) -> Match:
    """Read a match file written by `save_match` (a ``cardgames.match`` document).

    Raises:
        CommandError: naming the file and what is wrong with it.
    """
    text = read_document(path, "a match file")
    try:
        return game.match_from_json(text)
    except InvalidStateError as exc:
        raise CommandError(f"{path}: cannot be read as a match of {game.name} ({exc})") from None


def save_match(path: Path, game: Game[Any], match: Match) -> None:
    """Write a match file (replacing it in one step, so that it is never left half-written).

    The file is ``match.to_json()``, indented for people who open it.
    """
    data = json.loads(match.to_json())
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    os.replace(temporary, path)


# -- the planet game ----------------------------------------------------------------------------

_COUNTS = {"face-down": "face_down", "hand": "in_hand", "black-holes": "black_holes"}
_TALLY_EXPECTED = (
    "items such as 'commander 4', 'adjutant 3 Saturn', 'commander all-different', "
    "'face-down 2', 'hand 3', 'black-holes 1', separated by commas"
)


def parse_tally(text: str) -> Any:
    """A `cardgames.planets.Tally` from text.

    Items separated by commas: ``commander N [PLANET]`` or ``adjutant N [PLANET]`` (a
    gathering of N identical planets; French ``commandant``, ``adjoint`` too),
    ``commander all-different``, ``face-down N``, ``hand N`` and ``black-holes N``.

    Raises:
        ParseError: naming the item that cannot be read.
    """
    from cardgames.planets import PLANETS, Gathering, PlanetCard, Role, Tally

    gatherings: list[Any] = []
    counts = {"face_down": 0, "in_hand": 0, "black_holes": 0}
    for item in text.replace(";", ",").split(","):
        words = item.split()
        if not words:
            continue
        head = words[0].casefold().replace("_", "-")
        if head in _COUNTS and len(words) == 2 and _count(words[1]):
            counts[_COUNTS[head]] += int(words[1])
            continue
        try:
            role = Role.parse(head)
        except ParseError:
            raise ParseError(item.strip(), _TALLY_EXPECTED) from None
        rest = [w.casefold() for w in words[1:]]
        if rest in (["all-different"], ["8-different"], ["all", "different"]):
            gatherings.append(Gathering(PLANETS, role))
            continue
        if not rest or not _count(rest[0]) or len(rest) > 2:
            raise ParseError(item.strip(), _TALLY_EXPECTED)
        planet = PlanetCard.parse(words[2]) if len(words) == 3 else PLANETS[0]
        try:
            gatherings.append(Gathering.identical(planet, int(rest[0]), role))
        except ValueError as exc:
            raise ParseError(item.strip(), str(exc)) from None
    return Tally(tuple(gatherings), **counts)


def _count(word: str) -> bool:
    """Whether ``word`` is a count of cards: ASCII digits, at most four of them."""
    return word.isascii() and word.isdigit() and len(word) <= 4


def _score_planets(game: Game[Any], rules: Any, args: argparse.Namespace) -> int:
    from cardgames.planets import final_winners

    pairs = _assignments(args.tally, "--tally")
    if len(pairs) < 2:
        raise UsageError('give every player\'s tally: --tally NAME="commander 4, hand 3" ...')
    path, match = _open_match(game, rules, args, [name for name, _ in pairs])
    if match is not None:
        rules = match.rules
        pairs = list(_in_match_order(dict(pairs), match.players, "tally").items())
    names = [name for name, _ in pairs]
    tallies = []
    for name, text in pairs:
        try:
            tallies.append(parse_tally(text))
        except ParseError as exc:
            raise UsageError(f"--tally {name}: {exc}") from None
    scores = [tally.score(rules) for tally in tallies]
    updated = _with_round(match, scores)  # refused before anything is printed
    rows = [
        [
            name,
            str(sum(g.points(rules) for g in tally.gatherings)),
            str(tally.face_down),
            str(-tally.in_hand),
            str(tally.score(rules)),
        ]
        for name, tally in zip(names, tallies, strict=True)
    ]
    print("8 (planets): final scores")
    print_table(
        None, ["player", "gatherings", "face down", "in hand", "score"], rows, right=[1, 2, 3, 4]
    )
    _, sentence = final_winners(tallies, rules, names)
    print(sentence)
    if updated is None or path is None:
        return 0
    games = getattr(match, "games", "?")
    goal = f"{games} games; the highest total wins"
    if getattr(match, "play_off", False):
        goal = f"{games} games, then more while the highest total is tied; the highest total wins"
    _print_match(path, game, updated, goal)
    return 0


def _with_round(match: Match | None, points: Sequence[int]) -> Match | None:
    """``match`` with the round's points added (``None`` without a match).

    Raises:
        UsageError: for points the match refuses (out of its range).
    """
    if match is None:
        return None
    try:
        return match.add_round(points)
    except CardGamesError as exc:
        raise UsageError(f"--match: {exc}") from None
