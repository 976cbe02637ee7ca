// A game for two: a person sets the code for a friend, by the rules chosen under Options.
// The maker picks the secret with the same peg picker as a guess (taps, or the colours'
// keys), chooses a name to show and whether hints are allowed; the server answers the
// maker's token and an invite, a link whose fragment holds the game and the breaker's
// token. Opening it plays as the breaker.

import { api } from "./api.js";
import { learnColours } from "./pegs.js";
import { nextHole, renderHoles, renderPicker, view } from "./view.js";

// The game and the breaker's token an invite link carries in its fragment, which no
// browser sends to a server; read once, then taken out of the address bar and history.
export function invitation() {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const id = fragment.get("game");
  const token = fragment.get("token");
  if (!id || !token) return null;
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, "", pathname + search);
  return { id, token, role: "breaker" };
}

// Who set a friend's code, as the breaker reads it.
export function makerName(game) {
  return game.maker && game.maker.name ? game.maker.name : "A friend";
}

export function isFriendsGame(game) {
  return Boolean(game && game.maker && game.maker.kind === "person");
}

// The dialog where the maker sets the code. ``started(created)`` gets the server's answer.
export function setUpMaker({ options, act, started }) {
  const picker = { colours: [], row: [], target: null, labels: {}, keys: {}, body: {} };
  const handlers = { tapColour, tapHole };

  // Only the holes change as the secret is made: the palette, and the focus on it, stay.
  function draw() {
    renderHoles(view.makerCode, picker, handlers);
  }

  function open() {
    const { length, pegs, body, digits, blanks } = options();
    Object.assign(picker, learnColours(pegs), {
      colours: pegs, row: Array(length).fill(null), target: null, body,
    });
    const symbols = pegs.length - (blanks ? 1 : 0);
    const from = digits ? `${symbols} digits` : `${symbols} colours`;
    view.makerSize.textContent = `${length} pegs from ${from}${blanks ? " and the blank" : ""}`;
    view.makerError.textContent = "";
    renderPicker(view.makerCode, view.makerPalette, picker, handlers);
    view.makerDialog.showModal();
    view.makerPalette.querySelector("button").focus();
  }

  function tapColour(colour) {
    const hole = nextHole(picker);
    if (hole === null) {
      view.makerError.textContent = "Every hole is filled: tap a hole to change it.";
      return;
    }
    picker.row[hole] = colour;
    picker.target = null;
    view.makerError.textContent = "";
    draw();
  }

  function tapHole(hole) {
    if (picker.target === hole && picker.row[hole]) picker.row[hole] = null;
    else picker.target = hole;
    draw();
  }

  function erase() {
    const hole = picker.target !== null && picker.row[picker.target]
      ? picker.target
      : picker.row.findLastIndex(Boolean);
    if (hole >= 0) picker.row[hole] = null;
    picker.target = null;
    draw();
  }

  async function submit() {
    const body = {
      ...picker.body,
      length: picker.row.length, // a hole left empty is refused, not a shorter game
      secret: picker.row.filter(Boolean),
      hints: view.makerHints.checked,
    };
    const name = view.makerName.value.trim();
    if (name) body.maker_name = name;
    try {
      const created = await api("POST", "games", { body });
      view.makerDialog.close();
      started(created);
    } catch (error) {
      view.makerError.textContent = error.message;
    }
  }

  // The colours' keys type the secret, as they type a guess, wherever the focus is in the
  // dialog (or on the page behind, where a redrawn hole leaves it), but in a text field.
  function onKey(event) {
    if (!view.makerDialog.open || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target.closest("input")) return;
    const key = event.key;
    if (key === "Backspace" || key === "Delete") {
      event.preventDefault();
      erase();
    } else if (key.length === 1 && picker.keys[key.toLowerCase()]) {
      event.preventDefault();
      tapColour(picker.keys[key.toLowerCase()]);
    }
  }

  view.friend.addEventListener("click", open);
  view.makerCancel.addEventListener("click", () => view.makerDialog.close());
  document.addEventListener("keydown", onKey);
  view.makerForm.addEventListener("submit", (event) => {
    event.preventDefault();
    act(submit);
  });
  // A tap on a peg must not leave the focus there, where Enter would press it again.
  view.makerDialog.addEventListener("pointerdown", (event) => {
    if (event.target.closest(".peg")) event.preventDefault();
  });
  return { open };
}

// The invite link, copied for the maker to send; where the clipboard is out of reach (a
// page served over plain HTTP to another machine), the link is selected to copy by hand.
export async function copyInvite() {
  try {
    await navigator.clipboard.writeText(view.invite.value);
    return "The link is copied: send it to your friend.";
  } catch (_) {
    view.invite.focus();
    view.invite.select();
    return "Copy the selected link, and send it to your friend.";
  }
}
