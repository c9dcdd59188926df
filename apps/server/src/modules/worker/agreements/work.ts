/**
 * The signing job (`worker.agreement-send`) and the provider's callbacks: when the signing provider
 * says an agreement is signed, its PDF is collected in the agreement's company's scope; when it
 * says one failed (the signer declined), it is 签约失败 with the reason.
 */
import { ZWorkerFilters } from '@flexpay/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { inCompany } from '../../../db/scope.ts';
import { AGREEMENT_SEND_JOB, collectFailed, collectSigned, companyOfRef, runSigning } from './service.ts';

const ZJob = z.object({
  companyId: z.number().int().positive(),
  serviceCompanyId: z.number().int().positive(),
  workerIds: z.array(z.number().int().positive()).optional(),
  filter: ZWorkerFilters.partial().optional(),
});

export function registerAgreementWork(app: FastifyInstance): void {
  app.jobs.work(
    AGREEMENT_SEND_JOB,
    ZJob,
    async (job) => {
      const outcome = await inCompany(job.companyId, () => runSigning(app.ctx, job));
      app.log.info({ companyId: job.companyId, ...outcome }, 'agreements sent');
    },
    { retryLimit: 3, retryDelay: 30, expireInSeconds: 60 * 60 },
  );
  app.ctx.signingProvider.onSigned(async ({ ref, providerRef }) => {
    const companyId = companyOfRef(ref);
    if (companyId === undefined) return;
    await inCompany(companyId, () => collectSigned(app.ctx, companyId, ref, providerRef));
  });
  app.ctx.signingProvider.onFailed(async (failure) => {
    const companyId = companyOfRef(failure.ref);
    if (companyId === undefined) return;
    await inCompany(companyId, () => collectFailed(app.ctx, companyId, failure));
  });
}
