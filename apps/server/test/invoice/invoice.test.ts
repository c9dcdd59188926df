/**
 * 发票中心 through the API (issue 27): 开票信息 (tax number checked, one default), the invoiceable
 * amount after apply, reject and void, every transition from allowed and disallowed states, bad
 * input with nothing changed, another company's batches and invoices, permissions, the realm
 * checks both ways, the PDF, and two applications at the same moment.
 * PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { writeDemoInvoices } from '../../src/seed/invoices.ts';
import { download, readXlsx, uploadTo } from '../files.ts';
import { caller, createTestApp, loginAs, type Caller, type TestApp } from '../helpers.ts';
import { companyId, opsLogin, serviceCompanyId } from '../money/support.ts';
import { adminWithout, waitForExport } from '../worker/support.ts';
import {
  appUrl,
  creditCode,
  DEFAULT_INFO,
  I,
  INFO,
  infoBody,
  keptInvoiceableMismatches,
  OPS,
  opsUrl,
  paidBatch,
  PDF,
} from './support.ts';

describe('invoices (发票中心)', () => {
  let t: TestApp;
  let demoToken: string;
  let opsToken: string;
  let demo: Caller;
  let yunfan: Caller;
  let ops: Caller;
  let xinghe: number;
  let yunfanId: number;
  let hainan: number;
  let jiangsu: number;
  let infoId: number;

  const invoiceable = async (c: Caller = demo, sc = hainan) =>
    ((await c.get(`${I}/invoiceable`)).body.data as { serviceCompanyId: number; invoiceableFen: number }[]).find(
      (r) => r.serviceCompanyId === sc,
    )?.invoiceableFen;
  const applyBody = (batches: { batchId: number; amountFen: number }[], extra: Record<string, unknown> = {}) => ({
    serviceCompanyId: hainan,
    batches,
    infoId,
    invoiceType: 'normal',
    content: '现代服务*服务费',
    ...extra,
  });
  const apply = async (batches: { batchId: number; amountFen: number }[], extra: Record<string, unknown> = {}) => {
    const res = await demo.post(`${I}/application`, applyBody(batches, extra));
    expect(res.body.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id as number;
  };
  const applicationCount = async () =>
    (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from invoice_application`))[0]?.n;
  const uploadPdf = async (id: number, content: Buffer | string = PDF, name = '发票.pdf') =>
    uploadTo(t.app, opsToken, opsUrl(id, '/upload'), { name, content });
  const issue = async (id: number, invoiceNo = '12345678') => {
    const up = await uploadPdf(id);
    expect(up.body.status, JSON.stringify(up.body)).toBe(200);
    return ops.post(opsUrl(id, '/issue'), { fileId: up.body.data.id, invoiceNo, invoiceDate: '2026-11-20' });
  };

  beforeAll(async () => {
    t = await createTestApp();
    demoToken = await loginAs(t.app, 'demo');
    demo = caller(t.app, demoToken);
    yunfan = caller(t.app, await loginAs(t.app, 'demo_yf'));
    opsToken = await opsLogin(t.app);
    ops = caller(t.app, opsToken);
    xinghe = await companyId(t.database.db, '星河科技有限公司');
    yunfanId = await companyId(t.database.db, '云帆物流有限公司');
    hainan = await serviceCompanyId(t.database.db, '海南灵工服务有限公司');
    jiangsu = await serviceCompanyId(t.database.db, '江苏智薪人力资源有限公司');
  });
  afterAll(() => t.close());

  it('seeds a mailed invoice with its PDF, a pending and a rejected application', async () => {
    const rows = (await demo.get(`${I}/application/page`, { limit: 50 })).body.data.rows as {
      id: number;
      status: string;
    }[];
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['mailed', 'pending', 'rejected']));
    const mailed = rows.find((r) => r.status === 'mailed');
    await writeDemoInvoices(t.database.db, t.app.ctx.files);
    const pdf = await download(t.app, demoToken, `${appUrl(mailed?.id ?? 0)}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await demo.get(DEFAULT_INFO)).body.data.title).toBe('星河科技有限公司');
  });

  describe('开票信息', () => {
    it('saves an info with a checked tax number; one default at a time', async () => {
      const res = await demo.post(
        INFO,
        infoBody({ taxNo: creditCode('91310000MA1K00001').toLowerCase(), isDefault: true }),
      );
      expect(res.body.status, JSON.stringify(res.body)).toBe(200);
      infoId = res.body.data.id;
      expect(res.body.data).toMatchObject({ isDefault: true, taxNo: creditCode('91310000MA1K00001') });
      expect((await demo.get(DEFAULT_INFO)).body.data.id).toBe(infoId);
      const second = await demo.post(INFO, infoBody({ title: '星河科技（北京）有限公司' }));
      expect(second.body.data.isDefault).toBe(false);
      expect((await demo.post(`${INFO}/${second.body.data.id}/default`)).body.data.isDefault).toBe(true);
      expect((await demo.get(DEFAULT_INFO)).body.data.id).toBe(second.body.data.id);
      const defaults = (await demo.get(`${INFO}/list`)).body.data.filter((i: { isDefault: boolean }) => i.isDefault);
      expect(defaults.map((i: { id: number }) => i.id)).toEqual([second.body.data.id]);
      // The default is not deleted while others exist; another one is.
      expect((await demo.del(`${INFO}/${second.body.data.id}`)).body).toMatchObject({
        status: 40900,
        message: '默认开票信息不能删除，请先将其他开票信息设为默认',
      });
      await demo.post(`${INFO}/${infoId}/default`);
      expect((await demo.del(`${INFO}/${second.body.data.id}`)).body.status).toBe(200);
      const ids = (await demo.get(`${INFO}/list`)).body.data.map((i: { id: number }) => i.id);
      expect(ids[0]).toBe(infoId);
      expect(ids).not.toContain(second.body.data.id);
    });

    it('refuses a wrong tax number and empty fields in Chinese, saving nothing', async () => {
      const before = (await demo.get(`${INFO}/list`)).body.data.length;
      const bad = await demo.post(INFO, infoBody({ taxNo: '91310000MA1K000010' }));
      expect(bad.body.status).toBe(40000);
      expect(JSON.stringify(bad.body)).toContain('纳税人识别号应为 18 位统一社会信用代码');
      const empty = await demo.post(INFO, infoBody({ title: ' ', recipientPhone: 'abc' }));
      expect(empty.body.status).toBe(40000);
      expect(JSON.stringify(empty.body)).toContain('请输入发票抬头');
      expect(JSON.stringify(empty.body)).toContain('收件人电话格式有误');
      expect((await demo.get(`${INFO}/list`)).body.data.length).toBe(before);
    });

    it("keeps another company's infos apart", async () => {
      expect((await yunfan.get(`${INFO}/list`)).body.data).toEqual([]);
      expect((await yunfan.get(DEFAULT_INFO)).body.data).toBeNull();
      expect((await yunfan.put(`${INFO}/${infoId}`, infoBody())).body.status).toBe(40400);
      expect((await yunfan.del(`${INFO}/${infoId}`)).body.status).toBe(40400);
    });
  });

  describe('申请开票 and the operator', () => {
    it('lists paid batches with their invoiceable amounts, and applies for part of them', async () => {
      const before = (await invoiceable()) ?? 0;
      const batch = await paidBatch(t.database.db, xinghe, hainan, [100_000, 50_000]);
      expect(await invoiceable()).toBe(before + 150_000);
      const page = await demo.get(`${I}/batches`, { serviceCompanyId: hainan, title: '开票测试批次', limit: 50 });
      expect(page.body.status).toBe(200);
      expect(page.body.data.rows.find((r: { batchId: number }) => r.batchId === batch)).toMatchObject({
        paidCount: 2,
        paidFen: 150_000,
        appliedFen: 0,
        invoiceableFen: 150_000,
        serviceCompanyName: '海南灵工服务有限公司',
      });
      const id = await apply([{ batchId: batch, amountFen: 100_000 }]);
      expect(await invoiceable()).toBe(before + 50_000);
      const detail = (await demo.get(appUrl(id))).body.data;
      expect(detail).toMatchObject({
        status: 'pending',
        amountFen: 100_000,
        applicationNo: `FP${String(id).padStart(8, '0')}`,
        title: '星河科技有限公司',
        batches: [{ batchId: batch, amountFen: 100_000, paidFen: 150_000 }],
        actions: [],
        invoiceFile: null,
      });
      // Over what is left: refused, nothing saved.
      const n = await applicationCount();
      const over = await demo.post(`${I}/application`, applyBody([{ batchId: batch, amountFen: 50_001 }]));
      expect(over.body.status).toBe(40000);
      expect(over.body.message).toContain('超出可开票金额');
      expect(await applicationCount()).toBe(n);
      // The rest is still there.
      const rest = await apply([{ batchId: batch, amountFen: 50_000 }]);
      expect(await invoiceable()).toBe(before);
      const filtered = await demo.get(`${I}/batches`, { serviceCompanyId: hainan, title: '开票测试批次' });
      expect(filtered.body.data.rows.some((r: { batchId: number }) => r.batchId === batch)).toBe(false);
      // A rejection gives the amount back.
      expect((await ops.post(opsUrl(rest, '/reject'), { reason: '金额与合同不符' })).body.data.status).toBe('rejected');
      expect(await invoiceable()).toBe(before + 50_000);
    });

    it('refuses bad input in Chinese and saves nothing', async () => {
      const batch = await paidBatch(t.database.db, xinghe, hainan, [30_000]);
      const unpaid = await paidBatch(t.database.db, xinghe, hainan, [30_000], 'to_pay');
      const other = await paidBatch(t.database.db, yunfanId, hainan, [30_000]);
      const ofJiangsu = await paidBatch(t.database.db, xinghe, jiangsu, [30_000]);
      const n = await applicationCount();
      const cases: [Record<string, unknown>, string][] = [
        [applyBody([]), '请选择订单'],
        [applyBody([{ batchId: batch, amountFen: 0 }]), '开票金额必须大于 0'],
        [applyBody([{ batchId: batch, amountFen: 10.5 }]), '开票金额最多两位小数'],
        [applyBody([{ batchId: unpaid, amountFen: 100 }]), '尚未发放完成，不能开票'],
        [applyBody([{ batchId: other, amountFen: 100 }]), '订单不存在'],
        [applyBody([{ batchId: ofJiangsu, amountFen: 100 }]), '不属于所选服务商'],
        [applyBody([{ batchId: batch, amountFen: 100 }], { invoiceType: 'special' }), '只开具增值税普通发票'],
        [applyBody([{ batchId: batch, amountFen: 100 }], { content: '餐饮服务' }), '开票内容不在该服务商的开票内容中'],
        [applyBody([{ batchId: batch, amountFen: 100 }], { infoId: 999_999 }), '开票信息不存在'],
        [
          applyBody([
            { batchId: batch, amountFen: 100 },
            { batchId: batch, amountFen: 100 },
          ]),
          '订单有重复',
        ],
      ];
      for (const [body, message] of cases) {
        const res = await demo.post(`${I}/application`, body);
        expect(res.body.status, message).toBe(40000);
        expect(JSON.stringify(res.body), message).toContain(message);
      }
      expect(await applicationCount()).toBe(n);
    });

    it('issues with a PDF, mails, and the company previews the PDF; voiding gives the amount back', async () => {
      const batch = await paidBatch(t.database.db, xinghe, hainan, [80_000]);
      const before = (await invoiceable()) ?? 0;
      const id = await apply([{ batchId: batch, amountFen: 80_000 }]);
      // The queue lists it for the operator.
      const queue = await ops.get(`${OPS}/page`, { status: 'pending', limit: 100 });
      expect(queue.body.data.rows.some((r: { id: number; companyName: string }) => r.id === id)).toBe(true);
      // Not a PDF: refused.
      const png = await uploadPdf(id, Buffer.from('\x89PNG\r\n\x1a\n0000'), '发票.pdf');
      expect(png.body.status).toBe(40000);
      expect(png.body.message).toContain('仅支持 PDF');
      // Issue without a number: refused, still pending.
      const up = await uploadPdf(id);
      const noNo = await ops.post(opsUrl(id, '/issue'), { fileId: up.body.data.id, invoiceDate: '2026-11-20' });
      expect(noNo.body.status).toBe(40000);
      expect((await demo.get(appUrl(id))).body.data.status).toBe('pending');
      // 发票号码 has 8 or 20 digits: letters, or another length, are refused on the field.
      for (const invoiceNo of ['E2E20261125', '1234567', '123456789', '1234567890123456789']) {
        const bad = await ops.post(opsUrl(id, '/issue'), {
          fileId: up.body.data.id,
          invoiceNo,
          invoiceDate: '2026-11-20',
        });
        expect(bad.body.status, invoiceNo).toBe(40000);
        expect(JSON.stringify(bad.body), invoiceNo).toContain('发票号码应为 8 位或 20 位数字');
      }
      expect((await demo.get(appUrl(id))).body.data.status).toBe('pending');
      const issued = await ops.post(opsUrl(id, '/issue'), {
        fileId: up.body.data.id,
        invoiceNo: '04400123',
        invoiceDate: '2026-11-20',
      });
      expect(issued.body.status, JSON.stringify(issued.body)).toBe(200);
      expect(issued.body.data).toMatchObject({ status: 'issued', invoiceNo: '04400123', actions: ['mail', 'void'] });
      const pdf = await download(t.app, demoToken, `${appUrl(id)}/pdf`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
      // The file is kept: no retention any more.
      const [file] = await queryRows<{ expires_at: string | null }>(
        t.database.db,
        sql`select expires_at from stored_file where id = ${up.body.data.id}`,
      );
      expect(file?.expires_at).toBeNull();
      // Mail, then void.
      const mailed = await ops.post(opsUrl(id, '/mail'), { courier: '顺丰速运', trackingNo: 'SF1234567890' });
      expect(mailed.body.data).toMatchObject({ status: 'mailed', courier: '顺丰速运', trackingNo: 'SF1234567890' });
      expect((await demo.get(appUrl(id))).body.data.status).toBe('mailed');
      expect(await invoiceable()).toBe(before - 80_000);
      const voided = await ops.post(opsUrl(id, '/void'), { reason: '抬头有误' });
      expect(voided.body.data).toMatchObject({ status: 'voided', voidReason: '抬头有误', actions: [] });
      expect(await invoiceable()).toBe(before);
      // The records list filters by status and by number.
      const list = await demo.get(`${I}/application/page`, { status: 'voided', applicationNo: `FP${id}` });
      expect(list.body.data.rows.map((r: { id: number }) => r.id)).toEqual([id]);
    });

    it('refuses every transition from a disallowed state, changing nothing', async () => {
      const batch = await paidBatch(t.database.db, xinghe, hainan, [90_000]);
      const pending = await apply([{ batchId: batch, amountFen: 10_000 }]);
      const issued = await apply([{ batchId: batch, amountFen: 10_000 }]);
      expect((await issue(issued, '22223333')).body.status).toBe(200);
      const mailed = await apply([{ batchId: batch, amountFen: 10_000 }]);
      expect((await issue(mailed, '22224444')).body.status).toBe(200);
      await ops.post(opsUrl(mailed, '/mail'), { courier: '顺丰速运', trackingNo: 'SF0000000001' });
      const rejected = await apply([{ batchId: batch, amountFen: 10_000 }]);
      await ops.post(opsUrl(rejected, '/reject'), { reason: '重复申请' });
      const voided = await apply([{ batchId: batch, amountFen: 10_000 }]);
      expect((await issue(voided, '22225555')).body.status).toBe(200);
      await ops.post(opsUrl(voided, '/void'), { reason: '作废' });

      const mail = { courier: '顺丰速运', trackingNo: 'SF0000000002' };
      const reason = { reason: '原因' };
      const refused: [number, string, unknown, string][] = [
        [pending, '/mail', mail, '只有已开票的发票可以邮寄'],
        [pending, '/void', reason, '只有已开票或已邮寄的发票可以作废'],
        [issued, '/reject', reason, '只有待审核的申请可以驳回'],
        [mailed, '/mail', mail, '只有已开票的发票可以邮寄'],
        [mailed, '/reject', reason, '只有待审核的申请可以驳回'],
        [rejected, '/mail', mail, '只有已开票的发票可以邮寄'],
        [rejected, '/void', reason, '只有已开票或已邮寄的发票可以作废'],
        [rejected, '/reject', reason, '只有待审核的申请可以驳回'],
        [voided, '/void', reason, '只有已开票或已邮寄的发票可以作废'],
        [voided, '/mail', mail, '只有已开票的发票可以邮寄'],
      ];
      for (const [id, action, body, message] of refused) {
        const res = await ops.post(opsUrl(id, action), body);
        expect(res.body, `${id}${action}`).toMatchObject({ status: 40900, message });
      }
      // Issuing needs a pending application: the upload is refused already.
      for (const id of [issued, mailed, rejected, voided]) {
        expect((await uploadPdf(id)).body).toMatchObject({ status: 40900, message: '只有待审核的申请可以上传发票' });
      }
      // The company resubmits only a rejected one.
      for (const id of [pending, issued, mailed, voided]) {
        const res = await demo.put(appUrl(id), applyBody([{ batchId: batch, amountFen: 100 }]));
        expect(res.body).toMatchObject({ status: 40900, message: '只有已驳回的申请可以编辑后重新提交' });
      }
      const statuses = await queryRows<{ id: string | number; status: string }>(
        t.database.db,
        sql`select id, status from invoice_application where id = any(${sql.param([pending, issued, mailed, rejected, voided])}::bigint[]) order by id`,
      );
      expect(statuses.map((s) => s.status)).toEqual(['pending', 'issued', 'mailed', 'rejected', 'voided']);
      expect((await ops.post(opsUrl(999_999, '/reject'), reason)).body.status).toBe(40400);
    });

    it('edits a rejected application and submits it again', async () => {
      const batch = await paidBatch(t.database.db, xinghe, hainan, [40_000]);
      const id = await apply([{ batchId: batch, amountFen: 40_000 }]);
      await ops.post(opsUrl(id, '/reject'), { reason: '开票内容有误' });
      const detail = (await demo.get(appUrl(id))).body.data;
      expect(detail).toMatchObject({ status: 'rejected', rejectReason: '开票内容有误', actions: ['resubmit'] });
      // Its own amount is free again for itself; more than the batch paid is not.
      const over = await demo.put(appUrl(id), applyBody([{ batchId: batch, amountFen: 40_001 }]));
      expect(over.body.status).toBe(40000);
      expect((await demo.get(appUrl(id))).body.data.status).toBe('rejected');
      const res = await demo.put(
        appUrl(id),
        applyBody([{ batchId: batch, amountFen: 30_000 }], { content: '现代服务*技术服务费' }),
      );
      expect(res.body.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({
        status: 'pending',
        amountFen: 30_000,
        content: '现代服务*技术服务费',
        rejectReason: null,
      });
    });

    it("hides another company's applications and batches", async () => {
      const batch = await paidBatch(t.database.db, xinghe, hainan, [20_000]);
      const id = await apply([{ batchId: batch, amountFen: 20_000 }]);
      expect((await yunfan.get(appUrl(id))).body.status).toBe(40400);
      expect((await download(t.app, await loginAs(t.app, 'demo_yf'), `${appUrl(id)}/pdf`)).body?.status).toBe(40400);
      const page = (await yunfan.get(`${I}/application/page`, { limit: 100 })).body.data;
      expect(page.rows.some((r: { id: number }) => r.id === id)).toBe(false);
      const batches = (await yunfan.get(`${I}/batches`, { limit: 100 })).body.data.rows;
      expect(batches.some((r: { batchId: number }) => r.batchId === batch)).toBe(false);
    });
  });

  describe('导出开票记录', () => {
    it("exports the records of the list's filters through the download centre, this company's only", async () => {
      const res = await demo.post(`${I}/application/export`, { status: 'mailed' });
      expect(res.body.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({ type: 'invoices', typeName: '开票记录' });
      expect((await waitForExport(t, res.body.data.id))?.status).toBe('done');
      const got = await download(t.app, demoToken, `/api/admin/export/${res.body.data.id}/download`);
      const [sheet] = await readXlsx(got.bytes);
      const [header, ...rows] = sheet?.rows ?? [];
      expect(header?.slice(0, 3)).toEqual(['申请编号', '服务商', '发票类型']);
      const [counted] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from invoice_application where company_id = ${xinghe} and status = 'mailed'`,
      );
      expect(counted?.n).toBeGreaterThan(0);
      expect(rows.length).toBe(counted?.n);
      expect(rows.every((r) => r[8] === '已邮寄' && /^FP\d{8}$/.test(r[0] ?? ''))).toBe(true);

      // 云帆物流 has no applications: its export is empty, never 星河科技's rows.
      const other = await yunfan.post(`${I}/application/export`, {});
      expect((await waitForExport(t, other.body.data.id))?.status).toBe('done');
      const otherFile = await download(
        t.app,
        await loginAs(t.app, 'demo_yf'),
        `/api/admin/export/${other.body.data.id}/download`,
      );
      const [otherSheet] = await readXlsx(otherFile.bytes);
      expect(otherSheet?.rows.length).toBe(1);
    });

    it('refuses bad filters in Chinese and needs invoice:view', async () => {
      const bad = await demo.post(`${I}/application/export`, { status: 'lost' });
      expect(bad.body.status).toBe(40000);
      expect(bad.body.message).toContain('开票状态不存在');
      const noView = caller(t.app, await adminWithout(t, demoToken, ['invoice:view']));
      expect((await noView.post(`${I}/application/export`, {})).body.status).toBe(40301);
      expect((await ops.post(`${I}/application/export`, {})).body.status).toBe(40101);
    });
  });

  describe('access', () => {
    it('needs the elements: view, apply, edit', async () => {
      const noApply = caller(t.app, await adminWithout(t, demoToken, ['invoice:apply', 'invoice:edit']));
      expect((await noApply.get(`${I}/application/page`)).body.status).toBe(200);
      expect((await noApply.post(`${I}/application`, applyBody([{ batchId: 1, amountFen: 1 }]))).body.status).toBe(
        40301,
      );
      expect((await noApply.get(`${I}/batches`)).body.status).toBe(40301);
      expect((await noApply.post(INFO, infoBody())).body.status).toBe(40301);
      const noView = caller(t.app, await adminWithout(t, demoToken, ['invoice:view']));
      expect((await noView.get(`${I}/application/page`)).body.status).toBe(40301);
      expect((await noView.get(DEFAULT_INFO)).body.status).toBe(40301);
    });

    it('refuses operator tokens on company routes and company tokens on /ops', async () => {
      expect((await ops.get(`${I}/application/page`)).body.status).toBe(40101);
      expect((await ops.get(`${INFO}/list`)).body.status).toBe(40101);
      expect((await demo.get(`${OPS}/page`)).body.status).toBe(40101);
      expect((await demo.post(opsUrl(1, '/reject'), { reason: 'x' })).body.status).toBe(40101);
      expect(
        (await uploadTo(t.app, demoToken, opsUrl(1, '/upload'), { name: 'a.pdf', content: PDF })).body.status,
      ).toBe(40101);
    });
  });

  it('never lets applications at the same moment together exceed the invoiceable amount', async () => {
    const finance = caller(t.app, await loginAs(t.app, 'finance'));
    const batch = await paidBatch(t.database.db, xinghe, jiangsu, [100_000]);
    const body = applyBody([{ batchId: batch, amountFen: 40_000 }], {
      serviceCompanyId: jiangsu,
      content: '人力资源服务*劳务派遣服务',
      invoiceType: 'special',
    });
    const callers = [demo, finance, demo, finance, demo, finance];
    const results = await Promise.all(callers.map((c) => c.post(`${I}/application`, body)));
    const statuses = results.map((r) => r.body.status).sort();
    expect(statuses, JSON.stringify(results.map((r) => r.body.message))).toEqual([
      200, 200, 40000, 40000, 40000, 40000,
    ]);
    const [sum] = await queryRows<{ fen: string | number }>(
      t.database.db,
      sql`select coalesce(sum(amount_fen), 0) as fen from invoice_application_batch where batch_id = ${batch}`,
    );
    expect(Number(sum?.fen)).toBe(80_000);
  });

  it('keeps 可开票金额 on the batches and per service company equal to the rows, whatever happened above', async () => {
    expect(await keptInvoiceableMismatches(t.database.db)).toEqual({ batches: [], totals: [] });
  });
});
