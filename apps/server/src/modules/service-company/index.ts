/** 服务商 and each company's cost rules with them. */
import { defineArea } from '../../core/area.ts';
import { serviceCompanyRoutes } from './routes.ts';

export const serviceCompanyArea = defineArea('service-company', async (app) => {
  await app.register(serviceCompanyRoutes);
});
