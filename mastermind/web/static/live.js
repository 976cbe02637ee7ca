// Following a game as it is played: GET /games/{id}/events, read with fetch() so that the
// token travels in the Authorization header (an EventSource sends no header, and a token in
// the address would land in access logs), parsed as Server-Sent Events. The first message
// carries the whole board, each later one what its event changed. After a drop, or a
// "dropped" message from a server the page fell behind, the page asks again with
// Last-Event-ID, the last stream version it received, so that no event is lost or
// repeated, waiting longer after each attempt that fails.

const FIRST_WAIT = 500; // milliseconds before the first attempt to reconnect
const LONGEST_WAIT = 15_000;
const TERMINAL = new Set(["GameWon", "GameLost"]); // the server closes the stream after them
const NEVER = new Set([400, 401, 403, 404, 410]); // answers that asking again cannot change
const DROPPED = "dropped"; // the server ended a stream that fell behind; it has no id

// Follow the stream at ``path`` with ``token``: ``heard`` gets each message's data, parsed:
// the first holds a ``board``; each after it, what one event changed (see applied). A
// ``heard`` that answers BEHIND cannot lay the change on the board it shows: the stream
// begins again, with the whole board.
// Answers a function that stops following.
export function follow(path, token, heard) {
  const stop = new AbortController();
  run(path, token, heard, stop.signal);
  return () => stop.abort();
}

async function run(path, token, heard, signal) {
  let last = null;
  let wait = FIRST_WAIT;
  while (!signal.aborted) {
    let pause = wait;
    try {
      const headers = { Accept: "text/event-stream", Authorization: `Bearer ${token}` };
      if (last !== null) headers["Last-Event-ID"] = last;
      const response = await fetch(path, { headers, signal, cache: "no-store" });
      if (NEVER.has(response.status)) return;
      if (!response.ok) {
        // Too many streams from this address (429), or a busy server (503): as it says.
        const asked = Number(response.headers.get("Retry-After"));
        if (asked > 0) pause = Math.max(asked * 1000, wait);
      } else {
        for await (const message of messages(response.body)) {
          if (message.event === DROPPED) break; // fell behind: resume where it stopped
          if (message.id !== null) last = message.id;
          wait = FIRST_WAIT;
          if (heard(JSON.parse(message.data)) === BEHIND) {
            last = null; // the whole board again, from a stream begun afresh
            break;
          }
          if (TERMINAL.has(message.event)) return;
        }
      }
    } catch (error) {
      if (signal.aborted) return;
      // The connection dropped, or the server went away: ask again below.
    }
    await sleep(pause, signal);
    wait = Math.min(wait * 2, LONGEST_WAIT);
  }
}

function sleep(milliseconds, signal) {
  return new Promise((resolve) => {
    const timer = window.setTimeout(resolve, milliseconds);
    signal.addEventListener("abort", () => { window.clearTimeout(timer); resolve(); });
  });
}

// The messages of an event stream, as the HTML standard parses them: lines end in CR, LF
// or CRLF; a line starting with a colon is a comment, such as a heartbeat; an empty line
// ends a message, which is dispatched if it had data.
export async function* messages(body) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let message = blank();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      let text = buffer + value;
      // A CR at the end may be the first half of a CRLF: it waits for what follows.
      const held = text.endsWith("\r") ? "\r" : "";
      if (held) text = text.slice(0, -1);
      const lines = text.split(/\r\n|\r|\n/);
      buffer = lines.pop() + held; // the last piece is a line still coming
      for (const line of lines) {
        if (line === "") {
          if (message.data.length) yield { ...message, data: message.data.join("\n") };
          message = { ...blank(), id: message.id };
          continue;
        }
        if (line.startsWith(":")) continue;
        const colon = line.indexOf(":");
        const field = colon < 0 ? line : line.slice(0, colon);
        let value = colon < 0 ? "" : line.slice(colon + 1);
        if (value.startsWith(" ")) value = value.slice(1);
        if (field === "data") message.data.push(value);
        else if (field === "event") message.event = value;
        else if (field === "id" && !value.includes("\0")) message.id = value;
      }
    }
  } finally {
    // Read no further, as after the last event: the connection is let go.
    reader.cancel().catch(() => {});
  }
}

function blank() {
  return { id: null, event: "message", data: [] };
}

// The board that ``change``, a stream's message after its first, makes of ``board``, the
// game as it stood just before; null if the board is not that one, but further on, or
// behind, so that the change cannot be laid on it.
export const BEHIND = "behind";

// Whether ``board`` lacks events that came before ``change``, which applied cannot skip.
export function isBehind(board, change) {
  if (!change.attempts) return false;
  const rows = board.rows.length;
  return rows < (change.row ? change.attempts.used - 1 : change.attempts.used);
}

export function applied(board, change) {
  if (change.type === "NoteLeft") return { ...board, note: change.note };
  const used = change.attempts.used;
  const rows = board.rows.length;
  if (change.row ? rows !== used - 1 : rows !== used) return null;
  const next = { ...board, attempts: change.attempts, hints: change.hints };
  if (change.row) next.rows = [...board.rows, change.row];
  if (change.outcome) Object.assign(next, change.outcome);
  return next;
}
