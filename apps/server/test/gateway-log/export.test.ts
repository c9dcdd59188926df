/**
 * 网关日志's 导出 through the operators' 下载中心 (issue 41): the page's filters become a job of the
 * operator who asked, run in the background into an xlsx of the page's columns, read in keyset
 * batches; refused up front for a bad range, nothing to export or more than the cap; seen and
 * downloaded by that operator only; its file the platform's, removed when its days are over.
 */
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { asPlatform, inCompany } from '../../src/db/scope.ts';
import { cellText, readSheetRows } from '../../src/lib/sheet-reader.ts';
import { hashPassword } from '../../src/lib/password.ts';
import { cleanupOpsExports, OPS_EXPORT_RUN_JOB } from '../../src/modules/export/ops/service.ts';
import { download } from '../files.ts';
import { caller, createTestApp, loginAs, type Caller, type TestApp } from '../helpers.ts';
import { opsLogin } from '../money/support.ts';
import { waitFor } from '../wait-for.ts';

const EXPORT = '/api/ops/gatewayLog/export';
const LIST = '/api/ops/export/page';
const LOG_PAGE = '/api/ops/gatewayLog/page';
const downloadUrl = (id: string) => `/api/ops/export/${id}/download`;

const HEADERS = [
  '时间',
  '进程',
  '领域',
  '企业',
  '管理员/运营',
  '方法',
  '路由',
  '路径',
  '状态码',
  '业务码',
  '耗时(ms)',
  '字节',
  '客户端地址',
  '请求编号',
  'User-Agent',
];
const REQUEST_ID = HEADERS.indexOf('请求编号');

let t: TestApp;
let opsToken: string;
let ops: Caller;
let other: Caller;

beforeAll(async () => {
  t = await createTestApp();
  opsToken = await opsLogin(t.app);
  ops = caller(t.app, opsToken);
  await t.database.db.execute(
    sql`insert into operator (username, password_hash, name) values ('ops2', ${await hashPassword('Ops2@123456')}, '第二运营')`,
  );
  other = caller(t.app, await opsLogin(t.app, 'ops2', 'Ops2@123456'));
});
afterAll(() => t.close());

const flush = () => t.app.gatewayLog.access.flush();
const jobRow = async (id: string) =>
  (
    await queryRows<{ status: string; progress: number; row_count: number; file_key: string | null; error: string }>(
      t.database.db,
      sql`select status, progress, row_count, file_key, error from operator_export_job where id = ${id}`,
    )
  )[0];
const waitForJob = (id: string) =>
  waitFor(
    () => jobRow(id),
    (row) => row !== undefined && row.status !== 'queued' && row.status !== 'running',
    { what: `operator export ${id}` },
  );
const jobCount = async () =>
  (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from operator_export_job`))[0]?.n;

/** The rows of the downloaded xlsx as text, read with the server's own reader. */
async function sheetOf(token: string, id: string) {
  const got = await download(t.app, token, downloadUrl(id));
  expect(got.statusCode).toBe(200);
  const rows: string[][] = [];
  for await (const row of readSheetRows(Readable.from(got.bytes), 'xlsx')) rows.push(row.values.map(cellText));
  return { got, rows };
}

/** Asks for an export and waits until it has run. */
async function exportAndWait(body: Record<string, unknown>) {
  const res = await ops.post(EXPORT, body);
  expect(res.body).toMatchObject({ status: 200, data: { type: 'gatewayLog', typeName: '网关日志', status: 'queued' } });
  const id = res.body.data.id as string;
  expect(await waitForJob(id)).toMatchObject({ status: 'done', progress: 100, error: '' });
  return id;
}

describe('导出网关日志', () => {
  it('writes the rows the page lists, oldest first, in the page’s columns, into the operator’s 下载中心', async () => {
    const from = new Date(Date.now() - 1000).toISOString();
    const admin = caller(t.app, await loginAs(t.app, 'demo'));
    for (let i = 0; i < 3; i += 1) await admin.get('/api/companystaff/employee/page', { page: 1, limit: 5 });
    await flush();
    const filters = {
      from,
      to: new Date(Date.now() + 60_000).toISOString(),
      realm: 'company',
      route: '/api/companystaff/employee/page',
    };
    const listed = (await ops.get(LOG_PAGE, { ...filters, limit: 100 })).body.data;
    expect(listed.total).toBe(3);
    const files = (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from stored_file`))[0];

    const id = await exportAndWait(filters);
    const mine = (await ops.get(LIST)).body.data;
    expect(mine.rows[0]).toMatchObject({ id, status: 'done', rowCount: 3, typeName: '网关日志' });
    expect(mine.rows[0].fileName).toMatch(/^网关日志_\d{8}_\d{6}\.xlsx$/);
    expect(mine.rows[0].filters).toMatchObject({ realm: 'company', route: '/api/companystaff/employee/page' });

    const { got, rows } = await sheetOf(opsToken, id);
    expect(got.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(String(got.headers['content-disposition'])).toContain(
      "filename*=UTF-8''%E7%BD%91%E5%85%B3%E6%97%A5%E5%BF%97_",
    );
    expect(rows[0]).toEqual(HEADERS);
    const expected = [...listed.rows].reverse();
    expect(rows.slice(1).map((r) => r[REQUEST_ID])).toEqual(expected.map((r: { requestId: string }) => r.requestId));
    const [first] = expected;
    expect(rows[1]).toEqual([
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/),
      first.process,
      '企业',
      `星河科技有限公司 (#${first.companyId})`,
      expect.stringMatching(new RegExp(`^.+ \\(#${first.adminId}\\)$`)),
      'GET',
      '/api/companystaff/employee/page',
      '/api/companystaff/employee/page',
      '200',
      '200',
      expect.stringMatching(/^\d+(\.\d)?$/),
      String(first.bytes),
      first.ip,
      first.requestId,
      first.userAgent,
    ]);

    // The platform's file, not a company's stored file; the request audited as the operator's.
    expect((await jobRow(id))?.file_key).toMatch(new RegExp(`^platform/ops-export/\\d{4}/\\d{2}/${id}\\.xlsx$`));
    expect((await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from stored_file`))[0]).toEqual(
      files,
    );
    const [audit] = await queryRows<{ action: string; target: string; result: string; operator: boolean }>(
      t.database.db,
      sql`select action, target, result, operator_id is not null as operator from audit_log
           where action = 'ops.gatewayLog.export' order by id desc limit 1`,
    );
    expect(audit).toEqual({
      action: 'ops.gatewayLog.export',
      target: `export:${id}`,
      result: 'success',
      operator: true,
    });
  });

  it('reads every row once across the day partitions, in keyset order: ties and microseconds kept', async () => {
    // 12,003 rows (three batches of 5,000): yesterday's and today's, three to each microsecond.
    await t.database.db.execute(
      sql`insert into access_log (at, process, realm, method, route, path, status, latency_ms, ip, request_id, user_agent)
          select now() - interval '1 day' + (i / 3) * interval '1 microsecond' + (i / 6001) * interval '1 day',
                 'keyset', 'public', 'GET', '', '/api/test-keyset/' || i, 200, 1, '10.9.9.9', 'keyset-' || i, 'probe'
            from generate_series(0, 12002) as i`,
    );
    const id = await exportAndWait({
      from: new Date(Date.now() - 2 * 86_400_000).toISOString(),
      to: new Date(Date.now() + 86_400_000).toISOString(),
      route: '/api/test-keyset/',
    });
    const expected = await queryRows<{ request_id: string }>(
      t.database.db,
      sql`select request_id from access_log where path like '/api/test-keyset/%' order by at, id`,
    );
    expect(expected).toHaveLength(12_003);
    const { rows } = await sheetOf(opsToken, id);
    const ids = rows.slice(1).map((r) => r[REQUEST_ID]);
    expect(ids).toEqual(expected.map((e) => e.request_id));
    expect(new Set(ids).size).toBe(12_003);
    expect((await jobRow(id))?.row_count).toBe(12_003);
  });

  it('refuses a missing or bad range, nothing to export and more than 1,000,000 rows, before any job', async () => {
    const before = await jobCount();
    const now = Date.now();
    const at = (ms: number) => new Date(now + ms).toISOString();
    const missing = await ops.post(EXPORT, { to: at(0) });
    expect(missing.body).toMatchObject({ status: 40000 });
    expect(missing.body.message).toContain('请选择开始时间');
    expect((await ops.post(EXPORT, { from: at(0), to: at(-1000) })).body.message).toBe('开始时间须早于结束时间');
    expect((await ops.post(EXPORT, { from: at(-8 * 86_400_000), to: at(0) })).body.message).toContain(
      '时间范围最多 7 天',
    );
    expect((await ops.post(EXPORT, { from: 'yesterday', to: at(0) })).body.message).toContain('开始时间格式不正确');
    const none = await ops.post(EXPORT, { from: at(-3_600_000), to: at(0), route: '/api/no-such-route/' });
    expect(none.body).toMatchObject({ status: 40000, message: '该时间范围内没有符合条件的请求，无需导出' });

    expect(await jobCount()).toBe(before);
  });

  it('is the asking operator’s only: no token and an admin’s token are refused, another operator sees and downloads nothing', async () => {
    const id = await exportAndWait({
      from: new Date(Date.now() - 3_600_000).toISOString(),
      to: new Date().toISOString(),
      realm: 'operator',
    });
    const admin = await loginAs(t.app, 'demo');
    for (const token of [undefined, admin]) {
      const c = caller(t.app, token);
      expect((await c.get(LIST)).body.status).toBe(40101);
      expect(
        (await c.post(EXPORT, { from: new Date(0).toISOString(), to: new Date().toISOString() })).body.status,
      ).toBe(40101);
      expect((await download(t.app, token, downloadUrl(id))).body?.status).toBe(40101);
    }
    const theirs = (await other.get(LIST)).body.data;
    expect(theirs.rows.map((r: { id: string }) => r.id)).not.toContain(id);
    expect((await other.get(downloadUrl(id))).body).toMatchObject({ status: 40400, message: '导出任务不存在' });
    expect((await ops.get(downloadUrl('not-a-uuid'))).body.status).toBe(40400);
    // A company's scope cannot read the table in SQL either.
    const companyId = JSON.parse(Buffer.from(admin.split('.')[1] ?? '', 'base64url').toString()).companyId as number;
    await expect(
      inCompany(companyId, () => queryRows(t.app.db, sql`select count(*) from operator_export_job`)),
    ).rejects.toThrow();
  });

  it('answers 40900 before the file is made and once it expired; the cleanup removes the file from the store', async () => {
    const [queued] = await queryRows<{ id: string }>(
      t.database.db,
      sql`insert into operator_export_job (operator_id, type, status, expires_at)
          select id, 'gatewayLog', 'running', now() + interval '7 days' from operator where username = 'ops' returning id`,
    );
    expect((await ops.get(downloadUrl(queued?.id ?? ''))).body).toMatchObject({
      status: 40900,
      message: '文件尚未生成',
    });

    const id = await exportAndWait({
      from: new Date(Date.now() - 3_600_000).toISOString(),
      to: new Date().toISOString(),
      realm: 'operator',
    });
    const key = (await jobRow(id))?.file_key ?? '';
    expect(await t.app.ctx.files.size(key)).toBeGreaterThan(0);
    await t.database.db.execute(
      sql`update operator_export_job set expires_at = now() - interval '1 minute' where id = ${id}`,
    );
    expect((await ops.get(downloadUrl(id))).body).toMatchObject({ status: 40900, message: '文件已过期' });
    await asPlatform('a test of the operators’ export cleanup', () => cleanupOpsExports(t.app.ctx));
    expect((await jobRow(id))?.file_key).toBeNull();
    await expect(t.app.ctx.files.size(key)).rejects.toThrow();
    // Still listed, so the operator sees it went.
    expect((await ops.get(LIST)).body.data.rows.map((r: { id: string }) => r.id)).toContain(id);
    await t.database.db.execute(sql`update operator_export_job set status = 'failed' where id = ${queued?.id}`);
  });

  it('records a run whose filters are no longer valid as failed, with a Chinese reason', async () => {
    const [job] = await queryRows<{ id: string }>(
      t.database.db,
      sql`insert into operator_export_job (operator_id, type, status, filters, expires_at)
          select id, 'gatewayLog', 'queued', '{"from":"yesterday"}'::jsonb, now() + interval '7 days'
            from operator where username = 'ops' returning id`,
    );
    await t.app.jobs.send(OPS_EXPORT_RUN_JOB, { exportId: job?.id });
    expect(await waitForJob(job?.id ?? '')).toMatchObject({ status: 'failed', error: '导出条件无效，请重新导出' });
  });

  // Last: a million rows in the log make every later range scan slower.
  it('refuses an export of more than 1,000,000 rows, naming the cap', async () => {
    const before = await jobCount();
    // A day of its own, three days back: loaded bare, then attached (the indexes built once, in bulk).
    const day = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    const start = `${day}T00:00:00Z`;
    await t.database.db.execute(sql`create table access_log_cap (like access_log including defaults)`);
    await t.database.db.execute(
      sql`insert into access_log_cap (at, process, realm, method, route, path, status, latency_ms, ip, request_id, user_agent)
          select ${start}::timestamptz + interval '1 hour', 'cap', 'public', 'GET', '', '/api/test-cap', 200, 1, '', 'cap', ''
            from generate_series(1, 1000001)`,
    );
    await t.database.db.execute(
      sql.raw(
        `alter table access_log attach partition access_log_cap for values from ('${start}') to ('${start}'::timestamptz + interval '1 day')`,
      ),
    );
    const body = { from: start, to: new Date(Date.parse(start) + 86_400_000).toISOString(), route: '/api/test-cap' };
    const over = await ops.post(EXPORT, body);
    expect(over.body).toMatchObject({ status: 40000, message: '导出的记录超过 100 万条，请缩小时间范围' });
    expect(await jobCount()).toBe(before);
  });
});
