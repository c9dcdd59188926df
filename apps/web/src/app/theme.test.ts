import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from './contrast.ts';
import { THEME } from './theme.ts';

const t = theme.getDesignToken(THEME) as unknown as Record<string, string>;
const AA_TEXT = 4.5;
const AA_UI = 3;

describe('contrast (WCAG 2.1 formula)', () => {
  it('gives the known ratios', () => {
    expect(contrastRatio('#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#1677ff')).toBeCloseTo(4.1, 1); // antd's default blue fails AA
    expect(contrastRatio('rgba(0, 0, 0, 0.25)')).toBeCloseTo(1.83, 1);
  });
});

describe('theme tokens pass WCAG 2.1 AA', () => {
  it.each([
    'colorPrimary',
    'colorLink',
    'colorInfoText',
    'colorSuccessText',
    'colorWarningText',
    'colorErrorText',
    'colorText',
    'colorTextSecondary',
    'colorTextTertiary',
    'colorTextDescription',
    'colorTextPlaceholder',
  ])('%s is at least 4.5:1 on white', (key) => {
    expect(contrastRatio(t[key] ?? '')).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('white text on a primary button is at least 4.5:1', () => {
    expect(contrastRatio('#ffffff', t.colorPrimary)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio('#ffffff', t.colorError)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it.each(['colorPrimaryHover', 'colorPrimaryActive', 'colorErrorHover', 'colorErrorActive'])(
    'white text on a hovered or pressed button (%s) is at least 4.5:1',
    (key) => {
      expect(contrastRatio('#ffffff', t[key])).toBeGreaterThanOrEqual(AA_TEXT);
    },
  );

  it.each(['colorLinkHover', 'colorLinkActive', 'colorPrimaryTextHover', 'colorPrimaryTextActive'])(
    'a hovered or pressed link (%s) is at least 4.5:1 on white',
    (key) => {
      expect(contrastRatio(t[key] ?? '')).toBeGreaterThanOrEqual(AA_TEXT);
    },
  );

  it('input borders and disabled text are at least 3:1 on white', () => {
    expect(contrastRatio(t.colorBorder ?? '')).toBeGreaterThanOrEqual(AA_UI);
    expect(contrastRatio(t.colorTextDisabled ?? '')).toBeGreaterThanOrEqual(AA_UI);
  });

  it.each(['Success', 'Warning', 'Error', 'Info'])('status tag %s: text at least 4.5:1 on its background', (s) => {
    expect(contrastRatio(t[`color${s}`] ?? '', t[`color${s}Bg`])).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it.each([
    'blue',
    'green',
    'gold',
    'orange',
    'red',
    'purple',
    'cyan',
    'geekblue',
    'magenta',
    'volcano',
    'lime',
    'yellow',
  ])('preset tag %s: text at least 4.5:1 on its background, in both spellings', (c) => {
    // The tag's CSS reads the CSS variable --ant-<c>-7, which antd writes from the `<c>-7` key.
    expect(contrastRatio(t[`${c}-7`] ?? '', t[`${c}-1`])).toBeGreaterThanOrEqual(AA_TEXT);
    expect(t[`${c}7`]).toBe(t[`${c}-7`]);
  });
});

describe('component colours pass WCAG 2.1 AA', () => {
  it("an empty table's 暂无数据 is at least 4.5:1 on white", () => {
    expect(contrastRatio(THEME.components?.Table?.colorTextDisabled ?? '')).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it.each(['Input', 'InputNumber'] as const)(
    "a disabled %s's unit is at least 4.5:1 on the disabled field's grey",
    (c) => {
      const text = THEME.components?.[c]?.colorTextDisabled ?? '';
      expect(contrastRatio(text, t.colorBgContainerDisabled)).toBeGreaterThanOrEqual(AA_TEXT);
    },
  );
});
