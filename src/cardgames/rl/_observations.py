"""Observation vectors: what a seat sees, as a float32 array of fixed shape.

An observation is built from a *view* only (`State.view`), never from a state, so it cannot
hold an opponent's hidden card, the stock order or the RNG state: two positions that a seat
cannot tell apart give it the same observation. The shape depends on the game, the rules and
the number of players, never on the position.

Seats are written *relative to the viewer*: the block of seat ``+k`` describes seat
``(viewer + k) % players`` (``+0`` is the viewer). The viewer's own seat number is given
separately (``seat``), since seat order matters (who starts). A spectator's view (``viewer``
``None``) is encoded as seat 0's table with no hand. Counts and sizes are plain numbers (not
normalized); one-hot blocks are all zero for "none".

Shedding games (``D`` is the number of distinct cards of the rules' deck: 52, 53 with the
joker or 32, in code order; ``N`` the number of players), in this order:

========================  =====  ==========================================================
field                     size   content
========================  =====  ==========================================================
``hand``                  D      copies of each card in the viewer's hand
``top``                   D      one-hot: the top card of the discard pile
``suit``                  4      one-hot: the suit to follow (clubs, diamonds, hearts,
                                 spades)
``penalty``               1      cards a pending penalty makes the next player draw
``hand_sizes``            N      cards in each hand, by relative seat
``current``               N      one-hot: whose turn it is, by relative seat
``direction``             1      +1 (increasing seats) or -1
``phase``                 3      one-hot: play, after a draw, over
``to_act``                N      1 for each relative seat that may move now
``stock_size``            1      cards in the stock
``discard``               D      copies of each card in the discard pile (all seen face up)
``drawn``                 D      one-hot: the card the viewer just drew and may lay
``announce_target``       N      one-hot: who may be called out for not announcing
``top_player``            N      one-hot: who laid the top card
``passes``                1      consecutive passes of blocked players
``seat``                  N      one-hot: the viewer's own seat number
========================  =====  ==========================================================

The planet game ("8"; the nine cards in order Mercury … Neptune, black hole):

========================  =====  ==========================================================
field                     size   content
========================  =====  ==========================================================
``phase``                 6      one-hot: keep, give, gather, black hole, surplus, over
``turn``                  1      the turn number, from 1
``commander``             N      one-hot: the Commander, by relative seat
``adjutant``              N      one-hot: the Adjutant, once chosen
``holder``                N      one-hot: who decides now
``role``                  2      one-hot: the holder decides as Commander, as Adjutant
``to_act``                N      1 for each relative seat that may move now
``hand``                  9      copies of each card in the viewer's hand
``hand_sizes``            N      cards in each hand
``known_cards``           9 N    by relative seat, the copies of each card the viewer knows
                                 are in that hand
``drawn``                 10     copies of each known drawn card, then the unknown ones
``pending``               9      one-hot: the card being decided on, if known
``received``              9      one-hot: the card given to the Adjutant, if known
``stock_size``            1      cards in the stock
``stock_top``             9      one-hot: the top card of the stock, if known
``known_stock``           9      copies of each card known to be in the stock
``discard_size``          1      black holes on the discard pile
``gatherings``            18 N   by relative seat: planets laid in identical gatherings
                                 (eight counts) and all-different gatherings (one), first
                                 as Commander, then as Adjutant
``face_down``             9      copies of each card the viewer discarded face down
``face_down_sizes``       N      cards each seat discarded face down
``black_holes``           N      black holes each seat played
``seat``                  N      one-hot: the viewer's own seat number
========================  =====  ==========================================================
"""

from __future__ import annotations

import array
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

import attrs

from cardgames.cards import Suit, make_deck
from cardgames.errors import InvalidArgumentError
from cardgames.game import Game, View
from cardgames.planets.cards import PlanetCard
from cardgames.planets.rules import Rules as PlanetsRules
from cardgames.planets.scoring import Role
from cardgames.planets.views import Phase as PlanetsPhase
from cardgames.planets.views import PlanetsView
from cardgames.rl._actions import _check_rules_and_players, resolve_game
from cardgames.shedding.rules import SheddingRules
from cardgames.shedding.view import Phase as SheddingPhase
from cardgames.shedding.view import SheddingView

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["Field", "ObservationEncoding", "observation_encoding", "observe"]


@attrs.frozen
class Field:
    """One block of an observation vector.

    Attributes:
        name: The field's name (``"hand"``).
        start: Its first index in the vector.
        size: How many entries it has.
        description: What it holds.
    """

    name: str
    start: int
    size: int
    description: str

    @property
    def stop(self) -> int:
        """One past its last index: ``vector[field.start:field.stop]`` is the block."""
        return self.start + self.size


def _layout(blocks: list[tuple[str, int, str]]) -> tuple[Field, ...]:
    fields: list[Field] = []
    start = 0
    for name, size, description in blocks:
        fields.append(Field(name, start, size, description))
        start += size
    return tuple(fields)


@attrs.frozen(eq=False)
class ObservationEncoding:
    """The observation layout of one game, rules and number of players.

    Build it with `observation_encoding`; `encode` turns a view into a vector.

    Attributes:
        game: The game.
        rules: The rules.
        players: The number of seats.
        fields: The blocks of the vector, in order.

    Examples:
        >>> from cardgames import crazy_eights
        >>> encoding = observation_encoding("crazy eights", players=2)
        >>> encoding.shape
        (231,)
        >>> vector = encoding.encode(crazy_eights.new_game(2, seed=1).view(1))
        >>> int(vector[encoding.field("hand").start:encoding.field("hand").stop].sum())
        7
    """

    game: Game[Any]
    rules: Any
    players: int
    fields: tuple[Field, ...]
    _build: Callable[[Any, int], npt.NDArray[np.float32]] = attrs.field(repr=False)

    @property
    def shape(self) -> tuple[int]:
        """The shape of every observation: ``(length,)``."""
        return (self.fields[-1].stop,)

    def field(self, name: str) -> Field:
        """The field of that name.

        Raises:
            KeyError: if there is none.
        """
        for field in self.fields:
            if field.name == name:
                return field
        raise KeyError(name)

    def encode(self, view: View) -> npt.NDArray[np.float32]:
        """The observation of a view (a new array).

        Raises:
            InvalidArgumentError: if ``view`` is not a view of this game, rules and players.
        """
        game = self.game
        if not isinstance(view, game.view_type) or getattr(view, "game", None) != game.name:
            raise InvalidArgumentError("view", view, f"expected a view of {game.name}")
        if len(view.players) != self.players:  # type: ignore[attr-defined]
            raise InvalidArgumentError("view", view, f"expected a view of {self.players} players")
        rules = getattr(view, "rules", None)
        if rules is not None and rules is not self.rules and rules != self.rules:
            raise InvalidArgumentError("view", view, "its rules are not this encoding's")
        return self._build(view, 0 if view.viewer is None else view.viewer)


class _Writer:
    """Writes the blocks of one layout into a vector, by field name."""

    def __init__(self, fields: tuple[Field, ...], out: Any, viewer: int, players: int) -> None:
        self.starts = {field.name: field.start for field in fields}
        self.out = out
        self.viewer = viewer
        self.players = players

    def rel(self, seat: int) -> int:
        return (seat - self.viewer) % self.players

    def one(self, name: str, index: int | None, value: float = 1.0) -> None:
        if index is not None:
            self.out[self.starts[name] + index] = value

    def add(self, name: str, index: int, value: float = 1.0) -> None:
        self.out[self.starts[name] + index] += value

    def seats(self, name: str, values: tuple[int, ...]) -> None:
        for seat, value in enumerate(values):
            self.out[self.starts[name] + self.rel(seat)] = value

    def seat(self, name: str, seat: int | None, offset: int = 0) -> None:
        if seat is not None:
            self.out[self.starts[name] + offset + self.rel(seat)] = 1.0


def _shedding(game: Game[Any], rules: SheddingRules, players: int) -> ObservationEncoding:
    cards = sorted(set(make_deck(rules.deck)))
    index = {int(card): i for i, card in enumerate(cards)}
    d, n = len(cards), players
    fields = _layout(
        [
            ("hand", d, "copies of each card in the viewer's hand"),
            ("top", d, "one-hot: the top card of the discard pile"),
            ("suit", 4, "one-hot: the suit to follow"),
            ("penalty", 1, "cards a pending penalty makes the next player draw"),
            ("hand_sizes", n, "cards in each hand, by relative seat"),
            ("current", n, "one-hot: whose turn it is, by relative seat"),
            ("direction", 1, "+1 (increasing seats) or -1"),
            ("phase", 3, "one-hot: play, after a draw, over"),
            ("to_act", n, "1 for each relative seat that may move now"),
            ("stock_size", 1, "cards in the stock"),
            ("discard", d, "copies of each card in the discard pile"),
            ("drawn", d, "one-hot: the card the viewer just drew and may lay"),
            ("announce_target", n, "one-hot: who may be called out for not announcing"),
            ("top_player", n, "one-hot: who laid the top card"),
            ("passes", 1, "consecutive passes of blocked players"),
            ("seat", n, "one-hot: the viewer's own seat number"),
        ]
    )
    phases = {phase: i for i, phase in enumerate(SheddingPhase)}

    starts = {field.name: field.start for field in fields}
    length = fields[-1].stop
    hand, top, suit, current, phase = (
        starts[k] for k in ("hand", "top", "suit", "current", "phase")
    )
    to_act, discard, drawn, target = (
        starts[k] for k in ("to_act", "discard", "drawn", "announce_target")
    )
    top_player, own_seat = starts["top_player"], starts["seat"]
    penalty, direction, stock_size, passes = (
        starts[k] for k in ("penalty", "direction", "stock_size", "passes")
    )
    hand_sizes = starts["hand_sizes"]
    at_hand = {card: hand + i for card, i in index.items()}
    at_top = {card: top + i for card, i in index.items()}
    at_discard = {card: discard + i for card, i in index.items()}
    at_drawn = {card: drawn + i for card, i in index.items()}
    at_phase = {p: phase + i for p, i in phases.items()}

    zeros = array.array("f", bytes(4 * length))  # C floats: float32

    def build(view: SheddingView, viewer: int) -> npt.NDArray[np.float32]:
        # Written into a copy of a zero array.array, then seen by NumPy without a copy: Python
        # stores into such an array much faster than into an ndarray, element by element.
        import numpy as np

        out = zeros.__copy__()
        for card in view.hand or ():
            out[at_hand[card]] += 1.0
        out[at_top[view.top]] = 1.0
        if view.suit is not None:
            out[suit + int(view.suit)] = 1.0
        out[penalty] = view.penalty
        for seat, size in enumerate(view.hand_sizes):
            out[hand_sizes + (seat - viewer) % n] = size
        out[current + (view.current - viewer) % n] = 1.0
        out[direction] = view.direction
        out[at_phase[view.phase]] = 1.0
        for seat in view.to_act:
            out[to_act + (seat - viewer) % n] = 1.0
        out[stock_size] = view.stock_size
        for card in view.discard:
            out[at_discard[card]] += 1.0
        if view.drawn is not None:
            out[at_drawn[view.drawn]] = 1.0
        if view.announce_target is not None:
            out[target + (view.announce_target - viewer) % n] = 1.0
        if view.top_player is not None:
            out[top_player + (view.top_player - viewer) % n] = 1.0
        out[passes] = view.passes
        if view.viewer is not None:
            out[own_seat + view.viewer] = 1.0
        return np.frombuffer(out, dtype=np.float32)

    assert len(SheddingPhase) == 3
    assert len(Suit) == 4
    return ObservationEncoding(game, rules, n, fields, build)


_PLANETS: Final = tuple(card for card in PlanetCard if card.is_planet)


def _planets(game: Game[Any], rules: PlanetsRules, players: int) -> ObservationEncoding:
    n = players
    fields = _layout(
        [
            ("phase", 6, "one-hot: keep, give, gather, black hole, surplus, over"),
            ("turn", 1, "the turn number, from 1"),
            ("commander", n, "one-hot: the Commander, by relative seat"),
            ("adjutant", n, "one-hot: the Adjutant, once chosen"),
            ("holder", n, "one-hot: who decides now"),
            ("role", 2, "one-hot: the holder decides as Commander, as Adjutant"),
            ("to_act", n, "1 for each relative seat that may move now"),
            ("hand", 9, "copies of each card in the viewer's hand"),
            ("hand_sizes", n, "cards in each hand"),
            ("known_cards", 9 * n, "by relative seat, cards the viewer knows are in that hand"),
            ("drawn", 10, "copies of each known drawn card, then the unknown ones"),
            ("pending", 9, "one-hot: the card being decided on, if known"),
            ("received", 9, "one-hot: the card given to the Adjutant, if known"),
            ("stock_size", 1, "cards in the stock"),
            ("stock_top", 9, "one-hot: the top card of the stock, if known"),
            ("known_stock", 9, "copies of each card known to be in the stock"),
            ("discard_size", 1, "black holes on the discard pile"),
            ("gatherings", 18 * n, "by relative seat: planets laid, all-different gatherings"),
            ("face_down", 9, "copies of each card the viewer discarded face down"),
            ("face_down_sizes", n, "cards each seat discarded face down"),
            ("black_holes", n, "black holes each seat played"),
            ("seat", n, "one-hot: the viewer's own seat number"),
        ]
    )
    phases = {phase: i for i, phase in enumerate(PlanetsPhase)}
    roles = {Role.COMMANDER: 0, Role.ADJUTANT: 1}

    def fill(out: Any, view: PlanetsView, viewer: int) -> None:
        w = _Writer(fields, out, viewer, n)
        w.one("phase", phases[view.phase])
        w.one("turn", 0, view.turn)
        w.seat("commander", view.commander)
        w.seat("adjutant", view.adjutant)
        w.seat("holder", view.holder)
        w.one("role", None if view.role is None else roles[view.role])
        for seat in view.to_act:
            w.seat("to_act", seat)
        for card in view.hand or ():
            w.add("hand", int(card))
        w.seats("hand_sizes", view.hand_sizes)
        for seat, known in enumerate(view.known_cards):
            for card in known:
                w.add("known_cards", 9 * w.rel(seat) + int(card))
        for maybe in view.drawn:
            w.add("drawn", 9 if maybe is None else int(maybe))
        w.one("pending", None if view.pending is None else int(view.pending))
        w.one("received", None if view.received is None else int(view.received))
        w.one("stock_size", 0, view.stock_size)
        for position, card in view.known_stock:
            if position == 0:
                w.one("stock_top", int(card))
            w.add("known_stock", int(card))
        w.one("discard_size", 0, view.discard_size)
        for seat, laid in enumerate(view.gatherings):
            base = 18 * w.rel(seat)
            for gathering in laid:
                part = base + 9 * roles[gathering.role]
                if gathering.is_all_different:
                    w.add("gatherings", part + 8)
                else:
                    w.add("gatherings", part + int(gathering.cards[0]), len(gathering.cards))
        own = view.face_down[viewer] if view.viewer is not None else None
        for card in own or ():
            w.add("face_down", int(card))
        w.seats("face_down_sizes", view.face_down_sizes)
        w.seats("black_holes", view.black_holes)
        if view.viewer is not None:
            w.one("seat", view.viewer)

    assert len(PlanetsPhase) == 6
    assert len(_PLANETS) == 8
    length = fields[-1].stop

    def build(view: PlanetsView, viewer: int) -> Any:
        import numpy as np

        out = np.zeros(length, dtype=np.float32)
        fill(out, view, viewer)
        return out

    return ObservationEncoding(game, rules, n, fields, build)


_ENCODINGS: dict[tuple[str, Any, int], ObservationEncoding] = {}


def observation_encoding(
    game: str | Game[Any], rules: Any = None, *, players: int
) -> ObservationEncoding:
    """The observation layout of a game for given rules and number of players (cached).

    Args:
        game: A game name or alias, or a `Game`.
        rules: The rules (default: the game's default preset).
        players: The number of seats.

    Raises:
        UnknownGameError: if no game has that name.
        InvalidArgumentError: if the arguments are not valid, or the game has no encoding.
        InvalidRulesError: if the rules do not fit that number of players.

    Examples:
        >>> [f.name for f in observation_encoding("planets", players=2).fields][:4]
        ['phase', 'turn', 'commander', 'adjutant']
    """
    found = resolve_game(game)
    rules, players = _check_rules_and_players(found, rules, players)
    key = (found.name, rules, players)
    encoding = _ENCODINGS.get(key)
    if encoding is None:
        if isinstance(rules, SheddingRules):
            encoding = _shedding(found, rules, players)
        elif isinstance(rules, PlanetsRules):
            encoding = _planets(found, rules, players)
        else:
            raise InvalidArgumentError("game", found.name, "no observation encoding for this game")
        if len(_ENCODINGS) >= 64:  # bounded: forget the oldest, so the newest is always kept
            del _ENCODINGS[next(iter(_ENCODINGS))]
        _ENCODINGS[key] = encoding
    return encoding


def observe(view: View) -> npt.NDArray[np.float32]:
    """The observation vector of a seat's view (see the module documentation for the layout).

    The layout is the one of the view's game, rules and number of players.

    Raises:
        InvalidArgumentError: if ``view`` is not a view, or carries no rules.

    Examples:
        >>> from cardgames import huit_americain
        >>> observe(huit_americain.new_game(4, seed=2).view(0)).shape
        (247,)
    """
    if not isinstance(view, View):
        raise InvalidArgumentError("view", view, "expected a view (State.view)")
    rules = getattr(view, "rules", None)
    name = getattr(view, "game", None)
    players = getattr(view, "players", None)
    if rules is None or not isinstance(name, str) or not isinstance(players, tuple):
        raise InvalidArgumentError("view", view, "expected a view that carries its rules")
    return observation_encoding(name, rules, players=len(players)).encode(view)
