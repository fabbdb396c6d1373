"""A score keeper for a game played with real cards: rounds typed as text, added up by `Match`.

Run it::

    python examples/scorekeeper.py                           # a Crazy Eights evening to 200
    python examples/scorekeeper.py --game "8 américain"      # an 8 Américain evening to 500
    python examples/scorekeeper.py --round "Léa: out; Tom: 8H KS; Sam: 3C AS"
    python examples/scorekeeper.py --file rounds.txt         # one round a line; - reads stdin

Each round is one line: every player's name and the cards left in their hand, separated by
semicolons; ``out`` (or ``-``, or nothing) for a player who went out. Cards are written rank
first: ``8H``, ``10S``, ``QS``, ``JOKER``, also ``Q♠``, ``dame de pique``. The first round
names the players; later rounds give every one of them, in any order, case and accents.

The exit status is 1 when a line you gave was refused or came after the end of the match.

How rounds are scored is the library's (`crazy_eights.round_points`,
`huit_americain.round_points`), and so is the match (`Match`, an immutable score sheet):

- **Crazy Eights**: the player who went out collects the value of the cards left in the other
  hands (8: 50, Ace: 20, J/Q/K: 10, others their face value). The first total to reach 200
  wins the match.
- **8 Américain**: every player scores the cards left in their own hand (joker 50, 8s and the
  2 of spades 25, other 2s and Aces 15, J/Q/K 10, others 5). When a total reaches 500 the match
  stops, and the lowest total wins.

A line that cannot be read is refused with the reason, and the match goes on without it: type
it again. The ``cardgames score`` command does the same from the command line and keeps the
match in a file between rounds.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence

from cardgames import Card, CardGamesError, ParseError, crazy_eights, find_game, huit_americain
from cardgames.cards import parse_cards
from cardgames.crazy_eights import Match, MatchOverError
from cardgames.game import normalize_name
from cardgames.shedding import SheddingRules

Hands = dict[str, tuple[Card, ...]]

EVENINGS = {
    "crazy-eights": [
        "Léa: out; Tom: 8H KS; Sam: 3C AS",
        "Léa: 2C 7D; Tom: out; Sam: QH QS 9X",  # a typo: refused, then typed again
        "Léa: 2C 7D; Tom: out; Sam: QH QS 9D",
        "Léa: 5S; Tom: AH 8C JD; Sam: out",
        "sam: 10H AC; lea: out; TOM: 8D 8S KH 4C",  # any order, case and accents
        "Léa: out; Tom: 3H; Sam: 4H",  # too late: the match is over
    ],
    "huit-americain": [
        "Léa: out; Tom: JOKER 3C; Sam: AS 8D",
        "Léa: 2S KD QH; Tom: out; Sam: JOKER 8C 8H",
        "Léa: 7H; Tom: AC AD 2H; Sam: out",
        "Léa: out; Tom: 8S 9S; Zoé: 2D",  # Zoé is not in this match: refused
        "Léa: out; Tom: 8S 9S; Sam: JOKER JOKER 2S AH",
        "Léa: KC; Tom: out; Sam: 8C 8D 8H 8S 2D",
        "Léa: out; Tom: 5C 6C; Sam: JOKER 8H AS AC 2C",
    ],
}
"""A sample evening of each game, with two lines that go wrong on purpose."""


def parse_round(line: str, players: Sequence[str] | None) -> Hands:
    """The hands of one round, keyed by the match's spelling of each name.

    Raises:
        ParseError: for an item that is not ``NAME: CARDS``, a card that does not parse, a
            name given twice, a player who is not in the match or is missing.
    """
    hands: Hands = {}
    for item in line.split(";"):
        if not item.strip():
            continue
        name, colon, cards = item.partition(":")
        name = " ".join(name.split())
        if not colon or not name:
            raise ParseError(item.strip(), "NAME: CARDS (or NAME: out)")
        if players is not None:  # case and accents do not matter: "lea" is Léa
            known = {normalize_name(p): p for p in players}
            if normalize_name(name) not in known:
                raise ParseError(name, f"a player of this match ({', '.join(players)})")
            name = known[normalize_name(name)]
        if normalize_name(name) in {normalize_name(n) for n in hands}:
            raise ParseError(item.strip(), f"each player once ({name} is given twice)")
        text = cards.strip()
        hands[name] = () if text.casefold() in ("", "-", "out") else parse_cards(text)
    if players is not None:
        missing = [p for p in players if p not in hands]
        if missing:
            raise ParseError(line, f"every player's hand ({', '.join(missing)} missing)")
        hands = {p: hands[p] for p in players}  # in seat order
    if len(hands) < 2:
        raise ParseError(line, "the hands of at least two players")
    return hands


def round_scores(hands: Hands, rules: SheddingRules) -> tuple[dict[str, int], dict[str, int]]:
    """The round's points and the value of each hand left, under the game's scoring."""
    if isinstance(rules, huit_americain.Rules):
        points = huit_americain.round_points(hands, rules)
        values = {name: huit_americain.hand_points(hand, rules) for name, hand in hands.items()}
    elif isinstance(rules, crazy_eights.Rules):
        points = crazy_eights.round_points(hands, rules)
        values = {name: crazy_eights.hand_points(hand, rules) for name, hand in hands.items()}
    else:
        raise TypeError(f"no scoring for {type(rules).__name__}")
    return points, values


def score_sheet(
    match: Match, hands: Hands, values: Mapping[str, int], points: Mapping[str, int]
) -> list[str]:
    """The round's table: cards left, their value, the points, the totals."""
    width = max(6, *(len(name) for name in match.players))
    cards = {name: " ".join(card.unicode() for card in hands[name]) or "out" for name in hands}
    card_width = max(10, *(len(text) for text in cards.values()))
    lines = [f"  {'player':<{width}}  {'cards left':<{card_width}}  value  points  total"]
    for seat, name in enumerate(match.players):
        lines.append(
            f"  {name:<{width}}  {cards[name]:<{card_width}}  {values[name]:5d}  "
            f"{points[name]:6d}  {match.totals[seat]:5d}"
        )
    return lines


def keep_score(game_name: str, lines: Sequence[str]) -> tuple[Match | None, int]:
    """Score the rounds in order; returns the match and the number of refused lines."""
    game = find_game(game_name)
    rules: SheddingRules = game.default_rules  # Crazy Eights: to 200; 8 Américain: to 500
    lowest_wins = game is huit_americain.GAME
    match: Match | None = None
    refused = 0
    for number, line in enumerate(lines, 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            hands = parse_round(line, None if match is None else match.players)
            if match is None:
                match = Match.new(list(hands), rules)
            points, values = round_scores(hands, rules)
            match = match.add_round(points)  # raises MatchOverError once the match is won
        except MatchOverError:
            print(f"Line {number} ignored: the match is over.")
            refused += 1
            continue
        except CardGamesError as exc:  # a ParseError, or a rule the match refuses
            print(f"Line {number} refused, type it again: {exc}")
            refused += 1
            continue
        print(f"Round {len(match.rounds)}")
        print("\n".join(score_sheet(match, hands, values, points)))
    if match is None:
        print("No round was scored.")
        return None, refused
    totals = match.totals
    goal = "lowest" if lowest_wins else "highest"
    if match.is_over:
        names = ", ".join(match.players[w] for w in match.winners)
        print(
            f"Match over after {len(match.rounds)} rounds: {names} "
            f"{'wins' if len(match.winners) == 1 else 'win'} with "
            f"{totals[match.winners[0]]} points (the {goal} total wins)."
        )
    else:
        print(
            f"The match goes on: it ends when a total reaches {rules.target_score}; "
            f"the {goal} total wins. Next dealer: {match.players[match.dealer]}."
        )
    return match, refused


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Keep the score of a game played with cards.")
    parser.add_argument("--game", default="crazy-eights", help="crazy eights or 8 américain")
    parser.add_argument(
        "--round", action="append", default=[], metavar="TEXT", help="one round (repeatable)"
    )
    parser.add_argument("--file", default=None, help="rounds, one a line (- reads stdin)")
    args = parser.parse_args(argv)
    try:
        game = find_game(args.game)
    except CardGamesError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if game not in (crazy_eights.GAME, huit_americain.GAME):
        print(
            f"error: this score keeper scores Crazy Eights and 8 Américain, not {game.title}",
            file=sys.stderr,
        )
        return 2
    lines: list[str] = list(args.round)
    if args.file == "-":
        lines += sys.stdin.read().splitlines()
    elif args.file is not None:
        with open(args.file, encoding="utf-8") as handle:
            lines += handle.read().splitlines()
    if not lines:
        print(f"A sample evening of {game.title} (give --round or --file for yours)")
        keep_score(game.name, EVENINGS[game.name])
        return 0
    print(game.title)
    _, refused = keep_score(game.name, lines)
    return 1 if refused else 0  # tell a script that some of its lines were not scored


if __name__ == "__main__":
    raise SystemExit(main())
