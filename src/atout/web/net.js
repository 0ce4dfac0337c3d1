// The connection to the game master: one WebSocket, JSON messages, request ids matched to replies.
// Knows nothing of the page: every message goes to onMessage, the end of the socket to onClose.

export const PROTOCOL_VERSIONS = [1];

/** Every nonce this page gave (join, rematch): the result screen finds its own among the deal's. */
export const sentNonces = new Set();

/** A seat's contribution to the seed (docs/PROTOCOL.md "Fair deals"): 16 random bytes, hex. */
export function newNonce() {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A refusal from the game master (an "error" message answering a request). */
export class ServerError extends Error {
  constructor(body) {
    super(body.message);
    this.code = body.code;
    this.body = body;
  }
  text(lang) {
    return (lang === "fr" && this.body.message_fr) || this.body.message;
  }
}

/** The game master's URL: ?ws=... when given, else /ws on the page's own host. */
export function defaultUrl(loc = window.location) {
  const given = new URLSearchParams(loc.search).get("ws");
  if (given) return given;
  return `${loc.protocol === "https:" ? "wss:" : "ws:"}//${loc.host}/ws`;
}

export class Connection {
  /** Call open(), then request() as often as needed; close() ends it. */
  constructor(url, { onMessage, onClose }) {
    this.url = url;
    this.name = "";
    this.onMessage = onMessage;
    this.onClose = onClose;
    this.nextId = 1;
    this.waiting = new Map(); // request id -> {resolve, reject}
    this.ws = null;
    this.closedByUs = false;
  }

  /** Opens the socket and says hello; resolves with the welcome body. */
  async open(name, lang) {
    this.name = name;
    await new Promise((resolve, reject) => {
      let ws;
      try {
        ws = new WebSocket(this.url);
      } catch (e) {
        reject(e);
        return;
      }
      this.ws = ws;
      ws.onopen = () => resolve();
      ws.onerror = () => reject(new Error(`cannot reach ${this.url}`));
      ws.onmessage = (ev) => this._receive(ev.data);
      ws.onclose = (ev) => {
        const err = new Error("connection closed");
        for (const w of this.waiting.values()) w.reject(err);
        this.waiting.clear();
        reject(err);
        if (this.onClose) this.onClose(ev, this.closedByUs);
      };
    });
    this.ping = setInterval(() => this.send("ping", {}), 30000);
    return this.request("hello", {
      versions: PROTOCOL_VERSIONS,
      name,
      lang,
      texts: true,
      client: "atout-web/1",
    });
  }

  /** Sends a command; resolves with the reply carrying the same id, rejects on an error.
   * A join or rematch without a nonce gets one here. */
  request(cmd, body) {
    if ((cmd === "join" || cmd === "rematch") && body && body.nonce == null) body = { ...body, nonce: newNonce() };
    if (body && body.nonce) sentNonces.add(body.nonce);
    const id = this.send(cmd, body);
    return new Promise((resolve, reject) => this.waiting.set(id, { resolve, reject }));
  }

  send(cmd, body) {
    const id = this.nextId++;
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify({ cmd, from: this.name, to: "gm", id, body }));
    }
    return id;
  }

  close() {
    this.closedByUs = true;
    clearInterval(this.ping);
    if (this.ws) this.ws.close(1000);
  }

  _receive(data) {
    let msg;
    try {
      msg = JSON.parse(data);
    } catch {
      return;
    }
    // The page sees every message first (an update answering a move is also a table event).
    if (this.onMessage) this.onMessage(msg);
    if (msg.id != null && this.waiting.has(msg.id)) {
      const w = this.waiting.get(msg.id);
      this.waiting.delete(msg.id);
      if (msg.cmd === "error") w.reject(new ServerError(msg.body));
      else w.resolve(msg);
    }
  }
}
