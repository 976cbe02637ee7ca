// The daily code: one secret a day (UTC), the same for every player, one game each and no
// hints. The server knows this browser's player by a cookie no script can read; the game is
// then played as any other, with its own token. Once it is over, its result can be shared:
// a line of marks a guess, black and white, and no colour.

import { api } from "./api.js";
import { renderHistogram } from "./stats.js";
import { say, view } from "./view.js";

const STORAGE_KEY = "mastermind.game";
const DAILY_ID = /^daily-(\d{4}-\d{2}-\d{2})-/;

const panel = {
  play: document.getElementById("daily-play"),
  results: document.getElementById("daily-results"),
  histogram: document.getElementById("daily-histogram"),
  share: document.getElementById("daily-share"),
};
// Shown beside "New game" once a daily game is over.
const shareButton = document.createElement("button");
shareButton.type = "button";
shareButton.id = "share";
shareButton.textContent = "Share";
let shared = null; // the id of the game whose result is shown

function savedId() {
  try {
    return JSON.parse(localStorage.getItem(STORAGE_KEY)).id || "";
  } catch (_) {
    return "";
  }
}

// ``reload`` shows the game saved in localStorage, as a visit does.
export function installDaily(reload) {
  panel.play.addEventListener("click", async () => {
    try {
      const game = await api("POST", "daily");
      localStorage.setItem(STORAGE_KEY, JSON.stringify({ id: game.id, token: game.token }));
      document.body.classList.remove("celebrating");
      view.review.hidden = true;
      await reload();
      if (game.status === "in progress") {
        say(`The daily code of ${game.day}: the same secret for every player today, no hints.`);
      }
      showResults(game.day);
    } catch (error) {
      say(error.message, "error");
    }
  });
  shareButton.addEventListener("click", copyResult);
  new MutationObserver(outcomeChanged).observe(view.outcome, {
    attributes: true, attributeFilter: ["hidden"],
  });
  showResults();
}

// A game ended, or another began: the daily game's result is shown while it is on screen.
async function outcomeChanged() {
  const id = savedId();
  const over = !view.outcome.hidden && DAILY_ID.test(id);
  if (!over) {
    shareButton.remove();
    return;
  }
  if (shared === id) return;
  shared = id;
  try {
    // Asking for the day's game again answers this one, now with its result, even once
    // the day has turned.
    const game = await api("POST", "daily", { body: { day: id.match(DAILY_ID)[1] } });
    if (game.id !== id || !game.share) return;
    panel.share.textContent = game.share;
    panel.share.hidden = false;
    view.outcome.querySelector(".actions").prepend(shareButton);
    showResults(game.day);
  } catch (error) {
    shared = null;
    say(error.message, "error");
  }
}

async function copyResult() {
  const text = panel.share.textContent;
  try {
    await navigator.clipboard.writeText(text);
    say("Your result is copied: paste it anywhere. It shows no colour.");
  } catch (_) {
    getSelection().selectAllChildren(panel.share);
    say("Copy your result from the daily code panel: it is selected.");
  }
}

async function showResults(day) {
  try {
    const results = await api("GET", day ? `daily/results?day=${day}` : "daily/results");
    const players = results.players === 1 ? "1 player" : `${results.players} players`;
    panel.results.textContent =
      `${results.day}: ${players}, ${results.wins} won, ${results.losses} lost.`;
    renderHistogram(panel.histogram, results.histogram);
  } catch (error) {
    panel.results.textContent = "";
    // A server whose key would not outlive it offers no daily code: no panel, then.
    if (error.status === 404) panel.play.closest("section").hidden = true;
  }
}
