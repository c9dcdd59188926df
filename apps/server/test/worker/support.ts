import { ELEMENT_CODES, type TWorkerAgreement } from '@flexpay/contract';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { asPlatform, withoutCompany } from '../../src/db/scope.ts';
import { writeDemoAgreements } from '../../src/seed/agreements.ts';
import type { SandboxSigningProvider } from '../../src/modules/signing-sandbox/provider.ts';
import { caller, loginAs, type Caller, type TestApp } from '../helpers.ts';
import { waitFor } from '../wait-for.ts';

let seq = 0;

/**
 * Signs in a new admin of 星河科技 whose only role grants every element code except these
 * (created by the owner `demo`); answers its token.
 */
export async function adminWithout(t: TestApp, ownerToken: string, withheld: string[]): Promise<string> {
  const owner = caller(t.app, ownerToken);
  const role = await owner.post('/api/admin/role', {
    name: `受限角色${++seq}`,
    elementCodes: ELEMENT_CODES.filter((c) => !withheld.includes(c)),
  });
  expect(role.body.status).toBe(200);
  const username = `limited_${seq}_${process.pid}`;
  const admin = await owner.post('/api/admin/user', {
    username,
    password: 'Passw0rd!x',
    name: '受限管理员',
    mobile: '13900000000',
    roleIds: [role.body.data.id],
  });
  expect(admin.body.status).toBe(200);
  return loginAs(t.app, username, 'Passw0rd!x');
}

/** Waits until the export job has left queued/running; answers its row. */
export async function waitForExport(t: TestApp, id: string) {
  const row = await waitFor(
    async () =>
      (
        await queryRows<{ status: string; progress: number; row_count: number; file_size: number; error: string }>(
          t.database.db,
          sql`select status, progress, row_count, file_size::int as file_size, error from export_job where id = ${id}`,
        )
      )[0],
    (row) => row !== undefined && row.status !== 'queued' && row.status !== 'running',
    { what: `export ${id}` },
  );
  if (!row) throw new Error(`export ${id} not found`);
  return row;
}

/** Waits until the import job has left validating/committing, reading it through the API. */
export function waitForImport(t: TestApp, token: string, id: string) {
  const c = caller(t.app, token);
  return waitFor(
    async () => (await c.get(`/api/companystaff/employee/import/${id}`)).body,
    (body) => body.status !== 200 || !['validating', 'committing'].includes(body.data.status),
    { what: `import ${id}` },
  ).then((body) => {
    expect(body.status).toBe(200);
    return body.data;
  });
}

/** Staged-rows files of imports in the store (all companies). */
export async function countStagedFiles(t: TestApp): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from stored_file where purpose = 'import-staged'`,
  );
  return row?.n ?? 0;
}

/**
 * Waits until the worker's real-name verification, run by a background job after the worker was
 * added or changed (issue 43), has an answer; answers the status (verified or failed).
 */
export async function waitForRealName(c: Caller, workerId: number): Promise<string> {
  const detail = await waitFor(
    async () => (await c.get(`/api/companystaff/employee/${workerId}`)).body,
    (body) => body.status !== 200 || body.data.realNameStatus !== 'verifying',
    { what: `worker ${workerId} verified` },
  );
  expect(detail.status).toBe(200);
  return detail.data.realNameStatus as string;
}

/**
 * Signs the service company's current agreement for a verified worker the way a worker does
 * (issue 43): 发起签约, then the sandbox's SMS link followed with its code; waits until the
 * worker's agreement is 已签约. For tests that pay a new worker through a service company with an
 * agreement (the demo's 江苏智薪, whose PDF it draws into the test's store first, as a start does).
 */
export async function signAgreement(t: TestApp, c: Caller, serviceCompanyId: number, workerId: number) {
  // The demo's template PDF, drawn into the store at start-up (the tests' seeded database has none).
  await asPlatform('test: the demo agreement files', () => writeDemoAgreements(t.database.db, t.app.ctx.files));
  const sent = await c.post('/api/companystaff/employee/agreement/send', { serviceCompanyId, workerIds: [workerId] });
  expect(sent.body.status, JSON.stringify(sent.body)).toBe(200);
  const ofWorker = () =>
    waitFor(
      async () => (await c.get(`/api/companystaff/employee/${workerId}/agreement`)).body.data as TWorkerAgreement[],
      (list) => list.some((a) => a.serviceCompanyId === serviceCompanyId && a.status !== 'queued'),
      { what: `worker ${workerId}'s agreement sent` },
    ).then((list) => list.find((a) => a.serviceCompanyId === serviceCompanyId));
  const agreement = await ofWorker();
  expect(agreement?.status, JSON.stringify(agreement)).toBe('signing');
  const provider = t.app.ctx.signingProvider as SandboxSigningProvider;
  const link = await withoutCompany(() => provider.linkOf(agreement?.providerRef ?? ''));
  const followed = await t.app.inject({ url: `/api/sandbox/signing/${link?.token}?code=${link?.code}` });
  expect(followed.statusCode, followed.body).toBe(200);
  await waitFor(
    async () => (await c.get(`/api/companystaff/employee/${workerId}`)).body.data.contractStatus as string,
    (status) => status === 'signed',
    { what: `worker ${workerId} signed` },
  );
}
