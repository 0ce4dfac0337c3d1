// Playing-card faces and backs as SVG strings, drawn here (no third-party art): pips where real
// French and English cards put them, big indices in the four corners (readable on a card 56 px
// wide), framed court figures mirrored top and bottom, two Jokers. No ids, scripts or outside
// references, so any number of cards can sit inline in one page. Same input, same string.

const RED = "#c62828";
const BLACK = "#1a1a1a";
const GOLD = "#e3a72f";
const SKIN = "#f9dfc4";
const FONT = `font-family="Arial,Helvetica,'Liberation Sans',sans-serif" font-weight="700"`;
const CODE = /^(?:(10|[2-9AJQK])([CDHS])|JK([12]))(?:#\d)?$/;

// The four suits, each centred on 0,0 (its bounding box) and about 100 units across.
const SUIT = {
  H: "M0 47C-8 31-50 9-50-18C-50-36-37-47-24-47C-12-47-4-40 0-30C4-40 12-47 24-47C37-47 50-36 50-18C50 9 8 31 0 47Z",
  D: "M0-50Q17-22 38 0Q17 22 0 50Q-17 22-38 0Q-17-22 0-50Z",
  S: "M0-50C6-34 48-14 48 12C48 29 36 38 23 38C13 38 6 33 3 28C4 38 9 45 17 50H-17C-9 45-4 38-3 28C-6 33-13 38-23 38C-36 38-48 29-48 12C-48-14-6-34 0-50Z",
  C: "M-21-27.5a21 21 0 1 0 42 0a21 21 0 1 0-42 0ZM-44 6.5a21 21 0 1 0 42 0a21 21 0 1 0-42 0ZM2 6.5a21 21 0 1 0 42 0a21 21 0 1 0-42 0ZM0-27.5L-23 6.5H23ZM-3 8.5Q-3 38.5-17 48.5H17Q3 38.5 3 8.5Z",
};
const SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
const STAR = "M0-50L12-16L48-15L19 6L29 40L0 20L-29 40L-19 6L-48-15L-12-16Z";

// Pips of 2 to 10: [rows of the two side columns, rows of the centre column], in twelfths of
// the pip field from top (0) to bottom (12), as on real cards; the lower half is drawn upside down.
const PIPS = {
  2: [[], [0, 12]],
  3: [[], [0, 6, 12]],
  4: [[0, 12], []],
  5: [[0, 12], [6]],
  6: [[0, 6, 12], []],
  7: [[0, 6, 12], [3]],
  8: [[0, 6, 12], [3, 9]],
  9: [[0, 4, 8, 12], [6]],
  10: [[0, 4, 8, 12], [2, 10]],
};
const LEFT = 84;
const RIGHT = 166;
const TOP = 68;
const FIELD = 214; // from the top row of pips to the bottom one

const n = (x) => +x.toFixed(1);
const svg = (body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" class="card-svg" viewBox="0 0 250 350">${body}</svg>`;
const turn = (body) => `<g transform="rotate(180 125 175)">${body}</g>`;
const mirrored = (half) => half + turn(half);

function pip(suit, x, y, scale, cls = "", flip = y > 175) {
  const c = cls ? ` class="${cls}"` : "";
  const r = flip ? " rotate(180)" : "";
  return `<path${c} d="${SUIT[suit]}" transform="translate(${n(x)} ${n(y)})${r} scale(${scale})"/>`;
}

// One corner's drawing (made for the top left) in all four corners, the lower two upside down.
function corners(one) {
  const two = one + `<g transform="translate(186 0)">${one}</g>`;
  return two + turn(two);
}

function parse(code) {
  const m = CODE.exec(String(code));
  if (!m) throw new RangeError(`not a card code: ${code}`);
  return m[3] ? { rank: "JK", suit: null, joker: Number(m[3]) } : { rank: m[1], suit: m[2] };
}

const rankText = (rank, ranks) => (ranks && ranks[rank]) || rank;

/** Short text for a card: "Q♥", "★" for a Joker; ``ranks`` writes ranks another way (French
 *  {J: "V", Q: "D", K: "R"}: "D♥"; the page's catalogue says how). */
export function cardLabel(code, ranks = {}) {
  const c = parse(code);
  return c.suit ? rankText(c.rank, ranks) + SYMBOL[c.suit] : "★";
}

/** The face of a card ("QH", "10S", "AD", "JK1" red Joker, "JK2" black; "#2" copies allowed) as
 * a whole <svg class="card-svg" viewBox="0 0 250 350"> whose indices write each rank as
 * ``ranks`` says (the language's: V, D, R for J, Q, K in French). Throws RangeError for anything
 * else. Size it with CSS (width; the height follows). */
export function faceSVG(code, ranks = {}) {
  const c = parse(code);
  const colour = c.suit ? (c.suit === "H" || c.suit === "D" ? RED : BLACK) : c.joker === 1 ? RED : BLACK;
  const frame = `<rect x="1" y="1" width="248" height="348" rx="16" fill="#fff" stroke="#9e9e9e" stroke-width="2"/>`;
  let body;
  if (!c.suit) body = joker(colour);
  else {
    const r = rankText(c.rank, ranks);
    const squeeze = r.length > 1 ? ` textLength="52" lengthAdjust="spacingAndGlyphs"` : "";
    body =
      corners(
        `<text class="rank" x="32" y="58" text-anchor="middle" font-size="58"${squeeze}>${r}</text>` +
          pip(c.suit, 32, 87, 0.34, "idx"),
      ) + middle(c.rank, r, c.suit, colour);
  }
  return svg(`${frame}<g fill="${colour}" ${FONT}>${body}</g>`);
}

function middle(rank, letter, suit, colour) {
  if (rank === "A") return pip(suit, 125, 175, 1.1, "pip", false);
  if ("JQK".includes(rank)) return court(rank, letter, suit, colour);
  const [sides, centre] = PIPS[rank];
  let out = "";
  for (const t of sides) {
    const y = TOP + (FIELD * t) / 12;
    out += pip(suit, LEFT, y, 0.4, "pip") + pip(suit, RIGHT, y, 0.4, "pip");
  }
  for (const t of centre) out += pip(suit, 125, TOP + (FIELD * t) / 12, 0.4, "pip");
  return out;
}

// What makes each court card: headgear above a head centred on 125,112, and the thing held in
// the hand at 84,148 (a staff from y 70 down, its top ornament above).
const COURT = {
  // King: a crown of three points with jewels, a beard; a sceptre topped by the suit.
  K: (col, suit) =>
    `<path d="M107 116Q108 140 125 144Q142 140 143 116Q134 129 125 129Q116 129 107 116Z"/>` +
    `<path d="M102 97L98 65L112 80L125 58L138 80L152 65L148 97Z" fill="${GOLD}" stroke="${col}" stroke-width="2"/>` +
    `<circle cx="98" cy="65" r="4"/><circle cx="125" cy="58" r="4"/><circle cx="152" cy="65" r="4"/>` +
    `<path d="M103 90H147" stroke="${col}" stroke-width="2"/>` +
    `<path d="M81.5 76H86.5V160H81.5Z" fill="${GOLD}" stroke="${col}"/><circle cx="84" cy="76" r="5" fill="${GOLD}" stroke="${col}"/>` +
    pip(suit, 84, 58, 0.2),
  // Queen: a tiara with a flower, long hair; a flower in the hand.
  Q: (col) =>
    `<path d="M104 98Q125 74 146 98Q125 88 104 98Z" fill="${GOLD}" stroke="${col}" stroke-width="2"/>` +
    `<circle cx="125" cy="72" r="5"/><circle cx="117" cy="79" r="5"/><circle cx="133" cy="79" r="5"/>` +
    `<circle cx="125" cy="79" r="4" fill="${GOLD}"/>` +
    `<path d="M84 160V72" stroke="${col}" stroke-width="3"/><path d="M85 112Q92 96 104 96Q98 110 85 116Z"/>` +
    `<circle cx="84" cy="56" r="7"/><circle cx="75" cy="64" r="7"/><circle cx="93" cy="64" r="7"/>` +
    `<circle cx="78" cy="74" r="7"/><circle cx="90" cy="74" r="7"/><circle cx="84" cy="66" r="5" fill="${GOLD}"/>`,
  // Jack: a cap with a band and a long feather; a halberd.
  J: (col) =>
    `<path d="M144 92C156 78 170 76 186 74C180 86 166 96 148 101Z" fill="${GOLD}" stroke="${col}" stroke-width="2"/>` +
    `<path d="M101 101Q99 78 125 75Q151 78 149 101Q125 92 101 101Z"/>` +
    `<path d="M100 100Q125 90 150 100" fill="none" stroke="${GOLD}" stroke-width="5"/>` +
    `<path d="M81.5 62H86.5V160H81.5Z" fill="${GOLD}" stroke="${col}"/>` +
    `<path d="M84 40L92 62H76ZM86 66C100 62 104 78 98 90C95 82 91 80 86 80Z"/>`,
};

// A court card: a framed panel, the same bust twice (head to head with its upside-down copy).
function court(rank, letter, suit, col) {
  const hair =
    rank === "Q"
      ? `<path d="M104 110C100 86 114 90 125 90C136 90 150 86 146 110C148 128 146 138 156 150H94C104 138 102 128 104 110Z"/>`
      : `<path d="M106 108Q105 92 125 91Q145 92 144 108Z"/>`;
  const mouth = rank === "K" ? "" : `<path d="M119 121Q125 125 131 121" fill="none" stroke="${BLACK}" stroke-width="1.6"/>`;
  const trim = `fill="none" stroke="${GOLD}" stroke-width="3"`;
  const half =
    `<text x="170" y="70" text-anchor="middle" font-size="32">${letter}</text>` +
    hair +
    `<path d="M72 175C72 152 90 139 110 136H140C160 139 178 152 178 175Z"/>` +
    `<path d="M78 175C79 156 94 144 110 141M172 175C171 156 156 144 140 141" ${trim}/>` +
    `<path d="M106 136Q125 160 144 136Z" fill="${GOLD}"/>` +
    `<circle cx="125" cy="112" r="19" fill="${SKIN}" stroke="${col}" stroke-width="2"/>` +
    `<circle cx="118" cy="110" r="2.2" fill="${BLACK}"/><circle cx="132" cy="110" r="2.2" fill="${BLACK}"/>` +
    mouth +
    COURT[rank](col, suit) +
    `<circle cx="84" cy="148" r="6" fill="${SKIN}" stroke="${col}" stroke-width="2"/>` +
    `<path d="M116 146H134V175H116Z" fill="${GOLD}"/>` +
    pip(suit, 125, 162, 0.15);
  return (
    `<rect x="62" y="34" width="126" height="282" rx="6" fill="#fbf3df" stroke="${col}" stroke-width="2.5"/>` +
    mirrored(half) +
    `<path d="M62 175H188" stroke="${col}" stroke-width="2"/>`
  );
}

function joker(col) {
  let word = "";
  [..."JOKER"].forEach((ch, i) => {
    word += `<text x="32" y="${44 + i * 27}" text-anchor="middle" font-size="28">${ch}</text>`;
  });
  const star = (x, y, k) => `<path d="${STAR}" transform="translate(${x} ${y}) scale(${k})"/>`;
  return (
    corners(`<g class="rank">${word}</g>`) +
    // A jester's cap: three horns tipped with bells, on a gold band.
    `<path d="M90 206C82 176 72 154 62 130C88 140 104 152 113 168C115 142 119 118 125 98C131 118 135 142 137 168C146 152 162 140 188 130C178 154 168 176 160 206Z"/>` +
    `<path d="M86 204H164V222H86Z" fill="${GOLD}" stroke="${col}" stroke-width="2"/>` +
    `<g fill="${GOLD}" stroke="${col}" stroke-width="2"><circle cx="62" cy="130" r="8"/><circle cx="125" cy="96" r="8"/><circle cx="188" cy="130" r="8"/></g>` +
    star(125, 60, 0.36) +
    `<text x="125" y="270" text-anchor="middle" font-size="34">JOKER</text>` +
    star(125, 300, 0.26)
  );
}

/** A card back: a diamond lattice in a frame round a medallion of the four suits; colour "blue"
 * (the default) or "red". The same <svg class="card-svg"> box as the faces. */
export function backSVG(colour = "blue") {
  const [base, line] = colour === "red" ? ["#8e1b1b", "#e07a72"] : ["#17357a", "#6b8fdc"];
  const [x0, x1, y0, y1] = [18, 232, 18, 332];
  let d = "";
  for (let k = -12; k <= 12; k++) {
    const up = 50 + 22 * k; // y = x + up, through the middle when k = 0
    let a = Math.max(x0, y0 - up);
    let b = Math.min(x1, y1 - up);
    if (a < b) d += `M${a} ${a + up}L${b} ${b + up}`;
    const down = 300 + 22 * k; // y = down - x
    a = Math.max(x0, down - y1);
    b = Math.min(x1, down - y0);
    if (a < b) d += `M${a} ${down - a}L${b} ${down - b}`;
  }
  const suits = pip("S", 125, 150, 0.16, "", false) + pip("H", 150, 175, 0.16, "", false) +
    pip("C", 125, 200, 0.16, "", false) + pip("D", 100, 175, 0.16, "", false);
  return svg(
    `<rect x="1" y="1" width="248" height="348" rx="16" fill="#fff" stroke="#9e9e9e" stroke-width="2"/>` +
      `<rect x="12" y="12" width="226" height="326" rx="10" fill="${base}"/>` +
      `<path d="${d}" stroke="${line}" stroke-width="1.6" fill="none"/>` +
      `<rect x="18" y="18" width="214" height="314" rx="6" fill="none" stroke="#fff" stroke-width="2"/>` +
      `<circle cx="125" cy="175" r="46" fill="${base}" stroke="#fff" stroke-width="3"/>` +
      `<circle cx="125" cy="175" r="39" fill="none" stroke="${line}" stroke-width="1.5"/>` +
      `<g fill="#fff">${suits}</g>`,
  );
}
