/**
 * 资金管理: top-ups, payment accounts, balances and 资金明细 (through the ledger), its export; and
 * the operator's 充值确认 at /ops (ops-routes.ts).
 */
import { defineArea } from '../../core/area.ts';
import { ledgerEntryExporter } from './entries-export.ts';
import { opsTopupRoutes } from './ops-routes.ts';
import { moneyRoutes } from './routes.ts';
import { onTopupApprovalDecided } from './service.ts';

export const moneyArea = defineArea(
  'money',
  async (app) => {
    app.ctx.registry.approvalOutcomes.add('topup', onTopupApprovalDecided);
    app.ctx.registry.exporters.add('ledgerEntries', ledgerEntryExporter);
    await app.register(moneyRoutes);
    await app.register(opsTopupRoutes);
  },
  ['export', 'approval', 'operator'],
);
