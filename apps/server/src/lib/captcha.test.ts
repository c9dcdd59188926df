import { describe, expect, it } from 'vitest';
import { createCaptcha } from './captcha.ts';

/**
 * The contours of the characters' path, each moved so that it starts at 0,0, to a tenth of a
 * unit (whole units let two small warped contours, such as an A's inner triangle, coincide now
 * and then).
 */
function glyphContours(svg: string): string[] {
  const glyphs = /<path d="([^"]+)" fill="[^"]+"\/>/.exec(svg)?.[1] ?? '';
  return glyphs
    .split('M')
    .filter(Boolean)
    .map((contour) => {
      const nums = (contour.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
      const [x0 = 0, y0 = 0] = nums;
      return nums.map((n, i) => Math.round((n - (i % 2 ? y0 : x0)) * 10)).join(',');
    });
}

describe('image captcha', () => {
  it('draws 4 characters an admin can type, with no text for a script to read', () => {
    for (let i = 0; i < 20; i++) {
      const { text, svg } = createCaptcha();
      expect(text).toMatch(/^[2-9A-HJKMNP-Z]{4}$/);
      expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 120 40">/);
      expect(svg).not.toMatch(/<text|<tspan|font-family|<use|<symbol|<title|<desc/);
      // Outside the path data, no element or attribute spells the answer.
      const withoutData = svg.replace(/ d="[^"]*"/g, '');
      expect(withoutData).not.toContain(text);
    }
  });

  it('never draws a character the same way twice, so outlines cannot be matched to a font', () => {
    const a = glyphContours(createCaptcha('AAAA').svg);
    const b = glyphContours(createCaptcha('AAAA').svg);
    expect(a.length).toBeGreaterThanOrEqual(8); // two contours per A
    // Each contour, moved to the origin, differs from every other A's within and across images.
    const all = [...a, ...b];
    expect(new Set(all).size).toBe(all.length);
  });
});
