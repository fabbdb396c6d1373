"""How the command line shows the planet game: a seat's table, the moves' help.

The ``"cli_table"`` capability of the game (`cardgames.cli.narrate.TABLE`), which
``cardgames play`` asks for: a `PlainTable` that shows the game's own table (the final table
lists each seat's hand from its own view).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from cardgames.cli.narrate import Narrator, PlainTable
from cardgames.planets.cards import PLANETS

__all__ = ["TABLE"]

_HELP = """\
Moves (the notation; case does not matter):
  keep PLANET           keep one of the cards you drew: keep Saturn
  give PLANET to SEAT   give a card face down (seat number or name): give Mars to Tom
  lay N PLANET          lay a gathering of N identical planets: lay 3 Saturn
  lay all-different     lay the 8 different planets
  decline               lay no gathering (the card joins your hand)
  discard PLANET        black hole: discard a planet of your hand face down
  steal SEAT            black hole: take a planet at random from that player's hand
  under PLANET          over the hand limit: put a card under the stock"""

_WORDS: Final[Mapping[str, Mapping[str, str]]] = {
    "en": {
        "planet_turn": "Turn {turn}. Commander: {commander}",
        "adjutant": ". Adjutant: {adjutant}",
        "planet_stock": "Stock: {size}, black holes discarded: {discarded}",
        "gatherings": "Gatherings: {laid}",
        "face_down": "Face down: {sizes}",
        "your_face_down": "Your cards face down: {cards}",
        "known_hands": "You know: {known}",
        "holds": "{name} holds {cards}",
        "known_stock": "You know in the stock: {known}",
        "top_of_stock": "{card} on top",
        "deep_in_stock": "{card} {position} from the top",
        "your_decision": "Your decision: {decision}",
        "decides": "{name} decides: {decision}",
        "as_role": ", as {role}",
        "drawn": "Drawn: {cards}",
        "deciding_on": "Deciding on: {card}",
        "you_received": "You received: {card}",
        "given_to": "Given to {name}: {card}",
        "keep": "keep a card",
        "give": "give a card",
        "gather": "lay a gathering or not",
        "black_hole": "play the black hole",
        "surplus": "put a surplus card under the stock",
        "over": "the game is over",
        "commander": "Commander",
        "adjutant_role": "Adjutant",
    },
    "fr": {
        "planet_turn": "Tour {turn}. Commandant : {commander}",
        "adjutant": ". Adjoint : {adjutant}",
        "planet_stock": "Pioche : {size}, trous noirs défaussés : {discarded}",
        "gatherings": "Rassemblements : {laid}",
        "face_down": "Face cachée : {sizes}",
        "your_face_down": "Tes cartes face cachée : {cards}",
        "known_hands": "Tu sais que : {known}",
        "holds": "{name} a {cards}",
        "known_stock": "Tu sais dans la pioche : {known}",
        "top_of_stock": "{card} sur le dessus",
        "deep_in_stock": "{card} en {position} position",
        "your_decision": "À toi de décider : {decision}",
        "decides": "{name} décide : {decision}",
        "as_role": ", en {role}",
        "drawn": "Cartes piochées : {cards}",
        "deciding_on": "Carte en jeu : {card}",
        "you_received": "Tu as reçu : {card}",
        "given_to": "Donnée à {name} : {card}",
        "keep": "garder une carte",
        "give": "donner une carte",
        "gather": "poser un rassemblement ou non",
        "black_hole": "jouer le trou noir",
        "surplus": "mettre une carte en trop sous la pioche",
        "over": "la partie est finie",
        "commander": "Commandant",
        "adjutant_role": "Adjoint",
    },
}
"""The words of the table, by language (the others are the narrator's own)."""


def _ordinal(position: int, lang: str) -> str:
    """``2nd`` / ``2e`` for 1-based positions."""
    if lang == "fr":
        return "1re" if position == 1 else f"{position}e"
    last = 0 if position % 100 in (11, 12, 13) else position % 10
    return f"{position}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(last, 'th') }"


def _planets_view(view: Any, n: Narrator) -> list[str]:
    """What the viewer sees of the table, in a few lines."""
    roles = n.word_of(_WORDS, "planet_turn", turn=view.turn, commander=n.name(view.commander))
    if view.adjutant is not None:
        roles += n.word_of(_WORDS, "adjutant", adjutant=n.name(view.adjutant))
    lines = [
        roles,
        n.word_of(_WORDS, "planet_stock", size=view.stock_size, discarded=view.discard_size),
        n.word_of(_WORDS, "hand_sizes", sizes=n.hand_sizes(view.hand_sizes)),
    ]
    laid = [
        f"{n.name(seat)}: " + "; ".join(_gathering(g, n) for g in gatherings)
        for seat, gatherings in enumerate(view.gatherings)
        if gatherings
    ]
    if laid:
        lines.append(n.word_of(_WORDS, "gatherings", laid=" | ".join(laid)))
    if any(view.face_down_sizes):
        lines.append(n.word_of(_WORDS, "face_down", sizes=n.hand_sizes(view.face_down_sizes)))
    if view.holder is not None:
        decision = n.word_of(_WORDS, view.phase.value)
        if view.role is not None:
            role = n.word_of(
                _WORDS, "commander" if view.role.value == "commander" else "adjutant_role"
            )
            decision += n.word_of(_WORDS, "as_role", role=role)
        if view.holder == n.you:
            lines.append(n.word_of(_WORDS, "your_decision", decision=decision))
        else:
            lines.append(n.word_of(_WORDS, "decides", name=n.name(view.holder), decision=decision))
    if view.hand is not None:
        lines.append(n.word_of(_WORDS, "your_hand", cards=n.cards(view.hand)))
    lines += _knowledge(view, n)
    if any(card is not None for card in view.drawn):
        drawn = ", ".join("?" if c is None else n.card(c) for c in view.drawn)
        lines.append(n.word_of(_WORDS, "drawn", cards=drawn))
    if view.pending is not None:
        lines.append(n.word_of(_WORDS, "deciding_on", card=n.card(view.pending)))
    if view.received is not None:
        if view.viewer is not None and view.viewer == view.adjutant:
            lines.append(n.word_of(_WORDS, "you_received", card=n.card(view.received)))
        elif view.adjutant is not None:
            given = n.card(view.received)
            lines.append(n.word_of(_WORDS, "given_to", name=n.name(view.adjutant), card=given))
    return lines


def _knowledge(view: Any, n: Narrator) -> list[str]:
    """The viewer's own face-down cards and what they know of other hands and the stock."""
    lines = []
    if n.you is not None and view.viewer == n.you:
        own = view.face_down[n.you]
        if own:
            lines.append(n.word_of(_WORDS, "your_face_down", cards=n.cards(own)))
    known = [
        n.word_of(_WORDS, "holds", name=n.name(seat), cards=n.cards(cards))
        for seat, cards in enumerate(view.known_cards)
        if cards and seat != view.viewer
    ]
    if known:
        lines.append(n.word_of(_WORDS, "known_hands", known="; ".join(known)))
    stock = [
        n.word_of(_WORDS, "top_of_stock", card=n.card(card))
        if position == 0
        else n.word_of(
            _WORDS, "deep_in_stock", card=n.card(card), position=_ordinal(position + 1, n.lang)
        )
        for position, card in view.known_stock
    ]
    if stock:
        lines.append(n.word_of(_WORDS, "known_stock", known="; ".join(stock)))
    return lines


def _gathering(gathering: Any, n: Narrator) -> str:
    if gathering.cards == PLANETS:
        what = "8 planètes différentes" if n.lang == "fr" else "8 different planets"
    else:
        what = f"{gathering.size} {n.card(gathering.cards[0])}"
    role = n.word_of(
        _WORDS, "commander" if gathering.role.value == "commander" else "adjutant_role"
    )
    return f"{what} ({role})"


_HELP_FR = """\
Les coups (la notation ; majuscules et accents indifférents) :
  garde PLANÈTE         garder une des cartes piochées : garde Saturne
  donne PLANÈTE à JOUEUR  donner une carte face cachée (numéro ou nom) : donne Mars à Tom
  pose N PLANÈTE        poser un rassemblement de N planètes identiques : pose 3 Saturne
  pose toutes-différentes  poser les 8 planètes différentes
  refuse                ne rien poser (la carte rejoint ta main)
  défausse PLANÈTE      trou noir : défausser une planète de ta main face cachée
  vole à JOUEUR         trou noir : prendre une planète au hasard dans la main d'un joueur
  dessous PLANÈTE       au-delà de la limite de main : mettre une carte sous la pioche"""

TABLE: Final = PlainTable(help=_HELP, show=_planets_view, help_fr=_HELP_FR)
"""What the planet game shows at the command line (the ``"cli_table"`` capability)."""
