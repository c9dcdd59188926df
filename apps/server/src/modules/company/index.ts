/**
 * 企业: the companies themselves (name, branding, frozen or not), read by the other areas through
 * service.ts, and the operator's 企业管理 at /ops (ops-routes.ts).
 */
import { defineArea } from '../../core/area.ts';
import { opsCompanyRoutes } from './ops-routes.ts';

export const companyArea = defineArea(
  'company',
  async (app) => {
    await app.register(opsCompanyRoutes);
  },
  ['operator'],
);
