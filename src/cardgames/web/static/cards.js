// The cards of the shedding games (Crazy Eights, 8 Américain) as people read them.
import { currentLang, el } from "./common.js";

const SUITS = {
  C: { symbol: "♣", en: "clubs", fr: "trèfle", red: false },
  D: { symbol: "♦", en: "diamonds", fr: "carreau", red: true },
  H: { symbol: "♥", en: "hearts", fr: "cœur", red: true },
  S: { symbol: "♠", en: "spades", fr: "pique", red: false },
};
const SUIT_LETTER = { clubs: "C", diamonds: "D", hearts: "H", spades: "S" };

// "8H" -> {rank: "8", suit: "H"}; the joker has no suit.
function split(code) {
  if (code === "JOKER") return { rank: "JOKER", suit: null };
  return { rank: code.slice(0, -1), suit: code.slice(-1) };
}

export function cardText(code) {
  const { rank, suit } = split(code);
  return suit === null ? "Joker" : rank + SUITS[suit].symbol;
}

// "hearts" -> "♥ hearts" (or "♥ cœur" in French).
export function suitText(name) {
  const suit = SUITS[SUIT_LETTER[name]];
  return suit ? suit.symbol + " " + suit[currentLang()] : name;
}

export function suitIsRed(name) {
  const suit = SUITS[SUIT_LETTER[name]];
  return Boolean(suit && suit.red);
}

export function cardElement(code, extraClass) {
  const { suit } = split(code);
  const node = el("span", {
    className: "card " + (suit === null ? "joker" : SUITS[suit].red ? "red" : "black"),
    text: cardText(code),
    title: code,
    dataset: { card: code },
  });
  if (extraClass) for (const name of extraClass.split(" ").filter(Boolean)) node.classList.add(name);
  return node;
}
