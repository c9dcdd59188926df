/**
 * 实名认证 through the API (issue 43): a worker added, changed or imported is verified in the
 * background by the sandbox provider (认证中 -> 已认证 | 认证失败 with its reason and reference);
 * 重新认证; an outage leaves workers 认证中; nothing logs an ID or card number.
 */
import { sql } from 'drizzle-orm';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REAL_NAME_AUTO_ATTEMPTS } from '@flexpay/contract';
import { queryRows } from '../../src/db/client.ts';
import { asPlatform } from '../../src/db/scope.ts';
import { companiesWithPendingChecks } from '../../src/modules/worker/real-name/service.ts';
import { luhnCheckDigit } from '../../src/lib/bank-card.ts';
import type { SandboxIdentityProvider } from '../../src/modules/identity-sandbox/provider.ts';
import { buildXlsx, testCardNumber, testIdNumber, uploadTo } from '../files.ts';
import { caller, createTestApp, loginAs, type Caller, type TestApp } from '../helpers.ts';
import { waitFor } from '../wait-for.ts';
import { adminWithout, waitForImport } from './support.ts';

const BASE = '/api/companystaff/employee';
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

let serial = 40_000;
const nextId = () => testIdNumber(++serial);
const nextCard = () => testCardNumber(++serial);
/** A valid card number ending 0000, which the sandbox's 三要素 refuses. */
function cardEnding0000() {
  for (let n = 100; ; n += 1) {
    const body = `6222021234${String(n).padStart(5, '0')}000`;
    if (luhnCheckDigit(body) === '0') return `${body}0`;
  }
}

describe('实名认证 (real-name verification)', () => {
  let t: TestApp;
  let demo: Caller;
  let demoToken: string;
  let yunfan: Caller;
  let companyId: number;
  const logLines: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    t = await createTestApp({ logLevel: 'info' }, undefined, { stream });
    demoToken = await loginAs(t.app, 'demo');
    demo = caller(t.app, demoToken);
    yunfan = caller(t.app, await loginAs(t.app, 'demo_yf'));
    const [company] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id::int as id from company where name = '星河科技有限公司'`,
    );
    companyId = company?.id ?? 0;
  });
  afterAll(() => t.close());

  const provider = () => t.app.ctx.identityProvider as SandboxIdentityProvider;

  const addWorker = async (name: string, card: string | null = nextCard(), id = nextId()) => {
    const res = await demo.post(BASE, {
      name,
      idNumber: id,
      mobile: '13912345678',
      joinedAt: '2025-03-01',
      ...(card ? { bankCard: { bankCode: 'CCB', cardNumber: card, branch: '' } } : {}),
    });
    expect(res.body.status, JSON.stringify(res.body)).toBe(200);
    return { id: res.body.data.id as number, idNumber: id, card, detail: res.body.data };
  };

  const settled = (id: number) =>
    waitFor(
      async () => (await demo.get(`${BASE}/${id}`)).body.data,
      (d) => d.realNameStatus !== 'verifying',
      { what: `worker ${id} verified` },
    );

  it('verifies a new worker in the background: 认证中, then 已认证 by 三要素 with the provider reference and time', async () => {
    const w = await addWorker('实名甲');
    expect(w.detail.realNameStatus).toBe('verifying');
    expect(w.detail.realName).toMatchObject({ status: 'verifying', source: 'added', providerRef: null });
    const d = await settled(w.id);
    expect(d.realNameStatus).toBe('verified');
    expect(d.realName).toMatchObject({ status: 'verified', factors: 3, reason: '', source: 'added' });
    expect(d.realName.providerRef).toMatch(/^SV[0-9A-F]{20}$/);
    expect(Date.parse(d.realName.answeredAt)).not.toBeNaN();
  });

  it('verifies a worker without a bank card by 二要素', async () => {
    const w = await addWorker('实名乙', null);
    const d = await settled(w.id);
    expect(d.realName).toMatchObject({ status: 'verified', factors: 2 });
  });

  it('keeps the failure with the provider reason: 姓名与身份证号不一致, 银行卡与身份信息不符', async () => {
    const a = await addWorker('认证失败丙');
    expect(await settled(a.id)).toMatchObject({
      realNameStatus: 'failed',
      realName: { status: 'failed', reason: '姓名与身份证号不一致' },
    });
    const b = await addWorker('实名丁', cardEnding0000());
    const d = await settled(b.id);
    expect(d.realName).toMatchObject({ status: 'failed', reason: '银行卡与身份信息不符', factors: 3 });

    // A new default card is verified again.
    const added = await demo.post(`${BASE}/${b.id}/bankCard`, {
      bankCode: 'CCB',
      cardNumber: nextCard(),
      isDefault: true,
    });
    expect(added.body.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data.realNameStatus).toBe('verifying');
    expect(await settled(b.id)).toMatchObject({ realNameStatus: 'verified', realName: { source: 'changed' } });
  });

  it('verifies again when the name changes, not when only the mobile does', async () => {
    const w = await addWorker('实名戊');
    const before = await settled(w.id);
    const base = { mobile: '13900000001', jobTypeId: null, departmentId: null, joinedAt: '2025-03-01', remark: '' };
    const same = await demo.put(`${BASE}/${w.id}`, { ...base, name: '实名戊' });
    expect(same.body.data.realNameStatus).toBe('verified');
    expect(same.body.data.realName.providerRef).toBe(before.realName.providerRef);
    const renamed = await demo.put(`${BASE}/${w.id}`, { ...base, name: '认证失败戊' });
    expect(renamed.body.data.realNameStatus).toBe('verifying');
    expect(await settled(w.id)).toMatchObject({ realNameStatus: 'failed', realName: { source: 'changed' } });
  });

  it('重新认证 queues the worker again (认证中) and answers the new check', async () => {
    const w = await addWorker('实名己');
    await settled(w.id);
    const res = await demo.post(`${BASE}/${w.id}/realName/verify`);
    expect(res.body.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'verifying', source: 'manual', providerRef: null });
    expect(await settled(w.id)).toMatchObject({ realNameStatus: 'verified', realName: { source: 'manual' } });
  });

  it('重新认证 refuses a bad id, another company’s worker and an admin without employee:verify', async () => {
    const w = await addWorker('实名庚');
    expect((await demo.post(`${BASE}/abc/realName/verify`)).body.status).toBe(40000);
    const other = await yunfan.post(`${BASE}/${w.id}/realName/verify`);
    expect(other.body).toMatchObject({ status: 40400, message: '员工不存在' });
    const limited = caller(t.app, await adminWithout(t, demoToken, ['employee:verify']));
    expect((await limited.post(`${BASE}/${w.id}/realName/verify`)).body.status).toBe(40301);
    // Nothing was queued by the refusals: one run (added) for the worker.
    const [runs] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from worker_real_name_check where company_id = ${companyId} and worker_id = ${w.id}`,
    );
    expect(runs?.n).toBe(1);
  });

  it('leaves workers 认证中 while the provider is down, counts the attempts, and verifies them once it is back', async () => {
    provider().down = true;
    try {
      const w = await addWorker('实名辛');
      const outcome = await t.app.realNameWork.run(companyId);
      expect(outcome.answered).toBe(0);
      const d = (await demo.get(`${BASE}/${w.id}`)).body.data;
      expect(d.realNameStatus).toBe('verifying');
      expect(d.realName.attempts).toBeGreaterThanOrEqual(1);
      provider().down = false;
      await t.app.realNameWork.run(companyId);
      expect(await settled(w.id)).toMatchObject({ realNameStatus: 'verified' });
    } finally {
      provider().down = false;
    }
  });

  it('stops retrying a check by itself after REAL_NAME_AUTO_ATTEMPTS runs without an answer; 重新认证 asks again', async () => {
    provider().down = true;
    let w = { id: 0 };
    try {
      w = await addWorker('实名癸');
      await t.app.realNameWork.run(companyId);
      // As if the sweep had found the provider away every minute but the last time.
      await t.database.db.execute(
        sql`update worker_real_name_check set attempts = ${REAL_NAME_AUTO_ATTEMPTS - 1}
             where company_id = ${companyId} and worker_id = ${w.id} and status = 'verifying'`,
      );
      await t.app.realNameWork.run(companyId);
      const stopped = (await demo.get(`${BASE}/${w.id}`)).body.data;
      expect(stopped.realNameStatus).toBe('verifying');
      expect(stopped.realName).toMatchObject({ attempts: REAL_NAME_AUTO_ATTEMPTS, retryStopped: true });
      expect(logLines.join('')).toContain('no longer retried by themselves');
    } finally {
      provider().down = false;
    }
    // Back, but the stopped check is not asked by itself: neither by a run nor by the sweep.
    await t.app.realNameWork.run(companyId);
    const still = (await demo.get(`${BASE}/${w.id}`)).body.data;
    expect(still.realName).toMatchObject({ status: 'verifying', retryStopped: true });
    const retried = await queryRows<{ company_id: number }>(
      t.database.db,
      sql`select distinct company_id::int as company_id from worker_real_name_check
           where status = 'verifying' and attempts < ${REAL_NAME_AUTO_ATTEMPTS} order by 1`,
    );
    const swept = await asPlatform('test', () => companiesWithPendingChecks(t.database.db));
    expect([...swept].sort((a, b) => a - b)).toEqual(retried.map((r) => r.company_id));
    const [stuck] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from worker_real_name_check
           where company_id = ${companyId} and worker_id = ${w.id} and status = 'verifying'
             and attempts = ${REAL_NAME_AUTO_ATTEMPTS}`,
    );
    expect(stuck?.n).toBe(1);
    // 重新认证 queues a new check, asked at once.
    const again = await demo.post(`${BASE}/${w.id}/realName/verify`);
    expect(again.body.data).toMatchObject({ status: 'verifying', attempts: 0, retryStopped: false });
    await t.app.realNameWork.run(companyId);
    expect(await settled(w.id)).toMatchObject({ realNameStatus: 'verified' });
    expect((await demo.get(`${BASE}/${w.id}`)).body.data.realName.retryStopped).toBe(false);
  });

  it('verifies an import’s workers in the background with its progress', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => [
      i === 3 ? '认证失败导入' : `导入员工${String.fromCharCode(0x4e00 + i)}`,
      nextId(),
      '13912345678',
      '',
      '2025-03-01',
      '',
      '中国工商银行',
      nextCard(),
      '',
      '',
    ]);
    const content = await buildXlsx([{ name: '员工信息', rows: [HEADER, ...rows] }]);
    const up = await uploadTo(t.app, demoToken, `${BASE}/import`, { name: '实名导入.xlsx', content });
    expect(up.body.status, JSON.stringify(up.body)).toBe(200);
    const validated = await waitForImport(t, demoToken, up.body.data.id);
    expect(validated.status, JSON.stringify(validated)).toBe('validated');
    const commit = await demo.post(`${BASE}/import/${up.body.data.id}/commit`);
    expect(commit.body.status, JSON.stringify({ commit: commit.body, validated })).toBe(200);
    expect((await waitForImport(t, demoToken, up.body.data.id)).status).toBe('committed');
    const runs = await waitFor(
      async () => (await demo.get(`${BASE}/realName/runs`)).body.data,
      (list: { source: string; pending: number; total: number }[]) =>
        list.some((r) => r.source === 'import' && r.total === 30 && r.pending === 0),
      { what: 'the import run finished' },
    );
    expect(runs.find((r: { source: string }) => r.source === 'import')).toMatchObject({
      total: 30,
      verified: 29,
      failed: 1,
      pending: 0,
    });
    // Another company sees none of it.
    const theirs = (await yunfan.get(`${BASE}/realName/runs`)).body.data;
    expect(theirs.some((r: { source: string; total: number }) => r.source === 'import' && r.total === 30)).toBe(false);

    // The import's own run, as its drawer reads it.
    const importId = up.body.data.id as string;
    const own = await demo.get(`${BASE}/import/${importId}/realName`);
    expect(own.body.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.data).toMatchObject({ source: 'import', total: 30, verified: 29, failed: 1, pending: 0 });
    expect((await yunfan.get(`${BASE}/import/${importId}/realName`)).body).toMatchObject({
      status: 40400,
      message: '导入任务不存在',
    });
    expect((await demo.get(`${BASE}/import/not-an-import/realName`)).body).toMatchObject({
      status: 40400,
      message: '导入任务不存在',
    });
    const limited = caller(t.app, await adminWithout(t, demoToken, ['employee:import']));
    expect((await limited.get(`${BASE}/import/${importId}/realName`)).body.status).toBe(40301);
  });

  it('answers null for an import whose workers are not queued yet (validated, not committed)', async () => {
    const content = await buildXlsx([
      {
        name: '员工信息',
        rows: [HEADER, ['未提交员工', nextId(), '13912345678', '', '2025-03-01', '', '', '', '', '']],
      },
    ]);
    const up = await uploadTo(t.app, demoToken, `${BASE}/import`, { name: '未提交.xlsx', content });
    expect((await waitForImport(t, demoToken, up.body.data.id)).status).toBe('validated');
    expect((await demo.get(`${BASE}/import/${up.body.data.id}/realName`)).body).toMatchObject({
      status: 200,
      data: null,
    });
  });

  it('never logs an ID or card number', async () => {
    const w = await addWorker('实名壬');
    provider().down = true;
    try {
      await t.app.realNameWork.run(companyId);
    } finally {
      provider().down = false;
    }
    await t.app.realNameWork.run(companyId);
    await settled(w.id);
    const log = logLines.join('');
    expect(log).toContain('identity provider');
    expect(log).not.toContain(w.idNumber);
    expect(log).not.toContain(w.card ?? 'none');
  });
});
