// Pegs as the page draws them: every code peg shows its colour and its letter, or its
// digit, and key pegs differ by fill (solid dark, solid light, hollow), so neither hue nor
// letter is the only clue. The blank of a game with blanks is a hollow hole, and a game
// answered in bulls and cows says so in words.

// Each shade is dark enough for a white letter, or light enough for a dark one, at 4.5:1.
const SHADES = {
  red: "#d32f2f", green: "#43a047", blue: "#1976d2", yellow: "#fdd835",
  purple: "#8e24aa", orange: "#fb8c00", cyan: "#00acc1", magenta: "#c2185b",
  pink: "#f06292", brown: "#795548", white: "#f5f5f5", black: "#212121",
  grey: "#9e9e9e", gray: "#9e9e9e", lime: "#c0ca33", teal: "#00796b",
};
const DARK_LETTERS = ["green", "yellow", "orange", "cyan", "pink", "white", "grey", "gray", "lime"];
// Digits are tiles of one shade: their number, not a hue, tells them apart.
const DIGIT_SHADE = "#455a64";
// The blank peg, in games where a hole may stay blank: the domain's name for it.
export const BLANK = "Empty";

// The letters shown on each colour's pegs, and the keys that type each colour.
export function learnColours(colours) {
  const labels = {};
  const keys = {};
  for (const colour of colours) {
    let size = 1;
    while (size < colour.length && colours.some((other) => other !== colour
      && other.slice(0, size).toLowerCase() === colour.slice(0, size).toLowerCase())) {
      size += 1;
    }
    labels[colour] = colour[0].toUpperCase() + colour.slice(1, size).toLowerCase();
  }
  const initials = colours.map((colour) => colour[0].toLowerCase());
  if (new Set(initials).size === colours.length) {
    colours.forEach((colour, index) => { keys[initials[index]] = colour; });
  }
  // A number types the colour in its place, but never over a digit that types itself.
  colours.slice(0, 10).forEach((colour, index) => {
    keys[String((index + 1) % 10)] ??= colour;
  });
  return { labels, keys };
}

function shade(colour) {
  if (/^\d$/.test(colour)) return DIGIT_SHADE;
  const known = SHADES[colour.toLowerCase()];
  if (known) return known;
  let hash = 0;
  for (const character of colour) hash = (hash * 31 + character.codePointAt(0)) % 360;
  return `hsl(${hash}, 60%, 32%)`;
}

// A code peg: a hole when ``colour`` is null.
export function peg(colour, labels, tag = "span") {
  const element = document.createElement(tag);
  element.className = "peg";
  if (colour === BLANK) {
    element.classList.add("filled", "blank");
    element.dataset.colour = colour;
    element.title = "A blank: the hole left empty";
  } else if (colour) {
    element.classList.add("filled");
    if (DARK_LETTERS.includes(colour.toLowerCase())) element.classList.add("light");
    element.style.setProperty("--shade", shade(colour));
    element.textContent = labels[colour] || colour[0];
    element.dataset.colour = colour;
  }
  return element;
}

// A row of code pegs, named as a whole for screen readers.
export function code(colours, labels, className = "pegs") {
  const box = document.createElement("span");
  box.className = className;
  box.setAttribute("role", "img");
  box.setAttribute("aria-label", colours.map((colour) => colour || "empty").join(", "));
  box.append(...colours.map((colour) => peg(colour, labels)));
  return box;
}

export function describeFeedback(feedback) {
  if (!feedback.black && !feedback.white) return "no colour right";
  const parts = [];
  if (feedback.black) parts.push(`${feedback.black} right place`);
  if (feedback.white) parts.push(`${feedback.white} wrong place`);
  return parts.join(", ");
}

// Key pegs written as text, one mark a peg of the guess: the same symbols as the terminal's,
// the server's and the daily code's shared result. How to play shows them in its legend.
export const MARKS = { black: "●", white: "○", none: "·" };

// A row's key pegs as text: black marks first, then white, then a dot for each peg that
// earned none, so that the line is as long as the code. Rules answered otherwise say it in
// their own words ("1 bull, 2 cows", "2 black").
export function keyText(row, rules) {
  if (rules && rules.answer !== "black-and-white") return row.said;
  const { black, white = 0 } = row.feedback;
  const none = row.guess.length - black - white;
  return MARKS.black.repeat(black) + MARKS.white.repeat(white) + MARKS.none.repeat(none);
}

// A row's answer in its game's words: black and white pegs as the page has always told
// them, the others as the server says them ("1 bull, 2 cows", "2 black").
export function answerText(row, rules) {
  return !rules || rules.answer === "black-and-white" ? describeFeedback(row.feedback) : row.said;
}

// The key pegs of a row: black first, then white, then empty holes. A game answered in
// bulls and cows shows its counts in words instead, and one answered in black only never
// a white peg.
export function keyPegs(row, length, rules) {
  const box = document.createElement("span");
  box.className = "keys";
  if (rules && rules.answer === "bulls-and-cows") {
    box.classList.add("words");
    const [bulls, cows] = row ? row.said.split(", ") : ["", ""];
    box.append(...[bulls, cows].map((count) => {
      const line = document.createElement("span");
      line.textContent = count;
      return line;
    }));
  } else {
    box.style.setProperty("--columns", Math.ceil(length / 2));
    const black = row ? row.feedback.black : 0;
    const white = row && rules?.answer !== "black-only" ? row.feedback.white || 0 : 0;
    for (let index = 0; index < length; index += 1) {
      const key = document.createElement("span");
      key.className = index < black ? "key black" : index < black + white ? "key white" : "key";
      box.append(key);
    }
  }
  if (row) {
    box.setAttribute("role", "img");
    box.setAttribute("aria-label", answerText(row, rules));
    box.title = answerText(row, rules);
  } else {
    box.setAttribute("aria-hidden", "true");
  }
  return box;
}
