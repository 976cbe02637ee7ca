// Drawing the game: the board, the secret under its shield, and the dock with the guess
// being made, the palette and the buttons, or, for the person who set the code, the invite
// and the button that ends the game. Nothing here changes the game.

import { code, keyPegs, keyText, peg } from "./pegs.js";

const $ = (id) => document.getElementById(id);
export const view = {
  attempts: $("attempts"), secret: $("secret"), board: $("board"), message: $("message"),
  dock: $("dock"), controls: $("controls"), guess: $("guess"), palette: $("palette"),
  submit: $("submit"), erase: $("delete"), hint: $("hint"), hintReason: $("hint-reason"),
  giveUp: $("give-up"), giveUpDialog: $("give-up-dialog"), newGame: $("new-game"),
  newGameDialog: $("new-game-dialog"), repeated: $("repeated"),
  outcome: $("outcome"), headline: $("headline"), seeReview: $("see-review"),
  playAgain: $("play-again"), review: $("review"), statistics: $("statistics"),
  rules: $("rules"), length: $("length"), colours: $("colours"), celebration: $("celebration"),
  shieldLabel: $("shield-label"), madeBy: $("made-by"), rulesLine: $("rules-line"),
  watch: $("watch"), invite: $("invite"),
  inviteLine: $("invite-line"), copyInvite: $("copy-invite"), endGame: $("end-game"),
  endDialog: $("end-dialog"), friend: $("friend"), makerDialog: $("maker-dialog"),
  makerForm: $("maker-form"), makerSize: $("maker-size"), makerCode: $("maker-code"),
  makerPalette: $("maker-palette"), makerName: $("maker-name"), makerHints: $("maker-hints"),
  makerError: $("maker-error"), makerCancel: $("maker-cancel"),
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

function friends(game) {
  return Boolean(game.maker && game.maker.kind === "person");
}

// How a game that is over ended, in the words of the terminal game. In a game a person set,
// either player may have ended it: the maker, calling it off, or the breaker giving up.
export function outcomeText(game, role = "breaker") {
  const used = guesses(game.attempts.used);
  if (game.status === "won") return role === "maker" ? `Broken in ${used}.` : `Won in ${used}.`;
  if (game.called_off) return `Ended by the code maker after ${used}.`;
  if (game.given_up) return `Given up after ${used}.`;
  return `Lost: all ${game.attempts.total} attempts used.`;
}

function headline(game, role) {
  const maker = role === "maker";
  if (game.status === "won") return maker ? "Your code is broken" : "You broke the code!";
  if (game.called_off) return "Game ended";
  if (game.given_up) return "Given up";
  return maker ? "Your code held!" : "Out of attempts";
}

// Who set the code, in a game a person set.
function madeBy(game, role) {
  if (!friends(game)) return "";
  if (role === "maker") {
    return game.maker.name ? `You set this code, as ${game.maker.name}.` : "You set this code.";
  }
  return `${game.maker.name || "A friend"} set this code.`;
}

// The member of the family being played, where it is not the classic game.
function rulesLine(rules) {
  if (!rules || rules.name === "classic") return "";
  if (rules.title) return rules.title;
  const parts = ["Own rules"];
  if (!rules.repeats) parts.push("no symbol repeats");
  if (rules.blanks) parts.push("a hole may stay blank");
  if (rules.answer === "bulls-and-cows") parts.push("answered in bulls and cows");
  if (rules.answer === "black-only") parts.push("answered in black pegs only");
  return parts.join(" · ");
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
      item.dataset.keyPegs = keyText(played, game.rules);
      pegs = code(played.guess, state.labels);
      const won = game.status === "won" && index === game.rows.length - 1;
      if (won) item.classList.add("winning");
    } else if (inPlay(game) && index === game.rows.length) {
      item.classList.add("current");
      item.setAttribute("aria-current", "step");
      pegs = code(state.row, state.labels);
      if (state.role !== "maker") pegs.children[nextHole(state) ?? -1]?.classList.add("cursor");
    } else {
      pegs = code(Array(game.length).fill(null), state.labels);
      pegs.removeAttribute("role");
      pegs.removeAttribute("aria-label");
      item.setAttribute("aria-hidden", "true");
    }
    [...pegs.children].forEach((child, hole) => child.style.setProperty("--i", hole));
    item.append(number, pegs, keyPegs(played, game.length, game.rules));
    rows.push(item);
  }
  view.board.replaceChildren(...rows);
}

// The peg picker, for a guess as for a secret: the holes of the code being made, in
// ``holes``, and a button for each colour, in ``palette``. ``picker`` holds the row, the
// hole tapped last, the colours, and the letters and keys of the colours.
export function renderPicker(holes, palette, picker, handlers) {
  renderHoles(holes, picker, handlers);
  renderPalette(palette, picker, handlers);
}

export function renderHoles(holes, picker, handlers) {
  const ring = nextHole(picker);
  holes.style.setProperty("--count", picker.row.length);
  holes.replaceChildren(...picker.row.map((colour, hole) => {
    const button = peg(colour, picker.labels, "button");
    button.type = "button";
    button.classList.add("hole");
    if (hole === ring) button.classList.add("cursor");
    const where = hole === ring ? ", the next colour goes here" : "";
    button.setAttribute("aria-label", `Hole ${hole + 1}: ${colour || "empty"}${where}`);
    button.addEventListener("click", () => handlers.tapHole(hole));
    return button;
  }));
}

function renderPalette(palette, picker, handlers) {
  const colours = picker.colours;
  palette.style.setProperty("--count", colours.length);
  palette.replaceChildren(...colours.map((colour, index) => {
    const button = peg(colour, picker.labels, "button");
    button.type = "button";
    button.classList.add("colour");
    button.setAttribute("aria-label", colour);
    const shortcuts = Object.keys(picker.keys).filter((key) => picker.keys[key] === colour);
    if (index < 10) button.setAttribute("aria-keyshortcuts", shortcuts.join(" "));
    button.addEventListener("click", () => handlers.tapColour(colour));
    return button;
  }));
}

// The row that already holds the guess being made, counted from 1; null if none does. The
// answer to it would be the same, so the page says so before the guess is sent.
function repeatedRow(game, row) {
  if (row.some((colour) => !colour)) return null;
  const same = (played) => played.guess.every((colour, hole) => colour === row[hole]);
  const index = game.rows.findIndex(same);
  return index < 0 ? null : index + 1;
}

function repeatedNote(state) {
  const number = repeatedRow(state.game, state.row);
  return number === null
    ? ""
    : `You tried this guess in row ${number}: the answer will be the same.`;
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
  const maker = state.role === "maker";
  document.body.dataset.status = game.given_up || game.called_off ? "given up" : game.status;
  document.body.dataset.role = state.role;
  view.attempts.textContent = playing
    ? `Attempt ${game.attempts.used + 1} of ${game.attempts.total} · ${game.attempts.left} left`
    : `${game.attempts.used} of ${game.attempts.total} attempts used`;
  renderSecret(game, state.labels);
  view.shieldLabel.textContent = maker ? "Your secret" : "Secret";
  view.madeBy.textContent = madeBy(game, state.role);
  view.rulesLine.textContent = rulesLine(game.rules);
  renderBoard(state);
  view.controls.hidden = !playing || maker;
  view.watch.hidden = !playing || !maker;
  view.outcome.hidden = playing;
  view.seeReview.hidden = maker;
  if (playing && maker) {
    view.invite.value = state.invite || "";
    view.inviteLine.hidden = !state.invite;
  } else if (playing) {
    renderPicker(view.guess, view.palette, { ...state, colours: game.colours }, handlers);
    // A person's code offers hints only with the maker's leave: else there is no button.
    view.hint.hidden = friends(game) && !game.maker.allows_hints;
    view.hint.disabled = !game.hints;
    const reason = state.hintReason.id === game.id ? state.hintReason.text : "";
    view.hintReason.textContent = game.hints ? "" : reason;
    const note = repeatedNote(state);
    if (view.repeated.textContent !== note) view.repeated.textContent = note;
  } else {
    view.headline.textContent = headline(game, state.role);
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
