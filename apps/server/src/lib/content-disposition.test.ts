import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition.ts';

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the UTF-8 name', () => {
    expect(contentDisposition('员工列表_20261121.xlsx')).toBe(
      'attachment; filename="_____20261121.xlsx"; filename*=UTF-8\'\'%E5%91%98%E5%B7%A5%E5%88%97%E8%A1%A8_20261121.xlsx',
    );
    expect(contentDisposition('a "b" (1).pdf', 'inline')).toBe(
      'inline; filename="a _b_ (1).pdf"; filename*=UTF-8\'\'a%20%22b%22%20%281%29.pdf',
    );
  });
});
