/**
 * The import's large-file paths against a real database: a sheet checked on two threads, a commit
 * of several batches in flight, duplicates found by the unique index and reported by row.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import * as workerRepo from '../../src/modules/worker/repo.ts';
import { CHECK_THREAD_MIN_BYTES } from '../../src/modules/import/validation.ts';
import { testCardNumber, testIdNumber, uploadTo } from '../files.ts';
import { caller, createTestApp, loginAs, type Caller, type TestApp } from '../helpers.ts';
import { waitFor } from '../wait-for.ts';
import { waitForImport } from './support.ts';

const BASE = '/api/companystaff/employee/import';
const HEADER = '姓名*,身份证号*,手机号*,工种编码,入职日期*,备注,开户银行,银行卡号,开户支行,支付宝账号';

/** A CSV field as Excel quotes it. */
const field = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

interface CsvRow {
  name: string;
  id: string;
  mobile: string;
  code?: string;
  remark?: string;
  card?: string;
  alipay?: string;
}
const csv = (rows: CsvRow[]) =>
  `\ufeff${[
    HEADER,
    ...rows.map((r) =>
      [
        r.name,
        r.id,
        r.mobile,
        r.code ?? '',
        '2025-06-01',
        r.remark ?? '',
        r.card ? '中国工商银行' : '',
        r.card ?? '',
        r.card ? '北京分行' : '',
        r.alipay ?? '',
      ]
        .map(field)
        .join(','),
    ),
  ].join('\r\n')}\r\n`;

describe('worker import of large files', () => {
  let t: TestApp;
  let token: string;
  let demo: Caller;
  let companyId: number;

  const workerCount = async () =>
    (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from worker where company_id = ${companyId}`,
      )
    )[0]?.n ?? 0;

  const importCsv = async (name: string, content: string) => {
    const res = await uploadTo(t.app, token, BASE, { name, content });
    expect(res.body.status, JSON.stringify(res.body)).toBe(200);
    return waitForImport(t, token, res.body.data.id);
  };
  const commit = async (id: string) => {
    const res = await demo.post(`${BASE}/${id}/commit`);
    expect(res.body.status, JSON.stringify(res.body)).toBe(200);
    return waitForImport(t, token, id);
  };

  beforeAll(async () => {
    t = await createTestApp();
    token = await loginAs(t.app, 'demo');
    demo = caller(t.app, token);
    const [company] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id::int as id from company where name = '星河科技有限公司'`,
    );
    companyId = company?.id ?? 0;
  });
  afterAll(() => t.close());

  it(
    'checks a large sheet on two threads with the errors of a small one, then commits it whole',
    { timeout: 180_000 },
    async () => {
      const rows: CsvRow[] = Array.from({ length: 4500 }, (_, i) => ({
        name: `员工${'甲乙丙丁戊'[i % 5]}`,
        id: testIdNumber(20_000 + i),
        mobile: `137${String(i).padStart(8, '0')}`,
        code: i % 3 ? 'QA' : '',
        remark: `第${i}行 "引号" 反斜杠\\ {花括号},逗号`,
        ...(i % 4 === 1 ? { alipay: `u${i}@example.com` } : { card: testCardNumber(20_000 + i) }),
      }));
      const bad = rows.map((r, i) => (i % 1000 === 999 ? { ...r, mobile: '123' } : r));
      expect(Buffer.byteLength(csv(bad))).toBeGreaterThan(CHECK_THREAD_MIN_BYTES);

      const refused = await importCsv('大文件-有误.csv', csv(bad));
      expect(refused).toMatchObject({ status: 'validated', totalRows: 4500, errorRows: 4, validRows: 4496 });
      expect(refused.errors).toEqual(
        [1001, 2001, 3001, 4001].map((row) => ({ row, field: '手机号', message: '请输入正确的 11 位手机号' })),
      );

      const before = await workerCount();
      const job = await importCsv('大文件.csv', csv(rows));
      expect(job).toMatchObject({ status: 'validated', totalRows: 4500, errorRows: 0 });
      expect(await commit(job.id)).toMatchObject({ status: 'committed', insertedRows: 4500 });
      expect(await workerCount()).toBe(before + 4500);
      // Once committed, the grown table is analysed (ADR 0016): its statistics count the new rows.
      const analysedRows = async () => {
        const [stats] = await queryRows<{ tuples: number }>(
          t.database.db,
          sql`select reltuples::float8 as tuples from pg_class where oid = 'worker'::regclass`,
        );
        return stats?.tuples ?? -1;
      };
      await waitFor(analysedRows, (n) => n >= before + 4500, { timeoutMs: 20_000, what: 'worker analysed' });

      const saved = await queryRows<{
        mobile: string;
        remark: string;
        job_type: boolean;
        card_holder: string | null;
        alipay: string | null;
        n: number;
      }>(
        t.database.db,
        sql`select w.mobile, w.remark, w.job_type_id is not null as job_type, b.holder_name as card_holder,
                 a.account_masked as alipay, count(*) over ()::int as n
          from worker w
          left join worker_bank_card b on b.company_id = w.company_id and b.worker_id = w.id and b.is_default
          left join worker_alipay a on a.company_id = w.company_id and a.worker_id = w.id and a.is_default
          where w.company_id = ${companyId} and w.mobile like '137%' and w.remark like '第%' order by w.mobile`,
      );
      expect(saved).toHaveLength(4500);
      for (const i of [0, 1, 2, 1499, 1500, 1501, 4499]) {
        const row = rows[i] as CsvRow;
        expect(saved[i], `row ${i + 2}`).toMatchObject({
          mobile: row.mobile,
          remark: row.remark,
          job_type: row.code === 'QA',
          card_holder: row.card ? row.name : null,
          alipay: row.alipay ? `u***@example.com` : null,
        });
      }
    },
  );

  it(
    'fails the commit on a worker added since the validation, naming its row in a later batch, writing nothing',
    { timeout: 120_000 },
    async () => {
      const rows: CsvRow[] = Array.from({ length: 3200 }, (_, i) => ({
        name: '后批次',
        id: testIdNumber(40_000 + i),
        mobile: `136${String(i).padStart(8, '0')}`,
        card: testCardNumber(40_000 + i),
      }));
      const job = await importCsv('三批.csv', csv(rows));
      expect(job).toMatchObject({ status: 'validated', errorRows: 0, validRows: 3200 });
      // Row 3001 (rows[2999]) is in the second batch of the commit, while the third waits behind it.
      const taken = await demo.post('/api/companystaff/employee', {
        name: '抢先',
        idNumber: rows[2999]?.id,
        mobile: '13600009999',
        joinedAt: '2024-01-01',
      });
      expect(taken.body.status).toBe(200);
      const before = await workerCount();
      expect(await commit(job.id)).toMatchObject({
        status: 'failed',
        insertedRows: 0,
        message: '第 3001 行「身份证号」该身份证号的员工已存在，导入已取消，没有写入任何数据',
      });
      expect(await workerCount()).toBe(before);
    },
  );

  it('reports the first problem in row order when a row of the batch is taken and a later one has its job type disabled', async () => {
    const type = await demo.post('/api/companystaff/ecompanyJobCategory', { name: '顺序', code: 'ORD', enabled: true });
    expect(type.body.status).toBe(200);
    const rows: CsvRow[] = Array.from({ length: 8 }, (_, i) => ({
      name: '顺序',
      id: testIdNumber(50_000 + i),
      mobile: `135${String(i).padStart(8, '0')}`,
      code: i === 5 ? 'ORD' : '',
    }));
    const job = await importCsv('顺序.csv', csv(rows));
    expect(job).toMatchObject({ status: 'validated', errorRows: 0 });
    const off = await demo.put(`/api/companystaff/ecompanyJobCategory/${type.body.data.id}`, {
      name: '顺序',
      code: 'ORD',
      enabled: false,
    });
    expect(off.body.status).toBe(200);
    const taken = await demo.post('/api/companystaff/employee', {
      name: '抢先',
      idNumber: rows[2]?.id,
      mobile: '13500009999',
      joinedAt: '2024-01-01',
    });
    expect(taken.body.status).toBe(200);
    // Row 4 (taken) comes before row 7 (job type disabled).
    expect(await commit(job.id)).toMatchObject({
      status: 'failed',
      message: '第 4 行「身份证号」该身份证号的员工已存在，导入已取消，没有写入任何数据',
    });
  });
});

describe('inserting workers with their default accounts', () => {
  it('links each account to its worker, whatever the mix of columns with one value and with many', async () => {
    const t = await createTestApp();
    try {
      const db = t.database.db;
      const [company] = await queryRows<{ id: number }>(db, sql`select id::int as id from company order by id limit 1`);
      const [type] = await queryRows<{ id: number }>(
        db,
        sql`select id::int as id from job_type where company_id = ${company?.id} order by id limit 1`,
      );
      const companyId = company?.id ?? 0;
      const worker = (i: number, over: Partial<workerRepo.NewWorker> = {}): workerRepo.NewWorker => ({
        companyId: 999_999, // the caller's company wins
        name: `插入${i}`,
        idNumberEnc: `enc-${i}`,
        idNumberHash: `hash-insert-${i}`,
        idNumberMasked: `masked-${i}`,
        mobile: `1340000000${i}`,
        gender: i % 2 ? 'male' : 'female',
        birthDate: '1990-01-01',
        province: '北京市',
        regionCode: '110105',
        jobTypeId: null,
        departmentId: null,
        joinedAt: '2025-01-01',
        remark: '',
        ...over,
      });
      const rows = [
        {
          worker: worker(1, { remark: '引号" 反斜杠\\ {,} NULL', jobTypeId: type?.id ?? null }),
          account: {
            channel: 'bank' as const,
            values: {
              bankCode: 'ICBC',
              cardNumberEnc: 'c1',
              cardNumberHash: 'ch1',
              cardNumberMasked: 'm1',
              branch: '',
            },
          },
        },
        { worker: worker(2) },
        {
          worker: worker(3, { remark: 'NULL' }),
          account: {
            channel: 'alipay' as const,
            values: { accountEnc: 'a3', accountHash: 'ah3', accountMasked: 'am3' },
          },
        },
        {
          worker: worker(4),
          account: {
            channel: 'bank' as const,
            values: {
              bankCode: 'CMB',
              cardNumberEnc: 'c4',
              cardNumberHash: 'ch4',
              cardNumberMasked: 'm4',
              branch: '分行',
            },
          },
        },
      ];
      expect(await workerRepo.insertWorkersWithAccounts(db, companyId, rows)).toBe(4);
      // One row alone: every column has one value.
      expect(await workerRepo.insertWorkersWithAccounts(db, companyId, [{ worker: worker(5) }])).toBe(1);
      const saved = await queryRows<Record<string, unknown>>(
        db,
        sql`select w.name, w.company_id::int as company, w.remark, w.job_type_id is not null as typed, w.gender,
                   b.bank_code, b.branch, b.holder_name as card_holder, b.is_default as card_default,
                   a.account_masked, a.holder_name as alipay_holder, a.is_default as alipay_default
            from worker w
            left join worker_bank_card b on b.company_id = w.company_id and b.worker_id = w.id
            left join worker_alipay a on a.company_id = w.company_id and a.worker_id = w.id
            where w.id_number_hash like 'hash-insert-%' order by w.name`,
      );
      const none = { bank_code: null, branch: null, card_holder: null, card_default: null };
      const noAlipay = { account_masked: null, alipay_holder: null, alipay_default: null };
      expect(saved).toEqual([
        {
          name: '插入1',
          company: companyId,
          remark: '引号" 反斜杠\\ {,} NULL',
          typed: true,
          gender: 'male',
          bank_code: 'ICBC',
          branch: '',
          card_holder: '插入1',
          card_default: true,
          ...noAlipay,
        },
        { name: '插入2', company: companyId, remark: '', typed: false, gender: 'female', ...none, ...noAlipay },
        {
          name: '插入3',
          company: companyId,
          remark: 'NULL',
          typed: false,
          gender: 'male',
          ...none,
          account_masked: 'am3',
          alipay_holder: '插入3',
          alipay_default: true,
        },
        {
          name: '插入4',
          company: companyId,
          remark: '',
          typed: false,
          gender: 'female',
          bank_code: 'CMB',
          branch: '分行',
          card_holder: '插入4',
          card_default: true,
          ...noAlipay,
        },
        { name: '插入5', company: companyId, remark: '', typed: false, gender: 'male', ...none, ...noAlipay },
      ]);
    } finally {
      await t.close();
    }
  });
});
