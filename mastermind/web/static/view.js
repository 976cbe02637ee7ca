// Drawing the game: the board, the secret under its shield, and the dock with the guess
// being made, the palette and the buttons. Nothing here changes the game.

import { code, keyPegs, peg } from "./pegs.js";

const $ = (id) => document.getElementById(id);
export const view = {
  attempts: $("attempts"), secret: $("secret"), board: $("board"), message: $("message"),
  dock: $("dock"), controls: $("controls"), guess: $("guess"), palette: $("palette"),
  submit: $("submit"), erase: $("delete"), hint: $("hint"), hintReason: $("hint-reason"),
  giveUp: $("give-up"), giveUpDialog: $("give-up-dialog"), newGame: $("new-game"),
  outcome: $("outcome"), headline: $("headline"), seeReview: $("see-review"),
  playAgain: $("play-again"), review: $("review"), statistics: $("statistics"),
  length: $("length"), colours: $("colours"), celebration: $("celebration"),
};

export function inPlay(game) {
  return Boolean(game) && game.status === "in progress";
}

// The hole the next colour goes to: the one tapped, else the first empty one.
export function nextHole(state) {
  if (state.target !== null) return state.target;
  const empty = state.row.findIndex((colour) => !colour);
  return empty >= 0 ? empty : null;
}

function guesses(count) {
  return count === 1 ? "1 guess" : `${count} guesses`;
}

// How a game that is over ended, in the words of the terminal game.
export function outcomeText(game) {
  if (game.status === "won") return `Won in ${guesses(game.attempts.used)}.`;
  if (game.given_up) return `Given up after ${guesses(game.attempts.used)}.`;
  return `Lost: all ${game.attempts.total} attempts used.`;
}

function headline(game) {
  if (game.status === "won") return "You broke the code!";
  return game.given_up ? "Given up" : "Out of attempts";
}

function renderBoard(state) {
  const game = state.game;
  const rows = [];
  for (let index = 0; index < game.attempts.total; index += 1) {
    const item = document.createElement("li");
    item.className = "row";
    const number = document.createElement("span");
    number.className = "number";
    number.textContent = String(index + 1);
    const played = game.rows[index];
    let pegs;
    if (played) {
      item.classList.add("played");
      item.dataset.keyPegs = played.key_pegs;
      pegs = code(played.guess, state.labels);
      const won = game.status === "won" && index === game.rows.length - 1;
      if (won) item.classList.add("winning");
    } else if (inPlay(game) && index === game.rows.length) {
      item.classList.add("current");
      item.setAttribute("aria-current", "step");
      pegs = code(state.row, state.labels);
      pegs.children[nextHole(state) ?? -1]?.classList.add("cursor");
    } else {
      pegs = code(Array(game.length).fill(null), state.labels);
      pegs.removeAttribute("role");
      pegs.removeAttribute("aria-label");
      item.setAttribute("aria-hidden", "true");
    }
    [...pegs.children].forEach((child, hole) => child.style.setProperty("--i", hole));
    item.append(number, pegs, keyPegs(played && played.feedback, game.length));
    rows.push(item);
  }
  view.board.replaceChildren(...rows);
}

function renderGuess(state, handlers) {
  const ring = nextHole(state);
  view.guess.style.setProperty("--count", state.row.length);
  view.guess.replaceChildren(...state.row.map((colour, hole) => {
    const button = peg(colour, state.labels, "button");
    button.type = "button";
    button.classList.add("hole");
    if (hole === ring) button.classList.add("cursor");
    const where = hole === ring ? ", the next colour goes here" : "";
    button.setAttribute("aria-label", `Hole ${hole + 1}: ${colour || "empty"}${where}`);
    button.addEventListener("click", () => handlers.tapHole(hole));
    return button;
  }));
}

function renderPalette(state, handlers) {
  const colours = state.game.colours;
  view.palette.style.setProperty("--count", colours.length);
  view.palette.replaceChildren(...colours.map((colour, index) => {
    const button = peg(colour, state.labels, "button");
    button.type = "button";
    button.classList.add("colour");
    button.setAttribute("aria-label", colour);
    const shortcuts = Object.keys(state.keys).filter((key) => state.keys[key] === colour);
    if (index < 10) button.setAttribute("aria-keyshortcuts", shortcuts.join(" "));
    button.addEventListener("click", () => handlers.tapColour(colour));
    return button;
  }));
}

function renderSecret(game, labels) {
  const pegs = game.secret
    ? game.secret.map((colour) => peg(colour, labels))
    : Array.from({ length: game.length }, () => {
      const hidden = peg(null, labels);
      hidden.classList.add("hidden");
      hidden.textContent = "?";
      return hidden;
    });
  pegs.forEach((secretPeg, hole) => secretPeg.style.setProperty("--i", hole));
  view.secret.replaceChildren(...pegs);
  view.secret.setAttribute("aria-label", game.secret ? game.secret.join(", ") : "hidden");
  view.secret.parentElement.classList.toggle("revealed", Boolean(game.secret));
}

export function render(state, handlers) {
  const game = state.game;
  if (!game) return;
  const playing = inPlay(game);
  document.body.dataset.status = game.given_up ? "given up" : game.status;
  view.attempts.textContent = playing
    ? `Attempt ${game.attempts.used + 1} of ${game.attempts.total} · ${game.attempts.left} left`
    : `${game.attempts.used} of ${game.attempts.total} attempts used`;
  renderSecret(game, state.labels);
  renderBoard(state);
  view.controls.hidden = !playing;
  view.outcome.hidden = playing;
  if (playing) {
    renderGuess(state, handlers);
    renderPalette(state, handlers);
    view.hint.disabled = !game.hints;
    const reason = state.hintReason.id === game.id ? state.hintReason.text : "";
    view.hintReason.textContent = game.hints ? "" : reason;
  } else {
    view.headline.textContent = headline(game);
  }
  const mark = `${game.id} ${game.rows.length} ${game.status}`;
  if (state.shown !== mark) {
    state.shown = mark;
    const played = view.board.querySelectorAll(".played");
    const newest = view.board.querySelector(".current") || played[played.length - 1];
    newest?.scrollIntoView({ block: "nearest" });
  }
}

export function say(text, tone = "") {
  view.message.textContent = text;
  view.message.className = `message ${tone}`;
}

// Pegs raining on a win, unless the player asked for less motion.
export function celebrate(colours) {
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  const drops = Array.from({ length: 36 }, (_, index) => {
    const drop = peg(colours[index % colours.length], {});
    drop.textContent = "";
    drop.classList.add("drop");
    drop.style.setProperty("--x", `${Math.random() * 100}vw`);
    drop.style.setProperty("--drift", `${(Math.random() - 0.5) * 30}vw`);
    drop.style.setProperty("--delay", `${Math.random() * 0.6}s`);
    return drop;
  });
  view.celebration.replaceChildren(...drops);
  window.setTimeout(() => view.celebration.replaceChildren(), 3200);
}
