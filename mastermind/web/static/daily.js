// The daily code: one secret a day (UTC), the same for every player, one game each and no
// hints. The server knows this browser's player by a cookie no script can read; the game is
// then played as any other, with its own token. Once it is over, its result can be shared:
// its number, a line of marks a guess, black and white, no colour, and the link to its day.
// Nobody sees the day's secret before the day is over in UTC, not even its players.

import { api } from "./api.js";
import { renderDailyStats, renderHistogram } from "./stats.js";
import { outcomeText, say, view } from "./view.js";

const STORAGE_KEY = "mastermind.game";
const DAILY_ID = /^daily-(\d{4}-\d{2}-\d{2})-/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const panel = {
  section: document.getElementById("daily-play").closest("section"),
  play: document.getElementById("daily-play"),
  number: document.getElementById("daily-number"),
  streaks: document.getElementById("daily-streaks"),
  countdown: document.getElementById("daily-countdown"),
  results: document.getElementById("daily-results"),
  secret: document.getElementById("daily-secret"),
  histogram: document.getElementById("daily-histogram"),
  share: document.getElementById("daily-share"),
};
// Shown beside "New game" once a daily game is over.
const shareButton = document.createElement("button");
shareButton.type = "button";
shareButton.id = "share";
shareButton.textContent = "Share";
let shared = null; // the id of the game whose result is shown
let nextCode = null; // when the next code comes, as a Date
let renewed = null; // the next_code_at the panel was last renewed for, once it passed
let ticking = null;

function savedId() {
  try {
    return JSON.parse(localStorage.getItem(STORAGE_KEY)).id || "";
  } catch (_) {
    return "";
  }
}

// Whether a game's id is a daily game's.
export function isDailyGame(id) {
  return DAILY_ID.test(id || "");
}

// ``reload`` shows the game saved in localStorage, as a visit does; ``loaded`` settles once
// the visit's own game is shown, after which a link to a day may show that day instead;
// ``leave`` asks, where a game in play would be left, before going on.
export function installDaily(reload, loaded = Promise.resolve(), leave = (next) => next()) {
  panel.play.addEventListener("click", () => leave(() => playToday(reload)));
  shareButton.addEventListener("click", copyResult);
  new MutationObserver(outcomeChanged).observe(view.outcome, {
    attributes: true, attributeFilter: ["hidden"],
  });
  const linked = new URLSearchParams(location.search).get("daily");
  showResults();
  showStats();
  if (linked && DAY.test(linked)) loaded.then(() => openDay(linked));
}

async function playToday(reload) {
  try {
    const game = await api("POST", "daily");
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ id: game.id, token: game.token }));
    document.body.classList.remove("celebrating");
    view.review.hidden = true;
    shared = null; // shown afresh, even if it was shown before another game
    await reload();
    if (game.status === "in progress") {
      say(`Mastermind #${game.number}, the daily code of ${game.day}: the same secret for `
        + "every player today, no hints.");
    } else {
      showFinished(game);
    }
    showResults(game.day);
    showStats(game.stats);
  } catch (error) {
    say(error.message, "error");
  }
}

// A link to a day shows that day and starts nothing: whoever opens it only to look makes no
// player and no game. Today's shows its panel, with its results so far and the button to play
// it, or this browser's game of the day if it has one; an earlier day's shows its results and
// its secret; a later day's says that its code is not out yet.
async function openDay(day) {
  try {
    const today = (await api("GET", "daily/stats")).day;
    if (day > today) {
      panel.section.scrollIntoView({ block: "start" });
      say(`The daily code of ${day} is not out yet: it comes at 00:00 UTC that day.`);
      return;
    }
    const results = await api("GET", `daily/results?day=${day}`);
    showResults(day, results);
    panel.section.scrollIntoView({ block: "start" });
    if (results.secret) {
      say(`Mastermind #${results.number} of ${day} is over: its secret was `
        + `${results.secret.join(" ")}.`);
      return;
    }
    const mine = savedId().match(DAILY_ID);
    if (mine && mine[1] === day) return; // this browser's game of the day is on screen
    panel.play.textContent = "Play today's code";
    const players = results.players === 1 ? "1 player" : `${results.players} players`;
    say(`Mastermind #${results.number}, the daily code of ${day}: ${players} so far. `
      + "Play today's code to try it: the same secret for every player, no hints.");
  } catch (error) {
    say(error.message, "error");
  }
}

// A game ended, or another began: the daily game's result is shown while it is on screen.
async function outcomeChanged() {
  const id = savedId();
  const over = !view.outcome.hidden && DAILY_ID.test(id);
  if (!over) {
    shareButton.remove();
    return;
  }
  if (shared === id && shareButton.isConnected) return;
  shared = id;
  try {
    // Asking for the day's game again answers this one, now with its result, even once
    // the day has turned.
    const game = await api("POST", "daily", { body: { day: id.match(DAILY_ID)[1] } });
    if (game.id !== id || !game.share) return;
    showFinished(game);
    showResults(game.day);
    showStats(game.stats);
  } catch (error) {
    shared = null;
    say(error.message, "error");
  }
}

// A daily game that is over: how it ended, when its secret shows, and its result to share.
function showFinished(game) {
  shared = game.id;
  panel.share.textContent = `${game.share}\n${new URL(game.link, location.origin).href}`;
  panel.share.hidden = false;
  view.outcome.querySelector(".actions").prepend(shareButton);
  if (game.secret_notice) say(`${outcomeText(game)} ${game.secret_notice}`, "lost");
  else if (game.status === "won") say(`${outcomeText(game)} Share your result!`, "won");
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

async function showResults(day, known = null) {
  try {
    const results = known || await api("GET", day ? `daily/results?day=${day}` : "daily/results");
    const players = results.players === 1 ? "1 player" : `${results.players} players`;
    panel.results.textContent = `#${results.number}, ${results.day}: ${players}, `
      + `${results.wins} won, ${results.losses} lost.`;
    panel.secret.hidden = !results.secret;
    panel.secret.textContent = results.secret ? `The secret was ${results.secret.join(" ")}.` : "";
    renderHistogram(panel.histogram, results.histogram);
  } catch (error) {
    panel.results.textContent = "";
    // A server whose key would not outlive it offers no daily code: no panel, then.
    if (error.status === 404) panel.section.hidden = true;
  }
}

// This player's daily record, and the countdown to the next code.
async function showStats(known = null) {
  try {
    const stats = known || await api("GET", "daily/stats");
    panel.number.textContent = `Today: Mastermind #${stats.number}`;
    renderDailyStats(panel.streaks, stats);
    nextCode = new Date(stats.next_code_at);
    tick();
    ticking ||= window.setInterval(tick, 1000);
  } catch (_) {
    // No record to show: the results say why, if the daily code is missing.
  }
}

function tick() {
  if (!nextCode) return;
  const left = Math.max(0, Math.floor((nextCode - Date.now()) / 1000));
  const hours = Math.floor(left / 3600);
  const minutes = String(Math.floor((left % 3600) / 60)).padStart(2, "0");
  const seconds = String(left % 60).padStart(2, "0");
  panel.countdown.textContent = `Next code in ${hours}:${minutes}:${seconds} (00:00 UTC)`;
  if (left === 0 && renewed !== nextCode.getTime()) {
    // A new day: its number, its results, and a streak that may have ended; once only,
    // should the server's clock lag behind this one.
    renewed = nextCode.getTime();
    window.setTimeout(() => { showStats(); showResults(); }, 1500);
  }
}
