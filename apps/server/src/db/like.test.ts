import { describe, expect, it } from 'vitest';
import { escapeLike, prefixEnd } from './like.ts';

describe('prefixEnd', () => {
  it('moves the last character on, in code point (UTF-8 byte) order', () => {
    expect(prefixEnd('王')).toBe('玌');
    expect(prefixEnd('王小')).toBe('王尐');
    expect(prefixEnd('138')).toBe('139');
    expect(prefixEnd('a\u{1F600}')).toBe('a\u{1F601}');
  });

  it('skips the surrogates and carries past the highest character', () => {
    expect(prefixEnd('\u{D7FF}')).toBe('\u{E000}');
    expect(prefixEnd('a\u{10FFFF}')).toBe('b');
    expect(prefixEnd('\u{10FFFF}\u{10FFFF}')).toBeUndefined();
  });

  it('bounds exactly the strings that start with the prefix', () => {
    const bytes = (s: string) => Buffer.from(s, 'utf8');
    const inRange = (s: string, p: string) => {
      const end = prefixEnd(p);
      return Buffer.compare(bytes(s), bytes(p)) >= 0 && (end === undefined || Buffer.compare(bytes(s), bytes(end)) < 0);
    };
    const words = [
      '王',
      '王小明',
      '王五',
      '玌',
      '珏',
      '汪',
      'a',
      'ab',
      'b',
      '',
      '王\u{10FFFF}',
      '\u{E000}',
      '\u{D7FF}x',
    ];
    for (const p of ['王', '王小', 'a', '\u{D7FF}', '王\u{10FFFF}'])
      for (const s of words) expect(inRange(s, p), `${s} / ${p}`).toBe(s.startsWith(p));
  });
});

describe('escapeLike', () => {
  it('makes the wildcards plain', () => expect(escapeLike('5%_\\')).toBe('5\\%\\_\\\\'));
});
