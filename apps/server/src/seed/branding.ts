import type { TBranding } from '@flexpay/contract';
import { createRng } from './workers.ts';

/**
 * The demo companies' own logo and login image (spec section 3 branding), drawn here as SVG and
 * stored in the branding JSON as data URLs: the login page reads the branding before anyone is
 * signed in, so the images must not need a session, and the demo needs no files beside the
 * database. A real company's branding holds ordinary image URLs in the same fields.
 *
 * The login image covers the left part of the login page, about as high as it is wide at 1366
 * to 1920 px: its sides are cut, so the name and the mark sit between x = 260 and 1180.
 */

const FONT = `'Noto Sans CJK SC', 'Source Han Sans SC', 'PingFang SC', 'Microsoft YaHei', sans-serif`;

/** Percent-encoded rather than base64: smaller once the branding answer is compressed. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

const svgDoc = (viewBox: string, body: string, extra = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}"${extra}>${body}</svg>`;

/** A four-pointed sparkle centred on (x, y). */
const sparkle = (x: number, y: number, r: number, fill: string) => {
  const w = r * 0.28;
  return `<path d="M${x} ${y - r}Q${x + w} ${y - w} ${x + r} ${y}Q${x + w} ${y + w} ${x} ${y + r}Q${x - w} ${y + w} ${x - r} ${y}Q${x - w} ${y - w} ${x} ${y - r}Z" fill="${fill}"/>`;
};

// ── 星河科技: a star on its orbit, night blue to violet ────────────────────────────────────────

function xingheMark(size: number): string {
  const s = size / 64;
  return `<g transform="scale(${s})">
<ellipse cx="32" cy="34" rx="24" ry="9" fill="none" stroke="#c4b5fd" stroke-width="3" transform="rotate(-20 32 34)"/>
${sparkle(32, 31, 17, '#ffffff')}
<circle cx="52" cy="22" r="3.2" fill="#fde68a"/>
</g>`;
}

export function xingheLogoSvg(): string {
  return svgDoc(
    '0 0 64 64',
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4f46e5"/><stop offset="1" stop-color="#7c3aed"/></linearGradient></defs>
<rect width="64" height="64" rx="14" fill="url(#g)"/>${xingheMark(64)}`,
  );
}

export function xingheLoginSvg(): string {
  const rng = createRng(20261124);
  const stars = Array.from({ length: 90 }, () => {
    const x = rng.int(0, 1440);
    const y = rng.int(0, 1000);
    const r = (rng.next() * 1.6 + 0.4).toFixed(1);
    const o = (rng.next() * 0.6 + 0.3).toFixed(1);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" opacity="${o}"/>`;
  }).join('');
  return svgDoc(
    '0 0 1440 1000',
    `<defs>
<linearGradient id="sky" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0b1437"/><stop offset="0.55" stop-color="#312e81"/><stop offset="1" stop-color="#6d28d9"/></linearGradient>
<radialGradient id="band" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#e9d5ff" stop-opacity="0.55"/><stop offset="0.5" stop-color="#a78bfa" stop-opacity="0.22"/><stop offset="1" stop-color="#a78bfa" stop-opacity="0"/></radialGradient>
</defs>
<rect width="1440" height="1000" fill="url(#sky)"/>
<ellipse cx="760" cy="420" rx="820" ry="150" fill="url(#band)" transform="rotate(-18 760 420)"/>
${stars}
<g fill="none" stroke="#c4b5fd" stroke-opacity="0.35" stroke-width="2">
<ellipse cx="1040" cy="330" rx="300" ry="110" transform="rotate(-18 1040 330)"/>
<ellipse cx="1040" cy="330" rx="420" ry="160" transform="rotate(-18 1040 330)" stroke-dasharray="6 10"/>
</g>
<circle cx="1040" cy="330" r="70" fill="#fde68a" opacity="0.9"/>
<circle cx="1040" cy="330" r="110" fill="#fde68a" opacity="0.12"/>
<circle cx="762" cy="420" r="14" fill="#93c5fd"/>
<circle cx="1368" cy="226" r="9" fill="#f9a8d4"/>
${sparkle(300, 180, 26, '#ffffff')}${sparkle(1250, 620, 16, '#e9d5ff')}${sparkle(200, 560, 12, '#e9d5ff')}
<g transform="translate(300 700)">${xingheMark(88)}</g>
<text x="300" y="860" font-family="${FONT}" font-size="60" font-weight="700" fill="#ffffff">星河科技</text>
<text x="300" y="918" font-family="${FONT}" font-size="28" fill="#ddd6fe">每一份灵活工作，都准时结算</text>`,
    ' preserveAspectRatio="xMidYMid slice"',
  );
}

// ── 云帆物流: a sail over the waves, sky blue to sea green ─────────────────────────────────────

function yunfanMark(size: number): string {
  const s = size / 64;
  return `<g transform="scale(${s})">
<path d="M31 10L31 42L12 42Z" fill="#ffffff"/>
<path d="M35 16L35 42L50 42Z" fill="#fed7aa"/>
<path d="M10 46L54 46L48 53L16 53Z" fill="#f97316"/>
</g>`;
}

export function yunfanLogoSvg(): string {
  return svgDoc(
    '0 0 64 64',
    `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0ea5e9"/><stop offset="1" stop-color="#0f766e"/></linearGradient></defs>
<rect width="64" height="64" rx="14" fill="url(#g)"/>${yunfanMark(64)}`,
  );
}

export function yunfanLoginSvg(): string {
  const wave = (y: number, amp: number, fill: string, opacity: number) => {
    let d = `M0 ${y}`;
    for (let x = 0; x < 1440; x += 240) d += ` Q${x + 60} ${y - amp} ${x + 120} ${y} T${x + 240} ${y}`;
    return `<path d="${d} L1440 1000 L0 1000 Z" fill="${fill}" opacity="${opacity}"/>`;
  };
  const cloud = (x: number, y: number, k: number) =>
    `<g transform="translate(${x} ${y}) scale(${k})" fill="#ffffff" opacity="0.85"><ellipse cx="60" cy="40" rx="60" ry="26"/><ellipse cx="110" cy="30" rx="46" ry="30"/><ellipse cx="150" cy="44" rx="44" ry="22"/></g>`;
  const route = [
    [180, 330],
    [420, 250],
    [700, 300],
    [960, 210],
    [1240, 270],
  ];
  const routePath = `M${route.map(([x, y]) => `${x} ${y}`).join(' L')}`;
  const stops = route.map(
    ([x, y]) => `<circle cx="${x}" cy="${y}" r="10" fill="#f97316" stroke="#fff" stroke-width="4"/>`,
  );
  return svgDoc(
    '0 0 1440 1000',
    `<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7dd3fc"/><stop offset="0.55" stop-color="#0ea5e9"/><stop offset="1" stop-color="#0369a1"/></linearGradient>
</defs>
<rect width="1440" height="1000" fill="url(#sky)"/>
<circle cx="1180" cy="150" r="80" fill="#fef3c7" opacity="0.9"/>
${cloud(120, 110, 1)}${cloud(760, 70, 0.8)}${cloud(1020, 380, 0.6)}
<path d="${routePath}" fill="none" stroke="#ffffff" stroke-width="4" stroke-dasharray="14 12" opacity="0.9"/>
${stops.join('')}
${wave(620, 34, '#0284c7', 0.9)}
<g transform="translate(820 430)"><path d="M120 0L120 200L10 200Z" fill="#ffffff"/><path d="M140 40L140 200L230 200Z" fill="#fed7aa"/><path d="M0 214L250 214L220 250L30 250Z" fill="#f97316"/></g>
${wave(680, 26, '#0e7490', 0.95)}${wave(760, 30, '#0f766e', 1)}${wave(860, 20, '#115e59', 1)}
<g transform="translate(300 690)">${yunfanMark(88)}</g>
<text x="300" y="860" font-family="${FONT}" font-size="60" font-weight="700" fill="#ffffff">云帆物流</text>
<text x="300" y="918" font-family="${FONT}" font-size="28" fill="#ccfbf1">货通四方，薪酬按时到每一位骑手</text>`,
    ' preserveAspectRatio="xMidYMid slice"',
  );
}

/** The branding of a demo company: its title, logo, login image and customer-service phone. */
export function demoBranding(company: 'xinghe' | 'yunfan'): TBranding {
  const isXinghe = company === 'xinghe';
  return {
    title: isXinghe ? '星河科技有限公司' : '云帆物流有限公司',
    logoObj: { close: '1', logoImgSrc: svgDataUrl(isXinghe ? xingheLogoSvg() : yunfanLogoSvg()) },
    loginObj: { close: '1', loginImgSrc: svgDataUrl(isXinghe ? xingheLoginSvg() : yunfanLoginSvg()) },
    customerServiceObj: { close: '1', phoneNumber: isXinghe ? '400-820-8820' : '400-600-6600' },
  };
}
