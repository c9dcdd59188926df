import { IMPORT_MAX_ROWS } from '@flexpay/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { parseIdCard } from '../../src/lib/id-card.ts';
import {
  buildXlsx,
  download,
  PNG_BYTES,
  readXlsx,
  testCardNumber,
  testIdNumber,
  uploadTo,
  type Cell,
} from '../files.ts';
import { caller, createTestApp, loginAs, type Caller, type TestApp } from '../helpers.ts';
import { waitFor } from '../wait-for.ts';
import { adminWithout, countStagedFiles, waitForImport } from './support.ts';

const BASE = '/api/companystaff/employee/import';
const HEADER = [
  '姓名*',
  '身份证号*',
  '手机号*',
  '工种编码',
  '入职日期*',
  '备注',
  '开户银行',
  '银行卡号',
  '开户支行',
  '支付宝账号',
];
const UNREADABLE = '文件无法解析，请上传有效的 xlsx 或 csv 文件（建议使用下载的模板填写）';

/** A worker row in the template's column order. */
const row = (r: {
  name?: string;
  id?: string;
  mobile?: string;
  code?: string;
  joined?: Cell;
  remark?: string;
  bank?: string;
  card?: string;
  branch?: string;
  alipay?: string;
}): Cell[] => [
  r.name ?? '',
  r.id ?? '',
  r.mobile ?? '',
  r.code ?? '',
  r.joined ?? '',
  r.remark ?? '',
  r.bank ?? '',
  r.card ?? '',
  r.branch ?? '',
  r.alipay ?? '',
];

const sheet = (rows: Cell[][], header: Cell[] = HEADER) => buildXlsx([{ name: '员工信息', rows: [header, ...rows] }]);

describe('worker batch import (批量导入)', () => {
  let t: TestApp;
  let demoToken: string;
  let demo: Caller;
  let xingheId: number;

  const workerCount = async () =>
    (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from worker where company_id = ${xingheId}`,
      )
    )[0]?.n ?? 0;

  /** Uploads a sheet as demo and waits for its validation; answers the job. */
  const importFile = async (name: string, content: Buffer | string, token = demoToken) => {
    const res = await uploadTo(t.app, token, BASE, { name, content });
    expect(res.body.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ fileName: name, status: 'validating', progress: 0 });
    return waitForImport(t, token, res.body.data.id);
  };

  const commitAndWait = async (id: string) => {
    const res = await demo.post(`${BASE}/${id}/commit`);
    expect(res.body.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.status).toBe('committing');
    return waitForImport(t, demoToken, id);
  };

  beforeAll(async () => {
    t = await createTestApp();
    demoToken = await loginAs(t.app, 'demo');
    demo = caller(t.app, demoToken);
    const [company] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id::int as id from company where name = '星河科技有限公司'`,
    );
    xingheId = company?.id ?? 0;
  });
  afterAll(() => t.close());

  it('serves the template: the columns, a valid example row and the instructions sheet', async () => {
    const got = await download(t.app, demoToken, `${BASE}/template`);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(String(got.headers['content-disposition'])).toContain(
      "filename*=UTF-8''%E5%91%98%E5%B7%A5%E5%AF%BC%E5%85%A5%E6%A8%A1%E6%9D%BF.xlsx",
    );
    const [data, guide] = await readXlsx(got.bytes);
    expect(data?.name).toBe('员工信息');
    expect(data?.rows[0]).toEqual(HEADER);
    expect(data?.rows).toHaveLength(2);
    const example = data?.rows[1] ?? [];
    expect(parseIdCard(example[1] ?? '').ok).toBe(true);
    expect(example[3]).toBe('QA');
    expect(example[4]).toBe('2026-01-05');
    expect(example[6]).toBe('中国工商银行');
    expect(guide?.name).toBe('填写说明');
    const guideText = guide?.rows.flat().join('\n') ?? '';
    for (const text of ['入职日期', 'YYYY-MM-DD', '中国工商银行', 'LABEL', '数据标注', '100000'])
      expect(guideText).toContain(text);

    // The template as downloaded still holds its example: refused, nothing to commit.
    const job = await importFile('员工导入模板.xlsx', got.bytes);
    expect(job).toMatchObject({ status: 'validated', totalRows: 1, validRows: 0, errorRows: 1 });
    expect(job.errors).toEqual([{ row: 2, field: '身份证号', message: '这是模板中的示例行，请删除后再导入' }]);
  });

  it('reports every bad row with its sheet row number and Chinese reason, refuses the commit and inserts nothing', async () => {
    const existingId = testIdNumber(111);
    const created = await demo.post('/api/companystaff/employee', {
      name: '已有员工',
      idNumber: existingId,
      mobile: '13811110111',
      joinedAt: '2024-01-01',
    });
    expect(created.body.status).toBe(200);
    const disabled = await demo.post('/api/companystaff/ecompanyJobCategory', {
      name: '停用工种',
      code: 'OFF',
      enabled: false,
    });
    expect(disabled.body.status).toBe(200);

    const badCheck = testIdNumber(103).slice(0, 17) + (testIdNumber(103).endsWith('1') ? '2' : '1');
    const badCard = testCardNumber(7).slice(0, 16) + String((Number(testCardNumber(7)[16]) + 1) % 10);
    const content = await sheet([
      /* 2 */ row({
        name: '李雷',
        id: testIdNumber(101),
        mobile: '13811110001',
        code: 'QA',
        joined: '2025-01-02',
        bank: '中国工商银行',
        card: testCardNumber(1),
        branch: '北京分行',
      }),
      /* 3 */ row({ name: 'Li@@', id: testIdNumber(102), mobile: '1381111', joined: '2025-01-02' }),
      /* 4 */ row({ name: '张伟', id: badCheck, mobile: '13811110004', joined: '2025-01-02' }),
      /* 5 */ row({ remark: '只有备注' }),
      /* 6 */ row({ name: '王芳', id: testIdNumber(106), mobile: '13811110006', code: 'NOPE', joined: '2025-02-30' }),
      /* 7 */ row({
        name: '刘洋',
        id: testIdNumber(107),
        mobile: '13811110007',
        joined: '2025-01-02',
        bank: '中国银行',
        card: badCard,
      }),
      /* 8 */ row({
        name: '陈静',
        id: testIdNumber(108),
        mobile: '13811110008',
        joined: '2025-01-02',
        bank: '招商银行',
        card: testCardNumber(8),
        alipay: '13811110008',
      }),
      /* 9 */ row({
        name: '杨勇',
        id: testIdNumber(109),
        mobile: '13811110009',
        joined: '2025-01-02',
        alipay: 'not-an-account',
      }),
      /* 10 */ row({ name: '李雷', id: testIdNumber(101), mobile: '13811110010', joined: '2025-01-02' }),
      /* 11 */ row({ name: '赵敏', id: existingId, mobile: '13811110011', joined: '2025-01-02' }),
      /* 12 */ row({ name: '黄磊', id: testIdNumber(112), mobile: '13811110012', joined: '1989-12-31' }),
      /* 13 */ [],
      /* 14 */ row({
        name: '韩梅梅',
        id: testIdNumber(114),
        mobile: '13811110014',
        joined: new Date(Date.UTC(2025, 0, 3)),
        alipay: 'hanmeimei@example.com',
      }),
      /* 15 */ row({ name: '示例', id: '110105199003071239', mobile: '13811110015', joined: '2025-01-02' }),
      /* 16 */ row({ name: '周杰', id: testIdNumber(116), mobile: '13811110016', code: 'OFF', joined: '2025-01-02' }),
    ]);
    const before = await workerCount();
    const stagedBefore = await countStagedFiles(t);
    const job = await importFile('员工名单.xlsx', content);
    // Rows 2 and 14 passed and were staged before the errors were known; the staged file is gone.
    expect(await countStagedFiles(t)).toBe(stagedBefore);
    const expected = [
      { row: 3, field: '姓名', message: '姓名只能包含中文、字母、空格和“·”' },
      { row: 3, field: '手机号', message: '请输入正确的 11 位手机号' },
      { row: 4, field: '身份证号', message: '身份证号校验位不正确' },
      { row: 5, field: '姓名', message: '请填写姓名' },
      { row: 5, field: '身份证号', message: '请填写身份证号' },
      { row: 5, field: '手机号', message: '请填写手机号' },
      { row: 5, field: '入职日期', message: '请填写入职日期' },
      { row: 6, field: '工种编码', message: '工种编码不存在，请填写工种管理中的编码' },
      { row: 6, field: '入职日期', message: '入职日期应为 YYYY-MM-DD 格式的有效日期' },
      { row: 7, field: '银行卡号', message: '卡号校验失败，请核对' },
      { row: 8, field: '支付宝账号', message: '银行卡和支付宝账号只能填写一个' },
      { row: 9, field: '支付宝账号', message: '支付宝账号应为手机号或邮箱' },
      { row: 10, field: '身份证号', message: '与第 2 行的身份证号重复' },
      { row: 11, field: '身份证号', message: '该身份证号的员工已存在' },
      { row: 12, field: '入职日期', message: '入职日期不能早于出生日期' },
      { row: 15, field: '身份证号', message: '这是模板中的示例行，请删除后再导入' },
      { row: 16, field: '工种编码', message: '该工种已停用' },
    ];
    expect(job).toMatchObject({
      status: 'validated',
      progress: 100,
      totalRows: 14,
      validRows: 2,
      errorRows: 12,
      insertedRows: 0,
    });
    expect(job.errors).toEqual(expected);

    const report = await download(t.app, demoToken, `${BASE}/${job.id}/report`);
    expect(report.statusCode).toBe(200);
    expect(String(report.headers['content-disposition'])).toContain('attachment;');
    const [reportSheet] = await readXlsx(report.bytes);
    expect(reportSheet?.rows).toEqual([
      ['行号', '列', '错误原因'],
      ...expected.map((e) => [String(e.row), e.field, e.message]),
    ]);

    const refused = await demo.post(`${BASE}/${job.id}/commit`);
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toMatchObject({ status: 40900, message: '文件中有 12 行数据有误，请修正后重新上传' });
    expect(await workerCount()).toBe(before);
    const after = (await demo.get(`${BASE}/${job.id}`)).body.data;
    expect(after.status, after.message).toBe('validated');
  });

  it('keeps the first 100 errors on the job and writes all of them to the report', async () => {
    const rows = Array.from({ length: 120 }, (_, i) =>
      row({
        name: `员工${'甲乙丙丁戊己庚辛壬癸'[i % 10]}`,
        id: testIdNumber(1000 + i),
        mobile: '123',
        joined: '2025-01-02',
      }),
    );
    const job = await importFile('many.xlsx', await sheet(rows));
    expect(job).toMatchObject({ status: 'validated', totalRows: 120, errorRows: 120, validRows: 0 });
    expect(job.errors).toHaveLength(100);
    expect(job.errors[99]).toEqual({ row: 101, field: '手机号', message: '请输入正确的 11 位手机号' });
    const [report] = await readXlsx((await download(t.app, demoToken, `${BASE}/${job.id}/report`)).bytes);
    expect(report?.rows).toHaveLength(121);
    expect(report?.rows[120]).toEqual(['121', '手机号', '请输入正确的 11 位手机号']);
  });

  it('commits a clean file: every worker with its default payout account, in one go', async () => {
    const content = await sheet([
      row({
        name: '孙悟空',
        id: testIdNumber(201),
        mobile: '13822220001',
        code: 'QA',
        joined: '2025-03-01',
        remark: '银行卡',
        bank: '中国建设银行',
        card: testCardNumber(201),
        branch: '上海分行',
      }),
      row({
        name: '猪八戒',
        id: testIdNumber(202),
        mobile: '13822220002',
        joined: '2025-03-02',
        alipay: '13822220002',
      }),
      row({
        name: 'Tang Seng',
        id: testIdNumber(203).toLowerCase(),
        mobile: '13822220003',
        code: 'label',
        joined: '2025/3/3',
      }),
      row({
        name: '沙·悟净',
        id: testIdNumber(204),
        mobile: 13822220004 as unknown as string,
        joined: new Date(Date.UTC(2025, 2, 4)),
        bank: 'CMB',
        card: testCardNumber(204),
      }),
    ]);
    const before = await workerCount();
    const job = await importFile('干净名单.xlsx', content);
    expect(job).toMatchObject({ status: 'validated', totalRows: 4, validRows: 4, errorRows: 0, errors: [] });
    const missing = await download(t.app, demoToken, `${BASE}/${job.id}/report`);
    expect(missing.body).toMatchObject({ status: 40400, message: '该导入没有错误报告' });

    const done = await commitAndWait(job.id);
    expect(done).toMatchObject({ status: 'committed', insertedRows: 4, progress: 100, message: '' });
    expect(await workerCount()).toBe(before + 4);

    const workers = await queryRows<{
      name: string;
      masked: string;
      mobile: string;
      joined: string;
      code: string | null;
      remark: string;
      bank: string | null;
      card_default: boolean | null;
      card_holder: string | null;
      alipay: string | null;
      alipay_default: boolean | null;
    }>(
      t.database.db,
      sql`select w.name, w.id_number_masked as masked, w.mobile, w.joined_at::text as joined, j.code, w.remark,
                 b.bank_code as bank, b.is_default as card_default, b.holder_name as card_holder,
                 a.account_masked as alipay, a.is_default as alipay_default
          from worker w
          left join job_type j on j.company_id = w.company_id and j.id = w.job_type_id
          left join worker_bank_card b on b.company_id = w.company_id and b.worker_id = w.id
          left join worker_alipay a on a.company_id = w.company_id and a.worker_id = w.id
          where w.company_id = ${xingheId} and w.mobile like '1382222000%' order by w.mobile`,
    );
    const masked = (serial: number) => `${testIdNumber(serial).slice(0, 6)}********${testIdNumber(serial).slice(14)}`;
    expect(workers).toEqual([
      {
        name: '孙悟空',
        masked: masked(201),
        mobile: '13822220001',
        joined: '2025-03-01',
        code: 'QA',
        remark: '银行卡',
        bank: 'CCB',
        card_default: true,
        card_holder: '孙悟空',
        alipay: null,
        alipay_default: null,
      },
      {
        name: '猪八戒',
        masked: masked(202),
        mobile: '13822220002',
        joined: '2025-03-02',
        code: null,
        remark: '',
        bank: null,
        card_default: null,
        card_holder: null,
        alipay: '138****0002',
        alipay_default: true,
      },
      {
        name: 'Tang Seng',
        masked: masked(203),
        mobile: '13822220003',
        joined: '2025-03-03',
        code: 'LABEL',
        remark: '',
        bank: null,
        card_default: null,
        card_holder: null,
        alipay: null,
        alipay_default: null,
      },
      {
        name: '沙·悟净',
        masked: masked(204),
        mobile: '13822220004',
        joined: '2025-03-04',
        code: null,
        remark: '',
        bank: 'CMB',
        card_default: true,
        card_holder: '沙·悟净',
        alipay: null,
        alipay_default: null,
      },
    ]);

    const [audit] = await queryRows<{ result: string; target: string }>(
      t.database.db,
      sql`select result, target from audit_log where action = 'worker.importCommit' order by id desc limit 1`,
    );
    expect(audit).toEqual({ result: 'success', target: `import:${job.id}` });
    const again = await demo.post(`${BASE}/${job.id}/commit`);
    expect(again.body).toMatchObject({ status: 40900, message: '该文件已导入' });
  });

  it('reads CSV (UTF-8 with BOM, quoted fields) with the same rules and row numbers', async () => {
    const lines = [
      HEADER.join(','),
      `唐僧,${testIdNumber(301)},13833330001,,2025-04-01,"备注,含逗号",,,,`,
      `白龙马,${testIdNumber(302)},138,,2025-04-01,,,,,`,
    ];
    const job = await importFile('名单.csv', `\ufeff${lines.join('\r\n')}\r\n`);
    expect(job).toMatchObject({ status: 'validated', totalRows: 2, validRows: 1, errorRows: 1 });
    expect(job.errors).toEqual([{ row: 3, field: '手机号', message: '请输入正确的 11 位手机号' }]);
  });

  it('finds duplicate ID numbers within the file and against existing workers', async () => {
    const existing = testIdNumber(402);
    expect(
      (
        await demo.post('/api/companystaff/employee', {
          name: '老员工',
          idNumber: existing,
          mobile: '13844440000',
          joinedAt: '2024-01-01',
        })
      ).body.status,
    ).toBe(200);
    const job = await importFile(
      '重复.xlsx',
      await sheet([
        row({ name: '甲', id: testIdNumber(401), mobile: '13844440001', joined: '2025-01-01' }),
        row({ name: '乙', id: existing, mobile: '13844440002', joined: '2025-01-01' }),
        row({ name: '丙', id: testIdNumber(401).toLowerCase(), mobile: '13844440003', joined: '2025-01-01' }),
        row({ name: '丁', id: testIdNumber(401), mobile: '13844440004', joined: '2025-01-01' }),
      ]),
    );
    expect(job.errors).toEqual([
      { row: 3, field: '身份证号', message: '该身份证号的员工已存在' },
      { row: 4, field: '身份证号', message: '与第 2 行的身份证号重复' },
      { row: 5, field: '身份证号', message: '与第 2 行的身份证号重复' },
    ]);
  });

  it('fails the whole commit when a duplicate appears after validation, writing nothing', async () => {
    const job = await importFile(
      '并发.xlsx',
      await sheet([
        row({ name: '先来', id: testIdNumber(501), mobile: '13855550001', joined: '2025-01-01' }),
        row({
          name: '后到',
          id: testIdNumber(502),
          mobile: '13855550002',
          joined: '2025-01-01',
          alipay: 'houdao@example.com',
        }),
      ]),
    );
    expect(job).toMatchObject({ status: 'validated', errorRows: 0 });
    expect(
      (
        await demo.post('/api/companystaff/employee', {
          name: '抢先',
          idNumber: testIdNumber(502),
          mobile: '13855550009',
          joinedAt: '2024-01-01',
        })
      ).body.status,
    ).toBe(200);
    const before = await workerCount();
    const done = await commitAndWait(job.id);
    expect(done).toMatchObject({
      status: 'failed',
      insertedRows: 0,
      message: '第 3 行「身份证号」该身份证号的员工已存在，导入已取消，没有写入任何数据',
    });
    expect(await workerCount()).toBe(before);
    const first = await demo.get('/api/companystaff/employee/page', { idNumber: testIdNumber(501) });
    expect(first.body.data.total).toBe(0);
    expect((await demo.post(`${BASE}/${job.id}/commit`)).body).toMatchObject({
      status: 40900,
      message: '该导入已失败，请重新上传',
    });
  });

  it('commits the rows its validation staged: encrypted at rest, and removed once committed', async () => {
    const id = testIdNumber(521);
    const job = await importFile(
      '暂存.xlsx',
      await sheet([row({ name: '暂存', id, mobile: '13855550021', joined: '2025-01-01' })]),
    );
    expect(job).toMatchObject({ status: 'validated', validRows: 1 });
    // The uploaded sheet, numbers in the clear, is gone once validated: the staged rows are what is kept.
    const [upload] = await queryRows<{ storage_key: string }>(
      t.database.db,
      sql`select f.storage_key from stored_file f where f.purpose = 'import' and f.name = '暂存.xlsx'`,
    );
    const source = () =>
      queryRows<{ file_id: string | null }>(t.database.db, sql`select file_id from import_job where id = ${job.id}`);
    await waitFor(source, ([j]) => j?.file_id === null, { what: 'the uploaded sheet to be removed' });
    if (upload) await expect(t.app.ctx.files.size(upload.storage_key)).rejects.toThrow();
    const staged = async () =>
      queryRows<{ storage_key: string }>(
        t.database.db,
        sql`select f.storage_key from import_job j join stored_file f on f.id = j.staged_file_id where j.id = ${job.id}`,
      );
    const [file] = await staged();
    expect(file).toBeDefined();
    const chunks: Buffer[] = [];
    for await (const chunk of t.app.ctx.files.read(file?.storage_key ?? '')) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    expect(text).toContain('暂存');
    expect(text).not.toContain(id);
    expect(await commitAndWait(job.id)).toMatchObject({ status: 'committed', insertedRows: 1 });
    // The staged rows are removed right after the commit's transaction.
    await waitFor(staged, (rows) => rows.length === 0, { what: 'the staged rows to be removed' });
    await expect(t.app.ctx.files.size(file?.storage_key ?? '')).rejects.toThrow();
  });

  it('fails the whole commit when a job type is disabled after validation, writing nothing', async () => {
    const created = await demo.post('/api/companystaff/ecompanyJobCategory', {
      name: '导入后停用',
      code: 'LATE',
      enabled: true,
    });
    expect(created.body.status).toBe(200);
    const job = await importFile(
      '工种停用.xlsx',
      await sheet([
        row({ name: '甲', id: testIdNumber(531), mobile: '13855550031', joined: '2025-01-01' }),
        row({ name: '乙', id: testIdNumber(532), mobile: '13855550032', code: 'LATE', joined: '2025-01-01' }),
      ]),
    );
    expect(job).toMatchObject({ status: 'validated', errorRows: 0 });
    const typeId = created.body.data.id as number;
    const off = await demo.put(`/api/companystaff/ecompanyJobCategory/${typeId}`, {
      name: '导入后停用',
      code: 'LATE',
      enabled: false,
    });
    expect(off.body.status).toBe(200);
    const before = await workerCount();
    expect(await commitAndWait(job.id)).toMatchObject({
      status: 'failed',
      insertedRows: 0,
      message: '第 3 行「工种编码」该工种已停用或已删除，导入已取消，没有写入任何数据',
    });
    expect(await workerCount()).toBe(before);
    // A failed job keeps no staged rows either.
    const staged = () =>
      queryRows(
        t.database.db,
        sql`select 1 from import_job j join stored_file f on f.id = j.staged_file_id where j.id = ${job.id}`,
      );
    await waitFor(staged, (rows) => rows.length === 0, { what: 'the staged rows to be removed' });
  });

  it('refuses files that are not spreadsheets at upload, and fails unreadable or malformed sheets with a clear message', async () => {
    const png = await uploadTo(t.app, demoToken, BASE, { name: 'photo.png', content: PNG_BYTES });
    expect(png.statusCode).toBe(400);
    expect(png.body).toMatchObject({ status: 40000, message: '不支持的文件类型，仅支持 XLSX、CSV 文件' });
    const pdf = await uploadTo(t.app, demoToken, BASE, { name: '名单.xlsx', content: '%PDF-1.4\n' });
    expect(pdf.body).toMatchObject({ status: 40000, message: '不支持的文件类型，仅支持 XLSX、CSV 文件' });
    const none = await uploadTo(t.app, demoToken, BASE, null);
    expect(none.body).toMatchObject({ status: 40000, message: '请选择要上传的文件' });

    const good = await sheet([
      row({ name: '某人', id: testIdNumber(601), mobile: '13866660001', joined: '2025-01-01' }),
    ]);
    const cases: { name: string; content: Buffer | string; message: string }[] = [
      { name: '损坏.xlsx', content: good.subarray(0, Math.floor(good.length / 2)), message: UNREADABLE },
      {
        name: '缺列.xlsx',
        content: await sheet([['某人', '13866660001', '2025-01-01']], ['姓名*', '手机号*', '入职日期*']),
        message: '缺少必填列：身份证号。请使用下载的模板，表头保持在第 1 行',
      },
      { name: '只有表头.xlsx', content: await sheet([]), message: '文件中没有员工数据，请从第 2 行开始填写' },
      {
        name: 'notes.csv',
        content: 'hello world\nthis is not a roster\n',
        message: '缺少必填列：姓名、身份证号、手机号、入职日期。请使用下载的模板，表头保持在第 1 行',
      },
    ];
    for (const c of cases) {
      const job = await importFile(c.name, c.content);
      expect(job, c.name).toMatchObject({ status: 'failed', message: c.message, totalRows: 0 });
      const commit = await demo.post(`${BASE}/${job.id}/commit`);
      expect(commit.body, c.name).toMatchObject({ status: 40900, message: '该导入已失败，请重新上传' });
      // A sheet that cannot be imported is not kept either.
      const source = () =>
        queryRows<{ file_id: string | null }>(t.database.db, sql`select file_id from import_job where id = ${job.id}`);
      await waitFor(source, ([j]) => j?.file_id === null, { what: `${c.name} to be removed` });
    }
  });

  it(`fails a file of more than ${IMPORT_MAX_ROWS} data rows`, { timeout: 120_000 }, async () => {
    const lines = [HEADER.join(',')];
    for (let i = 0; i <= IMPORT_MAX_ROWS; i++)
      lines.push(`某人,${testIdNumber(10_000 + i)},13800000000,,2025-01-01,,,,,`);
    const job = await importFile('十万行.csv', lines.join('\n'));
    expect(job).toMatchObject({ status: 'failed', message: `数据超过 ${IMPORT_MAX_ROWS} 行的上限，请拆分后分批导入` });
  });

  it("answers 40400 for another company's import and an unknown id", async () => {
    const job = await importFile(
      '名单.xlsx',
      await sheet([row({ name: '某人', id: testIdNumber(701), mobile: '13877770001', joined: '2025-01-01' })]),
    );
    const yf = caller(t.app, await loginAs(t.app, 'demo_yf'));
    for (const res of [
      await yf.get(`${BASE}/${job.id}`),
      await yf.post(`${BASE}/${job.id}/commit`),
      await yf.get(`${BASE}/${job.id}/report`),
      await demo.get(`${BASE}/00000000-0000-0000-0000-000000000000`),
      await demo.get(`${BASE}/not-a-uuid`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).toMatchObject({ status: 40400, message: '导入任务不存在' });
    }
    const after = (await demo.get(`${BASE}/${job.id}`)).body.data;
    expect(after.status, after.message).toBe('validated');
  });

  it('audits worker.import and refuses callers without a token (40101) or without employee:import (40301)', async () => {
    const job = await importFile(
      '审计.xlsx',
      await sheet([row({ name: '某人', id: testIdNumber(801), mobile: '13888880001', joined: '2025-01-01' })]),
    );
    const [audit] = await queryRows<{ result: string; target: string }>(
      t.database.db,
      sql`select result, target from audit_log where action = 'worker.import' order by id desc limit 1`,
    );
    expect(audit).toEqual({ result: 'success', target: `import:${job.id}` });

    const limitedToken = await adminWithout(t, demoToken, ['employee:import', 'employee:export']);
    for (const token of [undefined, limitedToken]) {
      const c = caller(t.app, token);
      const expected = token ? { http: 403, status: 40301 } : { http: 401, status: 40101 };
      const replies = [
        await c.get(`${BASE}/template`),
        await uploadTo(t.app, token, BASE, { name: 'a.csv', content: 'x' }),
        await c.get(`${BASE}/${job.id}`),
        await c.post(`${BASE}/${job.id}/commit`),
        await c.get(`${BASE}/${job.id}/report`),
      ];
      for (const res of replies) {
        expect(res.statusCode).toBe(expected.http);
        expect(res.body.status).toBe(expected.status);
      }
    }
    const after = (await demo.get(`${BASE}/${job.id}`)).body.data;
    expect(after.status, after.message).toBe('validated');
  });
});
