/**
 * 在线客服's send limits (issue 40, an outside probe's finding: 120 messages of 1,900 characters in
 * 7 s were all accepted and reached every operator's stream). The company side may send
 * CHAT_RATE_LIMITS.perAdmin messages per admin and perCompany per company within the window;
 * beyond, 429 with the envelope (42900) and the wait, nothing saved. PGlite, and PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { CHAT_RATE_LIMITS } from '@flexpay/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { caller, createTestApp, loginAs, type Caller, type TestApp } from '../helpers.ts';
import { companyId } from '../money/support.ts';
import { adminWithout } from '../worker/support.ts';

const SEND = '/api/chat/messages/text';
const { perAdmin, perCompany, windowSeconds } = CHAT_RATE_LIMITS;

describe('chat send limits', () => {
  let t: TestApp;
  let owner: string;
  let yunfan: number;

  const sent = async () =>
    (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from chat_message where company_id = ${yunfan}`,
      )
    )[0]?.n ?? 0;
  const sendMany = async (who: Caller, n: number) => {
    for (let i = 0; i < n; i++) {
      const res = await who.post(SEND, { text: `第 ${i + 1} 条：${'字'.repeat(1900)}` });
      expect(res.body.status, JSON.stringify(res.body)).toBe(200);
    }
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await loginAs(t.app, 'demo_yf');
    yunfan = await companyId(t.database.db, '云帆物流有限公司');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses an admin past its limit with 429 and the wait, saving nothing; the window moving on frees it', async () => {
    const admin = caller(t.app, owner);
    await sendMany(admin, perAdmin);
    const before = await sent();
    const refused = await admin.post(SEND, { text: '再来一条' });
    expect(refused.statusCode).toBe(429);
    expect(refused.body.status).toBe(42900);
    expect(refused.body.message).toMatch(/^消息发送过于频繁，请 \d+ 秒后再试$/);
    const wait = Number(/(\d+) 秒/.exec(refused.body.message)?.[1]);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(windowSeconds);
    expect(await sent()).toBe(before);
    // The window moves on (the messages made older than it): the admin may send again.
    await t.database.db.execute(
      sql`update chat_message set created_at = created_at - make_interval(secs => ${windowSeconds + 1})
           where company_id = ${yunfan}`,
    );
    expect((await admin.post(SEND, { text: '现在可以了' })).body.status).toBe(200);
  });

  it('limits the company as a whole: other admins share its window', async () => {
    await t.database.db.execute(
      sql`update chat_message set created_at = created_at - make_interval(secs => ${windowSeconds + 1})
           where company_id = ${yunfan}`,
    );
    const admins = perCompany / perAdmin;
    for (let i = 0; i < admins; i++) await sendMany(caller(t.app, await adminWithout(t, owner, [])), perAdmin);
    const before = await sent();
    const another = caller(t.app, await adminWithout(t, owner, []));
    const refused = await another.post(SEND, { text: '企业已达上限' });
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toMatchObject({ status: 42900 });
    expect(refused.body.message).toMatch(/^本企业消息发送过于频繁，请 \d+ 秒后再试$/);
    expect(await sent()).toBe(before);
    // Another company is not held by it.
    expect((await caller(t.app, await loginAs(t.app, 'demo')).post(SEND, { text: '你好' })).body.status).toBe(200);
  });
});
