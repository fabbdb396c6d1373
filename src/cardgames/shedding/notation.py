"""Move text of the shedding games, as French and English players say it.

`SheddingState.parse_move` reads a move with this module (plain Python, never compiled: the
text comes from outside). The grammar, one word list per meaning, in either language or mixed:

- a move alone: ``draw``/``pioche``; ``pass``/``passe``; ``take``/``penalty``/``prends``/
  ``pénalité`` (take the pending draw); ``callout SEAT``/``call out SEAT``/``contre SEAT``/
  ``contre-carte SEAT``; and the announcement alone, ``announce``/``last card``/``uno``/
  ``carte``/``annonce``/``annonce carte`` (`Announce`: the one card a swap left you);
- laying a card: ``[play|joue|pose] CARD`` then, in any order:

  - the suit a wild card names: a suit word alone (``pique``, ``spades``, ``♠``, ``S``), or
    after ``name``/``names``/``naming``/``demande``/``couleur``/``choisis``;
  - the announcement of the last card: ``announce``, ``last card``, ``uno``, ``carte``,
    ``annonce``, ``annonce carte``;
  - the opponent of a swap or choose card: ``target``/``swap``/``choose``/``cible``/
    ``échange [avec]``/``avec``, then a seat number or a player's name.

``CARD`` is any notation `cardgames.cards.parse_cards` reads, in one word or several (``8H``,
``8♥``, ``8 de cœur``, ``queen of spades``). Case and accents of the words do not matter, nor an
exclamation mark (``carte !``). ``annonce`` always means "carte": it never names a suit
(``annonce pique`` is refused with a hint), since a French player announces "Carte" for the
last card; a suit is named by the suit word itself.

Examples:
    >>> from cardgames import huit_americain
    >>> state = huit_americain.new_game(["Léa", "Tom", "Sam"], seed=1)
    >>> print(state.parse_move("joue 8 de cœur annonce carte pique"))
    play 8H name spades announce
    >>> print(state.parse_move("QS échange avec Léa"))
    play QS target 0
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgames.cards import Card, Suit, take_card
from cardgames.errors import ParseError
from cardgames.game import Move, name_key, seat_number
from cardgames.shedding.moves import Announce, CallOut, Draw, Pass, PlayCard, TakePenalty

if TYPE_CHECKING:
    from cardgames.shedding.engine import SheddingState

__all__ = ["parse_move"]

EXPECTED = (
    "play CARD [SUIT] [announce] [target SEAT], draw, pass, take, announce or callout SEAT "
    "(joue CARTE [COULEUR] [carte] [cible SIÈGE], pioche, passe, prends, carte, contre SIÈGE)"
)

_DRAW = frozenset({"draw", "pioche", "pioches", "piocher"})
_PASS = frozenset({"pass", "passe", "passer"})
_TAKE = frozenset({"take", "penalty", "prends", "prend", "pénalité", "penalite"})
_CALL_OUT = frozenset({"callout", "call", "contre", "contre-carte"})
_PLAY = frozenset({"play", "joue", "pose"})
_ANNOUNCE = frozenset({"announce", "uno", "carte", "annonce"})
_NAME = frozenset({"name", "names", "naming", "demande", "couleur", "choisis"})
_TARGET = frozenset(
    {
        "target",
        "swap",
        "choose",
        "cible",
        "échange",
        "echange",
        "avec",
        "pour",
        "désigne",
        "designe",
    }
)
_CHOOSE = frozenset({"choisis", "choisir"})
"""Words that name a suit when a suit follows, else the seat of a choose card."""
_ARTICLES = frozenset({"le", "la", "un", "une"})
_ANNOUNCE_ALONE = frozenset(
    {("announce",), ("uno",), ("carte",), ("annonce",), ("annonce", "carte"), ("last", "card")}
)


def parse_move(state: SheddingState, text: object, player: object = None) -> Move:
    """Read a move of ``player`` (default: the current player) from text.

    Raises:
        ParseError: if the text is not a move, saying what was expected.
        InvalidArgumentError: if ``player`` is neither ``None`` nor a seat number.
    """
    who = state.current if player is None else seat_number(player, len(state.players))
    if not isinstance(text, str):
        raise ParseError(text, "a move in text", "not_text")
    if len(text) > 200:  # no move is that long: refused before it is read
        raise ParseError(text[:60] + "…", "a move of at most 200 characters", "too_long")
    words = text.replace("!", " ").split()
    folded = [w.casefold() for w in words]
    if not folded:
        raise ParseError(text, EXPECTED, "not_a_move")
    if len(folded) == 1:
        head = folded[0]
        if head in _DRAW:
            return Draw(who)
        if head in _PASS:
            return Pass(who)
        if head in _TAKE:
            return TakePenalty(who)
    if tuple(folded) in _ANNOUNCE_ALONE:
        return Announce(who)
    if folded[0] in _CALL_OUT:
        rest = words[2:] if folded[:2] == ["call", "out"] else words[1:]
        if len(rest) != 1:
            raise ParseError(text, "callout SEAT (contre SIÈGE): a seat number or a name", "seat")
        return CallOut(who, _seat(state, rest[0], text))
    if folded[0] in _PLAY:
        words, folded = words[1:], folded[1:]
    words, folded = _without_article(words, folded)
    if not words:
        raise ParseError(text, EXPECTED, "not_a_move")
    try:
        card, width = take_card(words, 0)
    except ParseError:
        raise ParseError(
            text, "a card first, such as 8H, 8♥ or 8 de cœur: " + EXPECTED, "card"
        ) from None
    return _play(state, who, card, words[width:], folded[width:], text)


def _play(
    state: SheddingState,
    who: int,
    card: Card,
    words: list[str],
    folded: list[str],
    text: str,
) -> PlayCard:
    """The card's modifiers: the named suit, the announcement and the target, once each."""
    suit: Suit | None = None
    target: int | None = None
    announce = False
    i = 0
    while i < len(words):
        word = folded[i]
        following = folded[i + 1] if i + 1 < len(words) else None
        if word in _ANNOUNCE or (word == "last" and following == "card"):
            if announce:
                raise ParseError(text, "the announcement once", "one_announcement")
            announce = True
            i += 2 if word == "last" or (word == "annonce" and following == "carte") else 1
            if word == "annonce" and following != "carte" and _is_suit(following):
                raise ParseError(
                    text,
                    "a suit named without 'annonce', which means \"carte\" (the last card): "
                    "'joue 8C pique' or 'joue 8C demande pique'",
                    "annonce_suit",
                )
        elif word in _CHOOSE and following is not None and not _is_suit(following):
            if target is not None:
                raise ParseError(text, "one target", "one_target")
            target = _seat(state, words[i + 1], text)
            i += 2
        elif word in _NAME or word in _CHOOSE:
            if suit is not None:
                raise ParseError(text, "one suit", "one_suit")
            if following is None or not _is_suit(following):
                raise ParseError(
                    text, f"a suit after {words[i]!r}, such as pique or spades", "suit"
                )
            suit = Suit.parse(following)
            i += 2
        elif word in _TARGET:
            if target is not None:
                raise ParseError(text, "one target", "one_target")
            if word in {"échange", "echange"} and following == "avec":
                i += 1
                following = folded[i + 1] if i + 1 < len(words) else None
            if following is None:
                raise ParseError(text, f"a seat number or a name after {words[i]!r}", "seat")
            target = _seat(state, words[i + 1], text)
            i += 2
        elif _is_suit(word):
            if suit is not None:
                raise ParseError(text, "one suit", "one_suit")
            suit = Suit.parse(word)
            i += 1
        else:
            raise ParseError(text, f"{EXPECTED}; {words[i]!r} is not understood", "not_a_move")
    return PlayCard(who, card, suit, announce, target)


def _without_article(words: list[str], folded: list[str]) -> tuple[list[str], list[str]]:
    """The words without the article of a card said in French (``la dame``, ``l'as``)."""
    if len(words) > 1 and folded[0] in _ARTICLES:
        return words[1:], folded[1:]
    for elision in ("l'", "l’"):
        if folded and folded[0].startswith(elision) and len(folded[0]) > len(elision):
            cut = len(elision)
            return [words[0][cut:], *words[1:]], [folded[0][cut:], *folded[1:]]
    return words, folded


def _is_suit(word: str | None) -> bool:
    if word is None:
        return False
    try:
        Suit.parse(word)
    except ParseError:
        return False
    return True


def _seat(state: SheddingState, word: str, text: str) -> int:
    """A seat number or a player's name (case does not matter)."""
    if word.isascii() and word.isdigit() and len(word) <= 6:
        return int(word)
    for seat, name in enumerate(state.players):
        if name_key(name) == name_key(word):
            return seat
    raise ParseError(text, "a seat number or a player's name", "seat")
