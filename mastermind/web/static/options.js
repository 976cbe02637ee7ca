// The options of the next game: which member of the family, its length and its colours,
// remembered in localStorage from one visit to the next. The presets are the server's
// own (GET rules): picking one sets the length and colours to its own; changing them
// after makes rules of one's own, which the server starts all the same.

import { api } from "./api.js";
import { BLANK } from "./pegs.js";
import { view } from "./view.js";

const STORAGE_KEY = "mastermind.options";
let PRESETS = {};

const isDigits = (rules) => rules.symbols.every((symbol) => /^[0-9]$/.test(symbol));

// Every colour a preset uses, in the order the presets list them: what "colours" counts.
function palette() {
  const colours = Object.values(PRESETS).filter((rules) => !isDigits(rules));
  return [...new Set(colours.flatMap((rules) => rules.symbols))];
}

function preset() {
  return PRESETS[view.rules.value] ? view.rules.value : "classic";
}

function digits() {
  const chosen = PRESETS[preset()];
  return Boolean(chosen) && isDigits(chosen);
}

// Set the length and colours to the preset's; digits come in one set only.
function fitPreset() {
  const chosen = PRESETS[preset()];
  if (!chosen) return;
  view.length.value = String(chosen.length);
  if (!digits()) view.colours.value = String(chosen.symbols.length);
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

function offer(presets) {
  PRESETS = Object.fromEntries(presets.map((rules) => [rules.name, rules]));
  view.rules.replaceChildren(...presets.map((rules) => new Option(rules.title, rules.name)));
  view.rules.value = "classic";
}

export async function installOptions() {
  view.rules.addEventListener("change", () => { fitPreset(); remember(); });
  view.length.addEventListener("change", remember);
  view.colours.addEventListener("change", remember);
  try {
    offer((await api("GET", "rules")).presets);
  } catch (_) {
    return; // Without the server's presets, the next game is the classic one.
  }
  recall();
  view.colours.disabled = digits();
}

// The next game as chosen: the body that starts it, and the pegs and length of its codes,
// for the code maker's picker. Only what differs from the preset is sent besides its name.
export function chosenSetup() {
  const rules = preset();
  const length = Number(view.length.value);
  const chosen = PRESETS[rules];
  if (!chosen) return { body: { rules }, length, pegs: [], digits: false, blanks: false };
  const symbols = digits() ? chosen.symbols : palette().slice(0, Number(view.colours.value));
  const body = { rules };
  if (length !== chosen.length) body.length = length;
  if (symbols.length !== chosen.symbols.length) body.colours = symbols;
  const pegs = chosen.blanks ? [...symbols, BLANK] : symbols;
  return { body, length, pegs, digits: digits(), blanks: chosen.blanks };
}
