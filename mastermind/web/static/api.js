// The HTTP API, as the page calls it: a refusal becomes an Error carrying the problem's
// detail, which the page shows as the server wrote it.

export async function api(method, path, { body, token } = {}) {
  const headers = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) {
    const error = new Error(answer.detail || `The server answered ${response.status}.`);
    error.status = response.status;
    throw error;
  }
  return answer;
}

export function gamePath(id, suffix = "") {
  return `games/${encodeURIComponent(id)}${suffix}`;
}
