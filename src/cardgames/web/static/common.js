// What both table pages share (the shedding games' table.js and the planet game's planets.js):
// the seat's token, the API, the live connection (WebSocket, polling when it drops), the log
// (the library's narration, written by the server for this seat), the language switch, the
// keyboard, the move picker, the players list and the end of a round (points, totals, next
// round, the match's winners).
//
// The seat's token arrives in the link's fragment (#token=...), which browsers never send to
// the server; it is moved to localStorage under the table's id (this browser keeps its seat at
// that table: the address bar, a bookmark or a new tab open it again) and removed from the
// address bar, then sent on every request as "Authorization: Bearer ..." and in the socket's
// first message. "Copy my link" gives the link back, to open the seat on another device.
// Everything is written with textContent, never innerHTML: player names are chosen by people.

export const POLL_MS = 2000; // the fallback's period while the socket is down
const BACKOFF_FIRST_MS = 1000;
const BACKOFF_MAX_MS = 30000;
const MAX_LOG_ENTRIES = 300;
const LANGS = ["en", "fr"];

// -- the page's own words (the log and the move labels come from the server) ------------------

const STRINGS = {
  en: {
    language: "Language",
    you: "you",
    bot: "bot",
    youAre: "You are {0} (seat {1}) · rules: {2}",
    roundOf: "Round {0} of {1}",
    round: "Round {0}",
    yourTurn: "Your turn",
    outOfTurn: "You may act out of turn; {0} is to play",
    waitingFor: "Waiting for {0}",
    roundOver: "Round over",
    matchOver: "Match over",
    connecting: "Connecting…",
    live: "live",
    polling: "reconnecting… (polling)",
    players: "Players",
    log: "What happened",
    moves: "Your moves",
    noMoves: "Nothing to do now.",
    cards: "{0} cards",
    card: "1 card",
    points: "Points",
    thisRound: "This round",
    total: "Total",
    nextRound: "Next round",
    winners: "Winners of the match: {0}",
    winner: "Winner of the match: {0}",
    roundWinners: "Round won by {0}.",
    reveal: "Every hand",
    keys: "Keyboard",
    keyHelp: "show or hide this help",
    keyLang: "switch English / French",
    keyNext: "next round",
    keyEscape: "close the chooser",
    keyCards: "the card or move with that key",
    choose: "Choose",
    cancel: "Cancel",
    refused: "Refused: {0}",
    stale: "The table moved on before your move arrived; here it is now.",
    unreachable: "The server cannot be reached; retrying…",
    noToken: "Open this page with your own link (it ends with #token=…).",
    copyLink: "Copy my link",
    copied: "Copied",
    copyFailed: "Copy this link: {0}",
    roundStarted: "Round {0} has begun: go on when you have seen this one.",
    badToken: "This link does not open a seat at this table (ask for your own link).",
    noTable: "This table does not exist any more.",
    lastMove: "last move",
    hand: "Your hand",
    otherMoves: "Other moves",
    noCards: "No cards.",
  },
  fr: {
    language: "Langue",
    you: "vous",
    bot: "robot",
    youAre: "Vous êtes {0} (place {1}) · règles : {2}",
    roundOf: "Manche {0} sur {1}",
    round: "Manche {0}",
    yourTurn: "À vous de jouer",
    outOfTurn: "Vous pouvez agir hors de votre tour ; c'est à {0} de jouer",
    waitingFor: "On attend {0}",
    roundOver: "Manche terminée",
    matchOver: "Partie terminée",
    connecting: "Connexion…",
    live: "en direct",
    polling: "reconnexion… (interrogation)",
    players: "Joueurs",
    log: "Ce qui s'est passé",
    moves: "Vos coups",
    noMoves: "Rien à faire pour l'instant.",
    cards: "{0} cartes",
    card: "1 carte",
    points: "Points",
    thisRound: "Cette manche",
    total: "Total",
    nextRound: "Manche suivante",
    winners: "Vainqueurs de la partie : {0}",
    winner: "Vainqueur de la partie : {0}",
    roundWinners: "Manche gagnée par {0}.",
    reveal: "Toutes les mains",
    keys: "Clavier",
    keyHelp: "afficher ou cacher cette aide",
    keyLang: "passer de l'anglais au français",
    keyNext: "manche suivante",
    keyEscape: "fermer le choix",
    keyCards: "la carte ou le coup de cette touche",
    choose: "Choisir",
    cancel: "Annuler",
    refused: "Refusé : {0}",
    stale: "La table a avancé avant l'arrivée de votre coup ; la voici.",
    unreachable: "Le serveur ne répond pas ; nouvel essai…",
    noToken: "Ouvrez cette page avec votre propre lien (il finit par #token=…).",
    copyLink: "Copier mon lien",
    copied: "Copié",
    copyFailed: "Copiez ce lien : {0}",
    roundStarted: "La manche {0} a commencé : continuez quand vous aurez vu celle-ci.",
    badToken: "Ce lien n'ouvre aucune place à cette table (demandez le vôtre).",
    noTable: "Cette table n'existe plus.",
    lastMove: "dernier coup",
    hand: "Votre main",
    otherMoves: "Autres coups",
    noCards: "Aucune carte.",
  },
};

export function addStrings(more) {
  for (const code of LANGS) Object.assign(STRINGS[code], more[code] || {});
}

function initialLang() {
  const asked = new URLSearchParams(location.search).get("lang") || localStorage.getItem("cardgames-lang");
  if (LANGS.includes(asked)) return asked;
  return (navigator.language || "en").toLowerCase().startsWith("fr") ? "fr" : "en";
}

let lang = initialLang();

export function currentLang() {
  return lang;
}

// t("cards", 3) -> "3 cards": the page's own words in the current language.
export function t(key, ...args) {
  const text = STRINGS[lang][key] ?? STRINGS.en[key] ?? key;
  return text.replace(/\{(\d)\}/g, (_, i) => String(args[Number(i)]));
}

// Every element with data-i18n="key" shows t(key).
export function translatePage() {
  document.documentElement.lang = lang;
  for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const button of document.querySelectorAll("#lang button")) {
    button.setAttribute("aria-pressed", String(button.dataset.lang === lang));
  }
}

// Show the page in another language (en or fr), kept for the next pages of this browser;
// false if the code is not one of LANGS or is the language already shown.
export function setLang(code) {
  if (!LANGS.includes(code) || code === lang) return false;
  lang = code;
  localStorage.setItem("cardgames-lang", code);
  translatePage();
  return true;
}

// The EN / FR buttons (#lang); each click calls onPick(code).
export function languageGroup(onPick) {
  const langs = el("div", { id: "lang", className: "lang", attrs: { role: "group" } });
  for (const code of LANGS) {
    const button = el("button", {
      text: code.toUpperCase(),
      dataset: { lang: code },
      attrs: { type: "button", "aria-pressed": String(code === lang) },
    });
    button.addEventListener("click", () => onPick(code));
    langs.append(button);
  }
  langs.setAttribute("aria-label", "Language / Langue");
  return langs;
}

export function capitalize(text) {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

// -- DOM helpers ----------------------------------------------------------------------------

export const $ = (id) => document.getElementById(id);

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

// el("button", {className: "move", text: "Draw", dataset: {key: "d"}, attrs: {type: "button"}})
export function el(tag, props, ...children) {
  const node = document.createElement(tag);
  const p = props || {};
  if (p.id) node.id = p.id;
  if (p.className) node.className = p.className;
  if (p.i18n) node.dataset.i18n = p.i18n;
  if (p.text !== undefined) node.textContent = p.text;
  if (p.title) node.title = p.title;
  for (const [k, v] of Object.entries(p.dataset || {})) node.dataset[k] = String(v);
  for (const [k, v] of Object.entries(p.attrs || {})) node.setAttribute(k, String(v));
  if (p.onClick) node.addEventListener("click", p.onClick);
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

// Put text on the clipboard: the Clipboard API where the page may use it (HTTPS, localhost),
// else a selected text area and the copy command (plain HTTP on a home network); true if done.
export async function copyText(text) {
  if (navigator.clipboard && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch (error) {
      // fall through to the copy command
    }
  }
  const area = el("textarea", { attrs: { readonly: "", "aria-hidden": "true" } });
  area.value = text;
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  let done = false;
  try {
    done = document.execCommand("copy");
  } catch (error) {
    done = false;
  }
  area.remove();
  return done;
}

// A button that copies link() and says so ("Copied") for a moment; onFail(text) when it cannot.
export function copyButton(label, link, onFail, props) {
  const button = el("button", Object.assign({ text: label, attrs: { type: "button" } }, props || {}));
  button.addEventListener("click", async () => {
    const text = link();
    if (await copyText(text)) {
      button.textContent = t("copied");
      button.dataset.copied = "true";
      setTimeout(() => {
        button.textContent = props && props.i18n ? t(props.i18n) : label;
      }, 1500);
    } else {
      onFail(text);
    }
  });
  return button;
}

export function showMessage(text) {
  const message = $("message");
  message.hidden = !text;
  message.textContent = text || "";
}

// -- the keyboard -----------------------------------------------------------------------------

// Keys for cards (by position) and for moves without a letter of their own: digits, then letters
// that no move or page command uses.
const RESERVED = new Set(["d", "p", "t", "c", "n", "l", "x", "s", "?"]);
export const KEY_POOL = "1234567890qwertyuiofghjkzvbm".split("").filter((k) => !RESERVED.has(k));

const keys = new Map(); // key -> action, rebuilt on each render
let pickerKeys = null; // while the picker is open: its own keys

export function bindKey(key, action) {
  if (key && !keys.has(key)) keys.set(key, action);
  return key;
}

function keyBadge(key) {
  return el("kbd", { className: "key", text: key.toUpperCase(), attrs: { "aria-hidden": "true" } });
}

// A button that runs `action`, with a keyboard key shown on it.
export function actionButton(text, action, { key, className, title, dataset } = {}) {
  const button = el("button", {
    className: "move " + (className || ""),
    text,
    title,
    dataset: Object.assign({}, dataset || {}),
    attrs: { type: "button" },
    onClick: () => action(),
  });
  if (key) {
    bindKey(key, () => button.click());
    button.dataset.key = key;
    button.prepend(keyBadge(key), " ");
    button.setAttribute("aria-keyshortcuts", key.toUpperCase());
  }
  return button;
}

// A card the player may click (a hand card, a drawn card): `action` or nothing when disabled.
export function clickableCard(node, action, key) {
  const enabled = Boolean(action);
  node.classList.add(enabled ? "playable" : "unplayable");
  if (!enabled) return node;
  node.tabIndex = 0;
  node.setAttribute("role", "button");
  node.addEventListener("click", () => action());
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      action();
    }
  });
  if (key) {
    bindKey(key, action);
    node.dataset.key = key;
    node.append(keyBadge(key));
    node.setAttribute("aria-keyshortcuts", key.toUpperCase());
  }
  return node;
}

// -- the picker: one card or command, several moves (a suit to name, a player to choose) -------

// options: [{text, title, className, action}]; extra: a node shown above the buttons.
export function openPicker(title, options, extra) {
  const picker = $("picker");
  clear(picker);
  picker.append(el("p", { className: "picker-title", text: title }));
  if (extra) picker.append(extra);
  const row = el("div", { className: "picker-options" });
  pickerKeys = new Map();
  options.forEach((option, index) => {
    const key = String(index + 1);
    const button = el("button", {
      className: "pick " + (option.className || ""),
      text: option.text,
      title: option.title,
      dataset: option.dataset || {},
      attrs: { type: "button", "aria-keyshortcuts": key },
      onClick: () => {
        closePicker();
        option.action();
      },
    });
    button.prepend(keyBadge(key), " ");
    pickerKeys.set(key, () => button.click());
    row.append(button);
  });
  const cancel = el("button", {
    className: "pick cancel",
    text: t("cancel"),
    attrs: { type: "button" },
    onClick: closePicker,
  });
  row.append(cancel);
  picker.append(row);
  picker.hidden = false;
  const first = picker.querySelector("button.pick");
  if (first) first.focus();
}

export function closePicker() {
  const picker = $("picker");
  if (!picker) return;
  picker.hidden = true;
  clear(picker);
  pickerKeys = null;
}

// The moves a control stands for, as one action: play the only one, or open a picker.
// `describe(move)` gives the picker's {text, title, className}.
export function moveAction(client, entries, title, describe) {
  if (!entries.length) return null;
  if (entries.length === 1) return () => client.play(entries[0]);
  return () =>
    openPicker(
      title,
      entries.map((entry) => Object.assign({ action: () => client.play(entry) }, describe(entry))),
    );
}

// A move's data (its document's data), whatever wrapping the server used.
export function moveData(entry) {
  const move = entry.move || {};
  return move.data && typeof move.data === "object" ? move.data : move;
}

export function moveKind(entry) {
  const data = moveData(entry);
  return data.type || data.kind || String(entry.notation || "").split(" ")[0];
}

// -- the parts of the page both tables share --------------------------------------------------

// Keys every table page has; a page adds its own ([key, string key] pairs).
const COMMON_KEYS = [
  ["1…9", "keyCards"],
  ["N", "keyNext"],
  ["L", "keyLang"],
  ["?", "keyHelp"],
  ["Esc", "keyEscape"],
];

// The header's bar, the status line, the picker, the end of round and the side column (players,
// log, keyboard help), around the page's own part (#game).
function buildFrame(helpKeys, onPickLang, myLink) {
  const langs = languageGroup(onPickLang);
  const copy = copyButton(t("copyLink"), myLink, (text) => showMessage(t("copyFailed", text)), {
    id: "copy-link",
    className: "copy-link",
    i18n: "copyLink",
  });
  document.querySelector("header").append(
    el(
      "div",
      { className: "bar" },
      el("span", { id: "round", className: "round" }),
      el("span", { id: "transport", className: "transport" }),
      copy,
      langs,
    ),
  );
  const game = $("game");
  // The seat's hand and its other moves, below the page's own part of the table.
  game.append(
    el(
      "section",
      { attrs: { "aria-labelledby": "hand-title" } },
      el("h2", { id: "hand-title" }, el("span", { i18n: "hand" }), " ", el("small", { id: "limit" })),
      el("div", { id: "hand", className: "hand" }),
    ),
    el(
      "section",
      { attrs: { "aria-labelledby": "moves-title" } },
      el("h2", { id: "moves-title", i18n: "otherMoves" }),
      el("div", { id: "moves", className: "moves" }),
    ),
  );
  game.before(
    el("p", { id: "status", className: "status", dataset: { state: "loading" }, attrs: { role: "status" } }),
    el("p", { id: "message", className: "message", attrs: { role: "alert", hidden: "" } }),
    el("div", { id: "picker", className: "picker", attrs: { hidden: "", role: "dialog" } }),
  );
  game.after(
    el(
      "section",
      { id: "round-end", className: "round-end", attrs: { hidden: "", "aria-labelledby": "round-end-title" } },
      el("h2", { id: "round-end-title", i18n: "roundOver" }),
      el("div", { id: "round-summary" }),
      el("div", { id: "reveal", className: "reveal" }),
      el("h3", { i18n: "points" }),
      el("div", { id: "points" }),
      el("button", { id: "next-round", className: "next-round", i18n: "nextRound", attrs: { type: "button", hidden: "" } }),
      el("p", { id: "match-winners", className: "match-winners", attrs: { hidden: "" } }),
    ),
  );
  const help = el("dl", { className: "keys" });
  for (const [key, text] of COMMON_KEYS.concat(helpKeys || [])) {
    help.append(el("dt", {}, el("kbd", { text: key })), el("dd", { i18n: text }));
  }
  $("side").append(
    el(
      "section",
      { attrs: { "aria-labelledby": "players-title" } },
      el("h2", { id: "players-title", i18n: "players" }),
      el("ol", { id: "players", className: "players", attrs: { start: "0" } }),
    ),
    el(
      "section",
      { attrs: { "aria-labelledby": "log-title" } },
      el("h2", { id: "log-title", i18n: "log" }),
      el("ol", { id: "log", className: "log", attrs: { reversed: "" } }),
    ),
    el("details", { id: "help", className: "help" }, el("summary", { i18n: "keys" }), help),
  );
}

// -- the table client ---------------------------------------------------------------------

// page: {render(client), playerExtras(li, seat, client), reveal(client) -> {title, cards: by
//        seat, card(code) -> node} or null, turnNote(client) -> text,
//        strings: {en, fr}, helpKeys: [[key, stringKey], ...]}
export function startTable(page) {
  if (page.strings) addStrings(page.strings);
  const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
  const storageKey = "cardgames-token:" + tableId;
  const fragment = new URLSearchParams(location.hash.slice(1));
  if (fragment.get("token")) {
    localStorage.setItem(storageKey, fragment.get("token"));
    history.replaceState(null, "", location.pathname + location.search);
  }
  const token = localStorage.getItem(storageKey);
  const myLink = () => location.origin + "/table/" + encodeURIComponent(tableId) + "#token=" + token;
  buildFrame(page.helpKeys, (code) => switchLang(code), myLink);

  const client = {
    tableId,
    info: null, // GET /api/tables/{id}: seat, seats, title, preset
    round: null,
    status: null, // playing | round_over | match_over
    match: null,
    view: null, // the view document's data
    moves: [], // [{notation, label, move}] the seat's legal moves now
    seq: -1, // the last move number whose log entry is shown
    version: undefined, // the table's version when last polled
    busy: false,
    stopped: false,
    live: false,
    seen: new Set(), // the log entries shown (move numbers) in this round
    nextStarted: null, // the round another player started while this page shows the last one's end
    movingOn: false, // this page's player asked for the next round
    play,
    nextRound,
    refresh,
    get lang() {
      return lang;
    },
    get seat() {
      return client.info ? client.info.seat : null;
    },
    name(seat) {
      return seat === client.seat ? t("you") : client.info.seats[seat].name;
    },
  };

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

  function fail(text, forget) {
    // A table that is gone, or a token it does not know: this browser forgets the seat.
    if (forget) localStorage.removeItem(storageKey);
    client.stopped = true;
    if (socket) socket.close();
    setStatus("error", text);
  }

  function handleError(answer) {
    if (answer.status === 401) fail(t("badToken"), true);
    else if (answer.status === 403) fail(t("badToken"));
    else if (answer.status === 404) fail(t("noTable"), true);
    else showMessage("Error " + answer.status + ": " + ((answer.body && answer.body.message) || ""));
  }

  function setStatus(state, text) {
    const status = $("status");
    status.dataset.state = state;
    status.textContent = text;
    document.body.dataset.state = state;
  }

  function setTransport(live) {
    client.live = live;
    document.body.dataset.transport = live ? "live" : "polling";
    const node = $("transport");
    if (node) {
      node.textContent = live ? "● " + t("live") : "○ " + t("polling");
      node.dataset.live = String(live);
    }
  }

  // -- applying what the server says --------------------------------------------------------

  function resetLog() {
    clear($("log"));
    client.seen = new Set();
    client.seq = -1;
  }

  function addEntries(entries) {
    const log = $("log");
    for (const entry of entries || []) {
      if (client.seen.has(entry.seq)) continue;
      client.seen.add(entry.seq);
      client.seq = Math.max(client.seq, entry.seq);
      const lines = entry.lines || [];
      if (!lines.length) continue;
      const li = el("li", { dataset: { seq: entry.seq } });
      li.value = entry.seq;
      for (const line of lines) li.append(el("span", { className: "line", text: capitalize(line) }));
      // Newest first, in move order even when earlier entries arrive later (a new round's).
      const after = Array.from(log.children).find((node) => Number(node.dataset.seq) < entry.seq);
      log.insertBefore(li, after || null);
    }
    while (log.children.length > MAX_LOG_ENTRIES) log.removeChild(log.lastChild);
    for (const li of log.querySelectorAll("li.last")) li.classList.remove("last");
    if (log.firstChild) log.firstChild.classList.add("last");
  }

  // update: {round, seq, version, status, view, entries, moves, match}: the socket's "update",
  // or the same gathered by polling. An update older than what the page shows is dropped.
  function applyUpdate(update) {
    const view = update.view && update.view.data ? update.view.data : update.view;
    if (update.round !== undefined && client.round !== null && update.round < client.round) return;
    const newRound = update.round !== undefined && update.round !== client.round;
    // Another player started the next round: this page keeps the reveal, the points and the
    // log of the round it shows until its own player moves on ("Next round").
    if (newRound && client.round !== null && client.status === "round_over" && !client.movingOn) {
      if (client.nextStarted !== update.round) {
        client.nextStarted = update.round;
        renderRoundEnd();
      }
      return;
    }
    // A poll sent before a change may answer after the socket brought it: never go back.
    if (update.version !== undefined && client.version !== undefined && update.version < client.version) return;
    if (!newRound && view && client.view && view.moves_played < client.view.moves_played) return;
    if (newRound) {
      if (client.round !== null) resetLog();
      client.round = update.round;
      client.nextStarted = null;
      client.movingOn = false;
      closePicker();
    }
    addEntries(update.entries);
    if (update.seq !== undefined && update.entries) client.seq = Math.max(client.seq, update.seq);
    if (view) client.view = view;
    if (update.moves) {
      // A picker offers moves of the position it was opened in: it closes when they change.
      const notations = (moves) => moves.map((m) => m.notation).join("|");
      if (notations(update.moves) !== notations(client.moves)) closePicker();
      client.moves = update.moves;
    }
    if (update.match) client.match = update.match;
    if (update.status) client.status = update.status;
    if (update.version !== undefined) client.version = update.version;
    render();
    if (newRound && !client.seen.has(0)) refreshLog().catch(() => {});
  }

  async function refreshLog() {
    const events = await api("/events?after=-1&lang=" + lang);
    if (events.ok && (events.body.round === undefined || events.body.round === client.round)) {
      addEntries(events.body.entries);
    }
  }

  // The whole state by HTTP: the table (round, status, match, version), then, if anything
  // changed, the events after the last shown, the view and the legal moves.
  async function refresh(force) {
    if (client.stopped) return;
    const wasLive = client.live;
    const info = await api("");
    // The socket's first update came while the table was being asked for (a poll, the refresh
    // of a language switch or of a move made without the socket): the socket brings the rest,
    // and the three requests would only repeat what its update holds.
    if (client.live && !wasLive) return;
    if (!info.ok) return handleError(info);
    const table = info.body;
    Object.assign(client.info, { seats: table.seats || client.info.seats });
    const changed =
      force ||
      client.view === null ||
      table.round !== client.round ||
      table.version === undefined ||
      table.version !== client.version ||
      table.status !== client.status;
    if (!changed) return;
    const sameRound = table.round === client.round;
    const [events, view, moves] = await Promise.all([
      api("/events?after=" + (sameRound ? client.seq : -1) + "&lang=" + lang),
      api("/view"),
      api("/moves?lang=" + lang),
    ]);
    for (const answer of [events, view, moves]) if (!answer.ok) return handleError(answer);
    // The three answers may straddle a change: then the next poll asks again.
    const viewData = view.body.data || view.body;
    const consistent =
      events.body.version === moves.body.version && viewData.moves_played === moves.body.moves_played;
    applyUpdate({
      version: consistent ? moves.body.version : undefined,
      round: table.round,
      status: table.status,
      match: table.match,
      seq: events.body.seq,
      entries: events.body.entries,
      view: view.body,
      moves: moves.body.moves,
    });
    if (!consistent) client.version = undefined;
  }

  // -- the live connection ------------------------------------------------------------------

  let socket = null;
  let backoff = BACKOFF_FIRST_MS;
  let reconnectTimer = null;
  let pollTimer = null;
  let polls = 0;

  function connect() {
    if (client.stopped || socket) return;
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const url = scheme + "//" + location.host + "/api/tables/" + encodeURIComponent(tableId) + "/live";
    let ws;
    try {
      ws = new WebSocket(url);
    } catch (error) {
      return dropped();
    }
    socket = ws;
    ws.addEventListener("open", () => {
      ws.send(JSON.stringify({ token, lang, after: client.seq }));
    });
    ws.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch (error) {
        return;
      }
      if (message.type === "update") {
        if (!client.live) {
          setTransport(true);
          stopPolling();
        }
        backoff = BACKOFF_FIRST_MS;
        applyUpdate(message);
      } else if (message.type === "error") {
        if (message.error === "invalid_token" || message.error === "missing_token") fail(t("badToken"), true);
        else if (message.error === "unknown_table") fail(t("noTable"), true);
      }
    });
    ws.addEventListener("close", () => {
      if (socket === ws) {
        socket = null;
        dropped();
      }
    });
  }

  // The socket is down: poll every POLL_MS and try again after a growing delay.
  function dropped() {
    setTransport(false);
    if (client.stopped) return;
    startPolling();
    clearTimeout(reconnectTimer);
    reconnectTimer = setTimeout(connect, backoff);
    backoff = Math.min(backoff * 2, BACKOFF_MAX_MS);
  }

  function startPolling() {
    if (pollTimer !== null) return;
    const tick = async () => {
      pollTimer = null;
      if (client.stopped || client.live) return;
      polls += 1;
      document.body.dataset.polls = String(polls);
      try {
        if (!client.busy) await refresh(false);
      } catch (error) {
        showMessage(t("unreachable"));
      }
      if (!client.live && !client.stopped) pollTimer = setTimeout(tick, POLL_MS);
    };
    pollTimer = setTimeout(tick, POLL_MS);
  }

  function stopPolling() {
    clearTimeout(pollTimer);
    pollTimer = null;
  }

  // A new language: the server writes the log and the labels again in it.
  function switchLang(code) {
    if (!setLang(code)) return;
    resetLog();
    client.version = undefined;
    if (socket) {
      const old = socket;
      socket = null;
      old.close();
      setTransport(false);
      connect();
    }
    refresh(true).catch(() => showMessage(t("unreachable")));
  }

  // -- moves ----------------------------------------------------------------------------------

  async function play(entry) {
    if (client.busy || client.stopped) return;
    client.busy = true;
    document.body.dataset.busy = "true";
    showMessage("");
    closePicker();
    for (const node of document.querySelectorAll("button.move, .playable")) node.classList.add("waiting");
    let fallback = true;
    try {
      // "expect": the table's version this move was chosen at (409 "stale" if it moved on).
      const body = { move: entry.notation };
      if (Number.isInteger(client.version)) body.expect = client.version;
      const answer = await api("/moves", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      if (answer.ok) {
        showMessage("");
        fallback = !client.live; // the socket brings the update, labels and log included
      } else if (answer.status === 409 && answer.body && answer.body.error === "stale") {
        showMessage(t("stale"));
      } else {
        const b = answer.body || {};
        showMessage(t("refused", (b.message || answer.status) + (b.reason ? " (" + b.reason + ")" : "")));
      }
    } catch (error) {
      showMessage(t("unreachable"));
    } finally {
      client.busy = false;
      document.body.dataset.busy = "false";
      if (fallback) await refresh(true).catch(() => showMessage(t("unreachable")));
      else render();
    }
  }

  // Deal the next round, or go on to the one another player dealt already.
  async function nextRound() {
    if (client.busy || client.status !== "round_over") return;
    client.busy = true;
    client.movingOn = true;
    try {
      if (client.nextStarted === null) {
        const answer = await api("/rounds", { method: "POST" });
        if (!answer.ok && answer.status !== 409) {
          client.movingOn = false;
          handleError(answer);
        }
      }
    } finally {
      client.busy = false;
    }
    // The updates of the new round that this page set aside are asked for again.
    if (client.movingOn) await refresh(true);
  }

  // -- rendering ------------------------------------------------------------------------------

  function render() {
    const view = client.view;
    if (!view || !client.info) return;
    keys.clear();
    const info = client.info;
    $("who").textContent = t("youAre", info.seats[info.seat].name, info.seat, info.preset || "—");
    document.body.dataset.moves = String(view.moves_played);
    document.body.dataset.version = String(client.version);
    document.body.dataset.round = String(client.round);
    const rounds = client.match && client.match.rounds ? client.match.rounds.length : 0;
    const planned = (client.match && client.match.games) || (view.rules && view.rules.rounds) || null;
    $("round").textContent = planned ? t("roundOf", client.round, planned) : t("round", client.round);
    // Status line.
    const me = info.seat;
    const toPlay = view.current ?? (view.to_act || [])[0]; // whose turn it is
    if (client.status === "match_over") setStatus("match-over", t("matchOver"));
    else if (client.status === "round_over" || view.outcome) setStatus("round-over", t("roundOver"));
    else if (client.moves.length && toPlay !== undefined && toPlay !== me) {
      // Moves while another player is to play: calling out, jumping in.
      setStatus("out-of-turn", t("outOfTurn", info.seats[toPlay].name));
    } else if (client.moves.length) {
      setStatus("your-turn", t("yourTurn") + (page.turnNote ? page.turnNote(client) : ""));
    } else {
      const acting = (view.to_act || []).filter((s) => s !== me);
      setStatus("waiting", t("waitingFor", acting.map((s) => info.seats[s].name).join(", ") || "…"));
    }
    document.body.dataset.matchRounds = String(rounds);
    renderPlayers();
    page.render(client);
    renderRoundEnd();
  }

  function renderPlayers() {
    const view = client.view;
    const list = clear($("players"));
    const acting = new Set(view.to_act || []);
    const players = view.players || client.info.seats.map((s) => s.name);
    players.forEach((name, seat) => {
      const li = el("li", { className: "player", dataset: { seat } });
      if (acting.has(seat) && !view.outcome) li.classList.add("current");
      if (seat === client.seat) li.classList.add("me");
      const head = el("div", { className: "player-head" }, el("span", { className: "name", text: name }));
      if (seat === client.seat) head.append(el("span", { className: "tag", text: t("you") }));
      else if (client.info.seats[seat] && client.info.seats[seat].bot) {
        head.append(el("span", { className: "tag", text: t("bot") + " · " + client.info.seats[seat].bot }));
      }
      const size = (view.hand_sizes || [])[seat];
      if (size !== undefined) head.append(el("span", { className: "size", text: size === 1 ? t("card") : t("cards", size) }));
      if (client.match && client.match.totals && client.match.totals.length) {
        head.append(el("span", { className: "total", text: client.match.totals[seat] + " pts" }));
      }
      li.append(head);
      if (page.playerExtras) page.playerExtras(li, seat, client);
      list.append(li);
    });
  }

  function renderRoundEnd() {
    const section = $("round-end");
    const over = client.status === "round_over" || client.status === "match_over";
    section.hidden = !over;
    if (!over) return;
    const view = client.view;
    const names = view.players || client.info.seats.map((s) => s.name);
    const outcome = view.outcome;
    const summary = clear($("round-summary"));
    if (outcome) {
      summary.append(
        el("p", { text: t("roundWinners", outcome.winners.map((s) => client.name(s)).join(", ")) }),
        el("p", { className: "detail", text: outcome.detail || "" }),
      );
    }
    // The reveal: the page says what (every hand, the cards discarded face down) and how a
    // card is drawn; each player's row ends with the round's score.
    const reveal = clear($("reveal"));
    const shown = page.reveal ? page.reveal(client) : null;
    if (shown) {
      reveal.append(el("h3", { text: shown.title }));
      const list = el("ul", { className: "reveal-list" });
      names.forEach((name, seat) => {
        const row = el("span", { className: "cards" });
        const cards = shown.cards[seat] || [];
        for (const code of cards) row.append(shown.card(code));
        if (!cards.length) row.append(el("span", { className: "empty", text: "—" }));
        const li = el("li", { dataset: { seat } }, el("span", { className: "name", text: name + " " }), row);
        if (outcome) li.append(el("span", { className: "score", text: " " + outcome.scores[seat] }));
        list.append(li);
      });
      reveal.append(list);
    }
    // The points: one column per round of the match, and the totals.
    const match = client.match || { rounds: [], totals: [] };
    const table = el("table", { className: "points" });
    const head = el("tr", {}, el("th", { text: "" }));
    match.rounds.forEach((_, i) => head.append(el("th", { text: t("round", i + 1) })));
    head.append(el("th", { text: t("total") }));
    table.append(el("thead", {}, head));
    const body = el("tbody");
    names.forEach((name, seat) => {
      const row = el("tr", { dataset: { seat } }, el("th", { text: name }));
      match.rounds.forEach((points) => row.append(el("td", { text: String(points[seat]) })));
      row.append(el("td", { className: "total", text: String(match.totals[seat] ?? "") }));
      if ((match.winners || []).includes(seat) && match.is_over) row.classList.add("winner");
      body.append(row);
    });
    table.append(body);
    clear($("points")).append(el("div", { className: "scroll" }, table));
    if (client.nextStarted !== null) {
      summary.append(el("p", { id: "next-started", className: "next-started", text: t("roundStarted", client.nextStarted) }));
    }
    const next = $("next-round");
    next.hidden = client.status !== "round_over";
    if (!next.hidden) bindKey("n", () => next.click());
    const winners = $("match-winners");
    winners.hidden = client.status !== "match_over";
    if (!winners.hidden) {
      const who = (match.winners || []).map((s) => names[s]).join(", ");
      winners.textContent = t((match.winners || []).length > 1 ? "winners" : "winner", who);
    }
  }

  // -- page events ----------------------------------------------------------------------------

  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    if (target && ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName)) return;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    if (key === "Escape") return closePicker();
    if (key === "?") {
      const help = $("help");
      help.open = !help.open;
      if (help.open) help.scrollIntoView({ block: "nearest" });
      return;
    }
    if (pickerKeys) {
      const action = pickerKeys.get(key);
      if (action) {
        event.preventDefault();
        action();
      }
      return;
    }
    if (key === "l") return switchLang(lang === "en" ? "fr" : "en");
    const action = keys.get(key);
    if (action && !client.busy) {
      event.preventDefault();
      action();
    }
  });

  $("next-round").addEventListener("click", () => nextRound());

  async function start() {
    translatePage();
    setStatus("loading", t("connecting"));
    if (!token) return fail(t("noToken"));
    const answer = await api("");
    if (!answer.ok) return handleError(answer);
    client.info = answer.body;
    const me = client.info.seats[client.info.seat];
    document.title = client.info.title + " — " + me.name;
    $("title").textContent = client.info.title;
    await refresh(true);
    setTransport(false);
    connect();
    startPolling(); // until the socket's first update
  }

  start().catch((error) => fail(String(error)));
  return client;
}
