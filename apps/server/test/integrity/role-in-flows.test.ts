/**
 * A role named by an approval flow's step (JSON, where no foreign key reaches) is not deleted
 * while a flow uses it: the approval area answers for its flows (registry.roleReferences).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { caller, createTestApp, loginAs, type Caller, type TestApp } from '../helpers.ts';

describe('a role used by an approval flow', () => {
  let t: TestApp;
  let demo: Caller;
  beforeAll(async () => {
    t = await createTestApp();
    demo = caller(t.app, await loginAs(t.app, 'demo'));
  });
  afterAll(() => t.close());

  it('is refused while a flow step names it, and deleted once no flow does', async () => {
    const role = await demo.post('/api/admin/role', { name: '流程审批角色', elementCodes: ['payroll:approve'] });
    expect(role.body.status, JSON.stringify(role.body)).toBe(200);
    const roleId = role.body.data.id as number;
    const flow = '/api/admin/approvalFlow/topup';
    const saved = await demo.put(flow, { thresholdFen: 100, enabled: true, steps: [{ mode: 'any', roleId }] });
    expect(saved.body.status, JSON.stringify(saved.body)).toBe(200);

    const refused = await demo.del(`/api/admin/role/${roleId}`);
    expect(refused.body).toMatchObject({
      status: 40900,
      message: '该角色已用于充值审批流程，请先在审批管理中调整流程',
    });
    expect((await demo.get(flow)).body.data.steps[0].roleId).toBe(roleId);

    const [finance] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id::int as id from admin where username = 'finance'`,
    );
    const steps = [{ mode: 'any', adminIds: [finance?.id] }];
    const changed = await demo.put(flow, { thresholdFen: 100, enabled: false, steps });
    expect(changed.body.status, JSON.stringify(changed.body)).toBe(200);
    expect((await demo.del(`/api/admin/role/${roleId}`)).body.status).toBe(200);
  });
});
