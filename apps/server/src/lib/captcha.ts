import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import opentype from 'opentype.js';

const CHARS = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'; // no 0/O, 1/I/L: nothing to misread

/** Roboto Mono Bold (SIL OFL), read by opentype.js: the glyph outlines become SVG paths. */
const FONT_FILE = '@fontsource/roboto-mono/files/roboto-mono-latin-700-normal.woff';

let font: opentype.Font | undefined;
function getFont(): opentype.Font {
  if (!font) {
    const bytes = readFileSync(createRequire(import.meta.url).resolve(FONT_FILE));
    font = opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  }
  return font;
}

/** A uniform random number in [min, max), from the system's cryptographic source. */
const rand = (min: number, max: number) => min + (randomInt(0, 1_000_000) / 1_000_000) * (max - min);
const color = () => `rgb(${randomInt(20, 120)},${randomInt(20, 120)},${randomInt(20, 120)})`;
const num = (v: number) => (Math.round(v * 10) / 10).toString();

type Point = [number, number];
type Transform = (p: Point) => Point;

/** One glyph's outline as path data, every point moved by `transform`. */
function glyphPath(glyph: opentype.Glyph, size: number, transform: Transform): string {
  const out: string[] = [];
  const pt = (x: number, y: number) => transform([x, y]).map(num).join(' ');
  for (const c of glyph.getPath(0, 0, size).commands) {
    if (c.type === 'M' || c.type === 'L') out.push(`${c.type}${pt(c.x, c.y)}`);
    else if (c.type === 'Q') out.push(`Q${pt(c.x1, c.y1)} ${pt(c.x, c.y)}`);
    else if (c.type === 'C') out.push(`C${pt(c.x1, c.y1)} ${pt(c.x2, c.y2)} ${pt(c.x, c.y)}`);
    else out.push('Z');
  }
  return out.join('');
}

export interface Captcha {
  text: string;
  svg: string;
}

/**
 * An image captcha as SVG with no text in it: each character is its glyph's outline from a font,
 * scaled, sheared and rotated at random, then the whole line is bent by a random wave and every
 * point jittered, so no two renderings of a character share a shape to match against. All
 * characters are one path, crossed by strokes of the same colour, over noise dots. The answer
 * is compared case-insensitively.
 */
export function createCaptcha(text?: string, width = 120, height = 40): Captcha {
  let answer = text ?? '';
  if (!text) for (let i = 0; i < 4; i++) answer += CHARS[randomInt(CHARS.length)];
  const f = getFont();
  const ink = color();
  const step = width / (answer.length + 1);
  const wave = { ax: rand(1, 2.5), ay: rand(1.5, 3), fx: rand(0.08, 0.16), fy: rand(0.05, 0.12), p: rand(0, 6.3) };
  const warp: Transform = ([x, y]) => [
    x + wave.ax * Math.sin(y * wave.fx + wave.p) + rand(-0.5, 0.5),
    y + wave.ay * Math.sin(x * wave.fy + wave.p) + rand(-0.5, 0.5),
  ];

  const glyphs = [...answer].map((ch, i) => {
    const glyph = f.charToGlyph(ch);
    const size = rand(26, 32);
    const box = glyph.getPath(0, 0, size).getBoundingBox();
    const cx = (box.x1 + box.x2) / 2;
    const cy = (box.y1 + box.y2) / 2;
    const angle = rand(-0.45, 0.45);
    const [sx, sy, shear] = [rand(0.8, 1.1), rand(0.85, 1.15), rand(-0.3, 0.3)];
    const [tx, ty] = [step * (i + 1) + rand(-3, 3), height / 2 + rand(-3, 3)];
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    return glyphPath(glyph, size, ([x, y]) => {
      const u = (x - cx) * sx + (y - cy) * shear;
      const v = (y - cy) * sy;
      return warp([u * cos - v * sin + tx, u * sin + v * cos + ty]);
    });
  });

  const parts: string[] = [];
  for (let i = 0; i < 40; i++) {
    parts.push(
      `<circle cx="${num(rand(0, width))}" cy="${num(rand(0, height))}" r="${num(rand(0.6, 1.4))}" fill="${color()}"/>`,
    );
  }
  parts.push(`<path d="${glyphs.join('')}" fill="${ink}"/>`);
  // Strokes as dark as the characters and crossing them: no colour or width separates them.
  for (let i = 0; i < 3; i++) {
    const y = () => num(rand(8, height - 8));
    parts.push(
      `<path d="M${num(rand(0, 15))} ${y()}C${num(rand(20, 50))} ${y()} ${num(rand(60, 100))} ${y()} ${num(rand(width - 15, width))} ${y()}" stroke="${i === 0 ? ink : color()}" stroke-width="${num(rand(1.2, 2.2))}" fill="none"/>`,
    );
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="#f3f6fb"/>${parts.join('')}</svg>`;
  return { text: answer, svg };
}
