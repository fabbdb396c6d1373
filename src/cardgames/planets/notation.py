"""The text notation of the moves of "8", in English and French.

``keep Saturn``, ``give Mars to 2``, ``lay 4 Saturn``, ``lay all-different``, ``decline``,
``discard Venus``, ``steal 1``, ``under Earth`` (what ``str(move)`` writes), and the French verbs
``garder``, ``donner … à``, ``poser``, ``refuser``, ``défausser``, ``voler``, ``dessous``. Cards
are read by `PlanetCard.parse` (``black hole`` and ``trou noir`` included); seats are numbers or
players' names.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import Final

from cardgames.errors import ParseError
from cardgames.game import Move, name_key
from cardgames.planets.cards import PLANETS, PlanetCard, parse_planet_cards
from cardgames.planets.moves import (
    Decline,
    DiscardFaceDown,
    Give,
    Keep,
    LayGathering,
    PutUnder,
    Steal,
)

__all__ = ["parse_move"]

_MAX_CHARS: Final = 1000
"""The longest move text read (``poser`` and 104 planets written one by one fit): a longer text
is refused before any work that grows with it."""


def parse_move(text: str, player: int, players: Sequence[str]) -> Move:
    """Read one move of ``player`` (see `PlanetsState.parse_move`).

    Args:
        text: The move in text.
        player: The seat that makes it.
        players: The players' names, by seat (a seat may be given by name).

    Raises:
        ParseError: if the text is not a move (or is longer than 1,000 characters).

    Examples:
        >>> parse_move("donner Saturne à Tom", 0, ["Léa", "Tom"])
        Give(player=0, card=<PlanetCard.SATURN: 5>, to=1)
    """
    expected = (
        "keep CARD, give CARD to SEAT, lay N PLANET, lay all-different, decline, "
        "discard PLANET, steal SEAT or under PLANET"
    )
    if not isinstance(text, str):
        raise ParseError(text, expected, "not_text")
    if len(text) > _MAX_CHARS:  # no move is that long: refused before it is split or copied
        raise ParseError(text[:60] + "…", f"a move of at most {_MAX_CHARS} characters", "too_long")
    words = text.split()
    verb = _VERBS.get(_fold_word(words[0])) if words else None
    if verb is None:
        raise ParseError(text, expected, "not_a_move_of_8")
    rest = words[1:]
    if verb is Decline:
        if rest:
            raise ParseError(text, expected, "not_a_move_of_8")
        return Decline(player)
    if not rest:
        raise ParseError(text, expected, "not_a_move_of_8")
    if verb is Keep:
        return Keep(player, PlanetCard.parse(" ".join(rest)))
    if verb is DiscardFaceDown:
        return DiscardFaceDown(player, PlanetCard.parse(" ".join(rest)))
    if verb is PutUnder:
        return PutUnder(player, PlanetCard.parse(" ".join(rest)))
    if verb is Steal:
        if _fold_word(rest[0]) in ("from", "a", "chez", "de") and len(rest) > 1:
            rest = rest[1:]
        return Steal(player, _parse_seat(players, " ".join(rest), text))
    if verb is Give:
        folded = [_fold_word(w) for w in rest]
        if "to" in folded or "a" in folded:
            cut = max(i for i, w in enumerate(folded) if w in ("to", "a"))
            card_words, seat_words = rest[:cut], rest[cut + 1 :]
        else:
            card_words, seat_words = rest[:-1], rest[-1:]
        if not card_words or not seat_words:
            raise ParseError(text, "give CARD to SEAT", "give")
        card = PlanetCard.parse(" ".join(card_words))
        return Give(player, card, _parse_seat(players, " ".join(seat_words), text))
    return LayGathering(player, _parse_gathering(rest, text))


def _parse_seat(players: Sequence[str], word: str, text: str) -> int:
    if word.isascii() and word.isdigit() and len(word) <= 6:
        return int(word)
    folded = name_key(word.strip())
    for seat, name in enumerate(players):
        if name_key(name) == folded:
            return seat
    raise ParseError(text, "a seat number or a player's name", "seat")


def _fold_word(word: str) -> str:
    folded = unicodedata.normalize("NFKD", word.casefold())
    return "".join(ch for ch in folded if not unicodedata.combining(ch))


_VERBS: Final[dict[str, type[Move]]] = {
    **dict.fromkeys(("keep", "garder", "garde", "conserver", "conserve"), Keep),
    **dict.fromkeys(("give", "donner", "donne", "transmettre", "transmets"), Give),
    **dict.fromkeys(("lay", "poser", "pose"), LayGathering),
    **dict.fromkeys(("decline", "pass", "refuser", "refuse", "passer", "passe"), Decline),
    **dict.fromkeys(("discard", "defausser", "defausse"), DiscardFaceDown),
    **dict.fromkeys(("steal", "voler", "vole", "piocher", "pioche"), Steal),
    **dict.fromkeys(("under", "dessous", "remettre", "remets"), PutUnder),
}
_ALL_DIFFERENT_WORDS: Final = frozenset(
    {"all-different", "alldifferent", "different", "differentes", "toutes-differentes"}
)


def _parse_gathering(words: list[str], text: str) -> tuple[PlanetCard, ...]:
    folded = "-".join(_fold_word(w) for w in words)
    if folded in _ALL_DIFFERENT_WORDS or folded.replace("8-", "", 1) in _ALL_DIFFERENT_WORDS:
        return PLANETS
    if words[0].isascii() and words[0].isdigit() and len(words[0]) <= 6:
        if len(words) < 2:
            raise ParseError(text, "lay N PLANET", "lay")
        card = PlanetCard.parse(" ".join(words[1:]))
        return (card,) * min(int(words[0]), 104)
    return parse_planet_cards(" ".join(words))
