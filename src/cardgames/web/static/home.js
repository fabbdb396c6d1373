// The home page: deal a table (POST /api/tables) for any of the games, with people and bots in
// the seats and the number of rounds of the match, then show one link per person.
import { $, clear, el, showMessage } from "./common.js";

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

function addSeat(name, bot) {
  const input = el("input", {
    className: "seat-name",
    attrs: { maxlength: "24", required: "", "aria-label": "Name", value: name },
  });
  const kind = el("select", { className: "seat-kind", attrs: { "aria-label": "Who plays" } });
  kind.append(el("option", { text: "a person", attrs: { value: "" } }));
  for (const b of bots) kind.append(el("option", { text: b + " bot", attrs: { value: b } }));
  kind.value = bot || "";
  const li = el("li", {}, input, " ", kind, " ");
  const remove = el("button", {
    className: "remove-seat",
    text: "Remove",
    attrs: { type: "button" },
    onClick: () => {
      li.remove();
      updateSeats();
    },
  });
  li.append(remove);
  $("seats").append(li);
  updateSeats();
}

// The game's bounds on the number of seats.
function updateSeats() {
  const g = game();
  const count = $("seats").children.length;
  if (!g) return;
  $("seat-bounds").textContent = "(" + g.min_players + " to " + g.max_players + ")";
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
  if (!response.ok) return showMessage(answer.message || "Error " + response.status);
  showMessage("");
  const list = clear($("link-list"));
  for (const seat of answer.seats) {
    if (!seat.url) continue;
    const link = el("a", { text: location.origin + seat.url, attrs: { href: seat.url, target: "_blank", rel: "noopener" } });
    list.append(el("li", { dataset: { seat: seat.seat } }, el("span", { className: "name", text: seat.name + ": " }), link));
  }
  $("links").hidden = false;
}

async function start() {
  const response = await fetch("/api/games");
  const answer = await response.json();
  games = answer.games;
  bots = answer.bots;
  for (const g of games) $("game").append(el("option", { text: g.title, attrs: { value: g.name } }));
  fillPresets();
  $("game").addEventListener("change", fillPresets);
  $("add-seat").addEventListener("click", () => addSeat("Player " + ($("seats").children.length + 1), null));
  $("new-table").addEventListener("submit", (event) => create(event).catch((error) => showMessage(String(error))));
  addSeat("Player 1", null);
  addSeat("Player 2", null);
  addSeat("Bot", bots.includes("heuristic") ? "heuristic" : bots[0]);
}

start().catch((error) => showMessage("Could not reach the server: " + error));
