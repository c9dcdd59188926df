/** Health and readiness for load balancers and orchestrators. */
import { defineArea } from '../../core/area.ts';
import { systemRoutes } from './routes.ts';

export const systemArea = defineArea('system', async (app) => {
  await app.register(systemRoutes);
});
