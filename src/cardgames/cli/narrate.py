"""What the command line says about a game: the events, one seat's view, the moves, the result.

The events are told by the library's narrator (`cardgames.narration`), for one seat (``you``)
or, with ``reveal``, by the all-seeing narrator of a bots' game. Views, moves and results are
written here, in English or in French (``lang``), with "you" / "tu" for the seat at the
terminal.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

import attrs

from cardgames.cards import Card
from cardgames.game import Event, Move, Outcome, State, View
from cardgames.narration import LANGUAGES, describe_move, narrate

__all__ = ["Narrator", "default_lang"]

_SEAT_FIELDS: Final = ("to", "victim", "target")

_WORDS: Final[Mapping[str, Mapping[str, str]]] = {
    "en": {
        "you": "you",
        "top": "Top card: {card}",
        "suit": ", suit to follow: {suit}",
        "stock": ", stock: {size}",
        "stock_reshuffle": ", stock: {size} (the discard pile, reshuffled when drawn)",
        "stock_empty": ", stock: 0 (nothing left to draw)",
        "penalty": ", pending penalty: {count} cards",
        "hands": "Hands: {sizes} (play goes {way})",
        "hand_sizes": "Hands: {sizes}",
        "clockwise": "clockwise",
        "counterclockwise": "counterclockwise",
        "turn": "Turn: {name}",
        "your_hand": "Your hand: {cards}",
        "just_drew": "You just drew {card}",
        "planet_turn": "Turn {turn}. Commander: {commander}",
        "adjutant": ". Adjutant: {adjutant}",
        "planet_stock": "Stock: {size}, black holes discarded: {discarded}",
        "gatherings": "Gatherings: {laid}",
        "face_down": "Face down: {sizes}",
        "your_face_down": "Your cards face down: {cards}",
        "known_hands": "You know: {known}",
        "holds": "{name} holds {cards}",
        "known_stock": "You know in the stock: {known}",
        "top_of_stock": "{card} on top",
        "deep_in_stock": "{card} {position} from the top",
        "your_decision": "Your decision: {decision}",
        "decides": "{name} decides: {decision}",
        "as_role": ", as {role}",
        "drawn": "Drawn: {cards}",
        "deciding_on": "Deciding on: {card}",
        "you_received": "You received: {card}",
        "given_to": "Given to {name}: {card}",
        "keep": "keep a card",
        "give": "give a card",
        "gather": "lay a gathering or not",
        "black_hole": "play the black hole",
        "surplus": "put a surplus card under the stock",
        "over": "the game is over",
        "commander": "Commander",
        "adjutant_role": "Adjutant",
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
        "top": "Carte du dessus : {card}",
        "suit": ", couleur demandée : {suit}",
        "stock": ", pioche : {size}",
        "stock_reshuffle": ", pioche : {size} (la défausse, remélangée à la prochaine pioche)",
        "stock_empty": ", pioche : 0 (plus rien à piocher)",
        "penalty": ", pénalité en attente : {count} cartes",
        "hands": "Mains : {sizes} (le jeu tourne dans le sens {way})",
        "hand_sizes": "Mains : {sizes}",
        "clockwise": "des aiguilles d'une montre",
        "counterclockwise": "inverse des aiguilles d'une montre",
        "turn": "C'est à {name} de jouer",
        "your_hand": "Ta main : {cards}",
        "just_drew": "Tu viens de piocher {card}",
        "planet_turn": "Tour {turn}. Commandant : {commander}",
        "adjutant": ". Adjoint : {adjutant}",
        "planet_stock": "Pioche : {size}, trous noirs défaussés : {discarded}",
        "gatherings": "Rassemblements : {laid}",
        "face_down": "Face cachée : {sizes}",
        "your_face_down": "Tes cartes face cachée : {cards}",
        "known_hands": "Tu sais que : {known}",
        "holds": "{name} a {cards}",
        "known_stock": "Tu sais dans la pioche : {known}",
        "top_of_stock": "{card} sur le dessus",
        "deep_in_stock": "{card} en {position} position",
        "your_decision": "À toi de décider : {decision}",
        "decides": "{name} décide : {decision}",
        "as_role": ", en {role}",
        "drawn": "Cartes piochées : {cards}",
        "deciding_on": "Carte en jeu : {card}",
        "you_received": "Tu as reçu : {card}",
        "given_to": "Donnée à {name} : {card}",
        "keep": "garder une carte",
        "give": "donner une carte",
        "gather": "poser un rassemblement ou non",
        "black_hole": "jouer le trou noir",
        "surplus": "mettre une carte en trop sous la pioche",
        "over": "la partie est finie",
        "commander": "Commandant",
        "adjutant_role": "Adjoint",
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
        "hint": "Tape le numéro d'un coup ou sa notation ; help pour l'aide, quit pour partir.",
        "your_moves": "Tes coups :",
        "out_of_turn": "Tu peux jouer hors de ton tour :",
        "let_go": "laisser le jeu continuer (ou appuie sur Entrée)",
        "forced": "Ton seul coup, joué pour toi : {move}.",
        "announce_hint": "sans annoncer : on peut relever ton oubli",
        "type_number": "Tape un numéro de coup de 1 à {count}, un coup, ou help.",
        "no_move": "Il n'y a pas de coup {number} : choisis de {low} à {count}.",
        "not_a_move": "Ce n'est pas un coup : {error}.",
        "not_allowed": "Pas permis maintenant : {text} ({why}).",
        "bye": "Au revoir.",
        "abandoned": "Partie abandonnée.",
    },
}
"""The words of views and results, by language."""


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


def _ordinal(position: int, lang: str) -> str:
    """``2nd`` / ``2e`` for 1-based positions."""
    if lang == "fr":
        return "1re" if position == 1 else f"{position}e"
    last = 0 if position % 100 in (11, 12, 13) else position % 10
    return f"{position}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(last, 'th') }"


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
        return f"seat {seat}"

    def card(self, card: object) -> str:
        """A card of any game as text."""
        if isinstance(card, Card):
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

        In French, with the move in words (``give Mars to 1 (donner Mars à Tom)``): the notation
        the player types is English.
        """
        if self.lang == "fr":
            return (
                f"{notation} ({describe_move(move, self.players, lang='fr', symbols=self.symbols)})"
            )
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

    def line(self, sentences: Sequence[str]) -> str:
        """Sentences on one line: ``"a; b"`` (``"a ; b"`` in French)."""
        return (" ; " if self.lang == "fr" else "; ").join(sentences)

    # -- views ------------------------------------------------------------------------------

    def view(self, view: View) -> list[str]:
        """What the viewer sees of the table, in a few lines."""
        from cardgames.planets.views import PlanetsView
        from cardgames.shedding.view import SheddingView

        if isinstance(view, SheddingView):
            return self._shedding_view(view)
        if isinstance(view, PlanetsView):
            return self._planets_view(view)
        return [repr(view)]  # pragma: no cover - every built-in game is handled above

    def _hand_sizes(self, sizes: Sequence[int]) -> str:
        return ", ".join(f"{self.name(seat)} {size}" for seat, size in enumerate(sizes))

    def _suit(self, suit: Any) -> str:
        name = suit.french if self.lang == "fr" else suit.english
        return f"{name} {suit.symbol}" if self.symbols else name

    def _shedding_view(self, view: Any) -> list[str]:
        table = self.word("top", card=self.card(view.top))
        if view.suit is not None:
            table += self.word("suit", suit=self._suit(view.suit))
        table += self._stock(view)
        if view.penalty:
            table += self.word("penalty", count=view.penalty)
        way = self.word("clockwise" if view.direction > 0 else "counterclockwise")
        lines = [
            table,
            self.word("hands", sizes=self._hand_sizes(view.hand_sizes), way=way),
            self.word("turn", name=self.name(view.current)),
        ]
        if view.hand is not None:
            lines.append(self.word("your_hand", cards=self.cards(sorted(view.hand))))
        if view.drawn is not None:
            lines.append(self.word("just_drew", card=self.card(view.drawn)))
        return lines

    def _stock(self, view: Any) -> str:
        """The stock's size; when it is empty, what drawing would take from the discard pile.

        The engine reshuffles the discard pile (all but its top card) only when someone draws
        from an empty stock: until then "stock: 0" would say that nothing can be drawn.
        """
        if view.stock_size:
            return self.word("stock", size=view.stock_size)
        reshuffled = len(view.discard) - 1
        if reshuffled > 0:
            return self.word("stock_reshuffle", size=reshuffled)
        return self.word("stock_empty")

    def _planets_view(self, view: Any) -> list[str]:
        roles = self.word("planet_turn", turn=view.turn, commander=self.name(view.commander))
        if view.adjutant is not None:
            roles += self.word("adjutant", adjutant=self.name(view.adjutant))
        lines = [
            roles,
            self.word("planet_stock", size=view.stock_size, discarded=view.discard_size),
            self.word("hand_sizes", sizes=self._hand_sizes(view.hand_sizes)),
        ]
        laid = [
            f"{self.name(seat)}: " + "; ".join(self._gathering(g) for g in gatherings)
            for seat, gatherings in enumerate(view.gatherings)
            if gatherings
        ]
        if laid:
            lines.append(self.word("gatherings", laid=" | ".join(laid)))
        if any(view.face_down_sizes):
            lines.append(self.word("face_down", sizes=self._hand_sizes(view.face_down_sizes)))
        if view.holder is not None:
            decision = self.word(view.phase.value)
            if view.role is not None:
                role = self.word("commander" if view.role.value == "commander" else "adjutant_role")
                decision += self.word("as_role", role=role)
            if view.holder == self.you:
                lines.append(self.word("your_decision", decision=decision))
            else:
                lines.append(self.word("decides", name=self.name(view.holder), decision=decision))
        if view.hand is not None:
            lines.append(self.word("your_hand", cards=self.cards(view.hand)))
        lines += self._planets_knowledge(view)
        if any(card is not None for card in view.drawn):
            drawn = ", ".join("?" if c is None else self.card(c) for c in view.drawn)
            lines.append(self.word("drawn", cards=drawn))
        if view.pending is not None:
            lines.append(self.word("deciding_on", card=self.card(view.pending)))
        if view.received is not None:
            if view.viewer is not None and view.viewer == view.adjutant:
                lines.append(self.word("you_received", card=self.card(view.received)))
            elif view.adjutant is not None:
                given = self.card(view.received)
                lines.append(self.word("given_to", name=self.name(view.adjutant), card=given))
        return lines

    def _planets_knowledge(self, view: Any) -> list[str]:
        """The viewer's own face-down cards and what they know of other hands and the stock."""
        lines = []
        if self.you is not None and view.viewer == self.you:
            own = view.face_down[self.you]
            if own:
                lines.append(self.word("your_face_down", cards=self.cards(own)))
        known = [
            self.word("holds", name=self.name(seat), cards=self.cards(cards))
            for seat, cards in enumerate(view.known_cards)
            if cards and seat != view.viewer
        ]
        if known:
            lines.append(self.word("known_hands", known="; ".join(known)))
        stock = [
            self.word("top_of_stock", card=self.card(card))
            if position == 0
            else self.word(
                "deep_in_stock", card=self.card(card), position=_ordinal(position + 1, self.lang)
            )
            for position, card in view.known_stock
        ]
        if stock:
            lines.append(self.word("known_stock", known="; ".join(stock)))
        return lines

    def _gathering(self, gathering: Any) -> str:
        from cardgames.planets.cards import PLANETS

        if gathering.cards == PLANETS:
            what = "8 planètes différentes" if self.lang == "fr" else "8 different planets"
        else:
            what = f"{gathering.size} {self.card(gathering.cards[0])}"
        role = self.word("commander" if gathering.role.value == "commander" else "adjutant_role")
        return f"{what} ({role})"

    # -- results ----------------------------------------------------------------------------

    def outcome_rows(self, state: State[Any, Any, Any], outcome: Outcome) -> list[list[str]]:
        """Per seat: name, what is left in hand (shedding games) or hand size, and points."""
        rows: list[list[str]] = []
        hands = getattr(state, "hands", None)
        for seat, name in enumerate(state.players):
            if hands is not None:
                left = self.cards(sorted(hands[seat]))
            else:
                hand = getattr(state, "hand", None)
                left = self.cards(hand(seat)) if callable(hand) else ""
            rows.append([name, left, str(outcome.scores[seat])])
        return rows

    def headings(self) -> list[str]:
        """The headings of `outcome_rows`."""
        return [self.word("player"), self.word("left"), self.word("points")]

    def winners(self, outcome: Outcome) -> str:
        """``"Winner: Léa"`` or ``"Winners: Léa, Tom"``."""
        names = [self.players[w] for w in outcome.winners]
        key = "winner" if len(names) == 1 else "winners"
        return self.word(key, names=", ".join(names) or self.word("nobody"))
