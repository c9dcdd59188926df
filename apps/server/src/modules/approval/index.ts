/** 审批管理: flows and decisions; each type's outcome is its owner's (registry.approvalOutcomes). */
import { defineArea } from '../../core/area.ts';
import { approvalRoutes } from './routes.ts';

export const approvalArea = defineArea('approval', async (app) => {
  await app.register(approvalRoutes);
});
