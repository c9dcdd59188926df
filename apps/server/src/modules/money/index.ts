/** 资金管理: top-ups, payment accounts, balances and 资金明细 (through the ledger), its export. */
import { defineArea } from '../../core/area.ts';
import { ledgerEntryExporter } from './entries-export.ts';
import { moneyRoutes } from './routes.ts';
import { onTopupApprovalDecided } from './service.ts';

export const moneyArea = defineArea(
  'money',
  async (app) => {
    app.ctx.registry.approvalOutcomes.add('topup', onTopupApprovalDecided);
    app.ctx.registry.exporters.add('ledgerEntries', ledgerEntryExporter);
    await app.register(moneyRoutes);
  },
  ['export', 'approval'],
);
