"""How the command line shows Crazy Eights and 8 Américain: a seat's table, the moves' help.

The ``"cli_table"`` capability of the game (`cardgames.cli.narrate.TABLE`), which
``cardgames play`` asks for: a `PlainTable` that shows the game's own table (the final table
lists each seat's hand from its own view).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from cardgames.cli.narrate import Narrator, PlainTable

__all__ = ["TABLE"]

_HELP = """\
Moves (the notation; case does not matter):
  play CARD             lay a card: play 9H, play 10S, play QD (or just: 9H)
  play 8H name spades   lay a wild card and name the suit that follows
  play 7C announce      lay your second-to-last card and say "carte!"
  draw                  draw from the stock
  take                  draw the pending penalty instead of answering it
  pass                  keep the card you drew, or pass when nothing can be done
  callout SEAT          call out a player who forgot to announce (seat number or name)
Cards: rank then suit: 2-10, J, Q, K, A and C, D, H, S (clubs, diamonds, hearts, spades)."""

_WORDS: Final[Mapping[str, Mapping[str, str]]] = {
    "en": {
        "top": "Top card: {card}",
        "suit": ", suit to follow: {suit}",
        "stock": ", stock: {size}",
        "stock_reshuffle": ", stock: {size} (the discard pile, reshuffled when drawn)",
        "stock_empty": ", stock: 0 (nothing left to draw)",
        "penalty": ", pending penalty: {count} cards",
        "hands": "Hands: {sizes} (play goes {way})",
        "clockwise": "clockwise",
        "counterclockwise": "counterclockwise",
        "just_drew": "You just drew {card}",
    },
    "fr": {
        "top": "Carte du dessus : {card}",
        "suit": ", couleur demandée : {suit}",
        "stock": ", pioche : {size}",
        "stock_reshuffle": ", pioche : {size} (la défausse, remélangée à la prochaine pioche)",
        "stock_empty": ", pioche : 0 (plus rien à piocher)",
        "penalty": ", pénalité en attente : {count} cartes",
        "hands": "Mains : {sizes} (le jeu tourne dans le sens {way})",
        "clockwise": "des aiguilles d'une montre",
        "counterclockwise": "inverse des aiguilles d'une montre",
        "just_drew": "Tu viens de piocher {card}",
    },
}
"""The words of the table, by language (the others are the narrator's own)."""


def _suit(suit: Any, n: Narrator) -> str:
    name = suit.french if n.lang == "fr" else suit.english
    return f"{name} {suit.symbol}" if n.symbols else name


def _shedding_view(view: Any, n: Narrator) -> list[str]:
    """What the viewer sees of the table, in a few lines."""
    table = n.word_of(_WORDS, "top", card=n.card(view.top))
    if view.suit is not None:
        table += n.word_of(_WORDS, "suit", suit=_suit(view.suit, n))
    table += _stock(view, n)
    if view.penalty:
        table += n.word_of(_WORDS, "penalty", count=view.penalty)
    way = n.word_of(_WORDS, "clockwise" if view.direction > 0 else "counterclockwise")
    lines = [
        table,
        n.word_of(_WORDS, "hands", sizes=n.hand_sizes(view.hand_sizes), way=way),
        n.word_of(_WORDS, "turn", name=n.name(view.current)),
    ]
    if view.hand is not None:
        lines.append(n.word_of(_WORDS, "your_hand", cards=n.cards(sorted(view.hand))))
    if view.drawn is not None:
        lines.append(n.word_of(_WORDS, "just_drew", card=n.card(view.drawn)))
    return lines


def _stock(view: Any, n: Narrator) -> str:
    """The stock's size; when it is empty, what drawing would take from the discard pile.

    The engine reshuffles the discard pile (all but its top card) only when someone draws
    from an empty stock: until then "stock: 0" would say that nothing can be drawn.
    """
    if view.stock_size:
        return n.word_of(_WORDS, "stock", size=view.stock_size)
    reshuffled = len(view.discard) - 1
    if reshuffled > 0:
        return n.word_of(_WORDS, "stock_reshuffle", size=reshuffled)
    return n.word_of(_WORDS, "stock_empty")


_HELP_FR = """\
Les coups (la notation ; majuscules et accents indifférents) :
  joue CARTE            poser une carte : joue 9♥, joue 10♠, joue D♦ (ou juste : 9♥)
  joue 8♥ pique         poser une carte joker et demander la couleur qui suit
  joue 7♣ carte         poser ton avant-dernière carte en annonçant « carte ! »
  joue D♠ pour JOUEUR   poser une carte qui désigne un adversaire (numéro ou nom)
  pioche                piocher une carte
  prends                prendre la pénalité en attente au lieu d'y répondre
  passe                 garder la carte piochée, ou passer quand rien n'est possible
  contre JOUEUR         relever l'oubli d'un joueur qui n'a pas annoncé « carte ! »
Les cartes : la valeur puis la couleur, 2-10, V, D, R, A et ♣ ♦ ♥ ♠, ou en toutes lettres
(dame de cœur, l'as de pique)."""

TABLE: Final = PlainTable(help=_HELP, show=_shedding_view, help_fr=_HELP_FR)
"""What Crazy Eights and 8 Américain show at the command line (the ``"cli_table"`` capability)."""
