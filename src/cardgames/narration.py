"""Events as sentences: for every game, for each viewer, in English and in French.

A transition's events (`State.last_events`, `View.events`) are data; this module tells them as
players speak. One narrator serves every frontend (the command line, the web table, the
examples), so that a game reads the same everywhere:

- `describe` turns one event into one sentence; `narrate` tells the events of a transition in
  the order things happened, joining what one player did in one sentence ("Léa lays 8♥ and
  names hearts ♥").
- ``viewer=None`` is the all-seeing narrator of a finished game (a bots' demo, a replay): it
  tells the event as it is, hidden cards included. ``viewer=seat`` tells only what that seat
  saw: the sentence is built from ``event.redacted_for(viewer)``, so it cannot say more than the
  viewer's own events ("Tom draws 2" for the others, "you draw 2: 4♠ 3♦" for Tom). To tell a
  live game to a spectator, pass events redacted for ``None`` (``event.redacted_for(None)``).
- ``lang="en"`` or ``lang="fr"``: French reads as French players speak ("Léa pose le 8♥ et
  demande cœur ♥", « carte ! », "Tom pioche 2 cartes", "Sam passe son tour"). The viewer is
  "you" in English and "tu" in French.
- `describe_move` writes a move for a menu, naming the players it designates ("give Venus to
  Léa", "donner Vénus à Léa") where the notation has seat numbers (``give Venus to 1``).
- ``rules``, when given, lets a sentence say only what the rules allow: under rules without
  stacking, a player hit by a penalty "must draw 4"; with stacking, "must draw 4 or answer".

``str(event)`` is ``describe(event, None)``: the English all-seeing sentence, seats named
"seat 0", "seat 1"...

Examples:
    >>> from cardgames import crazy_eights
    >>> from cardgames.cards import Card
    >>> from cardgames.narration import describe, narrate
    >>> from cardgames.shedding import CardsDrawn
    >>> state = crazy_eights.new_game(["Léa", "Tom"], seed=3)
    >>> narrate(state.last_events, state.players)
    ['the starter is 5♠']
    >>> state = state.apply(state.parse_move("play 8C name hearts"))
    >>> narrate(state.last_events, state.players, lang="fr")
    ['Tom pose le 8♣ et demande cœur ♥']
    >>> cards = (Card.parse("4S"), Card.parse("3D"))
    >>> drawn = CardsDrawn(player=1, count=2, reason="turn", cards=cards)
    >>> describe(drawn, state.players, viewer=0), describe(drawn, state.players, viewer=1)
    ('Tom draws 2', 'you draw 2: 4♠ 3♦')
    >>> describe(drawn, state.players, viewer=0, lang="fr"), str(drawn)
    ('Tom pioche 2 cartes', 'seat 1 draws 2: 4♠ 3♦')
"""

from __future__ import annotations

import functools
import itertools
import types
import typing
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

import attrs

from cardgames.cards import Card, Rank, Suit
from cardgames.errors import InvalidArgumentError
from cardgames.game import _MAX_NAME_CHARS, Event, Move, Outcome, Termination, seat_number

__all__ = ["LANGUAGES", "describe", "describe_move", "ending", "narrate"]

LANGUAGES: Final = ("en", "fr")
"""The languages the narrator speaks."""

_SEAT_FIELDS: Final = ("player", "target", "victim", "to", "commander")
"""The fields of events and moves that hold a seat."""

_MAX_EVENTS: Final = 10_000
"""The most events `narrate` reads: a transition makes a few dozen at most (a penalty of 40
cards is one event), so a longer iterable, an endless one included, is refused."""
_MAX_PLAYERS: Final = 64

_COUNT_FIELDS: Final = ("count", "total", "size", "turn", "points")
"""The integer fields of events that count something: never below 0."""

# -- the speaker: words that depend on the language and on the viewer -------------------------


@attrs.frozen
class _Speaker:
    """Writes names, verbs and cards in one language, for one viewer."""

    players: tuple[str, ...] | None
    viewer: int | None
    lang: str
    symbols: bool
    rules: Any

    @property
    def fr(self) -> bool:
        return self.lang == "fr"

    def is_you(self, seat: int) -> bool:
        return self.viewer is not None and seat == self.viewer

    def name(self, seat: int) -> str:
        """A player as a subject: their name, or "you" / "tu" for the viewer."""
        if self.is_you(seat):
            return "tu" if self.fr else "you"
        if self.players is None:
            return f"siège {seat}" if self.fr else f"seat {seat}"
        return self.players[seat]

    def stressed(self, seat: int) -> str:
        """A player after a preposition: "you" / "toi" for the viewer."""
        if self.is_you(seat) and self.fr:
            return "toi"
        return self.name(seat)

    def to(self, seat: int) -> str:
        """French "à Tom", English "to Tom"."""
        return f"à {self.stressed(seat)}" if self.fr else f"to {self.stressed(seat)}"

    def verb(self, seat: int, third: str, second: str) -> str:
        """The verb form for ``seat`` as the subject: ``third`` ("draws") or ``second``."""
        return second if self.is_you(seat) else third

    def names(self, seats: Iterable[int]) -> str:
        return self.join([self.stressed(seat) for seat in seats])

    def join(self, parts: Sequence[str]) -> str:
        """Join with commas and a last "and" ("et" in French)."""
        if len(parts) <= 1:
            return "".join(parts)
        last = " et " if self.fr else " and "
        return ", ".join(parts[:-1]) + last + parts[-1]

    # -- cards ----------------------------------------------------------------------------------

    def card(self, card: object) -> str:
        """A card as a token in a list: ``8♥`` (``8H`` without symbols), ``Venus``."""
        if isinstance(card, Card):
            return card.unicode() if self.symbols else str(card)
        planet = _planet_name(card, self.fr)
        return planet if planet is not None else str(card)

    def cards(self, cards: Sequence[object]) -> str:
        """Cards in a list: shedding cards apart with spaces, planets with commas."""
        if cards and not isinstance(cards[0], Card):
            return ", ".join(self.card(c) for c in cards)
        return " ".join(self.card(c) for c in cards)

    def the_card(self, card: object) -> str:
        """A card as the object of a verb: ``8♥`` / ``le 8♥``, ``Venus``, ``a black hole``."""
        if isinstance(card, Card):
            if card.is_joker:
                return "un joker" if self.fr else "a joker"
            text = self.card(card)
            if not self.fr:
                return text
            return f"l'{text}" if card.rank is Rank.ACE else f"le {text}"
        return _planet_phrase(card, self.fr) or str(card)

    def suit(self, suit: Suit) -> str:
        name = suit.french if self.fr else suit.english
        return f"{name} {suit.symbol}" if self.symbols else name

    def count(self, count: int) -> str:
        """French "une carte", "2 cartes"."""
        return "une carte" if count == 1 else f"{count} cartes"

    @property
    def answerable(self) -> bool | None:
        """Whether the rules let a player answer a penalty (``None``: rules not given)."""
        stacking = getattr(self.rules, "stacking", None)
        if stacking is None:
            return None
        from cardgames.shedding.rules import Stacking

        return stacking is not Stacking.NONE


def _de(name: str) -> str:
    return f"d'{name}" if name[:1].casefold() in "aeiouyhéèêàâîïôû" and name else f"de {name}"


def _planet_name(card: object, fr: bool) -> str | None:
    from cardgames.planets.cards import PlanetCard

    if not isinstance(card, PlanetCard):
        return None
    if card is PlanetCard.BLACK_HOLE:
        return "trou noir" if fr else "black hole"
    return card.french if fr else card.english


def _planet_phrase(card: object, fr: bool) -> str | None:
    """A planet card as the object of a verb: ``Venus``, ``a black hole``; ``Vénus``."""
    from cardgames.planets.cards import PlanetCard

    name = _planet_name(card, fr)
    if name is None:
        return None
    if card is PlanetCard.BLACK_HOLE:
        return f"un {name}" if fr else f"a {name}"
    return name


# -- the sentences ----------------------------------------------------------------------------

Phrase = Callable[[Any, _Speaker], str]
"""Writes one event in one language, for one speaker."""


@attrs.frozen
class _Entry:
    """How one event type is told.

    ``subject`` names the field of the seat that does what the event says; the phrases then
    write only the predicate ("draws 2"), and the narrator puts the subject in front, so that
    what one player did in a row is told in one sentence. Without it, the phrases write whole
    sentences.
    """

    subject: str | None
    en: Phrase
    fr: Phrase


def _shedding_entries() -> dict[type[Event], _Entry]:
    from cardgames.shedding import moves as m

    def drawn_en(e: m.CardsDrawn, s: _Speaker) -> str:
        verb = s.verb(e.player, "draws", "draw")
        if e.count == 0:
            return f"{verb} nothing: the stock is empty"
        what = "a card" if e.count == 1 else str(e.count)
        why = {"penalty": " (penalty)", "callout": " (called out)"}.get(e.reason, "")
        seen = f": {s.cards(e.cards)}" if e.cards else ""
        return f"{verb} {what}{why}{seen}"

    def drawn_fr(e: m.CardsDrawn, s: _Speaker) -> str:
        if e.count == 0:
            return f"{s.verb(e.player, 'ne peut', 'ne peux')} rien piocher : la pioche est vide"
        why = {"penalty": " de pénalité", "callout": " pour l'oubli de « carte ! »"}.get(
            e.reason, ""
        )
        seen = f" : {s.cards(e.cards)}" if e.cards else ""
        return f"{s.verb(e.player, 'pioche', 'pioches')} {s.count(e.count)}{why}{seen}"

    def grown_en(e: m.PenaltyGrown, s: _Speaker) -> str:
        answer = " or answer" if s.answerable else ""
        return f"must draw {e.total}{answer}"

    def grown_fr(e: m.PenaltyGrown, s: _Speaker) -> str:
        answer = " ou renvoyer la pénalité" if s.answerable else ""
        return f"{s.verb(e.target, 'doit', 'dois')} piocher {s.count(e.total)}{answer}"

    def reversed_en(e: m.DirectionReversed, s: _Speaker) -> str:
        way = "clockwise" if e.direction > 0 else "counterclockwise"
        return f"play now goes {way}"

    def reversed_fr(e: m.DirectionReversed, s: _Speaker) -> str:
        way = "des" if e.direction > 0 else "inverse des"
        return f"changement de sens : le jeu tourne dans le sens {way} aiguilles d'une montre"

    def chosen_fr(e: m.NextPlayerChosen, s: _Speaker) -> str:
        if s.is_you(e.target):
            return f"te {s.verb(e.player, 'désigne', 'désignes')} pour jouer"
        return f"{s.verb(e.player, 'désigne', 'désignes')} {s.stressed(e.target)} pour jouer"

    def swapped_fr(e: m.HandsSwapped, s: _Speaker) -> str:
        own = "ton" if s.is_you(e.player) else "son"
        return f"{s.verb(e.player, 'échange', 'échanges')} {own} jeu avec {s.stressed(e.target)}"

    def called_en(e: m.AnnouncementCalled, s: _Speaker) -> str:
        return f"{s.verb(e.player, 'calls', 'call')} {s.stressed(e.target)} out"

    def called_fr(e: m.AnnouncementCalled, s: _Speaker) -> str:
        whose = "ton oubli" if s.is_you(e.target) else f"l'oubli {_de(s.name(e.target))}"
        return f"{s.verb(e.player, 'relève', 'relèves')} {whose} : « contre-carte ! »"

    def skipped_fr(e: m.TurnSkipped, s: _Speaker) -> str:
        own = "ton" if s.is_you(e.player) else "son"
        return f"{s.verb(e.player, 'passe', 'passes')} {own} tour"

    def round_en(e: m.RoundOver, s: _Speaker) -> str:
        return "round over: " + _ending_en(e.outcome, s, shedding=True)

    def round_fr(e: m.RoundOver, s: _Speaker) -> str:
        return "fin de la manche : " + _ending_fr(e.outcome, s, shedding=True)

    last_en = '"last card!"'
    last_fr = "« carte ! »"
    entries: dict[type[Event], _Entry] = {
        m.StarterTurned: _Entry(
            None,
            lambda e, s: f"the starter is {s.the_card(e.card)}",
            lambda e, s: f"on retourne {s.the_card(e.card)} pour commencer la défausse",
        ),
        m.StarterReturned: _Entry(
            None,
            lambda e, s: f"{s.the_card(e.card)} goes back into the stock",
            lambda e, s: f"{s.the_card(e.card)} retourne dans la pioche",
        ),
        m.CardPlayed: _Entry(
            "player",
            lambda e, s: (
                f"{s.verb(e.player, 'lays', 'lay')} {s.the_card(e.card)}"
                + (" out of turn" if e.jump_in else "")
            ),
            lambda e, s: (
                f"{s.verb(e.player, 'pose', 'poses')} {s.the_card(e.card)}"
                + (" à la volée" if e.jump_in else "")
            ),
        ),
        m.SuitNamed: _Entry(
            "player",
            lambda e, s: f"{s.verb(e.player, 'names', 'name')} {s.suit(e.suit)}",
            lambda e, s: f"{s.verb(e.player, 'demande', 'demandes')} {s.suit(e.suit)}",
        ),
        m.CardsDrawn: _Entry("player", drawn_en, drawn_fr),
        m.PenaltyGrown: _Entry("target", grown_en, grown_fr),
        m.PenaltyTaken: _Entry(
            "player",
            lambda e, s: f"{s.verb(e.player, 'takes', 'take')} the penalty",
            lambda e, s: f"{s.verb(e.player, 'prend', 'prends')} la pénalité",
        ),
        m.TurnSkipped: _Entry(
            "player",
            lambda e, s: f"{s.verb(e.player, 'misses', 'miss')} a turn",
            skipped_fr,
        ),
        m.DirectionReversed: _Entry(None, reversed_en, reversed_fr),
        m.PlaysAgain: _Entry(
            "player",
            lambda e, s: f"{s.verb(e.player, 'plays', 'play')} again",
            lambda e, s: s.verb(e.player, "rejoue", "rejoues"),
        ),
        m.NextPlayerChosen: _Entry(
            "player",
            lambda e, s: (
                f"{s.verb(e.player, 'chooses', 'choose')} {s.stressed(e.target)} to play next"
            ),
            chosen_fr,
        ),
        m.HandsSwapped: _Entry(
            "player",
            lambda e, s: f"{s.verb(e.player, 'swaps', 'swap')} hands with {s.stressed(e.target)}",
            swapped_fr,
        ),
        m.AnnouncementMade: _Entry(
            "player",
            lambda e, s: f"{s.verb(e.player, 'says', 'say')} {last_en}",
            lambda e, s: f"{s.verb(e.player, 'dit', 'dis')} {last_fr}",
        ),
        m.AnnouncementMissed: _Entry(
            "player",
            lambda e, s: f"{s.verb(e.player, 'forgets', 'forget')} to say {last_en}",
            lambda e, s: f"{s.verb(e.player, 'oublie', 'oublies')} de dire {last_fr}",
        ),
        m.AnnouncementCalled: _Entry("player", called_en, called_fr),
        m.Passed: _Entry(
            "player",
            lambda e, s: s.verb(e.player, "passes", "pass"),
            lambda e, s: s.verb(e.player, "passe", "passes"),
        ),
        m.StockReshuffled: _Entry(
            None,
            lambda e, s: f"the discard pile is shuffled into a new stock of {e.size}",
            lambda e, s: f"on mélange la défausse pour refaire une pioche de {s.count(e.size)}",
        ),
        m.RoundOver: _Entry(None, round_en, round_fr),
    }
    return entries


def _planets_entries() -> dict[type[Event], _Entry]:
    from cardgames.planets import moves as m
    from cardgames.planets.cards import PLANETS

    def some(card: object, s: _Speaker) -> str:
        if card is None:
            return "une carte" if s.fr else "a card"
        return s.the_card(card)

    def role_en(role: Any) -> str:
        return str(role).capitalize()

    def turn_en(e: m.TurnStarted, s: _Speaker) -> str:
        return f"turn {e.turn}: {s.name(e.commander)} {s.verb(e.commander, 'is', 'are')} Commander"

    def turn_fr(e: m.TurnStarted, s: _Speaker) -> str:
        return (
            f"tour {e.turn} : {s.name(e.commander)} {s.verb(e.commander, 'est', 'es')} Commandant"
        )

    def drawn_en(e: m.CardsDrawn, s: _Speaker) -> str:
        seen = f": {s.cards(e.cards)}" if e.cards else ""
        what = "a card" if e.count == 1 else str(e.count)
        return f"{s.verb(e.player, 'draws', 'draw')} {what}{seen}"

    def drawn_fr(e: m.CardsDrawn, s: _Speaker) -> str:
        seen = f" : {s.cards(e.cards)}" if e.cards else ""
        return f"{s.verb(e.player, 'pioche', 'pioches')} {s.count(e.count)}{seen}"

    def given_en(e: m.CardGiven, s: _Speaker) -> str:
        gives = s.verb(e.player, "gives", "give")
        if s.is_you(e.to):
            return f"{gives} you {some(e.card, s)}"
        return f"{gives} {some(e.card, s)} to {s.stressed(e.to)}"

    def given_fr(e: m.CardGiven, s: _Speaker) -> str:
        gives = s.verb(e.player, "donne", "donnes")
        if s.is_you(e.to):
            return f"te {gives} {some(e.card, s)}"
        return f"{gives} {some(e.card, s)} {s.to(e.to)}"

    def gathering_en(e: m.GatheringLaid, s: _Speaker) -> str:
        g = e.gathering
        what = "the 8 different planets" if g.cards == PLANETS else f"{g.size} {s.card(g.cards[0])}"
        return f"{s.verb(e.player, 'lays', 'lay')} {what} (+{e.points} as {role_en(g.role)})"

    def gathering_fr(e: m.GatheringLaid, s: _Speaker) -> str:
        g = e.gathering
        what = (
            "les 8 planètes différentes"
            if g.cards == PLANETS
            else f"un rassemblement de {g.size} {s.card(g.cards[0])}"
        )
        return f"{s.verb(e.player, 'pose', 'poses')} {what} (+{e.points} en {g.role.french})"

    def stolen_en(e: m.CardStolen, s: _Speaker) -> str:
        return (
            f"{s.verb(e.player, 'steals', 'steal')} {some(e.card, s)} from {s.stressed(e.victim)}"
        )

    def stolen_fr(e: m.CardStolen, s: _Speaker) -> str:
        steals = s.verb(e.player, "vole", "voles")
        if s.is_you(e.victim):
            return f"te {steals} {some(e.card, s)}"
        return f"{steals} {some(e.card, s)} {s.to(e.victim)}"

    def hole_en(e: m.BlackHoleDiscarded, s: _Speaker) -> str:
        if e.wasted:
            return "the black hole goes to the discard pile, wasted: nobody holds a planet"
        return "the black hole goes to the discard pile"

    def hole_fr(e: m.BlackHoleDiscarded, s: _Speaker) -> str:
        if e.wasted:
            return "le trou noir part à la défausse sans effet : personne n'a de planète"
        return "le trou noir part à la défausse"

    def over_en(e: m.GameOver, s: _Speaker) -> str:
        return "game over: " + _ending_en(e.outcome, s, shedding=False) + _face_down(e, s)

    def over_fr(e: m.GameOver, s: _Speaker) -> str:
        return "fin de la partie : " + _ending_fr(e.outcome, s, shedding=False) + _face_down(e, s)

    return {
        m.TurnStarted: _Entry(None, turn_en, turn_fr),
        m.CardsDrawn: _Entry("player", drawn_en, drawn_fr),
        m.CardKept: _Entry(
            "player",
            lambda e, s: f"{s.verb(e.player, 'keeps', 'keep')} {some(e.card, s)}",
            lambda e, s: f"{s.verb(e.player, 'garde', 'gardes')} {some(e.card, s)}",
        ),
        m.CardGiven: _Entry("player", given_en, given_fr),
        m.CardPutBack: _Entry(
            "player",
            lambda e, s: f"{s.verb(e.player, 'puts', 'put')} {some(e.card, s)} back on the stock",
            lambda e, s: f"{s.verb(e.player, 'remet', 'remets')} {some(e.card, s)} sur la pioche",
        ),
        m.GatheringLaid: _Entry("player", gathering_en, gathering_fr),
        m.GatheringDeclined: _Entry(
            "player",
            lambda e, s: f"{s.verb(e.player, 'lays', 'lay')} no gathering",
            lambda e, s: f"{s.verb(e.player, 'ne pose', 'ne poses')} pas de rassemblement",
        ),
        m.BlackHolePlayed: _Entry(
            "player",
            lambda e, s: f"{s.verb(e.player, 'plays', 'play')} a black hole as {role_en(e.role)}",
            lambda e, s: f"{s.verb(e.player, 'joue', 'joues')} un trou noir en {e.role.french}",
        ),
        m.CardDiscardedFaceDown: _Entry(
            "player",
            lambda e, s: f"{s.verb(e.player, 'discards', 'discard')} {some(e.card, s)} face down",
            lambda e, s: (
                f"{s.verb(e.player, 'défausse', 'défausses')} {some(e.card, s)} face cachée"
            ),
        ),
        m.CardStolen: _Entry("player", stolen_en, stolen_fr),
        m.BlackHoleDiscarded: _Entry(None, hole_en, hole_fr),
        m.SurplusPutUnder: _Entry(
            "player",
            lambda e, s: f"{s.verb(e.player, 'puts', 'put')} {some(e.card, s)} under the stock",
            lambda e, s: f"{s.verb(e.player, 'met', 'mets')} {some(e.card, s)} sous la pioche",
        ),
        m.GameOver: _Entry(None, over_en, over_fr),
    }


def _face_down(event: Any, s: _Speaker) -> str:
    """The cards discarded face down, revealed at the end of a game of "8"."""
    colon = " :" if s.fr else ":"
    shown = [
        f"{s.stressed(seat)}{colon} {s.cards(cards)}"
        for seat, cards in enumerate(event.face_down)
        if cards
    ]
    if not shown:
        return ""
    if s.fr:
        return " ; cartes défaussées face cachée : " + " ; ".join(shown)
    return "; cards discarded face down: " + "; ".join(shown)


def _ending_en(outcome: Outcome, s: _Speaker, *, shedding: bool) -> str:
    winners = outcome.winners
    if outcome.reason is Termination.WENT_OUT and winners:
        return f"{s.name(winners[0])} {s.verb(winners[0], 'goes', 'go')} out"
    limit = "the move limit is reached" if shedding else "the turn limit is reached"
    why = {
        Termination.BLOCKED: "nobody can play or draw",
        Termination.TURN_LIMIT: limit,
        Termination.STOCK_EXHAUSTED: "the stock is empty",
    }.get(outcome.reason, outcome.reason.value.replace("_", " "))
    if not winners:
        return f"{why}; nobody wins"
    if shedding:
        return f"{why}; lowest hand: {s.names(winners)}"
    points = ", ".join(str(outcome.scores[w]) for w in winners)
    wins = s.verb(winners[0], "wins", "win") if len(winners) == 1 else "share the win"
    unit = "point" if len(winners) == 1 and outcome.scores[winners[0]] in (1, -1) else "points"
    return f"{why}; {s.names(winners)} {wins} with {points} {unit}"


def _ending_fr(outcome: Outcome, s: _Speaker, *, shedding: bool) -> str:
    winners = outcome.winners
    if outcome.reason is Termination.WENT_OUT and winners:
        return f"{s.name(winners[0])} {s.verb(winners[0], 'sort', 'sors')}"
    limit = "la limite de coups est atteinte" if shedding else "la limite de tours est atteinte"
    why = {
        Termination.BLOCKED: "personne ne peut jouer ni piocher",
        Termination.TURN_LIMIT: limit,
        Termination.STOCK_EXHAUSTED: "la pioche est vide",
    }.get(outcome.reason, outcome.reason.value.replace("_", " "))
    if not winners:
        return f"{why} ; personne ne gagne"
    if shedding:
        return f"{why} ; main la plus faible : {s.names(winners)}"
    points = ", ".join(str(outcome.scores[w]) for w in winners)
    if len(winners) == 1:
        wins = s.verb(winners[0], "gagne", "gagnes")
        unit = "point" if outcome.scores[winners[0]] in (1, -1) else "points"
    else:
        wins, unit = "se partagent la victoire", "points"
    return f"{why} ; {s.names(winners)} {wins} avec {points} {unit}"


@functools.cache
def _entries() -> dict[type[Event], _Entry]:
    """Every event type of the built-in games, with its sentences."""
    return {**_shedding_entries(), **_planets_entries()}


# -- checking the arguments -------------------------------------------------------------------


def _check_players(players: object) -> tuple[str, ...]:
    expected = f"expected the players' names by seat (1 to {_MAX_PLAYERS} strings)"
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise InvalidArgumentError("players", players, expected)
    names = tuple(itertools.islice(players, _MAX_PLAYERS + 1))  # never more, whatever its len
    if not 1 <= len(names) <= _MAX_PLAYERS or any(type(name) is not str for name in names):
        raise InvalidArgumentError("players", _brief_names(players, names), expected)
    for name in names:  # a long name would be repeated in every sentence: as `new_game` refuses
        if len(name) > _MAX_NAME_CHARS:
            raise InvalidArgumentError(
                "players", name[:40] + "…", f"names of at most {_MAX_NAME_CHARS} characters"
            )
        # Sentences go to terminals and pages: a name with a control character (an escape
        # sequence, a bidirectional override) is refused, as `new_game` refuses it.
        if not name.isprintable():
            raise InvalidArgumentError("players", name, "names must be printable text")
    return names


def _brief_names(players: object, names: tuple[object, ...]) -> object:
    """The refused ``players`` for an error: itself if short, else what was read of it."""
    return names if len(names) > _MAX_PLAYERS else players


def _check_lang(lang: object) -> str:
    if type(lang) is not str or lang not in LANGUAGES:
        raise InvalidArgumentError("lang", lang, "expected 'en' or 'fr'")
    return lang


def _check_rules(rules: object) -> Any:
    if rules is None:
        return None
    from cardgames.game import games

    if not any(isinstance(rules, game.rules_type) for game in games()):
        raise InvalidArgumentError("rules", rules, "expected the rules of a registered game")
    return rules


@functools.cache
def _field_types(cls: type) -> tuple[tuple[str, Any], ...]:
    hints = typing.get_type_hints(cls)
    return tuple((field.name, hints[field.name]) for field in attrs.fields(cls))


def _conforms(value: object, hint: Any) -> bool:
    """Whether ``value`` has the type ``hint`` (the few forms event fields use)."""
    origin = typing.get_origin(hint)
    if origin is typing.Union or origin is types.UnionType:
        return any(_conforms(value, arg) for arg in typing.get_args(hint))
    if origin is tuple:
        args = typing.get_args(hint)
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_conforms(item, args[0]) for item in value)
        return len(args) == len(value) and all(map(_conforms, value, args))
    if hint is type(None):
        return value is None
    if hint in (int, bool, str):
        return type(value) is hint
    if isinstance(hint, type):
        return isinstance(value, hint)
    return True  # pragma: no cover - no event field has another form


def _check_event(event: object, players: int | None, rules: Any = None) -> tuple[Event, _Entry]:
    """The event and how to tell it, after checking its type, fields and seats.

    ``rules`` (checked already, or ``None``) must be of the event's own game.
    """
    cls: Any = type(event)
    entry = _entries().get(cls)
    if entry is None or not isinstance(event, Event):
        raise InvalidArgumentError("event", event, "expected an event of a built-in game")
    _check_fields("event", event, players)
    cards, count = getattr(event, "cards", None), getattr(event, "count", None)
    if isinstance(cards, tuple) and type(count) is int and len(cards) != count:
        raise InvalidArgumentError("event", event, f"it holds {len(cards)} cards, not {count}")
    if rules is not None:
        from cardgames.game import games

        if not any(
            cls in game.event_types.values() and isinstance(rules, game.rules_type)
            for game in games()
        ):
            raise InvalidArgumentError("rules", rules, "expected the rules of the event's game")
    return event, entry


def _check_fields(argument: str, value: Any, players: int | None) -> None:
    """Check the fields of an event or a move: their types, and the seats they name.

    Raises:
        InvalidArgumentError: naming ``argument``, for the first field that is wrong.
    """
    cls: Any = type(value)
    for name, hint in _field_types(cls):
        field = getattr(value, name)
        if not _conforms(field, hint):
            raise InvalidArgumentError(argument, value, f"its {name} is not a {hint}")
        if name in _COUNT_FIELDS and type(field) is int and field < 0:
            raise InvalidArgumentError(argument, value, f"its {name} is below 0")
        if name == "direction" and field not in (1, -1):
            raise InvalidArgumentError(argument, value, "its direction is not 1 or -1")
        if name in _SEAT_FIELDS:
            seats = [] if field is None else [field]
        elif isinstance(field, Outcome):
            seats = _check_outcome(value, field, players)
        elif name == "face_down":
            if players is not None and len(field) != players:
                raise InvalidArgumentError(
                    argument, value, f"its face_down has {len(field)} seats, not {players}"
                )
            continue
        else:
            continue
        for seat in seats:
            if seat < 0 or (players is not None and seat >= players):
                within = "" if players is None else f" (there are {players} players)"
                raise InvalidArgumentError(argument, value, f"it names seat {seat}{within}")


def _check_outcome(event: Event, outcome: Outcome, players: int | None) -> list[int]:
    """The seats an event's outcome names, after checking its fields."""
    for name, hint in _field_types(Outcome):
        if not _conforms(getattr(outcome, name), hint):
            raise InvalidArgumentError("event", event, f"its outcome's {name} is not a {hint}")
    if players is not None and len(outcome.scores) != players:
        raise InvalidArgumentError(
            "event", event, f"its outcome has {len(outcome.scores)} scores, not {players}"
        )
    for seat in outcome.winners:
        if not 0 <= seat < len(outcome.scores):
            raise InvalidArgumentError(
                "event",
                event,
                f"its outcome names winner {seat} but has {len(outcome.scores)} scores",
            )
    return list(outcome.winners)


# -- telling ----------------------------------------------------------------------------------


def _clause(event: Event, entry: _Entry, speaker: _Speaker) -> tuple[int | None, str]:
    """The event's subject seat (if it has one) and its predicate, or its whole sentence."""
    phrase = entry.fr if speaker.fr else entry.en
    text = phrase(event, speaker)
    if entry.subject is None:
        return None, text
    return getattr(event, entry.subject), text


def _speaker(
    players: object, viewer: object, lang: object, rules: object, symbols: object
) -> _Speaker:
    names = None if players is None else _check_players(players)
    seat = None
    if viewer is not None:
        if names is None:
            raise InvalidArgumentError("viewer", viewer, "a viewer needs the players' names")
        seat = seat_number(viewer, len(names), "viewer")
    if type(symbols) is not bool:
        raise InvalidArgumentError("symbols", symbols, "expected True or False")
    return _Speaker(names, seat, _check_lang(lang), symbols, _check_rules(rules))


def describe(
    event: Event,
    players: Sequence[str] | None,
    *,
    viewer: int | None = None,
    lang: str = "en",
    rules: Any = None,
    symbols: bool = True,
) -> str:
    """One event as one sentence, as ``viewer`` saw it.

    Args:
        event: An event of a built-in game (`State.last_events`, `View.events`).
        players: The players' names, by seat (``None``: "seat 0", "seat 1"...).
        viewer: The seat the sentence is for, in the second person ("you draw 2: 4♠ 3♦"); it
            tells only what ``event.redacted_for(viewer)`` shows. ``None``: the all-seeing
            narrator, who tells the event as it is.
        lang: ``"en"`` or ``"fr"``.
        rules: The game's rules, if known: a sentence then says only what they allow (a
            penalty is "draw 4 or answer" only when the rules let a player answer it).
        symbols: Write cards with suit symbols (``8♥``) rather than letters (``8H``).

    Returns:
        The sentence, without a capital letter or a full stop (a frontend joins several).

    Raises:
        InvalidArgumentError: for an event of no built-in game or with fields of the wrong type,
            a seat out of range of ``players``, a ``viewer`` that is not a seat, an unknown
            ``lang``, ``rules`` of no registered game, or ``symbols`` not a bool.

    Examples:
        >>> from cardgames.shedding import CardPlayed
        >>> from cardgames.cards import Card
        >>> describe(CardPlayed(0, Card.parse("8H")), ["Léa", "Tom"], lang="fr")
        'Léa pose le 8♥'
        >>> describe(CardPlayed(1, Card.parse("AS"), jump_in=True), ["Léa", "Tom"], viewer=1)
        'you lay A♠ out of turn'
    """
    speaker = _speaker(players, viewer, lang, rules, symbols)
    size = None if speaker.players is None else len(speaker.players)
    checked, entry = _check_event(event, size, speaker.rules)
    if speaker.viewer is not None:
        checked = checked.redacted_for(speaker.viewer)
    subject, text = _clause(checked, entry, speaker)
    return text if subject is None else f"{speaker.name(subject)} {text}"


def describe_move(
    move: Move, players: Sequence[str] | None, *, lang: str = "en", symbols: bool = True
) -> str:
    """A move as its player would choose it from a menu, naming the players it designates.

    The notation (`State.format_move`, ``str(move)``) names seats by number, as a parser needs
    (``give Venus to 1``); this names them as people do (``give Venus to Tom``), in English or
    in French, in the imperative of a menu entry. It tells only what the move holds, which its
    player already knows: a move is not an event and reveals nothing to anyone else only if the
    frontend shows it to its player alone.

    Args:
        move: A move of a built-in game (`State.legal_moves`, `View.legal_moves`).
        players: The players' names, by seat (``None``: "seat 0", "seat 1"...).
        lang: ``"en"`` or ``"fr"``.
        symbols: Write cards with suit symbols (``8♥``) rather than letters (``8H``).

    Returns:
        The text, without a capital letter or a full stop.

    Raises:
        InvalidArgumentError: for a move of no built-in game or with fields of the wrong type, a
            seat out of range of ``players``, an unknown ``lang`` or ``symbols`` not a bool.

    Examples:
        >>> from cardgames.planets import Give, PlanetCard, Steal
        >>> describe_move(Give(0, PlanetCard.VENUS, 2), ["Léa", "Tom", "Sam"])
        'give Venus to Sam'
        >>> describe_move(Steal(1, 0), ["Léa", "Tom", "Sam"], lang="fr")
        'voler une carte à Léa'
        >>> from cardgames.cards import Card, Suit
        >>> from cardgames.shedding import PlayCard
        >>> describe_move(PlayCard(0, Card.parse("8H"), suit=Suit.SPADES), ["Léa", "Tom"])
        'play 8♥ and name spades ♠'
        >>> describe_move(PlayCard(0, Card.parse("AS"), announce=True), None, lang="fr")
        "poser l'A♠ en annonçant « carte ! »"
    """
    speaker = _speaker(players, None, lang, None, symbols)
    cls: Any = type(move)
    phrase = _move_phrases().get(cls)
    if phrase is None or not isinstance(move, Move):
        raise InvalidArgumentError("move", move, "expected a move of a built-in game")
    _check_fields("move", move, None if speaker.players is None else len(speaker.players))
    return phrase(move, speaker)


@functools.cache
def _move_phrases() -> dict[type[Move], Callable[[Any, _Speaker], str]]:
    """How each move type of the built-in games is written, in both languages."""
    from cardgames.planets import moves as p
    from cardgames.planets.cards import PLANETS
    from cardgames.shedding import moves as m

    def play(move: m.PlayCard, s: _Speaker) -> str:
        parts = [f"poser {s.the_card(move.card)}" if s.fr else f"play {s.the_card(move.card)}"]
        if move.suit is not None:
            parts.append(f"demander {s.suit(move.suit)}" if s.fr else f"name {s.suit(move.suit)}")
        if move.target is not None:
            target = s.stressed(move.target)
            parts.append(f"désigner {target}" if s.fr else f"choose {target}")
        if move.announce and not s.fr:
            parts.append('say "carte!"')
        text = s.join(parts)
        if move.announce and s.fr:
            text += " en annonçant « carte ! »"
        return text

    def lay(move: p.LayGathering, s: _Speaker) -> str:
        cards = move.cards
        if cards == PLANETS:
            return "poser les 8 planètes différentes" if s.fr else "lay the 8 different planets"
        if cards and all(c is cards[0] for c in cards):
            return f"{'poser' if s.fr else 'lay'} {len(cards)} {s.card(cards[0])}"
        return f"{'poser' if s.fr else 'lay'} {s.cards(cards)}"

    def words(en: str, fr: str) -> Callable[[Any, _Speaker], str]:
        """A phrase from templates: ``{card}`` is the move's card, ``{seat}`` the seat it names."""

        def phrase(move: Any, s: _Speaker) -> str:
            card = getattr(move, "card", None)
            seat = getattr(move, "to", getattr(move, "target", getattr(move, "victim", None)))
            return (fr if s.fr else en).format(
                card=None if card is None else s.the_card(card),
                seat=None if seat is None else s.stressed(seat),
            )

        return phrase

    return {
        m.PlayCard: play,
        m.Draw: words("draw", "piocher"),
        m.Pass: words("pass", "passer"),
        m.TakePenalty: words("take the penalty", "prendre la pénalité"),
        m.CallOut: words(
            'call out {seat} for not saying "carte!"',
            "dénoncer {seat}, qui n'a pas annoncé « carte ! »",
        ),
        m.Announce: words('say "carte!"', "annoncer « carte ! »"),
        p.Keep: words("keep {card}", "garder {card}"),
        p.Give: words("give {card} to {seat}", "donner {card} à {seat}"),
        p.LayGathering: lay,
        p.Decline: words("lay nothing", "ne rien poser"),
        p.DiscardFaceDown: words("discard {card} face down", "défausser {card} face cachée"),
        p.Steal: words("steal a card from {seat}", "voler une carte à {seat}"),
        p.PutUnder: words("put {card} under the stock", "mettre {card} sous la pioche"),
    }


def narrate(
    events: Iterable[Event],
    players: Sequence[str] | None,
    *,
    viewer: int | None = None,
    lang: str = "en",
    rules: Any = None,
    symbols: bool = True,
) -> list[str]:
    """The events of a transition as sentences, in the order things happened.

    Each event is told as `describe` tells it, with two differences that make a game read as
    people tell it:

    - what one player did in a row is one sentence: "Léa lays 8♥ and names hearts ♥", "Tom
      takes the penalty and draws 4: …";
    - a reshuffle of the discard pile that a penalty caused is told after "takes the penalty",
      where it happens.

    Args:
        events: Events of a built-in game, in the order the transition produced them.
        players: The players' names, by seat (``None``: "seat 0", "seat 1"...).
        viewer: The seat the sentences are for (``None``: the all-seeing narrator); see
            `describe`.
        lang: ``"en"`` or ``"fr"``.
        rules: The game's rules, if known (see `describe`).
        symbols: Write cards with suit symbols (``8♥``) rather than letters (``8H``).

    Raises:
        InvalidArgumentError: for ``events`` that are not events of a built-in game, more
            than 10,000 of them (a transition makes a few dozen at most; an endless iterable is
            refused, not read forever), or any other bad argument (see `describe`).

    Examples:
        >>> from cardgames.shedding import CardPlayed, SuitNamed, PenaltyGrown
        >>> from cardgames.cards import Card, Suit
        >>> from cardgames import huit_americain
        >>> events = [CardPlayed(0, Card.parse("8H")), SuitNamed(0, Suit.SPADES)]
        >>> narrate(events, ["Léa", "Tom"], lang="fr")
        ['Léa pose le 8♥ et demande pique ♠']
        >>> rules = huit_americain.GAME.preset("le-cumul")
        >>> narrate([CardPlayed(0, Card.parse("AS")), PenaltyGrown(1, 4)], ["Léa", "Tom"],
        ...         viewer=1, rules=rules)
        ['Léa lays A♠', 'you must draw 4 or answer']
    """
    if isinstance(events, (str, bytes)) or not isinstance(events, Iterable):
        raise InvalidArgumentError("events", events, "expected a sequence of events")
    speaker = _speaker(players, viewer, lang, rules, symbols)
    size = None if speaker.players is None else len(speaker.players)
    checked: list[tuple[Event, _Entry]] = []
    for event in itertools.islice(events, _MAX_EVENTS + 1):  # never more, even endless
        if len(checked) == _MAX_EVENTS:
            raise InvalidArgumentError(
                "events", f"more than {_MAX_EVENTS:,} events", "expected a transition's events"
            )
        item, entry = _check_event(event, size, speaker.rules)
        if speaker.viewer is not None:
            item = item.redacted_for(speaker.viewer)
        checked.append((item, entry))
    _tell_penalty_before_reshuffle(checked)
    sentences: list[str] = []
    group: list[str] = []
    group_subject: int | None = None
    previous: Event | None = None
    for item, entry in checked:
        told = item
        if _restates_penalty(previous, item):
            told = attrs.evolve(
                typing.cast(Any, item), reason="turn"
            )  # the sentence says "takes the penalty and"
        subject, text = _clause(told, entry, speaker)
        previous = item
        if subject is not None and group and subject == group_subject:
            group.append(text)
            continue
        if group and group_subject is not None:
            sentences.append(f"{speaker.name(group_subject)} {speaker.join(group)}")
        group, group_subject = ([], None) if subject is None else ([text], subject)
        if subject is None:
            sentences.append(text)
    if group and group_subject is not None:
        sentences.append(f"{speaker.name(group_subject)} {speaker.join(group)}")
    return sentences


def _tell_penalty_before_reshuffle(events: list[tuple[Event, _Entry]]) -> None:
    """Move "takes the penalty" before the reshuffle that its drawing caused."""
    from cardgames.shedding.moves import PenaltyTaken, StockReshuffled

    index = 1
    while index < len(events):
        if isinstance(events[index][0], PenaltyTaken):
            start = index
            while start > 0 and isinstance(events[start - 1][0], StockReshuffled):
                start -= 1
            if start < index:
                events.insert(start, events.pop(index))
        index += 1


def _restates_penalty(previous: Event | None, event: Event) -> bool:
    """A penalty's draw right after "takes the penalty": "(penalty)" would say it twice."""
    from cardgames.shedding.moves import CardsDrawn, PenaltyTaken

    return (
        isinstance(previous, PenaltyTaken)
        and isinstance(event, CardsDrawn)
        and event.reason == "penalty"
        and event.player == previous.player
    )


_ENDINGS: Final = {
    "en": {
        Termination.WENT_OUT: "went out",
        Termination.BLOCKED: "blocked",
        Termination.TURN_LIMIT: "move limit",
        Termination.STOCK_EXHAUSTED: "stock exhausted",
    },
    "fr": {
        Termination.WENT_OUT: "sortie",
        Termination.BLOCKED: "blocage",
        Termination.TURN_LIMIT: "limite de coups",
        Termination.STOCK_EXHAUSTED: "pioche épuisée",
    },
}


def ending(reason: Termination, *, lang: str = "en") -> str:
    """How a game ended, in a few words for a table or a summary ("went out", "blocked").

    Raises:
        InvalidArgumentError: if ``reason`` is not a `Termination` or ``lang`` is unknown.

    Examples:
        >>> ending(Termination.WENT_OUT), ending(Termination.STOCK_EXHAUSTED, lang="fr")
        ('went out', 'pioche épuisée')
    """
    words = _ENDINGS[_check_lang(lang)]
    if type(reason) is not Termination:
        raise InvalidArgumentError("reason", reason, "expected a Termination")
    return words[reason]


def _sentence_or_none(event: Event) -> str | None:
    """`describe` ``(event, None)``, or ``None`` for an event this module cannot tell.

    What ``str(event)`` shows (`Event.__str__` falls back to the ``repr`` on ``None``).
    """
    try:
        return describe(event, None)
    except InvalidArgumentError:
        return None
