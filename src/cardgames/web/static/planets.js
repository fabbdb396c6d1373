// The table page of "8", the planet game: the Commander's drawn cards (keep one, give one face
// down to the player who becomes Adjutant, the last goes back on the stock), the gatherings to
// lay, the black holes (discard a planet face down or steal one), the hand limit (extra cards go
// under the stock), what the seat knows (the top of the stock, cards in other hands) and
// everyone's gatherings, face-down cards and points. Every control is built from the seat's
// legal moves, so none offers an illegal move. What every table page shares is in common.js.
import {
  $,
  KEY_POOL,
  actionButton,
  capitalize,
  clear,
  clickableCard,
  currentLang,
  el,
  moveData,
  moveKind,
  openPicker,
  startTable,
  t,
} from "./common.js";

const PLANETS = {
  Mercury: ["Mercure", "☿"],
  Venus: ["Vénus", "♀"],
  Earth: ["Terre", "♁"],
  Mars: ["Mars", "♂"],
  Jupiter: ["Jupiter", "♃"],
  Saturn: ["Saturne", "♄"],
  Uranus: ["Uranus", "♅"],
  Neptune: ["Neptune", "♆"],
  "black-hole": ["Trou noir", "●"],
};
const ORDER = Object.keys(PLANETS);

const STRINGS = {
  en: {
    onTable: "On the table",
    stock: "Stock",
    stockCards: "{0} cards",
    topKnown: "you know the top card",
    knownAt: "you know card {0} from the top: {1}",
    discardPile: "Black holes face up",
    turn: "Turn",
    commander: "Commander",
    adjutant: "Adjutant",
    limit: "(limit {0}: {1} / {0})",
    noLimit: "(no hand limit)",
    drawn: "drawn",
    pending: "to decide",
    received: "given to the Adjutant",
    hidden: "face down",
    phaseKeep: "{0}, Commander, keeps one of the cards drawn.",
    phaseGive: "{0}, Commander, gives a card face down to a player, who becomes Adjutant; the last card goes back on top of the stock.",
    phaseGather: "{0} ({1}) may lay a gathering with the card just taken.",
    phaseBlackHole: "{0} ({1}) plays a black hole: discard a planet face down, or steal one from a player.",
    phaseSurplus: "{0}, Commander, holds more than {1} cards: the extra ones go under the stock.",
    phaseOver: "The game is over.",
    keepIt: "Keep {0}",
    giveTo: "Give {0} face down to… (they become Adjutant)",
    stealFrom: "Steal a planet from…",
    steal: "Steal…",
    knows: "you know: {0}",
    gatherings: "gatherings",
    faceDown: "face down: {0}",
    blackHoles: "black holes: {0}",
    pointsNow: "{0} pts now",
    keyDecline: "lay no gathering",
    keySteal: "steal with a black hole",
    faceDownAll: "Cards discarded face down",
  },
  fr: {
    onTable: "Sur la table",
    stock: "Pioche",
    stockCards: "{0} cartes",
    topKnown: "vous connaissez la carte du dessus",
    knownAt: "vous connaissez la carte n° {0} depuis le dessus : {1}",
    discardPile: "Trous noirs visibles",
    turn: "Tour",
    commander: "Commandant",
    adjutant: "Adjoint",
    limit: "(limite {0} : {1} / {0})",
    noLimit: "(pas de limite de main)",
    drawn: "piochée",
    pending: "à décider",
    received: "donnée à l'Adjoint",
    hidden: "face cachée",
    phaseKeep: "{0}, Commandant, garde une des cartes piochées.",
    phaseGive: "{0}, Commandant, donne une carte face cachée à un joueur, qui devient Adjoint ; la dernière retourne sur la pioche.",
    phaseGather: "{0} ({1}) peut poser un regroupement avec la carte qu'il vient de prendre.",
    phaseBlackHole: "{0} ({1}) joue un trou noir : défausser une planète face cachée, ou en voler une à un joueur.",
    phaseSurplus: "{0}, Commandant, a plus de {1} cartes : le surplus va sous la pioche.",
    phaseOver: "La partie est finie.",
    keepIt: "Garder {0}",
    giveTo: "Donner {0} face cachée à… (il devient Adjoint)",
    stealFrom: "Voler une planète à…",
    steal: "Voler…",
    knows: "vous savez : {0}",
    gatherings: "regroupements",
    faceDown: "face cachée : {0}",
    blackHoles: "trous noirs : {0}",
    pointsNow: "{0} pts maintenant",
    keyDecline: "ne pas poser de regroupement",
    keySteal: "voler avec un trou noir",
    faceDownAll: "Cartes défaussées face cachée",
  },
};

function planetName(code) {
  const entry = PLANETS[code];
  if (!entry) return String(code);
  return currentLang() === "fr" ? entry[0] : code === "black-hole" ? "black hole" : code;
}

function planetCard(code, extra) {
  const node = el(
    "span",
    {
      className: "card planet p-" + String(code).toLowerCase() + (extra ? " " + extra : ""),
      title: planetName(code),
      dataset: { card: code },
    },
    el("span", { className: "symbol", text: PLANETS[code] ? PLANETS[code][1] : "?" }),
    el("span", { className: "pname", text: planetName(code) }),
  );
  return node;
}

function hiddenCard(extra) {
  return el("span", { className: "card back" + (extra ? " " + extra : ""), title: t("hidden"), text: "8" });
}

function roleName(role) {
  return role === "adjutant" ? t("adjutant") : t("commander");
}

function label(entry) {
  return capitalize(entry.label || entry.notation);
}

// The points of one gathering under the game's rules (as cardgames.planets.scoring counts them).
function gatheringPoints(gathering, rules) {
  if (!rules) return 0;
  const cards = gathering.cards;
  const adjutant = gathering.role === "adjutant";
  if (new Set(cards).size === cards.length && cards.length === 8) {
    return adjutant ? rules.all_different_adjutant : rules.all_different_commander;
  }
  const table = String(adjutant ? rules.adjutant_points : rules.commander_points).split(/\s+/).map(Number);
  return table[Math.min(cards.length, table.length + 2) - 3] || 0;
}

function byCard(entries) {
  const map = new Map();
  for (const entry of entries) {
    const card = moveData(entry).card;
    if (!map.has(card)) map.set(card, []);
    map.get(card).push(entry);
  }
  return map;
}

function render(c) {
  const view = c.view;
  const names = view.players;
  const rules = view.rules;
  const kinds = new Map();
  for (const entry of c.moves) {
    const kind = moveKind(entry);
    if (!kinds.has(kind)) kinds.set(kind, []);
    kinds.get(kind).push(entry);
  }
  // The stock and the public facts.
  const stock = clear($("stock"));
  const known = new Map((view.known_stock || []).map(([position, card]) => [position, card]));
  stock.append(known.has(0) ? planetCard(known.get(0), "big known-top") : hiddenCard("big"));
  const notes = [];
  if (known.has(0)) notes.push(t("topKnown"));
  for (const [position, card] of known) if (position > 0) notes.push(t("knownAt", position + 1, planetName(card)));
  $("stock-note").textContent = notes.join(" · ");
  const facts = clear($("facts"));
  const rows = [
    [t("stock"), t("stockCards", view.stock_size)],
    [t("discardPile"), view.discard_size],
    [t("turn"), view.turn],
    [t("commander"), names[view.commander]],
  ];
  if (view.adjutant !== null && view.adjutant !== undefined) rows.push([t("adjutant"), names[view.adjutant]]);
  for (const [term, value] of rows) facts.append(el("dt", { text: term }), el("dd", { text: String(value) }));
  // What the game waits for.
  const holder = view.holder !== null && view.holder !== undefined ? names[view.holder] : "";
  const phases = {
    keep: t("phaseKeep", capitalize(holder)),
    give: t("phaseGive", capitalize(holder)),
    gather: t("phaseGather", capitalize(holder), roleName(view.role)),
    black_hole: t("phaseBlackHole", capitalize(holder), roleName(view.role)),
    surplus: t("phaseSurplus", capitalize(holder), rules ? rules.hand_limit : ""),
    over: t("phaseOver"),
  };
  $("phase").textContent = phases[view.phase] || "";
  $("phase").dataset.phase = view.phase;
  // Keys: the cards on the table first, then the hand, then the other moves.
  let nextKey = 0;
  const takeKey = () => (nextKey < KEY_POOL.length ? KEY_POOL[nextKey++] : null);
  // The Commander's drawn cards (hidden ones face down), the card being decided, the card given.
  const drawn = clear($("drawn"));
  const keeps = byCard(kinds.get("keep") || []);
  const gives = byCard(kinds.get("give") || []);
  for (const code of view.drawn || []) {
    if (code === null) {
      drawn.append(hiddenCard("drawn"));
      continue;
    }
    let action = null;
    if (keeps.has(code)) action = () => c.play(keeps.get(code)[0]);
    else if (gives.has(code)) {
      const entries = gives.get(code);
      action = () =>
        openPicker(
          t("giveTo", planetName(code)),
          entries.map((entry) => ({
            text: names[moveData(entry).to],
            title: label(entry),
            dataset: { target: moveData(entry).to },
            action: () => c.play(entry),
          })),
        );
    }
    drawn.append(clickableCard(planetCard(code, "drawn"), action, action ? takeKey() : null));
  }
  if (view.pending) drawn.append(planetCard(view.pending, "pending"));
  if (view.received) drawn.append(planetCard(view.received, "received"));
  $("decision").hidden = !drawn.childNodes.length;
  // The hand, one card per planet with its count: clickable to discard or put under.
  const discards = byCard(kinds.get("discard") || []);
  const unders = byCard(kinds.get("under") || []);
  const hand = clear($("hand"));
  const counts = new Map();
  for (const code of view.hand || []) counts.set(code, (counts.get(code) || 0) + 1);
  for (const code of ORDER) {
    if (!counts.has(code)) continue;
    const entries = discards.get(code) || unders.get(code) || [];
    const node = planetCard(code);
    node.append(el("span", { className: "count", text: "×" + counts.get(code) }));
    node.dataset.count = String(counts.get(code));
    if (view.pending === code && view.phase === "gather" && view.holder === c.seat) node.classList.add("pending");
    const action = entries.length ? () => c.play(entries[0]) : null;
    hand.append(clickableCard(node, action, action ? takeKey() : null));
  }
  if (!counts.size) hand.append(el("p", { className: "empty", text: t("noCards") }));
  const size = (view.hand || []).length;
  $("limit").textContent = rules && rules.hand_limit ? t("limit", rules.hand_limit, size) : rules ? t("noLimit") : "";
  $("limit").classList.toggle("over-limit", Boolean(rules && rules.hand_limit && size > rules.hand_limit));
  // The other moves: the gatherings to lay, decline, steal (one player picker).
  const moves = clear($("moves"));
  for (const entry of kinds.get("lay") || []) {
    const cards = el("span", { className: "mini" });
    for (const code of moveData(entry).cards || []) cards.append(planetCard(code, "small"));
    const button = actionButton(label(entry), () => c.play(entry), { key: takeKey(), dataset: { kind: "lay", move: entry.notation } });
    button.append(cards);
    moves.append(button);
  }
  for (const entry of kinds.get("decline") || []) {
    moves.append(actionButton(label(entry), () => c.play(entry), { key: "x", dataset: { kind: "decline", move: entry.notation } }));
  }
  const steals = kinds.get("steal") || [];
  if (steals.length) {
    const pick = () =>
      openPicker(
        t("stealFrom"),
        steals.map((entry) => ({
          text: names[moveData(entry).victim],
          title: label(entry),
          dataset: { target: moveData(entry).victim },
          action: () => c.play(entry),
        })),
      );
    moves.append(actionButton(t("steal"), pick, { key: "s", dataset: { kind: "steal" } }));
  }
  const known_kinds = new Set(["keep", "give", "discard", "under", "lay", "decline", "steal"]);
  for (const [kind, entries] of kinds) {
    if (known_kinds.has(kind)) continue;
    for (const entry of entries) moves.append(actionButton(label(entry), () => c.play(entry), { key: takeKey(), dataset: { kind, move: entry.notation } }));
  }
  if (!moves.childNodes.length) moves.append(el("p", { className: "empty", text: c.moves.length ? "" : t("noMoves") }));
}

// Each player's roles, the cards the seat knows in their hand, gatherings, face-down cards,
// black holes and points if the game ended now.
function playerExtras(li, seat, c) {
  const view = c.view;
  const head = li.querySelector(".player-head");
  if (seat === view.commander) head.append(el("span", { className: "tag role", text: t("commander") }));
  if (seat === view.adjutant) head.append(el("span", { className: "tag role", text: t("adjutant") }));
  const known = (view.known_cards || [])[seat] || [];
  if (known.length) li.append(el("p", { className: "known", text: t("knows", known.map(planetName).join(", ")) }));
  const gatherings = (view.gatherings || [])[seat] || [];
  let points = 0;
  if (gatherings.length) {
    const list = el("ul", { className: "gatherings" });
    for (const gathering of gatherings) {
      const value = gatheringPoints(gathering, view.rules);
      points += value;
      const row = el("li", { dataset: { role: gathering.role } });
      for (const code of gathering.cards) row.append(planetCard(code, "small"));
      row.append(el("span", { className: "gathering-points", text: value + " (" + roleName(gathering.role) + ")" }));
      list.append(row);
    }
    li.append(list);
  }
  const faceDown = (view.face_down_sizes || [])[seat] || 0;
  const visible = (view.face_down || [])[seat];
  const facts = [];
  if (faceDown) facts.push(t("faceDown", visible ? visible.map(planetName).join(", ") : faceDown));
  if ((view.black_holes || [])[seat]) facts.push(t("blackHoles", view.black_holes[seat]));
  points += faceDown - view.hand_sizes[seat];
  facts.push(t("pointsNow", points));
  li.append(el("p", { className: "facts-line", text: facts.join(" · ") }));
}

// At the end of the game every card discarded face down is shown.
function reveal(c) {
  return { title: t("faceDownAll"), cards: c.view.face_down || [], card: (code) => planetCard(code, "small") };
}

startTable({
  strings: STRINGS,
  render,
  reveal,
  playerExtras,
  helpKeys: [
    ["X", "keyDecline"],
    ["S", "keySteal"],
  ],
});
