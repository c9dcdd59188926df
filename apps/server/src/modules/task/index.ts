/**
 * 任务订单 (DOMAIN section 4): task orders and their transitions (orders/), workers on tasks,
 * answers, deliveries, reviews and 任务中心 (assignments/), and 任务确认 into payroll batches
 * (confirmation/).
 */
import { defineArea } from '../../core/area.ts';
import { assignmentRoutes } from './assignments/routes.ts';
import { hasTaskAssignments } from './assignments/service.ts';
import { confirmationRoutes } from './confirmation/routes.ts';
import { hasTaskEventsOfWorker } from './history/service.ts';
import { taskOrderRoutes } from './orders/routes.ts';

export const taskArea = defineArea(
  'task',
  async (app) => {
    // A worker on a task is the task area's fact: it answers whether the worker may be deleted.
    // So is a worker in a task's 任务记录 (a 拒绝接单 or a removal leaves the record behind).
    app.ctx.registry.workerReferences.add('task', async (db, companyId, workerId) =>
      (await hasTaskAssignments(db, companyId, workerId)) || (await hasTaskEventsOfWorker(db, companyId, workerId))
        ? '该员工已有任务记录，不能删除，可设为离职'
        : null,
    );
    await app.register(taskOrderRoutes);
    await app.register(assignmentRoutes);
    await app.register(confirmationRoutes);
  },
  ['payroll'],
);
