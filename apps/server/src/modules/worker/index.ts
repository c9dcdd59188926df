/**
 * 员工管理: workers (this folder), their payout accounts (payout-accounts/), job types
 * (job-types/), 组织架构, the department tree (organization/), the workers' sheet import (import/) and
 * export (export/), 实名认证 (real-name/), 签约 (agreements/).
 */
import { defineArea } from '../../core/area.ts';
import { departmentRoutes } from './organization/routes.ts';
import { workerExportRoutes } from './export/routes.ts';
import { workerExporter } from './export/service.ts';
import { workerImportRoutes } from './import/routes.ts';
import { jobTypeRoutes } from './job-types/routes.ts';
import { payoutAccountRoutes } from './payout-accounts/routes.ts';
import { agreementRoutes } from './agreements/routes.ts';
import { registerAgreementWork } from './agreements/work.ts';
import { realNameRoutes } from './real-name/routes.ts';
import { registerRealNameWork } from './real-name/work.ts';
import { workerRoutes } from './routes.ts';
import { getWorker } from './service.ts';

export const workerArea = defineArea(
  'worker',
  async (app) => {
    app.ctx.registry.exporters.add('workers', workerExporter);
    // 实名认证 in the background (issue 43): before the routes that queue checks and kick it.
    registerRealNameWork(app);
    await app.register(realNameRoutes);
    // 签约 (issue 43): 发起签约 as a job, the signing provider's word collected.
    registerAgreementWork(app);
    await app.register(agreementRoutes);
    await app.register(workerRoutes);
    // The account routes answer with the worker's detail; the worker's folder builds on theirs.
    await app.register(payoutAccountRoutes, { workerDetail: getWorker });
    await app.register(jobTypeRoutes);
    await app.register(workerExportRoutes);
    await app.register(workerImportRoutes);
    await app.register(departmentRoutes);
  },
  ['import', 'export'],
);
