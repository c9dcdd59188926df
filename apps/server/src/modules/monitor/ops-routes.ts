import { API, ZMonitor } from '@flexpay/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/route.ts';
import { monitor } from './service.ts';

/** 系统监控 at /ops: read only, polled by the screen every few seconds. */
export const opsMonitorRoutes: FastifyPluginAsync = async (app) => {
  route(app, {
    method: 'GET',
    url: API.ops.monitor,
    access: 'operator',
    schema: {
      tags: ['ops'],
      summary: '系统监控',
      description:
        '各服务进程的心跳（已停止的标记为已离线）、任务队列各状态的任务数、未结束的代付及最早一笔、数据库大小与连接数。',
      data: ZMonitor,
    },
    handler: () =>
      monitor({
        db: app.db,
        now: app.ctx.now(),
        kind: app.dbKind,
        pool: app.metrics.pool,
        depths: () => app.jobs.depths(),
      }),
  });
};
