// The statistics of the games played in this browser, kept in localStorage: a game counts
// once, when it ends; a game left for a new one before its end does not count.

const KEY = "mastermind.statistics";
const REMEMBERED = 50; // the ids of the last games counted, so that none counts twice

function fresh() {
  return { played: 0, won: 0, streak: 0, best: 0, wins: {}, counted: [] };
}

export function loadStatistics() {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY));
    if (saved && typeof saved.played === "number") return { ...fresh(), ...saved };
  } catch (_) {
    // An unreadable record starts afresh.
  }
  return fresh();
}

// Count a game that is over; answer whether it was news.
export function countGame(statistics, game) {
  if (statistics.counted.includes(game.id)) return false;
  statistics.counted = [...statistics.counted, game.id].slice(-REMEMBERED);
  statistics.played += 1;
  if (game.status === "won") {
    const guesses = game.attempts.used;
    statistics.won += 1;
    statistics.streak += 1;
    statistics.best = Math.max(statistics.best, statistics.streak);
    statistics.wins[guesses] = (statistics.wins[guesses] || 0) + 1;
  } else {
    statistics.streak = 0;
  }
  localStorage.setItem(KEY, JSON.stringify(statistics));
  return true;
}

function tally(label, value) {
  const item = document.createElement("div");
  item.className = "tally";
  const term = document.createElement("dt");
  term.textContent = label;
  const figure = document.createElement("dd");
  figure.textContent = String(value);
  item.append(figure, term);
  return item;
}

// ``latest``: the number of guesses of the win just counted, whose bar stands out.
export function renderStatistics(section, statistics, latest = null) {
  const tallies = section.querySelector(".tallies");
  tallies.replaceChildren(
    tally("played", statistics.played),
    tally("won", statistics.won),
    tally("current streak", statistics.streak),
    tally("best streak", statistics.best),
  );
  renderHistogram(section.querySelector(".histogram"), statistics.wins, latest);
}

// The daily record the server keeps for this player: apart from the other games.
export function renderDailyStats(list, stats) {
  list.replaceChildren(
    tally("played", stats.played),
    tally("won", stats.won),
    tally("daily streak", stats.streak),
    tally("best daily streak", stats.best_streak),
  );
}

// Bars of wins by guesses, ``wins`` as {guesses: count}; ``latest`` stands out.
export function renderHistogram(histogram, wins, latest = null) {
  const counts = Object.entries(wins).map(([guesses, count]) => [Number(guesses), count]);
  if (!counts.length) {
    const none = document.createElement("li");
    none.className = "none";
    none.textContent = "No game won yet.";
    histogram.replaceChildren(none);
    return;
  }
  const fewest = Math.min(...counts.map(([guesses]) => guesses));
  const most = Math.max(...counts.map(([guesses]) => guesses));
  const tallest = Math.max(...counts.map(([, count]) => count));
  const bars = [];
  for (let guesses = fewest; guesses <= most; guesses += 1) {
    const won = wins[guesses] || 0;
    const bar = document.createElement("li");
    bar.className = guesses === latest ? "bar latest" : "bar";
    bar.style.setProperty("--share", won / tallest);
    const label = document.createElement("span");
    label.className = "guesses";
    label.textContent = String(guesses);
    const fill = document.createElement("span");
    fill.className = "fill";
    fill.textContent = String(won);
    label.setAttribute("aria-hidden", "true");
    fill.setAttribute("aria-hidden", "true");
    const words = document.createElement("span");
    words.className = "visually-hidden";
    words.textContent = `${guesses} ${guesses === 1 ? "guess" : "guesses"}: `
      + `${won} ${won === 1 ? "win" : "wins"}`;
    bar.append(label, fill, words);
    bars.push(bar);
  }
  histogram.replaceChildren(...bars);
}
