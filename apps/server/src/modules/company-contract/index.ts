/**
 * 合同管理 (DOMAIN section 8): the company's agreements with its service companies (routes.ts)
 * and the operator's side at /ops (ops-routes.ts).
 */
import { defineArea } from '../../core/area.ts';
import { opsContractRoutes } from './ops-routes.ts';
import { contractRoutes } from './routes.ts';

export const companyContractArea = defineArea(
  'company-contract',
  async (app) => {
    await app.register(contractRoutes);
    await app.register(opsContractRoutes);
  },
  ['operator'],
);
