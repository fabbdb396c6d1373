// Cards and moves of the shedding games as people read them (the server tells the events).
// Shared by the pages; no build step, no dependency. Everything is written with textContent,
// never innerHTML: player names are chosen by people.
"use strict";

const Cards = (() => {
  const SUITS = {
    C: { symbol: "♣", name: "clubs", red: false },
    D: { symbol: "♦", name: "diamonds", red: true },
    H: { symbol: "♥", name: "hearts", red: true },
    S: { symbol: "♠", name: "spades", red: false },
  };
  const SUIT_LETTER = { clubs: "C", diamonds: "D", hearts: "H", spades: "S" };

  // "8H" -> {rank: "8", suit: "H"}; the joker has no suit.
  function split(code) {
    if (code === "JOKER") return { rank: "JOKER", suit: null };
    return { rank: code.slice(0, -1), suit: code.slice(-1) };
  }

  function text(code) {
    const { rank, suit } = split(code);
    return suit === null ? "Joker" : rank + SUITS[suit].symbol;
  }

  function suitText(name) {
    const suit = SUITS[SUIT_LETTER[name]];
    return suit ? suit.symbol + " " + name : name;
  }

  function element(code, extraClass) {
    const { suit } = split(code);
    const el = document.createElement("span");
    el.className = "card " + (suit === null ? "joker" : SUITS[suit].red ? "red" : "black");
    if (extraClass) el.classList.add(extraClass);
    el.textContent = text(code);
    el.title = code;
    el.dataset.card = code;
    return el;
  }

  // The library's text notation (the inverse of State.parse_move).
  function notation(move) {
    switch (move.type) {
      case "play": {
        let out = "play " + move.card;
        if (move.suit !== null) out += " name " + move.suit;
        if (move.target !== null) out += " target " + move.target;
        if (move.announce) out += " announce";
        return out;
      }
      case "callout":
        return "callout " + move.target;
      default:
        return move.type;
    }
  }

  function label(move, view) {
    const names = view.players;
    switch (move.type) {
      case "play": {
        const parts = ["Play " + text(move.card)];
        if (move.suit !== null) parts.push("name " + suitText(move.suit));
        if (move.target !== null) parts.push("with " + names[move.target]);
        if (move.announce) parts.push("say “carte!”");
        return parts.join(", ");
      }
      case "draw":
        return "Draw";
      case "pass":
        return "Pass";
      case "take":
        return "Take the penalty (" + view.penalty + " cards)";
      case "callout":
        return "Call out " + names[move.target] + " (no “carte!”)";
      default:
        return notation(move);
    }
  }

  return { text, suitText, element, notation, label };
})();
