/**
 * The import centre driving a second, test-only definition (points-importer.ts) end to end:
 * template, upload, row errors and report, commit, and the all-or-nothing rollback, through the
 * same routes and background jobs as the worker import.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { importerRoutes } from '../../src/modules/import/routes.ts';
import { CHECK_THREAD_MIN_BYTES } from '../../src/modules/import/validation.ts';
import { buildXlsx, download, readXlsx, uploadTo } from '../files.ts';
import { caller, createTestApp, loginAs, type TestApp } from '../helpers.ts';
import { waitFor } from '../wait-for.ts';
import { CREATE_BLOCKED_TABLE, CREATE_POINTS_TABLE, pointsImporter } from './points-importer.ts';

const BASE = '/api/test/points/import';
const HEADER = ['姓名*', '编号*', '金额*', '备注'];

describe('import centre with a second definition (积分)', () => {
  let t: TestApp;
  let token: string;
  let companyId: number;

  const points = async () =>
    queryRows<{ code: string; name: string; cents: number; remark: string }>(
      t.database.db,
      sql`select code, name, cents, remark from test_points where company_id = ${companyId} order by code`,
    );
  const pointCount = async () =>
    (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from test_points where company_id = ${companyId}`,
      )
    )[0]?.n ?? 0;
  const storedFileExists = async (id: string | null) =>
    id !== null &&
    ((await queryRows(t.database.db, sql`select 1 from stored_file where id = ${id}::uuid`)).length ?? 0) > 0;
  const jobRow = async (id: string) =>
    (
      await queryRows<{ type: string; file_id: string | null; staged_file_id: string | null }>(
        t.database.db,
        sql`select type, file_id, staged_file_id from import_job where id = ${id}::uuid`,
      )
    )[0];

  const wait = (id: string) =>
    waitFor(
      async () => (await caller(t.app, token).get(`${BASE}/${id}`)).body,
      (body) => body.status !== 200 || !['validating', 'committing'].includes(body.data.status),
      { what: `import ${id}`, timeoutMs: 120_000 },
    ).then((body) => {
      expect(body.status).toBe(200);
      return body.data;
    });

  /** Uploads a sheet and waits for its validation. */
  const importFile = async (name: string, content: Buffer | string) => {
    const res = await uploadTo(t.app, token, BASE, { name, content });
    expect(res.body.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ fileName: name, status: 'validating' });
    return wait(res.body.data.id);
  };
  const commit = async (id: string) => {
    const res = await caller(t.app, token).post(`${BASE}/${id}/commit`);
    expect(res.body.status, JSON.stringify(res.body)).toBe(200);
    return wait(id);
  };

  beforeAll(async () => {
    t = await createTestApp({}, (app) => {
      void app.register(importerRoutes, {
        importer: pointsImporter,
        paths: {
          template: `${BASE}/template`,
          upload: BASE,
          one: `${BASE}/:id`,
          commit: `${BASE}/:id/commit`,
          report: `${BASE}/:id/report`,
        },
        access: 'session',
        audit: { upload: 'test.import', commit: 'test.importCommit' },
        tag: 'test',
      });
    });
    await t.database.db.execute(CREATE_POINTS_TABLE);
    await t.database.db.execute(CREATE_BLOCKED_TABLE);
    token = await loginAs(t.app, 'demo');
    const [admin] = await queryRows<{ company_id: number }>(
      t.database.db,
      sql`select company_id::int as company_id from admin where username = 'demo'`,
    );
    companyId = admin?.company_id ?? 0;
  });
  afterAll(() => t.close());

  it('serves the definition template under its own name', async () => {
    const got = await download(t.app, token, `${BASE}/template`);
    expect(got.statusCode).toBe(200);
    expect(String(got.headers['content-disposition'])).toContain(encodeURIComponent('积分导入模板.xlsx'));
    const [sheet] = await readXlsx(got.bytes);
    expect(sheet?.rows[0]).toEqual(HEADER);
  });

  it('reports the rows that fail the definition checks, refuses the commit and writes nothing', async () => {
    await t.database.db.execute(
      sql`insert into test_points values (${companyId}, 'OLD1', '老王', 100, '') on conflict do nothing`,
    );
    await t.database.db.execute(sql`insert into test_blocked_codes values ('STOP') on conflict do nothing`);
    const before = await pointCount();
    const xlsx = await buildXlsx([
      {
        name: '积分',
        rows: [
          HEADER,
          ['张三', 'A1', '12.5', ''],
          ['李四', 'A1', '3', ''],
          ['王五', 'OLD1', '3', ''],
          ['', 'B2', 'abc', ''],
          ['赵六', 'stop', '1', ''],
        ],
      },
    ]);
    const job = await importFile('积分.xlsx', xlsx);
    expect(job).toMatchObject({ status: 'validated', totalRows: 5, validRows: 1, errorRows: 4 });
    expect(job.errors).toEqual([
      { row: 3, field: '编号', message: '与第 2 行的编号重复' },
      { row: 4, field: '编号', message: '该编号已存在' },
      { row: 5, field: '姓名', message: '请填写姓名' },
      { row: 5, field: '金额', message: '金额应为大于 0 的数字，最多两位小数' },
      { row: 6, field: '编号', message: '该编号已停用' },
    ]);

    const report = await download(t.app, token, `${BASE}/${job.id}/report`);
    expect(report.statusCode).toBe(200);
    expect(String(report.headers['content-disposition'])).toContain(encodeURIComponent('积分导入错误报告.xlsx'));
    const [sheet] = await readXlsx(report.bytes);
    expect(sheet?.rows).toHaveLength(6);
    expect(sheet?.rows[1]).toEqual(['3', '编号', '与第 2 行的编号重复']);

    const refused = await caller(t.app, token).post(`${BASE}/${job.id}/commit`);
    expect(refused.body).toMatchObject({ status: 40900, message: '文件中有 4 行数据有误，请修正后重新上传' });
    expect(await pointCount()).toBe(before);
    // A kind's jobs are its own: the worker import does not know this one.
    const other = await caller(t.app, token).get(`/api/companystaff/employee/import/${job.id}`);
    expect(other.body.status).toBe(40400);
  });

  it('commits a valid sheet through the definition insert, and removes the sheet and the staged rows', async () => {
    const csv = `${HEADER.join(',')}\n孙七,C1,0.01,第一\n周八,c2,1234567.89,\n`;
    const job = await importFile('积分.csv', csv);
    expect(job).toMatchObject({ status: 'validated', totalRows: 2, validRows: 2, errorRows: 0, errors: [] });
    const row = await jobRow(job.id);
    expect(row?.type).toBe('test-points');
    // The uploaded sheet is removed once validated (just after the job says so); the staged rows
    // wait for the commit.
    await waitFor(
      () => storedFileExists(row?.file_id ?? null),
      (exists) => !exists,
      { what: 'the uploaded sheet removed' },
    );
    expect(await storedFileExists(row?.staged_file_id ?? null)).toBe(true);

    const done = await commit(job.id);
    expect(done).toMatchObject({ status: 'committed', insertedRows: 2, progress: 100 });
    expect((await points()).filter((p) => p.code.startsWith('C'))).toEqual([
      { code: 'C1', name: '孙七', cents: 1, remark: '第一' },
      { code: 'C2', name: '周八', cents: 123456789, remark: '' },
    ]);
    // The staged rows are removed once the job has ended (just after it says committed).
    await waitFor(
      () => storedFileExists(row?.staged_file_id ?? null),
      (exists) => !exists,
      { what: 'the staged rows removed' },
    );
  });

  it('checks a large sheet on the check thread, then rolls the whole commit back on a conflict in a later batch', async () => {
    const warn = vi.spyOn(t.app.ctx.log, 'warn');
    const rows = Array.from(
      { length: 20_000 },
      (_, i) => `积分用户${i},L${String(i).padStart(6, '0')},${(i % 900) + 1}.25,第 ${i} 行的备注文字`,
    );
    const csv = `${HEADER.join(',')}\n${rows.join('\n')}\n`;
    expect(Buffer.byteLength(csv)).toBeGreaterThanOrEqual(CHECK_THREAD_MIN_BYTES);
    const job = await importFile('积分-大.csv', csv);
    expect(job).toMatchObject({ status: 'validated', totalRows: 20_000, validRows: 20_000, errorRows: 0 });
    // The thread loaded this definition's row check from its module.
    expect(warn).not.toHaveBeenCalledWith(expect.anything(), 'import row checks: second thread not used');
    warn.mockRestore();

    // Added since the validation: row 15,002 (the 11th batch) now conflicts.
    await t.database.db.execute(sql`insert into test_points values (${companyId}, 'L015000', '抢先', 1, '')`);
    const before = await pointCount();
    const failed = await commit(job.id);
    expect(failed).toMatchObject({
      status: 'failed',
      insertedRows: 0,
      message: '第 15002 行「编号」该编号已存在，导入已取消，没有写入任何数据',
    });
    expect(await pointCount()).toBe(before);
  });

  it('fails the commit on a row the definition recheck refuses, naming it, and writes nothing', async () => {
    const rows = Array.from({ length: 3200 }, (_, i) => `用户${i},R${i},1,`);
    const job = await importFile('积分-停用.csv', `${HEADER.join(',')}\n${rows.join('\n')}\n`);
    expect(job).toMatchObject({ status: 'validated', validRows: 3200 });
    await t.database.db.execute(sql`insert into test_blocked_codes values ('R3000')`);
    const before = await pointCount();
    const failed = await commit(job.id);
    expect(failed).toMatchObject({
      status: 'failed',
      message: '第 3002 行「编号」该编号已停用，导入已取消，没有写入任何数据',
    });
    expect(await pointCount()).toBe(before);
  });
});
