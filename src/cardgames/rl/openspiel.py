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

- **Chance.** The engine shuffles with the seeded RNG inside its state, so the deal is one
  explicit chance node at the start, with 65,536 equally likely outcomes: the outcome is the
  seed of `Game.new_game` (``0 … 65535``). After it the game is deterministic given the
  players' actions; a reshuffle of the discard pile comes from the state's RNG, hidden from the
  players like the stock. So ``(parameters, actions)`` replays a game exactly.
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
  A chance node (before the deal) shows as zeros and ``"chance: the deal"``.
  An observer without private information (``PrivateInfoType.NONE``) uses the spectator's view.
- **Resampling for ISMCTS.** `State.resample_from_infostate` deals the cards a seat has not
  seen at random with `Game.sample_state`, from the seat's view, with a `cardgames.rng.Rng`
  seeded from two draws of OpenSpiel's probability sampler. The sample keeps the seat's
  information state: its memory of past events is the real game's, redacted for that seat,
  and the other seats remember only what that seat saw of the past. Its ``history()`` is empty:
  the actions that would lead to the sampled cards are not replayed.

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
    >>> state.is_chance_node(), len(state.chance_outcomes())
    (True, 65536)
    >>> state.apply_action(1)
    >>> state.current_player(), [state.action_to_string(a) for a in state.legal_actions()]
    (1, ['play JC'])
"""

from __future__ import annotations

import base64
import enum
import functools
from collections.abc import Callable, Iterator
from typing import Any, ClassVar, Final

import attrs

from cardgames.errors import InvalidArgumentError
from cardgames.game import Event, Game, Outcome, State, View, find_game
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
    "DEALS",
    "CardgamesGame",
    "CardgamesObserver",
    "CardgamesState",
    "load_game",
    "rules_parameter",
    "short_name",
]

DEALS: Final = 2**16
"""The number of outcomes of the chance node: the deal's seed is one of ``range(DEALS)``."""


@functools.cache
def _deal_outcomes() -> tuple[tuple[int, float], ...]:
    """The deal's chance outcomes, built once, when first asked (65,536 pairs)."""
    return tuple((seed, 1.0 / DEALS) for seed in range(DEALS))


_PREFIX: Final = "python_cardgames_"
_CHANCE: Final = int(pyspiel.PlayerId.CHANCE)
_TERMINAL: Final = int(pyspiel.PlayerId.TERMINAL)
_BUILTIN: Final = ("crazy-eights", "huit-americain", "planets")
_PLANETS_FIXED_DECISIONS: Final = 8
"""Decisions of a planet-game turn besides putting cards under the stock: keep, give, and for
each of the Commander and the Adjutant a gathering, a black hole's action and a gathering after
a steal."""


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


@attrs.frozen(eq=False)
class _Setup(_Frozen):
    """What every state of one OpenSpiel game shares: the game, its rules and encodings."""

    game: Game[Any]
    rules: Any
    players: int
    encoding: Any
    observation: Any

    @classmethod
    def build(cls, game: Game[Any], rules: Any, players: int) -> _Setup:
        return cls(
            game,
            rules,
            players,
            action_encoding(game, rules, players=players),
            observation_encoding(game, rules, players=players),
        )

    def __reduce__(self) -> tuple[Any, ...]:
        return (_setup_from_json, (self.game.name, self.rules.to_json(), self.players))


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


def _max_game_length(setup: _Setup) -> int:
    rules = setup.rules
    max_moves = getattr(rules, "max_moves", None)
    if isinstance(max_moves, int):
        return max_moves * setup.players  # each move after up to players - 1 declines
    max_turns = getattr(rules, "max_turns", None)
    if isinstance(max_turns, int):
        cards = len(setup.game.new_game(setup.players, seed=0, rules=rules).all_cards())
        return max_turns * (_PLANETS_FIXED_DECISIONS + cards)
    raise InvalidArgumentError("game", setup.game.name, "no bound on the length of its games")


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
            max_chance_outcomes=DEALS,
            num_players=n,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=_max_game_length(self.setup),
        )
        params = {"players": n, "rules": rules_parameter(game, rules)}
        super().__init__(_GAME_TYPES[game.name], info, params)

    def new_initial_state(self) -> CardgamesState:
        """The state before the deal (a chance node)."""
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
    """A position as OpenSpiel sees it: the engine's state, and who declined to interrupt.

    OpenSpiel copies a state by deep-copying these attributes; the engine's states, the trail
    of events and the setup are frozen and copy as themselves.
    """

    def __init__(self, game: CardgamesGame) -> None:
        super().__init__(game)
        self.setup: _Setup = game.setup
        self.engine_state: State[Any, Any, Any] | None = None
        self.declined: frozenset[int] = frozenset()
        self.trail: _Trail | None = None

    # -- OpenSpiel's State API ---------------------------------------------------------------

    def current_player(self) -> int:
        """The seat asked now, `pyspiel.PlayerId.CHANCE` before the deal or ``TERMINAL``."""
        state = self.engine_state
        if state is None:
            return _CHANCE
        if state.is_over:
            return _TERMINAL
        return seat_to_decide(state, self.declined)

    def _legal_actions(self, player: int) -> list[int]:
        state = self.engine_state
        if state is None or state.is_over:
            return []
        ids: list[int] = self.setup.encoding.legal_actions(state, player)
        return ids

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The deal: ``DEALS`` equally likely seeds."""
        if self.engine_state is not None:
            return []
        return list(_deal_outcomes())  # a copy: the caller may change its list

    def _apply_action(self, action: int) -> None:
        setup = self.setup
        state = self.engine_state
        if state is None:
            if not 0 <= action < DEALS:  # pragma: no cover - OpenSpiel checks chance outcomes
                raise InvalidArgumentError("action", action, f"expected a seed below {DEALS}")
            state = setup.game.new_game(setup.players, seed=int(action), rules=setup.rules)
            self.engine_state = state
            self.trail = _Trail(None, state.last_events)
            return
        seat = seat_to_decide(state, self.declined)
        encoding = setup.encoding
        if action == encoding.decline and seat != state.to_act[0]:
            self.declined = self.declined | {seat}
            return
        move = encoding.decode(action, state, seat)
        state = state.apply(move)
        self.engine_state = state
        self.declined = frozenset()
        self.trail = _Trail(self.trail, state.last_events)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == _CHANCE:
            return f"deal {action}"
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
        here. Before the deal and at the end, the state itself (a copy) is returned.
        """
        state = self.engine_state
        if state is None or state.is_over or self.trail is None:
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
        sampled = setup.game.sample_state(state.view(seat), Rng.from_seed(high << 32 | low))
        result: CardgamesState = self.get_game().new_initial_state()
        result.engine_state = sampled
        result.declined = _asked_before(sampled, seat)
        result.trail = self.trail.redacted_for(seat)
        return result

    def __str__(self) -> str:
        state = self.engine_state
        if state is None:
            return "chance: the deal"
        declined = ",".join(map(str, sorted(self.declined)))
        return f"declined: {declined or '-'}\n{state.to_json()}"

    # -- for the observer ---------------------------------------------------------------------

    def view(self, seat: int | None) -> View | None:
        """What ``seat`` sees now (``None`` before the deal)."""
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
