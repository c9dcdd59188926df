/** 审批管理: flows and decisions; each type's outcome is its owner's (registry.approvalOutcomes). */
import { defineArea } from '../../core/area.ts';
import { approvalRoutes } from './routes.ts';
import { roleInFlows } from './service.ts';

export const approvalArea = defineArea('approval', async (app) => {
  // A flow step names roles in JSON, where no foreign key reaches: the role's deletion asks here.
  app.ctx.registry.roleReferences.add('approval', roleInFlows);
  await app.register(approvalRoutes);
});
