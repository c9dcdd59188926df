import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { filesDirOf } from '../../src/lib/file-store.ts';
import { cleanupExports, EXPORT_RUN_JOB } from '../../src/modules/export/service.ts';
import { download, readXlsx, testIdNumber } from '../files.ts';
import { caller, createTestApp, loginAs, type Caller, type TestApp } from '../helpers.ts';
import { adminWithout, waitForExport, waitForRealName } from './support.ts';
import { ageOn } from '../../src/lib/id-card.ts';
import { asPlatform } from '../../src/db/scope.ts';

const EXPORT = '/api/companystaff/employee/export';
const PAGE = '/api/admin/export/page';
const downloadUrl = (id: string) => `/api/admin/export/${id}/download`;

const HEADERS = [
  '姓名',
  '身份证号',
  '手机号',
  '性别',
  '年龄',
  '省份',
  '工种',
  '部门',
  '状态',
  '实名状态',
  '签约状态',
  '入职日期',
  '离职日期',
  '备注',
];

describe('worker export and download centre (导出员工、下载中心)', () => {
  let t: TestApp;
  let demoToken: string;
  let financeToken: string;
  let yfToken: string;
  let demo: Caller;
  let finance: Caller;
  let yf: Caller;
  let xingheId: number;

  /** Asks for an export and waits until it has run; answers the job as the POST answered it. */
  const exportAndWait = async (c: Caller, filters: Record<string, unknown>) => {
    const res = await c.post(EXPORT, filters);
    expect(res.body.status).toBe(200);
    expect(res.body.data).toMatchObject({ type: 'workers', typeName: '员工列表', status: 'queued', progress: 0 });
    const row = await waitForExport(t, res.body.data.id);
    expect(row).toMatchObject({ status: 'done', progress: 100, error: '' });
    return res.body.data as { id: string; expiresAt: string; createdAt: string };
  };

  const sheetOf = async (token: string, id: string) => {
    const got = await download(t.app, token, downloadUrl(id));
    expect(got.statusCode).toBe(200);
    const [sheet] = await readXlsx(got.bytes);
    if (!sheet) throw new Error('no sheet');
    return { got, sheet };
  };

  beforeAll(async () => {
    t = await createTestApp();
    demoToken = await loginAs(t.app, 'demo');
    financeToken = await loginAs(t.app, 'finance');
    yfToken = await loginAs(t.app, 'demo_yf');
    demo = caller(t.app, demoToken);
    finance = caller(t.app, financeToken);
    yf = caller(t.app, yfToken);
    const [company] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id::int as id from company where name = '星河科技有限公司'`,
    );
    xingheId = company?.id ?? 0;
  });
  afterAll(() => t.close());

  it('writes exactly the filtered workers into an xlsx with masked ID numbers, and records count and size', async () => {
    const job = await exportAndWait(demo, { status: 'left' });
    const expected = await queryRows<{ name: string; masked: string; mobile: string; joined: string }>(
      t.database.db,
      sql`select name, id_number_masked as masked, mobile, joined_at::text as joined from worker
          where company_id = ${xingheId} and status = 'left' order by id`,
    );
    expect(expected.length).toBeGreaterThan(0);
    const { got, sheet } = await sheetOf(demoToken, job.id);
    expect(got.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(String(got.headers['content-disposition'])).toMatch(
      /^attachment; filename="_+_\d{8}_\d{6}\.xlsx"; filename\*=UTF-8''%E5%91%98%E5%B7%A5%E5%88%97%E8%A1%A8_\d{8}_\d{6}\.xlsx$/,
    );
    expect(sheet.name).toBe('员工列表');
    expect(sheet.rows[0]).toEqual(HEADERS);
    const data = sheet.rows.slice(1);
    expect(data.map((r) => [r[0], r[1], r[2], r[11]])).toEqual(
      expected.map((e) => [e.name, e.masked, e.mobile, e.joined]),
    );
    for (const r of data) {
      expect(r[1]).toMatch(/^\d{6}\*{8}\d{3}[\dX]$/);
      expect(r[8]).toBe('离职');
      expect(['男', '女']).toContain(r[3]);
    }

    const [row] = await queryRows<{ row_count: number; file_size: number; file_name: string; finished: boolean }>(
      t.database.db,
      sql`select row_count, file_size::int as file_size, file_name, finished_at is not null as finished from export_job where id = ${job.id}`,
    );
    expect(row).toMatchObject({ row_count: expected.length, file_size: got.bytes.length, finished: true });
    expect(row?.file_name).toMatch(/^员工列表_\d{8}_\d{6}\.xlsx$/);
    expect(new Date(job.expiresAt).getTime() - new Date(job.createdAt).getTime()).toBe(7 * 24 * 60 * 60 * 1000);
  });

  it('combines filters, and an ID number filter is kept masked and matches its worker only', async () => {
    const [jobType] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id::int as id from job_type where company_id = ${xingheId} and code = 'QA'`,
    );
    const job = await exportAndWait(demo, { jobTypeId: jobType?.id, realNameStatus: 'verified' });
    const expected = await queryRows<{ name: string }>(
      t.database.db,
      sql`select name from worker where company_id = ${xingheId} and job_type_id = ${jobType?.id}
          and real_name_status = 'verified' order by id`,
    );
    const { sheet } = await sheetOf(demoToken, job.id);
    expect(sheet.rows.slice(1).map((r) => r[0])).toEqual(expected.map((e) => e.name));
    expect(sheet.rows.slice(1).every((r) => r[6] === '软件测试' && r[9] === '已认证')).toBe(true);

    const idNumber = testIdNumber(7);
    const created = await demo.post('/api/companystaff/employee', {
      name: '导出测试',
      idNumber,
      mobile: '13700000007',
      joinedAt: '2025-03-01',
      remark: '按证件号导出',
    });
    expect(created.body.status).toBe(200);
    // Verified in the background by the sandbox (实名认证) before the export reads it.
    expect(await waitForRealName(demo, created.body.data.id)).toBe('verified');
    const byId = await exportAndWait(demo, { idNumber });
    const { sheet: one } = await sheetOf(demoToken, byId.id);
    expect(one.rows.slice(1)).toEqual([
      [
        '导出测试',
        `${idNumber.slice(0, 6)}********${idNumber.slice(14)}`,
        '13700000007',
        Number(idNumber[16]) % 2 === 1 ? '男' : '女',
        // The age, never the birth date: those are the ID number's hidden digits.
        String(ageOn('1990-08-01', new Date())),
        '天津市',
        '',
        '',
        '在职',
        '已认证',
        '未签约',
        '2025-03-01',
        '',
        '按证件号导出',
      ],
    ]);
    const page = await demo.get(PAGE, { limit: 50 });
    const shown = page.body.data.rows.find((r: { id: string }) => r.id === byId.id);
    expect(shown.filters).toEqual({
      idNumber: `120101********${idNumber.slice(14)}`,
      sort: 'createdAt',
      order: 'desc',
    });
    const [stored] = await queryRows<{ filters: string }>(
      t.database.db,
      sql`select filters::text as filters from export_job where id = ${byId.id}`,
    );
    expect(stored?.filters).not.toContain(idNumber);
  });

  it('lists an admin their own exports and an owner the whole company, never another company', async () => {
    const mine = await exportAndWait(finance, { status: 'active' });
    const ownerJob = await exportAndWait(demo, {});
    const financePage = await finance.get(PAGE, { limit: 100 });
    expect(financePage.body.status).toBe(200);
    const financeIds = financePage.body.data.rows.map((r: { id: string }) => r.id);
    expect(financeIds).toContain(mine.id);
    expect(financeIds).not.toContain(ownerJob.id);
    expect(financePage.body.data.total).toBe(financeIds.length);

    const ownerPage = await demo.get(PAGE, { limit: 100 });
    const ownerIds = ownerPage.body.data.rows.map((r: { id: string }) => r.id);
    expect(ownerIds).toEqual(expect.arrayContaining([mine.id, ownerJob.id]));
    // Newest first.
    expect(ownerIds.indexOf(ownerJob.id)).toBeLessThan(ownerIds.indexOf(mine.id));
    const listed = ownerPage.body.data.rows.find((r: { id: string }) => r.id === ownerJob.id);
    expect(listed).toMatchObject({ status: 'done', progress: 100, rowCount: 151, typeName: '员工列表', error: '' });
    expect(listed.fileSize).toBeGreaterThan(0);

    const done = await demo.get(PAGE, { status: 'failed' });
    expect(done.body.data.rows.every((r: { status: string }) => r.status === 'failed')).toBe(true);

    const yfPage = await yf.get(PAGE, { limit: 100 });
    expect(yfPage.body.data.rows.map((r: { id: string }) => r.id)).not.toContain(mine.id);
  });

  it('lets only the admin who asked, or an owner of the company, download; others get 40400', async () => {
    const demoJob = await exportAndWait(demo, { status: 'left' });
    const financeJob = await exportAndWait(finance, { status: 'left' });
    expect((await download(t.app, financeToken, downloadUrl(financeJob.id))).statusCode).toBe(200);
    expect((await download(t.app, demoToken, downloadUrl(financeJob.id))).statusCode).toBe(200);
    for (const [token, id] of [
      [financeToken, demoJob.id],
      [yfToken, demoJob.id],
      [yfToken, financeJob.id],
      [demoToken, '00000000-0000-0000-0000-000000000000'],
      [demoToken, 'nope'],
    ] as const) {
      const got = await download(t.app, token, downloadUrl(id));
      expect(got.statusCode, id).toBe(404);
      expect(got.body, id).toMatchObject({ status: 40400, message: '导出任务不存在' });
    }
  });

  it('answers 40900 before the file exists and after it expired; the cleanup deletes expired files', async () => {
    const [running] = await queryRows<{ id: string }>(
      t.database.db,
      sql`insert into export_job (company_id, admin_id, type, status, expires_at)
          select company_id, id, 'workers', 'running', now() + interval '7 days' from admin where username = 'demo'
          returning id`,
    );
    const pending = await download(t.app, demoToken, downloadUrl(running?.id ?? ''));
    expect(pending.statusCode).toBe(409);
    expect(pending.body).toMatchObject({ status: 40900, message: '文件尚未生成' });

    const job = await exportAndWait(demo, { status: 'left' });
    const [file] = await queryRows<{ id: string; storage_key: string }>(
      t.database.db,
      sql`select f.id, f.storage_key from export_job j join stored_file f on f.id = j.file_id where j.id = ${job.id}`,
    );
    const path = join(filesDirOf(t.app.config.dataDir), file?.storage_key ?? '');
    expect(existsSync(path)).toBe(true);
    await t.database.db.execute(
      sql`update export_job set expires_at = now() - interval '1 minute' where id = ${job.id}`,
    );
    await t.database.db.execute(
      sql`update stored_file set expires_at = now() - interval '1 minute' where id = ${file?.id}`,
    );
    const expired = await download(t.app, demoToken, downloadUrl(job.id));
    expect(expired.statusCode).toBe(409);
    expect(expired.body).toMatchObject({ status: 40900, message: '文件已过期' });

    await asPlatform('a test of the export cleanup', () => cleanupExports(t.app.ctx));
    expect(existsSync(path)).toBe(false);
    const [after] = await queryRows<{ file_id: string | null; files: number }>(
      t.database.db,
      sql`select file_id, (select count(*)::int from stored_file where id = ${file?.id}) as files from export_job where id = ${job.id}`,
    );
    expect(after).toEqual({ file_id: null, files: 0 });
    expect((await download(t.app, demoToken, downloadUrl(job.id))).body).toMatchObject({
      status: 40900,
      message: '文件已过期',
    });
  });

  it('records a failed export with a Chinese reason', async () => {
    const [job] = await queryRows<{ id: string }>(
      t.database.db,
      sql`insert into export_job (company_id, admin_id, type, status, filters, expires_at)
          select company_id, id, 'workers', 'queued', '{"status":"retired"}'::jsonb, now() + interval '7 days'
          from admin where username = 'demo' returning id`,
    );
    await t.app.jobs.send(EXPORT_RUN_JOB, { exportId: job?.id });
    expect(await waitForExport(t, job?.id ?? '')).toMatchObject({
      status: 'failed',
      error: '导出条件无效，请重新导出',
    });
    const got = await download(t.app, demoToken, downloadUrl(job?.id ?? ''));
    expect(got.body).toMatchObject({ status: 40900, message: '文件尚未生成' });
  });

  it('audits worker.export, validates the filters, and refuses callers without a token or the permission', async () => {
    const res = await demo.post(EXPORT, { status: 'active' });
    const [audit] = await queryRows<{ action: string; result: string; target: string }>(
      t.database.db,
      sql`select action, result, target from audit_log where action = 'worker.export' order by id desc limit 1`,
    );
    expect(audit).toEqual({ action: 'worker.export', result: 'success', target: `export:${res.body.data.id}` });
    await waitForExport(t, res.body.data.id);

    const bad = await demo.post(EXPORT, { status: 'retired', joinedFrom: '2025/01/01' });
    expect(bad.body.status).toBe(40000);

    const anonymous = caller(t.app);
    for (const r of [
      await anonymous.post(EXPORT, {}),
      await anonymous.get(PAGE),
      await anonymous.get(downloadUrl(res.body.data.id)),
    ]) {
      expect(r.statusCode).toBe(401);
      expect(r.body.status).toBe(40101);
    }

    const limited = caller(t.app, await adminWithout(t, demoToken, ['employee:export', 'employee:import']));
    const refused = await limited.post(EXPORT, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.body.status).toBe(40301);
    const own = await limited.get(PAGE);
    expect(own.body).toMatchObject({ status: 200, data: { total: 0, rows: [] } });
  });
});
