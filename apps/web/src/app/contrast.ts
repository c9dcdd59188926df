/** WCAG 2.1 contrast, for the theme's test and for checking a colour before it is used. */

type TRgba = [number, number, number, number];

/** `#rgb`, `#rrggbb`, `#rrggbbaa`, `rgb(…)` or `rgba(…)` as [r, g, b, alpha]. */
export function parseColor(color: string): TRgba {
  const c = color.trim();
  if (c.startsWith('#')) {
    let h = c.slice(1);
    if (h.length === 3) h = [...h].map((x) => x + x).join('');
    const [r, g, b] = [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
    return [r, g, b, h.length === 8 ? parseInt(h.slice(6, 8), 16) / 255 : 1];
  }
  const m = /rgba?\(([^)]+)\)/.exec(c);
  if (!m?.[1]) throw new Error(`无法识别的颜色: ${color}`);
  const [r = 0, g = 0, b = 0, a = 1] = m[1].split(',').map(Number);
  return [r, g, b, a];
}

/** A colour drawn over an opaque background. */
function over(fg: TRgba, bg: TRgba): TRgba {
  const a = fg[3];
  return [fg[0] * a + bg[0] * (1 - a), fg[1] * a + bg[1] * (1 - a), fg[2] * a + bg[2] * (1 - a), 1];
}

/** Relative luminance (WCAG 2.1). */
export function luminance([r, g, b]: TRgba): number {
  const [R, G, B] = [r, g, b].map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * R + 0.7152 * G + 0.0722 * B;
}

/** Contrast ratio of `fg` on `bg` (both may be translucent; the page under them is white). */
export function contrastRatio(fg: string, bg = '#ffffff'): number {
  const white: TRgba = [255, 255, 255, 1];
  const back = over(parseColor(bg), white);
  const front = over(parseColor(fg), back);
  const [l1, l2] = [luminance(front), luminance(back)];
  return (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
}
