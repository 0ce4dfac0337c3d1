// The game master's JSON API (docs/API.md) from the page: one function, and its refusals in the
// same shape as the WebSocket's errors.

/** A refusal of the JSON API, in the same shape as the WebSocket's errors. */
export class ApiError extends Error {
  constructor(status, body) {
    const e = (body && body.error) || { code: "http." + status, message: `HTTP ${status}` };
    super(e.message);
    this.status = status;
    this.code = e.code;
    this.body = e;
  }
  text(lang) {
    return this.body[`message_${lang}`] || this.body.text || this.body.message; // the API sends message_fr beside message
  }
}

/** GET (or POST with ``body``) a path of the API; resolves with the JSON, rejects with ApiError. */
export async function api(path, body = undefined, method = undefined) {
  const init = { method: method || (body === undefined ? "GET" : "POST"), credentials: "same-origin", headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const base = window.atoutHttpBase || "";
  const r = await fetch(base + path, init);
  if (r.status === 204) return null;
  let data = null;
  try {
    data = await r.json();
  } catch {
    data = null;
  }
  if (!r.ok) throw new ApiError(r.status, data);
  return data;
}
