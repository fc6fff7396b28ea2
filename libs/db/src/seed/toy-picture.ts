import type { DemoProduct } from './demo-catalogue.js';

type Motif = DemoProduct['motif'];
type Palette = readonly [string, string];

const FONT = 'DejaVu Sans, Arial, sans-serif';
const INK = '#263238';
const SUN = '#FFCA28';
const BERRY = '#EF5350';
const SKY = '#42A5F5';
const LEAF = '#66BB6A';
const FUR = '#A1887F';
const SKIN = '#B9774A';
const OUTLINE = `stroke="${INK}" stroke-width="4" stroke-linejoin="round"`;

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function wrapWords(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.trim().split(/\s+/)) {
    const candidate = current ? `${current} ${word}` : word;
    if (candidate.length <= maxChars || !current) {
      current = candidate;
    } else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  return lines.map((line) => (line.length > maxChars ? `${line.slice(0, maxChars - 1)}…` : line));
}

/** Word-wraps onto at most maxLines lines, ending the last one in an ellipsis when the text does not fit. */
function wrapText(text: string, maxChars: number, maxLines: number): string[] {
  const lines = wrapWords(text, maxChars);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1].slice(0, maxChars - 1).replace(/[\s,:;–-]+$/, '')}…`;
  return kept;
}

function starPoints(outer: number, inner: number, cx = 0, cy = 0): string {
  return Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 === 0 ? outer : inner;
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    return `${(cx + radius * Math.cos(angle)).toFixed(1)},${(cy + radius * Math.sin(angle)).toFixed(1)}`;
  }).join(' ');
}

function block(x: number, y: number, size: number, fill: string, letter: string): string {
  return (
    `<rect x="${x}" y="${y}" width="${size}" height="${size}" rx="12" fill="${fill}" ${OUTLINE}/>` +
    `<text x="${x + size / 2}" y="${y + size / 2 + 20}" font-family="${FONT}" font-size="56" font-weight="bold" fill="#fff" text-anchor="middle">${letter}</text>`
  );
}

function smile(y: number, width: number, colour = INK): string {
  return `<path d="M${-width / 2},${y} Q0,${y + width * 0.6} ${width / 2},${y}" fill="none" stroke="${colour}" stroke-width="5" stroke-linecap="round"/>`;
}

function eyes(y: number, gap: number, radius = 6): string {
  return `<circle cx="${-gap}" cy="${y}" r="${radius}" fill="${INK}"/><circle cx="${gap}" cy="${y}" r="${radius}" fill="${INK}"/>`;
}

/** Each motif is drawn in a 200 x 200 box centred on the origin. */
const MOTIFS: Record<Motif, (palette: Palette) => string> = {
  blocks: () => block(-95, 0, 90, BERRY, 'A') + block(5, 0, 90, SKY, 'B') + block(-45, -90, 90, SUN, 'C'),

  ball: () => {
    const lens = 'M0,-80 C-38,-30 -38,30 0,80 C38,30 38,-30 0,-80 Z';
    return (
      `<circle r="80" fill="#fff"/>` +
      [BERRY, SUN, SKY].map((fill, i) => `<path d="${lens}" fill="${fill}" transform="rotate(${i * 60})"/>`).join('') +
      `<circle r="14" fill="#fff" ${OUTLINE}/><circle r="80" fill="none" ${OUTLINE}/>` +
      `<ellipse cx="-38" cy="-42" rx="16" ry="9" fill="#fff" opacity="0.7" transform="rotate(-40 -38 -42)"/>`
    );
  },

  car: ([light, dark]) =>
    `<path d="M-50,-5 L-30,-55 H35 L62,-5 Z" fill="${light}" ${OUTLINE}/>` +
    `<path d="M-37,-10 L-23,-45 H-3 V-10 Z M9,-10 V-45 H29 L47,-10 Z" fill="#E3F2FD" ${OUTLINE}/>` +
    `<rect x="-92" y="-8" width="184" height="58" rx="18" fill="${dark}" ${OUTLINE}/>` +
    `<circle cx="80" cy="12" r="7" fill="${SUN}"/><rect x="-15" y="10" width="30" height="6" rx="3" fill="#fff" opacity="0.7"/>` +
    [-50, 50].map((cx) => `<circle cx="${cx}" cy="52" r="24" fill="${INK}"/><circle cx="${cx}" cy="52" r="10" fill="#ECEFF1"/>`).join(''),

  doll: ([, dark]) =>
    `<path d="M-62,92 L0,-8 L62,92 Z" fill="${dark}" ${OUTLINE}/>` +
    `<path d="M-22,28 L-58,48 M22,28 L58,48" stroke="${SKIN}" stroke-width="12" stroke-linecap="round"/>` +
    `<circle cx="-32" cy="-68" r="20" fill="${INK}"/><circle cx="32" cy="-68" r="20" fill="${INK}"/>` +
    `<circle cy="-45" r="44" fill="${INK}"/><circle cy="-38" r="36" fill="${SKIN}" ${OUTLINE}/>` +
    eyes(-44, 13, 5) +
    `<circle cx="-22" cy="-28" r="7" fill="${BERRY}" opacity="0.5"/><circle cx="22" cy="-28" r="7" fill="${BERRY}" opacity="0.5"/>` +
    smile(-29, 20, '#4E2A1E'),

  puzzle: ([light, dark]) => {
    const fills = [light, dark, SUN, SKY];
    const pieces = [
      { x: -86, y: -86 },
      { x: 6, y: -86 },
      { x: -86, y: 6 },
      { x: 6, y: 6 },
    ].map(({ x, y }, i) => `<rect x="${x}" y="${y}" width="80" height="80" rx="10" fill="${fills[i]}" ${OUTLINE}/>`);
    const knobs = [
      { x: 0, y: -46, fill: fills[0] },
      { x: -46, y: 0, fill: fills[0] },
      { x: 46, y: 0, fill: fills[1] },
      { x: 0, y: 46, fill: fills[2] },
    ].map(({ x, y, fill }) => `<circle cx="${x}" cy="${y}" r="15" fill="${fill}" ${OUTLINE}/>`);
    return pieces.join('') + knobs.join('');
  },

  kite: ([light, dark]) =>
    `<path d="M0,62 C26,70 -22,80 4,88 S32,96 46,93" fill="none" ${OUTLINE}/>` +
    `<path d="M-12,64 L12,80 L12,64 L-12,80 Z" fill="${BERRY}" ${OUTLINE}/><path d="M14,82 L34,96 L34,82 L14,96 Z" fill="${SUN}" ${OUTLINE}/>` +
    `<path d="M0,-96 V-20 H-70 Z M0,-20 H70 L0,62 Z" fill="${light}"/>` +
    `<path d="M0,-96 L70,-20 H0 Z M0,-20 H-70 L0,62 Z" fill="${dark}"/>` +
    `<path d="M0,-96 L70,-20 L0,62 L-70,-20 Z M0,-96 V62 M-70,-20 H70" fill="none" ${OUTLINE}/>`,

  book: ([light, dark]) =>
    `<path d="M-98,-42 V72 C-60,60 -30,60 0,72 C30,60 60,60 98,72 V-42 Z" fill="${dark}" ${OUTLINE}/>` +
    `<path d="M0,-52 C-30,-66 -62,-62 -88,-52 V58 C-62,48 -30,46 0,60 Z M0,-52 C30,-66 62,-62 88,-52 V58 C62,48 30,46 0,60 Z" fill="#fff" ${OUTLINE}/>` +
    [-30, -10, 10, 30]
      .map((y) => `<path d="M-72,${y} H-18 M18,${y} H72" stroke="${light}" stroke-width="6" stroke-linecap="round"/>`)
      .join('') +
    `<polygon points="${starPoints(16, 7, 0, -82)}" fill="${SUN}" ${OUTLINE}/>`,

  balloon: () =>
    [
      { x: -48, y: -22, fill: BERRY },
      { x: 48, y: -18, fill: SKY },
      { x: 0, y: -48, fill: SUN },
    ]
      .map(
        ({ x, y, fill }) =>
          `<path d="M${x},${y + 50} Q${x * 0.5 + 10},${y + 90} 0,96" fill="none" stroke="${INK}" stroke-width="3"/>` +
          `<path d="M${x - 7},${y + 52} L${x},${y + 42} L${x + 7},${y + 52} Z" fill="${fill}" ${OUTLINE}/>` +
          `<ellipse cx="${x}" cy="${y}" rx="36" ry="44" fill="${fill}" ${OUTLINE}/>` +
          `<ellipse cx="${x - 14}" cy="${y - 18}" rx="8" ry="13" fill="#fff" opacity="0.6"/>`,
      )
      .join(''),

  bear: ([, dark]) =>
    [-52, 52]
      .map((cx) => `<circle cx="${cx}" cy="-52" r="28" fill="${FUR}" ${OUTLINE}/><circle cx="${cx}" cy="-52" r="13" fill="#FFCCBC"/>`)
      .join('') +
    `<circle cy="0" r="72" fill="${FUR}" ${OUTLINE}/>` +
    `<ellipse cy="24" rx="34" ry="26" fill="#EFEBE9"/><ellipse cy="12" rx="13" ry="9" fill="${INK}"/>` +
    eyes(-16, 26, 8) +
    smile(28, 24) +
    `<path d="M0,84 L-32,68 V100 Z M0,84 L32,68 V100 Z" fill="${dark}" ${OUTLINE}/><circle cy="84" r="8" fill="${dark}" ${OUTLINE}/>`,

  star: ([light]) =>
    `<polygon points="${starPoints(92, 42, 0, 6)}" fill="${SUN}" ${OUTLINE}/>` +
    eyes(0, 16, 7) +
    smile(18, 26) +
    `<polygon points="${starPoints(14, 6, -78, -72)}" fill="${light}" ${OUTLINE}/>` +
    `<circle cx="80" cy="-70" r="8" fill="${LEAF}" ${OUTLINE}/>`,
};

function drawMotif(motif: Motif, palette: Palette, cx: number, cy: number, scale: number, rotate = 0): string {
  return `<g transform="translate(${cx.toFixed(1)} ${cy.toFixed(1)}) rotate(${rotate}) scale(${scale.toFixed(3)})">${MOTIFS[motif](palette)}</g>`;
}

function gradientBackground(palette: Palette, width: number, height: number): string {
  return (
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${palette[0]}"/><stop offset="1" stop-color="${palette[1]}"/>` +
    `</linearGradient></defs><rect width="${width}" height="${height}" fill="url(#bg)"/>`
  );
}

function svgDocument(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

export function drawToyPicture(options: {
  title: string;
  palette: readonly [string, string];
  motif: DemoProduct['motif'];
  width: number;
  height: number;
}): string {
  const { title, palette, motif, width, height } = options;
  const margin = Math.round(width * 0.05);
  const fontSize = Math.round(Math.min(width, height) * 0.056);
  const lineHeight = Math.round(fontSize * 1.25);
  const padding = Math.round(fontSize * 0.6);
  const maxChars = Math.max(8, Math.floor((width - 2 * margin - 2 * padding) / (fontSize * 0.6)));
  const lines = wrapText(title, maxChars, 2);
  const labelHeight = lines.length * lineHeight + 2 * padding;
  const labelTop = height - margin - labelHeight;

  const stageSize = Math.min(width, labelTop);
  const cx = width / 2;
  const cy = labelTop / 2 + margin * 0.25;
  const scale = (stageSize * 0.7) / 200;

  const confetti = [
    [0.12, 0.14, 0.05],
    [0.88, 0.2, 0.035],
    [0.82, 0.62, 0.06],
    [0.1, 0.6, 0.03],
  ]
    .map(([x, y, r]) => `<circle cx="${x * width}" cy="${y * height}" r="${r * width}" fill="#fff" opacity="0.18"/>`)
    .join('');

  const text = lines
    .map(
      (line, i) =>
        `<text x="${cx}" y="${labelTop + padding + i * lineHeight + fontSize * 0.95}" text-anchor="middle" font-family="${FONT}" font-size="${fontSize}" font-weight="bold" fill="${INK}">${escapeXml(line)}</text>`,
    )
    .join('');

  return svgDocument(
    width,
    height,
    gradientBackground(palette, width, height) +
      confetti +
      `<circle cx="${cx}" cy="${cy}" r="${(112 * scale).toFixed(1)}" fill="#fff" opacity="0.35"/>` +
      drawMotif(motif, palette, cx, cy, scale) +
      `<rect x="${margin}" y="${labelTop}" width="${width - 2 * margin}" height="${labelHeight}" rx="${Math.round(lineHeight * 0.6)}" fill="#fff" opacity="0.92"/>` +
      text,
  );
}

const MOTIF_NAMES = Object.keys(MOTIFS) as Motif[];

const BANNER_SLOTS: readonly { x: number; y: number; size: number; rotate: number }[] = [
  { x: 0.68, y: 0.32, size: 0.42, rotate: -8 },
  { x: 0.86, y: 0.64, size: 0.46, rotate: 6 },
  { x: 0.64, y: 0.78, size: 0.26, rotate: 15 },
  { x: 0.93, y: 0.17, size: 0.2, rotate: 12 },
  { x: 0.52, y: 0.14, size: 0.18, rotate: -20 },
  { x: 0.05, y: 0.9, size: 0.16, rotate: -6 },
];

export function drawFeatureBanner(options: {
  headline: string;
  palette: readonly [string, string];
  width: number;
  height: number;
}): string {
  const { headline, palette, width, height } = options;
  const left = Math.round(width * 0.06);
  const charsFor = (size: number) => Math.max(10, Math.floor((width * 0.48) / (size * 0.62)));
  let fontSize = Math.round(Math.min(height * 0.13, width * 0.05));
  while (wrapWords(headline, charsFor(fontSize)).length > 3 && fontSize > height * 0.07) {
    fontSize = Math.round(fontSize * 0.9);
  }
  const lines = wrapText(headline, charsFor(fontSize), 3);
  const lineHeight = Math.round(fontSize * 1.2);
  const firstBaseline = height / 2 - ((lines.length - 1) * lineHeight) / 2 + fontSize * 0.35;

  const offset = [...headline].reduce((sum, char) => sum + char.charCodeAt(0), 0);
  const motifs = BANNER_SLOTS.map(({ x, y, size, rotate }, i) =>
    drawMotif(MOTIF_NAMES[(offset + i * 3) % MOTIF_NAMES.length], palette, x * width, y * height, (size * height) / 200, rotate),
  ).join('');

  const text = lines
    .map((line, i) => {
      const y = firstBaseline + i * lineHeight;
      const attrs = `x="${left}" font-family="${FONT}" font-size="${fontSize}" font-weight="bold"`;
      return (
        `<text ${attrs} y="${y + fontSize * 0.06}" dx="${fontSize * 0.05}" fill="${INK}" opacity="0.3">${escapeXml(line)}</text>` +
        `<text ${attrs} y="${y}" fill="#fff">${escapeXml(line)}</text>`
      );
    })
    .join('');

  return svgDocument(
    width,
    height,
    gradientBackground(palette, width, height) +
      `<circle cx="${width * 0.78}" cy="${height * 0.5}" r="${height * 0.55}" fill="#fff" opacity="0.15"/>` +
      motifs +
      text,
  );
}
