// The table page: one seat's view, polled from the server, and its legal moves as buttons.
//
// The seat's token arrives in the link's fragment (#token=...), which browsers never send to
// the server; it is moved to sessionStorage (this tab only) and removed from the address bar,
// then sent on every request as "Authorization: Bearer ...".
"use strict";

(() => {
  const POLL_MS = 500;
  const MAX_LOG_LINES = 200;
  const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
  const storageKey = "cardgames-token:" + tableId;

  const fragment = new URLSearchParams(location.hash.slice(1));
  if (fragment.get("token")) {
    sessionStorage.setItem(storageKey, fragment.get("token"));
    history.replaceState(null, "", location.pathname + location.search);
  }
  const token = sessionStorage.getItem(storageKey);
  // The language of the log, which the server writes (cardgames.narration): ?lang=fr or en in
  // the page's address, else the browser's language.
  const asked = new URLSearchParams(location.search).get("lang");
  const lang = asked === "fr" || asked === "en"
    ? asked
    : (navigator.language || "en").toLowerCase().startsWith("fr") ? "fr" : "en";

  const $ = (id) => document.getElementById(id);
  let info = null; // {seat, seats, title, preset}
  let view = null; // the view document's data
  let envelope = null; // the view document's envelope (format, version, game)
  let labels = null; // {moves_played, moves: [{notation, label}]}: the server's menu labels
  let seq = -1; // the last move number whose events are shown
  let stopped = false;
  let sending = false;

  async function api(path, options) {
    const init = Object.assign({ cache: "no-store" }, options || {});
    init.headers = Object.assign({ Authorization: "Bearer " + token }, init.headers || {});
    const response = await fetch("/api/tables/" + encodeURIComponent(tableId) + path, init);
    let body = null;
    try {
      body = await response.json();
    } catch (error) {
      body = null;
    }
    return { status: response.status, ok: response.ok, body };
  }

  function fail(text) {
    stopped = true;
    setStatus("error", text);
  }

  function setStatus(state, text) {
    const status = $("status");
    status.dataset.state = state;
    status.textContent = text;
  }

  function showMessage(text) {
    const message = $("message");
    message.hidden = !text;
    message.textContent = text || "";
  }

  function clear(el) {
    while (el.firstChild) el.removeChild(el.firstChild);
  }

  function add(parent, tag, text, className) {
    const el = document.createElement(tag);
    if (text !== undefined) el.textContent = text;
    if (className) el.className = className;
    parent.appendChild(el);
    return el;
  }

  function render() {
    const me = view.viewer;
    const names = view.players;
    document.body.dataset.moves = String(view.moves_played); // a hook for tests and styles
    // Status line.
    if (view.outcome) {
      const winners = view.outcome.winners.map((s) => (s === me ? "you" : names[s])).join(", ");
      setStatus("over", "Round over. Winner: " + winners + ". " + view.outcome.detail);
    } else if (view.legal_moves.length && view.current === me) {
      setStatus("your-turn", "Your turn" + (view.penalty ? ": answer or take " + view.penalty : ""));
    } else if (view.legal_moves.length) {
      setStatus("out-of-turn", "You may act out of turn; " + names[view.current] + " is to play");
    } else {
      setStatus("waiting", "Waiting for " + names[view.current]);
    }
    // The pile and the public facts.
    const top = $("top");
    clear(top);
    top.appendChild(Cards.element(view.top, "big"));
    $("suit").textContent = view.suit ? "Suit to follow: " + Cards.suitText(view.suit) : "";
    const facts = $("facts");
    clear(facts);
    const rows = [
      ["Stock", view.stock_size + " cards"],
      ["Discard pile", view.discard.length + " cards"],
      ["Direction", view.direction === 1 ? "clockwise ↻" : "counter-clockwise ↺"],
      ["Move", String(view.moves_played)],
    ];
    if (view.penalty) rows.splice(2, 0, ["Penalty", view.penalty + " cards to draw"]);
    for (const [term, value] of rows) {
      add(facts, "dt", term);
      add(facts, "dd", value);
    }
    // Players.
    const players = $("players");
    clear(players);
    names.forEach((name, seat) => {
      const li = add(players, "li", undefined, "player");
      li.dataset.seat = String(seat);
      if (seat === view.current && !view.outcome) li.classList.add("current");
      if (seat === me) li.classList.add("me");
      add(li, "span", name, "name");
      const bot = info && info.seats[seat].bot;
      if (seat === me) add(li, "span", "you", "tag");
      else if (bot) add(li, "span", "bot", "tag");
      const size = view.hand_sizes[seat];
      add(li, "span", size + (size === 1 ? " card" : " cards"), "size");
      if (view.outcome) add(li, "span", view.outcome.scores[seat] + " pts", "score");
    });
    // The hand.
    const hand = $("hand");
    clear(hand);
    for (const code of view.hand || []) {
      hand.appendChild(Cards.element(code, view.drawn === code ? "drawn" : ""));
    }
    if (!view.hand || !view.hand.length) add(hand, "p", "No cards.", "empty");
    // The legal moves, numbered.
    const moves = $("moves");
    clear(moves);
    view.legal_moves.forEach((move, index) => {
      const li = add(moves, "li");
      const button = add(li, "button", (index + 1) + ". " + moveLabel(move, index), "move");
      button.type = "button";
      button.dataset.move = Cards.notation(move);
      button.title = Cards.notation(move);
      button.addEventListener("click", () => play(move));
    });
    if (!view.legal_moves.length) add(moves, "li", view.outcome ? "The round is over." : "Nothing to do now.", "empty");
  }

  function logEntries(entries) {
    const log = $("log");
    for (const entry of entries) {
      // The sentences come from the server, told for this seat: "you draw 1: 7♥".
      const lines = entry.lines;
      if (!lines.length) continue;
      const li = document.createElement("li");
      li.value = entry.seq;
      const text = lines.join(lang === "fr" ? " ; " : "; ");
      li.textContent = text.charAt(0).toUpperCase() + text.slice(1);
      log.insertBefore(li, log.firstChild);
    }
    while (log.children.length > MAX_LOG_LINES) log.removeChild(log.lastChild);
  }

  async function play(move) {
    if (sending) return;
    sending = true;
    for (const button of document.querySelectorAll("button.move")) button.disabled = true;
    try {
      const document_ = { format: "cardgames.move", version: envelope.version, game: envelope.game, data: move };
      const answer = await api("/moves", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(document_),
      });
      if (answer.ok) {
        showMessage("");
        acceptView(answer.body);
      } else {
        const reason = answer.body && answer.body.reason ? " (" + answer.body.reason + ")" : "";
        showMessage("Refused: " + ((answer.body && answer.body.message) || answer.status) + reason);
      }
    } catch (error) {
      showMessage("The server cannot be reached: " + error);
    } finally {
      sending = false;
      await refresh(true);
    }
  }

  // A move's label: the server's (cardgames.narration.describe_move, in the page's language,
  // naming the players) when it was written for this very position, else the page's own.
  function moveLabel(move, index) {
    const entry = labels && labels.moves_played === view.moves_played ? labels.moves[index] : null;
    if (entry && entry.notation === Cards.notation(move)) {
      return entry.label.charAt(0).toUpperCase() + entry.label.slice(1);
    }
    return Cards.label(move, view);
  }

  async function loadLabels() {
    const asked = view.moves_played;
    const answer = await api("/moves?lang=" + lang);
    if (!answer.ok || view === null || view.moves_played !== asked) return;
    if (answer.body.moves_played !== asked || answer.body.moves.length !== view.legal_moves.length) return;
    labels = answer.body;
    render();
  }

  function acceptView(document_) {
    // A poll sent before a move may answer after it: never go back to an older position.
    if (view !== null && document_.data.moves_played < view.moves_played) return;
    envelope = document_;
    view = document_.data;
    render();
    if (view.legal_moves.length && (!labels || labels.moves_played !== view.moves_played)) {
      loadLabels().catch(() => {}); // the page's own labels stay if this fails
    }
  }

  async function refresh(force) {
    if (stopped) return;
    const events = await api("/events?after=" + seq + "&lang=" + lang);
    if (!events.ok) return handleError(events);
    const changed = events.body.seq !== seq;
    if (changed) {
      logEntries(events.body.entries);
      seq = events.body.seq;
    }
    if (changed || force || view === null) {
      const answer = await api("/view");
      if (!answer.ok) return handleError(answer);
      acceptView(answer.body);
    }
  }

  function handleError(answer) {
    if (answer.status === 401) fail("This link does not open a seat at this table (ask for your own link).");
    else if (answer.status === 404) fail("This table does not exist any more.");
    else showMessage("Error " + answer.status + ": " + ((answer.body && answer.body.message) || ""));
  }

  async function start() {
    if (!token) return fail("Open this page with your own link (it ends with #token=…).");
    const answer = await api("");
    if (!answer.ok) return handleError(answer);
    info = answer.body;
    document.title = info.title + " — " + info.seats[info.seat].name;
    $("title").textContent = info.title;
    $("who").textContent = "You are " + info.seats[info.seat].name + " (seat " + info.seat + "), rules: " + info.preset;
    await refresh(true);
    const tick = async () => {
      if (stopped || (view && view.outcome)) return; // nothing moves after the end of the round
      try {
        if (!sending) await refresh(false);
      } catch (error) {
        showMessage("The server cannot be reached; retrying…");
      }
      setTimeout(tick, POLL_MS);
    };
    setTimeout(tick, POLL_MS);
  }

  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || !/^[1-9]$/.test(event.key)) return;
    const button = document.querySelectorAll("button.move")[Number(event.key) - 1];
    if (button && !button.disabled) button.click();
  });

  start().catch((error) => fail("Could not load the table: " + error));
})();
