// The web game: a thin client of the HTTP API. The server keeps the game and its secret,
// and decides every rule; this page keeps the game's id and the player's token, and the
// statistics of the games played in this browser, in localStorage.

import { api, gamePath } from "./api.js";
import { installDaily } from "./daily.js";
import { describeFeedback, learnColours } from "./pegs.js";
import { renderReview, reviewUnavailable } from "./review.js";
import { countGame, loadStatistics, renderStatistics } from "./stats.js";
import { celebrate, inPlay, nextHole, outcomeText, render, say, view } from "./view.js";

const STORAGE_KEY = "mastermind.game";
const CLASSIC = ["Red", "Green", "Blue", "Yellow", "Purple", "Orange"];
const MORE = ["Cyan", "White"];

const state = {
  game: null, // the board, as the API answers it
  token: null,
  row: [], // the guess being made: a colour or null for each hole
  target: null, // the hole tapped last, where the next colour goes; else the first empty one
  labels: {}, // colour -> the letters shown on its pegs
  keys: {}, // typed key -> colour
  hintReason: { id: null, text: "" }, // why the server offers no hint for this game
  reviewed: null, // the id of the game whose review was asked for
  shown: null, // which board was last scrolled into view
  busy: false,
};
const statistics = loadStatistics();
const handlers = { tapColour, tapHole };

function draw() {
  render(state, handlers);
}

async function act(action) {
  if (state.busy) return;
  state.busy = true;
  try {
    await action();
  } catch (error) {
    say(error.message, "error");
  } finally {
    state.busy = false;
    draw();
  }
}

function call(method, suffix, body) {
  return api(method, gamePath(state.game.id, suffix), { body, token: state.token });
}

// Game actions

async function resume() {
  let saved = null;
  try {
    saved = JSON.parse(localStorage.getItem(STORAGE_KEY));
  } catch (_) {
    saved = null;
  }
  if (!saved || !saved.id || !saved.token) return startGame();
  state.token = saved.token;
  try {
    show(await api("GET", gamePath(saved.id)));
  } catch (error) {
    if (error.status !== 404) throw error;
    return startGame();
  }
  if (inPlay(state.game)) say("Welcome back: your game goes on.");
  else ended(false);
}

async function startGame() {
  const length = Number(view.length.value);
  const colours = view.colours.value === "8" ? [...CLASSIC, ...MORE] : CLASSIC;
  const created = await api("POST", "games", { body: { length, colours } });
  state.token = created.token;
  localStorage.setItem(STORAGE_KEY, JSON.stringify({ id: created.id, token: created.token }));
  show(created);
  view.review.hidden = true;
  say(`A secret of ${created.length} pegs is hidden. Tap ${created.length} colours, then Guess.`);
}

async function submitGuess() {
  if (!inPlay(state.game)) return;
  const placed = { row: state.row, target: state.target };
  const guess = placed.row.filter(Boolean);
  // Pegs placed while the guess is on its way go to the next row.
  clearRow();
  try {
    show(await call("POST", "/guesses", { guess }));
  } catch (error) {
    if (state.row.every((colour) => !colour)) Object.assign(state, placed);
    throw error;
  }
  const last = state.game.rows[state.game.rows.length - 1];
  if (inPlay(state.game)) say(`Guess ${state.game.rows.length}: ${describeFeedback(last.feedback)}.`);
  else ended(true);
}

async function giveUp() {
  if (!inPlay(state.game)) return;
  show(await call("POST", "/give-up"));
  ended(true);
}

async function askHint() {
  if (!inPlay(state.game)) return;
  const hint = await call("GET", "/hint");
  state.row = hint.guess.slice(0, state.game.length);
  state.target = null;
  // A search the time ran out on answers the best guess it found, which may not fit.
  const unfinished = hint.incomplete
    ? " Time ran out before the search finished: this is the best guess found," +
      " and it may not fit every key peg so far."
    : "";
  say(`Hint: try ${hint.guess.join(" ")}.${unfinished}`);
}

function show(board) {
  const fresh = !state.game || state.game.id !== board.id;
  state.game = board;
  if (fresh) {
    Object.assign(state, learnColours(board.colours));
    state.row = Array(board.length).fill(null);
    state.target = null;
  }
  if (inPlay(board) && !board.hints && state.hintReason.id !== board.id) explainNoHint();
}

// The server's reason, asked once a game, for offering no hint.
async function explainNoHint() {
  const id = state.game.id;
  state.hintReason = { id, text: "" };
  try {
    await call("GET", "/hint");
  } catch (error) {
    if (state.hintReason.id === id) state.hintReason.text = error.message;
    draw();
  }
}

// A game is over: ``live`` when it ended just now, not when a reload found it over.
function ended(live) {
  const game = state.game;
  const secret = game.secret ? ` The secret was ${game.secret.join(" ")}.` : "";
  say(`${outcomeText(game)}${secret}`, game.status === "won" ? "won" : "lost");
  if (countGame(statistics, game)) {
    renderStatistics(view.statistics, statistics, game.status === "won" ? game.attempts.used : null);
  }
  if (live) {
    document.body.classList.toggle("celebrating", game.status === "won");
    if (game.status === "won") celebrate(game.colours);
    draw();
    view.headline.focus({ preventScroll: true });
  }
  loadReview();
}

async function loadReview() {
  const id = state.game.id;
  if (state.reviewed === id) return;
  state.reviewed = id;
  view.review.hidden = false;
  try {
    const review = await api("GET", gamePath(id, "/review"), { token: state.token });
    if (state.game.id === id) renderReview(view.review, review, state.labels);
  } catch (error) {
    if (state.game.id === id) reviewUnavailable(view.review, error.message);
  }
}

// Placing pegs

function tapColour(colour) {
  if (!inPlay(state.game)) return;
  const hole = nextHole(state);
  if (hole === null) {
    say("Every hole is filled: tap Guess, or tap a hole to change it.");
    return;
  }
  state.row[hole] = colour;
  state.target = null;
  draw();
}

// A tap targets a hole; a second tap on it, once filled, empties it.
function tapHole(hole) {
  if (!inPlay(state.game)) return;
  if (state.target === hole && state.row[hole]) state.row[hole] = null;
  else state.target = hole;
  draw();
}

function erase() {
  if (!inPlay(state.game)) return;
  if (state.target !== null && state.row[state.target]) {
    state.row[state.target] = null;
  } else {
    const last = state.row.findLastIndex(Boolean);
    if (last >= 0) state.row[last] = null;
    state.target = null;
  }
  draw();
}

function moveTarget(step) {
  if (!inPlay(state.game)) return;
  const from = nextHole(state) ?? state.row.length;
  state.target = Math.min(Math.max(from + step, 0), state.row.length - 1);
  draw();
}

function clearRow() {
  if (!inPlay(state.game)) return;
  state.row = Array(state.game.length).fill(null);
  state.target = null;
  draw();
}

// Wiring

function onKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.target.closest("select, input, textarea, dialog")) return;
  const onButton = event.target.closest("button, summary, a");
  const key = event.key;
  if (key === "Enter" && !onButton) {
    event.preventDefault();
    act(submitGuess);
  } else if (key === "Backspace" || key === "Delete") {
    event.preventDefault();
    erase();
  } else if (key === "ArrowLeft" || key === "ArrowRight") {
    event.preventDefault();
    moveTarget(key === "ArrowLeft" ? -1 : 1);
  } else if (key === "Escape") {
    clearRow();
  } else if (key.length === 1 && state.keys[key.toLowerCase()]) {
    event.preventDefault();
    tapColour(state.keys[key.toLowerCase()]);
  } else if (key.length === 1 && /\p{L}/u.test(key) && inPlay(state.game)) {
    say(`No colour goes by "${key}".`, "error");
  }
}

function newGame() {
  document.body.classList.remove("celebrating");
  act(startGame);
}

// A tap must not leave the focus on a button, where Enter would press it again.
view.dock.addEventListener("pointerdown", (event) => {
  if (event.target.closest("button")) event.preventDefault();
});
view.submit.addEventListener("click", () => act(submitGuess));
view.erase.addEventListener("click", erase);
view.hint.addEventListener("click", () => act(askHint));
view.giveUp.addEventListener("click", () => view.giveUpDialog.showModal());
view.giveUpDialog.addEventListener("close", () => {
  if (view.giveUpDialog.returnValue === "give-up") act(giveUp);
  view.giveUpDialog.returnValue = "";
});
view.newGame.addEventListener("click", newGame);
view.playAgain.addEventListener("click", newGame);
view.seeReview.addEventListener("click", (event) => {
  event.preventDefault();
  view.review.scrollIntoView({ behavior: "smooth", block: "start" });
  view.review.querySelector("h2").focus({ preventScroll: true });
});
new ResizeObserver(() => {
  document.documentElement.style.setProperty("--dock-height", `${view.dock.offsetHeight}px`);
}).observe(view.dock);
document.addEventListener("keydown", onKey);
renderStatistics(view.statistics, statistics);
installDaily(() => act(resume));
act(resume);
