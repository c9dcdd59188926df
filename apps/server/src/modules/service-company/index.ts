/** 服务商 and each company's cost rules with them; the operator edits a cost rule at /ops (ops-routes.ts). */
import { defineArea } from '../../core/area.ts';
import { opsCostRuleRoutes } from './ops-routes.ts';
import { serviceCompanyRoutes } from './routes.ts';

export const serviceCompanyArea = defineArea(
  'service-company',
  async (app) => {
    await app.register(serviceCompanyRoutes);
    await app.register(opsCostRuleRoutes);
  },
  ['operator'],
);
