"""What the command line says about a game: the events, one seat's view, the moves, the result.

The events are told by the library's narrator (`cardgames.narration`), for one seat (``you``)
or, with ``reveal``, by the all-seeing narrator of a bots' game. Views, moves and results are
written here, in English or in French (``lang``), with "you" / "tu" for the seat at the
terminal: each game shows its table as it brings it under the ``"cli_table"`` capability
(`TABLE`, a `TerminalTable`); a game that brings none is shown what every view commonly holds
(the hand sizes, whose turn it is, the viewer's hand).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final, Protocol

import attrs

from cardgames.cards import Card
from cardgames.game import Capability, Event, Game, Move, Outcome, State, View, games
from cardgames.narration import LANGUAGES, Phrases, Speaker, narrate, notate_move

__all__ = ["TABLE", "Narrator", "PlainTable", "TerminalTable", "default_lang"]

_SEAT_FIELDS: Final = ("to", "victim", "target")

_WORDS: Final[Mapping[str, Mapping[str, str]]] = {
    "en": {
        "you": "you",
        "hand_sizes": "Hands: {sizes}",
        "turn": "Turn: {name}",
        "your_hand": "Your hand: {cards}",
        "player": "player",
        "left": "left in hand",
        "points": "points",
        "winner": "Winner: {names}",
        "winners": "Winners: {names}",
        "nobody": "nobody",
        "not_over": "The game is not over.",
        "header": "{game}, {players} players, seed {seed}, rules: {rules}",
        "seats": "Seats: {seats}",
        "deal": "Deal: {events}",
        "start": "Start: {events}",
        "saved": "Saved the record in {path} (cardgames replay {path}).",
        "intro": "{game}, seed {seed}, rules: {rules}. You sit at seat {seat}{alias}, against "
        "{others}.",
        "alias": " as {name}",
        "hint": "Type a move's number or its notation; help for help, quit to leave.",
        "your_moves": "Your moves:",
        "out_of_turn": "You may act out of turn:",
        "let_go": "let play go on (or just press Enter)",
        "forced": "Your only move, played for you: {move}.",
        "announce_hint": "without announcing: you may be called out",
        "type_number": "Type a move number from 1 to {count}, a move, or help.",
        "no_move": "There is no move {number}: choose {low} to {count}.",
        "not_a_move": "Not a move: {error}.",
        "not_allowed": "Not allowed now: {text} ({why}).",
        "bye": "Bye.",
        "abandoned": "Game abandoned.",
    },
    "fr": {
        "you": "toi",
        "hand_sizes": "Mains : {sizes}",
        "turn": "C'est à {name} de jouer",
        "your_hand": "Ta main : {cards}",
        "player": "joueur",
        "left": "reste en main",
        "points": "points",
        "winner": "Gagnant : {names}",
        "winners": "Gagnants : {names}",
        "nobody": "personne",
        "not_over": "La partie n'est pas finie.",
        "header": "{game}, {players} joueurs, graine {seed}, règles : {rules}",
        "seats": "Places : {seats}",
        "deal": "Donne : {events}",
        "start": "Début : {events}",
        "saved": "Partie enregistrée dans {path} (cardgames replay {path}).",
        "intro": "{game}, graine {seed}, règles : {rules}. Tu es à la place {seat}{alias}, "
        "contre {others}.",
        "alias": " sous le nom de {name}",
        "hint": "Tape le numéro d'un coup ou sa notation ; aide pour l'aide, quitte pour partir.",
        "your_moves": "Tes coups :",
        "out_of_turn": "Tu peux jouer hors de ton tour :",
        "let_go": "laisser le jeu continuer (ou appuie sur Entrée)",
        "forced": "Ton seul coup, joué pour toi : {move}.",
        "announce_hint": "sans annoncer : on peut relever ton oubli",
        "type_number": "Tape un numéro de coup de 1 à {count}, un coup, ou aide.",
        "no_move": "Il n'y a pas de coup {number} : choisis de {low} à {count}.",
        "not_a_move": "Pas compris : {error}.",
        "not_allowed": "Pas permis maintenant : {text} ({why}).",
        "bye": "Au revoir.",
        "abandoned": "Partie abandonnée.",
    },
}
"""The words of views and results, by language."""


_PLAIN_HELP: Final = """\
Moves: type one as your list of moves writes it (its notation), or its number."""
"""The help of a game that brings no notation help."""
_PLAIN_HELP_FR: Final = """\
Les coups : tape-les comme ta liste de coups les écrit (leur notation), ou leur numéro."""
"""The French help of a game whose table brings none in French."""


def default_lang(environ: Mapping[str, str] | None = None) -> str:
    """The language of the user's locale: ``"fr"`` when it is French, else ``"en"``.

    The first of ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set decides, as for every
    program's messages.

    Examples:
        >>> default_lang({"LANG": "fr_FR.UTF-8"}), default_lang({"LC_ALL": "C", "LANG": "fr_BE"})
        ('fr', 'en')
    """
    env = os.environ if environ is None else environ
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(variable)
        if value:
            return "fr" if value.casefold().startswith("fr") else "en"
    return "en"


@attrs.frozen
class Narrator:
    """Writes the sentences of one game for one viewer.

    Attributes:
        players: The players' names, by seat.
        you: The seat addressed in the second person (``None``: a spectator).
        symbols: Write cards with suit symbols (``8♥``) rather than letters (``8H``).
        reveal: Tell hidden cards too (a bots' game, with nothing to hide from its audience).
        lang: ``"en"`` or ``"fr"``.
        rules: The game's rules (a penalty is "draw 4 or answer" only if they allow answers).
    """

    players: tuple[str, ...]
    you: int | None = None
    symbols: bool = True
    reveal: bool = False
    lang: str = attrs.field(default="en")
    rules: Any = None

    @lang.validator
    def _check_lang(self, attribute: Any, value: str) -> None:
        if value not in LANGUAGES:
            raise ValueError(f"lang: expected one of {LANGUAGES}, not {value!r}")

    def word(self, key: str, **values: object) -> str:
        """A phrase of the view and result texts, in the narrator's language."""
        return _WORDS[self.lang][key].format(**values)

    # -- words ------------------------------------------------------------------------------

    def name(self, seat: int) -> str:
        """A player's name, "you" ("toi") for the viewer."""
        if seat == self.you:
            return self.word("you")
        if 0 <= seat < len(self.players):
            return self.players[seat]
        return f"place {seat}" if self.lang == "fr" else f"seat {seat}"

    def card(self, card: object) -> str:
        """A card of any game as text (``Q♥``; in French, ``D♥``)."""
        if isinstance(card, Card):
            if self.lang == "fr":
                speaker = Speaker(self.players, self.you, "fr", self.symbols, None)
                return Phrases().card(card, speaker)
            return card.unicode() if self.symbols else str(card)
        french = getattr(card, "french", None)
        english = getattr(card, "english", None)
        if self.lang == "fr" and isinstance(french, str):
            return french
        return english if isinstance(english, str) else str(card)

    def cards(self, cards: Iterable[object]) -> str:
        """Shedding cards separated by spaces, planets by commas (``-`` for none)."""
        items = list(cards)
        glue = " " if not items or isinstance(items[0], Card) else ", "
        return glue.join(self.card(c) for c in items) or "-"

    def move(self, move: Move, notation: str) -> str:
        """A move's notation, with the name of the seat it designates (``give Mars to 1 (Tom)``).

        In French, the French notation the player may type (``joue D♥``, ``donne Mars à Tom``,
        `notate_move`), which names players already.
        """
        if self.lang == "fr":
            return notate_move(move, self.players, lang="fr", symbols=self.symbols)
        for field in _SEAT_FIELDS:
            seat = getattr(move, field, None)
            if isinstance(seat, int) and not isinstance(seat, bool):
                return f"{notation} ({self.name(seat)})"
        return notation

    # -- events -----------------------------------------------------------------------------

    def events(self, events: Sequence[Event]) -> list[str]:
        """The sentences of a transition's events, as the viewer may see them."""
        # A spectator sees the public events (`Event.redacted_for(None)`); a seat, its own.
        told = events if self.reveal else [event.redacted_for(self.you) for event in events]
        return narrate(
            told,
            self.players,
            viewer=self.you,
            lang=self.lang,
            rules=self.rules,
            symbols=self.symbols,
        )

    def help(self, table: TerminalTable) -> str:
        """A table's help of its moves in the narrator's language.

        A table whose help has no French (no ``help_fr``) gets a French help that says only
        how to type a move, never the English one.
        """
        if self.lang != "fr":
            return table.help
        return getattr(table, "help_fr", "") or _PLAIN_HELP_FR

    def line(self, sentences: Sequence[str]) -> str:
        """Sentences on one line: ``"a; b"`` (``"a ; b"`` in French)."""
        return (" ; " if self.lang == "fr" else "; ").join(sentences)

    # -- views ------------------------------------------------------------------------------

    def view(self, view: View) -> list[str]:
        """What the viewer sees of the table, in a few lines, as the view's game shows it."""
        game = next((g for g in games() if type(view) is g.view_type), None)
        table = _PLAIN if game is None else game.capability(TABLE)
        return table.view(view, self)

    def hand_sizes(self, sizes: Sequence[int]) -> str:
        """Every player's number of cards: ``Léa 5, you 4``."""
        return ", ".join(f"{self.name(seat)} {size}" for seat, size in enumerate(sizes))

    def word_of(self, words: Mapping[str, Mapping[str, str]], key: str, **values: object) -> str:
        """A phrase of a game's own ``words`` (by language, then key), else of the narrator's."""
        own = words.get(self.lang, {}).get(key)
        return self.word(key, **values) if own is None else own.format(**values)

    # -- results ----------------------------------------------------------------------------

    def outcome_rows(self, state: State[Any, Any, Any], outcome: Outcome) -> list[list[str]]:
        """Per seat: name, the cards left in hand (as the game lists them), and points."""
        table = state.game.capability(TABLE)
        return [
            [name, self.cards(table.left(state, seat)), str(outcome.scores[seat])]
            for seat, name in enumerate(state.players)
        ]

    def headings(self) -> list[str]:
        """The headings of `outcome_rows`."""
        return [self.word("player"), self.word("left"), self.word("points")]

    def winners(self, outcome: Outcome) -> str:
        """``"Winner: Léa"`` or ``"Winners: Léa, Tom"``."""
        names = [self.players[w] for w in outcome.winners]
        key = "winner" if len(names) == 1 else "winners"
        return self.word(key, names=", ".join(names) or self.word("nobody"))


class TerminalTable(Protocol):
    """What a game brings to the command line (the ``"cli_table"`` capability, `TABLE`)."""

    @property
    def help(self) -> str:
        """The notation of the game's moves, shown by ``help`` in ``cardgames play``."""
        ...

    def view(self, view: Any, narrator: Narrator) -> list[str]:
        """What the viewer sees of the table, in a few lines, in ``narrator``'s words."""
        ...

    def left(self, state: Any, seat: int) -> Sequence[object]:
        """The cards ``seat`` holds at the end of a game, for the final table."""
        ...


@attrs.frozen
class PlainTable:
    """A `TerminalTable`; without ``show``, that of a game that brings none.

    Attributes:
        help: The notation of the moves, for ``help`` in ``cardgames play``.
        show: Writes a seat's table (``None``: what every view commonly holds).
        help_fr: The same help in French (``""``: a French help of the plain notation).

    Examples:
        >>> from types import SimpleNamespace
        >>> view = SimpleNamespace(hand_sizes=(3, 2), current=1, hand=None)
        >>> PlainTable().view(view, Narrator(("Léa", "Tom")))
        ['Hands: Léa 3, Tom 2', 'Turn: Tom']
    """

    help: str = _PLAIN_HELP
    show: Callable[[Any, Narrator], list[str]] | None = None
    help_fr: str = ""

    def view(self, view: Any, narrator: Narrator) -> list[str]:
        """The table as ``show`` writes it; else what the view holds of the usual three.

        Those are the hand sizes, whose turn it is and the viewer's hand.
        """
        if self.show is not None:
            return self.show(view, narrator)
        lines = []
        sizes = getattr(view, "hand_sizes", None)
        if sizes is not None:
            lines.append(narrator.word("hand_sizes", sizes=narrator.hand_sizes(sizes)))
        current = getattr(view, "current", None)
        if isinstance(current, int):
            lines.append(narrator.word("turn", name=narrator.name(current)))
        hand = getattr(view, "hand", None)
        if hand is not None:
            lines.append(narrator.word("your_hand", cards=narrator.cards(hand)))
        return lines or [repr(view)]

    def left(self, state: Any, seat: int) -> Sequence[object]:
        """The hand of ``seat``'s own view (none if its views show no hand)."""
        hand = getattr(state.view(seat), "hand", None)
        return () if hand is None else tuple(hand)


_PLAIN: Final = PlainTable()


def _plain_table(game: Game[Any]) -> TerminalTable:
    return _PLAIN


TABLE: Final = Capability[TerminalTable](
    "cli_table",
    "the command line's table, final hands and moves' notation",
    default=_plain_table,
)
"""The key under which a game brings its `TerminalTable` (default: `PlainTable`)."""
