"""How the planet game "8" is told: its sentences, its menu entries and its cards' names.

The phrasebook that `cardgames.narration` asks the game for (its descriptor declares it under
the ``"narration"`` capability): a sentence per event type in English and in French, an
imperative menu entry per move type, and the planets' names ("Venus", "Vénus", "a black hole").

Examples:
    >>> from cardgames.narration import describe
    >>> from cardgames.planets import CardKept, PlanetCard
    >>> describe(CardKept(1, PlanetCard.BLACK_HOLE), ["Léa", "Tom"], lang="fr")
    'Tom garde un trou noir'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

import attrs

from cardgames.game import Event, Move
from cardgames.narration import Entry, Phrases, Speaker, phrase_of, tell_outcome, typed_name
from cardgames.planets import moves as m
from cardgames.planets.cards import PLANETS, PlanetCard

__all__ = ["PHRASEBOOK", "PlanetsPhrases"]


def _planet_name(card: object, fr: bool) -> str | None:
    if not isinstance(card, PlanetCard):
        return None
    if card is PlanetCard.BLACK_HOLE:
        return "trou noir" if fr else "black hole"
    return card.french if fr else card.english


def _planet_phrase(card: object, fr: bool) -> str | None:
    """A planet card as the object of a verb: ``Venus``, ``a black hole``; ``Vénus``."""
    name = _planet_name(card, fr)
    if name is None:
        return None
    if card is PlanetCard.BLACK_HOLE:
        return f"un {name}" if fr else f"a {name}"
    return name


def _ending(outcome: Any, s: Speaker) -> str:
    """How a game ended: the winners and their points when nobody went out."""
    limit = "la limite de tours est atteinte" if s.fr else "the turn limit is reached"

    def points(winners: Sequence[int]) -> str:
        points = ", ".join(str(outcome.scores[w]) for w in winners)
        if s.fr:
            if len(winners) == 1:
                wins = s.verb(winners[0], "gagne", "gagnes")
                unit = "point" if outcome.scores[winners[0]] in (1, -1) else "points"
            else:
                wins, unit = "se partagent la victoire", "points"
            return f"{s.names(winners)} {wins} avec {points} {unit}"
        wins = s.verb(winners[0], "wins", "win") if len(winners) == 1 else "share the win"
        unit = "point" if len(winners) == 1 and outcome.scores[winners[0]] in (1, -1) else "points"
        return f"{s.names(winners)} {wins} with {points} {unit}"

    return tell_outcome(outcome, s, limit=limit, winners=points)


def _face_down(event: Any, s: Speaker) -> str:
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


def _event_entries() -> dict[type[Event], Entry]:

    def some(card: object, s: Speaker) -> str:
        if card is None:
            return "une carte" if s.fr else "a card"
        return s.the_card(card)

    def role_en(role: Any) -> str:
        return str(role).capitalize()

    def turn_en(e: m.TurnStarted, s: Speaker) -> str:
        return f"turn {e.turn}: {s.name(e.commander)} {s.verb(e.commander, 'is', 'are')} Commander"

    def turn_fr(e: m.TurnStarted, s: Speaker) -> str:
        return (
            f"tour {e.turn} : {s.name(e.commander)} {s.verb(e.commander, 'est', 'es')} Commandant"
        )

    def drawn_en(e: m.CardsDrawn, s: Speaker) -> str:
        seen = f": {s.cards(e.cards)}" if e.cards else ""
        what = "a card" if e.count == 1 else str(e.count)
        return f"{s.verb(e.player, 'draws', 'draw')} {what}{seen}"

    def drawn_fr(e: m.CardsDrawn, s: Speaker) -> str:
        seen = f" : {s.cards(e.cards)}" if e.cards else ""
        return f"{s.verb(e.player, 'pioche', 'pioches')} {s.count(e.count)}{seen}"

    def given_en(e: m.CardGiven, s: Speaker) -> str:
        gives = s.verb(e.player, "gives", "give")
        if s.is_you(e.to):
            return f"{gives} you {some(e.card, s)}"
        return f"{gives} {some(e.card, s)} to {s.stressed(e.to)}"

    def given_fr(e: m.CardGiven, s: Speaker) -> str:
        gives = s.verb(e.player, "donne", "donnes")
        if s.is_you(e.to):
            return f"te {gives} {some(e.card, s)}"
        return f"{gives} {some(e.card, s)} {s.to(e.to)}"

    def gathering_en(e: m.GatheringLaid, s: Speaker) -> str:
        g = e.gathering
        what = "the 8 different planets" if g.cards == PLANETS else f"{g.size} {s.card(g.cards[0])}"
        return f"{s.verb(e.player, 'lays', 'lay')} {what} (+{e.points} as {role_en(g.role)})"

    def gathering_fr(e: m.GatheringLaid, s: Speaker) -> str:
        g = e.gathering
        what = (
            "les 8 planètes différentes"
            if g.cards == PLANETS
            else f"un rassemblement de {g.size} {s.card(g.cards[0])}"
        )
        return f"{s.verb(e.player, 'pose', 'poses')} {what} (+{e.points} en {g.role.french})"

    def stolen_en(e: m.CardStolen, s: Speaker) -> str:
        return (
            f"{s.verb(e.player, 'steals', 'steal')} {some(e.card, s)} from {s.stressed(e.victim)}"
        )

    def stolen_fr(e: m.CardStolen, s: Speaker) -> str:
        steals = s.verb(e.player, "vole", "voles")
        if s.is_you(e.victim):
            return f"te {steals} {some(e.card, s)}"
        return f"{steals} {some(e.card, s)} {s.to(e.victim)}"

    def hole_en(e: m.BlackHoleDiscarded, s: Speaker) -> str:
        if e.wasted:
            return "the black hole goes to the discard pile, wasted: nobody holds a planet"
        return "the black hole goes to the discard pile"

    def hole_fr(e: m.BlackHoleDiscarded, s: Speaker) -> str:
        if e.wasted:
            return "le trou noir part à la défausse sans effet : personne n'a de planète"
        return "le trou noir part à la défausse"

    def over_en(e: m.GameOver, s: Speaker) -> str:
        return "game over: " + _ending(e.outcome, s) + _face_down(e, s)

    def over_fr(e: m.GameOver, s: Speaker) -> str:
        return "fin de la partie : " + _ending(e.outcome, s) + _face_down(e, s)

    return {
        m.TurnStarted: Entry(None, turn_en, turn_fr),
        m.CardsDrawn: Entry("player", drawn_en, drawn_fr),
        m.CardKept: Entry(
            "player",
            lambda e, s: f"{s.verb(e.player, 'keeps', 'keep')} {some(e.card, s)}",
            lambda e, s: f"{s.verb(e.player, 'garde', 'gardes')} {some(e.card, s)}",
        ),
        m.CardGiven: Entry("player", given_en, given_fr),
        m.CardPutBack: Entry(
            "player",
            lambda e, s: f"{s.verb(e.player, 'puts', 'put')} {some(e.card, s)} back on the stock",
            lambda e, s: f"{s.verb(e.player, 'remet', 'remets')} {some(e.card, s)} sur la pioche",
        ),
        m.GatheringLaid: Entry("player", gathering_en, gathering_fr),
        m.GatheringDeclined: Entry(
            "player",
            lambda e, s: f"{s.verb(e.player, 'lays', 'lay')} no gathering",
            lambda e, s: f"{s.verb(e.player, 'ne pose', 'ne poses')} pas de rassemblement",
        ),
        m.BlackHolePlayed: Entry(
            "player",
            lambda e, s: f"{s.verb(e.player, 'plays', 'play')} a black hole as {role_en(e.role)}",
            lambda e, s: f"{s.verb(e.player, 'joue', 'joues')} un trou noir en {e.role.french}",
        ),
        m.CardDiscardedFaceDown: Entry(
            "player",
            lambda e, s: f"{s.verb(e.player, 'discards', 'discard')} {some(e.card, s)} face down",
            lambda e, s: (
                f"{s.verb(e.player, 'défausse', 'défausses')} {some(e.card, s)} face cachée"
            ),
        ),
        m.CardStolen: Entry("player", stolen_en, stolen_fr),
        m.BlackHoleDiscarded: Entry(None, hole_en, hole_fr),
        m.SurplusPutUnder: Entry(
            "player",
            lambda e, s: f"{s.verb(e.player, 'puts', 'put')} {some(e.card, s)} under the stock",
            lambda e, s: f"{s.verb(e.player, 'met', 'mets')} {some(e.card, s)} sous la pioche",
        ),
        m.GameOver: Entry(None, over_en, over_fr),
    }


def _move_phrases() -> dict[type[Move], Callable[[Any, Speaker], str]]:
    """How each move type is written in a menu, in both languages."""

    def lay(move: m.LayGathering, s: Speaker) -> str:
        cards = move.cards
        if cards == PLANETS:
            return "poser les 8 planètes différentes" if s.fr else "lay the 8 different planets"
        if cards and all(c is cards[0] for c in cards):
            return f"{'poser' if s.fr else 'lay'} {len(cards)} {s.card(cards[0])}"
        return f"{'poser' if s.fr else 'lay'} {s.cards(cards)}"

    return {
        m.Keep: phrase_of("keep {card}", "garder {card}"),
        m.Give: phrase_of("give {card} to {seat}", "donner {card} à {seat}"),
        m.LayGathering: lay,
        m.Decline: phrase_of("lay nothing", "ne rien poser"),
        m.DiscardFaceDown: phrase_of("discard {card} face down", "défausser {card} face cachée"),
        m.Steal: phrase_of("steal a card from {seat}", "voler une carte à {seat}"),
        m.PutUnder: phrase_of("put {card} under the stock", "mettre {card} sous la pioche"),
    }


def _notations() -> dict[type[Move], Callable[[Any, Speaker], str]]:
    """How each move type is typed in French: the words `cardgames.planets.notation` reads."""

    def lay(move: m.LayGathering, s: Speaker) -> str:
        cards = move.cards
        if cards == PLANETS:
            return "pose toutes-différentes"
        if cards and all(c is cards[0] for c in cards):
            return f"pose {len(cards)} {s.card(cards[0])}"
        return "pose " + " ".join(s.card(card) for card in cards)

    return {
        m.Keep: lambda move, s: f"garde {s.card(move.card)}",
        m.Give: lambda move, s: f"donne {s.card(move.card)} à {typed_name(move.to, s.players)}",
        m.LayGathering: lay,
        m.Decline: lambda move, s: "refuse",
        m.DiscardFaceDown: lambda move, s: f"défausse {s.card(move.card)}",
        m.Steal: lambda move, s: f"vole à {typed_name(move.victim, s.players)}",
        m.PutUnder: lambda move, s: f"dessous {s.card(move.card)}",
    }


@attrs.frozen
class PlanetsPhrases(Phrases):
    """The phrasebook of the planet game: `Phrases` that name the planets."""

    def card(self, card: object, speaker: Speaker) -> str:
        """A planet as a token in a list: ``Venus`` (``Vénus``), ``black hole``."""
        name = _planet_name(card, speaker.fr)
        return name if name is not None else super().card(card, speaker)

    def the_card(self, card: object, speaker: Speaker) -> str:
        """A planet as the object of a verb: ``Venus``, ``a black hole``; ``Vénus``."""
        return _planet_phrase(card, speaker.fr) or super().the_card(card, speaker)


PHRASEBOOK: Final = PlanetsPhrases(
    events=_event_entries(), moves=_move_phrases(), notations=_notations()
)
"""What the planet game tells `cardgames.narration` (the ``"narration"`` capability)."""
