// The options of the next game: which member of the family, its length and its colours,
// remembered in localStorage from one visit to the next. Picking a preset sets the length
// and colours to its own; changing them after makes rules of one's own, which the server
// starts all the same.

import { BLANK } from "./pegs.js";
import { view } from "./view.js";

const STORAGE_KEY = "mastermind.options";
const CLASSIC = ["Red", "Green", "Blue", "Yellow", "Purple", "Orange"];
const MORE = ["Cyan", "White"];
const DIGITS = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"];

// Each preset's length and symbols, as the server's rules have them.
const PRESETS = {
  classic: { length: 4, symbols: CLASSIC },
  super: { length: 5, symbols: [...CLASSIC, ...MORE] },
  "bulls-and-cows": { length: 4, symbols: DIGITS },
  "black-peg": { length: 4, symbols: CLASSIC },
  blanks: { length: 4, symbols: CLASSIC, blanks: true },
  unique: { length: 4, symbols: CLASSIC },
};

function preset() {
  return PRESETS[view.rules.value] ? view.rules.value : "classic";
}

function digits() {
  return PRESETS[preset()].symbols === DIGITS;
}

// Set the length and colours to the preset's; digits come in one set only.
function fitPreset() {
  const { length, symbols } = PRESETS[preset()];
  view.length.value = String(length);
  if (!digits()) view.colours.value = String(symbols.length);
  view.colours.disabled = digits();
}

function remember() {
  const { rules, length, colours } = view;
  const chosen = { rules: rules.value, length: length.value, colours: colours.value };
  localStorage.setItem(STORAGE_KEY, JSON.stringify(chosen));
}

function recall() {
  let saved = null;
  try {
    saved = JSON.parse(localStorage.getItem(STORAGE_KEY));
  } catch (_) {
    // Options that cannot be read are the defaults.
  }
  if (!saved || !PRESETS[saved.rules]) return;
  view.rules.value = saved.rules;
  fitPreset();
  for (const name of ["length", "colours"]) {
    const select = view[name];
    if ([...select.options].some((option) => option.value === saved[name])) {
      select.value = saved[name];
    }
  }
}

export function installOptions() {
  recall();
  view.colours.disabled = digits();
  view.rules.addEventListener("change", () => { fitPreset(); remember(); });
  view.length.addEventListener("change", remember);
  view.colours.addEventListener("change", remember);
}

// The next game as chosen: the body that starts it, and the pegs and length of its codes,
// for the code maker's picker. Only what differs from the preset is sent besides its name.
export function chosenSetup() {
  const rules = preset();
  const chosen = PRESETS[rules];
  const length = Number(view.length.value);
  const symbols = digits() ? DIGITS : [...CLASSIC, ...MORE].slice(0, Number(view.colours.value));
  const body = { rules };
  if (length !== chosen.length) body.length = length;
  if (symbols.length !== chosen.symbols.length) body.colours = symbols;
  const pegs = chosen.blanks ? [...symbols, BLANK] : symbols;
  return { body, length, pegs, digits: digits(), blanks: Boolean(chosen.blanks) };
}
