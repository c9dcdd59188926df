/**
 * 开票 through the company's own approval flow (issue 27 point 3, 审批管理): with a flow for the
 * amount, an application (and a resubmission) waits 审批中, holding its amount, out of the
 * operator's sight; approved it reaches the operator's queue (待审核), rejected it is 已驳回 with
 * the approver's reason and gives its amount back. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { caller, createTestApp, loginAs, type Caller, type TestApp } from '../helpers.ts';
import { companyId, opsLogin, serviceCompanyId } from '../money/support.ts';
import { appUrl, I, INFO, infoBody, OPS, opsUrl, paidBatch } from './support.ts';

const FLOW = '/api/admin/approvalFlow/invoice';

describe('invoice applications through the company’s 开票 approval flow', () => {
  let t: TestApp;
  let demo: Caller;
  let finance: Caller;
  let ops: Caller;
  let hainan: number;
  let infoId: number;
  let batchId: number;
  let secondBatchId: number;

  const invoiceable = async () =>
    ((await demo.get(`${I}/invoiceable`)).body.data as { serviceCompanyId: number; invoiceableFen: number }[]).find(
      (r) => r.serviceCompanyId === hainan,
    )?.invoiceableFen ?? 0;
  const body = (amountFen: number, batch = batchId) => ({
    serviceCompanyId: hainan,
    batches: [{ batchId: batch, amountFen }],
    infoId,
    invoiceType: 'normal',
    content: '现代服务*服务费',
  });
  /** The pending approval of application `id` in 财务's list. */
  const requestOf = async (id: number) => {
    const rows = (await finance.get('/api/admin/approval/pending')).body.data as {
      id: number;
      type: string;
      subject: { kind: string; id: string };
      title: string;
    }[];
    return rows.find((r) => r.type === 'invoice' && r.subject.kind === 'invoice' && r.subject.id === String(id));
  };
  /** In the operator's list, or (`status` given) in its tab. */
  const inOpsQueue = async (id: number, status?: string) =>
    (
      (await ops.get(`${OPS}/page`, { limit: 100, ...(status ? { status } : {}) })).body.data.rows as { id: number }[]
    ).some((r) => r.id === id);

  beforeAll(async () => {
    t = await createTestApp();
    demo = caller(t.app, await loginAs(t.app, 'demo'));
    finance = caller(t.app, await loginAs(t.app, 'finance'));
    ops = caller(t.app, await opsLogin(t.app));
    hainan = await serviceCompanyId(t.database.db, '海南灵工服务有限公司');
    const xinghe = await companyId(t.database.db, '星河科技有限公司');
    batchId = await paidBatch(t.database.db, xinghe, hainan, [600_000, 400_000]);
    secondBatchId = await paidBatch(t.database.db, xinghe, hainan, [800_000]);
    infoId = (await demo.post(INFO, infoBody())).body.data.id;
    const [role] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select r.id from role r where r.company_id = ${xinghe} and r.name = '财务'`,
    );
    // 开票 of ¥5,000 or more needs 财务's approval.
    const saved = await demo.put(FLOW, {
      thresholdFen: 500_000,
      enabled: true,
      steps: [{ mode: 'any', roleId: Number(role?.id) }],
    });
    expect(saved.body.status, JSON.stringify(saved.body)).toBe(200);
  });
  afterAll(() => t.close());

  it('goes straight to the operator’s queue under the threshold', async () => {
    const res = await demo.post(`${I}/application`, body(100_000));
    expect(res.body.data.status).toBe('pending');
    expect(await inOpsQueue(res.body.data.id)).toBe(true);
    // Done with: rejected by the operator, it gives its amount back.
    expect((await ops.post(opsUrl(res.body.data.id, '/reject'), { reason: '测试' })).body.status).toBe(200);
  });

  it('waits 审批中 at or above it, holding its amount, unseen and untouchable by the operator', async () => {
    const before = await invoiceable();
    const res = await demo.post(`${I}/application`, body(600_000));
    expect(res.body.status, JSON.stringify(res.body)).toBe(200);
    const id = res.body.data.id as number;
    expect(res.body.data, JSON.stringify(res.body.data)).toMatchObject({ status: 'approving' });
    expect(await invoiceable()).toBe(before - 600_000);
    expect(await requestOf(id)).toMatchObject({ title: expect.stringContaining('¥6000.00') });

    expect(await inOpsQueue(id)).toBe(false);
    expect((await ops.get(opsUrl(id))).body.status).toBe(40400);
    expect((await ops.post(opsUrl(id, '/reject'), { reason: '不该看到' })).body.status).toBe(40400);
    expect((await ops.get(`${OPS}/page`, { status: 'approving' })).body).toMatchObject({ status: 40000 });
    expect((await demo.get(appUrl(id))).body.data.status).toBe('approving');

    // Approved: on to the platform's queue, 待审核.
    const request = await requestOf(id);
    expect((await finance.post(`/api/admin/approval/${request?.id}/approve`, { comment: '同意' })).body.status).toBe(
      200,
    );
    expect((await demo.get(appUrl(id))).body.data.status).toBe('pending');
    expect(await inOpsQueue(id, 'pending')).toBe(true);
    expect(await invoiceable()).toBe(before - 600_000);
  });

  it('rejected by the approver, it is 已驳回 with the reason and gives its amount back; resubmitted, it is approved again', async () => {
    const before = await invoiceable();
    const id = (await demo.post(`${I}/application`, body(800_000, secondBatchId))).body.data.id as number;
    expect(await invoiceable()).toBe(before - 800_000);
    const request = await requestOf(id);
    expect((await finance.post(`/api/admin/approval/${request?.id}/reject`, { comment: '金额有误' })).body.status).toBe(
      200,
    );
    expect((await demo.get(appUrl(id))).body.data).toMatchObject({
      status: 'rejected',
      rejectReason: '审批驳回：金额有误',
    });
    expect(await invoiceable()).toBe(before);
    expect(await inOpsQueue(id, 'pending')).toBe(false);

    const again = await demo.put(appUrl(id), body(700_000, secondBatchId));
    expect(again.body.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data.status).toBe('approving');
    expect(await invoiceable()).toBe(before - 700_000);
    expect(await requestOf(id)).toBeDefined();
  });
});
