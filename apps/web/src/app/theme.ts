import type { ThemeConfig } from 'antd/es/config-provider/context';

/**
 * The console's colours, in one place (issue 25): every text colour reaches 4.5:1 on white (and
 * on its tag's background), input borders 3:1 (WCAG 2.1 AA). antd's defaults fail: the primary
 * blue #1677ff is 4.1:1, success green 2.3:1, warning gold 1.9:1, placeholders 1.8:1. The
 * company console, the sign-in page and /ops all take these through AppProviders; theme.test.ts
 * computes the ratios so they cannot regress.
 */
/**
 * The text colour of preset tags. antd writes its palette under two keys (`orange7` and
 * `orange-7`), and the tag's CSS reads the variable made from the hyphenated one: both are set.
 */
function tagText(colours: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(colours).flatMap(([name, colour]) => [
      [`${name}7`, colour],
      [`${name}-7`, colour],
    ]),
  );
}

/** Text in a disabled field (its unit, its value): 4.5:1 on the disabled field's grey. */
export const LOCKED_FIELD_TEXT = 'rgba(0, 0, 0, 0.56)';

export const THEME: ThemeConfig = {
  token: {
    borderRadius: 6,
    colorPrimary: '#1765d8',
    colorInfo: '#1765d8',
    colorLink: '#1765d8',
    // Hovered and pressed, a primary button's white text and a link's blue still reach 4.5:1:
    // antd derives a lighter hover (#3e87e6, 3.6:1), which the axe tier caught under the mouse.
    colorPrimaryHover: '#1459c4',
    colorPrimaryActive: '#0b48b3',
    colorPrimaryTextHover: '#1459c4',
    colorPrimaryTextActive: '#0b48b3',
    colorLinkHover: '#1459c4',
    colorLinkActive: '#0b48b3',
    colorSuccess: '#237804',
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorWarning: '#8a5300',
    colorWarningBg: '#fffbe6',
    colorWarningBorder: '#ffe58f',
    colorError: '#cf1322',
    colorErrorBg: '#fff2f0',
    colorErrorBorder: '#ffccc7',
    colorTextTertiary: 'rgba(0, 0, 0, 0.56)',
    colorTextDescription: 'rgba(0, 0, 0, 0.56)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
    colorTextDisabled: 'rgba(0, 0, 0, 0.45)',
    colorBorder: '#8c8c8c',
    // Tag presets (`<Tag color="green">`): text in colour 7 on colour 1.
    ...tagText({
      green: '#237804',
      gold: '#874d00',
      orange: '#ad4e00',
      cyan: '#006d75',
      lime: '#3f6600',
      yellow: '#876800',
      volcano: '#ad2102',
    }),
  },
  components: {
    // An empty table's 暂无数据 is drawn in the disabled colour, yet it is text to read.
    Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.56)' },
    // A locked field's prefix and suffix (元/天, 人) are drawn in the disabled colour on the
    // disabled grey, yet they say what the number is: 4.5:1 there too (the field's own value is
    // exempt as a disabled control, its unit is not).
    Input: { colorTextDisabled: LOCKED_FIELD_TEXT },
    InputNumber: { colorTextDisabled: LOCKED_FIELD_TEXT },
  },
};
