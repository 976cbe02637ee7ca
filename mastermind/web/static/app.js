// The web game: a thin client of the HTTP API. The server keeps the game and its secret,
// and decides every rule; this page keeps the game's id, the player's token and role, and
// the statistics of the games played in this browser, in localStorage. A game a person set
// is followed live, by the maker who watches it and by every tab of its breaker.

import { api, gamePath } from "./api.js";
import { installDaily, isDailyGame } from "./daily.js";
import { installFriends } from "./friends.js";
import { invitation, isFriendsGame, makerName } from "./maker.js";
import { chosenSetup, installOptions } from "./options.js";
import { MARKS, answerText, learnColours } from "./pegs.js";
import { renderReview, reviewUnavailable } from "./review.js";
import { countGame, loadStatistics, renderStatistics } from "./stats.js";
import { celebrate, inPlay, nextHole, outcomeText, render, say, view } from "./view.js";

const STORAGE_KEY = "mastermind.game";

const state = {
  game: null, // the board, as the API answers it
  token: null,
  role: "breaker", // or "maker", who set the code and watches it being broken
  invite: null, // the maker's link for the breaker
  finished: null, // the id of the game last seen ending
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

// Whether this page may play the game: it is in play, and this is not its code's maker.
function breaking() {
  return inPlay(state.game) && state.role !== "maker";
}

function save() {
  const { token, role, invite } = state;
  localStorage.setItem(STORAGE_KEY, JSON.stringify({ id: state.game.id, token, role, invite }));
}

// Game actions

async function resume() {
  const invited = invitation();
  let saved = invited;
  try {
    saved ||= JSON.parse(localStorage.getItem(STORAGE_KEY));
  } catch (_) {
    saved = null;
  }
  if (!saved || !saved.id || !saved.token) return startGame();
  state.token = saved.token;
  state.role = saved.role === "maker" ? "maker" : "breaker";
  state.invite = saved.invite || null;
  try {
    // Only the maker's token sees the secret in play: the breaker's sees what anyone sees.
    const token = state.role === "maker" ? state.token : undefined;
    show(await api("GET", gamePath(saved.id), { token }));
  } catch (error) {
    if (error.status !== 404) throw error;
    await startGame();
    if (invited) say("The game of this link is not on this server: here is one of your own.");
    return;
  }
  if (invited) save();
  if (!inPlay(state.game)) ended(false);
  else if (invited) say(`${makerName(state.game)} set this code: break it!`);
  else if (state.role === "maker") say("Welcome back: your friend's guesses show as they come.");
  else say("Welcome back: your game goes on.");
}

async function startGame() {
  await optionsReady;
  const created = await api("POST", "games", { body: chosenSetup().body });
  state.token = created.token;
  state.invite = null;
  show(created);
  save();
  view.review.hidden = true;
  say(welcome(created));
}

// What a new game asks of its breaker, in its own symbols.
function welcome(game) {
  const { length, rules } = game;
  const digits = rules && rules.symbols.every((symbol) => /^\d$/.test(symbol));
  if (!digits) return `A secret of ${length} pegs is hidden. Tap ${length} colours, then Guess.`;
  const different = rules.repeats ? "" : " different";
  return `A secret of ${length}${different} digits is hidden. Tap ${length} digits, then Guess.`;
}

async function submitGuess() {
  if (!breaking()) return;
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
  const answer = answerText(last, state.game.rules);
  if (inPlay(state.game)) say(`Guess ${state.game.rows.length}: ${answer}.`);
  else ended(true);
}

async function giveUp() {
  if (!breaking()) return;
  show(await call("POST", "/give-up"));
  ended(true);
}

async function askHint() {
  if (!breaking()) return;
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
  // Answers that start a game say whose it is; the others leave the role as it was.
  if (board.role) state.role = board.role;
  if (fresh) {
    Object.assign(state, learnColours(board.colours));
    state.row = Array(board.length).fill(null);
    state.target = null;
    friends.followGame();
  }
  // The server's reason for no hint, unless a person set the code and allows none: then
  // no button shows.
  const refused = isFriendsGame(board) && !board.maker.allows_hints;
  const asks = breaking() && !board.hints && !refused;
  if (asks && state.hintReason.id !== board.id) explainNoHint();
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
  if (state.finished === game.id) return; // the stream and an answer may both tell of it
  state.finished = game.id;
  const maker = state.role === "maker";
  const secret = game.secret ? ` The secret was ${game.secret.join(" ")}.` : "";
  const tone = game.status === "won" ? "won" : "lost";
  say(`${outcomeText(game, state.role)}${secret}`, tone);
  if (!maker && countGame(statistics, game)) {
    renderStatistics(view.statistics, statistics, game.status === "won" ? game.attempts.used : null);
  }
  if (live) {
    const won = game.status === "won" && !maker;
    document.body.classList.toggle("celebrating", won);
    if (won) celebrate(game.colours);
    draw();
    view.headline.focus({ preventScroll: true });
  }
  // The review is the breaker's: the maker's token may not ask for it.
  if (maker) view.review.hidden = true;
  else loadReview();
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
  if (!breaking()) return;
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
  if (!breaking()) return;
  if (state.target === hole && state.row[hole]) state.row[hole] = null;
  else state.target = hole;
  draw();
}

function erase() {
  if (!breaking()) return;
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
  if (!breaking()) return;
  const from = nextHole(state) ?? state.row.length;
  state.target = Math.min(Math.max(from + step, 0), state.row.length - 1);
  draw();
}

function clearRow() {
  if (!breaking()) return;
  state.row = Array(state.game.length).fill(null);
  state.target = null;
  draw();
}

// Wiring

function onKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.target.closest("select, input, textarea, dialog")) return;
  if (document.querySelector("dialog[open]")) return; // a dialog has the keys of its own
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
  } else if (key.length === 1 && /\p{L}/u.test(key) && breaking()) {
    say(`No colour goes by "${key}".`, "error");
  }
}

function newGame() {
  document.body.classList.remove("celebrating");
  act(startGame);
}

// A game in play with a guess on its board is worth a question before it is left for
// ``next``; one that is over, or not yet begun, is not. A daily game is never lost by
// going to the daily code, which comes back to it.
let leavingFor = null;
function askBeforeLeaving(next, { toDaily = false } = {}) {
  const game = state.game;
  if (inPlay(game) && game.rows.length > 0 && !(toDaily && isDailyGame(game.id))) {
    leavingFor = next;
    view.newGameDialog.showModal();
  } else {
    next();
  }
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
const friends = installFriends({
  state, show, ended, save, draw, call, act, resume, setup: chosenSetup,
});
view.newGame.addEventListener("click", () => askBeforeLeaving(newGame));
view.newGameDialog.addEventListener("close", () => {
  const next = leavingFor;
  leavingFor = null;
  if (view.newGameDialog.returnValue === "new" && next) next();
  view.newGameDialog.returnValue = "";
});
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
for (const mark of document.querySelectorAll("[data-mark]")) {
  mark.textContent = MARKS[mark.dataset.mark];
}
renderStatistics(view.statistics, statistics);
const optionsReady = installOptions();
installDaily(() => act(resume), act(resume), (next) => askBeforeLeaving(next, { toDaily: true }));
