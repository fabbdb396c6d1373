// The table page of a game that brings no page of its own: drawn from the seat's view and legal
// moves alone. The view's fields are listed as they are (a list of words or numbers as text,
// anything deeper as its JSON); the hand, when the view has one, is a row of cards; each legal
// move is a button with the library's label. What every table page shares (connection, log,
// language, keyboard, end of round) is in common.js.
import { $, KEY_POOL, actionButton, capitalize, clear, el, startTable, t } from "./common.js";

const STRINGS = {
  en: { generic: "This game has no page of its own: its view as the server sends it." },
  fr: { generic: "Ce jeu n'a pas de page à lui : sa vue telle que le serveur l'envoie." },
};

// Fields shown elsewhere on the page (the players list, the log, the hand, the end of round).
const SHOWN_ELSEWHERE = new Set(["players", "hand", "hand_sizes", "events", "outcome", "player", "seat"]);
const MAX_TEXT = 200;

function text(value) {
  if (value === null || value === undefined) return "—";
  if (Array.isArray(value) && value.every((v) => typeof v !== "object" || v === null)) return value.join(" ") || "—";
  const written = typeof value === "object" ? JSON.stringify(value) : String(value);
  return written.length > MAX_TEXT ? written.slice(0, MAX_TEXT) + "…" : written;
}

function render(c) {
  const view = c.view;
  const facts = clear($("facts"));
  facts.append(el("dt", { text: "" }), el("dd", { className: "hint", text: t("generic") }));
  for (const [field, value] of Object.entries(view)) {
    if (SHOWN_ELSEWHERE.has(field)) continue;
    facts.append(el("dt", { text: field.replace(/_/g, " ") }), el("dd", { text: text(value), dataset: { field } }));
  }
  const hand = clear($("hand"));
  for (const card of Array.isArray(view.hand) ? view.hand : []) {
    hand.append(el("span", { className: "card", text: text(card) }));
  }
  if (!Array.isArray(view.hand) || !view.hand.length) hand.append(el("p", { className: "empty", text: t("noCards") }));
  const moves = clear($("moves"));
  c.moves.forEach((entry, index) => {
    const key = index < KEY_POOL.length ? KEY_POOL[index] : null;
    moves.append(
      actionButton(capitalize(entry.label || entry.notation), () => c.play(entry), { key, dataset: { move: entry.notation } }),
    );
  });
  if (!c.moves.length) moves.append(el("p", { className: "empty", text: t("noMoves") }));
}

startTable({ strings: STRINGS, render, reveal: () => null });
