/**
 * Impossible dates on the receipt lists (issue 24 finding 4): refused as a 40000 naming the
 * field, never an HTTP 500 from the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, createTestApp, loginAs, type Caller, type TestApp } from '../helpers.ts';

describe('receipt lists and impossible dates', () => {
  let t: TestApp;
  let demo: Caller;
  beforeAll(async () => {
    t = await createTestApp();
    demo = caller(t.app, await loginAs(t.app, 'demo'));
  });
  afterAll(() => t.close());

  const lists = [
    '/api/emolument/receiptController/pageByCompany?page=1&limit=10',
    '/api/emolument/receiptRecordController/getReceiptAmount?',
  ];

  it.each(lists)('refuses impossible dates on %s', async (url) => {
    for (const [field, value] of [
      ['paidFrom', '2023-13-45'],
      ['paidTo', '2023-02-30'],
      ['paidFrom', '2024-00-10'],
    ] as const) {
      const res = await demo.get(`${url}&${field}=${value}`);
      expect(res.statusCode, `${field}=${value}`).toBe(400);
      expect(res.body.status).toBe(40000);
      expect(res.body.data.errors[0].path).toBe(`querystring.${field}`);
    }
    expect((await demo.get(`${url}&paidFrom=2024-02-29&paidTo=2024-03-01`)).body.status).toBe(200);
  });
});
