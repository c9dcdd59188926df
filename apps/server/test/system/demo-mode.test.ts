import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLoginsWarning, findDemoLoginsInUse } from '../../src/seed/demo.ts';
import { hashPassword } from '../../src/lib/password.ts';
import { caller, createTestApp, type TestApp } from '../helpers.ts';

const DEMO_ACCOUNTS = '/api/admin/dataDictionary/demoAccounts';

describe('demo accounts outside demo mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demoMode: false });
  });
  afterAll(() => t.close());

  it('serves no demo logins outside demo mode', async () => {
    const res = await caller(t.app).get(DEMO_ACCOUNTS);
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ status: 200, data: [] });
  });

  it('warns at start while a demo login still opens with the published password', async () => {
    expect(await findDemoLoginsInUse(t.database.db)).toEqual(['demo', 'demo_yf', 'finance', 'hr']);
    expect(await demoLoginsWarning(t.database.db, true)).toBeUndefined();
    expect(await demoLoginsWarning(t.database.db, false)).toBe(
      '演示模式已关闭，但演示账号 demo、demo_yf、finance、hr 仍可用公开的演示密码登录：请修改其密码或停用这些账号',
    );
    const changed = await hashPassword('Changed@123456');
    await t.database.db.execute(sql`update admin set password_hash = ${changed} where username in ('demo', 'demo_yf')`);
    await t.database.db.execute(sql`update admin set status = 'disabled' where username in ('finance', 'hr')`);
    expect(await demoLoginsWarning(t.database.db, false)).toBeUndefined();
  });
});
