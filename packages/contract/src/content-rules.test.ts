import { describe, expect, it } from 'vitest';
import { CONTENT_LINK_PATTERN, isInternalContentLink } from './content-rules.ts';
import { ZAdvertBody } from './content.ts';

describe('content links', () => {
  it.each([
    ['/EmolumentManagement/emolumentGrant', true],
    ['/invoiceCenter/apply?x=1', true],
    ['//evil.example/x', false],
    // A browser reads /\host as //host (an outside probe's finding): outside, whatever the spelling.
    ['/\\evil.example', false],
    ['/\\/evil.example', false],
    ['https://example.com/a', false],
    ['javascript:alert(1)', false],
    ['', false],
  ])('%s is inside the console: %s', (link, inside) => {
    expect(isInternalContentLink(link)).toBe(inside);
  });

  it.each(['/\\evil.example', 'https://example.com\\@evil.example', '/a\\b'])(
    'refuses a backslash anywhere: %s',
    (link) => {
      expect(CONTENT_LINK_PATTERN.test(link)).toBe(false);
      const parsed = ZAdvertBody.safeParse({ link });
      const messages = parsed.success
        ? []
        : parsed.error.issues.filter((i) => i.path[0] === 'link').map((i) => i.message);
      expect(messages).toEqual(['链接不能包含反斜杠（\\）']);
    },
  );

  it.each(['/EmolumentManagement/emolumentGrant', 'https://example.com/a?b=1', 'http://example.com'])(
    'accepts a console path or an http(s) address: %s',
    (link) => {
      expect(CONTENT_LINK_PATTERN.test(link)).toBe(true);
    },
  );
});
