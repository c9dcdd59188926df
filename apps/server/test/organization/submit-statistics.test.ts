/**
 * 提交统计 (issue 38): what a company submitted (payroll batches, invoice applications, top-ups)
 * per Beijing day and month, by status and service company, against counts made here from the
 * raw rows; the service company filter; the export through the download centre; bad input,
 * permissions and another company's rows and service companies.
 * PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { chinaDateOf } from '../../src/lib/china-time.ts';
import { caller, createTestApp, loginAs, type Caller, type TestApp } from '../helpers.ts';
import { adminWithout, waitForExport } from '../worker/support.ts';

const S = '/api/statisticalCenter/submitStatistics';
const TABLES = { payroll: 'payroll_batch', invoice: 'invoice_application', topup: 'topup' } as const;

interface Row {
  period: string;
  kind: keyof typeof TABLES;
  status: string;
  statusLabel: string;
  serviceCompanyId: number;
  serviceCompanyName: string;
  count: number;
  amountFen: number;
}

const dayShift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('submit statistics', () => {
  let t: TestApp;
  let demo: Caller;
  let yunfan: Caller;
  let demoToken: string;
  let xinghe: number;
  let yunfanId: number;
  const today = chinaDateOf(new Date());

  const stats = async (query: Record<string, string | number>, c: Caller = demo) => {
    const res = await c.get(S, query);
    expect(res.body.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { periods: string[]; rows: Row[] };
  };

  /** The raw rows of one company, counted here: `kind|period|status|service company` -> count and amount. */
  const raw = async (companyId: number, format: 'YYYY-MM-DD' | 'YYYY-MM', from: string) => {
    const out = new Map<string, { count: number; amountFen: number }>();
    for (const [kind, table] of Object.entries(TABLES)) {
      const rows = await queryRows<{ period: string; status: string; sc: string; n: string; amount: string }>(
        t.database.db,
        sql`select to_char(created_at + interval '8 hours', ${format}) as period, status,
                   service_company_id::text as sc, count(*)::text as n, sum(amount_fen)::text as amount
              from ${sql.identifier(table)} where company_id = ${companyId}
             group by 1, 2, 3`,
      );
      for (const r of rows) {
        if (r.period < from.slice(0, format.length) || r.period > today.slice(0, format.length)) continue;
        out.set(`${kind}|${r.period}|${r.status}|${r.sc}`, { count: Number(r.n), amountFen: Number(r.amount) });
      }
    }
    return out;
  };
  const asMap = (rows: Row[]) =>
    new Map(
      rows.map((r) => [
        `${r.kind}|${r.period}|${r.status}|${r.serviceCompanyId}`,
        { count: r.count, amountFen: r.amountFen },
      ]),
    );

  beforeAll(async () => {
    t = await createTestApp();
    demoToken = await loginAs(t.app, 'demo');
    demo = caller(t.app, demoToken);
    yunfan = caller(t.app, await loginAs(t.app, 'demo_yf'));
    const companies = await queryRows<{ id: string; name: string }>(t.database.db, sql`select id, name from company`);
    xinghe = Number(companies.find((c) => c.name === '星河科技有限公司')!.id);
    yunfanId = Number(companies.find((c) => c.name === '云帆物流有限公司')!.id);
  });
  afterAll(() => t.close());

  it('counts the last 31 days by day as the raw rows do, each kind, status and service company', async () => {
    const from = dayShift(today, -30);
    const s = await stats({ granularity: 'day', from, to: today });
    expect(s.periods).toHaveLength(31);
    expect(s.periods[0]).toBe(from);
    expect(s.periods[30]).toBe(today);
    expect(asMap(s.rows)).toEqual(await raw(xinghe, 'YYYY-MM-DD', from));
    // The demo's batches of this month are there, with their statuses in Chinese.
    const todays = s.rows.filter((r) => r.period === today && r.kind === 'payroll');
    expect(todays.length).toBeGreaterThan(0);
    expect(todays.map((r) => r.statusLabel)).toEqual(expect.arrayContaining(['待审批', '待支付']));
    expect(todays.every((r) => r.serviceCompanyName === '海南灵工服务有限公司')).toBe(true);
  });

  it('counts 12 months by month, every month with the demo’s batches', async () => {
    const from = `${dayShift(`${today.slice(0, 7)}-15`, -11 * 30.5).slice(0, 7)}-01`;
    const s = await stats({ granularity: 'month', from, to: today });
    expect(s.periods).toHaveLength(12);
    expect(s.periods[11]).toBe(today.slice(0, 7));
    expect(asMap(s.rows)).toEqual(await raw(xinghe, 'YYYY-MM', from));
    for (const month of s.periods) {
      expect(
        s.rows.some((r) => r.period === month && r.kind === 'payroll'),
        month,
      ).toBe(true);
    }
    expect(s.rows.some((r) => r.kind === 'topup')).toBe(true);
  });

  it('narrows to one service company, and keeps each company to its own rows', async () => {
    const from = dayShift(today, -30);
    const options = (await demo.get('/api/companystaff/individualBusiness/getOcompanyIds')).body.data as {
      id: number;
      name: string;
    }[];
    const second = options.find((o) => o.name !== '海南灵工服务有限公司');
    const all = await stats({ granularity: 'day', from, to: today });
    for (const o of options) {
      const one = await stats({ granularity: 'day', from, to: today, serviceCompanyId: o.id });
      expect(one.rows).toEqual(all.rows.filter((r) => r.serviceCompanyId === o.id));
    }
    expect(second).toBeDefined();
    // 云帆物流 sees its own rows only.
    const theirs = await stats({ granularity: 'day', from, to: today }, yunfan);
    expect(asMap(theirs.rows)).toEqual(await raw(yunfanId, 'YYYY-MM-DD', from));
    // A service company 云帆物流 does not work with is refused, not answered with zeros.
    const yunfanOptions = (await yunfan.get('/api/companystaff/individualBusiness/getOcompanyIds')).body.data as {
      id: number;
    }[];
    const notTheirs = options.find((o) => !yunfanOptions.some((y) => y.id === o.id));
    if (notTheirs) {
      const res = await yunfan.get(S, { granularity: 'day', from, to: today, serviceCompanyId: notTheirs.id });
      expect(res.body).toMatchObject({ status: 40000 });
      expect(JSON.stringify(res.body)).toContain('服务商不存在');
    }
    const res = await demo.get(S, { granularity: 'day', from, to: today, serviceCompanyId: 999_999 });
    expect(JSON.stringify(res.body)).toContain('服务商不存在');
  });

  it('refuses bad input with a Chinese message', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ granularity: 'day', from: today }, '请选择结束日期'],
      [{ granularity: 'week', from: today, to: today }, '统计方式只能按日或按月'],
      [{ granularity: 'day', from: '2026-02-30', to: today }, '开始日期不是有效的日期'],
      [{ granularity: 'day', from: today, to: dayShift(today, -1) }, '结束日期不能早于开始日期'],
      [{ granularity: 'day', from: dayShift(today, -31), to: today }, '按日最多统计 31 天，按月最多 12 个月'],
      [{ granularity: 'month', from: '2025-01-01', to: '2026-01-01' }, '按日最多统计 31 天，按月最多 12 个月'],
    ];
    for (const [query, message] of cases) {
      const res = await demo.get(S, query);
      expect(res.body.status, message).toBe(40000);
      expect(JSON.stringify(res.body), message).toContain(message);
    }
    expect((await demo.get(S, { granularity: 'month', from: '2025-02-01', to: '2026-01-31' })).body.status).toBe(200);
  });

  it('exports the table through the download centre, and needs stats:view / stats:export', async () => {
    const query = { granularity: 'month', from: `${today.slice(0, 7)}-01`, to: today };
    const s = await stats(query);
    const res = await demo.post(`${S}/export`, query);
    expect(res.body.status, JSON.stringify(res.body)).toBe(200);
    const job = await waitForExport(t, res.body.data.id);
    expect(job.status).toBe('done');
    expect(job.row_count).toBe(s.rows.length);
    expect((await demo.post(`${S}/export`, { ...query, to: '2020-01-01' })).body.status).toBe(40000);

    const noExport = caller(t.app, await adminWithout(t, demoToken, ['stats:export']));
    expect((await noExport.get(S, query)).body.status).toBe(200);
    expect((await noExport.post(`${S}/export`, query)).body.status).toBe(40301);
    const none = caller(t.app, await adminWithout(t, demoToken, ['stats:view', 'stats:export']));
    expect((await none.get(S, query)).body.status).toBe(40301);
    expect((await caller(t.app).get(S, query)).body.status).toBe(40101);
  });
});
