// The page of `cloisterkit serve` (docs/serve.md): the list of games, the
// new-game form, and a game as one seat (or several, on one screen) plays
// it. Everything comes from the server's JSON API; the board is the SVG
// the server draws from the tile definitions (host/render) with the
// options of the seat on turn over it. No library, no network beyond the
// server itself.
//
// Test hooks: every clickable option carries data-option-id (the API's
// id) and data-kind (its kind), on the board as in the panel; what the last
// turn put on the board carries data-last-move (its seat) and #ck-last-move
// says it in words (data-seat: whose turn it was); #ck-game carries
// data-turn, data-active-seat, data-finished, data-version (the game's,
// changed by every move), data-seat (the viewer's) and data-stream ("open"
// while the event stream is connected, "reconnecting" while it is not); each
// score carries data-score-seat; the choice shown but not confirmed carries
// data-pending (#ck-confirm, #ck-undo in #ck-pending); the last turn's
// dragon path is g.last-path and its flashed points .points-flash; a
// swatch carries data-seat-mark and data-mark, a follower's mark on the
// board is text.seat-mark; #ck-forced says an only step the page will play;
// #ck-tiles-to-come lists the tiles to come (.tile-kind[data-tile][data-count]),
// its .tile-kinds carrying data-version, the state it was read at.
//
// The server's Content-Security-Policy allows scripts from this file only:
// no inline <script>, no on…="" attribute, no javascript: URL here; event
// handlers are added with addEventListener (el()'s on… keys).
"use strict";

const KIND_NAMES = { person: "person", computer: "computer (strongest)", random: "random", greedy: "greedy", mcts: "mcts" };

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(e.dataset, v);
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) e.append(c instanceof Node ? c : String(c));
  return e;
}

// Every request that changes something (POST, DELETE) says its body is JSON,
// as the server requires (415 otherwise); an imported .jcz is JSON too.
async function api(method, path, body, token) {
  const headers = {};
  if (token) headers["X-Seat-Token"] = token;
  if (method !== "GET" && method !== "HEAD") headers["Content-Type"] = "application/json";
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body) });
  const text = await res.text();
  let json = null;
  try { json = JSON.parse(text); } catch (e) { json = null; }
  return { status: res.status, json, text };
}

function setStatus(text) { document.getElementById("ck-status").textContent = text; }
function main() { return document.getElementById("ck-main"); }
// The seats' colours on the board (host/render/style.cpp), so that a swatch
// and "outlined in Ada's colour" match the board.
function playerColour(p) { return ["#d7263d", "#1f5fbf", "#f5c400", "#262626", "#8e44ad", "#f07f13", "#ff6fb5", "#00b3c7"][p % 8]; }
// Seats told apart by more than colour (red, orange and pink look alike to
// many): each seat's mark, the first letter of its name where no other
// seat's name starts with it, else its number, is written on its swatch
// and on its figures on the board, in ink that shows on its colour.
function seatMark(s, seat) {
  const initial = (p) => (p.name.trim().charAt(0) || "?").toUpperCase();
  const mine = s.players[seat] ? initial(s.players[seat]) : "?";
  return s.players.filter((p) => initial(p) === mine).length === 1 ? mine : String(seat + 1);
}
function seatInk(seat) { return ["#fff", "#fff", "#000", "#fff", "#fff", "#000", "#000", "#000"][seat % 8]; }
function swatch(s, seat) {
  // The mark is drawn by app.css (::before), not text: sentences that
  // start with a swatch read as they did.
  return el("span", { class: "swatch", "data-seat-mark": seat, "data-mark": seatMark(s, seat), "aria-hidden": "true",
    style: "background:" + playerColour(seat) + ";color:" + seatInk(seat) });
}

// "Your games": the games made or opened with a seat's key in this
// browser, so that a person who lost a link finds the seat again. Kept in
// localStorage ("ck-games": [{id, name, seats: [{seat, name, token}], at,
// opened}], the latest opened first, at most 100); the server keeps no list
// of who is who.
const MY_GAMES = "ck-games";
function myGames() {
  try { const g = JSON.parse(localStorage.getItem(MY_GAMES)); return Array.isArray(g) ? g : []; } catch (e) { return []; }
}
function rememberGame(id, name, seats) {
  const games = myGames();
  const old = games.find((g) => g.id === id);
  const keys = new Map((old ? old.seats : []).map((x) => [x.token, x]));
  for (const x of seats) if (x.token) keys.set(x.token, { seat: x.seat, name: x.name, token: x.token });
  const entry = { id, name: name || (old ? old.name : ""), seats: [...keys.values()].sort((a, b) => a.seat - b.seat),
    at: old ? old.at : Date.now(), opened: Date.now() };
  try { localStorage.setItem(MY_GAMES, JSON.stringify([entry, ...games.filter((g) => g.id !== id)].slice(0, 100))); } catch (e) { /* storage full or off */ }
}
function forgetGame(id) { localStorage.setItem(MY_GAMES, JSON.stringify(myGames().filter((g) => g.id !== id))); }
function rememberedSeats(id) { const g = myGames().find((x) => x.id === id); return g ? g.seats : []; }
function gameTitle(id, name) { return name || "game " + id; }

// ------------------------------------------------------------------ home

async function showHome() {
  setStatus("");
  const [games, info] = await Promise.all([api("GET", "/api/games"), api("GET", "/api/info")]);
  const m = main();
  const held = games.json ? games.json.games : [];
  m.replaceChildren(yourGamesSection(held), gamesSection(held), newGameSection(info.json), importSection());
}

function seatLinks(id, seats) {
  const persons = seats.filter((s) => s.token);
  const links = persons.map((s) => el("a", { href: "/game/" + id + "?token=" + s.token }, "play as " + s.name));
  if (persons.length > 1)
    links.push(el("a", { href: "/game/" + id + "#tokens=" + persons.map((s) => s.token).join(",") }, "all of them on this screen"));
  const out = [];
  links.forEach((a, i) => { if (i) out.push(" · "); out.push(a); });
  return out;
}

// The games this browser holds a seat's key of (rememberGame), with their
// seats' links, whether the server still has them, and a way to forget one.
function yourGamesSection(held) {
  const mine = myGames();
  if (!mine.length) return el("section", { id: "ck-your-games" });
  const onServer = new Map(held.map((g) => [g.id, g]));
  const when = (ms) => new Date(ms).toLocaleString([], { dateStyle: "medium", timeStyle: "short" });
  return el("section", { id: "ck-your-games" }, el("h2", {}, "Your games"),
    el("p", { class: "note" }, "The games started or opened with a seat's link in this browser."),
    el("ul", {}, mine.map((g) => {
      const there = onServer.get(g.id);
      return el("li", { "data-game": g.id },
        el("strong", {}, gameTitle(g.id, g.name)), " ",
        el("span", { class: "note" }, "started " + when(g.at) + (there ? there.finished ? ", finished" : ", turn " + there.turn : ", no longer on this server")),
        " ", there ? seatLinks(g.id, g.seats) : null, " ",
        el("button", { type: "button", class: "forget", onclick: (e) => { forgetGame(g.id); e.target.closest("li").remove(); } }, "forget"));
    })));
}

function gamesSection(games) {
  const rows = games.map((g) => el("tr", { "data-game": g.id },
    el("td", {}, gameTitle(g.id, g.name)),
    el("td", {}, g.players.map((p) => p.name + " (" + kindWords(p.kind) + ") " + p.score).join(", ")),
    el("td", {}, g.finished ? "finished" : "turn " + g.turn),
    el("td", {}, el("a", { href: "/game/" + g.id }, "watch"), " ", seatLinks(g.id, rememberedSeats(g.id)))));
  return el("section", {}, el("h2", {}, "Games"),
    games.length ? el("table", {}, el("tr", {}, el("th", {}, "game"), el("th", {}, "players"), el("th", {}, ""), el("th", {}, "")), rows)
      : el("p", { class: "note" }, "No game yet."));
}

// Rule options in words: the key without its expansion's namespace, its
// camel case spread ("halflings.featureCount": "feature count"), values
// likewise ("fullCorners": "full corners"); the manifest's description
// under it in the same words, without the rule numbers (LB-12), which are
// for tests and docs.
function words(text) { return String(text).replace(/([a-z])([A-Z0-9])/g, "$1 $2").toLowerCase(); }
function optionWords(key) { return words(String(key).replace(/^[^.]*\./, "")); }
function descriptionWords(text) {
  return String(text).replace(/\b[a-z]+[A-Z][A-Za-z]*\b/g, words).replace(/\s*\((?:[A-Z]{2}-\d+(?:[–-]\d+)?(?:,\s*)?)+\)/g, "").replace(/\b[A-Z]{2}-\d+(?:[–-]\d+)?\b/g, "").replace(/\s+([.,;:])/g, "$1");
}

// "basic:2": "base game, 2nd edition".
function tileSetWords(id) {
  const edition = /^basic:(\d+)$/.exec(id);
  if (!edition) return id;
  const n = Number(edition[1]);
  return "base game, " + n + ({ 1: "st", 2: "nd", 3: "rd" }[n] || "th") + " edition";
}

function newGameSection(info) {
  const seats = el("div", { id: "ck-seats" });
  const kinds = ["person", "computer", "random", "greedy", "mcts"];
  const addSeat = (name, kind) => {
    const row = el("div", { class: "seat-row" },
      el("input", { class: "seat-name", value: name, size: 14, "aria-label": "name" }),
      el("select", { class: "seat-kind", "aria-label": "kind" }, kinds.map((k) => el("option", { value: k, selected: k === kind }, KIND_NAMES[k]))),
      el("button", { type: "button", onclick: () => { if (seats.children.length > 1) row.remove(); } }, "remove"));
    seats.append(row);
  };
  addSeat("You", "person");
  addSeat("Computer", "computer");
  const expansions = el("div", {}, (info ? info.expansions : []).map((x) => {
    const options = x.options.map((o) => el("div", { class: "option" },
      el("label", { title: o.key }, optionWords(o.key)),
      o.values && o.values.length
        ? el("select", { class: "rule", "data-key": o.key }, o.values.map((v) => el("option", { value: v, selected: v === o.default }, words(v))))
        : el("input", { class: "rule", "data-key": o.key, value: o.default, size: 10 }),
      o.label ? el("div", { class: "note" }, descriptionWords(o.label)) : null));
    return el("div", { class: "expansion" },
      el("label", {}, el("input", { type: "checkbox", class: "expansion-on", value: x.id, checked: true, onchange: () => fitTileSet() }), " ", x.name, " ", el("span", { class: "note" }, x.version)),
      el("div", { class: "note" }, x.description), options);
  }));
  // The base game's packs only (an expansion's own tiles join with it).
  // The pack follows the expansions ticked, as the server chooses it when
  // a request names none (/api/info: each expansion's tileSet, the latest
  // of them: the abbot stands on gardens, which the 2nd edition has),
  // until the person picks one.
  const baseSets = info && info.baseTileSets ? info.baseTileSets : ["basic:1"];
  const tileSet = el("select", { id: "ck-tileset", onchange: () => { tileSet.dataset.chosen = "true"; } },
    baseSets.map((t) => el("option", { value: t }, tileSetWords(t))));
  const fitTileSet = () => {
    if (tileSet.dataset.chosen) return;
    const on = new Set([...expansions.querySelectorAll(".expansion-on")].filter((c) => c.checked).map((c) => c.value));
    let latest = Math.max(0, baseSets.indexOf(info && info.defaultTileSet));
    for (const x of info ? info.expansions : []) if (on.has(x.id)) latest = Math.max(latest, baseSets.indexOf(x.tileSet));
    tileSet.value = baseSets[latest];
  };
  fitTileSet();
  // A typed seed only where the operator allows it (`serve --allow-seed`:
  // /api/info's "seeds"); a server from before that field took one always.
  const seeds = !!info && (info.seeds === true || info.seeds === undefined);
  const seed = seeds ? el("input", { id: "ck-seed", placeholder: "random", size: 12 }) : null;
  const result = el("div", { id: "ck-created" });
  // The game's name, for the lists and the tab's title (the server checks it: 1 to 64 bytes).
  const gameName = el("input", { id: "ck-game-name", placeholder: "optional", size: 24, maxlength: 64 });
  const start = async () => {
    const body = { players: [...seats.children].map((r) => ({ name: r.querySelector(".seat-name").value, kind: r.querySelector(".seat-kind").value })) };
    body.expansions = [...document.querySelectorAll(".expansion-on")].filter((c) => c.checked).map((c) => c.value);
    body.rules = {};
    for (const x of document.querySelectorAll(".expansion")) {
      if (!x.querySelector(".expansion-on").checked) continue;
      for (const r of x.querySelectorAll(".rule")) body.rules[r.dataset.key] = r.value;
    }
    body.tileSet = tileSet.value;
    if (gameName.value.trim()) body.name = gameName.value.trim();
    if (seed && seed.value.trim() !== "") body.seed = Number(seed.value);
    const r = await api("POST", "/api/games", body);
    if (r.status !== 201) { result.replaceChildren(el("p", { class: "error" }, r.json ? r.json.error : r.text)); return; }
    rememberGame(r.json.id, body.name, r.json.seats);
    const first = r.json.seats.filter((s) => s.token);
    if (first.length === 1) { location.href = "/game/" + r.json.id + "?token=" + first[0].token; return; }
    result.replaceChildren(el("p", {}, "Game ", r.json.id, " started. Each person opens their own link (keep it: it is that seat's key): "),
      el("p", {}, seatLinks(r.json.id, r.json.seats)));
  };
  return el("section", {}, el("h2", {}, "New game"),
    el("p", {}, el("label", {}, "Name of the game ", gameName)),
    el("h3", {}, "Seats"), seats, el("button", { type: "button", onclick: () => addSeat("Player " + (seats.children.length + 1), "person") }, "add a seat"),
    el("h3", {}, "Expansions"), expansions,
    el("p", {}, el("label", {}, "Tile set ", tileSet), " ", el("span", { class: "note" }, "(the one the expansions ticked play on, unless you choose)"), seed ? ["  ", el("label", {}, "Seed ", seed)] : null),
    el("button", { type: "button", class: "primary", id: "ck-start", onclick: start }, "Start"), result);
}

function importSection() {
  const file = el("input", { type: "file", accept: ".jcz,application/json", id: "ck-import-file" });
  const kinds = el("input", { id: "ck-import-kinds", placeholder: "person,computer", size: 24 });
  const result = el("div", {});
  const go = async () => {
    if (!file.files.length) return;
    const text = await file.files[0].text();
    const q = kinds.value.trim() ? "?kinds=" + encodeURIComponent(kinds.value.trim()) : "";
    const r = await api("POST", "/api/games/import" + q, text);
    if (r.status !== 201) { result.replaceChildren(el("p", { class: "error" }, r.json ? r.json.error : r.text)); return; }
    rememberGame(r.json.id, "", r.json.seats);
    result.replaceChildren(el("p", {}, "Game ", r.json.id, " goes on: "), el("p", {}, seatLinks(r.json.id, r.json.seats)));
  };
  return el("section", {}, el("h2", {}, "Go on with a saved game (.jcz)"),
    el("p", { class: "note" }, "One saved by cloisterkit play --save, by this server, or by JCloisterZone."),
    file, " ", el("label", {}, "seats ", kinds), " ", el("button", { type: "button", onclick: go }, "Open"), result);
}

// ------------------------------------------------------------------ a game

// pending: the id of the choice shown but not yet confirmed (showPending).
const game = { id: null, tokens: [], seatTokens: {}, state: null, rotation: 0, view: null, shownSeat: null, gone: false, pending: null };

function viewerToken() {
  const s = game.state;
  if (s && !s.finished && game.seatTokens[s.active] !== undefined) return game.seatTokens[s.active];
  return game.tokens[0] || "";
}

async function showGame(id) {
  game.id = id;
  const query = new URLSearchParams(location.search);
  const fragment = new URLSearchParams(location.hash.slice(1));
  game.tokens = [];
  if (query.get("token")) game.tokens.push(query.get("token"));
  if (fragment.get("tokens")) game.tokens.push(...fragment.get("tokens").split(",").filter((t) => t));
  // Which seat each token is.
  for (const t of game.tokens) {
    const r = await api("GET", "/api/games/" + id, undefined, t);
    if (r.status === 200) game.seatTokens[r.json.seat] = t;
    else { main().replaceChildren(el("p", { class: "error" }, r.json ? r.json.error : r.text)); return; }
  }
  main().replaceChildren(el("div", { id: "ck-game" },
    el("div", { id: "ck-board-box" }, el("div", { id: "ck-zoom" },
      el("button", { type: "button", title: "zoom in", onclick: () => zoom(0.8) }, "+"),
      el("button", { type: "button", title: "zoom out", onclick: () => zoom(1.25) }, "−"),
      el("button", { type: "button", title: "the whole board", id: "ck-fit", onclick: fit }, "fit")),
      el("button", { type: "button", id: "ck-offscreen", hidden: true, title: "the places you may play are outside the view: show them", onclick: fit },
        el("span", {}, "→"), " places to play: show"),
      el("div", { id: "ck-board" })),
    el("div", { id: "ck-side" })));
  setupPanZoom();
  document.addEventListener("keydown", keyboardCommand);
  document.addEventListener("pointerdown", () => { game.keyboard = false; });
  // Leaving the page closes its event stream. A page kept for "back"
  // (the back/forward cache) would otherwise hold its connection, and
  // Chromium allows six per host: the seventh game page opened in a tab
  // never loaded. Coming back opens it again and reads the game.
  window.addEventListener("pagehide", () => { closeEvents(); stream.opened = false; });
  window.addEventListener("pageshow", (e) => { if (e.persisted && !game.gone) { refresh(); connectEvents(); } });
  await refresh();
  connectEvents();
  // A seat's page opened from its link: kept in "your games" on this browser.
  if (game.state && Object.keys(game.seatTokens).length)
    rememberGame(id, game.state.name, Object.entries(game.seatTokens).map(([seat, token]) =>
      ({ seat: Number(seat), name: game.state.players[seat].name, token })));
}

// The keyboard: Tab and Enter reach and choose every option (above), Enter
// confirms a tile's place or a figure and Escape takes it back; R and
// shift-R turn the tile; the arrows pan the board by a tenth of the view;
// + and - zoom, 0 fits. Keys typed into a field are the field's.
function keyboardCommand(e) {
  if (e.key === "Tab" || e.key === "Enter") game.keyboard = true;
  if (e.defaultPrevented || e.target.closest && e.target.closest("input, select, textarea") || e.ctrlKey || e.metaKey || e.altKey) return;
  const v = game.view;
  const pan = { ArrowLeft: [-0.1, 0], ArrowRight: [0.1, 0], ArrowUp: [0, -0.1], ArrowDown: [0, 0.1] }[e.key];
  // Enter on a button or link is that element's; elsewhere it confirms.
  if (e.key === "Enter" && game.pending && !(e.target.closest && e.target.closest("button, a"))) confirmPending();
  else if (e.key === "Escape" && game.pending) undoPending();
  else if (e.key === "r" || e.key === "R") rotate(e.key === "R" ? -1 : 1);
  else if (pan && v) { game.view = { ...v, x: v.x + pan[0] * v.w, y: v.y + pan[1] * v.h }; game.viewChosen = true; applyView(); }
  else if (e.key === "+" || e.key === "=") zoom(0.8);
  else if (e.key === "-") zoom(1.25);
  else if (e.key === "0") fit();
  else return;
  e.preventDefault();
}

// ------------------------------------------------------------------ the event stream

// The server announces every change of the game on its event stream. The
// stream can be refused (503: too many streams) or end (the server
// restarted); a browser's EventSource gives up for good on an HTTP error, so
// every error closes it and the page opens a new one itself, after 0.5 s,
// then 1, 2, 4 … up to 15 s, back to 0.5 s once one opens. Every error and
// every reopening re-reads the game, so a move made while the page was
// disconnected shows.
const stream = { source: null, timer: null, delay: 500, opened: false };
const STREAM_FIRST_DELAY = 500, STREAM_MAX_DELAY = 15000;

function showConnection(open) {
  const root = document.getElementById("ck-game");
  if (root) root.dataset.stream = open ? "open" : "reconnecting";
  const c = document.getElementById("ck-connection");
  if (c) { c.textContent = open ? "" : "reconnecting…"; c.hidden = open; }
}

function connectEvents() {
  clearTimeout(stream.timer);
  stream.timer = null;
  if (game.gone) return;
  const source = new EventSource("/api/games/" + game.id + "/events");
  stream.source = source;
  source.addEventListener("open", () => {
    if (stream.source !== source) return;
    stream.delay = STREAM_FIRST_DELAY;
    showConnection(true);
    if (stream.opened) refresh();  // a reconnect: what happened meanwhile
    stream.opened = true;
  });
  source.addEventListener("change", (e) => {
    if (stream.source !== source) return;
    let version = null;
    try { version = JSON.parse(e.data).version; } catch (err) { version = null; }
    // The stream's first event is the version as it opens: no news when shown.
    if (version !== null && game.state && game.state.version === version) return;
    refresh();
  });
  source.addEventListener("error", () => {
    if (stream.source !== source) return;
    source.close();
    stream.source = null;
    showConnection(false);
    // Read the game meanwhile: a stream refused (503) while the server runs
    // still lets moves show, and a deleted game says so instead of retrying.
    refresh();
    stream.timer = setTimeout(connectEvents, stream.delay);
    stream.delay = Math.min(stream.delay * 2, STREAM_MAX_DELAY);
  });
}

function closeEvents() {
  clearTimeout(stream.timer);
  stream.timer = null;
  if (stream.source) stream.source.close();
  stream.source = null;
}

// Reads the game and draws it; calls while one runs make it read again once
// more. A server that does not answer leaves the page as it is (the event
// stream's reconnect reads the game again).
let refreshing = null, again = false;
async function refresh() {
  if (refreshing) { again = true; return refreshing; }
  refreshing = (async () => {
    do {
      again = false;
      const token = viewerToken();
      let state, svg;
      try {
        state = await api("GET", "/api/games/" + game.id, undefined, token);
        if (state.status === 404 && game.state) { gameGone(state.json ? state.json.error : "no such game"); break; }
        if (state.status !== 200) { setStatus(state.json ? state.json.error : "error " + state.status); break; }
        // A shared screen read the game as the seat that was on turn; when
        // another of its seats is on turn now, read it again as that one.
        const active = state.json.active;
        if (!state.json.finished && game.seatTokens[active] !== undefined && game.seatTokens[active] !== token) {
          game.state = state.json;
          again = true;
          continue;
        }
        const board = await fetch("/api/games/" + game.id + "/board.svg", { headers: token ? { "X-Seat-Token": token } : {} });
        if (!board.ok) { setStatus("error " + board.status + " drawing the board"); break; }
        svg = await board.text();
      } catch (e) {
        break;  // no answer: the stream reconnects and reads again
      }
      // The same version as shown (a move's own answer and its event both
      // read it): drawn again, it would only take the focus and the
      // keyboard's place away.
      const same = game.state && game.state.version === state.json.version && game.state.seat === state.json.seat && document.getElementById("ck-side").childElementCount;
      game.state = state.json;
      if (!same) render(state.json, svg);
    } while (again);
  })();
  try { await refreshing; } finally { refreshing = null; }
}

// The game was deleted (by one of its seats): nothing more to wait for.
function gameGone(message) {
  game.gone = true;
  closeEvents();
  showConnection(true);
  setStatus("This game no longer exists");
  main().replaceChildren(el("p", { class: "error" }, "This game no longer exists (" + message + "). "), el("p", {}, el("a", { href: "/" }, "all games")));
}

async function play(optionId) {
  try {
    const r = await api("POST", "/api/games/" + game.id + "/moves", { option: optionId }, viewerToken());
    if (r.status !== 200) setStatus(r.json ? r.json.error : "error " + r.status);
  } catch (e) {
    setStatus("The server did not answer: " + e.message);
    return;
  }
  await refresh();
}

async function deleteGame() {
  if (!confirm("Delete this game for every player? It cannot be undone.")) return;
  let r;
  try {
    r = await api("DELETE", "/api/games/" + game.id, undefined, viewerToken());
  } catch (e) {
    setStatus("The server did not answer: " + e.message);
    return;
  }
  if (r.status !== 200) { setStatus(r.json ? r.json.error : "error " + r.status); return; }
  forgetGame(game.id);
  game.gone = true;
  closeEvents();
  localStorage.removeItem("ck-seats-" + game.id);
  location.href = "/";
}

function rotationsOffered(state) {
  return [...new Set(state.options.filter((o) => o.kind === "tile").map((o) => o.rotation / 90))].sort();
}

// R and the turn buttons: the rotations that fit somewhere; with a tile
// waiting for its confirm, those that fit where it lies, so the tile
// turns in place.
function rotate(step) {
  const pending = pendingOption();
  const here = pending && pending.kind === "tile"
    ? game.state.options.filter((o) => o.kind === "tile" && o.x === pending.x && o.y === pending.y && o.corner === pending.corner) : null;
  const offered = here ? here.map((o) => o.rotation / 90).sort() : rotationsOffered(game.state);
  if (!offered.length) return;
  let i = offered.indexOf(game.rotation);
  i = i < 0 ? 0 : (i + step + offered.length) % offered.length;
  game.rotation = offered[i];
  if (here) game.pending = here.find((o) => o.rotation / 90 === game.rotation).id;
  showRotation();
  showPending();
}

// A step of a movement with one way to go is the player's only choice:
// the page plays it after a moment in which its target shows on the board
// and the panel says so (a click plays it at once). Not while the curtain
// of a shared screen is down, and only if the game is still where it was.
const FORCED_STEP_DELAY = 1500;
function forcedStep(s) {
  clearTimeout(game.forcedTimer);
  const only = s.phase === "movement" && s.options.length === 1 && s.options[0].kind === "move" ? s.options[0] : null;
  if (!only || document.querySelector(".curtain")) return null;
  game.forcedTimer = setTimeout(() => { if (game.state && game.state.version === s.version) play(only.id); }, FORCED_STEP_DELAY);
  return only;
}

// A turn notification: a short chime, made by the page itself (WebAudio, no
// sound file), when it becomes this screen's move: a new turn, or another
// seat on turn, that this screen plays; not at the page's first picture. Off unless
// the person turns it on; remembered in this browser (localStorage
// "ck-sound"). A browser lets a page sound only after a gesture on it:
// the toggle's click starts the audio, and sounds once to say so.
function soundOn() { try { return localStorage.getItem("ck-sound") === "on"; } catch (e) { return false; } }
function setSound(on) {
  try { localStorage.setItem("ck-sound", on ? "on" : "off"); } catch (e) { /* storage off: for this page only */ }
  game.soundOn = on;
  if (on) chime();
}
function chime() {
  const AudioContext = window.AudioContext || window.webkitAudioContext;
  if (!AudioContext) return;
  game.audio = game.audio || new AudioContext();
  const audio = game.audio;
  if (audio.state === "suspended") audio.resume();
  // Two soft notes, a fifth apart, each fading out over a quarter second.
  [[660, 0], [990, 0.14]].forEach(([hz, at]) => {
    const tone = audio.createOscillator(), volume = audio.createGain();
    tone.type = "sine";
    tone.frequency.value = hz;
    const t = audio.currentTime + at;
    volume.gain.setValueAtTime(0.0001, t);
    volume.gain.exponentialRampToValueAtTime(0.2, t + 0.02);
    volume.gain.exponentialRampToValueAtTime(0.0001, t + 0.25);
    tone.connect(volume).connect(audio.destination);
    tone.start(t);
    tone.stop(t + 0.3);
  });
}
function notifyTurn(s, onTurn) {
  // By turn and seat: the page may never draw the computer's quick turn in
  // between, and a figure step of the same turn is no new move.
  const mine = onTurn ? s.turn + ":" + s.active : "";
  const changed = game.turnSeen !== undefined && mine !== "" && mine !== game.turnSeen;
  game.turnSeen = mine;
  if (changed && (game.soundOn !== undefined ? game.soundOn : soundOn())) chime();
}

// Taking a move back (POST …/undo): the server allows it while no other
// seat has moved since, to a request with the key of every person's seat,
// so the page offers it only where it holds them all: a shared screen, or
// a person alone against computers.
function mayTakeBack(s) {
  return !!s.undo && !s.finished && s.players.every((p) => p.kind !== "person" || game.seatTokens[p.seat] !== undefined);
}
async function takeBack() {
  const s = game.state;
  game.pending = null;
  const others = Object.entries(game.seatTokens).filter(([seat]) => Number(seat) !== s.undo.seat).map(([, t]) => t);
  try {
    const r = await api("POST", "/api/games/" + game.id + "/undo", { tokens: others }, game.seatTokens[s.undo.seat]);
    if (r.status !== 200) setStatus(r.json ? r.json.error : "error " + r.status);
  } catch (e) {
    setStatus("The server did not answer: " + e.message);
    return;
  }
  // On a shared screen the curtain comes down before the seat taken back
  // is shown again (its hand is private).
  await refresh();
}

// Confirm before commit: a tile's place and the figure step's choice (a
// figure, a building, a figure taken back, no figure) are first only shown,
// on the board and in the panel; Confirm (or Enter) sends the move, Undo
// (or Escape) takes it back, and clicking another place or figure changes
// it. Nothing reaches the server before the confirm. The other choices
// (draw, a tile from the hand, a movement step, an expansion's decision)
// play at once.
function needsConfirm(o, s) {
  return o.kind === "tile" || (s.phase === "figure" && ["figure", "building", "return", "pass"].includes(o.kind));
}
function pendingOption() {
  return game.pending && game.state ? game.state.options.find((o) => o.id === game.pending) || null : null;
}
function choose(optionId) {
  const o = game.state && game.state.options.find((x) => x.id === optionId);
  if (!o) return;
  if (!needsConfirm(o, game.state)) { play(optionId); return; }
  game.pending = optionId;
  if (o.kind === "tile" && o.rotation / 90 !== game.rotation) { game.rotation = o.rotation / 90; showRotation(); }
  showPending();
  // The keyboard's next Enter confirms.
  if (game.keyboard) document.getElementById("ck-confirm").focus();
}
function confirmPending() {
  const id = game.pending;
  if (!id) return;
  game.pending = null;
  showPending();
  play(id);
}
function undoPending() {
  if (!game.pending) return;
  game.pending = null;
  showPending();
}

// The choice waiting for its confirm, drawn: its place on the board at
// full strength (data-pending) and the others faint, its button in the
// panel marked, and the Confirm / Undo section at the top of the panel.
function showPending() {
  const o = pendingOption();
  if (!o) game.pending = null;
  const board = document.getElementById("ck-board");
  if (board) board.classList.toggle("has-pending", !!o);
  for (const e of document.querySelectorAll("#ck-board g.option, #ck-side [data-option-id]")) {
    const chosen = !!o && e.dataset.optionId === o.id;
    e.classList.toggle("pending", chosen);
    if (chosen) e.dataset.pending = ""; else delete e.dataset.pending;
  }
  const box = document.getElementById("ck-pending");
  if (!box) return;
  box.hidden = !o;
  box.replaceChildren(...(o ? [
    el("h2", {}, o.kind === "tile" ? "Place the tile here?" : "Your choice"),
    el("p", {}, optionText(o, game.state), o.kind === "tile" ? el("span", { class: "note" }, " (R turns it in place; another place moves it)") : null),
    el("div", { class: "choices" },
      el("button", { type: "button", class: "primary", id: "ck-confirm", title: "send the move (Enter)", onclick: confirmPending }, "Confirm"),
      el("button", { type: "button", id: "ck-undo", title: "take it back (Escape)", onclick: undoPending }, "Undo"))] : []));
}

function showRotation() {
  for (const g of document.querySelectorAll("#ck-board g.option.placement"))
    g.classList.toggle("hidden", Number(g.dataset.rotation) !== game.rotation);
  const preview = document.getElementById("ck-preview");
  const s = game.state;
  if (preview && s.tile_to_place) preview.innerHTML = s.tile_to_place.svgs[game.rotation];
  const label = document.getElementById("ck-rotation");
  if (label) label.textContent = "R" + game.rotation * 90;
}

function render(s, svg) {
  const name = (seat) => s.players[seat] ? s.players[seat].name : "";
  const mySeat = s.seat;
  const onTurn = !s.finished && s.options.length > 0;
  const root = document.getElementById("ck-game");
  root.dataset.turn = s.turn;
  root.dataset.activeSeat = s.active;
  root.dataset.finished = s.finished;
  root.dataset.version = s.version;
  root.dataset.seat = mySeat;
  // An extra turn (the builder's) is a second tile in the same turn: say so.
  const step = s.turn_part > 1 ? " (tile " + s.turn_part + " of this turn)" : "";
  setStatus(s.finished ? "The game is over" : "Turn " + s.turn + step + ": " + (onTurn ? "your move, " + name(s.active) : name(s.active) + " to move"));
  notifyTurn(s, onTurn);
  // The tab's title says when it is this screen's move, seen from another tab.
  document.title = (s.finished ? "Game over · " : onTurn ? "▶ Your move · " : name(s.active) + " to move · ") + (s.name ? s.name + " · " : "") + "cloisterkit";

  // Several seats on one screen: a curtain between them keeps hands private (HF-13).
  if (Object.keys(game.seatTokens).length > 1 && onTurn && game.shownSeat !== s.active && !document.querySelector(".curtain")) {
    document.body.append(el("div", { class: "curtain" }, "Pass the screen to " + name(s.active),
      el("button", { type: "button", "data-curtain": "", onclick: (e) => { game.shownSeat = s.active; e.target.parentNode.remove(); } }, "I am " + name(s.active))));
  }

  const board = document.getElementById("ck-board");
  board.innerHTML = svg;
  drawOverBoard(s, board.querySelector("svg.ck-board"));
  for (const g of board.querySelectorAll("g.option")) {
    g.addEventListener("click", (e) => { if (!game.dragged) choose(g.dataset.optionId); e.stopPropagation(); });
    // Reachable with Tab and played with Enter or Space, named by its title.
    g.setAttribute("tabindex", "0");
    g.setAttribute("role", "button");
    const title = g.querySelector("title");
    const option = s.options.find((o) => String(o.id) === g.dataset.optionId);
    if (title && option) title.textContent = optionText(option, s);
    if (title) g.setAttribute("aria-label", title.textContent);
    g.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); choose(g.dataset.optionId); } });
    // A click does not focus it: focusing scrolls the board's box, and a
    // click whose press and release land on different places is lost.
    g.addEventListener("mousedown", (e) => e.preventDefault());
    g.addEventListener("focus", () => bringIntoView(g));
  }
  const offered = rotationsOffered(s);
  if (offered.length && !offered.includes(game.rotation)) game.rotation = offered[0];
  applyView();

  const side = document.getElementById("ck-side");
  // The choice waiting for its confirm (showPending fills it), first in
  // the panel: on a phone, right below the board.
  const sections = [el("section", { id: "ck-pending", class: "pending-box", hidden: true })];
  if (s.last_move) sections.push(lastMoveSection(s));
  if (mayTakeBack(s)) sections.push(el("section", {}, el("button", { type: "button", id: "ck-take-back", onclick: takeBack },
    "Take back " + (s.undo.seat === mySeat || Object.keys(game.seatTokens).length === 1 ? "your" : name(s.undo.seat) + "'s") + " last move"),
    el("p", { class: "note" }, "Possible until another player moves.")));
  if (s.tile_to_place && onTurn) {
    sections.push(el("section", {}, el("h2", { title: s.tile_to_place.tile, "data-tile": s.tile_to_place.tile }, "Your tile", s.tile_to_place.from_hand ? " (from your hand)" : ""),
      el("div", { class: "tile-preview" }, el("div", { id: "ck-preview" }),
        el("button", { type: "button", title: "turn left (shift-R)", onclick: () => rotate(-1) }, "↺"),
        el("button", { type: "button", title: "turn right (R)", onclick: () => rotate(1) }, "↻"),
        el("span", { id: "ck-rotation" })),
      el("p", { class: "note" }, "Click a highlighted place on the board, then Confirm. " + offered.length + " of 4 turns fit somewhere.")));
  }
  const choiceButtons = s.options.filter((o) => o.kind !== "tile" && o.kind !== "hand-tile").map((o) =>
    el("button", { type: "button", class: o.kind === "draw" ? "primary" : "", "data-option-id": o.id, "data-kind": o.kind, onclick: () => choose(o.id) }, optionText(o, s)));
  const stepTitle = { figure: "Figure step", movement: "Movement: your step",
    decision: s.decision ? labelWords(s.decision.label || s.decision.key) : "Your choice" }[s.phase] || "Tile step";
  const forced = forcedStep(s);
  if (choiceButtons.length) sections.push(el("section", {}, el("h2", {}, stepTitle),
    el("div", { class: "choices" }, choiceButtons),
    s.phase === "figure" ? el("p", { class: "note" }, "Or click a figure or a building on the board; then Confirm.") : null,
    forced ? el("p", { class: "note", id: "ck-forced" }, "The only way to go: the " + String(forced.figure).replace(/-/g, " ") + " moves to " + place(forced) + " in a moment.") : null));
  if (mySeat >= 0 && s.hand.length) {
    const handOptions = new Map(s.options.filter((o) => o.kind === "hand-tile").map((o) => [o.tile, o]));
    sections.push(el("section", {}, el("h2", {}, "Your hand (only you see it)"), el("div", { class: "hand" }, s.hand.map((h) => {
      const card = el("div", { class: "card" });
      card.innerHTML = h.svg;
      card.title = h.tile;
      const o = handOptions.get(h.tile);
      if (o) card.append(el("button", { type: "button", "data-option-id": o.id, "data-kind": "hand-tile", onclick: () => play(o.id) }, "play instead of drawing"));
      return card;
    }))));
  }
  sections.push(playersSection(s));
  if (s.finished) sections.push(summarySection(s));
  sections.push(el("section", {}, el("h2", {}, "Points"), el("ul", { class: "log", id: "ck-points" },
    pointsLines(s.scores).map((g) => el("li", { class: "entry", "data-times": g.turns.length }, swatch(s, g.e.player),
      turnsWords(g.turns) + (g.e.final ? ", final" : "") + ": " + name(g.e.player) + " +" + g.e.points + " " +
        breakdownWords(g.e.breakdown) + (g.turns.length > 1 ? " (" + g.turns.length + " times, " + g.turns.length * g.e.points + " in all)" : ""))))));
  const byTurn = [];
  for (const l of s.log) (byTurn.length && byTurn[byTurn.length - 1].turn === l.turn ? byTurn[byTurn.length - 1].lines : (byTurn.push({ turn: l.turn, player: l.player, lines: [] }), byTurn[byTurn.length - 1].lines)).push(l.text);
  sections.push(el("section", {}, el("h2", {}, "Turns"), el("ul", { class: "log", id: "ck-log" },
    byTurn.reverse().map((t) => el("li", {}, "turn " + t.turn + ", " + name(t.player) + ": " + t.lines.join("; "))))));
  // The seat's key goes with the download: while the game runs the file
  // holds only what this seat may see (its own hand); once it is over, all.
  const token = viewerToken();
  const download = "/api/games/" + game.id + "/jcz" + (token ? "?token=" + encodeURIComponent(token) : "");
  sections.push(el("section", {}, el("a", { href: download, download: game.id + ".jcz", id: "ck-download",
    title: "While the game runs, the file holds only what you may see (your own hand, no other's); the full file once the game is over" },
    "Download the game (.jcz)"),
    " · ", el("a", { href: "/" }, "all games"),
    " · ", el("label", { class: "toggle", title: "A short chime when it becomes your move (kept in this browser)" },
      el("input", { type: "checkbox", id: "ck-sound", checked: soundOn(), onchange: (e) => setSound(e.target.checked) }), " sound at your move"),
    game.tokens.length ? [" · ", el("button", { type: "button", id: "ck-delete", title: "Delete this game from the server, for every player", onclick: deleteGame }, "Delete this game")] : null));
  side.replaceChildren(...sections);
  showRotation();
  showPending();  // kept while its option is still offered (a new version's ids are new)
  if (game.tilesOpen) showTilesToCome();
  // A keyboard player's focus went with the old picture: give it the first
  // option of the new one, on the board or in the panel.
  if (game.keyboard && (!document.activeElement || document.activeElement === document.body)) {
    const first = [...document.querySelectorAll("#ck-board g.option, #ck-side [data-option-id]")].find((e) => e.getBoundingClientRect().width > 0);
    if (first) first.focus();
  }
}

// ------------------------------------------------------------------ drawn over the board by the page

// What the server's picture leaves to the page, drawn into it: the last
// turn's path of each neutral figure (the dragon's), the points it scored
// shown on their features for a moment, and each step of a movement
// offered as a place to click.
const SVG_NS = "http://www.w3.org/2000/svg";
function svgEl(tag, attrs, ...children) {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) if (v !== undefined && v !== null) e.setAttribute(k, v);
  for (const c of children) e.append(c);
  return e;
}

// The middle of a board space in the picture's units. host/render writes
// the axes' labels at the middle of each column (one line above the board)
// and row (one column left of it, 4 units below the middle), so the labels
// are the grid; a triangle's middle lies towards its corner.
function boardGrid(svg) {
  const labels = [...svg.querySelectorAll("g.axes text.axis")].map((t) => ({ n: Number(t.textContent), x: Number(t.getAttribute("x")), y: Number(t.getAttribute("y")) }));
  const rowX = Math.min(...labels.map((l) => l.x));
  const cols = new Map(labels.filter((l) => l.x !== rowX).map((l) => [l.n, l.x]));
  const rows = new Map(labels.filter((l) => l.x === rowX).map((l) => [l.n, l.y - 4]));
  const xs = [...cols.values()].sort((a, b) => a - b);
  const unit = xs.length > 1 ? xs[1] - xs[0] : 64;
  return (p) => {
    if (!cols.has(p.x) || !rows.has(p.y)) return null;
    const toCorner = p.corner ? unit / 5 : 0;
    return { x: cols.get(p.x) + (p.corner && p.corner.includes("E") ? toCorner : -toCorner),
             y: rows.get(p.y) + (p.corner && p.corner.includes("S") ? toCorner : -toCorner), unit };
  };
}

function drawOverBoard(s, svg) {
  if (!svg) return;
  const centre = boardGrid(svg);
  const layer = svgEl("g", { class: "page-overlay" });
  const m = s.last_move;
  if (m) {
    for (const path of m.paths || []) {
      const points = path.places.map(centre).filter((c) => c);
      if (points.length < 2) continue;
      // In the colour of the figure's disc on the board.
      const disc = svg.querySelector("g.neutral[data-figure='" + CSS.escape(path.name) + "'] circle");
      const colour = disc && disc.style.fill || "#8c1c13";
      const line = points.map((c) => c.x + "," + c.y).join(" ");
      layer.append(svgEl("g", { class: "last-path", "data-last-move": m.seat, "data-figure": path.name },
        svgEl("title", {}, document.createTextNode(path.figure + "'s path in the last turn")),
        svgEl("polyline", { class: "neutral-path", points: line, style: "stroke:" + colour + ";stroke-width:4" }),
        svgEl("circle", { class: "path-start", cx: points[0].x, cy: points[0].y, r: 6, style: "fill:#fff;stroke:" + colour + ";stroke-width:3" })));
    }
    // The points: once per last turn (a later redraw of the same state
    // does not flash them again), gone after a few seconds.
    if (game.flashed !== m.turn + "/" + m.seat) {
      game.flashed = m.turn + "/" + m.seat;
      const onFeature = new Map();
      for (const p of m.points) {
        const points = (p.places || []).map(centre).filter((c) => c);
        if (!points.length || !p.points) continue;
        const x = points.reduce((a, c) => a + c.x, 0) / points.length, y0 = points.reduce((a, c) => a + c.y, 0) / points.length;
        const key = x + "," + y0, nth = onFeature.get(key) || 0;
        onFeature.set(key, nth + 1);
        layer.append(svgEl("text", { class: "points-flash", x, y: y0 + 8 + nth * 30, "data-player": p.player, "data-points": p.points,
          "data-last-move": m.seat, style: "fill:" + playerColour(p.player) }, document.createTextNode((p.points > 0 ? "+" : "") + p.points)));
      }
      if (layer.querySelector(".points-flash")) setTimeout(() => { for (const t of document.querySelectorAll("#ck-board .points-flash")) t.remove(); }, 3500);
    }
  }
  // Each seat's mark on its figures (seatMark), at the figure's middle; a
  // figure that joined another (the builder, a lettered disc) has its own.
  const figures = [];
  for (const g of svg.querySelectorAll("g.meeple:not(.joined)[data-player]")) {
    const shape = g.querySelector("path.meeple-shape");
    const at = shape && /translate\(([-\d.]+),([-\d.]+)\)/.exec(shape.getAttribute("transform"));
    if (!at) continue;
    figures.push({ x: Number(at[1]), y: Number(at[2]) });
    const seat = Number(g.dataset.player);
    layer.append(svgEl("text", { class: "seat-mark", x: at[1], y: Number(at[2]) + 4, "data-player": seat, style: "fill:" + seatInk(seat) },
      document.createTextNode(seatMark(s, seat))));
  }
  // The choices the server's picture leaves to the panel that point at a
  // space: each step of a movement (the dragon's, the fairy's) and each
  // action of no token there (the princess sending a follower home, moving
  // the fairy), as a target with the figure's letter near the space's
  // middle, on a spot no other target takes.
  // Free of the other targets and of the figures (the fairy goes beside one).
  const taken = [...svg.querySelectorAll("circle.option-target")].map((c) => ({ x: Number(c.getAttribute("cx")), y: Number(c.getAttribute("cy")) }))
    .concat(figures);
  const free = (c) => {
    for (const [dx, dy] of [[0, 0], [28, 0], [-28, 0], [0, -28], [0, 28], [28, -28], [-28, -28], [28, 28], [-28, 28], [56, 0], [-56, 0]]) {
      const p = { x: c.x + dx, y: c.y + dy };
      if (taken.every((t) => Math.hypot(t.x - p.x, t.y - p.y) >= 28)) return p;
    }
    return c;
  };
  const targets = svgEl("g", { class: "options" });
  for (const o of s.options) {
    const action = o.kind === "building" && !o.token && o.x !== undefined;
    if (o.kind !== "move" && !action) continue;
    const c = centre(o);
    if (!c) continue;
    const p = free(c);
    taken.push(p);
    // The figure's letter: a move's own figure, an action's named in its label ("move the fairy next to …").
    const named = /\bthe ([a-z]+)/.exec(String(o.label));
    const letter = String(o.kind === "move" ? o.figure : named ? named[1] : o.action || "?").charAt(0).toUpperCase();
    targets.append(svgEl("g", { class: "option " + (action ? "action" : "move"), "data-option-id": o.id, "data-kind": o.kind },
      svgEl("title", {}, document.createTextNode(optionText(o, s))),
      svgEl("circle", { class: "option-target", cx: p.x, cy: p.y, r: 13 }),
      svgEl("text", { class: "move-letter", x: p.x, y: p.y + 5 }, document.createTextNode(letter))));
  }
  layer.append(targets);
  svg.append(layer);
}

// ------------------------------------------------------------------ the last turn in words

// Places as players read them: "at (2,−1)" with a true minus sign, a
// triangle's half of its space in words; never a location code.
const CORNER_WORDS = { NE: "north-east", SE: "south-east", SW: "south-west", NW: "north-west" };
const FEATURE_WORDS = { City: "on the city", Road: "on the road", Field: "in the field", Monastery: "in the monastery", Garden: "in the garden" };
function coordinate(n) { return n < 0 ? "−" + -n : String(n); }
function space(p) { return "(" + coordinate(p.x) + "," + coordinate(p.y) + ")"; }
function at(p) { return p.corner ? "in the " + CORNER_WORDS[p.corner] + " half of " + space(p) : "at " + space(p); }
function place(p) { return p.corner ? "the " + CORNER_WORDS[p.corner] + " half of " + space(p) : space(p); }
function onFeature(kind) { return FEATURE_WORDS[kind] || "on the " + String(kind).toLowerCase(); }
function withArticle(noun) { return (/^[aeiou]/i.test(noun) ? "an " : "a ") + noun; }
function counted(n, noun) { return n + " " + noun + (n === 1 ? "" : "s"); }
function listed(items) { return items.length < 2 ? items.join("") : items.slice(0, -1).join(", ") + " and " + items[items.length - 1]; }

// ------------------------------------------------------------------ options in words

// A choice as a player says it ("knight on the city to the north and
// west", "farmer in the field to the south-east"), built from the option's
// kind, feature and location; never the engine's codes (NL.NR, R90, tile
// ids, figure ids). Location parts are the tile file's: sides and sets of
// sides (N, NE, _S, NWSE), halves of a side named facing out of the tile
// (NL: the north side's west half), D the long side of a triangle, I inside.
const SIDE_SETS = { N: ["N"], E: ["E"], S: ["S"], W: ["W"], NE: ["N", "E"], SE: ["S", "E"], SW: ["S", "W"], NW: ["N", "W"],
  NS: ["N", "S"], WE: ["W", "E"], _N: ["E", "S", "W"], _E: ["N", "S", "W"], _S: ["N", "E", "W"], _W: ["N", "E", "S"], NWSE: ["N", "E", "S", "W"] };
const SIDE_NAMES = { N: "north", E: "east", S: "south", W: "west" };
const HALF_NAMES = { NL: "north-west", NR: "north-east", EL: "north-east", ER: "south-east", SL: "south-east", SR: "south-west", WL: "south-west", WR: "north-west" };
function directions(code) {
  const out = [];
  const add = (w) => { if (!out.includes(w)) out.push(w); };
  for (const part of String(code || "").split(".")) {
    if (SIDE_SETS[part]) { if (SIDE_SETS[part].length === 4) add("all sides"); else SIDE_SETS[part].forEach((x) => add(SIDE_NAMES[x])); }
    else if (HALF_NAMES[part]) add(HALF_NAMES[part]);
    else if (part === "D" || part === "DL" || part === "DR") add("the long side");
  }
  return out;
}
function whereOnTile(feature, code) {
  if (feature === "Monastery" || feature === "Garden") return "";
  const d = directions(code);
  if (!d.length) return "";
  if (d.includes("all sides")) return " on every side";
  return d[0] === "the long side" && d.length === 1 ? " along the long side" : " to the " + listed(d.filter((x) => x !== "the long side")) + (d.includes("the long side") ? " and the long side" : "");
}
// A follower's role on its feature, as players name it.
const ROLES = { City: "knight", Road: "thief", Field: "farmer", Monastery: "monk", Garden: "monk" };
function figureWords(kind, feature) {
  if (kind === "small") return ROLES[feature] || "follower";
  if (kind === "big") return "big " + (ROLES[feature] || "follower");
  return String(kind).replace(/[-_]/g, " ");
}
// Text an expansion or the host wrote, with positions and figure ids in words.
function labelWords(text) {
  return String(text)
    .replace(/\bat \((-?\d+),(-?\d+)\)(?: (NE|SE|SW|NW)\b)?/g, (m, x, y, c) => at({ x: Number(x), y: Number(y), corner: c }))
    .replace(/\bto \((-?\d+),(-?\d+)\)(?: (NE|SE|SW|NW)\b)?/g, (m, x, y, c) => "to " + place({ x: Number(x), y: Number(y), corner: c }))
    .replace(/\bnext to ([a-z]+(?:-[a-z]+)*)\b/g, (m, k) => "next to the " + figureKindWords(k))
    .replace(/\b\d+\.([a-z]+(?:-[a-z]+)*)\.\d+\b/g, (m, k) => "the " + k.replace(/-/g, " "));
}
// A seat's kind in words: "computer (mcts:playouts=1500:ms=5000)" is the
// server's strongest player, searching.
function kindWords(kind) {
  const k = String(kind);
  if (k.startsWith("mcts")) return "computer (searches ahead)";
  return { person: "person", computer: "computer", greedy: "computer (quick)", random: "computer (random moves)" }[k] || k;
}
// A score entry's breakdown, its leading engine name in words:
// "city.incomplete 8 = ..." reads "unfinished city 8 = ...".
// The points list, newest first, each score said once: the same score of
// the same player again (the fairy's point at the start of each turn, a
// bonus every turn) joins the line of its latest time with the turns it
// came in, instead of a line a turn.
function pointsLines(scores) {
  const lines = [], byKey = new Map();
  for (const e of scores.slice().reverse()) {
    const key = [e.player, e.points, e.final, e.breakdown].join("\u0000");
    const line = byKey.get(key);
    if (line) line.turns.push(e.turn);
    else { const fresh = { e, turns: [e.turn] }; byKey.set(key, fresh); lines.push(fresh); }
  }
  return lines;
}
// "turn 7", "turns 2 and 5", "turns 2, 4 … 18" (oldest first).
function turnsWords(turns) {
  const t = turns.slice().sort((a, b) => a - b);
  if (t.length === 1) return "turn " + t[0];
  if (t.length === 2) return "turns " + t[0] + " and " + t[1];
  return "turns " + t[0] + ", " + t[1] + " … " + t[t.length - 1];
}
function breakdownWords(text) {
  return String(text)
    .replace(/^([a-z]+(?:-[a-z]+)*)\.incomplete\b/, (m, n) => "unfinished " + n.replace(/-/g, " "))
    .replace(/^([a-z]+(?:-[a-z]+)*)\.([a-z]+(?:-[a-z]+)*)/, (m, a, b) => a.replace(/-/g, " ") + " (" + b.replace(/-/g, " ") + ")")
    .replace(/^([a-z]+(?:-[a-z]+)+)\b/, (m, n) => n.replace(/-/g, " "));
}
// A figure kind's id in words: "small" is the follower.
// A token kind as its expansion names it ("TB_WINE": "wine"); the code
// without its expansion's prefix when a state has no names.
function tokenWords(s, kind) { return (s.token_names && s.token_names[kind]) || kind.replace(/^[A-Z]+_/, "").toLowerCase(); }
function figureKindWords(id) { return id === "small" ? "follower" : id === "big" ? "big follower" : String(id).replace(/-/g, " "); }
function optionText(o, s) {
  const sameTile = (s ? s.options : []).filter((x) => x.kind === "figure").every((x) => x.x === o.x && x.y === o.y && x.corner === o.corner);
  switch (o.kind) {
    case "draw": return "Draw a tile";
    case "pass": return s && s.phase === "figure" ? "No figure this turn" : "Pass";
    case "figure": return figureWords(o.figure, o.feature) + " " + onFeature(o.feature) + whereOnTile(o.feature, o.location) + (sameTile ? "" : " " + at(o));
    case "return": return "take back your " + String(o.meeple).replace(/^\d+\.([a-z-]+)\.\d+$/, "$1").replace(/-/g, " ") + " from the " + String(o.feature).toLowerCase() + " " + at(o);
    case "tile": return "place the tile " + at(o) + ", turned " + (o.rotation ? o.rotation + "°" : "as shown");
    case "move": return "move the " + String(o.figure).replace(/-/g, " ") + " to " + place(o);
    case "decision-pass": return "Pass";
    case "decision": return labelWords(o.label) + (o.x !== undefined ? " " + place(o) : "");
    default: return labelWords(o.label);
  }
}

// "Computer placed a tile at (2,−1), put a small follower on the city and
// scored 4 points; You scored 2 points." from the state's last_move.
function lastMoveText(s) {
  const m = s.last_move;
  const name = (seat) => s.players[seat] ? s.players[seat].name : "seat " + seat;
  const onPlacedTile = (p) => m.tiles.some((t) => t.x === p.x && t.y === p.y);
  const did = [];
  for (const t of m.tiles) did.push("placed " + (t.corner ? "a triangle" : "a tile") + (t.from_hand ? " from the hand" : "") + " " + at(t));
  for (const f of m.figures) did.push("put " + withArticle(f.name) + " " + onFeature(f.feature) + (onPlacedTile(f) ? "" : " " + at(f)));
  for (const k of m.tokens) did.push("built " + withArticle(k.name) + " " + (onPlacedTile(k) ? "on it" : at(k)));
  for (const r of m.returned) did.push("took back the " + r.name + " from the " + String(r.feature).toLowerCase() + " " + at(r));
  for (const h of m.sent_home) did.push("sent a figure home from " + space(h));
  if (m.passed && !m.figures.length && !m.tokens.length) did.push("put no figure");
  // A neutral figure's steps (the dragon's), one clause per player and figure.
  const steps = new Map();
  for (const n of m.neutral) {
    const key = n.player + " " + n.figure;
    if (!steps.has(key)) steps.set(key, { player: n.player, figure: n.figure, to: [] });
    steps.get(key).to.push(n);
  }
  const moved = (x) => "moved " + x.figure + (x.to.length > 1 ? " " + x.to.length + " steps" : "") + " to " + space(x.to[x.to.length - 1]);
  for (const x of steps.values()) if (x.player === m.seat) did.push(moved(x));
  // Figures an expansion sent home ("the dragon ate Bob's thief at (2,1)").
  const wentHome = (m.went_home || []).map((h) => {
    const whose = name(h.player) + "'s " + figureWords(h.figure || "", h.feature).replace(/^follower$/, h.name);
    return h.neutral ? h.neutral + " took " + whose + " " + at(h) + " off the board"
      : whose + " " + at(h) + " went home (" + String(h.by).replace(/^cloisterkit\./, "").replace(/-/g, " ") + ")";
  });
  const totals = new Map();
  for (const p of m.points) totals.set(p.player, (totals.get(p.player) || 0) + p.points);
  if (totals.has(m.seat)) did.push("scored " + counted(totals.get(m.seat), "point"));
  const clauses = [name(m.seat) + " " + (did.length ? listed(did) : "played")];
  for (const x of steps.values()) if (x.player !== m.seat) clauses.push(name(x.player) + " " + moved(x));
  for (const [p, n] of totals) if (p !== m.seat) clauses.push(name(p) + " scored " + counted(n, "point"));
  clauses.push(...wentHome);
  // Choices in expansions' decisions, in their words ("Bob chose \"expand the flock\" (shepherd)").
  for (const d of m.decisions || []) clauses.push(d.text);
  return clauses.join("; ") + ".";
}

function lastMoveSection(s) {
  const m = s.last_move;
  return el("section", { class: "last-move" }, el("h2", {}, "Last turn (turn " + m.turn + ")"),
    el("p", { id: "ck-last-move", "data-seat": m.seat }, swatch(s, m.seat), lastMoveText(s)),
    el("p", { class: "note" }, "Outlined on the board in " + s.players[m.seat].name + "'s colour."));
}

// A supply as icons, each with its count; the words ("7 followers") are
// the item's title and what a screen reader says.
function supplyItem(seat, kind, n, words, icon) {
  return el("span", { class: "supply-item", "data-kind": kind, "data-count": n, title: words, "aria-label": words, role: "img" },
    icon, "×" + n);
}
// A figure in its seat's colour: the follower's shape (the big follower
// larger); another kind the same shape with its initial on it.
function figureIcon(seat, kind) {
  const big = kind === "big", letter = kind === "small" || big ? "" : figureKindWords(kind).charAt(0).toUpperCase();
  const size = big ? 22 : 17;
  return svgEl("svg", { viewBox: "0 0 20 20", width: size, height: size, "aria-hidden": "true", class: "supply-icon" },
    svgEl("circle", { cx: 10, cy: 4.5, r: 3.5, fill: playerColour(seat), stroke: "#222", "stroke-width": 0.8 }),
    svgEl("path", { d: "M3 19 L7 12 L2 10.5 L3 8 L17 8 L18 10.5 L13 12 L17 19 L11.5 19 L10 15 L8.5 19 Z",
      fill: playerColour(seat), stroke: "#222", "stroke-width": 0.8, "stroke-linejoin": "round" }),
    letter ? svgEl("text", { x: 10, y: 16, "text-anchor": "middle", "font-size": 7, "font-weight": "bold", fill: seatInk(seat) }, letter) : "");
}
// A token (a building, a good): a square in its seat's colour with the
// initial of its name.
function tokenIcon(seat, name) {
  return svgEl("svg", { viewBox: "0 0 20 20", width: 17, height: 17, "aria-hidden": "true", class: "supply-icon" },
    svgEl("rect", { x: 2, y: 2, width: 16, height: 16, rx: 3, fill: "#fff", stroke: playerColour(seat), "stroke-width": 2.5 }),
    svgEl("text", { x: 10, y: 14.5, "text-anchor": "middle", "font-size": 11, "font-weight": "bold", fill: "#222" },
      String(name).charAt(0).toUpperCase()));
}

function playersSection(s) {
  const rows = s.players.map((p) => el("tr", {},
    el("td", {}, swatch(s, p.seat), p.name, s.active === p.seat ? " ◀" : ""),
    el("td", { class: "note", title: p.kind }, kindWords(p.kind)),
    el("td", { class: "score", "data-score-seat": p.seat }, p.score),
    el("td", { class: "supply" },
      Object.entries(p.supply.figures).map(([k, n]) => supplyItem(p.seat, k, n, counted(n, figureKindWords(k)), figureIcon(p.seat, k))),
      Object.entries(p.supply.tokens).map(([k, n]) => supplyItem(p.seat, k, n, n + " " + tokenWords(s, k), tokenIcon(p.seat, tokenWords(s, k)))),
      p.hand_size ? el("span", { class: "supply-item" }, p.hand_size + " in hand") : null)));
  return el("section", {}, el("h2", {}, "Players"), el("table", { id: "ck-players" },
    el("tr", {}, el("th", {}, "player"), el("th", {}, ""), el("th", {}, "points"), el("th", {}, "supply")), rows),
    el("p", { class: "note", id: "ck-tiles-left" }, tilesLeftWords(s)),
    el("details", { id: "ck-tiles-to-come", open: !!game.tilesOpen, ontoggle: (e) => {
      if (e.target.open === !!game.tilesOpen) return;  // drawn open: render reads them
      game.tilesOpen = e.target.open;
      if (game.tilesOpen) showTilesToCome();
    } }, el("summary", {}, "Tiles still to come, by kind"), el("div", { class: "tile-kinds" })));
}

// The tiles still to come as this seat may know them (the pack and the
// others' hands), by kind: a picture and a count each. Read only while
// the list is open (GET /api/games/{id}/tiles), at each change of the game.
async function showTilesToCome() {
  // An answer that comes after a newer state's is left out: the list is
  // the shown state's (data-version).
  const version = game.state ? game.state.version : null;
  let r;
  try { r = await api("GET", "/api/games/" + game.id + "/tiles", undefined, viewerToken()); } catch (e) { return; }
  const box = document.querySelector("#ck-tiles-to-come .tile-kinds");
  if (!box || r.status !== 200 || !game.state || game.state.version !== version) return;
  box.dataset.version = version;
  box.replaceChildren(...r.json.tiles.map((t) => {
    const card = el("div", { class: "tile-kind", "data-tile": t.tile, "data-count": t.count });
    card.innerHTML = t.svg;
    card.append(el("span", {}, "×" + t.count));
    return card;
  }));
  const total = r.json.tiles.reduce((a, t) => a + t.count, 0);
  box.append(el("p", { class: "note" }, counted(total, "tile") + " of " + counted(r.json.tiles.length, "kind") + " not yet seen by you"));
}

// "11 tiles left to draw now, 72 more after them": tiles that wait (the
// pack after the river, the dragon's tiles before a volcano) are counted
// apart, so "tiles left" growing when they come is no surprise.
function tilesLeftWords(s) {
  const now = counted(s.tiles_left, "tile") + " left";
  return s.tiles_waiting ? now + " to draw now, " + s.tiles_waiting + " more waiting to come after them" : now;
}

// The end-of-game table: a row per player, a column per kind of points
// (score entries grouped by the first part of their name: "city.incomplete"
// counts as cities), the four of the base game first, then each
// expansion's in the order they were first scored; the last column is the
// player's score, which the row adds up to.
const CATEGORY_WORDS = { road: "roads", city: "cities", monastery: "monasteries", field: "fields", garden: "gardens" };
function categoryOf(entryName) { return String(entryName).split(".")[0]; }
function categoryWords(category) { return CATEGORY_WORDS[category] || category.replace(/[-_]/g, " "); }
function finalTable(s) {
  const categories = ["road", "city", "monastery", "field"];
  for (const e of s.scores) if (!categories.includes(categoryOf(e.name))) categories.push(categoryOf(e.name));
  const sums = s.players.map(() => new Map());
  for (const e of s.scores) if (sums[e.player]) sums[e.player].set(categoryOf(e.name), (sums[e.player].get(categoryOf(e.name)) || 0) + e.points);
  const order = s.players.slice().sort((a, b) => b.score - a.score);
  return el("table", { id: "ck-final" },
    el("tr", {}, el("th", {}, "player"), categories.map((c) => el("th", { "data-category": c }, categoryWords(c))), el("th", {}, "total")),
    order.map((p) => el("tr", { "data-seat": p.seat },
      el("td", {}, swatch(s, p.seat), p.name),
      categories.map((c) => el("td", { class: "score", "data-category": c }, String(sums[p.seat].get(c) || 0))),
      el("td", { class: "score", "data-total": "" }, String(p.score)))));
}

function summarySection(s) {
  const winners = s.result.winners.map((w) => s.players[w].name).join(" and ");
  const finals = s.scores.filter((e) => e.final);
  return el("section", { id: "ck-summary" }, el("h2", {}, "Final scores"),
    el("p", {}, winners + (s.result.winners.length > 1 ? " share the win" : " wins"), s.result.end_reason ? " (" + s.result.end_reason + ")" : ""),
    finalTable(s),
    el("h2", {}, "Final scoring"), el("ul", {}, finals.map((e) => el("li", {}, s.players[e.player].name + " +" + e.points + " " + breakdownWords(e.breakdown)))));
}

// ------------------------------------------------------------------ pan and zoom

function boardSvg() { return document.querySelector("#ck-board svg.ck-board"); }

function applyView() {
  const svg = boardSvg();
  if (!svg) return;
  // The picture's own viewBox, before any view replaced it: "fit" and a
  // new turn's picture start from it, whatever was zoomed before.
  if (!svg.dataset.picture) svg.dataset.picture = svg.getAttribute("viewBox");
  // The whole board, until the person pans or zooms (the board grows and
  // moves its origin from turn to turn; "fit" goes back to it).
  if (!game.view || !game.viewChosen) game.view = wholeBoard(svg);
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  svg.setAttribute("viewBox", [game.view.x, game.view.y, game.view.w, game.view.h].join(" "));
  showOffscreenPlaces(svg);
}

function fit() { game.view = null; game.viewChosen = false; applyView(); }

// The board's tiles, the places offered and the axes, on every screen: the
// legend and the score table below the board are part of the picture (a
// zoom out shows them) but not of the board, and fitting them in left the
// start tile a few dozen pixels wide.
// The places of every rotation count, shown or not: turning the tile does
// not take places out of the fitted view.
function wholeBoard(svg) {
  const [x, y, w, h] = svg.dataset.picture.split(" ").map(Number);
  const hidden = [...svg.querySelectorAll("g.option.hidden")];
  for (const g of hidden) g.classList.remove("hidden");
  let box = null;
  for (const g of svg.querySelectorAll("g.axes, g.tiles, g.options")) {
    const b = g.getBBox();
    if (!b.width || !b.height) continue;
    box = box ? { x0: Math.min(box.x0, b.x), y0: Math.min(box.y0, b.y), x1: Math.max(box.x1, b.x + b.width), y1: Math.max(box.y1, b.y + b.height) }
      : { x0: b.x, y0: b.y, x1: b.x + b.width, y1: b.y + b.height };
  }
  for (const g of hidden) g.classList.add("hidden");
  if (!box) return { x, y, w, h };
  const margin = 12;
  return { x: box.x0 - margin, y: box.y0 - margin, w: box.x1 - box.x0 + 2 * margin, h: box.y1 - box.y0 + 2 * margin };
}

// The part of the picture the board's box shows: the viewBox grown to the
// box's proportions (the picture is centred in it, preserveAspectRatio's
// default).
function visibleArea(svg) {
  const r = svg.getBoundingClientRect(), v = game.view;
  const scale = Math.max(v.w / r.width, v.h / r.height);
  const w = r.width * scale, h = r.height * scale;
  return { x: v.x - (w - v.w) / 2, y: v.y - (h - v.h) / 2, w, h };
}

// A marker when every place offered lies outside the visible part: an
// arrow towards the nearest and a button that fits the board.
function showOffscreenPlaces(svg) {
  const marker = document.getElementById("ck-offscreen");
  if (!marker) return;
  const places = [...svg.querySelectorAll("g.options g.option:not(.hidden)")].map((g) => g.getBBox());
  const a = visibleArea(svg);
  const inside = (b) => b.x + b.width > a.x && b.x < a.x + a.w && b.y + b.height > a.y && b.y < a.y + a.h;
  if (!places.length || places.some(inside)) { marker.hidden = true; return; }
  const cx = a.x + a.w / 2, cy = a.y + a.h / 2;
  const near = places.reduce((m, b) => Math.hypot(b.x - cx, b.y - cy) < Math.hypot(m.x - cx, m.y - cy) ? b : m);
  const angle = Math.atan2(near.y + near.height / 2 - cy, near.x + near.width / 2 - cx);
  const arrows = ["→", "↘", "↓", "↙", "←", "↖", "↑", "↗"];
  marker.querySelector("span").textContent = arrows[(Math.round(angle / (Math.PI / 4)) + 8) % 8];
  marker.hidden = false;
}

// A place reached with Tab outside the view: the view moves to centre it.
function bringIntoView(g) {
  const svg = boardSvg();
  if (!svg || !game.view) return;
  const b = g.getBBox(), a = visibleArea(svg);
  if (b.x >= a.x && b.y >= a.y && b.x + b.width <= a.x + a.w && b.y + b.height <= a.y + a.h) return;
  game.view = { ...game.view, x: b.x + b.width / 2 - game.view.w / 2, y: b.y + b.height / 2 - game.view.h / 2 };
  game.viewChosen = true;
  applyView();
}

function zoom(factor, cx, cy) {
  const v = game.view;
  if (!v) return;
  cx = cx === undefined ? v.x + v.w / 2 : cx;
  cy = cy === undefined ? v.y + v.h / 2 : cy;
  game.view = { x: cx - (cx - v.x) * factor, y: cy - (cy - v.y) * factor, w: v.w * factor, h: v.h * factor };
  game.viewChosen = true;
  applyView();
}

function setupPanZoom() {
  const box = document.getElementById("ck-board-box");
  // The view is the viewBox alone: the box itself never scrolls (a focused
  // element would scroll it and shift every place from under the pointer).
  box.addEventListener("scroll", () => { box.scrollTop = 0; box.scrollLeft = 0; });
  let start = null;
  // A point of the screen in the picture's units, through the picture's own
  // screen matrix (which knows the centring), so a wheel zoom keeps the
  // point under the cursor where it is.
  const toBoard = (e) => {
    const svg = boardSvg();
    const m = svg.getScreenCTM().inverse();
    return { scale: m.a, x: m.a * e.clientX + m.c * e.clientY + m.e, y: m.b * e.clientX + m.d * e.clientY + m.f };
  };
  box.addEventListener("wheel", (e) => {
    if (!boardSvg() || !game.view) return;
    e.preventDefault();
    const p = toBoard(e);
    zoom(e.deltaY > 0 ? 1.15 : 1 / 1.15, p.x, p.y);
  }, { passive: false });
  // Two fingers pinch: the view zooms by how far they spread or close,
  // about the board's point that was between them, which follows their
  // middle as they move. A pinch ends the one-finger pan and plays nothing.
  const fingers = new Map();
  let pinch = null;
  const middle = () => { const [a, b] = [...fingers.values()]; return { clientX: (a.x + b.x) / 2, clientY: (a.y + b.y) / 2, apart: Math.hypot(a.x - b.x, a.y - b.y) }; };
  box.addEventListener("pointerdown", (e) => {
    if (e.pointerType !== "touch" || !game.view) return;
    fingers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (fingers.size !== 2) return;
    const m = middle(), p = toBoard(m);
    pinch = { ...m, board: p, scale: p.scale, view: { ...game.view } };
    start = null;
    game.dragged = true;
  });
  window.addEventListener("pointermove", (e) => {
    if (!fingers.has(e.pointerId)) return;
    fingers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (!pinch || fingers.size !== 2) return;
    const m = middle();
    if (!m.apart || !pinch.apart) return;
    const f = pinch.apart / m.apart, v = pinch.view, b = pinch.board;
    game.view = { x: b.x - (b.x - v.x) * f - (m.clientX - pinch.clientX) * pinch.scale * f,
                  y: b.y - (b.y - v.y) * f - (m.clientY - pinch.clientY) * pinch.scale * f, w: v.w * f, h: v.h * f };
    game.viewChosen = true;
    applyView();
  });
  const lift = (e) => {
    fingers.delete(e.pointerId);
    if (fingers.size < 2) pinch = null;
  };
  window.addEventListener("pointerup", lift);
  window.addEventListener("pointercancel", lift);
  // Pointer events: a mouse or one finger pans alike (app.css gives the
  // board touch-action:none, so a finger on it pans the board, not the page).
  box.addEventListener("pointerdown", (e) => {
    if (!game.view || e.button !== 0 || !e.isPrimary || pinch) return;
    start = { x: e.clientX, y: e.clientY, view: { ...game.view }, scale: toBoard(e).scale };
    game.dragged = false;
  });
  window.addEventListener("pointermove", (e) => {
    if (!start || !e.isPrimary || pinch) return;
    const dx = e.clientX - start.x, dy = e.clientY - start.y;
    if (Math.abs(dx) + Math.abs(dy) > 4) { game.dragged = true; box.classList.add("dragging"); }
    if (!game.dragged) return;
    game.view = { ...start.view, x: start.view.x - dx * start.scale, y: start.view.y - dy * start.scale };
    game.viewChosen = true;
    applyView();
  });
  const end = () => { start = null; box.classList.remove("dragging"); setTimeout(() => { game.dragged = false; }, 0); };
  window.addEventListener("pointerup", end);
  window.addEventListener("pointercancel", end);
}

// ------------------------------------------------------------------ start

const path = location.pathname.match(/^\/game\/([a-z0-9]{1,32})$/);
(path ? showGame(path[1]) : showHome()).catch((e) => { main().replaceChildren(el("p", { class: "error" }, String(e))); });
