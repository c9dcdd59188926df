import { CONTENT_LINK_PATTERN, screenPath } from '@flexpay/contract/web';

/** The link rule of the contract (ZHomeModuleBody, ZAdvertBody), checked before the request. */
export const LINK_RULE = {
  pattern: CONTENT_LINK_PATTERN,
  message: '链接须为以 / 开头的页面路径或 http(s):// 开头的网址',
};
export const LINK_PLACEHOLDER = `${screenPath('emolumentGrant')} 或 https://…`;
