// The home page: deal a table (POST /api/tables) for any of the games, with people and bots in
// the seats and the number of rounds of the match, then show one link per person. In English or
// French like the tables (the EN / FR buttons; the choice is kept for the table pages).
import { $, addStrings, clear, copyButton, el, languageGroup, setLang, showMessage, t, translatePage } from "./common.js";

addStrings({
  en: {
    homeTitle: "New card table",
    homeIntro: 'Crazy Eights, 8 Américain or "8", the planet game: a few people, bots in the other seats.',
    homeGame: "Game",
    homeRules: "Rules",
    homeRounds: "Rounds in the match",
    homeRoundsPlaceholder: "the rules' own",
    homeRoundsHint:
      'Empty: the game\'s own match rules (Crazy Eights and 8 Américain play to their target score, "8" one game per player).',
    homeSeats: "Seats",
    homeSeatBounds: "({0} to {1})",
    homeAddSeat: "Add a seat",
    homeRemove: "Remove",
    homeName: "Name",
    homeWhoPlays: "Who plays",
    homePerson: "a person",
    homeBot: "{0} bot",
    homePlayer: "Player {0}",
    homeBotName: "Bot",
    homeDeal: "Deal",
    homeLinks: "Send each player their own link",
    homeSecret: "A link is the seat's secret: whoever has it plays that seat.",
    homeCopy: "Copy",
    homeError: "Error {0}",
    homeUnreachable: "Could not reach the server: {0}",
    "bot:easy": "easy",
    "bot:medium": "medium",
    "bot:hard": "hard",
    "bot:random": "random",
    "bot:heuristic": "heuristic",
  },
  fr: {
    homeTitle: "Nouvelle table de jeu",
    homeIntro:
      "Crazy Eights, 8 Américain ou « 8 », le jeu des planètes : quelques personnes, des robots aux autres places.",
    homeGame: "Jeu",
    homeRules: "Règles",
    homeRounds: "Manches de la partie",
    homeRoundsPlaceholder: "celles des règles",
    homeRoundsHint:
      "Vide : la partie suit les règles du jeu (Crazy Eights et 8 Américain se jouent jusqu'au score visé, « 8 » en une manche par joueur).",
    homeSeats: "Places",
    homeSeatBounds: "(de {0} à {1})",
    homeAddSeat: "Ajouter une place",
    homeRemove: "Retirer",
    homeName: "Nom",
    homeWhoPlays: "Qui joue",
    homePerson: "une personne",
    homeBot: "robot {0}",
    homePlayer: "Joueur {0}",
    homeBotName: "Robot",
    homeDeal: "Distribuer",
    homeLinks: "Envoyez à chaque joueur son propre lien",
    homeSecret: "Un lien est le secret de sa place : qui le détient joue à cette place.",
    homeCopy: "Copier",
    homeError: "Erreur {0}",
    homeUnreachable: "Le serveur ne répond pas : {0}",
    "bot:easy": "facile",
    "bot:medium": "moyen",
    "bot:hard": "difficile",
    "bot:random": "aléatoire",
    "bot:heuristic": "heuristique",
  },
});

let games = [];
let bots = [];

function game() {
  return games.find((g) => g.name === $("game").value);
}

function fillPresets() {
  const preset = clear($("preset"));
  for (const name of game().presets) preset.append(el("option", { text: name, attrs: { value: name } }));
  updateSeats();
}

// A bot kind as people read it: "heuristic bot", "robot heuristique"; a kind without a
// translation (ismcts:200) keeps its name.
function botLabel(kind) {
  const key = "bot:" + kind;
  const name = t(key);
  return t("homeBot", name === key ? kind : name);
}

// The words of the page that are not in its HTML (the seats' labels, the bounds, the hint).
function relabel() {
  $("rounds").placeholder = t("homeRoundsPlaceholder");
  for (const li of $("seats").children) {
    li.querySelector(".seat-name").setAttribute("aria-label", t("homeName"));
    const kind = li.querySelector(".seat-kind");
    kind.setAttribute("aria-label", t("homeWhoPlays"));
    for (const option of kind.options) option.textContent = option.value ? botLabel(option.value) : t("homePerson");
    li.querySelector(".remove-seat").textContent = t("homeRemove");
  }
  updateSeats();
}

function addSeat(name, bot) {
  const input = el("input", {
    className: "seat-name",
    attrs: { maxlength: "24", required: "", value: name },
  });
  const kind = el("select", { className: "seat-kind" });
  kind.append(el("option", { attrs: { value: "" } }));
  for (const b of bots) kind.append(el("option", { attrs: { value: b } }));
  kind.value = bot || "";
  const li = el("li", {}, input, " ", kind, " ");
  const remove = el("button", {
    className: "remove-seat",
    attrs: { type: "button" },
    onClick: () => {
      li.remove();
      updateSeats();
    },
  });
  li.append(remove);
  $("seats").append(li);
  relabel();
}

// The game's bounds on the number of seats.
function updateSeats() {
  const g = game();
  const count = $("seats").children.length;
  if (!g) return;
  $("seat-bounds").textContent = t("homeSeatBounds", g.min_players, g.max_players);
  $("add-seat").disabled = count >= g.max_players;
  for (const button of document.querySelectorAll(".remove-seat")) button.disabled = count <= g.min_players;
}

async function create(event) {
  event.preventDefault();
  const seats = Array.from($("seats").children).map((li) => ({
    name: li.querySelector(".seat-name").value.trim(),
    bot: li.querySelector(".seat-kind").value || null,
  }));
  const rounds = $("rounds").value === "" ? null : Number($("rounds").value);
  const body = { game: $("game").value, preset: $("preset").value || null, seats, rounds };
  const response = await fetch("/api/tables", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  let answer = {};
  try {
    answer = await response.json();
  } catch (error) {
    answer = {};
  }
  if (!response.ok) return showMessage(answer.message || t("homeError", response.status));
  showMessage("");
  const list = clear($("link-list"));
  for (const seat of answer.seats) {
    if (!seat.url) continue;
    const address = location.origin + seat.url;
    const link = el("a", { text: address, attrs: { href: seat.url, target: "_blank", rel: "noopener" } });
    const copy = copyButton(t("homeCopy"), () => address, () => window.getSelection().selectAllChildren(link), {
      className: "copy-link",
      i18n: "homeCopy",
    });
    list.append(
      el("li", { dataset: { seat: seat.seat } }, el("span", { className: "name", text: seat.name + ": " }), link, " ", copy),
    );
  }
  $("links").hidden = false;
}

async function start() {
  document.querySelector("header").append(
    el("div", { className: "bar" }, languageGroup((code) => setLang(code) && relabel())),
  );
  translatePage();
  $("rounds").placeholder = t("homeRoundsPlaceholder");
  const response = await fetch("/api/games");
  const answer = await response.json();
  games = answer.games;
  bots = answer.bots;
  for (const g of games) $("game").append(el("option", { text: g.title, attrs: { value: g.name } }));
  fillPresets();
  $("game").addEventListener("change", fillPresets);
  $("add-seat").addEventListener("click", () => addSeat(t("homePlayer", $("seats").children.length + 1), null));
  $("new-table").addEventListener("submit", (event) => create(event).catch((error) => showMessage(String(error))));
  addSeat(t("homePlayer", 1), null);
  addSeat(t("homePlayer", 2), null);
  addSeat(t("homeBotName"), bots.includes("heuristic") ? "heuristic" : bots[0]);
}

start().catch((error) => showMessage(t("homeUnreachable", error)));
