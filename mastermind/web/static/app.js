// The web game: a thin client of the HTTP API. The server keeps the game and its secret;
// this page keeps only the game's id and the player's token, in localStorage.
"use strict";

(() => {
  const STORAGE_KEY = "mastermind.game";
  const CLASSIC = ["Red", "Green", "Blue", "Yellow", "Purple", "Orange"];
  const MORE = ["Cyan", "White"];
  const SHADES = {
    red: "#e53935", green: "#43a047", blue: "#1e88e5", yellow: "#fdd835",
    purple: "#8e24aa", orange: "#fb8c00", cyan: "#00acc1", magenta: "#d81b60",
    pink: "#f06292", brown: "#795548", white: "#f5f5f5", black: "#212121",
    grey: "#9e9e9e", gray: "#9e9e9e", lime: "#c0ca33", teal: "#00897b",
  };

  const $ = (id) => document.getElementById(id);
  const view = {
    attempts: $("attempts"), secret: $("secret"), board: $("board"), message: $("message"),
    palette: $("palette"), submit: $("submit"), clear: $("clear"), hint: $("hint"),
    giveUp: $("give-up"), newGame: $("new-game"), length: $("length"), colours: $("colours"),
  };

  const state = {
    game: null, // the board, as the API answers it
    token: null,
    row: [], // the pegs placed in the current row, null for an empty hole
    cursor: 0, // the hole the next typed colour goes to
    brush: null, // the colour picked, for the next hole clicked
    labels: {}, // colour -> the letters shown on its pegs
    keys: {}, // typed letter -> colour
    busy: false,
  };

  // The API

  async function api(method, path, body) {
    const headers = { Accept: "application/json" };
    if (state.token) headers.Authorization = `Bearer ${state.token}`;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const response = await fetch(path, {
      method, headers, body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) {
      const error = new Error(answer.detail || `The server answered ${response.status}.`);
      error.status = response.status;
      throw error;
    }
    return answer;
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
      render();
    }
  }

  function gamePath(suffix = "") {
    return `games/${encodeURIComponent(state.game.id)}${suffix}`;
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
      show(await api("GET", `games/${encodeURIComponent(saved.id)}`));
      say(state.game.status === "in progress" ? "Welcome back: your game goes on." : "");
      if (state.game.status !== "in progress") announceEnd();
    } catch (error) {
      if (error.status !== 404) throw error;
      await startGame();
    }
  }

  async function startGame() {
    const length = Number(view.length.value);
    const colours = view.colours.value === "8" ? [...CLASSIC, ...MORE] : CLASSIC;
    const created = await api("POST", "games", { length, colours });
    state.token = created.token;
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ id: created.id, token: created.token }));
    show(created);
    say("A new secret is on the board. Break the code!");
  }

  async function submitGuess() {
    if (!inPlay()) return;
    const placed = { row: state.row, cursor: state.cursor };
    const guess = placed.row.filter(Boolean);
    // Pegs typed while the guess is on its way go to the next row.
    clearRow();
    try {
      show(await api("POST", gamePath("/guesses"), { guess }));
    } catch (error) {
      if (state.row.every((peg) => !peg)) Object.assign(state, placed);
      throw error;
    }
    const last = state.game.rows[state.game.rows.length - 1];
    if (state.game.status === "in progress") {
      say(last.key_pegs ? `Key pegs: ${last.key_pegs}` : "No key pegs: none of these colours.");
    } else {
      announceEnd();
    }
  }

  async function giveUp() {
    if (!inPlay()) return;
    show(await api("POST", gamePath("/give-up")));
    announceEnd();
  }

  async function askHint() {
    if (!inPlay()) return;
    const hint = await api("GET", gamePath("/hint"));
    state.row = hint.guess.slice(0, state.game.length);
    state.cursor = state.game.length - 1;
    say(`Hint: try ${hint.guess.join(" ")}.`);
  }

  function show(board) {
    const fresh = !state.game || state.game.id !== board.id;
    state.game = board;
    if (fresh) {
      learnColours(board.colours);
      state.brush = null;
      state.row = Array(board.length).fill(null);
      state.cursor = 0;
    }
  }

  function announceEnd() {
    const game = state.game;
    const secret = game.secret ? game.secret.join(" ") : "";
    if (game.status === "won") {
      const guesses = game.attempts.used === 1 ? "1 guess" : `${game.attempts.used} guesses`;
      say(`You broke the code in ${guesses}! The secret was ${secret}.`, "won");
    } else if (game.attempts.left > 0) {
      say(`You gave up. The secret was ${secret}.`, "lost");
    } else {
      say(`Out of attempts. The secret was ${secret}.`, "lost");
    }
  }

  // Placing pegs

  function inPlay() {
    return state.game && state.game.status === "in progress";
  }

  function place(colour) {
    if (!inPlay()) return;
    state.brush = colour;
    state.row[state.cursor] = colour;
    const empty = state.row.findIndex((peg, index) => index > state.cursor && !peg);
    if (empty >= 0) state.cursor = empty;
    else if (state.cursor < state.row.length - 1) state.cursor += 1;
    render();
  }

  function clickHole(index) {
    if (!inPlay()) return;
    state.cursor = index;
    if (state.brush) return place(state.brush);
    state.row[index] = null;
    render();
  }

  function pickColour(colour) {
    state.brush = colour;
    say(`${colour} picked: click a hole to place it.`);
    render();
  }

  function erase() {
    if (!inPlay()) return;
    if (!state.row[state.cursor] && state.cursor > 0) state.cursor -= 1;
    state.row[state.cursor] = null;
    render();
  }

  function moveCursor(step) {
    if (!inPlay()) return;
    state.cursor = Math.min(Math.max(state.cursor + step, 0), state.row.length - 1);
    render();
  }

  function clearRow() {
    if (!inPlay()) return;
    state.row = Array(state.game.length).fill(null);
    state.cursor = 0;
    render();
  }

  // Colours and their letters

  function learnColours(colours) {
    state.labels = {};
    state.keys = {};
    for (const colour of colours) {
      let size = 1;
      while (size < colour.length && colours.some((other) => other !== colour
        && other.slice(0, size).toLowerCase() === colour.slice(0, size).toLowerCase())) {
        size += 1;
      }
      state.labels[colour] = colour[0].toUpperCase() + colour.slice(1, size).toLowerCase();
    }
    const initials = colours.map((colour) => colour[0].toLowerCase());
    if (new Set(initials).size === colours.length) {
      colours.forEach((colour, index) => { state.keys[initials[index]] = colour; });
    }
    colours.slice(0, 10).forEach((colour, index) => { state.keys[String((index + 1) % 10)] = colour; });
  }

  function shade(colour) {
    const known = SHADES[colour.toLowerCase()];
    if (known) return known;
    let hash = 0;
    for (const character of colour) hash = (hash * 31 + character.codePointAt(0)) % 360;
    return `hsl(${hash}, 60%, 45%)`;
  }

  function isLight(colour) {
    return ["yellow", "white", "lime", "cyan"].includes(colour.toLowerCase());
  }

  // Drawing

  function peg(colour, tag = "span") {
    const element = document.createElement(tag);
    element.className = "peg";
    if (colour) {
      element.classList.add("filled");
      if (isLight(colour)) element.classList.add("light");
      element.style.setProperty("--shade", shade(colour));
      element.textContent = state.labels[colour] || colour[0];
      element.title = colour;
      element.dataset.colour = colour;
    }
    return element;
  }

  function keyPegs(feedback, length) {
    const box = document.createElement("span");
    box.className = "keys";
    box.style.setProperty("--columns", Math.ceil(length / 2));
    const pegs = "B".repeat(feedback ? feedback.black : 0) + "W".repeat(feedback ? feedback.white : 0);
    for (let index = 0; index < length; index += 1) {
      const key = document.createElement("span");
      const letter = pegs[index];
      key.className = letter ? `key ${letter === "B" ? "black" : "white"}` : "key";
      key.textContent = letter || "";
      box.append(key);
    }
    if (feedback) {
      box.setAttribute("aria-label", `${feedback.black} black, ${feedback.white} white`);
    }
    return box;
  }

  function renderBoard(game) {
    const rows = [];
    for (let index = 0; index < game.attempts.total; index += 1) {
      const item = document.createElement("li");
      item.className = "row";
      const number = document.createElement("span");
      number.className = "number";
      number.textContent = String(index + 1);
      const holes = document.createElement("span");
      holes.className = "pegs";
      const played = game.rows[index];
      const current = !played && index === game.rows.length && game.status === "in progress";
      if (played) {
        item.classList.add("played");
        played.guess.forEach((colour) => holes.append(peg(colour)));
        item.dataset.keyPegs = played.key_pegs;
      } else if (current) {
        item.classList.add("current");
        item.setAttribute("aria-current", "step");
        state.row.forEach((colour, hole) => {
          const button = peg(colour, "button");
          button.type = "button";
          button.classList.add("hole");
          if (hole === state.cursor) button.classList.add("cursor");
          button.setAttribute("aria-label", `Hole ${hole + 1}: ${colour || "empty"}`);
          button.addEventListener("pointerdown", (event) => event.preventDefault());
          button.addEventListener("click", () => clickHole(hole));
          holes.append(button);
        });
      } else {
        for (let hole = 0; hole < game.length; hole += 1) holes.append(peg(null));
      }
      item.append(number, holes, keyPegs(played && played.feedback, game.length));
      rows.push(item);
    }
    view.board.replaceChildren(...rows);
    const current = view.board.querySelector(".current");
    if (current) current.scrollIntoView({ block: "nearest" });
  }

  function renderPalette(game) {
    view.palette.replaceChildren(...game.colours.map((colour, index) => {
      const button = peg(colour, "button");
      button.type = "button";
      button.classList.add("colour");
      button.setAttribute("aria-pressed", String(state.brush === colour));
      button.setAttribute("aria-label", index < 10 ? `${colour} (${(index + 1) % 10})` : colour);
      button.disabled = !inPlay();
      button.addEventListener("pointerdown", (event) => event.preventDefault());
      button.addEventListener("click", () => pickColour(colour));
      return button;
    }));
  }

  function renderSecret(game) {
    const pegs = game.secret
      ? game.secret.map((colour) => peg(colour))
      : Array.from({ length: game.length }, () => {
        const hidden = peg(null);
        hidden.classList.add("hidden");
        hidden.textContent = "?";
        return hidden;
      });
    view.secret.replaceChildren(...pegs);
    view.secret.parentElement.classList.toggle("revealed", Boolean(game.secret));
  }

  function render() {
    const game = state.game;
    if (!game) return;
    document.body.dataset.status = game.status;
    view.attempts.textContent = game.status === "in progress"
      ? `Attempt ${game.attempts.used + 1} of ${game.attempts.total} · ${game.attempts.left} left`
      : `${game.attempts.used} of ${game.attempts.total} attempts used · game over`;
    renderSecret(game);
    renderBoard(game);
    renderPalette(game);
    for (const button of [view.submit, view.clear, view.giveUp]) button.disabled = !inPlay();
    view.hint.hidden = !game.hints;
  }

  function say(text, tone = "") {
    view.message.textContent = text;
    view.message.className = `message ${tone}`;
  }

  // Wiring

  function onKey(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target.closest("select, input, textarea")) return;
    const onButton = event.target.closest("button, summary");
    const key = event.key;
    if (key === "Enter" && !onButton) {
      event.preventDefault();
      act(submitGuess);
    } else if (key === "Backspace" || key === "Delete") {
      event.preventDefault();
      erase();
    } else if (key === "ArrowLeft" || key === "ArrowRight") {
      event.preventDefault();
      moveCursor(key === "ArrowLeft" ? -1 : 1);
    } else if (key === "Escape") {
      clearRow();
    } else if (key.length === 1 && state.keys[key.toLowerCase()]) {
      event.preventDefault();
      place(state.keys[key.toLowerCase()]);
    } else if (key.length === 1 && /\p{L}/u.test(key) && inPlay()) {
      say(`No colour goes by "${key}".`, "error");
    }
  }

  // A click must not leave the focus on a button, where Enter would press it again.
  for (const button of document.querySelectorAll(".actions button")) {
    button.addEventListener("pointerdown", (event) => event.preventDefault());
  }
  view.submit.addEventListener("click", () => act(submitGuess));
  view.clear.addEventListener("click", clearRow);
  view.hint.addEventListener("click", () => act(askHint));
  view.giveUp.addEventListener("click", () => act(giveUp));
  view.newGame.addEventListener("click", () => act(startGame));
  document.addEventListener("keydown", onKey);
  act(resume);
})();
