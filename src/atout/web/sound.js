// Short sounds made by the page itself (Web Audio oscillators and a noise burst): nothing to
// download, nothing to license. Muting is remembered in localStorage.

const KEY = "atout.muted";
let ctx = null;
let muted = readMuted();

function readMuted() {
  try {
    return localStorage.getItem(KEY) === "1";
  } catch {
    return false;
  }
}

export function isMuted() {
  return muted;
}

export function setMuted(value) {
  muted = !!value;
  try {
    localStorage.setItem(KEY, muted ? "1" : "0");
  } catch {
    /* private mode: the choice lasts for this page only */
  }
}

/** Browsers start audio only after a gesture: called from the first click or key. */
export function unlock() {
  if (ctx || muted) return;
  const AC = window.AudioContext || window.webkitAudioContext;
  if (!AC) return;
  try {
    ctx = new AC();
  } catch {
    ctx = null;
  }
}

function tone(freq, start, length, { type = "sine", gain = 0.12 } = {}) {
  const o = ctx.createOscillator();
  const g = ctx.createGain();
  o.type = type;
  o.frequency.value = freq;
  const t0 = ctx.currentTime + start;
  g.gain.setValueAtTime(0.0001, t0);
  g.gain.exponentialRampToValueAtTime(gain, t0 + 0.012);
  g.gain.exponentialRampToValueAtTime(0.0001, t0 + length);
  o.connect(g).connect(ctx.destination);
  o.start(t0);
  o.stop(t0 + length + 0.02);
}

function snap(start = 0, gain = 0.25) {
  // A card put down: 40 ms of filtered noise.
  const n = Math.floor(ctx.sampleRate * 0.04);
  const buf = ctx.createBuffer(1, n, ctx.sampleRate);
  const data = buf.getChannelData(0);
  for (let i = 0; i < n; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / n) ** 3;
  const src = ctx.createBufferSource();
  src.buffer = buf;
  const f = ctx.createBiquadFilter();
  f.type = "bandpass";
  f.frequency.value = 1800;
  const g = ctx.createGain();
  g.gain.value = gain;
  src.connect(f).connect(g).connect(ctx.destination);
  src.start(ctx.currentTime + start);
}

const SOUNDS = {
  turn: () => {
    tone(660, 0, 0.18);
    tone(880, 0.12, 0.25);
  },
  play: () => snap(),
  deal: () => {
    for (let i = 0; i < 5; i++) snap(i * 0.07, 0.15);
  },
  win: () => [523, 659, 784, 1047].forEach((f, i) => tone(f, i * 0.11, 0.3, { type: "triangle" })),
  end: () => [392, 330, 262].forEach((f, i) => tone(f, i * 0.14, 0.3, { type: "triangle" })),
  refuse: () => tone(180, 0, 0.18, { type: "square", gain: 0.05 }),
};

/** Plays a named sound (turn, play, deal, win, end, refuse) unless muted. */
export function play(name) {
  if (muted || !ctx || !SOUNDS[name]) return;
  try {
    if (ctx.state === "suspended") ctx.resume();
    SOUNDS[name]();
  } catch {
    /* audio refused: stay silent */
  }
}
