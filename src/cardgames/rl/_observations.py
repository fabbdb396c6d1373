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
import numpy as np

from cardgames._rl_write import SheddingWriter
from cardgames.cards import Card, Suit, make_deck
from cardgames.errors import InvalidArgumentError
from cardgames.game import Game, View
from cardgames.planets.cards import PlanetCard
from cardgames.planets.rules import Rules as PlanetsRules
from cardgames.planets.scoring import Role
from cardgames.planets.views import Phase as PlanetsPhase
from cardgames.planets.views import PlanetsView
from cardgames.rl._actions import (
    _TRUSTED_RULES,
    _check_rules_and_players,
    remember,
    resolve_game,
)
from cardgames.shedding.rules import SheddingRules
from cardgames.shedding.view import Phase as SheddingPhase

if TYPE_CHECKING:
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


_SUIT_INDEX: Final = {suit: i for i, suit in enumerate(Suit)}


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

    Build it with `observation_encoding`; `encode` turns a view into a vector. It takes views
    of its game whose rules share its layout (the same fields and cards) and pickles as its
    arguments (game name, rules, players).

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
    _fill: Callable[[array.array[float], Any, int], None] = attrs.field(repr=False)
    _rules_seen: list[Any] = attrs.field(factory=list, init=False, repr=False)
    """Rules objects already found to share `rules`' layout (compared by identity next time)."""
    _zeros: array.array[float] = attrs.field(init=False, repr=False)

    @_zeros.default
    def _zero_vector(self) -> array.array[float]:
        return array.array("f", bytes(4 * self.fields[-1].stop))  # C floats: float32

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

        The view is expected to come from the library (`State.view`, or
        `Game.view_from_json`, which checks a document): a hand-built view whose fields are
        not a position of the game is refused where it cannot be encoded.

        Raises:
            InvalidArgumentError: if ``view`` is not a view of this game, rules and players,
                or holds a number too large for a float32.
        """
        game = self.game
        if not isinstance(view, game.view_type) or getattr(view, "game", None) != game.name:
            raise InvalidArgumentError("view", view, f"expected a view of {game.name}")
        players = getattr(view, "players", None)
        if type(players) is not tuple or len(players) != self.players:
            raise InvalidArgumentError("view", view, f"expected a view of {self.players} players")
        rules = getattr(view, "rules", None)
        if rules is not None and rules is not self.rules:
            self._check_rules(rules, view)
        return _finite(self._encode(view), view)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its arguments: unpickled, it is `observation_encoding`'s (cached) one."""
        return (_observation_encoding_of, (self.game.name, self.rules, self.players))

    def _check_rules(self, rules: object, view: object) -> None:
        """Refuse a view whose rules do not share this encoding's layout.

        Rules of the same game pass if they give the same fields and the same cards (a
        shedding game's deck): "standard" and "a-la-volee" do, "32-cartes" does not.

        Raises:
            InvalidArgumentError: otherwise.
        """
        seen = self._rules_seen
        if any(rules is known for known in seen):
            return
        if type(rules) is not type(self.rules):
            raise InvalidArgumentError("view", view, f"expected a view of {self.game.name}")
        other = observation_encoding(self.game, rules, players=self.players)
        if other.fields != self.fields or _cards(rules) != _cards(self.rules):
            raise InvalidArgumentError(
                "view",
                view,
                "its rules do not share this encoding's layout (make one for them with "
                "observation_encoding)",
            )
        if len(seen) < 8:
            seen.append(rules)

    def _encode(self, view: Any) -> npt.NDArray[np.float32]:
        """`encode` without the checks of the view's game, size and rules."""
        # Written into a copy of a zero array of C floats, then seen by NumPy without a copy:
        # Python stores into an array.array much faster than into an ndarray, item by item.
        out = self._zeros.__copy__()
        players = self.players
        for field in ("viewer", "current"):  # seats are encoded relative: modulo would hide junk
            seat = getattr(view, field, None)
            if seat is not None and (type(seat) is not int or not 0 <= seat < players):
                raise InvalidArgumentError("view", view, f"its {field} is not a seat of the game")
        try:
            self._fill(out, view, 0 if view.viewer is None else view.viewer)
        except (KeyError, IndexError, TypeError, ValueError, AttributeError, OverflowError):
            raise InvalidArgumentError(
                "view", view, "its fields are not a position of this game (a forged view?)"
            ) from None
        return np.frombuffer(out, dtype=np.float32)


def _cards(rules: object) -> tuple[Card, ...]:
    """The distinct cards of a shedding game's deck, in code order (none for other games)."""
    if isinstance(rules, SheddingRules):
        return tuple(sorted(set(make_deck(rules.deck))))
    return ()


def _shedding(game: Game[Any], rules: SheddingRules, players: int) -> ObservationEncoding:
    cards = _cards(rules)
    index = {card: i for i, card in enumerate(cards)}  # the 53 Card objects: found by identity
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
    # The fields' order above is the one SheddingWriter unpacks its starts in.
    writer = SheddingWriter(n, index, dict(_SUIT_INDEX), [field.start for field in fields])
    assert len(SheddingPhase) == 3
    assert len(Suit) == 4
    return ObservationEncoding(game, rules, n, fields, writer.fill)


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
    at = {field.name: field.start for field in fields}
    nine = {card: int(card) for card in PlanetCard}  # a card's index; a KeyError for junk

    def fill(out: array.array[float], view: PlanetsView, viewer: int) -> None:
        def seat(name: str, who: int | None) -> None:
            if who is not None:
                out[at[name] + (who - viewer) % n] = 1.0

        def card(name: str, which: PlanetCard | None) -> None:
            if which is not None:
                out[at[name] + nine[which]] = 1.0

        def by_seat(name: str, values: tuple[int, ...]) -> None:
            start = at[name]
            for who, value in enumerate(values):
                out[start + (who - viewer) % n] = value

        out[at["phase"] + phases[view.phase]] = 1.0
        out[at["turn"]] = view.turn
        seat("commander", view.commander)
        seat("adjutant", view.adjutant)
        seat("holder", view.holder)
        if view.role is not None:
            out[at["role"] + roles[view.role]] = 1.0
        for who in view.to_act:
            seat("to_act", who)
        start = at["hand"]
        for which in view.hand or ():
            out[start + nine[which]] += 1.0
        by_seat("hand_sizes", view.hand_sizes)
        start = at["known_cards"]
        for who, known in enumerate(view.known_cards):
            base = start + 9 * ((who - viewer) % n)
            for which in known:
                out[base + nine[which]] += 1.0
        start = at["drawn"]
        for maybe in view.drawn:
            out[start + (9 if maybe is None else nine[maybe])] += 1.0
        card("pending", view.pending)
        card("received", view.received)
        out[at["stock_size"]] = view.stock_size
        for position, which in view.known_stock:
            if position == 0:
                card("stock_top", which)
            out[at["known_stock"] + nine[which]] += 1.0
        out[at["discard_size"]] = view.discard_size
        start = at["gatherings"]
        for who, laid in enumerate(view.gatherings):
            base = start + 18 * ((who - viewer) % n)
            for gathering in laid:
                part = base + 9 * roles[gathering.role]
                if gathering.is_all_different:
                    out[part + 8] += 1.0
                else:
                    out[part + nine[gathering.cards[0]]] += len(gathering.cards)
        own = view.face_down[viewer] if view.viewer is not None else None
        start = at["face_down"]
        for which in own or ():
            out[start + nine[which]] += 1.0
        by_seat("face_down_sizes", view.face_down_sizes)
        by_seat("black_holes", view.black_holes)
        if view.viewer is not None:
            out[at["seat"] + view.viewer] = 1.0

    assert len(PlanetsPhase) == 6
    assert len(_PLANETS) == 8
    return ObservationEncoding(game, rules, n, fields, fill)


_ENCODINGS: dict[tuple[str, Any, int], ObservationEncoding] = {}


def _observation_encoding_of(game: str, rules: Any, players: int) -> ObservationEncoding:
    """`observation_encoding` with positional arguments (what a pickled encoding calls)."""
    return observation_encoding(game, rules, players=players)


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
    if type(game) is str and type(rules) in _TRUSTED_RULES and type(players) is int:
        try:
            return _ENCODINGS[(game, rules, players)]  # known arguments: no check to repeat
        except KeyError:
            pass
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
        remember(_ENCODINGS, key, encoding)
        if type(game) is str and len(game) <= 32:  # the caller's text, only if plain
            remember(_ENCODINGS, (game, rules, players), encoding)
    return encoding


def observe(view: View) -> npt.NDArray[np.float32]:
    """The observation vector of a seat's view (see the module documentation for the layout).

    The layout is the one of the view's game, rules and number of players.

    Raises:
        InvalidArgumentError: if ``view`` is not a view, carries no rules, or holds a number
            too large for a float32.

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
    encoding = observation_encoding(name, rules, players=len(players))  # found by these rules
    if not isinstance(view, encoding.game.view_type):
        raise InvalidArgumentError("view", view, f"expected a view of {encoding.game.name}")
    return _finite(encoding._encode(view), view)


def _finite(vector: npt.NDArray[np.float32], view: View) -> npt.NDArray[np.float32]:
    """``vector``, once sure that no number of ``view`` was too large for a float32.

    A view from the library never holds one; a hand-built view with, say, a stock of 10**40
    cards would otherwise be encoded as infinity.
    """
    if not np.isfinite(vector).all():
        raise InvalidArgumentError(
            "view", view, "its numbers are too large for an observation (a forged view?)"
        )
    return vector
