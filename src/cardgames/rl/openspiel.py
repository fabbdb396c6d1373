"""The games as OpenSpiel games: `load_game` returns a `pyspiel.Game` that runs on our rules.

Each built-in game is registered with OpenSpiel as a Python game when this module is imported:

=====================  ===================================  ==================================
game                   OpenSpiel short name                 parameters (defaults)
=====================  ===================================  ==================================
Crazy Eights           ``python_cardgames_crazy_eights``    ``players`` (2), ``rules`` ("")
8 Américain            ``python_cardgames_huit_americain``  ``players`` (2), ``rules`` ("")
the planet game "8"    ``python_cardgames_planets``         ``players`` (2), ``rules`` ("")
=====================  ===================================  ==================================

so that ``pyspiel.load_game("python_cardgames_crazy_eights", {"players": 4})`` works as well as
``load_game("crazy eights", players=4)``. ``rules`` is empty (the game's default preset), the
name of a preset (``"marquoir"``) or a rules JSON document (``Rules.to_json()``).

How the game looks to OpenSpiel:

- **Chance.** Every random event of the engine is a chance node, as OpenSpiel's own card games
  deal: the deal's shuffle is one chance node a card (the outcomes are the ids of the cards not
  yet placed, each as likely as the number of such cards it has; the last card follows), and so
  is each reshuffle of the discard pile into the stock. A random place or a random card among
  ``n`` (the wild starter put back into the stock, a planet stolen from a hand) is a chance
  node of ``n`` equally likely outcomes ``0 … n-1``. The engine draws from a generator that
  answers with these outcomes (`cardgames.shedding.deal.deal_with`,
  `cardgames.planets.deal.deal_with`): when a move needs a draw, the move waits behind the
  chance nodes of that draw, then is applied. Nothing random comes from a seed, so no seat can
  replay a stream, and ``(parameters, actions)`` replays a game exactly.
  ``max_chance_outcomes`` is the number of cards in the game. Card ids are the indexes of the
  game's distinct cards, sorted; ``action_to_string`` names the card (``deal 8H``,
  ``reshuffle 8H``).
- **Actions** are the ids of `cardgames.rl.action_encoding` (``num_distinct_actions`` is its
  ``size``; `State.action_to_string` is its ``describe``, seats relative to the player).
- **Several seats may move at once** in the shedding games (a call-out, a jump-in): OpenSpiel
  asks one seat at a time, in the order of the library's driver (`cardgames.rl.seat_to_decide`).
  The seats that may interrupt are asked first, in seat order after the current player; each
  answers with one of its out-of-turn moves or with the ``decline`` id (the last id); once all
  have declined, the current player moves. A move makes a new position, where everyone may be
  asked again. So one move may take up to ``players`` decisions, and
  ``max_game_length`` is ``players * max_moves`` (the planet game: ``max_turns`` times the most
  decisions a turn can take).
- **Returns** (zero-sum, at the end only) are `cardgames.rl.rewards`, as in every adapter:
  with ``k`` winners among ``n`` seats, a winner gets ``1/k`` and every other seat
  ``-1/(n-k)``; 0 for all when nobody or everybody wins.
- **Observations** are built from the seat's view (`State.view`), never from the state, so
  they hold nothing the seat may not see. The tensor is `cardgames.rl.observe` of the view (the
  layout of `cardgames.rl.observation_encoding`), for both the observation and the information
  state. The observation string lists the view's fields and the events of the last move as
  the seat saw them (``kind field=value ...``). The information-state string (perfect recall)
  is every event of the game as the seat saw it, one line per move, then the current view: a
  card drawn by another seat shows as ``cards_drawn player=1 count=1 reason=turn cards=-``.
  Until the deal is done, a seat sees zeros and ``"chance: the deal"``.
  An observer without private information (``PrivateInfoType.NONE``) uses the spectator's view.
- **Resampling for ISMCTS.** `State.resample_from_infostate` deals the cards a seat has not
  seen at random with `Game.sample_state`, from the seat's view, with a `cardgames.rng.Rng`
  seeded from two draws of OpenSpiel's probability sampler. The sample keeps the seat's
  information state: its memory of past events is the real game's, redacted for that seat,
  and the other seats remember only what that seat saw of the past. Its later random events
  are chance nodes, as in the game (every order of the hidden cards it deals is one the chance
  nodes of the deal can give). Its ``history()`` is empty: the actions that would lead to the
  sampled cards are not replayed.

OpenSpiel's ISMCTS: the Python bot, ``open_spiel.python.algorithms.ismcts.ISMCTSBot``, plays
these games (it calls `State.resample_from_infostate`). The C++ ``pyspiel.ISMCTSBot`` cannot play
any game written in Python in OpenSpiel 1.6 and 2.0: its ``step`` releases Python's global
interpreter lock and then calls back into Python (a crash), and ``step_with_policy`` calls the
C++ ``State::ResampleFromInfostate``, which OpenSpiel's Python-game bridge does not forward to
Python ("ResampleFromInfostate() not implemented").

Examples:
    >>> game = load_game("crazy eights", players=2)
    >>> game.get_type().short_name, game.num_players(), game.num_distinct_actions()
    ('python_cardgames_crazy_eights', 2, 134)
    >>> state = game.new_initial_state()
    >>> state.is_chance_node(), len(state.chance_outcomes()), game.max_chance_outcomes()
    (True, 52, 52)
    >>> state.chance_outcomes()[0], state.action_to_string(pyspiel.PlayerId.CHANCE, 0)
    ((0, 0.019230769230769232), 'deal 2C')
    >>> state.apply_action(0)  # the first card of the deck is the two of clubs
    >>> len(state.chance_outcomes())  # 51 cards left to place
    51
"""

from __future__ import annotations

import base64
import enum
from collections.abc import Callable, Iterator
from typing import Any, ClassVar, Final

import attrs

from cardgames.errors import InvalidArgumentError
from cardgames.game import Capability, Event, Game, Outcome, State, View, find_game
from cardgames.rl import action_encoding, observation_encoding, rewards, seat_to_decide
from cardgames.rl._actions import _askable
from cardgames.rng import Rng

try:
    import numpy as np
    import pyspiel  # OpenSpiel ships no type information: Any (see the mypy overrides)
except ImportError as exc:  # pragma: no cover - depends on the installed extras
    raise ImportError(
        "cardgames.rl.openspiel needs OpenSpiel: pip install 'pycardgames[rl]'"
    ) from exc

__all__ = [
    "DEAL_WITH",
    "MAX_GAME_LENGTH",
    "CardgamesGame",
    "CardgamesObserver",
    "CardgamesState",
    "load_game",
    "rules_parameter",
    "short_name",
]

_PREFIX: Final = "python_cardgames_"
_CHANCE: Final = int(pyspiel.PlayerId.CHANCE)
_TERMINAL: Final = int(pyspiel.PlayerId.TERMINAL)
_BUILTIN: Final = ("crazy-eights", "huit-americain", "planets")


def short_name(game: str | Game[Any]) -> str:
    """The OpenSpiel short name of a game (``"python_cardgames_crazy_eights"``).

    Raises:
        UnknownGameError: if no game has that name.
        InvalidArgumentError: if ``game`` is neither a name nor a `Game`.
    """
    found = _resolve(game)
    return _PREFIX + found.name.replace("-", "_")


def load_game(game: str | Game[Any], players: int = 2, rules: Any = None) -> Any:
    """The OpenSpiel game of a game, number of players and rules.

    Args:
        game: A game name or alias (``"crazy eights"``, ``"8 américain"``, ``"planets"``) or a
            `Game`.
        players: The number of seats.
        rules: The rules (a rules value of that game, or the name of one of its presets;
            default: the game's default preset).

    Returns:
        A ``pyspiel.Game`` (a `CardgamesGame`), loaded through OpenSpiel's registry.

    Raises:
        UnknownGameError: if no game has that name.
        InvalidArgumentError: if ``players`` is not a number of seats the game takes, or
            ``rules`` is not rules of that game.
        InvalidRulesError: for an unknown preset, or rules that do not fit the players.
    """
    found = _resolve(game)
    encoding = action_encoding(found, rules, players=players)  # checks players and rules
    params = {"players": encoding.players, "rules": rules_parameter(found, encoding.rules)}
    return pyspiel.load_game(short_name(found), params)


def _resolve(game: object) -> Game[Any]:
    if isinstance(game, Game):
        return game
    if isinstance(game, str):
        return find_game(game)
    raise InvalidArgumentError("game", game, "expected a game name or a Game")


_ENCODED: Final = "base64:"
_MAX_PARAMETER: Final = 1 << 16


def _rules_from_parameter(game: Game[Any], text: object) -> Any:
    """The rules a ``rules`` parameter names (see `rules_parameter`)."""
    if not isinstance(text, str):
        raise InvalidArgumentError("rules", text, "expected a preset name or a rules document")
    if len(text) > _MAX_PARAMETER:
        raise InvalidArgumentError("rules", text, f"expected at most {_MAX_PARAMETER} characters")
    if not text.strip():
        return game.default_rules
    if text.lstrip().startswith("{"):
        return game.rules_from_json(text)
    if text.startswith(_ENCODED):
        body = text[len(_ENCODED) :]
        try:
            padded = body + "=" * (-len(body) % 4)
            document = base64.b64decode(padded, altchars=b"-_", validate=True).decode("utf-8")
        except (ValueError, UnicodeDecodeError):
            raise InvalidArgumentError("rules", text, "not a base64 rules document") from None
        return game.rules_from_json(document)
    return game.preset(text)


def rules_parameter(game: str | Game[Any], rules: Any) -> str:
    """The ``rules`` parameter of an OpenSpiel game for given rules.

    The name of the preset the rules equal, else the rules' JSON document in base64 (URL-safe
    alphabet, no padding) after ``"base64:"``: OpenSpiel writes a game's parameters in its
    name, ``python_cardgames_crazy_eights(players=2,rules=marquoir)``, where a comma or a
    parenthesis of a JSON document would not read back. The parameter also accepts ``""`` (the
    default preset) and a plain JSON document.

    Examples:
        >>> from cardgames import find_game
        >>> rules_parameter("crazy eights", find_game("crazy eights").preset("sevens-draw"))
        'sevens-draw'
        >>> import attrs
        >>> custom = attrs.evolve(find_game("crazy eights").default_rules, max_moves=500)
        >>> text = rules_parameter("crazy eights", custom)
        >>> text.startswith("base64:"), load_game("crazy eights", 2, custom).setup.rules == custom
        (True, True)
    """
    found = _resolve(game)
    for name, preset in found.presets.items():
        if preset == rules:
            return str(name)
    document = rules.to_json().encode("utf-8")
    return _ENCODED + base64.urlsafe_b64encode(document).decode("ascii").rstrip("=")


class _Frozen:
    """Values a state shares with its clones: OpenSpiel deep-copies a state's attributes."""

    __slots__ = ()

    def __copy__(self) -> Any:
        return self

    def __deepcopy__(self, memo: object) -> Any:
        return self


DEAL_WITH: Final = Capability[Callable[..., Any]](
    "deal_with", "a deal whose every random draw comes from a given generator (OpenSpiel chance)"
)
"""How a game deals with a generator of our choosing (its chance outcomes): the key a game
declares ``deal_with(game, players, *, rng, rules)`` under (`cardgames.shedding.deal.deal_with`
is the shedding games'). No default: a game's ``new_game`` takes a seed, not a generator."""


@attrs.frozen(eq=False)
class _Setup(_Frozen):
    """What every state of one OpenSpiel game shares: the game, its rules and encodings.

    ``cards`` are the game's distinct cards, sorted: a chance outcome that places a card is
    its index there (``card_ids``). ``deck_size`` is the number of cards in the game.
    """

    game: Game[Any]
    rules: Any
    players: int
    encoding: Any
    observation: Any
    cards: tuple[Any, ...]
    card_ids: dict[Any, int]
    deck_size: int

    @classmethod
    def build(cls, game: Game[Any], rules: Any, players: int) -> _Setup:
        encoding = action_encoding(game, rules, players=players)  # checks players and rules
        game.capability(DEAL_WITH)  # a game that cannot deal from our chance nodes is told so
        deck = game.new_game(players, seed=0, rules=rules).all_cards()
        cards = tuple(sorted(set(deck)))
        return cls(
            game,
            rules,
            players,
            encoding,
            observation_encoding(game, rules, players=players),
            cards,
            {card: i for i, card in enumerate(cards)},
            len(deck),
        )

    def deal(self, rng: Rng) -> State[Any, Any, Any]:
        """The first state, every random draw of the deal taken from ``rng``."""
        deal_with = self.game.capability(DEAL_WITH)
        state: State[Any, Any, Any] = deal_with(self.game, self.players, rng=rng, rules=self.rules)
        return state

    def __reduce__(self) -> tuple[Any, ...]:
        return (_setup_from_json, (self.game.name, self.rules.to_json(), self.players))


class _Draw(Exception):
    """Raised through the engine by `_ChanceRng` when it has no outcome for a draw.

    ``items`` are the things a shuffle puts in order, or None for a number below ``n``.
    """

    def __init__(self, items: tuple[Any, ...] | None, n: int) -> None:
        super().__init__("a random draw waits for its chance outcome")
        self.items = items
        self.n = n


_WORDS: Final = Rng.from_seed(0).state


@attrs.frozen(slots=True, repr=False)
class _ChanceRng(Rng):
    """The engine's generator under OpenSpiel: each draw is a chance outcome chosen before.

    ``answers`` are the outcomes of the coming draws, in order: a shuffle's order (a tuple of
    the cards) or a number below ``n``. A draw with no answer left raises `_Draw`, which
    tells the adapter what to ask the chance player; the state it was applied to is unchanged
    (states are frozen). Its words are a constant: nothing is drawn from them.
    """

    answers: tuple[Any, ...] = ()

    def _rest(self) -> _ChanceRng:
        rest = self.answers[1:]
        return _ChanceRng(_WORDS, rest) if rest else _NO_ANSWERS

    def shuffle(self, seq: Any) -> tuple[tuple[Any, ...], Rng]:
        if not self.answers:
            raise _Draw(tuple(seq), len(seq))
        order = self.answers[0]
        assert isinstance(order, tuple)
        assert len(order) == len(seq)
        return order, self._rest()

    def below(self, n: int) -> tuple[int, Rng]:
        if not self.answers:
            raise _Draw(None, n)
        value = self.answers[0]
        assert isinstance(value, int)
        assert 0 <= value < n
        return value, self._rest()

    # The other draws (random, choice, split go through these) are no chance node of the
    # adapter: an engine that made one would fail here rather than draw from public words.
    def next_u64(self) -> tuple[int, Rng]:
        raise NotImplementedError(_UNMODELLED)

    def _below(self, n: int) -> tuple[int, Rng]:
        raise NotImplementedError(_UNMODELLED)

    def sample(self, seq: Any, k: int) -> tuple[tuple[Any, ...], Rng]:
        raise NotImplementedError(_UNMODELLED)

    def derive(self, i: int) -> Rng:
        raise NotImplementedError(_UNMODELLED)


_UNMODELLED: Final = "the OpenSpiel adapter's chance nodes model shuffles and below(n) only"


_NO_ANSWERS: Final = _ChanceRng(_WORDS)


@attrs.frozen
class _Pending(_Frozen):
    """A random event the chance player is deciding, and the move (or deal) that waits for it.

    Attributes:
        action: The waiting move's action id, None for the deal.
        seat: The seat that chose it.
        answers: The outcomes of the draws before this one, as `_ChanceRng` takes them, with
            card ids for cards.
        items: The card ids still to place, sorted, for a shuffle; None for a number below
            ``n``.
        n: The number of outcomes of a draw below ``n``.
        chosen: The card ids placed so far, in order.
    """

    action: int | None
    seat: int | None
    answers: tuple[Any, ...]
    items: tuple[int, ...] | None
    n: int
    chosen: tuple[int, ...] = ()

    def outcomes(self) -> list[tuple[int, float]]:
        items = self.items
        if items is None:
            return [(i, 1.0 / self.n) for i in range(self.n)]
        counts: dict[int, int] = {}
        for card in items:
            counts[card] = counts.get(card, 0) + 1
        total = len(items)
        return [(card, count / total) for card, count in sorted(counts.items())]


def _setup_from_json(name: str, rules: str, players: int) -> _Setup:
    game = find_game(name)
    return _Setup.build(game, game.rules_from_json(rules), players)


class _Trail(_Frozen):
    """The events of a game, one link per applied move, shared by the states that follow.

    ``text(seat)`` is what ``seat`` saw of them (each event redacted for it), built once per
    link and seat and cached on the link.
    """

    __slots__ = ("_pieces", "events", "parent")

    def __init__(self, parent: _Trail | None, events: tuple[Event, ...]) -> None:
        self.parent = parent
        self.events = events
        self._pieces: dict[int | None, str] = {}

    def __reduce__(self) -> tuple[Any, ...]:
        links = list(self._links())
        return (_trail_from_events, (tuple(link.events for link in reversed(links)),))

    def _links(self) -> Iterator[_Trail]:
        link: _Trail | None = self
        while link is not None:
            yield link
            link = link.parent

    def piece(self, seat: int | None) -> str:
        text = self._pieces.get(seat)
        if text is None:
            text = "; ".join(_event_text(event.redacted_for(seat)) for event in self.events)
            self._pieces[seat] = text
        return text

    def text(self, seat: int | None) -> str:
        pieces = [link.piece(seat) for link in self._links()]
        pieces.reverse()
        return "\n".join(piece for piece in pieces if piece)

    def redacted_for(self, seat: int) -> _Trail:
        """The same trail as ``seat`` remembers it (every event redacted for that seat)."""
        links = list(self._links())
        trail: _Trail | None = None
        for link in reversed(links):
            trail = _Trail(trail, tuple(event.redacted_for(seat) for event in link.events))
        assert trail is not None
        return trail


def _trail_from_events(events: tuple[tuple[Event, ...], ...]) -> _Trail:
    trail: _Trail | None = None
    for step in events:
        trail = _Trail(trail, step)
    assert trail is not None
    return trail


def _bound_by_max_moves(game: Game[Any], rules: Any, players: int) -> int:
    """The default `MAX_GAME_LENGTH`: the rules' ``max_moves``, each after ``players - 1`` declines.

    Raises:
        InvalidArgumentError: if the rules have no ``max_moves`` (an int).
    """
    max_moves = getattr(rules, "max_moves", None)
    if isinstance(max_moves, int):
        return max_moves * players  # each move after up to players - 1 declines
    raise InvalidArgumentError("game", game.name, "no bound on the length of its games")


MAX_GAME_LENGTH: Final = Capability[Callable[[Game[Any], Any, int], int]](
    "max_game_length",
    "an upper bound on the decisions of one game (OpenSpiel's max_game_length)",
    default=lambda game: _bound_by_max_moves,
)
"""The key a game declares ``max_game_length(game, rules, players)`` under: at most how many
decisions (declines included) one game of those rules takes. Default: the rules' ``max_moves``
times the number of players (a game whose rules have no ``max_moves`` must bring its own)."""


def _max_game_length(setup: _Setup) -> int:
    bound = setup.game.capability(MAX_GAME_LENGTH)
    return bound(setup.game, setup.rules, setup.players)


class CardgamesGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel is untyped
    """A game of this library as an OpenSpiel game (see the module text).

    Create it with `load_game` or ``pyspiel.load_game(short_name, params)``.

    Attributes:
        setup: The game, rules and encodings (shared by every state).

    Raises:
        InvalidArgumentError: for a number of players the game does not take, or a ``rules``
            parameter that is not text, is longer than 65,536 characters or is not valid base64
            after ``"base64:"`` (``pyspiel.load_game`` itself refuses a parameter other than
            ``players`` and ``rules`` with its ``SpielError``).
        InvalidStateError: for a ``rules`` JSON document (plain or in base64) that does not
            load as rules of the game, as every loader of documents.
        InvalidRulesError: for an unknown preset name, or rules that do not fit the players.
    """

    game_name: ClassVar[str] = ""
    """The library's name of the game (set by the registered subclass of each game)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game = find_game(self.game_name)
        params = dict(params or {})
        unknown = set(params) - {"players", "rules"}
        if unknown:
            raise InvalidArgumentError("params", sorted(unknown), "expected players and rules")
        players = params.get("players", 2)
        rules = _rules_from_parameter(game, params.get("rules", ""))
        self.setup = _Setup.build(game, rules, players)
        n = self.setup.players
        info = pyspiel.GameInfo(
            num_distinct_actions=self.setup.encoding.size,
            max_chance_outcomes=self.setup.deck_size,
            num_players=n,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=_max_game_length(self.setup),
        )
        params = {"players": n, "rules": rules_parameter(game, rules)}
        super().__init__(_GAME_TYPES[game.name], info, params)

    def new_initial_state(self) -> CardgamesState:
        """The state before the deal (a chance node: the deck's first card)."""
        return CardgamesState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> CardgamesObserver:
        """An observer: OpenSpiel's observation and information-state strings and tensors."""
        if params:
            raise InvalidArgumentError("params", params, "the observer takes no parameters")
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        return CardgamesObserver(
            self.setup,
            perfect_recall=bool(iig_obs_type.perfect_recall),
            private=iig_obs_type.private_info != pyspiel.PrivateInfoType.NONE,
        )


class CardgamesState(pyspiel.State):  # type: ignore[misc]  # pyspiel is untyped
    """A position as OpenSpiel sees it: the engine's state, declines, the pending random event.

    ``pending`` is the chance node being drawn, and the move (or the deal) that waits for it.

    OpenSpiel copies a state by deep-copying these attributes; the engine's states, the trail
    of events and the setup are frozen and copy as themselves.
    """

    def __init__(self, game: CardgamesGame) -> None:
        super().__init__(game)
        self.setup: _Setup = game.setup
        self.engine_state: State[Any, Any, Any] | None = None
        self.declined: frozenset[int] = frozenset()
        self.trail: _Trail | None = None
        self.pending: _Pending | None = None
        self._resume(None, None, ())

    # -- OpenSpiel's State API ---------------------------------------------------------------

    def current_player(self) -> int:
        """The seat asked now; ``CHANCE`` while a random event is drawn; else ``TERMINAL``."""
        state = self.engine_state
        if self.pending is not None or state is None:
            return _CHANCE
        if state.is_over:
            return _TERMINAL
        return seat_to_decide(state, self.declined)

    def _legal_actions(self, player: int) -> list[int]:
        state = self.engine_state
        if self.pending is not None or state is None or state.is_over:
            return []
        ids: list[int] = self.setup.encoding.legal_actions(state, player)
        return ids

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of the random event drawn now (see the module text), else none."""
        pending = self.pending
        return [] if pending is None else pending.outcomes()

    def _apply_action(self, action: int) -> None:
        pending = self.pending
        if pending is not None:
            self._choose(pending, int(action))
            return
        state = self.engine_state
        assert state is not None
        seat = seat_to_decide(state, self.declined)
        if action == self.setup.encoding.decline and seat != state.to_act[0]:
            self.declined = self.declined | {seat}
            return
        self._resume(int(action), seat, ())

    def _choose(self, pending: _Pending, action: int) -> None:
        """Apply the chance outcome ``action`` of the random event ``pending``."""
        items = pending.items
        if items is None:
            if not 0 <= action < pending.n:
                raise InvalidArgumentError("action", action, f"expected 0 to {pending.n - 1}")
            answers = (*pending.answers, action)
        else:
            if action not in items:
                raise InvalidArgumentError("action", action, "expected a card still to place")
            rest = list(items)
            rest.remove(action)
            chosen = (*pending.chosen, action)
            if len(set(rest)) > 1:
                self.pending = attrs.evolve(pending, items=tuple(rest), chosen=chosen)
                return
            answers = (*pending.answers, chosen + tuple(rest))  # the rest are alike: no choice
        self.pending = None
        self._resume(pending.action, pending.seat, answers)

    def _resume(self, action: int | None, seat: int | None, answers: tuple[Any, ...]) -> None:
        """Apply a move (the deal when ``action`` is None) whose draws take ``answers``.

        A draw with no answer yet makes the state a chance node (`pending`) for it, unless it
        has a single outcome, which is taken at once.
        """
        setup = self.setup
        cards = setup.cards
        while True:
            rng = _ChanceRng(
                _WORDS,
                tuple(a if isinstance(a, int) else tuple(cards[c] for c in a) for a in answers),
            )
            try:
                state = self._moved(action, seat, rng)
                break
            except _Draw as draw:
                if draw.items is None:
                    if draw.n > 1:
                        self.pending = _Pending(action, seat, answers, None, draw.n)
                        return
                    answers = (*answers, 0)
                    continue
                ids = tuple(sorted(setup.card_ids[card] for card in draw.items))
                if len(set(ids)) > 1:
                    self.pending = _Pending(action, seat, answers, ids, len(ids))
                    return
                answers = (*answers, ids)
        self.engine_state = state
        self.declined = frozenset()
        self.trail = _Trail(self.trail, state.last_events)

    def _moved(self, action: int | None, seat: int | None, rng: _ChanceRng) -> Any:
        """The state after the move ``action`` of ``seat`` (or the deal), drawing from ``rng``."""
        setup = self.setup
        if action is None:
            return setup.deal(rng)
        state: Any = self.engine_state
        if rng.answers or type(state.rng) is not _ChanceRng:
            # A state read back from a pickle has a plain Rng: it draws from ours again.
            state = state._evolve(rng=rng)
        move = setup.encoding.decode(action, state, seat)
        return state.apply(move)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == _CHANCE:
            pending = self.pending
            if pending is None or pending.items is None:
                n = "-" if pending is None else pending.n
                return f"random {action} of {n}"
            card = self.setup.cards[action] if 0 <= action < len(self.setup.cards) else action
            return f"{'deal' if pending.action is None else 'reshuffle'} {card}"
        text: str = self.setup.encoding.describe(action)
        return text

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        state = self.engine_state
        return state is not None and state.is_over

    def returns(self) -> list[float]:
        """The rewards of `cardgames.rl.rewards` at the end (zero-sum), else zeros."""
        state = self.engine_state
        outcome = None if state is None else state.outcome()
        return list(rewards(outcome, self.setup.players))

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> CardgamesState:
        """A state ``player_id`` cannot tell from this one, hidden cards dealt at random.

        The hidden cards are dealt by `Game.sample_state` from the seat's view, with an `Rng`
        seeded from two draws of ``probability_sampler`` (a function returning floats in
        ``[0, 1)``, such as ``pyspiel.UniformProbabilitySampler``). When the seat may move in
        the sample, the seats asked before it have declined, so that it is the one asked, as
        here. The sample's later random events are chance nodes, as here. At a chance node and
        at the end, the state itself (a copy) is returned.
        """
        state = self.engine_state
        if self.pending is not None or state is None or state.is_over or self.trail is None:
            copy: CardgamesState = self.clone()
            return copy
        setup = self.setup
        seat = int(player_id)
        if not 0 <= seat < setup.players:
            raise InvalidArgumentError(
                "player_id", player_id, f"expected a seat from 0 to {setup.players - 1}"
            )
        high = int(probability_sampler() * 2**32) & 0xFFFFFFFF
        low = int(probability_sampler() * 2**32) & 0xFFFFFFFF
        sampled: Any = setup.game.sample_state(state.view(seat), Rng.from_seed(high << 32 | low))
        result: CardgamesState = self.get_game().new_initial_state()
        result.pending = None
        result.engine_state = sampled._evolve(rng=_NO_ANSWERS)
        result.declined = _asked_before(sampled, seat)
        result.trail = self.trail.redacted_for(seat)
        return result

    def __str__(self) -> str:
        state = self.engine_state
        pending = self.pending
        chance = ""
        if pending is not None:
            chance = f"chance: {pending}\n"
        if state is None:
            return chance.rstrip("\n")
        declined = ",".join(map(str, sorted(self.declined)))
        return f"{chance}declined: {declined or '-'}\n{state.to_json()}"

    # -- for the observer ---------------------------------------------------------------------

    def view(self, seat: int | None) -> View | None:
        """What ``seat`` sees now (``None`` until the deal is done)."""
        state = self.engine_state
        return None if state is None else state.view(seat)


def _asked_before(state: State[Any, Any, Any], seat: int) -> frozenset[int]:
    """The seats that must have declined for ``seat`` to be asked in ``state``.

    See `seat_to_decide`. None when ``seat`` may not move there.
    """
    to_act = _askable(state)  # the seats asked, from public information (seat_to_decide)
    if seat not in to_act:
        return frozenset()
    if seat == to_act[0]:
        return frozenset(to_act[1:])
    current = to_act[0]
    n = len(state.players)
    mine = (seat - current) % n
    return frozenset(s for s in to_act[1:] if (s - current) % n < mine)


class CardgamesObserver:
    """OpenSpiel's observer of a `CardgamesGame` (the PyObserver interface).

    Attributes:
        tensor: The flat observation vector (`cardgames.rl.observe` of the seat's view).
        dict: The same memory by field name: a single ``"observation"`` entry.
    """

    def __init__(self, setup: _Setup, *, perfect_recall: bool, private: bool) -> None:
        self._setup = setup
        self._perfect_recall = perfect_recall
        self._private = private
        self.tensor = np.zeros(setup.observation.shape, np.float32)
        self.dict = {"observation": self.tensor}

    def _viewer(self, player: int) -> int | None:
        return int(player) if self._private else None

    def set_from(self, state: CardgamesState, player: int) -> None:
        """Write what ``player`` sees of ``state`` into `tensor`."""
        view = state.view(self._viewer(player))
        if view is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = self._setup.observation._encode(view)  # the engine's own view

    def string_from(self, state: CardgamesState, player: int) -> str:
        """What ``player`` sees of ``state``: the view (and the whole past: perfect recall)."""
        viewer = self._viewer(player)
        view = state.view(viewer)
        if view is None:
            return "chance: the deal"
        seat = "spectator" if viewer is None else f"seat {viewer}"
        if not self._perfect_recall:
            return f"{seat}\n{_view_text(view, with_events=True)}"
        past = "" if state.trail is None else state.trail.text(viewer)
        return f"{seat}\n{past}\n--\n{_view_text(view, with_events=False)}"


_SKIPPED_FIELDS: Final = frozenset(
    {"viewer", "game", "players", "legal_moves", "events", "rules", "moves_played"}
)


def _view_text(view: View, *, with_events: bool) -> str:
    """The fields of a view as ``name: value`` lines (the view is built from an allow-list)."""
    lines = [
        f"{field.name}: {_value_text(getattr(view, field.name))}"
        for field in attrs.fields(type(view))
        if field.name not in _SKIPPED_FIELDS
    ]
    if with_events:
        events = getattr(view, "events", ())
        lines.append("events: " + "; ".join(map(_event_text, events)))
    return "\n".join(lines)


def _event_text(event: Event) -> str:
    """An event as ``kind field=value ...``: what the narrator says, in fewer microseconds."""
    fields = attrs.fields(type(event))
    values = " ".join(f"{f.name}={_value_text(getattr(event, f.name))}" for f in fields)
    return f"{event.kind} {values}"


def _value_text(value: object) -> str:
    if value is None:
        return "-"
    if isinstance(value, enum.Enum):
        return str(value.name).lower()
    if isinstance(value, tuple):
        return "(" + " ".join(_value_text(v) for v in value) + ")"
    if isinstance(value, Outcome):
        winners = " ".join(map(str, value.winners))
        scores = " ".join(map(str, value.scores))
        return f"{value.reason.value}, winners {winners}, scores {scores}"
    return str(value)


def _game_type(game: Game[Any]) -> Any:
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"Python cardgames {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": game.min_players, "rules": ""},
    )


_GAME_TYPES: dict[str, Any] = {}


def _register() -> None:
    registered = set(pyspiel.registered_names())
    for name in _BUILTIN:
        game = find_game(name)
        game_type = _game_type(game)
        _GAME_TYPES[game.name] = game_type
        if game_type.short_name not in registered:
            # A class, as OpenSpiel's own Python games register: the registry keeps it until
            # the process ends, after Python has shut down, and a class is never freed then
            # (a function would be, without the interpreter lock: a crash at exit).
            subclass = type(
                f"CardgamesGame_{game.name.replace('-', '_')}",
                (CardgamesGame,),
                {"game_name": game.name, "__module__": __name__},
            )
            pyspiel.register_game(game_type, subclass)


_register()
