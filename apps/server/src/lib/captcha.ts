import { randomInt } from 'node:crypto';

const CHARS = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'; // no 0/O, 1/I/L: nothing to misread

const rand = (min: number, max: number) => randomInt(min, max + 1);
const color = () => `rgb(${rand(20, 140)},${rand(20, 140)},${rand(20, 140)})`;

/**
 * An image captcha as SVG: characters rotated and offset at random over noise curves. The
 * answer is compared case-insensitively.
 */
export function createCaptcha(length = 4, width = 120, height = 40): { text: string; svg: string } {
  let text = '';
  for (let i = 0; i < length; i++) text += CHARS[randomInt(CHARS.length)];
  const parts: string[] = [];
  for (let i = 0; i < 4; i++) {
    parts.push(
      `<path d="M${rand(0, 20)} ${rand(5, height - 5)} Q${rand(30, 90)} ${rand(0, height)} ${rand(100, width)} ${rand(5, height - 5)}" stroke="${color()}" stroke-width="${rand(1, 2)}" fill="none"/>`,
    );
  }
  for (let i = 0; i < 24; i++) {
    parts.push(`<circle cx="${rand(0, width)}" cy="${rand(0, height)}" r="1" fill="${color()}"/>`);
  }
  const step = width / (length + 1);
  [...text].forEach((ch, i) => {
    const x = Math.round(step * (i + 1));
    const y = rand(26, 32);
    parts.push(
      `<text x="${x}" y="${y}" font-size="${rand(22, 28)}" font-family="Arial, sans-serif" font-weight="bold" fill="${color()}" text-anchor="middle" transform="rotate(${rand(-25, 25)} ${x} ${y})">${ch}</text>`,
    );
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="#f3f6fb"/>${parts.join('')}</svg>`;
  return { text, svg };
}
