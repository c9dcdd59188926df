/** 操作日志: the audit rows of the company. */
import { defineArea } from '../../core/area.ts';
import { auditLogRoutes } from './routes.ts';

export const auditLogArea = defineArea('audit-log', async (app) => {
  await app.register(auditLogRoutes);
});
