// The home page: deal a table (POST /api/tables) and show one link per person.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  let games = [];
  let bots = [];

  function option(select, value, text) {
    const el = document.createElement("option");
    el.value = value;
    el.textContent = text;
    select.appendChild(el);
  }

  function fillPresets() {
    const game = games.find((g) => g.name === $("game").value);
    const preset = $("preset");
    while (preset.firstChild) preset.removeChild(preset.firstChild);
    for (const name of game.presets) option(preset, name, name);
  }

  function addSeat(name, bot) {
    const li = document.createElement("li");
    const input = document.createElement("input");
    input.className = "seat-name";
    input.maxLength = 24;
    input.required = true;
    input.value = name;
    input.setAttribute("aria-label", "Name");
    const kind = document.createElement("select");
    kind.className = "seat-kind";
    kind.setAttribute("aria-label", "Who plays");
    option(kind, "", "a person");
    for (const b of bots) option(kind, b, b + " bot");
    kind.value = bot || "";
    const remove = document.createElement("button");
    remove.type = "button";
    remove.textContent = "Remove";
    remove.addEventListener("click", () => {
      li.remove();
      updateSeed();
    });
    li.append(input, " ", kind, " ", remove);
    $("seats").appendChild(li);
    updateSeed();
  }

  // A seed may be chosen only when one person plays with bots (the server refuses it otherwise):
  // whoever knows the seed can deal the same game and knows every hand.
  function updateSeed() {
    const kinds = Array.from(document.querySelectorAll("#seats .seat-kind"));
    const alone = kinds.filter((kind) => kind.value === "").length <= 1;
    $("seed").disabled = !alone;
    if (!alone) $("seed").value = "";
  }

  function showMessage(text) {
    $("message").hidden = !text;
    $("message").textContent = text || "";
  }

  async function create(event) {
    event.preventDefault();
    const seats = Array.from($("seats").children).map((li) => ({
      name: li.querySelector(".seat-name").value.trim(),
      bot: li.querySelector(".seat-kind").value || null,
    }));
    const body = { game: $("game").value, preset: $("preset").value, seats };
    if (!$("seed").disabled && $("seed").value !== "") body.seed = Number($("seed").value);
    const response = await fetch("/api/tables", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const answer = await response.json();
    if (!response.ok) return showMessage(answer.message || "Error " + response.status);
    showMessage("");
    const list = $("link-list");
    while (list.firstChild) list.removeChild(list.firstChild);
    for (const seat of answer.seats) {
      if (!seat.url) continue;
      const li = document.createElement("li");
      const link = document.createElement("a");
      link.href = seat.url;
      link.target = "_blank";
      link.rel = "noopener";
      link.textContent = location.origin + seat.url;
      li.append(seat.name + ": ", link);
      list.appendChild(li);
    }
    $("links").hidden = false;
  }

  async function start() {
    const response = await fetch("/api/games");
    const answer = await response.json();
    games = answer.games;
    bots = answer.bots;
    for (const game of games) option($("game"), game.name, game.title);
    fillPresets();
    $("game").addEventListener("change", fillPresets);
    $("seats").addEventListener("change", updateSeed); // a seat switched between person and bot
    $("add-seat").addEventListener("click", () => addSeat("Player " + ($("seats").children.length + 1), null));
    $("new-table").addEventListener("submit", create);
    addSeat("Player 1", null);
    addSeat("Player 2", null);
    addSeat("Bot", bots[0]);
  }

  start().catch((error) => showMessage("Could not reach the server: " + error));
})();
