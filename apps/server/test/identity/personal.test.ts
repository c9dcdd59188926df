import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { totp } from '../../src/lib/totp.ts';
import { caller, createTestApp, DEMO_PASSWORD, freshIp, loginAs, type TestApp } from '../helpers.ts';

const LOGIN = '/api/auth/jwt/ecomapnyToken';
const INFO = '/api/admin/user/front/info';

describe('personal settings, verification methods and SMS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** The code of the latest SMS to a mobile, read from the outbox the default sender writes. */
  const lastSmsCode = async (mobile: string) => {
    const [row] = await queryRows<{ content: string }>(
      t.database.db,
      sql`select content from sms_outbox where mobile = ${mobile} order by id desc limit 1`,
    );
    return /验证码为 (\d{6})/.exec(row?.content ?? '')?.[1] ?? '';
  };
  /** Lets the next SMS to this mobile go out at once (the 60 s rule is tested separately). */
  const forgetSms = (mobile: string) => t.database.db.execute(sql`delete from sms_outbox where mobile = ${mobile}`);

  describe('change password', () => {
    it('refuses a wrong old password, a weak new one and the same one, changing nothing', async () => {
      const token = await loginAs(t.app, 'demo_yf');
      const c = caller(t.app, token);
      const wrong = await c.put('/api/admin/user/personal/password', {
        oldPassword: 'Nope@1234',
        newPassword: 'Fresh@12345',
      });
      expect(wrong.body).toMatchObject({
        status: 40000,
        data: { errors: [{ path: 'oldPassword', message: '原密码不正确' }] },
      });
      const weak = await c.put('/api/admin/user/personal/password', {
        oldPassword: DEMO_PASSWORD,
        newPassword: 'short',
      });
      expect(weak.body.data.errors[0]).toMatchObject({
        path: 'newPassword',
        message: '密码至少 8 位，且须同时包含字母和数字',
      });
      const letters = await c.put('/api/admin/user/personal/password', {
        oldPassword: DEMO_PASSWORD,
        newPassword: 'abcdefghijk',
      });
      expect(letters.body.status).toBe(40000);
      const same = await c.put('/api/admin/user/personal/password', {
        oldPassword: DEMO_PASSWORD,
        newPassword: DEMO_PASSWORD,
      });
      expect(same.body.data.errors[0]).toMatchObject({ path: 'newPassword', message: '新密码不能与原密码相同' });
      await loginAs(t.app, 'demo_yf');
    });

    it('changes it, ends the other sessions, keeps this one, and the new password signs in', async () => {
      const other = await loginAs(t.app, 'demo_yf');
      const token = await loginAs(t.app, 'demo_yf');
      const res = await caller(t.app, token).put('/api/admin/user/personal/password', {
        oldPassword: DEMO_PASSWORD,
        newPassword: 'Fresh@12345',
      });
      expect(res.body.status).toBe(200);
      expect((await caller(t.app, token).get(INFO)).body.status).toBe(200);
      expect((await caller(t.app, other).get(INFO)).body.status).toBe(40003);
      const old = await caller(t.app, undefined, freshIp()).post(LOGIN, {
        username: 'demo_yf',
        password: DEMO_PASSWORD,
      });
      expect(old.body.status).toBe(40001);
      await loginAs(t.app, 'demo_yf', 'Fresh@12345');
    });

    it('needs a session', async () => {
      const res = await caller(t.app).put('/api/admin/user/personal/password', { oldPassword: 'a', newPassword: 'b' });
      expect(res.body.status).toBe(40101);
    });
  });

  describe('SMS sign-in', () => {
    it('asks for an SMS code after the right password, and signs in with it', async () => {
      await t.database.db.execute(sql`update admin set verify_method = 'sms' where username = 'finance'`);
      try {
        await forgetSms('13800000003');
        const ip = freshIp();
        const step1 = await caller(t.app, undefined, ip).post(LOGIN, { username: 'finance', password: DEMO_PASSWORD });
        expect(step1.statusCode).toBe(500);
        expect(step1.body).toMatchObject({
          status: 1001,
          message: '验证码已发送至 138****0003，请输入短信验证码',
          data: { verifyMethod: 'sms', mobile: '138****0003', token: expect.any(String) },
        });
        const challenge = step1.body.data.token as string;

        const resend = await caller(t.app, undefined, ip).post('/api/admin/vcc/sendSms', {
          purpose: 'login',
          token: challenge,
        });
        expect(resend.statusCode).toBe(429);
        expect(resend.body.message).toMatch(/^验证码发送过于频繁，请 \d+ 秒后再试$/);

        const wrong = await caller(t.app, undefined, ip).post(LOGIN, {
          username: 'finance',
          password: DEMO_PASSWORD,
          token: challenge,
          code: '000000' === (await lastSmsCode('13800000003')) ? '111111' : '000000',
        });
        expect(wrong.body).toMatchObject({ status: 40001, message: '短信验证码错误' });

        const valid = await caller(t.app).post('/api/admin/vcc/validateCode', {
          token: challenge,
          code: await lastSmsCode('13800000003'),
        });
        expect(valid.body.data).toEqual({ valid: true });

        const ok = await caller(t.app, undefined, ip).post(LOGIN, {
          username: 'finance',
          password: DEMO_PASSWORD,
          token: challenge,
          code: await lastSmsCode('13800000003'),
        });
        expect(ok.body.status).toBe(200);
        // A used challenge cannot sign in twice: a new one is needed, and its SMS waits out the 60 s.
        const again = await caller(t.app, undefined, ip).post(LOGIN, {
          username: 'finance',
          password: DEMO_PASSWORD,
          token: challenge,
          code: await lastSmsCode('13800000003'),
        });
        expect(again.body.status).toBe(42900);
      } finally {
        await t.database.db.execute(sql`update admin set verify_method = 'password' where username = 'finance'`);
        await t.database.db.execute(sql`delete from login_attempt where username = 'finance'`);
      }
    });

    it('stops at 10 SMS a day per mobile', async () => {
      await forgetSms('13900000000');
      await t.database.db.execute(
        sql`insert into sms_outbox (mobile, content, purpose, ip, created_at)
            select '13900000000', 'x', 'login', '1.1.1.1', now() - make_interval(mins => g * 10) from generate_series(1, 10) g`,
      );
      const token = await loginAs(t.app, 'demo');
      const res = await caller(t.app, token).post('/api/admin/vcc/sendSms', {
        purpose: 'mobile_new',
        mobile: '13900000000',
      });
      expect(res.body).toMatchObject({ status: 42900, message: '该手机号今日接收验证码次数已达上限，请明天再试' });
    });

    it('refuses a login resend without a live challenge and other purposes without a session', async () => {
      const noChallenge = await caller(t.app).post('/api/admin/vcc/sendSms', { purpose: 'login', token: 'nope' });
      expect(noChallenge.body.status).toBe(40000);
      expect((await caller(t.app).post('/api/admin/vcc/sendSms', { purpose: 'verify' })).body.status).toBe(40101);
      expect((await caller(t.app).post('/api/admin/vcc/sendSms', { purpose: 'bogus' })).body.status).toBe(40000);
    });
  });

  describe('change verification method to TOTP and sign in with it', () => {
    it('proves the password, confirms the authenticator, then asks for its code at sign-in', async () => {
      const token = await loginAs(t.app, 'demo');
      const c = caller(t.app, token);
      const setup = await c.post('/api/admin/user/personal/totp');
      expect(setup.body.data.uri).toMatch(/^otpauth:\/\/totp\//);
      const secret = setup.body.data.secret as string;

      const badProof = await c.put('/api/admin/user/personal/verifyMethod', {
        method: 'totp',
        code: 'Wrong@1234',
        newToken: setup.body.data.token,
        newCode: totp(secret),
      });
      expect(badProof.body.data.errors[0]).toMatchObject({ path: 'code', message: '当前密码不正确' });
      const badCode = await c.put('/api/admin/user/personal/verifyMethod', {
        method: 'totp',
        code: DEMO_PASSWORD,
        newToken: setup.body.data.token,
        newCode: totp(secret, Date.now() - 300_000),
      });
      expect(badCode.body.data.errors[0]).toMatchObject({ path: 'newCode', message: '身份验证器动态码错误' });
      expect((await c.get(INFO)).body.data.verifyMethod).toBe('password');

      const ok = await c.put('/api/admin/user/personal/verifyMethod', {
        method: 'totp',
        code: DEMO_PASSWORD,
        newToken: setup.body.data.token,
        newCode: totp(secret),
      });
      expect(ok.body.status).toBe(200);
      expect((await c.get(INFO)).body.data.verifyMethod).toBe('totp');

      const ip = freshIp();
      const step1 = await caller(t.app, undefined, ip).post(LOGIN, { username: 'demo', password: DEMO_PASSWORD });
      expect(step1.body).toMatchObject({ status: 1001, data: { verifyMethod: 'totp' } });
      const step2 = await caller(t.app, undefined, ip).post(LOGIN, {
        username: 'demo',
        password: DEMO_PASSWORD,
        token: step1.body.data.token,
        code: totp(secret),
      });
      expect(step2.body.status).toBe(200);

      // Back to the password, proving the authenticator.
      const back = await caller(t.app, step2.body.data).put('/api/admin/user/personal/verifyMethod', {
        method: 'password',
        code: totp(secret),
      });
      expect(back.body.status).toBe(200);
      await loginAs(t.app, 'demo');
    });
  });

  describe('change mobile', () => {
    it('needs codes sent to the old and the new number', async () => {
      const token = await loginAs(t.app, 'demo');
      const c = caller(t.app, token);
      await forgetSms('13800000001');
      await forgetSms('13911112222');
      const oldSms = await c.post('/api/admin/vcc/sendSms', { purpose: 'mobile_old' });
      expect(oldSms.body.data).toMatchObject({ mobile: '138****0001', resendAfterSeconds: 60 });
      const newSms = await c.post('/api/admin/vcc/sendSms', { purpose: 'mobile_new', mobile: '13911112222' });
      expect(newSms.body.data.mobile).toBe('139****2222');

      const wrongNew = await c.put('/api/admin/user/personal/mobile', {
        oldToken: oldSms.body.data.token,
        oldCode: await lastSmsCode('13800000001'),
        mobile: '13911112222',
        newToken: newSms.body.data.token,
        newCode: 'x00000',
      });
      expect(wrongNew.body.data.errors[0]).toMatchObject({ path: 'newCode', message: '新手机号验证码错误' });
      const otherNumber = await c.put('/api/admin/user/personal/mobile', {
        oldToken: oldSms.body.data.token,
        oldCode: await lastSmsCode('13800000001'),
        mobile: '13933334444',
        newToken: newSms.body.data.token,
        newCode: await lastSmsCode('13911112222'),
      });
      expect(otherNumber.body.status).toBe(40000);
      const bad = await c.put('/api/admin/user/personal/mobile', { mobile: '12345', newToken: 'a', newCode: '1' });
      expect(bad.body.data.errors[0]).toMatchObject({ path: 'mobile', message: '请输入正确的 11 位手机号' });

      const ok = await c.put('/api/admin/user/personal/mobile', {
        oldToken: oldSms.body.data.token,
        oldCode: await lastSmsCode('13800000001'),
        mobile: '13911112222',
        newToken: newSms.body.data.token,
        newCode: await lastSmsCode('13911112222'),
      });
      expect(ok.body.status).toBe(200);
      expect((await c.get(INFO)).body.data.mobile).toBe('139****2222');
    });
  });

  describe('branding and dictionaries', () => {
    it('serves branding by companyId to the login page and the session company to a signed-in admin', async () => {
      const [yf] = await queryRows<{ id: number }>(
        t.database.db,
        sql`select id from company where name = '云帆物流有限公司'`,
      );
      const anon = await caller(t.app).get('/api/admin/dataDictionary/getCustomCompanyInfo', {
        companyId: yf?.id ?? 0,
      });
      expect(JSON.parse(anon.body.data)).toMatchObject({
        title: '云帆物流有限公司',
        customerServiceObj: { phoneNumber: '400-600-6600' },
      });
      const token = await loginAs(t.app, 'finance');
      const mine = await caller(t.app, token).get('/api/admin/dataDictionary/getCustomCompanyInfo', {
        token,
        companyId: yf?.id ?? 0,
      });
      expect(JSON.parse(mine.body.data).title).toBe('星河科技有限公司');
      expect(
        (await caller(t.app).get('/api/admin/dataDictionary/getCustomCompanyInfo', { companyId: 999999 })).body.data,
      ).toBeNull();
      expect(
        (await caller(t.app).get('/api/admin/dataDictionary/getCustomCompanyInfo', { companyId: 'x' })).body.status,
      ).toBe(40000);
    });

    it('lists dictionaries for a session and the demo accounts in demo mode', async () => {
      const token = await loginAs(t.app, 'finance');
      const all = await caller(t.app, token).get('/api/admin/dataDictionary/list');
      expect(all.body.data.adminStatus).toEqual([
        { value: 'enabled', label: '启用' },
        { value: 'disabled', label: '停用' },
      ]);
      const one = await caller(t.app, token).get('/api/admin/dataDictionary/list', { type: 'bank' });
      expect(Object.keys(one.body.data)).toEqual(['bank']);
      expect((await caller(t.app, token).get('/api/admin/dataDictionary/list', { type: 'nope' })).body.status).toBe(
        40000,
      );
      expect((await caller(t.app).get('/api/admin/dataDictionary/list')).body.status).toBe(40101);
      const demo = await caller(t.app).get('/api/admin/dataDictionary/demoAccounts');
      expect(demo.body.data.map((d: { username: string }) => d.username)).toEqual(['demo', 'demo_yf', 'finance', 'hr']);
    });

    it('lists the whole grantable catalogue for the role editor', async () => {
      const token = await loginAs(t.app, 'finance');
      const all = await caller(t.app, token).get('/api/admin/user/front/menu/all');
      expect(all.body.data.menus.map((m: { code: string }) => m.code)).toContain('systemSetting');
      expect(all.body.data.elements.find((g: { area: string }) => g.area === 'system').elements).toContainEqual({
        code: 'system:role',
        title: '角色管理',
      });
    });
  });
});
