/**
 * 薪酬发放 (DOMAIN section 6): batches and their check and approval (batches/), the batch sheet
 * (import/), paying and settlement (payouts/), electronic receipts (receipts/).
 */
import { z } from 'zod';
import { defineArea } from '../../core/area.ts';
import { recordsExporter } from './batches/records-export.ts';
import { payrollRoutes } from './batches/routes.ts';
import { hasPayrollItems } from './batches/service.ts';
import { onBatchApprovalDecided } from './batches/submission.ts';
import { payrollImportRoutes } from './import/routes.ts';
import { payoutRoutes } from './payouts/routes.ts';
import { payoutGauges } from './payouts/service.ts';
import { registerPayoutWork } from './payouts/work.ts';
import { receiptRoutes } from './receipts/routes.ts';
import { opsReconcileRoutes } from './reconcile/ops-routes.ts';
import { reconcileDueDays } from './reconcile/service.ts';
import { receiptsExporter } from './receipts/service.ts';
import { forgetOldReceiptChecks } from './receipts/verification.ts';

export const RECEIPT_CHECKS_JOB = 'payroll.forget-receipt-checks';
export const RECONCILE_JOB = 'payroll.reconcile-days';

export const payrollArea = defineArea(
  'payroll',
  async (app) => {
    const { registry } = app.ctx;
    registry.approvalOutcomes.add('payroll', onBatchApprovalDecided);
    registry.exporters.add('grantRecords', recordsExporter);
    registry.exporters.add('receipts', receiptsExporter);
    // A worker with items in a batch is the payroll's fact: it answers whether one may be deleted.
    registry.workerReferences.add('payroll', async (db, companyId, workerId) =>
      (await hasPayrollItems(db, companyId, workerId)) ? '该员工已有发放记录，不能删除，可设为离职' : null,
    );
    // /metrics: open payouts and how long the oldest has waited (read at scrape time).
    for (const [name, source] of Object.entries(payoutGauges(app.ctx.db, app.ctx.now)))
      registry.gauges.add(name, source);
    registerPayoutWork(app);
    // 回单验真's per-address counts need only the last window's checks: hourly.
    app.jobs.work(RECEIPT_CHECKS_JOB, z.object({}), async () => void (await forgetOldReceiptChecks(app.ctx)), {
      schedule: '29 * * * *',
    });
    // 对账 (ADR 0030): each service company's past days against the provider's statement, hourly
    // (a schedule sends once across processes; each day is taken once in its own transaction).
    app.jobs.work(RECONCILE_JOB, z.object({}), async () => void (await reconcileDueDays(app.ctx)), {
      schedule: '41 * * * *',
      expireInSeconds: 60 * 60,
    });
    await app.register(payrollRoutes);
    await app.register(payrollImportRoutes);
    await app.register(payoutRoutes);
    await app.register(receiptRoutes);
    await app.register(opsReconcileRoutes);
  },
  ['import', 'export', 'approval'],
);
