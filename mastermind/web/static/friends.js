// A game for two, as the page plays it: the maker's view of the code they set, the end they
// may call, and the live stream that the maker's page and every tab of the breaker follow.

import { gamePath } from "./api.js";
import { applied, BEHIND, follow, isBehind } from "./live.js";
import { copyInvite, isFriendsGame, makerName, setUpMaker } from "./maker.js";
import { answerText } from "./pegs.js";
import { inPlay, say, view } from "./view.js";

// ``page``: the page's state, and what the page does with a board (show, ended, save, draw),
// with a call on the game (call), with an action (act), and the setup of the next game.
export function installFriends(page) {
  const { state } = page;
  let unfollow = null;

  // The maker's code is set: the page watches the game, with the link for the breaker.
  function codeSet(created) {
    document.body.classList.remove("celebrating");
    state.token = created.token;
    // The server answers a link relative to the page unless told its public address: made
    // absolute here, on the address this page was opened at, it opens on another machine.
    state.invite = new URL(created.invite.url, location.href).href;
    page.show(created);
    page.save();
    view.review.hidden = true;
    say("Your code is set. Send your friend the link: their guesses show here as they come.");
    page.draw();
    view.copyInvite.focus();
  }

  async function endGame() {
    if (!inPlay(state.game) || state.role !== "maker") return;
    page.show(await page.call("POST", "/end"));
    page.ended(true);
  }

  // A message of the game's stream: the board it holds, or the one its change makes of
  // the board shown, replaces the one shown if it is further on. A change that the board
  // shown is too far behind to take asks for the whole board again.
  function heard(gameId, message) {
    const shown = state.game;
    if (!shown || shown.id !== gameId) return;
    const board = message.board ?? applied(shown, message);
    if (!board) return isBehind(shown, message) ? BEHIND : undefined;
    if (board.id !== shown.id) return;
    const noted = board.note && board.note !== shown.note;
    if (progress(board) <= progress(shown) && !noted) return;
    page.show(board);
    if (!inPlay(board)) {
      page.ended(true);
    } else if (board.rows.length > shown.rows.length) {
      const last = board.rows[board.rows.length - 1];
      say(`Guess ${board.rows.length}: ${answerText(last, board.rules)}.`);
    } else if (noted) {
      say(`${makerName(board)} leaves a note: ${board.note}`);
    }
    page.draw();
  }

  // Follow the game shown, if a person set it and it is in play. A game against the
  // computer changes only when its player plays: it holds no stream open.
  function followGame() {
    if (unfollow) unfollow();
    unfollow = null;
    const game = state.game;
    if (inPlay(game) && isFriendsGame(game)) {
      unfollow = follow(gamePath(game.id, "/events"), state.token, (message) =>
        heard(game.id, message),
      );
    }
  }

  view.endGame.addEventListener("click", () => view.endDialog.showModal());
  view.endDialog.addEventListener("close", () => {
    if (view.endDialog.returnValue === "end") page.act(endGame);
    view.endDialog.returnValue = "";
  });
  view.copyInvite.addEventListener("click", async () => say(await copyInvite()));
  setUpMaker({ options: page.setup, act: page.act, started: codeSet });
  // An invite opened in a tab already on the page.
  window.addEventListener("hashchange", () => {
    if (new URLSearchParams(window.location.hash.slice(1)).has("token")) page.act(page.resume);
  });
  return { followGame };
}

// How far a game has gone: a row for each guess, and one step more once it is over.
function progress(board) {
  return board.rows.length * 2 + (inPlay(board) ? 0 : 1);
}
