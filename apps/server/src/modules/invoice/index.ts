/**
 * 发票中心 (DOMAIN section 7): 开票信息 (info/), and invoice applications with their amounts,
 * records and the operator's side at /ops (applications/).
 */
import { defineArea } from '../../core/area.ts';
import { applicationRoutes } from './applications/routes.ts';
import { invoicesExporter } from './applications/export.ts';
import { onInvoiceApprovalDecided } from './applications/service.ts';
import { opsInvoiceRoutes } from './applications/ops-routes.ts';
import { invoiceInfoRoutes } from './info/routes.ts';

export const invoiceArea = defineArea(
  'invoice',
  async (app) => {
    await app.register(invoiceInfoRoutes);
    await app.register(applicationRoutes);
    await app.register(opsInvoiceRoutes);
    app.ctx.registry.exporters.add('invoices', invoicesExporter);
    app.ctx.registry.approvalOutcomes.add('invoice', onInvoiceApprovalDecided);
  },
  ['export', 'payroll', 'operator', 'approval'],
);
