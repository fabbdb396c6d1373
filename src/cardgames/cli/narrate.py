"""Readable sentences for events, moves, views and outcomes, for every game.

The command line narrates a game from one seat's point of view (``you``) or a spectator's
(``you=None``): it reads the events as that viewer may see them (`Event.redacted_for`), so a
hidden card is named only to those who saw it, unless ``reveal`` is set (a bots' game).
Sentences about the viewer are in the second person ("you draw 1: 7♥").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from cardgames.cards import Card
from cardgames.game import Event, Move, Outcome, State, View

__all__ = ["Narrator"]

_SEAT_FIELDS = ("to", "victim", "target")


@attrs.frozen
class Narrator:
    """Writes sentences about one game for one viewer.

    Attributes:
        players: The players' names, by seat.
        you: The seat addressed in the second person (``None``: a spectator).
        symbols: Write cards with suit symbols (``8♥``) rather than letters (``8H``).
        reveal: Tell hidden cards too (a bots' game, with nothing to hide from its audience).
    """

    players: tuple[str, ...]
    you: int | None = None
    symbols: bool = True
    reveal: bool = False

    # -- words ------------------------------------------------------------------------------

    def name(self, seat: int) -> str:
        """A player's name, ``"you"`` for the viewer."""
        if seat == self.you:
            return "you"
        if 0 <= seat < len(self.players):
            return self.players[seat]
        return f"seat {seat}"

    def _subject(self, seat: int, third: str, second: str) -> str:
        """``"Tom draws"`` or ``"you draw"``."""
        return f"{self.name(seat)} {second if seat == self.you else third}"

    def card(self, card: object) -> str:
        """A card of any game as text."""
        if isinstance(card, Card):
            return card.unicode() if self.symbols else str(card)
        return str(card)

    def cards(self, cards: Iterable[object]) -> str:
        """Cards separated by spaces (``-`` for none)."""
        return " ".join(self.card(c) for c in cards) or "-"

    def move(self, move: Move, notation: str) -> str:
        """A move's notation, with the name of the seat it designates (``give Mars to 1 (Tom)``)."""
        for field in _SEAT_FIELDS:
            seat = getattr(move, field, None)
            if isinstance(seat, int) and not isinstance(seat, bool):
                return f"{notation} ({self.name(seat)})"
        return notation

    # -- events -----------------------------------------------------------------------------

    def events(self, events: Sequence[Event]) -> list[str]:
        """One sentence per event worth telling, as the viewer may see it."""
        lines: list[str] = []
        for event in events:
            seen = event if self.reveal else event.redacted_for(self.you)
            text = self._shedding_event(seen)
            if text is None:
                text = self._planets_event(seen)
            if text is None:
                text = (seen.kind or type(seen).__name__).replace("_", " ")
            if text:
                lines.append(text)
        return lines

    def _shedding_event(self, event: Event) -> str | None:
        from cardgames.shedding import moves as m

        if isinstance(event, m.StarterTurned):
            return f"the starter is {self.card(event.card)}"
        if isinstance(event, m.StarterReturned):
            return f"{self.card(event.card)} goes back into the stock"
        if isinstance(event, m.CardPlayed):
            out = " out of turn" if event.jump_in else ""
            return f"{self._subject(event.player, 'lays', 'lay')} {self.card(event.card)}{out}"
        if isinstance(event, m.SuitNamed):
            symbol = f" {event.suit.symbol}" if self.symbols else ""
            return f"{self._subject(event.player, 'names', 'name')} {event.suit.english}{symbol}"
        if isinstance(event, m.CardsDrawn):
            why = {"penalty": " (penalty)", "callout": " (called out)"}.get(event.reason, "")
            seen = f": {self.cards(event.cards)}" if event.cards else ""
            return f"{self._subject(event.player, 'draws', 'draw')} {event.count}{why}{seen}"
        if isinstance(event, m.PenaltyGrown):
            return f"{self._subject(event.target, 'must', 'must')} draw {event.total} or answer"
        if isinstance(event, m.PenaltyTaken):
            return f"{self._subject(event.player, 'takes', 'take')} the penalty"
        if isinstance(event, m.TurnSkipped):
            return f"{self._subject(event.player, 'misses', 'miss')} a turn"
        if isinstance(event, m.DirectionReversed):
            way = "clockwise" if event.direction > 0 else "counterclockwise"
            return f"play now goes {way}"
        if isinstance(event, m.PlaysAgain):
            return f"{self._subject(event.player, 'plays', 'play')} again"
        if isinstance(event, m.NextPlayerChosen):
            chooses = self._subject(event.player, "chooses", "choose")
            return f"{chooses} {self.name(event.target)} to play next"
        if isinstance(event, m.HandsSwapped):
            swaps = self._subject(event.player, "swaps", "swap")
            return f"{swaps} hands with {self.name(event.target)}"
        if isinstance(event, m.AnnouncementMade):
            return f'{self.name(event.player)}: "carte!"'
        if isinstance(event, m.AnnouncementMissed):
            return f"{self._subject(event.player, 'forgets', 'forget')} to announce the last card"
        if isinstance(event, m.AnnouncementCalled):
            calls = self._subject(event.player, "calls", "call")
            return f"{calls} out {self.name(event.target)}"
        if isinstance(event, m.Passed):
            return self._subject(event.player, "passes", "pass")
        if isinstance(event, m.StockReshuffled):
            return f"the discard pile is shuffled into a new stock of {event.size}"
        if isinstance(event, m.RoundOver):
            return f"round over: {event.outcome.detail}" if event.outcome.detail else "round over"
        return None

    def _planets_event(self, event: Event) -> str | None:
        from cardgames.planets import moves as m

        if isinstance(event, m.TurnStarted):
            commander = self._subject(event.commander, "is", "are")
            return f"turn {event.turn}: {commander} Commander"
        if isinstance(event, m.CardsDrawn):
            seen = f": {self.cards(event.cards)}" if event.cards else ""
            return f"{self._subject(event.player, 'draws', 'draw')} {event.count}{seen}"
        if isinstance(event, m.CardKept):
            what = "a card" if event.card is None else self.card(event.card)
            return f"{self._subject(event.player, 'keeps', 'keep')} {what}"
        if isinstance(event, m.CardGiven):
            what = "a card" if event.card is None else self.card(event.card)
            return f"{self._subject(event.player, 'gives', 'give')} {what} to {self.name(event.to)}"
        if isinstance(event, m.CardPutBack):
            what = "a card" if event.card is None else self.card(event.card)
            return f"{self._subject(event.player, 'puts', 'put')} {what} back on the stock"
        if isinstance(event, m.GatheringLaid):
            lays = self._subject(event.player, "lays", "lay")
            return f"{lays} {event.gathering} (+{event.points})"
        if isinstance(event, m.GatheringDeclined):
            return f"{self._subject(event.player, 'lays', 'lay')} no gathering"
        if isinstance(event, m.BlackHolePlayed):
            plays = self._subject(event.player, "plays", "play")
            return f"{plays} a black hole as {event.role}"
        if isinstance(event, m.CardDiscardedFaceDown):
            what = "a card" if event.card is None else self.card(event.card)
            return f"{self._subject(event.player, 'discards', 'discard')} {what} face down"
        if isinstance(event, m.CardStolen):
            what = "a card" if event.card is None else self.card(event.card)
            steals = self._subject(event.player, "steals", "steal")
            return f"{steals} {what} from {self.name(event.victim)}"
        if isinstance(event, m.BlackHoleDiscarded):
            return "the black hole is wasted: nobody holds a planet" if event.wasted else ""
        if isinstance(event, m.SurplusPutUnder):
            what = "a card" if event.card is None else self.card(event.card)
            return f"{self._subject(event.player, 'puts', 'put')} {what} under the stock"
        if isinstance(event, m.GameOver):
            return "game over"
        return None

    # -- views ------------------------------------------------------------------------------

    def view(self, view: View) -> list[str]:
        """What the viewer sees of the table, in a few lines."""
        from cardgames.planets.views import PlanetsView
        from cardgames.shedding.engine import SheddingView

        if isinstance(view, SheddingView):
            return self._shedding_view(view)
        if isinstance(view, PlanetsView):
            return self._planets_view(view)
        return [repr(view)]  # pragma: no cover - every built-in game is handled above

    def _hand_sizes(self, sizes: Sequence[int]) -> str:
        return ", ".join(f"{self.name(seat)} {size}" for seat, size in enumerate(sizes))

    def _shedding_view(self, view: Any) -> list[str]:
        table = f"Top card: {self.card(view.top)}"
        if view.suit is not None:
            symbol = f" {view.suit.symbol}" if self.symbols else ""
            table += f", suit to follow: {view.suit.english}{symbol}"
        table += f", stock: {view.stock_size}"
        if view.penalty:
            table += f", pending penalty: {view.penalty} cards"
        way = "clockwise" if view.direction > 0 else "counterclockwise"
        lines = [
            table,
            f"Hands: {self._hand_sizes(view.hand_sizes)} (play goes {way})",
            f"Turn: {self.name(view.current)}",
        ]
        if view.hand is not None:
            lines.append(f"Your hand: {self.cards(sorted(view.hand))}")
        if view.drawn is not None:
            lines.append(f"You just drew {self.card(view.drawn)}")
        return lines

    def _planets_view(self, view: Any) -> list[str]:
        roles = f"Turn {view.turn}. Commander: {self.name(view.commander)}"
        if view.adjutant is not None:
            roles += f". Adjutant: {self.name(view.adjutant)}"
        top = "" if view.known_top is None else f" (top: {self.card(view.known_top)})"
        lines = [
            roles,
            f"Stock: {view.stock_size}{top}, black holes discarded: {view.discard_size}",
            f"Hands: {self._hand_sizes(view.hand_sizes)}",
        ]
        laid = [
            f"{self.name(seat)}: " + "; ".join(str(g) for g in gatherings)
            for seat, gatherings in enumerate(view.gatherings)
            if gatherings
        ]
        if laid:
            lines.append("Gatherings: " + " | ".join(laid))
        if any(view.face_down_sizes):
            lines.append(f"Face down: {self._hand_sizes(view.face_down_sizes)}")
        if view.holder is not None:
            decision = view.phase.value.replace("_", " ")
            role = "" if view.role is None else f", as {view.role}"
            if view.holder == self.you:
                lines.append(f"Your decision: {decision}{role}")
            else:
                lines.append(f"{self.name(view.holder)} decides: {decision}{role}")
        if view.hand is not None:
            lines.append(f"Your hand: {self.cards(view.hand)}")
        if any(card is not None for card in view.drawn):
            drawn = ", ".join("?" if c is None else self.card(c) for c in view.drawn)
            lines.append(f"Drawn: {drawn}")
        if view.pending is not None:
            lines.append(f"Deciding on: {self.card(view.pending)}")
        if view.received is not None:
            if view.viewer is not None and view.viewer == view.adjutant:
                lines.append(f"You received: {self.card(view.received)}")
            elif view.adjutant is not None:
                given = self.card(view.received)
                lines.append(f"Given to {self.name(view.adjutant)}: {given}")
        return lines

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

    def winners(self, outcome: Outcome) -> str:
        """``"Winner: Léa"`` or ``"Winners: Léa, Tom"``."""
        names = [self.players[w] for w in outcome.winners]
        label = "Winner" if len(names) == 1 else "Winners"
        return f"{label}: {', '.join(names) or 'nobody'}"
