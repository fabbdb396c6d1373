"""How the shedding games (Crazy Eights, 8 Américain) are told: their sentences and menu entries.

The phrasebook that `cardgames.narration` asks the two games for (their descriptors declare it
under the ``"narration"`` capability): a sentence per event type in English and in French, an
imperative menu entry per move type, and the order in which a penalty's events are told ("takes
the penalty" before the reshuffle its drawing caused, and its draw without "(penalty)" again).

Examples:
    >>> from cardgames.cards import Card
    >>> from cardgames.narration import describe
    >>> from cardgames.shedding import CardPlayed
    >>> describe(CardPlayed(0, Card.parse("AS")), ["Léa", "Tom"], lang="fr")
    "Léa pose l'as de pique"
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Sequence
from typing import Any, Final

import attrs

from cardgames.game import Event, Move
from cardgames.narration import Entry, Phrases, Speaker, phrase_of, tell_outcome, typed_name
from cardgames.shedding import moves as m
from cardgames.shedding.rules import Stacking

__all__ = ["PHRASEBOOK", "SheddingPhrases"]


def _answerable(rules: Any) -> bool | None:
    """Whether the rules let a player answer a penalty (``None``: rules not given)."""
    stacking = getattr(rules, "stacking", None)
    if stacking is None:
        return None
    return stacking is not Stacking.NONE


def _de(name: str) -> str:
    return f"d'{name}" if name[:1].casefold() in "aeiouyhéèêàâîïôû" and name else f"de {name}"


def _ending(outcome: Any, s: Speaker) -> str:
    """How a round ended: the lowest hand wins when nobody went out."""
    limit = "la limite de coups est atteinte" if s.fr else "the move limit is reached"

    def lowest(winners: Sequence[int]) -> str:
        lead = "main la plus faible : " if s.fr else "lowest hand: "
        return lead + s.names(winners)

    return tell_outcome(outcome, s, limit=limit, winners=lowest)


def _event_entries() -> dict[type[Event], Entry]:

    def drawn_en(e: m.CardsDrawn, s: Speaker) -> str:
        verb = s.verb(e.player, "draws", "draw")
        if e.count == 0:
            return f"{verb} nothing: the stock is empty"
        what = "a card" if e.count == 1 else str(e.count)
        why = {"penalty": " (penalty)", "callout": " (called out)"}.get(e.reason, "")
        seen = f": {s.cards(e.cards)}" if e.cards else ""
        return f"{verb} {what}{why}{seen}"

    def drawn_fr(e: m.CardsDrawn, s: Speaker) -> str:
        if e.count == 0:
            return f"{s.verb(e.player, 'ne peut', 'ne peux')} rien piocher : la pioche est vide"
        why = {"penalty": " de pénalité", "callout": " pour l'oubli de « carte ! »"}.get(
            e.reason, ""
        )
        seen = f" : {s.cards(e.cards)}" if e.cards else ""
        return f"{s.verb(e.player, 'pioche', 'pioches')} {s.count(e.count)}{why}{seen}"

    def grown_en(e: m.PenaltyGrown, s: Speaker) -> str:
        answer = " or answer" if _answerable(s.rules) else ""
        return f"must draw {e.total}{answer}"

    def grown_fr(e: m.PenaltyGrown, s: Speaker) -> str:
        answer = " ou renvoyer la pénalité" if _answerable(s.rules) else ""
        return f"{s.verb(e.target, 'doit', 'dois')} piocher {s.count(e.total)}{answer}"

    def reversed_en(e: m.DirectionReversed, s: Speaker) -> str:
        way = "clockwise" if e.direction > 0 else "counterclockwise"
        return f"play now goes {way}"

    def reversed_fr(e: m.DirectionReversed, s: Speaker) -> str:
        way = "des" if e.direction > 0 else "inverse des"
        return f"changement de sens : le jeu tourne dans le sens {way} aiguilles d'une montre"

    def chosen_fr(e: m.NextPlayerChosen, s: Speaker) -> str:
        if s.is_you(e.target):
            return f"te {s.verb(e.player, 'désigne', 'désignes')} pour jouer"
        return f"{s.verb(e.player, 'désigne', 'désignes')} {s.stressed(e.target)} pour jouer"

    def swapped_fr(e: m.HandsSwapped, s: Speaker) -> str:
        own = "ton" if s.is_you(e.player) else "son"
        return f"{s.verb(e.player, 'échange', 'échanges')} {own} jeu avec {s.stressed(e.target)}"

    def called_en(e: m.AnnouncementCalled, s: Speaker) -> str:
        return f"{s.verb(e.player, 'calls', 'call')} {s.stressed(e.target)} out"

    def called_fr(e: m.AnnouncementCalled, s: Speaker) -> str:
        whose = "ton oubli" if s.is_you(e.target) else f"l'oubli {_de(s.name(e.target))}"
        return f"{s.verb(e.player, 'relève', 'relèves')} {whose} : « contre-carte ! »"

    def skipped_fr(e: m.TurnSkipped, s: Speaker) -> str:
        own = "ton" if s.is_you(e.player) else "son"
        return f"{s.verb(e.player, 'passe', 'passes')} {own} tour"

    def round_en(e: m.RoundOver, s: Speaker) -> str:
        return "round over: " + _ending(e.outcome, s)

    def round_fr(e: m.RoundOver, s: Speaker) -> str:
        return "fin de la manche : " + _ending(e.outcome, s)

    last_en = '"last card!"'
    last_fr = "« carte ! »"
    entries: dict[type[Event], Entry] = {
        m.StarterTurned: Entry(
            None,
            lambda e, s: f"the starter is {s.the_card(e.card)}",
            lambda e, s: f"on retourne {s.the_card(e.card)} pour commencer la défausse",
        ),
        m.StarterReturned: Entry(
            None,
            lambda e, s: f"{s.the_card(e.card)} goes back into the stock",
            lambda e, s: f"{s.the_card(e.card)} retourne dans la pioche",
        ),
        m.CardPlayed: Entry(
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
        m.SuitNamed: Entry(
            "player",
            lambda e, s: f"{s.verb(e.player, 'names', 'name')} {s.suit(e.suit)}",
            lambda e, s: f"{s.verb(e.player, 'demande', 'demandes')} {s.suit(e.suit)}",
        ),
        m.CardsDrawn: Entry("player", drawn_en, drawn_fr),
        m.PenaltyGrown: Entry("target", grown_en, grown_fr),
        m.PenaltyTaken: Entry(
            "player",
            lambda e, s: f"{s.verb(e.player, 'takes', 'take')} the penalty",
            lambda e, s: f"{s.verb(e.player, 'prend', 'prends')} la pénalité",
        ),
        m.TurnSkipped: Entry(
            "player",
            lambda e, s: f"{s.verb(e.player, 'misses', 'miss')} a turn",
            skipped_fr,
        ),
        m.DirectionReversed: Entry(None, reversed_en, reversed_fr),
        m.PlaysAgain: Entry(
            "player",
            lambda e, s: f"{s.verb(e.player, 'plays', 'play')} again",
            lambda e, s: s.verb(e.player, "rejoue", "rejoues"),
        ),
        m.NextPlayerChosen: Entry(
            "player",
            lambda e, s: (
                f"{s.verb(e.player, 'chooses', 'choose')} {s.stressed(e.target)} to play next"
            ),
            chosen_fr,
        ),
        m.HandsSwapped: Entry(
            "player",
            lambda e, s: f"{s.verb(e.player, 'swaps', 'swap')} hands with {s.stressed(e.target)}",
            swapped_fr,
        ),
        m.AnnouncementMade: Entry(
            "player",
            lambda e, s: f"{s.verb(e.player, 'says', 'say')} {last_en}",
            lambda e, s: f"{s.verb(e.player, 'dit', 'dis')} {last_fr}",
        ),
        m.AnnouncementMissed: Entry(
            "player",
            lambda e, s: f"{s.verb(e.player, 'forgets', 'forget')} to say {last_en}",
            lambda e, s: f"{s.verb(e.player, 'oublie', 'oublies')} de dire {last_fr}",
        ),
        m.AnnouncementCalled: Entry("player", called_en, called_fr),
        m.Passed: Entry(
            "player",
            lambda e, s: s.verb(e.player, "passes", "pass"),
            lambda e, s: s.verb(e.player, "passe", "passes"),
        ),
        m.StockReshuffled: Entry(
            None,
            lambda e, s: f"the discard pile is shuffled into a new stock of {e.size}",
            lambda e, s: f"on mélange la défausse pour refaire une pioche de {s.count(e.size)}",
        ),
        m.RoundOver: Entry(None, round_en, round_fr),
    }
    return entries


def _move_phrases() -> dict[type[Move], Callable[[Any, Speaker], str]]:
    """How each move type is written in a menu, in both languages."""

    def play(move: m.PlayCard, s: Speaker) -> str:
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

    return {
        m.PlayCard: play,
        m.Draw: phrase_of("draw", "piocher"),
        m.Pass: phrase_of("pass", "passer"),
        m.TakePenalty: phrase_of("take the penalty", "prendre la pénalité"),
        m.CallOut: phrase_of(
            'call out {seat} for not saying "carte!"',
            "dénoncer {seat}, qui n'a pas annoncé « carte ! »",
        ),
        m.Announce: phrase_of('say "carte!"', "annoncer « carte ! »"),
    }


def _notations() -> dict[type[Move], Callable[[Any, Speaker], str]]:
    """How each move type is typed in French: the words `cardgames.shedding.notation` reads."""

    def play(move: m.PlayCard, s: Speaker) -> str:
        parts = ["joue", s.card(move.card)]
        if move.suit is not None:
            parts.append(move.suit.french)
        if move.target is not None:
            parts += ["pour", typed_name(move.target, s.players)]
        if move.announce:
            parts.append("carte")
        return " ".join(parts)

    return {
        m.PlayCard: play,
        m.Draw: lambda move, s: "pioche",
        m.Pass: lambda move, s: "passe",
        m.TakePenalty: lambda move, s: "prends",
        m.CallOut: lambda move, s: f"contre {typed_name(move.target, s.players)}",
        m.Announce: lambda move, s: "carte",
    }


def _restates_penalty(previous: Event | None, event: Event) -> bool:
    """A penalty's draw right after "takes the penalty": "(penalty)" would say it twice."""
    return (
        isinstance(previous, m.PenaltyTaken)
        and isinstance(event, m.CardsDrawn)
        and event.reason == "penalty"
        and event.player == previous.player
    )


@attrs.frozen
class SheddingPhrases(Phrases):
    """The phrasebook of the shedding games: `Phrases` with the order a penalty is told in."""

    def arrange(self, events: Sequence[Event]) -> list[Event]:
        """The events with "takes the penalty" told where it happens.

        Before the reshuffle its drawing caused, and followed by its draw without "(penalty)",
        which the sentence ("takes the penalty and draws 4") already says.
        """
        arranged = list(events)
        index = 1
        while index < len(arranged):
            if isinstance(arranged[index], m.PenaltyTaken):
                start = index
                while start > 0 and isinstance(arranged[start - 1], m.StockReshuffled):
                    start -= 1
                if start < index:
                    arranged.insert(start, arranged.pop(index))
            index += 1
        told: list[Event] = []
        previous: Event | None = None
        for event in arranged:
            if _restates_penalty(previous, event):
                told.append(attrs.evolve(typing.cast(Any, event), reason="turn"))
            else:
                told.append(event)
            previous = event
        return told


PHRASEBOOK: Final = SheddingPhrases(
    events=_event_entries(), moves=_move_phrases(), notations=_notations()
)
"""What Crazy Eights and 8 Américain tell `cardgames.narration` (the ``"narration"`` capability)."""
