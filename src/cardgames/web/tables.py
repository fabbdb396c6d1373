"""The tables of `cardgames serve`: matches of any game, stored, with people and bots at them.

This module is the server's game logic, free of HTTP: `Tables` creates tables, answers each
seat with its view, its events and its legal moves, applies moves and lets the bots move, and
starts the rounds of a match, keeping everything in a `cardgames.web.store.Store`.

How it uses the library:

- A round in play is a `cardgames.history.GameLog`: dealt from the round's seed and rules, with
  every accepted move pushed (`GameLog.push` checks the move as `State.apply` does). The
  current state is its last state; the events of move ``k`` are the ``last_events`` of its
  ``k``-th state, redacted for each seat that reads them (`Event.redacted_for`).
- A table plays a match, each game's own: `cardgames.crazy_eights.Match`,
  `cardgames.huit_americain.Match` or `cardgames.planets.Match`. After a round, its points are
  recorded (`Match.record`) and, until the match is over, the next round is dealt with the
  match's rules for it (`Match.round_rules`: the dealer or the first Commander rotates).
- Nothing is kept only in memory: a `Snapshot` (the table as one immutable value) is cached per
  table and version, and rebuilt from the store when the version in the database differs
  (another process wrote, or the server restarted): the round is dealt again and its stored
  moves replayed, and the result must be the stored state, or the table is refused
  (`CorruptTableError`) rather than played wrong.
- A move is applied on the snapshot it was read against and stored only if the table still has
  that version (`Store.commit`); otherwise it is read again against the new state, up to three
  times, unless the client pinned the version it saw (``expect``), which then gets
  `StaleTableError`. Two requests racing on one table never both apply.
- Bots (`cardgames.agents.make_agent`) play the seats nobody holds, from their own views.
  Their random streams are derived from the round's seed, the seat and the move number, so a
  restarted server makes the very same bot moves.
"""

from __future__ import annotations

import hmac
import ipaddress
import re
import secrets
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

import attrs

import cardgames
from cardgames.agents import Agent, AgentError, agent_rng, choose_move, make_agent, offer_move
from cardgames.errors import CardGamesError, IllegalMoveError, MatchOverError
from cardgames.game import Event, Game, Move, State, engine_move, normalize_name
from cardgames.history import GameLog
from cardgames.infostate import InfoState
from cardgames.web.store import MoveRow, NewRound, SeatRow, Store, TableRow, dumps, token_hash

__all__ = [
    "BOT_KINDS",
    "DEFAULT_GAME",
    "MAX_ROUNDS",
    "CorruptTableError",
    "MatchOverError",
    "NotYourTurnError",
    "RoundNotOverError",
    "SeedNotAllowedError",
    "Snapshot",
    "StaleTableError",
    "Tables",
    "TablesFullError",
    "TooManyTablesError",
    "UnknownTableError",
    "network_of",
    "page_of",
    "served_games",
]

DEFAULT_GAME: Final = "crazy-eights"
"""The game of a table whose request names none."""

PAGES: Final = {
    "crazy-eights": "table.html",
    "huit-americain": "table.html",
    "planets": "planets.html",
}
"""The table pages written for a game (files of ``static/``); any other game gets ``game.html``,
the generic page drawn from the seat's view and legal moves."""

GENERIC_PAGE: Final = "game.html"
"""The table page of a game that has no page of its own."""

BOT_KINDS: Final = ("easy", "medium", "hard", "random", "heuristic", "ismcts:200")
"""The agents a seat may have (`cardgames.agents.make_agent` names): the difficulty levels and
three others, only bounded ones since a bot's move costs the server's time ("hard", ISMCTS on
what its seat has seen, takes about 0.2 s a decision)."""

MAX_ROUNDS: Final = 50
"""The most rounds a client may ask a match to last."""

FINISHED_SECONDS: Final = 15 * 60.0
"""A finished match's table is kept this long after its end (to read the last round), then
deleted; until then it counts against its creator's tables."""

MAX_LOG_ENTRIES: Final = 1000
"""The most moves' events one answer carries."""

SEED_BITS: Final = 63
"""A seed a client chooses is below ``2**SEED_BITS`` (the server draws its own from 64 bits)."""
_RETRIES: Final = 3
_STATUSES: Final = frozenset({"playing", "round_over", "match_over"})
_TOKEN_HASH: Final = re.compile(r"[0-9a-f]{64}")


class UnknownTableError(CardGamesError, LookupError):
    """No table has this id (it may have expired)."""


class TablesFullError(CardGamesError, RuntimeError):
    """No room for another table."""


class TooManyTablesError(CardGamesError, RuntimeError):
    """The client already runs as many tables as one client may."""


class SeedNotAllowedError(CardGamesError, ValueError):
    """A chosen seed at a table where other people would play (the chooser knows the hands)."""


class StaleTableError(CardGamesError, RuntimeError):
    """The table changed since the version the client expected (or kept changing under it)."""


class RoundNotOverError(CardGamesError, RuntimeError):
    """The next round was asked for while this one is still being played."""


class NotYourTurnError(CardGamesError, RuntimeError):
    """A move was sent while the round is over (nobody can move until the next round)."""


class CorruptTableError(CardGamesError, RuntimeError):
    """The stored moves of a table do not replay to its stored state: it is not played on."""


@attrs.frozen
class Snapshot:
    """One table at one version: everything the server knows of it, as one immutable value.

    Attributes:
        id: The table's public id.
        game: The game.
        preset: The name of the preset its rules came from.
        creator: The client that made it (`cardgames.web.app.creator_key`), or ``None``.
        seats: Each seat's name, bot and token hash.
        version: The table's version in the store.
        round: The round being played or just finished (from 1).
        status: ``"playing"``, ``"round_over"`` or ``"match_over"``.
        match: The match so far (the game's ``Match``).
        log: The round's history (deal and moves).
        round_seed: The round's seed (secret: the bots' streams and the deal derive from it).
    """

    id: str
    game: Game[Any]
    preset: str
    creator: str | None
    seats: tuple[SeatRow, ...]
    version: int
    round: int
    status: str
    match: Any
    log: GameLog
    round_seed: int

    @property
    def state(self) -> State[Any, Any, Any]:
        """The round's current state (never send it to a client: only views)."""
        return self.log.state

    @property
    def seq(self) -> int:
        """How many moves the round has had."""
        return len(self.log)

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names, by seat."""
        return tuple(seat.name for seat in self.seats)

    def seat_for(self, token: str) -> int | None:
        """The seat ``token`` opens (its hash compared with each seat's in constant time)."""
        digest = token_hash(token)
        found = None
        for seat, row in enumerate(self.seats):
            if row.token_hash is not None and hmac.compare_digest(digest, row.token_hash):
                found = seat
        return found

    def events(self, seat: int, after: int) -> list[tuple[int, int | None, tuple[Event, ...]]]:
        """The round's moves after move ``after``: number, mover and events as ``seat`` sees them.

        Entry 0 is the deal (mover ``None``). At most the last `MAX_LOG_ENTRIES` moves.
        """
        log = self.log
        first = min(max(after + 1, 0, len(log) + 1 - MAX_LOG_ENTRIES), len(log) + 1)
        return [
            (
                n,
                getattr(move, "player", None),
                tuple(event.redacted_for(seat) for event in state.last_events),
            )
            for n, (move, state) in enumerate(log.entries(first), start=first)
        ]

    def match_summary(self) -> dict[str, Any]:
        """The match for display: players, each round's points, totals, winners, whether over."""
        match = self.match
        summary: dict[str, Any] = dict(match.to_dict())
        summary["is_over"] = bool(match.is_over)
        return summary


def _check_match(row: TableRow, match: Any, players: tuple[str, ...], rules: Any) -> None:
    """Refuse a stored match that is not this table's: its players, rounds played, status.

    Round ``r`` is played while the match holds ``r - 1`` rounds, under `Match.round_rules`;
    once it is over the match holds ``r`` and the table's status says whether it is the last.

    Raises:
        CorruptTableError: naming what does not fit.
    """
    playing = row.status == "playing"
    if match.players != players:
        raise CorruptTableError(f"table {row.id}: the match's players are not the seats'")
    if len(match.rounds) != (row.round - 1 if playing else row.round):
        raise CorruptTableError(f"table {row.id}: the match does not hold round {row.round}")
    if playing and rules != match.round_rules():
        raise CorruptTableError(f"table {row.id}: the round's rules are not the match's")
    if not playing and (row.status == "match_over") != bool(match.is_over):
        raise CorruptTableError(f"table {row.id}: the status does not fit the match")


def _check_row(row: TableRow) -> None:
    """Refuse a stored table whose own fields the server could not use soundly.

    Its status is one of the three; each seat is a person with a token's hash (64 hexadecimal
    digits: compared in constant time, which needs ASCII text) or one of the bounded bots of
    `BOT_KINDS` (a bot of any budget would let an edited row hold a CPU), never both or neither.

    Raises:
        CorruptTableError: naming what does not fit.
    """
    if row.status not in _STATUSES:
        raise CorruptTableError(f"table {row.id}: its status is not one the server writes")
    for seat, stored in enumerate(row.seats):
        if stored.bot is None:
            sound = isinstance(stored.token_hash, str) and bool(
                _TOKEN_HASH.fullmatch(stored.token_hash)
            )
        else:
            sound = stored.token_hash is None and stored.bot in BOT_KINDS
        if not sound:
            raise CorruptTableError(
                f"table {row.id}: seat {seat} is neither a person with a token nor a bot offered"
            )


def served_games() -> tuple[Game[Any], ...]:
    """The games a table can play: every registered game that has matches, sorted by name.

    A table plays a match (`Game.new_match`); a registered game without one
    (``Game.match_type is None``) is not offered.

    Examples:
        >>> [game.name for game in served_games()]
        ['crazy-eights', 'huit-americain', 'planets']
    """
    return tuple(game for game in cardgames.games() if game.match_type is not None)


def page_of(game: Game[Any]) -> str:
    """The file of ``static/`` that serves a table of ``game``: its own page, else the generic one.

    Examples:
        >>> page_of(cardgames.find_game("planets")), page_of(cardgames.find_game("8 américain"))
        ('planets.html', 'table.html')
    """
    return PAGES.get(game.name, GENERIC_PAGE)


def network_of(creator: str) -> str | None:
    """The wider network a client's key belongs to: an IPv4 /24, an IPv6 /48; ``None`` for a name.

    Several clients of one network (a campus, a provider's block of homes) share the server's
    tables: no such network may hold more than half of them (`Tables.create`).

    Examples:
        >>> network_of("192.0.2.7"), network_of("2001:db8:0:ff00::/56"), network_of("testclient")
        ('192.0.2.0/24', '2001:db8::/48', None)
    """
    try:
        network = ipaddress.ip_network(creator, strict=False)
    except ValueError:
        return None
    prefix = 24 if network.version == 4 else 48
    if network.prefixlen < prefix:
        return str(network)
    return str(network.supernet(new_prefix=prefix))


def _wait_text(seconds: float) -> str:
    """A wait as people say it: "4 h 59 min", "12 min", "1 min".

    Examples:
        >>> _wait_text(6 * 3600 - 30), _wait_text(725), _wait_text(3)
        ('6 h', '12 min', '1 min')
    """
    minutes = max(1, round(seconds / 60))
    hours, minutes = divmod(minutes, 60)
    if not hours:
        return f"{minutes} min"
    return f"{hours} h" + (f" {minutes} min" if minutes else "")


def _secret_seed() -> int:
    """A round's seed: 64 random bits, as a signed 64-bit integer (the store's column).

    Too many seeds for a player to try each against their own hand.
    """
    return secrets.randbits(64) - 2**63


def _new_id() -> str:
    return secrets.token_urlsafe(9)


class Tables:
    """The tables of one server, stored in ``store``, with their limits and their bots.

    Args:
        store: Where the tables live.
        max_tables: The most tables kept at once.
        tables_per_creator: The most tables one client may have (a finished one counts until
            it is deleted, `FINISHED_SECONDS` after its end).
        idle_seconds: A table where nothing changed for this long is deleted.
        on_change: Called with a table's id after every change (from any thread).
    """

    def __init__(
        self,
        store: Store,
        *,
        max_tables: int = 200,
        tables_per_creator: int = 5,
        idle_seconds: float = 6 * 3600.0,
        on_change: Callable[[str], None] | None = None,
    ) -> None:
        self.store = store
        self.max_tables = max_tables
        self.tables_per_creator = tables_per_creator
        self.idle_seconds = idle_seconds
        self.on_change = on_change
        self._cache: dict[str, Snapshot] = {}
        self._cache_lock = threading.Lock()
        self._bot_locks: dict[str, threading.Lock] = {}
        self._offered: dict[str, tuple[int, int]] = {}
        self._agents: dict[tuple[str, int], Agent] = {}
        self._infos: dict[tuple[str, int], tuple[int, int, InfoState]] = {}
        self._create_lock = threading.Lock()

    # -- creating ----------------------------------------------------------------------------

    def create(
        self,
        game_name: str,
        seats: Sequence[tuple[str, str | None]],
        *,
        preset: str | None = None,
        seed: int | None = None,
        rounds: int | None = None,
        creator: str | None = None,
    ) -> tuple[Snapshot, dict[int, str]]:
        """Make a table and deal its first round; return it and each person's token.

        Args:
            game_name: A game of `served_games` (any name or alias `cardgames.find_game` knows).
            seats: Each seat's name and bot (``None``: a person).
            preset: A preset of the game's rules (default: its first).
            seed: The first round's seed; only for a table with one person (else `secrets`).
            rounds: How many rounds the match lasts (default: the game's own match rules).
            creator: The client that asks (for the per-client limit).

        Raises:
            UnknownGameError, InvalidRulesError: for a game, preset or seats that do not fit.
            InvalidArgumentError: for a bad bot name or seat name, a game without matches.
            SeedNotAllowedError: for a chosen seed at a table with several people.
            TooManyTablesError: if ``creator`` has `tables_per_creator` tables, or its network
                (`network_of`) half of `max_tables`; the message says when a place frees.
            TablesFullError: if the store holds `max_tables` tables after expiry.
        """
        game = cardgames.find_game(game_name)
        if game.match_type is None:
            raise cardgames.InvalidArgumentError(
                "game",
                game.name,
                f"{game.title} has no matches, and a table plays a match; games: "
                + ", ".join(served.name for served in served_games()),
            )
        if not game.min_players <= len(seats) <= game.max_players:
            raise cardgames.InvalidRulesError(
                "players",
                len(seats),
                f"{game.title} is for {game.min_players} to {game.max_players} players",
            )
        people = [i for i, (_, bot) in enumerate(seats) if bot is None]
        if not people:
            raise cardgames.InvalidArgumentError("seats", "no person", "a table needs a person")
        if seed is not None and len(people) > 1:
            raise SeedNotAllowedError(
                "a seed may be chosen only at a table with one person: whoever knows the seed "
                "knows every hand"
            )
        preset_key = _preset_key(game, preset)
        rules = game.preset(preset_key)
        agents = {i: make_agent(bot, game) for i, (_, bot) in enumerate(seats) if bot is not None}
        names = [name for name, _ in seats]
        match = game.new_match(names, rules, rounds=rounds)
        round_rules = match.round_rules()
        round_seed = _secret_seed() if seed is None else seed
        log = GameLog.start(game, names, seed=round_seed, rules=round_rules)
        with self._create_lock:  # the counts and the insert, one creation at a time
            self.expire()
            # Finished tables count too (until FINISHED_SECONDS after their end), so that one
            # client cannot fill the server by finishing short matches.
            if creator is not None:
                self._check_creator(creator)
            if self.store.count() >= self.max_tables:
                raise TablesFullError("the server holds as many tables as it may; try later")
            return self._create(
                game,
                seats,
                people,
                preset_key,
                match,
                round_rules,
                round_seed,
                log,
                agents,
                creator,
            )

    def _check_creator(self, creator: str) -> None:
        """Refuse a client with `tables_per_creator` tables, or whose network holds half of all.

        The refusal says when its first place frees and how to free one sooner.
        """
        mine = self.store.tables_by_creator(creator=creator)
        if len(mine) >= self.tables_per_creator:
            raise TooManyTablesError(
                f"you already have {self.tables_per_creator} tables, the most one address may "
                f"keep; {self._frees(mine)}"
            )
        network = network_of(creator)
        if network is None:
            return
        share = max(1, self.max_tables // 2)
        held = [
            row
            for row in self.store.tables_by_creator()
            if row[0] is not None and network_of(row[0]) == network
        ]
        if len(held) >= share:
            raise TooManyTablesError(
                f"the addresses of your network ({network}) already have {share} tables, the "
                f"most one network may keep (half of the server's {self.max_tables}); "
                f"{self._frees(held)}"
            )

    def _frees(self, rows: Sequence[tuple[str | None, str, float]]) -> str:
        """When the first of these tables (creator, status, last change) goes, and how to hurry."""
        now = self.store.clock()
        finished = min(self.idle_seconds, FINISHED_SECONDS)
        ends = [
            updated + (finished if status == "match_over" else self.idle_seconds)
            for _, status, updated in rows
        ]
        return (
            f"the first place frees in {_wait_text(min(ends) - now)} if nothing more is played "
            f"there: a table goes "
            f"{_wait_text(finished)} after its match ends, or after "
            f"{_wait_text(self.idle_seconds)} without a move; finish a match to free one sooner"
        )

    def _create(
        self,
        game: Game[Any],
        seats: Sequence[tuple[str, str | None]],
        people: list[int],
        preset_key: str,
        match: Any,
        round_rules: Any,
        round_seed: int,
        log: GameLog,
        agents: dict[int, Agent],
        creator: str | None,
    ) -> tuple[Snapshot, dict[int, str]]:
        tokens = {seat: secrets.token_urlsafe(24) for seat in people}
        now = self.store.clock()
        table_id = _new_id()
        seat_rows = tuple(
            SeatRow(name, bot, None if bot is not None else token_hash(tokens[i]))
            for i, (name, bot) in enumerate(seats)
        )
        row = TableRow(
            id=table_id,
            game=game.name,
            preset=preset_key,
            creator=creator,
            version=1,
            round=1,
            moves=0,
            status="playing",
            state=log.state.to_json(),
            match=match.to_json(),
            created_at=now,
            updated_at=now,
            seats=seat_rows,
        )
        self.store.create(row, NewRound(1, round_seed, round_rules.to_json()))
        snapshot = Snapshot(
            table_id, game, preset_key, creator, seat_rows, 1, 1, "playing", match, log, round_seed
        )
        with self._cache_lock:
            for seat, agent in agents.items():
                self._agents[(table_id, seat)] = agent
        self._remember(snapshot)
        self._changed(table_id)  # a bot may be the first to play
        return snapshot, tokens

    # -- reading -----------------------------------------------------------------------------

    def get(self, table_id: str) -> Snapshot:
        """The table as the store holds it now.

        Raises:
            UnknownTableError: if there is no such table.
            CorruptTableError: if its stored moves do not replay to its stored state.
        """
        try:
            version = self.store.version(table_id)
        except ValueError:
            raise CorruptTableError(f"table {table_id}: its version is not a number") from None
        if version is None:
            self._forget(table_id)
            raise UnknownTableError(table_id)
        with self._cache_lock:
            cached = self._cache.get(table_id)
        if cached is not None and cached.version == version:
            return cached
        return self._load(table_id)

    def _load(self, table_id: str) -> Snapshot:
        row = self.store.table(table_id)
        if row is None:
            raise UnknownTableError(table_id)
        snapshot = self.replay(row)
        self._remember(snapshot)
        return snapshot

    def replay(self, row: TableRow) -> Snapshot:
        """Rebuild a stored table: deal its round again and push its stored moves.

        Raises:
            CorruptTableError: if a move does not apply or the result is not the stored state.
        """
        try:
            _check_row(row)
            game = cardgames.find_game(row.game)
            players = tuple(seat.name for seat in row.seats)
            match = game.match_from_json(row.match)
            found = self.store.round_of(row.id, row.round)
            if found is None:
                raise CorruptTableError(f"table {row.id}: round {row.round} is not stored")
            round_row, _ = found
            rules = game.rules_from_json(round_row.rules)
            _check_match(row, match, players, rules)
            log = GameLog.start(game, players, seed=round_row.seed, rules=rules)
            stored_moves = self.store.moves(row.id, row.round, upto=row.moves)
            for n, stored in enumerate(stored_moves, start=1):
                move = game.move_from_json(stored.move)
                if stored.seq != n or getattr(move, "player", None) != stored.seat:
                    raise CorruptTableError(f"table {row.id}: move {n} is not in order")
                log = log.push(move)
            if log.state != game.state_from_json(row.state):
                raise CorruptTableError(
                    f"table {row.id}: the stored moves do not lead to the stored state"
                )
        except CorruptTableError:
            raise
        except (CardGamesError, ValueError, KeyError, TypeError) as exc:
            raise CorruptTableError(f"table {row.id} cannot be read back: {exc}") from None
        return Snapshot(
            row.id,
            game,
            row.preset,
            row.creator,
            row.seats,
            row.version,
            row.round,
            row.status,
            match,
            log,
            round_row.seed,
        )

    def _forget(self, table_id: str) -> None:
        """Drop what this process keeps of a table that is gone (expired or deleted)."""
        with self._cache_lock:
            if table_id not in self._cache and table_id not in self._bot_locks:
                return  # never seen here (a 404 for a made-up id): nothing to walk through
            self._cache.pop(table_id, None)
            self._bot_locks.pop(table_id, None)
            self._offered.pop(table_id, None)
            for key in [key for key in self._agents if key[0] == table_id]:
                del self._agents[key]
            for key in [key for key in self._infos if key[0] == table_id]:
                del self._infos[key]

    def _remember(self, snapshot: Snapshot) -> None:
        with self._cache_lock:
            cached = self._cache.get(snapshot.id)
            if cached is None or cached.version <= snapshot.version:
                self._cache[snapshot.id] = snapshot

    # -- changing ----------------------------------------------------------------------------

    def play(
        self,
        table_id: str,
        seat: int,
        read_move: Callable[[State[Any, Any, Any]], Move],
        *,
        expect: int | None = None,
    ) -> Snapshot:
        """Make ``seat``'s move, read by ``read_move`` from the state it will apply to.

        Args:
            table_id: The table.
            seat: The seat whose token came with the move.
            read_move: Reads the client's move against a state (notation or document).
            expect: The table's version the client saw; ``None`` to play on whatever is current.

        Raises:
            IllegalMoveError: if the move is not one of ``seat``'s legal moves now.
            ParseError, InvalidStateError: from ``read_move``.
            StaleTableError: if the table is no longer at ``expect`` (or kept changing).
            NotYourTurnError, MatchOverError: if the round or the match is over.
        """
        for _ in range(_RETRIES):
            snapshot = self.get(table_id)
            if expect is not None and snapshot.version != expect:
                raise StaleTableError(
                    f"the table is at version {snapshot.version}, not {expect}: reload"
                )
            if snapshot.status == "match_over":
                raise MatchOverError("the match is over")
            if snapshot.status != "playing":
                raise NotYourTurnError("the round is over: start the next round")
            state = snapshot.state
            move = read_move(state)
            own = engine_move(state.legal_moves(seat), move)
            if own is None:
                if type(move) in state.game.move_types.values():
                    state.apply(move)  # raises IllegalMoveError with the engine's reason
                raise IllegalMoveError(move, seat, "illegal", "this move is not legal here")
            if self._commit_move(snapshot, own) is not None:
                return self.get(table_id)
            self._check_present(table_id)  # deleted meanwhile: not a stale table but none
            if expect is not None:
                raise StaleTableError("the table changed while the move was made: reload")
        raise StaleTableError("the table kept changing; try again")

    def _commit_move(self, snapshot: Snapshot, move: Move) -> Snapshot | None:
        log = snapshot.log.push(move)
        state = log.state
        match = snapshot.match
        status = "playing"
        points = None
        if state.is_over:
            match = match.record(state)
            status = "match_over" if match.is_over else "round_over"
            points = dumps(list(match.rounds[-1]))
        seat = getattr(move, "player", None)
        assert isinstance(seat, int)
        ok = self.store.commit(
            snapshot.id,
            snapshot.version,
            round_number=snapshot.round,
            moves=len(log),
            status=status,
            state=state.to_json(),
            match=match.to_json(),
            move=MoveRow(len(log), seat, snapshot.game.move_to_json(move)),
            points=points,
        )
        if not ok:
            return None
        new = attrs.evolve(
            snapshot, version=snapshot.version + 1, status=status, match=match, log=log
        )
        self._remember(new)
        self._changed(snapshot.id)
        return new

    def next_round(self, table_id: str) -> Snapshot:
        """Deal the next round of the match.

        Raises:
            RoundNotOverError: if the round is still being played.
            MatchOverError: if the match is over.
            StaleTableError: if another request started it first.
        """
        snapshot = self.get(table_id)
        if snapshot.status == "match_over":
            raise MatchOverError("the match is over")
        if snapshot.status != "round_over":
            raise RoundNotOverError("the round is still being played")
        match = snapshot.match
        rules = match.round_rules()
        seed = _secret_seed()
        log = GameLog.start(snapshot.game, snapshot.players, seed=seed, rules=rules)
        number = snapshot.round + 1
        ok = self.store.commit(
            table_id,
            snapshot.version,
            round_number=number,
            moves=0,
            status="playing",
            state=log.state.to_json(),
            match=match.to_json(),
            new_round=NewRound(number, seed, rules.to_json()),
        )
        if not ok:
            self._check_present(table_id)
            raise StaleTableError("the next round was started by someone else")
        new = attrs.evolve(
            snapshot,
            version=snapshot.version + 1,
            round=number,
            status="playing",
            log=log,
            round_seed=seed,
        )
        self._remember(new)
        self._changed(table_id)
        return new

    def _check_present(self, table_id: str) -> None:
        """After a change that did not apply: raise `UnknownTableError` if the table is gone."""
        if self.store.version(table_id) is None:
            self._forget(table_id)
            raise UnknownTableError(table_id)

    def _changed(self, table_id: str) -> None:
        if self.on_change is not None:
            self.on_change(table_id)

    # -- bots --------------------------------------------------------------------------------

    def bot_step(self, table_id: str) -> bool:
        """Let one bot move at the table if one may; return whether a bot moved.

        The bots that may interrupt (call out, jump in) are offered the chance once per
        position, in seat order after the current player, as `cardgames.agents.play_game`
        does; then the current player moves if it is a bot.
        """
        with self._cache_lock:
            lock = self._bot_locks.setdefault(table_id, threading.Lock())
        with lock:
            try:
                snapshot = self.get(table_id)
            except UnknownTableError:
                return False
            if snapshot.status != "playing":
                return False
            move = self._bot_move(snapshot)
            if move is None:
                return False
            return self._commit_move(snapshot, move) is not None

    def advance(self, table_id: str, *, limit: int = 10_000) -> int:
        """Let the bots move until a person must act; return how many moves they made."""
        made = 0
        while made < limit and self.bot_step(table_id):
            made += 1
        return made

    def bot_due(self, table_id: str) -> bool:
        """Whether a bot may move at the table now (its turn, or a chance to interrupt)."""
        try:
            snapshot = self.get(table_id)
        except (UnknownTableError, CorruptTableError):
            return False
        if snapshot.status != "playing":
            return False
        bots = {seat for seat, row in enumerate(snapshot.seats) if row.bot is not None}
        return bool(bots.intersection(snapshot.state.to_act))

    def _bot_move(self, snapshot: Snapshot) -> Move | None:
        state = snapshot.state
        to_act = state.to_act
        if not to_act:
            return None
        current = to_act[0]
        bots = {seat for seat, row in enumerate(snapshot.seats) if row.bot is not None}
        position = (snapshot.round, snapshot.seq)
        if self._offered.get(snapshot.id) != position:
            self._offered[snapshot.id] = position
            n = len(snapshot.seats)
            for seat in sorted(to_act[1:], key=lambda s: (s - current) % n):
                if seat in bots:
                    move = self._ask(snapshot, seat, own_turn=False)
                    if move is not None:
                        return move
        if current in bots:
            return self._ask(snapshot, current, own_turn=True)
        return None

    def _agent(self, snapshot: Snapshot, seat: int) -> Agent:
        key = (snapshot.id, seat)
        agent = self._agents.get(key)
        if agent is None:
            kind = snapshot.seats[seat].bot
            assert kind is not None
            agent = make_agent(kind, snapshot.game)
            with self._cache_lock:
                self._agents[key] = agent
        return agent

    def _info(self, snapshot: Snapshot, seat: int) -> InfoState:
        """What ``seat`` has seen this round, for a bot that remembers (an informed agent).

        Kept per table and seat and extended by the views of the moves since (one view a
        move); rebuilt from the round's states after a restart or a new round.
        """
        key = (snapshot.id, seat)
        kept = self._infos.get(key)
        states = snapshot.log.states
        if kept is not None and kept[0] == snapshot.round and kept[1] <= snapshot.seq:
            info = kept[2]
            for state in states[kept[1] + 1 :]:
                info = info._follow(state.view(seat))  # the engine's own view
        else:
            info = InfoState.from_states(states, seat)
        with self._cache_lock:
            self._infos[key] = (snapshot.round, snapshot.seq, info)
        return info

    def _ask(self, snapshot: Snapshot, seat: int, *, own_turn: bool) -> Move | None:
        # A bot's stream for this decision: from the round's seed, its seat and the move number,
        # so that the same table makes the same bot moves after a restart.
        state = snapshot.state
        rng = agent_rng(snapshot.round_seed, seat).derive(snapshot.seq)
        agent = self._agent(snapshot, seat)
        info = self._info(snapshot, seat) if getattr(agent, "informed", False) is True else None
        try:
            offered: Move | None
            if own_turn:
                offered, _ = choose_move(agent, state, rng, info=info)
            else:
                offered, _ = offer_move(agent, state, seat, rng, info=info)
            return offered
        except AgentError:  # a bot must not stall the table
            fallback: Move | None = state.legal_moves(seat)[0] if own_turn else None
            return fallback

    # -- upkeep ------------------------------------------------------------------------------

    def expire(self) -> int:
        """Delete idle tables, and finished ones `FINISHED_SECONDS` after their end; how many."""
        removed = self.store.expire(
            self.idle_seconds, finished_seconds=min(self.idle_seconds, FINISHED_SECONDS)
        )
        for table_id in removed:
            self._forget(table_id)
        return len(removed)

    def playing(self) -> tuple[str, ...]:
        """The ids of the tables whose round is being played."""
        return self.store.table_ids(status="playing")


def _preset_key(game: Game[Any], preset: str | None) -> str:
    presets: Mapping[str, Any] = game.presets
    if preset is None:
        return next(iter(presets))
    wanted = normalize_name(preset)
    for key in presets:
        if normalize_name(key) == wanted:
            return key
    raise cardgames.InvalidRulesError(
        "preset", preset, f"presets of {game.title}: {', '.join(presets)}"
    )
