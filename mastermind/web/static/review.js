// The review of a game that is over, as the server writes it: the page only lays it out.

import { answerText, code, keyText } from "./pegs.js";

function element(tag, className, text) {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}

function figure(value, digits = 0) {
  return value === null || value === undefined ? "?" : value.toFixed(digits);
}

// "1296 → 256": the arrow read as "to".
function fromTo(before, after, digits = 0) {
  const span = element("span", "from-to");
  const arrow = element("span", "", " → ");
  arrow.setAttribute("aria-hidden", "true");
  span.append(
    element("b", "", figure(before, digits)),
    arrow,
    element("span", "visually-hidden", " to "),
    element("b", "", figure(after, digits)),
  );
  return span;
}

// A guess's answer as the review shows it: its key pegs as marks, read out in words, or
// the words of its rules.
function answered(row, rules) {
  const text = element("span", "key-text", keyText(row, rules));
  text.setAttribute("role", "img");
  text.setAttribute("aria-label", answerText(row, rules));
  return text;
}

function step(row, labels, rules) {
  const item = element("li", "step");
  item.dataset.number = String(row.number);
  const head = element("div", "step-head");
  head.append(
    element("span", "number", String(row.number)),
    code(row.guess, labels, "pegs small"),
    answered(row, rules),
    element(
      "span",
      row.could_be_secret ? "badge could" : "badge could-not",
      row.could_be_secret ? "could be the secret" : "could not be the secret",
    ),
  );
  const codes = element("p", "codes", "Codes that fit: ");
  codes.append(fromTo(row.candidates_before, row.candidates_after));
  // What the choice was worth: the best play's expectation against this guess's, in guesses.
  const expected = element("p", "expected", "Guesses to finish: best play ");
  expected.append(element("b", "", figure(row.expected_before, 2)), ", with this guess ");
  expected.append(element("b", "", figure(row.expected_with_guess, 2)));
  if (row.cost !== null && row.cost !== undefined) {
    const sign = row.cost > 0 ? "+" : "";
    expected.append(element("span", "cost", ` (${sign}${row.cost.toFixed(2)})`));
  }
  item.append(head, codes, expected);
  if (row.best_guess && row.cost > 0) {
    const best = element("p", "best", "A best guess here: ");
    best.append(code(row.best_guess, labels, "pegs small"));
    item.append(best);
  }
  if (!row.exact) expected.append(" ", element("span", "badge estimate", "estimate"));
  return item;
}

export function renderReview(section, review, labels) {
  section.querySelector(".verdict").textContent = review.verdict;
  const against = review.strategy ? `Measured against the ${review.strategy} strategy` : "";
  section.querySelector(".strategy").textContent = against
    ? `${against}${review.exact ? "." : ", in estimates."}`
    : "";
  section.querySelector(".steps").replaceChildren(
    ...review.guesses.map((row) => step(row, labels, review.rules)),
  );
  section.querySelector(".unavailable").textContent = "";
}

export function reviewUnavailable(section, reason) {
  section.querySelector(".verdict").textContent = "";
  section.querySelector(".strategy").textContent = "";
  section.querySelector(".steps").replaceChildren();
  section.querySelector(".unavailable").textContent = `No review for this game: ${reason}`;
}
