"""The rules of the shedding engine: card effects and options as data.

Crazy Eights and 8 Américain are presets of one engine. What a card does is an `Effect` looked up
in the `Effects` table of the rules; how the turn goes (drawing, stacking penalties, jump-ins,
announcing the last card, scoring) is a set of options. The engine reads nothing else: a variant
is a different `SheddingRules` value, never a different code path at a call site.

Effects (any combination, written ``wild+draw5``):

- ``wild``: the card goes on anything (but not on a pending draw) and its player names the suit
  that follows;
- ``drawN``: the next player draws N cards and (by default) does not play; with stacking, they
  may answer with a card that passes the grown penalty on;
- ``skip``: the next player misses their turn;
- ``reverse``: the direction of play reverses;
- ``again``: the player plays again;
- ``swap``: the player swaps hands with an opponent of their choice;
- ``choose``: the player chooses who plays next.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterator, Mapping
from typing import ClassVar

import attrs

from cardgames.cards import Card, DeckKind, Rank
from cardgames.errors import InvalidArgumentError, InvalidRulesError, ParseError
from cardgames.options import RulesBase, option

__all__ = [
    "AfterDraw",
    "Effect",
    "Effects",
    "JumpInWindow",
    "Scoring",
    "SheddingRules",
    "Stacking",
    "Starter",
]

JOKER_KEY = "JOKER"
_KEY_ORDER = (*(r.letter for r in Rank), JOKER_KEY)
# The longest texts `Effect.parse` and `Effects.parse` read: several times the longest
# legitimate ones, refused before they are folded or split (a copy of all of it).
_EFFECT_TEXT_LIMIT = 200
_EFFECTS_TEXT_LIMIT = 2000
_EFFECT_TOKEN = re.compile(r"^(wild|skip|reverse|again|swap|choose|draw(\d+))$")


@attrs.frozen
class Effect:
    """What playing a card does. The default effect does nothing.

    Attributes:
        wild: Goes on anything except a pending draw; its player names the next suit.
        draw: The next player draws this many cards (0: no penalty).
        skip: The next player misses their turn.
        reverse: The direction of play reverses.
        again: The player who laid it plays again.
        swap: Its player swaps hands with an opponent of their choice.
        choose: Its player chooses who plays next.
    """

    wild: bool = False
    draw: int = 0
    skip: bool = False
    reverse: bool = False
    again: bool = False
    swap: bool = False
    choose: bool = False

    def __attrs_post_init__(self) -> None:
        if not 0 <= self.draw <= 99:
            raise ValueError(f"a draw effect takes 0 to 99 cards, not {self.draw}")
        if self.again and (self.draw or self.skip or self.choose or self.reverse):
            raise ValueError("'again' cannot be combined with draw, skip, reverse or choose")
        if self.choose and self.skip:
            raise ValueError("'choose' cannot be combined with skip")

    @property
    def is_plain(self) -> bool:
        """Whether the card has no effect at all."""
        return self == _PLAIN

    @classmethod
    def parse(cls, text: str) -> Effect:
        """Read an effect such as ``"wild+draw5"`` (``"none"`` for no effect).

        Examples:
            >>> print(Effect.parse("wild+draw5"))
            wild+draw5
            >>> Effect.parse("wild+draw5").draw
            5

        Raises:
            ParseError: for an unknown token or an impossible combination (also for a
                non-string argument, and for text longer than 200 characters, refused without
                being read: every effect at once, ``"wild+draw99+skip+reverse+again+swap+choose"``,
                is 42).
        """
        if not isinstance(text, str) or str.__len__(text) > _EFFECT_TEXT_LIMIT:
            raise ParseError(
                text, f"effects joined by '+', at most {_EFFECT_TEXT_LIMIT} characters"
            )
        folded = str.casefold(str.strip(text))  # never a subclass's own strip or casefold
        if folded in {"none", "-", ""}:
            return _PLAIN
        values: dict[str, object] = {}
        for token in folded.split("+"):
            match = _EFFECT_TOKEN.match(token.strip())
            if match is None:
                raise ParseError(
                    text, "effects joined by '+': wild, drawN, skip, reverse, again, swap, choose"
                )
            digits = match.group(2)
            name = "draw" if digits is not None else match.group(1)
            if name in values:
                raise ParseError(text, f"each effect once ({name} is given twice)")
            if digits is not None and len(digits) > 3:  # never read a long number (see codec)
                raise ParseError(text[:60] + "…", "drawN with N from 0 to 99")
            values[name] = int(digits) if digits is not None else True
        try:
            return cls(**values)  # type: ignore[arg-type]
        except ValueError as exc:
            raise ParseError(text, str(exc)) from None

    def __str__(self) -> str:
        parts = [name for name in ("wild",) if getattr(self, name)]
        if self.draw:
            parts.append(f"draw{self.draw}")
        parts += [n for n in ("skip", "reverse", "again", "swap", "choose") if getattr(self, n)]
        return "+".join(parts) or "none"


_PLAIN = Effect()


def _key_of(text: str) -> str:
    """The canonical face a key names (``"dame"`` -> ``"Q"``).

    Raises:
        ParseError: if it names none (text longer than 64 characters is refused unread).
    """
    if not isinstance(text, str) or str.__len__(text) > 64:  # as `Rank.parse`
        raise ParseError(text, "a card face (2..10, J, Q, K, A, JOKER)")
    folded = str.strip(text)
    if str.casefold(folded) in {"joker", "jk"}:
        return JOKER_KEY
    return Rank.parse(folded).letter


class Effects(Mapping[str, Effect]):
    """An immutable table from card face (``"2"``…``"A"``, ``"JOKER"``) to `Effect`.

    Cards missing from the table have no effect. It reads and writes itself as text, which is
    how options are given on a command line and stored in JSON:

    Examples:
        >>> table = Effects.parse("8:wild 2:draw2 A:skip J:reverse")
        >>> str(table)
        '2:draw2 8:wild J:reverse A:skip'
        >>> table.for_card(Card.parse("2H")).draw
        2
    """

    text_coded: ClassVar[bool] = True
    __slots__ = ("_by_code", "_hash", "_items", "_table")

    def __init__(self, items: Mapping[str, Effect] | None = None) -> None:
        table: dict[str, Effect] = {}
        for key, effect in (items or {}).items():
            if not isinstance(effect, Effect):
                raise TypeError(
                    f"effect for {key!r} must be an Effect, not {type(effect).__name__}"
                )
            try:
                canonical = _key_of(key)
            except ParseError:
                raise ValueError(f"unknown card face {key!r} in effects") from None
            if not effect.is_plain:
                table[canonical] = effect
        self._items = tuple((k, table[k]) for k in _KEY_ORDER if k in table)
        self._hash = hash(self._items)
        # Lookups by canonical face and by card code: `for_card` is on the bots' hot path.
        self._table: dict[str, Effect] = dict(self._items)
        self._by_code: tuple[Effect, ...] = tuple(
            self._table.get(JOKER_KEY if card.rank is None else card.rank.letter, _PLAIN)
            for card in map(Card.from_code, range(53))
        )

    @classmethod
    def parse(cls, text: str) -> Effects:
        """Read ``"FACE:EFFECT FACE:EFFECT…"`` (spaces or commas between entries).

        Raises:
            ParseError: naming the entry that is not understood (also for a non-string argument,
                and for text longer than 2,000 characters, refused without being read: all 14
                faces in words with every effect take under 1,000).
        """
        if not isinstance(text, str) or str.__len__(text) > _EFFECTS_TEXT_LIMIT:
            raise ParseError(
                text,
                f"FACE:EFFECT entries such as '8:wild A:skip', at most "
                f"{_EFFECTS_TEXT_LIMIT:,} characters",
            )
        items: dict[str, Effect] = {}
        for entry in re.split(r"[\s,;]+", str.strip(text)):
            if not entry or entry.casefold() == "none":
                continue
            face, sep, effect = entry.partition(":")
            if not sep:
                raise ParseError(entry, "FACE:EFFECT, such as 8:wild or A:draw4")
            try:
                key = _key_of(face)
            except ParseError:
                raise ParseError(
                    entry, "a card face (2..10, J, Q, K, A, JOKER) before ':'"
                ) from None
            if key in items:
                raise ParseError(entry, f"one entry per face ({key} is given twice)")
            items[key] = Effect.parse(effect)
        return cls(items)

    def for_card(self, card: Card) -> Effect:
        """The effect of a card (the plain effect when the table has none).

        Raises:
            InvalidArgumentError: if ``card`` is not a `Card` (an ``int`` code included).
        """
        if type(card) is Card:
            return self._by_code[card]
        raise InvalidArgumentError("card", card, "expected a Card")

    def replace(self, face: str, effect: Effect | str) -> Effects:
        """A copy with the effect of one face set (a plain effect removes it)."""
        value = Effect.parse(effect) if isinstance(effect, str) else effect
        items = dict(self._items)
        items[_key_of(face)] = value
        return Effects(items)

    def __getitem__(self, key: str) -> Effect:
        if type(key) is str and key in self._table:  # a canonical face: no parsing
            return self._table[key]
        try:
            canonical = _key_of(key)
        except (ParseError, AttributeError, TypeError):
            raise KeyError(key) from None
        try:
            return self._table[canonical]
        except KeyError:
            raise KeyError(key) from None

    def __iter__(self) -> Iterator[str]:
        return (k for k, _ in self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Effects):
            return self._items == other._items
        return NotImplemented

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        return " ".join(f"{k}:{e}" for k, e in self._items) or "none"

    def __repr__(self) -> str:
        return f"Effects.parse({str(self)!r})"


class Stacking(enum.Enum):
    """Whether a player facing a draw penalty may pass it on, grown, by playing a draw card."""

    NONE = "none"
    """No: the player draws (8 Américain without "le cumul")."""
    SAME_RANK = "same_rank"
    """With a card of the same rank: a 2 on a 2, an Ace on an Ace (Crazy Eights; "le cumul")."""
    ANY_DRAW = "any_draw"
    """With any card that makes the next player draw. With one draw rank only, as in every
    Crazy Eights preset (the 2 of the Marquoir rules, the 7 of ``sevens-draw``), this plays
    exactly like `SAME_RANK`: they differ only when several ranks make the next player draw
    (``2:draw2 JOKER:wild+draw5``, 8 Américain's 2 and joker)."""


class AfterDraw(enum.Enum):
    """What a player may do with the card that their turn's draw brought."""

    PLAY_OR_PASS = "play_or_pass"
    """Play it at once if it fits, or keep it and pass (Crazy Eights). The drawer decides with a
    move even when it does not fit (``pass`` is then the only one), so that nobody else learns
    whether it fits."""
    MUST_PLAY = "must_play"
    """Play it if it fits, else the turn passes (with drawing until playable: the usual "draw
    until you can play"). Nothing is hidden: the card fits exactly when it is laid."""
    PASS = "pass"
    """Keep it; the turn passes (8 Américain: "il pioche une carte et passe son tour")."""


class JumpInWindow(enum.Enum):
    """How long a card may be jumped on (``jump_in``, "à la volée")."""

    NEXT_MOVE = "next_move"
    """Until the next move of any kind, as the "carte" call-out: the identical card is laid
    "immédiatement" (8 Américain), and a draw, a penalty taken, an announcement or a call-out
    closes the window even though the top card is unchanged."""
    TOP_UNCHANGED = "top_unchanged"
    """As long as the card is the top of the discard pile, whatever moves are made meanwhile."""


class Starter(enum.Enum):
    """What happens when the card turned up to open the discard pile is wild."""

    REDRAW = "redraw"
    """It goes back into the stock at a random place and another is turned (Crazy Eights' text)."""
    KEEP = "keep"
    """It stays; no suit is named, so the first player may lay any card."""


class Scoring(enum.Enum):
    """How a round is scored and a match is won."""

    CRAZY_EIGHTS = "crazy_eights"
    """The winner collects the value of the other hands: 2–10 face value, J/Q/K 10, Ace 20 (1
    when the Ace has no effect), 8 50, joker 50; the highest total wins the match."""
    HUIT_AMERICAIN = "huit_americain"
    """Every player scores the cards left in their own hand: joker 50, 8 and 2♠ 25, other 2s
    and Aces 15, J/Q/K 10, any other card 5; the lowest total wins the match."""


@attrs.frozen(cache_hash=True)
class SheddingRules(RulesBase):
    """Every option of the shedding engine. Game modules subclass it with their own defaults.

    A deck with jokers brings the jokers' default effect (`joker_effect`) when ``effects`` says
    nothing of the joker, so ``deck=jokers_54`` alone gives wild jokers:

    Examples:
        >>> print(SheddingRules(deck=DeckKind.JOKERS_54).effects)
        2:draw2 8:wild J:reverse A:skip JOKER:wild
    """

    joker_effect: ClassVar[Effect] = Effect(wild=True)
    """What a joker does when the deck has jokers and ``effects`` does not say: wild, as the 8."""

    deck: DeckKind = option(
        DeckKind.STANDARD_52, "The deck: 52 cards, 54 with two jokers, or 32 (7 to Ace)."
    )
    decks: int | None = option(
        None,
        "How many decks are shuffled together; none: enough for cards_per_player each.",
        minimum=1,
        maximum=8,
    )
    cards_per_player: int = option(
        10,
        "With decks=none, the fewest decks giving at least this many cards per player.",
        minimum=1,
        maximum=60,
    )
    hand_size: int = option(7, "Cards dealt to each player.", minimum=1, maximum=30)
    hand_size_two_players: int | None = option(
        None, "Cards dealt to each of two players, if different.", minimum=1, maximum=30
    )
    dealer: int = option(
        0, "The dealer's seat; the player on their left starts.", minimum=0, maximum=99
    )
    effects: Effects = option(
        Effects.parse("8:wild 2:draw2 A:skip J:reverse"), "What each card face does when played."
    )
    stacking: Stacking = option(
        Stacking.SAME_RANK, "Whether a draw penalty can be passed on, grown, with a draw card."
    )
    penalty_ends_turn: bool = option(
        True, "A player who takes a draw penalty does not play that turn."
    )
    draw_until_playable: bool = option(False, "A player who cannot play draws until they can.")
    after_draw: AfterDraw = option(
        AfterDraw.PLAY_OR_PASS, "What may be done with a drawn card that fits."
    )
    draw_when_playable: bool = option(False, "A player may draw even when holding a playable card.")
    announce_penalty: int = option(
        2,
        "Cards drawn by a player caught not announcing their last card; 0: no announcement rule.",
        minimum=0,
        maximum=10,
    )
    two_players_again: bool = option(
        True, "With two players, cards that reverse or skip make their player play again."
    )
    jump_in: bool = option(
        False, "A player holding a card identical to the top card may lay it out of turn."
    )
    jump_in_window: JumpInWindow = option(
        JumpInWindow.NEXT_MOVE,
        "How long a jump-in is possible: until the next move, or while the top card is unchanged.",
    )
    starter: Starter = option(Starter.REDRAW, "What happens when the first card turned up is wild.")
    starter_effects: bool = option(
        False, "The first card turned up acts as if the dealer had played it."
    )
    scoring: Scoring = option(Scoring.CRAZY_EIGHTS, "How rounds are scored and matches won.")
    target_score: int | None = option(
        200,
        "A match ends when a total reaches this; none: play a fixed number of rounds.",
        minimum=1,
        maximum=100_000,
    )
    rounds: int | None = option(
        None, "A match of this many rounds (when target_score is none).", minimum=1, maximum=1000
    )
    max_moves: int = option(
        2000,
        "A round ends after this many moves, scored like a blocked round (guarantees the end).",
        minimum=10,
        maximum=1_000_000,
    )

    def __attrs_post_init__(self) -> None:
        if self.target_score is None and self.rounds is None:
            raise InvalidRulesError("rounds", None, "a match needs target_score or rounds")
        if self.deck is DeckKind.JOKERS_54 and JOKER_KEY not in self.effects:
            # Before the object is hashed (cache_hash): the one change made to a new value.
            object.__setattr__(self, "effects", self.effects.replace(JOKER_KEY, self.joker_effect))
        if self.deck is DeckKind.JOKERS_54 and not self.effects.get(JOKER_KEY, _PLAIN).wild:
            raise InvalidRulesError(
                "effects", str(self.effects), "jokers in the deck need a wild effect (JOKER:wild…)"
            )

    def decks_for(self, players: int) -> int:
        """The number of decks shuffled together for ``players`` players."""
        if self.decks is not None:
            return self.decks
        needed = players * self.cards_per_player
        return max(1, -(-needed // self.deck.size))

    def hand_size_for(self, players: int) -> int:
        """The number of cards dealt to each of ``players`` players."""
        if players == 2 and self.hand_size_two_players is not None:
            return self.hand_size_two_players
        return self.hand_size

    def check_players(self, players: int) -> None:
        """Check that these rules can deal a round to ``players`` seats.

        Raises:
            InvalidRulesError: naming ``dealer``, if there is no such seat; naming
                ``hand_size``, if the decks do not hold every hand and a starter.
        """
        if self.dealer >= players:
            raise InvalidRulesError("dealer", self.dealer, f"there are only {players} seats")
        hand_size = self.hand_size_for(players)
        cards = self.deck.size * self.decks_for(players)
        if players * hand_size + 1 > cards:
            raise InvalidRulesError(
                "hand_size",
                hand_size,
                f"{players} hands of {hand_size} and a starter need more than {cards} cards",
            )
