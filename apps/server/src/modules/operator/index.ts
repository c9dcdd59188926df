/** The operator realm (/ops): platform operators, their sessions, and what they decide. */
import { defineArea } from '../../core/area.ts';
import { operatorRoutes } from './routes.ts';
import { authenticateOperator } from './service.ts';

export const operatorArea = defineArea(
  'operator',
  async (app) => {
    app.ctx.registry.authenticators.operator = authenticateOperator;
    await app.register(operatorRoutes);
  },
  ['money'],
);
