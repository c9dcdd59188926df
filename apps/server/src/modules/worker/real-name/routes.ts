import { API, ZIdParams, ZRealNameCheck, ZRealNameRun } from '@flexpay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { route } from '../../../plugins/route.ts';
import * as service from './service.ts';

/** 实名认证 of workers: 重新认证, and the verifications running in the background (an import's progress). */
export const realNameRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, {
    method: 'POST',
    url: API.worker.realNameVerify,
    access: 'employee:verify',
    audit: 'worker.realName.verify',
    schema: { tags: ['worker'], summary: '重新实名认证', params: ZIdParams, data: ZRealNameCheck },
    target: ({ params }) => `worker:${params.id}`,
    handler: async (auth, { params }) => {
      const check = await service.reverifyWorker(app.ctx, auth, params.id);
      await app.realNameWork.kick(auth.companyId);
      return check;
    },
  });

  route(app, {
    method: 'GET',
    url: API.worker.realNameRuns,
    access: 'employee:view',
    schema: { tags: ['worker'], summary: '实名认证进度', data: z.array(ZRealNameRun) },
    handler: (auth) => service.listRecentRuns(app.ctx, auth),
  });
};
