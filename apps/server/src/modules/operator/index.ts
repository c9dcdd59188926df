/**
 * The operator realm (/ops): platform operators and their sessions (its authenticator). What they
 * decide is served by each area's ops-routes.ts, registered after this one.
 */
import { defineArea } from '../../core/area.ts';
import { operatorRoutes } from './routes.ts';
import { authenticateOperator } from './service.ts';

export const operatorArea = defineArea('operator', async (app) => {
  app.ctx.registry.authenticators.operator = authenticateOperator;
  await app.register(operatorRoutes);
});
