// The connection to the game master: one WebSocket, JSON messages, request ids matched to replies.
// Knows nothing of the page: every message goes to onMessage, the end of the socket to onClose.

export const PROTOCOL_VERSIONS = [1];

/** Every nonce this page committed to (join, quick_play, rematch): the result screen finds its own
 * among the deal's. */
export const sentNonces = new Set();

/** A seat's contribution to the seed (docs/PROTOCOL.md "Fair deals"): 16 random bytes, hex. */
export function newNonce() {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
  0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
  0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

/** SHA-256 of ``text`` (UTF-8) as 64 hex digits, synchronously and in any page: the browser's
 * crypto.subtle exists only in secure contexts (https, localhost), and a game master on a LAN
 * address is served over plain http. Fast enough for the few hashes of a deal (FIPS 180-4). */
export function sha256Hex(text) {
  const data = new TextEncoder().encode(text);
  const words = new Uint32Array((((data.length + 8) >> 6) + 1) * 16);
  for (let i = 0; i < data.length; i++) words[i >> 2] |= data[i] << (24 - 8 * (i & 3));
  words[data.length >> 2] |= 0x80 << (24 - 8 * (data.length & 3));
  words[words.length - 1] = data.length * 8; // messages under 512 MiB: the high word stays 0
  const h = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  const w = new Uint32Array(64);
  const rot = (x, n) => (x >>> n) | (x << (32 - n));
  for (let at = 0; at < words.length; at += 16) {
    for (let t = 0; t < 64; t++) {
      if (t < 16) w[t] = words[at + t];
      else {
        const a = w[t - 15], b = w[t - 2];
        w[t] = w[t - 16] + (rot(a, 7) ^ rot(a, 18) ^ (a >>> 3)) + w[t - 7] + (rot(b, 17) ^ rot(b, 19) ^ (b >>> 10));
      }
    }
    let [a, b, c, d, e, f, g, k] = h;
    for (let t = 0; t < 64; t++) {
      const t1 = k + (rot(e, 6) ^ rot(e, 11) ^ rot(e, 25)) + ((e & f) ^ (~e & g)) + K[t] + w[t];
      const t2 = (rot(a, 2) ^ rot(a, 13) ^ rot(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
      [k, g, f, e, d, c, b, a] = [g, f, e, (d + t1) >>> 0, c, b, a, (t1 + t2) >>> 0];
    }
    [a, b, c, d, e, f, g, k].forEach((x, i) => { h[i] = (h[i] + x) >>> 0; });
  }
  return Array.from(h, (x) => x.toString(16).padStart(8, "0")).join("");
}

/** What a seat sends instead of its nonce: sha256("atout-nonce:" + nonce). */
export function nonceCommitment(nonce) {
  return sha256Hex("atout-nonce:" + nonce);
}

// The nonces this tab committed to, by commitment, kept across a reload (a reload while the
// table asks for them must still be able to answer), and the seats' commitments each one was
// revealed against (once: a game master that changed a seat after it gets no second reveal).
const NONCES_KEY = "atout.nonces";

function loadNonces() {
  try {
    return new Map(JSON.parse(sessionStorage.getItem(NONCES_KEY) || "[]"));
  } catch {
    return new Map();
  }
}

const committed = loadNonces(); // commitment -> {nonce, to: the commitments revealed against}
for (const { nonce } of committed.values()) sentNonces.add(nonce);

function saveNonces() {
  try {
    sessionStorage.setItem(NONCES_KEY, JSON.stringify([...committed].slice(-50)));
  } catch {
    // private mode: the nonces live as long as the page
  }
}

/** A fresh nonce, kept; its commitment to send with the seat. */
function commit() {
  const nonce = newNonce();
  const c = nonceCommitment(nonce);
  committed.set(c, { nonce, to: null });
  sentNonces.add(nonce);
  saveNonces();
  return c;
}

/** Whether the deal ``game_over`` (or ``started``) body ``o`` shows is the one every commitment
 * fixed, as seen from ``seat`` (docs/PROTOCOL.md "Fair deals"): the secret against its
 * commitment, every nonce against its seat's commitment, the seed against the secret and the
 * nonces; our seat holds the nonce this page committed to, and the seats' commitments are the
 * ones it revealed against. A table of format 1 (no secret): sha256("atout-seed:" + seed). */
export function dealIsFair(o, seat) {
  if (!o.secret) return sha256Hex("atout-seed:" + o.seed) === o.commitment;
  const nonces = o.nonces || [];
  const commits = o.commitments || [];
  if (sha256Hex("atout-secret:" + o.secret) !== o.commitment) return false;
  if (sha256Hex("atout-seed/2:" + [o.secret, ...nonces].join(":")) !== o.seed) return false;
  if (commits.some((c, i) => c != null && nonceCommitment(nonces[i] || "") !== c)) return false;
  // a seat without a commitment (a bot, or a client trusting the game master): the nonce the
  // secret fixes, so that it could not have been ground after the players' reveals
  const fixed = (i) => sha256Hex(`atout-bot-nonce:${o.secret}:${i}`).slice(0, 32);
  if (commits.some((c, i) => c == null && nonces[i] !== fixed(i))) return false;
  if (seat == null) return true;
  const mine = nonces[seat];
  const ours = (commits[seat] != null && committed.get(commits[seat])) || [...committed.values()].find((x) => x.nonce === mine);
  if (ours) return ours.nonce === mine && (!ours.to || JSON.stringify(ours.to) === JSON.stringify(commits));
  return sentNonces.size === 0 || sentNonces.has(mine);
}

/** A refusal from the game master (an "error" message answering a request). */
export class ServerError extends Error {
  constructor(body) {
    super(body.message);
    this.code = body.code;
    this.body = body;
  }
  text(lang) {
    // message_<lang> for the languages the game master writes its errors in besides English,
    // else the text in the language of the hello
    return this.body[`message_${lang}`] || this.body.text || this.body.message;
  }
}

/** The game master's URL: ?ws=... when given, else /ws on the page's own host. */
export function defaultUrl(loc = window.location) {
  return defaultUrls(loc)[0];
}

/** The game master's addresses: ``?ws=`` may name several nodes ("wss://a/ws,wss://b/ws"), tried
 *  in turn when one stops answering; by default the page's own server. */
export function defaultUrls(loc = window.location) {
  const given = new URLSearchParams(loc.search).get("ws");
  const urls = (given || "").split(",").map((u) => u.trim()).filter((u) => /^wss?:\/\//.test(u));
  return urls.length ? urls : [`${loc.protocol === "https:" ? "wss:" : "ws:"}//${loc.host}/ws`];
}

/** Refusals that did nothing and say when to send again (a node or the database away, a rate). */
export const RETRYABLE = new Set(["node.unavailable", "store.unavailable", "limit.rate"]);

// A ping this often (ms); nothing received for 2.5 of them (10 s): the game master is gone
// (frozen, paused, cut off), and the socket is given up at once rather than waited on for ever.
const HEARTBEAT_MS = 4000;

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
    this.revealing = new Set(); // commitments whose reveal is on its way
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
        clearInterval(this.ping);
        const err = new Error("connection closed");
        for (const w of this.waiting.values()) w.reject(err);
        this.waiting.clear();
        reject(err);
        if (this.onClose) this.onClose(ev, this.closedByUs);
      };
    });
    const beat = globalThis.ATOUT_HEARTBEAT_MS || HEARTBEAT_MS;
    this.lastRx = performance.now();
    this.ping = setInterval(() => this._beat(beat), beat);
    return this.request("hello", {
      versions: PROTOCOL_VERSIONS,
      name,
      lang,
      texts: true,
      client: "atout-web/1",
    });
  }

  /** Sends a command; resolves with the reply carrying the same id, rejects on an error.
   * A seat taken (join, quick_play, a rematch vote) without a commitment gets one here. */
  request(cmd, body) {
    const seats = cmd === "join" || cmd === "quick_play" || cmd === "rematch";
    if (seats && body && body.nonce_commitment == null) body = { ...body, nonce_commitment: commit() };
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

  /** Answers the game master's ``reveal`` for our seat: the nonce we committed to, once, and only
   * against the seats' commitments of the first ask. */
  _reveal(ask) {
    (ask.commitments || []).forEach((c, seat) => {
      const ours = c != null ? committed.get(c) : null;
      if (!ours || !(ask.pending || []).includes(seat) || this.revealing.has(c)) return;
      if (ours.to && JSON.stringify(ours.to) !== JSON.stringify(ask.commitments)) {
        console.warn("the seats changed after this page revealed its nonce: not again");
        return;
      }
      ours.to = ask.commitments;
      saveNonces();
      this.revealing.add(c);
      const done = () => this.revealing.delete(c);
      this.request("reveal", { table: ask.table, nonce: ours.nonce }).then(done, done);
    });
  }

  /** A ping, unless nothing came for 2.5 beats: then the socket is given up (its close event,
   *  from a peer that answers nothing, could take minutes), as if it had closed. */
  _beat(beat) {
    if (performance.now() - this.lastRx <= 2.5 * beat) {
      this.send("ping", {});
      return;
    }
    const ws = this.ws;
    const onclose = ws.onclose;
    ws.onclose = ws.onmessage = null;
    try {
      ws.close(4000, "no answer");
    } catch {
      /* already closing */
    }
    onclose({ code: 1006, reason: "no answer" });
  }

  _receive(data) {
    this.lastRx = performance.now();
    let msg;
    try {
      msg = JSON.parse(data);
    } catch {
      return;
    }
    if (msg.cmd === "reveal" && msg.from === "gm" && msg.body) this._reveal(msg.body);
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
