// The table page of the shedding games (Crazy Eights, 8 Américain): the hand as clickable cards,
// the other legal moves as buttons with the library's labels, the pile with the last card played.
// What every table page shares (connection, log, language, keyboard, end of round) is in
// common.js.
import {
  $,
  KEY_POOL,
  actionButton,
  capitalize,
  clear,
  clickableCard,
  el,
  moveData,
  moveKind,
  openPicker,
  startTable,
  t,
} from "./common.js";
import { cardElement, suitIsRed, suitText } from "./cards.js";

const STRINGS = {
  en: {
    stock: "Stock",
    discard: "Discard pile",
    direction: "Direction",
    clockwise: "clockwise ↻",
    counter: "counter-clockwise ↺",
    penalty: "Penalty",
    penaltyCards: "{0} cards to draw",
    move: "Move",
    suitToFollow: "Suit to follow: {0}",
    playedBy: "played by {0}",
    nameSuit: "{0}: name a suit",
    choosePlayer: "{0}: choose a player",
    chooseMove: "{0}: how?",
    sayCarte: "say “carte!”",
    callOut: "Call out",
    answerOrTake: ": answer or take {0}",
    keyDraw: "draw",
    keyPass: "pass",
    keyTake: "take the penalty",
    keyCallout: "call a player out",
  },
  fr: {
    stock: "Pioche",
    discard: "Défausse",
    direction: "Sens",
    clockwise: "horaire ↻",
    counter: "anti-horaire ↺",
    penalty: "Pénalité",
    penaltyCards: "{0} cartes à piocher",
    move: "Coup",
    suitToFollow: "Couleur demandée : {0}",
    playedBy: "jouée par {0}",
    nameSuit: "{0} : annoncez une couleur",
    choosePlayer: "{0} : choisissez un joueur",
    chooseMove: "{0} : comment ?",
    sayCarte: "dire « carte ! »",
    callOut: "Dénoncer",
    answerOrTake: " : répondez ou prenez {0}",
    keyDraw: "piocher",
    keyPass: "passer",
    keyTake: "prendre la pénalité",
    keyCallout: "dénoncer un joueur",
  },
};

// The letter of each move that is not a card of the hand.
const KIND_KEYS = { draw: "d", pass: "p", take: "t", callout: "c" };

let client = null;

function label(entry) {
  return capitalize(entry.label || entry.notation);
}

// The action of a card of the hand: its one move, or a picker when it has several (a wild card
// naming a suit: one button per suit; a card designating a player: one button per player; a
// second-to-last card: with or without "carte!").
function cardAction(code, entries) {
  if (!entries.length) return null;
  const announced = entries.filter((e) => moveData(e).announce);
  const silent = entries.filter((e) => !moveData(e).announce);
  const both = announced.length > 0 && silent.length > 0;
  const base = both ? silent : entries;
  if (base.length === 1 && !both) return () => client.play(base[0]);
  if (base.length === 1) {
    return () =>
      openPicker(
        t("chooseMove", code),
        entries.map((entry) => ({ text: label(entry), action: () => client.play(entry) })),
      );
  }
  const suits = new Set(base.map((e) => moveData(e).suit));
  const targets = new Set(base.map((e) => moveData(e).target));
  const bySuit = suits.size === base.length && targets.size <= 1;
  const byTarget = targets.size === base.length && suits.size <= 1;
  const title = t(bySuit ? "nameSuit" : byTarget ? "choosePlayer" : "chooseMove", code);
  return () => {
    let box = null;
    let extra = null;
    if (both) {
      box = el("input", { attrs: { type: "checkbox", checked: "" } });
      box.id = "announce";
      extra = el("label", { className: "announce" }, box, " " + t("sayCarte"));
    }
    const twin = (entry) => {
      const d = moveData(entry);
      return announced.find((a) => moveData(a).suit === d.suit && moveData(a).target === d.target) || entry;
    };
    openPicker(
      title,
      base.map((entry) => {
        const d = moveData(entry);
        const option = { title: label(entry), action: () => client.play(box && box.checked ? twin(entry) : entry) };
        if (bySuit) {
          option.text = suitText(d.suit);
          option.className = "suit " + (suitIsRed(d.suit) ? "red" : "black");
          option.dataset = { suit: d.suit };
        } else if (byTarget) {
          option.text = client.info.seats[d.target].name;
          option.dataset = { target: d.target };
        } else {
          option.text = label(entry);
        }
        return option;
      }),
      extra,
    );
  };
}

function render(c) {
  const view = c.view;
  // The pile: the top card, highlighted as the last move when it was just played.
  const top = clear($("top"));
  const lastKinds = (view.events || []).map((e) => e.type);
  const justPlayed = lastKinds.includes("card_played");
  top.append(cardElement(view.top, "big" + (justPlayed ? " last" : "")));
  $("top-by").textContent = view.top_player !== null && view.top_player !== undefined
    ? t("playedBy", c.name(view.top_player)) : "";
  $("suit").textContent = view.suit ? t("suitToFollow", suitText(view.suit)) : "";
  const facts = clear($("facts"));
  const rows = [
    [t("stock"), view.stock_size],
    [t("discard"), view.discard.length],
    [t("direction"), view.direction === 1 ? t("clockwise") : t("counter")],
    [t("move"), view.moves_played],
  ];
  if (view.penalty) rows.splice(2, 0, [t("penalty"), t("penaltyCards", view.penalty)]);
  for (const [term, value] of rows) facts.append(el("dt", { text: term }), el("dd", { text: String(value) }));
  // The hand: each card with its key; the ones with a legal move are clickable.
  const plays = new Map();
  const others = [];
  for (const entry of c.moves) {
    const data = moveData(entry);
    if (moveKind(entry) === "play" && data.card) {
      if (!plays.has(data.card)) plays.set(data.card, []);
      plays.get(data.card).push(entry);
    } else {
      others.push(entry);
    }
  }
  const hand = clear($("hand"));
  (view.hand || []).forEach((code, index) => {
    const extra = view.drawn === code ? "drawn" : "";
    const key = index < KEY_POOL.length ? KEY_POOL[index] : null;
    hand.append(clickableCard(cardElement(code, extra), cardAction(code, plays.get(code) || []), key));
  });
  if (!view.hand || !view.hand.length) hand.append(el("p", { className: "empty", text: t("noCards") }));
  // The other moves, grouped by kind: several call-outs are one button with a player picker.
  const moves = clear($("moves"));
  const groups = new Map();
  for (const entry of others) {
    const kind = moveKind(entry);
    if (!groups.has(kind)) groups.set(kind, []);
    groups.get(kind).push(entry);
  }
  let spare = Math.max((view.hand || []).length, 0);
  for (const [kind, entries] of groups) {
    const key = KIND_KEYS[kind] || KEY_POOL[spare++];
    if (entries.length === 1) {
      moves.append(actionButton(label(entries[0]), () => c.play(entries[0]), { key, dataset: { kind, move: entries[0].notation } }));
    } else {
      const pick = () =>
        openPicker(
          kind === "callout" ? t("callOut") : capitalize(kind),
          entries.map((entry) => ({ text: label(entry), dataset: { move: entry.notation }, action: () => c.play(entry) })),
        );
      moves.append(actionButton(kind === "callout" ? t("callOut") + "…" : capitalize(kind) + "…", pick, { key, dataset: { kind } }));
    }
  }
  if (!others.length) moves.append(el("p", { className: "empty", text: c.moves.length ? "" : t("noMoves") }));
  document.body.dataset.playable = String(plays.size);
}

function turnNote(c) {
  return c.view.penalty ? t("answerOrTake", c.view.penalty) : "";
}

// At the end of the round the view holds every hand.
function reveal(c) {
  if (!c.view.hands) return null;
  return { title: t("reveal"), cards: c.view.hands, card: (code) => cardElement(code, "small") };
}

client = startTable({
  strings: STRINGS,
  render,
  reveal,
  turnNote,
  helpKeys: [
    ["D", "keyDraw"],
    ["P", "keyPass"],
    ["T", "keyTake"],
    ["C", "keyCallout"],
  ],
});
