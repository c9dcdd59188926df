/**
 * 首页's figures (issue 28): one call, each figure only for the admins whose roles grant the
 * element behind it, each the session company's own, and each checked against what the owning
 * area answers on its own screen; a payment moves 待支付 and 本月已发放.
 * PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { luhnCheckDigit } from '../../src/lib/bank-card.ts';
import { PNG_BYTES, testIdNumber, uploadTo } from '../files.ts';
import { caller, createTestApp, loginAs, thisPeriod, type Caller, type TestApp } from '../helpers.ts';
import { serviceCompanyId } from '../money/support.ts';
import { waitFor } from '../wait-for.ts';
import { adminWithout } from '../worker/support.ts';

const HOME = '/api/admin/home/summary';
const P = '/api/emolument';
const DEMO_MOBILE = '13800000001';

interface Summary {
  balances: { serviceCompanyId: number; serviceCompanyName: string; availableFen: number }[] | null;
  paidThisMonth: { amountFen: number; count: number } | null;
  approvals: { count: number } | null;
  toPay: { count: number; amountFen: number } | null;
  reviews: { count: number } | null;
  activity: { id: number; actionLabel: string; adminName: string; result: string; createdAt: string }[] | null;
  invoiceable: { amountFen: number } | null;
  articles: { id: number; title: string; summary: string; publishedAt: string }[] | null;
  modules: { id: number; title: string; icon: string; link: string }[];
  adverts: { id: number; title: string; imageFileId: string; link: string; position: string }[];
}

function cardEndingIn7(seed: number): string {
  for (let n = seed; ; n++) {
    const body = `622202${String(n).padStart(10, '0')}`;
    if (String(luhnCheckDigit(body)) === '7') return body + luhnCheckDigit(body);
  }
}

describe('home summary', () => {
  let t: TestApp;
  let demo: Caller;
  let demoToken: string;
  let hr: Caller;
  let yunfan: Caller;
  let hainan: number;

  const summary = async (c: Caller) => {
    const res = await c.get(HOME);
    expect(res.body.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as Summary;
  };

  beforeAll(async () => {
    t = await createTestApp();
    demoToken = await loginAs(t.app, 'demo');
    demo = caller(t.app, demoToken);
    hr = caller(t.app, await loginAs(t.app, 'hr'));
    yunfan = caller(t.app, await loginAs(t.app, 'demo_yf'));
    hainan = await serviceCompanyId(t.database.db, '海南灵工服务有限公司');
  });
  afterAll(() => t.close());

  it('gives the owner every figure, each equal to its own screen’s answer', async () => {
    const s = await summary(demo);
    const balances = (await demo.get('/api/companystaff/ecompanyFdIssue/getBalance')).body.data as {
      serviceCompanyId: number;
      availableFen: number;
    }[];
    expect(s.balances?.map((b) => [b.serviceCompanyId, b.availableFen])).toEqual(
      balances.map((b) => [b.serviceCompanyId, b.availableFen]),
    );
    expect(s.balances?.every((b) => b.serviceCompanyName.length > 0)).toBe(true);
    const counts = (await demo.get('/api/task/taskCenter/counts')).body.data as { review: number };
    expect(s.reviews).toEqual({ count: counts.review });
    const pending = (await demo.get('/api/admin/approval/pending')).body.data as { type: string }[];
    expect(s.approvals).toEqual({ count: pending.filter((p) => p.type === 'payroll').length });

    // 待支付 and 本月已发放 against the raw rows, counted here independently.
    const [toPay] = await queryRows<{ n: number; amount: string }>(
      t.database.db,
      sql`select count(*)::int as n, coalesce(sum(b.amount_fen), 0)::text as amount
          from payroll_batch b join company c on c.id = b.company_id
          where c.name = '星河科技有限公司' and b.status = 'to_pay'`,
    );
    expect(s.toPay).toEqual({ count: toPay?.n, amountFen: Number(toPay?.amount) });
    expect(s.paidThisMonth?.amountFen).toBeGreaterThanOrEqual(0);

    expect(s.activity?.length).toBeGreaterThan(0);
    expect(s.activity?.length).toBeLessThanOrEqual(8);
    const times = (s.activity ?? []).map((a) => a.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(s.activity?.[0]?.actionLabel).toBeTruthy();
  });

  it('leaves out each figure whose element the admin’s roles do not grant', async () => {
    // 人事专员: payroll:view and task:review of the elements behind the figures.
    expect(await summary(hr)).toMatchObject({
      balances: null,
      approvals: null,
      toPay: null,
      activity: null,
    });
    expect((await summary(hr)).paidThisMonth).not.toBeNull();
    expect((await summary(hr)).reviews).not.toBeNull();
    const token = await adminWithout(t, demoToken, ['money:view', 'task:review']);
    const limited = await summary(caller(t.app, token));
    expect(limited.balances).toBeNull();
    expect(limited.reviews).toBeNull();
    expect(limited.toPay).not.toBeNull();
    expect(limited.activity).not.toBeNull();
    // Without a session there is nothing.
    expect((await caller(t.app).get(HOME)).body.status).toBe(40101);
  });

  it('moves 待支付 and 本月已发放 with a payment, in that company only', async () => {
    const before = await summary(demo);
    const otherBefore = await summary(yunfan);

    const worker = await demo.post('/api/companystaff/employee', {
      name: '首页付款员工',
      idNumber: testIdNumber(9_801),
      mobile: '13799998801',
      joinedAt: '2026-01-05',
      bankCard: { bankCode: 'ICBC', cardNumber: cardEndingIn7(88_000), branch: '' },
    });
    expect(worker.body.status, JSON.stringify(worker.body)).toBe(200);
    const created = await hr.post(`${P}/emolumentGrant`, {
      title: '首页测试',
      period: thisPeriod(),
      serviceCompanyId: hainan,
      channel: 'bank',
      source: 'workers',
    });
    const id = created.body.data.id as number;
    await hr.post(`${P}/emolumentGrant/${id}/items`, { items: [{ workerId: worker.body.data.id, amountFen: 50_000 }] });
    expect((await hr.post(`${P}/emolumentGrant/${id}/check`)).body.data.status).toBe('confirming');
    expect((await hr.post(`${P}/emolumentGrant/${id}/submit`)).body.data.status).toBe('to_pay');

    const waiting = await summary(demo);
    expect(waiting.toPay).toEqual({
      count: (before.toPay?.count ?? 0) + 1,
      amountFen: (before.toPay?.amountFen ?? 0) + 50_000,
    });
    expect((await summary(yunfan)).toPay).toEqual(otherBefore.toPay);

    await t.database.db.execute(sql`delete from sms_outbox where mobile = ${DEMO_MOBILE}`);
    const sent = await demo.post('/api/admin/vcc/sendSms', { purpose: 'pay' });
    expect(sent.body.status, JSON.stringify(sent.body)).toBe(200);
    const [sms] = await queryRows<{ content: string }>(
      t.database.db,
      sql`select content from sms_outbox where mobile = ${DEMO_MOBILE} order by id desc limit 1`,
    );
    const code = /验证码为 (\d{6})/.exec(sms?.content ?? '')?.[1] ?? '';
    const paid = await demo.post(`${P}/payRoll/${id}/pay`, { method: 'sms', token: sent.body.data.token, code });
    expect(paid.body.status, JSON.stringify(paid.body)).toBe(200);
    const debit = paid.body.data.debitFen as number;
    await waitFor(
      async () => {
        await t.app.payoutWork.tick();
        const [row] = await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from payout where batch_id = ${id} and status in ('queued', 'submitted')`,
        );
        return row?.n ?? 0;
      },
      (open) => open === 0,
      { what: 'the batch settling', timeoutMs: 20_000, intervalMs: 300 },
    );

    const after = await summary(demo);
    expect(after.toPay).toEqual(before.toPay);
    expect(after.paidThisMonth).toEqual({
      amountFen: (before.paidThisMonth?.amountFen ?? 0) + debit,
      count: (before.paidThisMonth?.count ?? 0) + 1,
    });
    const available = (b: Summary) => b.balances?.find((x) => x.serviceCompanyId === hainan)?.availableFen ?? 0;
    expect(available(after)).toBe(available(before) - debit);
    expect(await summary(yunfan)).toMatchObject({ paidThisMonth: otherBefore.paidThisMonth });
    // The payment is the newest activity.
    expect((after.activity?.[0]?.createdAt ?? '') >= (before.activity?.[0]?.createdAt ?? '')).toBe(true);
  });

  it('gives the invoiceable amount only with invoice:view, equal to 申请开票’s total', async () => {
    const rows = (await demo.get('/api/invoice/invoiceable')).body.data as { invoiceableFen: number }[];
    const total = rows.reduce((sum, r) => sum + r.invoiceableFen, 0);
    expect(total).toBeGreaterThan(0);
    expect((await summary(demo)).invoiceable).toEqual({ amountFen: total });
    expect((await summary(hr)).invoiceable).toBeNull();
    const token = await adminWithout(t, demoToken, ['invoice:view']);
    expect((await summary(caller(t.app, token))).invoiceable).toBeNull();
  });

  it('shows every admin the company’s enabled home modules and the adverts of today, in order', async () => {
    const M = '/api/admin/content/homeModule';
    const A = '/api/admin/content/advert';
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const shift = (days: number) => new Date(Date.parse(today) + days * 86_400_000).toISOString().slice(0, 10);
    const first = (await demo.post(M, { title: '排在最前', icon: 'GiftOutlined', link: '/dashboard', sort: 0 })).body
      .data.id as number;
    const off = (await demo.post(M, { title: '停用模块', icon: 'GiftOutlined', link: '/dashboard', enabled: false }))
      .body.data.id as number;
    const png = await uploadTo(t.app, demoToken, '/api/admin/file/upload', { name: '横幅.png', content: PNG_BYTES });
    const image = png.body.data.id as string;
    const advert = (title: string, extra: Record<string, unknown>) =>
      demo.post(A, { title, imageFileId: image, position: 'homeBanner', startDate: today, endDate: today, ...extra });
    const now = (await advert('今天的广告', { sort: 0 })).body.data.id as number;
    const ended = (await advert('昨天结束', { startDate: shift(-3), endDate: shift(-1) })).body.data.id as number;
    const later = (await advert('明天开始', { startDate: shift(1), endDate: shift(5) })).body.data.id as number;
    const disabled = (await advert('停用广告', { enabled: false })).body.data.id as number;

    // 人事专员 holds no content element, and sees the home page's content all the same.
    for (const c of [demo, hr]) {
      const s = await summary(c);
      expect(s.modules[0]).toMatchObject({ id: first, title: '排在最前', icon: 'GiftOutlined', link: '/dashboard' });
      expect(s.modules.map((m) => m.id)).not.toContain(off);
      expect(s.adverts[0]).toMatchObject({ id: now, title: '今天的广告', imageFileId: image, position: 'homeBanner' });
      const ids = s.adverts.map((a) => a.id);
      for (const hidden of [ended, later, disabled]) expect(ids).not.toContain(hidden);
    }
    // The demo's own: its enabled modules, and its banner and side adverts of today.
    const s = await summary(demo);
    expect(s.modules.map((m) => m.title)).toEqual(expect.arrayContaining(['薪酬发放', '员工管理', '申请开票']));
    expect(s.modules.map((m) => m.title)).not.toContain('旧版入口');
    expect(s.adverts.map((a) => a.title)).toEqual(expect.arrayContaining(['本月薪酬发放安排', '电子发票上线']));
    expect(s.adverts.map((a) => a.title)).not.toContain('国庆假期通知（已结束）');
    // Another company sees none of them.
    const other = await summary(yunfan);
    expect(other.modules.map((m) => m.id)).not.toContain(first);
    expect(other.adverts.map((a) => a.id)).not.toContain(now);
    expect(other.adverts.map((a) => a.title)).toEqual(['配送旺季用工']);
  });

  it('lists the latest published articles, newest first, to the admins who may read them', async () => {
    const A = '/api/admin/content/article';
    const body = { summary: '摘要', body: '<p>正文</p>' };
    const published = (await demo.post(A, { ...body, title: '刚发布的文章', status: 'published' })).body.data
      .id as number;
    const draft = (await demo.post(A, { ...body, title: '还是草稿', status: 'draft' })).body.data.id as number;
    const s = await summary(demo);
    expect(s.articles?.[0]).toMatchObject({ id: published, title: '刚发布的文章', summary: '摘要' });
    expect(s.articles?.map((a) => a.id)).not.toContain(draft);
    // The demo's published articles follow; its draft is not among them.
    const titles = s.articles?.map((a) => a.title) ?? [];
    expect(titles).toEqual(expect.arrayContaining(['本月薪酬发放安排', '灵活用工个人所得税说明']));
    expect(titles).not.toContain('春节期间任务安排（草稿）');
    const times = (s.articles ?? []).map((a) => a.publishedAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(s.articles?.length).toBeLessThanOrEqual(5);
    // 人事专员 holds no content element: the reader page is not theirs, nor the list.
    expect((await summary(hr)).articles).toBeNull();
    // Another company sees its own only.
    const other = (await summary(yunfan)).articles ?? [];
    expect(other.length).toBeGreaterThan(0);
    expect(other.map((a) => a.id)).not.toContain(published);
    expect(other.map((a) => a.title)).not.toContain('本月薪酬发放安排');
  });
});
