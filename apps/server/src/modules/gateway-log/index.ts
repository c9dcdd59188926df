/**
 * 网关日志 (issue 41): the operators' view of the API access log (ops-routes.ts), its export
 * through the operators' 下载中心 (export.ts) and its daily upkeep. The rows are written by
 * plugins/gateway-log.ts, off each request's path.
 */
import { z } from 'zod';
import { defineArea } from '../../core/area.ts';
import { gatewayLogExporter } from './export.ts';
import { opsGatewayLogRoutes } from './ops-routes.ts';
import { keepGatewayLogDays } from './service.ts';

export const GATEWAY_LOG_DAYS_JOB = 'gateway-log.keep-days';

export const gatewayLogArea = defineArea(
  'gateway-log',
  async (app) => {
    // Tomorrow's partitions before midnight, the days past ACCESS_LOG_DAYS dropped: hourly, and at start.
    app.jobs.work(GATEWAY_LOG_DAYS_JOB, z.object({}), async () => void (await keepGatewayLogDays(app.ctx)), {
      schedule: '11 * * * *',
      runOnStart: true,
    });
    // /metrics: what waits to be written (a database away), and what was dropped past the bound.
    const { access, serverLines } = app.gatewayLog;
    app.ctx.registry.gauges.add('flexpay_access_log_rows_waiting', {
      help: 'API access log rows waiting to be written (网关日志), and server log lines',
      labelNames: ['log'],
      read: () => [
        { labels: { log: 'access' }, value: access.waiting() },
        { labels: { log: 'server' }, value: serverLines.waiting() },
      ],
    });
    app.ctx.registry.gauges.add('flexpay_access_log_rows_dropped', {
      help: 'API access log rows dropped because too many waited, since the process started',
      read: () => access.dropped(),
    });
    // 导出: through the operators' 下载中心.
    app.ctx.registry.opsExporters.add('gatewayLog', gatewayLogExporter);
    await app.register(opsGatewayLogRoutes);
  },
  ['operator', 'export'],
);
