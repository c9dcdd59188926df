/**
 * 签约 (issue 43, ADR 0031): a service company's current agreement sent to workers through the
 * signing provider (`ctx.signingProvider`), as a job: 发起签约 for one worker, a selection or all
 * matching the list's filter queues an agreement for each 在职, 已认证 worker without one of that
 * version, and the job sends them (签约中). When the provider says one is signed, its PDF is kept
 * in the company's file store with its SHA-256 and the worker is 已签约 for that service company
 * and version.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  API,
  apiPath,
  type TAgreementSendResult,
  type TAgreementStatus,
  type TWorkerAgreement,
  type TWorkerFilters,
} from '@flexpay/contract';
import { sql } from 'drizzle-orm';
import type { AuthContext } from '../../../core/auth.ts';
import type { ServiceContext } from '../../../core/context.ts';
import { conflict, invalidField, notFound } from '../../../lib/errors.ts';
import { createPacer } from '../../../lib/pacer.ts';
import { findStoredFileIn, readStoredFile, removeStoredFile, storeGeneratedFile } from '../../file/service.ts';
import { findCurrentTemplate, readTemplatePdf } from '../../service-company/agreements.ts';
import { findEnabledLink, findRequiredAgreement, serviceCompanyNames } from '../../service-company/service.ts';
import { whereOf } from '../large-list/filters.ts';
import { toRepoFilter } from '../service.ts';
import * as repo from './repo.ts';

export const AGREEMENT_SEND_JOB = 'worker.agreement-send';

export interface AgreementSendJob {
  companyId: number;
  serviceCompanyId: number;
  workerIds?: number[] | undefined;
  filter?: Partial<TWorkerFilters> | undefined;
}

/** Our ref of an agreement at the provider: the company and the agreement's id. */
const refOf = (companyId: number, id: number) => `SA${companyId}-${id}`;
const parseRef = (ref: string) => {
  const m = /^SA(\d+)-(\d+)$/.exec(ref);
  return m ? { companyId: Number(m[1]), id: Number(m[2]) } : undefined;
};

/**
 * 发起签约: checks what can be checked now (the service company is the company's, it has an
 * agreement, the workers are the company's) and queues the job; nothing is written before.
 */
export async function requestSigning(
  ctx: ServiceContext,
  auth: AuthContext,
  body: { serviceCompanyId: number; workerIds?: number[] | undefined; filter?: Partial<TWorkerFilters> | undefined },
  send: (job: AgreementSendJob) => Promise<string>,
): Promise<TAgreementSendResult> {
  if (!(await findEnabledLink(ctx.db, auth.companyId, body.serviceCompanyId))) {
    throw invalidField('serviceCompanyId', '该服务商未与本企业合作或已停用，请重新选择');
  }
  if (!(await findCurrentTemplate(ctx.db, body.serviceCompanyId))) {
    throw conflict('该服务商尚未上传合作协议模板，暂不能发起签约，请联系平台');
  }
  if (body.workerIds) {
    const ids = [...new Set(body.workerIds)];
    if ((await repo.countWorkers(ctx.db, auth.companyId, ids)) !== ids.length)
      throw invalidField('workerIds', '员工不存在');
  }
  const jobId = await send({
    companyId: auth.companyId,
    serviceCompanyId: body.serviceCompanyId,
    workerIds: body.workerIds,
    filter: body.filter,
  });
  return { jobId };
}

/**
 * The job: queue the agreements (a failed one of the same workers again), then send each queued
 * one of the current template, paced under the provider's rate; one the provider refuses is
 * 签约失败 with its reason.
 */
export async function runSigning(
  ctx: ServiceContext,
  job: AgreementSendJob,
): Promise<{ queued: number; sent: number; failed: number }> {
  const template = await findCurrentTemplate(ctx.db, job.serviceCompanyId);
  if (!template) return { queued: 0, sent: 0, failed: 0 };
  const where = job.workerIds
    ? sql`worker.id = any(${sql.param(job.workerIds)}::bigint[])`
    : (whereOf(job.companyId, toRepoFilter(ctx, job.filter ?? {})) ?? sql`true`);
  const { queued } = await ctx.db.transaction(async (tx) => {
    await repo.dropFailed(tx, job.companyId, where, template.id);
    return repo.queueAgreements(tx, job.companyId, where, { ...template, serviceCompanyId: job.serviceCompanyId });
  });
  const document = await readTemplatePdf(ctx, template.fileKey);
  const pacer = createPacer(ctx.signingProvider.ratePerSecond);
  let sent = 0;
  let failed = 0;
  let afterId = 0;
  for (;;) {
    const batch = await repo.findQueued(ctx.db, job.companyId, template.id, afterId, 200);
    if (!batch.length) break;
    for (const a of batch) {
      afterId = a.id;
      const sentNow = await pacer.waitForRoom(1);
      const answer = await ctx.signingProvider.send({
        ref: refOf(job.companyId, a.id),
        signerName: a.name,
        signerMobile: a.mobile,
        documentTitle: template.title,
        document,
      });
      sentNow();
      if (answer.outcome === 'failed') {
        await ctx.db.transaction((tx) => repo.markFailed(tx, job.companyId, a.id, answer));
        failed += 1;
      } else {
        await repo.markSent(ctx.db, job.companyId, a.id, answer.providerRef);
        sent += 1;
      }
    }
  }
  return { queued, sent, failed };
}

/**
 * The provider's word that an agreement is signed: its PDF kept in the company's file store and
 * the agreement 已签约. Called in the company's scope; an unknown or finished ref changes nothing.
 */
export async function collectSigned(ctx: ServiceContext, companyId: number, ref: string, providerRef: string) {
  const key = parseRef(ref);
  if (!key || key.companyId !== companyId) return;
  const agreement = await repo.findByRef(ctx.db, companyId, key.id);
  if (!agreement || agreement.status !== 'signing') return;
  const signed = await ctx.signingProvider.fetchSigned(providerRef);
  if (!signed) return;
  const sha256 = createHash('sha256').update(signed.pdf).digest('hex');
  const file = await storeGeneratedFile(
    ctx,
    { companyId, adminId: null },
    {
      name: `合作协议-${agreement.name}-v${agreement.version}.pdf`,
      contentType: 'application/pdf',
      extension: 'pdf',
      purpose: 'agreement',
      expiresAt: null,
    },
    Readable.from([Buffer.from(signed.pdf)]),
  );
  const kept = await ctx.db
    .transaction((tx) => repo.markSigned(tx, companyId, key.id, { id: file.id, sha256, signedAt: signed.signedAt }))
    .catch(async (err: unknown) => {
      await removeStoredFile(ctx, file).catch(() => {});
      throw err;
    });
  if (!kept) await removeStoredFile(ctx, file).catch(() => {});
}

/**
 * The provider's word that an agreement sent has failed (the signer declined): 签约失败 with its
 * reason. Called in the company's scope; an unknown or finished ref changes nothing.
 */
export async function collectFailed(
  ctx: ServiceContext,
  companyId: number,
  failure: { ref: string; providerRef: string; reason: string },
) {
  const key = parseRef(failure.ref);
  if (!key || key.companyId !== companyId) return;
  await ctx.db.transaction((tx) => repo.markFailed(tx, companyId, key.id, failure));
}

/** The company a provider's ref names (its callback comes with no session). */
export const companyOfRef = (ref: string) => parseRef(ref)?.companyId;

/** A worker's agreements as the detail shows them. */
export async function listAgreements(
  ctx: ServiceContext,
  auth: AuthContext,
  workerId: number,
): Promise<TWorkerAgreement[]> {
  if ((await repo.countWorkers(ctx.db, auth.companyId, [workerId])) !== 1) throw notFound('员工不存在');
  const rows = await repo.findOfWorker(ctx.db, auth.companyId, workerId);
  const names = await serviceCompanyNames(
    ctx.db,
    rows.map((r) => r.serviceCompanyId),
  );
  const required = new Map<number, { title: string; version: number } | undefined>();
  for (const sc of new Set(rows.map((r) => r.serviceCompanyId)))
    required.set(sc, await findRequiredAgreement(ctx.db, sc));
  const provider = ctx.signingProvider as Partial<{
    linkOf(ref: string): Promise<{ token: string; code: string } | undefined>;
  }>;
  const out: TWorkerAgreement[] = [];
  for (const r of rows) {
    const need = required.get(r.serviceCompanyId);
    const link =
      ctx.config.demoMode && r.status === 'signing' && r.providerRef
        ? await provider.linkOf?.(r.providerRef)
        : undefined;
    out.push({
      id: r.id,
      serviceCompanyId: r.serviceCompanyId,
      serviceCompanyName: names.get(r.serviceCompanyId) ?? '',
      title: need?.title ?? '',
      version: r.version,
      isCurrent: need !== undefined && r.version >= need.version,
      status: r.status as TAgreementStatus,
      reason: r.reason,
      providerRef: r.providerRef,
      signedSha256: r.signedSha256,
      requestedAt: r.requestedAt.toISOString(),
      sentAt: r.sentAt?.toISOString() ?? null,
      signedAt: r.signedAt?.toISOString() ?? null,
      sandboxLink: link ? `${apiPath(API.sandbox.signing, { token: link.token })}?code=${link.code}` : null,
    });
  }
  return out;
}

/** A signed agreement's PDF. */
export async function openSignedPdf(ctx: ServiceContext, auth: AuthContext, workerId: number, agreementId: number) {
  const rows = await repo.findOfWorker(ctx.db, auth.companyId, workerId);
  const row = rows.find((r) => r.id === agreementId);
  if (!row?.signedFileId) throw notFound('签约文件不存在');
  const file = await findStoredFileIn(ctx.db, auth.companyId, row.signedFileId);
  if (!file) throw notFound('签约文件不存在');
  return { file, body: readStoredFile(ctx, file) };
}
