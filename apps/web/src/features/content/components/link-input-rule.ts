import { CONTENT_LINK_PATTERN, screenPath } from '@flexpay/contract/web';

/** A backslash turns `/\host` into another site in a browser: the contract refuses it anywhere. */
export const NO_BACKSLASH_RULE = {
  validator: (_: unknown, value: unknown) =>
    typeof value === 'string' && value.includes('\\')
      ? Promise.reject(new Error('链接不能包含反斜杠（\\）'))
      : Promise.resolve(),
};

/** The link rules of the contract (ZHomeModuleBody, ZAdvertBody), checked before the request. */
export const LINK_RULES = [
  NO_BACKSLASH_RULE,
  {
    pattern: CONTENT_LINK_PATTERN,
    message: '链接须为以 / 开头的页面路径或 http(s):// 开头的网址',
  },
];
export const LINK_PLACEHOLDER = `${screenPath('emolumentGrant')} 或 https://…`;
